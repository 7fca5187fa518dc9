"""imbalance_lib.book.selection and the Mortaz (2020) examples it is used on."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score

import imbalance_lib as il
from imbalance_lib.book.published import mortaz2020 as pub
from imbalance_lib.book.selection import select_best, select_max_min, worst_metric

TABLE = pd.DataFrame(
    {"ACC": [0.5, 0.7, 0.6], "CBA": [0.6, 0.4, 0.55], "MAP": [0.9, 0.8, 0.7]},
    index=["a", "b", "c"],
)


def test_worst_metric():
    w = worst_metric(TABLE)
    assert w["min"].tolist() == [0.5, 0.4, 0.55]
    assert w["metric"].tolist() == ["ACC", "CBA", "CBA"]
    assert worst_metric(TABLE, ["MAP"])["metric"].tolist() == ["MAP"] * 3


def test_select_max_min_and_best():
    assert select_max_min(TABLE) == ["c"]
    assert select_max_min(TABLE, ["ACC", "MAP"]) == ["b"]
    assert select_max_min(TABLE, atol=0.06) == ["a", "c"]
    assert select_best(TABLE, "CBA") == ["a"]
    assert select_best(TABLE, "ACC", atol=0.1) == ["b", "c"]


def test_mapping_input():
    scores = {"x": {"A": 1.0, "B": 0.0}, "y": {"A": 0.5, "B": 0.5}}
    assert select_max_min(scores) == ["y"]
    assert select_best(scores, "A") == ["x"]


@pytest.mark.parametrize(
    "call",
    [
        lambda: select_max_min([[0.1, 0.2]]),
        lambda: select_max_min(TABLE, ["nope"]),
        lambda: select_max_min(TABLE, "ACC"),
        lambda: select_max_min(TABLE, []),
        lambda: select_max_min(TABLE, atol=-1),
        lambda: select_best(TABLE, ["ACC"]),
        lambda: select_best(TABLE.assign(ACC=[np.nan, 0.1, 0.2]), "ACC"),
        lambda: select_max_min(pd.DataFrame()),
    ],
)
def test_errors(call):
    with pytest.raises(ValueError):
        call()


def labels_from(C):
    C = np.asarray(C)
    k = C.shape[0]
    t = np.repeat(np.repeat(np.arange(k), k), C.ravel())
    p = np.repeat(np.tile(np.arange(k), k), C.ravel())
    return t, p


@pytest.mark.parametrize("name", list(pub.CONFUSION_MATRICES))
def test_example_metrics_match_scikit_learn(name):
    C = pub.CONFUSION_MATRICES[name]
    t, p = labels_from(C)
    assert il.accuracy(C) == pytest.approx(accuracy_score(t, p))
    assert il.macro_precision(C) == pytest.approx(precision_score(t, p, average="macro"))
    assert il.macro_recall(C) == pytest.approx(recall_score(t, p, average="macro"))
    assert il.macro_f1(C) == pytest.approx(f1_score(t, p, average="macro"))


def test_table9_conventions():
    # IAM(CM3) = -0.17574 (exactly 2*CBA - 1): -0.175 printed is truncation, rounding gives -0.176
    v = il.iam(pub.CONFUSION_MATRICES["CM3"])
    assert np.trunc(v * 1000) / 1000 == pytest.approx(-0.175)
    assert round(v, 3) == pytest.approx(-0.176)
    # IAM(CM4) = -0.18473: -0.185 printed is rounding, truncation gives -0.184
    v = il.iam(pub.CONFUSION_MATRICES["CM4"])
    assert round(v, 3) == pytest.approx(-0.185)
    assert np.trunc(v * 1000) / 1000 == pytest.approx(-0.184)


def test_example2_rules_disagree():
    rows = {}
    for name in ("CM3", "CM4"):
        t, p = labels_from(pub.CONFUSION_MATRICES[name])
        rows[name] = {
            "ACC": accuracy_score(t, p),
            "MAP": precision_score(t, p, average="macro"),
            "MAR": recall_score(t, p, average="macro"),
            "F": f1_score(t, p, average="macro"),
            "CBA": il.cba(pub.CONFUSION_MATRICES[name]),
            "IAM": il.iam(pub.CONFUSION_MATRICES[name]),
        }
    frame = pd.DataFrame.from_dict(rows, orient="index")
    assert select_max_min(frame, ["ACC", "MAP", "MAR", "F", "CBA"]) == ["CM4"]
    assert select_best(frame, "IAM") == ["CM3"] == select_best(frame, "CBA")


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 6).flatmap(
    lambda k: st.lists(arrays(np.int64, (k, k), elements=st.integers(1, 40)), min_size=2, max_size=6)
))
def test_max_min_of_five_is_max_min_of_acc_and_cba(mats):
    C = np.stack(mats)
    frame = pd.DataFrame({
        "ACC": il.accuracy(C), "MAP": il.macro_precision(C), "MAR": il.macro_recall(C),
        "F": il.macro_f1(C), "CBA": il.cba(C), "IAM": il.iam(C),
    })
    tol = 1e-12  # equal values computed along different float paths
    five = ["ACC", "MAP", "MAR", "F", "CBA"]
    assert select_max_min(frame, five, atol=tol) == select_max_min(frame, ["ACC", "CBA"], atol=tol)
    assert select_best(frame, "IAM", atol=tol) == select_best(frame, "CBA", atol=tol)
