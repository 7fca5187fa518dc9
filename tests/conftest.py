"""Shared test settings."""

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

# Hypothesis keeps its files (failing examples found by a local search, which a later
# local run tries first, and its caches) outside the checkout: never a .hypothesis folder
# beside the sources.
_HOME = Path(tempfile.gettempdir()) / "imbalance-book-hypothesis"
set_hypothesis_home_dir(_HOME)
_EXAMPLES = DirectoryBasedExampleDatabase(_HOME / "examples")
settings.register_profile(
    "book", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow],
    database=_EXAMPLES,
)
# A longer search for local use: HYPOTHESIS_PROFILE=thorough make test-lib
settings.register_profile(
    "thorough", deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow],
    database=_EXAMPLES,
)
# CI (CI=true) searches the same examples on every run, so that a red run can always
# be reproduced; local runs keep the random search, and a failure found there becomes
# an @example of its test.
settings.register_profile(
    "ci", deadline=None, max_examples=60, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
_default = "ci" if os.environ.get("CI", "").lower() == "true" else "book"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _default))


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: takes more than about 10 s (deselect with "
                            "-m 'not slow')")
    config.addinivalue_line("markers", "full: regenerates a stored result and compares it "
                            "(make test-full only; make test checks the stored result's hash)")
