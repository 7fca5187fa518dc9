"""Published-vs-recomputed tables: the sign and size of the difference, checked by hand;
and every displayed table header as a reader reads it (IBA₀.₁, not IBA_0.1)."""

import html as _html
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from imbalance_lib.book.published import PublishedTable
from imbalance_lib.book.tables import compare, display_html, display_label, markdown, side_by_side

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


# ------------------------------------------------------------------ headers as a reader reads them

CHAPTERS = sorted((Path(__file__).parents[1] / "chapters").glob("*.ipynb"))
ASCII_MATH = re.compile(r"\b[A-Z][A-Za-z]*_\d|\^2|\bpi =|e-1|<=|>=|!=|\btheta\d|\bsqrt\(")


def displayed_headers(nb: dict):
    """(cell, header) for every header cell and caption of a stored HTML table output, and
    every header and row label of a stored Markdown table."""
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            data = out.get("data", {})
            page = "".join(data.get("text/html", ""))
            for th in re.findall(r"<(?:th|caption)\b[^>]*>(.*?)</(?:th|caption)>", page, flags=re.S):
                yield i, _html.unescape(re.sub(r"<[^>]+>", "", th)).strip()
            lines = "".join(data.get("text/markdown", "")).splitlines()
            for k, line in enumerate(lines[:-1]):
                if line.startswith("|") and lines[k + 1].startswith("|---"):
                    yield i, line
                    rows = (r for r in lines[k + 2:] if r.startswith("|"))
                    yield from ((i, re.split(r"(?<!\\)\|", r)[1]) for r in rows)


def ascii_headers(nb: dict):
    return [(i, h) for i, h in displayed_headers(nb) if "$" not in h and ASCII_MATH.search(h)]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_no_ascii_math_in_a_displayed_header(path):
    assert ascii_headers(json.loads(path.read_text())) == []


def test_the_header_check_can_fail():
    stored = {"cells": [{"cell_type": "code", "outputs": [{"data": {
        "text/html": ['<table><caption>with pi = 1/11</caption><tr><th>IBA_0.1</th>',
                      '<th>ok</th><td>IBA_0.1</td></tr></table>'],
        "text/markdown": ["| metric | GM^2 |\n|---|---|\n| gap below 1e-12 | 1 |\n| fine | 2 |"]}}]}]}
    assert [h for _, h in ascii_headers(stored)] == [
        "with pi = 1/11", "IBA_0.1", "| metric | GM^2 |", " gap below 1e-12 "]


def test_display_labels_keep_the_data_keys():
    frame = pd.DataFrame({"IBA_0.1": [0.5], "GM^2": [0.25]}, index=["theta1"])
    page = display_html(frame._repr_html_())
    assert ">IBA\u2080.\u2081<" in page and ">GM\u00b2<" in page and ">\u03b8\u2081<" in page
    assert list(frame.columns) == ["IBA_0.1", "GM^2"]  # the frame is untouched
    assert display_label("AC = GM^2 / BA") == "AC = GM\u00b2 / BA"
    assert display_label("Prescott, eps = 1e-13") == "Prescott, \u03b5 = 10\u207b\u00b9\u00b3"
    assert display_label("0 <= x != y") == "0 \u2264 x \u2260 y"
    # names that only look like math stay as they are
    for name in ["abalone_17_vs_7_8_9_10", "T1 |1-2|", "KNN-RUS", "$GM^2$", "`il.g_mean`", 0.01]:
        assert display_label(name) == name


def test_styled_tables_show_display_labels_too():
    page = display_html(side_by_side(T, OURS, caption="pi = 1/11, IBA_0.1").to_html())
    assert "\u03c0 = 1/11, IBA\u2080.\u2081" in page


def test_markdown_shows_display_labels_and_escapes_bars_in_labels():
    text = markdown(pd.DataFrame({"IBA_1": ["$|x|$"]}, index=["g <= 1 - |d|"]))
    assert text.splitlines()[0] == "|  | IBA\u2081 |"
    assert text.splitlines()[2] == r"| g ≤ 1 − \|d\| | $\|x\|$ |"


def test_an_ipython_session_shows_every_frame_with_display_labels(monkeypatch):
    from IPython.core.interactiveshell import InteractiveShell

    from imbalance_lib.book import tables

    shell = InteractiveShell.instance()
    monkeypatch.setattr("IPython.get_ipython", lambda: shell)
    tables.use_display_labels()
    frame = pd.DataFrame({"GM^2 <= AC": [True]})
    shown, _ = shell.display_formatter.format(frame)
    assert "GM\u00b2 \u2264 AC" in shown["text/html"] and "GM^2 <= AC" in shown["text/plain"]
    shown, _ = shell.display_formatter.format(side_by_side(T, OURS, caption="pi = 1/11"))
    assert "\u03c0 = 1/11" in shown["text/html"]
