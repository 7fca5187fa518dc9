"""The Sphinx extensions of the book's site, loaded by name from ``_config.yml``
(``sphinx.extra_extensions``): the readable list of theorems (``index``), every script
(``scripts``) and every element id (``ids``) once per page, numbered output tables and
their colours in either theme (``outputs``), the author-year bibliography labels
(``bibliography``), search snippets without LaTeX (``search``) and the edition in every
footer (``edition``). They act on the built pages only, never on the notebooks; neither
the chapters nor the library (``imbalance_lib`` outside ``imbalance_lib.book``) import them.
"""
