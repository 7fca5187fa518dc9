"""Every property the synthesis chapter (chapters/synthesis.ipynb) states, as a test.

The chapter decides a matrix of metrics x properties by computation
(``imbalance_lib.book.properties``); here each stated cell is checked again by
hypothesis on random matrices, and each "no" by a counterexample. The
identities of the theorem "Identities behind the groups" are hypothesis
properties, for any number of classes where the chapter says so.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import imbalance_lib as il
from imbalance_lib.book import properties as props
from imbalance_lib.registry import METRICS

NAN = {"zero_division": np.nan}

counts = st.floats(0.01, 1e4, allow_nan=False, allow_infinity=False)
binary = arrays(np.float64, (2, 2), elements=counts)
factor = st.floats(0.01, 100.0)

PREV_FREE = ["tpr", "tnr", "balanced_accuracy", "weighted_accuracy", "g_mean",
             "dominance", "iba", "ac", "macro_recall"]
COLUMN_FREE = ["precision", "npv", "macro_precision"]
SWAP = [n for n in METRICS if n not in (
    "tpr", "tnr", "precision", "npv", "f1", "weighted_accuracy", "dominance", "iba")]
CONSTANT_BASELINE = ["precision", "npv", "balanced_accuracy", "mcc", "kappa",
                     "macro_precision", "macro_recall"]
STRICT = ["balanced_accuracy", "weighted_accuracy", "accuracy", "mcc", "macro_recall",
          "macro_f1", "cba", "iam"]
WEAK = ["tpr", "tnr", "precision", "npv", "f1", "g_mean", "iba", "hmnc", "ac", "kappa",
        "macro_precision"]
TRANSPOSE = ["f1", "accuracy", "mcc", "kappa", "macro_f1", "cba", "iam"]


def value(name, C):
    return float(props.evaluate(name, np.asarray(C, float)))


# --- identities (theorem syn-thm-identities) -------------------------------------

@given(binary)
def test_ba_mar_j_auc1(C):
    tpr, tnr = il.tpr(C), il.tnr(C)
    ba = il.balanced_accuracy(C)
    assert np.isclose(il.macro_recall(C), ba, atol=1e-12)
    assert np.isclose((tpr + tnr - 1 + 1) / 2, ba, atol=1e-12)
    assert np.isclose((1 + tpr - (1 - tnr)) / 2, ba, atol=1e-12)


@given(binary)
def test_iba0_is_gm_squared(C):
    assert np.isclose(il.iba(C, alpha=0.0), il.g_mean(C) ** 2, atol=1e-12)


@given(st.integers(2, 10).flatmap(
    lambda k: arrays(np.int64, (k, k), elements=st.integers(0, 50))))
def test_iam_is_2cba_minus_1_any_k(C):
    # every class present in the labels or the predictions, so both are defined
    assume(np.all(C.sum(0) + C.sum(1) > 0))
    assert np.isclose(il.iam(C, **NAN), 2 * il.cba(C, **NAN) - 1, atol=1e-12)


@given(binary)
def test_ac_and_hmnc_forms(C):
    gm2, ba, acc = il.g_mean(C) ** 2, il.balanced_accuracy(C), il.accuracy(C)
    assume(ba > 1e-9 and acc > 1e-9)
    assert np.isclose(il.ac(C, **NAN), gm2 / ba, rtol=1e-9, atol=1e-12)
    assert np.isclose(il.hmnc(C, **NAN), gm2 / acc, rtol=1e-9, atol=1e-12)


def test_ranking_groups_are_exactly_the_three_identities():
    C = props.all_matrices(10)
    C = C[(C[:, 0].sum(1) > 0) & (C[:, 1].sum(1) > 0)]
    extra = {"J": lambda C: il.tpr(C, **NAN) + il.tnr(C, **NAN) - 1,
             "IBA_0": lambda C: il.iba(C, alpha=0.0, **NAN)}
    cands = {n: n for n in METRICS} | extra
    groups = [g for g in props.ranking_classes(cands, C) if len(g) > 1]
    assert groups == [["balanced_accuracy", "macro_recall", "J"], ["g_mean", "IBA_0"],
                      ["cba", "iam"]]
    sizes = C[:, 1].sum(1) * 100 + C[:, 0].sum(1)
    fixed = [g for g in props.ranking_classes(cands, C, sizes) if len(g) > 1]
    assert fixed == groups


# --- invariances ------------------------------------------------------------------

@pytest.mark.parametrize("name", PREV_FREE)
@given(C=binary, a=factor, b=factor)
def test_prevalence_free_rows_scaled(name, C, a, b):
    D = C * np.array([[b], [a]])
    assert np.isclose(value(name, C), value(name, D), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("name", COLUMN_FREE)
@given(C=binary, a=factor, b=factor)
def test_column_scaling_free(name, C, a, b):
    D = C * np.array([[b, a]])
    assert np.isclose(value(name, C), value(name, D), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("name", SWAP)
@given(C=binary)
def test_class_swap(name, C):
    assert np.isclose(value(name, C), value(name, C[::-1, ::-1]), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("name", TRANSPOSE)
@given(C=binary)
def test_transpose(name, C):
    assert np.isclose(value(name, C), value(name, C.T), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("name", list(METRICS))
@given(C=binary, k=factor)
def test_uniform_scaling(name, C, k):
    assert np.isclose(value(name, C), value(name, k * C), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("name", [n for n in METRICS if n not in PREV_FREE])
def test_not_prevalence_free_counterexample(name):
    assert not (props.invariance(name, "I5 positive row scaled", n_max=6)[0]
                and props.invariance(name, "I6 negative row scaled", n_max=6)[0])


@pytest.mark.parametrize("name", list(METRICS))
def test_decided_facts_match_registry(name):
    info = METRICS[name]
    assert props.invariance(name, "I1 swap classes", n_max=6)[0] == info.symmetric
    free = (props.invariance(name, "I5 positive row scaled", n_max=6)[0]
            and props.invariance(name, "I6 negative row scaled", n_max=6)[0])
    assert free == info.prevalence_invariant


# --- baseline and monotonicity ----------------------------------------------------

@pytest.mark.parametrize("name", CONSTANT_BASELINE)
@given(pi=st.floats(0.01, 0.99), q1=st.floats(0.01, 0.99), q2=st.floats(0.01, 0.99))
def test_constant_baseline(name, pi, q1, q2):
    a = value(name, props.expected_random(pi, q1))
    b = value(name, props.expected_random(pi, q2))
    assert np.isclose(a, b, atol=1e-9)


@pytest.mark.parametrize("name", [n for n in METRICS if n not in CONSTANT_BASELINE])
def test_no_constant_baseline(name):
    assert not props.constant_baseline(name)[0]


cells = arrays(np.int64, (2, 2), elements=st.integers(0, 40))


def _one_error_corrected(name, C, which):
    """Values of the metric before and after moving one error onto the diagonal."""
    i, j = which
    assume(C[i, j] >= 1)
    D = C.copy()
    D[i, j] -= 1
    D[i, i] += 1
    a, b = value(name, C), value(name, D)
    assume(np.isfinite(a) and np.isfinite(b))
    return a, b


@pytest.mark.parametrize("name", STRICT)
@given(C=cells, which=st.sampled_from([(1, 0), (0, 1)]))
def test_strictly_monotone(name, C, which):
    a, b = _one_error_corrected(name, C, which)
    assert b > a


@pytest.mark.parametrize("name", WEAK)
@given(C=cells, which=st.sampled_from([(1, 0), (0, 1)]))
def test_weakly_monotone(name, C, which):
    a, b = _one_error_corrected(name, C, which)
    assert b >= a - 1e-12


def test_weak_ones_are_not_strict():
    for name in WEAK:
        assert props.monotonicity(name, n_max=8) == "weak", name
    assert props.monotonicity("dominance", n_max=8) == "no"
    assert props.monotonicity("optimized_precision", n_max=8) == "no"


def test_gm_stuck_at_zero():
    # TPR = 0: correcting negatives leaves GM, AC, IBA and HMNC at 0
    C, D = np.array([[3, 2], [4, 0]]), np.array([[4, 1], [4, 0]])
    for name in ("g_mean", "ac", "iba", "hmnc"):
        assert value(name, C) == value(name, D) == 0


def test_prevalence_bias_signs():
    # the chapter's figure: at fixed TPR/TNR, ACC gains and F1 loses at low prevalence
    def at(pi):
        return il.binary_matrix(0.8 * pi, 0.2 * pi, 0.1 * (1 - pi), 0.9 * (1 - pi))

    lo, half = at(0.005), at(0.5)
    assert value("accuracy", lo) > value("accuracy", half)
    assert value("f1", lo) < value("hmnc", lo) - value("hmnc", half) + value("f1", half)
    for name in ("balanced_accuracy", "g_mean", "iba", "ac"):
        assert np.isclose(value(name, lo), value(name, half), atol=1e-12)
