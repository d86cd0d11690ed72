#!/usr/bin/env node
// The teacher's studio in the browser (src/app/studio_*.cpp, web/page/studio.js): a lesson built
// from an empty studio through the interface only (the key S, clicks on the studio's buttons,
// fields, tabs and lists at the places the engine drew them, typing; no command), tried as a
// student and back, kept over a reload, saved as a file (a download), opened again from that
// file with the file picker, shared as a link (the lesson compressed in the fragment) that plays
// it in a fresh page; the saved file passes `pla lesson --file` and, packaged as SCORM 1.2
// (web/package/package.py --lesson-file), plays under scorm-again. A lesson too large for a link
// is refused with the limit stated.
// Usage: node studio.test.js --www DIR --out DIR [--pla PATH_TO_pla]
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { WWW, OUT, opt, check, assert, serve, openApp, frames, main, LANGS } = require('./lib');
const { writeLms, sco } = require('./players');

const ROOT = path.resolve(__dirname, '../..');
const PLA = path.resolve(opt('pla', path.join(ROOT, 'build/native-release/pla')));
const PIPWERKS = path.join(ROOT, 'build/_deps/npm/pipwerks-scorm-api-wrapper/index.js');
const DIR = path.join(OUT, 'studio');
const PY = '/usr/bin/python3';

const state = (page) => page.evaluate(() => window.perceptronLab.state());
const studio = async (page) => (await state(page)).studio;

// Where the studio drew an item (its ImGui id), in page pixels: waits for it to be drawn.
async function itemAt(page, id) {
  for (let i = 0; i < 40; i++) {
    const r = await page.evaluate((n) => {
      const q = JSON.parse(window.Module.ccall('pla_studio_item', 'string', ['string'], [n]));
      const c = document.getElementById('canvas').getBoundingClientRect();
      return q ? { x: c.left + (q[0] + q[2]) / 2, y: c.top + (q[1] + q[3]) / 2 } : null;
    }, id);
    if (r) return r;
    await frames(page, 2);
  }
  throw new Error('the studio drew no item ' + id);
}
// Clicks an item, the studio's column scrolled by the mouse wheel first when it is out of view.
async function click(page, id) {
  let at = await itemAt(page, id);
  const height = page.viewportSize().height;
  for (let i = 0; i < 10 && (at.y < 8 || at.y > height - 8); i++) {
    await page.mouse.move(at.x, height / 2);
    await page.mouse.wheel(0, at.y - height / 2);
    await frames(page, 4);
    at = await itemAt(page, id);
  }
  await page.mouse.click(at.x, at.y, { delay: 40 });
  await frames(page, 4);
}
// Clicks a text field and types into it (each change is a studio_text command of the panel).
async function type(page, id, text) {
  await click(page, id);
  await page.keyboard.type(text, { delay: 15 });
  await frames(page, 4);
}

fs.rmSync(DIR, { recursive: true, force: true });
fs.mkdirSync(DIR, { recursive: true });
const made = {};  // what the checks pass on: the lesson, the saved file, the link

// The checks: a table of rows [the check's name, async (ctx) => ...] (ctx: the browser, the server
// of the web folder, the page of the lab and its errors), run in order by main.
const CHECKS = [
  ['a lesson is built from an empty studio by clicks and typing', async ({ browser, page, errors }) => {
    await page.mouse.click(5, 5);  // the page has the keyboard
    await page.keyboard.press('s');
    await frames(page, 4);
    assert((await studio(page)).open === true, 'the key S opens the studio');
    await click(page, 'studio_new');
    // Step 0: the lab as it is (six points) recorded, its texts in English and Vietnamese.
    await click(page, 'studio_record');
    let s = await studio(page);
    assert(s.recorded && s.recorded.data === true, 'recorded: ' + JSON.stringify(s.recorded));
    await type(page, 'studio_text_-|title|en', 'Six points');
    await type(page, 'studio_text_0|narration|en', 'Six points: w = {w}, b = {b}.');
    await click(page, 'studio_lang_vi');
    // (Typed in the page's box over the field: the keys' characters; an input method's
    // Vietnamese is checked further on. The formula is the same in every language.)
    await type(page, 'studio_text_0|narration|vi', 'w = {w}, b = {b}.');
    await click(page, 'studio_lang_en');
    // Step 1: inserted, the lab moved by the key N (next update) while recording, a number question.
    await click(page, 'studio_insert');
    await page.keyboard.press('n');
    await frames(page, 4);
    assert((await studio(page)).log === 1, 'the next update is noted for the step');
    await click(page, 'studio_record');
    await type(page, 'studio_text_1|narration|en', 'After update {k}: w = {w}, b = {b}. And after the next one?');
    await click(page, 'studio_kind');
    await click(page, 'studio_kind_number');
    s = await studio(page);
    const l = s.lesson;
    assert(l.steps.length === 2, 'steps ' + l.steps.length);
    assert(l.title.en === 'Six points' && l.steps[0].narration.vi === 'w = {w}, b = {b}.',
      'texts ' + JSON.stringify([l.title, l.steps[0].narration]));
    assert(l.steps[0].setup && l.steps[0].setup.preset === 'six', 'setup ' + JSON.stringify(l.steps[0].setup));
    assert(JSON.stringify(l.steps[1].actions) === '[["next_update"]]', 'actions ' + JSON.stringify(l.steps[1].actions));
    assert(l.steps[1].question.kind === 'number' && l.steps[1].question.from === 'b_after', JSON.stringify(l.steps[1].question));
    assert(s.problems.length === 0, 'problems ' + JSON.stringify(s.problems));
    made.lesson = l;
    made.seconds = (Date.now() - made.t0) / 1000;
    await page.screenshot({ path: path.join(OUT, 'studio-en.png') });
  }],
  ['tried as a student from its first step, then back in the studio at that step', async ({ browser, page, errors }) => {
    await click(page, 'studio_step_1');
    await click(page, 'studio_try');
    let s = await state(page);
    assert(s.lesson && s.lesson.step === 0 && s.studio.trying === true, 'lesson ' + JSON.stringify(s.lesson).slice(0, 200));
    const words = (await page.evaluate(() => window.perceptronLab.describe())).sections.find((x) => x.id === 'lesson');
    assert(JSON.stringify(words).includes('Six points: w = (1, 1)') || JSON.stringify(words).includes('Six points: w ='),
      'the narration as the student reads it: ' + JSON.stringify(words).slice(0, 300));
    assert((await page.evaluate(() => window.perceptronLab.command('lesson_exit'))).ok, 'lesson_exit');
    await frames(page, 4);
    s = await studio(page);
    assert(s.open === true && s.trying === false && s.step === 1, 'back: ' + JSON.stringify({ open: s.open, step: s.step }));
  }],
  ['a reload keeps the lesson being made', async ({ browser, page, errors }) => {
    await page.reload();
    await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
    await frames(page, 4);
    const s = await studio(page);
    assert(s.open === true && s.step === 1, 'open ' + s.open + ' step ' + s.step);
    assert(JSON.stringify(s.lesson) === JSON.stringify(made.lesson), 'the lesson changed over the reload');
  }],
  ['saved as a file, opened again with the file picker', async ({ browser, page, errors }) => {
    const [download] = await Promise.all([page.waitForEvent('download'), click(page, 'studio_save')]);
    made.file = path.join(DIR, download.suggestedFilename());
    await download.saveAs(made.file);
    assert(JSON.stringify(JSON.parse(fs.readFileSync(made.file, 'utf8'))) === JSON.stringify(made.lesson), 'the file is the lesson');
    await click(page, 'studio_new');
    assert((await studio(page)).lesson.steps.length === 1, 'a new lesson');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), click(page, 'studio_open_file')]);
    await chooser.setFiles(made.file);
    await page.waitForFunction(() => window.perceptronLab.state().studio.lesson.steps.length === 2, null, { timeout: 10000 });
    assert(JSON.stringify((await studio(page)).lesson) === JSON.stringify(made.lesson), 'the lesson opened is the one saved');
  }],
  ['the share link plays the lesson in a fresh page', async ({ browser, page, errors }) => {
    await page.evaluate(() => { window.perceptronLab.lastLink = null; });
    await click(page, 'studio_link');
    await page.waitForFunction(() => !!window.perceptronLab.lastLink, null, { timeout: 10000 });
    made.link = await page.evaluate(() => window.perceptronLab.lastLink);
    assert(/#lesson-data=[A-Za-z0-9_-]+$/.test(made.link) && made.link.length < 32000, 'link ' + made.link.slice(0, 120));
    const fresh = await openApp(browser, made.link);
    try {
      await fresh.page.waitForFunction(() => { const l = window.perceptronLab.state().lesson; return l && l.id === 'my-lesson'; },
        null, { timeout: 20000 });
      const s = await state(fresh.page);
      assert(s.lesson.steps === 2 && s.lesson.step === 0, 'lesson ' + JSON.stringify(s.lesson).slice(0, 200));
      assert(s.notices.length === 0, 'notices: ' + s.notices.join(' | '));
      assert(fresh.errors.length === 0, fresh.errors.join('\n'));
    } finally {
      await fresh.context.close();
    }
  }],
  ['a lesson too large for a link is refused with the limit stated', async ({ browser, page, errors }) => {
    const rows = [];
    for (let i = 0; i < 3000; i++) rows.push([Math.sin(i) * 1000 + i / 7, Math.cos(i * 3) * 1000 - i / 3, i % 2 ? 1 : -1]);
    const big = { format: 1, id: 'big', title: { en: 'Big' }, steps: [{ narration: { en: 'Many points.' }, setup: { data: rows } }] };
    const r = await page.evaluate((t) => {
      const lab = window.perceptronLab;
      lab.command('studio_load', t);
      return lab.command('studio_link');
    }, JSON.stringify(big));
    assert(!r.ok && /more than the 32000/.test(r.error), JSON.stringify(r).slice(0, 300));
  }],
  ['the saved file passes pla lesson --file', async ({ browser, page, errors }) => {
    assert(fs.existsSync(PLA), 'no pla at ' + PLA + ' (--pla PATH)');
    const out = execFileSync(PLA, ['lesson', '--file', made.file]).toString();
    assert(/^# Six points \(2 steps\)/.test(out) && /# done: 1 of 1 questions right/.test(out), out.slice(0, 400));
  }],
  ['packaged as SCORM 1.2, it plays under scorm-again', async ({ browser, page, errors }) => {
    const zip = path.join(DIR, 'studio-scorm12.zip');
    execFileSync(PY, [path.join(ROOT, 'web/package/package.py'), '--standard', 'scorm12', '--lesson-file', made.file,
      '--www', WWW, '--pipwerks', PIPWERKS, '--out', zip], { stdio: ['ignore', 'pipe', 'inherit'] });
    execFileSync(PY, ['-c', 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', zip,
      path.join(DIR, 'scorm12')]);
    writeLms(DIR);
    const lms = await serve(DIR);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const pg = await ctx.newPage();
      await pg.goto(lms.url + 'lms.html');
      await pg.evaluate(([s, src]) => window.startLms(s, null, src), ['scorm12', 'scorm12/index.html']);
      await pg.waitForFunction(() => {
        const w = document.getElementById('sco').contentWindow;
        return w && w.perceptronLab && w.perceptronLab.ready && w.document.getElementById('status').hidden;
      }, null, { timeout: 60000 });
      const st = await sco(pg, (lab) => lab.state());
      assert(st.lesson && st.lesson.id === 'my-lesson' && st.lesson.steps === 2, 'lesson ' + JSON.stringify(st.lesson).slice(0, 200));
      const done = await sco(pg, async (lab) => {
        lab.command('lesson_next');
        await lab.idle();
        const r = lab.command('answer', '0');  // right or wrong: an interaction either way
        lab.command('lesson_next');
        return { answered: r.ok, state: lab.state().lesson };
      });
      assert(done.answered, 'the answer was refused: ' + JSON.stringify(done));
      await frames(pg, 4);
      const log = await pg.evaluate(() => window.log);
      assert(log.some(([el]) => /^cmi\.interactions\.0\./.test(el)), 'no interaction received: ' + JSON.stringify(log).slice(0, 400));
    } finally {
      await ctx.close();
      lms.proc.kill();
    }
  }],
  ['the studio in every language and on a tablet (screenshots)', async ({ browser, page }) => {
    assert((await page.evaluate((t) => window.perceptronLab.command('studio_load', t).ok,
      fs.readFileSync(made.file, 'utf8'))), 'the saved lesson back in the studio');
    for (const lang of LANGS) {
      assert((await page.evaluate((l) => window.perceptronLab.command('set', 'lang', l).ok, lang)), lang);
      await page.waitForFunction((l) => window.perceptronLab.state().lang === l, lang, { timeout: 20000 });
      await frames(page, 6);
      assert((await itemAt(page, 'studio_record')) !== null, 'the studio in ' + lang);
      await page.screenshot({ path: path.join(OUT, `studio-${lang}.png`) });
    }
    const tablet = await openApp(browser, made.link, { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true });
    try {
      await tablet.page.evaluate((t) => { window.perceptronLab.command('studio_load', t); }, fs.readFileSync(made.file, 'utf8'));
      await frames(tablet.page, 6);
      const at = await itemAt(tablet.page, 'studio_record');
      const box = await tablet.page.evaluate(() => JSON.parse(window.Module.ccall('pla_studio_item', 'string', ['string'],
        ['studio_insert'])));
      assert(at && box && box[3] - box[1] >= 44, 'a finger-high button on a touch screen: ' + JSON.stringify(box));
      await tablet.page.screenshot({ path: path.join(OUT, 'studio-tablet.png') });
    } finally {
      await tablet.context.close();
    }
  }],
  ['Vietnamese and Chinese typed through an input method reach a studio field (the page\'s box over it)', async ({ page }) => {
    // A click on the field lays the page's real text box over it, with the keyboard: what an
    // input method composes (here inserted as one, as an IME commits it) becomes the field's text.
    const boxed = async (id) => {
      await click(page, id);
      await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'pla-studio-field',
        null, { timeout: 10000 });
      const r = await page.evaluate((n) => {
        const q = JSON.parse(window.Module.ccall('pla_studio_item', 'string', ['string'], [n]));
        const c = document.getElementById('canvas').getBoundingClientRect();
        const b = document.getElementById('pla-studio-field').getBoundingClientRect();
        return { dx: Math.abs(b.left - c.left - q[0]), dy: Math.abs(b.top - c.top - q[1]), label: document.activeElement.getAttribute('aria-label') };
      }, id);
      assert(r.dx < 2 && r.dy < 2 && r.label, 'the box lies over the field, named: ' + JSON.stringify(r));
    };
    await click(page, 'studio_step_0');
    await click(page, 'studio_lang_vi');
    await boxed('studio_text_0|narration|vi');
    await page.fill('#pla-studio-field', '');
    await page.keyboard.insertText('Điểm x3 bị phân loại sai');
    await frames(page, 4);
    let s = await studio(page);
    assert(s.lesson.steps[0].narration.vi === 'Điểm x3 bị phân loại sai', 'vi ' + JSON.stringify(s.lesson.steps[0].narration));
    await page.screenshot({ path: path.join(OUT, 'studio-typing-vi.png') });
    // Escape hands the keyboard back to the lab; the box goes.
    await page.keyboard.press('Escape');
    await frames(page, 4);
    assert(await page.evaluate(() => document.getElementById('pla-studio-field').hidden), 'the box is hidden after Escape');
    await click(page, 'studio_lang_zh');
    await boxed('studio_text_0|narration|zh');
    await page.fill('#pla-studio-field', '点 x3 被误分类');
    await frames(page, 4);
    s = await studio(page);
    assert(s.lesson.steps[0].narration.zh === '点 x3 被误分类', 'zh ' + JSON.stringify(s.lesson.steps[0].narration));
    await page.screenshot({ path: path.join(OUT, 'studio-typing-zh.png') });
    // A click elsewhere on the lab ends the typing, the text kept.
    await click(page, 'studio_lang_en');
    assert(await page.evaluate(() => document.getElementById('pla-studio-field').hidden), 'the box is hidden after a click elsewhere');
    s = await studio(page);
    assert(s.lesson.steps[0].narration.zh === '点 x3 被误分类' && s.lesson.steps[0].narration.vi === 'Điểm x3 bị phân loại sai',
      'kept ' + JSON.stringify(s.lesson.steps[0].narration));
  }],

  ['no page errors; the time to make the lesson', async ({ browser, page, errors }) => {
    console.log(`  the lesson was made through the interface in ${made.seconds} s (clicks and typing by the test)`);
    assert(errors.length === 0, errors.join('\n'));
  }],
];

main(async ({ browser, server }) => {
  const app = await openApp(browser, server.url + 'index.html?lang=en');
  made.t0 = Date.now();
  for (const [name, fn] of CHECKS) await check(name, () => fn({ browser, server, page: app.page, errors: app.errors }));
  await app.context.close();
});
