"""Every count-based metric on a stack of 1 million binary confusion matrices, one vectorised call each."""

import numpy as np

from benchmarks._timing import Row, at_least, median_of
from imbalance_lib import METRICS

N = 1_000_000
LOOP = 2_000  # the per-matrix loop baseline runs on this many matrices and is scaled up


def _direct(stack):
    """Baseline: the binary formulas written directly on the four count columns."""
    tn, fp, fn, tp = (stack[..., i, j].astype(float) for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)))
    p, n = tp + fn, tn + fp
    tpr, tnr = tp / p, tn / n
    return [tpr, tnr, tp / (tp + fp), tn / (tn + fn), 2 * tp / (2 * tp + fp + fn),
            (tpr + tnr) / 2, 0.3 * tpr + 0.7 * tnr, np.sqrt(tpr * tnr), tpr - tnr,
            (1 + 0.1 * (tpr - tnr)) * tpr * tnr]


def run() -> list[Row]:
    rng = np.random.default_rng(0)
    stack = rng.integers(1, 1000, size=(N, 2, 2))
    rows, total = [], 0.0
    for name, m in METRICS.items():
        ours = median_of(lambda: m.func(stack, **m.params), repeat=3)
        small = stack[:LOOP]
        loop = median_of(lambda: [m.func(C, **m.params) for C in small], repeat=1) * (N / LOOP)
        total += ours
        rows.append(Row(f"{name} on 1M matrices", ours, "Python loop, one call per matrix",
                        loop, "< 1 s", lambda r: r.ours < 1.0))
    rows.append(Row("all metrics on 1M matrices (sum)", total, "Python loop, all metrics",
                    sum(r.theirs for r in rows), "< 1.5 s", lambda r: r.ours < 1.5))
    direct = median_of(lambda: _direct(stack), repeat=3)
    rows.append(Row("10 binary metrics on 1M int matrices", sum(r.ours for r in rows[:10]),
                    "direct column formulas, no checks", direct, "checks cost <= 10x (>= 0.1x)",
                    at_least(0.1)))
    return rows
