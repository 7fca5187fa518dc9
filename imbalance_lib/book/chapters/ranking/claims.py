"""The statements of the threshold-free chapter's prose, each with the finding that supports it.

Every claim reads fields of :class:`.findings.RankingFindings`. A Monte Carlo rate set
against a bound (a coverage band, "below 93 %") holds only with a margin of two Monte
Carlo standard errors: the findings carry each rate's bound already widened by that
margin (the fields named ``*_upper`` and ``*_lower``, or counts of cells clear of it).
"""

from __future__ import annotations

from imbalance_lib.book.claims import Claim

from .theory import TOL

__all__ = ["CLAIMS"]

CLAIMS = [
    Claim("auroc-pairs", "the AUROC equals the share of correctly ordered pairs, ties one half",
          lambda f: f.gap_pairs <= TOL),
    Claim("auroc-prevalence", "repeating every negative leaves the AUROC unchanged",
          lambda f: f.gap_prevalence <= TOL),
    Claim("auroc-one-point", "the AUROC of a hard prediction is its balanced accuracy",
          lambda f: f.gap_one_point <= TOL),
    Claim("random-ap", "the expected AP of a random ranking follows the harmonic formula",
          lambda f: f.random_ap_gap <= TOL),
    Claim("random-ap-above-prevalence", "a random ranking's expected AP exceeds the prevalence",
          lambda f: f.random_ap_1000_10_excess > 0),
    Claim("dominance-agrees", "ROC and PR dominance, each decided from its own curve as a "
          "piecewise-linear function (segments included), agree on every pair tried, "
          "crossing and dominating",
          lambda f: f.dom_disagree == 0 and f.dom_agree == f.dom_decisions
          and 0 < f.dom_roc < f.dom_decisions),
    Claim("dominance-constructed", "every pair made dominating by construction is found "
          "dominating in both spaces",
          lambda f: f.dom_lowered_found == f.dom_lowered),
    Claim("dominance-envelope-weaker", "with the best precision at that recall or higher, "
          "PR dominance is weaker than ROC dominance: it holds on some pairs ROC rejects, "
          "never the reverse",
          lambda f: f.dom_env_disagree > 0 and f.dom_env_weaker == f.dom_env_disagree),
    Claim("atomic-roc", "every atomic fix raises the AUROC by 1/(PN)",
          lambda f: f.atomic_gap_roc <= TOL),
    Claim("atomic-ap", "an atomic fix at rank r raises the AP by i/(P r (r+1))",
          lambda f: f.atomic_gap_ap <= TOL),
    Claim("atomic-price", "on the ranking of the exercise, a fix's AP gain is the precision at "
          "rank r after it divided by P(r+1): 1/30 at rank 2, where the precision is 1",
          lambda f: f.atomic_ex_top_gap <= TOL and f.atomic_ex_mid_gap <= TOL
          and f.atomic_ex_top_precision == 1 and f.atomic_ex_top_gap_30 <= TOL),
    Claim("ex-base-mean-below", "the no-skill average AP is below the reported 0.05",
          lambda f: f.ex_base_mean < f.ex_base_reported),
    Claim("ex-base-tail", "a random ranking reaches the reported AP more often than one time "
          "in twenty", lambda f: f.ex_base_tail > 0.05),
    Claim("linear-overstates", "the trapezoids overstate the exact area of the coarse score",
          lambda f: f.knn_linear > f.knn_dg),
    Claim("steps-understate", "the step sum (AP) lies below the exact area of the coarse score",
          lambda f: f.knn_ap < f.knn_dg),
    Claim("linear-coarse-larger", "the trapezoids' error on the coarse score is many (at least "
          "ten) times that on the distinct one",
          lambda f: f.knn_linear_excess >= 10 * abs(f.lr_linear_excess)),
    Claim("linear-negligible", "with distinct scores the trapezoids and the exact area agree "
          "to three decimals", lambda f: abs(f.lr_linear_excess) < 0.0005),
    # the shares of fixes are means over the seeds, set against a bound with a margin of
    # two standard errors of that mean
    Claim("auprc-starves-b", "optimising AUPRC gives the low-prevalence group far less than its "
          "share of the positives: on average over the seeds, less than a fifth of it (mean "
          "plus two standard errors)",
          lambda f: f.sub_auprc_share_b + 2 * f.sub_auprc_share_b_se
          < f.sub_mistakes_share_b / 5),
    Claim("auroc-feeds-b", "optimising AUROC gives the low-prevalence group more than its share "
          "of the positives on average over the seeds (mean minus two standard errors), "
          "though not in every seed",
          lambda f: f.sub_auroc_share_b - 2 * f.sub_auroc_share_b_se > f.sub_mistakes_share_b
          and f.sub_auroc_share_b_min < f.sub_mistakes_share_b),
    Claim("auprc-top-greedy", "in the calibrated experiment the highest mistake is, at every "
          "step of every seed, also the fix that raises AP most",
          lambda f: f.sub_top_best == f.sub_auprc_steps > 0),
    Claim("auprc-gain-a", "under AUPRC only the high-prevalence group's own AUROC improves, in "
          "every seed", lambda f: f.sub_auprc_gain_a > 0 and f.sub_auprc_gain_b_max == 0),
    Claim("mcd-agree", "all but one of the published per-group gains lie within noise of the "
          "re-run, and the exception has no seed-to-seed spread in the re-run",
          lambda f: f.mcd_beyond <= 1 and f.mcd_beyond_nonzero_se == 0),
    Claim("mcd-gap-fixes", "the one flagged gap is four fixes in total over the 20 seeds, none "
          "of which raised the low-prevalence group's AUROC in the published run, while "
          "every re-run fix in every seed swapped two high-prevalence samples",
          lambda f: abs(f.mcd_gap_fixes - 4) < 1e-6
          and f.mcd_gap_low_published == 0
          and f.mcd_gap_rerun_all_high),
    Claim("mcd-auprc-starves-low", "under AUPRC the low-prevalence group gains under a tenth of "
          "the high-prevalence group's AUROC gain, published and re-run",
          lambda f: f.mcd_auprc_low_ratio_max < 0.1),
    Claim("mcd-auroc-feeds-low", "under AUROC the low-prevalence group gains more AUROC than the "
          "high-prevalence group, published and re-run",
          lambda f: f.mcd_auroc_low_minus_high_min > 0),
    Claim("mcd-share-low", "in the re-run, AUROC gives the low-prevalence positives more than "
          "their share of fixes and AUPRC less",
          lambda f: f.mcd_share_low_auroc_min > f.mcd_pos_share_low
          > f.mcd_share_low_auprc_max),
    Claim("keel-minority", "AUROC and AP pick different models on a quarter to a third of the "
          "data sets in every fold split tried (between 20 and 35 %), the page's split "
          "among them",
          lambda f: 20 <= f.keel_differ_pct_min <= f.keel_differ_pct <= f.keel_differ_pct_max
          <= 35 and f.keel_splits >= 3),
    Claim("keel-splits-change", "the set of data sets with differing picks changes with the "
          "split: fewer differ in every split than in some split",
          lambda f: f.keel_differ_every < f.keel_differ_min <= f.keel_differ_max
          < f.keel_differ_some),
    Claim("keel-splits-noise", "in every split the significant AUROC and AP gaps stay within "
          "the binomial chance bound", lambda f: f.keel_split_over_bound == 0),
    Claim("keel-noise", "where they differ, the AUROC gap is beyond DeLong's 5 % level no more "
          "often than chance alone plausibly gives (at most the 97.5 % point of a binomial "
          "count of that many tests, exceeded with probability at most 0.025)",
          lambda f: f.keel_auroc_sig <= f.keel_chance_bound and f.keel_chance_tail <= 0.025),
    Claim("keel-ap-noise", "and the AP gap excludes 0 no more often",
          lambda f: f.keel_ap_sig <= f.keel_chance_bound),
    Claim("keel-agree-perfect", "some of the agreeing data sets agree because the common pick "
          "ranks perfectly (AUROC = AP = 1)",
          lambda f: 0 < f.keel_agree_perfect < f.keel_agree),
    # every coverage claim below holds with a margin of two Monte Carlo standard errors
    Claim("delong-small-under", "with 20 positives or fewer DeLong's interval undercovers",
          lambda f: f.cov_delong_small_upper < 93),
    Claim("delong-200-fine", "with 200 positives DeLong covers within 93-97 %",
          lambda f: 93 <= f.cov_delong_200_lower and f.cov_delong_200_upper <= 97),
    Claim("logit-better-small", "the logit interval covers more than DeLong's in most cells "
          "with 20 positives or fewer",
          lambda f: f.cov_logit_beats_small >= 2 * f.cov_small_cells / 3),
    Claim("logit-large", "from 50 positives the logit interval covers within 93-97 % in every "
          "cell", lambda f: 93 <= f.cov_logit_large_lower
          and f.cov_logit_large_upper <= 97),
    Claim("boot-few-under", "with 10 positives or fewer the AUROC bootstrap undercovers "
          "(below 93 % in every cell), like DeLong's interval",
          lambda f: f.cov_boot_few_upper < 93),
    Claim("boot-from-20", "from 20 positives the AUROC bootstrap's coverage cannot be told "
          "from the band with 200 test sets per cell (every cell within two standard "
          "errors of it)",
          lambda f: f.cov_boot_more_in_reach == f.cov_boot_more_cells > 0),
    Claim("ap-boot-ir1-under", "at IR 1 with 10 positives or fewer the AP bootstrap "
          "undercovers", lambda f: f.cov_ap_boot_ir1_upper < 93),
    Claim("paired-from-20", "from 20 positives the paired DeLong interval covers at least 93 %",
          lambda f: f.cov_paired_from20_lower >= 93),
    Claim("paired-separation", "at the larger separations the paired DeLong interval covers "
          "less than 93 % with 20 positives at some imbalance ratio (two standard errors)",
          lambda f: f.psep_20_below93 > 0),
    Claim("hm-over", "from 20 positives at IR 10 and 100 Hanley-McNeil's interval covers more "
          "than 97 % in every cell",
          lambda f: f.hm_over_from20 == f.hm_cells_from20 > 0),
    Claim("few-hm-edge", "the highest of those in-band Hanley-McNeil cells lies within half a "
          "point of the band's upper limit, so its verdict rests on a thin margin",
          lambda f: 96.5 <= f.few_hm_band_max and f.few_hm_band_max_upper <= 97),
    Claim("few-hm-near", "with 10 positives or fewer Hanley-McNeil's interval covers within the "
          "band in all cells at IR 10 and 100 but one, below it in that one, the only AUROC "
          "interval to reach 93 % there, and less than 93 % at IR 1",
          lambda f: f.few_hm_band == f.few_hm_cells - 1 > 0
          and f.few_hm_miss_upper < 93
          and f.few_hm_ir1_upper < 93 and f.few_narrow_imb_upper < 93),
    Claim("few-narrow-under", "with 10 positives or fewer DeLong's interval and the bootstrap "
          "cover less than 93 % in every cell, the logit interval in every cell but one",
          lambda f: f.few_delong_under == f.few_boot_under == f.few_cells
          and f.few_logit_under == f.few_cells - 1),
    Claim("few-logit-above-delong", "with 10 positives or fewer the logit interval covers more "
          "than DeLong's in every cell but one",
          lambda f: f.few_logit_over_delong >= f.few_cells - 1),
    Claim("perfect-ceiling", "a perfect ranking gets the interval [1, 1] from each of the four "
          "methods, so at IR 1 with 5 positives none of them covers more than the share of "
          "imperfect sets",
          lambda f: f.perfect_wide == 0 and f.perfect_share > 0
          and f.perfect_best_cover <= f.perfect_ceiling),
    Claim("paired-worst-few", "the paired DeLong interval's worst cell has fewer than 10 "
          "positives", lambda f: f.cov_paired_worst_pos < 10),
    Claim("logit-one-separation", "at a larger separation the logit interval covers less than "
          "92 % at 50 positives for some imbalance ratio",
          lambda f: f.sep_logit_below92 > 0),
    Claim("ap-logit-over", "the logit AP interval overcovers with balanced classes",
          lambda f: f.cov_ap_logit_ir1_lower > 96),
    Claim("ap-both-sides", "each AP interval covers less than 93 % in some cell and more than "
          "97 % in another",
          lambda f: min(f.cov_ap_logit_below, f.cov_ap_logit_above,
                        f.cov_ap_binomial_below, f.cov_ap_binomial_above) > 0),
    Claim("ap-bias", "at IR 100 with 20 positives or fewer the mean AP estimate exceeds the true "
          "AP by more than two standard errors in every cell",
          lambda f: f.ap_bias_z_min > 2),
    Claim("prg-random-below", "on finite test sets the mean AUPRG of a random ranking lies below "
          "0 by more than two standard errors",
          lambda f: f.prg_rand_1000_10_mean + 2 * f.prg_rand_1000_10_se < 0
          and f.prg_rand_200_2_mean + 2 * f.prg_rand_200_2_se < 0),
    Claim("prg-all-positive", "the always-positive classifier scores an AUPRG of 0",
          lambda f: abs(f.prg_all_positive_1000_10) <= TOL
          and abs(f.prg_all_positive_200_2) <= TOL),
    Claim("mcd-families", "in every seed family most of the gains agree with the published "
          "ones within noise, and the family shown has one of the smaller largest differences",
          lambda f: f.mcd_family_beyond_max < f.mcd_compared / 2
          and f.mcd_family_rank <= f.mcd_families / 2),
    Claim("atomic-top-not-best", "the highest-ranked mistake is not always the fix that raises "
          "AP most", lambda f: f.order_gain_low > f.order_gain_top),
]
"""The statements of the chapter's prose, each with the finding that supports it."""
