"""Exact answers at the extremes: huge and tiny counts, many classes, unusual label dtypes.

Every expected value comes from exact arithmetic (fractions, 60-digit decimals), from
scikit-learn, or from a hand count; never from the code under test.
"""

import math
import pickle
import warnings
from decimal import Decimal, getcontext
from fractions import Fraction as Fr

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from sklearn.metrics import confusion_matrix as sk_confusion_matrix

import imbalance_lib as il

getcontext().prec = 60
pytestmark = pytest.mark.filterwarnings("ignore:A single label was found")

# --- geometric mean of many recalls ---------------------------------------------------


def cyclic(k, hit, miss):
    """k x k matrix, every class: `hit` correct, `miss` predicted as the next class."""
    C = np.diag(np.full(k, float(hit)))
    C[np.arange(k), (np.arange(k) + 1) % k] += miss
    return C


@pytest.mark.parametrize(
    "k, hit, miss, recall",
    [(1000, 2, 3, 0.4), (2000, 3, 2, 0.6), (320, 1, 9, 0.1), (5000, 1, 1, 0.5)],
)
def test_g_mean_of_many_classes_does_not_underflow(k, hit, miss, recall):
    assert il.g_mean(cyclic(k, hit, miss)) == pytest.approx(recall, rel=1e-12)


@given(st.lists(st.tuples(st.integers(1, 50), st.integers(0, 50)), min_size=3, max_size=400))
def test_g_mean_matches_exact_log_mean(rows):
    k = len(rows)
    C = np.zeros((k, k))
    for i, (hit, miss) in enumerate(rows):
        C[i, i], C[i, (i + 1) % k] = hit, miss
    recalls = [Fr(h, h + m) for h, m in rows]
    expected = math.exp(math.fsum(math.log(r) for r in recalls) / k)
    assert il.g_mean(C) == pytest.approx(expected, rel=1e-12)


# --- MCC and kappa inside [-1, 1] and precise near zero ---------------------------------


def exact_mcc_kappa(C):
    """MCC and kappa of a matrix of floats, in exact rational arithmetic."""
    C = [[Fr(float(x)) for x in row] for row in C]
    k = len(C)
    n = sum(map(sum, C))
    rows = [sum(C[i]) for i in range(k)]
    cols = [sum(C[i][j] for i in range(k)) for j in range(k)]
    cov = n * sum(C[i][i] for i in range(k)) - sum(r * c for r, c in zip(rows, cols))
    pp = n * n - sum(c * c for c in cols)
    tt = n * n - sum(r * r for r in rows)
    ke = n * n - sum(r * c for r, c in zip(rows, cols))
    mcc = None if pp * tt == 0 else Decimal(cov.numerator) / Decimal(cov.denominator) / (
        Decimal((pp * tt).numerator) / Decimal((pp * tt).denominator)).sqrt()
    kappa = None if ke == 0 else cov / ke
    return (None if mcc is None else float(mcc)), (None if kappa is None else float(kappa))


@pytest.mark.parametrize(
    "C, exact",
    [([[0, 1e16], [1, 0]], -1.0), ([[5, 1e17], [1, 0]], None)],
)
def test_mcc_stays_in_range_on_huge_counts(C, exact):
    expected = exact_mcc_kappa(C)[0] if exact is None else exact
    assert il.mcc(C) == pytest.approx(expected, rel=1e-12)


def test_mcc_score_with_tiny_weight():
    # y_true = [0, 1], y_pred = [1, 0]: both wrong; MCC is -1 whatever the weights
    assert il.mcc_score([0, 1], [1, 0], sample_weight=[1, 1e-17]) == pytest.approx(-1.0)


def test_kappa_stays_in_range():
    C = [[799988.27, 1.7e-127], [0, 1e-5]]
    value = il.kappa(C)
    assert value <= 1.0
    assert value == pytest.approx(exact_mcc_kappa(C)[1], rel=1e-12)


@pytest.mark.parametrize("x, y", [(1234567891, 9876543211), (1234567891011, 9876543210987),
                                  (1234567891011121, 987654321098765)])
def test_near_zero_mcc_and_kappa_keep_their_precision(x, y):
    # TN = FN = x, FP = y, TP = y + 1: TP*TN - FP*FN = x, tiny beside the products
    C = [[float(x), float(y)], [float(x), float(y + 1)]]
    mcc, kappa = exact_mcc_kappa(C)
    assert il.mcc(C) == pytest.approx(mcc, rel=1e-9, abs=0)
    assert il.kappa(C) == pytest.approx(kappa, rel=1e-9, abs=0)


# Counts in the subnormal range (below 2.2e-308) carry fewer than 16 significant digits
# themselves, and products with them lose more: exactness to 1e-9 is not promised there
# (a perfect or inverted classifier still scores exactly +-1, tests/test_library_fixes.py).
COUNT = st.one_of(
    st.sampled_from([0.0, 1.0, 5.0, 1e-5, 1.7e-127, 799988.27, 1e12, 1e15, 1e16, 1e17]),
    st.floats(0, 1e18, allow_subnormal=False),
    st.integers(0, 2**53).map(float),
)


@pytest.mark.parametrize("k, tolerance", [(2, {"rel": 1e-9, "abs": 1e-300}),
                                          (3, {"abs": 1e-9})])
@given(data=st.data())
def test_mcc_and_kappa_are_exact_and_in_range(k, tolerance, data):
    """Binary: exact to 1e-9 relative; three classes: within [-1, 1] and 1e-9 absolute.

    The promise holds while a product of two counts of the matrix stays a normal
    float once the matrix is scaled to a largest count near 1: counts at least 1e-150
    times the largest. Beyond that (``[[1, 8e-170], [8e-170, 0]]``: FP FN underflows,
    MCC 0 instead of -8e-170) the values are not exact to 1e-9 relative.
    """
    C = np.array(data.draw(st.lists(COUNT, min_size=k * k, max_size=k * k))).reshape(k, k)
    positive = C[C > 0]
    assume(positive.size == 0 or positive.min() >= 1e-150 * positive.max())
    expected = exact_mcc_kappa(C)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", il.UndefinedMetricWarning)
        ours = il.mcc(C, zero_division=np.nan), il.kappa(C, zero_division=np.nan)
    for value, exact in zip(ours, expected):
        if exact is not None:
            assert -1 <= value <= 1
            assert value == pytest.approx(exact, **tolerance)


# --- unusual label dtypes and ranges ---------------------------------------------------


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32, np.uint64, np.int8])
def test_unsigned_and_narrow_integer_labels(dtype):
    t, p = np.array([0, 1, 1, 0, 1], dtype), np.array([0, 1, 0, 0, 1], dtype)
    assert il.confusion_matrix(t, p).tolist() == [[2, 0], [1, 2]]
    assert il.tpr_score(t, p) == pytest.approx(2 / 3)
    assert il.mcc_score(t, p) == pytest.approx(il.mcc([[2, 0], [1, 2]]))
    thr, m = il.threshold_sweep(t, [0.1, 0.9, 0.4, 0.2, 0.8])
    assert m[-1].tolist() == [[2, 0], [3, 0]]


@pytest.mark.parametrize(
    "labels",
    [
        np.array([2**62, 2**62 + 1], np.int64),
        np.array([-(2**63), -(2**63) + 1], np.int64),
        np.array([2**63 - 2, 2**63 - 1], np.int64),
        np.array([2**64 - 2, 2**64 - 1], np.uint64),
        np.array([-128, 127], np.int8),
    ],
)
def test_narrow_ranges_far_from_zero(labels):
    a, b = labels
    t = np.array([a, a, b, b, b], labels.dtype)
    p = np.array([a, b, b, b, a], labels.dtype)
    expected = [[1, 1], [1, 2]]  # counted by hand
    C, classes = il.confusion_matrix(t, p), sorted(set(t.tolist()))
    assert C.tolist() == expected and classes == [int(a), int(b)]
    assert il.tpr_score(t, p, pos_label=b) == pytest.approx(2 / 3)
    assert il.confusion_matrix(t, p, labels=[b, a]).tolist() == [[2, 1], [1, 1]]


def test_labels_beyond_one_chunk_with_a_late_larger_label():
    """A class that first appears after 131,072 samples (the counting chunk)."""
    n = 3 * (1 << 17) + 11
    rng = np.random.default_rng(0)
    t = rng.integers(0, 2, n)
    p = rng.integers(0, 2, n)
    t[-5:] = [5, 7, 5, 0, 9]
    p[-3:] = [11, 5, 5]
    w = rng.random(n)
    np.testing.assert_array_equal(il.confusion_matrix(t, p), sk_confusion_matrix(t, p))
    np.testing.assert_allclose(
        il.confusion_matrix(t, p, sample_weight=w), sk_confusion_matrix(t, p, sample_weight=w),
        rtol=1e-12,
    )


WEIGHTS = st.sampled_from([0.0, 0.25, 1.0, 3.5, 1e-3])


def weighted(elements):
    def build(n):
        lab = st.lists(elements, min_size=n, max_size=n)
        return st.tuples(lab, lab, st.lists(WEIGHTS, min_size=n, max_size=n))

    return st.integers(1, 40).flatmap(build)


@pytest.mark.parametrize(
    "elements",
    [
        st.sampled_from(["ant", "bee", "cat"]),  # strings: np.unique path
        st.sampled_from([-(10**12), 0, 10**12]),  # a range wider than the dense path
        st.integers(0, 3),  # the dense path
    ],
    ids=["strings", "wide-integers", "dense"],
)
@given(data=st.data())
def test_weights_on_every_counting_path_match_sklearn(elements, data):
    t, p, w = data.draw(weighted(elements))
    assume(sum(w) > 0)  # scikit-learn refuses all-zero weights
    labels = sorted(set(t)) if data.draw(st.booleans()) else None
    np.testing.assert_allclose(
        il.confusion_matrix(t, p, sample_weight=w, labels=labels),
        sk_confusion_matrix(t, p, sample_weight=w, labels=labels),
        rtol=1e-12, atol=1e-15,
    )


@given(data=st.data())
def test_normalize_matches_sklearn(data):
    t, p, w = data.draw(weighted(st.integers(0, 3)))
    assume(sum(w) > 0)
    how = data.draw(st.sampled_from(["true", "pred", "all"]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = sk_confusion_matrix(t, p, sample_weight=w, normalize=how)
    np.testing.assert_allclose(
        il.confusion_matrix(t, p, sample_weight=w, normalize=how), expected, atol=1e-12
    )


def test_integer_weights_above_2_53_are_summed_exactly():
    w = np.array([2**53, 1, 1], np.int64)
    C = il.confusion_matrix([0, 0, 0], [0, 0, 0], sample_weight=w)
    assert C.dtype == np.int64 and int(C[0, 0]) == 2**53 + 2
    with pytest.raises(ValueError, match="2\\*\\*63"):
        il.confusion_matrix([0, 1], [0, 1], sample_weight=np.array([2**62, 2**62], np.int64))


def test_complex_matrices_are_rejected_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match="complex"):
            il.tpr(np.array([[1, 0], [0, 1]], dtype=complex))
        with pytest.raises(ValueError, match="complex"):
            il.mcc([[1 + 0j, 0], [0, 1]])


def test_messages_show_plain_values():
    for call in (
        lambda: il.binary_confusion(np.array([0, 2]), np.array([0, 2])),
        lambda: il.tpr_score(np.array([0, 1, 2]), np.array([0, 1, 2])),
        lambda: il.threshold_sweep(np.array([0, 2]), [0.1, 0.2]),
        lambda: il.cba_score(np.array([0, 5]), np.array([0, 5]), labels=[0]),
    ):
        with pytest.raises(ValueError) as err:
            call()
        assert "np." not in str(err.value), str(err.value)


# --- the always-wrong classifier under OP -------------------------------------------------


def test_optimized_precision_of_the_always_wrong_classifier_cannot_outrank():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        worst = il.optimized_precision([[0, 3], [2, 0]])
    assert worst == -1.0
    # OP = ACC - |TNR - TPR| / (TNR + TPR) = 1/11 - (1/10) / (1/10) = -10/11
    assert il.optimized_precision([[1, 9], [1, 0]]) == pytest.approx(-10 / 11)


@given(st.lists(st.integers(0, 30), min_size=4, max_size=4))
def test_no_classifier_ranks_below_the_always_wrong_one(counts):
    tn, fp, fn, tp = counts
    if tn + fp == 0 or tp + fn == 0:
        return
    value = il.optimized_precision([[tn, fp], [fn, tp]])
    assert value >= il.optimized_precision([[0, tn + fp], [tp + fn, 0]])


# --- the registry travels to other processes ----------------------------------------------


def test_metrics_registry_pickles():
    again = pickle.loads(pickle.dumps(il.METRICS))
    assert list(again) == list(il.METRICS)
    assert again["iba"] is il.METRICS["iba"]
    assert pickle.loads(pickle.dumps(il.METRICS["ac"])).func([[81, 9], [4, 6]]) == (
        pytest.approx(0.72)
    )


def test_estimators_and_operating_point_are_exported():
    from imbalance_lib.rbf_network import RBFNetworkClassifier
    from imbalance_lib.thresholds import OperatingPoint

    assert il.RBFNetworkClassifier is RBFNetworkClassifier
    assert il.OperatingPoint is OperatingPoint
    assert {"RBFNetworkClassifier", "OperatingPoint", "NearestMeanClassifier"} <= set(il.__all__)


def test_binary_g_mean_of_tiny_recalls_does_not_underflow():
    # recalls 1e-200 each: the product 1e-400 underflows, the geometric mean is 1e-200
    C = [[1.0, 1e200], [1e200, 1.0]]
    assert il.g_mean(C) == pytest.approx(1e-200, rel=1e-12)
    assert il.g_mean(il.binary_matrix(0.5, 0.5, 0.5, 0.5)) == 0.5  # sqrt(1/4), exactly
