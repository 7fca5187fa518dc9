"""The independent review's fuzz cases (7,209 calls over every public function): each
silent wrong value or accepted bad input it found, as a test.

One rule set for every entry point, in memory and on Dask: a label is matched by value
as scikit-learn matches it (``1.0`` is the label ``1``; ``1.4`` is no label of integer
data), masked arrays are refused, str and bytes labels never meet, counts above 2**53
are refused whatever their dtype, and a parameter of the wrong type is a ``ValueError``
that names it. Expected values come from scikit-learn where it defines them.
"""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn import metrics as skm

import imbalance_lib as il

Y = np.array([0, 0, 0, 0, 0, 1, 1, 1, 1, 1])
P = np.array([0, 1, 0, 0, 0, 1, 1, 0, 1, 1])

BINARY_SCORES = ["tpr_score", "tnr_score", "binary_precision_score", "npv_score",
                 "binary_f1_score", "dominance_score", "iba_score",
                 "optimized_precision_score", "hmnc_score", "ac_score"]
MULTI_SCORES = ["mcc_score", "kappa_score", "macro_precision_score", "macro_recall_score",
                "macro_f1_score", "cba_score", "iam_score", "g_mean_score"]


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kwargs)


# ------------------------------------------------------------- fractional labels=


@pytest.mark.parametrize("name", BINARY_SCORES)
def test_fractional_labels_match_no_integer_label(name):
    # scikit-learn: recall_score(y, p, labels=[0.4, 1.4], pos_label=1.4) raises
    with pytest.raises(ValueError):
        skm.recall_score(Y, P, labels=[0.4, 1.4], pos_label=1.4)
    with pytest.raises(ValueError, match="not in labels"):
        getattr(il, name)(Y, P, labels=[0.4, 1.4], pos_label=1.4)


def test_fractional_labels_in_binary_confusion_and_intervals():
    with pytest.raises(ValueError, match="not in labels"):
        il.binary_confusion(Y, P, labels=[0.4, 1.4], pos_label=1.4)
    with pytest.raises(ValueError, match="not in labels"):
        il.metric_interval(Y, P, "tpr", labels=[0.4, 1.4], random_state=0)
    with pytest.raises(ValueError, match="not in labels"):
        il.compare_predictions(Y, P, P, "tpr", labels=[0.4, 1.4], random_state=0)
    with pytest.raises(ValueError, match="not in labels"):
        il.joint_counts(Y, P, P, labels=[0.4, 1.4])


def test_macro_recall_with_an_extra_fractional_label_is_scikit_learns():
    # the audit: 0.472 (1.5 cast onto 1); scikit-learn: (0.8 + 0.8 + 0) / 3
    expected = quiet(skm.recall_score, Y, P, labels=[0, 1, 1.5], average="macro")
    assert expected == pytest.approx(1.6 / 3)
    assert quiet(il.macro_recall_score, Y, P, labels=[0, 1, 1.5]) == pytest.approx(expected)


@pytest.mark.parametrize("name", MULTI_SCORES)
def test_every_multiclass_score_sees_scikit_learns_matrix(name):
    C = skm.confusion_matrix(Y, P, labels=[0, 1, 1.5])
    assert C[2].sum() == C[:, 2].sum() == 0  # 1.5 is nobody's label
    count_based = getattr(il, name.removesuffix("_score"))
    assert quiet(getattr(il, name), Y, P, labels=[0, 1, 1.5]) == \
        pytest.approx(quiet(count_based, C))


LABEL_SETS = [[0, 1.5], [0.4, 1.4, 0], [0.0, 1.0], [1.0, 0.5, 0.0], [np.nan, 1, 0],
              [0, 1, 2.5], [2, 1, 0], [1e300, 0, 1], [-0.5, 1]]
DTYPES = [np.int64, np.int32, np.uint8, np.float64, np.bool_]


@pytest.mark.parametrize("labels", LABEL_SETS, ids=str)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_confusion_matrix_with_labels_is_scikit_learns(labels, dtype):
    y, p = Y.astype(dtype), P.astype(dtype)
    try:
        expected = quiet(skm.confusion_matrix, y, p, labels=labels)
    except ValueError:
        with pytest.raises(ValueError):
            il.confusion_matrix(y, p, labels=labels)
        return
    np.testing.assert_array_equal(il.confusion_matrix(y, p, labels=labels), expected)


@pytest.mark.parametrize("labels", LABEL_SETS, ids=str)
def test_the_wide_label_path_agrees(labels):
    # a label range over 10,000 values takes the lookup path instead of the offsets
    y, p = np.r_[Y, 20_000, 2], np.r_[P, 20_000, 2]
    try:
        expected = quiet(skm.confusion_matrix, y, p, labels=labels)
    except ValueError:
        with pytest.raises(ValueError):
            il.confusion_matrix(y, p, labels=labels)
        return
    np.testing.assert_array_equal(il.confusion_matrix(y, p, labels=labels), expected)


def test_many_fractional_labels_take_the_margins_path():
    # more than 256 labels: the scores count margins; the fractions match nothing
    labels = np.r_[0.0, 1.0, np.arange(300) + 0.5]
    C = skm.confusion_matrix(Y, P, labels=labels)
    assert quiet(il.macro_recall_score, Y, P, labels=labels) == \
        pytest.approx(quiet(il.macro_recall, C))


@given(y=st.lists(st.integers(-2, 3), min_size=1, max_size=12), data=st.data())
def test_labels_are_matched_as_scikit_learn_matches_them(y, data):
    p = data.draw(st.lists(st.integers(-2, 3), min_size=len(y), max_size=len(y)))
    labels = data.draw(st.lists(
        st.one_of(st.integers(-3, 4), st.sampled_from([-1.5, 0.25, 0.5, 1.0, 2.0, 2.75])),
        min_size=1, max_size=6, unique=True))
    if len(set(labels)) != len(labels) or len(set(map(float, labels))) != len(labels):
        return  # 1 and 1.0 are one label: duplicates (refused by both)
    try:
        expected = quiet(skm.confusion_matrix, y, p, labels=labels)
    except ValueError:
        with pytest.raises(ValueError):
            il.confusion_matrix(y, p, labels=labels)
        return
    np.testing.assert_array_equal(il.confusion_matrix(y, p, labels=labels), expected)
    J = il.joint_counts(np.asarray(y), np.asarray(p), np.asarray(p), labels=labels) \
        if set(y) | set(p) <= set(labels) else None
    if J is not None:
        np.testing.assert_array_equal(J.sum(axis=2), expected)


# ------------------------------------------------------------- masked arrays


def _masked_joint():
    J = np.full((2, 2, 2), 3.0)
    return np.ma.masked_array(J, mask=np.eye(2, dtype=bool)[:, :, None] & np.ones(2, bool))


@pytest.mark.parametrize("call", [
    lambda: il.joint_counts(np.ma.masked_array(Y, mask=[1] + [0] * 9), P, P),
    lambda: il.joint_counts(Y, P, np.ma.masked_array(P, mask=[0] * 9 + [1])),
    lambda: il.joint_counts(Y, P, P, sample_weight=np.ma.masked_array(np.ones(10),
                                                                      mask=[1] + [0] * 9)),
    lambda: il.compare(_masked_joint(), "tpr", random_state=0),
    lambda: il.resample_joint(_masked_joint(), n_resamples=3, random_state=0),
    lambda: il.confidence_interval(np.ma.masked_array([[5, 1], [2, 3]],
                                                      mask=[[0, 1], [0, 0]]), "tpr"),
], ids=["joint y_true", "joint y_pred_b", "joint weights", "compare", "resample_joint",
        "confidence_interval"])
def test_masked_arrays_are_refused(call):
    with pytest.raises(ValueError, match="masked"):
        call()


# ------------------------------------------------------------- str against bytes


def test_str_and_bytes_labels_never_meet():
    s, b = np.array(["a", "b", "b"]), np.array([b"a", b"b", b"b"])
    with pytest.raises(ValueError, match="bytes"):
        il.tpr_score(s, b, pos_label="b")
    with pytest.raises(ValueError, match="bytes"):
        il.confusion_matrix(s, b)
    with pytest.raises(ValueError, match="bytes"):
        il.confusion_matrix(s, s, labels=[b"a", b"b"])
    with pytest.raises(ValueError, match="bytes"):
        il.confusion_matrix(s.astype(object), b.astype(object))
    # each kind alone is fine
    assert il.confusion_matrix(b, b).tolist() == [[1, 0], [0, 2]]
    assert il.confusion_matrix(s, s.astype(object)).tolist() == [[1, 0], [0, 2]]


# ------------------------------------------------------------- counts above 2**53

BIG = np.array([[2**53 + 1, 1], [1, 1]], dtype=np.int64)


@pytest.mark.parametrize("call", [
    lambda: il.confidence_interval(BIG, "tpr", random_state=0),
    lambda: il.class_balance_interval(BIG, random_state=0),
    lambda: il.resample_matrices(BIG, n_resamples=3, random_state=0),
    lambda: il.compare(np.stack([BIG, BIG], axis=-1), "tpr", random_state=0),
    lambda: il.resample_joint(np.stack([BIG, BIG], axis=-1), n_resamples=3),
    lambda: il.confidence_interval(BIG.astype(np.uint64), "tpr", random_state=0),
], ids=["confidence_interval", "class_balance_interval", "resample_matrices", "compare",
        "resample_joint", "uint64"])
def test_int64_counts_of_two_to_the_53_plus_one_are_refused(call):
    with pytest.raises(ValueError, match="2\\*\\*53"):
        call()


def test_two_to_the_53_itself_is_accepted():
    iv = il.confidence_interval(np.array([[2**53, 1], [1, 1]], dtype=np.int64), "tnr",
                                n_resamples=50, random_state=0)
    assert iv.estimate == pytest.approx(1.0)


# ------------------------------------------------------------- compare's input rules

J_OK = np.array([[[40, 5], [3, 2]], [[2, 3], [4, 11]]], dtype=float)


@pytest.mark.parametrize("J, kwargs, message", [
    (J_OK * 1e19 / 40, {}, "2\\*\\*53"),
    (J_OK * 1e51, {}, "2\\*\\*53"),
    (J_OK / J_OK.sum(), {}, "rates"),
    (J_OK + 0.3, {"method": "bootstrap"}, "integer counts"),
    (-J_OK, {}, "negative"),
    (np.where(J_OK == 40, np.nan, J_OK), {}, "non-finite"),
    (J_OK.astype(str), {}, "numeric"),
    (J_OK[..., :1], {}, "shape"),
    (J_OK[0], {}, "shape"),
    (J_OK, {"method": "jackknife"}, "method"),
    (J_OK, {"prior": -1}, "prior"),
], ids=["1e19", "1e51", "rates", "fractions to bootstrap", "negative", "nan", "text",
        "not cubic", "2-D", "method", "prior"])
def test_compare_has_confidence_intervals_rules(J, kwargs, message):
    rng = np.random.default_rng(0)
    state = rng.bit_generator.state
    with pytest.raises(ValueError, match=message):
        il.compare(J, "tpr", random_state=rng, **kwargs)
    assert rng.bit_generator.state == state  # nothing drawn: nothing half-done


def test_compare_of_an_undefined_observed_difference_is_nan():
    # A never predicts the positive class: its precision is 0/0 on the data
    J = np.zeros((2, 2, 2))
    J[0, 0, 0], J[1, 0, 1], J[1, 0, 0], J[0, 0, 1] = 5, 3, 2, 1
    c = il.compare(J, "precision", random_state=0)
    assert np.isnan(c.difference) and np.isnan(c.low) and np.isnan(c.high)
    assert np.isnan(c.prob_better) and c.undefined_share == 1.0
    # as confidence_interval treats A's own matrix
    iv = il.confidence_interval(J.sum(axis=-1), "precision", random_state=0)
    assert np.isnan(iv.low) and iv.undefined_share == 1.0
    # in a stack, only that entry
    cs = il.compare(np.stack([J, J_OK]), "precision", random_state=0)
    assert np.isnan(cs.low[0]) and not np.isnan(cs.low[1]) and cs.undefined_share[0] == 1


def test_compare_of_valid_counts_is_unchanged():
    c = il.compare(J_OK, "balanced_accuracy", random_state=0)
    again = il.compare(J_OK.astype(np.int64), "balanced_accuracy", random_state=0)
    assert (c.low, c.high, c.prob_better) == (again.low, again.high, again.prob_better)
    assert c.low <= c.difference <= c.high


# ------------------------------------------------------------- parameters of the wrong type

C_OK = [[5, 1], [2, 3]]


@pytest.mark.parametrize("kwargs, name", [
    ({"confidence": None}, "confidence"),
    ({"confidence": "0.9"}, "confidence"),
    ({"confidence": True}, "confidence"),
    ({"confidence": [0.9]}, "confidence"),
    ({"prior": [1, 2]}, "prior"),
    ({"prior": "1"}, "prior"),
    ({"prior": True}, "prior"),
    ({"random_state": -1}, "random_state"),
    ({"random_state": True}, "random_state"),
    ({"random_state": 1.5}, "random_state"),
    ({"random_state": "0"}, "random_state"),
    ({"random_state": np.random.RandomState(0)}, "random_state"),
    ({"max_undefined": None}, "max_undefined"),
])
@pytest.mark.parametrize("func", ["confidence_interval", "compare", "metric_interval",
                                  "compare_predictions", "class_balance_interval",
                                  "resample_matrices", "resample_joint"])
def test_interval_parameters_of_the_wrong_type_are_named(func, kwargs, name):
    calls = {
        "confidence_interval": lambda **kw: il.confidence_interval(C_OK, "tpr", **kw),
        "compare": lambda **kw: il.compare(J_OK, "tpr", **kw),
        "metric_interval": lambda **kw: il.metric_interval(Y, P, "tpr", **kw),
        "compare_predictions": lambda **kw: il.compare_predictions(Y, P, P, "tpr", **kw),
        "class_balance_interval": lambda **kw: il.class_balance_interval(C_OK, **kw),
        "resample_matrices": lambda **kw: il.resample_matrices(C_OK, n_resamples=5, **kw),
        "resample_joint": lambda **kw: il.resample_joint(J_OK, n_resamples=5, **kw),
    }
    target = {"confidence_interval": il.confidence_interval, "compare": il.compare,
              "metric_interval": il.metric_interval,
              "compare_predictions": il.compare_predictions,
              "class_balance_interval": il.class_balance_interval,
              "resample_matrices": il.resample_matrices,
              "resample_joint": il.resample_joint}[func]
    if name not in inspect.signature(target).parameters:
        pytest.skip(f"{func} has no {name}")
    with pytest.raises(ValueError, match=name):
        calls[func](**kwargs)


@pytest.mark.parametrize("seed", [0, 7, np.int64(3), np.uint8(2), None,
                                  np.random.default_rng(1), np.random.SeedSequence(4)])
def test_valid_seeds_still_accepted(seed):
    iv = il.confidence_interval(C_OK, "tpr", n_resamples=50, random_state=seed)
    assert 0 <= iv.low <= iv.high <= 1


def test_numpy_numbers_are_numbers():
    iv = il.confidence_interval(C_OK, "tpr", confidence=np.float32(0.9), prior=np.int64(1),
                                n_resamples=50, random_state=0)
    assert iv.confidence == pytest.approx(0.9)


@pytest.mark.parametrize("func", [il.iba, lambda C, alpha: il.weighted_accuracy(C, alpha)])
def test_alpha_of_the_wrong_length_is_named(func):
    stack = np.array([[[5, 1], [2, 3]], [[4, 4], [1, 9]]])
    with pytest.raises(ValueError, match="alpha has shape \\(3,\\)"):
        func(stack, alpha=[0.1, 0.2, 0.3])
    # one alpha per matrix, or one for all, still broadcast
    assert np.shape(func(stack, alpha=[0.1, 0.2])) == (2,)
    assert np.shape(func(stack, alpha=0.1)) == (2,)


# ------------------------------------------------------------- in-memory threshold sweep


def test_integer_scores_beyond_two_to_the_53_are_refused_in_memory():
    with pytest.raises(ValueError, match="2\\*\\*53"):
        il.threshold_sweep(Y, np.arange(10, dtype=np.int64) + 2**53)
    thr, _ = il.threshold_sweep(Y, np.arange(10, dtype=np.int64) + 2**53 - 10)
    assert len(thr) == 11  # up to 2**53 every integer score is its own cut


# ------------------------------------------------------------- Dask: the same rules

dd = pytest.importorskip("dask.dataframe")
pd = pytest.importorskip("pandas")
dask = pytest.importorskip("dask")

from imbalance_lib import dask_metrics  # noqa: E402


def _df(npartitions=2, **cols):
    return dd.from_pandas(pd.DataFrame(cols), npartitions=npartitions)


def _same_error(in_memory, on_dask):
    with pytest.raises(ValueError) as info:
        in_memory()
    with pytest.raises(ValueError) as got:
        on_dask()
    assert str(got.value) == str(info.value)


@pytest.mark.parametrize("labels", [[0, 1, 1], [5, 6], ["a", "b"], [b"a", b"b"]],
                         ids=["duplicates", "absent", "str", "bytes"])
def test_dask_confusion_refuses_labels_as_in_memory(labels):
    _same_error(lambda: il.confusion_matrix(Y, P, labels=labels),
                lambda: dask_metrics.confusion_matrix(_df(y_true=Y, y_pred=P), labels=labels))


def test_dask_confusion_refuses_empty_input():
    empty = np.array([], dtype=int)
    _same_error(lambda: il.confusion_matrix(empty, empty),
                lambda: dask_metrics.confusion_matrix(_df(y_true=empty, y_pred=empty)))


@pytest.mark.parametrize("labels", [[0, 1.0000001], [0.4, 1.4, 0], [1, 0], [0, 1, 2]])
def test_dask_confusion_with_labels_is_scikit_learns(labels):
    C = dask_metrics.confusion_matrix(_df(y_true=Y, y_pred=P), labels=labels)
    np.testing.assert_array_equal(C, skm.confusion_matrix(Y, P, labels=labels))
    assert C.dtype == np.int64


def test_dask_confusion_weighted_is_the_in_memory_matrix():
    w = np.linspace(0.5, 3.0, 10)
    C = dask_metrics.confusion_matrix(_df(y_true=Y, y_pred=P, w=w), sample_weight="w",
                                      labels=[1, 0])
    np.testing.assert_array_equal(C, il.confusion_matrix(Y, P, sample_weight=w, labels=[1, 0]))


def test_dask_object_labels_follow_the_in_memory_rules():
    # with Dask's string conversion off, object columns reach the library as they are
    mixed = np.array([0, "b"] * 5, dtype=object)
    text, raw = np.array(["a", "b"] * 5, dtype=object), np.array([b"a", b"b"] * 5, dtype=object)
    with dask.config.set({"dataframe.convert-string": False}):
        _same_error(lambda: il.confusion_matrix(mixed, mixed),
                    lambda: dask_metrics.confusion_matrix(_df(y_true=mixed, y_pred=mixed)))
        _same_error(lambda: il.confusion_matrix(text, raw),
                    lambda: dask_metrics.confusion_matrix(_df(y_true=text, y_pred=raw)))
        _same_error(lambda: il.threshold_sweep(mixed, np.arange(10.0), pos_label="b"),
                    lambda: dask_metrics.threshold_sweep(
                        _df(y_true=mixed, y_score=np.arange(10.0)), pos_label="b"))


def test_dask_sweep_of_float16_scores_is_the_in_memory_sweep():
    scores = np.random.default_rng(0).random(10).astype(np.float16)
    thr, m = dask_metrics.threshold_sweep(_df(y_true=Y, y_score=scores))
    thr0, m0 = il.threshold_sweep(Y, scores)
    np.testing.assert_array_equal(thr, thr0)
    np.testing.assert_array_equal(m, m0)


@pytest.mark.parametrize("offset", [2**53 - 5 + 6, -(2**53) - 11])
def test_dask_sweep_refuses_integer_scores_beyond_two_to_the_53(offset):
    scores = np.arange(10, dtype=np.int64) + offset
    _same_error(lambda: il.threshold_sweep(Y, scores),
                lambda: dask_metrics.threshold_sweep(_df(y_true=Y, y_score=scores)))
