"""The metrics on one footing: names, the page's policy, and the property deciders.

The registry's facts are checked by :func:`check_facts`; the property matrix's
failures get a witness (:func:`witnesses`) and its "yes" cells are attacked beyond
the grid (:func:`searches`); :func:`at_prevalence` moves one classifier across class
proportions; :func:`iba_drops` and :func:`baseline_ends` decide two finer points of
the guide.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book import properties as props
from imbalance_lib.registry import METRICS

__all__ = [
    "NAN", "SHORT_NAME", "STUDY", "PROPERTY_SHORT", "PANEL", "SEARCHED", "WHOLE",
    "ALPHA_IBA_EXAMPLE", "IBA_ALPHAS_ABOVE", "at_prevalence", "check_facts",
    "witness", "wrong_of", "violations", "searches", "witnesses",
    "iba_drops", "baseline_ends",
]

NAN = {"zero_division": np.nan}
"""The page's policy: an undefined value (0/0) is nan."""

SHORT_NAME = {
    "tpr": "TPR", "tnr": "TNR", "precision": "Precision", "npv": "NPV", "f1": "F1",
    "balanced_accuracy": "BA", "weighted_accuracy": "WA", "g_mean": "GM",
    "dominance": "Dominance", "iba": "IBA", "optimized_precision": "OP", "hmnc": "HMNC",
    "ac": "AC", "accuracy": "ACC", "mcc": "MCC", "kappa": "kappa",
    "macro_precision": "MAP", "macro_recall": "MAR", "macro_f1": "MacroF", "cba": "CBA",
    "iam": "IAM",
}
"""Short names used in the tables and figures."""

STUDY = {"ACC": "accuracy", "BA": "balanced_accuracy", "GM": "g_mean", "IBA": "iba",
         "AC": "ac", "HMNC": "hmnc", "OP": "optimized_precision", "F1": "f1",
         "MCC": "mcc", "kappa": "kappa", "MAP": "macro_precision", "MacroF": "macro_f1",
         "CBA": "cba"}
"""The metrics compared in the study (MAR and IAM rank as BA and CBA)."""

PROPERTY_SHORT = {
    "I1 swap classes": "I1", "I2 TN changes": "I2", "I3 TP changes": "I3",
    "I4 uniform scaling": "I4", "I5 positive row scaled": "I5",
    "I6 negative row scaled": "I6", "I7 positive column scaled": "I7",
    "I8 negative column scaled": "I8", "max only at perfect": "max",
    "min at all wrong": "min", "minimal agreement": "minagr", "monotone": "mono",
    "constant baseline": "base", "truth/prediction symmetric": "T",
}
"""Column labels of the property matrix as printed (and its column order)."""

PANEL = ["accuracy", "f1", "mcc", "kappa", "optimized_precision", "macro_f1",
         "macro_precision", "balanced_accuracy", "g_mean", "iba", "hmnc", "ac", "cba", "iam"]
"""The metrics followed across prevalences."""

SEARCHED = ["max only at perfect", "min at all wrong", "minimal agreement",
            "constant baseline", "truth/prediction symmetric"]
"""Columns whose "yes" cells :func:`searches` attacks beyond the grid."""

WHOLE = {"TPR", "TNR", "Precision", "NPV"}
"""Metrics of one class's rate; the others score a whole classifier."""

ALPHA_IBA_EXAMPLE = 0.6
"""The IBA weight whose monotonicity the grid of small matrices misjudges."""

IBA_ALPHAS_ABOVE = (0.51, 0.6, 0.75, 1.0)
"""IBA weights above 1/2 at which :func:`iba_drops` looks for a fall."""


def at_prevalence(tpr: Any, tnr: Any, pi: Any) -> np.ndarray:
    """The matrix of one unit of samples at prevalence ``pi`` for fixed TPR and TNR.

    This is a pure change of prior: the classifier's two recalls are assumed
    not to change with the class proportions.

    >>> at_prevalence(0.8, 0.9, 0.5).round(3).tolist()
    [[0.45, 0.05], [0.1, 0.4]]
    """
    return il.binary_matrix(tpr * pi, (1 - tpr) * pi, (1 - tnr) * (1 - pi), tnr * (1 - pi))


def check_facts(name: str, C_small: np.ndarray, C_rand: np.ndarray, pi_g: np.ndarray,
                q_g: np.ndarray) -> dict:
    """Check one registry entry's range, trivial values, symmetry and prevalence-freedom."""
    info = METRICS[name]
    vals = np.concatenate([props.evaluate(name, C_small), props.evaluate(name, C_rand)])
    vals = vals[np.isfinite(vals)]
    lo, hi = info.range
    in_range = bool(np.all((vals >= lo - 1e-12) & (vals <= hi + 1e-12)))
    got = props.evaluate(name, props.expected_random(pi_g, q_g))
    want = np.vectorize(info.trivial)(pi_g, q_g)
    trivial_ok = bool(np.allclose(got, want, atol=1e-12, equal_nan=True))
    symmetric = props.invariance(name, "I1 swap classes", n_max=8)[0]
    prev_free = all(props.invariance(name, f"I{i} " + s, n_max=8)[0]
                    for i, s in ((5, "positive row scaled"), (6, "negative row scaled")))
    return {"range holds": in_range, "trivial values hold": trivial_ok,
            "symmetric (registry)": info.symmetric, "symmetric (decided)": symmetric,
            "prevalence-free (registry)": info.prevalence_invariant,
            "prevalence-free (decided)": prev_free}


def witness(metric: str, column: str, n_max: int = 10) -> Any:
    """A matrix (or a ``(pi, q)`` pair) on which ``metric`` fails the property ``column``.

    Searched on the integer grid with both classes present (the baseline on the
    grid of :func:`~imbalance_lib.book.properties.constant_baseline`); None if
    the grid holds no witness (the failure was found by the random or optimiser
    search).

    >>> witness("accuracy", "I5 positive row scaled", 3)
    [[2, 0], [1, 0]]
    """
    C = props.all_matrices(n_max)
    C = C[props._both_classes(C)]
    a = props.evaluate(metric, C)
    if column in props.INVARIANCES:
        T = props.INVARIANCES[column]
        ks = [1, 2, 7] if column in ("I2 TN changes", "I3 TP changes") else [2, 3, 0.25]
        for k in ks:
            b = props.evaluate(metric, T(C, k))
            bad = np.isfinite(a) & np.isfinite(b) & (np.abs(a - b) > props.TOL)
            if bad.any():
                return C[int(np.argmax(bad))].tolist()
        return None
    if column == "truth/prediction symmetric":
        b = props.evaluate(metric, np.swapaxes(C, -1, -2))
        bad = np.isfinite(a) & np.isfinite(b) & (np.abs(a - b) > props.TOL)
        return C[int(np.argmax(bad))].tolist() if bad.any() else None
    if column == "max only at perfect":
        perfect = (C[:, 0, 1] == 0) & (C[:, 1, 0] == 0)
        top = np.nanmax(a)
        bad = (perfect & ~(np.abs(a - top) <= props.TOL)) | (~perfect & (a >= top - props.TOL))
        return C[int(np.argmax(bad))].tolist() if bad.any() else None
    if column == "min at all wrong":
        wrong = (C[:, 0, 0] == 0) & (C[:, 1, 1] == 0)
        P, N = C[:, 1].sum(1), C[:, 0].sum(1)
        for i in np.flatnonzero(wrong):
            grp = (P == P[i]) & (N == N[i])
            if not np.isfinite(a[i]) or np.nanmin(a[grp]) < a[i] - props.TOL:
                j = np.flatnonzero(grp)[int(np.nanargmin(a[grp]))]
                return C[j].tolist()
        return None
    if column == "constant baseline":
        pi, q = np.meshgrid(np.linspace(0.02, 0.98, 49), np.linspace(0.02, 0.98, 49),
                            indexing="ij")
        v = props.evaluate(metric, props.expected_random(pi, q))
        w = int(np.nanargmax(np.nanmax(v, 1) - np.nanmin(v, 1)))
        return f"pi = {pi[w, 0]:.2f}: values from {np.nanmin(v[w]):.3f} to {np.nanmax(v[w]):.3f}"
    return None


def wrong_of(C: np.ndarray) -> np.ndarray:
    """The completely wrong matrices with the class sizes of ``C``."""
    W = np.zeros_like(C)
    W[..., 0, 1] = C[..., 0, :].sum(-1)
    W[..., 1, 0] = C[..., 1, :].sum(-1)
    return W


def violations(metric: str, column: str, low: float, top: float) -> Callable:
    """A violation function of the property ``column`` for
    :func:`~imbalance_lib.book.properties.check_claim` (``low`` and ``top``: the
    metric's least and largest values on the grid)."""
    def ev(C: np.ndarray) -> np.ndarray:
        return props.evaluate(metric, C)

    def both(C: np.ndarray, v: np.ndarray) -> np.ndarray:
        return np.where(props._both_classes(C), v, np.nan)

    def baseline(C: np.ndarray) -> np.ndarray:  # entries read as (pi, q1, q2)
        pi = C[:, 0, 0] / (C[:, 0, 0] + C[:, 0, 1])
        q1 = C[:, 1, 0] / (C[:, 1, 0] + C[:, 1, 1])
        q2 = C[:, 0, 0] / (C[:, 0, 0] + C[:, 1, 1])
        ok = (pi > 0) & (pi < 1) & (q1 > 0) & (q1 < 1) & (q2 > 0) & (q2 < 1)
        pi, q1, q2 = (np.where(ok, x, 0.5) for x in (pi, q1, q2))
        a = ev(props.expected_random(pi, q1))
        b = ev(props.expected_random(pi, q2))
        return np.where(ok, np.abs(a - b), np.nan)

    found: dict[str, Callable] = {
        "truth/prediction symmetric":
            lambda C: both(C, np.abs(ev(C) - ev(np.swapaxes(C, -1, -2)))),
        # nothing above the value of a perfect matrix
        "max only at perfect": lambda C: both(C, ev(C) - top),
        # nothing below the wrong matrix of the same classes
        "min at all wrong": lambda C: both(C, ev(wrong_of(C)) - ev(C)),
        "minimal agreement":
            lambda C: both(C, np.maximum(low - ev(C), np.abs(ev(wrong_of(C)) - low))),
        "constant baseline": baseline,
    }
    if column not in found:
        raise ValueError(f"no search for the property {column!r}; one of {list(found)}")
    return found[column]


def searches(prop: pd.DataFrame, n_random: int = 5000, maxiter: int = 15) -> pd.DataFrame:
    """Attack every "yes" cell of :data:`SEARCHED` with random matrices and an optimiser.

    Returns one row per cell searched: whether it still holds, the largest
    violation found and the matrix where the search found it.
    """
    rows = []
    grid = props.all_matrices(10)
    grid = grid[props._both_classes(grid)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for m in prop.index:
            v = props.evaluate(m, grid)
            low, top = float(np.nanmin(v)), float(np.nanmax(v))
            for col in SEARCHED:
                if prop.loc[m, col] != "yes":
                    continue
                c = props.check_claim(violations(m, col, low, top), n_random=n_random,
                                      maxiter=maxiter, tol=1e-9)
                rows.append({"metric": SHORT_NAME[m], "property": PROPERTY_SHORT[col],
                             "holds": c.holds, "worst": c.worst, "cases": c.cases,
                             "counterexample": None if c.holds
                             else np.round(np.asarray(c.counterexample), 4).tolist()})
    return pd.DataFrame(rows)


def witnesses(prop: pd.DataFrame) -> pd.DataFrame:
    """One witness for every "no" cell of the property matrix outside monotonicity."""
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for m in prop.index:
            for col in prop.columns:
                if col in ("monotone", "minimal agreement") or prop.loc[m, col] != "no":
                    continue
                rows.append({"metric": SHORT_NAME[m], "property": PROPERTY_SHORT[col],
                             "witness [[TN, FP], [FN, TP]]": witness(m, col)})
    return pd.DataFrame(rows)


def iba_drops(alphas: tuple = (0.5, *IBA_ALPHAS_ABOVE), n: int = 401) -> dict[float, float]:
    """Does IBA fall anywhere when one rate rises?  The largest drop for each alpha.

    On a fine grid of (TPR, TNR), the largest drop along either rate.

    >>> iba_drops((0.5,), n=11)
    {0.5: 0.0}
    """
    t = np.linspace(0, 1, n)
    T, S = np.meshgrid(t, t, indexing="ij")
    C = np.stack([np.stack([S, 1 - S], -1), np.stack([1 - T, T], -1)], -2)
    out = {}
    for a in alphas:
        v = il.iba(C, alpha=a)
        out[a] = float(max(0.0, -np.diff(v, axis=0).min(), -np.diff(v, axis=1).min()))
    return out


def baseline_ends(prop: pd.DataFrame, pi: float = 0.05) -> tuple[list[str], list[str]]:
    """Which constant-baseline metrics keep their value for the guessers that never or
    always say "positive" (q = 0 and q = 1), under the page's policy (nan; MAP 0).

    Returns the short names that keep it for every guesser, and those that keep
    it only for guessers predicting both labels (0 < q < 1).
    """
    names = [m for m in prop.index[prop["constant baseline"] == "yes"]
             if SHORT_NAME[m] not in WHOLE]
    every: list[str] = []
    inner: list[str] = []
    for m in names:
        C = props.expected_random(pi, np.array([0.0, 0.5, 1.0]))
        v = (il.macro_precision(C, zero_division=0.0) if m == "macro_precision"
             else props.evaluate(m, C))
        (every if np.all(np.isfinite(v)) and np.ptp(v) < 1e-12 else inner).append(SHORT_NAME[m])
    return every, inner
