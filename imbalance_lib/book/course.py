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

from imbalance_lib.book.course_plan import WEEKS

__all__ = ["READING_WPM", "MINUTES_PER_EXERCISE", "TYPES", "LEVELS", "chapter_facts",
           "exercises", "exercise_table", "exercise_totals", "homework_use", "words",
           "objectives", "parse_title", "table", "totals", "exercise_view",
           "WORDS_PER_PAGE", "CODE_LINES_PER_PAGE", "PAGES_PER_DISPLAY", "CODE_LINES_PER_MINUTE",
           "MINUTES_PER_DISPLAY", "WEEKS", "sections", "reading", "week_outcomes", "week_exercises",
           "week_facts", "week_totals", "week_table", "week_plan"]

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
    """One row per chapter: words of prose, printed pages and reading time of the whole
    chapter (the rule of :func:`reading`), exercise time, exercises, objectives.

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
        whole = reading([(name, h) for h, sec in sections(path).items() if sec["level"] <= 2],
                        root=root)
        rows[name] = {
            "words": int(n_words),
            "pages": whole["pages"],
            "reading (h)": whole["minutes"] / 60,
            "exercises": len(ex),
            "exercise work (h)": len(ex) * MINUTES_PER_EXERCISE / 60,
            "objectives": len(objectives(path)),
        }
    frame = pd.DataFrame.from_dict(rows, orient="index")
    return frame.astype({"words": int, "exercises": int, "objectives": int})


def table(facts):
    """:func:`chapter_facts` for reading: chapter links, hours with one decimal."""
    out = facts.copy()
    for col in ("pages", "reading (h)", "exercise work (h)"):
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


# --- The six-week path: reading measured on the sections a week assigns -------------------

WORDS_PER_PAGE = 250
"""Words of prose on a printed page."""

CODE_LINES_PER_PAGE = 50
"""Non-empty lines of shown code on a printed page."""

PAGES_PER_DISPLAY = 0.5
"""Printed pages taken by one figure or one table."""

CODE_LINES_PER_MINUTE = 10
"""Lines of code a reader follows per minute (reading, not typing)."""

MINUTES_PER_DISPLAY = 2
"""Minutes a reader spends on one figure or table."""

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$", flags=re.M)
_HIDDEN = {"remove-cell", "remove-input"}
_FIGURE_MARK = "\x01"
_FIGURE_FENCE = re.compile(r"^([ \t]*(?:`{3,}|:{3,})\{(?:glue:)?figure\}.*)$", flags=re.M)


def _count_displays(text: str) -> tuple[int, int]:
    """Figures and tables in markdown ``text``: figure directives and images; tables by their
    separator row."""
    figures = text.count(_FIGURE_MARK) + text.count("![")
    tables = len(re.findall(r"^\s*\|\s*:?-{3,}", text, flags=re.M))
    return figures, tables


def sections(path) -> dict[str, dict]:
    """Every heading of a chapter notebook with what it holds, in order.

    A section runs from its heading to the next heading of the same or a higher level, so a
    ``##`` section holds its ``###`` subsections; the chapter's ``#`` title holds only the
    opening up to the first other heading. Per section: ``level``, ``words`` of prose
    (:func:`words`), ``code lines`` (non-empty lines of code cells the page shows: cells
    tagged ``remove-cell`` or ``remove-input`` are left out), ``figures`` (figure directives,
    images and image outputs) and ``tables`` (markdown tables, in text or in a cell's output).
    Raises ``ValueError`` when two headings of the notebook have the same text.
    """
    nb = json.loads(Path(path).read_text())
    own: list[dict] = []  # the content of each heading up to the next heading of any level
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            text = _without_code_blocks(_FIGURE_FENCE.sub(r"\1\n" + _FIGURE_MARK, src))
            pieces: list[str] = _HEADING.split(text)
            chunks: list[tuple[str, str, str]] = [("", "", pieces[0])] + [
                (pieces[i], pieces[i + 1], pieces[i + 2]) for i in range(1, len(pieces), 3)]
            for hashes, title, body in chunks:
                if hashes:
                    own.append({"title": title, "level": len(hashes), "words": words(title),
                                "code lines": 0, "figures": 0, "tables": 0})
                if own:
                    fig, tab = _count_displays(body)
                    own[-1]["words"] += words(body)
                    own[-1]["figures"] += fig
                    own[-1]["tables"] += tab
        elif own and cell["cell_type"] == "code":
            tags = set(cell.get("metadata", {}).get("tags", []))
            if not tags & _HIDDEN:
                own[-1]["code lines"] += sum(1 for line in src.split("\n") if line.strip())
            if "remove-output" in tags or "remove-cell" in tags:
                continue
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                own[-1]["figures"] += int(any(k.startswith("image/") for k in data))
                shown = "".join(data.get("text/markdown", "")) + "".join(data.get("text/html", ""))
                own[-1]["tables"] += int("<table" in shown) + _count_displays(shown)[1]
    out: dict[str, dict] = {}
    keys = ("words", "code lines", "figures", "tables")
    for i, sec in enumerate(own):
        if sec["title"] in out:
            raise ValueError(f"{path}: two headings read {sec['title']!r}")
        total = {k: sec[k] for k in keys}
        for sub in own[i + 1:] if sec["level"] > 1 else []:
            if sub["level"] <= sec["level"]:
                break
            for k in keys:
                total[k] += sub[k]
        out[sec["title"]] = {"level": sec["level"], **total}
    return out


def reading(assigned, root: Path | None = None) -> dict:
    """Printed pages and reading minutes of the ``assigned`` sections, ``(chapter, heading)``.

    pages = words / :data:`WORDS_PER_PAGE` + code lines / :data:`CODE_LINES_PER_PAGE` +
    :data:`PAGES_PER_DISPLAY` per figure or table; minutes = words / :data:`READING_WPM` +
    code lines / :data:`CODE_LINES_PER_MINUTE` + :data:`MINUTES_PER_DISPLAY` per figure or
    table. A section named twice, or inside another named section, raises ``ValueError``, as
    does a heading the chapter does not have.
    """
    root = _ROOT if root is None else Path(root)
    assigned = list(assigned)
    if len(set(assigned)) != len(assigned):
        raise ValueError("a section is assigned twice")
    cache: dict[str, dict] = {}
    total = {"words": 0, "code lines": 0, "figures": 0, "tables": 0}
    for chapter, heading in assigned:
        if chapter not in cache:
            cache[chapter] = sections(root / "chapters" / f"{chapter}.ipynb")
        secs = cache[chapter]
        if heading not in secs:
            raise ValueError(f"chapters/{chapter}.ipynb has no heading {heading!r}")
        titles = list(secs)
        i = titles.index(heading)
        level = secs[heading]["level"]
        for sub in titles[i + 1:] if level > 1 else []:
            if secs[sub]["level"] <= level:
                break
            if (chapter, sub) in assigned:
                raise ValueError(f"{chapter}: {sub!r} lies inside the assigned {heading!r}")
        for k in total:
            total[k] += secs[heading][k]
    displays = total["figures"] + total["tables"]
    pages = (total["words"] / WORDS_PER_PAGE + total["code lines"] / CODE_LINES_PER_PAGE
             + PAGES_PER_DISPLAY * displays)
    minutes = (total["words"] / READING_WPM + total["code lines"] / CODE_LINES_PER_MINUTE
               + MINUTES_PER_DISPLAY * displays)
    return {**total, "pages": pages, "minutes": minutes}


def week_outcomes(week: dict, root: Path | None = None) -> list[str]:
    """The learning outcomes of a week of :data:`WEEKS`, read from its chapters' objective lists."""
    root = _ROOT if root is None else Path(root)
    found = []
    for chapter, i in week["outcomes"]:
        objs = objectives(root / "chapters" / f"{chapter}.ipynb")
        if not 0 <= i < len(objs):
            raise ValueError(f"chapters/{chapter}.ipynb has {len(objs)} objectives, not {i + 1}")
        found.append(objs[i].rstrip(";."))
    return found


def week_exercises(week: dict, ex) -> list[str]:
    """Labels of the homework exercises (:func:`homework_use`) of a week's chapters."""
    chapters = {c for c, _ in week["sections"]}
    return [label for label, row in ex.iterrows()
            if row["chapter"] in chapters and row["use"] == "homework"]


def week_facts(weeks=None, root: Path | None = None, ex=None):
    """One row per week: theme, pages and reading hours of the assigned sections, figures
    and tables, and the number of homework exercises."""
    import pandas as pd

    weeks = WEEKS if weeks is None else weeks
    if ex is None:
        ex = exercise_table(sorted({c for w in weeks for c, _ in w["sections"]}), root=root)
    rows = []
    for w in weeks:
        r = reading(w["sections"], root=root)
        rows.append({"week": w["week"], "theme": w["theme"], "sections": len(w["sections"]),
                     "words": r["words"], "code lines": r["code lines"],
                     "figures + tables": r["figures"] + r["tables"],
                     "pages": r["pages"], "reading (h)": r["minutes"] / 60,
                     "homework exercises": len(week_exercises(w, ex))})
    return pd.DataFrame(rows).set_index("week")


def week_totals(wf) -> dict:
    """The figures the course map states about the six weeks, from :func:`week_facts`."""
    return {"words_per_page": WORDS_PER_PAGE, "code_per_page": CODE_LINES_PER_PAGE,
            "page_per_display": PAGES_PER_DISPLAY, "code_per_min": CODE_LINES_PER_MINUTE,
            "min_per_display": MINUTES_PER_DISPLAY, "n_weeks": len(wf),
            "pages_min": f"{wf['pages'].min():.1f}", "pages_max": f"{wf['pages'].max():.1f}",
            "hours_min": f"{wf['reading (h)'].min():.1f}",
            "hours_max": f"{wf['reading (h)'].max():.1f}",
            "homework_min": int(wf["homework exercises"].min()),
            "homework_max": int(wf["homework exercises"].max())}


def week_table(wf):
    """:func:`week_facts` for reading: pages and hours with one decimal, a link to each
    week's problem set."""
    out = wf.drop(columns=["words", "code lines"]).copy()
    out["pages"] = [f"{v:.1f}" for v in wf["pages"]]
    out["reading (h)"] = [f"{v:.1f}" for v in wf["reading (h)"]]
    for col in ("sections", "figures + tables", "homework exercises"):
        out[col] = [str(int(v)) for v in wf[col]]
    out["problem set"] = [f"{{doc}}`problem_sets/week{w}`" for w in wf.index]
    out.index = [str(w) for w in wf.index]
    return out


def week_plan(week: dict, ex, root: Path | None = None) -> str:
    """Markdown for one week: its learning outcomes, assigned sections (grouped by chapter),
    homework exercises and problem set."""
    lines = [f"**Week {week['week']}: {week['theme']}.** After this week a student can", ""]
    lines += [f"- {o};" for o in week_outcomes(week, root=root)]
    lines[-1] = lines[-1][:-1] + "."
    root = _ROOT if root is None else Path(root)
    by_chapter: dict[str, list[str]] = {}
    for chapter, heading in week["sections"]:
        level = sections(root / "chapters" / f"{chapter}.ipynb")[heading]["level"]
        by_chapter.setdefault(chapter, []).append(
            "the opening" if level == 1 else f"\u201c{heading}\u201d")
    reading_list = "; ".join(f"{{doc}}`{c}` (" + ", ".join(h) + ")" for c, h in by_chapter.items())
    lines += ["", f"Reading: {reading_list}."]
    labels = week_exercises(week, ex)
    homework = ", ".join(f"{{ref}}`{label}`" for label in labels) if labels else "none"
    lines += ["", f"Homework exercises from the chapters: {homework}. "
              f"Problem set: {{doc}}`problem_sets/week{week['week']}`."]
    return "\n".join(lines)
