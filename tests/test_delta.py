"""The delta-method interval: derivatives against finite differences, the variance against
hand formulas, undefined cases and bad input."""

from __future__ import annotations

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib.delta import _Cells, _grad

Z = 1.959963984540054


def _metric(name, p):
    info = il.METRICS[name]
    kw = {"alpha": info.params["alpha"]} if "alpha" in info.params else {}
    return float(info.func(p.reshape(2, 2), zero_division=np.nan, **kw))


@pytest.mark.parametrize("name", il.DELTA_METRICS)
def test_derivatives_match_central_differences(name):
    rng = np.random.default_rng(7)
    alpha = il.METRICS[name].params.get("alpha", 0.0)
    checked = 0
    while checked < 60:
        C = rng.integers(1, 80, size=(2, 2)).astype(float)
        t, s = C[1, 1] / C[1].sum(), C[0, 0] / C[0].sum()
        if C[0, 1] == C[1, 0] or abs(t - s) < 1e-3:  # keep away from the kinks
            continue
        p = (C / C.sum()).ravel()
        g = np.array(_grad(name, _Cells(p.reshape(2, 2)), alpha))
        fd = []
        for i in range(4):
            e = np.zeros(4)
            e[i] = 1e-6
            fd.append((_metric(name, p + e) - _metric(name, p - e)) / 2e-6)
        np.testing.assert_allclose(g, fd, atol=1e-7)
        checked += 1


def test_proportions_give_the_binomial_wald_interval():
    C = np.array([[80.0, 20.0], [7.0, 13.0]])
    for name, x, n in (("tpr", 13, 20), ("tnr", 80, 100), ("precision", 13, 33),
                       ("npv", 80, 87), ("accuracy", 93, 120)):
        value, low, high = il.delta_interval(C, name)
        half = Z * np.sqrt(x / n * (1 - x / n) / n)
        assert value == pytest.approx(x / n, rel=1e-14)
        assert (low, high) == pytest.approx((x / n - half, x / n + half), rel=1e-12)


def test_balanced_accuracy_by_hand():
    # Var = (t(1-t)/P + s(1-s)/N) / 4 for balanced accuracy
    value, low, high = il.delta_interval([[90, 10], [4, 6]], "balanced_accuracy")
    half = Z * np.sqrt((0.6 * 0.4 / 10 + 0.9 * 0.1 / 100) / 4)
    assert (low, high) == pytest.approx((0.75 - half, 0.75 + half), rel=1e-12)


def test_mcc_matches_the_large_sample_formula_at_independence():
    # at independence the delta-method SE of the phi coefficient is 1/sqrt(n)
    C = np.array([[300.0, 200.0], [150.0, 100.0]])
    value, low, high = il.delta_interval(C, "mcc")
    assert value == pytest.approx(0.0, abs=1e-15)
    assert high == pytest.approx(Z / np.sqrt(750), rel=1e-12)


def test_stacks_scaling_and_undefined_cases():
    C = np.array([[[50, 5], [2, 8]], [[0, 0], [3, 7]], [[0, 0], [0, 0]]], dtype=np.int32)
    value, low, high = il.delta_interval(C, "g_mean")
    assert value.shape == low.shape == (3,)
    assert np.isfinite(low[0]) and np.isnan(low[1:]).all() and np.isnan(high[1:]).all()
    # a rate of 0 makes the G-mean's derivative infinite: undefined, not a point
    assert np.isnan(il.delta_interval([[5, 5], [10, 0]], "g_mean")[1])
    # a huge test set: no overflow, the width shrinks as 1/sqrt(n)
    big = il.delta_interval(np.array([[5e300, 1e300], [1e300, 3e300]]), "f1")
    small = il.delta_interval(np.array([[5.0, 1.0], [1.0, 3.0]]), "f1")
    assert np.isfinite(big[1]) and big[0] == pytest.approx(small[0], rel=1e-14)
    assert big[2] - big[0] < 1e-140


@pytest.mark.parametrize("bad, match", [
    ([[1, np.nan], [2, 3]], "non-finite"), ([[1, np.inf], [2, 3]], "non-finite"),
    ([[1, -1], [2, 3]], "negative"), (np.zeros((0, 2)), "2x2"), ([[1, 2, 3]] * 3, "2x2"),
    ([1, 2], "2x2"), ([["a", "b"], ["c", "d"]], "real numbers"),
    (np.array([[1 + 1j, 0], [0, 1]]), "real numbers"),
    (np.ma.masked_array([[1, 2], [3, 4]], mask=[[0, 1], [0, 0]]), "mask"),
])
def test_bad_matrices_are_refused(bad, match):
    with pytest.raises(ValueError, match=match):
        il.delta_interval(bad, "f1")


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="one of"):
        il.delta_interval([[1, 2], [3, 4]], "auc")
    with pytest.raises(ValueError, match="confidence"):
        il.delta_interval([[1, 2], [3, 4]], "f1", confidence=1.0)
    with pytest.raises(ValueError, match="no alpha"):
        il.delta_interval([[1, 2], [3, 4]], "f1", alpha=0.2)
    with pytest.raises(ValueError, match="finite"):
        il.delta_interval([[1, 2], [3, 4]], "iba", alpha=np.nan)


def test_empty_stack_and_bool_and_unmasked_masked_array():
    v, lo, hi = il.delta_interval(np.zeros((0, 2, 2)), "mcc")
    assert v.shape == lo.shape == (0,)
    a = il.delta_interval(np.ma.masked_array([[5, 2], [1, 4]]), "kappa")
    b = il.delta_interval(np.array([[True, False], [False, True]]), "kappa")
    assert np.isfinite(a[1])
    # a perfect matrix: every off-diagonal cell is 0, the Wald interval collapses to a point
    assert (float(b[1]), float(b[2])) == (1.0, 1.0)
