#!/usr/bin/env node
// Browser end-to-end tests of the web build: serves the built folder on loopback,
// drives Debian's Chromium with playwright-core, and checks the page through
// window.perceptronLab. Usage: node run.js --www DIR --out DIR
'use strict';
const { chromium } = require('playwright-core');
const { spawn } = require('child_process');
const fs = require('fs');
const net = require('net');
const path = require('path');
const zlib = require('zlib');

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf('--' + name); return i >= 0 ? args[i + 1] : def; };
const WWW = path.resolve(opt('www', path.join(__dirname, '../../build/wasm-release/www')));
const OUT = path.resolve(opt('out', path.join(__dirname, '../../build/e2e-artifacts')));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LAUNCH_ARGS = ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
  '--no-first-run'];

// ---------------------------------------------------------------- helpers
let failures = 0;
const results = [];
async function check(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    results.push(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failures++;
    results.push(`FAIL ${name}: ${e && e.stack ? e.stack : e}`);
  }
  console.log(results[results.length - 1]);
}
function assert(cond, msg) { if (!cond) throw new Error(msg); }

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
    s.on('error', reject);
  });
}

async function serve(dir) {
  const port = await freePort();
  const proc = spawn('/usr/bin/python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise((res) => {
      const c = net.connect(port, '127.0.0.1', () => { c.end(); res(true); });
      c.on('error', () => res(false));
    });
    if (ok) return { proc, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill();
  throw new Error('static server did not start');
}

// Decodes an 8-bit RGB/RGBA non-interlaced PNG (what Chromium's screenshots are).
function decodePng(buf) {
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos); const type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      assert(data[8] === 8 && data[12] === 0, 'unsupported PNG');
      channels = { 2: 3, 6: 4 }[data[9]];
      assert(channels, 'unsupported PNG colour type ' + data[9]);
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels, px = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)], row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? px[y * stride + x - channels] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? px[(y - 1) * stride + x - channels] : 0;
      let v = row[x];
      if (f === 1) v += a; else if (f === 2) v += b; else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      px[y * stride + x] = v & 255;
    }
  }
  return { width, height, channels, px };
}

// Counts pixels close to an RGB colour.
function countColour(img, [r, g, b], tol = 8) {
  let n = 0;
  for (let i = 0; i < img.px.length; i += img.channels) {
    if (Math.abs(img.px[i] - r) <= tol && Math.abs(img.px[i + 1] - g) <= tol && Math.abs(img.px[i + 2] - b) <= tol) n++;
  }
  return n;
}

async function openApp(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: options.viewport || { width: 1280, height: 800 },
    deviceScaleFactor: options.deviceScaleFactor || 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()} for ${r.url()}`); });
  if (options.init) await page.addInitScript(options.init);
  if (options.onPage) options.onPage(page);
  const t0 = Date.now();
  await page.goto(url);
  if (options.expectReady !== false) {
    await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
    await page.waitForFunction(() => document.getElementById('status').hidden, null, { timeout: 60000 });
  }
  return { context, page, errors, loadMs: Date.now() - t0 };
}

const frames = (page, n = 3) => page.evaluate((k) => new Promise((res) => {
  const step = () => (k-- <= 0 ? res() : requestAnimationFrame(step)); step();
}), n);

// ---------------------------------------------------------------- tests
(async () => {
  assert(fs.existsSync(path.join(WWW, 'index.html')), `no web build in ${WWW}`);
  fs.mkdirSync(OUT, { recursive: true });
  const server = await serve(WWW);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, headless: true });
  try {
    const app = await openApp(browser, server.url);
    const { page } = app;
    console.log(`page ready in ${app.loadMs} ms`);

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
        await new Promise((res) => setTimeout(res, 300));
        const stepsWhilePlaying = L.state().step;
        L.command('pause');
        return { e, afterEpoch, p, playing, stepsWhilePlaying, paused: L.state().playing };
      });
      assert(r.e.ok && r.afterEpoch === 1, JSON.stringify(r));
      assert(r.p.ok && r.playing === true && r.stepsWhilePlaying > 0 && r.paused === false, JSON.stringify(r));
    });

    await check('bad commands answer {ok:false, error}', async () => {
      const r = await page.evaluate(() => [
        window.perceptronLab.command('jump'),
        window.perceptronLab.command('set', 'eta', -1),
        window.perceptronLab.command('preset', '<script>alert(1)</script>'),
        window.perceptronLab.command('add_point', 'x', 1, 1)]);
      for (const x of r) assert(x.ok === false && typeof x.error === 'string' && x.error.length > 0, JSON.stringify(x));
      // Errors are data, never markup: nothing was injected into the page.
      const scripts = await page.evaluate(() => document.querySelectorAll('script').length);
      const injected = await page.evaluate(() => document.body.innerHTML.includes('alert(1)'));
      assert(!injected && scripts <= 2, 'markup from a command reached the page');
    });

    await check('clicking at toScreen(x, y) adds a point there', async () => {
      await page.evaluate(() => window.perceptronLab.command('clear'));
      await frames(page, 3);
      const target = [2.25, 1.5];
      const at = await page.evaluate(([x, y]) => window.perceptronLab.toScreen(x, y), target);
      await page.mouse.move(at.x, at.y);
      await frames(page, 2);
      await page.mouse.down();
      await frames(page, 2);
      await page.mouse.up();
      await frames(page, 2);
      const s = await page.evaluate(() => window.perceptronLab.state());
      assert(s.points === 1, 'points = ' + s.points);
      // One CSS pixel in data units bounds the rounding of the click position.
      const px = await page.evaluate(([x, y]) => {
        const a = window.perceptronLab.toScreen(x, y), b = window.perceptronLab.toScreen(x + 1, y);
        return b.x - a.x;
      }, target);
      const tol = 1.5 / px;
      const [x, y, label] = s.data[0];
      assert(Math.abs(x - target[0]) <= tol && Math.abs(y - target[1]) <= tol, `point at (${x}, ${y}), tol ${tol}`);
      assert(label === 1, 'left click adds +1');
      // Right click adds the other class.
      const at2 = await page.evaluate(() => window.perceptronLab.toScreen(0.5, 0.5));
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
    await app.context.close();

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
      await no.page.waitForTimeout(500);
      const text = await no.page.evaluate(() => document.getElementById('status').textContent);
      await no.context.close();
      assert(/WebGL2/.test(text), 'status text: ' + text);
    });

    // ------------------------------------------------------------ embedding and sharing
    await check('URL parameters set the state (one vocabulary with set)', async () => {
      const a = await openApp(browser, server.url + '?preset=textbook&eta=0.25&seed=42&algo=pocket&order=shuffle&plot=losses&theme=dark');
      const s = await a.page.evaluate(() => window.perceptronLab.state());
      await a.page.screenshot({ path: path.join(OUT, 'e2e-url-dark.png') });
      await a.context.close();
      assert(s.preset === 'textbook' && s.eta === 0.25 && s.seed === 42 && s.algo === 'pocket' && s.order === 'shuffle',
        JSON.stringify(s).slice(0, 300));
      assert(s.plot === 'losses' && s.theme === 'dark' && s.notices.length === 0, JSON.stringify(s.notices));
      assert(a.errors.length === 0, a.errors.join(' | '));
      console.log(`  time to first frame: ${await Promise.resolve(a.loadMs)} ms to ready`);
    });

    await check('a copied link reopened in a fresh page gives the same state', async () => {
      const a = await openApp(browser, server.url);
      const link = await a.page.evaluate(() => {
        const L = window.perceptronLab;
        L.command('clear');
        [[1, 2, 1], [2.5, 0.5, -1], [3.25, 3, 1], [0.5, -1, -1], [-2, 1.5, 1]].forEach((p) => L.command('add_point', ...p));
        L.command('set', 'eta', 0.3); L.command('set', 'order', 'random'); L.command('set', 'seed', 7);
        for (let i = 0; i < 9; i++) L.command('step');
        return L.link();
      });
      const before = await a.page.evaluate(() => window.perceptronLab.state());
      const ffm = await a.page.evaluate(() => window.perceptronLab.firstFrameMs);
      await a.context.close();
      const b = await openApp(browser, link);
      const after = await b.page.evaluate(() => window.perceptronLab.state());
      await b.context.close();
      for (const k of ['points', 'data', 'w', 'b', 'step', 'updates', 'eta', 'order', 'seed', 'algo'])
        assert(JSON.stringify(before[k]) === JSON.stringify(after[k]), `${k}: ${JSON.stringify(before[k])} vs ${JSON.stringify(after[k])}`);
      assert(link.length < 2000, 'link length ' + link.length);
      console.log(`  link: ${link.length} chars; time from navigation to the first frame: ${Math.round(ffm)} ms`);
    });

    await check('invalid and hostile parameters leave the app running with a notice', async () => {
      const long = 'x'.repeat(10240);
      const url = server.url + '?eta=-1&gen=separable&n=99999999999&d=-5&seed=1e400&algo=<script>alert(1)</script>' +
        '&preset=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&foo=' + long + '&' + long + '=1&step=999999999999&speed=NaN&data=1,2,3;x';
      const dialogs = [];
      const h = await openApp(browser, url, { onPage: (pg) => pg.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); }) });
      await frames(h.page, 5);
      const s = await h.page.evaluate(() => window.perceptronLab.state());
      const injected = await h.page.evaluate(() => document.querySelectorAll('img').length + document.querySelectorAll('script').length);
      await h.page.screenshot({ path: path.join(OUT, 'e2e-hostile-notice.png') });
      const ok = await h.page.evaluate(() => window.perceptronLab.command('step').ok);
      await h.context.close();
      assert(dialogs.length === 0, 'a dialog opened: ' + dialogs.join(','));
      assert(injected <= 2, 'markup was injected: ' + injected);
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
      const f = await openApp(browser, file + '?preset=textbook&eta=0.5');
      const r = await f.page.evaluate(() => { const L = window.perceptronLab; L.command('train'); return L.state(); });
      await f.page.screenshot({ path: path.join(OUT, 'e2e-single-file.png') });
      await f.context.close();
      assert(r.w[0] === 0.5 && r.w[1] === 0.5 && r.b === -1.5, JSON.stringify(r.w));
      assert(f.errors.length === 0, f.errors.join(' | '));
    });

    await check('the postMessage bridge answers a host page; odd messages are ignored', async () => {
      const host = await openApp(browser, server.url + 'embed-example.html', { expectReady: false });
      const frame = host.page.frame({ url: /preset=textbook/ });
      await frame.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
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
      await host.context.close();
      assert(r.ra && r.ra.ok === true, 'step reply: ' + JSON.stringify(r.ra));
      assert(r.rb && r.rb.step === 1 && r.rb.preset === 'textbook' && r.rb.embed === true, 'state reply: ' + JSON.stringify(r.rb).slice(0, 200));
      assert(r.rc && r.rc.ok === false && /eta/.test(r.rc.error), 'error reply: ' + JSON.stringify(r.rc));
      assert(r.odd.length === 0, 'odd messages were answered: ' + r.odd);
      assert(host.errors.length === 0, host.errors.join(' | '));
    });

    await check('embed mode at 320x240 and 1920x1080', async () => {
      for (const [w, hgt] of [[320, 240], [1920, 1080]]) {
        const e = await openApp(browser, server.url + '?embed=1&preset=six&speed=50&autoplay=1', { viewport: { width: w, height: hgt } });
        await frames(e.page, 10);
        const r = await e.page.evaluate(() => { const c = document.getElementById('canvas');
          return { w: c.clientWidth, h: c.clientHeight, s: window.perceptronLab.state() }; });
        const png = await e.page.screenshot({ path: path.join(OUT, `e2e-embed-${w}x${hgt}.png`) });
        const img = decodePng(png);
        const blue = countColour(img, [0, 114, 178]);
        // A tap (touch) on the canvas adds a point like a click.
        const at = await e.page.evaluate(() => window.perceptronLab.toScreen(2.5, 2.5));
        await e.page.mouse.click(at.x, at.y);
        await frames(e.page, 3);
        const pts = await e.page.evaluate(() => window.perceptronLab.state().points);
        await e.context.close();
        assert(r.w === w && r.h === hgt && r.s.embed === true && r.s.playing === true, JSON.stringify({ w: r.w, h: r.h }));
        assert(blue > 20, `no points visible at ${w}x${hgt}`);
        assert(pts === 7, `click in embed mode: ${pts} points`);
        assert(e.errors.length === 0, e.errors.join(' | '));
      }
    });

    await check('a lost WebGL context comes back and drawing resumes', async () => {
      const g = await openApp(browser, server.url + '?preset=six');
      const r = await g.page.evaluate(async () => {
        const c = document.getElementById('canvas');
        const ctx = c.getContext('webgl2');
        const ext = ctx.getExtension('WEBGL_lose_context');
        ext.loseContext();
        await new Promise((res) => setTimeout(res, 300));
        const lost = window.perceptronLab.contextLost;
        ext.restoreContext();
        await new Promise((res) => setTimeout(res, 500));
        return { lost, restores: window.perceptronLab.contextRestores, step: window.perceptronLab.command('step').ok };
      });
      await frames(g.page, 5);
      const png = await g.page.screenshot({ path: path.join(OUT, 'e2e-context-restored.png') });
      const img = decodePng(png);
      await g.context.close();
      assert(r.lost === true && r.restores === 1 && r.step, JSON.stringify(r));
      assert(countColour(img, [0, 114, 178]) > 100, 'nothing drawn after the context came back');
    });

    // ------------------------------------------------------------ hardening
    await check('soak: 1,000,000 played steps on a non-separable set keep memory bounded', async () => {
      const k = await openApp(browser, server.url + '?gen=noisy&n=300&noise=0.2&gen_seed=3&max_epochs=100000000&speed=100000000');
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
      await k.context.close();
      const at1m = r.samples[2], end = r.samples[4];
      console.log('  soak: ' + r.samples.map((x) => `step ${x.step}: wasm ${(x.wasm / 1048576).toFixed(1)} MB, js ${(x.js / 1048576).toFixed(1)} MB`).join('; ') +
        ` (${r.seconds.toFixed(1)} s)`);
      assert(at1m.step >= 1000000 && r.s.converged === false, 'did not reach 1,000,000 steps: ' + at1m.step);
      assert(end.wasm <= at1m.wasm, `wasm memory grew between 1M and 2M steps: ${at1m.wasm} -> ${end.wasm}`);
      assert(end.wasm < 256 * 1048576, 'wasm memory above 256 MB: ' + end.wasm);
      assert(k.errors.length === 0, k.errors.join(' | '));
    });

    await check('a failed memory allocation shows a message, not a blank page', async () => {
      const m = await openApp(browser, server.url + '?preset=six');
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
      await new Promise((res) => setTimeout(res, 300));
      const text = await m.page.evaluate(() => { const s = document.getElementById('status'); return s.hidden ? '' : s.textContent; });
      await m.page.screenshot({ path: path.join(OUT, 'e2e-out-of-memory.png') });
      await m.context.close();
      assert(/memory/.test(text), 'status after an allocation failure: "' + text + '" (' + JSON.stringify(r) + ')');
    });

    await check('frame-building CPU time with 100, 10,000 and 100,000 points (printed)', async () => {
      const f = await openApp(browser, server.url + '?preset=six');
      const rows = [];
      for (const n of [100, 10000, 100000]) {
        const r = await f.page.evaluate(async (count) => {
          const L = window.perceptronLab;
          // Collects at least 20 frames (the machine may be busy: wait up to 30 s, no timing asserted).
          const collect = async () => {
            let frames = 0, sum = 0;
            const t0 = performance.now();
            while (frames < 20 && performance.now() - t0 < 30000) {
              await new Promise((res) => setTimeout(res, 250));
              const st = L.frameStats();
              frames += st.frames; sum += st.mean * st.frames;
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
      await f.context.close();
      console.log('  frame-building CPU time in the browser: ' + rows.join('; '));
    });

    await check('the bad-input corpus through the browser import: loads, or refused naming the line, nothing else changes', async () => {
      const corpusDir = path.join(__dirname, '..', 'corpus');
      const manifest = JSON.parse(fs.readFileSync(path.join(corpusDir, 'manifest.json'), 'utf8'));
      const c = await openApp(browser, server.url + '?preset=six');
      let checked = 0;
      const problems = [];
      for (const item of manifest.files) {
        if (item.generated) continue;  // huge files are the CLI runner's (made at test time)
        await c.page.evaluate(() => { window.perceptronLab.command('preset', 'six'); });
        const before = await c.page.evaluate(() => window.perceptronLab.state());
        const buffer = fs.readFileSync(path.join(corpusDir, 'files', item.file));
        await c.page.setInputFiles('#file-input', { name: item.file, mimeType: 'text/plain', buffer });
        try {
          await c.page.waitForFunction((name) => { const n = window.perceptronLab.state().notice;
            return n.includes('import failed') || n.includes(name); }, item.file, { timeout: 10000 });
        } catch (e) {
          problems.push(`${item.file}: no answer`);
          continue;
        }
        const after = await c.page.evaluate(() => window.perceptronLab.state());
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
      }
      const alive = await c.page.evaluate(() => window.perceptronLab.command('step').ok);
      await c.context.close();
      console.log(`  ${checked} corpus files imported through the page`);
      assert(problems.length === 0, problems.join('\n'));
      assert(checked >= 40 && alive, `only ${checked} files checked`);
      assert(c.errors.length === 0, c.errors.join(' | '));
    });
  } finally {
    await browser.close();
    server.proc.kill();
  }
  console.log(`\n${results.length - failures}/${results.length} browser checks passed; artifacts in ${OUT}`);
  process.exit(failures ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(1); });
