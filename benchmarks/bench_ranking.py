"""Threshold-free metrics: AUROC against scikit-learn, DeLong against a Python midrank version."""

from __future__ import annotations

import time

import numpy as np
from sklearn.metrics import roc_auc_score

import imbalance_lib as il
from benchmarks._timing import Row, at_least, median_of, peak_memory

N_BIG = 10_000_000


def _midrank_loop(x):
    """Midranks (1-based) of ``x`` with a Python loop over the sorted values.

    The straightforward way of Sun and Xu (2014)'s algorithm, as it is usually
    written: one argsort, then a while loop that walks each run of ties.
    """
    order = np.argsort(x)
    z = x[order]
    n = len(x)
    t = np.zeros(n)
    i = 0
    while i < n:
        j = i
        while j < n and z[j] == z[i]:
            j += 1
        t[i:j] = 0.5 * (i + j - 1) + 1
        i = j
    out = np.empty(n)
    out[order] = t
    return out


def delong_loop(y, S):
    """DeLong's AUROC covariance from midranks computed by :func:`_midrank_loop`."""
    pos = y == 1
    X, Y = S[:, pos], S[:, ~pos]
    m, n = X.shape[1], Y.shape[1]
    tx = np.array([_midrank_loop(r) for r in X])
    ty = np.array([_midrank_loop(r) for r in Y])
    tz = np.array([_midrank_loop(r) for r in np.concatenate([X, Y], axis=1)])
    auc = tz[:, :m].sum(axis=1) / (m * n) - (m + 1) / (2.0 * n)
    v10 = (tz[:, :m] - tx) / n
    v01 = 1.0 - (tz[:, m:] - ty) / m
    return auc, np.atleast_2d(np.cov(v10)) / m + np.atleast_2d(np.cov(v01)) / n


def _cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def run() -> list[Row]:
    rng = np.random.default_rng(0)
    y = (rng.random(N_BIG) < 0.1).astype(np.int64)
    s = rng.normal(loc=y, scale=1.0)
    rows = [Row("roc_auc, 1e7 scores", median_of(lambda: il.roc_auc(y, s), repeat=3),
                "sklearn roc_auc_score", median_of(lambda: roc_auc_score(y, s), repeat=3),
                ">= 1.5x", at_least(1.5))]
    ratio = peak_memory(lambda: il.roc_auc(y, s)) / (y.nbytes + s.nbytes)
    rows.append(Row("roc_auc peak memory / input, 1e7 scores", rows[0].ours,
                    "(memory)", rows[0].ours, "<= 3x the input",
                    lambda r, q=ratio: q <= 3, f"{ratio:.2f}x"))
    n = 1_000_000
    ym = (rng.random(n) < 0.1).astype(np.int64)
    S = rng.normal(loc=ym * rng.uniform(0.2, 2.0, size=(50, 1)), scale=1.0)
    ours = median_of(lambda: il.roc_auc(ym, S), repeat=3)
    # the loop's time is linear in the number of models: 10 timed, scaled to 50
    loop10 = median_of(lambda: [roc_auc_score(ym, row) for row in S[:10]], repeat=3)
    rows.append(Row("roc_auc, 50 models x 1e6 scores, one call", ours,
                    "loop of roc_auc_score (10 x 5)", 5 * loop10, ">= 3x", at_least(3.0)))
    S10 = S[:10]
    cpu = min(_cpu(lambda: il.delong_covariance(ym, S10)) for _ in range(3))
    rows.append(Row("delong_covariance, 10 models x 1e6, CPU s", cpu, "(CPU time)", cpu,
                    "< 2 s of CPU", lambda r, c=cpu: c < 2.0, f"{cpu:.2f}s"))
    auc_a, cov_a = il.delong_covariance(ym, S[:2])
    auc_b, cov_b = delong_loop(ym, S[:2])
    assert np.allclose(auc_a, auc_b) and np.allclose(cov_a, cov_b)  # the same numbers
    ours2 = median_of(lambda: il.delong_covariance(ym, S[:2]), repeat=3)
    theirs2 = median_of(lambda: delong_loop(ym, S[:2]), repeat=1)
    rows.append(Row("delong_covariance, 2 models x 1e6", ours2,
                    "Sun & Xu midranks, Python loop", theirs2, ">= 5x", at_least(5.0)))
    return rows
