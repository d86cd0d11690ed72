// The browser checks of run.js (e2e.browser), hardening: a long soak, a failed allocation, frame-
// building time, the bad-input corpus.
// A table of rows: [the check's name, async (ctx) => ...]; ctx: {browser, server, app, page,
// visit, openHost, closeHost} (run.js: the page kept open between checks, lib.js reusableApp,
// and the course page of embed-example.html, opened once).
'use strict';
const fs = require('fs');
const path = require('path');
const { OUT, assert, frames } = require('../lib');

module.exports = [
  ['soak: 1,000,000 played steps on a non-separable set keep memory bounded', async ({ server, visit }) => {
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
  }],

  ['a failed memory allocation shows a message, not a blank page', async ({ server, page, visit }) => {
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
  }],

  ['frame-building CPU time with 100, 10,000 and 100,000 points (printed)', async ({ browser, server, page, visit }) => {
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
  }],

  ['the bad-input corpus through the browser import: loads, or refused naming the line, nothing else changes', async ({ browser, server, page, visit }) => {
    const corpusDir = path.join(__dirname, '..', '..', 'corpus');
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
  }],
];
