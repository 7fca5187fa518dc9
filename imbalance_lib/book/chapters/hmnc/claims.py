"""The statements of the HMNC chapter's prose, each with the findings that support it.

Four lists, one per record: :data:`THEORY_CLAIMS` (derivations),
:data:`TABLE_CLAIMS` (Burduk's tables), :data:`SENSITIVITY_CLAIMS` (heat maps and
the measured sensitivity claim) and :data:`CHOICE_CLAIMS` (the re-run on data).
"""

from __future__ import annotations

from imbalance_lib.book.claims import Claim
from imbalance_lib.book.exact import fraction_of

from .experiments import MORE_SEEDS, SEEDS
from .theory import MEANS

__all__ = ["THEORY_CLAIMS", "TABLE_CLAIMS", "SENSITIVITY_CLAIMS", "CHOICE_CLAIMS",
           "WORKED_CLAIMS"]


def _range_runs(shares: dict, first: str, last: str) -> bool:
    """Is ``shares[first]`` the smallest and ``shares[last]`` the largest of the three IRs?"""
    return shares[first] == min(shares.values()) and shares[last] == max(shares.values())


THEORY_CLAIMS = [
    Claim("symbolic", "sympy reduces the difference of the two sides of the definition, the "
          "four forms and the duality to 0", lambda f: f.symbolic_zeros == f.symbolic_n > 0),
    Claim("forms", "il.hmnc equals the closed form and forms (1)-(3) on every matrix tried, "
          "and is 0 exactly when a class is missed", lambda f: f.forms_held == f.forms_n == 2),
    Claim("ranges", "HMNC lies between the recalls, |MCC| <= 1 and kappa >= -2PN/(P^2 + N^2) "
          "on every matrix tried", lambda f: f.ranges_held == f.ranges_n == 3),
    Claim("equalities", "the duality, the equality theorem and the five differences of the "
          "necessity theorem hold on every matrix tried",
          lambda f: f.equalities_held == f.equalities_n == 3),
    Claim("kappa-min", "with the document's class sizes kappa's minimum is the bound, attained "
          "only at TP = TN = 0, and it is above -1",
          lambda f: f.kappa_min_at_origin and all(-1 < v < 0 for v in f.kmin.values())),
    Claim("mcc-min", "MCC reaches -1 with the document's class sizes",
          lambda f: f.mcc_min_margins == -1),
    Claim("noskill", "a no-skill classifier's best HMNC follows (1 + IR)/(1 + sqrt IR)^2 and "
          "beats every classifier of Table 1 at IR = 0.01",
          lambda f: f.noskill_formula_gap < 1e-12 and f.noskill["0.01"] > f.noskill_best_t1
          and f.noskill_t1_beaten == f.noskill_t1_n == 4),
    Claim("noskill-minority", "the best no-skill classifier predicts the minority class most "
          "of the time", lambda f: f.noskill_minshare > 0.5),
    Claim("hmnc-near-minority-recall", "over Table 1, HMNC is within 0.01 of the minority recall",
          lambda f: f.maxgap_t1 < 0.01),
    Claim("diagonal-means", "on TPR = TNR exactly the means of the two recalls return t",
          lambda f: set(f.means_on_diagonal) == MEANS),
    Claim("diagonal-op", "optimized precision returns t on the diagonal when 0 < t < 1",
          lambda f: f.op_on_diagonal == 1.0),
    Claim("diagonal-others", "the other metrics miss t in almost every case when P != N",
          lambda f: f.others_on_diagonal_max < 0.25
          and f.others_but_map_on_diagonal_max == 0 and f.macro_precision_half),
    Claim("zero-not-all-wrong", "0 does not mean every object is misclassified: the "
          "all-majority classifier gets HMNC = G-mean = 0 with most objects right, and the "
          "all-minority classifier F1 = 0 with some objects right",
          lambda f: f.all_majority_hmnc_gm_zero_acc and f.all_minority_f1_zero_some_right),
    Claim("macro-precision-half", "macro precision equals t at t = 1/2 for every P, N",
          lambda f: f.macro_precision_half),
    Claim("pairs", "the equality sets of the six pairs are exactly those of the theorem; four "
          "pairs coincide on a second curve when P != N, ACC = BACC only when P = N and "
          "BACC = G-mean only on the diagonal",
          lambda f: f.pair_mismatches == 0 and f.pairs_second_curve == 4
          and f.acc_bacc_off_p_ne_n == 0 and f.bacc_gm_off == 0),
    Claim("extra-curve", "at IR = 0.25, (TP, TN) = (50, 200) gives HMNC = ACC = GM below BACC",
          lambda f: f.extra_coincide and f.extra_h < f.extra_ba),
]
"""The derivations' sentences (record ``hmnc_theory``)."""

TABLE_CLAIMS = [
    Claim("values-reproduced", "every metric value of Tables 1-3 is reproduced at the printed "
          "precision", lambda f: f.n_values_agree == f.n_values > 0),
    Claim("diff-misses-explained", "the differences that disagree are the MCC and kappa cells "
          "(halved) and one copied G-mean cell",
          lambda f: f.n_diff_miss == f.n_diff_miss_mk + f.n_copied
          and f.n_copied == len(f.copied_cells) == 1
          and f.copied_cells == [["Table 1", "|1-3|", "G-mean"]] and f.n_unexplained == 0),
    Claim("rescaled", "halving reproduces every MCC and kappa difference cell; the textbook "
          "difference only two kappa cells",
          lambda f: f.n_mk_h3 == f.n_mk and f.n_mk_h0 == 2),
    Claim("rounded-half-up", "values are rounded half up, not truncated; truncation "
          "reproduces only some of the difference cells",
          lambda f: f.acc_t1_2_trunc != 0.7 and f.mcc_t1_3_trunc != 0.09
          and f.n_h2_miss > 0 and f.n_h2_hit + f.n_h2_miss == f.n_cells),
    Claim("unrounded-differences", "differences are taken from unrounded values; the "
          "difference of the rounded values reproduces only some of the F1 cells",
          lambda f: f.n_f1_h1_miss > 0 and f.n_f1_h1_hit + f.n_f1_h1_miss == f.n_f1
          and round(f.f1_t1_14, 2) == 0.0 and round(f.f1_t3_14, 2) == 0.02),
    Claim("copied-cell", "the G-mean difference |1-3| of Table 1 is 0.2, not the printed 0.09, "
          "and halving does not give 0.09 either; Tables 2 and 3 print 0.2 there, and 0.09 "
          "is the printed entry of the rows |1-2| and |1-4| around it",
          lambda f: abs(f.gm_t1_13 - 0.2) < 1e-9 and f.gm_t1_13_half != 0.09
          and f.gm_t1_13_is_neighbours and f.gm_13_other_tables < 1e-12),
    Claim("reading-needs-rescaling", "the document's reading of its tables holds in every row "
          "only with MCC and kappa rescaled",
          lambda f: f.claims_resc == f.claims_n > f.claims_raw
          and f.t3_14_mcc > f.t3_14_hmnc),
]
"""The sentences on Burduk's Tables 1-3 (record ``hmnc_tables``)."""

SENSITIVITY_CLAIMS = [
    Claim("ir-free", "the BACC and G-mean maps do not depend on IR",
          lambda f: f.ir_free_gap < 1e-12),
    Claim("kappa-squeezed", "at IR = 0.01 |kappa| < 0.1 on most of the plane",
          lambda f: f.kappa_share_001 > 0.5),
    Claim("finite-differences", "finite differences agree with the partial derivatives "
          "(median relative error below 1e-3)",
          lambda f: f.fd_median < 1e-3 and f.fd_q99 < 2e-2),
    Claim("comparative-only-part", "the comparative claim holds on only part of TP/P > IR "
          "(well under three quarters) at every IR",
          lambda f: all(0 < v < 0.75 for v in f.both.values())),
    Claim("comparative-tables", "in the tables' region it holds almost everywhere with MCC and "
          "kappa halved", lambda f: all(v >= 0.9 for v in f.both_tab.values())),
    Claim("comparative-raw-scale", "on MCC's and kappa's own scale the tables' share at "
          "IR = 0.25 drops well below, while at IR = 0.01 and 0.1 it stays almost everywhere",
          lambda f: 0.5 < f.both_tab_raw["0.25"] < 0.7
          and f.both_tab_raw["0.25"] < f.both_tab["0.25"]
          and min(f.both_tab_raw["0.01"], f.both_tab_raw["0.1"]) >= 0.9),
    Claim("comparative-raw-all", "with MCC and kappa on their own scale the shares of TP/P > IR "
          "move by more than five points at some IR and change their order in IR, and stay under "
          "three quarters at every IR",
          lambda f: all(0 < v < 0.75 for v in f.both_raw.values())
          and max(abs(f.both_raw[k] - f.both[k]) for k in f.both) > 0.05
          and sorted(f.both, key=f.both.get) != sorted(f.both_raw, key=f.both_raw.get)),
    Claim("any-tn-fails-small-tnr", "the extension to any TN fails on a sixth of the strip, "
          "mostly at small TNR, the rest a sliver",
          lambda f: all(0.75 < v < 0.9 for v in f.any.values())
          and all(v > 0.75 for v in f.fail_small.values()) and f.fail_high_max < 0.05),
    Claim("shares-in-order", "the shares the prose gives as a range run from the IR it names "
          "first to the IR it names last",
          lambda f: _range_runs(f.both_tab, "0.25", "0.01") and _range_runs(f.fail, "0.1", "0.01")
          and _range_runs(f.fail_small, "0.25", "0.01")),
    Claim("per-sample-everywhere", "per sample, a minority sample moves HMNC more than a "
          "majority sample everywhere in TP/P > IR",
          lambda f: all(v == 1.0 for v in f.per_sample.values())),
    Claim("who-beats-hmnc", "where HMNC is not the flattest in TPR, kappa (and MCC from "
          "IR = 0.1) is; where it is not the most minority-sensitive, G-mean, BACC or MCC is",
          lambda f: f.beat_maj == {"0.01": ["Kappa"], "0.1": ["Kappa", "MCC"],
                                   "0.25": ["Kappa", "MCC"]}
          and f.beat_min == {"0.01": ["BACC", "G-mean"], "0.1": ["BACC", "G-mean", "MCC"],
                             "0.25": ["BACC", "G-mean", "MCC"]}),
    Claim("isolines", "by the direction of its isolines HMNC is the most minority-leaning "
          "metric on most of TP/P > IR", lambda f: all(v > 0.8 for v in f.flat.values())),
]
"""The sentences on the heat maps and the measured sensitivity (record ``hmnc_sensitivity``)."""

CHOICE_CLAIMS = [
    Claim("choice-extreme", "over 60 repetitions, no metric picks a higher minority recall "
          "or a lower majority recall than HMNC on either task; HMNC is alone at that "
          "extreme on Satimage in every repetition, on Glass in a share below one by more "
          "than two standard errors, and wherever it is not alone balanced accuracy picks "
          "the same operating point",
          lambda f: f.exp_reps == len(SEEDS) + len(MORE_SEEDS) == 60
          and f.exp_unbeaten == f.exp_reps
          and f.exp_alone["Satimage"] == f.exp_reps
          and f.exp_alone_share["Glass"] + 2 * f.exp_alone_se["Glass"] < 1
          and f.exp_tie_cases == f.exp_reps - f.exp_alone["Glass"] == f.exp_tie_bacc > 0),
    Claim("choice-below-ba", "on both tasks HMNC's choice keeps on average less of the "
          "majority class than balanced accuracy's, and in no repetition more",
          lambda f: set(f.exp_tnr) == {"Glass", "Satimage"}
          and all(f.exp_tnr[t] < f.exp_tnr_ba[t] and f.exp_higher_tnr_than_ba[t] == 0
                  for t in f.exp_tnr)),
    Claim("choice-acc-glass", "accuracy's choice on Glass never predicts type 3, in any of "
          "the repetitions", lambda f: f.exp_acc_tpr_max["Glass"] == 0),
]
"""The sentences on the re-run (record ``hmnc_choice``)."""

WORKED_CLAIMS = [
    Claim("iso-45", "where TPR = sqrt(IR) TNR, HMNC's isolines run at 45 degrees to the axes",
          lambda f: abs(f.iso_angle - 45) < 1e-3),
    Claim("ex-form", "form (2) by hand gives il.hmnc's value for Psi_2 of Table 2",
          lambda f: abs(float(fraction_of(f.ex_form_frac)) - f.ex_form_hmnc)
          < 1e-12),
    Claim("ex-sensitivity", "(TP/TN)^2 exceeds the misclassified majority samples, and one "
          "more minority sample beats classifying every majority sample correctly",
          lambda f: f.ex_sens_ratio > f.ex_sens_left and f.ex_sens_minority_wins),
    Claim("ex-kappa-min", "-2PN/(P^2 + N^2) is the smallest kappa over every matrix",
          lambda f: abs(float(fraction_of(f.ex_kappa_min_frac))
                        - f.ex_kappa_min_found) < 1e-12),
]
"""The worked numbers: the isoline angle and the exercises' solutions (record ``hmnc_worked``)."""
