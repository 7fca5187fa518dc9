"""What the deployment chapter's prose states, as one typed record.

:class:`DeploymentFindings` holds every number, count and verdict the prose glues
(``{glue:text}`dep-<field>```) and what its claims check; :func:`findings` computes it
from what the page ran. Coverages are shares in [0, 1] of ``cov_sets`` simulated test
sets; their Monte Carlo standard errors come from :func:`imbalance_lib.book.claims.mc_se`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from imbalance_lib.book.findings import Findings

from .choice import choice_fields
from .coverage import coverage_fields

__all__ = ["DeploymentFindings", "curve_fields", "findings"]


@dataclass(frozen=True)
class DeploymentFindings(Findings):
    """The deployment chapter's findings."""

    PREFIX: ClassVar[str] = "dep"
    # the theorems, checked on random matrices and scores
    cases: int
    shift_gap: float
    registry_binary: int
    registry_invariant: int
    registry_mismatch: int
    wa_gap: float
    nb_gap: float
    brier_gap: float
    auc_gap: float
    bayes_gap: float
    # the data sets at a deployment prevalence
    data_sets: int
    move_precision: float
    move_f1: float
    move_mcc: float
    move_ap: float
    move_ba: float
    # thresholds chosen on validation data, costed on the test half (stored study, ranges
    # over the split seeds: *_lo, *_hi), and the page's worked data set (one_*)
    choice_sets: int
    choice_seeds: int
    regret_cost_mean_lo: float
    regret_cost_mean_hi: float
    regret_cost_median_lo: float
    regret_cost_median_hi: float
    regret_cost_worst_lo: float
    regret_cost_worst_hi: float
    regret_f1_mean_lo: float
    regret_f1_mean_hi: float
    regret_f1_median_lo: float
    regret_f1_median_hi: float
    regret_f1_worst_lo: float
    regret_f1_worst_hi: float
    regret_ba_mean_lo: float
    regret_ba_mean_hi: float
    regret_ba_median_lo: float
    regret_ba_median_hi: float
    regret_ba_worst_lo: float
    regret_ba_worst_hi: float
    regret_iba_mean_lo: float
    regret_iba_mean_hi: float
    regret_iba_median_lo: float
    regret_iba_median_hi: float
    regret_iba_worst_lo: float
    regret_iba_worst_hi: float
    cost_beats_f1_lo: int
    cost_beats_f1_hi: int
    f1_beats_cost_lo: int
    f1_beats_cost_hi: int
    cost_beats_ba_lo: int
    cost_beats_ba_hi: int
    ba_beats_cost_lo: int
    ba_beats_cost_hi: int
    cost_beats_iba_lo: int
    cost_beats_iba_hi: int
    iba_beats_cost_lo: int
    iba_beats_cost_hi: int
    cost_least_seeds: int
    optimism_lo: float
    optimism_hi: float
    optimism_positive_seeds: int
    oob_bias_lo: float
    oob_bias_hi: float
    oob_less_optimistic_seeds: int
    oob_pessimistic_seeds: int
    oob_error_lo: float
    oob_error_hi: float
    val_error_lo: float
    val_error_hi: float
    oob_closer_seeds: int
    oob_closer_sets_lo: int
    oob_closer_sets_hi: int
    one_gap: float
    one_seed: int
    one_val_min: float
    one_oob: float
    one_test_min: float
    one_test_cost: float
    one_test_f1: float
    one_test_ba: float
    one_test_iba: float
    # the prior correction after undersampling
    ece_before: float
    ece_after: float
    prior_sets: int
    prior_rows: int
    prior_lower_sets: int
    prior_lower_rows: int
    prior_median_before: float
    prior_median_after: float
    prior_median_full: float
    prior_full_matched: int
    prior_glass_before: float
    prior_glass_after: float
    prior_glass_rows: int
    prior_glass_lower_rows: int
    # the corrected probabilities: ranking unchanged, Brier score changed (the page's draw)
    prior_rank_gap: float
    brier_before: float
    brier_after: float
    # the decision curve and the cost curve drawn on the page
    nb_below_none_from: float
    nb_stays_below: bool
    nb_band_below_from: float
    nb_above_all: bool
    cc_below_trivial: bool
    # coverage of the intervals the chapter recommends (two stored studies)
    cov_sets: int
    cov_cells: int
    cov_rates: int
    cov5_cells: int
    cov5_min: float
    cov5_min_se: float
    cov5_max: float
    cov5_min_metric: str
    cov5_short: int
    cov5_below95: int
    cov5_above97: int
    ec_min: float
    ec_max: float
    cov3_positives: int
    cov3_min: float
    cov3_min_se: float
    cov3_min_metric: str
    cov3_min_undefined: float
    cov3_min_defined: float
    cov3_max: float
    cov3_short: int
    dec_sets: int
    dec_settings: int
    dec_pos_min: int
    dec_pos_max: int
    nb_min: float
    nb_min_se: float
    nb_min_positives: int
    nb_max: float
    nb_short92: int
    nb_cells: int
    nb_below95: int
    nb_few_cells: int
    nb_few_below95: int
    nb_above97: int
    cc_min: float
    cc_max: float
    cc_max_se: float
    cc_env_min: float
    cc_env_max: float
    bayes_t: float
    # exercises
    ex_bayes: float
    ex_nb_low: str
    ex_nb_high: str
    ex_under: str
    ex_under_lib: float


def prior_fields(prior: pd.DataFrame) -> dict[str, Any]:
    """The prior-correction study's fields: counts and medians over its rows (split seeds
    and subsamples) and its data sets (their means over the rows)."""
    means = prior.groupby("data set")[["ece before", "ece after", "ece full"]].mean()
    glass = means.loc["glass"]  # the one data set the page names
    return {"prior_sets": len(means), "prior_rows": len(prior),
            "prior_lower_sets": int((means["ece after"] < means["ece before"]).sum()),
            "prior_lower_rows": int((prior["ece after"] < prior["ece before"]).sum()),
            "prior_median_before": float(prior["ece before"].median()),
            "prior_median_after": float(prior["ece after"].median()),
            "prior_median_full": float(prior["ece full"].median()),
            "prior_full_matched": int((means["ece after"] <= means["ece full"]).sum()),
            "prior_glass_before": float(glass["ece before"]),
            "prior_glass_after": float(glass["ece after"]),
            "prior_glass_rows": int((prior["data set"] == "glass").sum()),
            "prior_glass_lower_rows": int(((prior["data set"] == "glass")
                                           & (prior["ece after"] < prior["ece before"])).sum())}


def curve_fields(t: Any, nb: Any, band_high: Any, cc: Any) -> dict[str, Any]:
    """Where the page's decision curve (``nb`` from :func:`imbalance_lib.net_benefit` at
    the thresholds ``t``, the band's upper ends ``band_high``) falls below treating no one,
    and whether its cost curve ``cc`` (:func:`imbalance_lib.cost_curve`) stays under the
    trivial classifiers."""
    t, model, high = (np.asarray(a, dtype=float) for a in (t, nb.model, band_high))
    below, band_below = np.flatnonzero(model < 0), np.flatnonzero(high < 0)
    first = int(below[0]) if below.size else len(t)
    pc = np.asarray(cc.probability_cost, dtype=float)
    return {"nb_below_none_from": float(t[first]) if below.size else float("nan"),
            "nb_stays_below": bool(below.size and np.all(model[first:] < 0)),
            "nb_band_below_from": float(t[band_below[0]]) if band_below.size else float("nan"),
            "nb_above_all": bool(np.all(model >= np.asarray(nb.treat_all) - 1e-12)),
            "cc_below_trivial": bool(np.all(np.asarray(cc.normalized_cost)
                                            <= np.minimum(pc, 1 - pc) + 1e-12))}


def findings(*, cases: int, gaps: dict[str, float], registry: pd.DataFrame,
             moves: pd.DataFrame, choice: pd.DataFrame, per_seed: pd.DataFrame,
             one: dict[str, float], one_name: str, one_seed: int, ece: dict[str, float],
             prior: pd.DataFrame,
             coverage: pd.DataFrame, cov_sets: int, decision: pd.DataFrame, dec_sets: int,
             ex_bayes: float, ex_nb: list[str], ex_under: str, ex_under_lib: float,
             bayes_t: float, kept: dict[str, list[float]], curves: dict[str, Any]
             ) -> DeploymentFindings:
    """The findings from what the page computed (its tables and gaps)."""
    move: dict[str, Any] = {m: float(moves[m].abs().max()) for m in
                            ("precision", "f1", "mcc", "ap", "balanced_accuracy")}
    return DeploymentFindings(
        cases=cases, shift_gap=float(gaps["shift"]),
        registry_binary=len(registry),
        registry_invariant=int(registry["invariant (measured)"].sum()),
        registry_mismatch=int((registry["invariant (measured)"]
                               != registry["invariant (registry)"]).sum()),
        wa_gap=float(gaps["weighted accuracy"]), nb_gap=float(gaps["net benefit"]),
        brier_gap=float(gaps["Brier"]), auc_gap=float(gaps["rate-driven AUC"]),
        bayes_gap=float(gaps["Bayes threshold"]),
        data_sets=int(moves.index.nunique()),
        move_precision=move["precision"], move_f1=move["f1"], move_mcc=move["mcc"],
        move_ap=move["ap"], move_ba=move["balanced_accuracy"],
        **choice_fields(choice, per_seed, one, one_name, one_seed),
        ece_before=float(ece["before"]), ece_after=float(ece["after"]),
        **prior_fields(prior),
        prior_rank_gap=float(max(abs(kept["auroc"][0] - kept["auroc"][1]),
                                 abs(kept["ap"][0] - kept["ap"][1]))),
        brier_before=float(kept["brier"][0]), brier_after=float(kept["brier"][1]),
        **curves,
        **coverage_fields(coverage, cov_sets, decision, dec_sets),
        bayes_t=float(bayes_t), ex_bayes=float(ex_bayes), ex_nb_low=str(ex_nb[0]),
        ex_nb_high=str(ex_nb[1]), ex_under=str(ex_under), ex_under_lib=float(ex_under_lib))
