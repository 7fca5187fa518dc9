r"""Score intervals for the paired difference of two rates (TPR, TNR, accuracy, BA).

Two classifiers A and B predict the same samples. A rate that is a proportion over
a fixed set of samples (TPR over the positives, TNR over the negatives, accuracy
over all samples) is then a pair of correlated proportions, and its difference
depends on the samples where the two disagree. Write the paired 2 x 2 table of
those samples as

.. math::

    \begin{pmatrix} n_{11} & b \\ c & n_{22} \end{pmatrix}
    \qquad n_{11}: \text{both right}, \quad b: \text{A right only}, \quad
    c: \text{B right only}, \quad n_{22}: \text{both wrong},

so that :math:`\hat\delta = (b - c)/n`. With few disagreements, all going the
same way (one classifier right wherever the other is: nested predictions), the
resampling intervals of :func:`imbalance_lib.intervals.compare` cover too little;
the intervals here are built for that case.

``method="score"`` (Tango 1998)
    The score test of :math:`H_0: \delta = \delta_0` profiles out the nuisance
    parameter: under :math:`H_0` the maximum-likelihood :math:`\tilde q` of the
    probability of "B right only" is the larger root of

    .. math:: 2n\,q^2 + \bigl(-b - c + (2n - b + c)\,\delta_0\bigr)\,q
              - c\,\delta_0 (1 - \delta_0) = 0,

    and :math:`Z(\delta_0) = (b - c - n\delta_0) /
    \sqrt{n\,(2\tilde q + \delta_0 (1 - \delta_0))}`. The interval is
    :math:`\{\delta_0 : |Z(\delta_0)| \le z_{1-\gamma/2}\}`, found by bisection
    (:math:`Z` decreases in :math:`\delta_0`). With :math:`b = c = 0` it is
    :math:`\pm z^2/(n + z^2)`.
``method="newcombe"`` (Newcombe 1998, method 10)
    Wilson score intervals :math:`(l_1, u_1)`, :math:`(l_2, u_2)` of the two
    marginal proportions :math:`p_1 = (n_{11} + b)/n`, :math:`p_2 = (n_{11} + c)/n`,
    combined with the correlation :math:`\hat\phi = A^* / \sqrt{M}` (:math:`M` the
    product of the four margins; 0 when a margin is 0), where :math:`A = n_{11}
    n_{22} - b c` enters as :math:`A^* = A - n/2` when :math:`A > n/2`, 0 when
    :math:`0 \le A \le n/2` and :math:`A` when negative:
    :math:`L = \hat\delta - \sqrt{(p_1 - l_1)^2 - 2\hat\phi (p_1 - l_1)(u_2 - p_2)
    + (u_2 - p_2)^2}`, and :math:`U` likewise with the other two distances.

Balanced accuracy is the mean of TPR and TNR, and the positives and the negatives
are different samples, so its paired difference is the mean of two independent
paired differences. Its interval combines the two classes' intervals
:math:`(l_i, u_i)` around :math:`d_i` by MOVER (Zou and Donner 2008; Newcombe
2011): :math:`\hat\theta = \tfrac12 (d_0 + d_1)`,
:math:`L = \hat\theta - \tfrac12\sqrt{\sum_i (d_i - l_i)^2}`,
:math:`U = \hat\theta + \tfrac12\sqrt{\sum_i (u_i - d_i)^2}`.

``prob_better`` of these intervals is their confidence distribution at 0: the
one-sided level :math:`\Phi(z^*)` at which the lower limit reaches 0 (where
:math:`\hat\delta > 0`; :math:`1 - \Phi(z^*)` with the upper limit where
:math:`\hat\delta < 0`; one half where :math:`\hat\delta = 0`). It is a
frequentist confidence, not a posterior probability.

References
----------
Tango (1998), Equivalence test and confidence interval for the difference in
proportions for the paired-sample design, Statistics in Medicine 17, 891-908.
Newcombe (1998), Improved confidence intervals for the difference between binomial
proportions based on paired data, Statistics in Medicine 17, 2635-2650.
Zou and Donner (2008), Construction of confidence limits about effect measures: a
general approach, Statistics in Medicine 27, 1693-1702.
"""

from __future__ import annotations

from statistics import NormalDist

import numpy as np

from ._typing import ArrayLike, FloatArray

__all__ = ["SCORE_METHODS", "SCORE_METRICS", "paired_proportion_interval", "paired_tables",
           "rate_difference_interval"]

SCORE_METHODS = ("score", "newcombe")
"""The closed-form methods of :func:`imbalance_lib.intervals.compare` (no resampling)."""
SCORE_METRICS = ("tpr", "tnr", "accuracy", "balanced_accuracy")
"""The registry metrics that are proportions over a fixed set of samples (or their mean)."""
_BISECT = 64  # halvings of [-1, 1]: below float resolution
_Z_MAX = 40.0  # Phi(40) is 1 in float64


def _z(confidence: ArrayLike) -> FloatArray:
    c = np.asarray(confidence, dtype=float)
    return np.vectorize(lambda p: NormalDist().inv_cdf(0.5 + p / 2), otypes=[float])(c)


def _tango_stat(b: FloatArray, c: FloatArray, n: FloatArray, d: FloatArray) -> FloatArray:
    """Tango's score statistic :math:`Z(\\delta_0)`; 0 where its numerator is 0."""
    B = -b - c + (2 * n - b + c) * d
    disc = np.maximum(B * B + 8 * n * c * d * (1 - d), 0.0)  # B^2 - 4 A C, A = 2n
    q = (-B + np.sqrt(disc)) / (4 * n)
    num = b - c - n * d
    var = n * np.maximum(2 * q + d * (1 - d), 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = num / np.sqrt(var)
    return np.where(num == 0, 0.0, np.where(var > 0, z, np.copysign(np.inf, num)))


def _tango(b: FloatArray, c: FloatArray, n: FloatArray, z: FloatArray,
           ) -> tuple[FloatArray, FloatArray]:
    """Tango's limits by bisection: the set where ``|Z(delta)| <= z`` is an interval
    around the estimate."""
    est = (b - c) / n
    lo_out, lo_in = np.full_like(est, -1.0), est.copy()  # Z > z at lo_out, <= z at lo_in
    hi_in, hi_out = est.copy(), np.ones_like(est)
    for _ in range(_BISECT):
        mid = (lo_out + lo_in) / 2
        outside = _tango_stat(b, c, n, mid) > z
        lo_out, lo_in = np.where(outside, mid, lo_out), np.where(outside, lo_in, mid)
        mid = (hi_in + hi_out) / 2
        outside = _tango_stat(b, c, n, mid) < -z
        hi_out, hi_in = np.where(outside, mid, hi_out), np.where(outside, hi_in, mid)
    # the estimate -1 or 1 is its own limit (Z there is 0)
    return np.where(est <= -1, -1.0, lo_in), np.where(est >= 1, 1.0, hi_in)


def _wilson(x: FloatArray, n: FloatArray, z: FloatArray) -> tuple[FloatArray, FloatArray]:
    z2 = z * z
    centre = (x + z2 / 2) / (n + z2)
    half = z * np.sqrt(np.maximum(x * (n - x) / n + z2 / 4, 0.0)) / (n + z2)
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def _newcombe(t: FloatArray, z: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Newcombe's method 10 on tables ``t`` (..., 2, 2)."""
    n11, b, c, n22 = t[..., 0, 0], t[..., 0, 1], t[..., 1, 0], t[..., 1, 1]
    n = n11 + b + c + n22
    p1, p2 = (n11 + b) / n, (n11 + c) / n
    l1, u1 = _wilson(n11 + b, n, z)
    l2, u2 = _wilson(n11 + c, n, z)
    margins = (n11 + b) * (c + n22) * (n11 + c) * (b + n22)
    cross = n11 * n22 - b * c  # Newcombe's numerator, reduced by n/2 when positive
    cross = np.where(cross > n / 2, cross - n / 2, np.minimum(cross, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        phi = np.where(margins > 0, cross / np.sqrt(margins), 0.0)
    dl, du = p1 - l1, u2 - p2
    low = p1 - p2 - np.sqrt(np.maximum(dl * dl - 2 * phi * dl * du + du * du, 0.0))
    el, eu = u1 - p1, p2 - l2
    high = p1 - p2 + np.sqrt(np.maximum(el * el - 2 * phi * el * eu + eu * eu, 0.0))
    return np.maximum(low, -1.0), np.minimum(high, 1.0)


def _limits(tables: FloatArray, z: FloatArray, method: str) -> tuple[FloatArray, FloatArray]:
    """Limits of every table of a stack (..., 2, 2) with nonzero total."""
    if method == "newcombe":
        return _newcombe(tables, z)
    b, c = tables[..., 0, 1], tables[..., 1, 0]
    return _tango(b, c, tables.sum(axis=(-2, -1)), z)


def paired_tables(J: FloatArray, metric: str) -> tuple[FloatArray, FloatArray]:
    """The paired 2 x 2 tables a rate difference rests on, and their weights.

    ``J`` (m, k, k, k) joint counts -> tables (m, r, 2, 2) ``[[both right, A only],
    [B only, both wrong]]`` and weights (r,): the difference is
    :math:`\\sum_j w_j (b_j - c_j)/n_j`.
    """
    k = J.shape[-1]
    a_diag = J.diagonal(axis1=1, axis2=2)  # (m, b, i): true class i, A predicts i
    both = a_diag.diagonal(axis1=1, axis2=2)  # (m, i): both predict i
    a_right, b_right = a_diag.sum(axis=1), J.diagonal(axis1=1, axis2=3).sum(axis=1)
    n = J.sum(axis=(-2, -1))
    per_class = np.stack([np.stack([both, a_right - both], -1),
                          np.stack([b_right - both, n - a_right - b_right + both], -1)], -2)
    if metric == "accuracy":
        return per_class.sum(axis=1, keepdims=True), np.ones(1)
    if k != 2:
        raise ValueError(f"method='score' and 'newcombe' give {metric!r} for two classes "
                         f"only; got k = {k}")
    if metric == "tpr":
        return per_class[:, 1:], np.ones(1)
    if metric == "tnr":
        return per_class[:, :1], np.ones(1)
    return per_class, np.full(2, 0.5)  # balanced accuracy: TNR and TPR, half each


def _combine(tables: FloatArray, weights: FloatArray, z: FloatArray, method: str,
             ) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Difference and limits of sum_j w_j d_j (MOVER for more than one table)."""
    n = tables.sum(axis=(-2, -1))
    d = (tables[..., 0, 1] - tables[..., 1, 0]) / n
    low, high = _limits(tables, z[..., None], method)
    theta = (weights * d).sum(-1)
    if len(weights) == 1:
        return theta, low[..., 0], high[..., 0]
    lo = theta - np.sqrt((weights ** 2 * (d - low) ** 2).sum(-1))
    hi = theta + np.sqrt((weights ** 2 * (high - d) ** 2).sum(-1))
    return theta, np.maximum(lo, -1.0), np.minimum(hi, 1.0)


def _prob_better(tables: FloatArray, weights: FloatArray, theta: FloatArray,
                 method: str) -> FloatArray:
    """The one-sided confidence that A is better: Phi(z*) where a limit reaches 0."""
    if method == "score" and len(weights) == 1:  # Tango's limit is 0 where z = |Z(0)|
        b, c = tables[..., 0, 0, 1], tables[..., 0, 1, 0]
        z_lo = np.abs(_tango_stat(b, c, tables[..., 0, :, :].sum(axis=(-2, -1)), 0.0 * b))
    else:
        z_lo, z_hi = np.zeros_like(theta), np.full_like(theta, _Z_MAX)
        for _ in range(_BISECT):  # the limit moves away from theta as z grows
            mid = (z_lo + z_hi) / 2
            _, low, high = _combine(tables, weights, mid, method)
            excludes = np.where(theta > 0, low > 0, high < 0)
            z_lo, z_hi = np.where(excludes, mid, z_lo), np.where(excludes, z_hi, mid)
    level = np.vectorize(NormalDist().cdf, otypes=[float])(np.minimum(z_lo, _Z_MAX))
    return np.where(theta > 0, level, np.where(theta < 0, 1 - level, 0.5))


def rate_difference_interval(J: FloatArray, metric: str, confidence: float, method: str,
                             ) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """``(difference, low, high, prob_better)`` of metric(A) - metric(B) for the checked
    joint counts ``J`` (m, k, k, k) and a metric of :data:`SCORE_METRICS` (checked by
    :func:`imbalance_lib.intervals.compare`); ``nan`` where a rate has no sample."""
    tables, weights = paired_tables(J, metric)
    empty = (tables.sum(axis=(-2, -1)) == 0).any(-1)
    safe = np.where(empty[:, None, None, None], 1.0, tables)  # placeholder, masked below
    z = np.full(J.shape[0], float(_z(confidence)))
    theta, low, high = _combine(safe, weights, z, method)
    prob = _prob_better(safe, weights, theta, method)
    return tuple(np.where(empty, np.nan, x) for x in (theta, low, high, prob))  # type: ignore


def paired_proportion_interval(table: ArrayLike, *, confidence: float = 0.95,
                               method: str = "score",
                               ) -> tuple[float | FloatArray, float | FloatArray]:
    r"""Interval for the difference of two paired proportions, for a stack of tables.

    Parameters
    ----------
    table : array-like of shape (..., 2, 2)
        Paired counts ``[[n11, n12], [n21, n22]]``: ``n11`` both succeed, ``n12``
        the first only, ``n21`` the second only, ``n22`` neither (statsmodels'
        convention). The difference is :math:`p_1 - p_2 = (n_{12} - n_{21})/n`.
        Finite non-negative counts, real-valued allowed; a table of total 0 gives
        ``nan``.
    confidence : float, default=0.95
    method : {"score", "newcombe"}, default="score"
        Tango's (1998) score interval or Newcombe's (1998) method 10 (see the
        module's description).

    Returns
    -------
    low, high : float or ndarray of shape ``table.shape[:-2]``

    Raises
    ------
    ValueError
        A masked array, counts that are not finite non-negative numbers, the
        wrong shape, an unknown method or a confidence outside (0, 1).

    References
    ----------
    Tango (1998), Statistics in Medicine 17, 891-908; Newcombe (1998),
    Statistics in Medicine 17, 2635-2650.

    Examples
    --------
    >>> low, high = paired_proportion_interval([[59, 6], [16, 80]])
    >>> round(float(low), 4), round(float(high), 4)
    (-0.124, -0.0054)
    """
    from ._checks import reject_masked
    from .intervals import _check_confidence

    reject_masked(table, "table")
    confidence = _check_confidence(confidence)
    if method not in SCORE_METHODS:
        raise ValueError(f"method must be one of {SCORE_METHODS}; got {method!r}")
    raw = np.asarray(table)
    if raw.dtype.kind not in "iuf" or raw.ndim < 2 or raw.shape[-2:] != (2, 2):
        raise ValueError(f"table must be numbers of shape (..., 2, 2); got shape {raw.shape} "
                         f"and dtype {raw.dtype}")
    t = raw.astype(float)
    if not np.isfinite(t).all() or (t < 0).any():
        raise ValueError("table counts must be finite and non-negative")
    lead = t.shape[:-2]
    flat = t.reshape(-1, 1, 2, 2)
    empty = flat.sum(axis=(-2, -1))[:, 0] == 0
    z = np.full(flat.shape[0], float(_z(confidence)))
    _, low, high = _combine(np.where(empty[:, None, None, None], 1.0, flat), np.ones(1), z,
                            method)
    low, high = np.where(empty, np.nan, low), np.where(empty, np.nan, high)
    if not lead:
        return float(low[0]), float(high[0])
    return low.reshape(lead), high.reshape(lead)
