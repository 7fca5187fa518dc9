"""Sentence and guard meet: every claim of a chapter is cited beside its sentence.

A chapter's markdown names the claims that guard a paragraph in a MyST comment on
the line after it (``% claims: key-a, key-b``; see
:func:`imbalance_lib.book.claims.cited_keys`). Each claim the chapter module
states must be cited at least once, and every cited key must be a claim of that
chapter, so that a reader of the source can tell, for any sentence, which check
guards it.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from imbalance_lib.book.claims import chapter_claims, cited_keys

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ["balanced_accuracy", "iba", "hmnc", "iam", "ac_score", "intervals", "synthesis",
            "ranking"]


def _markdown(chapter: str) -> str:
    nb = json.loads((ROOT / "chapters" / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    return "\n\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_claim_is_cited_beside_a_sentence(chapter):
    claims = chapter_claims(importlib.import_module(f"imbalance_lib.book.chapters.{chapter}"))
    cited = set(cited_keys(_markdown(chapter)))
    assert sorted(set(claims) - cited) == []


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_cited_key_is_a_claim_of_the_chapter(chapter):
    claims = chapter_claims(importlib.import_module(f"imbalance_lib.book.chapters.{chapter}"))
    assert sorted(set(cited_keys(_markdown(chapter))) - set(claims)) == []


def test_a_comment_inside_a_paragraph_is_not_a_citation_format_we_use():
    # the comment must follow its paragraph: the parser reads whole lines only
    assert cited_keys("text % claims: a") == []
    assert cited_keys("text\n% claims: a,b c") == ["a", "b", "c"]
