#!/usr/bin/env node
// The lab's packages in a real Moodle 4.5.6 (./build.sh test-lms; tests/lms/install.sh installs
// the site once per machine). Not run by CTest: it needs root, Apache, PostgreSQL and Moodle.
//   - Adds six activities as a teacher would (tests/lms/moodle_setup.php, Moodle's own API):
//     SCORM 1.2, SCORM 2004 and H5P, each without and with a pass mark (--pass 0.8), the
//     textbook lesson; H5P's content type installed by the administrator first.
//   - Walks student1 in Chromium through each: questions 1-3 (the 2nd wrong), left one step
//     later by "Exit activity" (H5P: the course's page); questions 4-5 (the 5th wrong), left one
//     step later by closing the page; back and to the end (the rest right); then re-entering the
//     finished attempt.
//   - Asserts what Moodle recorded after each visit, from its database and the teacher's pages:
//     the status and the score, the gradebook, every interaction (question, response, right
//     answer, result), the saved state (cmi.suspend_data, H5P's xAPI state), the H5P attempt and
//     its result rows, the Interactions / Track details / Attempts reports and the grader report.
// The lesson's steps, questions, right and wrong answers come from `pla lesson --id textbook
// [--wrong]` (pla built from the same tree as the packages).
// Usage (as root): node tests/lms/moodle.test.js --packages DIR --pla PATH [--out DIR] [--only REGEX]
//   [--lms-dir DIR] [--timeout SECONDS (900)]
//   (DIR holds scorm12.zip, scorm12-pass.zip, scorm2004.zip, scorm2004-pass.zip, h5p.h5p and
//   h5p-pass.h5p from ./build.sh package; ./build.sh test-lms makes them and runs this.)
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { opt, OUT, check, assert, LAUNCH_ARGS, CHROMIUM } = require('../e2e/lib');
const { chromium } = require('../e2e/node_modules/playwright-core');

const T0 = Date.now();
const ROOT = path.resolve(__dirname, '../..');
const LMS_DIR = path.resolve(opt('lms-dir', process.env.LMS_DIR || '/var/lib/perceptron-lab-lms'));
const PACKAGES = path.resolve(opt('packages', path.join(ROOT, 'build/lms')));
const PLA = path.resolve(opt('pla', path.join(ROOT, 'build/native-release/pla')));
const PORT = (/LMS_PORT=(\d+)/.exec(fs.readFileSync(path.join(LMS_DIR, 'installed'), 'utf8')) || [])[1];
const SITE = `http://127.0.0.1:${PORT}`;
const PASS = 0.8;
const SAVE_WITHIN_MS = 10000;  // "within seconds of each answer"
const ACTIVITIES = [
  { key: 'scorm12', name: 'SCORM 1.2', modname: 'scorm', file: 'scorm12.zip', v12: true, pass: null },
  { key: 'scorm12-pass', name: 'SCORM 1.2, pass mark 80%', modname: 'scorm', file: 'scorm12-pass.zip', v12: true, pass: PASS },
  { key: 'scorm2004', name: 'SCORM 2004', modname: 'scorm', file: 'scorm2004.zip', v12: false, pass: null },
  { key: 'scorm2004-pass', name: 'SCORM 2004, pass mark 80%', modname: 'scorm', file: 'scorm2004-pass.zip', v12: false, pass: PASS },
  { key: 'h5p', name: 'H5P', modname: 'h5pactivity', file: 'h5p.h5p', pass: null },
  { key: 'h5p-pass', name: 'H5P, pass mark 80%', modname: 'h5pactivity', file: 'h5p-pass.h5p', pass: PASS },
];
// Moodle 4.5's H5P attempts report draws these interaction types (mod/h5pactivity/classes/output/result/).
const H5P_DRAWN = ['choice', 'true-false', 'fill-in', 'long-fill-in', 'matching', 'sequencing'];
// The walk, set by lessonPlan(): PLAN.steps the steps with a question (1-based `step`), WRONG the
// steps answered wrong (the 2nd and 5th questions), STOP1 / STOP2 the step shown when the student
// leaves the first time (after the 3rd question) and the second time (after the 5th).
let PLAN = null, WRONG = null, STOP1 = 0, STOP2 = 0, N = 0;

// ------------------------------------------------------------------ the lesson, from pla
// [{step (1-based), kind, text, options, display (the right answer as the lab shows it),
//   right (the reply that is right), wrong (one that is wrong)}] for the steps with a question.
function lessonPlan() {
  const walk = (extra) => execFileSync(PLA, ['lesson', '--id', 'textbook', ...extra], { encoding: 'utf8' });
  const parse = (text) => {
    const out = {};
    for (const block of text.split(/^## step /m).slice(1)) {
      const step = parseInt(block, 10), q = /^\? \[(\w+)\] (.+)$/m.exec(block);
      if (!q) continue;
      const a = /^= (.+) \(replied (.*): (right|wrong)\)$/m.exec(block);
      const options = [...block.matchAll(/^ {2}([A-Z])\) (.+)$/mg)].map((m) => m[2]);
      out[step] = { step, kind: q[1], text: q[2], options, display: a[1], reply: a[2], verdict: a[3] };
    }
    return out;
  };
  const text = walk([]), right = parse(text), wrong = parse(walk(['--wrong']));
  const head = /^# (.+?) \((\d+) steps\)$/m.exec(text);
  const steps = Object.values(right).sort((x, y) => x.step - y.step)
    .map((r) => ({ ...r, right: r.reply, wrong: wrong[r.step] && wrong[r.step].verdict === 'wrong' ? wrong[r.step].reply : null }));
  assert(head && steps.length >= 6 && steps.every((s) => s.verdict === 'right') && steps[1].wrong !== null &&
    steps[4].wrong !== null, 'pla lesson --id textbook gives no walk with the 2nd and 5th questions wrong: ' + JSON.stringify(steps));
  PLAN = { title: head[1], total: Number(head[2]), steps };
  WRONG = new Set([steps[1].step, steps[4].step]);
  STOP1 = steps[2].step + 1;
  STOP2 = steps[4].step + 1;
  N = steps.length;
  return PLAN;
}

// ------------------------------------------------------------------ Moodle's side
const sql = (q) => execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-d', 'moodle', '-XtAq', '-c', q],
  { encoding: 'utf8' }).trim();
const rows = (q) => JSON.parse(sql(`SELECT coalesce(json_agg(t), '[]') FROM (${q}) t`));
const int = (x) => { assert(Number.isInteger(Number(x)), 'not an id: ' + x); return Number(x); };

function setupActivities() {
  const run = path.join(LMS_DIR, 'run');
  fs.rmSync(run, { recursive: true, force: true });
  fs.mkdirSync(run, { recursive: true, mode: 0o755 });
  for (const a of ACTIVITIES) fs.copyFileSync(path.join(PACKAGES, a.file), path.join(run, a.file));
  const spec = { h5plibrary: path.join(run, 'h5p.h5p'),
    activities: ACTIVITIES.map((a) => ({ key: a.key, name: a.name, modname: a.modname, file: path.join(run, a.file) })) };
  fs.writeFileSync(path.join(run, 'spec.json'), JSON.stringify(spec));
  for (const f of fs.readdirSync(run)) fs.chmodSync(path.join(run, f), 0o644);
  const out = execFileSync('runuser', ['-u', 'www-data', '--', 'env', `MOODLE_DIR=${LMS_DIR}/moodle`, 'php', '--',
    'activities', path.join(run, 'spec.json')], { input: fs.readFileSync(path.join(__dirname, 'moodle_setup.php')), encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

// A SCORM attempt's track: {attempt, v: {element: value}, interactions: [{id, type, ...}]}.
function scormTracks(scormid, userid) {
  const list = rows(`SELECT a.attempt, e.element, v.value FROM mdl_scorm_attempt a
    JOIN mdl_scorm_scoes_value v ON v.attemptid = a.id JOIN mdl_scorm_element e ON e.id = v.elementid
    WHERE a.scormid = ${int(scormid)} AND a.userid = ${int(userid)} ORDER BY a.attempt, v.id`);
  const byAttempt = new Map();
  for (const r of list) {
    if (!byAttempt.has(r.attempt)) byAttempt.set(r.attempt, { attempt: r.attempt, v: {}, interactions: [] });
    const t = byAttempt.get(r.attempt);
    t.v[r.element] = r.value;
    // SCORM 1.2's elements are stored as cmi.interactions_N.x, SCORM 2004's as cmi.interactions.N.x.
    const m = /^cmi\.interactions[._](\d+)\.(.+)$/.exec(r.element);
    if (m) (t.interactions[+m[1]] = t.interactions[+m[1]] || {})[m[2].replace(/^correct_responses[._]0\./, 'correct.')] = r.value;
  }
  return [...byAttempt.values()];
}
function grade(itemid, userid) {  // {grademax, gradepass, finalgrade, rawgrade}
  return rows(`SELECT gi.grademax, gi.gradepass, gg.finalgrade, gg.rawgrade FROM mdl_grade_items gi
    LEFT JOIN mdl_grade_grades gg ON gg.itemid = gi.id AND gg.userid = ${int(userid)} WHERE gi.id = ${int(itemid)}`)[0];
}
// H5P's saved state (Moodle 4.5: the xAPI state API, table mdl_xapi_states; statedata
// {"h5p": the content's getCurrentState() as JSON text}).
function h5pState(contextid, userid) {
  const r = rows(`SELECT statedata, timemodified FROM mdl_xapi_states WHERE component = 'mod_h5pactivity'
    AND itemid = ${int(contextid)} AND userid = ${int(userid)} AND stateid = 'state'`)[0];
  if (!r) return null;
  let state = null;
  try { state = JSON.parse(JSON.parse(r.statedata).h5p); } catch (e) { state = { unreadable: r.statedata }; }
  return { state, raw: r.statedata, timemodified: r.timemodified };
}
function h5pAttempts(instance, userid) {
  return rows(`SELECT * FROM mdl_h5pactivity_attempts WHERE h5pactivityid = ${int(instance)} AND userid = ${int(userid)} ORDER BY attempt`)
    .map((a) => ({ ...a, results: rows(`SELECT * FROM mdl_h5pactivity_attempts_results WHERE attemptid = ${int(a.id)} ORDER BY id`) }));
}
async function until(fn, ms, what) {
  const t0 = Date.now();
  let last;
  for (;;) {
    try { last = await fn(); if (last) return { value: last, ms: Date.now() - t0 }; } catch (e) { last = e; }
    if (Date.now() - t0 > ms) return { value: null, ms: Date.now() - t0, last, what };
    await new Promise((r) => setTimeout(r, 250));
  }
}

// ------------------------------------------------------------------ the student's browser
async function login(browser, user, pass) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  let said = '';
  // The first login after an install or a cache purge can be slow (Moodle fills its caches); a
  // login form filled while the page is still starting up is sometimes refused: tried 3 times.
  for (let i = 0; i < 3 && /\/login\/|^about:/.test(page.url()); i++) {
    await page.goto(SITE + '/login/index.php', { waitUntil: 'networkidle', timeout: 90000 });
    if (!/\/login\//.test(page.url())) break;
    await page.fill('#username', user);
    await page.fill('#password', pass);
    await page.click('#loginbtn');
    await page.waitForURL((u) => !/\/login\/index\.php$|testsession/.test(String(u)), { timeout: 90000 }).catch(() => {});
    said = await page.evaluate(() => (document.querySelector('.alert, #loginerrormessage') || {}).textContent || '').catch(() => '');
  }
  assert(!/\/login\//.test(page.url()), `${user} could not log in (still on ${page.url()}: ${said.trim()})`);
  await page.close();
  return context;
}
const errorsOf = new WeakMap();
async function newPage(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()} for ${r.url()}`); });
  page.on('close', () => { if (errors.length) fs.appendFileSync(path.join(OUT, 'console-errors.txt'), errors.map((e) => `${page.url()}: ${e}`).join('\n') + '\n'); });
  errorsOf.set(page, errors);
  return page;
}
// The frame whose window has the lab, once it is ready (SCORM: the player's #scorm_object; H5P:
// embed.php > the H5P iframe > the lab's blob: frame).
async function labFrame(page, timeout = 60000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeout) {
    for (const f of page.frames()) {
      try {
        if (await f.evaluate(() => !!(window.perceptronLab && window.perceptronLab.ready &&
            (!document.getElementById('status') || document.getElementById('status').hidden)))) return f;
      } catch (e) { /* a frame navigating */ }
    }
    await page.waitForTimeout(200);
  }
  const said = await page.evaluate(() => (document.querySelector('.alert-danger, .errormessage') || {}).textContent || '').catch(() => '');
  throw new Error('no frame with a ready perceptronLab in ' + page.url() + ': ' + page.frames().map((f) => f.url().slice(0, 80)).join(' | ') +
    (said ? ` (the page says: ${said.trim().slice(0, 200)})` : '') + (errorsOf.get(page) || []).slice(-3).map((e) => '; ' + e.slice(0, 200)).join(''));
}
const lesson = (f) => f.evaluate(async () => {
  const lab = window.perceptronLab, st = await lab.idle();
  const row = (st.lessons || []).find((r) => r.id === 'textbook') || null;
  return { lesson: st.lesson || null, row, scorm: lab.scorm ? JSON.parse(JSON.stringify(lab.scorm)) : null };
});
const cmd = (f, ...a) => f.evaluate(async (args) => {
  const lab = window.perceptronLab;
  await lab.idle();
  const r = lab.command(...args);
  const st = await lab.idle();
  return { r, lesson: st.lesson || null };
}, a);
// Answers the open step (1-based `step` must be the one shown) right or wrong.
async function answer(f, step) {
  const p = PLAN.steps.find((s) => s.step === step);
  const { lesson: l } = await lesson(f);
  assert(l && l.id === 'textbook' && l.step === step - 1, `expected step ${step} open, found ${JSON.stringify(l)}`);
  assert(l.question === p.kind, `step ${step}: the lab asks ${l.question}, pla ${p.kind}`);
  const reply = WRONG.has(step) ? p.wrong : p.right;
  const r = await cmd(f, 'answer', reply);
  assert(r.r.ok && r.lesson.answered, `answer ${reply} at step ${step}: ${JSON.stringify(r)}`);
  assert(r.lesson.correct === !WRONG.has(step), `step ${step} answered ${reply}: correct=${r.lesson.correct}`);
  return reply;
}
async function next(f) {
  const r = await cmd(f, 'lesson_next');
  assert(r.r.ok, 'lesson_next: ' + JSON.stringify(r));
  return r.lesson;
}
// From the step open, answers each question not answered yet (then `answered(step)`) and goes on,
// until step `to` (1-based) is shown or the lesson ends. Returns the lesson's state.
async function play(f, to, answered = async () => {}) {
  for (let guard = 0; guard < 200; guard++) {
    const { lesson: l } = await lesson(f);
    assert(l && l.id === 'textbook', 'no textbook lesson open: ' + JSON.stringify(l));
    if (l.done || l.step + 1 >= to) return l;
    if (PLAN.steps.some((q) => q.step === l.step + 1) && !l.answered) {
      await answer(f, l.step + 1);
      await answered(l.step + 1);
    }
    const n = await next(f);
    if (n && n.done) return n;
  }
  throw new Error('the lesson did not end within 200 steps');
}
// Text a person sees in the lab's document outside the canvas (notices, the status line...).
const visibleText = (f) => f.evaluate(() => {
  const out = [];
  const walk = (el) => {
    for (const c of el.children) {
      if (c.tagName === 'CANVAS' || c.tagName === 'SCRIPT' || c.tagName === 'STYLE') continue;
      const cs = getComputedStyle(c);
      if (c.hidden || cs.display === 'none' || cs.visibility === 'hidden') continue;
      if (!c.children.length && c.textContent.trim()) out.push(c.textContent.trim());
      walk(c);
    }
  };
  walk(document.body);
  return out.join('\n');
});

// ------------------------------------------------------------------ expectations
const norm = (s) => String(s).replace(/[\u2212\u2012\u2013]/g, '-').replace(/\s+/g, ' ').trim();
// Letters and digits only, as an ASCII identifier may spell them (R̂² -> r2, x̂ᵢ -> xi).
const ascii = (s) => norm(s).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const words = (s, n) => ascii(s).split(' ').slice(0, n);
// "names the question": the first four words of the question's text, in order, in any spelling
// an identifier allows (SCORM 1.2 ids are printable ASCII without spaces).
function namesQuestion(text, q) {
  return (' ' + ascii(text) + ' ').includes(' ' + words(q.text, 4).join(' ') + ' ');
}
function namesLesson(text) {
  const t = ascii(text);
  return /\btextbook\b/.test(t) || t.includes(words(PLAN.title, 3).join(' '));
}
// Whether a recorded response stands for the reply given to question q, readably.
function sameAnswer(resp, q, reply) {
  const r = norm(resp);
  if (q.kind === 'yes_no') return reply === 'yes' ? /^(t|true|yes)$/i.test(r) : /^(f|false|no)$/i.test(r);
  if (q.kind === 'number') return r !== '' && Math.abs(parseFloat(r) - parseFloat(reply)) < 1e-9;
  if (q.kind === 'pick_point') return new RegExp(`(^|[^0-9])x${Number(reply) + 1}($|[^0-9])`).test(r);
  if (q.kind === 'choice') {
    const i = Number(reply);
    return r === `o${i + 1}` || r === String.fromCharCode(65 + i) || r.includes(norm(q.options[i]));
  }
  if (q.kind === 'place_line') return readableLine(r);
  return r !== '';
}
// A line as an equation (x⁽¹⁾ + x⁽²⁾ − 3 = 0), not the lab's coefficients (1_1_-3, "1 1 -3").
const readableLine = (r) => /=/.test(r) && /x/.test(r) && !/^-?[\d.]+[_ ]-?[\d.]+[_ ]-?[\d.]+$/.test(r);

// The replies given up to step `upTo` (1-based), in order.
function given(upTo = Infinity) {
  return PLAN.steps.filter((s) => s.step <= upTo).map((s) => ({ q: s, reply: WRONG.has(s.step) ? s.wrong : s.right,
    right: !WRONG.has(s.step) }));
}
const rounded = (x) => Math.round(x * 100) / 100;

// SCORM: every interaction as the issue asks (question, response, right answer, result).
function checkInteractions(a, track, upTo) {
  const want = given(upTo), got = track.interactions, bad = [];
  if (got.length !== want.length) bad.push(`${got.length} interactions recorded, ${want.length} answers given`);
  want.forEach((w, i) => {
    const it = got[i] || {};
    const resp = a.v12 ? it.student_response : it.learner_response;
    const tag = `interaction ${i} (step ${w.q.step}, ${w.q.kind})`;
    if (!it.id || !namesLesson(it.id)) bad.push(`${tag}: id ${JSON.stringify(it.id)} does not name the lesson`);
    if (a.v12 && !(namesQuestion(it.id || '', w.q))) bad.push(`${tag}: id ${JSON.stringify(it.id)} does not name the question ("${w.q.text}")`);
    if (!a.v12 && !(it.description && namesQuestion(it.description, w.q)))
      bad.push(`${tag}: description ${JSON.stringify(it.description)}, want the question "${w.q.text}"`);
    if (!sameAnswer(resp || '', w.q, w.reply)) bad.push(`${tag}: response ${JSON.stringify(resp)} for the reply ${w.reply} (readable: ${w.q.kind === 'place_line' ? 'an equation like ' + w.q.display : 'the answer'})`);
    const pattern = it['correct.pattern'];
    if (!pattern) bad.push(`${tag}: no right answer (correct_responses.0.pattern)`);
    else if (w.q.kind === 'number') {
      const [lo, hi] = norm(pattern).split('[:]').map(parseFloat);
      const x = parseFloat(w.q.right);
      if (!(lo <= x + 1e-9 && (hi === undefined || isNaN(hi) ? lo >= x - 1e-9 : hi >= x - 1e-9))) bad.push(`${tag}: right answer ${pattern}, want ${w.q.display}`);
    } else if (!sameAnswer(pattern, w.q, w.q.right)) bad.push(`${tag}: right answer ${JSON.stringify(pattern)}, want ${w.q.display}`);
    const result = w.right ? 'correct' : a.v12 ? 'wrong' : 'incorrect';
    if (it.result !== result) bad.push(`${tag}: result ${it.result}, want ${result}`);
  });
  assert(!bad.length, bad.join('\n      '));
}
// suspend_data: the lesson at `step` (1-based) with the answers given so far.
function checkSuspend(track, answeredUpTo, step) {
  const raw = track.v['cmi.suspend_data'];
  assert(raw, 'no cmi.suspend_data');
  const d = JSON.parse(raw), rec = d.p && d.p.lessons && d.p.lessons.textbook;
  assert(rec, 'suspend_data has no progress of the textbook lesson: ' + raw.slice(0, 300));
  const answers = (rec.answers || []).map((x) => x[0]);
  const want = given(answeredUpTo).map((w) => w.q.step);
  assert(JSON.stringify(answers) === JSON.stringify(want), `suspend_data answers at steps ${answers}, want ${want}`);
  assert(rec.step === step, `suspend_data step ${rec.step}, want ${step}`);
}
function statusOf(a, track) {
  return a.v12 ? { status: track.v['cmi.core.lesson_status'], raw: track.v['cmi.core.score.raw'], exit: track.v['cmi.core.exit'],
    time: track.v['cmi.core.session_time'] || track.v['cmi.core.total_time'] }
    // (SCORM 2004: Moodle stores an element only when the package changed it from its default, so
    // no cmi.success_status row means "unknown".)
    : { status: track.v['cmi.completion_status'], success: track.v['cmi.success_status'] || 'unknown', raw: track.v['cmi.score.raw'],
      exit: track.v['cmi.exit'], time: track.v['cmi.session_time'] || track.v['cmi.total_time'] };
}

// ------------------------------------------------------------------ the walks
// One visit: opens the activity (SCORM: view.php > "Enter"; H5P: view.php), runs `body` on the
// lab's frame, and leaves the planned way even when `body` failed ("exit": the player's "Exit
// activity", or for H5P the course's page; "close": the page closed).
async function visit(ctx, a, S, how, body, { review = false } = {}) {
  const page = await newPage(ctx);
  let t0 = Date.now(), mode = 'normal';
  try {
    if (a.modname === 'scorm') {
      await page.goto(`${SITE}/mod/scorm/view.php?id=${S.cmid}`);
      await Promise.all([page.waitForURL(/player\.php/), page.click('#n')]);
    } else {
      await page.goto(`${SITE}/mod/h5pactivity/view.php?id=${S.cmid}`);
    }
    const f = await labFrame(page);
    t0 = Date.now();  // the visit's time: from the lab ready to leaving
    mode = await page.evaluate(() => (document.getElementById('scormmode') || {}).textContent || 'normal');
    if (!review) assert(!/review|browse/i.test(mode), `the player opened in ${mode}: the attempt is locked`);
    return await body({ page, f, mode, t0 });
  } finally {
    if (!page.isClosed()) {
      if (how === 'close') {
        await page.close({ runBeforeUnload: true });
        for (let i = 0; i < 100 && !page.isClosed(); i++) await new Promise((r) => setTimeout(r, 50));
      } else {
        const exit = await page.$('a[title="Exit activity"]');
        if (exit) await Promise.all([page.waitForURL(/course\/view\.php/), exit.click()]);
        else await page.goto(`${SITE}/course/view.php?id=${S.course}`);
        await page.close();
      }
    }
  }
}
const rightUpTo = (upTo) => given(upTo).filter((w) => w.right).length;
const countUpTo = (upTo) => given(upTo).length;

// What the SCORM checks share: the activity, the student's track, the score so far, the walk's counts.
function scormContext(a, site) {
  const S = { ...site.activities[a.key], course: site.course }, U = site.student;
  const track = () => scormTracks(S.instance, U)[0] || { v: {}, interactions: [] };
  const pct = (n) => rounded(100 * n / N);
  const statusName = a.v12 ? 'cmi.core.lesson_status' : 'cmi.completion_status';
  const held = a.v12 && a.pass;  // may hold its score back until the end (see scoreSoFar)
  // Moodle records each answer when the package commits (datamodel.php): wait for n interactions.
  const recorded = async (n) => (await until(() => track().interactions.length >= n, 10000)).value;
  // SCORM 1.2 with a pass mark may write no score before the end (Moodle's "Mastery score
  // overrides status" judges score.raw against the mastery score at exit); otherwise the score
  // so far is recorded, and the gradebook has it.
  const scoreSoFar = (s, n, bad) => {
    const g = grade(S.gradeitem, U) || {};
    if (!(held && s.raw === undefined) && !(Math.abs(Number(s.raw) - pct(n)) < 0.01)) bad.push(`score.raw = ${s.raw}, want ${pct(n)}${held ? ' or none' : ''}`);
    if (!(held && g.finalgrade === null) && !(g.finalgrade !== null && Math.abs(Number(g.finalgrade) - pct(n)) < 0.01)) bad.push(`gradebook ${g.finalgrade}, want ${pct(n)}${held ? ' or none' : ''}`);
  };
  const r1 = rightUpTo(STOP1 - 1), n1 = countUpTo(STOP1 - 1), r2 = rightUpTo(STOP2 - 1), n2 = countUpTo(STOP2 - 1);
  return { S, U, track, pct, statusName, held, recorded, scoreSoFar, r1, n1, r2, n2 };
}
// Visits 1 and 2, left mid-lesson ("Exit activity", then the page closed), and what Moodle recorded.
async function scormMidLesson(a, student, c) {
  const { S, track, pct, statusName, held, recorded, scoreSoFar, r1, n1, r2, n2 } = c;
  await check(`${a.key}: visit 1: questions 1-3 (the 2nd wrong), left at step ${STOP1} by "Exit activity"`, async () => {
    await visit(student, a, S, 'exit', async ({ f }) => {
      const st = await lesson(f);
      assert(st.scorm && st.scorm.connected && !st.scorm.readOnly, 'the package is not connected to Moodle: ' + JSON.stringify(st.scorm));
      await play(f, STOP1);
      await recorded(n1);
    });
  });
  await check(`${a.key}: after leaving mid-lesson: ${statusName} incomplete${a.pass ? ' (not failed, with "Mastery score overrides status" on)' : ''}, score and gradebook ${pct(r1)}${held ? ' or none' : ''}, exit suspend`, async () => {
    await until(() => statusOf(a, track()).exit !== undefined, 5000);  // the player's last request (a beacon) on leaving
    const s = statusOf(a, track()), bad = [];
    if (s.status !== 'incomplete') bad.push(`${statusName} = ${s.status}, want incomplete`);
    if (!a.v12 && s.success !== 'unknown') bad.push(`cmi.success_status = ${s.success}, want unknown`);
    scoreSoFar(s, r1, bad);
    if (s.exit !== 'suspend') bad.push(`exit = ${s.exit}, want suspend`);
    assert(!bad.length, bad.join('; '));
  });
  await check(`${a.key}: after visit 1: ${n1} interactions, each with its question, response, right answer and result`, async () => {
    checkInteractions(a, track(), STOP1 - 1);
  });
  await check(`${a.key}: after visit 1: cmi.suspend_data holds step ${STOP1} and the ${n1} answers`, async () => {
    checkSuspend(track(), STOP1 - 1, STOP1);
  });

  await check(`${a.key}: visit 2: resumes at step ${STOP1} with ${n1} answers, not in review mode; questions 4-5 (the 5th wrong), left at step ${STOP2} by closing the page`, async () => {
    await visit(student, a, S, 'close', async ({ f }) => {
      const st = await lesson(f);
      const ok = st.lesson && st.lesson.id === 'textbook' && st.lesson.step === STOP1 - 1 && st.lesson.score.answered === n1;
      await play(f, STOP2);  // from wherever Moodle brought the student back
      await recorded(n2);
      assert(ok, `resumed at ${JSON.stringify(st.lesson && { id: st.lesson.id, step: st.lesson.step + 1, answered: st.lesson.score.answered })}, ` +
        `want textbook step ${STOP1} with ${n1} answers; the package: ${JSON.stringify(st.scorm)}`);
    });
  });
  await check(`${a.key}: after closing the page: ${statusName} incomplete, score ${pct(r2)}${held ? ' or none' : ''}, exit suspend, suspend_data at step ${STOP2} with ${n2} answers`, async () => {
    await until(() => { const t = track(); return t.v['cmi.suspend_data'] && JSON.parse(t.v['cmi.suspend_data']).p.lessons.textbook.step === STOP2; }, 10000);
    const t = track(), s = statusOf(a, t), bad = [];
    if (s.status !== 'incomplete') bad.push(`${statusName} = ${s.status}, want incomplete`);
    scoreSoFar(s, r2, bad);
    if (s.exit !== 'suspend') bad.push(`exit = ${s.exit}, want suspend`);
    try { checkSuspend(t, STOP2 - 1, STOP2); } catch (e) { bad.push(e.message); }
    assert(!bad.length, bad.join('; '));
  });
}
// Visit 3 to the end and the finished attempt's record; visit 4, the finished attempt in review mode.
async function scormFinished(a, student, c) {
  const { S, U, track, pct, statusName, held, n2 } = c;
  const done = held ? 'passed' : 'completed', rN = rightUpTo(), final = pct(rN);
  await check(`${a.key}: visit 3: resumes at step ${STOP2} with ${n2} answers; the lesson to its end (${rN} of ${N} right), left by "Exit activity"`, async () => {
    await visit(student, a, S, 'exit', async ({ f }) => {
      const st = await lesson(f);
      const ok = st.lesson && st.lesson.step === STOP2 - 1 && st.lesson.score.answered === n2;
      if (!ok) {  // the walk goes on from where Moodle brought the student back, and this check fails
        await play(f, Infinity);
        assert(false, `resumed at step ${st.lesson && st.lesson.step + 1} with ${st.lesson && st.lesson.score.answered} answers, want step ${STOP2} with ${n2}`);
      }
      await play(f, Infinity);
      const end = await lesson(f);
      assert(end.row && end.row.done && end.row.right === rN, 'the lesson at its end: ' + JSON.stringify(end.row));
      await until(() => statusOf(a, track()).status === done, 10000);
    });
  });
  await check(`${a.key}: finished: ${statusName} ${done}${!a.v12 ? ', success_status ' + (a.pass ? 'passed' : 'unknown') : ''}, score ${final}, gradebook ${final}, one attempt`, async () => {
    const s = statusOf(a, track()), g = grade(S.gradeitem, U), bad = [];
    if (s.status !== done) bad.push(`${statusName} ${s.status}, want ${done}`);
    if (!a.v12 && s.success !== (a.pass ? 'passed' : 'unknown')) bad.push(`success_status ${s.success}, want ${a.pass ? 'passed' : 'unknown'}`);
    if (Math.abs(Number(s.raw) - final) > 0.01) bad.push(`score.raw ${s.raw}, want ${final}`);
    if (g.finalgrade === null || Math.abs(Number(g.finalgrade) - final) > 0.01) bad.push(`gradebook ${g.finalgrade}, want ${final}`);
    const n = scormTracks(S.instance, U).length;
    if (n !== 1) bad.push(`${n} attempts, want 1`);
    assert(!bad.length, bad.join('; '));
  });
  await check(`${a.key}: finished: ${N} interactions, each with its question, response, right answer and result`, async () => {
    checkInteractions(a, track());
  });

  await check(`${a.key}: visit 4, the finished attempt again: review mode; the lab shows the finished lesson with the recorded answers and says nothing more is recorded; nothing recorded`, async () => {
    const before = JSON.stringify(track()), bad = [];
    await visit(student, a, S, 'exit', async ({ f, mode }) => {
      const st = await lesson(f), text = await visibleText(f);
      if (!/review/i.test(mode)) bad.push(`the player's mode is "${mode}", want Review mode`);
      if (!(st.scorm && st.scorm.readOnly)) bad.push('the package does not know it is in review mode (lab.scorm.readOnly)');
      if (!(st.lesson && st.lesson.id === 'textbook')) bad.push(`no lesson open (${JSON.stringify(st.lesson && st.lesson.id)}): the finished lesson is not shown`);
      else if (st.lesson.score.answered !== N || st.lesson.score.right !== rN) bad.push(`the lesson shows ${st.lesson.score.answered} answers, ${st.lesson.score.right} right; want ${N}, ${rN}`);
      if (!/(not|no longer|never) (be )?(recorded|saved)|nothing .{0,60}(recorded|saved)/i.test(text)) bad.push('no text says that nothing more is recorded; the lab shows: ' + JSON.stringify(text.slice(0, 300)));
    }, { review: true });
    await new Promise((r) => setTimeout(r, 500));
    if (JSON.stringify(track()) !== before) bad.push('the track changed in review mode');
    assert(!bad.length, bad.join('; '));
  });
}

async function scormActivity(a, site, student) {
  const c = scormContext(a, site);
  await scormMidLesson(a, student, c);
  await scormFinished(a, student, c);
}

// The H5P wrapper's status line (in the H5P content's document, the lab frame's parent).
const h5pStatus = (f) => f.parentFrame().evaluate(() => {
  const el = document.querySelector('.h5p-perceptron-lab-status');
  return el ? el.textContent : null;
});

// What the H5P checks share: the activity, the saved state, the visits' times and saves, the counts.
function h5pContext(a, site) {
  const S = { ...site.activities[a.key], course: site.course }, U = site.student;
  const state = () => h5pState(S.contextid, U);
  const answersSaved = () => { const s = state(); return s && s.state && Array.isArray(s.state.answers) ? s.state.answers.length : 0; };
  const visits = [], latencies = [];
  // After each answer: wait (at most SAVE_WITHIN_MS) for Moodle to hold a state with that many answers.
  const saved = async (step) => {
    const w = await until(() => answersSaved() >= countUpTo(step), SAVE_WITHIN_MS);
    latencies.push({ step, ms: w.value ? w.ms : null });
  };
  const latencyText = (from) => latencies.slice(from).map((l) => `step ${l.step}: ${l.ms === null ? `not within ${SAVE_WITHIN_MS / 1000} s` : (l.ms / 1000).toFixed(1) + ' s'}`).join(', ');
  const n1 = countUpTo(STOP1 - 1), n2 = countUpTo(STOP2 - 1), rN = rightUpTo();
  return { S, U, state, answersSaved, visits, latencies, saved, latencyText, n1, n2, rN };
}
// Visits 1 to 3 (left by the course's page, by closing the page, at the end) and the saved state.
async function h5pVisits(a, student, c) {
  const { S, U, state, answersSaved, visits, latencies, saved, latencyText, n1, n2, rN } = c;
  await check(`${a.key}: visit 1: questions 1-3 (the 2nd wrong), left at step ${STOP1} by going back to the course`, async () => {
    await visit(student, a, S, 'exit', async ({ f, t0 }) => {
      try { await play(f, STOP1, saved); } finally { visits.push(Date.now() - t0); }
    });
  });
  await check(`${a.key}: after visit 1: Moodle held the saved state within ${SAVE_WITHIN_MS / 1000} s of each answer (mdl_xapi_states)`, async () => {
    const s = state();
    assert(latencies.length === n1 && latencies.every((l) => l.ms !== null),
      `${latencyText(0)}; saved after leaving: ${s ? s.raw.slice(0, 160) + '…' : 'nothing'}`);
  });
  await check(`${a.key}: visit 2: resumes with the ${n1} answers; questions 4-5 (the 5th wrong), left by closing the page`, async () => {
    await visit(student, a, S, 'close', async ({ f, t0 }) => {
      try {
        const st = await lesson(f);
        const ok = st.lesson && st.lesson.id === 'textbook' && st.lesson.score.answered === n1 && st.lesson.step + 1 >= PLAN.steps[2].step;
        await play(f, STOP2, saved);  // from wherever Moodle brought the student back
        assert(ok, `resumed at ${JSON.stringify(st.lesson && { step: st.lesson.step + 1, answered: st.lesson.score.answered })}, want step ${PLAN.steps[2].step} or later with ${n1} answers`);
      } finally { visits.push(Date.now() - t0); }
    });
  });
  await check(`${a.key}: after closing the page: the state holds the ${n2} answers, each saved within ${SAVE_WITHIN_MS / 1000} s; no attempt recorded yet`, async () => {
    const bad = [];
    if (!(latencies.length === n2 && latencies.slice(n1).every((l) => l.ms !== null))) bad.push(latencyText(n1));
    if (answersSaved() !== n2) bad.push(`the saved state has ${answersSaved()} answers`);
    const at = h5pAttempts(S.instance, U);
    if (at.length) bad.push(`${at.length} attempts already (scores ${at.map((x) => x.rawscore + '/' + x.maxscore)})`);
    assert(!bad.length, bad.join('; '));
  });
  await check(`${a.key}: visit 3: resumes with the ${n2} answers; the lesson to its end (${rN} of ${N} right), left by going back to the course`, async () => {
    await visit(student, a, S, 'exit', async ({ f, t0 }) => {
      try {
        const st = await lesson(f);
        const ok = st.lesson && st.lesson.score.answered === n2 && st.lesson.step + 1 >= PLAN.steps[4].step;
        await play(f, Infinity);
        await until(() => h5pAttempts(S.instance, U).some((x) => Number(x.completion) === 1), 15000);
        assert(ok, `resumed at ${JSON.stringify(st.lesson && { step: st.lesson.step + 1, answered: st.lesson.score.answered })}, want step ${PLAN.steps[4].step} or later with ${n2} answers`);
        const end = await lesson(f);
        assert(end.row && end.row.done && end.row.right === rN, 'the lesson at its end: ' + JSON.stringify(end.row));
      } finally { visits.push(Date.now() - t0); }
      await new Promise((r) => setTimeout(r, 4000));  // H5P saves the state 3 s after "completed" / "progressed"
    });
  });
}
// The finished attempt as Moodle recorded it: score, completion, duration, gradebook, a row a question.
async function h5pAttempt(a, c) {
  const { S, U, visits, rN } = c;
  const grade100 = rounded(100 * rN / N);
  await check(`${a.key}: the attempt: ${rN} of ${N}, completed${a.pass ? ', passed' : ', no success (no pass mark)'}; gradebook ${grade100}; its duration adds up the visits`, async () => {
    const at = h5pAttempts(S.instance, U), bad = [];
    if (at.length !== 1) bad.push(`${at.length} attempts, want 1 (${at.map((x) => x.rawscore + '/' + x.maxscore)})`);
    const x = at[at.length - 1] || {};
    if (Number(x.rawscore) !== rN || Number(x.maxscore) !== N) bad.push(`score ${x.rawscore}/${x.maxscore}, want ${rN}/${N}`);
    if (Number(x.completion) !== 1) bad.push(`completion ${x.completion}`);
    if (a.pass ? Number(x.success) !== 1 : x.success !== null) bad.push(`success ${x.success}, want ${a.pass ? 1 : 'none'}`);
    const spent = visits.reduce((sum, t) => sum + t, 0) / 1000;
    if (!(Number(x.duration) >= spent * 0.8)) bad.push(`duration ${x.duration} s, but the visits took ${spent.toFixed(0)} s (${visits.map((t) => (t / 1000).toFixed(0)).join(' + ')})`);
    const g = grade(S.gradeitem, U);
    if (g.finalgrade === null || Math.abs(Number(g.finalgrade) - grade100) > 0.01) bad.push(`gradebook ${g.finalgrade}, want ${grade100}`);
    assert(!bad.length, bad.join('; '));
  });
  await check(`${a.key}: the attempt's rows (mdl_h5pactivity_attempts_results): one per question, with its text, a type Moodle draws, choices and the student's response, readable, the result`, async () => {
    const at = h5pAttempts(S.instance, U);
    const res = at.length ? at[at.length - 1].results.filter((r) => r.subcontent) : [];
    const want = given(), bad = [];
    if (res.length !== want.length) bad.push(`${res.length} question rows, want ${want.length}`);
    want.forEach((w, i) => {
      const r = res.find((x) => new RegExp(`textbook-q${w.q.step}$`).test(decodeURIComponent(x.subcontent))) || res[i];
      const tag = `step ${w.q.step} (${w.q.kind})`;
      if (!r) { bad.push(`${tag}: no row`); return; }
      if (!(r.description && namesQuestion(r.description, w.q))) bad.push(`${tag}: description ${JSON.stringify(r.description)}, want "${w.q.text}"`);
      if (!H5P_DRAWN.includes(r.interactiontype)) bad.push(`${tag}: type ${r.interactiontype}, which Moodle does not draw`);
      let add = {};
      try { add = JSON.parse(r.additionals || '{}'); } catch (e) { /* none */ }
      let resp = r.response;
      if (r.interactiontype === 'choice') {
        const ch = Array.isArray(add.choices) ? add.choices : [];
        const ids = String(r.response).split('[,]');
        const label = (c) => (c.description ? Object.values(c.description)[0] : c.id);
        if (!ch.length) bad.push(`${tag}: a choice without its choices`);
        else if (!ids.every((id) => ch.some((c) => c.id === id))) bad.push(`${tag}: response ${r.response} is none of the choices ${JSON.stringify(ch.map((c) => c.id))}`);
        else resp = ids.map((id) => label(ch.find((c) => c.id === id))).join(', ');
      }
      if (!sameAnswer(resp, w.q, w.reply)) bad.push(`${tag}: response ${JSON.stringify(r.response)}${resp !== r.response ? ` (${JSON.stringify(resp)})` : ''} for the reply ${w.reply}`);
      if (!r.correctpattern) bad.push(`${tag}: no right answer`);
      if (Number(r.success) !== (w.right ? 1 : 0) || Number(r.rawscore) !== (w.right ? 1 : 0)) bad.push(`${tag}: success ${r.success}, score ${r.rawscore}; want ${w.right ? 'right' : 'wrong'}`);
    });
    assert(!bad.length, bad.join('\n      '));
  });
}
// The teacher's Attempts report, and visit 4: the finished activity reopened.
async function h5pReportAndReopen(a, student, teacher, c) {
  const { S, U, state, rN } = c;
  await check(`${a.key}: the teacher's Attempts report shows every question readably`, async () => {
    const at = h5pAttempts(S.instance, U);
    assert(at.length, 'no attempt');
    const page = await newPage(teacher);
    await page.goto(`${SITE}/mod/h5pactivity/report.php?a=${S.instance}&userid=${U}&attemptid=${at[at.length - 1].id}`);
    const text = await page.evaluate(() => document.querySelector('#region-main').innerText);
    fs.writeFileSync(path.join(OUT, `${a.key}-attempt-report.txt`), text);
    await page.screenshot({ path: path.join(OUT, `${a.key}-attempt-report.png`), fullPage: true });
    await page.close();
    const bad = [];
    if (/Unknown interaction type/i.test(text)) bad.push('"Unknown interaction type"');
    if (/does not provide tracking information/i.test(text)) bad.push('"This interaction … does not provide tracking information"');
    const missing = given().filter((w) => !norm(text).toLowerCase().includes(norm(w.q.text).toLowerCase().slice(0, 30)));
    if (missing.length) bad.push(`no question text for steps ${missing.map((w) => w.q.step).join(', ')}`);
    assert(!bad.length, bad.join('; ') + ` (the page: ${OUT}/${a.key}-attempt-report.txt)`);
  });
  await check(`${a.key}: visit 4: the finished activity reopens showing the student's result, not an empty lab; no new attempt`, async () => {
    const bad = [];
    if (!state()) bad.push('Moodle holds no saved state after the attempt (mdl_xapi_states)');
    await visit(student, a, S, 'exit', async ({ f }) => {
      const st = await lesson(f), status = await h5pStatus(f);
      if (!(st.row && st.row.done && st.row.right === rN)) bad.push(`the lab shows the textbook lesson as ${JSON.stringify(st.row)}, want done with ${rN} right`);
      if (!status || /No question answered yet/i.test(status)) bad.push(`the status line says ${JSON.stringify(status)}`);
    });
    const n = h5pAttempts(S.instance, U).length;
    if (n !== 1) bad.push(`${n} attempts after reopening`);
    assert(!bad.length, bad.join('; '));
  });
}

async function h5pActivity(a, site, student, teacher) {
  const c = h5pContext(a, site);
  await h5pVisits(a, student, c);
  await h5pAttempt(a, c);
  await h5pReportAndReopen(a, student, teacher, c);
}

// The teacher's SCORM pages: the Interactions report (every column ticked) and Track details.
async function scormReports(a, site, teacher) {
  const S = site.activities[a.key], U = site.student;
  await check(`${a.key}: the teacher's ${a.v12 ? 'Interactions report' : 'Track details'} shows each question, response, right answer and result`, async () => {
    const t = scormTracks(S.instance, U)[0];
    assert(t, 'no attempt');
    const page = await newPage(teacher);
    const bad = [];
    if (a.v12) {
      await page.goto(`${SITE}/mod/scorm/report.php?id=${S.cmid}&mode=interactions`);
      const cells = await page.evaluate(() => {
        const table = [...document.querySelectorAll('table')].find((x) => /Question 1/.test(x.innerText));
        if (!table) return null;
        const head = [...table.querySelectorAll('thead th')].map((th) => th.innerText.trim());
        const row = [...table.querySelectorAll('tbody tr')].find((tr) => /Sam/.test(tr.innerText));
        if (!row) return { head, cells: null };
        const td = [...row.querySelectorAll('td,th')].map((c) => c.innerText.trim());
        return { head, cells: td };
      });
      if (!cells || !cells.cells) bad.push('no row for the student in the Interactions report');
      else {
        // Its columns count from 0: "Question 0", "Response 0", "Right answer 0", "Result 0", ...
        const col = (name) => cells.cells[cells.head.findIndex((h) => h.split('\n')[0].trim() === name)];
        given().forEach((w, i) => {
          const q = col(`Question ${i}`), r = col(`Response ${i}`), ra = col(`Right answer ${i}`), re = col(`Result ${i}`);
          if (!q || !namesQuestion(q, w.q)) bad.push(`Question ${i}: ${JSON.stringify(q)} (step ${w.q.step}: "${w.q.text}")`);
          if (!r || !sameAnswer(r, w.q, w.reply)) bad.push(`Response ${i}: ${JSON.stringify(r)} (the reply ${w.reply})`);
          if (!ra || (w.q.kind !== 'number' && !sameAnswer(ra, w.q, w.q.right))) bad.push(`Right answer ${i}: ${JSON.stringify(ra)} (${w.q.display})`);
          if (re !== (w.right ? 'correct' : 'wrong')) bad.push(`Result ${i}: ${JSON.stringify(re)}`);
        });
      }
    } else {
      const scoid = rows(`SELECT id FROM mdl_scorm_scoes WHERE scorm = ${int(S.instance)} AND scormtype = 'sco'`)[0].id;
      await page.goto(`${SITE}/mod/scorm/report/userreporttracks.php?id=${S.cmid}&scoid=${scoid}&user=${U}&attempt=1&mode=interactions`);
      const text = await page.evaluate(() => document.querySelector('#region-main').innerText);
      fs.writeFileSync(path.join(OUT, `${a.key}-track-details.txt`), text);
      given().forEach((w, i) => {
        const m = new RegExp(`cmi\\.interactions[._]${i}\\.description\\s+(.+)`).exec(text);
        if (!m || !namesQuestion(m[1], w.q)) bad.push(`cmi.interactions_${i}.description: ${m ? JSON.stringify(m[1]) : 'missing'}`);
        if (!new RegExp(`cmi\\.interactions[._]${i}\\.learner_response`).test(text)) bad.push(`cmi.interactions_${i}.learner_response missing`);
      });
    }
    await page.screenshot({ path: path.join(OUT, `${a.key}-report.png`), fullPage: true });
    await page.close();
    assert(!bad.length, bad.join('; '));
  });
}

async function graderReport(site, teacher) {
  await check('the teacher\'s grader report shows each activity\'s grade', async () => {
    const page = await newPage(teacher);
    await page.goto(`${SITE}/grade/report/grader/index.php?id=${site.course}`);
    const text = await page.evaluate(() => {
      const t = document.getElementById('user-grades');
      return t ? [...t.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent.replace(/\s+/g, ' ').trim()).join(' | ')).join('\n') : '';
    });
    fs.writeFileSync(path.join(OUT, 'grader-report.txt'), text);
    await page.close();
    const bad = [];
    for (const a of ACTIVITIES) {
      const g = grade(site.activities[a.key].gradeitem, site.student);
      if (g.finalgrade === null) { bad.push(`${a.key}: no grade`); continue; }
      const shown = (Math.round(Number(g.finalgrade) * 100 + 1e-6) / 100).toFixed(2);  // the report's 2 decimals
      if (!text.includes(shown)) bad.push(`${a.key}: ${shown} not on the page`);
    }
    assert(!bad.length, bad.join('; '));
  });
}

// One run at a time on a Moodle: a second run would delete the first one's activities.
async function lock() {
  const file = path.join(LMS_DIR, 'test.lock');
  for (let waited = 0; ; waited += 2) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      process.on('exit', () => { try { if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file); } catch (e) { /* gone */ } });
      return;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      let alive = false;
      try { process.kill(pid, 0); alive = true; } catch (err) { alive = err.code === 'EPERM'; }
      if (!alive) { fs.unlinkSync(file); continue; }
      if (waited === 0) console.log(`waiting for another run of this test on ${SITE} (pid ${pid}, ${file})`);
      if (waited >= 900) throw new Error(`another run (pid ${pid}) still holds ${file} after 15 minutes`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

// ------------------------------------------------------------------ main
(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  fs.rmSync(path.join(OUT, 'console-errors.txt'), { force: true });
  await lock();
  // A run that hangs fails instead of holding the machine (it takes about 3 minutes).
  const limit = Number(opt('timeout', '900'));
  setTimeout(() => {
    console.log(`FAIL the run did not end within ${limit} s (--timeout)`);
    process.exit(1);
  }, limit * 1000).unref();
  lessonPlan();
  console.log(`the lesson: "${PLAN.title}", ${PLAN.total} steps, ${N} questions (pla); wrong at steps ${[...WRONG]}, left at steps ${STOP1} and ${STOP2}`);
  const tSetup = Date.now();
  const site = setupActivities();
  console.log(`activities added (${((Date.now() - tSetup) / 1000).toFixed(1)} s): ` +
    ACTIVITIES.map((a) => `${a.key} cmid ${site.activities[a.key].cmid}`).join(', ') + `; H5P.PerceptronLab ${site.h5plibrary.version}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, headless: true });
  const summary = [];
  try {
    const student = await login(browser, 'student1', 'Student#2026');
    const teacher = await login(browser, 'teacher1', 'Teacher#2026');
    for (const a of ACTIVITIES) {
      const t0 = Date.now();
      if (a.modname === 'scorm') {
        await scormActivity(a, site, student);
        await scormReports(a, site, teacher);
      } else {
        await h5pActivity(a, site, student, teacher);
      }
      const S = site.activities[a.key];
      const g = grade(S.gradeitem, site.student) || {};
      let rec;
      if (a.modname === 'scorm') {
        const t = scormTracks(S.instance, site.student)[0] || { v: {}, interactions: [] };
        rec = { ...statusOf(a, t), interactions: t.interactions.length, first: t.interactions[0] || null,
          line: t.interactions[PLAN.steps.findIndex((q) => q.kind === 'place_line')] || null, suspend: (t.v['cmi.suspend_data'] || '').length };
      } else {
        const at = h5pAttempts(S.instance, site.student);
        const last = at[at.length - 1];
        rec = { attempts: at.length, score: last && `${last.rawscore}/${last.maxscore}`, duration: last && last.duration,
          success: last && last.success, rows: last && last.results.map((r) => [r.interactiontype, r.description, r.response, r.correctpattern]),
          state: !!h5pState(S.contextid, site.student) };
      }
      summary.push({ key: a.key, seconds: Math.round((Date.now() - t0) / 1000), grade: g.finalgrade, gradepass: g.gradepass, ...rec });
    }
    await graderReport(site, teacher);
  } finally {
    await browser.close();
  }
  fs.writeFileSync(path.join(OUT, 'recorded.json'), JSON.stringify(summary, null, 2));
  console.log('\nwhat Moodle recorded (also in ' + path.join(OUT, 'recorded.json') + '):');
  for (const s of summary) {
    console.log(`  ${s.key.padEnd(15)} ${String(s.seconds).padStart(3)} s  grade ${s.grade} (grade to pass ${s.gradepass})  ` +
      (s.interactions !== undefined ? `status ${s.status}${s.success ? '/' + s.success : ''}, score ${s.raw}, ${s.interactions} interactions, suspend_data ${s.suspend} chars`
        : `${s.attempts} attempt(s), ${s.score}, success ${s.success}, ${s.duration} s, state kept: ${s.state}`));
  }
  const { results } = require('../e2e/lib');
  const failed = results.filter((r) => r.startsWith('FAIL')).length;
  console.log(`\n${results.length - failed}/${results.length} Moodle checks passed in ${((Date.now() - T0) / 1000).toFixed(0)} s; artifacts in ${OUT}`);
  process.exit(failed ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(2); });
