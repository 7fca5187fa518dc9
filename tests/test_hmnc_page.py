"""The HMNC chapter's page: each sentence states what its claim guards, and says where
a quoted number comes from.

These read the notebook's markdown (not its outputs): a paragraph is a block of lines
between blank lines, and the claims that guard it are named on its ``% claims:`` line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[1] / "chapters" / "hmnc.ipynb"


def _markdown() -> str:
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    return "\n\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def _paragraphs(text: str) -> list[tuple[str, set[str]]]:
    """Each paragraph with the claim keys on its ``% claims:`` line (empty set if none)."""
    out = []
    for block in re.split(r"\n\s*\n", text):
        lines = block.splitlines()
        keys = {k.strip() for ln in lines if ln.strip().startswith("% claims:")
                for k in ln.split(":", 1)[1].split(",")}
        out.append(("\n".join(ln for ln in lines if not ln.strip().startswith("%")), keys))
    return out


def _guarded_by(key: str, text: str | None = None) -> list[str]:
    return [p for p, keys in _paragraphs(text or _markdown()) if key in keys]


@pytest.mark.parametrize("key, outcome", [
    ("symbolic", "hmnc-symbolic-zeros"), ("forms", "hmnc-forms-held"),
    ("ranges", "hmnc-ranges-held"), ("equalities", "hmnc-equalities-held"),
])
def test_each_check_states_its_outcome_beside_its_claim(key, outcome):
    # before, these paragraphs only announced a check; the outcome was in a table alone
    assert any(f"{{glue:text}}`{outcome}`" in p for p in _guarded_by(key))


def test_the_page_says_what_a_check_does_not_what_checks_it():
    assert "claim checker" not in _markdown().lower()


def test_the_no_skill_sentence_says_what_its_claim_checks():
    # the claim: the best no-skill classifier beats every classifier of Table 1
    (sentence,) = [p for p in _guarded_by("noskill") if "random guesser" in p]
    assert "{glue:text}`hmnc-noskill-t1-beaten`" in sentence
    assert "beats $\\Psi_3$" not in sentence


def test_the_balanced_accuracy_comparison_is_stated_for_both_tasks():
    (paragraph,) = [p for p in _guarded_by("choice-below-ba") if "Satimage" in p]
    for task in ("Glass", "Satimage"):
        assert f"hmnc-exp-tnr-ba-{task}" in paragraph, task


QUOTED = {"0.7", "0.09", "0.66", "0.67", "0.62", "0.63", "0.02", "0.51"}
"""Decimals quoted from Burduk's printed tables (tests/quotations/hmnc.txt)."""


def test_each_quoted_table_value_is_cited_where_it_appears():
    number = re.compile(r"(?<![\w.{`])\d+\.\d+(?![\w`])")
    uncited = [p[:80] for p, _ in _paragraphs(_markdown())
               if QUOTED & set(number.findall(re.sub(r"\$[^$]*\$", "", p)))
               and "burduk2020" not in p]
    assert uncited == []


@pytest.mark.parametrize("typed", [
    "$P \\ne N$ four", "and one G-mean", "only the two kappa", "In the remaining one",
    "stratified 5-fold",
])
def test_computed_counts_are_glued_not_typed(typed):
    assert typed not in _markdown()


def test_the_checks_can_fail():
    text = "The cell checks it.\n% claims: symbolic\n\nPrinted 0.66 and 0.67 there."
    assert _guarded_by("symbolic", text) == ["The cell checks it."]
    assert not any("{glue:text}`hmnc-symbolic-zeros`" in p for p in _guarded_by("symbolic", text))
