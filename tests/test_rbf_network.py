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


@pytest.mark.parametrize(
    "params, message",
    [
        ({"min_std": -1}, "min_std"),
        ({"min_std": 0}, "min_std"),
        ({"min_std": float("nan")}, "min_std"),
        ({"C": 0}, "C must be"),
        ({"n_clusters": 0}, "n_clusters"),
        ({"n_clusters": 1.5}, "n_clusters"),
    ],
)
def test_invalid_parameters_raise_a_clear_error(params, message):
    X = np.r_[np.zeros((5, 2)), np.ones((5, 2))]
    y = np.r_[np.zeros(5, int), np.ones(5, int)]
    with pytest.raises(ValueError, match=message):
        RBFNetworkClassifier(**params).fit(X, y)


def test_width_is_the_per_coordinate_rms_deviation():
    """Two members at (0, 0) and (2, 2) around their centre (1, 1): squared distance 2
    each, RMS distance sqrt(2), per-coordinate RMS sqrt(2 / 2) = 1 (standardised units)."""
    X = np.array([[0.0, 0.0], [2.0, 2.0], [10.0, 10.0], [12.0, 12.0]])
    y = np.array([0, 0, 1, 1])
    model = RBFNetworkClassifier(n_clusters=1, min_std=1e-6, random_state=0).fit(X, y)
    scale = model.scaler_.scale_
    centre = model.centres_[0]
    Z = model.scaler_.transform(X[:2])
    expected = np.sqrt(((Z - centre) ** 2).mean())  # over members and coordinates
    assert model.widths_[0] == pytest.approx(expected)
    assert model.widths_[0] == pytest.approx(1.0 / scale[0])
