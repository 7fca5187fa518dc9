"""Statements of the IBA chapter about alpha, label exchange and one-sample steps.

Corollary iba-cor-envelope (the winner's g*d grows with alpha, each classifier wins
on an interval), the exact one-false-positive threshold 1 / (2 - 1/N - 1/P), the
bounds on the tilt between the two labellings, and the exercise iba-ex-bound.
"""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import imbalance_lib as il
from imbalance_lib.book.chapters.iba import from_rates, integer_grid, swap

unit = st.floats(0, 1, allow_nan=False)
ALPHAS = np.linspace(0, 1, 201)


# --------------------------------------------------------------- corollary iba-cor-envelope
@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(unit, unit), min_size=2, max_size=8))
def test_winner_product_g_d_is_non_decreasing_in_alpha(rates):
    t, s = np.array(rates).T
    C = from_rates(t, s, 0.3)
    values = il.iba(C[:, None], alpha=ALPHAS)  # (classifiers, alphas)
    gd = (t * s) * (t - s)
    best = values.max(axis=0)
    winners = values >= best - 1e-12  # every classifier within rounding of the maximum
    low = np.where(winners, gd[:, None], np.inf).min(axis=0)  # per alpha
    high = np.where(winners, gd[:, None], -np.inf).max(axis=0)
    # any winner at a larger alpha has g*d at least that of any winner at a smaller one
    assert (low[1:] >= np.maximum.accumulate(high)[:-1] - 1e-8).all()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(unit, unit), min_size=2, max_size=8))
def test_each_classifier_wins_on_an_interval_of_alpha(rates):
    t, s = np.array(rates).T
    values = il.iba(from_rates(t, s, 0.3)[:, None], alpha=ALPHAS)
    strict = values > np.sort(values, axis=0)[-2] + 1e-9  # strict winner at that alpha
    for row in strict:
        where = np.flatnonzero(row)
        if where.size:
            assert np.all(row[where.min(): where.max() + 1]), "winning set has a gap"


def test_envelope_on_table2_switches_once_to_the_biased_configuration():
    from imbalance_lib.book.published.garcia2009 import TABLE2

    f = TABLE2.frame()
    values = il.iba(from_rates(f["TPrate"], f["TNrate"], 1 / 11)[:, None], alpha=ALPHAS)
    winner = np.asarray(f.index)[values.argmax(axis=0)]
    changes = np.flatnonzero(winner[1:] != winner[:-1])
    assert winner[0] in ("theta2", "theta3") and winner[-1] == "theta4"
    assert set(winner[ALPHAS > 0.01]) == {"theta3", "theta4"} and len(changes) <= 2


# --------------------------------------------------------------- one false positive corrected
def test_one_step_change_formula():
    C = integer_grid(7)
    A = C[C[:, 0, 1] >= 1]
    B = A.copy()
    B[:, 0, 0] += 1
    B[:, 0, 1] -= 1
    t, s, h = il.tpr(A), il.tnr(A), 1 / A[:, 0].sum(-1)
    for a in (0.0, 0.3, 0.5, 0.55, 0.8, 1.0):
        delta = il.iba(B, alpha=a) - il.iba(A, alpha=a)
        assert np.allclose(delta, t * h * (1 + a * (t - 2 * s - h)), atol=1e-12)


@pytest.mark.parametrize("max_count", [3, 6, 12])
def test_first_one_step_drop_is_at_one_over_two_minus_inverse_sizes(max_count):
    exact = 1 / (2 - 2 / max_count)  # P = N = max_count maximise 2 - 1/N - 1/P
    C = integer_grid(max_count)
    A = C[C[:, 0, 1] >= 1]
    B = A.copy()
    B[:, 0, 0] += 1
    B[:, 0, 1] -= 1
    below, above = exact - 1e-9, min(exact + 1e-6, 1.0)
    assert not (il.iba(B, alpha=below) < il.iba(A, alpha=below) - 1e-15).any()
    if exact < 1:
        assert (il.iba(B, alpha=above) < il.iba(A, alpha=above)).any()
    if max_count == 12:
        assert exact == pytest.approx(6 / 11)


@given(st.integers(1, 30), st.integers(2, 30))
def test_threshold_is_attained_with_one_true_positive_and_one_false_positive(P, N):
    exact = 1 / (2 - 1 / N - 1 / P)
    A = il.binary_matrix(1, P - 1, 1, N - 1)  # TP = 1, FP = 1
    B = il.binary_matrix(1, P - 1, 0, N)
    assume(exact < 1 - 1e-6)
    assert il.iba(B, alpha=exact + 1e-6) < il.iba(A, alpha=exact + 1e-6)
    assert il.iba(B, alpha=exact - 1e-6) >= il.iba(A, alpha=exact - 1e-6)


# --------------------------------------------------------------- tilt between the labellings
@given(unit, unit, st.floats(0, 0.99))
def test_tilt_bounds(t, s, alpha):
    C = from_rates(t, s, 0.3)
    g, d = t * s, t - s
    a, b = il.iba(C, alpha=alpha), il.iba(swap(C), alpha=alpha)
    assume(g > 1e-9)
    assert abs(a - b) / g <= 2 * alpha * (1 - g) + 1e-9
    assert max(a / b, b / a) - 1 <= 2 * alpha / (1 - alpha) + 1e-9
    assert a / b == pytest.approx((1 + alpha * d) / (1 - alpha * d), rel=1e-9)


def test_default_alpha_gain_is_two_ninths():
    assert (1 + 0.1) / (1 - 0.1) - 1 == pytest.approx(2 / 9)
    # approached as g -> 0 on the edge s = 0 ... t = 1 - eps is infeasible; take t = 1,
    # s -> 0 where d -> 1
    C = from_rates(1.0, 1e-9, 0.3)
    gain = il.iba(C, alpha=0.1) / il.iba(swap(C), alpha=0.1) - 1
    assert gain == pytest.approx(2 / 9, rel=1e-6)


# --------------------------------------------------------------- exercise iba-ex-bound
@given(st.floats(-1, 1), st.floats(0, 3))
def test_largest_iba_for_fixed_dominance(d, alpha):
    g = np.linspace(0, 1 - abs(d), 401)
    best = ((1 + alpha * d) * g).max()
    expected = max(0.0, (1 + alpha * d) * (1 - abs(d)))
    assert best == pytest.approx(expected, abs=1e-12)


def test_alpha_two_exceeds_one_at_d_quarter():
    d = np.linspace(-1, 1, 8001)
    bound = np.maximum(0, (1 + 2 * d) * (1 - np.abs(d)))
    assert d[bound.argmax()] == pytest.approx(0.25, abs=1e-3)
    assert bound.max() == pytest.approx(9 / 8, abs=1e-6)
