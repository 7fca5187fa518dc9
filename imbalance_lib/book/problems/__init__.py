"""Weekly problem sets on fresh seeded data, and their offline grader.

- :mod:`.data`: ``make_problem_data(week, seed)``, each student's data (shipped).
- :mod:`.items`: what each set asks, kinds, points, tolerances (shipped).
- :mod:`.solutions`: the answers from the data (the lecturer's: not in the student edition).
- :mod:`.grade`, :mod:`.report`, ``python -m imbalance_lib.book.problems``: hand out the
  sets with a seed per student, run the submitted notebooks and mark them.
"""

from imbalance_lib.book.problems.data import (
    DEFAULT_SEED,
    TOPICS,
    WEEKS,
    ProblemData,
    make_problem_data,
)
from imbalance_lib.book.problems.items import ITEMS, Item, items

__all__ = ["DEFAULT_SEED", "TOPICS", "WEEKS", "ProblemData", "make_problem_data", "ITEMS",
           "Item", "items"]
