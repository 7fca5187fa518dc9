"""The AC-score chapter: its claims hold on its findings, and each check can fail.

Expected numbers come from hand computation (the counts of the data sets, the
sizes of the document's Section 3.2, the four-sample example) or from an
independent computation (a scalar optimiser for the edge gap), never from the
module under test.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy.optimize import minimize_scalar

from imbalance_lib.book.chapters import ac_score
from imbalance_lib.book.claims import failing
from imbalance_lib.book.datasets import digits_split
from imbalance_lib.book.record import load


@pytest.fixture(scope="module")
def findings():
    return load("ac_score")  # the record the chapter proves when it executes


@pytest.fixture(scope="module")
def digits_run():
    results, _, extras = ac_score.run_experiment(digits_split, n_reps=ac_score.N_REPS_DIGITS)
    return results, extras


@pytest.fixture(scope="module")
def digits():
    return load("ac_score_digits")


@pytest.fixture(scope="module")
def gaussian():
    results, _, extras = ac_score.run_experiment(ac_score.gaussian_split)
    return ac_score.experiment_findings(results, extras)


def test_every_claim_holds(findings):
    assert failing(ac_score.CLAIMS, findings) == []


def test_every_property_is_checked_and_holds(findings):
    assert findings["n_properties"] == len(ac_score.PROPERTIES) == 14
    assert findings["n_properties_hold"] == 14


def test_sizes_by_hand(findings):
    # scikit-learn's digits: 182 images of "1", 181 of "6"
    assert (findings["n_ones"], findings["n_sixes"]) == (182, 181)
    # test sets (15 + 45, 45 + 45, 45 + 15); train three times each
    assert (findings["test_13"], findings["test_11"], findings["test_31"]) == (60, 90, 60)
    assert findings["n_used"] == 4 * 45
    # the caption gives panel (e), "no imbalance", the counts N = 1500, P = 500 of 3:1
    assert findings["caption_mismatch"] == "e"
    # Section 3.2: 24,000, 12,000 and 8,000 images against our 240, 360 and 240
    assert (findings["ratio_lo"], findings["ratio_hi"]) == (33, 100)
    assert findings["exh_n"] == f"{13**4 - 1:,}"  # entries 0..12, all-zero matrix left out
    assert findings["tie_n"] == 300 + 900
    assert findings["tie_distinct"] <= 11  # a 10-NN vote takes at most 11 values


def test_four_sample_example_by_hand(findings):
    # cut 0.5: one of two positives and one of two negatives right; 1 of 4 pairs ordered
    assert findings["example_ac"] == 0.5
    assert findings["example_auroc"] == 0.25


def test_edge_gap_by_an_optimiser(findings):
    res = minimize_scalar(lambda t: -(math.sqrt(t) - 2 * t / (t + 1)), bounds=(1e-9, 1),
                          method="bounded", options={"xatol": 1e-12})
    assert findings["gap_ratio"] == pytest.approx(res.x, abs=1e-6)
    assert findings["gap_max"] == pytest.approx(-res.fun, abs=1e-9)
    assert findings["gap_half"] == pytest.approx(-res.fun / 2, abs=1e-9)


def test_document_statements_by_hand(findings):
    # AC / GM = 2 sqrt(ts) / (t + s) at t = 1e-6, s = 1/2; AC(1, 1/2) = 2/3 against min = 1/2
    t, s = 1e-6, 0.5
    assert findings["edge_ratio"] == pytest.approx(2 * math.sqrt(t * s) / (t + s), rel=1e-9)
    assert findings["min_gap"] == pytest.approx(2 / 3 - 1 / 2)
    assert findings["agree_max"] < 1e-12
    assert (findings["doc_n"], findings["doc_hold"], findings["doc_fail"]) == (7, 4, 3)
    assert findings["const_orders"] == 50


def test_constant_score_by_hand(findings):
    # a constant score has two cuts, all positive (TNR = 0) and all negative (TPR = 0)
    assert findings["const_best"] == 0.0 and findings["ones_best"] == 0.0
    assert findings["gau_bayes"] == pytest.approx(0.5 * (1 + math.erf(1 / math.sqrt(2))))


def _frame(bonus=None):
    """A hand-made run: NMC beats LDA by 0.1 on the AC-score alone (unless ``bonus`` says more)."""
    bonus = {"AC-score": 0.1} if bonus is None else bonus
    rows = []
    for cond in ac_score.CONDITIONS:
        for rep in range(2):
            for model, base in [("NMC", 0.5), ("LDA", 0.5), ("LDA, equal priors", 0.55),
                                ("LDA + OOP", 0.45)]:
                for metric in ac_score.OUR_METRICS + ["AUPR (one point)"]:
                    extra = bonus.get(metric, 0.0) if model == "NMC" else 0.0
                    rows.append((cond, rep, model, metric, base + extra))
    results = pd.DataFrame(rows, columns=["condition", "rep", "model", "metric", "value"])
    extras = {"ties": pd.DataFrame(columns=["condition", "rep", "ac_change"]),
              "priors": pd.DataFrame([(c, r, 1, 10) for c in ac_score.CONDITIONS
                                      for r in range(2)],
                                     columns=["condition", "rep", "moved", "n"]),
              "n_reps": 2}
    return results, extras


def test_experiment_findings_on_a_hand_made_run():
    f = ac_score.experiment_findings(*_frame())
    assert f["ac_rank_13"] == 1 and f["ac_diff_13"] == pytest.approx(0.1)
    assert f["n_nmc_better_13"] == 1 and f["n_lda_better_13"] == 0
    assert f["gm_rank_13"] == 2  # every other metric ties at 0, sharing rank 2
    assert f["eq_above_13"] == 0 and f["eq_below_13"] == 2
    assert f["eq_diff_13"] == pytest.approx(0.55 - 0.6)
    assert f["oop_diff_31"] == pytest.approx(0.45 - 0.6)
    assert f["prior_changed"] == 4 and f["prior_total"] == 40  # 1:3 and 3:1, two reps each
    assert f["ties"] == 0 and f["tie_plotted"] == "does not" and f["fits"] == 6
    assert f["tie_gap"] == pytest.approx(0.1)
    assert f["tie_n_nmc_better"] == 1 and f["tie_ac_rank_min"] == 1
    assert f["doc_verdict"] == "does not hold"  # GM and BA do not separate the two
    assert f["ac_rank11_13"] == 1  # among the document's metrics too
    assert (f["nmc_ahead_13"], f["nmc_behind_13"], f["nmc_ahead"]) == (2, 0, 6)
    assert (f["n_reps"], f["n_splits"]) == (2, 6)
    assert f["shift_ac"] == 0 and f["shift_single_min"] == 0
    g = ac_score.experiment_findings(*_frame({"AC-score": 0.1, "GM": 0.05, "BA": 0.02}))
    assert g["doc_verdict"] == "holds"


def test_the_authors_tie_rule_is_applied():
    # the median NMC of every fit has an AC-score of 0.4 (LDA: 0.5), all else as NMC
    results, extras = _frame()
    nmc = results[results.model == "NMC"]
    tie_values = nmc[["condition", "rep", "metric", "value"]].copy()
    tie_values.loc[tie_values.metric == "AC-score", "value"] = 0.4
    f = ac_score.experiment_findings(results, {**extras, "tie_values": tie_values})
    assert f["tie_gap"] == pytest.approx(-0.1)
    assert f["tie_n_nmc_better"] == 0 and f["tie_ac_rank_min"] == 17
    assert f["tie_doc_verdict"] == "does not hold"
    assert f["ac_rank_13"] == 1  # the findings of the run itself are untouched


def test_nmc_ahead_counted_independently(digits_run, digits):
    results, _ = digits_run
    ac = results[(results.metric == "AC-score") & results.model.isin(["NMC", "LDA"])]
    for cond in ac_score.CONDITIONS:
        ahead = behind = 0
        for rep in range(ac_score.N_REPS_DIGITS):
            x = ac[(ac.condition == cond) & (ac.rep == rep)].set_index("model")["value"]
            ahead += int(x["NMC"] > x["LDA"])
            behind += int(x["NMC"] < x["LDA"])
        key = cond.replace(":", "")
        assert (digits[f"nmc_ahead_{key}"], digits[f"nmc_behind_{key}"]) == (ahead, behind)
    assert digits["n_splits"] == 3 * ac_score.N_REPS_DIGITS == 120


def test_verdicts_as_the_prose_argues(digits):
    assert digits["doc_verdict"] == "does not hold"


def test_digits_claims_hold(digits):
    assert failing(ac_score.EXPERIMENT_CLAIMS["dig"], digits) == []


def test_gaussian_claims_hold(gaussian):
    assert failing(ac_score.EXPERIMENT_CLAIMS["gau"], gaussian) == []
    assert gaussian["doc_verdict"] == "holds"


# one altered finding per claim: the value that would make the sentence false
BREAKERS = {
    **{f"prop-{ac_score._slug(n)}": {f"holds_{ac_score._slug(n)}": False}
       for n in ac_score.PROPERTIES},
    "sympy": {"sympy_nonzero": 1},
    "edge-gap-grid": {"gap_grid_t": 0.05},
    "edge-gap-near-edge": {"gap_ratio": 0.5},
    "auroc-below-cut": {"example_auroc": 0.75},
    "tie-overstates": {"tie_reported_max": 0.5},
    "tie-order-dependent": {"tie_reported_min": 1.0},
    "tie-exact-order-free": {"tie_exact_spread": 0.01},
    "tie-mismatch": {"tie_mismatch": 0},
    "tie-exact-achieved": {"tie_exact_applied": 0.5},
    "tie-fewer-cuts": {"tie_distinct": 1200},
    "const-reported": {"const_lo": 0.0},
    "const-order-dependent": {"const_lo": 0.6},
    "caption-e": {"caption_mismatch": "e, f"},
    "code-agrees": {"code_mismatch": 1},
    "const-best-zero": {"const_best": 0.5},
    "ones-perfect": {"ones_stored": 0.5},
    "doc-statements": {"doc_below_auroc": True},
}
DIG_BREAKERS = {
    "dig-lda-never-worse": {"n_nmc_better_31": 1},
    "dig-doc-verdict": {"doc_verdict": "holds"},
    "dig-nmc-ahead-sometimes": {"nmc_ahead": 0},
    "dig-ac-not-first": {"ac_rank_11": 1},
    "dig-ac-not-first-doc": {"ac_rank11_31": 1},
    "dig-lda-ac-higher": {"ac_lda": 0.5},
    "dig-priors-few": {"prior_changed": 5},
    "dig-tie-rule-harmless": {"tie_gap": 0.01},
    "dig-baselines-as-lda": {"eq_over_lda_13": 0.05},
}
GAU_BREAKERS = {
    "gau-doc-verdict": {"doc_verdict": "does not hold"},
    "gau-stable": {"shift_mcc": 1},
    "gau-nmc-wins": {"ba_diff_31": -0.01},
    "gau-order": {"gm_diff_13": 1.0},
    "gau-ac-second": {"top_31": "specificity"},
    "gau-balanced-level": {"ac_diff_11": 1.0},
    "gau-lda-majority": {"lda_majority_31": False},
    "gau-lda-trades": {"lda_sens_gap_13": -0.1},
    "gau-equal-priors-beat": {"eq_above_31": 3},
    "gau-oop-level": {"oop_diff_13": 1.0},
    "gau-all-ahead-of-lda": {"oop_over_lda_31": -0.01},
}


# every part of the claims that check several statements of one sentence
PART_BREAKERS = [
    ("doc-statements", {"doc_symmetric": False}), ("doc-statements", {"doc_harshest": True}),
    ("doc-statements", {"doc_near_gm_at_edges": True}), ("doc-statements", {"doc_hold": 5}),
    ("dig-tie-rule-harmless", {"tie_n_nmc_better": 1}),
    ("dig-tie-rule-harmless", {"tie_ac_rank_min": 1}),
    ("dig-tie-rule-harmless", {"tie_ac_rank11_min": 1}),
    ("dig-tie-rule-harmless", {"tie_doc_verdict": "holds"}),
    ("dig-nmc-ahead-sometimes", {"nmc_ahead_31": 40}),
    ("dig-ac-not-first-doc", {"ac_rank11_13": 12}),
    ("dig-baselines-as-lda", {"oop_over_lda_11": 0.005}),
    ("dig-doc-verdict", {"ac_diff_13": 1.0, "gm_diff_13": 0.5, "ba_diff_13": 0.1,
                         "ac_diff_31": 1.0, "gm_diff_31": 0.5, "ba_diff_31": 0.1}),
]
GAU_PART_BREAKERS = [
    ("gau-stable", {"shift_single_min": 0}), ("gau-stable", {"shift_ac": 2}),
    ("gau-stable", {"shift_favg": 1}), ("gau-stable", {"mcc_favg_over_ba": 1.5}),
    ("gau-doc-verdict", {"gm_diff_31": -1.0}),
    ("gau-balanced-level", {"n_signal_11": 1}),
    ("gau-lda-trades", {"lda_spec_gap_31": -0.01}),
    ("gau-all-ahead-of-lda", {"eq_over_lda_13": 0.01}),
]


@pytest.mark.parametrize("key, change", PART_BREAKERS)
def test_each_part_can_fail(findings, digits, key, change):
    claims = ac_score.CLAIMS + ac_score.EXPERIMENT_CLAIMS["dig"]
    assert key in failing(claims, {**findings, **digits, **change})


@pytest.mark.slow
@pytest.mark.parametrize("key, change", GAU_PART_BREAKERS)
def test_each_gaussian_part_can_fail(gaussian, key, change):
    assert key in failing(ac_score.EXPERIMENT_CLAIMS["gau"], {**gaussian, **change})


def test_every_claim_has_a_breaker():
    assert set(BREAKERS) == {c.key for c in ac_score.CLAIMS}
    assert set(DIG_BREAKERS) == {c.key for c in ac_score.EXPERIMENT_CLAIMS["dig"]}
    assert set(GAU_BREAKERS) == {c.key for c in ac_score.EXPERIMENT_CLAIMS["gau"]}


@pytest.mark.parametrize("key", sorted(BREAKERS))
def test_each_claim_can_fail(findings, key):
    assert key in failing(ac_score.CLAIMS, {**findings, **BREAKERS[key]})


@pytest.mark.parametrize("key", sorted(DIG_BREAKERS))
def test_each_digits_claim_can_fail(digits, key):
    assert key in failing(ac_score.EXPERIMENT_CLAIMS["dig"], {**digits, **DIG_BREAKERS[key]})


@pytest.mark.parametrize("key", sorted(GAU_BREAKERS))
def test_each_gaussian_claim_can_fail(gaussian, key):
    assert key in failing(ac_score.EXPERIMENT_CLAIMS["gau"], {**gaussian, **GAU_BREAKERS[key]})


def test_a_broken_statement_is_caught():
    # the checker the chapter relies on finds a false statement: AC >= GM
    from imbalance_lib.book.properties import check_claim

    res = check_claim(lambda C: -ac_score.PROPERTIES["AC <= GM"](C), n_random=1000,
                      optimise=False)
    assert not res.holds and res.worst > 0.01
    assert np.all(np.isfinite(res.counterexample))
