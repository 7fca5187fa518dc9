"""The typed findings of the IBA chapter and the functions that compute them.

:class:`IbaFindings` holds what the prose states outside the re-run (the checks,
Tables 2 and 3 as published, the other libraries), :class:`RerunFindings` what the
re-run sections state. Each is computed once, from the tables the page made, and
kept as a record (``chapters/data/findings/iba.json`` and ``iba_rerun.json``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

import imbalance_lib as il
from imbalance_lib.book.findings import Findings
from imbalance_lib.book.published.garcia2009 import TABLE3
from imbalance_lib.book.selection import select_best

from . import experiments
from .document import (
    available,
    data_findings,
    selection_findings,
)
from .experiments import (
    MAX_ITER,
    MODELS,
    STARTS,
)
from .theory import (
    COLUMNS,
    battery_size,
    range_findings,
)


@dataclass(frozen=True)
class IbaFindings(Findings):
    """What the chapter states outside the re-run."""

    PREFIX = "iba"
    auc_cases: int
    auc_gap: float
    bag_cases: int
    bag_holds: bool
    range_cases: int
    range_nalpha: int
    range_holds: bool
    range_one_holds: bool
    range_zero_holds: bool
    range_above_holds: bool
    range_de3: float
    range_de3_alpha: float
    range_de3_theory: float
    mono_01_holds: bool
    mono_05_holds: bool
    mono_1_holds: bool
    mono_first_alpha: float
    mono_exact: float
    mono_exact_formula: float
    mono_frac: str  # the same threshold, 1/(2 - 1/12 - 1/12), as the page's exact fraction
    mono_below: int
    mono_M: int
    mono_t3_count: int
    mono_t3_rows: int
    mono_t3_count_05: int
    mono_t3_count_01: int
    op_holds: bool
    op_n: int
    op_min: float
    op_max: float
    swap_holds: bool
    t2_pi_lo: float
    t2_pi_hi: float
    t2_agree: int
    t2_cells: int
    t2_disagree10: int
    t2_ib01_2: float
    t2_pub01_2: float
    t2_ib01_3: float
    t2_pub01_3: float
    t2_ib01_4: float
    t2_pub01_4: float
    t2_picks: dict
    t2_published_picks: dict
    t2_alpha_star: float
    t2_most_positive_d: str
    t3_cells: int
    t3_bad: int
    t3_maxdiff: float
    t3_rows: int
    t3_near: int
    t3_trunc: int
    t3_trunc_fail: int
    t3_sat_svc_trunc: bool
    t3_breast_mlp_coarse: bool
    t3_breast_mlp_fine: bool
    t3_grid: int
    t3_sat_acc: float
    t3_sat_svc_acc: float
    glass_pos: int
    ir_breast: float
    ir_glass: float
    ir_satimage: float
    ir_laryngeal: float
    fit_glass: bool
    fit_sat_both: bool
    fit_sat_one_file: bool
    fit_breast_all: bool
    fit_breast_subset: bool
    fit_wisconsin: bool
    fit_laryngeal: bool
    breast_maj: int
    breast_min: int
    breast_ir: float
    breast_sub_maj: int
    breast_sub_min: int
    breast_sub_n: int
    breast_sub_ir: float
    breast_drop_maj: int
    breast_drop_min: int
    t3_said_agree: int
    t3_said: int
    t3_recomputed_same: int
    t3_top_tpr: int
    t3_iba_picks: int
    t3_breast_gap: float
    imb_calls: int
    imb_calls_match: int
    imb_document_calls: int
    imb_default_is_gm2: bool
    pycm_matches: bool
    imb_weighted_tnr: float
    imb_weighted_spec: float
    tilt_max: float
    imb_k3_dom: float
    imb_k3_theirs: float
    imb_k3_ours: float
    imb_k3_gm2: float
    t3_trunc_failing: list
    doc_data_sets: int
    doc_named: int
    doc_available: list
    doc_available_text: str
    shipped_sets: int
    tie_a_tpr: float
    tie_a_tnr: float
    tie_b_tpr: float
    tie_b_tnr: float
    tie_pi: float
    tie_gm_gap: float
    tie_auc_a: float
    tie_auc_b: float
    tie_acc_a: float
    tie_acc_b: float
    tie_op_a: float
    tie_op_b: float
    tie_iba_a: float
    tie_iba_b: float
    breast_gm_pick: str
    breast_iba01_pick: str


def breast_picks() -> dict:
    """The picks of GM and of IBA_0.1 in the document's Breast block of Table 3."""
    frame = TABLE3["Breast"].frame()
    return {"breast_gm_pick": ", ".join(select_best(frame, "Gmean")),
            "breast_iba01_pick": ", ".join(select_best(frame, "IBA_0.1"))}


def findings(*, auc_gap: float, auc_cases: int, bag, ranges, mono, drops: dict, falling: dict,
             op, op_ext: dict, tie: dict,
             swapped, t2: dict, t3: dict, candidates, sel3, libraries: dict,
             shipped: list[str]) -> IbaFindings:
    """The findings outside the re-run, from what the page computed.

    ``bag``, ``ranges``, ``mono``, ``op`` and ``swapped`` are the check tables of the
    derivations; ``drops`` the one-step search; ``falling`` the rows of
    Table 3 in the falling region; ``op_ext`` OP's extremes on the integer matrices;
    ``t2`` and ``t3`` :func:`~.document.table2_findings` and
    :func:`~.document.table3_findings`; ``candidates`` and ``sel3`` the candidate
    data sets and the stated selections of Table 3; ``libraries``
    :func:`~.libraries.libraries_findings`; ``shipped`` the package's data sets; ``tie``
    the page's two classifiers with equal GM (``tie_*`` fields).
    """
    have = available(list(TABLE3), shipped)
    mono_holds = mono["holds"].tolist()
    return IbaFindings(
        auc_cases=auc_cases, auc_gap=float(auc_gap), bag_cases=battery_size(),
        bag_holds=bool(bag["holds"].all()), **range_findings(ranges),
        mono_01_holds=mono_holds[0], mono_05_holds=mono_holds[1], mono_1_holds=mono_holds[2],
        **drops, **falling,
        op_holds=bool(op["holds"].all()), **op_ext, swap_holds=bool(swapped["holds"].all()),
        **t2, **t3, **data_findings(candidates),
        **selection_findings(sel3), **libraries, doc_available=have,
        doc_available_text=" and ".join(have), shipped_sets=len(shipped), **tie,
        **breast_picks())


@dataclass(frozen=True)
class RerunFindings(Findings):
    """What the re-run sections state (lists of model names are picks; ties list all)."""

    PREFIX = "iba"
    mlp_starts_glass: int
    mlp_starts_sat: int
    mlp_noise_lo: float
    mlp_noise_hi: float
    mlp_noise_mean_lo: float
    mlp_noise_mean_hi: float
    move_t: float
    move_s: float
    mlp_noise_move: float
    mlp_noise_span: float
    mlp_noise_tnr_lo: float
    mlp_noise_tnr_hi: float
    mlp_start_span_min: float
    sat_kernel_gap: float
    mlp_fits: int
    mlp_max_iter: int
    mlp_converge: bool
    mlp_some_over_1000: bool
    mlp_few_over_1000: bool
    exp_glass_mlp_gap_lo: float
    exp_glass_mlp_gap_ratio: int
    exp_glass_1nn_dtpr: float
    exp_glass_nbc_dtpr: float
    exp_glass_j48_dtpr: float
    exp_satimage_1nn_dtpr: float
    exp_satimage_nbc_dtpr: float
    exp_satimage_j48_dtpr: float
    exp_glass_mlp_tpr: float
    exp_glass_mlp_tnr: float
    exp_glass_mlp_pub: float
    exp_glass_mlp_gap: float
    exp_sat_mlp_tpr: float
    exp_sat_mlp_lo: float
    exp_sat_mlp_hi: float
    exp_sat_mlp_starts: int
    exp_sat_pub_mlp: float
    exp_sat_pub_lowest: float
    exp_sat_pub_lowest_model: str
    exp_sat_mlp_reps_below: int
    exp_glass_one_pos: float
    exp_pooled_gap: float
    exp_zero_tpr: list
    exp_positive_dominance: list
    exp_positive_dominance_any: list
    agg_glass_1nn_rf: float
    agg_glass_1nn_pf: float
    agg_glass_rf_pass: int
    agg_sat_rf_pass: int
    agg_glass_pf_pass: int
    agg_glass_pf_fail: int
    agg_sat_pf_fail: int
    agg_glass_pf_failing: list
    agg_sat_pf_failing: list
    agg_glass_pf_fail_rows: str
    agg_sat_pf_fail_rows: str
    agg_pf_passing: list
    sat_pos_fold: float
    rbf_glass_tnr_sd: float
    reps_glass_iba_1_nbc: int
    reps_glass_iba_05_nbc: int
    reps_glass_iba_05_mlp: int
    reps_glass_gmean_mlp: int
    reps_glass_auc_mlp: int
    reps_glass_op_mlp: int
    reps_glass_iba_01_mlp: int
    reps_satimage_op_nbc: int
    reps_satimage_op_1nn: int
    sat_rf_picks: dict
    sat_reps_unanimous_but_op: bool
    sat_reps_equal_rf_but_op: bool
    sat_op_odd: list
    sat_op_odd_reps: str
    sat_op_odd_picks: list
    glass_acc_reps_svc: int
    glass_acc_reps_j48: int
    glass_acc_pub: list
    glass_gm_rf_pick: list
    glass_top_tpr: str
    glass_iba05_rf: list
    glass_iba05_pooled: list
    glass_iba05_pf: list
    glass_acc_rf: list
    reps_glass_gm_nomlp_nbc: int
    reps_glass_gm_nomlp_j48: int
    glass_gm_nbc: float
    glass_gm_j48: float
    glass_pub_gm_j48: float
    glass_pub_gm_nbc: float
    glass_gm_rep_sd_lo: float
    glass_gm_rep_sd_hi: float
    glass_gm_rep_se_lo: float
    glass_gm_rep_se_hi: float
    glass_pub_gm_margin: float
    glass_pub_margin_se_ratio: float
    glass_gm_lead_t: float
    swap_t2_mirror: bool
    swap_glass_nbc_loses: bool
    swap_satimage_nbc_loses: bool
    swap_satimage_iba01_keeps: bool
    swap_satimage_gm_best: list


def _count(picks: list, model: str) -> int:
    """Repetitions whose pick is ``model`` alone."""
    return sum(p == [model] for p in picks)


def _swap_part(sw, name):
    """Whether naive Bayes loses IBA_1 and IBA_0.5 with the labels exchanged, whether
    IBA_0.1 keeps its pick, and GM²'s pick, on one re-run data set."""
    part = sw.loc[f"re-run, {name}"].set_index("metric")
    loses = all(part.at[c, "positive = minority"] == ["NBC"]
                and part.at[c, "positive = majority"] != ["NBC"] for c in ("IBA_1", "IBA_0.5"))
    keeps = part.at["IBA_0.1", "positive = majority"] == part.at["IBA_0.1",
                                                                 "positive = minority"]
    return loses, bool(keeps), part.at["IBA_0.1", "GM² (either)"]


def rerun_findings(CM, PI, RF, PF, PO, REP, PICKS, FAILING, iterations, sw,
                   glass_gm: dict) -> RerunFindings:
    """What the re-run sections state, from the tables the page made.

    ``CM``: data set -> fold matrices (models, 50, 2, 2); ``PI`` its prevalence; ``RF``,
    ``PF`` (mean, sd) and ``PO`` the rates-first, per-fold and pooled tables; ``REP`` the
    rates-first values of each
    repetition (:func:`~.experiments.repetition_values`); ``PICKS``
    data set -> aggregation -> metric -> pick (``"repetitions"``: five picks);
    ``FAILING`` (data set, aggregation) -> rows failing the consistency test;
    ``iterations`` the L-BFGS iterations of every Glass MLP fit; ``sw``
    the page's IBA selections with either class positive; ``glass_gm`` the page's
    repetition analysis of GM on Glass
    (``wins``: each repetition's pick without the MLP, ``sd``: the standard deviation
    over the repetitions of J48's and naive Bayes's GM, ``lead``: naive Bayes's lead).
    """
    noise, sat_starts = experiments.NOISE, experiments.SAT_STARTS
    t10, s10 = noise["TPR, 10 starts"], noise["TNR, 10 starts"]
    f: dict[str, Any] = {"mlp_starts_glass": STARTS["Glass"], "mlp_starts_sat": STARTS["Satimage"],
         "mlp_noise_lo": float(noise["TPR, start 0"].min()),
         "mlp_noise_hi": float(noise["TPR, start 0"].max()),
         "mlp_noise_mean_lo": float(t10.min()), "mlp_noise_mean_hi": float(t10.max()),
         "move_t": round(float(t10.max() - t10.min()), 3),
         "move_s": round(float(s10.max() - s10.min()), 4),
         "mlp_noise_tnr_lo": float(s10.min()), "mlp_noise_tnr_hi": float(s10.max()),
         "mlp_start_span_min": round(float((noise["TPR, highest start"]
                                            - noise["TPR, lowest start"]).min()), 2),
         "sat_kernel_gap": float(experiments.SAT_KERNEL_GAP)}
    f["mlp_noise_move"] = round(f["mlp_noise_mean_hi"] - f["mlp_noise_mean_lo"], 3)
    f["mlp_noise_span"] = round(f["mlp_noise_hi"] - f["mlp_noise_lo"], 2)
    iters = np.asarray(iterations)
    f.update(mlp_fits=int(iters.size), mlp_max_iter=MAX_ITER,
             mlp_converge=bool((iters < MAX_ITER).all()),
             mlp_some_over_1000=bool((iters > 1000).any()),
             mlp_few_over_1000=bool((iters > 1000).mean() < 0.01))
    glass_pub, sat_pub = TABLE3["Glass"].frame(), TABLE3["Satimage"].frame()["TPrate"]
    d = {n: (RF[n][["TPrate", "TNrate"]] - TABLE3[n].frame()[["TPrate", "TNrate"]]).abs()
         for n in CM}
    f["exp_glass_mlp_gap_lo"] = round(f["mlp_noise_mean_lo"] - glass_pub.at["MLP", "TPrate"], 3)
    f["exp_glass_mlp_gap_ratio"] = int(f["exp_glass_mlp_gap_lo"] // f["mlp_noise_move"])
    lowest = sat_pub[sat_pub > 0]
    f.update({
        "exp_glass_1nn_dtpr": round(float(d["Glass"].at["1NN", "TPrate"]), 3),
        "exp_glass_nbc_dtpr": round(float(d["Glass"].at["NBC", "TPrate"]), 3),
        "exp_glass_j48_dtpr": round(float(d["Glass"].at["J48", "TPrate"]), 3),
        "exp_satimage_1nn_dtpr": round(float(d["Satimage"].at["1NN", "TPrate"]), 3),
        "exp_satimage_nbc_dtpr": round(float(d["Satimage"].at["NBC", "TPrate"]), 3),
        "exp_satimage_j48_dtpr": round(float(d["Satimage"].at["J48", "TPrate"]), 3),
        "exp_glass_mlp_tpr": round(float(RF["Glass"].at["MLP", "TPrate"]), 1),
        "exp_glass_mlp_tnr": round(float(RF["Glass"].at["MLP", "TNrate"]), 2),
        "exp_glass_mlp_pub": round(float(glass_pub.at["MLP", "TPrate"]), 3),
        "exp_glass_mlp_gap": round(float(RF["Glass"].at["MLP", "TPrate"]
                                         - glass_pub.at["MLP", "TPrate"]), 1),
        "exp_sat_mlp_tpr": round(float(RF["Satimage"].at["MLP", "TPrate"]), 3),
        "exp_sat_mlp_lo": min(sat_starts), "exp_sat_mlp_hi": max(sat_starts),
        "exp_sat_mlp_starts": len(sat_starts),
        "exp_sat_pub_mlp": round(float(sat_pub["MLP"]), 3),
        "exp_sat_pub_lowest": round(float(lowest.min()), 3),
        "exp_sat_pub_lowest_model": str(lowest.idxmin()),
        "exp_sat_mlp_reps_below": int((REP["Satimage"]["TPrate"].loc["MLP"]
                                       < lowest.min()).sum()),
        # positives in one repetition (its 10 test folds)
        "exp_glass_one_pos": round(1 / float(CM["Glass"][0, :10, 1].sum()), 3),
        "exp_pooled_gap": round(float(max((RF[n] - PO[n]).drop(index="MLP").abs()
                                          .to_numpy().max() for n in CM)), 3),
        "exp_zero_tpr": [m for i, m in enumerate(MODELS)
                         if all((np.asarray(il.tpr(CM[n][i])) == 0).all() for n in CM)],
        "exp_positive_dominance": [m for m in MODELS if all(
            RF[n].at[m, "TPrate"] > RF[n].at[m, "TNrate"] for n in CM)],
        "exp_positive_dominance_any": [m for m in MODELS if any(
            RF[n].at[m, "TPrate"] > RF[n].at[m, "TNrate"] for n in CM)],
    })
    gf, sf = FAILING["Glass", "per-fold mean"], FAILING["Satimage", "per-fold mean"]
    f.update({
        "agg_glass_1nn_rf": round(float(RF["Glass"].at["1NN", "Gmean"]), 3),
        "agg_glass_1nn_pf": round(float(PF["Glass"][0].at["1NN", "Gmean"]), 3),
        "agg_glass_rf_pass": len(MODELS) - len(FAILING["Glass", "rates-first"]),
        "agg_sat_rf_pass": len(MODELS) - len(FAILING["Satimage", "rates-first"]),
        "agg_glass_pf_pass": len(MODELS) - len(gf), "agg_glass_pf_fail": len(gf),
        "agg_sat_pf_fail": len(sf), "agg_glass_pf_failing": gf, "agg_sat_pf_failing": sf,
        "agg_glass_pf_fail_rows": ", ".join(gf), "agg_sat_pf_fail_rows": ", ".join(sf),
        "agg_pf_passing": sorted(m for m in MODELS if m not in gf + sf),
        "sat_pos_fold": round(float(CM["Satimage"][0, :, 1, :].sum(-1).mean()), 1),
        "rbf_glass_tnr_sd": round(float(PF["Glass"][1].at["RBF", "TNrate"]), 2),
    })
    g, s = PICKS["Glass"], PICKS["Satimage"]
    gr, sr = g["repetitions"], s["repetitions"]
    odd = [r + 1 for r, p in enumerate(sr["OP"]) if p != ["NBC"]]
    f.update({
        "reps_glass_iba_1_nbc": _count(gr["IBA_1"], "NBC"),
        "reps_glass_iba_05_nbc": _count(gr["IBA_0.5"], "NBC"),
        "reps_glass_iba_05_mlp": _count(gr["IBA_0.5"], "MLP"),
        "reps_glass_gmean_mlp": _count(gr["Gmean"], "MLP"),
        "reps_glass_auc_mlp": _count(gr["AUC"], "MLP"),
        "reps_glass_op_mlp": _count(gr["OP"], "MLP"),
        "reps_glass_iba_01_mlp": _count(gr["IBA_0.1"], "MLP"),
        "reps_satimage_op_nbc": _count(sr["OP"], "NBC"),
        "reps_satimage_op_1nn": _count(sr["OP"], "1NN"),
        "sat_rf_picks": s["rates-first"],
        "sat_reps_unanimous_but_op": all(len(Counter(map(tuple, sr[c]))) == 1
                                         for c in COLUMNS[2:] if c != "OP"),
        "sat_reps_equal_rf_but_op": all(all(p == s["rates-first"][c] for p in sr[c])
                                        for c in COLUMNS[2:] if c != "OP"),
        "sat_op_odd": odd, "sat_op_odd_reps": ", ".join(map(str, odd)),
        "sat_op_odd_picks": sorted({m for r in odd for m in sr["OP"][r - 1]}),
        "glass_acc_reps_svc": sum("SVC" in p for p in gr["Acc"]),
        "glass_acc_reps_j48": _count(gr["Acc"], "J48"),
        "glass_acc_pub": g["published"]["Acc"], "glass_gm_rf_pick": g["rates-first"]["Gmean"],
        "glass_top_tpr": str(RF["Glass"]["TPrate"].idxmax()),
        "glass_iba05_rf": g["rates-first"]["IBA_0.5"],
        "glass_iba05_pooled": g["pooled"]["IBA_0.5"],
        "glass_iba05_pf": g["per-fold"]["IBA_0.5"], "glass_acc_rf": g["rates-first"]["Acc"],
    })
    wins, lead = glass_gm["wins"], glass_gm["lead"]
    sd_rep = np.asarray(glass_gm["sd"], float)
    se_rep = sd_rep / np.sqrt(len(lead))  # standard error of a 5-repetition mean
    pub_j48 = round(float(glass_pub.at["J48", "Gmean"]), 3)
    pub_nbc = round(float(glass_pub.at["NBC", "Gmean"]), 3)
    margin = round(float(glass_pub.at["J48", "Gmean"] - glass_pub.at["NBC", "Gmean"]), 3)
    f.update({
        "reps_glass_gm_nomlp_nbc": int((wins == "NBC").sum()),
        "reps_glass_gm_nomlp_j48": int((wins == "J48").sum()),
        "glass_gm_nbc": round(float(RF["Glass"].at["NBC", "Gmean"]), 3),
        "glass_gm_j48": round(float(RF["Glass"].at["J48", "Gmean"]), 3),
        "glass_pub_gm_j48": pub_j48, "glass_pub_gm_nbc": pub_nbc,
        "glass_gm_rep_sd_lo": round(float(sd_rep.min()), 2),
        "glass_gm_rep_sd_hi": round(float(sd_rep.max()), 2),
        "glass_gm_rep_se_lo": round(float(se_rep.min()), 3),
        "glass_gm_rep_se_hi": round(float(se_rep.max()), 3),
        "glass_pub_gm_margin": margin,
        "glass_pub_margin_se_ratio": round(margin / float(se_rep.min()), 1),
        "glass_gm_lead_t": round(float(lead.mean() / (lead.std(ddof=1) / np.sqrt(lead.size))),
                                 1),
    })
    mirror = {"theta1": "theta4", "theta4": "theta1", "theta2": "theta3", "theta3": "theta2"}
    t2 = sw.loc["Table 2"]
    f["swap_t2_mirror"] = all(maj == [mirror[mi[0]]] for mi, maj
                              in zip(t2["positive = minority"], t2["positive = majority"]))
    f["swap_glass_nbc_loses"] = _swap_part(sw, "Glass")[0]
    (f["swap_satimage_nbc_loses"], f["swap_satimage_iba01_keeps"],
     f["swap_satimage_gm_best"]) = _swap_part(sw, "Satimage")
    return RerunFindings(**f)
