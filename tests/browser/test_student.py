"""The student edition (``make student``) holds no solution: no text, code or output.

Compared page by page with the answer key (the normal site): every exercise is there,
and nothing that the answer key shows inside a solution survives.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

HTML = Path(os.environ.get("BOOK_HTML", "_build/html")).resolve()
STUDENT = Path(os.environ.get("STUDENT_HTML", "_build/student/_build/html")).resolve()

needs_student = pytest.mark.skipif(
    not (STUDENT / "intro.html").is_file(),
    reason=f"no student edition at {STUDENT}: run make student",
)


def _chapters():
    folder = HTML / "chapters"
    return sorted(p.name for p in folder.glob("*.html")) if folder.is_dir() else []


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _article(soup):
    return soup.select_one("article.bd-article") or soup


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@needs_student
def test_student_edition_has_every_page():
    key = {p.relative_to(HTML) for p in HTML.rglob("*.html") if "_" not in p.parts[-2][:1]}
    student = {p.relative_to(STUDENT) for p in STUDENT.rglob("*.html")}
    assert {Path("intro.html")} | {Path("chapters") / c for c in _chapters()} <= student
    assert not ({k for k in key if k.parts[0] == "chapters"} - student)


@needs_student
@pytest.mark.parametrize("page", _chapters())
def test_no_solution_survives(page):
    key, student = _article(_soup(HTML / "chapters" / page)), _article(
        _soup(STUDENT / "chapters" / page))
    assert not student.select(".solution"), "a solution block is in the student edition"
    text = _norm(student.get_text(" "))
    assert "Solution to" not in text
    assert len(student.select(".exercise")) == len(key.select(".exercise")), "an exercise went missing"
    # what the answer key says outside its solutions may repeat in them (a formula, a name)
    outside = _article(_soup(HTML / "chapters" / page))
    for sol in outside.select(".solution"):
        sol.decompose()
    outside = _norm(outside.get_text(" "))
    leaks = []
    for sol in key.select(".solution"):
        # every code block, output and paragraph of the answer key's solution
        for el in sol.select("pre, p, li, td, mjx-container, .math"):
            piece = _norm(el.get_text(" "))
            if len(piece) >= 25 and piece in text and piece not in outside:
                leaks.append(piece[:80])
    assert not leaks, f"{page}: solution content in the student edition:\n  " + "\n  ".join(leaks)


def test_answer_key_keeps_its_solutions_collapsed():
    """The normal edition is the answer key: every exercise has a solution, folded by default."""
    for page in _chapters():
        soup = _article(_soup(HTML / "chapters" / page))
        for sol in soup.select(".solution"):
            assert "dropdown" in sol.get("class", []), f"{page}: a solution that is not a dropdown"


def test_both_sites_offer_the_source_archive():
    """The landing page links the source archive, and the archive is there, in each edition."""
    import zipfile

    from imbalance_lib.book.editions import ARCHIVE_NAME, ARCHIVE_PREFIX

    sites = [HTML] + ([STUDENT] if (STUDENT / "intro.html").is_file() else [])
    for site in sites:
        intro = _soup(site / "intro.html")
        assert intro.select(f'a[href="{ARCHIVE_NAME}"]'), f"{site}: intro.html does not link it"
        with zipfile.ZipFile(site / ARCHIVE_NAME) as zf:
            names = set(zf.namelist())
        for page in _chapters():
            nb = page.replace(".html", ".ipynb")
            if (Path(__file__).resolve().parents[2] / "chapters" / nb).is_file():
                assert {ARCHIVE_PREFIX + "chapters/" + nb, ARCHIVE_PREFIX + "student/" + nb} <= names


@needs_student
def test_student_notebooks_for_jupyterlab():
    """make student writes the JupyterLab notebooks next to the student site: values, not names."""
    folder = STUDENT.parents[1] / "notebooks"
    names = sorted(p.name for p in folder.glob("*.ipynb"))
    assert names == sorted(p.name for p in (STUDENT.parents[1] / "chapters").glob("*.ipynb"))
    for name in names:
        text = (folder / name).read_text(encoding="utf-8")
        assert "{glue" not in text and "papermill.record" not in text and "{solution" not in text


@needs_student
@pytest.mark.parametrize("folder", ["notebooks", "chapters"])
def test_a_student_notebook_runs_top_to_bottom(tmp_path, folder):
    """One chapter's student notebook executes without error: the JupyterLab one (solutions
    and glue-only cells removed) and the one the student site and archive offer (solutions
    removed, the cell that needs them inert)."""
    import shutil

    nbclient = pytest.importorskip("nbclient")
    import nbformat

    name = os.environ.get("STUDENT_RUN_CHAPTER", "balanced_accuracy.ipynb")
    src = STUDENT.parents[1] / folder / name
    shutil.copy(src, tmp_path / name)
    nb = nbformat.read(tmp_path / name, as_version=4)
    nbclient.NotebookClient(nb, timeout=900, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
