"""Score intervals of a paired rate difference (imbalance_lib.paired, compare(method=...)).

Expected values come from an independent implementation's printed numbers
(Fagerland, Lydersen and Laake's R package ``contingencytables``, its test file
``tests/testthat/test-ch8.R``: the paired table of Cavo et al. 2012,
``rbind(c(59, 6), c(16, 80))``) and from closed forms derived by hand below.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib.paired import paired_proportion_interval

Z = NormalDist().inv_cdf(0.975)
CAVO = [[59, 6], [16, 80]]


def test_tango_matches_contingencytables_on_cavo_2012():
    low, high = paired_proportion_interval(CAVO, method="score")
    assert (round(low, 4), round(high, 4)) == (-0.1240, -0.0054)


def test_newcombe_matches_contingencytables_on_cavo_2012():
    low, high = paired_proportion_interval(CAVO, method="newcombe")
    assert (round(low, 4), round(high, 4)) == (-0.1186, -0.0046)


@pytest.mark.parametrize("n", [1, 2, 10, 1000])
def test_tango_without_disagreement_is_z2_over_n_plus_z2(n):
    # b = c = 0: the restricted q is max(-delta, 0), so for delta > 0 the statistic is
    # -sqrt(n delta / (1 - delta)); |Z| = z at delta = z^2 / (n + z^2)
    low, high = paired_proportion_interval([[n, 0], [0, 0]])
    assert high == pytest.approx(Z * Z / (n + Z * Z), abs=1e-12)
    assert low == pytest.approx(-high, abs=1e-12)


@pytest.mark.parametrize("b, n", [(2, 10), (3, 20), (1, 1), (5, 5), (10, 200)])
def test_tango_with_one_sided_disagreements_solves_the_hand_quadratics(b, n):
    # c = 0 (nested predictions). Below b/(2n - b) the restricted q is
    # (b - (2n - b) delta) / (2n), the variance term b - (n - b) delta - n delta^2, and
    # Z^2 = z^2 gives (n^2 + z^2 n) d^2 + (z^2 (n - b) - 2 b n) d + b^2 - z^2 b = 0;
    # above it q = 0 and (n^2 + z^2 n) d^2 - (2 b n + z^2 n) d + b^2 = 0.
    # a limit is the root that lies in its own region
    a2, kink = n * n + Z * Z * n, b / (2 * n - b)
    lo_b, lo_c = Z * Z * (n - b) - 2 * b * n, b * b - Z * Z * b
    low = (-lo_b - math.sqrt(lo_b ** 2 - 4 * a2 * lo_c)) / (2 * a2)
    hi_b = -(2 * b * n + Z * Z * n)
    high = (-hi_b + math.sqrt(hi_b ** 2 - 4 * a2 * b * b)) / (2 * a2)
    if low > kink:  # the lower limit lies where q = 0 too: the other root
        low = (-hi_b - math.sqrt(hi_b ** 2 - 4 * a2 * b * b)) / (2 * a2)
    assert high >= kink
    got = paired_proportion_interval([[n - b, b], [0, 0]])
    assert got[0] == pytest.approx(low, abs=1e-9)
    assert got[1] == pytest.approx(min(high, 1.0), abs=1e-9)


def test_newcombe_on_one_each_is_hand_computed():
    # (1, 0, 0, 1): p1 = p2 = 1/2, Wilson half-width z sqrt(1/2 + z^2/4) / (2 + z^2);
    # A = 1 <= n/2 = 1, so phi = 0 and the limits are -+ sqrt(2) times the half-width
    half = Z * math.sqrt(0.5 + Z * Z / 4) / (2 + Z * Z)
    low, high = paired_proportion_interval([[1, 0], [0, 1]], method="newcombe")
    assert (low, high) == pytest.approx((-math.sqrt(2) * half, math.sqrt(2) * half))
    assert round(high, 4) == 0.5734


def _joint(pos, neg):
    """Joint counts from each class's table [[both right, A only], [B only, both wrong]]."""
    J = np.zeros((2, 2, 2))
    for cls, t in ((1, pos), (0, neg)):
        r, w = cls, 1 - cls
        J[cls, r, r], J[cls, r, w], J[cls, w, r], J[cls, w, w] = t[0][0], t[0][1], \
            t[1][0], t[1][1]
    return J


def test_compare_score_is_the_table_interval_of_the_rate():
    J = _joint(pos=CAVO, neg=[[40, 3], [1, 6]])
    for metric, t in [("tpr", CAVO), ("tnr", [[40, 3], [1, 6]])]:
        for method in ("score", "newcombe"):
            c = il.compare(J, metric, method=method)
            assert (c.low, c.high) == pytest.approx(paired_proportion_interval(t, method=method))
            CA, CB = J.sum(axis=2), J.sum(axis=1)
            f = getattr(il, metric)
            assert c.difference == pytest.approx(float(f(CA) - f(CB)))
            assert c.undefined_share == 0 and c.method == method


def test_compare_score_prob_better_is_phi_of_mcnemar():
    # Tango's statistic at delta = 0 is McNemar's (b - c) / sqrt(b + c): -2.132 on Cavo
    J = _joint(pos=CAVO, neg=[[40, 3], [1, 6]])
    c = il.compare(J, "tpr", method="score")
    mcnemar = (6 - 16) / math.sqrt(22)
    assert round(mcnemar, 3) == -2.132
    assert c.prob_better == pytest.approx(NormalDist().cdf(mcnemar), abs=1e-9)


def test_balanced_accuracy_is_the_mover_combination_of_the_two_rates():
    pos, neg = [[30, 4], [0, 6]], [[300, 1], [3, 96]]
    J = _joint(pos=pos, neg=neg)
    for method in ("score", "newcombe"):
        (l1, u1), (l0, u0) = (paired_proportion_interval(t, method=method) for t in (pos, neg))
        d1, d0 = 4 / 40, (1 - 3) / 400
        theta = (d1 + d0) / 2
        c = il.compare(J, "balanced_accuracy", method=method)
        assert c.difference == pytest.approx(theta)
        assert c.low == pytest.approx(theta - 0.5 * math.hypot(d1 - l1, d0 - l0))
        assert c.high == pytest.approx(theta + 0.5 * math.hypot(u1 - d1, u0 - d0))
        assert c.difference == pytest.approx(float(il.balanced_accuracy(J.sum(2))
                                                   - il.balanced_accuracy(J.sum(1))))


def test_accuracy_pools_every_class_of_a_multiclass_table():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 3, 300)
    a = np.where(rng.random(300) < 0.8, y, rng.integers(0, 3, 300))
    b = np.where(rng.random(300) < 0.7, y, rng.integers(0, 3, 300))
    right_a, right_b = a == y, b == y
    table = [[np.sum(right_a & right_b), np.sum(right_a & ~right_b)],
             [np.sum(~right_a & right_b), np.sum(~right_a & ~right_b)]]
    c = il.compare_predictions(y, a, b, "accuracy", method="score")
    assert (c.low, c.high) == pytest.approx(paired_proportion_interval(table))
    assert c.difference == pytest.approx(right_a.mean() - right_b.mean())


def test_limits_nest_with_the_level_and_contain_the_estimate():
    rng = np.random.default_rng(0)
    tables = rng.integers(0, 30, size=(500, 2, 2))
    for method in ("score", "newcombe"):
        l90, h90 = paired_proportion_interval(tables, confidence=0.9, method=method)
        l95, h95 = paired_proportion_interval(tables, confidence=0.95, method=method)
        est = (tables[:, 0, 1] - tables[:, 1, 0]) / tables.sum(axis=(1, 2))
        ok = ~np.isnan(est)
        assert np.all(l95[ok] <= l90[ok] + 1e-12) and np.all(h90[ok] <= h95[ok] + 1e-12)
        assert np.all((l95[ok] <= est[ok] + 1e-12) & (est[ok] <= h95[ok] + 1e-12))
        assert np.all((l95[ok] >= -1) & (h95[ok] <= 1))


def test_a_stack_gives_the_values_of_single_calls():
    tables = np.array([CAVO, [[0, 3], [0, 0]], [[5, 0], [0, 5]]])
    low, high = paired_proportion_interval(tables)
    for t, lo, hi in zip(tables, low, high):
        assert (lo, hi) == pytest.approx(paired_proportion_interval(t), abs=1e-12)


# ------------------------------------------------------------------------ edge cases


@pytest.mark.parametrize("method", ["score", "newcombe"])
def test_extreme_tables(method):
    # every pair discordant one way: the estimate 1 is the upper limit
    low, high = paired_proportion_interval([[0, 7], [0, 0]], method=method)
    assert high == 1 and 0 < low < 1
    low, high = paired_proportion_interval([[0, 0], [7, 0]], method=method)
    assert low == -1 and -1 < high < 0
    # n = 1, one concordant sample; and a single discordant one
    low, high = paired_proportion_interval([[1, 0], [0, 0]], method=method)
    assert low < 0 < high
    low, high = paired_proportion_interval([[0, 1], [0, 0]], method=method)
    assert high == 1 and low < 0
    # huge counts: finite, narrow, around the estimate
    big = 2.0 ** 52
    low, high = paired_proportion_interval([[big, big / 4], [big / 8, big]], method=method)
    est = (1 / 4 - 1 / 8) / (2 + 3 / 8)
    assert low < est < high and high - low < 1e-6
    # an empty table has no difference
    assert all(np.isnan(paired_proportion_interval([[0, 0], [0, 0]], method=method)))


def test_compare_score_with_an_empty_class_is_undefined():
    J = _joint(pos=[[0, 0], [0, 0]], neg=[[40, 3], [1, 6]])
    c = il.compare(J, "tpr", method="score")
    assert np.isnan([c.low, c.high, c.difference, c.prob_better]).all()
    assert c.undefined_share == 1
    assert not np.isnan(il.compare(J, "tnr", method="score").low)


@pytest.mark.parametrize("bad, match", [
    ([[1, np.nan], [0, 1]], "finite"),
    ([[1, -1], [0, 1]], "non-negative"),
    ([[1, 2, 3], [0, 1, 2]], "shape"),
    ([["a", "b"], ["c", "d"]], "numbers"),
    (np.ma.masked_array([[1, 2], [3, 4]], mask=[[0, 1], [0, 0]]), "masked"),
])
def test_bad_tables_are_refused(bad, match):
    with pytest.raises(ValueError, match=match):
        paired_proportion_interval(bad)


@pytest.mark.parametrize("kwargs, match", [
    ({"method": "wald"}, "method"), ({"confidence": 1.0}, "confidence"),
    ({"confidence": "0.9"}, "confidence"),
])
def test_bad_parameters_are_refused(kwargs, match):
    with pytest.raises(ValueError, match=match):
        paired_proportion_interval(CAVO, **kwargs)


J_OK = _joint(pos=CAVO, neg=[[40, 3], [1, 6]])


@pytest.mark.parametrize("call, match", [
    (lambda: il.compare(J_OK, "mcc", method="score"), "tpr"),
    (lambda: il.compare(J_OK, il.tpr, method="score"), "tpr"),
    (lambda: il.compare(J_OK, "iba", method="newcombe", alpha=0.1), "parameters"),
    (lambda: il.compare(np.ones((3, 3, 3)), "tpr", method="score"), "two classes"),
    (lambda: il.compare(J_OK, "tpr", method="score", n_resamples=10), "n_resamples"),
    (lambda: il.compare(J_OK, "tpr", method="score", random_state=True), "random_state"),
    (lambda: il.compare(J_OK / J_OK.sum(axis=(1, 2), keepdims=True), "tpr", method="score"),
     "rates"),
    (lambda: il.compare(np.where(J_OK == 6, np.nan, J_OK), "tpr", method="score"), "nan|finite"),
])
def test_compare_refuses_what_the_score_method_cannot_do(call, match):
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize("method", ["score", "newcombe"])
@pytest.mark.parametrize("J", [J_OK * 1e19, (J_OK * 2**53).astype(np.int64) + 1],
                         ids=["1e19", "int64 2**53 + 1"])
def test_compare_score_refuses_huge_counts_without_speaking_of_resampling(J, method):
    # the closed forms draw nothing: the refusal must say why in their terms
    with pytest.raises(ValueError, match=r"2\*\*53") as refused:
        il.compare(J, "tpr", method=method)
    assert "resampl" not in str(refused.value) and method in str(refused.value)
    with pytest.raises(ValueError, match="resampled exactly"):  # the resampling methods
        il.compare(J, "tpr")


def test_compare_score_keeps_the_shape_of_a_stack():
    J = np.stack([J_OK, _joint(pos=[[10, 2], [0, 3]], neg=[[90, 0], [0, 10]])] * 3)
    c = il.compare(J.reshape(2, 3, 2, 2, 2), "balanced_accuracy", method="score")
    assert np.shape(c.low) == (2, 3) and np.shape(c.prob_better) == (2, 3)
    one = il.compare(J[1], "balanced_accuracy", method="score")
    assert c.low.reshape(-1)[1] == pytest.approx(one.low)
    assert 0.5 < one.prob_better < 1  # A ahead by two positives and nothing else
