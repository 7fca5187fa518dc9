r"""From the test set to deployment: another prevalence, stated costs, a chosen threshold.

A classifier evaluated on a test set is used on a population whose class mix
may differ (a screening test evaluated on a case-control sample) and whose
errors have costs. This module re-expresses a confusion matrix for that
population and chooses the operating point that the costs call for:

- :func:`matrix_at_prevalence` and :func:`at_prevalence`: the matrix, and any
  metric of it, expected at another prevalence under a **pure prior shift**
  (the class-conditional distributions, hence each class's rates, are held;
  only the class shares move);
- :func:`expected_cost` (with :func:`expected_cost_interval`), the cost per
  case of a matrix for a cost matrix ``costs[i, j]`` (true class ``i``
  predicted as ``j``), at the test set's or another prevalence;
- :func:`bayes_threshold` and :func:`cost_threshold`: the cost-optimal
  threshold of calibrated probabilities, and the exact minimiser of the
  expected cost over all cuts of a score;
- scikit-learn scorers of both (:mod:`imbalance_lib.deployment_scorers`).

Calibrated probabilities moved to another prior (``adjust_prior``), net benefit
and cost curves are in :mod:`imbalance_lib.decision`. Intervals
of any metric at a deployment prevalence: ``confidence_interval(C, metric,
prevalence=...)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from ._checks import check_matrix, finish, mark_validated, reject_masked
from ._prior import check_prevalence, shift_matrix
from ._typing import ArrayLike, FloatArray, Label, Metric, Result, Seed, ZeroDivision
from .intervals import Interval, confidence_interval
from .registry import resolve
from .thresholds import optimal_operating_point

__all__ = [
    "matrix_at_prevalence", "at_prevalence", "expected_cost", "expected_cost_interval",
    "bayes_threshold", "cost_threshold", "CostPoint",
]


def matrix_at_prevalence(C: ArrayLike, prevalence: ArrayLike) -> FloatArray:
    r"""The confusion matrix expected at another prevalence, each class's rates held.

    Under a pure prior shift (the inputs of each class are distributed as in
    the test set; only the class shares change) row :math:`i` keeps its rates
    :math:`c_{ij}/n_i` and takes the share :math:`\pi'_i` of the :math:`n`
    cases: :math:`c'_{ij} = n\,\pi'_i\,c_{ij}/n_i`. For two classes,
    :math:`\mathrm{TP}' = n\pi\,\mathrm{TPR}`, :math:`\mathrm{FN}' =
    n\pi(1-\mathrm{TPR})`, :math:`\mathrm{FP}' = n(1-\pi)(1-\mathrm{TNR})`,
    :math:`\mathrm{TN}' = n(1-\pi)\mathrm{TNR}`.

    Parameters
    ----------
    C : array-like of shape (..., k, k)
        Confusion matrices (rows true classes); every class needs at least one
        sample (its rates are unknown otherwise).
    prevalence : float or array-like
        Two classes: the share of the positive class (index 1), strictly
        between 0 and 1, a number or an array that broadcasts with
        ``C.shape[:-2]``. ``k > 2`` classes: the share of every class, shape
        ``(..., k)``, each strictly between 0 and 1, summing to 1.

    Returns
    -------
    ndarray of shape broadcast(C.shape[:-2], prevalence's leading shape) + (k, k)
        Real-valued counts with the same total as each matrix of ``C``.

    Raises
    ------
    ValueError
        A malformed matrix, a class with no samples, a prevalence outside
        (0, 1), not numeric or not finite, a scalar prevalence for ``k > 2``,
        shares that do not sum to 1.

    Examples
    --------
    >>> matrix_at_prevalence([[80, 20], [2, 8]], 0.5).tolist()
    [[44.0, 11.0], [11.0, 44.0]]
    """
    C = check_matrix(C)
    shares = check_prevalence(prevalence, C.shape[-1])
    return shift_matrix(C, shares)


def _metric_function(metric: Metric, params: dict[str, Any]) -> Callable[[FloatArray], Any]:
    func, params = resolve(metric, params)
    return lambda stack: func(stack, **params)


def at_prevalence(C: ArrayLike, metric: Metric, prevalence: ArrayLike, **params: Any) -> Any:
    r"""A metric of the confusion matrix expected at another prevalence.

    The metric is evaluated on :func:`matrix_at_prevalence`\ ``(C, prevalence)``:
    a **pure prior shift**, in which each class keeps its rates (TPR and TNR
    for two classes) and only the class shares move. Metrics that are functions
    of the rates alone (TPR, TNR, balanced accuracy, G-mean, IBA, ...) do not
    change; precision, F1, MCC, accuracy and kappa do. The calibrated precision
    of Siblini et al. (2020) is ``at_prevalence(C, "precision", pi_0)``.

    Parameters
    ----------
    C : array-like of shape (..., k, k)
        Confusion matrices, rows true classes, every class with a sample.
    metric : str or callable
        A registry name (its default parameters from :data:`imbalance_lib.METRICS`
        apply unless given in ``params``) or a function of a stack of matrices.
    prevalence : float or array-like
        As in :func:`matrix_at_prevalence`: broadcasts with ``C.shape[:-2]``
        (an array of prevalences for one matrix gives a curve).
    **params
        Parameters of the metric (``zero_division``, ``alpha``, ...).

    Returns
    -------
    float or ndarray
        The metric of each shifted matrix.

    Raises
    ------
    ValueError
        As in :func:`matrix_at_prevalence`; an unknown metric name.

    References
    ----------
    Siblini, Fréry, He-Guelton, Oblé and Wang (2020), "Master your metrics with
    calibration"; Moreno-Torres et al. (2012) on dataset shift.

    Examples
    --------
    >>> C = [[80, 20], [2, 8]]   # TPR 0.8, TNR 0.8 on a test set with 10 of 110 positive
    >>> round(at_prevalence(C, "precision", 0.5), 12)
    0.8
    >>> at_prevalence(C, "tpr", [0.01, 0.5]).round(12).tolist()
    [0.8, 0.8]
    """
    func = _metric_function(metric, params)
    # the shifted stack is made here from a checked one (finite, non-negative, each
    # matrix's total kept): the metric need not check it again
    return func(mark_validated(matrix_at_prevalence(C, prevalence)))


def _check_costs(costs: ArrayLike, k: int) -> FloatArray:
    """Costs of shape ``(..., k, k)``: real, finite, non-negative."""
    reject_masked(costs, "costs")
    raw = np.asarray(costs)
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"costs must be real numbers; got dtype {raw.dtype}")
    c = raw.astype(np.float64)
    if c.ndim < 2 or c.shape[-2:] != (k, k):
        raise ValueError(f"costs must have shape (..., {k}, {k}) to match the confusion "
                         f"matrix (costs[i, j]: true class i predicted as j); got {c.shape}")
    if not np.isfinite(c).all():
        raise ValueError("costs hold nan or inf")
    if (c < 0).any():
        raise ValueError("costs hold a negative entry; state a benefit as a smaller cost "
                         "(costs are compared, so adding a constant to a row changes no choice)")
    return c


_COST_LIMIT = 1e250  # costs above this are scaled before multiplying counts (up to 1e50)


def _row_cost(C: FloatArray, c: FloatArray, i: int) -> FloatArray:
    """``sum_j C[..., i, j] * c[i, j]`` over the non-zero costs of row ``i``."""
    terms = [C[..., i, j] if c[i, j] == 1 else C[..., i, j] * c[i, j]
             for j in (0, 1) if c[i, j] != 0]
    if not terms:
        return np.zeros(C.shape[:-2])
    return terms[0] if len(terms) == 1 else terms[0] + terms[1]


def expected_cost(C: ArrayLike, costs: ArrayLike, *, prevalence: ArrayLike | None = None,
                  zero_division: ZeroDivision = "warn") -> Result:
    r"""Expected cost per case of the classifier of each confusion matrix.

    .. math:: \mathrm{EC} = \frac{1}{n}\sum_{i,j} c_{ij}\,\mathrm{cost}_{ij}
              = \sum_i \pi_i \sum_j \frac{c_{ij}}{n_i}\,\mathrm{cost}_{ij},

    with ``costs[i, j]`` the cost of predicting class ``j`` for a case of class
    ``i`` and :math:`\pi_i` the class shares: the test set's own
    (:math:`n_i/n`), or ``prevalence`` (a pure prior shift, as in
    :func:`at_prevalence`). For two classes with zero cost for correct
    decisions, :math:`\mathrm{EC} = \pi\,c_{\mathrm{FN}}(1-\mathrm{TPR}) +
    (1-\pi)\,c_{\mathrm{FP}}(1-\mathrm{TNR})`.

    Parameters
    ----------
    C : array-like of shape (..., k, k)
        Confusion matrices, rows true classes.
    costs : array-like of shape (..., k, k)
        Non-negative finite costs; broadcast with ``C``.
    prevalence : float or array-like, default=None
        As in :func:`matrix_at_prevalence`; ``None`` keeps the test set's mix.
    zero_division : "warn", float or nan, default="warn"
        Value for an empty matrix (:math:`n = 0`), as for every metric.

    Returns
    -------
    float or ndarray
        Cost per case.

    Raises
    ------
    ValueError
        A malformed matrix; costs negative, not finite, not numbers or of the
        wrong shape; a bad prevalence (see :func:`matrix_at_prevalence`).

    References
    ----------
    Elkan (2001), "The foundations of cost-sensitive learning".

    Examples
    --------
    >>> C = [[80, 20], [2, 8]]
    >>> expected_cost(C, [[0, 1], [10, 0]])   # (20 * 1 + 2 * 10) / 110
    0.36363636363636365
    >>> round(expected_cost(C, [[0, 1], [10, 0]], prevalence=0.5), 6)  # 1 + 0.1
    1.1
    """
    C = check_matrix(C)
    k = C.shape[-1]
    c = _check_costs(costs, k)
    # the cost per case is an average of costs: huge costs are scaled down first (and the
    # result back up), so that no product overflows
    top = float(c.max()) if c.size else 0.0
    scale = top if top > _COST_LIMIT else 1.0
    c = c / scale if scale != 1.0 else c
    if k == 2 and c.ndim == 2:  # four count columns, zero costs skipped
        if prevalence is None:
            num = _row_cost(C, c, 0) + _row_cost(C, c, 1)
            n = (C[..., 0, 0] + C[..., 0, 1]) + (C[..., 1, 0] + C[..., 1, 1])
        else:  # sum_i pi_i (row i's cost) / n_i: the shifted matrix is never built
            pi = check_prevalence(prevalence, 2)
            n0 = C[..., 0, 0] + C[..., 0, 1]
            n1 = C[..., 1, 0] + C[..., 1, 1]
            if (n0 == 0).any() or (n1 == 0).any():
                shift_matrix(C, pi)  # raises, naming the empty class
            num = pi[..., 0] * (_row_cost(C, c, 0) / n0) + pi[..., 1] * (_row_cost(C, c, 1) / n1)
            n = np.ones(np.shape(num))
    else:
        if prevalence is not None:
            C = shift_matrix(C, check_prevalence(prevalence, k))
        num = (C * c).sum(axis=(-2, -1))
        n = np.broadcast_to(C.sum(axis=(-2, -1)), num.shape)
    empty = n == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        values = num / n
    if scale != 1.0:
        values = values * scale
    return finish(values, empty, zero_division, name="expected cost", what="n = 0")


def expected_cost_interval(C: ArrayLike, costs: ArrayLike, *,
                           prevalence: ArrayLike | None = None, confidence: float = 0.95,
                           method: str = "bayes", n_resamples: int = 2000,
                           prior: float | None = None, random_state: Seed = None) -> Interval:
    """Interval for the expected cost per case of each confusion matrix.

    :func:`imbalance_lib.confidence_interval` of :func:`expected_cost`: the
    rows are resampled with their sizes held (``method="bayes"``, the
    default), so the interval is that of the cost at the test set's class mix,
    or at ``prevalence``. For the cost of an i.i.d. test set's own random mix
    use ``method="bayes-whole"``.

    Parameters
    ----------
    C : array-like of shape (..., k, k)
        Confusion matrices.
    costs : array-like of shape (k, k)
        As in :func:`expected_cost`.
    prevalence : float or array-like, default=None
        As in :func:`matrix_at_prevalence`; one per matrix or one for all.
    confidence, method, n_resamples, prior, random_state
        As in :func:`imbalance_lib.confidence_interval`.

    Returns
    -------
    Interval

    Examples
    --------
    >>> iv = expected_cost_interval([[80, 20], [2, 8]], [[0, 1], [10, 0]], random_state=0)
    >>> round(iv.estimate, 4), bool(iv.low < iv.estimate < iv.high)
    (0.3636, True)
    """
    check = check_matrix(C)
    c = _check_costs(costs, check.shape[-1])

    def cost(stack: FloatArray) -> Result:
        return expected_cost(stack, c, zero_division=np.nan)

    return confidence_interval(C, cost, prevalence=prevalence, confidence=confidence,
                               method=method, n_resamples=n_resamples, prior=prior,
                               random_state=random_state)


def bayes_threshold(costs: ArrayLike) -> float:
    r"""The cost-optimal threshold of calibrated probabilities of the positive class.

    A case with probability :math:`p` of being positive costs
    :math:`p\,c_{11} + (1-p)\,c_{01}` in expectation if predicted positive and
    :math:`p\,c_{10} + (1-p)\,c_{00}` if predicted negative; predicting
    positive is no worse when

    .. math:: p \ge t^* = \frac{c_{01} - c_{00}}{(c_{01} - c_{00}) + (c_{10} - c_{11})},

    which is :math:`c_{\mathrm{FP}}/(c_{\mathrm{FP}} + c_{\mathrm{FN}})` when correct decisions cost
    nothing (Elkan 2001, Section 1.3). Probabilities calibrated for another
    prevalence must first be moved with :func:`imbalance_lib.adjust_prior`.

    Parameters
    ----------
    costs : array-like of shape (2, 2)
        ``costs[i, j]``: true class ``i`` predicted as ``j``; errors must cost
        more than the correct decisions of the same class.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        Costs of the wrong shape, negative or not finite, or an error that
        costs no more than the correct decision (no threshold is then optimal
        for every calibrated model: one decision always wins).

    Examples
    --------
    >>> bayes_threshold([[0, 1], [9, 0]])
    0.1
    """
    c = _check_costs(costs, 2)
    if c.ndim != 2:
        raise ValueError(f"costs must have shape (2, 2); got {c.shape}")
    fp, fn = c[0, 1] - c[0, 0], c[1, 0] - c[1, 1]
    if fp <= 0 or fn <= 0:
        raise ValueError("each error must cost more than the correct decision of its class "
                         f"(c01 > c00 and c10 > c11); got costs {c.tolist()}")
    return float(fp / (fp + fn))


class CostPoint(NamedTuple):
    """The cut of a score with the least expected cost (see :func:`cost_threshold`)."""

    threshold: float
    """Predict positive when ``score >= threshold``."""
    cost: float
    """Expected cost per case at the cut (at ``prevalence`` if given)."""
    matrix: np.ndarray
    """The cut's confusion matrix ``[[TN, FP], [FN, TP]]`` on the data."""
    index: int  # type: ignore[assignment]
    """Position of the cut in :func:`imbalance_lib.threshold_sweep`'s output."""


def cost_threshold(y_true: ArrayLike, y_score: ArrayLike, costs: ArrayLike, *,
                   prevalence: ArrayLike | None = None, pos_label: Label = 1,
                   sample_weight: ArrayLike | None = None) -> CostPoint:
    r"""The threshold of a score with the least expected cost on the given data.

    Exact: every distinct cut of the score (:func:`imbalance_lib.threshold_sweep`)
    is costed with :func:`expected_cost` in one vectorised call and the least
    one is returned, ties as in :func:`imbalance_lib.optimal_operating_point`
    (the lowest threshold among costs equal to within 1e-12; the threshold is
    the midpoint between the cut's neighbouring scores). For calibrated
    probabilities on a large sample the chosen threshold approaches
    :func:`bayes_threshold`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two classes; ``pos_label`` is the positive one.
    y_score : array-like of shape (n_samples,)
        Finite scores, higher meaning more positive.
    costs : array-like of shape (2, 2)
        ``costs[i, j]`` (true ``i``, predicted ``j``), non-negative.
    prevalence : float, default=None
        Cost at this positive share (a pure prior shift); ``None``: the data's.
    pos_label : int, bool or str, default=1
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    CostPoint
        ``(threshold, cost, matrix, index)``.

    Raises
    ------
    ValueError
        As in :func:`imbalance_lib.optimal_operating_point` (a single class
        among them) and :func:`expected_cost`.

    Examples
    --------
    >>> cp = cost_threshold([0, 0, 0, 1, 1], [0.1, 0.3, 0.6, 0.4, 0.9], [[0, 1], [5, 0]])
    >>> cp.threshold, cp.cost
    (0.35, 0.2)
    """
    c = _check_costs(costs, 2)
    if c.ndim != 2:
        raise ValueError(f"costs must have shape (2, 2); got {c.shape}")
    shares = None if prevalence is None else check_prevalence(prevalence, 2)
    if shares is not None and shares.ndim != 1:
        raise ValueError(f"prevalence must be one number here; got shape {shares.shape[:-1]}")

    top = float(c.max())
    scale = top if top > _COST_LIMIT else 1.0  # as in expected_cost: no overflow

    def minus_cost(stack: FloatArray) -> FloatArray:
        # every cut of a sweep has the same class sizes n_i and total n: the cost per
        # case is sum_ij C_ij w_ij / n, with w = costs at the data's mix, or with row i's
        # costs weighted by pi_i n / n_i at the prevalence pi (expected_cost's formula,
        # with the totals of the sweep taken once)
        sizes = stack[0].sum(axis=-1)
        n = sizes.sum()
        w = c / scale
        if shares is not None:
            if (sizes == 0).any():
                shift_matrix(stack[:1], shares)  # raises, naming the empty class
            w = w * (shares * n / sizes)[:, None]
        total = _row_cost(stack, w, 0) + _row_cost(stack, w, 1)
        return np.asarray(total * (-scale / n), dtype=np.float64)

    op = optimal_operating_point(y_true, y_score, metric=minus_cost, pos_label=pos_label,
                                 sample_weight=sample_weight)
    return CostPoint(op.threshold, float(-op.score), op.matrix, op.index)
