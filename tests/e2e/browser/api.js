// The browser checks of run.js (e2e.browser), the lab's page and its API: loading, state(),
// commands, clicks, import, views, size, WebGL2.
// A table of rows: [the check's name, async (ctx) => ...]; ctx: {browser, server, app, page,
// visit, openHost, closeHost} (run.js: the page kept open between checks, lib.js reusableApp,
// and the course page of embed-example.html, opened once).
'use strict';
const path = require('path');
const { OUT, assert, decodePng, countColour, openApp, PAGE_SCRIPTS, frames } = require('../lib');

module.exports = [
  ['page loads without console errors', async ({ app, page }) => {
    await frames(page, 5);
    assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
  }],

  ['state() answers with the API keys', async ({ page }) => {
    const s = await page.evaluate(() => window.perceptronLab.state());
    for (const k of ['points', 'd', 'algo', 'eta', 'seed', 'epoch', 'step', 'updates', 'w', 'b',
      'train_mistakes', 'converged', 'playing']) assert(k in s, 'missing key ' + k);
    assert(s.points === 6 && s.d === 2 && s.algo === 'classic', JSON.stringify(s));
    // Issue 38: the first view opens before training (w = 0: every point on the line), its
    // status along the canvas's top and the points named x1 … x6, as the lessons name them.
    assert(s.converged === false && s.step === 0 && s.updates === 0 && s.train_mistakes === 6 && s.playing === false,
      'the first view should open before training: ' + JSON.stringify(s).slice(0, 300));
    assert(Array.isArray(s.w) && s.w.length === 2 && s.w[0] === 0 && s.w[1] === 0, 'w should be (0, 0)');
    assert(JSON.stringify(s.canvas.point_names) === '["x1","x2","x3","x4","x5","x6"]', JSON.stringify(s.canvas));
    assert(/epoch 0/.test(s.canvas.status) && /6 of 6 misclassified/.test(s.canvas.status) && /press Play/.test(s.canvas.status),
      'the status line: ' + s.canvas.status);
  }],

  ['canvas shows the points and the separator (screenshot saved)', async ({ page }) => {
    await frames(page, 3);
    const file = path.join(OUT, 'e2e-initial.png');
    const png = await page.screenshot({ path: file });
    const img = decodePng(png);
    const blue = countColour(img, [0, 114, 178]), orange = countColour(img, [230, 159, 0]);
    const line = countColour(img, [20, 20, 20], 12);
    console.log(`  screenshot ${file}: ${img.width}x${img.height}, +1 pixels ${blue}, -1 pixels ${orange}, line pixels ${line}`);
    // Before training every point is misclassified (w = 0): each carries its cross, over part
    // of its colour.
    assert(blue > 100 && orange > 100, 'class colours not drawn');
    const cues = await page.evaluate(() => window.perceptronLab.state().cues);
    assert(cues.crosses === 6, 'six crosses before training: ' + JSON.stringify(cues));
    // Trained (what the first visit showed before issue 38): the classes whole, the line drawn.
    await page.evaluate(() => window.perceptronLab.command('train'));
    await frames(page, 3);
    const trained = decodePng(await page.screenshot({ path: path.join(OUT, 'e2e-initial-trained.png') }));
    const trainedLine = countColour(trained, [20, 20, 20], 12);
    assert(countColour(trained, [0, 114, 178]) > 200 && countColour(trained, [230, 159, 0]) > 200, 'class colours not drawn after training');
    assert(trainedLine > 100, 'separating line not drawn after training: ' + trainedLine);
    await page.evaluate(() => { window.perceptronLab.command('preset', 'six'); });
  }],

  ["command('step') changes step and follows the textbook", async ({ page }) => {
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
  }],

  ['epoch, play and pause commands', async ({ page }) => {
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
  }],

  ['bad commands answer {ok:false, error}', async ({ page }) => {
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
  }],

  ['clicking at toScreen(x, y) adds a point there', async ({ page }) => {
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
  }],

  ['play until converged: updates never exceed the Novikoff bound', async ({ page }) => {
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
  }],

  ['scrub back with seek and step_back; next_update and train', async ({ page }) => {
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
  }],

  ['import a CSV through the file input; a bad CSV changes nothing and says why', async ({ page }) => {
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
  }],

  ['screenshots of each main view', async ({ page }) => {
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
  }],

  ['canvas follows the window size', async ({ app, page }) => {
    await page.setViewportSize({ width: 900, height: 600 });
    await frames(page, 5);
    const r = await page.evaluate(() => { const c = document.getElementById('canvas');
      return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight }; });
    assert(r.w === 900 && r.h === 600 && r.cw === 900 && r.ch === 600, JSON.stringify(r));
    assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
  }],

  ['high-DPI: backing store at device pixels, CSS size unchanged', async ({ browser, server }) => {
    const hi = await openApp(browser, server.url, { viewport: { width: 800, height: 500 }, deviceScaleFactor: 2 });
    await frames(hi.page, 5);
    const r = await hi.page.evaluate(() => { const c = document.getElementById('canvas');
      return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight }; });
    await hi.page.screenshot({ path: path.join(OUT, 'e2e-hidpi.png') });
    await hi.context.close();
    assert(r.w === 1600 && r.h === 1000 && r.cw === 800 && r.ch === 500, JSON.stringify(r));
    assert(hi.errors.length === 0, 'console errors: ' + hi.errors.join(' | '));
  }],

  ['without WebGL2 the page says so', async ({ browser, server, page }) => {
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
  }],
];
