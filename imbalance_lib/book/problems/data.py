"""Seeded data of the weekly problem sets: ``make_problem_data(week, seed)``.

Each week's data come from ``numpy.random.Generator(PCG64(seed))`` and hold only whole
counts, labels and scores rounded to two decimals, so that the same seed gives the same
data on every machine (no BLAS call, no float that could differ in its last bit). Every
answer of the week's items is a function of these data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

WEEKS = (1, 2, 3, 4, 5, 6)
DEFAULT_SEED = 2026
TOPICS = {
    1: "Metrics at one threshold",
    2: "Metrics built for imbalance",
    3: "Threshold-free metrics",
    4: "How sure is a metric?",
    5: "Choosing a metric",
    6: "Deployment",
}


@dataclass(frozen=True)
class ProblemData:
    """One student's data for one week: ``values`` by name, in the order shown."""

    week: int
    seed: int
    values: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["values"][name]
        except KeyError:
            raise AttributeError(name) from None

    def show(self) -> None:
        """Print the seed, then every value: numbers and matrices in full, a long vector
        as its length (use ``data.<name>`` in code), a stack of matrices as a table."""
        print(f"Problem set {self.week} ({TOPICS[self.week]}), seed {self.seed}")
        for name, value in self.values.items():
            print(_describe(name, value))


def _describe(name: str, value: Any) -> str:
    """One value as the set prints it."""
    a = np.asarray(value)
    if a.ndim == 0:
        return f"{name} = {value!r}"
    if a.ndim == 1 and a.size > 12:
        kind = (f"labels, {int(a.sum())} of them 1" if set(np.unique(a)) <= {0, 1}
                else f"values from {a.min()} to {a.max()}")
        return f"{name}: {a.size} {kind} (use data.{name})"
    if a.ndim == 4:
        rows = [f"{name} (TN, FP, FN, TP per data set and model):",
                "  set  model    TN    FP    FN    TP"]
        for d in range(a.shape[0]):
            for m in range(a.shape[1]):
                (tn, fp), (fn, tp) = a[d, m]
                rows.append(f"  {d:>3}  {m:>5} {tn:>5} {fp:>5} {fn:>5} {tp:>5}")
        return "\n".join(rows)
    return f"{name} =\n{a!r}"


def _rng(seed: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(seed))


def _positives(rng: np.random.Generator, n: int, prevalence: float) -> int:
    return min(max(int(rng.binomial(n, prevalence)), 10), n - 10)


def _binary_matrix(rng: np.random.Generator, n: int, prevalence: float,
                   tpr: float, tnr: float, pos: int | None = None) -> np.ndarray:
    """A matrix of ``n`` cases (``pos`` of them positive, else drawn) with the given rates."""
    pos = _positives(rng, n, prevalence) if pos is None else pos
    tp = int(rng.binomial(pos, tpr))
    tn = int(rng.binomial(n - pos, tnr))
    return np.array([[tn, n - pos - tn], [pos - tp, tp]], dtype=np.int64)


def _predictions(rng: np.random.Generator, y: np.ndarray, tpr: float, tnr: float) -> np.ndarray:
    """Labels predicted with the given class rates (each case independently)."""
    u = rng.random(y.size)
    return np.where(y == 1, u < tpr, u >= tnr).astype(np.int64)


def _scores(rng: np.random.Generator, y: np.ndarray, shift: float) -> np.ndarray:
    """Scores in (0, 1), two decimals: a logistic of a normal shifted for positives."""
    z = rng.normal(size=y.size) + shift * y - 1.0
    return np.round(1.0 / (1.0 + np.exp(-z)), 2)


def _labels(rng: np.random.Generator, n: int, prevalence: float) -> np.ndarray:
    y = (rng.random(n) < prevalence).astype(np.int64)
    y[:8] = 1  # at least a few positives on every seed
    return rng.permutation(y)


def week1(rng: np.random.Generator) -> dict[str, Any]:
    n = int(rng.integers(1500, 3001))
    C = _binary_matrix(rng, n, float(rng.uniform(0.04, 0.12)),
                       float(rng.uniform(0.55, 0.85)), float(rng.uniform(0.90, 0.98)))
    y = _labels(rng, int(rng.integers(400, 601)), float(rng.uniform(0.08, 0.2)))
    a = _predictions(rng, y, float(rng.uniform(0.2, 0.4)), float(rng.uniform(0.97, 0.995)))
    b = _predictions(rng, y, float(rng.uniform(0.7, 0.9)), float(rng.uniform(0.82, 0.93)))
    alpha = float(rng.choice([0.6, 0.7, 0.8]))
    return {"C": C, "y_true": y, "pred_a": a, "pred_b": b, "alpha": alpha}


def _multiclass_labels(rng: np.random.Generator, k: int) -> tuple[np.ndarray, np.ndarray]:
    shares = np.sort(rng.dirichlet(np.full(k, 2.0)))[::-1]
    shares = 0.05 + 0.8 * shares / shares.sum()
    n = int(rng.integers(300, 501))
    y = rng.choice(k, size=n, p=shares / shares.sum())
    y[:k] = np.arange(k)  # every class present
    right = rng.random(n) < rng.uniform(0.5, 0.9, size=k)[y]
    wrong = (y + rng.integers(1, k, size=n)) % k
    return y.astype(np.int64), np.where(right, y, wrong).astype(np.int64)


def week2(rng: np.random.Generator) -> dict[str, Any]:
    n = int(rng.integers(800, 2001))
    C = _binary_matrix(rng, n, float(rng.uniform(0.05, 0.2)),
                       float(rng.uniform(0.5, 0.9)), float(rng.uniform(0.85, 0.99)))
    alpha = float(rng.choice([0.05, 0.1, 0.2]))
    k = int(rng.integers(3, 5))
    y3, p3 = _multiclass_labels(rng, k)
    return {"C": C, "alpha": alpha, "y_multi": y3, "pred_multi": p3}


def week3(rng: np.random.Generator) -> dict[str, Any]:
    y = _labels(rng, int(rng.integers(300, 501)), float(rng.uniform(0.08, 0.2)))
    s1 = _scores(rng, y, float(rng.uniform(0.9, 2.2)))
    s2 = _scores(rng, y, float(rng.uniform(0.2, 1.2)))
    # the second score finds a share of the positives with certainty, the rest barely
    top = (y == 1) & (rng.random(y.size) < 0.35)
    s2 = np.where(top, np.round(rng.uniform(0.95, 1.0, size=y.size), 2), s2)
    threshold = float(rng.choice([0.5, 0.6, 0.7]))
    return {"y_true": y, "score_1": s1, "score_2": s2, "threshold": threshold}


def week4(rng: np.random.Generator) -> dict[str, Any]:
    n = int(rng.integers(400, 1201))
    C = _binary_matrix(rng, n, float(rng.uniform(0.03, 0.08)),
                       float(rng.uniform(0.6, 0.85)), float(rng.uniform(0.9, 0.98)))
    y = _labels(rng, int(rng.integers(300, 501)), float(rng.uniform(0.2, 0.35)))
    a = _predictions(rng, y, float(rng.uniform(0.7, 0.85)), float(rng.uniform(0.85, 0.92)))
    # B changes some of A's labels: a share of A's right ones, a comparable number of wrong ones
    right = a == y
    # wide enough that McNemar's test finds a difference on about half of the seeds
    f_right = float(rng.uniform(0.03, 0.08))
    f_wrong = min(0.9, f_right * right.mean() / max(1 - right.mean(), 0.01)
                  * float(rng.uniform(0.3, 3.0)))
    flip = rng.random(y.size) < np.where(right, f_right, f_wrong)
    b = np.where(flip, 1 - a, a).astype(np.int64)
    return {"C": C, "y_true": y, "pred_a": a, "pred_b": b}


def week5(rng: np.random.Generator) -> dict[str, Any]:
    n_sets, n_models = 8, 3
    prevalence = np.round(rng.uniform(0.02, 0.3, size=n_sets), 3)
    sizes = rng.integers(300, 3001, size=n_sets)
    mats = np.zeros((n_sets, n_models, 2, 2), dtype=np.int64)
    for d in range(n_sets):
        pos = _positives(rng, int(sizes[d]), float(prevalence[d]))
        for m in range(n_models):
            mats[d, m] = _binary_matrix(rng, int(sizes[d]), 0.0, float(rng.uniform(0.3, 0.95)),
                                        float(rng.uniform(0.8, 0.995)), pos=pos)
    return {"matrices": mats}


def week6(rng: np.random.Generator) -> dict[str, Any]:
    y = _labels(rng, int(rng.integers(400, 801)), float(rng.uniform(0.1, 0.25)))
    score = _scores(rng, y, float(rng.uniform(0.1, 2.0)))
    cost_fp = float(rng.choice([1.0, 2.0]))
    cost_fn = float(rng.choice([5.0, 10.0, 20.0]))
    threshold = float(rng.choice([0.3, 0.4, 0.5]))
    new_prevalence = float(rng.choice([0.01, 0.02, 0.05]))
    pt = float(rng.choice([0.02, 0.05, 0.1]))
    return {"y_true": y, "score": score, "threshold": threshold, "cost_fp": cost_fp,
            "cost_fn": cost_fn, "new_prevalence": new_prevalence, "pt": pt}


_MAKERS = {1: week1, 2: week2, 3: week3, 4: week4, 5: week5, 6: week6}


def make_problem_data(week: int, seed: int = DEFAULT_SEED) -> ProblemData:
    """The data of problem set ``week`` (1 to 6) for ``seed`` (a whole number >= 0).

    >>> d = make_problem_data(1, 7)
    >>> d.seed, sorted(d.values)
    (7, ['C', 'alpha', 'pred_a', 'pred_b', 'y_true'])
    >>> bool((make_problem_data(1, 7).C == d.C).all())
    True
    >>> make_problem_data(9, 7)
    Traceback (most recent call last):
    ...
    ValueError: week must be one of (1, 2, 3, 4, 5, 6), got 9
    """
    if isinstance(week, bool) or not isinstance(week, (int, np.integer)) or week not in WEEKS:
        raise ValueError(f"week must be one of {WEEKS}, got {week!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    return ProblemData(int(week), int(seed), _MAKERS[int(week)](_rng(int(seed))))
