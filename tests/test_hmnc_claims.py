"""Statements of the HMNC chapter that are measured rather than proved, and the
registry facts the chapter used to check on its page.

- which pairs of HMNC, ACC, BACC and GM coincide away from TPR = TNR
  (four pairs when P != N, ACC = BACC only when P = N);
- the shares of the (TPR, TNR) plane on which the document's comparative
  sensitivity claim holds (finite differences on the chapter's 401 x 401 grid);
- the registry's facts about HMNC (range, symmetry, undefined cases, trivial
  classifiers at the expected confusion matrix).
"""

from __future__ import annotations

import numpy as np
import pytest

import imbalance_lib as il

METRICS = {
    "HMNC": il.hmnc,
    "ACC": il.accuracy,
    "BACC": il.balanced_accuracy,
    "MCC": il.mcc,
    "F1": il.f1,
    "G-mean": il.g_mean,
    "Kappa": il.kappa,
}


def burduk(tp, tn, p, n):
    return il.binary_matrix(tp, np.subtract(p, tp), np.subtract(n, tn), tn)


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
# the comparative sensitivity claim, measured as in the chapter
# --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def shares():
    grid = np.linspace(0, 1, 401)
    h = grid[1] - grid[0]
    T, S = np.meshgrid(grid, grid)
    interior = (T > 0.01) & (T < 0.99) & (S > 0.01) & (S < 0.99)
    out = {}
    for ir in (0.01, 0.1, 0.25):
        p, n = 1000.0, 1000 * ir
        C = burduk(T * p, S * n, p, n)
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
                "above_ir": both[above_ir].mean(),
                "strip": both[strip].mean(),
                "tables": both[tables].mean(),
                "fail_small_tnr": (S[fail] < 0.25).mean(),
                "fail_elsewhere": (fail & (S >= 0.25))[strip].mean(),
            }
    return out


def test_claim_holds_on_only_half_to_two_thirds_of_its_region(shares):
    got = [shares[ir, True]["above_ir"] for ir in (0.01, 0.1, 0.25)]
    assert got == pytest.approx([0.50, 0.57, 0.68], abs=0.01)


def test_claim_holds_near_the_tables_only_on_the_halved_scale(shares):
    for ir in (0.01, 0.1, 0.25):
        assert shares[ir, True]["tables"] >= 0.93
    assert shares[0.25, False]["tables"] == pytest.approx(0.60, abs=0.01)


def test_any_tn_extension_fails_on_about_a_sixth_mostly_at_small_tnr(shares):
    for ir in (0.01, 0.1, 0.25):
        s = shares[ir, True]
        assert 0.82 <= s["strip"] <= 0.84
        assert s["fail_small_tnr"] >= 0.8
        assert s["fail_elsewhere"] <= 0.031


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
    same_rates = [il.hmnc(burduk(700, 0.5 * n, 1000, n)) for n in (10, 100, 1000)]
    assert len(set(np.round(same_rates, 6))) == 3
