r"""A radial basis function network, as a stand-in for Weka's ``RBFNetwork``.

scikit-learn has no RBF network. García, Mollineda and Sánchez (2009) used
Weka's; this estimator re-creates its structure from the description of that
learner (not from its code):

1. features are standardised;
2. k-means places ``n_clusters`` Gaussian centres inside each class;
3. each centre's width is the per-coordinate root-mean-square deviation of its
   members from it, :math:`\sqrt{\frac{1}{n_c d}\sum_{x}\lVert x - c\rVert^2}`
   (the RMS distance divided by :math:`\sqrt d`, for :math:`d` features),
   floored at ``min_std``;
4. the activations of a sample (Gaussian densities, normalised to sum to one)
   are the inputs of a logistic regression with little regularisation.
"""

from __future__ import annotations

import numbers
from typing import cast

import numpy as np
from scipy.special import logsumexp
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.cluster import KMeans
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ._typing import ArrayLike

__all__ = ["RBFNetworkClassifier"]


class RBFNetworkClassifier(ClassifierMixin, BaseEstimator):
    """Gaussian radial basis functions centred by k-means within each class, then logistic regression.

    Parameters
    ----------
    n_clusters : int >= 1, default=2
        Gaussian centres per class (fewer if a class has fewer distinct samples).
    min_std : float > 0, default=0.1
        Smallest width of a Gaussian, in standardised units. The width of a
        centre is the per-coordinate RMS deviation of its members (see the
        module docstring), floored at ``min_std``.
    C : float > 0, default=1e8
        Inverse regularisation strength of the logistic regression (large:
        almost none, like Weka's ridge of 1e-8).
    random_state : int, default=None
        Seed of k-means.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    centres_ : ndarray of shape (n_centres, n_features)
        Centres in standardised units.
    widths_ : ndarray of shape (n_centres,)
    logistic_ : LogisticRegression
        The output layer.

    Examples
    --------
    >>> jitter = np.tile([[0.0, 0.1], [0.1, 0.0]], (20, 1))
    >>> X = np.r_[np.zeros((20, 2)), np.ones((20, 2))] + jitter
    >>> y = np.r_[np.zeros(20, int), np.ones(20, int)]
    >>> RBFNetworkClassifier(random_state=0).fit(X, y).score(X, y)
    1.0
    """

    def __init__(self, n_clusters: int = 2, min_std: float = 0.1, C: float = 1e8,
                 random_state: int | None = None) -> None:
        self.n_clusters = n_clusters
        self.min_std = min_std
        self.C = C
        self.random_state = random_state

    def _activations(self, X: ArrayLike) -> np.ndarray:
        Z = self.scaler_.transform(X)
        sq = ((Z[:, None, :] - self.centres_[None]) ** 2).sum(-1)
        log_density = -0.5 * sq / self.widths_**2 - Z.shape[1] * np.log(self.widths_)
        return np.exp(log_density - logsumexp(log_density, axis=1, keepdims=True))

    def _check_params(self) -> None:
        for name, low in (("n_clusters", 1),):
            value = getattr(self, name)
            if not isinstance(value, numbers.Integral) or isinstance(value, bool) or value < low:
                raise ValueError(f"{name} must be an integer >= {low}; got {value!r}")
        for name in ("min_std", "C"):
            value = getattr(self, name)
            if (not isinstance(value, numbers.Real) or isinstance(value, bool)
                    or not np.isfinite(cast(float, value)) or value <= 0):
                raise ValueError(f"{name} must be a finite number > 0; got {value!r}")

    def fit(self, X: ArrayLike, y: ArrayLike) -> RBFNetworkClassifier:
        """Place the centres, then fit the output layer."""
        self._check_params()
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_ = np.unique(y)
        if len(self.classes_) < 2:
            raise ValueError(f"need samples of at least two classes; got 1 class: {self.classes_.tolist()}")
        self.scaler_ = StandardScaler().fit(X)
        Z = self.scaler_.transform(X)
        centres, widths = [], []
        for c in self.classes_:
            Zc = Z[y == c]
            n = min(self.n_clusters, len(np.unique(Zc, axis=0)))
            km = KMeans(n, n_init=1, random_state=self.random_state).fit(Zc)
            for j, centre in enumerate(km.cluster_centers_):
                members = Zc[km.labels_ == j]
                spread = np.sqrt(((members - centre) ** 2).mean()) if len(members) > 1 else 0.0
                centres.append(centre)
                widths.append(max(spread, self.min_std))
        self.centres_, self.widths_ = np.array(centres), np.array(widths)
        self.logistic_ = LogisticRegression(C=self.C, max_iter=1000).fit(self._activations(X), y)
        return self

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Class probabilities from the output layer."""
        check_is_fitted(self)
        X = validate_data(self, X, reset=False, dtype=np.float64)
        return self.logistic_.predict_proba(self._activations(X))

    def predict(self, X: ArrayLike) -> np.ndarray:
        """The most probable class."""
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]
