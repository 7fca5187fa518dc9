"""Speed benchmarks of imbalance_lib, printed as ratios against named baselines.

Run all with ``python -m benchmarks`` (or ``make bench``). Each ``bench_*.py``
module defines ``run() -> list[Row]``.
"""
