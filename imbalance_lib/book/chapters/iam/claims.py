"""The sentences of the IAM chapter that rest on its findings, one list per record."""

from __future__ import annotations

from imbalance_lib.book.claims import Claim
from imbalance_lib.book.exact import agrees, fraction_of

THEORY_CLAIMS = [
    Claim("lib-agrees", "the library's five metrics of CM1 equal scikit-learn's and pycm's",
          lambda f: f.cm1_gap < 1e-12),
    Claim("f-not-hm", "the document's F-score of CM1 is not the harmonic mean of MAP and MAR",
          lambda f: abs(f.cm1_f - f.cm1_hm) > 1e-3),
    Claim("step-smallest", "the step min(MAP, MAR) <= F first fails at total count 3 "
          "(2 under the nan policy)",
          lambda f: f.step_total_defined is not None and f.step_total_nan is not None
          and f.step_total_nan < f.step_total_defined),
    Claim("binary-proof", "each step of the binary proof holds on every binary matrix",
          lambda f: f.binary_steps_hold),
    Claim("balanced-bound", "on the balanced matrix the bound (19) lies above ACC while "
          "IAM exceeds ACC", lambda f: f.bal_bound > f.bal_acc and f.bal_iam > f.bal_acc
          and f.bal_margins_equal),
    Claim("t13-excess", "Table 13's classifier has IAM above its accuracy",
          lambda f: f.t13_iam > f.t13_acc),
    Claim("sign-c5", "C5 has IAM > 0 with most predictions wrong",
          lambda f: f.sign_c5_iam > 0 and 2 * f.sign_c5_wrong > f.sign_c5_n),
    Claim("sign-neg", "C_- has IAM < 0 with most predictions right",
          lambda f: f.sign_neg_iam < 0 and 2 * f.sign_neg_right > f.sign_neg_n),
    Claim("conv-explained", "every published example number matches under rounding or "
          "truncation", lambda f: f.conv_neither == 0),
    Claim("conv-mixed", "the document mixes rounding and truncation",
          lambda f: f.conv_rounding > 0 and f.conv_truncation > 0),
    Claim("ex1-ml1", "in Example 1 both rules pick ML1",
          lambda f: f.ex1_maxmin == "ML1" and f.ex1_iam == "ML1"),
    Claim("ex2-disagree", "in Example 2 the rules disagree, CM3 having ACC < CBA",
          lambda f: f.ex2_maxmin != f.ex2_iam and f.ex2_cm3_acc_below_cba
          and f.ex2_tie_holds),
    Claim("t8-consistency", "ML5 and ML6 are consistent with IAM = 2 CBA - 1, ML7 is not",
          lambda f: f.t8_consistent == ["ML5", "ML6"] and f.t8_inconsistent == ["ML7"]),
    Claim("t8-below", "CBA is below MAP, MAR and F in every row of Table 8",
          lambda f: f.t8_cba_below_all),
    Claim("t8-ml7-last", "ML7 ranks last under either printed number", lambda f: f.ml7_last),
    Claim("t8-three-decimals", "CBA printed with three decimals would separate ML5 and ML6 "
          "(ML6 above)", lambda f: f.ml5_cba3_hi < f.ml6_cba3_lo),
]
"""Sentences resting on :class:`~.findings.TheoryFindings`."""

SEARCH_CLAIMS = [
    Claim("step-fails", "the proof step of Theorem 3 fails for every k searched",
          lambda f: f.step_fails_every_k),
    Claim("only-two", "only two statements are ever violated: the proof step and Theorem 4",
          lambda f: f.violated == ["T3 step", "T4"]),
    Claim("t4-from-five", "Theorem 4 fails for every k from 5 on, and never below",
          lambda f: f.t4_first_k == 5 and f.t4_fails_from_first_k),
    Claim("t4-grows", "the largest excess of IAM over ACC found grows with k",
          lambda f: f.t4_excess_grows),
    Claim("t4-below-sup", "for k >= 5 no excess found reaches the supremum 1 - 4/k",
          lambda f: f.t4_above_sup < 0),
    Claim("t4-opt-some", "differential evolution finds violations for some k (those listed), "
          "none below k = 5", lambda f: f.t4_opt_n > 0 and f.t4_opt_below_five == 0),
    Claim("bound-holds", "the sharp bound IAM - ACC <= (1 - 4/k)(1 - ACC) is never violated",
          lambda f: not f.bound_violated),
    Claim("identity-holds", "the searches find no matrix with defined terms on which "
          "IAM = 2 CBA - 1 fails", lambda f: not f.identity_violated),
]
"""Sentences resting on :class:`~.findings.SearchFindings`."""

SWEEP_CLAIMS = [
    Claim("sweep-identity", "IAM = 2 CBA - 1 in every panel of the sweeps",
          lambda f: f.sweep_identity_gap < 1e-12),
    Claim("sweep-f1", "on balanced data IAM never exceeds 2 ACC - 1", lambda f: f.f1_gap <= 0),
    Claim("sweep-f2", "with extreme skew IAM spans more than 100 times accuracy's span, "
          "for each data seed measured", lambda f: f.f2_ratio_min > 100
          and f.f2_iam_span > 100 * f.f2_acc_span),
    Claim("sweep-f3", "with ten classes IAM spreads wider than accuracy over the sweep",
          lambda f: f.f3_iam_max - f.f3_iam_min > f.f3_acc_span),
    Claim("sweep-f4", "AUC rises to an inner peak and falls again; over the shallow trees "
          "AUC rises while IAM stays at one value, the trees giving one confusion matrix",
          lambda f: f.f4_auc_best not in (1, 12) and f.f4_auc_last < f.f4_auc_max
          and f.f4_flat_auc_hi > f.f4_flat_auc_lo
          and f.f4_flat_iam_span == 0 and f.f4_flat_same_matrix),
]
"""Sentences resting on :class:`~.findings.SweepFindings`."""

RERUN_CLAIMS = [
    Claim("gaps-not-noise", "under half of the Glass cells and most Satimage cells exceed two "
          "standard errors, each share more than five times the share fold noise alone gives "
          "(t with the degrees of freedom of its standard error)",
          lambda f: f.glass_beyond_2se < 50 < f.sat_beyond_2se
          and f.glass_beyond_2se > 5 * f.glass_noise_2se
          and f.sat_beyond_2se > 5 * f.sat_noise_2se and f.sat_noise_df < f.glass_noise_df),
    Claim("order-same", "IAM ranks the 18 models as CBA does on both data sets",
          lambda f: f.order_same == "identical"),
    Claim("map-never-smallest", "MAP, under either convention, is never the smallest of the "
          "five on Glass", lambda f: f.map_never_smallest),
    Claim("sat-pick-not-doc", "on Satimage our pick differs from the document's",
          lambda f: f.sat_sel != f.sat_doc and f.sat_doc_all),
    Claim("sat-identity-broken", "some published Satimage IAM values are impossible",
          lambda f: f.sat_impossible > 0 and f.glass_impossible == 0),
    Claim("glass-both-signs", "on Glass the published IAM - (2 CBA - 1) has both signs",
          lambda f: f.glass_dmin < -f.rounding_slack < f.rounding_slack < f.glass_dmax),
    Claim("sat-nonnegative", "on Satimage it is never negative", lambda f: f.sat_dmin >= 0),
    Claim("sat-zero-families", "it is zero within rounding for whole model families only",
          lambda f: f.sat_zero_are_whole_families and f.sat_zero_models != ""),
    Claim("no-absent", "no class is absent from any test fold", lambda f: f.absent_cases == 0),
    Claim("glass-effects-reach", "on Glass, pooling or another run moves IAM by as much as "
          "the largest published difference of a row that breaks the identity",
          lambda f: f.glass_effect_max >= f.glass_gap_max),
    Claim("sat-effects-small", "in every Satimage row beyond rounding, pooling and another run "
          "(two SE of a difference) move IAM less than the published difference of that row",
          lambda f: f.sat_rows_noise_reaches == 0 and f.sat_run_max < f.sat_gap_min
          and f.sat_pool_max < f.sat_gap_min),
    Claim("sat-effects-seeds", "over the measured fold seeds, two SE of a difference of runs "
          "and the movement of IAM between seeds stay below the smallest published difference "
          "of those rows", lambda f: f.sat_seeds_n >= 3 and f.sat_seed_run_max < f.sat_gap_min
          and f.sat_seed_move_max < f.sat_gap_min),
    Claim("cand-k1-signs", "IAM over k + 1 classes has both signs on Glass, matches the sign "
          "of at most half the Glass rows beyond rounding, would move most consistent Glass "
          "rows and has the wrong sign in every Satimage row beyond rounding",
          lambda f: f.cand_glass_both_signs and 2 * f.cand_glass_match <= f.cand_glass_bad
          and 2 * f.cand_glass_moves > f.cand_glass_ok and f.cand_sat_match == 0
          and f.cand_sat_bad > 0),
    Claim("impossible-any-classes", "counting the empty class as 0 could explain the excess "
          "over the ceiling but caps MAP and MAR below what every impossible row prints",
          lambda f: f.imp_excess_below_shift and f.imp_all_above_cap),
    Claim("sat-pick-seeds", "on Satimage IAM (hence CBA) picks the same model, with the same "
          "runner-up, on every measured fold seed",
          lambda f: f.sat_seed_sel == f.sat_sel and f.sat_seed_sel_n == f.sat_seeds_n
          and f.sat_seed_second_n == f.sat_seeds_n and f.sat_seeds_n >= 3),
    Claim("pub-picks-same", "the published CBA and IAM columns pick the same model",
          lambda f: f.pub_picks_same),
    Claim("empty-same-pick", "the empty-class convention never changes the model any of the "
          "three rules selects among the 18, in any repetition or over all",
          lambda f: f.empty_same_pick and f.empty_models == 18),
]
"""Sentences resting on :class:`~.rerun.RerunFindings`."""

PICK_CLAIMS = [
    Claim("glass-pick-majority", "over the measured repetitions the three rules always agree; "
          "they pick one model, not the document's, in most, and the document's in the others",
          lambda f: 2 * f.pick20_majority_n > f.pick20_reps
          and f.pick20_majority_model not in ("", f.pick_doc)
          and f.pick20_unanimous == f.pick20_reps
          and set(f.pick20_others_models) <= {f.pick_doc}),
    Claim("glass-pick-lead", "the majority model leads the document's pick in CBA on average, "
          "but not in every repetition",
          lambda f: f.pick20_lead_mean > 0 and f.pick20_lead_negative > 0
          and f.pick20_majority_n < f.pick20_reps),
    Claim("glass-pick-measured", "the measured repetitions reproduce the page's own run",
          lambda f: f.pick20_matches_page),
    Claim("glass-pick-page", "in the page's own repetitions all three rules pick one model",
          lambda f: f.pick_unanimous == f.pick_reps and f.pick_only_model != ""),
    Claim("glass-pick-page-lead", "in every one of the page's repetitions the most picked "
          "model leads the document's pick in CBA",
          lambda f: f.pick_top != f.pick_doc and f.pick_lead_lo > 0),
]
"""Sentences about the Glass picks (on :class:`~.rerun.RerunFindings`)."""

CLAIMS = {"theory": THEORY_CLAIMS, "search": SEARCH_CLAIMS, "sweep": SWEEP_CLAIMS,
          "rerun": RERUN_CLAIMS + PICK_CLAIMS}
"""The claim lists by record (``iam_theory``, ``iam_search``, ``iam_sweep``, ``iam_rerun``)."""

WORKED_CLAIMS = [
    Claim("step-example", "in [[1, 0], [1, 1]] the macro averages are 3/4, each F1 2/3 below", lambda
          f: agrees([f.step_macro, f.step_macro, f.step_f1, f.step_prec0], f.step_lib)
          and fraction_of(f.step_f1) < fraction_of(f.step_macro)),
    Claim("ex-hand", "by hand, IAM = 3/14 = 2 CBA - 1 with CBA = 17/28 below accuracy 7/10, as "
          "the library computes", lambda f: agrees(
              [f.ex_hand_iam, f.ex_hand_cba, f.ex_hand_acc], f.ex_hand_lib)
          and fraction_of(f.ex_hand_iam) == 2 * fraction_of(f.ex_hand_cba) - 1
          and fraction_of(f.ex_hand_cba) < fraction_of(f.ex_hand_acc)),
    Claim("ex-six-sup", "the extremal family has IAM 1 - 4/6 = 1/3 whatever t",
          lambda f: agrees([f.ex_six_iam], [f.ex_six_iam_lib])),
]
CLAIMS["worked"] = WORKED_CLAIMS  # record iam_worked
