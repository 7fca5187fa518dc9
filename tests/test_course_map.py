"""The course map reads its facts from the chapters: check the readers on a made-up chapter."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from imbalance_lib.book import course

ROOT = Path(__file__).resolve().parents[1]


def _chapter(tmp_path, cells):
    nb = {"cells": [{"cell_type": t, "metadata": {}, "source": s} for t, s in cells],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "chapters").mkdir()
    path = tmp_path / "chapters" / "demo.ipynb"
    path.write_text(json.dumps(nb))
    return path


def test_exercises_objectives_and_words(tmp_path):
    path = _chapter(tmp_path, [
        ("markdown", "# Demo\n\nAfter this chapter you will be able to\n\n- compute a rate;\n"
                     "- prove a bound\n  over two lines.\n\nMore text."),
        ("code", "x = 1  # code is not prose"),
        ("markdown", "```python\nnot = counted\n```"),
        ("markdown", ":::{exercise}\n:label: demo-ex-a\n\nCompute $TP/P$ for Eq. 3. Then more.\n"
                     ":::\n\n````{exercise}\n:label: demo-ex-b\n\nShow it.\n````"),
    ])
    assert [e["label"] for e in course.exercises(path)] == ["demo-ex-a", "demo-ex-b"]
    assert course.exercises(path)[0]["first sentence"] == "Compute $TP/P$ for Eq. 3."
    assert course.objectives(path) == ["compute a rate;", "prove a bound over two lines."]
    facts = course.chapter_facts(["demo"], root=tmp_path)
    # Demo / After this chapter you will be able to / compute a rate / prove a bound over
    # two lines / More text / Compute for Eq / Then more / Show it: 27 words by hand
    assert facts.loc["demo", "words"] == 27
    assert facts.loc["demo", "exercises"] == 2 and facts.loc["demo", "objectives"] == 2
    assert course.totals(facts)["n_exercises"] == 2


def test_titles_types_and_homework_rule(tmp_path):
    path = _chapter(tmp_path, [
        ("markdown", ":::{exercise} Proof + computation, challenging\n:label: demo-ex-a\n\nShow it.\n"
                     ":::\n\n````{exercise} Coding, basic\n:label: demo-ex-b\n\nRun it.\n````\n\n"
                     ":::{exercise} Proof, intermediate\n:label: demo-ex-c\n\nProve it.\n:::"),
    ])
    assert [e["title"] for e in course.exercises(path)] == [
        "Proof + computation, challenging", "Coding, basic", "Proof, intermediate"]
    ex = course.exercise_table(["demo"], root=tmp_path)
    assert list(ex["type"]) == ["proof + computation", "coding", "proof"]
    assert list(ex["difficulty"]) == [3, 1, 2]
    assert list(ex["use"]) == ["advanced course", "homework", "in class"]
    counts = course.exercise_totals(ex)
    assert counts["n_proof"] == 2 and counts["n_computation"] == 1 and counts["n_coding"] == 1
    assert counts["n_two_types"] == 1 and counts["n_basic"] == 1 and counts["n_challenging"] == 1
    assert course.homework_use(("computation", "interpretation"), 2) == "homework"
    assert course.homework_use(("coding",), 3) == "in class"


@pytest.mark.parametrize("title", ["Computation", "Proof, hard", "Essay, basic",
                                   "Proof + proof, basic", "computation, Basic, extra"])
def test_bad_titles_are_refused(title):
    with pytest.raises(ValueError):
        course.parse_title(title)


# Independent of imbalance_lib.book.course: every exercise directive of every chapter, read
# with a regex of its own, must carry "<Type>[ + <type>], <basic|intermediate|challenging>".
_DIRECTIVE = re.compile(r"^(?::{3}|`{4})\{exercise\}(.*)$", re.M)
_TITLE = re.compile(r"^ ([A-Z][a-z]+)(?: \+ ([a-z]+))?, (basic|intermediate|challenging)$")
_KINDS = {"proof", "computation", "coding", "interpretation"}


def _titles_in_chapters():
    titles = []
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "markdown":
                titles += [(path.stem, t) for t in _DIRECTIVE.findall("".join(cell["source"]))]
    return titles


def test_every_exercise_has_a_type_and_difficulty():
    titles = _titles_in_chapters()
    assert len(titles) >= 30
    for chapter, title in titles:
        m = _TITLE.match(title)
        assert m, f"{chapter}: exercise title {title!r}"
        kinds = {m.group(1).lower(), m.group(2)} - {None}
        assert kinds <= _KINDS, (chapter, title)


def _glued(name):
    nb = json.loads((ROOT / "chapters" / "course_map.ipynb").read_text())
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if out.get("metadata", {}).get("scrapbook", {}).get("name") == name:
                return out["data"]["application/papermill.record/text/plain"].strip("'\"")
    raise KeyError(name)


def test_course_map_counts_match_the_chapters():
    """The counts glued in the course map, recounted from the notebooks' exercise titles."""
    map_chapters = {"balanced_accuracy", "iba", "hmnc", "iam", "ac_score", "intervals",
                    "synthesis", "ranking", "deployment"}
    parsed = [_TITLE.match(t) for c, t in _titles_in_chapters() if c in map_chapters]
    kinds = [{m.group(1).lower(), m.group(2)} - {None} for m in parsed]
    levels = [m.group(3) for m in parsed]
    expected = {"n-exercises": len(parsed), "n-two-types": sum(len(k) == 2 for k in kinds)}
    for kind in _KINDS:
        expected[f"n-{kind}"] = sum(kind in k for k in kinds)
    for level in ("basic", "intermediate", "challenging"):
        expected[f"n-{level}"] = levels.count(level)
    homework = [("proof" not in k and lv != "challenging") for k, lv in zip(kinds, levels)]
    advanced = [("proof" in k and lv == "challenging") for k, lv in zip(kinds, levels)]
    expected["n-homework"] = sum(homework)
    expected["n-advanced"] = sum(advanced)
    expected["n-in-class"] = len(parsed) - sum(homework) - sum(advanced)
    for key, value in expected.items():
        assert _glued(f"course-{key}") == str(value), key


def test_words_pair_fences():
    # the bare closing fence of a directive does not open a code block
    text = ("```{index} single: x\n```\n\nOne two.\n\n````{solution-end}\n````\n\nThree four.\n\n"
            "```python\nnot = counted\n```\n\n```{math}\nx = y\n```\n\n:::{note}\nFive.\n:::")
    assert course.words(text) == 5


def test_every_chapter_states_its_objectives():
    """Both phrasings the chapters use ("you will be able to", "you can") are read."""
    root = Path(__file__).resolve().parents[1] / "chapters"
    chapters = ["balanced_accuracy", "iba", "hmnc", "iam", "ac_score", "intervals", "synthesis",
                "ranking", "deployment"]
    counts = {name: len(course.objectives(root / f"{name}.ipynb")) for name in chapters}
    assert all(n >= 2 for n in counts.values()), counts


def test_sections_and_reading_on_a_made_up_chapter(tmp_path):
    _chapter(tmp_path, [
        ("markdown", "# Demo\n\nOne two three.\n\n## Alpha\n\nFour five.\n\n"
                     "| a | b |\n|---|---|\n| 1 | 2 |\n\n### Alpha one\n\nSix."),
        ("code", "x = 1\n\ny = 2\n"),
        ("code", "hidden = 1"),
        ("markdown", "```{glue:figure} demo-fig\n:name: fig-demo\n\nA caption here.\n```\n\n"
                     "## Beta\n\nSeven eight nine ten."),
    ])
    # the hidden cell is tagged remove-input
    nb = json.loads((tmp_path / "chapters" / "demo.ipynb").read_text())
    nb["cells"][2]["metadata"]["tags"] = ["remove-input"]
    (tmp_path / "chapters" / "demo.ipynb").write_text(json.dumps(nb))
    secs = course.sections(tmp_path / "chapters" / "demo.ipynb")
    assert list(secs) == ["Demo", "Alpha", "Alpha one", "Beta"]
    # by hand: "Demo One two three" = 4 words; Alpha: heading 1 + 2, table cells a b are words
    # (2), subsection "Alpha one Six" 3, caption "A caption here" 3 -> 11; 2 code lines;
    # 1 table, 1 figure
    assert secs["Demo"] == {"level": 1, "words": 4, "code lines": 0, "figures": 0, "tables": 0}
    assert secs["Alpha"] == {"level": 2, "words": 11, "code lines": 2, "figures": 1, "tables": 1}
    assert secs["Alpha one"]["words"] == 6 and secs["Alpha one"]["code lines"] == 2
    assert secs["Beta"]["words"] == 5
    r = course.reading([("demo", "Alpha"), ("demo", "Beta")], root=tmp_path)
    # 16 words, 2 code lines, 2 displays: 16/250 + 2/50 + 2*0.5 pages; 16/100 + 2/10 + 2*2 min
    assert r["pages"] == pytest.approx(16 / 250 + 2 / 50 + 1.0)
    assert r["minutes"] == pytest.approx(16 / 100 + 2 / 10 + 4)
    with pytest.raises(ValueError, match="no heading"):
        course.reading([("demo", "Gamma")], root=tmp_path)
    with pytest.raises(ValueError, match="inside"):
        course.reading([("demo", "Alpha"), ("demo", "Alpha one")], root=tmp_path)
    with pytest.raises(ValueError, match="twice"):
        course.reading([("demo", "Beta"), ("demo", "Beta")], root=tmp_path)


# The six weeks of the module (the plan shared with the problem sets): theme and chapters.
_PLAN = {1: ("Metrics at one threshold", {"balanced_accuracy", "metric_reference"}),
         2: ("Metrics built for imbalance", {"iba", "hmnc", "ac_score", "iam"}),
         3: ("Threshold-free metrics", {"ranking"}),
         4: ("How sure is a metric?", {"intervals"}),
         5: ("Choosing a metric", {"synthesis"}),
         6: ("Deployment", {"deployment"})}


def test_six_week_path_follows_the_plan():
    assert [w["week"] for w in course.WEEKS] == list(_PLAN)
    for w in course.WEEKS:
        theme, chapters = _PLAN[w["week"]]
        assert w["theme"] == theme
        assert {c for c, _ in w["sections"]} == chapters, w["week"]
        assert {c for c, _ in w["outcomes"]} <= chapters
        outcomes = course.week_outcomes(w)
        assert len(outcomes) >= 2 and all(len(o.split()) >= 5 for o in outcomes)
        assert (ROOT / "chapters" / "problem_sets" / f"week{w['week']}.ipynb").exists()
        # no "Exercises" section is assigned as reading: exercises are listed apart
        assert all(h != "Exercises" for _, h in w["sections"])


def _headings(chapter):
    """Every markdown heading of a chapter, read independently of the course module."""
    nb = json.loads((ROOT / "chapters" / f"{chapter}.ipynb").read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return set(re.findall(r"^#{1,6} +(.+?) *$", text, flags=re.M))


def test_assigned_sections_exist_and_weeks_are_about_fifteen_pages():
    for w in course.WEEKS:
        for chapter, heading in w["sections"]:
            assert heading in _headings(chapter), (w["week"], chapter, heading)
    weeks = course.week_facts()
    assert weeks["pages"].between(10, 20).all(), weeks["pages"].to_dict()
    assert weeks["reading (h)"].between(0.25, 2).all()
    # a week's pages are at least its prose alone at the stated words per page
    assert (weeks["pages"] >= weeks["words"] / course.WORDS_PER_PAGE).all()


def test_course_map_states_the_week_figures():
    weeks = course.week_facts()
    assert _glued("course-pages-min") == f"{weeks['pages'].min():.1f}"
    assert _glued("course-pages-max") == f"{weeks['pages'].max():.1f}"
    assert _glued("course-words-per-page") == str(course.WORDS_PER_PAGE)
    nb = json.loads((ROOT / "chapters" / "course_map.ipynb").read_text())
    shown = "".join("".join(o.get("data", {}).get("text/markdown", ""))
                    for c in nb["cells"] for o in c.get("outputs", []))
    for week, row in weeks.iterrows():
        assert f"| {week} | {row['theme']} |" in shown
        assert f"{{doc}}`problem_sets/week{week}`" in shown
        assert f"**Week {week}: {row['theme']}.**" in shown
