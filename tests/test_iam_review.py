"""Statements added to chapters/iam.ipynb: counterexample sizes, the sign of IAM,
Engel's form, CBA never strictly below MAP/MAR/F, the supremum never attained.

The chapter states each of these as true; each is checked here by enumeration or
as a hypothesis property.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import imbalance_lib as il
from imbalance_lib.book.chapters.iam import proof_step_gap as _step_violation
from tests.test_iam_theorems import any_matrix, count_matrices

NAN = {"zero_division": np.nan}


def _matrices_of_total(k, total):
    for cells in itertools.product(range(total + 1), repeat=k * k):
        if sum(cells) == total:
            yield np.array(cells, dtype=float).reshape(k, k)


def _all_defined(C):
    return bool((C.sum(0) > 0).all() and (C.sum(1) > 0).all())


def test_total_two_breaks_the_step_under_the_chapters_convention():
    C = np.array([[0, 0], [1, 1]])
    # by hand: precisions (0, 1), recall of class 0 undefined (left out), recall 1/2;
    # F1 (0, 2/3)
    assert il.macro_precision(C, **NAN) == pytest.approx(0.5)
    assert il.macro_recall(C, **NAN) == pytest.approx(0.5)
    assert il.macro_f1(C, **NAN) == pytest.approx(1 / 3)
    assert _step_violation(C, **NAN) > 0.1


@pytest.mark.parametrize("k", [2, 3])
def test_smallest_fully_defined_counterexample_has_total_three(k):
    found = {}
    for total in (1, 2, 3):
        found[total] = any(
            _step_violation(C, **NAN) > 1e-12
            for C in _matrices_of_total(k, total) if _all_defined(C))
    assert not found[1] and not found[2]
    if k == 2:
        assert found[3]


def test_no_counterexample_of_total_one():
    for k in (2, 3):
        for C in _matrices_of_total(k, 1):
            defined = (np.maximum(C.sum(0), C.sum(1)) > 0).all()
            if defined:
                assert _step_violation(C, **NAN) <= 1e-12


# --- the sign of IAM (Section 2.4.1 of the document) --------------------------

def test_sign_examples_of_the_chapter():
    C5 = np.zeros((5, 5))
    C5[0, 1], C5[1, 0] = 7, 6
    C5[[2, 3, 4], [2, 3, 4]] = 1
    assert il.iam(C5) == pytest.approx(0.2) and il.accuracy(C5) == pytest.approx(3 / 16)
    C_neg = np.zeros((5, 5))
    C_neg[0, 0] = 100
    C_neg[1:, 0] = 1
    # by hand: CBA = (100/104)/5, IAM = 2 CBA - 1
    assert il.iam(C_neg) == pytest.approx(2 * (100 / 104) / 5 - 1)
    assert il.iam(C_neg) < 0 and il.accuracy(C_neg) == pytest.approx(100 / 104)


@given(any_matrix)
def test_iam_positive_iff_cba_above_one_half(C):
    iam, cba = il.iam(C), il.cba(C)
    assume(abs(cba - 0.5) > 1e-9)
    assert (iam > 0) == (cba > 0.5)


@given(count_matrices(k_max=6, top=20))
def test_class_term_positive_iff_correct_exceed_larger_error_margin(C):
    C = np.asarray(C, dtype=float)
    d = np.diag(C)
    m = np.maximum(C.sum(0), C.sum(1))
    e = m - d
    term = (d - e) / m
    assert ((term > 0) == (d > e)).all()


# --- Engel's form of Cauchy-Schwarz, as used in the proof of the bound -------------

@given(st.integers(1, 12).flatmap(lambda k: st.tuples(
    arrays(np.float64, k, elements=st.floats(0, 1e3)),
    arrays(np.float64, k, elements=st.floats(1e-3, 1e3)))))
def test_engel_form(hx):
    h, x = hx
    # the inequality is about real numbers: skip inputs whose products underflow
    # (h = 5e-324 makes h * x and h**2 exactly 0)
    assume(h.sum() > 0 and (h * x).sum() > 1e-290)
    assert (h / x).sum() >= h.sum() ** 2 / (h * x).sum() * (1 - 1e-12)


# --- CBA never strictly below MAP, MAR, F, under either convention ----------------

@given(arrays(np.int64, st.tuples(st.integers(2, 6), st.integers(2, 6)).map(
    lambda s: (s[0], s[0])), elements=st.integers(0, 5)))
def test_cba_never_above_map_mar_f_with_empty_columns(C):
    assume((np.maximum(C.sum(0), C.sum(1)) > 0).all())
    for z in (0.0, np.nan):
        cba = il.cba(C, zero_division=z)
        for f in (il.macro_precision, il.macro_recall, il.macro_f1):
            assert cba <= f(C, zero_division=z) + 1e-12


# --- the supremum 1 - 4/k of IAM - ACC is never attained ------------------------

@given(any_matrix)
def test_excess_over_accuracy_strictly_below_supremum(C):
    # for k >= 5; for k <= 4 the supremum is 0, attained by a perfect classifier
    k = np.asarray(C).shape[-1]
    assume(k >= 5)
    assert il.iam(C) - il.accuracy(C) < 1 - 4 / k
