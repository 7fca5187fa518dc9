"""The student edition's solution stripping (fast: no build, no browser)."""

import json
import re
from pathlib import Path

import pytest
from editions import ROOT, UnbalancedSolution, strip_solutions


def md(text):
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def code(text):
    return {"cell_type": "code", "metadata": {}, "source": text, "outputs": [],
            "execution_count": None}


GATED_BACKTICKS = [
    md("Intro.\n\n````{exercise}\n:label: ex-a\nCompute it.\n````\n"),
    md("````{solution-start} ex-a\n:class: dropdown\n````\nThe answer is 4."),
    code("answer = 2 + 2\nprint(answer)"),
    md("Still the solution."),
    code("secret_plot()"),
    md("````{solution-end}\n````"),
    md("## Take-aways\n\nSomething."),
]


def test_gated_solution_is_removed_with_its_code_cells():
    kept, n = strip_solutions(GATED_BACKTICKS)
    text = json.dumps(kept)
    assert n == 1
    assert "Compute it." in text and "Take-aways" in text and "Intro." in text
    for gone in ("answer = 2 + 2", "The answer is 4", "Still the solution", "secret_plot",
                 "solution-start", "solution-end"):
        assert gone not in text
    assert [c["cell_type"] for c in kept] == ["markdown", "markdown"]


def test_solution_end_and_next_exercise_in_one_cell():
    cells = [md(":::{solution-start} e1\n:class: dropdown\n:::\nA1"), code("x = 1"),
             md(":::{solution-end}\n:::\n\n:::{exercise}\n:label: e2\nQ2\n:::\n\n"
                ":::{solution-start} e2\n:class: dropdown\n:::\nA2"),
             md(":::{solution-end}\n:::")]
    kept, n = strip_solutions(cells)
    assert n == 2 and len(kept) == 1
    assert "Q2" in kept[0]["source"] and "A2" not in kept[0]["source"]


def test_plain_solution_block_is_removed():
    kept, n = strip_solutions([md("::::{solution} e\n:class: dropdown\nA\n:::{note}\nN\n:::\n"
                                  "B\n::::\nAfter")])
    assert n == 1 and kept[0]["source"] == "After"


def test_unbalanced_solution_is_an_error():
    with pytest.raises(UnbalancedSolution):
        strip_solutions([md(":::{solution-start} e\n:class: dropdown\n:::\nA")])
    with pytest.raises(UnbalancedSolution):
        strip_solutions([md(":::{solution-end}\n:::")])


@pytest.mark.parametrize("path", sorted((ROOT / "chapters").glob("*.ipynb")), ids=lambda p: p.name)
def test_every_chapter_strips_cleanly(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    kept, n = strip_solutions(nb["cells"])
    exercises = sum(len(re.findall(r"^\s*(?::{3,}|`{3,})\{exercise\}", "".join(c["source"]), re.M))
                    for c in nb["cells"] if c["cell_type"] == "markdown")
    text = json.dumps(kept)
    assert "{solution" not in text
    assert n == exercises, f"{path.name}: {exercises} exercises but {n} solutions"


def test_intro_describes_the_edition():
    from editions import INTRO_KEY

    assert INTRO_KEY in (ROOT / "intro.md").read_text(encoding="utf-8")
