"""The student edition's solution stripping (fast: no build, no browser)."""

import json
import re
from pathlib import Path

import pytest

from imbalance_lib.book.editions import ROOT, UnbalancedSolution, strip_solutions


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
    from imbalance_lib.book.editions import INTRO_KEY

    assert INTRO_KEY in (ROOT / "intro.md").read_text(encoding="utf-8")


# --- answer-key notebooks: solution code folded in JupyterLab ---------------------------

@pytest.mark.parametrize("path", sorted((ROOT / "chapters").glob("*.ipynb")), ids=lambda p: p.name)
def test_solution_code_cells_start_folded(path: Path):
    from imbalance_lib.book.editions import FOLDED, solution_code_cells

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    inside = solution_code_cells(cells)
    unfolded = [cells[i].get("id", i) for i in inside
                if {k: cells[i]["metadata"].get("jupyter", {}).get(k) for k in FOLDED} != FOLDED]
    assert not unfolded, f"{path.name}: solution code cells not folded (python -m " \
                         f"imbalance_lib.book.editions fold-solutions): {unfolded}"
    # the folding is for solutions only: no other code cell is folded by it
    for i, c in enumerate(cells):
        if i not in inside and c["cell_type"] == "code":
            assert c["metadata"].get("jupyter", {}) != FOLDED, f"{path.name}: cell {i} folded"


# --- student notebooks for JupyterLab ----------------------------------------------------

def test_glue_roles_take_the_stored_values_as_the_site_formats_them():
    from imbalance_lib.book.editions import resolve_glue

    store = {"a": {"text/plain": "0.123456"}, "n": {"text/plain": "1234"},
             "p": {"text/plain": "np.float64(0.25)"}, "s": {"text/plain": "'word'"},
             "m": {"text/markdown": "*x*", "text/plain": "'x'"}}
    text = ("{glue:text}`a:.3f` {glue:text}`n:,` {glue:text}`a:.1%` {glue:text}`s` "
            "{glue:md}`m` {glue}`m` {glue:text}`a:+.4f`")
    assert resolve_glue(text, store) == "0.123 1,234 12.3% word *x* *x* +0.1235"
    with pytest.raises(KeyError):
        resolve_glue("{glue:text}`missing`", store)


def test_citations_read_as_on_the_site():
    from imbalance_lib.book.editions import resolve_cites

    text = "{cite:t}`garcia2009` and {cite:t}`wu2025` {cite:p}`burduk2020`, {cite}`uci_breast_cancer`"
    assert resolve_cites(text) == ("García et al. [2009] and Wu and Cannistraci [2025] "
                                   "[Burduk, 2020], [Zwitter and Soklič, 1988]")


def test_lab_notebook_drops_glue_only_cells_but_keeps_what_later_cells_use():
    from imbalance_lib.book.editions import lab_notebook

    rec = {"output_type": "display_data", "metadata": {"scrapbook": {"name": "v"}},
           "data": {"application/papermill.record/text/plain": "0.5"}}
    nb = {"cells": [
        code("f = 1\nglue('v', 0.5)") | {"metadata": {"tags": ["remove-cell"]}, "outputs": [rec]},
        code("glue('w', 2)") | {"metadata": {"tags": ["remove-cell"]}},
        code("glue_value('u', 3)") | {"metadata": {"tags": ["remove-input"]}},
        code("client.close()") | {"metadata": {"tags": ["remove-cell"]}},
        md("Half: {glue:text}`v:.2f`, {cite:t}`burduk2020`."),
        code("f + 1") | {"metadata": {"tags": ["hide-input"]}},
    ], "metadata": {}}
    cells = lab_notebook(nb)["cells"]
    assert [c["source"] for c in cells] == ["f = 1\nglue('v', 0.5)", "client.close()",
                                           "Half: 0.50, Burduk [2020].", "f + 1"]
    assert cells[0]["outputs"] == [] and cells[0]["metadata"]["jupyter"]["source_hidden"]
    assert cells[3]["metadata"]["jupyter"] == {"source_hidden": True}


@pytest.mark.parametrize("path", sorted((ROOT / "chapters").glob("*.ipynb")), ids=lambda p: p.name)
def test_student_notebook_shows_values_not_names(path: Path):
    """What JupyterLab would show raw: no glue role or figure, no citation role, no glue record,
    no solution; every exercise kept."""
    from imbalance_lib.book.editions import lab_notebook, student_cells

    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"], _ = student_cells(nb["cells"], path.stem)
    cells = lab_notebook(nb)["cells"]
    markdown = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    outputs = json.dumps([c.get("outputs", []) for c in cells])
    for raw in ("{glue", "{cite", "{solution"):
        assert raw not in markdown
    assert "{cite" not in outputs and "papermill.record" not in outputs
    assert markdown.count("{exercise}") == sum(
        "".join(c["source"]).count("{exercise}") for c in nb["cells"] if c["cell_type"] == "markdown")
    for c in cells:  # every glued figure travels with its markdown cell
        for name in re.findall(r"\{figure\} attachment:(\S+)", "".join(c["source"])):
            assert name in c.get("attachments", {})


# --- source archive ------------------------------------------------------------------------

def test_source_archive_holds_the_whole_book(tmp_path):
    import zipfile

    from imbalance_lib.book.editions import ARCHIVE_NAME, ARCHIVE_PREFIX, source_archive

    out = tmp_path / ARCHIVE_NAME
    source_archive(out)
    first = out.read_bytes()
    source_archive(out)
    assert out.read_bytes() == first, "the archive is not reproducible"
    with zipfile.ZipFile(out) as zf:
        infos = zf.infolist()
    names = [i.filename for i in infos]
    assert names == sorted(names) and len({i.date_time for i in infos}) == 1
    assert all(n.startswith(ARCHIVE_PREFIX) for n in names)
    names = {n.removeprefix(ARCHIVE_PREFIX) for n in names}
    chapters = sorted(p.name for p in (ROOT / "chapters").glob("*.ipynb"))
    assert {f"chapters/{c}" for c in chapters} <= names
    assert {f"student/{c}" for c in chapters} <= names
    for need in ("imbalance_lib/__init__.py", "imbalance_lib/book/__init__.py",
                 "imbalance_lib/book/chapters/hmnc/__init__.py", "requirements.txt", "Makefile", "README.md",
                 "_config.yml", "_toc.yml", "intro.md", "references.bib", "LICENSE",
                 "CITATION.cff", "CHANGELOG.md", "_static/book.css",
                 "_mathjax/mathjax/tex-mml-chtml.js", "chapters/data/stored/ranking_keel.json",
                 "imbalance_lib/book/editions/__init__.py",
                 "imbalance_lib/book/editions/__main__.py",
                 "imbalance_lib/book/editions/printbook.py",
                 "imbalance_lib/book/editions/print.css",
                 "imbalance_lib/book/editions/chromium.py",
                 "imbalance_lib/book/sphinx/__init__.py", "imbalance_lib/book/sphinx/edition.py"):
        assert need in names, need
    # the findings records and stored studies: a chapter executes only beside them
    data = {p.relative_to(ROOT).as_posix() for p in (ROOT / "chapters" / "data").rglob("*.json")}
    assert data and data <= names
    for name in names:
        assert not re.search(r"(^|/)(_build|\.venv|__pycache__|\.ipynb_checkpoints|\.git)(/|$)", name)


def test_student_archive_holds_no_solution(tmp_path):
    import zipfile

    from imbalance_lib.book.editions import ARCHIVE_PREFIX, INTRO_STUDENT, source_archive

    out = tmp_path / "student.zip"
    source_archive(out, solutions=False)
    with zipfile.ZipFile(out) as zf:
        for name in zf.namelist():
            if name.endswith(".ipynb"):
                assert "{solution" not in zf.read(name).decode("utf-8"), name
        assert INTRO_STUDENT in zf.read(ARCHIVE_PREFIX + "intro.md").decode("utf-8")


def test_landing_page_links_the_archive():
    from imbalance_lib.book.editions import ARCHIVE_NAME

    intro = (ROOT / "intro.md").read_text(encoding="utf-8")
    assert f'href="{ARCHIVE_NAME}"' in intro
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert f"ARCHIVE := $(BUILDDIR)/html/{ARCHIVE_NAME}" in make
    for target in ("book", "site", "student"):  # each build that makes a site writes it there
        recipe = re.search(rf"^{target}:.*?(?=^\S)", make, re.S | re.M).group(0)
        assert "source-archive" in recipe, target
