r"""The AC-score chapter: Wu and Cannistraci's harmonic mean of TPR and TNR.

Every check and experiment of the chapter, each returning what the prose
states as data, and the sentences that rest on them (:data:`CLAIMS`):

* the inequalities and identities of the AC-score, tried by the book's one
  claim checker (:func:`imbalance_lib.book.properties.check_claims`) and
  simplified by SymPy;
* the largest gap between GM and the AC-score near an edge of the unit square;
* the tie experiment (a one-sample-at-a-time sweep against
  :func:`imbalance_lib.optimal_operating_point`) and the authors' sweep of
  constant scores;
* the NMC-versus-LDA experiment of the document's Fig. 2, on the digits
  stand-in and on overlapping Gaussian classes, with two baselines.

:func:`findings` gathers the cheap parts (prefix ``ac``);
:func:`experiment_findings` summarises one run of :func:`run_experiment`
(prefixes ``dig`` and ``gau``).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.claims import Claim
from imbalance_lib.book.datasets import DIGITS_CONDITIONS, digits_1_vs_6, two_gaussians
from imbalance_lib.book.pages import signed
from imbalance_lib.book.published import wu2025
from imbalance_lib.nearest_mean import nmc_criterion

__all__ = [
    "PROPERTIES", "property_checks", "symbolic_identities", "edge_gap",
    "auroc_example", "one_at_a_time", "tie_experiment", "tie_table", "authors_sweep",
    "best_threshold_ac", "constant_experiment", "constant_table", "sizes_table",
    "CONDITIONS", "SIZES_DOC", "N_REPS", "N_REPS_DIGITS", "OUR_METRICS", "DOC_METRICS", "MODELS",
    "count_metrics", "score_metrics", "oop_cut", "fit_models", "run_experiment",
    "gaussian_split", "difference_summary", "rank_table", "doc_tables", "baseline_tables",
    "rates_table", "doc_tables_markdown", "baseline_markdown", "check_table",
    "experiment_findings", "digits_findings", "findings",
    "surfaces_figure", "penalty_figure", "ranked_figure", "projections_figure",
    "CLAIMS", "EXPERIMENT_CLAIMS",
]

CONDITIONS = DIGITS_CONDITIONS
"""Test-set counts ``(N, P)`` of the digits conditions, by ratio N:P."""

SIZES_DOC = {"1:3": (1500, 4500), "1:1": (1500, 1500), "3:1": (1500, 500)}
"""The document's test-set counts ``(N, P)`` (its Section 3.2), used for the Gaussian classes."""

N_REPS = 10
"""Repetitions of every condition of the Gaussian classes, each with fresh random draws."""

N_REPS_DIGITS = 40
"""Repetitions of every condition of the digits, each a fresh random split (they are cheap)."""

SINGLE_CLASS = ["precision (P)", "precision (N)", "F (P)", "F (N)", "sensitivity", "specificity"]
"""The metrics of :data:`OUR_METRICS` computed for one class only (from hard predictions)."""


# --------------------------------------------------------------------------- properties


def _rates(C):
    P, N = C[..., 1, :].sum(-1), C[..., 0, :].sum(-1)
    ok = (P > 0) & (N > 0)
    return C[..., 1, 1] / P, C[..., 0, 0] / N, P, N, ok


def _applies(v, where):
    return np.where(where, v, np.nan)


def _sign_violation(diff, expected_sign, where):
    """``|diff|`` where the sign should be 0, else ``-diff * sign`` (positive: wrong sign)."""
    v = np.where(expected_sign == 0, np.abs(diff), -diff * expected_sign)
    return _applies(v, where)


def _viol_min(C):
    t, s, _, _, ok = _rates(C)
    return _applies(np.minimum(t, s) - il.ac(C), ok)


def _viol_ac_gm(C):
    return _applies(il.ac(C) - il.g_mean(C), _rates(C)[-1])


def _viol_gm_ba(C):
    return _applies(il.g_mean(C) - il.balanced_accuracy(C), _rates(C)[-1])


def _viol_two_min(C):
    t, s, _, _, ok = _rates(C)
    return _applies(il.ac(C) - 2 * np.minimum(t, s), ok)


def _viol_gm2(C):
    return _applies(il.g_mean(C) ** 2 - il.ac(C), _rates(C)[-1])


def _viol_gm2_ba(C):
    return _applies(np.abs(il.ac(C) * il.balanced_accuracy(C) - il.g_mean(C) ** 2),
                    _rates(C)[-1])


def _balance(t, s):
    return np.where(t + s > 0, (t - s) / np.where(t + s > 0, t + s, 1.0), 0.0)


def _viol_shrink_ac(C):
    t, s, _, _, ok = _rates(C)
    r = _balance(t, s)
    return _applies(np.abs(il.ac(C) - il.balanced_accuracy(C) * (1 - r**2)), ok)


def _viol_shrink_gm(C):
    t, s, _, _, ok = _rates(C)
    r = _balance(t, s)
    return _applies(np.abs(il.g_mean(C) ** 2 - il.balanced_accuracy(C) ** 2 * (1 - r**2)), ok)


def _viol_equal_gm(C):
    t, s, _, _, ok = _rates(C)
    return _applies(-(il.g_mean(C) - il.ac(C)), ok & (t != s) & (t * s > 0))


def _viol_symmetric(C):
    return _applies(np.abs(il.ac(C) - il.ac(C[..., ::-1, ::-1])), _rates(C)[-1])


def _viol_null_biased(C):
    scaled = C * np.array([[3.7], [0.01]])  # negatives x 3.7, positives x 0.01
    return _applies(np.abs(il.ac(C) - il.ac(scaled)), _rates(C)[-1])


def _viol_hmnc(C):
    t, s, P, N, ok = _rates(C)
    pos = ok & (t > 0) & (s > 0)
    inv = N / (P + N) / t + P / (P + N) / s
    return _applies(np.abs(il.hmnc(C) * inv - 1), pos)


def _viol_hmnc_sign(C):
    t, s, P, N, ok = _rates(C)
    return _sign_violation(il.hmnc(C) - il.ac(C), np.sign((N - P) * (t - s)),
                           ok & (t > 0) & (s > 0))


def _viol_f1_sign(C):
    t, s, _, _, ok = _rates(C)
    tp = C[..., 1, 1]
    ppv = tp / np.where(tp > 0, tp + C[..., 0, 1], 1.0)
    return _sign_violation(il.ac(C) - il.f1(C, zero_division=0.0), np.sign(s - ppv),
                           ok & (tp > 0))


PROPERTIES = {
    "min(TPR, TNR) <= AC": _viol_min,
    "AC <= GM": _viol_ac_gm,
    "GM <= BA": _viol_gm_ba,
    "AC <= 2 min(TPR, TNR)": _viol_two_min,
    "GM^2 <= AC": _viol_gm2,
    "AC = GM^2 / BA": _viol_gm2_ba,
    "AC = BA (1 - r^2)": _viol_shrink_ac,
    "GM^2 = BA^2 (1 - r^2)": _viol_shrink_gm,
    "AC = GM only if TPR = TNR or TPR TNR = 0": _viol_equal_gm,
    "symmetric": _viol_symmetric,
    "null-biased (row scaling)": _viol_null_biased,
    "1/HMNC = (N/n)/TPR + (P/n)/TNR (relative)": _viol_hmnc,
    "sign(HMNC - AC) = sign((N - P)(TPR - TNR))": _viol_hmnc_sign,
    "sign(AC - F1) = sign(TNR - precision)": _viol_f1_sign,
}
"""Each statement of the derivations and its violation on a stack of matrices (nan: not applicable)."""

N_RANDOM = 100_000
"""Random real matrices tried per statement, before the optimiser."""

ENTRY_MAX = 12
"""Every integer matrix with entries ``0..ENTRY_MAX`` is tried too."""


@cache
def property_checks(n_random: int = N_RANDOM, seed: int = 0) -> pd.DataFrame:
    """Every statement of :data:`PROPERTIES` through :func:`~imbalance_lib.book.properties.check_claims`.

    Returns one row per statement with ``holds``, ``worst`` (largest
    violation found) and ``cases`` (matrices tried, optimiser included).
    """
    from imbalance_lib.book.properties import check_claims

    return check_claims(PROPERTIES, n_random=n_random, seed=seed, entry_max=ENTRY_MAX)


def check_table(checks) -> pd.DataFrame:
    """:func:`property_checks` for the page: whether each statement holds, and its largest violation.

    Violations at the level of rounding (below 1e-12) are shown as such, not
    with their digits, which differ between CPUs.
    """
    def shown(v):
        if pd.isna(v):
            return "never applied"
        return "below 1e-12" if v < 1e-12 else f"{v:.1e}"

    return pd.DataFrame({"holds": checks["holds"].map({True: "yes", False: "**no**"}),
                         "largest violation": checks["worst"].map(shown)})


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")


def symbolic_identities() -> pd.Series:
    """The identities of the chapter, each written as a difference that SymPy simplifies.

    Returns the simplified differences as strings ("0" where the identity holds).
    """
    import sympy as sp

    t, s, P, N = sp.symbols("t s P N", positive=True)
    p = sp.symbols("p", nonnegative=True)  # precision
    AC, GM, BA = 2 * t * s / (t + s), sp.sqrt(t * s), (t + s) / 2
    TP, FN, FP, TN = t * P, (1 - t) * P, (1 - s) * N, s * N
    r = (t - s) / (t + s)
    identities = {
        "AC - GM^2/BA": AC - GM**2 / BA,
        "(BA - AC) - (t - s)^2 / (2(t + s))": (BA - AC) - (t - s) ** 2 / (2 * (t + s)),
        "count form (eq-ac-counts) - AC": 2 * TP * TN / (2 * TP * TN + TP * FP + TN * FN) - AC,
        "1/HMNC - ((N/n)/t + (P/n)/s)": (TP + TN) * P * N / (TP * TN * (P + N))
        - (N / (P + N) / t + P / (P + N) / s),
        "AC - BA (1 - r^2)": AC - BA * (1 - r**2),
        "GM - BA sqrt(1 - r^2)": GM - BA * sp.sqrt(sp.factor(1 - r**2)),
        "one-point AUPR - (t + p)/2": t * (1 + p) / 2 + (1 - t) * p / 2 - (t + p) / 2,
    }
    return pd.Series({k: str(sp.simplify(v)) for k, v in identities.items()},
                     name="SymPy simplifies to")


def edge_gap(n_grid: int = 1_000_001) -> dict:
    r"""Where GM - AC peaks along a section :math:`TNR = s`, exactly and on a grid.

    With :math:`t = s u^2`, :math:`GM - AC = s\,u(1 - u)^2/(1 + u^2)`, maximal at
    the positive root of :math:`u^3 + u^2 + 3u - 1`. Returns the ratio
    :math:`t/s` there, the gap per unit of :math:`s`, the same on the section
    :math:`s = 1/2`, and the maximum and its place on a grid of that section.

    >>> round(edge_gap(n_grid=1001)["gap_ratio"], 4)
    0.0874
    """
    roots = np.roots([1, 1, 3, -1])
    u = float(roots[(np.abs(roots.imag) < 1e-12) & (roots.real > 0)].real[0])
    h = u * (1 - u) ** 2 / (1 + u**2)
    tt = np.linspace(0, 1, n_grid)
    sec = il.binary_matrix(tt, 1 - tt, 0.5, 0.5)
    gap = il.g_mean(sec) - il.ac(sec)
    return {"gap_ratio": u**2, "gap_max": h, "gap_half": h / 2, "gap_half_t": u**2 / 2,
            "gap_grid_max": float(gap.max()), "gap_grid_t": float(tt[gap.argmax()])}


def auroc_example() -> dict:
    """Four samples whose cut at 0.5 has a higher AC-score than the ROC AUC of their scores."""
    y, z = np.array([0, 1, 0, 1]), np.array([0.9, 0.8, 0.3, 0.1])
    C = il.confusion_matrix(y, (z >= 0.5).astype(int))
    return {"example_ac": float(il.ac(C)), "example_auroc": float(il.roc_auc(y, z))}


# --------------------------------------------------------------------------- ties


def one_at_a_time(y, z):
    """The authors' scheme: sort, then move samples to "negative" one by one.

    Returns the best AC-score it reports, the AC-score of the threshold it
    returns when applied to the scores, and the number of "cuts" it tried.

    Four tied scores: the scheme reports a cut that no threshold makes.

    >>> reported, applied, n = one_at_a_time(np.array([0, 1, 0, 1]), np.full(4, 0.5))
    >>> round(float(reported), 4), float(applied), n
    (0.6667, 0.0, 5)
    """
    order = np.argsort(z, kind="stable")  # ties keep their storage order
    ys, zs = y[order], z[order]
    fn, tn = np.r_[0, np.cumsum(ys)], np.r_[0, np.cumsum(1 - ys)]
    cuts = il.binary_matrix(fn[-1] - fn, fn, tn[-1] - tn, tn)  # n + 1 "cuts"
    values = il.ac(cuts)
    i = int(np.argmax(values))
    theta = -np.inf if i == 0 else np.inf if i == len(z) else (zs[i - 1] + zs[i]) / 2
    applied = il.confusion_matrix(y, (z >= theta).astype(int), labels=[0, 1])
    return values[i], il.ac(applied), len(cuts)


@cache
def tie_experiment(n_orders: int = 50) -> dict:
    """k-NN scores (k = 10, eleven values) on overlapping Gaussian classes, swept both ways.

    Returns the test labels ``y`` and scores ``z``, the one-at-a-time sweep
    on ``n_orders`` random storage orders (``runs``, one row per order:
    reported, applied, cuts), the exact optimum, its value on each of the same
    orders (``exact_runs``) and the number of distinct cuts.
    """
    from sklearn.neighbors import KNeighborsClassifier

    rng = np.random.default_rng(11)
    X_tr, y_tr = two_gaussians(900, 2700, rng)  # training set
    X_te, y = two_gaussians(300, 900, rng)  # test set
    z = KNeighborsClassifier(n_neighbors=10).fit(X_tr, y_tr).predict_proba(X_te)[:, 1]
    runs, exact_runs = [], []
    for seed in range(n_orders):
        perm = np.random.default_rng(seed).permutation(len(y))
        runs.append(one_at_a_time(y[perm], z[perm]))
        exact_runs.append(il.optimal_operating_point(y[perm], z[perm], metric="ac").score)
    return {"y": y, "z": z, "runs": np.array(runs), "exact_runs": np.array(exact_runs),
            "exact": il.optimal_operating_point(y, z, metric="ac"),
            "n_cuts": len(il.threshold_sweep(y, z)[0])}


def tie_table(res: dict) -> pd.DataFrame:
    """Candidate cuts, reported optimum and achieved AC-score of both sweeps."""
    runs, exact, n = res["runs"], res["exact"], len(res["runs"])
    return pd.DataFrame(
        {"candidate cuts": [f"{int(runs[0, 2])}", f"{res['n_cuts']}"],
         "best AC reported": [f"{runs[:, 0].min():.4f} to {runs[:, 0].max():.4f}",
                              f"{exact.score:.4f}"],
         "AC of the returned threshold": [f"{runs[:, 1].min():.4f} to {runs[:, 1].max():.4f}",
                                          f"{il.ac(exact.matrix):.4f}"]},
        index=[f"one sample at a time ({n} orders)", "il.optimal_operating_point"])


def authors_sweep(y, markers) -> float:
    """AC-score as the authors' ``compute_ACscore.py`` reports it (re-implemented).

    Inputs whose distinct values are exactly {0, 1} are hard predictions;
    anything else is swept one sample at a time in both directions (stable
    sort: ties keep the storage order), keeping the better sweep.

    All-ones predictions, stored negatives first, read as scores:

    >>> y = np.array([0, 0, 1, 1])
    >>> authors_sweep(y, np.ones(4, dtype=int)), best_threshold_ac(y, np.ones(4))
    (1.0, 0.0)
    """
    markers = np.asarray(markers)
    if np.array_equal(np.unique(markers), [0, 1]):  # hard predictions
        return float(il.ac(il.confusion_matrix(y, markers, labels=[0, 1])))
    ys = y[np.argsort(markers, kind="stable")]
    moved_pos, moved_neg = np.r_[0, np.cumsum(ys)], np.r_[0, np.cumsum(1 - ys)]
    P, N = moved_pos[-1], moved_neg[-1]
    fwd = il.binary_matrix(P - moved_pos, moved_pos, N - moved_neg, moved_neg)
    bwd = il.binary_matrix(moved_pos, P - moved_pos, moved_neg, N - moved_neg)
    return float(max(il.ac(fwd).max(), il.ac(bwd).max()))


def best_threshold_ac(y, z) -> float:
    """Best AC-score of any threshold of ``z`` (every distinct cut)."""
    return float(il.ac(il.threshold_sweep(y, z)[1], zero_division=0.0).max())


@cache
def constant_experiment(n_orders: int = 50) -> dict:
    """The authors' sweep on a constant score and on all-ones predictions.

    Uses the test labels of :func:`tie_experiment`, stored in ``n_orders``
    random orders and in the stored order (negatives first).
    """
    y = tie_experiment()["y"]
    orders = [np.random.default_rng(k).permutation(len(y)) for k in range(n_orders)]
    constant, ones = np.full(len(y), 0.5), np.ones(len(y), dtype=int)
    return {"const_runs": [authors_sweep(y[o], constant) for o in orders],
            "ones_runs": [authors_sweep(y[o], ones) for o in orders],
            "ones_stored": authors_sweep(y, ones),
            "const_best": best_threshold_ac(y, constant),
            "ones_best": best_threshold_ac(y, ones), "n_orders": n_orders}


def constant_table(res: dict) -> pd.DataFrame:
    """What the authors' sweep reports for uninformative inputs, and the best real cut."""
    def span(v):
        return f"{min(v):.4f} to {max(v):.4f}"

    n = res["n_orders"]
    return pd.DataFrame(
        {"AC reported": [span(res["const_runs"]), f"{res['ones_stored']:.4f}",
                         span(res["ones_runs"])],
         "best AC of any threshold": [f"{res['const_best']:.4f}", f"{res['ones_best']:.4f}",
                                      f"{res['ones_best']:.4f}"]},
        index=[f"constant score ({n} orders)", "all-ones predictions (stored order)",
               f"all-ones predictions ({n} orders)"])


# --------------------------------------------------------------------------- published sizes

CODE_TITLES = ["1500, 4500", "1500, 1500", "1500, 500"]
"""Test counts (N, P) the authors' ``plot_comparison.m`` prints as panel titles."""


def sizes_table() -> pd.DataFrame:
    """Sizes of Section 3.2, the test counts they imply, the caption's and the code's."""
    rows = []
    for (ratio, size), panel in zip(wu2025.SPLITS.items(), "def"):
        n_part, p_part = map(int, ratio.split(":"))
        n_test = round(size["test"] * n_part / (n_part + p_part))
        sec = (n_test, size["test"] - n_test)
        cap = wu2025.FIG2_CAPTION_COUNTS.get(panel)
        cap = None if cap is None else (cap["N"], cap["P"])
        rows.append({"N:P": ratio, "train": size["train"], "test": size["test"],
                     "N, P (Sec. 3.2)": f"{sec[0]}, {sec[1]}", "panel": panel,
                     "N, P (caption)": "none" if cap is None else f"{cap[0]}, {cap[1]}",
                     "agrees": "-" if cap is None else ("yes" if cap == sec else "**no**")})
    out = pd.DataFrame(rows).set_index("N:P")
    out["N, P (code)"] = CODE_TITLES
    return out


# --------------------------------------------------------------------------- experiment

OUR_METRICS = [
    "precision (P)", "precision (N)", "precision (avg)", "F (P)", "F (N)", "F (avg)",
    "accuracy", "MCC", "GM", "BA", "AC-score", "sensitivity", "specificity",
    "AUROC", "AUPR (P)", "AUPR (N)", "AUPR (avg)",
]
"""The metrics we rank: both classes of every asymmetric one, and areas under score curves."""

DOC_METRICS = {
    "BA": "AUROC (BA)", "AUPR (one point)": "AUPR", "F (avg)": "F-score",
    "AC-score": "AC-score", "accuracy": "acc", "MCC": "MCC", "sensitivity": "sensitivity",
    "specificity": "specificity", "precision (P)": "precision (P)",
    "precision (N)": "precision (N)", "GM": "GM",
}
"""The document's metrics, with its labels (in the authors' code)."""

MODELS = ["NMC", "LDA", "LDA, equal priors", "LDA + OOP"]


def count_metrics(C) -> dict:
    """The count-based metrics of Fig. 2 for a stack of binary matrices (0/0 taken as 0).

    >>> m = count_metrics(il.binary_matrix(tp=6, fn=4, fp=9, tn=81))
    >>> round(float(m["AC-score"]), 4), round(float(m["BA"]), 4)
    (0.72, 0.75)
    """
    z = {"zero_division": 0.0}
    ba, map_ = il.balanced_accuracy(C, **z), il.macro_precision(C, **z)
    return {
        "precision (P)": il.precision(C, **z), "precision (N)": il.npv(C, **z),
        "precision (avg)": map_, "F (P)": il.f1(C, **z),
        "F (N)": il.f1(C[..., ::-1, ::-1], **z), "F (avg)": il.macro_f1(C, **z),
        "accuracy": il.accuracy(C, **z), "MCC": il.mcc(C, **z), "GM": il.g_mean(C, **z),
        "BA": ba, "AC-score": il.ac(C, **z), "sensitivity": il.tpr(C, **z),
        "specificity": il.tnr(C, **z),
        "AUPR (one point)": (ba + map_) / 2,  # the document's "AUPR"
    }


def score_metrics(y, z) -> dict:
    """The areas under the ROC and precision-recall curves of the scores (AUPR of both classes)."""
    from sklearn.metrics import average_precision_score, roc_auc_score

    pos, neg = average_precision_score(y, z), average_precision_score(1 - y, -z)
    return {"AUROC": roc_auc_score(y, z), "AUPR (P)": pos, "AUPR (N)": neg,
            "AUPR (avg)": (pos + neg) / 2}


def oop_cut(z, y, cv) -> float:
    """The NMC's cut search on any score: the median of the splits' best cuts."""
    cuts = [il.optimal_operating_point(y[tr], z[tr], metric=nmc_criterion).threshold
            for tr, _ in cv.split(z[:, None], y)]
    return float(np.median(cuts))


def fit_models(X_tr, y_tr, rep):
    """NMC, LDA and the two baselines.

    Returns ``{name: (score function, cut)}`` and facts about the fit: whether
    the mean and median centroids tie, the NMC kept, the median NMC and LDA.
    """
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.model_selection import RepeatedStratifiedKFold

    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=10, random_state=rep)
    nmc = {c: il.NearestMeanClassifier(centroid=c, cv=cv).fit(X_tr, y_tr)
           for c in ("mean", "median")}
    score = {c: m.criterion_score_ for c, m in nmc.items()}
    # the library keeps the mean on a tie, the authors' code the median
    ours = "mean" if score["mean"] >= score["median"] else "median"
    lda = LinearDiscriminantAnalysis().fit(X_tr, y_tr)
    equal = LinearDiscriminantAnalysis(priors=[0.5, 0.5]).fit(X_tr, y_tr)
    cut = oop_cut(lda.decision_function(X_tr), y_tr, cv)
    models = {
        "NMC": (lambda X: X @ nmc[ours].direction_, nmc[ours].threshold_),
        "LDA": (lda.decision_function, 0.0),
        "LDA, equal priors": (equal.decision_function, 0.0),
        "LDA + OOP": (lda.decision_function, cut),
    }
    facts = {"tie": score["mean"] == score["median"], "nmc": nmc[ours],
             "median": nmc["median"], "lda": lda}
    return models, facts


def run_experiment(split, conditions=None, n_reps: int = N_REPS):
    """Every model on every condition and repetition.

    ``split(cond, rep)`` returns ``X_train, y_train, X_test, y_test``. Returns
    a long table (condition, rep, model, metric, value), the fits of
    repetition 0 for the projection figure, and ``extras``: the tied NMC fits
    with the change of the test AC-score under the authors' tie rule, every
    metric of the median NMC in those fits (``tie_values``), and the number of
    test predictions that equal priors change in LDA.
    """
    conditions = list(CONDITIONS) if conditions is None else conditions
    records, kept, ties, changed, tie_values = [], {}, [], [], []
    for cond in conditions:
        for rep in range(n_reps):
            X_tr, y_tr, X_te, y_te = split(cond, rep)
            models, facts = fit_models(X_tr, y_tr, rep)
            preds = {}
            for name, (score, cut) in models.items():
                z = score(X_te)
                preds[name] = (z >= cut).astype(int)
                C = il.confusion_matrix(y_te, preds[name], labels=[0, 1])
                values = {**count_metrics(C), **score_metrics(y_te, z)}
                records += [(cond, rep, name, m, float(v)) for m, v in values.items()]
            if facts["tie"]:  # what the authors' rule (median on a tie) changes
                med = facts["median"]
                z_med = X_te @ med.direction_
                alt = (z_med >= med.threshold_).astype(int)
                C_alt = il.confusion_matrix(y_te, alt, labels=[0, 1])
                C_nmc = il.confusion_matrix(y_te, preds["NMC"], labels=[0, 1])
                ties.append((cond, rep, float(il.ac(C_alt) - il.ac(C_nmc))))
                values = {**count_metrics(C_alt), **score_metrics(y_te, z_med)}
                tie_values += [(cond, rep, m, float(v)) for m, v in values.items()]
            moved = int(np.sum(preds["LDA"] != preds["LDA, equal priors"]))
            changed.append((cond, rep, moved, len(y_te)))
            if rep == 0:
                kept[cond] = (facts["nmc"], facts["lda"], X_te, y_te)
    frame = pd.DataFrame(records, columns=["condition", "rep", "model", "metric", "value"])
    extras = {"ties": pd.DataFrame(ties, columns=["condition", "rep", "ac_change"]),
              "priors": pd.DataFrame(changed, columns=["condition", "rep", "moved", "n"]),
              "tie_values": pd.DataFrame(tie_values,
                                         columns=["condition", "rep", "metric", "value"]),
              "n_reps": n_reps}
    return frame, kept, extras


def gaussian_split(cond, rep):
    """Two Gaussian classes with the document's test counts and three times as many for training."""
    n_neg, n_pos = SIZES_DOC[cond]
    rng = np.random.default_rng([rep, list(SIZES_DOC).index(cond), 2025])
    X_tr, y_tr = two_gaussians(3 * n_neg, 3 * n_pos, rng)
    X_te, y_te = two_gaussians(n_neg, n_pos, rng)
    return X_tr, y_tr, X_te, y_te


def _differences(results, baseline="LDA"):
    wide = results.pivot_table(index=["condition", "metric", "rep"], columns="model",
                               values="value")
    return (wide["NMC"] - wide[baseline]).rename("diff").reset_index()


def difference_summary(results, metrics):
    """Mean and SD of NMC - LDA per condition and metric; rank 1 = the largest NMC advantage.

    Returns the single differences and the summary table.
    """
    d = _differences(results[results.metric.isin(list(metrics))])
    out = d.groupby(["condition", "metric"])["diff"].agg(["mean", "std"]).reset_index()
    key = out["mean"].round(12)  # exact ties stay ties
    out["rank"] = key.groupby(out["condition"]).rank(ascending=False, method="min").astype(int)
    return d, out


def rank_table(summ) -> pd.DataFrame:
    """Mean NMC - LDA difference and its rank (1 = largest NMC advantage), per condition."""
    tab = summ.pivot(index="metric", columns="condition", values=["mean", "rank"])
    conds = [c for c in CONDITIONS if c in set(summ.condition)]
    out = pd.DataFrame(index=tab.index)
    for cond in conds:
        out[f"{cond} diff"] = tab["mean", cond].map(signed)
        out[f"{cond} rank"] = tab["rank", cond].astype(int)
    return out.sort_values([f"{conds[0]} rank", "metric"])


def doc_tables(results):
    """The document's metrics with its labels: mean value of NMC and LDA; ranked differences."""
    _, summ11 = difference_summary(results, DOC_METRICS)
    m = results[results.metric.isin(list(DOC_METRICS))]
    tab = m.pivot_table(index="metric", columns=["condition", "model"], values="value")
    values = pd.DataFrame(index=list(DOC_METRICS))
    for cond in CONDITIONS:
        for model in ["NMC", "LDA"]:
            values[f"{cond} {model}"] = tab[cond, model].map(lambda v: f"{v:.3f}")
    ranks = rank_table(summ11)
    order = list(ranks.index)
    values = values.loc[order]
    values.index = ranks.index = [DOC_METRICS[k] for k in order]
    values.index.name = ranks.index.name = "metric (document's label)"
    return values, ranks


def doc_tables_markdown(results) -> str:
    """:func:`doc_tables` as one Markdown block with a heading line per table."""
    from imbalance_lib.book.tables import markdown

    values, ranks = doc_tables(results)
    return ("Mean value of each classifier\n\n" + markdown(values)
            + "\n\nMean difference NMC - LDA and its rank (1 = largest NMC advantage)\n\n"
            + markdown(ranks))


def baseline_markdown(results, name) -> str:
    """:func:`baseline_tables` of the AC-score as one Markdown block, for data set ``name``."""
    from imbalance_lib.book.tables import markdown

    means, above = baseline_tables(results)
    return (f"**{name}**, AC-score: mean (SD)\n\n" + markdown(means)
            + f"\n\n**{name}**, repetitions above / below NMC\n\n" + markdown(above))


def baseline_tables(results, metric="AC-score"):
    """Mean (SD) of each model's ``metric``, and how often each baseline is above / below NMC."""
    v = results[results.metric == metric].pivot_table(index=["condition", "rep"],
                                                      columns="model", values="value")
    means, above = pd.DataFrame(index=MODELS), pd.DataFrame(index=MODELS[1:])
    for cond in CONDITIONS:
        x = v.loc[cond]
        means[cond] = [f"{x[m].mean():.3f} ({x[m].std():.3f})" for m in MODELS]
        above[cond] = [f"{int((x[m] > x['NMC']).sum())} / {int((x[m] < x['NMC']).sum())}"
                       for m in MODELS[1:]]
    return means, above


def rates_table(results) -> pd.DataFrame:
    """Mean sensitivity and specificity of NMC and LDA per condition."""
    r = (results[results.metric.isin(["sensitivity", "specificity"])]
         .pivot_table(index="condition", columns=["model", "metric"], values="value")
         .loc[list(CONDITIONS), ["NMC", "LDA"]])
    r.columns = [f"{m} {k}" for m, k in r.columns]
    return r.map(lambda v: f"{v:.3f}")


def _with_tie_rule(results, tie_values):
    """``results`` with the NMC's values replaced by the median NMC's in the tied fits."""
    if tie_values is None or len(tie_values) == 0:
        return results
    key = ["condition", "rep", "metric"]
    alt = results.merge(tie_values.rename(columns={"value": "median"}), on=key, how="left")
    use = (alt.model == "NMC") & alt["median"].notna()
    alt.loc[use, "value"] = alt.loc[use, "median"]
    return alt.drop(columns="median")


def experiment_findings(results, extras) -> dict:
    """What the prose states about one run of :func:`run_experiment`.

    Per condition ``c`` (``13``, ``11``, ``31``): the rank among
    :data:`OUR_METRICS` and :data:`DOC_METRICS` and the mean difference of the
    AC-score, GM and BA; how many metrics favour LDA or NMC; in how many
    repetitions NMC's AC-score is above / below LDA's (``nmc_ahead_c``,
    ``nmc_behind_c``); the baselines' repetitions above and below NMC and their
    mean differences; LDA's mean sensitivity minus NMC's; whether the
    document's reading (``doc_verdict``: "holds" or "does not hold") fits.
    Between 1:3 and 3:1: how far each metric's rank moves (``shift_*``). Over
    the run: mean AC-score and AUROC of both, the predictions equal priors
    change, and the same conclusions recomputed under the authors' tie rule
    (``tie_*``).
    """
    _, summ = difference_summary(results, OUR_METRICS)
    _, summ11 = difference_summary(results, DOC_METRICS)
    n_reps = extras["n_reps"]
    f = {"n_reps": n_reps, "n_splits": len(set(results.condition)) * n_reps}
    for cond in CONDITIONS:
        s = summ[summ.condition == cond].set_index("metric")
        s11 = summ11[summ11.condition == cond].set_index("metric")
        key = cond.replace(":", "")
        f[f"ac_rank_{key}"] = int(s.loc["AC-score", "rank"])
        f[f"ac_rank11_{key}"] = int(s11.loc["AC-score", "rank"])
        f[f"n_lda_better_{key}"] = int((s["mean"] < 0).sum())
        f[f"n_nmc_better_{key}"] = int((s["mean"] > 0).sum())
        f[f"top_{key}"] = str(s["mean"].idxmax())  # the largest NMC advantage
        for metric in ["AC-score", "GM", "BA"]:
            low = metric.split("-")[0].lower()
            f[f"{low}_rank_{key}"] = int(s.loc[metric, "rank"])
            f[f"{low}_diff_{key}"] = float(s.loc[metric, "mean"])
            f[f"{low}_sd_{key}"] = float(s.loc[metric, "std"])
        v = results[(results.metric == "AC-score") & (results.condition == cond)]
        v = v.pivot_table(index="rep", columns="model", values="value")
        for model, tag in [("LDA, equal priors", "eq"), ("LDA + OOP", "oop")]:
            f[f"{tag}_above_{key}"] = int((v[model] > v.NMC).sum())
            f[f"{tag}_below_{key}"] = int((v[model] < v.NMC).sum())
            f[f"{tag}_diff_{key}"] = float((v[model] - v.NMC).mean())
            f[f"{tag}_over_lda_{key}"] = float((v[model] - v.LDA).mean())
        f[f"nmc_over_lda_{key}"] = float((v.NMC - v.LDA).mean())
        f[f"nmc_ahead_{key}"] = int((v.NMC > v.LDA).sum())
        f[f"nmc_behind_{key}"] = int((v.NMC < v.LDA).sum())
        sens = results[(results.metric == "sensitivity") & (results.condition == cond)]
        sens = sens.pivot_table(index="rep", columns="model", values="value")
        f[f"lda_sens_gap_{key}"] = float((sens.LDA - sens.NMC).mean())
        spec = results[(results.metric == "specificity") & (results.condition == cond)]
        spec = spec.pivot_table(index="rep", columns="model", values="value")
        f[f"lda_spec_gap_{key}"] = float((spec.LDA - spec.NMC).mean())
        # metrics whose mean difference is at least its SD between repetitions
        f[f"n_signal_{key}"] = int((s["mean"].abs() >= s["std"]).sum())
        if cond != "1:1":  # accuracy and the majority class's recall and F favour LDA
            major = ["sensitivity", "F (P)"] if cond == "1:3" else ["specificity", "F (N)"]
            f[f"lda_majority_{key}"] = bool((s.loc[["accuracy", *major], "mean"] < 0).all())
    # the document's reading: at 1:3 and 3:1 NMC wins, by most on the AC-score, then GM, BA
    doc = all(f[f"ac_diff_{c}"] > f[f"gm_diff_{c}"] > f[f"ba_diff_{c}"] > 0
              for c in ("13", "31") if f"ac_diff_{c}" in f)
    f["doc_verdict"] = "holds" if doc else "does not hold"
    f["nmc_ahead"] = sum(f[f"nmc_ahead_{c.replace(':', '')}"] for c in CONDITIONS)
    f["nmc_behind"] = sum(f[f"nmc_behind_{c.replace(':', '')}"] for c in CONDITIONS)
    # how far each metric's rank moves between the two unbalanced conditions
    rank = summ.pivot(index="metric", columns="condition", values="rank")
    shift = (rank["1:3"] - rank["3:1"]).abs()
    f["shift_single_min"] = int(shift[SINGLE_CLASS].min())
    f["shift_single_max"] = int(shift[SINGLE_CLASS].max())
    for metric, tag in [("AC-score", "ac"), ("GM", "gm"), ("BA", "ba"), ("MCC", "mcc"),
                        ("F (avg)", "favg")]:
        f[f"shift_{tag}"] = int(shift[metric])
    size = summ.pivot(index="metric", columns="condition", values="mean")[["1:3", "3:1"]].abs()
    f["mcc_favg_over_ba"] = float((size.loc[["MCC", "F (avg)"]].max() / size.loc["BA"]).max())
    vals = results.pivot_table(index=["metric", "model"], values="value")["value"]
    for model, tag in [("NMC", "nmc"), ("LDA", "lda")]:
        f[f"ac_{tag}"] = float(vals["AC-score", model])
        f[f"auroc_{tag}"] = float(vals["AUROC", model])
    pri = extras["priors"]
    pri = pri[pri.condition != "1:1"]
    f["prior_changed"], f["prior_total"] = int(pri.moved.sum()), int(pri.n.sum())
    ties = extras["ties"]
    f["ties"] = len(ties)
    f["tie_changed"] = int((ties.ac_change.abs() > 1e-12).sum())
    f["fits"] = len(set(results.condition)) * n_reps
    f["tie_maxchange"] = float(ties.ac_change.abs().max()) if len(ties) else 0.0
    rep0 = ties[(ties.condition == "1:3") & (ties.rep == 0)]
    f["tie_plotted"] = "does" if len(rep0) else "does not"
    f["tie_rep0"] = float(rep0.ac_change.sum()) if len(rep0) else 0.0
    # the conclusions recomputed with the median NMC in every tied fit (the authors' rule)
    tie_values = extras.get("tie_values")
    if tie_values is not None and len(tie_values):
        g = experiment_findings(_with_tie_rule(results, tie_values),
                                {**extras, "tie_values": None})
    else:
        g = f
    conds = [c.replace(":", "") for c in CONDITIONS]
    f["tie_n_nmc_better"] = max(g[f"n_nmc_better_{c}"] for c in conds)
    f["tie_ac_rank_min"] = min(g[f"ac_rank_{c}"] for c in conds)
    f["tie_ac_rank11_min"] = min(g[f"ac_rank11_{c}"] for c in conds)
    f["tie_gap"] = max(g[f"nmc_over_lda_{c}"] for c in conds)  # NMC - LDA, mean AC-score
    f["tie_doc_verdict"] = g["doc_verdict"]
    return f


def digits_findings() -> dict:
    """Sizes of the digits stand-in against the document's (glued with the prefix ``ac``)."""
    _, y = digits_1_vs_6()
    n_class = np.bincount(y)
    ours = {c: 4 * sum(v) for c, v in CONDITIONS.items()}  # train + test images
    theirs = {c: s["train"] + s["test"] for c, s in wu2025.SPLITS.items()}
    ratios = [theirs[c] / ours[c] for c in CONDITIONS]
    return {
        "n_ones": int(y.sum()), "n_sixes": int((1 - y).sum()),
        "n_min_class": int(n_class.min()), "n_max_class": int(n_class.max()),
        "n_used": 4 * max(max(v) for v in CONDITIONS.values()),
        "ratio_lo": int(min(ratios)), "ratio_hi": int(round(max(ratios))),
        "test_13": sum(CONDITIONS["1:3"]), "test_11": sum(CONDITIONS["1:1"]),
        "test_31": sum(CONDITIONS["3:1"]),
        "n_our_metrics": len(OUR_METRICS), "n_doc_metrics": len(DOC_METRICS),
    }


def findings() -> dict:
    """Everything the chapter states outside the NMC experiment (glued with the prefix ``ac``)."""
    from scipy.stats import norm

    from imbalance_lib.book.properties import claim_battery, integer_matrices

    checks = property_checks()
    f = {f"holds_{_slug(k)}": bool(v) for k, v in checks["holds"].items()}
    f["n_properties"] = len(checks)
    f["n_properties_hold"] = int(checks["holds"].sum())
    f["exh_max"] = ENTRY_MAX
    f["exh_n"] = f"{len(integer_matrices(2, ENTRY_MAX)):,}"
    f["rand_n"] = f"{N_RANDOM:,}"
    f["battery_n"] = f"{len(claim_battery(2, N_RANDOM, entry_max=ENTRY_MAX)):,}"
    f["sympy_nonzero"] = int((symbolic_identities() != "0").sum())
    f.update(edge_gap())
    f.update(auroc_example())
    tie = tie_experiment()
    runs = tie["runs"]
    f.update({"tie_n": len(tie["y"]), "tie_distinct": tie["n_cuts"] - 1,
              "tie_orders": len(runs),
              "tie_reported_min": float(runs[:, 0].min()),
              "tie_reported_max": float(runs[:, 0].max()), "tie_exact": float(tie["exact"].score),
              "tie_exact_spread": float(np.ptp(tie["exact_runs"])),
              "tie_exact_applied": float(il.ac(tie["exact"].matrix)),
              "tie_mismatch": int(np.sum(np.abs(runs[:, 0] - runs[:, 1]) > 1e-12))})
    const = constant_experiment()
    f.update({"const_orders": const["n_orders"],
              "const_lo": min(const["const_runs"]), "const_hi": max(const["const_runs"]),
              "ones_stored": const["ones_stored"], "const_best": const["const_best"],
              "ones_best": const["ones_best"]})
    f.update(digits_findings())
    sizes = sizes_table()
    f["caption_mismatch"] = ", ".join(sizes.loc[sizes.agrees == "**no**", "panel"])
    f["code_mismatch"] = int((sizes["N, P (Sec. 3.2)"] != sizes["N, P (code)"]).sum())
    f["gau_bayes"] = float(norm.cdf(1.0))  # best BA: midpoint cut of unit-variance classes 2 apart
    f.update(_statement_inputs())
    verdicts = {k: bool(test(f)) for k, test in DOC_STATEMENTS.items()}
    f.update({f"doc_{k}": v for k, v in verdicts.items()})
    f["doc_n"], f["doc_hold"] = len(verdicts), sum(verdicts.values())
    f["doc_fail"] = f["doc_n"] - f["doc_hold"]
    return f


def _statement_inputs() -> dict:
    """Three numbers behind :data:`DOC_STATEMENTS`: agreement on the diagonal, AC/GM at an
    edge, and how far below the AC-score the harsher ``min(TPR, TNR)`` lies at one point."""
    r = np.linspace(0, 1, 1001)
    diag = il.binary_matrix(r, 1 - r, 1 - r, r)  # TPR = TNR = r
    edge = il.binary_matrix(1e-6, 1 - 1e-6, 0.5, 0.5)  # TPR = 1e-6, TNR = 0.5
    point = il.binary_matrix(1.0, 0.0, 0.5, 0.5)  # TPR = 1, TNR = 0.5
    return {"agree_max": float(np.abs(il.ac(diag) - r).max()),
            "edge_ratio": float(il.ac(edge) / il.g_mean(edge)),
            "min_gap": float(il.ac(point) - 0.5)}


DOC_STATEMENTS = {
    "symmetric": lambda f: _holds("symmetric")(f),
    "null_biased": lambda f: _holds("null-biased (row scaling)")(f),
    "agrees": lambda f: f["agree_max"] < 1e-12,
    "below_gm_ba": lambda f: _holds("AC <= GM")(f) and _holds("GM <= BA")(f),
    # "below AUROC everywhere": false for the AUROC of scores (a cut can exceed it)
    "below_auroc": lambda f: not f["example_ac"] > f["example_auroc"],
    # "converges to GM" near an edge: false if AC/GM is near 0 there and the gap peaks close by
    "near_gm_at_edges": lambda f: not (f["edge_ratio"] < 0.01 and f["gap_ratio"] < 0.25),
    # "penalises as much as possible": false if min(TPR, TNR) is below AC, and strictly somewhere
    "harshest": lambda f: not (_holds("min(TPR, TNR) <= AC")(f) and f["min_gap"] > 0),
}
"""The document's statements about the metric itself, each with the test that it holds as stated."""


def _holds(name):
    return lambda f: f[f"holds_{_slug(name)}"]


CLAIMS = [
    *[Claim(f"prop-{_slug(name)}", f"no matrix tried violates: {name}", _holds(name))
      for name in PROPERTIES],
    Claim("sympy", "the SymPy differences simplify to 0", lambda f: f["sympy_nonzero"] == 0),
    Claim("edge-gap-grid", "a fine grid of the section TNR = 0.5 finds the gap's maximum "
          "where the root of the cubic puts it",
          lambda f: abs(f["gap_grid_max"] - f["gap_half"]) < 1e-9
          and abs(f["gap_grid_t"] - f["gap_half_t"]) < 1e-5),
    Claim("edge-gap-near-edge", "the gap between GM and the AC-score peaks close to the edge",
          lambda f: f["gap_ratio"] < 0.25),
    Claim("auroc-below-cut", "the AC-score of a cut can exceed the ROC AUC of the scores",
          lambda f: f["example_ac"] > f["example_auroc"]),
    Claim("tie-overstates", "one sample at a time reports a best AC-score above any threshold's",
          lambda f: f["tie_reported_max"] > f["tie_exact"]),
    Claim("tie-order-dependent", "the best AC-score it reports depends on the storage order",
          lambda f: f["tie_reported_min"] < f["tie_reported_max"]),
    Claim("tie-exact-order-free", "the grouped sweep reports the same optimum in every order",
          lambda f: f["tie_exact_spread"] == 0),
    Claim("tie-mismatch", "its returned threshold sometimes does not reproduce its matrix",
          lambda f: f["tie_mismatch"] > 0),
    Claim("tie-exact-achieved", "the grouped sweep's optimum is achieved by its threshold",
          lambda f: abs(f["tie_exact"] - f["tie_exact_applied"]) < 1e-12),
    Claim("tie-fewer-cuts", "the grouped sweep has far fewer candidate cuts",
          lambda f: f["tie_distinct"] + 1 < f["tie_n"] / 10),
    Claim("const-reported", "a constant score is reported with a positive AC-score",
          lambda f: f["const_lo"] > 0.1),
    Claim("const-order-dependent", "what a constant score is reported with depends on the order",
          lambda f: f["const_lo"] < f["const_hi"]),
    Claim("caption-e", "the caption's counts disagree with Section 3.2 for panel (e) only",
          lambda f: f["caption_mismatch"] == "e"),
    Claim("code-agrees", "Section 3.2 and the authors' code give the same test counts",
          lambda f: f["code_mismatch"] == 0),
    Claim("const-best-zero", "no threshold of a constant score or of all ones does better than 0",
          lambda f: f["const_best"] == 0 and f["ones_best"] == 0),
    Claim("ones-perfect", "all-ones stored negatives first are reported as a perfect classifier",
          lambda f: f["ones_stored"] == 1),
    Claim("doc-statements", "of the document's statements about the metric, symmetric, "
          "null-biased, equal to the common rate and below GM and BA hold; below AUROC, close "
          "to GM near the edges and the harshest penalty do not",
          lambda f: all(f[f"doc_{k}"] for k in ("symmetric", "null_biased", "agrees",
                                                  "below_gm_ba"))
          and not any(f[f"doc_{k}"] for k in ("below_auroc", "near_gm_at_edges", "harshest"))
          and (f["doc_hold"], f["doc_fail"]) == (4, 3)),
]
"""Sentences of the prose that rest on :func:`findings`."""


def _all(f, pattern, test):
    return all(test(f[pattern.format(c=c.replace(":", ""))]) for c in CONDITIONS)


def _unbalanced(f, pattern, test):
    return all(test(f[pattern.format(c=c)]) for c in ("13", "31"))


def _doc_reading(f):
    """The document's reading of Fig. 2: at 1:3 and 3:1 NMC ahead, most on AC, then GM, then BA."""
    return all(f[f"ac_diff_{c}"] > f[f"gm_diff_{c}"] > f[f"ba_diff_{c}"] > 0 for c in ("13", "31"))


EXPERIMENT_CLAIMS = {
    "dig": [
        Claim("dig-lda-never-worse", "on the digits LDA is at least as good as NMC by every metric "
              "in every condition", lambda f: _all(f, "n_nmc_better_{c}", lambda n: n == 0)),
        Claim("dig-doc-verdict", "on the digits the document's reading does not hold",
              lambda f: not _doc_reading(f) and f["doc_verdict"] == "does not hold"),
        Claim("dig-nmc-ahead-sometimes", "in single repetitions NMC's AC-score is sometimes "
              "above LDA's, but in every condition less often than below it",
              lambda f: f["nmc_ahead"] > 0
              and all(f[f"nmc_ahead_{c}"] < f[f"nmc_behind_{c}"] for c in ("13", "11", "31"))),
        Claim("dig-ac-not-first", "the AC-score does not show the largest NMC advantage "
              "among our metrics in any condition",
              lambda f: _all(f, "ac_rank_{c}", lambda r: r > 1)),
        Claim("dig-ac-not-first-doc", "nor among the document's metrics (a rank between 2 and "
              "their number)", lambda f: _all(f, "ac_rank11_{c}",
                                              lambda r: 1 < r <= len(DOC_METRICS))),
        Claim("dig-lda-ac-higher", "averaged over all conditions LDA's AC-score is above NMC's",
              lambda f: f["ac_lda"] > f["ac_nmc"] and f["auroc_lda"] >= f["auroc_nmc"]),
        Claim("dig-priors-few", "equal priors change at most one in a thousand of LDA's test "
              "predictions", lambda f: 1000 * f["prior_changed"] <= f["prior_total"]),
        Claim("dig-tie-rule-harmless", "under the authors' tie rule NMC is still ahead on no "
              "metric's mean, the AC-score ranks first in no condition on either list, NMC's "
              "mean AC-score stays below LDA's in every condition and the document's reading "
              "still does not hold",
              lambda f: f["tie_n_nmc_better"] == 0 and f["tie_ac_rank_min"] > 1
              and f["tie_ac_rank11_min"] > 1 and f["tie_gap"] < 0
              and f["tie_doc_verdict"] == "does not hold"),
        Claim("dig-baselines-as-lda", "on the digits the baselines' mean AC-scores differ from "
              "LDA's by less than a tenth of NMC's difference from LDA, in every condition",
              lambda f: all(max(abs(f[f"eq_over_lda_{c}"]), abs(f[f"oop_over_lda_{c}"]))
                            < abs(f[f"nmc_over_lda_{c}"]) / 10 for c in ("13", "11", "31"))),
    ],
    "gau": [
        Claim("gau-doc-verdict", "on the Gaussian classes the document's reading holds",
              lambda f: _doc_reading(f) and f["doc_verdict"] == "holds"),
        Claim("gau-stable", "between 1:3 and 3:1 every single-class metric moves in the ranking, "
              "the AC-score, GM, BA, MCC and the averaged F keep their places, and the mean "
              "differences of MCC and the averaged F are smaller than BA's",
              lambda f: f["shift_single_min"] > 0
              and all(f[f"shift_{m}"] == 0 for m in ("ac", "gm", "ba", "mcc", "favg"))
              and f["mcc_favg_over_ba"] < 1),
        Claim("gau-nmc-wins", "at 1:3 and 3:1 NMC wins on the AC-score, GM and BA",
              lambda f: _unbalanced(f, "ba_diff_{c}", lambda d: d > 0)),
        Claim("gau-order", "the AC-score separates the two most, then GM, then BA",
              lambda f: all(f[f"ac_diff_{c}"] > f[f"gm_diff_{c}"] > f[f"ba_diff_{c}"]
                            for c in ("13", "31"))),
        Claim("gau-ac-second", "the AC-score ranks second, behind only the recall of the "
              "minority class", lambda f: _unbalanced(f, "ac_rank_{c}", lambda r: r == 2)
              and f["top_13"] == "specificity" and f["top_31"] == "sensitivity"),
        Claim("gau-balanced-level", "at 1:1 the AC-score difference, and every other metric's, "
              "is smaller than its SD between repetitions",
              lambda f: abs(f["ac_diff_11"]) < f["ac_sd_11"] and f["n_signal_11"] == 0),
        Claim("gau-lda-trades", "LDA has the higher sensitivity and the lower specificity at "
              "1:3, the reverse at 3:1",
              lambda f: f["lda_sens_gap_13"] > 0 > f["lda_sens_gap_31"]
              and f["lda_spec_gap_13"] < 0 < f["lda_spec_gap_31"]),
        Claim("gau-lda-majority", "at 1:3 and 3:1 LDA wins on accuracy and on the recall and F "
              "of the majority class", lambda f: f["lda_majority_13"] and f["lda_majority_31"]),
        Claim("gau-equal-priors-beat", "LDA with equal priors beats NMC in most repetitions",
              lambda f: _unbalanced(f, "eq_above_{c}", lambda n: n > f["n_reps"] / 2)),
        Claim("gau-oop-level", "LDA with the NMC's cut search is level with NMC: mean "
              "differences under a fifth of the SD of NMC - LDA between repetitions",
              lambda f: all(abs(f[f"oop_diff_{c}"]) < f[f"ac_sd_{c}"] / 5 for c in ("13", "31"))),
        Claim("gau-all-ahead-of-lda", "NMC and both baselines are ahead of LDA with "
              "empirical priors by more than twice the SD of NMC - LDA between repetitions",
              lambda f: all(min(f[f"nmc_over_lda_{c}"], f[f"eq_over_lda_{c}"],
                                f[f"oop_over_lda_{c}"]) > 2 * f[f"ac_sd_{c}"]
                            for c in ("13", "31"))),
    ],
}
"""Sentences of the prose that rest on :func:`experiment_findings`, by data set."""


# --------------------------------------------------------------------------- figures


def surfaces_figure():
    """The document's Fig. 1: BA (= one-point AUROC), GM and AC-score over (TPR, TNR), and six sections."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import PALETTE, use_style

    use_style()
    grid = np.linspace(0, 1, 101)
    T, S = np.meshgrid(grid, grid, indexing="ij")  # T = TPR (rows), S = TNR
    surface = il.binary_matrix(T, 1 - T, 1 - S, S)  # P = N = 1
    Z = {"AUROC (= BA)": il.balanced_accuracy(surface), "GM": il.g_mean(surface),
         "AC-score": il.ac(surface)}
    style = {"AUROC (= BA)": (PALETTE["blue"], "-", 0.25), "GM": (PALETTE["green"], "--", 0.35),
             "AC-score": (PALETTE["vermillion"], "-.", 0.9)}  # the lowest surface opaque
    fig = plt.figure(figsize=(8, 11))
    gs = fig.add_gridspec(3, 3, height_ratios=[1.9, 1, 1], wspace=0.4, hspace=0.45)
    ax3 = fig.add_subplot(gs[0, :], projection="3d")
    for name, z in Z.items():
        ax3.plot_surface(T, S, z, color=style[name][0], alpha=style[name][2], linewidth=0,
                         rstride=5, cstride=5, shade=False)
    for v in [1, 0.5, 0]:  # section planes p1-p3 (TNR fixed), p4-p6 (TPR fixed)
        ax3.plot([0, 1, 1, 0, 0], [v] * 5, [0, 0, 1, 1, 0], color="0.3", lw=0.7, ls=":")
        ax3.plot([v] * 5, [0, 1, 1, 0, 0], [0, 0, 1, 1, 0], color="0.3", lw=0.7, ls=":")
    ax3.set_xlabel("TPR")
    ax3.set_ylabel("TNR")
    ax3.set_zlabel("metric value")
    ax3.view_init(elev=24, azim=-50)
    ax3.set_box_aspect(None, zoom=0.95)
    ax3.set_title("(a) surfaces over (TPR, TNR)")
    handles = [plt.Rectangle((0, 0), 1, 1, color=style[n][0], alpha=max(style[n][2], 0.5))
               for n in Z]
    ax3.legend(handles, list(Z), loc="upper left", frameon=False)
    sections = [("TNR", 1.0, "b"), ("TNR", 0.5, "c"), ("TNR", 0.0, "d"),
                ("TPR", 1.0, "e"), ("TPR", 0.5, "f"), ("TPR", 0.0, "g")]
    for k, (fixed, v, letter) in enumerate(sections):
        ax = fig.add_subplot(gs[1 + k // 3, k % 3])
        j = int(round(v * 100))
        for name, z in Z.items():
            curve = z[:, j] if fixed == "TNR" else z[j, :]
            ax.plot(grid, curve, color=style[name][0], ls=style[name][1], lw=2, label=name)
        ax.set_xlabel("TNR" if fixed == "TPR" else "TPR")
        ax.set_ylabel("metric value")
        ax.set_ylim(-0.03, 1.03)
        ax.set_title(f"({letter}) {fixed} = {v:g} (p{k + 1})")
        ax.grid(alpha=0.3)
    plt.close(fig)
    return fig


def penalty_figure():
    """Contour maps of BA - AC, GM - AC and AC / GM over (TPR, TNR)."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import use_style

    use_style()
    grid = np.linspace(0, 1, 101)
    T, S = np.meshgrid(grid, grid, indexing="ij")
    C = il.binary_matrix(T, 1 - T, 1 - S, S)
    ac, gm, ba = il.ac(C), il.g_mean(C), il.balanced_accuracy(C)
    with np.errstate(divide="ignore", invalid="ignore"):
        panels = [("(a) BA - AC", ba - ac, (0, 0.5)), ("(b) GM - AC", gm - ac, (0, 0.15)),
                  ("(c) AC / GM", np.where(gm > 0, ac / gm, np.nan), (0, 1))]
    fig, axes = plt.subplots(1, 3, figsize=(9, 3.3), constrained_layout=True)
    for ax, (title, z, lim) in zip(axes, panels):
        levels = np.linspace(*lim, 11)
        im = ax.contourf(grid, grid, z.T, levels=levels, cmap="cividis")
        ax.contour(grid, grid, z.T, levels=levels, colors="k", linewidths=0.3)
        ax.plot([0, 1], [0, 1], color="w", lw=0.8, ls="--")
        ax.set_xlabel("TPR")
        ax.set_ylabel("TNR")
        ax.set_aspect("equal")
        ax.set_title(title)
        fig.colorbar(im, ax=ax, shrink=0.85, ticks=np.linspace(*lim, 6))
    plt.close(fig)
    return fig


def ranked_figure(results, title):
    """Mean NMC - LDA difference of every metric per condition (bars), single repetitions (ticks)."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import PALETTE, use_style

    use_style()
    d, summ = difference_summary(results, OUR_METRICS)
    fig, axes = plt.subplots(3, 1, figsize=(8, 14), sharex=True, constrained_layout=True)
    for ax, (cond, letter) in zip(axes, zip(CONDITIONS, "def")):
        s = summ[summ.condition == cond].sort_values("mean", ascending=True)
        ypos = np.arange(len(s))
        colours = [PALETTE["blue"] if v > 0 else PALETTE["orange"] for v in s["mean"]]
        bars = ax.barh(ypos, s["mean"], color=colours, alpha=0.85)
        for bar, m in zip(bars, s.metric):
            if m == "AC-score":
                bar.set_edgecolor("k")
                bar.set_linewidth(1.5)
                bar.set_hatch("//")
        for i, m in enumerate(s.metric):
            reps = d[(d.condition == cond) & (d.metric == m)]["diff"]
            ax.plot(reps, np.full(len(reps), i), "|", color="0.2", ms=7, alpha=0.6)
        ax.set_yticks(ypos)
        ax.set_yticklabels(list(s.metric))
        for lab in ax.get_yticklabels():
            if lab.get_text() == "AC-score":
                lab.set_fontweight("bold")
        ax.axvline(0, color="k", lw=0.8)
        ax.set_title(f"({letter}) N:P = {cond}")
        ax.xaxis.set_tick_params(labelbottom=True)
        ax.set_xlabel("NMC - LDA (metric units)")
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle(title)
    plt.close(fig)
    return fig


def projections_figure(kept, cond, title, bins):
    """Normalised test projections of NMC and LDA (all, positives, negatives) with their cuts."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import PALETTE, use_style

    use_style()
    nmc, lda, X_te, y_te = kept[cond]
    curves = {}
    for name, z, cut in [("NMC", X_te @ nmc.direction_, nmc.threshold_),
                         ("LDA", X_te @ lda.coef_[0], -lda.intercept_[0])]:
        lo, hi = z.min(), z.max()
        curves[name] = ((z - lo) / (hi - lo), (cut - lo) / (hi - lo))
    colour = {"NMC": PALETTE["blue"], "LDA": PALETTE["orange"]}
    hatch = {"NMC": None, "LDA": "//"}
    fig, axes = plt.subplots(1, 3, figsize=(9, 3.6), constrained_layout=True)
    parts = [("(a) all test samples", None), ("(b) positives", 1), ("(c) negatives", 0)]
    for ax, (label, cls) in zip(axes, parts):
        for name, (zn, cn) in curves.items():
            sel = zn if cls is None else zn[y_te == cls]
            ax.hist(sel, bins=bins, range=(0, 1), weights=np.full(len(sel), 1 / len(sel)),
                    histtype="stepfilled", alpha=0.35, color=colour[name], hatch=hatch[name],
                    edgecolor=colour[name], label=name)
            ax.axvline(cn, color=colour[name], ls="--" if name == "NMC" else ":", lw=2,
                       label=f"{name} cut")
        ax.set_xlabel("normalised projection")
        ax.set_title(label)
    axes[0].set_ylabel("fraction of samples")
    axes[0].legend(frameon=False, loc="upper left")
    fig.suptitle(title)
    plt.close(fig)
    return fig
