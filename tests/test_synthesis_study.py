"""The multi-data-set study behind the synthesis chapter (imbalance_lib.book.study)."""

from __future__ import annotations

import numpy as np

from imbalance_lib.book import study


def test_dataset_list_and_loader():
    names = study.dataset_names()
    assert len(names) >= 100 and "glass1" in names
    X, y = study.load_dataset("glass1")
    assert X.shape == (214, 9) and int(y.sum()) == 76  # minority class is positive
    assert np.isfinite(X).all()


def test_nominal_and_missing_values_are_encoded():
    X, y = study.load_dataset("hypothyroid")  # nominal columns and '?' entries
    assert np.isfinite(X).all() and X.shape[0] == len(y) and set(np.unique(y)) == {0, 1}


def test_oof_matrices_are_deterministic_and_count_every_sample():
    X, y = study.load_dataset("ecoli3")
    model = study.make_models()["GNB"]
    a = study.oof_confusion(model, X, y, n_repeats=2)
    b = study.oof_confusion(model, X, y, n_repeats=2)
    assert np.array_equal(a, b)
    assert a.shape == (2, 2, 2) and (a.sum(axis=(1, 2)) == len(y)).all()
    assert (a[:, 1].sum(axis=1) == y.sum()).all()


def test_stored_result_is_consistent():
    res = study.load_result()
    c = res["counts"]
    d, m, r = c.shape[:3]
    assert c.shape[3:] == (2, 2) and m == len(study.MODELS) and r == int(res["n_repeats"])
    assert len(res["names"]) == d
    assert (c.sum(axis=(3, 4)) == res["n"][:, None, None]).all()
    assert (c[..., 1, :].sum(axis=-1) == res["n_pos"][:, None, None]).all()
    assert not set(res["names"].tolist()) & set(study.EXCLUDED)
    # the pooled matrices are the sum of the stored fold matrices
    assert np.array_equal(res["fold_counts"].sum(axis=3), c) and c.dtype == np.int64


def test_per_fold_matrices_sum_to_the_pooled_ones():
    X, y = study.load_dataset("ecoli3")
    model = study.make_models()["GNB"]
    folds = study.oof_confusion(model, X, y, n_repeats=2, per_fold=True)
    assert folds.shape == (2, 5, 2, 2)
    assert np.array_equal(folds.sum(axis=1), study.oof_confusion(model, X, y, n_repeats=2))
    # stratified folds: every test fold holds a fifth of the positives, up to one
    pos = folds[:, :, 1].sum(axis=-1)
    assert pos.max() - pos.min() <= 1
