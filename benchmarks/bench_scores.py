"""Label-based scores on 1 million labels: against imbalanced-learn, pycm and scikit-learn.

The many-class rows time the label-based scores that count only the per-class
totals (memory O(n + k)) against scikit-learn on the same labels, and the
memory rows compare the largest peak allocation of seven of them (macro recall,
balanced accuracy, MCC, kappa, macro F1, CBA, IAM; tracemalloc) with the size
of the input, for int64 and for int32 labels.
"""

import warnings

import numpy as np
from imblearn.metrics import geometric_mean_score, make_index_balanced_accuracy, sensitivity_score
from pycm import ConfusionMatrix
from sklearn import metrics as skm

import imbalance_lib as il
from benchmarks._timing import Row, at_least, median_of, peak_memory

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
            "imblearn geometric_mean_score", median_of(lambda: geometric_mean_score(t, p), repeat=2),
            ">= 5x", at_least(5.0)),
        Row("tpr_score, 1M labels", median_of(lambda: il.tpr_score(t, p), repeat=3),
            "imblearn sensitivity_score", median_of(lambda: sensitivity_score(t, p), repeat=2),
            ">= 5x", at_least(5.0)),
        Row("iba_score, 1M labels", median_of(lambda: il.iba_score(t, p), repeat=3),
            "imblearn IBA(geometric_mean_score)",
            median_of(lambda: iba_imb(t, p, average="binary"), repeat=2), ">= 5x", at_least(5.0)),
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for ours, attr in (("iba_score", "IBA"), ("optimized_precision_score", "OP"),
                           ("cba_score", "CBA"), ("g_mean_score", "GM")):
            f = getattr(il, ours)
            rows.append(Row(f"{ours}, 1M labels", median_of(lambda: f(t, p), repeat=3),
                            f"pycm ConfusionMatrix(...).{attr}",
                            median_of(lambda: _pycm(t, p, attr), repeat=1), ">= 10x",
                            at_least(10.0)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # classes only predicted: recall 0/0 on both sides
        many = _many_classes()
    return rows + many


def _many_classes() -> list[Row]:
    """Accuracy and macro recall of 10^6 labels over 5,000 and 100,000 classes."""
    rng = np.random.default_rng(1)
    rows = []
    for k in (5_000, 100_000):
        t = rng.integers(0, k, N)
        p = np.where(rng.random(N) < 0.7, t, rng.integers(0, k, N))
        rows.append(Row(f"accuracy_score, 1M labels, k={k:,}",
                        median_of(lambda: il.accuracy_score(t, p), repeat=5),
                        "sklearn accuracy_score",
                        median_of(lambda: skm.accuracy_score(t, p), repeat=3),
                        ">= 1x", at_least(1.0)))
        rows.append(Row(f"macro_recall_score, 1M labels, k={k:,}",
                        median_of(lambda: il.macro_recall_score(t, p), repeat=3),
                        "sklearn recall_score(average=macro)",
                        median_of(lambda: skm.recall_score(t, p, average="macro"), repeat=1),
                        ">= 2x", at_least(2.0)))
    last = rows[-1].ours
    for dtype in ("int64", "int32"):  # narrow labels are not widened: both dtypes measured
        ratio, worst = _peak_ratio(t.astype(dtype), p.astype(dtype))
        rows.append(Row(f"  ... peak memory / input bytes, {dtype} labels", last,
                        f"(memory; largest: {worst})", last, "<= 2x the input",
                        lambda r, q=ratio: q <= 2, f"{ratio:.2f}x"))
    return rows


MEMORY_SCORES = ("macro_recall_score", "balanced_accuracy_score", "mcc_score", "kappa_score",
                 "macro_f1_score", "cba_score", "iam_score")


def _peak_ratio(t: np.ndarray, p: np.ndarray) -> tuple[float, str]:
    """Largest peak allocation (tracemalloc) of the many-class scores, over the input's bytes."""
    peaks = {name: peak_memory(lambda f=getattr(il, name): f(t, p)) for name in MEMORY_SCORES}
    worst = max(peaks, key=peaks.__getitem__)
    return peaks[worst] / (t.nbytes + p.nbytes), worst
