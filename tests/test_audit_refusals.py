"""Inputs accepted silently by 0.2.0 that are now refused with a clear error."""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest

import imbalance_lib as il

LEGACY = np.array([[], [1, 2]], dtype=object)  # scikit-learn refuses it too


def _label_functions():
    """Every public function taking (y_true, y_pred) or (y_true, y_score)."""
    for name in il.__all__:
        f = getattr(il, name)
        if not callable(f) or isinstance(f, type):
            continue
        try:
            params = list(inspect.signature(f).parameters)
        except (TypeError, ValueError):
            continue
        if params[:2] in (["y_true", "y_pred"], ["y_true", "y_score"]):
            yield name


LABEL_FUNCTIONS = sorted(_label_functions())


def test_the_label_functions_are_found():
    assert {"confusion_matrix", "accuracy_score", "mcc_score", "tpr_score",
            "threshold_sweep", "optimal_operating_point"} <= set(LABEL_FUNCTIONS)


@pytest.mark.parametrize("name", LABEL_FUNCTIONS)
def test_legacy_multilabel_sequences_are_refused(name):
    params = inspect.signature(getattr(il, name)).parameters
    second = [0.1, 0.2] if "score" in list(params)[1] else LEGACY
    fill = {"metric": "tpr", "alpha": 0.5, "costs": [[0, 1], [1, 0]], "thresholds": [0.5]}
    extra = {k: v for k, v in fill.items()
             if k in params and params[k].default is inspect.Parameter.empty}
    with pytest.raises(ValueError, match="sequence of sequences"):
        getattr(il, name)(LEGACY, second, **extra)


@pytest.mark.parametrize("zd", [np.inf, -np.inf, 2.0, -1.5, 1 + 1e-9])
def test_zero_division_outside_every_range_is_refused(zd):
    with pytest.raises(ValueError, match="zero_division"):
        il.tpr([[1, 0], [0, 0]], zero_division=zd)
    with pytest.raises(ValueError, match="zero_division"):
        il.tpr_score([0, 0], [0, 1], zero_division=zd)


@pytest.mark.parametrize("zd", ["warn", 0, 1, 0.0, 1.0, np.nan, -1.0])
def test_zero_division_choices_still_accepted(zd):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = il.tpr([[0, 1], [0, 0]], zero_division=zd)
    assert np.isnan(value) if zd != zd else value == (0.0 if zd == "warn" else zd)


@pytest.mark.parametrize("alpha", ["0.5", b"0.5", np.array(["0.3"]), None])
def test_alpha_as_text_is_refused(alpha):
    with pytest.raises(ValueError, match="alpha"):
        il.weighted_accuracy([[5, 1], [2, 3]], alpha)
    with pytest.raises(ValueError, match="alpha"):
        il.iba([[5, 1], [2, 3]], alpha=alpha)


@pytest.mark.parametrize("C", [
    [["5", "1"], ["2", "3"]],
    np.array([[5, 1], [2, 3]]).astype(str),
    np.array([["5", 1], [2, 3]], dtype=object),
    np.array([[b"5", b"1"], [b"2", b"3"]]),
])
def test_count_matrices_of_text_are_refused(C):
    with pytest.raises(ValueError, match="numeric"):
        il.tpr(C)
    with pytest.raises(ValueError, match="numeric"):
        il.all_metrics(C)


def test_masked_entries_are_refused_not_counted():
    masked = np.ma.masked_array([0, 1, 1, 0], mask=[0, 0, 1, 0])
    with pytest.raises(ValueError, match="masked"):
        il.confusion_matrix(masked, [0, 1, 0, 0])
    with pytest.raises(ValueError, match="masked"):
        il.accuracy_score([0, 1, 0, 0], masked)
    with pytest.raises(ValueError, match="masked"):
        il.threshold_sweep([0, 1, 1, 0], np.ma.masked_array([.1, .2, .3, .4],
                                                             mask=[0, 1, 0, 0]))
    with pytest.raises(ValueError, match="masked"):
        il.confusion_matrix([0, 1], [0, 1], sample_weight=np.ma.masked_array([1., 2.],
                                                                             mask=[1, 0]))
    with pytest.raises(ValueError, match="masked"):
        il.tpr(np.ma.masked_array([[1, 2], [3, 4]], mask=[[0, 0], [1, 0]]))
    # a masked array with nothing masked is an ordinary array
    clear = np.ma.masked_array([0, 1, 1, 0], mask=False)
    assert il.confusion_matrix(clear, [0, 1, 0, 0]).tolist() == [[2, 0], [1, 1]]
