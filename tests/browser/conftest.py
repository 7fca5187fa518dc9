"""The browser tests: the site tooling (editions.py) importable, one Chromium per module."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


import pytest  # noqa: E402
from chromium import CHROMIUM_FLAGS, executable  # noqa: E402


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, offline (the pages load from a local server only)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable(), args=CHROMIUM_FLAGS)
        yield b
        b.close()
