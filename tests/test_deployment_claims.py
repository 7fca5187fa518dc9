"""The deployment chapter: its claims hold on its stored findings, and each check can fail.

The independent checks recompute what they check by other means: hand computations
of the closed forms, scikit-learn's Brier score, and the stored coverage study read
back cell by cell.
"""

from __future__ import annotations

import numpy as np
import pytest
from claims_scaffold import ClaimsContract
from sklearn.metrics import brier_score_loss

import imbalance_lib as il
from imbalance_lib.book.chapters import deployment
from imbalance_lib.book.claims import mc_below, mc_se
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
        "bayes-threshold": {"bayes_gap": 0.05},
        "moves": {"move_ba": 0.01},
        "choice-differs": {"differ_ba": 0},
        "prior-correction": {"ece_after": 0.2},
        "coverage-none-short": {"cov_short": 1},
        "coverage-min": {"cov_min": 0.905},
        "ex-bayes": {"ex_bayes": 0.0526},
    }

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return _record()  # the record the chapter proves when it executes


def test_other_breakers():
    f = _record()
    for change in ({"registry_invariant": 0}, {"registry_invariant": f.registry_binary},
                   {"move_ap": 0.01}, {"excess_max": 0.0}):
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


def test_coverage_fields_read_back():
    f, cov = _record(), coverage_study()["coverage"].to_numpy(float)
    assert f.cov_cells == len(cov) and f.cov_sets == N_SETS
    assert f.cov_min == pytest.approx(cov.min()) and f.cov_max == pytest.approx(cov.max())
    assert f.cov_min_se == pytest.approx(np.sqrt(cov.min() * (1 - cov.min()) / N_SETS))
    assert f.cov_min_se == pytest.approx(mc_se(cov.min(), N_SETS))
    assert f.cov_short == sum(mc_below(c, N_SETS, 0.93) for c in cov)
