#!/usr/bin/env node
// A lesson question is a fair test in the real page (core/conceal.hpp): for every question
// step of every built-in lesson, each lesson in one of the languages in turn (the first in
// English, the next in Vietnamese, ...: every lesson and every language; the app tests'
// FairTest walks every lesson in every language), with every layer of the canvas switched on (hulls, max-margin line, α as size, crosses, the decision field):
//   - state().lesson says the question is locked and what it conceals, and state().cues (what
//     the canvas drew in its last frame) shows none of it drawn;
//   - describe() (the screen reader's words, outside the lesson's own section) and the live
//     region's sentences hold none of the concealed figures (γ, R̂, the bound, J₁);
//   - every command that would move the lab past the question answers {ok: false} naming
//     the open question, and the lab is as it was; view-only commands and state() work.
// A screenshot per language of a question that hides the crosses (textbook step 4).
// Usage: node fair.test.js --www DIR --out DIR [--only REGEX]
'use strict';
const path = require('path');
const { OUT, check, assert, reusableApp, main, LANGS } = require('./lib');

// Runs in the page: walks the lesson the page holds, checking each open question, skipping
// it with Next (its effect runs as an unanswered question's does). Returns what it saw.
async function walkAndCheck(id) {
  const lab = window.perceptronLab;
  const raf = () => new Promise((res) => requestAnimationFrame(res));
  const seen = { questions: 0, problems: [], concealed: {} };
  const bad = (where, what) => { if (seen.problems.length < 40) seen.problems.push(`${id} ${where}: ${what}`); };
  for (const key of ['hull', 'max_margin', 'alpha', 'mistakes', 'field']) lab.command('set', key, 'true');
  lab.command('set', 'panels', 'all');
  const opened = lab.command('lesson', id);
  if (!opened || opened.ok === false) return { ...seen, problems: [`${id}: lesson failed ${JSON.stringify(opened)}`] };
  let s = await lab.idle();
  const moves = [['step'], ['next_update'], ['epoch'], ['train'], ['train_start'], ['play'], ['toggle_play'],
    ['seek', '0'], ['step_back'], ['reset'], ['update_on', '0'], ['add_point', '0.5', '0.5', '1'], ['remove_point', '0'],
    ['preset', 'six'], ['clear'], ['add_query', '1', '1'], ['clear_queries'], ['compare'], ['set', 'eta', '0.5'],
    ['set', 'max_epochs', '3']];
  for (let guard = 0; guard < 200 && s.lesson && !s.lesson.done; ++guard) {
    const where = `step ${s.lesson.step + 1}`;
    if (s.lesson.question && !s.lesson.answered) {
      ++seen.questions;
      for (let k = 0; k < 2; ++k) await raf();
      s = lab.state();
      const hidden = s.lesson.concealed || [];
      if (!s.lesson.locked) bad(where, 'not locked');
      if (hidden.length === 0) bad(where, 'conceals nothing');
      for (const c of hidden) seen.concealed[c] = (seen.concealed[c] || 0) + 1;
      const has = (c) => hidden.includes(c);
      const cues = s.cues || {};
      if (has('mistakes') && cues.crosses !== 0) bad(where, `${cues.crosses} crosses drawn`);
      if (has('regions') && cues.regions) bad(where, 'regions shaded');
      if (has('alpha') && cues.alpha_size) bad(where, 'α drawn as size');
      if (has('queries') && cues.query_labels !== 0) bad(where, 'query classes written');
      if (has('hull') && cues.hull) bad(where, 'hulls drawn');
      if (has('theory') && cues.max_margin) bad(where, 'max-margin line drawn');
      const d = lab.describe();
      const words = (d.sections || []).filter((x) => x.id !== 'lesson').flatMap((x) => x.items).concat([d.step, d.summary]);
      for (const w of words) {
        if (has('theory') && /γ =|\(R̂\/γ̂\)² (=|is|bằng|为)/.test(w)) bad(where, `described: ${w}`);
        if (has('mistakes') && /y\(w·x\+b\) ≤ 0\)/.test(w)) bad(where, `described: ${w}`);
      }
      const before = JSON.stringify([s.step, s.updates, s.w, s.b, s.points, s.eta, s.epoch, s.preset]);
      for (const cmd of moves) {
        const r = lab.command(...cmd);
        if (!r || r.ok !== false) bad(where, `${cmd[0]} was not refused: ${JSON.stringify(r)}`);
        else if (!String(r.error).includes(cmd[0]) || !String(r.error).includes(id)) bad(where, `${cmd[0]}: ${r.error}`);
      }
      const after = lab.state();
      if (JSON.stringify([after.step, after.updates, after.w, after.b, after.points, after.eta, after.epoch, after.preset]) !== before)
        bad(where, 'a refused command changed the lab');
      if (after.playing || after.training) bad(where, 'the lab runs');
      for (const cmd of [['set', 'plot', 'losses'], ['pause'], ['fit'], ['set', 'speed', '5']]) {
        const r = lab.command(...cmd);
        if (r && r.ok === false) bad(where, `${cmd.join(' ')} refused: ${r.error}`);
      }
    }
    const next = lab.command('lesson_next');
    if (next && next.ok === false) { bad(where, 'Next failed: ' + next.error); break; }
    s = await lab.idle();
  }
  if (!s.lesson || !s.lesson.done) bad('end', 'the walk did not reach the end');
  return seen;
}

main(async ({ browser, server }) => {
  let app = null;
  const open = async (url) => {
    if (!app) app = await reusableApp(browser, url);
    else await app.visit(url);
    return app;
  };
  const total = {};
  let questionsInAll = 0, lessonsWalked = 0;
  for (const [li, lang] of LANGS.entries()) {
    await check(`every question of its share of the lessons conceals its answer and locks the lab (${lang})`, async () => {
      const { page, errors } = await open(server.url + `index.html?lang=${lang}`);
      const ids = await page.evaluate(() => window.perceptronLab.state().lessons.map((l) => l.id));
      assert(ids.length >= 11, 'lessons: ' + ids.join(', '));
      let questions = 0;
      const problems = [];
      for (const id of ids.filter((_, i) => i % LANGS.length === li)) {
        ++lessonsWalked;
        const seen = await page.evaluate(walkAndCheck, id);
        questions += seen.questions;
        problems.push(...seen.problems);
        for (const [k, v] of Object.entries(seen.concealed)) total[k] = (total[k] || 0) + v;
      }
      console.log(`  ${lang}: ${questions} questions checked`);
      questionsInAll += questions;
      assert(questions >= 10, `only ${questions} questions seen`);
      assert(problems.length === 0, problems.join('\n'));
      assert(errors.length === 0, errors.join('\n'));
    });
  }
  await check('every lesson walked; the cues each kind of question conceals were all met', async () => {
    console.log('  concealed (questions): ' + JSON.stringify(total));
    assert(lessonsWalked >= 11 && questionsInAll >= 60, `${lessonsWalked} lessons, ${questionsInAll} questions`);
    for (const c of ['mistakes', 'regions', 'loss', 'theory', 'alpha', 'trace', 'queries', 'hull', 'vc', 'counts'])
      assert(total[c] > 0, `${c} never concealed`);
  });
  for (const lang of LANGS) {
    await check(`a pick_point question, screenshot (${lang}): no crosses, the run locked`, async () => {
      const { page } = await open(server.url + `index.html?lesson=textbook&lang=${lang}`);
      const s = await page.evaluate(async () => {
        const lab = window.perceptronLab;
        lab.command('set', 'mistakes', 'true');
        for (let i = 0; i < 3; ++i) { lab.command('lesson_next'); await lab.idle(); }
        for (let k = 0; k < 3; ++k) await new Promise((res) => requestAnimationFrame(res));
        return lab.state();
      });
      assert(s.lesson.step === 3 && s.lesson.question === 'pick_point', JSON.stringify(s.lesson));
      assert(s.cues.crosses === 0 && !s.cues.regions, JSON.stringify(s.cues));
      await page.screenshot({ path: path.join(OUT, `fair-textbook-s4-${lang}.png`) });
    });
  }
});
