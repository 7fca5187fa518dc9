"""confusion_matrix against a bare np.bincount and scikit-learn: many classes, labels=, weights, strings."""

import numpy as np
from sklearn.metrics import confusion_matrix as sk_confusion_matrix

from benchmarks._timing import Row, at_least, median_of, peak_memory
from imbalance_lib import confusion_matrix

N = 10_000_000  # labels for k <= 10
N_WIDE = 2_000_000  # labels for k >= 1000 (the k x k matrix dominates there)
WITHIN_2X = "within 2x of bincount (>= 0.5x)"


def _bare(t, p, k, w=None):
    return np.bincount(t * k + p, weights=w, minlength=k * k).reshape(k, k)


def run() -> list[Row]:
    rng = np.random.default_rng(0)
    rows = []
    for k in (2, 10, 1000, 4000, 4097, 5000, 10_000):
        n = N if k <= 10 else N_WIDE
        t = rng.integers(0, k, n)
        p = np.where(rng.random(n) < 0.8, t, rng.integers(0, k, n))
        repeat = 5 if k <= 10 else 3
        ours = median_of(lambda: confusion_matrix(t, p), repeat=repeat)
        bare = median_of(lambda: _bare(t, p, k), repeat=repeat)
        assert (confusion_matrix(t, p) == _bare(t, p, k)).all()
        rows.append(Row(f"confusion_matrix, {n // 10**6}M int labels, k={k}", ours,
                        "bare np.bincount(t*k+p)", bare, WITHIN_2X, at_least(0.5)))
        if k in (10, 5000):
            sk = median_of(lambda: sk_confusion_matrix(t, p), repeat=1)
            rows.append(Row(f"confusion_matrix, {n // 10**6}M int labels, k={k}", ours,
                            "sklearn.metrics.confusion_matrix", sk, "faster (>= 1x)",
                            at_least(1.0)))
        if k in (10, 1000):
            labels = np.arange(k)[::-1]
            ours_l = median_of(lambda: confusion_matrix(t, p, labels=labels), repeat=repeat)
            rows.append(Row(f"  ... with labels= (k={k}, reversed order)", ours_l,
                            "bare np.bincount(t*k+p)", bare, WITHIN_2X, at_least(0.5)))
            w = rng.random(n)
            ours_w = median_of(lambda: confusion_matrix(t, p, sample_weight=w), repeat=repeat)
            bare_w = median_of(lambda: _bare(t, p, k, w), repeat=repeat)
            rows.append(Row(f"  ... with float sample_weight (k={k})", ours_w,
                            "bare np.bincount(t*k+p, weights=w)", bare_w, WITHIN_2X,
                            at_least(0.5)))
    names = np.array([f"class-{i}" for i in range(10)])
    s_t = names[rng.integers(0, 10, 1_000_000)]
    s_p = names[rng.integers(0, 10, 1_000_000)]
    ours = median_of(lambda: confusion_matrix(s_t, s_p), repeat=3)
    sk = median_of(lambda: sk_confusion_matrix(s_t, s_p), repeat=1)
    rows.append(Row("confusion_matrix, 1M string labels, k=10", ours,
                    "sklearn.metrics.confusion_matrix", sk, "faster (>= 1x)", at_least(1.0)))
    ratio = peak_memory(lambda: confusion_matrix(s_t, s_p)) / (s_t.nbytes + s_p.nbytes)
    rows.append(Row("  ... peak memory / input bytes", ours, "(memory)", ours,
                    "<= 3x the input", lambda r, q=ratio: q <= 3, f"{ratio:.2f}x"))
    return rows
