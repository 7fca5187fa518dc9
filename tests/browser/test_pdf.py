"""The PDFs of ``make pdf``: every chapter is there, math typeset, nothing raw leaked."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
PDFS = {
    "answer key": Path(os.environ.get("BOOK_PDF", "_build/pdf/book.pdf")),
    "student": Path(os.environ.get("STUDENT_PDF", "_build/pdf/book-student.pdf")),
}
# Source text that must never reach a reader: raw LaTeX, MyST roles and directives.
RAW = [r"\frac", "$$", r"\begin{", r"\mathrm", "{prf:ref}", ":::{", "{glue:", "{term}",
       "{cite", "{numref}", "{eq}`", "```{"]


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


@pytest.fixture(scope="module", params=list(PDFS))
def pdf(request):
    path = PDFS[request.param]
    if not path.is_file():
        pytest.skip(f"no PDF at {path}: run make pdf")
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    pages = [page.extract_text() or "" for page in reader.pages]
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
    images = sum(len(page.images) for page in reader.pages)
    assert images >= 10, f"{edition} PDF holds only {images} images"
    # MathJax's CHTML output prints as text in its own fonts: Greek letters and
    # operators are there as characters, not as TeX commands
    text = " ".join(pages)
    assert "π" in text and "α" in text


def test_student_pdf_has_no_solutions():
    path = PDFS["student"]
    if not path.is_file():
        pytest.skip(f"no PDF at {path}: run make pdf")
    from pypdf import PdfReader

    text = " ".join(p.extract_text() or "" for p in PdfReader(str(path)).pages)
    assert "Solution to" not in text
    assert "Exercise" in text
