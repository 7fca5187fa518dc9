"""The library reference page: every public name documented, every name mapping true.

The page ``chapters/api_reference.md`` maps scikit-learn and imbalanced-learn calls to
the library's. Each row is evaluated here on random labels and scores: the two calls
must return the same value wherever scikit-learn accepts the input.
"""

from __future__ import annotations

import inspect
import re
import warnings
from pathlib import Path

import imblearn.metrics
import numpy as np
import pytest
import sklearn.metrics
from sklearn.linear_model import LogisticRegression

import imbalance_lib as il

PAGE = Path(__file__).resolve().parents[1] / "chapters" / "api_reference.md"
TEXT = PAGE.read_text()
ROW = re.compile(r"^\| `([^`]+)` \| `([^`]+)` \|$", re.MULTILINE)
ROWS = ROW.findall(TEXT)


def test_every_public_name_is_documented_on_the_page():
    documented = set(re.findall(r"^\.\. (?:auto\w+|py:\w+):: imbalance_lib\.(\w+)\s*$",
                                TEXT, re.MULTILINE))
    assert set(il.__all__) - documented == set()


def test_every_public_function_has_a_parameters_section():
    missing = [name for name in il.__all__
               if inspect.isfunction(getattr(il, name))
               and "\nParameters\n" not in inspect.getdoc(getattr(il, name))]
    assert missing == []


def test_no_public_docstring_points_to_a_private_module():
    for name in il.__all__:
        obj = getattr(il, name)
        if callable(obj) and (obj.__module__ or "").startswith("imbalance_lib"):
            assert "_checks" not in (inspect.getdoc(obj) or ""), name


def test_compare_is_exported():
    from imbalance_lib.intervals import compare

    assert il.compare is compare and "compare" in il.__all__


def test_the_table_has_the_rows_the_page_promises():
    left = {row[0].split("(")[0] for row in ROWS}
    assert {"matthews_corrcoef", "cohen_kappa_score", "recall_score", "roc_auc_score",
            "average_precision_score", "geometric_mean_score", "make_scorer"} <= left
    assert len(ROWS) >= 19


def _namespaces(seed: int, k: int):
    rng = np.random.default_rng(seed)
    n = 300
    y = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.6, y, rng.integers(0, k, n))
    s = rng.random(n) + 0.3 * (y == 1)
    theirs = {**vars(sklearn.metrics), **{n: getattr(imblearn.metrics, n)
                                           for n in imblearn.metrics.__all__}}
    ours = {n: getattr(il, n) for n in il.__all__}
    data = {"y": y, "p": p, "s": np.round(s, 2)}  # rounded: ties in the score too
    return {**theirs, **data}, {**ours, **data}


def _same(a, b):
    if callable(a):  # scorers: score one fitted model on the data both ways
        rng = np.random.default_rng(1)
        X = rng.normal(size=(200, 3))
        y = (X[:, 0] + rng.normal(size=200) > 1).astype(int)
        model = LogisticRegression().fit(X, y)
        a, b = a(model, X, y), b(model, X, y)
    np.testing.assert_allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float),
                               rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("theirs,ours", ROWS, ids=[r[1] for r in ROWS])
def test_each_row_gives_the_same_number(theirs, ours, k):
    for seed in range(3):
        ns_theirs, ns_ours = _namespaces(seed, k)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                expected = eval(theirs, ns_theirs)  # noqa: S307 (the page's own code)
            except ValueError:  # scikit-learn refuses the input (a binary call, 3 classes)
                with pytest.raises(ValueError):
                    eval(ours, ns_ours)  # noqa: S307
                continue
            _same(expected, eval(ours, ns_ours))  # noqa: S307


def test_the_iba_recipe_on_the_page_holds():
    block = re.search(r"```python\n(from imblearn.*?)```", TEXT, re.DOTALL).group(1)
    for seed in range(3):
        ns, _ = _namespaces(seed, 2)
        ns["il"] = il
        *setup, check = block.strip().splitlines()
        exec("\n".join(setup), ns)  # noqa: S102 (the page's own code)
        left, right = check.split(" == ")
        _same(eval(left, ns), eval(right, ns))  # noqa: S307
        # and without the binary average, imbalanced-learn returns TPR * TNR (no dominance)
        C = il.binary_confusion(ns["y"], ns["p"])
        assert ns["iba"](ns["y"], ns["p"]) == pytest.approx(il.tpr(C) * il.tnr(C))
        assert il.iba(C) != pytest.approx(il.tpr(C) * il.tnr(C))
