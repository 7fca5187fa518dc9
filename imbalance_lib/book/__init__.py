"""What only the book uses: published tables, data loaders, experiment runners,
published-vs-recomputed tables, selection rules and shared page helpers; the site's Sphinx
extensions (``sphinx``) and the tools that build the other editions (``editions``: the
student edition, the source archive, the PDFs).

The library (``imbalance_lib`` outside this subpackage) never imports it, and the
installable package (``pip install .``) leaves it out.
"""
