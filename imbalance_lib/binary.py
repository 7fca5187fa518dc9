r"""Metrics of a binary confusion matrix ``[[TN, FP], [FN, TP]]``.

Every function takes an array of shape ``(..., 2, 2)`` and returns one value
per matrix. Notation: :math:`P = \mathrm{TP} + \mathrm{FN}`,
:math:`N = \mathrm{TN} + \mathrm{FP}`, :math:`n = P + N`, :math:`\mathrm{TPR} = \mathrm{TP}/P`,
:math:`\mathrm{TNR} = \mathrm{TN}/N`.

The doctests use one classifier throughout: ``C = [[81, 9], [4, 6]]``, i.e.
:math:`\mathrm{TP} = 6, \mathrm{FN} = 4, \mathrm{FP} = 9, \mathrm{TN} = 81`, so
:math:`\mathrm{TPR} = 0.6` and :math:`\mathrm{TNR} = 0.9`.
"""

from __future__ import annotations

import numpy as np

from ._checks import blockwise, check_matrix, finish, ratio
from ._docs import fill
from ._typing import ArrayLike, FloatArray, Floats, Result, ZeroDivision

__all__ = [
    "tpr",
    "tnr",
    "precision",
    "npv",
    "f1",
    "balanced_accuracy",
    "weighted_accuracy",
    "dominance",
    "iba",
    "optimized_precision",
    "hmnc",
    "ac",
]


def counts(C: ArrayLike) -> tuple[Floats, Floats, Floats, Floats]:
    """Return ``(tn, fp, fn, tp)`` of checked binary matrices as float arrays."""
    C = check_matrix(C, binary=True)
    return C[..., 0, 0], C[..., 0, 1], C[..., 1, 0], C[..., 1, 1]


def rates(C: ArrayLike) -> tuple[Floats, Floats, np.ndarray | np.bool_]:
    """Return ``(TPR, TNR, undefined)``; ``undefined`` marks matrices with P = 0 or N = 0."""
    tn, fp, fn, tp = counts(C)
    p, n = tp + fn, tn + fp
    return ratio(tp, p), ratio(tn, n), (p == 0) | (n == 0)


def check_alpha(alpha: ArrayLike) -> FloatArray:
    """Return ``alpha`` as a float array after checking it lies in [0, 1]."""
    raw = np.asarray(alpha)
    if raw.dtype.kind not in "biuf":  # "0.5" is text, not a weight
        raise ValueError(f"alpha must be a real number or an array of them; got {alpha!r}")
    a = raw.astype(float)
    if not np.isfinite(a).all() or (a < 0).any() or (a > 1).any():
        raise ValueError(f"alpha must lie in [0, 1]; got {alpha!r}")
    return a


def _broadcast_alpha(a: FloatArray, t: Floats) -> None:
    """Refuse an ``alpha`` array whose shape does not broadcast against the matrices'."""
    try:
        np.broadcast_shapes(a.shape, np.shape(t))
    except ValueError:
        raise ValueError(
            f"alpha has shape {a.shape}, which does not broadcast against the stack of "
            f"matrices (shape {np.shape(t)}): give one alpha, or one per matrix"
        ) from None


def harmonic(a: Floats, b: Floats) -> Floats:
    """Harmonic mean ``2ab/(a+b)`` of non-negative arrays, 0 where ``a = b = 0`` (its limit)."""
    s = a + b
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(s == 0, 0.0, 2 * a * b / np.where(s == 0, 1.0, s))


@blockwise
@fill
def tpr(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""True positive rate (recall, sensitivity): :math:`\mathrm{TP}/(\mathrm{TP} + \mathrm{FN})`.

    Undefined when the matrix has no positive samples (:math:`P = 0`).

    {C2_only}

    Examples
    --------
    >>> tpr([[81, 9], [4, 6]])
    0.6
    """
    tn, fp, fn, tp = counts(C)
    return finish(ratio(tp, tp + fn), tp + fn == 0, zero_division, name="tpr")


@blockwise
@fill
def tnr(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""True negative rate (specificity, selectivity): :math:`\mathrm{TN}/(\mathrm{TN} + \mathrm{FP})`.

    Undefined when the matrix has no negative samples (:math:`N = 0`).

    {C2_only}

    Examples
    --------
    >>> tnr([[81, 9], [4, 6]])
    0.9
    """
    tn, fp, fn, tp = counts(C)
    return finish(ratio(tn, tn + fp), tn + fp == 0, zero_division, name="tnr")


@blockwise
@fill
def precision(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Precision (positive predictive value): :math:`\mathrm{TP} / (\mathrm{TP} + \mathrm{FP})`.

    Undefined when nothing is predicted positive.

    {C2_only}

    Examples
    --------
    >>> precision([[81, 9], [4, 6]])
    0.4
    """
    tn, fp, fn, tp = counts(C)
    return finish(
        ratio(tp, tp + fp), tp + fp == 0, zero_division,
        name="precision",
    )


@blockwise
@fill
def npv(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Negative predictive value (negative class precision): :math:`\mathrm{TN}/(\mathrm{TN}+\mathrm{FN})`.

    Undefined when nothing is predicted negative.

    {C2_only}

    Examples
    --------
    >>> round(npv([[81, 9], [4, 6]]), 4)
    0.9529
    """
    tn, fp, fn, tp = counts(C)
    return finish(
        ratio(tn, tn + fn), tn + fn == 0, zero_division,
        name="npv",
    )


@blockwise
@fill
def f1(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""F1 score of the positive class, the harmonic mean of precision and TPR.

    .. math:: F_1 = \frac{2\,\mathrm{TP}}{2\,\mathrm{TP} + \mathrm{FP} + \mathrm{FN}}

    This form is defined whenever :math:`\mathrm{TP} + \mathrm{FP} + \mathrm{FN} > 0` (it is 0 when
    :math:`\mathrm{TP} = 0`), as in scikit-learn.

    {C2_only}

    Examples
    --------
    >>> f1([[81, 9], [4, 6]])
    0.48
    """
    tn, fp, fn, tp = counts(C)
    den = 2 * tp + fp + fn
    return finish(ratio(2 * tp, den), den == 0, zero_division, name="f1")


@blockwise
@fill
def balanced_accuracy(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Balanced accuracy, the unweighted mean of TPR and TNR.

    .. math:: \mathrm{BA} = \tfrac12 (\mathrm{TPR} + \mathrm{TNR})

    Equal to the area under the ROC curve of a single operating point and to
    ``(1 + informedness) / 2``. Undefined when :math:`P = 0` or :math:`N = 0`.

    {C2_only}

    References
    ----------
    Vergne (2017); Brodersen et al. (2010).

    Examples
    --------
    >>> balanced_accuracy([[81, 9], [4, 6]])
    0.75
    """
    t, s, undefined = rates(C)
    return finish((t + s) / 2, undefined, zero_division, name="balanced_accuracy")


@blockwise
@fill
def weighted_accuracy(C: ArrayLike, alpha: ArrayLike, *,
                      zero_division: ZeroDivision = "warn") -> Result:
    r"""Weighted accuracy: :math:`\mathrm{WA}_\alpha = \alpha\,\mathrm{TPR} + (1 - \alpha)\,\mathrm{TNR}`.

    With :math:`\alpha = P / n` it is plain accuracy; with :math:`\alpha = 1/2`
    it is balanced accuracy. Undefined when :math:`P = 0` or :math:`N = 0`.

    Parameters
    ----------
    {C2}
    alpha : float or array-like in [0, 1]
        Weight of the TPR; broadcast against ``C.shape[:-2]``.
    {zero_division}

    Returns
    -------
    {returns}

    References
    ----------
    Vergne (2017).

    Examples
    --------
    >>> round(weighted_accuracy([[81, 9], [4, 6]], alpha=0.3), 4)
    0.81
    """
    a = check_alpha(alpha)
    t, s, undefined = rates(C)
    _broadcast_alpha(a, t)
    value = a * t + (1 - a) * s
    undefined = np.broadcast_to(undefined, value.shape)
    return finish(value, undefined, zero_division, name="weighted_accuracy")


@blockwise
@fill
def dominance(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Dominance: :math:`\mathrm{TPR} - \mathrm{TNR}`, in [-1, 1].

    Positive when the positive class is the better recognised one.

    Undefined when :math:`P = 0` or :math:`N = 0`.

    {C2_only}

    References
    ----------
    García, Mollineda and Sánchez (2009), Eq. (1).

    Examples
    --------
    >>> round(dominance([[81, 9], [4, 6]]), 4)
    -0.3
    """
    t, s, undefined = rates(C)
    return finish(t - s, undefined, zero_division, name="dominance")


@blockwise
@fill
def iba(C: ArrayLike, alpha: ArrayLike = 0.1, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Index of balanced accuracy: :math:`(1+\alpha(\mathrm{TPR}-\mathrm{TNR}))\,\mathrm{TPR}\,\mathrm{TNR}`.

    The area of the rectangle that the point (dominance, :math:`\mathrm{GM}^2`) spans in
    the balanced accuracy graph when the dominance is weighted by
    :math:`\alpha`. Range [0, 1]; :math:`\alpha = 0` gives :math:`\mathrm{GM}^2`.

    The default :math:`\alpha = 0.1` is the value the source document singles
    out (its Table 2 discussion: only :math:`\mathrm{IBA}_{0.1}` picks the balanced
    configuration with the higher TPR, and it notes that the useful range is
    :math:`\alpha \le 0.5`), and it is imbalanced-learn's default.
    Undefined when :math:`P = 0` or :math:`N = 0`.

    Parameters
    ----------
    {C2}
    alpha : float or array-like in [0, 1], default=0.1
        Weight of the dominance; broadcast against ``C.shape[:-2]``.
    {zero_division}

    Returns
    -------
    {returns}

    References
    ----------
    García, Mollineda and Sánchez (2009), Eq. (3).

    Examples
    --------
    >>> round(iba([[81, 9], [4, 6]]), 4)
    0.5238
    >>> round(iba([[81, 9], [4, 6]], alpha=1), 4)
    0.378
    """
    a = check_alpha(alpha)
    t, s, undefined = rates(C)
    _broadcast_alpha(a, t)
    value = (1 + a * (t - s)) * t * s
    undefined = np.broadcast_to(undefined, value.shape)
    return finish(value, undefined, zero_division, name="iba")


@blockwise
@fill
def optimized_precision(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""Optimized precision: :math:`\mathrm{ACC}-|\mathrm{TNR}-\mathrm{TPR}|/(\mathrm{TNR}+\mathrm{TPR})`.

    Range [-1, 1]. Undefined when :math:`P = 0` or :math:`N = 0`.

    When :math:`\mathrm{TPR} = \mathrm{TNR} = 0` (every sample misclassified) the second term is
    0/0 and has no limit; OP is then set to :math:`-1`, the lowest value of its
    range and the limit along either edge (:math:`\mathrm{TPR} \to 0` with
    :math:`\mathrm{TNR} = 0`, or the mirror image): the always-wrong classifier is the
    worst one, and ranks below every other classifier, including those with
    :math:`\mathrm{OP} < 0`. (A fill value of 0 would rank it above them.)

    {C2_only}

    References
    ----------
    Ranawana and Palade (2006), as used by García, Mollineda and Sánchez (2009).

    Examples
    --------
    >>> round(optimized_precision([[81, 9], [4, 6]]), 4)
    0.67
    >>> optimized_precision([[0, 9], [4, 0]])  # every sample wrong
    -1.0
    """
    tn, fp, fn, tp = counts(C)
    t, s, undefined = rates(C)
    acc = ratio(tp + tn, tp + tn + fp + fn)
    value = np.where(t + s == 0, -1.0, acc - ratio(np.abs(s - t), s + t))
    return finish(
        value, undefined, zero_division,
        name="optimized_precision",
    )


@blockwise
@fill
def hmnc(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""HMNC: harmonic mean of recall and selectivity normalised in class labels.

    .. math::

        \mathrm{HMNC} = \frac{\mathrm{HM}(\mathrm{TPR} \cdot P/n,\; \mathrm{TNR} \cdot N/n)}
                             {\mathrm{HM}(P/n,\; N/n)}
             = \frac{\mathrm{TP} \cdot \mathrm{TN} \cdot n}{(\mathrm{TP} + \mathrm{TN})\, P\, N}

    with :math:`\mathrm{HM}(a, b) = 2ab/(a + b)`, taken as 0 when :math:`a = b = 0`
    (its limit), so that :math:`\mathrm{TP} = \mathrm{TN} = 0` gives 0. Range [0, 1].
    Undefined when :math:`P = 0` or :math:`N = 0`.

    {C2_only}

    References
    ----------
    Burduk (2020), Eqs. (10)-(11).

    Examples
    --------
    >>> round(hmnc([[81, 9], [4, 6]]), 4)
    0.6207
    """
    tn, fp, fn, tp = counts(C)
    p, n = tp + fn, tn + fp
    value = np.minimum(ratio(harmonic(tp, tn) * (p + n), 2 * p * n), 1.0)  # no ulp past 1
    return finish(value, (p == 0) | (n == 0), zero_division, name="hmnc")


@blockwise
@fill
def ac(C: ArrayLike, *, zero_division: ZeroDivision = "warn") -> Result:
    r"""AC-score, the harmonic mean of TPR and TNR.

    .. math:: \mathrm{AC} = \frac{2\, \mathrm{TPR} \cdot \mathrm{TNR}}{\mathrm{TPR} + \mathrm{TNR}}

    Taken as 0 when :math:`\mathrm{TPR} = \mathrm{TNR} = 0` (its limit). Range [0, 1].
    Undefined when :math:`P = 0` or :math:`N = 0`.

    {C2_only}

    References
    ----------
    Wu and Cannistraci (2025).

    Examples
    --------
    >>> round(ac([[81, 9], [4, 6]]), 4)
    0.72
    """
    t, s, undefined = rates(C)
    return finish(harmonic(t, s), undefined, zero_division, name="ac")
