"""The book's other editions: the student site (no solutions) and the PDFs.

Run through the Makefile (``make student``, ``make pdf``); by hand::

    python tests/browser/editions.py student-source _build/student
    python tests/browser/editions.py pdf _build/html _build/pdf/book.pdf [--solutions]

Student edition
    Every chapter notebook is copied with everything from a ``solution-start``
    directive to its ``solution-end`` removed: the markdown of the solution,
    and every code cell in between with its outputs. A plain ``{solution}``
    block is removed too. The exercises stay. sphinx-exercise's own
    ``hide_solutions`` cannot do this (it crashes on gated solutions and would
    keep the code cells).

PDF
    Debian's Chromium, driven by playwright (as in the browser tests), prints
    every page of a built site in the order of the table of contents, after
    MathJax has typeset it; pypdf merges the pages into one file with one
    bookmark per page. Offline: the site is served on 127.0.0.1 and every
    other request is refused.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

from imbalance_lib.book.answers import add_checks

ROOT = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------------------------------
# Student edition
# ---------------------------------------------------------------------------------------

_OPEN = re.compile(r"^\s*(?P<fence>`{3,}|:{3,})\{(?P<name>solution-start|solution-end|solution)\}")


def _closes(line: str, fence: str) -> bool:
    """A line that closes a directive opened with ``fence`` (same character, at least as long)."""
    s = line.strip()
    return len(s) >= len(fence) and set(s) == {fence[0]}


class UnbalancedSolution(ValueError):
    """A solution-start without its solution-end, or the reverse."""


def strip_solutions(cells: list[dict]) -> tuple[list[dict], int]:
    """The cells without any solution content, and the number of solutions removed.

    ``cells`` are notebook cells (dicts as in the ``.ipynb`` JSON). Markdown
    before a ``solution-start`` and after a ``solution-end`` in the same cell
    is kept; cells left empty are dropped.

    Examples
    --------
    >>> md = lambda s: {"cell_type": "markdown", "metadata": {}, "source": s}
    >>> code = {"cell_type": "code", "metadata": {}, "source": "x = 1", "outputs": []}
    >>> cells = [md(":::{exercise}\\n:label: e\\nQ?\\n:::\\n\\n:::{solution-start} e\\n"
    ...             ":class: dropdown\\n:::\\nA."), code,
    ...          md(":::{solution-end}\\n:::\\n\\nAfter.")]
    >>> kept, n = strip_solutions(cells)
    >>> n, [c["source"] for c in kept]
    (1, [':::{exercise}\\n:label: e\\nQ?\\n:::\\n\\n', '\\nAfter.'])
    """
    kept, inside, removed = [], False, 0
    for cell in cells:
        if cell["cell_type"] != "markdown":
            if not inside:
                kept.append(cell)
            continue
        source = cell["source"]
        lines = (source if isinstance(source, str) else "".join(source)).splitlines(keepends=True)
        out, i = [], 0
        while i < len(lines):
            m = _OPEN.match(lines[i])
            if not m:
                if not inside:
                    out.append(lines[i])
                i += 1
                continue
            fence, name = m["fence"], m["name"]
            # skip the directive's own lines up to its closing fence
            j = i + 1
            while j < len(lines) and not _closes(lines[j], fence):
                j += 1
            if j == len(lines) and name != "solution-start":
                raise UnbalancedSolution(f"unclosed {name} directive: {lines[i].strip()}")
            if name == "solution-start":
                if inside:
                    raise UnbalancedSolution(f"solution-start inside a solution: {lines[i].strip()}")
                inside, removed = True, removed + 1
            elif name == "solution-end":
                if not inside:
                    raise UnbalancedSolution("solution-end without a solution-start")
                inside = False
            else:  # a plain {solution} block: its body ends at the closing fence
                if not inside:
                    removed += 1
            i = j + 1
        text = "".join(out)
        if text.strip():
            new = dict(cell)
            new["source"] = text
            kept.append(new)
    if inside:
        raise UnbalancedSolution("a solution-start has no solution-end")
    return kept, removed


# The sentence of intro.md that describes the solutions, and its student-edition form.
INTRO_KEY = """in this edition each solution is folded under its exercise, and a student
edition without the solutions is built with `make student`."""
INTRO_STUDENT = """this student edition leaves the solutions out."""


def student_source(dest: Path) -> dict[str, int]:
    """Copy the book's sources to ``dest`` with every solution removed from the chapters.

    Returns the number of solutions removed per notebook.
    """
    dest = Path(dest)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in ("_toc.yml", "references.bib"):
        shutil.copy2(ROOT / name, dest / name)
    intro = (ROOT / "intro.md").read_text(encoding="utf-8")
    (dest / "intro.md").write_text(intro.replace(INTRO_KEY, INTRO_STUDENT), encoding="utf-8")
    for folder in ("_static",):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, dest / folder)
    (dest / "_mathjax").symlink_to(ROOT / "_mathjax", target_is_directory=True)
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    config = config.replace("execute_notebooks: force", 'execute_notebooks: "off"')
    config = re.sub(r"^title: (.*)$", r"title: \1 (student edition)", config, count=1, flags=re.M)
    (dest / "_config.yml").write_text(config, encoding="utf-8")
    counts = {}
    (dest / "chapters").mkdir()
    for src in sorted((ROOT / "chapters").iterdir()):
        if src.suffix == ".ipynb":
            nb = json.loads(src.read_text(encoding="utf-8"))
            nb["cells"], counts[src.name] = strip_solutions(nb["cells"])
            nb["cells"] = add_checks(nb["cells"], src.stem)  # a check cell after each exercise
            (dest / "chapters" / src.name).write_text(
                json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        elif src.is_file():
            shutil.copy2(src, dest / "chapters" / src.name)
    return counts


# ---------------------------------------------------------------------------------------
# PDF
# ---------------------------------------------------------------------------------------

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _serve(folder: Path):
    handler = functools.partial(_Quiet, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def print_pdf(html: Path, out: Path, *, solutions: bool = False, only: str | None = None) -> int:
    """Print the site in ``html`` to one PDF at ``out``; returns its number of pages.

    The pages are taken in reading order (the "next" links of the table of
    contents, from ``intro.html``). ``solutions=True`` opens every solution
    (the answer key); otherwise they stay folded to their title bar. ``only``
    prints that one page (a path relative to ``html``), to check a layout.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright
    from pypdf import PdfReader, PdfWriter

    html, out = Path(html).resolve(), Path(out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    parts = out.parent / (out.stem + "-pages")
    shutil.rmtree(parts, ignore_errors=True)
    parts.mkdir()
    httpd, base = _serve(html)
    exe = shutil.which("chromium")
    if not exe:
        raise SystemExit("Debian's chromium is not installed (make chromium)")
    printed = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS)
            # the width of the printed column (A4 less the margins), so that the layout measured
            # below is the one on paper
            tab = browser.new_page(viewport={"width": 688, "height": 1400})

            def route(r):
                if urlsplit(r.request.url).hostname == "127.0.0.1" or r.request.url.startswith("data:"):
                    r.continue_()
                else:
                    r.abort()

            tab.route("**/*", route)
            url, seen = base + (only or "intro.html"), set()
            while url and url not in seen:
                seen.add(url)
                tab.goto(url, wait_until="load", timeout=120_000)
                try:  # a busy machine can keep a request open: the page has loaded anyway
                    tab.wait_for_load_state("networkidle", timeout=30_000)
                except PlaywrightTimeout:
                    pass
                if tab.locator(".math").count():
                    tab.wait_for_function("() => window.MathJax && MathJax.startup"
                                          " && MathJax.startup.promise")
                    tab.evaluate("() => MathJax.startup.promise")
                tab.evaluate("""(open) => {
                    document.querySelectorAll('.solution').forEach(s => {
                        if (open) s.classList.remove('toggle-hidden');
                    });
                }""", solutions)
                tab.emulate_media(media="print")
                tab.wait_for_timeout(200)
                # paper does not scroll: shrink what is wider than the column to fit it
                tab.evaluate("""() => {
                    const art = document.querySelector('article.bd-article') || document.body;
                    const width = art.clientWidth;
                    for (const el of art.querySelectorAll('table, div.math mjx-container')) {
                        for (let i = 0; i < 4 && el.scrollWidth > width + 1; i++) {
                            const f = Math.max(0.5, width / el.scrollWidth);
                            const size = parseFloat(getComputedStyle(el).fontSize);
                            el.style.fontSize = (size * f * 0.98) + 'px';
                        }
                    }
                }""")
                title = tab.evaluate("() => (document.querySelector('article h1')"
                                     " || document.querySelector('h1') || {}).textContent || ''")
                title = re.sub(r"\s+", " ", title.replace("#", "")).strip()
                part = parts / f"{len(printed):02d}.pdf"
                tab.pdf(path=str(part), format="A4", print_background=True,
                        margin={"top": "16mm", "bottom": "16mm", "left": "14mm", "right": "14mm"},
                        display_header_footer=True,
                        header_template="<span></span>",
                        footer_template=('<div style="font-size:8px;width:100%;text-align:center;'
                                         'color:#555">' + _escape(title)
                                         + ' &middot; <span class="pageNumber"></span></div>'))
                printed.append((title, part))
                tab.emulate_media(media="screen")
                nxt = tab.evaluate("() => { const a = document.querySelector('a.right-next');"
                                   " return a ? a.href : null; }")
                url = nxt.split("#")[0] if nxt and not only else None
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()

    writer = PdfWriter()
    for title, part in printed:
        start = len(writer.pages)
        writer.append(str(part))
        writer.add_outline_item(title=title or part.stem, page_number=start)
    writer.add_metadata({"/Title": _book_title(html)})
    with open(out, "wb") as fh:
        writer.write(fh)
    shutil.rmtree(parts, ignore_errors=True)
    return len(PdfReader(str(out)).pages)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _book_title(html: Path) -> str:
    m = re.search(r"<title>(.*?)</title>", (html / "intro.html").read_text(encoding="utf-8"), re.S)
    return re.sub(r"\s+", " ", m.group(1)).split(" — ")[-1].strip() if m else "book"


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "student-source":
        counts = student_source(Path(argv[1]))
        for name, n in counts.items():
            print(f"{name}: {n} solution(s) removed")
        return 0
    if len(argv) >= 3 and argv[0] == "pdf":
        pages = print_pdf(Path(argv[1]), Path(argv[2]), solutions="--solutions" in argv)
        print(f"{argv[2]}: {pages} pages")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
