"""The sentences of the chapter's prose, each with the predicate on its findings."""

from __future__ import annotations

from imbalance_lib.book.chapters.balanced_accuracy.experiments import INFORMATIVE
from imbalance_lib.book.claims import Claim
from imbalance_lib.book.published.garcia2009 import IMBALANCE_RATIOS

__all__ = ["CLAIMS", "TOL", "two_se"]

TOL = 1e-12


def two_se(*se: float) -> float:
    """Two standard errors of a difference of independent estimates.

    >>> two_se(0.03, 0.04)
    0.1
    """
    return 2 * sum(s * s for s in se) ** 0.5


CLAIMS = [
    Claim("ir-published", "the shipped Glass and Satimage give García et al.'s imbalance "
          "ratios to two decimals",
          lambda f: round(f.ir_glass, 2) == IMBALANCE_RATIOS["Glass"]
          and round(f.ir_sat, 2) == IMBALANCE_RATIOS["Satimage"]),
    Claim("run-paradox", "the running example is less accurate than predicting negative "
          "for everyone, though it finds more than half of the positives",
          lambda f: f.run_acc < f.run_allneg and f.run_tpr > 0.5),
    Claim("par-flat", "in balanced accuracy every trivial line coincides at 1/2",
          lambda f: f.par_ba_spread <= TOL and f.par_const_ba_gap <= TOL),
    Claim("par-scatter", "the realised random classifiers scatter around 1/2",
          lambda f: f.par_bamin < 0.5 < f.par_bamax),
    Claim("par-band", "the all-negative rule beats the informative classifier exactly "
          "below the crossing prevalence",
          lambda f: f.par_cross_prefix and abs(f.par_cross - (1 - INFORMATIVE)) <= 0.002),
    Claim("vergne-acc", "the article's accuracy of the all-positive classifier, ACC = P/n, "
          "is reproduced exactly: 0.99 on the data set with P = 990 and N = 10",
          lambda f: f.vergne_acc == 990 / 1000),
    Claim("chance-mean", "the coin flip's expected balanced accuracy is exactly 1/2",
          lambda f: f.chance_mean_gap <= TOL),
    Claim("chance-quarter", "with one positive and one negative a coin flip scores BA = 1 "
          "a quarter of the time", lambda f: abs(f.chance_perfect_1_1 - 0.25) <= TOL),
    Claim("chance-fades", "the chance of BA >= 0.6 fades as the minority class grows",
          lambda f: f.chance_100 < f.chance_10 / 100),
    Claim("chance-not-monotone", "the tail curves are not monotone for very small P",
          lambda f: f.chance_rises_small > 0),
    Claim("vergne-exact", "every value the article derives is reproduced; only the "
          "realised coin flips disagree",
          lambda f: f.vergne_disagree == f.vergne_disagree_realised > 0),
    Claim("vergne-small-class", "the deviation is largest where one class has 10 samples",
          lambda f: f.vergne_worst_smaller_class == 10),
    Claim("gm-example", "the biased classifier (1, 0.2) is informative but has a geometric "
          "mean below the coin flip's 1/2",
          lambda f: f.gm_ex_ba > 0.5 > f.gm_ex_gm),
    Claim("exp-acc-ignores", "tuned for accuracy the model flags few positives and barely "
          "beats the all-negative rule",
          lambda f: f.exp_tpr_acc < 0.05 and 0 < f.exp_acc_best - f.exp_acc_allneg < 0.005),
    Claim("exp-ba-near-prevalence", "balanced accuracy peaks close to the prevalence",
          lambda f: f.exp_t_ba < f.exp_pi and f.exp_pi - f.exp_t_ba < f.exp_pi / 2),
    Claim("exp-ba-flat", "balanced accuracy is flat near its top: the band within the "
          "tolerance of its maximum is wider than the distance from its peak to the "
          "prevalence",
          lambda f: f.exp_flat_lo <= f.exp_t_ba <= f.exp_flat_hi
          and f.exp_flat_hi - f.exp_flat_lo > f.exp_pi - f.exp_t_ba),
    Claim("exp-gap-seeds", "over the fold seeds, balanced accuracy at the cut nearest the "
          "prevalence is never more than a fifth of its maximum's lead over 1/2 below the "
          "maximum, and the seed shown is one of them",
          lambda f: f.exp_seeds > 1 and f.exp_gap_pi_hi < 2 * f.exp_lead_tenth_lo
          and f.exp_gap_pi_lo <= f.exp_gap_pi <= f.exp_gap_pi_hi),
    Claim("exp-acc-tied", "accuracy's maximum is shared by several cuts, each of which "
          "flags fewer than one positive in twenty",
          lambda f: f.exp_acc_ties > 1 and f.exp_t_acc <= f.exp_t_acc_hi
          and f.exp_tpr_acc_lo <= f.exp_tpr_acc_hi < 0.05),
    Claim("exp-gm-between", "the geometric mean peaks between the two",
          lambda f: f.exp_t_ba <= f.exp_t_gm <= f.exp_t_acc),
    Claim("exp-default-near-allneg", "with the default threshold the model is close to the "
          "all-negative rule", lambda f: f.exp_ba_default < 0.55),
    Claim("exp-honest-recover", "weighting or nested tuning recovers almost all of the "
          "hindsight optimum (within 0.02), at the price of accuracy",
          lambda f: f.exp_ba_best - min(f.exp_ba_weighted, f.exp_ba_tuned) < 0.02
          and max(f.exp_acc_weighted, f.exp_acc_tuned) < f.exp_acc_default),
    Claim("keel-near-balance", "even on the data sets closest to balance, accuracy and "
          "balanced accuracy often pick different models: the share that agree is below "
          "one by more than two standard errors",
          lambda f: f.keel_near_agree + 2 * f.keel_near_agree_se < 1),
    Claim("keel-agree-cannot-tell", "the study cannot tell whether the agreement of "
          "accuracy and balanced accuracy changes with the imbalance: the difference is "
          "within two standard errors of zero, and those two standard errors exceed 0.2",
          lambda f: abs(f.keel_agree_diff) < 2 * f.keel_agree_diff_se
          and 2 * f.keel_agree_diff_se > 0.2),
    Claim("keel-cost-grows", "the balanced accuracy given up by choosing with accuracy is "
          "larger on the most imbalanced data sets than on those closest to balance and "
          "than on the middle band, each by more than two standard errors of the "
          "difference, and between 1.5 and 3 times the larger of the two",
          lambda f: f.keel_lost_far - f.keel_lost_near
          > two_se(f.keel_lost_near_se, f.keel_lost_far_se)
          and f.keel_lost_far - f.keel_lost_mid
          > two_se(f.keel_lost_mid_se, f.keel_lost_far_se)
          and 1.5 < f.keel_lost_far / max(f.keel_lost_near, f.keel_lost_mid) < 3),
    Claim("keel-alpha-small", "a moderate change of alpha (0.4 or 0.6) keeps balanced "
          "accuracy's choice on more than eight data sets in ten, two standard errors "
          "included",
          lambda f: f.keel_alpha_small_agree - 2 * f.keel_alpha_small_se > 0.8),
    Claim("keel-alpha-large", "a larger change of alpha (0.25 or 0.75) changes the choice "
          "more often than a moderate one, by more than two standard errors",
          lambda f: f.keel_alpha_small_agree - f.keel_alpha_large_agree
          > two_se(f.keel_alpha_small_se, f.keel_alpha_large_se)),
    Claim("checks-hold", "every statement survives the numerical check",
          lambda f: f.checks_hold == f.checks_statements > 0),
    Claim("checks-rounding", "the largest violation found is below 1e-14",
          lambda f: f.checks_worst < 1e-14),
    Claim("ex-chance-weak", "a coin flip reaches BA >= 0.62 on 8 positives often enough "
          "(at least one time in twenty) that the result alone says little",
          lambda f: f.ex_pchance >= 0.05),
]
"""The statements of the chapter's prose, each with the finding that supports it."""
