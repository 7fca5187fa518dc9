"""Display formatting of the IAM chapter: the tables as the page shows them.

Nothing here computes a result the prose rests on; each function formats values
computed elsewhere (by the page or by :mod:`.experiments`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbalance_lib.book import tables
from imbalance_lib.book.pages import signed
from imbalance_lib.book.published import mortaz2020 as pub

from .experiments import GROUPS, MODELS, NETWORK_ROWS, lbfgs_measured

LABELS = {
    "IAM = 2 CBA - 1": r"$\mathrm{IAM} = 2\,\mathrm{CBA}-1$",
    "T1": r"T1: $-1 \le \mathrm{IAM} \le 1$",
    "T2": r"T2: $\mathrm{IAM} \le \mathrm{CBA}$",
    "T3 MAP": r"T3: $\mathrm{IAM} \le \mathrm{MAP}$",
    "T3 MAR": r"T3: $\mathrm{IAM} \le \mathrm{MAR}$",
    "T3 F": r"T3: $\mathrm{IAM} \le F$",
    "CBA below": r"ours (proof of T3): $\mathrm{CBA} \le \min(\mathrm{MAP}, \mathrm{MAR}, F)$",
    "T3 step": r"T3, proof step: $\min(\mathrm{MAP}, \mathrm{MAR}) \le F$",
    "HM": r"$\mathrm{IAM} \le$ harmonic mean of MAP, MAR",
    "T4": r"T4: $\mathrm{IAM} \le \mathrm{ACC}$",
    "bound": r"ours: $\mathrm{IAM} - \mathrm{ACC} \le (1-\frac4k)(1-\mathrm{ACC})$",
}
"""How the summary table names each statement."""


def search_summary(worst: pd.DataFrame) -> pd.DataFrame:
    """One row per statement: the numbers of classes with a violation and the largest.

    ``worst``: the largest violation found, statements as rows, k as columns.
    """
    summary = {}
    for claim, label in LABELS.items():
        v = worst.loc[claim]
        bad = v[v > 1e-9]
        contiguous = len(bad) and bad.index.max() - bad.index.min() + 1 == len(bad)
        summary[label] = {
            "k with a violation": (f"{bad.index.min()}-{bad.index.max()}" if contiguous
                                   else ", ".join(map(str, bad.index)) or "none"),
            "largest violation found": (f"{bad.max():.3f} (k = {bad.idxmax()})"
                                        if len(bad) else "·"),
        }
    return pd.DataFrame(summary).T


def example_comparisons(ex) -> list:
    """Tables 2, 3, 5, 6 and 9 beside our values (three Stylers, each with its own id)."""
    where, out = "Mortaz's Tables 2, 3, 5, 6", []
    for cols, uid in ((["ACC", "CBA"], "acc-cba"), (["MAP", "MAR", "F-score"], "map-mar-f")):
        out.append(tables.side_by_side(
            pub.EXAMPLE_METRICS, ex[cols], show_diff=True, uuid=f"cmp-mortaz-ex-{uid}",
            caption=f"{where}: {', '.join(cols)}, published, ours and ours minus published."))
    out.append(tables.side_by_side(
        pub.TABLE9, ex[["IAM"]], show_diff=True, uuid="cmp-mortaz-ex-iam",
        caption="Mortaz's Table 9: IAM, published, ours and ours minus published."))
    return out


HIGHLIGHT = "background-color: #fdb863; font-weight: bold"  # colour-blind-safe orange


def gap_table(gaps, group: str, name: str, uid: str):
    """One metric group of a gap table: published, ours, difference (SE), highlighted beyond 2 SE.

    ``uid`` becomes the table's HTML id, to which its highlighting CSS is
    keyed: it must be unique on the page.
    """
    labels = [label for label, _, _ in GROUPS[group]]
    cols, css = {}, {}
    for label in labels:
        g = gaps[gaps["metric"] == label].set_index("model").reindex(MODELS)
        cols[label, "published"] = g["published"].map("{:.3f}".format)
        cols[label, "ours"] = g["ours"].map("{:.3f}".format)
        key = (label, "difference (SE)")
        cols[key] = [f"{signed(d, 3)} ({s:.3f})" for d, s in zip(g["diff"], g["se"])]
        css[key] = np.where(g["beyond"], HIGHLIGHT, "")
    frame = pd.DataFrame(cols, index=pd.Index(MODELS, name="model"))
    styles = pd.DataFrame("", index=frame.index, columns=frame.columns)
    for key, values in css.items():
        styles[key] = values
    return (frame.style.set_uuid(uid).apply(lambda _: styles, axis=None)
            .set_caption(f"Mortaz's {name}: {group}, published and ours; highlighted where "
                         "the difference exceeds two standard errors.")
            .set_table_styles([{"selector": "td, th",
                                "props": "padding: 0.1em 0.6em; text-align: right;"}]))


def gap_tables(gaps, name: str, key: str) -> list:
    """The four metric groups of one data set's gap table, ids ``iam-gap-<key>-<group>``."""
    return [gap_table(gaps, group, name, f"iam-gap-{key}-{group.split()[0].lower()}")
            for group in GROUPS]


def span(values) -> str:
    """``values`` as "from - to" with signs, three decimals."""
    return f"{signed(np.min(values), 3)} to {signed(np.max(values), 3)}"


def effects_column(fx: dict) -> dict:
    """The effects of :func:`.experiments.candidate_effects` as the rows of the table."""
    return {
        "empty class in both means, z = 0": f"{fx['empty']:+.3f} for every model",
        "IAM over k + 1 classes (z = 0), CBA over k": span(fx["k1"]),
        "IAM of pooled folds, CBA averaged": span(fx["pooled"]),
        "another CV run (2 SE of a difference of two runs)": f"up to ±{fx['run']:.3f}",
        "a class absent from a test fold": f"{fx['absent']} cases (stratified folds)",
    }


def lbfgs_table() -> pd.DataFrame:
    """The measured L-BFGS CBA values, one row per environment."""
    return pd.DataFrame(lbfgs_measured(), index=NETWORK_ROWS).T.rename_axis("environment")
