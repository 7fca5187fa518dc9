"""Solutions of the IAM chapter's exercises (instructor-only)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

import imbalance_lib as il
from imbalance_lib.book.chapters.iam.findings import exact_total
from imbalance_lib.book.exact import exact_terms, fraction_text

__all__ = ["sixclass_exercise", "exercise_numbers"]


def sixclass_exercise(t: int = 200) -> np.ndarray:
    """Exercise iam-ex-six: the extremal family for k = 6, ``t`` samples of class 0
    predicted as 1 and four singletons right.

    >>> float(sixclass_exercise(3).sum()), float(np.trace(sixclass_exercise(3)))
    (7.0, 4.0)
    """
    if t < 1:
        raise ValueError(f"t must be a positive count, got {t}")
    C = np.zeros((6, 6))
    C[0, 1] = t
    C[[2, 3, 4, 5], [2, 3, 4, 5]] = 1
    return C


def exercise_numbers(six: np.ndarray) -> dict[str, Any]:
    """The numbers of exercises iam-ex-hand (exact, by hand, and the library's) and
    iam-ex-six (``six`` its matrix) that the chapter's findings record holds."""
    hand = np.array([[5, 1], [2, 2]])
    h, t = exact_terms(hand), fraction_text
    return {"ex_hand_iam": t(exact_total(h.iam) / 2), "ex_hand_cba": t(exact_total(h.cba) / 2),
            "ex_hand_acc": t(h.accuracy),
            "ex_hand_lib": [float(m(hand)) for m in (il.iam, il.cba, il.accuracy)],
            "ex_six_iam": t(1 - Fraction(4, 6)), "ex_six_iam_lib": float(il.iam(six))}
