"""Label-based scores and scikit-learn scorers."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import (
    GridSearchCV,
    StratifiedKFold,
    TunedThresholdClassifierCV,
    cross_validate,
)

import imbalance_lib as il

Y_TRUE = [0] * 90 + [1] * 10
Y_PRED = [0] * 81 + [1] * 9 + [0] * 4 + [1] * 6  # TP=6, FN=4, FP=9, TN=81


def test_every_metric_has_a_score_function():
    assert set(il.SCORE_FUNCTIONS) == set(il.METRICS)
    for name in il.METRICS:
        assert getattr(il, f"{name}_score").__name__ == f"{name}_score"


@pytest.mark.parametrize("name", sorted(il.METRICS))
def test_score_equals_count_function_on_its_matrix(name):
    m = il.METRICS[name]
    expected = m.func([[81, 9], [4, 6]], **m.params)
    assert m.score(Y_TRUE, Y_PRED, **m.params) == pytest.approx(expected)


def test_pos_label_selects_the_positive_class():
    t = np.where(np.array(Y_TRUE) == 1, "sick", "well")
    p = np.where(np.array(Y_PRED) == 1, "sick", "well")
    assert il.tpr_score(t, p, pos_label="sick") == pytest.approx(0.6)
    assert il.tpr_score(t, p, pos_label="well") == pytest.approx(0.9)  # classes swapped
    assert il.iba_score(t, p, pos_label="sick") == pytest.approx(il.iba([[81, 9], [4, 6]]))


def test_single_class_input_is_placed_by_pos_label():
    assert il.binary_confusion([1, 1], [1, 1]).tolist() == [[0, 0], [0, 2]]
    assert il.binary_confusion([0, 0], [0, 0]).tolist() == [[2, 0], [0, 0]]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: il.tpr_score([0, 1, 2], [0, 1, 2]), "at most two classes"),
        (lambda: il.tpr_score(["a", "b"], ["a", "b"]), "pos_label"),
        (lambda: il.tpr_score([0, 1, 1], [0, 1, 2], labels=[0, 1]), "not in labels"),
        (lambda: il.iam_score([0, 1, 2], [0, 1, 2], labels=[0, 1]), "not in labels"),
        (lambda: il.accuracy_score([0, 1], [0]), "lengths"),
        (lambda: il.accuracy_score([], []), "empty"),
        (lambda: il.weighted_accuracy_score([0, 1], [0, 1]), "alpha"),
    ],
)
def test_bad_label_input_raises(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()


def test_labels_add_an_absent_class_to_the_average():
    t, p = [1, 1, 2, 2], [1, 1, 2, 1]
    three = il.cba_score(t, p, labels=[1, 2, 3], zero_division=0.0)
    two = il.cba_score(t, p)
    assert three == pytest.approx(2 * two / 3)
    assert il.cba_score(t, p, labels=[1, 2, 3], zero_division=np.nan) == pytest.approx(two)


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1), st.integers(0, 3)), min_size=1, max_size=40))
def test_sample_weight_equals_repetition(rows):
    t = [r[0] for r in rows]
    p = [r[1] for r in rows]
    w = [r[2] for r in rows]
    rep_t = [a for a, n in zip(t, w) for _ in range(n)]
    rep_p = [b for b, n in zip(p, w) for _ in range(n)]
    weighted = il.binary_confusion(t, p, sample_weight=w)
    if rep_t:
        np.testing.assert_array_equal(weighted, il.binary_confusion(rep_t, rep_p, labels=[0, 1]))


@pytest.fixture(scope="module")
def data():
    return make_classification(n_samples=400, weights=[0.85], random_state=0)


def test_scorers_work_in_cross_validate(data):
    X, y = data
    names = [n for n in il.METRICS if n not in {"dominance", "weighted_accuracy"}]
    scoring = {n: il.metric_scorer(n) for n in names}
    res = cross_validate(LogisticRegression(), X, y, cv=StratifiedKFold(4), scoring=scoring)
    for n in names:
        assert np.isfinite(res[f"test_{n}"]).all()
    # the scorer computes what the score function computes on the same predictions
    est = LogisticRegression().fit(X, y)
    assert il.metric_scorer("hmnc")(est, X, y) == pytest.approx(il.hmnc_score(y, est.predict(X)))


def test_scorer_in_grid_search(data):
    X, y = data
    grid = GridSearchCV(
        LogisticRegression(), {"C": [0.01, 1.0]}, scoring=il.metric_scorer("iba", alpha=0.5), cv=3
    ).fit(X, y)
    assert grid.best_params_["C"] in (0.01, 1.0)
    assert 0 <= grid.best_score_ <= 1


def test_scorer_in_tuned_threshold(data):
    X, y = data
    tuned = TunedThresholdClassifierCV(
        LogisticRegression(), scoring=il.metric_scorer("ac"), cv=3, random_state=0,
        store_cv_results=True,
    ).fit(X, y)
    # the tuned threshold moves below the default 0.5 for a rare positive class
    assert 0 < tuned.best_threshold_ < 0.5
    assert tuned.best_score_ == pytest.approx(tuned.cv_results_["scores"].max())


def test_get_scorer_rejects_unknown_and_non_scores():
    with pytest.raises(ValueError, match="no scorer"):
        il.metric_scorer("dominance")
    with pytest.raises(ValueError, match="no scorer"):
        il.metric_scorer("nonsense")
    with pytest.raises(ValueError, match="alpha"):
        il.metric_scorer("weighted_accuracy")
