"""A page opened from file:// that records every error and every request leaving the disk."""

from __future__ import annotations


def open_offline(browser, url: str, width: int, height: int = 900):
    """The page at ``url`` (a file:// address) and the list of problems seen on it: page
    errors, console errors, and any request that is not a local file (aborted)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"error: {e}"))
    page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)

    def route(r):
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            problems.append(f"network: {r.request.url}")
            r.abort()
    page.route("**/*", route)
    page.goto(url)
    return page, problems
