#!/usr/bin/env node
// Browser checks of the theory lessons (web/lessons): each opened by its link
// (?lesson=ID&lang=L) in English, Vietnamese and Chinese loads, shows its first step
// (screenshot saved) with the plot the step asks for, and answering every question through
// window.perceptronLab reaches the end. Usage: node lessons.test.js --www DIR --out DIR
'use strict';
const path = require('path');
const { OUT, check, assert, openApp, frames, main } = require('./lib');

const LESSONS = {
  // id: the plot tab its first step selects
  'learning-rate': 'losses',
  novikoff: 'invariants',
  'random-start': 'losses',
  'not-separable': 'mistakes',
  'averaged-early-stopping': 'losses',
  lifting: 'mistakes',
  'vc-bound': 'vc',
};
const HTML_LANG = { en: 'en', vi: 'vi', zh: 'zh-Hans' };

// A reply of the right kind for the current question (right or wrong does not matter here).
function reply(question) {
  if (question === 'yes_no') return 'yes';
  if (question === 'number') return '0';
  if (question === 'choice') return '0';
  return null;
}

main(async ({ browser, server }) => {
  const app = await openApp(browser, server.url);
  const { page } = app;
  for (const lang of ['en', 'vi', 'zh']) {
    for (const [id, plot] of Object.entries(LESSONS)) {
      await check(`${id} (${lang}) opens by link, shows its first step and plays to the end`, async () => {
        app.errors.length = 0;
        await page.goto(`${server.url}index.html?lesson=${id}&lang=${lang}`, { waitUntil: 'load' });
        await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
        await page.waitForFunction(() => document.getElementById('status').hidden, null, { timeout: 60000 });
        await frames(page, 4);
        const file = path.join(OUT, `e2e-lesson-${id}-${lang}.png`);
        await page.screenshot({ path: file });
        let s = await page.evaluate(() => window.perceptronLab.state());
        assert(s.lesson && s.lesson.id === id && s.lesson.step === 0 && !s.lesson.done, JSON.stringify(s.lesson));
        assert(s.lang === lang, `lang ${s.lang}`);
        assert(s.plot === plot, `the first step should show the plot ${plot}, got ${s.plot}`);
        assert(s.notices.length === 0, 'notices: ' + s.notices.join(' | '));
        const htmlLang = await page.evaluate(() => document.documentElement.lang);
        assert(htmlLang === HTML_LANG[lang], `html lang ${htmlLang}`);
        // Through the API: answer each question, then Next, to the end.
        let questions = 0;
        for (let guard = 0; guard < 100 && !s.lesson.done; ++guard) {
          const r = reply(s.lesson.question);
          if (r !== null && !s.lesson.answered) {
            await page.evaluate((v) => window.perceptronLab.command('answer', v), r);
            ++questions;
          }
          await page.evaluate(() => window.perceptronLab.command('lesson_next'));
          s = await page.evaluate(() => window.perceptronLab.state());
        }
        assert(s.lesson.done, 'the lesson did not reach its end: ' + JSON.stringify(s.lesson));
        assert(questions >= 3, `only ${questions} questions`);
        const ev = await page.evaluate(() => window.perceptronLab.lessonEvents || []);
        const fin = ev.find((e) => e.event === 'lesson_finished');
        assert(fin && fin.id === id && fin.answered === questions, JSON.stringify(ev.slice(-2)));
        await frames(page, 2);
        assert(app.errors.length === 0, 'console errors: ' + app.errors.join(' | '));
      });
    }
  }
  await app.context.close();
});
