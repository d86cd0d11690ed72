#!/usr/bin/env python3
"""Build-time helpers for the web page (run by CMake, see CMakeLists.txt's web bundle).

  page_text.py text --catalogs web/i18n --out www/page-text.js
      The page's own texts (the "page" object of en.json, vi.json, zh.json) as
      window.PLA_PAGE_TEXT = {en: {...}, vi: {...}, zh: {...}}, so web/index.html can
      speak the chosen language before the wasm has loaded. A key a translation lacks
      (or whose {placeholders} differ from English) is left out: the page falls back
      to English for it.

  page_text.py base64 --in fonts/zh.ttf --out single/zh.ttf.b64
      A file as one line of base64, for the single self-contained page.
"""
import argparse
import base64
import json
import os
import re
import sys

LANGS = ("en", "vi", "zh")
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


def page_texts(catalog_dir):
    out = {}
    for lang in LANGS:
        name = os.path.join(catalog_dir, lang + ".json")
        with open(name, encoding="utf-8") as f:
            try:
                catalog = json.load(f)
            except ValueError as e:
                sys.exit(f"{name}: not valid JSON: {e}")
        page = catalog.get("page", {}) if isinstance(catalog, dict) else {}
        if not isinstance(page, dict):
            sys.exit(f"{name}: \"page\" should be an object")
        texts = {}
        for key, value in page.items():
            if isinstance(value, str) and value:
                texts[key] = value
            elif lang == "en":
                sys.exit(f"{name}: page.{key} should be a non-empty string")
        out[lang] = texts
    en = out["en"]
    for lang in LANGS[1:]:
        for key in list(out[lang]):
            if key not in en:
                print(f"page_text.py: {lang}.json: page.{key} is not in en.json (dropped)", file=sys.stderr)
                del out[lang][key]
            elif sorted(PLACEHOLDER.findall(out[lang][key])) != sorted(PLACEHOLDER.findall(en[key])):
                print(f"page_text.py: {lang}.json: page.{key} has other placeholders than English (English used)",
                      file=sys.stderr)
                del out[lang][key]
    return out


def cmd_text(args):
    texts = page_texts(args.catalogs)
    # ASCII only (\uXXXX escapes): right whatever charset the server announces, and safe
    # to inline in a <script> element (no '<', '>' or '&' left as such).
    body = json.dumps(texts, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    body = body.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    js = ("// Generated from web/i18n/*.json (the \"page\" keys) by src/platform/page_text.py: do not edit.\n"
          "window.PLA_PAGE_TEXT = " + body + ";\n")
    write_if_changed(args.out, js.encode("ascii"))


def cmd_base64(args):
    with open(args.input, "rb") as f:
        data = f.read()
    if not data:
        sys.exit(f"{args.input} is empty")
    write_if_changed(args.out, base64.b64encode(data))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("text", help="write page-text.js from the catalogs")
    t.add_argument("--catalogs", required=True)
    t.add_argument("--out", required=True)
    b = sub.add_parser("base64", help="write a file as base64")
    b.add_argument("--in", dest="input", required=True)
    b.add_argument("--out", required=True)
    args = parser.parse_args()
    {"text": cmd_text, "base64": cmd_base64}[args.command](args)


if __name__ == "__main__":
    main()
