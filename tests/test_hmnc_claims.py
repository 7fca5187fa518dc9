"""The HMNC chapter: its claims hold on its findings, and each check can fail.

Besides the claims (:data:`imbalance_lib.book.chapters.hmnc.CLAIMS`) on the
chapter's findings, the numbers the prose states are checked against values
computed here by hand (closed forms, counts of the document's tables), and the
measured ones (which pairs coincide, the shares of the sensitivity claim)
against a recomputation written for this test:

- which pairs of HMNC, ACC, BACC and GM coincide away from TPR = TNR
  (four pairs when P != N, ACC = BACC only when P = N);
- the shares of the (TPR, TNR) plane on which the document's comparative
  sensitivity claim holds (finite differences on the chapter's 401 x 401 grid);
- the registry's facts about HMNC (range, symmetry, undefined cases, trivial
  classifiers at the expected confusion matrix).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib.book.chapters import hmnc
from imbalance_lib.book.chapters.hmnc import METRICS, burduk_matrix
from imbalance_lib.book.claims import failing
from imbalance_lib.book.record import load

IRS = (0.01, 0.1, 0.25)


@pytest.fixture(scope="module")
def findings():
    return load("hmnc")  # the record the chapter proves when it executes


def test_every_claim_holds(findings):
    assert failing(hmnc.CLAIMS, findings) == []


# one altered finding per claim: the value that would make the sentence false
BREAKERS = {
    "symbolic": {"symbolic_zero": False},
    "forms": {"forms_hold": False},
    "ranges": {"ranges_hold": False},
    "equalities": {"equalities_hold": False},
    "kappa-min": {"kmin_0.25": -1.0},
    "mcc-min": {"mcc_min_margins": -0.9},
    "noskill": {"noskill_0.01": 0.69},
    "noskill-minority": {"noskill_minshare": 0.4},
    "hmnc-near-minority-recall": {"maxgap_t1": 0.02},
    "diagonal-means": {"means_on_diagonal": "accuracy, hmnc"},
    "diagonal-op": {"op_on_diagonal": 0.9},
    "diagonal-others": {"others_but_map_on_diagonal_max": 0.01},
    "zero-not-all-wrong": {"all_majority_hmnc_gm_zero_acc": False},
    "macro-precision-half": {"macro_precision_half": False},
    "pairs": {"pairs_second_curve": 3},
    "extra-curve": {"extra_h": 0.5},
    "values-reproduced": {"n_values_agree": 83},
    "diff-misses-explained": {"n_copied": 2},
    "rescaled": {"n_mk_h3": 29},
    "rounded-half-up": {"n_h2_miss": 0},
    "unrounded-differences": {"n_f1_h1_miss": 0},
    "copied-cell": {"gm_t1_13": 0.09},
    "reading-needs-rescaling": {"claims_resc": 11},
    "ir-free": {"ir_free_gap": 1e-3},
    "kappa-squeezed": {"kappa_share_001": 0.4},
    "finite-differences": {"fd_median": 1e-2},
    "comparative-only-part": {"both_0.25": 0.8},
    "comparative-tables": {"both_tab_0.1": 0.8},
    "comparative-raw-scale": {"both_tab_raw_0.25": 0.95},
    "any-tn-fails-small-tnr": {"fail_small_0.25": 0.5},
    "shares-in-order": {"fail_0.25": 0.5},
    "per-sample-everywhere": {"per_sample_0.1": 0.99},
    "who-beats-hmnc": {"beat_maj_0.01": "Kappa, MCC"},
    "isolines": {"flat_0.1": 0.7},
    "choice-extreme": {"exp_holds": 20},
    "choice-below-ba": {"exp_higher_tnr_than_ba_Glass": 1},
    "choice-acc-glass": {"exp_acc_tpr_max_Glass": 0.06},
}


def test_every_claim_has_a_breaker():
    assert set(BREAKERS) == {c.key for c in hmnc.CLAIMS}


@pytest.mark.parametrize("key", sorted(BREAKERS))
def test_each_claim_can_fail(findings, key):
    assert key in failing(hmnc.CLAIMS, {**findings, **BREAKERS[key]})


@pytest.mark.parametrize("altered", [
    {"exp_holds": 18},  # two exceptions, but the prose names "the remaining one"
    {"exp_unbeaten": 19},  # another metric more extreme in one repetition
    {"exp_tie_metrics": "BACC and G-mean"},  # the prose names four metrics
    {"exp_reps": 5, "exp_holds": 4, "exp_unbeaten": 5},  # the five seeds of before
])
def test_model_choice_claim_states_k_of_n(findings, altered):
    assert "choice-extreme" in failing(hmnc.CLAIMS, {**findings, **altered})


@pytest.mark.parametrize("altered", [
    {"gm_t1_13_is_neighbours": False}, {"gm_13_other_tables": 0.11},
])
def test_copied_cell_claim_checks_its_neighbours(findings, altered):
    assert "copied-cell" in failing(hmnc.CLAIMS, {**findings, **altered})


def test_zero_claim_covers_f1(findings):
    altered = {**findings, "all_minority_f1_zero_some_right": False}
    assert "zero-not-all-wrong" in failing(hmnc.CLAIMS, altered)


def test_raw_scale_claim_covers_the_small_ratios(findings):
    assert "comparative-raw-scale" in failing(hmnc.CLAIMS,
                                              {**findings, "both_tab_raw_0.1": 0.8})


# --------------------------------------------------------------------------
# numbers of the prose, by hand
# --------------------------------------------------------------------------
def test_numbers_by_hand(findings):
    for ir in IRS:
        p, n = 1000, round(1000 * ir)
        assert findings[f"kmin_{ir:g}"] == pytest.approx(-2 * p * n / (p * p + n * n), abs=1e-15)
        assert findings[f"noskill_{ir:g}"] == pytest.approx(
            (1 + ir) / (1 + ir**0.5) ** 2, abs=1e-12)
    # Table 1, Psi_4 (TP = 500, TN = 7): HMNC = 500 * 7 * 1010 / (507 * 1000 * 10), TNR 0.7
    assert findings["maxgap_t1"] == pytest.approx(float(Fraction(7, 10) - Fraction(3535, 5070)),
                                                  abs=1e-15)
    # (TP, TN) = (50, 200) at P = 1000, N = 250: HMNC = 50 * 200 * 1250 / (250 * 250000)
    assert findings["extra_h"] == pytest.approx(0.2, abs=1e-15)
    assert findings["extra_ba"] == pytest.approx((0.05 + 0.8) / 2, abs=1e-15)
    # the best no-skill classifier at IR = 0.01 predicts the minority with q = 1/(1 + 0.1)
    assert findings["noskill_minshare"] == pytest.approx(1 / 1.1, abs=1e-12)
    # three tables of four classifiers and five differences, seven metrics each
    assert findings["n_values"] == 3 * 4 * 7
    assert findings["n_diffs"] == findings["n_cells"] == 3 * 5 * 7
    assert findings["n_mk"] == 3 * 5 * 2
    assert findings["n_f1"] == 3 * 5
    # the last row of the conventions table is the sum of the seven metrics' rows
    summary = hmnc.convention_summary()
    assert summary.loc["all seven"].tolist() == summary.drop(index="all seven").sum().tolist()
    assert summary.loc["all seven", "H2 truncated"] == findings["n_h2_hit"]
    assert summary.loc["F1", "H1 rounded first"] == findings["n_f1_h1_hit"]
    # the re-run: 20 fold seeds, 0 to 19
    assert (findings["exp_reps"], findings["exp_seed_last"]) == (20, 19)
    # G-mean of Psi_1 and Psi_3 are 0.5 and 0.7 (TPR = TNR), so their difference is 0.2
    assert findings["gm_t1_13"] == pytest.approx(0.2, abs=1e-12)
    # the two data sets: Glass has 17 windows of type 3 among 214 samples (UCI), Satimage
    # 626 samples of class 4 among 6435
    assert (findings["exp_pos_Glass"], findings["exp_n_Glass"]) == (17, 214)
    assert (findings["exp_pos_Satimage"], findings["exp_n_Satimage"]) == (626, 6435)


def test_choice_design_by_hand():
    # accuracy's best cut on Glass predicts nothing positive: 197 of 214 are right
    from imbalance_lib.book.datasets import load_glass

    y = load_glass(positive=3).target
    runs = hmnc.choice_runs()
    acc = runs[(runs["task"] == "Glass 3 vs rest") & (runs["chosen by"] == "ACC")]
    assert (acc["TPR (minority)"] == 0).all() and (acc["TNR (majority)"] == 1).all()
    assert (y == 0).sum() == 197


# --------------------------------------------------------------------------
# four pairs coincide on a second curve when P != N; ACC = BACC needs P = N
# --------------------------------------------------------------------------
def small_matrices(max_m=24):
    rows = [
        (tp, tn, p, m - p)
        for m in range(2, max_m + 1)
        for p in range(1, m)
        for tp in range(p + 1)
        for tn in range(m - p + 1)
    ]
    return np.array(rows, dtype=np.int64).T


def test_four_pairs_coincide_off_the_diagonal_when_classes_differ():
    tp, tn, p, n = small_matrices()
    m = p + n
    off = (tp * n != tn * p) & (p != n)  # TPR != TNR and P != N
    exact = {  # each equality cross-multiplied, integer arithmetic
        "ACC = G-mean": (tp + tn) ** 2 * p * n == tp * tn * m * m,
        "HMNC = ACC": tp * tn * m * m == (tp + tn) ** 2 * p * n,
        "HMNC = BACC": 2 * tp * tn * m == (tp * n + tn * p) * (tp + tn),
        "HMNC = G-mean": (tp * tn * m) ** 2 * p * n == tp * tn * ((tp + tn) * p * n) ** 2,
    }
    for name, holds in exact.items():
        # HMNC's 0/0 convention (TP = TN = 0) is on the diagonal, excluded by `off`
        assert np.any(holds & off & (tp * tn > 0)), name
    acc_eq_bacc = (tp + tn) * 2 * p * n == (tp * n + tn * p) * m
    assert not np.any(acc_eq_bacc & off)
    # ... but with P = N it holds for every matrix
    assert np.all(acc_eq_bacc[p == n])


# --------------------------------------------------------------------------
# the comparative sensitivity claim, measured again for this test
# --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def shares():
    grid = np.linspace(0, 1, 401)
    h = grid[1] - grid[0]
    T, S = np.meshgrid(grid, grid)
    interior = (T > 0.01) & (T < 0.99) & (S > 0.01) & (S < 0.99)
    out = {}
    for ir in IRS:
        p, n = 1000.0, 1000 * ir
        C = burduk_matrix(T * p, S * n, p, n)
        for halve in (True, False):
            d_tpr, d_tnr = [], []
            for name, f in METRICS.items():
                gs, gt = np.gradient(f(C, zero_division=np.nan), h, h)
                k = 0.5 if halve and name in ("MCC", "Kappa") else 1.0
                d_tpr.append(np.abs(gt) * k)
                d_tnr.append(np.abs(gs) * k)
            maj, mino = np.stack(d_tpr), np.stack(d_tnr)
            least = np.argmin(np.where(np.isnan(maj), np.inf, maj), axis=0) == 0
            most = np.argmax(np.where(np.isnan(mino), -np.inf, mino), axis=0) == 0
            both = least & most
            above_ir = interior & (T > ir)
            strip = interior & (T > 0.5)
            tables = strip & (S > 0.5)
            fail = strip & ~both
            out[ir, halve] = {
                "both": both[above_ir].mean(),
                "any": both[strip].mean(),
                "both_tab": both[tables].mean(),
                "fail_small": (S[fail] < 0.25).mean(),
                "fail_high": (fail & (S >= 0.25))[strip].mean(),
            }
    return out


def test_the_chapter_measures_the_shares_this_test_measures(shares, findings):
    for ir in IRS:
        for key, value in shares[ir, True].items():
            assert findings[f"{key}_{ir:g}"] == pytest.approx(value, abs=1e-12), (key, ir)
        assert findings[f"both_tab_raw_{ir:g}"] == pytest.approx(
            shares[ir, False]["both_tab"], abs=1e-12)


def test_claim_holds_on_only_part_of_its_region(shares):
    for ir in IRS:
        assert 0 < shares[ir, True]["both"] < 0.75


def test_claim_holds_near_the_tables_only_on_the_halved_scale(shares):
    for ir in IRS:
        assert shares[ir, True]["both_tab"] >= 0.9
    assert shares[0.25, False]["both_tab"] < 0.75


# --------------------------------------------------------------------------
# registry facts for HMNC (were a table on the chapter page)
# --------------------------------------------------------------------------
def test_registry_facts_match_the_chapter():
    info = il.METRICS["hmnc"]
    assert info.range == (0, 1)
    assert info.undefined == "P = 0 or N = 0"
    assert info.all_positive == info.all_negative == "0"
    assert info.symmetric and not info.prevalence_invariant
    pis, qs = np.meshgrid(np.linspace(0.01, 0.99, 25), np.linspace(0, 1, 41))
    expected = il.binary_matrix(qs * pis, (1 - qs) * pis, qs * (1 - pis), (1 - qs) * (1 - pis))
    h = il.hmnc(expected)
    assert np.max(np.abs(np.vectorize(info.trivial)(pis, qs) - h)) < 1e-12
    assert np.max(np.abs(h - il.hmnc(expected[..., ::-1, ::-1]))) < 1e-12
    same_rates = [il.hmnc(burduk_matrix(700, 0.5 * n, 1000, n)) for n in (10, 100, 1000)]
    assert len(set(np.round(same_rates, 6))) == 3
