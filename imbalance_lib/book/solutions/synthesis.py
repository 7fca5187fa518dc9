"""Solutions of the synthesis chapter's exercises (instructor-only)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

__all__ = ["distinct_picks", "study_exercise"]


def distinct_picks(pick: Mapping[str, np.ndarray]) -> np.ndarray:
    """Per data set, how many different models the metrics pick (exercise syn-ex-study).

    ``pick`` maps each metric to the index of its picked model on every data set.

    >>> distinct_picks({"a": np.array([0, 1]), "b": np.array([0, 2])}).tolist()
    [1, 2]
    """
    picks = np.array([np.asarray(p) for p in pick.values()])
    if picks.ndim != 2 or not picks.size:
        raise ValueError("pick must map every metric to one model index per data set")
    return np.array([len(set(column.tolist())) for column in picks.T])


def study_exercise(pick: Mapping[str, np.ndarray], names: Sequence[str]) -> dict[str, Any]:
    """The numbers of exercise syn-ex-study that the findings record holds: the most
    distinct picks, how many data sets reach it and their names."""
    n = distinct_picks(pick)
    if len(names) != len(n):
        raise ValueError(f"{len(names)} names for {len(n)} data sets")
    top = np.flatnonzero(n == n.max())
    return {"ex_study_distinct": int(n.max()), "ex_study_ties": len(top),
            "ex_study_tie_names": [names[int(d)] for d in top]}
