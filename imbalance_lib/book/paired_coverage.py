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

__all__ = ["PAIRS", "SIZES", "METRICS", "joint_coverage", "study", "summary"]

# joint rates per true class, cells ordered (A says 0, B says 0), (0, 1), (1, 0), (1, 1)
PAIRS = {
    "often disagree": {"pos": [0.25, 0.05, 0.10, 0.60], "neg": [0.80, 0.05, 0.05, 0.10]},
    "rarely disagree": {"pos": [0.28, 0.02, 0.02, 0.68], "neg": [0.88, 0.01, 0.01, 0.10]},
}
"""Two pairs of classifiers: A is the better one on the positives in both."""

SIZES = [(10, 100), (20, 20), (20, 200), (50, 50), (50, 500), (200, 2000)]
"""Test sets as (positives, negatives)."""

METRICS = ["tpr", "balanced_accuracy", "iba", "mcc"]


def joint_coverage(P: int, N: int, rates: dict, metric: str, *, prior=None,
                   n_sets: int = 400, n_resamples: int = 1000, seed: int = 0) -> float:
    """Share of ``n_sets`` simulated test sets whose paired interval contains the truth."""
    from imbalance_lib import intervals

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
    import pandas as pd

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
