"""Threshold sweeps and optimal operating points against scikit-learn and a per-threshold loop."""

from __future__ import annotations

import numpy as np
from sklearn.metrics import confusion_matrix_at_thresholds

import imbalance_lib as il
from benchmarks._timing import Row, best_of

N_SWEEP = 1_000_000  # scores in the sweep benchmarks
N_LOOP = 10_000  # scores in the loop baseline (a Python loop over 1M cuts would take hours)


def _data(n: int, decimals: int | None, seed: int = 0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    scores = rng.normal(loc=y, scale=1.0)
    if decimals is not None:
        scores = np.round(scores, decimals)
    return y, scores


def _all_metrics(C) -> None:
    for info in il.METRICS.values():
        info.func(C, zero_division=0.0, **info.params)


def _sklearn_sweep(y, s):
    tns, fps, fns, tps, thr = confusion_matrix_at_thresholds(y, s)
    return thr, il.binary_matrix(tps, fns, fps, tns)


def _loop_optimum(y, s):
    """Baseline: one label-based confusion matrix per distinct threshold, in Python."""
    best, best_t = -np.inf, None
    for t in np.r_[np.unique(s), np.inf]:
        C = il.confusion_matrix(y, (s >= t).astype(np.int64), labels=[0, 1])
        v = il.ac(C, zero_division=0.0)
        if v > best:
            best, best_t = v, t
    return best_t, best


def run() -> list[Row]:
    rows = []
    for decimals, label in [(None, "distinct"), (3, "rounded to 3 decimals")]:
        y, s = _data(N_SWEEP, decimals)
        ours = best_of(lambda: il.threshold_sweep(y, s), repeat=7)
        theirs = best_of(lambda: confusion_matrix_at_thresholds(y, s), repeat=7)
        rows.append(Row(f"threshold_sweep, 1M scores ({label})", ours,
                        "confusion_matrix_at_thresholds", theirs, "no slower (>= 1x)"))
        n_metrics = len(il.METRICS)
        ours = best_of(lambda: _all_metrics(il.threshold_sweep(y, s)[1]), repeat=2)
        theirs = best_of(lambda: _all_metrics(_sklearn_sweep(y, s)[1]), repeat=2)
        rows.append(Row(f"sweep + {n_metrics} metrics, 1M scores ({label})", ours,
                        "sklearn sweep + same metrics", theirs, "no slower (>= 1x)"))
    y, s = _data(N_LOOP, None, seed=1)
    ours = best_of(lambda: il.optimal_operating_point(y, s, metric="ac"), repeat=5)
    theirs = best_of(lambda: _loop_optimum(y, s), repeat=1)
    rows.append(Row("optimal_operating_point (AC), 10k scores", ours,
                    "loop: il.confusion_matrix per cut", theirs, ">= 100x"))
    return rows
