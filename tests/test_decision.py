"""Net benefit (decision curves) and cost curves, against hand values and brute-force loops."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix

import imbalance_lib as il

Y = np.array([0, 0, 1, 1])
S = np.array([0.1, 0.6, 0.4, 0.9])


def test_net_benefit_by_hand():
    nb = il.net_benefit(Y, S, [0.0, 0.2, 0.5, 0.95])
    # t = 0: everyone treated, NB = 2/4; t = 0.2: TP 2, FP 1, odds 1/4;
    # t = 0.5: TP 1, FP 1, odds 1; t = 0.95: TP 0, FP 0
    assert nb.model == pytest.approx([0.5, 0.5 - 0.25 / 4, 0.0, 0.0])
    assert nb.treat_all == pytest.approx([0.5, 0.5 - 0.5 / 4, 0.0, 0.5 - 0.5 * 19])
    assert nb.treat_none.tolist() == [0.0] * 4


def test_net_benefit_is_a_per_threshold_loop():
    rng = np.random.default_rng(0)
    y = (rng.random(2000) < 0.15).astype(int)
    s = np.round(1 / (1 + np.exp(-rng.normal(2 * y - 1.5, 1.0))), 2)  # ties included
    t = np.linspace(0, 0.99, 100)
    nb = il.net_benefit(y, s, t)
    for i, ti in enumerate(t):
        tn, fp, fn, tp = confusion_matrix(y, (s >= ti).astype(int), labels=[0, 1]).ravel()
        n = len(y)
        assert nb.model[i] == pytest.approx(tp / n - fp / n * ti / (1 - ti), abs=1e-12)


def test_net_benefit_is_prevalence_minus_expected_cost():
    # with c_FN = 1 and c_FP = t / (1 - t): NB(t) = pi - EC(t)
    rng = np.random.default_rng(1)
    y = (rng.random(500) < 0.3).astype(int)
    s = rng.random(500) ** np.where(y == 1, 0.5, 2)
    for t in (0.05, 0.3, 0.7):
        C = confusion_matrix(y, (s >= t).astype(int))
        ec = il.expected_cost(C, [[0, t / (1 - t)], [1, 0]])
        assert il.net_benefit(y, s, t).model[0] == pytest.approx(y.mean() - ec)


def test_net_benefit_interval_contains_the_estimate_and_narrows():
    rng = np.random.default_rng(2)
    y = (rng.random(400) < 0.2).astype(int)
    s = np.clip(rng.normal(0.2 + 0.4 * y, 0.15), 0, 1)
    t = np.array([0.1, 0.3, 0.5])
    est = il.net_benefit(y, s, t).model
    low, high = il.net_benefit_interval(y, s, t, random_state=0)
    assert ((low <= est) & (est <= high)).all()
    low4, high4 = il.net_benefit_interval(np.tile(y, 16), np.tile(s, 16), t, random_state=0)
    assert ((high4 - low4) < (high - low) / 2.5).all()


@pytest.mark.slow
def test_net_benefit_interval_coverage():
    # 1,000 i.i.d. test sets of 300 cases from a known population: the interval at
    # three thresholds covers the population's net benefit 95 % +- 2 SE
    rng = np.random.default_rng(3)
    t = np.array([0.1, 0.3, 0.5])
    big_y = (rng.random(2_000_000) < 0.2).astype(int)
    big_s = np.clip(rng.normal(0.2 + 0.4 * big_y, 0.15), 0, 1)
    truth = il.net_benefit(big_y, big_s, t).model  # SE of this "truth" about 3e-4
    hits, R = np.zeros(3), 1000
    for _ in range(R):
        i = rng.integers(0, big_y.size, 300)
        low, high = il.net_benefit_interval(big_y[i], big_s[i], t, n_resamples=1000,
                                            random_state=rng)
        hits += (low <= truth) & (truth <= high)
    cov = hits / R
    se = np.sqrt(0.95 * 0.05 / R)
    assert (np.abs(cov - 0.95) < 0.02 + 2 * se).all(), cov


def _brute_envelope(y, s, x):
    out = []
    P, N = (y == 1).sum(), (y == 0).sum()
    for xi in x:
        best = np.inf
        for t in np.r_[np.unique(s), np.inf]:
            tn, fp, fn, tp = confusion_matrix(y, (s >= t).astype(int), labels=[0, 1]).ravel()
            best = min(best, fn / P * xi + fp / N * (1 - xi))
        out.append(best)
    return np.array(out)


def test_cost_curve_by_hand_and_by_brute_force():
    cc = il.cost_curve(Y, S, [0.0, 0.5, 1.0])
    assert cc.normalized_cost.tolist() == [0.0, 0.25, 0.0]
    rng = np.random.default_rng(4)
    y = (rng.random(300) < 0.25).astype(int)
    s = np.round(rng.normal(y, 1.0), 1)
    x = np.linspace(0, 1, 41)
    cc = il.cost_curve(y, s, x)
    assert cc.normalized_cost == pytest.approx(_brute_envelope(y, s, x), abs=1e-12)
    # never above the trivial classifiers, min(x, 1 - x)
    assert (cc.normalized_cost <= np.minimum(x, 1 - x) + 1e-12).all()
    # the reported threshold achieves the envelope
    P, N = (y == 1).sum(), (y == 0).sum()
    for xi, t, v in zip(x, cc.threshold, cc.normalized_cost, strict=True):
        pred = s >= t
        assert ((~pred & (y == 1)).sum() / P * xi + (pred & (y == 0)).sum() / N * (1 - xi)
                == pytest.approx(v, abs=1e-12))


def test_probability_cost_and_the_cost_curve_give_the_least_cost():
    # the curve at PC(+) is the least expected cost, normalised by its largest value
    rng = np.random.default_rng(5)
    y = (rng.random(500) < 0.1).astype(int)
    s = rng.normal(1.2 * y, 1.0)
    costs = np.array([[0, 1], [7, 0]])
    pi = y.mean()
    pc = il.probability_cost(costs, pi)
    assert pc == pytest.approx(pi * 7 / (pi * 7 + (1 - pi) * 1))
    nec = il.cost_curve(y, s, [pc]).normalized_cost[0]
    best = il.cost_threshold(y, s, costs).cost
    assert nec * (pi * 7 + (1 - pi) * 1) == pytest.approx(best)
