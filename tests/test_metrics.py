"""Count-based metrics: hand-computed values, independent libraries, stacking, input checks, 0/0."""

import warnings
from fractions import Fraction as Fr

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from imblearn.metrics import geometric_mean_score, make_index_balanced_accuracy
from pycm import ConfusionMatrix
from sklearn import metrics as skm

import imbalance_lib as il

# --- hand-computed values ---------------------------------------------------------
# C = [[TN, FP], [FN, TP]] = [[3, 1], [2, 4]]: P = 6, N = 4, M = 10,
# TPR = 4/6, TNR = 3/4, precision = 4/5, NPV = 3/5.
C_HAND = [[3, 1], [2, 4]]
HAND = {
    "tpr": Fr(2, 3),
    "tnr": Fr(3, 4),
    "precision": Fr(4, 5),
    "npv": Fr(3, 5),
    "f1": Fr(8, 11),  # 2TP / (2TP + FP + FN) = 8 / 11
    "balanced_accuracy": Fr(17, 24),  # (2/3 + 3/4) / 2
    "weighted_accuracy": Fr(29, 40),  # 0.3 * 2/3 + 0.7 * 3/4 = 0.2 + 0.525
    "g_mean": 0.5**0.5,  # sqrt(2/3 * 3/4)
    "dominance": Fr(-1, 12),
    "iba": Fr(119, 240),  # (1 + 0.1 * (-1/12)) * 1/2
    "optimized_precision": Fr(109, 170),  # 7/10 - (1/12) / (17/12)
    "hmnc": Fr(5, 7),  # 4 * 3 * 10 / ((4 + 3) * 6 * 4)
    "ac": Fr(12, 17),  # 2 * (1/2) / (17/12)
    "accuracy": Fr(7, 10),
    "mcc": 10 / 600**0.5,  # (4*3 - 1*2) / sqrt(5 * 6 * 4 * 5)
    "kappa": Fr(2, 5),  # p_o = 0.7, p_e = (6*5 + 4*5) / 100 = 0.5
    "macro_precision": Fr(7, 10),  # (3/5 + 4/5) / 2
    "macro_recall": Fr(17, 24),
    "macro_f1": Fr(23, 33),  # (6/9 + 8/11) / 2
    "cba": Fr(19, 30),  # (3/5 + 4/6) / 2
    "iam": Fr(4, 15),  # ((3 - 2)/5 + (4 - 2)/6) / 2
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_hand_computed(name):
    m = il.METRICS[name]
    assert m.func(C_HAND, **m.params) == pytest.approx(float(HAND[name]), abs=1e-12)


def test_every_metric_has_a_hand_computed_value():
    assert set(HAND) == set(il.METRICS)


# --- independent libraries ---------------------------------------------------------


def labels(n_classes, min_size=2, max_size=80):
    return st.integers(min_size, max_size).flatmap(
        lambda n: st.tuples(
            hnp.arrays(np.int64, n, elements=st.integers(0, n_classes - 1)),
            hnp.arrays(np.int64, n, elements=st.integers(0, n_classes - 1)),
        )
    )


def both_classes(yy):
    t, p = yy
    return len(set(t.tolist())) == 2


@given(labels(2).filter(both_classes))
def test_binary_metrics_match_sklearn(yy):
    t, p = yy
    C = il.confusion_matrix(t, p, labels=[0, 1])
    z = {"zero_division": 0.0}
    assert il.tpr(C, **z) == pytest.approx(skm.recall_score(t, p, zero_division=0))
    assert il.tnr(C, **z) == pytest.approx(skm.recall_score(t, p, pos_label=0, zero_division=0))
    assert il.precision(C, **z) == pytest.approx(skm.precision_score(t, p, zero_division=0))
    assert il.npv(C, **z) == pytest.approx(skm.precision_score(t, p, pos_label=0, zero_division=0))
    assert il.f1(C, **z) == pytest.approx(skm.f1_score(t, p, zero_division=0))
    assert il.balanced_accuracy(C) == pytest.approx(skm.balanced_accuracy_score(t, p))


@given(st.integers(2, 6).flatmap(labels))
def test_multiclass_metrics_match_sklearn(yy):
    t, p = yy
    classes = np.unique(np.concatenate([t, p]))
    C = il.confusion_matrix(t, p, labels=classes)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert il.accuracy(C) == pytest.approx(skm.accuracy_score(t, p))
        assert il.mcc(C, zero_division=0.0) == pytest.approx(skm.matthews_corrcoef(t, p), abs=1e-12)
        sk_kappa = skm.cohen_kappa_score(t, p)
    if np.isfinite(sk_kappa):
        assert il.kappa(C, zero_division=np.nan) == pytest.approx(sk_kappa, abs=1e-12)
    for zd in (0.0, 1.0, np.nan):
        for ours, theirs in (
            (il.macro_precision, skm.precision_score),
            (il.macro_recall, skm.recall_score),
            (il.macro_f1, skm.f1_score),
        ):
            expected = theirs(t, p, labels=classes, average="macro", zero_division=zd)
            assert ours(C, zero_division=zd) == pytest.approx(expected, nan_ok=True), theirs.__name__


@given(st.integers(2, 6).flatmap(labels))
def test_g_mean_matches_imbalanced_learn(yy):
    t, p = yy
    classes = np.unique(t)
    if not set(p.tolist()) <= set(classes.tolist()):
        return
    expected = geometric_mean_score(t, p, labels=classes, average="multiclass")
    assert il.g_mean(il.confusion_matrix(t, p, labels=classes)) == pytest.approx(expected)


@given(labels(2).filter(both_classes), st.sampled_from([0.0, 0.1, 0.5, 1.0]))
def test_iba_matches_imbalanced_learn_binary(yy, alpha):
    """imbalanced-learn's IBA equals ours with squared=True and average='binary'."""
    t, p = yy
    imb = make_index_balanced_accuracy(alpha=alpha, squared=True)(geometric_mean_score)
    expected = imb(t, p, average="binary")
    assert il.iba(il.confusion_matrix(t, p, labels=[0, 1]), alpha=alpha) == pytest.approx(expected)


@given(hnp.arrays(np.int64, (2, 2), elements=st.integers(1, 50)), st.sampled_from([0.1, 0.5, 1.0]))
def test_binary_metrics_match_pycm(C, alpha):
    cm = ConfusionMatrix(matrix={i: {j: int(C[i, j]) for j in range(2)} for i in range(2)})
    assert il.iba(C, alpha=alpha) == pytest.approx(cm.IBA_alpha(alpha)[1])
    assert il.g_mean(C) == pytest.approx(cm.GM[1])
    assert il.cba(C) == pytest.approx(cm.CBA)
    op = il.optimized_precision(C)
    assert op == pytest.approx(cm.OP[1]) and op == pytest.approx(cm.OP[0])


@given(st.integers(2, 8).flatmap(lambda k: hnp.arrays(np.int64, (k, k), elements=st.integers(1, 30))))
def test_cba_matches_pycm(C):
    k = C.shape[0]
    cm = ConfusionMatrix(matrix={i: {j: int(C[i, j]) for j in range(k)} for i in range(k)})
    assert il.cba(C) == pytest.approx(cm.CBA)


# --- stacks ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(il.METRICS))
@given(data=st.data())
def test_stack_equals_loop(name, data):
    m = il.METRICS[name]
    k = 2 if m.classes == "binary" else data.draw(st.integers(1, 6))
    shape = data.draw(st.sampled_from([(3,), (2, 4), (1, 1, 2)]))
    stack = data.draw(hnp.arrays(float, shape + (k, k), elements=st.floats(0, 50, width=32)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        values = m.func(stack, zero_division=np.nan, **m.params)
        assert values.shape == shape
        for idx in np.ndindex(*shape):
            one = m.func(stack[idx], zero_division=np.nan, **m.params)
            assert isinstance(one, float)
            np.testing.assert_allclose(values[idx], one, rtol=1e-12, atol=1e-12)


def test_array_alpha_broadcasts():
    C = il.binary_matrix([6, 6], 4, 9, 81)
    out = il.iba(C, alpha=np.array([0.1, 1.0]))
    np.testing.assert_allclose(out, [il.iba(C[0], alpha=0.1), il.iba(C[0], alpha=1.0)])


# --- malformed input -----------------------------------------------------------------

BAD = [
    ([1, 2, 3, 4], "shape"),
    ([[1, 2, 3], [4, 5, 6]], "square"),
    ([[1, -1], [2, 3]], "negative"),
    ([[1, np.nan], [2, 3]], "non-finite"),
    ([[1, np.inf], [2, 3]], "non-finite"),
    (np.zeros((0, 0)), "empty"),
    ([["a", "b"], ["c", "d"]], "numeric"),
]


@pytest.mark.parametrize("name", sorted(il.METRICS))
@pytest.mark.parametrize("C, message", BAD)
def test_malformed_matrix_raises(name, C, message):
    with pytest.raises(ValueError, match=message):
        il.METRICS[name].func(C, **il.METRICS[name].params)


@pytest.mark.parametrize("name", [n for n, m in il.METRICS.items() if m.classes == "binary"])
def test_binary_metric_rejects_k3(name):
    with pytest.raises(ValueError, match="binary"):
        il.METRICS[name].func(np.ones((3, 3)), **il.METRICS[name].params)


@pytest.mark.parametrize("alpha", [-0.1, 1.5, np.nan])
def test_alpha_outside_unit_interval_raises(alpha):
    with pytest.raises(ValueError, match="alpha"):
        il.iba(C_HAND, alpha=alpha)
    with pytest.raises(ValueError, match="alpha"):
        il.weighted_accuracy(C_HAND, alpha)


@pytest.mark.parametrize("zd", ["zero", None, True, [0]])
def test_bad_zero_division_raises(zd):
    with pytest.raises(ValueError, match="zero_division"):
        il.tpr([[1, 0], [0, 0]], zero_division=zd)


# --- the 0/0 policy ------------------------------------------------------------------

# One degenerate matrix per metric, undefined by its registry rule.
UNDEFINED = {
    "tpr": [[5, 5], [0, 0]], "tnr": [[0, 0], [5, 5]], "precision": [[5, 0], [5, 0]],
    "npv": [[0, 5], [0, 5]], "f1": [[5, 0], [0, 0]], "balanced_accuracy": [[5, 5], [0, 0]],
    "weighted_accuracy": [[0, 0], [1, 1]], "g_mean": [[0, 0], [1, 1]],
    "dominance": [[5, 5], [0, 0]], "iba": [[0, 0], [1, 1]],
    "optimized_precision": [[5, 5], [0, 0]], "hmnc": [[5, 5], [0, 0]],
    "ac": [[0, 0], [3, 3]], "accuracy": [[0, 0], [0, 0]], "mcc": [[5, 0], [5, 0]],
    "kappa": [[7, 0], [0, 0]],
}
# Class-averaged metrics: class 2 is absent (or predicted never) in this matrix.
PER_CLASS = {"macro_precision", "macro_recall", "macro_f1", "cba", "iam"}
C_EMPTY_CLASS = [[4, 1, 0], [1, 4, 0], [0, 0, 0]]


def test_every_metric_has_a_degenerate_case():
    assert set(UNDEFINED) | PER_CLASS == set(il.METRICS)


@pytest.mark.parametrize("name", sorted(UNDEFINED))
def test_undefined_follows_the_policy(name):
    m, C = il.METRICS[name], UNDEFINED[name]
    with pytest.warns(il.UndefinedMetricWarning, match=name):
        assert m.func(C, **m.params) == 0.0
    assert np.isnan(m.func(C, zero_division=np.nan, **m.params))
    assert m.func(C, zero_division=0.25, **m.params) == 0.25
    stack = np.stack([np.asarray(C_HAND, float), np.asarray(C, float)])
    out = m.func(stack, zero_division=np.nan, **m.params)
    assert np.isfinite(out[0]) and np.isnan(out[1])


@pytest.mark.parametrize(
    "name", sorted(n for n, m in il.METRICS.items() if m.undefined.startswith("P = 0 or N = 0"))
)
@pytest.mark.parametrize("C", [[[5, 5], [0, 0]], [[0, 0], [3, 2]]], ids=["P=0", "N=0"])
def test_undefined_when_either_class_is_missing(name, C):
    """Both halves of "P = 0 or N = 0": a matrix without positives, and one without negatives."""
    m = il.METRICS[name]
    assert np.isnan(m.func(C, zero_division=np.nan, **m.params))


@pytest.mark.parametrize("name", sorted(PER_CLASS))
def test_per_class_policy(name):
    f = il.METRICS[name].func
    two_class = f([[4, 1], [1, 4]])
    with pytest.warns(il.UndefinedMetricWarning):
        assert f(C_EMPTY_CLASS) == pytest.approx(2 * two_class / 3)  # the empty class counts as 0
    assert f(C_EMPTY_CLASS, zero_division=np.nan) == pytest.approx(two_class)  # left out
    assert f(C_EMPTY_CLASS, zero_division=1.0) == pytest.approx((2 * two_class + 1) / 3)
    assert np.isnan(f(np.zeros((3, 3)), zero_division=np.nan))


def test_defined_values_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for m in il.METRICS.values():
            m.func(C_HAND, **m.params)


def test_harmonic_means_are_zero_when_both_rates_are_zero():
    """HMNC and AC-score take their limit 0 at TP = TN = 0 (not undefined)."""
    C = [[0, 3], [2, 0]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert il.hmnc(C) == 0.0 and il.ac(C) == 0.0


def test_fast_path_on_a_large_sweep_equals_the_checked_path():
    """A sweep's read-only stack skips re-validation and runs block by block; every
    metric gives the same values as on a writable copy (the general path), with one
    warning at most."""
    from imbalance_lib import _checks

    rng = np.random.default_rng(0)
    n = 3 * _checks._METRIC_BLOCK + 17
    y = (rng.random(n) < 0.2).astype(int)
    y[:3] = [0, 1, 0]
    _, m = il.threshold_sweep(y, rng.normal(y, 1.0))
    assert not m.flags.writeable and m.shape[0] > 2 * _checks._METRIC_BLOCK
    plain = np.array(m)  # writable copy: checked again, then blocks
    for name, info in il.METRICS.items():
        with warnings.catch_warnings(record=True) as fast_w:
            warnings.simplefilter("always")
            fast = info.func(m, **info.params)
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            slow = info.func(plain, **info.params)
        np.testing.assert_array_equal(fast, slow, err_msg=name)
        assert len(fast_w) <= 1, name
        one_piece = np.array([info.func(C, zero_division=0.0, **info.params)
                              for C in plain[:: 997]])
        np.testing.assert_allclose(info.func(plain, zero_division=0.0, **info.params)[:: 997],
                                   one_piece, rtol=1e-12, atol=1e-15, err_msg=name)
    assert plain.flags.writeable  # the caller's array keeps its flags


def test_large_int_stack_is_checked_once_and_k_is_enforced():
    from imbalance_lib import _checks

    stack = np.ones((2 * _checks._METRIC_BLOCK + 5, 3, 3), dtype=np.int64)
    with pytest.raises(ValueError, match="k == 2"):
        il.tpr(stack)
    bad = np.ones((2 * _checks._METRIC_BLOCK + 5, 2, 2))
    bad[-1, 0, 0] = -1
    with pytest.raises(ValueError, match="negative"):
        il.iba(bad)
