r"""Threshold-free metrics of a score: ROC and precision-recall areas, with DeLong's covariance.

Every function here starts from the exact, tie-correct threshold sweep
(:func:`imbalance_lib.threshold_sweep`): the confusion matrix of every cut of
the score. A two-dimensional ``y_score`` of shape ``(n_models, n_samples)``
evaluates every model in one call.

* :func:`roc_auc`: the area under the ROC curve, equal to the Mann-Whitney
  probability :math:`P(s^+ > s^-) + \tfrac12 P(s^+ = s^-)`;
* :func:`average_precision`: the step-wise area under the precision-recall
  curve (scikit-learn's ``average_precision_score``);
* :func:`pr_auc`: the area under the precision-recall curve with the
  interpolation of Davis and Goadrich (2006), which is exact between two cuts;
* :func:`prg_curve` and :func:`prg_auc`: the precision-recall-gain curve of
  Flach and Kull (2015) and its area;
* :func:`delong_covariance`: the covariance matrix of the AUROCs of several
  models scored on the same samples (DeLong, DeLong and Clarke-Pearson, 1988),
  computed from placement values in :math:`O(n \log n)` per model (the
  midrank idea of Sun and Xu, 2014).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._typing import FloatArray, Label, Seed
from .confusion import _check_weight
from .thresholds import _check_scores, _positive_mask, _sweep_counts, _sweep_weights

if TYPE_CHECKING:
    from .intervals import Comparison, Interval

# one value per model: a float for a 1-D score, an array for a stack of models
PerModel = float | FloatArray

__all__ = [
    "roc_auc", "average_precision", "pr_auc", "prg_curve", "prg_auc", "PRGCurve",
    "delong_covariance", "roc_auc_interval", "average_precision_interval", "compare_roc_auc",
]


def _scores_2d(y_score: ArrayLike) -> tuple[np.ndarray, bool]:
    """``y_score`` as a float64 array of shape ``(n_models, n)``; whether it was 1-D."""
    s = np.asarray(y_score)
    if s.ndim == 1 or (s.ndim == 2 and s.shape[1] == 1 and s.shape[0] > 1):
        return _check_scores(s)[None, :], True
    if s.ndim != 2:
        raise ValueError(f"y_score must be 1-D (samples) or 2-D (models x samples); "
                         f"got shape {s.shape}")
    if s.dtype.kind not in "biuf":
        raise ValueError(f"y_score must be real numbers; got dtype {s.dtype}")
    s = s.astype(np.float64, copy=False)
    if not np.isfinite(s).all():
        raise ValueError("y_score contains nan or inf")
    return s, False


def _prepare(y_true: ArrayLike, y_score: ArrayLike, sample_weight: ArrayLike | None,
             pos_label: Label) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, bool]:
    """Checked scores ``(n_models, n)``, positive mask, weights (or None), 1-D flag."""
    s, one = _scores_2d(y_score)
    pos = _positive_mask(y_true, pos_label, s.shape[1])
    w = _check_weight(sample_weight, s.shape[1])
    wp = pos.sum() if w is None else np.sum(w[pos], dtype=np.float64)
    wn = (~pos).sum() if w is None else np.sum(w[~pos], dtype=np.float64)
    if wp == 0 or wn == 0:
        which = "positive" if wp == 0 else "negative"
        raise ValueError(f"y_true has no {which} samples (or they weigh 0): the area is "
                         f"undefined; both classes are needed")
    return s, pos, w, one


def _sweeps(s: np.ndarray, pos: np.ndarray, w: np.ndarray | None,
            ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The threshold sweep of each row of ``s``."""
    for row in s:
        yield _sweep_counts(row, pos) if w is None else _sweep_weights(row, pos, w)


def _per_model(values: ArrayLike, one: bool) -> PerModel:
    v = np.asarray(values, dtype=np.float64)
    return float(v[0]) if one else v


def _roc_area(C: np.ndarray) -> float:
    """Trapezoidal area under the ROC points of a sweep (exact Mann-Whitney with ties)."""
    tp, fp = C[:, 1, 1], C[:, 0, 1]
    P, N = tp[0], fp[0]
    # cuts run from "all positive" (j = 0) to "all negative" (j = m)
    return float(np.sum((fp[:-1] - fp[1:]) * (tp[:-1] + tp[1:])) / (2.0 * P * N))


def _rank_area(s: np.ndarray, pos: np.ndarray) -> float:
    """Mann-Whitney AUROC from midranks: one sort of all scores, one of the positives'.

    The midrank of a positive is (#below + #below-or-equal + 1) / 2 among all
    samples; two binary searches per positive give both counts. About 1.3x the
    input's memory, no confusion matrices.
    """
    everything = np.sort(s)
    x = np.sort(s[pos])
    n1 = x.shape[0]
    n0 = s.shape[0] - n1
    ranks = float(np.searchsorted(everything, x, "left").sum())
    ranks += float(np.searchsorted(everything, x, "right").sum())
    return ((ranks + n1) / 2.0 - n1 * (n1 + 1) / 2.0) / (n1 * n0)


def roc_auc(y_true: ArrayLike, y_score: ArrayLike, *, sample_weight: ArrayLike | None = None,
            pos_label: Label = 1) -> PerModel:
    r"""Area under the ROC curve: the probability that a positive outranks a negative.

    .. math::

        \mathrm{AUROC} &= P(s^+ > s^-) + \tfrac12\,P(s^+ = s^-) \\
              &= \sum_j \tfrac12\,(\mathrm{FPR}_j - \mathrm{FPR}_{j+1})(\mathrm{TPR}_j + \mathrm{TPR}_{j+1}),

    the sum running over the cuts of :func:`~imbalance_lib.threshold_sweep`
    (ties count one half, exactly). Sample weights weigh each pair by the
    product of its two weights. Without weights the same number comes from the
    midranks of the positives (Mann-Whitney's U), which needs no confusion
    matrices: one sort of the scores and one of the positives' scores.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two classes; ``pos_label`` marks the positive one.
    y_score : array-like of shape (n_samples,) or (n_models, n_samples)
        Finite scores, higher meaning "more positive"; one row per model.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative finite weights.
    pos_label : int, bool or str, default=1

    Returns
    -------
    float, or ndarray of shape (n_models,) for a 2-D ``y_score``.

    Raises
    ------
    ValueError
        One class absent (or of total weight 0), nan or infinite scores,
        lengths that differ, negative or nan weights.

    References
    ----------
    Hanley and McNeil (1982); Fawcett (2006), "An introduction to ROC analysis".

    Examples
    --------
    >>> roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    >>> roc_auc([0, 1, 0, 1], [0.5, 0.5, 0.2, 0.9])  # one tie counts one half
    0.875
    >>> roc_auc([0, 0, 1, 1], [[0.1, 0.4, 0.35, 0.8], [4, 3, 2, 1]]).tolist()
    [0.75, 0.0]
    """
    s, pos, w, one = _prepare(y_true, y_score, sample_weight, pos_label)
    if w is None:
        return _per_model([_rank_area(row, pos) for row in s], one)
    return _per_model([_roc_area(C) for _, C in _sweeps(s, pos, w)], one)


def _ap(C: np.ndarray) -> float:
    tp, fp = C[:, 1, 1], C[:, 0, 1]
    dtp = tp[:-1] - tp[1:]  # positives gained at each cut, from the top of the score down
    pred = tp[:-1] + fp[:-1]
    prec = np.divide(tp[:-1], pred, out=np.zeros_like(dtp), where=pred > 0)
    return float(np.sum(dtp * prec) / tp[0])


def average_precision(y_true: ArrayLike, y_score: ArrayLike, *,
                      sample_weight: ArrayLike | None = None, pos_label: Label = 1,
                      ) -> PerModel:
    r"""Average precision: the step-wise area under the precision-recall curve.

    .. math:: \mathrm{AP} = \sum_j (R_j - R_{j+1})\, P_j,

    over the cuts of the sweep, with :math:`R_j` and :math:`P_j` the recall and
    precision of cut :math:`j` (no interpolation; equal to scikit-learn's
    ``average_precision_score``). A random score has expected AP close to the
    prevalence.

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label
        As in :func:`roc_auc`.

    Returns
    -------
    float, or ndarray of shape (n_models,).

    References
    ----------
    Boyd, Eng and Page (2013); scikit-learn's ``average_precision_score``.

    Examples
    --------
    >>> round(average_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.833333
    """
    s, pos, w, one = _prepare(y_true, y_score, sample_weight, pos_label)
    return _per_model([_ap(C) for _, C in _sweeps(s, pos, w)], one)


def _dg_area(C: np.ndarray) -> float:
    """Area under the Davis-Goadrich interpolation between consecutive cuts."""
    tp, fp = C[::-1, 1, 1], C[::-1, 0, 1]  # from "all negative" to "all positive"
    a, b = tp[:-1], fp[:-1]
    dt, df = np.diff(tp), np.diff(fp)
    step = dt > 0  # a cut that adds no positive adds no area
    a, b, dt, df = a[step], b[step], dt[step], df[step]
    slope = df / dt  # false positives per true positive along the segment
    d = 1.0 + slope
    c = a + b
    with np.errstate(divide="ignore", invalid="ignore"):
        curved = np.log1p(d * dt / c) * (a * slope - b) / d**2
    area = dt / d + np.where(c > 0, curved, 0.0)
    return float(np.sum(area) / tp[-1])


def pr_auc(y_true: ArrayLike, y_score: ArrayLike, *, sample_weight: ArrayLike | None = None,
           pos_label: Label = 1) -> PerModel:
    r"""Area under the precision-recall curve with Davis and Goadrich's interpolation.

    Between two consecutive cuts :math:`A = (\mathrm{TP}_A, \mathrm{FP}_A)` and :math:`B` with
    :math:`\mathrm{TP}_B > \mathrm{TP}_A`, the classifiers that take a share of the samples at
    the tied score lie on the segment from A to B in ROC space; with
    :math:`x` true positives added, they have :math:`\mathrm{FP}_A + s x` false positives,
    :math:`s = (\mathrm{FP}_B - \mathrm{FP}_A)/(\mathrm{TP}_B - \mathrm{TP}_A)`, and precision

    .. math:: p(x) = \frac{\mathrm{TP}_A + x}{\mathrm{TP}_A + \mathrm{FP}_A + (1 + s)\,x},

    a curve, not a line, in PR space. The area is the exact integral of
    :math:`p` over recall :math:`x / P`:

    .. math::

        \frac1P\sum \Bigl[\frac{\Delta}{1+s}
        + \frac{s\,\mathrm{TP}_A - \mathrm{FP}_A}{(1+s)^2}\,
          \ln\Bigl(1 + \frac{(1+s)\Delta}{\mathrm{TP}_A + \mathrm{FP}_A}\Bigr)\Bigr],

    :math:`\Delta = \mathrm{TP}_B - \mathrm{TP}_A` (the first segment, from the empty
    prediction, has constant precision :math:`1/(1+s)`).

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label
        As in :func:`roc_auc`.

    Returns
    -------
    float, or ndarray of shape (n_models,).

    References
    ----------
    Davis and Goadrich (2006), "The relationship between precision-recall and
    ROC curves"; Boyd, Eng and Page (2013).

    Examples
    --------
    >>> pr_auc([0, 1], [0.5, 0.5])  # one tie: precision 1/2 at every recall
    0.5
    >>> round(pr_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)  # 1/2 + (1 - ln 1.5)/2
    0.797267
    """
    s, pos, w, one = _prepare(y_true, y_score, sample_weight, pos_label)
    return _per_model([_dg_area(C) for _, C in _sweeps(s, pos, w)], one)


class PRGCurve(NamedTuple):
    """The precision-recall-gain curve of a score (see :func:`prg_curve`)."""

    recall_gain: np.ndarray
    """Recall gain of each point, increasing."""
    precision_gain: np.ndarray
    """Precision gain of each point."""
    thresholds: np.ndarray
    """The cut of each point (``score >= threshold``); nan for an interpolated point."""


def _gains(tp: np.ndarray, fp: np.ndarray, P: float, N: float) -> tuple[np.ndarray, np.ndarray]:
    with np.errstate(divide="ignore", invalid="ignore"):
        rg = 1.0 - (P / N) * (P - tp) / tp
        pg = 1.0 - (P / N) * fp / tp
    return rg, pg


def _prg(thresholds: np.ndarray, C: np.ndarray) -> PRGCurve:
    tp, fp = C[::-1, 1, 1], C[::-1, 0, 1]  # increasing recall, from "all negative"
    thr = thresholds[::-1]
    P, N = tp[-1], fp[-1]
    rg, pg = _gains(tp, fp, P, N)  # -inf and nan where TP = 0
    first = int(np.argmax(rg >= 0))  # the last cut (all positive) has recall gain 1
    if rg[first] > 0:
        # the point of recall gain 0 (TP = P^2 / (P + N)), on the segment in ROC space
        # from the cut before (recall gain below 0, possibly with TP = 0) to this one;
        # the cut "all negative" comes first and has recall gain -inf, so first > 0
        tp0, fp0 = tp[first - 1], fp[first - 1]
        t = (P * P / (P + N) - tp0) / (tp[first] - tp0)
        tpx, fpx = tp0 + t * (tp[first] - tp0), fp0 + t * (fp[first] - fp0)
        rgx, pgx = _gains(np.array([tpx]), np.array([fpx]), P, N)
        rg = np.r_[0.0 if abs(rgx[0]) < 1e-12 else rgx[0], rg[first:]]
        pg = np.r_[pgx[0], pg[first:]]
        thr = np.r_[np.nan, thr[first:]]
    else:
        rg, pg, thr = rg[first:], pg[first:], thr[first:]
    return PRGCurve(rg, pg, thr)


def prg_curve(y_true: ArrayLike, y_score: ArrayLike, *, sample_weight: ArrayLike | None = None,
              pos_label: Label = 1) -> PRGCurve:
    r"""The precision-recall-gain curve: the part of the PR curve that beats the always-positive classifier.

    With prevalence :math:`\pi = P / (P + N)`, Flach and Kull (2015) rescale
    precision and recall harmonically so that the always-positive classifier
    sits at gain 0 and a perfect one at gain 1:

    .. math::

        precG = \frac{prec - \pi}{(1 - \pi)\,prec} = 1 - \frac{P}{N}\frac{\mathrm{FP}}{\mathrm{TP}},
        \qquad
        recG = \frac{rec - \pi}{(1 - \pi)\,rec} = 1 - \frac{P}{N}\frac{\mathrm{FN}}{\mathrm{TP}}.

    The curve keeps the cuts with :math:`recG \ge 0` (recall at least
    :math:`\pi`), in increasing recall, and starts at :math:`recG = 0` with a
    point interpolated linearly in ROC space between the two cuts around it:
    the last cut with :math:`recG < 0` (which may hold no true positive, when
    the top-scored samples are negatives) and the first with :math:`recG \ge 0`.

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label
        As in :func:`roc_auc`; ``y_score`` one-dimensional.

    Returns
    -------
    PRGCurve
        ``recall_gain``, ``precision_gain`` and ``thresholds`` (nan for the
        interpolated first point).

    References
    ----------
    Flach and Kull (2015), "Precision-recall-gain curves: PR analysis done right".

    Examples
    --------
    >>> c = prg_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> c.recall_gain.tolist(), c.precision_gain.tolist()
    ([0.0, 0.0, 1.0, 1.0], [1.0, 0.0, 0.5, 0.0])
    """
    s, pos, w, one = _prepare(y_true, y_score, sample_weight, pos_label)
    if not one:
        raise ValueError("prg_curve takes one score (a 1-D y_score)")
    return _prg(*next(_sweeps(s, pos, w)))


def _prg_area(curve: PRGCurve) -> float:
    rg, pg = curve.recall_gain, curve.precision_gain
    return float(np.sum(np.diff(rg) * (pg[1:] + pg[:-1]) / 2.0))


def prg_auc(y_true: ArrayLike, y_score: ArrayLike, *, sample_weight: ArrayLike | None = None,
            pos_label: Label = 1) -> PerModel:
    r"""Area under the precision-recall-gain curve (AUPRG).

    The trapezoidal area under :func:`prg_curve` over recall gain from 0 to 1;
    in precision-recall-gain space linear interpolation is meaningful
    (Flach and Kull, 2015), so the trapezoids are the area. Precision gains
    below 0 (precision under the prevalence) count as negative area. A perfect
    score scores 1. The always-positive classifier sits at precision gain 0,
    and so does a random score on an infinite population (its curve is the
    always-positive point); on a finite test set a random ranking scores below
    0 on average, far below when positives are few (the page of the
    threshold-free chapter measures it), because precision gain is unbounded
    below where the precision of the top cuts falls under the prevalence.

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label
        As in :func:`roc_auc`.

    Returns
    -------
    float, or ndarray of shape (n_models,).

    Examples
    --------
    >>> prg_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.25
    >>> prg_auc([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9])
    1.0
    >>> y = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]  # a negative scored on top
    >>> round(prg_auc(y, -np.arange(10)), 4)
    0.3889
    """
    s, pos, w, one = _prepare(y_true, y_score, sample_weight, pos_label)
    return _per_model([_prg_area(_prg(t, C)) for t, C in _sweeps(s, pos, w)], one)


def _placements(s: np.ndarray, pos: np.ndarray, n1: int, n0: int,
                ) -> tuple[np.ndarray, np.ndarray]:
    """DeLong's placement values of one score: V10 (one per positive), V01 (per negative).

    ``V10_i`` is the share of negatives below positive ``i`` (ties one half),
    ``V01_j`` the share of positives above negative ``j``. One argsort, then
    linear passes over the groups of tied scores (their midranks).
    """
    n = s.shape[0]
    order = np.argsort(s)
    ps = pos[order]
    sv = s[order]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(sv[1:], sv[:-1], out=new[1:])
    del sv
    starts = np.flatnonzero(new)
    group = np.cumsum(new)
    group -= 1
    poscum = np.cumsum(ps)
    pos_before = np.empty(len(starts) + 1)  # positives below each group, then all of them
    pos_before[0] = 0
    pos_before[1:-1] = poscum[starts[1:] - 1]
    pos_before[-1] = n1
    below, upto = pos_before[:-1], pos_before[1:]
    neg_below = starts - below  # samples below the group that are negative
    neg_upto = np.r_[starts[1:], n] - upto
    v10 = (neg_below + neg_upto) / (2.0 * n0)  # per group: negatives below + half the tied
    v01 = (2.0 * n1 - below - upto) / (2.0 * n1)  # positives above + half the tied
    full = np.empty(n)
    full[order] = np.where(ps, v10[group], v01[group])
    return full[pos], full[~pos]


def delong_covariance(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Label = 1,
                      ) -> tuple[FloatArray, FloatArray]:
    r"""AUROC of each model and DeLong's estimate of their covariance matrix.

    With :math:`n_1` positives and :math:`n_0` negatives, the placement value of
    a positive is the share of negatives it outranks, :math:`V_{10}(x_i) =
    \frac{1}{n_0}\sum_j \psi(x_i, y_j)`, and that of a negative the share of
    positives that outrank it, :math:`V_{01}(y_j) = \frac{1}{n_1}\sum_i
    \psi(x_i, y_j)`, with :math:`\psi = 1, \tfrac12, 0` for a win, a tie and a
    loss. The AUROC is the mean of either, and

    .. math:: \widehat{\mathrm{Cov}} = \frac{S_{10}}{n_1} + \frac{S_{01}}{n_0},

    :math:`S_{10}` and :math:`S_{01}` the sample covariance matrices (divisor
    :math:`n - 1`) of the placement values across models. Placement values are
    midrank differences (Sun and Xu, 2014): one sort of each model's scores
    and linear passes over its groups of tied scores, :math:`O(n \log n)` per
    model.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,) or (n_models, n_samples)
    pos_label : int, bool or str, default=1

    Returns
    -------
    auc : ndarray of shape (n_models,)
    cov : ndarray of shape (n_models, n_models)

    Raises
    ------
    ValueError
        Fewer than two positives or two negatives (no variance can be
        estimated), or the errors of :func:`roc_auc`.

    References
    ----------
    DeLong, DeLong and Clarke-Pearson (1988), Biometrics 44, 837-845;
    Sun and Xu (2014), IEEE Signal Processing Letters 21, 1389-1393.

    Examples
    --------
    >>> auc, cov = delong_covariance([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    >>> auc.round(6).tolist(), round(float(cov[0, 0]), 6)
    ([0.888889], 0.024691)
    """
    s, pos, _, _ = _prepare(y_true, y_score, None, pos_label)
    n1, n0 = int(pos.sum()), int((~pos).sum())
    if n1 < 2 or n0 < 2:
        raise ValueError(f"DeLong's variance needs at least two positives and two negatives; "
                         f"got {n1} and {n0}")
    v10 = np.empty((len(s), n1))
    v01 = np.empty((len(s), n0))
    for r, row in enumerate(s):
        v10[r], v01[r] = _placements(row, pos, n1, n0)
    auc = v10.mean(axis=1)
    cov = np.atleast_2d(np.cov(v10)) / n1 + np.atleast_2d(np.cov(v01)) / n0
    return auc, cov


# ----------------------------------------------------------------------------- intervals

ROC_METHODS = ("delong", "logit", "hanley-mcneil", "bootstrap")
AP_METHODS = ("logit", "binomial", "bootstrap")


def _z(confidence: float) -> float:
    from scipy.stats import norm

    from .intervals import _check_confidence

    return float(norm.ppf(0.5 + _check_confidence(confidence) / 2))


def _bootstrap(stat: Callable[[np.ndarray, np.ndarray], float], s: np.ndarray, pos: np.ndarray,
               w: ArrayLike | None, n_resamples: int, random_state: Seed,
               confidence: float) -> FloatArray:
    """Stratified bootstrap replicates of ``stat(thresholds, C)``: shape (n_models, B)."""
    from .intervals import _check_confidence, _check_positive_int, _check_tails, _rng

    B = _check_tails(_check_positive_int(n_resamples, "n_resamples"),
                     _check_confidence(confidence))
    rng = _rng(random_state)
    ip, ineg = np.flatnonzero(pos), np.flatnonzero(~pos)
    base = np.ones(len(pos)) if w is None else np.asarray(w, dtype=np.float64)
    out = np.empty((len(s), B))
    for b in range(B):
        counts = np.zeros(len(pos))
        counts[ip] = np.bincount(rng.integers(0, len(ip), len(ip)), minlength=len(ip))
        counts[ineg] = np.bincount(rng.integers(0, len(ineg), len(ineg)), minlength=len(ineg))
        counts *= base
        if counts[ip].sum() == 0 or counts[ineg].sum() == 0:
            out[:, b] = np.nan
            continue
        for r, row in enumerate(s):
            out[r, b] = stat(*_sweep_weights(row, pos, counts))
    return out


def _interval(low: ArrayLike, high: ArrayLike, est: ArrayLike, share: ArrayLike,
              confidence: float, method: str, one: bool) -> Interval:
    from .intervals import Interval

    low, high = np.clip(low, 0.0, 1.0), np.clip(high, 0.0, 1.0)
    pick = (lambda v: float(np.asarray(v)[0])) if one else (lambda v: np.asarray(v, float))
    return Interval(pick(low), pick(high), pick(est), pick(share), float(confidence), method)


def _percentile(reps: ArrayLike, est: ArrayLike, confidence: float,
                ) -> tuple[FloatArray, FloatArray, FloatArray]:
    from .intervals import percentile_interval

    return percentile_interval(reps, confidence, estimate=est)


def _logit_bounds(est: FloatArray, se_logit: FloatArray, z: float,
                  ) -> tuple[FloatArray, FloatArray]:
    """``expit(logit(est) -+ z se_logit)``; the estimate itself where it is 0 or 1."""
    inside = (est > 0) & (est < 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        centre = np.log(est / (1 - est))
        low = np.where(inside, 1 / (1 + np.exp(-(centre - z * se_logit))), est)
        high = np.where(inside, 1 / (1 + np.exp(-(centre + z * se_logit))), est)
    return low, high


def _bootstrap_interval(stat: Callable[[np.ndarray], float], est: FloatArray, s: np.ndarray,
                        pos: np.ndarray, n_resamples: int, random_state: Seed,
                        confidence: float, method: str, one: bool) -> Interval:
    reps = _bootstrap(lambda t, C: stat(C), s, pos, None, n_resamples, random_state,
                      confidence)
    low, high, share = _percentile(reps, est, confidence)
    return _interval(low, high, est, share, confidence, method, one)


def roc_auc_interval(y_true: ArrayLike, y_score: ArrayLike, *, confidence: float = 0.95,
                     method: str = "delong", n_resamples: int = 2000,
                     random_state: Seed = None, pos_label: Label = 1) -> Interval:
    r"""Confidence interval for the AUROC of each model.

    Methods:

    * ``"delong"``: :math:`\widehat{A} \pm z\,\widehat{se}`, with DeLong's
      variance (:func:`delong_covariance`), clipped to [0, 1];
    * ``"logit"``: the same variance on the logit scale,
      :math:`\mathrm{expit}(\mathrm{logit}\,\widehat{A} \pm z\,\widehat{se} /
      (\widehat{A}(1 - \widehat{A})))`, which stays inside (0, 1) (degenerate at
      :math:`\widehat{A} \in \{0, 1\}`);
    * ``"hanley-mcneil"``: the variance of Hanley and McNeil (1982), which
      assumes exponential score distributions:
      :math:`[A(1 - A) + (n_1 - 1)(Q_1 - A^2) + (n_0 - 1)(Q_2 - A^2)] / (n_1 n_0)`,
      :math:`Q_1 = A / (2 - A)`, :math:`Q_2 = 2A^2 / (1 + A)`;
    * ``"bootstrap"``: the percentile interval of a stratified bootstrap (each
      class resampled within itself, its size kept).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,) or (n_models, n_samples)
    confidence : float, default=0.95
    method : {"delong", "logit", "hanley-mcneil", "bootstrap"}, default="delong"
    n_resamples : int, default=2000
        Bootstrap replicates (``"bootstrap"`` only).
    random_state : None, int or numpy.random.Generator
    pos_label : int, bool or str, default=1

    Returns
    -------
    Interval
        ``(low, high)`` with ``estimate`` (the AUROC), ``undefined_share`` (0,
        or the share of bootstrap replicates without a class), ``confidence``
        and ``method``; floats, or arrays of shape (n_models,).

    References
    ----------
    DeLong, DeLong and Clarke-Pearson (1988); Hanley and McNeil (1982).

    Examples
    --------
    >>> y = [0, 0, 1, 1, 0, 1, 0, 0]
    >>> s = [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.3, 0.5]
    >>> low, high = roc_auc_interval(y, s)
    >>> round(low, 3), round(high, 3)
    (0.56, 1.0)
    """
    if method not in ROC_METHODS:
        raise ValueError(f"method must be one of {ROC_METHODS}; got {method!r}")
    z = _z(confidence)
    s, pos, _, one = _prepare(y_true, y_score, None, pos_label)
    n1, n0 = int(pos.sum()), int((~pos).sum())
    if method == "bootstrap":
        est = np.array([_roc_area(C) for _, C in _sweeps(s, pos, None)])
        return _bootstrap_interval(_roc_area, est, s, pos, n_resamples, random_state,
                                   confidence, method, one)
    if method == "hanley-mcneil":
        A = np.array([_roc_area(C) for _, C in _sweeps(s, pos, None)])
        q1, q2 = A / (2 - A), 2 * A**2 / (1 + A)
        var = (A * (1 - A) + (n1 - 1) * (q1 - A**2) + (n0 - 1) * (q2 - A**2)) / (n1 * n0)
    else:
        A, cov = delong_covariance(y_true, s, pos_label=pos_label)
        var = np.diag(cov)
    se = np.sqrt(np.maximum(var, 0.0))
    if method == "logit":  # the delta method: se of logit(A) is se / (A (1 - A))
        with np.errstate(divide="ignore", invalid="ignore"):
            low, high = _logit_bounds(A, se / (A * (1 - A)), z)
    else:
        low, high = A - z * se, A + z * se
    return _interval(low, high, A, np.zeros_like(A), confidence, method, one)


def average_precision_interval(y_true: ArrayLike, y_score: ArrayLike, *,
                               confidence: float = 0.95, method: str = "logit",
                               n_resamples: int = 2000, random_state: Seed = None,
                               pos_label: Label = 1) -> Interval:
    r"""Confidence interval for the average precision of each model.

    Methods (Boyd, Eng and Page, 2013):

    * ``"logit"``: :math:`\mathrm{expit}(\mathrm{logit}\,\widehat{\mathrm{AP}} \pm z\,\tau)`,
      :math:`\tau = 1 / \sqrt{n_1\,\widehat{\mathrm{AP}}(1 - \widehat{\mathrm{AP}})}`, with
      :math:`n_1` the number of positives;
    * ``"binomial"``:
      :math:`\widehat{\mathrm{AP}} \pm z\sqrt{\widehat{\mathrm{AP}}(1 - \widehat{\mathrm{AP}}) / n_1}`,
      clipped to [0, 1];
    * ``"bootstrap"``: the percentile interval of a stratified bootstrap.

    Parameters
    ----------
    y_true, y_score, confidence, n_resamples, random_state, pos_label
        As in :func:`roc_auc_interval`.
    method : {"logit", "binomial", "bootstrap"}, default="logit"

    Returns
    -------
    Interval

    References
    ----------
    Boyd, Eng and Page (2013), "Area under the precision-recall curve: point
    estimates and confidence intervals", ECML PKDD.

    Examples
    --------
    >>> y = [0, 0, 1, 1, 0, 1, 0, 0]
    >>> s = [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.3, 0.5]
    >>> low, high = average_precision_interval(y, s)
    >>> round(low, 3), round(high, 3)
    (0.189, 0.995)
    """
    if method not in AP_METHODS:
        raise ValueError(f"method must be one of {AP_METHODS}; got {method!r}")
    z = _z(confidence)
    s, pos, _, one = _prepare(y_true, y_score, None, pos_label)
    n1 = int(pos.sum())
    ap = np.array([_ap(C) for _, C in _sweeps(s, pos, None)])
    if method == "bootstrap":
        return _bootstrap_interval(_ap, ap, s, pos, n_resamples, random_state, confidence,
                                   method, one)
    if method == "binomial":
        half = z * np.sqrt(ap * (1 - ap) / n1)
        low, high = ap - half, ap + half
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            low, high = _logit_bounds(ap, 1 / np.sqrt(n1 * ap * (1 - ap)), z)
    return _interval(low, high, ap, np.zeros_like(ap), confidence, method, one)


def compare_roc_auc(y_true: ArrayLike, score_a: ArrayLike, score_b: ArrayLike | None = None,
                    *, confidence: float = 0.95, pos_label: Label = 1) -> Comparison:
    r"""Paired comparison of AUROCs on the same samples: DeLong's test and interval.

    For two models A and B scored on the same samples,

    .. math::

        z = \frac{\widehat{A}_A - \widehat{A}_B}
                 {\sqrt{\widehat{V}_{AA} + \widehat{V}_{BB} - 2\widehat{V}_{AB}}},

    with :math:`\widehat V` DeLong's covariance (:func:`delong_covariance`); the
    interval of the difference is :math:`\widehat{A}_A - \widehat{A}_B \pm z_{1-\gamma/2}\,
    \widehat{se}`, and the two-sided p-value is :math:`2\,(1 - \Phi(|z|))`.
    ``prob_better`` is :math:`\Phi(z)`: the probability that A's AUROC is the
    larger under a flat prior on the difference and the normal approximation.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    score_a : array-like of shape (n_samples,), or (n_models, n_samples) to compare
        every pair of models (then ``score_b`` must be None)
    score_b : array-like of shape (n_samples,), default=None
    confidence : float, default=0.95
    pos_label : int, bool or str, default=1

    Returns
    -------
    Comparison
        ``(low, high)`` of AUROC(A) - AUROC(B), with ``difference``,
        ``prob_better``, ``undefined_share`` (0), ``confidence``, ``method``
        ("delong"), and the attributes ``z`` and ``p_value``. For a 2-D
        ``score_a`` every field is an ``(n_models, n_models)`` array whose entry
        ``[i, j]`` compares model ``i`` with model ``j``.

    References
    ----------
    DeLong, DeLong and Clarke-Pearson (1988).

    Examples
    --------
    >>> y = [0, 0, 1, 1, 0, 1, 0, 0, 1, 0]
    >>> a = [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.3, 0.5, 0.7, 0.6]
    >>> b = [0.3, 0.2, 0.4, 0.5, 0.6, 0.7, 0.1, 0.8, 0.9, 0.45]
    >>> c = compare_roc_auc(y, a, b)
    >>> round(c.difference, 4), round(c.p_value, 3)
    (0.125, 0.399)
    """
    from scipy.stats import norm

    from .intervals import Comparison

    zq = _z(confidence)
    a = np.asarray(score_a)
    pair = score_b is not None
    if pair:
        if a.ndim != 1:
            raise ValueError("score_a must be 1-D when score_b is given")
        b = np.asarray(score_b)
        if b.shape != a.shape:
            raise ValueError(f"score_a and score_b have different shapes: {a.shape} != "
                             f"{b.shape}")
        S = np.stack([a, b])
    else:
        if a.ndim != 2 or a.shape[0] < 2:
            raise ValueError("give score_b, or a 2-D score_a with at least two models")
        S = a
    auc, cov = delong_covariance(y_true, S, pos_label=pos_label)
    diff = auc[:, None] - auc[None, :]
    var = np.diag(cov)[:, None] + np.diag(cov)[None, :] - 2 * cov
    se = np.sqrt(np.maximum(var, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        z = diff / se
    z = np.where((se == 0) & (diff == 0), 0.0, z)
    p = 2 * norm.sf(np.abs(z))
    prob = norm.cdf(z)
    low, high = np.clip(diff - zq * se, -1, 1), np.clip(diff + zq * se, -1, 1)
    pick = (lambda v: float(v[0, 1])) if pair else (lambda v: v)
    out = Comparison(pick(low), pick(high), pick(diff), pick(prob),
                     pick(np.zeros_like(diff)), float(confidence), "delong")
    out.z, out.p_value = pick(z), pick(p)
    return out
