#!/usr/bin/env python3
"""A made-up language from its catalog file alone (CTest languages.new_language, label fast).

A temporary copy of web/i18n gets xx.json (English's catalog with its own "language" object, a
page text of its own and a character only its font has); nothing else changes. Then:
  - make_fonts.py lists and cuts a font of its own (xx.ttf, from the font its catalog names)
    holding that character, puts its name in the extra font (every language's menu writes it),
    and its glyph-coverage check names xx.json when the catalog uses a character no font has;
  - page_text.py puts it in the page's texts and languages (page-text.js) and in the packages'
    languages (languages.json);
  - the package maker (web/package/make_package.js) offers it: --lang xx is taken (another
    code is refused naming the languages), H5P's semantics.json lists it by its own name, and
    lab-page.js carries its words.

Usage: new_language_test.py [NODE]   (node from PATH by default)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable  # Debian's, with fontTools
NODE = sys.argv[1] if len(sys.argv) > 1 else shutil.which("node") or "node"
WQY = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
OWN_CHAR = "鑫"   # in WenQuanYi Micro Hei, in no other catalog or lesson: a page text of xx
NAME_CHAR = "龘"  # the same, in xx's name (which every language's menu writes)
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def run(*args, ok=True):
    r = subprocess.run(list(args), capture_output=True, text=True)
    if ok and r.returncode != 0:
        sys.exit("%s failed (%d):\n%s%s" % (" ".join(args), r.returncode, r.stdout, r.stderr))
    return r


def made_up_catalog():
    with open(os.path.join(ROOT, "web/i18n/en.json"), encoding="utf-8") as f:
        doc = json.load(f)
    doc["language"] = {"name": "Xx " + NAME_CHAR, "tags": ["xx"], "html": "xx", "locale": "xx-XX", "fonts": [WQY]}
    doc["page"]["loading"] = "Xx loading " + OWN_CHAR + "…"
    doc["h5p"]["next"] = "Xx next"
    return doc


def write(path, doc):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)


def fonts(catalogs, work):
    mf = os.path.join(ROOT, "src/app/fonts/make_fonts.py")
    names = run(PYTHON, mf, "--catalogs", catalogs, "--list").stdout.split()
    check(names[:2] == ["ui", "extra"] and "xx" in names and "zh" in names, "make_fonts.py --list names xx's font: %s" % names)
    out = os.path.join(work, "fonts")
    run(PYTHON, mf, "--catalogs", catalogs, "--out", out, "--cpp", os.path.join(work, "fonts.cpp"), "--embed", "all")
    from fontTools.ttLib import TTFont  # noqa: E402 (Debian's python3-fonttools)
    have = lambda name: set(TTFont(os.path.join(out, name + ".ttf")).getBestCmap())  # noqa: E731
    check(ord(OWN_CHAR) in have("xx") and not any(ord(OWN_CHAR) in have(n) for n in ("ui", "extra", "zh")),
          "xx.ttf holds the character only xx.json uses")
    check(ord(NAME_CHAR) in have("extra") and ord(NAME_CHAR) not in have("xx"),
          "the extra font (always loaded) holds xx's name, for every language's menu")
    with open(os.path.join(work, "fonts.cpp")) as f:
        cpp = f.read()
    check('"xx"' in cpp and "kFont_xx_size" in cpp, "fonts.cpp's table has the font xx")
    # The glyph-coverage check: a character no font has (a private-use one) fails the build, naming it.
    doc = made_up_catalog()
    doc["page"]["loading"] += "\ue000"
    bad = os.path.join(work, "bad")
    shutil.copytree(catalogs, bad)
    write(os.path.join(bad, "xx.json"), doc)
    r = run(PYTHON, mf, "--catalogs", bad, "--out", os.path.join(work, "bad-fonts"), "--cpp",
            os.path.join(work, "bad.cpp"), ok=False)
    check(r.returncode != 0 and "xx.json: page.loading: U+E000" in r.stderr, "the coverage check names xx.json: " + r.stderr.strip()[:200])


def page_texts(catalogs, work):
    pt = os.path.join(ROOT, "src/platform/page_text.py")
    js, langs = os.path.join(work, "page-text.js"), os.path.join(work, "package", "languages.json")
    run(PYTHON, pt, "text", "--catalogs", catalogs, "--out", js)
    run(PYTHON, pt, "languages", "--catalogs", catalogs, "--out", langs)
    with open(js) as f:
        text = f.read()
    page = json.loads(text.split("window.PLA_PAGE_TEXT = ", 1)[1].split(";\n", 1)[0])
    rows = json.loads(text.split("window.PLA_LANGUAGES = ", 1)[1].split(";\n", 1)[0])
    check(page.get("xx", {}).get("loading") == "Xx loading " + OWN_CHAR + "…", "page-text.js: xx's page texts")
    check([r["code"] for r in rows] == ["en", "vi", "xx", "zh"] and rows[2]["html"] == "xx",
          "page-text.js: the languages, English first: %s" % [r["code"] for r in rows])
    with open(langs, encoding="utf-8") as f:
        pkg = json.load(f)["languages"]
    xx = [r for r in pkg if r["code"] == "xx"]
    check(len(xx) == 1 and xx[0]["locale"] == "xx-XX" and xx[0]["h5p"]["next"] == "Xx next", "languages.json: xx with its words")
    return langs


# Runs make_package.js on a small bundle (the real H5P files, lessons and SCORM bridge; a
# stand-in page and zip writer) and prints what the packages hold.
MAKER = r"""
const fs = require('fs'), path = require('path');
const [root, languages] = process.argv.slice(1);
const maker = require(path.join(root, 'web/package/make_package.js'));
const files = { 'perceptron-lab.html': '<html><body>\n</body></html>', 'package/pipwerks.js': '/* API_1484_11 SCORM */',
  'package/scorm_bridge.js': fs.readFileSync(path.join(root, 'web/package/scorm_bridge.js'), 'utf8'),
  'package/languages.json': fs.readFileSync(languages, 'utf8') };
for (const f of fs.readdirSync(path.join(root, 'web/package/h5p'))) files['package/h5p/' + f] = fs.readFileSync(path.join(root, 'web/package/h5p', f), 'utf8');
for (const f of fs.readdirSync(path.join(root, 'web/lessons'))) files['package/lessons/' + f] = fs.readFileSync(path.join(root, 'web/lessons', f), 'utf8');
let zipped = null;
const fflate = { zipSync: (zip) => { zipped = zip; return new Uint8Array(1); } };
const text = (name) => Buffer.from(zipped[name][0]).toString('utf8');
const out = { codes: maker.languageCodes(files) };
maker.makePackage(files, { standard: 'h5p', lessons: ['textbook'], lang: 'xx' }, fflate);
out.options = JSON.parse(text('H5P.PerceptronLab-1.0/semantics.json')).find((f) => f.name === 'language').options;
out.content = JSON.parse(text('content/content.json')).language;
out.labPage = /H5P\.PerceptronLabLanguages = .*"xx": \{/.test(text('H5P.PerceptronLab-1.0/lab-page.js'));
maker.makePackage(files, { standard: 'scorm12', lessons: ['textbook'], lang: 'xx' }, fflate);
out.scormQuery = /"query": "lang=xx"/.test(text('index.html'));
try { maker.makePackage(files, { standard: 'html', lessons: ['textbook'], lang: 'yy' }, fflate); } catch (e) { out.refused = e.message; }
console.log(JSON.stringify(out));
"""


def packages(languages):
    out = json.loads(run(NODE, "-e", MAKER, ROOT, languages).stdout)
    check(out["codes"] == ["en", "vi", "xx", "zh"], "the package maker's languages: %s" % out["codes"])
    check({"value": "xx", "label": "Xx " + NAME_CHAR} in out["options"], "H5P's semantics.json offers xx by its own name")
    check(out["content"] == "xx" and out["labPage"], "an H5P package in xx: content.json and lab-page.js's words")
    check(out["scormQuery"], "a SCORM package in xx opens the lab with lang=xx")
    check(out.get("refused") == "lang must be en, vi, xx, zh", "another code is refused: %s" % out.get("refused"))


def main():
    with tempfile.TemporaryDirectory(prefix="pla-new-language-") as work:
        catalogs = os.path.join(work, "i18n")
        shutil.copytree(os.path.join(ROOT, "web/i18n"), catalogs)
        write(os.path.join(catalogs, "xx.json"), made_up_catalog())
        fonts(catalogs, work)
        packages(page_texts(catalogs, work))
    print("%d failed" % len(failures) if failures else "every check passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
