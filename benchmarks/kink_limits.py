"""Coverage of :func:`imbalance_lib.class_balance_interval` beyond the chapter's settings.

Three classes with evenly spread errors (each class's row and column sums equal in
expectation, the kink of CBA), simulated test sets of fixed class sizes, one
interval per set; the coverage is printed with its Monte Carlo standard error.
The numbers quoted in the function's docstring come from this script:

    python -m benchmarks.kink_limits            # about a minute on one core
"""

from __future__ import annotations

import sys

import numpy as np

from imbalance_lib import class_balance_interval

# (recall, samples a class, confidence)
SETTINGS = [(0.75, 8, 0.95), (0.8, 8, 0.95), (0.75, 10, 0.95), (0.75, 15, 0.95),
            (0.8, 20, 0.9), (0.8, 30, 0.9), (0.75, 30, 0.9), (0.8, 50, 0.9)]
N_SETS = 4000
N_RESAMPLES = 1000


def even_errors(recall: float, k: int = 3) -> np.ndarray:
    R = np.full((k, k), (1 - recall) / (k - 1))
    np.fill_diagonal(R, recall)
    return R


def coverage(recall: float, size: int, confidence: float, *, n_sets: int = N_SETS,
             n_resamples: int = N_RESAMPLES, seed: int = 0) -> tuple[float, float, float]:
    """(coverage, its standard error, share of misses with the truth above the interval)."""
    rng = np.random.default_rng(seed)
    R = even_errors(recall)
    C = np.stack([rng.multinomial(size, R[i], size=n_sets) for i in range(3)], axis=1)
    C = C[(C.sum(axis=-1) > 0).all(axis=-1)]  # every class has its samples by design
    iv = class_balance_interval(C, confidence=confidence, n_resamples=n_resamples,
                                random_state=seed + 1)
    truth = recall  # E c_ii / n_i = E c_ii / E s_i: CBA of the expected matrix
    hit = (iv.low <= truth) & (truth <= iv.high)
    cov = float(hit.mean())
    above = float((truth > iv.high).sum() / max((~hit).sum(), 1))
    return cov, float(np.sqrt(cov * (1 - cov) / len(hit))), above


def main(argv: list[str] | None = None) -> None:
    print(f"{'recall':>6} {'a class':>7} {'nominal':>7} {'coverage':>8} {'SE':>5} "
          f"{'above':>5}   ({N_SETS} test sets, {N_RESAMPLES} resamples, 3 classes)")
    for i, (recall, size, level) in enumerate(SETTINGS):
        cov, se, above = coverage(recall, size, level, seed=10 * i)
        print(f"{recall:6.2f} {size:7d} {100 * level:6.0f}% {100 * cov:7.1f}% "
              f"{100 * se:5.1f} {100 * above:4.0f}%")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
