"""The re-run of Table 3: stand-ins, protocol, aggregations and picks.

Data flows one way: labels -> confusion matrices of the test folds (made on the
page) -> aggregated matrices (:func:`rates_first`, pooled, per fold) -> metrics
(:func:`~.theory.columns_of`) -> picks (lists of model names; a tie lists every
tied model) -> tables (:mod:`.tables`). Also the tables of how far the MLP moves
with the processor's arithmetic (:data:`NOISE`, :data:`SAT_MEASURED`), stored results
(``chapters/data/stored/iba_noise.json`` and ``iba_sat_starts.json``) with the code
that regenerates them, one process per line.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

import imbalance_lib as il
from imbalance_lib.book.datasets import load_glass, load_satimage
from imbalance_lib.book.experiments import evaluate_models
from imbalance_lib.book.processes import emulated, run_in_process
from imbalance_lib.book.selection import select_best
from imbalance_lib.book.stored import stored_as
from imbalance_lib.rbf_network import RBFNetworkClassifier

from .theory import COLUMNS, columns_of, from_rates

DATA = {"Glass": partial(load_glass, positive=3), "Satimage": partial(load_satimage, positive=4)}
"""The re-run's two data sets, the positive class against the rest (loaders)."""
MODELS = ["1NN", "MLP", "SVC", "NBC", "J48", "RBF"]
STARTS = {"Glass": 10, "Satimage": 1}
"""Random starts of the MLP per data set (the Glass MLP moves with the arithmetic)."""
MAX_ITER = 3000
"""L-BFGS iterations allowed to the MLP below 1000 rows (Glass)."""


def mlp(n_features: int, n_rows: int, start: int = 0):
    """The MLP stand-in: one hidden layer of (attributes + classes) / 2 sigmoid units.

    Inputs rescaled to [-1, 1]; L-BFGS (up to :data:`MAX_ITER` iterations) below 1000
    rows, Adam (rate 0.01) with early stopping above.
    """
    hidden = ((n_features + 2) // 2,)  # Weka's "a" = (attributes + classes) / 2
    if n_rows < 1000:
        net = MLPClassifier(hidden, activation="logistic", solver="lbfgs", max_iter=MAX_ITER,
                            random_state=start)
    else:
        net = MLPClassifier(hidden, activation="logistic", learning_rate_init=0.01,
                            early_stopping=True, n_iter_no_change=20, max_iter=500,
                            random_state=start)
    return make_pipeline(MinMaxScaler((-1, 1)), net)


def stand_ins(n_features: int, n_rows: int) -> dict:
    """scikit-learn stand-ins for the document's six Weka classifiers (MLP: start 0)."""
    return {
        "1NN": make_pipeline(MinMaxScaler(), KNeighborsClassifier(n_neighbors=1)),
        "MLP": mlp(n_features, n_rows),
        "SVC": make_pipeline(MinMaxScaler(), SVC(kernel="linear", C=1.0)),
        "NBC": GaussianNB(),
        "J48": DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2, random_state=0),
        "RBF": RBFNetworkClassifier(random_state=0),
    }


NOISE_SETTINGS = {
    "native kernels": ({}, 0.0),
    "Haswell kernels": (emulated("Haswell"), 0.0),
    "Sandybridge kernels": (emulated("Sandybridge"), 0.0),
    "Nehalem kernels": (emulated("Nehalem"), 0.0),
    "Prescott kernels": (emulated("Prescott"), 0.0),
    "inputs × (1 ± 1e-13)": ({}, 1e-13),
    "inputs × (1 ± 1e-15)": ({}, 1e-15),
}
"""The arithmetic of each line of :data:`NOISE`: extra environment variables and ``eps``.

"native kernels" runs with whatever OpenBLAS and numpy choose for the processor;
the named kernels set ``OPENBLAS_CORETYPE`` and switch numpy's AVX2 and AVX-512
code off; the last two multiply every input value by ``1 + eps`` or ``1 - eps``
(a random sign per value, seed 0) on the native kernels.
"""
SAT_SETTINGS = {"native kernels": ({}, 0.0), "Prescott kernels": NOISE_SETTINGS["Prescott kernels"]}
"""The two arithmetics :data:`SAT_STARTS` was measured with."""


def _perturbed(X, eps: float):
    if not eps:
        return X
    signs = np.random.default_rng(0).choice([-1.0, 1.0], size=np.shape(X))
    return np.asarray(X, float) * (1 + eps * signs)


def mlp_rates(name: str = "Glass", starts: int = 10, eps: float = 0.0) -> dict:
    """Rates-first TPR and TNR of the MLP for starts ``0 .. starts - 1``, in this process.

    The re-run's data, folds and network (:func:`rerun`); inputs multiplied by
    ``1 ± eps`` (:func:`_perturbed`). Returns ``{"tpr": [...], "tnr": [...]}``,
    one value per start. Glass, 10 starts: one to two minutes; Satimage: about a
    minute per start.
    """
    ds = DATA[name]()
    X, y = _perturbed(ds.data, eps), ds.target
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=5, random_state=0)
    models = {r: mlp(X.shape[1], len(y), r) for r in range(starts)}
    cm = evaluate_models(models, X, y, cv=cv, labels=[0, 1])
    return {"tpr": np.asarray(il.tpr(cm)).mean(-1).tolist(),
            "tnr": np.asarray(il.tnr(cm)).mean(-1).tolist()}


def mlp_rates_in(env: dict, name: str = "Glass", starts: int = 10, eps: float = 0.0) -> dict:
    """:func:`mlp_rates` in a new process with the extra environment ``env``.

    OpenBLAS picks its kernels when a process starts, so each arithmetic needs its
    own process (:func:`~imbalance_lib.book.processes.run_in_process`: one BLAS
    thread, and no inherited ``OPENBLAS_CORETYPE`` or ``NPY_DISABLE_CPU_FEATURES``
    unless ``env`` sets them).
    """
    return run_in_process(env, mlp_rates, name, starts, eps)


def noise_row(rates: dict) -> dict:
    """One line of :data:`NOISE` from :func:`mlp_rates` (the digits the table keeps)."""
    t, s = np.asarray(rates["tpr"]), np.asarray(rates["tnr"])
    return {"TPR, start 0": round(float(t[0]), 2), "TNR, start 0": round(float(s[0]), 3),
            "TPR, 10 starts": round(float(t.mean()), 3),
            "TNR, 10 starts": round(float(s.mean()), 4),
            "TPR, lowest start": round(float(t.min()), 2),
            "TPR, highest start": round(float(t.max()), 2)}


def measure_noise(settings=None) -> pd.DataFrame:
    """Measure :data:`NOISE` again: the Glass MLP, 10 starts, once per arithmetic of
    ``settings`` (default :data:`NOISE_SETTINGS`).

    One process per line (:func:`mlp_rates_in`); one to two minutes per line (five on a
    loaded machine).
    """
    settings = NOISE_SETTINGS if settings is None else settings
    rows = {label: noise_row(mlp_rates_in(env, "Glass", 10, eps))
            for label, (env, eps) in settings.items()}
    return pd.DataFrame(rows).T.rename_axis("arithmetic")


def measure_sat_starts(settings=None, starts: int = 4) -> dict:
    """Measure the Satimage MLP's TPR and TNR per start again, per arithmetic of
    ``settings`` (default :data:`SAT_SETTINGS`).

    Returns ``{label: {"tpr": [...], "tnr": [...]}}`` (unrounded); :data:`SAT_MEASURED`
    keeps five decimals of them. Three to four minutes per line.
    """
    settings = SAT_SETTINGS if settings is None else settings
    return {label: mlp_rates_in(env, "Satimage", starts, eps)
            for label, (env, eps) in settings.items()}


@stored_as("iba_noise")  # chapters/data/stored/iba_noise.json
def noise_table() -> pd.DataFrame:
    """Glass MLP (L-BFGS), rates-first TPR / TNR over the 50 folds, one line per arithmetic.

    :func:`measure_noise` with the settings of :data:`NOISE_SETTINGS`, stored (ten to
    fifteen minutes; ``make regenerate NAMES=iba_noise``): start 0 alone, then the mean
    over starts 0-9 of TPR and TNR and the lowest and highest TPR of those starts. The
    lines with named kernels are the same on any x86-64 processor; "native kernels"
    and the two lines of perturbed inputs (which run on the native kernels) are those
    of a processor with AVX-512 (on an AVX2 processor the native line equals the
    Haswell line, so regenerating there moves those three lines).
    """
    return measure_noise()


@stored_as("iba_sat_starts")  # chapters/data/stored/iba_sat_starts.json
def sat_measured() -> dict:
    """Satimage MLP (Adam), rates-first TPR and TNR of starts 0-3 (5 decimals), native and
    on the Prescott kernels.

    :func:`measure_sat_starts` with the settings of :data:`SAT_SETTINGS`, stored (three
    to four minutes per line; ``make regenerate NAMES=iba_sat_starts``).
    """
    return {label: {k: [round(v, 5) for v in rates[k]] for k in ("tpr", "tnr")}
            for label, rates in measure_sat_starts().items()}


def _span(column: str, digits: int) -> float:
    values = noise_table()[column]
    return round(float(values.max() - values.min()), digits)


def _sat_kernel_gap() -> float:
    lines = sat_measured().values()
    return max(abs(x - y) for k in ("tpr", "tnr") for x, y in zip(*(m[k] for m in lines)))


_MEASURED = {
    "NOISE": noise_table,
    "SAT_MEASURED": sat_measured,
    "SAT_STARTS": lambda: [round(t, 3) for t in sat_measured()["native kernels"]["tpr"]],
    "SAT_KERNEL_GAP": _sat_kernel_gap,
    "MOVE_T": lambda: _span("TPR, 10 starts", 3),
    "MOVE_S": lambda: _span("TNR, 10 starts", 4),
    "MOVES": lambda: {"Glass": (_span("TPR, 10 starts", 3), _span("TNR, 10 starts", 4)),
                      "Satimage": (_sat_kernel_gap(), _sat_kernel_gap())},
}
"""The measured tables and what derives from them, read from ``chapters/data/stored``
when first used (a stale table stops its user, not the import that regenerating it
needs). ``MOVE_T``, ``MOVE_S``: the spans of the Glass MLP's 10-start means of TPR and
TNR over the lines of ``NOISE`` (how far the rates printed on one processor can lie
from those of another); ``MOVES``: those movements per data set (TPR, TNR)."""


def __getattr__(name: str):
    """``NOISE``, ``MOVES`` and the other names of :data:`_MEASURED`, read once."""
    if name not in _MEASURED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = _MEASURED[name]()
    return value


# --------------------------------------------------------------------------- aggregation


def rates_first(cm, pi):
    """The document's convention as matrices: the fold matrices' rates averaged, at ``pi``.

    Each fold matrix is divided by its row sums (rows: ``[TNR, 1 - TNR]`` and ``[1 - TPR,
    TPR]``), the rows are averaged over the folds (axis -3) and rescaled to the class
    shares ``1 - pi`` and ``pi``: a matrix whose rates are the mean rates.

    >>> folds = np.array([[[3, 1], [1, 1]], [[2, 2], [0, 2]]], float)
    >>> C = rates_first(folds, 0.5)
    >>> float(il.tpr(C)), float(il.tnr(C))
    (0.75, 0.625)
    """
    cm = np.asarray(cm, float)
    shares = np.array([[1 - pi], [pi]])
    return (cm / cm.sum(-1, keepdims=True)).mean(-3) * shares


def per_fold(cm, index=MODELS) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Mean and standard deviation over the folds (axis 1) of each per-fold column."""
    cols = columns_of(cm)  # each (models, folds)
    mean = pd.DataFrame({c: v.mean(-1) for c, v in cols.items()}, index=index)
    sd = pd.DataFrame({c: v.std(-1, ddof=1) for c, v in cols.items()}, index=index)
    return mean, sd


def mlp_interval(metric: str, t: float, s: float, pi: float, move) -> tuple[float, float]:
    """The values ``metric`` takes when the MLP's rates move by ``±move = (dt, ds)``.

    A competitor inside that range ties with the MLP: the arithmetic of another
    processor could put it either side.

    >>> lo, hi = mlp_interval("Gmean", 0.5, 0.94, 0.08, (0.01, 0.0021))
    >>> round(lo, 4), round(hi, 4)  # sqrt(0.49 * 0.9379), sqrt(0.51 * 0.9421)
    (0.6779, 0.6932)
    """
    tt = np.clip(t + move[0] * np.array([-1, -1, 1, 1]), 0, 1)
    ss = np.clip(s + move[1] * np.array([-1, 1, -1, 1]), 0, 1)
    v = columns_of(from_rates(tt, ss, pi))[metric]
    return float(v.min()), float(v.max())


def pick(values: pd.Series, mlp_range=None) -> list:
    """The model(s) with the largest value (ties within 1e-12), a list in row order.

    With ``mlp_range = (lo, hi)``, the MLP's value under the arithmetic's movement,
    the MLP ties with the best other model when that one lies inside the range.

    >>> v = pd.Series([0.1, 0.50, 0.0, 0.49], index=["1NN", "MLP", "SVC", "NBC"])
    >>> pick(v), pick(v, (0.48, 0.52)), pick(v, (0.495, 0.505))
    (['MLP'], ['MLP', 'NBC'], ['MLP'])
    """
    values = pd.Series(np.asarray(values, float), index=values.index)
    others = values.drop("MLP")
    if mlp_range is not None and mlp_range[0] - 1e-12 <= others.max() <= mlp_range[1] + 1e-12:
        return ["MLP", *select_best(others.to_frame("v"), "v", atol=1e-12)]
    return select_best(values.to_frame("v"), "v", atol=1e-12)


def aggregation_picks(frame, rf, pi, move, rates=None) -> dict:
    """The pick of each metric from one aggregation ``frame`` of a data set.

    ``rf`` is the rates-first frame; ``rates`` the MLP's (TPR, TNR) behind
    ``frame``, or None for per-fold means (not functions of two rates), which
    get the width of the rates-first range around their own value.
    """
    out = {}
    for c in COLUMNS[2:]:
        m = rf.loc["MLP"]
        lo, hi = mlp_interval(c, m["TPrate"], m["TNrate"], pi, move)
        if rates is None:
            v = frame.at["MLP", c]
            lo, hi = v - (m[c] - lo), v + (hi - m[c])
        else:
            t, s = rates  # a pair, or a Series of the two rates
            lo, hi = mlp_interval(c, t, s, pi, move)
        out[c] = pick(frame[c], (lo, hi))
    return out


def repetition_values(cm, pi, index=MODELS) -> dict:
    """Rates-first columns of each of the 5 repetitions (10 folds each): ``(models, 5)``."""
    reps = np.asarray(cm, float).reshape(cm.shape[0], 5, 10, 2, 2)
    return {c: pd.DataFrame(v, index=index) for c, v in columns_of(rates_first(reps, pi)).items()}


def repetition_picks(reps: dict) -> dict:
    """The plain pick of each metric in each repetition (``reps``: :func:`repetition_values`):
    metric -> list of 5 picks."""
    return {c: [pick(reps[c][r]) for r in range(5)] for c in COLUMNS[2:]}
