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
    if p.returncode != expect:
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


print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
