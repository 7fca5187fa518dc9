"""Solutions of the IAM chapter's exercises (instructor-only)."""

from __future__ import annotations

import numpy as np

__all__ = ["sixclass_exercise"]


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
