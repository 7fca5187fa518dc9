"""Bad input to the deployment functions: a clear ValueError, and nothing changed.

The named cases of the brief (a prevalence outside (0, 1), negative or misshapen costs,
probabilities outside [0, 1], a scalar prevalence for a multi-class matrix), then a
fuzz in the style of ``tests/test_fuzz.py``: any dtype, nan/inf, empty, huge and masked
input either returns finite values of the right shape or raises ValueError, with no
floating-point RuntimeWarning.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import imbalance_lib as il

C = np.array([[80.0, 20.0], [2.0, 8.0]])
M3 = np.array([[8.0, 1, 1], [2, 6, 2], [0, 1, 5]])
COSTS = np.array([[0.0, 1.0], [10.0, 0.0]])
Y = np.array([0, 0, 1, 1, 0, 1])
S = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9])


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        warnings.simplefilter("ignore", il.UndefinedMetricWarning)
        return f(*args, **kwargs)


BAD = [
    # prevalence outside (0, 1), not finite, not a number
    (lambda: il.at_prevalence(C, "f1", 0.0), "strictly between 0 and 1"),
    (lambda: il.at_prevalence(C, "f1", 1.0), "strictly between 0 and 1"),
    (lambda: il.at_prevalence(C, "f1", [0.2, 1.5]), "strictly between 0 and 1"),
    (lambda: il.at_prevalence(C, "f1", np.nan), "nan or inf"),
    (lambda: il.at_prevalence(C, "f1", "0.2"), "number"),
    (lambda: il.at_prevalence(C, "f1", True), "number"),
    (lambda: il.at_prevalence(C, "f1", np.ma.masked_array([0.1, 0.2], mask=[0, 1])),
     "masked"),
    (lambda: il.expected_cost(C, COSTS, prevalence=-0.1), "strictly between 0 and 1"),
    (lambda: il.confidence_interval(C, "f1", prevalence=1.2), "strictly between 0 and 1"),
    (lambda: il.metric_interval([0, 1, 1], [0, 1, 0], "f1", prevalence=0), "strictly"),
    (lambda: il.cost_threshold(Y, S, COSTS, prevalence=2), "strictly between 0 and 1"),
    # a scalar prevalence for a multi-class matrix, shares of the wrong length or sum
    (lambda: il.at_prevalence(M3, "accuracy", 0.3), "scalar prevalence"),
    (lambda: il.confidence_interval(M3, "accuracy", prevalence=0.3), "scalar prevalence"),
    (lambda: il.expected_cost(M3, np.ones((3, 3)), prevalence=0.3), "scalar prevalence"),
    (lambda: il.at_prevalence(M3, "accuracy", [0.5, 0.5]), "last axis"),
    (lambda: il.at_prevalence(M3, "accuracy", [0.5, 0.3, 0.3]), "sum to 1"),
    # a class with no samples has unknown rates
    (lambda: il.at_prevalence([[5, 1], [0, 0]], "f1", 0.2), "no samples"),
    (lambda: il.confidence_interval([[5, 1], [0, 0]], "f1", prevalence=0.2), "no samples"),
    # costs negative, not finite, of the wrong shape, not numbers
    (lambda: il.expected_cost(C, [[0, -1], [10, 0]]), "negative"),
    (lambda: il.expected_cost(C, [[0, np.inf], [10, 0]]), "nan or inf"),
    (lambda: il.expected_cost(C, np.ones((3, 3))), "shape"),
    (lambda: il.expected_cost(C, [1, 2]), "shape"),
    (lambda: il.expected_cost(C, [["a", "b"], ["c", "d"]]), "real numbers"),
    (lambda: il.cost_threshold(Y, S, [[0, 1], [-5, 0]]), "negative"),
    (lambda: il.cost_threshold(Y, S, np.ones((3, 3))), "shape"),
    (lambda: il.bayes_threshold([[0, 1], [0, 0]]), "cost more"),
    (lambda: il.cost_scorer([[0, 1], [-2, 0]]), "negative"),
    (lambda: il.cost_scorer([1, 2]), "shape"),
    (lambda: il.expected_cost_interval(C, [[0, 1]]), "shape"),
    # probabilities outside [0, 1]
    (lambda: il.adjust_prior([0.2, 1.1], 0.5, 0.1), "outside"),
    (lambda: il.adjust_prior([-0.1, 0.5], 0.5, 0.1), "outside"),
    (lambda: il.adjust_prior([0.2, np.nan], 0.5, 0.1), "nan or inf"),
    (lambda: il.adjust_prior([[0.2, 0.3]], 0.5, 0.1), "summing to 1"),
    (lambda: il.adjust_prior([[0.2, 0.3, 0.5]], 0.5, 0.1), "scalar"),
    (lambda: il.adjust_prior(0.3, 0.5, 0.1), "scalar"),
    (lambda: il.adjust_prior([0.3], 0.0, 0.1), "from_prevalence"),
    (lambda: il.adjust_prior(np.ma.masked_array([0.1, 0.2], mask=[0, 1]), 0.5, 0.1),
     "masked"),
    (lambda: il.net_benefit(Y, S * 2, [0.1]), "outside"),
    (lambda: il.net_benefit(Y, S, [1.0]), r"\[0, 1\)"),
    (lambda: il.net_benefit(Y, S, [-0.1]), r"\[0, 1\)"),
    (lambda: il.net_benefit(Y, S, [[0.1]]), "1-D"),
    (lambda: il.net_benefit(Y[:3], S, [0.1]), "lengths"),
    (lambda: il.net_benefit_interval(Y, S, [0.1], prior=0), "prior"),
    (lambda: il.net_benefit_interval(Y, S, [0.1], n_resamples=10), "too few"),
    (lambda: il.cost_curve(Y, S, [1.5]), r"\[0, 1\]"),
    (lambda: il.cost_curve([1, 1, 1], [0.1, 0.2, 0.3]), "single class"),
    (lambda: il.probability_cost([[1, 1], [1, 0]], 0.3), "zero diagonal"),
    (lambda: il.at_prevalence(C, "nonsense", 0.2), "unknown metric"),
    (lambda: il.prevalence_scorer("f1", 1.0), "strictly between 0 and 1"),
]


@pytest.mark.parametrize("call, message", BAD, ids=[f"bad{i}" for i in range(len(BAD))])
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        quiet(call)


def test_a_refused_call_changes_nothing():
    Cc, costs, proba = C.copy(), np.array([[0.0, -1.0], [10.0, 0.0]]), np.array([0.2, 1.1])
    for call in (lambda: il.expected_cost(Cc, costs), lambda: il.adjust_prior(proba, 0.5, 0.1),
                 lambda: il.at_prevalence(Cc, "f1", 1.0)):
        with pytest.raises(ValueError):
            call()
    assert (Cc == C).all() and costs.tolist() == [[0.0, -1.0], [10.0, 0.0]]
    assert proba.tolist() == [0.2, 1.1]


# ---------------------------------------------------------------- fuzz

ANY_FLOAT = st.floats(allow_nan=True, allow_infinity=True, width=64)
GOOD = st.floats(0, 1e6)
PREVALENCE = st.one_of(ANY_FLOAT, st.floats(0, 1), st.sampled_from([1e-300, 1 - 1e-16, 0.5]))
DTYPES = st.sampled_from([np.float64, np.float32, np.float16, np.int64, np.int8, np.uint8,
                          np.bool_])


def arrays(elements, min_dims=0, max_dims=3):
    shapes = hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=0, max_side=3)
    return hnp.arrays(np.float64, shapes, elements=elements)


def _cast(x, dtype):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return x.astype(dtype)


def _maybe_masked(x, masked):
    return np.ma.masked_array(x, mask=np.ones_like(x, dtype=bool)) if masked and x.size else x


@given(C=st.one_of(arrays(ANY_FLOAT, 2, 4), arrays(GOOD, 2, 4)), pi=PREVALENCE,
       dtype=DTYPES, masked=st.booleans())
def test_at_prevalence_returns_or_raises_value_error(C, pi, dtype, masked):
    C = _maybe_masked(_cast(C, dtype), masked)
    try:
        out = quiet(il.at_prevalence, C, "mcc", pi, zero_division=0.0)
    except ValueError:
        return
    assert not (masked and C.size)
    assert np.isfinite(np.asarray(out)).all()
    assert ((np.asarray(out) >= -1 - 1e-9) & (np.asarray(out) <= 1 + 1e-9)).all()
    assert 0 < pi < 1 and np.asarray(out).shape == C.shape[:-2]


@given(C=st.one_of(arrays(ANY_FLOAT, 2, 3), arrays(GOOD, 2, 3)),
       costs=st.one_of(arrays(ANY_FLOAT, 0, 3), arrays(st.floats(0, 1e300), 2, 2)),
       dtype=DTYPES, masked=st.booleans())
def test_expected_cost_returns_or_raises_value_error(C, costs, dtype, masked):
    costs = _maybe_masked(_cast(costs, dtype), masked)
    try:
        out = np.asarray(quiet(il.expected_cost, C, costs, zero_division=0.0))
    except ValueError:
        return
    assert np.isfinite(out).all() and (out >= 0).all()
    assert out.shape == np.broadcast_shapes(C.shape[:-2], costs.shape[:-2])


@given(p=arrays(st.one_of(ANY_FLOAT, st.floats(0, 1)), 0, 2), a=PREVALENCE, b=PREVALENCE,
       dtype=DTYPES, masked=st.booleans())
def test_adjust_prior_returns_or_raises_value_error(p, a, b, dtype, masked):
    p = _maybe_masked(_cast(p, dtype), masked)
    try:
        out = quiet(il.adjust_prior, p, a, b)
    except ValueError:
        return
    assert np.isfinite(out).all() and ((out >= 0) & (out <= 1)).all()
    assert out.shape == np.shape(p)


@given(y=st.lists(st.integers(0, 2), max_size=12), s=st.lists(ANY_FLOAT, max_size=12),
       t=st.lists(ANY_FLOAT, max_size=4))
def test_net_benefit_and_cost_threshold_return_or_raise_value_error(y, s, t):
    try:
        nb = quiet(il.net_benefit, y, s, t)
        assert np.isfinite(nb.model).all() and nb.model.shape == (len(t),)
    except ValueError:
        pass
    try:
        cp = quiet(il.cost_threshold, y, s, COSTS)
        assert np.isfinite(cp.cost) and cp.cost >= 0
    except ValueError:
        pass
    try:
        cc = quiet(il.cost_curve, y, s)
        assert np.isfinite(cc.normalized_cost).all()
    except ValueError:
        pass
    try:
        low, high = quiet(il.cost_curve_interval, y, s, [0.0, 0.3, 1.0], n_resamples=100,
                          random_state=0)
        assert (0 <= low).all() and (low <= high).all() and (high <= 1).all()
    except ValueError:
        pass
    try:
        oob = quiet(il.cost_threshold_oob, y, s, COSTS, n_resamples=5, random_state=0)
        assert np.isfinite(oob.cost) and oob.cost >= 0 and 1 <= oob.resamples <= 5
    except ValueError:
        pass


def test_huge_and_empty_inputs():
    assert il.at_prevalence(C * 1e300, "f1", 0.3) == pytest.approx(il.at_prevalence(C, "f1", 0.3))
    assert il.at_prevalence(np.zeros((0, 2, 2)), "f1", 0.3).shape == (0,)
    assert il.expected_cost(np.zeros((0, 2, 2)), COSTS).shape == (0,)
    assert il.adjust_prior(np.zeros(0), 0.5, 0.1).shape == (0,)
    assert il.adjust_prior([0.5], 1e-300, 1 - 1e-16)[0] == pytest.approx(1.0)
    assert il.net_benefit(Y, S, []).model.shape == (0,)
    with pytest.raises(ValueError, match="empty"):
        il.cost_threshold([], [], COSTS)
