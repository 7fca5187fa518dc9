"""Do AUROC and AUPRC pick different models?  A study on the binary KEEL data sets.

The data sets and the panel of classifiers of the synthesis study
(:mod:`imbalance_lib.book.study`) are scored once more, this time keeping the
scores: one stratified 5-fold cross-validation (seed 0) gives every sample one
out-of-fold probability per model. For each data set :func:`keel_study` keeps
each model's AUROC and average precision, the model each metric picks, and,
where the picks differ, DeLong's paired test of the two picks' AUROCs and a
stratified bootstrap interval of the difference of their APs.

:func:`bootstrap_coverage` measures the coverage of the stratified bootstrap
intervals, too slow to run with the page: every interval redraws the test set a
thousand times.

Both are stored with the hash of their code (:func:`imbalance_lib.book.stored.stored_as`,
``chapters/data/stored/ranking_keel.json`` and ``ranking_bootstrap_coverage.json``;
about 2 minutes of CPU for the KEEL part, 10 to 30 for the coverage); regenerate
them with ``make regenerate NAMES="ranking_keel ranking_bootstrap_coverage"``.
"""

from __future__ import annotations

import warnings
from multiprocessing import Pool
from typing import Any

import numpy as np
from scipy.stats import norm
from sklearn.base import clone
from sklearn.exceptions import ConvergenceWarning
from sklearn.model_selection import StratifiedKFold
from threadpoolctl import threadpool_limits

import imbalance_lib as il
from imbalance_lib.book import study
from imbalance_lib.book.stored import stored_as

__all__ = ["oof_scores", "pair_tests", "keel_study", "keel_fold_seeds", "bootstrap_coverage"]

N_BOOT = 400
SHIFT = 1.5  # separation of the binormal scores of the coverage study (as in the chapter)
COVERAGE_IRS = (1, 10, 100)
COVERAGE_POSITIVES = (5, 10, 20, 50)


def oof_scores(model: Any, X: np.ndarray, y: np.ndarray, seed: int = 0) -> np.ndarray:
    """Out-of-fold probability of the positive class from one stratified 5-fold split."""
    s = np.empty(len(y))
    for train, test in StratifiedKFold(5, shuffle=True, random_state=seed).split(X, y):
        est = clone(model)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            warnings.simplefilter("ignore", RuntimeWarning)
            est.fit(X[train], y[train])
        s[test] = est.predict_proba(X[test])[:, 1]
    return s


def pair_tests(y: np.ndarray, a: np.ndarray, b: np.ndarray, rng: np.random.Generator,
               n_boot: int = N_BOOT) -> tuple[float, float, float]:
    """DeLong's p-value for AUROC(a) - AUROC(b), and a bootstrap interval of AP(a) - AP(b).

    The bootstrap resamples positives and negatives separately (class sizes
    kept) and recomputes both APs on the same resample; the interval is the
    2.5 % and 97.5 % quantiles of the difference.
    """
    p_auc = float(il.compare_roc_auc(y, a, b).p_value)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    diffs = np.empty(n_boot)
    for k in range(n_boot):
        idx = np.r_[rng.choice(pos, len(pos)), rng.choice(neg, len(neg))]
        ap = np.asarray(il.average_precision(y[idx], np.stack([a[idx], b[idx]])))
        diffs[k] = ap[0] - ap[1]
    lo, hi = np.quantile(diffs, [0.025, 0.975])
    return p_auc, float(lo), float(hi)


@stored_as("ranking_keel")  # chapters/data/stored/ranking_keel.json
def keel_study(seed: int = 0, n_boot: int = N_BOOT,
               names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Score the synthesis study's data sets (or ``names``) and panel; lists by column.

    ``names``, ``n`` and ``n_pos`` per data set; ``models`` (the panel);
    ``auroc`` and ``ap`` (data sets x models); ``pick_auroc`` and ``pick_ap``
    (indices into ``models``); where the picks differ, DeLong's ``p_auroc`` and
    the bootstrap interval ``[ap_diff_low, ap_diff_high]`` of AP(AUROC's pick) -
    AP(AP's pick), NaN where they agree.
    """
    rows = []
    rng = np.random.default_rng(seed)
    with threadpool_limits(limits=1):
        for name in study.dataset_names() if names is None else names:
            if name in study.EXCLUDED:
                continue
            try:
                X, y = study.load_dataset(name)
            except Exception:  # the same files the synthesis study cannot read
                continue
            if X.shape[0] > study.MAX_SAMPLES or X.shape[1] > study.MAX_FEATURES:
                continue
            S = np.stack([oof_scores(m, X, y, seed) for m in study.make_models(0).values()])
            auc, ap = il.roc_auc(y, S), il.average_precision(y, S)
            a, b = int(np.argmax(auc)), int(np.argmax(ap))
            p, lo, hi = (pair_tests(y, S[a], S[b], rng, n_boot) if a != b
                         else (np.nan,) * 3)
            rows.append((name, len(y), int(y.sum()), auc, ap, a, b, p, lo, hi))
    cols = list(zip(*rows))
    return {"names": list(cols[0]), "n": list(cols[1]), "n_pos": list(cols[2]),
            "models": list(study.MODELS), "auroc": np.stack(cols[3]),
            "ap": np.stack(cols[4]), "pick_auroc": list(cols[5]),
            "pick_ap": list(cols[6]), "p_auroc": list(cols[7]),
            "ap_diff_low": list(cols[8]), "ap_diff_high": list(cols[9]),
            "n_boot": n_boot}


@stored_as("ranking_keel_folds")  # chapters/data/stored/ranking_keel_folds.json
def keel_fold_seeds(seeds: tuple[int, ...] = (1, 2)) -> dict[str, Any]:
    """:func:`keel_study` again under other fold splits (and bootstrap seeds), one per seed.

    The picks of the two areas, and so whether they differ, are properties of one
    cross-validation split; this study repeats the whole of :func:`keel_study` with
    ``StratifiedKFold(random_state=seed)`` for each of ``seeds`` (seed 0 is the stored
    :func:`keel_study`). Returns ``{"seeds": [...], "studies": [one keel_study each]}``.
    """
    # keel_study runs (rather than reads its stored result) for a seed other than 0
    return {"seeds": list(seeds), "studies": [keel_study(seed=s) for s in seeds]}


def _coverage_cell(args: tuple[int, int, int, int, int]) -> tuple[int, int, float, int, int]:
    """Bootstrap coverage of one cell (imbalance ratio, positives) of the coverage study."""
    ir, n1, n_sets, n_resamples, seed = args
    rng = np.random.default_rng([seed, ir, n1])
    big = 20_000  # the true AP: the AP of a large sample, as in the chapter's study
    yb = np.r_[np.ones(big, int), np.zeros(big * ir, int)]
    ap_true = il.average_precision(yb, np.r_[rng.normal(SHIFT, 1, big),
                                             rng.normal(0, 1, big * ir)])
    auc_true = float(norm.cdf(SHIFT / np.sqrt(2)))
    y = np.r_[np.ones(n1, int), np.zeros(n1 * ir, int)]
    hit_auc = hit_ap = 0
    for _ in range(n_sets):
        a = rng.normal(size=len(y)) + SHIFT * y
        iv = il.roc_auc_interval(y, a, method="bootstrap", n_resamples=n_resamples,
                                 random_state=rng)
        hit_auc += int(iv.low <= auc_true <= iv.high)
        iv = il.average_precision_interval(y, a, method="bootstrap",
                                           n_resamples=n_resamples, random_state=rng)
        hit_ap += int(iv.low <= ap_true <= iv.high)
    return ir, n1, float(ap_true), hit_auc, hit_ap


@stored_as("ranking_bootstrap_coverage")  # chapters/data/stored/ranking_bootstrap_coverage.json
def bootstrap_coverage(n_sets: int = 200, n_resamples: int = 1000,
                       seed: int = 0) -> dict[str, Any]:
    """Coverage of the stratified bootstrap intervals of the AUROC and the AP.

    The design of the chapter's coverage study (binormal scores, positives
    ``N(SHIFT, 1)``, negatives ``N(0, 1)``; imbalance ratios 1, 10, 100), with
    ``n_sets`` test sets per cell and ``n_resamples`` bootstrap replicates per
    interval (percentile intervals of ``il.roc_auc_interval`` and
    ``il.average_precision_interval`` with ``method="bootstrap"``). Each cell
    draws from its own seed, so the result does not depend on how many processes
    share the cells (two). Returns the hit counts per cell as lists.
    """
    cells = [(ir, n1, n_sets, n_resamples, seed) for ir in COVERAGE_IRS
             for n1 in COVERAGE_POSITIVES]
    with Pool(2) as pool:
        rows = pool.map(_coverage_cell, cells, chunksize=1)
    ir, n1, ap_true, auc, ap = (list(c) for c in zip(*rows))
    return {"ir": ir, "positives": n1, "ap_true": ap_true, "auroc_hits": auc,
            "ap_hits": ap, "sets": n_sets, "resamples": n_resamples}
