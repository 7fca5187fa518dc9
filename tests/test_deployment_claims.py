"""The deployment chapter: its claims hold on its stored findings, and each check can fail.

The independent checks recompute what they check by other means: hand computations
of the closed forms, scikit-learn's Brier score, and the stored coverage study read
back cell by cell.
"""

from __future__ import annotations

import numpy as np
import pytest
from claims_scaffold import ClaimsContract
from sklearn.metrics import brier_score_loss, roc_auc_score, roc_curve

import imbalance_lib as il
from imbalance_lib.book.chapters import deployment
from imbalance_lib.book.claims import mc_below, mc_se
from imbalance_lib.book.decision_coverage import N_SETS as DEC_SETS
from imbalance_lib.book.decision_coverage import decision_coverage, true_net_benefit
from imbalance_lib.book.prevalence_coverage import N_SETS, coverage_study
from imbalance_lib.book.record import load


def _record():
    return deployment.DeploymentFindings.from_record(load("deployment"))


class TestClaims(ClaimsContract):
    CLAIMS = deployment.CLAIMS
    # one altered finding per claim: the value that would make the sentence false
    BREAKERS = {
        "shift-formula": {"shift_gap": 1e-6},
        "invariant-registry": {"registry_mismatch": 1},
        "cost-weighted-accuracy": {"wa_gap": 1e-6},
        "nb-cost": {"nb_gap": 1e-6},
        "score-driven-brier": {"brier_gap": 1e-6},
        "rate-driven-auc": {"auc_gap": 1e-6},
        "bayes-threshold": {"bayes_gap": 0.05},
        "moves": {"move_ba": 0.01},
        "choice-cost-least": {"cost_least_seeds": 4},
        "choice-not-always": {"f1_beats_cost_lo": 0},
        "choice-optimism": {"optimism_lo": -0.001},
        "choice-oob": {"oob_closer_seeds": 5},
        "choice-one": {"one_gap": 1e-6},
        "prior-correction": {"ece_after": 0.2},
        "prior-correction-spread": {"prior_lower_sets": 16},
        "coverage-from-5": {"cov5_short": 1},
        "coverage-two-sided": {"cov5_above97": 0},
        "coverage-three": {"cov3_min": 0.925, "cov3_short": 0},
        "nb-band-coverage": {"nb_min": 0.90},
        "curves-differ": {"cc_below_trivial": False},
        "cc-band-short": {"cc_max": 0.93},
        "ex-bayes": {"ex_bayes": 0.0526},
        "ex-nb": {"ex_nb_low": "1/20"},
        "ex-under": {"ex_under": "1/10"},
    }

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return _record()  # the record the chapter proves when it executes


def test_other_breakers():
    f = _record()
    for change in ({"registry_invariant": 0}, {"registry_invariant": f.registry_binary},
                   {"move_ap": 0.01}, {"ba_beats_cost_hi": 200},
                   {"oob_less_optimistic_seeds": 4}, {"oob_closer_sets_hi": 107},
                   {"optimism_positive_seeds": 4}, {"prior_full_matched": 17},
                   {"prior_median_full": 0.05}, {"prior_lower_rows": 50},
                   {"bayes_t": 0.25}, {"ex_nb_high": "1/5"}):
        assert not all(c.holds(f.but(**change)) for c in deployment.CLAIMS), change


def test_closed_forms_by_hand():
    # TP=8, FN=2, TN=80, FP=10: TPR 0.8, TNR 80/90; at prevalence 0.5
    C = np.array([[80.0, 10.0], [2.0, 8.0]])
    tnr = 80 / 90
    assert il.at_prevalence(C, "precision", 0.5) == pytest.approx(0.8 / (0.8 + 1 - tnr))
    assert il.at_prevalence(C, "balanced_accuracy", 0.01) == pytest.approx((0.8 + tnr) / 2)
    # a miss costs 4, a false alarm 1: EC = (2*4 + 10*1) / 100
    assert il.expected_cost(C, [[0, 1], [4, 0]]) == pytest.approx(0.18)
    assert il.bayes_threshold([[0, 1], [4, 0]]) == pytest.approx(0.2)
    assert il.bayes_threshold([[0, 1], [19, 0]]) == pytest.approx(0.05)
    # a subsample keeping a tenth of the negatives: 0.5 there is 1/11 in the population
    assert il.adjust_prior([0.5], 10 / 11, 0.5)[0] == pytest.approx(1 / 11)
    f = _record()
    assert (f.ex_under, f.ex_nb_low, f.ex_nb_high) == ("1/11", "1/19", "1/4")
    assert f.bayes_t == pytest.approx(1 / (1 + 4))


def test_brier_against_sklearn():
    # the score-driven expected loss, by a fine midpoint rule, against scikit-learn
    rng = np.random.default_rng(5)
    y, s = rng.integers(0, 2, 40), rng.random(40)
    c = (np.arange(200_000) + 0.5) / 200_000
    fp = np.searchsorted(np.sort(s[y == 0]), c, side="right")
    fp = (y == 0).sum() - fp  # negatives scored above c
    fn = np.searchsorted(np.sort(s[y == 1]), c, side="right")  # positives at or below c
    loss = np.mean(2 / len(y) * (c * fp + (1 - c) * fn))
    assert loss == pytest.approx(brier_score_loss(y, s), abs=1e-6)


@pytest.mark.parametrize("seed", range(5))
def test_rate_driven_loss_against_sklearn(seed):
    # the rate-driven expected loss by a fine midpoint rule over the share flagged, the
    # rates interpolated along scikit-learn's ROC curve, against its AUC
    rng = np.random.default_rng(seed)
    y = np.r_[0, 1, rng.integers(0, 2, 60)]
    s = np.round(rng.random(y.size), 1)
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    pi = y.mean()
    r_cut = pi * tpr + (1 - pi) * fpr
    r = (np.arange(400_000) + 0.5) / 400_000
    fr, tr = np.interp(r, r_cut, fpr), np.interp(r, r_cut, tpr)
    loss = np.mean(2 * ((1 - r) * (1 - pi) * fr + r * pi * (1 - tr)))
    want = pi * (1 - pi) * (1 - 2 * roc_auc_score(y, s)) + 1 / 3
    assert loss == pytest.approx(want, abs=1e-6)


def _by_hand_se(c, n):
    return np.sqrt(c * (1 - c) / n)


def test_coverage_fields_read_back():
    f, cov = _record(), coverage_study()
    assert f.cov_cells == len(cov) == 120 and f.cov_sets == N_SETS
    many = cov[cov["positives"] >= 5]["coverage"].to_numpy(float)
    few = cov[cov["positives"] == 3]["coverage"].to_numpy(float)
    assert f.cov5_min == pytest.approx(many.min()) and f.cov5_max == pytest.approx(many.max())
    assert f.cov5_min_se == pytest.approx(_by_hand_se(many.min(), N_SETS))
    assert f.cov5_min_se == pytest.approx(mc_se(many.min(), N_SETS))
    assert f.cov5_short == sum(c + 2 * _by_hand_se(c, N_SETS) < 0.93 for c in many)
    assert f.cov5_above97 == sum(c - 2 * _by_hand_se(c, N_SETS) > 0.97 for c in many)
    assert f.cov3_min == pytest.approx(few.min()) and f.cov3_positives == 3
    assert f.cov3_short == sum(mc_below(c, N_SETS, 0.93) for c in few)


def test_band_fields_read_back():
    f, dec = _record(), decision_coverage()
    nb = dec[dec["band"] == "net benefit"]["coverage"].to_numpy(float)
    cc = dec[dec["band"] == "cost curve"]["coverage"].to_numpy(float)
    assert f.dec_sets == DEC_SETS and len(nb) == len(cc) == 12
    assert f.nb_min == pytest.approx(nb.min()) and f.nb_max == pytest.approx(nb.max())
    assert f.cc_max == pytest.approx(cc.max())
    assert all(c + 2 * _by_hand_se(c, DEC_SETS) < 0.92 for c in cc)


def test_true_net_benefit_by_hand():
    # the population's net benefit at p_t = 0.5 with prevalence 0.1: positives' scores
    # Beta(4, 2) reach 0.5 with probability 1 - I_0.5(4, 2) = 13/16 (binomial sum), the
    # negatives' Beta(1, 6) with probability 0.5^6
    want = 0.1 * 13 / 16 - 0.9 * 0.5 ** 6 * 1.0
    assert true_net_benefit(0.1, np.array([0.5]))[0] == pytest.approx(want)
