r"""Prior shift: the confusion matrix expected at another class mix.

Under a pure prior shift the class-conditional distributions of the inputs do
not change, so neither do the rates of each row of a confusion matrix (row
``i`` divided by its size :math:`n_i`). Only the class shares move: the matrix
expected at the class shares :math:`\pi'` for the same number of cases
:math:`n` is

.. math:: c'_{ij} = n\,\pi'_i\,\frac{c_{ij}}{n_i}.

This module holds the checks of a prevalence and the shift itself; the public
functions live in :mod:`imbalance_lib.deployment` and
:func:`imbalance_lib.confidence_interval` (``prevalence=``) uses them too.
"""

from __future__ import annotations

import numpy as np

from ._checks import reject_masked
from ._typing import ArrayLike, FloatArray

_SUM_TOL = 1e-9  # class shares must sum to 1 within this (then renormalised)


def check_prevalence(prevalence: ArrayLike, k: int, name: str = "prevalence") -> FloatArray:
    """Class shares for ``k`` classes as a float array of shape ``(..., k)``.

    For two classes ``prevalence`` is the share of the positive class (index 1),
    a number or an array of numbers strictly between 0 and 1 (the negative share
    is ``1 - prevalence``). For ``k > 2`` it must be the share of every class,
    an array of shape ``(..., k)`` whose entries lie strictly between 0 and 1
    and sum to 1; a scalar is refused (it does not say how the other classes
    share the rest).
    """
    reject_masked(prevalence, name)
    if isinstance(prevalence, (bool, np.bool_, str, bytes)):
        raise ValueError(f"{name} must be a number strictly between 0 and 1; got {prevalence!r}")
    raw = np.asarray(prevalence)
    if raw.dtype.kind not in "iuf":
        if raw.dtype.kind == "O":
            try:
                raw = raw.astype(float)
            except (TypeError, ValueError):
                raise ValueError(f"{name} must be numbers; got {prevalence!r:.60}") from None
        else:
            raise ValueError(f"{name} must be numbers; got dtype {raw.dtype}")
    pi = raw.astype(np.float64)
    if not np.isfinite(pi).all():
        raise ValueError(f"{name} holds nan or inf")
    if ((pi <= 0) | (pi >= 1)).any():
        bad = pi[(pi <= 0) | (pi >= 1)].ravel()[0]
        raise ValueError(
            f"{name} must lie strictly between 0 and 1 (a class with share 0 or 1 "
            f"leaves nothing to classify); got {bad!r}")
    if k == 2:
        return np.stack([1.0 - pi, pi], axis=-1)
    if pi.ndim == 0:
        raise ValueError(
            f"a scalar {name} defines the class mix of two classes only; for k = {k} "
            f"classes give the share of every class, an array of shape (..., {k}) summing to 1")
    if pi.shape[-1] != k:
        raise ValueError(
            f"{name} must give the share of each of the k = {k} classes on its last axis; "
            f"got shape {pi.shape}")
    total = pi.sum(axis=-1, keepdims=True)
    if (np.abs(total - 1.0) > _SUM_TOL * k).any():
        raise ValueError(f"the class shares of {name} must sum to 1; got sums "
                         f"{np.unique(total.round(12))[:3].tolist()}")
    return pi / total


def shift_matrix(C: FloatArray, shares: FloatArray, *, strict: bool = True) -> FloatArray:
    """The matrix expected at the class shares ``shares`` (shape ``(..., k)``), rates held.

    ``C`` is a checked float stack ``(..., k, k)``; the result broadcasts
    ``C.shape[:-2]`` with ``shares.shape[:-1]`` and keeps each matrix's total.
    A class with no samples has unknown rates: ``strict=True`` refuses it,
    ``strict=False`` gives ``nan`` in its row (the metric is then undefined).
    """
    if C.shape[-1] == 2:
        return _shift_binary(C, shares, strict)
    n_i = C.sum(axis=-1)  # (..., k)
    empty = n_i == 0
    if strict and empty.any():
        raise ValueError(_EMPTY_CLASS)
    total = n_i.sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        rates = C / n_i[..., None]  # nan rows where a class is empty
    # keep the total of each matrix (an empty matrix keeps total 0 and stays nan)
    return rates * (shares * total[..., None])[..., None]


_EMPTY_CLASS = ("a class with no samples in the confusion matrix has unknown rates: the matrix "
                "cannot be moved to another prevalence (every row needs at least one sample)")


def _shift_binary(C: FloatArray, shares: FloatArray, strict: bool) -> FloatArray:
    """:func:`shift_matrix` for two classes, on the four count columns (no reductions
    over axes of length 2, which cost far more per matrix than one addition)."""
    n0 = C[..., 0, 0] + C[..., 0, 1]
    n1 = C[..., 1, 0] + C[..., 1, 1]
    if strict and ((n0 == 0).any() or (n1 == 0).any()):
        raise ValueError(_EMPTY_CLASS)
    total = n0 + n1
    with np.errstate(divide="ignore", invalid="ignore"):
        f0 = shares[..., 0] * (total / n0)  # nan where a class is empty (strict=False)
        f1 = shares[..., 1] * (total / n1)
    lead = np.broadcast_shapes(C.shape[:-2], shares.shape[:-1])
    out = np.empty(lead + (2, 2))
    np.multiply(C[..., 0, 0], f0, out=out[..., 0, 0])
    np.multiply(C[..., 0, 1], f0, out=out[..., 0, 1])
    np.multiply(C[..., 1, 0], f1, out=out[..., 1, 0])
    np.multiply(C[..., 1, 1], f1, out=out[..., 1, 1])
    return out
