"""Published-vs-recomputed tables: the sign and size of the difference, checked by hand."""

import re

import pandas as pd
import pytest

from imbalance_lib.book.published import PublishedTable
from imbalance_lib.book.tables import compare, markdown, side_by_side

T = PublishedTable("x", "Table 7", "Section 7", "hand-made", ("IBA", "GM"),
                   {"a": ("0.9136", "0.50"), "b": ("0.2000", "0.75")})
# ours - published, by hand: a/IBA 0.9132 - 0.9136 = -0.0004 (agrees: |d| <= 0.00005? no),
# a/GM 0.5031 - 0.50 = +0.0031 (agrees at 2 decimals), b/IBA 0.2 - 0.2 = 0,
# b/GM 0.7612 - 0.75 = +0.0112 (disagrees)
OURS = {"a": {"IBA": 0.9132, "GM": 0.5031}, "b": {"IBA": 0.2, "GM": 0.7612}}


def test_diff_is_ours_minus_published():
    cmp = compare(T, OURS).set_index(["row", "column"])
    assert cmp.loc[("a", "IBA"), "diff"] == pytest.approx(-0.0004)
    assert cmp.loc[("a", "GM"), "diff"] == pytest.approx(+0.0031)
    assert cmp.loc[("b", "IBA"), "diff"] == pytest.approx(0.0)
    assert cmp.loc[("b", "GM"), "diff"] == pytest.approx(+0.0112)
    assert cmp["agrees"].tolist() == [False, True, True, False]


def _cells(html):
    """Text of every body cell, in order."""
    return [re.sub(r"<[^>]+>", "", c).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", html, flags=re.S)]


def test_side_by_side_shows_the_signed_difference_by_default():
    html = side_by_side(T, OURS).to_html()
    cells = _cells(html)
    # row a: IBA published, ours, diff, GM published, ours, diff
    assert cells[:6] == ["0.9136", "0.91320", "\u22120.00040", "0.50", "0.503", "+0.003"]
    assert cells[6:] == ["0.2000", "0.20000", "0.00000", "0.75", "0.761", "+0.011"]
    assert "ours \u2212 published" in html


def test_side_by_side_highlights_only_disagreements():
    styler = side_by_side(T, OURS, uuid="t")
    html = styler.to_html()
    # two disagreements (a/IBA, b/GM), each with its value and its difference highlighted
    highlighted = re.findall(r"#T_t_(row\d+_col\d+)[^{]*\{[^}]*#fdb863", html)
    rules = re.findall(r"(#T_t_row\d+_col\d+(?:, #T_t_row\d+_col\d+)*) \{\s*background-color: #fdb863",
                       html)
    cells = set(re.findall(r"row\d+_col\d+", " ".join(rules))) or set(highlighted)
    assert cells == {"row0_col1", "row0_col2", "row1_col4", "row1_col5"}


def test_side_by_side_keeps_the_old_call_and_can_hide_the_difference():
    html = side_by_side(T, OURS, show_diff=False).to_html()
    assert "diff" not in html and len(_cells(html)) == 8


def test_side_by_side_selects_one_metric_group():
    html = side_by_side(T, OURS, columns=["GM"], rows=["b"]).to_html()
    assert _cells(html) == ["0.75", "0.761", "+0.011"]


def test_markdown_signature_unchanged():
    assert markdown(pd.DataFrame({"a": [1]}, index=["r"]), index_name="m").startswith("| m | a |")
