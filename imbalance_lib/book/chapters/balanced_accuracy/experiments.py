"""The data and protocol constants of the chapter's experiments.

The loops themselves (the trivial classifiers on twelve problems, the coin
flip's exact tails, the Satimage threshold sweep and models, the check of
Vergne's advice on the KEEL study) run on the page; this module holds what
they share: the problems, the article's worked cases, the parameters, the
containers the page fills and two small helpers (:func:`best`, :func:`share`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

import imbalance_lib as il
from imbalance_lib.book.datasets import load_glass, load_satimage

__all__ = ["RATES_Q", "INFORMATIVE", "P_VALUES", "BOUNDS", "M_CHANCE", "FLAT_TOL",
           "IR_EDGES", "ALPHAS", "one_vs_rest_problems", "expected_trivial",
           "vergne_cases", "TrivialRuns", "Sweep", "KeelCheck", "FlatTop", "best", "share",
           "gap_at_prevalence"]

RATES_Q = (0.0, 0.1, 0.5, 0.9, 1.0)
"""Rates ``q`` of positive predictions of the label-independent classifiers drawn."""

INFORMATIVE = 0.8
"""TPR = TNR of the informative classifier drawn beside the trivial ones."""

M_CHANCE = 1000
"""Size of the test set of the coin-flip tails."""

P_VALUES = (1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500)
"""Numbers of positives at which the coin flip's tails are computed."""

BOUNDS = (0.55, 0.6, 0.7)
"""The events ``BA >= bound`` of the coin-flip figure."""

FLAT_TOL = 0.01
"""How far below its maximum balanced accuracy may fall on the band called its top."""

IR_EDGES = (3.0, 9.0)
"""Edges of the imbalance-ratio bands of the KEEL check: below 3, 3 to 9, 9 and above."""

ALPHAS = (0.25, 0.4, 0.6, 0.75)
"""Weights of weighted accuracy set against balanced accuracy's 1/2 on the KEEL study."""


@cache
def one_vs_rest_problems() -> tuple:
    """The twelve binary problems: each Glass type and each Satimage class against the rest.

    Returns a tuple of ``(data set, positive class, binary target)``.
    """
    out = []
    for name, loader, classes in [("Glass", load_glass, [1, 2, 3, 5, 6, 7]),
                                  ("Satimage", load_satimage, [1, 2, 3, 4, 5, 7])]:
        target = loader().target
        for c in classes:
            out.append((name, c, (target == c).astype(int)))
    return tuple(out)


def expected_trivial(q, pi):
    """Expected matrix of the classifier that says "positive" with probability ``q``.

    Per sample (``P + N = 1``), broadcast over ``q`` and the prevalence ``pi``.

    >>> il.balanced_accuracy(expected_trivial(np.array([0.0, 0.3, 1.0]), 0.1)).tolist()
    [0.5, 0.5, 0.5]
    """
    return il.binary_matrix(q * pi, (1 - q) * pi, q * (1 - pi), (1 - q) * (1 - pi))


@cache
def vergne_cases(seed: int = 0) -> tuple:
    """The article's worked classifiers on three data sets: ``(P, N, name, matrix, article BA)``.

    All positive, all negative, the coin flip on its expected matrix and in one
    seeded run, and the classifier that is always wrong; the article gives
    balanced accuracy 1/2 to the first four and 0 to the last.
    """
    rng = np.random.default_rng(seed)
    out = []
    for P, N in [(990, 10), (500, 500), (10, 990)]:
        tp, tn = rng.binomial(P, 0.5), rng.binomial(N, 0.5)
        for name, C, vergne in [
            ("all positive", il.binary_matrix(P, 0, N, 0), 0.5),
            ("all negative", il.binary_matrix(0, P, 0, N), 0.5),
            ("coin flip, expected", il.binary_matrix(P / 2, P / 2, N / 2, N / 2), 0.5),
            ("coin flip, one run", il.binary_matrix(tp, P - tp, N - tn, tn), 0.5),
            ("always wrong", il.binary_matrix(0, P, N, 0), 0.0),
        ]:
            out.append((P, N, name, C, vergne))
    return tuple(out)


@dataclass(frozen=True)
class TrivialRuns:
    """One run of each label-independent classifier on each problem, as parallel arrays."""

    family: np.ndarray
    prevalence: np.ndarray
    q: np.ndarray
    matrices: np.ndarray


@dataclass(frozen=True)
class Sweep:
    """A threshold sweep: the cuts, their matrices, the metric curves and each maximum."""

    thresholds: np.ndarray
    matrices: np.ndarray
    curves: dict
    best: dict
    prevalence: float


@dataclass(frozen=True)
class KeelCheck:
    """The KEEL check of Vergne's advice, one entry per data set.

    ``band`` indexes the imbalance bands of :data:`IR_EDGES`; ``agree`` says
    whether one model is best for both accuracy and balanced accuracy; ``lost``
    is the balanced accuracy given up by choosing with accuracy; ``same_pick``
    maps each weight of :data:`ALPHAS` to whether weighted accuracy shares a best
    model with balanced accuracy.
    """

    ir: np.ndarray
    band: np.ndarray
    agree: np.ndarray
    lost: np.ndarray
    same_pick: dict


@dataclass(frozen=True)
class FlatTop:
    """The run of cuts ``lo`` to ``hi`` within :data:`FLAT_TOL` of BA's maximum, and the
    cut ``t_pi`` nearest the prevalence with BA's shortfall ``gap_pi`` there."""

    lo: float
    hi: float
    t_pi: float
    gap_pi: float


def best(scores, tol: float = 1e-12) -> np.ndarray:
    """Which models are best on each row of ``scores`` (ties all count).

    >>> best(np.array([[0.5, 0.7, 0.7], [0.9, 0.1, 0.2]])).tolist()
    [[False, True, True], [True, False, False]]
    """
    scores = np.asarray(scores)
    return scores >= scores.max(axis=-1, keepdims=True) - tol


def share(hits) -> tuple[float, float]:
    """A proportion and its binomial standard error ``sqrt(p (1 - p) / m)``.

    >>> share([True, False, True, True])
    (0.75, 0.21650635094610965)
    """
    hits = np.asarray(hits, bool)
    p = float(hits.mean())
    return p, float(np.sqrt(p * (1 - p) / hits.size))


def gap_at_prevalence(thresholds, ba, prevalence: float) -> tuple[float, float]:
    """BA's shortfall from its maximum at the cut nearest ``prevalence``, and the
    maximum's lead over the chance level 1/2.

    >>> gap_at_prevalence(np.array([0.9, 0.5, 0.1]), np.array([0.6, 0.8, 0.7]), 0.2)
    (0.10000000000000009, 0.30000000000000004)
    """
    thresholds, ba = np.asarray(thresholds, float), np.asarray(ba, float)
    j = int(np.argmin(np.abs(thresholds - prevalence)))
    return float(ba.max() - ba[j]), float(ba.max() - 0.5)
