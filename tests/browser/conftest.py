"""The browser tests: one Chromium per module, with the flags of the printed book."""

import pytest

from imbalance_lib.book.editions.chromium import CHROMIUM_FLAGS, executable


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, offline (the pages load from a local server only)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable(), args=CHROMIUM_FLAGS)
        yield b
        b.close()
