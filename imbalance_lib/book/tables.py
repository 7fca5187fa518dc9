"""Published next to recomputed: the comparison every chapter shows.

A recomputed number *agrees* with a published one when rounding it to the
printed number of decimals gives the printed value (a tolerance of half a unit
in the last printed place, plus 1e-9 for floating point).
"""

from __future__ import annotations

import hashlib
import re

import numpy as np
from pandas.io.formats.style import Styler

from .published import PublishedTable

__all__ = ["compare", "side_by_side", "markdown", "display_label", "display_html",
           "use_display_labels"]

_HIGHLIGHT = "background-color: #fdb863; font-weight: bold"  # colour-blind-safe orange
_MUTED = "color: #5a5a5a; font-size: 0.92em"  # a difference that needs no explanation


def compare(table: PublishedTable, recomputed):
    """Long-form comparison: one row per published number.

    Parameters
    ----------
    table : PublishedTable
    recomputed : mapping of row -> mapping of column -> float, or a DataFrame
        indexed like ``table`` (rows) with the same column names. Columns of
        ``table`` absent from ``recomputed`` are skipped.

    Returns
    -------
    DataFrame with columns ``row, column, published, ours, diff, decimals, agrees``.

    Examples
    --------
    >>> t = PublishedTable("x", "Table 1", "Section 1", "demo", ("A",), {"r": ("0.14",)})
    >>> compare(t, {"r": {"A": 0.1402}})[["published", "agrees"]].values.tolist()
    [[0.14, True]]
    >>> bool(compare(t, {"r": {"A": 0.1451}})["agrees"].iloc[0])
    False
    """
    import pandas as pd

    if isinstance(recomputed, pd.DataFrame):
        recomputed = recomputed.to_dict(orient="index")
    records = []
    for row in table.rows:
        for col in table.columns:
            if col not in recomputed.get(row, {}):
                continue
            pub, ours, dec = table.value(row, col), float(recomputed[row][col]), table.decimals(row, col)
            records.append({
                "row": row, "column": col, "published": pub, "ours": ours,
                "diff": ours - pub, "decimals": dec,
                "agrees": bool(abs(ours - pub) <= 0.5 * 10.0**-dec + 1e-9),
            })
    return pd.DataFrame.from_records(
        records, columns=["row", "column", "published", "ours", "diff", "decimals", "agrees"]
    )


def side_by_side(table: PublishedTable, recomputed, *, show_diff: bool = True, caption=None,
                 uuid=None, columns=None, rows=None):
    """Wide table for reading: each column as published / ours / diff, disagreements highlighted.

    Returns a pandas ``Styler`` with a fixed id, so its HTML is the same on
    every run. ``ours`` is printed with one more decimal than the document;
    ``diff`` is ``ours - published`` with an explicit sign (``+0.0004`` means
    our value is the larger), printed with the decimals of ``ours``. Only
    the cells of a disagreement (at the printed precision) are highlighted,
    the recomputed value and its difference, so that a highlight always
    needs an explanation in the text.

    Parameters
    ----------
    table : PublishedTable
    recomputed : mapping or DataFrame, as for :func:`compare`.
    show_diff : bool, default True
        Add the ``diff`` column after each ``published / ours`` pair.
    caption : str, optional
        Replaces the default caption.
    uuid : str, optional
        The table's HTML id; derived from the table's source, label and
        description when not given (pass it when one page shows the same
        table twice, since the highlighting is CSS keyed on that id).
    columns, rows : sequence of str, optional
        Show only these columns (for instance one metric group, so that the
        table fits the page) or rows, in the table's order.

    Examples
    --------
    >>> t = PublishedTable("x", "Table 1", "Section 1", "demo", ("A",), {"r": ("0.14",)})
    >>> html = side_by_side(t, {"r": {"A": 0.1449}}).to_html()
    >>> "+0.005" in html and ">0.145<" in html
    True
    """
    cmp = compare(table, recomputed)
    if columns is not None:
        cmp = cmp[cmp["column"].isin(list(columns))]
    if rows is not None:
        cmp = cmp[cmp["row"].isin(list(rows))]
    parts = ["published", "ours"] + (["diff"] if show_diff else [])
    wide = cmp.pivot(index="row", columns="column", values=parts)
    cols = [c for c in table.columns if c in set(cmp["column"])]
    rows_ = [r for r in table.rows if r in set(cmp["row"])]
    wide = wide.swaplevel(axis=1).reindex(
        columns=[(c, p) for c in cols for p in parts]
    ).reindex(rows_)
    wide.index.name, wide.columns.names = None, [None, None]  # no "row"/"column" header lines
    agrees = cmp.pivot(index="row", columns="column", values="agrees").reindex(index=rows_)
    decimals = cmp.pivot(index="row", columns="column", values="decimals").reindex(index=rows_)

    def style(frame):
        css = np.full(frame.shape, "", dtype=object)
        for j, (c, p) in enumerate(frame.columns):
            ok = agrees[c].to_numpy(dtype=bool)
            if p == "diff":
                css[:, j] = np.where(ok, _MUTED, _HIGHLIGHT)
            elif p != "published":
                css[:, j] = np.where(ok, "", _HIGHLIGHT)
        return css

    def fmt(col):
        c, p = col
        d = int(decimals[c].max())
        if p == "diff":
            return lambda x: _signed(x, d + 1)
        return f"{{:.{d + (0 if p == 'published' else 1)}f}}"

    if uuid is None:
        digest = hashlib.sha1(table.description.encode()).hexdigest()[:6]
        uuid = re.sub(r"[^A-Za-z0-9_-]+", "-", f"cmp-{table.source}-{table.label}-{digest}")
    styler = wide.style.set_uuid(uuid)
    styler = styler.format({col: fmt(col) for col in wide.columns}).apply(style, axis=None)
    what = ("published, ours and their difference (ours \u2212 published)" if show_diff
            else "published vs recomputed")
    styler = styler.set_caption(caption or f"{table.label} ({table.where}): {what};"
                                " highlighted where they disagree at the printed precision.")
    styler = styler.set_table_styles([
        {"selector": "td, th", "props": "padding: 0.25em 0.6em; text-align: right;"},
        {"selector": "th.row_heading", "props": "text-align: left;"},
        {"selector": "caption", "props": "text-align: left;"},
    ], overwrite=False)
    styler.__class__ = _Comparison
    return styler


def round_half_up(x, decimals: int):
    """Round half up to ``decimals`` decimals, as the documents print their tables.

    The ``1e-9`` keeps a half that binary floats store just below it (0.125 as
    0.12499999...) rounding up.

    >>> round_half_up(0.125, 2).item(), round_half_up(0.124, 2).item(), round_half_up(0.3125, 3).item()
    (0.13, 0.12, 0.313)
    """
    scale = 10**decimals
    return np.floor(np.asarray(x, dtype=float) * scale + 0.5 + 1e-9) / scale


def _signed(x, decimals: int) -> str:
    """``+0.0040``, ``\u22120.0040`` or ``0.0000``: the sign of a difference, always shown."""
    if x != x:  # NaN
        return ""
    text = f"{abs(x):.{decimals}f}"
    if float(text) == 0.0:
        return text
    return ("+" if x > 0 else "\u2212") + text


class _Comparison(Styler):
    """A Styler whose plain-text form names the table instead of a memory address."""

    def __repr__(self) -> str:
        return f"<table: {self.caption}>"


def markdown(frame, *, index_name=None) -> str:
    """A DataFrame as a Markdown (MyST) table, cells as they are (math in ``$...$`` stays math).

    The header and the row labels are shown through :func:`display_label`
    (``IBA_0.1`` as ``IBA₀.₁``); the frame itself keeps its labels.

    Examples
    --------
    >>> import pandas as pd
    >>> print(markdown(pd.DataFrame({"a": ["$x$"], "GM^2": [1]}, index=["r <= 1"])))
    |  | a | GM² |
    |---|---|---|
    | r ≤ 1 | $x$ | 1 |
    """
    head = [display_label(index_name or (frame.index.name or ""))]
    head = [h.replace("|", r"\|") for h in head + [display_label(str(c)) for c in frame.columns]]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for idx, row in frame.iterrows():
        cells = [str(display_label(str(idx)))] + [str(v) for v in row]
        cells = [c.replace("|", r"\|") for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


# ------------------------------------------------------------------ labels as a reader reads them

_SUB = str.maketrans("0123456789-", "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208b")
_SUP = str.maketrans("0123456789-", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207b")
_LABEL_RULES = [
    # 1e-12 -> 10⁻¹², 2e-5 -> 2·10⁻⁵
    (re.compile(r"\b(\d+(?:\.\d+)?)e-0*(\d+)\b"),
     lambda m: ("" if m[1] == "1" else m[1] + "\u00b7") + "10" + ("-" + m[2]).translate(_SUP)),
    # subscripts of the book's symbols: IBA_0.1, WA_1, C_-, theta1, c12
    (re.compile(r"\b(IBA|WA|C)_(\d+(?:\.\d+)?|-)(?![\w.])"),
     lambda m: m[1] + m[2].translate(_SUB)),
    (re.compile(r"\btheta(\d)\b"), lambda m: "\u03b8" + m[1].translate(_SUB)),
    (re.compile(r"\bc([1-9])([1-9])\b"), lambda m: "c" + (m[1] + m[2]).translate(_SUB)),
    (re.compile(r"\bF_([PN])\b"), lambda m: f"F ({m[1]})"),
    # powers: GM^2, (t - s)^2
    (re.compile(r"\^(\d+)\b"), lambda m: m[1].translate(_SUP)),
    (re.compile(r"\bsqrt\("), lambda m: "\u221a("),
    (re.compile(r"<="), lambda m: "\u2264"),
    (re.compile(r">="), lambda m: "\u2265"),
    (re.compile(r"!="), lambda m: "\u2260"),
    (re.compile(r"\bpi\b"), lambda m: "\u03c0"),
    (re.compile(r"\balpha\b"), lambda m: "\u03b1"),
    (re.compile(r"\brho\b"), lambda m: "\u03c1"),
    (re.compile(r"(?<=[\u03b1-\u03c9]) in (?=\[)"), lambda m: " \u2208 "),
    (re.compile(r"\beps\b"), lambda m: "\u03b5"),
    # a minus sign, not a hyphen: "a - b", "-1 <= x", "(1 - r)"
    (re.compile(r"(?<=[\s(\[])-(?=[\s\d(|A-Za-z])|^-(?=[\d(A-Za-z])"), lambda m: "\u2212"),
]


def display_label(name):
    """A table header or row label as a reader expects it: ``IBA_0.1`` as ``IBA₀.₁``,
    ``GM^2`` as ``GM²``, ``<=`` as ``≤``, ``pi`` as ``π``, ``1e-12`` as ``10⁻¹²``.

    Only for display: the tables keep their labels (``"IBA_0.1"``), which the
    claims, tests and lookups use. Labels that are not strings, and strings
    holding math (``$``) or code (a backtick), are returned unchanged.

    >>> [display_label(x) for x in ["IBA_0.1", "AC = GM^2 / BA", "pi = 1/11", "gap below 1e-12"]]
    ['IBA₀.₁', 'AC = GM² / BA', 'π = 1/11', 'gap below 10⁻¹²']
    >>> [display_label(x) for x in ["min(TPR, TNR) <= AC", "theta1", "IAM - (2 CBA - 1)", 3]]
    ['min(TPR, TNR) ≤ AC', 'θ₁', 'IAM − (2 CBA − 1)', 3]
    >>> [display_label(x) for x in ["$IBA_1$", "`il.g_mean`", "abalone_17_vs_7_8_9_10", "T1 |1-2|"]]
    ['$IBA_1$', '`il.g_mean`', 'abalone_17_vs_7_8_9_10', 'T1 |1-2|']
    """
    if not isinstance(name, str) or "$" in name or "`" in name:
        return name
    for pattern, repl in _LABEL_RULES:
        name = pattern.sub(repl, name)
    return name


_TH = re.compile(r"(<th\b[^>]*>|<caption\b[^>]*>)([^<]*)(</th>|</caption>)")


def display_html(html: str) -> str:
    """``html`` with the text of every header cell and caption through :func:`display_label`.

    >>> display_html('<th class="col_heading">IBA_0.1</th><td>IBA_0.1</td><th>&nbsp;</th>')
    '<th class="col_heading">IBA₀.₁</th><td>IBA_0.1</td><th>&nbsp;</th>'
    """
    import html as _html

    def relabel(m):
        text = _html.unescape(m[2])
        shown = display_label(text)
        return m[0] if shown == text else m[1] + _html.escape(shown, quote=False) + m[3]

    return _TH.sub(relabel, html)


def use_display_labels() -> None:
    """Show every DataFrame and Styler of this IPython session with :func:`display_label` headers.

    A chapter calls it once, next to ``use_style()``; the frames keep their labels,
    only their HTML changes. Markdown tables get the same labels from :func:`markdown`.
    """
    import pandas as pd
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return
    html = shell.display_formatter.formatters["text/html"]

    def relabelled(obj):
        page = obj._repr_html_()
        return None if page is None else display_html(page)

    for kind in (pd.DataFrame, Styler):
        html.for_type(kind, relabelled)
