"""The intervals chapter's designs and its slow studies.

The constants are the designs the page uses (rates, class sizes, the documents'
test-set sizes, the metrics), the helpers turn the documents' published numbers into
confusion matrices, and the six coverage studies are stored with the hash of their
code (:func:`imbalance_lib.book.stored.stored_as`): a call with the default
parameters reads ``chapters/data/stored/intervals_<name>.json``; other parameters run
the study.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book import iid_coverage, paired_coverage
from imbalance_lib.book.coverage import kink_coverage, simulate_coverage
from imbalance_lib.book.published import mortaz2020
from imbalance_lib.book.stored import stored_as

from .theory import even_rates

# --------------------------------------------------------------------- Brodersen's posterior

BRODERSEN = {"authors' example": il.binary_matrix(tp=90, fn=10, fp=5, tn=95),
             "biased, imbalanced": il.binary_matrix(tp=1, fn=9, fp=2, tn=88)}
"""The matrix of the authors' published code and a biased classifier (10 positives)."""

# --------------------------------------------------------------------- coverage

BINARY = {"IBA": "iba", "GM": "g_mean", "MCC": "mcc", "AC": "ac"}
MULTI = {"CBA": "cba", "IAM": "iam"}
RATES = {"TPR 0.7, TNR 0.9": np.array([[0.9, 0.1], [0.3, 0.7]]),
         "TPR 0.9, TNR 0.98": np.array([[0.98, 0.02], [0.1, 0.9]]),
         "three classes": np.array([[0.9, 0.06, 0.04], [0.1, 0.8, 0.1],
                                    [0.15, 0.15, 0.7]])}
"""True class-conditional rates of the coverage study (rows true classes)."""
MINORITY = (5, 10, 20, 50, 200)
"""Minority class sizes P of the coverage study."""
RATIOS = (1, 10, 100)
"""Imbalance ratios of the coverage study; three classes have sizes P IR, P sqrt(IR), P."""
COVERAGE_SETS = 800
"""Simulated test sets per configuration of the coverage study (400 resamples each)."""


@cache
@stored_as("intervals_coverage")  # chapters/data/stored/intervals_coverage.json
def coverage_study(n_sets: int = COVERAGE_SETS, n_resamples: int = 400):
    """Coverage of nominal 95 % intervals for every method, setting, P, IR and metric.

    Returns a DataFrame with one row per configuration and metric: ``method``,
    ``setting``, ``P``, ``IR``, ``metric`` and the fields of
    :func:`imbalance_lib.book.coverage.simulate_coverage` (``coverage`` as a share).
    """
    records: list[dict] = []
    for method in ["bayes", "bootstrap"]:
        for setting, R in RATES.items():
            for P in MINORITY:
                for ir in RATIOS:
                    if len(R) == 2:
                        sizes, metrics = [P * ir, P], BINARY
                    else:
                        sizes, metrics = [P * ir, round(P * ir**0.5), P], MULTI
                    result = simulate_coverage(R, sizes, metrics, method=method,
                                               n_sets=n_sets, n_resamples=n_resamples,
                                               random_state=np.random.default_rng(
                                                   [P, ir, len(records)]))
                    for metric, r in result.items():
                        records.append({"method": method, "setting": setting, "P": P,
                                        "IR": ir, "metric": metric, **r})
    return pd.DataFrame(records)


SYMMETRIC = even_rates(0.8)
"""Three classes, recall 0.8 each, errors spread evenly."""
SYMMETRIC_SETS = 1000
"""Simulated test sets of the symmetric three-class check (1,000 resamples each)."""

KINK_SETTINGS = {  # label -> (true rates, class sizes)
    **{f"rates 0.9/0.8/0.7, {p} a class": (RATES["three classes"], [p] * 3)
       for p in (5, 10, 20, 50)},
    **{f"rates 0.9/0.8/0.7, IR {ir}, minority {p}":
       (RATES["three classes"], [p * ir, round(p * np.sqrt(ir)), p])
       for ir in (10, 100) for p in (10, 50)},
    **{f"even errors, recall {r}, {p} a class": (even_rates(r), [p] * 3)
       for r in (0.8, 0.9) for p in (20, 50)},
}
"""Three-class settings of the kink study: the coverage study's rates, then errors spread
evenly (where each class's row and column sums are equal in expectation)."""
KINK_SETS = 2000
"""Simulated test sets per setting of the kink study (1,000 resamples per interval)."""


@cache
@stored_as("intervals_kink")  # chapters/data/stored/intervals_kink.json
def kink_study():
    """Coverage (share) of CBA's 95 % interval, default against
    :func:`imbalance_lib.class_balance_interval`, on the same test sets: one row per
    setting of :data:`KINK_SETTINGS`, with the fields of
    :func:`imbalance_lib.book.coverage.kink_coverage`."""
    rows = {}
    for i, (label, (R, sizes)) in enumerate(KINK_SETTINGS.items()):
        r = kink_coverage(R, sizes, n_sets=KINK_SETS, n_resamples=1000, random_state=70 + i)
        rows[label] = {"class sizes": "/".join(map(str, sizes)), **r}
    return pd.DataFrame(rows).T.rename_axis("setting")


KINK_LIMITS = {  # label -> (true rates, class sizes, confidence)
    "even errors, recall 0.8, 4 classes of 20": (even_rates(0.8, 4), [20] * 4, 0.95),
    "even errors, recall 0.8, 5 classes of 20": (even_rates(0.8, 5), [20] * 5, 0.95),
    "even errors, recall 0.8, 3 a class": (even_rates(0.8), [3] * 3, 0.95),
    "even errors, recall 0.9, 5 a class": (even_rates(0.9), [5] * 3, 0.95),
    "even errors, recall 0.8, 20 a class, 80 % level": (even_rates(0.8), [20] * 3, 0.8),
}
"""Settings beyond the kink study's: more classes, tiny classes, another confidence level."""


@cache
@stored_as("intervals_kink_limits")  # chapters/data/stored/intervals_kink_limits.json
def kink_limits():
    """Coverage (share) of CBA's interval where the correction is not enough: one row per
    setting of :data:`KINK_LIMITS`, its nominal level and the fields of
    :func:`imbalance_lib.book.coverage.kink_coverage`."""
    rows = {}
    for i, (label, (R, sizes, level)) in enumerate(KINK_LIMITS.items()):
        r = kink_coverage(R, sizes, n_sets=KINK_SETS, n_resamples=1000, confidence=level,
                          random_state=90 + i)
        rows[label] = {"nominal": level, **r}
    return pd.DataFrame(rows).T.rename_axis("setting")


PAIRED_SETS = 2000
"""Simulated test sets per cell of the paired coverage study."""
SPLIT_SETS = 400
"""Simulated test sets per cell of the check with the prior a/k on each joint cell."""


@cache
@stored_as("intervals_paired")  # chapters/data/stored/intervals_paired.json
def paired_study():
    """Coverage (%) of the paired interval: :func:`imbalance_lib.book.paired_coverage.study`."""
    return paired_coverage.study(n_sets=PAIRED_SETS)


SCORE_SETS = 2000
"""Simulated test sets per cell of the few-disagreements study (Monte Carlo standard error
near 95 %: 0.5 points)."""
SCORE_CLOSE_SETS = 10000
"""Simulated test sets per nested cell with at most :data:`SCORE_CLOSE_MAX` expected
disagreements, where the resampled interval covers near 93 % (Monte Carlo standard error
near 92 %: 0.27 points)."""
SCORE_CLOSE_MAX = 3


@cache
@stored_as("intervals_score")  # chapters/data/stored/intervals_score.json
def score_study():
    """Coverage (shares) of the paired intervals of TPR and balanced accuracy with few
    disagreements, resampled and score: :func:`imbalance_lib.book.paired_coverage.score_study`."""
    return paired_coverage.score_study(n_sets=SCORE_SETS, close_sets=SCORE_CLOSE_SETS,
                                       close_max=SCORE_CLOSE_MAX)


IID_SETS = 3000
"""Simulated i.i.d. test sets per population (Monte Carlo standard error near 95 %: 0.4 points)."""


@cache
@stored_as("intervals_iid")  # chapters/data/stored/intervals_iid.json
def iid_study():
    """Coverage (%) on i.i.d. test sets: :func:`imbalance_lib.book.iid_coverage.study`."""
    return iid_coverage.study(n_sets=IID_SETS)


# --------------------------------------------------------------------- widths

SIZES = {  # (positives, negatives) of the test set
    "Breast": (81, 196), "Glass": (17, 197),  # García et al.'s data sets
    "Laryngeal-2": (53, 639), "Satimage": (626, 5809),
    "Burduk T1": (1000, 10), "Burduk T2": (1000, 100),  # Burduk's Tables 1-3
    "Burduk T3": (1000, 250), "Wu 3:1": (500, 1500), "Wu 1:3": (4500, 1500),
}
"""Class sizes of the documents' test sets."""
WIDTH_METRICS = ["tpr", "tnr", "precision", "f1", "balanced_accuracy", "g_mean", "iba",
                 "optimized_precision", "hmnc", "ac", "accuracy", "mcc", "kappa", "cba", "iam"]
EQUAL_WEIGHT = ["tpr", "balanced_accuracy", "g_mean", "iba", "ac"]
"""Metrics of :data:`WIDTH_METRICS` that weigh the two classes equally (or the positives alone)."""

# --------------------------------------------------------------------- the documents' picks

GARCIA_DATA = ["Breast", "Glass", "Laryngeal-2", "Satimage"]
METRICS_T3 = {"Gmean": (il.g_mean, {}), "OP": (il.optimized_precision, {}),
              "IBA_0.1": (il.iba, {"alpha": 0.1}), "IBA_1": (il.iba, {"alpha": 1.0})}
"""The metrics of García et al.'s Table 3: function and parameters."""


def mortaz_sizes(data: str):
    """Class sizes of Mortaz's Glass (Table 15) or Satimage (Table 17), empty classes left out."""
    key = {"Glass": "Table 15", "Satimage": "Table 17"}[data]
    return [n for n in mortaz2020.CLASS_DISTRIBUTIONS[key] if n > 0]


GLASS_SEEDS = (2020, 1, 2, 3, 4)
"""Fold seeds of the paired re-run on Glass."""

BURDUK_METRICS = {"HMNC": il.hmnc, "ACC": il.accuracy, "BACC": il.balanced_accuracy,
                  "MCC": il.mcc, "F1": il.f1, "G-mean": il.g_mean, "Kappa": il.kappa}
BURDUK_PAIRS = [("1", "2"), ("1", "3"), ("1", "4"), ("2", "3"), ("3", "4")]
