r"""Model-selection rules over a table of metric values (one row per model).

Mortaz (2020) compares two ways of choosing a model from several candidates,
each described by a row of metric values:

*multiple-metric (max-min) rule*
    compute several metrics for every model, take each model's smallest
    metric, and choose the model whose smallest metric is the largest:

    .. math::

        \hat m = \arg\max_m \; \min_{f \in F} f(m);

*single-metric rule*
    choose the model with the largest value of one metric (IAM in the
    document).

Both functions return *every* model within ``atol`` of the best value, so a
tie (for example between numbers printed with two decimals) stays visible
instead of being broken by row order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

__all__ = ["worst_metric", "select_max_min", "select_best"]


def _frame(scores):
    import pandas as pd

    if isinstance(scores, pd.DataFrame):
        frame = scores
    elif isinstance(scores, Mapping):
        frame = pd.DataFrame.from_dict(scores, orient="index")
    else:
        raise ValueError(
            "scores must be a pandas DataFrame (rows: models, columns: metrics) "
            f"or a mapping model -> {{metric: value}}; got {type(scores).__name__}"
        )
    if frame.shape[0] == 0 or frame.shape[1] == 0:
        raise ValueError("scores is empty: need at least one model and one metric")
    return frame


def _columns(frame, metrics):
    if metrics is None:
        metrics = list(frame.columns)
    elif isinstance(metrics, str) or not isinstance(metrics, Sequence):
        raise ValueError(f"metrics must be a list of column names; got {metrics!r}")
    missing = [m for m in metrics if m not in frame.columns]
    if missing:
        raise ValueError(f"metrics {missing} are not columns of scores: {list(frame.columns)}")
    if len(metrics) == 0:
        raise ValueError("metrics is empty")
    values = frame[list(metrics)].to_numpy(dtype=float)
    if not np.isfinite(values).all():
        raise ValueError("scores contain nan or inf: an undefined metric cannot be ranked")
    return list(metrics), values


def _within(values, labels, atol):
    if atol < 0:
        raise ValueError(f"atol must be >= 0; got {atol}")
    best = values.max()
    return [label for label, v in zip(labels, values) if v >= best - atol]


def worst_metric(scores, metrics=None):
    """Each model's smallest metric and which metric it is.

    Parameters
    ----------
    scores : DataFrame or mapping
        Rows are models, columns metrics (a mapping ``model -> {metric: value}``
        is converted).
    metrics : list of str, default=None
        The metrics to compare (default: every column).

    Returns
    -------
    DataFrame indexed like ``scores`` with columns ``min`` (the smallest value)
    and ``metric`` (the first metric, in ``metrics`` order, attaining it).

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"ACC": [0.40, 0.41], "CBA": [0.41, 0.40]}, index=["A", "B"])
    >>> worst_metric(t).to_dict(orient="index")
    {'A': {'min': 0.4, 'metric': 'ACC'}, 'B': {'min': 0.4, 'metric': 'CBA'}}
    """
    import pandas as pd

    frame = _frame(scores)
    names, values = _columns(frame, metrics)
    return pd.DataFrame(
        {"min": values.min(axis=1), "metric": [names[j] for j in values.argmin(axis=1)]},
        index=frame.index,
    )


def select_max_min(scores, metrics=None, *, atol: float = 0.0) -> list:
    r"""The multiple-metric rule: the model(s) whose smallest metric is largest.

    .. math:: \hat m = \arg\max_m \min_{f} f(m)

    Parameters
    ----------
    scores : DataFrame or mapping
        Rows are models, columns metrics.
    metrics : list of str, default=None
        The metrics whose minimum is taken (default: every column).
    atol : float, default=0.0
        Models whose smallest metric is within ``atol`` of the best are
        returned too (ties).

    Returns
    -------
    list of the selected row labels, in row order.

    References
    ----------
    Mortaz (2020), Section 1 and Tables 16 and 18 ("max[min(row)]").

    Examples
    --------
    >>> t = {"ML3": {"ACC": 0.4039, "CBA": 0.4121}, "ML4": {"ACC": 0.4123, "CBA": 0.4076}}
    >>> select_max_min(t)
    ['ML4']
    >>> select_max_min(t, atol=0.005)
    ['ML3', 'ML4']
    """
    frame = _frame(scores)
    _, values = _columns(frame, metrics)
    return _within(values.min(axis=1), list(frame.index), atol)


def select_best(scores, metric: str, *, atol: float = 0.0) -> list:
    """The single-metric rule: the model(s) with the largest value of ``metric``.

    Parameters
    ----------
    scores : DataFrame or mapping
        Rows are models, columns metrics.
    metric : str
        The column to maximise (e.g. ``"IAM"``).
    atol : float, default=0.0
        Models within ``atol`` of the best value are returned too (ties).

    Returns
    -------
    list of the selected row labels, in row order.

    Examples
    --------
    >>> t = {"ML5": {"IAM": -0.38}, "ML6": {"IAM": -0.37}, "ML7": {"IAM": -0.50}}
    >>> select_best(t, "IAM")
    ['ML6']
    """
    if not isinstance(metric, str):
        raise ValueError(f"metric must be one column name; got {metric!r}")
    frame = _frame(scores)
    _, values = _columns(frame, [metric])
    return _within(values[:, 0], list(frame.index), atol)
