"""Facts about the chapters for the course map: length, exercises, objectives.

Read from the notebooks themselves, so that the course map stays true when a
chapter changes: the words of prose (markdown, without code blocks, math and
directive options), the exercises (label and first sentence) and the
learning objectives (the list after "you will be able to" or "you can").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

__all__ = ["READING_WPM", "MINUTES_PER_EXERCISE", "TYPES", "LEVELS", "chapter_facts",
           "exercises", "exercise_table", "exercise_totals", "homework_use", "words",
           "objectives", "parse_title", "table", "totals", "exercise_view", "open_numbers",
           "FOLDED_TAGS"]

READING_WPM = 100
"""Words of mathematical prose a reader works through per minute (a planning figure)."""

MINUTES_PER_EXERCISE = 25
"""Minutes planned per exercise, from a quick computation to a short proof."""

TYPES = ("proof", "computation", "coding", "interpretation")
"""The kinds of exercise; a title names one, or two joined by "+"."""

LEVELS = {"basic": 1, "intermediate": 2, "challenging": 3}
"""Difficulty words of the exercise titles and their levels."""

_TITLE = re.compile(r"^\s*(?P<types>[A-Za-z]+(?:\s*\+\s*[A-Za-z]+)?)\s*,\s*(?P<level>[a-z]+)\s*$")

_ROOT = Path(__file__).resolve().parents[2]


def _markdown(path: Path) -> list[str]:
    nb = json.loads(Path(path).read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]


_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,}|:{3,})(.*)$")


def _without_code_blocks(text: str) -> str:
    """``text`` without fence lines and code blocks; directive fences (exercises, proofs,
    index entries) go, the prose inside them stays. Fences pair up by character and length,
    so that the bare closing fence of a directive never opens a code block. Code and
    ``{math}`` blocks are dropped whole."""
    kept: list[str] = []
    stack: list[tuple[str, bool]] = []
    for line in text.split("\n"):
        m = _FENCE.match(line)
        if m:
            fence, info = m.group(1), m.group(2).strip()
            if stack and fence[0] == stack[-1][0][0] and len(fence) >= len(stack[-1][0]) and not info:
                stack.pop()
            elif not (stack and stack[-1][1]):
                code = not info.startswith("{") or info.startswith(("{code", "{math}"))
                stack.append((fence, fence[0] != ":" and code))
            continue
        if not (stack and stack[-1][1]):
            kept.append(line)
    return "\n".join(kept)


def words(text: str) -> int:
    """Words of prose in markdown ``text``: code, math, roles and directive options left out.

    >>> words("We compute $TP / P$ with `il.tpr` and {glue:text}`x`.")
    4
    """
    text = _without_code_blocks(text)
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)
    text = re.sub(r"\$[^$]*\$", " ", text)
    text = re.sub(r"\{[\w:-]+\}`[^`]*`", " ", text)
    text = re.sub(r"^\s*:[\w-]+:.*$|^:::.*$|^`{3,}.*$", " ", text, flags=re.M)
    text = re.sub(r"`[^`\n]*`", " ", text)
    return len(re.findall(r"[A-Za-z][A-Za-z'-]*", text))


def parse_title(title: str) -> tuple[tuple[str, ...], int]:
    """Types and difficulty level of an exercise title such as "Proof + computation, basic".

    >>> parse_title("Proof + computation, intermediate")
    (('proof', 'computation'), 2)

    Raises ``ValueError`` for a title that names no known type or difficulty.
    """
    m = _TITLE.match(title)
    if not m:
        raise ValueError(f"exercise title {title!r} is not '<type>[ + <type>], <difficulty>'")
    types = tuple(t.strip().lower() for t in m.group("types").split("+"))
    level = m.group("level")
    if any(t not in TYPES for t in types) or len(set(types)) != len(types) or level not in LEVELS:
        raise ValueError(f"exercise title {title!r}: types from {TYPES}, difficulty from "
                         f"{tuple(LEVELS)}")
    return types, LEVELS[level]


def homework_use(types, level: int) -> str:
    """Where an exercise fits in a course, by the rule the course map states.

    Computation, coding and interpretation at levels 1-2: ``"homework"``; a proof at level 3:
    ``"advanced course"``; everything else (proofs at levels 1-2, coding or
    computation at level 3): ``"in class"``, worked through with a teacher.
    """
    if "proof" not in types and level <= 2:
        return "homework"
    if "proof" in types and level == 3:
        return "advanced course"
    return "in class"


def exercises(path) -> list[dict]:
    """The exercises of a chapter: ``label``, ``title`` and the first sentence of the statement."""
    found = []
    for cell in _markdown(path):
        for m in re.finditer(r"(:::|````)\{exercise\}([^\n]*)\n(.*?)\n\1", cell, flags=re.S):
            title = m.group(2).strip()
            body = m.group(3)
            label = re.search(r":label:\s*(\S+)", body)
            statement = re.sub(r"^\s*:[\w-]+:.*$", "", body, flags=re.M).strip()
            flat = " ".join(statement.split())
            # the first sentence: a stop after a lower-case word, a digit or a bracket
            first = re.split(r"(?<=[a-z0-9)$][.?!])\s+(?=[A-Z$])", flat, maxsplit=1)[0]
            found.append({"label": label.group(1) if label else "", "title": title,
                          "first sentence": first})
    return found


def exercise_table(names, root: Path | None = None):
    """Every exercise of the chapters ``names``: chapter, type, difficulty, use and first sentence.

    Returns a DataFrame indexed by exercise label, with columns ``chapter``, ``type`` (the
    types joined by " + "), ``difficulty`` (1-3), ``use`` (:func:`homework_use`) and
    ``starts`` (the first sentence). An exercise without a valid title raises ``ValueError``.
    """
    import pandas as pd

    root = _ROOT if root is None else Path(root)
    rows = []
    for name in names:
        for ex in exercises(root / "chapters" / f"{name}.ipynb"):
            types, level = parse_title(ex["title"])
            rows.append({"exercise": ex["label"], "chapter": name, "type": " + ".join(types),
                         "difficulty": level, "use": homework_use(types, level),
                         "starts": ex["first sentence"]})
    columns = ["exercise", "chapter", "type", "difficulty", "use", "starts"]
    return pd.DataFrame(rows, columns=columns).set_index("exercise")


def exercise_view(ex):
    """:func:`exercise_table` for reading: each exercise as a link that shows its number
    ("Exercise 3.1", which names the chapter), so the chapter column is left out.

    >>> import pandas as pd
    >>> ex = pd.DataFrame({"chapter": ["hmnc"], "type": ["proof"], "difficulty": [2],
    ...                    "use": ["in class"], "starts": ["Show it."]},
    ...                   index=pd.Index(["hmnc-ex-equal"], name="exercise"))
    >>> exercise_view(ex).index.tolist(), list(exercise_view(ex).columns)
    (['{ref}`hmnc-ex-equal`'], ['type', 'difficulty', 'use', 'starts'])
    """
    out = ex.drop(columns="chapter")
    out.index = [f"{{ref}}`{label}`" for label in ex.index]
    return out


def exercise_totals(ex) -> dict:
    """Counts the course map states: exercises by type (an exercise of two types counts
    for both), by difficulty and by use, from :func:`exercise_table`."""
    out = {}
    for t in TYPES:
        out[f"n_{t}"] = int(sum(t in kinds.split(" + ") for kinds in ex["type"]))
    for word, level in LEVELS.items():
        out[f"n_{word}"] = int((ex["difficulty"] == level).sum())
    out["n_two_types"] = int(sum("+" in kinds for kinds in ex["type"]))
    out["n_homework"] = int((ex["use"] == "homework").sum())
    out["n_advanced"] = int((ex["use"] == "advanced course").sum())
    out["n_in_class"] = int((ex["use"] == "in class").sum())
    return out


def objectives(path) -> list[str]:
    """The learning objectives: the bullet list after "you will be able to" or "you can"."""
    for cell in _markdown(path):
        m = re.search(r"(?:will be able to|you can)\s*:?\s*\n((?:\s*[-*] .*\n?(?:[ \t]+\S.*\n?)*)+)", cell)
        if m:
            items = re.split(r"\n\s*[-*] ", "\n" + m.group(1).strip())
            return [" ".join(i.split()) for i in items if i.strip()]
    return []


def chapter_facts(names, root: Path | None = None):
    """One row per chapter: words of prose, reading and exercise time, exercises, objectives.

    Parameters
    ----------
    names : sequence of str
        Chapter file names without extension, under ``chapters/``.
    root : path of the repository (default: the one this module lives in)

    Returns
    -------
    DataFrame indexed by chapter name.
    """
    import pandas as pd

    root = _ROOT if root is None else Path(root)
    rows = {}
    for name in names:
        path = root / "chapters" / f"{name}.ipynb"
        n_words = sum(words(t) for t in _markdown(path))
        ex = exercises(path)
        rows[name] = {
            "words": int(n_words),
            "reading (h)": n_words / READING_WPM / 60,
            "exercises": len(ex),
            "exercise work (h)": len(ex) * MINUTES_PER_EXERCISE / 60,
            "objectives": len(objectives(path)),
        }
    frame = pd.DataFrame.from_dict(rows, orient="index")
    return frame.astype({"words": int, "exercises": int, "objectives": int})


def table(facts):
    """:func:`chapter_facts` for reading: chapter links, hours with one decimal."""
    out = facts.copy()
    for col in ("reading (h)", "exercise work (h)"):
        out[col] = [f"{h:.1f}" for h in facts[col]]
    for col in ("words", "exercises", "objectives"):
        out[col] = [str(int(v)) for v in facts[col]]
    out.index = [f"{{doc}}`{name}`" for name in facts.index]
    return out


def totals(facts) -> dict:
    """The figures the course map states in its prose, from :func:`chapter_facts`."""
    return {"wpm": READING_WPM, "min_per_ex": MINUTES_PER_EXERCISE, "n_chapters": len(facts),
            "n_exercises": int(facts["exercises"].sum()),
            "hours": round(float((facts["reading (h)"] + facts["exercise work (h)"]).sum()))}


FOLDED_TAGS = frozenset({"hide-output", "remove-output", "remove-cell"})
"""Tags with which a code cell's output is not open on the page (folded or left out)."""

_DECIMAL = re.compile(r"(?<![\w.])-?\d+\.\d+(?![\w.])")
_GLUE_KEY = "application/papermill.record/"


def _shown(out: dict) -> tuple[str, int]:
    """The text an output shows and the rows of the table it is (0 if none)."""
    data = out.get("data", {})
    if "text/html" in data:
        html = "".join(data["text/html"])
        return html, len(re.findall(r"<tr\b", html.split("<tbody", 1)[-1])) if "<table" in html else 0
    for key in ("text/markdown", "text/plain"):
        if key in data:
            text = "".join(data[key])
            table = [ln for ln in text.splitlines() if ln.lstrip().startswith("|")]
            return text, max(len(table) - 2, 0)
    if out.get("output_type") == "stream":
        return "".join(out.get("text", "")), 0
    return "", 0


def _open_markdown_tables(text: str) -> list[list[str]]:
    """The markdown tables of ``text`` that no ``{dropdown}`` folds, as lists of rows."""
    tables: list[list[str]] = []
    fences: list[tuple[str, bool]] = []
    current: list[str] = []
    for line in text.split("\n"):
        m = _FENCE.match(line)
        if m:
            fence, info = m.group(1), m.group(2).strip()
            if fences and fence == fences[-1][0] and not info:
                fences.pop()
            else:
                fences.append((fence, "{dropdown}" in info))
            continue
        folded = any(d for _, d in fences)
        if line.lstrip().startswith("|") and not folded:
            current.append(line)
        elif current:
            tables.append(current)
            current = []
    return tables + ([current] if current else [])


def open_numbers(path) -> dict:
    r"""The decimals a chapter's page shows open and the rows of its longest open table of
    decimals (a table of names or verdicts does not count).

    Counted in the outputs of code cells not tagged with one of :data:`FOLDED_TAGS`
    (glued values, which only the prose shows, are left out) and in markdown tables
    outside a ``{dropdown}``.

    >>> import tempfile
    >>> nb = {"cells": [
    ...   {"cell_type": "code", "metadata": {}, "source": "", "outputs": [
    ...     {"output_type": "execute_result", "data": {"text/plain": "a 0.25 1.5"}}]},
    ...   {"cell_type": "code", "metadata": {"tags": ["hide-output"]}, "source": "",
    ...    "outputs": [{"output_type": "execute_result", "data": {"text/plain": "0.5"}}]},
    ...   {"cell_type": "markdown", "metadata": {}, "source":
    ...    "| x |\n|---|\n| 0.1 |\n\n```{dropdown} T\n| y |\n|---|\n| 0.2 |\n```\n"}]}
    >>> f = Path(tempfile.mkdtemp()) / "x.ipynb"
    >>> _ = f.write_text(json.dumps(nb))
    >>> open_numbers(f)
    {'decimals': 3, 'largest_table': 1}
    """
    nb = json.loads(Path(path).read_text())
    decimals, largest = 0, 0
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for table in _open_markdown_tables("".join(cell["source"])):
                found = sum(len(_DECIMAL.findall(r)) for r in table)
                decimals += found
                largest = max(largest, len(table) - 2 if found else 0)
        elif cell["cell_type"] == "code" and not FOLDED_TAGS & set(cell["metadata"].get("tags", [])):
            for out in cell.get("outputs", []):
                if any(k.startswith(_GLUE_KEY) for k in out.get("data", {})):
                    continue
                text, n_rows = _shown(out)
                found = len(_DECIMAL.findall(text))
                decimals += found
                largest = max(largest, n_rows if found else 0)
    return {"decimals": decimals, "largest_table": largest}
