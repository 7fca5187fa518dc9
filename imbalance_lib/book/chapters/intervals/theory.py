"""Closed forms and small constructions of the intervals chapter.

Brodersen's posterior density of balanced accuracy, the expected content of a
percentile interval, the matrices with evenly spread errors, the nested joint counts
of two classifiers, and the numbers of the prose (p-values, ranges). The Monte Carlo
margins of simulated rates are the book's (:mod:`imbalance_lib.book.claims`).
"""

from __future__ import annotations

import numpy as np
from scipy import stats

import imbalance_lib as il


def ba_posterior_exact(C, grid):
    r"""Density of BA = (TPR + TNR) / 2 under uniform priors, by numerical convolution.

    :math:`f_{BA}(b) = 2\int_0^1 f_{TPR}(t) f_{TNR}(2b - t)\,dt` with
    ``TPR ~ Beta(TP + 1, FN + 1)`` and ``TNR ~ Beta(TN + 1, FP + 1)``
    (Brodersen et al., 2010).

    Parameters
    ----------
    C : array of shape (2, 2)
        ``[[TN, FP], [FN, TP]]``.
    grid : array
        Values of BA at which to evaluate the density.

    >>> grid = np.linspace(0.3, 1.0, 701)
    >>> d = ba_posterior_exact(il.binary_matrix(tp=9, fn=1, fp=1, tn=9), grid)
    >>> round(float(d.sum() * (grid[1] - grid[0])), 2)
    1.0
    """
    (tn, fp), (fn, tp) = np.asarray(C, float)
    t = np.linspace(0, 1, 4001)
    f_tpr = stats.beta(tp + 1, fn + 1).pdf(t)
    dens = [2 * np.trapezoid(f_tpr * stats.beta(tn + 1, fp + 1).pdf(2 * b - t), t)
            for b in grid]
    return np.array(dens)


def ba_posterior_limits(C, levels=(0.025, 0.975)):
    """Quantiles of BA's exact posterior (:func:`ba_posterior_exact` on a fine grid).

    >>> low, high = ba_posterior_limits(il.binary_matrix(tp=90, fn=10, fp=5, tn=95))
    >>> bool(0.85 < low < 0.9 < high < 0.97)
    True
    """
    grid = np.linspace(0.3, 1.0, 701)
    cdf = np.cumsum(ba_posterior_exact(C, grid)) * (grid[1] - grid[0])
    return np.interp(list(levels), cdf / cdf[-1], grid)


def percentile_content(n_resamples: int, confidence: float = 0.95) -> float:
    """Expected posterior content of the equal-tailed percentile interval from B draws.

    The quantile at level p interpolates the order statistics at the 0-based
    position (B - 1) p; the j-th smallest of B draws (1-based) has expected
    distribution-function value j / (B + 1), so the expected content is
    ``(B - 1) * confidence / (B + 1)``.

    >>> round(percentile_content(400), 4)  # 399 * 0.95 / 401
    0.9453
    """
    B, lo, hi = n_resamples, (1 - confidence) / 2, (1 + confidence) / 2
    return (((B - 1) * hi + 1) - ((B - 1) * lo + 1)) / (B + 1)


def even_rates(recall: float, k: int = 3):
    """Rates with recall ``recall`` in each of ``k`` classes, errors spread evenly.

    >>> np.round(even_rates(0.8)[0], 12).tolist()
    [0.8, 0.1, 0.1]
    """
    R = np.full((k, k), (1 - recall) / (k - 1))
    np.fill_diagonal(R, recall)
    return R


def even_errors(sizes, r):
    """Expected matrix with recall ``r`` in every class and errors spread evenly.

    >>> np.round(even_errors([10, 20], 0.9), 12).tolist()
    [[9.0, 1.0], [2.0, 18.0]]
    """
    return np.asarray(sizes, float)[:, None] * even_rates(r, len(sizes))


def matching_matrix(sizes, target_cba):
    """The :func:`even_errors` matrix whose CBA is ``target_cba`` (bisection on the recall).

    >>> round(float(il.cba(matching_matrix([30, 20, 10], 0.6))), 6)
    0.6
    """
    lo, hi = 0.0, 1.0  # CBA of even_errors increases with r
    for _ in range(50):
        mid = (lo + hi) / 2
        if il.cba(even_errors(sizes, mid)) < target_cba:
            lo = mid
        else:
            hi = mid
    return even_errors(sizes, (lo + hi) / 2)


def nested_joint(CA, CB):
    """Joint counts of the most paired case: on each class the classifier right more often
    is right on every sample the other is right on.

    >>> J = nested_joint(il.binary_matrix(tp=7, fn=3, fp=1, tn=9),
    ...                  il.binary_matrix(tp=5, fn=5, fp=3, tn=7))
    >>> J[1].tolist()  # positives: A right, B right / A right only / neither
    [[3.0, 0.0], [2.0, 5.0]]
    """
    J = np.zeros(CA.shape[:-2] + (2, 2, 2))
    for cls in (0, 1):  # class 0: right means predicting 0; class 1: predicting 1
        ra, rb = CA[..., cls, cls], CB[..., cls, cls]
        n = CA[..., cls, :].sum(-1)
        both, a_only = np.minimum(ra, rb), np.maximum(ra - rb, 0)
        b_only, none = np.maximum(rb - ra, 0), n - np.maximum(ra, rb)
        w = 1 - cls  # the wrong prediction on this class
        J[..., cls, cls, cls], J[..., cls, cls, w] = both, a_only
        J[..., cls, w, cls], J[..., cls, w, w] = b_only, none
    return J


# ------------------------------------------------------------ numbers for the prose


def p_text(p: float) -> str:
    """A p-value for the prose: three decimals from 0.001 on, else one digit times a power of ten.

    >>> p_text(2 / 2**16), p_text(0.0123), p_text(4.4e-12)
    ('3 × 10⁻⁵', '0.012', '4 × 10⁻¹²')
    """
    if p >= 0.001:
        return f"{p:.3f}"
    mantissa, exponent = f"{p:.0e}".split("e")
    return f"{mantissa} × 10" + str(int(exponent)).translate(str.maketrans("-0123456789",
                                                                          "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))


def range_text(lo: int, hi: int) -> str:
    """``"7 to 8"``, or ``"29"`` when both ends are the same.

    >>> range_text(7, 8), range_text(29, 29)
    ('7 to 8', '29')
    """
    return str(lo) if lo == hi else f"{lo} to {hi}"
