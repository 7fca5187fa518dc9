"""Properties of dominance, the balanced accuracy graph, IBA and OP (chapter iba).

Every statement the chapter proves is tested here; expected values come from the
closed forms derived in the chapter, from hand computation, or from independent
libraries (scikit-learn, imbalanced-learn, PyCM).
"""

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from imblearn.metrics import geometric_mean_score, make_index_balanced_accuracy
from pycm import ConfusionMatrix
from sklearn.metrics import roc_auc_score

import imbalance_lib as il
from imbalance_lib.book.chapters.iba import from_rates, swap

unit = st.floats(0, 1, allow_nan=False)
alpha01 = st.floats(0, 1, allow_nan=False)
count = st.integers(0, 60)


@st.composite
def matrices(draw, min_pos=1, min_neg=1):
    """Integer binary matrices [[TN, FP], [FN, TP]] with P >= min_pos and N >= min_neg."""
    tp, fn, fp, tn = (draw(count) for _ in range(4))
    assume(tp + fn >= min_pos and tn + fp >= min_neg)
    return np.array([[tn, fp], [fn, tp]], dtype=float)


# --------------------------------------------------------------- balanced accuracy graph
@given(unit, unit)
def test_bag_image_is_the_triangle_and_inverse_formula(t, s):
    C = from_rates(t, s, 0.3)
    d, g = il.dominance(C), il.g_mean(C) ** 2
    assert d == pytest.approx(t - s, abs=1e-12) and g == pytest.approx(t * s, abs=1e-12)
    assert -1 <= d <= 1 and 0 <= g <= 1 - abs(d) + 1e-12
    root = np.sqrt(d * d + 4 * g)
    assert (root + d) / 2 == pytest.approx(t, abs=1e-7)
    assert (root - d) / 2 == pytest.approx(s, abs=1e-7)
    if max(t, s) == 1:
        assert g == pytest.approx(1 - abs(d), abs=1e-12)
    # the single-point AUC is a function of the BAG coordinates
    assert il.balanced_accuracy(C) == pytest.approx(root / 2, abs=1e-7)


@given(st.floats(-1, 1), unit)
def test_every_point_of_the_triangle_is_reached(d, u):
    g = u * (1 - abs(d))  # any point of the triangle
    root = np.sqrt(d * d + 4 * g)
    t, s = (root + d) / 2, (root - d) / 2
    assert -1e-12 <= t <= 1 + 1e-12 and -1e-12 <= s <= 1 + 1e-12
    C = from_rates(min(max(t, 0), 1), min(max(s, 0), 1), 0.3)
    assert il.dominance(C) == pytest.approx(d, abs=1e-9)
    assert il.g_mean(C) ** 2 == pytest.approx(g, abs=1e-9)


# --------------------------------------------------------------- range theorem
@given(matrices(), alpha01)
def test_iba_range_maximum_and_zeros(C, alpha):
    v = il.iba(C, alpha=alpha)
    assert -1e-15 <= v <= 1 + 1e-12
    perfect = C[0, 1] == 0 and C[1, 0] == 0
    assert (abs(v - 1) < 1e-12) == perfect
    assert (v == 0) == (C[1, 1] * C[0, 0] == 0)


@given(unit, unit, alpha01)
def test_iba_range_on_real_rates(t, s, alpha):
    v = il.iba(from_rates(t, s, 0.3), alpha=alpha)
    assert -1e-15 <= v <= 1 + 1e-12
    assert v == pytest.approx((1 + alpha * (t - s)) * t * s, abs=1e-12)


@given(st.floats(1.01, 50))
def test_bounds_fail_for_alpha_above_one(alpha):
    # Closed form of the theorem (outside the library's domain of alpha).
    d = (alpha - 1) / (2 * alpha)
    top = (1 + alpha * d) * (1 - d)  # TPR = 1, TNR = 1 - d
    assert top == pytest.approx((1 + alpha) ** 2 / (4 * alpha))
    assert top > 1
    t = (1 - 1 / alpha) / 2  # TNR = 1, 0 < TPR < 1 - 1/alpha
    assert (1 + alpha * (t - 1)) * t < 0
    with pytest.raises(ValueError):
        il.iba([[5, 1], [1, 5]], alpha=alpha)


def test_alpha_zero_is_gmean_squared():
    C = np.array([[81, 9], [4, 6]])
    assert il.iba(C, alpha=0) == pytest.approx(0.6 * 0.9)


# --------------------------------------------------------------- monotonicity
def fixed(C, wrong, right):
    """C with one sample moved from the error cell `wrong` to the correct cell `right`."""
    assume(C[wrong] >= 1)
    B = C.copy()
    B[wrong] -= 1
    B[right] += 1
    return B


@given(matrices(min_pos=2), alpha01)
def test_iba_never_falls_when_a_false_negative_is_fixed(C, alpha):
    B = fixed(C, (1, 0), (1, 1))
    assert il.iba(B, alpha=alpha) >= il.iba(C, alpha=alpha) - 1e-12


@given(matrices(min_neg=2), st.floats(0, 0.5))
def test_iba_never_falls_when_a_false_positive_is_fixed_if_alpha_at_most_half(C, alpha):
    B = fixed(C, (0, 1), (0, 0))
    assert il.iba(B, alpha=alpha) >= il.iba(C, alpha=alpha) - 1e-12


@given(st.floats(0.501, 1))
def test_iba_falls_in_tnr_for_every_alpha_above_half(alpha):
    t = (2 - 1 / alpha) / 2  # inside 0 < t < 2 - 1/alpha
    s_star = (1 + alpha * t) / (2 * alpha)  # where d IBA / d TNR changes sign
    assert 0 < t and s_star < 1
    assert il.iba(from_rates(t, 1.0, 0.3), alpha=alpha) < il.iba(from_rates(t, s_star, 0.3), alpha=alpha)


def test_smallest_counterexample_by_hand():
    A = [[2, 1], [1, 1]]  # TPR 1/2, TNR 2/3
    B = [[3, 0], [1, 1]]  # one false positive corrected: TPR 1/2, TNR 1
    assert il.iba(A, alpha=1) == pytest.approx(5 / 18)
    assert il.iba(B, alpha=1) == pytest.approx(1 / 4)
    assert il.iba(B, alpha=0.5) > il.iba(A, alpha=0.5)


# --------------------------------------------------------------- alpha and labels
@given(matrices(), alpha01)
def test_iba_is_affine_in_alpha(C, alpha):
    lo, hi = il.iba(C, alpha=0), il.iba(C, alpha=1)
    assert il.iba(C, alpha=alpha) == pytest.approx(lo + alpha * (hi - lo), abs=1e-12)


@given(matrices(), alpha01)
def test_label_swap(C, alpha):
    d, g = il.dominance(C), il.g_mean(C) ** 2
    a, b = il.iba(C, alpha=alpha), il.iba(swap(C), alpha=alpha)
    assert b == pytest.approx((1 - alpha * d) * g, abs=1e-12)
    assert (a + b) / 2 == pytest.approx(g, abs=1e-12)
    assert a - b == pytest.approx(2 * alpha * d * g, abs=1e-12)
    assert abs(a - b) <= 2 * alpha * g + 1e-12


def labels_of(C):
    (tn, fp), (fn, tp) = np.asarray(C, dtype=int)
    y_true = np.repeat([0, 0, 1, 1], [tn, fp, fn, tp])
    y_pred = np.repeat([0, 1, 0, 1], [tn, fp, fn, tp])
    return y_true, y_pred


@given(matrices(), st.sampled_from([0.1, 0.5, 1.0]))
def test_pycm_per_class_iba(C, alpha):
    y_true, y_pred = labels_of(C)
    assume(len(set(y_pred.tolist())) == 2)  # PyCM needs both labels among the predictions
    cm = ConfusionMatrix(actual_vector=y_true.tolist(), predict_vector=y_pred.tolist())
    values = cm.IBA_alpha(alpha)
    assert values[1] == pytest.approx(il.iba(C, alpha=alpha), abs=1e-12)
    assert values[0] == pytest.approx(il.iba(swap(C), alpha=alpha), abs=1e-12)


@given(matrices(), alpha01)
def test_imblearn_decorator(C, alpha):
    y_true, y_pred = labels_of(C)
    iba_gm = make_index_balanced_accuracy(alpha=alpha, squared=True)(geometric_mean_score)
    assert iba_gm(y_true, y_pred, average="binary") == pytest.approx(il.iba(C, alpha=alpha), abs=1e-12)
    # default average="multiclass": macro dominance is 0 for two classes, so this is Gmean^2
    assert iba_gm(y_true, y_pred) == pytest.approx(geometric_mean_score(y_true, y_pred) ** 2, abs=1e-12)
    per_class = iba_gm(y_true, y_pred, average=None)
    assert per_class[1] == pytest.approx(il.iba(C, alpha=alpha), abs=1e-12)
    assert per_class[0] == pytest.approx(il.iba(swap(C), alpha=alpha), abs=1e-12)


# --------------------------------------------------------------- AUC and OP
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=2, max_size=80))
def test_single_point_auc_is_balanced_accuracy(pairs):
    y_true, y_pred = map(np.array, zip(*pairs))
    assume(0 < y_true.sum() < len(y_true))
    assert roc_auc_score(y_true, y_pred) == pytest.approx(il.balanced_accuracy_score(y_true, y_pred))


@given(matrices())
def test_op_range_maximum_and_symmetry(C):
    assume(C[1, 1] + C[0, 0] > 0)  # TPR + TNR > 0
    v = il.optimized_precision(C)
    assert -1 < v <= 1 + 1e-12
    assert (abs(v - 1) < 1e-12) == (C[0, 1] == 0 and C[1, 0] == 0)
    assert il.optimized_precision(swap(C)) == pytest.approx(v, abs=1e-12)


@given(st.floats(0.001, 1), st.floats(0.01, 0.99))
def test_op_infimum_is_approached_not_attained(t, pi):
    v = il.optimized_precision(from_rates(t, 0.0, pi))  # TNR = 0
    assert v == pytest.approx(pi * t - 1, abs=1e-12)
    assert v > -1


@given(unit, unit, st.floats(0.01, 0.99), st.floats(0.01, 0.99))
def test_op_affine_in_prevalence_and_mirror_pairs(t, s, p1, p2):
    assume(t + s > 0.01)
    a, b = il.optimized_precision(from_rates(t, s, p1)), il.optimized_precision(from_rates(t, s, p2))
    assert a - b == pytest.approx((p1 - p2) * (t - s), abs=1e-9)
    mirror = a - il.optimized_precision(from_rates(s, t, p1))
    assert mirror == pytest.approx((1 - 2 * p1) * (s - t), abs=1e-9)


# --------------------------------------------------------------- registry facts
def test_registry_facts_match_the_chapter():
    m = il.METRICS
    assert m["iba"].range == (0, 1) and not m["iba"].symmetric and m["iba"].prevalence_invariant
    assert m["dominance"].range == (-1, 1) and not m["dominance"].symmetric
    assert m["dominance"].prevalence_invariant
    op = m["optimized_precision"]
    assert op.range == (-1, 1) and op.symmetric and not op.prevalence_invariant
    assert m["g_mean"].symmetric and m["g_mean"].prevalence_invariant
    for pi in (0.1, 0.3, 0.7):
        assert op.trivial(pi, 1.0) == pytest.approx(pi - 1)
        assert op.trivial(pi, 0.0) == pytest.approx(-pi)
        for q in (0.0, 0.25, 1.0):
            assert m["iba"].trivial(pi, q) == pytest.approx((1 + 0.1 * (2 * q - 1)) * q * (1 - q))
            assert m["dominance"].trivial(pi, q) == pytest.approx(2 * q - 1)
