"""Every count-based metric on a stack of 1 million binary confusion matrices, one vectorised call each."""

import numpy as np

from benchmarks._timing import Row, best_of
from imbalance_lib import METRICS

N = 1_000_000
LOOP = 2_000  # the per-matrix loop baseline runs on this many matrices and is scaled up


def run() -> list[Row]:
    rng = np.random.default_rng(0)
    stack = rng.integers(1, 1000, size=(N, 2, 2))
    rows, total = [], 0.0
    for name, m in METRICS.items():
        ours = best_of(lambda: m.func(stack, **m.params), repeat=3)
        small = stack[:LOOP]
        loop = best_of(lambda: [m.func(C, **m.params) for C in small], repeat=1) * (N / LOOP)
        total += ours
        rows.append(Row(f"{name} on 1M matrices", ours, "Python loop, one call per matrix",
                        loop, "< 1 s"))
    rows.append(Row("all metrics on 1M matrices (sum)", total, "Python loop, all metrics",
                    sum(r.theirs for r in rows), "(no target)"))
    return rows
