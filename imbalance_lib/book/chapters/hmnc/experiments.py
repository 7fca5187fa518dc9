"""The design of the chapter's re-run on data: metrics compared, fold seeds, folds.

The loop itself (cross-validated scores, one confusion matrix per cut, each
metric's choice) stands on the page as :func:`operating_points`; the further fold
seeds are a stored study (:func:`more_seeds_study`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import imbalance_lib as il
from imbalance_lib.book.datasets import load_glass, load_satimage
from imbalance_lib.book.stored import stored_as

__all__ = ["SWEEP", "SEEDS", "MORE_SEEDS", "FOLDS", "operating_points", "choice_tasks",
           "more_seeds_study"]

SWEEP = {"HMNC": il.hmnc, "BACC": il.balanced_accuracy, "G-mean": il.g_mean,
         "AC-score": il.ac, "MCC": il.mcc, "Kappa": il.kappa, "F1": il.f1,
         "ACC": il.accuracy}
"""The metrics whose preferred operating point the re-run compares."""

SEEDS = tuple(range(20))
"""The fold seeds the page runs."""

MORE_SEEDS = tuple(range(20, 60))
"""The further fold seeds, run once and stored."""

FOLDS = 5
"""Folds of the stratified cross-validation that gives the out-of-fold scores."""


def choice_tasks() -> dict:
    """The two tasks: Glass type 3 and Satimage class 4, each against the rest."""
    glass, satimage = load_glass(positive=3), load_satimage(positive=4)
    return {"Glass": (glass.data, glass.target), "Satimage": (satimage.data, satimage.target)}


def operating_points(tasks: dict, seed: int, folds: int = FOLDS) -> pd.DataFrame:
    """The cut of the out-of-fold scores each metric of :data:`SWEEP` prefers, per task."""
    rows = []
    for task, (X, y) in tasks.items():
        cv = StratifiedKFold(folds, shuffle=True, random_state=seed)
        model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000))
        score = cross_val_predict(model, X, y, cv=cv, method="predict_proba")[:, 1]
        thr, C = il.threshold_sweep(y, score)  # one matrix per cut "score >= thr"
        for name, metric in SWEEP.items():
            i = int(np.nanargmax(metric(C, zero_division=np.nan)))
            rows.append({"task": task, "chosen by": name, "threshold": float(thr[i]),
                         "TPR (minority)": float(il.tpr(C[i])),
                         "TNR (majority)": float(il.tnr(C[i])),
                         "precision": float(il.precision(C[i], zero_division=0.0)),
                         "HMNC": float(il.hmnc(C[i])),
                         "BACC": float(il.balanced_accuracy(C[i]))})
    return pd.DataFrame(rows).set_index(["task", "chosen by"])


@stored_as("hmnc_more_seeds")  # chapters/data/stored/hmnc_more_seeds.json
def more_seeds_study(seeds: tuple = MORE_SEEDS) -> list:
    """:func:`operating_points` for each of ``seeds``, as one row per seed, task and metric.

    About eight seconds a seed on one core.
    """
    tasks = choice_tasks()
    return [{"seed": seed, **row}
            for seed in seeds
            for row in operating_points(tasks, seed).reset_index().to_dict("records")]
