"""The re-run's picks over several fold seeds (Glass without the MLP, Satimage's 1-NN and NBC).

The page runs one fold seed (``random_state=0`` of the repeated 10-fold
cross-validation). Which classifier a metric picks on Glass, and how far a rate
lies from the published one on Satimage, can move with that seed; this module
repeats the deterministic stand-ins (every one except the MLP) for several fold
seeds (:func:`seed_study`, stored with the hash of its code) and states what holds
over all of them (:class:`SeedFindings`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd
from sklearn.model_selection import RepeatedStratifiedKFold

from imbalance_lib.book.experiments import evaluate_models
from imbalance_lib.book.findings import Findings
from imbalance_lib.book.published.garcia2009 import TABLE3
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


def seed_table(study: dict) -> pd.DataFrame:
    """Glass's rates-first pick of each metric, one row per fold seed (ties joined by ≈),
    and the repetitions of 10 folds that give the row's pick."""
    rows = {}
    for seed, run in zip(study["seeds"], study["runs"]):
        rows[seed] = {c: f"{' ≈ '.join(p)} ({sum(r == p for r in run['reps'][c])}/5)"
                      for c, p in run["picks"].items()}
    return pd.DataFrame(rows).T.rename_axis("fold seed")


def _seeds_where(study, metric: str, model: str) -> list:
    return [s for s, run in zip(study["seeds"], study["runs"]) if run["picks"][metric] == [model]]


def _rep_count(study, metric: str, model: str) -> int:
    return sum(p == [model] for run in study["runs"] for p in run["reps"][metric])


def _span(seeds: list) -> str:
    return ", ".join(map(str, seeds)) if seeds else "none"


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


def seed_findings(study: dict) -> SeedFindings:
    """:class:`SeedFindings` from :func:`seed_study`'s result."""
    runs, seeds = study["runs"], study["seeds"]
    pub = TABLE3["Satimage"].frame()
    acc = [run["acc"] for run in runs]
    acc_svc = [s for s, a in zip(seeds, acc) if max(a, key=a.get) in ("SVC", "RBF")]
    acc_j48 = [s for s, a in zip(seeds, acc) if max(a, key=a.get) == "J48"]
    d1 = [abs(r["sat_tpr"]["1NN"] - pub.at["1NN", "TPrate"]) for r in runs]
    dn = [abs(r["sat_tpr"]["NBC"] - pub.at["NBC", "TPrate"]) for r in runs]
    count = Counter()
    for metric, key in (("AUC", "auc"), ("OP", "op"), ("Gmean", "gm"), ("IBA_0.1", "iba01"),
                        ("IBA_1", "iba1"), ("IBA_0.5", "iba05")):
        for model in ("J48", "NBC"):
            count[f"{key}_{model.lower()}"] = len(_seeds_where(study, metric, model))
            count[f"{key}_{model.lower()}_reps"] = _rep_count(study, metric, model)
    return SeedFindings(
        n=len(seeds), seeds=_span(seeds), reps=5 * len(seeds),
        auc_j48=count["auc_j48"], op_j48=count["op_j48"], gm_j48=count["gm_j48"],
        gm_nbc=count["gm_nbc"], gm_j48_seeds=_span(_seeds_where(study, "Gmean", "J48")),
        gm_nbc_seeds=_span(_seeds_where(study, "Gmean", "NBC")),
        iba01_j48=count["iba01_j48"], iba01_nbc=count["iba01_nbc"],
        iba01_j48_seeds=_span(_seeds_where(study, "IBA_0.1", "J48")),
        iba1_nbc=count["iba1_nbc"], iba05_nbc=count["iba05_nbc"],
        iba1_nbc_reps=count["iba1_nbc_reps"], iba05_nbc_reps=count["iba05_nbc_reps"],
        auc_j48_reps=count["auc_j48_reps"], op_j48_reps=count["op_j48_reps"],
        gm_j48_reps=count["gm_j48_reps"], gm_nbc_reps=count["gm_nbc_reps"],
        acc_svc=len(acc_svc), acc_svc_seeds=_span(acc_svc), acc_j48_seeds=_span(acc_j48),
        acc_svc_value=round(float(acc[0]["SVC"]), 3),
        acc_j48_max=round(max(a["J48"] for a in acc), 3),
        sat_1nn_dtpr_lo=round(float(min(d1)), 3), sat_1nn_dtpr_hi=round(float(max(d1)), 3),
        sat_nbc_dtpr_lo=round(float(min(dn)), 3), sat_nbc_dtpr_hi=round(float(max(dn)), 3),
        sat_dtpr_max=round(float(max(d1 + dn)), 3),
    )
