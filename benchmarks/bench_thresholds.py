"""Threshold sweeps: growth, memory, all metrics at all thresholds; against sklearn and a loop."""

from __future__ import annotations

import math

import numpy as np
from sklearn.metrics import confusion_matrix_at_thresholds

import imbalance_lib as il
from benchmarks._timing import Row, at_least, median_of, peak_memory
from imbalance_lib.batch import _threads as batch_threads

N_SWEEP = 1_000_000  # scores in the comparisons with scikit-learn
N_BIG = 10_000_000  # scores of the all-metrics-at-all-thresholds target
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


def _loop_optimum(y, s):
    """Baseline: one label-based confusion matrix per distinct threshold, in Python."""
    best, best_t = -np.inf, None
    for t in np.r_[np.unique(s), np.inf]:
        C = il.confusion_matrix(y, (s >= t).astype(np.int64), labels=[0, 1])
        v = il.ac(C, zero_division=0.0)
        if v > best:
            best, best_t = v, t
    return best_t, best


def _metrics_time(matrices) -> float:
    return median_of(lambda: _all_metrics(matrices), repeat=3)


def _fast_time(matrices, n_threads=None) -> float:
    return median_of(lambda: il.all_metrics(matrices, zero_division=0.0, n_threads=n_threads),
                     repeat=5)


def run() -> list[Row]:
    rows = []
    for decimals, label in [(None, "distinct"), (3, "rounded to 3 decimals")]:
        y, s = _data(N_SWEEP, decimals)
        ours = median_of(lambda: il.threshold_sweep(y, s), repeat=5)
        theirs = median_of(lambda: confusion_matrix_at_thresholds(y, s), repeat=5)
        rows.append(Row(f"threshold_sweep, 1M scores ({label})", ours,
                        "confusion_matrix_at_thresholds", theirs, "no slower (>= 1x)",
                        at_least(1.0)))
        w = np.random.default_rng(1).random(N_SWEEP)
        ours_w = median_of(lambda: il.threshold_sweep(y, s, sample_weight=w), repeat=3)
        theirs_w = median_of(lambda: confusion_matrix_at_thresholds(y, s, sample_weight=w),
                             repeat=3)
        rows.append(Row(f"  ... with float sample_weight ({label})", ours_w,
                        "confusion_matrix_at_thresholds", theirs_w, "no slower (>= 1x)",
                        at_least(1.0)))
    # growth: O(n log n) means t(10n)/t(n) close to 10 * log(10n)/log(n)
    times = {}
    for n in (100_000, 1_000_000, N_BIG):
        y, s = _data(n, None)
        times[n] = median_of(lambda: il.threshold_sweep(y, s), repeat=3)
    def exponent(a, b):
        return math.log(times[b] / times[a]) / math.log(b / a)

    nlogn = math.log10(10 * math.log(N_BIG) / math.log(N_BIG // 10))
    # 1e5 fits in the processor's caches and 1e7 does not: the growth that counts is
    # between sizes that both live in main memory (1e6 -> 1e7); 1e5 -> 1e7 is shown too
    b_main, b_all = exponent(1_000_000, N_BIG), exponent(100_000, N_BIG)
    rows.append(Row("threshold_sweep growth 1e6 -> 1e7 (t ~ n^b)", times[N_BIG],
                    "the sweep at 1e6", times[1_000_000], f"b <= {nlogn + 0.1:.2f} (n log n)",
                    lambda r, b=b_main: b <= nlogn + 0.1, f"b={b_main:.2f}"))
    rows.append(Row("threshold_sweep growth 1e5 -> 1e7 (t ~ n^b)", times[N_BIG],
                    "the sweep at 1e5", times[100_000], "b <= 1.25 (caches)",
                    lambda r, b=b_all: b <= 1.25, f"b={b_all:.2f}"))
    y, s = _data(N_BIG, None)
    ratio = peak_memory(lambda: il.threshold_sweep(y, s)) / (y.nbytes + s.nbytes)
    rows.append(Row("threshold_sweep peak memory / input, 1e7 distinct", times[N_BIG],
                    "(memory, output included)", times[N_BIG], "<= 3x the input",
                    lambda r, q=ratio: q <= 3, f"{ratio:.2f}x"))
    # all metrics at all thresholds of 1e7 scores, against the sweep alone
    # (il.all_metrics: one pass sharing intermediates, its blocks shared by one thread
    # per core; the single thread and the per-metric path are shown too)
    sweep = median_of(lambda: il.threshold_sweep(y, s), repeat=5)  # measured next to them
    stack = il.threshold_sweep(y, s)[1]
    cores = batch_threads(None)
    fast = _fast_time(stack)
    rows.append(Row(f"1e7 sweep + {len(il.METRICS)} metrics, all_metrics ({cores} threads)",
                    sweep + fast, "the sweep alone", sweep, ">= 0.7x", at_least(0.7)))
    single = _fast_time(stack, n_threads=1)
    rows.append(Row("  ... all_metrics in one thread", sweep + single, "the sweep alone", sweep,
                    "within 2x (>= 0.5x)", at_least(0.5)))
    metrics = _metrics_time(stack)
    del stack
    rows.append(Row(f"  ... each of the {len(il.METRICS)} metric functions in turn",
                    sweep + metrics, "the sweep alone", sweep, ">= 0.35x", at_least(0.35)))
    y, s = _data(N_SWEEP, 3)
    ours = median_of(lambda: _all_metrics(il.threshold_sweep(y, s)[1]), repeat=3)

    def sk_all():
        tns, fps, fns, tps, _ = confusion_matrix_at_thresholds(y, s)
        _all_metrics(il.binary_matrix(tps, fns, fps, tns))

    rows.append(Row(f"sweep + {len(il.METRICS)} metrics, 1M scores (rounded)", ours,
                    "sklearn sweep + same metrics", median_of(sk_all, repeat=3),
                    "no slower (>= 1x)", at_least(1.0)))
    y, s = _data(N_LOOP, None, seed=1)
    ours = median_of(lambda: il.optimal_operating_point(y, s, metric="ac"), repeat=5)
    theirs = median_of(lambda: _loop_optimum(y, s), repeat=1)
    rows.append(Row("optimal_operating_point (AC), 10k scores", ours,
                    "loop: il.confusion_matrix per cut", theirs, ">= 100x", at_least(100)))
    return rows
