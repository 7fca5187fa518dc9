"""Every file a student can download holds no exercise answer (fast: no build, no browser).

What a student downloads: the student site's notebooks (its download button serves the
copies that ``student-source`` writes to ``chapters/``, and ``make lab`` the ones in
``notebooks/``) and the student archive (``source-archive --no-solutions``). Which glued
values are answers is decided here by rule, from the answer key's notebooks, not from
the code that builds the edition: a value that a solution's text shows, and a value whose
name marks it as an exercise's (``-ex-``) that no text outside the solutions shows.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest

from imbalance_lib.book.editions import (
    ARCHIVE_NAME,
    ARCHIVE_PREFIX,
    ROOT,
    source_archive,
    student_source,
)

CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))
_ROLE = re.compile(r"\{glue(?::\w+)?:?\}`([^`:]+)")
# the answers named by the second review of the student edition
NAMED = {"ba-ex-pchance", "iam-ex-six-excess", "rank-ex-base-mean", "rank-ex-base-tail",
         "rank-atomic-ex-top-gain", "rank-atomic-ex-mid-gain", "syn-ex-study-distinct",
         "syn-ex-study-tie-names"}


def _glued(nb: dict) -> set[str]:
    return {o["metadata"]["scrapbook"]["name"] for c in nb["cells"] for o in c.get("outputs", [])
            if o.get("metadata", {}).get("scrapbook", {}).get("name")}


def _answer_keys(nb: dict) -> set[str]:
    """Glue names that are answers: shown inside a solution, or ``-ex-`` and shown nowhere else."""
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    inside, outside = [], []
    for n, piece in enumerate(re.split(r"^[`:]{3,}\{solution-(?:start|end)\}.*$", text, flags=re.M)):
        (inside if n % 2 else outside).append(piece)
    shown_in = set(_ROLE.findall("".join(inside)))
    shown_out = set(_ROLE.findall("".join(outside)))
    glued = _glued(nb)
    return (glued & shown_in - shown_out) | {k for k in glued - shown_out if "-ex-" in k}


@pytest.fixture(scope="module")
def answers() -> dict[str, set[str]]:
    return {p.name: _answer_keys(json.loads(p.read_text(encoding="utf-8"))) for p in CHAPTERS}


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("student") / "student.zip"
    source_archive(out, solutions=False)
    with zipfile.ZipFile(out) as zf:
        return {n.removeprefix(ARCHIVE_PREFIX): zf.read(n) for n in zf.namelist()}


def test_the_rule_finds_the_answers_the_review_named(answers):
    found = set().union(*answers.values())
    assert NAMED <= found
    assert len(found) >= 25  # every chapter with exercises has some


def _no_answer_glued(label: str, nb: dict, keys: set[str]) -> None:
    leaked = _glued(nb) & keys
    assert not leaked, f"{label} glues answers: {sorted(leaked)}"
    text = json.dumps(nb)
    for key in keys:
        assert f'"name": "{key}"' not in text, f"{label}: {key}"


def test_the_student_sites_notebooks_hold_no_answer(answers, tmp_path):
    student_source(tmp_path / "student")
    for folder in ("chapters", "notebooks"):
        for name, keys in answers.items():
            nb = json.loads((tmp_path / "student" / folder / name).read_text(encoding="utf-8"))
            _no_answer_glued(f"{folder}/{name}", nb, keys)


def test_the_student_archive_holds_no_answer(answers, archive):
    for folder in ("chapters", "student"):
        for name, keys in answers.items():
            _no_answer_glued(f"{folder}/{name}", json.loads(archive[f"{folder}/{name}"]), keys)
    # the findings records hold every computed number, the answers among them
    records = [n for n in archive if n.startswith("chapters/data/findings/")]
    assert records == ["chapters/data/findings/WITHHELD.md"]


def test_the_student_archive_has_a_students_readme(archive):
    readme = archive["README.md"].decode("utf-8")
    developers = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme != developers and "make lab" in readme and "student/" in readme
    for word in ("make test", "findings record", "regenerate", "nbval"):
        assert word not in readme.lower()


def _defined(source: str) -> set[str]:
    """The names a module defines at its top level or in its classes (functions, classes,
    assignments)."""
    import ast

    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def test_the_student_archive_ships_no_solution_code(archive):
    import importlib
    import pkgutil

    from imbalance_lib.book import solutions
    from imbalance_lib.book.solutions.exercises import EXERCISES

    # what the instructor-only package defines: every public name of its modules
    modules = [importlib.import_module(f"{solutions.__name__}.{m.name}")
               for m in pkgutil.iter_modules(solutions.__path__)]
    secret = {n for mod in modules for n in getattr(mod, "__all__", [])}
    assert {"sixclass_exercise", "random_ap_tail", "exercise_numbers", "distinct_picks",
            "study_exercise", "EXERCISES"} <= secret
    assert not [n for n in archive if n.startswith("imbalance_lib/book/solutions/")]
    shipped = {n: archive[n].decode("utf-8") for n in archive if n.endswith(".py")}
    assert "imbalance_lib/book/answers.py" in shipped and len(shipped) > 50
    defines = {n: sorted(_defined(src) & secret) for n, src in shipped.items()}
    assert not {n: d for n, d in defines.items() if d}, "shipped files define solution code"
    # the same rule finds them in the full archive: the test can fail
    assert secret <= set().union(*(_defined((ROOT / "imbalance_lib/book/solutions" / f"{m.name}.py")
                                            .read_text(encoding="utf-8"))
                                   for m in pkgutil.iter_modules(solutions.__path__)))
    # no shipped file holds an answer's expression or imports the package it left out
    code = [p.expr for ex in EXERCISES for p in ex.parts if len(p.expr) > 1]
    assert len(code) >= 60
    notebooks = {n: archive[n].decode("utf-8") for n in archive if n.endswith(".ipynb")}
    imports = re.compile(r"^\s*(?:from|import)\s+imbalance_lib\.book(?:\.solutions\b|"
                         r"\s+import\s+solutions\b)", re.M)
    for name, text in shipped.items():
        assert not imports.search(text), name
    def sources(text: str) -> str:
        return "\n".join("".join(c["source"]) for c in json.loads(text)["cells"])

    for name, text in notebooks.items():
        assert not imports.search(sources(text)), name
    # the answer key's notebooks import it in their solutions: the test can fail
    assert imports.search(sources((ROOT / "chapters/iam.ipynb").read_text(encoding="utf-8")))
    assert not [e for e in code if e in shipped["imbalance_lib/book/answers.py"]]
    assert "stats.beta(3 + 0.5, 7 + 0.5)" not in "".join(shipped.values())
    table = json.loads(archive["imbalance_lib/book/answers.json"])
    assert table["exercises"] and '"hash":' not in json.dumps(table)


def _student_check(archive, tmp_path):
    """The student archive's ``check``, reading the student archive's table."""
    import importlib.util

    folder = tmp_path / "answers"
    folder.mkdir()
    for ext in ("py", "json"):
        (folder / f"answers.{ext}").write_bytes(archive[f"imbalance_lib/book/answers.{ext}"])
    spec = importlib.util.spec_from_file_location("student_answers", folder / "answers.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up
    try:
        spec.loader.exec_module(mod)
    finally:
        del sys.modules[spec.name]
    return mod


def _recover(table: dict, salt: str) -> dict[tuple[str, str], float]:
    """The reviewer's attack: hash every grid point of [0, 1] (whole numbers 0..2000)."""
    found = {}
    for label, ex in table.items():
        for part, e in ex["parts"].items():
            if "hash" not in e or e["kind"] == "rel":
                continue
            step = e["tol"] / 50
            ks = range(0, 2001) if e["kind"] == "int" else range(round(1 / step) + 1)
            digest = e["hash"].lstrip("+-")
            for k in ks:
                text = f"{salt}|{label}|{part}|{e['kind']}|{e['tol']!r}|{k}"
                if hashlib.sha256(text.encode()).hexdigest()[:24] == digest:
                    found[label, part] = float(k) if e["kind"] == "int" else k * step
                    break
    return found


def test_answers_cannot_be_recovered_from_the_student_archive(archive, tmp_path, capsys):
    from imbalance_lib.book import answers as full

    student = _student_check(archive, tmp_path)
    t0 = time.perf_counter()
    recovered = _recover(student.table(), student.SALT)
    assert recovered == {}, f"{len(recovered)} answers recovered in {time.perf_counter() - t0:.1f} s"
    # the same attack on the answer key's table works: the test can fail
    known = _recover(full.table(), full.SALT)
    assert len(known) >= 30
    for (label, part), value in known.items():  # and check() accepts none of them
        assert full.check(label, value, part=part)
        assert student.check(label, value, part=part) is False
        for x in np.linspace(value - 0.01, value + 0.01, 5):
            assert student.check(label, x, part=part) is False
    assert "holds no answers" in capsys.readouterr().out


def test_a_record_withheld_is_not_compared(tmp_path, monkeypatch):
    from imbalance_lib.book import record

    monkeypatch.setattr(record, "STORE", tmp_path)
    monkeypatch.delenv(record.WRITE_ENV, raising=False)
    with pytest.raises(FileNotFoundError):
        record.keep({"x": 1}, "nothing")
    (tmp_path / record.WITHHELD).write_text("withheld")
    record.keep({"x": 1}, "nothing")  # no record, and none expected


STUDENT = Path(os.environ.get("STUDENT_HTML", "_build/student/_build/html")).resolve()
needs_student = pytest.mark.skipif(
    not (STUDENT / "intro.html").is_file(),
    reason=f"no student edition at {STUDENT}: run make student",
)


@needs_student
def test_the_built_student_site_serves_no_answer(answers):
    """What the built site hands out: its download button's notebooks and its archive."""
    for name, keys in answers.items():
        nb = json.loads((STUDENT / "_sources" / "chapters" / name).read_text(encoding="utf-8"))
        _no_answer_glued(f"_sources/chapters/{name}", nb, keys)
    with zipfile.ZipFile(STUDENT / ARCHIVE_NAME) as zf:
        names = zf.namelist()
        for name, keys in answers.items():
            for folder in ("chapters", "student"):
                nb = json.loads(zf.read(f"{ARCHIVE_PREFIX}{folder}/{name}"))
                _no_answer_glued(f"archive {folder}/{name}", nb, keys)
        assert not [n for n in names if n.endswith(".json") and "/findings/" in n]
        assert b'"hash":' not in zf.read(ARCHIVE_PREFIX + "imbalance_lib/book/answers.json")


def test_check_cells_are_left_off_paper():
    """Every cell that asks for an answer carries a tag that the print stylesheet hides."""
    from imbalance_lib.book.answers import CHECK_TAG
    from imbalance_lib.book.editions import student_cells

    css = (ROOT / "imbalance_lib/book/editions/print.css").read_text(encoding="utf-8")
    assert re.search(rf"\.tag_{CHECK_TAG}\s*\{{\s*display:\s*none", css)
    n = 0
    for path in CHAPTERS:
        cells, _ = student_cells(json.loads(path.read_text(encoding="utf-8"))["cells"], path.stem)
        for cell in cells:
            if "".join(cell["source"]).startswith("from imbalance_lib.book.answers import check"):
                assert cell["metadata"]["tags"] == [CHECK_TAG]
                n += 1
    assert n >= 20


def test_the_answer_key_is_written_for_the_lecturer(tmp_path, monkeypatch):
    """--answer-key writes the values that the solutions compute (here two, by hand)."""
    from imbalance_lib.book.solutions import answer_table

    results = {"x-ex-a": {"": {"value": 0.25, "kind": "abs", "tol": 1e-3, "what": "a"}},
               "x-ex-b": {"a": {"value": 3.0, "kind": "int", "tol": 0.0, "what": "b"}}}
    monkeypatch.setattr(answer_table, "compute", lambda progress=None: results)
    key = tmp_path / "key.json"
    assert answer_table.main(["--answer-key", str(key)]) == 0
    assert json.loads(key.read_text()) == results


def test_the_student_edition_holds_no_solution_of_the_problem_sets(archive, tmp_path):
    """The weekly sets ship as forms (``answer_<k> = ...``); the module that computes their
    answers stays out of the archive, and neither the site's copies nor the archive's show an
    answer of the default seed."""
    from imbalance_lib.book.editions.withhold import PROBLEM_SOLUTIONS
    from imbalance_lib.book.problems import DEFAULT_SEED, WEEKS
    from imbalance_lib.book.problems.solutions import solve

    assert PROBLEM_SOLUTIONS == "imbalance_lib/book/problems/solutions.py"
    assert (ROOT / PROBLEM_SOLUTIONS).is_file() and PROBLEM_SOLUTIONS not in archive
    assert "imbalance_lib/book/problems/data.py" in archive  # students make their data
    code = [n for n in archive if n.startswith("imbalance_lib/") and n.endswith(".py")]
    assert not [n for n in code if "def solve(" in archive[n].decode("utf-8")]
    student_source(tmp_path / "student")
    for week in WEEKS:
        name = f"chapters/problem_sets/week{week}.ipynb"
        copies = {"archive": archive[name].decode("utf-8"),
                  "site": (tmp_path / "student" / name).read_text(encoding="utf-8")}
        answers = [v for v in solve(week, DEFAULT_SEED).values() if isinstance(v, float)]
        assert answers
        for label, text in copies.items():
            nb = json.loads(text)
            lines = [ln for c in nb["cells"] if c["cell_type"] == "code"
                     for ln in "".join(c["source"]).splitlines() if ln.startswith("answer_")]
            assert lines and all(ln.split("#")[0].strip().endswith("= ...") for ln in lines)
            for v in answers:
                assert f"{v:.4f}" not in text, f"{label} {name} shows {v:.4f}"
