"""Whole numbers, fractions, percentages, degrees and "N times" typed in a chapter's prose.

The decimal check of ``test_chapter_hygiene.py`` catches ``0.75``; this one catches the
other ways a result can be typed: ``300``, ``77/150``, ``80 %``, ``45°``, "more than
``100 times``". A hit must be glued ({glue:text}) or listed in the chapter's allow-list
``tests/settings/<chapter>.txt`` with a reason.

What is never a hit (the rule, in the order it is applied):

* code blocks, code spans (so every glued value and every role target: ``{eq}`..```,
  ``{cite}`..```), comments (``% claims:``), directive options, link targets and
  ``(label)=`` targets;
* list markers (``1.`` at the start of a line) and references in parentheses:
  ``(3)``, ``*(2)*`` (an item, a form or an equation of the text);
* numbers in quotation marks (``"6"``: a name such as a digit class, or a quotation);
* section, table, figure, equation, exercise, item, part, step, property, form, class
  and type numbers (``Table 13``, ``class 4``, ``Sections 2-3``), page numbers;
* years (1900 to 2039, not followed by a word: ``Burduk (2020)``);
* a bare 0 or 1 in prose (the ends of every rate's scale, "from 0 to 1"), and the
  notations ``0/0`` (an undefined value) and ``0/1`` (binary labels);
* a number joined to a word by a hyphen (``5-fold``, ``1-NN``, ``10-class``): the
  name of a design;
* inside math, a number is a formula constant (``1/2``, ``k = 2``, ``P = 1000`` set
  as a value) *unless* it is the value of a computation on numbers: it follows ``=``
  or ``\\approx`` whose other side is arithmetic on numbers, with no variable
  (``0.7 \\cdot 0.5 \\cdot 1100/750 = 77/150``, ``140^2``), or it is written with
  thousands separators (``-2PN/(P^2 + N^2) = -800\\,000/1\\,160\\,000``).

Everything else - counts, sizes, fractions, percentages, degrees, factors - is either a
result (glue it) or a setting of the text (a seed, a sample size, a number given in an
exercise's statement, a quotation): the allow-list names it by a phrase of the source
that contains it, so the same number elsewhere in the chapter is still checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SETTINGS = Path(__file__).resolve().parent / "settings"

# a whole number, with thousands separated by commas, spaces or thin spaces, or by
# "\," in math; then optionally "/ whole number"
_INT = (r"\d{1,3}(?:,\d{3})+(?!\d)|\d{1,3}(?:(?:[ \u202f\u2009]|\\,)\d{3})+(?![\d,])|\d+")
_NUM = rf"(?:{_INT})(?:\s*/\s*(?:{_INT}))?"
_PROSE_HIT = re.compile(
    rf"(?<![\w.,/\\^_{{}}'’-])(?P<num>{_NUM})(?!\.\d|,\d|/\d)"
    rf"(?P<unit>\s*(?:%|°|times\b))?(?![\w-]|\.\d)")
_MATH_HIT = re.compile(
    rf"(?P<left>[^=]*?)(?:=|\\approx)\s*(?P<num>-?{_NUM})(?![\d.])(?P<unit>\s*(?:\\%|\^\\circ|\^{{\\circ}}))?"
    rf"\s*(?=$|[,;.)\]]|\\[;!]|\\,\s*(?:$|[,;.])|\\quad|\\qquad|\\text\{{|\\\\|\\end|=|\\approx|<|>|\\le)")
_REF_BEFORE = re.compile(
    r"(?:Section|Sections|Table|Tables|Fig\.|Figs\.|Figure|Figures|Theorem|Theorems|Lemma|"
    r"Eq\.|Eqs\.|Equation|Exercise|Exercises|Example|Examples|Definition|Proposition|"
    r"Corollary|Remark|Algorithm|Chapter|page|pages|p\.|pp\.|version|§|[Ii]tems?|[Pp]arts?|"
    r"[Ss]teps?|[Cc]ases?|[Pp]ropert(?:y|ies)|[Ff]orms?|[Cc]lass(?:es)?|[Tt]ypes?)"
    r"\s*(?:[\d.]+\s*(?:,|–|-|and|or|to)\s*)*$")
_QUOTED = re.compile(r"\"\d+\"|“\d+”|‘\d+’|'\d+'")


@dataclass(frozen=True)
class Hit:
    """A typed number: its text (``"77/150"``, ``"45°"``), where it starts in the markdown."""

    text: str
    start: int
    end: int


def _blank(text: str, pattern: str, flags: int = 0) -> str:
    """``text`` with every match of ``pattern`` replaced by spaces (newlines kept)."""
    return re.sub(pattern, lambda m: re.sub(r"[^\n]", " ", m.group()), text, flags=flags)


def _prose_and_math(source: str) -> tuple[str, list[tuple[int, int]]]:
    """``source`` with everything that is no prose blanked (same length), and the spans
    of its math (``$..$``, ``$$..$$`` and ``{math}`` blocks)."""
    maths = [(m.start(1), m.end(1)) for m in
             re.finditer(r"^```\{math\}[^\n]*\n(.*?)^```", source, flags=re.S | re.M)]
    text = _blank(source, r"^```\{math\}[^\n]*\n.*?^```", re.S | re.M)
    text = _blank(text, r"```.*?```|~~~.*?~~~", re.S)
    text = _blank(text, r"<!--.*?-->", re.S)
    text = _blank(text, r"`[^`\n]*`")
    text = _blank(text, r"^\s*:[\w-]+:.*$|^%.*$|^\s*\(?[\w-]+\)=\s*$", re.M)
    text = _blank(text, r"\]\([^)]*\)")
    text = text.replace(r"\$", "  ")
    for m in re.finditer(r"\$\$(.+?)\$\$|\$((?:[^$\n]|\n(?![ \t]*\n))+)\$", text,
                         flags=re.S):
        g = 1 if m.group(1) is not None else 2
        maths.append((m.start(g), m.end(g)))
    for a, b in maths:
        text = text[:a] + re.sub(r"[^\n]", " ", text[a:b]) + text[b:]
    text = _blank(text, r"^\s*\d+[.)](?=\s)", re.M)
    text = _blank(text, r"\*?\(\d+\)\*?")
    text = _blank(text, _QUOTED.pattern)
    return text, maths


_TERM_SPLIT = (r"=|\\approx|,|;|<|>|\\[lg]e(?:q)?\b|\\ne\b|\\mid\b|\\quad\b|\\qquad\b|"
               r"\\[;:!]|\\text\{[^}]*\}|\\(?:to|in|iff|implies)\b")


def _numeric(left: str, num: str) -> bool:
    """Whether ``left = num`` states the value of a computation on numbers: the term
    before the ``=`` holds numbers and no variables (``0.7 \\cdot 0.5 \\cdot 1100/750``,
    ``140^2``), or ``num`` is written with thousands separators (a count, never a
    formula constant)."""
    if re.search(r"\\,\d{3}", num):
        return True
    term = re.sub(r"(?<=[A-Za-z}\]])\s*\([^()]*\)", " ", left)  # arguments: \kappa(0, 1)
    term = re.split(_TERM_SPLIT, term)[-1]
    term = re.sub(r"\\[A-Za-z]+", " ", term)
    return bool(re.search(r"\d", term)) and not re.search(r"[A-Za-z]", term)


def _whole(num: str) -> int | None:
    if "/" in num:
        return None
    return int(re.sub(r"[^\d]", "", num))


def typed_results(source: str) -> list[Hit]:
    """The typed results of markdown ``source`` (see the module docstring).

    >>> [h.text for h in typed_results("HMNC is $0.7 \\\\cdot 0.5 \\\\cdot 1100/750 = 77/150$; "
    ...  "only 300 samples are left, it turns through 45° and is 100 times larger.")]
    ['77/150', '300', '45°', '100 times']
    >>> typed_results("With $P = 1000$ and $\\\\alpha = 1/2$ (Table 3, Burduk 2020), "
    ...               "{glue:text}`x-n` of 5-fold runs, from 0 to 1, form (2), digit \\"6\\".")
    []
    """
    text, maths = _prose_and_math(source)
    hits = []
    for m in _PROSE_HIT.finditer(text):
        num, unit = m.group("num"), (m.group("unit") or "").strip()
        if re.fullmatch(r"0\s*/\s*[01]", num):  # notation: 0/0 undefined, 0/1 labels
            continue
        value = _whole(num)
        if not unit and value is not None:
            if value in (0, 1):
                continue
            after = text[m.end():]
            if 1900 <= value <= 2039 and re.fullmatch(r"\d{4}", num) \
                    and not re.match(r"\s*[A-Za-z]", after):
                continue
        if _REF_BEFORE.search(text[max(0, m.start() - 40): m.start()]):
            continue
        hits.append(Hit(text[m.start(): m.end()].strip(), m.start(), m.end()))
    for a, b in maths:
        math = source[a:b]
        for m in _MATH_HIT.finditer(math):
            if _numeric(m.group("left"), m.group("num")):
                hits.append(Hit(m.group("num") + (m.group("unit") or ""),
                                a + m.start("num"), a + m.end("num")))
    return sorted(hits, key=lambda h: h.start)


@dataclass(frozen=True)
class Setting:
    """An allowed typed number: the number, a phrase of the source around it, the reason."""

    number: str
    phrase: str
    reason: str


def settings(chapter: str) -> list[Setting]:
    """The allow-list of ``chapter``: lines ``number | phrase | reason`` of
    ``tests/settings/<chapter>.txt`` (``#`` starts a comment line; the phrase, a piece
    of the markdown source that contains the number, may itself hold ``" | "``)."""
    path = SETTINGS / f"{chapter}.txt"
    if not path.exists():
        return []
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        number, _, rest = line.partition(" | ")
        phrase, _, reason = rest.rpartition(" | ")
        parts = [number.strip(), phrase.strip(), reason.strip()]
        if not all(parts) or parts[0] not in parts[1]:
            raise ValueError(f"{path.name}:{n}: want 'number | phrase containing it | "
                             f"reason', got {line!r}")
        out.append(Setting(*parts))
    return out


def unlisted(source: str, allowed: list[Setting]) -> tuple[list[Hit], set[Setting]]:
    """The hits of ``source`` no setting covers, and the settings that covered one.

    A setting covers a hit when its phrase occurs in ``source`` around the hit (any run of
    white space in the phrase matches any run in the source, line breaks included) and
    the hit's text is the setting's number.
    """
    left, used = [], set()
    for hit in typed_results(source):
        cover = None
        for s in allowed:
            if s.number != hit.text:
                continue
            for m in re.finditer(r"\s+".join(map(re.escape, s.phrase.split())), source):
                if m.start() <= hit.start and hit.end <= m.end():
                    cover = s
                    break
            if cover:
                break
        if cover:
            used.add(cover)
        else:
            left.append(hit)
    return left, used


def line_of(source: str, hit: Hit) -> str:
    """The source line that holds ``hit`` (for a report)."""
    start = source.rfind("\n", 0, hit.start) + 1
    end = source.find("\n", hit.end)
    return source[start: end if end >= 0 else None].strip()
