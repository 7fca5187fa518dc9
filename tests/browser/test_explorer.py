"""The metric explorer's JavaScript against imbalance_lib, in headless Chromium.

The arithmetic tests load ``_static/explorer/metrics.js`` from the source tree into a blank
page opened from file:// (no build needed); the page tests open the built explorer page
from file:// (after ``make site``) at 1366 px and at 390 px.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import numpy as np
import pytest
from offline_page import open_offline
from sklearn.metrics import confusion_matrix, roc_curve

from imbalance_lib import METRICS, delta_interval, wilson_interval
from imbalance_lib.book import explorer_figure as ef
from imbalance_lib.book import explorer_scores as es
from imbalance_lib.deployment import at_prevalence

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "_static" / "explorer" / "metrics.js"
HTML = Path(os.environ.get("BOOK_HTML", ROOT / "_build" / "html")).resolve()
PAGE = HTML / "chapters" / "explorer.html"
RTOL = 1e-12
PROPORTIONS = {  # successes and trials of the metrics with a score interval
    "tpr": lambda c: (c[1, 1], c[1, 1] + c[1, 0]),
    "tnr": lambda c: (c[0, 0], c[0, 0] + c[0, 1]),
    "precision": lambda c: (c[1, 1], c[1, 1] + c[0, 1]),
    "npv": lambda c: (c[0, 0], c[0, 0] + c[1, 0]),
    "accuracy": lambda c: (c[0, 0] + c[1, 1], c.sum()),
}
MULTICLASS = ("cba", "iam", "macro_f1", "mcc", "kappa")


def _random_matrices(rng: np.random.Generator, k: int, count: int) -> np.ndarray:
    """Counts up to 10^6 on every scale, with zero cells, empty rows and columns, one-class
    and empty matrices (every undefined case of every metric)."""
    scale = 10.0 ** rng.integers(0, 7, size=(count, 1, 1))
    C = np.floor(rng.random((count, k, k)) * (scale + 1))
    C[rng.random((count, k, k)) < 0.25] = 0  # zero cells
    rows = rng.random(count) < 0.1  # an empty true class
    C[rows, rng.integers(0, k, rows.sum()), :] = 0
    cols = rng.random(count) < 0.1  # a class never predicted
    C[cols, :, rng.integers(0, k, cols.sum())] = 0
    # by hand: the empty matrix, one cell, one row, one column, the diagonal, the anti-diagonal
    special = [np.zeros((k, k))]
    for i in range(k):
        for j in range(k):
            one = np.zeros((k, k))
            one[i, j] = 7
            special.append(one)
        row, col = np.zeros((k, k)), np.zeros((k, k))
        row[i, :] = 3
        col[:, i] = 5
        special += [row, col]
    special += [np.eye(k) * 4, np.fliplr(np.eye(k)) * 9, np.full((k, k), 10.0**6)]
    return np.concatenate([np.array(special), C])


def _close(js: float | None, lib: float) -> bool:
    if js is None:  # JSON has no NaN: the page's NaN arrives as None
        return bool(np.isnan(lib))
    if np.isnan(lib):
        return False
    return js == lib or abs(js - lib) <= RTOL * abs(lib)


@pytest.fixture(scope="module")
def blank(browser, tmp_path_factory):
    folder = tmp_path_factory.mktemp("explorer")
    page_file = folder / "blank.html"
    page_file.write_text(f'<!doctype html><script src="{SCRIPT.as_uri()}"></script>', encoding="utf-8")
    page = browser.new_page()
    page.goto(page_file.as_uri())
    yield page
    page.close()


def _evaluate(page, expression: str, matrices: np.ndarray):
    # NaN does not survive JSON: each value comes back as a string when it is not finite
    return page.evaluate(
        "([expr, ms]) => { const f = eval(expr); return JSON.stringify(ms.map(f), "
        "(k, v) => (typeof v === 'number' && !isFinite(v)) ? null : v); }",
        [expression, matrices.tolist()])


def test_titles_and_parameters_are_the_registry(blank):
    titles = blank.evaluate("ImbalanceMetrics.TITLES")
    assert titles == [[m.name, m.title] for m in METRICS.values()]
    params = blank.evaluate("ImbalanceMetrics.PARAMS")
    assert params == {m.name: m.params["alpha"] for m in METRICS.values() if m.params}


def test_every_binary_metric_as_the_library(blank):
    rng = np.random.default_rng(20261128)
    C = _random_matrices(rng, 2, 2500)
    assert len(C) >= 2000
    js = json.loads(_evaluate(blank, "c => ImbalanceMetrics.binary(c)", C))
    mismatches, undefined = [], 0
    for info in METRICS.values():
        lib = info.func(C, **info.params, zero_division=np.nan)
        undefined += int(np.isnan(lib).sum())
        mismatches += [(info.name, C[i].tolist(), js[i][info.name], lib[i])
                       for i in range(len(C)) if not _close(js[i][info.name], lib[i])]
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:5]}"
    assert undefined > 500  # the undefined cases were reached


def test_multiclass_panel_as_the_library(blank):
    rng = np.random.default_rng(33)
    C = _random_matrices(rng, 3, 2000)
    js = json.loads(_evaluate(blank, "c => ImbalanceMetrics.multiclass(c)", C))
    mismatches = []
    for name in MULTICLASS:
        lib = METRICS[name].func(C, zero_division=np.nan)
        mismatches += [(name, C[i].tolist(), js[i][name], lib[i])
                       for i in range(len(C)) if not _close(js[i][name], lib[i])]
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:5]}"


def test_score_intervals_exactly_the_library(blank):
    rng = np.random.default_rng(95)
    C = _random_matrices(rng, 2, 2000)
    js = json.loads(_evaluate(blank, "c => ImbalanceMetrics.intervals(c)", C))
    mismatches = []
    for name, xn in PROPORTIONS.items():
        x = np.array([xn(c)[0] for c in C])
        n = np.array([xn(c)[1] for c in C])
        lo, hi = wilson_interval(x, n)
        for i in range(len(C)):
            got = js[i][name]
            want = [None if np.isnan(v) else float(v) for v in (lo[i], hi[i])]
            if got != want:
                mismatches.append((name, C[i].tolist(), got, want))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:5]}"


def test_metrics_at_a_deployment_prevalence_as_the_library(blank):
    rng = np.random.default_rng(7)
    C = _random_matrices(rng, 2, 600)
    C = C[(C.sum(axis=2) > 0).all(axis=1)]  # every class needs a sample to be moved
    pis = [0.001, 0.01, 0.3, 0.5, 0.9]
    mismatches = []
    for pi in pis:
        js = json.loads(_evaluate(
            blank, f"c => ImbalanceMetrics.binary(ImbalanceMetrics.atPrevalence(c, {pi!r}))", C))
        for info in METRICS.values():
            lib = at_prevalence(C, info.name, pi, zero_division=np.nan)
            mismatches += [(info.name, pi, C[i].tolist(), js[i][info.name], lib[i])
                           for i in range(len(C)) if not _close(js[i][info.name], lib[i])]
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:5]}"


def test_normal_distribution_function(blank):
    from statistics import NormalDist
    xs = np.linspace(-7.5, 7.5, 301).tolist()
    js = blank.evaluate("xs => xs.map(ImbalanceMetrics.normalCdf)", xs)
    want = [NormalDist().cdf(x) for x in xs]
    assert max(abs(a - b) for a, b in zip(js, want)) < 1e-14


def _built():
    if not PAGE.is_file():
        pytest.skip(f"no built explorer page at {PAGE}: run make site first")


@pytest.fixture(params=[1366, 390], ids=["wide", "narrow"])
def explorer(browser, request):
    """The built page opened from file://; any request that is not a local file fails it."""
    _built()
    page, problems = open_offline(browser, PAGE.as_uri(), request.param)
    page.wait_for_selector("#imbalance-explorer[data-ready=true]", timeout=10000)
    yield page, request.param, problems
    page.close()


def _table(page) -> dict[str, list[str]]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#imbalance-explorer table.ie-metrics tbody tr')].map(r => [r.cells[0].textContent,
        [...r.cells].slice(1).map(c => c.textContent)]))""")


def test_page_works_from_file_and_fits(explorer):
    page, width, problems = explorer
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    over = page.evaluate("""w => [...document.querySelectorAll('#imbalance-explorer *')]
        .filter(e => e.getBoundingClientRect().right > w + 0.5 && !e.closest('.ie-scroll'))
        .map(e => e.tagName + '#' + e.id)""", width)
    assert not over, f"wider than {width} px: {over}"
    # every metric of the registry has its row; the matrix as opened is the binormal one
    rows = _table(page)
    assert list(rows) == [m.title for m in METRICS.values()]
    C = np.array([[813, 87], [42, 58]])  # P = 100, N = 900 at t = 1.3, d = 1.5, by hand:
    assert [int(page.input_value(f"#ie-{c}")) for c in ("tn", "fp", "fn", "tp")] == C.ravel().tolist()
    for info in METRICS.values():
        value = info.func(C, **info.params)
        assert rows[info.title][0] == f"{value:.4f}", info.name
    lo, hi = wilson_interval(58, 100)
    assert rows[METRICS["tpr"].title][1] == f"{lo:.3f} to {hi:.3f}"
    assert not problems, problems


def test_printed_book_shows_the_figure(explorer):
    page, _, problems = explorer
    shown = ("() => ['imbalance-explorer', 'fig-explorer-print'].map("
             "i => getComputedStyle(document.getElementById(i)).display !== 'none')")
    assert page.evaluate(shown) == [True, False]
    page.emulate_media(media="print")
    assert page.evaluate(shown) == [False, True]
    assert page.evaluate("document.querySelector('#fig-explorer-print img').naturalWidth") > 500
    assert not problems, problems


def test_keyboard_and_screen_reader(explorer):
    page, _, problems = explorer
    unlabelled = page.evaluate("""() => [...document.querySelectorAll('#imbalance-explorer input')]
        .filter(i => !(i.labels && i.labels.length) && !i.getAttribute('aria-label')).map(i => i.id)""")
    assert not unlabelled
    assert page.get_attribute("#ie-summary", "aria-live") == "polite"
    before = page.text_content("#ie-summary")
    page.focus("#ie-t")
    page.keyboard.press("ArrowRight")  # one step of the threshold slider
    assert page.input_value("#ie-t") == "1.35"
    assert page.text_content("#ie-summary") != before
    # a typed count: every undefined metric says so
    for cell in ("fn", "tp"):
        page.fill(f"#ie-{cell}", "0")
    rows = _table(page)
    assert rows[METRICS["tpr"].title][:2] == ["undefined", "undefined"]
    assert rows[METRICS["tnr"].title][0] != "undefined"
    assert not problems, problems


def test_scripts_only_on_their_page():
    """The explorer's scripts load on its page only; the five document chapters load the
    small host script of their frame and nothing else of it."""
    _built()
    framed = {HTML / "chapters" / f"{n}.html"
              for n in ("balanced_accuracy", "iba", "hmnc", "iam", "ac_score")}
    for page in HTML.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        scripts = set(re.findall(r'src="[^"]*_static/explorer/([\w.-]+)', text))
        if page == PAGE:
            assert {"metrics.js", "surfaces.js", "explorer.js"} <= scripts
        elif page in framed:
            assert scripts == {"embed.html", "embed-host.js"}, page
        else:
            assert not scripts, page


def _limit_close(js: float | None, lib: float, scale: float) -> bool:
    """A limit value -/+ z SE to 1e-12 of the larger of the limit and the half-width (the
    subtraction may cancel both to near 0); an undefined limit must be undefined on both sides."""
    if js is None or np.isnan(lib):
        return js is None and bool(np.isnan(lib))
    return js == lib or abs(js - lib) <= RTOL * max(abs(lib), scale)


def test_delta_intervals_as_the_library(blank):
    rng = np.random.default_rng(2026)
    C = _random_matrices(rng, 2, 2200)
    assert len(C) >= 2000
    js = json.loads(_evaluate(blank, "c => ImbalanceMetrics.deltaIntervals(c)", C))
    mismatches, defined = [], 0
    for name in METRICS:
        value, lo, hi = delta_interval(C, name)
        defined += int(np.isfinite(lo).sum())
        for i in range(len(C)):
            got = js[i][name]
            scale = abs(hi[i] - lo[i]) + abs(value[i]) if np.isfinite(lo[i]) else 0.0
            if not (_limit_close(got[0], lo[i], scale) and _limit_close(got[1], hi[i], scale)):
                mismatches.append((name, C[i].tolist(), got, (lo[i], hi[i])))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:5]}"
    assert defined > 20000  # most intervals are defined; the undefined ones agree too


def test_stored_score_matrices_and_curves_as_scikit_learn(blank):
    body = es.OUT.read_text(encoding="utf-8").split("window.ImbalanceScores = ", 1)[1]
    data = json.loads(body.rstrip().rstrip(";"))
    y, s = np.array(data["labels"]), np.array(data["scores"])
    for t in (-8.0, -2.0, -0.5, 0.0, 0.3, 1.0, float(s[10]), 20.0):
        got = blank.evaluate("([l, s, t]) => ImbalanceMetrics.scoreMatrix(l, s, t)",
                             [y.tolist(), s.tolist(), t])
        assert got == confusion_matrix(y, (s >= t).astype(int), labels=[0, 1]).tolist(), t
    curves = blank.evaluate("([l, s]) => ImbalanceMetrics.scoreCurves(l, s)", [y.tolist(), s.tolist()])
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    assert np.allclose(np.array(curves["roc"]), np.column_stack([fpr, tpr]), rtol=0, atol=1e-15)


def test_the_page_opens_in_the_print_figures_state(explorer):
    page = explorer[0]
    for key, name in (("ie-d", "d"), ("ie-t", "t"), ("ie-pi", "pi")):
        assert float(page.input_value(f"#{key}")) == ef.START[name]
    assert page.input_value("#ie-n") == str(ef.START["n"])
    cells = [int(page.input_value(f"#ie-{c}")) for c in ("tn", "fp", "fn", "tp")]
    assert sum(cells) == ef.START["n"]


def test_the_satimage_slider_sets_the_matrix(explorer):
    page = explorer[0]
    body = es.OUT.read_text(encoding="utf-8").split("window.ImbalanceScores = ", 1)[1]
    data = json.loads(body.rstrip().rstrip(";"))
    y, s = np.array(data["labels"]), np.array(data["scores"])
    page.fill("#ie-ts", "-1")
    page.dispatch_event("#ie-ts", "input")
    cells = [int(page.input_value(f"#ie-{c}")) for c in ("tn", "fp", "fn", "tp")]
    assert cells == confusion_matrix(y, (s >= -1).astype(int), labels=[0, 1]).ravel().tolist()


@pytest.mark.parametrize("query, cells", [
    ("?preset=balanced_accuracy", [81, 9, 4, 6]),  # the chapter's running example
    ("?preset=iba", [950, 50, 45, 55]),  # Garcia et al. (2009), Table 2, theta_1 (1:10)
    ("?preset=hmnc", [5, 5, 500, 500]),  # Burduk (2020), Table 1, classifier 1
    ("?tn=7&fp=0&fn=3&tp=1", [7, 0, 3, 1]), ("?tn=7&fp=-1&fn=3&tp=1", None),
])
def test_presets_and_url_parameters(browser, query, cells):
    _built()
    page = browser.new_page(viewport={"width": 390, "height": 900})
    page.goto(PAGE.as_uri() + query)
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    got = [int(page.input_value(f"#ie-{c}")) for c in ("tn", "fp", "fn", "tp")]
    if cells is None:  # a bad parameter is ignored: the starting state
        assert sum(got) == ef.START["n"]
    else:
        assert got == cells
        lib = METRICS["balanced_accuracy"].func(np.array(cells, float).reshape(2, 2), zero_division=np.nan)
        assert _table(page)["Balanced accuracy"][0] == f"{float(lib):.4f}"
    page.close()


def test_the_ac_score_and_iam_presets(browser):
    _built()
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(PAGE.as_uri() + "?preset=ac_score")
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    assert [page.input_value(f"#ie-{k}") for k in ("pi", "d", "t")] == ["0.05", "2", "1.6"]
    assert page.input_value("#ie-surface") == "ac" and page.input_value("#ie-compare") == "balanced_accuracy"
    page.goto(PAGE.as_uri() + "?preset=iam")
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    from imbalance_lib.book.published import mortaz2020
    cells = [[int(page.input_value(f"#ie3-{i}{j}")) for j in range(3)] for i in range(3)]
    assert cells == mortaz2020.CONFUSION_MATRICES["CM3"]
    page.close()


def test_the_weights_move_the_table_as_the_library(explorer):
    """The alpha sliders of weighted accuracy and IBA: the table's values and delta-method
    intervals become the library's with those weights; the other rows do not move."""
    page, _, problems = explorer
    before = _table(page)
    C = np.array([[813.0, 87.0], [42.0, 58.0]])
    for key, name, alpha in (("ie-wa-alpha", "weighted_accuracy", 0.85), ("ie-iba-alpha", "iba", 1.0)):
        page.fill(f"#{key}", str(alpha))
        page.dispatch_event(f"#{key}", "input")
        row = _table(page)[METRICS[name].title]
        value, lo, hi = delta_interval(C, name, alpha=alpha)
        assert row[0] == f"{float(METRICS[name].func(C, alpha=alpha)):.4f}"
        assert row[1] == f"{float(lo):.3f} to {float(hi):.3f}"
    after = _table(page)
    moved = {t for t in after if after[t] != before[t]}
    assert moved == {METRICS["weighted_accuracy"].title, METRICS["iba"].title}
    assert not problems, problems
