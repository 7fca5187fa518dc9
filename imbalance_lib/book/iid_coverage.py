"""Coverage when the test set is an i.i.d. sample: row-wise against whole-matrix resampling.

The row-wise methods of :mod:`imbalance_lib.intervals` hold the class sizes of
the test set fixed. When the test set is instead a random sample of a
population, and the wanted value is the population's (its class mix
included), the class sizes are random too, and the metrics that depend on the
prevalence (precision, F1, MCC) vary with them. ``method="bayes-whole"`` draws
all cells from one Dirichlet posterior so that the class sizes vary as well.
"""

from __future__ import annotations

import numpy as np

__all__ = ["POPULATIONS", "METRICS", "coverage", "study"]

POPULATIONS = [(0.1, 500), (0.1, 2000), (0.01, 5000)]
"""(prevalence, test-set size): about 50, 200 and 50 positives."""

METRICS = ["precision", "f1", "mcc", "balanced_accuracy"]


def coverage(pi: float, n: int, metric: str, method: str, *, n_sets: int = 400,
             seed: int = 0, tpr: float = 0.7, tnr: float = 0.9) -> float:
    """Share of i.i.d. test sets whose interval contains the population value."""
    import imbalance_lib as il
    from imbalance_lib import intervals

    rng = np.random.default_rng(seed)
    p = np.array([[tnr * (1 - pi), (1 - tnr) * (1 - pi)], [(1 - tpr) * pi, tpr * pi]])
    T = rng.multinomial(n, p.ravel(), size=n_sets).reshape(n_sets, 2, 2).astype(float)
    T = T[T[:, 1].sum(axis=-1) > 0]  # a test set without positives has no TPR at all
    truth = float(intervals._interval_metric(metric, {})(p))
    iv = il.confidence_interval(T, metric, method=method, n_resamples=1000,
                                random_state=seed + 1)
    low, high = np.asarray(iv.low), np.asarray(iv.high)
    ok = ~np.isnan(low)
    return float(np.mean((low[ok] <= truth) & (truth <= high[ok])))


def study(n_sets: int = 400):
    """Coverage (%) of both methods for every population and metric."""
    import pandas as pd

    rows = []
    for pi, n in POPULATIONS:
        for m in METRICS:
            rows.append({"prevalence": pi, "n": n, "metric": m,
                         **{meth: 100 * coverage(pi, n, m, meth, n_sets=n_sets)
                            for meth in ("bayes", "bayes-whole")}})
    return pd.DataFrame(rows).set_index(["prevalence", "n", "metric"])
