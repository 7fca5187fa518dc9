r"""The nearest-mean classifier of Wu and Cannistraci (2025), with an optimal cut.

A linear binary classifier in two steps:

1. the *direction* is the unit vector from the centroid of the negative
   class to the centroid of the positive class (centroid = mean or median of
   the class's training samples);
2. the training samples are projected on it, and the *cut* on that axis is
   the optimal operating point of a criterion (by default the document's
   :math:`(F_P + F_N + \mathrm{AC})/3`), searched over every distinct cut with
   :func:`imbalance_lib.thresholds.optimal_operating_point`.

The classic nearest-mean classifier puts the cut half-way between the two
projected centroids; this one lets the criterion choose it.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any, cast

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.model_selection import check_cv
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ._typing import ArrayLike, Result
from .binary import ac, f1
from .thresholds import _cut_metric, optimal_operating_point

__all__ = ["NearestMeanClassifier", "nmc_criterion"]


def nmc_criterion(C: ArrayLike) -> Result:
    r"""The cut criterion of Wu and Cannistraci (2025): :math:`(F_P + F_N + \mathrm{AC})/3`.

    .. math::

        F_P = \frac{2\,\mathrm{TP}}{2\,\mathrm{TP} + \mathrm{FP} + \mathrm{FN}}, \qquad
        F_N = \frac{2\,\mathrm{TN}}{2\,\mathrm{TN} + \mathrm{FN} + \mathrm{FP}}, \\
        \mathrm{AC} = \frac{2\,\mathrm{TPR} \cdot \mathrm{TNR}}{\mathrm{TPR} + \mathrm{TNR}}

    :math:`F_N` is the F1 score of the negative class (the matrix with both
    classes swapped). Undefined parts count as 0 (``zero_division=0.0``).

    Parameters
    ----------
    C : array-like of shape (..., 2, 2)
        Binary confusion matrices ``[[TN, FP], [FN, TP]]``.

    Returns
    -------
    value : float or ndarray of shape C.shape[:-2]

    References
    ----------
    Wu and Cannistraci (2025), Section 3.3.

    Examples
    --------
    >>> round(nmc_criterion([[81, 9], [4, 6]]), 4)  # (12/25 + 162/175 + 0.72) / 3
    0.7086
    """
    C = np.asarray(C, dtype=float)
    swapped = C[..., ::-1, ::-1]
    return (
        f1(C, zero_division=0.0) + f1(swapped, zero_division=0.0) + ac(C, zero_division=0.0)
    ) / 3


_CENTRES: dict[str, Callable[..., Any]] = {"mean": np.mean, "median": np.median}


def _finite_cut(threshold: float, z: np.ndarray) -> float:
    """A finite threshold that makes the same predictions on ``z`` as ``threshold``.

    The cuts "everything positive" (``-inf``) and "everything negative"
    (``inf``) become a point half the projections' spread (at least 0.5) below
    the smallest or above the largest projection, so that the decision
    function stays finite and keeps ranking samples.
    """
    if np.isfinite(threshold):
        return float(threshold)
    lo, hi = float(z.min()), float(z.max())
    margin = max((hi - lo) / 2, 0.5)
    return lo - margin if threshold < 0 else hi + margin


class NearestMeanClassifier(ClassifierMixin, BaseEstimator):
    r"""Nearest-mean classifier with the cut chosen by an optimal-operating-point search.

    The direction :math:`w` is the unit vector from the negative to the
    positive class centroid; a sample :math:`x` is predicted positive when
    :math:`x^\top w \ge t`, where the threshold :math:`t` maximises
    ``criterion`` over every distinct cut of the training projections (the
    midpoint between the two projections that the best cut separates).
    Binary problems only; the positive class is ``classes_[1]``, as in
    scikit-learn.

    Parameters
    ----------
    centroid : {"auto", "mean", "median"}, default="auto"
        Class centre. ``"auto"`` fits both and keeps the one whose best
        criterion value on the training data is higher (the mean on a tie),
        as the document's adaptive NMC does.
    criterion : str or callable, default="wu2025"
        What the cut maximises. ``"wu2025"`` is :func:`~imbalance_lib.nearest_mean.nmc_criterion`,
        :math:`(F_P + F_N + \mathrm{AC})/3`; any other string is a metric name of
        :data:`imbalance_lib.METRICS`; a callable maps a stack of binary
        matrices ``(n, 2, 2)`` to ``n`` values.
    cv : None, int or cross-validation splitter, default=None
        ``None``: one search on all training projections. Otherwise the
        direction is still fitted on all training data, the search runs on
        the training part of every split (an int means stratified k-fold),
        the threshold is the median of the split thresholds, and the
        criterion value used by ``centroid="auto"`` is the mean of the
        splits' best values. This is our reading of the document's "5-fold
        cross-validation repeated 10 times ... for the OOP search instead of
        the discriminant" (its code averages the split thresholds; the
        median is robust to a split whose best cut is "all positive").

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The two classes; ``classes_[1]`` is the positive class.
    centroid_ : str
        The centre that was used, ``"mean"`` or ``"median"``.
    centroids_ : ndarray of shape (2, n_features)
        Centre of each class, in the order of ``classes_``.
    direction_ : ndarray of shape (n_features,)
        Unit vector from the negative to the positive centre (all zeros if
        the centres coincide: every sample then projects to 0).
    coef_ : ndarray of shape (1, n_features)
        ``direction_`` as a row, as in scikit-learn's linear models.
    threshold_ : float
        The cut on the projection, always finite: when the best cut predicts a
        single class on the training data, it lies half the projections'
        spread (at least 0.5) below the smallest or above the largest training
        projection, so that ``decision_function`` still ranks samples (and
        ``roc_auc_score`` works).
    intercept_ : ndarray of shape (1,)
        ``-threshold_``, so that ``decision_function(X) = X @ coef_.T + intercept_``.
    criterion_score_ : float
        Best criterion value on the training data (averaged over splits with ``cv``).
    n_features_in_ : int
        Number of features seen in ``fit``.

    References
    ----------
    Wu and Cannistraci (2025), Section 3.3.

    Examples
    --------
    >>> X = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [4.0, 4.0], [5.0, 4.0], [4.0, 5.0]]
    >>> y = ["a", "a", "a", "b", "b", "b"]
    >>> clf = NearestMeanClassifier(centroid="mean").fit(X, y)
    >>> clf.direction_.round(4).tolist()  # from the centroid of "a" to that of "b"
    [0.7071, 0.7071]
    >>> clf.predict([[0.5, 0.5], [4.5, 4.5]]).tolist()
    ['a', 'b']
    """

    def __init__(self, centroid: str = "auto", criterion: str | Callable[..., Any] = "wu2025",
                 cv: Any = None) -> None:
        self.centroid = centroid
        self.criterion = criterion
        self.cv = cv

    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags

    def _criterion(self) -> Callable[[np.ndarray], Any]:
        if isinstance(self.criterion, str) and self.criterion == "wu2025":
            return nmc_criterion
        return _cut_metric(self.criterion, {})

    def _search(self, z: np.ndarray, positive: np.ndarray,
                splits: list[tuple[np.ndarray, np.ndarray]] | None,
                criterion: Callable[[np.ndarray], Any]) -> tuple[float, float]:
        """Best threshold and criterion value on projections ``z``."""
        if splits is None:
            op = optimal_operating_point(positive, z, metric=criterion, pos_label=True)
            return _finite_cut(op.threshold, z), op.score
        thresholds, scores = [], []
        for train, _ in splits:
            if positive[train].all() or not positive[train].any():
                raise ValueError(
                    "a cross-validation split leaves one class out of its training part; "
                    "use fewer splits or a stratified splitter"
                )
            op = optimal_operating_point(positive[train], z[train], metric=criterion,
                                         pos_label=True)
            thresholds.append(_finite_cut(op.threshold, z[train]))
            scores.append(op.score)
        return float(np.median(thresholds)), float(np.mean(scores))

    def fit(self, X: ArrayLike, y: ArrayLike) -> NearestMeanClassifier:
        """Fit the direction and the cut.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
            Exactly two classes.

        Returns
        -------
        self
        """
        X, y = cast("tuple[np.ndarray, np.ndarray]", validate_data(self, X, y, dtype=np.float64))
        check_classification_targets(y)
        self.classes_ = np.unique(y)
        k = len(self.classes_)
        if k != 2:
            found = "one class" if k == 1 else f"{k} classes"
            raise ValueError(
                "Only binary classification is supported: NearestMeanClassifier needs "
                f"exactly two classes in y; found {found}: {self.classes_[:10].tolist()}"
            )
        candidates: tuple[str, ...]
        if self.centroid == "auto":
            candidates = ("mean", "median")
        elif isinstance(self.centroid, str) and self.centroid in _CENTRES:
            candidates = (self.centroid,)
        else:
            raise ValueError(
                f'centroid must be "auto", "mean" or "median"; got {self.centroid!r}'
            )
        if self.cv is not None and not (
            hasattr(self.cv, "split") or isinstance(self.cv, numbers.Integral)
        ):
            raise ValueError(f"cv must be None, an int or a splitter; got {self.cv!r}")
        criterion = self._criterion()
        positive = y == self.classes_[1]
        splits = None
        if self.cv is not None:
            splitter = check_cv(self.cv, positive, classifier=True)
            splits = list(splitter.split(X, positive))

        best: tuple[str, np.ndarray, np.ndarray, float, float] | None = None
        for name in candidates:
            centre = _CENTRES[name]
            centres = np.vstack([centre(X[~positive], axis=0), centre(X[positive], axis=0)])
            d = centres[1] - centres[0]
            norm = np.linalg.norm(d)
            w = d / norm if norm > 0 else np.zeros_like(d)
            threshold, score = self._search(X @ w, positive, splits, criterion)
            if best is None or score > best[3]:
                best = (name, centres, w, score, threshold)
        assert best is not None  # candidates is never empty
        self.centroid_, self.centroids_, self.direction_, self.criterion_score_, thr = best
        self.threshold_ = float(thr)
        self.coef_ = self.direction_[np.newaxis, :]
        self.intercept_ = np.array([-self.threshold_])
        return self

    def _project(self, X: ArrayLike) -> np.ndarray:
        check_is_fitted(self)
        X = cast(np.ndarray, validate_data(self, X, reset=False, dtype=np.float64))
        return X @ self.direction_

    def decision_function(self, X: ArrayLike) -> np.ndarray:
        """Signed distance of the projection from the cut: ``X @ direction_ - threshold_``.

        Positive values mean ``classes_[1]``. Always finite: it ranks samples
        by their projection even when the fitted cut predicts a single class.
        """
        return self._project(X) - self.threshold_

    def predict(self, X: ArrayLike) -> np.ndarray:
        """Predict ``classes_[1]`` where the projection is at or above ``threshold_``."""
        positive = self._project(X) >= self.threshold_
        return self.classes_[positive.astype(np.intp)]
