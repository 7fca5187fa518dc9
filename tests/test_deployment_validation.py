"""A threshold chosen on validation data (``cost_threshold_oob``) and the cost curve's band
(``cost_curve_interval``).

Expected values come from an independent re-implementation of the out-of-bag bootstrap
(plain loops over every cut, costs by hand), from scipy's Beta distribution for the band's
quantiles, and from hand computation.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import imbalance_lib as il

COSTS = np.array([[0.0, 1.0], [5.0, 0.0]])


def _cost(y, flag, pi):
    """Expected cost per case at prevalence pi, by hand: pi c_FN FNR + (1 - pi) c_FP FPR."""
    fnr = np.mean(~flag[y == 1])
    fpr = np.mean(flag[y == 0])
    return pi * COSTS[1, 0] * fnr + (1 - pi) * COSTS[0, 1] * fpr


def _cheapest(y, s, pi):
    """The cheapest cut by brute force: each distinct score (flag s >= it) and 'flag none';
    the threshold is the midpoint below the lowest flagged score; ties to the lowest."""
    cuts = np.r_[np.unique(s), np.inf]
    costs = np.array([_cost(y, s >= c, pi) for c in cuts])
    best = int(np.flatnonzero(costs <= costs.min() + 1e-12)[0])
    c = cuts[best]
    if np.isinf(c):
        return np.inf
    below = s[s < c]
    return -np.inf if below.size == 0 else (below.max() + c) / 2


def _oob_by_hand(y, s, pi, n_resamples, seed):
    rng = np.random.default_rng(seed)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    values = []
    for _ in range(n_resamples):
        bag = np.r_[rng.choice(pos, pos.size), rng.choice(neg, neg.size)]
        out = np.setdiff1d(np.arange(y.size), bag)
        if len(set(y[out])) < 2:
            continue
        t = _cheapest(y[bag], s[bag], pi)
        values.append(_cost(y[out], s[out] >= t, pi))
    return np.mean(values), len(values)


@pytest.mark.parametrize("seed", range(6))
def test_out_of_bag_cost_matches_a_loop_by_hand(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 60))
    y = (rng.random(n) < 0.3).astype(int)
    y[:2] = [0, 1]
    s = np.round(rng.normal(y, 1.0), 1)  # ties
    pi = float(rng.uniform(0.05, 0.5))
    got = il.cost_threshold_oob(y, s, COSTS, prevalence=pi, n_resamples=30, random_state=seed)
    want, used = _oob_by_hand(y, s, pi, 30, seed)
    assert got.resamples == used
    assert got.cost == pytest.approx(want, abs=1e-12)
    assert got.apparent == pytest.approx(
        min(_cost(y, s >= c, pi) for c in np.r_[np.unique(s), np.inf]), abs=1e-12)


def test_out_of_bag_cost_exceeds_the_apparent_cost_on_average():
    # the least cost on the data is optimistic; on 40 weak scores the out-of-bag mean is
    # higher on most of them
    rng = np.random.default_rng(1)
    higher = 0
    for _ in range(40):
        y = (rng.random(150) < 0.2).astype(int)
        s = rng.normal(0.7 * y, 1.0)
        oob = il.cost_threshold_oob(y, s, COSTS, n_resamples=50, random_state=rng)
        higher += oob.cost > oob.apparent
    assert higher >= 35, higher


def test_out_of_bag_refuses_bad_input_and_changes_nothing():
    y, s = np.array([0, 0, 1, 1, 0, 1]), np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    y0, s0 = y.copy(), s.copy()
    for kwargs, msg in (({"n_resamples": 0}, "n_resamples"), ({"n_resamples": 2.5}, "n_resamples"),
                        ({"n_resamples": True}, "n_resamples"), ({"prevalence": 1.0}, "prevalence"),
                        ({"random_state": -1}, "random_state")):
        with pytest.raises(ValueError, match=msg):
            il.cost_threshold_oob(y, s, COSTS, **kwargs)
    with pytest.raises(ValueError, match="single class"):
        il.cost_threshold_oob([0, 0, 0], [0.1, 0.2, 0.3], COSTS)
    with pytest.raises(ValueError, match="shape"):
        il.cost_threshold_oob(y, s, np.ones((3, 3)))
    with pytest.raises(ValueError, match="out of the bag"):
        il.cost_threshold_oob([0, 1], [0.1, 0.2], COSTS, random_state=0)
    assert (y == y0).all() and (s == s0).all()


# ------------------------------------------------------------------ cost_curve_interval


def test_cost_curve_band_quantiles_are_the_beta_posteriors():
    y = np.r_[np.zeros(80, int), np.ones(20, int)]
    s = np.r_[np.full(70, 0.1), np.full(10, 0.6), np.full(5, 0.3), np.full(15, 0.8)]
    x = np.array([0.2, 0.5, 0.8])
    cc = il.cost_curve(y, s, x)
    low, high = il.cost_curve_interval(y, s, x, n_resamples=40_000, random_state=0)
    rng = np.random.default_rng(9)
    for i, xi in enumerate(x):
        flag = s >= cc.threshold[i]
        fn, fp = int((~flag & (y == 1)).sum()), int((flag & (y == 0)).sum())
        a = 1 / 3
        draws = (stats.beta(fn + a, 20 - fn + a).rvs(200_000, random_state=rng) * xi
                 + stats.beta(fp + a, 80 - fp + a).rvs(200_000, random_state=rng) * (1 - xi))
        q = np.quantile(draws, [0.025, 0.975])
        est = cc.normalized_cost[i]
        assert low[i] == pytest.approx(min(q[0], est), abs=0.004)
        assert high[i] == pytest.approx(max(q[1], est), abs=0.004)
        assert low[i] <= est <= high[i]


def test_cost_curve_band_at_the_trivial_ends_and_by_hand():
    y, s = [0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9]
    low, high = il.cost_curve_interval(y, s, [0.0, 0.5, 1.0], random_state=0)
    # at x = 0 and x = 1 the trivial cuts cost nothing: the band starts at 0
    assert low[0] == 0.0 and low[2] == 0.0 and 0 < high[0] < 1
    # at x = 0.5 the curve is 0.25 (one error in each class of two, or 1/2 of one class)
    assert low[1] <= 0.25 <= high[1]
    assert np.all((low >= 0) & (high <= 1))


@pytest.mark.parametrize("kwargs, msg", [({"confidence": 1.5}, "confidence"),
                                         ({"prior": 0.0}, "prior"),
                                         ({"n_resamples": 0}, "n_resamples"),
                                         ({"probability_cost": [1.5]}, "probability_cost")])
def test_cost_curve_band_refuses_bad_input(kwargs, msg):
    with pytest.raises(ValueError, match=msg):
        il.cost_curve_interval([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], **kwargs)
