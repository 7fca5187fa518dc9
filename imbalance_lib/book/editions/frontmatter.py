"""The printed book's front matter: its edition and date, the title page and the contents.

The edition and date are the site's (``imbalance_lib.book.sphinx.edition``), so the printed
book and the site's footer say the same; the contents' page numbers are placeholders of
fixed width that :mod:`imbalance_lib.book.editions.printbook` fills after a first print.
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass

__all__ = ["Heading", "LICENCE", "SUBTITLE", "book_date", "contents", "edition", "title_page"]


@dataclass
class Heading:
    level: int        # 1 chapter (a page), 2 section, 3 subsection
    title: str        # plain text, with the section number
    html: str         # the heading's inner html, for the contents (math typeset there)
    anchor: str       # id of the heading in the document
    part: str | None  # caption of the part of the table of contents (chapters only)


def _site_edition():
    from imbalance_lib.book.sphinx.edition import edition as site_edition

    return site_edition()


def edition() -> str:
    """The book's version (``imbalance_lib.__version__``, as in the site's footer)."""
    return _site_edition()[0]


def book_date() -> str:
    """The date of this edition: its changelog entry's, as in the site's footer (not the build's)."""
    date = _site_edition()[1]
    return f"{date.day} {date.strftime('%B')} {date.year}"


LICENCE = ("Text, equations, exercises, tables and figures: Creative Commons Attribution 4.0 "
           "International (CC BY 4.0). Code: MIT licence. See the file LICENSE.")
SUBTITLE = ("Five documents on metrics for imbalanced classification, "
            "re-derived, re-proved and re-run")


def title_page(title: str, solutions: bool) -> str:
    """The title page: title, subtitle, which edition (answer key or student), date, licence."""
    title = re.sub(r"\s*\(student edition\)$", "", title)
    kind = ("Answer key: every exercise followed by its solution" if solutions
            else "Student edition: the exercises without their solutions")
    return (f'<section class="title-page"><h1 class="book-title">{htmllib.escape(title)}</h1>'
            f'<p class="book-subtitle">{htmllib.escape(SUBTITLE)}</p>'
            f'<p class="book-kind">{kind}</p>'
            f'<p class="book-edition">Edition {htmllib.escape(edition())}, {book_date()}</p>'
            f'<p class="book-authors">The imbalance-book authors</p>'
            f'<p class="book-licence">{htmllib.escape(LICENCE)}</p></section>')


def contents(headings: list[Heading]) -> str:
    """The table of contents (chapters and sections, under their parts), pages to be filled."""
    rows, part = [], None
    for h in headings:
        if h.level > 2:
            continue
        if h.level == 1 and h.part != part:
            part = h.part
            if part:
                rows.append(f'<p class="toc-part">{htmllib.escape(part)}</p>')
        rows.append(f'<p class="toc-entry toc-l{h.level}"><a href="#{h.anchor}">'
                    f'<span class="toc-title">{h.html}</span>'
                    f'<span class="toc-page" data-anchor="{h.anchor}">000</span></a></p>')
    return f'<section class="book-contents"><h1 class="contents-title">Contents</h1>{"".join(rows)}</section>'
