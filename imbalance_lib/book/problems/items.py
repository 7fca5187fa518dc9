"""What each problem set asks: its items, their kind, points and tolerance.

Shipped to students (the notebooks' questions say the same); the answers are computed
only by :mod:`imbalance_lib.book.problems.solutions`, which the student edition withholds.

Kinds
    ``number``: a real number, right within ``tol`` (absolute) of the exact answer; a
    string that reads as a number (``"0.25"``, ``"3/8"``, ``"25%"``) is accepted.
    ``integer``: a whole number, right when equal. ``choice``: one of ``choices``
    (case and surrounding spaces ignored). ``manual``: words, a proof or a derivation,
    written in the notebook's markdown and read by the lecturer (no automatic points).
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("number", "integer", "choice", "manual")


@dataclass(frozen=True)
class Item:
    """One homework item: ``answer_<number>`` holds its answer."""

    number: int
    kind: str
    points: float = 1.0
    tol: float = 0.0
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")
        if self.kind == "number" and not self.tol > 0:
            raise ValueError("a number item needs a tolerance > 0")
        if self.kind == "choice" and not self.choices:
            raise ValueError("a choice item needs its choices")

    @property
    def name(self) -> str:
        return f"answer_{self.number}"


# an answer given to three decimals is within 0.0005 of the exact value: 0.002 leaves margin
T3 = 0.002

ITEMS: dict[int, tuple[Item, ...]] = {
    1: (Item(1, "number", tol=T3), Item(2, "number", tol=T3), Item(3, "number", tol=T3),
        Item(4, "number", tol=T3), Item(5, "choice", choices=("A", "B")),
        Item(6, "manual", points=2.0)),
    2: (Item(1, "number", tol=T3), Item(2, "number", tol=T3), Item(3, "number", tol=T3),
        Item(4, "number", tol=T3), Item(5, "integer"), Item(6, "manual", points=2.0)),
    3: (Item(1, "number", tol=T3), Item(2, "number", tol=T3), Item(3, "number", tol=0.02),
        Item(4, "number", tol=T3), Item(5, "choice", choices=("score_1", "score_2")),
        Item(6, "choice", choices=("score_1", "score_2")), Item(7, "manual", points=2.0)),
    4: (Item(1, "number", tol=T3), Item(2, "number", tol=T3), Item(3, "number", tol=T3),
        Item(4, "number", tol=0.02), Item(5, "choice", choices=("yes", "no")),
        Item(6, "manual", points=2.0)),
    5: (Item(1, "integer"), Item(2, "integer"), Item(3, "integer"), Item(4, "number", tol=T3),
        Item(5, "manual", points=2.0)),
    6: (Item(1, "number", tol=T3), Item(2, "number", tol=T3), Item(3, "number", tol=0.005),
        Item(4, "number", tol=T3), Item(5, "choice", choices=("yes", "no")),
        Item(6, "manual", points=2.0)),
}


def items(week: int) -> tuple[Item, ...]:
    """The items of problem set ``week``."""
    if week not in ITEMS:
        raise ValueError(f"week must be one of {tuple(ITEMS)}, got {week!r}")
    return ITEMS[week]
