"""What the AC-score chapter's prose states, as typed findings.

:class:`AcFindings` (glued with the prefix ``ac``) gathers the derivations' checks, the
edge gap, the equal-BA pairs, the tie and constant-score sweeps, the sizes and the
verdicts on the document's statements; :func:`findings` builds it from what the page
computed. :class:`DigitsFindings` and :class:`GaussianFindings` (prefixes ``dig`` and
``gau``) summarise one run of the NMC experiment (:func:`experiment_findings`); their
fields per condition end in ``_13``, ``_11`` and ``_31`` (N:P = 1:3, 1:1, 3:1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.stats import norm

import imbalance_lib as il
from imbalance_lib.book.datasets import digits_1_vs_6
from imbalance_lib.book.findings import Findings
from imbalance_lib.book.properties import claim_battery, integer_matrices
from imbalance_lib.book.published import wu2025

from .experiments import CONDITIONS, DOC_METRICS, OUR_METRICS, SINGLE_CLASS, difference_summary, size_rows
from .theory import ENTRY_MAX, N_RANDOM, TOL, edge_gap_root, statement_inputs

__all__ = ["AcFindings", "ExperimentFindings", "DigitsFindings", "GaussianFindings",
           "findings", "experiment_findings"]

@dataclass(frozen=True)
class AcFindings(Findings):
    """Everything the chapter states outside the NMC experiment."""

    PREFIX = "ac"
    # the checker on the derivations' statements (by statement), and SymPy
    prop_holds: dict
    prop_worst: dict
    n_properties: int
    n_properties_hold: int
    exh_max: int
    exh_n: str
    rand_n: str
    battery_n: str
    sympy_nonzero: int
    # the gap GM - AC near an edge: exact, and on a grid of the section TNR = 0.5
    gap_ratio: float
    gap_max: float
    gap_half: float
    gap_half_t: float
    gap_grid_max: float
    gap_grid_t: float
    # random pairs of classifiers with equal BA (shares in per cent, Wilson interval)
    pairs_n: int
    pairs_n_text: str
    pairs_break: int
    pairs_share: float
    pairs_low: float
    pairs_high: float
    pairs_break_with_condition: int
    pairs_condition_fails: int
    counter_d_ac: float
    counter_d_gm: float
    # four samples whose cut beats the ROC AUC of their scores
    example_ac: float
    example_auroc: float
    # tied scores swept one sample at a time and grouped
    tie_n: int
    tie_distinct: int
    tie_orders: int
    tie_reported_min: float
    tie_reported_max: float
    tie_exact: float
    tie_exact_spread: float
    tie_exact_applied: float
    tie_mismatch: int
    # the authors' sweep on uninformative inputs
    const_orders: int
    const_lo: float
    const_hi: float
    ones_stored: float
    const_best: float
    ones_best: float
    # sizes of the digits stand-in and of the document
    n_ones: int
    n_sixes: int
    n_min_class: int
    n_max_class: int
    n_used: int
    ratio_lo: int
    ratio_hi: int
    test_13: int
    test_11: int
    test_31: int
    n_our_metrics: int
    n_doc_metrics: int
    caption_mismatch: list
    code_mismatch: int
    gau_bayes: float
    # the document's seven statements about the metric
    agree_max: float
    edge_ratio: float
    edge_gap: float
    min_gap: float
    doc_symmetric: bool
    doc_null_biased: bool
    doc_agrees: bool
    doc_below_gm_ba: bool
    doc_below_auroc_one_point: bool
    doc_below_auroc_scored: bool
    doc_near_gm_absolute: bool
    doc_near_gm_relative: bool
    doc_harshest: bool
    doc_n: int
    doc_hold: int
    doc_qualified: int
    doc_fail: int


def _doc_verdicts(holds: dict, inputs: dict, example_ac: float, example_auroc: float,
                  gap_ratio: float) -> dict:
    """The document's seven statements: four plain, two with two senses, one false."""
    v = {
        "doc_symmetric": holds["symmetric"],
        "doc_null_biased": holds["null-biased (row scaling)"],
        "doc_agrees": inputs["agree_max"] < TOL,
        "doc_below_gm_ba": holds["AC <= GM"] and holds["GM <= BA"],
        # below AUROC: for one operating point AUROC is BA; a scored ROC curve can be lower
        "doc_below_auroc_one_point": holds["AC <= GM"] and holds["GM <= BA"],
        "doc_below_auroc_scored": not example_ac > example_auroc,
        # converges to GM near an edge: the difference vanishes there, the ratio does not
        "doc_near_gm_absolute": inputs["edge_gap"] < 1e-2,
        "doc_near_gm_relative": not (inputs["edge_ratio"] < 0.01 and gap_ratio < 0.25),
        # penalises as much as possible: min(TPR, TNR) is never above AC, and below it somewhere
        "doc_harshest": not (holds["min(TPR, TNR) <= AC"] and inputs["min_gap"] > 0),
    }
    plain = [v["doc_symmetric"], v["doc_null_biased"], v["doc_agrees"], v["doc_below_gm_ba"]]
    two_senses = [(v["doc_below_auroc_one_point"], v["doc_below_auroc_scored"]),
                  (v["doc_near_gm_absolute"], v["doc_near_gm_relative"])]
    qualified = sum(a != b for a, b in two_senses)
    hold = sum(plain) + sum(a and b for a, b in two_senses)
    return {**v, "doc_n": len(plain) + len(two_senses) + 1,
            "doc_hold": hold, "doc_qualified": qualified,
            "doc_fail": len(plain) + len(two_senses) + 1 - hold - qualified}


def _sizes() -> dict:
    _, y = digits_1_vs_6()
    n_class = np.bincount(y)
    ours = {c: 4 * sum(v) for c, v in CONDITIONS.items()}  # train + test images
    theirs = {c: s["train"] + s["test"] for c, s in wu2025.SPLITS.items()}
    ratios = [theirs[c] / ours[c] for c in CONDITIONS]
    rows = size_rows()
    return {
        "n_ones": int(y.sum()), "n_sixes": int((1 - y).sum()),
        "n_min_class": int(n_class.min()), "n_max_class": int(n_class.max()),
        "n_used": 4 * max(max(v) for v in CONDITIONS.values()),
        "ratio_lo": int(min(ratios)), "ratio_hi": int(round(max(ratios))),
        "test_13": sum(CONDITIONS["1:3"]), "test_11": sum(CONDITIONS["1:1"]),
        "test_31": sum(CONDITIONS["3:1"]),
        "n_our_metrics": len(OUR_METRICS), "n_doc_metrics": len(DOC_METRICS),
        "caption_mismatch": [r["panel"] for r in rows
                             if r["caption"] is not None and r["caption"] != r["section"]],
        "code_mismatch": sum(r["code"] != r["section"] for r in rows),
    }


def findings(*, checks, identities, grid_max: float, grid_t: float, pairs: dict,
             example_ac: float, example_auroc: float, tie_runs, tie_exact_runs, tie_best,
             tie_n: int, n_cuts: int, const_runs, ones_stored: float, const_best: float,
             ones_best: float) -> AcFindings:
    """:class:`AcFindings` from what the page computed.

    ``checks`` is :func:`~imbalance_lib.book.properties.check_claims`'s table,
    ``identities`` the simplified SymPy differences, ``grid_max`` and ``grid_t`` the
    largest GM - AC on the grid of TNR = 0.5 and its place; ``pairs`` has the counts of
    the equal-BA pairs (``n``, ``breaks``, ``low``, ``high``, ``break_with_condition``,
    ``condition_fails``, ``counter_d_ac``, ``counter_d_gm``); ``tie_runs`` one row per
    storage order (reported, applied, cuts), ``tie_exact_runs`` the grouped sweep's
    optimum per order and ``tie_best`` that of the stored order.
    """
    holds = {k: bool(v) for k, v in checks["holds"].items()}
    worst = {k: float(v) for k, v in checks["worst"].items()}
    ratio, gap = edge_gap_root()
    runs = np.asarray(tie_runs)
    inputs = statement_inputs()
    values = dict(
        prop_holds=holds, prop_worst=worst, n_properties=len(holds),
        n_properties_hold=sum(holds.values()), exh_max=ENTRY_MAX,
        exh_n=f"{len(integer_matrices(2, ENTRY_MAX)):,}", rand_n=f"{N_RANDOM:,}",
        battery_n=f"{len(claim_battery(2, N_RANDOM, entry_max=ENTRY_MAX)):,}",
        sympy_nonzero=int(sum(v != "0" for v in identities)),
        gap_ratio=ratio, gap_max=gap, gap_half=gap / 2, gap_half_t=ratio / 2,
        gap_grid_max=float(grid_max), gap_grid_t=float(grid_t),
        pairs_n=int(pairs["n"]), pairs_n_text=f"{int(pairs['n']):,}",
        pairs_break=int(pairs["breaks"]),
        pairs_share=100 * pairs["breaks"] / pairs["n"], pairs_low=100 * float(pairs["low"]),
        pairs_high=100 * float(pairs["high"]),
        pairs_break_with_condition=int(pairs["break_with_condition"]),
        pairs_condition_fails=int(pairs["condition_fails"]),
        counter_d_ac=float(pairs["counter_d_ac"]), counter_d_gm=float(pairs["counter_d_gm"]),
        example_ac=float(example_ac), example_auroc=float(example_auroc),
        tie_n=int(tie_n), tie_distinct=n_cuts - 1, tie_orders=len(runs),
        tie_reported_min=float(runs[:, 0].min()), tie_reported_max=float(runs[:, 0].max()),
        tie_exact=float(tie_best.score), tie_exact_spread=float(np.ptp(tie_exact_runs)),
        tie_exact_applied=float(il.ac(tie_best.matrix)),
        tie_mismatch=int(np.sum(np.abs(runs[:, 0] - runs[:, 1]) > TOL)),
        const_orders=len(const_runs), const_lo=float(min(const_runs)),
        const_hi=float(max(const_runs)), ones_stored=float(ones_stored),
        const_best=float(const_best), ones_best=float(ones_best),
        gau_bayes=float(norm.cdf(1.0)),  # best BA: midpoint cut of unit-variance classes 2 apart
        **_sizes(), **inputs,
        **_doc_verdicts(holds, inputs, example_ac, example_auroc, ratio),
    )
    return AcFindings(**values)


# --------------------------------------------------------------------------- the experiment

_KEYS = {"1:3": "13", "1:1": "11", "3:1": "31"}
"""The conditions N:P and the suffix of their fields."""


@dataclass(frozen=True)
class ExperimentFindings(Findings):
    """One run of the NMC experiment: what it states over all conditions, then the
    quantities of every condition (the field ``<name>_<c>`` for ``c`` in 13, 11, 31)."""

    n_reps: int
    n_splits: int
    lda_majority_13: bool
    lda_majority_31: bool
    doc_verdict: str
    doc_reading: bool
    nmc_ahead: int
    nmc_behind: int
    shift_single_min: int
    shift_single_max: int
    shift_ac: int
    shift_gm: int
    shift_ba: int
    shift_mcc: int
    shift_favg: int
    mcc_favg_over_ba: float
    ac_nmc: float
    ac_lda: float
    auroc_nmc: float
    auroc_lda: float
    prior_changed: int
    prior_total: int
    ties: int
    fits: int
    tie_changed: int
    tie_maxchange: float
    tie_plotted: str
    tie_in_plotted: bool
    tie_rep0: float
    tie_n_nmc_better: int
    tie_ac_rank_min: int
    tie_ac_rank11_min: int
    tie_gap: float
    tie_doc_verdict: str

    # per condition: AC's rank among our metrics and among the document's, how many metrics
    # favour LDA and NMC, and the metric with the largest NMC advantage
    ac_rank_13: int
    ac_rank_11: int
    ac_rank_31: int
    ac_rank11_13: int
    ac_rank11_11: int
    ac_rank11_31: int
    n_lda_better_13: int
    n_lda_better_11: int
    n_lda_better_31: int
    n_nmc_better_13: int
    n_nmc_better_11: int
    n_nmc_better_31: int
    top_13: str
    top_11: str
    top_31: str
    # per condition: rank, mean NMC - LDA difference and its SD over the repetitions (AC, GM, BA)
    ac_diff_13: float
    ac_diff_11: float
    ac_diff_31: float
    ac_sd_13: float
    ac_sd_11: float
    ac_sd_31: float
    gm_rank_13: int
    gm_rank_11: int
    gm_rank_31: int
    gm_diff_13: float
    gm_diff_11: float
    gm_diff_31: float
    gm_sd_13: float
    gm_sd_11: float
    gm_sd_31: float
    ba_rank_13: int
    ba_rank_11: int
    ba_rank_31: int
    ba_diff_13: float
    ba_diff_11: float
    ba_diff_31: float
    ba_sd_13: float
    ba_sd_11: float
    ba_sd_31: float
    # per condition: LDA with equal priors and LDA + OOP against NMC on the AC-score
    eq_above_13: int
    eq_above_11: int
    eq_above_31: int
    eq_below_13: int
    eq_below_11: int
    eq_below_31: int
    eq_diff_13: float
    eq_diff_11: float
    eq_diff_31: float
    eq_over_lda_13: float
    eq_over_lda_11: float
    eq_over_lda_31: float
    oop_above_13: int
    oop_above_11: int
    oop_above_31: int
    oop_below_13: int
    oop_below_11: int
    oop_below_31: int
    oop_diff_13: float
    oop_diff_11: float
    oop_diff_31: float
    oop_over_lda_13: float
    oop_over_lda_11: float
    oop_over_lda_31: float
    # per condition: NMC against LDA on the AC-score, LDA's sensitivity and specificity gaps,
    # metrics whose mean difference is at least its SD
    nmc_over_lda_13: float
    nmc_over_lda_11: float
    nmc_over_lda_31: float
    nmc_ahead_13: int
    nmc_ahead_11: int
    nmc_ahead_31: int
    nmc_behind_13: int
    nmc_behind_11: int
    nmc_behind_31: int
    lda_sens_gap_13: float
    lda_sens_gap_11: float
    lda_sens_gap_31: float
    lda_spec_gap_13: float
    lda_spec_gap_11: float
    lda_spec_gap_31: float
    n_signal_13: int
    n_signal_11: int
    n_signal_31: int
    n_lda_sig_13: int
    n_lda_sig_11: int
    n_lda_sig_31: int
    r_nmc_13: float
    r_nmc_11: float
    r_nmc_31: float
    r_lda_13: float
    r_lda_11: float
    r_lda_31: float


@dataclass(frozen=True)
class DigitsFindings(ExperimentFindings):
    """The run on the digits stand-in."""

    PREFIX = "dig"


@dataclass(frozen=True)
class GaussianFindings(ExperimentFindings):
    """The run on two overlapping Gaussian classes."""

    PREFIX = "gau"


def _reading(v: dict) -> bool:
    """The document's reading of Fig. 2: at 1:3 and 3:1 NMC ahead, most on AC, then GM, BA."""
    return all(v[f"ac_diff_{c}"] > v[f"gm_diff_{c}"] > v[f"ba_diff_{c}"] > 0 for c in ("13", "31"))


def _per_condition(results) -> dict:
    """The fields of every condition (and ``lda_majority_*``) of one results table."""
    _, summ = difference_summary(results, OUR_METRICS)
    _, summ11 = difference_summary(results, DOC_METRICS)
    v: dict[str, Any] = {}
    for cond, key in _KEYS.items():
        s = summ[summ.condition == cond].set_index("metric")
        s11 = summ11[summ11.condition == cond].set_index("metric")
        v[f"ac_rank11_{key}"] = int(s11.loc["AC-score", "rank"])
        v[f"n_lda_better_{key}"] = int((s["mean"] < 0).sum())
        v[f"n_nmc_better_{key}"] = int((s["mean"] > 0).sum())
        reps = results.loc[results.condition == cond, "rep"].nunique()
        v[f"n_lda_sig_{key}"] = int((s["mean"] < -2 * s["std"] / np.sqrt(reps)).sum())
        v[f"top_{key}"] = str(s["mean"].idxmax())  # the largest NMC advantage
        for metric, tag in [("AC-score", "ac"), ("GM", "gm"), ("BA", "ba")]:
            v[f"{tag}_rank_{key}"] = int(s.loc[metric, "rank"])
            v[f"{tag}_diff_{key}"] = float(s.loc[metric, "mean"])
            v[f"{tag}_sd_{key}"] = float(s.loc[metric, "std"])
        one = results[results.condition == cond].pivot_table(
            index=["metric", "rep"], columns="model", values="value")
        ac, nmc = one.loc["AC-score"], one.loc["AC-score"].NMC
        for model, tag in [("LDA, equal priors", "eq"), ("LDA + OOP", "oop")]:
            v[f"{tag}_above_{key}"] = int((ac[model] > nmc).sum())
            v[f"{tag}_below_{key}"] = int((ac[model] < nmc).sum())
            v[f"{tag}_diff_{key}"] = float((ac[model] - nmc).mean())
            v[f"{tag}_over_lda_{key}"] = float((ac[model] - ac.LDA).mean())
        v[f"nmc_over_lda_{key}"] = float((nmc - ac.LDA).mean())
        v[f"nmc_ahead_{key}"] = int((nmc > ac.LDA).sum())
        v[f"nmc_behind_{key}"] = int((nmc < ac.LDA).sum())
        rates = one.loc["sensitivity"], one.loc["specificity"]
        for model, tag in [("NMC", "nmc"), ("LDA", "lda")]:  # balance r of the two rates
            r = (rates[0][model] - rates[1][model]) / (rates[0][model] + rates[1][model])
            v[f"r_{tag}_{key}"] = float(r.abs().mean())
        for metric, tag in [("sensitivity", "sens"), ("specificity", "spec")]:
            v[f"lda_{tag}_gap_{key}"] = float((one.loc[metric].LDA - one.loc[metric].NMC).mean())
        # metrics whose mean difference is at least its SD between repetitions
        v[f"n_signal_{key}"] = int((s["mean"].abs() >= s["std"]).sum())
        if cond != "1:1":  # accuracy and the majority class's recall and F favour LDA
            major = ["sensitivity", "F (P)"] if cond == "1:3" else ["specificity", "F (N)"]
            v[f"lda_majority_{key}"] = bool((s.loc[["accuracy", *major], "mean"] < 0).all())
    rank = summ.pivot(index="metric", columns="condition", values="rank")
    shift = (rank["1:3"] - rank["3:1"]).abs()  # how far each metric's rank moves
    v["shift_single_min"] = int(shift[SINGLE_CLASS].min())
    v["shift_single_max"] = int(shift[SINGLE_CLASS].max())
    for metric, tag in [("AC-score", "ac"), ("GM", "gm"), ("BA", "ba"), ("MCC", "mcc"),
                        ("F (avg)", "favg")]:
        v[f"shift_{tag}"] = int(shift[metric])
    size = summ.pivot(index="metric", columns="condition", values="mean")[["1:3", "3:1"]].abs()
    v["mcc_favg_over_ba"] = float((size.loc[["MCC", "F (avg)"]].max() / size.loc["BA"]).max())
    v["doc_reading"] = _reading(v)
    v["doc_verdict"] = "holds" if v["doc_reading"] else "does not hold"
    return v


def _with_tie_rule(results, tie_values):
    """``results`` with the NMC's values replaced by the median NMC's in the tied fits."""
    if len(tie_values) == 0:
        return results
    key = ["condition", "rep", "metric"]
    alt = results.merge(tie_values.rename(columns={"value": "median"}), on=key, how="left")
    use = (alt.model == "NMC") & alt["median"].notna()
    alt.loc[use, "value"] = alt.loc[use, "median"]
    return alt.drop(columns="median")


def experiment_findings(run, kind: type = ExperimentFindings):
    """What the prose states about one :class:`~.experiments.Run`, as ``kind``.

    Besides the fields of every condition: the run's size, how often NMC's AC-score is
    above / below LDA's, how far ranks move between 1:3 and 3:1 (``shift_*``), the mean
    AC-score and AUROC of both classifiers, the predictions equal priors change, the
    tied fits of mean and median NMC, and the conclusions recomputed under the authors'
    tie rule (``tie_*``).
    """
    results, ties, pri = run.results, run.ties, run.priors
    v = _per_condition(results)
    g = _per_condition(_with_tie_rule(results, run.tie_values))
    keys = list(_KEYS.values())
    vals = results.pivot_table(index=["metric", "model"], values="value")["value"]
    pri = pri[pri.condition != "1:1"]
    rep0 = ties[(ties.condition == "1:3") & (ties.rep == 0)]
    v.update(
        n_reps=run.n_reps, n_splits=len(set(results.condition)) * run.n_reps,
        nmc_ahead=sum(v[f"nmc_ahead_{c}"] for c in keys),
        nmc_behind=sum(v[f"nmc_behind_{c}"] for c in keys),
        ac_nmc=float(vals["AC-score", "NMC"]), ac_lda=float(vals["AC-score", "LDA"]),
        auroc_nmc=float(vals["AUROC", "NMC"]), auroc_lda=float(vals["AUROC", "LDA"]),
        prior_changed=int(pri.moved.sum()), prior_total=int(pri.n.sum()),
        ties=len(ties), fits=len(set(results.condition)) * run.n_reps,
        tie_changed=int((ties.ac_change.abs() > TOL).sum()),
        tie_maxchange=float(ties.ac_change.abs().max()) if len(ties) else 0.0,
        tie_in_plotted=bool(len(rep0)), tie_plotted="does" if len(rep0) else "does not",
        tie_rep0=float(rep0.ac_change.sum()) if len(rep0) else 0.0,
        # the conclusions recomputed with the median NMC in every tied fit
        tie_n_nmc_better=max(g[f"n_nmc_better_{c}"] for c in keys),
        tie_ac_rank_min=min(g[f"ac_rank_{c}"] for c in keys),
        tie_ac_rank11_min=min(g[f"ac_rank11_{c}"] for c in keys),
        tie_gap=max(g[f"nmc_over_lda_{c}"] for c in keys),  # NMC - LDA, mean AC-score
        tie_doc_verdict=g["doc_verdict"],
    )
    return kind(**v)
