"""Grade a folder of submissions and write the report (CSV and markdown), and hand
out the sets with one seed per student."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from imbalance_lib.book.problems.grade import (
    META,
    Mark,
    Submission,
    mark_submission,
    run_submission,
)

SETS = Path(__file__).resolve().parents[3] / "chapters" / "problem_sets"
SEED_TAG = "seed"


def read_roster(path: Path) -> dict[str, int]:
    """``student,seed`` rows (a header line first) -> {student: seed}."""
    roster: dict[str, int] = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            try:
                roster[row["student"].strip()] = int(row["seed"])
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"{path}: each row needs a student and a whole-number seed, "
                                 f"got {row}") from None
    if not roster:
        raise ValueError(f"{path}: no students")
    return roster


def handout(week: int, roster: dict[str, int], out: Path) -> list[Path]:
    """Write ``<student>_week<N>.ipynb`` to ``out`` for every student, with their seed."""
    src = SETS / f"week{week}.ipynb"
    if not src.is_file():
        raise ValueError(f"no problem set {src}")
    nb = json.loads(src.read_text(encoding="utf-8"))
    seeds = [c for c in nb["cells"] if SEED_TAG in c.get("metadata", {}).get("tags", [])]
    if len(seeds) != 1:
        raise ValueError(f"{src}: expected one cell tagged {SEED_TAG!r}")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for student, seed in roster.items():
        seeds[0]["source"] = f"SEED = {seed}  # your seed: keep it"
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        path = out / f"{student}_week{week}.ipynb"
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def student_of(path: Path, roster: dict[str, int]) -> str | None:
    """The roster's student whose name starts the file name, followed by ``_``, ``-`` or
    the suffix (the longest such name)."""
    names = [s for s in roster if path.stem == s or path.stem.startswith((s + "_", s + "-"))]
    return max(names, key=len) if names else None


def grade_folder(folder: Path, roster: dict[str, int] | None = None,
                 timeout: int = 120) -> list[tuple[Submission, list[Mark]]]:
    """Run and mark every ``*.ipynb`` in ``folder`` (sorted by name)."""
    paths = sorted(p for p in Path(folder).glob("*.ipynb") if p.is_file())
    if not paths:
        raise ValueError(f"no notebooks in {folder}")
    results = []
    for path in paths:
        sub = run_submission(path, timeout=timeout)
        seed = None
        if roster is not None:
            student = student_of(path, roster)
            if student is None:
                sub.errors.append("not on the roster: graded with the notebook's SEED")
            else:
                seed = roster[student]
        results.append((sub, mark_submission(sub, seed)))
    return results


def write_reports(results: list[tuple[Submission, list[Mark]]], csv_path: Path) -> Path:
    """The CSV (one row a submission) and a markdown report beside it; returns the latter."""
    n_items = max((len(m) for _, m in results), default=0)
    header = (["submission", "week", "seed"] + [f"item_{k}" for k in range(1, n_items + 1)]
              + ["points", "max_points", "to_read_by_hand", "messages"])
    csv_path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# Grades", ""]
    with open(csv_path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        for sub, marks in results:
            cells = {m.item: ("" if m.max_points == 0 else f"{m.points:g}") for m in marks}
            manual = " ".join(str(m.item) for m in marks if m.max_points == 0)
            total = sum(m.points for m in marks)
            top = sum(m.max_points for m in marks)
            notes = sub.errors + [f"item {m.item}: {m.message}" for m in marks
                                  if m.message not in ("right", "written answer: read by hand")]
            w.writerow([sub.path.name, sub.week, sub.seed]
                       + [cells.get(k, "") for k in range(1, n_items + 1)]
                       + [f"{total:g}", f"{top:g}", manual, "; ".join(notes)])
            lines += [f"## {sub.path.name}", "",
                      f"Week {sub.week}, seed {sub.seed}: **{total:g} of {top:g}** points"
                      + (f"; to read by hand: item {manual}." if manual else "."), ""]
            lines += [f"- item {m.item}: {m.points:g}/{m.max_points:g}, {m.message}"
                      for m in marks]
            lines += [f"- {e}" for e in sub.errors] + [""]
    md = csv_path.with_suffix(".md")
    md.write_text("\n".join(lines), encoding="utf-8")
    return md


__all__ = ["META", "grade_folder", "handout", "read_roster", "write_reports"]
