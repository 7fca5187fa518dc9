"""Label-based scores of many classes: per-class totals, memory linear in n + k.

Above 256 classes the label-based multi-class scores count three vectors of
length k (the diagonal, the true totals and the predicted totals) instead of the
k x k matrix. The values must not change: scikit-learn and imbalanced-learn are
the references where they implement the same metric, and the matrix path (itself
tested against them and pycm) where they do not.
"""

from __future__ import annotations

import tracemalloc
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from imblearn.metrics import geometric_mean_score

import imbalance_lib as il
from imbalance_lib.confusion import Margins, margins_with_classes


def _labels(k, n, seed, offset=0, text=False):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.6, t, rng.integers(0, k, n))
    t, p = t + offset, p + offset
    return (t.astype(str), p.astype(str)) if text else (t, p)


SKLEARN = {
    "accuracy_score": (lambda t, p, w: il.accuracy_score(t, p, sample_weight=w),
                       lambda t, p, w: skm.accuracy_score(t, p, sample_weight=w)),
    "balanced_accuracy_score": (
        lambda t, p, w: il.balanced_accuracy_score(t, p, sample_weight=w),
        lambda t, p, w: skm.balanced_accuracy_score(t, p, sample_weight=w)),
    "mcc_score": (lambda t, p, w: il.mcc_score(t, p, sample_weight=w),
                  lambda t, p, w: skm.matthews_corrcoef(t, p, sample_weight=w)),
    "kappa_score": (lambda t, p, w: il.kappa_score(t, p, sample_weight=w),
                    lambda t, p, w: skm.cohen_kappa_score(t, p, sample_weight=w)),
    "macro_recall_score": (
        lambda t, p, w: il.macro_recall_score(t, p, sample_weight=w, zero_division=0),
        lambda t, p, w: skm.recall_score(t, p, average="macro", sample_weight=w,
                                         zero_division=0)),
    "macro_precision_score": (
        lambda t, p, w: il.macro_precision_score(t, p, sample_weight=w, zero_division=0),
        lambda t, p, w: skm.precision_score(t, p, average="macro", sample_weight=w,
                                            zero_division=0)),
    "macro_f1_score": (
        lambda t, p, w: il.macro_f1_score(t, p, sample_weight=w, zero_division=0),
        lambda t, p, w: skm.f1_score(t, p, average="macro", sample_weight=w, zero_division=0)),
}


@pytest.mark.parametrize("name", sorted(SKLEARN))
@pytest.mark.parametrize("k, offset, text, weights", [
    (300, 0, False, None), (2000, 10**6, False, "float"), (700, 2**40, False, "int"),
    (400, 0, True, None), (257, -5, False, None), (20000, 0, False, None)])
def test_many_classes_match_scikit_learn(name, k, offset, text, weights):
    t, p = _labels(k, 6000, seed=k, offset=offset, text=text)
    rng = np.random.default_rng(1)
    w = None if weights is None else (rng.random(len(t)) if weights == "float"
                                      else rng.integers(0, 4, len(t)))
    ours, theirs = SKLEARN[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert ours(t, p, w) == pytest.approx(theirs(t, p, w), rel=1e-9, abs=1e-12)


def test_the_totals_are_counted_without_the_matrix():
    t, p = _labels(1000, 5000, seed=3)
    M, classes = margins_with_classes(t, p)
    assert isinstance(M, Margins)
    C = il.confusion_matrix(t, p)
    np.testing.assert_array_equal(classes, np.unique(np.concatenate([t, p])))
    np.testing.assert_array_equal(M.diag, np.diag(C))
    np.testing.assert_array_equal(M.rows, C.sum(axis=1))
    np.testing.assert_array_equal(M.cols, C.sum(axis=0))
    # up to 256 classes the matrix itself, as before
    small, _ = margins_with_classes(*_labels(256, 5000, seed=3))
    assert isinstance(small, np.ndarray) and small.shape == (256, 256)


@pytest.mark.parametrize("metric", ["cba", "iam", "g_mean", "macro_f1", "mcc", "kappa"])
def test_margins_and_matrix_give_the_same_metric(metric):
    t, p = _labels(600, 20000, seed=5)
    C = il.confusion_matrix(t, p)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        by_matrix = getattr(il, metric)(C, zero_division=0)
        by_labels = getattr(il, f"{metric}_score")(t, p, zero_division=0)
    assert by_labels == pytest.approx(by_matrix, rel=1e-12, abs=1e-15)


def test_g_mean_of_many_classes_matches_imbalanced_learn():
    t, p = _labels(300, 30000, seed=8)
    t, p = t[t >= 0], p[t >= 0]
    assert il.g_mean_score(t, p) == pytest.approx(
        geometric_mean_score(t, p, average="multiclass"), rel=1e-9)


def test_labels_argument_with_many_classes():
    t, p = _labels(500, 4000, seed=9)
    L = np.arange(-3, 600)[::-1]  # unsorted, with classes that never occur
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = il.macro_recall_score(t, p, labels=L, zero_division=0)
        theirs = skm.recall_score(t, p, labels=L, average="macro", zero_division=0)
    assert ours == pytest.approx(theirs, rel=1e-12)
    with pytest.raises(ValueError, match="not in labels"):
        il.mcc_score(t, p, labels=np.arange(1, 600))


def test_accuracy_of_a_hundred_thousand_classes_needs_little_memory():
    # a k x k float matrix of 10^5 classes would need 80 GB
    t = np.arange(100_000)
    p = t.copy()
    p[::2] = (p[::2] + 1) % 100_000
    tracemalloc.start()
    try:
        acc = il.accuracy_score(t, p)
        recall = il.macro_recall_score(t, p)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert acc == 0.5 and recall == 0.5  # half the samples right, one per class
    assert peak < 40 * t.nbytes  # a few label-sized arrays, no k x k matrix
