// The page around the lab (web/index.html; the scripts' list: page/texts.js): window.Module, what
// the engine calls back (and Emscripten's settings), and the JavaScript API
// (window.perceptronLab) over the engine's exports once it runs.
(function (page) {
  'use strict';
  if (page.stopped) return;
  var t = page.t, api = page.api, status = page.status;

  // The engine's exports behind window.perceptronLab: command, state, idle, describe, ...
  function exportApi() {
    var command = Module.cwrap('pla_command', 'string', ['string']);
    var state = Module.cwrap('pla_state', 'string', []);
    var toScreen = Module.cwrap('pla_to_screen', 'string', ['number', 'number']);
    page.lessonQueryNow = Module.cwrap('pla_lesson_query', 'string', []);
    page.rawCommand = command;
    // command(name, ...args) -> {ok: true} | {ok: true, running: true} | {ok: false, error, shown}
    // (error: English; shown: the same in the interface's language, for people).
    // running: long work (a train, epoch, next_update or compare that did not end within
    // its first slice, or work already under way) goes on in the frames, a slice a frame;
    // await api.idle() for the state once it is done.
    api.command = function () {
      var parts = [];
      for (var i = 0; i < arguments.length; i++) parts.push(String(arguments[i]));
      page.packageJob = null;
      var result = JSON.parse(command(JSON.stringify(parts)));
      // package: a Promise of {ok: true, name, base64, size, ms} or {ok: false, error}.
      if (parts[0] === 'package') return result.ok && page.packageJob ? page.packageJob : Promise.resolve(result);
      // The commands that change the language (the lab's menu does it too: see syncLangSoon).
      if (result.ok && (parts[0] === 'prefer_languages' || (parts[0] === 'set' && parts[1] === 'lang'))) {
        page.syncLang();
        if (result.running) api.idle().then(page.syncLang);  // after the commands waiting before it
      }
      return result;
    };
    api.state = function () { return JSON.parse(state()); };
    var working = Module.cwrap('pla_working', 'number', []);
    // A Promise of the state once no long work runs (at once when none does). Out of
    // sight (a hidden tab, the lab scrolled away) the frames, and so the work, wait.
    api.idle = function () {
      return new Promise(function (resolve) {
        (function check() {
          if (!working()) resolve(api.state());
          else setTimeout(check, 16);
        })();
      });
    };
    var describeNow = Module.cwrap('pla_describe', 'string', []);
    // The lab in words, as the hidden description shows it (see page/a11y.js).
    api.describe = function () { return JSON.parse(describeNow()); };
    var frameStats = Module.cwrap('pla_frame_stats', 'string', []);
    // CPU time of building frames since the last call: {last, mean, frames} in ms.
    api.frameStats = function () { return JSON.parse(frameStats()); };
    // The page pixel (CSS px) where data point (x, y) is drawn.
    api.toScreen = function (x, y) {
      var p = JSON.parse(toScreen(Number(x), Number(y)));
      var r = page.canvas.getBoundingClientRect();
      return { x: r.left + p[0], y: r.top + p[1] };
    };
    // The link that reproduces the lesson as it is now (what "Copy link" copies).
    api.link = function () { var q = page.lessonQueryNow(); return page.pageUrl + (q ? '?' + q : ''); };
  }

  // The program has set its lesson up: a package's lessons, then the progress saved here,
  // then the saved work or the link (page/ready.js).
  function onAppReady() {
    var restoreProgress = Module.cwrap('pla_restore_progress', 'number', ['string']);
    page.labFns = { restoreProgress: restoreProgress, applyUrl: Module.cwrap('pla_apply_url', 'string', ['string']),
                    restoreSaved: Module.cwrap('pla_restore_saved', 'number', ['string']),
                    enableSaving: Module.cwrap('pla_enable_saving', null, []),
                    glRestored: Module.cwrap('pla_gl_restored', null, []) };
    page.provideFetched();  // the files fetched while the engine loaded (files.js)
    (Array.isArray(page.packaged.lessons) ? page.packaged.lessons : []).forEach(function (text) {  // before any opens one
      var r = JSON.parse(page.rawCommand(JSON.stringify(['lesson_add', String(text)])));
      if (!r.ok) console.warn('Perceptron Lab: a lesson of this page was refused: ' + r.error);
    });
    var s = page.storage(), progress = null;
    try { progress = s && page.pendingState === null ? s.getItem(page.progressKey) : null; } catch (e) { /* blocked */ }
    // before the saved work or the link
    if (progress !== null && restoreProgress(progress) === 1) page.progressText = progress;
    page.appReady();
  }

  window.Module = {
    canvas: page.canvas,
    print: function (text) { console.log(text); },
    printErr: function (text) { console.warn(text); },
    setStatus: function () { /* Emscripten's own progress texts are English: the page says t('loading') */ },
    onAbort: function (what) {
      // The engine stops (aborts) almost only when memory runs out (C++ calls abort() when an
      // allocation fails); any other cause is named. The technical reason follows.
      var reason = what ? String(what).slice(0, 200) : '';
      api.aborted = reason || true;
      if (!reason || /memory|enlarge|alloc|native code called abort/i.test(reason)) {
        page.showError(t('out_of_memory') + (reason ? ' (' + reason + ')' : ''));
      } else {
        page.showError(t('engine_stopped', { reason: reason }));
      }
    },
    onFontRequest: page.requestFont,
    onDataRequest: page.requestData,
    // Lesson events (started, step shown, answer given, finished) and run_ended (long work
    // that went on in the frames ended: {kind, finished, step, epoch, updates}) for the host
    // page: a postMessage to the parent frame and a DOM event on this window.
    onLessonEvent: function (event) {
      (api.lessonEvents = api.lessonEvents || []).push(event);
      if (window.parent && window.parent !== window) window.parent.postMessage({type: 'perceptronLab:event', event: event}, '*');
      window.dispatchEvent(new CustomEvent('perceptronlab-event', {detail: event}));
    },
    onFirstFrame: function () {
      api.firstFrameMs = performance.now() - page.started;
      status.hidden = true;
    },
    onDescribe: function (json) { page.describe(JSON.parse(json)); },
    onAnswerField: page.answerField,
    onCopyText: function (text) {
      api.lastCopied = text;
      page.copyText(text, 'text_copied');
    },
    onCopyLink: function (q) {
      var url = page.pageUrl + (q ? '?' + q : '');
      api.lastLink = url;
      page.copyText(url, 'link_copied');
    },
    onMakePackage: page.makePackage,
    onPickLessonFile: page.pickLessonFile,
    onPasteLesson: page.pasteLesson,
    onResetToLesson: function () {
      var s = page.storage();
      if (s) s.removeItem(page.storageKey);
      location.reload();
    },
    onSaveState: function (text) {
      var s = page.storage();
      try { if (s) s.setItem(page.storageKey, text); } catch (e) { /* full or blocked: keep going */ }
    },
    // The student's progress through the lessons: one record for every link of this page.
    onSaveProgress: function (text) {
      page.progressText = text;
      var s = page.storage();
      try { if (s) s.setItem(page.progressKey, text); } catch (e) { /* full or blocked: keep going */ }
    },
    onRuntimeInitialized: function () {
      exportApi();
      Module.onAppReady = onAppReady;
    }
  };
})(window.PLA_PAGE);
