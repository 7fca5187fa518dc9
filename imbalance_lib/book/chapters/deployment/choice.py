"""The deployment chapter's threshold-choice findings, from the stored study and the
page's one worked data set.

The study (:mod:`imbalance_lib.book.threshold_choice`) chooses every threshold on
out-of-fold probabilities of a training half and costs it on the test half, for every
data set and split seed; :func:`choice_fields` condenses its per-seed summary into
ranges over the seeds (``*_lo``, ``*_hi``) and checks the page's worked data set
against the stored row of the same data set and seed.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from imbalance_lib.book.threshold_choice import CRITERIA, METRICS

__all__ = ["SHORT", "choice_fields"]

SHORT = {"cost": "cost", "f1": "f1", "balanced_accuracy": "ba", "iba": "iba"}
"""Field-name stems of the criteria."""


def _range(values: pd.Series) -> tuple[float, float]:
    return float(values.min()), float(values.max())


def choice_fields(result: pd.DataFrame, per_seed: pd.DataFrame, one: dict[str, float],
                  one_name: str, one_seed: int) -> dict[str, Any]:
    """The fields of :class:`~.findings.DeploymentFindings` on the threshold choice.

    ``result`` is the stored study, ``per_seed`` its
    :func:`~imbalance_lib.book.threshold_choice.summary`, and ``one`` the page's
    worked data set ``one_name`` at seed ``one_seed`` (keys ``validation min``,
    ``oob``, ``test min`` and ``test <criterion>``).
    """
    out: dict[str, Any] = {"choice_sets": int(result["data set"].nunique()),
                           "choice_seeds": int(result["seed"].nunique())}
    for c in CRITERIA:
        for stat in ("mean", "median", "worst"):
            lo, hi = _range(per_seed[f"{c} {stat}"])
            out[f"regret_{SHORT[c]}_{stat}_lo"], out[f"regret_{SHORT[c]}_{stat}_hi"] = lo, hi
    for m in METRICS:
        lo, hi = _range(per_seed[f"cost beats {m}"])
        out[f"cost_beats_{SHORT[m]}_lo"], out[f"cost_beats_{SHORT[m]}_hi"] = int(lo), int(hi)
        lo, hi = _range(per_seed[f"{m} beats cost"])
        out[f"{SHORT[m]}_beats_cost_lo"], out[f"{SHORT[m]}_beats_cost_hi"] = int(lo), int(hi)
    means = per_seed[[f"{c} mean" for c in CRITERIA]]
    out["cost_least_seeds"] = int((means.idxmin(axis=1) == "cost mean").sum())
    out["optimism_lo"], out["optimism_hi"] = _range(per_seed["optimism"])
    out["optimism_positive_seeds"] = int((per_seed["optimism"] > 0).sum())
    out["oob_bias_lo"], out["oob_bias_hi"] = _range(per_seed["oob bias"])
    out["oob_less_optimistic_seeds"] = int((per_seed["oob bias"] > -per_seed["optimism"]).sum())
    out["oob_pessimistic_seeds"] = int((per_seed["oob bias"] > 0).sum())
    out["oob_error_lo"], out["oob_error_hi"] = _range(per_seed["oob error"])
    out["val_error_lo"], out["val_error_hi"] = _range(per_seed["validation error"])
    out["oob_closer_seeds"] = int((per_seed["oob error"] < per_seed["validation error"]).sum())
    lo, hi = _range(per_seed["oob closer"])
    out["oob_closer_sets_lo"], out["oob_closer_sets_hi"] = int(lo), int(hi)
    row = result[(result["data set"] == one_name) & (result["seed"] == one_seed)]
    if len(row) != 1:
        raise ValueError(f"the study has no single row for {one_name!r} at seed {one_seed}")
    stored = row.iloc[0]
    out["one_gap"] = float(max(abs(float(stored[k]) - float(v)) for k, v in one.items()))
    out["one_seed"] = int(one_seed)
    out["one_val_min"] = float(one["validation min"])
    out["one_oob"] = float(one["oob"])
    out["one_test_min"] = float(one["test min"])
    for c in CRITERIA:
        out[f"one_test_{SHORT[c]}"] = float(one[f"test {c}"])
    return out
