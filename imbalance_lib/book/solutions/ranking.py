"""Solutions of the threshold-free chapter's exercises (instructor-only).

:func:`random_ap_tail` (exercise rank-ex-baseline) and :func:`exercise_numbers`, the
numbers of exercises rank-ex-baseline and rank-ex-atomic that the chapter's findings
record holds.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import numpy as np

import imbalance_lib as il
from imbalance_lib.book.chapters.ranking import expected_random_ap, fix

__all__ = ["random_ap_tail", "exercise_numbers"]


def random_ap_tail(n: int, n_pos: int, level: str) -> float:
    """Exact probability that a random ranking of ``n`` samples (``n_pos`` positive) has AP >= level.

    Enumerates every set of positive ranks in exact fractions (``level`` a
    decimal string, so that a boundary value such as 0.05 is not rounded).

    >>> random_ap_tail(2, 1, "1")  # the positive on top in one ranking of two
    0.5
    """
    if not 1 <= n_pos < n:
        raise ValueError(f"need 1 <= n_pos < n, got n={n}, n_pos={n_pos}")
    bar, hits, total = Fraction(level), 0, 0
    for ranks in itertools.combinations(range(1, n + 1), n_pos):
        ap = sum(Fraction(i + 1, r) for i, r in enumerate(ranks)) / n_pos
        hits += ap >= bar
        total += 1
    return hits / total


def exercise_numbers() -> dict[str, Any]:
    """The numbers of exercises rank-ex-baseline and rank-ex-atomic.

    Baseline: 200 samples, 2 positives, a reported AP of 0.05. Atomic: 100 samples,
    10 positives; from the top ``+ - + + + +``, negatives down to rank 50, a positive
    at rank 51, the other four at the bottom; the fixes at ranks 2 and 50 measured
    with :func:`imbalance_lib.average_precision` and compared with
    ``precision_r / (P (r + 1))``.
    """
    out: dict[str, Any] = {"ex_base_mean": expected_random_ap(200, 2),
                           "ex_base_reported": 0.05,
                           "ex_base_tail": random_ap_tail(200, 2, "0.05")}
    p = 10
    y = np.zeros(100, int)
    y[[0, 2, 3, 4, 5, 50, 96, 97, 98, 99]] = 1
    score = -np.arange(100, dtype=float)
    base = il.average_precision(y, score)
    for key, r in (("top", 2), ("mid", 50)):
        z = fix(y, r)
        gain = il.average_precision(z, score) - base
        precision = z[:r].sum() / r
        out.update({f"atomic_ex_{key}_gain": gain, f"atomic_ex_{key}_precision": precision,
                    f"atomic_ex_{key}_gap": abs(gain - precision / (p * (r + 1)))})
    out["atomic_ex_top_gap_30"] = abs(out["atomic_ex_top_gain"] - 1 / 30)
    return out
