"""Glued values and citations written into the markdown of the JupyterLab student notebooks."""

from __future__ import annotations

import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Student notebooks for JupyterLab
# ---------------------------------------------------------------------------------------
# jupyterlab-myst renders MyST but knows neither myst-nb's glue nor sphinxcontrib-bibtex's
# citations: a glued number shows as its name and a citation as "⚠ key". The student
# notebooks therefore carry the stored values and the author-year text in their markdown.

_GLUE_ROLE = re.compile(r"\{glue(?::(?P<kind>text|md|any))?:?\}`(?P<body>[^`]+)`")
_GLUE_FIGURE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{glue(?::figure)?\}\s*(?P<name>\S+)[ \t]*$", re.M)
_CITE_ROLE = re.compile(r"\{cite(?::(?P<mode>[pt]))?\}`(?P<keys>[^`]+)`")
_RECORD = "application/papermill.record/"
_GLUE_CALL = re.compile(r"\bglue(?:_value|_findings)?\(")
_TERM_ROLE = re.compile(r"\{term\}`(?P<text>[^`<]+?)\s*(?:<[^`>]+>)?`")
_DISPLAY_MATH = re.compile(r"^(?P<indent>[ \t]*)\$\$(?P<body>.*?)\$\$(?P<tail>[^\n]*)$", re.M | re.S)
_PROOF = re.compile(r"^(?P<open>\s*(?:`{3,}|:{3,})\{prf:proof\}.*)$", re.M)


def glue_store(cells: list[dict]) -> dict[str, dict]:
    """Every value glued in ``cells``: its name -> its stored MIME bundle."""
    store = {}
    for cell in cells:
        for out in cell.get("outputs", []):
            name = out.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                store[name] = {k.removeprefix(_RECORD): v for k, v in out.get("data", {}).items()}
    return store


def _text(value) -> str:
    return value if isinstance(value, str) else "".join(value)


def resolve_glue(text: str, store: dict[str, dict]) -> str:
    """The markdown with every glue role replaced by its stored value, as the site shows it.

    ``{glue:text}`name:fmt``` is formatted exactly as myst-nb does; ``{glue:md}`` and
    ``{glue}`` take the stored markdown (or the plain text). An unknown name is an error.

    >>> store = {"x": {"text/plain": "0.12345"}, "m": {"text/markdown": "**b**"}}
    >>> resolve_glue("x = {glue:text}`x:.3f`, {glue:md}`m`, {glue:text}`x`.", store)
    'x = 0.123, **b**, 0.12345.'
    """
    from myst_nb.core.variables import format_plain_text

    def one(m: re.Match) -> str:
        kind, body = m["kind"] or "any", m["body"]
        key, _, fmt = body.rpartition(":") if ":" in body else (body, "", "")
        if key not in store:
            raise KeyError(f"no glued value named {key!r}")
        data = store[key]
        if kind == "text" or "text/markdown" not in data:
            return format_plain_text(_text(data["text/plain"]), fmt or "s")
        return _text(data["text/markdown"]).strip()

    return _GLUE_ROLE.sub(one, text)


def resolve_glue_figures(cell: dict, store: dict[str, dict]) -> dict:
    """A markdown cell whose ``{glue:figure}`` directives show the stored image (a cell attachment)."""
    text = _text(cell["source"])
    attachments = dict(cell.get("attachments", {}))

    def one(m: re.Match) -> str:
        name = m["name"]
        data = store[name]
        mime = next(k for k in ("image/png", "image/jpeg", "image/svg+xml") if k in data)
        file = name + {"image/png": ".png", "image/jpeg": ".jpg", "image/svg+xml": ".svg"}[mime]
        attachments[file] = {mime: data[mime]}
        return f"{m['fence']}{{figure}} attachment:{file}"

    new_text = _GLUE_FIGURE.sub(one, text)
    if new_text == text:
        return cell
    new = dict(cell, source=new_text)
    new["attachments"] = attachments
    return new


@functools.lru_cache(maxsize=1)
def _bibliography() -> dict[str, tuple[list[str], str]]:
    """references.bib: key -> (last names of the authors, year), LaTeX turned into text."""
    from pybtex.database import parse_file
    from pybtex.richtext import Text

    def plain(s: str) -> str:
        return Text.from_latex(s).render_as("text")

    out = {}
    for key, entry in parse_file(str(ROOT / "references.bib")).entries.items():
        people = entry.persons.get("author") or entry.persons.get("editor") or []
        names = [plain(" ".join(p.prelast_names + p.last_names)) for p in people]
        out[key] = (names, entry.fields.get("year", "n.d."))
    return out


def _authors(names: list[str]) -> str:
    if len(names) >= 3 or "others" in names:
        return f"{names[0]} et al."
    return " and ".join(names)


def cite_text(keys: str, mode: str = "p") -> str:
    """Author-year text of a citation, as the site prints it (``t``: textual, ``p``: parenthetical).

    >>> cite_text("burduk2020", "t"), cite_text("nadeau2003,bengio2004")
    ('Burduk [2020]', '[Nadeau and Bengio, 2003; Bengio and Grandvalet, 2004]')
    """
    bib = _bibliography()
    refs = [bib[k.strip()] for k in keys.split(",")]
    if mode == "t":
        return "; ".join(f"{_authors(names)} [{year}]" for names, year in refs)
    return "[" + "; ".join(f"{_authors(names)}, {year}" for names, year in refs) + "]"


def resolve_cites(text: str) -> str:
    """The markdown with every ``{cite}`` role replaced by its author-year text."""
    return _CITE_ROLE.sub(lambda m: cite_text(m["keys"], m["mode"] or "p"), text)


def _only_glue(out: dict) -> bool:
    return bool(out.get("data")) and all(k.startswith(_RECORD) for k in out["data"])


def _names(source: str, stored: bool) -> set[str]:
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:  # an IPython magic: nothing it defines is tracked
        return set()
    kind = ast.Store if stored else ast.Load
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, kind)}


# Cross-references and numbering
# ---------------------------------------------------------------------------------------
# A notebook open in JupyterLab sees no other page: a glossary term cannot link to the
# glossary (jupyterlab-myst logs "Cross reference target was not found" and shows the
# bare word), so it becomes its text. jupyterlab-myst numbers figures, equations, proofs
# and exercises 1, 2, ... per kind; the site numbers them per kind within the chapter's
# number (Theorem 3.2, Fig. 3.1, (3.4)) and leaves proofs unnumbered. A front-matter
# block in the first cell gives every number the chapter's prefix, and proofs lose theirs.

def resolve_terms(text: str) -> str:
    """The markdown with every ``{term}`` role replaced by the words it shows.

    >>> resolve_terms("{term}`balanced accuracy <BA>` and {term}`IBA`")
    'balanced accuracy and IBA'
    """
    return _TERM_ROLE.sub(lambda m: m["text"].strip(), text)


def unnumbered_proofs(text: str) -> str:
    r"""The markdown with every ``{prf:proof}`` directive marked ``:nonumber:``.

    >>> unnumbered_proofs(":::{prf:proof}\nBody.\n:::")
    ':::{prf:proof}\n:nonumber:\nBody.\n:::'
    """
    return _PROOF.sub(lambda m: m["open"] + "\n:nonumber:", text)


def unnumbered_equations(text: str) -> str:
    r"""The markdown with every display equation that has no label made an unnumbered
    ``{math}`` block (the site numbers labelled equations only; jupyterlab-myst all of them).

    >>> unnumbered_equations("$$\na = b\n$$\n\n$$ c $$ (eq-c)")
    '```{math}\n:enumerated: false\na = b\n```\n\n$$ c $$ (eq-c)'
    """
    def one(m: re.Match) -> str:
        if re.fullmatch(r"\s*\([\w-]+\)\s*", m["tail"]):
            return m[0]
        indent, body = m["indent"], m["body"].strip("\n")
        return (f"{indent}```{{math}}\n{indent}:enumerated: false\n{body}\n{indent}```"
                + m["tail"])
    return _DISPLAY_MATH.sub(one, text)


@functools.lru_cache(maxsize=1)
def chapter_numbers() -> dict[str, int]:
    """Chapter (file stem) -> its number on the site, counted over the numbered parts of
    ``_toc.yml`` in order (the site numbers them continuously)."""
    import yaml  # type: ignore[import-untyped]

    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [c["file"] for part in toc.get("parts", []) if part.get("numbered")
             for c in part["chapters"]]
    return {Path(f).stem: i for i, f in enumerate(files, start=1)}


def numbering_frontmatter(chapter: str | None) -> str:
    r"""The front matter that makes jupyterlab-myst number as the site does ("" for a page
    the site does not number).

    >>> numbering_frontmatter("iba")
    '---\nnumbering:\n  enumerator: 2.%s\n---\n'
    """
    number = chapter_numbers().get(chapter or "")
    return f"---\nnumbering:\n  enumerator: {number}.%s\n---\n" if number else ""


_IMAGES = {"image/png": ".png", "image/jpeg": ".jpg", "image/svg+xml": ".svg"}


def output_figure(cell: dict) -> dict | None:
    """For a code cell whose image output the site shows as a numbered figure (myst-nb's
    ``mystnb.figure`` metadata: caption and name), a markdown cell holding that image as a
    captioned, labelled ``{figure}`` (so that JupyterLab numbers it and resolves references
    to it); the image outputs are taken out of ``cell``. None for any other cell."""
    spec = cell.get("metadata", {}).get("mystnb", {}).get("figure")
    images = [o for o in cell.get("outputs", []) if set(_IMAGES) & set(o.get("data", {}))]
    if not spec or not images:
        return None
    name = spec.get("name") or f"figure-{cell.get('id', 'cell')}"
    mime = next(k for k in _IMAGES if k in images[0]["data"])
    file = name + _IMAGES[mime]
    cell["outputs"] = [o for o in cell["outputs"] if o not in images]
    text = f"```{{figure}} attachment:{file}\n:name: {name}\n\n{spec.get('caption', '')}\n```"
    return {"cell_type": "markdown", "id": f"{cell.get('id', name)}-figure", "metadata": {},
            "attachments": {file: {mime: images[0]["data"][mime]}}, "source": text}
