r"""Decisions from probabilities: prior correction, decision curves and cost curves.

- :func:`adjust_prior`: calibrated probabilities moved to another class prior
  (Bayes' rule; the correction after undersampling).
- :func:`net_benefit` (Vickers and Elkin 2006): at a threshold probability
  :math:`p_t` the benefit of a true positive is weighed against the harm of a
  false positive in the ratio the threshold implies,
  :math:`\mathrm{NB}(p_t) = \mathrm{TP}/n - \mathrm{FP}/n \cdot p_t/(1-p_t)`,
  beside the two strategies that use no model (treat everyone, treat no one);
  :func:`net_benefit_interval` gives its pointwise interval.
- :func:`cost_curve` (Drummond and Holte 2006): the normalised expected cost
  of the best cut of a score as a function of the probability cost
  :math:`\mathrm{PC}(+)` (the lower envelope of the cuts' cost lines);
  :func:`probability_cost` maps costs and a prevalence to it;
  :func:`cost_curve_interval` gives its pointwise band.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._checks import reject_masked
from ._prior import check_prevalence
from ._typing import ArrayLike, FloatArray, Label, Seed
from .intervals import (
    _check_confidence,
    _check_positive_int,
    _check_tails,
    _rng,
    percentile_interval,
)
from .thresholds import _check_scores, _positive_mask, threshold_sweep

__all__ = ["adjust_prior", "net_benefit", "net_benefit_interval", "NetBenefit", "cost_curve",
           "CostCurve", "cost_curve_interval", "probability_cost"]


class NetBenefit(NamedTuple):
    """Net benefit of a model and of the two strategies without one, per threshold."""

    thresholds: FloatArray
    """The threshold probabilities :math:`p_t`."""
    model: FloatArray
    """Net benefit of treating the cases whose probability is at least :math:`p_t`."""
    treat_all: FloatArray
    """Net benefit of treating everyone: :math:`\\pi - (1-\\pi)\\,p_t/(1-p_t)`."""
    treat_none: FloatArray
    """Net benefit of treating no one: 0."""


def _check_probabilities(y_score: ArrayLike) -> FloatArray:
    s = _check_scores(y_score)
    if ((s < 0) | (s > 1)).any():
        raise ValueError("y_score holds values outside [0, 1]: net benefit compares "
                         "predicted probabilities with threshold probabilities")
    return s


def _check_thresholds(thresholds: ArrayLike) -> FloatArray:
    reject_masked(thresholds, "thresholds")
    raw = np.asarray(thresholds)
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"thresholds must be real numbers; got dtype {raw.dtype}")
    t = raw.astype(np.float64)
    if t.ndim > 1:
        raise ValueError(f"thresholds must be a number or a 1-D array; got shape {t.shape}")
    if not np.isfinite(t).all() or ((t < 0) | (t >= 1)).any():
        raise ValueError("thresholds must be probabilities in [0, 1) (at 1 a false "
                         "positive would weigh infinitely)")
    return t


def _counts_at(y_true: ArrayLike, s: FloatArray, t: FloatArray,
               pos_label: Label) -> tuple[FloatArray, FloatArray, int, int]:
    """TP and FP of "positive if s >= t" for every t: two sorts, two binary searches."""
    pos = _positive_mask(y_true, pos_label, s.shape[0])
    sp, sn = np.sort(s[pos]), np.sort(s[~pos])
    tp = sp.shape[0] - np.searchsorted(sp, t, side="left")
    fp = sn.shape[0] - np.searchsorted(sn, t, side="left")
    return tp.astype(float), fp.astype(float), sp.shape[0], sn.shape[0]


def net_benefit(y_true: ArrayLike, y_score: ArrayLike, thresholds: ArrayLike, *,
                pos_label: Label = 1) -> NetBenefit:
    r"""Net benefit of a model's probabilities at every threshold probability.

    .. math:: \mathrm{NB}(p_t) = \frac{\mathrm{TP}(p_t)}{n}
              - \frac{\mathrm{FP}(p_t)}{n}\,\frac{p_t}{1 - p_t},

    where the model treats a case when its probability is at least
    :math:`p_t`. Treating everyone gives :math:`\pi - (1-\pi)\,p_t/(1-p_t)`
    (:math:`\pi` the share of positives), treating no one gives 0. A model is
    worth using at :math:`p_t` where its net benefit exceeds both. The weight
    :math:`p_t/(1-p_t)` is the ratio of the harm of a false positive to the
    benefit of a true positive that makes :math:`p_t` the optimal threshold
    (:func:`imbalance_lib.bayes_threshold`), so net benefit is, up to a
    constant, minus the expected cost of :func:`imbalance_lib.expected_cost`
    with :math:`c_{\mathrm{FP}}/c_{\mathrm{FN}} = p_t/(1-p_t)`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two classes at most; ``pos_label`` the positive one.
    y_score : array-like of shape (n_samples,)
        Predicted probabilities of the positive class, in [0, 1].
    thresholds : float or array-like of shape (m,)
        Threshold probabilities in [0, 1).
    pos_label : int, bool or str, default=1

    Returns
    -------
    NetBenefit
        ``(thresholds, model, treat_all, treat_none)``, arrays of shape (m,).

    Raises
    ------
    ValueError
        Probabilities outside [0, 1] or not finite, thresholds outside [0, 1),
        labels as in :func:`imbalance_lib.threshold_sweep`, a masked array.

    References
    ----------
    Vickers and Elkin (2006), "Decision curve analysis: a novel method for
    evaluating prediction models", Medical Decision Making 26(6).

    Examples
    --------
    >>> nb = net_benefit([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9], [0.2, 0.5])
    >>> nb.model.tolist()   # 2/4 - 1/4 * 0.25 and 1/4 - 1/4 * 1
    [0.4375, 0.0]
    >>> nb.treat_all.tolist()   # 2/4 - 2/4 * 0.25 and 2/4 - 2/4 * 1
    [0.375, 0.0]
    """
    s = _check_probabilities(y_score)
    t = np.atleast_1d(_check_thresholds(thresholds))
    tp, fp, n_pos, n_neg = _counts_at(y_true, s, t, pos_label)
    n = n_pos + n_neg
    odds = t / (1 - t)
    model = tp / n - fp / n * odds
    treat_all = n_pos / n - n_neg / n * odds
    return NetBenefit(t, model, treat_all, np.zeros_like(t))


def net_benefit_interval(y_true: ArrayLike, y_score: ArrayLike, thresholds: ArrayLike, *,
                         confidence: float = 0.95, n_resamples: int = 2000,
                         prior: float = 1 / 3, pos_label: Label = 1,
                         random_state: Seed = None) -> tuple[FloatArray, FloatArray]:
    r"""Pointwise interval of the net benefit at each threshold probability.

    Net benefit depends on the share of positives, so the test set is taken
    as an i.i.d. sample of the population: at each threshold the shares of
    (TP, FP, the rest) get the posterior :math:`\mathrm{Dirichlet}(\mathrm{TP}
    + a, \mathrm{FP} + a, n - \mathrm{TP} - \mathrm{FP} + a)` (``a`` =
    ``prior``, Jeffreys-like 1/3 per cell), and the interval is the
    equal-tailed one of the resulting net benefits, widened to contain the
    estimate (as :func:`imbalance_lib.confidence_interval` does).

    Parameters
    ----------
    y_true, y_score, thresholds, pos_label
        As in :func:`net_benefit`.
    confidence : float, default=0.95
    n_resamples : int, default=2000
    prior : float, default=1/3
        Dirichlet weight per cell.
    random_state : None, int or numpy.random.Generator

    Returns
    -------
    (low, high) : two arrays of shape (m,)

    Examples
    --------
    >>> y = [0] * 80 + [1] * 20
    >>> p = [0.1] * 70 + [0.6] * 10 + [0.3] * 5 + [0.8] * 15
    >>> low, high = net_benefit_interval(y, p, [0.5], random_state=0)
    >>> bool(low[0] < 0.05 < high[0])   # estimate 15/100 - 10/100 = 0.05
    True
    """
    s = _check_probabilities(y_score)
    t = np.atleast_1d(_check_thresholds(thresholds))
    confidence = _check_confidence(confidence)
    B = _check_tails(_check_positive_int(n_resamples, "n_resamples"), confidence)
    _check_prior(prior)
    rng = _rng(random_state)
    tp, fp, n_pos, n_neg = _counts_at(y_true, s, t, pos_label)
    n = n_pos + n_neg
    odds = t / (1 - t)
    estimate = tp / n - fp / n * odds
    low, high = np.empty_like(t), np.empty_like(t)
    step = max(1, 2_000_000 // B)
    for a in range(0, t.shape[0], step):
        sl = slice(a, a + step)
        cells = np.stack([tp[sl], fp[sl], n - tp[sl] - fp[sl]], axis=-1) + prior
        g = rng.standard_gamma(cells[:, None, :], size=(cells.shape[0], B, 3))
        w = g / g.sum(axis=-1, keepdims=True)
        values = w[..., 0] - w[..., 1] * odds[sl, None]
        low[sl], high[sl], _ = percentile_interval(values, confidence, estimate=estimate[sl])
    return low, high


def _check_prior(prior: float) -> None:
    if isinstance(prior, bool) or not isinstance(prior, (int, float, np.floating)) \
            or not np.isfinite(prior) or prior <= 0:
        raise ValueError(f"prior must be a positive number; got {prior!r}")


def probability_cost(costs: ArrayLike, prevalence: float) -> float:
    r"""The probability cost :math:`\mathrm{PC}(+)` of Drummond and Holte (2006).

    .. math:: \mathrm{PC}(+) = \frac{\pi\,c_{\mathrm{FN}}}{\pi\,c_{\mathrm{FN}} + (1-\pi)\,c_{\mathrm{FP}}},

    with :math:`c_{\mathrm{FN}}` = ``costs[1, 0]`` and :math:`c_{\mathrm{FP}}` = ``costs[0, 1]``
    (correct decisions costing nothing): the one number of a cost curve's
    horizontal axis that costs and prevalence together decide.

    Parameters
    ----------
    costs : array-like of shape (2, 2)
        Non-negative; the diagonal must be zero and not both errors free.
    prevalence : float
        Share of positives, strictly between 0 and 1.

    Returns
    -------
    float

    Examples
    --------
    >>> probability_cost([[0, 1], [9, 0]], 0.1)
    0.5
    """
    from .deployment import _check_costs

    c = _check_costs(costs, 2)
    if c.ndim != 2 or c[0, 0] != 0 or c[1, 1] != 0 or c[0, 1] + c[1, 0] == 0:
        raise ValueError("costs must be one (2, 2) matrix with a zero diagonal and at least "
                         f"one costly error; got {c.tolist()}")
    pi = check_prevalence(prevalence, 2)
    if pi.ndim != 1:
        raise ValueError("prevalence must be one number here")
    p = float(pi[1])
    return float(p * c[1, 0] / (p * c[1, 0] + (1 - p) * c[0, 1]))


class CostCurve(NamedTuple):
    """The lower envelope of a score's cost lines (see :func:`cost_curve`)."""

    probability_cost: FloatArray
    """The points :math:`\\mathrm{PC}(+)` in [0, 1]."""
    normalized_cost: FloatArray
    """Least normalised expected cost over all cuts at each point."""
    threshold: FloatArray
    """A threshold of the least-cost cut at each point (``score >= threshold``)."""


def cost_curve(y_true: ArrayLike, y_score: ArrayLike, probability_cost: ArrayLike | None = None,
               *, pos_label: Label = 1) -> CostCurve:
    r"""Cost curve of a score: the least normalised expected cost at each probability cost.

    Each cut of the score, with false negative rate FNR and false positive
    rate FPR, is a line :math:`\mathrm{NEC}(x) = \mathrm{FNR}\,x +
    \mathrm{FPR}\,(1 - x)` over the probability cost :math:`x = \mathrm{PC}(+)`
    (:func:`probability_cost`); the score's cost curve is the lower envelope of
    these lines over every cut (:func:`imbalance_lib.threshold_sweep`, the two
    trivial classifiers included, so it never exceeds :math:`\min(x, 1-x)`).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Both classes present.
    y_score : array-like of shape (n_samples,)
        Finite scores, higher meaning more positive.
    probability_cost : array-like of shape (g,), default=None
        Points in [0, 1]; default 101 equally spaced points.
    pos_label : int, bool or str, default=1

    Returns
    -------
    CostCurve
        ``(probability_cost, normalized_cost, threshold)``; ties between cuts
        go to the first in sweep order (the lowest threshold).

    Raises
    ------
    ValueError
        Points outside [0, 1], a single class, labels or scores as in
        :func:`imbalance_lib.threshold_sweep`.

    References
    ----------
    Drummond and Holte (2006), "Cost curves: an improved method for visualizing
    classifier performance", Machine Learning 65(1).

    Examples
    --------
    >>> cc = cost_curve([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9], [0.0, 0.5, 1.0])
    >>> cc.normalized_cost.tolist()
    [0.0, 0.25, 0.0]
    """
    if probability_cost is None:
        x = np.linspace(0.0, 1.0, 101)
    else:
        x = _check_thresholds_closed(probability_cost)
    thresholds, Cs = threshold_sweep(y_true, y_score, pos_label=pos_label)
    n_neg, n_pos = Cs[0, 0].sum(), Cs[0, 1].sum()
    if n_neg == 0 or n_pos == 0:
        raise ValueError("y_true holds a single class: a cost curve needs both")
    fnr = np.ascontiguousarray(Cs[:, 1, 0]) / n_pos
    fpr = np.ascontiguousarray(Cs[:, 0, 1]) / n_neg
    best = np.empty(x.shape[0])
    where = np.zeros(x.shape[0], dtype=np.int64)
    best.fill(np.inf)
    step = max(1, 4_000_000 // max(x.shape[0], 1))
    for a in range(0, fnr.shape[0], step):  # cuts in blocks: (block, g) at a time
        lines = fnr[a:a + step, None] * x + fpr[a:a + step, None] * (1 - x)
        i = np.argmin(lines, axis=0)
        v = lines[i, np.arange(x.shape[0])]
        better = v < best
        best = np.where(better, v, best)
        where = np.where(better, i + a, where)
    return CostCurve(x, best, thresholds[where])


def cost_curve_interval(y_true: ArrayLike, y_score: ArrayLike,
                        probability_cost: ArrayLike | None = None, *,
                        confidence: float = 0.95, n_resamples: int = 2000,
                        prior: float = 1 / 3, pos_label: Label = 1,
                        random_state: Seed = None) -> tuple[FloatArray, FloatArray]:
    r"""Pointwise band of a cost curve: the cost of the cut it chooses at each point.

    At each probability cost :math:`x` the cost curve (:func:`cost_curve`)
    picks a cut with counts FN of :math:`P` positives and FP of :math:`N`
    negatives; its normalised cost is
    :math:`\mathrm{FNR}\,x + \mathrm{FPR}\,(1-x)`. A cost curve is a function
    of the two rates, so the class sizes are held: the rates get the posteriors
    :math:`\mathrm{FNR} \sim \mathrm{Beta}(\mathrm{FN} + a, \mathrm{TP} + a)`
    and :math:`\mathrm{FPR} \sim \mathrm{Beta}(\mathrm{FP} + a, \mathrm{TN} + a)`
    (``a`` = ``prior``, as in :func:`net_benefit_interval`), and the band is
    the equal-tailed interval of the resulting costs at each point, widened to
    contain the estimate. It is pointwise (not simultaneous over the points),
    and it is the band of the chosen cuts' costs with the cuts held: the choice
    of the cheapest cut on the same data is not resampled.

    Parameters
    ----------
    y_true, y_score, probability_cost, pos_label
        As in :func:`cost_curve`.
    confidence : float, default=0.95
    n_resamples : int, default=2000
    prior : float, default=1/3
        Beta weight per cell.
    random_state : None, int or numpy.random.Generator

    Returns
    -------
    (low, high) : two arrays of shape (g,)

    Raises
    ------
    ValueError
        As in :func:`cost_curve`; also a confidence outside (0, 1), too few
        resamples for its tails, or a prior that is not a positive number.

    Examples
    --------
    >>> y = [0] * 80 + [1] * 20
    >>> s = [0.1] * 70 + [0.6] * 10 + [0.3] * 5 + [0.8] * 15
    >>> low, high = cost_curve_interval(y, s, [0.5], random_state=0)
    >>> float(cost_curve(y, s, [0.5]).normalized_cost[0])   # cut at 0.2: (0 + 10/80) / 2
    0.0625
    >>> bool(low[0] < 0.0625 < high[0])
    True
    """
    confidence = _check_confidence(confidence)
    B = _check_tails(_check_positive_int(n_resamples, "n_resamples"), confidence)
    _check_prior(prior)
    cc = cost_curve(y_true, y_score, probability_cost, pos_label=pos_label)
    rng = _rng(random_state)
    s = _check_scores(y_score)
    pos = _positive_mask(y_true, pos_label, s.shape[0])
    sp, sn = np.sort(s[pos]), np.sort(s[~pos])
    n_pos, n_neg = sp.shape[0], sn.shape[0]
    fn = np.searchsorted(sp, cc.threshold, side="left").astype(float)  # below t: negative
    fp = n_neg - np.searchsorted(sn, cc.threshold, side="left").astype(float)
    x = cc.probability_cost
    low, high = np.empty_like(x), np.empty_like(x)
    step = max(1, 2_000_000 // B)
    for a in range(0, x.shape[0], step):
        sl = slice(a, a + step)
        k = x[sl].shape[0]
        fnr = rng.beta(fn[sl, None] + prior, n_pos - fn[sl, None] + prior, size=(k, B))
        fpr = rng.beta(fp[sl, None] + prior, n_neg - fp[sl, None] + prior, size=(k, B))
        values = fnr * x[sl, None] + fpr * (1 - x[sl, None])
        low[sl], high[sl], _ = percentile_interval(values, confidence,
                                                   estimate=cc.normalized_cost[sl])
    return low, high


def _check_thresholds_closed(points: ArrayLike) -> FloatArray:
    reject_masked(points, "probability_cost")
    raw = np.asarray(points)
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"probability_cost must be real numbers; got dtype {raw.dtype}")
    x = np.atleast_1d(raw.astype(np.float64))
    if x.ndim != 1:
        raise ValueError(f"probability_cost must be 1-D; got shape {x.shape}")
    if not np.isfinite(x).all() or ((x < 0) | (x > 1)).any():
        raise ValueError("probability_cost must lie in [0, 1]")
    return x


def adjust_prior(proba: ArrayLike, from_prevalence: ArrayLike,
                 to_prevalence: ArrayLike) -> FloatArray:
    r"""Calibrated probabilities moved from one class prior to another (Bayes' rule).

    A model calibrated where the classes have shares :math:`\pi_i` gives
    :math:`p_i(x)`; where they have shares :math:`\pi'_i` (the inputs of each
    class distributed as before) the posterior is

    .. math:: p'_i(x) = \frac{p_i(x)\,\pi'_i/\pi_i}{\sum_j p_j(x)\,\pi'_j/\pi_j}

    (Elkan 2001, Theorem 2; Saerens, Latinne and Decaestecker 2002). After
    undersampling the negatives (training share :math:`\pi_s` of positives,
    population share :math:`\pi`), ``adjust_prior(p, pi_s, pi)`` is the
    correction of Dal Pozzolo et al. (2015).

    Parameters
    ----------
    proba : array-like
        Shape ``(n,)``: probabilities of the positive class; shape ``(..., k)``:
        probabilities of each class (rows summing to 1, e.g. ``predict_proba``).
        Every entry in [0, 1].
    from_prevalence, to_prevalence : float or array-like
        The class shares the model was calibrated for and the target ones, as
        in :func:`imbalance_lib.matrix_at_prevalence`: the positive share for two classes (1-D
        ``proba`` or ``k = 2``), every class's share for ``k > 2``.

    Returns
    -------
    ndarray, the shape of ``proba``

    Raises
    ------
    ValueError
        Probabilities outside [0, 1], not finite or rows not summing to 1;
        prevalences as in :func:`imbalance_lib.matrix_at_prevalence`; a masked array.

    Examples
    --------
    >>> adjust_prior([0.5, 0.9], 0.5, 0.1).round(4).tolist()
    [0.1, 0.5]
    """
    reject_masked(proba, "proba")
    raw = np.asarray(proba)
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"proba must be real numbers; got dtype {raw.dtype}")
    p = raw.astype(np.float64)
    if p.ndim == 0:
        raise ValueError("proba must be an array of probabilities; got a scalar")
    if not np.isfinite(p).all():
        raise ValueError("proba holds nan or inf")
    if ((p < 0) | (p > 1)).any():
        raise ValueError("proba holds values outside [0, 1]: these are not probabilities")
    binary = p.ndim == 1
    k = 2 if binary else p.shape[-1]
    if not binary and (k < 2 or (np.abs(p.sum(axis=-1) - 1) > 1e-6).any()):
        raise ValueError("each row of a 2-D proba must hold the probabilities of k >= 2 "
                         "classes summing to 1 (a 1-D proba is the positive class's)")
    src = check_prevalence(from_prevalence, k, "from_prevalence")
    dst = check_prevalence(to_prevalence, k, "to_prevalence")
    shift = np.log(dst) - np.log(src)  # finite: every share lies in (0, 1)
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        if binary:  # on the log-odds scale: no overflow for extreme prevalences
            z = np.log(p) - np.log1p(-p) + (shift[..., 1] - shift[..., 0])
            return np.asarray(1.0 / (1.0 + np.exp(-z)), dtype=np.float64)
        logw = np.log(p) + shift  # a softmax of log p + log(pi' / pi)
        w = np.exp(logw - logw.max(axis=-1, keepdims=True))
    return np.asarray(w / w.sum(axis=-1, keepdims=True), dtype=np.float64)
