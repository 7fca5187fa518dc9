"""The threshold-free chapter: its claims hold on its findings, and each check can fail."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib.book.chapters import ranking
from imbalance_lib.book.claims import failing
from imbalance_lib.book.record import load


@pytest.fixture(scope="module")
def findings():
    return load("ranking")  # the record the chapter proves when it executes


def test_every_claim_holds(findings):
    assert failing(ranking.CLAIMS, findings) == []


# one altered finding per claim: the value that would make the sentence false
BREAKERS = {
    "auroc-pairs": {"gap_pairs": 1e-3},
    "auroc-prevalence": {"gap_prevalence": 1e-3},
    "auroc-one-point": {"gap_one_point": 1e-3},
    "random-ap": {"random_ap_gap": 1e-3},
    "random-ap-above-prevalence": {"random_ap_1000_10_excess": -0.001},
    "dominance-agrees": {"dom_disagree": 1, "dom_agree": 2399},
    "dominance-constructed": {"dom_lowered_found": 299},
    "dominance-envelope-weaker": {"dom_env_weaker": 0},
    "atomic-roc": {"atomic_gap_roc": 1e-3},
    "atomic-ap": {"atomic_gap_ap": 1e-3},
    "linear-overstates": {"knn_linear": 0.5},
    "steps-understate": {"knn_ap": 0.99},
    "linear-negligible": {"lr_linear_excess": 0.01},
    "auprc-starves-b": {"sub_auprc_share_b_max": 0.2},
    "auroc-feeds-b": {"sub_auroc_share_b_min": 0.01},
    "auprc-gain-a": {"sub_auprc_gain_b": 0.001},
    "mcd-agree": {"mcd_beyond_nonzero_se": 1},
    "mcd-gap-fixes": {"mcd_gap_fixes": 3.0},  # and the other two conditions below
    "mcd-auprc-starves-low": {"mcd_auprc_low_ratio_max": 0.5},
    "mcd-auroc-feeds-low": {"mcd_auroc_low_minus_high_min": -0.001},
    "mcd-share-low": {"mcd_share_low_auprc_max": 0.2},
    "keel-minority": {"keel_differ": 60},  # and 10 (under a fifth) below
    "keel-noise": {"keel_auroc_sig": 12},
    "keel-ap-noise": {"keel_ap_sig": 12},
    "delong-small-under": {"cov_delong_small_max": 95.0},
    "delong-200-fine": {"cov_delong_200_min": 90.0},
    "logit-better-small": {"cov_logit_beats_small": 2},
    "logit-large": {"cov_logit_large_min": 85.0},
    "paired-from-10": {"cov_paired_from10_min": 85.0},
    "boot-few-under": {"cov_boot_few_max": 94.0},
    "boot-below-logit": {"cov_boot_below_logit": 4},
    "boot-from-20": {"cov_boot_more_min": 88.0},
    "ap-boot-few-under": {"cov_ap_boot_few_max": 94.5},
    "hm-over": {"hm_over_from20": 5},
    "ap-logit-over": {"cov_ap_logit_ir1_min": 93.0},
    "linear-coarse-larger": {"knn_linear_excess": 0.001},
    "atomic-price": {"atomic_ex_top_gap_30": 1e-3},
    "ex-base-mean-below": {"ex_base_mean": 0.06},
    "ex-base-tail": {"ex_base_tail": 0.01},
    "few-hm-near": {"few_hm_min": 90.0},
    "few-narrow-under": {"few_logit_under": 2},
    "few-logit-least": {"few_logit_best": 3},
    "perfect-ceiling": {"perfect_wide": 1},
    "paired-worst-few": {"cov_paired_worst_pos": 20},
    "logit-one-separation": {"sep_logit_below92": 0},
}


def test_mcd_gap_needs_every_condition(findings):
    for bad in ({"mcd_gap_low_published": 0.001}, {"mcd_gap_rerun_all_high": False}):
        assert "mcd-gap-fixes" in failing(ranking.CLAIMS, {**findings, **bad})


def test_mcdermott_published_table_matches_its_source_layout():
    from imbalance_lib.book.published import mcdermott2024 as pub

    t = pub.FIX_MISTAKES.frame()
    # one starting ranking per seed and target: both metrics start from the same AUROCs
    for a in ("0.85", "0.65"):
        start = t.loc[[f"AUROC {a}, optimise AUROC", f"AUROC {a}, optimise AUPRC"]]
        assert (start[["high step 0", "low step 0"]].nunique() == 1).all()
    # every per-group gain is a whole number of within-group fixes on average over 20 seeds
    for tag in ("high", "low"):
        p = round(pub.GROUPS[tag]["N"] * pub.GROUPS[tag]["prevalence"])
        fixes = (t[f"{tag} step 49"] - t[f"{tag} step 0"]) * p * (200 - p) * pub.N_SEEDS
        assert np.allclose(fixes, fixes.round(), atol=1e-6)


def test_mcdermott_sampler_hits_its_target():
    rng = np.random.default_rng(0)
    auc = [il.roc_auc(y, s) for s, y in
           (ranking._scores_at_auroc(2000, 0.3, 0.75, rng) for _ in range(20))]
    assert abs(np.mean(auc) - 0.75) < 0.01


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


# Davis and Goadrich's dominance theorem, by brute force in exact fractions: every cut
# made by hand, the ROC curve and the interpolated PR curve walked segment by segment.
def _cuts(y, s):
    """(FP, TP) of "positive if score >= t" for every distinct score and t = +inf."""
    out = set()
    for t in sorted(set(s)) + [float("inf")]:
        tp = sum(1 for yi, si in zip(y, s) if yi == 1 and si >= t)
        fp = sum(1 for yi, si in zip(y, s) if yi == 0 and si >= t)
        out.add((fp, tp))
    return sorted(out)


def _roc_dominates(y, a, b):
    from fractions import Fraction

    A = _cuts(y, a)
    for fb, tb in _cuts(y, b):
        best = -1
        for (f0, t0), (f1, t1) in zip(A, A[1:]):
            if f0 <= fb <= f1:
                best = max(best, t1 if f0 == f1 else t0 + Fraction(t1 - t0, f1 - f0) * (fb - f0))
        if tb > best:
            return False
    return True


def _pr_dominates(y, a, b):
    from fractions import Fraction

    A = _cuts(y, a)
    for fb, tb in _cuts(y, b):
        if tb == 0:  # recall 0: no precision to compare
            continue
        best = Fraction(-1)
        for (f0, t0), (f1, t1) in zip(A, A[1:]):
            if t0 <= tb <= t1:
                fp = f0 if t0 == t1 else f0 + Fraction(f1 - f0, t1 - t0) * (tb - t0)
                best = max(best, Fraction(tb, tb + fp))
        if best < Fraction(tb, tb + fb):
            return False
    return True


def test_dominance_by_hand():
    y = [1, 1, 1, 0, 0, 0]
    perfect = [6, 5, 4, 3, 2, 1]
    a = [6, 5, 1, 4, 3, 2]  # from the top: + + - - - +
    b = [3, 4, 5, 6, 2, 1]  # from the top: - + + + - -
    # a reaches TP 2 at FP 0 where b has TP 0; b reaches TP 3 at FP 1 where a has TP 2
    for u, v, expected in ((perfect, a, True), (a, perfect, False), (a, b, False),
                           (b, a, False), (a, a, True)):
        assert _roc_dominates(y, u, v) is expected
        assert _pr_dominates(y, u, v) is expected
        d = ranking.dominance(np.array(y), np.array(u, float), np.array(v, float))
        assert d["roc"] is expected and d["pr"] is expected


def test_dominance_brute_force_small_cases():
    # small test sets with heavy ties: the brute force and the module agree, and the
    # two brute-force verdicts agree with each other (the theorem)
    rng = np.random.default_rng(12345)
    seen = {True: 0, False: 0}
    for _ in range(300):
        n = int(rng.integers(3, 9))
        y = rng.integers(0, 2, n)
        y[:2] = [0, 1]
        a, b = rng.integers(0, 4, (2, n)).astype(float)
        roc, pr = _roc_dominates(list(y), list(a), list(b)), _pr_dominates(list(y), list(a),
                                                                            list(b))
        assert roc == pr
        d = ranking.dominance(y, a, b)
        assert (d["roc"], d["pr"]) == (roc, pr)
        seen[roc] += 1
    assert min(seen.values()) > 30  # both verdicts are exercised


def _own_bootstrap_coverage(ir, n1, n_sets, n_boot, seed):
    """Coverage of a percentile bootstrap of the AUROC, written from scratch (pair counts)."""
    from scipy.stats import norm

    rng = np.random.default_rng(seed)
    truth = norm.cdf(1.5 / np.sqrt(2))
    hits = 0
    for _ in range(n_sets):
        x, z = rng.normal(1.5, 1, n1), rng.normal(0, 1, n1 * ir)
        xb = x[rng.integers(0, n1, (n_boot, n1))]  # positives and negatives redrawn apart
        zb = z[rng.integers(0, n1 * ir, (n_boot, n1 * ir))]
        wins = (xb[:, :, None] > zb[:, None, :]).mean(axis=(1, 2))
        low, high = np.quantile(wins, [0.025, 0.975])
        hits += low <= truth <= high
    return 100 * hits / n_sets


@pytest.mark.parametrize("ir,n1", [(1, 5), (10, 5), (1, 20)])
def test_stored_bootstrap_coverage_by_own_bootstrap(ir, n1):
    # the stored coverage of il.roc_auc_interval(method="bootstrap") against an
    # independent bootstrap on fresh test sets: equal within three standard errors
    table = ranking.bootstrap_coverage_table()
    stored, n_sets = table.loc[(ir, n1), "bootstrap"], 200
    own = _own_bootstrap_coverage(ir, n1, n_sets, 1000, seed=99)
    se = 100 * np.sqrt(2 * 0.9 * 0.1 / n_sets)
    assert abs(stored - own) < 3 * se


def test_keel_minority_fails_below_a_fifth(findings):
    assert "keel-minority" in failing(ranking.CLAIMS, {**findings, "keel_differ": 10})


def test_few_hm_near_fails_when_ir1_reaches_the_band(findings):
    assert "few-hm-near" in failing(ranking.CLAIMS, {**findings, "few_hm_ir1_max": 94.0})


def test_few_hm_near_fails_when_another_interval_reaches_the_band(findings):
    assert "few-hm-near" in failing(ranking.CLAIMS, {**findings, "few_narrow_imb_max": 93.5})


def test_perfect_ceiling_fails_when_an_interval_beats_it(findings):
    broken = {**findings, "perfect_best_cover": findings["perfect_ceiling"] + 1}
    assert "perfect-ceiling" in failing(ranking.CLAIMS, broken)


def test_random_ap_tail_by_float_enumeration():
    # AP of two positives at ranks a < b is (1/a + 2/b) / 2; count the placements at or
    # above 0.05 with a small tolerance for the boundary cases (such as a = 20, b = 40)
    n, hits = 200, 0
    pairs = list(itertools.combinations(range(1, n + 1), 2))
    for a, b in pairs:
        hits += (1 / a + 2 / b) / 2 >= 0.05 - 1e-12
    assert ranking.random_ap_tail(n, 2, "0.05") == pytest.approx(hits / len(pairs), abs=1e-15)
    # and the mean of the same enumeration is the formula's
    mean = np.mean([(1 / a + 2 / b) / 2 for a, b in pairs])
    assert mean == pytest.approx(ranking.expected_random_ap(n, 2), abs=1e-12)


def test_perfect_ranking_intervals_collapse():
    y = np.r_[np.ones(5, int), np.zeros(5, int)]
    s = np.r_[np.arange(5) + 10.0, np.arange(5.0)]
    for method in ("delong", "logit", "hanley-mcneil", "bootstrap"):
        iv = il.roc_auc_interval(y, s, method=method, n_resamples=50, random_state=0)
        assert iv.low == iv.high == 1.0
