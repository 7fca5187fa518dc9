"""Do AUROC and AUPRC pick different models?  A study on the binary KEEL data sets.

The data sets and the panel of classifiers of the synthesis study
(:mod:`imbalance_lib.book.study`) are scored once more, this time keeping the
scores: one stratified 5-fold cross-validation (seed 0) gives every sample one
out-of-fold probability per model. For each data set the study stores each
model's AUROC and average precision, the model each metric picks, and, where
the picks differ, DeLong's paired test of the two picks' AUROCs and a
stratified bootstrap interval of the difference of their APs.

The same file stores the coverage of the stratified bootstrap intervals
(:func:`bootstrap_coverage`), too slow to run with the page: every interval
redraws the test set a thousand times.

Run both (about 2 minutes of CPU time for the KEEL part, about 30 for the
coverage) with::

    python -m imbalance_lib.book.ranking_study   # writes chapters/data/ranking_study.npz
    python -m imbalance_lib.book.ranking_study --coverage-only   # recompute the coverage only
"""

from __future__ import annotations

import sys
import time
import warnings
from pathlib import Path

import numpy as np

__all__ = ["RESULT_PATH", "oof_scores", "pair_tests", "run", "bootstrap_coverage", "load"]

RESULT_PATH = Path(__file__).resolve().parents[2] / "chapters" / "data" / "ranking_study.npz"
N_BOOT = 400
SHIFT = 1.5  # separation of the binormal scores of the coverage study (as in the chapter)
COVERAGE_IRS = (1, 10, 100)
COVERAGE_POSITIVES = (5, 10, 20, 50)
COVERAGE_SETS = 200
COVERAGE_RESAMPLES = 1000


def oof_scores(model, X, y, seed: int = 0) -> np.ndarray:
    """Out-of-fold probability of the positive class from one stratified 5-fold split."""
    from sklearn.base import clone
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.model_selection import StratifiedKFold

    s = np.empty(len(y))
    for train, test in StratifiedKFold(5, shuffle=True, random_state=seed).split(X, y):
        est = clone(model)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            warnings.simplefilter("ignore", RuntimeWarning)
            est.fit(X[train], y[train])
        s[test] = est.predict_proba(X[test])[:, 1]
    return s


def pair_tests(y, a, b, rng, n_boot: int = N_BOOT):
    """DeLong's p-value for AUROC(a) - AUROC(b), and a bootstrap interval of AP(a) - AP(b).

    The bootstrap resamples positives and negatives separately (class sizes
    kept) and recomputes both APs on the same resample; the interval is the
    2.5 % and 97.5 % quantiles of the difference.
    """
    import imbalance_lib as il

    p_auc = float(il.compare_roc_auc(y, a, b).p_value)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    diffs = np.empty(n_boot)
    for k in range(n_boot):
        idx = np.r_[rng.choice(pos, len(pos)), rng.choice(neg, len(neg))]
        ap = np.asarray(il.average_precision(y[idx], np.stack([a[idx], b[idx]])))
        diffs[k] = ap[0] - ap[1]
    lo, hi = np.quantile(diffs, [0.025, 0.975])
    return p_auc, float(lo), float(hi)


def run(names=None, progress: bool = True) -> dict:
    """Score the synthesis study's data sets and panel; return the result as arrays."""
    from threadpoolctl import threadpool_limits

    import imbalance_lib as il
    from imbalance_lib.book import study

    names = study.dataset_names() if names is None else list(names)
    rows = []
    rng = np.random.default_rng(0)
    with threadpool_limits(limits=1):
        for i, name in enumerate(names):
            if name in study.EXCLUDED:
                continue
            try:
                X, y = study.load_dataset(name)
            except Exception:  # the same files the synthesis study cannot read
                continue
            if X.shape[0] > study.MAX_SAMPLES or X.shape[1] > study.MAX_FEATURES:
                continue
            S = np.stack([oof_scores(m, X, y) for m in study.make_models(0).values()])
            auc, ap = il.roc_auc(y, S), il.average_precision(y, S)
            a, b = int(np.argmax(auc)), int(np.argmax(ap))
            p, lo, hi = pair_tests(y, S[a], S[b], rng) if a != b else (np.nan,) * 3
            rows.append((name, len(y), int(y.sum()), auc, ap, a, b, p, lo, hi))
            if progress:
                print(f"[{i + 1:3d}/{len(names)}] {name}", flush=True)
    cols = list(zip(*rows))
    return {"names": np.array(cols[0]), "n": np.array(cols[1]), "n_pos": np.array(cols[2]),
            "models": np.array(study.MODELS), "auroc": np.stack(cols[3]),
            "ap": np.stack(cols[4]), "pick_auroc": np.array(cols[5]),
            "pick_ap": np.array(cols[6]), "p_auroc": np.array(cols[7], float),
            "ap_diff_low": np.array(cols[8], float), "ap_diff_high": np.array(cols[9], float),
            "n_boot": np.array(N_BOOT)}


def _coverage_cell(args) -> tuple[int, int, float, int, int]:
    """Bootstrap coverage of one cell (imbalance ratio, positives) of the coverage study."""
    from scipy.stats import norm

    import imbalance_lib as il

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


def bootstrap_coverage(n_sets: int = COVERAGE_SETS, n_resamples: int = COVERAGE_RESAMPLES,
                       seed: int = 0, processes: int = 1) -> dict:
    """Coverage of the stratified bootstrap intervals of the AUROC and the AP.

    The design of the chapter's coverage study (binormal scores, positives
    ``N(SHIFT, 1)``, negatives ``N(0, 1)``; imbalance ratios 1, 10, 100), with
    ``n_sets`` test sets per cell and ``n_resamples`` bootstrap replicates per
    interval (percentile intervals of ``il.roc_auc_interval`` and
    ``il.average_precision_interval`` with ``method="bootstrap"``). Each cell
    draws from its own seed, so the result does not depend on ``processes``.
    Returns the hit counts per cell as arrays.
    """
    cells = [(ir, n1, n_sets, n_resamples, seed) for ir in COVERAGE_IRS
             for n1 in COVERAGE_POSITIVES]
    if processes > 1:
        from multiprocessing import Pool

        with Pool(processes) as pool:
            rows = pool.map(_coverage_cell, cells, chunksize=1)
    else:
        rows = [_coverage_cell(c) for c in cells]
    ir, n1, ap_true, auc, ap = (np.array(c) for c in zip(*rows))
    return {"boot_cov_ir": ir, "boot_cov_pos": n1, "boot_cov_ap_true": ap_true,
            "boot_cov_auroc_hits": auc, "boot_cov_ap_hits": ap,
            "boot_cov_sets": np.array(n_sets), "boot_cov_resamples": np.array(n_resamples)}


def load(path=RESULT_PATH) -> dict:
    """The stored study as a dict of arrays (see :func:`run`)."""
    with np.load(path, allow_pickle=False) as f:
        return {k: f[k] for k in f.files}


def main() -> None:
    t0 = time.perf_counter()
    if "--coverage-only" in sys.argv:
        res = {k: v for k, v in load().items() if not k.startswith("boot_cov_")}
    else:
        res = run()
    res.update(bootstrap_coverage(processes=2))
    RESULT_PATH.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(RESULT_PATH, **res)
    print(f"{len(res['names'])} data sets in {time.perf_counter() - t0:.0f}s; written to "
          f"{RESULT_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
