"""The course map reads its facts from the chapters: check the readers on a made-up chapter."""

from __future__ import annotations

import json

from imbalance_lib.book import course


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
