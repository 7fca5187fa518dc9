"""The theorems of the AC-score chapter, as property tests.

Notation: t = TPR, s = TNR. Expected values come from the hand formulas of
the chapter (computed here from the raw counts), never from the function
under test.
"""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import imbalance_lib as il

counts = st.integers(0, 60)
rates = st.floats(0.0, 1.0, allow_nan=False)
TOL = 1e-12


@st.composite
def matrices(draw, positive_rows=True):
    tp, fn, fp, tn = (draw(counts) for _ in range(4))
    if positive_rows:
        assume(tp + fn > 0 and tn + fp > 0)
    return np.array([[tn, fp], [fn, tp]], dtype=float)


def rates_of(C):
    (tn, fp), (fn, tp) = C
    return tp / (tp + fn), tn / (tn + fp)


def values(C):
    return (il.ac(C, zero_division=0.0), il.g_mean(C, zero_division=0.0),
            il.balanced_accuracy(C, zero_division=0.0))


@settings(max_examples=400, deadline=None)
@given(matrices())
def test_ac_below_gm_below_ba_with_equality_cases(C):
    ac, gm, ba = values(C)
    t, s = rates_of(C)
    assert min(t, s) - TOL <= ac <= gm + TOL and gm <= ba + TOL and ba <= max(t, s) + TOL
    assert math.isclose(ac, gm, abs_tol=1e-12) == (t == s or t * s == 0)
    assert math.isclose(gm, ba, abs_tol=1e-12) == (t == s)
    assert math.isclose(ac, ba, abs_tol=1e-12) == (t == s)


@settings(max_examples=400, deadline=None)
@given(rates, rates)
def test_gaps_and_gm_squared_identity(t, s):
    assume(t + s > 0)
    C = il.binary_matrix(t * 1000, (1 - t) * 1000, (1 - s) * 300, s * 300)
    ac, gm, ba = values(C)
    assert ba - ac == pytest.approx((t - s) ** 2 / (2 * (t + s)), abs=1e-12)
    assert gm - ac == pytest.approx(
        math.sqrt(t * s) * (math.sqrt(t) - math.sqrt(s)) ** 2 / (t + s), abs=1e-12)
    assert ac * ba == pytest.approx(gm**2, abs=1e-12)  # AC = GM^2 / BA
    assert gm**2 <= ac + TOL and ac <= 2 * min(t, s) + TOL


@settings(max_examples=300, deadline=None)
@given(matrices())
def test_count_form(C):
    (tn, fp), (fn, tp) = C
    den = 2 * tp * tn + tp * fp + tn * fn
    expected = 0.0 if den == 0 else 2 * tp * tn / den
    assert il.ac(C, zero_division=0.0) == pytest.approx(expected, abs=1e-12)


@settings(max_examples=300, deadline=None)
@given(matrices())
def test_symmetric_in_the_classes(C):
    swapped = C[::-1, ::-1]  # the negative class becomes the positive one
    assert il.ac(swapped, zero_division=0.0) == pytest.approx(
        il.ac(C, zero_division=0.0), abs=1e-12)
    # while F1, which is not symmetric, generally changes
    t, s = rates_of(C)
    assert rates_of(swapped) == (s, t)


@settings(max_examples=300, deadline=None)
@given(matrices(), st.floats(1e-3, 1e3), st.floats(1e-3, 1e3))
def test_null_biased_row_scaling(C, a, b):
    scaled = C * np.array([[b], [a]])  # negatives x b, positives x a: any class proportion
    assert il.ac(scaled, zero_division=0.0) == pytest.approx(
        il.ac(C, zero_division=0.0), rel=1e-9, abs=1e-12)


@settings(max_examples=200, deadline=None)
@given(rates, st.integers(1, 1000), st.integers(1, 1000))
def test_keeps_a_common_rate(r, p, n):
    C = il.binary_matrix(r * p, (1 - r) * p, (1 - r) * n, r * n)
    assert il.ac(C) == pytest.approx(r, abs=1e-12)


@settings(max_examples=300, deadline=None)
@given(matrices())
def test_hmnc_is_a_prevalence_weighted_harmonic_mean(C):
    (tn, fp), (fn, tp) = C
    p, n = tp + fn, tn + fp
    t, s = tp / p, tn / n
    hmnc = il.hmnc(C, zero_division=0.0)
    ac = il.ac(C, zero_division=0.0)
    if t > 0 and s > 0:
        # 1 / HMNC = (N/M) / TPR + (P/M) / TNR
        assert 1 / hmnc == pytest.approx(n / (p + n) / t + p / (p + n) / s, rel=1e-12)
        # sign of HMNC - AC: that of (N - P)(TPR - TNR)
        diff = hmnc - ac
        sign = np.sign((n - p) * (t - s))
        assert (abs(diff) < 1e-12) if sign == 0 else (np.sign(diff) == sign)
    else:
        assert hmnc == 0.0 and ac == 0.0
    if p == n:
        assert hmnc == pytest.approx(ac, abs=1e-12)


@settings(max_examples=300, deadline=None)
@given(matrices())
def test_ac_versus_f1_has_the_sign_of_tnr_minus_precision(C):
    (tn, fp), (fn, tp) = C
    assume(tp > 0)  # then precision, TPR, F1 and AC are all positive
    t, s = rates_of(C)
    ppv = tp / (tp + fp)
    diff = il.ac(C) - il.f1(C)
    if abs(s - ppv) < 1e-12:
        assert abs(diff) < 1e-12
    else:
        assert np.sign(diff) == np.sign(s - ppv)


@settings(max_examples=300, deadline=None)
@given(matrices(), st.integers(1, 20))
def test_monotone_in_each_rate(C, k):
    (tn, fp), (fn, tp) = C
    k = min(k, int(fn))
    assume(k > 0)
    better = C.copy()
    better[1, 0] -= k  # k false negatives become true positives
    better[1, 1] += k
    before, after = il.ac(C), il.ac(better)
    assert after >= before - TOL
    if tn > 0:
        assert after > before


@settings(max_examples=300, deadline=None)
@given(st.floats(1e-6, 1.0), st.floats(1e-6, 1.0), st.floats(-8.0, -1.0))
def test_power_means_below_minus_one_penalise_more(t, s, p):
    # AC is the power mean of order -1; orders p < -1 (and min) give lower values
    C = il.binary_matrix(t * 100, (1 - t) * 100, (1 - s) * 100, s * 100)
    power_mean = ((t**p + s**p) / 2) ** (1 / p)
    assert min(t, s) - TOL <= power_mean <= il.ac(C) + 1e-9


def test_edge_value_is_zero_but_ratio_vanishes():
    # along TNR = 1/2, AC and GM both tend to 0 with TPR, but AC / GM -> 0
    t = np.array([1e-2, 1e-4, 1e-6])
    C = il.binary_matrix(t * 1e6, (1 - t) * 1e6, 0.5e6, 0.5e6)
    ratio = il.ac(C) / il.g_mean(C)
    np.testing.assert_allclose(ratio, 2 * np.sqrt(t * 0.5) / (t + 0.5), rtol=1e-9)
    assert np.all(np.diff(ratio) < 0)
