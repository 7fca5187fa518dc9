"""imbalance_lib: metrics for classifiers on imbalanced data, on one currency.

Labels or scores -> confusion matrices of shape ``(..., k, k)`` -> metrics.
Every count-based metric is vectorised over the leading axes; every
label-based ``<name>_score`` only builds the matrix and calls it.
"""

from ._checks import UndefinedMetricWarning
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
from .nearest_mean import NearestMeanClassifier
from .registry import METRICS, MetricInfo
from .scores import (
    SCORE_FUNCTIONS,
    ac_score,
    accuracy_score,
    balanced_accuracy_score,
    binary_confusion,
    cba_score,
    dominance_score,
    f1_score,
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
    precision_score,
    tnr_score,
    tpr_score,
    weighted_accuracy_score,
)
from .thresholds import optimal_operating_point, threshold_sweep

__version__ = "0.1.0"

__all__ = [
    "UndefinedMetricWarning", "METRICS", "MetricInfo", "SCORE_FUNCTIONS",
    "confusion_matrix", "binary_matrix", "binary_confusion", "metric_scorer",
    "tpr", "tnr", "precision", "npv", "f1", "balanced_accuracy", "weighted_accuracy",
    "dominance", "iba", "optimized_precision", "hmnc", "ac",
    "accuracy", "mcc", "kappa", "macro_precision", "macro_recall", "macro_f1",
    "cba", "iam", "g_mean",
    "tpr_score", "tnr_score", "precision_score", "npv_score", "f1_score",
    "balanced_accuracy_score", "weighted_accuracy_score", "dominance_score", "iba_score",
    "optimized_precision_score", "hmnc_score", "ac_score", "accuracy_score",
    "mcc_score", "kappa_score", "macro_precision_score", "macro_recall_score",
    "macro_f1_score", "cba_score", "iam_score", "g_mean_score",
    "threshold_sweep", "optimal_operating_point", "NearestMeanClassifier",
]
