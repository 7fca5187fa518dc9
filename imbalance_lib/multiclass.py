r"""Metrics of a k-class confusion matrix (any k >= 1; binary included).

Notation (Mortaz 2020): :math:`c_{ij}` the count of true class *i* predicted as
*j*, :math:`c_{i\cdot} = \sum_j c_{ij}` the row (true) total,
:math:`c_{\cdot i} = \sum_j c_{ji}` the column (predicted) total and
:math:`n = \sum_{ij} c_{ij}`.

The doctests use one 3-class matrix throughout::

    C = [[50, 3, 2],
         [5, 20, 5],
         [1, 4, 10]]

with row totals (55, 30, 15), column totals (56, 27, 17) and diagonal (50, 20, 10).
"""

from __future__ import annotations

from typing import cast

import numpy as np

from ._checks import (
    blockwise,
    check_matrix,
    class_mean,
    compensated_sum,
    finish,
    last_sum,
    others_sum,
    product_difference,
    ratio,
)
from ._docs import fill
from ._typing import ArrayLike, FloatArray, Floats, Result, ZeroDivision
from .confusion import Margins

__all__ = [
    "accuracy",
    "mcc",
    "kappa",
    "macro_precision",
    "macro_recall",
    "macro_f1",
    "cba",
    "iam",
    "g_mean",
]


def margins(C: ArrayLike | Margins) -> tuple[FloatArray, FloatArray, FloatArray, Floats]:
    """Return ``(diag, rows, cols, n)`` of checked matrices: c_ii, c_i., c_.i and n.

    ``C`` may also be a :class:`imbalance_lib.confusion.Margins` (the per-class
    counts that the label-based scores count for many classes).
    """
    if isinstance(C, Margins):
        d, r, s = (np.asarray(v, dtype=float) for v in C)
        return d, r, s, r.sum(axis=-1)
    C = check_matrix(C)
    if C.shape[-1] == 2:  # a stack of 2x2 matrices: column sums, no reductions over tiny axes
        tn, fp, fn, tp = C[..., 0, 0], C[..., 0, 1], C[..., 1, 0], C[..., 1, 1]
        neg, pos = tn + fp, fn + tp
        return (np.stack([tn, tp], axis=-1), np.stack([neg, pos], axis=-1),
                np.stack([tn + fn, fp + tp], axis=-1), neg + pos)
    rows = C.sum(axis=-1)
    return np.diagonal(C, axis1=-2, axis2=-1), rows, C.sum(axis=-2), rows.sum(axis=-1)


def _agreement(C: ArrayLike | Margins) -> tuple[Floats, Floats, Floats, Floats]:
    r"""``(num, mcc_den_sq_parts, kappa_den)`` shared by MCC and kappa, computed accurately.

    ``num`` is :math:`n \sum_i c_{ii} - \sum_i c_{i\cdot} c_{\cdot i}` (for k = 2,
    :math:`2(\mathrm{TP}\,\mathrm{TN} - \mathrm{FP}\,\mathrm{FN})`, formed without cancellation); the
    other parts are sums of non-negative terms: :math:`\sum_i c_{\cdot i}(n - c_{\cdot i})`,
    :math:`\sum_i c_{i\cdot}(n - c_{i\cdot})` and :math:`\sum_i c_{i\cdot}(n - c_{\cdot i})`,
    with :math:`n - v_i` summed from the other entries instead of subtracted.
    """
    if isinstance(C, Margins):  # many classes: the off-diagonal parts from the totals
        d, r, s, n = margins(C)
        a, b = r - d, s - d
    else:
        C = check_matrix(C)
    if not isinstance(C, Margins) and C.shape[-1] == 2:
        tn, fp, fn, tp = C[..., 0, 0], C[..., 0, 1], C[..., 1, 0], C[..., 1, 1]
        num = 2 * product_difference(tp, tn, fp, fn)
        r0, r1, s0, s1 = tn + fp, fn + tp, tn + fn, fp + tp
        # 2 * (x * y), associated as num is: a perfect or an inverted classifier then
        # has num == +-den exactly, even where the products are subnormal
        return num, 2 * (s0 * s1), 2 * (r0 * r1), r0 * s1 + r1 * s0
    if not isinstance(C, Margins):
        d, r, s, n = margins(C)
        # n c_ii - r_i s_i = c_ii o_i - a_i b_i, with a_i and b_i the off-diagonal parts
        # of row and column i and o_i the total outside both: no large terms cancel
        off = C * (1 - np.eye(C.shape[-1]))
        a, b = off.sum(axis=-1), off.sum(axis=-2)
    so, ro = others_sum(s), others_sum(r)
    o = np.maximum(ro - b, 0.0)
    num = compensated_sum(product_difference(d, o, a, b))
    return num, (s * so).sum(axis=-1), (r * ro).sum(axis=-1), (r * so).sum(axis=-1)


@blockwise
@fill
def accuracy(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Accuracy: :math:`\mathrm{ACC} = \sum_i c_{ii} / n`.

    Undefined for an empty matrix (:math:`n = 0`).

    {CK_only}

    Examples
    --------
    >>> accuracy([[50, 3, 2], [5, 20, 5], [1, 4, 10]])
    0.8
    >>> accuracy([[81, 9], [4, 6]])
    0.87
    """
    d, r, s, n = margins(C)
    return finish(ratio(last_sum(d), n), n == 0, zero_division, name="accuracy")


@blockwise
@fill
def mcc(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Matthews correlation coefficient, in its k-class form (Gorodkin's :math:`R_K`).

    .. math::

        \mathrm{MCC} = \frac{n \sum_i c_{ii} - \sum_i c_{i\cdot} c_{\cdot i}}
                   {\sqrt{\bigl(n^2 - \sum_i c_{\cdot i}^2\bigr)
                          \bigl(n^2 - \sum_i c_{i\cdot}^2\bigr)}}

    For k = 2 this is :math:`(\mathrm{TP}\,\mathrm{TN} - \mathrm{FP}\,\mathrm{FN})/\sqrt{\hat P P N \hat N}`
    with :math:`\hat P = \mathrm{TP} + \mathrm{FP}` and :math:`\hat N = \mathrm{TN} + \mathrm{FN}`.
    Range [-1, 1]. Undefined when the denominator is 0 (all samples in one true
    class, or all predictions in one class); scikit-learn returns 0.0 there.

    {CK_only}

    References
    ----------
    Matthews (1975); Gorodkin (2004).

    Examples
    --------
    >>> round(mcc([[81, 9], [4, 6]]), 4)
    0.4201
    >>> round(mcc([[50, 3, 2], [5, 20, 5], [1, 4, 10]]), 4)
    0.6592
    """
    cov_tp, cov_pp, cov_tt, _ = _agreement(C)
    # n^2 - sum(s_i^2) written as sum(s_i (n - s_i)): exactly 0 when one column
    # holds everything, instead of a rounding residue of the subtraction.
    den = np.sqrt(cov_pp) * np.sqrt(cov_tt)
    # equal radicands (a perfect or a perfectly inverted classifier): the root of the
    # product is the radicand itself, exactly; sqrt(x) * sqrt(x) can miss it by an ulp
    den = np.where(cov_pp == cov_tt, cov_pp, den)
    value = np.clip(ratio(cov_tp, den), -1.0, 1.0)  # rounding can step past +-1
    return finish(
        value, den == 0, zero_division,
        name="mcc",
    )


@blockwise
@fill
def kappa(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Cohen's kappa: agreement beyond the agreement expected from the margins.

    .. math::

        \kappa = \frac{p_o - p_e}{1 - p_e}, \qquad
        p_o = \frac{\sum_i c_{ii}}{n}, \quad p_e = \frac{\sum_i c_{i\cdot} c_{\cdot i}}{n^2}

    Range [-1, 1]. Undefined when :math:`p_e = 1` (true labels and predictions
    all in one and the same class) or :math:`n = 0`.

    {CK_only}

    References
    ----------
    Cohen (1960); Burduk (2020), Eq. (8).

    Examples
    --------
    >>> round(kappa([[81, 9], [4, 6]]), 4)
    0.4091
    >>> round(kappa([[50, 3, 2], [5, 20, 5], [1, 4, 10]]), 4)
    0.6584
    """
    num, _, _, den = _agreement(C)  # den = n^2 - sum(r_i s_i), exactly 0 when p_e = 1
    value = np.clip(ratio(num, den), -1.0, 1.0)
    return finish(value, den == 0, zero_division, name="kappa")


@blockwise
@fill
def macro_precision(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Macro-averaged precision: :math:`\mathrm{MAP} = \frac1k \sum_i c_{ii} / c_{\cdot i}`.

    A class with no predictions has an undefined term (the policy applies per class).

    {CK_only}

    References
    ----------
    Mortaz (2020), Eq. (4).

    Examples
    --------
    >>> round(macro_precision([[50, 3, 2], [5, 20, 5], [1, 4, 10]]), 4)
    0.7406
    """
    d, r, s, n = margins(C)
    return class_mean(
        ratio(d, s), s == 0, zero_division,
        name="macro_precision",
    )


@blockwise
@fill
def macro_recall(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Macro-averaged recall: :math:`\mathrm{MAR} = \frac1k \sum_i c_{ii} / c_{i\cdot}`.

    For k = 2 it equals balanced accuracy. A class with no true samples has an
    undefined term (the policy applies per class).

    {CK_only}

    References
    ----------
    Mortaz (2020), Eq. (5).

    Examples
    --------
    >>> round(macro_recall([[50, 3, 2], [5, 20, 5], [1, 4, 10]]), 4)
    0.7475
    """
    d, r, s, n = margins(C)
    return class_mean(
        ratio(d, r), r == 0, zero_division,
        name="macro_recall",
    )


@blockwise
@fill
def macro_f1(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Macro F-score: the mean over classes of each class's F1.

    .. math::

        F = \frac1k \sum_i \frac{2\, p_i\, r_i}{p_i + r_i}
          = \frac1k \sum_i \frac{2\, c_{ii}}{c_{i\cdot} + c_{\cdot i}}

    with :math:`p_i, r_i` the precision and recall of class *i*. This is the
    mean of per-class harmonic means, as Mortaz (2020) defines it, not the
    harmonic mean of MAP and MAR. A class's term is undefined only when the
    class is absent from both the true labels and the predictions.

    {CK_only}

    References
    ----------
    Mortaz (2020), Eq. (6).

    Examples
    --------
    >>> round(macro_f1([[50, 3, 2], [5, 20, 5], [1, 4, 10]]), 4)
    0.7426
    """
    d, r, s, n = margins(C)
    return class_mean(
        ratio(2 * d, r + s), r + s == 0, zero_division,
        name="macro_f1",
    )


@blockwise
@fill
def cba(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Class balance accuracy: :math:`\mathrm{CBA} = \frac1k \sum_i c_{ii} / \max(c_{i\cdot}, c_{\cdot i})`.

    A class's term is undefined when the class is absent from both the true
    labels and the predictions.

    {CK_only}

    References
    ----------
    Mosley (2013); Mortaz (2020), Eq. (7).

    Examples
    --------
    >>> round(cba([[50, 3, 2], [5, 20, 5], [1, 4, 10]]), 4)
    0.7159
    """
    d, r, s, n = margins(C)
    m = np.maximum(r, s)
    return class_mean(
        ratio(d, m), m == 0, zero_division,
        name="cba",
    )


@blockwise
@fill
def iam(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Imbalance accuracy metric.

    .. math::

        \mathrm{IAM} = \frac1k \sum_i
              \frac{c_{ii} - \max\bigl(\sum_{j\ne i} c_{ij},\ \sum_{j\ne i} c_{ji}\bigr)}
                   {\max(c_{i\cdot},\ c_{\cdot i})}

    Equivalently :math:`\mathrm{IAM} = 2\,\mathrm{CBA} - 1` (each term is
    :math:`(c_{ii} - (\max(c_{i\cdot}, c_{\cdot i}) - c_{ii}))/\max(\cdot)`). Range [-1, 1].
    A class's term is undefined when the class is absent from both the true
    labels and the predictions. The identity holds when every term is defined
    or with ``zero_division=nan``; a numeric ``zero_division=z`` puts ``z`` in
    both means, so that with ``u`` undefined classes out of ``k``,
    :math:`\mathrm{IAM} - (2\,\mathrm{CBA} - 1) = u(1 - z)/k`.

    {CK_only}

    References
    ----------
    Mortaz (2020), Eq. (8).

    Examples
    --------
    >>> round(iam([[50, 3, 2], [5, 20, 5], [1, 4, 10]]), 4)
    0.4318
    """
    d, r, s, n = margins(C)
    m = np.maximum(r, s)
    off = np.maximum(r - d, s - d)
    return class_mean(
        ratio(d - off, m), m == 0, zero_division,
        name="iam",
    )


@blockwise
@fill
def g_mean(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Geometric mean of the class recalls: :math:`\bigl(\prod_i c_{ii}/c_{i\cdot}\bigr)^{1/k}`.

    For k = 2 this is :math:`\sqrt{\mathrm{TPR} \cdot \mathrm{TNR}}`. Undefined (as a whole) when
    a class has no true samples. Computed as :math:`\exp` of the mean
    logarithm of the recalls (0 when a recall is 0), so that a product of
    thousands of recalls cannot underflow.

    {CK_only}

    References
    ----------
    Kubat and Matwin (1997); Vergne (2017) (geometric accuracy); the k-class
    form is imbalanced-learn's ``geometric_mean_score(average="multiclass")``.

    Examples
    --------
    >>> round(g_mean([[81, 9], [4, 6]]), 4)
    0.7348
    >>> round(g_mean([[50, 3, 2], [5, 20, 5], [1, 4, 10]]), 4)
    0.7393
    """
    d, r, s, n = margins(C)
    k = d.shape[-1]
    recalls = cast(FloatArray, ratio(d, r))  # per-class vectors: an array, never a scalar
    if k == 2:
        a, b = recalls[..., 0], recalls[..., 1]
        product = a * b
        value = np.sqrt(product)
        tiny = product < 1e-300  # underflow of the product of two tiny recalls
        if np.any(tiny & (a > 0) & (b > 0)):
            value = np.where(tiny, np.sqrt(a) * np.sqrt(b), value)
    else:
        zero = (recalls == 0).any(axis=-1)
        with np.errstate(divide="ignore"):
            logs = np.log(np.where(recalls > 0, recalls, 1.0))
        value = np.where(zero, 0.0, np.exp(logs.mean(axis=-1)))
    return finish(
        value, (r == 0).any(axis=-1), zero_division, name="g_mean"
    )
