"""Property tests for every theorem of the HMNC chapter (chapters/hmnc.ipynb).

Expected values are computed here by hand, in exact rational arithmetic
(``fractions.Fraction``), from the definitions in Burduk (2020); the library
(``imbalance_lib``) is the code under test.
"""

from __future__ import annotations

import math
from fractions import Fraction as Fr

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import imbalance_lib as il

settings.register_profile("hmnc", max_examples=200, deadline=None)
settings.load_profile("hmnc")

TOL = 1e-12


@st.composite
def matrices(draw, max_size=300):
    """(TP, TN, P, N) with P, N >= 1."""
    p = draw(st.integers(1, max_size))
    n = draw(st.integers(1, max_size))
    tp = draw(st.integers(0, p))
    tn = draw(st.integers(0, n))
    return tp, tn, p, n


@st.composite
def diagonal(draw, max_size=300):
    """(TP, TN, P, N) with TP/P = TN/N, i.e. TPR = TNR."""
    g = draw(st.integers(1, 60))
    p0 = draw(st.integers(1, max_size // 60 + 1))
    n0 = draw(st.integers(1, max_size // 60 + 1))
    j = draw(st.integers(0, g))
    return j * p0, j * n0, g * p0, g * n0


def mat(tp, tn, p, n):
    return il.binary_matrix(tp, p - tp, n - tn, tn)


def hand(tp, tn, p, n):
    """Exact values of the chapter's quantities from their definitions."""
    m = p + n
    t, s, pi = Fr(tp, p), Fr(tn, n), Fr(p, m)
    acc = Fr(tp + tn, m)
    hm = lambda a, b: Fr(0) if a + b == 0 else 2 * Fr(a) * b / (a + b)  # noqa: E731
    # definition (10): HM of the class-normalised rates over HM of the class shares
    hmnc = hm(t * pi, s * (1 - pi)) / hm(pi, 1 - pi)
    return dict(t=t, s=s, pi=pi, acc=acc, ba=(t + s) / 2, gm2=t * s, hmnc=hmnc,
                ac=hm(t, s))


# --------------------------------------------------------------------------
# hmnc-thm-forms and hmnc-cor-duality
# --------------------------------------------------------------------------
@given(matrices())
def test_forms_of_hmnc(c):
    tp, tn, p, n = c
    h = hand(tp, tn, p, n)
    value = il.hmnc(mat(tp, tn, p, n))
    # definition (10) equals the closed form (11) and HM(TP, TN) / HM(P, N)
    closed = Fr(0) if tp + tn == 0 else Fr(tp * tn * (p + n), (tp + tn) * p * n)
    assert h["hmnc"] == closed
    hm_counts = Fr(0) if tp + tn == 0 else Fr(2 * tp * tn, tp + tn)
    assert hm_counts / Fr(2 * p * n, p + n) == closed
    assert value == pytest.approx(float(closed), abs=TOL)
    if h["acc"] > 0:  # TPR * TNR / ACC
        assert h["gm2"] / h["acc"] == closed
    if tp > 0 and tn > 0:  # weighted harmonic mean, weights (1 - pi) on TPR and pi on TNR
        assert 1 / ((1 - h["pi"]) / h["t"] + h["pi"] / h["s"]) == closed


@given(matrices())
def test_duality_hmnc_acc_equals_gm2_equals_ac_bacc(c):
    C = mat(*c)
    h = hand(*c)
    assert il.hmnc(C) * il.accuracy(C) == pytest.approx(float(h["gm2"]), abs=TOL)
    assert il.ac(C) * il.balanced_accuracy(C) == pytest.approx(float(h["gm2"]), abs=TOL)
    assert il.g_mean(C) ** 2 == pytest.approx(float(h["gm2"]), abs=TOL)
    assert il.iba(C, alpha=0) == pytest.approx(float(h["gm2"]), abs=TOL)


@given(matrices())
def test_hmnc_is_symmetric_in_the_classes(c):
    C = mat(*c)
    assert il.hmnc(C) == pytest.approx(il.hmnc(np.asarray(C)[::-1, ::-1]), abs=TOL)


# --------------------------------------------------------------------------
# hmnc-thm-range
# --------------------------------------------------------------------------
@given(matrices())
def test_hmnc_lies_between_the_two_recalls(c):
    tp, tn, p, n = c
    h = hand(tp, tn, p, n)
    assert min(h["t"], h["s"]) <= h["hmnc"] <= max(h["t"], h["s"])
    v = il.hmnc(mat(*c))
    assert -TOL <= v <= 1 + TOL
    assert (abs(v - 1) < TOL) == (tp == p and tn == n)
    assert (abs(v) < TOL) == (tp * tn == 0)


def test_zero_does_not_mean_every_sample_misclassified():
    # all predicted positive: every one of the P = 1000 samples right, HMNC = G-mean = 0
    C = mat(1000, 0, 1000, 10)
    assert il.hmnc(C) == 0 and il.g_mean(C) == 0 and il.accuracy(C) == pytest.approx(1000 / 1010)
    # all predicted negative: F1 of the positive class is 0 although TN = N
    assert il.f1(mat(0, 10, 1000, 10)) == 0


# --------------------------------------------------------------------------
# hmnc-thm-mcc-kappa
# --------------------------------------------------------------------------
@given(matrices())
def test_mcc_squared_is_informedness_times_markedness(c):
    tp, tn, p, n = c
    fp, fn = n - tn, p - tp
    assume(tp + fp > 0 and tn + fn > 0)
    j = Fr(tp, p) + Fr(tn, n) - 1
    mk = Fr(tp, tp + fp) + Fr(tn, tn + fn) - 1
    value = il.mcc(mat(*c))
    assert value**2 == pytest.approx(float(j * mk), abs=1e-12)
    assert -1 - TOL <= value <= 1 + TOL
    assert (abs(value + 1) < TOL) == (tp == 0 and tn == 0)


@given(matrices())
def test_kappa_lower_bound_depends_on_the_margins(c):
    tp, tn, p, n = c
    bound = -2 * p * n / (p * p + n * n)
    value = il.kappa(mat(*c))
    assert value >= bound - TOL
    assert bound >= -1
    assert (abs(value - bound) < TOL) == (tp == 0 and tn == 0)
    assert (abs(value + 1) < TOL) == (tp == 0 and tn == 0 and p == n)


# --------------------------------------------------------------------------
# hmnc-prop-noskill
# --------------------------------------------------------------------------
@given(st.floats(0.001, 0.999), st.floats(0.0, 1.0))
def test_no_skill_hmnc_is_bounded_by_its_closed_form(pi, q):
    p, n = pi, 1 - pi
    C = il.binary_matrix(q * p, (1 - q) * p, q * n, (1 - q) * n)
    best = 1 / (math.sqrt(pi) + math.sqrt(1 - pi)) ** 2
    assert il.hmnc(C) <= best + 1e-12
    assert il.METRICS["hmnc"].trivial(pi, q) == pytest.approx(il.hmnc(C), abs=1e-12)
    q_star = math.sqrt(1 - pi) / (math.sqrt(pi) + math.sqrt(1 - pi))
    C_star = il.binary_matrix(q_star * p, (1 - q_star) * p, q_star * n, (1 - q_star) * n)
    assert il.hmnc(C_star) == pytest.approx(best, rel=1e-12)
    ir = min(p, n) / max(p, n)
    assert best == pytest.approx((1 + ir) / (1 + math.sqrt(ir)) ** 2, rel=1e-12)


# --------------------------------------------------------------------------
# hmnc-thm-equality and hmnc-prop-diagonal
# --------------------------------------------------------------------------
@given(diagonal(), st.floats(0, 1))
def test_equality_theorem(c, alpha):
    tp, tn, p, n = c
    t = tp / p
    C = mat(*c)
    for f in (il.hmnc, il.accuracy, il.balanced_accuracy, il.g_mean, il.ac, il.macro_recall):
        assert f(C) == pytest.approx(t, abs=TOL), f.__name__
    assert il.weighted_accuracy(C, alpha) == pytest.approx(t, abs=TOL)
    assert il.iba(C, alpha) == pytest.approx(t * t, abs=TOL)
    assert il.dominance(C) == pytest.approx(0, abs=TOL)
    if t > 0:
        assert il.optimized_precision(C) == pytest.approx(t, abs=TOL)


@given(diagonal())
def test_which_other_metrics_equal_the_common_recall(c):
    tp, tn, p, n = c
    t = Fr(tp, p)
    C = mat(*c)
    assume(0 < t)
    for f in (il.f1, il.precision, il.cba):
        assert (abs(f(C) - float(t)) < 1e-12) == (p == n or t == 1), f.__name__
    for f in (il.mcc, il.kappa, il.iam):
        assert (abs(f(C) - float(t)) < 1e-12) == (t == 1), f.__name__
        assert f(C) <= float(t) + TOL


# --------------------------------------------------------------------------
# hmnc-thm-necessity
# --------------------------------------------------------------------------
@given(matrices())
def test_necessity_factorisations(c):
    tp, tn, p, n = c
    h = hand(tp, tn, p, n)
    t, s, pi = h["t"], h["s"], h["pi"]
    C = mat(*c)
    acc, ba, gm = il.accuracy(C), il.balanced_accuracy(C), il.g_mean(C)
    hm_ = il.hmnc(C)
    rt, rs = math.sqrt(t), math.sqrt(s)
    assert acc - ba == pytest.approx(float((pi - Fr(1, 2)) * (t - s)), abs=TOL)
    assert ba - gm == pytest.approx((rt - rs) ** 2 / 2, abs=TOL)
    assert acc - gm == pytest.approx((rt - rs) * (float(pi) * rt - float(1 - pi) * rs), abs=TOL)
    if tp + tn > 0:
        assert hm_ - ba == pytest.approx(float((s - t) * (tp - tn) / (2 * (tp + tn))), abs=TOL)
    # the equality sets, exactly
    assert (h["hmnc"] == h["ba"]) == (t == s or tp == tn)
    assert (h["hmnc"] == h["acc"]) == (t == s or tp * p == tn * n)
    assert (h["acc"] == h["ba"]) == (t == s or p == n)
    assert (h["ba"] ** 2 == h["gm2"]) == (t == s)
    assert (h["acc"] ** 2 == h["gm2"]) == (t == s or tp * p == tn * n)
    all_four = h["hmnc"] == h["acc"] == h["ba"] and h["ba"] ** 2 == h["gm2"]
    assert all_four == (t == s)


def test_smallest_counterexamples_to_necessity():
    # HMNC = BACC with TPR != TNR: TP = TN = 1, P = 1, N = 2
    C = mat(1, 1, 1, 2)
    assert il.hmnc(C) == pytest.approx(0.75) and il.balanced_accuracy(C) == pytest.approx(0.75)
    # HMNC = ACC = G-mean = 1/2 with TPR = 1/4, TNR = 1: TP * P = TN * N
    C = mat(1, 2, 4, 2)
    for f in (il.hmnc, il.accuracy, il.g_mean):
        assert f(C) == pytest.approx(0.5)
    assert il.balanced_accuracy(C) == pytest.approx(0.625)


# --------------------------------------------------------------------------
# hmnc-prop-sensitivity
# --------------------------------------------------------------------------
@given(st.floats(1, 1000), st.floats(1, 1000), st.floats(0.01, 0.99), st.floats(0.01, 0.99))
def test_per_sample_sensitivity_flips_at_tp_equal_tn(p, n, t, s):
    tp, tn = t * p, s * n
    m = p + n
    d_tp = m * tn**2 / (p * n * (tp + tn) ** 2)
    d_tn = m * tp**2 / (p * n * (tp + tn) ** 2)
    e_tp, e_tn = 1e-4 * min(tp, p - tp), 1e-4 * min(tn, n - tn)
    f = lambda a, b: il.hmnc(il.binary_matrix(a, p - a, n - b, b))  # noqa: E731
    num_tp = (f(tp + e_tp, tn) - f(tp - e_tp, tn)) / (2 * e_tp)
    num_tn = (f(tp, tn + e_tn) - f(tp, tn - e_tn)) / (2 * e_tn)
    assert num_tp == pytest.approx(d_tp, rel=1e-4)
    assert num_tn == pytest.approx(d_tn, rel=1e-4)
    if abs(tp - tn) > 1e-3 * (tp + tn):
        assert (num_tn > num_tp) == (tp > tn)
    # per unit of recall the ratio is (TPR / TNR)^2 * P / N
    assert (d_tn * n) / (d_tp * p) == pytest.approx((t / s) ** 2 * p / n, rel=1e-9)


# --------------------------------------------------------------------------
# registry facts for hmnc
# --------------------------------------------------------------------------
def test_registry_facts_for_hmnc():
    info = il.METRICS["hmnc"]
    assert info.range == (0, 1)
    assert info.symmetric is True
    assert info.prevalence_invariant is False
    # same recalls, different prevalence, different HMNC
    a = il.hmnc(mat(700, 5, 1000, 10))
    b = il.hmnc(mat(700, 500, 1000, 1000))
    assert a == pytest.approx(0.35 / (705 / 1010), rel=1e-12) and b == pytest.approx(0.35 / 0.6, rel=1e-12)
    assert info.trivial(0.3, 1.0) == 0 and info.trivial(0.3, 0.0) == 0
