"""imbalanced-learn's and PyCM's IBA beside the library's: what the section states.

imbalanced-learn ships a decorator, ``make_index_balanced_accuracy``, rather than the
index; PyCM reports it per class. The page sets each call beside the formula it equals,
computed with ``imbalance_lib``; here are the labels of a matrix and the section's
findings.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from imblearn.metrics import (
    specificity_score,
)

import imbalance_lib as il

from .theory import EXAMPLE


def labels_of(C):
    """Labels and predictions with the counts of the binary matrix ``C``."""
    (tn, fp), (fn, tp) = np.asarray(C, dtype=int)
    return (np.repeat([0, 0, 1, 1], [tn, fp, fn, tp]),
            np.repeat([0, 1, 0, 1], [tn, fp, fn, tp]))


def libraries_findings(cases: pd.DataFrame, pycm: pd.DataFrame, k3: dict) -> dict:
    """What the section on imbalanced-learn and PyCM states.

    ``cases`` is :func:`imblearn_cases`, ``pycm`` the page's table of PyCM's values
    beside the library's, ``k3`` the page's three-class example.
    """
    doc = cases["document"]
    y, y_hat, w = [1, 1, 0, 0], [1, 0, 0, 1], [1, 1, 1, 3]
    C_w = il.confusion_matrix(np.array(y), np.array(y_hat), sample_weight=np.array(w))
    out = {"imb_calls": len(cases),
           "imb_calls_match": int(np.isclose(cases["value"], cases["formula"]).sum()),
           "imb_document_calls": int(doc.sum()),
           "imb_default_is_gm2": bool(np.isclose(cases["value"].iloc[0],
                                                 il.g_mean(EXAMPLE) ** 2)),
           "pycm_matches": bool(np.allclose(pycm["PyCM class 1"], pycm["il.iba(C)"])
                                and np.allclose(pycm["PyCM class 0"], pycm["il.iba(swap(C))"])),
           "imb_weighted_tnr": float(il.tnr(C_w)),
           "imb_weighted_spec": float(specificity_score(y, y_hat, sample_weight=w)),
           "tilt_max": round(100 * ((1 + 0.1) / (1 - 0.1) - 1), 1)}
    out.update(k3)
    return out
