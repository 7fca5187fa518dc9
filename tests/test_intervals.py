"""Intervals and paired comparisons: properties, the 0/0 policy, validation, speed-free facts."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import imbalance_lib as il
from imbalance_lib.intervals import (
    compare,
    compare_predictions,
    confidence_interval,
    joint_counts,
    metric_interval,
    percentile_interval,
    resample_joint,
    resample_matrices,
)
from imbalance_lib.registry import METRICS

BINARY = [n for n, m in METRICS.items() if m.classes == "binary"]
ANY = [n for n, m in METRICS.items() if m.classes == "any"]
METHODS = ["bayes", "bootstrap"]


@st.composite
def stacks(draw, max_k=4):
    k = draw(st.integers(2, max_k))
    shape = draw(st.sampled_from([(), (3,), (2, 2)]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    high = draw(st.sampled_from([3, 20, 300]))
    C = rng.integers(0, high, size=shape + (k, k))
    return C


@st.composite
def metric_and_stack(draw):
    C = draw(stacks())
    names = ANY + (BINARY if C.shape[-1] == 2 else [])
    return draw(st.sampled_from(names)), C


@settings(max_examples=40, deadline=None)
@given(metric_and_stack(), st.sampled_from(METHODS), st.integers(0, 1000))
def test_interval_contains_estimate_where_defined(mc, method, seed):
    name, C = mc
    iv = confidence_interval(C, name, method=method, n_resamples=200, random_state=seed)
    est, low, high = (np.asarray(x) for x in (iv.estimate, iv.low, iv.high))
    ok = ~np.isnan(est) & ~np.isnan(low)
    assert (low[ok] <= est[ok]).all() and (est[ok] <= high[ok]).all()
    # an interval is nan only where most resamples are undefined
    share = np.asarray(iv.undefined_share)
    assert (np.isnan(low) == (share > 0.5) | (share == 1)).all()


@settings(max_examples=40, deadline=None)
@given(metric_and_stack(), st.sampled_from(METHODS), st.integers(0, 1000),
       st.floats(0.05, 0.9), st.floats(0.01, 0.09))
def test_monotone_in_confidence(mc, method, seed, c1, step):
    name, C = mc
    c2 = min(c1 + step, 0.99)
    a = confidence_interval(C, name, method=method, confidence=c1, n_resamples=200,
                            random_state=seed)
    b = confidence_interval(C, name, method=method, confidence=c2, n_resamples=200,
                            random_state=seed)
    la, ha, lb, hb = (np.asarray(x) for x in (a.low, a.high, b.low, b.high))
    ok = ~np.isnan(la)
    assert (lb[ok] <= la[ok] + 1e-12).all() and (ha[ok] <= hb[ok] + 1e-12).all()


@settings(max_examples=30, deadline=None)
@given(metric_and_stack(), st.sampled_from(METHODS), st.integers(0, 1000))
def test_invariant_to_stack_shape(mc, method, seed):
    name, C = mc
    k = C.shape[-1]
    C = np.broadcast_to(C, (6,) + C.shape[-2:]) if C.ndim == 2 else C.reshape(-1, k, k)
    if C.shape[0] % 2:
        C = np.concatenate([C, C[:1]])
    flat = confidence_interval(C, name, method=method, n_resamples=100, random_state=seed)
    folded = confidence_interval(C.reshape(2, -1, k, k), name, method=method,
                                 n_resamples=100, random_state=seed)
    for x, y in zip((flat.low, flat.high, flat.estimate, flat.undefined_share),
                    (folded.low, folded.high, folded.estimate, folded.undefined_share)):
        np.testing.assert_array_equal(np.asarray(x).reshape(2, -1), y)


def test_single_matrix_gives_floats_and_unpacks():
    iv = confidence_interval([[81, 9], [4, 6]], il.iba, alpha=0.5, random_state=0)
    low, high = iv
    assert isinstance(low, float) and isinstance(iv.estimate, float)
    assert iv.estimate == pytest.approx(il.iba([[81, 9], [4, 6]], alpha=0.5))
    assert low < iv.estimate < high
    assert iv.undefined_share == 0.0


def test_registry_name_uses_registry_parameters():
    C = [[81, 9], [4, 6]]
    a = confidence_interval(C, "weighted_accuracy", random_state=1)  # alpha from the registry
    b = confidence_interval(C, il.weighted_accuracy, alpha=0.3, random_state=1)
    assert a == b


def test_resampled_rows_keep_class_sizes():
    C = np.array([[[50, 3, 2], [5, 20, 5], [1, 4, 10]]])
    for method in METHODS:
        S = resample_matrices(C, method=method, n_resamples=50, random_state=0)
        assert S.shape == (1, 50, 3, 3)
        np.testing.assert_allclose(S.sum(axis=-1), np.broadcast_to(C.sum(-1)[:, None], (1, 50, 3)))
        assert (S >= 0).all()


def test_bayes_posterior_mean_is_brodersens():
    # prior 1: TPR ~ Beta(TP + 1, FN + 1), TNR ~ Beta(TN + 1, FP + 1)
    C = np.array([[81.0, 9.0], [4.0, 6.0]])
    S = resample_matrices(C, n_resamples=200_000, prior=1.0, random_state=3)
    ba = il.balanced_accuracy(S)
    expected = ((6 + 1) / (10 + 2) + (81 + 1) / (90 + 2)) / 2
    assert ba.mean() == pytest.approx(expected, abs=2e-3)


def test_bootstrap_of_degenerate_row_is_degenerate():
    S = resample_matrices([[10, 0], [0, 5]], method="bootstrap", n_resamples=20, random_state=0)
    assert (S == np.array([[10, 0], [0, 5]])).all()


def test_undefined_resamples_are_reported_not_zero():
    # no positive prediction at all: precision is 0/0 on every bootstrap resample
    iv = confidence_interval([[10, 0], [5, 0]], "precision", method="bootstrap",
                             n_resamples=100, random_state=0)
    assert np.isnan(iv.low) and np.isnan(iv.high) and np.isnan(iv.estimate)
    assert iv.undefined_share == 1.0
    # some resamples undefined: interval over the defined ones, share reported
    iv = confidence_interval([[30, 1], [3, 0]], "precision", method="bootstrap",
                             n_resamples=400, random_state=0)
    assert 0.2 < iv.undefined_share < 0.5 and iv.low == 0.0


def test_percentile_interval_ignores_nan_and_threshold():
    v = np.array([[np.nan, 1.0, 2.0, 3.0, np.nan], [np.nan] * 4 + [1.0]])
    low, high, share = percentile_interval(v, 0.5)
    assert low[0] == 1.5 and high[0] == 2.5 and np.isnan(low[1])
    np.testing.assert_allclose(share, [0.4, 0.8])
    low, high, share = percentile_interval(v, 0.5, max_undefined=0.9)
    assert low[1] == high[1] == 1.0


def test_joint_counts_marginals_are_the_confusion_matrices():
    rng = np.random.default_rng(0)
    y, a, b = (rng.integers(0, 3, 200) for _ in range(3))
    w = rng.random(200)
    J = joint_counts(y, a, b, sample_weight=w)
    np.testing.assert_allclose(J.sum(axis=2), il.confusion_matrix(y, a, sample_weight=w))
    np.testing.assert_allclose(J.sum(axis=1), il.confusion_matrix(y, b, sample_weight=w))
    J = joint_counts(["x", "y"], ["y", "y"], ["x", "x"], labels=["y", "x"])
    assert J.shape == (2, 2, 2) and J[1, 0, 1] == 1 and J[0, 0, 1] == 1


@pytest.mark.parametrize("method", METHODS)
def test_compare_identical_predictions(method):
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 300)
    p = np.where(rng.random(300) < 0.8, y, 1 - y)
    c = compare_predictions(y, p, p, "mcc", method=method, n_resamples=2000, random_state=0)
    assert c.difference == 0.0 and c.low <= 0.0 <= c.high
    if method == "bootstrap":  # never a disagreement to redraw
        assert c.low == 0.0 and c.high == 0.0 and c.prob_better == 0.5
    else:  # unobserved disagreements keep a little weight, symmetric in A and B
        assert c.high - c.low < 0.05 and abs(c.prob_better - 0.5) < 0.05


def test_one_discordant_sample_is_not_evidence():
    y = np.r_[np.zeros(50, int), np.ones(50, int)]
    a = y.copy()
    b = y.copy()
    b[-1] = 0  # B misses one positive that A finds
    c = compare_predictions(y, a, b, "tpr", random_state=0)
    assert c.low <= 0 < c.high and c.prob_better < 0.99


def test_paired_posterior_gives_each_classifier_a_dirichlet_posterior():
    # Lemma int-lem-marginal: with weight a on each of the k^2 joint cells, A's rows
    # ~ Dir(c_A + k a) and B's rows ~ Dir(c_B + k a): Beta(tp + 1, fn + 1) for k = 2
    J = np.zeros((2, 2, 2))
    J[0, 0, 0], J[0, 1, 0], J[0, 0, 1], J[1, 1, 1], J[1, 0, 1], J[1, 1, 0] = 70, 5, 8, 12, 3, 2
    S = resample_joint(J, n_resamples=200_000, random_state=1)
    tpr_a = S.sum(axis=-1)[..., 1, 1] / 17
    tpr_b = S.sum(axis=-2)[..., 1, 1] / 17
    for tp, sample in [(14, tpr_a), (15, tpr_b)]:
        ref = np.random.default_rng(2).beta(tp + 1.0, 17 - tp + 1.0, 200_000)
        assert sample.mean() == pytest.approx(ref.mean(), abs=2e-3)
        assert sample.var() == pytest.approx(ref.var(), rel=0.03)


def test_compare_is_antisymmetric_and_detects_a_clear_winner():
    rng = np.random.default_rng(2)
    y = np.r_[np.zeros(400, int), np.ones(40, int)]
    good = np.where(rng.random(440) < 0.95, y, 1 - y)
    bad = np.where(rng.random(440) < 0.6, y, 1 - y)
    ab = compare_predictions(y, good, bad, "iba", random_state=5)
    ba = compare_predictions(y, bad, good, "iba", random_state=5)
    assert ab.low > 0 and ab.prob_better > 0.99
    assert ab.difference == pytest.approx(-ba.difference)
    # different draws (the cells are permuted), so the interval only nearly mirrors
    assert ab.low == pytest.approx(-ba.high, abs=0.02)


def test_resample_joint_keeps_class_sizes_and_shapes():
    J = np.arange(27, dtype=float).reshape(3, 3, 3)
    S = resample_joint(np.stack([J, J]), n_resamples=10, random_state=0)
    assert S.shape == (2, 10, 3, 3, 3)
    np.testing.assert_allclose(S.sum(axis=(-2, -1)), np.broadcast_to(J.sum(axis=(1, 2)), (2, 10, 3)))


def test_compare_stack_of_joint_counts():
    J = np.zeros((4, 2, 2, 2))
    J[..., 0, 0, 0], J[..., 1, 1, 1], J[..., 1, 1, 0], J[..., 1, 0, 1] = 50, 5, 3, 1
    c = compare(J, "tpr", n_resamples=200, random_state=0)
    assert c.low.shape == (4,) and np.allclose(c.difference, 2 / 9)


def test_label_entry_point_matches_matrix_entry_point():
    y = [0] * 90 + [1] * 10
    p = [0] * 81 + [1] * 9 + [0] * 4 + [1] * 6
    a = metric_interval(y, p, "ac", random_state=4)
    b = confidence_interval([[81, 9], [4, 6]], "ac", random_state=4)
    assert a == b and a.estimate == b.estimate


@pytest.mark.parametrize("kwargs, match", [
    ({"method": "jackknife"}, "method"),
    ({"confidence": 1.0}, "confidence"),
    ({"confidence": 0}, "confidence"),
    ({"n_resamples": 0}, "n_resamples"),
    ({"prior": 0.0}, "prior"),
    ({"max_undefined": 2}, "max_undefined"),
])
def test_invalid_settings_raise(kwargs, match):
    with pytest.raises(ValueError, match=match):
        confidence_interval([[5, 1], [1, 5]], "mcc", **kwargs)


def test_invalid_matrix_and_metric_raise():
    with pytest.raises(ValueError, match="negative"):
        confidence_interval([[5, -1], [1, 5]], "mcc")
    with pytest.raises(ValueError, match="k == 2"):
        confidence_interval(np.ones((3, 3)), "iba")
    with pytest.raises(ValueError, match="unknown metric"):
        confidence_interval([[5, 1], [1, 5]], "auc")
    with pytest.raises(ValueError, match="shape"):
        compare(np.ones((2, 2)), "mcc")
    with pytest.raises(ValueError, match="length"):
        joint_counts([0, 1], [0, 1, 1], [0, 1])
