"""Typed findings: what a chapter's prose states, as a dataclass.

A chapter's findings are one frozen dataclass (or a few, one per experiment)
derived from :class:`Findings`. A field is a number, a count, a verdict word or a
table the prose rests on; its name gives its glue name, ``<PREFIX>-<name>`` with
underscores written as hyphens (the field ``glass_picks`` of the IAM chapter is
``{glue:text}`iam-glass-picks```). Claims read fields (``lambda f: f.rf_wins ==
f.reps``), so a misspelt name fails as an ``AttributeError`` instead of reading a
missing key, and a breaker test alters a field with :meth:`Findings.but`, which
refuses a field that does not exist.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Example(Findings):
...     PREFIX = "ex"
...     reps: int
...     rf_wins: int
>>> f = Example(reps=5, rf_wins=5)
>>> f.but(rf_wins=4).rf_wins, Example.from_record({"reps": 5, "rf_wins": 5}) == f
(4, True)
>>> f.glue_names()
['ex-reps', 'ex-rf-wins']
"""

from __future__ import annotations

import dataclasses
import numbers
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

import numpy as np

__all__ = ["Findings", "altered"]

F = TypeVar("F", bound="Findings")


@dataclasses.dataclass(frozen=True)
class Findings:
    """Base of a chapter's findings; subclasses set ``PREFIX`` and declare fields."""

    PREFIX: ClassVar[str] = ""

    def record(self) -> dict[str, Any]:
        """The fields by name (what :func:`imbalance_lib.book.record.keep` stores)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_record(cls: type[F], record: Mapping[str, Any]) -> F:
        """The findings a stored record holds; a missing or unknown field is an error."""
        names = [f.name for f in dataclasses.fields(cls)]
        missing = sorted(set(names) - set(record))
        unknown = sorted(set(record) - set(names))
        if missing or unknown:
            raise ValueError(f"{cls.__name__}: the record lacks {missing} and has unknown "
                             f"{unknown}; re-execute the chapter (make chapter)")
        return cls(**{n: record[n] for n in names})

    def but(self: F, **changes: Any) -> F:
        """A copy with ``changes`` (a breaker test's altered finding)."""
        return dataclasses.replace(self, **changes)

    def glue_names(self) -> list[str]:
        """The glue name of every field that is glued (scalars: numbers, words, verdicts)."""
        return [self._glue_name(n) for n, v in self.record().items() if _scalar(v)]

    def _glue_name(self, name: str) -> str:
        return f"{self.PREFIX}-{name.replace('_', '-')}"

    def glue(self, digits: int = 4) -> None:
        """Glue every scalar field for ``{glue:text}`` (floats rounded to ``digits``)."""
        from imbalance_lib.book.pages import glue_value

        for name, value in self.record().items():
            if _scalar(value):
                glue_value(self._glue_name(name), value, digits)


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, bool, numbers.Number, np.generic))


def altered(findings: Any, changes: Mapping[str, Any]) -> Any:
    """``findings`` with ``changes``: a typed copy for :class:`Findings`, else a new dict.

    >>> altered({"a": 1, "b": 2}, {"b": 3})
    {'a': 1, 'b': 3}
    """
    if isinstance(findings, Findings):
        return findings.but(**changes)
    return {**findings, **changes}
