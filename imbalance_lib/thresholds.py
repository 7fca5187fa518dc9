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
from typing import NamedTuple

import numpy as np

from .confusion import _as_labels, _check_weight, classes_of

__all__ = ["threshold_sweep", "optimal_operating_point", "OperatingPoint"]

_TIE_TOL = 1e-12


def _positive_mask(y_true, pos_label, n_scores: int) -> np.ndarray:
    """Boolean mask of the positive samples, after checking the labels."""
    y = _as_labels(y_true, "y_true")
    if y.shape[0] != n_scores:
        raise ValueError(
            f"y_true and scores have different lengths: {y.shape[0]} != {n_scores}"
        )
    if y.shape[0] == 0:
        raise ValueError("empty input: y_true and scores hold no samples")
    classes = classes_of(y)
    if len(classes) > 2:
        raise ValueError(
            f"a threshold sweep needs at most two classes; y_true has {len(classes)}: "
            f"{list(classes[:10])}"
        )
    if not any(bool(c == pos_label) for c in classes):
        raise ValueError(
            f"pos_label={pos_label!r} is not present in y_true (classes: {list(classes)})"
        )
    return y == pos_label


def _check_scores(scores) -> np.ndarray:
    s = np.asarray(scores)
    if s.ndim == 2 and s.shape[1] == 1:
        s = s[:, 0]
    if s.ndim != 1:
        raise ValueError(f"scores must be a 1-D array; got shape {s.shape}")
    if s.dtype.kind not in "biuf":
        raise ValueError(f"scores must be real numbers; got dtype {s.dtype}")
    s = s.astype(np.float64, copy=False)
    if not np.isfinite(s).all():
        raise ValueError("scores contain nan or inf")
    return s


def threshold_sweep(y_true, scores, *, pos_label=1, sample_weight=None):
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
    score gives exactly two cuts.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, at most two classes; ``pos_label`` must be one of them.
    scores : array-like of shape (n_samples,)
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
    matrices : ndarray of shape (m + 1, 2, 2), float64
        ``matrices[j] = [[TN, FP], [FN, TP]]`` for the cut ``score >=
        thresholds[j]``: counts (exact below :math:`2^{53}`), or weight sums.
        Floats, as in scikit-learn, because every metric computes in
        ``float64``: a stack of a million matrices is then not converted
        again by each metric.

    Raises
    ------
    ValueError
        Different lengths, no samples, non-finite scores, more than two
        classes, ``pos_label`` absent from ``y_true``, or invalid weights.

    See Also
    --------
    sklearn.metrics.confusion_matrix_at_thresholds : the same counts in
        decreasing threshold order, without the "everything negative" cut.
    optimal_operating_point : the cut that maximises a metric.

    Notes
    -----
    One ``argsort`` of the scores (:math:`O(n \log n)`) and one cumulative
    sum of the positives (or of the positive and negative weights): the
    number of positives below :math:`s_{(j)}` is the cumulative sum at the
    first sorted position of :math:`s_{(j)}`.

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
    s = _check_scores(scores)
    pos = _positive_mask(y_true, pos_label, s.shape[0])
    w = _check_weight(sample_weight, s.shape[0])
    n = s.shape[0]

    order = np.argsort(s)
    s_sorted = s[order]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(s_sorted[1:], s_sorted[:-1], out=new[1:])
    starts = np.flatnonzero(new)  # first sorted position of each distinct score
    m = starts.shape[0]
    thresholds = np.empty(m + 1)
    thresholds[:m] = s_sorted[starts]
    thresholds[m] = np.inf
    below = np.empty(m + 1, dtype=np.intp)  # samples strictly below each threshold
    below[:m] = starts
    below[m] = n

    pos_sorted = pos[order]
    if w is None:
        cum_pos = np.empty(n + 1, dtype=np.int64)
        cum_pos[0] = 0
        np.cumsum(pos_sorted, out=cum_pos[1:])
        fn = cum_pos[below]
        tn = below - fn
    else:
        w_sorted = w[order].astype(np.float64)
        wp = np.where(pos_sorted, w_sorted, 0.0)
        cum_p = np.concatenate([[0.0], np.cumsum(wp)])
        cum_n = np.concatenate([[0.0], np.cumsum(w_sorted - wp)])
        fn, tn = cum_p[below], cum_n[below]
    p, neg = fn[m], tn[m]
    # float64 (exact for counts below 2**53): the dtype every metric computes in,
    # so a stack of a million matrices is not converted again by each metric
    matrices = np.empty((m + 1, 2, 2))
    matrices[:, 0, 0] = tn
    matrices[:, 0, 1] = neg - tn
    matrices[:, 1, 0] = fn
    matrices[:, 1, 1] = p - fn
    return thresholds, matrices


class OperatingPoint(NamedTuple):
    """The best cut of a score for a metric (see :func:`optimal_operating_point`)."""

    threshold: float
    """A threshold that reproduces the cut: predict positive when ``score >= threshold``."""
    score: float
    """The metric's value at the cut."""
    matrix: np.ndarray
    """The cut's confusion matrix ``[[TN, FP], [FN, TP]]``."""
    index: int
    """Position of the cut in :func:`threshold_sweep`'s output."""


def _resolve_metric(metric, metric_params):
    if callable(metric):
        return lambda C: metric(C, **metric_params)
    if isinstance(metric, str):
        from .registry import METRICS

        if metric not in METRICS:
            raise ValueError(f"unknown metric {metric!r}; known: {sorted(METRICS)}")
        params = {"zero_division": 0.0, **METRICS[metric].params, **metric_params}
        func = METRICS[metric].func
        return lambda C: func(C, **params)
    raise ValueError(f"metric must be a callable or a metric name; got {metric!r}")


def optimal_operating_point(
    y_true,
    scores,
    *,
    metric: str | Callable,
    pos_label=1,
    sample_weight=None,
    metric_params: dict | None = None,
) -> OperatingPoint:
    r"""The cut of a score that maximises a count-based metric.

    Evaluates ``metric`` on every matrix of :func:`threshold_sweep` (one
    vectorised call) and returns the best cut. Tied scores are never split,
    so the reported value is achieved by a real threshold; a constant score
    has only the cuts "everything positive" and "everything negative".

    Parameters
    ----------
    y_true, scores, pos_label, sample_weight
        As in :func:`threshold_sweep`.
    metric : str or callable
        A name in :data:`imbalance_lib.METRICS` (called with
        ``zero_division=0.0`` and the registry's default parameters unless
        ``metric_params`` says otherwise), or a function mapping a stack of
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
        As in :func:`threshold_sweep`; also for an unknown metric name, a
        metric returning the wrong shape, or a metric that is ``nan`` at
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
    thresholds, matrices = threshold_sweep(
        y_true, scores, pos_label=pos_label, sample_weight=sample_weight
    )
    func = _resolve_metric(metric, metric_params or {})
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
