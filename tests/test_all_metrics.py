"""all_metrics equals every registry function called on its own: values, 0/0 policy, warnings."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import imbalance_lib as il
import imbalance_lib.batch as batch

NAMES = list(il.METRICS)
# counts from 0 (0/0 cases) through integers to extremes 1e-300 .. 1e300
COUNT = st.one_of(
    st.just(0.0),
    st.integers(0, 50).map(float),
    st.sampled_from([1e-300, 1e-200, 1e-50, 1e-12, 1.0, 1e12, 1e50, 1e200, 1e300]),
    st.floats(1e-300, 1e300),
)
ZERO_DIVISION = st.sampled_from(["warn", 0.0, 1.0, math.nan, -1.0])


def one_by_one(C, zero_division, names=NAMES):
    """The reference: each metric's own function, with its warnings recorded."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        values = {
            name: il.METRICS[name].func(C, zero_division=zero_division, **il.METRICS[name].params)
            for name in names
        }
    return values, _messages(caught)


def fast(C, zero_division, names=None):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        values = il.all_metrics(C, names, zero_division=zero_division)
    return values, _messages(caught)


def _messages(caught):
    return sorted({(w.category.__name__, str(w.message)) for w in caught})


def assert_same(got, expected):
    assert list(got) == list(expected)
    for name in expected:
        assert type(got[name]) is type(expected[name]), name
        np.testing.assert_array_equal(got[name], expected[name], err_msg=name, strict=True)


@settings(max_examples=150, deadline=None)
@given(
    C=hnp.arrays(np.float64, st.tuples(st.integers(0, 40), st.just(2), st.just(2)),
                 elements=COUNT),
    zero_division=ZERO_DIVISION,
)
def test_stack_equals_each_function(C, zero_division):
    got, got_warn = fast(C, zero_division)
    expected, expected_warn = one_by_one(C, zero_division)
    assert_same(got, expected)
    assert got_warn == expected_warn


@settings(max_examples=60, deadline=None)
@given(C=hnp.arrays(np.float64, (2, 2), elements=COUNT), zero_division=ZERO_DIVISION,
       names=st.lists(st.sampled_from(NAMES), min_size=1, max_size=6, unique=True))
def test_single_matrix_and_subsets(C, zero_division, names):
    got, got_warn = fast(C, zero_division, names)
    expected, expected_warn = one_by_one(C, zero_division, names)
    assert_same(got, expected)
    assert got_warn == expected_warn


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), zero_division=ZERO_DIVISION)
def test_many_blocks_and_batch_axes(seed, zero_division):
    """Stacks longer than a block (and than the functions' own block size), 4-D batches."""
    rng = np.random.default_rng(seed)
    n = 3 * batch._ALL_METRICS_BLOCK + 7
    C = rng.integers(0, 4, size=(n, 2, 2)).astype(float)  # many 0/0 cases
    C[rng.random(n) < 0.01] *= 1e-300
    C[rng.random(n) < 0.01] *= 1e300
    got, got_warn = fast(C, zero_division)
    expected, expected_warn = one_by_one(C, zero_division)
    assert_same(got, expected)
    assert got_warn == expected_warn
    D = C[:240].reshape(4, 3, 20, 2, 2)
    assert_same(fast(D, zero_division)[0], one_by_one(D, zero_division)[0])


def test_threshold_sweep_stack():
    rng = np.random.default_rng(0)
    y = (rng.random(50_000) < 0.1).astype(np.int64)
    _, C = il.threshold_sweep(y, np.round(rng.normal(loc=y), 2))
    for zero_division in ("warn", 0.0, math.nan):
        got, got_warn = fast(C, zero_division)
        expected, expected_warn = one_by_one(C, zero_division)
        assert_same(got, expected)
        assert got_warn == expected_warn


@pytest.mark.parametrize("k", [1, 3, 5])
def test_k_above_two_calls_the_functions(k):
    rng = np.random.default_rng(k)
    C = rng.integers(0, 5, size=(30, k, k)).astype(float)
    names = [n for n in NAMES if il.METRICS[n].classes == "any"]
    got, got_warn = fast(C, math.nan, names)
    expected, expected_warn = one_by_one(C, math.nan, names)
    assert_same(got, expected)
    assert got_warn == expected_warn
    with pytest.raises(ValueError, match="k == 2"):
        il.all_metrics(C, ["tpr"])


def test_defaults_come_from_the_registry():
    C = [[81, 9], [4, 6]]
    v = il.all_metrics(C, ["iba", "weighted_accuracy"])
    assert v["iba"] == il.iba(C, alpha=il.METRICS["iba"].params["alpha"]) == il.iba(C)
    assert v["weighted_accuracy"] == il.weighted_accuracy(C, alpha=0.3)


def test_errors():
    with pytest.raises(ValueError, match="unknown metric"):
        il.all_metrics([[1, 0], [0, 1]], ["nope"])
    with pytest.raises(ValueError, match="zero_division"):
        il.all_metrics([[1, 0], [0, 1]], zero_division="ignore")
    with pytest.raises(ValueError, match="negative"):
        il.all_metrics([[1, -1], [0, 1]])


def test_threads_give_the_same_values_and_warnings():
    """Blocks shared among threads: the same numbers and warnings for any thread count."""
    rng = np.random.default_rng(5)
    n = 2 * batch._ALL_METRICS_BLOCK + 11
    C = rng.integers(0, 3, size=(n, 2, 2)).astype(float)  # 0/0 cases in every block
    C[rng.random(n) < 0.001] *= 1e-300
    reference = fast(C, "warn", None)
    for n_threads in (1, 2, 3, 8):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            values = il.all_metrics(C, zero_division="warn", n_threads=n_threads)
        assert_same(values, reference[0])
        assert _messages(caught) == reference[1]
    one, _ = one_by_one(C[:50], 0.0)
    assert_same(il.all_metrics(C[:50], zero_division=0.0, n_threads=4), one)


@pytest.mark.parametrize("n_threads", [0, -1, 1.5, True, "2"])
def test_bad_thread_counts(n_threads):
    with pytest.raises(ValueError, match="n_threads"):
        il.all_metrics([[1, 0], [0, 1]], n_threads=n_threads)
