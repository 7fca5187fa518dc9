"""Inputs the library must refuse, on every path, with the in-memory functions' messages
(the audit of 0.2.0 found them accepted silently)."""

from __future__ import annotations

import numpy as np
import pytest

import imbalance_lib as il

dd = pytest.importorskip("dask.dataframe")
pd = pytest.importorskip("pandas")

from imbalance_lib import dask_metrics  # noqa: E402

_GOOD = {"y_true": [0, 0, 1, 1, 1, 0], "y_pred": [0, 1, 1, 1, 0, 0],
         "y_score": [0.1, 0.4, 0.4, 0.8, 0.9, 0.3], "w": [1.0, 2.0, 1.0, 1.0, 3.0, 1.0]}


def _frame(**changes):
    data = dict(_GOOD, **changes)
    return pd.DataFrame(data)


# (column changes, in-memory call on the same columns)
BAD = {
    "nan score": dict(y_score=[0.1, np.nan, 0.4, 0.8, 0.9, 0.3]),
    "inf score": dict(y_score=[0.1, np.inf, 0.4, 0.8, 0.9, 0.3]),
    "nan label": dict(y_true=[0, np.nan, 1, 1, 1, 0]),
    "half label": dict(y_true=[0, 0.5, 1, 1, 1, 0]),
    "cancelling weights": dict(w=[1.0, 2.0, 1.0, -1.0, 3.0, 1.0]),
    "nan weight": dict(w=[1.0, 2.0, np.nan, 1.0, 3.0, 1.0]),
}


def _in_memory_error(call):
    with pytest.raises(ValueError) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize("case", sorted(BAD))
def test_dask_sweep_refuses_what_the_in_memory_sweep_refuses(case):
    log = _frame(**BAD[case])
    message = _in_memory_error(lambda: il.threshold_sweep(
        log["y_true"].to_numpy(), log["y_score"].to_numpy(), sample_weight=log["w"].to_numpy()))
    df = dd.from_pandas(log, npartitions=2)
    with pytest.raises(ValueError) as info:
        dask_metrics.threshold_sweep(df, sample_weight="w")
    assert str(info.value) == message


@pytest.mark.parametrize("case", ["nan label", "half label", "cancelling weights",
                                  "nan weight"])
def test_dask_confusion_refuses_what_the_in_memory_matrix_refuses(case):
    log = _frame(**BAD[case])
    message = _in_memory_error(lambda: il.confusion_matrix(
        log["y_true"].to_numpy(), log["y_pred"].to_numpy(), sample_weight=log["w"].to_numpy()))
    df = dd.from_pandas(log, npartitions=2)
    with pytest.raises(ValueError) as info:
        dask_metrics.confusion_matrix(df, sample_weight="w")
    assert str(info.value) == message


def test_dask_paths_still_count_every_sample_of_a_clean_log():
    log = _frame()
    df = dd.from_pandas(log, npartitions=3)
    C = dask_metrics.confusion_matrix(df, sample_weight="w")
    np.testing.assert_array_equal(C, il.confusion_matrix(
        log["y_true"], log["y_pred"], sample_weight=log["w"]))
    thr, m = dask_metrics.threshold_sweep(df, sample_weight="w")
    thr0, m0 = il.threshold_sweep(log["y_true"], log["y_score"], sample_weight=log["w"])
    np.testing.assert_array_equal(thr, thr0)
    np.testing.assert_array_equal(m, m0)
