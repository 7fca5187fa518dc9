"""Display formatting of the IBA chapter's tables (nothing here is read back).

Every function takes data (frames of numbers, lists of model names) computed on the
page or by the other modules and returns a table of strings for the page.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.tables import side_by_side

from .experiments import MODELS, mlp_interval
from .theory import COLUMNS

GROUPS = {"prevalence-dependent": ["Acc", "OP"], "symmetric": ["Gmean", "AUC"],
          "IBA_1 and IBA_0.5": ["IBA_1", "IBA_0.5"], "IBA_0.1": ["IBA_0.1"]}
"""One metric group per comparison table, so that each table fits the page."""
STABLE = 5e-4
"""A movement this large reaches the third decimal: the value is printed with fewer."""


def check_view(checks: pd.DataFrame) -> pd.DataFrame:
    """A :func:`~imbalance_lib.book.properties.check_claims` table for the page.

    Only what is the same on every processor: whether each statement holds,
    the largest violation when it fails (4 decimals) and the counterexample.
    """
    def matrix(c):
        return "" if c is None else str(np.round(np.asarray(c, float), 3).tolist())

    return pd.DataFrame({
        "holds": ["yes" if h else "NO" for h in checks["holds"]],
        "largest violation": ["below 1e-9" if h else f"{w:.4f}"
                              for h, w in zip(checks["holds"], checks["worst"])],
        "counterexample [[TN, FP], [FN, TP]]": [matrix(c) for c in checks["counterexample"]],
    }, index=checks.index).rename_axis("statement")


def grouped_tables(table, ours, label: str, what: str) -> list:
    """One published-versus-recomputed table per metric group of :data:`GROUPS`."""
    return [side_by_side(table, ours[cols], show_diff=True, uuid=f"{label}-{k}",
                         caption=f"{what}: {group} columns, named as in the document.")
            for k, (group, cols) in enumerate(GROUPS.items())]


def names(picked, sep: str = ", ") -> str:
    """A pick (a list of names) as text; a tie joins its names with ``sep``.

    >>> names(["theta1", "theta4"]), names(["MLP", "NBC"], " ≈ ")
    ('theta1, theta4', 'MLP ≈ NBC')
    """
    return sep.join(picked)


def _said(said) -> str:
    if said is None:
        return "(not stated)"
    return f"not {said['not']}" if "not" in said else said["is"]


def selections_view(sel: pd.DataFrame) -> pd.DataFrame:
    """A selections table with its lists of names (and stated selections) as text."""
    out = sel.copy()
    for c in out.columns:
        if c == "said":
            out[c] = [_said(v) for v in out[c]]
        else:
            out[c] = [names(v) if isinstance(v, list) else v for v in out[c]]
    return out.rename(columns={"said": "document's text"})


def consistency_table(summary: pd.DataFrame) -> pd.DataFrame:
    """The page's consistency test of each block, as shown on the page."""
    k = summary["rows"]
    return pd.DataFrame({
        "naive misses": [f"{a} of {b}" for a, b in zip(summary["naive_misses"], k)],
        "consistent, rounding": [f"{a} of {b}" for a, b in zip(summary["near"], k)],
        "consistent, truncation": [f"{a} of {b}" for a, b in zip(summary["trunc"], k)],
        "inconsistent under truncation": [names(v) or "none"
                                          for v in summary["trunc_failing"]],
    }, index=summary.index)


def candidates_view(intervals: pd.DataFrame, candidates: pd.DataFrame):
    """:func:`~.document.data_candidates` as shown on the page (two tables)."""
    iv = pd.DataFrame({"stated IR": [f"{v:.2f}" for v in intervals["IR"]],
                       "π fitting ACC and OP": [f"[{lo:.4f}, {hi:.4f}]" for lo, hi
                                                in zip(intervals["lo"], intervals["hi"])]},
                      index=intervals.index)
    cand = pd.DataFrame({"candidate": candidates["candidate"],
                         "N/P": [f"{n}/{p}" for n, p in zip(candidates["N"], candidates["P"])],
                         "IR": [f"{n / p:.2f}" for n, p in zip(candidates["N"],
                                                               candidates["P"])],
                         "π": [f"{v:.4f}" for v in candidates["pi"]],
                         "fits": ["yes" if v else "no" for v in candidates["fits"]]},
                        index=candidates.index)
    return iv, cand


def _shown(value: float, lo: float, hi: float) -> str:
    # a value that moves with the arithmetic keeps only the digits the movement spares
    if hi - lo < STABLE:
        return f"{value:.3f}"
    return f"≈{value:.{max(1, math.floor(-math.log10(hi - lo)))}f}"


def rates_first_table(rf: pd.DataFrame, pi: float, move) -> pd.DataFrame:
    """Rates-first values of one data set, metrics as rows, the row's maximum in bold.

    The MLP's values are printed with the digits its movement ``move`` (TPR, TNR)
    leaves unchanged.
    """
    t, s = rf.at["MLP", "TPrate"], rf.at["MLP", "TNrate"]
    cells = pd.DataFrame(index=COLUMNS, columns=MODELS, dtype=object)
    for c in COLUMNS:
        lo, hi = mlp_interval(c, t, s, pi, move)
        for m in MODELS:
            v = rf.at[m, c]
            text = _shown(v, lo, hi) if m == "MLP" else f"{v:.3f}"
            cells.at[c, m] = f"**{text}**" if v >= rf[c].max() - 1e-12 else text
    return cells.rename_axis("metric")


def per_fold_table(mean: pd.DataFrame, sd: pd.DataFrame, move) -> pd.DataFrame:
    """Per-fold mean ± standard deviation, metrics as rows (an MLP that moves: left out)."""
    cells = pd.DataFrame(index=COLUMNS, columns=MODELS, dtype=object)
    for c in COLUMNS:
        for m in MODELS:
            cells.at[c, m] = ("–" if m == "MLP" and max(move) >= STABLE
                              else f"{mean.at[m, c]:.2f} ± {sd.at[m, c]:.2f}")
    return cells.rename_axis("metric")


def aggregation_table(failing: dict) -> pd.DataFrame:
    """The rows failing the consistency test, per data set and aggregation."""
    return pd.DataFrame([{"data set": n, "aggregation": a,
                          "rows passing": f"{len(MODELS) - len(rows)} of {len(MODELS)}",
                          "failing": names(rows) or "none"}
                         for (n, a), rows in failing.items()]).set_index("data set")


def picks_table(picks: dict) -> pd.DataFrame:
    """The pick of each metric under each aggregation, and how the 5 repetitions split."""
    out = pd.DataFrame({k: {c: names(p, " ≈ ") for c, p in v.items()}
                        for k, v in picks.items() if k != "repetitions"})
    out["5 repetitions"] = {c: "; ".join(f"{names(list(p), ' ≈ ')}: {n}" for p, n in
                                         Counter(map(tuple, reps)).most_common())
                            for c, reps in picks["repetitions"].items()}
    return out.rename_axis("metric")


def swap_view(swapped: pd.DataFrame) -> pd.DataFrame:
    """The page's IBA selections with either class positive, lists of names as text."""
    return swapped.map(lambda v: names(v) if isinstance(v, list) else v)


def drops_table(A, B) -> pd.DataFrame:
    """Matrices ``A`` and ``B`` (``A`` with one false positive corrected) and their
    IBA_1 and IBA_0.5, four decimals."""
    return pd.DataFrame({
        "A = [[TN, FP], [FN, TP]]": [str(a.astype(int).tolist()) for a in A],
        "B (one FP fixed)": [str(b.astype(int).tolist()) for b in B],
        **{f"IBA_{a:g}({x})": [f"{v:.4f}" for v in np.asarray(il.iba(X, alpha=a))]
           for a in (1, 0.5) for x, X in (("A", A), ("B", B))},
    }).set_index("A = [[TN, FP], [FN, TP]]")
