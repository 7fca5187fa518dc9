"""Sphinx extension: an author-year bibliography for author-year citations.

The chapters cite by author and year ("Burduk (2020)"), but pybtex's ``plain`` style
labels the bibliography [1], [2], ..., so a reader looking for Burduk (2020) has to scan
the list. This registers, in the way sphinxcontrib-bibtex documents (pybtex plugins,
https://sphinxcontrib-bibtex.readthedocs.io, "Custom formatting, sorting, and labelling"):

* a label style ``book_author_year``: "Burduk 2020", "Sokolova and Lapalme 2009",
  "García et al. 2009" (the names a citation shows), with "a", "b", ... when two
  entries would share a label;
* a formatting style ``book_author_year`` (pybtex's ``plain`` with that label style),
  selected by ``bibtex_default_style`` in ``_config.yml``;
* a referencing style ``book_author_year`` (sphinxcontrib-bibtex's ``author_year``
  with round brackets): "Burduk (2020)" in the text, "(Mortaz, 2020)" in parentheses,
  selected by ``bibtex_reference_style``.

Loaded from ``_config.yml`` (``sphinx.extra_extensions``); the library never imports it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pybtex.plugin
import sphinxcontrib.bibtex.plugin
from pybtex.richtext import Text
from pybtex.style.formatting.plain import Style as PlainStyle
from pybtex.style.labels import BaseLabelStyle
from sphinxcontrib.bibtex.style.referencing import BracketStyle
from sphinxcontrib.bibtex.style.referencing.author_year import AuthorYearReferenceStyle

NAME = "book_author_year"


def _last(person: Any) -> str:
    return Text(*person.rich_last_names).render_as("text")


def author_year_label(entry: Any) -> str:
    """The label of one entry, as its citation names it: "Wu and Cannistraci 2025"."""
    persons = list(entry.persons.get("author") or entry.persons.get("editor") or [])
    others = bool(persons) and _last(persons[-1]) == "others"
    if others:
        persons = persons[:-1]
    names = [_last(p) for p in persons]
    if not names:
        who = Text(entry.fields.get("title", entry.key)).render_as("text")
    elif len(names) == 1 and not others:
        who = names[0]
    elif len(names) == 2 and not others:
        who = f"{names[0]} and {names[1]}"
    else:
        who = f"{names[0]} et al."
    return f"{who} {entry.fields.get('year', 'n.d.')}".strip()


class AuthorYearLabelStyle(BaseLabelStyle):
    """Labels "Author Year", made unique by a letter after the year."""

    def format_labels(self, sorted_entries):
        entries = list(sorted_entries)
        labels = [author_year_label(e) for e in entries]
        repeated = Counter(labels)
        suffix: Counter = Counter()
        for label in labels:
            if repeated[label] > 1:
                suffix[label] += 1
                yield f"{label}{chr(ord('a') + suffix[label] - 1)}"
            else:
                yield label


class AuthorYearStyle(PlainStyle):
    """pybtex's plain style, labelled by author and year."""

    default_label_style = NAME


def _round() -> BracketStyle:
    return BracketStyle(left="(", right=")")


@dataclasses.dataclass
class RoundAuthorYearReferenceStyle(AuthorYearReferenceStyle):
    """Author-year references in round brackets."""

    bracket_textual: BracketStyle = dataclasses.field(default_factory=_round)
    bracket_parenthetical: BracketStyle = dataclasses.field(default_factory=_round)
    bracket_author: BracketStyle = dataclasses.field(default_factory=_round)
    bracket_label: BracketStyle = dataclasses.field(default_factory=_round)
    bracket_year: BracketStyle = dataclasses.field(default_factory=_round)


def register() -> None:
    pybtex.plugin.register_plugin("pybtex.style.labels", NAME, AuthorYearLabelStyle)
    pybtex.plugin.register_plugin("pybtex.style.formatting", NAME, AuthorYearStyle)
    sphinxcontrib.bibtex.plugin.register_plugin(
        "sphinxcontrib.bibtex.style.referencing", NAME, RoundAuthorYearReferenceStyle)


def setup(app: Any) -> dict:
    register()
    return {"parallel_read_safe": True, "parallel_write_safe": True}
