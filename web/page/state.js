// The page around the lab (web/index.html; the scripts' list: page/texts.js): the link the page
// was opened with and the work saved for it, the page's first language, the WebGL2 check, and
// the state and the grade for a learning platform (Open edX JSInput: gradefn
// "perceptronLab.getGrade", get_statefn / set_statefn; the SCORM packages of web/package).
(function (page) {
  'use strict';
  var t = page.t, param = page.param;

  // The lesson this page was opened with, and where the user's work on it is saved.
  page.pageUrl = location.href.split('#')[0].split('?')[0];
  var query = location.search.replace(/^\?/, '');
  var hash = location.hash.replace(/^#/, '');
  // A lesson inside the link (the studio's share link, #lesson-data=...: page/studio.js opens it);
  // the rest of the fragment is the lab's parameters.
  var data = /(?:^|&)lesson-data=([^&]*)/.exec(hash);
  page.lessonData = data ? data[1] : null;
  hash = hash.replace(/(?:^|&)lesson-data=[^&]*/, '').replace(/^&/, '');
  var lessonQuery = [query, hash].filter(function (s) { return s.length > 0; }).join('&');
  // A page made by "For your course" (package/make_package.js) carries its options (the link
  // to open with when the address gives none) and its teacher's lessons (added at ready).
  page.packaged = (function () {
    var el = document.getElementById('pla-package'), d = null;
    try { d = el ? JSON.parse(el.textContent) : null; } catch (e) { d = null; }
    return d && typeof d === 'object' ? d : {};
  })();
  if (!lessonQuery && typeof page.packaged.query === 'string') lessonQuery = page.packaged.query;
  page.lessonQuery = lessonQuery;
  page.storageKey = 'perceptron-lab:' + location.pathname + '?' + lessonQuery;
  page.progressKey = 'perceptron-lab-progress:' + location.pathname;
  page.storage = function () {
    try { return window.localStorage; } catch (e) { return null; }  // blocked in some iframes
  };
  page.savedWork = function () {
    var s = page.storage();
    try { return s ? s.getItem(page.storageKey) : null; } catch (e) { return null; }
  };

  // The page's language until the app answers: the saved work's, else the link's
  // (when valid), else the browser's preferred one. The app then has the last word.
  page.urlLang = param(lessonQuery, 'lang');
  var savedLang = param(page.savedWork() || '', 'lang');
  page.setLang(page.htmlLang(savedLang) ? savedLang : page.htmlLang(page.urlLang) ? page.urlLang
               : page.preferredLang(page.browserLangs));
  page.status.textContent = t('loading');

  // WebGL2 is required; say so plainly instead of showing a blank page (and the page's other
  // scripts stop: page.stopped).
  var probe = document.createElement('canvas');
  var gl = null;
  try { gl = probe.getContext('webgl2'); } catch (e) { gl = null; }
  if (!gl) {
    page.showError(t('no_webgl2'));
    window.perceptronLab = { ready: false, error: 'WebGL2 is not available' };
    page.stopped = true;
    return;
  }

  var api = page.api = { ready: false };
  window.perceptronLab = api;
  page.lessonQueryNow = null;  // the engine's pla_lesson_query (engine.js)

  // getState(): a JSON string {format: 1, lesson, progress, query}: the built-in lesson open
  // ("" none), the progress record (CourseProgress of src/core/lab/lesson/lesson.hpp: each lesson's
  // step and answers) and the link that reproduces the lab as it is now (data, settings,
  // language). setState(text) restores one: before the lab is ready it takes the place of
  // the work saved in this browser; once ready it is applied at once (the lesson resumes at
  // its step with its answers). getGrade(): a JSON string {format: 1, lesson, questions,
  // answered, right, score, done}: score = questions answered right / questions the lesson
  // asks (0 to 1; a question not answered counts as not right), for the lesson open, else
  // the last one opened.
  page.pendingState = null;  // a state given before the lab was ready
  page.progressText = null;  // the progress record, as last saved
  page.labFns = null;        // the engine's functions the state needs (engine.js, at ready)
  function readState(text) {
    var s = typeof text === 'string' ? JSON.parse(text) : text;
    if (!s || typeof s !== 'object' || s.format !== 1) throw new Error('not a Perceptron Lab state (format 1)');
    return { format: 1, lesson: typeof s.lesson === 'string' ? s.lesson : '',
             progress: s.progress && typeof s.progress === 'object' ? s.progress : null,
             query: typeof s.query === 'string' ? s.query : '' };
  }
  page.stateQuery = function (s) {
    var q = s.query;
    if (s.lesson && param(q, 'lesson') === null) q += (q ? '&' : '') + 'lesson=' + encodeURIComponent(s.lesson);
    return q;
  };
  page.applyState = function (s) {  // the lab is ready: progress first, then the link (which opens the lesson)
    if (s.progress) {
      var p = JSON.stringify(s.progress);
      if (page.labFns.restoreProgress(p) === 1) page.progressText = p;
    }
    var q = page.stateQuery(s);
    return q.length ? JSON.parse(page.labFns.applyUrl(q)) : { ok: true, ignored: [] };
  };
  function openLessonId(st) {
    var id = st.lesson ? st.lesson.id : '';
    return (st.lessons || []).some(function (r) { return r.id === id; }) ? id : '';
  }
  function progress() {
    try { return page.progressText ? JSON.parse(page.progressText) : null; } catch (e) { return null; }
  }
  api.getState = function () {
    if (!api.ready) return JSON.stringify(page.pendingState || { format: 1, lesson: '', progress: null, query: '' });
    return JSON.stringify({ format: 1, lesson: openLessonId(api.state()), progress: progress(), query: page.lessonQueryNow() });
  };
  api.setState = function (text) {
    var s = readState(text);
    if (!api.ready) { page.pendingState = s; return true; }
    var r = page.applyState(s);
    api.ignoredParameters = r.ignored || [];
    return true;
  };
  api.getGrade = function () {
    var st = api.ready ? api.state() : { lessons: [] }, p = progress();
    var id = st.lesson ? st.lesson.id : (p && p.current) || '';
    var row = (st.lessons || []).filter(function (r) { return r.id === id; })[0];
    var rec = p && p.lessons && p.lessons[id];
    // [step, reply, right] of each question answered; [step, '', null] of one passed over with Next
    var answers = (rec && Array.isArray(rec.answers) ? rec.answers : []).filter(function (a) { return typeof a[2] === 'boolean'; });
    var right = row ? row.right : answers.filter(function (a) { return a[2] === true; }).length;
    var questions = row ? row.questions : answers.length;
    return JSON.stringify({ format: 1, lesson: id, questions: questions, answered: answers.length, right: right,
                            score: questions > 0 ? right / questions : 0, done: row ? row.done : !!(rec && rec.done) });
  };

  // Follows the app's language (the link it would copy names it; state() if not).
  page.syncLang = function () {
    if (!api.ready) return;
    var q = page.lessonQueryNow(), l = param(q, 'lang');
    if (l === null) { try { l = api.state().lang; } catch (e) { return; } }
    page.setLang(l);
  };
  var syncQueued = false;
  page.syncLangSoon = function () {  // after the frames that handle an input event
    if (syncQueued || !api.ready) return;
    syncQueued = true;
    requestAnimationFrame(function () { requestAnimationFrame(function () { syncQueued = false; page.syncLang(); }); });
  };
})(window.PLA_PAGE);
