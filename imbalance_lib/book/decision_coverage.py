"""Coverage of the two bands the deployment chapter draws: the decision curve's and the
cost curve's.

A population of scores with known distributions in each class (positives'
scores Beta(4, 2), negatives' Beta(1, 6)) gives the true net benefit at a
threshold probability and the true normalised cost of any cut. For each setting
(a prevalence and a test-set size, from about 5 to 100 positives) the study draws
test sets and records whether

- ``il.net_benefit_interval`` covers the population's net benefit at each threshold
  probability of :data:`THRESHOLDS` (test sets drawn i.i.d., as the band assumes; a
  set without positives, which has no band, counts as a miss), and
- ``il.cost_curve_interval`` covers, at each probability cost of :data:`POINTS`, the
  population's cost of the cut the sample's cost curve chose there (class sizes held,
  as that band assumes), and the population's own cost curve (the least cost over all
  cuts, which the band does not target).

The result is stored (``chapters/data/stored/deployment_decision_coverage.json``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

import imbalance_lib as il
from imbalance_lib.book.stored import stored_as

__all__ = ["POSITIVE", "NEGATIVE", "SETTINGS", "THRESHOLDS", "POINTS", "N_SETS",
           "true_net_benefit", "true_cost", "true_cost_curve", "simulate", "decision_coverage"]

POSITIVE = (4.0, 2.0)
"""Beta parameters of the positives' scores."""
NEGATIVE = (1.0, 6.0)
"""Beta parameters of the negatives' scores."""
SETTINGS = ((0.02, 250), (0.02, 500), (0.1, 300), (0.1, 1000))
"""(prevalence, cases per test set): about 5, 10, 30 and 100 positives."""
THRESHOLDS = (0.05, 0.2, 0.5)
"""Threshold probabilities of the decision curve."""
POINTS = (0.2, 0.5, 0.8)
"""Probability costs of the cost curve."""
N_SETS = 4000
"""Simulated test sets per setting (coverage SE about 0.35 points at 95 %)."""


def _rates(t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Population FNR = P(s < t | positive) and FPR = P(s >= t | negative) of the cut t."""
    return stats.beta.cdf(t, *POSITIVE), stats.beta.sf(t, *NEGATIVE)


def true_net_benefit(prevalence: float, t: np.ndarray) -> np.ndarray:
    """The population's net benefit at threshold probabilities ``t``."""
    fnr, fpr = _rates(np.asarray(t, float))
    return prevalence * (1 - fnr) - (1 - prevalence) * fpr * t / (1 - t)


def true_cost(threshold: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The population's normalised cost at probability cost ``x`` of the cut ``threshold``
    (``-inf``: everything positive, ``inf``: everything negative)."""
    fnr, fpr = _rates(np.asarray(threshold, float))
    return fnr * x + fpr * (1 - x)


def true_cost_curve(x: np.ndarray, grid: int = 100_001) -> np.ndarray:
    """The population's cost curve: the least :func:`true_cost` over the cuts (a fine
    grid of thresholds and the two trivial cuts)."""
    t = np.r_[-np.inf, np.linspace(0, 1, grid), np.inf]
    fnr, fpr = _rates(t)
    x = np.asarray(x, float)
    return np.min(fnr[:, None] * x + fpr[:, None] * (1 - x), axis=0)


def simulate(prevalence: float, n: int, *, n_sets: int = N_SETS, n_resamples: int = 1000,
             random_state: int | np.random.Generator = 0) -> pd.DataFrame:
    """Coverage of both bands in one setting: one row per threshold probability
    (``band="net benefit"``) and per probability cost (``band="cost curve"``)."""
    rng = np.random.default_rng(random_state)
    t, x = np.array(THRESHOLDS), np.array(POINTS)
    nb_truth, cc_envelope = true_net_benefit(prevalence, t), true_cost_curve(x)
    n_pos = int(round(prevalence * n))
    nb_hit, no_positive = np.zeros(t.size), 0
    cc_hit, env_hit = np.zeros(x.size), np.zeros(x.size)
    for _ in range(n_sets):
        y = (rng.random(n) < prevalence).astype(int)  # i.i.d. for the decision curve
        s = np.where(y == 1, rng.beta(*POSITIVE, n), rng.beta(*NEGATIVE, n))
        if y.any():  # a test set without positives has no band: counted as a miss
            low, high = il.net_benefit_interval(y, s, t, n_resamples=n_resamples,
                                                random_state=rng)
            nb_hit += (low <= nb_truth) & (nb_truth <= high)
        else:
            no_positive += 1
        y = np.r_[np.ones(n_pos, int), np.zeros(n - n_pos, int)]  # class sizes held
        s = np.r_[rng.beta(*POSITIVE, n_pos), rng.beta(*NEGATIVE, n - n_pos)]
        cc = il.cost_curve(y, s, x)
        low, high = il.cost_curve_interval(y, s, x, n_resamples=n_resamples,
                                           random_state=rng)
        truth = true_cost(cc.threshold, x)
        cc_hit += (low <= truth) & (truth <= high)
        env_hit += (low <= cc_envelope) & (cc_envelope <= high)
    rows = [{"band": "net benefit", "point": float(p), "coverage": h / n_sets,
             "envelope coverage": np.nan, "undefined": no_positive / n_sets}
            for p, h in zip(t, nb_hit)]
    rows += [{"band": "cost curve", "point": float(p), "coverage": h / n_sets,
              "envelope coverage": e / n_sets, "undefined": 0.0}
             for p, h, e in zip(x, cc_hit, env_hit)]
    out = pd.DataFrame(rows)
    out.insert(0, "positives", n_pos)
    out.insert(0, "cases", n)
    out.insert(0, "prevalence", prevalence)
    return out


@stored_as("deployment_decision_coverage")  # chapters/data/stored/...coverage.json
def decision_coverage(n_sets: int = N_SETS, n_resamples: int = 1000) -> pd.DataFrame:
    """Coverage of both bands in every setting of :data:`SETTINGS`."""
    return pd.concat([simulate(pi, n, n_sets=n_sets, n_resamples=n_resamples,
                               random_state=np.random.default_rng([i, n]))
                      for i, (pi, n) in enumerate(SETTINGS)], ignore_index=True)
