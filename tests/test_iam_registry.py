"""The registry's facts for the five class-averaged metrics of chapters/iam.ipynb.

The trivial values the registry records (a binary classifier that says "positive"
with probability q at prevalence pi) must equal the metrics of the expected
confusion matrix.
"""

from __future__ import annotations

import itertools

import pytest

import imbalance_lib as il

NAMES = ("macro_precision", "macro_recall", "macro_f1", "cba", "iam")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("pi, q", list(itertools.product((0.1, 0.5, 0.8), (0.3, 0.7))))
def test_trivial_value_matches_the_expected_matrix(name, pi, q):
    info = il.METRICS[name]
    P, N = 1000 * pi, 1000 * (1 - pi)
    C = il.binary_matrix(q * P, (1 - q) * P, q * N, (1 - q) * N)  # tp, fn, fp, tn
    assert info.trivial(pi, q) == pytest.approx(info.func(C, zero_division=0.0))


def test_iam_is_two_cba_minus_one_in_the_registry():
    # the identity of the chapter, for the registry's random-classifier values
    for pi, q in itertools.product((0.1, 0.5, 0.8), (0.3, 0.7)):
        iam = il.METRICS["iam"].trivial(pi, q)
        cba = il.METRICS["cba"].trivial(pi, q)
        assert iam == pytest.approx(2 * cba - 1)
