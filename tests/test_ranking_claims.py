"""The threshold-free chapter: its claims hold on its findings, and each check can fail."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib.book.chapters import ranking
from imbalance_lib.book.claims import failing


@pytest.fixture(scope="module")
def findings():
    return ranking.findings()


def test_every_claim_holds(findings):
    assert failing(ranking.CLAIMS, findings) == []


# one altered finding per claim: the value that would make the sentence false
BREAKERS = {
    "auroc-pairs": {"gap_pairs": 1e-3},
    "auroc-prevalence": {"gap_prevalence": 1e-3},
    "auroc-one-point": {"gap_one_point": 1e-3},
    "random-ap": {"random_ap_gap": 1e-3},
    "random-ap-above-prevalence": {"random_ap_1000_10_excess": -0.001},
    "atomic-roc": {"atomic_gap_roc": 1e-3},
    "atomic-ap": {"atomic_gap_ap": 1e-3},
    "linear-overstates": {"knn_linear": 0.5},
    "steps-understate": {"knn_ap": 0.99},
    "linear-negligible": {"lr_linear_excess": 0.01},
    "auprc-starves-b": {"sub_auprc_share_b_max": 0.2},
    "auroc-feeds-b": {"sub_auroc_share_b_min": 0.01},
    "auprc-gain-a": {"sub_auprc_gain_b": 0.001},
    "keel-minority": {"keel_differ": 60},
    "keel-noise": {"keel_auroc_sig": 12},
    "keel-ap-noise": {"keel_ap_sig": 12},
    "delong-small-under": {"cov_delong_small_max": 95.0},
    "delong-200-fine": {"cov_delong_200_min": 90.0},
    "logit-better-small": {"cov_logit_beats_small": 2},
    "logit-large": {"cov_logit_large_min": 85.0},
    "paired-from-10": {"cov_paired_from10_min": 85.0},
    "hm-over": {"cov_hm_cells_over97": 1},
    "ap-logit-over": {"cov_ap_logit_ir1_min": 93.0},
}


def test_every_claim_has_a_breaker():
    assert set(BREAKERS) == {c.key for c in ranking.CLAIMS}


@pytest.mark.parametrize("key", sorted(BREAKERS))
def test_each_claim_can_fail(findings, key):
    assert key in failing(ranking.CLAIMS, {**findings, **BREAKERS[key]})


def test_expected_random_ap_by_enumeration():
    # independent of the module's check: exact fractions over every ranking of n = 5
    from fractions import Fraction

    n = 5
    for p in range(1, n):
        total = Fraction(0)
        tops = list(itertools.combinations(range(1, n + 1), p))
        for ranks in tops:
            total += sum(Fraction(i + 1, r) for i, r in enumerate(ranks)) / p
        assert float(total / len(tops)) == pytest.approx(ranking.expected_random_ap(n, p),
                                                         abs=1e-15)


def test_atomic_fix_by_hand():
    # ranking from the top: + - + -, P = N = 2; fix the mistake at rank 2
    score = -np.arange(4.0)
    before, after = [1, 0, 1, 0], [1, 1, 0, 0]
    assert il.roc_auc(after, score) - il.roc_auc(before, score) == pytest.approx(1 / 4)
    # AP before (1 + 2/3)/2, after 1: gain 1/6 = i / (P r (r + 1)) with i = 2, r = 2
    gain = il.average_precision(after, score) - il.average_precision(before, score)
    assert gain == pytest.approx(2 / (2 * 2 * 3))


def test_subgroup_design_is_calibrated():
    # the score is the log posterior odds: its logistic transform matches the empirical
    # frequency of positives in bins, in each group
    rng = np.random.default_rng(0)
    for prev in (0.2, 0.02):
        y = (rng.random(200_000) < prev).astype(int)
        s = ranking._calibrated_scores(y, np.full(len(y), prev), rng)
        p = 1 / (1 + np.exp(-s))
        for lo, hi in ((0.05, 0.15), (0.4, 0.6)):
            inside = (p >= lo) & (p < hi)
            if inside.sum() > 500:
                assert y[inside].mean() == pytest.approx(p[inside].mean(), abs=0.03)


def test_keel_counts_from_the_stored_arrays():
    # recount from the raw arrays, independently of study_findings
    from imbalance_lib.book import ranking_study

    r = ranking_study.load()
    f = ranking.study_findings(r)
    assert f["keel_sets"] == r["auroc"].shape[0] == r["ap"].shape[0]
    assert f["keel_differ"] == sum(int(np.argmax(a) != np.argmax(b))
                                   for a, b in zip(r["auroc"], r["ap"]))
    differ = r["pick_auroc"] != r["pick_ap"]
    assert np.isnan(r["p_auroc"][~differ]).all() and not np.isnan(r["p_auroc"][differ]).any()


def test_ranking_study_runs_on_one_data_set():
    from sklearn.metrics import average_precision_score, roc_auc_score

    from imbalance_lib.book import ranking_study, study

    r = ranking_study.run(["glass1"], progress=False)
    X, y = study.load_dataset("glass1")
    s = ranking_study.oof_scores(study.make_models(0)["GNB"], X, y)
    g = list(r["models"]).index("GNB")
    assert r["auroc"][0, g] == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    assert r["ap"][0, g] == pytest.approx(average_precision_score(y, s), abs=1e-12)
    assert r["pick_auroc"][0] == np.argmax(r["auroc"][0])


def test_random_ap_excess_closed_form():
    # E[AP] - pi = N (H_n - 1) / (n (n - 1)), derived in the chapter from the formula
    for n in (2, 7, 50, 1000):
        h = sum(1 / k for k in range(1, n + 1))
        for p in (1, n // 2, n - 1):
            if 1 <= p < n:
                excess = ranking.expected_random_ap(n, p) - p / n
                assert excess == pytest.approx((n - p) * (h - 1) / (n * (n - 1)), abs=1e-15)
