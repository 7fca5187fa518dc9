"""What the deployment chapter's prose states, as one typed record.

:class:`DeploymentFindings` holds every number, count and verdict the prose glues
(``{glue:text}`dep-<field>```) and what its claims check; :func:`findings` computes it
from what the page ran. Coverages are shares in [0, 1] of ``cov_sets`` simulated test
sets; their Monte Carlo standard errors come from :func:`imbalance_lib.book.claims.mc_se`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from imbalance_lib.book.claims import mc_below, mc_se
from imbalance_lib.book.findings import Findings

__all__ = ["DeploymentFindings", "findings"]


@dataclass(frozen=True)
class DeploymentFindings(Findings):
    """The deployment chapter's findings."""

    PREFIX: ClassVar[str] = "dep"
    # the theorems, checked on random matrices and scores
    cases: int
    shift_gap: float
    registry_binary: int
    registry_invariant: int
    registry_mismatch: int
    wa_gap: float
    nb_gap: float
    brier_gap: float
    bayes_gap: float
    # the data sets at a deployment prevalence
    data_sets: int
    move_precision: float
    move_f1: float
    move_mcc: float
    move_ap: float
    move_ba: float
    # thresholds chosen by a metric against the stated cost
    choices: int
    differ_f1: int
    differ_ba: int
    differ_iba: int
    excess_max: float
    # the prior correction after undersampling
    ece_before: float
    ece_after: float
    # coverage of the intervals at the deployment prevalence
    cov_sets: int
    cov_cells: int
    cov_min: float
    cov_min_se: float
    cov_max: float
    cov_short: int
    cov_min_5: float
    # exercises
    ex_bayes: float


def findings(*, cases: int, gaps: dict[str, float], registry: pd.DataFrame,
             moves: pd.DataFrame, choices: pd.DataFrame, ece: dict[str, float],
             coverage: pd.DataFrame, cov_sets: int, ex_bayes: float) -> DeploymentFindings:
    """The findings from what the page computed (its tables and gaps)."""
    cov = coverage["coverage"].to_numpy(float)
    i = int(np.argmin(cov))
    short = sum(mc_below(float(c), cov_sets, 0.93) for c in cov)
    few = coverage[coverage["positives"] == coverage["positives"].min()]
    move: dict[str, Any] = {m: float(moves[m].abs().max()) for m in
                            ("precision", "f1", "mcc", "ap", "balanced_accuracy")}
    return DeploymentFindings(
        cases=cases, shift_gap=float(gaps["shift"]),
        registry_binary=len(registry),
        registry_invariant=int(registry["invariant (measured)"].sum()),
        registry_mismatch=int((registry["invariant (measured)"]
                               != registry["invariant (registry)"]).sum()),
        wa_gap=float(gaps["weighted accuracy"]), nb_gap=float(gaps["net benefit"]),
        brier_gap=float(gaps["Brier"]), bayes_gap=float(gaps["Bayes threshold"]),
        data_sets=int(moves.index.nunique()),
        move_precision=move["precision"], move_f1=move["f1"], move_mcc=move["mcc"],
        move_ap=move["ap"], move_ba=move["balanced_accuracy"],
        choices=len(choices),
        differ_f1=int((choices["excess f1"] > 1e-12).sum()),
        differ_ba=int((choices["excess balanced_accuracy"] > 1e-12).sum()),
        differ_iba=int((choices["excess iba"] > 1e-12).sum()),
        excess_max=float(choices.filter(like="excess").to_numpy().max()),
        ece_before=float(ece["before"]), ece_after=float(ece["after"]),
        cov_sets=cov_sets, cov_cells=len(cov), cov_min=float(cov[i]),
        cov_min_se=mc_se(float(cov[i]), cov_sets), cov_max=float(cov.max()),
        cov_short=int(short), cov_min_5=float(few["coverage"].min()),
        ex_bayes=float(ex_bayes))
