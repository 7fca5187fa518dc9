"""The metrics of Mortaz (2020), its statements as violations, and its worked examples.

The six metrics and the chapter's zero-division policy; each statement of the
document (and the chapter's own) as a *violation* for the claim checker
(:data:`VIOLATIONS`); the matrices of the proofs and counterexamples; and the
recomputation of the document's Examples 1-3 (Tables 2-10).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.properties import integer_matrices
from imbalance_lib.book.published import mortaz2020 as pub
from imbalance_lib.book.tables import round_half_up

NAN = {"zero_division": np.nan}
"""The chapter's policy: an undefined class term is left out of the mean."""

FIVE = {"ACC": il.accuracy, "MAP": il.macro_precision, "MAR": il.macro_recall,
        "F-score": il.macro_f1, "CBA": il.cba}
"""The five metrics of the document's multiple-metric rule."""

SIX = {**FIVE, "IAM": il.iam}
"""The five and IAM."""

ROUNDING = 0.0005
"""Half a unit of the third decimal: the rounding of a published three-decimal value."""


def metrics(C, funcs=SIX) -> pd.DataFrame:
    """The metrics ``funcs`` of each matrix of the stack ``C`` (..., k, k), one row each.

    >>> metrics([[5, 1], [2, 2]], {"ACC": il.accuracy}).round(2).to_dict("list")
    {'ACC': [0.7]}
    """
    C = np.asarray(C, float)
    return pd.DataFrame({name: np.atleast_1d(f(C, **NAN)) for name, f in funcs.items()})


def proof_step_gap(C, **kw):
    """min(MAP, MAR) - F: positive where the step of the document's proof of Theorem 3 fails.

    >>> round(float(proof_step_gap(np.array([[1, 0], [1, 1]]))), 4)  # 3/4 - 2/3
    0.0833
    """
    return (np.minimum(il.macro_precision(C, **kw), il.macro_recall(C, **kw))
            - il.macro_f1(C, **kw))


def defined(C):
    """True where every class occurs in the labels or the predictions (m_i > 0)."""
    return (np.maximum(C.sum(-1), C.sum(-2)) > 0).all(-1)


# --------------------------------------------------------------------------- statements

_LAST: list = [None, None]  # the last stack evaluated and its metrics (one-entry cache)


def _six(C):
    """The six metrics of a stack (nan policy), computed once per stack."""
    if _LAST[0] is not C:
        _LAST[0], _LAST[1] = C, {name: f(C, **NAN) for name, f in SIX.items()}
    return _LAST[1]


def _only_defined(gap):
    """A violation that is nan (does not apply) where some class term is undefined."""
    def violation(C):
        return np.where(defined(C), gap(C, _six(C)), np.nan)
    return violation


def _hm(x, y):
    return 2 * x * y / np.where(x + y > 0, x + y, 1)


VIOLATIONS = {
    "IAM = 2 CBA - 1": _only_defined(lambda C, m: np.abs(m["IAM"] - (2 * m["CBA"] - 1))),
    "T1": _only_defined(lambda C, m: np.abs(m["IAM"]) - 1),
    "T2": _only_defined(lambda C, m: m["IAM"] - m["CBA"]),
    "T3 MAP": _only_defined(lambda C, m: m["IAM"] - m["MAP"]),
    "T3 MAR": _only_defined(lambda C, m: m["IAM"] - m["MAR"]),
    "T3 F": _only_defined(lambda C, m: m["IAM"] - m["F-score"]),
    "CBA below": _only_defined(
        lambda C, m: m["CBA"] - np.minimum(np.minimum(m["MAP"], m["MAR"]), m["F-score"])),
    "T3 step": _only_defined(lambda C, m: np.minimum(m["MAP"], m["MAR"]) - m["F-score"]),
    "HM": _only_defined(lambda C, m: m["IAM"] - _hm(m["MAP"], m["MAR"])),
    "T4": _only_defined(lambda C, m: m["IAM"] - m["ACC"]),
    "bound": _only_defined(
        lambda C, m: m["IAM"] - m["ACC"] - (1 - 4 / C.shape[-1]) * (1 - m["ACC"])),
}
"""Each statement as a violation (positive: the statement fails on that matrix by that much)."""


# --------------------------------------------------------------------------- theorem 4


def binary_battery() -> np.ndarray:
    """Every 2x2 integer matrix with entries 0..12 and both classes present in its margins."""
    C = integer_matrices(2, 12)
    return C[defined(C)]


def balanced_case() -> np.ndarray:
    """A 5x5 matrix with balanced margins: classes 0 and 1 swapped 7 times each, three
    singletons right."""
    C = np.zeros((5, 5))
    C[0, 1] = C[1, 0] = 7
    C[[2, 3, 4], [2, 3, 4]] = 1
    return C


def case1_bound(C) -> float:
    """The bound (D + (1 - 2/k) O) / n that the document's case 1 reaches."""
    D, n, k = np.trace(C), C.sum(), C.shape[-1]
    return float((D + (1 - 2 / k) * (n - D)) / n)


def counterexample_c5() -> np.ndarray:
    """The 5x5 counterexample to Theorem 4: classes 0 and 1 confused (7 and 6), three
    singletons right."""
    C = np.zeros((5, 5))
    C[0, 1], C[1, 0] = 7, 6
    C[[2, 3, 4], [2, 3, 4]] = 1
    return C


def c_minus() -> np.ndarray:
    """C_-: a class of 100 samples, always right, next to four single samples all
    predicted as class 0."""
    C = np.zeros((5, 5))
    C[0, 0] = 100
    C[1:, 0] = 1
    return C


def table13_case(moved: int = 600) -> np.ndarray:
    """Table 13's ten classes, with ``moved`` of the 1000 samples of class 1 predicted as
    class 2."""
    counts = np.array(pub.CLASS_DISTRIBUTIONS["Table 13"])
    C = np.diag(counts).astype(float)
    C[0, 0], C[0, 1] = counts[0] - moved, moved
    return C


def right_wrong(C) -> pd.DataFrame:
    """Right and wrong predictions, ACC, CBA and IAM of each matrix of a stack."""
    right = np.trace(C, axis1=-2, axis2=-1)
    return pd.DataFrame({"right": right, "wrong": C.sum((-2, -1)) - right,
                         "ACC": il.accuracy(C), "CBA": il.cba(C), "IAM": il.iam(C)})


# --------------------------------------------------------------------------- examples 1-3

EXAMPLES = ("CM1", "CM2", "CM3", "CM4")


def example_metrics() -> pd.DataFrame:
    """The six metrics of the document's four example matrices, one row each."""
    ex = pd.concat([metrics(np.array(pub.CONFUSION_MATRICES[name])) for name in EXAMPLES])
    return ex.set_axis(list(EXAMPLES))


TABLE8_HALF = 0.005
"""Half a unit of the second decimal: the rounding of Tables 8 and 10."""


def compatible_cba(model: str) -> tuple[float, float]:
    """The CBA values of ``model`` (Example 3) compatible with both printed numbers."""
    t8, t10, h = pub.TABLE8.frame(), pub.TABLE10.frame(), TABLE8_HALF
    return (max(t8.loc[model, "CBA"] - h, (t10.loc[model, "IAM"] - h + 1) / 2),
            min(t8.loc[model, "CBA"] + h, (t10.loc[model, "IAM"] + h + 1) / 2))


def print3(x) -> float:
    """``x`` printed with three decimals, rounding half up."""
    return float(round_half_up(x, 3))
