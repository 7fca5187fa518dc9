"""The coverage of the delta-method interval (:func:`imbalance_lib.delta_interval`) for
every binary metric, the study behind the explorer page's table.

Test sets are multinomial draws of ``n`` samples from a classifier with TPR 0.7 and TNR 0.9
at a prevalence giving on average 10, 50 or 200 positives out of 1,000 (or 2,000). The true
value of a metric is its value on the matrix of expected proportions. An undefined interval
counts as a miss. Run ``python -m imbalance_lib.book.delta_coverage`` to rewrite the stored
table between the ``% begin delta coverage`` and ``% end delta coverage`` lines of
``chapters/explorer.md`` (deterministic: fixed seed; a test regenerates it).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from imbalance_lib import METRICS, delta_interval

SETTINGS = ((10, 1000), (50, 1000), (200, 2000))  # expected positives, n
TPR, TNR = 0.7, 0.9
REPLICATES = 4000
SEED = 20261129
PAGE = Path(__file__).resolve().parents[2] / "chapters" / "explorer.md"
BEGIN, END = "% begin delta coverage\n", "% end delta coverage\n"


def coverage(expected_positives: int, n: int, replicates: int = REPLICATES,
             seed: int = SEED) -> dict[str, tuple[float, float, float]]:
    """{metric: (coverage, its Monte Carlo standard error, share undefined)}."""
    pi = expected_positives / n
    probs = np.array([(1 - pi) * TNR, (1 - pi) * (1 - TNR), pi * (1 - TPR), pi * TPR])
    rng = np.random.default_rng([seed, expected_positives, n])
    C = rng.multinomial(n, probs, size=replicates).reshape(-1, 2, 2).astype(float)
    truth_matrix = probs.reshape(2, 2)
    out = {}
    for name, info in METRICS.items():
        truth = float(info.func(truth_matrix, **info.params, zero_division=np.nan))
        _, low, high = delta_interval(C, name)
        hit = (low <= truth) & (truth <= high)
        rate = float(hit.mean())
        out[name] = (rate, float(np.sqrt(rate * (1 - rate) / replicates)), float(np.isnan(low).mean()))
    return out


def table() -> str:
    results = [coverage(p, n) for p, n in SETTINGS]
    head = "| Metric | " + " | ".join(f"{p} positives of {n:,}" for p, n in SETTINGS) + " |"
    rows = [head, "|" + "---|" * (len(SETTINGS) + 1)]
    for name, info in METRICS.items():
        cells = []
        for res in results:
            rate, se, undefined = res[name]
            note = f" ({100 * undefined:.1f} % undefined)" if undefined > 0 else ""
            cells.append(f"{100 * rate:.1f} ± {100 * se:.1f}{note}")
        rows.append(f"| {info.title} | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def stored_table(text: str) -> str:
    """The table between the markers of the page's text."""
    start, stop = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[start:stop]


if __name__ == "__main__":
    text = PAGE.read_text(encoding="utf-8")
    old = stored_table(text)
    PAGE.write_text(text.replace(BEGIN + old + END, BEGIN + table() + END), encoding="utf-8")
    print(table())
