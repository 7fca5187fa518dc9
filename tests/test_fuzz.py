"""Fuzzing every public entry point with valid and invalid input.

The contract: a call either returns values of the right shape (finite, or nan
only where zero_division=nan asks for it) or raises ValueError. It never raises
anything else and never emits a floating-point RuntimeWarning.
"""

import inspect
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import imbalance_lib as il

ANY_FLOAT = st.floats(allow_nan=True, allow_infinity=True, width=64)
GOOD_COUNT = st.floats(0, 1e6)


def matrices(elements):
    shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4)
    return hnp.arrays(np.float64, shapes, elements=elements)


def call_quietly(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        warnings.simplefilter("ignore", il.UndefinedMetricWarning)
        warnings.filterwarnings("ignore", "y_pred contains classes not in y_true")
        return f(*args, **kwargs)


@pytest.mark.parametrize("name", sorted(il.METRICS))
@given(C=st.one_of(matrices(ANY_FLOAT), matrices(GOOD_COUNT)))
def test_count_metrics_return_or_raise_value_error(name, C):
    m = il.METRICS[name]
    try:
        out = call_quietly(m.func, C, zero_division=0.0, **m.params)
    except ValueError:
        return
    # accepted: a square (..., k, k) array of finite non-negative counts
    assert C.ndim >= 2 and C.shape[-1] == C.shape[-2] >= 1
    assert np.isfinite(C).all() and (C >= 0).all()
    out = np.asarray(out)
    assert out.shape == C.shape[:-2]
    assert np.isfinite(out).all()
    lo, hi = m.range
    assert ((out >= lo - 1e-9) & (out <= hi + 1e-9)).all()


LABELS = st.one_of(
    st.lists(st.integers(-3, 3), max_size=12),
    st.lists(st.sampled_from(["a", "b", "c"]), max_size=12),
    st.lists(st.booleans(), max_size=12),
    st.lists(st.floats(allow_nan=True, allow_infinity=True), max_size=12),
    st.lists(st.one_of(st.integers(0, 2), st.sampled_from(["a", "b"])), max_size=12),
)


@pytest.mark.parametrize("name", sorted(il.METRICS))
@given(y_true=LABELS, y_pred=LABELS, data=st.data())
def test_label_scores_return_or_raise_value_error(name, y_true, y_pred, data):
    m = il.METRICS[name]
    kwargs = dict(m.params)
    if data.draw(st.booleans()):
        kwargs["sample_weight"] = data.draw(
            st.lists(st.floats(-1, 5), min_size=len(y_true), max_size=len(y_true))
        )
    if "zero_division" in inspect.signature(m.score).parameters:
        kwargs["zero_division"] = 0.0
    try:
        out = call_quietly(m.score, y_true, y_pred, **kwargs)
    except ValueError:
        return
    assert isinstance(out, float) and np.isfinite(out)
    assert len(y_true) == len(y_pred) > 0


@given(y_true=LABELS, y_pred=LABELS)
def test_confusion_matrix_returns_or_raises_value_error(y_true, y_pred):
    try:
        C = call_quietly(il.confusion_matrix, y_true, y_pred)
    except ValueError:
        return
    assert C.ndim == 2 and C.shape[0] == C.shape[1] and C.sum() == len(y_true)


@given(y=st.lists(st.integers(0, 2), max_size=15), scores=st.lists(ANY_FLOAT, max_size=15))
def test_threshold_sweep_returns_or_raises_value_error(y, scores):
    try:
        thresholds, Cs = call_quietly(il.threshold_sweep, y, scores)
    except ValueError:
        return
    assert len(thresholds) == len(Cs) >= 2
    assert (Cs.sum(axis=(1, 2)) == len(y)).all()
