// Perceptron Lab's SCORM bridge: the content side of a SCORM 1.2 or SCORM 2004 (4th edition)
// package (web/package/package.py inlines it into the launch page, after the lab's own script
// and pipwerks' SCORM API wrapper, with the package's settings in place of PLA_SCORM_CONFIG).
//   - At launch: finds the LMS's API (pipwerks.SCORM: API / API_1484_11 in the parent and
//     opener windows), initializes, reads entry and suspend_data and resumes the lessons at
//     their steps with the student's answers (perceptronLab.setState, before the lab is ready).
//   - Each question's first answer (the lab's answer_given comes once per question: Back,
//     Next, a resume and practice on a "retry" question send none): one interaction (1.2: id
//     LESSON-stepN-The_question_in_English, 2004: id LESSON-stepN and the question's text as
//     description; type true-false / choice / numeric / fill-in (1.2) or other (2004); the
//     student's and the correct response, readable; the result),
//     the score (raw 0-100 = questions right / questions asked, over the package's lessons),
//     the status and the suspend data, then a commit. Steps shown are saved and committed too.
//     SCORM 1.2 with a pass mark writes no score until every lesson is finished: an LMS that
//     sets passed / failed from score.raw against the mastery score when the SCO exits
//     (Moodle's "Mastery score overrides status") would otherwise fail a student who leaves
//     in the middle and close the attempt.
//   - Page unload: session_time, exit (1.2: suspend until complete; 2004: suspend always, so
//     that the LMS hands the suspend data back for a review), commit, finish / terminate.
//   - The LMS's review or browse mode: nothing is written or committed; the lab shows the
//     lesson the student was in (finished: at its end, with the score) with the recorded
//     answers read-only, and a notice says that nothing more is recorded.
//   - No LMS: the lab runs as usual and a notice says that nothing is recorded.
// State for tests: window.perceptronLab.scorm = {connected, standard, dropped, suspendLength, errors,
// readOnly, reviewLesson}.
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
  function save() { if (!readOnly) SCORM.save(); }

  // key: the catalogs' page.scorm_not_recorded (no LMS) or page.scorm_review (review mode).
  function notice(key) {  // in the page's language
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
    function fill() { p.textContent = text(key); close.textContent = text('lesson_close'); }
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
    notice('scorm_not_recorded');
    return;
  }

  // ---- resume
  var memo = { c: false, b: 0 };  // complete once, the best score of this attempt
  var mode = get(v12 ? 'cmi.core.lesson_mode' : 'cmi.mode');
  readOnly = info.readOnly = mode === 'review' || mode === 'browse';
  var entry = get(v12 ? 'cmi.core.entry' : 'cmi.entry');
  var suspend = get('cmi.suspend_data');
  info.entry = entry;
  var state = freshState(), s = null;
  if (suspend) {
    try {
      s = JSON.parse(suspend);
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
  if (readOnly) {
    // Review: the lesson the student was in (else the last one of the package they have a
    // record of), finished or not, shown where they left it, its answers read-only (the
    // lab's lesson_review); nothing else is opened, so nothing starts anew.
    var rec0 = state.progress && state.progress.lessons ? state.progress.lessons : {};
    var open = typeof s === 'object' && s && typeof s.l === 'string' && rec0[s.l] ? s.l
      : CFG.lessons.filter(function (id) { return rec0[id]; }).pop() || '';
    info.reviewLesson = open;
    state.lesson = '';
    lab.setState(state);
    window.addEventListener('perceptronlab-ready', function () {
      if (open) lab.command('lesson_review', open);
    });
    notice('scorm_review');
  } else {
    lab.setState(state);
  }

  var status = v12 ? get('cmi.core.lesson_status') : get('cmi.completion_status');
  if (v12 && (status === 'not attempted' || status === '')) set('cmi.core.lesson_status', 'incomplete');
  if (!v12 && (status === 'not attempted' || status === 'unknown' || status === '')) set('cmi.completion_status', 'incomplete');
  set(v12 ? 'cmi.core.score.min' : 'cmi.score.min', 0);
  set(v12 ? 'cmi.core.score.max' : 'cmi.score.max', 100);
  save();

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
      // With a pass mark no score before the end: the LMS may judge score.raw against its
      // mastery score at exit (see above).
      if (memo.c || pass === null) set('cmi.core.score.raw', raw);
      set('cmi.core.lesson_status', !memo.c ? 'incomplete' : pass === null ? 'completed' : ratio >= pass ? 'passed' : 'failed');
    } else {
      set('cmi.score.raw', raw);
      set('cmi.score.scaled', Math.round(ratio * 10000) / 10000);
      set('cmi.completion_status', memo.c ? 'completed' : 'incomplete');
      set('cmi.progress_measure', memo.c ? 1 : Math.round(progressMeasure() * 10000) / 10000);
      set('cmi.success_status', !memo.c || pass === null ? 'unknown' : ratio >= pass ? 'passed' : 'failed');
    }
    set('cmi.suspend_data', suspendData());
    save();
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

  // One interaction per answer, readable in the LMS's reports. Responses: true-false
  // "true"/"false" (1.2 "t"/"f"); a point xN (the lab's name of it) or "none" (choice); a
  // choice's option: 1.2 its text (the 1.2 report shows no options), 2004 its identifier oN
  // (the Nth option; the description lists them); numeric the number (2004's correct pattern
  // a range: the answer +- its tolerance); a line as the lab writes it, "x⁽¹⁾ + x⁽²⁾ − 3 = 0"
  // (1.2 fill-in, 2004 other). The lab's event carries the texts (prompt, prompt_en, options,
  // answer_text, expected_text); without them (an older lab) the raw values are sent.
  function flat(text) { return String(text == null ? '' : text).replace(/\s+/g, ' ').trim(); }
  function clip(text, max) { text = flat(text); return text.length <= max ? text : text.slice(0, max - 1) + '\u2026'; }
  function response(kind, value, text, e) {
    value = String(value);
    if (kind === 'yes_no') return value === 'yes' ? (v12 ? 't' : 'true') : (v12 ? 'f' : 'false');
    if (kind === 'choice') {
      if (v12 && Array.isArray(e.options) && /^\d+$/.test(value) && e.options[Number(value)] !== undefined)
        return clip(e.options[Number(value)], 255);
      return /^\d+$/.test(value) ? 'o' + (Number(value) + 1) : value;
    }
    if (kind === 'pick_point') return /^\d+$/.test(value) ? 'x' + (Number(value) + 1) : value;
    if (kind === 'place_line') return typeof text === 'string' && text !== '' ? clip(text, 255) : value.trim().replace(/\s+/g, ' ');
    return value;
  }
  var TYPES = { yes_no: 'true-false', choice: 'choice', pick_point: 'choice', number: 'numeric', place_line: v12 ? 'fill-in' : 'other' };
  // 1.2's identifier (printable ASCII, no spaces, at most 255): the lesson, the step and the
  // question's English words, e.g. textbook-step4-What_is_b_after_the_next_update.
  function words(text) {
    return String(text || '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
  }
  function interactionId(e) {
    var id = String(e.id).replace(/[^\w\-.]/g, '_').slice(0, 64) + '-step' + (Number(e.question) + 1);
    if (!v12) return id;
    var w = words(e.prompt_en);
    if (w.length > 120) w = w.slice(0, 121).replace(/_[^_]*$/, '');
    return w ? id + '-' + w : id;
  }
  // 2004's description (a localized string of at most 250 characters): the question as the
  // student read it, and a choice's options with their identifiers.
  function description(e) {
    var text = flat(e.prompt);
    if (Array.isArray(e.options) && e.options.length) {
      var opts = ' (' + e.options.map(function (o, i) { return 'o' + (i + 1) + ': ' + flat(o); }).join('; ') + ')';
      if (text.length + opts.length <= 250) text += opts;
    }
    return clip(text.replace(/^\{+/, ''), 250);
  }
  function two(n) { return (n < 10 ? '0' : '') + n; }
  function interaction(e) {
    var n = parseInt(get('cmi.interactions._count'), 10) || 0, pre = 'cmi.interactions.' + n + '.';
    var kind = e.kind || '', type = TYPES[kind] || (v12 ? 'performance' : 'other');
    var now = new Date();
    set(pre + 'id', interactionId(e));
    set(pre + 'type', type);
    if (!v12 && typeof e.prompt === 'string' && e.prompt !== '') set(pre + 'description', description(e));
    if (v12) set(pre + 'time', two(now.getHours()) + ':' + two(now.getMinutes()) + ':' + two(now.getSeconds()));
    else set(pre + 'timestamp', now.getFullYear() + '-' + two(now.getMonth() + 1) + '-' + two(now.getDate()) + 'T' +
             two(now.getHours()) + ':' + two(now.getMinutes()) + ':' + two(now.getSeconds()));
    if (typeof e.expected === 'string' && e.expected !== '') {
      var correct = response(kind, e.expected, e.expected_text, e);
      if (!v12 && kind === 'number' && isFinite(parseFloat(e.expected))) {
        var x = parseFloat(e.expected), tol = Math.abs(Number(e.tolerance) || 0);
        correct = (x - tol) + '[:]' + (x + tol);
      }
      set(pre + 'correct_responses.0.pattern', correct);
    }
    set(pre + (v12 ? 'student_response' : 'learner_response'), response(kind, e.answer, e.answer_text, e));
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
    if (e.event === 'lesson_finished' && CFG.lessons.length > 1 && !readOnly) {
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
    if (readOnly) {  // review: the session ends with no commit (pipwerks' quit commits first)
      info.finished = true;
      var api = SCORM.API.getHandle();
      try { if (api) { if (v12) api.LMSFinish(''); else api.Terminate(''); } } catch (e) { /* the LMS's frame is gone */ }
      SCORM.connection.isActive = false;
      return;
    }
    if (lab.ready) report();
    set(v12 ? 'cmi.core.session_time' : 'cmi.session_time', sessionTime());
    // 2004: suspend even once complete, else the LMS drops the data (suspend_data) at the
    // next launch (SCORM 2004 RTE 4.2.8) and a review shows an empty lab; 1.2 hands it back.
    set(v12 ? 'cmi.core.exit' : 'cmi.exit', v12 && memo.c ? '' : 'suspend');
    save();
    info.finished = true;
    SCORM.quit();
  }
  info.finish = finish;
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
})();
