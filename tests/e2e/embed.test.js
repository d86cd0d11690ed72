#!/usr/bin/env node
// Browser tests of embedding: the lab in a sandboxed cross-origin iframe (allow-scripts
// only), from file://, idle and out-of-sight frame counts, input waking it, the messages
// when it cannot run, four labs on one page, and the build without wasm SIMD giving the
// same numbers as the SIMD build. Prints the measures (frames per idle minute, main-thread
// time of an idle page with four labs, memory per lab).
// Usage: node embed.test.js --www DIR --out DIR [--only REGEX]
'use strict';
const path = require('path');
const { WWW, OUT, check, assert, openApp, frames, main, LANGS, LOCALE } = require('./lib');

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
// Awaits every promise (all settle, so no page is left open), then throws the first failure.
const allOf = async (promises) => {
  const r = await Promise.allSettled(promises);
  const bad = r.find((x) => x.status === 'rejected');
  if (bad) throw bad.reason;
};
// The page's texts as the page has them (page-text.js, made from the catalogs).
const pageText = (page, lang, key) => page.evaluate(([l, k]) => window.PLA_PAGE_TEXT[l][k], [lang, key]);
const statusText = (page) => page.evaluate(() => {
  const s = document.getElementById('status');
  return { hidden: s.hidden, error: s.className === 'error', text: s.textContent };
});
// Frames built since the start (pla_frame_stats().total) and whether the loop waits.
const stats = (target) => target.evaluate(() => window.perceptronLab.frameStats());
// Waits until the lab has settled (its frame loop paused), at most 10 s.
const settled = (target) => target.waitForFunction(() => window.perceptronLab.frameStats().paused, null,
  { timeout: 10000, polling: 100 });
// The message of the status line with its {placeholders} as a pattern.
const asPattern = (s) => new RegExp('^' + s.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z_0-9]+\}/g, '.+') + '$');

// The checks: a table of rows [the check's name, async (ctx) => ...] (ctx: the browser, the
// server of the web folder), run in order by main.
const CHECKS = [
  ['sandboxed cross-origin iframe (allow-scripts only): loads through scripts, runs commands, says work is not kept', async ({ browser, server }) => {
    const context = await browser.newContext({ viewport: { width: 900, height: 600 } });
    const page = await context.newPage();
    // The course page on another origin than the lab (localhost vs 127.0.0.1; a page the
    // server really sends, so Chromium's local-network checks let it frame a loopback page).
    await page.goto(server.url.replace('127.0.0.1', 'localhost') + 'embed-example.html');
    await page.evaluate((src) => {
      document.body.textContent = '';
      const f = document.createElement('iframe');
      Object.assign(f, { id: 'lab', width: 800, height: 500, src });
      f.setAttribute('sandbox', 'allow-scripts');
      document.body.appendChild(f);
    }, server.url + 'index.html?lang=vi');
    const frame = await (await page.waitForSelector('#lab')).contentFrame();
    await frame.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
    await frame.waitForFunction(() => document.getElementById('status').hidden, null, { timeout: 60000 });
    const inside = await frame.evaluate(() => ({ origin: String(self.origin), by: window.perceptronLab.loadedBy,
      storage: window.perceptronLab.storage, toast: document.getElementById('toast').textContent }));
    assert(inside.origin === 'null', 'the sandboxed page should have origin null: ' + inside.origin);
    assert(inside.by['perceptron-lab.wasm'] === 'script', 'wasm loaded by ' + JSON.stringify(inside.by));
    assert(inside.storage === false, 'storage should be unavailable');
    const notice = await pageText(frame, 'vi', 'storage_off');
    assert(inside.toast === notice, `notice "${inside.toast}" should be the Vietnamese "${notice}"`);
    // The host drives it through postMessage (the only way in across origins).
    const replies = await page.evaluate(async () => {
      const lab = document.getElementById('lab').contentWindow;
      const ask = (id, msg) => new Promise((res) => {
        const on = (e) => { if (e.data && e.data.type === 'perceptronLab:reply' && e.data.id === id) { window.removeEventListener('message', on); res(e.data.result); } };
        window.addEventListener('message', on);
        lab.postMessage(Object.assign({ type: 'perceptronLab', id }, msg), '*');
      });
      const out = [];
      for (const [i, c] of [['preset', 'textbook'], ['set', 'eta', 0.5], ['step']].entries()) out.push(await ask(i + 1, { command: c }));
      out.push(await ask(9, { state: true }));
      return out;
    });
    assert(replies.slice(0, 3).every((r) => r && r.ok), JSON.stringify(replies));
    const s = replies[3];
    // The textbook's first update from w = 0 with eta 0.5 (see run.js): w = (1.5, 1.5), b = 0.5.
    assert(s.step === 1 && s.w[0] === 1.5 && s.w[1] === 1.5 && s.b === 0.5, JSON.stringify(s));
    await frames(frame, 3);
    await page.screenshot({ path: path.join(OUT, 'embed-sandboxed.png') });
    await context.close();
  }],

  ['index.html opened from file:// loads the engine through scripts', async ({ browser }) => {
    const app = await openApp(browser, 'file://' + path.join(WWW, 'index.html') + '?preset=textbook');
    const r = await app.page.evaluate(() => ({ by: window.perceptronLab.loadedBy, step: window.perceptronLab.command('step') }));
    await app.context.close();
    assert(r.by['perceptron-lab.wasm'] === 'script' && r.step.ok, JSON.stringify(r));
  }],

  ['idle: no frames after settling; a command, a click and a key wake it and act', async ({ browser, server }) => {
    const app = await openApp(browser, server.url + '?preset=six');
    const { page } = app;
    await settled(page);
    const a = await stats(page);
    await sleep(3000);
    const b = await stats(page);
    console.log(`  idle frames: ${b.total - a.total} in 3 s (${(b.total - a.total) * 20} per minute); ${a.total} to settle after loading`);
    assert(b.total - a.total <= 1 && b.paused, `idle frames ${b.total - a.total}: ` + JSON.stringify(b));
    // A command wakes it: the canvas shows the change without any input.
    await page.evaluate(() => window.perceptronLab.command('clear'));
    await settled(page);
    const c = await stats(page);
    assert(c.total > b.total, 'a command built no frame');
    // A real click (no command) wakes it and adds a point where it was clicked.
    const at = await page.evaluate(() => window.perceptronLab.toScreen(1, 1));
    await page.mouse.click(at.x, at.y, { delay: 50 });
    await page.waitForFunction(() => window.perceptronLab.state().points === 1, null, { timeout: 5000 });
    await settled(page);
    const d = await stats(page);
    assert(d.total > c.total, 'the click built no frame');
    // A real key: Space starts playing; playing keeps building frames; Space again pauses.
    await page.evaluate(() => { const L = window.perceptronLab; L.command('preset', 'six'); L.command('reset'); L.command('set', 'speed', 5); });
    await settled(page);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.perceptronLab.state().playing, null, { timeout: 5000 });
    const e = await stats(page);
    const step = await page.evaluate(() => window.perceptronLab.state().step);
    await page.waitForFunction((s) => window.perceptronLab.state().step >= s + 2, step, { timeout: 10000 });
    const f = await stats(page);
    assert(f.total - e.total >= 2 && !f.paused, 'playing should keep drawing: ' + JSON.stringify([e, f]));
    await page.keyboard.press('Space');
    await page.waitForFunction(() => !window.perceptronLab.state().playing, null, { timeout: 5000 });
    await settled(page);
    assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
    await app.context.close();
  }],

  ['four labs on one page, three out of view: those build no frames even while playing, and continue where they were', async ({ browser, server }) => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    const page = await context.newPage();
    // The host on the labs' own origin: Chromium does not throttle same-origin frames itself.
    await page.route(server.url + 'four-labs.html', (r) => r.fulfill({ contentType: 'text/html', body:
      '<!doctype html><title>four</title><style>iframe{display:block;width:640px;height:400px;margin-bottom:1600px}</style>' +
      [1, 2, 3, 4].map((i) => `<iframe id="lab${i}" src="index.html?preset=six&amp;embed=1"></iframe>`).join('') }));
    await page.goto(server.url + 'four-labs.html');
    const labs = [];
    for (let i = 1; i <= 4; i++) {
      const f = await (await page.waitForSelector('#lab' + i)).contentFrame();
      await f.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
      labs.push(f);
    }
    for (const f of labs) await f.evaluate(() => { const L = window.perceptronLab; L.command('set', 'max_epochs', 1000000); L.command('set', 'speed', 20); L.command('play'); });
    await sleep(500);
    const before = [], after = [];
    for (const f of labs) before.push({ ...(await stats(f)), step: await f.evaluate(() => window.perceptronLab.state().step) });
    await sleep(2000);
    for (const f of labs) after.push({ ...(await stats(f)), step: await f.evaluate(() => window.perceptronLab.state().step) });
    const built = after.map((x, i) => x.total - before[i].total);
    console.log(`  frames in 2 s while playing: ${built.join(', ')} (lab 1 in view, labs 2-4 out of view)`);
    assert(built[0] >= 4 && after[0].step > before[0].step, 'the lab in view should keep drawing: ' + built[0]);
    for (let i = 1; i < 4; i++) {
      assert(built[i] <= 1 && after[i].step === before[i].step, `lab ${i + 1} out of view: ${built[i]} frames, step ${before[i].step} -> ${after[i].step}`);
    }
    // Scrolled into view, lab 2 continues from where it was (still playing, from its step).
    await page.evaluate(() => document.getElementById('lab2').scrollIntoView());
    await labs[1].waitForFunction((s) => window.perceptronLab.state().step > s, after[1].step, { timeout: 10000 });
    const back = await labs[1].evaluate(() => window.perceptronLab.state());
    assert(back.playing && back.step - after[1].step <= 25, 'lab 2 should continue from step ' + after[1].step + ': ' + back.step);
    const lab1 = await stats(labs[0]);
    await sleep(1000);
    const lab1b = await stats(labs[0]);
    assert(lab1b.total - lab1.total <= 1, 'lab 1, now out of view, still draws: ' + (lab1b.total - lab1.total));

    // Idle (every lab paused): main-thread time and memory per lab, printed.
    for (const f of labs) await f.evaluate(() => window.perceptronLab.command('pause'));
    for (const f of labs) await settled(f);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const m0 = await metric();
    await sleep(5000);
    const m1 = await metric();
    const task = (m1.TaskDuration - m0.TaskDuration) * 1000, script = (m1.ScriptDuration - m0.ScriptDuration) * 1000;
    const idleFrames = [];
    for (const f of labs) idleFrames.push((await stats(f)).total);
    const wasm = [];
    for (const f of labs) wasm.push(await f.evaluate(() => window.perceptronLab.memory().wasm));
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await metric()).JSHeapUsedSize;
    console.log(`  idle page with four labs: main thread ${task.toFixed(1)} ms busy in 5 s (script ${script.toFixed(1)} ms)`);
    console.log(`  memory per lab: wasm ${(wasm[0] / 1048576).toFixed(1)} MiB (${wasm.map((w) => (w / 1048576).toFixed(0)).join('/')}), ` +
                `JS heap of the page with four labs ${(heap / 1048576).toFixed(1)} MiB (${(heap / 4 / 1048576).toFixed(1)} MiB a lab)`);
    assert(task < 500, 'an idle page with four labs keeps the main thread busy: ' + task.toFixed(0) + ' ms in 5 s');
    await page.screenshot({ path: path.join(OUT, 'embed-four-labs.png') });
    await context.close();
  }],

  ['the .wasm blocked: loaded through the script; both blocked or missing: the message says why, in the page language', async ({ browser, server }) => {
    // The pages are independent (each its own context and locale): opened side by side.
    const fallback = (async () => {
      const blocked = await openApp(browser, server.url, { onPage: (p) => p.route('**/perceptron-lab.wasm', (r) => r.abort()) });
      const by = await blocked.page.evaluate(() => window.perceptronLab.loadedBy);
      await blocked.context.close();
      assert(by['perceptron-lab.wasm'] === 'script', 'fallback not used: ' + JSON.stringify(by));
    })();
    // In each language (its browser locale), the wasm's fetch aborted; in the last one, a 404.
    const failing = LANGS.map((lang, i) => [LOCALE[lang], lang, i === LANGS.length - 1 ? 404 : 'abort']).map(async ([locale, lang, how]) => {
      const app = await openApp(browser, server.url, { locale, expectReady: false,
        onPage: (p) => p.route(/perceptron-lab\.wasm(\.js)?$/, (r) => (how === 'abort' ? r.abort() : r.fulfill({ status: 404, body: 'no' }))) });
      await app.page.waitForFunction(() => document.getElementById('status').className === 'error', null, { timeout: 30000 });
      const st = await statusText(app.page);
      const pattern = asPattern(await pageText(app.page, lang, 'load_failed_why'));
      const why = await pageText(app.page, lang, how === 'abort' ? 'why_network' : 'why_http');
      await app.page.screenshot({ path: path.join(OUT, `embed-blocked-${lang}.png`) });
      await app.context.close();
      assert(pattern.test(st.text) && st.text.includes('perceptron-lab.wasm') &&
             st.text.includes(why.replace('{status}', '404')), `${lang}: "${st.text}"`);
    });
    await allOf([fallback, ...failing]);
  }],

  ['loading shows the kilobytes of the .wasm received, in the page language', async ({ browser, server }) => {
    const app = await openApp(browser, server.url + '?lang=vi', { init: () => {
      window.statusTexts = [];
      new MutationObserver(() => { const s = document.getElementById('status'); if (s) window.statusTexts.push(s.textContent); })
        .observe(document, { subtree: true, childList: true, characterData: true });
    } });
    const r = await app.page.evaluate(() => ({ texts: window.statusTexts, bytes: window.perceptronLab.wasmBytes,
      pattern: window.PLA_PAGE_TEXT.vi.loading_bytes }));
    await app.context.close();
    const kb = String(Math.round(r.bytes / 1024));
    const want = r.pattern.replace('{received}', kb).replace('{total}', kb);
    assert(r.bytes > 100000 && r.texts.includes(want), `"${want}" not among ${JSON.stringify(r.texts)}`);
  }],

  ['no WebGL2, no WebAssembly: the page says so', async ({ browser, server }) => {
    const gl = (async () => {
      const noGl = await openApp(browser, server.url, { expectReady: false, init: () => {
        const get = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (kind, ...rest) { return kind === 'webgl2' ? null : get.call(this, kind, ...rest); };
      } });
      const a = await statusText(noGl.page);
      const wantA = await pageText(noGl.page, 'en', 'no_webgl2');
      await noGl.context.close();
      assert(a.error && a.text === wantA, JSON.stringify(a));
    })();
    const wasm = (async () => {
      const noWasm = await openApp(browser, server.url, { expectReady: false, locale: 'zh-CN', init: () => { delete window.WebAssembly; } });
      const b = await statusText(noWasm.page);
      const wantB = await pageText(noWasm.page, 'zh', 'no_wasm');
      await noWasm.context.close();
      assert(b.error && b.text === wantB, JSON.stringify(b));
    })();
    await allOf([gl, wasm]);
  }],

  ['the build without SIMD gives the same numbers as the SIMD build', async ({ browser, server }) => {
    // d = 24 and d = 16 (three and two 8-double blocks of a row), and numbers of rows that
    // are not multiples of the 8 rows a wasm SIMD scan takes at once (the remainders run
    // too): a few hundred rows, because `run` records the per-update curves over the whole
    // set (its cost grows as updates x n).
    const run = async (noSimd) => {
      const app = await openApp(browser, server.url + '?preset=six', { init: noSimd ? () => { window.PLA_NO_SIMD = true; } : undefined });
      const r = await app.page.evaluate(async () => {
        const L = window.perceptronLab, out = [];
        const cmds = [['generate', 'separable', 403, 24, 0.02, 0, 11], ['set', 'order', 'shuffle'], ['set', 'seed', 5],
          ['set', 'eta', 0.3], ['run'], ['set', 'algo', 'pocket'], ['reset'], ['run'], ['generate', 'noisy', 301, 16, 0.01, 0.08, 3],
          ['set', 'algo', 'averaged'], ['set', 'max_epochs', 40], ['reset'], ['run']];
        for (const c of cmds) {
          const res = L.command(...c);
          if (!res.ok) return { error: c.join(' ') + ': ' + res.error };
          // A run longer than a slice goes on in the frames: the state once it is done (without
          // the data, and without what the last frame drew, which depends on when it was drawn:
          // the cues, the canvas's words, where and how often the message was drawn).
          if (c[0] === 'run') {
            const s = await L.idle();
            for (const k of ['data', 'cues', 'canvas']) delete s[k];
            for (const k of ['at', 'shown_at', 'times', 'by_train', 'train_button', 'line']) delete s.message[k];
            out.push(s);
          }
        }
        return { variant: L.variant, by: L.loadedBy, states: out };
      });
      await app.context.close();
      return r;
    };
    // The two builds in two pages side by side.
    const [simd, scalar] = await Promise.all([run(false), run(true)]);
    assert(!simd.error && !scalar.error, simd.error || scalar.error);
    assert(simd.variant === 'simd' && simd.by['perceptron-lab.wasm'] === 'fetch', JSON.stringify(simd.by));
    assert(scalar.variant === 'nosimd' && scalar.by['perceptron-lab-nosimd.wasm'] === 'fetch', JSON.stringify(scalar.by));
    assert(simd.states.length === 3 && scalar.states.length === 3, 'three runs each');
    for (let i = 0; i < simd.states.length; i++) {
      const a = JSON.stringify(simd.states[i]), b = JSON.stringify(scalar.states[i]);
      assert(a === b, `run ${i + 1} differs:\n simd   ${a.slice(0, 400)}\n scalar ${b.slice(0, 400)}`);
    }
    const s = simd.states[0];
    assert(s.updates > 0 && s.converged, 'the first run should converge with updates: ' + JSON.stringify(s).slice(0, 300));
    const last = simd.states[2];
    assert(last.updates > 0 && last.epoch === 40, 'the averaged run on the noisy set should run its 40 epochs: ' + JSON.stringify(last).slice(0, 300));
    console.log(`  ${simd.states.length} runs identical (first: ${s.updates} updates, epoch ${s.epoch}; last: ${last.updates} updates)`);
  }],
];

main(async ({ browser, server }) => {
  const ctx = { browser, server };
  for (const [name, fn] of CHECKS) await check(name, () => fn(ctx));
});
