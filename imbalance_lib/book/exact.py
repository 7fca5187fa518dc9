"""Exact arithmetic for the hand computations of the prose.

A worked solution's fraction (``77/150``) is a finding like any other: a chapter
computes it with :class:`fractions.Fraction`, glues :func:`fraction_text`, and a claim
reads it back with :func:`fraction_of` to set it against the library's float
(:func:`agrees`). :func:`exact_terms` gives the per-class quantities of a small integer
confusion matrix (rows true classes, columns predictions) as fractions.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["ExactTerms", "agrees", "exact_terms", "fraction_of", "fraction_text"]


def fraction_text(value: Any) -> str:
    """An exact fraction as the prose writes it, in lowest terms (a minus sign for "-").

    >>> fraction_text(Fraction(7, 10) * Fraction(1, 2) / Fraction(750, 1100))
    '77/150'
    >>> fraction_text(Fraction(-800_000, 1_160_000)), fraction_text(Fraction(4, 2))
    ('−20/29', '2')
    """
    if not isinstance(value, numbers.Rational) or isinstance(value, bool):
        raise TypeError(f"fraction_text wants an exact rational, got {type(value).__name__}")
    return str(Fraction(value)).replace("-", "−")


def fraction_of(text: str) -> Fraction:
    """The fraction a glued text stands for (the inverse of :func:`fraction_text`).

    >>> fraction_of("−20/29") == Fraction(-20, 29)
    True
    """
    return Fraction(text.replace("−", "-"))


def agrees(texts: Sequence[str], values: Sequence[float], tol: float = 1e-12) -> bool:
    """Whether each glued fraction equals the float beside it (the library's value).

    >>> agrees(["3/14", "7/10"], [3 / 14, 0.7]), agrees(["3/14"], [0.2143])
    (True, False)
    """
    return len(texts) == len(values) and all(
        abs(float(fraction_of(t)) - v) <= tol for t, v in zip(texts, values))


@dataclass(frozen=True)
class ExactTerms:
    """Per class of an integer confusion matrix, exactly (``None`` where 0/0)."""

    precision: list[Fraction | None]
    recall: list[Fraction | None]
    f1: list[Fraction | None]
    iam: list[Fraction | None]  # (c_ii - max(row errors, column errors)) / m_i
    cba: list[Fraction | None]  # c_ii / m_i, m_i = max(row total, column total)
    accuracy: Fraction


def _ratio(a: int, b: int) -> Fraction | None:
    return Fraction(a, b) if b else None


def exact_terms(C: Any) -> ExactTerms:
    """The per-class terms of the integer matrix ``C`` as fractions.

    >>> t = exact_terms([[5, 1], [2, 2]])
    >>> [fraction_text(x) for x in t.iam + t.cba], fraction_text(t.accuracy)
    (['3/7', '0', '5/7', '1/2'], '7/10')
    """
    rows = [[int(v) for v in row] for row in C]
    k = len(rows)
    if k == 0 or any(len(r) != k for r in rows) or any(v < 0 for r in rows for v in r):
        raise ValueError("exact_terms wants a square matrix of non-negative integers")
    diag = [rows[i][i] for i in range(k)]
    row_t = [sum(r) for r in rows]
    col_t = [sum(r[i] for r in rows) for i in range(k)]
    m = [max(a, b) for a, b in zip(row_t, col_t)]
    return ExactTerms(
        precision=[_ratio(d, c) for d, c in zip(diag, col_t)],
        recall=[_ratio(d, r) for d, r in zip(diag, row_t)],
        f1=[_ratio(2 * d, r + c) for d, r, c in zip(diag, row_t, col_t)],
        iam=[_ratio(d - max(r - d, c - d), mi) for d, r, c, mi in zip(diag, row_t, col_t, m)],
        cba=[_ratio(d, mi) for d, mi in zip(diag, m)],
        accuracy=Fraction(sum(diag), sum(row_t)))
