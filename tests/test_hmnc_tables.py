"""Tables 1-3 of Burduk (2020) against the library and independent implementations.

The expected values come from the document itself and from scikit-learn and
imbalanced-learn applied to label vectors built from the counts, never from
``imbalance_lib``. The findings the chapter reports are pinned here: every
metric value agrees at two decimals; among the difference rows, MCC and kappa
are half the textbook difference (both rescaled to [0, 1] before
differencing), and Table 1's G-mean |1-3| is a copied cell.
"""

from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest
from imblearn.metrics import geometric_mean_score
from sklearn import metrics as skm

import imbalance_lib as il
from imbalance_lib.book.chapters import hmnc
from imbalance_lib.book.chapters.hmnc import round2  # half up, as the document prints
from imbalance_lib.book.published.burduk2020 import CLASS_SIZES, TABLES

LIB = hmnc.METRICS  # the seven metrics of the document's tables, in its column order
METRICS = tuple(LIB)


def labels(tp, tn, p, n):
    """Label vectors with Burduk's convention: the majority (P samples) is class 1."""
    y = np.r_[np.ones(p, int), np.zeros(n, int)]
    yhat = np.r_[np.ones(tp, int), np.zeros(p - tp, int), np.zeros(tn, int), np.ones(n - tn, int)]
    return y, yhat


def independent(tp, tn, p, n):
    y, yhat = labels(tp, tn, p, n)
    m = p + n
    return {
        "HMNC": tp * tn * m / ((tp + tn) * p * n),  # Eq. (11), by hand
        "ACC": skm.accuracy_score(y, yhat),
        "BACC": skm.balanced_accuracy_score(y, yhat),
        "MCC": skm.matthews_corrcoef(y, yhat),
        "F1": skm.f1_score(y, yhat, pos_label=1),
        "G-mean": geometric_mean_score(y, yhat),
        "Kappa": skm.cohen_kappa_score(y, yhat),
    }


CASES = [(lab, row) for lab in TABLES for row in TABLES[lab]["values"].rows]


@pytest.mark.parametrize("lab,row", CASES)
def test_values_agree_with_independent_implementations_and_the_document(lab, row):
    p, n = CLASS_SIZES[lab]
    table = TABLES[lab]["values"]
    tp, tn = int(table.value(row, "TP")), int(table.value(row, "TN"))
    ref = independent(tp, tn, p, n)
    C = il.binary_matrix(tp, p - tp, n - tn, tn)
    for name in METRICS:
        assert LIB[name](C) == pytest.approx(ref[name], abs=1e-12), name
        # the document prints two decimals with trailing zeros dropped, rounded half up
        assert round2(ref[name]) == pytest.approx(table.value(row, name), abs=1e-9), (lab, row, name)


def _differences(lab):
    p, n = CLASS_SIZES[lab]
    table = TABLES[lab]["values"]
    vals = {r: independent(int(table.value(r, "TP")), int(table.value(r, "TN")), p, n)
            for r in table.rows}
    out = {}
    for pair in TABLES[lab]["differences"].rows:
        a, b = pair.strip("|").split("-")
        out[pair] = {k: abs(vals[a][k] - vals[b][k]) for k in METRICS}
    return out


def test_difference_rows_and_their_explanations():
    textbook_misses, half_hits = [], 0
    for lab in TABLES:
        pub = TABLES[lab]["differences"]
        for pair, diffs in _differences(lab).items():
            for k in METRICS:
                printed = pub.value(pair, k)
                if round2(diffs[k]) != pytest.approx(printed, abs=1e-9):
                    textbook_misses.append((lab, pair, k))
                if k in ("MCC", "Kappa"):
                    # rescaled to [0, 1] by (x + 1) / 2 before differencing
                    assert round2(diffs[k] / 2) == pytest.approx(printed, abs=1e-9), (lab, pair, k)
                    half_hits += 1
    assert half_hits == 30
    others = [c for c in textbook_misses if c[2] not in ("MCC", "Kappa")]
    assert others == [("Table 1", "|1-3|", "G-mean")]
    assert len(textbook_misses) == 29  # 15 MCC + 13 kappa + 1 G-mean


def test_copied_cell_g_mean_table1():
    # G-mean depends on TPR and TNR only, which are the same in the three tables
    d = {lab: _differences(lab)["|1-3|"]["G-mean"] for lab in TABLES}
    assert all(v == pytest.approx(0.2) for v in d.values())
    assert TABLES["Table 2"]["differences"].value("|1-3|", "G-mean") == 0.2
    assert TABLES["Table 3"]["differences"].value("|1-3|", "G-mean") == 0.2
    t1 = TABLES["Table 1"]["differences"]
    assert t1.value("|1-3|", "G-mean") == t1.value("|1-2|", "G-mean") == 0.09


def test_differences_are_not_differences_of_rounded_values():
    # F1, Table 1, |1-4|: printed values 0.66 and 0.67, printed difference 0.0
    t = TABLES["Table 1"]
    assert t["values"].value("1", "F1") == 0.66 and t["values"].value("4", "F1") == 0.67
    assert t["differences"].value("|1-4|", "F1") == 0.0
    assert round2(_differences("Table 1")["|1-4|"]["F1"]) == 0.0


PAPER = pathlib.Path(__file__).resolve().parents[2] / "shared" / "papers" / "001_68bf30ea913f7e77.txt"


@pytest.mark.skipif(not PAPER.exists(), reason="source text not beside the repository")
def test_transcription_matches_the_paper_text():
    text = PAPER.read_text()
    blocks = re.split(r"Table \d: ", text)[1:4]
    for lab, block in zip(("Table 1", "Table 2", "Table 3"), blocks):
        lines = [ln.split("\t") for ln in block.splitlines() if "\t" in ln]
        method_rows = [ln for ln in lines if ln[0].strip("Ψ_ ").isdigit()][:4]
        diff_rows = [ln for ln in lines if ln[0] == "" and "Psi" in ln[1]]
        assert len(method_rows) == 4 and len(diff_rows) == 5
        pub = TABLES[lab]
        for row, cells in zip(pub["values"].rows, method_rows):
            assert tuple(c.strip() for c in cells[1:]) == pub["values"].rows[row]
        for row, cells in zip(pub["differences"].rows, diff_rows):
            assert tuple(c.strip() for c in cells[3:]) == pub["differences"].rows[row]
