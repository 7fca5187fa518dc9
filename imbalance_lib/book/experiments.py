"""Cross-validated confusion matrices: the raw material of every experiment table.

An experiment keeps one confusion matrix per model and per test fold, an array
of shape ``(n_models, n_folds, k, k)``; every metric of the library then
evaluates the whole array in one call, per fold or pooled over folds.
"""

from __future__ import annotations

import sys
import time

import numpy as np
from sklearn.model_selection import cross_validate

from ..confusion import confusion_matrix

__all__ = ["cross_val_confusion", "evaluate_models"]


def cross_val_confusion(estimator, X, y, *, cv, labels=None, n_jobs=None) -> np.ndarray:
    """Confusion matrix of ``estimator`` on each test fold of ``cv``.

    Parameters
    ----------
    estimator : scikit-learn estimator (or imbalanced-learn pipeline)
        Cloned and fitted on each training fold, so resampling steps of a
        pipeline only ever see training data.
    X, y : arrays
        Data and labels.
    cv : cross-validation splitter or int
        Passed to :func:`sklearn.model_selection.cross_validate`.
    labels : array-like, default=None
        Classes indexing every matrix (default: the sorted classes of ``y``),
        so that all folds share one layout even if a fold misses a class.
    n_jobs : int, default=None
        Folds fitted in parallel.

    Returns
    -------
    ndarray of shape (n_folds, k, k)

    Examples
    --------
    >>> from sklearn.dummy import DummyClassifier
    >>> from sklearn.model_selection import StratifiedKFold
    >>> X, y = np.zeros((10, 1)), np.array([0] * 6 + [1] * 4)
    >>> cm = cross_val_confusion(DummyClassifier(), X, y, cv=StratifiedKFold(2))
    >>> cm.tolist()
    [[[3, 0], [2, 0]], [[3, 0], [2, 0]]]
    """
    labels = np.unique(y) if labels is None else np.asarray(labels)
    k = len(labels)

    def cells(est, X_test, y_test):
        C = confusion_matrix(y_test, est.predict(X_test), labels=labels)
        return {f"c{i}_{j}": C[i, j] for i in range(k) for j in range(k)}

    res = cross_validate(estimator, X, y, cv=cv, scoring=cells, n_jobs=n_jobs, error_score="raise")
    return np.stack(
        [np.stack([res[f"test_c{i}_{j}"] for j in range(k)], axis=-1) for i in range(k)],
        axis=-2,
    ).astype(np.int64)


def evaluate_models(models: dict, X, y, *, cv, labels=None, n_jobs=None, verbose=False):
    """Cross-validated confusion matrices of several models on the same folds.

    Parameters
    ----------
    models : dict of name -> estimator
    X, y, cv, labels, n_jobs
        As in :func:`cross_val_confusion`. Pass a splitter with a fixed
        ``random_state`` so every model sees the same folds.
    verbose : bool, default=False
        Print one line per finished model (name and seconds) to stderr.

    Returns
    -------
    ndarray of shape (n_models, n_folds, k, k), in the order of ``models``.
    """
    out = []
    for i, (name, model) in enumerate(models.items(), 1):
        start = time.perf_counter()
        out.append(cross_val_confusion(model, X, y, cv=cv, labels=labels, n_jobs=n_jobs))
        if verbose:
            print(f"[{i}/{len(models)}] {name}: {time.perf_counter() - start:.1f} s",
                  file=sys.stderr, flush=True)
    return np.stack(out)
