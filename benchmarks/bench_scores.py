"""Label-based scores on 1 million labels: against imbalanced-learn and pycm."""

import warnings

import numpy as np
from imblearn.metrics import geometric_mean_score, make_index_balanced_accuracy, sensitivity_score
from pycm import ConfusionMatrix

import imbalance_lib as il
from benchmarks._timing import Row, median_of

N = 1_000_000


def _pycm(t, p, attribute):
    cm = ConfusionMatrix(actual_vector=t, predict_vector=p)
    return getattr(cm, attribute)


def run() -> list[Row]:
    rng = np.random.default_rng(0)
    t = (rng.random(N) < 0.1).astype(int)
    p = np.where(rng.random(N) < 0.85, t, 1 - t)
    iba_imb = make_index_balanced_accuracy(alpha=0.1, squared=True)(geometric_mean_score)
    rows = [
        Row("g_mean_score, 1M labels", median_of(lambda: il.g_mean_score(t, p), repeat=3),
            "imblearn geometric_mean_score", median_of(lambda: geometric_mean_score(t, p), repeat=2)),
        Row("tpr_score, 1M labels", median_of(lambda: il.tpr_score(t, p), repeat=3),
            "imblearn sensitivity_score", median_of(lambda: sensitivity_score(t, p), repeat=2)),
        Row("iba_score, 1M labels", median_of(lambda: il.iba_score(t, p), repeat=3),
            "imblearn IBA(geometric_mean_score)",
            median_of(lambda: iba_imb(t, p, average="binary"), repeat=2)),
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for ours, attr in (("iba_score", "IBA"), ("optimized_precision_score", "OP"),
                           ("cba_score", "CBA"), ("g_mean_score", "GM")):
            f = getattr(il, ours)
            rows.append(Row(f"{ours}, 1M labels", median_of(lambda: f(t, p), repeat=3),
                            f"pycm ConfusionMatrix(...).{attr}",
                            median_of(lambda: _pycm(t, p, attr), repeat=1, )))
    return rows
