// Shared helpers of the browser tests: options, the check runner, a loopback static server,
// a PNG decoder, and openApp (a fresh context on the lab, waiting until it is ready).
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
const ONLY = opt('only', null) ? new RegExp(opt('only'), 'i') : null;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// WebGL2 through SwiftShader (a software GPU) as on a machine without one. The page itself is
// composited in software (--disable-gpu-compositing): compositing through SwiftShader was a third
// of the GPU process's CPU time, and the screenshots are the same pixels either way.
const LAUNCH_ARGS = ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-gpu-compositing', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-quic', '--no-first-run'];

// ---------------------------------------------------------------- helpers
let failures = 0;
const results = [];
async function check(name, fn) {
  if (ONLY && !ONLY.test(name)) return;
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
  // Its request log goes nowhere: a pipe nobody read would fill (64 KiB, some 700 requests) and
  // block every later request, so every page.goto after it would time out.
  const proc = spawn('/usr/bin/python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir],
    { stdio: ['ignore', 'ignore', 'ignore'] });
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
    deviceScaleFactor: options.deviceScaleFactor || 1, locale: options.locale || 'en-US',
    isMobile: !!options.isMobile, hasTouch: !!options.hasTouch });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()} for ${r.url()}`); });
  if (options.init) await page.addInitScript(options.init);
  if (options.onPage) options.onPage(page);
  const t0 = Date.now();
  await page.goto(url, { waitUntil: options.waitUntil || 'load' });
  if (options.expectReady !== false) await labReady(page);
  return { context, page, errors, loadMs: Date.now() - t0 };
}

// Waits until the lab in `page` is ready and its loading status line is hidden.
async function labReady(page) {
  await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
  await page.waitForFunction(() => document.getElementById('status').hidden, null, { timeout: 60000 });
}

// A page kept for several checks: openApp once, its storage emptied before each document starts
// (as in a fresh context, so no check sees the work another left), then app.visit(url), a
// page.goto there (about half the cost of a new context: the engine's files are cached). visit
// empties `errors` (they are then those since the visit), sets the viewport it is given (else
// openApp's), waits for the lab unless expectReady is false, and returns { page, errors, loadMs }.
async function reusableApp(browser, url, options = {}) {
  const app = await openApp(browser, url, { ...options, init: () => { try { localStorage.clear(); } catch (e) { /* none */ } } });
  const size = options.viewport || { width: 1280, height: 800 };
  app.visit = async (next, { viewport = size, expectReady = true } = {}) => {
    app.errors.length = 0;
    const vp = app.page.viewportSize();
    if (vp.width !== viewport.width || vp.height !== viewport.height) await app.page.setViewportSize(viewport);
    const t0 = Date.now();
    await app.page.goto(next);
    if (expectReady) await labReady(app.page);
    return { page: app.page, errors: app.errors, loadMs: Date.now() - t0 };
  };
  return app;
}

// The page's own <script> elements: those of index.html (page-text.js and the page's scripts,
// web/page) and perceptron-lab.js.
const PAGE_SCRIPTS = (fs.existsSync(path.join(WWW, 'index.html'))
  ? (fs.readFileSync(path.join(WWW, 'index.html'), 'utf8').match(/^<script\b/gm) || []).length : 0) + 1;
// The languages: the catalog folder (web/i18n/CODE.json, glossary.json aside; English first,
// then by code), each {code, name, tags, html, locale} from its "language" object.
const SRC = path.resolve(__dirname, '../..');
const LANGUAGES = fs.readdirSync(path.join(SRC, 'web/i18n')).filter((f) => f.endsWith('.json') && f !== 'glossary.json')
  .map((f) => f.slice(0, -5)).sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a < b ? -1 : a > b ? 1 : 0))
  .map((code) => Object.assign({ code },
    JSON.parse(fs.readFileSync(path.join(SRC, 'web/i18n', code + '.json'), 'utf8')).language));
const LANGS = LANGUAGES.map((l) => l.code);
// <html lang> for each language of the lab ("pseudo", the string-length test, is English's).
const HTML_LANG = Object.assign({ pseudo: 'en' }, ...LANGUAGES.map((l) => ({ [l.code]: l.html })));
// A browser locale for each language (a tag with a region: "vi-VN").
const LOCALE = Object.assign({}, ...LANGUAGES.map((l) => ({ [l.code]: l.locale })));

const frames = (page, n = 3) => page.evaluate((k) => new Promise((res) => {
  const step = () => (k-- <= 0 ? res() : requestAnimationFrame(step)); step();
}), n);


// Runs a test file's body with a browser and the server of the web folder; prints the summary
// and exits non-zero when a check failed.
async function main(body) {
  assert(fs.existsSync(path.join(WWW, 'index.html')), `no web build in ${WWW}`);
  fs.mkdirSync(OUT, { recursive: true });
  const server = await serve(WWW);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, headless: true });
  try {
    await body({ browser, server });
  } finally {
    await browser.close();
    server.proc.kill();
  }
  console.log(`\n${results.length - failures}/${results.length} browser checks passed; artifacts in ${OUT}`);
  process.exit(failures ? 1 : 0);
}

module.exports = { opt, WWW, OUT, ONLY, CHROMIUM, LAUNCH_ARGS, check, assert, freePort, serve, decodePng,
  labReady, reusableApp,
  countColour, openApp, PAGE_SCRIPTS, SRC, LANGUAGES, LANGS, HTML_LANG, LOCALE, frames, main, results,
  failures: () => failures };

// Walks the open lesson inside the page, in one evaluate (a page.evaluate per step costs a
// frame): at each step the lesson's texts (describe()'s "lesson" section, joined by newlines)
// are read; reply(question, n, lesson, replyArg) (a function, run in the page: n counts the
// answers given so far; replyArg is passed as given; it returns a value or null) answers an open
// question, and the texts are read again; then lesson_next. After every command the walk waits for the step's work in slices to end
// (perceptronLab.idle()), so each text read is the one the step shows once its work is done.
// Stops when the lesson is done, after `guard` steps, or (stopAfter) once a step >= stopAfter
// has been read and answered, before its lesson_next (for a screenshot there; call again to go
// on, with n). Returns {state, steps: [{step, question, answered, texts, answer, result, next}], n,
// stopped}: result is the answer command's reply (answer null when none was given), next
// lesson_next's reply.
async function walkLesson(page, { reply = null, replyArg = null, n = 0, stopAfter = null, guard = 200, words = true } = {}) {
  return page.evaluate(async ({ replySrc, replyArg, n, stopAfter, guard, words }) => {
    const lab = window.perceptronLab;
    // idle(), or an error naming the step when its work has not ended within 60 s.
    const idle = (what) => new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`the work of ${what} did not end within 60 s`)), 60000);
      lab.idle().then((st) => { clearTimeout(t); resolve(st); });
    });
    const answerOf = replySrc ? (0, eval)('(' + replySrc + ')') : () => null;  // eslint-disable-line no-eval
    const text = () => {
      if (!words) return '';
      const sec = (lab.describe().sections || []).find((x) => x.id === 'lesson');
      return sec ? sec.items.join('\n') : '';
    };
    const steps = [];
    let s = await idle('the step');
    for (let g = 0; g < guard && s.lesson && !s.lesson.done; ++g) {
      const rec = { step: s.lesson.step, question: s.lesson.question, answered: s.lesson.answered, texts: [text()],
        answer: null, result: null };
      steps.push(rec);
      const r = s.lesson.answered ? null : answerOf(s.lesson.question, n, s.lesson, replyArg);
      if (r !== null && r !== undefined) {
        rec.answer = String(r);
        rec.result = lab.command('answer', rec.answer);
        ++n;
        s = await idle(`step ${rec.step + 1}'s answer`);
        rec.correct = s.lesson.correct;
        rec.texts.push(text());
      }
      if (stopAfter !== null && rec.step >= stopAfter) return { state: s, steps, n, stopped: true };
      rec.next = lab.command('lesson_next');
      s = await idle(`the step after step ${rec.step + 1}`);
    }
    return { state: s, steps, n, stopped: false };
  }, { replySrc: reply ? reply.toString() : null, replyArg, n, stopAfter, guard, words });
}
module.exports.walkLesson = walkLesson;
