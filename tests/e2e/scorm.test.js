#!/usr/bin/env node
// The SCORM packages (web/package/package.py) under a real SCORM run-time: npm scorm-again
// (Scorm12API, Scorm2004API) on an LMS page served here, the package's launch page in its
// frame. For each standard: launch; answer right and wrong (the textbook lesson: Li Hang's
// example 2.1 by hand); the interactions, score, status and suspend data the run-time
// received; commit after each answer; finish on unload (session_time, exit); relaunch with
// that suspend data (loadFromJSON), resuming at the step; the lesson to its end (completed,
// passed / failed against the pass mark). The same package with no API present shows the
// notice that nothing is recorded. The manifest: its namespaces and SCO, the resource href
// and every file it lists in the zip, every file the lab loads in the zip, under 4 MB.
// As Moodle does: the 1.2 run-time gets the manifest's mastery score and sets passed / failed
// from score.raw when the SCO exits (scorm-again's mastery_override, Moodle's "Mastery score
// overrides status"): leaving mid-lesson must leave the attempt incomplete. What Moodle's
// reports show: 1.2 ids that name the lesson and the question, 2004 descriptions, readable
// responses (a line as the lab writes it, a 1.2 choice as its option's text). Review mode
// (lesson_mode / mode review): the finished lesson with its answers, read-only, a notice, and
// nothing sent to the run-time.
// Usage: node scorm.test.js --www DIR --out DIR
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { WWW, OUT, check, assert, serve, frames, main } = require('./lib');
const { writeLms, sco, received } = require('./players');

const ROOT = path.resolve(__dirname, '../..');
const PIPWERKS = path.join(ROOT, 'build/_deps/npm/pipwerks-scorm-api-wrapper/index.js');
const DIR = path.join(OUT, 'scorm');
const PY = '/usr/bin/python3';

// The packages: 1.2 with the pass mark 0.8, 2004 in Vietnamese with 0.5.
const PACKAGES = {
  scorm12: { args: ['--pass', '0.8'], pass: 0.8 },
  scorm2004: { args: ['--pass', '0.5', '--lang', 'vi'], pass: 0.5 },
};

function build() {
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  for (const [std, p] of Object.entries(PACKAGES)) {
    const zip = path.join(DIR, `${std}.zip`);
    execFileSync(PY, [path.join(ROOT, 'web/package/package.py'), '--standard', std, '--lesson', 'textbook',
      '--www', WWW, '--pipwerks', PIPWERKS, '--out', zip, ...p.args], { stdio: ['ignore', 'pipe', 'inherit'] });
    p.zip = zip;
    p.size = fs.statSync(zip).size;
    p.entries = JSON.parse(execFileSync(PY, ['-c',
      'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); z.extractall(sys.argv[2]); print(json.dumps(z.namelist()))',
      zip, path.join(DIR, std)]).toString());
  }
  // A course of two lessons (SCORM 2004).
  execFileSync(PY, [path.join(ROOT, 'web/package/package.py'), '--standard', 'scorm2004', '--lesson', 'textbook,threshold-neuron',
    '--www', WWW, '--pipwerks', PIPWERKS, '--out', path.join(DIR, 'course.zip')], { stdio: ['ignore', 'pipe', 'inherit'] });
  execFileSync(PY, ['-c', 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])',
    path.join(DIR, 'course.zip'), path.join(DIR, 'course')]);
  writeLms(DIR);  // the LMS page: scorm-again's run-time, the SCO in a frame (players.js)
}

// The run-time's data at launch, as Moodle gives it: 1.2 with the manifest's mastery score.
function launchJson(std, extra) {
  const j = Object.assign({}, extra || {});
  if (std === 'scorm12') {
    j.student_data = { mastery_score: String(Math.round(PACKAGES.scorm12.pass * 100)) };
    j.core = Object.assign({ credit: 'credit' }, j.core || {});
  }
  return Object.keys(j).length ? j : null;
}
// The lab's answer_given events in the SCO (waitSco starts recording them).
const events = (page) => page.evaluate(() => document.getElementById('sco').contentWindow.__events.filter((e) => e.event === 'answer_given'));
// As the bridge writes a 1.2 identifier's words, and the texts it flattens.
const words = (t) => String(t || '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
const flat = (t) => String(t).replace(/\s+/g, ' ').trim();
const baseId = (id) => /^(.*?-step\d+)/.exec(id)[1];

async function waitSco(page) {
  await page.waitForFunction(() => {
    const w = document.getElementById('sco').contentWindow;
    return w && w.perceptronLab && w.perceptronLab.ready && w.document.getElementById('status').hidden;
  }, null, { timeout: 60000 });
  await page.evaluate(() => {
    const w = document.getElementById('sco').contentWindow;
    w.__events = [];
    w.addEventListener('perceptronlab-event', (e) => w.__events.push(e.detail));
  });
  await frames(page, 2);
}

// The checks of one package (PACKAGES[std]) in the LMS page (session: see main), in order.
async function launch(session) {
  const { std, v12, P, page } = session;
  await page.evaluate(([s, j, src]) => window.startLms(s, j, src), [std, launchJson(std), `${std}/index.html`]);
  await waitSco(page);
  const st = await sco(page, (lab) => lab.state());
  assert(st.lesson && st.lesson.id === 'textbook' && st.lesson.step === 0, 'lesson ' + JSON.stringify(st.lesson));
  if (!v12) assert(st.lang === 'vi', 'the 2004 package was made with --lang vi: ' + st.lang);
  const info = await sco(page, (lab) => lab.scorm);
  assert(info.connected === true, 'not connected to the run-time');
  assert((await page.evaluate(() => counts.init)) === 1, 'initialize once');
  assert(!(await page.evaluate(() => !!document.getElementById('sco').contentDocument.getElementById('pla-scorm-notice'))),
    'the no-LMS notice shows although an LMS is there');
  let r = await received(page);
  assert(r.last[P.status] === 'incomplete', `${P.status}: ${r.last[P.status]}`);
  assert(r.last[P.min] === '0' && r.last[P.max] === '100', 'score min/max ' + r.last[P.min] + ' ' + r.last[P.max]);
  session.questions = st.lessons.find((x) => x.id === 'textbook').questions;
  assert(session.questions >= 3, 'questions ' + session.questions);

  // Li Hang's example 2.1 by hand: w = 0, b = 0 makes y(w·x + b) = 0 <= 0 for x1 first
  // (the first update is on x1: right); x2 = (4, 3) under w = (3, 3), b = 1 gives
  // 12 + 9 + 1 = 22 > 0 ("yes, misclassified" is wrong); then x3 = (1, 1), y = -1 under
  // w = (2, 2), b = 0: -(2 + 2 + 0) = -4 <= 0, so b = 0 - 1 = -1 (right).
  const answers = [['0', true], ['yes', false], ['-1', true]];
  for (let i = 0; i < answers.length; i++) {
    const commits = await page.evaluate(() => counts.commit);
    const res = await sco(page, (lab, v) => lab.command('answer', v), answers[i][0]);
    assert(res.ok, 'answer ' + JSON.stringify(res));
    await page.waitForFunction((c) => counts.commit > c, commits, { timeout: 5000 });
    if (i < answers.length - 1) await sco(page, (lab) => lab.command('lesson_next'));
  }
  r = await received(page);
  assert(r.inter.length === 3, 'interactions: ' + JSON.stringify(r.inter));
  const want = [
    { id: 'textbook-step1', type: 'choice', resp: 'x1', pattern: 'x1', result: 'correct' },
    { id: 'textbook-step2', type: 'true-false', resp: v12 ? 't' : 'true', pattern: v12 ? 'f' : 'false',
      result: v12 ? 'wrong' : 'incorrect' },
    { id: 'textbook-step3', type: 'numeric', resp: '-1', result: 'correct' },
  ];
  const ev = await events(page);
  assert(ev.length === 3 && ev.every((e) => typeof e.prompt === 'string' && e.prompt.length > 10 && e.prompt_en),
    'the lab\'s events carry the question: ' + JSON.stringify(ev));
  want.forEach((w, i) => {
    const got = r.inter[i];
    // 1.2: the id names the lesson, the step and the question (its English words), as
    // Moodle's Interactions report shows only the id; 2004: the description is the question.
    const id = v12 ? `${w.id}-${words(ev[i].prompt_en)}` : w.id;
    assert(got.id === id && got.type === w.type && got[P.resp] === w.resp && got.result === w.result,
      `interaction ${i}: ${JSON.stringify(got)} want ${JSON.stringify(Object.assign({}, w, { id }))}`);
    if (v12) assert(/^[\x21-\x7e]{1,255}$/.test(got.id) && words(ev[i].prompt_en).length >= 10, 'a 1.2 identifier ' + got.id);
    else assert(got.description === flat(ev[i].prompt) && got.description.length <= 250, `description ${i}: ${got.description}`);
    if (w.pattern) assert(got['correct_responses.0.pattern'] === w.pattern, `pattern ${i}: ${JSON.stringify(got)}`);
  });
  if (!v12) assert(st.lang === 'vi' && /[ăâđêôơư]/i.test(r.inter[0].description), 'a Vietnamese description ' + r.inter[0].description);
  const num = r.inter[2]['correct_responses.0.pattern'];
  if (v12) assert(Number(num) === -1, 'numeric pattern ' + num);
  else {
    const [lo, hi] = num.split('[:]').map(Number);
    assert(lo <= -1 && hi >= -1 && hi - lo < 1e-6, 'numeric range ' + num);
  }
  session.firstRight = 2;
  if (v12) {
    // With a pass mark, 1.2 has no score before the end (the LMS would judge it at exit).
    assert(r.last[P.raw] === undefined, 'a 1.2 score before the end: ' + r.last[P.raw]);
  } else {
    const raw = Number(r.last[P.raw]);
    assert(Math.abs(raw - 100 * 2 / session.questions) < 0.01, `score.raw ${raw}, want 100·2/${session.questions}`);
  }
  if (!v12) {
    assert(Math.abs(Number(r.last['cmi.score.scaled']) - 2 / session.questions) < 1e-4, 'scaled ' + r.last['cmi.score.scaled']);
    assert(r.last['cmi.success_status'] === 'unknown', 'success ' + r.last['cmi.success_status']);
  }
  assert(r.last[P.status] === 'incomplete', 'status after 3 answers ' + r.last[P.status]);
  const errs = (await sco(page, (lab) => lab.scorm.errors));
  assert(errs.length === 0, 'values the run-time refused: ' + errs.join(' | '));
}

async function suspendData(session) {
  const { pkg, v12, P, page } = session;
  await sco(page, (lab) => lab.command('lesson_next'));
  await page.waitForFunction(() => (log.filter((x) => x[0] === 'cmi.suspend_data').pop() || [])[1] &&
    JSON.parse(log.filter((x) => x[0] === 'cmi.suspend_data').pop()[1]).p.lessons.textbook.step === 4, null, { timeout: 5000 });
  const r = await received(page);
  session.suspend = r.last['cmi.suspend_data'];
  assert(session.suspend.length <= 4096, 'suspend_data ' + session.suspend.length + ' characters');
  const d = JSON.parse(session.suspend);
  assert(d.v === 1 && d.l === 'textbook', JSON.stringify(d).slice(0, 200));
  const a = d.p.lessons.textbook.answers;
  assert(JSON.stringify(a) === JSON.stringify([[1, '0', true], [2, 'yes', false], [3, '-1', true]]), 'answers ' + JSON.stringify(a));
  // The lab's data (the lesson's preset here, or the points drawn: data=) and settings.
  assert(typeof d.q === 'string' && /(^|&)(data|preset)=/.test(d.q) && /(^|&)eta=/.test(d.q), 'the lab in suspend_data: ' + d.q);
  pkg.suspendLength = session.suspend.length;
  const finishes = await page.evaluate(() => counts.finish);
  assert(finishes === 0, 'finished early');
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await page.waitForFunction(() => counts.finish === 1, null, { timeout: 5000 });
  const r2 = await received(page);
  const t = r2.last[P.time];
  assert(v12 ? /^\d{2,4}:\d{2}:\d{2}$/.test(t) : /^PT\d+H\d+M\d+S$/.test(t), 'session_time ' + t);
  assert(r2.last[P.exit] === 'suspend', 'exit ' + r2.last[P.exit]);
  if (v12) {
    // The run-time's status after the exit, with the mastery score applied as Moodle does:
    // still incomplete (no score to judge), so the next launch is no review.
    const cmi = await page.evaluate(() => ({ status: lmsApi.cmi.core.lesson_status, raw: lmsApi.cmi.core.score.raw,
      mastery: lmsApi.cmi.student_data.mastery_score, mode: lmsApi.cmi.core.lesson_mode, credit: lmsApi.cmi.core.credit }));
    assert(cmi.mastery === '80' && cmi.mode === 'normal' && cmi.credit === 'credit', 'the run-time ' + JSON.stringify(cmi));
    assert(cmi.status === 'incomplete' && cmi.raw === '', 'left mid-lesson: ' + JSON.stringify(cmi));
    // The harness does what Moodle does: the same exit with a partial score fails.
    const control = await page.evaluate(() => {
      const api = new Scorm12API({ autocommit: false, logLevel: 5, mastery_override: true });
      api.loadFromJSON({ student_data: { mastery_score: '80' }, core: { credit: 'credit' } }, '');
      api.LMSInitialize('');
      api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
      api.LMSSetValue('cmi.core.score.raw', '16.67');
      api.LMSFinish('');
      return api.cmi.core.lesson_status;
    });
    assert(control === 'failed', 'a partial score at exit under the mastery override: ' + control);
  }
}

async function relaunchResumes(session) {
  const { std, v12, P, page } = session;
  assert(session.suspend, 'no suspend data from the first launch');
  const json = launchJson(std, v12 ? { suspend_data: session.suspend, core: { entry: 'resume' } } : { suspend_data: session.suspend, entry: 'resume' });
  await page.evaluate(([s, j, src]) => window.startLms(s, j, src), [std, json, `${std}/index.html`]);
  await waitSco(page);
  const st = await sco(page, (lab) => lab.state());
  assert(st.lesson && st.lesson.id === 'textbook' && st.lesson.step === 3 && !st.lesson.answered,
    'resumed at ' + JSON.stringify(st.lesson));
  const row = st.lessons.find((x) => x.id === 'textbook');
  assert(row.right === session.firstRight, 'answers right after resume ' + row.right);
  const grade = JSON.parse(await sco(page, (lab) => lab.getGrade()));
  assert(grade.answered === 3 && grade.right === 2, 'grade ' + JSON.stringify(grade));
  const r = await received(page);
  assert(r.inter.length === 0, 'old answers sent again as interactions');
  if (v12) assert(r.last[P.raw] === undefined, 'a 1.2 score before the end ' + r.last[P.raw]);
  else assert(Math.abs(Number(r.last[P.raw]) - 100 * 2 / session.questions) < 0.01, 'score after resume ' + r.last[P.raw]);
}

async function toTheEnd(session) {
  const { std, pkg, v12, P, page, errors } = session;
  // The walk inside the page (one evaluate; a step's work in slices is waited for).
  const reply = { yes_no: 'no', number: '0', choice: '0', pick_point: '0', place_line: '1 1 -3' };
  await sco(page, async (lab, reply) => {
    for (let guard = 0; guard < 40; guard++) {
      const s = (await lab.idle()).lesson;
      if (!s || s.done) break;
      if (reply[s.question] && !s.answered) { lab.command('answer', reply[s.question]); await lab.idle(); }
      lab.command('lesson_next');
    }
  }, reply);
  const st = await sco(page, (lab) => lab.state());
  assert(st.lesson && st.lesson.done, 'not at the end ' + JSON.stringify(st.lesson));
  const row = st.lessons.find((x) => x.id === 'textbook');
  await page.waitForFunction(() => log.some((x) => x[0] === 'cmi.suspend_data' && JSON.parse(x[1]).c === true), null, { timeout: 5000 });
  const r = await received(page);
  const ratio = row.right / row.questions;
  assert(Math.abs(Number(r.last[P.raw]) - 100 * ratio) < 0.01, `raw ${r.last[P.raw]} for ${row.right}/${row.questions}`);
  const verdict = ratio >= pkg.pass ? 'passed' : 'failed';
  if (v12) assert(r.last[P.status] === verdict, `lesson_status ${r.last[P.status]}, want ${verdict}`);
  else {
    assert(r.last['cmi.completion_status'] === 'completed', 'completion ' + r.last['cmi.completion_status']);
    assert(r.last['cmi.success_status'] === verdict, `success_status ${r.last['cmi.success_status']}, want ${verdict}`);
  }
  // Every answer of the walk, readable: a line as the lab writes it (no 1_1_-3), a 1.2
  // choice as its option's text, 2004 descriptions (a choice's with its options).
  const ev = await events(page);
  assert(ev.length === r.inter.length && ev.length > 3, `events ${ev.length}, interactions ${r.inter.length}`);
  const ids = new Set();
  ev.forEach((e, i) => {
    const got = r.inter[i], pattern = got['correct_responses.0.pattern'];
    assert(baseId(got.id) === `${e.id}-step${e.question + 1}`, `id ${got.id} for ${JSON.stringify(e)}`);
    if (v12) assert(got.id === `${baseId(got.id)}-${words(e.prompt_en)}` && got.id.length <= 255, 'id ' + got.id);
    else assert(got.description && got.description.length <= 250 && got.description.indexOf(flat(e.prompt)) === 0, 'description ' + got.description);
    ids.add(got.id);
    assert(got[P.resp].length <= 255 && !/_/.test(got[P.resp]), `response ${i}: ${got[P.resp]}`);
    if (e.kind === 'place_line') {
      assert(got.type === (v12 ? 'fill-in' : 'other') && got[P.resp] === e.answer_text && /x\u207D\u00B9\u207E/.test(got[P.resp]) &&
        pattern === e.expected_text, `a line: ${JSON.stringify(got)} for ${JSON.stringify(e)}`);
      session.lineSeen = got[P.resp];
    }
    if (e.kind === 'choice') {
      assert(got.type === 'choice', 'choice type ' + got.type);
      if (v12) assert(got[P.resp] === flat(e.options[Number(e.answer)]) && pattern === flat(e.options[Number(e.expected)]), `a 1.2 choice ${JSON.stringify(got)}`);
      else assert(got[P.resp] === 'o' + (Number(e.answer) + 1) && got.description.indexOf('o1: ' + flat(e.options[0])) > 0, `a 2004 choice ${JSON.stringify(got)}`);
      session.choiceSeen = got[P.resp];
    }
  });
  assert(ids.size === ev.length, 'ids not unique: ' + [...ids].join(' '));
  assert(session.lineSeen && session.choiceSeen, 'the walk had no line or no choice question');
  console.log(`  ${std}: ${r.inter[r.inter.length - 1].id}; a line answered "${session.lineSeen}", a choice "${session.choiceSeen}"` +
    (v12 ? '' : `; ${r.inter[0].description}`));
  let long = 0;
  if (v12) {  // drawn data too long for SCORM 1.2's 4096 characters: the data goes first
    const rows = [];
    for (let k = 0; k < 400; k++) rows.push(`${1.25 + k / 7},${-2.5 + k / 9},${k % 2 ? 1 : -1}`);
    const ok = await sco(page, (lab, text) => lab.command('import_csv', text, 'drawn.csv'), rows.join('\n'));
    assert(ok.ok, 'import_csv ' + JSON.stringify(ok));
    assert((await sco(page, (lab) => lab.state().points)) === 400, 'points');
    long = (await sco(page, (lab) => JSON.parse(lab.getState()).query)).length;
    assert(long > 4096, 'the lab\'s link is only ' + long + ' characters');
  }
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await page.waitForFunction(() => counts.finish === 1, null, { timeout: 5000 });
  const r2 = await received(page);
  // 2004 suspends even when complete: else Moodle drops the suspend data at the next
  // launch (the review would start from nothing).
  assert(r2.last[P.exit] === (v12 ? '' : 'suspend'), 'exit at the end ' + r2.last[P.exit]);
  if (v12) {
    const cmi = await page.evaluate(() => ({ status: lmsApi.cmi.core.lesson_status, raw: lmsApi.cmi.core.score.raw }));
    assert(cmi.status === verdict && Number(cmi.raw) === Number(r2.last[P.raw]), 'the run-time after the mastery override ' + JSON.stringify(cmi));
  }
  if (v12) {
    const sd = r2.last['cmi.suspend_data'], d = JSON.parse(sd);
    assert(sd.length <= 4096 && !/(^|&)data=/.test(d.q) && /(^|&)eta=/.test(d.q), `suspend_data ${sd.length}: ${d.q}`);
    assert(d.c === true && d.p.lessons.textbook.done === true && d.p.lessons.textbook.answers.length === row.right +
      d.p.lessons.textbook.answers.filter((x) => !x[2]).length, 'the progress kept: ' + JSON.stringify(d.p));
    pkg.longData = long;
  }
  assert(errors.length === 0, 'page errors: ' + errors.join(' | '));
  pkg.final = { suspend: r2.last['cmi.suspend_data'], raw: r2.last[P.raw],
    status: v12 ? r2.last[P.status] : r2.last['cmi.success_status'] };
}

async function relaunchAfterTheEnd(session) {
  const { std, pkg, v12, P, page } = session;
  assert(pkg.final && pkg.final.suspend, 'no suspend data from the end');
  const json = launchJson(std, v12 ? { suspend_data: pkg.final.suspend, core: { entry: 'resume' } } : { suspend_data: pkg.final.suspend, entry: 'resume' });
  await page.evaluate(([s, j, src]) => window.startLms(s, j, src), [std, json, `${std}/index.html`]);
  await waitSco(page);
  await page.waitForFunction((k) => log.some((x) => x[0] === k), P.raw, { timeout: 5000 });
  const st = await sco(page, (lab) => lab.state());
  assert(!st.lesson, 'a lesson was opened again: ' + JSON.stringify(st.lesson));
  assert(st.lessons.find((x) => x.id === 'textbook').done, 'the lesson is no longer done');
  const r = await received(page);
  assert(r.last[P.raw] === pkg.final.raw, `score ${r.last[P.raw]}, was ${pkg.final.raw}`);
  const status = v12 ? r.last[P.status] : r.last['cmi.success_status'];
  assert(status === pkg.final.status, `status ${status}, was ${pkg.final.status}`);
  if (!v12) assert(r.last['cmi.completion_status'] === 'completed', 'completion ' + r.last['cmi.completion_status']);
  assert(r.inter.length === 0, 'interactions sent again');
}

async function reviewMode(session) {
  const { std, pkg, v12, page } = session;
  assert(pkg.final && pkg.final.suspend, 'no suspend data from the end');
  // The last launch's page goes first (its finish logged before this launch starts).
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await page.waitForFunction(() => counts.finish === 1, null, { timeout: 5000 });
  // As Moodle opens a finished attempt: lesson_mode / mode review, no credit, the data back.
  const json = launchJson(std, v12 ? { suspend_data: pkg.final.suspend, core: { entry: 'resume', lesson_mode: 'review', credit: 'no-credit' } }
    : { suspend_data: pkg.final.suspend, entry: 'resume', mode: 'review', credit: 'no-credit' });
  await page.evaluate(([s, j, src]) => window.startLms(s, j, src), [std, json, `${std}/index.html`]);
  await waitSco(page);
  const mode = await page.evaluate((v) => v ? lmsApi.cmi.core.lesson_mode : lmsApi.cmi.mode, v12);
  assert(mode === 'review', 'the run-time\'s mode ' + mode);
  await page.waitForFunction(() => { const l = document.getElementById('sco').contentWindow.perceptronLab.state().lesson; return l && l.done; },
    null, { timeout: 20000 });
  await frames(page, 2);
  await page.screenshot({ path: path.join(OUT, `scorm-${std}-review.png`) });
  const seen = await sco(page, async (lab) => {
    const out = { at: (await lab.idle()).lesson, info: lab.scorm, lang: lab.state().lang };
    const box = document.getElementById('pla-scorm-notice');  // (this runs in the SCO's window)
    out.notice = box && !box.hidden ? box.textContent : null;
    out.row = lab.state().lessons.find((x) => x.id === 'textbook');
    out.again = lab.command('answer', '0');
    // Back to the last question: its recorded answer, read-only.
    let l = out.at;
    for (let guard = 0; guard < 40; guard++) {
      lab.command('lesson_back');
      l = (await lab.idle()).lesson;
      if (l.question && l.answered) break;
    }
    out.back = l;
    out.second = lab.command('answer', '0');
    return out;
  });
  assert(seen.info.readOnly === true && seen.info.reviewLesson === 'textbook', 'review: ' + JSON.stringify(seen.info));
  assert(seen.at && seen.at.id === 'textbook' && seen.at.done && seen.at.score.right === seen.row.right &&
    seen.at.score.answered > 3, 'the finished lesson at its end: ' + JSON.stringify(seen.at));
  assert(!seen.again.ok, 'an answer taken at the end: ' + JSON.stringify(seen.again));
  assert(seen.back.answered && !seen.second.ok, 'a recorded answer, read-only: ' + JSON.stringify([seen.back, seen.second]));
  const texts = await page.evaluate(() => document.getElementById('sco').contentWindow.PLA_PAGE_TEXT);
  const want = texts[seen.lang].scorm_review;
  assert(want && seen.notice && seen.notice.indexOf(want) === 0, `review notice (${seen.lang}): ${seen.notice}`);
  if (!v12) assert(seen.lang === 'vi' && want !== texts.en.scorm_review, 'the notice in Vietnamese: ' + seen.notice);
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await page.waitForFunction(() => counts.finish === 1, null, { timeout: 5000 });
  const r = await received(page);
  const commits = await page.evaluate(() => counts.commit);
  assert(r.log.length === 0 && commits === 0, `sent in review mode: ${commits} commits, ${JSON.stringify(r.log).slice(0, 300)}`);
}

// Practice on a teacher's "retry" question (the lesson loaded by its JSON through the API): its
// first answer is an interaction, the practice answers are none; then the package's lesson again.
async function practiceAnswers(pg) {
  const lesson = JSON.stringify({ format: 1, id: 'practice', title: { en: 'Practice' }, steps: [
    { narration: { en: 'w = {w}' }, setup: { preset: 'textbook', eta: 1 },
      question: { kind: 'pick_point', prompt: { en: 'Which point first?' }, retry: true } },
    { narration: { en: 'the end' } }] });
  const got = await sco(pg, async (lab, text) => {
    const out = { open: lab.command('lesson', text) };
    await lab.idle();
    out.first = lab.command('answer', '1');
    await lab.idle();
    out.retry = lab.command('lesson_retry');
    out.p1 = lab.command('answer', '0');
    out.s1 = (await lab.idle()).lesson;
    out.p2 = lab.command('answer', '2');
    out.s2 = (await lab.idle()).lesson;
    out.back = lab.command('lesson_open', 'textbook');  // the package's lesson again, where it was
    out.textbook = (await lab.idle()).lesson;
    return out;
  }, lesson);
  assert(got.open.ok && got.first.ok && got.retry.ok && got.p1.ok && got.p2.ok,
    'practice commands ' + JSON.stringify(got));
  assert(got.s1.correct === false && got.s1.practice.correct === true, 'practice right ' + JSON.stringify(got.s1));
  assert(got.s2.correct === false && got.s2.practice.correct === false && got.s2.score.right === 0,
    'practice wrong ' + JSON.stringify(got.s2));
  assert(got.textbook.id === 'textbook' && got.textbook.step === 1 && got.textbook.answered &&
    got.textbook.correct, 'textbook resumed ' + JSON.stringify(got.textbook));
}

async function firstAnswerCounts(session) {
  const { browser, lms, std, v12, P } = session;
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const pg = await ctx.newPage();
  await pg.goto(lms.url + 'lms.html');
  await pg.evaluate(([s, j, src]) => window.startLms(s, j, src), [std, launchJson(std), `${std}/index.html`]);
  await waitSco(pg);
  // Step 1 (x1 is updated first) answered wrong, step 2 (x2 = (4, 3) is no mistake) right;
  // Back, Next, a second answer (refused), Back and Next with no answer. All in the SCO.
  const walk = await sco(pg, async (lab) => {
    const out = {};
    const at = async () => (await lab.idle()).lesson;
    out.wrong = lab.command('answer', '2');
    await lab.idle();
    lab.command('lesson_next');
    await lab.idle();
    out.back = lab.command('lesson_back');
    out.shown = await at();
    out.again = lab.command('answer', '0');
    lab.command('lesson_next');
    out.step2 = await at();
    out.right = lab.command('answer', 'no');
    await lab.idle();
    lab.command('lesson_back');
    await lab.idle();
    lab.command('lesson_next');
    out.after = await at();
    out.again2 = lab.command('answer', 'yes');
    out.grade = JSON.parse(lab.getGrade());
    return out;
  });
  assert(walk.wrong.ok && walk.back.ok && walk.right.ok, 'answers ' + JSON.stringify(walk));
  assert(walk.shown.step === 0 && walk.shown.answered && !walk.shown.correct && !walk.shown.locked,
    'step 1 after Back: ' + JSON.stringify(walk.shown));
  assert(walk.again.ok === false && /already answered/.test(walk.again.error), 'a second answer: ' + JSON.stringify(walk.again));
  assert(walk.step2.step === 1 && !walk.step2.answered, 'step 2 before its answer: ' + JSON.stringify(walk.step2));
  assert(walk.after.step === 1 && walk.after.answered && walk.after.correct, 'step 2 after Back, Next: ' + JSON.stringify(walk.after));
  assert(walk.again2.ok === false, 'a second answer at step 2: ' + JSON.stringify(walk.again2));
  assert(walk.grade.answered === 2 && walk.grade.right === 1, 'getGrade ' + JSON.stringify(walk.grade));
  await practiceAnswers(pg);
  await pg.waitForFunction(() => counts.commit > 3, null, { timeout: 5000 });
  let r = await received(pg);
  const got = r.inter.map((x) => `${baseId(x.id)} ${x[P.resp]} ${x.result}`);
  const bad = v12 ? 'wrong' : 'incorrect';
  assert(JSON.stringify(got) === JSON.stringify([`textbook-step1 x3 ${bad}`, `textbook-step2 ${v12 ? 'f' : 'false'} correct`,
    `practice-step1 x2 ${bad}`]), 'interactions: ' + JSON.stringify(got));
  const questions = (await sco(pg, (lab) => lab.state().lessons)).find((x) => x.id === 'textbook').questions;
  if (v12) assert(r.last[P.raw] === undefined, 'a 1.2 score before the end ' + r.last[P.raw]);
  else assert(Math.abs(Number(r.last[P.raw]) - 100 / questions) < 0.01, `score.raw ${r.last[P.raw]}, want 100·1/${questions}`);
  assert(r.last[P.status] === 'incomplete', 'status ' + r.last[P.status]);
  const sd = JSON.parse(r.last['cmi.suspend_data']);
  assert(JSON.stringify(sd.p.lessons.textbook.answers) === JSON.stringify([[1, '2', false], [2, 'no', true]]),
    'suspend_data answers ' + JSON.stringify(sd.p.lessons.textbook.answers));
  // Back at step 1, then the page goes: the relaunch resumes there, read-only, and sends nothing.
  await sco(pg, async (lab) => { lab.command('lesson_back'); await lab.idle(); });
  await pg.waitForFunction(() => JSON.parse(log.filter((x) => x[0] === 'cmi.suspend_data').pop()[1]).p.lessons.textbook.step === 1,
    null, { timeout: 5000 });
  await pg.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await pg.waitForFunction(() => counts.finish === 1, null, { timeout: 5000 });
  const saved = (await received(pg)).last['cmi.suspend_data'];
  const json = launchJson(std, v12 ? { suspend_data: saved, core: { entry: 'resume' } } : { suspend_data: saved, entry: 'resume' });
  await pg.evaluate(([s, j, src]) => window.startLms(s, j, src), [std, json, `${std}/index.html`]);
  await waitSco(pg);
  await pg.waitForFunction((k) => log.some((x) => x[0] === k), 'cmi.suspend_data', { timeout: 5000 });
  const resumed = await sco(pg, async (lab) => {
    const out = { at: (await lab.idle()).lesson };
    out.again = lab.command('answer', '0');
    lab.command('lesson_next');
    out.next = (await lab.idle()).lesson;
    out.again2 = lab.command('answer', 'yes');
    out.grade = JSON.parse(lab.getGrade());
    return out;
  });
  assert(resumed.at.id === 'textbook' && resumed.at.step === 0 && resumed.at.answered && !resumed.at.correct,
    'resumed at ' + JSON.stringify(resumed.at));
  assert(!resumed.again.ok && !resumed.again2.ok, 'answers after the relaunch ' + JSON.stringify(resumed));
  assert(resumed.next.step === 1 && resumed.next.answered && resumed.next.correct, 'step 2 after the relaunch ' + JSON.stringify(resumed.next));
  assert(resumed.grade.answered === 2 && resumed.grade.right === 1, 'getGrade after the relaunch ' + JSON.stringify(resumed.grade));
  await frames(pg, 3);
  r = await received(pg);
  assert(r.inter.length === 0, 'interactions sent after the relaunch: ' + JSON.stringify(r.inter));
  if (v12) assert(r.last[P.raw] === undefined, 'a 1.2 score before the end ' + r.last[P.raw]);
  else assert(Math.abs(Number(r.last[P.raw]) - 100 / questions) < 0.01, 'score after the relaunch ' + r.last[P.raw]);
  assert(r.last[P.status] === 'incomplete', 'status after the relaunch ' + r.last[P.status]);
  await ctx.close();
}

async function noLms(session) {
  const { browser, lms, std, pkg, v12, page } = session;
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const p = await ctx.newPage();
  const requests = [];
  p.on('request', (q) => requests.push(q.url()));
  await p.goto(lms.url + `${std}/index.html`);
  await p.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
  await frames(p, 2);
  const s = await p.evaluate(() => ({ info: window.perceptronLab.scorm, lesson: window.perceptronLab.state().lesson,
    lang: window.perceptronLab.state().lang, notice: (document.getElementById('pla-scorm-notice') || {}).textContent,
    visible: !!document.getElementById('pla-scorm-notice') && !document.getElementById('pla-scorm-notice').hidden,
    text: window.PLA_PAGE_TEXT }));
  assert(s.info.connected === false, 'connected without an LMS');
  assert(s.lesson && s.lesson.id === 'textbook', 'the lab runs the lesson: ' + JSON.stringify(s.lesson));
  const want = s.text[s.lang].scorm_not_recorded;
  assert(s.visible && want && s.notice.indexOf(want) === 0, `notice (${s.lang}): ${s.notice}`);
  if (!v12) assert(s.lang === 'vi' && /LMS/.test(s.notice), 'Vietnamese notice: ' + s.notice);
  // Every file the lab loads is in the package (everything is inline: the launch page only).
  const base = lms.url + `${std}/`;
  const own = requests.filter((u) => u.startsWith(lms.url));
  assert(own.length > 0, 'no request seen');
  own.forEach((u) => {
    assert(u.startsWith(base), 'a file outside the package: ' + u);
    const rel = decodeURIComponent(u.slice(base.length).split('?')[0].split('#')[0]);
    assert(pkg.entries.includes(rel), `the lab loads ${rel}, not in the zip (${pkg.entries.join(', ')})`);
  });
  assert(!requests.some((u) => /\.wasm(\?|$)/.test(u)), 'a .wasm file is fetched: ' + requests.join(' '));
  await ctx.close();
}

async function manifestOfThePackage(session) {
  const { browser, std, pkg, v12 } = session;
  assert(pkg.entries.includes('imsmanifest.xml'), 'no imsmanifest.xml at the root: ' + pkg.entries.join(', '));
  assert(pkg.size < 4 * 1024 * 1024, 'package ' + pkg.size + ' bytes');
  const xml = fs.readFileSync(path.join(DIR, std, 'imsmanifest.xml'), 'utf8');
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  const m = await p.evaluate(([x, v12]) => {
    const doc = new DOMParser().parseFromString(x, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length) return { error: 'not well-formed' };
    const CP = v12 ? 'http://www.imsproject.org/xsd/imscp_rootv1p1p2' : 'http://www.imsglobal.org/xsd/imscp_v1p1';
    const ADL = v12 ? 'http://www.adlnet.org/xsd/adlcp_rootv1p2' : 'http://www.adlnet.org/xsd/adlcp_v1p3';
    const res = Array.from(doc.getElementsByTagNameNS(CP, 'resource'));
    const items = Array.from(doc.getElementsByTagNameNS(CP, 'item'));
    return {
      root: doc.documentElement.namespaceURI, schema: doc.getElementsByTagNameNS(CP, 'schema')[0].textContent,
      version: doc.getElementsByTagNameNS(CP, 'schemaversion')[0].textContent,
      scos: res.map((r) => ({ id: r.getAttribute('identifier'), href: r.getAttribute('href'),
        type: r.getAttributeNS(ADL, v12 ? 'scormtype' : 'scormType'),
        files: Array.from(r.getElementsByTagNameNS(CP, 'file')).map((f) => f.getAttribute('href')) })),
      refs: items.map((i) => i.getAttribute('identifierref')),
      mastery: v12 ? (doc.getElementsByTagNameNS(ADL, 'masteryscore')[0] || {}).textContent : null,
      measure: v12 ? null : (doc.getElementsByTagNameNS('http://www.imsglobal.org/xsd/imsss', 'minNormalizedMeasure')[0] || {}).textContent,
    };
  }, [xml, v12]);
  assert(!m.error, m.error);
  assert(m.root === (v12 ? 'http://www.imsproject.org/xsd/imscp_rootv1p1p2' : 'http://www.imsglobal.org/xsd/imscp_v1p1'), 'namespace ' + m.root);
  assert(m.schema === 'ADL SCORM' && m.version === (v12 ? '1.2' : '2004 4th Edition'), `schema ${m.schema} ${m.version}`);
  assert(m.scos.length === 1 && m.scos[0].type === 'sco', 'one SCO: ' + JSON.stringify(m.scos));
  assert(m.refs.length === 1 && m.refs[0] === m.scos[0].id, 'the item points at the SCO: ' + JSON.stringify(m.refs));
  assert(pkg.entries.includes(m.scos[0].href), 'href ' + m.scos[0].href + ' not in the zip');
  m.scos[0].files.forEach((f) => assert(pkg.entries.includes(f), 'listed file not in the zip: ' + f));
  pkg.entries.forEach((f) => assert(f === 'imsmanifest.xml' || m.scos[0].files.includes(f), 'zip entry not listed: ' + f));
  if (v12) assert(Number(m.mastery) === 80, 'masteryscore ' + m.mastery);
  else assert(Number(m.measure) === 0.5, 'minNormalizedMeasure ' + m.measure);
  await ctx.close();
}

main(async ({ browser }) => {
  build();
  const lms = await serve(DIR);
  try {
    for (const [std, pkg] of Object.entries(PACKAGES)) {
      const v12 = std === 'scorm12';
      const P = v12 ? { status: 'cmi.core.lesson_status', raw: 'cmi.core.score.raw', min: 'cmi.core.score.min',
        max: 'cmi.core.score.max', time: 'cmi.core.session_time', exit: 'cmi.core.exit', resp: 'student_response' }
        : { status: 'cmi.completion_status', raw: 'cmi.score.raw', min: 'cmi.score.min', max: 'cmi.score.max',
          time: 'cmi.session_time', exit: 'cmi.exit', resp: 'learner_response' };
      const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await page.goto(lms.url + 'lms.html');
      // What the checks of this package share: the LMS page, and what each check leaves for the next.
      const session = { browser, lms, std, pkg, v12, P, context, page, errors,
        suspend: null, questions: 0, firstRight: 0, lineSeen: null, choiceSeen: null };

      await check(`${std}: launch, answers right and wrong, interactions, score, status, commits`, () => launch(session));

      await check(`${std}: suspend data holds the step and the answers; finish on unload`, () => suspendData(session));

      await check(`${std}: relaunch with that suspend data resumes at the step with the answers`, () => relaunchResumes(session));

      await check(`${std}: to the end of the lesson: completed, passed or failed against the pass mark`, () => toTheEnd(session));

      await check(`${std}: relaunch after the end: the lesson is not started over, status and score kept`, () => relaunchAfterTheEnd(session));

      await check(`${std}: review mode: the finished lesson with its answers, read-only, a notice; nothing sent`, () => reviewMode(session));
      await context.close();

      await check(`${std}: the first answer counts: Back, Next, a second answer, practice and a relaunch keep it`, () => firstAnswerCounts(session));

      await check(`${std}: with no LMS the lab runs and says that nothing is recorded`, () => noLms(session));

      await check(`${std}: the manifest names one SCO whose href is in the zip; under 4 MB`, () => manifestOfThePackage(session));
    }
    // (With the suspend data of the textbook package: its progress counts, its completion does not.)
    await check('a course of two lessons: the first finished, a relaunch opens the second; the score is over both', async () => {
      const fin = PACKAGES.scorm2004.final;
      assert(fin && fin.suspend, 'no suspend data of a finished textbook lesson');
      const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
      const page = await context.newPage();
      await page.goto(lms.url + 'lms.html');
      await page.evaluate(([j]) => window.startLms('scorm2004', j, 'course/index.html'), [{ suspend_data: fin.suspend, entry: 'resume' }]);
      await waitSco(page);
      await page.waitForFunction(() => log.some((x) => x[0] === 'cmi.score.raw'), null, { timeout: 5000 });
      const st = await sco(page, (lab) => lab.state());
      assert(st.lesson && st.lesson.id === 'threshold-neuron' && st.lesson.step === 0, 'opened ' + JSON.stringify(st.lesson));
      const t = st.lessons.find((x) => x.id === 'textbook'), n = st.lessons.find((x) => x.id === 'threshold-neuron');
      assert(t.done && n.questions > 0, 'rows ' + JSON.stringify([t, n]));
      const r = await received(page);
      assert(Math.abs(Number(r.last['cmi.score.raw']) - 100 * t.right / (t.questions + n.questions)) < 0.01,
        `raw ${r.last['cmi.score.raw']} for ${t.right}/(${t.questions} + ${n.questions})`);
      assert(r.last['cmi.completion_status'] === 'incomplete' && r.last['cmi.success_status'] === 'unknown',
        `status ${r.last['cmi.completion_status']} ${r.last['cmi.success_status']}`);
      await context.close();
    });
    console.log('package sizes: ' + Object.entries(PACKAGES).map(([s, p]) => `${s} ${p.size} bytes`).join(', ') +
      '; suspend_data after 3 answers: ' + Object.entries(PACKAGES).map(([s, p]) => `${s} ${p.suspendLength}`).join(', ') +
      ' characters; the 1.2 lab link with 400 points: ' + PACKAGES.scorm12.longData + ' characters (data dropped)');
  } finally {
    lms.proc.kill();
  }
});
