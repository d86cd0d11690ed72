#!/usr/bin/python3
"""Perceptron Lab speed benchmark (run by `./build.sh bench`; figures, not a test).

On the same generated data (separable, margin 0.01, LIBSVM text) and in the same run:
  - ours natively and as wasm under Node (tests/bench/epoch_bench.cpp), float64 and float32;
  - scikit-learn's Perceptron (Debian's python3-sklearn), timing only fit(), with the
    set-up cost separated from the epochs: per epoch = (t(max_iter=K+1) - t(max_iter=1)) / K;
  - liblinear's `train` (Debian's liblinear-tools), the fast linear classifier people
    reach for: time per pass of its default solver (dual coordinate descent, -B 1 for a
    bias), load time removed the same way ((t(K passes) - t(1 pass)) / (K - 1));
  - what memory allows: a plain read of the same data in its storage type, timed in the
    same process alternately with the epochs (the machine's bandwidth drifts with other
    tenants), so each figure is also a fraction of one pass at memory speed; the
    machine's single-core read bandwidth is printed too.
Steady epochs start at the separating plane the generator wrote, so no update happens
and an epoch is N scores (what a converged run costs per epoch); the first epoch from
w = 0 (with updates) is reported beside it.

Files end to end (the way people meet the tool): N x 32 separable points written with full
float digits as CSV and as .npy; whole-process times of `pla train --epochs K` against
numpy.loadtxt / numpy.load + scikit-learn fit(max_iter=K), the marginal epoch
((t(4 epochs) - t(1 epoch)) / 3) of each (checked on the training time each process measures
itself, the median of alternated pairs; scikit-learn's fits of 1 and 4 epochs alternate in one
process after a first fit; the whole-process difference is printed too), the CSV read in MB/s
per core (checked on user CPU time, the parse; user + system is printed too), and the peak memory
of a forced --stream run. (--files-only runs just this part, --files-n sets N.)

Usage: run_bench.py --native DIR --wasm DIR --work DIR [--epochs K] [--repeats R] [--keep-data] [--no-kernels]
                    [--files-n N] [--files-only]
(DIR: the CMake build folders holding tests/epoch_bench and tests/epoch_bench.js.)
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

# The targets, all relative to this machine and this run (no absolute MB/s or ms):
#   - every epoch path (native and wasm, float64 and float32) at >= MEMORY_SHARE of one plain
#     read of the same data (the memory-speed ceiling of any epoch in that storage);
#   - ratios to scikit-learn and liblinear measured in the same run, each capped at what the
#     ceiling allows (a float64 epoch cannot beat sklearn by more than its read beats sklearn's
#     epoch): the target is min(ratio, MEMORY_SHARE * ceiling / peer);
#   - the CSV read as a ratio to numpy.loadtxt's on the same file; the exact margin in passes
#     over its data at this machine's read speed.
MEMORY_SHARE = 0.85
SKLEARN_RATIO = 2.5
LIBLINEAR_RATIO = 1.0
WASM_WITHIN = 1.5
CSV_E2E_RATIO, NPY_E2E_RATIO, MARGINAL_RATIO = 3.0, 2.5, 2.5
CSV_PARSE_RATIO = 8.0        # the CSV read per core against numpy.loadtxt's
MARGIN_PASSES = {2: 4000, 32: 2400}  # compute_margin within this many plain reads of its data

SETS = [  # name, n, d, seed
    ("N=1,000,000 d=32", 1_000_000, 32, 1),
    ("N=200,000 d=256", 200_000, 256, 2),
]
MARGIN = 0.01


def log(msg):
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


def run_json(cmd):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            mem = f", {kb / 1024 / 1024:.0f} GB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return f"{model}, {os.cpu_count()} cores{mem}, {platform.system()} {platform.release()}"


def tool_version(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "?"


# ---------------------------------------------------------------- peers

def bench_sklearn(path, n, d, plane_w, plane_b, epochs, repeats, ours_checksum, ours_labels):
    import numpy as np
    from sklearn import __version__ as skv
    from sklearn.datasets import load_svmlight_file
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import Perceptron
    warnings.simplefilter("ignore", ConvergenceWarning)

    t0 = time.perf_counter()
    X, y = load_svmlight_file(path, n_features=d)
    X = np.ascontiguousarray(X.toarray(), dtype=np.float64)
    load = time.perf_counter() - t0
    same = abs(float(X.sum()) - ours_checksum) <= 1e-9 * max(1.0, float(np.abs(X).sum())) and int(y.sum()) == ours_labels
    coef = np.asarray(plane_w, dtype=np.float64).reshape(1, -1)
    icpt = np.array([plane_b])

    def fit(iters, warm):
        p = Perceptron(shuffle=False, tol=None, max_iter=iters, eta0=1.0, fit_intercept=True)
        t = time.perf_counter()
        if warm:
            p.fit(X, y, coef_init=coef, intercept_init=icpt)
        else:
            p.fit(X, y)
        return time.perf_counter() - t, p

    t1 = min(fit(1, True)[0] for _ in range(repeats))
    tk, p = min((fit(epochs + 1, True) for _ in range(repeats)), key=lambda r: r[0])
    steady = (tk - t1) / epochs
    no_updates = bool(np.array_equal(p.coef_, coef) and p.intercept_[0] == plane_b)
    setup = max(t1 - steady, 0.0)
    t0z = min(fit(1, False)[0] for _ in range(repeats))
    # From zero less the set-up of a warm fit: None (printed "-") when the noise leaves less than
    # a steady epoch, which a first epoch (the same scores and its updates) cannot take; a run
    # had printed 2.7 ms against 43.7 ms steady.
    first = t0z - setup if t0z - setup >= steady else None
    del X
    return {"impl": "sklearn", "version": skv, "dtype": "float64", "epoch_seconds": steady, "setup_seconds": setup,
            "first_epoch_seconds": first, "load_seconds": load, "no_updates": no_updates, "same_data": same, "n": n}


def bench_liblinear(exe, path, n, work):
    model = os.path.join(work, "liblinear.model")

    def run(eps):
        t = time.perf_counter()
        out = subprocess.run([exe, "-B", "1", "-e", str(eps), path, model], check=True,
                             capture_output=True, text=True).stdout
        secs = time.perf_counter() - t
        m = re.search(r"#iter = (\d+)", out)
        return secs, int(m.group(1)) if m else 0

    t1, k1 = run(1e9)      # stops after its first pass: load + one pass
    tk, k = run(0.1)       # the default tolerance
    passes = max(k - k1, 1)
    per = max(tk - t1, 1e-9) / passes
    if os.path.exists(model):
        os.remove(model)
    return {"impl": "liblinear", "dtype": "float64", "epoch_seconds": per, "passes": k, "n": n,
            "version": "2.3.0 (Debian liblinear-tools)", "solver": "default (-s 1), -B 1"}


# ---------------------------------------------------------------- files end to end

E2E_PEER = r"""
import sys, time, warnings
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron
warnings.simplefilter("ignore", ConvergenceWarning)
path, iters = sys.argv[1], int(sys.argv[2])
t = time.perf_counter()
if path.endswith(".npy"):
    A = np.load(path)
else:
    A = np.loadtxt(path, delimiter=",")
load = time.perf_counter() - t
X, y = np.ascontiguousarray(A[:, :-1]), A[:, -1]
t = time.perf_counter()
Perceptron(shuffle=False, tol=None, max_iter=iters, eta0=1.0).fit(X, y)
print('{"fit_seconds": %.9f, "load_seconds": %.9f}' % (time.perf_counter() - t, load))
"""

# scikit-learn's marginal epoch inside one process: a first fit (its first fit() in a process
# takes about 70 ms more, and varies by as much), then fits of 1 and 4 epochs alternating;
# prints the pairs of fit() seconds.
E2E_PEER_MARGINAL = r"""
import json, sys, time, warnings
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron
warnings.simplefilter("ignore", ConvergenceWarning)
path, pairs = sys.argv[1], int(sys.argv[2])
A = np.load(path)
X, y = np.ascontiguousarray(A[:, :-1]), A[:, -1]
def fit(iters):
    t = time.perf_counter()
    Perceptron(shuffle=False, tol=None, max_iter=iters, eta0=1.0).fit(X, y)
    return time.perf_counter() - t
fit(1)
print(json.dumps([[fit(1), fit(4)] for _ in range(pairs)]))
"""


def timed(cmd):
    """Wall seconds, CPU seconds (user + system) and peak RSS (MB) of one whole process, the
    training seconds it measured itself (the "seconds" / "fit_seconds" of the JSON line it
    prints last; None when it prints none), its user CPU seconds, and the seconds it took to
    load its data by its own measure ("load_seconds"; None when it prints none)."""
    with tempfile.TemporaryFile() as out:
        t = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            sys.exit(f"run_bench: {' '.join(cmd[:4])} ... failed with status {proc.returncode}")
        out.seek(0)
        lines = out.read().decode("utf-8", "replace").strip().splitlines()
    inner = load = None
    try:
        last = json.loads(lines[-1]) if lines else {}
        inner = last.get("seconds", last.get("fit_seconds"))
        load = last.get("load_seconds")
    except (ValueError, AttributeError):
        pass
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, inner, usage.ru_utime, load


def write_full_digit_data(work, n, d, seed):
    """n x d separable points (uniform in [-1, 1]^d, a random plane, margin 1e-3) as CSV
    with every float's full digits (%.17g, as numpy.savetxt or pandas write them) and
    labels -1/1, and the same array [X | y] as .npy (float64, C order)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    w = rng.normal(size=d)
    w /= np.linalg.norm(w)
    X = np.empty((0, d))
    while len(X) < n:
        Z = rng.uniform(-1.0, 1.0, (n, d))
        Z = Z[np.abs(Z @ w) >= 1e-3]
        X = np.vstack([X, Z])[:n]
    y = np.where(X @ w > 0, 1.0, -1.0)
    A = np.hstack([X, y[:, None]])
    csv, npy = os.path.join(work, f"full{d}.csv"), os.path.join(work, f"full{d}.npy")
    np.savetxt(csv, A, delimiter=",", fmt=["%.17g"] * d + ["%d"])
    np.save(npy, A)
    return csv, npy


def bench_files(pla, work, n, d, epochs, repeats):
    log(f"end to end: writing {n:,} x {d} full-digit CSV and .npy (numpy.savetxt takes a while)")
    csv, npy = write_full_digit_data(work, n, d, 3)
    # The files at rest: the kernel writes the 900 MB just written back to disk for a while,
    # on the same two cores the runs below are timed on.
    os.sync()
    py = "/usr/bin/python3"
    # Each figure is the minimum over the runs, taken apart for wall time, CPU time and
    # memory: other tenants of the machine only ever add time, and the marginal epoch is a
    # difference of two whole-process times (tens of ms inside about a second), so it takes
    # at least 5 runs of each.
    runs = max(repeats, 5)

    def minima(t):
        inner = [r[3] for r in t if r[3] is not None]
        return (min(r[0] for r in t), min(r[1] for r in t), min(r[2] for r in t), min(inner) if inner else None,
                min(r[4] for r in t), min(r[1] - r[4] for r in t))

    def best(cmd):
        return minima([timed(cmd) for _ in range(runs)])

    # The two runs of a marginal epoch alternate (1, 4, 1, 4, ...), so that a slow spell of the
    # machine falls on both alike rather than on one block of runs, and take 2 more runs each.
    # The marginal epoch is the median over the pairs of (t4 - t1) / 3: the difference of the
    # two minima once gave scikit-learn's epoch as 12.8 ms, faster than one read of its data
    # (11 ms) and against 28 ms from its 10-epoch fit, because its fit() has about 100 ms of
    # set-up that varies by tens of ms, and one lucky 1-epoch run decided it. With each
    # figure (wall 0, CPU 1, inner 3): the median and the least and greatest pair, in seconds.
    def best_pair(cmd1, cmd4):
        t1, t4 = [], []
        for _ in range(runs + 2):
            t1.append(timed(cmd1))
            t4.append(timed(cmd4))
        marginal = {}
        for i in (0, 1, 3):
            m = sorted((b[i] - a[i]) / 3 for a, b in zip(t1, t4) if a[i] is not None and b[i] is not None)
            marginal[i] = (statistics.median(m), m[0], m[-1]) if m else (float("nan"),) * 3
        return minima(t1), marginal

    train_cmd = lambda data, k, *extra: [pla, "train", "--data", data, "--epochs", str(k), "--json", *extra]
    train = lambda data, k, *extra: best(train_cmd(data, k, *extra))
    r = {"n": n, "d": d, "csv_bytes": os.path.getsize(csv), "npy_bytes": os.path.getsize(npy), "pairs": runs + 2}
    log("end to end: pla train from the CSV (10, 1 and 4 epochs; float64 and float32)")
    r["pla_csv_10"] = train(csv, epochs)
    # Marginal epochs from whole-process CPU times (user + system, one core): other tenants
    # of the machine shift wall times by more than an epoch; the wall figure is printed too.
    for dtype in ("float64", "float32"):
        t1, m = best_pair(*(train_cmd(csv, k, "--dtype", dtype) for k in (1, 4)))
        r[f"pla_marginal_{dtype}"] = m[1][0]
        r[f"pla_marginal_wall_{dtype}"] = m[0][0]
        r[f"pla_marginal_inner_{dtype}"] = m[3][0]
        r[f"pla_marginal_inner_range_{dtype}"] = m[3][1:]
        r[f"pla_csv_1_{dtype}"] = t1
    log("end to end: pla train from the .npy; forced streaming (peak memory)")
    r["pla_npy_10"] = train(npy, epochs)
    # Peak memory through GNU time: a child started from this (large) Python process inherits
    # its high-water mark in the rusage the kernel reports.
    out = subprocess.run(["/usr/bin/time", "-f", "%M", pla, "train", "--data", csv, "--epochs", "1", "--stream",
                          "--json"], check=True, capture_output=True, text=True).stderr
    r["pla_stream_rss_mb"] = int(out.strip().splitlines()[-1]) / 1024.0
    log("end to end: numpy.loadtxt + scikit-learn fit (one process; loadtxt is slow)")
    r["sk_csv_10"] = timed([py, "-c", E2E_PEER, csv, str(epochs)])
    log("end to end: numpy.load + scikit-learn fit, max_iter 1 and 4 (the marginal epoch) and 10")
    _, m = best_pair([py, "-c", E2E_PEER, npy, "1"], [py, "-c", E2E_PEER, npy, "4"])
    r["sk_marginal"] = m[1][0]
    r["sk_marginal_wall"] = m[0][0]
    # The checked figure: fit() times from one process (the first fit() of each process above
    # carries a set-up that varies by tens of ms, which made their pairs range from -12 to 45 ms).
    out = subprocess.run([py, "-c", E2E_PEER_MARGINAL, npy, str(runs + 2)], check=True, capture_output=True,
                         text=True).stdout
    m = sorted((b - a) / 3 for a, b in json.loads(out.strip().splitlines()[-1]))
    r["sk_marginal_inner"] = statistics.median(m)
    r["sk_marginal_inner_range"] = (m[0], m[-1])
    r["sk_npy_10"] = best([py, "-c", E2E_PEER, npy, str(epochs)])
    # The CSV read: a one-epoch run less the training time it measured, in wall time, in user
    # CPU time (the parse, on one core: checked) and in user + system CPU time. The system
    # time is mostly the kernel's first touch of the memory the data take (264 MB here) and
    # of the file's mapped pages; on a VM that reports free memory to its host it varies with
    # what ran before, from 0.05 to 0.8 s, the same for any reader that fills new memory.
    t1 = r["pla_csv_1_float64"]
    load_wall = max(t1[0] - t1[3], 1e-9)
    load_user = max(t1[4] - t1[3], 1e-9)
    load_cpu = max(t1[1] - t1[3], 1e-9)
    r["csv_mb_per_s_wall"] = r["csv_bytes"] / load_wall / 1e6
    r["csv_mb_per_s_user"] = r["csv_bytes"] / load_user / 1e6
    r["csv_mb_per_s_cpu"] = r["csv_bytes"] / load_cpu / 1e6
    r["csv_system_s"] = t1[5]
    for p_ in (csv, npy):
        os.remove(p_)
    return r


def print_files(r, epochs, p, checks, bandwidth=None):
    """The file benchmark's lines and targets; `bandwidth` (bytes/s, this run's single-core read)
    caps the marginal-epoch ratios at what one read of the data allows."""
    n, d = r["n"], r["d"]
    p(f"files end to end, {n:,} x {d} separable, full float digits (CSV {r['csv_bytes'] / 1e6:.0f} MB, "
      f".npy {r['npy_bytes'] / 1e6:.0f} MB); whole-process times, the minimum of 5 runs or more (marginal "
      f"epochs: the median of {r['pairs']} alternated pairs)")
    e2e = r["sk_csv_10"][0] / r["pla_csv_10"][0]
    p(f"  CSV, {epochs} epochs: pla train {r['pla_csv_10'][0]:.2f} s, numpy.loadtxt + sklearn fit "
      f"{r['sk_csv_10'][0]:.2f} s: {e2e:.2f}x")
    checks.append((f"CSV end to end {epochs} epochs >= {CSV_E2E_RATIO:g}x numpy.loadtxt + sklearn", e2e >= CSV_E2E_RATIO,
                   f"{e2e:.2f}x"))
    # The marginal epoch, (t(4 epochs) - t(1 epoch)) / 3, is checked with the training time
    # each process measures itself (pla's "seconds"; scikit-learn's fit() times, taken in one
    # process after a first fit):
    # the whole-process times carry the start-up and the load (about 1 s, varying by tens to
    # hundreds of ms between runs on a shared machine), and their difference, printed beside
    # it, is mostly that noise (it has come out negative).
    for dtype in ("float64", "float32"):
        inner, sk_inner = r[f"pla_marginal_inner_{dtype}"], r["sk_marginal_inner"]
        ratio = sk_inner / inner if inner > 0 else float("inf")
        lo, hi = r[f"pla_marginal_inner_range_{dtype}"]
        sk_lo, sk_hi = r["sk_marginal_inner_range"]
        p(f"  marginal epoch (t4 - t1) / 3, {dtype}, training time inside each process, median of the alternated "
          f"pairs: pla {inner * 1e3:.1f} ms (pairs {lo * 1e3:.1f} to {hi * 1e3:.1f}), sklearn (float64, fits in one "
          f"process) {sk_inner * 1e3:.1f} ms ({sk_lo * 1e3:.1f} to {sk_hi * 1e3:.1f}): {ratio:.2f}x")
        # Capped at what one read of the data at this machine's speed allows.
        target = MARGINAL_RATIO
        if bandwidth:
            read = n * d * (4 if dtype == "float32" else 8) / bandwidth
            target = min(target, MEMORY_SHARE * sk_inner / read)
        checks.append((f"marginal epoch {dtype} >= {target:.2f}x sklearn (min of {MARGINAL_RATIO:g}x and "
                       f"{MEMORY_SHARE:.0%} of the ceiling)", ratio >= target, f"{ratio:.2f}x"))
        p(f"    the same from whole-process CPU times: pla {r[f'pla_marginal_{dtype}'] * 1e3:.1f} ms, sklearn "
          f"{r['sk_marginal'] * 1e3:.1f} ms (wall: {r[f'pla_marginal_wall_{dtype}'] * 1e3:.1f} ms and "
          f"{r['sk_marginal_wall'] * 1e3:.1f} ms)")
    npy = r["sk_npy_10"][0] / r["pla_npy_10"][0]
    p(f"  .npy, {epochs} epochs: pla train {r['pla_npy_10'][0]:.2f} s, numpy.load + sklearn fit "
      f"{r['sk_npy_10'][0]:.2f} s: {npy:.2f}x")
    checks.append((f".npy end to end {epochs} epochs >= {NPY_E2E_RATIO:g}x numpy.load + sklearn", npy >= NPY_E2E_RATIO,
                   f"{npy:.2f}x"))
    p(f"  CSV read (a one-epoch run less its training time): {r['csv_mb_per_s_user']:.0f} MB/s per core in the "
      f"parse (user CPU time); {r['csv_mb_per_s_cpu']:.0f} MB/s with the kernel's page work (user + system CPU, "
      f"system time at least {r['csv_system_s']:.2f} s a run); {r['csv_mb_per_s_wall']:.0f} MB/s wall")
    # The read against numpy.loadtxt's on the same file in the same run (its own timing of the
    # load inside the process), not an absolute rate.
    lt = r["sk_csv_10"][5]
    if lt:
        lt_rate = r["csv_bytes"] / lt / 1e6
        parse = r["csv_mb_per_s_user"] / lt_rate
        p(f"  numpy.loadtxt on the same file: {lt_rate:.0f} MB/s (its load inside the process): pla's read per core "
          f"is {parse:.1f}x it")
        checks.append((f"CSV read per core (user CPU) >= {CSV_PARSE_RATIO:g}x numpy.loadtxt's", parse >= CSV_PARSE_RATIO,
                       f"{parse:.1f}x: {r['csv_mb_per_s_user']:.0f} against {lt_rate:.0f} MB/s"))
    rss = r["pla_stream_rss_mb"]
    p(f"  forced streaming (--stream, 1 epoch): peak RSS {rss:.0f} MB for a {r['csv_bytes'] / 1e6:.0f} MB file")
    checks.append(("forced streaming keeps O(d) memory (peak RSS < 64 MB)", rss < 64, f"{rss:.0f} MB"))


# ---------------------------------------------------------------- table

def fmt_rate(x):
    return f"{x / 1e6:8.1f}"


def arguments():
    ap = argparse.ArgumentParser()
    ap.add_argument("--native", required=True)
    ap.add_argument("--wasm", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--keep-data", action="store_true", help="keep the generated files (about 900 MB)")
    ap.add_argument("--no-kernels", action="store_true", help="skip the Google Benchmark kernel cases")
    ap.add_argument("--files-n", type=int, default=1_000_000, help="rows of the end-to-end file benchmark")
    ap.add_argument("--files-only", action="store_true", help="only the end-to-end file benchmark")
    return ap.parse_args()


def files_only(a, pla):
    """--files-only: the end-to-end file benchmark alone, with its targets."""
    if not os.path.exists(pla):
        sys.exit(f"run_bench: {pla} is missing (build the pla target first)")
    r = bench_files(pla, a.work, a.files_n, 32, a.epochs, a.repeats)
    lines, checks = [f"machine: {machine()}"], []
    print_files(r, a.epochs, lines.append, checks)
    lines.append("targets:")
    lines += [f"  [{'PASS' if ok else 'FAIL'}] {what} ({detail})" for what, ok, detail in checks]
    print("\n".join(lines))


def measure(a, native, wasm_cmd, kernels, liblinear, pla, node):
    """Every measurement: each data set in both dtypes natively and in wasm, scikit-learn and
    liblinear on it, the file benchmark, the exact margin, the read bandwidth; the kernel cases
    are printed as they run."""
    results = {"date": datetime.date.today().isoformat(), "machine": machine(),
               "node": tool_version([node, "--version"]), "sets": []}
    bws = []

    def bandwidth():
        bws.append(run_json([native, "bandwidth", "--mb", "1024"])["gb_per_s"] * 1e9)

    log("single-core read bandwidth")
    bandwidth()
    for name, n, d, seed in SETS:
        tag = f"d{d}"
        data = os.path.join(a.work, f"{tag}.libsvm")
        plane = os.path.join(a.work, f"{tag}.plane")
        if not (os.path.exists(data) and os.path.exists(plane)):
            log(f"generating {name} (separable, margin {MARGIN})")
            run_json([native, "gen", "--n", str(n), "--d", str(d), "--margin", str(MARGIN), "--seed", str(seed),
                      "--out", data, "--plane", plane])
        with open(plane) as f:
            nums = f.read().split()
        plane_w, plane_b = [float(v) for v in nums[:d]], float(nums[d])
        rows = []
        for dtype in ("float64", "float32"):
            for where, cmd in (("native", [native]), ("wasm", wasm_cmd)):
                log(f"{name}: ours, {where}, {dtype}")
                r = run_json(cmd + ["epochs", "--data", data, "--plane", plane, "--dtype", dtype,
                                    "--epochs", str(a.epochs), "--repeats", str(a.repeats)])
                rows.append(r)
        bandwidth()
        ours64 = rows[0]
        log(f"{name}: scikit-learn Perceptron (loading the LIBSVM file takes a while)")
        sk = bench_sklearn(data, n, d, plane_w, plane_b, a.epochs, a.repeats, ours64["checksum"], ours64["label_sum"])
        log(f"{name}: liblinear train -s 3")
        ll = bench_liblinear(liblinear, data, n, a.work)
        results["sets"].append({"name": name, "n": n, "d": d, "ours": rows, "sklearn": sk, "liblinear": ll})
        if not a.keep_data:
            for p in (data, plane):
                os.remove(p)

    results["files"] = bench_files(pla, a.work, a.files_n, 32, a.epochs, a.repeats) if os.path.exists(pla) else None

    log("exact-margin solver (compute_margin) on N=100,000")
    results["margin"] = [run_json([native, "margin", "--n", "100000", "--d", str(d), "--margin", str(MARGIN)])
                         for d in (2, 32)]
    bandwidth()
    results["bandwidth_bytes_per_s"] = max(bws)
    results["bandwidth_runs"] = bws

    if not a.no_kernels and os.path.exists(kernels):
        log("Google Benchmark kernel cases (tests/bench/kernels_bench.cpp), fastest level")
        cases = "(scan_f64|scan_f32)/(avx512|avx2|sse2)/.*memory|first_epoch|parse_csv"
        subprocess.run([kernels, "--benchmark_filter=" + cases,
                        "--benchmark_min_time=0.2"], check=False, stdout=sys.stderr)
    return results


def print_sets(results, p, checks):
    """The table's rows: each data set, ours natively and in wasm, scikit-learn and liblinear."""
    head = (f"{'data set':<18} {'implementation':<34} {'dtype':<8} {'steady M/s':>10} {'x sklearn':>9} "
            f"{'x liblinear':>11} {'of memory':>9} {'first M/s':>9}")
    p(head)
    p("-" * len(head))
    for s in results["sets"]:
        n, d = s["n"], s["d"]
        sk_rate = n / s["sklearn"]["epoch_seconds"]
        ll_rate = n / s["liblinear"]["epoch_seconds"]
        # One pass over this data at memory speed, per storage type (the native read pass).
        read = {r["dtype"]: r["read_pass_seconds"] for r in s["ours"] if r["platform"] == "native"}
        first_set = True
        native_rate = {}
        for r in s["ours"]:
            rate = n / r["epoch_seconds"]
            frac = read[r["dtype"]] / r["epoch_seconds"]
            label = f"pla {r['platform']} ({r['level']})"
            p(f"{s['name'] if first_set else '':<18} {label:<34} {r['dtype']:<8} {fmt_rate(rate):>10} "
              f"{rate / sk_rate:8.2f}x {rate / ll_rate:10.2f}x {frac * 100:8.0f}% "
              f"{fmt_rate(n / r['first_epoch_seconds']):>9}")
            first_set = False
            where = f"{s['name']} {r['dtype']} {r['platform']}"
            checks.append((f"{where}: >= {MEMORY_SHARE:.0%} of one pass at memory speed", frac >= MEMORY_SHARE,
                           f"{frac * 100:.0f}%"))
            if r["platform"] == "native":
                native_rate[r["dtype"]] = rate
                ceiling = n / read[r["dtype"]]
                for peer, peer_rate, nominal in (("scikit-learn", sk_rate, SKLEARN_RATIO),
                                                 ("liblinear", ll_rate, LIBLINEAR_RATIO)):
                    target = min(nominal, MEMORY_SHARE * ceiling / peer_rate)
                    checks.append((f"{where}: >= {target:.2f}x {peer} (min of {nominal:g}x and {MEMORY_SHARE:.0%} "
                                   f"of the ceiling, {ceiling / peer_rate:.2f}x)", rate / peer_rate >= target,
                                   f"{rate / peer_rate:.2f}x"))
            else:
                ratio = native_rate[r["dtype"]] / rate
                checks.append((f"{where}: within {WASM_WITHIN:g}x of native", ratio <= WASM_WITHIN,
                               f"native / wasm = {ratio:.2f}"))
            if r["epoch_updates"] != 0:
                checks.append((f"{s['name']} {label} {r['dtype']}: steady epochs made no update", False,
                               f"{r['epoch_updates']} updates"))
        sk = s["sklearn"]
        p(f"{'':<18} {'scikit-learn ' + sk['version'] + ' Perceptron':<34} {'float64':<8} {fmt_rate(sk_rate):>10} "
          f"{1.0:8.2f}x {sk_rate / ll_rate:10.2f}x {read['float64'] * sk_rate / n * 100:8.0f}% "
          f"{fmt_rate(n / sk['first_epoch_seconds']) if sk['first_epoch_seconds'] else '-':>9}")
        p(f"{'':<18} {'liblinear 2.3.0 train (a pass)':<34} {'float64':<8} {fmt_rate(ll_rate):>10} "
          f"{ll_rate / sk_rate:8.2f}x {1.0:10.2f}x {'-':>9} {'':>9}")
        if not sk["same_data"]:
            checks.append((f"{s['name']}: scikit-learn read the same values as ours", False, "checksums differ"))
        if not sk["no_updates"]:
            checks.append((f"{s['name']}: scikit-learn's steady epochs made no update", False, "weights changed"))


def report(results, a):
    """The table, the ceilings, the margin, the file benchmark and the targets: printed and
    written to WORK/table.txt, with the measurements in WORK/results.json."""
    lines = []
    p = lines.append
    p(f"Perceptron Lab speed benchmark, {results['date']}")
    p(f"machine: {results['machine']}; Node {results['node']}")
    chosen = {}
    for s in results["sets"]:
        for r in s["ours"]:
            chosen.setdefault(r["platform"], r["level"])
    p("SIMD level chosen at run time: " + ", ".join(f"{k} {v}" for k, v in chosen.items()))
    p(f"single-core read bandwidth (best of {len(results['bandwidth_runs'])} 1 GB reads in this run): "
      f"{results['bandwidth_bytes_per_s'] / 1e9:.1f} GB/s")
    p("classic perceptron, per-epoch throughput on the same data (separable, margin 0.01), load time excluded;")
    p("steady = an epoch after convergence (no update: N scores); first = the first epoch from w = 0 (with updates)")
    p("")
    checks = []
    print_sets(results, p, checks)
    p("")
    for s in results["sets"]:
        sk_rate = s["n"] / s["sklearn"]["epoch_seconds"]
        for r in s["ours"]:
            if r["platform"] == "native":
                ceiling = s["n"] / r["read_pass_seconds"]
                ll_rate = s["n"] / s["liblinear"]["epoch_seconds"]
                p(f"one pass over {s['name']} in {r['dtype']} at memory speed: {r['read_pass_seconds'] * 1e3:.2f} ms "
                  f"({r['data_bytes'] / r['read_pass_seconds'] / 1e9:.1f} GB/s), the ceiling of any epoch in "
                  f"that storage: {ceiling / 1e6:.1f} M/s = {ceiling / sk_rate:.2f}x scikit-learn = "
                  f"{ceiling / ll_rate:.2f}x liblinear; {MEMORY_SHARE:.0%} of it: {MEMORY_SHARE * ceiling / 1e6:.1f} M/s")
    p("")
    bw = results["bandwidth_bytes_per_s"]
    for m in results["margin"]:
        # In plain reads of its data (N x d doubles) at this run's read speed.
        read = m["n"] * m["d"] * 8 / bw
        passes, limit = m["seconds"] / read, MARGIN_PASSES[m["d"]]
        p(f"exact margin (compute_margin), N={m['n']:,} d={m['d']}: {m['seconds']:.3f} s = {passes:.0f} reads of its "
          f"data at {bw / 1e9:.1f} GB/s (target <= {limit})")
        checks.append((f"exact margin N={m['n']:,} d={m['d']} within {limit} reads of its data", passes <= limit,
                       f"{passes:.0f} reads, {m['seconds']:.3f} s"))
    p("")
    if results.get("files"):
        print_files(results["files"], a.epochs, p, checks, results["bandwidth_bytes_per_s"])
        p("")
    p("scikit-learn: fit() only, per epoch = (t(max_iter=K+1) - t(max_iter=1)) / K started at the same plane;")
    p("liblinear: passes of its default dual coordinate descent ((t(K passes) - t(1 pass)) / (K-1)); its")
    p("shrinking skips points in later passes, so a pass is not a full epoch (no memory fraction given).")
    p("of memory: one plain read of the same data, timed alternately in the same process, / the epoch time.")
    p(f"targets: every epoch path at >= {MEMORY_SHARE:.0%} of that read; ratios to the peers measured here, each capped at")
    p(f"{MEMORY_SHARE:.0%} of what the ceiling allows (so each can be met on any machine whose epochs reach memory speed).")
    p("")
    p("targets:")
    for what, ok, detail in checks:
        p(f"  [{'PASS' if ok else 'FAIL'}] {what} ({detail})")
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(a.work, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    with open(os.path.join(a.work, "table.txt"), "w") as f:
        f.write(text + "\n")
    log(f"written {os.path.join(a.work, 'table.txt')} and results.json")


def main():
    a = arguments()
    os.makedirs(a.work, exist_ok=True)
    native = os.path.join(a.native, "tests", "epoch_bench")
    wasm = os.path.join(a.wasm, "tests", "epoch_bench.js")
    kernels = os.path.join(a.native, "tests", "kernels_bench")
    node = shutil.which("node") or "node"
    liblinear = shutil.which("liblinear-train") or shutil.which("train")
    pla = os.path.join(a.native, "pla")
    if a.files_only:
        files_only(a, pla)
        return
    for f in (native, wasm):
        if not os.path.exists(f):
            sys.exit(f"run_bench: {f} is missing (build the pla_bench target first)")
    if not liblinear:
        sys.exit("run_bench: liblinear-train not found (apt install liblinear-tools)")
    results = measure(a, native, [node, "--no-experimental-fetch", wasm], kernels, liblinear, pla, node)
    report(results, a)


if __name__ == "__main__":
    main()
