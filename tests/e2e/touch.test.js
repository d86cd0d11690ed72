#!/usr/bin/env node
// Browser checks of the lab on a touch screen and of a teacher's lesson that cannot be
// loaded. A phone held upright (390 x 844, isMobile, hasTouch): no hover box over the
// canvas at load; taps add points of both classes (the −1 through the tool row under the
// canvas), choose the point of the next update, and answer a pick_point question; a wrong
// answer shows the right one. A lesson=<URL> that gives HTTP 404, that lives on another
// origin without CORS, that is not JSON, or that is not a valid lesson: the message names
// the address and the cause, stays after 3 s and closes with its button (and Escape).
// On the phone a number question is answered by typing into the page's real text input
// over the lesson's field (the one a phone opens its decimal keyboard for), Enter answering;
// a swipe scrolls the panels. In a compact embed and in a 714x666 frame (Moodle's SCORM
// player) no data point of any step of the dual and textbook lessons lies under the lesson.
// Screenshots in every language (the catalogs of web/i18n). Usage: node touch.test.js --www DIR --out DIR
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { OUT, check, assert, serve, decodePng, openApp, reusableApp, frames, main, SRC, LANGS, LOCALE } = require('./lib');

// A language's catalog (web/i18n/CODE.json): the words the lab shows.
const catalog = (lang) => JSON.parse(fs.readFileSync(path.join(SRC, 'web/i18n', lang + '.json'), 'utf8'));
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// The page pixel of a data point, and of a touch tool button (pos, neg, query, update,
// delete, clear) as the lab drew it last.
const toScreen = (page, x, y) => page.evaluate(([a, b]) => window.perceptronLab.toScreen(a, b), [x, y]);
const toolAt = (page, name) => page.evaluate((n) => {
  const p = JSON.parse(window.Module.ccall('pla_touch_tool', 'string', ['string'], [n]));
  if (!p) return null;
  const r = document.getElementById('canvas').getBoundingClientRect();
  return { x: r.left + p[0], y: r.top + p[1] };
}, name);
const state = (page) => page.evaluate(() => window.perceptronLab.state());
// Where a part of the layout was drawn last (page pixels): "canvas" or a window by name.
const layoutRect = (page, name) => page.evaluate((n) => {
  const p = JSON.parse(window.Module.ccall('pla_layout_rect', 'string', ['string'], [n]));
  if (!p) return null;
  const r = document.getElementById('canvas').getBoundingClientRect();
  return { x0: r.left + p[0], y0: r.top + p[1], x1: r.left + p[2], y1: r.top + p[3] };
}, name);
// A reply any question takes (right or wrong), by its kind.
const ANY_REPLY = { pick_point: '0', yes_no: 'yes', choice: '0', number: '0', place_line: 'none' };
// Answers the open question (if any) with ANY_REPLY and goes to the next step, its work done.
const nextStep = (page) => page.evaluate(async (replies) => {
  const L = window.perceptronLab;
  const l = L.state().lesson;
  if (l && l.question !== 'none' && !l.answered) L.command('answer', replies[l.question]);
  const r = L.command('lesson_next');
  await L.idle();
  return r;
}, ANY_REPLY);
// A tap; then, with `until` (a predicate on state(), run in the page), the frames until the
// lab shows what the tap did (at most 10 s: the assertions that follow say what is missing),
// else 4 frames (a tap that should change nothing, before a screenshot to compare).
async function tap(page, at, until) {
  await page.touchscreen.tap(at.x, at.y);
  if (!until) { await frames(page, 4); return; }
  await page.waitForFunction((src) => (0, eval)('(' + src + ')')(window.perceptronLab.state()), until.toString(),  // eslint-disable-line no-eval
    { timeout: 10000 }).catch(() => null);
}

// The pixels of a rectangle (page pixels) of a screenshot taken at `scale` device pixels per page pixel.
function region(png, scale, x0, y0, x1, y1) {
  const img = decodePng(png), out = [];
  for (let y = Math.round(y0 * scale); y < Math.round(y1 * scale); y++)
    for (let x = Math.round(x0 * scale); x < Math.round(x1 * scale); x++) {
      const i = (y * img.width + x) * img.channels;
      out.push(img.px[i], img.px[i + 1], img.px[i + 2]);
    }
  return out;
}
// The same pixels as region(a full screenshot, ...), from a screenshot of that rectangle only.
// (The screenshot covers the whole page pixels round the rectangle.)
async function regionNow(page, scale, x0, y0, x1, y1) {
  const [X0, Y0, X1, Y1] = [x0, y0, x1, y1].map((v) => Math.round(v * scale));
  const cx = Math.floor(X0 / scale), cy = Math.floor(Y0 / scale);
  const cw = Math.ceil(X1 / scale) - cx, ch = Math.ceil(Y1 / scale) - cy;
  const img = decodePng(await page.screenshot({ clip: { x: cx, y: cy, width: cw, height: ch } }));
  assert(img.width === cw * scale && img.height === ch * scale, `clip ${img.width}x${img.height}, want ${cw * scale}x${ch * scale}`);
  const out = [];
  for (let y = Y0 - cy * scale; y < Y1 - cy * scale; y++)
    for (let x = X0 - cx * scale; x < X1 - cx * scale; x++) {
      const i = (y * img.width + x) * img.channels;
      out.push(img.px[i], img.px[i + 1], img.px[i + 2]);
    }
  return out;
}
const differing = (a, b) => {
  assert(a.length === b.length && a.length > 0, `regions of ${a.length} and ${b.length} values`);
  return a.reduce((n, v, i) => n + (Math.abs(v - b[i]) > 24 ? 1 : 0), 0);
};

// A small lesson of the teacher's kind: a pick_point question without a "why" text on the
// textbook data (x1 = (3, 3) and x2 = (4, 3) are +1, x3 = (1, 1) is −1). At w = 0, b = 0 every
// point has y(w·x + b) = 0 ≤ 0, so the first update, in order, is on x1.
const LESSON = JSON.stringify({ format: 1, id: 'touch-pick', title: { en: 'Tap' },
  steps: [{ narration: { en: 'w = {w}, b = {b}.', vi: 'w = {w}, b = {b}.', zh: 'w = {w}，b = {b}。' },
    setup: { preset: 'textbook', eta: 1, order: 'cyclic' },
    question: { kind: 'pick_point', prompt: { en: 'Which point gives the first update?',
      vi: 'Điểm nào cho lần cập nhật đầu tiên?', zh: '哪个点带来第一次更新？' } } },
  { narration: { en: 'Done.', vi: 'Xong.', zh: '完成。' } }] });

// A phone: taps add points and choose the update, drags move and pan.
async function phoneTaps({ browser, server }) {
  await check('a phone: no hover box at load, the tool row, taps add +1 and −1 points, a query point and choose the update point; drags move a point and pan', async () => {
    const { context, page, errors } = await openApp(browser, server.url + 'index.html?preset=textbook&eta=1&lang=en', PHONE);
    await frames(page, 6);
    const coarse = await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
    assert(coarse, 'the phone context has no coarse pointer');
    const neg = await toolAt(page, 'neg');
    assert(neg, 'no touch tool row under the canvas');
    const loadShot = await page.screenshot({ path: path.join(OUT, 'e2e-touch-load-en.png') });
    // No hover box: the canvas's top-left corner (where the pointer is at load) looks the same
    // after the pointer went elsewhere (a tap below the canvas, on the tool row's hint).
    const hint = { x: 200, y: neg.y + 45 };
    await tap(page, hint);
    const x1 = await toScreen(page, 3, 3);
    const box = [0, 0, 300, Math.min(140, x1.y - 20)];
    const diff = differing(region(loadShot, 2, ...box), await regionNow(page, 2, ...box));
    assert(diff === 0, `the canvas corner changed after the pointer left it (${diff} values): a hover box at load`);
    let s = await state(page);
    assert(s.points === 3, 'the tap on the hint changed the data: ' + s.points);
    // A tap on empty space adds a +1 point there, and leaves no box where the finger was:
    // the region right of and below the tap looks the same once the pointer went elsewhere.
    const at = await toScreen(page, 1, 3);
    await tap(page, at);
    s = await state(page);
    assert(s.points === 4 && s.data[3][2] === 1, 'tap +1: ' + JSON.stringify(s.data));
    assert(Math.abs(s.data[3][0] - 1) < 0.1 && Math.abs(s.data[3][1] - 3) < 0.1, 'tap +1 at ' + s.data[3]);
    const tapShot = await page.screenshot({ path: path.join(OUT, 'e2e-touch-after-tap-en.png') });
    await tap(page, hint);
    const around = [Math.max(0, at.x - 20), Math.max(0, at.y - 20), Math.min(389, at.x + 260), Math.min(neg.y - 30, at.y + 110)];
    const after = differing(region(tapShot, 2, ...around), await regionNow(page, 2, ...around));
    assert(after === 0, `the canvas round the tap changed after the pointer left it (${after} values): a box after the tap`);
    // −1 on the tool row, then a tap adds a −1 point.
    await tap(page, neg, (st) => st.label === -1);
    s = await state(page);
    assert(s.label === -1, 'the −1 tool did not select the class: ' + s.label);
    await tap(page, await toScreen(page, 2, 2.6), (st) => st.points === 5);
    s = await state(page);
    assert(s.points === 5 && s.data[4][2] === -1, 'tap −1: ' + JSON.stringify(s.data));
    await page.screenshot({ path: path.join(OUT, 'e2e-touch-points-en.png') });
    // "update on": a tap on x2 = (4, 3), misclassified at w = 0, b = 0, updates on it:
    // w = 1·(+1)·(4, 3) = (4, 3), b = 1.
    assert(s.updates === 0, 'updates before: ' + s.updates);
    await tap(page, await toolAt(page, 'update'));
    await tap(page, await toScreen(page, 4, 3), (st) => st.updates > 0 || st.points !== 5);
    s = await state(page);
    assert(s.updates === 1 && s.w[0] === 4 && s.w[1] === 3 && s.b === 1, `update on x2: w = ${s.w}, b = ${s.b}`);
    assert(s.points === 5, 'the update tap added a point');
    // A query point by tap.
    await tap(page, await toolAt(page, 'query'));
    await tap(page, await toScreen(page, 2, 1.5), (st) => st.queries.length > 0 || st.points !== 5);
    s = await state(page);
    assert(s.queries.length === 1 && s.points === 5, 'query: ' + JSON.stringify(s.queries));
    await page.screenshot({ path: path.join(OUT, 'e2e-touch-tools-en.png') });
    // As the hint says: with +1 or −1 chosen, a finger dragging a point moves it, and one
    // dragging empty space pans (the data stay where they are).
    await tap(page, await toolAt(page, 'pos'));
    const cdp = await context.newCDPSession(page);
    const drag = async (from, to) => {
      const point = (p) => [{ x: p.x, y: p.y, id: 1 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
      await frames(page, 2);
      for (let i = 1; i <= 4; i++) {  // a frame for each move: the lab sees the finger travel
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove',
          touchPoints: point({ x: from.x + (to.x - from.x) * i / 4, y: from.y + (to.y - from.y) * i / 4 }) });
        await frames(page, 1);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await frames(page, 2);
    };
    await drag(await toScreen(page, 1, 1), await toScreen(page, 1.5, 0.5));
    s = await state(page);
    assert(s.points === 5 && Math.abs(s.data[2][0] - 1.5) < 0.1 && Math.abs(s.data[2][1] - 0.5) < 0.1,
      'drag x3 to (1.5, 0.5): ' + JSON.stringify(s.data[2]));
    const before = await toScreen(page, 2, 2);
    await drag(await toScreen(page, 3, 2), await toScreen(page, 3.5, 2));
    const moved = await toScreen(page, 2, 2);
    s = await state(page);
    assert(s.points === 5 && moved.x - before.x > 20, `a drag of empty space should pan: ${before.x} -> ${moved.x}`);
    assert(errors.length === 0, errors.join(' | '));
    await context.close();
  });
}

// A phone in each language: a number question typed into the real input.
async function numberQuestions({ browser, server }) {
  // A number question on the phone: textbook step 3 ("Epoch 2 starts. After the next update,
  // b = ?"). After update 2 (on x3) w = (2, 2), b = 0; epoch 2 visits x1: 1·(6 + 6 + 0) > 0,
  // x2: 1·(8 + 6) > 0, x3: −1·(2 + 2 + 0) ≤ 0, so the next update is on x3 and b = 0 − 1 = −1.
  for (const lang of LANGS) {
    await check(`a phone (${lang}): a number question is answered by typing into a real text input (decimal keyboard) and Enter`, async () => {
      const { context, page, errors } = await openApp(browser, server.url + `index.html?lang=${lang}`,
        Object.assign({ locale: LOCALE[lang] }, PHONE));
      await frames(page, 4);
      assert(await page.evaluate(() => document.getElementById('pla-answer').hidden), 'the answer input shows with no question');
      assert((await page.evaluate(() => window.perceptronLab.command('lesson', 'textbook'))).ok, 'lesson textbook');
      await page.evaluate(() => window.perceptronLab.idle());
      for (let i = 0; i < 10; i++) {
        const l = (await state(page)).lesson;
        if (l.question === 'number') break;
        assert((await nextStep(page)).ok, 'lesson_next at step ' + (l.step + 1));
      }
      let s = await state(page);
      assert(s.lesson.step === 2 && s.lesson.question === 'number' && !s.lesson.answered, 'not at step 3: ' + JSON.stringify(s.lesson));
      await page.waitForFunction(() => !document.getElementById('pla-answer').hidden, null, { timeout: 10000 });
      // The input lies over the lab's field, a finger high; a tap on it gives it the focus.
      const box = await page.evaluate(() => { const r = document.getElementById('pla-answer').getBoundingClientRect();
        return { x: r.left, y: r.top, w: r.width, h: r.height }; });
      assert(box.h >= 44 && box.w >= 60, 'the answer field is ' + JSON.stringify(box));
      await tap(page, { x: box.x + box.w / 2, y: box.y + box.h / 2 });
      const focused = await page.evaluate(() => { const e = document.activeElement;
        return { tag: e.tagName, id: e.id, inputMode: e.inputMode, type: e.type, enter: e.enterKeyHint, label: e.getAttribute('aria-label') }; });
      assert(focused.tag === 'INPUT' && focused.id === 'pla-answer' && focused.inputMode === 'decimal' && focused.type === 'text',
        'the focus after a tap on the field: ' + JSON.stringify(focused));
      assert(focused.enter === 'done' && focused.label && focused.label.length > 10, 'the input\'s name and Enter key: ' + JSON.stringify(focused));
      await page.keyboard.type('-1');
      await frames(page, 3);
      const value = await page.evaluate(() => document.getElementById('pla-answer').value);
      assert(value === '-1', 'the input shows ' + JSON.stringify(value));
      s = await state(page);
      assert(!s.lesson.answered && s.points === 3, 'typing answered or edited the lab: ' + JSON.stringify(s.lesson));
      await page.screenshot({ path: path.join(OUT, lang === 'en' ? 'e2e-phone-number-question.png' : `e2e-phone-number-question-${lang}.png`) });
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.perceptronLab.state().lesson.answered, null, { timeout: 10000 }).catch(() => null);
      s = await state(page);
      assert(s.lesson.answered && s.lesson.correct, 'Enter did not answer −1: ' + JSON.stringify(s.lesson));
      // The lesson recorded that answer (the progress a learning platform gets).
      const rec = JSON.parse(await page.evaluate(() => window.perceptronLab.getState())).progress.lessons.textbook;
      const answer = rec.answers.find((a) => a[0] === 3);
      assert(answer && answer[1] === '-1' && answer[2] === true, 'recorded: ' + JSON.stringify(rec.answers));
      await frames(page, 4);
      const after = await page.evaluate(() => ({ hidden: document.getElementById('pla-answer').hidden, active: document.activeElement.id }));
      assert(after.hidden && after.active !== 'pla-answer', 'the input stays after the answer: ' + JSON.stringify(after));
      await page.screenshot({ path: path.join(OUT, `e2e-phone-number-answered-${lang}.png`) });
      assert(errors.length === 0, errors.join(' | '));
      await context.close();
    });
  }
}

// Keyboard only into the number field; a finger swipe scrolls the panel.
async function keyboardAndSwipe({ browser, server }) {
  await check('keyboard only: Tab reaches the number field, the typing goes into the real input, Enter answers, Tab goes on', async () => {
    const { context, page, errors } = await openApp(browser, server.url + 'index.html?lang=en');
    assert((await page.evaluate(() => window.perceptronLab.command('lesson', 'textbook'))).ok, 'lesson textbook');
    await page.evaluate(() => window.perceptronLab.idle());  // (its file fetched first)
    for (let i = 0; i < 10 && (await state(page)).lesson.question !== 'number'; i++) assert((await nextStep(page)).ok, 'lesson_next');
    await frames(page, 4);
    await page.evaluate(() => document.getElementById('canvas').focus());
    let reached = -1;
    for (let i = 0; i < 40 && reached < 0; i++) {
      await page.keyboard.press('Tab');
      await frames(page, 3);
      if (await page.evaluate(() => document.activeElement.id === 'pla-answer')) reached = i + 1;
    }
    assert(reached > 0, 'Tab never reached the number field');
    const stepBefore = (await state(page)).step;
    await page.keyboard.type('-1');
    assert(await page.evaluate(() => document.getElementById('pla-answer').value) === '-1', 'typed text not in the input');
    let s = await state(page);
    assert(!s.lesson.answered && s.step === stepBefore, 'the typing reached the lab: ' + JSON.stringify({ lesson: s.lesson, step: s.step }));
    // Tab leaves the field for the next control (Check); Shift+Tab comes back to the field.
    await page.keyboard.press('Tab');
    await frames(page, 3);
    assert(await page.evaluate(() => document.activeElement.id !== 'pla-answer'), 'Tab stayed in the field');
    await page.keyboard.press('Shift+Tab');
    // (the lab moves its focus back to the field in a frame, then the page gives the input the focus)
    const back = await page.waitForFunction(() => document.activeElement.id === 'pla-answer', null, { timeout: 5000 })
      .then(() => true, () => false);
    assert(back, 'Shift+Tab did not come back to the field');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.perceptronLab.state().lesson.answered, null, { timeout: 10000 }).catch(() => null);
    s = await state(page);
    assert(s.lesson.answered && s.lesson.correct, 'Enter did not answer −1: ' + JSON.stringify(s.lesson));
    await page.screenshot({ path: path.join(OUT, 'e2e-keyboard-number-answered.png') });
    assert(errors.length === 0, errors.join(' | '));
    await context.close();
  });

  await check('a phone: a finger swipe scrolls the panel (and presses nothing), back again to the same picture', async () => {
    const { context, page, errors } = await openApp(browser, server.url + 'index.html?lang=en&preset=textbook', PHONE);
    await frames(page, 6);
    const panel = await layoutRect(page, 'Perceptron Lab');
    assert(panel && panel.y1 - panel.y0 > 200, 'no panel under the canvas: ' + JSON.stringify(panel));
    const cdp = await context.newCDPSession(page);
    const swipe = async (from, dy) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y, id: 1 }] });
      await frames(page, 2);
      for (let i = 1; i <= 6; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y + dy * i / 6, id: 1 }] });
        await frames(page, 1);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await frames(page, 3);
    };
    // The panel's top (the finger ends the swipe back further down, where a control may show
    // the pointer over it), without its scrollbar.
    const area = [panel.x0 + 4, panel.y0 + 4, panel.x1 - 30, panel.y0 + 240];
    const before = await regionNow(page, 2, ...area);
    // Up from the Lessons button (the panel's first control).
    await swipe({ x: (panel.x0 + panel.x1) / 2, y: panel.y0 + 30 }, -220);
    let s = await state(page);
    assert(!s.lessons_open && s.points === 3, 'the swipe pressed a button or edited: ' + JSON.stringify({ open: s.lessons_open, points: s.points }));
    const moved = differing(before, await regionNow(page, 2, ...area));
    assert(moved > 1000, `the panel did not scroll (${moved} values changed)`);
    await page.screenshot({ path: path.join(OUT, 'e2e-phone-swiped.png') });
    await swipe({ x: (panel.x0 + panel.x1) / 2, y: panel.y0 + 60 }, 400);
    const back = differing(before, await regionNow(page, 2, ...area));
    assert(back === 0, `scrolled back, the panel differs in ${back} values`);
    s = await state(page);
    assert(!s.lessons_open && s.points === 3, 'the swipe back pressed a button');
    assert(errors.length === 0, errors.join(' | '));
    await context.close();
  });
}

// Small frames in each language: no data point under the lesson.
async function smallFrames({ browser, server }) {
  // Compact embed (the lesson above the canvas), Moodle's 714x666 SCORM frame and 955x597 H5P frame (the lesson
  // in the panel beside it): at every step of the dual and textbook lessons each data point is
  // drawn on the canvas and not under the lesson, in every language.
  const FRAMES = [['embed-800x500', { width: 800, height: 500 }, '&embed=1', 'Lesson'],
    ['embed-714x666', { width: 714, height: 666 }, '&embed=1', 'Lesson'],
    ['714x666', { width: 714, height: 666 }, '', 'Perceptron Lab'],
    ['955x597', { width: 955, height: 597 }, '', 'Perceptron Lab']];
  // English in every frame; each other language in two (Vietnamese, the longest texts, in the
  // review's 800x500 embed and Moodle's SCORM frame, Chinese in Moodle's two frames; a further
  // language takes the next pair in turn: the app test SmallFrames walks every frame).
  const PAIRS = [[FRAMES[0], FRAMES[2]], [FRAMES[2], FRAMES[3]]];
  const FRAMES_OF = { en: FRAMES };
  LANGS.filter((l) => l !== 'en').forEach((l, i) => { FRAMES_OF[l] = PAIRS[i % PAIRS.length]; });
  for (const lang of LANGS) {
    await check(`small frames (${lang}): no data point under the lesson at any step of dual and textbook`, async () => {
      const app = await reusableApp(browser, server.url + `index.html?lang=${lang}`, { viewport: FRAMES_OF[lang][0][1], locale: LOCALE[lang] });
      const problems = [];
      let walked = 0;
      for (const [name, viewport, extra, lessonWindow] of FRAMES_OF[lang]) {
        const { page, errors } = await app.visit(server.url + `index.html?lang=${lang}${extra}`, { viewport });
        for (const id of ['dual', 'textbook']) {
          assert((await page.evaluate((l) => window.perceptronLab.command('lesson', l), id)).ok, 'lesson ' + id);
          await page.evaluate(() => window.perceptronLab.idle());
          for (let guard = 0; guard < 30; guard++) {
            await frames(page, 4);
            // The state, the two rectangles and every point's place in one round trip.
            const { s, canvasRect, lesson, at } = await page.evaluate((win) => {
              const rect = (n) => {
                const q = JSON.parse(window.Module.ccall('pla_layout_rect', 'string', ['string'], [n]));
                if (!q) return null;
                const r = document.getElementById('canvas').getBoundingClientRect();
                return { x0: r.left + q[0], y0: r.top + q[1], x1: r.left + q[2], y1: r.top + q[3] };
              };
              const st = window.perceptronLab.state();
              return { s: st, canvasRect: rect('canvas'), lesson: rect(win),
                at: (st.data || []).map((d) => window.perceptronLab.toScreen(d[0], d[1])) };
            }, lessonWindow);
            if (!s.lesson || s.lesson.done) break;
            assert(canvasRect && lesson, `${name} ${id} step ${s.lesson.step + 1}: no canvas or lesson window`);
            for (let i = 0; i < s.data.length; i++) {
              const p = at[i];
              const on = p.x >= canvasRect.x0 && p.x <= canvasRect.x1 && p.y >= canvasRect.y0 && p.y <= canvasRect.y1;
              const under = p.x >= lesson.x0 && p.x <= lesson.x1 && p.y >= lesson.y0 && p.y <= lesson.y1;
              if (!on || under) problems.push(`${name} ${id} step ${s.lesson.step + 1}: x${i + 1} at (${Math.round(p.x)}, ${Math.round(p.y)}) ${under ? 'under the lesson' : 'off the canvas'}`);
            }
            walked++;
            if (name === '714x666' && id === 'textbook' && s.lesson.step === 2)
              await page.screenshot({ path: path.join(OUT, lang === 'en' ? 'e2e-lesson-714x666.png' : `e2e-lesson-714x666-${lang}.png`) });
            if (name === 'embed-800x500' && id === 'dual' && s.lesson.step === 0)
              await page.screenshot({ path: path.join(OUT, `e2e-lesson-embed-800x500-${lang}.png`) });
            assert((await nextStep(page)).ok, `${name} ${id}: lesson_next at step ${s.lesson.step + 1}`);
          }
        }
        assert(errors.length === 0, errors.join(' | '));
      }
      await app.context.close();
      assert(walked >= FRAMES_OF[lang].length * 18, 'steps walked: ' + walked);
      assert(problems.length === 0, problems.join('; '));
    });
  }
}

// A teacher's lesson that cannot be loaded (404, CORS), in each language.
async function lessonErrors({ browser, server, other, kept }) {
  // For each cause, in each language: the pages (two causes in every language) at once (each
  // its own context), so that their 3 s of waiting overlap. The 404 check's page is kept for
  // the pick_point check of its language (ctx.kept).
  const cases = [
    ['404', server.url + 'no-such-lesson.json', 'HTTP 404'],
    ['cors', other.url + 'lesson.json', 'Access-Control-Allow-Origin'],
  ];
  await Promise.all(LANGS.flatMap((lang) => cases.map(([kind, url, needle]) =>
      check(`a teacher's lesson (${kind}, ${lang}) that cannot be loaded is explained and stays until closed`, async () => {
        const { context, page, errors } = await openApp(browser,
          server.url + `index.html?lang=${lang}&lesson=${encodeURIComponent(url)}`, Object.assign({ locale: LOCALE[lang] }, PHONE));
        await page.waitForFunction(() => !document.getElementById('lesson-error').hidden, null, { timeout: 15000 });
        const shown = Date.now();
        const text = await page.evaluate(() => document.getElementById('lesson-error').innerText);
        assert(text.includes(url), `the message does not name the address ${url}: ${text}`);
        assert(text.includes(needle), `the message does not name the cause (${needle}): ${text}`);
        if (kind === 'cors') {
          const origin = new URL(server.url).origin;
          assert(text.includes(origin), 'the CORS message does not name the page origin ' + origin + ': ' + text);
        }
        const focused = await page.evaluate(() => document.activeElement && document.activeElement.parentElement &&
          document.activeElement.parentElement.id);
        assert(focused === 'lesson-error', 'the close button does not have the focus: ' + focused);
        await page.screenshot({ path: path.join(OUT, `e2e-lesson-error-${kind}-${lang}.png`) });
        await page.waitForTimeout(Math.max(0, shown + 3000 - Date.now()));  // 3 s after it showed
        assert(await page.evaluate(() => !document.getElementById('lesson-error').hidden), 'the message went away by itself');
        if (kind === '404') {
          await page.tap('#lesson-error button');
        } else {
          await page.keyboard.press('Enter');  // the focused button, from the keyboard
        }
        assert(await page.evaluate(() => document.getElementById('lesson-error').hidden), 'the close button did not close it');
        const s = await state(page);
        assert(!s.lesson || s.lesson.id !== 'touch-pick', 'a lesson was loaded');
        // The 404 and the blocked cross-origin fetch are expected console errors.
        const unexpected = errors.filter((e) => !/404|CORS|Access-Control|Failed to load resource|ERR_FAILED/.test(e));
        assert(unexpected.length === 0, unexpected.join(' | '));
        if (kind === '404') kept[lang] = { context, page, errors };
        else await context.close();
      }))));
}

// A phone in each language: a pick_point question answered by a tap.
async function pickPoint({ browser, server, kept }) {
  // On the phone page of the 404 check of the language (its message closed: the lab in that
  // language without a lesson), or a fresh one where that check failed early.
  for (const lang of LANGS) {
    await check(`a phone (${lang}): a pick_point question answered by a tap; a wrong answer shows the right one`, async () => {
      const { context, page, errors } = kept[lang] || await openApp(browser, server.url + `index.html?lang=${lang}`,
        Object.assign({ locale: LOCALE[lang] }, PHONE));
      delete kept[lang];
      errors.length = 0;  // the 404 of the check before is its own
      await frames(page, 4);
      // The right answer by a tap a few pixels off x1.
      let r = await page.evaluate((t) => window.perceptronLab.command('lesson', t), LESSON);
      assert(r.ok, JSON.stringify(r));
      await frames(page, 4);
      const x1 = await toScreen(page, 3, 3);
      await tap(page, { x: x1.x + 6, y: x1.y - 5 }, (st) => st.lesson && st.lesson.answered);
      let s = await state(page);
      assert(s.lesson.answered && s.lesson.correct, 'tap on x1: ' + JSON.stringify(s.lesson));
      // Again, a tap on x3: wrong; the panel (and the description) say the answer is x1.
      r = await page.evaluate((t) => window.perceptronLab.command('lesson', t), LESSON);
      await frames(page, 4);
      await tap(page, await toScreen(page, 1, 1), (st) => st.lesson && st.lesson.answered);
      s = await state(page);
      assert(s.lesson.answered && !s.lesson.correct, 'tap on x3: ' + JSON.stringify(s.lesson));
      const words = await page.evaluate(() => window.perceptronLab.describe());
      const lessonText = JSON.stringify(words.sections.filter((x) => x.id === 'lesson'));
      const want = catalog(lang).lesson.answer_is.replace('{answer}', 'x1');
      assert(lessonText.includes(want), `the description lacks "${want}": ${lessonText}`);
      await page.screenshot({ path: path.join(OUT, `e2e-touch-wrong-${lang}.png`) });
      assert(errors.length === 0, errors.join(' | '));
      await context.close();
    });
  }
}

// A teacher's lesson that is not JSON or not valid.
async function badLessons({ browser, server }) {
  await check('a teacher\'s lesson that is not JSON, or not a valid lesson, is explained; Escape closes it', async () => {
    const www = new URL(server.url);
    await Promise.all([['<!doctype html><p>a page about the lesson</p>', 'is not JSON'],
      [JSON.stringify({ format: 1, id: 'bad', title: { en: 'Bad' }, steps: [{ narration: { en: 'x' }, setup: { preset: 'textbook' },
        question: { kind: 'number', prompt: { en: 'b?' }, answer: 'nine' } }] }), 'step 1 of 1, question, answer']].map(async ([body, needle]) => {
      const { context, page } = await openApp(browser, server.url + 'index.html?lesson=lessons/mine.json', Object.assign({
        onPage: (p) => p.route(www.origin + '/lessons/mine.json', (r) => r.fulfill({ contentType: 'application/json', body })) }, PHONE));
      await page.waitForFunction(() => !document.getElementById('lesson-error').hidden, null, { timeout: 15000 });
      const text = await page.evaluate(() => document.getElementById('lesson-error').innerText);
      assert(text.includes(www.origin + '/lessons/mine.json') && text.includes(needle), text);
      await page.keyboard.press('Escape');
      assert(await page.evaluate(() => document.getElementById('lesson-error').hidden), 'Escape did not close it');
      await context.close();
    }));
  });
}

main(async ({ browser, server }) => {
  // A second server: another origin (another port) that sends no CORS header.
  const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pla-touch-'));
  fs.writeFileSync(path.join(otherDir, 'lesson.json'), LESSON);
  const other = await serve(otherDir);
  try {
    const ctx = { browser, server, other, kept: {} };
    await phoneTaps(ctx);
    await numberQuestions(ctx);
    await keyboardAndSwipe(ctx);
    await smallFrames(ctx);
    await lessonErrors(ctx);
    await pickPoint(ctx);
    await badLessons(ctx);
  } finally {
    other.proc.kill();
    fs.rmSync(otherDir, { recursive: true, force: true });
  }
});
