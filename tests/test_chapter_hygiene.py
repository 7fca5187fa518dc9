"""Every number in a chapter's prose is glued or quoted; chapter code stays small and visible.

* A decimal number typed in a chapter's markdown must be either glued (then it
  is not typed) or listed in ``tests/quotations/<chapter>.txt`` with its
  reason: a number quoted from a source document (with its place there) or a
  parameter of the text (a confidence level, a threshold). Section and table
  numbers (``Table 3.2``, ``Section 4.1``) are not numbers of the argument and
  are skipped, as are code spans and code blocks.
* A whole number, fraction, percentage, degree or "N times" typed in a chapter's
  markdown is a result unless ``tests/settings/<chapter>.txt`` lists it, by a phrase
  around it, as a setting of the text with its reason (the rule of what counts, and
  what never does - math constants, references, years, code spans - is in
  ``tests/typed_results.py``).
* No code cell is longer than 60 lines.
* Code removed from the page (``remove-input``/``remove-cell``) is at most 15 %
  of the chapter's code lines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typed_results import Hit, line_of, settings, typed_results, unlisted

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted(p for p in (ROOT / "chapters").glob("*.ipynb"))

QUOTES = ROOT / "tests" / "quotations"
MAX_CELL = 60
MAX_REMOVED = 0.15
REMOVED = {"remove-input", "remove-cell"}

_NUMBER = re.compile(r"(?<![\w.])[-−]?\d+\.\d+(?:[eE][-+]?\d+)?(?![\w])")
_SKIP_BEFORE = re.compile(
    r"(?:Section|Sections|Table|Tables|Fig\.|Figs\.|Figure|Figures|Theorem|Lemma|Eq\.|"
    r"Equation|Exercise|Exercises|Definition|Proposition|Corollary|Remark|Algorithm|"
    r"Example|Chapter|page|pages|p\.|pp\.|version|§)\s*(?:\d+\.\d+[,–-]\s*)*$"
)


def _prose(source: str) -> str:
    """The markdown with code blocks, code spans, directive options and comments blanked."""
    source = re.sub(r"```.*?```", " ", source, flags=re.S)
    source = re.sub(r"~~~.*?~~~", " ", source, flags=re.S)
    source = re.sub(r"<!--.*?-->", " ", source, flags=re.S)
    source = re.sub(r"`[^`\n]*`", " ", source)
    source = re.sub(r"^\s*:[\w-]+:.*$", " ", source, flags=re.M)
    source = re.sub(r"\]\([^)]*\)", "]", source)  # link targets
    return source


def typed_numbers(source: str) -> list[str]:
    """Decimal numbers typed in markdown ``source`` (see the module docstring).

    >>> typed_numbers("BA is 0.75 in Table 3.2, `x = 0.5`, and {glue:text}`a:.3f`.")
    ['0.75']
    >>> typed_numbers("$\\\\pi = 0.02$ and IR = 1.5; see Sections 2.1-2.3")
    ['0.02', '1.5']
    """
    text, found = _prose(source), []
    for m in _NUMBER.finditer(text):
        if _SKIP_BEFORE.search(text[max(0, m.start() - 40): m.start()]):
            continue
        found.append(m.group().replace("−", "-").lstrip("-"))
    return found


def allowed(chapter: str) -> set[str]:
    """The numbers a chapter may type: the first word of each line of its quotation list."""
    path = QUOTES / f"{chapter}.txt"
    if not path.exists():
        return set()
    lines = path.read_text().splitlines()
    return {ln.split()[0] for ln in lines if ln.strip() and not ln.startswith("#")}


def _cells(path):
    return json.loads(path.read_text())["cells"]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_no_typed_number(path):
    ok = allowed(path.stem)
    bad = []
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "markdown":
            bad += [(i, x) for x in typed_numbers("".join(cell["source"])) if x not in ok]
    assert not bad, (
        f"{path.name}: decimal numbers typed in the prose (glue them, or list a quotation "
        f"in tests/quotations/{path.stem}.txt with its source): {bad}")


# Chapters being rewritten on other branches while this check was written: their hits
# are listed by the check's report, not failed. Empty this set as each is converted
# (glue its results, list its settings in tests/settings/<chapter>.txt).
PENDING_RESULTS: set[str] = set()


def result_report(path) -> tuple[list[tuple[int, str, str]], list]:
    """The typed results of a chapter no setting covers, as (cell, number, source line),
    and the settings that cover nothing."""
    allowed = settings(path.stem)
    bad, used = [], set()
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "markdown":
            continue
        source = "".join(cell["source"])
        left, covered = unlisted(source, allowed)
        bad += [(i, h.text, line_of(source, h)) for h in left]
        used |= covered
    return bad, [s for s in allowed if s not in used]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_no_typed_result(path):
    if path.stem in PENDING_RESULTS:
        pytest.skip(f"{path.stem}: being converted; its typed results are reported by "
                    f"result_report until then")
    bad, stale = result_report(path)
    assert not bad, (
        f"{path.name}: results typed in the prose (glue them, or list a setting with its "
        f"reason in tests/settings/{path.stem}.txt): {bad}")
    assert not stale, f"tests/settings/{path.stem}.txt: entries that match nothing: {stale}"


def test_the_result_check_can_fail(tmp_path, monkeypatch):
    typed = ("By form (2), $\\mathrm{HMNC} = 0.7 \\cdot 0.5 \\cdot 1100/750 = 77/150$. "
             "Only 300 majority samples are left; the isolines turn through 45°, and IAM "
             "spans more than 100 times accuracy's span, in 3 of 5 repetitions.")
    assert [h.text for h in typed_results(typed)] == ["77/150", "300", "45°", "100 times",
                                                     "3", "5"]
    glued = ("By form (2), $\\mathrm{HMNC} =$ {glue:text}`h-frac`. Only {glue:text}`h-left` "
             "samples are left, with $P = 1000$ and $\\alpha = 1/2$ (Table 3, Burduk 2020, "
             "Section 4.1), 5-fold, from 0 to 1, digit \"6\", `n = 300` in code.")
    assert typed_results(glued) == []
    # a setting covers its own place only, and a setting that matches nothing is reported
    monkeypatch.setattr("typed_results.SETTINGS", tmp_path)
    (tmp_path / "demo.txt").write_text("5 | in 3 of 5 repetitions | the design\n"
                                       "7 | of 7 folds | nowhere in the text\n")
    left, used = unlisted(typed, settings("demo"))
    assert [h.text for h in left] == ["77/150", "300", "45°", "100 times", "3"]
    assert [s.number for s in used] == ["5"]
    assert isinstance(left[0], Hit) and "77/150" in line_of(typed, left[0])
    (tmp_path / "bad.txt").write_text("5 | in 3 of repetitions | no number in the phrase\n")
    with pytest.raises(ValueError, match="phrase containing it"):
        settings("bad")


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_code_cells_short_and_visible(path):
    total = removed = 0
    long_cells = []
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "code":
            continue
        n = len("".join(cell["source"]).splitlines())
        total += n
        if set(cell.get("metadata", {}).get("tags", [])) & REMOVED:
            removed += n
        if n > MAX_CELL:
            long_cells.append((i, n))
    assert not long_cells, f"{path.name}: code cells over {MAX_CELL} lines: {long_cells}"
    assert removed <= MAX_REMOVED * total, (
        f"{path.name}: {removed} of {total} code lines removed from the page "
        f"(at most {MAX_REMOVED:.0%})")


def test_the_checks_can_fail():
    assert typed_numbers("the pick survives in 0.8 of the splits") == ["0.8"]
    assert typed_numbers("Table 4.1 of the document") == []


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_kernel_named_as_jupyter_names_it(path):
    # ipykernel's own kernel spec is "Python 3 (ipykernel)": a notebook that says
    # otherwise is rewritten, and shown as changed, the moment JupyterLab opens it
    spec = json.loads(path.read_text())["metadata"]["kernelspec"]
    assert spec == {"display_name": "Python 3 (ipykernel)", "language": "python",
                    "name": "python3"}, spec


NEGATIVE_ZERO = re.compile(r"(?<![\w.])-0\.0+(?![\d.])")


def _outputs_text(nb: dict) -> str:
    parts = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            for kind in ("text/plain", "text/markdown", "text/html"):
                parts.append("".join(data.get(kind, "")))
            parts.append("".join(out.get("text", "")))
    return "\n".join(parts)


@pytest.mark.parametrize("path", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_no_negative_zero_in_outputs(path):
    """A value that rounds to zero shows as zero: "-0.0000" reads as a sign that is not there."""
    found = NEGATIVE_ZERO.findall(_outputs_text(json.loads(path.read_text())))
    assert found == [], f"{path.name}: {len(found)} negative zeros, e.g. {found[:3]}"


def test_the_negative_zero_check_can_fail():
    assert NEGATIVE_ZERO.findall("| -0.0000 | 0.0000 | -0.013 | x-0.000 | -0.0002 |") == ["-0.0000"]


# Metric names are upright in math, as the notation page writes them ($\mathrm{TPR}$, not
# $TPR$, which reads as the product T·P·R). The names: every \mathrm{..} acronym of the
# notation page, every acronym the glossary defines, and the documents' own names.
_NOTATION = (ROOT / "chapters" / "notation.md").read_text()
_GLOSSARY = (ROOT / "chapters" / "glossary.md").read_text()
ACRONYMS = (set(re.findall(r"\\mathrm\{([A-Z][A-Z0-9]+)\}", _NOTATION))
            | set(re.findall(r"^([A-Z][A-Z0-9]+)\s*$", _GLOSSARY, flags=re.M))
            | {"FNR", "PPV", "BACC", "HM", "MK", "PRC", "REC", "SEL", "MR", "AUROC", "AUPRC", "AP"})
_MATH_PAGES = CHAPTERS + [ROOT / "intro.md", ROOT / "chapters" / "notation.md",
                          ROOT / "chapters" / "glossary.md"]


_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,}|:{3,})(.*)$")


def _math(source: str) -> list[str]:
    """The math of markdown ``source``: $...$, $$...$$ and {math} blocks; code left out.

    Fences pair by character and length, so a directive's closing fence never opens a
    code block; fence markers go (their back-ticks are no code span), titles stay."""
    kept, maths, stack = [], [], []
    for line in source.split("\n"):
        m = _FENCE.match(line)
        if m:
            fence, info = m.group(1), m.group(2).strip()
            if stack and fence[0] == stack[-1][0][0] and len(fence) >= len(stack[-1][0]) \
                    and not info:
                stack.pop()
                continue
            if not (stack and stack[-1][1] != "prose"):
                kind = ("prose" if fence[0] == ":" or (info.startswith("{") and not
                        info.startswith(("{code", "{math}"))) else
                        "math" if info.startswith("{math}") else "code")
                stack.append((fence, kind))
                kept.append(re.sub(r"^[ \t]*[`~:]{3,}(\{[^}]*\})?", " ", line) if kind == "prose"
                            else "")
                continue
        kind = stack[-1][1] if stack else "prose"
        if kind == "math" and not re.match(r"\s*:[\w-]+:", line):
            maths.append(line)
        kept.append(line if kind == "prose" else "")
    source = "\n".join(kept)
    source = re.sub(r"^\s*:[\w-]+:.*$", " ", source, flags=re.M)
    source = re.sub(r"`[^`\n]*`", " ", source).replace(r"\$", " ")
    maths += re.findall(r"\$\$(.+?)\$\$", source, flags=re.S)
    source = re.sub(r"\$\$(.+?)\$\$", " ", source, flags=re.S)
    return maths + re.findall(r"\$([^$]+)\$", source)


def bare_acronyms(math: str) -> list[str]:
    """Metric acronyms of ``math`` outside \\mathrm{..}, \\text{..}, \\operatorname{..}."""
    math = re.sub(r"\\(?:mathrm|text|operatorname|mathit|label|tag)\{[^{}]*\}|\\[A-Za-z]+", " ", math)
    return [t for t in re.findall(r"(?<![A-Za-z])[A-Z][A-Z0-9]+(?![A-Za-z])", math)
            if t in ACRONYMS]


def _markdown_sources(path):
    if path.suffix == ".md":
        return [path.read_text()]
    return ["".join(c["source"]) for c in _cells(path) if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("path", _MATH_PAGES, ids=lambda p: p.stem)
def test_metric_names_upright_in_math(path):
    found = [t for src in _markdown_sources(path) for m in _math(src) for t in bare_acronyms(m)]
    assert found == [], f"{path.name}: write \\mathrm{{..}} for {sorted(set(found))}"


def test_the_upright_check_can_fail():
    assert {"TPR", "TNR", "BA", "IR"} <= ACRONYMS
    assert bare_acronyms(r"\mathrm{BA} = (TPR + \mathrm{TNR})/2,\ \mathrm{IR} = N/P") == ["TPR"]
    assert _math("We have $TPR$ and `$TNR$` and\n$$\nIR\n$$") == ["\nIR\n", "TPR"]
    # math inside back-tick directives counts; code blocks do not
    fenced = ("````{solution-end}\n````\n\n````{exercise} Proof\n:label: x\n\nShow $IAM$.\n"
              "````\n\n```python\nx = '$TPR$'\n```\n\n```{math}\nGM\n```")
    assert _math(fenced) == ["GM", "IAM"]
    assert bare_acronyms(r"\text{TPR} + PN + J") == []


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_sample_count_is_n(path):
    """The notation page writes n for the number of samples; no chapter defines M = P + N."""
    maths = [m for src in _markdown_sources(path) for m in _math(src)]
    assert not [m for m in maths if re.search(r"(?<![\w\\])M\s*=\s*P\s*\+\s*N", m)]


# The same rule for math that code writes: the stored outputs of pages whose tables set
# math (the synthesis shows the registry's values too), the registry's formulas (the
# metric reference shows them), and the library's docstrings (the library reference).
_OUTPUT_MATH_PAGES = [ROOT / "chapters" / f"{name}.ipynb"
                      for name in ("balanced_accuracy", "iam", "metric_reference", "synthesis")]
_OUTPUT_KINDS = ("text/html", "text/markdown", "text/latex")


def _output_math(path) -> list[str]:
    """The math of a notebook's stored outputs (html, markdown and latex forms)."""
    return [m for cell in _cells(path) for out in cell.get("outputs", [])
            for kind in _OUTPUT_KINDS if kind in out.get("data", {})
            for m in _math("".join(out["data"][kind]))]


@pytest.mark.parametrize("path", _OUTPUT_MATH_PAGES, ids=lambda p: p.stem)
def test_metric_names_upright_in_output_math(path):
    maths = _output_math(path)
    assert maths, f"{path.name}: no math found in the stored outputs (not executed?)"
    found = [t for m in maths for t in bare_acronyms(m)]
    assert found == [], f"{path.name}: outputs write {sorted(set(found))} without \\mathrm{{..}}"


def test_metric_names_upright_in_registry_math():
    from imbalance_lib.registry import METRICS

    found = {(name, part): bare_acronyms(getattr(m, part))
             for name, m in METRICS.items()
             for part in ("latex", "all_positive", "all_negative", "random")}
    assert {k: v for k, v in found.items() if v} == {}


def _docstring_math(source: str) -> list[str]:
    """The math of a module's docstrings: :math:`..` roles and ``.. math::`` blocks."""
    maths = re.findall(r":math:`([^`]*)`", source)
    for block in re.finditer(r"^([ \t]*)\.\. math::(.*(?:\n(?:\1[ \t]+.*|[ \t]*))*)", source,
                             flags=re.M):
        maths.append(block.group(2))
    return maths


@pytest.mark.parametrize("path", sorted((ROOT / "imbalance_lib").glob("*.py")),
                         ids=lambda p: p.stem)
def test_metric_names_upright_in_library_docstrings(path):
    found = [t for m in _docstring_math(path.read_text()) for t in bare_acronyms(m)]
    assert found == [], f"{path.name}: write \\mathrm{{..}} for {sorted(set(found))}"


def test_the_code_math_checks_can_fail():
    out = {"outputs": [{"data": {"text/markdown": ["| $TPR$ | $\\mathrm{BA}$ |"],
                                 "text/plain": ["$GM$"]}}]}
    assert [bare_acronyms(m) for c in [out] for o in c["outputs"] for k in _OUTPUT_KINDS
            if k in o["data"] for m in _math("".join(o["data"][k]))] == [["TPR"], []]
    doc = ("Rate :math:`TPR = TP/P`.\n\n    .. math::\n\n        MCC = \\frac{a}{b}\n"
           "          + \\mathrm{BA}\n\n    Text $GM$ after.\n")
    assert [bare_acronyms(m) for m in _docstring_math(doc)] == [["TPR", "TP"], ["MCC"]]


# The running text speaks about metrics, not about the machinery that checks the book:
# none of these words in a page's prose (code spans, roles and their targets, labels,
# directive options and `% claims:` comments are not prose).
JARGON = re.compile(r"claims?[- ]checker|\bcheckers?\b|\bbattery\b|\bregistry\b|Nelder[-–]Mead|"
                    r"\bhash(?:ed|es)?\b|findings record|\bstored results?\b|\bstored with\b", re.I)
# the library reference documents the library's own objects (its registry among them)
PAGES = sorted(p for p in [*CHAPTERS, *(ROOT / "chapters").glob("*.md"),
                           *(ROOT / "chapters").glob("*/*.ipynb"), *(ROOT / "chapters").glob("*/*.md"),
                           ROOT / "intro.md"]
               if p.name != "api_reference.md")


def _running_text(text: str) -> str:
    text = re.sub(r"^(?:\s*%.*|\(\S+\)=|\s*:[\w-]+:.*|\s*(?:`{3,}|:{3,}).*)$", "", text, flags=re.M)
    text = re.sub(r"\{[\w:-]+\}`[^`]*`", "", text)  # roles: glue, ref, term, cite ...
    return re.sub(r"`[^`\n]*`", "", text)  # code spans


def jargon(text: str) -> list[str]:
    return [m[0] for m in JARGON.finditer(_running_text(text))]


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_checking_jargon_in_prose(path):
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    assert not jargon(text), f"{path.name}: {jargon(text)}"


def test_the_jargon_check_can_fail():
    assert jargon("The claim checker tries a battery of matrices.") == ["claim checker", "battery"]
    assert jargon("The registry's hash and a Nelder-Mead search.") == ["registry", "hash", "Nelder-Mead"]
    assert not jargon("{glue:text}`iam-battery-n` matrices, `imbalance_lib.registry.METRICS`")
    assert not jargon("(iam-sec-battery)=\n% claims: battery\n:name: registry-fig")


# A table of more rows of decimals than this is folded (``hide-output`` on its cell, or a
# ``{dropdown}`` around a markdown table): open on paper, one click away on the site.
# The course map is exempt: its list of every exercise is a planning table, read whole.
MAX_OPEN_ROWS = 14
NOT_READING = {"course_map"}


@pytest.mark.parametrize("path", [p for p in CHAPTERS if p.stem not in NOT_READING],
                         ids=lambda p: p.stem)
def test_no_long_open_table(path):
    from imbalance_lib.book.open_tables import open_numbers

    rows = open_numbers(path)["largest_table"]
    assert rows <= MAX_OPEN_ROWS, (
        f"{path.name}: an open table of {rows} rows of decimals (fold it: hide-output)")
