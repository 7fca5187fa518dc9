r"""The facts of every metric, kept next to the functions.

The synthesis chapter and the API reference are generated from
:data:`METRICS`; ``tests/test_registry.py`` checks every fact against the
function itself (range, values of the trivial classifiers, symmetry,
dependence on prevalence).

Trivial classifiers are stated for the binary case with prevalence
:math:`\pi = P/n`: a classifier that ignores its input and predicts "positive"
with probability :math:`q`, evaluated on its expected confusion matrix
:math:`\mathrm{TP} = q\pi n,\ \mathrm{FN} = (1-q)\pi n,\ \mathrm{FP} = q(1-\pi)n,
\ \mathrm{TN} = (1-q)(1-\pi)n`.
"All positive" is :math:`q = 1`, "all negative" :math:`q = 0`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from . import binary, multiclass
from ._checks import UNDEFINED_WHEN
from .scores import SCORE_FUNCTIONS

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MetricInfo", "METRICS", "STANDARD", "facts_table", "resolve"]

nan = float("nan")

STANDARD = "standard"
"""The ``source`` of a classical quantity (the rates, precision, accuracy, F1) that
no one document of the bibliography defines."""


@dataclass(frozen=True, kw_only=True)
class MetricInfo:
    """Facts about one metric."""

    name: str
    title: str
    func: Callable[..., Any]
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
    source: str  # bibliography key of the document that defines it, or STANDARD
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def citation(self) -> str:
        """The source as the book shows it: an author-year citation (MyST ``{cite:t}``)
        of the defining document, or "standard"."""
        return STANDARD if self.source == STANDARD else f"{{cite:t}}`{self.source}`"

    @property
    def score(self) -> Callable[..., float]:
        """The label-based function (``<name>_score``; ``binary_<name>_score`` for
        precision and F1, whose plain names belong to scikit-learn)."""
        return SCORE_FUNCTIONS[self.name]

    def __reduce__(self) -> tuple[Any, ...]:
        # entries hold closures; pickle them by name (for joblib, multiprocessing, Dask)
        return (_lookup, (self.name,))


def _lookup(name: str) -> MetricInfo:
    return METRICS[name]


def resolve(metric: str | Callable[..., Any], params: dict[str, Any],
            ) -> tuple[Callable[..., Any], dict[str, Any]]:
    """The function behind ``metric`` and the keyword arguments to call it with.

    A registry name gives its entry's function, with the entry's parameters updated by
    ``params``; a function is returned as it is, with ``params``.

    >>> func, kw = resolve("iba", {"alpha": 0.05})
    >>> func.__name__, kw
    ('iba', {'alpha': 0.05})
    """
    if isinstance(metric, str):
        if metric not in METRICS:
            raise ValueError(f"unknown metric {metric!r}; known: {sorted(METRICS)}")
        info = METRICS[metric]
        return info.func, {**info.params, **params}
    if callable(metric):
        return metric, dict(params)
    raise ValueError(f"metric must be a registry name or a function; got {metric!r}")


def _safe(f: Callable[[float, float], Any]) -> Callable[[float, float], float]:
    """Evaluate a hand-derived trivial value, nan where it divides by zero."""

    def g(pi: float, q: float) -> float:
        with np.errstate(divide="ignore", invalid="ignore"):
            try:
                return float(f(pi, q))
            except ZeroDivisionError:
                return nan

    return g


def _cba2(pi: float, q: float) -> float:
    pos = q * pi / max(pi, q)
    neg = (1 - q) * (1 - pi) / max(1 - pi, 1 - q)
    return (pos + neg) / 2


_ENTRIES = [
    MetricInfo(
        name="tpr",
        title="True positive rate (recall)",
        func=binary.tpr,
        latex=r"\frac{\mathrm{TP}}{\mathrm{TP}+\mathrm{FN}}",
        range=(0, 1),
        classes="binary",
        symmetric=False,
        prevalence_invariant=True,
        undefined=UNDEFINED_WHEN["tpr"],
        all_positive="1",
        all_negative="0",
        random="q",
        trivial=_safe(lambda pi, q: q),
        source=STANDARD,
    ),
    MetricInfo(
        name="tnr",
        title="True negative rate (specificity)",
        func=binary.tnr,
        latex=r"\frac{\mathrm{TN}}{\mathrm{TN}+\mathrm{FP}}",
        range=(0, 1),
        classes="binary",
        symmetric=False,
        prevalence_invariant=True,
        undefined=UNDEFINED_WHEN["tnr"],
        all_positive="0",
        all_negative="1",
        random="1-q",
        trivial=_safe(lambda pi, q: 1 - q),
        source=STANDARD,
    ),
    MetricInfo(
        name="precision",
        title="Precision",
        func=binary.precision,
        latex=r"\frac{\mathrm{TP}}{\mathrm{TP}+\mathrm{FP}}",
        range=(0, 1),
        classes="binary",
        symmetric=False,
        prevalence_invariant=False,
        undefined=UNDEFINED_WHEN["precision"],
        all_positive=r"\pi",
        all_negative="undefined",
        random=r"\pi",
        trivial=_safe(lambda pi, q: q * pi / q),
        source=STANDARD,
    ),
    MetricInfo(
        name="npv",
        title="Negative predictive value",
        func=binary.npv,
        latex=r"\frac{\mathrm{TN}}{\mathrm{TN}+\mathrm{FN}}",
        range=(0, 1),
        classes="binary",
        symmetric=False,
        prevalence_invariant=False,
        undefined=UNDEFINED_WHEN["npv"],
        all_positive="undefined",
        all_negative=r"1-\pi",
        random=r"1-\pi",
        trivial=_safe(lambda pi, q: (1 - q) * (1 - pi) / (1 - q)),
        source=STANDARD,
    ),
    MetricInfo(
        name="f1",
        title="F1 score (positive class)",
        func=binary.f1,
        latex=r"\frac{2\,\mathrm{TP}}{2\,\mathrm{TP}+\mathrm{FP}+\mathrm{FN}}",
        range=(0, 1),
        classes="binary",
        symmetric=False,
        prevalence_invariant=False,
        undefined=UNDEFINED_WHEN["f1"],
        all_positive=r"\frac{2\pi}{1+\pi}",
        all_negative="0",
        random=r"\frac{2q\pi}{q+\pi}",
        trivial=_safe(lambda pi, q: 2 * q * pi / (q + pi)),
        source=STANDARD,
    ),
    MetricInfo(
        name="balanced_accuracy",
        title="Balanced accuracy",
        func=binary.balanced_accuracy,
        latex=r"\frac12(\mathrm{TPR}+\mathrm{TNR})",
        range=(0, 1),
        classes="binary",
        symmetric=True,
        prevalence_invariant=True,
        undefined=UNDEFINED_WHEN["balanced_accuracy"],
        all_positive=r"\frac12",
        all_negative=r"\frac12",
        random=r"\frac12",
        trivial=_safe(lambda pi, q: 0.5),
        source="brodersen2010",
    ),
    MetricInfo(
        name="weighted_accuracy",
        title="Weighted accuracy",
        func=binary.weighted_accuracy,
        latex=r"\alpha\,\mathrm{TPR}+(1-\alpha)\,\mathrm{TNR}",
        range=(0, 1),
        classes="binary",
        symmetric=False,
        prevalence_invariant=True,
        undefined=UNDEFINED_WHEN["weighted_accuracy"],
        all_positive=r"\alpha",
        all_negative=r"1-\alpha",
        random=r"\alpha q+(1-\alpha)(1-q)",
        trivial=_safe(lambda pi, q: 0.3 * q + 0.7 * (1 - q)),
        source="vergne2017",
        params={"alpha": 0.3},
    ),
    MetricInfo(
        name="g_mean",
        title="Geometric mean of recalls",
        func=multiclass.g_mean,
        latex=r"\Bigl(\prod_i \frac{c_{ii}}{c_{i\cdot}}\Bigr)^{1/k} "
        r"\;(k=2:\ \sqrt{\mathrm{TPR}\cdot \mathrm{TNR}})",
        range=(0, 1),
        classes="any",
        symmetric=True,
        prevalence_invariant=True,
        undefined=UNDEFINED_WHEN["g_mean"],
        all_positive="0",
        all_negative="0",
        random=r"\sqrt{q(1-q)}",
        trivial=_safe(lambda pi, q: np.sqrt(q * (1 - q))),
        source="kubat1997",
    ),
    MetricInfo(
        name="dominance",
        title="Dominance",
        func=binary.dominance,
        latex=r"\mathrm{TPR}-\mathrm{TNR}",
        range=(-1, 1),
        classes="binary",
        symmetric=False,
        prevalence_invariant=True,
        undefined=UNDEFINED_WHEN["dominance"],
        all_positive="1",
        all_negative="-1",
        random="2q-1",
        trivial=_safe(lambda pi, q: 2 * q - 1),
        source="garcia2009",
    ),
    MetricInfo(
        name="iba",
        title="Index of balanced accuracy",
        func=binary.iba,
        latex=r"\bigl(1+\alpha(\mathrm{TPR}-\mathrm{TNR})\bigr)\,\mathrm{TPR}\cdot \mathrm{TNR}",
        range=(0, 1),
        classes="binary",
        symmetric=False,
        prevalence_invariant=True,
        undefined=UNDEFINED_WHEN["iba"],
        all_positive="0",
        all_negative="0",
        random=r"\bigl(1+\alpha(2q-1)\bigr)\,q(1-q)",
        trivial=_safe(lambda pi, q: (1 + 0.1 * (2 * q - 1)) * q * (1 - q)),
        source="garcia2009",
        params={"alpha": 0.1},
    ),
    MetricInfo(
        name="optimized_precision",
        title="Optimized precision",
        func=binary.optimized_precision,
        latex=r"\mathrm{ACC}-\frac{|\mathrm{TNR}-\mathrm{TPR}|}{\mathrm{TNR}+\mathrm{TPR}}",
        range=(-1, 1),
        classes="binary",
        symmetric=True,
        prevalence_invariant=False,
        undefined=UNDEFINED_WHEN["optimized_precision"] + " (-1 when TPR = TNR = 0)",
        all_positive=r"\pi-1",
        all_negative=r"-\pi",
        random=r"q\pi+(1-q)(1-\pi)-|1-2q|",
        trivial=_safe(lambda pi, q: q * pi + (1 - q) * (1 - pi) - abs(1 - 2 * q)),
        source="ranawana2006",
    ),
    MetricInfo(
        name="hmnc",
        title="HMNC",
        func=binary.hmnc,
        latex=r"\frac{\mathrm{TP}\cdot \mathrm{TN}\cdot n}{(\mathrm{TP}+\mathrm{TN})\,P\,N}",
        range=(0, 1),
        classes="binary",
        symmetric=True,
        prevalence_invariant=False,
        undefined=UNDEFINED_WHEN["hmnc"],
        all_positive="0",
        all_negative="0",
        random=r"\frac{q(1-q)}{q\pi+(1-q)(1-\pi)}",
        trivial=_safe(lambda pi, q: q * (1 - q) / (q * pi + (1 - q) * (1 - pi))),
        source="burduk2020",
    ),
    MetricInfo(
        name="ac",
        title="AC-score",
        func=binary.ac,
        latex=r"\frac{2\,\mathrm{TPR}\cdot \mathrm{TNR}}{\mathrm{TPR}+\mathrm{TNR}}",
        range=(0, 1),
        classes="binary",
        symmetric=True,
        prevalence_invariant=True,
        undefined=UNDEFINED_WHEN["ac"],
        all_positive="0",
        all_negative="0",
        random=r"2q(1-q)",
        trivial=_safe(lambda pi, q: 2 * q * (1 - q)),
        source="wu2025",
    ),
    MetricInfo(
        name="accuracy",
        title="Accuracy",
        func=multiclass.accuracy,
        latex=r"\frac{\sum_i c_{ii}}{n}",
        range=(0, 1),
        classes="any",
        symmetric=True,
        prevalence_invariant=False,
        undefined=UNDEFINED_WHEN["accuracy"],
        all_positive=r"\pi",
        all_negative=r"1-\pi",
        random=r"q\pi+(1-q)(1-\pi)",
        trivial=_safe(lambda pi, q: q * pi + (1 - q) * (1 - pi)),
        source=STANDARD,
    ),
    MetricInfo(
        name="mcc",
        title="Matthews correlation coefficient",
        func=multiclass.mcc,
        latex=r"\frac{n\sum_i c_{ii}-\sum_i c_{i\cdot}c_{\cdot i}}"
        r"{\sqrt{(n^2-\sum_i c_{\cdot i}^2)(n^2-\sum_i c_{i\cdot}^2)}}",
        range=(-1, 1),
        classes="any",
        symmetric=True,
        prevalence_invariant=False,
        undefined=UNDEFINED_WHEN["mcc"],
        all_positive="undefined",
        all_negative="undefined",
        random="0",
        trivial=_safe(lambda pi, q: 0.0 if 0 < q < 1 else nan),
        source="matthews1975",
    ),
    MetricInfo(
        name="kappa",
        title="Cohen's kappa",
        func=multiclass.kappa,
        latex=r"\frac{p_o-p_e}{1-p_e}",
        range=(-1, 1),
        classes="any",
        symmetric=True,
        prevalence_invariant=False,
        undefined=UNDEFINED_WHEN["kappa"],
        all_positive="0",
        all_negative="0",
        random="0",
        trivial=_safe(lambda pi, q: 0.0),
        source="cohen1960",
    ),
    MetricInfo(
        name="macro_precision",
        title="Macro precision (MAP)",
        func=multiclass.macro_precision,
        latex=r"\frac1k\sum_i \frac{c_{ii}}{c_{\cdot i}}",
        range=(0, 1),
        classes="any",
        symmetric=True,
        prevalence_invariant=False,
        undefined="per class: " + UNDEFINED_WHEN["macro_precision"],
        all_positive=r"\pi/2\ \text{(policy 0)}",
        all_negative=r"(1-\pi)/2\ \text{(policy 0)}",
        random=r"\frac12",
        trivial=_safe(lambda pi, q: (q * pi / q + (1 - q) * (1 - pi) / (1 - q)) / 2),
        source="sokolova2009",
    ),
    MetricInfo(
        name="macro_recall",
        title="Macro recall (MAR)",
        func=multiclass.macro_recall,
        latex=r"\frac1k\sum_i \frac{c_{ii}}{c_{i\cdot}}",
        range=(0, 1),
        classes="any",
        symmetric=True,
        prevalence_invariant=True,
        undefined="per class: " + UNDEFINED_WHEN["macro_recall"],
        all_positive=r"\frac12",
        all_negative=r"\frac12",
        random=r"\frac12",
        trivial=_safe(lambda pi, q: 0.5),
        source="sokolova2009",
    ),
    MetricInfo(
        name="macro_f1",
        title="Macro F-score",
        func=multiclass.macro_f1,
        latex=r"\frac1k\sum_i \frac{2c_{ii}}{c_{i\cdot}+c_{\cdot i}}",
        range=(0, 1),
        classes="any",
        symmetric=True,
        prevalence_invariant=False,
        undefined="per class: " + UNDEFINED_WHEN["macro_f1"],
        all_positive=r"\frac{\pi}{1+\pi}",
        all_negative=r"\frac{1-\pi}{2-\pi}",
        random=r"\frac{q\pi}{q+\pi}+\frac{(1-q)(1-\pi)}{2-q-\pi}",
        trivial=_safe(lambda pi, q: q * pi / (q + pi) + (1 - q) * (1 - pi) / (2 - q - pi)),
        source="sokolova2009",
    ),
    MetricInfo(
        name="cba",
        title="Class balance accuracy",
        func=multiclass.cba,
        latex=r"\frac1k\sum_i \frac{c_{ii}}{\max(c_{i\cdot},c_{\cdot i})}",
        range=(0, 1),
        classes="any",
        symmetric=True,
        prevalence_invariant=False,
        undefined="per class: " + UNDEFINED_WHEN["cba"],
        all_positive=r"\pi/2",
        all_negative=r"(1-\pi)/2",
        random=r"\frac12\Bigl(\frac{q\pi}{\max(\pi,q)}+\frac{(1-q)(1-\pi)}{\max(1-\pi,1-q)}\Bigr)",
        trivial=_safe(_cba2),
        source="mosley2013",
    ),
    MetricInfo(
        name="iam",
        title="Imbalance accuracy metric",
        func=multiclass.iam,
        latex=r"\frac1k\sum_i \frac{c_{ii}-\max(c_{i\cdot}-c_{ii},\,c_{\cdot i}-c_{ii})}"
        r"{\max(c_{i\cdot},c_{\cdot i})}",
        range=(-1, 1),
        classes="any",
        symmetric=True,
        prevalence_invariant=False,
        undefined="per class: " + UNDEFINED_WHEN["iam"],
        all_positive=r"\pi-1",
        all_negative=r"-\pi",
        random=r"2\,\mathrm{CBA}-1",
        trivial=_safe(lambda pi, q: 2 * _cba2(pi, q) - 1),
        source="mortaz2020",
    ),
]

METRICS: dict[str, MetricInfo] = {m.name: m for m in _ENTRIES}
"""Every metric of the library by name, with its facts."""


def facts_table(titles: bool = False) -> pd.DataFrame:
    """The registry as a pandas DataFrame, one row per metric (for display).

    Formulas and values are display-size math (``$\\displaystyle ...$``), the source
    an author-year citation (:attr:`MetricInfo.citation`). Rows are named by the
    library's names, or with ``titles=True`` by the metrics' titles, the library's
    function then in the first column, ``function``.
    """
    import pandas as pd

    def math(tex: str) -> str:
        return f"$\\displaystyle {tex}$"

    rows = []
    for m in METRICS.values():
        rows.append({
            "metric": m.title if titles else m.name,
            **({"function": f"`il.{m.name}`"} if titles else {}),
            "formula": math(m.latex),
            "range": f"[{m.range[0]}, {m.range[1]}]",
            "classes": m.classes,
            "symmetric": "yes" if m.symmetric else "no",
            "prevalence-free": "yes" if m.prevalence_invariant else "no",
            "all positive": math(m.all_positive) if m.all_positive != "undefined" else "undefined",
            "all negative": math(m.all_negative) if m.all_negative != "undefined" else "undefined",
            "random (q)": math(m.random),
            "undefined when": m.undefined,
            "source": m.citation,
        })
    return pd.DataFrame(rows).set_index("metric")
