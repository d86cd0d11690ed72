#!/usr/bin/env node
// Browser checks of the built-in lessons' words as the page shows them: every lesson, started
// through the API in Vietnamese and Chinese (English is the core tests'), walked to its end through
// window.perceptronLab with a wrong answer to every other question (the panel then shows the
// right answer). Every text the lesson shows (narration, question, verdict and feedback, as
// the page's description gives them, with the interface's number format) writes numbers one
// way: the decimal point, no thousands separator ("0,1" or "1.000" beside a placeholder's 0.1
// is ambiguous), and no yes/no word in brackets. Screenshots of a middle step in each language.
// Usage: node lesson_words.test.js --www DIR --out DIR
'use strict';
const path = require('path');
const { OUT, check, assert, openApp, frames, main } = require('./lib');

const DECIMAL_COMMA = /[0-9],[0-9]/;
const THOUSANDS = /(^|[^0-9.])[1-9][0-9]{0,2}\.000([^0-9]|$)/;
const YES_NO_IN_BRACKETS = /[(（](yes|no|có|không|是|否)[)）]/;

// A reply of the question's kind: right (the expected answer is not exposed, so "right" is
// whatever the first option or yes is) or deliberately odd, so that wrong answers happen too.
function reply(question, n) {
  if (question === 'yes_no') return n % 2 ? 'no' : 'yes';
  if (question === 'number') return n % 2 ? '12345' : '0';
  if (question === 'choice') return n % 2 ? '1' : '0';
  if (question === 'pick_point') return n % 2 ? '1' : '0';
  if (question === 'place_line') return '1 0 0';
  return null;
}

function lessonWords(d) {
  const sec = (d.sections || []).find((s) => s.id === 'lesson');
  return sec ? sec.items.join('\n') : '';
}

main(async ({ browser, server }) => {
  const app = await openApp(browser, server.url);
  const { page } = app;
  const ids = await page.evaluate(() => (window.perceptronLab.state().lessons || []).map((l) => l.id));
  // Before the course list exists in state(), fall back to the lessons' files.
  const lessons = ids.length ? ids : ['textbook', 'threshold-neuron', 'dual', 'customers', 'learning-rate', 'novikoff',
    'random-start', 'not-separable', 'averaged-early-stopping', 'lifting', 'vc-bound'];
  assert(lessons.length >= 11, 'lessons: ' + lessons.join(', '));
  for (const lang of ['vi', 'zh']) {
    await page.evaluate((l) => window.perceptronLab.command('set', 'lang', l), lang);
    for (const id of lessons) {
      await check(`${id} (${lang}): every text writes numbers with the decimal point`, async () => {
        app.errors.length = 0;
        const started = await page.evaluate((i) => window.perceptronLab.command('lesson', i), id);
        assert(started.ok, JSON.stringify(started));
        let s = await page.evaluate(() => window.perceptronLab.state());
        assert(s.lesson && s.lesson.id === id && s.lang === lang, JSON.stringify(s.lesson) + ' ' + s.lang);
        const bad = [];
        let n = 0, shot = false;
        for (let guard = 0; guard < 200 && !s.lesson.done; ++guard) {
          const texts = [lessonWords(await page.evaluate(() => window.perceptronLab.describe()))];
          const r = reply(s.lesson.question, n);
          if (r !== null && !s.lesson.answered) {
            await page.evaluate((v) => window.perceptronLab.command('answer', v), r);
            ++n;
            texts.push(lessonWords(await page.evaluate(() => window.perceptronLab.describe())));
          }
          for (const t of texts)
            for (const [name, re] of [['decimal comma', DECIMAL_COMMA], ['thousands', THOUSANDS],
              ['yes/no in brackets', YES_NO_IN_BRACKETS]]) {
              const m = t.match(re);
              if (m) bad.push(`step ${s.lesson.step + 1}: ${name} "${m[0]}" in: ${t.slice(Math.max(0, m.index - 60), m.index + 60)}`);
            }
          if (!shot && s.lesson.step >= 2 && (id === 'learning-rate' || id === 'vc-bound')) {
            await frames(page, 3);
            await page.screenshot({ path: path.join(OUT, `e2e-words-${id}-${lang}.png`) });
            shot = true;
          }
          await page.evaluate(() => window.perceptronLab.command('lesson_next'));
          s = await page.evaluate(() => window.perceptronLab.state());
        }
        assert(s.lesson.done, 'the lesson did not reach its end: ' + JSON.stringify(s.lesson));
        assert(bad.length === 0, bad.join('\n'));
        assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
      });
    }
  }
  await app.context.close();
});
