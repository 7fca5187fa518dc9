"""Debian's Chromium for the browser tests and the printed book: one set of flags."""

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
