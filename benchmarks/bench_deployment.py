"""Deployment: metrics at a prevalence, expected cost, net benefit and the least-cost cut."""

from __future__ import annotations

import numpy as np

import imbalance_lib as il
from benchmarks._timing import Row, at_least, median_of

N = 1_000_000  # matrices
LOOP = 20_000  # the per-matrix loop baselines run on this many matrices and are scaled up
N_SCORES = 10_000_000
N_THRESHOLDS = 1_000
COSTS = np.array([[0.0, 1.0], [9.0, 0.0]])


def _loop_at_prevalence(stack, pi):
    """Baseline: per matrix, rates by hand, the shifted matrix, then the metric."""
    out = []
    for C in stack:
        tpr, fpr = C[1, 1] / C[1].sum(), C[0, 1] / C[0].sum()
        tp, fp = pi * tpr, (1 - pi) * fpr
        out.append(tp / (tp + fp))
    return out


def _loop_cost(stack):
    """Baseline: per matrix, sum(C * costs) / sum(C) in numpy."""
    return [float((C * COSTS).sum() / C.sum()) for C in stack]


def _loop_net_benefit(y, s, thresholds):
    """Baseline: one pass over the scores per threshold."""
    n, pos = y.size, y == 1
    out = []
    for t in thresholds:
        pred = s >= t
        tp = np.count_nonzero(pred & pos)
        fp = np.count_nonzero(pred) - tp
        out.append(tp / n - fp / n * t / (1 - t))
    return out


def _matrix_rows() -> list[Row]:
    rng = np.random.default_rng(0)
    stack = rng.integers(1, 1000, size=(N, 2, 2)).astype(float)
    rows = []
    ours = median_of(lambda: il.at_prevalence(stack, "precision", 0.01), repeat=5)
    small = stack[:LOOP]
    loop = median_of(lambda: _loop_at_prevalence(small, 0.01), repeat=3) * (N / LOOP)
    rows.append(Row("at_prevalence(precision), 1M matrices", ours,
                    "Python loop, shift + precision", loop, ">= 10x", at_least(10)))
    ours = median_of(lambda: il.at_prevalence(stack, "mcc", 0.01), repeat=3)
    rows.append(Row("at_prevalence(mcc), 1M matrices", ours, "(absolute time)", ours, "< 1 s",
                    lambda r: r.ours < 1.0, f"{ours:.2f} s"))
    ours = median_of(lambda: il.expected_cost(stack, COSTS), repeat=3)
    loop = median_of(lambda: _loop_cost(small), repeat=3) * (N / LOOP)
    rows.append(Row("expected_cost, 1M matrices", ours, "Python loop, numpy per matrix",
                    loop, ">= 20x", at_least(20)))
    ours = median_of(lambda: il.expected_cost(stack, COSTS, prevalence=0.01), repeat=3)
    rows.append(Row("  ... at another prevalence", ours, "Python loop, numpy per matrix",
                    loop, ">= 20x", at_least(20)))
    return rows


def _score_rows() -> list[Row]:
    rng = np.random.default_rng(1)
    rows = []
    y = (rng.random(N_SCORES) < 0.1).astype(np.int64)
    s = 1 / (1 + np.exp(-rng.normal(2.0 * y - 2.5, 1.0)))
    t = np.linspace(0.001, 0.999, N_THRESHOLDS)
    ours = median_of(lambda: il.net_benefit(y, s, t), repeat=3)
    loop = median_of(lambda: _loop_net_benefit(y, s, t), repeat=1)
    rows.append(Row("net_benefit, 1e7 scores x 1,000 thresholds", ours,
                    "one pass of the scores per threshold", loop, ">= 5x", at_least(5)))
    sweep = median_of(lambda: il.threshold_sweep(y, s), repeat=5)
    ours = median_of(lambda: il.cost_threshold(y, s, COSTS), repeat=5)
    rows.append(Row("cost_threshold, 1e7 scores", ours, "threshold_sweep alone", sweep,
                    ">= 0.5x", at_least(0.5)))
    ours = median_of(lambda: il.cost_threshold(y, s, COSTS, prevalence=0.01), repeat=5)
    rows.append(Row("  ... at another prevalence", ours, "threshold_sweep alone", sweep,
                    ">= 0.5x", at_least(0.5)))
    return rows


def run() -> list[Row]:
    return _matrix_rows() + _score_rows()
