r"""Every registry metric of one stack of binary matrices in a single pass.

:func:`all_metrics` evaluates many metrics of the registry at once. For a stack
of 2x2 matrices it computes the shared intermediates (:math:`P`, :math:`N`,
TPR, TNR, precision, NPV, the margins, the MCC/kappa numerator) once per block
of matrices, in blocks small enough to stay in the processor's cache, and
evaluates every formula exactly as the metric's own function does: the same
floating-point operations in the same order, the same 0/0 policy, the same
warnings and the registry's parameters (``alpha`` of WA and IBA). The values
are therefore identical, bit for bit, to ``METRICS[name].func(C,
zero_division=..., **METRICS[name].params)``; ``tests/test_all_metrics.py``
checks this. The blocks are independent, so threads share them (numpy
releases the interpreter lock while it computes) and the values do not depend
on how many there are. For ``k > 2`` (and for a metric without a fast formula)
it calls the metric's own function.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from ._checks import (
    UNDEFINED_WHEN,
    _warn,
    as_result,
    check_matrix,
    check_zero_division,
    product_difference,
)
from ._typing import ArrayLike, FloatArray, Result, ZeroDivision
from .binary import check_alpha

if TYPE_CHECKING:
    from .registry import MetricInfo

Mask = np.ndarray | np.bool_  # where a quantity is 0 (np.False_ when it never is)

__all__ = ["all_metrics"]

_ALL_METRICS_BLOCK = 1 << 16  # matrices per block (512 KiB per intermediate, in a core's cache)

# why each metric is undefined (the same words as its own function's warning)
_WHAT = UNDEFINED_WHEN  # the warnings' texts, shared with the metric functions
# the parameters the fast formulas know (anything else: the metric's own function)
_PARAMS = {"weighted_accuracy": {"alpha"}, "iba": {"alpha"}}


def all_metrics(C: ArrayLike, names: Iterable[str] | None = None, *,
                zero_division: ZeroDivision = "warn",
                n_threads: int | None = None) -> dict[str, Result]:
    r"""Evaluate many registry metrics on the same confusion matrices in one pass.

    Equal, value for value and warning for warning, to calling each metric's
    own function ``METRICS[name].func(C, zero_division=zero_division,
    **METRICS[name].params)``, but for a stack of 2x2 matrices much faster:
    the quantities the formulas share (:math:`P`, :math:`N`, TPR, TNR,
    precision, NPV, ACC's numerator, the MCC/kappa numerator, ...) are
    computed once, block by block over cache-sized groups of matrices, and
    the stack is checked only once. Useful for all metrics at every threshold
    of :func:`imbalance_lib.threshold_sweep`.

    Parameters
    ----------
    C : array-like of shape (..., k, k)
        Confusion matrices (binary: ``[[TN, FP], [FN, TP]]``); leading axes are
        batch axes. Binary-only metrics require ``k == 2``.
    names : iterable of str, optional
        Registry names of the metrics to evaluate, in the order of the result;
        default: every metric of :data:`imbalance_lib.METRICS` defined for
        ``k`` classes (all of them for 2 x 2 matrices, the multi-class ones
        otherwise). Metrics with parameters use the registry's
        (``METRICS[name].params``: IBA's ``alpha = 0.1``, weighted accuracy's
        ``alpha = 0.3``); call the metric's own function for another value.
    zero_division : "warn", float or nan, default="warn"
        The one policy for undefined values, applied metric by metric as each
        function does (one ``UndefinedMetricWarning`` per metric that is
        undefined somewhere, with ``"warn"``).

    Returns
    -------
    values : dict of str to float or ndarray of shape C.shape[:-2]
        One entry per name: a Python float for a single matrix, an array for a
        stack.

    Raises
    ------
    ValueError
        For an unknown name, an invalid ``zero_division``, an ``n_threads``
        below 1 or invalid matrices (as the metric functions do).

    See Also
    --------
    imbalance_lib.METRICS : the registry (functions, parameters, facts).
    imbalance_lib.threshold_sweep : one binary matrix per threshold.

    Examples
    --------
    >>> import imbalance_lib as il
    >>> v = all_metrics([[81, 9], [4, 6]], ["tpr", "tnr", "ac", "mcc"])
    >>> {name: round(x, 4) for name, x in v.items()}
    {'tpr': 0.6, 'tnr': 0.9, 'ac': 0.72, 'mcc': 0.4201}
    >>> v = all_metrics([[[81, 9], [4, 6]], [[90, 0], [10, 0]]], zero_division=0.0)
    >>> len(v) == len(il.METRICS), v["precision"].tolist()
    (True, [0.4, 0.0])
    >>> sorted(all_metrics([[50, 3, 2], [5, 20, 5], [1, 4, 10]]))  # doctest: +NORMALIZE_WHITESPACE
    ['accuracy', 'cba', 'g_mean', 'iam', 'kappa', 'macro_f1', 'macro_precision',
     'macro_recall', 'mcc']
    """
    from .registry import METRICS

    fill = check_zero_division(zero_division)
    threads = _threads(n_threads)
    arr = check_matrix(C)
    if names is None:  # every metric defined for this number of classes
        names = [name for name, m in METRICS.items()
                 if arr.shape[-1] == 2 or m.classes == "any"]
    names = list(names)
    unknown = [name for name in names if name not in METRICS]
    if unknown:
        raise ValueError(f"unknown metric name(s) {unknown}; choose from {sorted(METRICS)}")
    binary_only = [name for name in names if METRICS[name].classes == "binary"]
    if arr.shape[-1] != 2 and binary_only:
        raise ValueError(
            f"{binary_only} need k == 2 (2 x 2 matrices); these are {arr.shape[-1]} x {arr.shape[-1]}"
            " (leave names out to get every metric defined for k classes)")
    if arr.shape[-1] != 2:
        return {name: _own(METRICS[name], C, zero_division) for name in names}
    fast = [
        name for name in names
        if name in _WHAT and set(METRICS[name].params) <= _PARAMS.get(name, set())
    ]
    alphas = {name: check_alpha(METRICS[name].params["alpha"])
              for name in fast if "alpha" in METRICS[name].params}
    if any(a.ndim for a in alphas.values()):  # an alpha per matrix: the functions' own path
        fast = [name for name in fast if name not in alphas]
    lead = arr.shape[:-2]
    flat = arr if arr.ndim == 3 else arr.reshape(-1, 2, 2)
    m = flat.shape[0]
    out = {name: np.empty(m) for name in fast}

    starts = range(0, m, _ALL_METRICS_BLOCK)
    workers = max(1, min(threads, len(starts)))

    def share(worker: int) -> set[str]:
        """Fill ``out`` for the ``worker``-th of ``workers`` runs of consecutive blocks;
        return the names undefined somewhere in them."""
        undefined = dict.fromkeys(fast, False)
        scratch = _Scratch(min(_ALL_METRICS_BLOCK, m))
        # np.errstate is local to a thread: each worker sets its own
        with np.errstate(divide="ignore", invalid="ignore", over="ignore", under="ignore"):
            for start in starts[worker * len(starts) // workers:
                                (worker + 1) * len(starts) // workers]:
                stop = min(start + _ALL_METRICS_BLOCK, m)
                scratch.start(stop - start)
                _block(flat[start:stop], fast, alphas, fill,
                       {name: out[name][start:stop] for name in fast}, undefined, scratch)
        return {name for name, flag in undefined.items() if flag}

    if workers == 1:
        undefined = share(0)
    else:
        from concurrent.futures import ThreadPoolExecutor  # numpy releases the GIL

        with ThreadPoolExecutor(workers) as pool:
            undefined = set().union(*pool.map(share, range(workers)))
    result = {}
    for name in names:
        if name in out:
            if name in undefined:
                _report(name, zero_division)
            result[name] = as_result(out[name].reshape(lead))
        else:
            result[name] = _own(METRICS[name], C, zero_division)
    return {name: result[name] for name in names}


def _threads(n_threads: int | None) -> int:
    """The number of threads: ``n_threads``, or every core available to the process."""
    if n_threads is None:
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except AttributeError:  # not on Linux
            return os.cpu_count() or 1
    if isinstance(n_threads, bool) or not isinstance(n_threads, (int, np.integer)) \
            or n_threads < 1:
        raise ValueError(f"n_threads must be a positive integer or None, got {n_threads!r}")
    return int(n_threads)


def _report(name: str, zero_division: ZeroDivision) -> None:
    """The metric's own warning, pointing at the caller of :func:`all_metrics`."""
    _warn(name, _WHAT[name], zero_division)


def _own(info: MetricInfo, C: ArrayLike, zero_division: ZeroDivision) -> Result:
    """The metric's own function (the reference the fast path equals)."""
    return info.func(C, zero_division=zero_division, **info.params)


def _any(mask: Mask) -> bool:
    """``mask.any()``, at once for the ``np.False_`` of a block with no zero count."""
    return mask is not np.False_ and bool(mask.any())


def _div(num: FloatArray, den: FloatArray, zero: Mask, out: FloatArray) -> FloatArray:
    """``num / den`` into ``out``, nan where ``zero`` (= ``den == 0``), as
    :func:`_checks.ratio`."""
    np.divide(num, den, out=out)
    if _any(zero):
        out[zero] = np.nan
    return out


def _class_mean2(t0: FloatArray, t1: FloatArray, u0: Mask, u1: Mask, fill: float,
                 out: FloatArray) -> bool:
    """:func:`_checks.class_mean` for two classes given as columns, written into ``out``;
    returns whether a term was undefined."""
    if not (_any(u0) or _any(u1)):
        np.add(t0, t1, out=out)
        out *= 0.5  # (t0 + t1) / 2, the same number
        return False
    if np.isnan(fill):
        k0, k1 = ~u0, ~u1
        n_kept = k0.astype(np.int64) + k1
        total = np.where(k0, t0, 0.0) + np.where(k1, t1, 0.0)
        out[...] = np.where(n_kept > 0, total / np.maximum(n_kept, 1), np.nan)
        return True
    np.add(np.where(u0, fill, t0), np.where(u1, fill, t1), out=out)
    out *= 0.5
    return True


class _Scratch:
    """Work arrays for the intermediates of a block, reused from block to block.

    A block needs a few dozen intermediates; allocating them afresh for every
    block makes the allocator hand memory back to the system and fault it in
    again, which costs more than the arithmetic. These arrays are allocated by
    the first block and reused by the next ones.
    """

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity  # the length of the longest block
        self.arrays: list[FloatArray] = []
        self.used, self.size = 0, 0

    def start(self, size: int) -> None:
        """Begin a block of ``size`` matrices: every array is free again."""
        self.used, self.size = 0, size

    def __call__(self) -> FloatArray:
        """A free float array of the block's length (its values are arbitrary)."""
        if self.used == len(self.arrays):
            self.arrays.append(np.empty(self.capacity))
        self.used += 1
        return self.arrays[self.used - 1][:self.size]


class _Shared:
    """The intermediates of one block, each computed on first use."""

    def __init__(self, block: FloatArray, out: dict[str, FloatArray],
                 new: Callable[[], FloatArray]) -> None:
        self.out = out  # results that are intermediates too are computed in place
        self.new = new  # a free work array
        self.tn, self.fp = block[:, 0, 0], block[:, 0, 1]
        self.fn, self.tp = block[:, 1, 0], block[:, 1, 1]
        self.positive = bool(min(v.min() for v in (self.tn, self.fp, self.fn, self.tp)) > 0)
        if self.positive:
            # no count is 0: no sum of counts is 0 either (sums cannot underflow)
            for key in ("p0", "n0", "pp0", "pn0", "total0", "max_n0", "max_p0", "diag0"):
                setattr(self, key, np.False_)

    def __getattr__(self, key: str) -> Any:  # called only for a value not computed yet
        if key.endswith("0"):  # where a quantity is 0: p0 is (P == 0), ts0 is (t + s == 0)
            value = getattr(self, key[:-1]) == 0
        else:
            value = getattr(self, "_" + key)()
        setattr(self, key, value)
        return value

    def sum(self, a: FloatArray, b: FloatArray) -> FloatArray:
        return np.add(a, b, out=self.new())

    def product(self, a: FloatArray, b: FloatArray | float) -> FloatArray:
        return np.multiply(a, b, out=self.new())

    def quotient(self, num: FloatArray, den: FloatArray, zero: Mask,
                 name: str | None = None) -> FloatArray:
        """``num / den`` (nan where ``zero``), in the output ``name`` when it is one."""
        out = None if name is None else self.out.get(name)
        return _div(num, den, zero, self.new() if out is None else out)

    # margins: p = TP + FN (row of the positives), n = TN + FP, pp and pn the columns
    def _p(self) -> FloatArray:
        return self.sum(self.tp, self.fn)

    def _n(self) -> FloatArray:
        return self.sum(self.tn, self.fp)

    def _pp(self) -> FloatArray:
        return self.sum(self.tp, self.fp)

    def _pn(self) -> FloatArray:
        return self.sum(self.tn, self.fn)

    def _und_pn(self) -> Mask:
        return self.p0 | self.n0

    def _t(self) -> FloatArray:  # TPR, nan where P = 0
        return self.quotient(self.tp, self.p, self.p0, "tpr")

    def _s(self) -> FloatArray:  # TNR, nan where N = 0
        return self.quotient(self.tn, self.n, self.n0, "tnr")

    def _prec(self) -> FloatArray:
        return self.quotient(self.tp, self.pp, self.pp0, "precision")

    def _npv(self) -> FloatArray:
        return self.quotient(self.tn, self.pn, self.pn0, "npv")

    def _ts(self) -> FloatArray:
        return self.sum(self.t, self.s)

    def _dom(self) -> FloatArray:
        out = self.out.get("dominance")
        return np.subtract(self.t, self.s, out=self.new() if out is None else out)

    def _tp2(self) -> FloatArray:
        return self.product(self.tp, 2)

    def _tn2(self) -> FloatArray:
        return self.product(self.tn, 2)

    def _diag(self) -> FloatArray:  # TP + TN
        return self.sum(self.tp, self.tn)

    def _total(self) -> FloatArray:  # n + p, as the margins give it
        return self.sum(self.n, self.p)

    def _pn2(self) -> FloatArray:  # 2 P N: in HMNC's denominator and under MCC's root
        # 2 (N P), doubled after the product as the numerator is: where the product is
        # subnormal, (2 N) P and 2 (N P) round differently
        pn2 = self.product(self.n, self.p)
        pn2 *= 2
        return pn2

    def _max_n(self) -> FloatArray:  # the larger of the row and column totals, class 0
        return np.maximum(self.n, self.pn, out=self.new())

    def _max_p(self) -> FloatArray:  # ... class 1
        return np.maximum(self.p, self.pp, out=self.new())

    def _num(self) -> FloatArray:  # MCC/kappa numerator 2 (TP TN - FP FN), without cancellation
        # _checks.product_difference for non-negative counts (whose products need no abs)
        a, b, c, d = self.tp, self.tn, self.fp, self.fn
        p, q = self.product(a, b), self.product(c, d)
        r = np.subtract(p, q, out=self.new())
        bound = np.maximum(p, q, out=p)
        bound *= 1e-5
        risky = np.abs(r, out=q) < bound
        if risky.any():
            r[risky] = product_difference(a[risky], b[risky], c[risky], d[risky])
        r *= 2
        return r


def _harmonic(a: FloatArray, b: FloatArray, s: FloatArray, zero: Mask, out: FloatArray,
              doubled: bool = False) -> FloatArray:
    """:func:`binary.harmonic` given ``s = a + b`` and ``zero = (s == 0)``, into ``out``
    (``doubled``: ``a`` is already ``2 a``)."""
    if doubled:
        np.multiply(a, b, out=out)
    else:
        np.multiply(a, 2, out=out)  # 2 a, exactly
        out *= b
    out /= s
    if _any(zero):
        out[zero] = 0.0
    return out


# results that are intermediates too: (attribute of _Shared, its undefined mask)
_ALIASES = {"tpr": ("t", "p0"), "tnr": ("s", "n0"), "precision": ("prec", "pp0"),
            "npv": ("npv", "pn0"), "dominance": ("dom", "und_pn")}
_CLASS_MEANS = ("macro_precision", "macro_recall", "macro_f1", "cba", "iam")


def _block(block: FloatArray, names: list[str], alphas: dict[str, FloatArray], fill: float,
           out: dict[str, FloatArray], undefined: dict[str, bool],
           new: Callable[[], FloatArray]) -> None:
    """Write every metric of ``names`` for one block into ``out``; flag undefined ones.

    Each formula is the metric function's own, operation for operation, so
    that the values are the same numbers; ``new()`` gives a free work array.
    """
    x = _Shared(block, out, new)
    for name in names:
        if name in _ALIASES:
            continue
        o = out[name]
        if name in _CLASS_MEANS:
            if name == "macro_precision":
                flag = _class_mean2(x.npv, x.prec, x.pn0, x.pp0, fill, o)
            elif name == "macro_recall":
                flag = _class_mean2(x.s, x.t, x.n0, x.p0, fill, o)
            elif name == "macro_f1":
                d0, d1 = x.sum(x.n, x.pn), x.sum(x.p, x.pp)
                z0, z1 = (np.False_, np.False_) if x.positive else (d0 == 0, d1 == 0)
                flag = _class_mean2(_div(x.tn2, d0, z0, d0), _div(x.tp2, d1, z1, d1),
                                   z0, z1, fill, o)
            else:
                if name == "cba":
                    a0, a1 = x.tn, x.tp
                else:
                    # max(r - d, s - d) is max(r, s) - d to the last bit: rounding is
                    # monotone, so fl(x - d) <= fl(y - d) whenever x <= y
                    a0 = np.subtract(x.max_n, x.tn, out=new())
                    np.subtract(x.tn, a0, out=a0)  # TN - (max_n - TN)
                    a1 = np.subtract(x.max_p, x.tp, out=new())
                    np.subtract(x.tp, a1, out=a1)
                flag = _class_mean2(_div(a0, x.max_n, x.max_n0, new()), _div(a1, x.max_p, x.max_p0, new()),
                                   x.max_n0, x.max_p0, fill, o)
            undefined[name] |= flag
            continue
        if name == "f1":
            den = x.sum(x.tp2, x.fp)
            den += x.fn
            und = np.False_ if x.positive else den == 0
            _div(x.tp2, den, und, o)
        elif name == "balanced_accuracy":
            np.multiply(x.ts, 0.5, out=o)  # (t + s) / 2, the same number
            und = x.und_pn
        elif name == "weighted_accuracy":
            a = alphas[name]
            np.multiply(x.t, a, out=o)
            o += x.product(x.s, 1 - a)
            und = x.und_pn
        elif name == "iba":
            np.multiply(x.dom, alphas[name], out=o)
            o += 1  # ((1 + alpha dom) TPR) TNR
            o *= x.t
            o *= x.s
            und = x.und_pn
        elif name == "optimized_precision":
            den = x.sum(x.diag, x.fp)
            den += x.fn
            acc = _div(x.diag, den, np.False_ if x.positive else den == 0, den)
            gap = np.abs(x.dom, out=new())
            _div(gap, x.ts, x.ts0, gap)
            np.subtract(acc, gap, out=o)
            if _any(x.ts0):
                o[x.ts0] = -1.0
            und = x.und_pn
        elif name == "hmnc":
            h = _harmonic(x.tp2, x.tn, x.diag, x.diag0, new(), doubled=True)
            h *= x.total
            _div(h, x.pn2, x.pn2 == 0, o)
            np.minimum(o, 1.0, out=o)  # rounding can step past its maximum 1
            und = x.und_pn
        elif name == "ac":
            _harmonic(x.t, x.s, x.ts, x.ts0, o)
            und = x.und_pn
        elif name == "g_mean":
            a, b = x.s, x.t  # the recalls of class 0 and class 1
            product = x.product(a, b)
            np.sqrt(product, out=o)
            tiny = product < 1e-300  # the product underflowed: the product of the roots
            if tiny.any() and np.any(tiny & (a > 0) & (b > 0)):
                o[tiny] = np.sqrt(a[tiny]) * np.sqrt(b[tiny])
            und = x.und_pn
        elif name == "accuracy":
            _div(x.diag, x.total, x.total0, o)
            und = x.total0
        elif name == "mcc":
            den = x.product(x.pn, x.pp)
            den *= 2  # 2 (PN PP), associated as the numerator and pn2 are
            equal = den == x.pn2  # equal radicands: the root of the product is exact
            np.sqrt(den, out=den)  # sqrt(2 PN PP) sqrt(2 N P)
            den *= np.sqrt(x.pn2, out=new())
            if equal.any():
                den[equal] = x.pn2[equal]
            und = den == 0
            np.clip(_div(x.num, den, und, o), -1.0, 1.0, out=o)
        elif name == "kappa":
            den = x.product(x.n, x.pp)
            den += x.product(x.p, x.pn)
            und = den == 0
            np.clip(_div(x.num, den, und, o), -1.0, 1.0, out=o)
        else:  # pragma: no cover (every name of _WHAT is handled above)
            raise AssertionError(name)
        if _any(und):
            undefined[name] = True
            np.copyto(o, fill, where=und)
    # results that other formulas read (TPR, TNR, precision, NPV, dominance) live in
    # their output; all of them are computed first, then the policy fills them
    alias = [name for name in names if name in _ALIASES]
    for name in alias:
        getattr(x, _ALIASES[name][0])
    for name in alias:
        und = getattr(x, _ALIASES[name][1])
        if _any(und):
            undefined[name] = True
            np.copyto(out[name], fill, where=und)
