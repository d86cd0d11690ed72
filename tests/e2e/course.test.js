#!/usr/bin/env node
// Browser checks of the course (web/lessons/course.json) and the student's progress: the
// Lessons menu, opened with the L key, lists every built-in lesson in course order with
// its title in the language in use, its length and the progress (state().lessons and a
// screenshot in every language: the catalogs of web/i18n); the progress survives a reload; a lesson resumes at its
// step after a reload with the same numbers and the answers given (a teacher's lesson from
// its link too); in embed mode the menu
// is hidden unless the link sets lessons_menu=1.
// Usage: node course.test.js --www DIR --out DIR
'use strict';
const fs = require('fs');
const path = require('path');
const { OUT, check, assert, openApp, frames, decodePng, main, walkLesson, LANGUAGES, LANGS } = require('./lib');

const SRC = path.join(__dirname, '../..');
const COURSE = JSON.parse(fs.readFileSync(path.join(SRC, 'web/lessons/course.json'), 'utf8')).lessons;
const LESSON = {};
for (const id of COURSE) LESSON[id] = JSON.parse(fs.readFileSync(path.join(SRC, `web/lessons/${id}.json`), 'utf8'));
const CATALOG = {};
for (const l of LANGS) CATALOG[l] = JSON.parse(fs.readFileSync(path.join(SRC, `web/i18n/${l}.json`), 'utf8'));

const state = (page) => page.evaluate(() => window.perceptronLab.state());
const command = (page, ...args) => page.evaluate((a) => window.perceptronLab.command(...a), args);
const lessonItems = (page) => page.evaluate(() => {
  const s = window.perceptronLab.describe().sections.find((x) => x.id === 'lesson');
  return s ? s.items : null;
});
async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
  await page.waitForFunction(() => document.getElementById('status').hidden, null, { timeout: 60000 });
  await frames(page, 4);
}
// Share of pixels that differ between two screenshots of the same size.
function changed(a, b) {
  const x = decodePng(a), y = decodePng(b);
  assert(x.width === y.width && x.height === y.height, 'screenshot sizes differ');
  let n = 0;
  for (let i = 0; i < x.px.length; i += x.channels) {
    if (Math.abs(x.px[i] - y.px[i]) + Math.abs(x.px[i + 1] - y.px[i + 1]) + Math.abs(x.px[i + 2] - y.px[i + 2]) > 30) n++;
  }
  return n / (x.width * x.height);
}
// Walks the open lesson `n` steps on (or, with n null, to its end), inside the page (one
// evaluate; a step's work in slices is waited for): each open question answered with yes, 0 or
// "none" (place_line), the `wrongAt`-th answer of the walk (1-based) wrongly (no, 1, "1 0 0"),
// or none with answers false. Every answer and lesson_next must be accepted. Returns the state.
// (lib.js walkLesson, without reading the texts.)
function rightOrWrong(q, asked, lesson, wrongAt) {
  if (!q) return null;
  const wrong = asked + 1 === wrongAt;
  if (q === 'yes_no') return wrong ? 'no' : 'yes';
  if (q === 'place_line') return wrong ? '1 0 0' : 'none';
  return wrong ? '1' : '0';
}
async function walk(page, n, { answers = true, wrongAt = 0 } = {}) {
  const w = await walkLesson(page, { reply: answers ? rightOrWrong : null, replyArg: wrongAt,
    guard: n === null ? 50 : n, words: false });
  const refused = [];
  for (const st of w.steps) {
    if (st.result && !st.result.ok) refused.push('answer ' + st.answer);
    if (st.next && !st.next.ok) refused.push('lesson_next');
  }
  assert(refused.length === 0, 'refused: ' + refused.join(', '));
  if (n !== null) assert(w.steps.length === n, `walked ${w.steps.length} steps of ${n}: the lesson ended first`);
  return w.state;
}
const yesOrZero = (s) => (s.lesson.question === 'yes_no' ? 'yes' : s.lesson.question === 'place_line' ? 'none' : '0');

// The checks: a table of rows [the check's name, async (ctx) => ...] (ctx: the browser, the
// server of the web folder), run in order by main.
const CHECKS = [
  ['the Lessons menu (key L) lists every lesson in course order with its progress (every language)', async ({ browser, server }) => {
    const app = await openApp(browser, server.url + 'index.html?lang=en');
    const { page } = app;
    try {
      // Some progress first: the dual lesson two steps on.
      assert((await command(page, 'lesson_open', 'dual')).ok, 'lesson_open dual');
      await walk(page, 2);
      assert((await command(page, 'lesson_exit')).ok, 'lesson_exit');
      for (const lang of LANGS) {
        assert((await command(page, 'set', 'lang', lang)).ok, 'set lang');
        await page.waitForFunction(() => document.getElementById('status').hidden);
        await frames(page, 4);
        const closed = await page.screenshot();
        assert(!(await state(page)).lessons_open, 'the menu is open before L');
        await page.keyboard.press('l');
        // The frame that takes the key opens the menu (at most 5 s: the assertion below says
        // if it did not); then the frames that lay it out and draw it.
        await page.waitForFunction(() => window.perceptronLab.state().lessons_open, null, { timeout: 5000 }).catch(() => null);
        if (LANGUAGES.find((l) => l.code === lang).fonts.length) {  // the language's own font arrives (Chinese)
          await page.waitForFunction((l) => ['loaded', 'failed'].includes(window.perceptronLab.fonts[l]), lang, { timeout: 10000 });
        }
        await frames(page, 3);
        const file = path.join(OUT, `course-menu-${lang}.png`);
        const open = await page.screenshot({ path: file });
        const s = await state(page);
        assert(s.lessons_open === true, 'L should open the menu');
        assert(JSON.stringify(s.lessons.map((l) => l.id)) === JSON.stringify(COURSE), 'order: ' + s.lessons.map((l) => l.id));
        for (const l of s.lessons) {
          const src = LESSON[l.id];
          assert(l.title === src.title[lang], `${l.id} title (${lang}): ${l.title}`);
          assert(l.steps === src.steps.length, `${l.id} steps ${l.steps}`);
          assert(l.questions === src.steps.filter((x) => x.question).length, `${l.id} questions ${l.questions}`);
          const started = l.id === 'dual';
          assert(l.step === (started ? 3 : 0) && l.done === false, `${l.id} progress ${JSON.stringify(l)}`);
        }
        // The dialog covers a good part of the screen: the screenshot changed.
        const share = changed(closed, open);
        console.log(`  ${lang}: menu drawn over ${(share * 100).toFixed(1)}% of the page; ${file}`);
        assert(share > 0.1, `the menu did not show (${share})`);
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !window.perceptronLab.state().lessons_open, null, { timeout: 5000 }).catch(() => null);
        assert(!(await state(page)).lessons_open, 'Escape closes the menu');
      }
      assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
    } finally { await app.context.close(); }
  }],

  ['progress survives a reload; a finished lesson reads done with its right answers', async ({ browser, server }) => {
    const app = await openApp(browser, server.url + 'index.html');
    const { page } = app;
    try {
      assert((await command(page, 'lesson_open', 'customers')).ok, 'lesson_open');
      const s = await walk(page, null);
      assert(s.lesson.done, 'customers should be done');
      assert((await command(page, 'lesson_open', 'novikoff')).ok, 'lesson_open novikoff');
      await walk(page, 3);
      const before = (await state(page)).lessons;
      const c = before.find((l) => l.id === 'customers'), n = before.find((l) => l.id === 'novikoff');
      assert(c.done && c.step === c.steps && c.right <= c.questions, JSON.stringify(c));
      assert(!n.done && n.step === 4, JSON.stringify(n));
      await reload(page);
      const after = (await state(page)).lessons;
      assert(JSON.stringify(after) === JSON.stringify(before), 'after reload: ' + JSON.stringify(after));
      // A new page of the same site (another link) has the same record.
      const other = await page.context().newPage();
      await other.goto(server.url + 'index.html?preset=and');
      await other.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
      const o = await other.evaluate(() => window.perceptronLab.state());
      assert(JSON.stringify(o.lessons) === JSON.stringify(before), 'another link: ' + JSON.stringify(o.lessons));
      assert(!o.lesson, 'a link with its own data opens no lesson');
      console.log(`  customers: ${c.right} of ${c.questions} right; novikoff at step ${n.step} of ${n.steps}`);
      assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
    } finally { await app.context.close(); }
  }],

  ...[['opened by its link', 'index.html?lesson=textbook&lang=vi'], ['chosen in the menu', 'index.html?lang=vi']].map(([how, url]) => [
    `a lesson ${how} resumes at its step after a reload (same step, numbers and answers)`, async ({ browser, server }) => {
    const app = await openApp(browser, server.url + url);
    const { page } = app;
    try {
      if (!(await state(page)).lesson) assert((await command(page, 'lesson_open', 'textbook')).ok, 'lesson_open');
      // Four steps on (the second question answered wrongly), then the current question answered.
      let s = await walk(page, 4, { wrongAt: 2 });
      for (let guard = 0; guard < 10 && !s.lesson.question; guard++) s = await walk(page, 1, { answers: false });
      assert((await command(page, 'answer', yesOrZero(s))).ok, 'answer');
      await frames(page, 3);
      const before = await state(page), items = await lessonItems(page);
      const shotBefore = await page.screenshot({ path: path.join(OUT, `course-resume-before-${how.split(' ')[0]}.png`) });
      await reload(page);
      const after = await state(page), itemsAfter = await lessonItems(page);
      const shotAfter = await page.screenshot({ path: path.join(OUT, `course-resume-after-${how.split(' ')[0]}.png`) });
      assert(after.lesson && after.lesson.id === 'textbook', 'no lesson after reload: ' + JSON.stringify(after.lesson));
      assert(after.lesson.step === before.lesson.step, `step ${after.lesson.step} != ${before.lesson.step}`);
      assert(after.lesson.answered === true && after.lesson.correct === before.lesson.correct, 'answer lost: ' + JSON.stringify(after.lesson));
      for (const k of ['w', 'b', 'updates', 'step', 'data', 'running_w', 'running_b', 'train_mistakes'])
        assert(JSON.stringify(after[k]) === JSON.stringify(before[k]), `${k}: ${JSON.stringify(after[k])} != ${JSON.stringify(before[k])}`);
      assert(JSON.stringify(itemsAfter) === JSON.stringify(items), 'the lesson reads differently:\n' + JSON.stringify(items) + '\n' + JSON.stringify(itemsAfter));
      const t = after.lessons.find((l) => l.id === 'textbook'), tb = before.lessons.find((l) => l.id === 'textbook');
      assert(JSON.stringify(t) === JSON.stringify(tb) && t.right === tb.right && t.step === before.lesson.step + 1, JSON.stringify([t, tb]));
      const share = changed(shotBefore, shotAfter);
      console.log(`  ${how}: step ${after.lesson.step + 1}, ${t.right} right; ${(share * 100).toFixed(2)}% of pixels differ after the reload`);
      assert(share < 0.01, `the page looks different after the reload (${share})`);
      assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
    } finally { await app.context.close(); }
  }]),

  ["a teacher's lesson (lesson=<URL>) resumes at its step after a reload, with the answer given", async ({ browser, server }) => {
    const lesson = {
      format: 1, id: 'mine', title: { en: 'Mine', vi: 'Của tôi', zh: '我的' },
      steps: [
        { narration: { en: 'From w = {w}.' }, setup: { preset: 'textbook', eta: 1, order: 'cyclic' } },
        { narration: { en: 'k = {k}.' }, actions: [['next_update']],
          question: { kind: 'number', from: 'b_after', prompt: { en: 'b after the next update?' } } },
        { narration: { en: 'w = {w}, b = {b}, k = {k}.' } }],
    };
    const route = (page) => page.route('**/lessons/mine.json',
      (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(lesson) }));
    const app = await openApp(browser, server.url + 'index.html?lesson=lessons/mine.json', { onPage: route });
    const { page } = app;
    try {
      await page.waitForFunction(() => { const s = window.perceptronLab.state(); return s.lesson && s.lesson.id === 'mine'; },
        null, { timeout: 10000 });
      assert((await command(page, 'lesson_next')).ok, 'lesson_next');
      assert((await command(page, 'answer', '7')).ok, 'answer');  // wrong: the update on x3 gives b = 0
      const before = await state(page), items = await lessonItems(page);
      assert(before.lesson.step === 1 && before.lesson.answered && !before.lesson.correct, JSON.stringify(before.lesson));
      await reload(page);
      await page.waitForFunction(() => { const s = window.perceptronLab.state(); return s.lesson && s.lesson.id === 'mine'; },
        null, { timeout: 10000 });
      const after = await state(page), itemsAfter = await lessonItems(page);
      assert(after.lesson.step === 1 && after.lesson.answered && !after.lesson.correct, 'after reload: ' + JSON.stringify(after.lesson));
      for (const k of ['w', 'b', 'updates', 'step', 'data'])
        assert(JSON.stringify(after[k]) === JSON.stringify(before[k]), `${k}: ${JSON.stringify(after[k])} != ${JSON.stringify(before[k])}`);
      assert(JSON.stringify(itemsAfter) === JSON.stringify(items), JSON.stringify(items) + '\n' + JSON.stringify(itemsAfter));
      assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
    } finally { await app.context.close(); }
  }],

  ['embed mode hides the Lessons menu unless the link sets lessons_menu=1', async ({ browser, server }) => {
    const app = await openApp(browser, server.url + 'index.html?embed=1&preset=six', { viewport: { width: 900, height: 600 } });
    const { page } = app;
    try {
      await page.keyboard.press('l');
      await frames(page, 3);
      let s = await state(page);
      assert(s.embed === true && s.lessons_open === false && s.lessons_menu === false, 'hidden: ' + JSON.stringify([s.embed, s.lessons_open]));
      await command(page, 'show_lessons', 'true');
      await frames(page, 3);
      assert((await state(page)).lessons_open === false, 'show_lessons must not show it in embed mode');
      await page.screenshot({ path: path.join(OUT, 'course-embed-hidden.png') });
      await page.goto(server.url + 'index.html?embed=1&preset=six&lessons_menu=1');
      await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
      await frames(page, 3);
      await page.keyboard.press('l');
      await frames(page, 3);
      s = await state(page);
      assert(s.lessons_menu === true && s.lessons_open === true, 'asked for: ' + JSON.stringify([s.lessons_menu, s.lessons_open]));
      await page.screenshot({ path: path.join(OUT, 'course-embed-asked.png') });
      assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
    } finally { await app.context.close(); }
  }],
];

main(async ({ browser, server }) => {
  const ctx = { browser, server };
  for (const [name, fn] of CHECKS) await check(name, () => fn(ctx));
});
