// The page around the lab (web/index.html; the scripts' list: page/texts.js): once the program
// has set its lesson up, before the first frame (page.appReady, called by engine.js): the saved
// work or the link, a teacher's lesson given by address, file import and drop, a lost WebGL
// context, waking the engine and following visibility; then the API is ready.
(function (page) {
  'use strict';
  if (page.stopped) return;
  var t = page.t, api = page.api, canvas = page.canvas, param = page.param;

  // The lesson: the saved work on this very page if any, else the URL's parameters. A state
  // given by setState() before now (a learning platform's) takes their place. With no
  // language in the link or the saved work: the browser's preferred one.
  function startLesson() {
    var fns = page.labFns;
    var given = page.pendingState, saved = given === null ? page.savedWork() : null, restored = false;
    var applied = { ok: true, ignored: [] };
    page.pendingState = null;
    if (given !== null) applied = page.applyState(given);
    if (saved !== null) restored = fns.restoreSaved(saved) === 1;
    if (given === null && !restored && page.lessonQuery.length > 0) applied = JSON.parse(fns.applyUrl(page.lessonQuery));
    api.ignoredParameters = applied.ignored;
    var langGiven = given !== null ? param(page.stateQuery(given), 'lang') !== null
                  : restored ? param(saved, 'lang') !== null : page.urlLang !== null;
    if (!langGiven) {
      var tags = page.browserLangs.filter(function (x) { return typeof x === 'string' && x.length > 0 && x.length <= 64; });
      if (tags.length > 0) api.command.apply(null, ['prefer_languages'].concat(tags.slice(0, 16)));
    }
    fns.enableSaving();
  }

  // lesson=<URL>: a teacher's lesson file (same origin, or served with CORS), fetched here and
  // handed to the engine, which checks it and names the step and field at fault. Fetched on
  // every visit, the saved work restored or not: the engine resumes a lesson the student left
  // unfinished (the same file) at its step, with the answers given. One that cannot be loaded
  // is explained (the address, the likely cause, what to do) in a message that stays until closed.
  function lessonFromLink() {
    var lessonRef = param(page.lessonQuery, 'lesson');
    if (!lessonRef || !/[\/]|\.json$/i.test(lessonRef)) return;
    var lessonUrl = new URL(lessonRef, page.pageUrl);
    var failed = function (why, fix) { page.showLessonError(lessonUrl.href, why, fix); };
    fetch(lessonUrl.href).then(function (r) {
      if (!r.ok) {
        failed(r.status === 404 ? t('lesson_why_404') : t('lesson_why_http', { status: r.status }), t('lesson_fix_address'));
        return;
      }
      return r.text().then(function (text) {
        try { JSON.parse(text); } catch (e) {
          failed(t('lesson_why_not_json', { reason: String(e && e.message || e).slice(0, 160) }), t('lesson_fix_json'));
          return;
        }
        var res = api.command('lesson_open', text);
        if (!res.ok) failed(t('lesson_why_invalid', { reason: res.shown || res.error }), t('lesson_fix_invalid'));
      });
    }, function () {
      // fetch rejects (a TypeError) on a network error and, for another origin, when the
      // answer lacks Access-Control-Allow-Origin: the page cannot tell which, so it says both.
      if (lessonUrl.origin !== location.origin) {
        failed(t('lesson_why_cors', { origin: lessonUrl.origin }),
               t('lesson_fix_cors', { origin: lessonUrl.origin, page_origin: location.origin }));
      } else {
        failed(t('lesson_why_network'), t('lesson_fix_network'));
      }
    });
  }

  // A file from the picker behind "Import..." or dropped on the page (CSV, LIBSVM or .npy):
  // its bytes go to pla_import_file, which picks the format from the content and name.
  function importFile(file, done) {
    var reader = new FileReader();
    reader.onload = function () {
      var bytes = new Uint8Array(reader.result);
      var ptr = Module.ccall('pla_alloc', 'number', ['number'], [bytes.length]);
      if (bytes.length && !ptr) { console.warn('import failed: out of memory'); if (done) done(); return; }
      if (bytes.length) Module.HEAPU8.set(bytes, ptr);
      var r = JSON.parse(Module.ccall('pla_import_file', 'string', ['string', 'number', 'number'],
                                      [file.name, ptr, bytes.length]));
      Module.ccall('pla_free', null, ['number'], [ptr]);
      if (!r.ok) console.warn('import failed: ' + r.error);
      if (done) done();
    };
    reader.readAsArrayBuffer(file);
  }
  function fileImport() {
    var input = document.getElementById('file-input');
    input.addEventListener('change', function () {
      var file = input.files && input.files[0];
      if (file) importFile(file, function () { input.value = ''; });
    });
    document.addEventListener('dragover', function (e) {
      if (e.dataTransfer && Array.prototype.indexOf.call(e.dataTransfer.types || [], 'Files') >= 0) {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }
    });
    document.addEventListener('drop', function (e) {
      var file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
      if (!file) return;
      e.preventDefault();
      importFile(file);
    });
  }

  // A lost WebGL context: say so, and rebuild the GPU objects when it returns.
  function contextLoss() {
    canvas.addEventListener('webglcontextlost', function (e) {
      e.preventDefault();
      api.contextLost = true;
      page.showToast(t('context_lost'));
    }, false);
    canvas.addEventListener('webglcontextrestored', function () {
      page.labFns.glRestored();
      api.contextLost = false;
      api.contextRestores = (api.contextRestores || 0) + 1;
      page.showToast(t('context_restored'));
    }, false);
  }

  // Idle costs nothing: the engine builds frames only while something changes and pauses
  // its loop otherwise. Any input or resize wakes it (commands wake it from inside); out
  // of sight (scrolled away, hidden tab) it builds none, even while playing.
  function wakeAndVisibility() {
    var wake = Module.cwrap('pla_wake', null, []);
    var setVisible = Module.cwrap('pla_set_visible', null, ['number']);
    ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'mousedown', 'mousemove', 'mouseup', 'wheel',
     'keydown', 'keyup', 'touchstart', 'touchmove', 'touchend', 'touchcancel', 'focus', 'blur', 'resize', 'paste'
    ].forEach(function (type) { window.addEventListener(type, function () { wake(); }, { capture: true, passive: true }); });
    var onScreen = true;
    function followVisibility() {
      api.visible = onScreen && document.visibilityState !== 'hidden';
      setVisible(api.visible ? 1 : 0);
    }
    document.addEventListener('visibilitychange', followVisibility);
    if (window.IntersectionObserver) {
      new IntersectionObserver(function (entries) {
        onScreen = entries[entries.length - 1].isIntersecting;
        followVisibility();
      }).observe(canvas);
    }
    api.visible = true;
  }

  // Ready once the commands of the start (the language, the link's lesson) have their
  // files (page/files.js: fetched while the engine loaded, so mostly at once).
  function whenDataHere(then) {
    var waiting = Module.cwrap('pla_waiting_data', 'number', []);
    (function check() { if (waiting()) setTimeout(check, 16); else then(); })();
  }

  page.appReady = function () {
    page.restoreStudio();  // page/studio.js: before anything is saved
    startLesson();
    lessonFromLink();
    page.lessonFromData();
    fileImport();
    contextLoss();
    wakeAndVisibility();
    whenDataHere(ready);
  };
  function ready() {
    api.ready = true;
    page.syncLang();
    // Without storage (a sandboxed iframe lacking allow-same-origin) the lab runs, and says
    // that the work will not be kept.
    api.storage = page.storageWorks();
    if (!api.storage) page.showToast(t('storage_off'), false, 12000);
    // The language can also change in the lab's own menu: look again after input.
    canvas.addEventListener('pointerup', page.syncLangSoon);
    window.addEventListener('keyup', page.syncLangSoon);
    page.flushMessages();
    window.dispatchEvent(new Event('perceptronlab-ready'));
  }
})(window.PLA_PAGE);
