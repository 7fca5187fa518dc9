"""The threshold chosen on validation data and scored on a test half, over split seeds.

For each data set of the deployment chapter (the synthesis study's KEEL sets, Glass
and Satimage) and each split seed, :func:`one_split` splits the data in half
(stratified), computes out-of-fold probabilities of the training half (5 folds,
logistic regression), chooses a threshold on them by the stated cost, by F1, by
balanced accuracy and by IBA (each at the deployment prevalence, a quarter of the
data set's), and costs every threshold on the test half, scored by the model fitted
on the whole training half. The stored result (``chapters/data/stored/
deployment_threshold_choice.json``) has one row per data set and seed;
:func:`summary` condenses it per seed.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import imbalance_lib as il
from imbalance_lib.book import study
from imbalance_lib.book.datasets import load_glass, load_satimage
from imbalance_lib.book.stored import stored_as

__all__ = ["COSTS", "METRICS", "CRITERIA", "SEEDS", "data_sets", "model", "choose",
           "one_split", "threshold_choice_study", "summary"]

COSTS = np.array([[0.0, 1.0], [10.0, 0.0]])
"""A miss costs ten false alarms."""
METRICS = ("f1", "balanced_accuracy", "iba")
"""The metrics whose best threshold is set against the cost's."""
CRITERIA = ("cost", *METRICS)
SEEDS = (0, 1, 2, 3, 4)
"""Split seeds of the study."""
SHRINK = 4
"""The deployment prevalence is the data set's divided by this."""


def data_sets() -> Iterator[tuple[str, np.ndarray, np.ndarray]]:
    """``(name, X, y)`` of the synthesis study's data sets, then Glass (7) and Satimage (4)."""
    for name in study.load_result()["names"]:
        yield str(name), *study.load_dataset(str(name))
    for name, data in (("glass", load_glass(positive=7)),
                       ("satimage", load_satimage(positive=4))):
        yield name, data.data, data.target


def model():
    """The classifier of the chapter: standardised features, logistic regression."""
    return make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))


def choose(y: np.ndarray, s: np.ndarray, prevalence: float) -> dict[str, float]:
    """The threshold each criterion chooses on scores ``s``: the least expected cost,
    or the largest F1, balanced accuracy or IBA, all at ``prevalence``."""
    out = {"cost": il.cost_threshold(y, s, COSTS, prevalence=prevalence).threshold}
    for m in METRICS:
        out[m] = il.optimal_operating_point(
            y, s, metric=lambda Cs, m=m: il.at_prevalence(Cs, m, prevalence,
                                                          zero_division=0.0)).threshold
    return out


def _cost(y: np.ndarray, s: np.ndarray, t: float, prevalence: float) -> float:
    return float(il.expected_cost(il.confusion_matrix(y, (s >= t).astype(int)), COSTS,
                                  prevalence=prevalence))


def one_split(X: np.ndarray, y: np.ndarray, seed: int, *, n_resamples: int = 100) -> dict:
    """One split of one data set: the validation thresholds, their test costs, the least
    test and validation costs and the out-of-bag estimate of the cost's choice."""
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.5, stratify=y,
                                              random_state=seed)
    pi = float(np.mean(y)) / SHRINK
    folds = StratifiedKFold(5, shuffle=True, random_state=seed)
    s_val = cross_val_predict(model(), X_tr, y_tr, cv=folds, method="predict_proba")[:, 1]
    s_te = model().fit(X_tr, y_tr).predict_proba(X_te)[:, 1]
    chosen = choose(y_tr, s_val, pi)
    oob = il.cost_threshold_oob(y_tr, s_val, COSTS, prevalence=pi, n_resamples=n_resamples,
                                random_state=seed)
    row: dict = {"prevalence": pi, "test positives": int(y_te.sum()),
                 "validation min": oob.apparent, "oob": oob.cost,
                 "test min": il.cost_threshold(y_te, s_te, COSTS, prevalence=pi).cost}
    for c, t in chosen.items():
        row[f"test {c}"] = _cost(y_te, s_te, t, pi)
    return row


@stored_as("deployment_threshold_choice")  # chapters/data/stored/...choice.json
def threshold_choice_study(seeds: tuple[int, ...] = SEEDS, n_resamples: int = 100
                           ) -> pd.DataFrame:
    """Every data set and split seed: one row of :func:`one_split`."""
    rows = []
    for name, X, y in data_sets():
        for seed in seeds:
            rows.append({"data set": name, "seed": seed,
                         **one_split(X, y, seed, n_resamples=n_resamples)})
    return pd.DataFrame(rows)


def summary(result: pd.DataFrame, tol: float = 1e-12) -> pd.DataFrame:
    """Per split seed: each criterion's regret (test cost minus the least test cost:
    mean, median, worst), how often the cost's choice is cheaper / dearer than each
    metric's on the test half, the optimism of the validation minimum (mean of test
    cost minus validation minimum), the mean signed error (``oob bias``) and mean
    absolute errors of the out-of-bag and of the validation-minimum estimates of the
    cost's test cost, and on how many data sets the out-of-bag one is the closer."""
    out = {}
    for seed, g in result.groupby("seed"):
        row: dict = {"data sets": len(g)}
        for c in CRITERIA:
            regret = g[f"test {c}"] - g["test min"]
            row[f"{c} mean"] = regret.mean()
            row[f"{c} median"] = regret.median()
            row[f"{c} worst"] = regret.max()
        for m in METRICS:
            row[f"cost beats {m}"] = int((g["test cost"] < g[f"test {m}"] - tol).sum())
            row[f"{m} beats cost"] = int((g[f"test {m}"] < g["test cost"] - tol).sum())
        val, oob = g["validation min"] - g["test cost"], g["oob"] - g["test cost"]
        row["optimism"] = -val.mean()
        row["oob bias"] = oob.mean()
        row["oob error"] = oob.abs().mean()
        row["validation error"] = val.abs().mean()
        row["oob closer"] = int((oob.abs() < val.abs() - tol).sum())
        out[seed] = row
    return pd.DataFrame(out).T.rename_axis("seed")
