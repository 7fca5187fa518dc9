"""Display formatting of the threshold-free chapter's tables (nothing here is read back).

:func:`mcdermott_table` is the one table that is also a value: the published and
re-run gains side by side, with their difference and standard error, which the
findings read as numbers.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from IPython.display import Markdown, display
from pandas.api.types import is_float_dtype, is_integer_dtype

from imbalance_lib.book.tables import markdown

from .experiments import MCDERMOTT as pub
from .theory import TOL

__all__ = ["check_table", "as_text", "show", "mcdermott_table", "study_table",
           "bootstrap_beside"]


def check_table(rows: dict[str, tuple[int, float]]) -> pd.DataFrame:
    """A small table of numeric checks: the number of cases and whether each gap is below TOL.

    ``rows`` maps a statement to ``(cases, largest gap)``; the gaps themselves (a few
    units in the last place) depend on the processor and are not shown.
    """
    return pd.DataFrame(
        {"cases": [str(int(c)) for c, _ in rows.values()],
         "gap below 1e-12": ["yes" if g <= TOL else "NO" for _, g in rows.values()]},
        index=list(rows))


def as_text(frame: pd.DataFrame, decimals: int) -> pd.DataFrame:
    """A numeric table as strings: integers as integers, the rest with ``decimals``."""
    out = frame.copy().reset_index()
    for col in out.columns:
        v = out[col]
        if is_integer_dtype(v.dtype) or (col in ("IR", "positives", "distinct scores")
                                         and is_float_dtype(v.dtype)):
            out[col] = [str(int(x)) for x in v]
        elif is_float_dtype(v.dtype):
            out[col] = [f"{x:.{decimals}f}" for x in v]
    return out.set_index(out.columns[0])


def show(frame: pd.DataFrame, decimals: int | None = None, index_name: str | None = None) -> None:
    """A table as Markdown on the page (numbers as :func:`as_text` with ``decimals``)."""
    shown = frame if decimals is None else as_text(frame, decimals)
    display(Markdown(markdown(shown, index_name=index_name)))


def mcdermott_table(rows: dict[str, dict[str, np.ndarray]]) -> pd.DataFrame:
    """Published and re-run AUROC gains per group, side by side, with the difference.

    ``rows`` maps each of McDermott et al.'s settings to the re-run's per-seed AUROC
    of each group before (``high0``, ``low0``) and after (``high1``, ``low1``) the
    fixes. ``se`` is the standard error of the re-run's mean gain over its seeds;
    the difference is called *beyond noise* when it exceeds ``2 * sqrt(2) * se``
    (both means carry about that error, the published one over as many seeds).
    """
    out = []
    for name, r in rows.items():
        for tag, label in (("high", "5 %"), ("low", "1 %")):
            published = (pub.FIX_MISTAKES.value(name, f"{tag} step 49")
                         - pub.FIX_MISTAKES.value(name, f"{tag} step 0"))
            gain = np.asarray(r[tag + "1"]) - np.asarray(r[tag + "0"])
            se = float(gain.std(ddof=1) / np.sqrt(len(gain)))
            diff = float(gain.mean()) - published
            out.append({"setting": name, "group": label, "published": published,
                        "re-run": float(gain.mean()), "se": se,
                        # equal up to rounding: a plain zero, never a negative one
                        "difference": 0.0 if abs(diff) < 1e-12 else diff})
    t = pd.DataFrame(out).set_index(["setting", "group"])[
        ["published", "re-run", "difference", "se"]]
    t["beyond noise"] = t["difference"].abs() > 2 * np.sqrt(2) * t["se"]
    return t


def _f3(x: float, decimals: int = 3) -> str:
    """``decimals`` decimals; a value that rounds to zero keeps its sign (``-0.0000``
    is below 0), an exact zero prints as ``0.000``."""
    text = f"{x:.{decimals}f}"
    return text if x != 0 else text.lstrip("-")


def study_table(r: dict[str, Any]) -> pd.DataFrame:
    """The data sets where the picks differ: both picks, both metrics, both tests.

    ``r`` is the stored KEEL study (:func:`imbalance_lib.book.ranking_study.keel_study`).
    """
    auroc, ap = np.asarray(r["auroc"]), np.asarray(r["ap"])
    rows = []
    for i in np.flatnonzero(np.asarray(r["pick_auroc"]) != np.asarray(r["pick_ap"])):
        a, b = r["pick_auroc"][i], r["pick_ap"][i]
        rows.append({"data set": str(r["names"][i]), "positives": int(r["n_pos"][i]),
                     "AUROC pick": str(r["models"][a]), "AP pick": str(r["models"][b]),
                     "AUROC gap": _f3(auroc[i, a] - auroc[i, b]),
                     "DeLong p": f"{r['p_auroc'][i]:.2f}",
                     "AP gap": _f3(ap[i, b] - ap[i, a]),
                     "AP gap, 95 % interval": f"[{_f3(-r['ap_diff_high'][i], 4)}, "
                                               f"{_f3(-r['ap_diff_low'][i], 4)}]"})
    return pd.DataFrame(rows).set_index("data set")


def bootstrap_beside(table: pd.DataFrame, boot: pd.DataFrame) -> pd.DataFrame:
    """The bootstrap's coverage beside the intervals it would replace, where it was measured."""
    cols = ["DeLong", "logit", "bootstrap", "AP logit", "AP binomial", "AP bootstrap"]
    return table.join(boot, how="inner")[cols]
