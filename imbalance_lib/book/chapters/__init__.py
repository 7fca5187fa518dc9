"""One module per chapter: its experiments, tables, figures, findings and claims.

A chapter module returns what the chapter's prose states as data (its
``findings``) and lists the statements of the prose that rest on them as
:class:`imbalance_lib.book.claims.Claim` objects; the notebook glues the
findings and checks the claims, and ``tests/`` asserts the same claims.
"""
