"""Data loaders, cross-validated confusion matrices and the published-vs-recomputed tables."""

import numpy as np
import pytest
from sklearn.dummy import DummyClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier

import imbalance_lib as il
from imbalance_lib.book.datasets import load_glass, load_satimage
from imbalance_lib.book.experiments import cross_val_confusion, evaluate_models
from imbalance_lib.book.published import PublishedTable
from imbalance_lib.book.published.garcia2009 import IMBALANCE_RATIOS
from imbalance_lib.book.published.mortaz2020 import CLASS_DISTRIBUTIONS
from imbalance_lib.book.tables import compare, markdown, side_by_side


def test_glass_class_counts_match_mortaz_table_15():
    counts = np.bincount(load_glass().target, minlength=8)[1:]
    assert tuple(counts.tolist()) == CLASS_DISTRIBUTIONS["Table 15"]


def test_binary_versions_match_garcia_imbalance_ratios():
    """García et al. state majority/minority ratios 11.59 (Glass) and 9.28 (Satimage)."""
    for loader, positive, name in ((load_glass, 3, "Glass"), (load_satimage, 4, "Satimage")):
        y = loader(positive=positive).target
        assert round((y == 0).sum() / (y == 1).sum(), 2) == IMBALANCE_RATIOS[name]


def test_satimage_shape_matches_its_documentation():
    sat = load_satimage()
    assert sat.data.shape == (4435 + 2000, 36)
    assert sat.data.min() >= 0 and sat.data.max() <= 255  # "numerical, in the range 0 to 255"


def test_unknown_positive_class_raises():
    with pytest.raises(ValueError, match="positive"):
        load_glass(positive=4)  # type 4 has no samples


def test_cross_val_confusion_accounts_for_every_sample():
    X, y = load_glass().data, load_glass().target
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    cms = cross_val_confusion(KNeighborsClassifier(1), X, y, cv=cv, labels=[1, 2, 3, 4, 5, 6, 7])
    assert cms.shape == (5, 7, 7)
    # each sample is tested exactly once: row sums add up to the class counts
    np.testing.assert_array_equal(cms.sum(axis=(0, 2)), np.bincount(y, minlength=8)[1:])
    assert cms[:, 3, :].sum() == 0 and cms[:, :, 3].sum() == 0  # the empty type 4


def test_evaluate_models_stacks_models_on_the_same_folds():
    X = np.zeros((20, 1))
    y = np.array([0] * 15 + [1] * 5)
    cv = StratifiedKFold(5)
    out = evaluate_models(
        {"neg": DummyClassifier(strategy="constant", constant=0),
         "pos": DummyClassifier(strategy="constant", constant=1)}, X, y, cv=cv
    )
    assert out.shape == (2, 5, 2, 2)
    assert out[0, :, :, 0].sum() == 20 and out[1, :, :, 1].sum() == 20
    assert il.tpr(out[1].sum(axis=0)) == 1.0 and il.tnr(out[0].sum(axis=0)) == 1.0


TABLE = PublishedTable("x", "Table 9", "Section 9", "demo", ("A", "B"),
                       {"r1": ("0.14", "-0.175"), "r2": ("1", "0.50")})


def test_compare_uses_the_printed_precision():
    cmp = compare(TABLE, {"r1": {"A": 0.1449, "B": -0.1757}, "r2": {"A": 0.6, "B": 0.5049}})
    assert cmp["decimals"].tolist() == [2, 3, 0, 2]
    # 0.1449 rounds to 0.14; -0.1757 rounds to -0.176, not -0.175; 0.6 rounds to 1; 0.5049 to 0.50
    assert cmp["agrees"].tolist() == [True, False, True, True]


def test_side_by_side_is_deterministic_and_highlights():
    rec = {"r1": {"A": 0.2, "B": -0.175}, "r2": {"A": 1.0, "B": 0.5}}
    html1 = side_by_side(TABLE, rec).to_html()
    html2 = side_by_side(TABLE, rec).to_html()
    assert html1 == html2
    assert html1.count("background-color") >= 1 and "0.2" in html1


def test_markdown_escapes_pipes():
    import pandas as pd

    text = markdown(pd.DataFrame({"f": ["$|x|$"]}, index=["a"]))
    assert r"$\|x\|$" in text


def test_diff_column_is_ours_minus_published():
    """The sign of the published-vs-recomputed difference: ours - published (by hand)."""
    cmp = compare(TABLE, {"r1": {"A": 0.2, "B": -0.2}, "r2": {"A": 0.75}})
    assert cmp["diff"].round(12).tolist() == [0.06, -0.025, -0.25]
    wide = side_by_side(TABLE, {"r1": {"A": 0.2, "B": -0.2}}, show_diff=True).data
    assert round(float(wide.loc["r1", ("A", "diff")]), 12) == 0.06
    assert round(float(wide.loc["r1", ("B", "diff")]), 12) == -0.025
