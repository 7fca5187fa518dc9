"""Edge cases of the interval functions: each gets a clear error or a documented value."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib import intervals

Y = np.array([0] * 90 + [1] * 10)
P = np.array([0] * 81 + [1] * 9 + [0] * 4 + [1] * 6)


def test_integer_weights_are_frequency_weights():
    # a weight of 2 on every sample is every sample twice: the same matrix, the same interval
    w = np.full(len(Y), 2)
    a = il.metric_interval(Y, P, "tpr", sample_weight=w, random_state=0)
    b = il.metric_interval(np.repeat(Y, 2), np.repeat(P, 2), "tpr", random_state=0)
    assert (a.low, a.high) == (b.low, b.high)
    c = il.compare_predictions(Y, P, 1 - P, "tpr", sample_weight=w, random_state=0)
    d = il.compare_predictions(np.repeat(Y, 2), np.repeat(P, 2), 1 - np.repeat(P, 2), "tpr",
                               random_state=0)
    assert (c.low, c.high) == (d.low, d.high)


@pytest.mark.parametrize("w", [np.full(100, 0.5), np.full(100, 1.5), np.r_[np.ones(99), np.nan]])
def test_other_weights_are_refused(w):
    with pytest.raises(ValueError, match="frequency weights"):
        il.metric_interval(Y, P, "tpr", sample_weight=w)
    with pytest.raises(ValueError, match="frequency weights"):
        il.compare_predictions(Y, P, P, "tpr", sample_weight=w)


def test_negative_weights_are_refused():
    with pytest.raises(ValueError, match="negative"):
        il.metric_interval(Y, P, "tpr", sample_weight=np.r_[-np.ones(1), np.ones(99)])


def test_too_few_resamples_for_the_tails():
    C = [[81, 9], [4, 6]]
    J = np.zeros((2, 2, 2))
    J[0, 0, 0], J[1, 1, 1], J[0, 1, 0], J[1, 0, 1] = 80, 6, 10, 4
    for B in (1, 10, 39):
        with pytest.raises(ValueError, match="each tail"):
            il.confidence_interval(C, "tpr", n_resamples=B)
        with pytest.raises(ValueError, match="each tail"):
            intervals.compare(J, "tpr", n_resamples=B)
        with pytest.raises(ValueError, match="each tail"):
            il.roc_auc_interval(Y, P + 0.1 * Y, method="bootstrap", n_resamples=B)
    assert np.isfinite(il.confidence_interval(C, "tpr", n_resamples=40, random_state=0).low)
    with pytest.raises(ValueError, match="each tail"):  # 0.99 needs 200
        il.confidence_interval(C, "tpr", n_resamples=150, confidence=0.99)


def test_tiny_prior_and_an_empty_row():
    C = np.array([[5, 1, 0], [0, 0, 0], [1, 0, 4]])
    iv = il.confidence_interval(C, "macro_recall", prior=1e-3, random_state=0)
    assert 0 <= iv.low <= iv.estimate <= iv.high <= 1
    S = il.resample_matrices(C, prior=1e-3, n_resamples=50, random_state=0)
    assert np.isfinite(S).all() and np.all(S[:, 1] == 0)


def test_counts_too_large_rates_and_bootstrap_fractions():
    with pytest.raises(ValueError, match="2\\*\\*53"):
        il.confidence_interval([[1e19, 1e18], [1e17, 1e19]], "tpr", method="bootstrap")
    with pytest.raises(ValueError, match="2\\*\\*53"):
        il.confidence_interval([[1e51, 1.0], [1.0, 1e51]], "tpr")
    with pytest.raises(ValueError, match="rates"):
        il.confidence_interval([[0.9, 0.1], [0.4, 0.6]], "tpr")
    with pytest.raises(ValueError, match="integer counts"):
        il.confidence_interval([[10.5, 2], [3, 4.5]], "tpr", method="bootstrap")
    # real-valued counts stay allowed with the Bayesian method
    assert np.isfinite(il.confidence_interval([[10.5, 2], [3, 4.5]], "tpr",
                                              random_state=0).low)


def test_undefined_on_the_observed_matrix_gives_no_interval():
    iv = il.confidence_interval([[10, 0], [5, 0]], "precision", random_state=0)
    assert np.isnan(iv.estimate) and np.isnan(iv.low) and np.isnan(iv.high)
    assert iv.undefined_share == 1.0


def test_results_pickle_and_copy():
    iv = il.confidence_interval([[81, 9], [4, 6]], "tpr", random_state=0)
    c = il.compare_roc_auc(Y, P + 0.1 * Y, P.astype(float))
    for obj in (iv, c):
        for twin in (pickle.loads(pickle.dumps(obj)), copy.copy(obj), copy.deepcopy(obj)):
            assert tuple(twin) == tuple(obj) and type(twin) is type(obj)
            assert repr(twin) == repr(obj)
    assert pickle.loads(pickle.dumps(c)).p_value == c.p_value


def test_intervals_in_parallel_processes():
    from joblib import Parallel, delayed

    out = Parallel(n_jobs=2)(delayed(il.confidence_interval)([[81, 9], [4, 6]], "tpr",
                                                             random_state=s) for s in range(2))
    assert all(isinstance(iv, intervals.Interval) for iv in out)


def test_whole_matrix_resampling_lets_the_class_sizes_vary():
    S = il.resample_matrices([[81, 9], [4, 6]], method="bayes-whole", n_resamples=500,
                             random_state=0)
    assert np.allclose(S.sum(axis=(-1, -2)), 100)  # the total is kept
    assert S[:, 1].sum(axis=-1).std() > 1  # the positives' count is not
    J = np.zeros((2, 2, 2))
    J[0, 0, 0], J[1, 1, 1], J[0, 1, 0], J[1, 0, 1] = 80, 6, 10, 4
    S = intervals.resample_joint(J, method="bayes-whole", n_resamples=200, random_state=0)
    assert np.allclose(S.sum(axis=(-1, -2, -3)), 100)


@pytest.mark.slow
def test_whole_matrix_posterior_covers_precision_of_iid_test_sets():
    from imbalance_lib.book import iid_coverage

    rows = iid_coverage.coverage(0.01, 5000, "precision", "bayes", n_sets=300)
    whole = iid_coverage.coverage(0.01, 5000, "precision", "bayes-whole", n_sets=300)
    assert rows < 0.9 and whole > 0.92
