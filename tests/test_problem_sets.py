"""The weekly problem sets: seeded data, the instructor's answers checked against
independent computations (scikit-learn, hand formulas), the tolerances, and the marking
of every kind of answer (no kernel: fast). The end-to-end runs of submitted notebooks
are in ``test_problem_sets_grading.py``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy import special
from sklearn import metrics as skm

from imbalance_lib.book.problems import ITEMS, WEEKS, items, make_problem_data
from imbalance_lib.book.problems.grade import Mark, mark_item, read_number
from imbalance_lib.book.problems.solutions import solve

ROOT = Path(__file__).resolve().parents[1]
SETS = ROOT / "chapters" / "problem_sets"
SEEDS = (0, 7, 31, 2026, 99991)


def _values(d) -> list[bytes]:
    return [np.asarray(v).tobytes() for v in d.values.values()]


@pytest.mark.parametrize("week", WEEKS)
def test_the_seed_determines_the_data(week):
    a, b, c = (make_problem_data(week, s) for s in (11, 11, 12))
    assert _values(a) == _values(b)
    assert _values(a) != _values(c)
    assert a.seed == 11 and a.week == week
    for v in a.values.values():  # whole counts, labels, or scores with two decimals
        arr = np.asarray(v, dtype=float)
        assert np.array_equal(arr, np.round(arr, 2))


@pytest.mark.parametrize("bad", [(0, 1), (7, 1), ("1", 1), (1, -1), (1, 1.5), (True, 1)])
def test_bad_week_or_seed_is_refused(bad):
    with pytest.raises(ValueError, match="week|seed"):
        make_problem_data(*bad)


def _rates(C):
    (tn, fp), (fn, tp) = np.asarray(C, dtype=float)
    return tp / (tp + fn), tn / (tn + fp), tn, fp, fn, tp


def _labels(C):
    """Labels and predictions that give the binary matrix C (for scikit-learn)."""
    (tn, fp), (fn, tp) = np.asarray(C)
    y = np.repeat([0, 0, 1, 1], [tn, fp, fn, tp])
    p = np.repeat([0, 1, 0, 1], [tn, fp, fn, tp])
    return y, p


@pytest.mark.parametrize("seed", SEEDS)
def test_week1_answers(seed):
    d, a = make_problem_data(1, seed), solve(1, seed)
    y, p = _labels(d.C)
    tpr, tnr, *_ = _rates(d.C)
    assert a[1] == pytest.approx(skm.balanced_accuracy_score(y, p), abs=1e-12)
    assert a[2] == pytest.approx(skm.matthews_corrcoef(y, p), abs=1e-12)
    assert a[3] == pytest.approx(d.alpha * tpr + (1 - d.alpha) * tnr, abs=1e-12)
    ba = [skm.balanced_accuracy_score(d.y_true, q) for q in (d.pred_a, d.pred_b)]
    assert a[4] == pytest.approx(ba[1] - ba[0], abs=1e-12)
    acc = [skm.accuracy_score(d.y_true, q) for q in (d.pred_a, d.pred_b)]
    assert a[5] == ("A" if acc[0] > acc[1] else "B" if acc[1] > acc[0] else ("A", "B"))


@pytest.mark.parametrize("seed", SEEDS)
def test_week2_answers(seed):
    d, a = make_problem_data(2, seed), solve(2, seed)
    tpr, tnr, *_ = _rates(d.C)
    assert a[1] == pytest.approx((1 + d.alpha * (tpr - tnr)) * tpr * tnr, abs=1e-12)
    assert a[2] == pytest.approx(2 * tpr * tnr / (tpr + tnr), abs=1e-12)
    M = skm.confusion_matrix(d.y_multi, d.pred_multi)
    rows, cols, diag = M.sum(1), M.sum(0), np.diag(M)
    big = np.maximum(rows, cols)
    assert a[3] == pytest.approx(np.mean(diag / big), abs=1e-12)
    (tn, fp), (fn, tp) = d.C
    n, pos, neg = tn + fp + fn + tp, tp + fn, tn + fp
    assert a[4] == pytest.approx(tp * tn * n / ((tp + tn) * pos * neg), abs=1e-12)  # Burduk's HMNC
    assert a[5] == int(np.argmin(diag / big))


@pytest.mark.parametrize("seed", SEEDS)
def test_week3_answers(seed):
    d, a = make_problem_data(3, seed), solve(3, seed)
    auc = [skm.roc_auc_score(d.y_true, s) for s in (d.score_1, d.score_2)]
    ap = [skm.average_precision_score(d.y_true, s) for s in (d.score_1, d.score_2)]
    assert a[1] == pytest.approx(auc[0], abs=1e-12)
    assert a[2] == pytest.approx(ap[0], abs=1e-12)
    assert a[3] == pytest.approx(ap[0] / d.y_true.mean(), abs=1e-9)
    pred = d.score_2 >= d.threshold
    assert a[4] == pytest.approx(skm.precision_score(d.y_true, pred, zero_division=0.0))
    assert a[5] == ("score_1" if auc[0] > auc[1] else "score_2")
    assert a[6] == ("score_1" if ap[0] > ap[1] else "score_2")


@pytest.mark.parametrize("seed", SEEDS)
def test_week4_answers(seed):
    d, a = make_problem_data(4, seed), solve(4, seed)
    tpr, _, _, _, fn, tp = _rates(d.C)
    # the ends are the Beta quantiles: the regularised incomplete beta function there
    assert special.betainc(tp + 0.5, fn + 0.5, a[1]) == pytest.approx(0.025, abs=1e-9)
    assert special.betainc(tp + 0.5, fn + 0.5, a[2]) == pytest.approx(0.975, abs=1e-9)
    assert a[3] == pytest.approx((tpr * (1 - tpr) / (tp + fn)) ** 0.5, abs=1e-12)
    b = c = 0
    for t, pa, pb in zip(d.y_true.tolist(), d.pred_a.tolist(), d.pred_b.tolist()):
        b += pa == t and pb != t
        c += pa != t and pb == t
    assert a[4] == pytest.approx((b - c) ** 2 / (b + c), abs=1e-12)
    # chi-square with one degree of freedom: P(X > x) = erfc(sqrt(x / 2))
    assert a[5] == ("yes" if special.erfc((a[4] / 2) ** 0.5) < 0.05 else "no")


@pytest.mark.parametrize("seed", SEEDS)
def test_week5_answers(seed):
    d, a = make_problem_data(5, seed), solve(5, seed)
    acc, ba, mcc = (np.zeros((8, 3)) for _ in range(3))
    for i in range(8):
        for m in range(3):
            y, p = _labels(d.matrices[i, m])
            acc[i, m] = skm.accuracy_score(y, p)
            ba[i, m] = skm.balanced_accuracy_score(y, p)
            mcc[i, m] = skm.matthews_corrcoef(y, p)
    first = [int(np.flatnonzero(r == r.max())[0]) for r in ba]  # ties: the smaller number
    assert a[1] == int(np.flatnonzero(acc[0] == acc[0].max())[0])
    assert a[2] == int(np.flatnonzero(mcc[0] == mcc[0].max())[0])
    assert a[3] == sum(int(np.flatnonzero(r == r.max())[0]) != f for r, f in zip(acc, first))
    assert a[4] == pytest.approx(np.mean([mcc[i, f] for i, f in enumerate(first)]), abs=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_week6_answers(seed):
    d, a = make_problem_data(6, seed), solve(6, seed)
    assert a[1] == pytest.approx(d.cost_fp / (d.cost_fp + d.cost_fn), abs=1e-12)
    y, pred = d.y_true, (d.score >= d.threshold).astype(int)
    tn, fp, fn, tp = skm.confusion_matrix(y, pred, labels=[0, 1]).ravel()
    tpr, fpr, pi = tp / (tp + fn), fp / (fp + tn), d.new_prevalence
    assert a[2] == pytest.approx(tpr * pi / (tpr * pi + fpr * (1 - pi)), abs=1e-12)
    assert a[3] == pytest.approx((fp * d.cost_fp + fn * d.cost_fn) / len(y), abs=1e-12)
    treat = d.score >= d.pt
    w = d.pt / (1 - d.pt)
    nb = (np.sum(treat & (y == 1)) - np.sum(treat & (y == 0)) * w) / len(y)
    assert a[4] == pytest.approx(nb, abs=1e-12)
    treat_all = y.mean() - (1 - y.mean()) * w
    if np.all(treat):  # the model treats everyone: no better than treating everyone
        assert a[5] == "no"
    else:
        assert a[5] == ("yes" if nb > treat_all else "no")


@pytest.mark.parametrize("week", WEEKS)
def test_every_item_has_an_answer_within_its_tolerance(week):
    """A number rounded to the digits its item asks for is marked right (with a margin of
    at least twice the rounding), one just outside the tolerance is marked wrong."""
    for seed in range(40):
        answers = solve(week, seed)
        for it in items(week):
            if it.kind == "manual":
                assert it.number not in answers
                continue
            exact = answers[it.number]
            if it.kind != "number":
                right = exact[0] if isinstance(exact, tuple) else exact
                assert mark_item(it, {"value": right}, exact).points == it.points
                continue
            digits = 2 if it.tol >= 0.02 else 3
            assert it.tol >= 2 * 0.5 * 10.0 ** -digits
            for given in (exact, round(exact, digits), f"{exact:.{digits}f}"):
                assert mark_item(it, {"value": given}, exact).points == it.points, (seed, it)
            for off in (1.01 * it.tol, -1.01 * it.tol):
                assert mark_item(it, {"value": exact + off}, exact).points == 0


def test_every_week_has_at_least_four_graded_items_and_a_written_one():
    for week in WEEKS:
        kinds = [it.kind for it in ITEMS[week]]
        assert len([k for k in kinds if k != "manual"]) >= 4 and "manual" in kinds
        assert [it.number for it in ITEMS[week]] == list(range(1, len(kinds) + 1))


NUMBER = items(1)[0]
CHOICE = items(1)[4]
WHOLE = items(2)[4]


@pytest.mark.parametrize("given,points,message", [
    ({"value": 0.5}, 1.0, "right"),
    ({"value": "0.5"}, 1.0, "right"),
    ({"value": "1/2"}, 1.0, "right"),
    ({"value": "50%"}, 1.0, "right"),
    ({"value": "0,5"}, 1.0, "right"),
    ({"value": "400"}, 0.0, "wrong (tolerance 0.002)"),
    ({"value": 0.51}, 0.0, "wrong (tolerance 0.002)"),
    ({"value": "about a half"}, 0.0, "answer_1: could not read 'about a half' as a number"),
    ({"value": True}, 0.0, "answer_1: could not read True as a number"),
    ({"value": float("nan")}, 0.0, "answer_1: nan is not a finite number"),
    ({"missing": True}, 0.0, "answer_1 is not answered (still ...)"),
    (None, 0.0, "answer_1 is not defined"),
    ({"repr": "[0.5, 0.6]"}, 0.0, "answer_1 should be a single number, got [0.5, 0.6]"),
])
def test_marking_a_number(given, points, message):
    assert mark_item(NUMBER, given, 0.5) == Mark(1, points, 1.0, message)


def test_marking_choices_and_whole_numbers():
    assert mark_item(CHOICE, {"value": " a "}, "A").points == 1.0
    assert mark_item(CHOICE, {"value": "B"}, "A") == Mark(5, 0.0, 1.0, "wrong choice")
    assert mark_item(CHOICE, {"value": "B"}, ("A", "B")).points == 1.0  # a tie: both right
    assert mark_item(CHOICE, {"value": "C"}, "A").message == "answer_5 = 'C' is not one of ['A', 'B']"
    assert mark_item(WHOLE, {"value": "2"}, 2).points == 1.0
    assert mark_item(WHOLE, {"value": 2.4}, 2).points == 0.0
    assert mark_item(items(1)[5], None, None) == Mark(6, 0.0, 0.0, "written answer: read by hand")


def test_read_number_refuses_what_is_not_a_number():
    for bad in ("", "1/0", "0.5.1", "x", [0.5]):
        with pytest.raises(ValueError, match="as a number"):
            read_number(bad)


@pytest.mark.parametrize("week", WEEKS)
def test_the_stored_sets_show_no_answer(week):
    """Every answer cell of the stored page is the form ``answer_<k> = ...``, with no output."""
    nb = json.loads((SETS / f"week{week}.ipynb").read_text(encoding="utf-8"))
    assert nb["metadata"]["imbalance_problem_set"]["week"] == week
    cells = [c for c in nb["cells"] if c["cell_type"] == "code" and "answer_" in "".join(c["source"])]
    graded = [it for it in items(week) if it.kind != "manual"]
    assert len(cells) == len(graded)
    for it, cell in zip(graded, cells):
        lines = [ln for ln in "".join(cell["source"]).splitlines() if ln.startswith("answer_")]
        assert lines == [lines[0]] and lines[0].split("#")[0].strip() == f"{it.name} = ..."
        assert cell["outputs"] == []
    text = json.dumps(nb)
    assert "Problem set" in text and "seed 2026" in text  # the seed printed at the top


def test_no_choice_can_be_guessed():
    """Over 200 seeds every option of every choice item is the answer at least a fifth of
    the time: always giving one answer cannot earn more than four points in five."""
    from collections import Counter

    from imbalance_lib.book.problems.items import items

    for week in range(1, 7):
        for item in (i for i in items(week) if i.kind == "choice"):
            answers = [solve(week, seed)[item.number] for seed in range(200)]
            counts = Counter(a for a in answers if isinstance(a, str))
            for option in item.choices:
                assert counts[option] >= 40, (week, item.number, counts)
