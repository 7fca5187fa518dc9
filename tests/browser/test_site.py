"""Every page of the built site, opened in headless Chromium.

Run after the book is built (``make site`` then ``make test-browser``; ``make test`` does
both). The site is served on 127.0.0.1 at a free port; every request to any other host is
blocked and reported. Each page is opened at 1366 px (a laptop: nothing may be wider than
the content column) and at 390 px (a phone: wide content scrolls inside its own box with a
visible cue, never clipped). Full-page screenshots and a report of every offending
element, by page, are written to the screenshots folder (layout-report.txt).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

HTML = Path(os.environ.get("BOOK_HTML", "_build/html")).resolve()
SHOTS = Path(os.environ.get("SCREENSHOTS", "_build/screenshots")).resolve()


def _pages():
    if not HTML.is_dir():
        return []
    return sorted(
        str(p.relative_to(HTML)) for p in HTML.rglob("*.html")
        if not any(part.startswith(("_", ".")) or part == "mathjax"
                   for part in p.relative_to(HTML).parts[:-1])
    )


PAGES = _pages()
# under pytest-xdist (make test-browser runs two workers) every test of one page runs on
# the same worker, which visits the page once at each width (--dist loadgroup)
PAGE_PARAMS = [pytest.param(p, marks=pytest.mark.xdist_group(p)) for p in PAGES]


def test_site_was_built():
    assert (HTML / "intro.html").is_file(), f"no built site at {HTML}: run the book build first"
    assert len(PAGES) >= 3


def test_no_external_scripts_or_styles():
    offenders = []
    for page in PAGES:
        text = (HTML / page).read_text(encoding="utf-8")
        for m in re.finditer(r'<(script|link|img|iframe)\b[^>]*\b(src|href)="(https?:)?//', text):
            offenders.append(f"{page}: {m.group(0)[:80]}")
    assert not offenders, "resources loaded from the network:\n" + "\n".join(offenders)


@pytest.fixture(scope="module")
def server():
    handler = functools.partial(_QuietHandler, directory=str(HTML))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _internal_target(page_url: str, href: str, base: str):
    url = urljoin(page_url, href)
    parts = urlsplit(url)
    if not url.startswith(base):
        return None
    path = unquote(parts.path[len(urlsplit(base).path):]) or "index.html"
    return path, parts.fragment


DUPLICATE_IDS = """() => {
  const seen = new Map();
  for (const e of document.querySelectorAll('[id]')) seen.set(e.id, (seen.get(e.id) || 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} (${n} times)`);
}"""

# Elements inside a table cell that scroll sideways on their own (a table scrolls as a whole)
CELL_SCROLLERS = r"""() => [...document.querySelectorAll('.bd-article td *, .bd-article th *')]
  .filter(el => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)
                && el.scrollWidth > el.clientWidth + 1)
  .map(el => `${el.tagName.toLowerCase()}.${el.classList[0] || ''}: `
             + (el.textContent || '').slice(0, 40))"""

# Every page is opened once per window width; the tests below read the cached visit.
WIDTHS = {"wide": 1366, "narrow": 390}
PROBE = (Path(__file__).with_name("layout_probe.js")).read_text(encoding="utf-8")
_VISITS: dict = {}
# one report per xdist worker (layout-report.txt without xdist)
_WORKER = os.environ.get("PYTEST_XDIST_WORKER")
REPORT = SHOTS / (f"layout-report-{_WORKER}.txt" if _WORKER else "layout-report.txt")


def _visit(page, width_name, server, browser):
    sync_api = pytest.importorskip("playwright.sync_api")
    key = (page, width_name)
    if key in _VISITS:
        return _VISITS[key]
    SHOTS.mkdir(parents=True, exist_ok=True)
    ctx = browser.new_context(viewport={"width": WIDTHS[width_name], "height": 900})
    tab = ctx.new_page()
    errors, failed, foreign = [], [], []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))

    def route(r):
        if urlsplit(r.request.url).hostname == "127.0.0.1" or r.request.url.startswith("data:"):
            r.continue_()
        else:
            foreign.append(r.request.url)
            r.abort()

    tab.route("**/*", route)
    tab.goto(server + page, wait_until="load", timeout=120_000)
    try:  # on a loaded machine a long page may not settle in 30 s; it has loaded anyway
        tab.wait_for_load_state("networkidle", timeout=60_000)
    except sync_api.TimeoutError:
        pass
    has_math = tab.locator(".math").count() > 0
    if has_math:
        tab.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        tab.evaluate("() => MathJax.startup.promise")
    tab.wait_for_timeout(300)
    suffix = "" if width_name == "wide" else "-390"
    tab.screenshot(path=str(SHOTS / (page.replace("/", "__")[:-5] + suffix + ".png")),
                   full_page=True)
    visit = {"errors": errors, "failed": failed, "foreign": foreign, "has_math": has_math}
    visit["height"] = tab.evaluate("() => document.documentElement.scrollHeight")
    if has_math:
        visit["typeset"] = tab.locator("mjx-container").count()
        visit["merrors"] = tab.locator("mjx-merror").all_text_contents()
    visit["broken"] = tab.evaluate(
        "() => Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0))"
        ".map(i => i.getAttribute('src'))"
    )
    visit["figure_as_text"] = tab.locator("text=/^<Figure size/").count()
    visit["hrefs"] = tab.eval_on_selector_all(
        "a[href]", "els => els.map(e => e.getAttribute('href'))")
    visit["url"] = tab.url
    # ids after the page's scripts ran (the toggle script finds collapsible blocks by id)
    visit["duplicate_ids"] = tab.evaluate(DUPLICATE_IDS)
    visit["open_solutions"] = tab.evaluate(
        "() => Array.from(document.querySelectorAll('.solution'))"
        ".filter(s => !s.classList.contains('toggle-hidden'))"
        ".map(s => s.id || (s.textContent || '').trim().slice(0, 40))")
    # Open everything a reader can open (solutions, hidden code), then measure.
    tab.evaluate("""() => {
        document.querySelectorAll('details').forEach(d => { d.open = true; });
        document.querySelectorAll('.toggle-hidden').forEach(
            e => e.classList.remove('toggle-hidden'));
    }""")
    tab.wait_for_timeout(400)
    visit["layout"] = tab.evaluate(PROBE)
    visit["cell_scrollers"] = tab.evaluate(CELL_SCROLLERS)
    ctx.close()
    _VISITS[key] = visit
    _write_report()
    return visit


def _offenders(page, width_name, layout):
    """Every element a reader cannot read in full at this width, one line each."""
    out = []
    wide = width_name == "wide"
    for e in layout["equations"]:
        if wide and not e["fits"]:
            out.append(f"equation {e['id']}: {e['width']} px in a {e['available']} px column"
                       f" [{e['tex']}]")
        if e["covered"]:
            out.append(f"equation {e['id']}: covered by its number [{e['tex']}]")
    if wide:
        for t in layout["tables"]:
            if not t["fits"]:
                out.append(f"table {t['what']}: {t['width']} px in a {t['available']} px column")
    for o in layout["overflow"]:
        if o["kind"] == "clipped":
            out.append(f"clipped: {o['what']} ({o['width']} px of content in a {o['box']} px box)")
        elif o["kind"] == "past the article":
            out.append(f"past the article: {o['what']} ({o['width']} px, article {o['box']} px)")
        elif wide and not o.get("holds"):
            out.append(f"scrolls at {WIDTHS[width_name]} px: {o['what']}"
                       f" ({o['width']} px of content in a {o['box']} px box)")
        elif not o["cue"]:
            out.append(f"scrolls without a visible cue: {o['what']}")
    if layout["docWidth"] > layout["viewWidth"] + 1:
        out.append(f"the whole page scrolls sideways ({layout['docWidth']} px in a"
                   f" {layout['viewWidth']} px window)")
    return out


def _write_report():
    lines = []
    for (page, width_name), v in sorted(_VISITS.items()):
        lay = v["layout"]
        offenders = _offenders(page, width_name, lay)
        lines.append(f"{page} @ {WIDTHS[width_name]} px: height {v['height']} px,"
                     f" {len(offenders)} offender(s)")
        lines += [f"    {o}" for o in offenders]
        lines += [f"    figure alt text: {i['src']} has alt {i['alt']!r}"
                  for i in lay["images"] if i["bad"] and width_name == "wide"]
    REPORT.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("page", PAGE_PARAMS)
def test_page(page, server, browser):
    v = _visit(page, "wide", server, browser)
    if v["has_math"]:
        assert v["typeset"] > 0, "math on the page was not typeset"
        assert not v["merrors"], f"MathJax errors: {v['merrors'][:5]}"
    assert not v["broken"], f"images that did not load: {v['broken']}"
    assert not v["figure_as_text"], f"{v['figure_as_text']} figure(s) shown as text instead of an image"
    assert not v["foreign"], f"requests to other hosts: {v['foreign'][:5]}"
    assert not v["failed"], f"failed requests: {v['failed'][:5]}"
    assert not v["errors"], f"console errors: {v['errors']}"
    assert not v["open_solutions"], f"solutions not collapsed when the page opens: {v['open_solutions']}"
    assert not v["duplicate_ids"], f"ids used more than once: {v['duplicate_ids'][:10]}"

    dead = []
    for href in v["hrefs"]:
        target = _internal_target(v["url"], href, server)
        if target is None or href.startswith(("mailto:", "javascript:")):
            continue
        path, fragment = target
        file = HTML / path
        if file.is_dir():
            file = file / "index.html"
        if not file.is_file():
            dead.append(href)
        elif fragment and file.suffix == ".html":
            html = file.read_text(encoding="utf-8")
            if f'id="{fragment}"' not in html and f"name=\"{fragment}\"" not in html:
                dead.append(href)
    assert not dead, f"internal links that do not resolve: {sorted(set(dead))[:10]}"


@pytest.mark.parametrize("page", PAGE_PARAMS)
def test_nothing_wider_than_the_column(page, server, browser):
    """At 1366 px every display equation, table and block fits the content column."""
    lay = _visit(page, "wide", server, browser)["layout"]
    offenders = _offenders(page, "wide", lay)
    assert not offenders, (f"{page} at 1366 px, {len(offenders)} element(s) wider than the"
                           f" {lay['article']} px column:\n  " + "\n  ".join(offenders))


@pytest.mark.parametrize("page", PAGE_PARAMS)
def test_narrow_window_scrolls_never_clips(page, server, browser):
    """At 390 px wide content scrolls inside its own box, with a visible cue."""
    lay = _visit(page, "narrow", server, browser)["layout"]
    offenders = _offenders(page, "narrow", lay)
    assert not offenders, (f"{page} at 390 px, {len(offenders)} element(s) clipped or"
                           " scrolling without a cue:\n  " + "\n  ".join(offenders))


@pytest.mark.parametrize("page", PAGE_PARAMS)
def test_no_table_cell_scrolls_on_its_own(page, server, browser):
    """At 390 px a table scrolls as a whole; no formula in a cell has its own scrollbar."""
    own = _visit(page, "narrow", server, browser)["cell_scrollers"]
    assert not own, f"{page} at 390 px, {len(own)} cell element(s) with their own scrollbar: {own[:5]}"


@pytest.mark.parametrize("page", PAGE_PARAMS)
def test_figures_have_alt_text(page, server, browser):
    lay = _visit(page, "wide", server, browser)["layout"]
    bad = [f"{i['src']}: alt {i['alt']!r}" for i in lay["images"] if i["bad"]]
    assert not bad, (f"{page}: {len(bad)} figure(s) without a meaningful alt text"
                     " (take it from the caption):\n  " + "\n  ".join(bad))


# The layout checks must be able to fail: a page built to break each of them.
BROKEN_PAGE = """<!doctype html><html><head><style>
  body { margin: 0; } article { width: 700px; padding: 0 20px; }
  mjx-container { display: block; } mjx-math { display: inline-block; }
  .clip { overflow: hidden; } .scroll { overflow-x: auto; }
</style></head><body><article class="bd-article">
  <div class="math" id="equation-clipped"><mjx-container display="true" class="clip">
    <mjx-math style="width: 1200px">x</mjx-math></mjx-container></div>
  <div class="math" id="equation-scrolls"><mjx-container display="true" class="scroll">
    <mjx-math style="width: 1200px">y</mjx-math></mjx-container></div>
  <table id="wide-table"><caption>A wide table</caption>
    <tr><td style="min-width: 1500px">1</td></tr></table>
  <p><img alt="../_images/0123456789abcdef0123456789abcdef.png"
          src="../_images/0123456789abcdef0123456789abcdef.png" width="10" height="10"></p>
</article></body></html>"""


@pytest.mark.parametrize("width_name", list(WIDTHS))
def test_layout_checks_catch_a_clipped_equation(browser, width_name):
    ctx = browser.new_context(viewport={"width": WIDTHS[width_name], "height": 900})
    tab = ctx.new_page()
    tab.set_content(BROKEN_PAGE)
    layout = tab.evaluate(PROBE)
    ctx.close()
    found = "\n".join(_offenders("synthetic.html", width_name, layout))
    assert "clipped: mjx-container" in found and "equation-clipped" in found
    assert "the whole page scrolls sideways" in found or "past the article" in found
    if width_name == "wide":
        assert "equation equation-clipped: 1200 px" in found
        assert "equation equation-scrolls: 1200 px" in found
        assert "table table#wide-table" in found
    else:
        assert "scrolls without a visible cue: mjx-container" in found
    assert [i["bad"] for i in layout["images"]] == [True]


# Where a marker on the text baseline (just before the formula) and one on the formula's own
# baseline (first thing inside it) stand, in px; formulas broken across lines are skipped.
BASELINE_PROBE = """() => {
  const out = [];
  for (const s of document.querySelectorAll('.bd-article p span.math')) {
    const m = s.querySelector('mjx-math');
    if (!m) continue;
    const a = document.createElement('span');
    a.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
    const b = a.cloneNode();
    s.parentNode.insertBefore(a, s);
    m.insertBefore(b, m.firstChild);
    const box = s.getBoundingClientRect(), ya = a.getBoundingClientRect().top;
    if (ya >= box.top && ya <= box.bottom) out.push(b.getBoundingClientRect().top - ya);
    a.remove(); b.remove();
  }
  return out;
}"""


@pytest.mark.parametrize("page", ["chapters/iba.html", "chapters/intervals.html", "chapters/notation.html"])
def test_inline_math_sits_on_the_text_baseline(page, server, browser):
    if not (HTML / page).exists():
        pytest.skip(f"{page} not in this build")
    ctx = browser.new_context(viewport={"width": WIDTHS["wide"], "height": 900})
    tab = ctx.new_page()
    tab.goto(server + page, wait_until="load", timeout=120_000)
    tab.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
    tab.evaluate("() => MathJax.startup.promise")
    offsets = tab.evaluate(BASELINE_PROBE)
    ctx.close()
    assert len(offsets) >= 10, f"{page}: only {len(offsets)} inline formulas measured"
    worst = max(offsets, key=abs)
    assert abs(worst) <= 1.0, f"{page}: an inline formula sits {worst:+.1f} px off the text baseline"


# ---- Presentation: dark theme, unique ids, numbered tables, search, bibliography, edition

STUDENT_HTML = Path(os.environ.get("STUDENT_HTML", "_build/student/_build/html")).resolve()
ROOT = Path(__file__).resolve().parents[2]

# Colours as a reader sees them: an element's text colour against the background painted
# under it (translucent layers, such as row stripes, composited over what lies below).
COLOURS = """(sel) => {
  const rgba = (c) => {
    const m = c.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const over = (top, below) => top.slice(0, 3).map((c, i) => c * top[3] + below[i] * (1 - top[3]));
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) layers.push(rgba(getComputedStyle(e).backgroundColor));
    let bg = [255, 255, 255];
    for (const layer of layers.reverse()) bg = over(layer, bg);
    return bg;
  };
  const lum = (c) => {
    const l = c.map((v) => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
  };
  const contrast = (el) => {
    const bg = background(el), fg = over(rgba(getComputedStyle(el).color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  };
  const table = document.querySelector(sel);
  table.scrollIntoView();
  const cells = [...table.querySelectorAll('td, th')].filter((c) => c.textContent.trim());
  const lit = cells.filter((c) => rgba(getComputedStyle(c).backgroundColor)[3] > 0.5);
  const box = table.closest('.text_html');
  const caption = table.querySelector('caption');
  const worst = (els) => els.map((e) => [contrast(e), e.id || e.textContent.trim()])
    .sort((x, y) => x[0] - y[0])[0];
  return {
    theme: document.documentElement.dataset.theme,
    cells: worst(cells),
    highlighted: lit.length ? worst(lit) : null,
    caption: caption ? contrast(caption) : null,
    table: lum(background(table)),
    shadows: (getComputedStyle(box).backgroundImage.match(/radial-gradient\\([^)]*\\)[^)]*\\)/g) || []),
  };
}"""


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("page", ["chapters/iba.html", "chapters/iam.html"])
def test_styled_tables_follow_the_theme(page, theme, server, browser):
    """A styled (pandas Styler) table: page background, readable cells, captions, highlights."""
    if not (HTML / page).exists():
        pytest.skip(f"{page} not in this build")
    ctx = browser.new_context(viewport={"width": WIDTHS["wide"], "height": 900})
    ctx.add_init_script(f"localStorage.setItem('mode', '{theme}'); localStorage.setItem('theme', '{theme}');")
    tab = ctx.new_page()
    tab.goto(server + page, wait_until="load", timeout=120_000)
    tables = tab.eval_on_selector_all(
        ".cell_output .text_html table[id^='T_']", "els => els.map(e => '#' + CSS.escape(e.id))")
    assert tables, f"{page}: no styled table"
    measured = [tab.evaluate(COLOURS, sel) for sel in tables]
    ctx.close()
    for sel, m in zip(tables, measured):
        assert m["theme"] == theme
        ratio, cell = m["cells"]
        assert ratio >= 4.5, f"{sel}: cell {cell} at contrast {ratio:.2f}"
        if m["caption"] is not None:
            assert m["caption"] >= 4.5, f"{sel}: caption contrast {m['caption']:.2f}"
        if theme == "dark":
            assert m["table"] < 0.05, f"{sel}: a light box on a dark page (luminance {m['table']:.2f})"
            heavy = [g for g in m["shadows"] if re.search(r"rgba\(0, 0, 0, 0\.[3-9]", g)]
            assert not heavy, f"{sel}: a heavy black scroll shadow on a dark page: {heavy}"
        else:
            assert m["table"] > 0.8, f"{sel}: a dark box on a light page (luminance {m['table']:.2f})"
    assert any(m["caption"] is not None for m in measured), f"{page}: no captioned styled table"
    if page == "chapters/iam.html":  # its differences beyond two standard errors
        assert any(m["highlighted"] for m in measured), "iam: no highlighted cell measured"


def _site_pages(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.html")
                  if not any(part.startswith(("_", ".")) or part == "mathjax"
                             for part in p.relative_to(root).parts[:-1]))


@pytest.mark.parametrize("edition", ["book", "student"])
def test_every_id_once_per_page(edition):
    root = HTML if edition == "book" else STUDENT_HTML
    if not (root / "intro.html").is_file():
        pytest.skip(f"no {edition} build at {root}")
    repeated = {}
    for page in _site_pages(root):
        ids = re.findall(r'\sid="([^"]+)"', page.read_text(encoding="utf-8"))
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            repeated[str(page.relative_to(root))] = twice[:8]
    assert not repeated, f"ids used more than once ({edition}): {repeated}"


def test_output_tables_are_numbered_in_page_order():
    """Each numbered chapter's captioned tables read "Table <chapter>.1", ".2", ... in order."""
    numbered = 0
    for page in _site_pages(HTML / "chapters"):
        html = page.read_text(encoding="utf-8")
        m = re.search(r'<h1><span class="section-number">([\d.]+?)\.? </span>', html)
        captions = re.findall(r"<caption[^>]*>(.*?)</caption>", html, re.S)
        numbers = [re.match(r'<span class="caption-number">(Table [\d.]+) </span>', c) for c in captions]
        if not (m and m.group(1)):
            assert not any(numbers), f"{page.name}: an unnumbered page numbers its tables"
            continue
        chapter = m.group(1)
        assert all(numbers), f"{page.name}: a captioned table without a number"
        want = [f"Table {chapter}.{k}" for k in range(1, len(captions) + 1)]
        assert [n.group(1) for n in numbers] == want, page.name
        numbered += len(captions)
    assert numbered >= 10, f"only {numbered} numbered tables in the book"


def test_search_snippets_read_as_text(server, browser):
    """Search results next to a formula show it readably, never its LaTeX source."""
    ctx = browser.new_context(viewport={"width": WIDTHS["wide"], "height": 900})
    tab = ctx.new_page()
    errors = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.goto(server + "search.html?q=prevalence", wait_until="load", timeout=120_000)
    tab.wait_for_function(
        "() => /finished/i.test(document.querySelector('#search-results')?.textContent || '')",
        timeout=180_000)
    try:  # each result's snippet arrives with its own fetch of the page
        tab.wait_for_function("() => [...document.querySelectorAll('#search-results li')]"
                              ".every(li => li.querySelector('p.context'))", timeout=60_000)
    except Exception:  # a result without a snippet (a page with no text) is allowed
        pass
    snippets = tab.eval_on_selector_all("#search-results li p.context",
                                        "els => els.map(e => e.textContent)")
    tex = r"\(\mathrm{IBA}_\alpha = (1 + \alpha\,d)\,\frac{t}{\sqrt{2}} \le 1\)"
    readable = tab.evaluate(
        "(tex) => Search.bookReadableMath ? Search.bookReadableMath(tex) : null", tex)
    ctx.close()
    assert len(snippets) >= 5, f"only {len(snippets)} results for 'prevalence'"
    latex = [s for s in snippets if re.search(r"\\[()\[\]]|\\(frac|mathrm|alpha|pi)\b", s)]
    assert not latex, f"snippets with LaTeX source: {latex[:3]}"
    assert any("π" in s for s in snippets), "no snippet shows a formula next to 'prevalence'"
    assert readable == "IBA_α = (1 + α d) t/(√2) ≤ 1", readable
    assert not errors, errors


def _cited_keys() -> set[str]:
    keys = set()
    for src in [*(ROOT / "chapters").glob("*.ipynb"), *(ROOT / "chapters").glob("*.md"),
                ROOT / "intro.md"]:
        for m in re.finditer(r"\{cite(?::\w+)?\}`([^`]+)`", src.read_text(encoding="utf-8")):
            keys.update(k.strip() for k in m.group(1).split(","))
    return keys


def test_bibliography_is_labelled_by_author_and_year():
    pybtex = pytest.importorskip("pybtex.database")
    from imbalance_lib.book.sphinx.bibliography import author_year_label

    html = (HTML / "chapters" / "bibliography.html").read_text(encoding="utf-8")
    labels = re.findall(r'<span class="label"><span class="fn-bracket">\[</span>(.*?)'
                        r'<span class="fn-bracket">\]</span></span>', html)
    assert len(labels) >= 30, f"only {len(labels)} bibliography entries"
    assert not [x for x in labels if re.fullmatch(r"\d+", x)], "numbered bibliography labels"
    assert len(set(labels)) == len(labels), "two entries share a label"
    bib = pybtex.parse_file(str(ROOT / "references.bib"))
    cited = _cited_keys()
    assert {"burduk2020", "garcia2009", "wu2025"} <= cited
    missing = [k for k in sorted(cited)
               if not any(x.startswith(author_year_label(bib.entries[k])) for x in labels)]
    assert not missing, f"cited works without their author-year label: {missing}"
    assert "Burduk 2020" in labels and "García et al. 2009" in labels
    hmnc = (HTML / "chapters" / "hmnc.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", hmnc)
    assert "Burduk (2020)" in text, "the text cites Burduk (2020)"
    assert "arXiv:2006.13319" in re.sub(r"<[^>]+>", "", html)


@pytest.mark.parametrize("edition", ["book", "student"])
def test_every_footer_names_the_edition(edition):
    root = HTML if edition == "book" else STUDENT_HTML
    if not (root / "intro.html").is_file():
        pytest.skip(f"no {edition} build at {root}")
    import datetime as dt

    import imbalance_lib
    top = re.search(r"^## (\S+) \((\d{4}-\d{2}-\d{2})\)",
                    (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert top and top.group(1) == imbalance_lib.__version__
    day = dt.date.fromisoformat(top.group(2))
    line = f"Edition {imbalance_lib.__version__} (imbalance_lib {imbalance_lib.__version__}), " \
           f"{day.day} {day.strftime('%B')} {day.year}."
    bad = []
    for page in _site_pages(root):
        if page.name == "index.html" and "Refresh" in page.read_text(encoding="utf-8")[:200]:
            continue  # the redirect to intro.html
        footer = re.search(r'<div class="extra_footer">(.*?)</div>',
                           page.read_text(encoding="utf-8"), re.S)
        text = re.sub(r"<[^>]+>", "", footer.group(1)) if footer else ""
        if line not in text or "CC BY 4.0" not in text:
            bad.append(str(page.relative_to(root)))
    assert not bad, f"pages whose footer lacks '{line}' or the licence: {bad[:10]}"


def test_renamed_proofs_keep_their_style(server, browser):
    """sphinx-proof styles a proof by its id (div#proof): every proof, renamed or not, alike."""
    page = "chapters/iba.html"
    if not (HTML / page).exists():
        pytest.skip(f"{page} not in this build")
    tab = browser.new_page()
    tab.goto(server + page, wait_until="load", timeout=120_000)
    proofs = tab.evaluate("""() => [...document.querySelectorAll('div.proof.admonition')]
        .filter(e => e.id === 'proof' || /^proof-\\d+$/.test(e.id))
        .map(e => [e.id, getComputedStyle(e).padding, getComputedStyle(e).borderLeftColor])""")
    tab.close()
    assert len(proofs) >= 3 and proofs[0][0] == "proof", proofs
    assert {tuple(p[1:]) for p in proofs} == {tuple(proofs[0][1:])}, proofs


def test_statement_list_typesets_its_titles(server, browser):
    """The list of theorems shows titles as the chapters do: math typeset, no MyST roles."""
    ctx = browser.new_context(viewport={"width": WIDTHS["wide"], "height": 900})
    tab = ctx.new_page()
    tab.goto(server + "prf-prf.html", wait_until="load", timeout=120_000)
    tab.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise"
                          " && document.querySelectorAll('mjx-container').length > 0",
                          timeout=120_000)
    text = tab.eval_on_selector("article", "e => e.innerText")
    typeset = tab.eval_on_selector_all("article mjx-container", "els => els.length")
    ctx.close()
    assert "Theorem 2.1" in text, "the list does not name the statements by number"
    assert "$" not in text and "{cite" not in text and "\\(" not in text, \
        [line for line in text.splitlines() if re.search(r"\$|\{cite|\\\(", line)][:5]
    assert typeset >= 5, f"only {typeset} formulas typeset on the list"
