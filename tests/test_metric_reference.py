"""The metric reference opens with what a reader needs and names metrics in words."""

from __future__ import annotations

import json
from pathlib import Path

import imbalance_lib as il

PAGE = Path(__file__).resolve().parents[1] / "chapters" / "metric_reference.ipynb"


def _cells():
    return json.loads(PAGE.read_text())["cells"]


def test_opening_explains_the_columns_not_the_generation():
    opening = "".join(_cells()[0]["source"])
    for column in ("*formula*", "*range*", "*symmetric*", "*prevalence-free*",
                   "*undefined when*", "*function*"):
        assert column in opening, column
    for word in ("generated", "test", "registry", "pip install"):
        assert word not in opening.lower(), word


def test_tables_name_metrics_in_words():
    """Every table's first column holds display names (no underscores); the Python name
    appears only in its own column, as `il.<name>`."""
    titles = {m.title for m in il.METRICS.values()}
    assert all("_" not in t for t in titles)
    tables = 0
    for cell in _cells():
        for out in cell.get("outputs", []):
            text = "".join(out.get("data", {}).get("text/markdown", ""))
            rows = [r for r in text.splitlines() if r.startswith("| ") and "---" not in r]
            if rows and rows[0].startswith("| metric |"):
                tables += 1
                assert {r.split("|")[1].strip() for r in rows[1:]} == titles
    assert tables >= 5
    # the cross-validation example reports its scores under display names too
    last = "".join("".join(o.get("data", {}).get("text/plain", ""))
                   for c in _cells() for o in c.get("outputs", []) if "execute_result" in
                   o.get("output_type", ""))
    assert "'Balanced accuracy'" in last and "'balanced_accuracy'" not in last
