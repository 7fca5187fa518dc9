"""Scikit-learn scorers of the expected cost and of a metric at a deployment prevalence.

Both are built with ``sklearn.metrics.make_scorer`` (scikit-learn is imported when a
scorer is made) and plug into ``cross_val_score``, ``GridSearchCV`` and
``TunedThresholdClassifierCV``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ._checks import check_matrix
from ._prior import check_prevalence, shift_matrix
from ._typing import ArrayLike, FloatArray
from .confusion import confusion_with_classes
from .deployment import _check_costs, _metric_function, expected_cost
from .registry import METRICS

__all__ = ["cost_scorer", "prevalence_scorer"]


def _labelled_matrix(y_true: ArrayLike, y_pred: ArrayLike, labels: ArrayLike | None,
                     k: int) -> FloatArray:
    C, classes = confusion_with_classes(y_true, y_pred, labels=labels,
                                        strict=labels is not None)
    if C.shape[-1] != k:
        raise ValueError(f"the labels hold {C.shape[-1]} classes ({classes.tolist()}) but "
                         f"{k} were expected: pass labels=... to fix the classes and order")
    return np.asarray(C, dtype=float)


def cost_scorer(costs: ArrayLike, *, prevalence: ArrayLike | None = None,
                labels: ArrayLike | None = None) -> Callable[..., float]:
    """A scikit-learn scorer of the expected cost per case (lower is better).

    Built with ``sklearn.metrics.make_scorer(..., greater_is_better=False)``,
    so scikit-learn maximises minus the cost: it plugs into
    ``cross_val_score``, ``GridSearchCV`` and ``TunedThresholdClassifierCV``
    (which then picks the least-cost threshold), and its values are negative.

    Parameters
    ----------
    costs : array-like of shape (k, k)
        As in :func:`expected_cost`.
    prevalence : float or array-like, default=None
        The deployment prevalence (as in :func:`imbalance_lib.matrix_at_prevalence`).
    labels : array-like of shape (k,), default=None
        The classes in the order of ``costs``' rows; default the sorted labels.

    Returns
    -------
    scorer : callable

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> X, y = [[0.0], [0.2], [0.4], [0.6], [0.8], [1.0]], [0, 0, 0, 1, 1, 1]
    >>> cost_scorer([[0, 1], [5, 0]])(LogisticRegression().fit(X, y), X, y)
    -0.0
    """
    shape = np.shape(costs)
    if len(shape) != 2 or shape[0] != shape[1] or shape[0] < 2:
        raise ValueError(f"costs must have shape (k, k) with k >= 2; got {shape}")
    k = shape[0]
    c = _check_costs(costs, k)
    if prevalence is not None:
        check_prevalence(prevalence, k)

    def score(y_true: ArrayLike, y_pred: ArrayLike) -> float:
        C = _labelled_matrix(y_true, y_pred, labels, k)
        return float(expected_cost(C, c, prevalence=prevalence))

    from sklearn.metrics import make_scorer

    return make_scorer(score, greater_is_better=False)


def prevalence_scorer(metric: str, prevalence: ArrayLike, *, labels: ArrayLike | None = None,
                      **params: Any) -> Callable[..., float]:
    """A scikit-learn scorer of a registry metric at a deployment prevalence.

    Scores ``at_prevalence(C, metric, prevalence, **params)`` of the
    predictions' confusion matrix (higher is better), for ``cross_val_score``,
    ``GridSearchCV`` and ``TunedThresholdClassifierCV``.

    Parameters
    ----------
    metric : str
        A name of :data:`imbalance_lib.METRICS` other than ``"dominance"``.
    prevalence : float or array-like
        As in :func:`imbalance_lib.matrix_at_prevalence` (one mix).
    labels : array-like, default=None
        The classes in order (the positive class is ``labels[1]``); default the
        sorted labels, which must then be two for a scalar prevalence.
    **params
        Parameters of the metric (``zero_division``, ``alpha``, ...).

    Returns
    -------
    scorer : callable

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> X, y = [[0.0], [0.2], [0.4], [0.6], [0.8], [1.0]], [0, 0, 0, 1, 1, 1]
    >>> prevalence_scorer("precision", 0.01)(LogisticRegression().fit(X, y), X, y)
    1.0
    """
    if metric not in METRICS or metric == "dominance":
        raise ValueError(f"no scorer for {metric!r}; known: "
                         f"{sorted(set(METRICS) - {'dominance'})}")
    k = 2 if np.ndim(prevalence) == 0 else int(np.shape(prevalence)[-1])
    check_prevalence(prevalence, k)
    func = _metric_function(metric, params)

    def score(y_true: ArrayLike, y_pred: ArrayLike) -> float:
        C = check_matrix(_labelled_matrix(y_true, y_pred, labels, k))
        return float(func(shift_matrix(C, check_prevalence(prevalence, k))))

    from sklearn.metrics import make_scorer

    return make_scorer(score)

