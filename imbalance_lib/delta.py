r"""The multinomial delta-method (Wald) interval for every binary metric of the registry.

A test set of :math:`n` samples gives a confusion matrix whose four cells are one draw of a
multinomial distribution with probabilities
:math:`p = (p_{\mathrm{TN}}, p_{\mathrm{FP}}, p_{\mathrm{FN}}, p_{\mathrm{TP}})`.
Every metric of the registry is a function :math:`f(p)` unchanged when the cells are scaled,
so :math:`\sum_i p_i\,\partial f/\partial p_i = 0` and the delta method's variance is

.. math:: \widehat{\operatorname{Var}} f = \frac{1}{n}\sum_i \hat p_i
          \Bigl(\frac{\partial f}{\partial p_i}(\hat p)\Bigr)^2,

with the exact partial derivatives of each metric written out below. The interval is
:math:`f(\hat p) \pm z\,\widehat{\mathrm{SE}}`, clipped to the metric's range (a Wald
interval on the metric's own scale). Where a metric is undefined, or its derivative is
infinite or undefined (the G-mean or the AC-score at a rate of 0), both limits are NaN. At a
kink (``max``, ``|.|``) the derivative is the mean of the two one-sided ones.

It is a large-sample closed form: it collapses to a single point when a rate is 0 or 1 and
under-covers with few positives; :func:`imbalance_lib.confidence_interval` (resampling) is
the better choice there. The metric explorer of the book computes the same numbers in
JavaScript.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from ._checks import reject_masked
from ._typing import FloatArray
from .paired import _z
from .registry import METRICS

__all__ = ["DELTA_METRICS", "delta_interval"]

_G = tuple[FloatArray, FloatArray, FloatArray, FloatArray]  # d/d(TN, FP, FN, TP)


def _div(a: ArrayLike, b: ArrayLike) -> FloatArray:
    num, den = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den == 0, np.nan, num / np.where(den == 0, 1.0, den))


def _half_max(a: FloatArray, b: FloatArray) -> tuple[FloatArray, FloatArray]:
    """d max(a, b) / da and / db, the mean of the one-sided derivatives at a tie."""
    return np.where(a > b, 1.0, np.where(a == b, 0.5, 0.0)), np.where(b > a, 1.0, np.where(a == b, 0.5, 0.0))


class _Cells:
    """The cells of a stack of 2x2 proportions and the derivatives of its basic rates."""

    def __init__(self, p: FloatArray) -> None:
        self.tn, self.fp, self.fn, self.tp = p[..., 0, 0], p[..., 0, 1], p[..., 1, 0], p[..., 1, 1]
        self.P, self.N = self.tp + self.fn, self.tn + self.fp
        self.S1, self.S0 = self.tp + self.fp, self.tn + self.fn
        z = np.zeros_like(self.tp)
        self.zero = z
        self.t, self.s = _div(self.tp, self.P), _div(self.tn, self.N)
        self.dt: _G = (z, z, _div(-self.tp, self.P**2), _div(self.fn, self.P**2))
        self.ds: _G = (_div(self.fp, self.N**2), _div(-self.tn, self.N**2), z, z)

    def ratio_grad(self, num: tuple[int, ...], den: tuple[int, ...]) -> _G:
        """Derivatives of sum(cells[num]) / sum(cells[den]), num a subset of den."""
        cells = (self.tn, self.fp, self.fn, self.tp)
        a = sum(cells[i] for i in num)
        b = sum(cells[i] for i in den)
        return tuple(_div((b * (i in num) - a) * (i in den), b**2) for i in range(4))  # type: ignore[return-value]


def _lin(*terms: tuple[FloatArray | float, _G]) -> _G:
    return tuple(sum(w * g[i] for w, g in terms) for i in range(4))  # type: ignore[return-value]


def _mean_defined(grads: list[_G], defined: list[np.ndarray]) -> _G:
    """Gradient of the mean of the defined class terms (the registry's undefined rule)."""
    k = sum(d.astype(float) for d in defined)
    out = []
    for i in range(4):
        total = sum(np.where(d, g[i], 0.0) for g, d in zip(grads, defined))
        out.append(_div(total, k))
    return tuple(out)  # type: ignore[return-value]


def _bounded_ratio(c: _Cells, d: FloatArray, other: FloatArray, which_d: int, iam: bool) -> _G:
    """CBA's d/(d+m) or IAM's (d-m)/(d+m) for one class, m = max(FP, FN)."""
    m = np.maximum(c.fp, c.fn)
    s2 = (d + m) ** 2
    dd, dm = (_div(2 * m, s2), _div(-2 * d, s2)) if iam else (_div(m, s2), _div(-d, s2))
    wfp, wfn = _half_max(c.fp, c.fn)
    g = [c.zero, dm * wfp, dm * wfn, c.zero]
    g[which_d] = dd
    return tuple(g)  # type: ignore[return-value]


def _grad(name: str, c: _Cells, alpha: float) -> _G:
    t, s = c.t, c.s
    if name == "tpr":
        return c.dt
    if name == "tnr":
        return c.ds
    if name == "precision":
        return c.ratio_grad((3,), (1, 3))
    if name == "npv":
        return c.ratio_grad((0,), (0, 2))
    if name == "accuracy":
        return c.ratio_grad((0, 3), (0, 1, 2, 3))
    if name == "f1":
        den = 2 * c.tp + c.fp + c.fn
        return (c.zero, _div(-2 * c.tp, den**2), _div(-2 * c.tp, den**2), _div(2 * (c.fp + c.fn), den**2))
    if name in ("balanced_accuracy", "macro_recall"):
        if name == "macro_recall":
            return _mean_defined([c.dt, c.ds], [c.P > 0, c.N > 0])
        return _lin((0.5, c.dt), (0.5, c.ds))
    if name == "weighted_accuracy":
        return _lin((alpha, c.dt), (1 - alpha, c.ds))
    if name == "dominance":
        return _lin((1.0, c.dt), (-1.0, c.ds))
    if name == "g_mean":
        g = np.sqrt(t * s)
        return _lin((_div(s, 2 * g), c.dt), (_div(t, 2 * g), c.ds))
    if name == "iba":
        a = 1 + alpha * (t - s)
        return _lin((alpha * t * s + a * s, c.dt), (-alpha * t * s + a * t, c.ds))
    if name == "ac":
        v = (t + s) ** 2
        return _lin((_div(2 * s**2, v), c.dt), (_div(2 * t**2, v), c.ds))
    if name == "optimized_precision":
        u, v = s - t, s + t
        qt = _div(-np.sign(u) * v - np.abs(u), v**2)
        qs = _div(np.sign(u) * v - np.abs(u), v**2)
        return _lin((1.0, c.ratio_grad((0, 3), (0, 1, 2, 3))), (-qt, c.dt), (-qs, c.ds))
    if name == "hmnc":
        n = c.P + c.N
        h = _div(c.tp * c.tn * n, (c.tp + c.tn) * c.P * c.N)
        common = _div(h, n) - _div(h, c.tp + c.tn)  # through n and TP + TN
        return (common + _div(c.tp * n, (c.tp + c.tn) * c.P * c.N) - _div(h, c.N),
                _div(h, n) - _div(h, c.N), _div(h, n) - _div(h, c.P),
                common + _div(c.tn * n, (c.tp + c.tn) * c.P * c.N) - _div(h, c.P))
    if name in ("mcc", "kappa"):
        num = c.tp * c.tn - c.fp * c.fn
        dnum = (c.tp, -c.fn, -c.fp, c.tn)
        if name == "mcc":
            root = np.sqrt(c.P * c.N * c.S1 * c.S0)
            m = _div(num, root)
            dlog = (1 / c.N + 1 / c.S0, 1 / c.N + 1 / c.S1, 1 / c.P + 1 / c.S0, 1 / c.P + 1 / c.S1)
            with np.errstate(divide="ignore", invalid="ignore"):
                return tuple(_div(dn, root) - m / 2 * dl for dn, dl in zip(dnum, dlog))  # type: ignore[return-value]
        den = c.N * c.S1 + c.P * c.S0
        k = _div(2 * num, den)
        dden = (c.S1 + c.P, c.S1 + c.N, c.S0 + c.P, c.N + c.S0)
        return tuple(_div(2 * dn - k * dd, den) for dn, dd in zip(dnum, dden))  # type: ignore[return-value]
    if name == "macro_precision":
        return _mean_defined([c.ratio_grad((3,), (1, 3)), c.ratio_grad((0,), (0, 2))],
                             [c.S1 > 0, c.S0 > 0])
    if name == "macro_f1":
        d1, d0 = c.P + c.S1, c.N + c.S0  # 2TP + FP + FN and 2TN + FN + FP
        g1 = (c.zero, _div(-2 * c.tp, d1**2), _div(-2 * c.tp, d1**2), _div(2 * (c.fp + c.fn), d1**2))
        g0 = (_div(2 * (c.fp + c.fn), d0**2), _div(-2 * c.tn, d0**2), _div(-2 * c.tn, d0**2), c.zero)
        return _mean_defined([g1, g0], [d1 > 0, d0 > 0])
    if name in ("cba", "iam"):
        iam = name == "iam"
        g1 = _bounded_ratio(c, c.tp, c.tn, 3, iam)
        g0 = _bounded_ratio(c, c.tn, c.tp, 0, iam)
        return _mean_defined([g1, g0], [np.maximum(c.P, c.S1) > 0, np.maximum(c.N, c.S0) > 0])
    raise AssertionError(name)  # pragma: no cover - DELTA_METRICS lists every name


#: the registry's binary metrics that :func:`delta_interval` covers (all of them)
DELTA_METRICS: tuple[str, ...] = tuple(METRICS)


def _counts(C: ArrayLike) -> FloatArray:
    reject_masked(C, "confusion matrix")
    raw = np.asarray(C)
    if raw.dtype.kind not in "biuf":
        raise ValueError(f"confusion matrix must hold real numbers, got dtype {raw.dtype}")
    arr = raw.astype(float)
    if arr.ndim < 2 or arr.shape[-2:] != (2, 2):
        raise ValueError(f"delta_interval needs 2x2 matrices, shape (..., 2, 2); got {arr.shape}")
    if not np.isfinite(arr).all():
        raise ValueError("confusion matrix has non-finite entries (nan or inf)")
    if (arr < 0).any():
        raise ValueError("confusion matrix has negative counts")
    return arr


def delta_interval(C: ArrayLike, metric: str, *, confidence: float = 0.95,
                   alpha: float | None = None) -> tuple[FloatArray, FloatArray, FloatArray]:
    r"""The delta-method (Wald) interval of a binary metric, a closed form.

    Parameters
    ----------
    C : array-like of shape (..., 2, 2)
        Confusion matrices ``[[TN, FP], [FN, TP]]`` of counts (real, non-negative, finite;
        the width rests on their total, so pass counts, not rates).
    metric : str
        A name of :data:`DELTA_METRICS` (every binary metric of the registry).
    confidence : float, default=0.95
        In (0, 1).
    alpha : float, default=None
        The parameter of ``"iba"`` or ``"weighted_accuracy"``; ``None`` means the
        registry's default (0.1 and 0.3).

    Returns
    -------
    (value, low, high) : tuple of float arrays of shape ``C.shape[:-2]``
        The metric, and the limits ``value -/+ z * SE`` clipped to the metric's range;
        NaN where the metric or its derivative is undefined or a matrix is empty.

    Examples
    --------
    >>> value, low, high = delta_interval([[90, 10], [4, 6]], "balanced_accuracy")
    >>> print(f"{float(value):.4f} [{float(low):.4f}, {float(high):.4f}]")
    0.7500 [0.5954, 0.9046]
    """
    if not isinstance(metric, str) or metric not in DELTA_METRICS:
        raise ValueError(f"metric must be one of {', '.join(DELTA_METRICS)}; got {metric!r}")
    conf = float(confidence)
    if not 0 < conf < 1:
        raise ValueError(f"confidence must lie in (0, 1), not {confidence!r}")
    info = METRICS[metric]
    a = float(info.params.get("alpha", 0.0) if alpha is None else alpha)
    if alpha is not None and "alpha" not in info.params:
        raise ValueError(f"{metric} takes no alpha")
    if not np.isfinite(a):
        raise ValueError("alpha must be finite")
    arr = _counts(C)
    n = arr.sum(axis=(-2, -1))
    empty = n == 0
    p = arr / np.where(empty, 1.0, n)[..., None, None]
    kwargs: dict[str, object] = {"alpha": a} if "alpha" in info.params else {}
    func: Callable[..., object] = info.func
    value = np.asarray(func(arr, zero_division=np.nan, **kwargs), dtype=float)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        g = _grad(metric, _Cells(p), a)
        cells = (p[..., 0, 0], p[..., 0, 1], p[..., 1, 0], p[..., 1, 1])
        var = sum(pi * gi**2 for pi, gi in zip(cells, g)) / np.where(empty, 1.0, n)
        half = float(_z(conf)) * np.sqrt(var)
        lo, hi = info.range
        low = np.clip(value - half, lo, hi)
        high = np.clip(value + half, lo, hi)
    bad = empty | ~np.isfinite(value) | ~np.isfinite(half)
    return value, np.where(bad, np.nan, low), np.where(bad, np.nan, high)
