"""Debian's Chromium, one set of flags for the printed book (printbook.py) and the browser tests
(tests/browser/conftest.py)."""

from __future__ import annotations

import shutil

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]


def executable() -> str:
    """The path of ``chromium``; an assertion error that says how to install it if missing."""
    exe = shutil.which("chromium")
    assert exe, "Debian's chromium is not installed (make chromium)"
    return exe
