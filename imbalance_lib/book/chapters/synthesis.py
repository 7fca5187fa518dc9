"""The synthesis chapter: every metric of the library on one footing.

The chapter's computations, in the order of the page:

* :func:`facts` checks the registry's stated facts against the functions;
* :func:`properties` decides a matrix of properties (integer grid, random
  matrices and an optimiser), with a counterexample for every failure;
* :func:`identities` finds the metrics that rank every pair of matrices alike
  and checks the identities behind them, with their conditions;
* :func:`prevalence` follows one fixed classifier across class proportions;
* :func:`study_analysis` reads the stored model-selection study (105 KEEL
  data sets, six models, five repetitions of stratified 5-fold
  cross-validation) and measures how often and how firmly metrics disagree;
* :func:`guide` computes the numbers behind the guide's recommendations.

:func:`findings` gathers the scalars the prose states and :data:`CLAIMS`
lists the sentences that rest on them.
"""

from __future__ import annotations

import re
import warnings
from functools import lru_cache

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book import properties as props
from imbalance_lib.book import study
from imbalance_lib.book.claims import Claim
from imbalance_lib.registry import METRICS

__all__ = [
    "NAN", "SHORT_NAME", "STUDY", "at_prevalence", "check_facts", "facts", "properties",
    "identities", "witnesses", "searches", "prevalence", "study_values", "corrected_ttest", "study_analysis",
    "guide", "findings", "CLAIMS", "plot_identity_map", "plot_prevalence",
    "plot_disagreement", "plot_rho", "plot_ir", "plot_guide",
]

NAN = {"zero_division": np.nan}
"""The page's policy: an undefined value (0/0) is nan."""

SHORT_NAME = {
    "tpr": "TPR", "tnr": "TNR", "precision": "Precision", "npv": "NPV", "f1": "F1",
    "balanced_accuracy": "BA", "weighted_accuracy": "WA", "g_mean": "GM",
    "dominance": "Dominance", "iba": "IBA", "optimized_precision": "OP", "hmnc": "HMNC",
    "ac": "AC", "accuracy": "ACC", "mcc": "MCC", "kappa": "kappa",
    "macro_precision": "MAP", "macro_recall": "MAR", "macro_f1": "MacroF", "cba": "CBA",
    "iam": "IAM",
}
"""Short names used in the tables and figures."""

STUDY = {"ACC": "accuracy", "BA": "balanced_accuracy", "GM": "g_mean", "IBA": "iba",
         "AC": "ac", "HMNC": "hmnc", "OP": "optimized_precision", "F1": "f1",
         "MCC": "mcc", "kappa": "kappa", "MAP": "macro_precision", "MacroF": "macro_f1",
         "CBA": "cba"}
"""The metrics compared in the study (MAR and IAM rank as BA and CBA)."""

PROPERTY_SHORT = {
    "I1 swap classes": "I1", "I2 TN changes": "I2", "I3 TP changes": "I3",
    "I4 uniform scaling": "I4", "I5 positive row scaled": "I5",
    "I6 negative row scaled": "I6", "I7 positive column scaled": "I7",
    "I8 negative column scaled": "I8", "max only at perfect": "max",
    "min at all wrong": "min", "minimal agreement": "minagr", "monotone": "mono",
    "constant baseline": "base", "truth/prediction symmetric": "T",
}
"""Column labels of the property matrix as printed."""

ALPHA_IBA_EXAMPLE = 0.6
"""The IBA weight whose monotonicity the grid of small matrices misjudges."""


def at_prevalence(tpr, tnr, pi):
    """The matrix of one unit of samples at prevalence ``pi`` for fixed TPR and TNR.

    This is a pure change of prior: the classifier's two recalls are assumed
    not to change with the class proportions.

    >>> at_prevalence(0.8, 0.9, 0.5).round(3).tolist()
    [[0.45, 0.05], [0.1, 0.4]]
    """
    return il.binary_matrix(tpr * pi, (1 - tpr) * pi, (1 - tnr) * (1 - pi), tnr * (1 - pi))


# ---------------------------------------------------------------- facts


def check_facts(name: str, C_small, C_rand, pi_g, q_g) -> dict:
    """Check one registry entry's range, trivial values, symmetry and prevalence-freedom."""
    info = METRICS[name]
    vals = np.concatenate([props.evaluate(name, C_small), props.evaluate(name, C_rand)])
    vals = vals[np.isfinite(vals)]
    lo, hi = info.range
    in_range = bool(np.all((vals >= lo - 1e-12) & (vals <= hi + 1e-12)))
    got = props.evaluate(name, props.expected_random(pi_g, q_g))
    want = np.vectorize(info.trivial)(pi_g, q_g)
    trivial_ok = bool(np.allclose(got, want, atol=1e-12, equal_nan=True))
    symmetric = props.invariance(name, "I1 swap classes", n_max=8)[0]
    prev_free = all(props.invariance(name, f"I{i} " + s, n_max=8)[0]
                    for i, s in ((5, "positive row scaled"), (6, "negative row scaled")))
    return {"range holds": in_range, "trivial values hold": trivial_ok,
            "symmetric (registry)": info.symmetric, "symmetric (decided)": symmetric,
            "prevalence-free (registry)": info.prevalence_invariant,
            "prevalence-free (decided)": prev_free}


@lru_cache(maxsize=1)
def facts() -> dict:
    """The registry's facts checked against the functions, one row per metric."""
    C_small = props.all_matrices(12)
    C_rand = props.random_matrices(4000)
    pi_g, q_g = np.meshgrid(np.linspace(0.05, 0.95, 19), np.linspace(0.05, 0.95, 19))
    checks = pd.DataFrame({n: check_facts(n, C_small, C_rand, pi_g, q_g)
                           for n in METRICS}).T
    agree = ((checks["symmetric (registry)"] == checks["symmetric (decided)"])
             & (checks["prevalence-free (registry)"] == checks["prevalence-free (decided)"])
             & checks["range holds"] & checks["trivial values hold"])
    return {"checks": checks, "agree": agree, "n_small": len(C_small)}


# ---------------------------------------------------------------- properties


@lru_cache(maxsize=1)
def properties(n_max: int = 10) -> dict:
    """The property matrix, every cell decided on matrices with both classes present.

    The invariance, extreme-value, baseline and symmetry columns come from
    :func:`imbalance_lib.book.properties.property_matrix`; the monotonicity
    column is decided on ``P, N > 0`` only (the same domain as the others) and
    every "strict" or "weak" verdict is then attacked by random matrices and an
    optimiser (:func:`~imbalance_lib.book.properties.check_claim`). The
    minimal-agreement column is Gösgens et al.'s property. Each failure keeps a
    counterexample.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        prop = props.property_matrix(list(METRICS), n_max=n_max)
        rows, searched = [], {}
        for m in METRICS:
            verdict, example = props.monotonicity_both_classes(m, n_max)
            prop.loc[m, "monotone"] = verdict
            agree, ag_example = props.minimal_agreement(m, n_max)
            prop.loc[m, "minimal agreement"] = "yes" if agree else "no"
            if verdict != "no":
                c = props.check_claim(props.monotone_violation(m), n_random=20_000,
                                      maxiter=30, claim=m)
                searched[m] = c.holds
                if not c.holds:
                    prop.loc[m, "monotone"] = "no"
                    verdict, example = "no", np.round(c.counterexample, 3).tolist()
            if example is not None:
                rows.append({"metric": SHORT_NAME[m], "property": "monotone",
                             "verdict": verdict, "matrix [[TN, FP], [FN, TP]]": example})
            if ag_example is not None:
                rows.append({"metric": SHORT_NAME[m], "property": "minimal agreement",
                             "verdict": "no", "matrix [[TN, FP], [FN, TP]]": ag_example})
        order = list(PROPERTY_SHORT)
        prop = prop[order]

        def iba_a(C):
            return il.iba(C, alpha=ALPHA_IBA_EXAMPLE, **NAN)

        small = props.monotonicity_both_classes(iba_a, n_max)
        larger = props.monotonicity_both_classes(iba_a, 13)
        search = props.check_claim(props.monotone_violation(iba_a), n_random=20_000,
                                   maxiter=30)
        C13 = np.array(larger[1], float)
        D13 = C13.copy()
        D13[0, 1] -= 1
        D13[0, 0] += 1
        drop13 = float(iba_a(C13) - iba_a(D13))
    any_domain = {m: props.monotonicity(m, n_max) for m in ("kappa", "macro_precision")}
    yes_search = searches(prop)
    return {"matrix": prop, "counterexamples": pd.DataFrame(rows), "searched": searched,
            "yes_search": yes_search,
            "any_domain": any_domain,
            "n_max": n_max, "iba_alpha_small": small[0], "iba_alpha_13": larger[0],
            "iba_alpha_13_matrix": larger[1], "iba_alpha_13_drop": drop13,
            "iba_alpha_search": "no" if not search.holds else "weak",
            "iba_alpha_search_matrix": None if search.holds
            else np.round(search.counterexample, 3).tolist()}


def _witness(metric, column: str, n_max: int = 10):
    """A matrix (or a ``(pi, q)`` pair) on which ``metric`` fails the property ``column``.

    Searched on the integer grid with both classes present (the baseline on the
    grid of :func:`~imbalance_lib.book.properties.constant_baseline`); None if
    the grid holds no witness (the failure was found by the random or optimiser
    search).

    >>> _witness("accuracy", "I5 positive row scaled", 3)
    [[2, 0], [1, 0]]
    """
    C = props.all_matrices(n_max)
    C = C[props._both_classes(C)]
    a = props.evaluate(metric, C)
    if column in props.INVARIANCES:
        T = props.INVARIANCES[column]
        ks = [1, 2, 7] if column in ("I2 TN changes", "I3 TP changes") else [2, 3, 0.25]
        for k in ks:
            b = props.evaluate(metric, T(C, k))
            bad = np.isfinite(a) & np.isfinite(b) & (np.abs(a - b) > props.TOL)
            if bad.any():
                return C[int(np.argmax(bad))].tolist()
        return None
    if column == "truth/prediction symmetric":
        b = props.evaluate(metric, np.swapaxes(C, -1, -2))
        bad = np.isfinite(a) & np.isfinite(b) & (np.abs(a - b) > props.TOL)
        return C[int(np.argmax(bad))].tolist() if bad.any() else None
    if column == "max only at perfect":
        perfect = (C[:, 0, 1] == 0) & (C[:, 1, 0] == 0)
        top = np.nanmax(a)
        bad = (perfect & ~(np.abs(a - top) <= props.TOL)) | (~perfect & (a >= top - props.TOL))
        return C[int(np.argmax(bad))].tolist() if bad.any() else None
    if column == "min at all wrong":
        wrong = (C[:, 0, 0] == 0) & (C[:, 1, 1] == 0)
        P, N = C[:, 1].sum(1), C[:, 0].sum(1)
        for i in np.flatnonzero(wrong):
            grp = (P == P[i]) & (N == N[i])
            if not np.isfinite(a[i]) or np.nanmin(a[grp]) < a[i] - props.TOL:
                j = np.flatnonzero(grp)[int(np.nanargmin(a[grp]))]
                return C[j].tolist()
        return None
    if column == "constant baseline":
        pi, q = np.meshgrid(np.linspace(0.02, 0.98, 49), np.linspace(0.02, 0.98, 49),
                            indexing="ij")
        v = props.evaluate(metric, props.expected_random(pi, q))
        i = int(np.nanargmax(np.nanmax(v, 1) - np.nanmin(v, 1)))
        return f"pi = {pi[i, 0]:.2f}: values from {np.nanmin(v[i]):.3f} to {np.nanmax(v[i]):.3f}"
    return None


def _wrong_of(C):
    """The completely wrong matrices with the class sizes of ``C``."""
    W = np.zeros_like(C)
    W[..., 0, 1] = C[..., 0, :].sum(-1)
    W[..., 1, 0] = C[..., 1, :].sum(-1)
    return W


def _violations(metric, column: str, low: float, top: float):
    """A violation function for :func:`~imbalance_lib.book.properties.check_claim`."""
    def ev(C):
        return props.evaluate(metric, C)

    def both(C, v):
        return np.where(props._both_classes(C), v, np.nan)

    if column == "truth/prediction symmetric":
        return lambda C: both(C, np.abs(ev(C) - ev(np.swapaxes(C, -1, -2))))
    if column == "max only at perfect":  # nothing above the value of a perfect matrix
        return lambda C: both(C, ev(C) - top)
    if column == "min at all wrong":  # nothing below the wrong matrix of the same classes
        return lambda C: both(C, ev(_wrong_of(C)) - ev(C))
    if column == "minimal agreement":
        return lambda C: both(C, np.maximum(low - ev(C), np.abs(ev(_wrong_of(C)) - low)))
    if column == "constant baseline":  # entries read as (pi, q1, q2)
        def v(C):
            pi = C[:, 0, 0] / (C[:, 0, 0] + C[:, 0, 1])
            q1 = C[:, 1, 0] / (C[:, 1, 0] + C[:, 1, 1])
            q2 = C[:, 0, 0] / (C[:, 0, 0] + C[:, 1, 1])
            ok = (pi > 0) & (pi < 1) & (q1 > 0) & (q1 < 1) & (q2 > 0) & (q2 < 1)
            pi, q1, q2 = (np.where(ok, x, 0.5) for x in (pi, q1, q2))
            a = ev(props.expected_random(pi, q1))
            b = ev(props.expected_random(pi, q2))
            return np.where(ok, np.abs(a - b), np.nan)
        return v
    raise ValueError(column)


SEARCHED = ["max only at perfect", "min at all wrong", "minimal agreement",
            "constant baseline", "truth/prediction symmetric"]
"""Columns whose "yes" cells :func:`searches` attacks beyond the grid."""


def searches(prop, n_random: int = 5000, maxiter: int = 15) -> pd.DataFrame:
    """Attack every "yes" cell of :data:`SEARCHED` with random matrices and an optimiser.

    Returns one row per cell searched: whether it still holds, the largest
    violation found and the matrix where the search found it.
    """
    rows = []
    grid = props.all_matrices(10)
    grid = grid[props._both_classes(grid)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for m in prop.index:
            v = props.evaluate(m, grid)
            low, top = float(np.nanmin(v)), float(np.nanmax(v))
            for col in SEARCHED:
                if prop.loc[m, col] != "yes":
                    continue
                c = props.check_claim(_violations(m, col, low, top), n_random=n_random,
                                      maxiter=maxiter, tol=1e-9)
                rows.append({"metric": SHORT_NAME[m], "property": PROPERTY_SHORT[col],
                             "holds": c.holds, "worst": c.worst, "cases": c.cases,
                             "counterexample": None if c.holds
                             else np.round(c.counterexample, 4).tolist()})
    return pd.DataFrame(rows)


def witnesses(prop) -> pd.DataFrame:
    """One witness for every "no" cell of the property matrix outside monotonicity."""
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for m in prop.index:
            for col in prop.columns:
                if col in ("monotone", "minimal agreement") or prop.loc[m, col] != "no":
                    continue
                rows.append({"metric": SHORT_NAME[m], "property": PROPERTY_SHORT[col],
                             "witness [[TN, FP], [FN, TP]]": _witness(m, col)})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- identities


@lru_cache(maxsize=1)
def identities() -> dict:
    """Groups of metrics that rank alike, the identities behind them and their conditions."""
    import sympy as sp

    extra = {
        "J": lambda C: il.tpr(C, **NAN) + il.tnr(C, **NAN) - 1,
        "AUC_1": lambda C: (1 + il.tpr(C, **NAN) - (1 - il.tnr(C, **NAN))) / 2,
        "IBA_0": lambda C: il.iba(C, alpha=0.0, **NAN),
    }
    candidates = {name: name for name in METRICS} | extra
    C14 = props.all_matrices(14)
    C14 = C14[(C14[:, 0].sum(axis=1) > 0) & (C14[:, 1].sum(axis=1) > 0)]
    class_sizes = C14[:, 1].sum(axis=1) * 100 + C14[:, 0].sum(axis=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        same_global = props.ranking_classes(candidates, C14)
        same_fixed = props.ranking_classes(candidates, C14, groups=class_sizes)
    groups = [g for g in same_global if len(g) > 1]
    new_fixed = [g for g in same_fixed if len(g) > 1 and g not in groups]

    tp, fn, fp, tn = sp.symbols("TP FN FP TN", positive=True)
    P, N = tp + fn, tn + fp
    TPR, TNR, ACC = tp / P, tn / N, (tp + tn) / (P + N)
    BA = (TPR + TNR) / 2
    sym = {
        "MAR = BA": (TPR + TNR) / 2 - BA,
        "J = 2 BA - 1": (TPR + TNR - 1) - (2 * BA - 1),
        "AUC_1 = BA": (1 + TPR - (1 - TNR)) / 2 - BA,
        "AC = GM^2 / BA": 2 * TPR * TNR / (TPR + TNR) - TPR * TNR / BA,
        "HMNC = TPR TNR / ACC": tp * tn * (P + N) / ((tp + tn) * P * N) - TPR * TNR / ACC,
    }
    cii, big = sp.symbols("c_ii m", positive=True)
    iam_term = sp.simplify((cii - (big - cii)) / big - (2 * cii / big - 1)) == 0
    symbolic = {k: bool(sp.simplify(e) == 0) for k, e in sym.items()}
    symbolic["IAM term = 2 CBA term - 1"] = bool(iam_term)

    # conditions: TP = TN = 0, and a class absent from labels and predictions
    wrong = np.array([[0.0, 3.0], [2.0, 0.0]])
    gm2 = np.float64(il.g_mean(wrong, **NAN)) ** 2
    with np.errstate(all="ignore"):
        ac_rhs = gm2 / il.balanced_accuracy(wrong, **NAN)
        hm_rhs = gm2 / il.accuracy(wrong, **NAN)
    C3 = np.array([[5.0, 1.0, 0.0], [1.0, 3.0, 0.0], [0.0, 0.0, 0.0]])
    gap = {z: float(il.iam(C3, zero_division=z) - (2 * il.cba(C3, zero_division=z) - 1))
           for z in (np.nan, 0.0)}
    rng = np.random.default_rng(7)
    C7 = rng.integers(0, 20, size=(7, 7))
    return {"groups": groups, "new_fixed": new_fixed, "n": len(C14), "symbolic": symbolic,
            "wrong_ac": float(il.ac(wrong, **NAN)), "wrong_hmnc": float(il.hmnc(wrong, **NAN)),
            "wrong_ac_rhs_defined": bool(np.isfinite(ac_rhs)),
            "wrong_hmnc_rhs_defined": bool(np.isfinite(hm_rhs)),
            "iam_gap_nan": gap[np.nan], "iam_gap_zero": gap[0.0],
            "iam_gap_k7": float(abs(il.iam(C7) - (2 * il.cba(C7) - 1)))}


# ---------------------------------------------------------------- prevalence

PANEL = ["accuracy", "f1", "mcc", "kappa", "optimized_precision", "macro_f1",
         "macro_precision", "balanced_accuracy", "g_mean", "iba", "hmnc", "ac", "cba", "iam"]
"""The metrics followed across prevalences."""


@lru_cache(maxsize=1)
def prevalence(tpr: float = 0.8, tnr: float = 0.9) -> dict:
    """Bias of each metric of :data:`PANEL` for one classifier as only the prevalence moves."""
    pis = np.geomspace(0.005, 0.5, 200)
    C_pi = at_prevalence(tpr, tnr, pis)
    curves = {name: props.evaluate(name, C_pi) for name in PANEL}
    bias = {name: v - v[-1] for name, v in curves.items()}  # pis[-1] = 0.5
    test, deploy = at_prevalence(tpr, tnr, 0.3), at_prevalence(tpr, tnr, 0.02)
    shift = pd.DataFrame({
        "test (π = 0.3)": [float(props.evaluate(n, test)) for n in PANEL],
        "deployment (π = 0.02)": [float(props.evaluate(n, deploy)) for n in PANEL],
    }, index=[SHORT_NAME[n] for n in PANEL])
    shift["change"] = shift.iloc[:, 1] - shift.iloc[:, 0]
    # IAM = 2 CBA - 1: its per-class maxima switch where a row sum equals a column sum
    i_peak = int(np.argmax(bias["iam"]))
    fine = np.linspace(0.01, 0.5, 4901)
    Cf = at_prevalence(tpr, tnr, fine)
    rows, cols = Cf[:, 1].sum(-1), Cf[:, :, 1].sum(-1)
    kink = float(fine[int(np.argmin(np.abs(rows - cols)))])
    return {"pis": pis, "curves": curves, "bias": bias, "shift": shift,
            "iam_peak_pi": float(pis[i_peak]), "iam_peak": float(bias["iam"][i_peak]),
            "iam_kink_pi": kink, "tpr": tpr, "tnr": tnr}


# ---------------------------------------------------------------- the study


def study_values(counts, *, map_policy: float = 0.0) -> dict:
    """Every :data:`STUDY` metric on a stack of matrices; undefined values become -inf.

    MAP is computed with ``zero_division=map_policy`` (default 0: a class that is
    never predicted contributes a precision of 0). Under the page's nan policy
    (``map_policy=nan``) the undefined term would be dropped, and a classifier
    that never predicts the positive class would score NPV = 1 - pi.
    """
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for k, m in STUDY.items():
            if m == "macro_precision":
                v = il.macro_precision(np.asarray(counts, float), zero_division=map_policy)
            else:
                v = props.evaluate(m, counts)
            out[k] = np.nan_to_num(np.asarray(v, float), nan=-np.inf)
    return out


def _picks(v):
    """Best model by the mean over repetitions, and per repetition (first on ties)."""
    mean_pick = np.argmax(np.round(v.mean(axis=2), 12), axis=1)
    rep_picks = np.argmax(np.round(v, 12), axis=1)  # (D, R)
    return mean_pick, rep_picks


def corrected_ttest(d, test_share: float = 0.2) -> tuple[float, float]:
    r"""Nadeau and Bengio's corrected resampled t-test on fold-wise differences.

    ``d`` holds the differences of one metric between two models on the
    ``J = r k`` test folds of ``r`` repetitions of ``k``-fold cross-validation
    (non-finite entries are dropped). The variance is inflated for the overlap
    of the training sets:

    .. math:: t = \bar d \Big/ \sqrt{\Big(\tfrac1J + \tfrac{n_2}{n_1}\Big) s^2},

    with ``n_2 / n_1 = test_share / (1 - test_share)``, and ``J - 1`` degrees of
    freedom. Returns ``(t, two-sided p)``.

    >>> t, p = corrected_ttest(np.array([0.02, 0.03, 0.01, 0.02, 0.04] * 5))
    >>> round(t, 2), round(p, 4)
    (4.28, 0.0003)
    """
    from scipy.stats import t as student

    d = np.asarray(d, float)
    d = d[np.isfinite(d)]
    J = len(d)
    if J < 2:
        return float("nan"), 1.0
    s2 = d.var(ddof=1)
    mean = d.mean()
    if s2 == 0:
        return (float(np.sign(mean)) * np.inf, 0.0) if mean != 0 else (0.0, 1.0)
    t = mean / np.sqrt((1 / J + test_share / (1 - test_share)) * s2)
    return float(t), float(2 * student.sf(abs(t), J - 1))


def _diff(x, y) -> np.ndarray:
    """Fold-wise ``x - y``, flattened; -inf - -inf (undefined on both) becomes nan."""
    with np.errstate(invalid="ignore"):
        return (np.asarray(x) - np.asarray(y)).ravel()


def _family(name: str) -> str:
    """The source family of a KEEL data set: the name before its first digit and '_'."""
    return re.sub(r"\d.*$", "", name).split("_")[0]


@lru_cache(maxsize=1)
def study_analysis(alpha: float = 0.05, n_boot: int = 2000) -> dict:
    """Picks, disagreements, their reversal per repetition and their significance.

    For two metrics ``a`` and ``b`` whose picks (best mean over the five
    repetitions) differ on a data set, the *contested* models are the two
    picks. A repetition *reverses* them when ``a`` ranks its pick above ``b``'s
    and ``b`` ranks its own above ``a``'s (ties are not reversals). The
    corrected resampled t-test (:func:`corrected_ttest`) on the 25 test folds
    asks, for each metric, whether its pick beats the other metric's pick.
    """
    from scipy.cluster.hierarchy import fcluster, linkage
    from scipy.spatial.distance import squareform
    from scipy.stats import spearmanr

    res = study.load_result()
    counts, folds = res["counts"], res["fold_counts"]
    names, models = res["names"].tolist(), res["models"].tolist()
    ir = (res["n"] - res["n_pos"]) / res["n_pos"]
    D, M, R = counts.shape[:3]
    keys = list(STUDY)
    values = study_values(counts)
    fold_values = study_values(folds)  # (D, M, R, 5)
    pick, rep = {}, {}
    for k in keys:
        pick[k], rep[k] = _picks(values[k])

    # MAP under the page's nan policy: a model that never predicts positive
    map_nan = study_values(counts, map_policy=np.nan)["MAP"]
    no_pos = counts[..., :, 1].sum(-1) == 0  # (D, M, R)
    pick_nan = _picks(map_nan)[0]
    map_trivial = np.array([no_pos[d, pick_nan[d]].any() for d in range(D)])
    map_trivial_fixed = np.array([no_pos[d, pick["MAP"][d]].any() for d in range(D)])
    map_never = np.array([no_pos[d, pick_nan[d]].all() for d in range(D)])
    map_never_fixed = np.array([no_pos[d, pick["MAP"][d]].all() for d in range(D)])
    d_ab = names.index("abalone_19_vs_10_11_12_13")
    gnb = models.index("GNB")

    ut = np.triu_indices(len(keys), 1)
    pairs = [(keys[i], keys[j]) for i, j in zip(*ut)]
    rows = []
    for a, b in pairs:
        for d in np.flatnonzero(pick[a] != pick[b]):
            ma, mb = pick[a][d], pick[b][d]
            va, vb = values[a][d], values[b][d]
            reversed_ = int(np.sum((va[ma] > va[mb]) & (vb[mb] > vb[ma])))
            ta, pa = corrected_ttest(_diff(fold_values[a][d, ma], fold_values[a][d, mb]))
            tb, pb = corrected_ttest(_diff(fold_values[b][d, mb], fold_values[b][d, ma]))
            rows.append({"a": a, "b": b, "d": int(d), "data set": names[d],
                         "IR": float(ir[d]),
                         "pick a": models[ma], "pick b": models[mb],
                         "reversed": reversed_, "t a": ta, "p a": pa, "t b": tb, "p b": pb,
                         "a never picks b's": bool(np.all(rep[a][d] != mb)),
                         "significant": bool(ta > 0 and pa < alpha and tb > 0 and pb < alpha)})
    dis = pd.DataFrame(rows)
    ab = dis[(dis["a"] == "ACC") & (dis["b"] == "BA")].sort_values("IR")
    accba = pd.DataFrame({
        "data set": ab["data set"], "IR": ab["IR"].round(1),
        "ACC picks": ab["pick a"], "BA picks": ab["pick b"],
        f"reversed (of {R})": ab["reversed"],
        "P (ACC)": ab["p a"].round(3), "P (BA)": ab["p b"].round(3),
    }).reset_index(drop=True)

    differ = pd.DataFrame([[np.mean(pick[a] != pick[b]) for b in keys] for a in keys],
                          keys, keys)
    sig = np.zeros((len(keys), len(keys)))
    for (a, b), g in dis.groupby(["a", "b"]):
        i, j = keys.index(a), keys.index(b)
        sig[i, j] = sig[j, i] = g["significant"].sum() / D
    differ_sig = pd.DataFrame(sig, keys, keys)
    d_all = differ.to_numpy()[ut]
    most = pairs[int(np.argmax(d_all))]
    pick_counts = pd.DataFrame({k: np.bincount(pick[k], minlength=M) for k in keys},
                               index=models).T

    # rank correlations of the six models, per data set, median over data sets
    means = {k: v.mean(axis=2) for k, v in values.items()}
    rho = np.ones((len(keys), len(keys)))
    used = np.full((len(keys), len(keys)), D)
    for i, a in enumerate(keys):
        for j, b in enumerate(keys[i + 1:], i + 1):
            r = [spearmanr(x, y).statistic for x, y in zip(means[a], means[b])
                 if np.ptp(x) > 0 and np.ptp(y) > 0 and np.all(np.isfinite(x + y))]
            rho[i, j] = rho[j, i] = float(np.median(r))
            used[i, j] = used[j, i] = len(r)
    rho = pd.DataFrame(rho, keys, keys)
    used = pd.DataFrame(used, keys, keys)
    Z = linkage(squareform(1 - rho.to_numpy(), checks=False), method="average")
    labels = fcluster(Z, 2, criterion="maxclust")
    block_a = [k for k, lab in zip(keys, labels) if lab == labels[keys.index("BA")]]
    block_b = [k for k in keys if k not in block_a]
    within = [rho.loc[g, g].to_numpy()[np.triu_indices(len(g), 1)] for g in (block_a, block_b)]
    between = rho.loc[block_a, block_b].to_numpy()
    w_min = min(w.min() for w in within)
    ib, jb = np.unravel_index(np.argmax(between), between.shape)
    w_pairs = [(g[i], g[j]) for g in (block_a, block_b)
               for i, j in zip(*np.triu_indices(len(g), 1))]
    w_vals = np.concatenate(within)
    w_arg = w_pairs[int(np.argmin(w_vals))]

    # disagreement against the imbalance ratio
    pair_share = np.array([np.mean([pick[a][d] != pick[b][d] for a, b in pairs])
                           for d in range(D)])
    bins = [1, 4, 10, 30, 200]
    which = np.digitize(ir, bins) - 1
    by_bin = pd.DataFrame({
        "data sets": [int(np.sum(which == b)) for b in range(4)],
        "pairs that differ": [pair_share[which == b].mean() for b in range(4)],
        "ACC vs BA differ": [np.mean((pick["ACC"] != pick["BA"])[which == b])
                             for b in range(4)],
    }, index=[f"IR {bins[b]}-{bins[b + 1]}" for b in range(4)])
    rho_ir = float(spearmanr(ir, pair_share).statistic)
    rng = np.random.default_rng(0)
    boot = []
    for _ in range(n_boot):
        i = rng.integers(0, D, D)
        boot.append(spearmanr(ir[i], pair_share[i]).statistic)
    lo, hi = np.nanpercentile(boot, [2.5, 97.5])
    fam = pd.Series([_family(n) for n in names])
    fam_df = pd.DataFrame({"f": fam, "logir": np.log(ir), "share": pair_share})
    fam_mean = fam_df.groupby("f").mean()
    rho_fam = float(spearmanr(fam_mean["logir"], fam_mean["share"]).statistic)
    fam_counts = fam.value_counts()
    # the data sets of one family are not independent: resample whole families
    members = [np.flatnonzero(fam.to_numpy() == g) for g in fam_counts.index]
    fboot = []
    for _ in range(n_boot):
        i = np.concatenate([members[j] for j in rng.integers(0, len(members), len(members))])
        fboot.append(spearmanr(ir[i], pair_share[i]).statistic)
    flo, fhi = np.nanpercentile(fboot, [2.5, 97.5])

    return {"res": res, "names": names, "models": models, "ir": ir, "keys": keys,
            "values": values, "pick": pick, "rep": rep, "pairs": pairs,
            "disagreements": dis, "accba": accba, "differ": differ,
            "differ_sig": differ_sig, "most": most, "d_all": d_all,
            "pick_counts": pick_counts, "rho": rho, "rho_used": used,
            "block_a": block_a, "block_b": block_b, "within_min": float(w_min),
            "within_min_pair": w_arg,
            "between_max": float(between.max()),
            "between_max_pair": (block_a[ib], block_b[jb]),
            "pair_share": pair_share, "bins": bins, "by_bin": by_bin, "rho_ir": rho_ir,
            "rho_ir_ci": (float(lo), float(hi)), "rho_family": rho_fam,
            "rho_family_ci": (float(flo), float(fhi)),
            "families": fam_counts, "map_trivial": int(map_trivial.sum()),
            "map_trivial_fixed": int(map_trivial_fixed.sum()),
            "map_never": int(map_never.sum()), "map_never_fixed": int(map_never_fixed.sum()),
            "map_abalone_gnb_nopos": int(no_pos[d_ab, gnb].sum()),
            "map_abalone_gnb_nan": float(map_nan[d_ab, gnb].mean()),
            "map_abalone_pick_nan": models[int(np.argmax(map_nan[d_ab].mean(-1)))],
            "map_abalone_pick": models[int(pick["MAP"][d_ab])],
            "R": R, "D": D, "M": M}


# ---------------------------------------------------------------- the guide


@lru_cache(maxsize=1)
def guide() -> dict:
    """Numbers behind the guide's recommendations."""
    prev = prevalence()
    st = study_analysis()
    pc = st["pick_counts"]
    # many classes: move one error between the two wrong columns of a row
    C = np.array([[8.0, 1.0, 1.0], [2.0, 6.0, 2.0], [1.0, 1.0, 8.0]])
    E = C.copy()
    E[1, 0] -= 1
    E[1, 2] += 1
    moved = {n: float(props.evaluate(n, E) - props.evaluate(n, C))
             for n in ("macro_recall", "cba", "mcc")}
    pi = 0.02
    return {"cost_ratio": (1 - pi) / pi, "deploy_pi": pi,
            "cba_drop": float(-prev["shift"].loc["CBA", "change"]),
            "mcc_drop": float(-prev["shift"].loc["MCC", "change"]),
            "moved": moved,
            "lrbal": {k: int(pc.loc[k, "LR-bal"]) for k in ("BA", "GM", "IBA", "AC", "OP", "HMNC")}}


# ---------------------------------------------------------------- findings

REVERSAL_MOST = 0.5


def _words(n: int) -> str:
    return "most" if n > REVERSAL_MOST else "a minority"


@lru_cache(maxsize=1)
def findings() -> dict:
    """Every number and verdict the chapter's prose states, by name."""
    fa, pr, idt, prev, st, gd = (facts(), properties(), identities(), prevalence(),
                                 study_analysis(), guide())
    f: dict = {}
    f["facts_n"] = len(fa["checks"])
    f["facts_ok"] = int(fa["agree"].sum())
    f["facts_n_small"] = fa["n_small"]
    prop = pr["matrix"]
    f["prop_cells"] = int(prop.size)
    f["prop_nmax"] = pr["n_max"]
    both = (prop["I5 positive row scaled"] == "yes") & (prop["I6 negative row scaled"] == "yes")
    f["prevfree"] = ", ".join(SHORT_NAME[m] for m in prop.index[both])
    cols = (prop["I7 positive column scaled"] == "yes") & (prop["I8 negative column scaled"]
                                                          == "yes")
    f["colfree"] = ", ".join(SHORT_NAME[m] for m in prop.index[cols])
    f["baseline"] = ", ".join(SHORT_NAME[m] for m in prop.index[prop["constant baseline"]
                                                                 == "yes"])
    f["strict"] = ", ".join(SHORT_NAME[m] for m in prop.index[prop["monotone"] == "strict"])
    f["weak"] = ", ".join(SHORT_NAME[m] for m in prop.index[prop["monotone"] == "weak"])
    f["mono_no"] = ", ".join(SHORT_NAME[m] for m in prop.index[prop["monotone"] == "no"])
    f["minagr"] = ", ".join(SHORT_NAME[m] for m in prop.index[prop["minimal agreement"]
                                                               == "yes"])
    f["kappa_mono"] = prop.loc["kappa", "monotone"]
    f["map_mono"] = prop.loc["macro_precision", "monotone"]
    f["mono_searched"] = len(pr["searched"])
    f["mono_search_flips"] = sum(not h for h in pr["searched"].values())
    f["yes_searched"] = len(pr["yes_search"])
    f["yes_search_flips"] = int((~pr["yes_search"]["holds"]).sum())
    f["iba_alpha"] = ALPHA_IBA_EXAMPLE
    f["iba_alpha_small"] = pr["iba_alpha_small"]
    f["iba_alpha_13"] = pr["iba_alpha_13"]
    f["iba_alpha_13_matrix"] = str(pr["iba_alpha_13_matrix"])
    f["iba_alpha_13_drop"] = pr["iba_alpha_13_drop"]
    f["iba_alpha_13_drop_text"] = f"{pr['iba_alpha_13_drop']:.2e}"
    f["kappa_mono_any"] = pr["any_domain"]["kappa"]
    f["map_mono_any"] = pr["any_domain"]["macro_precision"]
    f["iba_alpha_search"] = pr["iba_alpha_search"]
    f["ce_rows"] = len(pr["counterexamples"])

    f["same_n"] = idt["n"]
    f["same_groups"] = len(idt["groups"])
    f["same_fixed_new"] = len(idt["new_fixed"])
    f["same_groups_text"] = "; ".join(", ".join(g) for g in idt["groups"])
    f["identities_symbolic"] = "all hold" if all(idt["symbolic"].values()) else "one fails"
    f["wrong_ac"] = idt["wrong_ac"]
    f["wrong_rhs_undefined"] = (not idt["wrong_ac_rhs_defined"]
                                and not idt["wrong_hmnc_rhs_defined"])
    f["iam_gap_nan"] = idt["iam_gap_nan"]
    f["iam_gap_zero"] = idt["iam_gap_zero"]

    b = prev["bias"]
    for name, key in (("hmnc", "hmnc"), ("iam", "iam"), ("f1", "f1"), ("mcc", "mcc"),
                      ("accuracy", "acc")):
        f[f"bias_{key}"] = round(abs(float(b[name][0])), 3)
    f["bias_free_max"] = max(float(np.max(np.abs(b[n])))
                             for n in ("balanced_accuracy", "g_mean", "iba", "ac"))
    sh = prev["shift"]
    f["shift_f1_test"] = round(float(sh.loc["F1"].iloc[0]), 3)
    f["shift_f1_deploy"] = round(float(sh.loc["F1"].iloc[1]), 3)
    f["shift_acc_deploy"] = round(float(sh.loc["ACC"].iloc[1]), 3)
    f["iam_peak_pi"] = round(prev["iam_peak_pi"], 2)
    f["iam_peak"] = round(prev["iam_peak"], 3)
    f["iam_kink_pi"] = round(prev["iam_kink_pi"], 2)

    res = st["res"]
    f["study_d"] = st["D"]
    f["study_m"] = st["M"]
    f["study_r"] = st["R"]
    f["study_skipped"] = len(res["skipped"])
    f["study_ir_min"] = round(float(st["ir"].min()), 1)
    f["study_ir_max"] = round(float(st["ir"].max()), 1)
    f["study_nmax"] = int(res["n"].max())
    f["study_families"] = len(st["families"])
    for fam in ("ecoli", "yeast", "glass"):
        f[f"family_{fam}"] = int(st["families"][fam])
    f["map_trivial"] = st["map_trivial"]
    f["map_trivial_fixed"] = st["map_trivial_fixed"]
    f["map_never"] = st["map_never"]
    f["map_never_fixed"] = st["map_never_fixed"]
    f["map_abalone_gnb_nopos"] = st["map_abalone_gnb_nopos"]
    f["map_abalone_gnb_nan"] = round(st["map_abalone_gnb_nan"], 3)
    f["map_abalone_pick_nan"] = st["map_abalone_pick_nan"]
    f["map_abalone_pick"] = st["map_abalone_pick"]

    differ, dis, R = st["differ"], st["disagreements"], st["R"]
    f["mean_differ"] = round(float(st["d_all"].mean()), 2)
    f["acc_ba"] = round(float(differ.loc["ACC", "BA"]), 2)
    ab = dis[(dis["a"] == "ACC") & (dis["b"] == "BA")]
    f["acc_ba_n"] = len(ab)
    f["accba_rev_all"] = int((ab["reversed"] == R).sum())
    f["accba_rev_4"] = int((ab["reversed"] >= R - 1).sum())
    f["accba_rev_none"] = int((ab["reversed"] == 0).sum())
    f["accba_never"] = int(ab["a never picks b's"].sum())
    f["accba_sig"] = int(ab["significant"].sum())
    f["accba_sig_acc"] = int(((ab["t a"] > 0) & (ab["p a"] < 0.05)).sum())
    f["accba_sig_ba"] = int(((ab["t b"] > 0) & (ab["p b"] < 0.05)).sum())
    f["dis_n"] = len(dis)
    f["dis_rev_all_share"] = round(float((dis["reversed"] == R).mean()), 2)
    f["dis_sig_share"] = round(float(dis["significant"].mean()), 2)
    f["accba_rev_words"] = _words(f["accba_rev_all"] / f["acc_ba_n"])
    f["dis_rev_words"] = _words(f["dis_rev_all_share"])
    most = st["most"]
    f["most_a"], f["most_b"] = most
    f["most"] = round(float(differ.loc[most[0], most[1]]), 2)
    f["most_sig"] = round(float(st["differ_sig"].loc[most[0], most[1]]), 2)

    pc = st["pick_counts"]
    for k, key in (("ACC", "acc"), ("BA", "ba"), ("AC", "ac"), ("MCC", "mcc"),
                   ("GM", "gm"), ("IBA", "iba")):
        f[f"lrbal_{key}"] = int(pc.loc[k, "LR-bal"])
    rho = st["rho"]
    for (a, bb), key in ((("ACC", "BA"), "acc_ba"), (("BA", "GM"), "ba_gm"),
                         (("MCC", "F1"), "mcc_f1"), (("ACC", "MCC"), "acc_mcc"),
                         (("F1", "BA"), "f1_ba"), (("F1", "kappa"), "f1_kappa"),
                         (("F1", "MacroF"), "f1_macrof")):
        f[f"rho_{key}"] = round(float(rho.loc[a, bb]), 2)
    f["block_a"] = ", ".join(st["block_a"])
    f["block_b"] = ", ".join(st["block_b"])
    f["rho_within_min"] = round(st["within_min"], 2)
    f["rho_within_min_pair"] = " and ".join(st["within_min_pair"])
    f["rho_between_max"] = round(st["between_max"], 2)
    f["rho_between_max_pair"] = " and ".join(st["between_max_pair"])
    f["blocks_overlap"] = "overlap" if st["between_max"] > st["within_min"] else "separate"
    used = st["rho_used"]
    f["rho_mcc_used_min"] = int(used.loc["MCC"].drop("MCC").min())
    f["rho_used_median"] = int(np.median(used.to_numpy()[np.triu_indices(len(used), 1)]))

    f["rho_ir"] = round(st["rho_ir"], 2)
    f["rho_ir_lo"] = round(st["rho_ir_ci"][0], 2)
    f["rho_ir_hi"] = round(st["rho_ir_ci"][1], 2)
    f["rho_family"] = round(st["rho_family"], 2)
    f["ir_trend"] = ("no detectable trend" if st["rho_ir_ci"][0] < 0 < st["rho_ir_ci"][1]
                     else "a trend")
    bb = st["by_bin"]
    f["bin_low"] = round(float(bb["pairs that differ"].iloc[0]), 2)
    f["bin_high"] = round(float(bb["pairs that differ"].iloc[-1]), 2)
    f["bin_accba_low"] = round(float(bb["ACC vs BA differ"].iloc[0]), 2)
    f["bin_accba_high"] = round(float(bb["ACC vs BA differ"].iloc[-1]), 2)

    f["cost_ratio"] = round(gd["cost_ratio"], 1)
    f["deploy_pi"] = gd["deploy_pi"]
    f["cba_drop"] = round(gd["cba_drop"], 3)
    f["mcc_drop"] = round(gd["mcc_drop"], 3)
    f["moved_mar"] = round(gd["moved"]["macro_recall"], 4)
    f["moved_cba"] = round(gd["moved"]["cba"], 4)
    f["moved_mcc"] = round(gd["moved"]["mcc"], 4)
    lr = gd["lrbal"]
    f["lrbal_op"], f["lrbal_hmnc"] = lr["OP"], lr["HMNC"]
    f["lrbal_others_min"] = min(lr["GM"], lr["IBA"], lr["AC"])
    f["lrbal_others_max"] = max(lr["GM"], lr["IBA"], lr["AC"])
    # the second pole's picks of the class-weighted model, accuracy aside
    pole = {k: int(pc.loc[k, "LR-bal"]) for k in st["block_b"] if k != "ACC"}
    f["lrbal_poleb_min"], f["lrbal_poleb_max"] = min(pole.values()), max(pole.values())
    f["lrbal_poleb_min_name"] = min(pole, key=pole.get)
    f["lrbal_poleb_max_name"] = max(pole, key=pole.get)
    f["rho_mcc_used_max"] = int(used.loc["MCC"].drop("MCC").max())
    f["rho_family_lo"] = round(st["rho_family_ci"][0], 2)
    f["rho_family_hi"] = round(st["rho_family_ci"][1], 2)
    # Exercise 7.4: the data sets with the most distinct picks
    n_distinct = np.array([len({int(st["pick"][k][d]) for k in st["keys"]})
                           for d in range(st["D"])])
    top = np.flatnonzero(n_distinct == n_distinct.max())
    f["ex_study_distinct"] = int(n_distinct.max())
    f["ex_study_ties"] = len(top)
    f["ex_study_tie_names"] = ", ".join(st["names"][d] for d in top)
    f.update(baseline_ends())
    f.update(iba_alpha_half())
    return f


WHOLE = {"TPR", "TNR", "Precision", "NPV"}
"""Metrics of one class's rate; the others score a whole classifier."""


def baseline_ends(pi: float = 0.05) -> dict:
    """Which constant-baseline metrics keep their value for the guessers that never or
    always say "positive" (q = 0 and q = 1), under the page's policy (nan; MAP 0)."""
    prop = properties()["matrix"]
    names = [m for m in prop.index[prop["constant baseline"] == "yes"]
             if SHORT_NAME[m] not in WHOLE]
    every, inner = [], []
    for m in names:
        C = props.expected_random(pi, np.array([0.0, 0.5, 1.0]))
        v = (il.macro_precision(C, zero_division=0.0) if m == "macro_precision"
             else props.evaluate(m, C))
        (every if np.all(np.isfinite(v)) and np.ptp(v) < 1e-12 else inner).append(SHORT_NAME[m])
    return {"baseline_every_q": ", ".join(every), "baseline_inner_q": ", ".join(inner)}


IBA_ALPHAS_ABOVE = (0.51, 0.6, 0.75, 1.0)


def iba_alpha_half(alphas=(0.5, *IBA_ALPHAS_ABOVE), n: int = 401) -> dict:
    """Does IBA fall anywhere when one rate rises, for alpha = 1/2 and above it?

    On a fine grid of (TPR, TNR), the largest drop along either rate.
    """
    t = np.linspace(0, 1, n)
    T, S = np.meshgrid(t, t, indexing="ij")
    out = {}
    for a in alphas:
        C = np.stack([np.stack([S, 1 - S], -1), np.stack([1 - T, T], -1)], -2)
        v = il.iba(C, alpha=a)
        drop = max(0.0, -np.diff(v, axis=0).min(), -np.diff(v, axis=1).min())
        out[f"iba_drop_{int(round(a * 100))}"] = float(drop)
    return out


def _set(s: str) -> set:
    return {x.strip() for x in s.split(",") if x.strip()}


CLAIMS = [
    Claim("facts-all", "every fact of the registry survives its check",
          lambda f: f["facts_ok"] == f["facts_n"]),
    Claim("prevfree", "I5 and I6 hold exactly for TPR, TNR, BA, WA, GM, Dominance, IBA, AC "
          "and MAR", lambda f: _set(f["prevfree"]) == {"TPR", "TNR", "BA", "WA", "GM",
                                                       "Dominance", "IBA", "AC", "MAR"}),
    Claim("colfree", "I7 and I8 hold for Precision, NPV and MAP",
          lambda f: _set(f["colfree"]) == {"Precision", "NPV", "MAP"}),
    Claim("baseline", "a constant baseline holds for BA, MAR, MCC, kappa, MAP and the "
          "predictive values; GM, AC, IBA, HMNC, ACC, F1, CBA and IAM fail it",
          lambda f: _set(f["baseline"]) == {"Precision", "NPV", "BA", "MCC", "kappa", "MAP",
                                            "MAR"}),
    Claim("strict", "strict monotonicity on P, N > 0 holds for BA, WA, ACC, MCC, kappa, "
          "MAP, MAR, the macro F-score, CBA and IAM",
          lambda f: _set(f["strict"]) == {"BA", "WA", "ACC", "MCC", "kappa", "MAP", "MAR",
                                          "MacroF", "CBA", "IAM"}),
    Claim("weak", "GM, AC, IBA, HMNC, F1 and the one-class rates are only weakly monotone",
          lambda f: {"GM", "AC", "IBA", "HMNC", "F1"} <= _set(f["weak"])),
    Claim("mono-no", "Dominance and OP are not monotone",
          lambda f: _set(f["mono_no"]) == {"Dominance", "OP"}),
    Claim("kappa-map-strict", "kappa and MAP are strictly monotone once both classes are "
          "present; their weak verdicts came from matrices with a missing class",
          lambda f: f["kappa_mono"] == "strict" and f["map_mono"] == "strict"
          and f["kappa_mono_any"] == "weak" and f["map_mono_any"] == "weak"),
    Claim("mono-search", "the random and optimiser searches overturn no monotonicity verdict "
          "of the grid", lambda f: f["mono_search_flips"] == 0 and f["mono_searched"] > 0),
    Claim("yes-search", "the searches beyond the grid overturn no other yes cell",
          lambda f: f["yes_search_flips"] == 0 and f["yes_searched"] > 0),
    Claim("iba-limit", "IBA with alpha = 0.6 looks weakly monotone on small matrices, "
          "and is not monotone at n = 13",
          lambda f: f["iba_alpha_small"] == "weak" and f["iba_alpha_13"] == "no"
          and f["iba_alpha_13_drop"] > 0 and f["iba_alpha_search"] == "no"),
    Claim("minagr", "minimal agreement holds only for BA, WA, ACC, MCC, MAR, MacroF, CBA, "
          "IAM, MAP and OP; F1, GM, IBA, AC, HMNC and kappa fail it",
          lambda f: not (_set(f["minagr"]) & {"F1", "GM", "IBA", "AC", "HMNC", "kappa"})
          and {"BA", "ACC", "MCC"} <= _set(f["minagr"])),
    Claim("same-groups", "three groups of metrics rank alike and fixing the class sizes adds "
          "none", lambda f: f["same_groups"] == 3 and f["same_fixed_new"] == 0),
    Claim("same-groups-which", "BA, MAR, J and AUC_1 are one metric; GM and IBA_0 are one; "
          "CBA and IAM are one", lambda f: f["same_groups_text"]
          == "balanced_accuracy, macro_recall, J, AUC_1; g_mean, IBA_0; cba, iam"),
    Claim("identities", "sympy confirms each identity",
          lambda f: f["identities_symbolic"] == "all hold"),
    Claim("identity-conditions", "at TP = TN = 0 the right sides of AC = GM^2/BA and "
          "HMNC = GM^2/ACC are 0/0; IAM = 2 CBA - 1 holds with the nan policy and is off by "
          "1/k per absent class with 0-fill",
          lambda f: f["wrong_rhs_undefined"] and abs(f["iam_gap_nan"]) < 1e-12
          and abs(f["iam_gap_zero"] - 1 / 3) < 1e-12),
    Claim("prev-free-flat", "BA, GM, IBA and AC do not move with the prevalence",
          lambda f: f["bias_free_max"] < 1e-12),
    Claim("prev-moves", "accuracy gains at low prevalence while F1 loses more than HMNC",
          lambda f: f["bias_hmnc"] > 0 and f["bias_f1"] > f["bias_hmnc"]
          and f["bias_acc"] > 0),
    Claim("iam-bump", "IAM's bias is not monotone: a bump near the prevalence where the "
          "positive row and column sums are equal",
          lambda f: f["iam_peak"] > 0 and f["iam_peak_pi"] < 0.5
          and abs(f["iam_peak_pi"] - f["iam_kink_pi"]) < 0.03),
    Claim("f1-drops", "F1 drops from test to deployment",
          lambda f: f["shift_f1_deploy"] < f["shift_f1_test"]),
    Claim("map-fixed", "counting an undefined precision as 0, MAP never picks a model that "
          "predicts no positive in any repetition, and picks one that misses the positive "
          "class in some repetition less often than under the nan policy",
          lambda f: f["map_trivial"] > f["map_trivial_fixed"] and f["map_never"] > 0
          and f["map_never_fixed"] == 0
          and f["map_abalone_pick_nan"] != f["map_abalone_pick"]),
    Claim("accba-reverse", "on most of the data sets where accuracy and BA pick different "
          "models they rank the two contested models in opposite order in every repetition",
          lambda f: f["accba_rev_words"] == "most"
          and f["accba_rev_all"] / f["acc_ba_n"] > REVERSAL_MOST),
    Claim("accba-never", "accuracy almost never picks BA's model in any repetition",
          lambda f: f["accba_never"] >= 0.9 * f["acc_ba_n"]),
    Claim("dis-reverse", "most disagreements of all pairs reverse in every repetition",
          lambda f: f["dis_rev_words"] == "most" and f["dis_rev_all_share"] > REVERSAL_MOST),
    Claim("accba-sig-both", "both preferences are significant at once on some of the contested "
          "data sets but not on all, and never on more than either alone",
          lambda f: 0 < f["accba_sig"] < f["acc_ba_n"]
          and f["accba_sig"] <= min(f["accba_sig_acc"], f["accba_sig_ba"])),
    Claim("lrbal", "BA, GM, IBA, AC, OP and HMNC each pick LR-bal on a majority of the data "
          "sets, accuracy almost never",
          lambda f: min(f["lrbal_ba"], f["lrbal_ac"], f["lrbal_gm"], f["lrbal_iba"],
                        f["lrbal_op"], f["lrbal_hmnc"]) > f["study_d"] / 2
          and f["lrbal_acc"] < 10 and f["lrbal_acc"] < f["lrbal_mcc"] < f["lrbal_ba"]),
    Claim("blocks-overlap", "the two groups of the clustering overlap: a correlation across "
          "them exceeds one within", lambda f: f["blocks_overlap"] == "overlap"),
    Claim("blocks", "average linkage splits the metrics into BA, GM, IBA, AC, OP, HMNC and "
          "ACC, F1, MCC, kappa, MAP, MacroF, CBA",
          lambda f: _set(f["block_a"]) == {"BA", "GM", "IBA", "AC", "OP", "HMNC"}),
    Claim("f1-mcc", "F1 ranks the models as MCC, kappa and the macro F-score do",
          lambda f: min(f["rho_mcc_f1"], f["rho_f1_kappa"], f["rho_f1_macrof"]) >= 0.95),
    Claim("mcc-fewer", "MCC's medians rest on fewer data sets",
          lambda f: f["rho_mcc_used_min"] < f["study_d"]),
    Claim("ir-trend", "no detectable trend of disagreement with the imbalance ratio",
          lambda f: f["ir_trend"] == "no detectable trend" and f["rho_ir_lo"] < 0
          < f["rho_ir_hi"] and abs(f["rho_family"]) < 0.2),
    Claim("cba-moves", "CBA and MCC move with the prevalence",
          lambda f: f["cba_drop"] > 0.1 and f["mcc_drop"] > 0.1),
    Claim("mar-columns", "moving an error between wrong columns leaves MAR unchanged and "
          "changes CBA and MCC",
          lambda f: f["moved_mar"] == 0 and f["moved_cba"] != 0 and f["moved_mcc"] != 0),
    Claim("mcc-used-same", "every pair with MCC rests on the same number of data sets",
          lambda f: f["rho_mcc_used_min"] == f["rho_mcc_used_max"]),
    Claim("poleb-fewer", "the second pole picks the class-weighted model less often than BA",
          lambda f: f["lrbal_poleb_max"] < f["lrbal_ba"]),
    Claim("family-no-trend", "resampling whole families, the interval of the correlation "
          "with the imbalance ratio contains 0 (no detectable trend, a moderate one not "
          "excluded)", lambda f: f["rho_family_lo"] < 0 < f["rho_family_hi"]
          and f["rho_family_hi"] - f["rho_family_lo"] > 0.3),
    Claim("baseline-ends", "BA, MAR and kappa keep their baseline for every guesser; MCC and "
          "MAP only for guessers that predict both labels",
          lambda f: _set(f["baseline_every_q"]) == {"BA", "MAR", "kappa"}
          and _set(f["baseline_inner_q"]) == {"MCC", "MAP"}),
    Claim("iba-half", "IBA never falls when a rate rises for alpha = 1/2, and falls somewhere "
          "for every alpha tried above it (0.51, 0.6, 0.75, 1)",
          lambda f: f["iba_drop_50"] == 0
          and all(f[f"iba_drop_{round(100 * a)}"] > 0 for a in IBA_ALPHAS_ABOVE)),
    Claim("ex-study-ties", "several data sets tie for the most distinct picks",
          lambda f: f["ex_study_ties"] > 1),
    Claim("gm-not-ba", "GM, AC and IBA pick LR-bal more often than BA",
          lambda f: f["lrbal_others_min"] > f["lrbal_ba"]),
]
"""The sentences of the page that rest on a computation."""


# ---------------------------------------------------------------- figures


def _box(ax, x, y, text, colour, fontsize=10):
    ax.text(x, y, text, ha="center", va="center", fontsize=fontsize,
            bbox=dict(boxstyle="round", fc=colour, ec="0.3"))


def plot_identity_map():
    """The map of identities (groups that rank alike, and metrics built from them)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.set_axis_off()
    boxes = [("BA = MAR\n= (J + 1)/2 = AUC$_1$", 0.14, 0.72, "#cfe2f3"),
             ("GM = $\\sqrt{IBA_0}$", 0.43, 0.72, "#cfe2f3"), ("ACC", 0.66, 0.72, "white"),
             ("CBA = (IAM + 1)/2", 0.88, 0.72, "#cfe2f3"),
             ("AC = GM$^2$/BA", 0.28, 0.2, "#fde9c9"),
             ("HMNC = GM$^2$/ACC", 0.6, 0.2, "#fde9c9")]
    for text, x, y, colour in boxes:
        _box(ax, x, y, text, colour)
    for (x0, y0), (x1, y1) in [((0.16, 0.6), (0.26, 0.3)), ((0.41, 0.62), (0.31, 0.3)),
                               ((0.45, 0.62), (0.57, 0.3)), ((0.66, 0.64), (0.62, 0.3))]:
        ax.annotate("", (x1, y1), (x0, y0), arrowprops=dict(arrowstyle="->", color="0.3"))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    return fig


def plot_prevalence(prev: dict):
    """Bias of each metric against the prevalence for the classifier of :func:`prevalence`."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import PALETTE

    pis, bias = prev["pis"], prev["bias"]
    docs = {"hmnc": ("HMNC (Burduk)", PALETTE["green"], "-"),
            "iam": ("IAM (Mortaz)", PALETTE["purple"], "-"),
            "ac": ("AC (Wu & Cannistraci)", PALETTE["vermillion"], "-"),
            "iba": ("IBA$_{0.1}$ (García et al.)", PALETTE["orange"], (0, (6, 4))),
            "balanced_accuracy": ("BA (Vergne)", PALETTE["blue"], (0, (1, 3)))}
    others = {"accuracy": "ACC", "mcc": "MCC", "f1": "$F_1$", "kappa": "kappa"}
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for name in PANEL:
        if name not in docs and name not in others:
            ax.plot(pis, bias[name], color="0.8", lw=1)
    for name, label in others.items():
        ax.plot(pis, bias[name], color="0.45", lw=1.2, ls=":")
        ax.annotate(label, (pis[0], bias[name][0]), fontsize=9, color="0.3",
                    xytext=(3, 0), textcoords="offset points")
    for name, (label, colour, style) in docs.items():
        lw = 3.2 if name == "balanced_accuracy" else 2.2
        ax.plot(pis, bias[name], color=colour, lw=lw, ls=style, label=label)
    ax.set_xscale("log")
    ax.set_xlabel("prevalence $\\pi$ of the test set (log scale)")
    ax.set_ylabel("bias $B(\\pi) = \\mu(\\pi) - \\mu(1/2)$")
    ax.axhline(0, color="k", lw=0.6)
    ax.legend(fontsize=9, loc="lower right", title="on the zero line: AC, IBA, BA",
              title_fontsize=9)
    return fig


def plot_disagreement(st: dict):
    """Share of data sets where two metrics' picks differ, and where both are significant."""
    import matplotlib.pyplot as plt

    keys, differ = st["keys"], st["differ"]
    fig, axes = plt.subplots(1, 2, figsize=(7.5, 4.3), sharey=True)
    for ax, table, title in ((axes[0], differ, "picks differ"),
                             (axes[1], st["differ_sig"],
                              "each pick significantly better\nunder its own metric")):
        im = ax.imshow(table.to_numpy(), cmap="cividis", vmin=0,
                       vmax=differ.to_numpy().max())
        ax.set_xticks(range(len(keys)), keys, rotation=90, fontsize=9)
        ax.set_yticks(range(len(keys)), keys, fontsize=9)
        ax.set_title(title, fontsize=10)
    cb = fig.colorbar(im, ax=axes, shrink=0.7)
    cb.set_label("share of data sets", fontsize=9)
    return fig


def plot_rho(st: dict):
    """Heat map of the median Spearman correlations, metrics ordered by cluster."""
    import matplotlib.pyplot as plt

    order = st["block_a"] + st["block_b"]
    rho = st["rho"].loc[order, order]
    fig, ax = plt.subplots(figsize=(6.5, 5.5))
    im = ax.imshow(rho.to_numpy(), cmap="cividis", vmin=-1, vmax=1)
    ax.set_xticks(range(len(order)), order, rotation=90)
    ax.set_yticks(range(len(order)), order)
    for i in range(len(order)):
        for j in range(len(order)):
            v = rho.iloc[i, j]
            ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=7,
                    color="black" if v > 0.3 else "white")
    k = len(st["block_a"]) - 0.5
    ax.axhline(k, color="white", lw=1.5)
    ax.axvline(k, color="white", lw=1.5)
    cb = fig.colorbar(im, ax=ax, shrink=0.8)
    cb.set_label("median Spearman correlation")
    return fig


def plot_ir(st: dict):
    """Share of metric pairs that disagree, per data set, against the imbalance ratio."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import PALETTE

    bins, by_bin = st["bins"], st["by_bin"]
    fig, ax = plt.subplots(figsize=(7, 3.8))
    ax.scatter(st["ir"], st["pair_share"], s=18, color=PALETTE["blue"], alpha=0.7,
               label="one data set")
    mid = [np.sqrt(bins[b] * bins[b + 1]) for b in range(4)]
    ax.plot(mid, by_bin["pairs that differ"], "o-", color=PALETTE["vermillion"], lw=2,
            label="mean in the IR bin")
    ax.set_xscale("log")
    ax.set_xlabel("imbalance ratio IR = N/P (log scale)")
    ax.set_ylabel("share of metric pairs\nthat pick differently")
    ax.legend()
    return fig


def plot_guide():
    """The flow chart of the guide."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 5.6))
    ax.set_axis_off()
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    questions = [("Are the costs of the\ntwo errors known?", 0.93),
                 ("More than two classes?", 0.72),
                 ("Will the prevalence differ\nin deployment?", 0.51),
                 ("Is the minority class\nmore important?", 0.30)]
    answers = [("expected cost at the deployment priors\n(any k: a cost matrix); "
                "two classes: WA,\nα = c$_{FN}$π / (c$_{FN}$π + c$_{FP}$(1 − π))", 0.93),
               ("MAR (= BA per class);\nCBA, MCC move with π", 0.72),
               ("BA describes the classifier;\nadd the cost at the new π", 0.51),
               ("TPR at a required TNR;\nF1 / precision if alarms cost", 0.30)]
    for (q, y), (a, _) in zip(questions, answers):
        _box(ax, 0.2, y, q, "#cfe2f3")
        _box(ax, 0.77, y, a, "#fde9c9")
        ax.annotate("yes", (0.53, y), (0.41, y), va="center",
                    arrowprops=dict(arrowstyle="->", color="0.3"))
    for (_, y0), (_, y1) in zip(questions, questions[1:]):
        ax.annotate("", (0.2, y1 + 0.07), (0.2, y0 - 0.07),
                    arrowprops=dict(arrowstyle="->", color="0.3"))
        ax.text(0.22, (y0 + y1) / 2, "no", va="center")
    ax.annotate("", (0.2, 0.14), (0.2, 0.23), arrowprops=dict(arrowstyle="->", color="0.3"))
    ax.text(0.22, 0.185, "no", va="center")
    _box(ax, 0.5, 0.07, "both classes equally important: BA with MCC beside it;\n"
         "ACC only on a balanced test set", "#fde9c9")
    return fig
