"""The statements of the deployment chapter's prose, each with the finding that supports it.

A Monte Carlo coverage set against a bound holds only with a margin of two Monte
Carlo standard errors (:func:`imbalance_lib.book.claims.mc_above` and ``mc_below``).
"""

from __future__ import annotations

from imbalance_lib.book.claims import Claim, mc_above

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
    Claim("bayes-threshold", "on a large calibrated sample the cheapest cut is near "
          "the Bayes threshold", lambda f: f.bayes_gap < 0.02),
    Claim("moves", "precision, F1, MCC and AP move at the deployment prevalence, "
          "balanced accuracy does not",
          lambda f: min(f.move_precision, f.move_f1, f.move_mcc, f.move_ap) > 0.05
          and f.move_ba <= TOL),
    Claim("choice-differs", "choosing the threshold by F1, BA or IBA differs from the "
          "cost's choice on some data sets and costs more there",
          lambda f: min(f.differ_f1, f.differ_ba, f.differ_iba) > 0 and f.excess_max > 0),
    Claim("prior-correction", "the prior correction lowers the calibration error after "
          "undersampling", lambda f: f.ece_after < f.ece_before / 2),
    Claim("coverage-none-short", "no cell of the coverage study falls short of 93 % by two "
          "standard errors", lambda f: f.cov_short == 0),
    Claim("coverage-min", "the lowest coverage is above 90 % by two standard errors",
          lambda f: mc_above(f.cov_min, f.cov_sets, 0.90)),
    Claim("ex-bayes", "with a miss 19 times as costly the Bayes threshold is 0.05",
          lambda f: abs(f.ex_bayes - 0.05) <= TOL),
]
