#!/usr/bin/python3
"""End-to-end tests of the `pla` command-line tool: outputs, files and exit codes.

Usage: cli_test.py PLA_BINARY WORK_DIR
"""
import json
import math
import os
import subprocess
import sys

PLA, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
failures = []


def run(*args, expect=0):
    p = subprocess.run([PLA, *map(str, args)], capture_output=True, text=True, timeout=300)
    if expect is not None and p.returncode != expect:
        raise AssertionError(f"pla {' '.join(map(str, args))}: exit {p.returncode}, expected {expect}\n"
                             f"stdout: {p.stdout[-2000:]}\nstderr: {p.stderr[-2000:]}")
    return p


def path(name):
    return os.path.join(WORK, name)


def check(name):
    def wrap(fn):
        try:
            fn()
            print(f"ok   {name}")
        except Exception as e:  # report and go on
            failures.append(name)
            print(f"FAIL {name}: {e}")
        return fn
    return wrap


@check("textbook: eta 0.5 -> w (0.5, 0.5), b -1.5 after 7 updates, cyclic and restart")
def _():
    run("gen", "--kind", "textbook", "--out", path("textbook.csv"))
    for extra in ([], ["--restart"]):
        r = json.loads(run("train", "--data", path("textbook.csv"), "--eta", "0.5", "--json", *extra).stdout)
        assert r["w"] == [0.5, 0.5] and r["b"] == -1.5 and r["updates"] == 7, r
        assert r["converged"] and r["stop_reason"] == "converged" and r["train_mistakes"] == 0, r
        for key in ["algo", "eta", "w", "b", "epochs", "updates", "converged", "stop_reason", "train_mistakes",
                    "train_accuracy", "mistakes_per_epoch", "seconds"]:
            assert key in r, key
        assert sum(r["mistakes_per_epoch"]) == 7, r
    r = json.loads(run("train", "--data", path("textbook.csv"), "--json").stdout)
    assert r["w"] == [1, 1] and r["b"] == -3 and r["eta"] == 1, r
    human = run("train", "--data", path("textbook.csv"), "--eta", "0.5").stdout
    assert "w = (0.5, 0.5)" in human and "converged" in human, human


@check("margin of the textbook set: gamma sqrt(2), gamma_aug sqrt(2)/3, bound 117")
def _():
    r = json.loads(run("margin", "--data", path("textbook.csv"), "--json").stdout)
    assert r["separable"] is True
    assert abs(r["gamma"] - math.sqrt(2)) < 1e-12, r
    assert abs(r["gamma_aug"] - math.sqrt(2) / 3) < 1e-12, r
    assert abs(r["R"] - 5) < 1e-15 and abs(r["R_aug"] - math.sqrt(26)) < 1e-12, r
    assert abs(r["bound"] - 117) < 1e-9, r
    for key in ["separable", "gamma", "w_star", "b_star", "gamma_aug", "R", "R_aug", "bound"]:
        assert key in r, key


@check("generated separable sets: updates never exceed the bound")
def _():
    for seed, d in [(1, 2), (2, 3), (3, 8)]:
        f = path(f"sep-{seed}.csv")
        run("gen", "--kind", "separable", "--n", 300, "--d", d, "--margin", 0.05, "--seed", seed, "--out", f)
        m = json.loads(run("margin", "--data", f, "--json").stdout)
        t = json.loads(run("train", "--data", f, "--epochs", 100000, "--json").stdout)
        assert m["separable"] and t["converged"], (m, t)
        assert t["updates"] <= m["bound"], (t["updates"], m["bound"])
        assert m["gamma"] >= 0.05 - 1e-12, m["gamma"]


@check("gen is reproducible and writes LIBSVM by extension")
def _():
    a, b = path("moons-a.csv"), path("moons-b.csv")
    run("gen", "--kind", "moons", "--n", 150, "--noise", 0.1, "--seed", 9, "--out", a)
    run("gen", "--kind", "moons", "--n", 150, "--noise", 0.1, "--seed", 9, "--out", b)
    assert open(a).read() == open(b).read()
    s = path("blobs.libsvm")
    run("gen", "--kind", "blobs", "--n", 40, "--d", 3, "--out", s)
    first = open(s).readline().split()
    assert first[0] in ("1", "-1", "+1") and all(":" in t for t in first[1:]), first
    r = json.loads(run("train", "--data", s, "--epochs", 5, "--json").stdout)
    assert len(r["w"]) == 3 and r["epochs"] <= 5, r


@check("models: train --model then predict, linear, lifted and kernel")
def _():
    run("gen", "--kind", "circles", "--n", 200, "--noise", 0.03, "--seed", 4, "--out", path("circles.csv"))
    for name, extra, want in [("linear", ["--data", path("textbook.csv")], 1.0),
                              ("lift", ["--data", path("circles.csv"), "--lift", "x1^2,x2^2", "--epochs", 5000], 1.0),
                              ("kernel", ["--data", path("circles.csv"), "--algo", "kernel", "--kernel", "rbf:2",
                                          "--epochs", 200], 0.97),
                              ("pocket", ["--data", path("circles.csv"), "--algo", "pocket", "--epochs", 20], 0.0)]:
        model = path(f"model-{name}.txt")
        t = json.loads(run("train", *extra, "--model", model, "--json").stdout)
        data = extra[1]
        p = json.loads(run("predict", "--model", model, "--data", data, "--json").stdout)
        assert abs(p["accuracy"] - t["train_accuracy"]) < 1e-12, (name, p["accuracy"], t["train_accuracy"])
        assert p["accuracy"] >= want, (name, p["accuracy"])
    plain = run("predict", "--model", path("model-linear.txt"), "--data", path("textbook.csv"))
    assert plain.stdout.split() == ["+1", "+1", "-1"], plain.stdout


@check("every algorithm runs from the CLI")
def _():
    for algo in ["classic", "pocket", "averaged", "voted", "batch", "margin", "dual", "kernel"]:
        r = json.loads(run("train", "--data", path("textbook.csv"), "--algo", algo, "--epochs", 50, "--json").stdout)
        # The averaged and voted hypotheses still carry the early weights: they may miss a point.
        allowed = 1 if algo in ("averaged", "voted") else 0
        assert r["algo"] == algo and r["train_mistakes"] <= allowed, r


@check("validation split with early stopping reports validation accuracy")
def _():
    f = path("noisy.csv")
    run("gen", "--kind", "noisy", "--n", 400, "--noise", 0.1, "--seed", 5, "--out", f)
    r = json.loads(run("train", "--data", f, "--algo", "pocket", "--validation", 0.25, "--patience", 5,
                       "--epochs", 500, "--json").stdout)
    assert r["n"] == 300 and 0.0 <= r["validation_accuracy"] <= 1.0, r
    assert r["stop_reason"] in ("early_stopping", "max_epochs", "converged"), r


@check("trace export: CSV with one row per step")
def _():
    t = path("trace.csv")
    r = json.loads(run("train", "--data", path("textbook.csv"), "--eta", "0.5", "--trace", t, "--json").stdout)
    rows = open(t).read().strip().splitlines()
    assert rows[0].startswith("step,epoch,index"), rows[0]
    assert len(rows) - 1 == r["epochs"] * 3, (len(rows), r["epochs"])
    tj = path("trace.json")
    run("train", "--data", path("textbook.csv"), "--trace", tj)
    assert json.load(open(tj))["last_step"] > 0


@check("bad input: exit status 2 and a message naming the file and line")
def _():
    bad = path("bad.csv")
    with open(bad, "w") as f:
        f.write("x1,x2,label\n1,2,1\n3,oops,-1\n")
    p = run("train", "--data", bad, expect=2)
    assert "bad.csv:3:2" in p.stderr, p.stderr
    with open(path("ragged.csv"), "w") as f:
        f.write("1,2,1\n3,4,5,-1\n")
    assert "ragged.csv:2" in run("train", "--data", path("ragged.csv"), expect=2).stderr
    with open(path("labels.csv"), "w") as f:
        f.write("1,2,1\n3,4,2\n")
    assert "labels.csv:2" in run("train", "--data", path("labels.csv"), expect=2).stderr
    assert "no-such-file" in run("train", "--data", path("no-such-file.csv"), expect=2).stderr
    run("train", expect=2)
    run("train", "--data", path("textbook.csv"), "--eta", "-1", expect=2)
    run("train", "--data", path("textbook.csv"), "--algo", "magic", expect=2)
    run("train", "--data", path("textbook.csv"), "--bogus", expect=2)
    run("gen", "--kind", "spirals", "--out", path("x.csv"), expect=2)
    run("frobnicate", expect=2)
    with open(path("bad-model.txt"), "w") as f:
        f.write("perceptron-lab-model 1\nalgo classic\nd 2\nw 1 nope\nb 0\n")
    assert "bad-model.txt:4" in run("predict", "--model", path("bad-model.txt"), "--data", path("textbook.csv"),
                                    expect=2).stderr


@check("other failures: exit status 1 (an unwritable output)")
def _():
    p = run("gen", "--kind", "textbook", "--out", "/nonexistent-dir/x.csv", expect=1)
    assert "/nonexistent-dir/x.csv" in p.stderr, p.stderr


@check("--help, COMMAND --help, --version; unknown options and commands suggest the closest")
def _():
    for args in (["--help"], ["help"], ["-h"]):
        out = run(*args).stdout
        assert "pla train" in out and "pla gen" in out and "--version" in out, out
    for cmd in ("train", "margin", "gen", "predict"):
        out = run(cmd, "--help").stdout
        assert out.startswith("usage:") and f"pla {cmd}" in out, out
        others = {"train", "margin", "gen", "predict"} - {cmd}
        assert not any(f"pla {o} " in out for o in others), out
    assert run("--version").stdout.startswith("pla (Perceptron Lab) ")
    err = run("train", "--data", path("textbook.csv"), "--epoch", 3, expect=2).stderr
    assert "unknown option --epoch (did you mean --epochs?)" in err, err
    err = run("train", "--data", path("textbook.csv"), "--in-memroy", expect=2).stderr
    assert "did you mean --in-memory?" in err, err
    assert "did you mean train?" in run("trian", expect=2).stderr
    err = run("gen", "--knd", "xor", "--out", path("x.csv"), expect=2).stderr
    assert "did you mean --kind?" in err and "pla gen" in err and "pla train" not in err, err


@check("in memory or streamed: decided from the memory the data need, forced by --in-memory / --stream")
def _():
    f = path("place.csv")
    run("gen", "--kind", "separable", "--n", 400, "--d", 5, "--seed", 3, "--out", f)
    auto = json.loads(run("train", "--data", f, "--json").stdout)
    assert auto["stream"] is False and auto["placement"].startswith("in memory: the data need about"), auto
    # 400 rows x (5 doubles + an int label), estimated from the file's first buffer: exact here
    assert auto["data_bytes"] == 400 * (5 * 8 + 4), auto
    forced = json.loads(run("train", "--data", f, "--stream", "--json").stdout)
    assert forced["stream"] is True and "--stream" in forced["placement"], forced
    assert forced["w"] == auto["w"] and forced["b"] == auto["b"] and forced["updates"] == auto["updates"]
    mem = json.loads(run("train", "--data", f, "--in-memory", "--dtype", "float32", "--json").stdout)
    assert mem["stream"] is False and "--in-memory" in mem["placement"] and mem["data_bytes"] == 400 * (5 * 4 + 4)
    human = run("train", "--data", f).stdout
    assert "data in memory: the data need about" in human, human
    run("train", "--data", f, "--stream", "--in-memory", expect=2)


@check("decimal commas: detected, forced with --decimal, mixed conventions refused naming the line")
def _():
    f = path("komma.csv")
    with open(f, "w") as fh:
        fh.write("x1;x2;label\n3,5;2,25;1\n-1,5;0,75;-1\n1;-2,5;-1\n")
    r = json.loads(run("margin", "--data", f, "--json").stdout)
    assert r["separable"] is True
    dot = path("dot.csv")
    with open(dot, "w") as fh:
        fh.write("x1,x2,label\n3.5,2.25,1\n-1.5,0.75,-1\n1,-2.5,-1\n")
    t1 = json.loads(run("train", "--data", f, "--json").stdout)
    t2 = json.loads(run("train", "--data", dot, "--json").stdout)
    assert t1["w"] == t2["w"] and t1["b"] == t2["b"], (t1, t2)
    mixed = path("mixed.csv")
    with open(mixed, "w") as fh:
        fh.write("x1;x2;label\n3,5;2;1\n1;1;-1\n0.5;2;1\n")
    err = run("train", "--data", mixed, expect=2).stderr
    assert "mixed.csv:4:1: '0.5' has a decimal point, but this file writes numbers with a decimal comma (as on line 2)" in err, err
    err = run("train", "--data", f, "--decimal", ".", expect=2).stderr
    assert "komma.csv:2:1: '3,5' has a decimal comma, but a decimal point was asked for" in err, err
    ints = path("ints.csv")
    with open(ints, "w") as fh:
        fh.write("1;2;1\n3;4;-1\n")
    assert json.loads(run("train", "--data", ints, "--decimal", ",", "--json").stdout)["n"] == 2
    err = run("train", "--data", dot, "--decimal", ",", expect=2).stderr
    assert "dot.csv:1:1: a decimal comma needs ';' or tab" in err, err
    run("train", "--data", f, "--decimal", "x", expect=2)


@check(".npy written by numpy (versions 1.0-3.0, float64/float32, C/Fortran order) reads as the CSV does")
def _():
    import numpy as np
    from numpy.lib import format as npf
    rng = np.random.default_rng(7)
    X = rng.uniform(-1, 1, (60, 4))
    w = np.array([0.5, -1.0, 0.25, 2.0])
    y = np.where(X @ w + 0.1 > 0, 1.0, -1.0)
    ref = path("ref.csv")
    with open(ref, "w") as fh:
        for row, label in zip(X, y):
            fh.write(",".join(repr(float(v)) for v in row) + f",{int(label)}\n")
    want = json.loads(run("train", "--data", ref, "--epochs", 50, "--json").stdout)
    ref32 = path("ref32.csv")
    with open(ref32, "w") as fh:
        for row, label in zip(X.astype(np.float32), y):
            fh.write(",".join(repr(float(v)) for v in row) + f",{int(label)}\n")
    want32 = json.loads(run("train", "--data", ref32, "--epochs", 50, "--json").stdout)
    for version in [(1, 0), (2, 0), (3, 0)]:
        for dtype in ["<f8", "<f4"]:
            for order in ["C", "F"]:
                A = np.hstack([X, y[:, None]]).astype(dtype)
                A = np.asfortranarray(A) if order == "F" else np.ascontiguousarray(A)
                f = path(f"d{version[0]}{dtype[1:]}{order}.npy")
                with open(f, "wb") as fh:
                    npf.write_array(fh, A, version=version)
                assert np.array_equal(np.load(f), A)
                for mode in ([], ["--stream"]):
                    got = json.loads(run("train", "--data", f, "--epochs", 50, "--json", *mode).stdout)
                    expect = want if dtype == "<f8" else want32
                    for k in ("w", "b", "updates", "epochs", "train_mistakes"):
                        assert got[k] == expect[k], (f, mode, k, got[k], expect[k])
                # separate labels: int64, float32, bool-free 0/1 ints
                Xo = np.asfortranarray(X.astype(dtype)) if order == "F" else X.astype(dtype)
                fx, fy = path("x_only.npy"), path("y_only.npy")
                with open(fx, "wb") as fh:
                    npf.write_array(fh, Xo, version=version)
                np.save(fy, ((y + 1) // 2).astype(np.int64))  # 0/1 labels
                got = json.loads(run("train", "--data", fx, "--labels", fy, "--epochs", 50, "--json").stdout)
                expect = want if dtype == "<f8" else want32
                assert got["w"] == expect["w"] and got["b"] == expect["b"], (f, got, expect)
    # margin and predict read .npy too
    m1 = json.loads(run("margin", "--data", ref, "--json").stdout)
    m2 = json.loads(run("margin", "--data", path("d1f8C.npy"), "--json").stdout)
    assert m1 == m2, (m1, m2)
    model = path("npy.model")
    run("train", "--data", path("d2f8F.npy"), "--model", model)
    p1 = json.loads(run("predict", "--model", model, "--data", ref, "--json").stdout)
    p2 = json.loads(run("predict", "--model", model, "--data", path("d3f8C.npy"), "--json").stdout)
    assert p1 == p2, (p1, p2)


@check(".npy refusals: exit 2 and a message naming the file")
def _():
    import numpy as np
    good = np.array([[0.5, 1.0, 1.0], [2.0, -1.0, -1.0]])
    cases = {
        "nan.npy": (np.array([[0.5, 1.0, 1.0], [np.nan, -1.0, -1.0]]), "row 2, feature 1: nan is not a finite number"),
        "label.npy": (np.array([[0.5, 1.0, 1.0], [2.0, -1.0, 2.0]]), "row 2: unknown label 2"),
        "mixed.npy": (np.array([[0.5, 1.0, -1.0], [2.0, -1.0, 0.0]]), "row 2: label 0 mixes conventions: row 1 has label -1"),
        "oned.npy": (np.array([1.0, -1.0]), "the array has shape (2,): expected 2 dimensions"),
        "big.npy": (good.astype(">f8"), "big-endian ('>f8')"),
        "ints.npy": (good.astype("<i4"), "the .npy data type '<i4' is not supported for the points"),
        "cplx.npy": (good.astype("<c16"), "the .npy data type '<c16' is not supported"),
    }
    for name, (arr, message) in cases.items():
        f = path(name)
        np.save(f, arr)
        err = run("train", "--data", f, expect=2).stderr
        assert err.startswith(f"pla: {f}: ") and message in err, (name, err)
    f = path("trunc.npy")
    np.save(f, good)
    data = open(f, "rb").read()
    open(f, "wb").write(data[:-8])
    err = run("train", "--data", f, expect=2).stderr
    assert "the file holds 40 bytes of data, the shape (2, 3) needs 48" in err, err
    open(f, "wb").write(data[:6] + b"\x04\x00" + data[8:])
    assert ".npy format version 4.0 is not supported" in run("train", "--data", f, expect=2).stderr
    open(f, "wb").write(b"\x93NUMPY\x01\x00\x10\x00{'descr': '<f8' \n")
    assert "the .npy header is malformed" in run("train", "--data", f, expect=2).stderr
    np.save(path("x2.npy"), good[:, :2])
    np.save(path("y3.npy"), np.array([1.0, -1.0, 1.0]))
    err = run("train", "--data", path("x2.npy"), "--labels", path("y3.npy"), expect=2).stderr
    assert "the labels have shape (3,): expected (2,) or (2, 1)" in err, err
    err = run("train", "--data", path("textbook.csv"), "--labels", path("y3.npy"), expect=2).stderr
    assert "separate labels need the points in a .npy file too" in err, err


@check("gen --out FILE.npy writes what numpy.load reads: the CSV's values, the label last")
def _():
    import numpy as np
    run("gen", "--kind", "moons", "--n", 80, "--noise", 0.1, "--seed", 2, "--out", path("moons.npy"))
    run("gen", "--kind", "moons", "--n", 80, "--noise", 0.1, "--seed", 2, "--out", path("moons.csv"))
    A = np.load(path("moons.npy"))
    B = np.loadtxt(path("moons.csv"), delimiter=",", skiprows=1)
    assert A.dtype == np.float64 and A.shape == (80, 3) and np.array_equal(A, B), (A.shape, B.shape)
    run("gen", "--kind", "separable", "--stream", "--n", 10, "--out", path("s.npy"), expect=2)


@check("lesson: a teacher's file walked with right and wrong answers, the texts filled in; bad files exit 2")
def _():
    lesson = {"format": 1, "id": "mine", "title": {"en": "Mine", "vi": "Của tôi"}, "steps": [
        {"narration": {"en": "From w = {w}, b = {b}.", "vi": "Từ w = {w}, b = {b}."},
         "setup": {"preset": "textbook", "algo": "classic", "eta": 0.5, "order": "cyclic"},
         "question": {"kind": "number", "from": "b_after", "prompt": {"en": "b after the next update?"},
                      "why": {"en": "b = {b}, w = {w}."}}},
        {"narration": {"en": "Trained: k = {k}."}, "actions": [["train"]],
         "question": {"kind": "choice", "answer": 1, "prompt": {"en": "Which?"},
                      "options": [{"en": "first"}, {"en": "second"}]}}]}
    with open(path("mine.json"), "w", encoding="utf-8") as f:
        json.dump(lesson, f, ensure_ascii=False)
    out = run("lesson", "--file", path("mine.json")).stdout
    # Li Hang's example 2.1 at eta 0.5: the first update on x1 = (3, 3), y = +1 gives b = 0.5;
    # with the same updates as at eta 1 it ends at w = (0.5, 0.5), b = -1.5 after 7 updates.
    assert "# Mine (2 steps)" in out and "From w = (0, 0), b = 0." in out, out
    assert "= 0.5 (replied 0.5: right)" in out and "> b = 0.5, w = (1.5, 1.5)." in out, out
    assert "Trained: k = 7." in out and "= second (replied 1: right)" in out, out
    assert out.rstrip().endswith("# done: 2 of 2 questions right"), out
    # What each question hides until it is answered (core/conceal.hpp): a number after the
    # next update hides the misclassified points; a choice fixed in the file, every cue.
    assert "(hidden until answered: mistakes, regions, loss, trace; the run is locked)" in out, out
    assert "(hidden until answered: mistakes, regions, loss, theory, alpha, trace, queries, hull, vc, counts;" in out, out
    wrong = run("lesson", "--file", path("mine.json"), "--wrong", "--lang", "vi").stdout
    assert "Từ w = (0, 0), b = 0." in wrong and "# Của tôi" in wrong, wrong
    assert wrong.rstrip().endswith("# done: 0 of 2 questions right"), wrong
    import re
    done = re.search(r"# done: (\d+) of (\d+) questions right", run("lesson", "--id", "textbook").stdout)
    assert done and done.group(1) == done.group(2) and int(done.group(2)) >= 3, done
    lesson["steps"][1]["question"]["answer"] = 5
    with open(path("bad.json"), "w", encoding="utf-8") as f:
        json.dump(lesson, f)
    err = run("lesson", "--file", path("bad.json"), expect=2).stderr
    assert "bad.json: step 2 of " in err and ", question, answer: " in err, err  # the place in the author's terms
    run("lesson", "--id", "no-such-lesson", expect=2)
    run("lesson", "--id", "textbook", "--lang", "fr", expect=2)
    run("lesson", expect=2)


def settings_table():
    """The rows of session_settings() (a file of src/core/lab/session/): (key, type, CLI flag or None)."""
    import glob
    import re
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "core", "lab", "session")
    text = next(t for t in (open(f, encoding="utf-8").read() for f in sorted(glob.glob(os.path.join(folder, "*.cpp"))))
                if "session_settings() {" in t)
    body = text[text.index("session_settings() {"):]
    body = body[:body.index("return table;")]
    rows = re.findall(r'SessionSetting::(\w+)\(\s*"(\w+)",\s*[^,]+,\s*(nullptr|"[^"]*")', body)
    assert len(rows) >= 10, rows
    return [(key, kind, None if cli == "nullptr" else cli.strip('"')) for kind, key, cli in rows]


@check("train usage lists every setting with a CLI flag (the settings table), its choices from the name tables")
def _():
    import re
    usage = run("train", "--help").stdout
    train_lines = usage[:usage.index("Data files:")]
    flags = set(re.findall(r"--([a-z][a-z-]*)", train_lines))
    table = settings_table()
    with_cli = [(key, kind, cli) for key, kind, cli in table if cli]
    assert len(with_cli) >= 10, table
    own = {"data", "labels", "trace", "model", "json", "dtype", "in-memory", "stream", "decimal"}
    for key, kind, cli in with_cli:
        assert cli in flags, f"--{cli} ({key}) missing from the usage:\n{usage}"
        if kind == "choice":
            # The usage's values are the names the setting accepts, as its own error lists them.
            err = run("train", "--data", path("textbook.csv"), f"--{cli}", "nonsense", expect=2).stderr
            named = re.search(rf"{key} must be (.*), got 'nonsense'", err)
            assert named, err
            names = re.split(r", | or ", named.group(1))
            assert f"[--{cli} {'|'.join(names)}]" in train_lines, (names, train_lines)
        elif kind == "boolean":
            assert f"[--{cli}]" in train_lines, train_lines
        # Every flag of the table is parsed as the setting (no unknown option).
        value = [] if kind == "boolean" else ["nonsense"]
        err = run("train", "--data", path("textbook.csv"), f"--{cli}", *value, expect=None).stderr
        assert "unknown option" not in err, (cli, err)
    for key, kind, cli in table:
        if not cli:
            assert key not in flags or key in own, f"--{key} in the usage but the table gives it no CLI flag"
    assert flags - own == {cli for _, _, cli in with_cli}, (flags - own, with_cli)
    # A setting's value reaches the run: --tau through the table, the margin learner's only.
    r = json.loads(run("train", "--data", path("textbook.csv"), "--algo", "margin", "--tau", 3, "--json").stdout)
    r0 = json.loads(run("train", "--data", path("textbook.csv"), "--algo", "margin", "--json").stdout)
    assert r["updates"] > r0["updates"], (r, r0)
    err = run("train", "--data", path("textbook.csv"), "--tau", -1, expect=2).stderr
    assert err.startswith("pla: --tau: ") and "usage:" in err, err


@check("README's pla train usage has the flags and choices of pla train --help")
def _():
    import re
    readme = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md"), encoding="utf-8").read()
    block = readme[readme.index("pla train   --data FILE"):readme.index("pla margin  --data FILE")]
    usage = run("train", "--help").stdout
    usage = usage[:usage.index("Data files:")]

    def options(text):
        # Each flag with the values it names: "--algo" -> "classic|pocket|...", "--restart" -> "".
        return dict(re.findall(r"--([a-z][a-z-]*)(?: ([^\]\s]+))?", text))

    assert options(block) == options(usage), (options(block), options(usage))


print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
