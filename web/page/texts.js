// The page around the lab (web/index.html), its first script: the page's own texts in the lab's
// language, its messages (the status line, toasts, a teacher's lesson's errors) and the link's
// parameters. The page's scripts share window.PLA_PAGE (`page`), made here; each adds its part:
//   texts.js     t(), the language, messages, param()
//   state.js     the link, the saved work, the learning platform's state and grade (JSInput, SCORM)
//   files.js     files fetched or through a <script> tag, fonts, the clipboard, feature probes
//   a11y.js      the hidden description and the live region
//   answer.js    a real text input over the lesson's number field (a phone's keyboard)
//   packages.js  "For your course": packages made here (package/make_package.js), a teacher's lesson
//   engine.js    window.Module: what the engine calls back
//   studio.js    the teacher's studio: its share link (#lesson-data=), a lesson opened from one, its storage,
//                the real text box over its text field being typed in (an input method's text)
//   ready.js     the JavaScript API's last parts once the app is ready: file import, visibility
//   load.js      the postMessage bridge for a host page, then the loading of the engine
(function () {
  'use strict';
  var page = window.PLA_PAGE = { started: performance.now(), syncLang: function () {} };
  var status = page.status = document.getElementById('status');
  var canvas = page.canvas = document.getElementById('canvas');
  var toast = document.getElementById('toast');

  // The page's own texts, in the lab's language (window.PLA_PAGE_TEXT: the catalogs' "page" keys,
  // made at build time by src/platform/page_text.py into page-text.js, with the languages,
  // window.PLA_LANGUAGES: each catalog's "language"). A key a translation lacks falls back to
  // English; "pseudo" is English written twice.
  var texts = page.texts = window.PLA_PAGE_TEXT || { en: {} };
  var languages = window.PLA_LANGUAGES || [{ code: 'en', tags: ['en'], html: 'en' }];
  var HTML_LANG = { pseudo: 'en' };  // <html lang> of each language
  languages.forEach(function (l) { HTML_LANG[l.code] = l.html; });
  page.htmlLang = function (l) { return Object.prototype.hasOwnProperty.call(HTML_LANG, l) ? HTML_LANG[l] : null; };
  var lang = 'en';
  function t(key, args) {
    var own = texts[lang] || {}, en = texts.en || {};
    var s = Object.prototype.hasOwnProperty.call(own, key) ? own[key] : en[key];
    if (typeof s !== 'string') s = key;
    if (args) s = s.replace(/\{([a-z_0-9]+)\}/g, function (m, k) { return k in args ? String(args[k]) : m; });
    return lang === 'pseudo' && s ? s + ' ' + s : s;
  }
  page.t = t;
  page.setLang = function (l) {
    if (!Object.prototype.hasOwnProperty.call(HTML_LANG, l)) return;
    if (l !== lang) {
      lang = l;
      if (!status.hidden && status.className !== 'error') status.textContent = t('loading');
    }
    document.documentElement.lang = HTML_LANG[l];
  };
  page.lang = function () { return lang; };
  // A language of the catalogs (not English, not "pseudo"): its catalog is a file the web
  // build's engine may fetch (page/files.js).
  page.fetchedLang = function (l) {
    return l !== 'en' && languages.some(function (x) { return x.code === l; });
  };
  // The language for the browser's preferred tags, in order ("vi-VN", "zh-Hans-CN"): the first
  // with a tag equal to one or to its start before a '-' (as the engine's Catalogs::pick), else
  // English.
  page.preferredLang = function (tags) {
    for (var i = 0; i < tags.length; i++) {
      var tag = String(tags[i] || '').toLowerCase().replace(/_/g, '-').split('.')[0];
      for (var j = 0; j < languages.length; j++) {
        var own = languages[j].tags || [languages[j].code];
        for (var k = 0; k < own.length; k++) {
          var c = own[k].toLowerCase();
          if (tag === c || tag.indexOf(c + '-') === 0) return languages[j].code;
        }
      }
    }
    return 'en';
  };
  page.browserLangs = navigator.languages && navigator.languages.length ? Array.prototype.slice.call(navigator.languages)
                                                                        : [navigator.language || 'en'];
  // The value of a lesson parameter (query or hash; the last one wins), or null.
  page.param = function (text, name) {
    var found = null;
    String(text).replace(/^[?#]/, '').split('&').forEach(function (kv) {
      var i = kv.indexOf('='), k = i < 0 ? kv : kv.slice(0, i), v = i < 0 ? '' : kv.slice(i + 1);
      try { k = decodeURIComponent(k.replace(/\+/g, ' ')); v = decodeURIComponent(v.replace(/\+/g, ' ')); } catch (e) { return; }
      if (k === name) found = v;
    });
    return found;
  };

  page.showError = function (message) {
    status.hidden = false;
    status.className = 'error';
    status.textContent = message;  // text only: never markup
  };
  function showToast(text, withField, ms) {
    page.syncLang();
    toast.textContent = '';
    toast.appendChild(document.createTextNode(withField ? t('copy_this_link') : text));
    if (withField) {
      var field = document.createElement('input');
      field.value = text;
      field.readOnly = true;
      toast.appendChild(field);
      field.select();
    }
    toast.hidden = false;
    clearTimeout(showToast.timer);
    showToast.timer = setTimeout(function () { toast.hidden = true; }, ms || (withField ? 15000 : 2500));
  }
  page.showToast = showToast;

  // A teacher's lesson that could not be loaded: the address, why, what to do, and a Close
  // button (focused; Escape closes too). It stays until closed.
  var lessonBox = page.lessonBox = document.getElementById('lesson-error');
  page.showLessonError = function (url, why, fix) {
    page.syncLang();
    lessonBox.textContent = '';
    lessonBox.className = '';
    [t('lesson_failed', { url: url }), why, fix].forEach(function (text, i) {
      var p = document.createElement('p');
      p.textContent = text;  // text only: never markup
      if (i === 0) p.id = 'lesson-error-title';
      lessonBox.appendChild(p);
    });
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = t('lesson_close');
    close.addEventListener('click', function () { lessonBox.hidden = true; canvas.focus(); });
    lessonBox.appendChild(close);
    lessonBox.hidden = false;
    close.focus();
  };
  // Its keys stay its own (the engine listens on the window and takes Tab and the arrows).
  ['keydown', 'keyup', 'keypress'].forEach(function (type) {
    lessonBox.addEventListener(type, function (e) {
      if (type === 'keydown' && e.key === 'Escape') { lessonBox.hidden = true; canvas.focus(); }
      e.stopPropagation();
    });
  });
})();
