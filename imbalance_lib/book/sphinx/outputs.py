"""Sphinx extension: the book's HTML tables (pandas Styler output) as a reader needs them.

Three rewrites of each page's body (``html-page-context``), in the Sphinx layer so that
the notebooks and their stored outputs stay as they are:

* **Scoped styles.** A Styler table carries its style in a ``<style>`` block of id
  selectors (``#T_iam-gap-table-acc_row3_col2``). When a chapter shows the same Styler
  twice (one table per data set), both copies share their ids, and each block then
  highlights cells of the other table too. Every repeated table gets its own id prefix
  (``T_...-2``), in its table and in its style block.
* **Colours that follow the theme.** A rule that paints a cell's background (a
  highlight) also sets a dark text colour, so that the cell stays readable when the
  page is dark; a grey text colour (a muted difference column) becomes the theme's
  muted colour, readable on either background.
* **Numbered tables.** On a numbered chapter every captioned output table gets a number
  in page order, "Table 3.1", "Table 3.2", ..., as figures get "Fig. 3.1": the same
  ``<span class="caption-number">`` that Sphinx writes for its own numbered tables.

Loaded from ``_config.yml`` (``sphinx.extra_extensions``); the library never imports it.
"""

from __future__ import annotations

import re
from typing import Any

from sphinx.util import logging

logger = logging.getLogger(__name__)

# a Styler output: its style block, then its table (ids T_<uuid>...)
_STYLER = re.compile(
    r'(<style type="text/css">)(?P<css>.*?)(</style>\s*<table id="(?P<tid>T_[\w-]+)")'
    r"(?P<table>.*?</table>)", re.S)
_RULE = re.compile(r"(?P<sel>[^{}]+)\{(?P<decl>[^{}]*)\}")
_HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
_ID = re.compile(r'\sid="([^"]+)"')
_CAPTION = re.compile(r"<caption(?P<attrs>[^>]*)>(?!\s*<span class=\"caption-number\">)")

DARK_TEXT = "#1a1a1a"
MUTED = "var(--pst-color-text-muted)"


def _rgb(hexcode: str) -> tuple[float, float, float]:
    h = hexcode if len(hexcode) == 6 else "".join(c * 2 for c in hexcode)
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(hexcode: str) -> float:
    """Relative luminance (WCAG 2) of a colour ``rrggbb`` or ``rgb``.

    >>> round(luminance("ffffff"), 3), round(luminance("000000"), 3)
    (1.0, 0.0)
    """
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in _rgb(hexcode))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def theme_colours(css: str) -> str:
    """Styler CSS whose colours read on a light and on a dark page.

    >>> theme_colours("#a { background-color: #fdb863; font-weight: bold; }")
    '#a { background-color: #fdb863; font-weight: bold; color: #1a1a1a; }'
    >>> theme_colours("#b {\\n  color: #5a5a5a;\\n}")
    '#b {\\n  color: var(--pst-color-text-muted);\\n}'
    """
    def rule(m: re.Match) -> str:
        decl = m.group("decl")
        props = {p.split(":", 1)[0].strip().lower(): p.split(":", 1)[1].strip()
                 for p in decl.split(";") if ":" in p}
        bg = props.get("background-color", props.get("background", ""))
        colour = props.get("color")
        bg_hex = _HEX.search(bg)
        if bg_hex and colour is None:
            text = DARK_TEXT if luminance(bg_hex.group(1)) > 0.18 else "#ffffff"
            stripped = decl.rstrip()
            sep = "" if stripped.endswith(";") or not stripped.strip() else ";"
            decl = f"{stripped}{sep} color: {text};{decl[len(stripped):]}"
        elif colour and not bg:
            c = _HEX.fullmatch(colour)
            if c and len(set(_chunks(c.group(1)))) == 1:  # a grey: the theme's muted text
                decl = re.sub(r"(?<![-\w])color:\s*#[0-9a-fA-F]{3,6}", f"color: {MUTED}", decl)
        return f"{m.group('sel')}{{{decl}}}"
    return _RULE.sub(rule, css)


def _chunks(h: str) -> list[str]:
    return [h[i:i + 2] for i in (0, 2, 4)] if len(h) == 6 else list(h)


def scope_styler_tables(body: str) -> str:
    """Give each repeated Styler table its own ids (table and style block), fix colours.

    >>> one = ('<style type="text/css">#T_t_row0_col0 { color: #5a5a5a; }</style>'
    ...        '<table id="T_t"><td id="T_t_row0_col0">1</td></table>')
    >>> for line in scope_styler_tables(one + one).replace("><", ">\\n<").splitlines():
    ...     print(line)
    <style type="text/css">#T_t_row0_col0 { color: var(--pst-color-text-muted); }</style>
    <table id="T_t">
    <td id="T_t_row0_col0">1</td>
    </table>
    <style type="text/css">#T_t-2_row0_col0 { color: var(--pst-color-text-muted); }</style>
    <table id="T_t-2">
    <td id="T_t-2_row0_col0">1</td>
    </table>
    """
    taken = set(_ID.findall(body))
    seen: dict[str, int] = {}

    def one(m: re.Match) -> str:
        tid = m.group("tid")
        block = m.group(0)
        head, css = m.group(1), m.group("css")
        block = head + theme_colours(css) + block[len(head) + len(css):]
        seen[tid] = seen.get(tid, 0) + 1
        if seen[tid] > 1:
            k = seen[tid]
            while f"{tid}-{k}" in taken:
                k += 1
            new = f"{tid}-{k}"
            taken.add(new)
            block = re.sub(re.escape(tid) + r"(?![A-Za-z0-9-])", new, block)
        return block
    return _STYLER.sub(one, body)


def number_tables(body: str, chapter: str, start: int = 1) -> tuple[str, int]:
    """Number every caption without a number, in page order: "Table <chapter>.<k>".

    >>> body, n = number_tables('<caption>A</caption> <caption>B</caption>', "3")
    >>> print(body.replace("> <", ">\\n<"), n, sep="\\n")
    <caption><span class="caption-number">Table 3.1 </span>A</caption>
    <caption><span class="caption-number">Table 3.2 </span>B</caption>
    2
    """
    count = start - 1

    def one(m: re.Match) -> str:
        nonlocal count
        count += 1
        return (f'<caption{m.group("attrs")}><span class="caption-number">'
                f"Table {chapter}.{count} </span>")
    return _CAPTION.sub(one, body), count


def chapter_number(env: Any, docname: str) -> str:
    """The chapter's section number ("3"), or "" for an unnumbered page."""
    number = getattr(env, "toc_secnumbers", {}).get(docname, {}).get("")
    return ".".join(map(str, number)) if number else ""


def _rewrite(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    body = context.get("body")
    if not body or doctree is None:
        return
    body = scope_styler_tables(body)
    chapter = chapter_number(app.env, pagename)
    if chapter:
        if 'caption-number">Table' in body:
            logger.warning("%s: output tables and Sphinx tables would be numbered in two"
                           " sequences; number them in one place", pagename)
        body, _ = number_tables(body, chapter)
    context["body"] = body


def setup(app: Any) -> dict:
    # before ids.py (which makes every remaining id unique)
    app.connect("html-page-context", _rewrite, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
