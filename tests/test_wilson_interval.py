"""``wilson_interval``: scipy's Wilson interval, hand values, edge cases and bad input."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binomtest

import imbalance_lib as il


@pytest.mark.parametrize("confidence", [0.5, 0.9, 0.95, 0.99, 0.999999])
def test_matches_scipy(confidence):
    rng = np.random.default_rng(7)
    n = rng.integers(1, 5000, size=300)
    x = rng.integers(0, n + 1)
    low, high = il.wilson_interval(x, n, confidence)
    for i in range(n.size):
        ci = binomtest(int(x[i]), int(n[i])).proportion_ci(confidence, method="wilson")
        assert low[i] == pytest.approx(ci.low, rel=1e-12, abs=1e-15)
        assert high[i] == pytest.approx(ci.high, rel=1e-12, abs=1e-15)


def test_hand_value():
    # 5 of 5 at 95 %: centre (5 + z^2/2)/(5 + z^2), half z sqrt(z^2/4)/(5 + z^2) = (z^2/2)/(5 + z^2)
    z = 1.959963984540054
    low, high = il.wilson_interval(5, 5)
    assert float(low) == pytest.approx(5 / (5 + z * z), rel=1e-14)
    assert float(high) == 1.0


def test_edges_shapes_and_dtypes():
    low, high = il.wilson_interval(np.array([0, 0, 3], dtype=np.uint8), np.array([0, 4, 3], dtype=np.int16))
    assert np.isnan(low[0]) and np.isnan(high[0])  # no trial: undefined
    assert low[1] == 0.0 and high[2] == 1.0 and 0 < low[2] < 1 and 0 < high[1] < 1
    low, high = il.wilson_interval([[1], [2]], [4, 5, 6])  # broadcast
    assert low.shape == high.shape == (2, 3)
    low, high = il.wilson_interval(2.5, 7.5)  # fractional (weighted) counts
    assert 0 < low < 2.5 / 7.5 < high < 1
    low, high = il.wilson_interval(4e15, 1e16)  # huge counts: a narrow interval around 0.4
    assert float(low) == pytest.approx(0.4, abs=1e-7) and float(high) == pytest.approx(0.4, abs=1e-7)
    low, high = il.wilson_interval(np.ma.array([1, 2], mask=[False, False]), 4)
    assert low.shape == (2,)
    low, high = il.wilson_interval([], [])
    assert low.shape == (0,)
    low, high = il.wilson_interval(True, 1)
    assert float(high) == 1.0


@pytest.mark.parametrize("args, match", [
    ((5, 4), "between 0 and trials"),
    ((-1, 4), "between 0 and trials"),
    ((np.nan, 4), "finite"),
    ((1, np.inf), "finite"),
    ((1, 4, 0.0), "confidence"),
    ((1, 4, 1.0), "confidence"),
    ((1, 4, np.nan), "confidence"),
    (([1, 2], [3, 4, 5]), "same shape"),
    (("a", 4), "numbers"),
    ((np.ma.array([1, 2], mask=[True, False]), 4), "masked"),
])
def test_bad_input(args, match):
    with pytest.raises(ValueError, match=match):
        il.wilson_interval(*args)


@pytest.mark.parametrize("n", [10, 30, 100])
def test_exact_coverage_is_near_nominal_on_average_with_dips(n):
    """What the explorer page says: exact binomial coverage averages about 95 % over the
    proportion already at 10 trials, and dips well below it at some proportions."""
    from scipy.stats import binom

    x = np.arange(n + 1)
    low, high = il.wilson_interval(x, n)
    ps = np.linspace(0.005, 0.995, 1981)
    cover = np.array([binom.pmf(x, n, p)[(low <= p) & (p <= high)].sum() for p in ps])
    assert 0.945 <= cover.mean() <= 0.96
    assert cover.min() < 0.93


def test_fuzz_returns_or_refuses_cleanly():
    """Any floats (NaN, infinities, negatives, huge): an interval inside [0, 1] with
    low <= high, or ValueError; never another error or a floating-point warning."""
    import warnings

    from hypothesis import given, settings
    from hypothesis import strategies as st
    from hypothesis.extra import numpy as hnp

    values = st.floats(allow_nan=True, allow_infinity=True, width=64)

    @settings(max_examples=300, deadline=None)
    @given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=0, max_dims=2, max_side=4), elements=values),
           values, st.floats(-1, 2))
    def run(x, n, confidence):
        with warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)
            try:
                low, high = il.wilson_interval(x, n, confidence)
            except ValueError:
                return
        ok = ~np.isnan(low)
        assert ((0 <= low[ok]) & (low[ok] <= high[ok]) & (high[ok] <= 1)).all()
        assert (np.isnan(low) == (np.broadcast_to(n, low.shape) == 0)).all()

    run()
