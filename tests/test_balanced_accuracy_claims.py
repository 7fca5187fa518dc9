"""The balanced-accuracy chapter: its claims hold on its findings, and each check can fail.

Expected numbers come from hand computation (class counts of the data sets,
closed forms), from scipy's binomial distribution summed independently of the
chapter's enumeration, or from scikit-learn.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from imbalance_lib.book.chapters import balanced_accuracy as bacc
from imbalance_lib.book.claims import failing
from imbalance_lib.book.properties import check_claim
from imbalance_lib.book.record import load


@pytest.fixture(scope="module")
def findings():
    return load("balanced_accuracy")  # the record the chapter proves when it executes


def test_every_claim_holds(findings):
    assert failing(bacc.CLAIMS, findings) == []


# one altered finding per claim: the value that would make the sentence false
BREAKERS = {
    "ir-published": {"ir_glass": 11.6},
    "run-paradox": {"run_acc": 0.91},
    "par-flat": {"par_ba_spread": 1e-3},
    "par-scatter": {"par_bamin": 0.5},
    "par-band": {"par_cross": 0.3},
    "vergne-acc": {"vergne_acc": 0.98},
    "chance-mean": {"chance_mean_gap": 1e-6},
    "chance-quarter": {"chance_perfect_1_1": 0.5},
    "chance-fades": {"chance_100": 0.05},
    "chance-not-monotone": {"chance_rises_small": 0},
    "vergne-exact": {"vergne_disagree": 4},
    "vergne-small-class": {"vergne_worst_smaller_class": 500},
    "gm-example": {"gm_ex_gm": 0.55},
    "exp-acc-ignores": {"exp_acc_best": 0.95},
    "exp-ba-near-prevalence": {"exp_t_ba": 0.3},
    "exp-gm-between": {"exp_t_gm": 0.6},
    "exp-ba-flat": {"exp_gap_pi": 0.05},
    "exp-default-near-allneg": {"exp_ba_default": 0.7},
    "exp-honest-recover": {"exp_ba_weighted": 0.6},
    "checks-hold": {"checks_hold": 11},
    "checks-rounding": {"checks_worst": 1e-10},
    "ex-chance-weak": {"ex_pchance": 0.01},
}


def test_every_claim_has_a_breaker():
    assert set(BREAKERS) == {c.key for c in bacc.CLAIMS}


@pytest.mark.parametrize("key", sorted(BREAKERS))
def test_each_claim_can_fail(findings, key):
    assert key in failing(bacc.CLAIMS, {**findings, **BREAKERS[key]})


def test_honest_models_must_cost_accuracy(findings):
    # the second half of exp-honest-recover: a weighted model as accurate as the default
    altered = {**findings, "exp_acc_weighted": findings["exp_acc_default"]}
    assert "exp-honest-recover" in failing(bacc.CLAIMS, altered)


def test_imbalance_ratios_by_hand(findings):
    # Glass: 17 of 214 samples are type 3; Satimage: 626 of 6435 are class 4
    assert findings["ir_glass"] == pytest.approx(197 / 17, abs=1e-12)
    assert findings["ir_sat"] == pytest.approx(5809 / 626, abs=1e-12)


def test_running_example_by_hand(findings):
    # TP = 6, FN = 4, FP = 9, TN = 81
    assert findings["run_tpr"] == pytest.approx(6 / 10)
    assert findings["run_acc"] == pytest.approx(87 / 100)
    assert findings["run_allneg"] == pytest.approx(90 / 100)


def test_crossing_prevalence_by_hand(findings):
    # all negative: ACC = 1 - pi; informative: ACC = 0.8 for every pi; equal at pi = 0.2
    assert abs(findings["par_cross"] - 0.2) <= 0.001 + 1e-12


def _tail_by_hand(P, N, bound):
    """Pr[(TP/P + TN/N)/2 >= bound] for TP ~ Bin(P, 1/2), TN ~ Bin(N, 1/2), summed over TP."""
    total = 0.0
    for tp in range(P + 1):
        tn_min = math.ceil((2 * bound - tp / P) * N - 1e-9)  # smallest TN that reaches it
        total += stats.binom.pmf(tp, P, 0.5) * stats.binom.sf(max(tn_min, 0) - 1, N, 0.5)
    return total


def test_coin_flip_tails_by_hand(findings):
    assert findings["chance_10"] == pytest.approx(_tail_by_hand(10, 990, 0.6), abs=1e-12)
    assert findings["chance_100"] == pytest.approx(_tail_by_hand(100, 900, 0.6), rel=1e-9)
    assert findings["ex_pchance"] == pytest.approx(_tail_by_hand(8, 992, 0.62), abs=1e-12)
    assert findings["chance_perfect_1_1"] == 0.25  # both right: (1/2) * (1/2)


def test_article_numbers_by_hand(findings):
    assert findings["vergne_acc"] == pytest.approx(990 / 1000)
    # 3 data sets x 5 classifiers; one realised coin flip per data set
    assert findings["vergne_rows"] == 15 and findings["vergne_disagree_realised"] == 3


def test_geometric_mean_example_by_hand(findings):
    assert findings["gm_ex_ba"] == pytest.approx((1 + 0.2) / 2)
    assert findings["gm_ex_gm"] == pytest.approx(math.sqrt(0.2))


def test_threshold_sweep_against_scikit_learn(findings):
    # the best balanced accuracy and accuracy over every cut of the same out-of-fold
    # scores, from scikit-learn's ROC curve (one point per distinct threshold)
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_curve
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from imbalance_lib.book.datasets import load_satimage

    sat = load_satimage(positive=4)
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    s = cross_val_predict(model, sat.data, sat.target, cv=cv, method="predict_proba")[:, 1]
    fpr, tpr, thr = roc_curve(sat.target, s, drop_intermediate=False)
    P, N = 626, 6435 - 626
    ba = (tpr + 1 - fpr) / 2
    acc = (tpr * P + (1 - fpr) * N) / (P + N)
    assert findings["exp_ba_best"] == pytest.approx(ba.max(), abs=1e-9)
    assert findings["exp_acc_best"] == pytest.approx(acc.max(), abs=1e-9)
    assert findings["exp_acc_allneg"] == pytest.approx(1 - 626 / 6435)
    # flat near its top: BA at the cut nearest the prevalence (rule score >= t)
    cut = thr[1:]  # roc_curve's first threshold is +inf (no positive prediction)
    j = np.argmin(np.abs(cut - 626 / 6435))
    assert findings["exp_gap_pi"] == pytest.approx(ba.max() - ba[1:][j], abs=1e-9)
    band = cut[ba[1:] >= ba.max() - findings["exp_flat_tol"]]
    assert findings["exp_flat_lo"] >= band.min() - 1e-12
    assert findings["exp_flat_hi"] <= band.max() + 1e-12


def test_flatness_claim_needs_a_wide_band(findings):
    narrow = {**findings, "exp_flat_lo": findings["exp_t_ba"] - 0.001,
              "exp_flat_hi": findings["exp_t_ba"] + 0.001}
    assert "exp-ba-flat" in failing(bacc.CLAIMS, narrow)


def test_the_checker_catches_a_false_statement():
    # BA = 1/2 + det C / (PN), without the factor 2, is false
    wrong = bacc._statement(lambda v: np.abs(
        v["ba"] - 0.5 - (v["tp"] * v["tn"] - v["fp"] * v["fn"]) / (v["P"] * v["N"])))
    result = check_claim(wrong, n_random=2000, optimise=False)
    assert not result.holds and result.counterexample is not None
    # and the chain of means in the wrong direction, GM >= BA
    reversed_chain = bacc._statement(lambda v: v["ba"] - v["gm"])
    assert not check_claim(reversed_chain, n_random=2000, optimise=False).holds


def test_every_theorem_statement_applies_somewhere():
    # a statement skipped on every matrix would pass vacuously
    C = 10.0 ** np.random.default_rng(1).uniform(-3, 3, size=(2000, 2, 2))
    for name, violation in bacc.THEOREMS.items():
        assert np.isfinite(violation(C)).any(), name
