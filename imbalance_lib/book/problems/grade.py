"""The offline grader: execute each submitted notebook, read its answers, mark them.

A submission is a problem-set notebook a student filled in. The grader runs it in a fresh
kernel (``nbclient``; a cell that raises is reported and the rest still run), reads
``SEED`` and every ``answer_<k>`` from the kernel, recomputes the answers of that
seed with :mod:`~imbalance_lib.book.problems.solutions` and marks each item within its
tolerance (:mod:`~imbalance_lib.book.problems.items`). Every problem becomes a message
in the report, never a traceback. Submissions run with the lecturer's rights: grade
them in a throw-away account or container if they are not trusted.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from imbalance_lib.book.answers import parse_text
from imbalance_lib.book.problems.items import Item, items

MARK = "@@problem-set-answers@@"
META = "imbalance_problem_set"
_ANSWER = re.compile(r"answer_\d+")

# the cell the grader appends to a submission: prints SEED and the answers as JSON
READ_CELL = f'''
import json as _j, re as _re
def _plain(v):
    if v is Ellipsis:
        return {{"missing": True}}
    if hasattr(v, "ndim") and getattr(v, "ndim", 1) == 0 and hasattr(v, "item"):
        v = v.item()
    if isinstance(v, (bool, int, float, str)):
        return {{"value": v}}
    return {{"repr": repr(v)[:200]}}
print("{MARK}" + _j.dumps({{"seed": _plain(globals().get("SEED")),
    "answers": {{k: _plain(v) for k, v in list(globals().items())
                if _re.fullmatch(r"answer_\\d+", k)}}}}))
'''


@dataclass
class Submission:
    """What a notebook gave: its week and seed, its answers (as read), and its errors."""

    path: Path
    week: int | None = None
    seed: Any = None
    answers: dict[int, dict[str, Any]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Mark:
    """The mark of one item."""

    item: int
    points: float
    max_points: float
    message: str


def week_of(nb: dict, path: Path) -> int | None:
    """The week from the notebook's metadata, else from its file name (``week3...``)."""
    week = nb.get("metadata", {}).get(META, {}).get("week")
    if isinstance(week, int):
        return week
    m = re.search(r"week[_-]?(\d)", Path(path).name)
    return int(m.group(1)) if m else None


def run_submission(path: Path, timeout: int = 120) -> Submission:
    """Execute the notebook at ``path`` and read what it answers."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellTimeoutError, DeadKernelError

    sub = Submission(Path(path))
    try:
        nb = nbformat.read(str(path), as_version=4)
    except Exception as exc:  # noqa: BLE001 - any unreadable file is a message
        sub.errors.append(f"not a readable notebook ({type(exc).__name__}: {exc})")
        return sub
    sub.week = week_of(nb, Path(path))
    nb.cells.append(nbformat.v4.new_code_cell(READ_CELL))
    # a cell over ``timeout`` seconds is interrupted (reported as an error) and the rest run
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=True,
                            interrupt_on_timeout=True,
                            resources={"metadata": {"path": str(Path(path).parent)}})
    try:
        client.execute()
    except (CellTimeoutError, DeadKernelError) as exc:
        sub.errors.append(f"the notebook did not finish: {type(exc).__name__}")
    for i, cell in enumerate(nb.cells[:-1], start=1):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error" and out["ename"] == "KeyboardInterrupt":
                sub.errors.append(f"cell {i} ran over {timeout} s and was stopped")
            elif out.get("output_type") == "error":
                sub.errors.append(f"cell {i} raised {out['ename']}: {out['evalue']}"[:300])
    for out in nb.cells[-1].get("outputs", []):
        text = out.get("text", "")
        if out.get("output_type") == "stream" and MARK in text:
            read = json.loads(text.split(MARK, 1)[1])
            sub.seed = read["seed"].get("value")
            sub.answers = {int(k.split("_")[1]): v for k, v in read["answers"].items()}
    return sub


def read_number(value: Any) -> float:
    """A number from an answer: a number, or a string such as ``"0.25"``, ``"3/8"``, ``"25%"``.

    >>> read_number("3/8"), read_number(" 25 % "), read_number(2)
    (0.375, 0.25, 2.0)
    >>> read_number("about a half")
    Traceback (most recent call last):
    ...
    ValueError: could not read 'about a half' as a number
    """
    if isinstance(value, bool):
        raise ValueError(f"could not read {value!r} as a number")
    if isinstance(value, (int, float)):
        x = float(value)
    elif isinstance(value, str):
        # a decimal comma and a percent sign, then the notebooks' own reader of numbers
        text = value.strip()
        if text.count(",") == 1 and "." not in text:
            text = text.replace(",", ".")
        scale = 1.0
        if text.endswith("%"):
            text, scale = text[:-1], 0.01
        read = parse_text(text)
        if read is None:
            raise ValueError(f"could not read {value!r} as a number")
        x = read * scale
    else:
        raise ValueError(f"could not read {value!r} as a number")
    if not np.isfinite(x):
        raise ValueError(f"{value!r} is not a finite number")
    return x


def mark_item(item: Item, given: dict[str, Any] | None, expected: Any) -> Mark:
    """Mark one item: ``given`` as read from the kernel (None: the variable is missing)."""
    if item.kind == "manual":
        return Mark(item.number, 0.0, 0.0, "written answer: read by hand")
    if given is None:
        return Mark(item.number, 0.0, item.points, f"{item.name} is not defined")
    if given.get("missing"):
        return Mark(item.number, 0.0, item.points, f"{item.name} is not answered (still ...)")
    if "repr" in given:
        return Mark(item.number, 0.0, item.points,
                    f"{item.name} should be a single {item.kind}, got {given['repr'][:60]}")
    value = given["value"]
    if item.kind == "choice":
        right = expected if isinstance(expected, tuple) else (expected,)
        text = str(value).strip().strip("'\"").lower()
        if text not in {c.lower() for c in item.choices}:
            return Mark(item.number, 0.0, item.points,
                        f"{item.name} = {value!r} is not one of {list(item.choices)}")
        ok = text in {r.lower() for r in right}
        return Mark(item.number, item.points if ok else 0.0, item.points,
                    "right" if ok else "wrong choice")
    try:
        x = read_number(value)
    except ValueError as exc:
        return Mark(item.number, 0.0, item.points, f"{item.name}: {exc}")
    if item.kind == "integer":
        ok = x == float(expected)
        return Mark(item.number, item.points if ok else 0.0, item.points,
                    "right" if ok else "wrong (a whole number is expected exactly)")
    ok = abs(x - float(expected)) <= item.tol
    return Mark(item.number, item.points if ok else 0.0, item.points,
                "right" if ok else f"wrong (tolerance {item.tol:g})")


def _solve(week: int, seed: int) -> dict[int, Any]:
    try:
        from imbalance_lib.book.problems.solutions import solve
    except ModuleNotFoundError:
        raise SystemExit("the solutions of the problem sets are not in this copy (the "
                         "student edition leaves them out): grade with the full edition") from None
    return solve(week, seed)


def mark_submission(sub: Submission, seed: int | None = None) -> list[Mark]:
    """Mark every item of ``sub`` (``seed``: the one the lecturer assigned, if known)."""
    if sub.week is None:
        sub.errors.append("which week? no problem-set metadata and no 'week<N>' in the name")
        return []
    try:
        week_items = items(sub.week)
    except ValueError as exc:
        sub.errors.append(str(exc))
        return []
    used = sub.seed
    if seed is not None:
        if used != seed:
            sub.errors.append(f"SEED is {used!r}, the seed assigned is {seed}: graded with {seed}")
        used = seed
    if isinstance(used, bool) or not isinstance(used, int) or used < 0:
        sub.errors.append(f"SEED must be a whole number >= 0, got {used!r}: nothing graded")
        return [Mark(it.number, 0.0, it.points if it.kind != "manual" else 0.0, "not graded")
                for it in week_items]
    expected = _solve(sub.week, used)
    return [mark_item(it, sub.answers.get(it.number), expected.get(it.number))
            for it in week_items]
