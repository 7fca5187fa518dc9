"""Sphinx extension: each script once per page.

sphinx-thebe registers its configuration script (``const THEBE_JS_URL = ...``)
twice under jupyter-book 1.x, and the second copy throws "Identifier
'THEBE_JS_URL' has already been declared" in every page's console. Identical
script entries (the same file, or the same inline body, with the same
attributes) are kept once.

jupyter-book adds every script and style sheet under ``_static`` to every page; those of
``_static/explorer/`` belong to the metric explorer page alone, which loads them itself.
"""

from __future__ import annotations

from typing import Any

PAGE_ONLY = "_static/explorer/"  # loaded by their own page only


def _page_only(entry: Any) -> bool:
    name = str(getattr(entry, "filename", entry) or "")
    return name.startswith(PAGE_ONLY) or f"_static/{name}".startswith(PAGE_ONLY)


def _unique_scripts(app: Any, pagename: str, templatename: str, context: dict,
                    doctree: Any) -> None:
    if context.get("css_files"):
        context["css_files"] = [c for c in context["css_files"] if not _page_only(c)]
    if "script_files" not in context:
        return
    scripts = [js for js in context["script_files"] or [] if not _page_only(js)]
    seen, unique = set(), []
    for js in scripts:  # the copies differ in their filename: None in one, "" in the other
        key = (getattr(js, "filename", js) or "",
               tuple(sorted(getattr(js, "attributes", {}).items())))
        if key not in seen:
            seen.add(key)
            unique.append(js)
    context["script_files"] = unique


def setup(app: Any) -> dict:
    # after every other handler, some of which add scripts to the page
    app.connect("html-page-context", _unique_scripts, priority=1000)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
