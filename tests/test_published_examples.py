"""Mortaz (2020), Examples 1 and 2: every published metric value against the library.

The expected agreements and disagreements were worked out by hand from the four
confusion matrices printed in the document (see chapters/iam.ipynb): under
round-half-up to the printed decimals, exactly four published numbers disagree,
and each of them is what truncation (instead of rounding) would print.
"""

import math

import imbalance_lib as il
from imbalance_lib.book.published.mortaz2020 import CONFUSION_MATRICES, EXAMPLE_METRICS, TABLE9
from imbalance_lib.book.tables import compare

FUNCS = {"ACC": il.accuracy, "MAP": il.macro_precision, "MAR": il.macro_recall,
         "F-score": il.macro_f1, "CBA": il.cba, "IAM": il.iam}
TRUNCATED = {("CM3", "F-score"), ("CM4", "MAP"), ("CM4", "CBA"), ("CM3", "IAM")}


def recomputed(table):
    return {row: {col: FUNCS[col](CONFUSION_MATRICES[row]) for col in table.columns}
            for row in table.rows}


def test_examples_agree_except_the_truncated_values():
    for table in (EXAMPLE_METRICS, TABLE9):
        cmp = compare(table, recomputed(table))
        assert len(cmp) == len(table.rows) * len(table.columns)
        for r in cmp.itertuples():
            expected = (r.row, r.column) not in TRUNCATED
            assert r.agrees == expected, (table.label, r.row, r.column, r.ours)


def test_the_disagreements_are_truncations():
    for table in (EXAMPLE_METRICS, TABLE9):
        ours = recomputed(table)
        for row, col in TRUNCATED & {(r, c) for r in table.rows for c in table.columns}:
            d = table.decimals(row, col)
            truncated = math.trunc(ours[row][col] * 10**d) / 10**d
            assert truncated == table.value(row, col)
