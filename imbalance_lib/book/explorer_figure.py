"""The printed book's figure of the metric explorer: a headless-Chromium picture of the built
page in its starting state.

Run after ``make site``: ``python -m imbalance_lib.book.explorer_figure`` (or ``make
explorer-figure``) opens ``_build/html/chapters/explorer.html`` from file:// at 1100 px (twice
the pixels), waits for the explorer, checks that it shows the starting state named in
:data:`START` (the state the figure's caption describes) and writes ``chapters/explorer.png``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from .editions.chromium import CHROMIUM_FLAGS, executable

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "_build" / "html" / "chapters" / "explorer.html"
OUT = ROOT / "chapters" / "explorer.png"
SCRIPT = ROOT / "_static" / "explorer" / "explorer.js"
#: the explorer's starting state (explorer.js ``state``), shown by the figure
START = {"n": 1000, "pi": 0.1, "d": 1.5, "t": 1.3}


def script_start(text: str | None = None) -> dict[str, float]:
    """The starting values of n, pi, d and t written in explorer.js."""
    text = SCRIPT.read_text(encoding="utf-8") if text is None else text
    found = re.search(r"var state = \{[^}]*\}", text)
    if found is None:
        raise ValueError("explorer.js has no state object")
    return {k: float(v) for k, v in re.findall(r"\b(n|pi|d|t): ([0-9.]+)", found.group(0))}


def draw(page_path: Path = PAGE, out: Path = OUT) -> Path:
    from playwright.sync_api import sync_playwright

    if not page_path.exists():
        raise FileNotFoundError(f"{page_path} is missing: run make site first")
    if script_start() != {k: float(v) for k, v in START.items()}:
        raise ValueError("explorer.js starts elsewhere than START: update START and the caption")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable(), args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900}, device_scale_factor=2)
        page.goto(page_path.as_uri())
        page.wait_for_selector("#imbalance-explorer[data-ready='true']")
        for key, value in (("ie-d", START["d"]), ("ie-t", START["t"]), ("ie-pi", START["pi"])):
            if float(page.input_value(f"#{key}")) != value:
                raise ValueError(f"the page did not open at {key} = {value}")
        # the site's sticky header and skip link would be drawn over the element
        page.add_style_tag(content=".bd-header, .skip-link, .bd-header-announcement, .bd-header-article"
                                   " { display: none !important; }")
        # the inputs, the curves, the table and the first surface (the three-class panels
        # below them would shrink the printed figure past reading)
        root = page.locator("#imbalance-explorer").bounding_box()
        surface = page.locator("#imbalance-explorer .ie-surface").first.bounding_box()
        assert root is not None and surface is not None
        page.screenshot(path=str(out), full_page=True, clip={
            "x": root["x"], "y": root["y"], "width": root["width"],
            "height": surface["y"] + surface["height"] - root["y"]})
        browser.close()
    return out


if __name__ == "__main__":
    print(draw(*(Path(a) for a in sys.argv[1:3])))
