// The page around the lab (web/index.html; the scripts' list: page/texts.js): "For your course"
// and the command package. package/make_package.js (the code ./build.sh package runs) makes
// them here from the files of this lab's own folder (perceptron-lab.html and package/),
// fetched from the page's own origin: a page opened from a file, or in a frame without an
// origin, cannot read them and says so. The engine reports each end to the dialog
// (pla_package_done); scripts get a Promise (api.command) and hosts the event package_made.
// Also a teacher's own lesson, opened from a file or pasted.
(function (page) {
  'use strict';
  if (page.stopped) return;
  var t = page.t, api = page.api, canvas = page.canvas, lessonBox = page.lessonBox;

  page.packageJob = null;  // the Promise of the package the command `package` asked for
  var packageTools = null;
  function packageError(code, message, detail) { return { code: code, message: message, detail: detail || '' }; }
  function readBundle(path) {
    return fetch(new URL(path, page.pageUrl).href).then(function (r) {
      if (!r.ok) throw packageError('files', 'could not read ' + path + ' (HTTP ' + r.status + ')', path);
      return r.text();
    }, function () { throw packageError('offline', 'could not read ' + path + ' (the page cannot fetch its own files)'); });
  }
  function tools() {
    if (!/^https?:$/.test(location.protocol) || window.origin === 'null')
      throw packageError('offline', 'this page cannot fetch its own files (opened from ' + location.protocol + ')');
    packageTools = packageTools || Promise.all(['package/fflate.js', 'package/make_package.js'].map(function (f) {
      return page.loadScript(f).catch(function () { throw packageError('files', 'could not load ' + f, f); });
    })).then(function () { return { maker: window.PerceptronLabPackage, fflate: window.fflate }; });
    packageTools.catch(function () { packageTools = null; });
    return packageTools;
  }
  function download(made, standard) {
    var a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([made.bytes], { type: standard === 'html' ? 'text/html' : 'application/zip' }));
    a.download = made.name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }
  function reported(standard, r) {  // to the dialog and to the host page
    Module.ccall('pla_package_done', null, ['string'], [JSON.stringify({ standard: standard, name: r.name || '', size: r.size || 0,
      ms: r.ms || 0, error_code: r.ok ? '' : r.code, detail: r.ok ? '' : r.detail || r.error })]);
    Module.onLessonEvent({ event: 'package_made', standard: standard, ok: r.ok, name: r.name || '', size: r.size || 0,
      ms: r.ms || 0, error: r.error || '' });
    delete r.code;
    delete r.detail;
    return r;
  }
  page.makePackage = function (standard, optionsText, wanted) {
    var t0 = performance.now(), options = JSON.parse(optionsText);
    options.standard = standard;
    page.packageJob = new Promise(function (resolve) { setTimeout(resolve, 0); }).then(tools).then(function (tl) {  // after this frame
      return tl.maker.collect(readBundle).then(function (files) { return tl.maker.makePackage(files, options, tl.fflate); });
    }).then(function (made) {
      var ms = performance.now() - t0, b = '';
      if (wanted) download(made, standard);
      for (var i = 0; i < made.bytes.length; i += 0x8000) b += String.fromCharCode.apply(null, made.bytes.subarray(i, i + 0x8000));
      return { ok: true, name: made.name, base64: btoa(b), size: made.bytes.length, ms: Math.round(ms), entries: made.entries };
    }).catch(function (e) {
      return { ok: false, error: 'package: ' + (e && e.message || String(e)), code: e && e.code || 'internal', detail: e && e.detail || '' };
    }).then(function (r) { return reported(standard, r); });
  };

  // A teacher's lesson opened from a file or pasted: among the lab's lessons (and ticked in the
  // dialog); one the lab refuses is explained as a lesson given by address is.
  // (command: 'studio_load' when the studio asked for it.)
  function addLesson(text, source, command) {
    var r = api.command(command || 'lesson_add', text);
    if (!r.ok) page.showLessonError(source, t('lesson_why_invalid', { reason: r.shown || r.error }), t('lesson_fix_again'));
  }
  page.pickLessonFile = function (command) {
    var input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.addEventListener('change', function () {
      var file = input.files && input.files[0];
      if (file) file.text().then(function (text) { addLesson(text, file.name, command); });
    });
    input.click();
  };
  page.pasteLesson = function (command) {
    page.syncLang();
    lessonBox.textContent = '';
    lessonBox.className = 'paste';
    var p = document.createElement('p'), area = document.createElement('textarea'), add = document.createElement('button'),
        close = document.createElement('button');
    p.id = 'lesson-error-title';
    p.textContent = t('lesson_paste_title');
    area.setAttribute('aria-labelledby', 'lesson-error-title');
    area.spellcheck = false;
    add.type = close.type = 'button';
    add.textContent = t('lesson_paste_add');
    close.textContent = t('lesson_close');
    add.style.marginRight = '8px';
    add.addEventListener('click', function () { lessonBox.hidden = true; canvas.focus(); addLesson(area.value, t('lesson_pasted'), command); });
    close.addEventListener('click', function () { lessonBox.hidden = true; canvas.focus(); });
    [p, area, add, close].forEach(function (el) { lessonBox.appendChild(el); });
    lessonBox.hidden = false;
    area.focus();
  };
})(window.PLA_PAGE);
