"""The measured tables of the IBA chapter's protocol section and what derives from them.

``NOISE`` (the Glass MLP under several arithmetics,
:func:`~imbalance_lib.book.chapters.iba.noise_table`) and ``SAT_MEASURED`` (the
Satimage MLP's starts, :func:`~imbalance_lib.book.chapters.iba.sat_measured`) are
stored results, each line measured in a process of its own; ``tests/test_stored.py``
checks their hashes and, under ``make test-full``, measures them again and compares.
Here: the movements the page uses (``MOVE_T``, ``MOVE_S``) are derived from the
stored table, a line keeps the table's digits, and the Satimage starts agree.
"""

from __future__ import annotations

import numpy as np
import pytest

from imbalance_lib.book.chapters import iba


def test_moves_are_the_spans_of_the_ten_start_means():
    # TPR: 0.480 - 0.470; TNR: 0.9406 - 0.9385 (the stored table)
    assert iba.MOVE_T == pytest.approx(0.480 - 0.470, abs=1e-12)
    assert iba.MOVE_S == pytest.approx(0.9406 - 0.9385, abs=1e-12)
    for column, move in (("TPR, 10 starts", iba.MOVE_T), ("TNR, 10 starts", iba.MOVE_S)):
        values = iba.NOISE[column].astype(float)
        assert move == pytest.approx(values.max() - values.min(), abs=1e-12)


def test_noise_row_keeps_the_table_digits():
    rates = {"tpr": [0.4612, 0.5, 0.43], "tnr": [0.95, 0.94, 0.93]}
    row = iba.noise_row(rates)
    assert row["TPR, start 0"] == 0.46 and row["TNR, start 0"] == 0.95
    assert row["TPR, 10 starts"] == pytest.approx(np.mean([0.4612, 0.5, 0.43]), abs=5e-4)
    assert row["TNR, 10 starts"] == 0.94
    assert (row["TPR, lowest start"], row["TPR, highest start"]) == (0.43, 0.5)


def test_every_line_has_its_arithmetic():
    assert list(iba.NOISE.index) == list(iba.NOISE_SETTINGS)


def test_satimage_kernels_agree_to_four_decimals():
    assert iba.SAT_KERNEL_GAP < 5e-5
    assert iba.SAT_STARTS == [round(t, 3) for t in iba.SAT_MEASURED["native kernels"]["tpr"]]
