"""What the student edition withholds besides the solutions themselves.

Glued values
    A chapter glues every field of its findings, the exercises' answers among them;
    the prose of a solution shows them. Removing the solution's text leaves their glue
    outputs in the notebook, where the site's download button and the archive hand
    them out. :func:`strip_unshown_glue` keeps only the glued values that the student
    copy still shows: a value no kept text (markdown, or a MyST table printed by a
    kept cell) refers to is dropped. The rule needs no list of answer names.

Answers, solution code and findings records
    The student archive ships no solution code: the instructor-only package
    ``imbalance_lib/book/solutions/`` (what each exercise computes, the exercises'
    constructions, the tool that writes the answer table and the answer key) is left
    out (:data:`SOLUTIONS`); ``answers.json`` ships without the hashes
    (:func:`student_answer_table`: ``check()`` then says that this edition holds no
    answers, the exercise's cell stays as a form to fill in); and no findings records
    (``chapters/data/findings/*.json`` hold every computed answer); a file
    :data:`WITHHELD` in their folder tells ``record.keep`` not to compare.

Problem sets
    The weekly sets (``chapters/problem_sets/``) hold no answers; the module that
    computes them from a seed, :data:`PROBLEM_SOLUTIONS`, is left out.
"""

from __future__ import annotations

import json
import re

# the marker in chapters/data/findings/ of the student archive (read by record.keep)
from imbalance_lib.book.record import WITHHELD

WITHHELD_TEXT = """# Findings records withheld

The book's findings records (one JSON file per chapter) hold every number the chapters
compute, the exercises' answers among them. The student edition leaves them out: a
chapter run here computes its findings but compares them with no stored record.
"""

_ROLE = re.compile(r"\{glue(?::\w+)?:?\}`(?P<body>[^`]+)`")
_DIRECTIVE = re.compile(r"^\s*(?:`{3,}|:{3,})\{glue(?::\w+)?\}[ \t]+(?P<name>\S+)", re.M)


def _text(value) -> str:
    return value if isinstance(value, str) else "".join(value)


def glue_references(text: str) -> set[str]:
    """The glue names that markdown ``text`` shows (roles and directives).

    >>> sorted(glue_references("a {glue:text}`x-a:.3f`, {glue}`y`\\n```{glue:figure} z\\n```"))
    ['x-a', 'y', 'z']
    """
    names = {m["body"].rpartition(":")[0] if ":" in m["body"] else m["body"]
             for m in _ROLE.finditer(text)}
    return names | {m["name"] for m in _DIRECTIVE.finditer(text)}


def shown_glue(cells: list[dict]) -> set[str]:
    """Every glue name that ``cells`` show: in markdown cells and in MyST markdown outputs."""
    shown: set[str] = set()
    for cell in cells:
        if cell["cell_type"] == "markdown":
            shown |= glue_references(_text(cell["source"]))
        for out in cell.get("outputs", []):
            if "text/markdown" in out.get("data", {}):
                shown |= glue_references(_text(out["data"]["text/markdown"]))
    return shown


def glue_name(out: dict) -> str | None:
    """The name an output glues, or None."""
    return out.get("metadata", {}).get("scrapbook", {}).get("name")


def strip_unshown_glue(cells: list[dict]) -> tuple[list[dict], set[str]]:
    """``cells`` without the glue outputs of names they do not show, and those names.

    >>> g = lambda n: {"output_type": "display_data", "metadata": {"scrapbook": {"name": n}},
    ...                "data": {"application/papermill.record/text/plain": "1"}}
    >>> cells = [{"cell_type": "code", "source": "", "metadata": {}, "outputs": [g("a"), g("b")]},
    ...          {"cell_type": "markdown", "source": "{glue:text}`a`", "metadata": {}}]
    >>> kept, gone = strip_unshown_glue(cells)
    >>> [glue_name(o) for o in kept[0]["outputs"]], gone
    (['a'], {'b'})
    """
    shown = shown_glue(cells)
    out: list[dict] = []
    gone: set[str] = set()
    for cell in cells:
        outputs = cell.get("outputs")
        if outputs:
            drop = {n for n in map(glue_name, outputs) if n is not None} - shown
            if drop:
                gone |= drop
                cell = dict(cell, outputs=[o for o in outputs if glue_name(o) not in drop])
        out.append(cell)
    return out, gone


def student_answer_table(text: str) -> str:
    """``answers.json`` without the hashes: what each part asks and its tolerance only."""
    doc = json.loads(text)
    for ex in doc["exercises"].values():
        for entry in ex["parts"].values():
            entry.pop("hash", None)
    doc["about"] = ("What each exercise part asks and its tolerance. The student edition "
                    "holds no answers (not even hashed): hand your answers in.")
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


ANSWERS = "imbalance_lib/book/answers"
# the instructor-only package: never in a student edition
SOLUTIONS = "imbalance_lib/book/solutions/"
# the problem sets' answers are computed by this module alone (the grader needs it)
PROBLEM_SOLUTIONS = "imbalance_lib/book/problems/solutions.py"
RECORDS = "chapters/data/findings/"


STUDENT_README = """# Evaluating classifiers on imbalanced data: student edition

The notebooks of the book's chapters, without the solutions of the exercises, and the
Python library they use.

- `student/`: the chapters for JupyterLab, numbers and citations written in. Start here.
- `chapters/`: the same chapters as the student site builds them (numbers shown as names
  in JupyterLab), the data they read in `chapters/data/`.
- `chapters/problem_sets/`: the weekly problem sets; set `SEED` to the seed your
  lecturer gave you.
- `imbalance_lib/`: the library that computes every metric of the book.

## Running the notebooks

You need Linux (x86-64) with Python 3.11 and its `venv` module, and access to the Python
package index once. In this folder:

    make setup   # a virtual environment .venv with the pinned packages (a few minutes, once)
    make lab     # JupyterLab on http://127.0.0.1:8888 (PORT=8890 make lab for another port)

Open the printed address, then a notebook in `student/`. Change anything and run it
again: a prevalence, a classifier, a seed.

## Exercises

Each chapter ends with exercises. After every exercise with a numerical answer a cell
asks for your answer; run it to see the answer's tolerance and what to hand in. This
edition holds no answers (the cell cannot say whether yours is right): your lecturer
grades what you hand in.
"""


def withhold_answers(entries: dict[str, bytes]) -> None:
    """Take the answers out of the student archive's ``entries`` (path -> bytes), in place:
    no solution code (nothing of :data:`SOLUTIONS`, no solutions of the problem sets),
    ``answers.json`` in its student form, no findings records, and a README for students
    in place of the developers' one."""
    entries["README.md"] = STUDENT_README.encode("utf-8")
    for name in [n for n in entries if n.startswith(SOLUTIONS)]:
        del entries[name]
    entries[f"{ANSWERS}.json"] = student_answer_table(
        entries[f"{ANSWERS}.json"].decode("utf-8")).encode("utf-8")
    del entries[PROBLEM_SOLUTIONS]
    for name in [n for n in entries if n.startswith(RECORDS)]:
        del entries[name]
    entries[RECORDS + WITHHELD] = WITHHELD_TEXT.encode("utf-8")
