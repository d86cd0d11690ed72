#!/usr/bin/env python3
"""Perceptron Lab: the interface's fonts, cut at build time from Debian's font packages.

The languages are the catalogs of --catalogs (src/app/languages.py: a language is its catalog
file, and its "language.fonts" names the font files it needs beyond the ui font):
  ui.ttf     DejaVu Sans (fonts-dejavu-core) cut to Latin, every Vietnamese letter, Greek,
             super- and subscripts, arrows and the mathematical operators, plus every
             character the catalogs of the languages without fonts of their own use;
  LANG.ttf   for a language with fonts (zh: WenQuanYi Micro Hei, fonts-wqy-microhei), its
             first font cut to exactly the characters of its catalog (and lessons) that the ui
             font lacks, plus CJK and full-width punctuation where that font has it;
             LANG-2.ttf, ... its next fonts, cut to what the earlier ones still lack;
  LANG-more.ttf  for a language with fonts and a list of common characters (COMMON below),
             those its first font has beyond the fonts above (zh: GB2312's level 1, the 3,755
             common hanzi, and its CJK punctuation and full-width forms): never loaded for the
             catalogs, only when a teacher's text shown uses one of them (the page fetches it then);
  extra.ttf  every language's name where the ui font lacks it (each one is written in every
             language's menu: "中文") and the characters a language uses that neither the ui
             font nor its own fonts have, cut from the languages' fonts: always loaded, a few
             KB (extra-2.ttf, ... when they come from more than one font file).

Also writes a C++ source holding the fonts as byte arrays (kFont_NAME, '-' as '_') and a table
of them (kFontNames, kFontBytes, kFontSizes, kFontCount; --embed ui: the ui and extra fonts'
bytes only, the language fonts empty; --embed all: every font; kFontChars, kFontCharFirst,
kFontCharCount: a "more" font's characters as a bitmap, so the app knows when a text needs
it), and fails, naming the string and the character, when a catalog uses a character that
the fonts loaded for its language lack (the glyph-coverage check; the "more" fonts count for
none).

Usage: make_fonts.py --catalogs DIR [--lessons DIR] --out DIR --cpp FILE --embed ui|all
       make_fonts.py --catalogs DIR --list     the font files it writes, one name a line
"""
import argparse
import json
import logging
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from languages import LanguageError, languages  # noqa: E402  (src/app/languages.py)

UI_SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

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
# The code points the app merges from a language's fonts (src/app/fonts.cpp, is_cjk): the
# characters of a "more" font are kept to these.
CJK_RANGES = [(0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF), (0x3000, 0x303F)]


def gb2312(rows):
    """The characters of GB2312's rows (0xA1 to 0xF7 as lead bytes), decoded from its byte pairs."""
    out = set()
    for lead in rows:
        for trail in range(0xA1, 0xFF):
            try:
                out.add(ord(bytes([lead, trail]).decode("gb2312")))
            except UnicodeDecodeError:
                pass
    return out


# The common characters a "more" font holds, by language code: GB2312's rows 1 to 3 (CJK
# punctuation, full-width forms) and its level 1 (rows 16 to 55: the 3,755 common hanzi).
COMMON = {"zh": lambda: gb2312(list(range(0xA1, 0xA4)) + list(range(0xB0, 0xD8)))}
# What a language font keeps besides its catalog's characters, where it has them.
LANGUAGE_FONT_RANGES = [
    (0x3000, 0x3003),  # CJK punctuation
    (0xFF01, 0xFF1E),  # full-width punctuation
]


def strings_of(value, key, out):
    """Every string of a catalog as (key, text): nested objects give "a.b", lists "a[2]"."""
    if isinstance(value, str):
        out.append((key, value))
    elif isinstance(value, dict):
        for k, x in value.items():
            strings_of(x, key + "." + k if key else k, out)
    elif isinstance(value, list):
        for i, x in enumerate(value):
            strings_of(x, "%s[%d]" % (key, i), out)
    return out


def lesson_strings(folder, codes, texts):
    """A lesson's texts: an object whose key is a language's code holds that language's text."""
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            lesson = json.load(f)

        def walk(v, key):
            if isinstance(v, dict):
                for k, x in v.items():
                    if k in codes and isinstance(x, str):
                        texts[k].append(("lesson %s: %s.%s" % (name, key, k), x))
                    else:
                        walk(x, key + "." + k if key else k)
            elif isinstance(v, list):
                for i, x in enumerate(v):
                    walk(x, "%s[%d]" % (key, i))

        walk(lesson, "")


def font_names(rows):
    """The fonts written, in order: ui, extra (one per distinct font file of the languages),
    then each language's own: {name: (source file, the language's code or None)}."""
    sources = []
    for row in rows:
        sources += [f for f in row["fonts"] if f not in sources]
    names = {"ui": (UI_SOURCE, None)}
    for i, source in enumerate(sources):
        names["extra" if i == 0 else "extra-%d" % (i + 1)] = (source, None)
    for row in rows:
        for i, source in enumerate(row["fonts"]):
            names[row["code"] if i == 0 else "%s-%d" % (row["code"], i + 1)] = (source, row["code"])
    return names


def more_names(rows):
    """The "more" fonts: {CODE-more: (the language's first font, its code)} for each language
    with fonts and common characters (COMMON)."""
    return {row["code"] + "-more": (row["fonts"][0], row["code"]) for row in rows if row["fonts"] and row["code"] in COMMON}


def ranges(pairs):
    out = set()
    for lo, hi in pairs:
        out.update(range(lo, hi + 1))
    return out


def cmap_of(font):
    return set(font.getBestCmap().keys())


def source_cmap(source, cache):
    if source not in cache:
        if not os.path.exists(source):
            sys.exit("make_fonts.py: font file %s not found (a catalog's language.fonts names it: "
                     "install its Debian package)" % source)
        cache[source] = cmap_of(TTFont(source, fontNumber=0))
    return cache[source]


def cut(source, unicodes, out_path):
    options = subset.Options()
    options.font_number = 0
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


def cut_all(rows, texts, out_dir):
    """Cuts every font of font_names() into OUT_DIR/NAME.ttf; returns {name: the characters it has}."""
    chars = {row["code"]: {ord(c) for _, s in texts[row["code"]] for c in s if ord(c) >= 0x20} for row in rows}
    names, cmaps, have, own = font_names(rows), {}, {}, {}
    ui_want = ranges(UI_RANGES)
    for row in rows:
        if not row["fonts"]:
            ui_want |= chars[row["code"]]
    have["ui"] = cut(UI_SOURCE, ui_want & source_cmap(UI_SOURCE, cmaps), os.path.join(out_dir, "ui.ttf"))
    # Every language's name is in every language's menu: the extra fonts hold what ui lacks.
    shared = {ord(c) for row in rows for c in row["name"]} - have["ui"]
    # Each language's own fonts, in order, each cut to what the ones before it lack.
    for name, (source, code) in names.items():
        if code is None:
            continue
        want = chars[code] - have["ui"] - shared - own.get(code, set())
        if name == code:
            want |= ranges(LANGUAGE_FONT_RANGES)
        have[name] = cut(source, want & source_cmap(source, cmaps), os.path.join(out_dir, name + ".ttf"))
        own[code] = own.get(code, set()) | have[name]
    # What is left (a language's name in every language's menu): the extra fonts.
    left = set(shared)
    for row in rows:
        left |= chars[row["code"]] - have["ui"] - own.get(row["code"], set())
    for name, (source, code) in names.items():
        if code is None and name != "ui":
            have[name] = cut(source, (left & source_cmap(source, cmaps)) | {0x20}, os.path.join(out_dir, name + ".ttf"))
            left -= have[name]
    # The common characters beyond all that, in the CJK ranges the app merges them over.
    loaded = set().union(*(have[n] for n, (_, code) in names.items() if code is None))
    for name, (source, code) in more_names(rows).items():
        want = (COMMON[code]() & ranges(CJK_RANGES)) - loaded - own.get(code, set())
        have[name] = cut(source, want & source_cmap(source, cmaps), os.path.join(out_dir, name + ".ttf"))
    return have


def coverage_errors(rows, texts, have):
    """Every character of every catalog string must be in the fonts loaded for its language:
    the ui font, the extra fonts and the language's own."""
    names = font_names(rows)
    shared = set().union(*(have[n] for n, (_, code) in names.items() if code is None))
    missing = []
    for row in rows:
        fonts = shared.union(*(have[n] for n, (_, code) in names.items() if code == row["code"]))
        for key, s in texts[row["code"]]:
            for c in s:
                if ord(c) >= 0x20 and ord(c) not in fonts:
                    missing.append("%s.json: %s: U+%04X '%s' is in no font of this language" % (row["code"], key, ord(c), c))
    return missing


def cpp_array(name, data):
    lines = ["extern const unsigned char %s[];" % name, "extern const unsigned int %s_size;" % name,
             "const unsigned int %s_size = %d;" % (name, len(data)),
             "alignas(4) const unsigned char %s[] = {" % name]
    for i in range(0, len(data), 24):
        lines.append("  " + ",".join(str(b) for b in data[i:i + 24]) + ",")
    lines.append("};")
    return "\n".join(lines) + "\n"


def cpp_chars(name, chars):
    """A font's characters as a bitmap from its first one: bit c - first of byte (c - first) / 8.
    Returns the C++ text, the first character and the bitmap's length in characters."""
    first, last = min(chars), max(chars)
    bits = bytearray((last - first) // 8 + 1)
    for c in chars:
        bits[(c - first) // 8] |= 1 << ((c - first) % 8)
    lines = ["extern const unsigned char %s[];" % name, "const unsigned char %s[] = {" % name]
    for i in range(0, len(bits), 32):
        lines.append("  " + ",".join(str(b) for b in bits[i:i + 32]) + ",")
    lines.append("};")
    return "\n".join(lines) + "\n", first, last - first + 1


def cpp_source(rows, out_dir, embed_all, have):
    """The fonts as C++ byte arrays and their table; a font not embedded has no bytes (size 0)."""
    names = dict(font_names(rows), **more_names(rows))
    more = more_names(rows)
    src = ["// Generated by src/app/fonts/make_fonts.py: do not edit.", "namespace pla::app {"]
    symbols, chars, firsts, counts = [], [], [], []
    for name, (_, code) in names.items():
        symbol = "kFont_" + name.replace("-", "_")
        symbols.append(symbol)
        if embed_all or code is None:
            with open(os.path.join(out_dir, name + ".ttf"), "rb") as f:
                src.append(cpp_array(symbol, f.read()))
        else:
            src.append("extern const unsigned char %s[];\nextern const unsigned int %s_size;\n"
                       "alignas(4) const unsigned char %s[] = {0};\nconst unsigned int %s_size = 0;\n"
                       % (symbol, symbol, symbol, symbol))
        if name in more and have[name]:
            text, first, n = cpp_chars("kFontChars_" + name.replace("-", "_"), have[name])
            src.append(text)
            chars.append("kFontChars_" + name.replace("-", "_"))
            firsts.append(first)
            counts.append(n)
        else:
            chars.append("nullptr")
            firsts.append(0)
            counts.append(0)
    src.append("// The table: ui, extra (extra-2, ...), then each language's own fonts, named by its code\n"
               "// (zh; zh-2, ... for its further font files), then the \"more\" fonts (zh-more) with their\n"
               "// characters (kFontChars: a bitmap of kFontCharCount characters from kFontCharFirst, bit\n"
               "// c - first of byte (c - first) / 8; null for the other fonts).")
    src.append("extern const char* const kFontNames[];\nextern const unsigned char* const kFontBytes[];\n"
               "extern const unsigned int kFontSizes[];\nextern const unsigned int kFontCount;\n"
               "extern const unsigned char* const kFontChars[];\nextern const unsigned int kFontCharFirst[];\n"
               "extern const unsigned int kFontCharCount[];")
    src.append("const char* const kFontNames[] = {%s};" % ", ".join('"%s"' % n for n in names))
    src.append("const unsigned char* const kFontBytes[] = {%s};" % ", ".join(symbols))
    src.append("const unsigned int kFontSizes[] = {%s};" % ", ".join(s + "_size" for s in symbols))
    src.append("const unsigned int kFontCount = %d;" % len(symbols))
    src.append("const unsigned char* const kFontChars[] = {%s};" % ", ".join(chars))
    src.append("const unsigned int kFontCharFirst[] = {%s};" % ", ".join(str(n) for n in firsts))
    src.append("const unsigned int kFontCharCount[] = {%s};" % ", ".join(str(n) for n in counts))
    src.append("}  // namespace pla::app\n")
    return "\n".join(src)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--catalogs", required=True)
    ap.add_argument("--list", action="store_true", help="print the names of the fonts written, one a line")
    ap.add_argument("--out")
    ap.add_argument("--cpp")
    ap.add_argument("--embed", choices=("ui", "all"), default="ui")
    ap.add_argument("--lessons", default="", help="a folder of lesson files whose texts count too")
    a = ap.parse_args()
    try:
        rows = languages(a.catalogs)
    except LanguageError as e:
        sys.exit("make_fonts.py: %s" % e)
    if a.list:
        print("\n".join(list(font_names(rows)) + list(more_names(rows))))
        return 0
    if not a.out or not a.cpp:
        ap.error("--out and --cpp are needed (or --list)")
    logging.getLogger("fontTools").setLevel(logging.ERROR)  # "FFTM NOT subset" and the like
    os.makedirs(a.out, exist_ok=True)
    texts = {row["code"]: strings_of(row["catalog"], "", []) for row in rows}
    for row in rows:  # every language's name, written in every language's menu
        for code in texts:
            texts[code].append(("%s.json's language.name (in every language's menu)" % row["code"], row["name"]))
    if a.lessons and os.path.isdir(a.lessons):
        lesson_strings(a.lessons, set(texts), texts)
    have = cut_all(rows, texts, a.out)
    missing = coverage_errors(rows, texts, have)
    if missing:
        sys.stderr.write("glyph coverage check failed:\n  " + "\n  ".join(missing[:50]) + "\n")
        return 1
    text = cpp_source(rows, a.out, a.embed == "all", have)
    old = open(a.cpp).read() if os.path.exists(a.cpp) else ""
    if old != text:
        with open(a.cpp, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
