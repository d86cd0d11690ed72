#!/usr/bin/env python3
"""Runs the bad-input corpus (tests/corpus/manifest.json) through `pla train`.

    run_corpus.py PLA WORKDIR [--only NAME ...] [--no-generated]
    run_corpus.py --generate DIR [NAME ...]   only write the generated files into DIR (for the browser test)

For every file of the manifest: `PLA train --data FILE --epochs 20 --json --model WORKDIR/out/model`
with a time limit, then
  expect=load:   exit status 0, the JSON result has n = points and d = d, the model was written;
  expect=refuse: exit status 2, nothing on stdout, a message on stderr naming FILE:LINE: (or, for a
                 whole-file error, containing the manifest's `message`), and no model file;
and in both cases: the input file is unchanged, no other file appears, and (for sanitizer builds)
stderr has no AddressSanitizer / LeakSanitizer / UBSan report.
Files marked generated=true (a million columns, a 1 GB line, ...) are made here in
WORKDIR/generated and removed after use; nothing is downloaded or installed.
Prints one line per file and 'N passed, N failed'; exit status 1 on any failure.
"""
import hashlib
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = 300  # seconds per file: a stall is a failure
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:", "SUMMARY: UndefinedBehaviorSanitizer")


def write_repeated(path, unit, total_bytes, tail=b""):
    """Writes unit repeated to total_bytes (then tail) in chunks, without holding it all in memory."""
    chunk = unit * max(1, (1 << 22) // len(unit))
    with open(path, "wb") as f:
        left = total_bytes
        while left > 0:
            piece = chunk if left >= len(chunk) else chunk[:left]
            f.write(piece)
            left -= len(piece)
        f.write(tail)


def generate(name, path):
    if name == "gen_max_dimension.csv":
        with open(path, "w") as f:
            f.write(",".join(["0.5"] * 100000) + ",1\n")
            f.write(",".join(["-0.5"] * 100000) + ",-1\n")
    elif name == "gen_million_columns.csv":
        write_repeated(path, b"1,", 2 * 1000000, b"1\n-1\n")
    elif name == "gen_too_many_values.csv":
        with open(path, "w") as f:
            zeros = "0," * 1000
            for i in range(20001):
                f.write(zeros + ("1\n" if i % 2 == 0 else "-1\n"))
    elif name == "gen_1gb_line.csv":
        write_repeated(path, b"1,", 1000000000)
    elif name == "gen_over_1gib.csv":
        with open(path, "wb") as f:
            f.truncate((1 << 30) + 1)  # sparse: takes no disk space
    else:
        raise SystemExit("run_corpus: no recipe for generated file " + name)


def digest(path):
    st = os.stat(path)
    if st.st_size > (64 << 20):  # big generated files: size and mtime
        return (st.st_size, st.st_mtime_ns)
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def check(pla, entry, path, out_dir):
    model = os.path.join(out_dir, "model")
    before = digest(path)
    cmd = [pla, "train", "--data", path, "--epochs", "20", "--json", "--model", model]
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "stalled: no answer within %d s" % TIMEOUT
    seconds = time.monotonic() - t0
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    problems = []
    for mark in SANITIZER_MARKS:
        if mark in err:
            problems.append("sanitizer report: " + err[err.find(mark):][:400])
            break
    if digest(path) != before:
        problems.append("the input file changed")
    left = sorted(os.listdir(out_dir))
    if entry["expect"] == "load":
        if p.returncode != 0:
            problems.append("exit status %d, expected 0; stderr: %s" % (p.returncode, err.strip()[:300]))
        else:
            try:
                r = json.loads(out.strip().splitlines()[-1])
                if r.get("n") != entry["points"] or r.get("d") != entry["d"]:
                    problems.append("loaded n = %s, d = %s; expected %s, %s" % (r.get("n"), r.get("d"), entry["points"], entry["d"]))
            except (ValueError, IndexError):
                problems.append("no JSON result on stdout: " + out[:300])
            if left != ["model"]:
                problems.append("expected only the model file in the output folder, found %s" % left)
    else:
        if p.returncode != 2:
            problems.append("exit status %d, expected 2 (bad input); stderr: %s" % (p.returncode, err.strip()[:300]))
        if out.strip():
            problems.append("printed on stdout: " + out[:200])
        if entry.get("line") is not None:
            want = "%s:%d:" % (path, entry["line"])
            if want not in err:
                problems.append("the message does not name %s: %s" % (want, err.strip()[:300]))
        elif entry.get("message", "\0") not in err:
            problems.append("the message lacks '%s': %s" % (entry.get("message"), err.strip()[:300]))
        if not err.startswith("pla: "):
            problems.append("stderr does not start with 'pla: ': " + err[:200])
        if left:
            problems.append("files written although the input was refused: %s" % left)
    for name in left:
        os.remove(os.path.join(out_dir, name))
    if problems:
        return "; ".join(problems)
    first = (err.strip().splitlines() or [""])[0]
    shown = first if entry["expect"] == "refuse" else "n = %d, d = %d" % (entry["points"], entry["d"])
    return ("ok", "%.1f s  %s" % (seconds, shown[:160]))


def main():
    args = sys.argv[1:]
    if len(args) >= 2 and args[0] == "--generate":
        with open(os.path.join(HERE, "manifest.json")) as f:
            names = [e["file"] for e in json.load(f)["files"] if e.get("generated")]
        os.makedirs(args[1], exist_ok=True)
        for name in names:
            if len(args) == 2 or name in args[2:]:
                generate(name, os.path.join(args[1], name))
                print(os.path.join(args[1], name))
        return 0
    if len(args) < 2:
        print(__doc__)
        return 2
    pla, work = os.path.abspath(args[0]), os.path.abspath(args[1])
    only = []
    generated_too = "--no-generated" not in args
    if "--only" in args:
        only = [a for a in args[args.index("--only") + 1:] if not a.startswith("--")]
    with open(os.path.join(HERE, "manifest.json")) as f:
        manifest = json.load(f)
    out_dir, gen_dir = os.path.join(work, "out"), os.path.join(work, "generated")
    os.makedirs(out_dir, exist_ok=True)
    os.makedirs(gen_dir, exist_ok=True)
    for name in os.listdir(out_dir):
        os.remove(os.path.join(out_dir, name))
    passed = failed = 0
    for entry in manifest["files"]:
        name = entry["file"]
        if only and name not in only:
            continue
        if entry.get("generated"):
            if not generated_too:
                continue
            path = os.path.join(gen_dir, name)
            generate(name, path)
        else:
            path = os.path.join(HERE, "files", name)
        try:
            result = check(pla, entry, path, out_dir)
        finally:
            if entry.get("generated"):
                os.remove(path)
        if isinstance(result, tuple):
            passed += 1
            print("ok   %-36s %s" % (name, result[1]))
        else:
            failed += 1
            print("FAIL %-36s %s" % (name, result))
        sys.stdout.flush()
    print("corpus: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
