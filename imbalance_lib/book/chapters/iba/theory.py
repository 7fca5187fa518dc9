r"""Closed forms and property checks of the IBA chapter.

.. math:: \mathrm{IBA}_\alpha = (1 + \alpha\,(\mathrm{TPR} - \mathrm{TNR}))\,
          \mathrm{TPR}\cdot\mathrm{TNR}

The document's nine columns of a stack of confusion matrices, matrices from
rates, the exchange of the two classes, and the exhaustive searches behind the
monotonicity section (the one-step drops) and OP's extremes.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.properties import claim_battery
from imbalance_lib.book.published.garcia2009 import TABLE2

COLUMNS = list(TABLE2.columns)
"""The document's columns: TPrate, TNrate, Acc, Gmean, AUC, OP, IBA_1, IBA_0.5, IBA_0.1."""
ALPHAS = {"IBA_1": 1.0, "IBA_0.5": 0.5, "IBA_0.1": 0.1}
"""The document's three weights of the dominance, by column."""
EXAMPLE = np.array([[81, 9], [4, 6]])
"""The book's running example, ``[[TN, FP], [FN, TP]]``."""
TOL = 1e-12
NAN = {"zero_division": np.nan}


def from_rates(tpr, tnr, pi):
    """Binary matrices with rates ``(tpr, tnr)`` and prevalence ``pi`` (real counts, n = 1).

    >>> from_rates(0.5, 0.75, 0.2).round(3).tolist()
    [[0.6, 0.2], [0.1, 0.1]]
    """
    tpr, tnr = np.asarray(tpr, float), np.asarray(tnr, float)
    return il.binary_matrix(tpr * pi, (1 - tpr) * pi, (1 - tnr) * (1 - pi), tnr * (1 - pi))


def columns_of(C) -> dict:
    """The nine columns of the document's tables for a stack of binary matrices."""
    out = {"TPrate": il.tpr(C), "TNrate": il.tnr(C), "Acc": il.accuracy(C),
           "Gmean": il.g_mean(C), "AUC": il.balanced_accuracy(C),
           "OP": il.optimized_precision(C, zero_division=np.nan)}
    out.update({name: il.iba(C, alpha=a) for name, a in ALPHAS.items()})
    return out


def swap(C):
    """The same matrix with the roles of the two classes exchanged.

    >>> swap([[81, 9], [4, 6]]).tolist()
    [[6, 4], [9, 81]]
    """
    return np.asarray(C)[..., ::-1, ::-1]


def integer_grid(max_count: int = 12) -> np.ndarray:
    """Every binary matrix with ``1 <= P, N <= max_count`` (float counts).

    >>> integer_grid(1).tolist()
    [[[0.0, 1.0], [1.0, 0.0]], [[1.0, 0.0], [1.0, 0.0]], [[0.0, 1.0], [0.0, 1.0]], \
[[1.0, 0.0], [0.0, 1.0]]]
    """
    rows = [(tp, p - tp, n - tn, tn) for p in range(1, max_count + 1)
            for n in range(1, max_count + 1) for tp in range(p + 1) for tn in range(n + 1)]
    return il.binary_matrix(*np.array(rows, float).T)


def metric_frame(C, index) -> pd.DataFrame:
    """The nine columns of :func:`columns_of` as a table, one row per matrix of ``C``."""
    return pd.DataFrame(columns_of(C), index=index)


def rates(C):
    """``(TPR, TNR)`` of matrices ``C`` (nan where a class is empty)."""
    C = np.asarray(C, float)
    return il.tpr(C, **NAN), il.tnr(C, **NAN)


@cache
def battery_size() -> int:
    """Matrices of the checker's battery for two classes, before the optimiser."""
    return len(claim_battery(2))


RANGE_ALPHAS = np.linspace(0, 1, 21)
ABOVE_ALPHAS = np.linspace(1, 3, 21)


def iba_formula(C, alphas):
    """``(1 + a (t - s)) t s`` for every alpha (any real alpha): shape ``(m, len(alphas))``."""
    t, s = rates(C)
    return (1 + np.outer(t - s, alphas)) * (t * s)[:, None]


def out_of_unit(v):
    """How far values leave [0, 1] (positive outside), the worst over the last axis."""
    return np.max(np.maximum(v - 1, -v), axis=-1)


def range_findings(checks: pd.DataFrame) -> dict:
    """The verdicts of the page's range checks and where the range fails above alpha = 1."""
    C = np.asarray(checks.at["0 <= IBA_α <= 1, α in [1, 3]", "counterexample"], float)
    excursion = out_of_unit(iba_formula(C[None], ABOVE_ALPHAS)[0][:, None])
    a = float(ABOVE_ALPHAS[int(np.argmax(excursion))])
    theory = max((1 + a) ** 2 / (4 * a) - 1, (a - 1) ** 2 / (4 * a))
    holds = checks["holds"].tolist()
    return {"range_cases": int(checks["cases"].min()), "range_nalpha": len(RANGE_ALPHAS),
            "range_holds": holds[0], "range_one_holds": holds[1],
            "range_zero_holds": holds[2], "range_above_holds": holds[3],
            "range_de3": float(checks["worst"].iloc[3]), "range_de3_alpha": round(a, 2),
            "range_de3_theory": theory}
