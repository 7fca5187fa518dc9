"""confusion_matrix and binary_matrix: agreement with scikit-learn and input checks."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import confusion_matrix as sk_confusion_matrix

import imbalance_lib as il

pytestmark = pytest.mark.filterwarnings("ignore:A single label was found")


def pairs(elements, max_size=60):
    """Two equal-length label lists drawn from the same element strategy."""
    return st.integers(1, max_size).flatmap(
        lambda n: st.tuples(st.lists(elements, min_size=n, max_size=n),
                            st.lists(elements, min_size=n, max_size=n))
    )


@given(pairs(st.integers(-3, 6)))
def test_small_integer_labels_match_sklearn(yy):
    t, p = yy
    np.testing.assert_array_equal(il.confusion_matrix(t, p), sk_confusion_matrix(t, p))


@given(pairs(st.sampled_from([-10**9, 0, 7, 10**6, 10**12])))
def test_wide_integer_labels_match_sklearn(yy):
    t, p = yy  # a range wider than the dense fast path
    np.testing.assert_array_equal(il.confusion_matrix(t, p), sk_confusion_matrix(t, p))


@given(pairs(st.sampled_from(["cat", "dog", "emu", "ant"])))
def test_string_labels_match_sklearn(yy):
    t, p = yy
    np.testing.assert_array_equal(il.confusion_matrix(t, p), sk_confusion_matrix(t, p))


@given(pairs(st.booleans()))
def test_bool_labels_match_sklearn(yy):
    t, p = yy
    np.testing.assert_array_equal(
        il.confusion_matrix(np.array(t), np.array(p)), sk_confusion_matrix(np.array(t), np.array(p))
    )


@given(pairs(st.sampled_from([0.0, 1.0, 2.0])))
def test_integral_float_labels_match_sklearn(yy):
    t, p = yy
    np.testing.assert_array_equal(il.confusion_matrix(t, p), sk_confusion_matrix(t, p))


@given(pairs(st.integers(0, 4)), st.permutations([0, 1, 2, 3, 4, 5]), st.integers(1, 6))
def test_labels_argument_matches_sklearn(yy, order, n_labels):
    """Reordered, extended (absent class 5) and truncated label lists, as scikit-learn does."""
    t, p = yy
    labels = list(order[:n_labels])
    if not set(labels) & set(t):
        with pytest.raises(ValueError):
            sk_confusion_matrix(t, p, labels=labels)
        with pytest.raises(ValueError):
            il.confusion_matrix(t, p, labels=labels)
        return
    np.testing.assert_array_equal(
        il.confusion_matrix(t, p, labels=labels), sk_confusion_matrix(t, p, labels=labels)
    )


@given(pairs(st.integers(0, 3), max_size=40), st.data())
def test_sample_weight_matches_sklearn(yy, data):
    t, p = yy
    w_int = data.draw(st.lists(st.integers(0, 5), min_size=len(t), max_size=len(t)))
    w_float = data.draw(st.lists(st.floats(0, 10), min_size=len(t), max_size=len(t)))
    for w in (np.array(w_int), np.array(w_float)):
        ours = il.confusion_matrix(t, p, sample_weight=w)
        if not w.any():  # scikit-learn 1.9 refuses all-zero weights; we return zeros
            assert not ours.any()
            continue
        theirs = sk_confusion_matrix(t, p, sample_weight=w)
        assert ours.dtype == theirs.dtype
        np.testing.assert_allclose(ours, theirs)


def test_dtype_and_shape_like_sklearn():
    C = il.confusion_matrix([1, 2, 2], [2, 2, 1])
    assert C.dtype == np.int64 and C.shape == (2, 2)
    assert il.confusion_matrix([0], [0]).tolist() == [[1]]
    assert il.confusion_matrix(np.array([[0], [1]]), [0, 1]).tolist() == [[1, 0], [0, 1]]


def test_hand_computed_matrix():
    # true:  a a a b b c ; pred: a b a b c c  -> rows a: (2,1,0) b: (0,1,1) c: (0,0,1)
    C = il.confusion_matrix(list("aaabbc"), list("abab" "cc"))
    assert C.tolist() == [[2, 1, 0], [0, 1, 1], [0, 0, 1]]


@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, message",
    [
        ([0, 1], [0], {}, "different lengths"),
        ([], [], {}, "empty"),
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]], {}, "1-D"),
        ([0.5, 1.0], [0.0, 1.0], {}, "non-integer"),
        ([np.nan, 1.0], [0.0, 1.0], {}, "nan"),
        ([0, 1], ["a", "b"], {}, "mix"),
        (np.array(["a", 1], dtype=object), ["a", "b"], {}, "mixes"),
        ([0, 1], [0, 1], {"labels": [0, 0, 1]}, "duplicates"),
        ([0, 1], [0, 1], {"labels": []}, "non-empty"),
        ([0, 1], [0, 1], {"labels": ["a", "b"]}, "different types"),
        ([0, 1], [0, 1], {"sample_weight": [1.0]}, "length 2"),
        ([0, 1], [0, 1], {"sample_weight": [1.0, -1.0]}, "negative"),
        ([0, 1], [0, 1], {"sample_weight": [1.0, np.inf]}, "nan or inf"),
    ],
)
def test_malformed_input_raises(y_true, y_pred, kwargs, message):
    with pytest.raises(ValueError, match=message):
        il.confusion_matrix(y_true, y_pred, **kwargs)


def test_binary_matrix_layout_and_broadcast():
    C = il.binary_matrix(tp=[1, 2], fn=3, fp=4, tn=5)
    assert C.shape == (2, 2, 2)
    assert C[1].tolist() == [[5, 4], [3, 2]]
    assert il.binary_matrix(0.5, 0.5, 0.25, 0.75).dtype == float


@pytest.mark.parametrize("bad", [-1, np.nan, np.inf])
def test_binary_matrix_rejects_bad_counts(bad):
    with pytest.raises(ValueError):
        il.binary_matrix(bad, 1, 1, 1)
