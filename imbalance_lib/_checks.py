"""Input checks and the one policy for undefined (0/0) values.

Every metric in :mod:`imbalance_lib` goes through the helpers of this module,
so that malformed input fails the same way everywhere and an undefined value
is handled the same way everywhere.

The policy, in one place
------------------------
A metric is *undefined* for a matrix when one of the denominators of its
formula is zero (each metric's registry entry says exactly when). What the
metric then returns is chosen with ``zero_division``:

``"warn"`` (default)
    return ``0.0`` and emit :class:`sklearn.exceptions.UndefinedMetricWarning`
    (imported from scikit-learn only when a warning is due, so that importing
    the library stays fast);
a number (``0.0``, ``1.0``, ...)
    return that number, silently;
``numpy.nan``
    return ``nan``, silently.

Class-averaged metrics (``macro_precision``, ``macro_recall``, ``macro_f1``,
``cba``, ``iam``) apply the policy to each class's term before averaging; with
``zero_division=nan`` an undefined class is left out of the mean, as in
scikit-learn. Every other metric applies it to its value as a whole.
"""

from __future__ import annotations

import functools
import numbers
import os
import sys
import warnings
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard, TypeVar, cast

import numpy as np

from ._typing import ArrayLike, FloatArray, Floats, Result, ZeroDivision

if TYPE_CHECKING:
    from types import FrameType

_F = TypeVar("_F", bound=Callable[..., Any])

__all__ = ["UndefinedMetricWarning"]  # noqa: F822 (lazy, see __getattr__)

_SCALE_LIMIT = 1e50  # products of up to four counts stay within float range

# Stacks that the library built and checked itself (threshold sweeps): read-only
# float64 arrays, validated once. check_matrix returns them without a second pass.
_VALIDATED: weakref.WeakValueDictionary[int, np.ndarray] = weakref.WeakValueDictionary()


def __getattr__(name: str) -> Any:
    # scikit-learn's warning class, imported on first use (importing sklearn costs ~1 s)
    if name == "UndefinedMetricWarning":
        from sklearn.exceptions import UndefinedMetricWarning

        return UndefinedMetricWarning
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def mark_validated(arr: np.ndarray) -> np.ndarray:
    """Make ``arr`` (a float64 stack of valid matrices) read-only and remember it as checked."""
    arr.flags.writeable = False
    _VALIDATED[id(arr)] = arr
    return arr


def _is_validated(C: object) -> TypeGuard[FloatArray]:
    return (
        isinstance(C, np.ndarray)
        and _VALIDATED.get(id(C)) is C
        and not C.flags.writeable
    )


def reject_masked(x: object, name: str) -> None:
    """Refuse a masked array with masked entries: ``np.asarray`` would drop the mask
    and count the hidden values (the library does not guess what a mask means)."""
    if isinstance(x, np.ma.MaskedArray) and np.ma.getmaskarray(x).any():
        raise ValueError(
            f"{name} is a masked array with masked entries; drop them first "
            "(e.g. x.compressed() on every input, aligned)"
        )


def check_matrix(C: ArrayLike, *, binary: bool = False) -> FloatArray:
    """Return ``C`` as a float array of shape ``(..., k, k)`` or raise ``ValueError``.

    ``binary=True`` additionally requires ``k == 2``. A stack built by the
    library itself (:func:`imbalance_lib.threshold_sweep`) is returned as it is:
    it was checked when it was made and is read-only.
    """
    if _is_validated(C) and (not binary or C.shape[-1] == 2):
        return C
    reject_masked(C, "confusion matrix")
    raw = np.asarray(C)
    if raw.dtype.kind == "c":
        raise ValueError("confusion matrix is complex: counts must be real numbers")
    if raw.dtype.kind not in "biuf":
        if raw.dtype.kind == "O" and any(isinstance(v, complex) for v in raw.ravel()):
            raise ValueError("confusion matrix is complex: counts must be real numbers")
        # counts are numbers: text ("3") is refused, not parsed
        if raw.dtype.kind in "US" or (raw.dtype.kind == "O" and any(
                isinstance(v, (str, bytes)) for v in raw.ravel())):
            raise ValueError(f"confusion matrix must be numeric, got {C!r:.60}")
        if raw.dtype.kind not in "biufO":
            try:
                raw = raw.astype(float)
            except (TypeError, ValueError) as exc:
                raise ValueError(f"confusion matrix must be numeric, got {C!r:.60}") from exc
    try:
        arr = np.asarray(raw, dtype=float)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"confusion matrix must be numeric, got {C!r:.60}") from exc
    if arr.ndim < 2:
        raise ValueError(
            f"confusion matrix must have shape (..., k, k); got a {arr.ndim}-D array"
            f" of shape {arr.shape}"
        )
    k1, k2 = arr.shape[-2:]
    if k1 != k2:
        raise ValueError(f"confusion matrix must be square; got shape {arr.shape}")
    if k1 == 0:
        raise ValueError("confusion matrix is empty (k = 0)")
    if binary and k1 != 2:
        raise ValueError(
            f"this metric is defined for binary problems only (k == 2); got k = {k1}"
        )
    if not np.isfinite(arr).all():
        raise ValueError("confusion matrix has non-finite entries (nan or inf)")
    if (arr < 0).any():
        raise ValueError("confusion matrix has negative counts")
    with np.errstate(over="ignore"):
        totals = arr.sum(axis=(-2, -1))
    if not np.isfinite(totals).all():
        raise ValueError("confusion matrix counts are too large: their total overflows")
    # Every metric is unchanged when a matrix is multiplied by a positive number.
    # Matrices whose total is far from 1 are rescaled to total 1, so that products
    # of counts inside the formulas can neither overflow nor underflow.
    extreme = (totals > _SCALE_LIMIT) | ((totals > 0) & (totals < 1 / _SCALE_LIMIT))
    if extreme.any():
        arr = arr / np.where(extreme, totals, 1.0)[..., None, None]
    if (totals < 1).any():
        # every count below 1 (rates, small weights): a product of the largest count
        # and a tiny one can underflow ([[1e-38, 0], [0, 1e-300]] gave MCC 0/0). Such
        # matrices are scaled by a power of two, which changes no digit of any metric,
        # so that their largest count lies in [1/2, 1).
        peak = arr.max(axis=(-2, -1))
        small = (peak > 0) & (peak < 0.5)
        if small.any():
            arr = np.ldexp(arr, np.where(small, -np.frexp(peak)[1], 0)[..., None, None])
    return arr


def check_zero_division(zero_division: ZeroDivision) -> float:
    """Validate ``zero_division`` and return the value that replaces undefined results."""
    if isinstance(zero_division, str):
        if zero_division == "warn":
            return 0.0
        raise ValueError(
            f'zero_division must be "warn" or a number (nan allowed); got {zero_division!r}'
        )
    if isinstance(zero_division, numbers.Real) and not isinstance(zero_division, bool):
        value = float(zero_division)
        # scikit-learn allows 0, 1 and nan; -1 (and what lies between) is the bottom of
        # the signed metrics' range [-1, 1]. Nothing outside [-1, 1]: a replacement
        # must not put a metric outside every metric's range.
        if -1.0 <= value <= 1.0 or value != value:
            return value
    raise ValueError(
        'zero_division must be "warn", nan or a number in [-1, 1] (scikit-learn: 0, 1, '
        f'nan); got {zero_division!r}'
    )


def _outside_level() -> int:
    """``stacklevel`` for a warning issued here that names the first caller outside
    the library, however many of the library's wrappers lie in between."""
    here = os.path.dirname(os.path.abspath(__file__))
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(here):
        frame, level = frame.f_back, level + 1
    return level


def _warn(name: str, what: str | None, zero_division: ZeroDivision) -> None:
    if isinstance(zero_division, str):  # "warn", already validated
        from sklearn.exceptions import UndefinedMetricWarning

        warnings.warn(
            f"{name} is undefined ({what or UNDEFINED_WHEN[name]}) for at least one matrix; "
            "its value is set to 0.0. Use zero_division to choose another value "
            "and silence this warning.",
            UndefinedMetricWarning,
            stacklevel=_outside_level(),
        )


def as_result(values: ArrayLike) -> Result:
    """Return a Python float for a 0-d result, the array otherwise."""
    values = np.asarray(values, dtype=float)
    return float(values) if values.ndim == 0 else values


# When each metric is undefined (0/0): the one text used by the warnings, by
# ``all_metrics`` and by the registry's facts.
UNDEFINED_WHEN = {
    "tpr": "P = 0",
    "tnr": "N = 0",
    "precision": "no positive predictions",
    "npv": "no negative predictions",
    "f1": "TP + FP + FN = 0",
    **dict.fromkeys(["balanced_accuracy", "weighted_accuracy", "dominance", "iba",
                     "optimized_precision", "hmnc", "ac"], "P = 0 or N = 0"),
    "g_mean": "a class has no true samples",
    "accuracy": "n = 0",
    "mcc": "one class holds every true label or every prediction",
    "kappa": "expected agreement p_e = 1",
    "macro_precision": "a class has no predictions",
    "macro_recall": "a class has no true samples",
    **dict.fromkeys(["macro_f1", "cba", "iam"], "a class is absent from labels and predictions"),
}


def finish(values: ArrayLike, undefined: ArrayLike, zero_division: ZeroDivision, *, name: str,
           what: str | None = None) -> Result:
    """Replace undefined entries of a whole-matrix metric according to the policy."""
    fill = check_zero_division(zero_division)
    values = np.asarray(values, dtype=float)
    undefined = np.asarray(undefined, dtype=bool)
    if undefined.any():
        values = np.where(undefined, fill, values)
        _warn(name, what, zero_division)
    return as_result(values)


def last_sum(x: ArrayLike) -> np.ndarray:
    """Sum over the last axis; two explicit columns for k = 2 (a reduction over an axis
    of length 2 costs far more per matrix than one addition)."""
    x = np.asarray(x)
    if x.shape[-1] == 2:
        return x[..., 0] + x[..., 1]
    return x.sum(axis=-1)


def class_mean(terms: ArrayLike, undefined: ArrayLike, zero_division: ZeroDivision, *, name: str,
               what: str | None = None) -> Result:
    """Average per-class terms (last axis), replacing undefined terms by the policy.

    With ``zero_division=nan`` an undefined class is left out of the mean; a
    matrix whose classes are all undefined then gives ``nan``.
    """
    fill = check_zero_division(zero_division)
    terms = np.asarray(terms, dtype=float)
    undefined = np.asarray(undefined, dtype=bool)
    if undefined.any():
        _warn(name, what, zero_division)
        if np.isnan(fill):
            kept = ~undefined
            n_kept = kept.sum(axis=-1)
            total = np.where(kept, terms, 0.0).sum(axis=-1)
            with np.errstate(invalid="ignore", divide="ignore"):
                return as_result(np.where(n_kept > 0, total / np.maximum(n_kept, 1), np.nan))
        terms = np.where(undefined, fill, terms)
    return as_result(last_sum(terms) / terms.shape[-1])


def ratio(num: ArrayLike, den: ArrayLike) -> Floats:
    """``num / den`` with ``nan`` where ``den == 0`` and no floating-point warning."""
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.divide(num, den)
    if out.ndim == 0:
        return np.float64(np.nan) if den == 0 else out
    zero = den == 0
    if zero.any():
        out[np.broadcast_to(zero, out.shape)] = np.nan
    return out


_SPLIT = 134217729.0  # 2**27 + 1, Veltkamp's splitting constant for float64


def two_product(a: FloatArray, b: FloatArray) -> tuple[FloatArray, FloatArray]:
    """``(p, e)`` with ``p = fl(a*b)`` and ``p + e = a*b`` exactly (Dekker's algorithm).

    Exact as long as nothing overflows; :func:`check_matrix` keeps counts below 1e50.
    """
    p = a * b
    ca = _SPLIT * a
    a_hi = ca - (ca - a)
    a_lo = a - a_hi
    cb = _SPLIT * b
    b_hi = cb - (cb - b)
    b_lo = b - b_hi
    e = ((a_hi * b_hi - p) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo
    return p, e


def product_difference(a: ArrayLike, b: ArrayLike, c: ArrayLike, d: ArrayLike) -> FloatArray:
    """``a*b - c*d`` with the rounding error of both products removed where it matters.

    The plain difference has an absolute error of about ``1e-16 * |a*b|``; where
    the result is smaller than ``1e-5 * |a*b|`` (cancellation), it is recomputed
    from the exact products (Dekker), whose leading parts then cancel exactly
    (Sterbenz's lemma). So a difference near zero keeps its relative precision
    (better than 1e-10) at the cost of the exact path only where it is needed.
    """
    a, b, c, d = (np.asarray(x, dtype=float) for x in (a, b, c, d))
    p, q = a * b, c * d
    r = p - q
    risky = np.abs(r) < 1e-5 * np.maximum(np.abs(p), np.abs(q))
    if risky.ndim == 0:
        if risky:
            return _exact_difference(a, b, c, d)
        return r
    if risky.any():
        r[risky] = _exact_difference(a[risky], b[risky], c[risky], d[risky]) \
            if a.shape == r.shape == b.shape == c.shape == d.shape else \
            _exact_difference(*np.broadcast_arrays(a, b, c, d))[risky]
    return r


def _exact_difference(a: FloatArray, b: FloatArray, c: FloatArray, d: FloatArray) -> FloatArray:
    p, e = two_product(a, b)
    q, f = two_product(c, d)
    return (p - q) + (e - f)


def compensated_sum(terms: ArrayLike) -> FloatArray:
    """Sum over the last axis with Neumaier's compensation (one rounding error in total)."""
    terms = np.moveaxis(np.asarray(terms, dtype=float), -1, 0)
    s = terms[0].copy()
    comp = np.zeros_like(s)
    for x in terms[1:]:
        t = s + x
        big = np.abs(s) >= np.abs(x)
        comp += np.where(big, (s - t) + x, (x - t) + s)
        s = t
    return s + comp


def others_sum(v: FloatArray) -> FloatArray:
    """``sum(v) - v_i`` for every i along the last axis, without cancellation.

    The sum of the entries before ``i`` plus the sum of those after it: for
    non-negative ``v`` every partial sum is a sum of non-negative numbers, so
    a dominant ``v_i`` does not wipe out the small ones (``n - v_i`` would).
    """
    zero = np.zeros_like(v[..., :1])
    before = np.concatenate([zero, np.cumsum(v[..., :-1], axis=-1)], axis=-1)
    after = np.concatenate(
        [np.flip(np.cumsum(np.flip(v[..., 1:], axis=-1), axis=-1), axis=-1), zero], axis=-1
    )
    return before + after


_METRIC_BLOCK = 1 << 14  # matrices per block of the fast path (its temporaries stay in cache)


def blockwise(func: _F) -> _F:
    """Evaluate a metric on a large stack of matrices block by block.

    The stack is checked once (a stack made by the library, such as
    :func:`imbalance_lib.threshold_sweep`'s, not at all: it was checked when it
    was made); the metric then runs over cache-sized blocks instead of making
    full-length temporaries for every step of its formula, and emits at most one
    warning of each kind for the whole stack. Array-valued parameters (an
    ``alpha`` per matrix) take the one-piece path.
    """

    @functools.wraps(func)
    def wrapper(C: ArrayLike, *args: Any, zero_division: ZeroDivision = "warn",
                **kwargs: Any) -> Result:
        if (
            not isinstance(C, np.ndarray)
            or C.ndim != 3
            or C.shape[0] <= 2 * _METRIC_BLOCK
            or any(np.ndim(a) for a in (*args, *kwargs.values()))
        ):
            return func(C, *args, zero_division=zero_division, **kwargs)
        # check (and convert) the whole stack once, then evaluate it block by block
        arr = C if _is_validated(C) else check_matrix(C)
        n = arr.shape[0]
        out = np.empty(n)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for start in range(0, n, _METRIC_BLOCK):
                block = arr[start:start + _METRIC_BLOCK].view()
                block.flags.writeable = False  # this view only; the caller's array is untouched
                _VALIDATED[id(block)] = block
                try:
                    out[start:start + _METRIC_BLOCK] = func(block, *args, zero_division=zero_division,
                                                     **kwargs)
                finally:
                    del _VALIDATED[id(block)]
        seen = set()
        for w in caught:
            key = (w.category, str(w.message))
            if key not in seen:
                seen.add(key)
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        return out

    return cast(_F, wrapper)
