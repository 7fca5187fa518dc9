"""One small package per chapter: its theory, experiments, tables, figures, findings and claims.

A chapter package returns what the chapter's prose states as typed data (its
findings, :class:`imbalance_lib.book.findings.Findings` dataclasses computed from
what the page itself ran) and lists the statements of the prose that rest on
them as :class:`imbalance_lib.book.claims.Claim` objects; the notebook glues the
findings, checks the claims and proves the stored record
(:func:`imbalance_lib.book.record.keep`), and ``tests/`` asserts the same claims
on that record. Chapters not yet converted are still one module each.
"""
