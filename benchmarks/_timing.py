"""Timing helpers shared by the benchmark modules: medians, targets, PASS/FAIL."""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Row:
    """One comparison: our median time against a baseline's, and the target it should meet.

    ``check`` decides PASS/FAIL from the row (None: no target, reported only);
    ``value`` overrides the printed ratio (e.g. a memory ratio or an exponent).
    """

    task: str
    ours: float  # seconds (median)
    baseline: str
    theirs: float  # seconds (median)
    target: str = ""
    check: Callable[[Row], bool] | None = None
    value: str | None = None

    @property
    def speedup(self) -> float:
        """How many times faster than the baseline (> 1 means faster)."""
        return self.theirs / self.ours

    @property
    def verdict(self) -> str:
        if self.check is None:
            return "-"
        return "PASS" if self.check(self) else "FAIL"


def median_of(fn, *, repeat: int = 5, number: int = 1) -> float:
    """Median wall time of ``repeat`` runs of ``number`` calls, in seconds per call."""
    fn()  # warm-up
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    times.sort()
    mid = len(times) // 2
    return times[mid] if len(times) % 2 else (times[mid - 1] + times[mid]) / 2


def peak_memory(fn) -> int:
    """Peak bytes allocated (numpy reports its buffers to tracemalloc) during one call."""
    gc.collect()
    tracemalloc.start()
    try:
        result = fn()
        del result
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def at_least(x: float) -> Callable[[Row], bool]:
    """Target: speed-up (theirs / ours) of at least ``x``."""
    return lambda r: r.speedup >= x


def print_rows(title: str, rows: list[Row]) -> None:
    """Print a table of rows: medians, ratio, target and PASS/FAIL."""
    print(f"\n{title}")
    print(f"{'task':<50} {'ours':>9} {'baseline':<34} {'theirs':>9} {'ratio':>8}  "
          f"{'target':<28} verdict")
    for r in rows:
        ratio = r.value if r.value is not None else f"{r.speedup:.2f}x"
        print(f"{r.task:<50} {r.ours * 1e3:>7.1f}ms {r.baseline:<34} {r.theirs * 1e3:>7.1f}ms "
              f"{ratio:>8}  {r.target:<28} {r.verdict}")
