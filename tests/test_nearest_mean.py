"""NearestMeanClassifier: scikit-learn compatibility, geometry and the optimal cut."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import f1_score, recall_score
from sklearn.model_selection import StratifiedKFold
from sklearn.utils.estimator_checks import check_estimator

from imbalance_lib import NearestMeanClassifier
from imbalance_lib.nearest_mean import nmc_criterion


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.SkipTestWarning")
@pytest.mark.parametrize("est", [
    NearestMeanClassifier(),
    NearestMeanClassifier(centroid="median", criterion="ac"),
    NearestMeanClassifier(cv=3),
])
def test_check_estimator(est):
    check_estimator(est)


def wu_criterion(y, pred):
    """(F_P + F_N + AC) / 3 from scikit-learn's label-based scores (labels 0/1)."""
    fp = f1_score(y, pred, pos_label=1, zero_division=0.0)
    fn = f1_score(y, pred, pos_label=0, zero_division=0.0)
    a = recall_score(y, pred, pos_label=1, zero_division=0.0)
    b = recall_score(y, pred, pos_label=0, zero_division=0.0)
    ac = 0.0 if a + b == 0 else 2 * a * b / (a + b)
    return (fp + fn + ac) / 3


def best_cut(y, z):
    """Best criterion over every real cut of projections z (brute force)."""
    cuts = np.r_[np.unique(z), np.inf]
    return max(wu_criterion(y, (z >= t).astype(int)) for t in cuts)


def test_criterion_by_hand():
    # TP=6, FN=4, FP=9, TN=81: F_P = 12/25, F_N = 162/175, AC = 0.72
    assert nmc_criterion([[81, 9], [4, 6]]) == pytest.approx((12 / 25 + 162 / 175 + 0.72) / 3)


def test_direction_mean_and_median_by_hand():
    X = np.array([[0.0, 0.0], [0.0, 2.0], [0.0, 10.0], [3.0, 0.0], [3.0, 1.0], [3.0, 2.0]])
    y = np.array([0, 0, 0, 1, 1, 1])
    mean = NearestMeanClassifier(centroid="mean").fit(X, y)
    # means (0, 4) and (3, 1): direction (3, -3) / |(3, -3)|
    np.testing.assert_allclose(mean.direction_, [1 / np.sqrt(2), -1 / np.sqrt(2)])
    np.testing.assert_allclose(mean.centroids_, [[0, 4], [3, 1]])
    median = NearestMeanClassifier(centroid="median").fit(X, y)
    # medians (0, 2) and (3, 1): direction (3, -1) / sqrt(10)
    np.testing.assert_allclose(median.direction_, np.array([3, -1]) / np.sqrt(10))
    assert mean.centroid_ == "mean" and median.centroid_ == "median"
    np.testing.assert_allclose(np.linalg.norm(mean.coef_), 1.0)


def test_binary_only_names_the_classes():
    X = np.arange(12.0).reshape(6, 2)
    with pytest.raises(ValueError, match=r"found 3 classes: \['a', 'b', 'c'\]"):
        NearestMeanClassifier().fit(X, ["a", "b", "c", "a", "b", "c"])
    with pytest.raises(ValueError, match=r"found one class: \[7\]"):
        NearestMeanClassifier().fit(X, [7] * 6)


def test_bad_parameters():
    X, y = np.eye(4), [0, 0, 1, 1]
    with pytest.raises(ValueError, match="centroid"):
        NearestMeanClassifier(centroid="mode").fit(X, y)
    with pytest.raises(ValueError, match="cv"):
        NearestMeanClassifier(cv="five").fit(X, y)
    with pytest.raises(ValueError, match="unknown metric"):
        NearestMeanClassifier(criterion="nope").fit(X, y)


@st.composite
def blobs(draw):
    seed = draw(st.integers(0, 2**32 - 1))
    n0, n1 = draw(st.integers(2, 30)), draw(st.integers(2, 30))
    d = draw(st.integers(1, 5))
    rng = np.random.default_rng(seed)
    shift = draw(st.floats(0.0, 3.0))
    X = np.vstack([rng.normal(size=(n0, d)), rng.normal(size=(n1, d)) + shift])
    if draw(st.booleans()):
        X = np.round(X, 1)  # ties in the projections
    y = np.r_[np.zeros(n0, int), np.ones(n1, int)]
    return X, y


@settings(max_examples=40, deadline=None)
@given(blobs(), st.sampled_from(["mean", "median"]))
def test_cut_is_optimal_on_training_data(data, centroid):
    X, y = data
    clf = NearestMeanClassifier(centroid=centroid).fit(X, y)
    z = X @ clf.direction_
    best = best_cut(y, z)
    assert clf.criterion_score_ == pytest.approx(best, abs=1e-12)
    assert wu_criterion(y, clf.predict(X)) == pytest.approx(best, abs=1e-12)
    # decision_function agrees with predict and with coef_ / intercept_
    dec = clf.decision_function(X)
    np.testing.assert_array_equal(clf.predict(X), (dec >= 0).astype(int))
    np.testing.assert_allclose(dec, X @ clf.coef_[0] + clf.intercept_[0])


@settings(max_examples=25, deadline=None)
@given(blobs())
def test_auto_keeps_the_better_centroid(data):
    X, y = data
    auto = NearestMeanClassifier().fit(X, y)
    mean = NearestMeanClassifier(centroid="mean").fit(X, y)
    median = NearestMeanClassifier(centroid="median").fit(X, y)
    assert auto.criterion_score_ == max(mean.criterion_score_, median.criterion_score_)
    expected = "mean" if mean.criterion_score_ >= median.criterion_score_ else "median"
    assert auto.centroid_ == expected


def test_cv_threshold_is_the_median_of_split_optima():
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(size=(20, 3)), rng.normal(size=(40, 3)) + 1.0])
    y = np.r_[np.zeros(20, int), np.ones(40, int)]
    cv = StratifiedKFold(4, shuffle=True, random_state=0)
    clf = NearestMeanClassifier(centroid="mean", cv=cv).fit(X, y)
    z = X @ clf.direction_
    thresholds, scores = [], []
    for train, _ in cv.split(X, y):
        zt, yt = z[train], y[train]
        cuts = np.r_[np.unique(zt), np.inf]
        values = [wu_criterion(yt, (zt >= t).astype(int)) for t in cuts]
        i = int(np.argmax(values))
        assert 0 < i < len(cuts) - 1  # an interior cut on these data
        thresholds.append((cuts[i - 1] + cuts[i]) / 2)
        scores.append(values[i])
    assert clf.threshold_ == pytest.approx(np.median(thresholds))
    assert clf.criterion_score_ == pytest.approx(np.mean(scores))


def test_string_labels_positive_is_second_class():
    X = np.array([[0.0], [1.0], [5.0], [6.0]])
    clf = NearestMeanClassifier().fit(X, ["yes", "no", "yes", "no"])
    # classes_ = ["no", "yes"]: "yes" is positive; its centroid (2.5) lies left of "no" (3.5)
    assert clf.classes_.tolist() == ["no", "yes"]
    assert clf.direction_.tolist() == [-1.0]


def test_constant_features_predict_one_class():
    X = np.ones((6, 2))
    y = [0, 0, 1, 1, 1, 1]
    clf = NearestMeanClassifier().fit(X, y)
    assert np.all(clf.direction_ == 0)
    # only "all positive" and "all negative" exist; the criterion prefers all positive,
    # kept finite: half the spread (at least 0.5) below the smallest projection, 0
    assert clf.threshold_ == -0.5
    assert clf.predict(X).tolist() == [1] * 6


def _one_sided():
    """Accuracy's best cut here is "all negative": 60 of 65 right, no cut does better."""
    X = np.r_[np.zeros(50), np.ones(10), np.ones(5)][:, None]
    y = np.r_[np.zeros(60, int), np.ones(5, int)]
    return X, y


def test_decision_function_stays_finite_when_the_best_cut_is_one_class():
    from sklearn.metrics import roc_auc_score

    X, y = _one_sided()
    clf = NearestMeanClassifier(centroid="mean", criterion="accuracy").fit(X, y)
    assert clf.predict(X).tolist() == [0] * 65  # the chosen cut: everything negative
    z = clf.decision_function(X)
    assert np.isfinite(z).all() and np.isfinite(clf.threshold_)
    # the projection still ranks: positives sit at x = 1 with 10 of the 60 negatives
    assert roc_auc_score(y, z) == pytest.approx((5 * 50 + 0.5 * 5 * 10) / (5 * 60))


def test_roc_auc_in_cross_validate_with_a_one_class_cut():
    from sklearn.model_selection import cross_validate

    X, y = _one_sided()
    res = cross_validate(NearestMeanClassifier(criterion="accuracy"), X, y,
                         cv=StratifiedKFold(5), scoring="roc_auc")
    assert np.isfinite(res["test_score"]).all()
