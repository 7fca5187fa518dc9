"""Properties of IAM and CBA proved in chapters/iam.ipynb (Mortaz 2020, Theorems 1-4).

Every theorem the chapter states as true is a hypothesis property here; the
false statements are pinned by their counterexamples, with values computed by
hand. Reference values come from the document's formulas coded literally
below (Eq. 7 and Eq. 8, one class at a time), from scikit-learn or from pycm.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.optimize import differential_evolution

import imbalance_lib as il

NAN = {"zero_division": np.nan}


def eq8(C):
    """IAM exactly as Eq. (8) of Mortaz (2020) writes it, in exact fractions."""
    C = [[Fraction(x) for x in row] for row in C]
    k = len(C)
    total = Fraction(0)
    for i in range(k):
        row_off = sum(C[i][j] for j in range(k) if j != i)
        col_off = sum(C[j][i] for j in range(k) if j != i)
        m = max(sum(C[i]), sum(C[j][i] for j in range(k)))
        total += (C[i][i] - max(row_off, col_off)) / m
    return total / k


def eq7(C):
    """CBA exactly as Eq. (7) writes it, in exact fractions."""
    C = [[Fraction(x) for x in row] for row in C]
    k = len(C)
    return sum(
        C[i][i] / max(sum(C[i]), sum(C[j][i] for j in range(k))) for i in range(k)
    ) / k


def defined(C):
    """Every class occurs in the true labels or the predictions (every term defined)."""
    C = np.asarray(C)
    return bool((np.maximum(C.sum(-1), C.sum(-2)) > 0).all())


@st.composite
def count_matrices(draw, k_min=2, k_max=10, top=60):
    k = draw(st.integers(k_min, k_max))
    C = draw(arrays(np.int64, (k, k), elements=st.integers(0, top)))
    assume(defined(C))
    return C


@st.composite
def real_matrices(draw, k_min=2, k_max=10):
    k = draw(st.integers(k_min, k_max))
    exps = draw(arrays(np.float64, (k, k), elements=st.floats(-6, 6)))
    zeros = draw(arrays(np.bool_, (k, k)))
    C = np.where(zeros, 0.0, 10.0**exps)
    assume(defined(C))
    return C


@st.composite
def extreme_matrices(draw, k_min=2, k_max=10):
    """Tiny perfectly classified classes next to a large confused pair."""
    k = draw(st.integers(k_min, k_max))
    big = draw(st.integers(1, 10**6))
    i, j = draw(st.permutations(range(k)))[:2]
    C = np.zeros((k, k))
    C[i, i] = draw(st.integers(0, big))
    C[i, j] = big - C[i, i]
    C[j, i] = draw(st.integers(0, big))
    C[j, j] = draw(st.integers(0, 3))
    for c in range(k):
        if c not in (i, j):
            C[c, c] = draw(st.integers(1, 3))
    assume(defined(C))
    return C


any_matrix = st.one_of(count_matrices(), real_matrices(), extreme_matrices())


# --- the identity IAM = 2 CBA - 1 -------------------------------------------

@settings(max_examples=150, deadline=None)
@given(count_matrices(k_max=6, top=30))
def test_iam_matches_eq8_and_cba_matches_eq7_and_pycm(C):
    assert il.iam(C) == pytest.approx(float(eq8(C.tolist())), abs=1e-12)
    assert il.cba(C) == pytest.approx(float(eq7(C.tolist())), abs=1e-12)


def test_cba_matches_pycm():
    pycm = pytest.importorskip("pycm")
    rng = np.random.default_rng(0)
    for k in range(2, 8):
        C = rng.integers(1, 40, size=(k, k))
        cm = pycm.ConfusionMatrix(matrix={i: {j: int(C[i, j]) for j in range(k)} for i in range(k)})
        assert il.cba(C) == pytest.approx(cm.CBA, abs=1e-12)


@settings(max_examples=300, deadline=None)
@given(any_matrix)
def test_iam_is_2cba_minus_1(C):
    assert il.iam(C) == pytest.approx(2 * il.cba(C) - 1, abs=1e-12)


def test_identity_exact_on_the_document_matrices():
    from imbalance_lib.book.published.mortaz2020 import CONFUSION_MATRICES

    for C in CONFUSION_MATRICES.values():
        assert eq8(C) == 2 * eq7(C) - 1


def test_identity_with_an_absent_class_depends_on_the_policy():
    # class 2 is absent from labels and predictions: its term is undefined
    C = [[3, 1, 0], [1, 5, 0], [0, 0, 0]]
    # nan: both means over the two defined classes, the identity holds
    assert il.iam(C, **NAN) == pytest.approx(2 * il.cba(C, **NAN) - 1)
    # a number z: both terms are replaced by z; the gap is u (1 - z) / k with u = 1, k = 3
    for z in (0.0, 0.5, 1.0):
        gap = il.iam(C, zero_division=z) - (2 * il.cba(C, zero_division=z) - 1)
        assert gap == pytest.approx((1 - z) / 3)


# --- Theorems 1-3 -----------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(any_matrix)
def test_theorem1_range(C):
    assert -1 - 1e-12 <= il.iam(C) <= 1 + 1e-12


def test_theorem1_bounds_attained():
    assert il.iam(np.diag([5, 1, 2])) == 1.0
    assert il.iam(np.roll(np.diag([5, 1, 2]), 1, axis=1)) == -1.0


@settings(max_examples=300, deadline=None)
@given(any_matrix)
def test_theorem2_iam_below_cba(C):
    assert il.iam(C) <= il.cba(C) + 1e-12


@settings(max_examples=300, deadline=None)
@given(any_matrix)
def test_theorem3_cba_below_map_mar_f(C):
    cba = il.cba(C)
    assert cba <= il.macro_precision(C, **NAN) + 1e-12
    assert cba <= il.macro_recall(C, **NAN) + 1e-12
    assert cba <= il.macro_f1(C, **NAN) + 1e-12
    hm = 2 * il.macro_precision(C, **NAN) * il.macro_recall(C, **NAN) / (
        il.macro_precision(C, **NAN) + il.macro_recall(C, **NAN) + 1e-300)
    assert il.iam(C) <= hm + 1e-12


def test_min_of_map_and_mar_can_exceed_the_documents_f_score():
    # the smallest counterexample (n = 3); by hand: precisions (1, 1/2), recalls (1/2, 1),
    # per-class F1 = 2/3 each
    C = np.array([[1, 0], [1, 1]])
    assert il.macro_precision(C) == pytest.approx(0.75)
    assert il.macro_recall(C) == pytest.approx(0.75)
    assert il.macro_f1(C) == pytest.approx(2 / 3)
    from sklearn.metrics import f1_score

    y_true, y_pred = [0, 1, 1], [0, 0, 1]
    assert f1_score(y_true, y_pred, average="macro") == pytest.approx(2 / 3)


# --- Proposition 1 ----------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.floats(-1e6, 1e6), st.floats(1e-6, 1e6), st.floats(0, 1e6))
def test_proposition1(a, b, c):
    assume(a <= b)
    assert a / b <= (a + c) / (b + c) + 1e-9 * (1 + abs(a / b))


# --- Theorem 4 and the corrected bound --------------------------------------

@settings(max_examples=400, deadline=None)
@given(st.one_of(count_matrices(2, 4), real_matrices(2, 4), extreme_matrices(2, 4)))
def test_theorem4_holds_for_at_most_four_classes(C):
    assert il.iam(C) <= il.accuracy(C) + 1e-12


@settings(max_examples=400, deadline=None)
@given(any_matrix)
def test_cba_and_iam_bounded_by_accuracy(C):
    k = C.shape[-1]
    acc = il.accuracy(C)
    assert il.cba(C) <= 1 - 2 / k * (1 - acc) + 1e-12
    assert il.iam(C) - acc <= (1 - 4 / k) * (1 - acc) + 1e-12


def test_binary_cba_below_accuracy_with_equality():
    C = np.array([[7, 3], [3, 7]])  # balanced margins, equal diagonal: equality
    assert il.cba(C) == pytest.approx(il.accuracy(C)) == pytest.approx(0.7)
    assert il.iam(C) == pytest.approx(2 * il.accuracy(C) - 1)


def test_theorem4_smallest_counterexample():
    C = np.zeros((5, 5))
    C[0, 1], C[1, 0] = 7, 6
    C[2, 2] = C[3, 3] = C[4, 4] = 1
    # by hand: ACC = 3/16, CBA = (0 + 0 + 1 + 1 + 1)/5, IAM = 2 CBA - 1 = 1/5
    assert il.accuracy(C) == pytest.approx(3 / 16)
    assert il.cba(C) == pytest.approx(3 / 5)
    assert il.iam(C) == pytest.approx(1 / 5)
    assert float(eq8(C.astype(int).tolist())) == pytest.approx(1 / 5)
    assert il.iam(C) > il.accuracy(C)


@pytest.mark.parametrize("k", [5, 6, 8, 10])
def test_bound_is_sharp(k):
    # c_12 = t, k - 2 singletons perfectly classified: IAM = 1 - 4/k, ACC -> 0
    C = np.zeros((k, k))
    C[0, 1] = 1e9
    C[np.arange(2, k), np.arange(2, k)] = 1
    assert il.iam(C) == pytest.approx(1 - 4 / k)
    assert il.iam(C) - il.accuracy(C) == pytest.approx(1 - 4 / k, abs=1e-7)


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_optimiser_on_theorem4(k):
    def gap(x):
        C = np.exp(x.T.reshape(-1, k, k))
        return -(il.iam(C) - il.accuracy(C))

    res = differential_evolution(
        gap, [(-10, 10)] * (k * k), seed=1, maxiter=150, popsize=5, recombination=0.9,
        vectorized=True, updating="deferred", polish=False, tol=0,
    )
    if k <= 4:
        assert -res.fun <= 1e-9
    else:
        assert -res.fun > 0.15  # sup is 1 - 4/k = 0.2


@settings(max_examples=300, deadline=None)
@given(st.one_of(count_matrices(top=3), extreme_matrices()))
def test_theorem1_extremes_exactly(C):
    off_diagonal = C - np.diag(np.diag(C))
    assert (il.iam(C) == pytest.approx(1.0, abs=1e-12)) == bool((off_diagonal == 0).all())
    assert (il.iam(C) == pytest.approx(-1.0, abs=1e-12)) == bool((np.diag(C) == 0).all())


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 10).flatmap(
    lambda k: st.tuples(st.integers(1, 50), st.lists(st.lists(st.integers(0, 20), min_size=k,
                                                               max_size=k), min_size=k, max_size=k))
))
def test_balanced_classes_iam_below_2acc_minus_1(args):
    # equal row totals (exercise iam-ex-balanced): IAM <= 2 ACC - 1
    extra, rows = args
    C = np.array(rows, dtype=float)
    C[np.arange(len(C)), np.arange(len(C))] += C.sum(axis=1).max() - C.sum(axis=1) + extra
    assert np.allclose(C.sum(axis=1), C.sum(axis=1)[0])
    assert il.iam(C) <= 2 * il.accuracy(C) - 1 + 1e-12
