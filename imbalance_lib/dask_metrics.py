r"""Prediction logs larger than memory, evaluated on Dask.

Confusion counts are additive: the counts of a log are the sums of the counts of
its parts. Both functions here therefore hand the counting to a Dask group-by,
which runs partition by partition on the workers and combines the partial sums,
and bring back only the aggregates:

* :func:`confusion_matrix` groups by (true label, predicted label) and sums the
  weights: the k x k matrix, whatever the number of rows.
* :func:`threshold_sweep` groups by score and sums the positive and the
  negative weight at each distinct score, then
  finishes with :func:`imbalance_lib.sweep_from_counts`: one sort of the
  distinct scores and one cumulative sum. The result is exactly the in-memory
  :func:`imbalance_lib.threshold_sweep` of the whole log (counts are integers
  in float64, exact below :math:`2^{53}`).

Both refuse what the in-memory functions refuse, with their messages: missing,
non-finite or fractional labels, negative weights, integer scores beyond
:math:`2^{53}` (checked in the same pass as the group-by), and then, on the
distinct labels the group-by returns, empty input, mixed label types and
``labels=`` that are duplicated, absent from ``y_true`` or of another type. Dask
converts object columns to strings by default (its ``dataframe.convert-string``
setting) before the library sees them: integers and strings mixed in one column
then arrive as strings, and are counted as such.

Every count-based metric of the library then evaluates the returned matrices.
Dask, distributed and pyarrow are optional dependencies
(``pip install "imbalance-lib[dask]"``); this module imports them only when called.

Examples
--------
>>> import pandas as pd
>>> import dask.dataframe as dd
>>> log = pd.DataFrame({"y_true": [0, 0, 1, 1, 1], "y_score": [0.1, 0.4, 0.4, 0.8, 0.9],
...                     "y_pred": [0, 1, 1, 1, 1]})
>>> df = dd.from_pandas(log, npartitions=2)
>>> confusion_matrix(df).tolist()
[[1, 1], [0, 3]]
>>> thresholds, matrices = threshold_sweep(df)
>>> thresholds.tolist()
[0.1, 0.4, 0.8, 0.9, inf]
>>> matrices[:, 1, 1].tolist()  # TP from "all positive" to "all negative"
[3.0, 3.0, 2.0, 1.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ._typing import ArrayLike, Label
from .confusion import _as_labels, confusion_with_classes, show
from .thresholds import BIG_SCORES, sweep_from_counts

__all__ = ["confusion_matrix", "threshold_sweep"]

_EXACT = 2**53  # float64 holds every integer up to this


def _checks(frame: Any, roles: dict[str, str]) -> list[tuple[Any, str]]:
    """Lazy counts of the entries the in-memory path refuses, one per (column, rule).

    ``roles`` maps a column to its role: ``"y_true"``/``"y_pred"`` (labels),
    ``"y_score"`` or ``"sample_weight"``. Returns a list of (dask scalar, message): each
    count must be 0. They are computed in the same pass as the group-by, and the
    messages are the in-memory functions' own."""
    out = []
    for column, role in roles.items():
        x = frame[column]
        kind = getattr(x.dtype, "kind", "O")
        if kind == "c":
            raise ValueError(f"{role} is complex: not class labels")
        if role in ("y_score", "sample_weight") and kind not in "iubf":
            raise ValueError(f"{role} must be real numbers; got dtype {x.dtype}")
        # a group-by drops missing keys silently: count them
        finite = "nan or inf" if kind == "f" else "nan"
        out.append((x.isna().sum(), f"{role} contains {finite}"))
        if kind == "f":
            out.append((x.abs().eq(np.inf).sum(), f"{role} contains nan or inf"))
            if role in ("y_true", "y_pred"):
                out.append(((x % 1).ne(0).sum(), f"{role} contains non-integer floats: "
                            "continuous targets are not class labels"))
        if role == "sample_weight" and kind in "if":
            out.append((x.lt(0).sum(), "sample_weight contains negative weights"))
        if role == "y_score" and kind in "iu":
            # float64 holds every integer up to 2**53 only: larger scores would merge
            out.append(((x.gt(_EXACT) | x.lt(-_EXACT)).sum(), BIG_SCORES))
    return out


def _raise_failed(checks: list[tuple[Any, str]], counts: Sequence[Any]) -> None:
    for (_, message), count in zip(checks, counts):
        if count:
            raise ValueError(message)


def _weights(df: Any, sample_weight: str | None) -> Any:
    """The weight column (float64), or ones."""
    if sample_weight is None:
        return df.assign(_w=1.0)
    return df.assign(_w=df[sample_weight].astype("float64"))


def confusion_matrix(df: Any, *, y_true: str = "y_true", y_pred: str = "y_pred",
                     labels: ArrayLike | None = None,
                     sample_weight: str | None = None) -> np.ndarray:
    r"""Confusion matrix of two label columns of a Dask DataFrame, by one group-by.

    .. math:: C_{ij} = \sum_{s:\ y_s = \ell_i,\ \hat y_s = \ell_j} w_s

    Parameters
    ----------
    df : dask.dataframe.DataFrame
        The prediction log (e.g. ``dd.read_parquet(path)``).
    y_true, y_pred : str
        Column names of the true and the predicted labels.
    labels : array-like, default=None
        Classes in the order of the matrix; default the sorted labels present.
        Rows with a label outside ``labels`` are left out, and labels are
        matched and checked, as in :func:`imbalance_lib.confusion_matrix`.
    sample_weight : str, default=None
        Column name of non-negative sample weights.

    Returns
    -------
    C : ndarray of shape (k, k)
        ``int64`` counts without weights, ``float64`` weight sums with them.

    References
    ----------
    Dask documentation, "Aggregate" (group-by reductions run per partition,
    then combine).
    """
    frame = _weights(df[[y_true, y_pred] + ([sample_weight] if sample_weight else [])],
                     sample_weight)
    import dask

    roles = {y_true: "y_true", y_pred: "y_pred"}
    if sample_weight is not None:
        roles[sample_weight] = "sample_weight"
    checks = _checks(frame, roles)
    # one pass: the group-by (which drops missing keys) and the input checks
    sums, *counts = dask.compute(frame.groupby([y_true, y_pred])["_w"].sum(),
                                 *[c for c, _ in checks])
    _raise_failed(checks, counts)
    t = sums.index.get_level_values(0).to_numpy()
    p = sums.index.get_level_values(1).to_numpy()
    # the distinct (true, predicted) pairs carry every label of the log: the in-memory
    # engine checks them (empty input, mixed types, labels= absent, duplicated or of
    # another type) and counts them, each pair weighted by its sum
    C, _ = confusion_with_classes(t, p, labels=labels,
                                  sample_weight=sums.to_numpy(np.float64))
    return C.astype(np.int64) if sample_weight is None else C.astype(np.float64)


def threshold_sweep(df: Any, *, y_true: str = "y_true", y_score: str = "y_score",
                    pos_label: Label = 1, sample_weight: str | None = None,
                    ) -> tuple[np.ndarray, np.ndarray]:
    r"""Exact confusion matrix of every distinct cut of a score column of a Dask DataFrame.

    One distributed group-by (a single pass over the log) sums the positive weight :math:`W^+(v)` and the
    negative weight :math:`W^-(v)` at each distinct score :math:`v`; then
    :func:`imbalance_lib.sweep_from_counts` sorts the distinct scores and
    takes one cumulative sum:

    .. math::

        \mathrm{FN}_j = \sum_{v < s_{(j)}} W^+(v), \qquad \mathrm{TN}_j = \sum_{v < s_{(j)}} W^-(v).

    Parameters
    ----------
    df : dask.dataframe.DataFrame
        The prediction log.
    y_true, y_score : str
        Column names of the true labels (at most two classes) and of the finite scores.
    pos_label : int, bool or str, default=1
        The label of the positive class; it must occur in ``y_true``.
    sample_weight : str, default=None
        Column name of non-negative sample weights.

    Returns
    -------
    thresholds, matrices
        As :func:`imbalance_lib.threshold_sweep` returns them for the whole log.

    References
    ----------
    Fawcett (2006), "An introduction to ROC analysis", Algorithm 1.
    """
    import dask

    frame = _weights(df[[y_true, y_score] + ([sample_weight] if sample_weight else [])],
                     sample_weight)
    kind = getattr(frame[y_score].dtype, "kind", "O")
    if kind == "f" and frame[y_score].dtype.itemsize < 8:
        # float16/float32 scores grouped as float64 (exact), as the in-memory sweep reads them
        frame = frame.assign(**{y_score: frame[y_score].astype("float64")})
    positive = frame[y_true] == pos_label
    frame = frame.assign(_pos=frame["_w"].where(positive, 0.0),
                         _neg=frame["_w"].where(~positive, 0.0))
    # one pass over the log: the per-score sums and the classes present
    roles = {y_true: "y_true", y_score: "y_score"}
    if sample_weight is not None:
        roles[sample_weight] = "sample_weight"
    checks = _checks(frame, roles)
    sums, classes, *counts = dask.compute(frame.groupby(y_score)[["_pos", "_neg"]].sum(),
                                          frame[y_true].unique(), *[c for c, _ in checks])
    _raise_failed(checks, counts)
    classes = _as_labels(np.asarray(classes), "y_true")  # the in-memory rules (mixed types)
    try:
        classes = np.sort(classes)
    except TypeError as exc:
        raise ValueError(f"labels cannot be ordered: {exc}") from exc
    if len(classes) > 2:
        raise ValueError(f"a threshold sweep needs at most two classes; found {show(classes)}")
    if not (classes == pos_label).any():
        raise ValueError(f"pos_label={show(pos_label)} is not present in {y_true} "
                         f"(classes: {show(classes)})")
    pos, neg = sums["_pos"].to_numpy(np.float64), sums["_neg"].to_numpy(np.float64)
    if (pos < 0).any() or (neg < 0).any():
        raise ValueError("sample_weight contains negative weights")
    return sweep_from_counts(sums.index.to_numpy(np.float64), pos, neg)
