"""The chapter's tables: values formatted for display, nothing computed that the prose uses."""

from __future__ import annotations

import numpy as np
import pandas as pd

import imbalance_lib as il

__all__ = ["vergne_table", "METRICS", "models_table", "checks_table", "bands_table",
           "alpha_table"]


def vergne_table(rows) -> pd.DataFrame:
    """The article's balanced accuracies beside ours, with accuracy and the geometric mean.

    ``rows`` holds ``(classifier, P, N, BA of the article, BA, ACC, GM)``.
    """
    out = []
    for name, P, N, vergne, ba, acc, gm in rows:
        diff = ba - vergne
        out.append({"classifier": name, "$(P, N)$": f"({P}, {N})",
                    r"$\mathrm{BA}$ article": f"{vergne:g}",
                    r"$\mathrm{BA}$ ours": f"{ba:.4f}",
                    "diff.": f"**{diff:+.4f}**" if abs(diff) > 1e-12 else "0",
                    r"$\mathrm{ACC}$": f"{acc:.4f}", r"$\mathrm{GM}$": f"{gm:.4f}"})
    return pd.DataFrame(out).set_index("classifier")


METRICS = {r"$\mathrm{TPR}$": il.tpr, r"$\mathrm{TNR}$": il.tnr, r"$\mathrm{ACC}$": il.accuracy,
           r"$\mathrm{BA}$": il.balanced_accuracy, r"$\mathrm{GM}$": il.g_mean}
"""The columns of :func:`models_table`."""


def models_table(names, folds, pooled) -> pd.DataFrame:
    """Pooled rates and metrics of each row, with the spread of BA over the outer folds.

    ``folds`` ``(models, folds, 2, 2)`` gives the spread of the first rows;
    ``pooled`` has one matrix per name (the rows without folds get no spread).
    """
    table = pd.DataFrame({k: [f"{v:.3f}" for v in np.asarray(f(pooled))]
                          for k, f in METRICS.items()}, index=list(names))
    spread = [f"{s:.3f}" for s in np.asarray(il.balanced_accuracy(folds)).std(axis=1)]
    table[r"$\mathrm{BA}$ per fold (sd)"] = spread + [""] * (len(pooled) - len(spread))
    return table


def checks_table(checks: pd.DataFrame) -> pd.DataFrame:
    """The checks as a page table: matrices tried (to the thousand) and the verdict.

    The largest violations themselves (a few units in the last place) depend on
    the processor and are not shown.
    """
    return pd.DataFrame({
        "matrices tried": [f"{round(c, -3):,.0f}" for c in checks["cases"]],
        "violation above 1e-9": ["none" if h else "**yes**" for h in checks["holds"]],
    }, index=checks.index)


def _pm(value: float, se: float, digits: int = 2) -> str:
    return f"{value:.{digits}f} ± {se:.{digits}f}"


def bands_table(labels, band, agree, lost) -> pd.DataFrame:
    """Per imbalance band: data sets, share where ACC and BA pick alike, BA lost (± se).

    >>> t = bands_table(["low", "high"], np.array([0, 0, 1, 1]),
    ...                 np.array([True, True, False, True]), np.array([0, 0, 0.1, 0]))
    >>> t.iloc[1].tolist()
    ['2', '0.50 ± 0.35', '0.050 ± 0.050']
    """
    rows = {}
    for b, label in enumerate(labels):
        sel = band == b
        m = int(sel.sum())
        p = agree[sel].mean()
        rows[label] = [f"{m}", _pm(p, np.sqrt(p * (1 - p) / m)),
                       _pm(lost[sel].mean(), lost[sel].std(ddof=1) / np.sqrt(m), 3)]
    return pd.DataFrame.from_dict(rows, orient="index", columns=[
        "data sets", r"$\mathrm{ACC}$ and $\mathrm{BA}$ share a best model (share ± se)",
        r"$\mathrm{BA}$ lost by choosing with $\mathrm{ACC}$ (mean ± se)"])


def alpha_table(same_pick: dict) -> pd.DataFrame:
    """For each weight alpha: the share of data sets where WA_alpha picks BA's model (± se)."""
    rows = {}
    for alpha, hits in same_pick.items():
        p = float(np.mean(hits))
        rows[f"{alpha:g}"] = [_pm(p, np.sqrt(p * (1 - p) / len(hits)))]
    return pd.DataFrame.from_dict(rows, orient="index", columns=[
        r"$\mathrm{WA}_\alpha$ shares a best model with $\mathrm{BA}$ (share ± se)"])
