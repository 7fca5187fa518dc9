"""The student notebooks' answer-check cells: one after every exercise with a stored answer.

:func:`add_checks` puts them into a chapter's student notebook (solutions removed);
:func:`check_cell` is the source of one; :func:`exercise_ends` finds where each exercise
directive of a markdown text ends.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from imbalance_lib.book.answers import CHECK_TAG, describe_tolerance, table

__all__ = ["exercise_ends", "check_cell", "add_checks"]


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
    # Your number in place of None, then run the cell (a self-test, not a grade).
    # Right means within 0.001 of the answer.
    your_answer = None  # HMNC of Psi_2 in Table 2
    ok = check("hmnc-ex-form", your_answer)
    """
    parts = table()[label]["parts"]
    head = "from imbalance_lib.book.answers import check\n\n"
    if "" in parts:
        entry = parts[""]
        return (head + "# Your number in place of None, then run the cell (a self-test, "
                "not a grade).\n"
                f"# Right means {describe_tolerance(entry)}.\n"
                f"your_answer = None  # {entry['what']}\n"
                f'ok = check("{label}", your_answer)')
    lines = [f'    "{p}": None,  # {e["what"]}' for p, e in parts.items()]
    tolerances = {describe_tolerance(e) for e in parts.values()}
    rule = (f"Right means {tolerances.pop()}." if len(tolerances) == 1
            else "Each verdict states its part's tolerance.")
    return (head + "# Your numbers in place of None, then run the cell (a self-test, "
            "not a grade).\n"
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
