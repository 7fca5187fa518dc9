"""The general index lists the book's concepts, not only its metrics.

Fast: reads the built ``genindex.html`` (no browser). Each concept must be a top-level
entry of the index (an ``{index}`` role or directive in a chapter, or a glossary term),
and every term the glossary defines must appear too.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest

HTML = Path(os.environ.get("BOOK_HTML", "_build/html")).resolve()
GENINDEX = HTML / "genindex.html"
GLOSSARY = Path(__file__).resolve().parents[2] / "chapters" / "glossary.md"

CONCEPTS = [
    "bootstrap", "Youden's J", "informedness", "markedness", "threshold", "operating point",
    "cross-validation", "prior distribution", "posterior distribution", "Jeffreys prior",
    "Dirichlet distribution", "DeLong's test", "AUROC", "average precision", "prevalence",
    "imbalance ratio", "macro averaging", "micro averaging", "paired comparison", "coverage",
    "confusion matrix", "accuracy paradox",
]


def top_level_entries(page: str) -> set[str]:
    """The first-level entries of a Sphinx general index page, case-folded."""
    out = set()
    for table in re.findall(r'<table[^>]*class="indextable genindextable".*?</table>', page, re.S):
        # a first-level <li> starts each column's <ul> or follows a closing </li>/</ul></li>
        for m in re.finditer(r"<td[^>]*><ul>|</li>\s*(?:</ul></li>\s*)?(?=<li>)", table):
            item = re.match(r"\s*<li>(?:<a [^>]*>)?(?:<strong>)?([^<]+)", table[m.end():])
            if item:
                out.add(" ".join(html.unescape(item.group(1)).split()).casefold())
    return out


@pytest.fixture(scope="module")
def entries():
    if not GENINDEX.is_file():
        pytest.skip(f"no built index at {GENINDEX}: run the book build first")
    return top_level_entries(GENINDEX.read_text())


@pytest.mark.parametrize("concept", CONCEPTS)
def test_concept_in_index(entries, concept):
    assert concept.casefold() in entries, f"{concept!r} is not an entry of the general index"


def test_glossary_terms_in_index(entries):
    terms = re.findall(r"^(\S[^\n]*?)\s*$", GLOSSARY.read_text().split("```{glossary}")[1]
                       .split("\n```")[0], flags=re.M)
    missing = [t for t in terms if t.casefold() not in entries]
    assert not missing, f"glossary terms missing from the index: {missing}"


def test_the_index_reader_can_fail():
    page = ('<table class="indextable genindextable"><tr><td><ul>'
            '<li><a href="a.html#x"><strong>AUC</strong></a>\n</li>'
            '<li>\n    bootstrap\n\n      <ul>\n        <li><a href="b.html#i">stratified</a>\n'
            '</li>\n      </ul></li>\n  </ul></td></tr></table>')
    assert top_level_entries(page) == {"auc", "bootstrap"}
