"""The PDFs of ``make pdf``: a printed book, not printed web pages.

Every chapter is there, math typeset, nothing raw leaked; a title page (title, edition, date,
licence); a table of contents whose page numbers are the pages the headings are on; one
continuous page numbering; no link to the local server the book was printed from; the index
and the list of theorems; no label that only a screen needs; no image split across pages;
bookmarks for the chapters and their sections, nested; plain-text metadata.
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from imbalance_lib.book.editions import printbook

ROOT = Path(__file__).resolve().parents[2]
PDFS = {
    "answer key": Path(os.environ.get("BOOK_PDF", "_build/pdf/book.pdf")),
    "student": Path(os.environ.get("STUDENT_PDF", "_build/pdf/book-student.pdf")),
}
# Source text that must never reach a reader: raw LaTeX, MyST roles and directives.
RAW = [r"\frac", "$$", r"\begin{", r"\mathrm", "{prf:ref}", ":::{", "{glue:", "{term}",
       "{cite", "{numref}", "{eq}`", "```{"]


def _numbered_chapters():
    """How many chapters the table of contents numbers (its parts with ``numbered: true``)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return sum(len(part["chapters"]) for part in toc.get("parts", []) if part.get("numbered"))


def _toc_titles():
    """The first heading of every page in the table of contents, in order."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]] + [c["file"] for part in toc.get("parts", []) for c in part["chapters"]]
    titles = []
    for f in files:
        p = ROOT / f
        if p.with_suffix(".md").is_file():
            text = p.with_suffix(".md").read_text(encoding="utf-8")
        else:
            import json

            nb = json.loads(p.with_suffix(".ipynb").read_text(encoding="utf-8"))
            text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        m = re.search(r"^# (.+)$", text, re.M)
        titles.append((f, m.group(1).strip() if m else None))
    return titles


@functools.cache
def _read(edition):
    """The PDF of an edition and the text of its pages (read once: text extraction is slow)."""
    path = PDFS[edition]
    if not path.is_file():
        pytest.skip(f"no PDF at {path}: run make pdf")
    import logging

    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # Chromium's trailer size: harmless
    reader = PdfReader(str(path))
    return reader, [page.extract_text() or "" for page in reader.pages]


@functools.cache
def _draws(edition):
    """(page, image, x0, y0, x1, y1) of every image drawn in the edition's PDF."""
    reader, _ = _read(edition)
    return [(n, *draw) for n, page in enumerate(reader.pages, 1) for draw in _image_draws(page)]


@pytest.fixture(scope="module", params=list(PDFS))
def pdf(request):
    reader, pages = _read(request.param)
    return request.param, reader, pages


def _norm(text):
    """NFKC (the PDF's ligatures, such as "fi", become letters) and single spaces."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text))


def _code_sources():
    """Every code cell a reader sees, without whitespace: raw text there is code, not a leak."""
    import json

    out = []
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for c in nb["cells"]:
            tags = set(c.get("metadata", {}).get("tags", []))
            if c["cell_type"] == "code" and not tags & {"remove-input", "remove-cell"}:
                out.append(re.sub(r"\s+", "", "".join(c["source"])))
    return "\n".join(out)


def test_every_chapter_is_there(pdf):
    edition, reader, pages = pdf
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    text = _norm(" ".join(pages))
    outline = [_norm(o) for o in outline]
    missing = []
    for f, title in _toc_titles():
        assert title, f"{f} has no title"
        plain = re.sub(r"[`*$\\]", "", title)
        if not any(plain in o for o in outline) or _norm(plain) not in text:
            missing.append(f"{f}: {plain}")
    assert not missing, f"{edition} PDF lacks: {missing}"


def test_nothing_raw_leaked(pdf):
    edition, _, pages = pdf
    code = _code_sources()
    leaks = []
    for n, page in enumerate(pages, 1):
        for raw in RAW:
            for m in re.finditer(re.escape(raw), page):
                i = m.start()
                # shown as code (a visible code cell prints it): not a rendering leak
                around = re.sub(r"\s+", "", page[i:i + 30])
                if len(around) > len(raw) + 3 and around in code:
                    continue
                leaks.append(f"page {n}: {raw!r} in ...{_norm(page[max(0, i - 40):i + 40])}...")
    assert not leaks, f"{edition} PDF:\n  " + "\n  ".join(leaks[:30])


def test_math_is_typeset_and_figures_are_in(pdf):
    edition, reader, pages = pdf
    images = len({name for _, name, *_ in _draws(edition)})
    assert images >= 10, f"{edition} PDF holds only {images} images"
    # MathJax's CHTML output prints as text in its own fonts: Greek letters and
    # operators are there as characters, not as TeX commands
    text = " ".join(pages)
    assert "π" in text and "α" in text


def test_student_pdf_has_no_solutions():
    text = " ".join(_read("student")[1])
    assert "Solution to" not in text
    assert "Exercise" in text


# ---------------------------------------------------------------------------------------
# A book, not printed web pages
# ---------------------------------------------------------------------------------------

# What only a screen needs: fold labels, copy buttons, the theme's navigation and footer
WEB_ONLY = ["Show code cell", "Hide code cell", "Click to show", "Click to hide",
            "Copy to clipboard", "Skip to main content", "Back to top", "Ctrl+K",
            "Toggle navigation", "Download source file", "Download notebook", "Print to PDF",
            "Launch Binder", "Open issue", "By The imbalance-book authors", "© Copyright",
            "Toggle hidden content", "previous page", "next page"]


def _outline(reader):
    """(depth, title, 0-based page) of every bookmark, in order."""
    out = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                out.append((depth, item.title, reader.get_destination_page_number(item)))

    walk(reader.outline, 0)
    return out


def _key(text):
    """Letters and digits only: a heading as the PDF's text gives it, ligatures and all."""
    return re.sub(r"[^0-9a-z]", "", unicodedata.normalize("NFKC", text).lower())


def _footer_number(page_text):
    m = re.search(r"·\s*(\d+)\s*$", page_text.strip())
    return int(m.group(1)) if m else None


def test_title_page(pdf):
    edition, reader, pages = pdf
    first = _norm(pages[0])
    title = "Evaluating classifiers on imbalanced data"
    version, date = printbook.edition(), printbook.book_date()
    for needed in (title, f"Edition {version}", date, "CC BY 4.0", "MIT"):
        assert _norm(needed) in first, f"{edition} PDF: {needed!r} is not on the title page: {first[:300]}"
    assert re.fullmatch(r"\d{1,2} [A-Z][a-z]+ \d{4}", date), date
    assert ("Student edition" in first) == (edition == "student")


def test_metadata_is_plain_text(pdf):
    edition, reader, _ = pdf
    title = reader.metadata.title
    assert title and "&#" not in title and "&amp;" not in title and "<" not in title, title
    assert title.startswith("Evaluating classifiers on imbalanced data")


def test_bookmarks_are_chapters_and_sections_nested(pdf):
    edition, reader, _ = pdf
    items = _outline(reader)
    chapters = [(d, t, p) for d, t, p in items if d == 0 and re.match(r"\d+\. ", t)]
    expected = [str(n) for n in range(1, _numbered_chapters() + 1)]
    assert [t.split(".")[0] for _, t, _ in chapters] == expected, chapters
    for i, (depth, title, page) in enumerate(items):
        if depth == 0 and re.match(r"\d+\. ", title):
            number = title.split(".")[0]
            sections = []
            for d, t, p in items[i + 1:]:
                if d == 0:
                    break
                sections.append((d, t, p))
            level1 = [t for d, t, _ in sections if d == 1]
            assert len(level1) >= 3, f"{edition}: chapter {title!r} has bookmarks {level1}"
            assert all(t.startswith(f"{number}.") for t in level1), level1
            assert all(p >= page for _, _, p in sections), f"{title}: a section before its chapter"
    assert any(d == 2 for d, _, _ in items), "no subsection bookmark"
    titles = [t for _, t, _ in items]
    assert "Index" in titles and "Theorems, definitions and other statements" in titles


def test_contents_page_numbers_are_right(pdf):
    """Every chapter and section in the contents, with the number of the page it is on."""
    edition, reader, pages = pdf
    front = [i for i, t in enumerate(pages[:6]) if "Contents" in t]
    assert front, f"{edition}: no contents page"
    chapter_start = min(p for d, t, p in _outline(reader) if d == 0 and p is not None)
    contents = _key(" ".join(pages[front[0]:chapter_start]))
    entries = [(t, p) for d, t, p in _outline(reader) if d <= 1]
    wrong = []
    for title, page in entries:
        if page is None:
            wrong.append(f"bookmark {title!r} points to no page")
            continue
        # the contents print the title followed by its page number (1-based, as printed)
        if _key(title) + str(page + 1) not in contents:
            wrong.append(f"contents: {title!r} not followed by {page + 1}")
        # and the heading is on that page, whose footer says that number
        if _key(title) not in _key(pages[page]):
            wrong.append(f"page {page + 1}: no heading {title!r}")
        if _footer_number(pages[page]) != page + 1:
            wrong.append(f"page {page + 1}: footer says {_footer_number(pages[page])}")
    numbered = {t.split(".")[0] for t, _ in entries if re.match(r"\d+\.\d+\. ", t)}
    expected = {str(n) for n in range(1, _numbered_chapters() + 1)}
    assert numbered == expected, f"sections of chapters {sorted(numbered)}"
    assert len(entries) > 80 and not wrong, f"{edition} PDF:\n  " + "\n  ".join(wrong[:20])


def test_page_numbers_are_continuous(pdf):
    edition, reader, pages = pdf
    off = [(k, _footer_number(text)) for k, text in enumerate(pages, 1) if _footer_number(text) != k]
    assert not off, f"{edition} PDF: printed page numbers that are not the page's: {off[:10]}"


def test_no_link_to_the_local_server(pdf):
    edition, reader, _ = pdf
    names = set(reader.named_destinations)
    local, internal, broken = [], 0, []
    for n, page in enumerate(reader.pages, 1):
        for annot in page.get("/Annots") or []:
            a = annot.get_object()
            if a.get("/Subtype") != "/Link":
                continue
            uri = (a.get("/A") or {}).get("/URI")
            if uri is not None:
                if re.search(r"127\.0\.0\.1|localhost|file:", str(uri)):
                    local.append(f"page {n}: {uri}")
                continue
            dest = a.get("/Dest")
            if dest is None and a.get("/A") is not None:
                dest = a["/A"].get("/D")
            internal += 1
            if isinstance(dest, str) and dest not in names:
                broken.append(f"page {n}: {dest}")
    assert not local, f"{edition} PDF links to the print server: {local[:10]} ({len(local)} in all)"
    assert not broken, f"{edition} PDF links to missing destinations: {broken[:10]}"
    assert internal > 500, f"{edition} PDF has only {internal} links inside the document"


def test_index_and_theorem_list_are_printed(pdf):
    edition, reader, pages = pdf
    items = {t: p for _, t, p in _outline(reader)}
    index = " ".join(pages[items["Index"]:items["Theorems, definitions and other statements"]])
    assert "accuracy() (in module imbalance_lib)" in _norm(index)
    assert "AC-score" in index
    theorems = _norm(" ".join(pages[items["Theorems, definitions and other statements"]:]))
    # every statement with the page it is on, as a printed index gives it
    listed = re.findall(r"((?:Theorem|Proposition|Lemma|Corollary|Definition) \d\.\d+) \([^)]*\) (\d+)",
                        theorems)
    assert len(listed) >= 40, f"{edition}: {len(listed)} statements with a page in the list"
    wrong = [(name, page) for name, page in listed
             if name not in _norm(pages[int(page) - 1])]
    assert not wrong, f"{edition}: statements not on the page the list gives: {wrong[:10]}"
    assert "Theorem 1.1 (Accuracy is a prevalence-weighted mean of the class rates)" in theorems


def test_no_web_only_labels(pdf):
    edition, _, pages = pdf
    found = [f"page {n}: {label!r}" for n, text in enumerate(pages, 1)
             for label in WEB_ONLY if label in _norm(text)]
    assert not found, f"{edition} PDF holds screen-only labels: {found[:20]}"


def _image_draws(page):
    """(name, x0, y0, x1, y1) of every image drawn on the page, Form XObjects followed."""
    from pypdf.generic import ContentStream

    def mul(m, n):
        a, b, c, d, e, f = m
        a2, b2, c2, d2, e2, f2 = n
        return [a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
                e * a2 + f * c2 + e2, e * b2 + f * d2 + f2]

    out = []

    def run(stream_obj, resources, ctm, depth):
        if depth > 8:
            return
        xobjects = (resources or {}).get("/XObject") or {}
        stack = []
        for operands, op in ContentStream(stream_obj, page.pdf).operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q" and stack:
                ctm = stack.pop()
            elif op == b"cm":
                ctm = mul([float(v) for v in operands], ctm)
            elif op == b"Do":
                name = operands[0]
                if name not in xobjects:
                    continue
                xo = xobjects[name].get_object()
                if xo.get("/Subtype") == "/Image":
                    pts = [(x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5])
                           for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
                    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                    out.append((xobjects[name].idnum if hasattr(xobjects[name], "idnum") else name,
                                min(xs), min(ys), max(xs), max(ys)))
                elif xo.get("/Subtype") == "/Form":
                    m = [float(v) for v in xo.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                    run(xo, xo.get("/Resources") or resources, mul(m, ctm), depth + 1)

    contents = page.get_contents()
    # a page without XObjects draws no image: its (long) content stream need not be parsed
    if contents is not None and (page.get("/Resources") or {}).get("/XObject"):
        run(contents, page.get("/Resources").get_object(), [1, 0, 0, 1, 0, 0], 0)
    return out


def test_no_image_split_across_pages(pdf):
    """Every image is drawn whole on one page, inside the printed area (not cut by its edge)."""
    edition, reader, _ = pdf
    mm = 72 / 25.4
    top_margin, bottom_margin = 16 * mm, 18 * mm
    cut, pages_of = [], {}
    count = 0
    for n, name, x0, y0, x1, y1 in _draws(edition):
        height = float(reader.pages[n - 1].mediabox.height)
        if y1 - y0 < 8:  # rules and bullets, not figures
            continue
        count += 1
        pages_of.setdefault(name, set()).add(n)
        if y0 < bottom_margin - 2 or y1 > height - top_margin + 2:
            cut.append(f"page {n}: image from y={y0:.0f} to {y1:.0f} (printed area "
                       f"{bottom_margin:.0f}-{height - top_margin:.0f})")
    split = {k: sorted(v) for k, v in pages_of.items() if len(v) > 1}
    assert count >= 10, f"{edition} PDF: only {count} images found"
    assert not cut, f"{edition} PDF: {len(cut)} images cut by a page edge: {cut[:10]}"
    assert not split, f"{edition} PDF: images drawn on more than one page: {list(split.items())[:10]}"


HTML = {"answer key": ROOT / "_build/html", "student": ROOT / "_build/student/_build/html"}


def _captions(edition):
    """(number, first words) of every numbered figure caption of the edition's site."""
    out = []
    for path in sorted((HTML[edition] / "chapters").rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        for number, text in re.findall(
                r'<span class="caption-number">Fig\. (\d+\.\d+) </span>'
                r'<span class="caption-text">(.*?)</span>', html, flags=re.S):
            words = _norm(re.sub(r"<[^>]+>", "", text)).split()[:4]
            out.append((number, " ".join(words)))
    return out


def test_every_caption_is_on_its_figures_page(pdf):
    """A figure's caption is printed on the page that draws the figure, not on the next."""
    edition, _, pages = pdf
    if not HTML[edition].is_dir():
        pytest.skip(f"no site at {HTML[edition]}: run make site and make student")
    drawn = {n for n, _, x0, y0, x1, y1 in _draws(edition) if y1 - y0 >= 8}
    text = [_norm(p) for p in pages]
    captions, alone = _captions(edition), []
    for number, words in captions:
        where = [n for n, t in enumerate(text, 1) if f"Fig. {number} {words}" in t]
        if where and not any(n in drawn for n in where):
            alone.append(f"Fig. {number} on page {where[0]}")
    assert len(captions) >= 10, f"{edition}: only {len(captions)} figure captions found"
    assert not alone, f"{edition} PDF: captions away from their figure: {alone}"
