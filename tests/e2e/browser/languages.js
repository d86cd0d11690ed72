// The browser checks of run.js (e2e.browser), languages: chosen by link, by the browser and in the
// lab; the fonts of a language; the page's own texts.
// A table of rows: [the check's name, async (ctx) => ...]; ctx: {browser, server, app, page,
// visit, openHost, closeHost} (run.js: the page kept open between checks, lib.js reusableApp,
// and the course page of embed-example.html, opened once).
'use strict';
const path = require('path');
const { WWW, OUT, assert, decodePng, countColour, openApp, HTML_LANG, LANGUAGES, LANGS, LOCALE, frames } = require('../lib');

// The languages (the catalogs, web/i18n) and those with fonts of their own (Chinese): a
// language's fonts are fetched as fonts/CODE.ttf (CODE-2.ttf, ... for more than one).
const HAS_FONTS = new Set(LANGUAGES.filter((l) => l.fonts.length).map((l) => l.code));
const fontsOf = (lang) => (LANGUAGES.find((l) => l.code === lang) || { fonts: [] }).fonts
  .map((f, i) => (i === 0 ? lang : `${lang}-${i + 1}`));

// The language the lab took, its fonts, and the font requests (`fontRequests`: those of this page);
// waits for the language's own fonts when it has some.
async function langInfo(a, fontRequests) {
  const info = () => a.page.evaluate(() => { const L = window.perceptronLab, s = L.state();
    return { lang: s.lang, notices: s.notices, html: document.documentElement.lang, title: document.title,
      firstFrameMs: L.firstFrameMs, fonts: L.fonts, fontMs: L.fontLoadedMs, step: s.step, data: s.data }; });
  for (const name of fontsOf((await info()).lang)) {
    await a.page.waitForFunction((n) => /loaded|failed/.test(window.perceptronLab.fonts[n] || ''), name, { timeout: 30000 });
  }
  await frames(a.page, 4);
  const r = await info();
  const fonts = [];
  for (const q of fontRequests) { const resp = await q.response(); fonts.push({ url: q.url(), status: resp ? resp.status() : 0 }); }
  return { r, fonts, fontRequests };
}
// Opens the lab with ?lang=L (or as given), recording the requests for fonts/ (langInfo).
async function openLang(browser, url, options = {}) {
  const fontRequests = [];
  const a = await openApp(browser, url, { ...options, onPage: (pg) => {
    pg.on('request', (r) => { if (/\/fonts\//.test(r.url())) fontRequests.push(r); });
    if (options.onPage) options.onPage(pg);
  } });
  return { ...a, ...(await langInfo(a, fontRequests)) };
}
// Pixels that differ between two same-sized screenshots inside a rectangle.
function differing(a, b, [x0, y0, x1, y1]) {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const i = (y * a.width + x) * a.channels, j = (y * b.width + x) * b.channels;
    if (Math.abs(a.px[i] - b.px[j]) + Math.abs(a.px[i + 1] - b.px[j + 1]) + Math.abs(a.px[i + 2] - b.px[j + 2]) > 48) n++;
  }
  return n;
}
// Each language's page of the first check (its state, fonts and screenshot), for the checks after it.
const langRuns = {};
// The browser's preferred language: each language's locale gives it, another (fr-FR) English;
// the link's lang wins over the locale.
function preferenceCases() {
  const others = LANGS.filter((l) => l !== 'en'), first = others[0], last = others[others.length - 1];
  return [...others.map((l) => [LOCALE[l], '', l]), ['fr-FR', '', 'en'], [LOCALE[first], '?lang=' + last, last],
    [LOCALE[last], '?lang=en', 'en']];
}

module.exports = [
  ['each language chosen by link: state().lang, <html lang>, title (screenshots at 1280x800)', async ({ browser, server, page }) => {
    // One context, each language's link opened in turn in its page (a language's own font,
    // asked for by its page only, is fetched there for the first time in this context).
    let fontRequests = [], ctx = null;
    try {
      for (const l of [...LANGS, 'pseudo']) {
        const url = server.url + '?lang=' + l;
        fontRequests = [];
        if (!ctx) {
          ctx = await openApp(browser, url, { onPage: (pg) => pg.on('request', (r) => { if (/\/fonts\//.test(r.url())) fontRequests.push(r); }) });
        } else {
          ctx.errors.length = 0;
          await ctx.page.goto(url);
          await ctx.page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
          await ctx.page.waitForFunction(() => document.getElementById('status').hidden, null, { timeout: 60000 });
        }
        const a = { ...ctx, ...(await langInfo(ctx, fontRequests)) };
        await new Promise((res) => setTimeout(res, 300));  // a late font request would show up here
        const png = await a.page.screenshot({ path: path.join(OUT, `e2e-lang-${l}.png`) });
        const fonts = [];
        for (const q of fontRequests) { const resp = await q.response(); fonts.push({ url: q.url(), status: resp ? resp.status() : 0 }); }
        langRuns[l] = { ...a.r, fonts, fontRequests: fontRequests.length, img: decodePng(png), errors: a.errors.slice() };
        assert(a.r.lang === l, `?lang=${l} gave lang ${a.r.lang}`);
        assert(a.r.html === HTML_LANG[l], `?lang=${l}: <html lang="${a.r.html}">`);
        assert(a.r.title === 'Perceptron Lab', `?lang=${l}: title "${a.r.title}"`);
        assert(a.r.notices.length === 0, `?lang=${l}: notices ${JSON.stringify(a.r.notices)}`);
        assert(a.errors.length === 0, `?lang=${l}: ` + a.errors.join(' | '));
      }
    } finally {
      if (ctx) await ctx.context.close();
    }
    // The interface's text changed with the language (the left panel differs from English).
    const panel = [0, 0, 320, 780];
    for (const l of [...LANGS.filter((x) => x !== 'en'), 'pseudo']) {
      const n = differing(langRuns.en.img, langRuns[l].img, panel);
      assert(n > 2000, `the ${l} panel looks like the English one (${n} pixels differ)`);
    }
  }],

  ['time to the first frame per language (printed)', async () => {
    assert(Object.keys(langRuns).length === LANGS.length + 1, 'the per-language pages did not all open');
    console.log('  time from navigation to the first frame (one context: the engine cached after English): ' + Object.entries(langRuns).map(([l, r]) =>
      `${l} ${Math.round(r.firstFrameMs)} ms` + fontsOf(l).filter((n) => r.fontMs && r.fontMs[n])
        .map((n) => ` (font ${n} in at ${Math.round(r.fontMs[n])} ms)`).join('')).join(', '));
    for (const r of Object.values(langRuns)) assert(r.firstFrameMs > 0, 'no first frame');
  }],

  ["a language's own fonts (Chinese) are requested only for it, once, and they load", async () => {
    assert(HAS_FONTS.size > 0, 'no language has fonts of its own (zh.json names wqy-microhei)');
    for (const l of [...LANGS, 'pseudo']) {
      const run = langRuns[l], want = HAS_FONTS.has(l) ? fontsOf(l) : [];
      assert(run && run.fontRequests === want.length, `${l} requested ${JSON.stringify(run && run.fonts)}`);
      if (!want.length) continue;
      assert(run.fonts.every((f, k) => f.url.endsWith(`/fonts/${want[k]}.ttf`) && f.status === 200),
        `${l} font requests: ` + JSON.stringify(run.fonts));
      assert(run.errors.length === 0, run.errors.join(' | '));
      assert(run.lang === l && run.html === HTML_LANG[l], JSON.stringify({ lang: run.lang, html: run.html }));
      // The lab reports the font taken.
      for (const n of want) assert(run.fontMs && run.fontMs[n] > 0, `${l}: no time for font ${n}`);
    }
  }],

  ["the browser's preferred language: vi-VN gives vi, zh-CN zh, fr-FR en; the link's lang wins", async ({ browser, server }) => {
    for (const [locale, url, want] of preferenceCases()) {
      // (at 640x400: the language is what is checked; smaller frames load sooner)
      const a = await openLang(browser, server.url + url, { locale, viewport: { width: 640, height: 400 } });
      await a.context.close();
      assert(a.r.lang === want && a.r.html === HTML_LANG[want], `${locale} ${url}: lang ${a.r.lang}, <html lang="${a.r.html}">`);
      assert(a.fontRequests.length === fontsOf(want).length, `${locale} ${url}: font requests ${JSON.stringify(a.fonts)}`);
      assert(a.errors.length === 0, `${locale} ${url}: ` + a.errors.join(' | '));
    }
  }],

  ['?lang=xx gives English and a notice naming lang', async ({ browser, server }) => {
    const a = await openLang(browser, server.url + '?lang=xx&preset=six', { locale: 'vi-VN', viewport: { width: 640, height: 400 } });
    await a.context.close();
    assert(a.r.lang === 'en' && a.r.html === 'en', `lang ${a.r.lang}, <html lang="${a.r.html}">`);
    assert(a.r.notices.some((n) => /lang/.test(n)), 'notices: ' + JSON.stringify(a.r.notices));
    assert(a.fontRequests.length === 0 && a.errors.length === 0, a.errors.join(' | '));
  }],

  ["switching language while running keeps the lesson (no reload); toasts follow the language", async ({ browser, server, page }) => {
    const a = await openLang(browser, server.url + '?preset=textbook&eta=0.5');
    let navigations = 0;
    a.page.on('framenavigated', (f) => { if (f === a.page.mainFrame()) navigations++; });
    const before = await a.page.evaluate(() => {
      const L = window.perceptronLab;
      window.notReloaded = true;
      L.command('add_point', 1.5, 2.5, 1);
      for (let i = 0; i < 5; i++) L.command('step');
      return L.state();
    });
    const r = await a.page.evaluate(() => window.perceptronLab.command('set', 'lang', 'zh'));
    await a.page.waitForFunction(() => window.perceptronLab.fonts.zh === 'loaded', null, { timeout: 30000 });
    await frames(a.page, 4);
    const after = await a.page.evaluate(() => ({ s: window.perceptronLab.state(), mark: window.notReloaded,
      html: document.documentElement.lang }));
    // Back and forth: the font is not fetched again.
    const back = await a.page.evaluate(() => { const L = window.perceptronLab;
      return [L.command('set', 'lang', 'vi'), L.command('set', 'lang', 'en'), L.command('set', 'lang', 'zh')].every((x) => x.ok); });
    await frames(a.page, 4);
    // Chosen in the lab's own menu (here: behind the page's back, then an input event).
    const viaMenu = await a.page.evaluate(async () => {
      window.Module.ccall('pla_command', 'string', ['string'], ['["set","lang","vi"]']);
      const before = document.documentElement.lang;
      document.getElementById('canvas').dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      for (let i = 0; i < 4; i++) await new Promise((res) => requestAnimationFrame(res));
      return { before, after: document.documentElement.lang };
    });
    // A toast in the lab's language (vi), chosen after the page had started in English.
    const toast = await a.page.evaluate(async () => {
      window.perceptronLab.command('set', 'lang', 'vi');
      window.Module.onCopyLink('preset=six');
      const el0 = document.getElementById('toast');
      for (const t0 = performance.now(); el0.hidden && performance.now() - t0 < 3000;) await new Promise((res) => setTimeout(res, 20));
      const el = document.getElementById('toast');
      return { text: el.hidden ? '' : el.textContent, vi: window.PLA_PAGE_TEXT.vi, html: document.documentElement.lang };
    });
    await a.context.close();
    assert(r.ok && back, 'set lang: ' + JSON.stringify(r));
    assert(viaMenu.before === 'zh-Hans' && viaMenu.after === 'vi', '<html lang> after a change in the menu: ' + JSON.stringify(viaMenu));
    assert(after.s.lang === 'zh' && after.html === 'zh-Hans', `lang ${after.s.lang}, <html lang="${after.html}">`);
    assert(after.mark === true && navigations === 0, 'the page reloaded');
    for (const k of ['points', 'data', 'w', 'b', 'step', 'updates', 'eta', 'preset'])
      assert(JSON.stringify(before[k]) === JSON.stringify(after.s[k]), `${k}: ${JSON.stringify(before[k])} vs ${JSON.stringify(after.s[k])}`);
    assert(before.step === 5 && before.points >= 4, 'setup: ' + before.step + ' steps, ' + before.points + ' points');
    assert(a.fontRequests.length === 1, 'font requests: ' + JSON.stringify(a.fonts));
    assert(toast.html === 'vi' && (toast.text === toast.vi.link_copied || toast.text.startsWith(toast.vi.copy_this_link)),
      'toast: ' + toast.text);
    assert(a.errors.length === 0, a.errors.join(' | '));
  }],

  ["a font that cannot be fetched: a toast in the page's language, the lab keeps running", async ({ server, page, visit }) => {
    // (routing turns the page's HTTP cache off: the font is asked for again, and refused)
    await page.route('**/fonts/zh.ttf', (route) => route.fulfill({ status: 404, body: 'gone' }));
    let r;
    try {
      const a = await visit(server.url + '?lang=zh');
      await a.page.waitForFunction(() => window.perceptronLab.fonts.zh === 'failed', null, { timeout: 30000 });
      r = await a.page.evaluate(() => { const el = document.getElementById('toast');
        return { text: el.hidden ? '' : el.textContent, zh: window.PLA_PAGE_TEXT.zh.font_failed,
          step: window.perceptronLab.command('step').ok }; });
      await frames(a.page, 3);
      await a.page.screenshot({ path: path.join(OUT, 'e2e-font-failed.png') });
    } finally {
      await page.unrouteAll();
    }
    assert(r.text === r.zh && r.step, JSON.stringify(r));
  }],

  ["the page's own texts are in the chosen language before the wasm loads", async ({ browser, server, page }) => {
    // The loading message (the engine held back), then the load failure.
    let release;
    const held = new Promise((res) => { release = res; });
    const a = await openApp(browser, server.url + '?lang=zh', { expectReady: false, waitUntil: 'domcontentloaded', onPage: (pg) =>
      pg.route('**/perceptron-lab.js', async (route) => { await held; await route.fulfill({ status: 404, body: '' }); }) });
    await a.page.waitForFunction(() => document.getElementById('status').textContent.length > 0);
    const loading = await a.page.evaluate(() => ({ text: document.getElementById('status').textContent,
      want: window.PLA_PAGE_TEXT.zh.loading, html: document.documentElement.lang }));
    release();
    await a.page.waitForFunction(() => document.getElementById('status').className === 'error', null, { timeout: 10000 });
    const failed = await a.page.evaluate(() => document.getElementById('status').textContent);
    await a.context.close();
    assert(loading.text === loading.want && loading.html === 'zh-Hans', JSON.stringify(loading));
    assert(/perceptron-lab\.js/.test(failed), 'load failure: ' + failed);
    // No WebGL2, in Vietnamese (from the browser's language).
    const n = await openApp(browser, server.url, { expectReady: false, locale: 'vi-VN', init: () => {
      const orig = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
        return type === 'webgl2' ? null : orig.call(this, type, ...rest); };
    } });
    await n.page.waitForFunction(() => document.getElementById('status').className === 'error', null, { timeout: 10000 })
      .catch(() => null);  // (the assertion below says what the page shows)
    const nw = await n.page.evaluate(() => ({ text: document.getElementById('status').textContent,
      want: window.PLA_PAGE_TEXT.vi.no_webgl2, html: document.documentElement.lang }));
    await n.context.close();
    assert(nw.text === nw.want && nw.html === 'vi', JSON.stringify(nw));
  }],

  ['the single file from file:// speaks Chinese with no request for the font', async ({ browser }) => {
    const file = 'file://' + path.join(WWW, 'perceptron-lab.html');
    const requests = [];
    const f = await openLang(browser, file + '?lang=zh&preset=textbook&eta=0.5', { onPage: (pg) => pg.on('request', (q) => requests.push(q.url())) });
    const r = await f.page.evaluate(() => { const L = window.perceptronLab; L.command('train'); return L.state(); });
    const later = await f.page.evaluate(() => { const L = window.perceptronLab; L.command('set', 'lang', 'vi'); L.command('set', 'lang', 'zh');
      return window.perceptronLab.fonts; });
    await frames(f.page, 3);
    await f.page.screenshot({ path: path.join(OUT, 'e2e-single-file-zh.png') });
    await f.context.close();
    assert(f.r.lang === 'zh' && f.r.html === 'zh-Hans' && f.r.fonts.zh === 'loaded', JSON.stringify({ lang: f.r.lang, fonts: f.r.fonts }));
    assert(later.zh === 'loaded', JSON.stringify(later));
    assert(f.fontRequests.length === 0 && requests.every((u) => !/zh\.ttf/.test(u)), 'font requests: ' + requests.join(', '));
    const remote = requests.filter((u) => !/^(file|data|blob):/.test(u));
    assert(remote.length === 0, 'network requests: ' + remote.join(', '));
    assert(r.w[0] === 0.5 && r.w[1] === 0.5 && r.b === -1.5, JSON.stringify(r.w));
    assert(f.errors.length === 0, f.errors.join(' | '));
  }],

  ['embed mode in Vietnamese at 640x400 and a phone in Chinese (screenshots)', async ({ browser, server }) => {
    const e = await openLang(browser, server.url + '?embed=1&lang=vi&preset=six', { viewport: { width: 640, height: 400 } });
    const pngE = await e.page.screenshot({ path: path.join(OUT, 'e2e-embed-vi.png') });
    await e.context.close();
    const p = await openLang(browser, server.url + '?lang=zh', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
      isMobile: true, hasTouch: true, locale: 'zh-CN' });
    const dims = await p.page.evaluate(() => { const c = document.getElementById('canvas');
      return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight }; });
    const pngP = await p.page.screenshot({ path: path.join(OUT, 'e2e-phone-zh.png') });
    await p.context.close();
    assert(e.r.lang === 'vi' && e.r.html === 'vi' && countColour(decodePng(pngE), [0, 114, 178]) > 20, 'embed vi: ' + e.r.lang);
    assert(p.r.lang === 'zh' && p.r.fonts.zh === 'loaded', 'phone zh: ' + JSON.stringify(p.r.fonts));
    assert(dims.cw === 390 && dims.ch === 844 && dims.w === 1170, JSON.stringify(dims));
    assert(countColour(decodePng(pngP), [0, 114, 178]) > 20, 'phone: no points visible');
    assert(e.errors.length === 0 && p.errors.length === 0, e.errors.concat(p.errors).join(' | '));
    console.log(`  time to the first frame: embed vi ${Math.round(e.r.firstFrameMs)} ms, phone zh ${Math.round(p.r.firstFrameMs)} ms`);
  }],
];
