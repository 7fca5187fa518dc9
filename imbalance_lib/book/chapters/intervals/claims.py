"""The statements of the intervals chapter's prose, each with the findings that support it.

A Monte Carlo rate set against a bound (a coverage band, "below 93 %") holds only with a
margin of two Monte Carlo standard errors of its cell, ``sqrt(p (1 - p) / n)``
(:func:`~imbalance_lib.book.claims.mc_below`, :func:`~imbalance_lib.book.claims.mc_above`);
a rate said to be consistent with a band lies in it or within two standard errors of it
(:func:`~imbalance_lib.book.claims.mc_near`).
"""

from __future__ import annotations

import numpy as np

from imbalance_lib.book.claims import Claim, mc_above, mc_below, mc_near, mc_se

from .experiments import SIZES
from .findings import which
from .theory import p_text, range_text


def _pct(x):
    return np.asarray(x, float) / 100


def _kink_short(f) -> int:
    """Settings of the kink study where the default is clearly below 93 %."""
    return sum(mc_below(p, f.kink_sets, 0.93) for p in _pct(f.kink_default))


def _cells(values, n_sets, test) -> int:
    """Cells (in %) where ``test(rate, n)`` holds (``n_sets``: one number or one per cell)."""
    return sum(test(p, int(n)) for p, n in zip(_pct(values), np.broadcast_to(n_sets, len(values))))


def _above97(values, n_sets) -> int:
    return _cells(values, n_sets, lambda p, n: mc_above(p, n, 0.97))


def _same(glued, value) -> bool:
    """A glued percentage (one decimal) is the value it rounds."""
    return abs(glued - value) < 0.051


def _below93(values, n_sets) -> int:
    return _cells(values, n_sets, lambda p, n: mc_below(p, n, 0.93))


def _unsure93(values, n_sets) -> int:
    """Cells within two Monte Carlo standard errors of 93 %."""
    return _cells(values, n_sets, lambda p, n: not (mc_below(p, n, 0.93) or mc_above(p, n, 0.93)))


def _few_bayes(f) -> tuple:
    """The resampled interval's cells of the few-disagreements study, and their sizes."""
    return f.few_bayes_nested + f.few_bayes_twoway, f.few_n_nested + f.few_n_twoway


def _worst_range(f) -> bool:
    """The worst nested cell's standard error and two-standard-error range, as glued."""
    n = f.few_n_nested[int(np.argmin(f.few_bayes_nested))]
    se = 100 * mc_se(min(f.few_bayes_nested) / 100, n)
    return n == f.few_bayes_worst_n and abs(f.few_bayes_worst_se - se) < 0.006 \
        and _same(f.few_bayes_worst_lo, min(f.few_bayes_nested) - 2 * se) \
        and _same(f.few_bayes_worst_hi, min(f.few_bayes_nested) + 2 * se)


def _sym_agree(f) -> bool:
    se = np.hypot(mc_se(f.sym_default / 100, f.sym_sets), mc_se(f.kink_default_sym / 100,
                                                                f.kink_sets))
    return abs(f.sym_default - f.kink_default_sym) / 100 < 2 * se \
        and abs(100 * se - f.sym_diff_se) < 0.06


def _burduk(f):
    """Per table (10, 100, 250 negatives): count, seed range (low, high, as glued), nested."""
    return [(f.b_yes_1, f.b_seed_lo_1, f.b_seed_hi_1, f.b_seed_range_1, f.b_nested_1),
            (f.b_yes_2, f.b_seed_lo_2, f.b_seed_hi_2, f.b_seed_range_2, f.b_nested_2),
            (f.b_yes_3, f.b_seed_lo_3, f.b_seed_hi_3, f.b_seed_range_3, f.b_nested_3)]


def _lowest_95(f) -> float:
    return min(c for c, n in zip(f.kink_lim_cov, f.kink_lim_nominal) if n == 95)


CLAIMS = [
    # Brodersen's posterior
    Claim("ba-resampled-exact", "the resampled quantiles of BA agree with the exact convolution "
          "to within the Monte Carlo error of 20,000 resamples (below 0.01)",
          lambda f: f.ba_gap_max < 0.01),
    Claim("biased-not-shown", "the biased classifier is not shown to be better than chance: "
          "its BA interval contains 0.5",
          lambda f: f.bias_ba_low_raw < 0.5 < f.bias_ba_high_raw),
    Claim("biased-acc-high", "its accuracy is far above its balanced accuracy",
          lambda f: f.bias_acc > f.bias_ba + 0.2),
    # coverage of the default method
    Claim("mc-se", "with 800 sets the Monte Carlo standard error near 95 % is under one point",
          lambda f: f.cov_mc_se < 1 and f.cov_sets == 800),
    Claim("iam-same-events", "each IAM interval covers exactly when its CBA interval does",
          lambda f: f.iam_cba_differ == 0 and f.cov_n - f.cov_n_distinct == f.cov_n // 10),
    Claim("content-below-95", "with 400 resamples the expected content is below 95 %",
          lambda f: f.cov_content < 95),
    Claim("cluster-below-95", "many coverages sit just below 95 %: the median lies between "
          "93 % and 95 %", lambda f: 93 <= f.cov_median <= 95),
    Claim("two-from-10", "for two classes from 10 minority samples on every coverage lies in "
          "the band or within two Monte Carlo standard errors of it, on both sides",
          lambda f: mc_near(f.cov_two_min10, f.cov_sets, 0.93, 0.97)
          and mc_near(f.cov_two_max10, f.cov_sets, 0.93, 0.97)),
    Claim("two-at-5", "at 5 samples the binary coverage falls clearly below the band in one "
          "setting (two classes of 5, IR 1) and is clearly above 95 % at IR 100 in another",
          lambda f: mc_below(f.cov_two_min5, f.cov_sets, 0.93) and f.cov_two_min5_ir == 1
          and mc_above(f.cov_two_max5, f.cov_sets, 0.95) and f.cov_two_max5_ir == 100),
    Claim("three-worst-balanced", "with three classes the default undercovers most where the "
          "classes are balanced (IR 1, clearly below the band), and at IR 100 its worst cell "
          "is within two Monte Carlo standard errors of the band's lower end",
          lambda f: f.cov_three_worst_ir == 1 and mc_below(f.cov_three_ir1, f.cov_sets, 0.93)
          and mc_near(f.cov_three_ir100, f.cov_sets, 0.93, 0.97)),
    Claim("three-worst-cell", "the glued worst three-class cell is the worst of all sizes and "
          "IRs, the IR 1 worst, at 5 a class",
          lambda f: f.cov_three_worst == f.cov_three_ir1 == f.cov_three_5_ir1
          and f.cov_three_worst_p == 5 and f.cov_three_worst <= f.cov_three_lo),
    Claim("three-short-10-50", "from 10 to 50 minority samples the three-class default is "
          "still clearly below the band",
          lambda f: mc_below(f.cov_three_lo, f.cov_sets, 0.93)),
    Claim("three-boot-better", "for three balanced classes (IR 1) the stratified bootstrap "
          "covers more than the default at every size from 5 to 50 a class, and from 10 "
          "samples on its worst three-class cell is above the default's",
          lambda f: f.boot_ir1_more == f.boot_ir1_n == 4 and f.boot_three_lo > f.cov_three_lo),
    Claim("symmetric-both-short", "with three equal classes of 20 and symmetric errors both "
          "methods fall clearly short of the band, the default far (clearly below 85 %) and "
          "the bootstrap less far",
          lambda f: f.sym_default < f.sym_boot
          and mc_below(f.sym_boot / 100, f.sym_sets, 0.93)
          and mc_below(f.sym_default / 100, f.sym_sets, 0.85)),
    Claim("symmetric-agrees", "the symmetric check's default and the kink study's default in "
          "the same setting agree within two standard errors of their difference (as glued)",
          _sym_agree),
    Claim("cba-biased-low", "the plug-in CBA is biased low with balanced classes (the chapter's "
          "rates at IR 1 and the symmetric errors), and hardly at IR 100",
          lambda f: f.cba_bias_sym < 0 and f.cba_bias_ir1 < 0
          and abs(f.cba_bias_ir100) < abs(f.cba_bias_ir1) / 5),
    Claim("kink-in-band", "the kink-corrected interval covers within the 93-97 % band, or "
          "within two Monte Carlo standard errors of it, in every three-class setting of the "
          "kink study, 5 a class included",
          lambda f: mc_near(f.kink_min / 100, f.kink_sets, 0.93, 0.97)
          and mc_near(f.kink_max / 100, f.kink_sets, 0.93, 0.97) and f.kink_n == 12),
    Claim("kink-default-short", "on the same test sets the default falls clearly below 93 % in "
          "at least half of the settings (as glued), and stays clearly below 85 % with evenly "
          "spread errors",
          lambda f: f.kink_default_short == _kink_short(f) >= f.kink_n / 2
          and mc_below(f.kink_default_even_max / 100, f.kink_sets, 0.85)),
    Claim("kink-cheap", "the corrected intervals are at most 15 % wider than the default's",
          lambda f: f.kink_width_max <= 1.15),
    Claim("kink-lopsided", "the corrected interval's misses are lopsided: the truth lies above "
          "it more often than below", lambda f: f.kink_above > 2 * f.kink_below),
    Claim("kink-limits", "with four or five classes, with 3 or 5 samples a class and at the 80 % "
          "level the corrected interval covers clearly less than its nominal level, and nearly "
          "all of its misses lie above it",
          lambda f: all(mc_below(c / 100, f.kink_sets, n / 100)
                        for c, n in zip(f.kink_lim_cov, f.kink_lim_nominal))
          and f.kink_lim_above_share >= 0.9),
    Claim("kink-lim-lowest", "five classes of 20 give the lowest coverage at the 95 % level, "
          "and the interval at a nominal 80 % covers less still",
          lambda f: abs(f.kink_lim_k5 - _lowest_95(f)) < 0.06 and f.kink_lim_80 < f.kink_lim_k5),
    Claim("prior-at-5", "at 5 a class and IR 1 the bootstrap, which has no prior, covers "
          "better than the default, by more than two standard errors of the difference",
          lambda f: f.boot_three_5 - f.cov_three_5_ir1 > 2 * np.hypot(
              mc_se(f.boot_three_5, f.cov_sets), mc_se(f.cov_three_5_ir1, f.cov_sets))),
    Claim("boot-binary-fails", "the bootstrap covers clearly less than half at 5 samples for a "
          "binary metric, clearly below 80 % at 10, and at 50 its worst cell is below the "
          "band but within two Monte Carlo standard errors of it",
          lambda f: mc_below(f.boot_min, f.cov_sets, 0.5)
          and mc_below(f.boot_min10, f.cov_sets, 0.8)
          and f.boot_min50 < 0.93 and mc_near(f.boot_min50, f.cov_sets, 0.93, 0.97)),
    Claim("none-at-5", "at 5 minority samples no method holds the band for every metric",
          lambda f: mc_below(f.cov_min5, f.cov_sets, 0.93)
          and mc_below(f.boot_min5, f.cov_sets, 0.93)),
    Claim("no-majority-undefined", "almost no test set is left without an interval (clearly "
          "below 1 %)", lambda f: mc_below(f.no_interval, f.cov_sets, 0.01)),
    # paired coverage
    Claim("paired-often-holds", "no cell of the often-disagreeing pair is clearly below 93 %, "
          "and the glued extremes are right",
          lambda f: _below93(f.pc_often, f.pc_sets) == 0
          and _same(f.pc_often_min, min(f.pc_often))
          and _same(f.pc_often_max, max(f.pc_often))),
    Claim("paired-one-sided-short", "some cells of the one-sided pair are clearly below 93 % "
          "(the glued count is right), the worst one too",
          lambda f: f.pc_one_short == _below93(f.pc_one, f.pc_sets) > 0
          and _same(f.pc_one_min, min(f.pc_one))
          and mc_below(f.pc_one_min / 100, f.pc_sets, 0.93)
          and f.pc_one_cells == len(f.pc_one)),
    Claim("few-bayes-short", "with few one-sided disagreements the resampled interval is clearly "
          "below 93 % in the glued number of cells, at worst the glued value, and most of "
          "its misses (three in four or more) lie on the side of 0",
          lambda f: f.few_bayes_short == _below93(*_few_bayes(f))
          == len(f.few_bayes_short_cells) > 0
          and f.few_bayes_short_text == "; ".join(f.few_bayes_short_cells)
          and _same(f.few_bayes_nested_min, min(f.few_bayes_nested))
          and mc_below(f.few_bayes_nested_min / 100, f.few_bayes_worst_n, 0.93)
          and f.few_bayes_side0 >= 75 and f.few_bayes_worst_d <= 3),
    Claim("few-bayes-unsure", "the glued number of the resampled interval's cells (those "
          "named) are within two Monte Carlo standard errors of 93 %, so the count of short "
          "cells is a lower bound",
          lambda f: f.few_bayes_unsure == _unsure93(*_few_bayes(f))
          == len(f.few_bayes_unsure_cells)
          and f.few_bayes_unsure_text == ("; ".join(f.few_bayes_unsure_cells) or "none")),
    Claim("few-bayes-worst-range", "the worst nested cell, with its Monte Carlo standard "
          "error and its two-standard-error range", _worst_range),
    Claim("few-sets", "the cells' sizes and the standard errors quoted for them",
          lambda f: set(f.few_n) == {f.few_sets, f.few_close_sets}
          and abs(f.few_mc_se - 100 * mc_se(0.95, f.few_sets)) < 0.006
          and abs(f.few_close_mc_se - 100 * mc_se(0.95, f.few_close_sets)) < 0.006),
    Claim("few-bayes-two-way", "when the disagreements go both ways no cell of the resampled "
          "interval is clearly below 93 %",
          lambda f: _below93(f.few_bayes_twoway, f.few_n_twoway) == 0),
    Claim("few-score-holds", "no cell of either score interval is clearly below 93 %, and the "
          "glued extremes are right",
          lambda f: f.few_score_short == _below93(f.few_score, f.few_n) == 0
          and f.few_newc_short == _below93(f.few_newc, f.few_n) == 0
          and _same(f.few_score_min, min(f.few_score))
          and _same(f.few_score_max, max(f.few_score))
          and _same(f.few_newc_min, min(f.few_newc)) and _same(f.few_newc_max, max(f.few_newc))),
    Claim("few-score-over", "both score intervals overcover in some cells (clearly above 97 %), "
          "the glued counts",
          lambda f: f.few_score_over == _above97(f.few_score, f.few_n) > 0
          and f.few_newc_over == _above97(f.few_newc, f.few_n) > 0),
    Claim("few-best", "the recommended score interval has no more clearly short cells than "
          "the other and the higher worst cell",
          lambda f: f.few_best in ("score", "newcombe")
          and (f.few_best == "score") == ((f.few_score_short, -f.few_score_min)
                                                 <= (f.few_newc_short, -f.few_newc_min))
          and f.few_best_name.split()[0] in ("Tango's", "Newcombe's")),
    Claim("split-prior-under", "with a/k per joint cell the often-disagreeing pair's worst cell "
          "at 20 positives is clearly below 93 %",
          lambda f: mc_below(f.split_min / 100, f.split_sets, 0.93)
          and f.split_min <= f.split_max),
    # i.i.d. test sets
    Claim("iid-whole-better", "for the prevalence-dependent metrics the whole-matrix posterior "
          "covers at least as well in every cell, precision's row-wise one clearly undercovers "
          "(below 90 %) and its whole-matrix one is clearly above 93 %",
          lambda f: f.iid_whole_worse == 0 and mc_below(f.iid_prec_rows / 100, f.iid_sets, 0.9)
          and mc_above(f.iid_prec_whole / 100, f.iid_sets, 0.93)),
    Claim("iid-ba-same", "balanced accuracy gets the same coverage from both",
          lambda f: f.iid_ba_same == "the same"),
    Claim("iid-ba-band", "balanced accuracy's coverage is in the 93-97 % band or within two "
          "Monte Carlo standard errors of it in every population",
          lambda f: mc_near(f.iid_ba_min / 100, f.iid_sets, 0.93, 0.97)
          and mc_near(f.iid_ba_max / 100, f.iid_sets, 0.93, 0.97)),
    # widths
    Claim("acc-narrow", "accuracy's interval is far narrower than TPR's on Glass",
          lambda f: f.w_glass_acc < f.w_glass_tpr / 2),
    Claim("equal-weight-wide", "every metric that weighs the classes equally is at least twice "
          "as uncertain as accuracy on Glass",
          lambda f: f.w_glass_equal_min >= 2 * f.w_glass_acc),
    Claim("minority-from-data", "the widths of Glass and Satimage are computed at the minority "
          "sizes read from the data (17 and 626)",
          lambda f: (f.glass_minority, f.sat_minority)
          == (SIZES["Glass"][0], SIZES["Satimage"][0])),
    Claim("glass-tens-satimage-few", "at 17 minority samples IBA and GM are uncertain by tens of "
          "points, at 626 by a few",
          lambda f: min(f.w_glass_iba, f.w_glass_gm) >= 0.2
          and max(f.w_sat_iba, f.w_sat_gm) <= 0.1),
    # García
    Claim("garcia-breast-coin", "Breast's IBA_0.1 pick is a coin toss",
          lambda f: 0.4 <= f.g_breast_p <= 0.6),
    Claim("garcia-breast-none", "no Breast pick is distinguishable",
          lambda f: f.g_breast_yes == 0),
    Claim("garcia-glass-none", "on Glass no pick by GM, OP or IBA_0.1 is distinguishable",
          lambda f: f.g_glass_small_yes == 0 and f.g_glass_p < 0.9),
    Claim("garcia-large-gaps", "the picks that survive are IBA_1 picks or Satimage picks",
          lambda f: f.g_yes_elsewhere == 0 and f.g_yes > 0),
    Claim("garcia-satimage-half", "two of the four Satimage picks survive, those by IBA_0.1 and "
          "IBA_1, not those by GM and OP (as glued)",
          lambda f: f.g_sat_yes == len(f.g_sat_yes_metrics) == 2
          and sorted(f.g_sat_yes_metrics) == ["IBA_0.1", "IBA_1"]
          and f.g_sat_which == which(f.g_sat_yes_metrics)),
    Claim("garcia-small-alpha", "of the four IBA_0.1 picks only Satimage's is distinguishable "
          "from its runner-up",
          lambda f: f.g_iba01_yes_not_sat == 0 and f.g_sat_iba01_yes == 1),
    Claim("garcia-bonferroni", "after Bonferroni's correction over the 16 picks only Satimage "
          "IBA_1 survives",
          lambda f: f.g_bonf_yes == len(f.g_bonf_picks) == 1
          and f.g_bonf_picks == [["Satimage", "IBA_1"]]
          and f.g_bonf_which == which(f.g_bonf_picks)),
    Claim("garcia-above-chance", "more picks survive than the chance count at the 5 % level",
          lambda f: f.g_yes > f.g_chance),
    # Mortaz
    Claim("mortaz-none-shown", "no Mortaz pick is distinguishable from its runner-up",
          lambda f: f.m_yes == 0),
    Claim("picks-most-fail", "most of García's and Mortaz's picks are not distinguishable "
          "from their runners-up",
          lambda f: f.picks_not > f.picks_n / 2 and f.picks_n == f.g_n + f.m_n),
    Claim("mortaz-glass-coin", "the Glass pick is a coin toss",
          lambda f: 0.4 <= f.m_glass_p <= 0.6),
    Claim("mortaz-sat-iam-matched", "the Satimage IAM row tests the published IAM gap: the "
          "matched matrices reproduce it",
          lambda f: abs(f.m_sat_matched_gap - f.m_sat_gap) < 0.0015),
    Claim("mortaz-sat-iam-not-shown", "the Satimage IAM pick is not shown",
          lambda f: f.m_sat_p < 0.9),
    Claim("mortaz-sat-cba-edge", "the Satimage CBA interval just reaches 0",
          lambda f: -0.005 < f.m_sat_low_cba <= 0 and f.m_sat_p_cba > 0.95),
    Claim("glass-iam-cba-one", "on Glass the IAM and CBA rows of a fold seed are one "
          "comparison: IAM's difference and limits are twice CBA's, with the same probability",
          lambda f: f.m_iam_cba_same and f.m_rows == 2 * f.m_pairs and f.m_pairs == f.m_seeds),
    Claim("glass-pairs-straddle", "none of the distinct paired RF vs RF-ROS comparisons on Glass "
          "(one per fold seed) excludes 0", lambda f: f.m_excl == 0),
    Claim("glass-rf-rarely-ahead", "RF is ahead of RF-ROS by IAM in a minority of fold seeds",
          lambda f: f.m_rf_ahead < f.m_seeds / 2),
    Claim("glass-either-way", "the probability that RF is better ranges across one half "
          "over the fold seeds", lambda f: f.m_pmin < 0.5 < f.m_pmax),
    # Burduk
    Claim("burduk-more-negatives", "more differences are distinguishable with more negatives",
          lambda f: f.b_yes_1 < f.b_yes_2 <= f.b_yes_3),
    Claim("burduk-few-at-10", "with 10 negatives a minority of the differences is "
          "distinguishable", lambda f: f.b_yes_1 < f.b_all_1 / 2),
    Claim("burduk-tn-invisible", "with 10 negatives (independent resampling) some differences "
          "are distinguishable, and none between classifiers with the same TP",
          lambda f: f.b_tn_only_1 == 0 and f.b_yes_1 > 0),
    Claim("burduk-same-count", "each of the three tables has the same number of differences "
          "(five pairs by seven metrics)",
          lambda f: f.b_all_1 == f.b_all_2 == f.b_all_3 == 35),
    Claim("burduk-seed-in-range", "the count of the table (seed 0) is one of the ten seeds' "
          "counts, so the independent range (as glued) contains it",
          lambda f: all(lo <= y <= hi and text == range_text(lo, hi)
                        for y, lo, hi, text, _ in _burduk(f))),
    Claim("burduk-bounds", "the nested bound distinguishes at least as many as the independent "
          "one, whatever the seed",
          lambda f: all(nested >= hi for _, _, hi, _, nested in _burduk(f))),
    # Wu and Cannistraci
    Claim("wu-no-split", "no more splits separate NMC and LDA than chance alone would give",
          lambda f: f.wu_sure <= f.wu_chance),
    Claim("wu-nmc-never", "no split shows NMC better, and NMC is ahead in none",
          lambda f: f.wu_nmc_sure == 0 and f.wu_nmc == 0),
    Claim("wu-direction", "the direction favours LDA beyond chance (sign test below 0.01, "
          "treating the splits as independent)",
          lambda f: f.wu_sign_p < 0.01 and f.wu_lda > f.wu_nmc
          and f.wu_sign_p_text == p_text(f.wu_sign_p)),
    Claim("wu-splits-overlap", "the splits' test sets reuse the same images, so the splits are "
          "not independent: on average each image is tested several times",
          lambda f: f.wu_test_images < f.wu_test_slots / 2 and f.wu_test_reuse >= 2),
    # cross-validation
    Claim("oof-small", "the fold-seed movement of RF's IAM is small next to one run's interval",
          lambda f: f.oof_spread < f.oof_width / 2),
]
"""The statements of the chapter's prose, each with the finding that supports it."""
