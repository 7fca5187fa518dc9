"""Threshold-free metrics: scikit-learn, brute force and hand computation as references."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, roc_auc_score

import imbalance_lib as il
from imbalance_lib import ranking


def _cases(n_cases, seed=0, weights=False):
    rng = np.random.default_rng(seed)
    for t in range(n_cases):
        n = int(rng.integers(2, 60))
        y = rng.integers(0, 2, n)
        y[0], y[1] = 0, 1
        s = np.round(rng.normal(size=n), int(rng.integers(0, 3)))  # many ties
        w = rng.uniform(0.1, 3, n) if weights and t % 2 else None
        yield y, s, w


@pytest.mark.parametrize("weights", [False, True])
def test_roc_auc_and_average_precision_equal_scikit_learn(weights):
    for y, s, w in _cases(1500, seed=int(weights), weights=weights):
        assert abs(ranking.roc_auc(y, s, sample_weight=w)
                   - roc_auc_score(y, s, sample_weight=w)) <= 1e-12
        assert abs(ranking.average_precision(y, s, sample_weight=w)
                   - average_precision_score(y, s, sample_weight=w)) <= 1e-12


def test_string_labels_and_pos_label():
    y = np.array(["a", "b", "b", "a", "b"])
    s = np.array([0.2, 0.9, 0.4, 0.5, 0.7])
    assert ranking.roc_auc(y, s, pos_label="b") == pytest.approx(5 / 6, abs=1e-15)  # by hand
    assert ranking.roc_auc(y, s, pos_label="a") == pytest.approx(1 / 6, abs=1e-15)


def test_two_dimensional_scores_are_one_call_per_model():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 200)
    S = np.round(rng.normal(y, 1.0, size=(7, 200)), 1)
    for f, ref in ((ranking.roc_auc, roc_auc_score),
                   (ranking.average_precision, average_precision_score)):
        out = f(y, S)
        assert out.shape == (7,)
        np.testing.assert_allclose(out, [ref(y, row) for row in S], atol=1e-12)
    np.testing.assert_allclose(ranking.pr_auc(y, S), [ranking.pr_auc(y, r) for r in S])
    np.testing.assert_allclose(ranking.prg_auc(y, S), [ranking.prg_auc(y, r) for r in S])


def _brute_delong(y, S):
    """DeLong's estimator straight from its definition: every (positive, negative) pair."""
    X, Y = S[:, y == 1], S[:, y == 0]
    psi = (X[:, :, None] > Y[:, None, :]) + 0.5 * (X[:, :, None] == Y[:, None, :])
    v10, v01 = psi.mean(axis=2), psi.mean(axis=1)
    return v10.mean(axis=1), np.cov(v10) / X.shape[1] + np.cov(v01) / Y.shape[1]


def test_delong_covariance_equals_brute_force():
    rng = np.random.default_rng(5)
    for _ in range(150):
        n = int(rng.integers(4, 80))
        y = rng.integers(0, 2, n)
        y[:4] = [0, 1, 0, 1]
        S = np.round(rng.normal(y, 1.0, size=(int(rng.integers(1, 5)), n)), 1)
        auc, cov = ranking.delong_covariance(y, S)
        auc_b, cov_b = _brute_delong(y, S)
        np.testing.assert_allclose(auc, auc_b, atol=1e-13)
        np.testing.assert_allclose(cov, np.atleast_2d(cov_b), atol=1e-13)
        np.testing.assert_allclose(auc, ranking.roc_auc(y, S).reshape(-1), atol=1e-12)


def test_delong_by_hand():
    # positives 0.35, 0.8, 0.9; negatives 0.1, 0.4, 0.2: V10 = (2/3, 1, 1), V01 = (1, 2/3, 1)
    # each sample variance 1/27, so var = (1/27)/3 + (1/27)/3 = 2/81
    auc, cov = ranking.delong_covariance([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    assert auc[0] == pytest.approx(8 / 9, abs=1e-15)
    assert cov[0, 0] == pytest.approx(2 / 81, abs=1e-15)


def _dg_numeric(y, s, steps=4000):
    """Davis-Goadrich interpolation integrated numerically: each tie group split finely."""
    y, s = np.asarray(y), np.asarray(s, float)
    P = y.sum()
    tp = fp = 0.0
    area = 0.0
    for v in np.unique(s)[::-1]:
        dp, dn = y[s == v].sum(), (1 - y[s == v]).sum()
        if dp == 0:
            fp += dn
            continue
        x = (np.arange(steps) + 0.5) / steps  # midpoint rule over the shares of the group
        prec = (tp + x * dp) / (tp + fp + x * (dp + dn))
        area += prec.mean() * dp / P
        tp, fp = tp + dp, fp + dn
    return area


def test_pr_auc_is_the_integral_of_the_interpolation():
    for y, s, _ in _cases(200, seed=9):
        assert ranking.pr_auc(y, s) == pytest.approx(_dg_numeric(y, s), abs=2e-7)


def test_pr_auc_special_values():
    assert ranking.pr_auc([0, 1, 1, 0, 0], [3, 3, 3, 3, 3]) == pytest.approx(0.4)  # prevalence
    assert ranking.pr_auc([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9]) == 1.0
    # the example of the docstring: 1/2 + (1 - ln 1.5) / 2
    assert ranking.pr_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) == pytest.approx(
        0.5 + (1 - np.log(1.5)) / 2, abs=1e-15)


def _prg_slow(y, s):
    """Precision and recall gains of every cut from their definitions, cut by cut."""
    y, s = np.asarray(y), np.asarray(s, float)
    P, N = y.sum(), (1 - y).sum()
    pi = P / (P + N)
    pts = []
    for t in np.unique(s)[::-1]:
        pred = s >= t
        tp = (pred & (y == 1)).sum()
        if tp == 0:
            pts.append((np.nan, np.nan, tp, pred.sum()))
            continue
        prec, rec = tp / pred.sum(), tp / P
        pts.append(((rec - pi) / ((1 - pi) * rec), (prec - pi) / ((1 - pi) * prec),
                    tp, pred.sum()))
    return pts


def test_prg_curve_points_are_the_gains_of_the_cuts():
    for y, s, _ in _cases(150, seed=11):
        c = ranking.prg_curve(y, s)
        slow = [(rg, pg) for rg, pg, tp, _ in _prg_slow(y, s) if tp > 0 and rg >= 0]
        cut_points = np.isfinite(c.thresholds)
        np.testing.assert_allclose(c.recall_gain[cut_points], [p[0] for p in slow],
                                   atol=1e-12)
        np.testing.assert_allclose(c.precision_gain[cut_points], [p[1] for p in slow],
                                   atol=1e-12)
        assert c.recall_gain[0] == 0.0 and np.all(np.diff(c.recall_gain) >= 0)


def test_prg_auc_values():
    assert ranking.prg_auc([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9]) == 1.0
    assert ranking.prg_auc([0, 1, 0, 1, 0], [1, 1, 1, 1, 1]) == pytest.approx(0.0)  # all positive
    # hand: cuts (TP, FP) = (1, 0), (1, 1), (2, 1), (2, 2) with P = N = 2; gains (0, 1),
    # (0, 0), (1, 0.5), (1, 0): one trapezoid of width 1 and heights 0 and 0.5
    assert ranking.prg_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) == pytest.approx(0.25)


def _auprg_flach_kull(y, s):
    """AUPRG built from the definitions of Flach and Kull (2015), independently of the library.

    Cuts from the top of the score down, starting at (TP, FP) = (0, 0); gains
    precG = (prec - pi) / ((1 - pi) prec) and recG = (rec - pi) / ((1 - pi) rec);
    the curve keeps recG in [0, 1] and starts at the point where the straight
    segment in (TP, FP) between the two neighbouring cuts crosses recG = 0
    (TP = pi P); trapezoids over recall gain.
    """
    y, s = np.asarray(y), np.asarray(s, float)
    P, n = int(y.sum()), len(y)
    pi = P / n
    cuts = [(0.0, 0.0)]
    for v in sorted(set(s.tolist()), reverse=True):
        cuts.append((float(y[s >= v].sum()), float((1 - y[s >= v]).sum())))

    def gains(tp, fp):
        prec, rec = tp / (tp + fp), tp / P
        return (rec - pi) / ((1 - pi) * rec), (prec - pi) / ((1 - pi) * prec)

    tp_cross = pi * P
    pts = []
    for (t0, f0), (t1, f1) in zip(cuts[:-1], cuts[1:]):
        if t0 < tp_cross < t1:  # the segment crosses recall gain 0
            f = f0 + (tp_cross - t0) / (t1 - t0) * (f1 - f0)
            pts.append((0.0, gains(tp_cross, f)[1]))
        if t1 >= tp_cross:
            pts.append(gains(t1, f1))
    rg, pg = np.array(pts).T
    return float(np.sum(np.diff(rg) * (pg[1:] + pg[:-1]) / 2))


def test_prg_auc_starts_from_the_last_cut_below_recall_gain_0():
    # a negative on top: the crossing lies on the segment from (TP, FP) = (0, 1)
    y = [0, 1] + [0] * 8
    assert ranking.prg_auc(y, -np.arange(10)) == pytest.approx(7 / 18)  # 0.389, not 0.889
    assert _auprg_flach_kull(y, -np.arange(10)) == pytest.approx(7 / 18)


def test_prg_auc_equals_an_independent_construction():
    for y, s, _ in _cases(300, seed=12):
        assert ranking.prg_auc(y, s) == pytest.approx(_auprg_flach_kull(y, s), abs=1e-9)
    rng = np.random.default_rng(3)  # binormal test sets, few positives
    y = np.r_[np.ones(20, int), np.zeros(2000, int)]
    for _ in range(40):
        s = rng.normal(1.5 * y, 1.0)
        assert ranking.prg_auc(y, s) == pytest.approx(_auprg_flach_kull(y, s), abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(-5, 5)), min_size=2, max_size=40),
       st.integers(1, 4))
def test_roc_auc_properties(pairs, k):
    y = np.array([p[0] for p in pairs])
    s = np.array([p[1] for p in pairs], float)
    if y.min() == y.max():
        return
    a = ranking.roc_auc(y, s)
    assert 0 <= a <= 1
    assert ranking.roc_auc(y, -s) == pytest.approx(1 - a, abs=1e-12)  # reversed ranking
    assert ranking.roc_auc(y, np.exp(s / 3)) == pytest.approx(a, abs=1e-12)  # monotone map
    # every negative repeated k times: the prevalence changes, the AUROC does not
    rep = np.where(y == 0, k, 1)
    assert ranking.roc_auc(np.repeat(y, rep), np.repeat(s, rep)) == pytest.approx(a, abs=1e-12)
    assert ranking.roc_auc(y, s, sample_weight=rep) == pytest.approx(a, abs=1e-12)


@pytest.mark.parametrize("f", [ranking.roc_auc, ranking.average_precision, ranking.pr_auc,
                               ranking.prg_auc, ranking.roc_auc_interval,
                               ranking.average_precision_interval])
def test_bad_input_raises(f):
    with pytest.raises(ValueError, match="not present in y_true"):
        f([0, 0, 0], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="no negative"):
        f([1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match="nan or inf"):
        f([0, 1], [0.1, np.nan])
    with pytest.raises(ValueError, match="nan or inf"):
        f([0, 1], [[0.1, 0.2], [np.inf, 0.3]])
    with pytest.raises(ValueError, match="different lengths"):
        f([0, 1, 1], [0.1, 0.2])
    with pytest.raises(ValueError):
        f([0, 1], np.zeros((2, 2, 2)))
    with pytest.raises(ValueError):
        f([0, 1], ["a", "b"])


@pytest.mark.parametrize("f", [ranking.roc_auc, ranking.average_precision, ranking.pr_auc,
                               ranking.prg_auc])
def test_bad_weights_raise(f):
    for w in ([1, -1, 1], [1, np.nan, 1], [1, 1]):
        with pytest.raises(ValueError):
            f([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=w)
    with pytest.raises(ValueError, match="weigh 0"):
        f([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[0, 1, 1])


def test_delong_needs_two_of_each_class():
    with pytest.raises(ValueError, match="two positives"):
        ranking.delong_covariance([0, 0, 1], [0.1, 0.2, 0.3])


def test_intervals_by_hand_and_settings():
    y = [0, 0, 1, 1, 0, 1, 0, 0]
    s = [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.3, 0.5]
    iv = ranking.roc_auc_interval(y, s)
    # AUROC 13/15; DeLong variance (4/75)/3 + (1/30)/5 = 11/450 (by hand)
    se = np.sqrt(11 / 450)
    assert iv.estimate == pytest.approx(13 / 15)
    assert iv.low == pytest.approx(13 / 15 - 1.959963984540054 * se)
    assert iv.high == 1.0  # clipped
    hm = ranking.roc_auc_interval(y, s, method="hanley-mcneil")
    A = 13 / 15
    q1, q2 = A / (2 - A), 2 * A**2 / (1 + A)
    var = (A * (1 - A) + 2 * (q1 - A**2) + 4 * (q2 - A**2)) / 15
    assert hm.low == pytest.approx(A - 1.959963984540054 * np.sqrt(var))
    lg = ranking.roc_auc_interval(y, s, method="logit")
    assert 0 < lg.low < A < lg.high < 1
    ap = ranking.average_precision_interval(y, s, method="binomial")
    assert ap.estimate == pytest.approx(13 / 15)  # (1 + 1 + 3/5) / 3
    assert ap.low == pytest.approx(13 / 15 - 1.959963984540054 * np.sqrt(13 / 15 * 2 / 15 / 3))
    boot = ranking.roc_auc_interval(y, s, method="bootstrap", n_resamples=300, random_state=0)
    assert boot.low <= boot.estimate <= boot.high
    assert pickle.loads(pickle.dumps(iv.low)) == iv.low
    with pytest.raises(ValueError, match="method"):
        ranking.roc_auc_interval(y, s, method="wald")
    with pytest.raises(ValueError, match="confidence"):
        ranking.roc_auc_interval(y, s, confidence=1.0)
    with pytest.raises(ValueError, match="n_resamples"):
        ranking.roc_auc_interval(y, s, method="bootstrap", n_resamples=1)


def test_intervals_of_several_models():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 300)
    S = rng.normal(y * np.array([[0.5], [1.0], [2.0]]), 1.0)
    iv = ranking.roc_auc_interval(y, S)
    assert iv.low.shape == (3,) and np.all(iv.low < iv.estimate) and np.all(iv.estimate < iv.high)
    np.testing.assert_allclose(iv.estimate, [roc_auc_score(y, r) for r in S])


def test_exported():
    for name in ranking.__all__:
        assert getattr(il, name) is getattr(ranking, name)


@pytest.mark.parametrize("y, s, auc", [
    (np.array([True, False, True]), np.array([0.3, 0.1, 0.2]), 1.0),  # bool labels
    (np.array([0, 1, 1, 0]), np.array([1, 200, 3, 4], np.uint8), 0.75),
    (np.array([0, 1, 1, 0]), np.array([1, 2, 3, 4], np.float32), 0.5),
    (np.array([0, 1, 1, 0]), np.array([-1e308, 1e308, 1e308, 0.0]), 1.0),  # extremes
    (np.array([0, 1, 1, 0]), np.array([5e-324, 1e-323, 0, 0]), 0.625),  # subnormals, a tie
    (np.array([0, 1, 1, 0]), np.array([[1.0], [2.0], [3.0], [4.0]]), 0.5),  # a column
])
def test_unusual_dtypes_and_extremes(y, s, auc):
    pos_label = True if y.dtype == bool else 1
    assert ranking.roc_auc(y, s, pos_label=pos_label) == auc  # by hand
    for f in (ranking.average_precision, ranking.pr_auc, ranking.prg_auc):
        v = f(y, s, pos_label=pos_label)
        assert np.isfinite(v) and -1e-12 <= v <= 1 + 1e-12 or f is ranking.prg_auc


def test_empty_and_degenerate():
    with pytest.raises(ValueError, match="empty"):
        ranking.roc_auc([], [])
    iv = ranking.roc_auc_interval([0, 1, 0, 1], [1, 1, 1, 1])  # a constant score
    assert (iv.low, iv.estimate, iv.high) == (0.5, 0.5, 0.5)  # DeLong's variance is 0 there
    iv = ranking.roc_auc_interval([0, 1, 0, 1, 0, 1], [.1, .2, .3, .4, .5, .6],
                                  confidence=0.9999999999)
    assert iv.low == 0.0 and iv.high == 1.0


def test_compare_roc_auc_equals_delong_by_brute_force():
    from scipy.stats import norm

    rng = np.random.default_rng(8)
    for _ in range(50):
        n = int(rng.integers(6, 60))
        y = rng.integers(0, 2, n)
        y[:4] = [0, 1, 0, 1]
        S = np.round(rng.normal(y * rng.uniform(0, 2, size=(3, 1)), 1.0), 1)
        auc, cov = _brute_delong(y, S)
        c = ranking.compare_roc_auc(y, S[0], S[1])
        d = auc[0] - auc[1]
        se = np.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
        assert c.difference == pytest.approx(d, abs=1e-12)
        if se > 1e-9:
            assert c.z == pytest.approx(d / se, rel=1e-9)
            assert c.p_value == pytest.approx(2 * norm.sf(abs(d / se)), rel=1e-9)
            assert c.low == pytest.approx(max(d - 1.959963984540054 * se, -1), abs=1e-12)
        every = ranking.compare_roc_auc(y, S)
        assert every.difference.shape == (3, 3)
        assert every.difference[0, 1] == pytest.approx(d, abs=1e-12)
        np.testing.assert_allclose(every.difference, -every.difference.T, atol=1e-15)
        assert np.all(np.diag(every.p_value) == 1.0)


def test_compare_roc_auc_errors():
    with pytest.raises(ValueError, match="different shapes"):
        ranking.compare_roc_auc([0, 1, 0, 1], [1, 2, 3, 4], [1, 2, 3])
    with pytest.raises(ValueError, match="two models"):
        ranking.compare_roc_auc([0, 1, 0, 1], [1, 2, 3, 4])
