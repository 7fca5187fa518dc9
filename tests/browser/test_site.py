"""Every page of the built site, opened in headless Chromium.

Run after the book is built (``make test`` does both). The site is served on
127.0.0.1 at a free port; every request to any other host is blocked and
reported. Full-page screenshots are written for humans to look at.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

HTML = Path(os.environ.get("BOOK_HTML", "_build/html")).resolve()
SHOTS = Path(os.environ.get("SCREENSHOTS", "_build/screenshots")).resolve()
# The one upstream page error sphinx-thebe is known to cause; allowed by its exact text.
ALLOWED_ERRORS = {"Identifier 'THEBE_JS_URL' has already been declared"}
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]


def _pages():
    if not HTML.is_dir():
        return []
    return sorted(
        str(p.relative_to(HTML)) for p in HTML.rglob("*.html")
        if not any(part.startswith(("_", ".")) or part == "mathjax"
                   for part in p.relative_to(HTML).parts[:-1])
    )


PAGES = _pages()


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


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    exe = shutil.which("chromium")
    assert exe, "Debian's chromium is not installed (make chromium)"
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS)
        yield b
        b.close()


def _internal_target(page_url: str, href: str, base: str):
    url = urljoin(page_url, href)
    parts = urlsplit(url)
    if not url.startswith(base):
        return None
    path = unquote(parts.path[len(urlsplit(base).path):]) or "index.html"
    return path, parts.fragment


@pytest.mark.parametrize("page", PAGES)
def test_page(page, server, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
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
    url = server + page
    tab.goto(url, wait_until="load")
    tab.wait_for_load_state("networkidle")
    has_math = tab.locator(".math").count() > 0
    if has_math:
        tab.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        tab.evaluate("() => MathJax.startup.promise")
    tab.screenshot(path=str(SHOTS / (page.replace("/", "__")[:-5] + ".png")), full_page=True)

    if has_math:
        assert tab.locator("mjx-container").count() > 0, "math on the page was not typeset"
        merrors = tab.locator("mjx-merror").all_text_contents()
        assert not merrors, f"MathJax errors: {merrors[:5]}"
    broken = tab.evaluate(
        "() => Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0))"
        ".map(i => i.getAttribute('src'))"
    )
    assert not broken, f"images that did not load: {broken}"
    as_text = tab.locator("text=/^<Figure size/").count()
    assert not as_text, f"{as_text} figure(s) shown as text instead of an image"
    assert not foreign, f"requests to other hosts: {foreign[:5]}"
    assert not failed, f"failed requests: {failed[:5]}"
    assert not [e for e in errors if not any(a in e for a in ALLOWED_ERRORS)], f"console errors: {errors}"

    dead = []
    for href in tab.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))"):
        target = _internal_target(tab.url, href, server)
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
    ctx.close()
