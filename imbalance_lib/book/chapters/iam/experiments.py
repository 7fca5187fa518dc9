"""The Glass and Satimage re-run of Tables 16 and 18: models, summaries, picks, checks.

The page runs the cross-validations itself (fold seeds, ``evaluate_models``); this
module holds the protocol it calls (:func:`eighteen_models`), the summaries of the
fold matrices, the selection rules, the checks of the published columns, and the two
studies too slow for every execution, stored with the hash of their code
(:func:`glass_pick_study`, :func:`satimage_seed_study`), and the network rows trained
with L-BFGS under several arithmetics (:func:`lbfgs_measured`, stored too).
"""

from __future__ import annotations

import hashlib

import numpy as np
import pandas as pd
from imblearn.over_sampling import RandomOverSampler
from imblearn.pipeline import make_pipeline
from imblearn.under_sampling import RandomUnderSampler
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

import imbalance_lib as il
from imbalance_lib.book.datasets import load_glass, load_satimage
from imbalance_lib.book.experiments import evaluate_models
from imbalance_lib.book.processes import emulated, run_in_process
from imbalance_lib.book.published import mortaz2020 as pub
from imbalance_lib.book.selection import select_best, select_max_min
from imbalance_lib.book.stored import stored_as

from .theory import FIVE, NAN, SIX

MODELS = list(pub.TABLE16.rows)
"""The 18 models in the order of Tables 16 and 18."""

GLASS_LABELS, SAT_LABELS = [1, 2, 3, 5, 6, 7], [1, 2, 3, 4, 5, 7]
"""The classes present in each data set (Glass has no type 4, Satimage no class 6)."""

FOLDS = 5


def eighteen_models(seed: int, light: bool = False) -> dict:
    """Six classifiers, each plain, with random under- and over-sampling, as in Tables 16 and 18.

    ``light=True`` gives the lighter Satimage settings (50 trees; boosting and
    the network stop early on a validation split).
    """
    if light:
        mlp = MLPClassifier((64,), early_stopping=True, max_iter=300, random_state=seed)
    else:
        mlp = MLPClassifier((64,), learning_rate_init=0.01, max_iter=2000, random_state=seed)
    bases = {
        "KNN": (True, KNeighborsClassifier(n_neighbors=5)),
        "LR": (True, LogisticRegression(tol=1e-10, max_iter=10000)),
        "SVM": (True, SVC()),
        "RF": (False, RandomForestClassifier(50 if light else 100, random_state=seed)),
        "ANN": (True, mlp),
        "GBM": (False, HistGradientBoostingClassifier(early_stopping=light,
                                                      random_state=seed)),
    }
    samplers = {"": None, "-RUS": RandomUnderSampler(random_state=seed),
                "-ROS": RandomOverSampler(random_state=seed)}
    models = {}
    for name, (scale, estimator) in bases.items():
        for suffix, sampler in samplers.items():
            steps = [sampler] if sampler else []
            steps += [StandardScaler()] if scale else []
            models[name + suffix] = make_pipeline(*steps, estimator)
    return models


def cross_validation(data, labels, seed: int, light: bool = False,
                     n_jobs: int = 1) -> np.ndarray:
    """Confusion matrices of one stratified 5-fold cross-validation: (18 models, 5 folds, k, k).

    The page runs the same loop in the open; the stored studies below call this.
    """
    cv = StratifiedKFold(FOLDS, shuffle=True, random_state=seed)
    return evaluate_models(eighteen_models(seed, light), data.data, data.target,
                           cv=cv, labels=labels, n_jobs=n_jobs)


def per_fold(cms) -> dict:
    """The six metrics, and MAP with a never-predicted class counted as 0, per fold."""
    values = {name: f(cms, **NAN) for name, f in SIX.items()}
    values["MAP (0)"] = il.macro_precision(cms, zero_division=0.0)
    return values


def fold_means(cms) -> pd.DataFrame:
    """The metrics of :func:`per_fold` averaged over every axis but the models'."""
    axes = tuple(range(1, cms.ndim - 2))
    return pd.DataFrame({m: v.mean(axis=axes) for m, v in per_fold(cms).items()}, MODELS)


def summary(cms) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Means over all folds and repetitions, fold standard deviations, and standard errors.

    The standard error is that of ours minus published: two five-fold means
    with the same fold standard deviation (pooled over repetitions), ours
    averaged over all its repetitions.
    """
    values = per_fold(cms)
    sd = pd.DataFrame({m: np.sqrt(v.var(axis=2, ddof=1).mean(axis=1))
                       for m, v in values.items()}, MODELS)
    se = sd * np.sqrt(1 / FOLDS + 1 / (FOLDS * cms.shape[1]))
    return fold_means(cms), sd, se


GROUPS = {
    "ACC and CBA": [("ACC", "ACC", "ACC"), ("CBA", "CBA", "CBA")],
    "MAP": [("MAP, never-predicted = 0", "MAP (0)", "MAP"),
            ("MAP, never-predicted left out", "MAP", "MAP")],
    "MAR and F": [("MAR", "MAR", "MAR"), ("F", "F-score", "F-score")],
    "IAM": [("IAM", "IAM", "IAM")],
}
"""The metric groups of the gap tables: (label, our column, published column)."""


def gap_frame(table, mean, se) -> pd.DataFrame:
    """Ours minus published for every metric shown, its standard error, and the rule.

    One row per (model, metric label) with ``published``, ``ours``, ``diff``,
    ``se`` and ``beyond`` (|diff| > 2 se): the cells the gap tables highlight.
    """
    published = table.frame()
    parts = []
    for group in GROUPS.values():
        for label, ours, theirs in group:
            parts.append(pd.DataFrame({
                "model": MODELS, "metric": label, "published": published[theirs].to_numpy(),
                "ours": mean[ours].to_numpy(), "se": se[ours].to_numpy()}))
    g = pd.concat(parts, ignore_index=True)
    g["diff"] = g["ours"] - g["published"]
    g["beyond"] = g["diff"].abs() > 2 * g["se"]
    return g


RULES = {"max-min of the five": lambda m: select_max_min(m, list(FIVE)),
         "CBA": lambda m: select_best(m, "CBA"),
         "IAM": lambda m: select_best(m, "IAM")}
"""The three selection rules compared on the tables."""


def picks(mean) -> dict:
    """The model(s) each rule picks from a table of means (ties joined by ", ")."""
    return {rule: ", ".join(pick(mean)) for rule, pick in RULES.items()}


def picks_by_seed(cms) -> pd.DataFrame:
    """The model(s) each rule picks in each repetition, over all, and in Table 16."""
    by_seed = pd.DataFrame({f"seed {r}": picks(fold_means(cms[:, r]))
                            for r in range(cms.shape[1])})
    by_seed["all five"] = picks(fold_means(cms))
    by_seed["Table 16"] = picks(pub.TABLE16.frame())
    return by_seed


def candidate_effects(cms) -> dict:
    """Size of IAM - (2 CBA - 1) that each hypothesis would produce on our fold matrices.

    ``k1``: IAM averaged over one more (empty, 0) class than CBA, per model;
    ``pooled``: IAM of the summed folds minus the mean IAM, per model; ``run``: two
    standard errors of the difference of two runs (largest over models); ``absent``:
    (model, run, fold, class) cases with a class absent from a test fold.
    """
    k = cms.shape[-1]
    per = np.asarray(il.iam(cms, **NAN))  # (models, repetitions, folds)
    iam = per.mean(axis=(1, 2))
    pooled = np.asarray(il.iam(cms.sum(axis=2), **NAN)).mean(axis=1)  # IAM of summed folds
    se = per.std(axis=2, ddof=1).max(axis=1) / np.sqrt(cms.shape[2])
    return {"empty": 1 / (k + 1), "k1": -iam / (k + 1), "pooled": pooled - iam,
            "run": float(2 * np.sqrt(2) * se.max()),
            "absent": int((cms.sum(axis=-1) == 0).sum())}


# --------------------------------------------------------------------------- stored studies


@stored_as("iam_glass_picks")  # chapters/data/stored/iam_glass_picks.json
def glass_pick_study(seeds: tuple = tuple(range(20))) -> dict:
    """One Glass cross-validation per seed (fold and model seed): the picks and the CBA.

    Returns ``picks`` (per seed, the pick of each rule of :data:`RULES`) and ``cba``
    (per seed, the mean CBA of each of the 18 models over the folds). About ten
    seconds a seed on one core; the page's own five repetitions must reproduce the
    first five seeds.
    """
    glass = load_glass()
    out = {"seeds": list(seeds), "picks": [], "cba": []}
    for r in seeds:
        mean = fold_means(cross_validation(glass, GLASS_LABELS, r))
        out["picks"].append(list(picks(mean).values()))
        out["cba"].append(mean["CBA"].tolist())
    return out


@stored_as("iam_sat_seeds")  # chapters/data/stored/iam_sat_seeds.json
def satimage_seed_study(seeds: tuple = (1, 2, 3)) -> dict:
    """Satimage's IAM per fold for other fold seeds (the page runs seed 0), lighter settings.

    Returns ``seeds`` and ``iam``: per seed, per model, the IAM of each fold. About a
    minute a seed on one core.
    """
    sat = load_satimage()
    return {"seeds": list(seeds),
            "iam": [np.asarray(il.iam(cross_validation(sat, SAT_LABELS, r, light=True), **NAN)).tolist()
                    for r in seeds]}


NETWORK_ROWS = ["ANN", "ANN-RUS", "ANN-ROS"]
"""The three rows of :func:`eighteen_models` that train the network."""


def network_cv(solver: str = "adam", eps: float = 0.0) -> dict:
    """The network rows on Glass (fold seed 0, model seed 0), in this process.

    The models of :func:`eighteen_models` (``solver="adam"``, the chapter's setting) or
    the same networks trained with ``solver="lbfgs"``; every input multiplied by
    ``1 + eps``. Returns ``hash`` (SHA-1 of the fold matrices: equal hashes, equal
    matrices) and ``cba`` (per row, the mean CBA over the folds). About thirty seconds
    with L-BFGS.
    """
    if solver not in ("adam", "lbfgs"):
        raise ValueError(f"solver is 'adam' or 'lbfgs', not {solver!r}")
    models = eighteen_models(0)
    rows = {name: models[name].set_params(mlpclassifier__solver=solver)
            for name in NETWORK_ROWS}
    glass = load_glass()
    cv = StratifiedKFold(FOLDS, shuffle=True, random_state=0)
    cm = evaluate_models(rows, glass.data * (1 + eps), glass.target, cv=cv,
                         labels=GLASS_LABELS)
    cba = np.asarray(il.cba(cm, **NAN)).mean(axis=1)
    return {"hash": hashlib.sha1(cm.tobytes()).hexdigest(), "cba": [float(v) for v in cba]}


LBFGS_SETTINGS = {
    "Prescott": ("Prescott", 0.0),
    "Nehalem": ("Nehalem", 0.0),
    "Sandybridge": ("Sandybridge", 0.0),
    "Prescott, eps = 1e-13": ("Prescott", 1e-13),
    "Sandybridge, eps = 1e-13": ("Sandybridge", 1e-13),
}
"""The environments of :func:`lbfgs_measured`: OpenBLAS's kernel (numpy's AVX2 and
AVX-512 paths off) and the factor ``1 + eps`` on the inputs."""


@stored_as("iam_lbfgs")  # chapters/data/stored/iam_lbfgs.json
def lbfgs_measured() -> dict:
    """CBA of the three network rows trained with L-BFGS, per environment (4 decimals).

    :func:`network_cv` with ``solver="lbfgs"`` once per environment of
    :data:`LBFGS_SETTINGS`, each in a process of its own (OpenBLAS's kernel is chosen
    when a process starts); stored, about three minutes (``make regenerate
    NAMES=iam_lbfgs``). ``tests/test_iam_ann_stability.py`` checks that Adam's fold
    matrices do not move in the same environments.
    """
    return {label: [round(v, 4) for v in
                    run_in_process(emulated(core), network_cv, "lbfgs", eps)["cba"]]
            for label, (core, eps) in LBFGS_SETTINGS.items()}
