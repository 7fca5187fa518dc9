"""Check a numeric answer to an exercise without the notebook holding the answer.

A student edition of a chapter leaves the solutions out; after every exercise
with a numeric answer it holds a cell that calls :func:`check`::

    >>> from imbalance_lib.book.answers import check
    >>> check("hmnc-ex-form", 0.1)
    hmnc-ex-form: wrong: not within 0.0005 of the answer
    False

What is stored
    The table ``answers.json`` next to this module holds, per exercise part, a
    salted SHA-256 hash of the answer rounded to a grid, never the answer. A value
    is checked by hashing the grid points near it. This hides the answer from a
    reader of the file, not from someone who tries every value (a three-decimal
    answer has a few thousand candidates): it is a self-test, not an exam. The
    student edition's archive therefore holds neither the hashes nor the answers'
    expressions (``imbalance_lib/book/editions/withhold.py``); ``--answer-key FILE``
    writes the answers themselves, for a lecturer to keep and grade with.

Tolerance (stated by every verdict)
    * counts and sizes (``kind="int"``): the exact integer;
    * answers with ``|answer| < 10`` (and zero): absolute, ``5e-4`` - any value
      correct to three decimals is right;
    * other answers (large, or below 0.01 in size): relative, ``0.5 %`` (three
      significant digits), measured as ``|ln(value / answer)| <= 0.005``;
    * Monte Carlo answers (a limit of an interval from resampling): the median of the
      solution's computation with its own seed and 100 others, absolute, the
      smallest of 0.002, 0.005, 0.01, 0.02, 0.05, 0.1 that holds all 101 values.

    With a tolerance ``tol`` the answer is stored on a grid of step ``tol / 50``:
    every value within ``tol`` of the answer is right, none further than
    ``tol * 1.02`` from it.

Where the answers come from
    ``python -m imbalance_lib.book.answers --rebuild`` runs, for every exercise in
    :data:`EXERCISES`, the solution's own code cells from the chapter notebook
    (after the imports of the chapter's first code cell and the cells that define
    what the solutions use), then evaluates each part's expression in what the
    solution left behind, and writes the table. ``--verify`` recomputes the table
    and says whether the stored one is current.

:func:`add_checks` puts the cells that call :func:`check` into a chapter's
student notebook.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import hashlib
import io
import json
import math
import numbers
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

DATA = Path(__file__).with_name("answers.json")
CHAPTERS = Path(__file__).resolve().parents[2] / "chapters"
SALT = "imbalance-book-answers-1"

ABS_TOL = 5e-4  # three decimals
REL_TOL = 5e-3  # three significant digits
MC_LADDER = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1)
MC_SEEDS = range(1, 101)
GRID = 50  # grid points per tolerance
# the tag of the cells that add_checks adds (the site gives them the class tag_<tag>; the
# student PDF leaves them out: code that cannot run on paper)
CHECK_TAG = "answer-check"


@dataclass(frozen=True)
class Part:
    """One numeric answer of an exercise.

    ``expr`` is evaluated after the solution's code cells ran, in what they left
    behind; ``seeds`` (Monte Carlo answers only) is the same computation with
    ``{seed}`` in place of the solution's random seed (see the tolerance rule).
    """

    name: str  # "" for an exercise with one answer, else "a", "b", ...
    what: str  # what the value is, shown in the student's cell
    expr: str
    kind: str | None = None  # "int" for counts; otherwise chosen by the rule above
    seeds: str | None = None


@dataclass(frozen=True)
class Exercise:
    label: str
    chapter: str
    parts: tuple[Part, ...]


def _one(what, expr, **kw):
    return (Part("", what, expr, **kw),)


def _parts(*items):
    return tuple(Part(chr(ord("a") + i), what, expr, **kw)
                 for i, (what, expr, kw) in enumerate(
                     (it if len(it) == 3 else (*it, {})) for it in items))


_CI = "confidence_interval(C, {m!r}, method={me!r}, random_state={s})[{i}]"


def _ci(what, m, me, i):
    """A limit of the interval of the solution (seed 0), and the same with other seeds."""
    return (what, _CI.format(m=m, me=me, s=0, i=i),
            {"seeds": _CI.format(m=m, me=me, s="{seed}", i=i)})


EXERCISES: tuple[Exercise, ...] = (
    # balanced_accuracy
    Exercise("ba-ex-screening", "balanced_accuracy", _parts(
        ("ACC of the screening test", "il.accuracy(S)"),
        ("BA of the screening test", "il.balanced_accuracy(S)"),
        ("GM of the screening test", "il.g_mean(S)"),
        ("ACC of declaring everyone healthy", "il.accuracy(healthy)"))),
    Exercise("ba-ex-cost", "balanced_accuracy", _parts(
        ("alpha of weighted accuracy for these costs", "alpha_f"),
        ("cost ratio r that balanced accuracy assumes here", "(1 - pi_f) / pi_f",
         {"kind": "int"}))),
    Exercise("ba-ex-shift", "balanced_accuracy", _parts(
        ("ACC of the running example on the shifted test set", "il.accuracy(shifted)"),
        ("BA of the running example on the shifted test set",
         "il.balanced_accuracy(shifted)"))),
    Exercise("ba-ex-chance", "balanced_accuracy", _one(
        "probability that a coin flip reaches BA >= 0.62", "p_chance")),
    # hmnc
    Exercise("hmnc-ex-form", "hmnc", _one("HMNC of Psi_2 in Table 2", "il.hmnc(C)")),
    Exercise("hmnc-ex-sensitivity", "hmnc", _one(
        "majority samples worth one minority sample, to first order",
        # the ratio of the two partial derivatives, by central differences of h
        "(h(700, 5 + 1e-3) - h(700, 5 - 1e-3)) / (h(700 + 1e-3, 5) - h(700 - 1e-3, 5))")),
    Exercise("hmnc-ex-equal", "hmnc", _one(
        "number of matrices with P = 3, N = 2 on which HMNC equals BA", "len(hits)",
        kind="int")),
    Exercise("hmnc-ex-kappa", "hmnc", _one(
        "smallest kappa with P = 1000 and N = 400", "float(k.min())")),
    # iba
    Exercise("iba-ex-compute", "iba", _parts(
        ("dominance", "il.dominance(C)"),
        ("GM squared", "il.g_mean(C) ** 2"),
        ("IBA with alpha = 0.1", "il.iba(C, alpha=0.1)"),
        ("IBA with alpha = 1", "il.iba(C, alpha=1)"),
        ("IBA with alpha = 0.1, labels exchanged", "il.iba(swap(C), alpha=0.1)"))),
    Exercise("iba-ex-bound", "iba", _parts(
        ("dominance d that maximises the bound for alpha = 1",
         "_argmax(lambda d: (1 + 1 * d) * (1 - abs(d)), -1, 1)"),
        ("dominance d that maximises the bound for alpha = 2",
         "_argmax(lambda d: max(1 + 2 * d, 0) * (1 - abs(d)), -1, 1)"),
        ("the largest value of the bound for alpha = 2",
         "_maximum(lambda d: max(1 + 2 * d, 0) * (1 - abs(d)), -1, 1)"))),
    Exercise("iba-ex-op-mirror", "iba", _parts(
        ("prevalence at which OP's preference between the two switches",
         "_root(lambda p: il.optimized_precision(from_rates(0.9, 0.6, p))"
         " - il.optimized_precision(from_rates(0.6, 0.9, p)), 0.01, 0.99)"),
        ("IBA_0.1 of (0.9, 0.6) minus IBA_0.1 of (0.6, 0.9)",
         "il.iba(A, alpha=0.1) - il.iba(B, alpha=0.1)"),
        ("OP of (0.9, 0.6) minus OP of (0.6, 0.9) at pi = 0.1",
         "il.optimized_precision(from_rates(0.9, 0.6, 0.1))"
         " - il.optimized_precision(from_rates(0.6, 0.9, 0.1))"),
        ("OP of (0.9, 0.6) minus OP of (0.6, 0.9) at pi = 0.7",
         "il.optimized_precision(from_rates(0.9, 0.6, 0.7))"
         " - il.optimized_precision(from_rates(0.6, 0.9, 0.7))"))),
    # ac_score
    Exercise("ac-ex-compute", "ac_score", _parts(
        ("AC-score", "il.ac(C)"),
        ("GM", "il.g_mean(C)"),
        ("BA", "il.balanced_accuracy(C)"),
        ("HMNC", "il.hmnc(C)"),
        ("F1", "il.f1(C)"))),
    Exercise("ac-ex-power", "ac_score", _one(
        "power mean M_-3 of TPR and TNR", "((t**-3 + s**-3) / 2) ** (-1 / 3)")),
    Exercise("ac-ex-lda-average", "ac_score", _one(
        "test predictions on which the two LDAs differ", "int(np.sum(averaged != single))",
        kind="int")),
    Exercise("ac-ex-ties", "ac_score", _parts(
        ("best cut for accuracy",
         'il.optimal_operating_point(y_tie, z_knn, metric="accuracy").threshold'),
        ("best cut for nmc_criterion",
         "il.optimal_operating_point(y_tie, z_knn, metric=nmc_criterion).threshold"),
        ("best cut for the AC-score",
         'il.optimal_operating_point(y_tie, z_knn, metric="ac").threshold'))),
    # iam
    Exercise("iam-ex-hand", "iam", _parts(
        ("IAM", "il.iam(C)"),
        ("accuracy", "il.accuracy(C)"))),
    Exercise("iam-ex-six", "iam", _one(
        # IAM - ACC tends to the IAM of the extremal family as its count t grows
        "the largest possible excess of IAM over ACC for k = 6 (a supremum)",
        "il.iam(C)")),
    # intervals
    Exercise("int-ex-five", "intervals", _parts(
        _ci("Bayesian interval of TPR: lower limit", "tpr", "bayes", 0),
        _ci("bootstrap interval of TPR: lower limit", "tpr", "bootstrap", 0),
        _ci("Bayesian interval of GM: lower limit", "g_mean", "bayes", 0),
        _ci("Bayesian interval of GM: upper limit", "g_mean", "bayes", 1),
        _ci("bootstrap interval of GM: lower limit", "g_mean", "bootstrap", 0),
        _ci("bootstrap interval of GM: upper limit", "g_mean", "bootstrap", 1))),
    Exercise("int-ex-jeffreys", "intervals", _parts(
        ("Jeffreys interval, TP = 3, FN = 7: lower limit",
         "float(stats.beta(3 + 0.5, 7 + 0.5).ppf(0.025))"),
        ("Jeffreys interval, TP = 3, FN = 7: upper limit",
         "float(stats.beta(3 + 0.5, 7 + 0.5).ppf(0.975))"),
        ("Jeffreys interval, TP = 10, FN = 0: lower limit",
         "float(stats.beta(10 + 0.5, 0 + 0.5).ppf(0.025))"))),
    Exercise("int-ex-size", "intervals", _one(
        "smallest number of minority samples (of 10, 20, 50, ..., 800)",
        "int(P_grid[(high - low) < 0.1].min())", kind="int",
        seeds="int(P_grid[np.subtract(*confidence_interval(stack, 'iba',"
              " random_state={seed})[::-1]) < 0.1].min())")),
    Exercise("int-ex-paired", "intervals", _parts(
        ("paired interval: lower limit", "paired.low",
         {"seeds": "compare(J, 'tpr', random_state={seed}).low"}),
        ("paired interval: upper limit", "paired.high",
         {"seeds": "compare(J, 'tpr', random_state={seed}).high"}),
        ("unpaired interval: lower limit", "float(low)",
         {"seeds": "float(unpaired(J.sum(axis=2), J.sum(axis=1), il.tpr,"
                   " seed={seed})[0])"}),
        ("unpaired interval: upper limit", "float(high)",
         {"seeds": "float(unpaired(J.sum(axis=2), J.sum(axis=1), il.tpr,"
                   " seed={seed})[1])"}))),
    # ranking
    Exercise("rank-ex-pairs", "ranking", _one("AUROC", "_[0]")),
    Exercise("rank-ex-atomic", "ranking", _parts(
        ("change of AP from fixing the mistake at rank 2", '_["rank 2"]'),
        ("change of AP from fixing the mistake at rank 50", '_["rank 50"]'))),
    Exercise("rank-ex-baseline", "ranking", _parts(
        ("average AP of a random ranking", "ranking.expected_random_ap(200, 2)"),
        ("share of random rankings with AP >= 0.05",
         'ranking.random_ap_tail(200, 2, "0.05")'))),
    # deployment
    Exercise("dep-ex-bayes", "deployment", _one("threshold", "_")),
    Exercise("dep-ex-under", "deployment", _one("probability under the original prior",
                                                "_[0]")),
    # synthesis
    Exercise("syn-ex-deploy", "synthesis", _parts(
        ("accuracy at pi = 0.2", 'float(props.evaluate("accuracy", ex[0.2]))'),
        ("F1 at pi = 0.2", 'float(props.evaluate("f1", ex[0.2]))'),
        ("BA at pi = 0.2", 'float(props.evaluate("balanced_accuracy", ex[0.2]))'),
        ("accuracy at pi = 0.01", 'float(props.evaluate("accuracy", ex[0.01]))'),
        ("F1 at pi = 0.01", 'float(props.evaluate("f1", ex[0.01]))'),
        ("BA at pi = 0.01", 'float(props.evaluate("balanced_accuracy", ex[0.01]))'))),
)

# Exercises without a numeric answer to check, and why.
NO_CHECK: dict[str, str] = {
    "ac-ex-slope": "a proof and a verbal comparison",
    "ba-ex-multiclass": "a proof with a symbolic answer",
    "dep-ex-mcc": "a proof",
    "dep-ex-nb": "a reading of a decision curve in words",
    "iam-ex-balanced": "a proof",
    "iam-ex-rules": "a model's name and a proof",
    "iba-ex-scorer": "which scorers agree, and why",
    "rank-ex-order": "a proof and a ranking built to show it",
    "syn-ex-iam": "a proof and a check that prints True",
    "syn-ex-prevfree": "a proof and a list of metrics",
    "syn-ex-study": "names of a data set and of models",
}

# What the solutions of a chapter use besides the imports of its first code cell:
# the notebook's cells that define it (found by their first line).
CONTEXT: dict[str, tuple[str, ...]] = {
    "ac_score": (r"^tie = ac_score\.tie_experiment\(",),
    "balanced_accuracy": (r"^y_true = np\.repeat\(",),
    "intervals": (r"^def unpaired\(",),
}


# ---------------------------------------------------------------------------------------
# Hashing and checking
# ---------------------------------------------------------------------------------------

def _digest(label: str, part: str, kind: str, tol: float, k: int) -> str:
    text = f"{SALT}|{label}|{part}|{kind}|{tol!r}|{k}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _coordinate(kind: str, value: float) -> float:
    """The axis on which the grid lies: the value, or its log for a relative tolerance."""
    return math.log(abs(value)) if kind == "rel" else value


def _sign(kind: str, value: float) -> str:
    return ("-" if value < 0 else "+") if kind == "rel" else ""


def _encode(label: str, part: str, kind: str, tol: float, answer: float) -> str:
    if kind == "int":
        return _digest(label, part, kind, tol, int(round(answer)))
    k = int(round(_coordinate(kind, answer) / (tol / GRID)))
    return _sign(kind, answer) + _digest(label, part, kind, tol, k)


def _matches(entry: dict, label: str, part: str, value: float) -> bool:
    kind, tol, stored = entry["kind"], entry["tol"], entry["hash"]
    if kind == "int":
        k = round(value)
        return abs(value - k) <= 1e-9 * max(1.0, abs(value)) and \
            _digest(label, part, kind, tol, int(k)) == stored
    if kind == "rel" and (value == 0 or _sign(kind, value) != stored[0]):
        return False
    step = tol / GRID
    x = _coordinate(kind, value)
    reach = tol + step / 2
    digest = stored.lstrip("+-")
    if abs(x) > 2.0**40 * step:  # so large that floats cannot resolve the grid there
        return False
    lo, hi = math.ceil((x - reach) / step), math.floor((x + reach) / step)
    for k in range(lo, hi + 1):
        if abs(k * step - x) <= reach and _digest(label, part, kind, tol, k) == digest:
            return True
    return False


def describe_tolerance(entry: dict) -> str:
    """The tolerance of a table entry in words, e.g. ``within 0.0005 of the answer``."""
    kind, tol = entry["kind"], entry["tol"]
    if kind == "int":
        return "exactly the answer, a whole number"
    if kind == "rel":
        return f"within {100 * tol:g} % of the answer"
    extra = " (Monte Carlo: other random seeds move it this much)" \
        if entry.get("monte_carlo") else ""
    return f"within {tol:g} of the answer{extra}"


@cache
def table() -> dict:
    """The stored table: ``{label: {"chapter": ..., "parts": {part: entry}}}``."""
    return json.loads(DATA.read_text(encoding="utf-8"))["exercises"]


class UnknownExercise(KeyError):
    """A label or part that has no stored answer."""

    def __str__(self):  # KeyError quotes its message; this one reads as a sentence
        return str(self.args[0])


def _entry(label: str, part: str | None) -> tuple[str, dict]:
    if not isinstance(label, str):
        raise TypeError(f"the exercise label must be a string such as 'hmnc-ex-form', "
                        f"not {type(label).__name__}")
    exercises = table()
    if label not in exercises:
        if label in NO_CHECK:
            raise UnknownExercise(f"exercise {label!r} has no numeric answer to check "
                                  f"({NO_CHECK[label]})")
        close = [k for k in sorted(exercises) if k.split("-")[0] == label.split("-")[0]]
        hint = f"; labels of that chapter: {', '.join(close)}" if close else ""
        raise UnknownExercise(f"no exercise {label!r} has a stored answer{hint}")
    parts = exercises[label]["parts"]
    names = [p for p in parts if p]
    if part is None or part == "":
        if "" in parts:
            return "", parts[""]
        raise UnknownExercise(
            f"exercise {label!r} has parts {', '.join(names)}: call "
            f"check({label!r}, value, part={names[0]!r}); "
            + "; ".join(f"part {p}: {parts[p]['what']}" for p in names))
    if not isinstance(part, str) or part not in parts:
        if "" in parts:
            raise UnknownExercise(f"exercise {label!r} has one answer: call "
                                  f"check({label!r}, value) without a part")
        raise UnknownExercise(f"exercise {label!r} has no part {part!r}; its parts are "
                              f"{', '.join(names)}")
    return part, parts[part]


def _number(value) -> float:
    """``value`` as a finite float, or a clear error."""
    if isinstance(value, np.ndarray):
        if value.size != 1:
            raise TypeError(f"check takes one number, not an array of shape {value.shape}: "
                            f"check each value on its own (with part=...)")
        value = value.reshape(()).item()
    if isinstance(value, (bool, np.bool_)):
        raise TypeError("check takes a number, not True or False")
    if isinstance(value, str):
        raise TypeError(f"check takes a number, not the string {value!r}"
                        " (leave out the quotes)")
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
        raise TypeError(f"check takes a real number, not {value!r}")
    try:
        x = float(value)
    except OverflowError:  # an integer beyond any float: far from every answer
        x = sys.float_info.max if value > 0 else -sys.float_info.max
    except (TypeError, ValueError):
        raise TypeError(f"check takes a number, not {type(value).__name__}") from None
    if math.isnan(x):
        raise ValueError("the value is nan (not a number): look at how it was computed")
    if math.isinf(x):
        raise ValueError("the value is infinite: no answer of the book is")
    return x


def check(label: str, value, part: str | None = None) -> bool:
    """Print whether ``value`` is the answer of exercise ``label`` (its ``part``).

    Prints ``right`` or ``wrong`` with the tolerance and returns True or False.
    ``value=None`` prints how to use it and returns False. An unknown label or
    part, or a value that is not one finite real number, raises an error that
    says what is wrong.

    >>> check("hmnc-ex-form", None)  # doctest: +ELLIPSIS
    hmnc-ex-form: no answer yet. Put your number in place of None and run the cell again ...
    False
    """
    name, entry = _entry(label, part)
    title = f"{label} ({name})" if name else label
    if value is None:
        print(f"{title}: no answer yet. Put your number in place of None and run the cell "
              f"again ({entry['what']}; right if {describe_tolerance(entry)}).")
        return False
    x = _number(value)
    if "hash" not in entry:  # the student edition's table: no answers, not even hashed
        print(f"{title}: this edition holds no answers to check against: hand in "
              f"{x!r} ({entry['what']}; right if {describe_tolerance(entry)}).")
        return False
    ok = _matches(entry, label, name, x)
    print(f"{title}: {'right' if ok else 'wrong'}: {'' if ok else 'not '}"
          f"{describe_tolerance(entry)}")
    return ok


# ---------------------------------------------------------------------------------------
# Student cells
# ---------------------------------------------------------------------------------------

_EXERCISE = re.compile(r"^\s*(?P<fence>`{3,}|:{3,})\{exercise\}")
_LABEL = re.compile(r"^\s*:label:\s*(?P<label>\S+)")


def exercise_ends(text: str) -> list[tuple[str, int]]:
    """``(label, end)`` for every exercise directive in markdown ``text``; ``end`` is the
    offset just after the directive's closing fence line.

    >>> exercise_ends(":::{exercise} Computation, basic\\n:label: e1\\nQ?\\n:::\\nMore")
    [('e1', 51)]
    """
    out, offset = [], 0
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        m = _EXERCISE.match(lines[i])
        if not m:
            offset += len(lines[i])
            i += 1
            continue
        label, j, end = None, i + 1, offset + len(lines[i])
        fence = m["fence"]  # closed by a line of the same character, at least as long
        closing = re.compile(rf"\s*{re.escape(fence[0])}{{{len(fence)},}}\s*")
        while j < len(lines) and not closing.fullmatch(lines[j]):
            lab = _LABEL.match(lines[j])
            if lab and label is None:
                label = lab["label"]
            end += len(lines[j])
            j += 1
        if j < len(lines):
            end += len(lines[j])
        if label:
            out.append((label, end))
        offset, i = end, j + 1
    return out


def check_cell(label: str) -> str:
    """The source of the code cell that checks exercise ``label``'s answers.

    >>> print(check_cell("hmnc-ex-form"))
    from imbalance_lib.book.answers import check
    <BLANKLINE>
    # Your number in place of None, then run the cell.
    # Right means within 0.0005 of the answer.
    your_answer = None  # HMNC of Psi_2 in Table 2
    ok = check("hmnc-ex-form", your_answer)
    """
    parts = table()[label]["parts"]
    head = "from imbalance_lib.book.answers import check\n\n"
    if "" in parts:
        entry = parts[""]
        return (head + "# Your number in place of None, then run the cell.\n"
                f"# Right means {describe_tolerance(entry)}.\n"
                f"your_answer = None  # {entry['what']}\n"
                f'ok = check("{label}", your_answer)')
    lines = [f'    "{p}": None,  # {e["what"]}' for p, e in parts.items()]
    tolerances = {describe_tolerance(e) for e in parts.values()}
    rule = (f"Right means {tolerances.pop()}." if len(tolerances) == 1
            else "Each verdict states its part's tolerance.")
    return (head + "# Your numbers in place of None, then run the cell.\n"
            f"# {rule}\n"
            "your_answers = {\n" + "\n".join(lines) + "\n}\n"
            "for part, value in your_answers.items():\n"
            f'    check("{label}", value, part=part)')


def add_checks(cells: list[dict], chapter: str) -> list[dict]:
    """``cells`` (a student notebook's, solutions removed) with a code cell calling
    :func:`check` after every exercise of ``chapter`` that has a stored answer.

    A markdown cell that goes on after such an exercise is split there. The new
    cells have ids ``check-<label>`` and the tag :data:`CHECK_TAG`; the input is not
    modified.
    """
    chapter = Path(chapter).stem
    wanted = {k for k, v in table().items() if v["chapter"] == chapter}
    out = []
    for cell in cells:
        if cell["cell_type"] != "markdown":
            out.append(cell)
            continue
        source = cell["source"]
        text = source if isinstance(source, str) else "".join(source)
        ends = [(lab, end) for lab, end in exercise_ends(text) if lab in wanted]
        start = 0
        for n, (label, end) in enumerate(ends):
            piece = dict(cell, source=text[start:end])
            if n and "id" in cell:
                piece["id"] = f"{cell['id']}-{n}"[:64]
            out.append(piece)
            new: dict[str, Any] = {"cell_type": "code", "execution_count": None,
                                   "metadata": {"tags": [CHECK_TAG]},
                   "outputs": [], "source": check_cell(label)}
            if "id" in cell:
                new["id"] = f"check-{label}"[:64]
            out.append(new)
            start = end
        rest = text[start:]
        if not ends:
            out.append(cell)
        elif rest.strip():
            piece = dict(cell, source=rest)
            if "id" in cell:
                piece["id"] = f"{cell['id']}-{len(ends)}"[:64]
            out.append(piece)
    return out


# ---------------------------------------------------------------------------------------
# Rebuilding the table from the solutions
# ---------------------------------------------------------------------------------------

_SOLUTION = re.compile(r"^\s*(`{3,}|:{3,})\{(solution-start|solution-end)\}\s*(\S*)")


def solution_cells(notebook: dict) -> dict[str, list[str]]:
    """The sources of the code cells of every gated solution, by exercise label."""
    out: dict[str, list[str]] = {}
    inside = None
    for cell in notebook["cells"]:
        source = cell["source"]
        text = source if isinstance(source, str) else "".join(source)
        if cell["cell_type"] == "markdown":
            for line in text.splitlines():
                m = _SOLUTION.match(line)
                if m:
                    inside = m[3] if m[2] == "solution-start" else None
                    if inside:
                        out.setdefault(inside, [])
        elif cell["cell_type"] == "code" and inside:
            out[inside].append(text)
    return out


def _run(source: str, namespace: dict) -> None:
    """Run a cell as Jupyter does: the value of a last expression goes to ``_``."""
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body = tree.body[:-1]
    exec(compile(tree, "<cell>", "exec"), namespace)
    if last is not None:
        namespace["_"] = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)


def _helpers() -> dict:
    from scipy.optimize import brentq

    grid = np.linspace(-1.0, 1.0, 200_001)

    def argmax(f, lo, hi):
        x = grid[(grid >= lo) & (grid <= hi)]
        return float(x[np.argmax([f(v) for v in x])])

    def maximum(f, lo, hi):
        x = grid[(grid >= lo) & (grid <= hi)]
        return float(max(f(v) for v in x))

    return {"_argmax": argmax, "_maximum": maximum,
            "_root": lambda f, lo, hi: float(brentq(f, lo, hi, xtol=1e-12))}


def _context(notebook: dict, chapter: str) -> list[str]:
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    src = [c["source"] if isinstance(c["source"], str) else "".join(c["source"]) for c in code]
    tree = ast.parse(src[0])
    imports = "\n".join(ast.unparse(n) for n in tree.body
                        if isinstance(n, (ast.Import, ast.ImportFrom)))
    cells = [imports]
    for pattern in CONTEXT.get(chapter, ()):
        found = [s for s in src if re.search(pattern, s, re.M)]
        if len(found) != 1:
            raise LookupError(f"{chapter}: {len(found)} cells match {pattern!r}")
        cells.append(found[0])
    return cells


def _kind(part: Part, answer: float) -> tuple[str, float]:
    if part.kind == "int":
        return "int", 0.0
    if answer == 0 or abs(answer) < 10 and abs(answer) >= 0.01:
        return "abs", ABS_TOL
    return "rel", REL_TOL


def compute(chapters: Path = CHAPTERS, progress=None) -> dict[str, dict[str, dict]]:
    """Run the solutions; ``{label: {part: {"value", "kind", "tol", ...}}}`` (plain values)."""
    import matplotlib

    matplotlib.use("Agg")
    results: dict[str, dict[str, dict]] = {}
    by_chapter: dict[str, list[Exercise]] = {}
    for ex in EXERCISES:
        by_chapter.setdefault(ex.chapter, []).append(ex)
    for chapter, exercises in by_chapter.items():
        nb = json.loads((chapters / f"{chapter}.ipynb").read_text(encoding="utf-8"))
        solutions = solution_cells(nb)
        ns: dict = {"__name__": f"answers_{chapter}"}
        with contextlib.redirect_stdout(io.StringIO()):
            for cell in _context(nb, chapter):
                _run(cell, ns)
        order = list(solutions)
        for ex in sorted(exercises, key=lambda e: order.index(e.label)):
            if progress:
                progress(ex.label)
            with contextlib.redirect_stdout(io.StringIO()):
                for cell in solutions[ex.label]:
                    _run(cell, ns)
            ns.update(_helpers())
            results[ex.label] = {}
            for part in ex.parts:
                value = float(eval(part.expr, ns))
                kind, tol = _kind(part, value)
                entry = {"value": value, "kind": kind, "tol": tol, "what": part.what}
                if part.seeds:
                    others = [float(eval(part.seeds.format(seed=s), ns)) for s in MC_SEEDS]
                    if kind == "int":
                        if any(round(o) != round(value) for o in others):
                            raise ValueError(f"{ex.label}: the count depends on the seed")
                    else:  # the median of all seeds, within the tolerance of every one
                        values = [value, *others]
                        entry["value"] = centre = float(np.median(values))
                        spread = max(abs(v - centre) for v in values)
                        entry["tol"] = next(t for t in MC_LADDER if t >= spread and t >= tol)
                        entry["monte_carlo"] = True
                results[ex.label][part.name] = entry
    return results


def build_table(results: dict[str, dict[str, dict]]) -> dict:
    """The JSON document written to :data:`DATA`: hashes, never the values."""
    chapter = {ex.label: ex.chapter for ex in EXERCISES}
    exercises = {}
    for label in sorted(results):
        parts = {}
        for name, r in results[label].items():
            entry = {"what": r["what"], "kind": r["kind"], "tol": r["tol"]}
            if r.get("monte_carlo"):
                entry["monte_carlo"] = True
            value = r["value"]
            if r["kind"] == "int":
                if abs(value - round(value)) > 1e-6:
                    raise ValueError(f"{label} ({name}): {value} is not an integer")
            entry["hash"] = _encode(label, name, r["kind"], r["tol"], value)
            parts[name] = entry
        exercises[label] = {"chapter": chapter[label], "parts": parts}
    return {"about": "Salted hashes of the exercises' answers rounded to a grid; "
                     "python -m imbalance_lib.book.answers --rebuild writes this file.",
            "exercises": exercises}


def dumps(doc: dict) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m imbalance_lib.book.answers",
                                     description=__doc__.split("\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--rebuild", action="store_true",
                       help=f"run the solutions and write {DATA.name}")
    group.add_argument("--verify", action="store_true",
                       help=f"run the solutions and compare with the stored {DATA.name}")
    group.add_argument("--answer-key", metavar="FILE", type=Path,
                       help="run the solutions and write their answers (values and "
                            "tolerances) to FILE, for the lecturer: never in a student edition")
    args = parser.parse_args(argv)
    results = compute(progress=lambda label: print(label, file=sys.stderr))
    if args.answer_key:
        args.answer_key.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n",
                                   encoding="utf-8")
        print(f"{args.answer_key}: the answer key, {len(results)} exercises")
        return 0
    text = dumps(build_table(results))
    n = sum(len(r) for r in results.values())
    if args.rebuild:
        DATA.write_text(text, encoding="utf-8")
        table.cache_clear()
        print(f"{DATA}: {len(results)} exercises, {n} answers")
        return 0
    same = DATA.exists() and DATA.read_text(encoding="utf-8") == text
    print(f"{DATA.name}: {'current' if same else 'OUT OF DATE: run --rebuild'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
