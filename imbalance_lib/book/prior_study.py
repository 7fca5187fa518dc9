"""The prior correction after undersampling, over data sets, splits and subsamples.

For each chosen data set, split seed and subsample draw, :func:`one_draw` trains the
chapter's logistic regression on a balanced subsample of the training half (every
positive, as many negatives drawn at random), corrects its probabilities of the test
half for the training half's prior (``il.adjust_prior``), and measures the calibration
error (:func:`calibration_error`) before and after, with that of the same model trained
on the whole training half for reference. The result is stored
(``chapters/data/stored/deployment_prior_correction.json``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

import imbalance_lib as il
from imbalance_lib.book.stored import stored_as
from imbalance_lib.book.threshold_choice import data_sets, model

__all__ = ["calibration_error", "one_draw", "prior_correction_study"]


def calibration_error(y: np.ndarray, p: np.ndarray, bins: int = 10) -> float:
    """Expected calibration error: the mean |observed share - mean predicted| over ten
    equal-width bins of the probability, weighted by the bins' sizes."""
    which = np.minimum((p * bins).astype(int), bins - 1)
    return float(sum(abs(y[which == b].mean() - p[which == b].mean()) * (which == b).mean()
                     for b in np.unique(which)))


def one_draw(X: np.ndarray, y: np.ndarray, seed: int, draw: int) -> dict[str, float]:
    """Calibration errors of one split (``seed``) and one balanced subsample (``draw``)."""
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.5, stratify=y,
                                              random_state=seed)
    rng = np.random.default_rng([seed, draw])
    pos, neg = np.flatnonzero(y_tr == 1), np.flatnonzero(y_tr == 0)
    rows = np.r_[pos, rng.choice(neg, pos.size, replace=False)]
    p_under = model().fit(X_tr[rows], y_tr[rows]).predict_proba(X_te)[:, 1]
    p_fixed = il.adjust_prior(p_under, 0.5, y_tr.mean())
    p_full = model().fit(X_tr, y_tr).predict_proba(X_te)[:, 1]
    return {"ece before": calibration_error(y_te, p_under),
            "ece after": calibration_error(y_te, p_fixed),
            "ece full": calibration_error(y_te, p_full)}


@stored_as("deployment_prior_correction")  # chapters/data/stored/...correction.json
def prior_correction_study(min_positives: int = 100, also: tuple[str, ...] = ("glass",),
                           seeds: tuple[int, ...] = (0, 1, 2), draws: int = 3
                           ) -> pd.DataFrame:
    """Every data set of the chapter with at least ``min_positives`` positives, and those
    named in ``also``: one row per split seed and subsample draw."""
    out = []
    for name, X, y in data_sets():
        if y.sum() < min_positives and name not in also:
            continue
        for seed in seeds:
            for draw in range(draws):
                out.append({"data set": name, "positives": int(y.sum()), "seed": seed,
                            "draw": draw, **one_draw(X, y, seed, draw)})
    return pd.DataFrame(out)
