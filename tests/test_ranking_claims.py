"""The threshold-free chapter: its claims hold on its findings, and each check can fail."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from claims_scaffold import ClaimsContract

import imbalance_lib as il
from imbalance_lib.book.chapters import ranking
from imbalance_lib.book.chapters.ranking import theory
from imbalance_lib.book.claims import failing
from imbalance_lib.book.record import load
from imbalance_lib.book.solutions.ranking import random_ap_tail


def _record():
    return ranking.RankingFindings.from_record(load("ranking"))


@pytest.fixture(scope="module")
def findings():
    return _record()  # the record the chapter proves when it executes


class TestClaims(ClaimsContract):
    CLAIMS = ranking.CLAIMS
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
        "auprc-starves-b": {"sub_auprc_share_b_se": 0.01},  # 2 SE reach a fifth of 0.091
        "auroc-feeds-b": {"sub_auroc_share_b_se": 0.03},  # 2 SE reach down to the share
        "auprc-gain-a": {"sub_auprc_gain_b_max": 0.001},
        "auprc-top-greedy": {"sub_top_best": 11999},
        "mcd-agree": {"mcd_beyond_nonzero_se": 1},
        "mcd-gap-fixes": {"mcd_gap_fixes": 3.0},  # and the other two conditions below
        "mcd-auprc-starves-low": {"mcd_auprc_low_ratio_max": 0.5},
        "mcd-auroc-feeds-low": {"mcd_auroc_low_minus_high_min": -0.001},
        "mcd-share-low": {"mcd_share_low_auprc_max": 0.2},
        "keel-minority": {"keel_differ_pct_max": 40.0},  # and under a fifth below
        "keel-splits-change": {"keel_differ_every": 28},
        "keel-splits-noise": {"keel_split_over_bound": 1},
        "keel-noise": {"keel_auroc_sig": 5},  # one more than the binomial bound of 4
        "keel-ap-noise": {"keel_ap_sig": 5},
        "keel-agree-perfect": {"keel_agree_perfect": 0},
        # the coverage claims fail as soon as a rate comes within two standard errors of its bound
        "delong-small-under": {"cov_delong_small_upper": 93.2},
        "delong-200-fine": {"cov_delong_200_lower": 92.8},
        "logit-better-small": {"cov_logit_beats_small": 5},
        "logit-large": {"cov_logit_large_lower": 92.9},
        "paired-from-20": {"cov_paired_from20_lower": 92.9},
        "paired-separation": {"psep_20_below93": 0},
        "few-hm-edge": {"few_hm_band_max": 95.5},
        "boot-few-under": {"cov_boot_few_upper": 93.1},
        "boot-from-20": {"cov_boot_more_in_reach": 5},
        "ap-boot-ir1-under": {"cov_ap_boot_ir1_upper": 93.1},
        "hm-over": {"hm_over_from20": 5},
        "ap-logit-over": {"cov_ap_logit_ir1_lower": 95.9},
        "ap-both-sides": {"cov_ap_binomial_above": 0},
        "ap-bias": {"ap_bias_z_min": 1.9},
        "linear-coarse-larger": {"knn_linear_excess": 0.001},
        "atomic-price": {"atomic_ex_top_gap_30": 1e-3},
        "atomic-top-not-best": {"order_gain_low": 0.0016},
        "ex-base-mean-below": {"ex_base_mean": 0.06},
        "ex-base-tail": {"ex_base_tail": 0.01},
        "few-hm-near": {"few_hm_band": 2},
        "few-narrow-under": {"few_logit_under": 4},
        "few-logit-above-delong": {"few_logit_over_delong": 4},
        "perfect-ceiling": {"perfect_wide": 1},
        "paired-worst-few": {"cov_paired_worst_pos": 20},
        "logit-one-separation": {"sep_logit_below92": 0},
        "prg-random-below": {"prg_rand_200_2_mean": -0.1},
        "prg-all-positive": {"prg_all_positive_1000_10": 0.01},
        "mcd-families": {"mcd_family_beyond_max": 4},
    }
    PART_BREAKERS = [
        ("mcd-gap-fixes", {"mcd_gap_low_published": 0.001}),
        ("mcd-gap-fixes", {"mcd_gap_rerun_all_high": False}),
        ("keel-minority", {"keel_differ_pct_min": 15.0}),  # under a fifth
        ("keel-minority", {"keel_splits": 1}),  # one split only
        ("keel-noise", {"keel_chance_tail": 0.03}),
        ("few-hm-edge", {"few_hm_band_max_upper": 97.1}),  # the bound no longer at 97.5 %
        ("auroc-feeds-b", {"sub_auroc_share_b_min": 0.1}),  # every seed at or above its share
        ("few-hm-near", {"few_hm_ir1_upper": 93.1}),  # IR 1 reaches the band
        ("few-hm-near", {"few_narrow_imb_upper": 93.1}),  # another interval reaches it
        ("few-hm-near", {"few_hm_miss_upper": 93.1}),  # its miss within noise of the band
        ("perfect-ceiling", {"perfect_best_cover": 81.8}),  # an interval beats the ceiling
        ("dominance-agrees", {"dom_roc": 0}),  # no dominating pair tried
    ]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return _record()



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
           (ranking.scores_at_auroc(2000, 0.3, 0.75, rng) for _ in range(20))]
    assert abs(np.mean(auc) - 0.75) < 0.01


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
        s = ranking.calibrated_scores(y, np.full(len(y), prev), rng)
        p = 1 / (1 + np.exp(-s))
        for lo, hi in ((0.05, 0.15), (0.4, 0.6)):
            inside = (p >= lo) & (p < hi)
            if inside.sum() > 500:
                assert y[inside].mean() == pytest.approx(p[inside].mean(), abs=0.03)


def _keel():
    """The stored KEEL study as arrays."""
    return {k: np.asarray(v) for k, v in ranking.keel_study().items()}


def test_keel_fold_splits_score_the_same_data_sets():
    """The page matches the other splits' picks to the first split's by position."""
    folds = ranking.keel_fold_seeds()
    names = list(ranking.keel_study()["names"])
    assert folds["seeds"] == [1, 2]
    assert all(list(r["names"]) == names for r in folds["studies"])


def test_keel_counts_from_the_stored_arrays(findings):
    # recount from the raw arrays, independently of the findings' code
    r = _keel()
    assert findings.keel_sets == r["auroc"].shape[0] == r["ap"].shape[0]
    assert findings.keel_differ == sum(int(np.argmax(a) != np.argmax(b))
                                       for a, b in zip(r["auroc"], r["ap"]))
    differ = r["pick_auroc"] != r["pick_ap"]
    p = r["p_auroc"].astype(float)
    assert np.isnan(p[~differ]).all() and not np.isnan(p[differ]).any()


def test_ranking_study_runs_on_one_data_set():
    from sklearn.metrics import average_precision_score, roc_auc_score

    from imbalance_lib.book import ranking_study, study

    r = {k: np.asarray(v) for k, v in ranking.keel_study(names=("glass1",)).items()}
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


def _value(curve, x, side):
    """Exact value of a piecewise-linear curve (sorted points) at x: arriving or leaving."""
    from fractions import Fraction

    vals = []
    for (f0, t0), (f1, t1) in zip(curve, curve[1:]):
        if f0 == f1 == x:
            vals += [t0, t1]
        elif f0 <= x <= f1 and f0 < f1:
            vals.append(t0 + Fraction(t1 - t0, f1 - f0) * (x - f0))
    return min(vals) if side == "arrive" else max(vals)


def _dominates(A, B, better):
    """A at or above B, as curves, on every interval between breakpoints and at each one."""
    from fractions import Fraction

    xs = sorted({p[0] for p in A} | {p[0] for p in B})
    for x0, x1 in zip(xs, xs[1:]):
        for x in (x0, x0 + Fraction(1, 10**9), (x0 + x1) / 2, x1 - Fraction(1, 10**9), x1):
            for side in ("arrive", "leave"):
                if not better(x, _value(A, x, side), _value(B, x, side)):
                    return False
    return True


def _roc_dominates(y, a, b):
    return _dominates(_cuts(y, a), _cuts(y, b), lambda x, ta, tb: ta >= tb)


def _pr_dominates(y, a, b):
    from fractions import Fraction

    def flip(c):  # (TP, FP): precision is read along recall
        return sorted((t, f) for f, t in c)

    def better(x, fa, fb):  # precision x / (x + FP), compared where recall is above 0
        return x == 0 or Fraction(x) / (x + fa) >= Fraction(x) / (x + fb)

    return _dominates(flip(_cuts(y, a)), flip(_cuts(y, b)), better)


def test_dominance_checks_segments_not_only_points():
    # A runs (FP, TP) = (3, 11) -> (4, 12) -> (4, 14), B runs (3, 11) -> (4, 13): every
    # cut of B lies under A's curve, but B's segment passes above A's between FP 3 and 4
    fa, ta = np.array([0, 3, 4, 4, 20]), np.array([0, 11, 12, 14, 20])
    fb, tb = np.array([0, 3, 4, 20]), np.array([0, 11, 13, 20])
    assert not theory._roc_above(fa, ta, fb, tb)
    assert not theory._pr_above(fa, ta, fb, tb)
    assert theory._roc_above(fa, ta, fa, ta) and theory._pr_above(fa, ta, fa, ta)


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
        if rng.random() < 0.5:  # near ties, as in the chapter's pairs
            b = a + rng.choice([-1e-9, 0.0, 1e-9], n)
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
    table = ranking.bootstrap_coverage_table(ranking.bootstrap_coverage())
    stored, n_sets = table.loc[(ir, n1), "bootstrap"], 200
    own = _own_bootstrap_coverage(ir, n1, n_sets, 1000, seed=99)
    se = 100 * np.sqrt(2 * 0.9 * 0.1 / n_sets)
    assert abs(stored - own) < 3 * se


def test_prg_random_below_needs_both_test_sets(findings):
    broken = findings.but(prg_rand_1000_10_mean=-findings.prg_rand_1000_10_se)
    assert "prg-random-below" in failing(ranking.CLAIMS, broken)


def test_mcd_families_fails_when_the_family_shown_is_the_best_case_of_many(findings):
    broken = findings.but(mcd_family_rank=findings.mcd_families)
    assert "mcd-families" in failing(ranking.CLAIMS, broken)


def test_random_ap_tail_by_float_enumeration():
    # AP of two positives at ranks a < b is (1/a + 2/b) / 2; count the placements at or
    # above 0.05 with a small tolerance for the boundary cases (such as a = 20, b = 40)
    n, hits = 200, 0
    pairs = list(itertools.combinations(range(1, n + 1), 2))
    for a, b in pairs:
        hits += (1 / a + 2 / b) / 2 >= 0.05 - 1e-12
    assert random_ap_tail(n, 2, "0.05") == pytest.approx(hits / len(pairs), abs=1e-15)
    # and the mean of the same enumeration is the formula's
    mean = np.mean([(1 / a + 2 / b) / 2 for a, b in pairs])
    assert mean == pytest.approx(ranking.expected_random_ap(n, 2), abs=1e-12)


def test_perfect_ranking_intervals_collapse():
    y = np.r_[np.ones(5, int), np.zeros(5, int)]
    s = np.r_[np.arange(5) + 10.0, np.arange(5.0)]
    for method in ("delong", "logit", "hanley-mcneil", "bootstrap"):
        iv = il.roc_auc_interval(y, s, method=method, n_resamples=50, random_state=0)
        assert iv.low == iv.high == 1.0


def _own_delong_hm_coverage(ir, n1, n_sets, seed):
    """Coverage (%) of DeLong's and Hanley-McNeil's AUROC intervals, written from scratch
    (pair matrices for the placement values, the two variances from their papers)."""
    from scipy.stats import norm

    rng = np.random.default_rng(seed)
    truth, z = norm.cdf(1.5 / np.sqrt(2)), norm.ppf(0.975)
    n0 = n1 * ir
    x = rng.normal(1.5, 1, (n_sets, n1))
    w = rng.normal(0, 1, (n_sets, n0))
    psi = (x[:, :, None] > w[:, None, :]).astype(float)  # no ties with continuous scores
    A = psi.mean(axis=(1, 2))
    v10, v01 = psi.mean(axis=2), psi.mean(axis=1)
    var_d = v10.var(axis=1, ddof=1) / n1 + v01.var(axis=1, ddof=1) / n0
    q1, q2 = A / (2 - A), 2 * A**2 / (1 + A)
    var_h = (A * (1 - A) + (n1 - 1) * (q1 - A**2) + (n0 - 1) * (q2 - A**2)) / (n1 * n0)
    out = []
    for var in (var_d, var_h):
        se = np.sqrt(np.maximum(var, 0))
        out.append(100 * np.mean((A - z * se <= truth) & (truth <= A + z * se)))
    return out


def test_stored_coverage_by_own_code():
    # the cell the earlier page got wrong (Hanley-McNeil at IR 10 with 5 positives):
    # fresh test sets and independent code agree with the stored study within three
    # standard errors, and both put Hanley-McNeil below the band there
    table, n_sets = ranking.coverage_study(), 6000
    own_d, own_h = _own_delong_hm_coverage(10, 5, n_sets, seed=7)
    for own, col in ((own_d, "DeLong"), (own_h, "Hanley-McNeil")):
        stored = table.loc[(10, 5), col]
        se = np.hypot(ranking.coverage_se(table, col).loc[(10, 5)],
                      100 * np.sqrt(stored / 100 * (1 - stored / 100) / n_sets))
        assert abs(stored - own) < 3 * se
    se_h = 100 * np.sqrt(own_h / 100 * (1 - own_h / 100) / n_sets)
    assert own_h + 2 * se_h < 93


def test_every_coverage_cell_is_sized_for_its_claims():
    # a Monte Carlo standard error of at most half a point in every cell of the study
    table = ranking.coverage_study()
    for col in ("DeLong", "logit", "Hanley-McNeil", "paired DeLong", "AP logit"):
        assert ranking.coverage_se(table, col).max() < 0.5


def test_atomic_order_by_formula(findings):
    assert findings.order_gain_top == pytest.approx(1 / (20 * 5 * 6), abs=1e-12)
    assert findings.order_gain_low == pytest.approx(16 / (20 * 21 * 22), abs=1e-12)


def test_keel_table_and_medians_from_the_stored_arrays(findings):
    r = _keel()
    differ = r["pick_auroc"] != r["pick_ap"]
    assert findings.keel_median_pos_differ == np.median(r["n_pos"][differ])
    assert findings.keel_median_pos == np.median(r["n_pos"])
    # an interval whose lower end rounds to zero keeps its sign on the page
    t = ranking.study_table(ranking.keel_study())
    for name in t.index:
        i = list(r["names"]).index(name)
        low = -float(r["ap_diff_high"][i])
        assert t.loc[name, "AP gap, 95 % interval"].startswith("[-") == (low < 0)


def _markdown(path):
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[1] / path).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_page_wording():
    text = _markdown("chapters/ranking.ipynb")
    assert "rank-cov-paired-worst-pos` positives" in text
    assert "rank-lr-linear-excess:.1e" not in text  # rounded to 4 decimals before the format
    assert "{prf:ref}`rank-thm-atomic`" in text and ":label: rank-ex-order" in text
    assert "the fix that raises\nthe metric most" not in text


def test_synthesis_links_this_chapter():
    assert "{doc}`ranking`" in _markdown("chapters/synthesis.ipynb")


def test_population_ap_by_quadrature():
    """No separation: the prevalence (by hand); otherwise a large sample scored by
    scikit-learn lies within a few of its standard errors."""
    from sklearn.metrics import average_precision_score

    for ir in (1, 10, 100):
        assert abs(theory.population_ap(0.0, ir) - 1 / (1 + ir)) < 1e-9
    rng = np.random.default_rng(5)
    for ir in (1, 10):
        n = 100_000
        y = np.r_[np.ones(n, int), np.zeros(n * ir, int)]
        s = np.r_[rng.normal(1.5, 1, n), rng.normal(0, 1, n * ir)]
        assert abs(average_precision_score(y, s) - theory.population_ap(1.5, ir)) < 0.004
    with pytest.raises(ValueError, match="imbalance ratio"):
        theory.population_ap(1.5, 0)
