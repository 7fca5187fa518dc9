"""The IBA chapter: its claims hold on its findings, and each check can fail.

Expected numbers come from hand computation or from the document (García,
Mollineda and Sánchez 2009), never from the module under test.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import imbalance_lib as il
from imbalance_lib.book.chapters import iba
from imbalance_lib.book.claims import failing
from imbalance_lib.book.record import load


@pytest.fixture(scope="module")
def findings():
    return load("iba")  # the record the chapter proves when it executes


def test_every_claim_holds(findings):
    assert failing(iba.CLAIMS, findings) == []


# one altered finding per claim: the value that would make the sentence false
BREAKERS = {
    "auc-one-point": {"auc_gap": 1e-6},
    "bag-lemma": {"bag_holds": False},
    "range-unit": {"range_holds": False},
    "range-one": {"range_one_holds": False},
    "range-zero": {"range_zero_holds": False},
    "range-above-one": {"range_above_holds": True},
    "mono-half": {"mono_05_holds": False},
    "mono-one": {"mono_1_holds": True},
    "mono-exact": {"mono_exact": 0.55},
    "mono-first-grid": {"mono_first_alpha": 0.57},
    "mono-below-half": {"mono_below": 1},
    "mono-t3": {"mono_t3_count_05": 1},
    "op-props": {"op_holds": False},
    "swap-prop": {"swap_holds": False},
    "t2-prevalence": {"t2_pi_hi": 0.1005},
    "t2-exact": {"t2_agree": 27},
    "t2-tenth-fails": {"t2_disagree10": 0},
    "t2-text-holds": lambda f: {"t2_picks": {**f["t2_picks"], "OP": "theta3"}},
    "t2-runner-up": {"t2_ib01_4": 0.5437},
    "t2-large-alpha-biased": {"t2_most_positive_d": "theta1"},
    "t3-rounding-size": {"t3_maxdiff": 0.01},
    "t3-consistent": {"t3_near": 27},
    "t3-not-truncated": {"t3_sat_svc_trunc": True},
    "t3-coarse-grid": {"t3_breast_mlp_coarse": True},
    "data-glass-satimage": {"fit_sat_one_file": True},
    "data-breast": {"fit_breast_all": True},
    "data-laryngeal": {"fit_laryngeal": False},
    "t3-selections": {"t3_said_agree": 27},
    "t3-top-tpr": {"t3_top_tpr": 11},
    "t3-breast-thin": {"t3_breast_gap": 0.05},
    "imb-calls": {"imb_calls_match": 8},
    "imb-default": {"imb_document_calls": 3},
    "imb-k3": {"imb_k3_dom": 0.01},
    "pycm": {"pycm_matches": False},
    "imb-specificity": {"imb_weighted_spec": 0.25},
}


def test_every_claim_has_a_breaker():
    assert set(BREAKERS) == {c.key for c in iba.CLAIMS}


@pytest.mark.parametrize("key", sorted(BREAKERS))
def test_each_claim_can_fail(findings, key):
    change = BREAKERS[key]
    change = change(findings) if callable(change) else change
    assert key in failing(iba.CLAIMS, {**findings, **change})


# --------------------------------------------------------------- by hand / from the document
def test_numbers_by_hand(findings):
    # the smallest one-step threshold with P, N <= 12: 1 / (2 - 1/12 - 1/12) = 6/11
    assert findings["mono_exact"] == pytest.approx(6 / 11)
    assert findings["mono_first_alpha"] == pytest.approx(0.55)
    # alpha = 3: max (1 + 3)^2 / 12 - 1 = 1/3, min -(3 - 1)^2 / 12 = -1/3
    assert findings["range_de3"] == pytest.approx(1 / 3)
    assert findings["range_de3_alpha"] == pytest.approx(3.0)
    # OP on integer matrices with entries <= 12: TP = 1, FN = 12, FP = 12, TN = 0 gives
    # ACC = 1/25 and |s - t| / (s + t) = 1
    assert findings["op_min"] == pytest.approx(1 / 25 - 1)
    assert findings["tilt_max"] == pytest.approx(100 * 2 / 9, abs=0.05)
    # Table 2 of the document: 1:10 read as P/N = 1/10 gives pi = 1/11
    assert findings["t2_pi_lo"] <= 1 / 11 <= findings["t2_pi_hi"]
    assert findings["t2_cells"] == 4 * 7
    # imbalanced-learn's weighted specificity: TN weight 1, FP weight 3
    assert findings["imb_weighted_tnr"] == pytest.approx(1 / 4)
    # Satimage's SVC (TPR 0, TNR 1): accuracy 1 - 626/6435 prints as the document's 0.903
    assert findings["t3_sat_acc"] == pytest.approx(5809 / 6435)
    # Table 2: theta4 = (0.95, 0.55) has the largest d = 0.4 (theta1 has -0.4)
    assert findings["t2_most_positive_d"] == "theta4"


def test_truncation_count_is_the_rows_listed(findings):
    # rows inconsistent under truncation, as listed in the page's table: Breast SVC; Glass
    # MLP, SVC, RBF; Satimage SVC, RBF; Laryngeal-2 RBF (an independent re-derivation
    # found the same 7)
    summary = iba.consistency_summary()
    listed = [r for v in summary["inconsistent under truncation"] if v != "none"
              for r in v.split(", ")]
    assert len(listed) == findings["t3_trunc_fail"] == 7


def test_alpha_star_from_the_printed_rates():
    # from the document's printed rates of theta3 and theta4 (Table 2)
    from imbalance_lib.book.published.garcia2009 import TABLE2

    f = TABLE2.frame()
    t3, s3 = f.at["theta3", "TPrate"], f.at["theta3", "TNrate"]
    t4, s4 = f.at["theta4", "TPrate"], f.at["theta4", "TNrate"]
    g3, g4 = t3 * s3, t4 * s4
    star = (g4 - g3) / (g3 * (t3 - s3) - g4 * (t4 - s4))
    assert iba.alpha_star() == pytest.approx(star, abs=1e-12)
    assert 0.1 < star < 0.5


def test_one_step_table_by_hand():
    table = iba.one_step_drops(4)["mono_table"]
    # A = [[2, 1], [1, 1]]: TPR 1/2, TNR 2/3, IBA_1 = (1 - 1/6) / 3 = 5/18; B: 1/4
    assert "[[2, 1], [1, 1]]" in table.index
    assert float(table.at["[[2, 1], [1, 1]]", "IBA_1(A)"]) == pytest.approx(5 / 18, abs=5e-5)
    assert float(table.at["[[2, 1], [1, 1]]", "IBA_1(B)"]) == pytest.approx(1 / 4, abs=5e-5)


def test_check_view_shows_stable_columns_only():
    checks = pd.DataFrame({"holds": [True, False], "worst": [1e-17, 1 / 3], "cases": [5, 6],
                           "counterexample": [None, [[2.0, 1.0], [0.0, 1.0]]]},
                          index=["a", "b"])
    view = iba.check_view(checks)
    assert view["largest violation"].tolist() == ["below 1e-9", "0.3333"]
    assert view.iloc[1, 2] == "[[2.0, 1.0], [0.0, 1.0]]" and "cases" not in view


def test_rates_first_and_pooled_by_hand():
    # two folds of one classifier (the other five copies): TPR 1/2 and 1, TNR 3/4 and 1/2
    fold = np.array([[[3, 1], [1, 1]], [[2, 2], [0, 2]]], float)
    cm = np.repeat(fold[None], 6, axis=0)
    rf = iba.rates_first(cm, 0.3)
    assert rf.at["NBC", "TPrate"] == pytest.approx(0.75)
    assert rf.at["NBC", "TNrate"] == pytest.approx(0.625)
    assert rf.at["NBC", "Gmean"] == pytest.approx(np.sqrt(0.75 * 0.625))
    po = iba.pooled(cm)
    assert po.at["NBC", "TPrate"] == pytest.approx(3 / 4)
    assert po.at["NBC", "TNrate"] == pytest.approx(5 / 8)
    mean, sd = iba.per_fold(cm)
    assert mean.at["NBC", "Gmean"] == pytest.approx((np.sqrt(3 / 8) + np.sqrt(1 / 2)) / 2)


def test_pick_writes_a_tie_inside_the_mlp_range():
    values = [0.1, 0.50, 0.0, 0.49, 0.3, 0.0]  # 1NN, MLP, SVC, NBC, J48, RBF
    assert iba.pick("Glass", values, (0.48, 0.52)) == "MLP ≈ NBC"
    assert iba.pick("Glass", values, (0.495, 0.505)) == "MLP"
    assert iba.pick("Satimage", values, (0.48, 0.52)) == "MLP"


def test_mlp_interval_by_hand():
    # Gmean at TPR 0.5 +- 0.01, TNR 0.9 +- 0.0021 (the spans of the noise table)
    assert (iba.MOVE_T, iba.MOVE_S) == (0.01, 0.0021)
    lo, hi = iba.mlp_interval("Gmean", 0.5, 0.9, 0.1)
    assert lo == pytest.approx(np.sqrt(0.49 * 0.8979))
    assert hi == pytest.approx(np.sqrt(0.51 * 0.9021))


def test_imblearn_cases_against_the_library():
    from imblearn.metrics import geometric_mean_score, make_index_balanced_accuracy

    y_true = np.repeat([0, 0, 1, 1], [81, 9, 4, 6])
    y_pred = np.repeat([0, 1, 0, 1], [81, 9, 4, 6])
    cases = iba.imblearn_cases()
    iba_gm = make_index_balanced_accuracy(alpha=0.1, squared=True)(geometric_mean_score)
    assert cases["value"].iloc[0] == pytest.approx(iba_gm(y_true, y_pred))
    # TPR 0.6, TNR 0.9: the default is GM^2 = 0.54, the binary call (1 - 0.03) 0.54
    assert cases["value"].iloc[0] == pytest.approx(0.54)
    assert cases["value"].iloc[1] == pytest.approx(0.97 * 0.54)


def test_swap_and_from_rates_by_hand():
    C = iba.from_rates(0.6, 0.9, 0.1)
    assert np.allclose(C, [[0.81, 0.09], [0.04, 0.06]])
    assert il.tpr(iba.swap(C)) == pytest.approx(0.9)


# --------------------------------------------------------------- the re-run (slow)
RERUN_BREAKERS = {
    "mlp-noise": {"move_s": 0.0015},
    "sat-kernels": {"sat_kernel_gap": 1e-4},
    "exp-same-algorithm-close": {"exp_glass_1nn_dtpr": 0.2},
    "exp-zero-tpr": {"exp_zero_tpr": "SVC"},
    "exp-glass-mlp": {"exp_glass_mlp_gap_lo": 0.15},
    "exp-sat-mlp": {"exp_sat_mlp_hi": 0.6},
    "exp-pooled": {"exp_pooled_gap": 0.1},
    "agg-rates-first": {"agg_glass_rf_pass": 5},
    "agg-per-fold": {"agg_sat_pf_fail_rows": "1NN, NBC, J48"},
    "agg-gm-zero-folds": {"agg_glass_1nn_pf": 0.5},
    "sat-reproduced": {"sat_rf_acc": "NBC"},
    "sat-reps": {"sat_reps_unanimous_but_op": False},
    "glass-iba1": {"reps_glass_iba_1_nbc": 4},
    "glass-iba05": {"glass_iba05_pf": "NBC"},
    "glass-mlp-takes": {"reps_glass_iba_01_mlp": 4},
    "glass-mlp-clear-gm": {"glass_gm_rf_pick": "MLP ≈ NBC"},
    "glass-j48-not-reproduced": {"glass_gm_j48": 0.6},
    "glass-gm-lead-not-firm": {"glass_gm_lead_t": 2.5},
    "glass-acc-degenerate": {"glass_acc_rf": "J48"},
    "nbc-positive-dominance": {"exp_positive_dominance_any": "MLP, NBC"},
    "swap-mirror": {"swap_t2_mirror": False},
    "swap-nbc": {"swap_satimage_iba01_keeps": False},
}


def test_every_rerun_claim_has_a_breaker():
    assert set(RERUN_BREAKERS) == {c.key for c in iba.RERUN_CLAIMS}


@pytest.fixture(scope="module")
def rerun_findings():
    return load("iba_rerun")


def test_every_rerun_claim_holds(rerun_findings):
    assert failing(iba.RERUN_CLAIMS, rerun_findings) == []


@pytest.mark.parametrize("key", sorted(RERUN_BREAKERS))
def test_each_rerun_claim_can_fail(rerun_findings, key):
    assert key in failing(iba.RERUN_CLAIMS, {**rerun_findings, **RERUN_BREAKERS[key]})


# further parts of the longer sentences, each of which must fail its claim on its own
PART_BREAKERS = [
    ("agg-per-fold", {"agg_glass_pf_fail": 3, "agg_glass_pf_pass": 3}),  # not "most"
    ("agg-per-fold", {"agg_pf_pass_rows": "NBC, RBF, SVC"}),
    ("sat-reps", {"sat_op_odd_pick": "J48"}),
    ("sat-reps", {"sat_reps_equal_rf_but_op": False}),
    ("exp-sat-mlp", {"exp_sat_mlp_reps_below": 5}),  # would hold per repetition too
    ("exp-glass-mlp", {"exp_glass_mlp_gap_ratio": 9}),
    ("mlp-noise", {"mlp_start_span_min": 0.1}),
    ("glass-j48-not-reproduced", {"glass_gm_rep_se_lo": 0.004}),
    ("glass-acc-degenerate", {"glass_acc_reps_svc": 2, "glass_acc_reps_j48": 3}),
    ("glass-acc-degenerate", {"glass_acc_pub": "SVC"}),
    ("glass-iba1", {"glass_top_tpr": "MLP"}),
]


@pytest.mark.parametrize("key, change", PART_BREAKERS)
def test_each_part_of_a_rerun_sentence_can_fail(rerun_findings, key, change):
    assert key in failing(iba.RERUN_CLAIMS, {**rerun_findings, **change})


def test_rerun_counts_by_row(rerun_findings):
    f = rerun_findings
    # the per-fold means fail in the rows of 1-NN, MLP, NBC and J48 on both data sets
    assert f["agg_glass_pf_fail_rows"] == f["agg_sat_pf_fail_rows"] == "1NN, MLP, NBC, J48"
    # Satimage, OP: naive Bayes in 4 repetitions, 1-NN in one
    assert f["reps_satimage_op_nbc"] == 4 and f["sat_op_odd_pick"] == "1NN"
    # Glass GM, J48 and NBC: the published margin 0.583 - 0.578, below sd / sqrt(5)
    assert f["glass_pub_gm_margin"] == pytest.approx(0.005)
    assert f["glass_pub_gm_margin"] < f["glass_gm_rep_se_lo"]
