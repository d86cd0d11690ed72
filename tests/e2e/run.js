#!/usr/bin/env node
// Browser end-to-end tests of the web build: serves the built folder on loopback,
// drives Debian's Chromium with playwright-core, and checks the page through
// window.perceptronLab. Usage: node run.js --www DIR --out DIR [--only REGEX (runs the checks whose name matches)]
'use strict';
const fs = require('fs');
const path = require('path');
const { WWW, OUT, check, assert, serve, decodePng, countColour, openApp, reusableApp, PAGE_SCRIPTS,
  HTML_LANG, frames, main } =
  require('./lib');

// ---------------------------------------------------------------- tests
main(async ({ browser, server }) => {
  {
    // The first page stays open for the checks that need the lab on a link but no new browser
    // profile (visit: lib.js reusableApp); a check that adds routes or listeners removes them.
    const app = await reusableApp(browser, server.url);
    const { page, visit } = app;
    console.log(`page ready in ${app.loadMs} ms`);
    // The course page of embed-example.html (its two lessons ready), opened once for the
    // checks of the host page (the bridge, the lesson's events, the language picker), which
    // run one after the other; closed after the last.
    let hostApp = null;
    const openHost = async () => {
      if (!hostApp) {
        hostApp = await openApp(browser, server.url + 'embed-example.html', { expectReady: false });
        for (const f of [hostApp.page.frame({ url: /preset=textbook/ }), hostApp.page.frame({ url: /gen=circles/ })])
          await f.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
      }
      return hostApp;
    };
    const closeHost = async () => { if (hostApp) await hostApp.context.close(); hostApp = null; };

    await check('page loads without console errors', async () => {
      await frames(page, 5);
      assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
    });

    await check('state() answers with the API keys', async () => {
      const s = await page.evaluate(() => window.perceptronLab.state());
      for (const k of ['points', 'd', 'algo', 'eta', 'seed', 'epoch', 'step', 'updates', 'w', 'b',
        'train_mistakes', 'converged', 'playing']) assert(k in s, 'missing key ' + k);
      assert(s.points === 6 && s.d === 2 && s.algo === 'classic', JSON.stringify(s));
      assert(s.converged === true && s.train_mistakes === 0, 'first view should show a trained separator');
      assert(Array.isArray(s.w) && s.w.length === 2, 'w should be an array of 2');
    });

    await check('canvas shows the points and the separator (screenshot saved)', async () => {
      await frames(page, 3);
      const file = path.join(OUT, 'e2e-initial.png');
      const png = await page.screenshot({ path: file });
      const img = decodePng(png);
      const blue = countColour(img, [0, 114, 178]), orange = countColour(img, [230, 159, 0]);
      const line = countColour(img, [20, 20, 20], 12);
      console.log(`  screenshot ${file}: ${img.width}x${img.height}, +1 pixels ${blue}, -1 pixels ${orange}, line pixels ${line}`);
      assert(blue > 200 && orange > 200, 'class colours not drawn');
      assert(line > 100, 'separating line not drawn');
    });

    await check("command('step') changes step and follows the textbook", async () => {
      const r = await page.evaluate(() => {
        const L = window.perceptronLab;
        const out = [L.command('preset', 'textbook'), L.command('set', 'eta', 0.5)];
        const before = L.state().step;
        out.push(L.command('step'));
        return { out, before, after: L.state() };
      });
      assert(r.out.every((x) => x.ok), JSON.stringify(r.out));
      assert(r.before === 0 && r.after.step === 1, `step ${r.before} -> ${r.after.step}`);
      assert(r.after.w[0] === 1.5 && r.after.w[1] === 1.5 && r.after.b === 0.5, JSON.stringify(r.after.w));
      const done = await page.evaluate(() => { window.perceptronLab.command('run'); return window.perceptronLab.state(); });
      assert(done.w[0] === 0.5 && done.w[1] === 0.5 && done.b === -1.5 && done.updates === 7, JSON.stringify(done));
    });

    await check('epoch, play and pause commands', async () => {
      const r = await page.evaluate(async () => {
        const L = window.perceptronLab;
        L.command('preset', 'six'); L.command('reset');
        const e = L.command('epoch'); const afterEpoch = L.state().epoch;
        L.command('reset'); L.command('set', 'speed', 1000);
        const p = L.command('play'); const playing = L.state().playing;
        // (the frames play: wait for a step, at most 5 s)
        for (const t0 = performance.now(); L.state().step === 0 && performance.now() - t0 < 5000;)
          await new Promise((res) => setTimeout(res, 20));
        const stepsWhilePlaying = L.state().step;
        L.command('pause');
        return { e, afterEpoch, p, playing, stepsWhilePlaying, paused: L.state().playing };
      });
      assert(r.e.ok && r.afterEpoch === 1, JSON.stringify(r));
      assert(r.p.ok && r.playing === true && r.stepsWhilePlaying > 0 && r.paused === false, JSON.stringify(r));
    });

    await check('bad commands answer {ok:false, error}', async () => {
      const { r, scripts, injected } = await page.evaluate(() => {
        const r = [
          window.perceptronLab.command('jump'),
          window.perceptronLab.command('set', 'eta', -1),
          window.perceptronLab.command('preset', '<script>alert(1)</script>'),
          window.perceptronLab.command('add_point', 'x', 1, 1)];
        return { r, scripts: document.querySelectorAll('script').length, injected: document.body.innerHTML.includes('alert(1)') };
      });
      for (const x of r) assert(x.ok === false && typeof x.error === 'string' && x.error.length > 0, JSON.stringify(x));
      // Errors are data, never markup: nothing was injected into the page.
      assert(!injected && scripts <= PAGE_SCRIPTS, 'markup from a command reached the page');
    });

    await check('clicking at toScreen(x, y) adds a point there', async () => {
      const target = [2.25, 1.5];
      // One CSS pixel in data units bounds the rounding of the click position.
      const { at, px } = await page.evaluate(async ([x, y]) => {
        const L = window.perceptronLab;
        L.command('clear');
        for (let i = 0; i < 3; i++) await new Promise((res) => requestAnimationFrame(res));
        const a = L.toScreen(x, y), b = L.toScreen(x + 1, y);
        return { at: a, px: b.x - a.x };
      }, target);
      await page.mouse.move(at.x, at.y);
      await frames(page, 2);
      await page.mouse.down();
      await frames(page, 2);
      await page.mouse.up();
      const { s, at2 } = await page.evaluate(async () => {
        for (let i = 0; i < 2; i++) await new Promise((res) => requestAnimationFrame(res));
        return { s: window.perceptronLab.state(), at2: window.perceptronLab.toScreen(0.5, 0.5) };
      });
      assert(s.points === 1, 'points = ' + s.points);
      const tol = 1.5 / px;
      const [x, y, label] = s.data[0];
      assert(Math.abs(x - target[0]) <= tol && Math.abs(y - target[1]) <= tol, `point at (${x}, ${y}), tol ${tol}`);
      assert(label === 1, 'left click adds +1');
      // Right click adds the other class.
      await page.mouse.click(at2.x, at2.y, { button: 'right', delay: 60 });
      await frames(page, 3);
      const s2 = await page.evaluate(() => window.perceptronLab.state());
      assert(s2.points === 2 && s2.data[1][2] === -1, JSON.stringify(s2.data));
      await page.screenshot({ path: path.join(OUT, 'e2e-clicked.png') });
    });

    await check('play until converged: updates never exceed the Novikoff bound', async () => {
      const r = await page.evaluate(async () => {
        const L = window.perceptronLab;
        L.command('generate', 'separable', 60, 2, 0.08, 0, 11);
        L.command('set', 'speed', 100000);
        const p = L.command('play');
        for (let i = 0; i < 200 && L.state().playing; i++) await new Promise((res) => setTimeout(res, 50));
        return { p, s: L.state() };
      });
      assert(r.p.ok, JSON.stringify(r.p));
      const s = r.s;
      assert(s.converged === true && s.separable === true, JSON.stringify(s).slice(0, 400));
      assert(s.updates <= s.bound, `updates ${s.updates} > bound ${s.bound}`);
      for (const k of ['R_aug', 'gamma_aug', 'bound', 'separable']) assert(k in s, 'missing ' + k);
    });

    await check('scrub back with seek and step_back; next_update and train', async () => {
      const r = await page.evaluate(() => {
        const L = window.perceptronLab;
        L.command('preset', 'textbook'); L.command('set', 'eta', 0.5);
        const t = L.command('train'); const last = L.state().step;
        const a = L.command('seek', 3); const at3 = L.state();
        const b = L.command('step_back'); const at2 = L.state();
        const c = L.command('seek', last); const back = L.state();
        L.command('reset'); const n = L.command('next_update'); const first = L.state();
        return { t, a, b, c, n, last, at3, at2, back, first };
      });
      assert(r.t.ok && r.a.ok && r.b.ok && r.c.ok && r.n.ok, JSON.stringify(r));
      assert(r.at3.step === 3 && r.at3.scrubbed === true && r.at3.last_step === r.last, JSON.stringify(r.at3).slice(0, 300));
      assert(r.at2.step === 2, 'step_back gave step ' + r.at2.step);
      assert(r.back.step === r.last && r.back.scrubbed === false && r.back.b === -1.5, JSON.stringify(r.back).slice(0, 300));
      assert(r.first.updates === 1 && r.first.step === 1, 'next_update: ' + JSON.stringify(r.first).slice(0, 200));
    });

    await check('import a CSV through the file input; a bad CSV changes nothing and says why', async () => {
      const rows = ['x,y,label'];
      for (let i = 0; i < 25; i++) rows.push(`${i % 5},${Math.floor(i / 5)},${i % 5 > Math.floor(i / 5) ? 1 : 0}`);
      await page.setInputFiles('#file-input', { name: 'grid.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
      await page.waitForFunction(() => window.perceptronLab.state().preset === 'import', null, { timeout: 5000 });
      const s = await page.evaluate(() => window.perceptronLab.state());
      assert(s.points === 25 && s.d === 2, 'imported points: ' + s.points);
      const bad = 'x,y,label\n1,2,1\n3,oops,0\n';
      await page.setInputFiles('#file-input', { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await page.waitForFunction(() => /import failed/.test(window.perceptronLab.state().notice), null, { timeout: 5000 });
      const after = await page.evaluate(() => window.perceptronLab.state());
      assert(after.points === 25 && after.preset === 'import', 'data changed after a bad import');
      assert(/bad\.csv:3:2/.test(after.notice), 'notice should name file, line and column: ' + after.notice);
      await frames(page, 3);
      await page.screenshot({ path: path.join(OUT, 'e2e-import-error.png') });
    });

    await check('screenshots of each main view', async () => {
      const views = [
        ['textbook-step', [['preset', 'textbook'], ['set', 'eta', 0.5], ['step'], ['step'], ['step'], ['set', 'plot', 'mistakes']]],
        ['bound', [['generate', 'separable', 80, 2, 0.05, 0, 3], ['train'], ['set', 'max_margin', 'true'], ['set', 'hull', 'true'], ['set', 'plot', 'mistakes']]],
        ['losses', [['generate', 'noisy', 120, 2, 0.05, 0.1, 4], ['set', 'algo', 'pocket'], ['set', 'max_epochs', 30], ['train'], ['set', 'plot', 'losses']]],
        ['invariants', [['set', 'algo', 'classic'], ['set', 'hull', 'false'], ['generate', 'separable', 50, 2, 0.1, 0, 5], ['train'], ['set', 'plot', 'invariants']]],
        ['learning-rates', [['preset', 'six'], ['compare', 1, 0.1, 0.01, 0.001], ['set', 'plot', 'rates']]],
        ['kernel-field', [['generate', 'circles', 200, 2, 0, 0.05, 6], ['set', 'algo', 'kernel'], ['set', 'kernel', 'rbf:2'], ['set', 'max_epochs', 50], ['train'], ['set', 'max_margin', 'false']]],
      ];
      for (const [name, cmds] of views) {
        const res = await page.evaluate((list) => list.map((c) => window.perceptronLab.command(...c)), cmds);
        res.forEach((x, i) => assert(x.ok, `${name}: ${JSON.stringify(cmds[i])} -> ${x.error}`));
        await frames(page, 4);
        await page.screenshot({ path: path.join(OUT, `e2e-view-${name}.png`) });
      }
      const s = await page.evaluate(() => window.perceptronLab.state());
      assert(s.algo === 'kernel' && s.train_mistakes <= 4, 'kernel on circles: ' + s.train_mistakes);
      await page.evaluate(() => { const L = window.perceptronLab; L.command('set', 'algo', 'classic'); L.command('preset', 'six'); });
    });

    await check('canvas follows the window size', async () => {
      await page.setViewportSize({ width: 900, height: 600 });
      await frames(page, 5);
      const r = await page.evaluate(() => { const c = document.getElementById('canvas');
        return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight }; });
      assert(r.w === 900 && r.h === 600 && r.cw === 900 && r.ch === 600, JSON.stringify(r));
      assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
    });

    await check('high-DPI: backing store at device pixels, CSS size unchanged', async () => {
      const hi = await openApp(browser, server.url, { viewport: { width: 800, height: 500 }, deviceScaleFactor: 2 });
      await frames(hi.page, 5);
      const r = await hi.page.evaluate(() => { const c = document.getElementById('canvas');
        return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight }; });
      await hi.page.screenshot({ path: path.join(OUT, 'e2e-hidpi.png') });
      await hi.context.close();
      assert(r.w === 1600 && r.h === 1000 && r.cw === 800 && r.ch === 500, JSON.stringify(r));
      assert(hi.errors.length === 0, 'console errors: ' + hi.errors.join(' | '));
    });

    await check('without WebGL2 the page says so', async () => {
      const no = await openApp(browser, server.url, { expectReady: false, init: () => {
        const orig = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
          return type === 'webgl2' ? null : orig.call(this, type, ...rest); };
      } });
      await no.page.waitForFunction(() => document.getElementById('status').className === 'error', null, { timeout: 10000 })
        .catch(() => null);  // (the assertion below says what the page shows)
      const text = await no.page.evaluate(() => document.getElementById('status').textContent);
      await no.context.close();
      assert(/WebGL ?2/.test(text), 'status text: ' + text);
    });

    // ------------------------------------------------------------ embedding and sharing
    await check('URL parameters set the state (one vocabulary with set)', async () => {
      const a = await visit(server.url + '?preset=textbook&eta=0.25&seed=42&algo=pocket&order=shuffle&plot=losses&theme=dark');
      const s = await a.page.evaluate(() => window.perceptronLab.state());
      await a.page.screenshot({ path: path.join(OUT, 'e2e-url-dark.png') });
      assert(s.preset === 'textbook' && s.eta === 0.25 && s.seed === 42 && s.algo === 'pocket' && s.order === 'shuffle',
        JSON.stringify(s).slice(0, 300));
      assert(s.plot === 'losses' && s.theme === 'dark' && s.notices.length === 0, JSON.stringify(s.notices));
      assert(a.errors.length === 0, a.errors.join(' | '));
      console.log(`  time to first frame: ${a.loadMs} ms to ready (a page already open: the engine's files cached)`);
    });

    await check('a copied link reopened in a fresh page gives the same state', async () => {
      const a = await visit(server.url);
      const link = await a.page.evaluate(() => {
        const L = window.perceptronLab;
        L.command('clear');
        [[1, 2, 1], [2.5, 0.5, -1], [3.25, 3, 1], [0.5, -1, -1], [-2, 1.5, 1]].forEach((p) => L.command('add_point', ...p));
        L.command('set', 'eta', 0.3); L.command('set', 'order', 'random'); L.command('set', 'seed', 7);
        for (let i = 0; i < 9; i++) L.command('step');
        return L.link();
      });
      const { before, ffm } = await a.page.evaluate(() => ({ before: window.perceptronLab.state(), ffm: window.perceptronLab.firstFrameMs }));
      const b = await openApp(browser, link);
      const after = await b.page.evaluate(() => window.perceptronLab.state());
      await b.context.close();
      for (const k of ['points', 'data', 'w', 'b', 'step', 'updates', 'eta', 'order', 'seed', 'algo'])
        assert(JSON.stringify(before[k]) === JSON.stringify(after[k]), `${k}: ${JSON.stringify(before[k])} vs ${JSON.stringify(after[k])}`);
      assert(link.length < 2000, 'link length ' + link.length);
      console.log(`  link: ${link.length} chars; time from navigation to the first frame: ${Math.round(ffm)} ms (a page already open)`);
    });

    await check('invalid and hostile parameters leave the app running with a notice', async () => {
      const long = 'x'.repeat(10240);
      const url = server.url + '?eta=-1&gen=separable&n=99999999999&d=-5&seed=1e400&algo=<script>alert(1)</script>' +
        '&preset=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&foo=' + long + '&' + long + '=1&step=999999999999&speed=NaN&data=1,2,3;x';
      const dialogs = [];
      const onDialog = (d) => { dialogs.push(d.message()); d.dismiss(); };
      page.on('dialog', onDialog);
      let s, injected, ok;
      try {
        const h = await visit(url);
        await frames(h.page, 5);
        ({ s, injected } = await h.page.evaluate(() => ({ s: window.perceptronLab.state(),
          injected: document.querySelectorAll('img').length + document.querySelectorAll('script').length })));
        await h.page.screenshot({ path: path.join(OUT, 'e2e-hostile-notice.png') });
        ok = await h.page.evaluate(() => window.perceptronLab.command('step').ok);
      } finally {
        page.off('dialog', onDialog);
      }
      assert(dialogs.length === 0, 'a dialog opened: ' + dialogs.join(','));
      assert(injected <= PAGE_SCRIPTS, 'markup was injected: ' + injected);
      assert(s.notices.length >= 6, 'notices: ' + JSON.stringify(s.notices).slice(0, 500));
      assert(ok, 'the app should still step');
      assert(s.eta === 1 && s.algo === 'classic', 'invalid values must not apply: ' + s.eta + ' ' + s.algo);
    });

    await check('reload keeps drawn points; reset to lesson forgets them; corrupt saved state is ignored', async () => {
      const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
      const page = await context.newPage();
      await page.goto(server.url + '?preset=and');
      await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready);
      await page.evaluate(() => { const L = window.perceptronLab; L.command('add_point', 0.5, 0.75, 1); L.command('set', 'eta', 0.5); });
      await frames(page, 3);
      const before = await page.evaluate(() => window.perceptronLab.state());
      await page.reload();
      await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready);
      const after = await page.evaluate(() => window.perceptronLab.state());
      assert(after.points === 5 && JSON.stringify(after.data) === JSON.stringify(before.data) && after.eta === 0.5,
        'after reload: ' + JSON.stringify(after.data));
      await page.evaluate(() => window.Module.onResetToLesson());
      await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready);
      const reset = await page.evaluate(() => window.perceptronLab.state());
      assert(reset.points === 4 && reset.preset === 'and' && reset.eta === 1, 'after reset: ' + reset.points);
      // Corrupt saved state: ignored with a notice, never a crash.
      await page.evaluate(() => { for (let i = 0; i < localStorage.length; i++) localStorage.setItem(localStorage.key(i), 'plab1&data=1,2,zz;&eta=%%'); 
        localStorage.setItem('perceptron-lab:' + location.pathname + '?preset=and', 'plab1&data=1,2,zz;&eta=%%'); });
      await page.reload();
      await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready);
      const bad = await page.evaluate(() => window.perceptronLab.state());
      assert(bad.notices.some((n) => /saved work/.test(n)) && bad.points === 4, JSON.stringify(bad.notices));
      await page.evaluate(() => localStorage.setItem('perceptron-lab:' + location.pathname + '?preset=and', 'plab0&old=1'));
      await page.reload();
      await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready);
      const old = await page.evaluate(() => window.perceptronLab.state());
      assert(old.notices.some((n) => /another version/.test(n)), JSON.stringify(old.notices));
      await context.close();
    });

    await check('the single self-contained file works from file://', async () => {
      const file = 'file://' + path.join(WWW, 'perceptron-lab.html');
      const f = await visit(file + '?preset=textbook&eta=0.5');
      const r = await f.page.evaluate(() => { const L = window.perceptronLab; L.command('train'); return L.state(); });
      await f.page.screenshot({ path: path.join(OUT, 'e2e-single-file.png') });
      assert(r.w[0] === 0.5 && r.w[1] === 0.5 && r.b === -1.5, JSON.stringify(r.w));
      assert(f.errors.length === 0, f.errors.join(' | '));
    });

    await check('the postMessage bridge answers a host page; odd messages are ignored', async () => {
      const host = await openHost();
      const r = await host.page.evaluate(async () => {
        const wait = (id) => new Promise((res) => { const t0 = Date.now(); (function poll() {
          if (id in window.perceptronLabReplies || Date.now() - t0 > 3000) res(window.perceptronLabReplies[id]); else setTimeout(poll, 20); })(); });
        const frameWin = document.getElementById('lesson-textbook').contentWindow;
        frameWin.postMessage({ type: 'perceptronLab', id: 'odd1', command: 'step' }, '*');
        frameWin.postMessage({ type: 'other', id: 'odd2', command: ['step'] }, '*');
        frameWin.postMessage('step', '*');
        frameWin.postMessage({ type: 'perceptronLab', id: 'odd3', command: [{}] }, '*');
        const a = window.sendToLesson({ command: ['step'] });
        const ra = await wait(a);
        const b = window.sendToLesson({ state: true });
        const rb = await wait(b);
        const c = window.sendToLesson({ command: ['set', 'eta', -3] });
        const rc = await wait(c);
        await new Promise((res) => setTimeout(res, 200));
        return { ra, rb, rc, odd: ['odd1', 'odd2', 'odd3'].filter((k) => k in window.perceptronLabReplies) };
      });
      await host.page.screenshot({ path: path.join(OUT, 'e2e-embed-example.png') });
      assert(r.ra && r.ra.ok === true, 'step reply: ' + JSON.stringify(r.ra));
      assert(r.rb && r.rb.step === 1 && r.rb.preset === 'textbook' && r.rb.embed === true, 'state reply: ' + JSON.stringify(r.rb).slice(0, 200));
      assert(r.rc && r.rc.ok === false && /eta/.test(r.rc.error), 'error reply: ' + JSON.stringify(r.rc));
      assert(r.odd.length === 0, 'odd messages were answered: ' + r.odd);
      assert(host.errors.length === 0, host.errors.join(' | '));
    });

    await check('a lesson through its interface: a click answers, Enter is Next, the host page gets the events', async () => {
      const a = await visit(server.url + 'index.html?lesson=textbook&lang=vi');
      await frames(a.page, 4);
      let s = await a.page.evaluate(() => window.perceptronLab.state());
      assert(s.lesson && s.lesson.id === 'textbook' && s.lesson.step === 0 && s.lesson.done === false, JSON.stringify(s.lesson));
      // The first question: which point is the first mistake? A click on x1 = (3, 3) answers it.
      const p = await a.page.evaluate(() => window.perceptronLab.toScreen(3, 3));
      await a.page.mouse.click(p.x, p.y);
      await frames(a.page, 3);
      let ev = await a.page.evaluate(() => window.perceptronLab.lessonEvents || []);
      const answer = ev.find((e) => e.event === 'answer_given');
      assert(ev.length && ev[0].event === 'lesson_started', JSON.stringify(ev).slice(0, 300));
      assert(answer && answer.correct === true && String(answer.answer) === '0', JSON.stringify(ev).slice(0, 400));
      await a.page.keyboard.press('Enter');
      await frames(a.page, 3);
      s = await a.page.evaluate(() => window.perceptronLab.state());
      assert(s.lesson.step === 1, 'Enter should go to the next step: ' + JSON.stringify(s.lesson));
      await a.page.screenshot({ path: path.join(OUT, 'e2e-lesson-vi.png') });
      assert(a.errors.length === 0, a.errors.join(' | '));
      // A host page embedding the lesson receives its events by postMessage.
      const host = await openHost();
      const got = await host.page.evaluate(async (url) => {
        const events = [];
        window.addEventListener('message', (m) => { if (m.data && m.data.type === 'perceptronLab:event') events.push(m.data.event); });
        const f = document.createElement('iframe');
        f.src = url; f.width = 640; f.height = 400; document.body.appendChild(f);
        const t0 = Date.now();
        while (Date.now() - t0 < 30000 && !events.some((e) => e.event === 'step_shown')) await new Promise((r) => setTimeout(r, 20));
        f.contentWindow.postMessage({ type: 'perceptronLab', id: 'n1', command: ['lesson_next'] }, '*');
        while (Date.now() - t0 < 30000 && events.filter((e) => e.event === 'step_shown').length < 2) await new Promise((r) => setTimeout(r, 20));
        f.remove();  // (the host page goes on with its own two lessons)
        return events;
      }, server.url + 'index.html?lesson=threshold-neuron&embed=1');
      assert(host.errors.length === 0, host.errors.join(' | '));
      assert(got.some((e) => e.event === 'lesson_started' && e.id === 'threshold-neuron'), JSON.stringify(got).slice(0, 300));
      assert(got.filter((e) => e.event === 'step_shown').length >= 2, JSON.stringify(got).slice(0, 300));
    });

    await check("the host page's language picker switches every embedded lesson (postMessage)", async () => {
      // (the course page of the checks above: its two lessons as they are, in the reader's language)
      const host = await openHost();
      const lessons = [host.page.frame({ url: /preset=textbook/ }), host.page.frame({ url: /gen=circles/ })];
      const langs = [];
      for (const f of lessons) langs.push(await f.evaluate(() => window.perceptronLab.state().lang));
      assert(langs.every((l) => l === 'en'), 'the lessons start in English: ' + langs);
      await host.page.selectOption('#lang', 'zh');
      for (const f of lessons) {
        await f.waitForFunction(() => window.perceptronLab.fonts.zh === 'loaded', null, { timeout: 30000 });
      }
      const got = [];
      for (const f of lessons) got.push(await f.evaluate(() => [window.perceptronLab.state().lang, document.documentElement.lang]));
      await host.page.screenshot({ path: path.join(OUT, 'e2e-embed-example-zh.png') });
      await closeHost();
      assert(got.every(([l, h]) => l === 'zh' && h === 'zh-Hans'), JSON.stringify(got));
      assert(host.errors.length === 0, host.errors.join(' | '));
    });

    await check('lesson=<URL> loads a teacher\'s lesson file; a file with a typo is refused naming the step and field', async () => {
      const lesson = {
        format: 1, id: 'mine', title: { en: 'Mine', vi: 'Của tôi', zh: '我的' },
        steps: [{ narration: { en: 'Two points: w = {w}.', vi: 'Hai điểm: w = {w}.', zh: '两个点：w = {w}。' },
                  setup: { data: [[0, 0, -1], [2, 2, 1]] } },
                { narration: { en: 'One step: k = {k}.', vi: 'Một bước: k = {k}.', zh: '一步：k = {k}。' }, actions: [['step']] }],
      };
      const bad = JSON.parse(JSON.stringify(lesson));
      bad.steps[1].actionz = bad.steps[1].actions;
      delete bad.steps[1].actions;
      const route = async (pg) => {
        await pg.route('**/lessons/mine.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(lesson) }));
        await pg.route('**/lessons/bad.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(bad) }));
      };
      await route(page);
      try {
        const a = await visit(server.url + 'index.html?lesson=lessons/mine.json');
        await a.page.waitForFunction(() => { const s = window.perceptronLab.state(); return s.lesson && s.lesson.id === 'mine'; },
          null, { timeout: 10000 });
        const s = await a.page.evaluate(() => window.perceptronLab.state());
        assert(s.lesson.steps === 2 && s.points === 2 && s.notices.length === 0, JSON.stringify({ lesson: s.lesson, notices: s.notices }));
        const b = await visit(server.url + 'index.html?lesson=lessons/bad.json');
        await b.page.waitForFunction(() => { const el = document.getElementById('lesson-error'); return el && !el.hidden && /steps\[2\]/.test(el.textContent); },
          null, { timeout: 10000 });
        const after = await b.page.evaluate(() => window.perceptronLab.command('step'));
        assert(after.ok, 'the lab keeps working: ' + JSON.stringify(after));
      } finally {
        await page.unrouteAll();
      }
    });

    await check('embed mode at 320x240 and 1920x1080', async () => {
      for (const [w, hgt] of [[320, 240], [1920, 1080]]) {
        const e = await visit(server.url + '?embed=1&preset=six&speed=50&autoplay=1', { viewport: { width: w, height: hgt } });
        const r = await e.page.evaluate(async () => {
          // (autoplay: until it has played a step, then two frames more)
          for (const t0 = performance.now(); window.perceptronLab.state().step === 0 && performance.now() - t0 < 10000;)
            await new Promise((res) => requestAnimationFrame(res));
          for (let i = 0; i < 2; i++) await new Promise((res) => requestAnimationFrame(res));
          const c = document.getElementById('canvas');
          return { w: c.clientWidth, h: c.clientHeight, s: window.perceptronLab.state(), at: window.perceptronLab.toScreen(2.5, 2.5) }; });
        const png = await e.page.screenshot({ path: path.join(OUT, `e2e-embed-${w}x${hgt}.png`) });
        const img = decodePng(png);
        const blue = countColour(img, [0, 114, 178]);
        // A tap (touch) on the canvas adds a point like a click.
        await e.page.mouse.click(r.at.x, r.at.y);
        await frames(e.page, 3);
        const pts = await e.page.evaluate(() => window.perceptronLab.state().points);
        assert(r.w === w && r.h === hgt && r.s.embed === true && r.s.playing === true, JSON.stringify({ w: r.w, h: r.h }));
        assert(blue > 20, `no points visible at ${w}x${hgt}`);
        assert(pts === 7, `click in embed mode: ${pts} points`);
        assert(e.errors.length === 0, e.errors.join(' | '));
      }
    });

    await check('a lost WebGL context comes back and drawing resumes', async () => {
      const g = await visit(server.url + '?preset=six');
      const r = await g.page.evaluate(async () => {
        const c = document.getElementById('canvas');
        const ctx = c.getContext('webgl2');
        const ext = ctx.getExtension('WEBGL_lose_context');
        const until = async (cond) => { for (const t0 = performance.now(); !cond() && performance.now() - t0 < 5000;) await new Promise((res) => setTimeout(res, 20)); };
        ext.loseContext();
        await until(() => window.perceptronLab.contextLost === true);
        const lost = window.perceptronLab.contextLost;
        ext.restoreContext();
        await until(() => window.perceptronLab.contextRestores === 1);
        return { lost, restores: window.perceptronLab.contextRestores, step: window.perceptronLab.command('step').ok };
      });
      await frames(g.page, 5);
      const png = await g.page.screenshot({ path: path.join(OUT, 'e2e-context-restored.png') });
      const img = decodePng(png);
      assert(r.lost === true && r.restores === 1 && r.step, JSON.stringify(r));
      assert(countColour(img, [0, 114, 178]) > 100, 'nothing drawn after the context came back');
    });

    // ------------------------------------------------------------ languages
    // Opens the lab with ?lang=L (or as given), recording the requests for fonts/; waits for
    // the Chinese font when the lab speaks Chinese.
    const openLang = async (url, options = {}) => {
      const fontRequests = [];
      const a = await openApp(browser, url, { ...options, onPage: (pg) => {
        pg.on('request', (r) => { if (/\/fonts\//.test(r.url())) fontRequests.push(r); });
        if (options.onPage) options.onPage(pg);
      } });
      return { ...a, ...(await langInfo(a, fontRequests)) };
    };
    // The language the lab took, its fonts, and the font requests (`fontRequests`: those of this page).
    const langInfo = async (a, fontRequests) => {
      const info = () => a.page.evaluate(() => { const L = window.perceptronLab, s = L.state();
        return { lang: s.lang, notices: s.notices, html: document.documentElement.lang, title: document.title,
          firstFrameMs: L.firstFrameMs, fonts: L.fonts, fontMs: L.fontLoadedMs, step: s.step, data: s.data }; });
      if ((await info()).lang === 'zh') {
        await a.page.waitForFunction(() => /loaded|failed/.test(window.perceptronLab.fonts.zh || ''), null, { timeout: 30000 });
      }
      await frames(a.page, 4);
      const r = await info();
      const fonts = [];
      for (const q of fontRequests) { const resp = await q.response(); fonts.push({ url: q.url(), status: resp ? resp.status() : 0 }); }
      return { r, fonts, fontRequests };
    };
    // Pixels that differ between two same-sized screenshots inside a rectangle.
    const differing = (a, b, [x0, y0, x1, y1]) => {
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        const i = (y * a.width + x) * a.channels, j = (y * b.width + x) * b.channels;
        if (Math.abs(a.px[i] - b.px[j]) + Math.abs(a.px[i + 1] - b.px[j + 1]) + Math.abs(a.px[i + 2] - b.px[j + 2]) > 48) n++;
      }
      return n;
    };
    const langRuns = {};
    await check('each language chosen by link: state().lang, <html lang>, title (screenshots at 1280x800)', async () => {
      // One context, each language's link opened in turn in its page (the Chinese font, asked
      // for by the Chinese page only, is fetched there for the first time in this context).
      let fontRequests = [], ctx = null;
      try {
        for (const l of ['en', 'vi', 'zh', 'pseudo']) {
          const url = server.url + '?lang=' + l;
          fontRequests = [];
          if (!ctx) {
            ctx = await openApp(browser, url, { onPage: (pg) => pg.on('request', (r) => { if (/\/fonts\//.test(r.url())) fontRequests.push(r); }) });
          } else {
            ctx.errors.length = 0;
            await ctx.page.goto(url);
            await ctx.page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
            await ctx.page.waitForFunction(() => document.getElementById('status').hidden, null, { timeout: 60000 });
          }
          const a = { ...ctx, ...(await langInfo(ctx, fontRequests)) };
          await new Promise((res) => setTimeout(res, 300));  // a late font request would show up here
          const png = await a.page.screenshot({ path: path.join(OUT, `e2e-lang-${l}.png`) });
          const fonts = [];
          for (const q of fontRequests) { const resp = await q.response(); fonts.push({ url: q.url(), status: resp ? resp.status() : 0 }); }
          langRuns[l] = { ...a.r, fonts, fontRequests: fontRequests.length, img: decodePng(png), errors: a.errors.slice() };
          assert(a.r.lang === l, `?lang=${l} gave lang ${a.r.lang}`);
          assert(a.r.html === HTML_LANG[l], `?lang=${l}: <html lang="${a.r.html}">`);
          assert(a.r.title === 'Perceptron Lab', `?lang=${l}: title "${a.r.title}"`);
          assert(a.r.notices.length === 0, `?lang=${l}: notices ${JSON.stringify(a.r.notices)}`);
          assert(a.errors.length === 0, `?lang=${l}: ` + a.errors.join(' | '));
        }
      } finally {
        if (ctx) await ctx.context.close();
      }
      // The interface's text changed with the language (the left panel differs from English).
      const panel = [0, 0, 320, 780];
      for (const l of ['vi', 'zh', 'pseudo']) {
        const n = differing(langRuns.en.img, langRuns[l].img, panel);
        assert(n > 2000, `the ${l} panel looks like the English one (${n} pixels differ)`);
      }
    });

    await check('time to the first frame per language (printed)', async () => {
      assert(Object.keys(langRuns).length === 4, 'the per-language pages did not all open');
      console.log('  time from navigation to the first frame (one context: the engine cached after English): ' + Object.entries(langRuns).map(([l, r]) =>
        `${l} ${Math.round(r.firstFrameMs)} ms` + (r.fontMs && r.fontMs.zh ? ` (Chinese font in at ${Math.round(r.fontMs.zh)} ms)` : '')).join(', '));
      for (const r of Object.values(langRuns)) assert(r.firstFrameMs > 0, 'no first frame');
    });

    await check('the Chinese font is requested only for Chinese, once, and it loads', async () => {
      for (const l of ['en', 'vi', 'pseudo']) {
        assert(langRuns[l] && langRuns[l].fontRequests === 0, `${l} requested ${JSON.stringify(langRuns[l] && langRuns[l].fonts)}`);
      }
      const zh = langRuns.zh;
      assert(zh && zh.fonts.length === 1 && /\/fonts\/zh\.ttf$/.test(zh.fonts[0].url) && zh.fonts[0].status === 200,
        'zh font requests: ' + JSON.stringify(zh && zh.fonts));
      assert(zh.errors.length === 0, zh.errors.join(' | '));
      assert(zh.lang === 'zh' && zh.html === 'zh-Hans', JSON.stringify({ lang: zh.lang, html: zh.html }));
      // The lab reports the font taken.
      assert(zh.fontMs && zh.fontMs.zh > 0, 'no font time');
    });

    await check("the browser's preferred language: vi-VN gives vi, zh-CN zh, fr-FR en; the link's lang wins", async () => {
      for (const [locale, url, want] of [['vi-VN', '', 'vi'], ['zh-CN', '', 'zh'], ['fr-FR', '', 'en'],
        ['vi-VN', '?lang=zh', 'zh'], ['zh-CN', '?lang=en', 'en']]) {
        // (at 640x400: the language is what is checked; smaller frames load sooner)
        const a = await openLang(server.url + url, { locale, viewport: { width: 640, height: 400 } });
        await a.context.close();
        assert(a.r.lang === want && a.r.html === HTML_LANG[want], `${locale} ${url}: lang ${a.r.lang}, <html lang="${a.r.html}">`);
        assert(a.fontRequests.length === (want === 'zh' ? 1 : 0), `${locale} ${url}: font requests ${JSON.stringify(a.fonts)}`);
        assert(a.errors.length === 0, `${locale} ${url}: ` + a.errors.join(' | '));
      }
    });

    await check('?lang=xx gives English and a notice naming lang', async () => {
      const a = await openLang(server.url + '?lang=xx&preset=six', { locale: 'vi-VN', viewport: { width: 640, height: 400 } });
      await a.context.close();
      assert(a.r.lang === 'en' && a.r.html === 'en', `lang ${a.r.lang}, <html lang="${a.r.html}">`);
      assert(a.r.notices.some((n) => /lang/.test(n)), 'notices: ' + JSON.stringify(a.r.notices));
      assert(a.fontRequests.length === 0 && a.errors.length === 0, a.errors.join(' | '));
    });

    await check("switching language while running keeps the lesson (no reload); toasts follow the language", async () => {
      const a = await openLang(server.url + '?preset=textbook&eta=0.5');
      let navigations = 0;
      a.page.on('framenavigated', (f) => { if (f === a.page.mainFrame()) navigations++; });
      const before = await a.page.evaluate(() => {
        const L = window.perceptronLab;
        window.notReloaded = true;
        L.command('add_point', 1.5, 2.5, 1);
        for (let i = 0; i < 5; i++) L.command('step');
        return L.state();
      });
      const r = await a.page.evaluate(() => window.perceptronLab.command('set', 'lang', 'zh'));
      await a.page.waitForFunction(() => window.perceptronLab.fonts.zh === 'loaded', null, { timeout: 30000 });
      await frames(a.page, 4);
      const after = await a.page.evaluate(() => ({ s: window.perceptronLab.state(), mark: window.notReloaded,
        html: document.documentElement.lang }));
      // Back and forth: the font is not fetched again.
      const back = await a.page.evaluate(() => { const L = window.perceptronLab;
        return [L.command('set', 'lang', 'vi'), L.command('set', 'lang', 'en'), L.command('set', 'lang', 'zh')].every((x) => x.ok); });
      await frames(a.page, 4);
      // Chosen in the lab's own menu (here: behind the page's back, then an input event).
      const viaMenu = await a.page.evaluate(async () => {
        window.Module.ccall('pla_command', 'string', ['string'], ['["set","lang","vi"]']);
        const before = document.documentElement.lang;
        document.getElementById('canvas').dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
        for (let i = 0; i < 4; i++) await new Promise((res) => requestAnimationFrame(res));
        return { before, after: document.documentElement.lang };
      });
      // A toast in the lab's language (vi), chosen after the page had started in English.
      const toast = await a.page.evaluate(async () => {
        window.perceptronLab.command('set', 'lang', 'vi');
        window.Module.onCopyLink('preset=six');
        const el0 = document.getElementById('toast');
        for (const t0 = performance.now(); el0.hidden && performance.now() - t0 < 3000;) await new Promise((res) => setTimeout(res, 20));
        const el = document.getElementById('toast');
        return { text: el.hidden ? '' : el.textContent, vi: window.PLA_PAGE_TEXT.vi, html: document.documentElement.lang };
      });
      await a.context.close();
      assert(r.ok && back, 'set lang: ' + JSON.stringify(r));
      assert(viaMenu.before === 'zh-Hans' && viaMenu.after === 'vi', '<html lang> after a change in the menu: ' + JSON.stringify(viaMenu));
      assert(after.s.lang === 'zh' && after.html === 'zh-Hans', `lang ${after.s.lang}, <html lang="${after.html}">`);
      assert(after.mark === true && navigations === 0, 'the page reloaded');
      for (const k of ['points', 'data', 'w', 'b', 'step', 'updates', 'eta', 'preset'])
        assert(JSON.stringify(before[k]) === JSON.stringify(after.s[k]), `${k}: ${JSON.stringify(before[k])} vs ${JSON.stringify(after.s[k])}`);
      assert(before.step === 5 && before.points >= 4, 'setup: ' + before.step + ' steps, ' + before.points + ' points');
      assert(a.fontRequests.length === 1, 'font requests: ' + JSON.stringify(a.fonts));
      assert(toast.html === 'vi' && (toast.text === toast.vi.link_copied || toast.text.startsWith(toast.vi.copy_this_link)),
        'toast: ' + toast.text);
      assert(a.errors.length === 0, a.errors.join(' | '));
    });

    await check("a font that cannot be fetched: a toast in the page's language, the lab keeps running", async () => {
      // (routing turns the page's HTTP cache off: the font is asked for again, and refused)
      await page.route('**/fonts/zh.ttf', (route) => route.fulfill({ status: 404, body: 'gone' }));
      let r;
      try {
        const a = await visit(server.url + '?lang=zh');
        await a.page.waitForFunction(() => window.perceptronLab.fonts.zh === 'failed', null, { timeout: 30000 });
        r = await a.page.evaluate(() => { const el = document.getElementById('toast');
          return { text: el.hidden ? '' : el.textContent, zh: window.PLA_PAGE_TEXT.zh.font_failed,
            step: window.perceptronLab.command('step').ok }; });
        await frames(a.page, 3);
        await a.page.screenshot({ path: path.join(OUT, 'e2e-font-failed.png') });
      } finally {
        await page.unrouteAll();
      }
      assert(r.text === r.zh && r.step, JSON.stringify(r));
    });

    await check("the page's own texts are in the chosen language before the wasm loads", async () => {
      // The loading message (the engine held back), then the load failure.
      let release;
      const held = new Promise((res) => { release = res; });
      const a = await openApp(browser, server.url + '?lang=zh', { expectReady: false, waitUntil: 'domcontentloaded', onPage: (pg) =>
        pg.route('**/perceptron-lab.js', async (route) => { await held; await route.fulfill({ status: 404, body: '' }); }) });
      await a.page.waitForFunction(() => document.getElementById('status').textContent.length > 0);
      const loading = await a.page.evaluate(() => ({ text: document.getElementById('status').textContent,
        want: window.PLA_PAGE_TEXT.zh.loading, html: document.documentElement.lang }));
      release();
      await a.page.waitForFunction(() => document.getElementById('status').className === 'error', null, { timeout: 10000 });
      const failed = await a.page.evaluate(() => document.getElementById('status').textContent);
      await a.context.close();
      assert(loading.text === loading.want && loading.html === 'zh-Hans', JSON.stringify(loading));
      assert(/perceptron-lab\.js/.test(failed), 'load failure: ' + failed);
      // No WebGL2, in Vietnamese (from the browser's language).
      const n = await openApp(browser, server.url, { expectReady: false, locale: 'vi-VN', init: () => {
        const orig = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
          return type === 'webgl2' ? null : orig.call(this, type, ...rest); };
      } });
      await n.page.waitForFunction(() => document.getElementById('status').className === 'error', null, { timeout: 10000 })
        .catch(() => null);  // (the assertion below says what the page shows)
      const nw = await n.page.evaluate(() => ({ text: document.getElementById('status').textContent,
        want: window.PLA_PAGE_TEXT.vi.no_webgl2, html: document.documentElement.lang }));
      await n.context.close();
      assert(nw.text === nw.want && nw.html === 'vi', JSON.stringify(nw));
    });

    await check('the single file from file:// speaks Chinese with no request for the font', async () => {
      const file = 'file://' + path.join(WWW, 'perceptron-lab.html');
      const requests = [];
      const f = await openLang(file + '?lang=zh&preset=textbook&eta=0.5', { onPage: (pg) => pg.on('request', (q) => requests.push(q.url())) });
      const r = await f.page.evaluate(() => { const L = window.perceptronLab; L.command('train'); return L.state(); });
      const later = await f.page.evaluate(() => { const L = window.perceptronLab; L.command('set', 'lang', 'vi'); L.command('set', 'lang', 'zh');
        return window.perceptronLab.fonts; });
      await frames(f.page, 3);
      await f.page.screenshot({ path: path.join(OUT, 'e2e-single-file-zh.png') });
      await f.context.close();
      assert(f.r.lang === 'zh' && f.r.html === 'zh-Hans' && f.r.fonts.zh === 'loaded', JSON.stringify({ lang: f.r.lang, fonts: f.r.fonts }));
      assert(later.zh === 'loaded', JSON.stringify(later));
      assert(f.fontRequests.length === 0 && requests.every((u) => !/zh\.ttf/.test(u)), 'font requests: ' + requests.join(', '));
      const remote = requests.filter((u) => !/^(file|data|blob):/.test(u));
      assert(remote.length === 0, 'network requests: ' + remote.join(', '));
      assert(r.w[0] === 0.5 && r.w[1] === 0.5 && r.b === -1.5, JSON.stringify(r.w));
      assert(f.errors.length === 0, f.errors.join(' | '));
    });

    await check('embed mode in Vietnamese at 640x400 and a phone in Chinese (screenshots)', async () => {
      const e = await openLang(server.url + '?embed=1&lang=vi&preset=six', { viewport: { width: 640, height: 400 } });
      const pngE = await e.page.screenshot({ path: path.join(OUT, 'e2e-embed-vi.png') });
      await e.context.close();
      const p = await openLang(server.url + '?lang=zh', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
        isMobile: true, hasTouch: true, locale: 'zh-CN' });
      const dims = await p.page.evaluate(() => { const c = document.getElementById('canvas');
        return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight }; });
      const pngP = await p.page.screenshot({ path: path.join(OUT, 'e2e-phone-zh.png') });
      await p.context.close();
      assert(e.r.lang === 'vi' && e.r.html === 'vi' && countColour(decodePng(pngE), [0, 114, 178]) > 20, 'embed vi: ' + e.r.lang);
      assert(p.r.lang === 'zh' && p.r.fonts.zh === 'loaded', 'phone zh: ' + JSON.stringify(p.r.fonts));
      assert(dims.cw === 390 && dims.ch === 844 && dims.w === 1170, JSON.stringify(dims));
      assert(countColour(decodePng(pngP), [0, 114, 178]) > 20, 'phone: no points visible');
      assert(e.errors.length === 0 && p.errors.length === 0, e.errors.concat(p.errors).join(' | '));
      console.log(`  time to the first frame: embed vi ${Math.round(e.r.firstFrameMs)} ms, phone zh ${Math.round(p.r.firstFrameMs)} ms`);
    });

    // ------------------------------------------------------------ hardening
    await check('soak: 1,000,000 played steps on a non-separable set keep memory bounded', async () => {
      const k = await visit(server.url + '?gen=noisy&n=300&noise=0.2&gen_seed=3&max_epochs=100000000&speed=100000000');
      const r = await k.page.evaluate(async () => {
        const L = window.perceptronLab;
        const heap = () => window.Module.HEAP8.buffer.byteLength;
        const js = () => (performance.memory ? performance.memory.usedJSHeapSize : 0);
        const samples = [];
        L.command('play');
        const t0 = performance.now();
        for (const target of [250000, 500000, 1000000, 1500000, 2000000]) {
          while (L.state().step < target && performance.now() - t0 < 120000) await new Promise((res) => setTimeout(res, 20));
          samples.push({ step: L.state().step, wasm: heap(), js: js() });
        }
        L.command('pause');
        return { samples, s: L.state(), seconds: (performance.now() - t0) / 1000 };
      });
      await k.page.screenshot({ path: path.join(OUT, 'e2e-soak.png') });
      const at1m = r.samples[2], end = r.samples[4];
      console.log('  soak: ' + r.samples.map((x) => `step ${x.step}: wasm ${(x.wasm / 1048576).toFixed(1)} MB, js ${(x.js / 1048576).toFixed(1)} MB`).join('; ') +
        ` (${r.seconds.toFixed(1)} s)`);
      assert(at1m.step >= 1000000 && r.s.converged === false, 'did not reach 1,000,000 steps: ' + at1m.step);
      assert(end.wasm <= at1m.wasm, `wasm memory grew between 1M and 2M steps: ${at1m.wasm} -> ${end.wasm}`);
      assert(end.wasm < 256 * 1048576, 'wasm memory above 256 MB: ' + end.wasm);
      assert(k.errors.length === 0, k.errors.join(' | '));
    });

    await check('a failed memory allocation shows a message, not a blank page', async () => {
      const m = await visit(server.url + '?preset=six');
      const r = await m.page.evaluate(() => {
        // Exhaust the wasm heap (malloc returns 0 here instead of aborting), then ask
        // for work that allocates: the program's own allocation fails.
        const blocks = [];
        for (let size = 256 << 20; size >= 4096; ) {
          const p = window.Module._malloc(size);
          if (p) blocks.push(p); else size >>= 1;
          if (blocks.length > 100000) break;
        }
        let threw = null;
        try { window.perceptronLab.command('generate', 'separable', 50000, 20, 0.01, 0, 1); } catch (e) { threw = String(e); }
        return { blocks: blocks.length, threw };
      });
      await m.page.waitForFunction(() => { const s = document.getElementById('status'); return !s.hidden && /memory/.test(s.textContent); },
        null, { timeout: 5000 }).catch(() => null);  // (the assertion below says what the page shows)
      const text = await m.page.evaluate(() => { const s = document.getElementById('status'); return s.hidden ? '' : s.textContent; });
      await m.page.screenshot({ path: path.join(OUT, 'e2e-out-of-memory.png') });
      assert(/memory/.test(text), 'status after an allocation failure: "' + text + '" (' + JSON.stringify(r) + ')');
    });

    await check('frame-building CPU time with 100, 10,000 and 100,000 points (printed)', async () => {
      const f = await visit(server.url + '?preset=six');
      const rows = [];
      for (const n of [100, 10000, 100000]) {
        const r = await f.page.evaluate(async (count) => {
          const L = window.perceptronLab;
          // Collects at least 20 frames (the machine may be busy: wait up to 30 s, no timing asserted).
          const collect = async () => {
            let frames = 0, sum = 0;
            const t0 = performance.now();
            while (frames < 20 && performance.now() - t0 < 30000) {
              await new Promise((res) => setTimeout(res, 50));
              const st = L.frameStats();
              frames += st.frames; sum += st.mean * st.frames;
              if (st.paused) break;  // idle: the lab builds no frames until something changes
            }
            return { frames, mean: frames ? sum / frames : 0 };
          };
          L.command('generate', 'noisy', count, 2, 0.01, 0.05, 9);
          L.command('set', 'speed', 100000); L.command('set', 'max_epochs', 100000000);
          L.frameStats();
          const idle = await collect();
          L.command('play');
          const playing = await collect();
          const steps = L.state().step;
          L.command('pause');
          return { idle, playing, steps };
        }, n);
        rows.push(`${n} points: idle ${r.idle.mean.toFixed(2)} ms (${r.idle.frames} frames), playing ${r.playing.mean.toFixed(2)} ms (${r.playing.frames} frames, ${r.steps} steps)`);
        assert(r.playing.frames >= 20 && r.steps > 0, 'the page stopped drawing: ' + JSON.stringify(r));
      }
      console.log('  frame-building CPU time in the browser: ' + rows.join('; '));
    });

    await check('the bad-input corpus through the browser import: loads, or refused naming the line, nothing else changes', async () => {
      const corpusDir = path.join(__dirname, '..', 'corpus');
      const manifest = JSON.parse(fs.readFileSync(path.join(corpusDir, 'manifest.json'), 'utf8'));
      // At 320x240: what is checked is the import (the frames drawn between the files, a
      // software-rendered 1280x800 canvas, took most of the time).
      const c = await visit(server.url + '?preset=six', { viewport: { width: 320, height: 240 } });
      let checked = 0;
      const problems = [];
      // The files go to the page's own file input (its change handler, FileReader and
      // pla_import_file, as a picked file does) inside one evaluate: Playwright's setInputFiles
      // took about 1 s per file here; the picker itself is exercised by the import checks above
      // and by data.test.js. The handler empties the input when the import is done.
      const items = manifest.files.filter((item) => !item.generated);  // huge files are the CLI runner's (made at test time)
      const files = items.map((item) => ({ name: item.file,
        b64: fs.readFileSync(path.join(corpusDir, 'files', item.file)).toString('base64') }));
      const runs = await c.page.evaluate(async (list) => {
        const L = window.perceptronLab, input = document.getElementById('file-input');
        const out = [];
        for (const f of list) {
          L.command('preset', 'six');
          const before = L.state();
          const bin = atob(f.b64), bytes = new Uint8Array(bin.length);
          for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
          const dt = new DataTransfer();
          dt.items.add(new File([bytes], f.name, { type: 'text/plain' }));
          input.files = dt.files;
          input.dispatchEvent(new Event('change', { bubbles: true }));
          const t0 = performance.now();
          let after = null;
          while (performance.now() - t0 < 10000) {
            await new Promise((res) => setTimeout(res, 5));
            if (input.files.length) continue;  // still reading
            const s = L.state();
            if (s.notice.includes('import failed') || s.notice.includes(f.name)) { after = s; break; }
          }
          out.push({ before, after });
        }
        return out;
      }, files);
      items.forEach((item, k) => {
        const { before, after } = runs[k];
        if (!after) { problems.push(`${item.file}: no answer`); return; }
        const buffer = Buffer.from(files[k].b64, 'base64');
        checked++;
        if (item.expect === 'load') {
          if (after.points !== item.points || after.d !== item.d || after.preset !== 'import')
            problems.push(`${item.file}: expected ${item.points} points of d=${item.d}, got ${after.points}, d=${after.d}: ${after.notice}`);
        } else {
          // The browser decodes a UTF-16 file (by its byte order mark) before the core sees the
          // text, so lines can shift there; every other file must name exactly the expected line.
          const utf16 = buffer.length >= 2 && ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff));
          const named = !item.line ? after.notice.includes(item.message || '')
            : utf16 ? new RegExp(`${item.file.replace('.', '\\.')}:\\d+`).test(after.notice)
              : after.notice.includes(`${item.file}:${item.line}`);
          if (!/import failed/.test(after.notice) || !named)
            problems.push(`${item.file}: the notice should name line ${item.line}: ${after.notice.slice(0, 200)}`);
          if (JSON.stringify(after.data) !== JSON.stringify(before.data) || after.preset !== before.preset)
            problems.push(`${item.file}: the data changed after a refused import`);
        }
      });
      const alive = await c.page.evaluate(() => window.perceptronLab.command('step').ok);
      console.log(`  ${checked} corpus files imported through the page`);
      assert(problems.length === 0, problems.join('\n'));
      assert(checked >= 40 && alive, `only ${checked} files checked`);
      assert(c.errors.length === 0, c.errors.join(' | '));
    });
    await closeHost();
    await app.context.close();
  }
});
