"""The instructor's solutions of the problem sets: every answer from the week's data.

Not shipped in the student edition (``imbalance_lib.book.editions.withhold``). Each
answer is computed from :func:`~imbalance_lib.book.problems.data.make_problem_data`
with the library's public functions; ``solve(week, seed)`` maps item numbers to
answers (manual items have none).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy import stats

import imbalance_lib as il
from imbalance_lib.book.problems.data import ProblemData, make_problem_data


def _matrix(y: np.ndarray, pred: np.ndarray) -> np.ndarray:
    return il.confusion_matrix(y, pred, labels=[0, 1])


def _week1(d: ProblemData) -> dict[int, Any]:
    ma, mb = _matrix(d.y_true, d.pred_a), _matrix(d.y_true, d.pred_b)
    acc_a, acc_b = float(il.accuracy(ma)), float(il.accuracy(mb))
    return {1: float(il.balanced_accuracy(d.C)), 2: float(il.mcc(d.C)),
            3: float(il.weighted_accuracy(d.C, d.alpha)),
            4: float(il.balanced_accuracy(mb) - il.balanced_accuracy(ma)),
            5: "A" if acc_a > acc_b else ("B" if acc_b > acc_a else ("A", "B"))}


def _week2(d: ProblemData) -> dict[int, Any]:
    k = int(max(d.y_multi.max(), d.pred_multi.max())) + 1
    M = il.confusion_matrix(d.y_multi, d.pred_multi, labels=list(range(k)))
    terms = np.diag(M) / np.maximum(M.sum(axis=1), M.sum(axis=0))
    return {1: float(il.iba(d.C, d.alpha)), 2: float(il.ac(d.C)), 3: float(il.cba(M)),
            4: float(il.hmnc(d.C)), 5: int(np.argmin(terms))}


def _week3(d: ProblemData) -> dict[int, Any]:
    y, s1, s2 = d.y_true, d.score_1, d.score_2
    pred = (s2 >= d.threshold).astype(np.int64)
    auc = [float(il.roc_auc(y, s)) for s in (s1, s2)]
    ap = [float(il.average_precision(y, s)) for s in (s1, s2)]

    def better(v: list[float]) -> Any:
        return "score_1" if v[0] > v[1] else ("score_2" if v[1] > v[0] else ("score_1", "score_2"))

    return {1: auc[0], 2: ap[0], 3: ap[0] / float(np.mean(y)),
            4: float(il.precision(_matrix(y, pred), zero_division=0.0)),
            5: better(auc), 6: better(ap)}


def _week4(d: ProblemData) -> dict[int, Any]:
    (_, _), (fn, tp) = d.C
    tpr = tp / (tp + fn)
    right_a, right_b = d.pred_a == d.y_true, d.pred_b == d.y_true
    b, c = int(np.sum(right_a & ~right_b)), int(np.sum(~right_a & right_b))
    chi2 = (b - c) ** 2 / (b + c) if b + c else 0.0
    return {1: float(stats.beta.ppf(0.025, tp + 0.5, fn + 0.5)),
            2: float(stats.beta.ppf(0.975, tp + 0.5, fn + 0.5)),
            3: float(np.sqrt(tpr * (1 - tpr) / (tp + fn))), 4: float(chi2),
            5: "yes" if stats.chi2.sf(chi2, 1) < 0.05 else "no"}


def _week5(d: ProblemData) -> dict[int, Any]:
    mats = d.matrices
    acc, ba, mcc = (np.asarray(f(mats)) for f in (il.accuracy, il.balanced_accuracy, il.mcc))
    by_ba = np.argmax(ba, axis=1)
    return {1: int(np.argmax(acc[0])), 2: int(np.argmax(mcc[0])),
            3: int(np.sum(np.argmax(acc, axis=1) != by_ba)),
            4: float(np.mean(mcc[np.arange(len(mats)), by_ba]))}


def _week6(d: ProblemData) -> dict[int, Any]:
    C = _matrix(d.y_true, (d.score >= d.threshold).astype(np.int64))
    costs = np.array([[0.0, d.cost_fp], [d.cost_fn, 0.0]])
    nb = il.net_benefit(d.y_true, d.score, [d.pt])
    return {1: float(il.bayes_threshold(costs)),
            2: float(il.at_prevalence(C, il.precision, d.new_prevalence)),
            3: float(il.expected_cost(C, costs)), 4: float(nb.model[0]),
            # a model that treats everyone ties with treating everyone: "no", whatever the rounding
            5: "yes" if nb.model[0] > nb.treat_all[0] + 1e-12 else "no"}


_SOLVERS = {1: _week1, 2: _week2, 3: _week3, 4: _week4, 5: _week5, 6: _week6}


def solve(week: int, seed: int) -> dict[int, Any]:
    """The answers of problem set ``week`` for ``seed``: item number -> answer (a float,
    an int, a choice, or a tuple of choices when several are right).

    >>> sorted(solve(1, 7))
    [1, 2, 3, 4, 5]
    """
    data = make_problem_data(week, seed)
    return _SOLVERS[data.week](data)
