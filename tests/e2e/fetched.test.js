#!/usr/bin/env node
// Browser tests of the files the page fetches when they are needed (core/base/data_files.hpp,
// web/page/files.js): the web build's engine carries no lesson text and no catalog but
// English's, so its download stays small; the Lessons menu's lesson, another language, and
// the link's lesson and language come as files (the link's fetched while the engine loads);
// a file that cannot come is said, naming it, and nothing hangs; the single file and the
// packages (made from it) carry them all inside. A teacher's Chinese lesson that uses a common
// character beyond the cut Chinese font makes the page fetch the "more" font (zh-more).
// Usage: node fetched.test.js --www DIR --out DIR [--only REGEX]
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { WWW, SRC, OUT, check, assert, openApp, reusableApp, main, LANGUAGES } = require('./lib');

const LESSONS = path.join(SRC, 'web/lessons');
const lessonIds = fs.readdirSync(LESSONS).filter((f) => f.endsWith('.json') && f !== 'course.json').map((f) => f.slice(0, -5));
// A sentence of each lesson and of each catalog but English's, as UTF-8 bytes: none of them
// may be inside the fetching build's engine; all are inside the single file.
function lessonSentence(id) {
  const l = JSON.parse(fs.readFileSync(path.join(LESSONS, id + '.json'), 'utf8'));
  return l.steps.map((s) => s.narration && s.narration.en).filter((t) => t && t.length > 40)[0].slice(0, 40);
}
const OTHERS = LANGUAGES.filter((l) => l.code !== 'en').map((l) => {
  const c = JSON.parse(fs.readFileSync(path.join(SRC, 'web/i18n', l.code + '.json'), 'utf8'));
  return { code: l.code, sentence: c.msg.lesson.builtin_unknown.slice(0, 24), title: c.a11y.title };
});
const has = (buf, text) => buf.indexOf(Buffer.from(text, 'utf8')) >= 0;
const idle = (page) => page.evaluate(() => window.perceptronLab.idle());

async function engineChecks() {
  await check('the engine carries no lesson text and no catalog but English\'s; the download is under 700 KB gzipped', async () => {
    const wasm = fs.readFileSync(path.join(WWW, 'perceptron-lab.wasm'));
    const js = fs.readFileSync(path.join(WWW, 'perceptron-lab.js'));
    for (const id of lessonIds) assert(!has(wasm, lessonSentence(id)), `the wasm holds lesson ${id}'s text`);
    for (const o of OTHERS) assert(!has(wasm, o.sentence), `the wasm holds the ${o.code} catalog`);
    const single = fs.readFileSync(path.join(WWW, 'perceptron-lab.html'));
    const inner = Buffer.from(single.toString('utf8').match(/base64,([A-Za-z0-9+/=]+)/)[1], 'base64');
    for (const id of lessonIds) assert(has(inner, lessonSentence(id)), `the single file lacks lesson ${id}'s text`);
    for (const o of OTHERS) assert(has(inner, o.sentence), `the single file lacks the ${o.code} catalog`);
    const gz = zlib.gzipSync(wasm, { level: 9 }).length + zlib.gzipSync(js, { level: 9 }).length;
    console.log(`  default download: ${wasm.length + js.length} bytes, ${gz} gzipped (.wasm + .js)`);
    assert(gz < 700 * 1024, `the default download is ${gz} bytes gzipped, over 700 KB`);
    for (const id of lessonIds) assert(fs.existsSync(path.join(WWW, 'lessons', id + '.json')), `www lacks lessons/${id}.json`);
    for (const o of OTHERS) assert(fs.existsSync(path.join(WWW, 'i18n', o.code + '.json')), `www lacks i18n/${o.code}.json`);
  });

}

// The page fetches each file once it is needed, and what the link names while the engine loads.
async function pageChecks(browser, server) {
  const requested = [];
  const app = await reusableApp(browser, server.url + 'index.html', {
    onPage: (page) => page.on('request', (r) => requested.push(new URL(r.url()).pathname)) });
  const { page } = app;

  await check('the first page (English) fetches no lesson, no catalog and no font', async () => {
    const data = requested.filter((p) => /\/(lessons|i18n|fonts)\//.test(p));
    assert(data.length === 0, 'fetched at start: ' + data.join(', '));
    const s = await page.evaluate(() => window.perceptronLab.state());
    assert(s.lessons.length === lessonIds.length, 'the Lessons menu lists every lesson: ' + s.lessons.length);
    assert(s.lessons.every((l) => l.title && l.steps > 0), 'every lesson has its title and steps: ' + JSON.stringify(s.lessons[0]));
  });

  await check('a lesson opened from the menu is fetched, then runs; the command says it is running meanwhile', async () => {
    const r = await page.evaluate(() => window.perceptronLab.command('lesson_open', 'dual'));
    assert(r.ok && r.running, 'lesson_open while its file comes: ' + JSON.stringify(r));
    const s = await idle(page);
    assert(s.lesson && s.lesson.id === 'dual' && s.lesson.step === 0, 'the lesson: ' + JSON.stringify(s.lesson));
    assert(requested.some((p) => p.endsWith('/lessons/dual.json')), 'lessons/dual.json was not fetched');
    const d = await page.evaluate(() => window.perceptronLab.describe());
    assert(JSON.stringify(d).includes(lessonSentence('dual').slice(0, 20)) ||
           JSON.stringify(d).includes('dual'), 'the lesson\'s text is shown');
  });

  for (const o of OTHERS) {
    await check(`${o.code}: chosen in the lab, its catalog is fetched and the lab speaks it`, async () => {
      const r = await page.evaluate((c) => window.perceptronLab.command('set', 'lang', c), o.code);
      assert(r.ok && r.running, 'running while its catalog comes: ' + JSON.stringify(r));
      const s = await idle(page);  // once the lab speaks it
      assert(s.lang === o.code, 'lang ' + s.lang);
      assert(requested.some((p) => p.endsWith(`/i18n/${o.code}.json`)), `i18n/${o.code}.json was not fetched`);
      const d = await page.evaluate(() => window.perceptronLab.describe());
      assert(d.title === o.title, `the description's title in ${o.code}: ${d.title} (want ${o.title})`);
      await page.evaluate(() => window.perceptronLab.command('set', 'lang', 'en'));
    });
  }

  await check('the link\'s lesson and language are fetched while the engine loads: ready in them', async () => {
    const other = OTHERS.length ? OTHERS[0].code : 'en';
    requested.length = 0;
    const { page: p } = await app.visit(server.url + `index.html?lesson=novikoff&lang=${other}`);
    const s = await p.evaluate(() => window.perceptronLab.state());
    assert(s.lang === other && s.lesson && s.lesson.id === 'novikoff', 'at ready: ' + s.lang + ' ' + JSON.stringify(s.lesson));
    // Asked for by the page before the engine's script (load.js), once.
    const jsAt = requested.findIndex((x) => x.endsWith('/perceptron-lab.js'));
    const lessonAt = requested.findIndex((x) => x.endsWith('/lessons/novikoff.json'));
    const langAt = requested.findIndex((x) => x.endsWith(`/i18n/${other}.json`));
    assert(lessonAt >= 0 && jsAt >= 0 && lessonAt < jsAt, 'requests: ' + requested.join(', '));
    assert(other === 'en' || (langAt >= 0 && langAt < jsAt), 'requests: ' + requested.join(', '));
    assert(requested.filter((x) => x.includes('/lessons/')).length === 1, 'fetched twice: ' + requested.join(', '));
  });

  await failureCheck(app, server);
  await app.context.close();
}

async function failureCheck(app, server) {
  await check('a lesson file that cannot come is said, naming it; nothing hangs and the lab goes on', async () => {
    const { page: p } = await app.visit(server.url + 'index.html');
    // (both ways the page loads a file: fetched, and as a script)
    await p.route('**/lessons/customers.json*', (route) => route.abort());
    const r = await p.evaluate(() => window.perceptronLab.command('lesson_open', 'customers'));
    assert(r.ok && r.running, JSON.stringify(r));
    const s = await idle(p);
    assert(!s.lesson || s.lesson.id !== 'customers', 'the lesson opened anyway');
    assert(s.message && s.message.error && s.message.text.includes('lessons/customers.json'), 'the message: ' + JSON.stringify(s.message));
    const next = await p.evaluate(() => window.perceptronLab.command('lesson_open', 'dual'));
    assert(next.ok, JSON.stringify(next));
    const s2 = await idle(p);
    assert(s2.lesson && s2.lesson.id === 'dual', 'another lesson opens after: ' + JSON.stringify(s2.lesson));
    await p.unroute('**/lessons/customers.json*');
  });
}

// A teacher's Chinese lesson: the Chinese font is cut to the catalogs and the built-in lessons;
// a common character beyond them (门) comes from fonts/zh-more.ttf, fetched only then.
async function teacherFontCheck(browser, server) {
  await check('a teacher\'s Chinese lesson with a common character beyond the cut font fetches zh-more and draws it', async () => {
    const requested = [];
    const { context, page } = await openApp(browser, server.url + 'index.html?lang=zh', {
      onPage: (pg) => pg.on('request', (r) => requested.push(new URL(r.url()).pathname)) });
    await page.waitForFunction(() => window.perceptronLab.fonts.zh === 'loaded', null, { timeout: 20000 });
    const zh = fs.readFileSync(path.join(SRC, 'web/i18n/zh.json'), 'utf8');
    const lessonsText = lessonIds.map((id) => fs.readFileSync(path.join(LESSONS, id + '.json'), 'utf8')).join('');
    assert(!zh.includes('门') && !lessonsText.includes('门'), '门 is in the zh catalog or a built-in lesson: choose another character');
    const lesson = (ch) => JSON.stringify({ format: 1, id: 'mine', title: { en: 'Perceptron basics', zh: '感知机入' + ch },
      steps: [{ narration: { en: 'Start: w = {w}', zh: '感知机入' + ch + '：w = {w}' }, setup: { preset: 'textbook' } }] });
    // 龘 is in no font of the lab (not a common character): drawn as the fallback, no more font wanted.
    let r = await page.evaluate((t) => window.perceptronLab.command('lesson', t), lesson('龘'));
    assert(r.ok, JSON.stringify(r));
    await idle(page);
    const without = await page.screenshot();
    assert(!requested.some((p) => p.endsWith('/fonts/zh-more.ttf')), 'zh-more fetched for a lesson that needs none');
    r = await page.evaluate((t) => window.perceptronLab.command('lesson', t), lesson('门'));
    assert(r.ok, JSON.stringify(r));
    await page.waitForFunction(() => window.perceptronLab.fonts['zh-more'] === 'loaded', null, { timeout: 20000 });
    await idle(page);
    const drawn = await page.screenshot({ path: path.join(OUT, 'teacher-font-zh.png') });
    assert(requested.filter((p) => p.endsWith('/fonts/zh-more.ttf')).length === 1, 'requests: ' + requested.join(', '));
    // Drawn as the fallback too, the two pages would be the same pixels.
    assert(!drawn.equals(without), '门 is drawn as 龘 is (the fallback)');
    await context.close();
  });
}

async function singleFileCheck(browser) {
  await check('the single file carries them all: a lesson and a language from disk with no fetch', async () => {
    const seen = [];
    const { context, page: p } = await openApp(browser, 'file://' + path.join(WWW, 'perceptron-lab.html'), {
      onPage: (pg) => pg.on('request', (r) => seen.push(r.url())) });
    const r = await p.evaluate(() => window.perceptronLab.command('lesson_open', 'dual'));
    assert(r.ok && !r.running, 'opens at once: ' + JSON.stringify(r));
    const other = OTHERS.length ? OTHERS[0].code : 'en';
    const l = await p.evaluate((c) => window.perceptronLab.command('set', 'lang', c), other);
    assert(l.ok && !l.running, JSON.stringify(l));
    const s = await idle(p);
    assert(s.lesson.id === 'dual' && s.lang === other, JSON.stringify([s.lesson, s.lang]));
    const data = seen.filter((u) => /\/(lessons|i18n)\//.test(u));
    assert(data.length === 0, 'fetched: ' + data.join(', '));
    await context.close();
  });
}

main(async ({ browser, server }) => {
  await engineChecks();
  await pageChecks(browser, server);
  await teacherFontCheck(browser, server);
  await singleFileCheck(browser);
});
