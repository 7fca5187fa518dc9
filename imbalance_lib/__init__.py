"""imbalance_lib: metrics for classifiers on imbalanced data, on one currency.

Labels or scores -> confusion matrices of shape ``(..., k, k)`` -> metrics.
Every count-based metric is vectorised over the leading axes; every
label-based ``<name>_score`` only builds the matrix and calls it.

Importing the package loads numpy only; scikit-learn is imported when an
estimator, a scorer or the warning class is first used.

**Undefined values.** A metric is undefined for a matrix when a denominator
of its formula is zero; ``METRICS[name].undefined`` says when, for each metric. Every metric takes
``zero_division``: ``"warn"`` (the default) returns 0.0 and emits
``UndefinedMetricWarning`` (scikit-learn's class), a number returns that
number silently, ``numpy.nan`` returns nan silently. Class-averaged metrics
(``macro_precision``, ``macro_recall``, ``macro_f1``, ``cba``, ``iam``)
apply the choice to each class's term before averaging; with ``nan`` an
undefined class is left out of the mean, as in scikit-learn.
"""

from __future__ import annotations

from typing import Any

from ._version import __version__
from .batch import all_metrics
from .binary import (
    ac,
    balanced_accuracy,
    dominance,
    f1,
    hmnc,
    iba,
    npv,
    optimized_precision,
    precision,
    tnr,
    tpr,
    weighted_accuracy,
)
from .confusion import binary_matrix, confusion_matrix
from .decision import (
    CostCurve,
    NetBenefit,
    adjust_prior,
    cost_curve,
    cost_curve_interval,
    net_benefit,
    net_benefit_interval,
    probability_cost,
)
from .delta import DELTA_METRICS, delta_interval
from .deployment import (
    CostPoint,
    at_prevalence,
    bayes_threshold,
    cost_threshold,
    expected_cost,
    expected_cost_interval,
    matrix_at_prevalence,
)
from .deployment_scorers import cost_scorer, prevalence_scorer
from .intervals import (
    Comparison,
    Interval,
    class_balance_interval,
    compare,
    compare_predictions,
    confidence_interval,
    joint_counts,
    metric_interval,
    resample_joint,
    resample_matrices,
)
from .multiclass import (
    accuracy,
    cba,
    g_mean,
    iam,
    kappa,
    macro_f1,
    macro_precision,
    macro_recall,
    mcc,
)
from .out_of_bag import OutOfBagCost, cost_threshold_oob
from .paired import paired_proportion_interval
from .proportion import wilson_interval
from .ranking import (
    PRGCurve,
    average_precision,
    average_precision_interval,
    compare_roc_auc,
    delong_covariance,
    pr_auc,
    prg_auc,
    prg_curve,
    roc_auc,
    roc_auc_interval,
)
from .registry import METRICS, MetricInfo
from .scores import (
    SCORE_FUNCTIONS,
    ac_score,
    accuracy_score,
    balanced_accuracy_score,
    binary_confusion,
    binary_f1_score,
    binary_precision_score,
    cba_score,
    dominance_score,
    g_mean_score,
    hmnc_score,
    iam_score,
    iba_score,
    kappa_score,
    macro_f1_score,
    macro_precision_score,
    macro_recall_score,
    mcc_score,
    metric_scorer,
    npv_score,
    optimized_precision_score,
    tnr_score,
    tpr_score,
    weighted_accuracy_score,
)
from .thresholds import (
    OperatingPoint,
    optimal_operating_point,
    sweep_from_counts,
    threshold_sweep,
)

# Names whose modules import scikit-learn: loaded on first access (PEP 562).
_LAZY = {
    "NearestMeanClassifier": "nearest_mean",
    "RBFNetworkClassifier": "rbf_network",
    "UndefinedMetricWarning": "_checks",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "__version__", "UndefinedMetricWarning", "METRICS", "MetricInfo", "SCORE_FUNCTIONS",
    "all_metrics",
    "confusion_matrix", "binary_matrix", "binary_confusion", "metric_scorer",
    "tpr", "tnr", "precision", "npv", "f1", "balanced_accuracy", "weighted_accuracy",
    "dominance", "iba", "optimized_precision", "hmnc", "ac",
    "accuracy", "mcc", "kappa", "macro_precision", "macro_recall", "macro_f1",
    "cba", "iam", "g_mean",
    "tpr_score", "tnr_score", "binary_precision_score", "npv_score", "binary_f1_score",
    "balanced_accuracy_score", "weighted_accuracy_score", "dominance_score", "iba_score",
    "optimized_precision_score", "hmnc_score", "ac_score", "accuracy_score",
    "mcc_score", "kappa_score", "macro_precision_score", "macro_recall_score",
    "macro_f1_score", "cba_score", "iam_score", "g_mean_score",
    "threshold_sweep", "sweep_from_counts", "optimal_operating_point", "OperatingPoint",
    "NearestMeanClassifier", "RBFNetworkClassifier",
    "confidence_interval", "class_balance_interval", "metric_interval", "compare",
    "compare_predictions", "joint_counts", "resample_matrices", "resample_joint", "Interval",
    "Comparison", "paired_proportion_interval", "wilson_interval", "delta_interval",
    "DELTA_METRICS",
]
__all__ += [  # threshold-free metrics of a score (imbalance_lib.ranking)
    "roc_auc", "average_precision", "pr_auc", "prg_curve", "prg_auc", "PRGCurve",
    "delong_covariance", "roc_auc_interval", "average_precision_interval", "compare_roc_auc",
]
__all__ += [  # deployment: prevalence, costs, thresholds (imbalance_lib.deployment, .decision)
    "matrix_at_prevalence", "at_prevalence", "expected_cost", "expected_cost_interval",
    "bayes_threshold", "cost_threshold", "CostPoint", "adjust_prior", "cost_scorer",
    "prevalence_scorer", "net_benefit", "net_benefit_interval", "NetBenefit", "cost_curve",
    "CostCurve", "probability_cost", "cost_threshold_oob", "OutOfBagCost",
    "cost_curve_interval",
]
