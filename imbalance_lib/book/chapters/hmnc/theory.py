r"""Burduk's setting and the statements the chapter checks: metrics, matrices, violations.

Burduk's positive class is the **majority** class (``P = 1000``); wherever his
numbers are reproduced, :func:`burduk_matrix` keeps that convention. Each
``*_violation`` function maps a stack of confusion matrices to how far a statement
of the chapter fails on each (0 or below where it holds, nan where it does not
apply); :func:`imbalance_lib.book.properties.check_claims` searches them.
"""

from __future__ import annotations

import numpy as np

import imbalance_lib as il
from imbalance_lib.book.published.burduk2020 import TABLES

__all__ = [
    "METRICS", "IRS", "P_MAJ", "HALVED", "MEANS", "burduk_matrix", "document_metrics",
    "table_counts", "counts", "form_violation", "zero_violation", "between_violation",
    "kappa_violation", "mcc_violation", "duality_violation", "factorisation_violation",
    "diagonal_violation", "diagonal_matrices",
]

METRICS = {
    "HMNC": il.hmnc,
    "ACC": il.accuracy,
    "BACC": il.balanced_accuracy,
    "MCC": il.mcc,
    "F1": il.f1,
    "G-mean": il.g_mean,
    "Kappa": il.kappa,
}
"""The seven metrics of Burduk's tables, in his column order."""

IRS = (0.01, 0.1, 0.25)
"""Burduk's imbalance ratios N / P (parameters of the document)."""

P_MAJ = 1000
"""Burduk's positive (majority) class size."""

HALVED = {"MCC": 0.5, "Kappa": 0.5}
"""MCC and kappa mapped from [-1, 1] onto [0, 1] halves their differences."""

MEANS = {"accuracy", "ac", "balanced_accuracy", "g_mean", "hmnc", "macro_recall",
         "weighted_accuracy"}
"""The registry's means of TPR and TNR: the metrics that return t on TPR = TNR = t."""


def burduk_matrix(tp, tn, p, n) -> np.ndarray:
    """Confusion matrix from Burduk's counts, his positive class (the majority) as positive.

    >>> burduk_matrix(700, 5, 1000, 10).tolist()  # [[TN, FP], [FN, TP]]
    [[5, 5], [300, 700]]
    """
    return il.binary_matrix(tp, np.subtract(p, tp), np.subtract(n, tn), tn)


def document_metrics(C) -> dict:
    """The seven metrics of :data:`METRICS` on ``C`` (nan where undefined).

    >>> round(float(document_metrics(burduk_matrix(700, 5, 1000, 10))["HMNC"]), 4)
    0.5014
    """
    return {name: f(C, zero_division=np.nan) for name, f in METRICS.items()}


def table_counts(label: str) -> tuple[np.ndarray, np.ndarray]:
    """The ``(TP, TN)`` of the four classifiers of one of Burduk's tables.

    >>> [a.tolist() for a in table_counts("Table 1")]
    [[500.0, 700.0, 700.0, 500.0], [5.0, 5.0, 7.0, 7.0]]
    """
    pub = TABLES[label]["values"]
    tp = np.array([pub.value(r, "TP") for r in pub.rows], dtype=float)
    tn = np.array([pub.value(r, "TN") for r in pub.rows], dtype=float)
    return tp, tn


def counts(C):
    """``(TP, TN, P, N)`` of a stack of binary confusion matrices, as floats."""
    C = np.asarray(C, float)
    tp, fn, fp, tn = C[..., 1, 1], C[..., 1, 0], C[..., 0, 1], C[..., 0, 0]
    return tp, tn, tp + fn, tn + fp


def form_violation(C):
    """Largest relative deviation of ``il.hmnc`` from the four forms (nan if TP TN = 0)."""
    tp, tn, p, n = counts(C)
    h = il.hmnc(C)
    t, s, a = tp / p, tn / n, (tp + tn) / (p + n)
    rho, one_minus_rho = p / (p + n), n / (p + n)  # 1 - rho without cancellation
    forms = [tp * tn * (p + n) / ((tp + tn) * p * n),
             (2 * tp * tn / (tp + tn)) / (2 * p * n / (p + n)),
             t * s / a,
             1 / (one_minus_rho / t + rho / s)]
    worst = np.max([np.abs(f - h) / h for f in forms], axis=0)
    return np.where((tp > 0) & (tn > 0), worst, np.nan)


def zero_violation(C):
    """HMNC where one class is missed entirely (should be exactly 0)."""
    tp, tn, p, n = counts(C)
    return np.where((p > 0) & (n > 0) & (tp * tn == 0), np.abs(il.hmnc(C)), np.nan)


def between_violation(C):
    """How far HMNC leaves the interval between TPR and TNR."""
    tp, tn, p, n = counts(C)
    t, s, h = tp / p, tn / n, il.hmnc(C)
    v = np.maximum(np.minimum(t, s) - h, h - np.maximum(t, s))
    return np.where((p > 0) & (n > 0), v, np.nan)


def kappa_violation(C):
    """How far kappa falls below -2PN / (P² + N²)."""
    tp, tn, p, n = counts(C)
    bound = -2 * p * n / (p**2 + n**2)
    return np.where((p > 0) & (n > 0), bound - il.kappa(C, zero_division=np.nan), np.nan)


def mcc_violation(C):
    """How far |MCC| exceeds 1."""
    return np.abs(il.mcc(C, zero_division=np.nan)) - 1


def _rates(C):
    """TPR, TNR, GM, ACC, BACC, HMNC, AC and rho of ``C`` (nan where P = 0 or N = 0)."""
    tp, tn, p, n = counts(C)
    ok = (p > 0) & (n > 0)
    t, s = np.where(ok, tp / p, np.nan), np.where(ok, tn / n, np.nan)
    rho = p / (p + n)
    return (t, s, np.sqrt(t * s), il.accuracy(C), (t + s) / 2,
            il.hmnc(C, zero_division=np.nan), il.ac(C, zero_division=np.nan), rho)


def duality_violation(C):
    """Deviation from HMNC ACC = GM² = AC BACC."""
    t, s, gm, acc, bacc, h, ac, _ = _rates(C)
    both = t + s > 0
    return np.where(both, np.maximum(np.abs(h * acc - gm**2), np.abs(ac * bacc - gm**2)),
                    np.nan)


def factorisation_violation(C):
    """Largest deviation from the five differences of the necessity theorem."""
    t, s, gm, acc, bacc, h, _, rho = _rates(C)
    tp, tn, _, _ = counts(C)
    gaps = [acc - bacc - (rho - 0.5) * (t - s),
            bacc - gm - 0.5 * (np.sqrt(t) - np.sqrt(s)) ** 2,
            acc - gm - (np.sqrt(t) - np.sqrt(s)) * (rho * np.sqrt(t) - (1 - rho) * np.sqrt(s)),
            np.where(tp + tn > 0, h - bacc - (s - t) * (tp - tn) / (2 * (tp + tn)), 0.0),
            np.where(acc > 0, h - acc - (gm - acc) * (gm + acc) / acc, 0.0)]
    return np.max(np.abs(gaps), axis=0)


def diagonal_violation(C):
    """Every mean of the two recalls at TPR = TNR = t (t the TPR of ``C``, C's margins) is t."""
    tp, _, p, n = counts(C)
    ok = (p > 0) & (n > 0)
    t = np.where(ok, tp / np.where(ok, p, 1.0), 0.0)
    D = il.binary_matrix(t * p, (1 - t) * p, (1 - t) * n, t * n)
    means = [il.hmnc(D, zero_division=np.nan), il.accuracy(D), il.balanced_accuracy(D),
             il.g_mean(D), il.ac(D, zero_division=np.nan),
             il.weighted_accuracy(D, alpha=0.3)]
    return np.where(ok, np.max(np.abs(np.array(means) - t), axis=0), np.nan)


def diagonal_matrices(m_max: int = 60) -> np.ndarray:
    """Every binary matrix with TPR = TNR and P, N <= ``m_max``, as one stack.

    >>> diagonal_matrices(2).shape
    (11, 2, 2)
    """
    rows = [(j * a, j * b, g * a, g * b)
            for g in range(1, m_max + 1)
            for a in range(1, m_max // g + 1)
            for b in range(1, m_max // g + 1)
            for j in range(g + 1)]
    tp, tn, p, n = np.array(rows, dtype=float).T
    return il.binary_matrix(tp, p - tp, n - tn, tn)
