r"""The facts of every metric, kept next to the functions.

The synthesis chapter and the API reference are generated from
:data:`METRICS`; ``tests/test_registry.py`` checks every fact against the
function itself (range, values of the trivial classifiers, symmetry,
dependence on prevalence).

Trivial classifiers are stated for the binary case with prevalence
:math:`\pi = P/M`: a classifier that ignores its input and predicts "positive"
with probability :math:`q`, evaluated on its expected confusion matrix
:math:`TP = q\pi M,\ FN = (1-q)\pi M,\ FP = q(1-\pi)M,\ TN = (1-q)(1-\pi)M`.
"All positive" is :math:`q = 1`, "all negative" :math:`q = 0`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from . import binary, multiclass
from .scores import SCORE_FUNCTIONS

__all__ = ["MetricInfo", "METRICS", "facts_table"]

nan = float("nan")


@dataclass(frozen=True)
class MetricInfo:
    """Facts about one metric."""

    name: str
    title: str
    func: Callable
    latex: str
    range: tuple[float, float]
    classes: str  # "binary" or "any"
    symmetric: bool  # unchanged when the classes are relabelled
    prevalence_invariant: bool  # a function of the per-class recalls only
    undefined: str  # when the value is 0/0
    all_positive: str
    all_negative: str
    random: str  # predicts positive with probability q
    trivial: Callable[[float, float], float]  # (pi, q) -> value; nan if undefined
    source: str  # bibliography key
    params: dict = field(default_factory=dict)

    @property
    def score(self) -> Callable:
        """The label-based function (``<name>_score``; ``binary_<name>_score`` for
        precision and F1, whose plain names belong to scikit-learn)."""
        return SCORE_FUNCTIONS[self.name]

    def __reduce__(self):
        # entries hold closures; pickle them by name (for joblib, multiprocessing, Dask)
        return (_lookup, (self.name,))


def _lookup(name: str) -> MetricInfo:
    return METRICS[name]


def _safe(f):
    """Evaluate a hand-derived trivial value, nan where it divides by zero."""

    def g(pi, q):
        with np.errstate(divide="ignore", invalid="ignore"):
            try:
                return float(f(pi, q))
            except ZeroDivisionError:
                return nan

    return g


def _cba2(pi, q):
    pos = q * pi / max(pi, q)
    neg = (1 - q) * (1 - pi) / max(1 - pi, 1 - q)
    return (pos + neg) / 2


_ENTRIES = [
    MetricInfo(
        "tpr", "True positive rate (recall)", binary.tpr, r"\frac{TP}{TP+FN}",
        (0, 1), "binary", False, True, "P = 0",
        "1", "0", "q", _safe(lambda pi, q: q), "garcia2009",
    ),
    MetricInfo(
        "tnr", "True negative rate (specificity)", binary.tnr, r"\frac{TN}{TN+FP}",
        (0, 1), "binary", False, True, "N = 0",
        "0", "1", "1-q", _safe(lambda pi, q: 1 - q), "garcia2009",
    ),
    MetricInfo(
        "precision", "Precision", binary.precision, r"\frac{TP}{TP+FP}",
        (0, 1), "binary", False, False, "no positive predictions",
        r"\pi", "undefined", r"\pi", _safe(lambda pi, q: q * pi / q), "burduk2020",
    ),
    MetricInfo(
        "npv", "Negative predictive value", binary.npv, r"\frac{TN}{TN+FN}",
        (0, 1), "binary", False, False, "no negative predictions",
        "undefined", r"1-\pi", r"1-\pi",
        _safe(lambda pi, q: (1 - q) * (1 - pi) / (1 - q)), "wu2025",
    ),
    MetricInfo(
        "f1", "F1 score (positive class)", binary.f1, r"\frac{2TP}{2TP+FP+FN}",
        (0, 1), "binary", False, False, "TP + FP + FN = 0",
        r"\frac{2\pi}{1+\pi}", "0", r"\frac{2q\pi}{q+\pi}",
        _safe(lambda pi, q: 2 * q * pi / (q + pi)), "burduk2020",
    ),
    MetricInfo(
        "balanced_accuracy", "Balanced accuracy", binary.balanced_accuracy,
        r"\tfrac12(TPR+TNR)", (0, 1), "binary", True, True, "P = 0 or N = 0",
        r"\tfrac12", r"\tfrac12", r"\tfrac12", _safe(lambda pi, q: 0.5), "vergne2017",
    ),
    MetricInfo(
        "weighted_accuracy", "Weighted accuracy", binary.weighted_accuracy,
        r"\alpha\,TPR+(1-\alpha)\,TNR", (0, 1), "binary", False, True, "P = 0 or N = 0",
        r"\alpha", r"1-\alpha", r"\alpha q+(1-\alpha)(1-q)",
        _safe(lambda pi, q: 0.3 * q + 0.7 * (1 - q)), "vergne2017", {"alpha": 0.3},
    ),
    MetricInfo(
        "g_mean", "Geometric mean of recalls", multiclass.g_mean,
        r"\Bigl(\prod_i \frac{c_{ii}}{c_{i\cdot}}\Bigr)^{1/k} \;(k=2:\ \sqrt{TPR\cdot TNR})",
        (0, 1), "any", True, True, "a class has no true samples",
        "0", "0", r"\sqrt{q(1-q)}", _safe(lambda pi, q: np.sqrt(q * (1 - q))), "kubat1997",
    ),
    MetricInfo(
        "dominance", "Dominance", binary.dominance, r"TPR-TNR",
        (-1, 1), "binary", False, True, "P = 0 or N = 0",
        "1", "-1", "2q-1", _safe(lambda pi, q: 2 * q - 1), "garcia2009",
    ),
    MetricInfo(
        "iba", "Index of balanced accuracy", binary.iba,
        r"\bigl(1+\alpha(TPR-TNR)\bigr)\,TPR\cdot TNR", (0, 1), "binary", False, True,
        "P = 0 or N = 0", "0", "0", r"\bigl(1+\alpha(2q-1)\bigr)\,q(1-q)",
        _safe(lambda pi, q: (1 + 0.1 * (2 * q - 1)) * q * (1 - q)), "garcia2009", {"alpha": 0.1},
    ),
    MetricInfo(
        "optimized_precision", "Optimized precision", binary.optimized_precision,
        r"ACC-\frac{|TNR-TPR|}{TNR+TPR}", (-1, 1), "binary", True, False,
        "P = 0 or N = 0 (-1 when TPR = TNR = 0)", r"\pi-1", r"-\pi",
        r"q\pi+(1-q)(1-\pi)-|1-2q|",
        _safe(lambda pi, q: q * pi + (1 - q) * (1 - pi) - abs(1 - 2 * q)), "garcia2009",
    ),
    MetricInfo(
        "hmnc", "HMNC", binary.hmnc, r"\frac{TP\cdot TN\cdot M}{(TP+TN)\,P\,N}",
        (0, 1), "binary", True, False, "P = 0 or N = 0", "0", "0",
        r"\frac{q(1-q)}{q\pi+(1-q)(1-\pi)}",
        _safe(lambda pi, q: q * (1 - q) / (q * pi + (1 - q) * (1 - pi))), "burduk2020",
    ),
    MetricInfo(
        "ac", "AC-score", binary.ac, r"\frac{2\,TPR\cdot TNR}{TPR+TNR}",
        (0, 1), "binary", True, True, "P = 0 or N = 0", "0", "0", r"2q(1-q)",
        _safe(lambda pi, q: 2 * q * (1 - q)), "wu2025",
    ),
    MetricInfo(
        "accuracy", "Accuracy", multiclass.accuracy, r"\frac{\sum_i c_{ii}}{n}",
        (0, 1), "any", True, False, "n = 0", r"\pi", r"1-\pi", r"q\pi+(1-q)(1-\pi)",
        _safe(lambda pi, q: q * pi + (1 - q) * (1 - pi)), "vergne2017",
    ),
    MetricInfo(
        "mcc", "Matthews correlation coefficient", multiclass.mcc,
        r"\frac{n\sum_i c_{ii}-\sum_i c_{i\cdot}c_{\cdot i}}"
        r"{\sqrt{(n^2-\sum_i c_{\cdot i}^2)(n^2-\sum_i c_{i\cdot}^2)}}",
        (-1, 1), "any", True, False, "all true labels, or all predictions, in one class",
        "undefined", "undefined", "0",
        _safe(lambda pi, q: 0.0 if 0 < q < 1 else nan), "matthews1975",
    ),
    MetricInfo(
        "kappa", "Cohen's kappa", multiclass.kappa, r"\frac{p_o-p_e}{1-p_e}",
        (-1, 1), "any", True, False, "expected agreement p_e = 1", "0", "0", "0",
        _safe(lambda pi, q: 0.0), "cohen1960",
    ),
    MetricInfo(
        "macro_precision", "Macro precision (MAP)", multiclass.macro_precision,
        r"\frac1k\sum_i \frac{c_{ii}}{c_{\cdot i}}", (0, 1), "any", True, False,
        "per class: the class has no predictions", r"\pi/2\ \text{(policy 0)}",
        r"(1-\pi)/2\ \text{(policy 0)}", r"\tfrac12",
        _safe(lambda pi, q: (q * pi / q + (1 - q) * (1 - pi) / (1 - q)) / 2), "mortaz2020",
    ),
    MetricInfo(
        "macro_recall", "Macro recall (MAR)", multiclass.macro_recall,
        r"\frac1k\sum_i \frac{c_{ii}}{c_{i\cdot}}", (0, 1), "any", True, True,
        "per class: the class has no true samples", r"\tfrac12", r"\tfrac12", r"\tfrac12",
        _safe(lambda pi, q: 0.5), "mortaz2020",
    ),
    MetricInfo(
        "macro_f1", "Macro F-score", multiclass.macro_f1,
        r"\frac1k\sum_i \frac{2c_{ii}}{c_{i\cdot}+c_{\cdot i}}", (0, 1), "any", True, False,
        "per class: the class is absent from labels and predictions",
        r"\frac{\pi}{1+\pi}", r"\frac{1-\pi}{2-\pi}",
        r"\frac{q\pi}{q+\pi}+\frac{(1-q)(1-\pi)}{2-q-\pi}",
        _safe(lambda pi, q: q * pi / (q + pi) + (1 - q) * (1 - pi) / (2 - q - pi)), "mortaz2020",
    ),
    MetricInfo(
        "cba", "Class balance accuracy", multiclass.cba,
        r"\frac1k\sum_i \frac{c_{ii}}{\max(c_{i\cdot},c_{\cdot i})}", (0, 1), "any", True, False,
        "per class: the class is absent from labels and predictions", r"\pi/2", r"(1-\pi)/2",
        r"\tfrac12\Bigl(\frac{q\pi}{\max(\pi,q)}+\frac{(1-q)(1-\pi)}{\max(1-\pi,1-q)}\Bigr)",
        _safe(_cba2), "mortaz2020",
    ),
    MetricInfo(
        "iam", "Imbalance accuracy metric", multiclass.iam,
        r"\frac1k\sum_i \frac{c_{ii}-\max(c_{i\cdot}-c_{ii},\,c_{\cdot i}-c_{ii})}"
        r"{\max(c_{i\cdot},c_{\cdot i})}",
        (-1, 1), "any", True, False, "per class: the class is absent from labels and predictions",
        r"\pi-1", r"-\pi", r"2\,CBA-1", _safe(lambda pi, q: 2 * _cba2(pi, q) - 1), "mortaz2020",
    ),
]

METRICS: dict[str, MetricInfo] = {m.name: m for m in _ENTRIES}
"""Every metric of the library by name, with its facts."""


def facts_table():
    """The registry as a pandas DataFrame, one row per metric (for display)."""
    import pandas as pd

    rows = []
    for m in METRICS.values():
        rows.append({
            "metric": m.name,
            "formula": f"${m.latex}$",
            "range": f"[{m.range[0]}, {m.range[1]}]",
            "classes": m.classes,
            "symmetric": "yes" if m.symmetric else "no",
            "prevalence-free": "yes" if m.prevalence_invariant else "no",
            "all positive": f"${m.all_positive}$" if m.all_positive != "undefined" else "undefined",
            "all negative": f"${m.all_negative}$" if m.all_negative != "undefined" else "undefined",
            "random (q)": f"${m.random}$",
            "undefined when": m.undefined,
            "source": m.source,
        })
    return pd.DataFrame(rows).set_index("metric")
