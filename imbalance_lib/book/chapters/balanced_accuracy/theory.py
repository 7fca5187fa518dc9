r"""Closed forms and the chapter's theorems as violations.

The exact distribution of a label-independent classifier's confusion matrix
(:func:`ba_distribution`), and every statement the
chapter makes about one confusion matrix written as a violation function
(:data:`THEOREMS`) for :func:`imbalance_lib.book.properties.check_claims`.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

import imbalance_lib as il
from imbalance_lib.book.properties import _both_classes

__all__ = ["imbalance_ratio", "ba_distribution", "statement",
           "THEOREMS", "N_RANDOM", "GM_EXAMPLE", "TIE"]

N_RANDOM = 100_000
"""Random real matrices each statement of :data:`THEOREMS` is tried on."""

GM_EXAMPLE = (1.0, 0.2)
"""(TPR, TNR) of the biased but informative classifier of the geometric-mean section."""

TIE = 1e-12
"""Slack of the event ``BA >= bound``: a lattice value equal to the bound counts."""


def imbalance_ratio(y) -> float:
    """Size of the larger class over the size of the smaller one (labels 0 and 1).

    >>> imbalance_ratio([0, 0, 0, 1])
    3.0
    """
    counts = np.bincount(np.asarray(y), minlength=2)
    return float(counts.max() / counts.min())


def ba_distribution(P: int, N: int, q: float) -> tuple[np.ndarray, np.ndarray]:
    """Every realisable matrix of a label-independent classifier, with its probability.

    ``TP ~ Binomial(P, q)`` and ``TN ~ Binomial(N, 1 - q)``, independent.

    Returns
    -------
    C : array ``(P + 1, N + 1, 2, 2)``, the matrix with ``TP = i`` and ``TN = j``
    prob : array ``(P + 1, N + 1)``, its probability

    >>> C, prob = ba_distribution(1, 1, 0.5)
    >>> prob.ravel().round(12).tolist(), il.balanced_accuracy(C).ravel().tolist()
    ([0.25, 0.25, 0.25, 0.25], [0.0, 0.5, 0.5, 1.0])
    """
    x, z = np.arange(P + 1), np.arange(N + 1)  # TP and TN
    prob = stats.binom.pmf(x, P, q)[:, None] * stats.binom.pmf(z, N, 1 - q)[None, :]
    C = il.binary_matrix(x[:, None], P - x[:, None], N - z[None, :], z[None, :])
    return C, prob


# --------------------------------------------------------------------------- theorems


def _parts(C) -> dict:
    """Counts, rates and metrics of a stack of matrices (rates are 0 where a class is empty)."""
    C = np.asarray(C, float)
    tn, fp, fn, tp = C[..., 0, 0], C[..., 0, 1], C[..., 1, 0], C[..., 1, 1]
    P, N = tp + fn, tn + fp
    return {"C": C, "tp": tp, "fn": fn, "fp": fp, "tn": tn, "P": P, "N": N,
            "pi": P / (P + N), "tpr": il.tpr(C), "tnr": il.tnr(C), "acc": il.accuracy(C),
            "ba": il.balanced_accuracy(C), "gm": il.g_mean(C), "hm": il.ac(C),
            "d": il.dominance(C)}


def statement(gap):
    """A violation for :func:`~imbalance_lib.book.properties.check_claim` from ``gap(parts)``.

    The statements assume ``P, N >= 1``: the violation is nan where a class is empty.

    >>> v = statement(lambda p: p["gm"] - p["ba"])  # GM <= BA
    >>> bool(v(il.binary_matrix(3, 1, 2, 4)) <= 0)
    True
    """
    def violation(C):
        v = _parts(C)
        return np.where(_both_classes(v["C"]), gap(v), np.nan)

    return violation


def _cost_gap(v):
    """|normalised cost - (1 - WA_alpha)|, alpha from random costs (seeded per stack)."""
    c_fn, c_fp = 10.0 ** np.random.default_rng(7).uniform(-3, 3, size=(2,) + v["tp"].shape)
    alpha = c_fn * v["P"] / (c_fn * v["P"] + c_fp * v["N"])
    alpha = np.where(np.isfinite(alpha), alpha, 0.5)  # the empty matrix (excluded anyway)
    cost = (c_fn * v["fn"] + c_fp * v["fp"]) / (c_fn * v["P"] + c_fp * v["N"])
    return np.abs(cost - (1 - il.weighted_accuracy(v["C"], alpha)))


def _when(cond, x):
    return np.where(cond, x, np.nan)


THEOREMS = {name: statement(gap) for name, gap in {
    r"$\mathrm{ACC} = \pi\,\mathrm{TPR} + (1-\pi)\,\mathrm{TNR}$":
        lambda v: np.abs(v["acc"] - v["pi"] * v["tpr"] - (1 - v["pi"]) * v["tnr"]),
    r"$\mathrm{ACC} - (1 - \pi) = (\mathrm{TP} - \mathrm{FP})/n$, "
    r"so $\mathrm{ACC} > 1 - \pi \iff \mathrm{TP} > \mathrm{FP}$":
        lambda v: np.abs(v["acc"] - (1 - v["pi"]) - (v["tp"] - v["fp"]) / (v["P"] + v["N"])),
    r"$1 - \mathrm{WA}_\alpha$ = normalised cost": _cost_gap,
    r"$\mathrm{BA}$ of reversed predictions $= 1 - \mathrm{BA}$":
        lambda v: np.abs(il.balanced_accuracy(v["C"][..., ::-1]) - (1 - v["ba"])),
    r"$\mathrm{BA}$ unchanged by scaling the rows":
        lambda v: np.abs(il.balanced_accuracy(v["C"] * np.array([[0.2], [3.7]])) - v["ba"]),
    r"$\mathrm{BA} = \frac12 + \det C / (2PN)$":
        lambda v: np.abs(v["ba"] - 0.5 - (v["tp"] * v["tn"] - v["fp"] * v["fn"])
                         / (2 * v["P"] * v["N"])),
    r"$\mathrm{GM}^2 = \mathrm{BA}^2 - d^2/4$":
        lambda v: np.abs(v["gm"] ** 2 - v["ba"] ** 2 + v["d"] ** 2 / 4),
    r"$\mathrm{HM} \le \mathrm{GM}$": lambda v: v["hm"] - v["gm"],
    r"$\mathrm{GM} \le \mathrm{BA}$": lambda v: v["gm"] - v["ba"],
    r"$\mathrm{HM} \cdot \mathrm{BA} = \mathrm{GM}^2$":
        lambda v: np.abs(v["hm"] * v["ba"] - v["gm"] ** 2),
    r"$\mathrm{GM}^2 \ge J$ when $J \ge 0$":
        lambda v: _when(v["tpr"] + v["tnr"] >= 1, v["tpr"] + v["tnr"] - 1 - v["gm"] ** 2),
    r"$\mathrm{GM} \ge 1/2$ when $J \ge 1/4$":
        lambda v: _when(v["tpr"] + v["tnr"] >= 1.25, 0.5 - v["gm"]),
}.items()}
"""The chapter's statements about one confusion matrix, each as a violation function.

Each maps a stack ``(m, 2, 2)`` to ``m`` violations (positive: the statement
fails there by that much; nan: it does not apply, e.g. a class is empty).
"""
