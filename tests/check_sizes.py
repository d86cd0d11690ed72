#!/usr/bin/env python3
"""The size rule (CTest code.sizes, label fast): no source file over 800 lines and no function
over 100 lines, so that each file keeps one job and each function one step (README, STYLE.md).

Files: every source file under src/, tests/ and web/, and build.sh: code and scripts (C++,
JavaScript, Python, CMake, shell, HTML, CSS, PHP, the message tables .def). Not counted: what is
generated or vendored (build/, node_modules/, package-lock.json) and data (the lessons and
catalogs, JSON, CSV, .npy, corpora, fuzz seeds).

Functions, with their lengths from universal-ctags (`ctags --fields=+ne --output-format=json`):
  - C++ (functions and lambdas) and Python (functions and methods): ctags' own start and end;
  - JavaScript: Debian bookworm's ctags (5.9) gives JavaScript functions no end and misses
    arrow functions handed to a call (`main(async () => {...})`), so the function bodies are
    found here: a body is a `{` after `=>`, after `function NAME (...)`, or after a method's
    `NAME(...)`, and ends at its matching `}` (strings, template literals, comments and regular
    expressions skipped). A function's length counts the functions inside it.
Exempt, and only these:
  - a table of rows, named as such: a function whose name says "table" (message_table(), a
    `kTable` lambda's holder) is data laid out as code;
  - a classic script's module wrapper: an outermost JavaScript function whose body begins with
    'use strict' (`(function (page) { 'use strict'; ... })(window.PLA_PAGE)`, a UMD factory):
    it is the file's scope, which the file limit bounds.

Usage: check_sizes.py [--root DIR] [--ctags PATH]    prints each offender with its length;
       exits 1 when there is one, 2 when ctags is missing.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 100
ROOTS = ("src", "tests", "web")
TOP_FILES = ("build.sh", "CMakeLists.txt")
SOURCE = re.compile(r"(\.(cpp|hpp|h|cc|c|js|mjs|py|sh|cmake|html|css|php|def)|^CMakeLists\.txt)$")
SKIP_DIRS = {"node_modules", "build", ".git"}  # (data files are left out by their extension)
SKIP_FILES = {"package-lock.json"}
TABLE = re.compile(r"table", re.I)


def source_files(root):
    out = [f for f in TOP_FILES if os.path.isfile(os.path.join(root, f))]
    for top in ROOTS:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
            for f in sorted(files):
                if SOURCE.search(f) and f not in SKIP_FILES:
                    out.append(os.path.relpath(os.path.join(d, f), root))
    return out


def line_count(path):
    with open(path, "rb") as f:
        return f.read().count(b"\n")


# ------------------------------------------------------------------ C++ and Python: ctags
def ctags_functions(root, files, ctags):
    """[(file, line, name, length)] of the C++ and Python functions ctags finds, with an end."""
    wanted = [f for f in files if re.search(r"\.(cpp|hpp|h|cc|c|py)$", f)]
    out = []
    for i in range(0, len(wanted), 200):
        r = subprocess.run([ctags, "--fields=+ne", "--output-format=json", "--languages=C++,Python",
                            "--map-C++=+.h", "-f", "-"] + wanted[i:i + 200], cwd=root, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("check_sizes.py: ctags failed: " + r.stderr.strip())
        for row in r.stdout.splitlines():
            tag = json.loads(row)
            if tag.get("_type") != "tag" or tag.get("kind") not in ("function", "member", "method"):
                continue
            if "end" not in tag:
                continue
            out.append((tag["path"], tag["line"], tag["name"], tag["end"] - tag["line"] + 1))
    return out


# ------------------------------------------------------------------ JavaScript: function bodies
KEYWORDS_BEFORE_REGEX = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do",
                         "else", "yield", "await"}
CONTROL = {"if", "for", "while", "switch", "catch", "with", "function"}
PUNCT = re.compile(r"=>|\.\.\.|[{}()\[\];,.]|[^\s\w$'\"`/{}()\[\];,.]+|/")


def js_tokens(text):
    """(kind, value, line): kind is 'id', 'str', 're', 'num' or 'p' (punctuation); comments dropped."""
    i, line, n, toks = 0, 1, len(text), []
    braces = []  # for template literals: the depth at which a ${ opened
    depth = 0

    def last():
        return toks[-1] if toks else ("p", ";", 0)

    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r":
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
        elif c in "'\"":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            toks.append(("str", "", line))
            line += text.count("\n", i, j + 1)
            i = j + 1
        elif c == "`" or (c == "}" and braces and braces[-1] == depth):
            if c == "}":
                braces.pop()
            j = i + 1
            while j < n and text[j] != "`" and not text.startswith("${", j):
                j += 2 if text[j] == "\\" else 1
            line0 = line
            line += text.count("\n", i, j)
            if text.startswith("${", j):
                braces.append(depth)
                j += 2
            else:
                j += 1
            toks.append(("str", "", line0))
            i = j
        elif c == "/":
            kind, value, _ = last()
            if kind in ("id", "num", "str", "re") and value not in KEYWORDS_BEFORE_REGEX or value in (")", "]", "}"):
                toks.append(("p", "/", line))
                i += 1
            else:  # a regular expression literal
                j, in_class = i + 1, False
                while j < n and (text[j] != "/" or in_class) and text[j] != "\n":
                    if text[j] == "\\":
                        j += 1
                    elif text[j] == "[":
                        in_class = True
                    elif text[j] == "]":
                        in_class = False
                    j += 1
                j += 1
                while j < n and (text[j].isalnum()):
                    j += 1
                toks.append(("re", "", line))
                i = j
        elif c.isalpha() or c in "_$":
            m = re.compile(r"[\w$]+").match(text, i)
            toks.append(("id", m.group(0), line))
            i = m.end()
        elif c.isdigit():
            m = re.compile(r"[\w.]+").match(text, i)
            toks.append(("num", m.group(0), line))
            i = m.end()
        else:
            m = PUNCT.match(text, i)
            v = m.group(0)
            if v == "{":
                depth += 1
            elif v == "}":
                depth -= 1
            toks.append(("p", v, line))
            i = m.end()
    return toks


def js_functions(path, text):
    """[(file, line, name, length, exempt)] of every function body in a JavaScript text."""
    toks = js_tokens(text)
    out, stack, parens = [], [], []  # stack: [is_function, start line, name, outermost, strict]
    open_paren_at = {}
    for k, (kind, v, line) in enumerate(toks):
        if kind != "p":
            continue
        if v == "(":
            parens.append(k)
        elif v == ")" and parens:
            open_paren_at[k] = parens.pop()
        elif v == "{":
            fn, name = False, ""
            prev = toks[k - 1] if k else ("p", ";", 0)
            if prev[1] == "=>":
                fn = True
                back = k - 2
                if back >= 0 and toks[back][1] == ")" and back in open_paren_at:
                    back = open_paren_at[back] - 1
                elif back >= 0 and toks[back][0] == "id":
                    back -= 1
                if back >= 0 and toks[back][1] == "async":
                    back -= 1
                if back >= 1 and toks[back][1] in ("=", ":") and toks[back - 1][0] == "id":
                    name = toks[back - 1][1]
            elif prev[1] == ")" and k - 1 in open_paren_at:
                j = open_paren_at[k - 1] - 1
                before = toks[j] if j >= 0 else ("p", ";", 0)
                if before[1] == "function" or (before[1] == "*" and j >= 1 and toks[j - 1][1] == "function"):
                    fn = True
                elif before[0] == "id" and before[1] not in CONTROL:
                    b2 = toks[j - 1] if j >= 1 else ("p", ";", 0)
                    fn = b2[1] in ("function", "{", ",", "}", ";", "async", "get", "set", "static", "*")
                    name = before[1]
            strict = fn and k + 1 < len(toks) and toks[k + 1][0] == "str" and \
                text.splitlines()[toks[k + 1][2] - 1].strip().startswith(("'use strict'", '"use strict"'))
            outermost = fn and not any(s[0] for s in stack)
            stack.append([fn, line, name, outermost, strict])
        elif v == "}" and stack:
            fn, start, name, outermost, strict = stack.pop()
            if fn:
                out.append((path, start, name or "(anonymous)", line - start + 1, outermost and strict))
    return out


def script_of_html(text):
    """An HTML file's inline scripts, at their own lines (everything else blank)."""
    out = []
    for m in re.finditer(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", text, re.S):
        head = text[:m.start(1)].count("\n")
        out.append("\n" * head + m.group(1))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--ctags", default=shutil.which("ctags") or "ctags")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    if not shutil.which(a.ctags) and not os.path.exists(a.ctags):
        print("check_sizes.py: universal-ctags is needed (Debian: universal-ctags; ./build.sh installs it)")
        return 2
    files = source_files(root)
    long_files = [(f, n) for f in files for n in [line_count(os.path.join(root, f))] if n > MAX_FILE_LINES]
    functions = [(f, line, name, n, bool(TABLE.search(name))) for f, line, name, n in ctags_functions(root, files, a.ctags)]
    for f in files:
        if f.endswith((".js", ".mjs", ".html")):
            with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            for script in (script_of_html(text) if f.endswith(".html") else [text]):
                functions += js_functions(f, script)
    long_functions = sorted({x for x in functions if x[3] > MAX_FUNCTION_LINES and not x[4]}, key=lambda x: (-x[3], x[0]))
    for f, n in sorted(long_files, key=lambda x: -x[1]):
        print("file over %d lines: %s: %d lines" % (MAX_FILE_LINES, f, n))
    for f, line, name, n, _ in long_functions:
        print("function over %d lines: %s:%d: %s: %d lines" % (MAX_FUNCTION_LINES, f, line, name, n))
    print("%d source files, %d functions: %d files over %d lines, %d functions over %d lines" % (
        len(files), len(functions), len(long_files), MAX_FILE_LINES, len(long_functions), MAX_FUNCTION_LINES))
    return 1 if long_files or long_functions else 0


if __name__ == "__main__":
    sys.exit(main())
