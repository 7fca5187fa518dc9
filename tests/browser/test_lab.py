"""The notebooks as JupyterLab (with jupyterlab-myst) shows them, in headless Chromium.

JupyterLab is started on 127.0.0.1 at a free port, in a temporary folder holding one
chapter twice: its student notebook (``editions.lab_notebook``, as ``make student``
writes it) and its answer-key notebook (``chapters/``, as committed). Every request to
another host is refused; the Lab's settings, workspaces and runtime files live in the
temporary folder, so that nothing of the user's own JupyterLab is read or changed.

- the student notebook shows values, not names: no ``glue:`` or ``{glue`` text, no
  ``{cite`` and no "⚠" (jupyterlab-myst's mark of an unresolved reference) anywhere in the
  rendered notebook, no line of the answer key's solution code, and its figures are images;
- the student notebook numbers its theorems, figures, equations and exercises as the site
  does (``Theorem 3.2``, not ``Theorem 2``), leaves proofs unnumbered, and every reference
  that jupyterlab-myst reports unresolved while it renders cell by cell is to a target in
  the notebook (a figure further down); none is left unresolved at the end;
- the answer key shows each solution code cell folded (input and output collapsed), and no
  line of that code is visible.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from imbalance_lib.book.editions import (
    ROOT,
    chapter_numbers,
    glue_store,
    lab_notebook,
    solution_code_cells,
    student_cells,
)

CHAPTER = os.environ.get("LAB_CHAPTER", "hmnc")
SITE = Path(os.environ.get("BOOK_HTML", "_build/html")).resolve()
TOKEN = "book-lab-test"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """(base URL, folder) of a JupyterLab serving the student and answer-key notebooks."""
    folder = tmp_path_factory.mktemp("lab")
    key = json.loads((ROOT / "chapters" / f"{CHAPTER}.ipynb").read_text(encoding="utf-8"))
    student = json.loads(json.dumps(key))
    student["cells"], _ = student_cells(student["cells"], CHAPTER)
    (folder / "notebooks").mkdir()
    (folder / "notebooks" / "student.ipynb").write_text(
        json.dumps(lab_notebook(student, CHAPTER)), encoding="utf-8")
    (folder / "notebooks" / "key.ipynb").write_text(json.dumps(key), encoding="utf-8")
    # every cell rendered at once (JupyterLab 4 renders only the cells in view by default)
    settings = folder / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"}), encoding="utf-8")
    news = folder / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8")
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(folder / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(folder / "workspaces"),
               JUPYTER_RUNTIME_DIR=str(folder / "runtime"), JUPYTER_CONFIG_DIR=str(folder / "config"))
    port = _free_port()
    cmd = [str(Path(sys.executable).with_name("jupyter")), "lab", "--no-browser",
           "--ip=127.0.0.1", f"--port={port}", f"--ServerApp.root_dir={folder / 'notebooks'}",
           f"--IdentityProvider.token={TOKEN}", "--ServerApp.port_retries=0",
           "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           "--LabApp.extension_manager=readonly", "--allow-root"]
    log = open(folder / "lab.log", "w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(240):
            if proc.poll() is not None:
                break
            try:
                urllib.request.urlopen(f"{base}api/status?token={TOKEN}", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab did not start in 120 s")
        assert proc.poll() is None, (folder / "lab.log").read_text()
        yield base, folder
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def _open(browser, lab, name: str, console: list | None = None):
    """A tab with the notebook ``name`` open and every markdown cell rendered; (tab, refused).
    The tab's console messages are appended to ``console`` if given."""
    base, _ = lab
    tab = browser.new_page(viewport={"width": 1400, "height": 1000})
    refused = []
    if console is not None:
        tab.on("console", lambda m: console.append(m.text))

    def route(r):
        if urlsplit(r.request.url).hostname == "127.0.0.1" or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    tab.route("**/*", route)
    tab.goto(f"{base}lab/tree/{name}?token={TOKEN}&reset", wait_until="load", timeout=120_000)
    tab.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
    # jupyterlab-myst renders each markdown cell asynchronously: wait until every one has its
    # rendered view and none still shows its raw source
    tab.wait_for_function("""() => {
        const cells = [...document.querySelectorAll('.jp-Notebook .jp-MarkdownCell')];
        return cells.length > 0 && cells.every(c => c.querySelector('.jp-RenderedMarkdown, .myst'));
    }""", timeout=120_000)
    tab.wait_for_timeout(1500)
    if os.environ.get("SCREENSHOTS"):  # what the test saw, for a person to look at
        shots = Path(os.environ["SCREENSHOTS"])
        shots.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(shots / f"lab-{CHAPTER}-{Path(name).stem}.png"))
    return tab, refused


def _solution_lines() -> list[str]:
    """Distinctive lines of the answer key's solution code: at least 20 characters, in no
    other cell (an import the chapter also makes outside its solutions is not a leak)."""
    cells = json.loads((ROOT / "chapters" / f"{CHAPTER}.ipynb").read_text(encoding="utf-8"))["cells"]
    inside = solution_code_cells(cells)
    elsewhere = "\n".join("".join(c["source"]) for i, c in enumerate(cells) if i not in inside)
    lines = []
    for i in inside:
        src = "".join(cells[i]["source"])
        lines += [ln.strip() for ln in src.splitlines()
                  if len(ln.strip()) >= 20 and ln.strip() not in elsewhere]
    assert lines, "no distinctive solution line to look for"
    return lines


def _visible_text(tab) -> str:
    return tab.evaluate("() => document.querySelector('.jp-Notebook').innerText")


def test_student_notebook_shows_values_not_names(lab, browser):
    tab, refused = _open(browser, lab, "student.ipynb")
    try:
        text = _visible_text(tab)
        assert len(tab.query_selector_all(".jp-Notebook .jp-MarkdownCell")) > 10
        assert "Exercise" in text
        for raw in ("glue:", "{glue", "{cite", "⚠", "solution-start"):
            assert raw not in text, f"{raw!r} in the student notebook: " + \
                text[max(0, text.find(raw) - 80):text.find(raw) + 80]
        # what jupyterlab-myst makes of a glue role it does not know (the name, with its
        # format) and of a citation it cannot resolve (the key, after a warning icon)
        rendered = tab.evaluate("""() => [...document.querySelectorAll(
            '.jp-Notebook .jp-MarkdownCell .myst')].map(e => e.innerText).join('\\n')""")
        assert len(rendered) > 2000, "jupyterlab-myst rendered (almost) nothing"
        key = json.loads((ROOT / "chapters" / f"{CHAPTER}.ipynb").read_text(encoding="utf-8"))
        names = [n for n in glue_store(key["cells"]) if re.search(r"\{glue[^`]*`" + re.escape(n),
                 json.dumps(key))]
        assert names, "the chapter glues nothing into its text"
        shown = [n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", rendered)]
        assert not shown, f"glued names shown instead of values: {shown[:5]}"
        marks = tab.evaluate("""() => [...document.querySelectorAll('.jp-Notebook [title]')]
            .map(e => e.title).filter(t => /not found/i.test(t))""")
        assert not marks, f"unresolved references marked in the notebook: {sorted(set(marks))}"
        keys = re.findall(r"^@\w+\{([^,]+),", (ROOT / "references.bib").read_text(encoding="utf-8"), re.M)
        cited = [k for k in keys if re.search(rf"(?<![\w.]){re.escape(k)}(?!\w)", rendered)]
        assert not cited, f"citation keys shown instead of author and year: {cited}"
        leaks = [ln for ln in _solution_lines() if ln in text]
        assert not leaks, f"solution code in the student notebook: {leaks[:3]}"
        # the glued figures are there as images, in their markdown cells
        images = tab.evaluate("""() => [...document.querySelectorAll(
            '.jp-Notebook .jp-MarkdownCell img')].filter(i => i.naturalWidth > 100).length""")
        figures = sum(len(re.findall(r"\{figure\} attachment:", "".join(c["source"])))
                      for c in json.loads((lab[1] / "notebooks" / "student.ipynb").read_text())["cells"]
                      if c["cell_type"] == "markdown")
        assert images >= figures > 0
        assert not refused, f"requests to other hosts: {refused[:3]}"
    finally:
        tab.close()


_NUMBERED = r"(Theorem|Proposition|Lemma|Corollary|Definition|Remark|Example|Exercise|Fig\.|Figure)"


def test_student_notebook_numbers_and_links_as_the_site(lab, browser):
    if CHAPTER not in chapter_numbers():
        pytest.skip(f"{CHAPTER} is not a numbered chapter")
    page = SITE / "chapters" / f"{CHAPTER}.html"
    assert page.exists(), f"{page} missing: build the site first (make site)"
    html = page.read_text(encoding="utf-8")
    site = re.findall(rf'<span class="caption-number">{_NUMBERED} (\d+\.\d+) </span>', html)
    site_eqs = re.findall(r'<span class="eqno">\((\d+\.\d+)\)', html)
    assert len(site) > 5, "the site page numbers (almost) nothing"
    console: list[str] = []
    tab, _ = _open(browser, lab, "student.ipynb", console)
    try:
        titles = tab.evaluate("""() => [...document.querySelectorAll(
            '.jp-Notebook .myst-proof-title, .jp-Notebook .myst-exercise-title, .jp-Notebook figcaption')]
            .map(e => e.innerText)""")
        lab_numbers = [m.groups() for t in titles
                       if (m := re.match(rf"{_NUMBERED}\s(\d+(?:\.\d+)?)\b", t.strip()))]
        norm = [("Figure" if k == "Fig." else k, n) for k, n in site]
        for kind in sorted({k for k, _ in norm + lab_numbers}):  # per kind, in page order
            ours, theirs = ([n for k, n in pairs if k == kind] for pairs in (lab_numbers, norm))
            assert ours == theirs, f"{kind}: JupyterLab {ours} vs the site {theirs}"
        assert not [t for t in titles if re.match(r"Proof \d", t.strip())], "numbered proofs"
        text = _visible_text(tab)
        lab_eqs = re.findall(r"\((\d+\.\d+)\)\s*$", text, re.M)
        assert set(lab_eqs) == set(site_eqs), f"equations: JupyterLab {lab_eqs} vs the site {site_eqs}"
        missing = {m for line in console for m in re.findall(r"target was not found: (\S+)", line)}
        defined = set(tab.evaluate("() => [...document.querySelectorAll('.jp-Notebook [id]')]"
                                   ".map(e => e.id)"))
        assert missing <= defined, f"references to targets outside the notebook: {sorted(missing - defined)}"
        rendered = tab.evaluate("""() => [...document.querySelectorAll(
            '.jp-Notebook .jp-MarkdownCell .myst')].map(e => e.innerText).join('\\n')""")
        left = [m for m in missing if re.search(rf"(?<![\w-]){re.escape(m)}(?![\w-])", rendered)]
        assert not left, f"references left unresolved: {left}"
    finally:
        tab.close()


def test_answer_key_opens_with_solution_code_folded(lab, browser):
    tab, refused = _open(browser, lab, "key.ipynb")
    try:
        cells = json.loads((ROOT / "chapters" / f"{CHAPTER}.ipynb").read_text(encoding="utf-8"))["cells"]
        inside = solution_code_cells(cells)
        assert inside, f"{CHAPTER} has no solution code cell"
        state = tab.evaluate("""() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')]
            .map(c => ({code: c.classList.contains('jp-CodeCell'),
                        input: !!c.querySelector('.jp-InputPlaceholder')
                               && !c.querySelector('.jp-InputArea')?.checkVisibility(),
                        output: !c.classList.contains('jp-CodeCell') || !c.querySelector('.jp-OutputArea')
                                || !c.querySelector('.jp-OutputArea').checkVisibility()}))""")
        assert len(state) == len(cells), (len(state), len(cells))
        for i in inside:
            assert state[i]["code"] and state[i]["input"], f"cell {i}: solution code shown"
            assert state[i]["output"], f"cell {i}: solution output shown"
        text = _visible_text(tab)
        leaks = [ln for ln in _solution_lines() if ln in text]
        assert not leaks, f"solution code visible in the answer key: {leaks[:3]}"
        assert not refused, f"requests to other hosts: {refused[:3]}"
    finally:
        tab.close()
