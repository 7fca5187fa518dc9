"""García, Mollineda and Sánchez (2009): Tables 2 and 3 against the library (chapter iba).

Expected values are the document's printed numbers; the prevalences come from the
document's stated ratios (1:10 read as P/N, and the majority/minority ratios of
Section 4).
"""

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib.book.chapters.iba import columns_of, from_rates
from imbalance_lib.book.datasets import load_glass, load_satimage
from imbalance_lib.book.published.garcia2009 import IMBALANCE_RATIOS, TABLE2, TABLE3
from imbalance_lib.book.tables import compare, side_by_side

DERIVED = ["Acc", "Gmean", "AUC", "OP", "IBA_1", "IBA_0.5", "IBA_0.1"]


def recompute(table, pi):
    f = table.frame()
    cols = columns_of(from_rates(f["TPrate"], f["TNrate"], pi))
    return {row: {c: float(cols[c][i]) for c in DERIVED} for i, row in enumerate(f.index)}


def test_table2_is_exact_with_prevalence_one_eleventh():
    cmp = compare(TABLE2, recompute(TABLE2, 1 / 11))
    assert len(cmp) == 28 and cmp["agrees"].all()


def test_table2_prevalence_one_tenth_fails_accuracy():
    cmp = compare(TABLE2, recompute(TABLE2, 1 / 10))
    assert set(cmp.loc[~cmp["agrees"], "column"]) == {"Acc", "OP"}


def test_table2_selections():
    f = TABLE2.frame()
    C = from_rates(f["TPrate"], f["TNrate"], 1 / 11)
    names = list(f.index)
    assert names[int(np.argmax(il.iba(C, alpha=0.1)))] == "theta3"
    assert names[int(np.argmax(il.iba(C, alpha=0.5)))] == "theta4"
    assert names[int(np.argmax(il.optimized_precision(C)))] == "theta2"
    assert names[int(np.argmax(il.accuracy(C)))] == "theta1"
    # theta3 beats theta4 exactly for alpha below (g3 - g4) / (g4 d4 - g3 d3) = 0.0283 / 0.137396
    star = 0.0283 / 0.137396
    assert il.iba(C[2], alpha=star - 1e-3) > il.iba(C[3], alpha=star - 1e-3)
    assert il.iba(C[2], alpha=star + 1e-3) < il.iba(C[3], alpha=star + 1e-3)


def rounding_consistent(table, row, pi, n=41):
    """Unrounded rates within half a unit of the printed TPR, TNR reproduce every printed column."""
    f, h = table.frame(), 5e-4
    offsets = np.linspace(-h, h, n)
    t = np.clip(f.at[row, "TPrate"] + offsets[:, None], 0, 1)
    s = np.clip(f.at[row, "TNrate"] + offsets[None, :], 0, 1)
    cols = columns_of(from_rates(*np.broadcast_arrays(t, s), pi))
    ok = np.ones((n, n), bool)
    for c in DERIVED:
        ok &= np.abs(cols[c] - f.at[row, c]) <= h + 1e-12
    return bool(ok.any())


@pytest.mark.parametrize("block", list(TABLE3))
def test_table3_rows_are_consistent_up_to_rounding(block):
    pi = 1 / (1 + IMBALANCE_RATIOS[block])
    for row in TABLE3[block].rows:
        assert rounding_consistent(TABLE3[block], row, pi), (block, row)


def test_table3_breast_accuracy_excludes_the_full_ljubljana_file():
    # 201 no-recurrence / 85 recurrence cases (UCI) give a prevalence the Acc column rules out
    assert not all(rounding_consistent(TABLE3["Breast"], r, 85 / 286) for r in TABLE3["Breast"].rows)
    assert all(rounding_consistent(TABLE3["Breast"], r, 81 / 277) for r in TABLE3["Breast"].rows)


def test_shipped_data_match_the_stated_ratios():
    g = np.bincount(load_glass(positive=3).target)
    s = np.bincount(load_satimage(positive=4).target)
    assert g.tolist() == [197, 17] and round(g[0] / g[1], 2) == IMBALANCE_RATIOS["Glass"]
    assert s.tolist() == [5809, 626] and round(s[0] / s[1], 2) == IMBALANCE_RATIOS["Satimage"]


def test_side_by_side_uuid_keeps_blocks_apart():
    # Several blocks of Table 3 share one label; their highlighting CSS must not collide.
    f = TABLE3["Glass"].frame()[["Acc"]]
    a = side_by_side(TABLE3["Glass"], f, uuid="iba-a").to_html()
    b = side_by_side(TABLE3["Satimage"], TABLE3["Satimage"].frame()[["Acc"]], uuid="iba-b").to_html()
    assert "T_iba-a" in a and "T_iba-a" not in b and "T_iba-b" in b
    default = side_by_side(TABLE3["Glass"], f).to_html()
    assert "T_cmp-garcia2009-Table-3" in default
