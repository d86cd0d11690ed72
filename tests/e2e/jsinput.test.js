#!/usr/bin/env node
// Open edX JSInput contract of window.perceptronLab (web/index.html), on the single-file lab
// (perceptron-lab.html, what a course uploads): getGrade() after right and wrong answers;
// getState() then setState() of that state in a fresh page (a new browser context: no saved
// work of its own) restores the lesson's step, its answers and its data, whether setState
// comes before the lab is ready (as JSInput calls it on load) or after; the lab's own data
// (points added, settings) round-trips too. The README's Python check function (cfn) grades
// what the lab sends. Usage: node jsinput.test.js --www DIR --out DIR
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { check, assert, openApp, frames, main } = require('./lib');

const ROOT = path.resolve(__dirname, '../..');
const lab = (page, fn, ...a) => page.evaluate(([f, a]) =>
  new Function('lab', 'args', 'return (' + f + ')(lab, ...args)')(window.perceptronLab, a), [fn.toString(), a]);

// The cfn of the README's Open edX problem, run on what JSInput submits: {"answer": getGrade(),
// "state": getState()} as a JSON string; one Python run for a list of [grade, state] pairs.
function readmeCfn(pairs) {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const m = /<script type="loncapa\/python">\n([\s\S]*?)<\/script>/.exec(readme);
  assert(m, 'README: no <script type="loncapa/python"> in the Open edX problem');
  const code = m[1] + '\nimport json, sys\n' +
    'print(json.dumps([check_perceptron_lab(None, a) for a in json.loads(sys.argv[1])]))\n';
  const submitted = pairs.map(([grade, state]) => JSON.stringify({ answer: grade, state }));
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', code, JSON.stringify(submitted)]).toString());
}

main(async ({ browser, server }) => {
  const url = server.url + 'perceptron-lab.html';
  const a = await openApp(browser, url + '?lesson=textbook');
  let saved = null, before = null;

  await check('getGrade: questions right over questions asked, after right and wrong answers', async () => {
    const g0 = JSON.parse(await lab(a.page, (l) => l.getGrade()));
    const row = (await lab(a.page, (l) => l.state())).lessons.find((r) => r.id === 'textbook');
    assert(g0.format === 1 && g0.lesson === 'textbook' && g0.right === 0 && g0.answered === 0 && g0.score === 0 &&
      g0.questions === row.questions && !g0.done, 'before any answer: ' + JSON.stringify(g0));
    // Li Hang's example 2.1 by hand: the first update is on x1 (index 0: right); x2 = (4, 3)
    // under w = (3, 3), b = 1: 12 + 9 + 1 = 22 > 0, so "yes, misclassified" is wrong; then
    // x3 under w = (2, 2), b = 0: -4 <= 0, so b becomes -1 (right).
    // The three answers and the Next after each, in one evaluate (waiting for each step's work).
    const replies = await lab(a.page, async (l, answers) => {
      const out = [];
      for (const v of answers) {
        await l.idle();
        out.push([v, l.command('answer', v)]);
        l.command('lesson_next');
      }
      await l.idle();
      return out;
    }, ['0', 'yes', '-1']);
    for (const [v, r] of replies) assert(r.ok, 'answer ' + v);
    const g = JSON.parse(await lab(a.page, (l) => l.getGrade()));
    assert(g.right === 2 && g.answered === 3 && g.questions === row.questions, 'grade ' + JSON.stringify(g));
    assert(Math.abs(g.score - 2 / row.questions) < 1e-12, 'score ' + g.score);
    const [r, full, none] = readmeCfn([[JSON.stringify(g), await lab(a.page, (l) => l.getState())],
      [JSON.stringify(Object.assign({}, g, { right: g.questions, score: 1, done: true })), '{}'], ['not json', '{}']]);
    assert(Math.abs(r.grade_decimal - 2 / row.questions) < 1e-9 && r.ok === 'partial', 'cfn: ' + JSON.stringify(r));
    assert(full.ok === true && full.grade_decimal === 1, 'cfn of a finished lesson all right: ' + JSON.stringify(full));
    assert(none.ok === false && none.grade_decimal === 0, 'cfn of no grade: ' + JSON.stringify(none));
  });

  await check('getState is JSON with the lesson, the progress record and the lab\'s link', async () => {
    saved = await lab(a.page, (l) => l.getState());
    assert(typeof saved === 'string', 'a string');
    const s = JSON.parse(saved);
    assert(s.format === 1 && s.lesson === 'textbook', 'lesson ' + s.lesson);
    const p = s.progress.lessons.textbook;
    assert(p.step === 4 && JSON.stringify(p.answers) === JSON.stringify([[1, '0', true], [2, 'yes', false], [3, '-1', true]]),
      'progress ' + JSON.stringify(p));
    before = await lab(a.page, (l) => l.state());
  });

  // The two fresh pages at once.
  await Promise.all(['before the lab is ready', 'after the lab is ready'].map((when) =>
    check(`setState(getState()) in a fresh page, ${when}: step, answers and data restored`, async () => {
      const early = when.startsWith('before');
      const b = await openApp(browser, url, early ? { init: `window.__state = ${JSON.stringify(saved)};
        document.addEventListener('DOMContentLoaded', function () { window.__early = !window.perceptronLab.ready;
          window.perceptronLab.setState(window.__state); });` } : {});
      if (early) assert(await b.page.evaluate(() => window.__early === true), 'setState came after ready');
      else assert(await lab(b.page, (l, s) => l.setState(s), saved), 'setState');
      await frames(b.page, 2);
      const s = await lab(b.page, (l) => l.state());
      assert(s.lesson && s.lesson.id === 'textbook' && s.lesson.step === before.lesson.step && !s.lesson.answered,
        'lesson ' + JSON.stringify(s.lesson) + ' want step ' + before.lesson.step);
      const row = s.lessons.find((r) => r.id === 'textbook');
      assert(row.right === 2, 'right ' + row.right);
      assert(JSON.stringify(s.data) === JSON.stringify(before.data) && s.points === before.points,
        `data ${JSON.stringify(s.data)} want ${JSON.stringify(before.data)}`);
      assert(JSON.stringify(s.w) === JSON.stringify(before.w) && s.b === before.b, `w ${s.w} b ${s.b}`);
      assert(await lab(b.page, (l) => l.getGrade()) === await lab(a.page, (l) => l.getGrade()), 'the same grade');
      const again = JSON.parse(await lab(b.page, (l) => l.getState()));
      assert(JSON.stringify(again.progress.lessons.textbook) === JSON.stringify(JSON.parse(saved).progress.lessons.textbook),
        'the state round-trips');
      assert(b.errors.length === 0, 'errors: ' + b.errors.join(' | '));
      await b.context.close();
    })));

  await check('the lab\'s own data (points added, a setting) round-trips without a lesson', async () => {
    // Both fresh pages load at once (d stays untouched until setState).
    const [c, d] = await Promise.all([openApp(browser, url), openApp(browser, url)]);
    for (const p of [['1.5', '2', '1'], ['-1', '0.25', '-1'], ['3', '-2', '1']]) {
      assert((await lab(c.page, (l, x) => l.command('add_point', ...x), p)).ok, 'add_point');
    }
    assert((await lab(c.page, (l) => l.command('set', 'eta', '0.5'))).ok, 'set eta');
    const st = await lab(c.page, (l) => l.getState());
    const want = await lab(c.page, (l) => l.state());
    await lab(d.page, (l, s) => l.setState(s), st);
    const got = await lab(d.page, (l) => l.state());
    assert(got.points === want.points && JSON.stringify(got.data) === JSON.stringify(want.data), 'data ' + JSON.stringify(got.data));
    assert(got.eta === 0.5, 'eta ' + got.eta);
    assert(!got.lesson, 'no lesson');
    const g = JSON.parse(await lab(d.page, (l) => l.getGrade()));
    assert(g.lesson === '' && g.score === 0, 'grade without a lesson ' + JSON.stringify(g));
    await c.context.close();
    await d.context.close();
  });
  await a.context.close();
});
