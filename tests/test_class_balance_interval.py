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


# ---------------------------------------------------------------- the tie rule, by hand
# (the audit's surviving mutants: sqrt(log n) -> log n in the tolerance, <= -> < in the
# tie test, and the active-branch choice; each of these tests kills one of them)

from imbalance_lib.intervals import _kink_bias, _tie_tolerance  # noqa: E402


def test_tie_tolerance_is_sd_times_root_log_n():
    # one matrix, two classes, four draws: a - b = (0, 2, 0, 2) for class 0 (sd 1, ddof 0)
    # and (1, 1, 1, 1) for class 1 (sd 0)
    a = np.array([[[1.0, 2.0], [3.0, 2.0], [1.0, 2.0], [3.0, 2.0]]])
    b = np.array([[[1.0, 1.0], [1.0, 1.0], [1.0, 1.0], [1.0, 1.0]]])
    n = np.array([[100.0, 1.0]])
    kappa = _tie_tolerance(a, b, n)
    assert kappa.shape == (1, 2)
    assert kappa[0, 0] == pytest.approx(np.sqrt(np.log(100)), rel=1e-12)  # 2.146, not 4.605
    assert kappa[0, 1] == 0.0
    # a class of one sample takes log 2: sd 1 -> sqrt(log 2) = 0.833
    assert _tie_tolerance(a[..., ::-1], b, n)[0, 1] == pytest.approx(np.sqrt(np.log(2)))


# three draws of one matrix with one class: h_a and h_b per draw
H_A = np.array([[[0.125], [-0.375], [0.0]]])   # mean -1/12
H_B = np.array([[[-0.25], [0.25], [-0.125]]])  # mean -1/24
MIN_AB = (-0.25 - 0.375 - 0.125) / 3           # mean of min(h_a, h_b) = -0.25


@pytest.mark.parametrize("a_hat, b_hat, kappa, expected", [
    (0.5, 0.75, 0.25, MIN_AB),          # |a - b| == kappa exactly: tied (<=, not <)
    (0.5, 0.5, 0.0, MIN_AB),            # equal branches with a zero tolerance: tied
    (0.5, 0.75, 0.125, -1 / 12),        # a apart and smaller: a's draws (the active branch)
    (0.75, 0.5, 0.125, -1 / 24),        # b apart and smaller: b's draws
    (0.75, 0.5, 0.5, MIN_AB),           # within the tolerance: tied
])
def test_kink_bias_by_hand(a_hat, b_hat, kappa, expected):
    bias = _kink_bias(np.array([[a_hat]]), np.array([[b_hat]]), H_A, H_B,
                      np.array([[kappa]]))
    assert bias.shape == (1,)
    assert bias[0] == pytest.approx(expected, abs=1e-15)


def test_kink_bias_averages_classes_then_draws():
    # two classes: class 0 tied (min), class 1 active branch a (a_hat < b_hat, far apart)
    h_a = np.array([[[0.5, 0.25], [-0.5, 0.75]]])
    h_b = np.array([[[0.25, 1.0], [0.0, -1.0]]])
    bias = _kink_bias(np.array([[0.5, 0.25]]), np.array([[0.5, 0.75]]), h_a, h_b,
                      np.array([[0.0, 0.125]]))
    # draw 1: (min(0.5, 0.25) + 0.25) / 2 = 0.25; draw 2: (min(-0.5, 0) + 0.75) / 2 = 0.125
    assert bias[0] == pytest.approx((0.25 + 0.125) / 2, abs=1e-15)


def test_the_interval_uses_the_tie_rule():
    # end to end: the interval is the bootstrap percentile interval shifted by -bias, so
    # a rule changed inside class_balance_interval changes its limits
    C = np.array([[6, 1, 1], [1, 6, 1], [1, 1, 6]])
    iv = class_balance_interval(C, n_resamples=400, random_state=11)
    rng = np.random.default_rng(11)
    n = C.sum(axis=-1).astype(float)
    smooth = n[:, None] * (C + 1 / 3) / (n[:, None] + 1)
    from imbalance_lib.intervals import _cba_branches, _draw_rows
    draws = _draw_rows(smooth[None], 400, "bootstrap", 0.0, rng)
    a, b = _cba_branches(draws, n[None, None, :])
    a_hat, b_hat = _cba_branches(C[None].astype(float), n[None])
    a_sm, b_sm = _cba_branches(smooth[None], n[None])
    kappa = (a - b).std(axis=1) * np.sqrt(np.log(n))[None]
    tied = np.abs(a_hat - b_hat) <= kappa
    assert tied.all()  # balanced and even: every class is tied
    h_a, h_b = a - a_sm[:, None], b - b_sm[:, None]
    bias = np.minimum(h_a, h_b).mean(axis=-1).mean(axis=-1)[0]
    values = np.minimum(a, b).mean(axis=-1)[0]
    lo, hi = np.quantile(values, [0.025, 0.975])
    assert iv.low == pytest.approx(min(np.clip(lo - bias, 0, 1), 0.75), abs=1e-12)
    assert iv.high == pytest.approx(max(np.clip(hi - bias, 0, 1), 0.75), abs=1e-12)
