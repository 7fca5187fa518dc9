"""Wrong answers and misleading warnings found by an audit, each pinned by a test."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix as sk_confusion_matrix

import imbalance_lib as il


def test_best_cut_when_the_metric_reaches_infinity():
    # the likelihood ratio TPR / FPR is +inf at the cut with no false positive
    y, s = [0, 0, 0, 1, 1, 1], [0.1, 0.2, 0.3, 0.7, 0.8, 0.9]
    with np.errstate(divide="ignore", invalid="ignore"):
        op = il.optimal_operating_point(y, s, metric=lambda C: il.tpr(C) / (1 - il.tnr(C)))
    assert op.score == np.inf and op.index == 3
    assert op.matrix.tolist() == [[3.0, 0.0], [0.0, 3.0]]


@pytest.mark.parametrize("y, p, labels", [
    ([-1, -1, 1, 1], [-1, 1, 1, 1], np.array([2**64 - 1, 1], dtype=np.uint64)),
    (np.array([2**64 - 1, 1, 1], np.uint64), np.array([2**64 - 1, 1, 2**64 - 1], np.uint64),
     np.array([-1, 1])),
    (np.array([2**64 - 1, 1, 1], np.uint64), np.array([2**64 - 1, 1, 2**64 - 1], np.uint64),
     np.array([2**64 - 1, 1], np.uint64)),
])
def test_unsigned_labels_do_not_wrap_around(y, p, labels):
    assert il.confusion_matrix(y, p, labels=labels).tolist() == \
        sk_confusion_matrix(y, p, labels=labels).tolist()


def test_undefined_metric_warnings_point_at_the_caller():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        il.balanced_accuracy([[4, 1], [0, 0]])  # small stack: the direct path
        il.balanced_accuracy(np.zeros((200_000, 2, 2)) + [[1, 0], [0, 0]])  # blockwise
        il.tpr_score([0, 0], [0, 1])  # label-based
    undefined = [w for w in caught if w.category.__name__ == "UndefinedMetricWarning"]
    assert len(undefined) == 3
    assert {w.filename for w in undefined} == {__file__}


def test_perfect_and_inverted_classifiers_reach_the_extremes_exactly():
    assert il.mcc_score([0, 1], [0, 1]) == 1.0
    assert il.mcc_score([0, 1], [1, 0]) == -1.0
    rng = np.random.default_rng(0)
    d = rng.integers(1, 10**9, size=(20_000, 2)).astype(float)
    perfect = np.zeros((20_000, 2, 2))
    perfect[:, 0, 0], perfect[:, 1, 1] = d[:, 0], d[:, 1]
    inverse = perfect[:, :, ::-1]
    assert np.all(il.mcc(perfect) == 1.0) and np.all(il.mcc(inverse) == -1.0)
    out = il.all_metrics(perfect)
    assert np.all(out["mcc"] == 1.0)


@pytest.mark.parametrize("a, b", [(2.225073858507e-311, 1e-5), (5e-324, 3e-320),
                                  (1e-200, 1e-160), (1e-160, 7.0),
                                  (1.1754943508222875e-38, 1e-300)])
def test_the_extremes_are_exact_with_subnormal_products(a, b):
    # hypothesis found [[2.2e-311, 0], [0, 1e-5]] scoring 0.99999998889: TN * TP is
    # subnormal there, and (2 TN) TP and 2 (TN TP) rounded differently; and
    # [[1.2e-38, 0], [0, 1e-300]] scoring 0/0 (TN * TP underflowed to 0) until matrices
    # whose counts are all below 1 were scaled by a power of two
    perfect, inverse = [[a, 0.0], [0.0, b]], [[0.0, a], [b, 0.0]]
    assert il.mcc(perfect) == 1.0 and il.mcc(inverse) == -1.0
    assert il.kappa(perfect) == 1.0
    both = il.all_metrics(np.array([perfect, inverse]), ["mcc", "kappa"])
    assert both["mcc"].tolist() == [1.0, -1.0] and both["kappa"][0] == 1.0


def test_hmnc_never_exceeds_one():
    assert il.hmnc([[12383305978004, 6], [0, 82526]]) <= 1.0
    rng = np.random.default_rng(1)
    C = 10.0 ** rng.uniform(0, 13, size=(50_000, 2, 2))
    C[:, 1, 0] = 0  # TP = P: HMNC is then at its largest for the row
    assert il.hmnc(C).max() <= 1.0 and il.all_metrics(C)["hmnc"].max() <= 1.0


def test_all_metrics_of_a_multiclass_matrix_gives_every_multiclass_metric():
    C = [[50, 3, 2], [5, 20, 5], [1, 4, 10]]
    values = il.all_metrics(C)
    # the metrics defined for any k, each equal to its own function
    assert set(values) == {"accuracy", "mcc", "kappa", "macro_precision", "macro_recall",
                           "macro_f1", "cba", "iam", "g_mean"}
    assert values["accuracy"] == 0.8  # (50 + 20 + 10) / 100 by hand
    for name, v in values.items():
        assert v == getattr(il, name)(C)
    with pytest.raises(ValueError, match="need k == 2"):
        il.all_metrics(C, ["tpr", "mcc"])
