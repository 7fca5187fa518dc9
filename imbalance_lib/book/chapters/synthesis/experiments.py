"""The study's small tools: every metric on the stored matrices, the picks, the test.

The page loads the stored study (:func:`imbalance_lib.book.study.load_result`) and
runs the comparisons itself; these are the steps it repeats: :func:`study_values`
(every metric of :data:`~.theory.STUDY` on a stack of matrices), :func:`picks` (the
best model of each data set), :func:`corrected_ttest` (Nadeau and Bengio's test on
fold-wise differences, with :func:`fold_diff`) and :func:`family` (the source family
of a KEEL data set, for the resampling of whole families).
"""

from __future__ import annotations

import re
import warnings

import numpy as np
from scipy.stats import t as student

import imbalance_lib as il
from imbalance_lib.book import properties as props

from .theory import STUDY

__all__ = ["study_values", "picks", "corrected_ttest", "fold_diff", "family", "REVERSAL_MOST",
           "IR_BINS", "ALPHA"]

ALPHA = 0.05
"""Level of the corrected resampled t-tests."""

IR_BINS = [1, 4, 10, 30, 200]
"""Edges of the imbalance-ratio bins of the disagreement table."""

REVERSAL_MOST = 0.5
"""A share above which the prose says "most"."""


def study_values(counts: np.ndarray, *, map_policy: float = 0.0) -> dict[str, np.ndarray]:
    """Every :data:`~.theory.STUDY` metric on a stack of matrices; undefined values
    become -inf.

    MAP is computed with ``zero_division=map_policy`` (default 0: a class that is
    never predicted contributes a precision of 0). Under the page's nan policy
    (``map_policy=nan``) the undefined term would be dropped, and a classifier
    that never predicts the positive class would score NPV = 1 - pi.

    >>> v = study_values(np.array([[[5, 0], [5, 0]]]))  # never says "positive"
    >>> float(v["ACC"][0]), float(v["MAP"][0]), float(v["MCC"][0])  # MCC: 0/0
    (0.5, 0.25, -inf)
    """
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for k, m in STUDY.items():
            if m == "macro_precision":
                v = il.macro_precision(np.asarray(counts, float), zero_division=map_policy)
            else:
                v = props.evaluate(m, counts)
            out[k] = np.nan_to_num(np.asarray(v, float), nan=-np.inf)
    return out


def picks(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Best model by the mean over repetitions, and per repetition (first on ties).

    ``v`` has shape ``(D, M, R)`` (data sets, models, repetitions); returns the
    picks ``(D,)`` and ``(D, R)``.

    >>> mean_pick, rep_picks = picks(np.array([[[0.1, 0.9], [0.5, 0.4]]]))  # means 0.5, 0.45
    >>> mean_pick.tolist(), rep_picks.tolist()
    ([0], [[1, 0]])
    """
    mean_pick = np.argmax(np.round(v.mean(axis=2), 12), axis=1)
    rep_picks = np.argmax(np.round(v, 12), axis=1)  # (D, R)
    return mean_pick, rep_picks


def corrected_ttest(d: np.ndarray, test_share: float = 0.2) -> tuple[float, float]:
    r"""Nadeau and Bengio's corrected resampled t-test on fold-wise differences.

    ``d`` holds the differences of one metric between two models on the
    ``J = r k`` test folds of ``r`` repetitions of ``k``-fold cross-validation
    (non-finite entries are dropped). The variance is inflated for the overlap
    of the training sets:

    .. math:: t = \bar d \Big/ \sqrt{\Big(\tfrac1J + \tfrac{n_2}{n_1}\Big) s^2},

    with ``n_2 / n_1 = test_share / (1 - test_share)``, and ``J - 1`` degrees of
    freedom. Returns ``(t, two-sided p)``.

    >>> t, p = corrected_ttest(np.array([0.02, 0.03, 0.01, 0.02, 0.04] * 5))
    >>> round(t, 2), round(p, 4)
    (4.28, 0.0003)
    """
    d = np.asarray(d, float)
    d = d[np.isfinite(d)]
    J = len(d)
    if J < 2:
        return float("nan"), 1.0
    s2 = d.var(ddof=1)
    mean = d.mean()
    if s2 == 0:
        return (float(np.sign(mean)) * np.inf, 0.0) if mean != 0 else (0.0, 1.0)
    t = mean / np.sqrt((1 / J + test_share / (1 - test_share)) * s2)
    return float(t), float(2 * student.sf(abs(t), J - 1))


def fold_diff(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Fold-wise ``x - y``, flattened; -inf - -inf (undefined on both) becomes nan.

    >>> fold_diff(np.array([[0.5, -np.inf]]), np.array([[0.25, -np.inf]])).tolist()
    [0.25, nan]
    """
    with np.errstate(invalid="ignore"):
        return (np.asarray(x) - np.asarray(y)).ravel()


def family(name: str) -> str:
    """The source family of a KEEL data set: the name before its first digit and '_'.

    >>> family("ecoli_0_1_vs_5"), family("yeast3"), family("glass_0_1_2_3_vs_4_5_6")
    ('ecoli', 'yeast', 'glass')
    """
    return re.sub(r"\d.*$", "", name).split("_")[0]
