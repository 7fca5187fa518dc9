"""threshold_sweep and optimal_operating_point against brute force and scikit-learn."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.metrics import (
    balanced_accuracy_score,
    confusion_matrix,
    confusion_matrix_at_thresholds,
    f1_score,
)

import imbalance_lib as il
from imbalance_lib.thresholds import OperatingPoint


def brute_force(y, s, w=None):
    """Every cut 'score >= t' for t in the sorted distinct scores, then +inf."""
    ts = np.r_[np.unique(s), np.inf]
    mats = np.stack([
        confusion_matrix(y, (s >= t).astype(int), labels=[0, 1], sample_weight=w) for t in ts
    ])
    return ts, mats


@st.composite
def scored(draw, weights=False, max_n=40):
    n = draw(st.integers(1, max_n))
    levels = draw(st.integers(1, 8))  # few levels: many ties
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[draw(st.integers(0, n - 1))] = 1  # the positive class is present
    raw = draw(st.lists(st.integers(0, levels), min_size=n, max_size=n))
    s = np.array(raw, dtype=float) * draw(st.sampled_from([1.0, 0.1, -3.7, 1e-9]))
    w = None
    if weights:
        w = np.array(draw(st.lists(st.floats(0, 10, allow_nan=False), min_size=n, max_size=n)))
    return y, s, w


@settings(max_examples=150, deadline=None)
@given(scored())
def test_sweep_matches_brute_force(data):
    y, s, _ = data
    t, m = il.threshold_sweep(y, s)
    tb, mb = brute_force(y, s)
    np.testing.assert_array_equal(t, tb)
    np.testing.assert_array_equal(m, mb)
    assert m.dtype == np.float64


@settings(max_examples=100, deadline=None)
@given(scored(weights=True))
def test_weighted_sweep_matches_brute_force(data):
    y, s, w = data
    assume(w.sum() > 0)  # scikit-learn rejects all-zero weights
    t, m = il.threshold_sweep(y, s, sample_weight=w)
    tb, mb = brute_force(y, s, w)
    np.testing.assert_array_equal(t, tb)
    np.testing.assert_allclose(m, mb, rtol=1e-9, atol=1e-9)


@settings(max_examples=100, deadline=None)
@given(scored(weights=True))
def test_sweep_matches_sklearn_confusion_matrix_at_thresholds(data):
    y, s, w = data
    # scikit-learn drops samples of weight 0 (we keep their cuts): compare without them
    keep = w > 0
    y, s, w = y[keep], s[keep], w[keep]
    assume((y == 1).any())
    t, m = il.threshold_sweep(y, s, sample_weight=w)
    tns, fps, fns, tps, thr = confusion_matrix_at_thresholds(y, s, sample_weight=w)
    # scikit-learn: decreasing thresholds, no "everything negative" cut
    np.testing.assert_array_equal(t[:-1], thr[::-1])
    ours = m[:-1][::-1]
    for got, theirs in zip((ours[:, 0, 0], ours[:, 0, 1], ours[:, 1, 0], ours[:, 1, 1]),
                           (tns, fps, fns, tps)):
        np.testing.assert_allclose(got, theirs, rtol=1e-9, atol=1e-9)


@settings(max_examples=100, deadline=None)
@given(scored())
def test_sweep_structure(data):
    y, s, _ = data
    t, m = il.threshold_sweep(y, s)
    assert len(t) == len(np.unique(s)) + 1
    assert np.all(np.diff(t) > 0) and t[-1] == np.inf
    p, n = int((y == 1).sum()), int((y == 0).sum())
    np.testing.assert_array_equal(m[0], [[0, n], [0, p]])  # everything positive
    np.testing.assert_array_equal(m[-1], [[n, 0], [p, 0]])  # everything negative
    np.testing.assert_array_equal(m.sum(axis=-1), np.broadcast_to([n, p], (len(t), 2)))
    assert np.all(np.diff(m[:, 1, 1]) <= 0) and np.all(np.diff(m[:, 0, 1]) <= 0)
    # each step moves exactly the samples of one distinct score
    moved = -np.diff(m[:, :, 1].sum(axis=1))
    np.testing.assert_array_equal(moved, np.unique(s, return_counts=True)[1])


def test_constant_score_gives_two_cuts():
    t, m = il.threshold_sweep([0, 1, 1, 0, 1], [3.0] * 5)
    assert t.tolist() == [3.0, np.inf]
    assert m.tolist() == [[[0, 2], [0, 3]], [[2, 0], [3, 0]]]


def test_string_labels_and_pos_label():
    y = np.array(["cat", "dog", "dog", "cat"])
    t, m = il.threshold_sweep(y, [0.2, 0.9, 0.4, 0.4], pos_label="dog")
    # cut at 0.4: predicted positive {0.9, 0.4, 0.4} -> TP = 2, FP = 1
    assert m[1].tolist() == [[1, 1], [0, 2]]
    t2, m2 = il.threshold_sweep(y, [0.2, 0.9, 0.4, 0.4], pos_label="cat")
    assert m2[1].tolist() == [[0, 2], [1, 1]]


def test_only_positive_class_is_accepted():
    t, m = il.threshold_sweep([1, 1], [0.3, 0.7])
    assert m.tolist() == [[[0, 0], [0, 2]], [[0, 0], [1, 1]], [[0, 0], [2, 0]]]


@pytest.mark.parametrize("y, s, kw, match", [
    ([0, 1], [0.1, 0.2, 0.3], {}, "different lengths"),
    ([], [], {}, "empty"),
    ([0, 1], [0.1, np.nan], {}, "nan or inf"),
    ([0, 1], [0.1, np.inf], {}, "nan or inf"),
    ([0, 0], [0.1, 0.2], {}, "pos_label=1 is not present"),
    (["a", "b"], [0.1, 0.2], {}, "not present"),
    ([0, 1, 2], [0.1, 0.2, 0.3], {}, "at most two classes"),
    ([0, 1], [[0.1, 0.2], [0.3, 0.4]], {}, "1-D"),
    ([0, 1], ["x", "y"], {}, "real numbers"),
    ([0, 1], [0.1, 0.2], {"sample_weight": [1.0, -1.0]}, "negative"),
    ([0, 1], [0.1, 0.2], {"sample_weight": [1.0]}, "length"),
])
def test_sweep_rejects_bad_input(y, s, kw, match):
    with pytest.raises(ValueError, match=match):
        il.threshold_sweep(y, s, **kw)


def test_large_integer_range_labels():
    y = np.array([0, 10_000_000, 0, 10_000_000])
    t, m = il.threshold_sweep(y, [1, 2, 3, 4], pos_label=10_000_000)
    assert m[0].tolist() == [[0, 2], [0, 2]]


# --- optimal_operating_point ------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(scored(), st.sampled_from(["f1", "balanced_accuracy", "ac", "accuracy"]))
def test_optimum_is_the_best_real_threshold(data, name):
    y, s, _ = data
    assume(len(np.unique(y)) == 2)  # a single class raises (tested below)
    op = il.optimal_operating_point(y, s, metric=name)
    assert isinstance(op, OperatingPoint)
    # independent values: scikit-learn (or the hand formula) on every real cut
    tb, _ = brute_force(y, s)
    values = []
    for t in tb:
        pred = (s >= t).astype(int)
        if name == "f1":
            v = f1_score(y, pred, zero_division=0.0)
        elif name == "balanced_accuracy":
            v = balanced_accuracy_score(y, pred) if (y == 0).any() else 0.0
        elif name == "accuracy":
            v = float(np.mean(pred == y))
        else:
            tp, fn = np.sum(pred[y == 1] == 1), np.sum(pred[y == 1] == 0)
            tn, fp = np.sum(pred[y == 0] == 0), np.sum(pred[y == 0] == 1)
            if tp + fn == 0 or tn + fp == 0:
                v = 0.0
            else:
                a, b = tp / (tp + fn), tn / (tn + fp)
                v = 0.0 if a + b == 0 else 2 * a * b / (a + b)
        values.append(v)
    values = np.array(values)
    assert op.score == pytest.approx(values.max(), abs=1e-12)
    # deterministic tie rule: the first maximiser in sweep order (lowest threshold)
    assert op.index == int(np.flatnonzero(np.isclose(values, values.max(), atol=1e-12))[0])
    # the returned threshold reproduces the matrix on the data
    np.testing.assert_array_equal(
        confusion_matrix(y, (s >= op.threshold).astype(int), labels=[0, 1]), op.matrix
    )


def test_threshold_is_a_midpoint():
    op = il.optimal_operating_point([0, 0, 1, 1], [1.0, 2.0, 4.0, 5.0], metric="ac")
    assert op.threshold == 3.0 and op.score == 1.0 and op.index == 2
    assert op.matrix.tolist() == [[2, 0], [0, 2]]


def test_adjacent_floats_keep_the_partition():
    a = 1.0
    b = np.nextafter(a, 2.0)
    op = il.optimal_operating_point([0, 1], [a, b], metric="ac")
    assert op.score == 1.0
    assert (np.array([a, b]) >= op.threshold).tolist() == [False, True]


def test_constant_scores_only_two_cuts():
    op = il.optimal_operating_point([0, 1, 1], [0.5, 0.5, 0.5], metric="f1")
    # all positive: F1 = 2*2 / (2*2 + 1) = 0.8; all negative: 0
    assert op.index == 0 and op.threshold == -np.inf and op.score == pytest.approx(0.8)
    op = il.optimal_operating_point([0, 1, 1], [0.5, 0.5, 0.5], metric="tnr")
    assert op.index == 1 and op.threshold == np.inf and op.score == 1.0


def test_callable_metric_and_params():
    y, s = [0, 0, 1, 1, 1], [1, 4, 3, 8, 9]
    by_name = il.optimal_operating_point(y, s, metric="weighted_accuracy",
                                         metric_params={"alpha": 0.9})
    by_func = il.optimal_operating_point(
        y, s, metric=lambda C: 0.9 * il.tpr(C) + 0.1 * il.tnr(C))
    assert by_name.index == by_func.index
    assert by_name.score == pytest.approx(by_func.score)
    # alpha = 0.9 favours recall: every positive is found (TPR = 1), at threshold 2
    assert by_name.matrix[1, 1] == 3 and by_name.threshold == 2.0


def test_weighted_optimum():
    # weights make the single negative at 0.5 outweigh the two positives there
    y, s, w = [1, 0, 1, 0], [0.5, 0.5, 0.5, 0.1], [1, 10, 1, 1]
    op = il.optimal_operating_point(y, s, metric="accuracy", sample_weight=w)
    assert op.matrix.tolist() == [[11, 0], [2, 0]] and op.threshold == np.inf


@pytest.mark.parametrize("metric, match", [
    ("no_such_metric", "unknown metric"),
    (3, "a registry name or a function"),
    (lambda C: np.zeros(2), "one value per matrix"),
    (lambda C: np.full(C.shape[0], np.nan), "nan at every cut"),
])
def test_optimum_rejects_bad_metrics(metric, match):
    with pytest.raises(ValueError, match=match):
        il.optimal_operating_point([0, 1, 1], [0.1, 0.2, 0.3], metric=metric)


@pytest.mark.parametrize("y", [[1, 1, 1], [0, 0, 0], ["a", "a"]])
def test_optimum_on_a_single_class_raises_clearly(y):
    with pytest.raises(ValueError, match="single class"):
        il.optimal_operating_point(y, np.linspace(0, 1, len(y)), metric="ac",
                                   pos_label=1 if y[0] != "a" else "a")


@settings(max_examples=60, deadline=None)
@given(scored(weights=True))
def test_sweep_from_counts_equals_the_sweep_of_the_samples(data):
    """Aggregating per distinct score first (as a distributed group-by does) changes nothing."""
    y, s, w = data
    w = np.ones(len(y)) if w is None else np.asarray(w, float)
    values = np.unique(s)
    pos = np.array([w[(s == v) & (y == 1)].sum() for v in values])
    neg = np.array([w[(s == v) & (y == 0)].sum() for v in values])
    rng = np.random.default_rng(len(y))
    order = rng.permutation(len(values))  # any order of the aggregated rows
    t1, m1 = il.sweep_from_counts(values[order], pos[order], neg[order])
    t2, m2 = il.threshold_sweep(y, s, sample_weight=w)
    np.testing.assert_array_equal(t1, t2)
    np.testing.assert_allclose(m1, m2, rtol=1e-12, atol=1e-12)


def test_sweep_from_counts_rejects_duplicates_and_bad_weights():
    with pytest.raises(ValueError, match="distinct"):
        il.sweep_from_counts([0.1, 0.1], [1, 0], [0, 1])
    with pytest.raises(ValueError, match="non-negative"):
        il.sweep_from_counts([0.1, 0.2], [1, -1], [0, 1])
    with pytest.raises(ValueError, match="same length"):
        il.sweep_from_counts([0.1, 0.2], [1], [0, 1])


def test_sweep_over_several_blocks_matches_sklearn(monkeypatch):
    """The unweighted sweep works through its index arrays in blocks; cross a few."""
    from imbalance_lib import thresholds

    monkeypatch.setattr(thresholds, "_INDEX_BLOCK", 7)
    rng = np.random.default_rng(3)
    y = (rng.random(500) < 0.3).astype(int)
    s = np.round(rng.normal(y, 1.0), 1)
    thr, m = il.threshold_sweep(y, s)
    tns, fps, fns, tps, sk_thr = confusion_matrix_at_thresholds(y, s)
    np.testing.assert_array_equal(thr[:-1], sk_thr[::-1])
    np.testing.assert_array_equal(m[:-1, 1, 1], tps[::-1])
    np.testing.assert_array_equal(m[:-1, 0, 1], fps[::-1])


def test_sweep_stack_is_read_only_and_keyword_is_y_score():
    thr, m = il.threshold_sweep(y_true=[0, 1], y_score=[0.2, 0.8])
    assert not m.flags.writeable
    with pytest.raises(ValueError):
        m[0, 0, 0] = 5.0
    assert il.optimal_operating_point([0, 1], y_score=[0.2, 0.8], metric="ac").score == 1.0
