"""Sphinx extension: which edition a page belongs to, in every page's footer.

A printed or copied page should say which edition of the book it comes from. The
footer (after the licence line of ``html.extra_footer``) names the version of the book
and its library (``imbalance_lib.__version__``, which ``pyproject.toml`` reads too) and
the date of that edition: the date of CHANGELOG.md's top entry ("## 0.3.0
(2026-11-25)"), not the date of the build, so that two builds of one edition print the
same line. The build stops if the changelog's top entry is not this version.

Loaded from ``_config.yml`` (``sphinx.extra_extensions``); the library never imports it.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from sphinx.errors import ConfigError

import imbalance_lib

CHANGELOG = Path(imbalance_lib.__file__).resolve().parents[1] / "CHANGELOG.md"
_LINE: list[str] = []  # the edition line, computed once per build
_ENTRY = re.compile(r"^##\s+(?P<version>\S+)\s+\((?P<date>\d{4}-\d{2}-\d{2})\)", re.M)


def edition(changelog: str | Path = CHANGELOG,
            version: str = imbalance_lib.__version__) -> tuple[str, dt.date]:
    """The version and the date of its changelog entry ("## 0.3.0 (2026-11-25)").

    The entry of ``version`` is the changelog's top dated entry; the build stops if the
    changelog has no dated entry for this version (the library's version was raised
    without a changelog entry, or the other way round).
    """
    text = Path(changelog).read_text(encoding="utf-8")
    dated = list(_ENTRY.finditer(text))
    if not dated or dated[0].group("version") != version:
        top = dated[0].group("version") if dated else "none"
        raise ConfigError(f"{changelog}: the top dated entry ('## <version> (YYYY-MM-DD)')"
                          f" is {top}, imbalance_lib is {version}")
    return version, dt.date.fromisoformat(dated[0].group("date"))


def edition_line(version: str, date: dt.date) -> str:
    """The footer's edition line.

    >>> edition_line("0.3.0", dt.date(2026, 11, 25))
    '<p class="book-edition">Edition 0.3.0 (imbalance_lib 0.3.0), 25 November 2026.</p>'
    """
    when = f"{date.day} {date.strftime('%B')} {date.year}"
    return (f'<p class="book-edition">Edition {version} (imbalance_lib {version}),'
            f" {when}.</p>")


def _footer(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    if not _LINE:
        _LINE.append(edition_line(*edition()))
    footer = (context.get("theme_extra_footer") or "").strip()
    if footer and not footer.startswith("<"):
        footer = f"<p>{footer}</p>"
    context["theme_extra_footer"] = f"{footer}\n{_LINE[0]}" if footer else _LINE[0]


def setup(app: Any) -> dict:
    app.connect("builder-inited", lambda app: edition())  # fail early, before reading
    app.connect("html-page-context", _footer)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
