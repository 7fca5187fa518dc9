"""The statements of the deployment chapter's prose, each with the finding that supports it.

A Monte Carlo coverage set against a bound holds only with a margin of two Monte
Carlo standard errors (:func:`imbalance_lib.book.claims.mc_above` and ``mc_below``).
"""

from __future__ import annotations

from imbalance_lib.book.claims import Claim, mc_above, mc_below
from imbalance_lib.book.exact import agrees, fraction_of

__all__ = ["CLAIMS", "TOL"]

TOL = 1e-10  # a closed form and the library agree to within this

CLAIMS = [
    Claim("shift-formula", "a metric at a prevalence is the metric of the matrix built "
          "from TPR, TNR and the prevalence", lambda f: f.shift_gap <= TOL),
    Claim("invariant-registry", "the measured invariance of every binary registry metric "
          "matches the registry and the theorem, and some metrics move",
          lambda f: f.registry_mismatch == 0 and 0 < f.registry_invariant < f.registry_binary),
    Claim("cost-weighted-accuracy", "expected cost is a weighted error with weights from "
          "the costs and the prevalence", lambda f: f.wa_gap <= TOL),
    Claim("nb-cost", "net benefit is the prevalence minus the expected cost",
          lambda f: f.nb_gap <= TOL),
    Claim("score-driven-brier", "the expected loss of the score-driven threshold choice "
          "is the Brier score", lambda f: f.brier_gap <= TOL),
    Claim("rate-driven-auc", "the expected loss of the rate-driven threshold choice is "
          "pi (1 - pi) (1 - 2 AUC) + 1/3", lambda f: f.auc_gap <= TOL),
    Claim("bayes-threshold", "on a large calibrated sample the cheapest cut is near "
          "the Bayes threshold, 1/5 for a miss costing four false alarms",
          lambda f: f.bayes_gap < 0.02 and abs(f.bayes_t - 1 / 5) <= TOL),
    Claim("moves", "precision, F1, MCC and AP move at the deployment prevalence, "
          "balanced accuracy does not",
          lambda f: min(f.move_precision, f.move_f1, f.move_mcc, f.move_ap) > 0.05
          and f.move_ba <= TOL),
    Claim("choice-cost-least", "chosen on validation data, the cost's own threshold has "
          "the least mean test regret of the four criteria on every split seed",
          lambda f: f.cost_least_seeds == f.choice_seeds),
    Claim("choice-not-always", "on every split seed each metric's threshold is cheaper "
          "than the cost's on some data sets and dearer on more",
          lambda f: min(f.f1_beats_cost_lo, f.ba_beats_cost_lo, f.iba_beats_cost_lo) > 0
          and f.f1_beats_cost_hi < f.cost_beats_f1_lo
          and f.ba_beats_cost_hi < f.cost_beats_ba_lo
          and f.iba_beats_cost_hi < f.cost_beats_iba_lo),
    Claim("choice-optimism", "the least validation cost lies below the test cost of its "
          "threshold on average, on every split seed",
          lambda f: f.optimism_lo > 0 and f.optimism_positive_seeds == f.choice_seeds),
    Claim("choice-oob", "the out-of-bag estimate is less optimistic than the validation "
          "minimum on every seed, pessimistic on some, and closer to the test cost in mean "
          "absolute error on some seeds but not all, nor on every data set",
          lambda f: f.oob_less_optimistic_seeds == f.choice_seeds
          and 0 < f.oob_pessimistic_seeds
          and 0 < f.oob_closer_seeds < f.choice_seeds and f.oob_closer_sets_hi < f.choice_sets),
    Claim("choice-one", "the page's worked data set reproduces the stored study's row",
          lambda f: f.one_gap <= TOL),
    Claim("prior-correction", "the prior correction lowers the calibration error after "
          "undersampling, leaves AUROC and AP as they were and changes the Brier score",
          lambda f: f.ece_after < f.ece_before / 2 and f.prior_rank_gap <= TOL
          and abs(f.brier_after - f.brier_before) > 0.01),
    Claim("prior-correction-spread", "the correction lowers the mean calibration error on "
          "every data set of the study and on most splits and subsamples, and a model "
          "trained on all the data stays better calibrated on most data sets",
          lambda f: f.prior_lower_sets == f.prior_sets
          and f.prior_rows / 2 < f.prior_lower_rows <= f.prior_rows
          and f.prior_median_after < f.prior_median_before / 2
          and f.prior_median_full < f.prior_median_after
          and f.prior_full_matched < f.prior_sets / 2
          and f.prior_glass_lower_rows < f.prior_glass_rows),
    Claim("coverage-from-5", "from 5 positives no cell of the study falls short of 93 % "
          "by two standard errors", lambda f: f.cov5_short == 0),
    Claim("coverage-two-sided", "from 5 positives some cells lie below 95 % and some "
          "above 97 %, each by two standard errors",
          lambda f: f.cov5_below95 > 0 and f.cov5_above97 > 0),
    Claim("coverage-three", "with 3 positives a cell falls short of 93 % by two "
          "standard errors, counting the test sets without an interval as misses; among "
          "those with one it covers at least 93 % (two standard errors)",
          lambda f: f.cov3_short > 0 and mc_below(f.cov3_min, f.cov_sets, 0.93)
          and mc_above(f.cov3_min_defined, int(f.cov_sets * (1 - f.cov3_min_undefined)), 0.93)),
    Claim("nb-band-coverage", "the net-benefit band covers between 92 % and 97 % (two "
          "standard errors) in every setting studied, and less than 95 % by two standard "
          "errors in some, among them every threshold with the fewest positives",
          lambda f: f.nb_short92 == 0 and f.nb_above97 == 0
          and mc_above(f.nb_min, f.dec_sets, 0.92) and mc_below(f.nb_max, f.dec_sets, 0.97)
          and 0 < f.nb_below95 < f.nb_cells and f.nb_few_below95 == f.nb_few_cells),
    Claim("curves-differ", "the decision curve of the cut p_t falls below treating no one "
          "and stays there while the cost curve, the cheapest cut at each point, stays under "
          "the trivial classifiers; the model stays above treating everyone",
          lambda f: f.nb_stays_below and f.cc_below_trivial and f.nb_above_all
          and f.nb_below_none_from <= f.nb_band_below_from),
    Claim("cc-band-short", "the cost curve's band covers the cost of the chosen cuts less "
          "than 92 % of the time (two standard errors) in every setting",
          lambda f: mc_below(f.cc_max, f.dec_sets, 0.92)),
    Claim("ex-nb", "the threshold probabilities 0.05 and 0.2 stand for false alarms costing "
          "the glued shares of a miss (their Bayes thresholds are the two p_t)",
          lambda f: all(abs(float(fraction_of(h)) / (1 + float(fraction_of(h))) - p) <= TOL
                        for h, p in ((f.ex_nb_low, 0.05), (f.ex_nb_high, 0.2)))),
    Claim("ex-under", "the hand computation of exercise dep-ex-under agrees with "
          "il.adjust_prior", lambda f: agrees([f.ex_under], [f.ex_under_lib])),
    Claim("ex-bayes", "with a miss 19 times as costly the Bayes threshold is 0.05",
          lambda f: abs(f.ex_bayes - 0.05) <= TOL),
]
