"""The version of imbalance_lib, in one place (pyproject.toml reads it from here)."""

__version__ = "0.4.0"
