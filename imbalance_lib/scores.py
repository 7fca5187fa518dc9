"""Label-based entry points in scikit-learn's style, and ready-made scorers.

Each ``<name>_score(y_true, y_pred, ...)`` only builds the confusion matrix and
calls the count-based function ``<name>(C)``; nothing is computed twice.
Unlike :func:`imbalance_lib.confusion_matrix` (which follows scikit-learn and
silently drops samples whose label is not in ``labels``), these functions
raise ``ValueError`` for such samples.

Names shared with :mod:`sklearn.metrics` behave as scikit-learn's:
:func:`accuracy_score` and :func:`balanced_accuracy_score` (macro recall over
the classes of ``y_true``, any number of classes, with ``adjusted``). The
binary precision and F1 of the positive class are :func:`binary_precision_score`
and :func:`binary_f1_score`, so that ``from imbalance_lib import *`` never
replaces scikit-learn's ``precision_score`` or ``f1_score``.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numpy.typing import ArrayLike

from . import binary, multiclass
from ._checks import check_zero_division
from ._typing import Label, Result, ZeroDivision
from .binary import check_alpha
from .confusion import Margins, _check_pair, confusion_with_classes, margins_with_classes, show

__all__ = [
    "binary_confusion", "metric_scorer", "SCORE_FUNCTIONS",
    "tpr_score", "tnr_score", "binary_precision_score", "npv_score", "binary_f1_score",
    "balanced_accuracy_score", "weighted_accuracy_score", "dominance_score", "iba_score",
    "optimized_precision_score", "hmnc_score", "ac_score",
    "accuracy_score", "mcc_score", "kappa_score", "macro_precision_score",
    "macro_recall_score", "macro_f1_score", "cba_score", "iam_score", "g_mean_score",
]

_S = TypeVar("_S", bound=Callable[..., float])


def binary_confusion(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                     pos_label: Label = 1, sample_weight: ArrayLike | None = None) -> np.ndarray:
    """Binary confusion matrix ``[[TN, FP], [FN, TP]]`` with ``pos_label`` as the positive class.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels of at most two classes (any hashable labels).
    labels : array-like of shape (2,), default=None
        The two classes, when one of them may be absent from both label arrays.
    pos_label : int, bool or str, default=1
        The positive class; with a single class present, the matrix holds its
        samples as positives when it is ``pos_label``, as negatives otherwise.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights; the matrix then holds summed weights (float).

    Returns
    -------
    C : ndarray of shape (2, 2)
        ``[[TN, FP], [FN, TP]]``: integer counts, or summed weights.

    Raises
    ------
    ValueError
        When the labels hold more than two classes, when ``pos_label`` is not
        one of two classes present, or when a sample's label is not in ``labels``.

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
            f"{show(classes)}. Use a multi-class metric, or binarise the labels."
        )
    is_pos = [bool(c == pos_label) for c in classes]
    out = np.zeros((2, 2), dtype=C.dtype)
    if k == 1:
        out[(1, 1) if is_pos[0] else (0, 0)] = C[0, 0]
        return out
    if not any(is_pos):
        raise ValueError(f"pos_label={show(pos_label)} is not one of the classes {show(classes)}")
    return C if is_pos[1] else C[::-1, ::-1].copy()


def _binary(func: Callable[..., Result], y_true: ArrayLike, y_pred: ArrayLike,
            labels: ArrayLike | None, pos_label: Label, sample_weight: ArrayLike | None,
            zero_division: ZeroDivision, **params: Any) -> float:
    C = binary_confusion(
        y_true, y_pred, labels=labels, pos_label=pos_label, sample_weight=sample_weight
    )
    return cast(float, func(C, zero_division=zero_division, **params))  # one matrix: a float


def _multi(func: Callable[..., Result], y_true: ArrayLike, y_pred: ArrayLike,
           labels: ArrayLike | None, sample_weight: ArrayLike | None,
           zero_division: ZeroDivision) -> float:
    # above 256 classes only the per-class totals are counted: memory O(n + k)
    C, _ = margins_with_classes(
        y_true, y_pred, labels=labels, sample_weight=sample_weight, strict=True
    )
    return cast(float, func(C, zero_division=zero_division))  # one matrix: a float


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
    :func:`imbalance_lib.{name}`, whose docstring gives the full formula, the
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
        Value returned where the metric is undefined.{params}

    Returns
    -------
    score : float

    References
    ----------
    {reference}

    Examples
    --------
    >>> y_true = [0] * 90 + [1] * 10
    >>> y_pred = [0] * 81 + [1] * 9 + [0] * 4 + [1] * 6
    >>> round({func}(y_true, y_pred{call}), 4)
    {value}
    '''

_MULTI_DOC = '''{summary}

    Builds the k-class confusion matrix from labels and calls
    :func:`imbalance_lib.{name}`, whose docstring gives the full formula, the
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

    References
    ----------
    {reference}

    Examples
    --------
    >>> import numpy as np
    >>> counts = [50, 3, 2, 5, 20, 5, 1, 4, 10]
    >>> y_true = np.repeat([0, 0, 0, 1, 1, 1, 2, 2, 2], counts)
    >>> y_pred = np.repeat([0, 1, 2] * 3, counts)
    >>> round({func}(y_true, y_pred), 4)
    {value}
    '''

_ALPHA_DOC = {
    "weighted_accuracy": "\n    alpha : float in [0, 1]\n        Weight of the TPR (required).",
    "iba": "\n    alpha : float in [0, 1], default=0.1\n        Weight of the dominance.",
}


def _section(doc: str, title: str) -> str:
    """The text of a numpydoc section of ``doc`` (first paragraph), or ''."""
    lines = inspect.cleandoc(doc).splitlines()
    for i, line in enumerate(lines[:-1]):
        if line.strip() == title and set(lines[i + 1].strip()) == {"-"}:
            body = []
            for item in lines[i + 2:]:
                if not item.strip():
                    break
                body.append(item.strip())
            return " ".join(body)
    return ""


def _doc(name: str, kind: str) -> Callable[[_S], _S]:
    """Write the docstring of a ``*_score`` function from its count-based function's."""
    func = getattr(binary if kind == "binary" else multiclass, name)

    def decorate(score: _S) -> _S:
        template = _BINARY_DOC if kind == "binary" else _MULTI_DOC
        example = _BINARY_EXAMPLE if kind == "binary" else _MULTI_EXAMPLE
        score.__doc__ = template.format(
            summary=inspect.cleandoc(func.__doc__).splitlines()[0], name=name,
            func=score.__name__, value=example[name],
            params=_ALPHA_DOC.get(name, ""),
            call=", alpha=0.3" if name == "weighted_accuracy" else "",
            reference=_section(func.__doc__, "References") or "See the count-based function.",
        )
        return score

    return decorate


@_doc("tpr", "binary")
def tpr_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
              pos_label: Label = 1, sample_weight: ArrayLike | None = None,
              zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.tpr, y_true, y_pred, labels, pos_label, sample_weight, zero_division)


@_doc("tnr", "binary")
def tnr_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
              pos_label: Label = 1, sample_weight: ArrayLike | None = None,
              zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.tnr, y_true, y_pred, labels, pos_label, sample_weight, zero_division)


@_doc("precision", "binary")
def binary_precision_score(y_true: ArrayLike, y_pred: ArrayLike, *,
                           labels: ArrayLike | None = None, pos_label: Label = 1,
                           sample_weight: ArrayLike | None = None,
                           zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.precision, y_true, y_pred, labels, pos_label, sample_weight,
                   zero_division)


@_doc("npv", "binary")
def npv_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
              pos_label: Label = 1, sample_weight: ArrayLike | None = None,
              zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.npv, y_true, y_pred, labels, pos_label, sample_weight, zero_division)


@_doc("f1", "binary")
def binary_f1_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                    pos_label: Label = 1, sample_weight: ArrayLike | None = None,
                    zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.f1, y_true, y_pred, labels, pos_label, sample_weight, zero_division)


@_doc("weighted_accuracy", "binary")
def weighted_accuracy_score(y_true: ArrayLike, y_pred: ArrayLike, *, alpha: float,
                            labels: ArrayLike | None = None, pos_label: Label = 1,
                            sample_weight: ArrayLike | None = None,
                            zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.weighted_accuracy, y_true, y_pred, labels, pos_label, sample_weight,
                   zero_division, alpha=alpha)


@_doc("dominance", "binary")
def dominance_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                    pos_label: Label = 1, sample_weight: ArrayLike | None = None,
                    zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.dominance, y_true, y_pred, labels, pos_label, sample_weight,
                   zero_division)


@_doc("iba", "binary")
def iba_score(y_true: ArrayLike, y_pred: ArrayLike, *, alpha: float = 0.1,
              labels: ArrayLike | None = None, pos_label: Label = 1,
              sample_weight: ArrayLike | None = None,
              zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.iba, y_true, y_pred, labels, pos_label, sample_weight, zero_division,
                   alpha=alpha)


@_doc("optimized_precision", "binary")
def optimized_precision_score(y_true: ArrayLike, y_pred: ArrayLike, *,
                              labels: ArrayLike | None = None, pos_label: Label = 1,
                              sample_weight: ArrayLike | None = None,
                              zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.optimized_precision, y_true, y_pred, labels, pos_label, sample_weight,
                   zero_division)


@_doc("hmnc", "binary")
def hmnc_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
               pos_label: Label = 1, sample_weight: ArrayLike | None = None,
               zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.hmnc, y_true, y_pred, labels, pos_label, sample_weight, zero_division)


@_doc("ac", "binary")
def ac_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
             pos_label: Label = 1, sample_weight: ArrayLike | None = None,
             zero_division: ZeroDivision = "warn") -> float:
    return _binary(binary.ac, y_true, y_pred, labels, pos_label, sample_weight, zero_division)


def _weighted_totals(y_true: ArrayLike, y_pred: ArrayLike, sample_weight: ArrayLike | None,
                     ) -> tuple[np.ndarray, np.ndarray]:
    """``(diagonal, row totals)`` of the (weighted) confusion matrix, O(n + k) memory."""
    C, _ = margins_with_classes(y_true, y_pred, sample_weight=sample_weight)
    d, r = (C.diag, C.rows) if isinstance(C, Margins) else (np.diag(C), C.sum(axis=1))
    if sample_weight is not None and not r.any():
        raise ValueError("Sample weights must contain at least one non-zero number.")
    return d, r


def balanced_accuracy_score(y_true: ArrayLike, y_pred: ArrayLike, *,
                            sample_weight: ArrayLike | None = None,
                            adjusted: bool = False) -> float:
    r"""Balanced accuracy as scikit-learn defines it: the mean recall of the true classes.

    .. math::

        \mathrm{BA} = \frac{1}{|K|} \sum_{i \in K} \frac{c_{ii}}{c_{i\cdot}}, \qquad
        \mathrm{BA}_{adj} = \frac{\mathrm{BA} - 1/|K|}{1 - 1/|K|}

    with :math:`K` the classes present in ``y_true`` (a class only predicted
    is left out, with a ``UserWarning``, as in scikit-learn). For two classes
    this is :math:`(\mathrm{TPR} + \mathrm{TNR})/2`, :func:`imbalance_lib.balanced_accuracy`;
    for k classes it is :func:`imbalance_lib.macro_recall` over the true
    classes. Same signature and values as
    :func:`sklearn.metrics.balanced_accuracy_score`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels, any number of classes.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    adjusted : bool, default=False
        Rescale so that chance level is 0 and a perfect score 1.

    Returns
    -------
    score : float

    References
    ----------
    Brodersen et al. (2010); Vergne (2017); scikit-learn,
    ``sklearn.metrics.balanced_accuracy_score``.

    Examples
    --------
    >>> y_true = [0] * 90 + [1] * 10
    >>> y_pred = [0] * 81 + [1] * 9 + [0] * 4 + [1] * 6
    >>> balanced_accuracy_score(y_true, y_pred)
    0.75
    >>> round(balanced_accuracy_score([0, 1, 2, 2], [0, 1, 1, 2]), 4)  # (1 + 1 + 1/2) / 3
    0.8333
    """
    d, r = _weighted_totals(y_true, y_pred, sample_weight)
    with np.errstate(divide="ignore", invalid="ignore"):
        per_class = d / r
    if np.isnan(per_class).any():
        warnings.warn("y_pred contains classes not in y_true", UserWarning, stacklevel=2)
        per_class = per_class[~np.isnan(per_class)]
    score = float(np.mean(per_class))
    if adjusted:
        chance = 1 / len(per_class)
        with np.errstate(divide="ignore", invalid="ignore"):
            score = float(np.float64(score - chance) / np.float64(1 - chance))
    return score


def accuracy_score(y_true: ArrayLike, y_pred: ArrayLike, *, normalize: bool = True,
                   sample_weight: ArrayLike | None = None) -> float:
    r"""Accuracy as scikit-learn defines it: the (weighted) share of correct predictions.

    .. math:: \mathrm{ACC} = \frac{\sum_s w_s [y_s = \hat y_s]}{\sum_s w_s}

    With ``normalize=False`` the (weighted) number of correct predictions.
    Same signature and values as :func:`sklearn.metrics.accuracy_score` for
    1-D labels; the count-based form is :func:`imbalance_lib.accuracy`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    normalize : bool, default=True
        Return the share (True) or the count (False) of correct predictions.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    score : float

    References
    ----------
    scikit-learn, ``sklearn.metrics.accuracy_score``.

    Examples
    --------
    >>> accuracy_score([0, 1, 1, 0], [0, 1, 0, 0])
    0.75
    >>> accuracy_score([0, 1, 1, 0], [0, 1, 0, 0], normalize=False)
    3.0
    """
    t, p, w = _check_pair(y_true, y_pred, sample_weight)  # no classes needed: O(n)
    hit = t == p
    correct, total = (hit.sum(), len(t)) if w is None else (w[hit].sum(), w.sum())
    if w is not None and not total:
        raise ValueError("Sample weights must contain at least one non-zero number.")
    if not normalize:
        return float(correct)
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.float64(correct) / np.float64(total))


@_doc("mcc", "multi")
def mcc_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
              sample_weight: ArrayLike | None = None,
              zero_division: ZeroDivision = "warn") -> float:
    return _multi(multiclass.mcc, y_true, y_pred, labels, sample_weight, zero_division)


@_doc("kappa", "multi")
def kappa_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                sample_weight: ArrayLike | None = None,
                zero_division: ZeroDivision = "warn") -> float:
    return _multi(multiclass.kappa, y_true, y_pred, labels, sample_weight, zero_division)


@_doc("macro_precision", "multi")
def macro_precision_score(y_true: ArrayLike, y_pred: ArrayLike, *,
                          labels: ArrayLike | None = None,
                          sample_weight: ArrayLike | None = None,
                          zero_division: ZeroDivision = "warn") -> float:
    return _multi(multiclass.macro_precision, y_true, y_pred, labels, sample_weight,
                  zero_division)


@_doc("macro_recall", "multi")
def macro_recall_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                       sample_weight: ArrayLike | None = None,
                       zero_division: ZeroDivision = "warn") -> float:
    return _multi(multiclass.macro_recall, y_true, y_pred, labels, sample_weight, zero_division)


@_doc("macro_f1", "multi")
def macro_f1_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                   sample_weight: ArrayLike | None = None,
                   zero_division: ZeroDivision = "warn") -> float:
    return _multi(multiclass.macro_f1, y_true, y_pred, labels, sample_weight, zero_division)


@_doc("cba", "multi")
def cba_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
              sample_weight: ArrayLike | None = None,
              zero_division: ZeroDivision = "warn") -> float:
    return _multi(multiclass.cba, y_true, y_pred, labels, sample_weight, zero_division)


@_doc("iam", "multi")
def iam_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
              sample_weight: ArrayLike | None = None,
              zero_division: ZeroDivision = "warn") -> float:
    return _multi(multiclass.iam, y_true, y_pred, labels, sample_weight, zero_division)


@_doc("g_mean", "multi")
def g_mean_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                 sample_weight: ArrayLike | None = None,
                 zero_division: ZeroDivision = "warn") -> float:
    return _multi(multiclass.g_mean, y_true, y_pred, labels, sample_weight, zero_division)


SCORE_FUNCTIONS: dict[str, Callable[..., float]] = {
    "tpr": tpr_score, "tnr": tnr_score, "precision": binary_precision_score,
    "npv": npv_score, "f1": binary_f1_score, "balanced_accuracy": balanced_accuracy_score,
    "weighted_accuracy": weighted_accuracy_score, "dominance": dominance_score,
    "iba": iba_score, "optimized_precision": optimized_precision_score,
    "hmnc": hmnc_score, "ac": ac_score, "accuracy": accuracy_score, "mcc": mcc_score,
    "kappa": kappa_score, "macro_precision": macro_precision_score,
    "macro_recall": macro_recall_score, "macro_f1": macro_f1_score, "cba": cba_score,
    "iam": iam_score, "g_mean": g_mean_score,
}
"""Label-based function of every metric, by metric (registry) name."""

# Metrics that are not "higher is better" get no scorer.
_NOT_A_SCORE = {"dominance"}


def _check_params(name: str, func: Callable[..., float], params: dict[str, Any]) -> None:
    """Reject unknown parameter names and invalid values now, not while scoring."""
    signature = inspect.signature(func)
    allowed = [p for p in signature.parameters if p not in ("y_true", "y_pred")]
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise ValueError(
            f"the {name!r} scorer has no parameter {', '.join(map(repr, unknown))}; "
            f"its parameters are {allowed}"
        )
    if "alpha" in params:
        check_alpha(params["alpha"])
    if "zero_division" in params:
        check_zero_division(params["zero_division"])
    missing = [p for p, v in signature.parameters.items()
               if p not in ("y_true", "y_pred") and v.default is inspect.Parameter.empty
               and p not in params]
    if missing:
        raise ValueError(f"the {name!r} scorer needs {', '.join(f'{p}=...' for p in missing)}")


def metric_scorer(name: str, **params: Any) -> Callable[..., float]:
    """A scikit-learn scorer for the metric ``name`` (higher is better).

    ``params`` are passed to the label-based score function (``alpha``,
    ``pos_label``, ``zero_division``, ``labels``, ``adjusted``, ...); unknown
    names and invalid values raise ``ValueError`` here, not while scoring. The
    scorer works in ``cross_validate``, ``GridSearchCV`` and
    ``TunedThresholdClassifierCV``. (scikit-learn's own ``get_scorer`` looks
    up its built-in scorers by name; this one builds a scorer for a metric of
    :data:`imbalance_lib.METRICS`.)

    Parameters
    ----------
    name : str
        A metric name of :data:`imbalance_lib.METRICS` (all but ``"dominance"``,
        which is not a score).
    **params
        Keyword arguments of ``SCORE_FUNCTIONS[name]``.

    Returns
    -------
    scorer : callable
        ``sklearn.metrics.make_scorer(SCORE_FUNCTIONS[name], **params)``.

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import cross_val_score
    >>> X = [[0.0], [0.1], [0.2], [0.9], [1.0], [1.1]] * 5
    >>> y = [0, 0, 0, 1, 1, 1] * 5
    >>> scores = cross_val_score(LogisticRegression(), X, y, cv=3,
    ...                          scoring=metric_scorer("iba"))
    >>> scores.tolist()
    [1.0, 1.0, 1.0]
    """
    if name not in SCORE_FUNCTIONS or name in _NOT_A_SCORE:
        known = sorted(set(SCORE_FUNCTIONS) - _NOT_A_SCORE)
        raise ValueError(f"no scorer named {name!r}; known: {known}")
    func = SCORE_FUNCTIONS[name]
    _check_params(name, func, params)
    from sklearn.metrics import make_scorer

    return make_scorer(func, **params)
