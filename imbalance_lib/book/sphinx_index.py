"""Sphinx extension for the book's site: a readable index of theorems.

sphinx-proof's index lists every statement by its label (``ba-thm-cost``), one
group per label, under the title "Proof Index". This extension keeps its page
(``prf-prf.html``) but lists each statement as a reader knows it, "Theorem 1.2
(Cost-sensitive accuracy)", grouped by chapter in the order of the book, under
a title that says what the page holds. Loaded from ``_config.yml``
(``sphinx.extra_extensions``); the library never imports it.
"""

from __future__ import annotations

from collections import defaultdict

TITLE = "Theorems, definitions and other statements"


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
                                "realtype": node["realtype"], "title": title,
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


def setup(app):
    app.setup_extension("sphinx_proof")
    from sphinx_proof.domain import ProofIndex

    ProofIndex.localname = TITLE
    ProofIndex.shortname = "Theorems"
    ProofIndex.generate = _generate
    app.connect("doctree-read", _collect)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
