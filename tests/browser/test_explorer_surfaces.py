"""The explorer's surfaces, equal-value lines, class-size sweep and chapter frames.

The arithmetic tests load ``metrics.js`` and ``surfaces.js`` from the source tree into a
blank page (no build needed) and compare with ``imbalance_lib`` and hand formulas; the
frame tests open ``_static/explorer/embed.html`` from the source tree, and the five
document chapters from the built site (after ``make site``).
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import numpy as np
import pytest
from offline_page import open_offline

import imbalance_lib as il
from imbalance_lib import METRICS

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "_static" / "explorer"
EMBED = STATIC / "embed.html"
HTML = Path(os.environ.get("BOOK_HTML", ROOT / "_build" / "html")).resolve()
RTOL = 1e-12
CHAPTER_PRESETS = {"balanced_accuracy": "balanced_accuracy", "iba": "iba", "hmnc": "hmnc",
                   "iam": "iam", "ac_score": "ac_score"}


def _lib(name, C, alphas=None):
    params = dict(METRICS[name].params)
    if alphas and name in alphas:
        params["alpha"] = alphas[name]
    return METRICS[name].func(np.asarray(C, float), **params, zero_division=np.nan)


def _same(js, lib) -> bool:
    if js is None or (isinstance(lib, float) and math.isnan(lib)):
        return js is None and math.isnan(lib)
    return js == lib or abs(js - lib) <= RTOL * abs(lib)


@pytest.fixture(scope="module")
def blank(browser, tmp_path_factory):
    page_file = tmp_path_factory.mktemp("surfaces") / "blank.html"
    page_file.write_text("<!doctype html>" + "".join(
        f'<script src="{(STATIC / f).as_uri()}"></script>' for f in ("metrics.js", "surfaces.js")),
        encoding="utf-8")
    page = browser.new_page()
    page.goto(page_file.as_uri())
    yield page
    page.close()


def _json(page, expression, arg):
    return json.loads(page.evaluate(
        "([expr, arg]) => JSON.stringify(eval(expr)(arg), "
        "(k, v) => (typeof v === 'number' && !isFinite(v)) ? null : v)", [expression, arg]))


def test_rate_matrices_and_their_metrics_as_the_library(blank):
    """Every metric at random rates, class sizes (tiny, huge, fractional) and weights."""
    rng = np.random.default_rng(1129)
    cases = []
    for _ in range(1500):
        s, t = rng.choice([0.0, 1.0, rng.random()], p=[0.1, 0.1, 0.8], size=2)
        P, N = (10.0 ** rng.uniform(-1, 6, size=2)).round(rng.integers(0, 3))
        alphas = {"weighted_accuracy": float(rng.random()), "iba": float(rng.random())}
        cases.append([float(s), float(t), float(P), float(N), alphas])
    got = _json(blank, "cs => cs.map(c => { const C = ImbalanceSurfaces.rateMatrix(c[0], c[1], c[2], c[3]);"
                "return [C, ImbalanceMetrics.binary(C, c[4])]; })", cases)
    bad = []
    for (s, t, P, N, alphas), (C, values) in zip(cases, got):
        want = [[N * s, N - N * s], [P - P * t, P * t]]  # by hand
        assert np.allclose(C, want, rtol=1e-15, atol=0), (s, t, P, N)
        for name in METRICS:
            lib = float(_lib(name, C, alphas))
            if not _same(values[name], lib):
                bad.append((name, C, alphas, values[name], lib))
    assert not bad, f"{len(bad)} mismatches, first: {bad[:3]}"


_CONTOUR = ("([name, P, N, level, alphas]) => { const S = ImbalanceSurfaces, M = ImbalanceMetrics;"
            "const g = S.grid((s, t) => M.binary(S.rateMatrix(s, t, P, N), alphas)[name], 50);"
            "const f = (s, t) => M.binary(S.rateMatrix(s, t, P, N), alphas)[name];"
            "return S.contour(g, level, f); }")


@pytest.mark.parametrize("name, P, N, level", [
    ("balanced_accuracy", 10, 90, 0.5), ("weighted_accuracy", 10, 90, 0.81),
    ("accuracy", 10, 90, 0.87), ("iba", 100, 1000, 0.5016), ("g_mean", 100, 1000, 0.7228),
    ("hmnc", 1000, 10, 0.5), ("hmnc", 10, 1000, 0.9), ("ac", 50, 950, 0.8), ("mcc", 50, 950, 0.3),
    ("f1", 50, 950, 0.4), ("optimized_precision", 100, 100, 0.5), ("dominance", 100, 100, 0.25),
    ("optimized_precision", 10, 90, -0.0129),  # a ridge on the diagonal: saddle cells
])
def test_equal_value_lines_lie_on_their_level(blank, name, P, N, level):
    """Each end of each segment of the line through a point has the level's value by the
    library, to 1e-6: the crossings are refined on the metric (a linear interpolation on the
    51-node grid misses HMNC's line at P = 1000, N = 10 by 0.10 near the edge TPR = 0)."""
    tol = 1e-6
    alphas = {"weighted_accuracy": 0.3, "iba": 0.1}
    segs = np.array(_json(blank, _CONTOUR, [name, P, N, level, alphas]))
    assert len(segs) > 20
    ends = segs.reshape(-1, 2)
    C = np.array([[[N * s, N - N * s], [P - P * t, P * t]] for s, t in ends])
    err = np.abs(_lib(name, C, alphas) - level)
    assert np.nanmax(err) <= tol, (name, float(np.nanmax(err)))


def test_a_line_at_the_bottom_of_the_range(blank):
    """A metric at its lowest value (the G-mean and the AC-score at TP = 0) has its line
    along the edge where it takes that value, not no line."""
    for name in ("g_mean", "ac", "tpr"):
        segs = np.array(_json(blank, _CONTOUR, [name, 10, 90, 0.0, {}]))
        assert len(segs) >= 50, name
        ends = segs.reshape(-1, 2)  # on an edge where the metric is 0 (to 2^-30 of a cell)
        on_edge = ends[:, 1] if name == "tpr" else ends.min(axis=1)
        assert on_edge.max() <= 1e-9, name


def test_equal_value_lines_are_whole(blank):
    """Balanced accuracy's line at 0.5 is the whole anti-diagonal, its length sqrt(2); at
    0.75 the segment from (0.5, 1) to (1, 0.5); none at the range's ends inside the square."""
    def length(level):
        segs = np.array(_json(blank, _CONTOUR, ["balanced_accuracy", 10, 90, level, {}]))
        return float(np.linalg.norm(segs[:, 1] - segs[:, 0], axis=1).sum()) if len(segs) else 0.0
    assert length(0.5) == pytest.approx(math.sqrt(2), rel=1e-8)  # bisection to 2^-30 of a cell
    assert length(0.75) == pytest.approx(math.sqrt(2) / 2, rel=1e-8)
    assert length(1.5) == 0.0


def test_lines_join_into_one(blank):
    """The pieces of balanced accuracy's line at 0.5 join into one line from corner to
    corner (a dashed line needs one piece); two separate lines stay two."""
    segs = _json(blank, _CONTOUR, ["balanced_accuracy", 10, 90, 0.5, {}])
    lines = _json(blank, "s => ImbalanceSurfaces.chains(s)", segs)
    assert len(lines) == 1 and len(lines[0]) == len(segs) + 1
    ends = sorted(map(tuple, (lines[0][0], lines[0][-1])))
    assert np.allclose(ends, [(0, 1), (1, 0)], atol=1e-8)  # bisection to 2^-30 of a cell
    two = [[[0, 0], [0.5, 0.5]], [[0.5, 0.5], [1, 0]], [[0, 1], [0.2, 1]]]
    assert sorted(map(len, _json(blank, "s => ImbalanceSurfaces.chains(s)", two))) == [2, 3]


def test_saddles_and_undefined_cells(blank):
    """A saddle cell gives two segments that separate the corners the mean decides; a cell
    with an undefined corner gives none."""
    saddle = [[1.0, 0.0], [0.0, 1.0]]  # values[i][j] at (s, t) = (j, i): (0,0) and (1,1) high
    segs = _json(blank, "a => ImbalanceSurfaces.contour(a[0], a[1])", [saddle, 0.4])
    # mean 0.5 >= 0.4: the high corners are joined, the lines cut off (0, 1) and (1, 0)
    assert sorted(map(lambda g: tuple(map(tuple, g)), segs)) == sorted([
        ((0.0, 0.6), (0.4, 1.0)), ((0.6, 0.0), (1.0, 0.4))])
    segs = _json(blank, "a => ImbalanceSurfaces.contour(a[0], a[1])", [saddle, 0.6])
    # mean 0.5 < 0.6: the lines cut off the high corners (0, 0) and (1, 1)
    assert sorted(map(lambda g: tuple(map(tuple, g)), segs)) == sorted([
        ((0.0, 0.4), (0.4, 0.0)), ((1.0, 0.6), (0.6, 1.0))])
    undefined = [[0.0, None], [1.0, 1.0]]
    nan = "a => ImbalanceSurfaces.contour(a[0].map(r => r.map(v => v === null ? NaN : v)), a[1])"
    assert _json(blank, nan, [undefined, 0.5]) == []


def test_class_shares_as_the_library(blank):
    """A class's share of the samples moved with every row's proportions held is the
    library's prior shift (matrix_at_prevalence); the metrics of the result agree too."""
    rng = np.random.default_rng(33)
    cases = []
    for _ in range(600):
        k = int(rng.integers(2, 5))
        C = np.floor(rng.random((k, k)) * 10.0 ** rng.integers(0, 7))
        C[np.arange(k), rng.integers(0, k, k)] += 1  # every class has a sample
        cases.append([C.tolist(), int(rng.integers(0, k)), float(rng.choice([1e-9, rng.random(), 1 - 1e-9]))])
    got = _json(blank, "cs => cs.map(c => { const R = ImbalanceSurfaces.classShare(c[0], c[1], c[2]);"
                "return [R, ImbalanceMetrics.multiclass(R)]; })", cases)
    for (C, c, q), (R, values) in zip(cases, got):
        C = np.array(C)
        rows = C.sum(axis=1)
        others = np.delete(rows, c) / np.delete(rows, c).sum()
        prior = np.insert(others * (1 - q), c, q)
        want = C * (rows.sum() * prior / rows)[:, None]  # by hand: row i takes the share prior[i]
        assert np.allclose(R, want, rtol=1e-12, atol=0), (C, c, q)
        if len(C) > 2:  # the library's prior shift (for two classes it takes the prevalence,
            # whose complement 1 - (1 - q) loses digits at q = 1e-9)
            assert np.allclose(R, il.matrix_at_prevalence(C, prior), rtol=1e-12, atol=0)
        for name in ("accuracy", "cba", "iam", "macro_f1", "mcc", "kappa"):
            # absolute 1e-12 on these [-1, 1] metrics: a correlation of re-weighted cells near
            # 0 is a difference of large products, where relative agreement cannot hold
            lib = float(_lib(name, R))
            assert _same(values[name], lib) or abs(values[name] - lib) <= 1e-12, (name, R)
    # no share for an empty class, nor a share of 0 or 1
    for C, c, q in (([[1, 0], [0, 0]], 0, 0.5), ([[1, 1], [1, 1]], 0, 0.0), ([[1, 1], [1, 1]], 1, 1.0)):
        assert blank.evaluate("a => ImbalanceSurfaces.classShare(a[0], a[1], a[2])", [C, c, q]) is None


# ---- the frames (embed.html from the source tree; the chapters from the built site) ----

def _open(browser, url, width):
    return open_offline(browser, url, width)


def _marks(page):
    return page.evaluate("""() => [...document.querySelectorAll(
        '#imbalance-explorer .ie-surface table tbody tr')].map(r => [...r.cells].map(c => c.textContent))""")


@pytest.mark.parametrize("width", [1366, 390])
def test_hmnc_frame_marks_table_1_as_the_library(browser, width):
    """Burduk's Table 1 (P = 1000, N = 10): the four classifiers' HMNC and BA in the frame's
    table are the library's; the document prints 0.5, 0.5, 0.7 and 0.7 for HMNC (Table 1)."""
    page, problems = _open(browser, EMBED.as_uri() + "?preset=hmnc", width)
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    rows = _marks(page)
    assert [r[0] for r in rows] == ["Ψ1", "Ψ2", "Ψ3", "Ψ4"]
    for (_, s, t, hm, ba), published in zip(rows, (0.5, 0.5, 0.7, 0.7)):
        t, s = float(t), float(s)
        C = il.binary_matrix(tp=1000 * t, fn=1000 - 1000 * t, fp=10 - 10 * s, tn=10 * s)
        assert hm == f"{float(il.hmnc(C)):.4f}" and ba == f"{float(il.balanced_accuracy(C)):.4f}"
        assert abs(float(hm) - published) < 0.005  # the document's two decimals
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not problems, problems
    page.close()


def test_iba_frame_alpha_slider_and_table_2(browser):
    """Garcia et al. (2009), Table 2 (1:10): IBA_0.1 of the four configurations as printed
    there (0.502, 0.544, 0.558, 0.543); moving alpha to 1 gives the library's IBA_1 (the
    document prints 0.314, 0.479, 0.622, 0.732)."""
    page, problems = _open(browser, EMBED.as_uri() + "?preset=iba", 1366)
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    published = {0.1: (0.502, 0.544, 0.558, 0.543), 1.0: (0.314, 0.479, 0.622, 0.732)}
    for alpha, values in published.items():
        page.fill("#ie-iba-alpha", str(alpha))
        page.dispatch_event("#ie-iba-alpha", "input")
        rows = _marks(page)
        for (_, s, t, iba, _gm), value in zip(rows, values):
            C = il.binary_matrix(tp=100 * float(t), fn=100 - 100 * float(t), fp=1000 - 1000 * float(s),
                                 tn=1000 * float(s))
            assert iba == f"{float(il.iba(C, alpha=alpha)):.4f}"
            assert abs(float(iba) - value) <= 0.0015, (alpha, iba, value)
    assert not problems, problems
    page.close()


def test_iam_frame_sweeps_cm3(browser):
    """Mortaz's CM3: the three-class panel shows the library's CBA and IAM, and the sweep's
    text the library's values at the ends of the range of shares."""
    page, problems = _open(browser, EMBED.as_uri() + "?preset=iam", 390)
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    from imbalance_lib.book.published import mortaz2020
    C = np.array(mortaz2020.CONFUSION_MATRICES["CM3"], float)
    cells = [[int(page.input_value(f"#ie3-{i}{j}")) for j in range(3)] for i in range(3)]
    assert cells == C.astype(int).tolist()
    out = page.evaluate("() => [...document.querySelectorAll('dl.ie-out3 dd')].map(d => d.textContent)")
    assert out[:2] == [f"{float(il.cba(C)):.4f}", f"{float(il.iam(C)):.4f}"]
    text = page.text_content("#ie-sweep-text")
    rows = C.sum(axis=1)
    others = np.delete(rows, 1) / np.delete(rows, 1).sum()
    shares = np.arange(1, 200) / 200
    S = il.matrix_at_prevalence(C, np.array([np.insert(others * (1 - q), 1, q) for q in shares]))
    for name, title in (("cba", "CBA"), ("iam", "IAM"), ("mcc", "MCC")):
        v = il.METRICS[name].func(S)  # the value here, the lowest and the highest, with where
        lo, hi = int(np.argmin(v)), int(np.argmax(v))
        assert (f"{title} {float(il.METRICS[name].func(C)):.3f} here, from {v[lo]:.3f} "
                f"(at {100 * shares[lo]:.1f} %) to {v[hi]:.3f} (at {100 * shares[hi]:.1f} %)") in text
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not problems, problems
    page.close()


@pytest.mark.parametrize("preset", list(CHAPTER_PRESETS.values()))
def test_frames_keyboard_and_screen_reader(browser, preset):
    page, problems = _open(browser, EMBED.as_uri() + f"?preset={preset}", 390)
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    unlabelled = page.evaluate("""() => [...document.querySelectorAll(
        '#imbalance-explorer input, #imbalance-explorer select')]
        .filter(i => !(i.labels && i.labels.length) && !i.getAttribute('aria-label')).map(i => i.id)""")
    assert not unlabelled
    live = page.evaluate("() => [...document.querySelectorAll('[aria-live]')].map(e => e.id)")
    assert {"ie-surface-live", "ie-sweep-live"} & set(live)  # short announcements
    assert all(len(page.text_content(f"#{i}")) < 160 for i in live if i)
    assert all(page.evaluate(
        "() => [...document.querySelectorAll('svg.ie-plot')].map(s => !!s.getAttribute('aria-label'))"))
    over = page.evaluate("""() => [...document.querySelectorAll('#imbalance-explorer *')]
        .filter(e => e.getBoundingClientRect().right > 390.5 && !e.closest('.ie-scroll'))
        .map(e => e.tagName)""")
    assert not over
    assert not problems, problems
    page.close()


def test_a_click_on_the_surface_sets_the_matrix(browser):
    page, _ = _open(browser, EMBED.as_uri() + "?preset=balanced_accuracy", 1366)
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    box = page.locator("svg.ie-plot").first.bounding_box()
    scale = box["width"] / 240  # the plot's 240-unit box: the square from 36 to 232
    page.mouse.click(box["x"] + (36 + 0.5 * 196) * scale, box["y"] + (8 + 0.2 * 196) * scale)
    cells = [int(page.input_value(f"#ie-{c}")) for c in ("tn", "fp", "fn", "tp")]
    assert cells[0] + cells[1] == 90 and cells[2] + cells[3] == 10  # class sizes kept
    assert abs(cells[0] - 45) <= 1 and abs(cells[3] - 8) <= 1  # TNR 0.5, TPR 0.8
    page.close()


def _chapter(name):
    path = HTML / "chapters" / f"{name}.html"
    if not path.is_file():
        pytest.skip(f"no built page at {path}: run make site first")
    return path


@pytest.mark.parametrize("name", list(CHAPTER_PRESETS))
@pytest.mark.parametrize("width", [1366, 390])
def test_chapters_frame_their_preset(browser, name, width):
    """Each document chapter frames the explorer at its own preset: it loads offline from
    file://, the frame takes its content's height (no scrollbar of its own), nothing is
    wider than the page, and the printed page leaves it out."""
    page, problems = _open(browser, _chapter(name).as_uri(), width)
    frame_el = page.locator("iframe.ie-embed")
    assert frame_el.count() == 1
    assert frame_el.get_attribute("src").endswith(f"embed.html?preset={CHAPTER_PRESETS[name]}")
    assert frame_el.get_attribute("title")
    frame_el.scroll_into_view_if_needed()
    frame = frame_el.element_handle().content_frame()
    frame.wait_for_selector("#imbalance-explorer[data-ready=true]")
    for _ in range(50):  # the host script sets the height from the frame's message
        inner = frame.evaluate("document.body.getBoundingClientRect().height")
        if abs(frame_el.bounding_box()["height"] - inner) <= 4:
            break
        page.wait_for_timeout(100)
    assert abs(frame_el.bounding_box()["height"] - inner) <= 4, (frame_el.bounding_box(), inner)
    assert frame.evaluate("document.documentElement.scrollWidth") <= frame.evaluate("window.innerWidth")
    shown = ("() => ['iframe.ie-embed', '.ie-embed-print'].map("
             "s => getComputedStyle(document.querySelector(s)).display !== 'none')")
    assert page.evaluate(shown) == [True, False]
    page.emulate_media(media="print")  # in print a sentence stands in for the frame
    assert page.evaluate(shown) == [False, True]
    assert not problems, problems
    page.close()


def test_a_saddle_follows_the_metric_at_its_centre(blank):
    """Given the metric, a saddle cell is decided by its value at the centre (a ridge the
    corners' mean misses): here the mean 0.5 is below the level 0.6, the centre above."""
    f = ("(s, t) => (1 - s) * (1 - t) + s * t + 0.8 * Math.exp(-((s - 0.5) ** 2 + (t - 0.5) ** 2) / 0.01)")
    segs = _json(blank, f"a => ImbalanceSurfaces.contour(a[0], a[1], {f})", [[[1.0, 0.0], [0.0, 1.0]], 0.6])
    got = sorted(tuple(tuple(round(x, 6) for x in p) for p in g) for g in segs)
    assert got == sorted([((0.0, 0.4), (0.6, 1.0)), ((0.4, 0.0), (1.0, 0.6))])


def test_frames_say_what_is_missing(browser):
    """Each frame shows its own weight slider only, no empty region is a tab stop, an empty
    class is announced, a constant metric is said to be constant, and the sample size is
    capped with the counts."""
    page, problems = _open(browser, EMBED.as_uri() + "?preset=balanced_accuracy", 390)
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    assert page.locator("#ie-wa-alpha").count() == 1 and page.locator("#ie-iba-alpha").count() == 0
    assert page.locator("[aria-label='Marked points']").count() == 0
    page.goto(EMBED.as_uri() + "?preset=iba")
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    assert page.locator("#ie-wa-alpha").count() == 0 and page.locator("#ie-iba-alpha").count() == 1
    assert page.locator("[role=region][aria-label='Marked points']").count() == 1
    for cell in ("fn", "tp"):
        page.fill(f"#ie-{cell}", "0")
    assert page.text_content("#ie-surface-live") == "No surface: the matrix has an empty class."
    page.goto(EMBED.as_uri() + "?preset=iam")
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    for i in range(3):
        for j in range(3):
            page.fill(f"#ie3-{i}{j}", "5" if i == j else "0")
    assert "MCC 1.000 at every share" in page.text_content("#ie-sweep-text")
    for j in range(3):
        page.fill(f"#ie3-1{j}", "0")
    assert page.text_content("#ie-sweep-live") == "No sweep: a class of the matrix is empty."
    page.goto(EMBED.as_uri() + "?preset=ac_score&n=1e300")
    page.wait_for_selector("#imbalance-explorer[data-ready=true]")
    cells = [float(page.input_value(f"#ie-{c}")) for c in ("tn", "fp", "fn", "tp")]
    assert sum(cells) == 1e12
    assert not problems, problems
    page.close()
