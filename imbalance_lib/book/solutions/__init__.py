"""Instructor-only code: how the exercises are solved, and their answers.

Nothing in the library or in a chapter package imports this package; the chapters'
solution cells (removed from the student edition) do, and so does the lecturer's
tooling. The student edition's archive leaves the whole folder out
(:func:`imbalance_lib.book.editions.withhold.withhold_answers`):

- :mod:`.exercises`: what each checked exercise part asks and the expression that
  computes its answer from the solution's code (:data:`~.exercises.EXERCISES`);
- :mod:`.answer_table`: runs the solutions and writes the hashed answer table that
  :func:`imbalance_lib.book.answers.check` reads, or the lecturer's answer key
  (``python -m imbalance_lib.book.solutions.answer_table --help``);
- :mod:`.hmnc`, :mod:`.iam`, :mod:`.ranking`, :mod:`.synthesis`: the constructions
  that the exercises of those chapters ask students to make, and the exercises' numbers
  that the chapters' findings records hold (the chapters' solution cells pass them to
  the findings: no shipped module computes an exercise's answer).
"""
