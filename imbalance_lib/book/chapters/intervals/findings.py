"""What the intervals chapter's prose states, as one typed record.

:class:`IntervalsFindings` holds every number, count and verdict the prose glues
(``{glue:text}`int-<field>```) and the data its claims check (lists of coverages,
the picks that survive). :func:`findings` computes it from the tables and studies the
page has made; nothing is computed twice and nothing shown is read back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from scipy import stats

from imbalance_lib.book.claims import mc_below, mc_se
from imbalance_lib.book.findings import Findings

from .experiments import (
    COVERAGE_SETS,
    EQUAL_WEIGHT,
    IID_SETS,
    KINK_SETS,
    SYMMETRIC_SETS,
)
from .few import few_findings, paired_findings
from .theory import p_text, percentile_content, range_text

EX_PAIRED = {"samples": 1000, "positives": 100, "disagree": 6}  # exercise int-ex-paired


@dataclass(frozen=True)
class IntervalsFindings(Findings):
    """The intervals chapter's findings; shares are in [0, 1], fields named ``*_pct`` or
    documented as percentages are in %."""

    PREFIX: ClassVar[str] = "int"
    # Brodersen's posterior
    all_right: float
    bias_acc: float
    bias_ba: float
    bias_ba_low: float
    bias_ba_high: float
    bias_ba_low_raw: float
    bias_ba_high_raw: float
    ba_gap_max: float
    ba_resamples: int
    # coverage of the default method and of the bootstrap (shares)
    absent_share: float
    cov_sets: int
    cov_mc_se: float
    cov_n: int
    cov_inside: int
    cov_min: float
    cov_max: float
    cov_median: float
    cov_content: float
    boot_min: float
    boot_min10: float
    boot_min50: float
    boot_min5: float
    no_interval: float
    cov_two_min10: float
    cov_two_max10: float
    cov_two_min5: float
    cov_two_max5: float
    cov_two_max5_ir: int
    cov_two_min5_ir: int
    cov_min5: float
    cov_three_lo: float
    cov_three_5_ir1: float
    cov_three_worst: float
    cov_three_worst_ir: int
    cov_three_worst_p: int
    boot_three_lo: float
    boot_three_5: float
    boot_three_hi: float
    boot_ir1_n: int
    boot_ir1_more: int
    cov_three_ir1: float
    cov_three_ir100: float
    cov_n_distinct: int
    cov_inside_distinct: int
    iam_cba_differ: int
    # three equal classes with evenly spread errors (%), the bias of the plug-in CBA
    sym_sets: int
    sym_default: float
    sym_boot: float
    sym_diff_se: float
    cba_bias_sym: float
    cba_bias_ir1: float
    cba_bias_ir100: float
    # the kink-corrected interval (%)
    kink_n: int
    kink_sets: int
    kink_mc_se: float
    kink_min: float
    kink_max: float
    kink_default: list
    kink_default_min: float
    kink_default_even_max: float
    kink_default_sym: float
    kink_default_short: int
    kink_width_max: float
    kink_above: float
    kink_below: float
    kink_lim_cov: list
    kink_lim_nominal: list
    kink_lim_k4: float
    kink_lim_k5: float
    kink_lim_small_lo: float
    kink_lim_small_hi: float
    kink_lim_80: float
    kink_lim_above_share: float
    # paired coverage (%): the resampled interval (few.paired_findings)
    pc_sets: int
    pc_mc_se: float
    pc_often: list
    pc_one: list
    pc_often_min: float
    pc_often_max: float
    pc_one_cells: int
    pc_one_min: float
    pc_one_short: int
    split_sets: int
    split_min: float
    split_max: float
    # few disagreements (%): resampled against score intervals (few.few_findings)
    few_sets: int
    few_mc_se: float
    few_close_sets: int
    few_close_max: int
    few_close_mc_se: float
    few_cells: int
    few_nested_cells: int
    few_n: list
    few_bayes_nested: list
    few_n_nested: list
    few_bayes_twoway: list
    few_n_twoway: list
    few_bayes_nested_min: float
    few_bayes_worst_p: int
    few_bayes_worst_d: int
    few_bayes_worst_n: int
    few_bayes_worst_se: float
    few_bayes_worst_lo: float
    few_bayes_worst_hi: float
    few_bayes_short: int
    few_bayes_short_cells: list
    few_bayes_short_text: str
    few_bayes_unsure: int
    few_bayes_unsure_cells: list
    few_bayes_unsure_text: str
    few_bayes_side0: float
    few_score: list
    few_newc: list
    few_score_min: float
    few_score_max: float
    few_newc_min: float
    few_newc_max: float
    few_score_short: int
    few_newc_short: int
    few_score_over: int
    few_newc_over: int
    few_best: str
    few_best_name: str
    # i.i.d. test sets (%)
    iid_sets: int
    iid_mc_se: float
    iid_ba_min: float
    iid_ba_max: float
    iid_prec_rows: float
    iid_prec_whole: float
    iid_ba_same: str
    iid_whole_worse: int
    # widths at the documents' sizes
    w_glass_iba: float
    w_glass_gm: float
    w_sat_iba: float
    w_sat_gm: float
    w_b1_hmnc: float
    w_b1_mcc: float
    w_wu31_ac: float
    w_glass_acc: float
    w_glass_tpr: float
    w_glass_equal_min: float
    glass_minority: int  # as read: Glass type 3, Satimage class 4, Glass's size
    sat_minority: int
    glass_n: int
    # García et al.'s Table 3
    g_n: int
    g_data_n: int
    g_breast_n: int
    g_sat_n: int
    g_yes: int
    g_breast_gap: float
    g_breast_p: float
    g_glass_p: float
    g_sat_yes: int
    g_sat_yes_metrics: list
    g_sat_which: str
    g_iba1_yes: int
    g_breast_yes: int
    g_glass_small_yes: int
    g_yes_elsewhere: int
    g_iba01_yes_not_sat: int
    g_sat_iba01_yes: int
    g_bonf_yes: int
    g_bonf_picks: list
    g_bonf_which: str
    g_chance: float
    # Mortaz, and the paired re-run on Glass
    m_glass_p: float
    m_sat_p: float
    m_sat_p_cba: float
    m_sat_low_cba: float
    m_sat_gap: float
    m_sat_matched_gap: float
    m_yes: int
    m_n: int
    m_rf_ahead: int
    m_seeds: int
    m_excl: int
    m_pairs: int
    m_rows: int
    m_iam_cba_same: bool
    m_pmin: float
    m_pmax: float
    oof_spread: float
    oof_width: float
    # Burduk's tables 1-3 (10, 100 and 250 negatives)
    b_yes_1: int
    b_yes_2: int
    b_yes_3: int
    b_all_1: int
    b_all_2: int
    b_all_3: int
    b_tn_only_1: int
    b_tn_only_2: int
    b_tn_only_3: int
    b_nested_1: int
    b_nested_2: int
    b_nested_3: int
    b_seed_lo_1: int
    b_seed_lo_2: int
    b_seed_lo_3: int
    b_seed_hi_1: int
    b_seed_hi_2: int
    b_seed_hi_3: int
    b_seed_range_1: str
    b_seed_range_2: str
    b_seed_range_3: str
    # Wu and Cannistraci
    wu_splits: int
    wu_nmc: int
    wu_lda: int
    wu_test_slots: int
    wu_test_images: int
    wu_test_reuse: float
    wu_lda_sure: int
    wu_nmc_sure: int
    wu_sure: int
    wu_chance: float
    wu_sign_p: float
    wu_sign_p_text: str
    # García's and Mortaz's picks together
    picks_n: int
    picks_not: int
    # exercise int-ex-paired: positives on which the two classifiers agree
    ex_agree: int


def _pct(x, digits=1) -> float:
    return round(100 * float(x), digits)


def _brodersen(t) -> dict:
    gap = (t[["exact 2.5 %", "exact 97.5 %"]].to_numpy()
           - t[["resampled 2.5 %", "resampled 97.5 %"]].to_numpy())
    b = t.loc["biased, imbalanced"]
    return dict(all_right=round(0.9**5, 2), bias_acc=round(b["accuracy"], 2),
                bias_ba=round(b["BA"], 3), bias_ba_low=round(b["resampled 2.5 %"], 2),
                bias_ba_high=round(b["resampled 97.5 %"], 2),
                bias_ba_low_raw=float(b["resampled 2.5 %"]),
                bias_ba_high_raw=float(b["resampled 97.5 %"]),
                ba_gap_max=float(np.abs(gap).max()), ba_resamples=20_000)


def _coverage(coverage, symmetric, bias) -> dict:
    default = coverage[coverage.method == "bayes"]
    boot = coverage[coverage.method == "bootstrap"]
    two = default[default.setting != "three classes"]
    three = default[default.setting == "three classes"]
    boot_two = boot[boot.setting != "three classes"]
    boot3 = boot[boot.setting == "three classes"]
    by_ir = three.groupby("IR")["coverage"].min()
    ir1 = {m: c[(c.setting == "three classes") & (c.IR == 1) & (c.P <= 50)
                & (c.metric == "CBA")].set_index("P").coverage for m, c in
           (("bayes", default), ("bootstrap", boot))}
    worst3 = three.loc[three.coverage.idxmin()]
    best5 = two[two.P == 5].loc[two[two.P == 5].coverage.idxmax()]
    worst5 = two[two.P == 5].loc[two[two.P == 5].coverage.idxmin()]
    distinct = default[default.metric != "IAM"]  # IAM = 2 CBA - 1: the same events
    cba = default[default.metric == "CBA"].set_index(["P", "IR"]).coverage
    iam = default[default.metric == "IAM"].set_index(["P", "IR"]).coverage
    return dict(
        absent_share=_pct(np.exp(-5)), cov_sets=COVERAGE_SETS,
        cov_mc_se=_pct(mc_se(0.95, COVERAGE_SETS)),
        cov_n=len(default), cov_inside=int(default.coverage.between(0.93, 0.97).sum()),
        cov_min=round(default.coverage.min(), 3), cov_max=round(default.coverage.max(), 3),
        cov_median=_pct(default.coverage.median()), cov_content=_pct(percentile_content(400)),
        boot_min=round(boot_two[boot_two.P == 5].coverage.min(), 2),
        boot_min10=round(boot_two[boot_two.P == 10].coverage.min(), 3),
        boot_min50=round(boot_two[boot_two.P == 50].coverage.min(), 3),
        boot_min5=round(boot[boot.P == 5].coverage.min(), 3),
        no_interval=float(coverage.no_interval.max()),
        cov_two_min10=round(two[two.P >= 10].coverage.min(), 3),
        cov_two_max10=round(two[two.P >= 10].coverage.max(), 3),
        cov_two_min5=round(two[two.P == 5].coverage.min(), 3),
        cov_two_max5=round(two[two.P == 5].coverage.max(), 3), cov_two_max5_ir=int(best5.IR),
        cov_two_min5_ir=int(worst5.IR),
        cov_min5=round(default[default.P == 5].coverage.min(), 3),
        cov_three_lo=round(three[three.P.between(10, 50)].coverage.min(), 3),
        cov_three_5_ir1=round(ir1["bayes"].loc[5], 3),
        cov_three_worst=round(worst3.coverage, 3), cov_three_worst_ir=int(worst3.IR),
        cov_three_worst_p=int(worst3.P),
        boot_three_lo=round(boot3[boot3.P >= 10].coverage.min(), 3),
        boot_three_5=round(ir1["bootstrap"].loc[5], 3),
        boot_three_hi=round(boot3[boot3.P >= 10].coverage.max(), 3),
        boot_ir1_n=len(ir1["bayes"]),
        boot_ir1_more=int((ir1["bootstrap"] > ir1["bayes"].reindex(ir1["bootstrap"].index))
                          .sum()),
        cov_three_ir1=round(by_ir.loc[1], 3), cov_three_ir100=round(by_ir.loc[100], 3),
        cov_n_distinct=len(distinct),
        cov_inside_distinct=int(distinct.coverage.between(0.93, 0.97).sum()),
        iam_cba_differ=int((cba != iam.reindex(cba.index)).sum()),
        sym_sets=SYMMETRIC_SETS, sym_default=_pct(symmetric["bayes"]),
        sym_boot=_pct(symmetric["bootstrap"]),
        cba_bias_ir1=round(bias[0], 3), cba_bias_ir100=round(bias[1], 3),
        cba_bias_sym=round(bias[2], 3))


def _kink(kink, limits) -> dict:
    even = kink[kink.index.str.startswith("even")]
    default = kink["default"].astype(float)
    n_short = sum(mc_below(p, KINK_SETS, 0.93) for p in default)
    cov = limits["kink"].astype(float)
    nominal = limits["nominal"].astype(float)
    above = limits["miss_high"].astype(float)
    return dict(
        kink_n=len(kink), kink_sets=KINK_SETS, kink_mc_se=_pct(mc_se(0.95, KINK_SETS)),
        kink_min=_pct(kink["kink"].min()), kink_max=_pct(kink["kink"].max()),
        kink_default=[_pct(p, 2) for p in default], kink_default_min=_pct(default.min()),
        kink_default_even_max=_pct(even["default"].max()),
        kink_default_sym=_pct(kink.loc["even errors, recall 0.8, 20 a class", "default"]),
        kink_default_short=int(n_short),
        kink_width_max=round(float((kink.kink_width / kink.default_width).max()), 2),
        kink_above=_pct(kink.miss_high.mean()), kink_below=_pct(kink.miss_low.mean()),
        kink_lim_cov=[_pct(p, 2) for p in cov], kink_lim_nominal=[_pct(p) for p in nominal],
        kink_lim_k4=_pct(cov.iloc[0]), kink_lim_k5=_pct(cov.iloc[1]),
        kink_lim_small_lo=_pct(cov.iloc[2:4].min()), kink_lim_small_hi=_pct(cov.iloc[2:4].max()),
        kink_lim_80=_pct(cov.iloc[4]),
        kink_lim_above_share=round(float((above / (1 - cov)).min()), 2))


def _iid(iid) -> dict:
    prec = iid.xs("precision", level="metric")
    ba = iid.xs("balanced_accuracy", level="metric")
    dep = iid.drop("balanced_accuracy", level="metric")
    return dict(
        iid_sets=IID_SETS, iid_mc_se=_pct(mc_se(0.95, IID_SETS)),
        iid_ba_min=round(ba["bayes"].min(), 1), iid_ba_max=round(ba["bayes"].max(), 1),
        iid_prec_rows=round(prec["bayes"].min(), 1),
        iid_prec_whole=round(prec["bayes-whole"].min(), 1),
        iid_ba_same="the same" if (ba["bayes"] == ba["bayes-whole"]).all() else "not the same",
        iid_whole_worse=int((dep["bayes-whole"] < dep["bayes"]).sum()))


def _widths(w) -> dict:
    glass = w.loc["Glass"]
    return dict(w_glass_iba=round(glass["iba"], 2), w_glass_gm=round(glass["g_mean"], 2),
                w_sat_iba=round(w.loc["Satimage", "iba"], 3),
                w_sat_gm=round(w.loc["Satimage", "g_mean"], 3),
                w_b1_hmnc=round(w.loc["Burduk T1", "hmnc"], 2),
                w_b1_mcc=round(w.loc["Burduk T1", "mcc"], 2),
                w_wu31_ac=round(w.loc["Wu 3:1", "ac"], 2),
                w_glass_acc=round(glass["accuracy"], 3), w_glass_tpr=round(glass["tpr"], 3),
                w_glass_equal_min=round(float(glass[EQUAL_WEIGHT].min()), 3))


def which(picks) -> str:
    """The picks ``[(data, metric), ...]`` or metrics as the prose lists them.

    >>> which([("Satimage", "IBA_1")]), which(["IBA_0.1", "IBA_1"])
    ('Satimage IBA_1', 'IBA_0.1, IBA_1')
    """
    return ", ".join(p if isinstance(p, str) else " ".join(p) for p in picks)


def _garcia(garcia) -> dict:
    g = garcia.set_index(["data", "metric"])
    yes = garcia.low > 0
    bonf = garcia[garcia.low_bonferroni > 0]
    large = (garcia.metric == "IBA_1") | (garcia.data == "Satimage")
    sat = garcia[yes & (garcia.data == "Satimage")].metric.tolist()
    bonf_picks = [[d, m] for d, m in zip(bonf.data, bonf.metric)]
    return dict(
        g_n=len(garcia), g_yes=int(yes.sum()), g_data_n=int(garcia.data.nunique()),
        g_breast_n=int((garcia.data == "Breast").sum()),
        g_sat_n=int((garcia.data == "Satimage").sum()),
        g_breast_gap=round(g.loc[("Breast", "IBA_0.1"), "gap"], 3),
        g_breast_p=round(g.loc[("Breast", "IBA_0.1"), "P(pick better)"], 2),
        g_glass_p=round(g.loc[("Glass", "IBA_0.1"), "P(pick better)"], 2),
        g_sat_yes=len(sat), g_sat_yes_metrics=sat, g_sat_which=which(sat),
        g_iba1_yes=int((yes & (garcia.metric == "IBA_1")).sum()),
        g_breast_yes=int((yes & (garcia.data == "Breast")).sum()),
        g_glass_small_yes=int((yes & (garcia.data == "Glass")
                               & (garcia.metric != "IBA_1")).sum()),
        g_yes_elsewhere=int((yes & ~large).sum()),
        g_iba01_yes_not_sat=int((yes & (garcia.metric == "IBA_0.1")
                                 & (garcia.data != "Satimage")).sum()),
        g_sat_iba01_yes=int(g.loc[("Satimage", "IBA_0.1"), "low"] > 0),
        g_bonf_yes=len(bonf), g_bonf_picks=bonf_picks, g_bonf_which=which(bonf_picks),
        g_chance=round(0.05 * len(garcia), 1))


def _mortaz(mortaz, pairs, oof) -> dict:
    m = mortaz.set_index(["data", "metric"])
    iam, cba = pairs.loc["IAM"], pairs.loc["CBA"]
    cols = ["RF - RF-ROS", "low", "high"]
    same = bool(np.allclose(iam[cols], 2 * cba[cols], atol=1e-9)
                and np.allclose(iam["P(RF better)"], cba["P(RF better)"], atol=1e-3))
    values, (low, high) = oof
    return dict(
        m_glass_p=round(m.loc[("Glass", "IAM"), "P(pick better)"], 2),
        m_sat_p=round(m.loc[("Satimage", "IAM"), "P(pick better)"], 2),
        m_sat_p_cba=round(m.loc[("Satimage", "CBA"), "P(pick better)"], 2),
        m_sat_low_cba=round(m.loc[("Satimage", "CBA"), "low"], 4),
        m_sat_gap=round(m.loc[("Satimage", "IAM"), "gap"], 3),
        m_sat_matched_gap=round(m.loc[("Satimage", "IAM"), "matched IAM gap"], 3),
        m_yes=int((mortaz.low > 0).sum()), m_n=len(mortaz),
        m_rf_ahead=int((iam["RF - RF-ROS"] > 0).sum()), m_seeds=len(iam),
        m_excl=int(((iam.low > 0) | (iam.high < 0)).sum()), m_pairs=len(iam),
        m_rows=len(pairs), m_iam_cba_same=same,
        m_pmin=round(pairs["P(RF better)"].min(), 2),
        m_pmax=round(pairs["P(RF better)"].max(), 2),
        oof_spread=round(max(values) - min(values), 3), oof_width=round(high - low, 3))


def _burduk(counts, bounds) -> dict:
    (y1, a1, t1), (y2, a2, t2), (y3, a3, t3) = counts.values()
    nested = bounds["nested"].astype(int).tolist()
    lo = bounds["independent, fewest"].astype(int).tolist()
    hi = bounds["independent, most"].astype(int).tolist()
    return dict(b_yes_1=y1, b_yes_2=y2, b_yes_3=y3, b_all_1=a1, b_all_2=a2, b_all_3=a3,
                b_tn_only_1=t1, b_tn_only_2=t2, b_tn_only_3=t3,
                b_nested_1=nested[0], b_nested_2=nested[1], b_nested_3=nested[2],
                b_seed_lo_1=lo[0], b_seed_lo_2=lo[1], b_seed_lo_3=lo[2],
                b_seed_hi_1=hi[0], b_seed_hi_2=hi[1], b_seed_hi_3=hi[2],
                b_seed_range_1=range_text(lo[0], hi[0]),
                b_seed_range_2=range_text(lo[1], hi[1]),
                b_seed_range_3=range_text(lo[2], hi[2]))


def wu_findings(wu, overlap) -> dict:
    """The digits comparison's numbers: counts, the chance count and the sign test."""
    nmc, lda = int(wu["NMC ahead"].sum()), int(wu["LDA ahead"].sum())
    sign_p = stats.binomtest(max(nmc, lda), nmc + lda, 0.5).pvalue  # two-sided sign test
    splits = 10 * len(wu)
    slots, distinct = overlap
    return dict(wu_splits=splits, wu_nmc=nmc, wu_lda=lda, wu_test_slots=slots,
                wu_test_images=distinct, wu_test_reuse=round(slots / distinct, 1),
                wu_lda_sure=int(wu["LDA shown better"].sum()),
                wu_nmc_sure=int(wu["NMC shown better"].sum()),
                wu_sure=int(wu["LDA shown better"].sum() + wu["NMC shown better"].sum()),
                wu_chance=round(0.05 * splits, 1), wu_sign_p=float(sign_p),
                wu_sign_p_text=p_text(sign_p))


def findings(*, ba_table, coverage, symmetric, bias, kink, limits, paired, split, few, iid,
             widths, garcia, mortaz, pairs, oof, burduk_counts,
             burduk_bounds, wu, overlap, minority, glass_n) -> IntervalsFindings:
    """Everything the prose states, from the page's tables and studies (``minority``: the
    minority sizes read from Glass and Satimage; ``glass_n``: Glass's size)."""
    parts = {**_brodersen(ba_table), **_coverage(coverage, symmetric, bias),
             **_kink(kink, limits), **paired_findings(paired, split), **few_findings(few),
             **_iid(iid),
             **_widths(widths), **_garcia(garcia),
             **_mortaz(mortaz, pairs, oof), **_burduk(burduk_counts, burduk_bounds),
             **wu_findings(wu, overlap)}
    n = parts["g_n"] + parts["m_n"]
    # the symmetric check and the kink study's default on the same setting, other test sets
    diff_se = np.hypot(mc_se(parts["sym_default"] / 100, SYMMETRIC_SETS),
                       mc_se(parts["kink_default_sym"] / 100, KINK_SETS))
    return IntervalsFindings(**parts, sym_diff_se=_pct(diff_se), picks_n=n,
                             picks_not=n - parts["g_yes"] - parts["m_yes"],
                             glass_minority=int(minority["Glass"]),
                             sat_minority=int(minority["Satimage"]), glass_n=int(glass_n),
                             ex_agree=EX_PAIRED["positives"] - EX_PAIRED["disagree"])
