"""Coverage of the interval of a metric at a deployment prevalence.

``confidence_interval(C, metric, prevalence=pi)`` (and ``expected_cost_interval``, the
same construction for the expected cost) resamples each class's rates from
the test set and moves every resample to the prevalence ``pi``. Its coverage is
measured here on simulated test sets whose class sizes are fixed (``P`` positives,
``N`` negatives with ``P / (P + N)`` the test set's prevalence) and whose counts are
binomial with known rates: the true value is the metric of the rates at ``pi``.
The result is stored (``chapters/data/stored/deployment_prevalence_coverage.json``);
``tests/test_deployment_coverage.py`` reads it and runs a small version of it.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.stored import stored_as

RATES = {"TPR 0.8, TNR 0.9": (0.8, 0.9), "TPR 0.9, TNR 0.99": (0.9, 0.99),
         "TPR 0.5, TNR 0.95": (0.5, 0.95)}
"""True class-conditional rates of the study."""
MIXES = ((0.2, 0.02), (0.02, 0.2))
"""(test set's prevalence, deployment prevalence) pairs."""
POSITIVES = (5, 10, 30, 100, 3)
"""Positives in each simulated test set."""
METRICS = ("precision", "f1", "mcc", "expected_cost")
"""The prevalence-dependent metrics whose intervals are measured (``expected_cost``:
:func:`imbalance_lib.expected_cost_interval` with :data:`COSTS`)."""
COSTS = ((0.0, 1.0), (10.0, 0.0))
"""The cost matrix of the expected cost (a miss costs ten false alarms)."""
N_SETS = 2000
"""Simulated test sets per configuration (coverage SE about 0.5 points at 95 %)."""


def simulate(tpr: float, tnr: float, positives: int, test_prevalence: float,
             deploy_prevalence: float, metric: str, *, n_sets: int = N_SETS,
             n_resamples: int = 2000, confidence: float = 0.95,
             random_state: int | np.random.Generator = 0) -> dict[str, float]:
    """Coverage of ``confidence_interval(..., prevalence=deploy_prevalence)`` (of
    ``expected_cost_interval`` for ``metric="expected_cost"``) on ``n_sets``
    binomial test sets; returns ``coverage`` (a share), its ``se``, the share of
    intervals that are ``undefined`` (counted as misses) and the mean ``width``."""
    rng = np.random.default_rng(random_state)
    P = int(positives)
    N = int(round(P * (1 - test_prevalence) / test_prevalence))
    tp = rng.binomial(P, tpr, n_sets)
    tn = rng.binomial(N, tnr, n_sets)
    C = il.binary_matrix(tp, P - tp, N - tn, tn)
    rates = [[tnr, 1 - tnr], [1 - tpr, tpr]]
    if metric == "expected_cost":
        truth = il.expected_cost(rates, COSTS, prevalence=deploy_prevalence)
        iv = il.expected_cost_interval(C, COSTS, prevalence=deploy_prevalence,
                                       confidence=confidence, n_resamples=n_resamples,
                                       random_state=rng)
    else:
        truth = il.at_prevalence(rates, metric, deploy_prevalence)
        iv = il.confidence_interval(C, metric, prevalence=deploy_prevalence,
                                    confidence=confidence, n_resamples=n_resamples,
                                    random_state=rng)
    defined = ~np.isnan(iv.low)
    hit = defined & (iv.low <= truth) & (truth <= iv.high)
    cov = float(hit.mean())
    return {"coverage": cov, "se": float(np.sqrt(cov * (1 - cov) / n_sets)),
            "undefined": float(1 - defined.mean()),
            "width": float(np.nanmean(iv.high - iv.low)) if defined.any() else float("nan")}


@stored_as("deployment_prevalence_coverage")  # chapters/data/stored/...coverage.json
def coverage_study(n_sets: int = N_SETS, n_resamples: int = 2000) -> pd.DataFrame:
    """Coverage of nominal 95 % intervals at the deployment prevalence, every setting.

    One row per rates, mix, number of positives and metric, with the fields of
    :func:`simulate`.
    """
    records = []
    for r, (label, (tpr, tnr)) in enumerate(RATES.items()):
        for m, (test_pi, deploy_pi) in enumerate(MIXES):
            for P in POSITIVES:
                for j, metric in enumerate(METRICS):
                    seed = np.random.default_rng([r, m, P, j])
                    res = simulate(tpr, tnr, P, test_pi, deploy_pi, metric, n_sets=n_sets,
                                   n_resamples=n_resamples, random_state=seed)
                    records.append({"rates": label, "test prevalence": test_pi,
                                    "deployment prevalence": deploy_pi, "positives": P,
                                    "negatives": int(round(P * (1 - test_pi) / test_pi)),
                                    "metric": metric, **res})
    return pd.DataFrame(records)
