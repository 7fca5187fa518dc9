"""Statements of the prose as data: each claim is a sentence and a predicate on findings.

A chapter module computes its ``findings`` (a mapping of names to numbers,
counts and verdicts) and lists the sentences of its prose that rest on them as
:class:`Claim` objects. The notebook glues the findings into the text and
calls :func:`verify`; a test under ``tests/`` calls :func:`verify` on the same
findings. A result that changes then fails the notebook and the test, or
changes a glued word: it cannot leave a stale sentence behind.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Claim", "failing", "verify", "table", "chapter_claims", "cited_keys", "mc_se",
           "mc_above", "mc_below", "mc_within", "mc_near"]


@dataclass(frozen=True)
class Claim:
    """A sentence of the prose and the predicate on the findings that makes it true.

    >>> c = Claim("pick-stable", "RF-ROS wins every repetition",
    ...           lambda f: f["wins"] == f["reps"])
    >>> c.holds({"wins": 5, "reps": 5}), c.holds({"wins": 4, "reps": 5})
    (True, False)
    """

    key: str
    text: str
    predicate: Callable[[Any], bool]  # typed findings (a Findings dataclass) or a mapping

    def holds(self, findings: Any) -> bool:
        return bool(self.predicate(findings))


def failing(claims, findings: Any) -> list[str]:
    """Keys of the claims whose predicate is false on ``findings``."""
    return [c.key for c in claims if not c.holds(findings)]


def verify(claims, findings: Any) -> None:
    """Raise ``AssertionError`` naming every claim that ``findings`` no longer support.

    >>> verify([Claim("k", "two is more than one", lambda f: f["a"] > 1)], {"a": 2})
    >>> verify([Claim("k", "two is more than one", lambda f: f["a"] > 1)], {"a": 0})
    Traceback (most recent call last):
    ...
    AssertionError: claims no longer supported by the results: k (two is more than one)
    """
    bad = [c for c in claims if not c.holds(findings)]
    if bad:
        raise AssertionError("claims no longer supported by the results: "
                             + "; ".join(f"{c.key} ({c.text})" for c in bad))


def table(claims, findings: Any):
    """A DataFrame of the claims, each with whether the findings support it."""
    import pandas as pd

    return pd.DataFrame({"claim": [c.text for c in claims],
                         "supported": ["yes" if c.holds(findings) else "NO" for c in claims]},
                        index=[c.key for c in claims])


def chapter_claims(module) -> dict[str, Claim]:
    """Every claim a chapter module states, by key: each ``*CLAIMS`` list of the module
    (a dict of such lists included), a claim listed twice counted once."""
    found: dict[str, Claim] = {}
    for name in dir(module):
        if not name.endswith("CLAIMS"):
            continue
        value = getattr(module, name)
        lists = value.values() if isinstance(value, Mapping) else [value]
        for claims in lists:
            for c in claims:
                if isinstance(c, Claim):
                    found.setdefault(c.key, c)
    return found


# A claim's key stands beside its sentence in the notebook source as a MyST comment on
# the line after the paragraph (a comment line inside a paragraph would split it):
#     ... the MLP's gap is {glue:text}`iba-exp-glass-mlp-gap`.
#     % claims: exp-glass-mlp, mlp-noise
_CITE = re.compile(r"^\s*%\s*claims?:\s*(.+?)\s*$", re.MULTILINE)


def cited_keys(markdown: str) -> list[str]:
    """The claim keys cited by ``% claims: a, b`` comments in ``markdown``, in order.

    >>> cited_keys("A sentence.\\n% claims: auc-gap, range-one\\n\\nMore.\\n% claim: x")
    ['auc-gap', 'range-one', 'x']
    """
    return [k for line in _CITE.findall(markdown) for k in re.split(r"[,\s]+", line) if k]


# ------------------------------------------------------------------ Monte Carlo rates

def mc_se(rate: float, n: int) -> float:
    """The Monte Carlo standard error ``sqrt(rate (1 - rate) / n)`` of a simulated rate
    (a share of ``n`` trials).

    >>> round(mc_se(0.95, 3000), 4)
    0.004
    >>> mc_se(95, 3000)
    Traceback (most recent call last):
    ...
    ValueError: a simulated rate is a share in [0, 1], not 95
    """
    if n <= 0:
        raise ValueError("a simulated rate needs at least one trial")
    if not 0 <= rate <= 1:
        raise ValueError(f"a simulated rate is a share in [0, 1], not {rate}")
    return math.sqrt(rate * (1 - rate) / n)


def mc_above(rate: float, n: int, bound: float) -> bool:
    """True when a simulated rate is above ``bound`` by two standard errors.

    A claim that sets a simulated rate against a bound holds only with this margin.

    >>> mc_above(0.955, 3000, 0.93), mc_above(0.935, 3000, 0.93)
    (True, False)
    """
    return bool(rate - 2 * mc_se(rate, n) > bound)


def mc_below(rate: float, n: int, bound: float) -> bool:
    """True when a simulated rate is below ``bound`` by two standard errors.

    >>> mc_below(0.905, 3000, 0.92), mc_below(0.915, 3000, 0.92)
    (True, False)
    """
    return bool(rate + 2 * mc_se(rate, n) < bound)


def mc_within(rate: float, n: int, low: float, high: float) -> bool:
    """True when a simulated rate lies inside [low, high] with two standard errors to spare.

    >>> mc_within(0.95, 3000, 0.93, 0.97), mc_within(0.965, 3000, 0.93, 0.97)
    (True, False)
    """
    return mc_above(rate, n, low) and mc_below(rate, n, high)


def mc_near(rate: float, n: int, low: float, high: float) -> bool:
    """True when a simulated rate cannot be told apart from [low, high]: it lies inside,
    or outside by less than two standard errors (neither :func:`mc_below` ``low`` nor
    :func:`mc_above` ``high``).

    The weaker statement, for a sentence that says so ("in the band or within two
    Monte Carlo standard errors of it"); "inside the band" needs :func:`mc_within`.

    >>> mc_near(0.924, 800, 0.93, 0.97), mc_near(0.899, 800, 0.93, 0.97)
    (True, False)
    """
    return not mc_below(rate, n, low) and not mc_above(rate, n, high)
