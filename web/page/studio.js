// The page around the lab (web/index.html; the scripts' list: page/texts.js): the teacher's
// studio's page side. Its share link: the whole lesson compressed with fflate (package/fflate.js,
// loaded when first needed) into the address's fragment, #lesson-data=BASE64URL (the engine
// refuses a link longer than its limit, kStudioLinkMax in src/app/app.hpp, with a message); a
// lesson opened from such a link in a fresh page; a lesson file dropped on the page while the
// studio is open; the lesson being made kept in this browser's storage, so a reload loses
// nothing; and a real text box laid over the studio's text field being typed in (where the
// engine says it is: Module.onStudioField), so that an input method's Vietnamese or Chinese
// reaches it (ImGui's own field gets no composed text). What is typed there is the field's
// text; Escape, Tab (and Enter in a one-line field) hand the keyboard back to the lab.
(function (page) {
  'use strict';
  if (page.stopped) return;
  var t = page.t, api = page.api;
  var studioKey = 'perceptron-lab-studio:' + location.pathname;
  var studioOpen = false;

  var compressor = null;  // a Promise of window.fflate
  function fflate() {
    compressor = compressor || page.loadScript('package/fflate.js').then(function () { return window.fflate; });
    compressor.catch(function () { compressor = null; });
    return compressor;
  }
  function toBase64Url(bytes) {
    var s = '';
    for (var i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function fromBase64Url(text) {
    var b = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    var out = new Uint8Array(b.length);
    for (var i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
    return out;
  }

  // The engine's share_link (src/platform/hooks.cpp): {ok, link} or {ok: false, error}.
  Module.onShareLink = function (text) {
    var f = window.fflate;
    if (!f) {
      fflate();
      return { ok: false, error: 'the compressor is still loading (package/fflate.js): try again in a moment' };
    }
    var link = page.pageUrl + '#lesson-data=' + toBase64Url(f.zlibSync(f.strToU8(text), { level: 9 }));
    api.lastLink = link;
    return { ok: true, link: link };
  };

  // The studio as the engine keeps it ({open, step, lesson}), after every change.
  Module.onSaveStudio = function (text) {
    var s = page.storage();
    try { studioOpen = JSON.parse(text).open === true; } catch (e) { studioOpen = false; }
    if (studioOpen) fflate().catch(function () { /* offline: the link says so when asked */ });
    try { if (s) s.setItem(studioKey, text); } catch (e) { /* full or blocked: keep going */ }
  };
  // At ready, before the lesson or the saved work: the studio as it was left.
  page.restoreStudio = function () {
    var s = page.storage(), text = null;
    try { text = s ? s.getItem(studioKey) : null; } catch (e) { text = null; }
    if (text === null) return;
    if (Module.ccall('pla_restore_studio', 'number', ['string'], [text]) !== 1) return;
    try { studioOpen = JSON.parse(text).open === true; } catch (e) { studioOpen = false; }
    if (studioOpen) fflate().catch(function () { /* offline */ });
  };

  // A link made by the studio (#lesson-data=...): the lesson inside, opened as a student opens
  // one. One that cannot be read (cut short, changed) is explained as a lesson given by address is.
  page.lessonFromData = function () {
    if (!page.lessonData) return;
    var failed = function (why) { page.showLessonError(t('lesson_data_link'), why, t('lesson_data_fix')); };
    fflate().then(function (f) {
      var text;
      try { text = f.strFromU8(f.unzlibSync(fromBase64Url(page.lessonData))); } catch (e) {
        failed(t('lesson_data_bad', { reason: String(e && e.message || e).slice(0, 160) }));
        return;
      }
      var r = api.command('lesson_open', text);
      if (!r.ok) failed(t('lesson_why_invalid', { reason: r.shown || r.error }));
    }, function () { failed(t('lesson_why_network')); });
  };

  var box = document.getElementById('pla-studio-field'), canvas = page.canvas;
  var boxFns = null, boxActive = false, boxMultiline = true;
  function boxFn() {
    boxFns = boxFns || { input: Module.cwrap('pla_studio_field_input', null, ['string']),
                         focus: Module.cwrap('pla_studio_field_focus', null, ['number']) };
    return boxFns;
  }
  function boxBack() { box.blur(); canvas.focus({ preventScroll: true }); }
  Module.onStudioField = function (f) {
    if (!f.shown) {
      boxActive = false;
      if (document.activeElement === box) boxBack();
      box.hidden = true;
      return;
    }
    page.placeOverField(box, f, 2);
    boxMultiline = f.multiline;
    if (document.activeElement !== box && box.value !== f.text) box.value = f.text;
    box.setAttribute('aria-label', f.label);
    box.hidden = false;
    if (f.active && !boxActive && document.activeElement !== box) {
      box.value = f.text;
      box.focus({ preventScroll: true });
      box.setSelectionRange(box.value.length, box.value.length);
    }
    boxActive = f.active;
  };
  box.addEventListener('input', function (e) { if (!e.isComposing) boxFn().input(box.value); });
  box.addEventListener('compositionend', function () { boxFn().input(box.value); });
  box.addEventListener('focus', function () { boxFn().focus(1); });
  box.addEventListener('blur', function () { boxFn().input(box.value); boxFn().focus(0); });
  ['keydown', 'keyup', 'keypress'].forEach(function (type) {
    box.addEventListener(type, function (e) {
      if (e.isComposing) { e.stopPropagation(); return; }
      if (e.key === 'Tab' || e.key === 'Escape') {  // on to the lab (its listeners are the window's)
        if (type === 'keydown') boxBack();
        return;
      }
      e.stopPropagation();
      if (type === 'keydown' && e.key === 'Enter' && (!boxMultiline || e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        boxBack();
      }
    });
  });
  canvas.addEventListener('pointerdown', function () { if (document.activeElement === box) box.blur(); });

  // A lesson file (.json) dropped on the page while the studio is open goes to the studio
  // (other files are data: ready.js).
  document.addEventListener('drop', function (e) {
    var file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
    if (!file || !studioOpen || !/\.json$/i.test(file.name)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    file.text().then(function (text) {
      var r = api.command('studio_load', text);
      if (!r.ok) page.showLessonError(file.name, t('lesson_why_invalid', { reason: r.shown || r.error }), t('lesson_fix_again'));
    });
  }, true);
})(window.PLA_PAGE);
