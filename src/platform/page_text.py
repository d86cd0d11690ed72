#!/usr/bin/env python3
"""Build-time helpers for the web page (run by CMake, see CMakeLists.txt's web bundle).

The languages are the catalogs of --catalogs (src/app/languages.py: a language is its
catalog file, web/i18n/CODE.json, whose "language" object names it).

  page_text.py text --catalogs web/i18n --out www/page-text.js
      The page's own texts (the "page" object of every catalog) as
      window.PLA_PAGE_TEXT = {en: {...}, vi: {...}, ...}, so web/index.html can speak the
      chosen language before the wasm has loaded, and the languages as
      window.PLA_LANGUAGES = [{code, name, tags, html}, ...] (English first). A key a
      translation lacks (or whose {placeholders} differ from English) is left out: the
      page falls back to English for it.

  page_text.py languages --catalogs web/i18n --out www/package/languages.json
      The languages for the packages (web/package/make_package.js): {"languages": [{code,
      name, tags, html, locale, h5p: the texts of the H5P content type (each catalog's "h5p"
      object, English where a translation lacks a key)}, ...]}: the packages' language
      choice, H5P's semantics.json language list and perceptron-lab-h5p.js's words.

  page_text.py base64 --in fonts/zh.ttf --out single/zh.ttf.b64
      A file as one line of base64, for the single self-contained page.

  page_text.py script --in www/perceptron-lab.wasm --key perceptron-lab.wasm --out www/perceptron-lab.wasm.js
      A file as a script that puts its bytes (base64) in window.PLA_FILES[KEY]: what the
      page loads by a <script> tag where it may not fetch the file itself (a sandboxed
      iframe without allow-same-origin, a page opened from disk, a host without CORS).
"""
import argparse
import base64
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "app"))
from languages import LanguageError, languages  # noqa: E402  (src/app/languages.py)

PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}")


def write_if_changed(path, data):
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def load_languages(catalog_dir):
    try:
        return languages(catalog_dir)
    except LanguageError as e:
        sys.exit(f"page_text.py: {e}")


def texts_of(rows, section):
    """{code: {key: text}} of every catalog's SECTION object ("page", "h5p"): English must give
    every key a non-empty string; a translation's key that English lacks, or whose
    {placeholders} differ from English, is dropped (English is used for it)."""
    out = {}
    for row in rows:
        name, texts = row["path"], {}
        part = row["catalog"].get(section, {})
        if not isinstance(part, dict):
            sys.exit(f"{name}: \"{section}\" should be an object")
        for key, value in part.items():
            if isinstance(value, str) and value:
                texts[key] = value
            elif row["code"] == "en":
                sys.exit(f"{name}: {section}.{key} should be a non-empty string")
        out[row["code"]] = texts
    en = out["en"]
    for code, texts in out.items():
        for key in list(texts) if code != "en" else []:
            if key not in en:
                print(f"page_text.py: {code}.json: {section}.{key} is not in en.json (dropped)", file=sys.stderr)
                del texts[key]
            elif sorted(PLACEHOLDER.findall(texts[key])) != sorted(PLACEHOLDER.findall(en[key])):
                print(f"page_text.py: {code}.json: {section}.{key} has other placeholders than English (English used)",
                      file=sys.stderr)
                del texts[key]
    return out


def page_texts(catalog_dir):
    return texts_of(load_languages(catalog_dir), "page")


def script_json(value):
    # ASCII only (\uXXXX escapes): right whatever charset the server announces, and safe
    # to inline in a <script> element (no '<', '>' or '&' left as such).
    body = json.dumps(value, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return body.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def cmd_text(args):
    rows = load_languages(args.catalogs)
    langs = [{"code": r["code"], "name": r["name"], "tags": r["tags"], "html": r["html"]} for r in rows]
    js = ("// Generated from web/i18n/*.json (the \"page\" keys and each \"language\") by src/platform/page_text.py: do not edit.\n"
          "window.PLA_PAGE_TEXT = " + script_json(texts_of(rows, "page")) + ";\n"
          "window.PLA_LANGUAGES = " + script_json(langs) + ";\n")
    write_if_changed(args.out, js.encode("ascii"))


def cmd_languages(args):
    rows = load_languages(args.catalogs)
    h5p = texts_of(rows, "h5p")
    langs = [{"code": r["code"], "name": r["name"], "tags": r["tags"], "html": r["html"], "locale": r["locale"],
              "h5p": dict(h5p["en"], **h5p[r["code"]])} for r in rows]
    text = json.dumps({"languages": langs}, ensure_ascii=False, indent=1) + "\n"
    write_if_changed(args.out, text.encode("utf-8"))


def cmd_base64(args):
    with open(args.input, "rb") as f:
        data = f.read()
    if not data:
        sys.exit(f"{args.input} is empty")
    write_if_changed(args.out, base64.b64encode(data))


def cmd_script(args):
    with open(args.input, "rb") as f:
        data = f.read()
    if not data:
        sys.exit(f"{args.input} is empty")
    if not re.fullmatch(r"[A-Za-z0-9._/-]+", args.key):
        sys.exit(f"--key {args.key!r}: letters, digits, '.', '_', '-' and '/' only")
    js = ("// Generated by src/platform/page_text.py from " + os.path.basename(args.input) + ": do not edit.\n"
          "(window.PLA_FILES = window.PLA_FILES || {})['" + args.key + "'] = '" +
          base64.b64encode(data).decode("ascii") + "';\n")
    write_if_changed(args.out, js.encode("ascii"))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("text", help="write page-text.js from the catalogs")
    t.add_argument("--catalogs", required=True)
    t.add_argument("--out", required=True)
    g = sub.add_parser("languages", help="write the packages' languages.json from the catalogs")
    g.add_argument("--catalogs", required=True)
    g.add_argument("--out", required=True)
    b = sub.add_parser("base64", help="write a file as base64")
    b.add_argument("--in", dest="input", required=True)
    b.add_argument("--out", required=True)
    s = sub.add_parser("script", help="write a file as a script that sets its bytes (base64)")
    s.add_argument("--in", dest="input", required=True)
    s.add_argument("--key", required=True)
    s.add_argument("--out", required=True)
    args = parser.parse_args()
    {"text": cmd_text, "languages": cmd_languages, "base64": cmd_base64, "script": cmd_script}[args.command](args)


if __name__ == "__main__":
    main()
