"""The six theorems of the deployment chapter, as property tests.

Each test draws random confusion matrices, scores, prevalences or costs and checks the
statement against values computed here from raw counts (hand formulas of the theorem),
or against scikit-learn (ROC curve, AUC, Brier score), never against the library
function's own formula. Where a statement is about the library (at_prevalence,
expected_cost, bayes_threshold, net_benefit), the library is the left-hand side.
"""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.metrics import brier_score_loss, roc_auc_score, roc_curve

import imbalance_lib as il

counts = st.integers(0, 80)
shares = st.floats(0.001, 0.999, allow_nan=False)
costs_ = st.floats(0.01, 100.0, allow_nan=False)


@st.composite
def matrices(draw):
    tn, fp, fn, tp = (draw(counts) for _ in range(4))
    assume(tp + fn > 0 and tn + fp > 0)
    return np.array([[tn, fp], [fn, tp]], dtype=float)


@st.composite
def scored_sets(draw, grid=20):
    """Labels with both classes and scores on a coarse grid (ties are common)."""
    n = draw(st.integers(2, 40))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    assume(0 < y.sum() < n)
    s = np.array(draw(st.lists(st.integers(0, grid), min_size=n, max_size=n))) / grid
    return y, s


def rates(C):
    (tn, fp), (fn, tp) = C
    return tp / (tp + fn), tn / (tn + fp)


# dep-thm-shift ----------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(matrices(), shares)
def test_shift_matrix_and_precision_are_the_closed_forms(C, pi):
    t, s = rates(C)
    n = C.sum()
    want = n * np.array([[(1 - pi) * s, (1 - pi) * (1 - s)], [pi * (1 - t), pi * t]])
    np.testing.assert_allclose(il.matrix_at_prevalence(C, pi), want, rtol=1e-12, atol=1e-9)
    assume(pi * t + (1 - pi) * (1 - s) > 0)
    precision = pi * t / (pi * t + (1 - pi) * (1 - s))
    assert il.at_prevalence(C, "precision", pi) == pytest.approx(precision, rel=1e-12, abs=1e-15)


@settings(max_examples=300, deadline=None)
@given(matrices(), shares)
def test_functions_of_the_two_rates_do_not_move(C, pi):
    for metric in ("tpr", "tnr", "balanced_accuracy", "g_mean"):
        before, after = getattr(il, metric)(C), il.at_prevalence(C, metric, pi)
        assert after == pytest.approx(before, rel=1e-12, abs=1e-12), metric


@settings(max_examples=200, deadline=None)
@given(matrices(), shares, shares)
def test_a_metric_that_sees_the_mix_moves_unless_the_rates_pin_it(C, pi1, pi2):
    t, s = rates(C)
    assume(0 < t and s < 1 and abs(pi1 - pi2) > 1e-3)
    # precision depends on the prevalence whenever some positive is found and some
    # negative flagged: the "only if" half of the theorem, on its standard example
    a, b = il.at_prevalence(C, "precision", pi1), il.at_prevalence(C, "precision", pi2)
    assert abs(a - b) > 1e-12


# dep-thm-wa -------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(matrices(), costs_, costs_, st.one_of(st.none(), shares))
def test_expected_cost_is_a_weighted_error(C, c_fp, c_fn, pi):
    t, s = rates(C)
    p = C[1].sum() / C.sum() if pi is None else pi
    hand = p * c_fn * (1 - t) + (1 - p) * c_fp * (1 - s)
    z = p * c_fn + (1 - p) * c_fp
    wa = (p * c_fn / z) * t + (1 - p * c_fn / z) * s
    got = il.expected_cost(C, [[0, c_fp], [c_fn, 0]], prevalence=pi)
    assert got == pytest.approx(hand, rel=1e-10)
    assert got == pytest.approx(z * (1 - wa), rel=1e-9, abs=1e-12)


# dep-thm-bayes ----------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=50), costs_, costs_)
def test_bayes_rule_is_the_cheapest_rule(p, c_fp, c_fn):
    p = np.array(p)
    t_star = il.bayes_threshold([[0, c_fp], [c_fn, 0]])
    assert t_star == pytest.approx(c_fp / (c_fp + c_fn), rel=1e-12)
    flag_cost, pass_cost = (1 - p) * c_fp, p * c_fn
    bayes = np.where(p >= t_star, flag_cost, pass_cost).sum()
    # no other action for any single case is cheaper, so no rule at all is cheaper ...
    assert np.all(np.minimum(flag_cost, pass_cost) >= np.where(p >= t_star, flag_cost, pass_cost)
                  - 1e-9 * (c_fp + c_fn))
    # ... in particular no threshold rule
    for cut in np.concatenate([[-1.0, 2.0], p]):
        assert bayes <= np.where(p >= cut, flag_cost, pass_cost).sum() + 1e-9 * (c_fp + c_fn) * len(p)


# dep-thm-nb -------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(scored_sets(), st.floats(0.0, 0.95, allow_nan=False))
def test_net_benefit_is_prevalence_minus_cost(data, p_t):
    y, s = data
    n, pi = len(y), y.mean()
    flagged = s >= p_t
    tp, fp = np.sum(flagged & (y == 1)), np.sum(flagged & (y == 0))
    nb = il.net_benefit(y, s, [p_t])
    assert nb.model[0] == pytest.approx(tp / n - fp / n * p_t / (1 - p_t), rel=1e-12, abs=1e-12)
    C = np.array([[np.sum(~flagged & (y == 0)), fp], [np.sum(~flagged & (y == 1)), tp]])
    cost = il.expected_cost(C, [[0, p_t / (1 - p_t)], [1, 0]])
    assert nb.model[0] == pytest.approx(pi - cost, rel=1e-10, abs=1e-12)


# dep-thm-brier and dep-thm-auc: the threshold-choice equivalences ---------------------

def _simpson(f, a, b):
    return (b - a) / 6 * (f(a) + 4 * f((a + b) / 2) + f(b))


@settings(max_examples=200, deadline=None)
@given(scored_sets())
def test_score_driven_loss_is_the_brier_score(data):
    y, s = data
    n = len(y)

    def loss(c):  # flag the cases whose score exceeds the cost proportion c
        flagged = s > c
        return 2 / n * (c * np.sum(flagged & (y == 0)) + (1 - c) * np.sum(~flagged & (y == 1)))

    # the integrand is linear between consecutive scores: Simpson is exact piecewise
    knots = np.unique(np.concatenate([[0.0, 1.0], s]))
    eps = 1e-12  # evaluate inside each piece, away from the jumps
    total = sum(_simpson(lambda c: loss(min(max(c, a + eps), b - eps)), a, b)
                for a, b in zip(knots[:-1], knots[1:]))
    assert total == pytest.approx(brier_score_loss(y, s), abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(scored_sets())
def test_rate_driven_loss_is_linear_in_the_auc(data):
    y, s = data
    pi = y.mean()
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    r = (1 - pi) * fpr + pi * tpr  # the share flagged at each vertex of the ROC path

    def loss(rate, f, t):  # c = 1 - rate; FP/n = (1-pi) FPR, FN/n = pi (1 - TPR)
        return 2 * ((1 - rate) * (1 - pi) * f + rate * pi * (1 - t))

    total = 0.0
    for i in range(len(r) - 1):
        if r[i + 1] == r[i]:
            continue
        # both rates are linear in the share flagged between two vertices
        def on_piece(rate, i=i):
            w = (rate - r[i]) / (r[i + 1] - r[i])
            return loss(rate, fpr[i] + w * (fpr[i + 1] - fpr[i]), tpr[i] + w * (tpr[i + 1] - tpr[i]))
        total += _simpson(on_piece, r[i], r[i + 1])
    auc = roc_auc_score(y, s)
    assert total == pytest.approx(pi * (1 - pi) * (1 - 2 * auc) + 1 / 3, abs=1e-12)
