"""The exact fractions of the worked solutions agree with scikit-learn and with hand values."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, confusion_matrix, precision_recall_fscore_support

from imbalance_lib.book.exact import agrees, exact_terms, fraction_of, fraction_text


@pytest.mark.parametrize("seed", range(20))
def test_per_class_terms_match_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    y_true, y_pred = rng.integers(0, 3, 40), rng.integers(0, 3, 40)
    C = confusion_matrix(y_true, y_pred, labels=[0, 1, 2])
    p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, labels=[0, 1, 2],
                                                 zero_division=np.nan)
    t = exact_terms(C)
    for exact, ref in ((t.precision, p), (t.recall, r), (t.f1, f)):
        assert [np.nan if x is None else float(x) for x in exact] == \
            pytest.approx(list(ref), nan_ok=True)
    assert float(t.accuracy) == pytest.approx(accuracy_score(y_true, y_pred))


def test_hand_values():
    # [[5, 1], [2, 2]]: m = (max(6, 7), max(4, 3)) = (7, 4); IAM terms (5 - 2)/7, (2 - 2)/4;
    # CBA terms 5/7, 2/4
    t = exact_terms([[5, 1], [2, 2]])
    assert t.iam == [Fraction(3, 7), 0] and t.cba == [Fraction(5, 7), Fraction(1, 2)]
    assert exact_terms([[0, 1], [0, 1]]).precision[0] is None  # 0/0 stays undefined


def test_text_round_trip_and_agreement():
    assert fraction_text(Fraction(-6, 4)) == "−3/2" and fraction_of("−3/2") == Fraction(-3, 2)
    assert agrees(["6/11"], [6 / 11]) and not agrees(["6/11"], [0.5454])
    assert not agrees(["1/2", "1/3"], [0.5])  # a missing value is no agreement


@pytest.mark.parametrize("bad", [[[1, 2]], [[1, -1], [0, 1]], []])
def test_bad_matrices_are_refused(bad):
    with pytest.raises(ValueError, match="square matrix of non-negative integers"):
        exact_terms(bad)


def test_floats_are_refused_by_the_text():
    with pytest.raises(TypeError, match="exact rational"):
        fraction_text(0.5)
