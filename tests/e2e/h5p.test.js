#!/usr/bin/env node
// Browser test of the H5P package (web/package/h5p.py): the .h5p built from the web bundle,
// unpacked and played by npm h5p-standalone (H5P's own player code, no server) in a page served
// by the test. The lab inside is answered right and wrong through its API; the xAPI statements
// H5P's external dispatcher carries are captured: one "answered" per answer with its score,
// "completed" at the end with the lessons' score; getScore / getMaxScore agree with the answers
// given and with the lab; showSolutions lists them; resetTask starts over. A second package (two
// lessons, Vietnamese, contrast theme, two panels, compact) checks the authoring parameters and
// the course of lessons. What Moodle's attempts report draws: each statement's description is
// the question; yes / no true-false, a choice with its choices, a number, a point and a line
// fill-in with the lab's texts. "progressed" after each answer makes H5P save the state within
// 3 s (a host page with H5P's content-user-data address and Moodle's 60 s saving period), and
// after the end the state is saved again: reopened, the finished activity shows its result.
// Usage: node h5p.test.js --www DIR --out DIR [--only REGEX]
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { WWW, OUT, check, assert, serve, main, LANGUAGES } = require('./lib');

const ROOT = path.join(__dirname, '..', '..');
const H5P_PY = path.join(ROOT, 'web', 'package', 'h5p.py');
const LESSONS = path.join(ROOT, 'web', 'lessons');
const PLAYER = path.dirname(require.resolve('h5p-standalone/package.json'));
const SITE = path.join(OUT, 'h5p-site');
// H5P's default whitelist for library files (content files and js, css).
const WHITELIST = new Set(['json', 'png', 'jpg', 'jpeg', 'gif', 'bmp', 'tif', 'tiff', 'svg', 'eot', 'ttf', 'woff',
  'woff2', 'otf', 'webm', 'mp4', 'ogg', 'mp3', 'm4a', 'wav', 'txt', 'pdf', 'rtf', 'doc', 'docx', 'xls', 'xlsx',
  'ppt', 'pptx', 'odt', 'ods', 'odp', 'xml', 'csv', 'diff', 'patch', 'swf', 'md', 'textile', 'vtt', 'webvtt',
  'gltf', 'glb', 'js', 'css']);

function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  assert(r.status === 0, `${cmd} ${args.join(' ')} failed (${r.status}): ${r.stdout} ${r.stderr}`);
  return r.stdout;
}
function pack(name, extra) {
  const file = path.join(OUT, name + '.h5p');
  const said = run('/usr/bin/python3', [H5P_PY, '--www', WWW, '--out', file, ...extra]);
  const dir = path.join(SITE, name);
  fs.rmSync(dir, { recursive: true, force: true });
  run('/usr/bin/python3', ['-m', 'zipfile', '-e', file, dir]);
  const names = JSON.parse(run('/usr/bin/python3', ['-c',
    'import json,sys,zipfile; print(json.dumps(zipfile.ZipFile(sys.argv[1]).namelist()))', file]));
  return { file, dir, names, size: fs.statSync(file).size, said: said.trim() };
}
const readJson = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
const course = readJson(path.join(LESSONS, 'course.json')).lessons;

// The questions of a lesson whose right answer is a literal in its file (not computed by the
// lab): [{step, kind, answer, options}], the oracle for answering right and wrong.
function literalQuestions(id) {
  return readJson(path.join(LESSONS, id + '.json')).steps.map((s, step) => ({ step, q: s.question }))
    .filter((x) => x.q && x.q.answer !== undefined && ['yes_no', 'number', 'choice'].includes(x.q.kind))
    .map((x) => ({ step: x.step, kind: x.q.kind, answer: x.q.answer, options: (x.q.options || []).length }));
}
function wrongAnswer(q) {
  if (q.kind === 'yes_no') return q.answer === 'yes' ? 'no' : 'yes';
  if (q.kind === 'number') return String(Number(q.answer) + 7);
  return String((Number(q.answer) + 1) % Math.max(2, q.options));
}

const PLAYER_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>H5P player</title>
<link rel="stylesheet" href="player/styles/h5p.css"></head><body>
<div id="h5p" style="width:960px"></div>
<script src="player/main.bundle.js"></script>
<script>
  window.statements = [];
  var q = new URLSearchParams(location.search);
  var options = { h5pJsonPath: q.get('content'), frameJs: 'player/frame.bundle.js', frameCss: 'player/styles/h5p.css' };
  if (window.savedState) {  // a host's saved content state: H5P core's contentUserData[subContentId 0].state
    options.contentUserData = [{ state: window.savedState }];
    options.saveFreq = 3600;  // H5P hands previousState to the content only where saving is on
  }
  if (window.hostSaveFreq) {  // a host that saves the state (as Moodle: every 60 s, a signed-in user)
    options.saveFreq = window.hostSaveFreq;
    options.user = { name: 'A student', mail: 'student@example.org' };
    options.ajax = { contentUserDataUrl: 'h5p-user-data/:contentId/:dataType/:subContentId' };
  }
  window.playerReady = new H5PStandalone.H5P(document.getElementById('h5p'), options).then(function () {
    H5P.externalDispatcher.on('xAPI', function (e) { window.statements.push(JSON.parse(JSON.stringify(e.data.statement))); });
    window.playerLoaded = true;
  }, function (e) { window.playerError = String(e); });
</script></body></html>`;

// Opens the player on a content folder; returns the page, the H5P frame and the lab's frame.
// host: {saveFreq, saves}: the page saves the state to H5P's content-user-data address,
// answered here (each POST's state and time pushed to saves).
async function play(browser, server, content, savedState, host) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  if (savedState) await page.addInitScript((st) => { window.savedState = st; }, savedState);
  if (host) {
    await page.addInitScript((f) => { window.hostSaveFreq = f; }, host.saveFreq);
    await page.route('**/h5p-user-data/**', (route) => {
      const req = route.request();
      if (req.method() === 'POST') {
        const data = new URLSearchParams(req.postData() || '').get('data');
        host.saves.push({ at: Date.now(), data, state: data && data !== '0' ? JSON.parse(data) : null });
      }
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: false }) });
    });
  }
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) errors.push(m.text()); });
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()} for ${r.url()}`); });
  await page.goto(server.url + 'index.html?content=' + content);
  await page.waitForFunction(() => window.playerLoaded || window.playerError, null, { timeout: 30000 });
  assert(!(await page.evaluate(() => window.playerError)), 'h5p-standalone: ' + (await page.evaluate(() => window.playerError)));
  let h5p = null, lab = null;
  for (let i = 0; i < 600 && !lab; ++i) {
    for (const f of page.frames()) {
      if (f === page.mainFrame()) continue;
      if (f.url().startsWith('blob:')) lab = f;
      else if (!h5p && await f.evaluate(() => !!(window.H5P && H5P.instances && H5P.instances.length)).catch(() => false)) h5p = f;
    }
    if (!lab) await new Promise((r) => setTimeout(r, 100));
  }
  assert(h5p && lab, `the H5P frame (${!!h5p}) and the lab frame (${!!lab}) inside it`);
  await lab.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
  await h5p.waitForFunction(() => { const i = H5P.instances[0]; return (i.child || i).lab; }, null, { timeout: 10000 });
  return { context, page, h5p, lab, errors };
}
const instance = (h5p, fn, arg) => h5p.evaluate(([src, a]) => {
  const i = H5P.instances[0];
  return (0, eval)('(' + src + ')')(i, a);  // eslint-disable-line no-eval
}, [fn.toString(), arg]);
const labState = (lab) => lab.evaluate(() => window.perceptronLab.state());
const statements = (page) => page.evaluate(() => window.statements);
const verb = (s) => s.verb.id.split('/').pop();

// The two packages: one (textbook, pass mark 50%), made by the first check; two (two lessons,
// Vietnamese, contrast, panels, compact), by the last.
let one = null, two = null;

async function packsTheLibrary({ browser }) {
  one = pack('textbook', ['--lesson', 'textbook', '--pass', '0.5']);
  console.log(`  ${one.said}`);
  for (const f of ['h5p.json', 'content/content.json', 'H5P.PerceptronLab-1.0/library.json',
    'H5P.PerceptronLab-1.0/semantics.json', 'H5P.PerceptronLab-1.0/lab-page.js', 'H5P.PerceptronLab-1.0/perceptron-lab-h5p.js']) {
    assert(one.names.includes(f), `${f} missing from ${one.names.join(', ')}`);
  }
  for (const f of one.names) {
    const ext = f.split('.').pop().toLowerCase();
    assert(WHITELIST.has(ext), `${f}: .${ext} is not on H5P's default whitelist`);
  }
  assert(one.size < 4 * 1024 * 1024, `${one.size} bytes`);
  const h5p = readJson(path.join(one.dir, 'h5p.json'));
  assert(h5p.mainLibrary === 'H5P.PerceptronLab' && h5p.title && h5p.language &&
    h5p.preloadedDependencies.some((d) => d.machineName === 'H5P.PerceptronLab' && d.majorVersion === '1'), JSON.stringify(h5p));
  const lib = readJson(path.join(one.dir, 'H5P.PerceptronLab-1.0', 'library.json'));
  assert(lib.machineName === 'H5P.PerceptronLab' && lib.runnable === 1 && lib.majorVersion === 1 && lib.minorVersion === 0, JSON.stringify(lib));
  for (const js of lib.preloadedJs) assert(one.names.includes('H5P.PerceptronLab-1.0/' + js.path), js.path + ' is not in the package');
  for (const css of lib.preloadedCss) assert(one.names.includes('H5P.PerceptronLab-1.0/' + css.path), css.path + ' is not in the package');
  // The authoring form: a select of every built-in lesson (course order), language, theme, panels, pass mark.
  const sem = readJson(path.join(one.dir, 'H5P.PerceptronLab-1.0', 'semantics.json'));
  const field = (n) => sem.find((f) => f.name === n);
  const select = field('lessons').field;
  assert(select.type === 'select' && JSON.stringify(select.options.map((o) => o.value)) === JSON.stringify(course),
    'lesson options ' + JSON.stringify(select.options.map((o) => o.value)));
  // The languages: the catalogs (web/i18n), each named in its own language.
  const languageOptions = JSON.stringify(field('language').options.map((o) => [o.value, o.label]));
  assert(languageOptions === JSON.stringify([['auto', "The student's browser language"], ...LANGUAGES.map((l) => [l.code, l.name])]),
    'language ' + languageOptions);
  assert(JSON.stringify(field('theme').options.map((o) => o.value)) === '["light","dark","contrast"]', 'theme');
  assert(field('panels').fields.map((f) => f.name).join(',') === 'data,algorithm,run,theory,plots', 'panels');
  assert(field('passPercentage').type === 'number' && field('passPercentage').max === 100, 'pass mark');
  const content = readJson(path.join(one.dir, 'content', 'content.json'));
  assert(JSON.stringify(content.lessons) === '["textbook"]' && content.passPercentage === 50 && content.language === 'auto', JSON.stringify(content));
}

async function playsIt({ browser, server }) {
  const p = await play(browser, server, 'textbook');
  const s = await labState(p.lab);
  assert(s.lesson && s.lesson.id === 'textbook' && s.lesson.step === 0 && !s.lesson.done, JSON.stringify(s.lesson));
  assert(s.lang === 'en', 'lang ' + s.lang);
  const baked = await p.h5p.evaluate(() => H5P.PerceptronLabLessons);
  for (const row of s.lessons) assert(baked[row.id] && baked[row.id].questions === row.questions, `${row.id}: ${JSON.stringify(baked[row.id])} vs ${row.questions}`);
  assert(Object.keys(baked).length === s.lessons.length, 'lessons ' + Object.keys(baked).join(','));
  const r = await instance(p.h5p, (i) => ({ max: i.getMaxScore(), score: i.getScore(), given: i.getAnswerGiven(),
    fns: ['getScore', 'getMaxScore', 'getAnswerGiven', 'showSolutions', 'resetTask', 'getXAPIData'].filter((f) => typeof i[f] === 'function') }));
  assert(r.fns.length === 6, 'question contract: ' + r.fns.join(','));
  assert(r.max === baked.textbook.questions && r.score === 0 && r.given === false, JSON.stringify(r));
  const box = await p.page.locator('iframe.h5p-iframe').boundingBox();
  assert(box && box.height > 400, 'H5P frame height ' + JSON.stringify(box));
  await p.page.screenshot({ path: path.join(OUT, 'h5p-textbook.png') });
  assert(p.errors.length === 0, 'console errors: ' + p.errors.join(' | '));
  await p.context.close();
}

// One "answered" statement against the answer given (g), the lab's answer event (e) and the
// question (q): its object, parent, score and success, and what Moodle's report draws (the
// question's text, a type it draws, readable responses).
function checkAnswered(st, g, e, q, root) {
  const def = st.object.definition, kind = q.kind;
  assert(st.object.id === `${root}?subContentId=textbook-q${g.step + 1}`, 'object ' + st.object.id);
  assert(st.context.contextActivities.parent[0].id === root, 'parent ' + JSON.stringify(st.context));
  assert(st.result.score.raw === (g.right ? 1 : 0) && st.result.score.max === 1 && st.result.score.min === 0, JSON.stringify(st.result));
  assert(st.result.success === g.right, JSON.stringify(st.result) + ' for ' + JSON.stringify(g));
  assert(def.type.endsWith('cmi.interaction'), JSON.stringify(def));
  // Moodle's report: the question's text (description), a type it draws, readable responses.
  assert(e.kind === kind && typeof e.prompt === 'string' && e.prompt.length > 10 &&
    JSON.stringify(def.description) === JSON.stringify({ 'en-US': e.prompt }), `description ${JSON.stringify(def.description)} for ${e.prompt}`);
  if (kind === 'yes_no') {
    const tf = (v) => (v === 'yes' ? 'true' : 'false');
    assert(def.interactionType === 'true-false' && st.result.response === tf(g.value) &&
      JSON.stringify(def.correctResponsesPattern) === JSON.stringify([tf(String(q.answer))]), 'true-false ' + JSON.stringify(st));
  } else if (kind === 'choice') {
    assert(def.interactionType === 'choice' && st.result.response === g.value &&
      JSON.stringify(def.correctResponsesPattern) === JSON.stringify([String(q.answer)]), 'choice ' + JSON.stringify(st));
    assert(Array.isArray(def.choices) && def.choices.length === e.options.length && def.choices.every((c, i) =>
      c.id === String(i) && c.description['en-US'] === e.options[i]), 'choices ' + JSON.stringify(def.choices));
  } else {
    assert(kind === 'number' && def.interactionType === 'fill-in' && st.result.response === e.answer_text &&
      def.correctResponsesPattern[0] === e.expected_text, 'a number as fill-in ' + JSON.stringify(st));
    assert(!/-/.test(st.result.response) && (Number(g.value) >= 0 || st.result.response[0] === '\u2212'), 'the true minus sign ' + st.result.response);
  }
  assert(st.actor, 'no actor');
}

// showSolutions lists each answer, right and wrong; resetTask starts the lesson over; the lab's
// records in the host's localStorage go when the page is left.
async function solutionsAndReset(p, server, given, rights, row) {
  const shown = await instance(p.h5p, (i) => {
    i.showSolutions();
    const items = Array.from(document.querySelectorAll('.h5p-perceptron-lab-solutions li'));
    return { items: items.length, wrong: document.querySelectorAll('.h5p-perceptron-lab-wrong').length, text: items.map((x) => x.textContent) };
  });
  assert(shown.items === given.length && shown.wrong === given.length - rights, JSON.stringify(shown));
  await p.page.screenshot({ path: path.join(OUT, 'h5p-solutions.png') });
  const reset = await instance(p.h5p, (i) => { i.resetTask(); return { score: i.getScore(), given: i.getAnswerGiven(), max: i.getMaxScore(),
    hidden: document.querySelector('.h5p-perceptron-lab-solutions').hidden }; });
  const s2 = await labState(p.lab);
  assert(reset.score === 0 && !reset.given && reset.max === row.questions && reset.hidden, 'after resetTask ' + JSON.stringify(reset));
  assert(s2.lesson.id === 'textbook' && s2.lesson.step === 0 && !s2.lesson.done, 'after resetTask ' + JSON.stringify(s2.lesson));
  assert(p.errors.length === 0, 'console errors: ' + p.errors.join(' | '));
  // The lab's records in the host's localStorage (under its blob: address, new at every load)
  // are there while it runs and gone once the page is left.
  const keys = () => p.page.evaluate(() => Object.keys(localStorage).filter((k) => /^perceptron-lab/.test(k)));
  const during = await keys();
  assert(during.length > 0, 'the lab kept nothing in localStorage: ' + JSON.stringify(during));
  await p.page.goto(server.url + 'player/styles/h5p.css');
  const left = await keys();
  assert(left.length === 0, 'left in localStorage: ' + JSON.stringify(left));
}

async function answersAndStatements({ browser, server }) {
  const p = await play(browser, server, 'textbook');
  const literal = literalQuestions('textbook');
  assert(literal.length >= 4, 'literal questions ' + literal.length);
  // Right, right, wrong, right, wrong, ... : the oracle is the lesson file's own answer.
  const plan = new Map(literal.map((q, k) => [q.step, { right: k % 3 !== 2 || k === 0, q }]));
  // The walk inside the lab's frame (one evaluate; a step's work in slices is waited for).
  // After each answer the H5P instance (in the parent frame, same origin) hears of it by a
  // message: its getScore / getAnswerGiven are read once they follow (at most 5 s).
  const answers = Object.fromEntries([...plan].map(([step, x]) => [step, { value: x.right ? String(x.q.answer) : wrongAnswer(x.q), right: x.right }]));
  const walk = await p.lab.evaluate(async (answers) => {
    const lab = window.perceptronLab, inst = window.parent.H5P.instances[0], out = [], events = [];
    window.addEventListener('perceptronlab-event', (e) => { if (e.detail.event === 'answer_given') events.push(e.detail); });
    let s = await lab.idle(), rights = 0;
    for (let guard = 0; guard < 100 && !s.lesson.done; ++guard) {
      const x = answers[s.lesson.step];
      if (x && !s.lesson.answered) {
        const r = lab.command('answer', x.value);
        const after = await lab.idle();
        rights += x.right ? 1 : 0;
        for (const t0 = Date.now(); Date.now() - t0 < 5000 && !(inst.getAnswerGiven() && inst.getScore() === rights);)
          await new Promise((res) => setTimeout(res, 10));
        out.push({ step: s.lesson.step, value: x.value, right: x.right, r, correct: after.lesson.correct,
          mid: { score: inst.getScore(), given: inst.getAnswerGiven() } });
      }
      lab.command('lesson_next');
      s = await lab.idle();
    }
    return { out, s, events };
  }, answers);
  const given = [];
  for (const g of walk.out) {
    assert(g.r && g.r.ok, `answer ${g.value} at step ${g.step}: ${JSON.stringify(g.r)}`);
    assert(g.correct === g.right, `step ${g.step}: the lab says correct=${g.correct} for ${g.value} (expected ${g.right})`);
    given.push({ step: g.step, value: g.value, right: g.right });
    assert(g.mid.given && g.mid.score === given.filter((x) => x.right).length, 'mid-lesson ' + JSON.stringify(g.mid));
  }
  const s = walk.s;
  assert(s.lesson.done, 'the lesson did not finish');
  const rights = given.filter((g) => g.right).length;
  assert(rights > 0 && rights < given.length, `answers ${JSON.stringify(given)}`);
  await p.page.waitForFunction(() => window.statements.some((st) => /completed$/.test(st.verb.id)), null, { timeout: 5000 });
  const all = await statements(p.page);
  const answered = all.filter((st) => verb(st) === 'answered');
  const completed = all.filter((st) => verb(st) === 'completed');
  assert(answered.length === given.length, `${answered.length} answered statements for ${given.length} answers`);
  const root = completed[0].object.id;
  assert(root && !root.includes('subContentId'), 'root object ' + root);
  assert(walk.events.length === given.length, 'the lab\'s answer events ' + walk.events.length);
  answered.forEach((st, k) => checkAnswered(st, given[k], walk.events[k], plan.get(given[k].step).q, root));
  const negative = given.filter((g) => plan.get(g.step).q.kind === 'number' && Number(g.value) < 0).length;
  // "progressed" right after each answer, and after "completed" (H5P saves the state 3 s later).
  const verbs = all.map(verb);
  verbs.forEach((v, i) => { if (v === 'answered' || v === 'completed') assert(verbs[i + 1] === 'progressed', 'verbs ' + verbs.join(' ')); });
  assert(verbs.filter((v) => v === 'progressed').length === answered.length + 1, 'verbs ' + verbs.join(' '));
  const duration = /^PT(\d+)S$/.exec(completed[0].result.duration);
  assert(duration && Number(duration[1]) < 600, 'duration ' + completed[0].result.duration);
  const sc = await instance(p.h5p, (i) => ({ score: i.getScore(), max: i.getMaxScore(), given: i.getAnswerGiven(),
    xapi: i.getXAPIData() }));
  const row = (await labState(p.lab)).lessons.find((r) => r.id === 'textbook');
  assert(completed.length === 1, `${completed.length} completed statements`);
  const res = completed[0].result;
  // 3 of 12 (or as many as the lesson asks) is under the pass mark of 0.5.
  assert(res.score.raw === rights && res.score.max === row.questions && res.completion === true, JSON.stringify(res));
  assert(res.success === (rights / row.questions >= 0.5), 'success ' + JSON.stringify(res));
  assert(Math.abs(res.score.scaled - rights / row.questions) < 1e-3, 'scaled ' + res.score.scaled);
  assert(sc.score === rights && sc.max === row.questions && sc.given, JSON.stringify(sc));
  assert(row.right === rights, `the lab counts ${row.right} right`);
  assert(sc.xapi.statement.result.score.raw === rights && sc.xapi.children.length === given.length, 'getXAPIData ' + JSON.stringify(sc.xapi.statement.result));
  // The attempt's own row is compound (Moodle's report leaves it out, not "Unknown interaction type").
  assert(completed[0].object.definition.interactionType === 'compound' && sc.xapi.statement.object.definition.interactionType === 'compound',
    'the root statements ' + JSON.stringify([completed[0].object.definition, sc.xapi.statement.object.definition]));
  console.log(`  ${given.length} answers (${rights} right, ${negative} negative numbers), ${answered.length} answered statements, completed ${res.score.raw}/${res.score.max} success=${res.success}`);

  await solutionsAndReset(p, server, given, rights, row);
  await p.context.close();
}

async function stateBringsTheLessonBack({ browser, server }) {
  const p = await play(browser, server, 'textbook');
  if (!(await p.lab.evaluate(() => typeof window.perceptronLab.getState === 'function'))) {
    console.log('  skipped: this web build has no perceptronLab.getState()');
    await p.context.close();
    return;
  }
  const literal = literalQuestions('textbook');
  const rights = 1;
  // Answer the first two questions with a literal answer (right, then wrong), stop after the
  // second (inside the lab's frame: one evaluate).
  const s = await p.lab.evaluate(async ([q0, q1]) => {
    const lab = window.perceptronLab;
    let s = await lab.idle();
    for (let guard = 0; guard < 100 && s.lesson.step <= q1.step; ++guard) {
      const q = [q0, q1].find((x) => x.step === s.lesson.step);
      if (q) { lab.command('answer', q.value); await lab.idle(); }
      lab.command('lesson_next');
      s = await lab.idle();
    }
    return s;
  }, [{ step: literal[0].step, value: String(literal[0].answer) }, { step: literal[1].step, value: wrongAnswer(literal[1]) }]);
  const step = s.lesson.step;
  const saved = await instance(p.h5p, (i) => JSON.stringify(i.getCurrentState()));
  const before = await instance(p.h5p, (i) => ({ score: i.getScore(), answers: i.answers.length }));
  assert(before.score === rights && before.answers === 2, JSON.stringify(before));
  await p.context.close();
  const q = await play(browser, server, 'textbook', saved);
  await q.lab.waitForFunction((st) => window.perceptronLab.state().lesson && window.perceptronLab.state().lesson.step === st, step, { timeout: 10000 })
    .catch(() => null);
  const s2 = await labState(q.lab);
  const after = await instance(q.h5p, (i) => ({ score: i.getScore(), given: i.getAnswerGiven(), max: i.getMaxScore() }));
  const row = s2.lessons.find((r) => r.id === 'textbook');
  assert(s2.lesson && s2.lesson.id === 'textbook' && s2.lesson.step === step, `resumed at ${JSON.stringify(s2.lesson)}, left at step ${step}`);
  assert(row.right === rights && after.score === rights && after.given, JSON.stringify({ after, right: row.right }));
  assert(q.errors.length === 0, 'console errors: ' + q.errors.join(' | '));
  await q.context.close();
}

async function firstAnswerCounts({ browser, server }) {
  // The content lists a second lesson, "practice" (a teacher's, loaded by its JSON through
  // the lab's API), so that its events reach the statements as the textbook's do.
  const dir = path.join(SITE, 'retry');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(one.dir, dir, { recursive: true });
  const params = readJson(path.join(dir, 'content', 'content.json'));
  params.lessons = ['textbook', 'practice'];
  fs.writeFileSync(path.join(dir, 'content', 'content.json'), JSON.stringify(params));
  const p = await play(browser, server, 'retry');
  // Step 1 (x1 is updated first) wrong, Back and Next, a second answer (refused); step 2
  // (x2 = (4, 3) is no mistake) right, Back and Next with no answer.
  const walk = await p.lab.evaluate(async () => {
    const lab = window.perceptronLab, out = {};
    await lab.idle();
    out.wrong = lab.command('answer', '2');
    await lab.idle();
    lab.command('lesson_next');
    await lab.idle();
    lab.command('lesson_back');
    out.shown = (await lab.idle()).lesson;
    out.again = lab.command('answer', '0');
    lab.command('lesson_next');
    await lab.idle();
    out.right = lab.command('answer', 'no');
    await lab.idle();
    lab.command('lesson_back');
    await lab.idle();
    lab.command('lesson_next');
    out.after = (await lab.idle()).lesson;
    out.again2 = lab.command('answer', 'yes');
    return out;
  });
  assert(walk.wrong.ok && walk.right.ok, 'answers ' + JSON.stringify(walk));
  assert(walk.shown.step === 0 && walk.shown.answered && !walk.shown.correct, 'step 1 after Back ' + JSON.stringify(walk.shown));
  assert(!walk.again.ok && /already answered/.test(walk.again.error), 'a second answer ' + JSON.stringify(walk.again));
  assert(walk.after.step === 1 && walk.after.answered && walk.after.correct && !walk.again2.ok, 'step 2 ' + JSON.stringify(walk));
  await p.h5p.waitForFunction(() => H5P.instances[0].getScore() === 1, null, { timeout: 5000 });
  const saved = await instance(p.h5p, (i) => JSON.stringify(i.getCurrentState()));
  // Practice: the first answer of "practice" is a statement, its practice answers none.
  const lesson = JSON.stringify({ format: 1, id: 'practice', title: { en: 'Practice' }, steps: [
    { narration: { en: 'w = {w}' }, setup: { preset: 'textbook', eta: 1 },
      question: { kind: 'pick_point', prompt: { en: 'Which point first?' }, retry: true } },
    { narration: { en: 'the end' } }] });
  const practice = await p.lab.evaluate(async (text) => {
    const lab = window.perceptronLab, out = { open: lab.command('lesson', text) };
    await lab.idle();
    out.first = lab.command('answer', '1');
    await lab.idle();
    out.retry = lab.command('lesson_retry');
    out.p1 = lab.command('answer', '0');
    out.p2 = lab.command('answer', '2');
    out.state = (await lab.idle()).lesson;
    await new Promise((res) => setTimeout(res, 300));  // time for any message to the host
    return out;
  }, lesson);
  assert(practice.open.ok && practice.first.ok && practice.retry.ok && practice.p1.ok && practice.p2.ok, JSON.stringify(practice));
  assert(practice.state.correct === false && practice.state.practice.correct === false, JSON.stringify(practice.state));
  await p.page.waitForFunction(() => window.statements.filter((st) => /answered$/.test(st.verb.id)).length >= 3, null, { timeout: 5000 });
  const answered = (await statements(p.page)).filter((st) => verb(st) === 'answered')
    .map((st) => `${st.object.id.split('subContentId=')[1]} ${st.result.response} ${st.result.score.raw} ${st.result.success}`);
  assert(JSON.stringify(answered) === JSON.stringify(['textbook-q1 x3 0 false', 'textbook-q2 false 1 true', 'practice-q1 x2 0 false']),
    'answered statements ' + JSON.stringify(answered));
  const kept = await instance(p.h5p, (i) => ({ score: i.getScore(), answers: i.answers.map((a) => `${a.lesson} ${a.question} ${a.answer} ${a.correct}`) }));
  assert(kept.score === 1 && JSON.stringify(kept.answers) === JSON.stringify(['textbook 0 2 false', 'textbook 1 no true', 'practice 0 1 false']),
    'the content\'s answers ' + JSON.stringify(kept));
  assert(p.errors.length === 0, 'console errors: ' + p.errors.join(' | '));
  await p.context.close();
  // The host's saved state in a fresh browser: the lesson at step 2 with both answers,
  // read-only; no statement sent again.
  const q = await play(browser, server, 'retry', saved);
  await q.lab.waitForFunction(() => { const l = window.perceptronLab.state().lesson; return l && l.step === 1 && l.answered; }, null, { timeout: 10000 });
  const back = await q.lab.evaluate(async () => {
    const lab = window.perceptronLab, out = { at: (await lab.idle()).lesson };
    lab.command('lesson_back');
    out.back = (await lab.idle()).lesson;
    out.again = lab.command('answer', '0');
    return out;
  });
  assert(back.at.correct && back.back.step === 0 && back.back.answered && !back.back.correct && !back.again.ok, JSON.stringify(back));
  const after = await instance(q.h5p, (i) => ({ score: i.getScore(), given: i.getAnswerGiven() }));
  assert(after.score === 1 && after.given, JSON.stringify(after));
  await new Promise((res) => setTimeout(res, 300));
  const sentAgain = (await statements(q.page)).filter((st) => verb(st) === 'answered');
  assert(sentAgain.length === 0, 'answered statements after the restore: ' + JSON.stringify(sentAgain));
  assert(q.errors.length === 0, 'console errors: ' + q.errors.join(' | '));
  await q.context.close();
}

async function stateReachesTheHost({ browser, server }) {
  const saves = [];
  const host = { saveFreq: 60, saves };  // Moodle's default period: only "progressed" saves sooner
  const waitSave = async (n, since) => {
    for (const t0 = Date.now(); saves.length < n && Date.now() - t0 < 8000;) await new Promise((r) => setTimeout(r, 50));
    assert(saves.length >= n, `${saves.length} saves, waited for ${n}`);
    return saves[n - 1].at - since;
  };
  const p = await play(browser, server, 'textbook', null, host);
  // Step 1 (a point: x1 is updated first) right, then the line question answered "1 1 -3".
  const answerAt = async (kind, value) => p.lab.evaluate(async ([kind, value]) => {
    const lab = window.perceptronLab;
    window.__ev = window.__ev || (window.addEventListener('perceptronlab-event', (e) => { if (e.detail.event === 'answer_given') window.__ev.push(e.detail); }), []);
    let s = await lab.idle();
    for (let guard = 0; guard < 40 && s.lesson.question !== kind; ++guard) { lab.command('lesson_next'); s = await lab.idle(); }
    const r = lab.command('answer', value);
    await lab.idle();
    return { r, at: Date.now(), step: s.lesson.step, ev: window.__ev[window.__ev.length - 1] };
  }, [kind, value]);
  const a1 = await answerAt('pick_point', '0');
  assert(a1.r.ok && a1.step === 0, 'the point ' + JSON.stringify(a1));
  const d1 = await waitSave(1, a1.at);
  assert(d1 < 5000, `the first save ${d1} ms after the answer`);
  assert(saves[0].state.answers.length === 1 && saves[0].state.completed === false && saves[0].state.lab, 'saved ' + saves[0].data.slice(0, 300));
  const a2 = await answerAt('place_line', '1 1 -3');
  assert(a2.r.ok, 'the line ' + JSON.stringify(a2));
  const d2 = await waitSave(2, a2.at);
  assert(d2 < 5000 && saves[1].state.answers.length === 2, `the second save ${d2} ms after the answer: ${saves[1].data.slice(0, 200)}`);
  const st = (await statements(p.page)).filter((x) => verb(x) === 'answered');
  const point = st[0], line = st[1];
  assert(point.object.definition.interactionType === 'fill-in' && point.result.response === 'x1' &&
    point.object.definition.correctResponsesPattern[0] === 'x1', 'a point ' + JSON.stringify(point));
  assert(line.object.definition.interactionType === 'fill-in' && line.result.response === a2.ev.answer_text &&
    /x\u207D\u00B9\u207E/.test(line.result.response) && line.object.definition.correctResponsesPattern[0] === a2.ev.expected_text &&
    (!line.result.success || line.object.definition.correctResponsesPattern.includes(line.result.response)), 'a line ' + JSON.stringify(line));
  assert(line.object.definition.description['en-US'] === a2.ev.prompt, 'the line question ' + JSON.stringify(line.object.definition));
  await p.context.close();

  // A second visit (1000 s spent in the first, as the saved state says) to the end.
  const before = saves[1].state;
  before.spent = 1000;
  const q = await play(browser, server, 'textbook', JSON.stringify(before), host);
  const n0 = saves.length;
  const end = await q.lab.evaluate(async () => {
    const lab = window.perceptronLab;
    let s = await lab.idle();
    for (let guard = 0; guard < 100 && !s.lesson.done; ++guard) { lab.command('lesson_next'); s = await lab.idle(); }
    return { s: s.lesson, at: Date.now() };
  });
  assert(end.s.done, 'not at the end ' + JSON.stringify(end.s));
  await q.page.waitForFunction(() => window.statements.some((x) => /completed$/.test(x.verb.id)), null, { timeout: 5000 });
  const all = await statements(q.page);
  const completed = all.find((x) => verb(x) === 'completed');
  const secs = Number((/^PT(\d+)S$/.exec(completed.result.duration) || [])[1]);
  assert(secs >= 1000 && secs < 1300, 'the duration over both visits ' + completed.result.duration);
  assert(all.map(verb).slice(-2).join(' ') === 'completed progressed', 'after the end ' + all.map(verb).join(' '));
  const xapi = await instance(q.h5p, (i) => i.getXAPIData());
  // getXAPIData() is read a moment after the completed statement was sent: the two
  // durations are the same visit-sum, at most a second apart.
  const xsecs = Number((/^PT(\d+)S$/.exec(xapi.statement.result.duration) || [])[1]);
  assert(xsecs >= secs && xsecs <= secs + 1 && xapi.children.length === 2,
         'getXAPIData ' + JSON.stringify(xapi.statement.result) + ' vs ' + completed.result.duration);
  const d3 = await waitSave(n0 + 1, end.at);
  const fin = saves[saves.length - 1].state;
  assert(d3 < 5000 && fin.completed === true && fin.answers.length === 2 && fin.spent >= 1000, `saved after the end (${d3} ms): ${JSON.stringify(fin).slice(0, 200)}`);
  const rights = completed.result.score.raw;
  await q.context.close();

  // Reopened finished: the lesson at its end with its answers (read-only), the result, "Try again".
  const r = await play(browser, server, 'textbook', JSON.stringify(fin), host);
  await r.lab.waitForFunction(() => { const l = window.perceptronLab.state().lesson; return l && l.done; }, null, { timeout: 20000 });
  const shown = await r.lab.evaluate(async () => {
    const lab = window.perceptronLab, out = { at: (await lab.idle()).lesson };
    out.again = lab.command('answer', '0');
    lab.command('lesson_goto', '1');
    out.first = (await lab.idle()).lesson;
    out.second = lab.command('answer', '1');
    return out;
  });
  assert(shown.at.id === 'textbook' && shown.at.done && shown.at.score.right === rights && shown.at.score.answered === 2,
    'reopened at ' + JSON.stringify(shown.at));
  assert(!shown.again.ok && shown.first.answered && shown.first.correct && !shown.second.ok, 'read-only ' + JSON.stringify(shown));
  const bar = await r.h5p.evaluate(() => ({ status: document.querySelector('.h5p-perceptron-lab-status').textContent,
    retry: !document.querySelector('.h5p-perceptron-lab-retry').hidden, label: document.querySelector('.h5p-perceptron-lab-retry').textContent,
    score: H5P.instances[0].getScore() }));
  assert(bar.status.indexOf(`Finished: ${rights} of `) === 0 && bar.retry && bar.label === 'Try again' && bar.score === rights, 'the bar ' + JSON.stringify(bar));
  await new Promise((res) => setTimeout(res, 300));
  assert((await statements(r.page)).filter((x) => verb(x) !== 'progressed').length === 0, 'statements on reopening ' + JSON.stringify(await statements(r.page)));
  await r.page.screenshot({ path: path.join(OUT, 'h5p-reopened-finished.png') });
  await r.h5p.click('.h5p-perceptron-lab-retry');
  await r.lab.waitForFunction(() => { const l = window.perceptronLab.state().lesson; return l && l.step === 0 && !l.done && !l.answered; }, null, { timeout: 10000 });
  const after = await r.h5p.evaluate(() => ({ given: H5P.instances[0].getAnswerGiven(), retry: !document.querySelector('.h5p-perceptron-lab-retry').hidden,
    status: document.querySelector('.h5p-perceptron-lab-status').textContent }));
  assert(!after.given && !after.retry && /^No question answered yet/.test(after.status), 'after "Try again" ' + JSON.stringify(after));
  assert(p.errors.length + q.errors.length + r.errors.length === 0, 'console errors: ' + [...p.errors, ...q.errors, ...r.errors].join(' | '));
  await r.context.close();
}

async function insideAContainer({ browser, server }) {
  // H5P.TestSet: a stand-in for Question Set / Course Presentation, which make each question
  // with H5P.newRunnable(..., {parent}) and ask its maximum score before showing it.
  const dir = path.join(SITE, 'nested');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(one.dir, dir, { recursive: true });
  const lib = path.join(dir, 'H5P.TestSet-1.0');
  fs.mkdirSync(lib);
  fs.writeFileSync(path.join(lib, 'library.json'), JSON.stringify({ title: 'Test set', machineName: 'H5P.TestSet',
    majorVersion: 1, minorVersion: 0, patchVersion: 0, runnable: 1, preloadedJs: [{ path: 'test-set.js' }],
    preloadedDependencies: [{ machineName: 'H5P.PerceptronLab', majorVersion: 1, minorVersion: 0 }] }));
  fs.writeFileSync(path.join(lib, 'test-set.js'), `H5P.TestSet = function (params, contentId) {
    H5P.EventDispatcher.call(this);
    this.child = H5P.newRunnable(params.question, contentId, undefined, true, { parent: this });
    this.maxBeforeAttach = this.child.getMaxScore();
  };
  H5P.TestSet.prototype = Object.create(H5P.EventDispatcher.prototype);
  H5P.TestSet.prototype.constructor = H5P.TestSet;
  H5P.TestSet.prototype.attach = function ($c) { this.child.attach(H5P.jQuery('<div>').appendTo($c)); };`);
  const h5pJson = readJson(path.join(dir, 'h5p.json'));
  h5pJson.mainLibrary = 'H5P.TestSet';
  h5pJson.preloadedDependencies.push({ machineName: 'H5P.TestSet', majorVersion: '1', minorVersion: '0' });
  fs.writeFileSync(path.join(dir, 'h5p.json'), JSON.stringify(h5pJson));
  const params = readJson(path.join(dir, 'content', 'content.json'));
  fs.writeFileSync(path.join(dir, 'content', 'content.json'), JSON.stringify({
    question: { library: 'H5P.PerceptronLab 1.0', params, subContentId: 'abc-123', metadata: { title: 'lab' } } }));
  const p = await play(browser, server, 'nested');
  const before = await p.h5p.evaluate(() => H5P.instances[0].maxBeforeAttach);
  const row = (await labState(p.lab)).lessons.find((r) => r.id === 'textbook');
  assert(before === row.questions, `getMaxScore before the lab loaded: ${before}, the lab: ${row.questions}`);
  const q = literalQuestions('textbook')[0];
  await p.lab.evaluate(async ([step, v]) => {
    const lab = window.perceptronLab;
    for (let s = await lab.idle(); s.lesson.step < step; s = await lab.idle()) lab.command('lesson_next');
    lab.command('answer', v);
  }, [q.step, String(q.answer)]);
  await p.page.waitForFunction(() => window.statements.some((st) => /answered$/.test(st.verb.id)), null, { timeout: 5000 });
  const st = (await statements(p.page)).find((x) => verb(x) === 'answered');
  assert(/\?subContentId=abc-123-textbook-q\d+$/.test(st.object.id), 'object ' + st.object.id);
  assert(/\?subContentId=abc-123$/.test(st.context.contextActivities.parent[0].id), 'parent ' + st.context.contextActivities.parent[0].id);
  assert(st.result.score.raw === 1 && st.result.success === true, JSON.stringify(st.result));
  const child = await p.h5p.evaluate(() => { const c = H5P.instances[0].child; return { score: c.getScore(), given: c.getAnswerGiven() }; });
  assert(child.score === 1 && child.given, JSON.stringify(child));
  assert(p.errors.length === 0, 'console errors: ' + p.errors.join(' | '));
  await p.context.close();
}

async function authoringParameters({ browser, server }) {
  two = pack('course', ['--lesson', 'textbook,dual', '--lang', 'vi', '--theme', 'contrast', '--panels', 'data,run', '--embed']);
  const content = readJson(path.join(two.dir, 'content', 'content.json'));
  assert(JSON.stringify(content.lessons) === '["textbook","dual"]' && content.language === 'vi' && content.passPercentage === undefined, JSON.stringify(content));
  const p = await play(browser, server, 'course');
  let s = await labState(p.lab);
  assert(s.lang === 'vi' && s.theme === 'contrast' && s.panels === 'data,run' && s.embed === true,
    JSON.stringify({ lang: s.lang, theme: s.theme, panels: s.panels, embed: s.embed }));
  const rows = Object.fromEntries(s.lessons.map((r) => [r.id, r]));
  const first = await instance(p.h5p, (i) => ({ max: i.getMaxScore(), status: document.querySelector('.h5p-perceptron-lab-status').textContent }));
  assert(first.max === rows.textbook.questions + rows.dual.questions, 'max ' + first.max);
  assert(/^Bài 1 trên 2: /.test(first.status), 'status ' + first.status);
  // The first lesson walked without answers: no completed yet, then "Next lesson".
  s = await p.lab.evaluate(async () => {  // inside the lab's frame: one evaluate
    const lab = window.perceptronLab;
    let s = await lab.idle();
    for (let guard = 0; guard < 100 && !s.lesson.done; ++guard) { lab.command('lesson_next'); s = await lab.idle(); }
    return s;
  });
  await p.h5p.waitForFunction(() => !document.querySelector('.h5p-perceptron-lab-next').hidden, null, { timeout: 5000 });
  assert((await statements(p.page)).length === 0, 'statements before the last lesson: ' + JSON.stringify(await statements(p.page)));
  await p.h5p.click('.h5p-perceptron-lab-next');
  await p.lab.waitForFunction(() => window.perceptronLab.state().lesson && window.perceptronLab.state().lesson.id === 'dual', null, { timeout: 5000 });
  // The second lesson inside the lab's frame (one evaluate): its first literal question
  // answered right, then Next to the end.
  const literal = Object.fromEntries(literalQuestions('dual').map((q) => [q.step, String(q.answer)]));
  const answeredRight = await p.lab.evaluate(async (literal) => {
    const lab = window.perceptronLab;
    let s = await lab.idle(), n = 0;
    for (let guard = 0; guard < 100 && !s.lesson.done; ++guard) {
      const v = literal[s.lesson.step];
      if (v !== undefined && !s.lesson.answered && n === 0) { lab.command('answer', v); n++; await lab.idle(); }
      lab.command('lesson_next');
      s = await lab.idle();
    }
    return n;
  }, literal);
  await p.page.waitForFunction(() => window.statements.some((st) => /completed$/.test(st.verb.id)), null, { timeout: 5000 });
  const all = await statements(p.page);
  const completed = all.filter((st) => verb(st) === 'completed');
  assert(completed.length === 1 && completed[0].result.score.raw === answeredRight && completed[0].result.score.max === first.max, JSON.stringify(completed));
  assert(completed[0].result.success === undefined, 'no pass mark: no success ' + JSON.stringify(completed[0].result));
  assert(all.filter((st) => verb(st) === 'answered').length === answeredRight, 'answered statements');
  await p.page.screenshot({ path: path.join(OUT, 'h5p-course-vi.png') });
  assert(p.errors.length === 0, 'console errors: ' + p.errors.join(' | '));
  await p.context.close();
}

main(async ({ browser }) => {
  fs.rmSync(SITE, { recursive: true, force: true });
  fs.mkdirSync(SITE, { recursive: true });
  fs.cpSync(path.join(PLAYER, 'dist'), path.join(SITE, 'player'), { recursive: true });
  fs.writeFileSync(path.join(SITE, 'index.html'), PLAYER_PAGE);
  const ctx = { browser };  // and server, the player's site, once served

  await check('h5p.py packs h5p.json, content/content.json and the library (library.json, semantics.json, preloadedJs) with no .html or .wasm, under 4 MB', () => packsTheLibrary(ctx));
  if (!one) return;

  const server = ctx.server = await serve(SITE);
  try {
    await check('h5p-standalone plays it: the lab runs the lesson in an iframe; the question counts the library carries are the lab\'s', () => playsIt(ctx));

    await check('answers right and wrong: one "answered" xAPI statement each with its score, "completed" with the lesson\'s score; getScore/getMaxScore agree', () => answersAndStatements(ctx));

    await check('getCurrentState saved by the host brings the lesson back at its step with its answers and score (a fresh browser)', () => stateBringsTheLessonBack(ctx));

    await check('the first answer counts: Back, Next and a second answer add no statement; practice sends none; the saved state keeps the first answers', () => firstAnswerCounts(ctx));

    await check('the state reaches the host within seconds of each answer ("progressed"), and again after the end; reopened, the finished activity shows its result and "Try again"; the duration adds up the visits; a point and a line are fill-in with the lab\'s texts', () => stateReachesTheHost(ctx));

    await check('inside a container content type (as Question Set holds its questions): getMaxScore before the lab loads, answers as sub-content of the question', () => insideAContainer(ctx));

    await check('authoring parameters (two lessons, vi, contrast, panels, compact): the lab follows them; completed only after the last lesson', () => authoringParameters(ctx));
  } finally {
    server.proc.kill();
  }
});
