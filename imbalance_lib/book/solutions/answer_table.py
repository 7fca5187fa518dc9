"""Run the exercises' solutions and write the answer table, or the lecturer's answer key
(instructor-only).

``python -m imbalance_lib.book.solutions.answer_table --rebuild`` runs, for every
exercise in :data:`~.exercises.EXERCISES`, the solution's own code cells from the chapter
notebook (after the imports of the chapter's first code cell and the cells that define
what the solutions use), then evaluates each part's expression in what the solution left
behind, and writes :data:`imbalance_lib.book.answers.DATA` (salted hashes, never the
answers). ``--verify`` recomputes the table and says whether the stored one is current;
``--answer-key FILE`` writes the answers themselves, for a lecturer to keep and grade
with (never in a student edition).

Tolerances: the rule of :mod:`imbalance_lib.book.answers`; a Monte Carlo part (a limit
of an interval from resampling) is centred on the median of the solution's computation
with its own seed and the seeds :data:`MC_SEEDS`, its tolerance :func:`mc_tolerance`.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import re
import sys
from pathlib import Path

import numpy as np

from imbalance_lib.book import answers
from imbalance_lib.book.answers import ABS_TOL, DATA, MC_LADDER, PRINT_ROUNDING, REL_TOL, encode
from imbalance_lib.book.solutions.exercises import CONTEXT, EXERCISES, Exercise, Part

CHAPTERS = Path(__file__).resolve().parents[3] / "chapters"
MC_SEEDS = range(1, 101)

# ---------------------------------------------------------------------------------------
# Rebuilding the table from the solutions
# ---------------------------------------------------------------------------------------

_SOLUTION = re.compile(r"^\s*(`{3,}|:{3,})\{(solution-start|solution-end)\}\s*(\S*)")


def solution_cells(notebook: dict) -> dict[str, list[str]]:
    """The sources of the code cells of every gated solution, by exercise label."""
    out: dict[str, list[str]] = {}
    inside = None
    for cell in notebook["cells"]:
        source = cell["source"]
        text = source if isinstance(source, str) else "".join(source)
        if cell["cell_type"] == "markdown":
            for line in text.splitlines():
                m = _SOLUTION.match(line)
                if m:
                    inside = m[3] if m[2] == "solution-start" else None
                    if inside:
                        out.setdefault(inside, [])
        elif cell["cell_type"] == "code" and inside:
            out[inside].append(text)
    return out


def _run(source: str, namespace: dict) -> None:
    """Run a cell as Jupyter does: the value of a last expression goes to ``_``."""
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body = tree.body[:-1]
    exec(compile(tree, "<cell>", "exec"), namespace)
    if last is not None:
        namespace["_"] = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)


def _helpers() -> dict:
    from scipy.optimize import brentq

    grid = np.linspace(-1.0, 1.0, 200_001)

    def argmax(f, lo, hi):
        x = grid[(grid >= lo) & (grid <= hi)]
        return float(x[np.argmax([f(v) for v in x])])

    def maximum(f, lo, hi):
        x = grid[(grid >= lo) & (grid <= hi)]
        return float(max(f(v) for v in x))

    return {"_argmax": argmax, "_maximum": maximum,
            "_root": lambda f, lo, hi: float(brentq(f, lo, hi, xtol=1e-12))}


def _context(notebook: dict, chapter: str) -> list[str]:
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    src = [c["source"] if isinstance(c["source"], str) else "".join(c["source"]) for c in code]
    tree = ast.parse(src[0])
    imports = "\n".join(ast.unparse(n) for n in tree.body
                        if isinstance(n, (ast.Import, ast.ImportFrom)))
    cells = [imports]
    for pattern in CONTEXT.get(chapter, ()):
        found = [s for s in src if re.search(pattern, s, re.M)]
        if len(found) != 1:
            raise LookupError(f"{chapter}: {len(found)} cells match {pattern!r}")
        cells.append(found[0])
    return cells


def _kind(part: Part, answer: float) -> tuple[str, float]:
    if part.kind == "int":
        return "int", 0.0
    if answer == 0 or abs(answer) < 10 and abs(answer) >= 0.01:
        return "abs", ABS_TOL
    return "rel", REL_TOL


def mc_tolerance(spread: float, floor: float) -> float:
    """The tolerance of a Monte Carlo answer whose seeds' values lie within ``spread`` of
    the centre: the smallest of :data:`MC_LADDER`, and not below ``floor``, that is at
    least ``2 * (spread + PRINT_ROUNDING)`` (every seed's value, printed with three
    decimals, within half of it).

    >>> mc_tolerance(0.0, 0.001), mc_tolerance(0.004, 0.001), mc_tolerance(0.03, 0.001)
    (0.002, 0.01, 0.1)
    """
    need = 2 * (spread + PRINT_ROUNDING)
    fits = [t for t in MC_LADDER if t >= need and t >= floor]
    if not fits:
        raise ValueError(f"a Monte Carlo spread of {spread:.4f} needs a tolerance above "
                         f"{max(MC_LADDER)}: use more resamples in the solution")
    return fits[0]


def compute(chapters: Path = CHAPTERS, progress=None) -> dict[str, dict[str, dict]]:
    """Run the solutions; ``{label: {part: {"value", "kind", "tol", ...}}}`` (plain values)."""
    import matplotlib

    matplotlib.use("Agg")
    results: dict[str, dict[str, dict]] = {}
    by_chapter: dict[str, list[Exercise]] = {}
    for ex in EXERCISES:
        by_chapter.setdefault(ex.chapter, []).append(ex)
    for chapter, exercises in by_chapter.items():
        nb = json.loads((chapters / f"{chapter}.ipynb").read_text(encoding="utf-8"))
        solutions = solution_cells(nb)
        ns: dict = {"__name__": f"answers_{chapter}"}
        with contextlib.redirect_stdout(io.StringIO()):
            for cell in _context(nb, chapter):
                _run(cell, ns)
        order = list(solutions)
        for ex in sorted(exercises, key=lambda e: order.index(e.label)):
            if progress:
                progress(ex.label)
            with contextlib.redirect_stdout(io.StringIO()):
                for cell in solutions[ex.label]:
                    _run(cell, ns)
            ns.update(_helpers())
            results[ex.label] = {}
            for part in ex.parts:
                value = float(eval(part.expr, ns))
                kind, tol = _kind(part, value)
                entry = {"value": value, "kind": kind, "tol": tol, "what": part.what}
                if part.seeds:
                    others = [float(eval(part.seeds.format(seed=s), ns)) for s in MC_SEEDS]
                    if kind == "int":
                        if any(round(o) != round(value) for o in others):
                            raise ValueError(f"{ex.label}: the count depends on the seed")
                    else:  # the median of all seeds; every one, printed, within half the tolerance
                        values = [value, *others]
                        entry["value"] = centre = float(np.median(values))
                        entry["spread"] = spread = max(abs(v - centre) for v in values)
                        entry["tol"] = mc_tolerance(spread, tol)
                        entry["monte_carlo"] = True
                results[ex.label][part.name] = entry
    return results


def build_table(results: dict[str, dict[str, dict]]) -> dict:
    """The JSON document written to :data:`DATA`: hashes, never the values."""
    chapter = {ex.label: ex.chapter for ex in EXERCISES}
    exercises = {}
    for label in sorted(results):
        parts = {}
        for name, r in results[label].items():
            entry = {"what": r["what"], "kind": r["kind"], "tol": r["tol"]}
            if r.get("monte_carlo"):
                entry["monte_carlo"] = True
            value = r["value"]
            if r["kind"] == "int":
                if abs(value - round(value)) > 1e-6:
                    raise ValueError(f"{label} ({name}): {value} is not an integer")
            entry["hash"] = encode(label, name, r["kind"], r["tol"], value)
            parts[name] = entry
        exercises[label] = {"chapter": chapter[label], "parts": parts}
    return {"about": "Salted hashes of the exercises' answers rounded to a grid; "
                     "python -m imbalance_lib.book.solutions.answer_table --rebuild writes this file.",
            "exercises": exercises}


def dumps(doc: dict) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m imbalance_lib.book.solutions.answer_table",
                                     description=__doc__.split("\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--rebuild", action="store_true",
                       help=f"run the solutions and write {DATA.name}")
    group.add_argument("--verify", action="store_true",
                       help=f"run the solutions and compare with the stored {DATA.name}")
    group.add_argument("--answer-key", metavar="FILE", type=Path,
                       help="run the solutions and write their answers (values and "
                            "tolerances) to FILE, for the lecturer: never in a student edition")
    args = parser.parse_args(argv)
    results = compute(progress=lambda label: print(label, file=sys.stderr))
    if args.answer_key:
        args.answer_key.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n",
                                   encoding="utf-8")
        print(f"{args.answer_key}: the answer key, {len(results)} exercises")
        return 0
    text = dumps(build_table(results))
    n = sum(len(r) for r in results.values())
    if args.rebuild:
        DATA.write_text(text, encoding="utf-8")
        answers.table.cache_clear()
        print(f"{DATA}: {len(results)} exercises, {n} answers")
        return 0
    same = DATA.exists() and DATA.read_text(encoding="utf-8") == text
    print(f"{DATA.name}: {'current' if same else 'OUT OF DATE: run --rebuild'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
