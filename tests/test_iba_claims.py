"""The IBA chapter: its claims hold on its findings, and each check can fail.

Expected numbers come from hand computation or from the document (García,
Mollineda and Sánchez 2009), never from the package under test. The findings are
the records the chapter proves when it executes (``chapters/data/findings/iba.json``
and ``iba_rerun.json``).
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from claims_scaffold import ClaimsContract

import imbalance_lib as il
from imbalance_lib.book.chapters import iba
from imbalance_lib.book.published.garcia2009 import TABLE2
from imbalance_lib.book.record import load


@pytest.fixture(scope="module")
def findings():
    return iba.IbaFindings.from_record(load("iba"))


@pytest.fixture(scope="module")
def rerun_findings():
    return iba.RerunFindings.from_record(load("iba_rerun"))


T2_PICKS = {"Acc": ["theta1"], "Gmean": ["theta2", "theta3"], "AUC": ["theta1", "theta4"],
            "OP": ["theta2"], "IBA_1": ["theta4"], "IBA_0.5": ["theta4"],
            "IBA_0.1": ["theta3"]}


class TestClaims(ClaimsContract):
    CLAIMS = iba.CLAIMS
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
        "mono-frac": {"mono_frac": "5/11"},
        "mono-first-grid": {"mono_first_alpha": 0.57},
        "mono-below-half": {"mono_below": 1},
        "mono-t3": {"mono_t3_count_05": 1},
        "op-props": {"op_holds": False},
        "swap-prop": {"swap_holds": False},
        "t2-prevalence": {"t2_pi_hi": 0.1005},
        "t2-exact": {"t2_agree": 27},
        "t2-tenth-fails": {"t2_disagree10": 0},
        "t2-text-holds": {"t2_picks": {**T2_PICKS, "OP": ["theta3"]}},
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
        "tie-others": {"tie_acc_b": 0.52},
        "breast-reversal": {"breast_iba01_pick": "NBC"},
        "imb-calls": {"imb_calls_match": 8},
        "imb-default": {"imb_document_calls": 3},
        "imb-k3": {"imb_k3_dom": 0.01},
        "pycm": {"pycm_matches": False},
        "doc-data-sets": {"doc_available": ["Glass"]},
        "imb-specificity": {"imb_weighted_spec": 0.25},
    }
    PART_BREAKERS = [
        ("t2-text-holds", {"t2_picks": {**T2_PICKS, "AUC": ["theta1"]}}),  # a tie is a list
        ("t2-large-alpha-biased", {"t2_picks": {**T2_PICKS, "IBA_1": ["theta3"]}}),
        ("doc-data-sets", {"doc_available": ["Glass", "Satimage", "Breast"]}),
        ("doc-data-sets", {"shipped_sets": 2}),
    ]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return iba.IbaFindings.from_record(load("iba"))


class TestRerunClaims(ClaimsContract):
    CLAIMS = iba.RERUN_CLAIMS
    BREAKERS = {
        "mlp-noise": {"move_s": 0.0015},
        "sat-kernels": {"sat_kernel_gap": 1e-4},
        "mlp-converge": {"mlp_converge": False},
        "exp-same-algorithm-close": {"exp_glass_1nn_dtpr": 0.2},
        "exp-zero-tpr": {"exp_zero_tpr": ["SVC"]},
        "exp-glass-mlp": {"exp_glass_mlp_gap_lo": 0.15},
        "exp-sat-mlp": {"exp_sat_mlp_hi": 0.6},
        "exp-pooled": {"exp_pooled_gap": 0.1},
        "agg-rates-first": {"agg_glass_rf_pass": 5},
        "agg-per-fold": {"agg_sat_pf_failing": ["1NN", "NBC", "J48"]},
        "agg-gm-zero-folds": {"agg_glass_1nn_pf": 0.5},
        "sat-reproduced": {"sat_rf_picks": {"Acc": ["NBC"], "Gmean": ["NBC"]}},
        "sat-reps": {"sat_reps_unanimous_but_op": False},
        "glass-iba1": {"reps_glass_iba_1_nbc": 4},
        "glass-iba05": {"glass_iba05_pf": ["NBC"]},
        "glass-mlp-takes": {"reps_glass_iba_01_mlp": 4},
        "glass-mlp-clear-gm": {"glass_gm_rf_pick": ["MLP", "NBC"]},
        "glass-j48-not-reproduced": {"glass_gm_j48": 0.6},
        "glass-gm-lead-not-firm": {"glass_gm_lead_t": 2.5},
        "glass-acc-degenerate": {"glass_acc_rf": ["J48"]},
        "nbc-positive-dominance": {"exp_positive_dominance_any": ["MLP", "NBC"]},
        "swap-mirror": {"swap_t2_mirror": False},
        "swap-nbc": {"swap_satimage_iba01_keeps": False},
    }
    # further parts of the longer sentences, each of which must fail its claim on its own
    PART_BREAKERS = [
        ("agg-per-fold", {"agg_glass_pf_fail": 3, "agg_glass_pf_pass": 3}),  # not "most"
        ("agg-per-fold", {"agg_pf_passing": ["NBC", "RBF", "SVC"]}),
        ("sat-reps", {"sat_op_odd_picks": ["J48"]}),
        ("sat-reps", {"sat_reps_equal_rf_but_op": False}),
        ("exp-sat-mlp", {"exp_sat_mlp_reps_below": 5}),  # would hold per repetition too
        ("exp-sat-mlp", {"exp_sat_mlp_tpr": 0.56}),  # the single start
        ("exp-glass-mlp", {"exp_glass_mlp_gap_ratio": 9}),
        ("mlp-noise", {"mlp_start_span_min": 0.1}),
        ("mlp-converge", {"mlp_some_over_1000": False}),  # 1000 would be enough
        ("mlp-converge", {"mlp_few_over_1000": False}),  # not "a few"
        ("glass-j48-not-reproduced", {"glass_gm_rep_se_lo": 0.004}),
        ("glass-acc-degenerate", {"glass_acc_reps_svc": 2, "glass_acc_reps_j48": 3}),
        ("glass-acc-degenerate", {"glass_acc_pub": ["SVC"]}),
        ("glass-iba05", {"glass_iba05_pf": ["NBC", "MLP"]}),  # a tie led by the MLP
        ("glass-iba1", {"glass_top_tpr": "MLP"}),
    ]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return iba.RerunFindings.from_record(load("iba_rerun"))


class TestSeedClaims(ClaimsContract):
    CLAIMS = iba.SEED_CLAIMS
    BREAKERS = {
        "seeds-auc-op-j48": {"op_j48": 4},
        "seeds-gm-split": {"gm_j48": 0, "gm_nbc": 5},
        "seeds-iba-nbc": {"iba01_nbc": 4},
        "seeds-acc-split": {"acc_svc": 5},
        "seeds-sat-close": {"sat_dtpr_max": 0.021, "sat_1nn_dtpr_hi": 0.021},
    }
    PART_BREAKERS = [
        ("seeds-auc-op-j48", {"auc_j48": 3}),
        ("seeds-auc-op-j48", {"n": 3, "auc_j48": 3, "op_j48": 3}),  # too few seeds
        ("seeds-gm-split", {"gm_nbc": 1}),  # a seed picking neither
        ("seeds-acc-split", {"acc_svc": 0}),
        ("seeds-acc-split", {"acc_j48_max": 0.92}),  # J48 never above the SVC
    ]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return iba.SeedFindings.from_record(load("iba_seeds"))


def test_seed_findings_recounted_from_the_stored_study():
    # an independent count over the stored runs (the page counts with its own code)
    f = iba.SeedFindings.from_record(load("iba_seeds"))
    study = iba.seed_study()
    runs = study["runs"]
    assert f.n == len(runs) == len(study["seeds"]) and f.reps == 5 * f.n
    assert f.auc_j48 == sum(r["picks"]["AUC"] == ["J48"] for r in runs)
    assert f.gm_j48 + f.gm_nbc == sum(r["picks"]["Gmean"] in (["J48"], ["NBC"]) for r in runs)
    assert f.iba01_nbc_reps == sum(p == ["NBC"] for r in runs for p in r["reps"]["IBA_0.1"])
    best = [max(r["acc"], key=r["acc"].get) for r in runs]
    assert f.acc_svc == sum(b in ("SVC", "RBF") for b in best)
    # the never-positive SVC's rates-first accuracy is 1 - pi = 1 - 17/214 on every seed
    assert all(abs(r["acc"]["SVC"] - (1 - 17 / 214)) < 1e-12 for r in runs)
    assert f.acc_svc_value == round(1 - 17 / 214, 3)
    # Satimage, published TPR: 1-NN 0.705, naive Bayes 0.870
    gaps = [abs(r["sat_tpr"]["1NN"] - 0.705) for r in runs]
    assert (f.sat_1nn_dtpr_lo, f.sat_1nn_dtpr_hi) == (round(min(gaps), 3), round(max(gaps), 3))


def test_seed_zero_of_the_study_is_the_pages_run(rerun_findings):
    run = iba.seed_study()["runs"][0]  # fold seed 0, the page's
    f = rerun_findings
    assert run["picks"]["Gmean"] == ["NBC"]  # as the page's GM without the MLP
    assert round(abs(run["sat_tpr"]["1NN"] - 0.705), 3) == f.exp_satimage_1nn_dtpr
    assert round(abs(run["sat_tpr"]["NBC"] - 0.870), 3) == f.exp_satimage_nbc_dtpr


# --------------------------------------------------------------- by hand / from the document
def test_numbers_by_hand(findings):
    # the smallest one-step threshold with P, N <= 12: 1 / (2 - 1/12 - 1/12) = 6/11
    assert findings.mono_exact == pytest.approx(6 / 11)
    assert findings.mono_first_alpha == pytest.approx(0.55)
    # alpha = 3: max (1 + 3)^2 / 12 - 1 = 1/3, min -(3 - 1)^2 / 12 = -1/3
    assert findings.range_de3 == pytest.approx(1 / 3)
    assert findings.range_de3_alpha == pytest.approx(3.0)
    # OP on integer matrices with entries <= 12: TP = 1, FN = 12, FP = 12, TN = 0 gives
    # ACC = 1/25 and |s - t| / (s + t) = 1
    assert findings.op_min == pytest.approx(1 / 25 - 1)
    assert findings.tilt_max == pytest.approx(100 * 2 / 9, abs=0.05)
    # Table 2 of the document: 1:10 read as P/N = 1/10 gives pi = 1/11
    assert findings.t2_pi_lo <= 1 / 11 <= findings.t2_pi_hi
    assert findings.t2_cells == 4 * 7
    # imbalanced-learn's weighted specificity: TN weight 1, FP weight 3
    assert findings.imb_weighted_tnr == pytest.approx(1 / 4)
    # Satimage's SVC (TPR 0, TNR 1): accuracy 1 - 626/6435 prints as the document's 0.903
    assert findings.t3_sat_acc == pytest.approx(5809 / 6435)
    # Table 2: theta4 = (0.95, 0.55) has the largest d = 0.4 (theta1 has -0.4)
    assert findings.t2_most_positive_d == "theta4"
    # the document's Section 4: 17 data sets, of which Table 3 reports four
    assert (findings.doc_data_sets, findings.doc_named) == (17, 4)


def test_truncation_count_is_the_rows_listed(findings):
    # rows inconsistent under truncation: Breast SVC; Glass MLP, SVC, RBF; Satimage SVC,
    # RBF; Laryngeal-2 RBF (an independent re-derivation found the same 7)
    assert sorted(findings.t3_trunc_failing) == sorted([
        "Breast SVC", "Glass MLP", "Glass SVC", "Glass RBF", "Satimage SVC",
        "Satimage RBF", "Laryngeal-2 RBF"])
    assert findings.t3_trunc_fail == len(findings.t3_trunc_failing) == 7


def test_available_data_sets_from_the_package_folders():
    # Glass and Satimage ship as glass/ and satimage/; Breast ships only as wisconsin/
    shipped = iba.shipped_data_sets()
    assert {"glass", "satimage", "wisconsin"} <= set(shipped)
    assert not {"breast", "laryngeal-2"} & {s.lower() for s in shipped}
    assert len(shipped) == 113
    assert iba.available(["Breast", "Glass", "Satimage", "Laryngeal-2"], shipped) == [
        "Glass", "Satimage"]


def test_alpha_star_from_the_printed_rates():
    # from the document's printed rates of theta3 and theta4 (Table 2)
    f = TABLE2.frame()
    t3, s3 = f.at["theta3", "TPrate"], f.at["theta3", "TNrate"]
    t4, s4 = f.at["theta4", "TPrate"], f.at["theta4", "TNrate"]
    g3, g4 = t3 * s3, t4 * s4
    star = (g4 - g3) / (g3 * (t3 - s3) - g4 * (t4 - s4))
    assert iba.alpha_star() == pytest.approx(star, abs=1e-12)
    assert 0.1 < star < 0.5


def test_one_step_counterexample_by_hand(findings):
    # A = [[2, 1], [1, 1]]: TPR 1/2, TNR 2/3, IBA_1 = (1 - 1/6) / 3 = 5/18; correcting its
    # false positive, B = [[3, 0], [1, 1]]: TPR 1/2, TNR 1, IBA_1 = (1 - 1/2) / 2 = 1/4
    assert il.iba([[2, 1], [1, 1]], alpha=1) == pytest.approx(5 / 18)
    assert il.iba([[3, 0], [1, 1]], alpha=1) == pytest.approx(1 / 4)
    assert findings.mono_M == 5  # the smallest counterexample has A's 5 samples
    table = iba.drops_table(np.array([[[2.0, 1], [1, 1]]]), np.array([[[3.0, 0], [1, 1]]]))
    assert table.at["[[2, 1], [1, 1]]", "IBA_1(A)"] == "0.2778"
    assert table.at["[[2, 1], [1, 1]]", "IBA_1(B)"] == "0.2500"


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
    rf = iba.metric_frame(iba.rates_first(cm, 0.3), iba.MODELS)
    assert rf.at["NBC", "TPrate"] == pytest.approx(0.75)
    assert rf.at["NBC", "TNrate"] == pytest.approx(0.625)
    assert rf.at["NBC", "Gmean"] == pytest.approx(np.sqrt(0.75 * 0.625))
    # the rates-first matrix has the class shares 0.7 and 0.3
    assert iba.rates_first(cm, 0.3)[0].sum(-1) == pytest.approx([0.7, 0.3])
    po = iba.metric_frame(cm.sum(axis=1), iba.MODELS)
    assert po.at["NBC", "TPrate"] == pytest.approx(3 / 4)
    assert po.at["NBC", "TNrate"] == pytest.approx(5 / 8)
    mean, sd = iba.per_fold(cm)
    assert mean.at["NBC", "Gmean"] == pytest.approx((np.sqrt(3 / 8) + np.sqrt(1 / 2)) / 2)


def test_pick_writes_a_tie_inside_the_mlp_range():
    values = pd.Series([0.1, 0.50, 0.0, 0.49, 0.3, 0.0], index=iba.MODELS)
    assert iba.pick(values, (0.48, 0.52)) == ["MLP", "NBC"]
    assert iba.pick(values, (0.495, 0.505)) == ["MLP"]
    assert iba.pick(values) == ["MLP"]
    # the rule reads the MLP's range, not a data set's name: no range, no tie
    assert iba.pick(values.rename({"MLP": "MLP"}), None) == ["MLP"]
    # an exact tie is a list of both names, in row order
    assert iba.pick(pd.Series([0.2, 0.1, 0.3, 0.3, 0.0, 0.0], index=iba.MODELS)) == [
        "SVC", "NBC"]


def test_pick_is_generic():
    # the old rule special-cased the data set "Glass"; the new one takes no data set name
    assert list(inspect.signature(iba.pick).parameters) == ["values", "mlp_range"]


def test_picks_are_lists_in_the_records(rerun_findings):
    f = rerun_findings
    assert f.glass_iba05_pf == ["MLP", "NBC"]  # a tie within the MLP's movement
    assert f.sat_rf_picks["Acc"] == ["1NN"] and f.glass_acc_rf == ["SVC"]
    assert isinstance(f.exp_zero_tpr, list) and isinstance(f.agg_glass_pf_failing, list)


def test_mlp_interval_by_hand():
    # Gmean at TPR 0.5 +- 0.01, TNR 0.9 +- 0.0021 (the spans of the noise table)
    assert (iba.MOVE_T, iba.MOVE_S) == (0.01, 0.0021)
    lo, hi = iba.mlp_interval("Gmean", 0.5, 0.9, 0.1, (iba.MOVE_T, iba.MOVE_S))
    assert lo == pytest.approx(np.sqrt(0.49 * 0.8979))
    assert hi == pytest.approx(np.sqrt(0.51 * 0.9021))


def test_imblearn_calls_by_hand(findings):
    from imblearn.metrics import geometric_mean_score, make_index_balanced_accuracy

    y_true, y_pred = iba.labels_of(iba.EXAMPLE)
    assert np.bincount(2 * y_true + y_pred).tolist() == [81, 9, 4, 6]
    iba_gm = make_index_balanced_accuracy(alpha=0.1, squared=True)(geometric_mean_score)
    # TPR 0.6, TNR 0.9: the default is GM^2 = 0.54, the binary call (1 - 0.03) 0.54
    assert iba_gm(y_true, y_pred) == pytest.approx(0.54)
    assert iba_gm(y_true, y_pred, average="binary") == pytest.approx(0.97 * 0.54)
    assert findings.imb_calls == findings.imb_calls_match == 9
    assert findings.imb_document_calls == 2 and findings.imb_default_is_gm2


def test_equal_gm_pair_by_hand(findings):
    f = findings
    # GM^2: 1.0 * 0.30 = 0.8 * 0.375 = 0.3; AUC: (1.0 + 0.30) / 2, (0.8 + 0.375) / 2
    assert (f.tie_a_tpr * f.tie_a_tnr, f.tie_b_tpr * f.tie_b_tnr) == pytest.approx((0.3, 0.3))
    assert (f.tie_auc_a, f.tie_auc_b) == pytest.approx((0.65, 0.5875))
    # accuracy at pi = 0.3: 0.3 * 1.0 + 0.7 * 0.30, 0.3 * 0.8 + 0.7 * 0.375
    assert (f.tie_acc_a, f.tie_acc_b) == pytest.approx((0.51, 0.5025))
    # OP = ACC - |TNR - TPR| / (TNR + TPR): 0.51 - 0.7 / 1.3, 0.5025 - 0.425 / 1.175
    assert (f.tie_op_a, f.tie_op_b) == pytest.approx((0.51 - 0.7 / 1.3, 0.5025 - 0.425 / 1.175),
                                                     abs=1e-4)
    # IBA_0.1 = (1 + 0.1 d) GM^2: (1 + 0.07) 0.3, (1 + 0.0425) 0.3
    assert (f.tie_iba_a, f.tie_iba_b) == pytest.approx((1.07 * 0.3, 1.0425 * 0.3), abs=1e-4)
    # the document's Breast block: GM 0.590 (NBC) > 0.588 (1NN), IBA_0.1 0.335 > 0.332
    assert (f.breast_gm_pick, f.breast_iba01_pick) == ("NBC", "1NN")


def test_swap_and_from_rates_by_hand():
    C = iba.from_rates(0.6, 0.9, 0.1)
    assert np.allclose(C, [[0.81, 0.09], [0.04, 0.06]])
    assert il.tpr(iba.swap(C)) == pytest.approx(0.9)


def test_rerun_counts_by_row(rerun_findings):
    f = rerun_findings
    # the per-fold means fail in the rows of 1-NN, MLP, NBC and J48 on both data sets
    assert f.agg_glass_pf_failing == f.agg_sat_pf_failing == ["1NN", "MLP", "NBC", "J48"]
    assert f.agg_glass_pf_fail_rows == "1NN, MLP, NBC, J48"  # the glued text of that list
    # Satimage, OP: naive Bayes in 4 repetitions, 1-NN in one
    assert f.reps_satimage_op_nbc == 4 and f.sat_op_odd_picks == ["1NN"]
    # Glass GM, J48 and NBC: the published margin 0.583 - 0.578, below sd / sqrt(5)
    assert f.glass_pub_gm_margin == pytest.approx(0.005)
    assert f.glass_pub_gm_margin < f.glass_gm_rep_se_lo
    # one positive of Glass's 17 is 1/17 of a repetition's TPR
    assert f.exp_glass_one_pos == pytest.approx(round(1 / 17, 3))
    # the Glass MLP: 10 starts x 50 folds, all below the cap of 3000 iterations
    assert f.mlp_fits == 500 and f.mlp_max_iter == 3000 and f.mlp_converge


NOTEBOOK = Path(__file__).resolve().parents[1] / "chapters" / "iba.ipynb"


def _paragraph_citing(key: str) -> str:
    """The markdown paragraph (or list item) right above the ``% claims:`` line citing key."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        lines = "".join(cell["source"]).splitlines()
        for i, line in enumerate(lines):
            m = re.match(r"\s*% claims: (.*)", line)
            if m and key in [k.strip() for k in m.group(1).split(",")]:
                start = i
                while start > 0 and lines[start - 1].strip():
                    start -= 1
                return "\n".join(lines[start:i])
    raise AssertionError(f"{key} is not cited")


@pytest.mark.parametrize("key, glued", [
    # the sentence of agg-rates-first states the two counts it rests on
    ("agg-rates-first", ["iba-agg-glass-rf-pass", "iba-agg-sat-rf-pass"]),
    # exp-sat-mlp: the single start and each of the four measured starts, as the claim
    ("exp-sat-mlp", ["iba-exp-sat-mlp-tpr", "iba-exp-sat-mlp-starts", "iba-exp-sat-mlp-hi"]),
    # the convergence of L-BFGS on Glass rests on the fits the page counted
    ("mlp-converge", ["iba-mlp-fits", "iba-mlp-max-iter"]),
    # the 17 data sets of the document and which of them ship
    ("doc-data-sets", ["iba-doc-available-text", "iba-shipped-sets"]),
])
def test_the_cited_sentence_states_its_claim(key, glued):
    paragraph = _paragraph_citing(key)
    assert all(g in paragraph for g in glued), paragraph


def test_the_sat_mlp_sentence_says_each_of_the_four_starts():
    paragraph = _paragraph_citing("exp-sat-mlp")
    assert "each of the four" in paragraph and "single start" in paragraph
    assert "four starts give" not in paragraph  # the old parenthesis


def test_the_convergence_sentence_is_not_typed():
    paragraph = _paragraph_citing("mlp-converge")
    assert "converges in every fold" not in paragraph


def test_the_hand_fraction_of_the_monotonicity_section():
    # 1/(2 - 1/12 - 1/12) = 1/(22/12) = 12/22 = 6/11
    assert iba.IbaFindings.from_record(load("iba")).mono_frac == "6/11"
