"""Facts about the chapters for the course map: length, exercises, objectives.

Read from the notebooks themselves, so that the course map stays true when a
chapter changes: the words of prose (markdown, without code blocks, math and
directive options), the exercises (label and first sentence) and the
learning objectives (the list after "you will be able to").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

__all__ = ["READING_WPM", "MINUTES_PER_EXERCISE", "chapter_facts", "exercises", "words",
           "objectives", "table", "totals"]

READING_WPM = 100
"""Words of mathematical prose a reader works through per minute (a planning figure)."""

MINUTES_PER_EXERCISE = 25
"""Minutes planned per exercise, from a quick computation to a short proof."""

_ROOT = Path(__file__).resolve().parents[2]


def _markdown(path: Path) -> list[str]:
    nb = json.loads(Path(path).read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]


def words(text: str) -> int:
    """Words of prose in markdown ``text``: code, math, roles and directive options left out.

    >>> words("We compute $TP / P$ with `il.tpr` and {glue:text}`x`.")
    4
    """
    # code blocks (not the back-tick fences of directives such as exercises, which hold prose)
    text = re.sub(r"^(`{3,})(?![`{])[^\n]*\n.*?^\1", " ", text, flags=re.S | re.M)
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)
    text = re.sub(r"\$[^$]*\$", " ", text)
    text = re.sub(r"\{[\w:-]+\}`[^`]*`", " ", text)
    text = re.sub(r"^\s*:[\w-]+:.*$|^:::.*$|^`{3,}.*$", " ", text, flags=re.M)
    text = re.sub(r"`[^`\n]*`", " ", text)
    return len(re.findall(r"[A-Za-z][A-Za-z'-]*", text))


def exercises(path) -> list[dict]:
    """The exercises of a chapter: ``label`` and the first sentence of the statement."""
    found = []
    for cell in _markdown(path):
        for m in re.finditer(r"(:::|````)\{exercise\}[^\n]*\n(.*?)\n\1", cell, flags=re.S):
            body = m.group(2)
            label = re.search(r":label:\s*(\S+)", body)
            statement = re.sub(r"^\s*:[\w-]+:.*$", "", body, flags=re.M).strip()
            flat = " ".join(statement.split())
            # the first sentence: a stop after a lower-case word, a digit or a bracket
            first = re.split(r"(?<=[a-z0-9)$][.?!])\s+(?=[A-Z$])", flat, maxsplit=1)[0]
            found.append({"label": label.group(1) if label else "", "first sentence": first})
    return found


def objectives(path) -> list[str]:
    """The learning objectives: the bullet list after "you will be able to"."""
    for cell in _markdown(path):
        m = re.search(r"will be able to\s*:?\s*\n((?:\s*[-*] .*\n?(?:[ \t]+\S.*\n?)*)+)", cell)
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
