// The browser checks of run.js (e2e.browser), embedding and sharing: URL parameters, links, saved
// work, the single file, a host page, teachers' lessons, embed mode, a lost context.
// A table of rows: [the check's name, async (ctx) => ...]; ctx: {browser, server, app, page,
// visit, openHost, closeHost} (run.js: the page kept open between checks, lib.js reusableApp,
// and the course page of embed-example.html, opened once).
'use strict';
const path = require('path');
const { WWW, OUT, assert, decodePng, countColour, openApp, PAGE_SCRIPTS, frames } = require('../lib');

module.exports = [
  ['URL parameters set the state (one vocabulary with set)', async ({ server, page, visit }) => {
    const a = await visit(server.url + '?preset=textbook&eta=0.25&seed=42&algo=pocket&order=shuffle&plot=losses&theme=dark');
    const s = await a.page.evaluate(() => window.perceptronLab.state());
    await a.page.screenshot({ path: path.join(OUT, 'e2e-url-dark.png') });
    assert(s.preset === 'textbook' && s.eta === 0.25 && s.seed === 42 && s.algo === 'pocket' && s.order === 'shuffle',
      JSON.stringify(s).slice(0, 300));
    assert(s.plot === 'losses' && s.theme === 'dark' && s.notices.length === 0, JSON.stringify(s.notices));
    assert(a.errors.length === 0, a.errors.join(' | '));
    console.log(`  time to first frame: ${a.loadMs} ms to ready (a page already open: the engine's files cached)`);
  }],

  ['a copied link reopened in a fresh page gives the same state', async ({ browser, server, page, visit }) => {
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
  }],

  ['invalid and hostile parameters leave the app running with a notice', async ({ server, app, page, visit }) => {
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
  }],

  ['reload keeps drawn points; reset to lesson forgets them; corrupt saved state is ignored', async ({ browser, server }) => {
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
  }],

  ['the single self-contained file works from file://', async ({ visit }) => {
    const file = 'file://' + path.join(WWW, 'perceptron-lab.html');
    const f = await visit(file + '?preset=textbook&eta=0.5');
    const r = await f.page.evaluate(() => { const L = window.perceptronLab; L.command('train'); return L.state(); });
    await f.page.screenshot({ path: path.join(OUT, 'e2e-single-file.png') });
    assert(r.w[0] === 0.5 && r.w[1] === 0.5 && r.b === -1.5, JSON.stringify(r.w));
    assert(f.errors.length === 0, f.errors.join(' | '));
  }],

  ['the postMessage bridge answers a host page; odd messages are ignored', async ({ openHost }) => {
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
  }],

  ['a lesson through its interface: a click answers, Enter is Next, the host page gets the events', async ({ browser, server, openHost }) => {
    // A fresh context, as a student's first visit by the link (nothing of the checks before).
    const a = await openApp(browser, server.url + 'index.html?lesson=textbook&lang=vi');
    // The first step's work runs in the frames (slower on a busy machine): the question is open
    // once its step is shown.
    await a.page.waitForFunction(() => (window.perceptronLab.lessonEvents || []).some((e) => e.event === 'step_shown'),
      null, { timeout: 30000 }).catch(() => null);  // (the assertions below say what was there)
    await a.page.evaluate(() => window.perceptronLab.idle());
    await frames(a.page, 2);
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
    await a.context.close();
    // A host page embedding the lesson receives its events by postMessage.
    const host = await openHost();
    const got = await host.page.evaluate(async (url) => {
      const events = [];
      window.addEventListener('message', (m) => { if (m.data && m.data.type === 'perceptronLab:event') events.push(m.data.event); });
      const f = document.createElement('iframe');
      // In view, over the page's top: a lab out of view builds no frames (e2e.embed), so a lesson
      // there would not start until scrolled to; where the page would put it depends on timing.
      f.src = url; f.width = 640; f.height = 400; f.style.cssText = 'position: fixed; top: 0; left: 0; z-index: 10';
      document.body.appendChild(f);
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
  }],

  ["the host page's language picker switches every embedded lesson (postMessage)", async ({ page, openHost, closeHost }) => {
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
  }],

  ['lesson=<URL> loads a teacher\'s lesson file; a file with a typo is refused naming the step and field', async ({ server, page, visit }) => {
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
      await b.page.waitForFunction(() => { const el = document.getElementById('lesson-error'); return el && !el.hidden && /step 2 of 2, actionz/.test(el.textContent); },
        null, { timeout: 10000 });
      const after = await b.page.evaluate(() => window.perceptronLab.command('step'));
      assert(after.ok, 'the lab keeps working: ' + JSON.stringify(after));
    } finally {
      await page.unrouteAll();
    }
  }],

  ['embed mode at 320x240 and 1920x1080', async ({ server, visit }) => {
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
  }],

  ['a lost WebGL context comes back and drawing resumes', async ({ server, visit }) => {
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
  }],
];
