"""How the HMNC chapter shows its tables: formatting only, no experiment.

Every function takes what the page computed (the recomputed tables, the cells of
the conventions test, the check results, the re-run) and returns it as the page
shows it.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd

from imbalance_lib.book.published.burduk2020 import TABLES
from imbalance_lib.book.tables import round_half_up, side_by_side

__all__ = ["round2", "HYPOTHESES", "GROUPS", "stacked", "comparison_tables", "checked",
           "convention_summary", "disagreements", "noskill_shown", "choice_spread"]

HYPOTHESES = ["H0 textbook", "H1 rounded first", "H2 truncated", "H3 rescaled"]
"""The four conventions each printed difference is tested against."""

GROUPS = {"HMNC, ACC, BACC, G-mean": ["HMNC", "ACC", "BACC", "G-mean"],
          "MCC, F1, kappa": ["MCC", "F1", "Kappa"]}
"""The two column groups in which the wide comparison tables are shown."""


def round2(x):
    """Round half up to two decimals (as the document does).

    >>> round2(0.125).item(), round2(0.124).item()
    (0.13, 0.12)
    """
    return round_half_up(x, 2)


def _two_decimals(table, part):
    # trailing zeros restored (0.5 -> 0.50): the stricter reading of the printed numbers
    rows = {r: tuple(v if c in ("TP", "TN") else f"{float(v):.2f}"
                     for c, v in zip(table.columns, vals)) for r, vals in table.rows.items()}
    return dataclasses.replace(table, rows=rows, label=f"{table.label} {part}")


def stacked(recomputed: dict, part: str):
    """The three published tables of ``part`` ("values" or "differences") as one, with ours.

    ``recomputed[label]`` is ``(values, differences)``. Rows are "T1 Ψ2" or
    "T1 |1-2|". Returns ``(published, recomputed)``.
    """
    rows, ours = {}, {}
    published = {label: _two_decimals(TABLES[label][part], part) for label in TABLES}
    for label, pub in published.items():
        frame = recomputed[label][0 if part == "values" else 1]
        for r, vals in pub.rows.items():
            key = f"T{label[-1]} " + (f"Ψ{r}" if part == "values" else r)
            rows[key], ours[key] = vals, frame.loc[r]
    return dataclasses.replace(pub, rows=rows, label=f"Tables 1-3 {part}"), pd.DataFrame(ours).T


def comparison_tables(recomputed: dict) -> list:
    """The published-versus-recomputed tables (four styled tables: values and differences)."""
    small = [{"selector": "", "props": "font-size: 0.8em;"},
             {"selector": "td, th", "props": "padding: 2px 6px;"}]
    out = []
    for part in ["values", "differences"]:
        pub, ours = stacked(recomputed, part)
        what = "metric values" if part == "values" else "absolute differences"
        for gi, (gname, cols) in enumerate(GROUPS.items()):
            cap = (f"Burduk's Tables 1-3, {what} of {gname}: published, recomputed and their "
                   "difference; highlighted where they disagree at the printed precision")
            styler = side_by_side(pub, ours[cols], show_diff=True, caption=cap,
                                  uuid=f"hmnc-{part}-{gi}")
            styler = styler.relabel_index(["pub.", "ours", "diff"] * len(cols), axis=1,
                                          level=1)
            out.append(styler.set_table_styles(small, overwrite=False))
    return out


def checked(frame: pd.DataFrame, tol: float = 1e-12) -> pd.DataFrame:
    """A :func:`check_claims` result as the page shows it.

    The largest violation is a float whose last bits move with the CPU: it is shown
    only as "below the tolerance", or as its value when it breaks the statement.
    """
    worst = [f"below {tol:g}" if ok else f"{w:.3g}"
             for ok, w in zip(frame["holds"], frame["worst"])]
    return pd.DataFrame({"holds": frame["holds"].map({True: "yes", False: "NO"}),
                         "largest violation found": worst}, index=frame.index)


def convention_summary(cells: pd.DataFrame) -> pd.DataFrame:
    """Per metric, and over all seven: how many difference cells each convention reproduces."""
    summary = cells.groupby("metric", sort=False)[HYPOTHESES].sum()
    summary.insert(0, "cells", cells.groupby("metric", sort=False).size())
    summary.loc["all seven"] = summary.sum()
    return summary


def disagreements(cells: pd.DataFrame) -> pd.DataFrame:
    """The difference cells the textbook convention misses, each with its explanation."""
    out = cells[~cells["H0 textbook"]].copy()
    out["explanation"] = np.where(out["H3 rescaled"], "H3 (rescaled)", "copied cell")
    out["exact / 2"] = out["exact"] / 2
    out["table"] = out["table"].str.replace("Table ", "")
    return out.set_index(["table", "pair", "metric"])[
        ["printed", "exact", "exact / 2", "explanation"]].round(4)


def noskill_shown(noskill: pd.DataFrame) -> pd.DataFrame:
    """The no-skill table without its two check columns, to four decimals."""
    out = noskill.drop(columns=["(1+IR)/(1+√IR)²", "registry"]).astype(float)
    return out.round(4) + 0.0  # + 0.0 turns a rounded -0.0 (MCC is 0 up to the last bit) into 0.0


def choice_spread(runs: pd.DataFrame) -> pd.DataFrame:
    """Each metric's operating point over the fold seeds: mean (min-max) of its rates."""
    g = runs.groupby(["task", "chosen by"], sort=False)
    cols = ["TPR (minority)", "TNR (majority)", "precision"]
    mean, lo, hi = g[cols].mean(), g[cols].min(), g[cols].max()
    out = pd.DataFrame(index=mean.index)
    for c in cols:
        out[c] = [f"{m:.2f} ({a:.2f}-{b:.2f})" for m, a, b in zip(mean[c], lo[c], hi[c])]
    return out
