#!/usr/bin/env node
// The frame rate of the lab while it plays, with 1,000, 10,000 and 100,000 points, in the
// headless Chromium of the browser tests (WebGL2 through SwiftShader, software GL), and,
// given a second web build (--before DIR), the same of that build side by side in the same
// run: the builds alternate size by size and round by round, and each figure is the best
// of the rounds (the machine is shared; other work only ever slows a round down).
// For each build and size it also saves a screenshot of the canvas in a fixed state (the
// same points and steps), to compare by eye and by the pixels that differ.
// Checks: at 100,000 points the build draws at least 4 times the frames of --before
// (when given); after pausing, the page settles and builds no frame in 2 s.
// Usage: node frame_rate.js --www DIR [--before DIR] [--out DIR] [--sizes 1000,10000,100000]
//                           [--seconds S] [--rounds R]
'use strict';
const path = require('path');
const { opt, WWW, OUT, check, assert, openApp, serve, decodePng, main } = require('./lib');

const BEFORE = opt('before', null) ? path.resolve(opt('before')) : null;
const SIZES = opt('sizes', '1000,10000,100000').split(',').map(Number);
const SECONDS = Number(opt('seconds', '4'));
const ROUNDS = Number(opt('rounds', '2'));
const MIN_RATIO = 4;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Frames per second while playing n points (noisy, never converging, so the play goes on), the
// mean CPU time of building a frame (frameStats().mean), and whether the page then settles.
async function measure(browser, url, n) {
  const app = await openApp(browser, url);
  const { page } = app;
  await page.evaluate((k) => {
    const L = window.perceptronLab;
    L.command('generate', 'noisy', k, 2, 0.01, 0.05, 7);
    L.command('set', 'speed', 1);
  }, n);
  await page.evaluate(() => window.perceptronLab.command('play'));
  await sleep(1000);
  const a = await page.evaluate(() => { const s = window.perceptronLab.frameStats(); return { total: s.total, t: performance.now() }; });
  await sleep(SECONDS * 1000);
  const b = await page.evaluate(() => { const s = window.perceptronLab.frameStats(); return { total: s.total, mean: s.mean, t: performance.now() }; });
  await page.evaluate(() => window.perceptronLab.command('pause'));
  // Idle again: the loop pauses, and then no frame is built.
  await page.waitForFunction(() => window.perceptronLab.frameStats().paused, null, { timeout: 20000 });
  const idle0 = await page.evaluate(() => window.perceptronLab.frameStats().total);
  await sleep(2000);
  const idle1 = await page.evaluate(() => window.perceptronLab.frameStats());
  // A fixed state for the picture: reset, 40 steps, settled.
  await page.evaluate(() => {
    const L = window.perceptronLab;
    L.command('reset');
    for (let k = 0; k < 40; k++) L.command('step');
  });
  await page.waitForFunction(() => window.perceptronLab.frameStats().paused, null, { timeout: 20000 });
  const box = await page.evaluate(() => { const r = document.getElementById('canvas').getBoundingClientRect(); return { x: r.left, y: r.top, width: r.width, height: r.height }; });
  const png = await page.screenshot({ clip: box });
  const errors = app.errors.slice();
  await app.context.close();
  const fps = (b.total - a.total) / ((b.t - a.t) / 1000);
  return { fps, buildMs: b.mean, idleFrames: idle1.total - idle0, idlePaused: idle1.paused, png, errors };
}

function pixelsDiffer(p, q) {
  const a = decodePng(p), b = decodePng(q);
  if (a.width !== b.width || a.height !== b.height) return 'every pixel (other sizes)';
  let n = 0, most = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    const o = i * a.channels, r = i * b.channels;
    const diff = Math.max(Math.abs(a.px[o] - b.px[r]), Math.abs(a.px[o + 1] - b.px[r + 1]), Math.abs(a.px[o + 2] - b.px[r + 2]));
    if (diff > 0) n++;
    most = Math.max(most, diff);
  }
  return `${n} pixels (by at most ${most} of 255)`;
}

main(async ({ browser, server }) => {
  const fs = require('fs');
  const before = BEFORE ? await serve(BEFORE) : null;
  const builds = [['this build', server.url]];
  if (before) builds.push(['before', before.url]);
  const best = {};
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const n of SIZES)
        for (const [name, url] of round % 2 ? builds.slice().reverse() : builds) {
          const r = await measure(browser, url, n);
          const key = `${name} ${n}`;
          if (!best[key] || r.fps > best[key].fps) best[key] = Object.assign({ runs: [] }, r, { runs: (best[key] || { runs: [] }).runs });
          best[key].runs.push(r.fps);
          if (round === 0) fs.writeFileSync(path.join(OUT, `frame-rate-${name.replace(/ /g, '-')}-${n}.png`), r.png);
          await check(`${key} points, round ${round + 1}: plays (${r.fps.toFixed(1)} frames/s, ${r.buildMs.toFixed(1)} ms to build a frame), then idle builds no frame`, async () => {
            assert(r.errors.length === 0, 'console errors: ' + r.errors.join(' | '));
            assert(r.fps > 0, 'no frame while playing');
            assert(r.idlePaused && r.idleFrames <= 1, `idle frames ${r.idleFrames}, paused ${r.idlePaused}`);
          });
        }
  } finally {
    if (before) before.proc.kill();
  }
  const table = [];
  const say = (line) => { table.push(line); console.log(line); };
  say(`\nframes per second while playing (best of ${ROUNDS} rounds of ${SECONDS} s; in brackets each round), ` +
              'ms of CPU to build a frame (the lab and ImGui, without GL)');
  say(`machine load (1, 5, 15 min): ${require('os').loadavg().map((v) => v.toFixed(2)).join(', ')}`);
  for (const n of SIZES) {
    const now = best[`this build ${n}`], was = before ? best[`before ${n}`] : null;
    const row = (r) => `${r.fps.toFixed(1)} fps [${r.runs.map((v) => v.toFixed(1)).join(', ')}], ${r.buildMs.toFixed(1)} ms`;
    let line = `  ${String(n).padStart(7)} points: this build ${row(now)}`;
    if (was) line += `; before ${row(was)}; ratio ${(now.fps / was.fps).toFixed(2)}x; ` +
                     `screenshots differ in ${pixelsDiffer(now.png, was.png)}`;
    say(line);
  }
  fs.writeFileSync(path.join(OUT, 'frame-rate.txt'), table.join('\n') + '\n');
  if (before && SIZES.includes(100000)) {
    const ratio = best['this build 100000'].fps / best['before 100000'].fps;
    await check(`100,000 points play at >= ${MIN_RATIO}x the frames of the build before (${ratio.toFixed(2)}x)`, async () => {
      assert(ratio >= MIN_RATIO, `${ratio.toFixed(2)}x`);
    });
  }
});
