"""Timing helpers shared by the benchmark modules."""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass


@dataclass
class Row:
    """One comparison: our time against a baseline's, and the target it should meet."""

    task: str
    ours: float  # seconds
    baseline: str
    theirs: float  # seconds
    target: str = ""

    @property
    def speedup(self) -> float:
        """How many times faster than the baseline (> 1 means faster)."""
        return self.theirs / self.ours


def best_of(fn, *, repeat: int = 5, number: int = 1) -> float:
    """Best wall time of ``repeat`` runs of ``number`` calls, in seconds per call."""
    fn()  # warm-up
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return min(times)


def print_rows(title: str, rows: list[Row]) -> None:
    """Print a table of rows with their speed-up ratios."""
    print(f"\n{title}")
    print(f"{'task':<52} {'ours':>10} {'baseline':<34} {'theirs':>10} {'speed-up':>9}  target")
    for r in rows:
        print(f"{r.task:<52} {r.ours * 1e3:>8.1f}ms {r.baseline:<34} {r.theirs * 1e3:>8.1f}ms "
              f"{r.speedup:>8.1f}x  {r.target}")
