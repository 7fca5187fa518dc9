"""The sentences of the chapter's prose, each with the predicate on its findings."""

from __future__ import annotations

from imbalance_lib.book.claims import Claim

from .experiments import REVERSAL_MOST
from .theory import IBA_ALPHAS_ABOVE

__all__ = ["CLAIMS"]

CLAIMS = [
    Claim("facts-all", "every fact of the registry survives its check",
          lambda f: f.facts_ok == f.facts_n),
    Claim("prevfree", "I5 and I6 hold exactly for TPR, TNR, BA, WA, GM, Dominance, IBA, AC "
          "and MAR", lambda f: set(f.prevfree) == {"TPR", "TNR", "BA", "WA", "GM",
                                                       "Dominance", "IBA", "AC", "MAR"}),
    Claim("colfree", "I7 and I8 hold for Precision, NPV and MAP",
          lambda f: set(f.colfree) == {"Precision", "NPV", "MAP"}),
    Claim("baseline", "a constant baseline holds for BA, MAR, MCC, kappa, MAP and the "
          "predictive values; GM, AC, IBA, HMNC, ACC, F1, CBA and IAM fail it",
          lambda f: set(f.baseline) == {"Precision", "NPV", "BA", "MCC", "kappa", "MAP",
                                            "MAR"}),
    Claim("strict", "strict monotonicity on P, N > 0 holds for BA, WA, ACC, MCC, kappa, "
          "MAP, MAR, the macro F-score, CBA and IAM",
          lambda f: set(f.strict) == {"BA", "WA", "ACC", "MCC", "kappa", "MAP", "MAR",
                                          "MacroF", "CBA", "IAM"}),
    Claim("weak", "GM, AC, IBA, HMNC, F1 and the one-class rates are only weakly monotone",
          lambda f: {"GM", "AC", "IBA", "HMNC", "F1"} <= set(f.weak)),
    Claim("mono-no", "Dominance and OP are not monotone",
          lambda f: set(f.mono_no) == {"Dominance", "OP"}),
    Claim("kappa-map-strict", "kappa and MAP are strictly monotone once both classes are "
          "present; their weak verdicts came from matrices with a missing class",
          lambda f: f.kappa_mono == "strict" and f.map_mono == "strict"
          and f.kappa_mono_any == "weak" and f.map_mono_any == "weak"),
    Claim("mono-search", "the random and optimiser searches overturn no monotonicity verdict "
          "of the grid", lambda f: f.mono_search_flips == 0 and f.mono_searched > 0),
    Claim("yes-search", "the searches beyond the grid overturn no other yes cell",
          lambda f: f.yes_search_flips == 0 and f.yes_searched > 0),
    Claim("iba-limit", "IBA with alpha = 0.6 looks weakly monotone on small matrices, "
          "and is not monotone from the smallest n the search beyond the grid finds",
          lambda f: f.iba_alpha_small == "weak" and f.iba_alpha_13 == "no"
          and f.iba_alpha_first_n > f.prop_nmax
          and f.iba_alpha_13_drop > 0 and f.iba_alpha_search == "no"),
    Claim("minagr", "minimal agreement holds only for BA, WA, ACC, MCC, MAR, MacroF, CBA, "
          "IAM, MAP and OP; F1, GM, IBA, AC, HMNC and kappa fail it",
          lambda f: not (set(f.minagr) & {"F1", "GM", "IBA", "AC", "HMNC", "kappa"})
          and {"BA", "ACC", "MCC"} <= set(f.minagr)),
    Claim("same-groups", "three groups of metrics rank alike and fixing the class sizes adds "
          "none", lambda f: f.same_groups == 3 and f.same_fixed_new == 0),
    Claim("same-groups-which", "BA, MAR, J and AUC_1 are one metric; GM and IBA_0 are one; "
          "CBA and IAM are one", lambda f: [list(g) for g in f.same_group_members]
          == [["balanced_accuracy", "macro_recall", "J", "AUC_1"], ["g_mean", "IBA_0"],
              ["cba", "iam"]]),
    Claim("identities", "sympy confirms each identity",
          lambda f: f.identities_symbolic == "all hold"),
    Claim("identity-conditions", "at TP = TN = 0 the right sides of AC = GM^2/BA and "
          "HMNC = GM^2/ACC are 0/0; IAM = 2 CBA - 1 holds with the nan policy and is off by "
          "1/k per absent class with 0-fill",
          lambda f: f.wrong_rhs_undefined and abs(f.iam_gap_nan) < 1e-12
          and abs(f.iam_gap_zero - 1 / 3) < 1e-12),
    Claim("prev-free-flat", "BA, GM, IBA and AC do not move with the prevalence",
          lambda f: f.bias_free_max < 1e-12),
    Claim("prev-moves", "accuracy gains at low prevalence while F1 loses more than HMNC",
          lambda f: f.bias_hmnc > 0 and f.bias_f1 > f.bias_hmnc
          and f.bias_acc > 0),
    Claim("iam-bump", "IAM's bias is not monotone: a bump near the prevalence where the "
          "positive row and column sums are equal",
          lambda f: f.iam_peak > 0 and f.iam_peak_pi < 0.5
          and abs(f.iam_peak_pi - f.iam_kink_pi) < 0.03),
    Claim("f1-drops", "F1 drops from test to deployment",
          lambda f: f.shift_f1_deploy < f.shift_f1_test),
    Claim("map-fixed", "counting an undefined precision as 0, MAP never picks a model that "
          "predicts no positive in any repetition, and picks one that misses the positive "
          "class in some repetition less often than under the nan policy",
          lambda f: f.map_trivial > f.map_trivial_fixed and f.map_never > 0
          and f.map_never_fixed == 0
          and f.map_example_pick_nan != f.map_example_pick),
    Claim("map-example-tie", "the example's nan-policy pick shares its MAP with another "
          "model", lambda f: len(f.map_example_tied_with) > 0),
    Claim("accba-reverse", "on most of the data sets where accuracy and BA pick different "
          "models they rank the two contested models in opposite order in every repetition",
          lambda f: f.accba_rev_words == "most"
          and f.accba_rev_all / f.acc_ba_n > REVERSAL_MOST),
    Claim("accba-never", "accuracy almost never picks BA's model in any repetition",
          lambda f: f.accba_never >= 0.9 * f.acc_ba_n),
    Claim("dis-reverse", "most disagreements of all pairs reverse in every repetition",
          lambda f: f.dis_rev_words == "most" and f.dis_rev_all_share > REVERSAL_MOST),
    Claim("accba-sig-both", "both preferences are significant at once on some of the contested "
          "data sets but not on all, and never on more than either alone",
          lambda f: 0 < f.accba_sig < f.acc_ba_n
          and f.accba_sig <= min(f.accba_sig_acc, f.accba_sig_ba)),
    Claim("lrbal", "BA, GM, IBA, AC, OP and HMNC each pick LR-bal on a majority of the data "
          "sets, accuracy almost never",
          lambda f: min(f.lrbal_ba, f.lrbal_ac, f.lrbal_gm, f.lrbal_iba,
                        f.lrbal_op, f.lrbal_hmnc) > f.study_d / 2
          and f.lrbal_acc < 10 and f.lrbal_acc < f.lrbal_mcc < f.lrbal_ba),
    Claim("blocks-overlap", "the two groups of the clustering overlap: a correlation across "
          "them exceeds one within", lambda f: f.blocks_overlap == "overlap"),
    Claim("blocks", "average linkage splits the metrics into BA, GM, IBA, AC, OP, HMNC and "
          "ACC, F1, MCC, kappa, MAP, MacroF, CBA",
          lambda f: set(f.block_a) == {"BA", "GM", "IBA", "AC", "OP", "HMNC"}),
    Claim("f1-mcc", "the median correlation of F1 with MCC, kappa and the macro F-score, "
          "and of BA with GM, is at least 0.95; accuracy and BA correlate below 0.5",
          lambda f: min(f.rho_mcc_f1, f.rho_f1_kappa, f.rho_f1_macrof, f.rho_ba_gm) >= 0.95
          and f.rho_acc_ba < 0.5),
    Claim("same-not-all", "BA and GM, and F1 with MCC, kappa and the macro F-score, give "
          "identical rankings of the six models on most but not all of their data sets",
          lambda f: all(u / 2 < s < u for s, u in (
              (f.same_ba_gm, f.used_ba_gm), (f.same_mcc_f1, f.used_mcc_f1),
              (f.same_f1_kappa, f.used_f1_kappa), (f.same_f1_macrof, f.used_f1_macrof)))),
    Claim("mean-differ", "metrics disagree often: two metrics pick differently on more than "
          "a quarter of the data sets on average, and the most distant pair more than "
          "accuracy and BA", lambda f: f.mean_differ > 0.25 and f.most >= f.acc_ba
          and f.most > f.mean_differ),
    Claim("acc-rises", "accuracy rises from test to deployment",
          lambda f: f.shift_acc_deploy > f.shift_acc_test),
    Claim("ex-deploy", "in the exercise BA stays, accuracy rises, F1 loses more than half, "
          "and most positive predictions at deployment are false alarms",
          lambda f: abs(f.ex_ba_change) < 1e-12 and f.ex_acc_deploy > f.ex_acc_test
          and f.ex_f1_deploy < f.ex_f1_test / 2 and f.ex_false_alarms > 0.5),
    Claim("ties", "some data sets tie at the top under every metric, accuracy ties on more; "
          "without the all-tied data sets the disagreement shares are at least as large",
          lambda f: 0 < f.ties_all < f.study_d and f.ties_acc_more > 0
          and f.untied_n == f.study_d - f.ties_all
          and f.mean_differ_untied >= f.mean_differ and f.acc_ba_untied >= f.acc_ba),
    Claim("pick-stable", "no metric's pick is the best model of every repetition on every "
          "data set, and accuracy's is so less often than BA's",
          lambda f: f.stable_min <= f.stable_acc < f.stable_ba <= f.stable_max < f.study_d),
    Claim("dropped-folds", "few tests lose folds to an undefined value, all of them MCC's",
          lambda f: 0 < f.tests_dropped < 0.05 * f.tests_n
          and list(f.tests_dropped_metrics) == ["MCC"]),
    Claim("mcc-fewer", "MCC's medians rest on fewer data sets",
          lambda f: f.rho_mcc_used_min < f.study_d),
    Claim("ir-trend", "no detectable trend of disagreement with the imbalance ratio",
          lambda f: f.ir_trend == "no detectable trend" and f.rho_ir_lo < 0
          < f.rho_ir_hi and abs(f.rho_family) < 0.2),
    Claim("cba-moves", "CBA and MCC move with the prevalence",
          lambda f: f.cba_drop > 0.1 and f.mcc_drop > 0.1),
    Claim("mar-columns", "moving an error between wrong columns leaves MAR unchanged and "
          "changes CBA and MCC",
          lambda f: f.moved_mar == 0 and f.moved_cba != 0 and f.moved_mcc != 0),
    Claim("mcc-used-same", "every pair with MCC rests on the same number of data sets",
          lambda f: f.rho_mcc_used_min == f.rho_mcc_used_max),
    Claim("poleb-fewer", "the second pole picks the class-weighted model less often than BA",
          lambda f: f.lrbal_poleb_max < f.lrbal_ba),
    Claim("family-no-trend", "resampling whole families, the interval of the correlation "
          "with the imbalance ratio contains 0 (no detectable trend, a moderate one not "
          "excluded)", lambda f: f.rho_family_lo < 0 < f.rho_family_hi
          and f.rho_family_hi - f.rho_family_lo > 0.3),
    Claim("baseline-ends", "BA, MAR and kappa keep their baseline for every guesser; MCC and "
          "MAP only for guessers that predict both labels",
          lambda f: set(f.baseline_every_q) == {"BA", "MAR", "kappa"}
          and set(f.baseline_inner_q) == {"MCC", "MAP"}),
    Claim("iba-half", "IBA never falls when a rate rises for alpha = 1/2, and falls somewhere "
          "for every alpha tried above it (0.51, 0.6, 0.75, 1)",
          lambda f: f.iba_drop_50 == 0
          and len(f.iba_drops_above) == len(IBA_ALPHAS_ABOVE) and min(f.iba_drops_above) > 0),
    Claim("ex-study-ties", "several data sets tie for the most distinct picks",
          lambda f: f.ex_study_ties > 1),
    Claim("gm-not-ba", "GM, AC and IBA pick LR-bal more often than BA",
          lambda f: f.lrbal_others_min > f.lrbal_ba),
]
"""The sentences of the page that rest on a computation."""
