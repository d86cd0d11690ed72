/* H5P.PerceptronLab: the Perceptron Lab as an H5P content type.
 *
 * The lab (the single-file page: the engine with its wasm, the texts and the fonts inline)
 * comes from lab-page.js as the string H5P.PerceptronLabPage, because H5P's upload whitelist
 * refuses .html and .wasm files inside a library. The constructor's attach() writes it into an
 * iframe through a blob: URL (same origin as the H5P content, so the wrapper can call
 * window.perceptronLab in it); the authoring parameters become the page's #hash (lesson, lang,
 * theme, panels, embed), as in a link to the lab.
 *
 * Reporting (xAPI, through H5P's own dispatcher), drawn by Moodle's attempts report:
 *  - every answer: an "answered" statement about that question (object id
 *    <content>?subContentId=<lesson>-q<step>, a cmi.interaction whose description is the
 *    question's text in the lab's language; yes / no as true-false ("true" / "false"), a
 *    choice as choice with its options (choices: id = the option's number from 0, the
 *    response that id), a number, a point and a line as fill-in with the texts the lab shows
 *    ("−1", "x3", "x⁽¹⁾ + x⁽²⁾ − 3 = 0"; a reply right within the question's tolerance is
 *    one of the correct patterns too), result.score 1 of 1 or 0 of 1, success;
 *  - then "progressed" on the content itself, which makes H5P save the state within 3 s (a
 *    host saves it otherwise only every saveFreq seconds, 60 in Moodle);
 *  - the end of the last lesson: "completed" on the content itself with the score (questions
 *    answered right over the questions the lessons ask), success against the pass mark and
 *    the time spent over every visit; then "progressed" again, so that the state (with the
 *    result) is saved anew after the host recorded the attempt (Moodle deletes the saved
 *    state then): reopened, the content shows the result (the last lesson at its end, read-
 *    only) and "Try again";
 *  - the question contract: getScore, getMaxScore, getAnswerGiven, showSolutions, resetTask,
 *    getXAPIData (the completed statement with the answers as children), getCurrentState
 *    (the lab's own state where the page provides getState / setState).
 */
/* global H5P */
(function (H5P) {
  'use strict';

  var LESSONS = H5P.PerceptronLabLessons || {};
  var PANELS = ['data', 'algorithm', 'run', 'theory', 'plots'];
  // Each language's words and tags, {code: {locale, tags, text}}: from the catalogs (web/i18n,
  // their "h5p" objects), written into lab-page.js by web/package/make_package.js.
  // (Without lab-page.js the content says so, in English: the keys stand for the words.)
  var LANGUAGES = H5P.PerceptronLabLanguages || { en: { locale: 'en-US', tags: ['en'], text: {} } };
  // Moodle 4.5's attempts report draws choice, true-false, fill-in, long-fill-in, matching
  // and sequencing (not numeric or other): a number, a point and a line are fill-in.
  var INTERACTION = { yes_no: 'true-false', choice: 'choice', number: 'fill-in', pick_point: 'fill-in', place_line: 'fill-in' };
  // The language of a browser tag ("vi-VN", "zh-Hans-CN"): the one with a tag equal to it or
  // to its start before a '-', else English.
  function languageOfTag(tag) {
    var t = String(tag || '').toLowerCase().replace(/_/g, '-');
    for (var code in LANGUAGES) {
      var tags = LANGUAGES[code].tags || [code];
      for (var i = 0; i < tags.length; i++) {
        var own = tags[i].toLowerCase();
        if (t === own || t.indexOf(own + '-') === 0) return code;
      }
    }
    return 'en';
  }

  function fill(s, vars) {
    return s.replace(/\{([a-z_]+)\}/g, function (m, k) { return vars[k] !== undefined ? String(vars[k]) : m; });
  }

  // The authoring form's values, checked (content made by hand or by an older form).
  function normalise(p) {
    p = p || {};
    var lessons = (Array.isArray(p.lessons) ? p.lessons : [p.lesson]).filter(function (id) {
      return typeof id === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(id);
    });
    if (!lessons.length) lessons = ['textbook'];
    var lang = Object.prototype.hasOwnProperty.call(LANGUAGES, p.language) ? p.language : 'auto';
    var theme = ['light', 'dark', 'contrast'].indexOf(p.theme) >= 0 ? p.theme : 'light';
    var panels = null;
    if (p.panels && typeof p.panels === 'object') {
      var on = PANELS.filter(function (k) { return p.panels[k] !== false; });
      if (on.length < PANELS.length) panels = on.length ? on.join(',') : 'none';
    }
    var pass = typeof p.passPercentage === 'number' && p.passPercentage >= 0 && p.passPercentage <= 100
      ? p.passPercentage / 100 : null;
    return { lessons: lessons, language: lang, theme: theme, panels: panels, embed: p.embed === true, pass: pass };
  }

  function PerceptronLab(params, contentId, extras) {
    H5P.EventDispatcher.call(this);
    this.params = normalise(params);
    this.contentId = contentId;
    this.extras = extras || {};
    var prev = this.extras.previousState;
    this.previous = prev && typeof prev === 'object' && prev.format === 1 ? prev : null;
    this.answers = this.previous && Array.isArray(this.previous.answers) ? this.previous.answers.slice() : [];
    this.completedSent = !!(this.previous && this.previous.completed);
    // Seconds spent in earlier visits (the saved state's), for the attempt's duration.
    this.spentBefore = this.previous && typeof this.previous.spent === 'number' && this.previous.spent >= 0 ? this.previous.spent : 0;
    this.lab = null;
    this.frame = null;
    this.blobUrl = null;
    this.started = Date.now();
    this.solutionsShown = false;
  }
  PerceptronLab.prototype = Object.create(H5P.EventDispatcher.prototype);
  PerceptronLab.prototype.constructor = PerceptronLab;

  PerceptronLab.prototype.lang = function () {
    if (this.params.language !== 'auto') return this.params.language;
    var l = this.lab && this.lab.ready ? this.lab.state().lang : languageOfTag(navigator.language || 'en');
    return Object.prototype.hasOwnProperty.call(LANGUAGES, l) ? l : 'en';
  };
  PerceptronLab.prototype.t = function (key, vars) { return fill(LANGUAGES[this.lang()].text[key] || key, vars || {}); };
  PerceptronLab.prototype.title = function (id) {
    var l = LESSONS[id];
    return l && l.title ? (l.title[this.lang()] || l.title.en) : id;
  };

  // The page's hash: the same parameters as a link to the lab.
  PerceptronLab.prototype.query = function (lesson) {
    var p = this.params, q = ['lesson=' + encodeURIComponent(lesson)];
    if (p.language !== 'auto') q.push('lang=' + p.language);
    if (p.theme !== 'light') q.push('theme=' + p.theme);
    if (p.panels !== null) q.push('panels=' + p.panels);
    if (p.embed) q.push('embed=1');
    return q.join('&');
  };

  PerceptronLab.prototype.attach = function ($container) {
    var self = this, doc = $container[0].ownerDocument, win = doc.defaultView;
    $container.addClass('h5p-perceptron-lab');
    var root = $container[0];
    root.textContent = '';
    this.frame = doc.createElement('iframe');
    this.frame.className = 'h5p-perceptron-lab-frame';
    this.frame.title = this.t('frame');
    this.frame.setAttribute('allow', 'fullscreen; clipboard-write');
    this.bar = doc.createElement('div');
    this.bar.className = 'h5p-perceptron-lab-bar';
    this.status = doc.createElement('p');
    this.status.className = 'h5p-perceptron-lab-status';
    this.status.setAttribute('aria-live', 'polite');
    this.nextButton = doc.createElement('button');
    this.nextButton.type = 'button';
    this.nextButton.className = 'h5p-joubel-ui-button h5p-perceptron-lab-next';
    this.nextButton.hidden = true;
    this.nextButton.addEventListener('click', function () { self.openNext(); });
    this.retryButton = doc.createElement('button');
    this.retryButton.type = 'button';
    this.retryButton.className = 'h5p-joubel-ui-button h5p-perceptron-lab-retry';
    this.retryButton.hidden = true;
    this.retryButton.addEventListener('click', function () { self.resetTask(); });
    this.solutions = doc.createElement('div');
    this.solutions.className = 'h5p-perceptron-lab-solutions';
    this.solutions.hidden = true;
    this.bar.appendChild(this.status);
    this.bar.appendChild(this.nextButton);
    this.bar.appendChild(this.retryButton);
    root.appendChild(this.frame);
    root.appendChild(this.bar);
    root.appendChild(this.solutions);

    if (!this.listening) {  // once, however often the host attaches the content
      this.listening = true;
      win.addEventListener('message', function (e) {
        if (!self.frame || e.source !== self.frame.contentWindow) return;
        var d = e.data;
        if (d && d.type === 'perceptronLab:event' && d.event) self.onLessonEvent(d.event);
      });
    }
    this.lab = null;
    this.frame.addEventListener('load', function () { self.waitReady(); });
    if (!this.blobUrl) {
      var page = H5P.PerceptronLabPage || '<p>Perceptron Lab: lab-page.js is missing from the library.</p>';
      this.blobUrl = win.URL.createObjectURL(new win.Blob([page], { type: 'text/html' }));
      // The lab keeps its work in this origin's localStorage under its address, which is new at
      // every load (a blob: URL): what it wrote is removed when the page goes, so nothing piles
      // up. The host keeps the attempt (getCurrentState).
      var tag = this.blobUrl.replace(/^blob:/, '');
      win.addEventListener('pagehide', function () {
        try {
          var ls = win.localStorage;
          for (var i = ls.length - 1; i >= 0; --i) {
            var k = ls.key(i);
            if (k && /^perceptron-lab/.test(k) && k.indexOf(tag) >= 0) ls.removeItem(k);
          }
        } catch (e) { /* storage blocked: nothing was written */ }
      });
    }
    this.frame.src = this.blobUrl + '#' + this.query(this.firstOpen());
    this.update();
  };

  // The lesson to open: the first of the list not finished (all finished: the first).
  PerceptronLab.prototype.firstOpen = function () {
    var done = this.previous && this.previous.done ? this.previous.done : {};
    for (var i = 0; i < this.params.lessons.length; ++i) if (!done[this.params.lessons[i]]) return this.params.lessons[i];
    return this.params.lessons[0];
  };

  PerceptronLab.prototype.waitReady = function () {
    var self = this, tries = 0;
    (function poll() {
      var w = self.frame && self.frame.contentWindow, lab = null;
      try { lab = w && w.perceptronLab; } catch (e) { lab = null; }
      if (lab && lab.ready) {
        self.lab = lab;
        if (self.previous && self.previous.lab && typeof lab.setState === 'function') {
          try {
            if (self.completedSent) {
              // Finished: the last lesson at its end with the answers, read-only (the lab's
              // lesson_review), not started anew.
              var st = JSON.parse(self.previous.lab), ls = self.params.lessons;
              st.lesson = '';
              lab.setState(st);
              lab.command('lesson_review', ls[ls.length - 1]);
            } else {
              lab.setState(self.previous.lab);
            }
          } catch (e) { /* an unreadable state: the lesson from its start */ }
        }
        self.update();
        self.trigger('resize');
        self.trigger('perceptronLabReady');
        return;
      }
      if (++tries < 1200) setTimeout(poll, 100);
    })();
  };

  PerceptronLab.prototype.rows = function () {
    var st = this.lab && this.lab.ready ? this.lab.state() : null, out = {};
    ((st && st.lessons) || []).forEach(function (r) { out[r.id] = r; });
    return out;
  };

  PerceptronLab.prototype.getMaxScore = function () {
    var rows = this.rows(), n = 0;
    this.params.lessons.forEach(function (id) {
      n += rows[id] ? rows[id].questions : (LESSONS[id] ? LESSONS[id].questions : 0);
    });
    return n;
  };
  PerceptronLab.prototype.getScore = function () {
    var rows = this.rows(), lessons = this.params.lessons, n = 0;
    if (this.lab && this.lab.ready) {
      lessons.forEach(function (id) { if (rows[id]) n += rows[id].right; });
      return n;
    }
    return this.answers.filter(function (a) { return a.correct && lessons.indexOf(a.lesson) >= 0; }).length;
  };
  PerceptronLab.prototype.getAnswerGiven = function () { return this.answers.length > 0; };
  PerceptronLab.prototype.allDone = function () {
    var rows = this.rows();
    return this.params.lessons.every(function (id) { return rows[id] && rows[id].done; });
  };

  PerceptronLab.prototype.onLessonEvent = function (ev) {
    if (this.params.lessons.indexOf(ev.id) < 0) { this.update(); return; }
    if (ev.event === 'answer_given') {
      var a = { lesson: ev.id, question: ev.question, answer: ev.answer, correct: ev.correct === true,
                kind: ev.kind || null, expected: ev.expected !== undefined ? ev.expected : null };
      // The texts the lab shows (its language), for the host's report.
      ['prompt', 'answer_text', 'expected_text', 'lang'].forEach(function (k) { if (typeof ev[k] === 'string') a[k] = ev[k]; });
      if (Array.isArray(ev.options)) a.options = ev.options.map(String);
      if (!a.lang) a.lang = this.lang();
      this.answers = this.answers.filter(function (x) { return !(x.lesson === a.lesson && x.question === a.question); });
      this.answers.push(a);
      this.trigger(this.answerStatement(a));
      this.triggerProgressed();
    } else if (ev.event === 'lesson_finished') {
      if (this.allDone() && !this.completedSent) {
        this.completedSent = true;
        this.triggerCompleted();
        this.triggerProgressed();
      }
    }
    this.update();
  };

  PerceptronLab.prototype.rootId = function () {
    return this.createXAPIEventTemplate('answered').data.statement.object.id;
  };

  // An answer as the student read it: the lab's text, else (an older lab) the raw value in
  // the lab's notation (x3, the true minus sign).
  function readable(kind, value, text) {
    if (typeof text === 'string' && text !== '') return text;
    value = value === null || value === undefined ? '' : String(value);
    if (kind === 'pick_point' && /^\d+$/.test(value)) return 'x' + (Number(value) + 1);
    if (kind === 'number') return value.replace(/^-/, '\u2212');
    return value;
  }

  // An "answered" statement about one question, a sub-content of this content (whose own id
  // carries its subContentId when it sits inside a Question Set or a Course Presentation).
  PerceptronLab.prototype.answerStatement = function (a) {
    var ev = this.createXAPIEventTemplate('answered');
    var st = ev.data.statement, own = st.object.id, root = own.split('?')[0];
    var step = Number(a.question) + 1;
    var sub = (this.subContentId ? this.subContentId + '-' : '') + a.lesson + '-q' + step;
    var tag = (LANGUAGES[a.lang] || LANGUAGES[this.lang()] || LANGUAGES.en).locale;
    var kind = a.kind || '';
    var definition = {
      name: {},
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      interactionType: INTERACTION[kind] || 'other'
    };
    definition.name[LANGUAGES.en.locale] = this.title(a.lesson) + ': ' + fill(LANGUAGES.en.text.question || 'step {step}', { step: step });
    if (typeof a.prompt === 'string' && a.prompt !== '') {
      definition.description = {};
      definition.description[tag] = a.prompt;
    }
    var hasExpected = a.expected !== null && a.expected !== undefined && String(a.expected) !== '';
    var response = String(a.answer);
    if (kind === 'yes_no') {
      response = a.answer === 'yes' ? 'true' : 'false';
      if (hasExpected) definition.correctResponsesPattern = [a.expected === 'yes' ? 'true' : 'false'];
    } else if (kind === 'choice') {
      if (Array.isArray(a.options)) {
        definition.choices = a.options.map(function (text, i) {
          var d = {};
          d[tag] = text;
          return { id: String(i), description: d };
        });
      }
      if (hasExpected) definition.correctResponsesPattern = [String(a.expected)];
    } else if (INTERACTION[kind] === 'fill-in') {
      response = readable(kind, a.answer, a.answer_text);
      if (hasExpected) {
        var right = readable(kind, a.expected, a.expected_text);
        // A reply right within the question's tolerance is a correct pattern too, so that the
        // report's mark agrees with the score.
        definition.correctResponsesPattern = a.correct && response !== right ? [right, response] : [right];
      }
    } else if (hasExpected) {
      definition.correctResponsesPattern = [String(a.expected)];
    }
    st.object = { id: root + '?subContentId=' + encodeURIComponent(sub), objectType: 'Activity',
                  definition: definition };
    st.context = st.context || {};
    st.context.contextActivities = st.context.contextActivities || {};
    st.context.contextActivities.parent = [{ id: own, objectType: 'Activity' }];
    st.result = { score: { min: 0, max: 1, raw: a.correct ? 1 : 0, scaled: a.correct ? 1 : 0 },
                  success: a.correct, completion: true, response: response };
    return ev;
  };

  // "progressed" on the content: H5P saves the state 3 s after it (and Moodle takes a saved
  // state again after it posted the attempt).
  PerceptronLab.prototype.triggerProgressed = function () {
    this.trigger(this.createXAPIEventTemplate('progressed'));
  };

  // Seconds spent over every visit (the saved state's and this one's).
  PerceptronLab.prototype.spent = function () {
    return this.spentBefore + Math.max(0, Math.round((Date.now() - this.started) / 1000));
  };

  PerceptronLab.prototype.scoredEvent = function (verb) {
    var score = this.getScore(), max = this.getMaxScore();
    var ev = this.createXAPIEventTemplate(verb);
    var success = this.params.pass === null ? undefined : max > 0 && score / max >= this.params.pass - 1e-9;
    ev.setScoredResult(score, max, this, true, success);
    ev.data.statement.result.duration = 'PT' + this.spent() + 'S';
    // The whole of the questions (as Question Set's): Moodle's attempts report leaves a
    // compound row out instead of drawing it as "Unknown interaction type".
    var def = ev.data.statement.object.definition = ev.data.statement.object.definition || {};
    def.type = 'http://adlnet.gov/expapi/activities/cmi.interaction';
    def.interactionType = 'compound';
    return ev;
  };
  PerceptronLab.prototype.triggerCompleted = function () { this.trigger(this.scoredEvent('completed')); };

  // H5P's report contract (hosts such as Moodle store the children as the attempt's answers).
  PerceptronLab.prototype.getXAPIData = function () {
    var self = this;
    return { statement: this.scoredEvent('answered').data.statement,
             children: this.answers.map(function (a) { return { statement: self.answerStatement(a).data.statement }; }) };
  };

  PerceptronLab.prototype.getCurrentState = function () {
    var rows = this.rows(), done = {};
    this.params.lessons.forEach(function (id) { if (rows[id] && rows[id].done) done[id] = true; });
    var lab = null;
    try { lab = this.lab && typeof this.lab.getState === 'function' ? this.lab.getState() : null; } catch (e) { lab = null; }
    if (!this.answers.length && !lab) return undefined;
    return { format: 1, answers: this.answers, done: done, completed: this.completedSent, lab: lab, spent: this.spent() };
  };

  PerceptronLab.prototype.openNext = function () {
    if (!this.lab) return;
    var rows = this.rows(), ls = this.params.lessons;
    for (var i = 0; i < ls.length; ++i) {
      if (!rows[ls[i]] || !rows[ls[i]].done) { this.lab.command('lesson_open', ls[i]); break; }
    }
    this.update();
  };

  PerceptronLab.prototype.resetTask = function () {
    this.answers = [];
    this.completedSent = false;
    this.spentBefore = 0;
    this.started = Date.now();
    this.solutionsShown = false;
    if (this.solutions) this.solutions.hidden = true;
    if (this.lab && this.lab.ready) {
      var ls = this.params.lessons;
      for (var i = ls.length - 1; i >= 0; --i) this.lab.command('lesson', ls[i]);  // each from step 1, the first last
    }
    this.update();
  };

  PerceptronLab.prototype.showSolutions = function () {
    if (!this.solutions) return;
    var self = this, doc = this.solutions.ownerDocument;
    this.solutions.textContent = '';
    var h = doc.createElement('h3');
    h.textContent = this.t('solutions');
    this.solutions.appendChild(h);
    if (!this.answers.length) {
      var p = doc.createElement('p');
      p.textContent = this.t('not_answered');
      this.solutions.appendChild(p);
    } else {
      var ul = doc.createElement('ul');
      this.answers.forEach(function (a) {
        var li = doc.createElement('li');
        li.className = a.correct ? 'h5p-perceptron-lab-right' : 'h5p-perceptron-lab-wrong';
        var parts = [self.title(a.lesson) + ', ' + self.t('question', { step: Number(a.question) + 1 }),
                     self.t('yours', { answer: readable(a.kind, a.answer, a.answer_text) }) + ' (' + self.t(a.correct ? 'right' : 'wrong') + ')'];
        if (!a.correct && a.expected !== null && a.expected !== undefined)
          parts.push(self.t('expected', { answer: readable(a.kind, a.expected, a.expected_text) }));
        li.textContent = parts.join(' · ');
        ul.appendChild(li);
      });
      this.solutions.appendChild(ul);
    }
    this.solutions.hidden = false;
    this.solutionsShown = true;
    this.trigger('resize');
  };

  PerceptronLab.prototype.update = function () {
    if (!this.status) return;
    var ls = this.params.lessons, rows = this.rows();
    var st = this.lab && this.lab.ready ? this.lab.state() : null;
    var open = st && st.lesson && ls.indexOf(st.lesson.id) >= 0 ? st.lesson.id : this.firstOpen();
    var text = '';
    if (ls.length > 1) text = this.t('progress', { i: ls.indexOf(open) + 1, n: ls.length, title: this.title(open) }) + this.t('sep');
    var right = this.getScore(), questions = this.getMaxScore();
    text += this.completedSent ? this.t('finished', { right: right, questions: questions })
          : !this.answers.length ? this.t('none_yet', { questions: questions })
          : this.t(right > 0 ? 'score' : 'score_zero', { right: right, questions: questions });
    this.status.textContent = text;
    var finishedOpen = rows[open] && rows[open].done;
    this.nextButton.hidden = !(finishedOpen && !this.allDone() && ls.length > 1);
    this.nextButton.textContent = this.t('next');
    this.retryButton.hidden = !this.completedSent;
    this.retryButton.textContent = this.t('retry');
    if (this.frame) this.frame.title = this.t('frame');
  };

  H5P.PerceptronLab = PerceptronLab;
})(H5P);
