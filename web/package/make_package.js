/* Perceptron Lab's packages for a course: the one implementation that the lab's page ("For your
 * course", the command `package`) and `./build.sh package` (web/package/package.js under Node)
 * both run, on the same files of the web bundle, so the two cannot differ.
 *
 *   makePackage(files, options, fflate) -> {name, bytes, entries, lessons (their ids)}
 *
 * files: the bundle's files by their path in the web folder (www): FILE_LIST(course) names them:
 *   perceptron-lab.html          the single-file lab (engine, wasm, texts and fonts inline)
 *   package/pipwerks.js          pipwerks' SCORM API wrapper (npm pipwerks-scorm-api-wrapper)
 *   package/scorm_bridge.js      the SCORM bridge (its config between the PLA-SCORM-CONFIG markers)
 *   package/h5p/*                the H5P content type's library.json, semantics.json, .js, .css
 *   package/lessons/course.json and package/lessons/ID.json, every built-in lesson
 *   package/languages.json       the languages (made from the catalogs, web/i18n, by
 *                                src/platform/page_text.py): each one's code, name, tags and
 *                                the H5P content type's words in it
 * options: {standard: 'scorm12' | 'scorm2004' | 'h5p' | 'html', lessons: [a built-in lesson's id,
 *   or a teacher's lesson as its JSON text], lang: a language's code ('vi') | null, pass: 0..1 | null,
 *   theme: 'light' | 'dark' | 'contrast' | null, panels: 'data,run' | 'all' | 'none' | null,
 *   embed: bool, title: text | null (H5P)}
 * fflate: npm fflate (its UMD build, package/fflate.js; zipSync).
 *
 * What each standard holds:
 *   scorm12, scorm2004  imsmanifest.xml (one SCO; the pass mark as 1.2's adlcp:masteryscore or
 *                       2004's imsss:minNormalizedMeasure) and index.html: the single-file lab
 *                       with pipwerks' wrapper and the bridge (its config: standard, lessons,
 *                       query, pass) inlined before </body>.
 *   h5p                 h5p.json, content/content.json (the authoring form's values) and the
 *                       library H5P.PerceptronLab-1.0 (library.json, semantics.json with every
 *                       lesson and every language as an option, lab-page.js: the single-file
 *                       lab as a JavaScript string with each lesson's title and question count
 *                       and each language's words and tags, the .js and .css).
 *   html                the single-file lab alone, which opens with the options (when its
 *                       address gives none) and carries the teacher's lessons.
 * A teacher's lesson rides in the lab page as <script type="application/json" id="pla-package">
 * {"lessons": [its JSON text, ...], "query": ...}: the page adds it to the lab's lessons before
 * anything opens one (web/index.html), so the SCORM bridge and the H5P content type open it by
 * its id as they open a built-in lesson. Packages of built-in lessons carry no such element.
 *
 * The files inside are those web/package/package.py and h5p.py wrote (the same names, order and
 * bytes: JSON written as Python's json.dumps writes it); every zip entry is dated 2026-01-01
 * 00:00 with Unix mode 0644 and deflated by fflate at level 9, so a package is the same bytes
 * whoever makes it.
 */
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.PerceptronLabPackage = factory();
}(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  var STANDARDS = ['scorm12', 'scorm2004', 'h5p', 'html'];
  var THEMES = ['light', 'dark', 'contrast'];
  var PANELS = ['data', 'algorithm', 'run', 'theory', 'plots'];
  var ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
  var MAX_BYTES = 4 * 1024 * 1024;
  var LIBRARY = 'H5P.PerceptronLab';
  var H5P_ASSETS = ['library.json', 'semantics.json', 'perceptron-lab-h5p.js', 'perceptron-lab-h5p.css'];
  var PAGE = 'perceptron-lab.html';

  // An error with a code the page turns into its own words (page.package_CODE).
  function fail(code, message, detail) {
    var e = new Error(message);
    e.code = code;
    e.detail = detail === undefined ? '' : String(detail);
    return e;
  }

  // Every file of the bundle a package is made from, by its path in the web folder.
  function FILE_LIST(courseText) {
    var list = [PAGE, 'package/pipwerks.js', 'package/scorm_bridge.js'];
    H5P_ASSETS.forEach(function (f) { list.push('package/h5p/' + f); });
    list.push('package/languages.json', 'package/lessons/course.json');
    courseOrder(courseText).forEach(function (id) { list.push('package/lessons/' + id + '.json'); });
    return list;
  }
  function courseOrder(courseText) {
    var course = JSON.parse(courseText);
    if (!course || !Array.isArray(course.lessons)) throw fail('files', 'package/lessons/course.json has no lessons');
    return course.lessons.filter(function (id) { return typeof id === 'string' && ID.test(id); });
  }

  // ---- JSON as Python's json.dumps writes it (the packages package.py and h5p.py made)
  function hex4(c) { return '\\u' + ('000' + c.toString(16)).slice(-4); }
  var SHORT = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r', 34: '\\"', 92: '\\\\' };
  // ensure_ascii=True: everything outside ' '..'~' escaped (\uXXXX, lower-case hex).
  function pyString(s) {
    return '"' + s.replace(/[\\"]|[^ -~]/g, function (ch) {
      var c = ch.charCodeAt(0);
      return SHORT[c] || hex4(c);
    }) + '"';
  }
  // json.dumps(value, ensure_ascii=True[, sort_keys]): separators ', ' and ': '.
  function pyDumps(v, sortKeys) {
    if (v === null) return 'null';
    if (typeof v === 'string') return pyString(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'number') return String(v);
    if (Array.isArray(v)) return '[' + v.map(function (x) { return pyDumps(x, sortKeys); }).join(', ') + ']';
    var keys = Object.keys(v);
    if (sortKeys) keys.sort();
    return '{' + keys.map(function (k) { return pyString(k) + ': ' + pyDumps(v[k], sortKeys); }).join(', ') + '}';
  }
  // json.dumps(value, indent=2, ensure_ascii=False) + '\n' (the same as JSON.stringify for
  // what these files hold: strings, whole numbers, booleans, objects and arrays).
  function pyIndented(v) { return JSON.stringify(v, null, 2) + '\n'; }
  // repr(float(x)): 1.0, 0.8, 1e-05.
  function pyFloat(x) {
    if (Number.isInteger(x)) return x.toFixed(1);
    if (Math.abs(x) < 1e-4) return x.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
    return String(x);
  }
  // round(x): halves to even.
  function pyRound(x) {
    var r = Math.round(x);
    return Math.abs(x % 1) === 0.5 ? 2 * Math.round(x / 2) : r;
  }
  // html.escape(text) (quote=True).
  function htmlEscape(s) {
    return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;');
  }
  function codePoints(s, n) { return Array.from(s).slice(0, n).join(''); }

  // ---- the languages: package/languages.json, the catalogs' table
  function languages(files) {
    var doc = JSON.parse(need(files, 'package/languages.json'));
    if (!doc || !Array.isArray(doc.languages) || !doc.languages.length) throw fail('files', 'package/languages.json has no languages');
    return doc.languages;
  }
  function languageCodes(files) { return languages(files).map(function (l) { return l.code; }); }

  // ---- the lessons
  function titleObject(doc, id) {
    var t = doc.title === undefined ? { en: id } : doc.title;
    return typeof t === 'string' ? { en: t } : t;
  }
  function titleIn(doc, id, lang) {
    var t = doc.title === undefined ? { en: id } : doc.title;
    if (t && typeof t === 'object') return t[lang] || t.en || id;
    return String(t);
  }
  function questionCount(doc) {
    return (Array.isArray(doc.steps) ? doc.steps : []).filter(function (s) {
      return s && typeof s === 'object' && !Array.isArray(s) && s.question;
    }).length;
  }
  // The course: {order: [id], docs: {id: the lesson's JSON}} of the built-in lessons.
  function course(files) {
    var order = courseOrder(need(files, 'package/lessons/course.json')), docs = {};
    order.forEach(function (id) { docs[id] = JSON.parse(need(files, 'package/lessons/' + id + '.json')); });
    return { order: order, docs: docs };
  }
  // The package's lessons: [{id, doc, text (a teacher's lesson only)}] in the order given.
  function packageLessons(given, builtin) {
    if (!Array.isArray(given) || !given.length) throw fail('no_lessons', 'give at least one lesson');
    var seen = {};
    return given.map(function (x) {
      if (typeof x !== 'string') throw fail('lesson_text', 'a lesson is a built-in id or a lesson\'s JSON text');
      var s = x.trim(), out;
      if (s.charAt(0) === '{') {
        var doc;
        try { doc = JSON.parse(s); } catch (e) { throw fail('lesson_text', 'a lesson text is not JSON: ' + e.message, e.message); }
        if (!doc || typeof doc !== 'object' || Array.isArray(doc) || typeof doc.id !== 'string')
          throw fail('lesson_text', 'a lesson text needs an "id"');
        // (The lab checks the rest as it loads the lesson: lesson_add, pla lesson --file.)
        if (doc.format !== 1 || !Array.isArray(doc.steps) || !doc.steps.length)
          throw fail('lesson_text', 'lesson "' + doc.id + '": a lesson is format 1 with at least one step (pla lesson --file checks it all)');
        if (!ID.test(doc.id))
          throw fail('lesson_id', 'lesson id "' + doc.id + '": a package needs 1 to 64 lower-case letters, digits or "-", ' +
                     'starting with a letter or digit', doc.id);
        if (builtin.docs[doc.id]) throw fail('lesson_builtin_id', 'lesson id "' + doc.id + '" is a built-in lesson\'s: give the lesson another id', doc.id);
        out = { id: doc.id, doc: doc, text: x };
      } else {
        if (!builtin.docs[s]) throw fail('unknown_lesson', 'no built-in lesson "' + s + '"; the lessons: ' + builtin.order.join(', '), s);
        out = { id: s, doc: builtin.docs[s], text: null };
      }
      if (seen[out.id]) throw fail('duplicate', 'lesson "' + out.id + '" is given twice', out.id);
      seen[out.id] = true;
      return out;
    });
  }

  // A file's text, its line ends as \n (as Python's text files read it: pipwerks' has \r\n).
  function need(files, name) {
    var v = files[name];
    if (typeof v !== 'string') throw fail('files', 'the web bundle lacks ' + name, name);
    return v.indexOf('\r') < 0 ? v : v.replace(/\r\n?/g, '\n');
  }
  function checkOptions(o, langs) {
    if (STANDARDS.indexOf(o.standard) < 0) throw fail('options', 'standard must be ' + STANDARDS.join(', '));
    if (o.lang != null && langs.indexOf(o.lang) < 0) throw fail('options', 'lang must be ' + langs.join(', '));
    if (o.theme != null && THEMES.indexOf(o.theme) < 0) throw fail('options', 'theme must be ' + THEMES.join(', '));
    if (o.pass != null && !(typeof o.pass === 'number' && o.pass >= 0 && o.pass <= 1))
      throw fail('options', 'pass is a fraction from 0 to 1 (e.g. 0.8)');
  }
  // The panels as the `panels` setting writes them ("data,run", "none"), null for all of them.
  function panelsText(panels) {
    if (panels == null) return null;
    var chosen = String(panels).split(',').map(function (p) { return p.trim(); }).filter(Boolean);
    if (chosen.length === 1 && chosen[0] === 'all') return null;
    if (chosen.length === 1 && chosen[0] === 'none') chosen = [];
    chosen.forEach(function (p) {
      if (PANELS.indexOf(p) < 0) throw fail('options', 'panels: unknown panel ' + p + ' (the panels: ' + PANELS.join(', ') + ', or all, none)');
    });
    var on = PANELS.filter(function (p) { return chosen.indexOf(p) >= 0; });
    return on.length === PANELS.length ? null : on.length ? on.join(',') : 'none';
  }

  // The teacher's lessons (and, for html, the options) inside the lab page, first in <body>; and
  // of the "more" fonts the page carries (zh-more: the common characters the cut Chinese font
  // lacks, src/app/fonts/make_fonts.py) only those of a language a teacher's lesson is written in.
  function withPackageData(page, data) {
    var own = (data && data.lessons || []).map(function (t) { return JSON.parse(t); });
    page = page.replace(/\n?<script type="application\/octet-stream" id="pla-font-([a-z][a-z0-9]*)-more">[A-Za-z0-9+\/=]*<\/script>/g,
      function (element, code) { return own.some(function (l) { return writtenIn(l, code); }) ? element : ''; });
    if (!data) return page;
    var at = page.indexOf('<body>');
    if (at < 0) throw fail('files', PAGE + ' has no <body>');
    at += '<body>'.length;
    if (page.charAt(at) === '\n') at += 1;
    var json = JSON.stringify(data).replace(/</g, '\\u003c');
    return page.slice(0, at) + '<script type="application/json" id="pla-package">' + json + '</script>\n' + page.slice(at);
  }
  // A text of the lesson `v` is written in the language `code` ({"en": ..., "zh": "..."}).
  function writtenIn(v, code) {
    if (Array.isArray(v)) return v.some(function (x) { return writtenIn(x, code); });
    if (!v || typeof v !== 'object') return false;
    return Object.keys(v).some(function (k) { return (k === code && typeof v[k] === 'string' && v[k] !== '') || writtenIn(v[k], code); });
  }
  function ownLessons(lessons) {
    var own = lessons.filter(function (l) { return l.text !== null; }).map(function (l) { return l.text; });
    return own.length ? own : null;
  }

  // ---- SCORM 1.2 and 2004 (package.py)
  // The two editions' manifests differ only in these rows: the manifest's version and XML
  // namespaces, the schema version, how the SCO's type is spelt, and how the pass mark is
  // given (1.2: adlcp:masteryscore, a percentage; 2004: the primary objective's
  // imsss:minNormalizedMeasure, a fraction).
  var SCORM_EDITIONS = {
    scorm12: {
      version: '1.0',
      namespaces: [['', 'http://www.imsproject.org/xsd/imscp_rootv1p1p2'], ['adlcp', 'http://www.adlnet.org/xsd/adlcp_rootv1p2']],
      schemas: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd',
      schemaversion: '1.2',
      scormType: 'adlcp:scormtype',
      passMark: function (ident, pass) { return '\n        <adlcp:masteryscore>' + pyRound(pass * 100) + '</adlcp:masteryscore>'; },
    },
    scorm2004: {
      version: '1',
      namespaces: [['', 'http://www.imsglobal.org/xsd/imscp_v1p1'], ['adlcp', 'http://www.adlnet.org/xsd/adlcp_v1p3'],
        ['adlseq', 'http://www.adlnet.org/xsd/adlseq_v1p3'], ['adlnav', 'http://www.adlnet.org/xsd/adlnav_v1p3'],
        ['imsss', 'http://www.imsglobal.org/xsd/imsss']],
      schemas: 'http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd',
      schemaversion: '2004 4th Edition',
      scormType: 'adlcp:scormType',
      passMark: function (ident, pass) {
        return '\n        <imsss:sequencing>\n' +
          '          <imsss:objectives>\n' +
          '            <imsss:primaryObjective objectiveID="' + ident + '-pass" satisfiedByMeasure="true">\n' +
          '              <imsss:minNormalizedMeasure>' + pyFloat(pass) + '</imsss:minNormalizedMeasure>\n' +
          '            </imsss:primaryObjective>\n          </imsss:objectives>\n        </imsss:sequencing>';
      },
    },
  };
  // imsmanifest.xml: one organization, one item, one SCO (index.html).
  function manifest(standard, ident, title, itemTitle, pass) {
    var ed = SCORM_EDITIONS[standard];
    var xmlns = ed.namespaces.map(function (n) { return '  xmlns' + (n[0] ? ':' + n[0] : '') + '="' + n[1] + '"\n'; }).join('');
    return '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<manifest identifier="' + ident + '" version="' + ed.version + '"\n' + xmlns +
      '  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"\n' +
      '  xsi:schemaLocation="' + ed.schemas + '">\n' +
      '  <metadata>\n    <schema>ADL SCORM</schema>\n    <schemaversion>' + ed.schemaversion + '</schemaversion>\n  </metadata>\n' +
      '  <organizations default="' + ident + '-org">\n' +
      '    <organization identifier="' + ident + '-org">\n' +
      '      <title>' + htmlEscape(title) + '</title>\n' +
      '      <item identifier="' + ident + '-item" identifierref="' + ident + '-sco" isvisible="true">\n' +
      '        <title>' + htmlEscape(itemTitle) + '</title>' + (pass == null ? '' : ed.passMark(ident, pass)) + '\n' +
      '      </item>\n    </organization>\n  </organizations>\n' +
      '  <resources>\n' +
      '    <resource identifier="' + ident + '-sco" type="webcontent" ' + ed.scormType + '="sco" href="index.html">\n' +
      '      <file href="index.html"/>\n    </resource>\n  </resources>\n</manifest>\n';
  }
  function pipwerksScript(src) {
    if (src.indexOf('API_1484_11') < 0 || src.indexOf('SCORM') < 0) throw fail('files', 'package/pipwerks.js is not pipwerks-scorm-api-wrapper\'s index.js');
    return '(function () { var exports = {}; var module = { exports: exports };\n' + src + '\nwindow.pipwerks = exports; })();';
  }
  // The lab's options as link parameters (lang, theme, panels, compact).
  function queryOf(o, panels) {
    var q = [];
    if (o.lang) q.push('lang=' + o.lang);
    if (o.theme) q.push('theme=' + o.theme);
    if (panels !== null) q.push('panels=' + panels);
    if (o.embed) q.push('embed=1');
    return q.join('&');
  }
  function scorm(files, o, lessons) {
    var ids = lessons.map(function (l) { return l.id; });
    var lang = o.lang || 'en';
    var titles = lessons.map(function (l) { return titleIn(l.doc, l.id, lang); });
    var title = 'Perceptron Lab: ' + titles.join(' \u00b7 ');
    var joined = ids.join('-').slice(0, 80);
    var ident = 'perceptron-lab-' + joined + '-' + o.standard;
    var query = queryOf(o, panelsText(o.panels));
    var config = '{"standard": ' + pyString(o.standard) + ', "lessons": ' + pyDumps(ids) + ', "query": ' + pyString(query) +
      ', "pass": ' + (o.pass == null ? 'null' : pyFloat(o.pass)) + '}';
    var bridge = need(files, 'package/scorm_bridge.js');
    var marks = /\/\*PLA-SCORM-CONFIG\*\/[\s\S]*?\/\*PLA-SCORM-CONFIG-END\*\//;
    if (!marks.test(bridge)) throw fail('files', 'scorm_bridge.js lacks its config markers');
    bridge = bridge.replace(marks, function () { return config; });
    var scripts = pipwerksScript(need(files, 'package/pipwerks.js')) + '\n' + bridge;
    if (scripts.toLowerCase().indexOf('</script') >= 0) throw fail('files', 'a script to inline contains "</script"');
    var page = withPackageData(need(files, PAGE), ownLessons(lessons) && { lessons: ownLessons(lessons) });
    var at = page.lastIndexOf('</body>');
    if (at < 0) throw fail('files', PAGE + ' has no </body>');
    page = page.slice(0, at) + '<script>\n' + scripts + '\n</script>\n' + page.slice(at);
    return {
      name: 'perceptron-lab-' + joined + '-' + o.standard + '.zip',
      entries: [['imsmanifest.xml', manifest(o.standard, ident, title, title, o.pass)], ['index.html', page]],
      limit: MAX_BYTES - 1,
    };
  }

  // ---- H5P (h5p.py)
  // Each language's words for perceptron-lab-h5p.js and its tags: {code: {locale, tags, text}}.
  function h5pLanguages(langs) {
    var out = {};
    langs.forEach(function (l) { out[l.code] = { locale: l.locale, tags: l.tags, text: l.h5p }; });
    return out;
  }
  function h5p(files, o, lessons, builtin) {
    var ids = lessons.map(function (l) { return l.id; });
    var order = builtin.order.slice(), meta = {};
    builtin.order.forEach(function (id) {
      meta[id] = { title: titleObject(builtin.docs[id], id), questions: questionCount(builtin.docs[id]) };
    });
    lessons.forEach(function (l) {
      if (l.text === null) return;
      order.push(l.id);
      meta[l.id] = { title: titleObject(l.doc, l.id), questions: questionCount(l.doc) };
    });
    var library = JSON.parse(need(files, 'package/h5p/library.json'));
    var semantics = JSON.parse(need(files, 'package/h5p/semantics.json'));
    var select = semantics[0].field;
    select.options = order.map(function (id) { return { value: id, label: meta[id].title.en || id }; });
    select['default'] = order[0];
    var langs = languages(files), language = semantics.filter(function (f) { return f.name === 'language'; })[0];
    var at = language ? language.options.indexOf('@LANGUAGE_OPTIONS@') : -1;
    if (at < 0) throw fail('files', 'package/h5p/semantics.json: the language field lacks "@LANGUAGE_OPTIONS@"');
    language.options.splice.apply(language.options, [at, 1].concat(langs.map(function (l) { return { value: l.code, label: l.name }; })));
    var page = withPackageData(need(files, PAGE), ownLessons(lessons) && { lessons: ownLessons(lessons) });
    var labPage = '/* Perceptron Lab: the single-file lab page (engine, wasm, texts and fonts inline) as a\n' +
      ' * string for H5P.PerceptronLab, each built-in lesson\'s title and question count, and each\n' +
      ' * language\'s words and tags (from the catalogs, web/i18n). */\n' +
      'var H5P = window.H5P = window.H5P || {};\n' +
      'H5P.PerceptronLabLessons = ' + pyDumps(meta, true) + ';\n' +
      'H5P.PerceptronLabLanguages = ' + pyDumps(h5pLanguages(langs), true) + ';\n' +
      'H5P.PerceptronLabPage = ' + pyString(page) + ';\n';
    var folder = LIBRARY + '-' + library.majorVersion + '.' + library.minorVersion;
    var lib = {};
    lib[folder + '/library.json'] = pyIndented(library);
    lib[folder + '/semantics.json'] = pyIndented(semantics);
    lib[folder + '/lab-page.js'] = labPage;
    ['perceptron-lab-h5p.js', 'perceptron-lab-h5p.css'].forEach(function (f) { lib[folder + '/' + f] = need(files, 'package/h5p/' + f); });

    var panels = {}, text = panelsText(o.panels), on = text === null ? PANELS : text === 'none' ? [] : text.split(',');
    PANELS.forEach(function (k) { panels[k] = on.indexOf(k) >= 0; });
    var lang = o.lang || 'en';
    var titles = lessons.map(function (l) { var t = titleObject(l.doc, l.id); return t[lang] || t.en || l.id; });
    var title = o.title || ('Perceptron Lab: ' + titles.join(' \u00b7 '));
    var content = { lessons: ids, language: o.lang || 'auto', theme: o.theme || 'light', panels: panels, embed: !!o.embed };
    if (o.pass != null) content.passPercentage = Math.round(o.pass * 100 * 10000) / 10000;
    var h5pJson = {
      title: codePoints(title, 255),
      language: o.lang || 'und',
      mainLibrary: LIBRARY,
      embedTypes: ['iframe'],
      license: 'U',
      preloadedDependencies: [{ machineName: LIBRARY, majorVersion: String(library.majorVersion),
                                minorVersion: String(library.minorVersion) }],
    };
    var entries = [['h5p.json', pyIndented(h5pJson)], ['content/content.json', pyIndented(content)]];
    Object.keys(lib).sort().forEach(function (k) { entries.push([k, lib[k]]); });
    return {
      name: 'perceptron-lab-' + ids.join('-').replace(/[^a-z0-9-]+/g, '-').slice(0, 80) + '.h5p',
      entries: entries,
      limit: MAX_BYTES,
    };
  }

  // ---- html: the single-file lab, opening with the options
  function html(files, o, lessons) {
    var ids = lessons.map(function (l) { return l.id; });
    var query = 'lesson=' + ids[0], rest = queryOf(o, panelsText(o.panels));
    if (rest) query += '&' + rest;
    var data = { query: query };
    if (ownLessons(lessons)) data.lessons = ownLessons(lessons);
    return {
      name: 'perceptron-lab-' + ids.join('-').replace(/[^a-z0-9-]+/g, '-').slice(0, 80) + '.html',
      page: withPackageData(need(files, PAGE), data),
      limit: Infinity,
    };
  }

  function utf8(s) {
    if (typeof TextEncoder !== 'undefined') return new TextEncoder().encode(s);
    return new Uint8Array(Buffer.from(s, 'utf8'));  // (Node without TextEncoder)
  }

  function makePackage(files, options, fflate) {
    var o = options || {};
    checkOptions(o, languageCodes(files));
    var builtin = course(files);
    var lessons = packageLessons(o.lessons, builtin);
    var made = o.standard === 'h5p' ? h5p(files, o, lessons, builtin)
      : o.standard === 'html' ? html(files, o, lessons) : scorm(files, o, lessons);
    var bytes;
    if (made.page !== undefined) {
      bytes = utf8(made.page);
      made.entries = [];
    } else {
      var zip = {}, when = new Date(2026, 0, 1, 0, 0, 0);
      made.entries.forEach(function (e) { zip[e[0]] = [utf8(e[1]), { level: 9, mtime: when, os: 3, attrs: 0o644 << 16 }]; });
      bytes = fflate.zipSync(zip);
    }
    if (bytes.length > made.limit)
      throw fail('too_big', made.name + ' would be ' + bytes.length + ' bytes, over the 4 MB limit', bytes.length);
    return { name: made.name, bytes: bytes, entries: made.entries.map(function (e) { return e[0]; }),
             lessons: lessons.map(function (l) { return l.id; }) };
  }

  // The bundle's files through read(path) (a Promise of the text, or the text), then a package.
  function collect(read) {
    var files = {};
    return Promise.resolve(read('package/lessons/course.json')).then(function (courseText) {
      var list = FILE_LIST(courseText);
      return Promise.all(list.map(function (p) { return Promise.resolve(read(p)).then(function (t) { files[p] = t; }); }));
    }).then(function () { return files; });
  }

  return {
    STANDARDS: STANDARDS, THEMES: THEMES, PANELS: PANELS, FILE_LIST: FILE_LIST, languageCodes: languageCodes,
    makePackage: makePackage, collect: collect, panelsText: panelsText,
  };
}));
