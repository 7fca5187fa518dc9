"""Coverage of the paired comparison :func:`imbalance_lib.intervals.compare`, measured.

Two binary classifiers A and B are evaluated on the same test set. For each true
class the four joint cells (A right or wrong, B right or wrong) have fixed
rates; a test set draws its joint counts from them with the class sizes fixed,
and the true difference of a metric is its difference on the expected joint
counts. The study draws many test sets, computes the paired interval of every
one in a single stacked call, and counts how often it contains the truth.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbalance_lib import intervals

__all__ = ["PAIRS", "SIZES", "METRICS", "joint_coverage", "study", "summary",
           "LAYOUTS", "SCORE_CELLS", "SCORE_METRICS", "disagreement_sets",
           "score_study"]

# joint rates per true class, cells ordered (A says 0, B says 0), (0, 1), (1, 0), (1, 1)
PAIRS = {
    "often disagree": {"pos": [0.25, 0.05, 0.10, 0.60], "neg": [0.80, 0.05, 0.05, 0.10]},
    "one-sided": {"pos": [0.20, 0.00, 0.10, 0.70], "neg": [0.88, 0.02, 0.00, 0.10]},
}
"""Two pairs of classifiers, A the better one on both classes. The first disagree often
and both ways; in the second (nested predictions) A is right on every sample B is
right on, and they disagree on a tenth of the positives and a fiftieth of the negatives."""

SIZES = [(10, 100), (20, 20), (20, 200), (50, 50), (50, 500), (200, 2000)]
"""Test sets as (positives, negatives)."""

METRICS = ["tpr", "balanced_accuracy", "iba", "mcc"]


def joint_coverage(P: int, N: int, rates: dict, metric: str, *, prior=None,
                   n_sets: int = 400, n_resamples: int = 1000, seed: int = 0) -> float:
    """Share of ``n_sets`` simulated test sets whose paired interval contains the truth."""
    rng = np.random.default_rng(seed)
    R = np.stack([np.reshape(rates["neg"], (2, 2)), np.reshape(rates["pos"], (2, 2))])
    sizes = np.array([N, P])
    J = np.stack([rng.multinomial(sizes[i], R[i].ravel(), size=n_sets).reshape(n_sets, 2, 2)
                  for i in range(2)], axis=1).astype(float)
    expected = R * sizes[:, None, None]
    f = intervals._interval_metric(metric, {})
    truth = float(np.asarray(f(expected.sum(axis=-1))) - np.asarray(f(expected.sum(axis=-2))))
    c = intervals.compare(J, metric, n_resamples=n_resamples, prior=prior,
                          random_state=seed + 1)
    low, high = np.asarray(c.low), np.asarray(c.high)
    ok = ~np.isnan(low)
    return float(np.mean((low[ok] <= truth) & (truth <= high[ok])))


def study(prior=None, n_sets: int = 400, seed: int = 0):
    """Coverage (%) of every pair, size and metric: a DataFrame, one row per (pair, P, N)."""
    rows = []
    for name, rates in PAIRS.items():
        for P, N in SIZES:
            row = {"pair": name, "P": P, "N": N}
            for m in METRICS:
                row[m] = 100 * joint_coverage(P, N, rates, m, prior=prior, n_sets=n_sets,
                                              seed=seed)
            rows.append(row)
    return pd.DataFrame(rows).set_index(["pair", "P", "N"])


def summary(table, n_sets: int = 400) -> dict:
    """The numbers the chapter states about a coverage table from :func:`study`."""
    values = table[METRICS].to_numpy()
    P = table.index.get_level_values("P").to_numpy()
    return {"cells": int(values.size), "min": float(values.min()),
            "max": float(values.max()),
            "min_from20": float(values[P >= 20].min()),
            "below93": int((values < 93).sum()), "above97": int((values > 97).sum()),
            "mc_se": 100 * float(np.sqrt(0.95 * 0.05 / n_sets))}


# ----------------------------------------------------------------- few disagreements

LAYOUTS = {"nested": 1.0, "two-way": 0.75}
"""Share of the disagreements on which A is the one that is right: all of them (nested
predictions, A right wherever B is) or three in four."""
SCORE_CELLS = [(P, d) for P in (10, 20, 50, 200) for d in (2, 3, 5, 10, 20) if d <= P / 2]
"""(positives, expected disagreements among them) of the few-disagreements study."""
RIGHT_A = 0.85
"""A's true rate on each class of the few-disagreements study (its TPR and its TNR)."""


def disagreement_sets(P: int, N: int, d: float, layout: str, n_sets: int, rng):
    """Joint counts ``(n_sets, 2, 2, 2)`` with ``d`` expected disagreements on each class,
    a share ``LAYOUTS[layout]`` of them won by A; and the true differences of TPR and TNR.

    A is right on each class with probability :data:`RIGHT_A`.
    """
    share = LAYOUTS[layout]
    blocks, truth = [], []
    for cls, n in ((0, N), (1, P)):
        rate = d / n
        a_only, b_only = share * rate, (1 - share) * rate
        both = RIGHT_A - a_only
        cells = np.zeros((2, 2))  # (A's prediction, B's prediction)
        right, wrong = cls, 1 - cls
        cells[right, right], cells[right, wrong] = both, a_only
        cells[wrong, right], cells[wrong, wrong] = b_only, 1 - both - a_only - b_only
        blocks.append(rng.multinomial(n, cells.ravel(), size=n_sets).reshape(n_sets, 2, 2))
        truth.append(a_only - b_only)
    return np.stack(blocks, axis=1).astype(float), truth


SCORE_METRICS = ("tpr", "balanced_accuracy")
"""The rates of the few-disagreements study (TNR and accuracy are TPR's computation on
other samples)."""


def score_study(n_sets: int = 2000, n_resamples: int = 1000,
                methods=("bayes", "score", "newcombe"), metrics=SCORE_METRICS,
                layouts=tuple(LAYOUTS), close_sets: int | None = None, close_max: int = 3):
    """Coverage of the paired intervals of TPR and of balanced accuracy with few
    disagreements: one row per (metric, layout, P, expected disagreements, method), the
    share covered, its Monte Carlo standard error and the shares missed on either side.

    For TPR the negatives do not matter; for balanced accuracy there are ``N = 10 P``
    negatives with as many expected disagreements as the positives. Every method sees
    the same test sets. ``metrics`` and ``layouts`` select a part of the study (the
    rows of the whole one, in its order). The nested cells with at most ``close_max``
    expected disagreements, where the resampled interval covers close to the edge of a
    93-97 % band, draw ``close_sets`` test sets (default ``n_sets``); the column
    ``n_sets`` gives each cell's number.
    """
    rows = []
    for metric in metrics:
        for layout in layouts:
            for P, d in SCORE_CELLS:  # a cell's seed does not depend on the other cells
                rng = np.random.default_rng([SCORE_METRICS.index(metric),
                                             list(LAYOUTS).index(layout), P, d])
                n = close_sets if close_sets and LAYOUTS[layout] == 1 and d <= close_max \
                    else n_sets
                J, (d_tnr, d_tpr) = disagreement_sets(P, 10 * P, d, layout, n, rng)
                truth = d_tpr if metric == "tpr" else (d_tpr + d_tnr) / 2
                for method in methods:
                    c = intervals.compare(J, metric, method=method, n_resamples=n_resamples,
                                          random_state=np.random.default_rng([P, d, 7]))
                    low, high = np.asarray(c.low), np.asarray(c.high)
                    tol = 1e-12  # a limit equal to the truth up to rounding covers it
                    cov = float(np.mean((low <= truth + tol) & (truth - tol <= high)))
                    rows.append({"metric": metric, "layout": layout, "P": P,
                                 "disagreements": d, "method": method, "n_sets": n,
                                 "coverage": cov, "se": float(np.sqrt(cov * (1 - cov) / n)),
                                 "miss_low": float(np.mean(high < truth - tol)),
                                 "miss_high": float(np.mean(low > truth + tol))})
    return pd.DataFrame(rows)
