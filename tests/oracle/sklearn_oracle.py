#!/usr/bin/python3
"""Oracle test: our classic cyclic PLA (`pla train`) against scikit-learn's Perceptron.

sklearn.linear_model.Perceptron(shuffle=False, tol=None, eta0=eta, max_iter=E) on dense
float64 data is the textbook cyclic perceptron (w, b start at 0; a mistake when
y (w.x + b) <= 0; w += eta y x, b += eta y). After the same number of epochs our w and b
must agree to the last bit (or within 1e-12 relative). Data sets come from numpy here,
independent of the project's own generators.

Usage: sklearn_oracle.py PLA_BINARY WORK_DIR
"""
import json
import os
import subprocess
import sys
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron

warnings.simplefilter("ignore", ConvergenceWarning)


def datasets():
    rng = np.random.default_rng(20261121)
    out = []
    # 1. the textbook set
    out.append(("textbook", np.array([[3, 3], [4, 3], [1, 1]], float), np.array([1, 1, -1]), 0.5, 20))
    # 2. separable 2-D with a margin
    w = np.array([0.8, -0.6])
    x = rng.uniform(-5, 5, size=(400, 2))
    s = x @ w + 0.7
    keep = np.abs(s) > 0.3
    out.append(("separable-2d", x[keep], np.where(s[keep] >= 0, 1, -1), 1.0, 50))
    # 3. separable 10-D, eta 0.1
    w = rng.normal(size=10)
    x = rng.normal(size=(500, 10))
    s = x @ w - 0.2
    out.append(("separable-10d", x, np.where(s >= 0, 1, -1), 0.1, 30))
    # 4. noisy (not separable), 5-D
    w = rng.normal(size=5)
    x = rng.uniform(-1, 1, size=(300, 5))
    y = np.where(x @ w >= 0, 1, -1)
    flip = rng.choice(300, 30, replace=False)
    y[flip] = -y[flip]
    out.append(("noisy-5d", x, y, 0.25, 40))
    # 5. XOR-like clusters (not separable)
    c = np.array([[0, 0], [1, 1], [0, 1], [1, 0]], float)
    lab = np.array([-1, -1, 1, 1])
    idx = rng.integers(0, 4, 200)
    out.append(("xor", c[idx] + rng.normal(scale=0.15, size=(200, 2)), lab[idx], 1.0, 25))
    # 6. overlapping Gaussian blobs, 3-D, 0/1 labels in the file
    a = rng.normal(loc=0.0, size=(150, 3))
    b = rng.normal(loc=1.0, size=(150, 3))
    out.append(("blobs-3d", np.vstack([a, b]), np.array([-1] * 150 + [1] * 150), 0.01, 15))
    return out


def write_csv(path, x, y, zero_one=False):
    with open(path, "w") as f:
        f.write(",".join(f"x{j + 1}" for j in range(x.shape[1])) + ",label\n")
        for row, label in zip(x, y):
            written = (1 if label > 0 else 0) if zero_one else int(label)
            f.write(",".join(repr(float(v)) for v in row) + f",{written}\n")


def main():
    pla, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    failures = 0
    for name, x, y, eta, epochs in datasets():
        path = os.path.join(work, f"oracle-{name}.csv")
        write_csv(path, x, y, zero_one=name.startswith("blobs"))
        ref = Perceptron(shuffle=False, tol=None, eta0=eta, max_iter=epochs, fit_intercept=True)
        ref.fit(x, y)
        proc = subprocess.run([pla, "train", "--data", path, "--algo", "classic", "--eta", repr(eta),
                               "--epochs", str(epochs), "--json"], capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"FAIL {name}: pla exited {proc.returncode}: {proc.stderr.strip()}")
            failures += 1
            continue
        got = json.loads(proc.stdout)
        w_ref, b_ref = ref.coef_[0], float(ref.intercept_[0])
        w, b = np.array(got["w"], float), float(got["b"])
        exact = np.array_equal(w, w_ref) and b == b_ref
        scale = max(1.0, float(np.max(np.abs(w_ref))), abs(b_ref))
        close = np.max(np.abs(w - w_ref)) <= 1e-12 * scale and abs(b - b_ref) <= 1e-12 * scale
        status = "bit-exact" if exact else ("within 1e-12" if close else "MISMATCH")
        print(f"{'ok  ' if close else 'FAIL'} {name}: n={len(y)} d={x.shape[1]} eta={eta} epochs={epochs} "
              f"updates={got.get('updates')} converged={got.get('converged')} -> {status}")
        if not close:
            print(f"     sklearn w={w_ref.tolist()} b={b_ref}\n     pla     w={w.tolist()} b={b}")
            failures += 1
    print(f"{failures} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
