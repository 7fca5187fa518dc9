"""Mutation score of the fast library tests: how many single-point mutants they kill.

Each mutant changes one comparison, constant or operand in confusion, binary,
multiclass, thresholds, intervals or batch (the modules of the 0.2.0 audit,
which killed 21 of its 25 with the fast subset). For each mutant the library is
copied to a scratch folder, the one change is applied there, and the fast tests
(``-m "not slow"``, library tests only, stopping at the first failure) run
against the copy. A mutant is killed when a test fails. The repository is never
modified.

    python benchmarks/mutation_score.py            # all mutants, about 10-20 min on 2 cores
    python benchmarks/mutation_score.py C1 T1      # some of them

Target: at least 95 % killed (27 of 28).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIB = "imbalance_lib"

# (id, file, original text, mutated text): each original occurs exactly once in its file.
MUTANTS = [
    ("C1", "confusion.py", "    span = hi - lo + 1\n", "    span = hi - lo\n"),
    ("C2", "confusion.py", "off[~inside] = hi - lo + 1", "off[~inside] = hi - lo"),
    ("C3", "confusion.py", "keep = (ti >= 0) & (pi >= 0)", "keep = (ti >= 0) | (pi >= 0)"),
    ("C4", "confusion.py", "if len(np.unique(L)) != len(L):", "if len(np.unique(L)) > len(L):"),
    ("C5", "confusion.py", "    if t.shape[0] != p.shape[0]:", "    if t.shape[0] > p.shape[0]:"),
    ("C6", "confusion.py", "fine = w.min() >= 0 and", "fine = w.min() >= -1 and"),
    ("B1", "binary.py", "ratio(tn, n), (p == 0) | (n == 0)", "ratio(tn, n), (p == 0) & (n == 0)"),
    ("B2", "binary.py", "value = (1 + a * (t - s)) * t * s", "value = (1 + a * (s - t)) * t * s"),
    ("B3", "binary.py", "np.where(t + s == 0, -1.0, acc", "np.where(t + s == 0, 0.0, acc"),
    ("B4", "binary.py", "den = 2 * tp + fp + fn", "den = 2 * tp + fp"),
    ("B5", "binary.py", "value = a * t + (1 - a) * s", "value = a * s + (1 - a) * t"),
    ("B6", "binary.py", "return np.where(s == 0, 0.0, 2 * a * b", "return np.where(s == 0, 1.0, 2 * a * b"),
    ("M1", "multiclass.py", "    m = np.maximum(r, s)\n    return class_mean(\n        ratio(d, m)",
     "    m = np.minimum(r, s)\n    return class_mean(\n        ratio(d, m)"),
    ("M2", "multiclass.py", "off = np.maximum(r - d, s - d)", "off = np.minimum(r - d, s - d)"),
    ("M3", "multiclass.py", "num, _, _, den = _agreement(C)", "num, _, den, _ = _agreement(C)"),
    ("M4", "multiclass.py", "o = np.maximum(ro - b, 0.0)", "o = np.maximum(ro - a, 0.0)"),
    ("M5", "multiclass.py", "ratio(last_sum(d), n), n == 0", "ratio(last_sum(d), n), n < 0"),
    ("T1", "thresholds.py", "_TIE_TOL = 1e-12", "_TIE_TOL = 1e-3"),
    ("T2", "thresholds.py", "np.minimum.accumulate(fn[::-1], out=fn[::-1])",
     "np.maximum.accumulate(fn[::-1], out=fn[::-1])"),
    ("T3", "thresholds.py", "    if y.shape[0] != n_scores:", "    if y.shape[0] > n_scores:"),
    ("I1", "intervals.py", "too_many = (share > max_undefined)", "too_many = (share >= max_undefined)"),
    ("I2", "intervals.py", "np.ceil(2 / (1 - confidence)", "np.ceil(1 / (1 - confidence)"),
    ("I3", "intervals.py", "(d > 0) + 0.5 * (d == 0)", "(d >= 0) + 0.5 * (d == 0)"),
    ("I4", "intervals.py", "hi = np.minimum(lo + 1,", "hi = np.minimum(lo + 2,"),
    ("K1", "intervals.py", "np.sqrt(np.log(np.maximum(n, 2)))", "np.log(np.maximum(n, 2))"),
    ("K2", "intervals.py", "tied = (np.abs(a_hat - b_hat) <= kappa)",
     "tied = (np.abs(a_hat - b_hat) < kappa)"),
    ("K3", "intervals.py", "active = np.where((a_hat < b_hat)[:, None, :], h_a, h_b)",
     "active = np.where((a_hat < b_hat)[:, None, :], h_b, h_a)"),
    ("A1", "batch.py", "return np.maximum(self.n, self.pn, out=self.new())",
     "return np.minimum(self.n, self.pn, out=self.new())"),
]

# -P: the working directory is not put on sys.path, so the copy on PYTHONPATH is imported
FAST = ["-P", "-m", "pytest", "tests", "--ignore=tests/browser", "-m", "not slow", "-x", "-q",
        "-p", "no:cacheprovider", "-p", "no:randomly", "--no-header", "-o", "addopts="]


def _apply(folder: Path, mutant) -> None:
    _, name, old, new = mutant
    path = folder / LIB / name
    text = path.read_text()
    if text.count(old) != 1:
        raise SystemExit(f"mutant {mutant[0]}: the original text occurs {text.count(old)} "
                         f"times in {name}; update MUTANTS")
    path.write_text(text.replace(old, new))


def main(selected: list[str]) -> int:
    mutants = [m for m in MUTANTS if not selected or m[0] in selected]
    for m in mutants:  # check every mutant applies before spending any time
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(ROOT / LIB, Path(tmp) / LIB)
            _apply(Path(tmp), m)
    killed, survived = [], []
    start = time.perf_counter()
    probe = subprocess.run([sys.executable, *FAST], cwd=ROOT, capture_output=True, text=True)
    if probe.returncode != 0:
        print(probe.stdout[-3000:])
        raise SystemExit("the fast tests fail on the unmutated library: nothing to measure")
    print(f"unmutated library: the fast tests pass in {time.perf_counter() - start:.0f} s",
          flush=True)
    for i, m in enumerate(mutants, 1):
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(ROOT / LIB, Path(tmp) / LIB,
                            ignore=shutil.ignore_patterns("__pycache__"))
            _apply(Path(tmp), m)
            env = {**os.environ, "PYTHONPATH": tmp, "PYTHONDONTWRITEBYTECODE": "1"}
            t0 = time.perf_counter()
            run = subprocess.run([sys.executable, *FAST], cwd=ROOT, env=env,
                                 capture_output=True, text=True)
            took = time.perf_counter() - t0
        # pytest exits 1 when a test failed; anything else (2-5) is not a kill
        (killed if run.returncode == 1 else survived).append(m[0])
        verdict = "killed" if run.returncode == 1 else f"SURVIVED (exit {run.returncode})"
        print(f"[{i}/{len(mutants)}] {m[0]} {m[1]}: {verdict} in {took:.0f} s", flush=True)
    n = len(mutants)
    print(f"\nmutation score: {len(killed)}/{n} killed ({100 * len(killed) / n:.0f} %), "
          f"target >= 95 %; survivors: {', '.join(survived) or 'none'}; "
          f"{time.perf_counter() - start:.0f} s")
    return 0 if len(killed) >= 0.95 * n else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
