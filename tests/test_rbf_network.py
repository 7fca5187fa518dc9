"""The RBF network stand-in: a scikit-learn classifier."""

import numpy as np
import pytest
from sklearn.utils.estimator_checks import check_estimator

from imbalance_lib.rbf_network import RBFNetworkClassifier


def test_passes_scikit_learn_estimator_checks():
    check_estimator(RBFNetworkClassifier(random_state=0))


def test_centres_lie_within_each_class_and_widths_are_floored():
    rng = np.random.default_rng(0)
    X = np.r_[rng.normal(0, 1, (50, 2)), rng.normal(6, 1, (50, 2))]
    y = np.r_[np.zeros(50, int), np.ones(50, int)]
    model = RBFNetworkClassifier(n_clusters=3, random_state=0).fit(X, y)
    assert model.centres_.shape == (6, 2)
    assert (model.widths_ >= 0.1).all()
    centres = model.scaler_.inverse_transform(model.centres_)
    assert (centres[:3].mean(axis=0) < 3).all() and (centres[3:].mean(axis=0) > 3).all()
    assert model.score(X, y) == 1.0  # two well separated blobs
    proba = model.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)


def test_one_class_raises():
    with pytest.raises(ValueError, match="two classes"):
        RBFNetworkClassifier().fit(np.zeros((4, 2)), np.zeros(4))
