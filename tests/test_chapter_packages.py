"""A chapter's code is a small package, and its argument is on the page.

Each chapter converted to the one-pass design is a package
``imbalance_lib/book/chapters/<name>/`` whose files follow the chapter skeleton
(``theory``, ``experiments``, ``figures``, ``tables``, ``findings``, ``claims``; a
chapter uses the ones it needs). The checks:

- no file of the package is over 500 lines, and every import stands at the top of
  its module (none inside a function);
- the findings are typed (:class:`imbalance_lib.book.findings.Findings`
  subclasses), so claims read fields, not string keys;
- the visible code cells of the chapter (not removed, not folded) are at least a
  fifth of the chapter's code (its notebook's code cells plus its package), and no
  visible cell is over 30 lines.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
from pathlib import Path

import pytest

from imbalance_lib.book.findings import Findings

ROOT = Path(__file__).resolve().parents[1]
BOOK_CHAPTERS = ROOT / "imbalance_lib" / "book" / "chapters"
PACKAGES = sorted(p.name for p in BOOK_CHAPTERS.iterdir()
                  if p.is_dir() and (p / "__init__.py").exists())
HIDDEN = {"remove-cell", "remove-input", "hide-input", "hide-cell"}
MAX_LINES = 500
MAX_VISIBLE_CELL = 30
MIN_VISIBLE_SHARE = 0.2


def _lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip())


def _code_cells(name: str):
    nb = json.loads((ROOT / "chapters" / f"{name}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            tags = set(cell.get("metadata", {}).get("tags", []))
            yield "".join(cell["source"]), not (tags & HIDDEN)


@pytest.mark.parametrize("name", PACKAGES)
def test_files_are_small(name):
    big = {p.name: n for p in sorted((BOOK_CHAPTERS / name).glob("*.py"))
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert big == {}


@pytest.mark.parametrize("name", PACKAGES)
def test_imports_at_the_top(name):
    inside = []
    for path in sorted((BOOK_CHAPTERS / name).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside += [f"{path.name}:{n.lineno}" for n in ast.walk(node)
                           if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert inside == []


@pytest.mark.parametrize("name", PACKAGES)
def test_findings_are_typed(name):
    package = importlib.import_module(f"imbalance_lib.book.chapters.{name}")
    typed = [obj for _, obj in inspect.getmembers(package, inspect.isclass)
             if issubclass(obj, Findings) and obj is not Findings]
    assert typed, f"{name}: no Findings dataclass among the package's names"


@pytest.mark.parametrize("name", PACKAGES)
def test_the_argument_is_on_the_page(name):
    cells = list(_code_cells(name))
    visible = sum(_lines(src) for src, shown in cells if shown)
    package = sum(_lines(p.read_text(encoding="utf-8"))
                  for p in (BOOK_CHAPTERS / name).glob("*.py"))
    total = sum(_lines(src) for src, _ in cells) + package
    long_cells = [n for src, shown in cells if shown and (n := _lines(src)) > MAX_VISIBLE_CELL]
    assert long_cells == [], f"visible cells over {MAX_VISIBLE_CELL} lines"
    assert visible >= MIN_VISIBLE_SHARE * total, (
        f"{name}: {visible} visible lines of {total} ({visible / total:.0%})")
