"""Sphinx extension for the book's site: a readable index of theorems.

sphinx-proof's index lists every statement by its label (``ba-thm-cost``), one
group per label, under the title "Proof Index". This extension keeps its page
(``prf-prf.html``) but lists each statement as a reader knows it, "Theorem 1.2
(Cost-sensitive accuracy)", grouped by chapter in the order of the book, under
a title that says what the page holds. Loaded from ``_config.yml``
(``sphinx.extra_extensions``); the library never imports it.

A statement's title is its MyST source. On the list, a citation role in it is
left out (the statement cites its source on its own page) and its math is
typeset: the domain index prints each name inside ``<code>``, which MathJax
skips, and loads no MathJax, so once the site is written the names become
``<span>``, ``$...$`` becomes ``\\(...\\)`` and MathJax is added to the page.
"""

from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from pathlib import Path

TITLE = "Theorems, definitions and other statements"
PAGE = "prf-prf.html"
_CITE = re.compile(r"\s*\{cite(?::\w+)?\}`[^`]*`")


def list_title(title: str) -> str:
    """A statement's title as the list shows it: without citation roles.

    >>> list_title("Dominance is the same in both spaces {cite:p}`davis2006`")
    'Dominance is the same in both spaces'
    """
    return _CITE.sub("", title).strip()


def typeset_names(page: str, mathjax: str) -> str:
    """The list page with its names in ``<span>`` and ``$...$`` as ``\\(...\\)``.

    ``mathjax`` (the script tags that load MathJax) is added before ``</head>``
    when a name holds math and the page has no MathJax yet.

    >>> print(typeset_names('<head></head><code class="xref">Range of $x_1$</code>', "<s/>"))
    <head><s/></head><span class="xref">Range of \\(x_1\\)</span>
    """
    found = []

    def name(m: re.Match) -> str:
        text, n = re.subn(r"\$([^$]+)\$", r"\\(\1\\)", m.group(1))
        found.append(n)
        return f'<span class="xref">{text}</span>'

    page = re.sub(r'<code class="xref">(.*?)</code>', name, page, flags=re.S)
    if any(found) and "MathJax" not in page:
        page = page.replace("</head>", mathjax + "</head>", 1)
    return page


def _collect(app, doctree):
    env = app.env
    store = env.__dict__.setdefault("book_statements", {})
    order = 0
    for node in doctree.findall(lambda n: "realtype" in getattr(n, "attributes", {})
                                and "label" in n.attributes):
        title = str(node.get("title", "")).strip()
        if title.startswith("(") and title.endswith(")"):
            title = title[1:-1]
        store[node["label"]] = {"docname": env.docname, "order": order,
                                "realtype": node["realtype"], "title": list_title(title),
                                "countertype": node.get("countertype", node["realtype"])}
        order += 1


def _purge(app, env, docname):
    store = getattr(env, "book_statements", {})
    for label in [k for k, v in store.items() if v["docname"] == docname]:
        del store[label]


def _merge(app, env, docnames, other):
    env.__dict__.setdefault("book_statements", {}).update(getattr(other, "book_statements", {}))


def _number(env, docname, label, countertype):
    numbers = getattr(env, "toc_fignumbers", {}).get(docname, {})
    for figtype, ids in numbers.items():
        if label in ids and (figtype == countertype or countertype in figtype):
            return ".".join(map(str, ids[label]))
    for ids in numbers.values():
        if label in ids:
            return ".".join(map(str, ids[label]))
    return ""


def _generate(self, docnames=None):
    env = self.domain.env
    proofs = getattr(env, "proof_list", {})
    statements = getattr(env, "book_statements", {})
    chapters = list(env.toctree_includes.get(env.config.root_doc, []))
    rank = {doc: i for i, doc in enumerate(chapters)}
    groups = defaultdict(list)
    for label, values in proofs.items():
        docname = values["docname"]
        if docnames and docname not in docnames:
            continue
        info = statements.get(label, {})
        kind = values["realtype"].capitalize()
        number = _number(env, docname, label, values.get("countertype", ""))
        name = f"{kind} {number}".strip()
        if info.get("title"):
            name += f" ({info['title']})"
        chapter = env.titles[docname].astext() if docname in env.titles else docname
        groups[(rank.get(docname, len(rank)), chapter)].append(
            (info.get("order", 0), (name, 0, docname, label, "", "", ""))
        )
    content = [(chapter, [entry for _, entry in sorted(entries)])
               for (_, chapter), entries in sorted(groups.items())]
    return content, False


def _mathjax_tags(app) -> str:
    path = app.config.mathjax_path
    if not re.match(r"^(https?:)?//|^/", path):
        path = "_static/" + path
    tags = ""
    if app.config.mathjax3_config:
        tags += f"<script>window.MathJax = {json.dumps(app.config.mathjax3_config)}</script>"
    return tags + f'<script defer="defer" src="{html.escape(path)}"></script>'


def _typeset_list(app, exception):
    page = Path(app.outdir) / PAGE
    if exception is None and app.builder.format == "html" and page.exists():
        page.write_text(typeset_names(page.read_text(encoding="utf-8"), _mathjax_tags(app)),
                        encoding="utf-8")


def setup(app):
    app.setup_extension("sphinx_proof")
    from sphinx_proof.domain import ProofIndex

    ProofIndex.localname = TITLE
    ProofIndex.shortname = "Theorems"
    ProofIndex.generate = _generate
    app.connect("doctree-read", _collect)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("build-finished", _typeset_list)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
