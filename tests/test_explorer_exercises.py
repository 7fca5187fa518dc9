"""The numbers in the solutions of the explorer page's exercises, recomputed with the library."""

from __future__ import annotations

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib.book import delta_coverage as dc

TEXT = " ".join(dc.PAGE.read_text(encoding="utf-8").split())
M = il.METRICS


def _f(name, C):
    return float(M[name].func(np.asarray(C, float), **M[name].params, zero_division=np.nan))


def test_paradox():
    before, after = [[990, 0], [10, 0]], [[990, 0], [5, 5]]
    assert (_f("accuracy", before), _f("balanced_accuracy", before)) == (0.99, 0.5)
    assert _f("accuracy", after) == pytest.approx(0.995) and _f("balanced_accuracy", after) == 0.75
    assert "accuracy becomes 0.995" in TEXT and "balanced accuracy becomes 0.75" in TEXT


def test_deployment():
    C = np.array([[813.0, 87.0], [42.0, 58.0]])
    S = il.matrix_at_prevalence(C, 0.01)
    for name in ("tpr", "tnr", "balanced_accuracy", "weighted_accuracy", "g_mean", "iba", "ac"):
        assert _f(name, S) == pytest.approx(_f(name, C), rel=1e-12), name
    assert (f"precision falls from {_f('precision', C):.1f} to {_f('precision', S):.4f}" in TEXT)
    assert f"MCC from {_f('mcc', C):.4f} to {_f('mcc', S):.4f}" in TEXT
    assert f"TPR {_f('tpr', C):.2f}, TNR {_f('tnr', C):.4f}" in TEXT


def test_width():
    C = np.array([[90, 10], [4, 6]])
    v1, lo1, hi1 = il.delta_interval(C, "balanced_accuracy")
    v4, lo4, hi4 = il.delta_interval(4 * C, "balanced_accuracy")
    assert f"{float(lo1):.3f} to {float(hi1):.3f}" in TEXT and f"{float(lo4):.3f} to {float(hi4):.3f}" in TEXT
    assert (hi4 - lo4) == pytest.approx((hi1 - lo1) / 2, rel=1e-12)
    rate = dc.coverage(*dc.SETTINGS[0])["balanced_accuracy"][0]
    assert "about 89 %" in TEXT and abs(rate - 0.89) < 0.01
