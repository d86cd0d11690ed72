// Accessibility in the browser: axe-core finds no serious or critical violation (default
// view, a lesson, embed mode, each language); the hidden description and the polite live
// region follow the lab (after `step` the live region names the point and the new w, b);
// the textbook example driven from the keyboard alone to convergence, and a point added
// with the canvas's keyboard cursor; theme=contrast measured on the rendered canvas
// (WCAG 2.1 ratios of text and point pixels); reduced motion stops autoplay.
// The texts a screen reader reads (start, after a step, at convergence, in each language)
// are written to OUT/a11y-texts.json.
'use strict';
const fs = require('fs');
const path = require('path');
const { OUT, check, assert, decodePng, openApp, reusableApp, HTML_LANG, LANGS, frames, main } = require('./lib');

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const MINUS = '\u2212';

// axe-core on the page as it is: the serious and critical violations, one line each.
async function axeSerious(page) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

// Waits until the hidden description has been drawn (in `lang` when given).
async function described(page, lang) {
  await page.waitForFunction((l) => {
    const d = window.perceptronLab.description;
    return d && (!l || d.lang === l) && document.querySelectorAll('#pla-a11y-sections h2').length >= 3;
  }, lang || null, { timeout: 30000 });
}
const liveText = (page) => page.evaluate(() => document.getElementById('pla-live').textContent);
const outline = (page) => page.evaluate(() => {
  const out = [document.getElementById('pla-a11y-title').textContent];
  document.querySelectorAll('#pla-a11y-sections h2').forEach((h) => {
    out.push('## ' + h.textContent);
    h.nextElementSibling.querySelectorAll('li').forEach((li) => out.push('- ' + li.textContent));
  });
  return out;
});
// Waits, frame by frame (120 frames at most), until the live region says something
// containing every part: in the page (a round trip per look would cost a frame each).
async function liveSays(page, parts, what) {
  const t = await page.evaluate(async (want) => {
    const live = document.getElementById('pla-live');
    for (let i = 0; i < 120; i++) {
      if (want.every((p) => live.textContent.includes(p))) return live.textContent;
      await new Promise((res) => requestAnimationFrame(res));
    }
    return null;
  }, parts);
  if (t !== null) return t;
  throw new Error(`${what}: the live region says ${JSON.stringify(await liveText(page))}, expected ${JSON.stringify(parts)}`);
}

// WCAG 2.1 relative luminance and contrast ratio of two sRGB colours.
function luminance([r, g, b]) {
  const c = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
}
function ratio(a, b) {
  const la = luminance(a), lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
const pixel = (img, x, y) => {
  const i = (Math.round(y) * img.width + Math.round(x)) * img.channels;
  return [img.px[i], img.px[i + 1], img.px[i + 2]];
};
// The most common colour of a box, and the pixel of the box that differs most from it.
function boxContrast(img, x0, y0, x1, y1) {
  const counts = new Map();
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const p = pixel(img, x, y), k = p.join(',');
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  const bg = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
  let best = 1, ink = bg;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const p = pixel(img, x, y), r = ratio(p, bg);
    if (r > best) best = r, ink = p;
  }
  return { ratio: best, bg, ink };
}

// The checks: a table of rows [the check's name, async (ctx) => ...] (ctx: the browser, the
// server of the web folder, texts), run in order by main.
const CHECKS = [
  ['axe-core: no serious or critical violations (default, lesson, embed, every language)', async ({ browser, server }) => {
    // Each language's default view; a lesson and embed mode (with and without one) across them.
    const views = [['default', ''], ['lesson', '?lesson=textbook'], ['embed', '?embed=true&preset=textbook'],
      ['embed lesson', '?embed=true&lesson=textbook'], ['contrast', '?theme=contrast']];
    // English in four; each other language in its default view and one embed view, in turn
    // (Vietnamese: embed lesson, Chinese: embed).
    const shown = { en: ['default', 'lesson', 'embed', 'contrast'] };
    LANGS.filter((l) => l !== 'en').forEach((l, i) => { shown[l] = ['default', ['embed lesson', 'embed'][i % 2]]; });
    let app = null;
    try {
      for (const lang of LANGS) {
        for (const [name, query] of views) {
          if (!shown[lang].includes(name)) continue;
          const url = server.url + (query ? query + '&' : '?') + 'lang=' + lang;
          if (!app) app = await reusableApp(browser, url); else await app.visit(url);
          await described(app.page, lang);
          const bad = await axeSerious(app.page);
          assert(bad.length === 0, `${lang} ${name}: ${JSON.stringify(bad)}`);
          const html = await app.page.evaluate(() => ({ lang: document.documentElement.lang, title: document.title,
            main: !!document.querySelector('main'), role: document.getElementById('canvas').getAttribute('role'),
            label: document.getElementById('canvas').getAttribute('aria-label'),
            live: document.getElementById('pla-live').getAttribute('aria-live') }));
          assert(html.lang === HTML_LANG[lang] && html.title && html.main && html.role === 'application' &&
                 html.label && html.label.length > 10 && html.live === 'polite', `${lang} ${name}: ${JSON.stringify(html)}`);
          assert(app.errors.length === 0, `${lang} ${name}: ` + app.errors.join(' | '));
        }
      }
    } finally {
      if (app) await app.context.close();
    }
  }],

  ["the description and live region follow `step`, in each language (texts saved)", async ({ browser, server, texts }) => {
    let app = null;
    try {
      for (const lang of LANGS) {
        const url = server.url + '?preset=textbook&lang=' + lang;
        if (!app) app = await reusableApp(browser, url); else await app.visit(url);
        await described(app.page, lang);
        const t = { start: { live: await liveText(app.page), description: await outline(app.page) } };
        assert(t.start.live.includes('w = (0, 0)'), `${lang} start: ${t.start.live}`);
        // Step 1: x1 = (3, 3), +1, w.x + b = 0: a mistake; w = (3, 3), b = 1.
        assert((await app.page.evaluate(() => window.perceptronLab.command('step'))).ok, 'step');
        t.step = { live: await liveSays(app.page, ['(3, 3)', '+1', 'w = (3, 3)', 'b = 1'], `${lang} step`) };
        t.step.description = await outline(app.page);
        assert(t.step.description.some((s) => s.includes('(3, 3)') && s.includes('b = 1')), `${lang} description`);
        // Step 3: x3 = (1, 1), -1, w.x + b = 7: y(w.x + b) = -7; w = (2, 2), b = 0.
        await app.page.evaluate(() => { window.perceptronLab.command('step'); window.perceptronLab.command('step'); });
        await liveSays(app.page, ['(1, 1)', MINUS + '1', MINUS + '7', 'w = (2, 2)', 'b = 0'], `${lang} step 3`);
        assert((await app.page.evaluate(() => window.perceptronLab.command('train'))).ok, 'train');
        t.converged = { live: await liveSays(app.page, ['w = (1, 1)', 'b = ' + MINUS + '3', '7'], `${lang} converged`) };
        t.converged.description = await outline(app.page);
        texts[lang] = t;
      }
    } finally {
      if (app) await app.context.close();
    }
    fs.writeFileSync(path.join(OUT, 'a11y-texts.json'), JSON.stringify(texts, null, 1));
  }],

  ['the textbook example from the keyboard alone, and a point added with the canvas cursor', async ({ browser, server, texts }) => {
    const app = await openApp(browser, server.url + '?preset=textbook&lang=en');
    const { page } = app;
    try {
      await described(page, 'en');
      await page.mouse.move(1, 1);  // (not a click: only the keyboard acts below)
      const state = () => page.evaluate(() => window.perceptronLab.state());
      // No control has the focus after loading: Right steps. The hand-worked run converges
      // at step 18 after 7 updates (describe_test.cpp).
      // After each press: the frames until the step changes (at most 60), then one frame more
      // (a second step would show there), then the step; in one round trip.
      const stepAfterPress = (before) => page.evaluate(async (prev) => {
        const raf = () => new Promise((res) => requestAnimationFrame(res));
        for (let k = 0; k < 60 && window.perceptronLab.state().step === prev; k++) await raf();
        await raf();
        return window.perceptronLab.state().step;
      }, before);
      for (let i = 1; i <= 18; i++) {
        await page.keyboard.press('ArrowRight');
        const step = await stepAfterPress(i - 1);
        assert(step === i, `after ${i} presses: step ${step}`);
      }
      const done = await state();
      assert(JSON.stringify(done.w) === '[1,1]' && done.b === -3 && done.updates === 7 && done.stop_reason === 'converged',
             'keyboard run ended at ' + JSON.stringify({ w: done.w, b: done.b, k: done.updates, why: done.stop_reason }));
      await liveSays(page, ['Converged after 7 updates', 'w = (1, 1)', 'b = ' + MINUS + '3'], 'converged');
      // Shift+Tab (backwards from the plots, the shorter way) until the canvas has the focus
      // (its cursor is read out), then arrows and Enter.
      let cursor = '', tabs = 0;
      for (; tabs < 120 && !cursor; tabs++) {
        await page.keyboard.press('Shift+Tab');
        cursor = (await page.evaluate(async () => {
          for (let k = 0; k < 3; k++) await new Promise((res) => requestAnimationFrame(res));
          return window.perceptronLab.describe().cursor;
        })) || '';
      }
      assert(cursor.startsWith('Cursor at'), 'Shift+Tab never reached the canvas');
      texts.shift_tabs_to_canvas = tabs;
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await frames(page, 3);
      await page.keyboard.press('Enter');
      await frames(page, 3);
      const after = await state();
      assert(after.points === 4 || (after.data && after.data.length === 4) || after.n === 4,
             'a point was not added: ' + JSON.stringify(after).slice(0, 300));
      const said = await liveSays(page, ['Cursor at', 'point x4 = ', 'class +1'], 'cursor');  // the 4th point, named as on the canvas
      texts.cursor = said;
      await page.keyboard.press('Delete');
      await frames(page, 3);
      await liveSays(page, ['no point'], 'after Delete');
      await page.screenshot({ path: path.join(OUT, 'a11y-keyboard-cursor.png') });
    } finally {
      await app.context.close();
    }
  }],

  ['theme=contrast: text >= 4.5:1 and points >= 3:1 on the rendered canvas', async ({ browser, server, texts }) => {
    const measured = {};
    let app = null;
    try {
      for (const theme of ['contrast', 'light']) {
        const url = server.url + '?preset=textbook&lang=en&theme=' + theme;
        if (!app) app = await reusableApp(browser, url); else await app.visit(url);
        // Trained, six frames drawn; where the grid lines x = 2, 3, 4 (at y = 2) and the
        // points (3, 3), (4, 3), (1, 1) are on the page.
        const where = await app.page.evaluate(async () => {
          const L = window.perceptronLab;
          L.command('train');
          for (let k = 0; k < 6; k++) await new Promise((res) => requestAnimationFrame(res));
          const out = {};
          for (const [x, y] of [[2, 2], [3, 2], [4, 2], [3, 3], [4, 3], [1, 1]]) out[x + ',' + y] = L.toScreen(x, y);
          return out;
        });
        const shot = path.join(OUT, `a11y-theme-${theme}.png`);
        const img = decodePng(await app.page.screenshot({ path: shot }));
        const at = async (x, y) => where[x + ',' + y];
        // The x-axis tick labels sit just above the canvas's bottom edge, 3 px right of the
        // tick: follow the grid line at x = k down to where its 5 px tick mark ends.
        const labels = [];
        for (const k of [2, 3, 4]) {
          const p = await at(k, 2);
          const gx = Math.round(p.x);
          let y = Math.round(p.y), bottom = -1;
          const bg = pixel(img, gx + 6, y);
          for (; y < img.height - 1; y++) {
            const here = pixel(img, gx, y);
            if (ratio(here, bg) > 3 && ratio(pixel(img, gx, y + 1), bg) <= 3 && ratio(pixel(img, gx, y - 4), bg) > 3) { bottom = y + 1; break; }
          }
          // (The light theme's faint ticks may not be found: it is measured for comparison only.)
          assert(bottom > 0 || theme !== 'contrast', `${theme}: no tick mark under x = ${k}`);
          if (bottom > 0) labels.push(boxContrast(img, gx + 2, bottom - 24, gx + 18, bottom - 1));
        }
        const points = [];
        for (const [x, y] of [[3, 3], [4, 3], [1, 1]]) {
          const p = await at(x, y);
          const ink = pixel(img, p.x, p.y);
          // The ground around the point: the most common colour of a ring 22-26 px away.
          const ring = new Map();
          for (let a = 0; a < 64; a++) for (const r of [22, 24, 26]) {
            const q = pixel(img, p.x + r * Math.cos(a * Math.PI / 32), p.y + r * Math.sin(a * Math.PI / 32)).join(',');
            ring.set(q, (ring.get(q) || 0) + 1);
          }
          const ground = [...ring.entries()].sort((u, v) => v[1] - u[1])[0][0].split(',').map(Number);
          points.push({ ratio: ratio(ink, ground), ink, ground });
        }
        measured[theme] = { labels: labels.map((l) => +l.ratio.toFixed(2)), points: points.map((q) => +q.ratio.toFixed(2)),
          label_colours: labels.map((l) => [l.ink, l.bg]) };
        if (theme === 'contrast') {
          for (const l of labels) assert(l.ratio >= 4.5, 'text contrast ' + JSON.stringify(measured[theme]));
          for (const q of points) assert(q.ratio >= 3, 'point contrast ' + JSON.stringify(measured[theme]));
        }
      }
    } finally {
      if (app) await app.context.close();
    }
    texts.contrast = measured;
    console.log('contrast measured: ' + JSON.stringify(measured));
    fs.writeFileSync(path.join(OUT, 'a11y-texts.json'), JSON.stringify(texts, null, 1));
  }],

  ['reduced motion: autoplay does not start by itself; Play still plays', async ({ browser, server }) => {
    // One context (its storage emptied before each document, as in a fresh one); the media
    // feature set on the page before each load.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => { try { localStorage.clear(); } catch (e) { /* none */ } });
    const page = await context.newPage();
    for (const reduce of [true, false]) {
      try {
        await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
        await page.goto(server.url + '?preset=textbook&autoplay=true&speed=2');
        await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
        await frames(page, 3);
        const s = await page.evaluate(() => window.perceptronLab.state());
        assert(s.playing === !reduce, `reduce=${reduce}: playing ${s.playing}`);
        if (reduce) {
          assert((await page.evaluate(() => window.perceptronLab.command('play'))).ok, 'play');
          assert((await page.evaluate(() => window.perceptronLab.state())).playing === true, 'Play did not play');
        }
        assert(await page.evaluate(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches) === reduce,
          'the media feature as emulated');
      } catch (e) {
        await context.close();
        throw e;
      }
    }
    await context.close();
  }],
];

main(async ({ browser, server }) => {
  const ctx = { browser, server, texts: {} };
  for (const [name, fn] of CHECKS) await check(name, () => fn(ctx));
});
