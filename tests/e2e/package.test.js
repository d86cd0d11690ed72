#!/usr/bin/env node
// Every package made in the lab's page ("For your course": the command package, web/package/
// make_package.js on the bundle's own files), for a built-in lesson in Vietnamese and for a
// teacher's own lesson: SCORM 1.2, SCORM 2004, H5P and the single-file page. Each one is the
// same bytes as ./build.sh package makes (web/package/package.js) for the same options; unzipped
// (fflate, the bundle's own copy) it holds what the standard needs; the SCORM ones are played
// under scorm-again and the .h5p under h5p-standalone (players.js, as scorm.test.js and
// h5p.test.js play theirs): the lesson opens in Vietnamese, answers are recorded, the teacher's
// lesson is finished and passed. The single file opens with its options. A page opened from a
// file says that it cannot make packages. Prints the time to make each package in the page and
// the sizes.
// Usage: node package.test.js --www DIR --out DIR [--only REGEX]
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { WWW, OUT, SRC, check, assert, serve, openApp, main } = require('./lib');
const { writeLms, startLms, sco, waitSco, received, writePlayer, playH5p } = require('./players');

const ROOT = path.resolve(__dirname, '../..');
const DIR = path.join(OUT, 'package');
const STANDARDS = ['scorm12', 'scorm2004', 'h5p', 'html'];
// A teacher's lesson (not built in): the first update of the textbook example, then a yes / no.
const TEACHER_ID = 'my-class-lesson';
const TEACHER = JSON.stringify({
  format: 1, id: TEACHER_ID,
  title: { en: 'My class: the first update', vi: 'Lớp của tôi: lần cập nhật đầu tiên' },
  steps: [
    { narration: { en: 'The textbook example: w = {w}, b = {b}.', vi: 'Ví dụ trong sách: w = {w}, b = {b}.' },
      setup: { preset: 'textbook', eta: 1 },
      question: { kind: 'pick_point', prompt: { en: 'Which point will the first update use?', vi: 'Lần cập nhật đầu tiên sẽ dùng điểm nào?' } } },
    { narration: { en: 'Update {k} on {index}: w = {w}, b = {b}.', vi: 'Cập nhật lần {k} theo {index}: w = {w}, b = {b}.' },
      actions: [['next_update']],
      question: { kind: 'yes_no', answer: 'yes', prompt: { en: 'Are the three points linearly separable?', vi: 'Ba điểm này có phân tách tuyến tính không?' } } },
    { narration: { en: 'The end.', vi: 'Hết bài.' } }],
}, null, 1);
const TEACHER_FILE = path.join(DIR, TEACHER_ID + '.json');
// The two sets of options, as the page's command takes them and as ./build.sh package does.
const CASES = [
  { key: 'vi', lesson: 'textbook', pass: 0.8, options: { lessons: ['textbook'], lang: 'vi', pass: 0.8 },
    cli: ['--lesson', 'textbook', '--lang', 'vi', '--pass', '0.8'] },
  { key: 'own', lesson: TEACHER_ID, pass: 0.5,
    options: { lessons: [TEACHER], lang: 'vi', pass: 0.5, theme: 'dark', panels: 'data,run' },
    cli: ['--lesson-file', TEACHER_FILE, '--lang', 'vi', '--pass', '0.5', '--theme', 'dark', '--panels', 'data,run'] },
];
const fflate = require(path.join(WWW, 'package', 'fflate.js'));
// The teacher's lesson walked to its end, answered right (run in the lab's window).
const FINISH = async (lab) => {
  const reply = { pick_point: '0', yes_no: 'yes' };
  for (let guard = 0; guard < 10; guard++) {
    const l = (await lab.idle()).lesson;
    if (!l || l.done) break;
    if (reply[l.question] && !l.answered) { lab.command('answer', reply[l.question]); await lab.idle(); }
    lab.command('lesson_next');
  }
};
const FINISH_IN_PAGE = `(${FINISH.toString()})(window.perceptronLab)`;
const file = (c, std, name) => path.join(DIR, `${c.key}-${std}`, name || '');
const made = {};  // `${key} ${std}` -> {name, bytes, ms, first}

function unzip(bytes, dir) {
  const entries = fflate.unzipSync(new Uint8Array(bytes));
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [name, data] of Object.entries(entries)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), data);
  }
  return Object.keys(entries);
}
// The JSON inside the lab page a package carries (#pla-package), or null.
function packageData(page) {
  const m = /<script type="application\/json" id="pla-package">([^<]*)<\/script>/.exec(page);
  return m ? JSON.parse(m[1]) : null;
}

async function madeInThePage({ browser, server }) {
  const app = await openApp(browser, server.url + 'index.html?lang=vi');
  const page = app.page;
  await page.evaluate(() => { window.__made = []; window.addEventListener('perceptronlab-event', (e) => { if (e.detail.event === 'package_made') window.__made.push(e.detail); }); });
  let first = true;
  for (const c of CASES) {
    for (const std of STANDARDS) {
      const r = await page.evaluate(async ([s, o]) => {
        const t0 = performance.now();
        const p = window.perceptronLab.command('package', s, JSON.stringify(o));
        const isPromise = p && typeof p.then === 'function';
        const out = await p;
        out.wall = performance.now() - t0;
        out.isPromise = isPromise;
        return out;
      }, [std, c.options]);
      assert(r.isPromise && r.ok, `${c.key} ${std}: ${JSON.stringify(r).slice(0, 300)}`);
      const bytes = Buffer.from(r.base64, 'base64');
      assert(bytes.length === r.size && r.size > 500000, `${c.key} ${std}: ${r.size} bytes, base64 of ${bytes.length}`);
      const ext = std === 'h5p' ? '.h5p' : std === 'html' ? '.html' : '.zip';
      const want = std === 'h5p' || std === 'html' ? `perceptron-lab-${c.lesson}${ext}` : `perceptron-lab-${c.lesson}-${std}${ext}`;
      assert(r.name === want, `name ${r.name}, want ${want}`);
      fs.mkdirSync(file(c, std), { recursive: true });
      fs.writeFileSync(file(c, std, r.name), bytes);
      made[`${c.key} ${std}`] = { name: r.name, bytes, ms: r.wall, first };
      first = false;
    }
  }
  const events = await page.evaluate(() => window.__made);
  assert(events.length === 8 && events.every((e) => e.ok && e.size > 0 && e.name), 'package_made events ' + JSON.stringify(events).slice(0, 300));
  // A refused option: the Promise's value says why (in English, as the API does), and nothing is made.
  const bad = await page.evaluate(() => window.perceptronLab.command('package', 'h5p', JSON.stringify({ lessons: ['textbook'], pass: 2 })));
  assert(bad.ok === false && /pass/.test(bad.error), 'pass 2: ' + JSON.stringify(bad));
  const dup = await page.evaluate((t) => window.perceptronLab.command('package', 'scorm12', JSON.stringify({ lessons: [t, t] })), TEACHER);
  assert(dup.ok === false && /twice/.test(dup.error), 'a lesson twice: ' + JSON.stringify(dup));
  assert(app.errors.length === 0, 'page errors: ' + app.errors.join(' | '));
  await app.context.close();
}

async function sameBytesFromTheCli() {
  for (const c of CASES) {
    for (const std of STANDARDS) {
      const m = made[`${c.key} ${std}`];
      assert(m, `${c.key} ${std} was not made in the page`);
      const out = file(c, std, 'cli-' + m.name);
      const said = execFileSync('node', [path.join(ROOT, 'web/package/package.js'), '--www', WWW, '--standard', std, ...c.cli,
        '--out', out], { encoding: 'utf8' });
      assert(said.indexOf(out) === 0, said);
      const cli = fs.readFileSync(out);
      if (!cli.equals(m.bytes)) {
        // Say which entry differs.
        const a = std === 'html' ? { page: m.bytes } : fflate.unzipSync(new Uint8Array(m.bytes));
        const b = std === 'html' ? { page: cli } : fflate.unzipSync(new Uint8Array(cli));
        const diff = Object.keys(a).filter((k) => !b[k] || Buffer.compare(Buffer.from(a[k]), Buffer.from(b[k])) !== 0);
        assert(false, `${c.key} ${std}: the page's ${m.bytes.length} bytes and the CLI's ${cli.length} differ: entries ${diff.join(', ')} ` +
          `(page ${Object.keys(a).join(',')}; CLI ${Object.keys(b).join(',')})`);
      }
    }
  }
}

async function packagesHoldWhatTheyNeed() {
  for (const c of CASES) {
    const own = c.key === 'own';
    for (const std of ['scorm12', 'scorm2004']) {
      const names = unzip(made[`${c.key} ${std}`].bytes, file(c, std, 'sco'));
      assert(JSON.stringify(names) === '["imsmanifest.xml","index.html"]', `${std} entries ${names}`);
      const xml = fs.readFileSync(file(c, std, 'sco/imsmanifest.xml'), 'utf8');
      assert(xml.indexOf(std === 'scorm12' ? `<adlcp:masteryscore>${Math.round(c.pass * 100)}</adlcp:masteryscore>`
        : `<imsss:minNormalizedMeasure>${c.pass}</imsss:minNormalizedMeasure>`) > 0, `${std} pass mark in ${xml}`);
      assert(xml.indexOf(`identifier="perceptron-lab-${c.lesson}-${std}"`) > 0, 'manifest identifier');
      if (own) assert(xml.indexOf('<title>Perceptron Lab: Lớp của tôi: lần cập nhật đầu tiên</title>') > 0, 'the lesson\'s Vietnamese title: ' + xml);
      const page = fs.readFileSync(file(c, std, 'sco/index.html'), 'utf8');
      assert(page.indexOf(`{"standard": "${std}", "lessons": ["${c.lesson}"], "query": "lang=vi${own ? '&theme=dark&panels=data,run' : ''}", "pass": ${c.pass}}`) > 0,
        `${std}: the bridge's config`);
      const data = packageData(page);
      // The "more" Chinese font (zh-more) only in the package of a lesson written in Chinese.
      assert(!page.includes('id="pla-font-zh-more"') && page.includes('id="pla-font-zh"'), `${c.key} ${std}: the fonts inline`);
      assert(own ? data && data.lessons.length === 1 && JSON.parse(data.lessons[0]).id === TEACHER_ID && !data.query : data === null,
        `${c.key} ${std}: the lessons in the page ${JSON.stringify(data).slice(0, 100)}`);
    }
    const names = unzip(made[`${c.key} h5p`].bytes, file(c, 'h5p', 'content'));
    const lib = 'H5P.PerceptronLab-1.0/';
    assert(JSON.stringify(names) === JSON.stringify(['h5p.json', 'content/content.json', lib + 'lab-page.js', lib + 'library.json',
      lib + 'perceptron-lab-h5p.css', lib + 'perceptron-lab-h5p.js', lib + 'semantics.json']), 'h5p entries ' + names);
    const content = JSON.parse(fs.readFileSync(file(c, 'h5p', 'content/content/content.json'), 'utf8'));
    assert(JSON.stringify(content.lessons) === JSON.stringify([c.lesson]) && content.language === 'vi' &&
      content.passPercentage === c.pass * 100 && content.theme === (own ? 'dark' : 'light') &&
      content.panels.run && content.panels.data === true && content.panels.theory === !own, 'content.json ' + JSON.stringify(content));
    const options = JSON.parse(fs.readFileSync(file(c, 'h5p', 'content/' + lib + 'semantics.json'), 'utf8'))[0].field.options.map((o) => o.value);
    assert(options.includes(c.lesson) && options.includes('textbook'), 'the authoring form lists the lesson: ' + options.join(','));
    const labPage = fs.readFileSync(file(c, 'h5p', 'content/' + lib + 'lab-page.js'), 'utf8');
    const baked = JSON.parse(/H5P\.PerceptronLabLessons = (.*);\n/.exec(labPage)[1]);
    assert(baked[c.lesson] && baked[c.lesson].questions === (own ? 2 : baked.textbook.questions), 'H5P.PerceptronLabLessons ' + JSON.stringify(baked[c.lesson]));
    const html = made[`${c.key} html`].bytes.toString('utf8');
    const data = packageData(html);
    assert(data && data.query === `lesson=${c.lesson}&lang=vi${own ? '&theme=dark&panels=data,run' : ''}` &&
      (own ? JSON.parse(data.lessons[0]).id === TEACHER_ID : !data.lessons), 'the single file\'s options ' + JSON.stringify(data).slice(0, 200));
    fs.writeFileSync(file(c, 'html', 'lab.html'), html);
  }
}

async function underScormAgain({ browser, site }) {
  for (const c of CASES) {
    for (const std of ['scorm12', 'scorm2004']) {
      const v12 = std === 'scorm12';
      const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(site.url + 'lms.html');
      const json = v12 ? { student_data: { mastery_score: String(Math.round(c.pass * 100)) }, core: { credit: 'credit' } } : null;
      await startLms(page, std, json, `${c.key}-${std}/sco/index.html`);
      await waitSco(page);
      const st = await sco(page, (lab) => lab.state());
      assert(st.lesson && st.lesson.id === c.lesson && st.lesson.step === 0 && st.lang === 'vi', `${c.key} ${std}: ${JSON.stringify(st.lesson)} ${st.lang}`);
      assert((await sco(page, (lab) => lab.scorm.connected)) === true, 'not connected');
      if (c.key === 'own') assert(st.theme === 'dark' && st.panels === 'data,run', `options ${st.theme} ${st.panels}`);
      // Step 1 (both lessons): the first update is on x1.
      await sco(page, async (lab) => { lab.command('answer', '0'); await lab.idle(); });
      if (c.key === 'own') {
        await sco(page, FINISH);
        await page.waitForFunction((k) => log.some((x) => x[0] === k && x[1] === 'completed') ||
          log.some((x) => x[0] === 'cmi.core.lesson_status' && x[1] === 'passed'), v12 ? 'none' : 'cmi.completion_status', { timeout: 10000 });
      } else {
        await page.waitForFunction(() => log.some((x) => /^cmi\.interactions\.0\.result$/.test(x[0])), null, { timeout: 10000 });
      }
      const r = await received(page);
      const stepId = `${c.lesson}-step1`;
      assert(r.inter.length === (c.key === 'own' ? 2 : 1) && r.inter[0].id.indexOf(stepId) === 0 && r.inter[0].result === 'correct',
        `${c.key} ${std} interactions ${JSON.stringify(r.inter)}`);
      if (v12) assert(r.inter[0].id === (c.key === 'own' ? `${stepId}-Which_point_will_the_first_update_use` : r.inter[0].id), '1.2 id ' + r.inter[0].id);
      else assert(/[ăâđêôơư]/i.test(r.inter[0].description), 'a Vietnamese description: ' + r.inter[0].description);
      if (c.key === 'own') {
        if (v12) assert(r.last['cmi.core.lesson_status'] === 'passed' && Number(r.last['cmi.core.score.raw']) === 100, `1.2 ${JSON.stringify(r.last)}`);
        else assert(r.last['cmi.completion_status'] === 'completed' && r.last['cmi.success_status'] === 'passed' &&
          Number(r.last['cmi.score.raw']) === 100, `2004 ${JSON.stringify(r.last)}`);
        const sd = JSON.parse(r.last['cmi.suspend_data']);
        assert(sd.p.lessons[TEACHER_ID].done === true && sd.k === TEACHER_ID, 'suspend_data ' + JSON.stringify(sd).slice(0, 200));
      } else {
        assert((v12 ? r.last['cmi.core.lesson_status'] : r.last['cmi.completion_status']) === 'incomplete', 'status after one answer');
      }
      console.log(`  ${c.key} ${std}: ${r.inter.map((x) => `${x.id} ${x[v12 ? 'student_response' : 'learner_response']} ${x.result}`).join('; ')}`);
      assert(errors.length === 0, 'page errors: ' + errors.join(' | '));
      await context.close();
    }
  }
}

async function underH5pStandalone({ browser, site }) {
  for (const c of CASES) {
    const p = await playH5p(browser, site.url, `${c.key}-h5p/content`);
    const st = await p.lab.evaluate(() => window.perceptronLab.state());
    assert(st.lesson && st.lesson.id === c.lesson && st.lang === 'vi', `${c.key} h5p: ${JSON.stringify(st.lesson)} ${st.lang}`);
    await p.lab.evaluate(async () => { const lab = window.perceptronLab; lab.command('answer', '0'); await lab.idle(); });
    if (c.key === 'own') {
      assert(st.theme === 'dark' && st.panels === 'data,run', `options ${st.theme} ${st.panels}`);
      await p.lab.evaluate(FINISH_IN_PAGE);
      await p.page.waitForFunction(() => window.statements.some((s) => /completed$/.test(s.verb.id)), null, { timeout: 10000 });
    } else {
      await p.page.waitForFunction(() => window.statements.some((s) => /answered$/.test(s.verb.id)), null, { timeout: 10000 });
    }
    const all = await p.page.evaluate(() => window.statements);
    const answered = all.filter((s) => /answered$/.test(s.verb.id));
    assert(answered.length === (c.key === 'own' ? 2 : 1) && answered[0].result.success === true &&
      /[ăâđêôơư]/i.test(answered[0].object.definition.description['vi-VN'] || JSON.stringify(answered[0].object.definition.description)),
      `answered ${JSON.stringify(answered.map((s) => [s.object.id, s.result, s.object.definition.description]))}`);
    if (c.key === 'own') {
      const done = all.filter((s) => /completed$/.test(s.verb.id));
      assert(done.length === 1 && done[0].result.score.raw === 2 && done[0].result.score.max === 2 && done[0].result.success === true,
        'completed ' + JSON.stringify(done.map((s) => s.result)));
    }
    console.log(`  ${c.key} h5p: ${answered.map((s) => `${s.object.id.split('subContentId=')[1]} ${s.result.response} ${s.result.success}`).join('; ')}`);
    assert(p.errors.length === 0, 'console errors: ' + p.errors.join(' | '));
    await p.context.close();
  }
}

async function singleFileOpensTheLesson({ browser, site }) {
  for (const c of CASES) {
    const app = await openApp(browser, site.url + `${c.key}-html/lab.html`);
    const st = await app.page.evaluate(() => window.perceptronLab.state());
    assert(st.lesson && st.lesson.id === c.lesson && st.lang === 'vi', `${c.key} html: ${JSON.stringify(st.lesson)} ${st.lang}`);
    if (c.key === 'own') {
      assert(st.theme === 'dark' && st.panels === 'data,run', `options ${st.theme} ${st.panels}`);
      const row = st.lessons.find((l) => l.id === TEACHER_ID);
      assert(row && row.questions === 2 && row.title === 'Lớp của tôi: lần cập nhật đầu tiên', 'row ' + JSON.stringify(row));
    }
    // Its address's own parameters come first (a link to another lesson of the file).
    await app.page.goto(site.url + `${c.key}-html/lab.html?lesson=dual&lang=en`);
    await app.page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
    const other = await app.page.evaluate(() => window.perceptronLab.state());
    assert(other.lesson && other.lesson.id === 'dual' && other.lang === 'en', 'the address wins: ' + JSON.stringify(other.lesson));
    assert(app.errors.length === 0, 'page errors: ' + app.errors.join(' | '));
    await app.context.close();
  }
}

// A teacher's lesson in Chinese: its package carries the "more" Chinese font (zh-more: the common
// characters the cut font lacks), and the student's page draws one of them (门) with no fetch.
async function chineseTeachersLesson({ browser }) {
  const lessonFile = path.join(DIR, 'zh-lesson.json');
  fs.writeFileSync(lessonFile, JSON.stringify({ format: 1, id: 'zh-lesson', title: { en: 'Perceptron basics', zh: '感知机入门' },
    steps: [{ narration: { en: 'Start: w = {w}', zh: '感知机入门：w = {w}' }, setup: { preset: 'textbook' } }] }));
  const out = path.join(DIR, 'zh-lesson.html');
  execFileSync('node', [path.join(ROOT, 'web/package/package.js'), '--www', WWW, '--standard', 'html', '--lesson-file', lessonFile,
    '--lang', 'zh', '--out', out], { encoding: 'utf8' });
  assert(fs.readFileSync(out, 'utf8').includes('id="pla-font-zh-more"'), 'the package lacks zh-more');
  const seen = [];
  const { context, page, errors } = await openApp(browser, 'file://' + out, { onPage: (pg) => pg.on('request', (r) => seen.push(r.url())) });
  await page.waitForFunction(() => window.perceptronLab.fonts['zh-more'] === 'loaded', null, { timeout: 20000 });
  const st = await page.evaluate(() => window.perceptronLab.idle());
  await page.screenshot({ path: path.join(OUT, 'package-zh-more.png') });
  assert(st.lesson && st.lesson.id === 'zh-lesson' && st.lang === 'zh', JSON.stringify([st.lesson, st.lang]));
  assert(!seen.some((u) => u.includes('/fonts/')), 'fetched: ' + seen.filter((u) => u.includes('/fonts/')).join(', '));
  assert(errors.length === 0, 'page errors: ' + errors.join(' | '));
  await context.close();
}

async function teachersLessonFromAFile({ browser, server }) {
  const app = await openApp(browser, server.url + 'index.html?lang=vi');
  const page = app.page;
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.evaluate(() => Module.onPickLessonFile())]);
  await chooser.setFiles(TEACHER_FILE);
  await page.waitForFunction((id) => window.perceptronLab.state().lessons.some((l) => l.id === id), TEACHER_ID, { timeout: 5000 });
  const opened = await page.evaluate(async (id) => { window.perceptronLab.command('lesson_open', id); return (await window.perceptronLab.idle()).lesson; }, TEACHER_ID);
  assert(opened && opened.id === TEACHER_ID && opened.question === 'pick_point', 'opened ' + JSON.stringify(opened));
  // Pasted: the box takes the text; Add hands it to lesson_add.
  const pasted = JSON.parse(TEACHER);
  pasted.id = 'pasted-lesson';
  await page.evaluate(() => Module.onPasteLesson());
  const box = page.locator('#lesson-error');
  assert(await box.isVisible() && (await page.evaluate(() => document.activeElement.tagName)) === 'TEXTAREA', 'the paste box and its focus');
  const texts = await page.evaluate(() => window.PLA_PAGE_TEXT.vi);
  assert((await box.textContent()).indexOf(texts.lesson_paste_title) === 0, 'the box in Vietnamese: ' + (await box.textContent()));
  await box.locator('textarea').fill(JSON.stringify(pasted));
  await box.locator('button').first().click();
  await page.waitForFunction(() => window.perceptronLab.state().lessons.some((l) => l.id === 'pasted-lesson'), null, { timeout: 5000 });
  assert(!(await box.isVisible()), 'the box stays open');
  // A lesson with a built-in lesson's id: refused, and the box says why and what to do.
  pasted.id = 'textbook';
  await page.evaluate(() => Module.onPasteLesson());
  await box.locator('textarea').fill(JSON.stringify(pasted));
  await box.locator('button').first().click();
  await page.waitForFunction(() => !document.getElementById('lesson-error').hidden && /textbook/.test(document.getElementById('lesson-error').textContent), null, { timeout: 5000 });
  const said = await box.textContent();
  // The reason too in Vietnamese (the engine's message in the page's language, issue 38).
  const viWhy = JSON.parse(fs.readFileSync(path.join(SRC, 'web/i18n/vi.json'), 'utf8')).msg.lesson.add_builtin;
  assert(said.indexOf(texts.lesson_fix_again) > 0 && said.includes(viWhy.replace('{id}', 'textbook')), 'the refusal ' + said);
  assert(app.errors.length === 0, 'page errors: ' + app.errors.join(' | '));
  await app.context.close();
}

async function refusedFromAFile({ browser }) {
  const app = await openApp(browser, 'file://' + path.join(WWW, 'perceptron-lab.html') + '?lang=vi');
  const r = await app.page.evaluate(() => window.perceptronLab.command('package', 'scorm12', '{"lessons": ["textbook"]}'));
  assert(r.ok === false && /cannot fetch its own files/.test(r.error), JSON.stringify(r));
  const st = await app.page.evaluate(() => window.perceptronLab.state());
  assert(st.lang === 'vi', 'lang ' + st.lang);
  await app.context.close();
}

async function packageByPostMessage({ browser, server }) {
  const app = await openApp(browser, server.url + 'index.html');
  const reply = await app.page.evaluate(() => new Promise((resolve) => {
    window.addEventListener('message', (e) => { if (e.data && e.data.type === 'perceptronLab:reply' && e.data.id === 7) resolve(e.data.result); });
    window.postMessage({ type: 'perceptronLab', id: 7, command: ['package', 'html', '{"lessons": ["dual"], "lang": "zh"}'] }, '*');
  }));
  assert(reply.ok && reply.name === 'perceptron-lab-dual.html' && Buffer.from(reply.base64, 'base64').toString('utf8').indexOf('"query":"lesson=dual&lang=zh"') > 0,
    'reply ' + JSON.stringify(reply).slice(0, 200));
  await app.context.close();
}

main(async ({ browser, server }) => {
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  fs.writeFileSync(TEACHER_FILE, TEACHER);
  const ctx = { browser, server };  // and site, the folder of the packages, once served

  await check('the page makes every package: the command package, a Promise of {ok, name, base64}; an event for hosts', () => madeInThePage(ctx));

  await check('./build.sh package (web/package/package.js) makes the same bytes for the same options', () => sameBytesFromTheCli(ctx));

  await check('unzipped, each package holds what its standard needs, the teacher\'s lesson inside the lab page', () => packagesHoldWhatTheyNeed(ctx));

  const site = ctx.site = await serve(DIR);
  try {
    writeLms(DIR);
    await check('SCORM 1.2 and 2004 under scorm-again: the Vietnamese lesson opens and records an answer; the teacher\'s lesson is finished and passed', () => underScormAgain(ctx));

    writePlayer(DIR);
    await check('H5P under h5p-standalone: the Vietnamese lesson opens and reports an answer; the teacher\'s lesson is completed and passed', () => underH5pStandalone(ctx));

    await check('the single-file page opens the lesson with its options; the teacher\'s lesson is among the lab\'s lessons', () => singleFileOpensTheLesson(ctx));
  } finally {
    site.proc.kill();
  }

  await check('a teacher\'s Chinese lesson\'s package carries the more Chinese font and draws its common characters', () => chineseTeachersLesson(ctx));

  await check('"Open a lesson file…" and "Paste a lesson…" add a teacher\'s lesson; one the lab refuses is explained', () => teachersLessonFromAFile(ctx));

  await check('a page opened from a file cannot read its folder: the package is refused and says why', () => refusedFromAFile(ctx));

  await check('a host page gets a package through postMessage', () => packageByPostMessage(ctx));

  const kb = (n) => (n / 1024).toFixed(0) + ' KB';
  console.log('packages made in the page (time from the command to its Promise; the first one also loads make_package.js and fflate and fetches the bundle):');
  for (const [k, m] of Object.entries(made)) console.log(`  ${k.padEnd(14)} ${m.name.padEnd(40)} ${kb(m.bytes.length).padStart(8)}  ${m.ms.toFixed(0).padStart(5)} ms${m.first ? ' (first)' : ''}`);
});
