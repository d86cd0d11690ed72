#!/usr/bin/env python3
"""Perceptron Lab: the interface's fonts, cut at build time from Debian's font packages.

  ui.ttf  DejaVu Sans (fonts-dejavu-core) cut to Latin, every Vietnamese letter, Greek,
          super- and subscripts, arrows and the mathematical operators, plus every
          character the English and Vietnamese catalogs use;
  zh.ttf  WenQuanYi Micro Hei (fonts-wqy-microhei) cut to exactly the characters of the
          Chinese catalog that the ui font lacks (Han characters, CJK punctuation);
  extra.ttf  the same font cut to the few such characters the other catalogs use (the
          language switcher writes "中文" in every language): always loaded, a few KB.

Also writes a C++ source holding the fonts as byte arrays (--embed ui or ui,zh) and
fails, naming the string and the character, when a catalog uses a character that the
fonts loaded for its language lack (the glyph-coverage check).

Usage: make_fonts.py --catalogs DIR --out DIR --cpp FILE --embed ui|ui,zh
"""
import argparse
import io
import json
import logging
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

UI_SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
ZH_SOURCE = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

# Ranges the ui font keeps whatever the catalogs say (text typed by users, file names).
UI_RANGES = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x017F),  # Latin-1 and Latin Extended-A
    (0x01A0, 0x01B0),  # O/U with horn (Vietnamese)
    (0x0300, 0x0323),  # combining accents (Vietnamese tone marks)
    (0x0391, 0x03C9),  # Greek
    (0x1EA0, 0x1EF9),  # Latin Extended Additional: Vietnamese
    (0x2010, 0x2027),  # dashes, quotes, bullet, ellipsis
    (0x2030, 0x203A),
    (0x2070, 0x209C),  # superscripts and subscripts
    (0x2190, 0x21D5),  # arrows
    (0x2200, 0x22FF),  # mathematical operators
    (0x25A0, 0x25CF),  # squares, triangles, circles (class shapes in text)
]


def catalog_strings(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    out = []

    def walk(v, key):
        if isinstance(v, str):
            out.append((key, v))
        elif isinstance(v, dict):
            for k, x in v.items():
                walk(x, key + "." + k if key else k)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, "%s[%d]" % (key, i))

    walk(data, "")
    return out


def cmap_of(font):
    return set(font.getBestCmap().keys())


def cut(source, font_number, unicodes, out_path):
    options = subset.Options()
    options.font_number = font_number
    options.hinting = False
    options.desubroutinize = True
    options.layout_features = ["kern", "liga", "ccmp", "mark", "mkmk"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    font = subset.load_font(source, options)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(unicodes))
    sub.subset(font)
    subset.save_font(font, out_path, options)
    return cmap_of(TTFont(out_path))


def cpp_array(name, data):
    lines = ["extern const unsigned char %s[];" % name, "extern const unsigned int %s_size;" % name,
             "const unsigned int %s_size = %d;" % (name, len(data)),
             "alignas(4) const unsigned char %s[] = {" % name]
    for i in range(0, len(data), 24):
        lines.append("  " + ",".join(str(b) for b in data[i:i + 24]) + ",")
    lines.append("};")
    return "\n".join(lines) + "\n"


def main():
    logging.getLogger("fontTools").setLevel(logging.ERROR)  # "FFTM NOT subset" and the like
    ap = argparse.ArgumentParser()
    ap.add_argument("--catalogs", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--cpp", required=True)
    ap.add_argument("--embed", default="ui")
    ap.add_argument("--lessons", default="", help="a folder of lesson files whose texts count too")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    langs = {}
    for name in sorted(os.listdir(a.catalogs)):
        if name.endswith(".json"):
            langs[name[:-5]] = catalog_strings(os.path.join(a.catalogs, name))

    # Lesson texts: an object with "en"/"vi"/"zh" keys is text per language.
    if a.lessons and os.path.isdir(a.lessons):
        for name in sorted(os.listdir(a.lessons)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(a.lessons, name), encoding="utf-8") as f:
                lesson = json.load(f)

            def walk(v, key):
                if isinstance(v, dict):
                    for k, x in v.items():
                        if k in ("en", "vi", "zh") and isinstance(x, str):
                            langs.setdefault(k, []).append(("lesson %s: %s.%s" % (name, key, k), x))
                        else:
                            walk(x, key + "." + k if key else k)
                elif isinstance(v, list):
                    for i, x in enumerate(v):
                        walk(x, "%s[%d]" % (key, i))

            walk(lesson, "")

    def chars(lang):
        return {ord(c) for _, s in langs.get(lang, []) for c in s if ord(c) >= 0x20}

    ui_want = set()
    for lo, hi in UI_RANGES:
        ui_want.update(range(lo, hi + 1))
    for lang in langs:
        if lang != "zh":
            ui_want |= chars(lang)
    ui_src = cmap_of(TTFont(UI_SOURCE))
    ui_have = cut(UI_SOURCE, 0, ui_want & ui_src, os.path.join(a.out, "ui.ttf"))

    extra_want = set()
    for lang in langs:
        if lang != "zh":
            extra_want |= {c for c in chars(lang) if c not in ui_have}
    zh_src = cmap_of(TTFont(ZH_SOURCE, fontNumber=0))
    extra_have = cut(ZH_SOURCE, 0, (extra_want & zh_src) | {0x20}, os.path.join(a.out, "extra.ttf"))

    zh_want = {c for c in chars("zh") if c not in ui_have}
    zh_want |= set(range(0x3000, 0x3004)) | set(range(0xFF01, 0xFF1F))  # CJK and full-width punctuation
    zh_have = cut(ZH_SOURCE, 0, zh_want & zh_src, os.path.join(a.out, "zh.ttf"))

    # Glyph coverage: every character of every catalog string, in the fonts of its language.
    missing = []
    for lang, strings in langs.items():
        have = ui_have | extra_have | (zh_have if lang == "zh" else set())
        for key, s in strings:
            for c in s:
                if ord(c) >= 0x20 and ord(c) not in have:
                    missing.append("%s.json: %s: U+%04X '%s' is in no font of this language" % (lang, key, ord(c), c))
    if missing:
        sys.stderr.write("glyph coverage check failed:\n  " + "\n  ".join(missing[:50]) + "\n")
        return 1

    src = ["// Generated by src/app/fonts/make_fonts.py: do not edit.", "namespace pla::app {"]
    embed = a.embed.split(",")
    embed.append("extra")
    for name in ("ui", "extra", "zh"):
        if name in embed:
            with open(os.path.join(a.out, name + ".ttf"), "rb") as f:
                src.append(cpp_array("kFont_" + name, f.read()))
        else:
            src.append("extern const unsigned char kFont_%s[];\nextern const unsigned int kFont_%s_size;\n"
                       "alignas(4) const unsigned char kFont_%s[] = {0};\nconst unsigned int kFont_%s_size = 0;\n"
                       % (name, name, name, name))
    src.append("}  // namespace pla::app\n")
    text = "\n".join(src)
    old = open(a.cpp).read() if os.path.exists(a.cpp) else ""
    if old != text:
        with open(a.cpp, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
