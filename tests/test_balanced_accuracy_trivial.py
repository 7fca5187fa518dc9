"""Classifiers that ignore their input, the Bayes threshold, and the registry facts.

Tests the statements of ``chapters/balanced_accuracy.ipynb`` about
label-independent classifiers (expected and realised confusion matrices), the
threshold that maximises weighted accuracy, and the registry entries of
accuracy, balanced accuracy, weighted accuracy and the geometric mean.
Expected values are hand-derived formulas, exact enumerations with scipy's
binomial distribution, or scikit-learn.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import accuracy_score

import imbalance_lib as il
from imbalance_lib.book.chapters.balanced_accuracy import ba_distribution as exact_distribution

SIZE = st.integers(1, 400)
Q = st.floats(0, 1, allow_nan=False)
PI = st.floats(0.001, 0.999)


@given(SIZE, SIZE)
def test_constant_classifiers_on_every_test_set(P, N):
    y = np.r_[np.ones(P, int), np.zeros(N, int)]
    for constant in (0, 1):
        guess = np.full(P + N, constant)
        C = il.confusion_matrix(y, guess, labels=[0, 1])
        assert il.balanced_accuracy(C) == 0.5
        assert il.g_mean(C) == 0.0
        expected_acc = P / (P + N) if constant == 1 else N / (P + N)
        assert math.isclose(il.accuracy(C), accuracy_score(y, guess), abs_tol=1e-12)
        assert math.isclose(il.accuracy(C), expected_acc, abs_tol=1e-12)
    always_wrong = 1 - y
    C = il.confusion_matrix(y, always_wrong, labels=[0, 1])
    assert il.balanced_accuracy(C) == 0.0 and il.accuracy(C) == 0.0 and il.g_mean(C) == 0.0


@given(PI, Q, st.floats(1, 1e6))
def test_expected_matrix_of_a_label_independent_classifier(pi, q, M):
    P, N = pi * M, (1 - pi) * M
    E = il.binary_matrix(q * P, (1 - q) * P, q * N, (1 - q) * N)
    assert math.isclose(il.balanced_accuracy(E), 0.5, abs_tol=1e-12)
    assert math.isclose(il.g_mean(E), math.sqrt(q * (1 - q)), abs_tol=1e-9)
    assert il.g_mean(E) <= 0.5 + 1e-12
    assert math.isclose(il.accuracy(E), q * pi + (1 - q) * (1 - pi), abs_tol=1e-12)
    # accuracy of a trivial classifier is at most that of predicting the majority
    assert il.accuracy(E) <= max(pi, 1 - pi) + 1e-12


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.floats(0.01, 0.99))
def test_realised_scores_of_a_random_classifier(P, N, q):
    C, prob = exact_distribution(P, N, q)
    ba, gm = il.balanced_accuracy(C), il.g_mean(C)
    mean = float((prob * ba).sum())
    var = float((prob * (ba - mean) ** 2).sum())
    assert math.isclose(mean, 0.5, abs_tol=1e-12)
    assert math.isclose(var, q * (1 - q) * (1 / P + 1 / N) / 4, rel_tol=1e-9, abs_tol=1e-15)
    assert var > 0  # BA differs from 1/2 with positive probability
    e_gm = float((prob * gm).sum())
    assert 0 < e_gm <= math.sqrt(q * (1 - q)) + 1e-12
    p_zero = float(prob[gm == 0].sum())
    assert math.isclose(p_zero, 1 - (1 - (1 - q) ** P) * (1 - q ** N), abs_tol=1e-12)


def test_smallest_example_one_positive_one_negative():
    C, prob = exact_distribution(1, 1, 0.5)
    ba, gm = il.balanced_accuracy(C).ravel(), il.g_mean(C).ravel()
    assert np.allclose(prob.ravel(), 0.25)
    assert sorted(ba.tolist()) == [0.0, 0.5, 0.5, 1.0]
    assert math.isclose(float((prob.ravel() * gm).sum()), 0.25)
    expected = il.binary_matrix(0.5, 0.5, 0.5, 0.5)
    assert il.g_mean(expected) == 0.5  # not 0: the brief's wording is false


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 9), st.integers(0, 2**32 - 1), st.floats(0.01, 0.99))
def test_bayes_threshold_maximises_weighted_accuracy(m, seed, alpha):
    # a finite input space with m points, mass f(x) and posterior p(x); every rule is tried
    rng = np.random.default_rng(seed)
    f = rng.dirichlet(np.ones(m))
    p = rng.random(m)
    pi = float((f * p).sum())
    rules = np.array(list(itertools.product([0, 1], repeat=m)))
    tpr = rules @ (f * p) / pi
    tnr = (1 - rules) @ (f * (1 - p)) / (1 - pi)
    best = float((alpha * tpr + (1 - alpha) * tnr).max())
    t = (1 - alpha) * pi / ((1 - alpha) * pi + alpha * (1 - pi))
    d = (p > t).astype(float)
    value = alpha * (d @ (f * p)) / pi + (1 - alpha) * ((1 - d) @ (f * (1 - p))) / (1 - pi)
    assert value >= best - 1e-12
    # the two named cases
    assert math.isclose((1 - pi) * pi / ((1 - pi) * pi + pi * (1 - pi)), 0.5)
    assert math.isclose(0.5 * pi / (0.5 * pi + 0.5 * (1 - pi)), pi)


@given(st.integers(2, 10), st.integers(0, 2**32 - 1))
def test_label_independent_classifier_with_k_classes(k, seed):
    rng = np.random.default_rng(seed)
    pi = rng.dirichlet(np.ones(k))
    q = rng.dirichlet(np.ones(k))
    E = np.outer(pi, q) * 1000.0  # expected matrix: class i predicted j with probability q_j
    assert math.isclose(il.macro_recall(E), 1 / k, abs_tol=1e-12)
    assert math.isclose(il.accuracy(E), float((pi * q).sum()), abs_tol=1e-12)
    gm = il.g_mean(E)
    assert math.isclose(gm, float(np.prod(q)) ** (1 / k), rel_tol=1e-9, abs_tol=1e-15)
    assert gm <= 1 / k + 1e-12
    uniform = np.outer(pi, np.full(k, 1 / k)) * 1000.0
    assert math.isclose(il.g_mean(uniform), 1 / k, abs_tol=1e-12)


# --- the registry's facts for the four metrics of the chapter ----------------

HAND = {
    # (all positive, all negative, random(q)) as functions of (pi, q), alpha = 0.3 for WA
    "accuracy": (lambda pi, q: pi, lambda pi, q: 1 - pi, lambda pi, q: q * pi + (1 - q) * (1 - pi)),
    "balanced_accuracy": (lambda pi, q: 0.5, lambda pi, q: 0.5, lambda pi, q: 0.5),
    "weighted_accuracy": (lambda pi, q: 0.3, lambda pi, q: 0.7, lambda pi, q: 0.3 * q + 0.7 * (1 - q)),
    "g_mean": (lambda pi, q: 0.0, lambda pi, q: 0.0, lambda pi, q: math.sqrt(q * (1 - q))),
}


@given(PI, Q)
def test_registry_trivial_values(pi, q):
    E = il.binary_matrix(q * pi, (1 - q) * pi, q * (1 - pi), (1 - q) * (1 - pi))
    for name, (all_pos, all_neg, random) in HAND.items():
        info = il.METRICS[name]
        assert math.isclose(info.trivial(pi, q), random(pi, q), abs_tol=1e-12)
        assert math.isclose(info.trivial(pi, 1.0), all_pos(pi, 1.0), abs_tol=1e-12)
        assert math.isclose(info.trivial(pi, 0.0), all_neg(pi, 0.0), abs_tol=1e-12)
        assert math.isclose(info.func(E, **info.params), random(pi, q), abs_tol=1e-9)


def test_registry_flags():
    C = il.binary_matrix(6, 4, 9, 81)
    swapped = il.binary_matrix(81, 9, 4, 6)  # classes renamed
    shifted = il.binary_matrix(6, 4, 90, 810)  # ten times as many negatives
    for name in HAND:
        info = il.METRICS[name]
        f = lambda M: info.func(M, **info.params)  # noqa: E731
        assert info.range == (0, 1)
        assert math.isclose(f(C), f(swapped), abs_tol=1e-12) == info.symmetric, name
        assert math.isclose(f(C), f(shifted), abs_tol=1e-12) == info.prevalence_invariant, name
