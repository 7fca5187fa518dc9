"""Checks the IBA chapter relies on but does not show: the registry's facts for its
metrics (checked numerically), the truncation test of Table 3 on a fine grid, and
imbalanced-learn's weighted specificity."""

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib.book.chapters.iba import columns_of, from_rates, integer_grid, swap
from imbalance_lib.book.published.garcia2009 import IMBALANCE_RATIOS, TABLE3

ALPHAS = {"IBA_1": 1.0, "IBA_0.5": 0.5, "IBA_0.1": 0.1}


# --------------------------------------------------------------- registry, checked
@pytest.mark.parametrize("name", ["iba", "dominance", "optimized_precision", "g_mean"])
def test_registry_facts_hold_numerically(name):
    m = il.METRICS[name]

    def f(C):
        return m.func(C, zero_division=np.nan, **m.params)

    rng = np.random.default_rng(3)
    Cr = np.concatenate([integer_grid(12),
                         rng.integers(0, 1000, size=(20_000, 2, 2)).astype(float)])
    v = f(Cr)
    ok = np.isfinite(v)
    assert m.range[0] - 1e-12 <= np.nanmin(v) and np.nanmax(v) <= m.range[1] + 1e-12
    assert np.allclose(v[ok], f(swap(Cr))[ok]) == m.symmetric
    t, s = rng.random((2, 5000))
    assert np.allclose(f(from_rates(t, s, 0.1)), f(from_rates(t, s, 0.4))) == \
        m.prevalence_invariant
    pis, qs = np.meshgrid(np.linspace(0.05, 0.95, 19), np.linspace(0, 1, 21))
    expected = np.vectorize(m.trivial)(pis, qs)
    got = f(il.binary_matrix(qs * pis, (1 - qs) * pis, qs * (1 - pis),
                             (1 - qs) * (1 - pis)))
    both = np.isfinite(expected) & np.isfinite(got)
    assert np.abs(expected - got)[both].max() < 1e-12


# --------------------------------------------------------------- truncation, fine grid
def truncation_consistent(table, row, pi, n):
    """Rates that truncate to the printed TPR, TNR and reproduce every printed column
    (truncated), searched on an n x n grid of the truncation cell."""
    f, u = table.frame(), 1e-3
    offsets = np.linspace(0, u, n, endpoint=False)
    t = np.clip(f.at[row, "TPrate"] + offsets[:, None], 0, 1)
    s = np.clip(f.at[row, "TNrate"] + offsets[None, :], 0, 1)
    cols = columns_of(from_rates(*np.broadcast_arrays(t, s), pi))
    ok = np.ones((n, n), bool)
    for c, x in cols.items():
        v = f.at[row, c]
        gap = np.abs(x) - abs(v)
        ok &= (gap >= -1e-12) & (gap < u) & (x * v >= 0)
    return bool(ok.any())


def test_breast_mlp_fails_truncation_only_on_a_coarse_grid():
    pi = 1 / (1 + IMBALANCE_RATIOS["Breast"])
    assert not truncation_consistent(TABLE3["Breast"], "MLP", pi, 41)
    assert truncation_consistent(TABLE3["Breast"], "MLP", pi, 101)
    assert truncation_consistent(TABLE3["Breast"], "MLP", pi, 201)


def test_truncation_is_ruled_out_by_satimage_svc():
    pi = 1 / (1 + IMBALANCE_RATIOS["Satimage"])
    assert not truncation_consistent(TABLE3["Satimage"], "SVC", pi, 201)
    assert round(1 - pi, 3) == TABLE3["Satimage"].value("SVC", "Acc")


# --------------------------------------------------------------- imbalanced-learn
def test_imblearn_weighted_specificity_leaves_the_unit_interval():
    from imblearn.metrics import specificity_score

    y, y_hat, w = [1, 1, 0, 0], [1, 0, 0, 1], [1, 1, 1, 3]
    C = il.confusion_matrix(np.array(y), np.array(y_hat), sample_weight=np.array(w))
    assert il.tnr(C) == pytest.approx(0.25)  # TN weight 1, FP weight 3
    assert specificity_score(y, y_hat, sample_weight=w) == pytest.approx(-0.5)
