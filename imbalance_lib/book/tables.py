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

__all__ = ["compare", "side_by_side", "markdown"]

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

    Examples
    --------
    >>> import pandas as pd
    >>> print(markdown(pd.DataFrame({"a": ["$x$"]}, index=["r"])))
    |  | a |
    |---|---|
    | r | $x$ |
    """
    head = [index_name or (frame.index.name or "")] + [str(c) for c in frame.columns]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for idx, row in frame.iterrows():
        cells = [str(idx)] + [str(v).replace("|", r"\|") for v in row]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
