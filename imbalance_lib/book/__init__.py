"""What only the book uses: published tables, data loaders, experiment runners,
published-vs-recomputed tables, selection rules and shared page helpers.

The library (``imbalance_lib`` outside this subpackage) never imports it, and the
installable package (``pip install .``) leaves it out.
"""
