"""What a chapter shows open on its page: the decimals in its open tables and outputs.

A table or output folded on the site (a code cell tagged with one of
:data:`FOLDED_TAGS`, a markdown table inside a ``{dropdown}``) is one click away; the
chapters keep open no table of more rows of decimals than the hygiene test allows.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from imbalance_lib.book.course import _FENCE
from imbalance_lib.book.editions.labtext import _RECORD as _GLUE_KEY  # glued values' outputs

__all__ = ["FOLDED_TAGS", "open_numbers"]


FOLDED_TAGS = frozenset({"hide-output", "remove-output", "remove-cell"})
"""Tags with which a code cell's output is not open on the page (folded or left out)."""

_DECIMAL = re.compile(r"(?<![\w.])-?\d+\.\d+(?![\w.])")


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
