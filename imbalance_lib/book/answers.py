"""Check a numeric answer to an exercise without the notebook holding the answer.

A student edition of a chapter leaves the solutions out; after every exercise
with a numeric answer it holds a cell that calls :func:`check`::

    >>> from imbalance_lib.book.answers import check
    >>> check("hmnc-ex-form", 0.1)
    hmnc-ex-form: wrong: not within 0.001 of the answer (a self-test, not a grade)
    False

:func:`check` is a self-test for the reader, not grading: it takes a number, or a
number or fraction written as text (``"400"``, ``"0.25"``, ``"1/4"``); other text
gets a message that asks for a number, never a traceback.

What is stored
    The table ``answers.json`` next to this module holds, per exercise part, a
    salted SHA-256 hash of the answer rounded to a grid, never the answer. A value
    is checked by hashing the grid points near it. This hides the answer from a
    reader of the file, not from someone who tries every value (a three-decimal
    answer has a few thousand candidates): it is a self-test, not an exam. The
    student edition's archive therefore holds no hashes, and none of the solutions'
    code (:mod:`imbalance_lib.book.solutions`, which computes the table and the
    lecturer's answer key, is left out: ``imbalance_lib/book/editions/withhold.py``).

Tolerance (stated by every verdict)
    The rule: an answer given to the precision the exercise asks for, correctly
    rounded, is right with a margin of half the tolerance; so each tolerance is twice
    the largest rounding error of that precision, and no wider.

    * counts and sizes (``kind="int"``): the exact integer;
    * answers with ``|answer| < 10`` (and zero): absolute, ``0.001`` - an answer
      rounded to three decimals is off by at most 0.0005;
    * other answers (large, or below 0.01 in size): relative, ``1 %`` - rounded to
      three significant digits an answer is off by at most 0.5 %; measured as
      ``|ln(value / answer)| <= 0.01``;
    * Monte Carlo answers (a limit of an interval from resampling): centred on the
      median of the solution's computation with its own seed and 100 others, absolute,
      the smallest of :data:`MC_LADDER` that is at least twice (the largest distance of
      those 101 values from the centre plus 0.0005, the rounding of a three-decimal
      print).

    With a tolerance ``tol`` the answer is stored on a grid of step ``tol / 50``:
    every value within ``tol`` of the answer is right, none further than
    ``tol * 1.02`` from it.

The table is written by ``python -m imbalance_lib.book.solutions.answer_table
--rebuild`` (instructor-only); :mod:`imbalance_lib.book.answer_cells` writes the
student notebooks' check cells.
"""

from __future__ import annotations

import hashlib
import json
import math
import numbers
import re
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np

DATA = Path(__file__).with_name("answers.json")
SALT = "imbalance-book-answers-1"

ABS_TOL = 1e-3  # twice the rounding error of three decimals
REL_TOL = 1e-2  # twice the rounding error of three significant digits
MC_LADDER = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1)
PRINT_ROUNDING = 5e-4  # a value printed with three decimals is off by at most this
GRID = 50  # grid points per tolerance
# the tag of the cells that answer_cells adds (the site gives them the class tag_<tag>; the
# student PDF leaves them out: code that cannot run on paper)
CHECK_TAG = "answer-check"
SELF_TEST = "a self-test, not a grade"

# Exercises without a numeric answer to check, and why.
NO_CHECK: dict[str, str] = {
    "ac-ex-slope": "a proof and a verbal comparison",
    "ba-ex-multiclass": "a proof with a symbolic answer",
    "dep-ex-accuracy": "a proof",
    "dep-ex-nb": "a reading of a decision curve in words",
    "iam-ex-balanced": "a proof",
    "iam-ex-rules": "a model's name and a proof",
    "iba-ex-scorer": "which scorers agree, and why",
    "rank-ex-order": "a proof and a ranking built to show it",
    "syn-ex-iam": "a proof and a check that prints True",
    "syn-ex-prevfree": "a proof and a list of metrics",
    "syn-ex-study": "names of a data set and of models",
}




def _digest(label: str, part: str, kind: str, tol: float, k: int) -> str:
    text = f"{SALT}|{label}|{part}|{kind}|{tol!r}|{k}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _coordinate(kind: str, value: float) -> float:
    """The axis on which the grid lies: the value, or its log for a relative tolerance."""
    return math.log(abs(value)) if kind == "rel" else value


def _sign(kind: str, value: float) -> str:
    return ("-" if value < 0 else "+") if kind == "rel" else ""


def encode(label: str, part: str, kind: str, tol: float, answer: float) -> str:
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
    """The tolerance of a table entry in words, e.g. ``within 0.001 of the answer``."""
    kind, tol = entry["kind"], entry["tol"]
    if kind == "int":
        return "exactly the answer, a whole number"
    if kind == "rel":
        return f"within {100 * tol:g} % of the answer"
    extra = ", wide enough for other random seeds (a Monte Carlo answer)" \
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


_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_TEXT = re.compile(rf"\s*(?P<num>{_NUMBER})(?:\s*/\s*(?P<den>{_NUMBER}))?\s*")


def parse_text(text: str) -> float | None:
    """The number that ``text`` writes (a decimal or a fraction), or None.

    >>> parse_text("400"), parse_text(" 0.25 "), parse_text("1/4"), parse_text("-3e-2")
    (400.0, 0.25, 0.25, -0.03)
    >>> parse_text("about 0.3"), parse_text(""), parse_text("1/0"), parse_text("nan"), parse_text("1e400")
    (None, None, None, None, None)
    """
    m = _TEXT.fullmatch(text)
    if not m:
        return None
    num = Fraction(m["num"])
    den = Fraction(m["den"]) if m["den"] is not None else Fraction(1)
    try:
        return None if den == 0 else float(num / den)
    except OverflowError:  # "1e400": beyond any float
        return None


def check(label: str, value, part: str | None = None) -> bool:
    """Print whether ``value`` is the answer of exercise ``label`` (its ``part``).

    A self-test: prints ``right`` or ``wrong`` with the tolerance and returns True or
    False. ``value=None`` prints how to use it and returns False. Text is read as a
    number when it is one (``"0.25"``, ``"1/4"``); other text (``"about 0.3"``, ``""``)
    prints that a number is needed and returns False. An unknown label or part, or a
    value that is not one finite real number, raises an error that says what is wrong.

    >>> check("hmnc-ex-form", None)  # doctest: +ELLIPSIS
    hmnc-ex-form: no answer yet. Put your number in place of None and run the cell again ...
    False
    >>> check("hmnc-ex-form", "about 0.5")
    hmnc-ex-form: give a number, such as 0.25 or 1/4: 'about 0.5' is not one
    False
    """
    name, entry = _entry(label, part)
    title = f"{label} ({name})" if name else label
    if value is None:
        print(f"{title}: no answer yet. Put your number in place of None and run the cell "
              f"again ({entry['what']}; right if {describe_tolerance(entry)}).")
        return False
    read = ""
    if isinstance(value, str):
        parsed = parse_text(value)
        if parsed is None:
            print(f"{title}: give a number, such as 0.25 or 1/4: {value!r} is not one")
            return False
        read, value = f"read {value.strip()!r} as {parsed!r}; ", parsed
    x = _number(value)
    if "hash" not in entry:  # the student edition's table: no answers, not even hashed
        print(f"{title}: {read}this edition holds no answers to check against: hand in "
              f"{x!r} ({entry['what']}; right if {describe_tolerance(entry)}).")
        return False
    ok = _matches(entry, label, name, x)
    print(f"{title}: {'right' if ok else 'wrong'}: {'' if ok else 'not '}"
          f"{describe_tolerance(entry)} ({read}{SELF_TEST})")
    return ok
