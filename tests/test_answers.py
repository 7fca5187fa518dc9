"""The answer checks of the student edition (imbalance_lib.book.answers).

Every expected value below is computed here from the exercise's data by hand
(exact fractions where the solution gives them), by an independent route
(binomial sums, enumeration, scipy), or, for the results of an experiment or
of resampling, read from what the solution prints. None comes from the table
or from the code that writes it.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import re
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from imbalance_lib.book import answers, editions
from imbalance_lib.book.answer_cells import add_checks
from imbalance_lib.book.answers import UnknownExercise, check
from imbalance_lib.book.solutions import answer_table
from imbalance_lib.book.solutions.exercises import EXERCISES

ROOT = Path(__file__).resolve().parents[1]


def _screening():
    tpr, tnr = 15 / 20, 930 / 980
    return {"a": 945 / 1000, "b": (tpr + tnr) / 2, "c": math.sqrt(tpr * tnr),
            "d": 980 / 1000}


def _coin_flip_tail():
    """Pr[BA >= 0.62] for a fair coin on 8 positives and 992 negatives, by binomial sums."""
    total = 0.0
    for tp in range(9):
        # BA = (tp/8 + tn/992)/2 >= 0.62  <=>  tn >= 992 (1.24 - tp/8)
        need = math.ceil(992 * (1.24 - tp / 8) - 1e-9)
        total += stats.binom.pmf(tp, 8, 0.5) * stats.binom.sf(need - 1, 992, 0.5)
    return total


def _iba_compute():
    t, s = 0.7, 7 / 9
    d, g = t - s, t * s
    return {"a": d, "b": g, "c": (1 + 0.1 * d) * g, "d": (1 + d) * g, "e": (1 - 0.1 * d) * g}


def _ac_compute():
    t, s = 0.9, 0.8
    return {"a": 2 * t * s / (t + s), "b": math.sqrt(t * s), "c": (t + s) / 2,
            "d": 1 / (0.95 / t + 0.05 / s), "e": 90 / (90 + 195)}


def _random_ap(n=200, p=2):
    """Mean AP of a random ranking, and the share with AP >= 0.05, over every placement."""
    aps = np.array([(1 / a + 2 / b) / 2 for a, b in combinations(range(1, n + 1), p)])
    return {"a": aps.mean(), "b": np.mean(aps >= 0.05 - 1e-12)}


def _deploy():
    out = {}
    for letters, pi in (("abc", 0.2), ("def", 0.01)):
        tp, fn, fp, tn = 0.9 * pi, 0.1 * pi, 0.05 * (1 - pi), 0.95 * (1 - pi)
        out.update(zip(letters, (tp + tn, 2 * tp / (2 * tp + fp + fn), (0.9 + 0.95) / 2)))
    return out


def _op_mirror():
    # OP(0.9, 0.6) - OP(0.6, 0.9) = (1 - 2 pi)(0.6 - 0.9); IBA's difference 2 alpha d g
    return {"a": 0.5, "b": 2 * 0.1 * 0.3 * 0.54, "c": (1 - 0.2) * -0.3, "d": (1 - 1.4) * -0.3}


def _jeffreys():
    return {"a": stats.beta(3.5, 7.5).ppf(0.025), "b": stats.beta(3.5, 7.5).ppf(0.975),
            "c": stats.beta(10.5, 0.5).ppf(0.025)}


# label -> {part: value}; part "" for an exercise with one answer
def _hmnc(tp, tn, P=1000, N=10):
    """Burduk's closed form (Table 1: P = 1000, N = 10)."""
    return tp * tn * (P + N) / ((tp + tn) * P * N)


def _ba_minus_ac(t, s):
    return (t + s) / 2 - 2 * t * s / (t + s)


def _cm3_shares():
    """CM3 re-weighted to every share of one class (1/200 .. 199/200), rows kept: the
    largest CBA, by its definition (diagonal over the larger of row and column total), and
    the mean recall."""
    C = np.array([[100, 102, 99], [105, 100, 10], [102, 10, 90]], float)  # Mortaz's CM3
    rows, best = C.sum(axis=1), 0.0
    for c in range(3):
        for q in np.linspace(0.005, 0.995, 199):
            share = np.where(np.arange(3) == c, q, (1 - q) * rows / (rows.sum() - rows[c]))
            R = C / rows[:, None] * share[:, None]
            best = max(best, float(np.mean(np.diag(R) / np.maximum(R.sum(axis=1), R.sum(axis=0)))))
    return {"a": best, "b": float(np.mean(np.diag(C) / rows))}


EXPECTED = {
    "ba-ex-screening": _screening(),
    "ba-ex-cost": {"a": 0.4 / (0.4 + 0.98), "b": 49},
    "ba-ex-shift": {"a": (6 + 810) / (10 + 900), "b": (0.6 + 0.9) / 2},
    "ba-ex-chance": {"": _coin_flip_tail()},
    "hmnc-ex-form": {"": 77 / 150},
    "hmnc-ex-sensitivity": {"": (700 / 5) ** 2},
    # TPR = TNR: (0, 0), (3, 2); TP = TN: (1, 1), (2, 2)
    "hmnc-ex-equal": {"": len({(0, 0), (3, 2), (1, 1), (2, 2)})},
    "hmnc-ex-kappa": {"": -2 * 1000 * 400 / (1000**2 + 400**2)},
    "iba-ex-compute": _iba_compute(),
    "iba-ex-bound": {"a": 0.0, "b": 1 / 4, "c": 9 / 8},
    "iba-ex-op-mirror": _op_mirror(),
    "ac-ex-compute": _ac_compute(),
    "ac-ex-power": {"": ((0.9**-3 + 0.8**-3) / 2) ** (-1 / 3)},
    "ac-ex-lda-average": {"": 0},  # "the two agree on every test image"
    "ac-ex-ties": {"a": 0.55, "b": 0.65, "c": 0.75},  # the cuts the solution prints
    "iam-ex-hand": {"a": 3 / 14, "b": 7 / 10},
    "iam-ex-six": {"": 1 - 4 / 6},
    # resampling: the limits the solution prints (random_state=0, 100,000 resamples)
    "int-ex-five": {"a": 0.622, "b": 1.0, "c": 0.747, "d": 0.961, "e": 0.925, "f": 0.970},
    "int-ex-jeffreys": _jeffreys(),
    "int-ex-size": {"": 400},
    "int-ex-paired": {"a": 0.016, "b": 0.116, "c": -0.045, "d": 0.161},
    "rank-ex-pairs": {"": 5.5 / 6},
    "rank-ex-atomic": {"a": 1 / 30, "b": 6 / (10 * 50 * 51)},
    "rank-ex-baseline": _random_ap(),
    "syn-ex-deploy": _deploy(),
    "dep-ex-bayes": {"": 1 / 20},  # 1 / (1 + 19)
    "dep-ex-under": {"": 1 / 11},  # odds 1 divided by 10
    # the explorer's exercises in the document chapters
    "ba-ex-explorer": {"": 10 / 100},  # the prevalence of the running example
    "iba-ex-explorer": {"": 2 * 0.1 * 0.4 * 0.55 * 0.95},  # 2 alpha |d| TPR TNR
    "hmnc-ex-explorer": {"a": _hmnc(700, 5) - _hmnc(500, 5), "b": _hmnc(500, 7) - _hmnc(500, 5)},
    "iam-ex-explorer": _cm3_shares(),
    "ac-ex-explorer": {"a": 2.0 / 2, "b": _ba_minus_ac(33 / 50, 898 / 950)},  # t = d / 2
}
CASES = [(label, part, value) for label, parts in EXPECTED.items()
         for part, value in parts.items()]


def quiet(*args, **kw):
    with contextlib.redirect_stdout(io.StringIO()) as out:
        result = check(*args, **kw)
    return result, out.getvalue()


def test_table_holds_exactly_the_expected_parts():
    stored = {(label, part) for label, e in answers.table().items() for part in e["parts"]}
    assert stored == {(label, part) for label, part, _ in CASES}
    spec = {(e.label, p.name) for e in EXERCISES for p in e.parts}
    assert spec == stored
    assert len(EXPECTED) == 32 and len(CASES) == 73


@pytest.mark.parametrize("label,part,value", CASES)
def test_right_answer_is_right_and_a_perturbed_one_wrong(label, part, value):
    entry = answers.table()[label]["parts"][part]
    ok, out = quiet(label, value, part=part or None)
    assert ok is True and ": right: " in out
    if entry["kind"] == "int":
        wrong = [value - 1, value + 1, value + 0.5]
    elif entry["kind"] == "rel":
        wrong = [value * (1 + 3 * entry["tol"]), value * (1 - 3 * entry["tol"]), -value]
    else:
        wrong = [value + 3 * entry["tol"], value - 3 * entry["tol"]]
    for w in wrong:
        ok, out = quiet(label, w, part=part or None)
        assert ok is False and ": wrong: not " in out


def test_monte_carlo_limit_matches_its_exact_limit():
    # the Bayesian TPR interval of 5 of 5 is a Beta(5.5, 0.5) quantile up to Monte Carlo error
    assert quiet("int-ex-five", stats.beta(5.5, 0.5).ppf(0.025), part="a")[0]
    assert answers.table()["int-ex-five"]["parts"]["a"]["monte_carlo"]


EXACT = [("hmnc-ex-form", "", 77 / 150), ("iam-ex-hand", "a", 3 / 14),
         ("rank-ex-pairs", "", 11 / 12), ("ac-ex-compute", "c", 0.85)]


@given(st.sampled_from(EXACT), st.floats(-1, 1))
def test_absolute_tolerance_is_as_stated(case, u):
    label, part, answer = case
    tol = answers.table()[label]["parts"][part]["tol"]
    assert tol == answers.ABS_TOL
    if abs(u) <= 0.999:
        assert quiet(label, answer + u * tol, part=part or None)[0]
    assert not quiet(label, answer + math.copysign(1.03 * tol + abs(u), u), part=part or None)[0]


@given(st.floats(-0.999, 0.999))
def test_relative_tolerance_is_as_stated(u):
    tol = answers.table()["hmnc-ex-sensitivity"]["parts"][""]["tol"]
    assert quiet("hmnc-ex-sensitivity", 19600 * math.exp(u * tol))[0]
    assert not quiet("hmnc-ex-sensitivity", 19600 * math.exp(math.copysign(1.03, u) * tol))[0]


def test_table_holds_no_plain_answer():
    text = answers.DATA.read_text(encoding="utf-8")
    doc = json.loads(text)
    for label, part, value in CASES:
        if float(value).is_integer():
            continue
        for s in {f"{value:.3f}", f"{value:.4f}", f"{value:.5f}", repr(float(value)),
                  f"{value:.3g}"}:
            if len(s.strip("-0.")) >= 2:
                assert s not in text, (label, part, s)
    # the only numbers in the file are tolerances; the descriptions hold no answer
    numbers = []

    def walk(node, key=None):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, (int, float)) and not isinstance(node, bool):
            numbers.append((key, node))
    walk(doc)
    assert {k for k, _ in numbers} == {"tol"}
    assert {v for _, v in numbers} <= {0.0, answers.ABS_TOL, answers.REL_TOL,
                                       *answers.MC_LADDER}
    for label, part, value in CASES:  # a whole-number answer is not in its exercise's text
        whats = [e["what"] for e in doc["exercises"][label]["parts"].values()]
        if float(value).is_integer() and abs(value) >= 2:
            assert not any(re.search(rf"\b{int(value)}\b", w) for w in whats), label


# --- odd inputs ------------------------------------------------------------------------

def test_numeric_types_are_accepted():
    for value in (np.float64(77 / 150), np.float32(77 / 150), np.array(77 / 150),
                  np.array([77 / 150]), Fraction(77, 150), Decimal("0.5133")):
        assert quiet("hmnc-ex-form", value)[0] is True, repr(value)
    assert quiet("int-ex-size", np.int64(400))[0] is True
    assert quiet("int-ex-size", 400.0)[0] is True
    assert quiet("int-ex-size", 400.2)[0] is False
    for huge in (1e300, -1e300, 2.0**60, 10**400, np.finfo(float).max, 5e-324):
        assert quiet("hmnc-ex-form", huge)[0] is False
        assert quiet("hmnc-ex-sensitivity", huge)[0] is False
        assert quiet("int-ex-size", huge)[0] is False


@pytest.mark.parametrize("value,error,words", [
    (float("nan"), ValueError, "nan"), (np.nan, ValueError, "nan"),
    (float("inf"), ValueError, "infinite"), (-np.inf, ValueError, "infinite"),
    (np.float32("nan"), ValueError, "nan"),
    (np.array([0.5, 0.6]), TypeError, "array"), (np.zeros((2, 2)), TypeError, "array"),
    (np.array([]), TypeError, "array"), ([0.5], TypeError, "list"),
    (True, TypeError, "True or False"), (np.bool_(False), TypeError, "True or False"),
    (1 + 2j, TypeError, "real"), ({"a": 1}, TypeError, "dict"),
])
def test_odd_values_raise_clear_errors(value, error, words):
    with pytest.raises(error, match=words):
        check("hmnc-ex-form", value)


def test_none_prints_how_to_use_it():
    ok, out = quiet("hmnc-ex-form", None)
    assert ok is False and "no answer yet" in out and "None" in out
    assert "within 0.001" in out


@pytest.mark.parametrize("label,part,words", [
    ("no-such-exercise", None, "no exercise 'no-such-exercise'"),
    ("iam-ex-balanced", None, "no numeric answer"),
    ("ac-ex-compute", None, "has parts a, b, c, d, e"),
    ("ac-ex-compute", "z", "no part 'z'"),
    ("ac-ex-compute", 1, "no part 1"),
    ("hmnc-ex-form", "a", "one answer"),
])
def test_unknown_labels_and_parts_raise_clear_errors(label, part, words):
    with pytest.raises(UnknownExercise, match=re.escape(words)):
        check(label, 0.5, part=part)


def test_label_must_be_a_string():
    with pytest.raises(TypeError, match="label"):
        check(3, 0.5)


@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**30, 10**30),
                 st.text(max_size=8), st.none(), st.booleans(), st.complex_numbers(),
                 st.lists(st.floats(), max_size=3).map(np.array),
                 st.floats(width=32).map(np.float32), st.integers(-2**62, 2**62).map(np.int64)),
       st.sampled_from([(label, part) for label, part, _ in CASES]))
def test_fuzz_check_returns_a_bool_or_raises_a_clear_error(value, case):
    label, part = case
    try:
        ok, out = quiet(label, value, part=part or None)
    except (TypeError, ValueError) as err:
        assert str(err)
    else:
        assert isinstance(ok, bool)
        assert out.startswith(label) and out.count("\n") == 1


@given(st.text(max_size=20), st.one_of(st.none(), st.text(max_size=3)))
def test_fuzz_labels_and_parts(label, part):
    known = answers.table()
    try:
        ok, _ = quiet(label, 0.5, part=part)
    except UnknownExercise as err:
        assert str(err) and not (label in known and (part or "") in known[label]["parts"])
    else:
        assert label in known and isinstance(ok, bool)


# --- every exercise is either checked or said to have no numeric answer ----------------

_EXERCISE_LABEL = re.compile(
    r"^(`{3,}|:{3,})\{exercise\}([^\n]*)\n(?::[^\n]*\n)*?:label:\s*(\S+)", re.M)


def _notebook(name):
    return json.loads((ROOT / "chapters" / f"{name}.ipynb").read_text(encoding="utf-8"))


def _exercise_labels(types=False):
    """label -> chapter (or -> the directive's title, e.g. "Computation, basic")."""
    found = {}
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"])
                for m in _EXERCISE_LABEL.finditer(text):
                    found[m[3]] = m[2].strip() if types else path.stem
    return found


def test_every_computation_exercise_is_checked():
    """An exercise whose title names its type "computation" has a check."""
    typed = _exercise_labels(types=True)
    checked = set(answers.table())
    assert not [label for label, kind in typed.items()
                if "computation" in kind.lower() and label not in checked]


def test_every_exercise_is_checked_or_has_a_reason():
    found = _exercise_labels()
    assert len(found) >= 33
    checked = {label: e["chapter"] for label, e in answers.table().items()}
    assert not set(checked) & set(answers.NO_CHECK)
    assert set(found) == set(checked) | set(answers.NO_CHECK)
    for label, chapter in checked.items():
        assert found[label] == chapter


# --- the student notebooks -------------------------------------------------------------

CHAPTERS = sorted({e["chapter"] for e in answers.table().values()})


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_add_checks_puts_one_runnable_cell_after_each_exercise(chapter):
    nb = _notebook(chapter)
    kept, _ = editions.strip_solutions(nb["cells"])
    cells = add_checks(kept, chapter)
    assert add_checks(kept, f"{chapter}.ipynb") == cells
    labels = sorted(k for k, e in answers.table().items() if e["chapter"] == chapter)
    new = [c for c in cells if c not in kept]
    checks = [c for c in new if c["cell_type"] == "code"]
    assert sorted(c["id"].removeprefix("check-") for c in checks) == labels
    # the markdown is unchanged, only split (a piece of white space alone is dropped)
    text = lambda cs: re.sub(r"\s+", " ", "".join(  # noqa: E731
        c["source"] if isinstance(c["source"], str) else "".join(c["source"])
        for c in cs if c["cell_type"] != "code"))
    assert text(cells) == text(kept)
    ids = [c["id"] for c in cells]
    assert len(ids) == len(set(ids)) and all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", i) for i in ids)
    for cell in checks:
        label = cell["id"].removeprefix("check-")
        i = cells.index(cell)
        before = cells[i - 1]["source"]
        before = before if isinstance(before, str) else "".join(before)
        assert re.search(rf":label:\s*{re.escape(label)}\s", before)
        assert before.rstrip().endswith((":::", "```"))
        # runs as it stands: every part says that it has no answer yet
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(cell["source"], {})
        assert out.getvalue().count("no answer yet") == len(answers.table()[label]["parts"])
        assert "from imbalance_lib.book.answers import check" in cell["source"]
        assert "None" in cell["source"]


def test_add_checks_splits_a_cell_with_two_exercises():
    md = {"cell_type": "markdown", "id": "m1", "metadata": {},
          "source": ":::{exercise} Computation, basic\n:label: iam-ex-hand\nQ1\n:::\n\n"
                    ":::{exercise}\n:label: iam-ex-six\nQ2\n:::\n\nAfter."}
    cells = add_checks([md], "iam")
    assert [c["cell_type"] for c in cells] == ["markdown", "code", "markdown", "code",
                                               "markdown"]
    assert [c["id"] for c in cells] == ["m1", "check-iam-ex-hand", "m1-1", "check-iam-ex-six",
                                        "m1-2"]
    assert cells[4]["source"] == "\nAfter."
    assert md["source"].startswith(":::{exercise}")  # the input is left alone


def test_student_source_calls_add_checks():
    assert "add_checks(" in Path(editions.__file__).read_text(encoding="utf-8")


# --- the table is what the solutions compute ---------------------------------------------

@pytest.mark.slow
def test_rebuilding_reproduces_the_stored_table():
    built = answer_table.dumps(answer_table.build_table(answer_table.compute()))
    assert built == answers.DATA.read_text(encoding="utf-8")


# --- text answers ------------------------------------------------------------------------

@pytest.mark.parametrize("label,part,text", [
    ("hmnc-ex-form", None, "77/150"), ("hmnc-ex-form", None, " 0.5133 "),
    ("hmnc-ex-form", None, "0.513"), ("int-ex-size", None, "400"),
    ("iba-ex-bound", "b", "1/4"), ("iba-ex-bound", "b", "0.25"), ("iba-ex-bound", "c", "9 / 8"),
    ("hmnc-ex-kappa", None, "-20/29"), ("hmnc-ex-sensitivity", None, "1.96e4"),
])
def test_a_number_written_as_text_is_read(label, part, text):
    ok, out = quiet(label, text, part=part)
    assert ok is True and ": right: " in out and f"read {text.strip()!r} as " in out


@pytest.mark.parametrize("text", ["about 0.3", "", "   ", "0,25", "1/0", "nan", "inf",
                                  "1/4/2", "x = 0.5", "0.5.1", "--1"])
def test_text_that_is_not_a_number_asks_for_one(text):
    for label, part in (("hmnc-ex-form", None), ("int-ex-size", None), ("iba-ex-bound", "b")):
        ok, out = quiet(label, text, part=part)
        assert ok is False and "give a number, such as 0.25 or 1/4" in out
        assert out.count("\n") == 1


def test_a_wrong_number_as_text_is_wrong():
    ok, out = quiet("int-ex-size", "401")
    assert ok is False and ": wrong: " in out


def test_every_verdict_says_it_is_a_self_test():
    for value in (77 / 150, 0.1, "77/150"):
        assert "a self-test, not a grade" in quiet("hmnc-ex-form", value)[1]
    assert "self-test" in answers.check.__doc__


# --- every tolerance holds what the answer key prints, with a margin ----------------------
# The rule (imbalance_lib.book.answers): an answer given to the precision asked for and
# correctly rounded is right with a margin of half the tolerance, so a tolerance is twice
# the largest rounding error of that precision: 0.001 for three decimals, 1 % for three
# significant digits; a Monte Carlo part's tolerance is the smallest of the ladder that
# is at least twice (the seeds' largest distance from the centre + 0.0005).

_SOL = re.compile(r"^\s*(`{3,}|:{3,})\{(solution-start|solution-end)\}\s*(\S*)")
_ROLE = re.compile(r"\{glue(?::\w+)?:?\}`([^`]+)`")
_NUM = re.compile(r"(?<![\w.])[-+]?(?:\d{1,3}(?:,\d{3})+|\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?"
                  r"(?:\s*/\s*\d+(?:\.\d*)?)?")


def _shown(nb: dict) -> dict[str, str]:
    """label -> the text its solution shows in the answer key: the solution's prose (glued
    values formatted as the site formats them) and the outputs of its code cells."""
    store = {o["metadata"]["scrapbook"]["name"]:
             "".join(o["data"].get("application/papermill.record/text/plain", ""))
             for c in nb["cells"] for o in c.get("outputs", [])
             if o.get("metadata", {}).get("scrapbook", {}).get("name")}

    def glued(m):
        name, _, spec = m[1].partition(":")
        text = store.get(name, "")
        try:
            return format(float(text), spec) if spec else text
        except ValueError:
            return text

    out: dict[str, list[str]] = {}
    inside = None
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            for line in source.splitlines():
                m = _SOL.match(line)
                if m:
                    inside = m[3] if m[2] == "solution-start" else None
                elif inside:
                    out.setdefault(inside, []).append(_ROLE.sub(glued, line))
        elif inside:
            for o in cell.get("outputs", []):
                out.setdefault(inside, []).append(
                    "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", "")))
    return {label: "\n".join(texts) for label, texts in out.items()}


def _numbers(text: str) -> list[float]:
    found = []
    for token in _NUM.findall(text):
        num, _, den = token.replace(",", "").replace(" ", "").partition("/")
        if not den or float(den):
            found.append(float(num) / float(den) if den else float(num))
    return found


@pytest.fixture(scope="module")
def shown() -> dict[str, list[float]]:
    out = {}
    for chapter in sorted({e["chapter"] for e in answers.table().values()}):
        for label, text in _shown(_notebook(chapter)).items():
            out[label] = _numbers(text)
    return out


def _edge(label, part, inside, step):
    """The last accepted value from ``inside`` (accepted) towards ``inside + step``
    (rejected), by bisection on the check itself."""
    ok = lambda x: quiet(label, x, part=part or None)[0]  # noqa: E731
    a, b = inside, inside + step
    assert ok(a) and not ok(b), (label, part, a, b)
    for _ in range(60):
        m = (a + b) / 2
        a, b = (m, b) if ok(m) else (a, m)
    return a


@pytest.mark.parametrize("label,part,value", CASES)
def test_the_printed_answer_passes_with_margin_and_just_outside_fails(label, part, value,
                                                                       shown):
    entry = answers.table()[label]["parts"][part]
    printed = min(shown[label], key=lambda v: abs(v - value))  # the key's number for it
    if entry["kind"] == "int":
        assert printed == value
        assert quiet(label, printed, part=part or None)[0]
        assert not quiet(label, printed + 1, part=part or None)[0]
        return
    tol = entry["tol"]
    log = entry["kind"] == "rel"
    to = (lambda x: math.log(abs(x))) if log else (lambda x: x)  # noqa: E731
    back = (lambda y: math.copysign(math.exp(y), value)) if log else (lambda y: y)  # noqa: E731
    hi = to(_edge(label, part, printed, abs(printed) * 3 * tol if log else 3 * tol))
    lo = to(_edge(label, part, printed, -abs(printed) * 3 * tol if log else -3 * tol))
    centre, half = (hi + lo) / 2, (hi - lo) / 2
    # the accepted range is the one the verdict states (the grid adds at most 2 %)
    assert tol <= half <= 1.02 * tol + 1e-12, (half, tol)
    # what the key prints lies in its middle half: rounding to the precision asked for
    # (half a unit of the last printed digit) never reaches the edge
    assert abs(to(printed) - centre) <= half / 2 + 1e-9, (printed, back(centre), half)
    # the independent value too, and a value just outside the range fails
    assert abs(to(value) - centre) <= half / 2 + 1e-9
    for y in (hi + 0.01 * tol, lo - 0.01 * tol):
        assert not quiet(label, back(y), part=part or None)[0]


@pytest.mark.parametrize("label,part,value", CASES)
def test_tolerances_are_no_wider_than_the_rule(label, part, value):
    entry = answers.table()[label]["parts"][part]
    if entry["kind"] == "int":
        assert entry["tol"] == 0
    elif entry.get("monte_carlo"):
        assert entry["tol"] in answers.MC_LADDER  # its minimality: the slow test below
    elif entry["kind"] == "abs":
        assert entry["tol"] == 2 * 0.0005  # twice the rounding error of three decimals
        # three decimals, correctly rounded, are right; two units off in the third are not
        assert quiet(label, round(value, 3), part=part or None)[0]
        assert not quiet(label, round(value, 3) + 0.002, part=part or None)[0]
    else:
        assert entry["tol"] == 2 * 0.005  # three significant digits: 0.5 % at most
        three = float(f"{value:.3g}")
        assert quiet(label, three, part=part or None)[0]
        assert not quiet(label, three * 1.02, part=part or None)[0]


@pytest.mark.slow
def test_monte_carlo_tolerances_are_the_smallest_that_hold_every_seed():
    results = answer_table.compute()
    mc = [(label, part, r) for label, parts in results.items() for part, r in parts.items()
          if r.get("monte_carlo")]
    assert len(mc) == 10
    for label, part, r in mc:
        need = 2 * (r["spread"] + 0.0005)  # every seed's value, printed, within half
        smaller = [t for t in answers.MC_LADDER if t < r["tol"]]
        assert r["tol"] >= need and r["tol"] >= answers.ABS_TOL, (label, part)
        assert not smaller or max(smaller) < need, (label, part, r["tol"], need)
