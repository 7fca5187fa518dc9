r"""Every operating point of a score at once: threshold sweeps and the best cut.

A score ``s`` and a threshold ``t`` define the classifier "positive if
``s >= t``". Thresholds strictly between two consecutive distinct scores all
give the same predictions, so a score with ``m`` distinct values has exactly
``m + 1`` distinct classifiers (cuts), from "everything positive" to
"everything negative". :func:`threshold_sweep` returns the binary confusion
matrix of each of them in one sort and two cumulative sums, as a stack of
shape ``(m + 1, 2, 2)`` that every count-based metric of the library
evaluates in one call; :func:`optimal_operating_point` picks the cut that
maximises such a metric.

Tied scores are never split: a cut either takes every sample with a given
score or none of them, because no threshold can do otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._checks import mark_validated, reject_masked
from ._typing import Label, Metric
from .confusion import _as_labels, _check_weight, classes_of, show

__all__ = ["threshold_sweep", "sweep_from_counts", "optimal_operating_point", "OperatingPoint"]

_TIE_TOL = 1e-12


def _positive_mask(y_true: ArrayLike, pos_label: Label, n_scores: int) -> np.ndarray:
    """Boolean mask of the positive samples, after checking the labels."""
    y = _as_labels(y_true, "y_true")
    if y.shape[0] != n_scores:
        raise ValueError(
            f"y_true and y_score have different lengths: {y.shape[0]} != {n_scores}"
        )
    if y.shape[0] == 0:
        raise ValueError("empty input: y_true and y_score hold no samples")
    classes = classes_of(y)
    if len(classes) > 2:
        raise ValueError(
            f"a threshold sweep needs at most two classes; y_true has {len(classes)}: "
            f"{show(classes)}"
        )
    if not any(bool(c == pos_label) for c in classes):
        raise ValueError(
            f"pos_label={show(pos_label)} is not present in y_true (classes: {show(classes)})"
        )
    return y == pos_label


_EXACT = 2**53  # float64 holds every integer up to this
BIG_SCORES = ("y_score holds integers above 2**53 in absolute value: float64 cannot tell "
              "them apart, so distinct scores would merge; rescale them")


def _check_scores(y_score: ArrayLike) -> np.ndarray:
    reject_masked(y_score, "y_score")
    s = np.asarray(y_score)
    if s.ndim == 2 and s.shape[1] == 1:
        s = s[:, 0]
    if s.ndim != 1:
        raise ValueError(f"y_score must be a 1-D array; got shape {s.shape}")
    if s.dtype.kind not in "biuf":
        raise ValueError(f"y_score must be real numbers; got dtype {s.dtype}")
    if s.dtype.kind in "iu" and s.size and max(abs(int(s.min())), abs(int(s.max()))) > _EXACT:
        raise ValueError(BIG_SCORES)
    s = s.astype(np.float64, copy=False)
    if not np.isfinite(s).all():
        raise ValueError("y_score contains nan or inf")
    return s


_INDEX_BLOCK = 1 << 20  # work through index arrays in blocks of this many entries


def _stack(m: int) -> np.ndarray:
    """Room for m + 1 binary matrices, laid out so that each count is one contiguous column.

    The returned array has shape ``(2, 2, m + 1)``; its transposed view is the
    ``(m + 1, 2, 2)`` stack, whose ``C[..., i, j]`` are then contiguous, so
    that every metric reads whole columns.
    """
    return np.empty((2, 2, m + 1))


def _finish_stack(out: np.ndarray, n_pos: ArrayLike, n_neg: ArrayLike) -> np.ndarray:
    """Fill FP and TP from TN and FN, and return the validated (m + 1, 2, 2) view."""
    np.subtract(n_neg, out[0, 0], out=out[0, 1])
    np.subtract(n_pos, out[1, 0], out=out[1, 1])
    return mark_validated(out.transpose(2, 0, 1))


def _sweep_counts(s: np.ndarray, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Unweighted sweep from two sorts, no argsort, at most ~3x the input in memory.

    Sorted scores give each distinct value and the number of samples below it;
    the sorted scores of the positives, placed among the distinct values by
    binary search, give the number of positives below each of them. Everything
    after the sort works in blocks and writes
    straight into the output.
    """
    n = s.shape[0]
    buf = np.empty(n + 1)
    buf[:n] = s
    buf[:n].sort()
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(buf[1:n], buf[:n - 1], out=new[1:])
    m = int(np.count_nonzero(new))
    out = _stack(m)
    below = out[0, 0]  # samples strictly below each threshold, then TN
    j = 0
    for a in range(0, n, _INDEX_BLOCK):
        idx = np.flatnonzero(new[a:a + _INDEX_BLOCK])
        idx += a
        below[j:j + len(idx)] = idx
        # compact the distinct values to the front of buf (idx[i] >= j + i: no overlap hazard)
        buf[j:j + len(idx)] = buf[idx]
        j += len(idx)
    del new
    below[m] = n
    buf[m] = np.inf
    thresholds = buf[:m + 1] if 2 * m > n else buf[:m + 1].copy()
    del buf
    sp = s[pos]
    sp.sort()
    n_pos = sp.shape[0]
    # FN_j = positives strictly below threshold j = the sorted position of the first
    # positive whose distinct score has index >= j. Each positive's index comes from
    # one binary search among the distinct scores (its own value is one of them).
    fn = out[1, 0]
    fn.fill(n_pos)
    last = -1
    for a in range(0, n_pos, _INDEX_BLOCK):
        idx = np.searchsorted(thresholds[:m], sp[a:a + _INDEX_BLOCK])
        first = np.empty(idx.shape[0], dtype=bool)
        first[0] = idx[0] != last
        np.not_equal(idx[1:], idx[:-1], out=first[1:])
        fn[idx[first]] = np.flatnonzero(first) + a
        last = idx[-1]
    del sp
    np.minimum.accumulate(fn[::-1], out=fn[::-1])
    below -= fn  # TN = samples below - positives below
    return thresholds, _finish_stack(out, n_pos, n - n_pos)


def _sweep_weights(s: np.ndarray, pos: np.ndarray, w: np.ndarray,
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Weighted sweep: the distinct scores and each sample's index among them from one
    ``np.unique`` (faster than a binary search of every sample when most scores are
    distinct), the positive and negative weight per score by ``np.bincount``."""
    values, where = np.unique(s, return_inverse=True)
    w = w.astype(np.float64, copy=False)
    zero = np.zeros((), dtype=np.float64)
    wp = np.bincount(where, weights=np.where(pos, w, zero), minlength=len(values))
    wn = np.bincount(where, weights=np.where(pos, zero, w), minlength=len(values))
    return sweep_from_counts(values, wp, wn, assume_sorted=True)


def sweep_from_counts(
    score_values: ArrayLike,
    pos_weight: ArrayLike,
    neg_weight: ArrayLike,
    *,
    assume_sorted: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    r"""The exact threshold sweep from per-score counts: one sort and one cumulative sum.

    The sweep of :func:`threshold_sweep` only depends on how much positive and
    negative weight sits at each distinct score. Those aggregates are additive,
    so they can be computed anywhere (a group-by over a partitioned data set,
    e.g. on Dask) and the sweep finished here:

    .. math::

        \mathrm{FN}_j = \sum_{v < s_{(j)}} W^+(v), \qquad \mathrm{TN}_j = \sum_{v < s_{(j)}} W^-(v),

    with :math:`W^\pm(v)` the positive and negative weight at score :math:`v`.

    Parameters
    ----------
    score_values : array-like of shape (m,)
        Distinct finite scores, in any order (duplicates are an error).
    pos_weight, neg_weight : array-like of shape (m,)
        Total weight (or count) of the positive and of the negative samples at
        each score; non-negative.
    assume_sorted : bool, default=False
        Declare ``score_values`` already increasing (skips the sort).

    Returns
    -------
    thresholds : ndarray of shape (m + 1,)
        The scores in increasing order, then ``inf``.
    matrices : ndarray of shape (m + 1, 2, 2), float64
        ``[[TN, FP], [FN, TP]]`` of the cut ``score >= thresholds[j]``, equal
        to what :func:`threshold_sweep` returns on the raw samples.

    References
    ----------
    Fawcett (2006), Algorithm 1 (one pass over the sorted scores).

    Examples
    --------
    >>> thr, C = sweep_from_counts([0.8, 0.1, 0.4], [1, 0, 1], [0, 2, 1])
    >>> thr.tolist()
    [0.1, 0.4, 0.8, inf]
    >>> C[:, 1, 1].tolist()  # TP from "all positive" to "all negative"
    [2.0, 2.0, 1.0, 0.0]
    """
    v = _check_scores(score_values)
    wp = np.asarray(pos_weight, dtype=np.float64)
    wn = np.asarray(neg_weight, dtype=np.float64)
    if wp.shape != v.shape or wn.shape != v.shape:
        raise ValueError(
            f"score_values, pos_weight and neg_weight must have the same length; got "
            f"{v.shape[0]}, {wp.shape}, {wn.shape}"
        )
    if v.shape[0] == 0:
        raise ValueError("empty input: no scores")
    for name, x in (("pos_weight", wp), ("neg_weight", wn)):
        if not np.isfinite(x).all() or (x < 0).any():
            raise ValueError(f"{name} must be finite and non-negative")
    if not assume_sorted:
        order = np.argsort(v, kind="stable")
        v, wp, wn = v[order], wp[order], wn[order]
    if (v[1:] <= v[:-1]).any():
        raise ValueError("score_values must be distinct (and increasing when assume_sorted=True)")
    m = v.shape[0]
    out = _stack(m)
    out[1, 0, 0] = 0.0
    np.cumsum(wp, out=out[1, 0, 1:])
    out[0, 0, 0] = 0.0
    np.cumsum(wn, out=out[0, 0, 1:])
    thresholds = np.empty(m + 1)
    thresholds[:m] = v
    thresholds[m] = np.inf
    return thresholds, _finish_stack(out, out[1, 0, m], out[0, 0, m])


def threshold_sweep(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Label = 1,
                    sample_weight: ArrayLike | None = None) -> tuple[np.ndarray, np.ndarray]:
    r"""Confusion matrix of every distinct cut of a score, in one sort.

    The classifier at threshold :math:`t` predicts positive when
    :math:`score \ge t`. With :math:`s_{(1)} < \dots < s_{(m)}` the distinct
    scores, the sweep returns the :math:`m + 1` thresholds

    .. math:: s_{(1)} < s_{(2)} < \dots < s_{(m)} < +\infty,

    in increasing order: the first cut predicts everything positive, the last
    (:math:`t = +\infty`) everything negative, and each cut in between moves
    exactly the samples of one distinct score from positive to negative.
    Every threshold strictly between :math:`s_{(j-1)}` and :math:`s_{(j)}`
    gives the same predictions as :math:`s_{(j)}`, so these are all the
    classifiers a threshold can make; tied scores are never split. A constant
    score gives exactly two cuts. (scikit-learn's
    ``confusion_matrix_at_thresholds`` lists its thresholds in decreasing
    order: reverse both outputs to compare.)

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, at most two classes; ``pos_label`` must be one of them.
    y_score : array-like of shape (n_samples,)
        Finite real scores, higher meaning "more positive"; converted to
        ``float64``.
    pos_label : int, bool or str, default=1
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights; the matrices then hold weight sums. A sample
        of weight 0 still defines a cut (scikit-learn drops it).

    Returns
    -------
    thresholds : ndarray of shape (m + 1,)
        The distinct scores in increasing order, then ``inf``.
    matrices : ndarray of shape (m + 1, 2, 2), float64, read-only
        ``matrices[j] = [[TN, FP], [FN, TP]]`` for the cut ``score >=
        thresholds[j]``: counts (exact below :math:`2^{53}`), or weight sums.
        Floats, because every metric computes in ``float64``; the stack is
        validated once here, so the metrics of the library evaluate it
        without checking it again.

    Raises
    ------
    ValueError
        Different lengths, no samples, non-finite scores, more than two
        classes, ``pos_label`` absent from ``y_true``, or invalid weights.

    See Also
    --------
    sklearn.metrics.confusion_matrix_at_thresholds : the same counts in
        decreasing threshold order, without the "everything negative" cut.
    sweep_from_counts : the same sweep from per-score counts (e.g. from Dask).
    optimal_operating_point : the cut that maximises a metric.

    Notes
    -----
    Unweighted: one sort of all scores and one of the positives' scores, then
    one binary search per positive (:math:`O(n \log n)`, at most about three
    times the input's memory, the output included). Weighted: one sort for the
    distinct scores, one binary search per sample, the positive and negative
    weight per score with ``np.bincount``, then cumulative sums. No ``argsort``.

    References
    ----------
    Fawcett (2006), "An introduction to ROC analysis", Algorithm 1.

    Examples
    --------
    >>> thresholds, matrices = threshold_sweep([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> thresholds.tolist()
    [0.1, 0.35, 0.4, 0.8, inf]
    >>> matrices[:, 1, 1].tolist()  # TP from "all positive" to "all negative"
    [2.0, 2.0, 1.0, 1.0, 0.0]
    >>> thresholds, matrices = threshold_sweep([0, 1, 1], [0.5, 0.5, 0.5])
    >>> matrices.astype(int).tolist()  # a constant score: two cuts only
    [[[0, 1], [0, 2]], [[1, 0], [2, 0]]]
    """
    s = _check_scores(y_score)
    pos = _positive_mask(y_true, pos_label, s.shape[0])
    w = _check_weight(sample_weight, s.shape[0])
    if w is None:
        return _sweep_counts(s, pos)
    return _sweep_weights(s, pos, w)


class OperatingPoint(NamedTuple):
    """The best cut of a score for a metric (see :func:`optimal_operating_point`)."""

    threshold: float
    """A threshold that reproduces the cut: predict positive when ``score >= threshold``."""
    score: float
    """The metric's value at the cut."""
    matrix: np.ndarray
    """The cut's confusion matrix ``[[TN, FP], [FN, TP]]``."""
    # public field name: it shadows tuple.index (the method), as NamedTuple allows
    index: int  # type: ignore[assignment]
    """Position of the cut in :func:`threshold_sweep`'s output."""


def _cut_metric(metric: Metric, metric_params: dict[str, Any],
                ) -> Callable[[np.ndarray], ArrayLike]:
    """A function ``stack -> values`` for choosing a cut: a registry metric's undefined
    values become 0.0 (a cut where it is undefined never beats a defined one), unlike
    the intervals' ``_interval_metric``, which keeps nan to count undefined resamples."""
    from .registry import resolve

    func, params = resolve(metric, metric_params)
    if isinstance(metric, str):
        params = {"zero_division": 0.0, **params}
    return lambda C: func(C, **params)


def optimal_operating_point(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    metric: str | Callable[..., Any],
    pos_label: Label = 1,
    sample_weight: ArrayLike | None = None,
    metric_params: dict[str, Any] | None = None,
) -> OperatingPoint:
    r"""The cut of a score that maximises a count-based metric.

    Evaluates ``metric`` on every matrix of :func:`threshold_sweep` (one
    vectorised call) and returns the best cut. Tied scores are never split,
    so the reported value is achieved by a real threshold; a constant score
    has only the cuts "everything positive" and "everything negative".

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`threshold_sweep`; ``y_true`` must hold both classes.
    metric : str or callable
        A name in :data:`imbalance_lib.METRICS` (called with
        ``zero_division=0.0`` and the registry's default parameters unless
        ``metric_params`` says otherwise: IBA's ``alpha = 0.1`` and weighted
        accuracy's ``alpha = 0.3``, as ``METRICS[name].params`` lists), or a
        function mapping a stack of
        binary matrices of shape ``(n_cuts, 2, 2)`` to ``n_cuts`` values
        (higher is better). ``nan`` values are never chosen.
    metric_params : dict, default=None
        Extra keyword arguments of ``metric`` (e.g. ``{"alpha": 0.1}``).

    Returns
    -------
    OperatingPoint
        Named tuple ``(threshold, score, matrix, index)``. ``threshold`` is
        the midpoint between the highest score predicted negative and the
        lowest predicted positive (the document's "middle point of two
        consecutive points"), ``-inf`` for "everything positive" and ``inf``
        for "everything negative"; ``score >= threshold`` reproduces
        ``matrix`` on these data. ``index`` points into the sweep.

    Raises
    ------
    ValueError
        As in :func:`threshold_sweep`; also when ``y_true`` holds a single
        class (every cut then has :math:`P = 0` or :math:`N = 0`, where the
        metrics of imbalanced data are undefined), for an unknown metric name,
        a metric returning the wrong shape, or a metric that is ``nan`` at
        every cut.

    Notes
    -----
    Ties between cuts with the same metric value are broken by taking the
    first one in sweep order, i.e. the lowest threshold (the cut with the
    most positive predictions). Values within ``1e-12`` (relative, for values
    above 1 in size) of the maximum count as ties, so that two cuts with
    mathematically equal values tie whatever the rounding.

    Examples
    --------
    >>> op = optimal_operating_point([0, 0, 1, 1, 1], [1, 4, 3, 8, 9], metric="ac")
    >>> op.threshold, op.score, op.matrix.tolist()
    (6.0, 0.8, [[2.0, 0.0], [1.0, 2.0]])
    >>> optimal_operating_point([0, 1], [2.0, 2.0], metric="accuracy").threshold
    -inf
    """
    y = _as_labels(y_true, "y_true")
    classes = classes_of(y) if y.shape[0] else y
    if len(classes) == 1:
        raise ValueError(
            f"y_true holds a single class ({show(classes[0])}): every cut has P = 0 or "
            "N = 0, where the metrics that compare both classes are undefined, so no "
            "cut can be chosen; evaluate on data with both classes"
        )
    thresholds, matrices = threshold_sweep(
        y, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    func = _cut_metric(metric, metric_params or {})
    values = np.asarray(func(matrices), dtype=float)
    if values.shape != (matrices.shape[0],):
        raise ValueError(
            f"metric must return one value per matrix, shape ({matrices.shape[0]},); "
            f"got shape {values.shape}"
        )
    if np.isnan(values).all():
        raise ValueError("the metric is nan at every cut")
    finite = np.where(np.isnan(values), -np.inf, values)
    best = finite.max()
    if np.isinf(best):  # +inf (or every value -inf): the first cut that reaches it
        i = int(np.argmax(finite == best))
    else:
        # values within rounding error of the best are ties: take the first one
        i = int(np.argmax(finite >= best - _TIE_TOL * max(1.0, abs(best))))
    m = thresholds.shape[0] - 1
    if i == 0:
        threshold = -np.inf
    elif i == m:
        threshold = np.inf
    else:
        lo, hi = thresholds[i - 1], thresholds[i]
        mid = (lo + hi) / 2
        if not np.isfinite(mid):  # overflow near the float limits
            mid = lo / 2 + hi / 2
        # adjacent floats: the midpoint may round onto lo, which would flip lo's samples
        threshold = float(mid if lo < mid <= hi else hi)
    return OperatingPoint(float(threshold), float(values[i]), matrices[i], i)
