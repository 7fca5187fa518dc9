"""Label-based entry points in scikit-learn's style, and ready-made scorers.

Each ``<name>_score(y_true, y_pred, ...)`` only builds the confusion matrix and
calls the count-based function ``<name>(C)``; nothing is computed twice.
Unlike :func:`imbalance_lib.confusion_matrix` (which follows scikit-learn and
silently drops samples whose label is not in ``labels``), these functions
raise ``ValueError`` for such samples.
"""

from __future__ import annotations

import numpy as np
from sklearn.metrics import make_scorer

from . import binary, multiclass
from .confusion import confusion_with_classes

__all__ = ["binary_confusion", "metric_scorer", "SCORE_FUNCTIONS"]


def binary_confusion(y_true, y_pred, *, labels=None, pos_label=1, sample_weight=None):
    """Binary confusion matrix ``[[TN, FP], [FN, TP]]`` with ``pos_label`` as the positive class.

    Raises ``ValueError`` when the labels hold more than two classes, when
    ``pos_label`` is not one of two classes present, or when a sample's label
    is not in ``labels``.

    Examples
    --------
    >>> binary_confusion(["a", "b", "b"], ["b", "b", "a"], pos_label="a")
    array([[1, 1],
           [1, 0]])
    """
    C, classes = confusion_with_classes(
        y_true, y_pred, labels=labels, sample_weight=sample_weight, strict=True
    )
    k = len(classes)
    if k > 2:
        raise ValueError(
            f"a binary metric needs at most two classes; found {k}: "
            f"{list(classes[:10])}. Use a multi-class metric, or binarise the labels."
        )
    is_pos = [bool(c == pos_label) for c in classes]
    out = np.zeros((2, 2), dtype=C.dtype)
    if k == 1:
        out[(1, 1) if is_pos[0] else (0, 0)] = C[0, 0]
        return out
    if not any(is_pos):
        raise ValueError(f"pos_label={pos_label!r} is not one of the classes {list(classes)}")
    return C if is_pos[1] else C[::-1, ::-1].copy()


# Hand-computed values for the docstring examples: the binary example has
# TP=6, FN=4, FP=9, TN=81; the 3-class example is described in multiclass.py.
_BINARY_EXAMPLE = {
    "tpr": "0.6", "tnr": "0.9", "precision": "0.4", "npv": "0.9529", "f1": "0.48",
    "balanced_accuracy": "0.75", "weighted_accuracy": "0.81", "dominance": "-0.3",
    "iba": "0.5238", "optimized_precision": "0.67", "hmnc": "0.6207", "ac": "0.72",
}
_MULTI_EXAMPLE = {
    "accuracy": "0.8", "mcc": "0.6592", "kappa": "0.6584", "macro_precision": "0.7406",
    "macro_recall": "0.7475", "macro_f1": "0.7426", "cba": "0.7159", "iam": "0.4318",
    "g_mean": "0.7393",
}

_BINARY_DOC = '''{summary}

    Builds the binary confusion matrix from labels and calls
    :func:`imbalance_lib.{name}`, whose docstring gives the formula, the
    conditions under which it is undefined and the reference.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels (at most two classes).
    labels : array-like of shape (<= 2,), default=None
        The classes; a sample whose label is not in ``labels`` raises ``ValueError``.
    pos_label : int, bool or str, default=1
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    zero_division : "warn", float or nan, default="warn"
        Value returned where the metric is undefined.
    **params
        Further parameters of :func:`imbalance_lib.{name}`{params}.

    Returns
    -------
    score : float

    Examples
    --------
    >>> y_true = [0] * 90 + [1] * 10
    >>> y_pred = [0] * 81 + [1] * 9 + [0] * 4 + [1] * 6
    >>> round({name}_score(y_true, y_pred{call}), 4)
    {value}
    '''

_MULTI_DOC = '''{summary}

    Builds the k-class confusion matrix from labels and calls
    :func:`imbalance_lib.{name}`, whose docstring gives the formula, the
    conditions under which it is undefined and the reference.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    labels : array-like of shape (k,), default=None
        The classes and their order (by default the sorted labels present); a
        class listed here but absent from the data counts as a class of the
        average. A sample whose label is not in ``labels`` raises ``ValueError``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    zero_division : "warn", float or nan, default="warn"
        Value returned where the metric (or a class's term) is undefined.

    Returns
    -------
    score : float

    Examples
    --------
    >>> import numpy as np
    >>> counts = [50, 3, 2, 5, 20, 5, 1, 4, 10]
    >>> y_true = np.repeat([0, 0, 0, 1, 1, 1, 2, 2, 2], counts)
    >>> y_pred = np.repeat([0, 1, 2] * 3, counts)
    >>> round({name}_score(y_true, y_pred), 4)
    {value}
    '''


def _summary(func) -> str:
    return func.__doc__.strip().splitlines()[0]


def _binary_score(func):
    name = func.__name__

    def score(y_true, y_pred, *, labels=None, pos_label=1, sample_weight=None,
              zero_division="warn", **params):
        C = binary_confusion(
            y_true, y_pred, labels=labels, pos_label=pos_label, sample_weight=sample_weight
        )
        return func(C, zero_division=zero_division, **params)

    needs_alpha = name == "weighted_accuracy"
    score.__name__ = score.__qualname__ = f"{name}_score"
    score.__doc__ = _BINARY_DOC.format(
        summary=_summary(func), name=name, value=_BINARY_EXAMPLE[name],
        params=" (``alpha`` is required)" if needs_alpha else "",
        call=", alpha=0.3" if needs_alpha else "",
    )
    score.__module__ = __name__
    return score


def _multi_score(func):
    name = func.__name__

    def score(y_true, y_pred, *, labels=None, sample_weight=None, zero_division="warn"):
        C, _ = confusion_with_classes(
            y_true, y_pred, labels=labels, sample_weight=sample_weight, strict=True
        )
        return func(C, zero_division=zero_division)

    score.__name__ = score.__qualname__ = f"{name}_score"
    score.__doc__ = _MULTI_DOC.format(summary=_summary(func), name=name, value=_MULTI_EXAMPLE[name])
    score.__module__ = __name__
    return score


SCORE_FUNCTIONS = {
    **{name: _binary_score(getattr(binary, name)) for name in _BINARY_EXAMPLE},
    **{name: _multi_score(getattr(multiclass, name)) for name in _MULTI_EXAMPLE},
}
"""Label-based function of every metric, by metric name."""

globals().update({f"{name}_score": f for name, f in SCORE_FUNCTIONS.items()})
__all__ += [f"{name}_score" for name in SCORE_FUNCTIONS]

# Metrics that are not "higher is better" get no scorer.
_NOT_A_SCORE = {"dominance"}


def metric_scorer(name: str, **params):
    """A scikit-learn scorer for the metric ``name`` (higher is better).

    ``params`` are passed to the score function (``alpha``, ``pos_label``,
    ``zero_division``, ``labels``). The scorer works in ``cross_validate``,
    ``GridSearchCV`` and ``TunedThresholdClassifierCV``.

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import cross_val_score
    >>> X = [[0.0], [0.1], [0.2], [0.9], [1.0], [1.1]] * 5
    >>> y = [0, 0, 0, 1, 1, 1] * 5
    >>> cross_val_score(LogisticRegression(), X, y, scoring=metric_scorer("iba"), cv=3).tolist()
    [1.0, 1.0, 1.0]
    """
    if name not in SCORE_FUNCTIONS or name in _NOT_A_SCORE:
        known = sorted(set(SCORE_FUNCTIONS) - _NOT_A_SCORE)
        raise ValueError(f"no scorer named {name!r}; known: {known}")
    if name == "weighted_accuracy" and "alpha" not in params:
        raise ValueError("the weighted_accuracy scorer needs alpha=...")
    return make_scorer(SCORE_FUNCTIONS[name], **params)
