"""What the threshold-free chapter's prose states, as one typed record.

:class:`RankingFindings` holds every number, count and verdict the prose glues
(``{glue:text}`rank-<field>```) and what its claims check. :func:`findings` computes
it from what the page ran (the checks, the experiments, the stored studies it read);
nothing is computed twice and nothing shown is read back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy.stats import binom

from imbalance_lib.book.findings import Findings

from .experiments import MCDERMOTT as pub
from .experiments import bootstrap_summary, coverage_summary, paired_summary

__all__ = ["RankingFindings", "findings"]


@dataclass(frozen=True)
class RankingFindings(Findings):
    """The threshold-free chapter's findings; coverages are in %, shares in [0, 1]."""

    PREFIX: ClassVar[str] = "rank"
    # AUROC: pair count, prevalence, one point
    score_cases: int
    gap_pairs: float
    gap_prevalence: float
    gap_one_point: float
    # random rankings' AP
    random_ap_rankings: int
    random_ap_gap: float
    random_ap_1000_10: float
    random_ap_1000_10_excess: float
    # Davis and Goadrich's dominance (two decisions per pair)
    dom_pairs: int
    dom_decisions: int
    dom_roc: int
    dom_crossing: int
    dom_agree: int
    dom_disagree: int
    dom_lowered: int
    dom_lowered_found: int
    dom_env_disagree: int
    dom_env_weaker: int
    # atomic mistakes
    atomic_max_n: int
    atomic_fixes: int
    atomic_gap_roc: float
    atomic_gap_ap: float
    # whom each metric helps: the calibrated two-group experiment
    sub_auroc_share_b: float
    sub_auroc_share_b_se: float
    sub_auroc_share_b_min: float
    sub_auroc_share_b_max: float
    sub_auprc_share_b: float
    sub_auprc_share_b_se: float
    sub_auprc_share_b_min: float
    sub_auprc_share_b_max: float
    sub_auprc_gain_a: float
    sub_auprc_gain_b: float
    sub_auprc_gain_b_max: float
    sub_top_best: int
    sub_auprc_steps: int
    sub_seeds: int
    sub_steps: int
    sub_mistakes_share_b: float
    # McDermott et al.'s experiment, published and re-run
    mcd_compared: int
    mcd_beyond: int
    mcd_beyond_nonzero_se: int
    mcd_max_abs_diff: float
    mcd_seeds: int
    mcd_fixes: int
    mcd_targets: str
    mcd_auprc_low_ratio_max: float
    mcd_auroc_low_minus_high_min: float
    mcd_share_low_auroc_min: float
    mcd_share_low_auprc_max: float
    mcd_pos_share_low: float
    mcd_gap_low_published: float
    mcd_gap_rerun_all_high: bool
    mcd_gap_fixes: float
    mcd_families: int
    mcd_family_beyond_min: int
    mcd_family_beyond_max: int
    mcd_family_diff_min: float
    mcd_family_diff_max: float
    mcd_family_diff_median: float
    mcd_family_rank: int
    # the highest mistake is not always the best fix
    order_gain_top: float
    order_gain_low: float
    order_rank_top: int
    order_rank_low: int
    # interpolation of the PR curve (Satimage class 4)
    knn_distinct: int
    knn_ap: float
    knn_dg: float
    knn_linear: float
    knn_linear_excess: float
    lr_linear_excess: float
    # coverage of the analytic intervals (%, with 2-SE margins)
    cov_auc_true: float
    cov_sets_small: int
    cov_sets_50: int
    cov_sets_200: int
    cov_se_max: float
    cov_delong_worst: float
    cov_delong_worst_ir: int
    cov_delong_worst_pos: int
    cov_delong_small_max: float
    cov_delong_small_upper: float
    cov_delong_200_min: float
    cov_delong_200_max: float
    cov_delong_200_lower: float
    cov_delong_200_upper: float
    cov_small_cells: int
    cov_logit_beats_small: int
    cov_logit_large_min: float
    cov_logit_large_max: float
    cov_logit_large_lower: float
    cov_logit_large_upper: float
    hm_over_from20: int
    hm_cells_from20: int
    cov_hm_from20_min: float
    cov_ap_logit_ir1_min: float
    cov_ap_logit_ir1_lower: float
    cov_ap_logit_below: int
    cov_ap_logit_above: int
    cov_ap_binomial_below: int
    cov_ap_binomial_above: int
    ap_bias_z_min: float
    ap_mean_100_5: float
    ap_mean_100_20: float
    ap_true_100: float
    cov_paired_worst: float
    cov_paired_worst_pos: int
    cov_paired_10_min: float
    cov_paired_10_max: float
    cov_paired_from20_min: float
    cov_paired_from20_lower: float
    # DeLong's paired interval at larger separations (%)
    psep_auc_a: float
    psep_auc_b: float
    psep_sets: int
    psep_irs: int
    psep_20_min: float
    psep_20_max: float
    psep_20_below93: int
    psep_50_min: float
    psep_50_max: float
    psep_50_lower: float
    # coverage of the stratified bootstrap (%)
    cov_boot_sets: int
    cov_boot_resamples: int
    cov_boot_mc_se: float
    cov_boot_max_pos: int
    cov_boot_worst: float
    cov_boot_worst_ir: int
    cov_boot_worst_pos: int
    cov_boot_few_max: float
    cov_boot_few_upper: float
    cov_boot_more_min: float
    cov_boot_more_max: float
    cov_boot_more_in_reach: int
    cov_boot_more_cells: int
    cov_ap_boot_ir1_max: float
    cov_ap_boot_ir1_upper: float
    # intervals with 10 positives or fewer
    few_cells: int
    few_delong_under: int
    few_boot_under: int
    few_logit_under: int
    few_logit_exception: float
    few_logit_exception_ir: int
    few_logit_exception_pos: int
    few_logit_over_delong: int
    few_narrow_imb_upper: float
    few_hm_cells: int
    few_hm_band: int
    few_hm_band_max: float
    few_hm_band_max_upper: float
    few_hm_miss: float
    few_hm_miss_upper: float
    few_hm_miss_ir: int
    few_hm_miss_pos: int
    few_hm_ir1_upper: float
    few_hm_ir1_max: float
    perfect_share: float
    perfect_ceiling: float
    perfect_best_cover: float
    # random rankings' AUPRG
    prg_sets: int
    prg_rand_1000_10_mean: float
    prg_rand_1000_10_se: float
    prg_all_positive_1000_10: float
    prg_rand_200_2_mean: float
    prg_rand_200_2_se: float
    prg_all_positive_200_2: float
    # KEEL study
    keel_sets: int
    keel_differ: int
    keel_auroc_sig: int
    keel_ap_sig: int
    keel_both_sig: int
    keel_chance: float
    keel_chance_bound: int
    keel_chance_tail: float
    keel_agree: int
    keel_agree_perfect: int
    keel_median_pos_differ: float
    keel_median_pos: float
    keel_boot: int
    # the same study under other fold splits (the page's split among them)
    keel_splits: int
    keel_split_seed_max: int
    keel_differ_min: int
    keel_differ_max: int
    keel_differ_pct_min: float
    keel_differ_pct_max: float
    keel_differ_every: int
    keel_differ_some: int
    keel_split_over_bound: int
    keel_split_auroc_sig_max: int
    # exercises
    ex_base_mean: float
    ex_base_reported: float
    ex_base_tail: float
    atomic_ex_top_gain: float
    atomic_ex_top_precision: float
    atomic_ex_top_gap: float
    atomic_ex_mid_gain: float
    atomic_ex_mid_precision: float
    atomic_ex_mid_gap: float
    atomic_ex_top_gap_30: float
    # perfect rankings
    perfect_sets: int
    perfect_wide: int
    # the logit interval at a larger separation
    sep_auc: float
    sep_pos: int
    sep_logit_min: float
    sep_logit_max: float
    sep_irs: int
    sep_sets: int
    sep_se_max: float
    sep_logit_below92: int
    sep_logit_above92: int
    # derived for the prose
    knn_lr_excess_ratio: float
    lr_linear_excess_e4: float
    keel_differ_pct: float


def _dominance(verdicts: pd.DataFrame) -> dict[str, Any]:
    """Counts of the dominance decisions (one row per pair and direction)."""
    roc, pr, env = verdicts["roc"], verdicts["pr"], verdicts["pr_envelope"]
    lowered = verdicts[(verdicts["kind"] == "lowered") & (verdicts["direction"] == "a>b")]
    return {"dom_pairs": int(verdicts["pair"].nunique()), "dom_decisions": len(verdicts),
            "dom_roc": int(roc.sum()), "dom_crossing": int((~roc).sum()),
            "dom_agree": int((roc == pr).sum()), "dom_disagree": int((roc != pr).sum()),
            "dom_lowered": len(lowered),
            "dom_lowered_found": int((lowered["roc"] & lowered["pr"]).sum()),
            "dom_env_disagree": int((roc != env).sum()),
            "dom_env_weaker": int((env & ~roc).sum())}


def _subgroups(runs: pd.DataFrame, steps: int, fair_share: float) -> dict[str, Any]:
    """Shares of fixes to group B (mean, its standard error over the seeds, range) and
    AUROC gains, per metric."""
    out: dict[str, Any] = {}
    for metric in ("AUROC", "AUPRC"):
        r = runs[runs["metric"] == metric]
        tag = metric.lower()
        share = r["share B"].to_numpy()
        out[f"sub_{tag}_share_b"] = float(np.mean(share))
        out[f"sub_{tag}_share_b_se"] = float(np.std(share, ddof=1) / np.sqrt(len(share)))
        out[f"sub_{tag}_share_b_min"] = float(np.min(share))
        out[f"sub_{tag}_share_b_max"] = float(np.max(share))
        if metric == "AUPRC":
            out["sub_auprc_gain_a"] = float(np.mean(r["gain A"].to_numpy()))
            out["sub_auprc_gain_b"] = float(np.mean(r["gain B"].to_numpy()))
            out["sub_auprc_gain_b_max"] = float(np.max(np.abs(r["gain B"].to_numpy())))
            out["sub_top_best"] = int(r["top pays most"].sum())
            out["sub_auprc_steps"] = int(r["steps"].sum())
    out["sub_seeds"], out["sub_steps"] = int(runs["seed"].nunique()), steps
    out["sub_mistakes_share_b"] = fair_share
    return out


def _mcdermott(rows: dict[str, dict[str, np.ndarray]], t: pd.DataFrame,
               point: pd.DataFrame) -> dict[str, Any]:
    """The published and re-run subpopulation experiment: ``t`` from ``mcdermott_table``,
    ``point`` the page's ratios and excesses of the low-prevalence group's gain."""
    beyond = t[t["beyond noise"]]
    auprc, auroc = point[point["metric"] == "AUPRC"], point[point["metric"] == "AUROC"]
    low, high = (round(g["N"] * g["prevalence"]) for g in (pub.GROUPS["low"], pub.GROUPS["high"]))
    f = {"mcd_compared": len(t), "mcd_beyond": len(beyond),
         "mcd_beyond_nonzero_se": int((beyond["se"] > 1e-12).sum()),
         "mcd_max_abs_diff": float(t["difference"].abs().max()),
         "mcd_seeds": pub.N_SEEDS, "mcd_fixes": pub.N_FIXES,
         "mcd_targets": " or ".join(dict.fromkeys(f"{a:.2f}" for a, _ in pub.SETTINGS.values())),
         "mcd_auprc_low_ratio_max": float(
             auprc[["ratio (published)", "ratio (re-run)"]].to_numpy().max()),
         "mcd_auroc_low_minus_high_min": float(
             auroc[["excess (published)", "excess (re-run)"]].to_numpy().min()),
         "mcd_share_low_auroc_min": float(auroc["share of fixes"].min()),
         "mcd_share_low_auprc_max": float(auprc["share of fixes"].max()),
         "mcd_pos_share_low": low / (low + high),
         "mcd_gap_low_published": 1.0, "mcd_gap_rerun_all_high": False, "mcd_gap_fixes": 0.0}
    # the flagged gap in fixes: (re-run - published) gain times P N, summed over the seeds
    if len(beyond):
        g_high = pub.GROUPS["high"]
        pn = high * (g_high["N"] - high)
        setting = beyond.index[0][0]
        r = rows[setting]
        f["mcd_gap_low_published"] = float(t.loc[(setting, "1 %"), "published"])
        f["mcd_gap_rerun_all_high"] = bool(np.all(np.abs(
            (np.asarray(r["high1"]) - np.asarray(r["high0"])) * pn - pub.N_FIXES) < 1e-6))
        f["mcd_gap_fixes"] = float(beyond["difference"].iloc[0] * pn * pub.N_SEEDS)
    return f


def _families(tables: list[pd.DataFrame]) -> dict[str, Any]:
    """The comparison repeated with several seed families (the first is the one shown)."""
    beyond = [int(t["beyond noise"].sum()) for t in tables]
    largest = [float(t["difference"].abs().max()) for t in tables]
    return {"mcd_families": len(tables), "mcd_family_beyond_min": min(beyond),
            "mcd_family_beyond_max": max(beyond), "mcd_family_diff_min": min(largest),
            "mcd_family_diff_max": max(largest),
            "mcd_family_diff_median": float(np.median(largest)),
            # 1 for the smallest: where the family the page shows stands among them
            "mcd_family_rank": 1 + sum(v < largest[0] for v in largest)}


def _keel(r: dict[str, Any], differ: pd.DataFrame, auroc_sig: pd.Series,
          ap_sig: pd.Series, chance_bound: float, perfect: int) -> dict[str, Any]:
    """How often AUROC and AP pick different models on the KEEL study, and how surely.

    ``differ`` holds the data sets where the picks differ, ``auroc_sig`` and ``ap_sig``
    whether each gap is beyond noise there, ``perfect`` the agreeing data sets whose
    common pick ranks perfectly (as the page decided them).
    """
    n_pos, names = np.asarray(r["n_pos"]), list(r["names"])
    is_differ = np.isin(names, list(differ.index))
    return {"keel_sets": len(names), "keel_differ": len(differ),
            "keel_auroc_sig": int(auroc_sig.sum()), "keel_ap_sig": int(ap_sig.sum()),
            "keel_both_sig": int((auroc_sig & ap_sig).sum()),
            "keel_chance": 0.05 * len(differ),
            # as many tests at the 5 % level with no real difference: the count exceeds
            # this at most one time in forty (independent tests)
            "keel_chance_bound": int(chance_bound),
            # the exact probability of a count above that bound
            "keel_chance_tail": float(binom.sf(chance_bound, len(differ), 0.05)),
            "keel_agree": int((~is_differ).sum()), "keel_agree_perfect": int(perfect),
            "keel_median_pos_differ": float(np.median(n_pos[is_differ])),
            "keel_median_pos": float(np.median(n_pos)), "keel_boot": int(r["n_boot"])}


def _keel_splits(by_split: pd.DataFrame, differ_by_split: pd.DataFrame) -> dict[str, Any]:
    """The KEEL counts per fold split (``by_split``: one row per split seed, the page's
    counts) and, per data set, whether the picks differ in each split."""
    over = ((by_split["AUROC gap significant"] > by_split["chance alone, 97.5 % bound"])
            | (by_split["AP gap significant"] > by_split["chance alone, 97.5 % bound"]))
    return {"keel_splits": len(by_split), "keel_split_seed_max": int(by_split.index.max()),
            "keel_differ_min": int(by_split["picks differ"].min()),
            "keel_differ_max": int(by_split["picks differ"].max()),
            "keel_differ_pct_min": float(by_split["%"].min()),
            "keel_differ_pct_max": float(by_split["%"].max()),
            "keel_differ_every": int(differ_by_split.all(axis=1).sum()),
            "keel_differ_some": int(differ_by_split.any(axis=1).sum()),
            "keel_split_over_bound": int(over.sum()),
            "keel_split_auroc_sig_max": int(by_split["AUROC gap significant"].max())}


def _prg(auprg: dict[tuple[int, int], np.ndarray],
         all_positive: dict[tuple[int, int], float]) -> dict[str, Any]:
    """Mean AUPRG of random rankings, with its standard error, per test set (n, P)."""
    out: dict[str, Any] = {"prg_sets": len(next(iter(auprg.values())))}
    for (n, p), v in auprg.items():
        out[f"prg_rand_{n}_{p}_mean"] = float(v.mean())
        out[f"prg_rand_{n}_{p}_se"] = float(v.std(ddof=1) / np.sqrt(len(v)))
        out[f"prg_all_positive_{n}_{p}"] = all_positive[n, p]
    return out


def findings(*, score_cases: int, score_gaps: dict[str, float], ap_rankings: int,
             ap_gap: float, no_skill: float, interp: pd.DataFrame, verdicts: pd.DataFrame,
             atomic_max_n: int, atomic_fixes: int, atomic_gaps: dict[str, float],
             order_gains: dict[int, float], subgroups: pd.DataFrame, sub_steps: int, fair_share: float,
             mcd_rows: dict[str, dict[str, np.ndarray]], mcd: pd.DataFrame,
             families: list[pd.DataFrame], point: pd.DataFrame, keel: dict[str, Any],
             keel_differ: pd.DataFrame, keel_auroc_sig: pd.Series, keel_ap_sig: pd.Series,
             keel_chance_bound: float, keel_perfect: int,
             keel_by_split: pd.DataFrame, keel_differ_by_split: pd.DataFrame,
             coverage: pd.DataFrame, bias: pd.DataFrame,
             boot: pd.DataFrame, boot_sets: int, boot_resamples: int,
             perfect_sets: int, perfect_wide: int, separation: dict[str, Any],
             paired_sep: pd.DataFrame,
             auprg: dict[tuple[int, int], np.ndarray],
             auprg_all_positive: dict[tuple[int, int], float],
             exercises: dict[str, Any]) -> RankingFindings:
    """Everything the chapter's prose states, from what the page computed; ``exercises``
    the exercises' numbers, from their solutions (instructor-only code)."""
    knn, lr = interp.loc["10 nearest neighbours"], interp.loc["logistic regression"]
    knn_excess, lr_excess = knn["linear - exact"], lr["linear - exact"]
    parts: dict[str, Any] = {
        "score_cases": score_cases, "gap_pairs": score_gaps["pairs"],
        "gap_prevalence": score_gaps["prevalence"], "gap_one_point": score_gaps["one point"],
        "random_ap_rankings": ap_rankings, "random_ap_gap": ap_gap,
        "random_ap_1000_10": no_skill, "random_ap_1000_10_excess": no_skill - 0.01,
        **_dominance(verdicts),
        "atomic_max_n": atomic_max_n, "atomic_fixes": atomic_fixes,
        "atomic_gap_roc": atomic_gaps["AUROC"], "atomic_gap_ap": atomic_gaps["AP"],
        **_subgroups(subgroups, sub_steps, fair_share), **_mcdermott(mcd_rows, mcd, point),
        **_families(families),
        "order_gain_top": order_gains[5], "order_gain_low": order_gains[21],
        "order_rank_top": 5, "order_rank_low": 21,
        "knn_distinct": int(knn["distinct scores"]), "knn_ap": knn["AP (steps)"],
        "knn_dg": knn["Davis-Goadrich"], "knn_linear": knn["linear (trapezoids)"],
        "knn_linear_excess": knn_excess, "lr_linear_excess": lr_excess,
        **coverage_summary(coverage, bias["z"]),
        **paired_summary(paired_sep),
        **bootstrap_summary(coverage, boot, boot_sets, boot_resamples),
        **_prg(auprg, auprg_all_positive), **exercises,
        **_keel(keel, keel_differ, keel_auroc_sig, keel_ap_sig, keel_chance_bound,
                keel_perfect),
        **_keel_splits(keel_by_split, keel_differ_by_split),
        "perfect_sets": perfect_sets, "perfect_wide": perfect_wide, **separation,
        "knn_lr_excess_ratio": knn_excess / abs(lr_excess),
        "lr_linear_excess_e4": 1e4 * lr_excess,  # glued in units of 1e-4
    }
    parts["keel_differ_pct"] = 100.0 * parts["keel_differ"] / parts["keel_sets"]
    return RankingFindings(**{k: float(v) if isinstance(v, np.floating) else v
                              for k, v in parts.items()})  # type: ignore[arg-type]
