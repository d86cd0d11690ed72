#!/usr/bin/env node
// Browser checks of the built-in lessons (web/lessons), one walk per lesson and language:
// - The theory lessons, each opened by its link (?lesson=ID&lang=L) in English, Vietnamese and
//   Chinese: the page loads, shows the first step (screenshot saved) with the plot the step
//   asks for, no notice, <html lang> of the language; answering every question through
//   window.perceptronLab and Next reaches the end, and the lesson_finished event counts the
//   answers given.
// - Their words, every lesson in Vietnamese and Chinese (English is the core tests'): the
//   theory lessons in the walk above, the others started through the API (command 'lesson'),
//   walked to the end with a wrong answer to every other question (the panel then shows the
//   right answer). Every text the lesson shows (narration, question, verdict and feedback, as
//   the page's description gives them, with the interface's number format) writes numbers one
//   way: the decimal point, no thousands separator ("0,1" or "1.000" beside a placeholder's
//   0.1 is ambiguous), and no yes/no word in brackets. Screenshots of a middle step of two
//   lessons in each language.
// A walk runs inside the page (lib.js walkLesson: one evaluate, waiting for each step's work).
// Usage: node lessons.test.js --www DIR --out DIR [--only REGEX]
'use strict';
const fs = require('fs');
const path = require('path');
const { OUT, check, assert, openApp, labReady, frames, main, walkLesson, LANGS, HTML_LANG } = require('./lib');

// id: the plot tab its first step selects
const THEORY = {
  'learning-rate': 'losses',
  novikoff: 'invariants',
  'random-start': 'losses',
  'not-separable': 'mistakes',
  'averaged-early-stopping': 'losses',
  lifting: 'mistakes',
  'vc-bound': 'vc',
};
// Lessons with a screenshot of a middle step (step 3, once answered) in every language but English.
const MIDDLE_SHOT = new Set(['learning-rate', 'vc-bound']);
const COURSE = JSON.parse(fs.readFileSync(path.join(__dirname, '../../web/lessons/course.json'), 'utf8')).lessons;

const DECIMAL_COMMA = /[0-9],[0-9]/;
const THOUSANDS = /(^|[^0-9.])[1-9][0-9]{0,2}\.000([^0-9]|$)/;
const YES_NO_IN_BRACKETS = /[(（](yes|no|có|không|是|否)[)）]/;

// English walk: a reply of the right kind for the current question (right or wrong does not
// matter here). Runs in the page.
function replyKind(question) {
  if (question === 'yes_no') return 'yes';
  if (question === 'number') return '0';
  if (question === 'choice') return '0';
  return null;
}
// Words walk: a reply of the question's kind: right (the expected answer is not exposed, so
// "right" is whatever the first option or yes is) or deliberately odd, so that wrong answers
// happen too. Runs in the page.
function replyAlternating(question, n) {
  if (question === 'yes_no') return n % 2 ? 'no' : 'yes';
  if (question === 'number') return n % 2 ? '12345' : '0';
  if (question === 'choice') return n % 2 ? '1' : '0';
  if (question === 'pick_point') return n % 2 ? '1' : '0';
  if (question === 'place_line') return '1 0 0';
  return null;
}

// The number-format faults of a walk's texts.
function wordFaults(steps) {
  const bad = [];
  for (const st of steps)
    for (const t of st.texts)
      for (const [name, re] of [['decimal comma', DECIMAL_COMMA], ['thousands', THOUSANDS], ['yes/no in brackets', YES_NO_IN_BRACKETS]]) {
        const m = t.match(re);
        if (m) bad.push(`step ${st.step + 1}: ${name} "${m[0]}" in: ${t.slice(Math.max(0, m.index - 60), m.index + 60)}`);
      }
  return bad;
}

main(async ({ browser, server }) => {
  const app = await openApp(browser, server.url + 'index.html?lang=vi');
  const { page } = app;
  const ids = await page.evaluate(() => (window.perceptronLab.state().lessons || []).map((l) => l.id));
  const lessons = ids.length ? ids : COURSE;
  assert(lessons.length >= 11, 'lessons: ' + lessons.join(', '));
  for (const id of Object.keys(THEORY)) assert(lessons.includes(id), `${id} is not in the course: ${lessons.join(', ')}`);

  // Walks the open lesson to its end; words: the vi/zh walk (its replies, texts and screenshot).
  async function walkToEnd(page, id, lang, words) {
    const reply = words ? replyAlternating : replyKind;
    let w = await walkLesson(page, { reply, words, stopAfter: words && MIDDLE_SHOT.has(id) ? 2 : null });
    const steps = w.steps;
    if (w.stopped) {
      await frames(page, 3);
      await page.screenshot({ path: path.join(OUT, `e2e-words-${id}-${lang}.png`) });
      w = await walkLesson(page, { reply, words, n: w.n, guard: 200 - steps.length });
      steps.push(...w.steps);
    }
    const s = w.state;
    assert(s.lesson && s.lesson.done, 'the lesson did not reach its end: ' + JSON.stringify(s.lesson));
    const given = steps.filter((st) => st.answer !== null);
    for (const st of given) assert(st.result && st.result.ok, `answer ${st.answer} at step ${st.step + 1}: ${JSON.stringify(st.result)}`);
    if (words) {
      const bad = wordFaults(steps);
      assert(bad.length === 0, bad.join('\n'));
    }
    return given;
  }

  const tasks = [];
  for (const lang of [...LANGS.filter((l) => l !== 'en'), 'en'])
    for (const id of lessons) if (id in THEORY || lang !== 'en') tasks.push([lang, id]);
  async function run(app, lang, id) {
    const { page } = app;
    {
      const theory = id in THEORY;
      const name = theory
        ? `${id} (${lang}) opens by link, shows its first step and plays to the end` +
          (lang === 'en' ? '' : '; every text writes numbers with the decimal point')
        : `${id} (${lang}): every text writes numbers with the decimal point`;
      await check(name, async () => {
        app.errors.length = 0;
        let s;
        if (theory) {
          await page.goto(`${server.url}index.html?lesson=${id}&lang=${lang}`, { waitUntil: 'load' });
          await labReady(page);
          // The first frame hid the status line; a screenshot then and 5 frames later are the
          // same (measured): one more frame is enough for the first step's screenshot.
          await frames(page, 1);
          await page.screenshot({ path: path.join(OUT, `e2e-lesson-${id}-${lang}.png`) });
          const first = await page.evaluate(() => ({ s: window.perceptronLab.state(), html: document.documentElement.lang }));
          s = first.s;
          assert(s.lesson && s.lesson.id === id && s.lesson.step === 0 && !s.lesson.done, JSON.stringify(s.lesson));
          assert(s.lang === lang, `lang ${s.lang}`);
          assert(s.plot === THEORY[id], `the first step should show the plot ${THEORY[id]}, got ${s.plot}`);
          assert(s.notices.length === 0, 'notices: ' + s.notices.join(' | '));
          assert(first.html === HTML_LANG[lang], `html lang ${first.html}`);
        } else {
          // (the lesson's file is fetched first: the command says running; idle() once it runs)
          const started = await page.evaluate(async ([l, i]) => ({ lang: window.perceptronLab.command('set', 'lang', l),
            lesson: window.perceptronLab.command('lesson', i), s: await window.perceptronLab.idle() }), [lang, id]);
          assert(started.lang.ok && started.lesson.ok, JSON.stringify(started.lang) + ' ' + JSON.stringify(started.lesson));
          s = started.s;
          assert(s.lesson && s.lesson.id === id && s.lang === lang, JSON.stringify(s.lesson) + ' ' + s.lang);
        }
        const given = await walkToEnd(page, id, lang, lang !== 'en');
        if (theory) {
          // Questions of the kinds every walk answers (yes/no, number, choice): at least 3.
          const asked = given.filter((st) => ['yes_no', 'number', 'choice'].includes(st.question)).length;
          assert(asked >= 3, `only ${asked} questions`);
          const ev = await page.evaluate(() => window.perceptronLab.lessonEvents || []);
          const fin = ev.find((e) => e.event === 'lesson_finished');
          assert(fin && fin.id === id && fin.answered === given.length, JSON.stringify(ev.slice(-2)) + ` (${given.length} answers)`);
          await frames(page, 2);
        }
        assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
      });
    }
  }
  // One page for all (two pages side by side were not faster: the loads are CPU-bound).
  for (const [lang, id] of tasks) await run(app, lang, id);
  await app.context.close();
});
