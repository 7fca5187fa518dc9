"""The printed book: one PDF of a built site, with a title page, contents and bookmarks.

Called by ``python -m imbalance_lib.book.editions pdf`` (``make pdf``); by hand::

    python -m imbalance_lib.book.editions pdf _build/html _build/pdf/book.pdf [--solutions]

The pages of the site (the table of contents of its sidebar, then the index and the list of
theorems) are joined into ONE html document, served from the built site so that its
stylesheets, images and MathJax load: the main content of every page in reading order,
each page starting on a new sheet, every id made unique, every link between pages
rewritten to an anchor of the document (or dropped to its text when its target is not
printed), and what only a screen needs left out (navigation, buttons, the folded code
of hidden cells; folded outputs are printed open). A title page and a table of contents
go in front. Chromium (playwright) prints it once; the page of every heading is read
from the PDF's named destinations, written into the contents (whose page numbers have a
fixed width, so the layout does not move) and the document is printed again. pypdf
then adds the bookmarks (chapters, their sections and subsections, nested) and the
metadata. Page numbers are the footer's, continuous from the title page.
"""

from __future__ import annotations

import functools
import html as htmllib
import http.server
import re
import shutil
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

from imbalance_lib.book.editions.chromium import CHROMIUM_FLAGS
from imbalance_lib.book.editions.frontmatter import (
    SUBTITLE,
    Heading,
    book_date,
    contents,
    edition,
    title_page,
)

BOOK_PATH = "__printed_book__.html"
PRINT_CSS = Path(__file__).with_name("print.css")
# A4 less the side margins, in CSS pixels: the layout measured in the browser is the paper's
COLUMN_PX = 688
MARGIN = {"top": "16mm", "bottom": "18mm", "left": "14mm", "right": "14mm"}
# pages printed after the table of contents of the sidebar
APPENDED = ["genindex.html", "prf-prf.html"]
GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "pi": "π", "mu": "μ",
         "sigma": "σ", "theta": "θ", "lambda": "λ", "varepsilon": "ε", "epsilon": "ε"}


def plain(text: str) -> str:
    """Plain text of a heading: inline TeX reduced to letters, single spaces."""
    text = re.sub(r"\\\((.*?)\\\)", lambda m: _tex(m.group(1)), text)
    return re.sub(r"\s+", " ", text.replace("#", "")).strip()


def _tex(src: str) -> str:
    src = re.sub(r"\\([A-Za-z]+)", lambda m: GREEK.get(m.group(1), m.group(1)
                                                      if m.group(1) not in ("mathrm", "text") else ""),
                 src)
    return re.sub(r"[{}]", "", src)


# ---------------------------------------------------------------------------------------
# One document from the pages of the site
# ---------------------------------------------------------------------------------------

def reading_order(html: Path) -> list[tuple[str | None, str]]:
    """(part caption, page path) of every printed page, in reading order."""
    from bs4 import BeautifulSoup

    # bs4's types make every lookup optional; the pages are the book's own, so Any
    soup: Any = BeautifulSoup((html / "intro.html").read_text(encoding="utf-8"), "html.parser")
    nav = soup.select_one("nav.bd-docs-nav")
    order: list[tuple[str | None, str]] = [(None, "intro.html")]
    caption = None
    for el in nav.find_all(["p", "a"]):
        if el.name == "p" and "caption" in el.get("class", []):
            caption = el.get_text(" ", strip=True)
        elif el.name == "a" and el.get("href", "#") not in ("#", "") and el.find_parent(
                "li", class_="toctree-l1"):
            path = el["href"].split("#")[0]
            if path not in [p for _, p in order]:
                order.append((caption, path))
    for extra in APPENDED:
        if (html / extra).is_file():
            order.append(("Reference", extra))
    return order


def soup_new(markup: str):
    from bs4 import BeautifulSoup

    return BeautifulSoup(markup, "html.parser")


def _slug(path: str) -> str:
    return Path(path).stem


def compose(html: Path, *, solutions: bool) -> tuple[str, list[Heading]]:
    """The whole book as one html document (served at the root of ``html``), and its headings."""
    from bs4 import BeautifulSoup

    order = reading_order(html)
    pages = {}
    for _, path in order:
        soup: Any = BeautifulSoup((html / path).read_text(encoding="utf-8"), "html.parser")
        pages[path] = soup.select_one("article.bd-article")
    paths = [p for _, p in order]
    _typeset_statement_list(pages)

    # ids: the first page that uses one keeps it; a later page gets it prefixed by its name
    used: set[str] = set()
    idmap: dict[str, dict[str, str]] = {}
    for path in paths:
        art, slug, m = pages[path], _slug(path), {}
        for el in art.find_all(id=True):
            old = el["id"]
            new = old if old not in used else f"{slug}--{old}"
            m[old] = new
            used.add(new)
            el["id"] = new
        idmap[path] = m

    def target(page: str, href: str) -> str | None:
        """The anchor in the document a link of ``page`` points to, or None (not printed)."""
        absolute = urljoin(page, href)
        parts = urlsplit(absolute)
        dest = parts.path.lstrip("/")
        if parts.scheme or parts.netloc:
            return None
        if dest not in pages:
            return None
        frag = unquote(parts.fragment)
        if frag and frag in idmap[dest]:
            new = idmap[dest][frag]
            # an empty marker (an index entry's span) at the very start of an element with an
            # id shares its position: Chromium writes one destination there, the element's
            el = pages[dest].find(id=new)
            parent = el.parent if el is not None else None
            if (el is not None and el.name == "span" and not el.get_text(strip=True)
                    and parent is not None and parent.get("id")
                    and next((c for c in parent.children
                              if not (isinstance(c, str) and not c.strip())), None) is el):
                return parent["id"]
            return new
        return f"page--{_slug(dest)}"

    headings: list[Heading] = []
    body = []
    count = 0
    for caption, path in order:
        art, slug = pages[path], _slug(path)
        for el in art.find_all(["script", "noscript", "button"]):
            el.decompose()
        for el in art.select("a.headerlink"):
            el.decompose()
        # folded source of a hidden cell: a screen's convenience, left out on paper
        for el in art.select("details.above-input"):
            el.decompose()
        # folded output (and any other fold): printed open, its toggle label left out
        for det in art.find_all("details"):
            for s in det.find_all("summary", recursive=False):
                s.decompose()
            det.name = "div"
            det["class"] = [c for c in det.get("class", []) if c not in ("hide", "admonition")] + [
                "print-unfolded"]
        if not solutions:
            for el in art.select(".solution"):
                el.decompose()
        for a in art.find_all("a", href=True):
            href = a["href"]
            if re.match(r"^(https?|mailto):", href):
                continue
            anchor = target(path, href)
            if anchor is None:
                a.unwrap()
            else:
                a["href"] = "#" + anchor
        if path in APPENDED:
            # a printed index gives pages: each entry's page follows its link (filled in
            # after the first print; the fixed width keeps the layout where it was)
            for a in art.select("table.indextable a[href^='#']"):
                a.insert_after(soup_new(f'<span class="ix-page" data-anchor="{a["href"][1:]}">'
                                        '000</span>').span)
        for el in art.find_all(src=True):
            el["src"] = "/" + urlsplit(urljoin(path, el["src"])).path.lstrip("/")
        for el in art.find_all(srcset=True):
            del el["srcset"]
        for h in art.find_all(["h1", "h2", "h3"]):
            level = int(h.name[1])
            if path == "genindex.html" and level > 1:
                continue
            count += 1
            inner = "".join(str(c) for c in h.contents)
            if level == 1 and not any(x.level == 1 and x.anchor == f"page--{slug}" for x in headings):
                # Chromium writes one destination per position: the page's, at its top
                anchor = f"page--{slug}"
            else:
                anchor = h.get("id") or f"h-{count:04d}"
                h["id"] = anchor
            # a link to itself: Chromium writes a destination only for an anchor linked to
            link = soup_new(f'<a class="print-self" href="#{anchor}"></a>')
            for c in list(h.contents):
                link.a.append(c.extract())
            h.append(link.a)
            headings.append(Heading(level, plain(h.get_text("")), inner, anchor,
                                    caption if level == 1 else None))
        content = "".join(str(c) for c in art.contents)
        if path == "intro.html":
            # on paper the solutions are not folded: the introduction says so
            content = re.sub(r"each solution is folded\s+under its exercise",
                             "each solution is printed after its exercise", content)
        body.append(f'<div class="print-page" id="page--{slug}" data-page="{path}">{content}</div>')

    head = _head(html)
    title = plain(_site_title(html))
    front = title_page(title, solutions) + contents(headings)
    doc = (f'<!DOCTYPE html>\n<html lang="en" data-theme="light" data-mode="light"><head>'
           f'<meta charset="utf-8"><title>{htmllib.escape(title)}</title>{head}</head>'
           f'<body class="printed-book"><div class="bd-container"><main class="bd-main">'
           f'<div class="bd-content"><div class="bd-article-container">'
           f'<article class="bd-article">{front}{"".join(body)}</article>'
           f'</div></div></main></div></body></html>')
    return doc, headings


def _typeset_statement_list(pages: dict) -> None:
    """The list of theorems shows each statement's title as its chapter prints it.

    sphinx-proof's list page holds the titles as source text (``$\\mathrm{...}$``,
    ``{cite:p}`...```); the chapter's own title is typeset (math, citations).
    """
    listing = pages.get("prf-prf.html")
    if listing is None:
        return
    for a in listing.find_all("a", href=True):
        page, _, frag = urljoin("prf-prf.html", a["href"]).partition("#")
        code = a.find("code")
        if page not in pages or not frag or code is None:
            continue
        statement = pages[page].find(id=unquote(frag))
        title = statement.find(class_="admonition-title") if statement else None
        if title is None:
            continue
        copy = soup_new(str(title)).find(class_="admonition-title")
        for link in copy.find_all("a"):
            link.unwrap()
        copy.name = "span"
        copy["class"] = ["statement-title"]
        code.replace_with(copy)


def _site_title(html: Path) -> str:
    m = re.search(r"<title>(.*?)</title>", (html / "intro.html").read_text(encoding="utf-8"), re.S)
    raw = htmllib.unescape(m.group(1)) if m else "book"
    return re.sub(r"\s+", " ", raw).split(" — ")[-1].strip()


def _head(html: Path) -> str:
    """Stylesheets and MathJax of the site's pages, with the print stylesheet last."""
    src = (html / "intro.html").read_text(encoding="utf-8")
    head = src[:src.find("</head>")]
    out = []
    for m in re.finditer(r'<link[^>]*rel="stylesheet"[^>]*>', head):
        tag = re.sub(r'href="([^"]+)"', lambda h: f'href="/{h.group(1).lstrip("./")}"', m.group(0))
        out.append(tag)
    cfg = re.search(r"<script>window\.MathJax = .*?</script>", head)
    if cfg:
        out.append(cfg.group(0))
    mj = re.search(r'<script[^>]*src="([^"]*tex-mml-chtml\.js[^"]*)"[^>]*></script>', head)
    if mj:
        path = urlsplit(urljoin("intro.html", mj.group(1))).path
        out.append(f'<script defer src="/{path.lstrip("/")}"></script>')
    out.append(f"<style>{PRINT_CSS.read_text(encoding='utf-8')}</style>")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------------------

class _Handler(http.server.SimpleHTTPRequestHandler):
    book = b""

    def log_message(self, *args):
        pass

    def do_GET(self):  # noqa: N802 (http.server's name)
        if urlsplit(self.path).path == "/" + BOOK_PATH:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(self.book)))
            self.end_headers()
            self.wfile.write(self.book)
            return
        super().do_GET()


def _serve(folder: Path, book: str):
    handler = functools.partial(type("H", (_Handler,), {"book": book.encode("utf-8")}),
                                directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def _footer(title: str) -> str:
    return ('<div style="font-size:8px;width:100%;text-align:center;color:#555;'
            'font-family:sans-serif">' + htmllib.escape(title)
            + ' &middot; <span class="pageNumber"></span></div>')


def _quiet_pypdf() -> None:
    """Chromium's PDFs make pypdf warn about their trailer size; the files read fine."""
    import logging

    logging.getLogger("pypdf").setLevel(logging.ERROR)


def heading_pages(pdf: Path, anchors: set[str]) -> dict[str, tuple[int, float]]:
    """(0-based page, y) of every anchor, from the named destinations Chromium writes."""
    from pypdf import PdfReader

    reader = PdfReader(str(pdf))
    found: dict[str, tuple[int, float]] = {}
    for name, dest in reader.named_destinations.items():
        key = unquote(str(name)).lstrip("/")
        if key in anchors:
            top = dest.top if dest.top is not None else 0
            page = reader.get_destination_page_number(dest)
            if page is not None:
                found[key] = (page, float(top))
    return found


def print_book(html: Path, out: Path, *, solutions: bool = False, log=print) -> int:
    """Print the site in ``html`` as one book at ``out``; returns its number of pages."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright
    from pypdf import PdfReader

    start = time.monotonic()
    _quiet_pypdf()
    html, out = Path(html).resolve(), Path(out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    doc, headings = compose(html, solutions=solutions)
    title = plain(_site_title(html))
    anchors = [h.anchor for h in headings]
    exe = shutil.which("chromium")
    if not exe:
        raise SystemExit("Debian's chromium is not installed (make chromium)")
    httpd, base = _serve(html, doc)
    draft = out.with_suffix(".draft.pdf")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS)
            tab = browser.new_page(viewport={"width": COLUMN_PX, "height": 1400})

            def route(r):
                if urlsplit(r.request.url).hostname == "127.0.0.1" or r.request.url.startswith("data:"):
                    r.continue_()
                else:
                    r.abort()

            tab.route("**/*", route)
            tab.goto(base + BOOK_PATH, wait_until="load", timeout=300_000)
            try:
                tab.wait_for_load_state("networkidle", timeout=60_000)
            except PlaywrightTimeout:
                pass
            tab.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise",
                                  timeout=300_000)
            tab.evaluate("() => MathJax.startup.promise")
            log(f"  {len(headings)} headings, loaded and typeset in {time.monotonic() - start:.0f} s")
            tab.emulate_media(media="print")
            tab.wait_for_timeout(300)
            # paper does not scroll: shrink what is wider than the column to fit it
            tab.evaluate("""() => {
                const art = document.querySelector('article.bd-article');
                const width = art.clientWidth;
                for (const el of art.querySelectorAll('table, div.math mjx-container, pre')) {
                    for (let i = 0; i < 4 && el.scrollWidth > width + 1; i++) {
                        const f = Math.max(0.5, width / el.scrollWidth);
                        const size = parseFloat(getComputedStyle(el).fontSize);
                        el.style.fontSize = (size * f * 0.98) + 'px';
                    }
                }
                // a table longer than most of a sheet breaks between its rows instead of
                // leaving a sheet blank (an A4 printed area is about 990 px high)
                for (const el of art.querySelectorAll('table, .pst-scrollable-table-container')) {
                    if (el.offsetHeight > 700) el.style.breakInside = 'auto';
                }
            }""")
            opts: dict[str, Any] = dict(format="A4", print_background=True, margin=MARGIN,
                        display_header_footer=True, header_template="<span></span>",
                        footer_template=_footer(title))
            entries = set(re.findall(r'class="ix-page" data-anchor="([^"]+)"', doc))
            numbers: dict[str, tuple[int, float]] = {}
            for attempt in range(3):
                tab.pdf(path=str(draft), **opts)
                found = heading_pages(draft, set(anchors) | entries)
                missing = [a for a in anchors if a not in found]
                if missing:
                    raise RuntimeError(f"no destination in the PDF for {missing[:5]}")
                if found == numbers:
                    break
                numbers = found
                # an index entry whose anchor shares its position with another has no
                # destination of its own: its page is left blank (the link still works)
                tab.evaluate("""(pages) => {
                    for (const el of document.querySelectorAll('.toc-page, .ix-page')) {
                        const n = pages[el.dataset.anchor];
                        el.textContent = n === undefined ? '' : String(n + 1);
                    }
                }""", {a: n for a, (n, _) in numbers.items()})
                log(f"  {len(entries & set(numbers))} of {len(entries)} index entries with a page")
                log(f"  print {attempt + 1}: {len(PdfReader(str(draft)).pages)} pages,"
                    f" {time.monotonic() - start:.0f} s")
            else:
                raise RuntimeError("the page numbers of the contents did not settle")
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    pages = _finish(draft, out, headings, numbers, title, solutions)
    draft.unlink()
    return pages


def _finish(draft: Path, out: Path, headings: list[Heading], numbers, title: str,
            solutions: bool) -> int:
    """Bookmarks (chapters > sections > subsections) and metadata."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import Fit

    writer = PdfWriter(clone_from=PdfReader(str(draft)))
    parents: dict[int, Any] = {}
    for h in headings:
        page, top = numbers[h.anchor]
        parent = parents.get(h.level - 1) if h.level > 1 else None
        item = writer.add_outline_item(title=h.title, page_number=page, parent=parent,
                                       fit=Fit.xyz(top=top))
        parents[h.level] = item
        for deeper in range(h.level + 1, 4):
            parents.pop(deeper, None)
    writer.page_mode = "/UseOutlines"
    writer.add_metadata({
        "/Title": title,
        "/Author": "The imbalance-book authors",
        "/Subject": SUBTITLE + f" (edition {edition()}, {book_date()})",
    })
    with open(out, "wb") as fh:
        writer.write(fh)
    return len(writer.pages)
