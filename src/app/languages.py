"""Perceptron Lab's languages as one table: the catalog folder (web/i18n), read by the build's
scripts (src/app/fonts/make_fonts.py, src/platform/page_text.py) and by the tests.

A language is its catalog file LANG.json (glossary.json is the terms of the course, not a
language); rows come English first (the language every other falls back to), then by code,
as the core's Catalogs::codes() orders them. The catalog's "language" object describes it:
  name     its own name, in its own script ("Tiếng Việt"): the language menus
  tags     the browser language tags it answers ("zh" answers zh-CN, zh-Hans-CN, zh-TW)
  html     its tag for <html lang> and the screen-reader text ("zh-Hans")
  locale   its tag with a region, for reports that want one (xAPI: "zh-CN")
  fonts    the font files it needs beyond the ui font (DejaVu Sans), in order of preference
"""
import json
import os
import re

NOT_LANGUAGES = ("glossary.json",)
CODE = re.compile(r"[a-z][a-z0-9-]{1,7}")  # as core/base/catalogs.hpp takes them
TAG = re.compile(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*")


class LanguageError(Exception):
    pass


def catalog_files(folder):
    """[(code, path)] of every catalog in the folder: English first, then by code."""
    out = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json") and name not in NOT_LANGUAGES:
            out.append((name[:-5], os.path.join(folder, name)))
    return sorted(out, key=lambda row: (row[0] != "en", row[0]))


def read_catalog(path):
    with open(path, encoding="utf-8") as f:
        try:
            catalog = json.load(f)
        except ValueError as e:
            raise LanguageError(f"{path}: not valid JSON: {e}")
    if not isinstance(catalog, dict):
        raise LanguageError(f"{path}: a catalog is a JSON object")
    return catalog


def describe(code, path, catalog):
    """The row of one catalog: {code, path, name, tags, html, locale, fonts, catalog}."""
    if not CODE.fullmatch(code) or code == "pseudo":
        raise LanguageError(f"{path}: a catalog is named by its language's code: 2 to 8 lower-case letters, "
                            "digits or '-', starting with a letter (not pseudo, the string-length test)")
    lang = catalog.get("language")
    if not isinstance(lang, dict):
        raise LanguageError(f'{path}: "language" should be an object (name, tags, html, locale, fonts)')
    row = {"code": code, "path": path, "catalog": catalog}
    for key in ("name", "html", "locale"):
        value = lang.get(key)
        if not isinstance(value, str) or not value.strip():
            raise LanguageError(f'{path}: language.{key} should be a non-empty string')
        row[key] = value
    for key in ("html", "locale"):
        if not TAG.fullmatch(row[key]):
            raise LanguageError(f'{path}: language.{key} should be a language tag ("zh-Hans", "vi-VN"), not {row[key]!r}')
    for key in ("tags", "fonts"):
        value = lang.get(key)
        if not isinstance(value, list) or not all(isinstance(x, str) and x for x in value):
            raise LanguageError(f"{path}: language.{key} should be a list of strings")
        row[key] = value
    if not row["tags"]:
        raise LanguageError(f"{path}: language.tags should name at least one browser language tag")
    for tag in row["tags"]:
        if not TAG.fullmatch(tag):
            raise LanguageError(f"{path}: language.tags: {tag!r} is not a language tag")
    return row


def languages(folder):
    """Every language of the catalog folder, a row each (see describe): English first, then by code."""
    rows = [describe(code, path, read_catalog(path)) for code, path in catalog_files(folder)]
    if not any(r["code"] == "en" for r in rows):
        raise LanguageError(f"{folder}: en.json, the English catalog every other language falls back to, is missing")
    return rows


def codes(folder):
    return [code for code, _ in catalog_files(folder)]
