"""The sentences of the AC-score chapter that rest on its findings, as claims.

:data:`CLAIMS` read :class:`~.findings.AcFindings`, :data:`DIG_CLAIMS` the digits run and
:data:`GAU_CLAIMS` the Gaussian run (both :class:`~.findings.ExperimentFindings`). Each
claim's key stands beside its sentence in the notebook (``% claims: ...``).
"""

from __future__ import annotations

from imbalance_lib.book.claims import Claim

from .experiments import DOC_METRICS, OUR_METRICS
from .theory import TOL

__all__ = ["CLAIMS", "DIG_CLAIMS", "GAU_CLAIMS", "PROPERTY_KEYS"]

PROPERTY_KEYS = {
    "prop-min-le-ac": "min(TPR, TNR) <= AC",
    "prop-ac-le-gm": "AC <= GM",
    "prop-gm-le-ba": "GM <= BA",
    "prop-ac-le-two-min": "AC <= 2 min(TPR, TNR)",
    "prop-gm2-le-ac": "GM^2 <= AC",
    "prop-ac-gm2-ba": "AC = GM^2 / BA",
    "prop-ac-shrink": "AC = BA (1 - r^2)",
    "prop-gm-shrink": "GM^2 = BA^2 (1 - r^2)",
    "prop-ac-gm-equality": "AC = GM only if TPR = TNR or TPR TNR = 0",
    "prop-symmetric": "symmetric",
    "prop-null-biased": "null-biased (row scaling)",
    "prop-hmnc-weights": "1/HMNC = (N/n)/TPR + (P/n)/TNR (relative)",
    "prop-hmnc-sign": "sign(HMNC - AC) = sign((N - P)(TPR - TNR))",
    "prop-f1-sign": "sign(AC - F1) = sign(TNR - precision)",
}
"""The claim key of each statement the checker tries (:data:`~.theory.PROPERTIES`)."""


def _survives(statement: str):
    """The checker found no violation of ``statement`` beyond rounding noise."""
    return lambda f: f.prop_holds[statement] and f.prop_worst[statement] < TOL


CLAIMS = [
    *[Claim(key, f"no matrix tried violates {statement} beyond rounding", _survives(statement))
      for key, statement in PROPERTY_KEYS.items()],
    Claim("prop-count", "every statement the checker tries survives",
          lambda f: f.n_properties_hold == f.n_properties == len(PROPERTY_KEYS)),
    Claim("sympy", "the SymPy differences simplify to 0", lambda f: f.sympy_nonzero == 0),
    Claim("edge-gap-grid", "a fine grid of the section TNR = 0.5 finds the gap's maximum "
          "where the root of the cubic puts it",
          lambda f: abs(f.gap_grid_max - f.gap_half) < 1e-9
          and abs(f.gap_grid_t - f.gap_half_t) < 1e-5),
    Claim("edge-gap-near-edge", "the gap between GM and the AC-score peaks close to the edge",
          lambda f: f.gap_ratio < 0.25),
    Claim("order-condition", "between two classifiers of equal BA the AC-score separates them "
          "more than GM exactly when GM1 + GM2 > BA; at BA = 0.5 and r = 0.95 against 0.99 "
          "it separates them less",
          lambda f: f.pairs_break_with_condition == 0 and f.pairs_condition_fails == f.pairs_break
          and f.counter_d_ac < f.counter_d_gm),
    Claim("order-share", "some random pairs of equal BA break the order, beyond the "
          "simulation's uncertainty, and they are a small minority (under a tenth)",
          lambda f: 0 < f.pairs_low <= f.pairs_share <= f.pairs_high < 10),
    Claim("auroc-below-cut", "the AC-score of a cut can exceed the ROC AUC of the scores, "
          "also for scores that rank better than chance",
          lambda f: f.example_ac > f.example_auroc > 0.5),
    Claim("tie-overstates", "one sample at a time reports a best AC-score above any threshold's",
          lambda f: f.tie_reported_max > f.tie_exact),
    Claim("tie-order-dependent", "the best AC-score it reports depends on the storage order",
          lambda f: f.tie_reported_min < f.tie_reported_max),
    Claim("tie-exact-order-free", "the grouped sweep reports the same optimum in every order",
          lambda f: f.tie_exact_spread == 0),
    Claim("tie-mismatch", "its returned threshold sometimes does not reproduce its matrix",
          lambda f: f.tie_mismatch > 0),
    Claim("tie-exact-achieved", "the grouped sweep's optimum is achieved by its threshold",
          lambda f: abs(f.tie_exact - f.tie_exact_applied) < TOL),
    Claim("tie-fewer-cuts", "the grouped sweep has far fewer candidate cuts",
          lambda f: f.tie_distinct + 1 < f.tie_n / 10),
    Claim("const-reported", "a constant score is reported with a positive AC-score",
          lambda f: f.const_lo > 0.1),
    Claim("const-order-dependent", "what a constant score is reported with depends on the order",
          lambda f: f.const_lo < f.const_hi),
    Claim("caption-e", "the caption's counts disagree with Section 3.2 for panel (e) only",
          lambda f: f.caption_mismatch == ["e"]),
    Claim("code-agrees", "Section 3.2 and the authors' code give the same test counts",
          lambda f: f.code_mismatch == 0),
    Claim("const-best-zero", "no threshold of a constant score or of all ones does better than 0",
          lambda f: f.const_best == 0 and f.ones_best == 0),
    Claim("ones-perfect", "all-ones stored negatives first are reported as a perfect classifier",
          lambda f: f.ones_stored == 1),
    Claim("doc-statements", "of the document's seven statements about the metric, four hold "
          "as stated (symmetric, null-biased, equal to the common rate, below GM and BA), two "
          "in one sense only (below the one-point AUROC but not below every ROC AUC of "
          "scores; close to GM near the edges in difference, not in ratio), and one does not "
          "(the harshest penalty)",
          lambda f: f.doc_symmetric and f.doc_null_biased and f.doc_agrees and f.doc_below_gm_ba
          and f.doc_below_auroc_one_point and not f.doc_below_auroc_scored
          and f.doc_near_gm_absolute and not f.doc_near_gm_relative and not f.doc_harshest
          and (f.doc_n, f.doc_hold, f.doc_qualified, f.doc_fail) == (7, 4, 2, 1)),
]
"""Sentences of the prose that rest on :class:`~.findings.AcFindings`."""


def _reading(f) -> bool:
    """The document's reading of Fig. 2: at 1:3 and 3:1 NMC ahead, most on AC, then GM, BA."""
    return (f.ac_diff_13 > f.gm_diff_13 > f.ba_diff_13 > 0
            and f.ac_diff_31 > f.gm_diff_31 > f.ba_diff_31 > 0)


DIG_CLAIMS = [
    Claim("dig-lda-beyond-2se", "on the digits LDA's mean advantage exceeds two standard "
          "errors on most of the metrics in every condition, but not on all of them",
          lambda f: all(len(OUR_METRICS) / 2 < sig <= better for sig, better in (
              (f.n_lda_sig_13, f.n_lda_better_13), (f.n_lda_sig_11, f.n_lda_better_11),
              (f.n_lda_sig_31, f.n_lda_better_31)))
          and min(f.n_lda_sig_13, f.n_lda_sig_11, f.n_lda_sig_31) < len(OUR_METRICS)),
    Claim("dig-lda-never-worse", "on the digits LDA is at least as good as NMC by every metric "
          "in every condition",
          lambda f: f.n_nmc_better_13 == f.n_nmc_better_11 == f.n_nmc_better_31 == 0),
    Claim("dig-doc-verdict", "on the digits the document's reading does not hold",
          lambda f: not _reading(f) and f.doc_verdict == "does not hold"),
    Claim("dig-nmc-ahead-sometimes", "in single repetitions NMC's AC-score is sometimes "
          "above LDA's, but in every condition less often than below it",
          lambda f: f.nmc_ahead > 0 and f.nmc_ahead_13 < f.nmc_behind_13
          and f.nmc_ahead_11 < f.nmc_behind_11 and f.nmc_ahead_31 < f.nmc_behind_31),
    Claim("dig-ac-not-first", "the AC-score does not show the largest NMC advantage "
          "among our metrics in any condition",
          lambda f: min(f.ac_rank_13, f.ac_rank_11, f.ac_rank_31) > 1),
    Claim("dig-ac-not-first-doc", "nor among the document's metrics (a rank between 2 and "
          "their number)",
          lambda f: all(1 < r <= len(DOC_METRICS)
                        for r in (f.ac_rank11_13, f.ac_rank11_11, f.ac_rank11_31))),
    Claim("dig-lda-ac-higher", "averaged over all conditions LDA's AC-score is above NMC's",
          lambda f: f.ac_lda > f.ac_nmc and f.auroc_lda >= f.auroc_nmc),
    Claim("dig-priors-few", "equal priors change at most one in a thousand of LDA's test "
          "predictions", lambda f: 1000 * f.prior_changed <= f.prior_total),
    Claim("dig-ties-counted", "mean and median NMC tie in some but not all of the fits, and "
          "the median changes the test AC-score in at most the tied fits, by at most the "
          "largest change stated",
          lambda f: 0 < f.ties < f.fits and f.tie_changed <= f.ties
          and f.tie_maxchange > 0 and abs(f.tie_rep0) <= f.tie_maxchange),
    Claim("dig-tie-plotted", "the plotted repetition does have such a tie, and the median "
          "NMC would change its test AC-score",
          lambda f: f.tie_in_plotted and f.tie_plotted == "does" and abs(f.tie_rep0) > TOL),
    Claim("dig-tie-rule-harmless", "under the authors' tie rule NMC is still ahead on no "
          "metric's mean, the AC-score ranks first in no condition on either list, NMC's "
          "mean AC-score stays below LDA's in every condition and the document's reading "
          "still does not hold",
          lambda f: f.tie_n_nmc_better == 0 and f.tie_ac_rank_min > 1
          and f.tie_ac_rank11_min > 1 and f.tie_gap < 0
          and f.tie_doc_verdict == "does not hold"),
    Claim("dig-baselines-as-lda", "on the digits the baselines' mean AC-scores differ from "
          "LDA's by less than a tenth of NMC's difference from LDA, in every condition",
          lambda f: max(abs(f.eq_over_lda_13), abs(f.oop_over_lda_13)) < abs(f.nmc_over_lda_13) / 10
          and max(abs(f.eq_over_lda_11), abs(f.oop_over_lda_11)) < abs(f.nmc_over_lda_11) / 10
          and max(abs(f.eq_over_lda_31), abs(f.oop_over_lda_31)) < abs(f.nmc_over_lda_31) / 10),
]
"""Sentences of the prose that rest on the digits run."""

GAU_CLAIMS = [
    Claim("gau-doc-verdict", "on the Gaussian classes the document's reading holds",
          lambda f: _reading(f) and f.doc_verdict == "holds"),
    Claim("gau-stable", "between 1:3 and 3:1 every single-class metric moves in the ranking, "
          "the AC-score, GM, BA, MCC and the averaged F keep their places, and the mean "
          "differences of MCC and the averaged F are smaller than BA's",
          lambda f: f.shift_single_min > 0
          and f.shift_ac == f.shift_gm == f.shift_ba == f.shift_mcc == f.shift_favg == 0
          and f.mcc_favg_over_ba < 1),
    Claim("gau-nmc-wins", "at 1:3 and 3:1 NMC wins on the AC-score, GM and BA",
          lambda f: f.ba_diff_13 > 0 and f.ba_diff_31 > 0),
    Claim("gau-order-why", "at 1:3 and 3:1 the two classifiers' BA differ, and the one with "
          "the lower BA, LDA, is also the less balanced (larger mean |r|)",
          lambda f: f.ba_diff_13 > 0 and f.ba_diff_31 > 0
          and f.r_lda_13 > f.r_nmc_13 and f.r_lda_31 > f.r_nmc_31),
    Claim("gau-order", "the AC-score separates the two most, then GM, then BA",
          lambda f: f.ac_diff_13 > f.gm_diff_13 > f.ba_diff_13
          and f.ac_diff_31 > f.gm_diff_31 > f.ba_diff_31),
    Claim("gau-ac-second", "the AC-score ranks second, behind only the recall of the "
          "minority class",
          lambda f: f.ac_rank_13 == f.ac_rank_31 == 2
          and f.top_13 == "specificity" and f.top_31 == "sensitivity"),
    Claim("gau-balanced-level", "at 1:1 the AC-score difference, and every other metric's, "
          "is smaller than its SD between repetitions",
          lambda f: abs(f.ac_diff_11) < f.ac_sd_11 and f.n_signal_11 == 0),
    Claim("gau-lda-trades", "LDA has the higher sensitivity and the lower specificity at "
          "1:3, the reverse at 3:1",
          lambda f: f.lda_sens_gap_13 > 0 > f.lda_sens_gap_31
          and f.lda_spec_gap_13 < 0 < f.lda_spec_gap_31),
    Claim("gau-lda-majority", "at 1:3 and 3:1 LDA wins on accuracy and on the recall and F "
          "of the majority class", lambda f: f.lda_majority_13 and f.lda_majority_31),
    Claim("gau-equal-priors-beat", "LDA with equal priors beats NMC in most repetitions",
          lambda f: min(f.eq_above_13, f.eq_above_31) > f.n_reps / 2),
    Claim("gau-oop-level", "LDA with the NMC's cut search is level with NMC: mean "
          "differences under a fifth of the SD of NMC - LDA between repetitions",
          lambda f: abs(f.oop_diff_13) < f.ac_sd_13 / 5 and abs(f.oop_diff_31) < f.ac_sd_31 / 5),
    Claim("gau-all-ahead-of-lda", "NMC and both baselines are ahead of LDA with "
          "empirical priors by more than twice the SD of NMC - LDA between repetitions",
          lambda f: min(f.nmc_over_lda_13, f.eq_over_lda_13, f.oop_over_lda_13) > 2 * f.ac_sd_13
          and min(f.nmc_over_lda_31, f.eq_over_lda_31, f.oop_over_lda_31) > 2 * f.ac_sd_31),
]
"""Sentences of the prose that rest on the Gaussian run."""
