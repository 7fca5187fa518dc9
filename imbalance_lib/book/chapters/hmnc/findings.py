"""The HMNC chapter's findings: four typed records, computed from what the page computes.

Each section of the chapter computes its tables on the page; the functions here
reduce them to the numbers and verdicts the prose states. A field named ``x`` is
glued as ``hmnc-x`` (underscores as hyphens). A field that maps an imbalance ratio
or a task to a value (``both = {"0.01": ..., ...}``) is glued once per key as
``hmnc-both-0.01``; a list of names is glued as English (``A, B and C``), for
display only: claims read the list.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.findings import Findings
from imbalance_lib.book.pages import glue_value
from imbalance_lib.book.published.burduk2020 import TABLES
from imbalance_lib.book.tables import compare

from .tables import round2, stacked
from .theory import IRS, MEANS, burduk_matrix, table_counts

__all__ = ["HmncFindings", "TheoryFindings", "TableFindings", "SensitivityFindings",
           "ChoiceFindings", "english", "theory_findings", "table_findings",
           "sensitivity_findings", "choice_findings", "WorkedFindings", "worked_findings"]


def english(names) -> str:
    """Names joined as an English list.

    >>> english(["BACC", "G-mean", "MCC"]), english(["Glass"])
    ('BACC, G-mean and MCC', 'Glass')
    """
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclasses.dataclass(frozen=True)
class HmncFindings(Findings):
    """The chapter's findings base: glues mappings key by key and name lists as English."""

    PREFIX = "hmnc"

    def glue(self, digits: int = 4) -> None:
        super().glue(digits)
        for name, value in self.record().items():
            stem = self._glue_name(name)
            if isinstance(value, Mapping):
                for key, v in value.items():
                    if not isinstance(v, (list, tuple)):
                        glue_value(f"{stem}-{key}", v, digits)
            elif isinstance(value, (list, tuple)) and value and isinstance(value[0], str):
                glue_value(stem, english(value), digits)


def _ir(values) -> dict:
    """A mapping IR -> value, keyed as the prose names the ratios ("0.01", "0.1", "0.25")."""
    return {f"{ir:g}": v for ir, v in zip(IRS, values)}


# --------------------------------------------------------------------------- theory


@dataclasses.dataclass(frozen=True)
class TheoryFindings(HmncFindings):
    """Derivations, ranges, the no-skill baseline and the equality theorem."""

    symbolic_n: int
    symbolic_zeros: int
    forms_n: int
    forms_held: int
    ranges_n: int
    ranges_held: int
    equalities_n: int
    equalities_held: int
    kappa_min_at_origin: bool
    kmin: dict
    mcc_min_margins: float
    noskill: dict
    noskill_formula_gap: float
    noskill_minshare: float
    noskill_best_t1: float
    noskill_t1_n: int
    noskill_t1_beaten: int
    maxgap_t1: float
    all_minority_f1_zero_some_right: bool
    all_majority_hmnc_gm_zero_acc: bool
    means_on_diagonal: list
    op_on_diagonal: float
    others_on_diagonal_max: float
    others_but_map_on_diagonal_max: float
    macro_precision_half: bool
    pair_mismatches: int
    pairs_second_curve: int
    acc_bacc_off_p_ne_n: int
    bacc_gm_off: int
    extra_h: float
    extra_ba: float
    extra_coincide: bool


def theory_findings(*, symbolic, forms, ranges, equalities, margins, noskill, constants,
                    diagonal, pairs) -> TheoryFindings:
    """The derivations' findings from the page's tables (each check's raw frame)."""
    tp, tn = table_counts("Table 1")
    h_t1 = np.asarray(il.hmnc(burduk_matrix(tp, tn, 1000, 10)))
    C_extra = burduk_matrix(50, 200, 1000, 250)
    half = [float(il.macro_precision(burduk_matrix(0.5 * p, 0.5 * n, p, n)))
            for p, n in [(3.0, 1.0), (1000.0, 10.0), (7.0, 250.0)]]
    exact = diagonal["max |value - t|"] == 0
    others = diagonal.drop(index=[*MEANS, "optimized_precision"])
    low = margins["min κ"].astype(float)
    majority, minority = constants.loc["all majority"], constants.loc["all minority"]
    best_noskill = float(noskill.loc["0.01", "HMNC"])
    return TheoryFindings(
        symbolic_n=len(symbolic), symbolic_zeros=int((symbolic.iloc[:, 0] == "0").sum()),
        forms_n=len(forms), forms_held=int(forms["holds"].sum()),
        ranges_n=len(ranges), ranges_held=int(ranges["holds"].sum()),
        equalities_n=len(equalities), equalities_held=int(equalities["holds"].sum()),
        kappa_min_at_origin=bool(all(at == (0, 0) for at in margins["argmin κ"])
                                 and np.allclose(low, margins["−2IR/(1+IR²)"].astype(float))),
        kmin=_ir(margins["−2IR/(1+IR²)"].astype(float).tolist()),
        mcc_min_margins=float(margins["min MCC"].astype(float).max()),
        noskill=_ir(noskill["HMNC"].tolist()),
        noskill_formula_gap=float((noskill["HMNC"] - noskill["(1+IR)/(1+√IR)²"]).abs().max()
                                  + (noskill["HMNC"] - noskill["registry"]).abs().max()),
        noskill_minshare=float(noskill.loc["0.01", "TNR"]),
        noskill_best_t1=float(h_t1.max()), noskill_t1_n=len(h_t1),
        noskill_t1_beaten=int((h_t1 < best_noskill).sum()),
        maxgap_t1=float(np.max(np.abs(h_t1 - tn / 10))),
        all_minority_f1_zero_some_right=bool(minority["F1"] == 0 and minority["correct"] > 0),
        all_majority_hmnc_gm_zero_acc=bool(majority["HMNC"] == 0 and majority["G-mean"] == 0
                                           and majority["ACC"] > 0),
        means_on_diagonal=sorted(diagonal.index[exact]),
        op_on_diagonal=float(diagonal.loc["optimized_precision", "share = t (P ≠ N)"]),
        others_on_diagonal_max=float(others["share = t (P ≠ N)"].max()),
        others_but_map_on_diagonal_max=float(
            others.drop(index="macro_precision")["share = t (P ≠ N)"].max()),
        macro_precision_half=bool(np.allclose(half, 0.5)),
        pair_mismatches=int(pairs["mismatches with the theorem"].sum()),
        pairs_second_curve=int((pairs["of which P != N"] > 0).sum()),
        acc_bacc_off_p_ne_n=int(pairs.loc["ACC = BACC", "of which P != N"]),
        bacc_gm_off=int(pairs.loc["BACC = G-mean", "matrices with TPR != TNR"]),
        extra_h=float(il.hmnc(C_extra)), extra_ba=float(il.balanced_accuracy(C_extra)),
        extra_coincide=bool(np.allclose([float(il.accuracy(C_extra)), float(il.g_mean(C_extra))],
                                        float(il.hmnc(C_extra)))),
    )


# --------------------------------------------------------------------------- tables


@dataclasses.dataclass(frozen=True)
class TableFindings(HmncFindings):
    """Tables 1-3 recomputed, and the conventions that explain their differences."""

    n_values: int
    n_values_agree: int
    n_diffs: int
    n_diff_miss: int
    n_diff_miss_mk: int
    acc_t1_2: float
    mcc_t1_3: float
    acc_t1_2_trunc: float
    mcc_t1_3_trunc: float
    f1_t1_14: float
    f1_t3_14: float
    f1_t3_1: float
    f1_t3_4: float
    gm_t1_13: float
    gm_t1_13_half: float
    gm_t1_13_is_neighbours: bool
    gm_13_other_tables: float
    n_cells: int
    n_mk: int
    n_mk_h3: int
    n_mk_h0: int
    n_f1: int
    n_f1_h1_hit: int
    n_f1_h1_miss: int
    n_h2_hit: int
    n_h2_miss: int
    copied_cells: list
    n_copied: int
    n_unexplained: int
    claims_n: int
    claims_raw: int
    claims_resc: int
    t3_14_mcc: float
    t3_14_hmnc: float


def table_findings(recomputed: dict, cells: pd.DataFrame,
                   reading: pd.DataFrame) -> TableFindings:
    """The tables' findings from the page's ``recomputed``, ``cells`` and ``reading``."""
    values = compare(*stacked(recomputed, "values"))
    diffs = compare(*stacked(recomputed, "differences"))
    miss_d = ~diffs["agrees"]
    (t1v, t1d), (t3v, t3d) = recomputed["Table 1"], recomputed["Table 3"]
    mk = cells[cells["metric"].isin(["MCC", "Kappa"])]
    f1 = cells[cells["metric"] == "F1"]
    miss = cells[~cells["H0 textbook"]]
    copied = miss[~miss["H3 rescaled"]]
    printed_gm = {(label, pair): TABLES[label]["differences"].value(pair, "G-mean")
                  for label in TABLES for pair in ("|1-2|", "|1-3|", "|1-4|")}
    gm13 = float(t1d.loc["|1-3|", "G-mean"])
    return TableFindings(
        n_values=len(values), n_values_agree=int(values["agrees"].sum()),
        n_diffs=len(diffs), n_diff_miss=int(miss_d.sum()),
        n_diff_miss_mk=int((miss_d & diffs["column"].isin(["MCC", "Kappa"])).sum()),
        acc_t1_2=float(t1v.loc["2", "ACC"]), mcc_t1_3=float(t1v.loc["3", "MCC"]),
        acc_t1_2_trunc=float(np.floor(t1v.loc["2", "ACC"] * 100) / 100),
        mcc_t1_3_trunc=float(np.floor(t1v.loc["3", "MCC"] * 100) / 100),
        f1_t1_14=float(t1d.loc["|1-4|", "F1"]), f1_t3_14=float(t3d.loc["|1-4|", "F1"]),
        f1_t3_1=float(t3v.loc["1", "F1"]), f1_t3_4=float(t3v.loc["4", "F1"]),
        gm_t1_13=gm13, gm_t1_13_half=float(round2(gm13 / 2)),
        # the printed 0.09 repeats the cells above and below it; Tables 2 and 3 print 0.2
        gm_t1_13_is_neighbours=bool(printed_gm["Table 1", "|1-3|"]
                                    == printed_gm["Table 1", "|1-2|"]
                                    == printed_gm["Table 1", "|1-4|"]),
        gm_13_other_tables=float(max(abs(printed_gm[t, "|1-3|"] - 0.2)
                                     for t in ("Table 2", "Table 3"))),
        n_cells=len(cells), n_mk=len(mk), n_mk_h3=int(mk["H3 rescaled"].sum()),
        n_mk_h0=int(mk["H0 textbook"].sum()), n_f1=len(f1),
        n_f1_h1_hit=int(f1["H1 rounded first"].sum()),
        n_f1_h1_miss=int((~f1["H1 rounded first"]).sum()),
        n_h2_hit=int(cells["H2 truncated"].sum()), n_h2_miss=int((~cells["H2 truncated"]).sum()),
        copied_cells=[[t, p, m] for t, p, m in copied[["table", "pair", "metric"]].to_numpy()],
        n_copied=len(copied),
        n_unexplained=int((~miss["H3 rescaled"] & (miss["metric"] != "G-mean")).sum()),
        claims_n=len(reading),
        claims_raw=int((reading["winner, raw MCC and kappa"] == "HMNC").sum()),
        claims_resc=int((reading["winner, MCC and kappa rescaled"] == "HMNC").sum()),
        t3_14_mcc=float(t3d.loc["|1-4|", "MCC"]), t3_14_hmnc=float(t3d.loc["|1-4|", "HMNC"]),
    )


# --------------------------------------------------------------------------- sensitivity


@dataclasses.dataclass(frozen=True)
class SensitivityFindings(HmncFindings):
    """The heat maps and the measured sensitivity claim (shares of the plane, per IR)."""

    ir_free_gap: float
    kappa_share_001: float
    fd_median: float
    fd_q99: float
    both: dict
    both_tab: dict
    both_tab_raw: dict
    flat: dict
    any: dict
    fail: dict
    fail_small: dict
    fail_high: dict
    fail_high_max: float
    per_sample: dict
    beat_maj: dict
    beat_min: dict
    both_raw: dict


def sensitivity_findings(surfaces: dict, maps: dict, T, S) -> SensitivityFindings:
    """The findings of the heat maps (``surfaces``) and of the derivative ``maps``.

    ``maps[ir]`` holds, on the grid ``(T, S)``, the index of the least
    majority-sensitive (``least``) and most minority-sensitive (``most``) metric,
    the masks ``both``, ``raw_both`` and ``flattest``, and HMNC's finite-difference
    derivatives ``d_tpr`` and ``d_tnr``.
    """
    names = np.array(list(surfaces[IRS[0]]))
    interior = (T > 0.01) & (T < 0.99) & (S > 0.01) & (S < 0.99)
    strip = interior & (T > 0.5)
    out: dict[str, list[Any]] = {}
    errors: list[np.ndarray] = []
    for ir in IRS:
        m, p, q = maps[ir], 1000.0, 1000.0 * ir
        above, tables = interior & (T > ir), strip & (S > 0.5)
        tp, tn = T[interior] * p, S[interior] * q  # analytic partials (hmnc-eq-partials)
        a_tpr = p * (p + q) * tn**2 / (p * q * (tp + tn) ** 2)
        a_tnr = q * (p + q) * tp**2 / (p * q * (tp + tn) ** 2)
        errors.append(np.maximum(np.abs(m["d_tpr"][interior] - a_tpr),
                                 np.abs(m["d_tnr"][interior] - a_tnr))
                      / np.maximum(a_tpr, a_tnr))
        fail = strip & ~m["both"]
        for key, value in {
            "both": m["both"][above].mean(), "both_tab": m["both"][tables].mean(),
            "both_tab_raw": m["raw_both"][tables].mean(), "flat": m["flattest"][above].mean(),
            "both_raw": m["raw_both"][above].mean(),
            "any": m["both"][strip].mean(), "fail": fail[strip].mean(),
            "fail_small": (S[fail] < 0.25).mean(),
            "fail_high": (fail & (S >= 0.25))[strip].mean(),
            # per sample (d/dTN against d/dTP): HMNC favours the minority where TP > TN
            "per_sample": (m["d_tnr"] / q > m["d_tpr"] / p)[above].mean(),
        }.items():
            out.setdefault(key, []).append(float(value))
        for key, idx in (("beat_maj", m["least"]), ("beat_min", m["most"])):
            out.setdefault(key, []).append(sorted(str(x) for x in set(names[idx[above]]) - {"HMNC"}))
    fd_err = np.concatenate(errors)
    return SensitivityFindings(
        ir_free_gap=float(max(np.nanmax(np.abs(surfaces[ir][m] - surfaces[IRS[-1]][m]))
                              for ir in IRS for m in ("BACC", "G-mean"))),
        kappa_share_001=float(np.mean(np.abs(surfaces[0.01]["Kappa"]) < 0.1)),
        fd_median=float(np.median(fd_err)), fd_q99=float(np.quantile(fd_err, 0.99)),
        fail_high_max=max(out["fail_high"]), **{k: _ir(v) for k, v in out.items()})


# --------------------------------------------------------------------------- model choice


@dataclasses.dataclass(frozen=True)
class ChoiceFindings(HmncFindings):
    """The operating point each metric prefers, over the repetitions (per task)."""

    exp_reps: int
    exp_tasks: int
    exp_folds: int
    exp_seed_last: int
    exp_holds: int
    exp_unbeaten: int
    exp_ties: int
    exp_tie_tasks: list
    exp_tie_metrics: list
    exp_pi: dict
    exp_w: dict
    exp_pos: dict
    exp_n: dict
    exp_tpr: dict
    exp_tpr_min: dict
    exp_tpr_max: dict
    exp_tnr: dict
    exp_tnr_min: dict
    exp_tnr_max: dict
    exp_prec: dict
    exp_prec_min: dict
    exp_prec_max: dict
    exp_tnr_ba: dict
    exp_tnr_ba_min: dict
    exp_tnr_ba_max: dict
    exp_lower_tnr_than_ba: dict
    exp_higher_tnr_than_ba: dict
    exp_acc_tpr_max: dict
    exp_acc_tnr_min: dict
    exp_alone: dict
    exp_alone_share: dict
    exp_alone_se: dict
    exp_tie_cases: int
    exp_tie_bacc: int


def choice_findings(runs: pd.DataFrame, targets: dict, folds: int) -> ChoiceFindings:
    """The re-run's findings from its long table ``runs`` (one row per seed, task, metric).

    ``targets`` maps each task to its labels (for its prevalence and size).
    """
    seeds = sorted(runs["seed"].unique())
    metrics = list(dict.fromkeys(runs["chosen by"]))
    extreme = pd.Series(True, index=seeds)
    unbeaten = pd.Series(True, index=seeds)  # no metric strictly more extreme
    tie_tasks: list[str] = []
    tie_metrics: set[str] = set()
    per: dict[str, dict[str, Any]] = {}
    ties = {"cases": 0, "bacc": 0}  # (task, seed) where HMNC is not alone; BACC picks its point
    for task, y in targets.items():
        r = runs[runs["task"] == task]
        tpr, tnr, prec = (r.pivot(index="seed", columns="chosen by", values=v)
                          for v in ("TPR (minority)", "TNR (majority)", "precision"))
        top = tpr["HMNC"] > tpr.drop(columns="HMNC").max(axis=1)  # strictly the highest
        bottom = tnr["HMNC"] <= tnr.drop(columns="HMNC").min(axis=1)
        extreme &= top & bottom
        unbeaten &= (tpr["HMNC"] >= tpr.max(axis=1)) & (tnr["HMNC"] <= tnr.min(axis=1))
        alone = top & bottom
        share = float(alone.mean())
        per.setdefault("exp_alone", {})[task] = int(alone.sum())
        per.setdefault("exp_alone_share", {})[task] = share
        per.setdefault("exp_alone_se", {})[task] = float(np.sqrt(share * (1 - share) / alone.size))
        same_bacc = (tpr["BACC"] == tpr["HMNC"]) & (tnr["BACC"] == tnr["HMNC"])
        ties["cases"] += int((~alone).sum())
        ties["bacc"] += int((~alone & same_bacc).sum())
        for seed in tpr.index[~(top & bottom)]:  # the metrics that pick HMNC's point there
            tie_tasks.append(task)
            tie_metrics |= {m for m in metrics if m != "HMNC"
                            and tpr.loc[seed, m] == tpr.loc[seed, "HMNC"]
                            and tnr.loc[seed, m] == tnr.loc[seed, "HMNC"]}
        for key, value in {
            "pi": float(np.mean(y)), "w": 1 - float(np.mean(y)), "pos": int(np.sum(y)),
            "n": int(np.size(y)), "tpr": tpr["HMNC"].mean(), "tpr_min": tpr["HMNC"].min(),
            "tpr_max": tpr["HMNC"].max(), "tnr": tnr["HMNC"].mean(),
            "tnr_min": tnr["HMNC"].min(), "tnr_max": tnr["HMNC"].max(),
            "prec": prec["HMNC"].mean(), "prec_min": prec["HMNC"].min(),
            "prec_max": prec["HMNC"].max(), "tnr_ba": tnr["BACC"].mean(),
            "tnr_ba_min": tnr["BACC"].min(), "tnr_ba_max": tnr["BACC"].max(),
            "lower_tnr_than_ba": int((tnr["HMNC"] < tnr["BACC"]).sum()),
            "higher_tnr_than_ba": int((tnr["HMNC"] > tnr["BACC"]).sum()),
            "acc_tpr_max": float(tpr["ACC"].max()), "acc_tnr_min": float(tnr["ACC"].min()),
        }.items():
            per.setdefault(f"exp_{key}", {})[task] = value
    return ChoiceFindings(
        exp_reps=len(seeds), exp_tasks=len(targets), exp_folds=folds,
        exp_seed_last=int(max(seeds)), exp_holds=int(extreme.sum()),
        exp_unbeaten=int(unbeaten.sum()), exp_ties=int((~extreme).sum()),
        exp_tie_tasks=sorted(set(tie_tasks)),
        exp_tie_metrics=[m for m in metrics if m in tie_metrics],
        exp_tie_cases=ties["cases"], exp_tie_bacc=ties["bacc"], **per)


@dataclasses.dataclass(frozen=True)
class WorkedFindings(Findings):
    """The hand computations of the prose (the isoline angle, the exercises' solutions),
    computed exactly: fractions as text (``77/150``), counts as integers."""

    PREFIX = "hmnc"
    iso_angle: float  # degrees between an isoline and the TNR axis on TPR = sqrt(IR) TNR
    ex_form_acc: str  # ACC of Psi_2 in Table 2, as a fraction
    ex_form_frac: str  # HMNC of Psi_2 in Table 2 by form (2), as a fraction
    ex_form_hmnc: float  # il.hmnc of the same matrix
    ex_sens_ratio: int  # (TP/TN)^2 for Psi_2 of Table 1
    ex_sens_left: int  # majority samples still misclassified, P - TP
    ex_sens_minority_wins: bool  # one more minority sample beats every majority sample
    ex_kappa_min_frac: str  # -2PN/(P^2 + N^2) at P = 1000, N = 400, as a fraction
    ex_kappa_min_found: float  # the smallest kappa over every matrix with those sizes


def worked_findings(exercises: Mapping[str, Any], ir: float = 0.01, tnr: float = 0.8,
                    step: float = 1e-6) -> WorkedFindings:
    """The worked numbers of the chapter: the angle of HMNC's isolines where the two
    sensitivities per unit of recall are equal (``TPR = sqrt(IR) TNR`` at ``tnr``, by
    central differences of ``il.hmnc`` with the document's ``P = 1000``, ``N = IR P``),
    and ``exercises``, the numbers of the exercises hmnc-ex-form, -sensitivity and -kappa
    from their solutions (instructor-only code)."""
    p = 1000
    n = ir * p

    def h(tpr, tnr_):  # HMNC of the rates, the majority positive as in the document
        return float(il.hmnc(burduk_matrix(tpr * p, tnr_ * n, p, n)))

    tpr = np.sqrt(ir) * tnr
    d_tpr = (h(tpr + step, tnr) - h(tpr - step, tnr)) / (2 * step)
    d_tnr = (h(tpr, tnr + step) - h(tpr, tnr - step)) / (2 * step)
    angle = float(np.degrees(np.arctan2(d_tnr, d_tpr)))  # isoline slope -d_tnr/d_tpr
    return WorkedFindings(iso_angle=round(angle, 3), **exercises)
