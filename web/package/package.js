#!/usr/bin/env node
/* ./build.sh package: a package of Perceptron Lab for a course, made by make_package.js (the code
 * the lab's page runs for "For your course") from the web bundle's own files.
 *
 *   node web/package/package.js --www BUILD/www --standard scorm12|scorm2004|h5p|html
 *        [--lesson ID[,ID...]] [--lesson-file FILE.json]... [--lang CODE] [--pass 0.8]
 *        [--theme light|dark|contrast] [--panels data,run|all|none] [--embed] [--title TEXT]
 *        [--out FILE]
 *
 * The lessons are a course in the order given (--lesson ids and --lesson-file files as they come
 * on the command line; textbook when none is given). --lesson-file: a teacher's own lesson (its
 * id must not be a built-in lesson's). The files come from the bundle (WWW/perceptron-lab.html,
 * WWW/package/: fflate.js, pipwerks.js, scorm_bridge.js, h5p/, lessons/), as the page fetches
 * them. --lang: a language of the bundle (package/languages.json: the catalogs, web/i18n).
 * --pipwerks PATH is accepted and ignored (the bundle carries package/pipwerks.js).
 * Default output: WWW/<the package's name>. Prints where it went and its size.
 */
'use strict';
const fs = require('fs');
const path = require('path');

function fail(msg) {
  process.stderr.write('package: error: ' + msg + '\n');
  process.exit(2);
}

function parse(argv) {
  const o = { lessons: [], embed: false };
  const value = (i) => {
    if (i + 1 >= argv.length) fail(argv[i] + ' needs a value');
    return argv[i + 1];
  };
  for (let i = 0; i < argv.length; ++i) {
    let a = argv[i], v = null;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) { v = a.slice(eq + 1); a = a.slice(0, eq); }
    const take = () => { if (v !== null) return v; v = value(i); ++i; return v; };
    switch (a) {
      case '--www': o.www = take(); break;
      case '--standard': o.standard = take(); break;
      case '--lesson': take().split(',').map((x) => x.trim()).filter(Boolean).forEach((x) => o.lessons.push({ id: x })); break;
      case '--lesson-file': o.lessons.push({ file: take() }); break;
      case '--lang': o.lang = take(); break;
      case '--pass': {
        const t = take(), n = Number(t);
        if (t.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) fail('--pass is a fraction from 0 to 1 (e.g. 0.8), not ' + t);
        o.pass = n;
        break;
      }
      case '--theme': o.theme = take(); break;
      case '--panels': o.panels = take(); break;
      case '--embed': o.embed = true; break;
      case '--title': o.title = take(); break;
      case '--out': o.out = take(); break;
      case '--pipwerks': take(); break;
      case '-h': case '--help':
        process.stdout.write(/\/\*[\s\S]*?\*\//.exec(fs.readFileSync(__filename, 'utf8'))[0] + '\n');
        process.exit(0);
        break;
      default: fail('unknown option ' + argv[i] + ' (--help lists them)');
    }
  }
  return o;
}

function main() {
  const o = parse(process.argv.slice(2));
  if (!o.www) fail('--www DIR: the web build (./build.sh web makes build/wasm-release/www)');
  if (!o.standard) fail('--standard scorm12|scorm2004|h5p|html is needed');
  const www = path.resolve(o.www);
  const pkg = path.join(www, 'package');
  for (const f of ['perceptron-lab.html', 'package/make_package.js', 'package/fflate.js']) {
    if (!fs.existsSync(path.join(www, f))) fail(`${path.join(www, f)} is missing: build the web first (./build.sh web)`);
  }
  const maker = require(path.join(pkg, 'make_package.js'));
  const fflate = require(path.join(pkg, 'fflate.js'));
  if (o.theme !== undefined && !maker.THEMES.includes(o.theme)) fail('--theme must be ' + maker.THEMES.join(', '));
  if (!maker.STANDARDS.includes(o.standard)) fail('--standard must be ' + maker.STANDARDS.join(', '));
  const lessons = (o.lessons.length ? o.lessons : [{ id: 'textbook' }]).map((l) => {
    if (l.id !== undefined) return l.id;
    let text;
    try { text = fs.readFileSync(l.file, 'utf8'); } catch (e) { fail(`--lesson-file ${l.file}: ${e.message}`); }
    if (text.trim().charAt(0) !== '{') fail(`--lesson-file ${l.file}: not a lesson (a JSON object)`);
    return text;
  });
  let files;
  maker.collect((p) => fs.readFileSync(path.join(www, p), 'utf8')).then((f) => {
    files = f;
    let made;
    try {
      const langs = maker.languageCodes(files);
      if (o.lang !== undefined && !langs.includes(o.lang)) fail('--lang must be ' + langs.join(', '));
      made = maker.makePackage(files, { standard: o.standard, lessons, lang: o.lang || null, pass: o.pass === undefined ? null : o.pass,
        theme: o.theme || null, panels: o.panels === undefined ? null : o.panels, embed: o.embed, title: o.title || null }, fflate);
    } catch (e) {
      if (e.code) fail(e.message);
      throw e;
    }
    const out = path.resolve(o.out || path.join(www, made.name));
    const tmp = out + '.tmp';
    fs.writeFileSync(tmp, made.bytes);
    fs.renameSync(tmp, out);
    console.log(`${out}: ${o.standard}, lessons ${made.lessons.join(',')}, ${made.bytes.length} bytes`);
  }, (e) => fail(e.message));
}

main();
