"""The re-run over several fold seeds (Glass without the MLP; Satimage's 1-NN and NBC):
:func:`seed_study` (stored with the hash of its code) and :class:`SeedFindings`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd
from sklearn.model_selection import RepeatedStratifiedKFold

from imbalance_lib.book.experiments import evaluate_models
from imbalance_lib.book.findings import Findings
from imbalance_lib.book.selection import select_best
from imbalance_lib.book.stored import stored_as

from .experiments import DATA, rates_first, stand_ins
from .theory import COLUMNS, columns_of

SEEDS = (0, 1, 2, 3, 4)
"""The fold seeds of :func:`seed_study` (0 is the page's)."""
GLASS_MODELS = ["1NN", "SVC", "NBC", "J48", "RBF"]
"""The Glass stand-ins of the study: all but the MLP, whose fit moves with the arithmetic."""
SAT_MODELS = ["1NN", "NBC"]
"""The Satimage stand-ins whose algorithm is the document's."""


def _picks(cm, pi, names) -> dict:
    """metric -> the model(s) with the largest rates-first value over the folds of ``cm``."""
    cols = columns_of(rates_first(cm, pi))
    return {c: select_best(_frame(cols[c], names), "v", atol=1e-12) for c in COLUMNS[2:]}


def _frame(values, names) -> pd.DataFrame:
    return pd.DataFrame({"v": np.asarray(values, float)}, index=names)


def one_seed(seed: int) -> dict:
    """One fold seed of :func:`seed_study` (see there for the result's keys)."""
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=5, random_state=seed)
    glass = DATA["Glass"]()
    X, y = glass.data, glass.target
    models = {m: e for m, e in stand_ins(X.shape[1], len(y)).items() if m in GLASS_MODELS}
    cm = evaluate_models(models, X, y, cv=cv, labels=[0, 1])  # (models, 50, 2, 2)
    pi = float(np.mean(y))
    reps = cm.reshape(cm.shape[0], 5, 10, 2, 2)
    acc = columns_of(rates_first(cm, pi))["Acc"]
    sat = DATA["Satimage"]()
    sm = {m: e for m, e in stand_ins(sat.data.shape[1], len(sat.target)).items()
          if m in SAT_MODELS}
    scm = evaluate_models(sm, sat.data, sat.target, cv=cv, labels=[0, 1])
    tpr = columns_of(rates_first(scm, float(np.mean(sat.target))))["TPrate"]
    return {"picks": _picks(cm, pi, GLASS_MODELS),
            "reps": {c: [_picks(reps[:, r], pi, GLASS_MODELS)[c] for r in range(5)]
                     for c in COLUMNS[2:]},
            "acc": dict(zip(GLASS_MODELS, map(float, acc))),
            "sat_tpr": dict(zip(SAT_MODELS, map(float, tpr)))}


@stored_as("iba_seeds")  # chapters/data/stored/iba_seeds.json
def seed_study(seeds: tuple = SEEDS) -> dict:
    """Per fold seed: Glass's rates-first pick of each metric among :data:`GLASS_MODELS`
    (over the 50 folds, ``picks``, and per repetition of 10 folds, ``reps``), their
    rates-first accuracy (``acc``) and Satimage's rates-first TPR of :data:`SAT_MODELS`
    (``sat_tpr``). Under a minute a seed on one core."""
    return {"seeds": list(seeds), "runs": [one_seed(s) for s in seeds]}


@dataclass(frozen=True)
class SeedFindings(Findings):
    """What holds over the fold seeds of :func:`seed_study`."""

    PREFIX: ClassVar[str] = "iba-seeds"
    n: int
    seeds: str
    reps: int
    auc_j48: int
    op_j48: int
    gm_j48: int
    gm_nbc: int
    gm_j48_seeds: str
    gm_nbc_seeds: str
    iba01_j48: int
    iba01_nbc: int
    iba01_j48_seeds: str
    iba01_j48_reps: int
    iba01_nbc_reps: int
    iba1_nbc: int
    iba05_nbc: int
    iba1_nbc_reps: int
    iba05_nbc_reps: int
    auc_j48_reps: int
    op_j48_reps: int
    gm_j48_reps: int
    gm_nbc_reps: int
    acc_svc: int
    acc_svc_seeds: str
    acc_j48_seeds: str
    acc_svc_value: float
    acc_j48_max: float
    sat_1nn_dtpr_lo: float
    sat_1nn_dtpr_hi: float
    sat_nbc_dtpr_lo: float
    sat_nbc_dtpr_hi: float
    sat_dtpr_max: float
