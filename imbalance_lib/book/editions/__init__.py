"""The book's other editions: the student site (no solutions) and the PDFs.

The tools that build them, not tests (the tests are in ``tests/browser/``). Run through
the Makefile (``make student``, ``make pdf``, ``make site``/``book``, ``make lab``); by
hand, from the repository's root::

    python -m imbalance_lib.book.editions student-source _build/student
    python -m imbalance_lib.book.editions student-notebooks _build/student/notebooks
    python -m imbalance_lib.book.editions source-archive _build/html/imbalance-book-source.zip
    python -m imbalance_lib.book.editions pdf _build/html _build/pdf/book.pdf [--solutions]
    python -m imbalance_lib.book.editions fold-solutions [chapters/<name>.ipynb ...]

Student edition
    Every chapter notebook is copied with everything from a ``solution-start``
    directive to its ``solution-end`` removed: the markdown of the solution,
    and every code cell in between with its outputs. A plain ``{solution}``
    block is removed too. The exercises stay. sphinx-exercise's own
    ``hide_solutions`` cannot do this (it crashes on gated solutions and would
    keep the code cells). The same notebooks, made for JupyterLab (glued numbers and
    citations written into the text, glued figures attached), go to
    ``_build/student/notebooks``: jupyterlab-myst renders neither glue nor citations.

Source archive
    The whole book's source as one zip, linked from the landing page: chapters,
    library, build files, and a ``student/`` folder of the JupyterLab student
    notebooks. Sorted entries, fixed timestamps: the same sources give the same bytes.

PDF
    ``printbook.py`` (in this package, with its stylesheet ``print.css`` and the
    Chromium flags of ``chromium.py``) prints a built site as one book:
    title page, contents with page numbers, every page of the site in reading
    order in one document (continuous page numbers, links inside the PDF),
    the index and the list of theorems, nested bookmarks. Offline: the site
    is served on 127.0.0.1 and every other request is refused.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from imbalance_lib.book.answer_cells import add_checks
from imbalance_lib.book.editions.labtext import (  # noqa: F401  (re-exported)
    _CITE_ROLE,
    _GLUE_CALL,
    _GLUE_FIGURE,
    _GLUE_ROLE,
    _RECORD,
    _authors,
    _bibliography,
    _names,
    _only_glue,
    _text,
    chapter_numbers,
    cite_text,
    glue_store,
    numbering_frontmatter,
    output_figure,
    resolve_cites,
    resolve_glue,
    resolve_glue_figures,
    resolve_terms,
    unnumbered_equations,
    unnumbered_proofs,
)
from imbalance_lib.book.editions.withhold import strip_unshown_glue, withhold_answers

# the repository's root (or the unpacked source archive's), three folders above this package
ROOT = Path(__file__).resolve().parents[3]

# ---------------------------------------------------------------------------------------
# Student edition
# ---------------------------------------------------------------------------------------

_OPEN = re.compile(r"^\s*(?P<fence>`{3,}|:{3,})\{(?P<name>solution-start|solution-end|solution)\}")


def _closes(line: str, fence: str) -> bool:
    """A line that closes a directive opened with ``fence`` (same character, at least as long)."""
    s = line.strip()
    return len(s) >= len(fence) and set(s) == {fence[0]}


class UnbalancedSolution(ValueError):
    """A solution-start without its solution-end, or the reverse."""


def strip_solutions(cells: list[dict]) -> tuple[list[dict], int]:
    """The cells without any solution content, and the number of solutions removed.

    ``cells`` are notebook cells (dicts as in the ``.ipynb`` JSON). Markdown
    before a ``solution-start`` and after a ``solution-end`` in the same cell
    is kept; cells left empty are dropped.

    Examples
    --------
    >>> md = lambda s: {"cell_type": "markdown", "metadata": {}, "source": s}
    >>> code = {"cell_type": "code", "metadata": {}, "source": "x = 1", "outputs": []}
    >>> cells = [md(":::{exercise}\\n:label: e\\nQ?\\n:::\\n\\n:::{solution-start} e\\n"
    ...             ":class: dropdown\\n:::\\nA."), code,
    ...          md(":::{solution-end}\\n:::\\n\\nAfter.")]
    >>> kept, n = strip_solutions(cells)
    >>> n, [c["source"] for c in kept]
    (1, [':::{exercise}\\n:label: e\\nQ?\\n:::\\n\\n', '\\nAfter.'])
    """
    kept, inside, removed = [], False, 0
    for cell in cells:
        if cell["cell_type"] != "markdown":
            if not inside:
                kept.append(cell)
            continue
        source = cell["source"]
        lines = (source if isinstance(source, str) else "".join(source)).splitlines(keepends=True)
        out, i = [], 0
        while i < len(lines):
            m = _OPEN.match(lines[i])
            if not m:
                if not inside:
                    out.append(lines[i])
                i += 1
                continue
            fence, name = m["fence"], m["name"]
            # skip the directive's own lines up to its closing fence
            j = i + 1
            while j < len(lines) and not _closes(lines[j], fence):
                j += 1
            if j == len(lines) and name != "solution-start":
                raise UnbalancedSolution(f"unclosed {name} directive: {lines[i].strip()}")
            if name == "solution-start":
                if inside:
                    raise UnbalancedSolution(f"solution-start inside a solution: {lines[i].strip()}")
                inside, removed = True, removed + 1
            elif name == "solution-end":
                if not inside:
                    raise UnbalancedSolution("solution-end without a solution-start")
                inside = False
            else:  # a plain {solution} block: its body ends at the closing fence
                if not inside:
                    removed += 1
            i = j + 1
        text = "".join(out)
        if text.strip():
            new = dict(cell)
            new["source"] = text
            kept.append(new)
    if inside:
        raise UnbalancedSolution("a solution-start has no solution-end")
    return kept, removed


def solution_code_cells(cells: list[dict]) -> list[int]:
    """The indexes of the code cells inside a solution (between solution-start and -end)."""
    kept, _ = strip_solutions(cells)
    kept_ids = {id(c) for c in kept}
    return [i for i, c in enumerate(cells) if c["cell_type"] == "code" and id(c) not in kept_ids]


FOLDED = {"source_hidden": True, "outputs_hidden": True}


SOLUTION_FIRST_LINE = "# worked solution"


def fold_solutions(path: Path) -> int:
    """Fold every solution code cell of the notebook at ``path`` in JupyterLab: its metadata
    ``jupyter`` gets ``source_hidden`` and ``outputs_hidden`` (the site and nbval ignore
    this metadata), and a cell that does not open with a comment gets the first line
    ``# worked solution``, because JupyterLab shows a folded cell's first line. Outputs stay
    byte for byte. Returns the cells changed.

    >>> import tempfile
    >>> nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source":
    ...       ":::{exercise}\\n:label: e\\nQ\\n:::\\n:::{solution-start} e\\n:::\\n"},
    ...       {"cell_type": "code", "metadata": {}, "source": "1", "outputs": []},
    ...       {"cell_type": "markdown", "metadata": {}, "source": ":::{solution-end}\\n:::\\n"}],
    ...       "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    >>> f = Path(tempfile.mkdtemp()) / "x.ipynb"
    >>> _ = f.write_text(json.dumps(nb))
    >>> fold_solutions(f), fold_solutions(f)
    (1, 0)
    >>> cell = json.loads(f.read_text())["cells"][1]
    >>> cell["metadata"], cell["source"]
    ({'jupyter': {'outputs_hidden': True, 'source_hidden': True}}, '# worked solution\\n1')
    """
    path = Path(path)
    nb = json.loads(path.read_text(encoding="utf-8"))
    changed = 0
    for i in solution_code_cells(nb["cells"]):
        cell = nb["cells"][i]
        meta = cell.setdefault("metadata", {})
        folded = {**meta.get("jupyter", {}), **FOLDED}
        source = _text(cell["source"])
        opens_with_comment = source.lstrip().startswith("#")
        if meta.get("jupyter") != folded or not opens_with_comment:
            meta["jupyter"] = folded
            if not opens_with_comment:
                lines = (SOLUTION_FIRST_LINE + "\n" + source).splitlines(keepends=True)
                cell["source"] = lines if isinstance(cell["source"], list) else "".join(lines)
            changed += 1
    if changed:
        path.write_text(_dumps(nb), encoding="utf-8")
    return changed


# The sentence of intro.md that describes the solutions, and its student-edition form.
INTRO_KEY = """in this edition each solution is folded under its exercise, and a student
edition without the solutions is built with `make student`."""
INTRO_STUDENT = """this student edition leaves the solutions out."""


def student_source(dest: Path) -> dict[str, int]:
    """Copy the book's sources to ``dest`` with every solution removed from the chapters
    (notebooks and markdown pages).

    Also writes the student notebooks for JupyterLab to ``dest/notebooks``
    (:func:`lab_notebook`). Returns the number of solutions removed per notebook.
    """
    dest = Path(dest)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in ("_toc.yml", "references.bib"):
        shutil.copy2(ROOT / name, dest / name)
    intro = (ROOT / "intro.md").read_text(encoding="utf-8")
    (dest / "intro.md").write_text(intro.replace(INTRO_KEY, INTRO_STUDENT), encoding="utf-8")
    for folder in ("_static",):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, dest / folder)
    (dest / "_mathjax").symlink_to(ROOT / "_mathjax", target_is_directory=True)
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    config = config.replace("execute_notebooks: force", 'execute_notebooks: "off"')
    config = re.sub(r"^title: (.*)$", r"title: \1 (student edition)", config, count=1, flags=re.M)
    (dest / "_config.yml").write_text(config, encoding="utf-8")
    counts = {}
    (dest / "chapters").mkdir()
    (dest / "notebooks").mkdir()
    for src in sorted((ROOT / "chapters").iterdir()):
        if src.suffix == ".ipynb":
            nb = json.loads(src.read_text(encoding="utf-8"))
            nb["cells"], counts[src.name] = student_cells(nb["cells"], src.stem)
            (dest / "chapters" / src.name).write_text(_dumps(nb), encoding="utf-8")
            (dest / "notebooks" / src.name).write_text(_dumps(lab_notebook(nb, src.stem)), encoding="utf-8")
        elif src.suffix == ".md":  # a markdown page may hold exercises too (the explorer's)
            kept, counts[src.name] = strip_solutions(
                [{"cell_type": "markdown", "source": src.read_text(encoding="utf-8")}])
            (dest / "chapters" / src.name).write_text(
                "".join(c["source"] for c in kept), encoding="utf-8")
        elif src.is_file():
            shutil.copy2(src, dest / "chapters" / src.name)
        elif any(src.glob("*.ipynb")):  # a folder of pages (the problem sets), in student form
            shutil.copytree(src, dest / "chapters" / src.name)
            for page in sorted((dest / "chapters" / src.name).glob("*.ipynb")):
                nb = json.loads(page.read_text(encoding="utf-8"))
                nb["cells"], counts[f"{src.name}/{page.name}"] = student_cells(nb["cells"], page.stem)
                page.write_text(_dumps(nb), encoding="utf-8")
    return counts


def student_notebooks(dest: Path) -> list[Path]:
    """Write only the student notebooks for JupyterLab (:func:`lab_notebook`) to ``dest``."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in _lab_notebooks(ROOT):
        (dest / name).write_text(text, encoding="utf-8")
        written.append(dest / name)
    return written


def _lab_notebooks(root: Path):
    """(file name, JSON text) of every chapter's student notebook for JupyterLab."""
    for src in sorted((Path(root) / "chapters").glob("*.ipynb")):
        nb = json.loads(src.read_text(encoding="utf-8"))
        nb["cells"], _ = student_cells(nb["cells"], src.stem)
        yield src.name, _dumps(lab_notebook(nb, src.stem))


INERT = "# (In the book's full edition this cell checks the page's numbers; it needs the solutions.)\n"


def inert_cells(cells: list[dict], gone: set[str]) -> list[dict]:
    """``cells`` in which every code cell that reads a name in ``gone`` (defined only in the
    removed solutions), or one such a cell defined, has the source :data:`INERT` instead:
    its stored outputs stay (the site shows them), and run from the top the notebook runs.

    >>> code = lambda s: {"cell_type": "code", "metadata": {}, "source": s, "outputs": []}
    >>> out = inert_cells([code("a = 1"), code("f = g(a, ex)"), code("print(f, a)")], {"ex"})
    >>> [c["source"] == INERT for c in out]
    [False, True, True]
    """
    gone, out = set(gone), []
    for cell in cells:
        if cell["cell_type"] == "code":
            source = _text(cell["source"])
            if _names(source, stored=False) & gone:
                gone |= _names(source, stored=True)
                cell = dict(cell, source=INERT)
        out.append(cell)
    return out


def student_cells(cells: list[dict], chapter: str) -> tuple[list[dict], int]:
    """The chapter's cells for students (solutions removed, and every glued value they no
    longer show: :mod:`~imbalance_lib.book.editions.withhold`), and the number of solutions
    removed. A cell that needs a solution's result keeps its outputs but not its code
    (:func:`inert_cells`)."""
    solution_names = set().union(*[_names(_text(cells[i]["source"]), stored=True)
                                   for i in solution_code_cells(cells)])
    cells, removed = strip_solutions(cells)
    kept_names = set().union(*[_names(_text(c["source"]), stored=True)
                               for c in cells if c["cell_type"] == "code"])
    cells = inert_cells(cells, solution_names - kept_names)
    cells, _ = strip_unshown_glue(cells)
    cells = add_checks(cells, chapter)  # a check cell after each computation exercise
    return cells, removed


def _dumps(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


# ---------------------------------------------------------------------------------------

def lab_notebook(nb: dict, chapter: str | None = None) -> dict:
    """A student notebook (solutions already removed) made for JupyterLab.

    Glued values, citations and glossary terms become text, glued figures cell
    attachments; figures, equations, theorems and exercises are numbered as on the site
    (the ``chapter``'s number first: :func:`numbering_frontmatter`), proofs not; a cell
    tagged ``remove-cell`` or ``remove-input`` that glues is dropped unless a later cell
    uses a name it defines (then it stays, folded, as does one that glues nothing);
    outputs that only record a glued value go (Lab has no renderer for them);
    ``hide-input``/``hide-output`` fold the code or the output as on the site; an output
    the site shows as a numbered figure moves into a figure cell after its code
    (:func:`output_figure`).
    """
    cells = nb["cells"]
    store = glue_store(cells)
    used_later: list[set[str]] = []
    seen: set[str] = set()
    for cell in reversed(cells):
        used_later.append(set(seen))
        if cell["cell_type"] == "code":
            seen |= _names(_text(cell["source"]), stored=False)
    used_later.reverse()
    out = []
    frontmatter = numbering_frontmatter(chapter)
    for cell, later in zip(cells, used_later):
        tags = cell.get("metadata", {}).get("tags", [])
        cell = json.loads(json.dumps(cell))
        if cell["cell_type"] == "markdown":
            cell = resolve_glue_figures(cell, store)
            text = resolve_terms(resolve_cites(resolve_glue(_text(cell["source"]), store)))
            cell["source"] = frontmatter + unnumbered_equations(unnumbered_proofs(text))
            frontmatter = ""
        elif cell["cell_type"] == "code":
            source = _text(cell["source"])
            if {"remove-cell", "remove-input"} & set(tags) and (source == INERT or (
                    _GLUE_CALL.search(source) and not (_names(source, stored=True) & later))):
                continue
            cell["outputs"] = [o for o in cell.get("outputs", []) if not _only_glue(o)]
            for o in cell["outputs"]:  # a table printed as MyST markdown may cite
                if "text/markdown" in o.get("data", {}):
                    o["data"]["text/markdown"] = resolve_cites(_text(o["data"]["text/markdown"]))
            hidden = {"source_hidden": "remove-cell" in tags or "hide-input" in tags
                      or "remove-input" in tags,
                      "outputs_hidden": "hide-output" in tags}
            hidden = {k: v for k, v in hidden.items() if v}
            if hidden:
                cell["metadata"]["jupyter"] = {**cell["metadata"].get("jupyter", {}), **hidden}
            figure = output_figure(cell)
            if figure:
                figure["source"] = resolve_terms(resolve_cites(figure["source"]))
                out += [cell, figure]
                continue
        out.append(cell)
    return dict(nb, cells=out)


# ---------------------------------------------------------------------------------------
# Source archive
# ---------------------------------------------------------------------------------------

ARCHIVE_NAME = "imbalance-book-source.zip"
ARCHIVE_PREFIX = "imbalance-book/"
# what the archive holds: the book's sources, its library and what `make book` needs to build
# it (this package, which writes the archive, is in imbalance_lib/book/editions/); no tests,
# benchmarks, _build or .venv
ARCHIVE_FILES = ("Makefile", "README.md", "LICENSE", "CITATION.cff", "CHANGELOG.md",
                 "requirements.txt", "pyproject.toml", "_config.yml", "_toc.yml", "intro.md",
                 "references.bib")
ARCHIVE_FOLDERS = ("chapters", "imbalance_lib", "_static", "_mathjax")
_SKIP = re.compile(r"(^|/)(__pycache__|\.ipynb_checkpoints|\.[^/]*)(/|$)|\.pyc$")


def archive_members(root: Path = ROOT) -> list[str]:
    """The files of the source archive, relative to ``root``, sorted."""
    root = Path(root)
    names = [f for f in ARCHIVE_FILES if (root / f).is_file()]
    for folder in ARCHIVE_FOLDERS:
        for p in (root / folder).rglob("*"):
            rel = p.relative_to(root).as_posix()
            if p.is_file() and not _SKIP.search(rel):
                names.append(rel)
    return sorted(names)


def source_archive(out: Path, root: Path = ROOT, *, solutions: bool = True) -> tuple[int, int]:
    """Write the whole book's source as one zip at ``out``: the files of :func:`archive_members`
    and a ``student/`` folder of the student notebooks (:func:`lab_notebook`), every entry
    under ``imbalance-book/``, sorted, with a fixed timestamp (the same sources give the same
    bytes). ``solutions=False`` (the student site's archive): the chapters are the student
    edition's, without solutions, and so is intro.md; no answers and a README for students
    (:func:`withhold_answers`). Returns (number of entries, size in bytes)."""
    import zipfile

    root, out = Path(root), Path(out)
    entries = {name: (root / name).read_bytes() for name in archive_members(root)}
    if not solutions:
        intro = entries["intro.md"].decode("utf-8").replace(INTRO_KEY, INTRO_STUDENT)
        entries["intro.md"] = intro.encode("utf-8")
        for src in sorted((root / "chapters").glob("*.ipynb")):
            nb = json.loads(src.read_text(encoding="utf-8"))
            nb["cells"], _ = student_cells(nb["cells"], src.stem)
            entries[f"chapters/{src.name}"] = _dumps(nb).encode("utf-8")
        withhold_answers(entries)
    for name, text in _lab_notebooks(root):
        entries[f"student/{name}"] = text.encode("utf-8")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(ARCHIVE_PREFIX + name, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, entries[name], compresslevel=9)
    tmp.replace(out)
    return len(entries), out.stat().st_size


# ---------------------------------------------------------------------------------------
# PDF: printbook.py prints the book (title page, contents, one document, bookmarks)
# ---------------------------------------------------------------------------------------

def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "student-source":
        counts = student_source(Path(argv[1]))
        for name, n in counts.items():
            print(f"{name}: {n} solution(s) removed")
        return 0
    if argv and argv[0] == "fold-solutions":
        paths = [Path(a) for a in argv[1:]] or sorted((ROOT / "chapters").glob("*.ipynb"))
        for path in paths:
            print(f"{path}: {fold_solutions(Path(path))} solution cell(s) folded")
        return 0
    if len(argv) >= 2 and argv[0] == "student-notebooks":
        print(f"{argv[1]}: {len(student_notebooks(Path(argv[1])))} student notebooks for JupyterLab")
        return 0
    if len(argv) >= 2 and argv[0] == "source-archive":
        for target in [a for a in argv[1:] if a != "--no-solutions"]:
            n, size = source_archive(Path(target), solutions="--no-solutions" not in argv)
            print(f"{target}: {n} files, {size / 1e6:.1f} MB")
        return 0
    if len(argv) >= 3 and argv[0] == "pdf":
        from imbalance_lib.book.editions.printbook import print_book

        pages = print_book(Path(argv[1]), Path(argv[2]), solutions="--solutions" in argv)
        print(f"{argv[2]}: {pages} pages")
        return 0
    print(__doc__)
    return 2

