#!/usr/bin/env node
// Browser tests of the 3-D view (app/view3d.hpp): the threshold-neuron lesson's augmented
// step (in English, Vietnamese and Chinese) and the lifting lesson's lifted step, as
// screenshots; the view's rectangle holds the +1 and −1 markers in the canvas's class
// colours, and dragging turns it.
// Usage: node view3d.test.js --www DIR --out DIR [--only REGEX]
'use strict';
const path = require('path');
const { OUT, check, assert, decodePng, reusableApp, frames, main, LANGS } = require('./lib');

// The Okabe-Ito class colours of the palette (theme.hpp), the same in both themes.
const POS = [0, 114, 178];
const NEG = [230, 159, 0];

// The view's rectangle in the wide layout at text size 1 (app.cpp: the panel is 30% of the
// width within 250..380 px, the plots 32% of the height within 150..320 px; the view takes
// the right half of what is left above the plots), 8 px inside each edge.
function viewRect(width, height) {
  const panel = Math.min(width * 0.45, Math.min(Math.max(width * 0.3, 250), 380));
  const plots = Math.min(height * 0.5, Math.min(Math.max(height * 0.32, 150), 320));
  const left = panel + Math.floor((width - panel) / 2);
  return { x0: left + 8, y0: 8, x1: width - 8, y1: height - plots - 8 };
}

function countIn(img, rect, [r, g, b], tol = 8) {
  let n = 0;
  for (let y = rect.y0; y < rect.y1; y++)
    for (let x = rect.x0; x < rect.x1; x++) {
      const i = (y * img.width + x) * img.channels;
      if (Math.abs(img.px[i] - r) <= tol && Math.abs(img.px[i + 1] - g) <= tol && Math.abs(img.px[i + 2] - b) <= tol) n++;
    }
  return n;
}

// Goes to step `index` (0-based) of the lesson the page opened with, skipping questions.
// (In one evaluate: a round trip per command would cost a frame each.)
async function toStep(page, index) {
  const { replies, s } = await page.evaluate(async (n) => {
    const replies = [];
    // (each step's work, which may go on in the frames, done before the next)
    for (let i = 0; i < n; i++) { replies.push(window.perceptronLab.command('lesson_next')); await window.perceptronLab.idle(); }
    for (let k = 0; k < 6; k++) await new Promise((res) => requestAnimationFrame(res));
    return { replies, s: window.perceptronLab.state() };
  }, index);
  replies.forEach((r) => assert(r && r.ok !== false, 'lesson_next failed: ' + JSON.stringify(r)));
  assert(s.lesson && s.lesson.step === index, 'lesson step ' + JSON.stringify(s.lesson));
  return s;
}

async function shot(page, name) {
  const file = path.join(OUT, name);
  const img = decodePng(await page.screenshot({ path: file }));
  return { file, img };
}

main(async ({ browser, server }) => {
  const viewport = { width: 1280, height: 800 };
  const rect = viewRect(viewport.width, viewport.height);
  // One page for the four checks (lib.js reusableApp: a fresh profile's empty storage at each
  // load); the console errors are those since the last load.
  let shared = null;
  const open = async (url) => {
    if (!shared) shared = await reusableApp(browser, url, { viewport });
    else await shared.visit(url);
    return shared;
  };

  // The step of the threshold-neuron lesson that turns the augmented 3-D view on (the AND neuron).
  const neuron = JSON.parse(require('fs').readFileSync(path.join(__dirname, '../../web/lessons/threshold-neuron.json'), 'utf8'));
  const AUGMENTED = neuron.steps.findIndex((st) => st.setup && st.setup.view3d === 'augmented');
  assert(AUGMENTED > 0, 'threshold-neuron has no step with the augmented view');
  for (const lang of LANGS) {
    await check(`threshold-neuron (${lang}): the last step shows the augmented space with both classes`, async () => {
      const { page, errors } = await open(server.url + `index.html?lesson=threshold-neuron&lang=${lang}`);
      const s = await toStep(page, AUGMENTED);
      assert(s.view3d === 'augmented', 'view3d should be augmented: ' + s.view3d);
      assert(s.preset === 'and', 'the AND neuron: ' + s.preset);
      const { file, img } = await shot(page, `view3d-threshold-neuron-${lang}.png`);
      const pos = countIn(img, rect, POS), neg = countIn(img, rect, NEG);
      console.log(`  ${file}: in the view +1 pixels ${pos}, −1 pixels ${neg}`);
      // One +1 point (and the normal ŵ in the same blue), three −1 squares.
      assert(pos >= 40, `+1 pixels in the view: ${pos}`);
      assert(neg >= 90, `−1 pixels in the view: ${neg}`);
      if (lang === 'en') {
        // Dragging across the view turns it: the picture in its rectangle changes.
        const cx = (rect.x0 + rect.x1) / 2, cy = (rect.y0 + rect.y1) / 2 + 60;
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        for (let i = 1; i <= 6; i++) { await page.mouse.move(cx + 25 * i, cy - 5 * i); await frames(page, 1); }
        await page.mouse.up();
        await frames(page, 4);
        const turned = (await shot(page, 'view3d-threshold-neuron-turned.png')).img;
        let changed = 0;
        for (let y = rect.y0; y < rect.y1; y++)
          for (let x = rect.x0; x < rect.x1; x++) {
            const i = (y * img.width + x) * img.channels;
            if (Math.abs(img.px[i] - turned.px[i]) + Math.abs(img.px[i + 1] - turned.px[i + 1]) > 30) changed++;
          }
        assert(changed > 500, `dragging should turn the view (${changed} pixels changed)`);
        const after = await page.evaluate(() => window.perceptronLab.state());
        assert(after.lesson.step === AUGMENTED && after.view3d === 'augmented', 'the drag changed nothing else');
        assert(countIn(turned, rect, NEG) >= 90, 'the −1 squares are still in the view after turning');
      }
      assert(errors.length === 0, errors.join('\n'));
    });
  }

  await check('lifting: the circles lifted to (x1², x2², x1·x2) in the 3-D view, both classes present', async () => {
    const { page, errors } = await open(server.url + 'index.html?lesson=lifting');
    const ids = await page.evaluate(() => window.perceptronLab.state().lesson.id);
    assert(ids === 'lifting', 'lesson ' + ids);
    const s = await toStep(page, 3);
    assert(s.view3d === 'lifted', 'view3d should be lifted: ' + s.view3d);
    assert(s.lift === 'x1^2,x2^2,x1*x2', 'lift ' + s.lift);
    const { file, img } = await shot(page, 'view3d-lifting.png');
    const pos = countIn(img, rect, POS), neg = countIn(img, rect, NEG);
    console.log(`  ${file}: in the view +1 pixels ${pos}, −1 pixels ${neg}`);
    assert(pos >= 400, `+1 pixels in the view: ${pos}`);
    assert(neg >= 400, `−1 pixels in the view: ${neg}`);
    // Turned off by a command (the JavaScript API's `set`), the canvas takes the whole area back.
    await page.evaluate(() => window.perceptronLab.command('set', 'view3d', 'off'));
    await frames(page, 4);
    const off = await page.evaluate(() => window.perceptronLab.state());
    assert(off.view3d === 'off', 'view3d ' + off.view3d);
    assert(errors.length === 0, errors.join('\n'));
  });
  if (shared) await shared.context.close();
});
