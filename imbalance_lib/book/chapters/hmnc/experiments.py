"""The design of the chapter's re-run on data: metrics compared, fold seeds, folds.

The loop itself (cross-validated scores, one confusion matrix per cut, each
metric's choice) stands on the page.
"""

from __future__ import annotations

import imbalance_lib as il

__all__ = ["SWEEP", "SEEDS", "FOLDS"]

SWEEP = {"HMNC": il.hmnc, "BACC": il.balanced_accuracy, "G-mean": il.g_mean,
         "AC-score": il.ac, "MCC": il.mcc, "Kappa": il.kappa, "F1": il.f1,
         "ACC": il.accuracy}
"""The metrics whose preferred operating point the re-run compares."""

SEEDS = tuple(range(20))
"""The fold seeds over which the re-run is repeated."""

FOLDS = 5
"""Folds of the stratified cross-validation that gives the out-of-fold scores."""
