"""What the chapter's prose states, as one typed record computed from the page's results.

Each field is glued as ``syn-<field>`` (underscores as hyphens). Lists of metric
names are kept as lists (the claims compare them as sets) and glued as text only
for display, joined by commas, or by "and" for a pair.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from imbalance_lib.book.findings import Findings
from imbalance_lib.book.pages import glue_value

from .experiments import REVERSAL_MOST
from .theory import ALPHA_IBA_EXAMPLE, IBA_ALPHAS_ABOVE, SHORT_NAME, baseline_ends, iba_drops

__all__ = ["SynthesisFindings", "findings", "words", "DEPLOY_PI"]

DEPLOY_PI = 0.02
"""The deployment prevalence of the guide's example."""


def words(share: float) -> str:
    """"most" above :data:`~.experiments.REVERSAL_MOST`, else "a minority".

    >>> words(0.6), words(0.5)
    ('most', 'a minority')
    """
    return "most" if share > REVERSAL_MOST else "a minority"


@dataclass(frozen=True)
class SynthesisFindings(Findings):
    """The findings of the chapter; each field is glued as ``syn-<field>``."""

    PREFIX = "syn"
    JOIN: ClassVar[dict[str, str]] = {"rho_within_min_pair": " and ",
                                      "rho_between_max_pair": " and "}
    # facts and properties
    facts_n: int
    facts_ok: int
    facts_n_small: int
    prop_cells: int
    prop_nmax: int
    prevfree: Sequence[str]
    colfree: Sequence[str]
    baseline: Sequence[str]
    strict: Sequence[str]
    weak: Sequence[str]
    mono_no: Sequence[str]
    minagr: Sequence[str]
    kappa_mono: str
    map_mono: str
    mono_searched: int
    mono_search_flips: int
    yes_searched: int
    yes_search_flips: int
    iba_alpha: float
    iba_alpha_small: str
    iba_alpha_13: str
    iba_alpha_13_matrix: Sequence[Sequence[int]]
    iba_alpha_13_drop: float
    iba_alpha_13_drop_text: str
    iba_alpha_first_n: int
    kappa_mono_any: str
    map_mono_any: str
    iba_alpha_search: str
    ce_rows: int
    baseline_every_q: Sequence[str]
    baseline_inner_q: Sequence[str]
    iba_drop_50: float
    iba_drops_above: Sequence[float]
    # identities
    same_n: int
    same_groups: int
    same_fixed_new: int
    same_group_members: Sequence[Sequence[str]]
    identities_symbolic: str
    wrong_ac: float
    wrong_rhs_undefined: bool
    iam_gap_nan: float
    iam_gap_zero: float
    # prevalence
    bias_hmnc: float
    bias_iam: float
    bias_f1: float
    bias_mcc: float
    bias_acc: float
    bias_free_max: float
    shift_f1_test: float
    shift_f1_deploy: float
    shift_acc_test: float
    shift_acc_deploy: float
    iam_peak_pi: float
    iam_peak: float
    iam_kink_pi: float
    # the study
    study_d: int
    study_m: int
    study_r: int
    study_skipped: int
    study_ir_min: float
    study_ir_max: float
    study_nmax: int
    study_families: int
    family_1_name: str
    family_1: int
    family_2_name: str
    family_2: int
    family_3_name: str
    family_3: int
    map_trivial: int
    map_trivial_fixed: int
    map_never: int
    map_never_fixed: int
    map_example: str
    map_example_model: str
    map_example_nopos: int
    map_example_nan: float
    map_example_pick_nan: str
    map_example_tied_with: Sequence[str]
    map_example_pick: str
    mean_differ: float
    acc_ba: float
    acc_ba_n: int
    accba_rev_all: int
    accba_rev_4: int
    accba_rev_none: int
    accba_never: int
    accba_sig: int
    accba_sig_acc: int
    accba_sig_ba: int
    dis_n: int
    dis_rev_all_share: float
    dis_sig_share: float
    accba_rev_words: str
    dis_rev_words: str
    most_a: str
    most_b: str
    most: float
    most_sig: float
    ties_all: int
    ties_acc_more: int
    mean_differ_untied: float
    acc_ba_untied: float
    untied_n: int
    stable_acc: int
    stable_ba: int
    stable_min: int
    stable_min_name: str
    stable_max: int
    stable_max_name: str
    tests_n: int
    tests_dropped: int
    tests_dropped_metrics: Sequence[str]
    lrbal_acc: int
    lrbal_ba: int
    lrbal_ac: int
    lrbal_mcc: int
    lrbal_gm: int
    lrbal_iba: int
    lrbal_op: int
    lrbal_hmnc: int
    lrbal_others_min: int
    lrbal_others_max: int
    lrbal_poleb_min: int
    lrbal_poleb_max: int
    lrbal_poleb_min_name: str
    lrbal_poleb_max_name: str
    rho_acc_ba: float
    rho_ba_gm: float
    rho_mcc_f1: float
    rho_acc_mcc: float
    rho_f1_ba: float
    rho_f1_kappa: float
    rho_f1_macrof: float
    same_ba_gm: int
    same_mcc_f1: int
    same_f1_kappa: int
    same_f1_macrof: int
    used_ba_gm: int
    used_mcc_f1: int
    used_f1_kappa: int
    used_f1_macrof: int
    block_a: Sequence[str]
    block_b: Sequence[str]
    rho_within_min: float
    rho_within_min_pair: Sequence[str]
    rho_between_max: float
    rho_between_max_pair: Sequence[str]
    blocks_overlap: str
    rho_mcc_used_min: int
    rho_mcc_used_max: int
    rho_used_median: int
    rho_ir: float
    rho_ir_lo: float
    rho_ir_hi: float
    rho_family: float
    rho_family_lo: float
    rho_family_hi: float
    ir_trend: str
    bin_low: float
    bin_high: float
    bin_accba_low: float
    bin_accba_high: float
    ex_study_distinct: int
    ex_study_ties: int
    ex_study_tie_names: Sequence[str]
    ex_acc_test: float
    ex_acc_deploy: float
    ex_f1_test: float
    ex_f1_deploy: float
    ex_ba_change: float
    ex_false_alarms: float
    # the guide
    cost_ratio: float
    deploy_pi: float
    cba_drop: float
    mcc_drop: float
    moved_mar: float
    moved_cba: float
    moved_mcc: float

    def glue(self, digits: int = 4) -> None:
        """Glue the scalars, and each list of names as text (a matrix as its list)."""
        super().glue(digits)
        for name, value in self.record().items():
            if name == "iba_alpha_13_matrix":
                glue_value(self._glue_name(name), str([list(r) for r in value]), digits)
            elif isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
                glue_value(self._glue_name(name), self.JOIN.get(name, ", ").join(value),
                           digits)


def _names(prop: pd.DataFrame, mask: pd.Series) -> list[str]:
    return [SHORT_NAME[m] for m in prop.index[mask]]


def _properties(prop: pd.DataFrame, n_max: int, searched: Mapping[str, bool],
                yes_search: pd.DataFrame, any_domain: Mapping[str, str],
                counterexamples: pd.DataFrame, iba: Mapping[str, Any]) -> dict:
    yes = prop == "yes"
    every, inner = baseline_ends(prop)
    drops = iba_drops()
    return {
        "prop_cells": int(prop.size), "prop_nmax": n_max,
        "prevfree": _names(prop, yes["I5 positive row scaled"] & yes["I6 negative row scaled"]),
        "colfree": _names(prop, yes["I7 positive column scaled"]
                          & yes["I8 negative column scaled"]),
        "baseline": _names(prop, yes["constant baseline"]),
        "strict": _names(prop, prop["monotone"] == "strict"),
        "weak": _names(prop, prop["monotone"] == "weak"),
        "mono_no": _names(prop, prop["monotone"] == "no"),
        "minagr": _names(prop, yes["minimal agreement"]),
        "kappa_mono": prop.loc["kappa", "monotone"],
        "map_mono": prop.loc["macro_precision", "monotone"],
        "mono_searched": len(searched),
        "mono_search_flips": sum(not h for h in searched.values()),
        "yes_searched": len(yes_search),
        "yes_search_flips": int((~yes_search["holds"]).sum()),
        "iba_alpha": ALPHA_IBA_EXAMPLE, "iba_alpha_small": iba["small"],
        "iba_alpha_13": iba["large"], "iba_alpha_13_matrix": iba["matrix"],
        "iba_alpha_13_drop": iba["drop"], "iba_alpha_13_drop_text": f"{iba['drop']:.2e}",
        "iba_alpha_first_n": int(iba["first_n"]),
        "kappa_mono_any": any_domain["kappa"], "map_mono_any": any_domain["macro_precision"],
        "iba_alpha_search": "weak" if iba["search_holds"] else "no",
        "ce_rows": len(counterexamples), "baseline_every_q": every, "baseline_inner_q": inner,
        "iba_drop_50": drops[0.5], "iba_drops_above": [drops[a] for a in IBA_ALPHAS_ABOVE]}


def _identities(groups: Sequence[Sequence[str]], new_fixed: Sequence, n_same: int,
                symbolic: Mapping[str, bool], wrong: Mapping[str, float],
                iam_gap: Mapping[float, float]) -> dict:
    return {"same_n": n_same, "same_groups": len(groups), "same_fixed_new": len(new_fixed),
            "same_group_members": [list(g) for g in groups],
            "identities_symbolic": "all hold" if all(symbolic.values()) else "one fails",
            "wrong_ac": float(wrong["ac"]),
            "wrong_rhs_undefined": not (np.isfinite(wrong["ac_rhs"])
                                        or np.isfinite(wrong["hmnc_rhs"])),
            "iam_gap_nan": next(v for z, v in iam_gap.items() if np.isnan(z)),
            "iam_gap_zero": iam_gap[0.0]}


def _prevalence(pis: np.ndarray, bias: Mapping[str, np.ndarray], shift: pd.DataFrame,
                iam_kink: float) -> dict:
    i_peak = int(np.argmax(bias["iam"]))
    out = {f"bias_{key}": round(abs(float(bias[name][0])), 3)
           for name, key in (("hmnc", "hmnc"), ("iam", "iam"), ("f1", "f1"), ("mcc", "mcc"),
                             ("accuracy", "acc"))}
    return out | {
        "bias_free_max": max(float(np.max(np.abs(bias[n])))
                             for n in ("balanced_accuracy", "g_mean", "iba", "ac")),
        "shift_f1_test": round(float(shift.loc["F1"].iloc[0]), 3),
        "shift_f1_deploy": round(float(shift.loc["F1"].iloc[1]), 3),
        "shift_acc_test": round(float(shift.loc["ACC"].iloc[0]), 3),
        "shift_acc_deploy": round(float(shift.loc["ACC"].iloc[1]), 3),
        "iam_peak_pi": round(float(pis[i_peak]), 2),
        "iam_peak": round(float(bias["iam"][i_peak]), 3), "iam_kink_pi": round(iam_kink, 2),
        "cost_ratio": round((1 - DEPLOY_PI) / DEPLOY_PI, 1), "deploy_pi": DEPLOY_PI,
        "cba_drop": round(float(-shift.loc["CBA", "change"]), 3),
        "mcc_drop": round(float(-shift.loc["MCC", "change"]), 3)}


def _map_policy(counts: np.ndarray, map_nan: np.ndarray, pick_map: np.ndarray,
                pick_nan: np.ndarray, names: Sequence[str], models: Sequence[str]) -> dict:
    """How often MAP's pick predicts no positive, under each policy, and the example:
    the first data set (in the study's order, by name) where the policies pick
    differently and the nan-policy pick predicts no positive in any repetition."""
    no_pos = counts[..., :, 1].sum(-1) == 0  # (D, M, R)
    rows = np.arange(len(names))
    nan_pick, fixed_pick = no_pos[rows, pick_nan], no_pos[rows, pick_map]  # (D, R)
    d = int(np.flatnonzero((pick_nan != pick_map) & nan_pick.all(-1))[0])
    m = int(pick_nan[d])
    means = np.round(map_nan[d].mean(axis=-1), 12)  # (M,)
    tied_with = [str(models[int(i)]) for i in np.flatnonzero(means == means[m]) if i != m]
    return {"map_trivial": int(nan_pick.any(-1).sum()),
            "map_trivial_fixed": int(fixed_pick.any(-1).sum()),
            "map_never": int(nan_pick.all(-1).sum()),
            "map_never_fixed": int(fixed_pick.all(-1).sum()),
            "map_example": str(names[d]), "map_example_model": str(models[m]),
            "map_example_nopos": int(no_pos[d, m].sum()),
            "map_example_nan": round(float(map_nan[d, m].mean()), 3),
            "map_example_pick_nan": str(models[m]), "map_example_tied_with": tied_with,
            "map_example_pick": str(models[int(pick_map[d])])}


def _ties(pick: Mapping[str, np.ndarray], tied: Mapping[str, np.ndarray],
          rep: Mapping[str, np.ndarray]) -> dict:
    """Ties at the top (broken by panel order), the metrics' agreement on the data
    sets where not every metric ties, and how often a pick is the best model of
    every repetition."""
    keys = list(pick)
    all_tied = np.all([tied[k] for k in keys], axis=0)
    keep = ~all_tied
    upper = [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]]
    stable = {k: int(np.all(rep[k] == pick[k][:, None], axis=1).sum()) for k in keys}
    lo, hi = min(stable, key=stable.__getitem__), max(stable, key=stable.__getitem__)
    return {"ties_all": int(all_tied.sum()),
            "ties_acc_more": int((tied["ACC"] & keep).sum()),
            "mean_differ_untied": round(float(np.mean(
                [np.mean(pick[a][keep] != pick[b][keep]) for a, b in upper])), 2),
            "acc_ba_untied": round(float(np.mean(pick["ACC"][keep] != pick["BA"][keep])), 2),
            "untied_n": int(keep.sum()), "stable_acc": stable["ACC"], "stable_ba": stable["BA"],
            "stable_min": stable[lo], "stable_min_name": lo, "stable_max": stable[hi],
            "stable_max_name": hi}


def _disagreement(dis: pd.DataFrame, differ: pd.DataFrame, differ_sig: pd.DataFrame,
                  n_repeats: int) -> dict:
    R = n_repeats
    dropped = pd.concat([dis.loc[dis["dropped a"] > 0, "a"], dis.loc[dis["dropped b"] > 0, "b"]])
    ab = dis[(dis["a"] == "ACC") & (dis["b"] == "BA")]
    keys = list(differ.index)
    upper = [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]]
    d_all = np.array([differ.loc[a, b] for a, b in upper])
    most = upper[int(np.argmax(d_all))]
    rev_all_share = round(float((dis["reversed"] == R).mean()), 2)
    return {"mean_differ": round(float(d_all.mean()), 2),
            "acc_ba": round(float(differ.loc["ACC", "BA"]), 2), "acc_ba_n": len(ab),
            "accba_rev_all": int((ab["reversed"] == R).sum()),
            "accba_rev_4": int((ab["reversed"] >= R - 1).sum()),
            "accba_rev_none": int((ab["reversed"] == 0).sum()),
            "accba_never": int(ab["a never picks b's"].sum()),
            "accba_sig": int(ab["significant"].sum()),
            "accba_sig_acc": int(((ab["t a"] > 0) & (ab["p a"] < 0.05)).sum()),
            "accba_sig_ba": int(((ab["t b"] > 0) & (ab["p b"] < 0.05)).sum()),
            "dis_n": len(dis), "dis_rev_all_share": rev_all_share,
            "tests_n": 2 * len(dis), "tests_dropped": len(dropped),
            "tests_dropped_metrics": sorted(set(dropped)),
            "dis_sig_share": round(float(dis["significant"].mean()), 2),
            "accba_rev_words": words(int((ab["reversed"] == R).sum()) / len(ab)),
            "dis_rev_words": words(rev_all_share), "most_a": most[0], "most_b": most[1],
            "most": round(float(differ.loc[most]), 2),
            "most_sig": round(float(differ_sig.loc[most]), 2)}


def _correlations(pick_counts: pd.DataFrame, rho: pd.DataFrame, used: pd.DataFrame,
                  same: pd.DataFrame,
                  blocks: tuple[list[str], list[str]], within: tuple[tuple[str, str], float],
                  between: tuple[tuple[str, str], float]) -> dict:
    lrbal = {k: int(pick_counts.loc[k, "LR-bal"]) for k in pick_counts.index}
    # the second pole's picks of the class-weighted model, accuracy aside
    pole = {k: lrbal[k] for k in blocks[1] if k != "ACC"}
    out: dict[str, Any] = {f"lrbal_{k.lower()}": lrbal[k] for k in ("ACC", "BA", "AC", "MCC", "GM", "IBA",
                                                    "OP", "HMNC")}
    out |= {f"rho_{key}": round(float(rho.loc[a, b]), 2)
            for (a, b), key in ((("ACC", "BA"), "acc_ba"), (("BA", "GM"), "ba_gm"),
                                (("MCC", "F1"), "mcc_f1"), (("ACC", "MCC"), "acc_mcc"),
                                (("F1", "BA"), "f1_ba"), (("F1", "kappa"), "f1_kappa"),
                                (("F1", "MacroF"), "f1_macrof"))}
    mcc_used = used.loc["MCC"].drop("MCC")
    for (a, b), key in ((("BA", "GM"), "ba_gm"), (("MCC", "F1"), "mcc_f1"),
                        (("F1", "kappa"), "f1_kappa"), (("F1", "MacroF"), "f1_macrof")):
        out[f"same_{key}"], out[f"used_{key}"] = int(same.loc[a, b]), int(used.loc[a, b])
    return out | {
        "lrbal_others_min": min(lrbal["GM"], lrbal["IBA"], lrbal["AC"]),
        "lrbal_others_max": max(lrbal["GM"], lrbal["IBA"], lrbal["AC"]),
        "lrbal_poleb_min": min(pole.values()), "lrbal_poleb_max": max(pole.values()),
        "lrbal_poleb_min_name": min(pole, key=pole.__getitem__),
        "lrbal_poleb_max_name": max(pole, key=pole.__getitem__),
        "block_a": list(blocks[0]), "block_b": list(blocks[1]),
        "rho_within_min": round(float(within[1]), 2), "rho_within_min_pair": list(within[0]),
        "rho_between_max": round(float(between[1]), 2),
        "rho_between_max_pair": list(between[0]),
        "blocks_overlap": "overlap" if between[1] > within[1] else "separate",
        "rho_mcc_used_min": int(mcc_used.min()), "rho_mcc_used_max": int(mcc_used.max()),
        "rho_used_median": int(np.median(used.to_numpy()[np.triu_indices(len(used), 1)]))}


def _trend(rho_ir: float, ir_ci: Sequence[float], rho_family: float,
           family_ci: Sequence[float], by_bin: pd.DataFrame) -> dict:
    share, accba = by_bin["pairs that differ"], by_bin["ACC vs BA differ"]
    return {"rho_ir": round(rho_ir, 2), "rho_ir_lo": round(float(ir_ci[0]), 2),
            "rho_ir_hi": round(float(ir_ci[1]), 2), "rho_family": round(rho_family, 2),
            "rho_family_lo": round(float(family_ci[0]), 2),
            "rho_family_hi": round(float(family_ci[1]), 2),
            "ir_trend": "no detectable trend" if ir_ci[0] < 0 < ir_ci[1] else "a trend",
            "bin_low": round(float(share.iloc[0]), 2), "bin_high": round(float(share.iloc[-1]), 2),
            "bin_accba_low": round(float(accba.iloc[0]), 2),
            "bin_accba_high": round(float(accba.iloc[-1]), 2)}


def findings(*, agree: pd.Series, n_small: int, prop: pd.DataFrame, n_max: int,
             searched: Mapping[str, bool], yes_search: pd.DataFrame,
             any_domain: Mapping[str, str], counterexamples: pd.DataFrame,
             iba: Mapping[str, Any], groups: Sequence[Sequence[str]], new_fixed: Sequence,
             n_same: int, symbolic: Mapping[str, bool], wrong: Mapping[str, float],
             iam_gap: Mapping[float, float], pis: np.ndarray, bias: Mapping[str, np.ndarray],
             shift: pd.DataFrame, iam_kink: float, res: Mapping[str, np.ndarray],
             ir: np.ndarray, pick: Mapping[str, np.ndarray], rep: Mapping[str, np.ndarray],
             tied: Mapping[str, np.ndarray], pick_nan: np.ndarray,
             map_nan: np.ndarray, dis: pd.DataFrame, differ: pd.DataFrame,
             differ_sig: pd.DataFrame, pick_counts: pd.DataFrame, rho: pd.DataFrame,
             used: pd.DataFrame, same: pd.DataFrame, blocks: tuple[list[str], list[str]],
             within: tuple[tuple[str, str], float], between: tuple[tuple[str, str], float],
             rho_ir: float, ir_ci: Sequence[float], rho_family: float,
             family_ci: Sequence[float], families: pd.Series, by_bin: pd.DataFrame,
             moved: Mapping[str, float], ex_deploy: pd.DataFrame,
             ex_study: Mapping[str, Any]) -> SynthesisFindings:
    """The findings, from the results the page computed (named as on the page).

    ``iba`` holds the IBA example's verdicts (``small``, ``large``), its ``matrix``,
    ``drop``, the smallest size with a violation (``first_n``, 0 if none) and whether
    the search found no violation (``search_holds``); ``rep`` the best model of each
    repetition, ``tied`` whether several models share the best mean (data sets,
    per metric); ``same`` the number of data sets on which two metrics rank the six
    models identically; ``dis`` has the number of non-finite test folds of each
    metric's t-test (``dropped a``, ``dropped b``); ``wrong``
    the value of AC on the all-wrong matrix and the two right sides (``ac_rhs``,
    ``hmnc_rhs``); ``within`` and ``between`` the least correlation inside a block
    and the largest across them, each with its pair; ``families`` the number of data
    sets of each source family, largest first; ``ex_deploy`` the exercise's table
    (metrics by prevalence, test first, with the share of false alarms among the
    positive predictions); ``ex_study`` the numbers of exercise syn-ex-study (the most
    distinct picks, the data sets that tie for it), from its solution.
    """
    counts, names, models = res["counts"], res["names"].tolist(), res["models"].tolist()
    D, M, R = counts.shape[:3]
    f = {"facts_n": len(agree), "facts_ok": int(agree.sum()), "facts_n_small": n_small,
         "study_d": D, "study_m": M, "study_r": R, "study_skipped": len(res["skipped"]),
         "study_ir_min": round(float(ir.min()), 1), "study_ir_max": round(float(ir.max()), 1),
         "study_nmax": int(res["n"].max()), "study_families": len(families),
         **{f"family_{i + 1}_name": str(families.index[i]) for i in range(3)},
         **{f"family_{i + 1}": int(families.iloc[i]) for i in range(3)},
         "moved_mar": round(moved["macro_recall"], 4), "moved_cba": round(moved["cba"], 4),
         "moved_mcc": round(moved["mcc"], 4),
         "ex_acc_test": float(ex_deploy.iloc[:, 0]["accuracy"]),
         "ex_acc_deploy": float(ex_deploy.iloc[:, 1]["accuracy"]),
         "ex_f1_test": float(ex_deploy.iloc[:, 0]["f1"]),
         "ex_f1_deploy": float(ex_deploy.iloc[:, 1]["f1"]),
         "ex_ba_change": float(ex_deploy.iloc[:, 1]["balanced_accuracy"]
                               - ex_deploy.iloc[:, 0]["balanced_accuracy"]),
         "ex_false_alarms": float(ex_deploy.iloc[:, 1]["false alarms"]), **ex_study}
    f |= _properties(prop, n_max, searched, yes_search, any_domain, counterexamples, iba)
    f |= _identities(groups, new_fixed, n_same, symbolic, wrong, iam_gap)
    f |= _prevalence(pis, bias, shift, iam_kink)
    f |= _map_policy(counts, map_nan, pick["MAP"], pick_nan, names, models)
    f |= _disagreement(dis, differ, differ_sig, R)
    f |= _ties(pick, tied, rep)
    f |= _correlations(pick_counts, rho, used, same, blocks, within, between)
    f |= _trend(rho_ir, ir_ci, rho_family, family_ci, by_bin)
    return SynthesisFindings(**f)
