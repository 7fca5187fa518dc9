"""The grader end to end: submitted notebooks run in a kernel, then marked.

For each week a right submission (filled in from the instructor's solutions for a seed
other than the default) earns full marks; a wrong one (an answer off by ten tolerances, one
left as ``...``, a text that is no number, a cell that raises) earns exactly the points of
its remaining right items, with a message for each fault. Also: a notebook that fails from
its first cell, a file that is no notebook, a seed that differs from the roster's, the
command line and its reports, the handout, and the grader without the solutions module.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest

from imbalance_lib.book.problems import WEEKS, items
from imbalance_lib.book.problems.__main__ import main
from imbalance_lib.book.problems.report import SETS, handout, read_roster
from imbalance_lib.book.problems.solutions import solve

SEED = 4242  # not the default seed of the pages


def _fill(week: int, seed_source: str, answers: dict[int, str]) -> dict:
    nb = json.loads((SETS / f"week{week}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if "seed" in cell.get("metadata", {}).get("tags", []):
            cell["source"] = seed_source
        for k, text in answers.items():
            if cell["cell_type"] == "code" and f"answer_{k} = ..." in src:
                cell["source"] = src.replace(f"answer_{k} = ...", text)
        cell["outputs"] = [] if cell["cell_type"] == "code" else cell.get("outputs")
        if cell["cell_type"] != "code":
            cell.pop("outputs")
    return nb


def _right(week: int, seed: int) -> dict[int, str]:
    out = {}
    for k, v in solve(week, seed).items():
        v = v[0] if isinstance(v, tuple) else v
        out[k] = f"answer_{k} = {v!r}"
    return out


def _wrong(week: int, seed: int) -> tuple[dict[int, str], float]:
    """Items 1-4 wrong in four ways; the rest right. Returns the answers and the points due."""
    exact = solve(week, seed)
    answers = _right(week, seed)
    first = items(week)[0]
    off = exact[1] + (10 * first.tol if first.kind == "number" else 1)
    answers[1] = f"answer_1 = {off!r}"
    del answers[2]  # left as ...
    answers[3] = 'answer_3 = "not sure"'
    answers[4] = 'raise RuntimeError("boom")\nanswer_4 = 0'
    due = sum(it.points for it in items(week) if it.kind != "manual" and it.number > 4)
    return answers, due


def _write(path: Path, nb: dict) -> None:
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("submissions")
    for week in WEEKS:
        _write(folder / f"ann_week{week}.ipynb", _fill(week, f"SEED = {SEED}", _right(week, SEED)))
        wrong, _ = _wrong(week, SEED)
        _write(folder / f"bob_week{week}.ipynb", _fill(week, f"SEED = {SEED}", wrong))
    # a notebook that fails from its data cell on, and one whose SEED is not the roster's
    _write(folder / "cy_week2.ipynb", _fill(2, 'SEED = "mine"', {}))
    _write(folder / "dee_week1.ipynb", _fill(1, "SEED = 5", _right(1, 5)))
    (folder / "eve_week3.ipynb").write_text("this is not a notebook", encoding="utf-8")
    roster = folder.parent / "roster.csv"
    roster.write_text("student,seed\nann,4242\nbob,4242\ncy,1\ndee,6\neve,3\n", encoding="utf-8")
    out = folder.parent / "grades.csv"
    assert main(["grade", str(folder), "--out", str(out), "--roster", str(roster)]) == 0
    with open(out, newline="", encoding="utf-8") as f:
        rows = {r["submission"]: r for r in csv.DictReader(f)}
    return rows, out.with_suffix(".md").read_text(encoding="utf-8")


@pytest.mark.parametrize("week", WEEKS)
def test_a_right_submission_earns_full_marks(graded, week):
    rows, _ = graded
    row = rows[f"ann_week{week}.ipynb"]
    top = sum(it.points for it in items(week) if it.kind != "manual")
    assert (row["week"], row["seed"]) == (str(week), str(SEED))
    assert float(row["points"]) == float(row["max_points"]) == top
    assert row["messages"] == ""
    assert row["to_read_by_hand"] == " ".join(str(it.number) for it in items(week)
                                              if it.kind == "manual")


@pytest.mark.parametrize("week", WEEKS)
def test_a_wrong_submission_earns_what_it_should_with_messages(graded, week):
    rows, report = graded
    row = rows[f"bob_week{week}.ipynb"]
    _, due = _wrong(week, SEED)
    assert float(row["points"]) == due
    assert [row[f"item_{k}"] for k in (1, 2, 3, 4)] == ["0", "0", "0", "0"]
    msgs = row["messages"]
    assert "item 1: wrong" in msgs
    assert "item 2: answer_2 is not answered (still ...)" in msgs
    kind3 = items(week)[2].kind
    assert ("could not read 'not sure'" in msgs) if kind3 != "choice" else ("is not one of" in msgs)
    assert "raised RuntimeError: boom" in msgs and "item 4: answer_4 is not defined" in msgs
    assert "Traceback" not in msgs and "Traceback" not in report


def test_a_notebook_that_fails_from_the_start_and_one_that_is_no_notebook(graded):
    rows, _ = graded
    row = rows["cy_week2.ipynb"]
    assert float(row["points"]) == 0
    assert "raised ValueError: seed must be a whole number" in row["messages"]
    assert "SEED is 'mine', the seed assigned is 1: graded with 1" in row["messages"]
    assert "answer_1 is not answered" in row["messages"]
    eve = rows["eve_week3.ipynb"]
    assert float(eve["points"]) == 0 and "not a readable notebook" in eve["messages"]


def test_the_roster_seed_wins_over_the_notebooks(graded):
    rows, _ = graded
    row = rows["dee_week1.ipynb"]  # right answers for seed 5, assigned seed 6
    assert "SEED is 5, the seed assigned is 6: graded with 6" in row["messages"]
    assert float(row["points"]) < float(row["max_points"])


def test_handout_writes_one_notebook_per_student_with_its_seed(tmp_path):
    roster = tmp_path / "r.csv"
    roster.write_text("student,seed\nann,17\nbob,18\n", encoding="utf-8")
    assert main(["handout", "4", "--roster", str(roster), "--out", str(tmp_path / "out")]) == 0
    for name, seed in read_roster(roster).items():
        nb = json.loads((tmp_path / "out" / f"{name}_week4.ipynb").read_text(encoding="utf-8"))
        assert f"SEED = {seed}" in json.dumps(nb)
        assert all(c.get("outputs", []) == [] for c in nb["cells"])
    with pytest.raises(ValueError, match="no problem set"):
        handout(9, {"a": 1}, tmp_path)
    bad = tmp_path / "bad.csv"
    bad.write_text("student,seed\nann,x\n", encoding="utf-8")
    assert main(["handout", "1", "--roster", str(bad), "--out", str(tmp_path)]) == 2


def test_without_the_solutions_the_grader_says_so(monkeypatch, tmp_path):
    from imbalance_lib.book.problems import grade

    monkeypatch.setitem(sys.modules, "imbalance_lib.book.problems.solutions", None)
    sub = grade.Submission(tmp_path / "x_week1.ipynb", week=1, seed=3)
    with pytest.raises(SystemExit, match="student edition leaves them out"):
        grade.mark_submission(sub)


def test_a_cell_that_runs_too_long_is_interrupted_and_the_rest_still_run(tmp_path):
    from imbalance_lib.book.problems.grade import mark_submission, run_submission

    answers = _right(6, 3)
    answers[2] = "import time\ntime.sleep(60)\n" + answers[2]
    path = tmp_path / "slow_week6.ipynb"
    nb = _fill(6, "SEED = 3", answers)
    _write(path, nb)
    slow = 1 + next(i for i, c in enumerate(nb["cells"]) if "time.sleep" in "".join(c["source"]))
    sub = run_submission(path, timeout=4)
    marks = mark_submission(sub)
    assert [m.points for m in marks[:3]] == [1.0, 0.0, 1.0]
    assert sub.errors == [f"cell {slow} ran over 4 s and was stopped"]


def test_a_roster_name_matches_whole_names_only():
    from imbalance_lib.book.problems.report import student_of

    roster = {"ann": 1, "anna": 2}
    assert student_of(Path("anna_week1.ipynb"), roster) == "anna"
    assert student_of(Path("ann-week1.ipynb"), roster) == "ann"
    assert student_of(Path("annabel_week1.ipynb"), roster) is None


def test_an_empty_folder_is_a_clear_error(tmp_path, capsys):
    assert main(["grade", str(tmp_path), "--out", str(tmp_path / "g.csv")]) == 2
    assert "no notebooks in" in capsys.readouterr().err
