"""class_balance_interval: the kink-corrected interval of CBA and IAM.

Expected values are computed by hand (CBA of small matrices) or by pycm (its CBA);
the coverage of the method is tested in tests/test_intervals_coverage.py.
"""

import numpy as np
import pycm
import pytest

import imbalance_lib as il
from imbalance_lib import class_balance_interval

EVEN = [[16, 2, 2], [2, 16, 2], [2, 2, 16]]  # CBA = 16/20 = 0.8 (row and column sums 20)


def _pycm_cba(C):
    C = np.asarray(C)
    k = len(C)
    cm = pycm.ConfusionMatrix(matrix={i: {j: int(C[i, j]) for j in range(k)}
                                      for i in range(k)})
    return cm.CBA


def test_estimate_is_cba_by_hand_and_by_pycm():
    iv = class_balance_interval(EVEN, random_state=0)
    assert iv.estimate == pytest.approx(0.8, abs=1e-12)
    C = [[30, 5, 1], [4, 7, 3], [0, 2, 9]]
    # by hand: min(30/36, 30/34) + min(7/14, 7/14) + min(9/11, 9/13), over 3
    hand = (30 / 36 + 7 / 14 + 9 / 13) / 3
    iv = class_balance_interval(C, random_state=0)
    assert iv.estimate == pytest.approx(hand, abs=1e-12)
    assert iv.estimate == pytest.approx(_pycm_cba(C), abs=1e-12)
    assert iv.method == "kink-bootstrap" and iv.undefined_share == 0.0


def test_interval_contains_estimate_and_is_ordered():
    rng = np.random.default_rng(5)
    C = rng.integers(0, 30, size=(40, 4, 4)) + np.eye(4, dtype=int)
    iv = class_balance_interval(C, n_resamples=200, random_state=1)
    assert np.all(iv.low <= iv.estimate) and np.all(iv.estimate <= iv.high)
    assert np.all((0 <= iv.low) & (iv.high <= 1))


def test_perfect_classifier_reaches_one():
    low, high = class_balance_interval(np.diag([5, 5, 5]), random_state=0)
    assert high == 1.0 and 0.5 < low < 1.0


def test_iam_is_twice_cba_minus_one():
    C = [[30, 5, 1], [4, 7, 3], [0, 2, 9]]
    cba = class_balance_interval(C, random_state=3)
    iam = class_balance_interval(C, "iam", random_state=3)
    assert iam.estimate == pytest.approx(il.iam(np.asarray(C, float)), abs=1e-12)
    assert iam.low == pytest.approx(2 * cba.low - 1) and iam.high == pytest.approx(2 * cba.high - 1)


def test_levels_nest_and_stacks_reshape():
    rng = np.random.default_rng(0)
    C = rng.integers(1, 20, size=(6, 3, 3))
    narrow = class_balance_interval(C, confidence=0.8, random_state=4)
    wide = class_balance_interval(C, confidence=0.99, random_state=4)
    assert np.all(wide.low <= narrow.low) and np.all(narrow.high <= wide.high)
    flat = class_balance_interval(C, random_state=7)
    nested = class_balance_interval(C.reshape(2, 3, 3, 3), random_state=7)
    assert np.array_equal(flat.low, nested.low.reshape(6))
    assert np.array_equal(flat.high, nested.high.reshape(6))


def test_shift_only_at_a_tie():
    # against the plain stratified bootstrap: at a tie (EVEN: every class's row and column
    # sums are 20) the interval moves up by about the bias of the plug-in CBA (-0.038 for
    # these rates, measured in the chapter); with the branches far apart it hardly moves
    def moved(C):
        kink = class_balance_interval(C, n_resamples=4000, random_state=0)
        boot = il.confidence_interval(C, "cba", method="bootstrap", n_resamples=4000,
                                      random_state=0)
        return kink.low - boot.low, kink.high - boot.high

    apart = [[90, 5, 5], [30, 60, 10], [30, 30, 40]]
    assert min(moved(EVEN)) > 0.015
    assert max(map(abs, moved(apart))) < 0.006


def test_dtypes():
    ref = class_balance_interval(EVEN, random_state=0)
    for dtype in (np.uint8, np.int16, np.int64, np.float32, np.float64):
        iv = class_balance_interval(np.asarray(EVEN, dtype=dtype), random_state=0)
        assert (iv.low, iv.high) == pytest.approx((ref.low, ref.high))


def test_huge_counts_and_two_classes():
    big = np.asarray(EVEN, dtype=float) * 1e12
    low, high = class_balance_interval(big, random_state=0)
    assert np.isfinite([low, high]).all() and high - low < 1e-4 and low <= 0.8 <= high
    two = class_balance_interval([[50, 10], [5, 15]], random_state=0)
    assert two.low < two.estimate < two.high  # CBA of two classes: min recall/precision terms


def test_empty_stack():
    iv = class_balance_interval(np.zeros((0, 3, 3)), random_state=0)
    assert iv.low.shape == (0,) and iv.high.shape == (0,)


@pytest.mark.parametrize("bad, message", [
    ([[1.5, 2], [3, 4]], "integer"),
    ([[1, -2], [3, 4]], "negative"),
    ([[1, np.nan], [3, 4]], "finite|nan|NaN"),
    ([[1, np.inf], [3, 4]], "finite|inf"),
    ([[2.0**60, 1], [3, 4]], "2\\*\\*53"),
    ([[0, 0, 0], [1, 2, 3], [4, 5, 6]], "at least one sample"),
    ([[5]], "two classes"),
])
def test_bad_matrices_raise(bad, message):
    with pytest.raises(ValueError, match=message):
        class_balance_interval(bad, random_state=0)


@pytest.mark.parametrize("kwargs, message", [
    ({"metric": "mcc"}, "'cba' or 'iam'"),
    ({"n_resamples": 10}, "too few"),
    ({"n_resamples": 0}, "positive integer"),
    ({"n_resamples": True}, "positive integer"),
    ({"confidence": 1.0}, "strictly between"),
    ({"confidence": float("nan")}, "strictly between"),
])
def test_bad_arguments_raise(kwargs, message):
    with pytest.raises(ValueError, match=message):
        class_balance_interval(EVEN, random_state=0, **kwargs)


@pytest.mark.parametrize("C", [
    [[10**20, 1], [1, 10**20]],                          # Python ints beyond int64
    np.array([[2**60, 1], [1, 5]], dtype=object),        # an object array
])
@pytest.mark.parametrize("func", [
    lambda C: class_balance_interval(C, random_state=0),
    lambda C: il.confidence_interval(C, "tpr", random_state=0),
])
def test_huge_counts_of_any_dtype_are_refused(C, func):
    with pytest.raises(ValueError, match="2\\*\\*53"):
        func(C)


def test_infinite_counts_are_called_non_finite():
    for func in (class_balance_interval, lambda C: il.confidence_interval(C, "tpr")):
        with pytest.raises(ValueError, match="non-finite"):
            func([[np.inf, 1], [1, 2]])


def test_float16_counts_without_warning():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        iv = class_balance_interval(np.array(EVEN, dtype=np.float16), random_state=0)
    assert iv.estimate == pytest.approx(0.8, abs=1e-12)
