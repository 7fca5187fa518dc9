"""confusion_matrix on 10 million labels: against scikit-learn and a bare np.bincount."""

import numpy as np
from sklearn.metrics import confusion_matrix as sk_confusion_matrix

from benchmarks._timing import Row, best_of
from imbalance_lib import confusion_matrix

N = 10_000_000


def run() -> list[Row]:
    rng = np.random.default_rng(0)
    rows = []
    for k in (2, 10):
        t = rng.integers(0, k, N)
        p = np.where(rng.random(N) < 0.8, t, rng.integers(0, k, N))
        ours = best_of(lambda: confusion_matrix(t, p), repeat=5)
        bare = best_of(lambda: np.bincount(t * k + p, minlength=k * k).reshape(k, k), repeat=5)
        sk = best_of(lambda: sk_confusion_matrix(t, p), repeat=2)
        assert (confusion_matrix(t, p) == sk_confusion_matrix(t, p)).all()
        rows.append(Row(f"confusion_matrix, 10M int labels, k={k}", ours,
                        "sklearn.metrics.confusion_matrix", sk, ">= 30x"))
        rows.append(Row(f"confusion_matrix, 10M int labels, k={k}", ours,
                        "bare np.bincount(t*k+p)", bare, ">= 0.67x (within 1.5x)"))
    s_t = np.array(["neg", "pos"])[rng.integers(0, 2, 1_000_000)]
    s_p = np.array(["neg", "pos"])[rng.integers(0, 2, 1_000_000)]
    ours = best_of(lambda: confusion_matrix(s_t, s_p), repeat=3)
    sk = best_of(lambda: sk_confusion_matrix(s_t, s_p), repeat=2)
    rows.append(Row("confusion_matrix, 1M string labels, k=2", ours,
                    "sklearn.metrics.confusion_matrix", sk, "(no target)"))
    return rows
