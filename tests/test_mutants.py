"""Boundaries that single-point mutants of the library once slipped past.

Each test pins one comparison or constant whose off-by-one or loosened variant
was not caught by the fast tests: the slot for labels outside ``labels=`` when
the data's range is wide, the tie tolerance of the best cut, the ``max_undefined``
boundary of an interval, and the length check in both directions. Expected values
come from scikit-learn or from a brute-force loop.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix as sk_confusion_matrix
from sklearn.metrics import roc_curve

import imbalance_lib as il
from imbalance_lib.intervals import percentile_interval


def test_labels_outside_labels_with_a_wide_data_range_are_left_out():
    # the data span more than 10,000 values, so the lookup-table path is used:
    # 20,000 is in no slot of labels and must be dropped, not counted as label 2
    y = [0, 1, 2, 20_000, 20_000]
    p = [0, 1, 2, 20_000, 2]
    got = il.confusion_matrix(y, p, labels=[0, 1, 2])
    np.testing.assert_array_equal(got, sk_confusion_matrix(y, p, labels=[0, 1, 2]))
    got = il.confusion_matrix(y, p, labels=[2, 0, 1])
    np.testing.assert_array_equal(got, sk_confusion_matrix(y, p, labels=[2, 0, 1]))


@pytest.mark.parametrize("seed", range(3))
def test_best_cut_is_the_best_not_a_near_tie(seed):
    # many cuts lie within 1e-3 of the best balanced accuracy: the chosen one
    # must reach the maximum found by a brute-force pass over scikit-learn's curve
    rng = np.random.default_rng(seed)
    y = (rng.random(20_000) < 0.3).astype(int)
    s = rng.normal(size=20_000) + y
    op = il.optimal_operating_point(y, s, metric="balanced_accuracy")
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    best = np.max((tpr + 1 - fpr) / 2)
    assert op.score == pytest.approx(best, rel=0, abs=1e-12)


def test_interval_exactly_at_max_undefined_is_given():
    values = np.array([0.1, 0.2, 0.3, 0.4] + [np.nan] * 4)  # half undefined
    low, high, share = percentile_interval(values, 0.5, max_undefined=0.5)
    assert share == 0.5 and np.isfinite(low) and np.isfinite(high)
    low, _, _ = percentile_interval(values, 0.5, max_undefined=0.49)
    assert np.isnan(low)


@pytest.mark.parametrize("t, p", [([0, 1], [0, 1, 1]), ([0, 1, 1], [0, 1])])
def test_lengths_that_differ_raise_both_ways(t, p):
    with pytest.raises(ValueError, match="different lengths"):
        il.confusion_matrix(t, p)
    with pytest.raises(ValueError, match="different lengths"):
        il.mcc_score(t, p)
