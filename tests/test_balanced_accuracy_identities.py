"""Properties of accuracy, weighted/balanced accuracy and the geometric mean.

Every theorem stated as true in ``chapters/balanced_accuracy.ipynb`` about a
single confusion matrix is tested here. Expected values come from the
formulas written out by hand on the counts, or from scikit-learn and
imbalanced-learn, never from the functions under test.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from imblearn.metrics import geometric_mean_score
from sklearn.metrics import accuracy_score, balanced_accuracy_score, roc_auc_score

import imbalance_lib as il

COUNT = st.integers(0, 60)
RATE = st.floats(0, 1, allow_nan=False)


@st.composite
def counts(draw, max_count=60):
    """(tp, fn, fp, tn) with P >= 1 and N >= 1."""
    tp, fn, fp, tn = (draw(st.integers(0, max_count)) for _ in range(4))
    if tp + fn == 0:
        fn = 1
    if tn + fp == 0:
        tn = 1
    return tp, fn, fp, tn


@st.composite
def real_counts(draw):
    """Real-valued (tp, fn, fp, tn) spanning many orders of magnitude, P, N > 0."""
    mags = [draw(st.one_of(st.just(0.0), st.floats(1e-6, 1e6))) for _ in range(4)]
    tp, fn, fp, tn = mags
    if tp + fn == 0:
        tp = 1.0
    if tn + fp == 0:
        tn = 1.0
    return tp, fn, fp, tn


def labels_of(tp, fn, fp, tn):
    y_true = np.repeat([1, 1, 0, 0], [tp, fn, fp, tn])
    y_pred = np.repeat([1, 0, 1, 0], [tp, fn, fp, tn])
    return y_true, y_pred


def by_hand(tp, fn, fp, tn):
    P, N = tp + fn, tn + fp
    tpr, tnr = tp / P, tn / N
    return P, N, tpr, tnr


# --- accuracy and the paradox --------------------------------------------


@given(counts())
def test_accuracy_is_prevalence_weighted_mean(c):
    tp, fn, fp, tn = c
    P, N, tpr, tnr = by_hand(*c)
    pi = P / (P + N)
    C = il.binary_matrix(tp, fn, fp, tn)
    y_true, y_pred = labels_of(*c)
    assert math.isclose(accuracy_score(y_true, y_pred), pi * tpr + (1 - pi) * tnr, abs_tol=1e-12)
    assert math.isclose(il.accuracy(C), pi * tpr + (1 - pi) * tnr, abs_tol=1e-12)
    assert math.isclose(il.weighted_accuracy(C, pi), accuracy_score(y_true, y_pred), abs_tol=1e-12)


@given(counts())
def test_paradox_criterion(c):
    tp, fn, fp, tn = c
    C = il.binary_matrix(*c)
    M = tp + fn + fp + tn
    # beats all-negative (accuracy N/M) iff TP > FP; beats all-positive (P/M) iff TN > FN
    assert (il.accuracy(C) > (tn + fp) / M) == (tp > fp)
    assert (il.accuracy(C) > (tp + fn) / M) == (tn > fn)
    # the form TPR > (N/P) FPR (defined at FPR = 0 too), in exact rational arithmetic
    P, N = tp + fn, tn + fp
    assert (Fraction(tp, P) > Fraction(N, P) * Fraction(fp, N)) == (tp > fp)


@given(real_counts())
def test_accuracy_decomposition_real(c):
    tp, fn, fp, tn = c
    P, N, tpr, tnr = by_hand(*c)
    pi = P / (P + N)
    assert math.isclose(il.accuracy(il.binary_matrix(*c)), pi * tpr + (1 - pi) * tnr, abs_tol=1e-12)


# --- weighted and balanced accuracy ---------------------------------------


@given(counts())
def test_balanced_accuracy_matches_sklearn_and_reweighting(c):
    y_true, y_pred = labels_of(*c)
    P, N, tpr, tnr = by_hand(*c)
    C = il.binary_matrix(*c)
    expected = balanced_accuracy_score(y_true, y_pred)
    assert math.isclose(il.balanced_accuracy(C), expected, abs_tol=1e-12)
    assert math.isclose(il.weighted_accuracy(C, 0.5), (tpr + tnr) / 2, abs_tol=1e-12)
    w = np.where(y_true == 1, 1 / P, 1 / N)
    assert math.isclose(accuracy_score(y_true, y_pred, sample_weight=w), expected, abs_tol=1e-12)


@given(counts(), RATE)
def test_weighted_accuracy_range_and_extremes(c, alpha):
    tp, fn, fp, tn = c
    v = il.weighted_accuracy(il.binary_matrix(*c), alpha)
    assert -1e-12 <= v <= 1 + 1e-12
    if 1e-6 < alpha < 1 - 1e-6:  # away from the ends, where one rate's weight underflows
        assert math.isclose(v, 1.0, abs_tol=1e-12) == (fn == 0 and fp == 0)
        assert math.isclose(v, 0.0, abs_tol=1e-12) == (tp == 0 and tn == 0)


@given(counts(), RATE, st.floats(0.01, 100), st.floats(0.01, 100))
def test_flip_swap_and_row_scaling(c, alpha, a, b):
    tp, fn, fp, tn = c
    C = il.binary_matrix(tp, fn, fp, tn)
    wa = il.weighted_accuracy(C, alpha)
    flipped = il.binary_matrix(fn, tp, tn, fp)  # every prediction reversed
    assert math.isclose(il.weighted_accuracy(flipped, alpha), 1 - wa, abs_tol=1e-12)
    swapped = il.binary_matrix(tn, fp, fn, tp)  # the classes renamed
    assert math.isclose(il.weighted_accuracy(swapped, 1 - alpha), wa, abs_tol=1e-12)
    assert math.isclose(il.balanced_accuracy(swapped), il.balanced_accuracy(C), abs_tol=1e-12)
    scaled = il.binary_matrix(b * tp, b * fn, a * fp, a * tn)  # prevalence shift
    assert math.isclose(il.weighted_accuracy(scaled, alpha), wa, abs_tol=1e-12)
    # accuracy moves with the prevalence exactly when TPR != TNR
    P, N, tpr, tnr = by_hand(*c)
    pi_old, pi_new = P / (P + N), b * P / (b * P + a * N)
    delta = il.accuracy(scaled) - il.accuracy(C)
    assert math.isclose(delta, (pi_new - pi_old) * (tpr - tnr), abs_tol=1e-9)


@given(counts(), st.floats(1e-3, 1e3), st.floats(1e-3, 1e3))
def test_cost_theorem(c, c_fn, c_fp):
    tp, fn, fp, tn = c
    P, N = tp + fn, tn + fp
    alpha = c_fn * P / (c_fn * P + c_fp * N)
    pi, r = P / (P + N), c_fn / c_fp
    assert math.isclose(alpha, r * pi / (r * pi + 1 - pi), rel_tol=1e-12)
    normalised_cost = (c_fn * fn + c_fp * fp) / (c_fn * P + c_fp * N)
    assert math.isclose(1 - il.weighted_accuracy(il.binary_matrix(*c), alpha), normalised_cost,
                        abs_tol=1e-12)


def test_cost_theorem_special_cases():
    # alpha = pi <=> r = 1; alpha = 1/2 <=> r = N/P (P = 10, N = 90)
    P, N = 10, 90
    assert math.isclose(1 * P / (1 * P + 1 * N), P / (P + N))
    assert math.isclose((N / P) * P / ((N / P) * P + N), 0.5)


@given(counts())
def test_balanced_accuracy_and_determinant(c):
    tp, fn, fp, tn = c
    P, N = tp + fn, tn + fp
    ba = il.balanced_accuracy(il.binary_matrix(*c))
    det = tp * tn - fp * fn
    assert math.isclose(ba, 0.5 + det / (2 * P * N), abs_tol=1e-12)
    assert math.isclose(ba, 0.5, abs_tol=1e-12) == (det == 0)
    assert math.isclose(2 * ba - 1, det / (P * N), abs_tol=1e-12)  # Youden's J


@settings(max_examples=60)
@given(counts(max_count=25))
def test_auc_of_one_operating_point(c):
    y_true, y_pred = labels_of(*c)
    auc = roc_auc_score(y_true, y_pred)
    assert math.isclose(il.balanced_accuracy(il.binary_matrix(*c)), auc, abs_tol=1e-12)
    P, N, tpr, tnr = by_hand(*c)
    fpr = 1 - tnr
    trapezoids = 0.5 * fpr * tpr + 0.5 * (1 - fpr) * (tpr + 1)
    assert math.isclose(trapezoids, auc, abs_tol=1e-12)


# --- geometric and harmonic means -----------------------------------------


@given(counts())
def test_geometric_mean_matches_imblearn(c):
    y_true, y_pred = labels_of(*c)
    expected = geometric_mean_score(y_true, y_pred)
    assert math.isclose(il.g_mean(il.binary_matrix(*c)), expected, abs_tol=1e-12)


@given(st.one_of(counts(), real_counts()))
def test_gm_is_ba_minus_dominance_penalty(c):
    C = il.binary_matrix(*c)
    P, N, tpr, tnr = by_hand(*c)
    ba, gm, d = il.balanced_accuracy(C), il.g_mean(C), il.dominance(C)
    assert math.isclose(d, tpr - tnr, abs_tol=1e-12)
    assert math.isclose(gm ** 2, ba ** 2 - d ** 2 / 4, abs_tol=1e-12)


@given(st.one_of(counts(), real_counts()))
def test_chain_of_means(c):
    C = il.binary_matrix(*c)
    P, N, tpr, tnr = by_hand(*c)
    hm, gm, ba = il.ac(C), il.g_mean(C), il.balanced_accuracy(C)
    hm_hand = 0.0 if tpr + tnr == 0 else 2 * tpr * tnr / (tpr + tnr)
    assert math.isclose(hm, hm_hand, abs_tol=1e-12)
    assert hm <= gm + 1e-12 and gm <= ba + 1e-12
    assert math.isclose(hm * ba, gm ** 2, abs_tol=1e-12)


@given(counts())
def test_chain_equality_cases(c):
    # integer counts: TPR == TNR can be decided exactly by cross-multiplication
    tp, fn, fp, tn = c
    P, N = tp + fn, tn + fp
    equal_rates = tp * N == tn * P
    C = il.binary_matrix(*c)
    hm, gm, ba = il.ac(C), il.g_mean(C), il.balanced_accuracy(C)
    assert math.isclose(gm, ba, abs_tol=1e-12) == equal_rates
    assert math.isclose(hm, ba, abs_tol=1e-12) == equal_rates
    assert math.isclose(hm, gm, abs_tol=1e-12) == (equal_rates or tp * tn == 0)


@given(RATE, RATE)
def test_equal_informedness_bounds(tpr, tnr):
    C = il.binary_matrix(tpr, 1 - tpr, 1 - tnr, tnr)  # P = N = 1
    J = tpr + tnr - 1
    gm, ba = il.g_mean(C), il.balanced_accuracy(C)
    assert gm <= ba + 1e-12
    if J >= 0:
        assert gm ** 2 >= J - 1e-12
    if J >= 0.25:
        assert gm >= 0.5 - 1e-12


@given(st.floats(0, 0.2499))
def test_informative_classifier_below_coin_flip_when_j_small(J):
    # the end of the equal-informedness segment, (TPR, TNR) = (1, J), has GM = sqrt(J) < 1/2
    C = il.binary_matrix(1.0, 0.0, 1 - J, J)
    assert math.isclose(il.g_mean(C), math.sqrt(J), abs_tol=1e-12)
    assert il.g_mean(C) < 0.5
    assert math.isclose(il.balanced_accuracy(C), (1 + J) / 2, abs_tol=1e-12)


def test_geometric_mean_zero_exactly_when_a_class_is_missed():
    for tp, fn, fp, tn in [(0, 5, 3, 4), (5, 0, 3, 0), (0, 1, 1, 0), (2, 3, 4, 1)]:
        gm = il.g_mean(il.binary_matrix(tp, fn, fp, tn))
        assert (gm == 0) == (tp == 0 or tn == 0)
        if gm == 0:  # every such classifier is at best at chance level
            assert tp / (tp + fn) + tn / (tn + fp) <= 1


# --- k classes --------------------------------------------------------------


@st.composite
def multiclass(draw):
    k = draw(st.integers(2, 10))
    cells = draw(st.lists(st.integers(0, 30), min_size=k * k, max_size=k * k))
    C = np.array(cells).reshape(k, k)
    C[np.arange(k), np.arange(k)] += C.sum(axis=1) == 0  # every class present
    return C


@given(multiclass())
def test_multiclass_accuracy_decomposition_and_macro_recall(C):
    rows = C.sum(axis=1)
    pi, recall = rows / rows.sum(), np.diag(C) / rows
    assert math.isclose(il.accuracy(C), float((pi * recall).sum()), abs_tol=1e-12)
    k = len(C)
    y_true = np.repeat(np.repeat(np.arange(k), k), C.ravel())
    y_pred = np.repeat(np.tile(np.arange(k), k), C.ravel())
    assert math.isclose(il.macro_recall(C), balanced_accuracy_score(y_true, y_pred), abs_tol=1e-12)
