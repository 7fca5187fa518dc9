"""Data, metrics and protocol of the AC-score chapter's experiments.

The page runs the experiments (the sweeps of tied scores, the metrics, the fits of NMC,
LDA and the two baselines on the digits and on Gaussian classes); this module holds
what they share: the conditions and sizes, the lists of metrics, the k-NN scores of the
tie experiment (:func:`tie_experiment`), the sizes the document states
(:func:`size_rows`), one run gathered as tables (:class:`Run`) and the mean differences
NMC - LDA with their ranks (:func:`difference_summary`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsClassifier

from imbalance_lib.book.datasets import DIGITS_CONDITIONS, two_gaussians
from imbalance_lib.book.published import wu2025

__all__ = [
    "CONDITIONS", "SIZES_DOC", "N_REPS", "N_REPS_DIGITS", "N_ORDERS", "SINGLE_CLASS",
    "OUR_METRICS", "DOC_METRICS", "MODELS", "CODE_TITLES", "TieData", "tie_experiment",
    "size_rows", "Run", "difference_summary",
]

CONDITIONS = DIGITS_CONDITIONS
"""Test-set counts ``(N, P)`` of the digits conditions, by ratio N:P."""

SIZES_DOC = {"1:3": (1500, 4500), "1:1": (1500, 1500), "3:1": (1500, 500)}
"""The document's test-set counts ``(N, P)`` (its Section 3.2), used for the Gaussian classes."""

N_REPS = 10
"""Repetitions of every condition of the Gaussian classes, each with fresh random draws."""

N_REPS_DIGITS = 40
"""Repetitions of every condition of the digits, each a fresh random split (they are cheap)."""

N_ORDERS = 50
"""Random storage orders of the test set in the tie experiment."""

SINGLE_CLASS = ["precision (P)", "precision (N)", "F (P)", "F (N)", "sensitivity", "specificity"]
"""The metrics of :data:`OUR_METRICS` computed for one class only (from hard predictions)."""

OUR_METRICS = [
    "precision (P)", "precision (N)", "precision (avg)", "F (P)", "F (N)", "F (avg)",
    "accuracy", "MCC", "GM", "BA", "AC-score", "sensitivity", "specificity",
    "AUROC", "AUPR (P)", "AUPR (N)", "AUPR (avg)",
]
"""The metrics we rank: both classes of every asymmetric one, and areas under score curves."""

DOC_METRICS = {
    "BA": "AUROC (BA)", "AUPR (one point)": "AUPR", "F (avg)": "F-score",
    "AC-score": "AC-score", "accuracy": "acc", "MCC": "MCC", "sensitivity": "sensitivity",
    "specificity": "specificity", "precision (P)": "precision (P)",
    "precision (N)": "precision (N)", "GM": "GM",
}
"""The document's metrics, with its labels (in the authors' code)."""

MODELS = ["NMC", "LDA", "LDA, equal priors", "LDA + OOP"]

CODE_TITLES = [(1500, 4500), (1500, 1500), (1500, 500)]
"""Test counts (N, P) the authors' ``plot_comparison.m`` prints as panel titles."""


@dataclass(frozen=True)
class TieData:
    """Test labels ``y`` and k-NN scores ``z`` (eleven possible values) of the tie experiment."""

    y: np.ndarray
    z: np.ndarray


def tie_experiment() -> TieData:
    """k-NN scores (k = 10) of 1,200 test samples of two overlapping Gaussian classes.

    >>> tie = tie_experiment()
    >>> len(tie.y), int(tie.y.sum()), len(np.unique(tie.z)) <= 11
    (1200, 900, True)
    """
    rng = np.random.default_rng(11)
    X_tr, y_tr = two_gaussians(900, 2700, rng)  # training set
    X_te, y = two_gaussians(300, 900, rng)  # test set
    z = KNeighborsClassifier(n_neighbors=10).fit(X_tr, y_tr).predict_proba(X_te)[:, 1]
    return TieData(y, z)


def size_rows() -> list[dict]:
    """Per panel of Fig. 2: Section 3.2's sizes, the test counts (N, P) they imply, the
    caption's counts (None where it gives none) and the code's panel title."""
    rows = []
    for (ratio, size), panel, code in zip(wu2025.SPLITS.items(), "def", CODE_TITLES):
        n_part, p_part = map(int, ratio.split(":"))
        n_test = round(size["test"] * n_part / (n_part + p_part))
        cap = wu2025.FIG2_CAPTION_COUNTS.get(panel)
        rows.append({"ratio": ratio, "panel": panel, "train": size["train"],
                     "test": size["test"], "section": (n_test, size["test"] - n_test),
                     "caption": None if cap is None else (cap["N"], cap["P"]), "code": code})
    return rows


@dataclass
class Run:
    """One run of the NMC experiment, gathered while the page loops over conditions.

    ``rows`` holds ``(condition, rep, model, metric, value)``; ``median_rows`` the same
    for the median NMC of the fits where mean and median tie (the authors' choice there);
    ``moved`` holds ``(condition, rep, test predictions that equal priors change, n)``;
    ``kept`` the fits of repetition 0 for the projection figure.
    """

    n_reps: int
    rows: list = field(default_factory=list)
    median_rows: list = field(default_factory=list)
    moved: list = field(default_factory=list)
    kept: dict = field(default_factory=dict)

    @property
    def results(self) -> pd.DataFrame:
        return pd.DataFrame(self.rows, columns=["condition", "rep", "model", "metric", "value"])

    @property
    def tie_values(self) -> pd.DataFrame:
        """Every metric of the median NMC in the tied fits."""
        rows = [r[:2] + r[3:] for r in self.median_rows]
        return pd.DataFrame(rows, columns=["condition", "rep", "metric", "value"])

    @property
    def priors(self) -> pd.DataFrame:
        return pd.DataFrame(self.moved, columns=["condition", "rep", "moved", "n"])

    @property
    def ties(self) -> pd.DataFrame:
        """The tied fits, with the change of the NMC's test AC-score under the authors' rule."""
        key = ["condition", "rep"]
        med = self.tie_values.query("metric == 'AC-score'")[[*key, "value"]]
        nmc = self.results.query("model == 'NMC' and metric == 'AC-score'")[[*key, "value"]]
        both = med.merge(nmc, on=key, suffixes=("_median", "_nmc"))
        both["ac_change"] = both.value_median - both.value_nmc
        return both[[*key, "ac_change"]]


def _differences(results, baseline="LDA"):
    wide = results.pivot_table(index=["condition", "metric", "rep"], columns="model",
                               values="value")
    return (wide["NMC"] - wide[baseline]).rename("diff").reset_index()


def difference_summary(results, metrics):
    """Mean and SD of NMC - LDA per condition and metric; rank 1 = the largest NMC advantage.

    Returns the single differences and the summary table.
    """
    d = _differences(results[results.metric.isin(list(metrics))])
    out = d.groupby(["condition", "metric"])["diff"].agg(["mean", "std"]).reset_index()
    key = out["mean"].round(12)  # exact ties stay ties
    out["rank"] = key.groupby(out["condition"]).rank(ascending=False, method="min").astype(int)
    return d, out
