// Perceptron Lab's SCORM bridge: the content side of a SCORM 1.2 or SCORM 2004 (4th edition)
// package (web/package/package.py inlines it into the launch page, after the lab's own script
// and pipwerks' SCORM API wrapper, with the package's settings in place of PLA_SCORM_CONFIG).
//   - At launch: finds the LMS's API (pipwerks.SCORM: API / API_1484_11 in the parent and
//     opener windows), initializes, reads entry and suspend_data and resumes the lessons at
//     their steps with the student's answers (perceptronLab.setState, before the lab is ready).
//   - Each question's first answer (the lab's answer_given comes once per question: Back,
//     Next, a resume and practice on a "retry" question send none): one interaction (id
//     LESSON-stepN; type true-false / choice / numeric / fill-in (1.2) or other (2004); the
//     student's and the correct response; the result),
//     the score (raw 0-100 = questions right / questions asked, over the package's lessons),
//     the status and the suspend data, then a commit. Steps shown are saved and committed too.
//   - Page unload: session_time, exit (suspend until complete), commit, finish / terminate.
//   - No LMS: the lab runs as usual and a notice says that nothing is recorded.
// State for tests: window.perceptronLab.scorm = {connected, standard, dropped, suspendLength, errors}.
(function () {
  'use strict';
  var CFG = /*PLA-SCORM-CONFIG*/{ standard: 'scorm12', lessons: ['textbook'], query: '', pass: null }/*PLA-SCORM-CONFIG-END*/;
  var lab = window.perceptronLab;
  if (!lab || !lab.setState) return;  // no WebGL2: the page says so already
  var v12 = CFG.standard === 'scorm12';
  var SCORM = window.pipwerks.SCORM;
  SCORM.version = v12 ? '1.2' : '2004';
  SCORM.handleExitMode = false;          // exit is set here (suspend until complete)
  SCORM.handleCompletionStatus = false;  // and the status
  pipwerks.debug.isActive = false;
  var info = { connected: false, standard: CFG.standard, dropped: [], suspendLength: 0, errors: [], finished: false };
  lab.scorm = info;
  var MAX_SUSPEND = v12 ? 4096 : 64000;
  var started = Date.now();

  var readOnly = false;  // the LMS's review or browse mode: the lab runs, nothing is written
  function get(name) { return SCORM.data.get(name); }
  function set(name, value) {
    if (readOnly) return true;
    var ok = SCORM.data.set(name, String(value));
    if (!ok) info.errors.push(name + '=' + String(value).slice(0, 80));
    return ok;
  }

  function notice() {  // in the page's language (the catalogs' page.scorm_not_recorded)
    var texts = window.PLA_PAGE_TEXT || {}, box = document.createElement('div');
    function text(key) {
      var lang = 'en';
      try { lang = lab.ready ? lab.state().lang : (document.documentElement.lang || 'en').slice(0, 2); } catch (e) { /* keep en */ }
      var own = texts[lang] || {}, en = texts.en || {};
      return own[key] || en[key] || key;
    }
    box.id = 'pla-scorm-notice';
    box.setAttribute('role', 'status');
    box.style.cssText = 'position:fixed;left:50%;top:8px;transform:translateX(-50%);width:min(92vw,36em);' +
      'box-sizing:border-box;font:14px/1.4 system-ui,sans-serif;background:#fff8e0;color:#222;border:2px solid #b58100;' +
      'border-radius:8px;padding:8px 12px;z-index:20;box-shadow:0 2px 8px rgba(0,0,0,.25);display:flex;gap:12px;align-items:center';
    var p = document.createElement('span'), close = document.createElement('button');
    p.style.flex = '1';
    close.type = 'button';
    close.style.cssText = 'font:inherit;min-height:44px;min-width:64px;border-radius:6px;border:1px solid #555;background:#f4f4f4;color:#111';
    close.addEventListener('click', function () { box.hidden = true; });
    function fill() { p.textContent = text('scorm_not_recorded'); close.textContent = text('lesson_close'); }
    fill();
    box.appendChild(p);
    box.appendChild(close);
    document.body.appendChild(box);
    window.addEventListener('perceptronlab-ready', fill);  // the lab's language is known now
  }

  // Options of the package first, then the lesson: the first one not finished.
  function freshState() {
    var q = CFG.query || '';
    return { format: 1, lesson: CFG.lessons[0], progress: null, query: q };
  }

  info.connected = SCORM.init();
  if (!info.connected) {
    lab.setState(freshState());
    notice();
    return;
  }

  // ---- resume
  var memo = { c: false, b: 0 };  // complete once, the best score of this attempt
  var mode = get(v12 ? 'cmi.core.lesson_mode' : 'cmi.mode');
  readOnly = info.readOnly = mode === 'review' || mode === 'browse';
  var entry = get(v12 ? 'cmi.core.entry' : 'cmi.entry');
  var suspend = get('cmi.suspend_data');
  info.entry = entry;
  var state = freshState();
  if (suspend) {
    try {
      var s = JSON.parse(suspend);
      if (s && s.v === 1) {
        state = { format: 1, lesson: typeof s.l === 'string' && s.l ? s.l : CFG.lessons[0],
                  progress: s.p || null, query: typeof s.q === 'string' ? s.q : (CFG.query || '') };
        // The attempt's completion and best score belong to these very lessons (k).
        if (s.k === CFG.lessons.join(',')) {
          memo.c = s.c === true;
          memo.b = typeof s.b === 'number' ? s.b : 0;
        }
      }
    } catch (e) { info.errors.push('suspend_data unreadable'); }
  }
  // A lesson already finished is not started over: the next one not finished, if any; with
  // every lesson finished none is opened (the Lessons menu shows each one's result).
  if (state.progress && state.progress.lessons) {
    var rec = state.progress.lessons[state.lesson];
    if (rec && rec.done) {
      var next = CFG.lessons.filter(function (id) { var r = state.progress.lessons[id]; return !r || !r.done; })[0];
      state.lesson = next || '';
    }
  }
  info.resumedLesson = state.lesson;
  lab.setState(state);

  var status = v12 ? get('cmi.core.lesson_status') : get('cmi.completion_status');
  if (v12 && (status === 'not attempted' || status === '')) set('cmi.core.lesson_status', 'incomplete');
  if (!v12 && (status === 'not attempted' || status === 'unknown' || status === '')) set('cmi.completion_status', 'incomplete');
  set(v12 ? 'cmi.core.score.min' : 'cmi.score.min', 0);
  set(v12 ? 'cmi.core.score.max' : 'cmi.score.max', 100);
  SCORM.save();

  // The pass mark: the LMS's (1.2 mastery_score 0-100, 2004 scaled_passing_score), else the package's.
  function passMark() {
    var m = v12 ? get('cmi.student_data.mastery_score') : get('cmi.scaled_passing_score');
    var n = parseFloat(m);
    if (m !== '' && isFinite(n)) return v12 ? n / 100 : n;
    return typeof CFG.pass === 'number' ? CFG.pass : null;
  }

  // Over the package's lessons: questions right / questions asked; every lesson finished.
  function tally() {
    var rows = lab.state().lessons || [], right = 0, questions = 0, done = true;
    CFG.lessons.forEach(function (id) {
      var r = rows.filter(function (x) { return x.id === id; })[0];
      if (!r) { done = false; return; }
      right += r.right;
      questions += r.questions;
      done = done && r.done;
    });
    return { right: right, questions: questions, ratio: questions > 0 ? right / questions : 0, done: done };
  }

  // suspend_data: {v: 1, k: the package's lessons, l: lesson open, p: the progress of the
  // package's lessons, q: the lab's link (data and settings), c: completed once, b: best score}. Too long for the
  // standard's limit: the drawn data (q's data) goes first, then the rest of q, then the
  // replies' texts (right / wrong stay).
  function suspendData() {
    var st = JSON.parse(lab.getState()), p = st.progress ? { format: 1, lessons: {} } : null;
    if (p) {
      CFG.lessons.forEach(function (id) { if (st.progress.lessons && st.progress.lessons[id]) p.lessons[id] = st.progress.lessons[id]; });
      if (st.progress.current) p.current = st.progress.current;
    }
    var d = { v: 1, k: CFG.lessons.join(','), l: st.lesson || info.lessonOpen || CFG.lessons[0], p: p, q: st.query,
              c: memo.c, b: memo.b };
    var text = JSON.stringify(d), dropped = [];
    if (text.length > MAX_SUSPEND) {
      d.q = d.q.split('&').filter(function (kv) { return !/^data=/.test(kv); }).join('&');
      dropped.push('data');
      text = JSON.stringify(d);
    }
    if (text.length > MAX_SUSPEND) { d.q = CFG.query || ''; dropped.push('settings'); text = JSON.stringify(d); }
    if (text.length > MAX_SUSPEND && p) {
      Object.keys(p.lessons).forEach(function (id) {
        (p.lessons[id].answers || []).forEach(function (a) { a[1] = ''; });
      });
      dropped.push('replies');
      text = JSON.stringify(d);
    }
    info.dropped = dropped;
    if (dropped.length) console.warn('Perceptron Lab: suspend_data over ' + MAX_SUSPEND + ' characters; dropped: ' + dropped.join(', '));
    info.suspendLength = text.length;
    return text;
  }

  function report() {
    var t = tally(), pass = passMark();
    if (t.done) memo.c = true;
    if (memo.c) memo.b = Math.max(memo.b, t.ratio); else memo.b = t.ratio;
    var ratio = memo.c ? memo.b : t.ratio;
    var raw = Math.round(ratio * 10000) / 100;
    info.score = { raw: raw, right: t.right, questions: t.questions };
    if (v12) {
      set('cmi.core.score.raw', raw);
      set('cmi.core.lesson_status', !memo.c ? 'incomplete' : pass === null ? 'completed' : ratio >= pass ? 'passed' : 'failed');
    } else {
      set('cmi.score.raw', raw);
      set('cmi.score.scaled', Math.round(ratio * 10000) / 10000);
      set('cmi.completion_status', memo.c ? 'completed' : 'incomplete');
      set('cmi.progress_measure', memo.c ? 1 : Math.round(progressMeasure() * 10000) / 10000);
      set('cmi.success_status', !memo.c || pass === null ? 'unknown' : ratio >= pass ? 'passed' : 'failed');
    }
    set('cmi.suspend_data', suspendData());
    SCORM.save();
  }
  function progressMeasure() {  // the steps reached over the steps of the package's lessons
    var rows = lab.state().lessons || [], at = 0, all = 0;
    CFG.lessons.forEach(function (id) {
      var r = rows.filter(function (x) { return x.id === id; })[0];
      if (!r) return;
      all += r.steps;
      at += r.done ? r.steps : Math.max(0, r.step - 1);
    });
    return all > 0 ? Math.min(1, at / all) : 0;
  }

  // One interaction per answer. Responses: true-false "true"/"false" (1.2 "t"/"f"); choice
  // an option's identifier (oN, the Nth option) or a point's (xN, "none"); numeric the number
  // (2004's correct pattern a range: the answer +- its tolerance); a line "a b c" (fill-in / other).
  function response(kind, value) {
    value = String(value);
    if (kind === 'yes_no') return value === 'yes' ? (v12 ? 't' : 'true') : (v12 ? 'f' : 'false');
    if (kind === 'choice') return /^\d+$/.test(value) ? 'o' + (Number(value) + 1) : value;
    if (kind === 'pick_point') return /^\d+$/.test(value) ? 'x' + (Number(value) + 1) : value;
    if (kind === 'place_line') return value.trim().replace(/\s+/g, v12 ? '_' : ' ');
    return value;
  }
  var TYPES = { yes_no: 'true-false', choice: 'choice', pick_point: 'choice', number: 'numeric', place_line: v12 ? 'fill-in' : 'other' };
  function two(n) { return (n < 10 ? '0' : '') + n; }
  function interaction(e) {
    var n = parseInt(get('cmi.interactions._count'), 10) || 0, pre = 'cmi.interactions.' + n + '.';
    var kind = e.kind || '', type = TYPES[kind] || (v12 ? 'performance' : 'other');
    var now = new Date();
    set(pre + 'id', String(e.id).replace(/[^\w\-.]/g, '_') + '-step' + (Number(e.question) + 1));
    set(pre + 'type', type);
    if (v12) set(pre + 'time', two(now.getHours()) + ':' + two(now.getMinutes()) + ':' + two(now.getSeconds()));
    else set(pre + 'timestamp', now.getFullYear() + '-' + two(now.getMonth() + 1) + '-' + two(now.getDate()) + 'T' +
             two(now.getHours()) + ':' + two(now.getMinutes()) + ':' + two(now.getSeconds()));
    if (typeof e.expected === 'string' && e.expected !== '') {
      var correct = response(kind, e.expected);
      if (!v12 && kind === 'number' && isFinite(parseFloat(e.expected))) {
        var x = parseFloat(e.expected), tol = Math.abs(Number(e.tolerance) || 0);
        correct = (x - tol) + '[:]' + (x + tol);
      }
      set(pre + 'correct_responses.0.pattern', correct);
    }
    set(pre + (v12 ? 'student_response' : 'learner_response'), response(kind, e.answer));
    set(pre + 'result', e.correct ? 'correct' : (v12 ? 'wrong' : 'incorrect'));
  }

  var nextOpen = null;
  window.addEventListener('perceptronlab-event', function (ev) {
    var e = ev.detail || {};
    if (e.event === 'lesson_started') info.lessonOpen = e.id;
    if (e.event === 'answer_given') interaction(e);
    // After the lab has saved its progress (it does so right after the event).
    if (e.event === 'answer_given' || e.event === 'step_shown' || e.event === 'lesson_finished') {
      setTimeout(function () { if (!info.finished) report(); }, 0);
    }
    // A course of several lessons goes on with the next one not finished.
    if (e.event === 'lesson_finished' && CFG.lessons.length > 1) {
      clearTimeout(nextOpen);
      nextOpen = setTimeout(function () {
        var rows = lab.state().lessons || [];
        var next = CFG.lessons.filter(function (id) { var r = rows.filter(function (x) { return x.id === id; })[0]; return r && !r.done; })[0];
        if (next) lab.command('lesson_open', next);
      }, 1500);
    }
  });
  window.addEventListener('perceptronlab-ready', function () { report(); });

  function sessionTime() {
    var s = Math.max(0, Math.round((Date.now() - started) / 1000));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    return v12 ? two(h) + ':' + two(m) + ':' + two(sec) : 'PT' + h + 'H' + m + 'M' + sec + 'S';
  }
  // Ends the session (the LMS's player may also call this through unloading the frame).
  function finish() {
    if (info.finished) return;
    if (lab.ready) report();
    set(v12 ? 'cmi.core.session_time' : 'cmi.session_time', sessionTime());
    set(v12 ? 'cmi.core.exit' : 'cmi.exit', memo.c ? (v12 ? '' : 'normal') : 'suspend');
    SCORM.save();
    info.finished = true;
    SCORM.quit();
  }
  info.finish = finish;
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
})();
