"""Identities and counterexamples of the AC-score chapter, as tests.

Notation: t = TPR, s = TNR, r = (t - s) / (t + s). Expected values come from
hand formulas on the raw counts (or from numpy's trapezoid rule), never from
the function under test.
"""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score

import imbalance_lib as il

counts = st.integers(0, 60)
unit = st.floats(0.0, 1.0, allow_nan=False)
trapezoid = np.trapezoid


@st.composite
def matrices(draw):
    tp, fn, fp, tn = (draw(counts) for _ in range(4))
    assume(tp + fn > 0 and tn + fp > 0)
    return np.array([[tn, fp], [fn, tp]], dtype=float)


def parts(C):
    (tn, fp), (fn, tp) = C
    return tp, fn, fp, tn


@settings(max_examples=400, deadline=None)
@given(matrices())
def test_ac_and_gm_are_ba_shrunk_by_the_balance_of_the_rates(C):
    tp, fn, fp, tn = parts(C)
    t, s = tp / (tp + fn), tn / (tn + fp)
    assume(t + s > 0)
    r = (t - s) / (t + s)
    ba = (t + s) / 2
    z = {"zero_division": 0.0}
    assert il.ac(C, **z) == pytest.approx(ba * (1 - r**2), abs=1e-12)
    assert il.g_mean(C, **z) == pytest.approx(ba * math.sqrt(max(0.0, 1 - r**2)), abs=1e-7)
    assert il.g_mean(C, **z) ** 2 == pytest.approx(ba**2 * (1 - r**2), abs=1e-12)
    d = t - s  # dominance: r = d / (2 BA)
    assert r == pytest.approx(d / (2 * ba), abs=1e-12)


@settings(max_examples=400, deadline=None)
@given(unit, unit, unit)
def test_equal_ba_differences_of_ac_and_gm(t1, s1, t2):
    # two classifiers with the same BA: t1 + s1 = t2 + s2
    s2 = t1 + s1 - t2
    assume(0.0 <= s2 <= 1.0 and t1 + s1 > 1e-6)
    ba = (t1 + s1) / 2
    ac1, ac2 = 2 * t1 * s1 / (t1 + s1), 2 * t2 * s2 / (t2 + s2)
    gm1, gm2 = math.sqrt(t1 * s1), math.sqrt(t2 * s2)
    assert ac1 - ac2 == pytest.approx((gm1 - gm2) * (gm1 + gm2) / ba, abs=1e-12)
    gap_ac, gap_gm = abs(ac1 - ac2), abs(gm1 - gm2)
    if gap_gm > 1e-9 and abs(gm1 + gm2 - ba) > 1e-9:
        assert (gap_ac > gap_gm) == (gm1 + gm2 > ba)


@settings(max_examples=300, deadline=None)
@given(unit, unit)
def test_moderate_balance_gives_gm_above_half_ba(t, s):
    assume(t + s > 1e-9)
    r = (t - s) / (t + s)
    assume(abs(r) < math.sqrt(3) / 2 - 1e-9)
    assert math.sqrt(t * s) > (t + s) / 4


def one_point_areas(C):
    """The authors' one-point ROC and PR trapezoids (compute_metric.m)."""
    tp, fn, fp, tn = parts(C)
    sens = tp / (tp + fn)
    fpr = fp / (fp + tn)
    prec = 0.0 if tp + fp == 0 else tp / (tp + fp)
    auroc = trapezoid([0.0, sens, 1.0], [0.0, fpr, 1.0])
    aupr = trapezoid([1.0, prec, 0.0], [0.0, sens, 1.0])
    return auroc, aupr, sens, prec


@settings(max_examples=400, deadline=None)
@given(matrices())
def test_one_point_auroc_is_ba_and_one_point_aupr_is_mean_of_tpr_and_precision(C):
    auroc, aupr, sens, prec = one_point_areas(C)
    z = {"zero_division": 0.0}
    assert auroc == pytest.approx(il.balanced_accuracy(C, **z), abs=1e-12)
    assert aupr == pytest.approx((sens + prec) / 2, abs=1e-12)
    # AC is below the single-point AUROC (= BA)
    assert il.ac(C, **z) <= auroc + 1e-12
    # averaged over the two classes: (BA + macro precision) / 2
    _, aupr_neg, _, _ = one_point_areas(C[::-1, ::-1])
    expected = (il.balanced_accuracy(C, **z) + il.macro_precision(C, **z)) / 2
    assert (aupr + aupr_neg) / 2 == pytest.approx(expected, abs=1e-12)


def test_ac_of_a_cut_can_exceed_the_area_under_the_whole_roc_curve():
    y = np.array([0, 1, 0, 1])
    z = np.array([0.9, 0.8, 0.3, 0.1])
    C = il.confusion_matrix(y, (z >= 0.5).astype(int), labels=[0, 1])
    assert il.ac(C) == pytest.approx(0.5)
    assert roc_auc_score(y, z) == pytest.approx(0.25)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.just(0.0), st.floats(1e-6, 1.0)), st.one_of(st.just(0.0), st.floats(1e-6, 1.0)),
       st.floats(-8.0, -1.0001))
def test_power_mean_equals_ac_iff_equal_rates_or_a_zero_rate(t, s, p):
    ac = 0.0 if t + s == 0 else 2 * t * s / (t + s)
    mp = 0.0 if t * s == 0 else ((t**p + s**p) / 2) ** (1 / p)
    assert mp <= ac + 1e-12
    if t == s or t * s == 0:
        assert mp == pytest.approx(ac, abs=1e-12)
    elif abs(t - s) > 1e-3 and min(t, s) > 1e-3:
        assert mp < ac


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 1), min_size=2, max_size=40), st.floats(-5, 5))
def test_no_threshold_of_a_constant_score_has_a_positive_ac(y, c):
    y = np.array(y)
    assume(0 < y.sum() < len(y))
    _, stack = il.threshold_sweep(y, np.full(len(y), c))
    assert len(stack) == 2  # everything positive, everything negative
    assert np.all(il.ac(stack, zero_division=0.0) == 0.0)
