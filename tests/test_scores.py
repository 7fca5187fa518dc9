"""Label-based scores and scikit-learn scorers."""

import warnings

import numpy as np
import pytest
from hypothesis import assume, given
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
    for f in il.SCORE_FUNCTIONS.values():
        assert getattr(il, f.__name__) is f
        assert f.__name__ in il.__all__


def test_score_functions_are_plain_module_functions_with_explicit_signatures():
    """Visible to tools: defined in the module source, no **params, alpha explicit."""
    import inspect

    from imbalance_lib import scores

    source = inspect.getsource(scores)
    for f in il.SCORE_FUNCTIONS.values():
        assert f"def {f.__name__}(" in source
        params = inspect.signature(f).parameters.values()
        assert all(p.kind is not inspect.Parameter.VAR_KEYWORD for p in params)
        assert f.__doc__ and "Examples" in f.__doc__ and "References" in f.__doc__
    assert "alpha" in inspect.signature(il.iba_score).parameters
    assert inspect.signature(il.weighted_accuracy_score).parameters["alpha"].default is (
        inspect.Parameter.empty
    )
    assert "globals().update" not in source


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
    ],
)
def test_bad_label_input_raises(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_weighted_accuracy_score_without_alpha_names_itself():
    with pytest.raises(TypeError, match=r"weighted_accuracy_score\(\) missing .*'alpha'"):
        il.weighted_accuracy_score([0, 1], [0, 1])


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


def test_metric_scorer_rejects_unknown_and_non_scores():
    with pytest.raises(ValueError, match="no scorer"):
        il.metric_scorer("dominance")
    with pytest.raises(ValueError, match="no scorer"):
        il.metric_scorer("nonsense")
    with pytest.raises(ValueError, match="alpha"):
        il.metric_scorer("weighted_accuracy")


@pytest.mark.parametrize(
    "name, params, message",
    [
        ("iba", {"alpha": 5}, "alpha must lie in"),
        ("iba", {"bogus": 1}, "no parameter 'bogus'"),
        ("tpr", {"alpha": 0.5}, "no parameter 'alpha'"),
        ("mcc", {"pos_label": 1}, "no parameter 'pos_label'"),
        ("ac", {"zero_division": "never"}, "zero_division"),
    ],
)
def test_metric_scorer_checks_parameters_when_built(name, params, message):
    """A bad parameter fails at once, not as NaN scores inside cross-validation."""
    with pytest.raises(ValueError, match=message):
        il.metric_scorer(name, **params)


def test_no_name_shadows_a_different_sklearn_function():
    """A name shared with sklearn.metrics must be the same function in behaviour;
    the only shared names are accuracy_score, balanced_accuracy_score and
    confusion_matrix (each tested against scikit-learn in this suite)."""
    import sklearn.metrics

    shared = {n for n in il.__all__ if hasattr(sklearn.metrics, n)}
    assert shared == {"accuracy_score", "balanced_accuracy_score", "confusion_matrix"}
    assert not hasattr(il, "get_scorer")


# --- same behaviour as scikit-learn under the same name -------------------------------


def labelled(n_classes=4, weights=True):
    def build(n):
        lab = st.lists(st.integers(0, n_classes - 1), min_size=n, max_size=n)
        w = st.lists(st.sampled_from([0.0, 0.5, 1.0, 3.0, 1e-3]), min_size=n, max_size=n)
        return st.tuples(lab, lab, w if weights else st.none())

    return st.integers(1, 40).flatmap(build)


def same_as_sklearn(ours, theirs, t, p, **kwargs):
    """Equal values, or the same ValueError, as scikit-learn's function of the same name."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            expected = theirs(t, p, **kwargs)
        except ValueError:
            with pytest.raises(ValueError):
                ours(t, p, **kwargs)
            return
        value = ours(t, p, **kwargs)
    if np.isnan(expected):
        assert np.isnan(value)
    else:
        assert value == pytest.approx(expected, rel=1e-12, abs=1e-12)


@given(labelled(), st.booleans())
def test_balanced_accuracy_score_is_sklearns(data, adjusted):
    from sklearn.metrics import balanced_accuracy_score

    t, p, w = data
    same_as_sklearn(il.balanced_accuracy_score, balanced_accuracy_score, t, p,
                    sample_weight=w, adjusted=adjusted)


def test_balanced_accuracy_score_three_classes_is_macro_recall():
    t, p = [0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 0]
    assert il.balanced_accuracy_score(t, p) == pytest.approx((1 / 2 + 1 + 1 / 2) / 3)
    assert il.balanced_accuracy_score(t, p, adjusted=True) == pytest.approx(
        ((2 / 3) - 1 / 3) / (1 - 1 / 3)
    )
    with pytest.warns(UserWarning, match="not in y_true"):
        il.balanced_accuracy_score([0, 0, 1], [0, 2, 1])


@given(labelled(), st.booleans())
def test_accuracy_score_is_sklearns(data, normalize):
    from sklearn.metrics import accuracy_score

    t, p, w = data
    same_as_sklearn(il.accuracy_score, accuracy_score, t, p, sample_weight=w,
                    normalize=normalize)


@given(labelled(weights=False))
def test_binary_f1_and_precision_agree_with_sklearn_binary_average(data):
    from sklearn.metrics import f1_score, precision_score

    t, p, _ = data
    t, p = [v % 2 for v in t], [v % 2 for v in p]
    assert il.binary_f1_score(t, p, zero_division=0.0) == pytest.approx(
        f1_score(t, p, zero_division=0.0), abs=1e-12
    )
    assert il.binary_precision_score(t, p, zero_division=0.0) == pytest.approx(
        precision_score(t, p, zero_division=0.0), abs=1e-12
    )


# --- multi-class wrappers honour sample_weight (against independent libraries) --------


@given(labelled(n_classes=3))
def test_multiclass_wrappers_use_sample_weight(data):
    from imblearn.metrics import geometric_mean_score
    from sklearn import metrics as skm

    t, p, w = data
    assume(sum(w) > 0 and len(set(t)) > 1)
    C = skm.confusion_matrix(t, p, sample_weight=w)
    diag, rows, cols = np.diag(C), C.sum(axis=1), C.sum(axis=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = {
            "mcc": skm.matthews_corrcoef(t, p, sample_weight=w),
            "kappa": skm.cohen_kappa_score(t, p, sample_weight=w),
            "macro_recall": skm.recall_score(t, p, average="macro", sample_weight=w,
                                             zero_division=0.0),
            "macro_precision": skm.precision_score(t, p, average="macro", sample_weight=w,
                                                   zero_division=0.0),
            "macro_f1": skm.f1_score(t, p, average="macro", sample_weight=w, zero_division=0.0),
            "cba": float(np.mean(np.where(np.maximum(rows, cols) > 0,
                                          diag / np.maximum(np.maximum(rows, cols), 1e-300),
                                          0.0))),
        }
        if (rows > 0).all():
            expected["g_mean"] = geometric_mean_score(t, p, average="multiclass",
                                                      sample_weight=w)
        for name, value in expected.items():
            ours = il.SCORE_FUNCTIONS[name](t, p, sample_weight=w, zero_division=0.0)
            if name in ("mcc", "kappa") and not np.isfinite(value):
                continue
            assert ours == pytest.approx(value, abs=1e-9), name
