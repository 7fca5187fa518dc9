"""Sphinx extension: every element id once per page.

sphinx-proof writes ``id="proof"`` on every proof and ``id="proof-content"`` on every
statement's body, sphinx-exercise ``id="exercise-content"`` and ``id="solution-content"``
on every exercise and solution: a chapter repeats them dozens of times. A repeated id
is invalid HTML, a link to it lands on the first, and the toggle script (which finds a
collapsible block by its id) opens the wrong one. The first occurrence keeps its id;
every later one becomes ``<id>-2``, ``<id>-3``, ... (a suffix no other id on the page
uses). Nothing links to these ids, and the only style that selects one (sphinx-proof's
``div#proof``) is repeated for the renamed proofs in ``_static/book.css``.

Loaded from ``_config.yml`` (``sphinx.extra_extensions``); the library never imports it.
"""

from __future__ import annotations

import re
from typing import Any

_ID = re.compile(r'(\sid=")([^"]+)(")')


def unique_ids(html: str, taken: set[str] | None = None) -> str:
    """Rename the second and later occurrences of each id in ``html``.

    ``taken``: ids used elsewhere on the page (never given to a renamed element).

    >>> unique_ids('<a id="x"></a><b id="x"></b><c id="x-2"></c><d id="x"></d>')
    '<a id="x"></a><b id="x-3"></b><c id="x-2"></c><d id="x-4"></d>'
    """
    used = {m.group(2) for m in _ID.finditer(html)} | set(taken or ())
    seen: set[str] = set()

    def one(m: re.Match) -> str:
        value = m.group(2)
        if value not in seen:
            seen.add(value)
            return m.group(0)
        k = 2
        while f"{value}-{k}" in used:
            k += 1
        new = f"{value}-{k}"
        used.add(new)
        seen.add(new)
        return f"{m.group(1)}{new}{m.group(3)}"
    return _ID.sub(one, html)


def _rewrite(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    body = context.get("body")
    if body:
        context["body"] = unique_ids(body)


def setup(app: Any) -> dict:
    # after outputs.py (which gives repeated Styler tables their own id prefix)
    app.connect("html-page-context", _rewrite, priority=950)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
