"""Shared test settings."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "book", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow]
)
# A longer search for local use: HYPOTHESIS_PROFILE=thorough make test-lib
settings.register_profile(
    "thorough", deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "book"))
