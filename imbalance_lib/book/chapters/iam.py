"""The IAM chapter (Mortaz 2020): its experiments, tables and figures, and what the prose states.

The chapter re-derives the imbalance accuracy metric (IAM) and the four theorems
of the document, checks each statement with the book's one claim checker
(:func:`imbalance_lib.book.properties.check_claim`), recomputes the document's
worked examples, recreates its four sweeps over class distributions and re-runs
its Glass and Satimage benchmark (Tables 16 and 18). Each part returns its
tables and a dict of findings; :data:`CLAIMS` (and :data:`PICK_CLAIMS` for the
Glass picks) are the sentences of the prose that rest on them.

Findings are split by cost: :func:`theory_findings` (examples and proofs, a
second), :func:`search_findings` (the claim checker, about ten seconds),
:func:`sweep_findings` (the decision-tree sweeps, a few seconds) and
:func:`rerun_findings` (the cross-validations of 18 models on Glass and
Satimage, a few minutes on two cores).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.claims import Claim
from imbalance_lib.book.pages import signed
from imbalance_lib.book.published import mortaz2020 as pub
from imbalance_lib.book.selection import select_best, select_max_min
from imbalance_lib.book.tables import round_half_up

__all__ = [
    "NAN", "FIVE", "SIX", "metrics", "independent_check", "proof_step_gap",
    "step_counterexamples",
    "VIOLATIONS", "LABELS", "search", "search_summary", "thm4_figure",
    "binary_proof_steps", "balanced_case", "counterexample_c5", "table13_case",
    "sign_table", "example_metrics", "example_comparisons", "rounding_conventions",
    "example_selections", "table8_checks", "depth_sweep", "sweeps", "sweep_figure",
    "eighteen_models", "cross_validation", "glass_run", "satimage_run", "per_fold",
    "summary", "GROUPS", "gap_frame", "measure_glass_picks", "GLASS_PICKS_MEASURED",
    "measured_picks", "pick_study_findings", "skew_spans", "sat_row_effects",
    "candidate_signs", "impossible_step", "empty_class_picks", "measure_sat_iam",
    "SAT_IAM_MEASURED", "gap_table", "gap_findings", "picks_by_seed",
    "pick_findings", "consistency", "candidate_effects", "empty_class_table",
    "satimage_counts", "LBFGS_MEASURED", "lbfgs_table", "theory_findings",
    "search_findings", "sweep_findings", "rerun_findings", "CLAIMS", "PICK_CLAIMS",
]

NAN = {"zero_division": np.nan}
"""The chapter's policy: an undefined class term is left out of the mean."""

FIVE = {"ACC": il.accuracy, "MAP": il.macro_precision, "MAR": il.macro_recall,
        "F-score": il.macro_f1, "CBA": il.cba}
"""The five metrics of the document's multiple-metric rule."""

SIX = {**FIVE, "IAM": il.iam}
"""The five and IAM."""

ROUNDING = 0.0005
"""Half a unit of the third decimal: the rounding of a published three-decimal value."""


def metrics(C, funcs=SIX) -> pd.DataFrame:
    """The metrics ``funcs`` of each matrix of the stack ``C`` (..., k, k), one row each.

    >>> metrics([[5, 1], [2, 2]], {"ACC": il.accuracy}).round(2).to_dict("list")
    {'ACC': [0.7]}
    """
    C = np.asarray(C, float)
    return pd.DataFrame({name: np.atleast_1d(f(C, **NAN)) for name, f in funcs.items()})


# --------------------------------------------------------------------------- notation


def independent_check() -> tuple[pd.DataFrame, dict]:
    """The five metrics of the document's CM1 by the library, scikit-learn and pycm.

    Returns the table (one row per metric) and the findings ``cm1_f`` (Eq. 6,
    the mean of per-class F1), ``cm1_hm`` (the harmonic mean of MAP and MAR)
    and ``cm1_gap`` (the largest difference to the independent libraries).
    """
    import pycm
    from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score

    CM1 = np.array(pub.CONFUSION_MATRICES["CM1"])
    k = CM1.shape[0]
    y_true = np.repeat(np.repeat(np.arange(k), k), CM1.ravel())
    y_pred = np.repeat(np.tile(np.arange(k), k), CM1.ravel())
    ours = metrics(CM1).iloc[0]
    independent = pd.Series({
        "ACC": accuracy_score(y_true, y_pred),
        "MAP": precision_score(y_true, y_pred, average="macro"),
        "MAR": recall_score(y_true, y_pred, average="macro"),
        "F-score": f1_score(y_true, y_pred, average="macro"),
        "CBA": pycm.ConfusionMatrix(y_true, y_pred).CBA,
    })
    check = pd.DataFrame({"imbalance_lib": ours, "scikit-learn / pycm": independent})
    check = check.reindex(list(FIVE))
    hm = 2 * ours["MAP"] * ours["MAR"] / (ours["MAP"] + ours["MAR"])
    gap = float((check.iloc[:, 0] - check.iloc[:, 1]).abs().max())
    return check, {"cm1_f": float(ours["F-score"]), "cm1_hm": float(hm), "cm1_gap": gap}


def proof_step_gap(C, **kw):
    """min(MAP, MAR) - F: positive where the step of the document's proof of Theorem 3 fails.

    >>> round(float(proof_step_gap(np.array([[1, 0], [1, 1]]))), 4)  # 3/4 - 2/3
    0.0833
    """
    return (np.minimum(il.macro_precision(C, **kw), il.macro_recall(C, **kw))
            - il.macro_f1(C, **kw))


def step_counterexamples(max_total: int = 3) -> dict:
    """The smallest total count of a matrix that breaks the step min(MAP, MAR) <= F.

    Every 2x2 and 3x3 matrix with total count up to ``max_total`` is tried,
    under two conventions: every precision and recall defined (no empty row or
    column, ``zero_division`` irrelevant), and the chapter's ``nan`` policy
    with every class present in the labels or the predictions. Also returns
    ``f_gap``, the step's violation on ``[[1, 0], [10, 1]]``.

    >>> f = step_counterexamples()
    >>> f["step_total_defined"], f["step_total_nan"]
    (3, 2)
    """
    found = {"defined": None, "nan": None}
    for k in (2, 3):
        C = np.stack(np.meshgrid(*[np.arange(max_total + 1.0)] * (k * k), indexing="ij"),
                     -1).reshape(-1, k, k)
        tot = C.sum((1, 2))
        C, tot = C[(tot >= 1) & (tot <= max_total)], tot[(tot >= 1) & (tot <= max_total)]
        rows, cols = C.sum(-1), C.sum(-2)
        with np.errstate(all="ignore"):
            v = proof_step_gap(C, **NAN)
        masks = {"defined": (rows > 0).all(-1) & (cols > 0).all(-1),
                 "nan": (np.maximum(rows, cols) > 0).all(-1)}
        for name, ok in masks.items():
            bad = ok & (v > 1e-12)
            if bad.any():
                t = int(tot[bad].min())
                found[name] = t if found[name] is None else min(found[name], t)
    big = np.array([[1, 0], [10, 1]])
    return {"step_total_defined": found["defined"], "step_total_nan": found["nan"],
            "f_gap": float(proof_step_gap(big))}


# --------------------------------------------------------------------------- claim checks

_LAST: list = [None, None]  # the last stack evaluated and its metrics (one-entry cache)


def _six(C):
    """The six metrics of a stack (nan policy), computed once per stack."""
    if _LAST[0] is not C:
        _LAST[0], _LAST[1] = C, {name: f(C, **NAN) for name, f in SIX.items()}
    return _LAST[1]


def _defined(C):
    """True where every class occurs in the labels or the predictions (m_i > 0)."""
    return (np.maximum(C.sum(-1), C.sum(-2)) > 0).all(-1)


def _only_defined(gap):
    """A violation that is nan (does not apply) where some class term is undefined."""
    def violation(C):
        return np.where(_defined(C), gap(C, _six(C)), np.nan)
    return violation


def _hm(x, y):
    return 2 * x * y / np.where(x + y > 0, x + y, 1)


VIOLATIONS = {
    "IAM = 2 CBA - 1": _only_defined(lambda C, m: np.abs(m["IAM"] - (2 * m["CBA"] - 1))),
    "T1": _only_defined(lambda C, m: np.abs(m["IAM"]) - 1),
    "T2": _only_defined(lambda C, m: m["IAM"] - m["CBA"]),
    "T3 MAP": _only_defined(lambda C, m: m["IAM"] - m["MAP"]),
    "T3 MAR": _only_defined(lambda C, m: m["IAM"] - m["MAR"]),
    "T3 F": _only_defined(lambda C, m: m["IAM"] - m["F-score"]),
    "CBA below": _only_defined(
        lambda C, m: m["CBA"] - np.minimum(np.minimum(m["MAP"], m["MAR"]), m["F-score"])),
    "T3 step": _only_defined(lambda C, m: np.minimum(m["MAP"], m["MAR"]) - m["F-score"]),
    "HM": _only_defined(lambda C, m: m["IAM"] - _hm(m["MAP"], m["MAR"])),
    "T4": _only_defined(lambda C, m: m["IAM"] - m["ACC"]),
    "bound": _only_defined(
        lambda C, m: m["IAM"] - m["ACC"] - (1 - 4 / C.shape[-1]) * (1 - m["ACC"])),
}
"""Each statement as a violation (positive: the statement fails on that matrix by that much)."""

LABELS = {
    "IAM = 2 CBA - 1": r"$\mathrm{IAM} = 2\,\mathrm{CBA}-1$",
    "T1": r"T1: $-1 \le \mathrm{IAM} \le 1$",
    "T2": r"T2: $\mathrm{IAM} \le \mathrm{CBA}$",
    "T3 MAP": r"T3: $\mathrm{IAM} \le \mathrm{MAP}$",
    "T3 MAR": r"T3: $\mathrm{IAM} \le \mathrm{MAR}$",
    "T3 F": r"T3: $\mathrm{IAM} \le F$",
    "CBA below": r"ours (proof of T3): $\mathrm{CBA} \le \min(\mathrm{MAP}, \mathrm{MAR}, F)$",
    "T3 step": r"T3, proof step: $\min(\mathrm{MAP}, \mathrm{MAR}) \le F$",
    "HM": r"$\mathrm{IAM} \le$ harmonic mean of MAP, MAR",
    "T4": r"T4: $\mathrm{IAM} \le \mathrm{ACC}$",
    "bound": r"ours: $\mathrm{IAM} - \mathrm{ACC} \le (1-\frac4k)(1-\mathrm{ACC})$",
}
"""How the summary table names each statement."""


@cache
def search(ks=tuple(range(2, 11)), n_random: int = 5_000, maxiter: int = 10) -> dict:
    """Try to break every statement of :data:`VIOLATIONS` for each number of classes.

    For each ``k`` the battery is :func:`~imbalance_lib.book.properties.claim_battery`
    (``n_random`` random matrices; every 4x4 matrix with entries 0..1 added
    for ``k = 4``) together with
    :func:`~imbalance_lib.book.properties.concentrated_errors`, and
    :func:`~imbalance_lib.book.properties.check_claim` runs its optimiser
    (``maxiter`` generations) wherever the battery finds no violation. For
    Theorem 4 the battery and the optimiser (started from a perfect classifier)
    also run apart, for the figure.

    Returns
    -------
    dict with ``worst`` (``(claim, k) -> largest violation found``),
    ``battery`` and ``optimiser`` (the same for Theorem 4 alone), ``cases``
    (matrices of the batteries), ``empty`` (of them with an empty row or
    column) and ``undefined`` (of them with an undefined class term, skipped).
    """
    from imbalance_lib.book.properties import check_claim, claim_battery, concentrated_errors

    found = {"worst": {}, "battery": {}, "optimiser": {}, "cases": 0, "empty": 0,
             "undefined": 0}
    for k in ks:
        B = np.concatenate([claim_battery(k, n_random, seed=k, entry_max=1 if k == 4 else None),
                            concentrated_errors(k, seed=k)])
        rows, cols = B.sum(-1), B.sum(-2)
        found["cases"] += len(B)
        found["empty"] += int(((rows == 0) | (cols == 0)).any(-1).sum())
        found["undefined"] += int((~_defined(B)).sum())
        for name, v in VIOLATIONS.items():
            if name == "T4":
                b = check_claim(v, k=k, claim=name, battery=B, optimise=False).worst
                o = check_claim(v, k=k, claim=name, battery=np.eye(k)[None], seed=k,
                                maxiter=maxiter).worst
                found["battery"][k], found["optimiser"][k] = b, o
                found["worst"][name, k] = max(b, o)
            else:
                found["worst"][name, k] = check_claim(v, k=k, claim=name, battery=B, seed=k,
                                                      maxiter=maxiter).worst
    _LAST[0] = _LAST[1] = None
    return found


def _worst(found, claim, k):
    return found["worst"][claim, k]


def search_summary(found) -> pd.DataFrame:
    """One row per statement: the numbers of classes with a violation and the largest."""
    ks = sorted(found["battery"])
    summary = {}
    for claim, label in LABELS.items():
        v = pd.Series({k: _worst(found, claim, k) for k in ks})
        bad = v[v > 1e-9]
        contiguous = len(bad) and bad.index.max() - bad.index.min() + 1 == len(bad)
        summary[label] = {
            "k with a violation": (f"{bad.index.min()}-{bad.index.max()}" if contiguous
                                   else ", ".join(map(str, bad.index)) or "none"),
            "largest violation found": (f"{bad.max():.3f} (k = {bad.idxmax()})"
                                        if len(bad) else "·"),
        }
    return pd.DataFrame(summary).T


def search_findings(found) -> dict:
    """What the prose says about the searches: which statements fail, for which k."""
    ks = sorted(found["battery"])
    bad = {c: [k for k in ks if _worst(found, c, k) > 1e-9] for c in VIOLATIONS}
    t4 = bad["T4"]
    return {
        "battery_n": f"{found['cases']:,}", "battery_empty": f"{found['empty']:,}",
        "battery_undefined": f"{found['undefined']:,}",
        "k_min": min(ks), "k_max": max(ks),
        "violated_claims": sum(bool(v) for v in bad.values()),
        "violated_names": ", ".join(c for c, v in bad.items() if v),
        "step_fails_every_k": bad["T3 step"] == ks,
        "t4_first_k": min(t4) if t4 else 0,
        "t4_fails_from_first_k": bool(t4) and t4 == [k for k in ks if k >= min(t4)],
        "t4_excess_grows": bool(t4) and bool(np.all(np.diff(
            [_worst(found, "T4", k) for k in t4]) > 0)),
        # the supremum 1 - 4/k is positive for k >= 5; for k <= 4 it is 0 and attained
        "t4_above_sup": max(_worst(found, "T4", k) - (1 - 4 / k) for k in ks if k > 4),
        "t4_closest": min((1 - 4 / k) - _worst(found, "T4", k) for k in t4) if t4 else 1.0,
        "t4_opt_ks": ", ".join(str(k) for k in ks if found["optimiser"][k] > 1e-9) or "none",
        "t4_opt_n": sum(found["optimiser"][k] > 1e-9 for k in ks),
        "t4_opt_below_five": sum(found["optimiser"][k] > 1e-9 for k in ks if k < 5),
        "step_max": max(_worst(found, "T3 step", k) for k in ks),
        "bound_violated": bool(bad["bound"]),
        "identity_violated": bool(bad["IAM = 2 CBA - 1"]),
    }


def thm4_figure(found):
    """Largest IAM - ACC found by each search for each k, against the supremum max(0, 1 - 4/k)."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import PALETTE

    ks = np.array(sorted(found["battery"]))
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    kk = np.linspace(ks.min(), ks.max(), 200)
    ax.plot(kk, np.maximum(0, 1 - 4 / kk), color="0.3", lw=1.5,
            label=r"supremum $\max(0,\ 1-4/k)$")
    ax.plot(ks, [found["battery"][k] for k in ks], "o", color=PALETTE["blue"],
            label="battery (integer, random, structured extremes)")
    ax.plot(ks, [found["optimiser"][k] for k in ks], "s", mfc="none", ms=9,
            color=PALETTE["vermillion"], label="differential evolution")
    ax.axhline(0, color="0.6", lw=0.8, ls="--")
    ax.set_xlabel("number of classes $k$")
    ax.set_ylabel("largest IAM $-$ ACC found")
    ax.legend(frameon=False, loc="upper left")
    fig.tight_layout()
    plt.close(fig)
    return fig


# --------------------------------------------------------------------------- theorem 4


def binary_proof_steps(C) -> pd.DataFrame:
    """Each step of the document's binary proof of Theorem 4, on a stack of 2x2 matrices.

    The matrices are relabelled so that c12 >= c21 (the document's "without loss
    of generality"); the table counts the matrices on which each step holds.
    """
    C = np.array(C, float)
    swap = C[:, 0, 1] < C[:, 1, 0]
    C[swap] = C[swap][:, ::-1, ::-1]
    # the document's c_ij is C[:, i-1, j-1]
    c11, c12, c21, c22 = C[:, 0, 0], C[:, 0, 1], C[:, 1, 0], C[:, 1, 1]
    n, acc, eps = C.sum((1, 2)), il.accuracy(C), 1e-12
    with np.errstate(all="ignore"):
        term1, term2 = (c11 - c12) / (c11 + c12), (c22 - c12) / (c22 + c12)
    steps = {
        "IAM formula under c12 >= c21": np.isclose(il.iam(C), (term1 + term2) / 2),
        "Prop. 1, class 1": term1 <= (c11 - c12 + c21 + c22) / n + eps,
        "Prop. 1, class 2": term2 <= (c22 - c12 + c11 + c21) / n + eps,
        "last step: (D - (c12 - c21))/n <= ACC": (c11 + c22 - (c12 - c21)) / n <= acc + eps,
    }
    holds = {name: f"{int(s.sum()):,} of {len(C):,}" for name, s in steps.items()}
    return pd.Series(holds, name="binary matrices where the step holds").to_frame()


def binary_battery() -> np.ndarray:
    """Every 2x2 integer matrix with entries 0..12 and both classes present in its margins."""
    from imbalance_lib.book.properties import integer_matrices

    C = integer_matrices(2, 12)
    return C[_defined(C)]


def balanced_case() -> tuple[np.ndarray, dict]:
    """A 5x5 matrix with balanced margins on which the bound (19) of case 1 says nothing.

    Classes 0 and 1 are swapped 7 times each, three singletons are right.
    Returns the matrix and ``bal_acc``, ``bal_iam``, ``bal_bound`` (the bound
    (D + (1 - 2/k) O) / n that the document's case 1 reaches).
    """
    C = np.zeros((5, 5))
    C[0, 1] = C[1, 0] = 7
    C[[2, 3, 4], [2, 3, 4]] = 1
    D, n = np.trace(C), C.sum()
    bound = (D + (1 - 2 / 5) * (n - D)) / n
    return C, {"bal_acc": float(il.accuracy(C)), "bal_iam": float(il.iam(C)),
               "bal_bound": float(bound), "bal_margins_equal": bool(
                   (C.sum(0) == C.sum(1)).all())}


def counterexample_c5() -> np.ndarray:
    """The 5x5 counterexample to Theorem 4: classes 0 and 1 confused (7 and 6), three singletons right."""
    C = np.zeros((5, 5))
    C[0, 1], C[1, 0] = 7, 6
    C[[2, 3, 4], [2, 3, 4]] = 1
    return C


def table13_case() -> tuple[np.ndarray, dict]:
    """Table 13's ten classes, with 600 of the 1000 samples of class 1 predicted as class 2."""
    counts = np.array(pub.CLASS_DISTRIBUTIONS["Table 13"])
    C = np.diag(counts).astype(float)
    C[0, 0], C[0, 1] = counts[0] - 600, 600
    return C, {"t13_acc": float(il.accuracy(C)), "t13_iam": float(il.iam(C)),
               "t13_cba": float(il.cba(C)), "t13_first": int(counts[0]), "t13_moved": 600}


def sixclass_exercise(t: int = 200) -> tuple[np.ndarray, dict]:
    """The extremal family for k = 6: ``t`` samples of class 0 predicted as 1, four singletons right."""
    C = np.zeros((6, 6))
    C[0, 1] = t
    C[[2, 3, 4, 5], [2, 3, 4, 5]] = 1
    return C, {"ex_six_excess": float(il.iam(C) - il.accuracy(C))}


def sign_table() -> tuple[pd.DataFrame, dict]:
    """Right and wrong predictions, ACC, CBA and IAM of C5 and of C_-.

    C_- is a class of 100 samples, always right, next to four single samples
    all predicted as class 0.
    """
    C5 = counterexample_c5()
    C_neg = np.zeros((5, 5))
    C_neg[0, 0] = 100
    C_neg[1:, 0] = 1
    pair = np.stack([C5, C_neg])
    right = np.trace(pair, axis1=1, axis2=2)
    signs = pd.DataFrame({"right": right, "wrong": pair.sum((1, 2)) - right,
                          "ACC": il.accuracy(pair), "CBA": il.cba(pair),
                          "IAM": il.iam(pair)}, index=["C5", "C_-"])
    return signs, {
        "sign_c5_iam": float(signs.loc["C5", "IAM"]),
        "sign_c5_wrong": int(signs.loc["C5", "wrong"]), "sign_c5_n": int(C5.sum()),
        "sign_neg_iam": float(signs.loc["C_-", "IAM"]),
        "sign_neg_right": int(signs.loc["C_-", "right"]), "sign_neg_n": int(C_neg.sum()),
        "c5_n": int(C5.sum()), "c5_right": int(right[0]),
    }


# --------------------------------------------------------------------------- examples 1-3

EXAMPLES = ("CM1", "CM2", "CM3", "CM4")


def example_metrics() -> pd.DataFrame:
    """The six metrics of the document's four example matrices, one row each."""
    ex = pd.concat([metrics(np.array(pub.CONFUSION_MATRICES[name])) for name in EXAMPLES])
    return ex.set_axis(list(EXAMPLES))


def example_comparisons(ex) -> list:
    """Tables 2, 3, 5, 6 and 9 beside our values (three Stylers, each with its own id)."""
    from imbalance_lib.book import tables

    where, out = "Mortaz's Tables 2, 3, 5, 6", []
    for cols, uid in ((["ACC", "CBA"], "acc-cba"), (["MAP", "MAR", "F-score"], "map-mar-f")):
        out.append(tables.side_by_side(
            pub.EXAMPLE_METRICS, ex[cols], show_diff=True, uuid=f"cmp-mortaz-ex-{uid}",
            caption=f"{where}: {', '.join(cols)}, published, ours and ours minus published."))
    out.append(tables.side_by_side(
        pub.TABLE9, ex[["IAM"]], show_diff=True, uuid="cmp-mortaz-ex-iam",
        caption="Mortaz's Table 9: IAM, published, ours and ours minus published."))
    return out


def _truncate(x, decimals):
    """Cut towards zero; the 1e-6 guard keeps an exact 0.58 from becoming 0.57."""
    scale = 10.0 ** decimals
    return np.trunc(x * scale + np.sign(x) * 1e-6) / scale


_VERDICT = {(True, True): "both", (True, False): "rounding only",
            (False, True): "truncation only", (False, False): "neither"}


def rounding_conventions(ex) -> tuple[pd.DataFrame, dict]:
    """Each published example number, and whether rounding or truncation of ours gives it.

    Returns the rows that do not match under both conventions, and the counts
    ``conv_n``, ``conv_both``, ``conv_rounding``, ``conv_truncation``, ``conv_neither``.
    """
    rows = []
    for table in (pub.EXAMPLE_METRICS, pub.TABLE9):
        for r in table.rows:
            for c in table.columns:
                p, dec, v = table.value(r, c), table.decimals(r, c), float(ex.loc[r, c])
                rounded, truncated = round(v, dec), _truncate(v, dec)
                agrees = (abs(rounded - p) < 1e-9, abs(truncated - p) < 1e-9)
                rows.append({"matrix": r, "metric": c, "ours": f"{v:.5f}",
                             "published": f"{p:.{dec}f}", "rounded": f"{rounded:.{dec}f}",
                             "truncated": f"{truncated:.{dec}f}",
                             "agrees under": _VERDICT[agrees]})
    conv = pd.DataFrame(rows)
    counts = conv["agrees under"].value_counts()
    f = {"conv_n": len(conv)}
    for key in _VERDICT.values():
        f[f"conv_{key.split()[0]}"] = int(counts.get(key, 0))
    only = conv[conv["agrees under"].isin(["truncation only", "rounding only"])]
    for kind in ("truncation", "rounding"):
        part = only[only["agrees under"] == f"{kind} only"]
        f[f"conv_{kind}_cells"] = ", ".join(f"{m} of {r}" for r, m in
                                           zip(part["matrix"], part["metric"]))
    f["iam_cm3_pub"] = float(pub.TABLE9.value("CM3", "IAM"))
    f["iam_cm4_pub"] = float(pub.TABLE9.value("CM4", "IAM"))
    return conv[conv["agrees under"] != "both"].set_index("matrix"), f


def example_selections(ex) -> tuple[pd.DataFrame, dict]:
    """What the max-min rule and IAM pick in Examples 1 and 2."""
    named = ex.set_axis(["ML1", "ML2", "ML3", "ML4"])
    pairs = {"Example 1 (ML1 vs ML2)": named.iloc[:2],
             "Example 2 (ML3 vs ML4)": named.iloc[2:]}
    sel = pd.DataFrame({
        name: {"max-min of the five": select_max_min(pair, list(FIVE)),
               "IAM": select_best(pair, "IAM")}
        for name, pair in pairs.items()}).map(", ".join)
    acc3, cba4 = (pub.EXAMPLE_METRICS.value("CM3", "ACC"),
                  pub.EXAMPLE_METRICS.value("CM4", "CBA"))  # the printed minima
    return sel, {"ex1_maxmin": sel.iloc[0, 0], "ex1_iam": sel.iloc[1, 0],
                 "ex2_maxmin": sel.iloc[0, 1], "ex2_iam": sel.iloc[1, 1],
                 "ex2_tie": float(acc3), "ex2_tie_holds": bool(acc3 == cba4),
                 "ex2_cm3_acc_below_cba": bool(named.loc["ML3", "ACC"] < named.loc["ML3", "CBA"])}


def table8_checks() -> tuple[pd.DataFrame, dict]:
    """Example 3: can the printed IAM (Table 10) equal 2 CBA - 1 for the printed CBA (Table 8)?

    A CBA printed as c with two decimals lies in [c - 0.005, c + 0.005), so
    2 CBA - 1 lies in an interval of width 0.02; a printed IAM i is possible if
    [i - 0.005, i + 0.005) meets it.
    """
    t8, t10 = pub.TABLE8.frame(), pub.TABLE10.frame()
    h = 0.005
    lo, hi = 2 * (t8["CBA"] - h) - 1, 2 * (t8["CBA"] + h) - 1
    possible = (lo - h <= t10["IAM"]) & (t10["IAM"] < hi + h)
    checks = pd.DataFrame({
        "CBA (Table 8)": t8["CBA"],
        "2 CBA - 1 lies in": [f"[{a:.2f}, {b:.2f})" for a, b in zip(lo, hi)],
        "IAM (Table 10)": t10["IAM"],
        "IAM = 2 CBA - 1 possible": possible,
        "CBA <= MAP, MAR, F": t8["CBA"] <= t8[["MAP", "MAR", "F-score"]].min(axis=1),
    })
    # the CBA values of ML6 compatible with both printed numbers
    ml6_lo = max(t8.loc["ML6", "CBA"] - h, (t10.loc["ML6", "IAM"] - h + 1) / 2)
    ml6_hi = min(t8.loc["ML6", "CBA"] + h, (t10.loc["ML6", "IAM"] + h + 1) / 2)
    return checks, {
        "t8_width": float(2 * 2 * h), "t8_cba_below_all": bool(checks.iloc[:, -1].all()),
        "t8_consistent": ", ".join(checks.index[possible]),
        "t8_inconsistent": ", ".join(checks.index[~possible]),
        "ml6_iam": float(t10.loc["ML6", "IAM"]), "ml6_cba": float(t8.loc["ML6", "CBA"]),
        "ml7_iam": float(t10.loc["ML7", "IAM"]), "ml7_cba_pub": float(t8.loc["ML7", "CBA"]),
        "ml7_cba": float(0.5 * (t10.loc["ML7", "IAM"] + 1)),
        "ml6_lo": float(ml6_lo), "ml6_hi": float(ml6_hi),
        "ml6_iam_lo_print": float(np.round(2 * (ml6_lo - 1e-4) - 1, 2)),
        "ml6_iam_hi_print": float(np.round(2 * (ml6_lo + 1e-4) - 1, 2)),
        "t8_maxmin": ", ".join(select_max_min(t8, list(FIVE))),
        "t8_cba": ", ".join(select_best(t8, "CBA")),
        "t10_iam": ", ".join(select_best(t10, "IAM")),
        "ml7_last": bool(t8["CBA"].idxmin() == "ML7" and t10["IAM"].idxmin() == "ML7"),
        **_three_decimals(t8, t10, h),
    }


def _round_half_up(x, decimals=3):
    return float(round_half_up(x, decimals))


def _three_decimals(t8, t10, h) -> dict:
    """The CBA of ML5 and ML6 compatible with both printed numbers, printed with three decimals.

    ``ml5_cba3_hi`` is the largest three-decimal print of ML5's interval,
    ``ml6_cba3_lo`` the smallest of ML6's (rounding half up).
    """
    lo, hi = {}, {}
    for m in ("ML5", "ML6"):
        lo[m] = max(t8.loc[m, "CBA"] - h, (t10.loc[m, "IAM"] - h + 1) / 2)
        hi[m] = min(t8.loc[m, "CBA"] + h, (t10.loc[m, "IAM"] + h + 1) / 2)
    return {"ml5_cba3_hi": _round_half_up(hi["ML5"] - 1e-7),
            "ml6_cba3_lo": _round_half_up(lo["ML6"]),
            "ml5_cba3_lo": _round_half_up(lo["ML5"]),
            "ml6_cba3_hi": _round_half_up(hi["ML6"] - 1e-7)}


# --------------------------------------------------------------------------- figures 1-4

SWEEP_TABLES = ("Table 11", "Table 12", "Table 13", "Table 14")
DEPTHS = np.arange(1, 13)
"""Tree depths of the sweeps."""

CAP = 10_000
"""Largest training sample of a class; a larger class is subsampled and weighted."""


def depth_sweep(table: str, delta: float, depths=DEPTHS, cap: int = CAP, seed: int = 0):
    """Test-set confusion matrices (and AUC if binary) of decision trees of each depth.

    Training and test samples are unit-variance Gaussian classes with exactly
    the counts of ``table`` (:func:`~imbalance_lib.book.datasets.gaussian_circle`),
    neighbouring means ``delta`` apart; a class larger than ``cap`` is represented
    in training by ``cap`` draws, each weighted so that the class keeps its weight.
    """
    from sklearn.metrics import roc_auc_score
    from sklearn.tree import DecisionTreeClassifier

    from imbalance_lib.book.datasets import gaussian_circle

    rng = np.random.default_rng(seed)
    counts = np.array(pub.CLASS_DISTRIBUTIONS[table])
    train_counts = np.minimum(counts, cap)
    X, y = gaussian_circle(train_counts, delta, rng)
    weight = (counts / train_counts)[y]
    X_test, y_test = gaussian_circle(counts, delta, rng)
    cms, aucs = [], []
    labels = np.arange(len(counts))
    for depth in depths:
        tree = DecisionTreeClassifier(max_depth=depth, random_state=0)
        tree.fit(X, y, sample_weight=weight)
        cms.append(il.confusion_matrix(y_test, tree.predict(X_test), labels=labels))
        if len(counts) == 2:
            aucs.append(roc_auc_score(y_test, tree.predict_proba(X_test)[:, 1]))
    return np.array(cms), np.array(aucs)


@cache
def sweeps(delta: float = 3.0, delta_skewed: float = 5.0) -> dict:
    """The four sweeps: ``table -> (matrices, AUCs)``; Table 12 uses ``delta_skewed``."""
    return {t: depth_sweep(t, delta_skewed if t == "Table 12" else delta)
            for t in SWEEP_TABLES}


def sweep_figure(sw):
    """ACC, CBA and IAM (and AUC in the binary panel) against tree depth, one panel per table."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import PALETTE

    titles = {"Table 11": "Fig. 1: balanced, 3 x 100",
              "Table 12": "Fig. 2: 1,000,000 / 100 / 100",
              "Table 13": "Fig. 3: 10 classes, 1000 ... 2",
              "Table 14": "Fig. 4: binary, 5200 / 4800"}
    style = {"ACC": (PALETTE["blue"], "-", "o"), "CBA": (PALETTE["green"], "--", "s"),
             "IAM": (PALETTE["vermillion"], "-.", "^"), "AUC": (PALETTE["purple"], ":", "D")}
    fig, axes = plt.subplots(2, 2, figsize=(9, 6.8), sharex=True)
    for ax, (table, (cms, aucs)) in zip(axes.ravel(), sw.items()):
        values = {name: SIX[name](cms, **NAN) for name in ("ACC", "CBA", "IAM")}
        if len(aucs):
            values["AUC"] = aucs
        for name, v in values.items():
            colour, ls, marker = style[name]
            ax.plot(DEPTHS, v, color=colour, ls=ls, marker=marker, ms=4, label=name)
        ax.axhline(0, color="0.7", lw=0.8)
        ax.set_title(titles[table])
        ax.set_ylim(-1.05, 1.05)
        ax.grid(alpha=0.3)
    for ax in axes[1]:
        ax.set_xlabel("tree depth (max_depth)")
    for ax in axes[:, 0]:
        ax.set_ylabel("metric value")
    axes[1, 1].legend(frameon=False, loc="lower right", ncol=2)
    axes[0, 0].legend(frameon=False, loc="lower right", ncol=3)
    fig.tight_layout()
    plt.close(fig)
    return fig


SKEW_SEEDS = (0, 1, 2)
"""Data seeds of the Fig. 2 sweep whose IAM and ACC spans the prose compares."""


@cache
def skew_spans(seeds=SKEW_SEEDS, delta: float = 5.0) -> pd.DataFrame:
    """Span (max - min over depths) of ACC and IAM in the Fig. 2 sweep, one row per data seed."""
    rows = {}
    for seed in seeds:
        cms, _ = depth_sweep("Table 12", delta, seed=seed)
        rows[seed] = {"ACC": float(np.ptp(il.accuracy(cms))),
                      "IAM": float(np.ptp(il.iam(cms, **NAN)))}
    return pd.DataFrame(rows).T


FLAT = 3
"""Fig. 4: the shallow trees (depths 1..FLAT) over which the prose compares IAM and AUC."""


def sweep_findings(sw) -> dict:
    """What the prose says about each panel of the sweeps."""
    f = {}
    bal = sw["Table 11"][0]
    f["f1_gap"] = float((il.iam(bal, **NAN) - (2 * il.accuracy(bal) - 1)).max())
    cms12 = sw["Table 12"][0]
    f["f2_acc_span"] = float(np.ptp(il.accuracy(cms12)))
    f["f2_iam_span"] = float(np.ptp(il.iam(cms12, **NAN)))
    f["f2_cba_span"] = float(np.ptp(il.cba(cms12, **NAN)))
    cms13 = sw["Table 13"][0]
    f["f3_iam_min"] = float(il.iam(cms13, **NAN).min())
    f["f3_iam_max"] = float(il.iam(cms13, **NAN).max())
    f["f3_acc_span"] = float(np.ptp(il.accuracy(cms13)))
    cms14, auc14 = sw["Table 14"]
    f["f4_auc_min"], f["f4_auc_max"] = float(auc14.min()), float(auc14.max())
    f["f4_auc_best"] = int(DEPTHS[np.argmax(auc14)])
    f["f4_auc_last"] = float(auc14[-1])
    iam14 = il.iam(cms14)
    f["f4_iam_min"], f["f4_iam_max"] = float(iam14.min()), float(iam14.max())
    f["f4_flat"] = FLAT
    f["f4_flat_iam_span"] = float(np.ptp(iam14[:FLAT]))
    f["f4_flat_iam"] = float(iam14[0])
    f["f4_flat_auc_lo"], f["f4_flat_auc_hi"] = float(auc14[0]), float(auc14[FLAT - 1])
    f["f4_deep_iam_lo"] = float(iam14[FLAT:].min())
    f["f4_deep_iam_hi"] = float(iam14[FLAT:].max())
    f["f4_corr"] = float(np.corrcoef(iam14, auc14)[0, 1])
    spans = skew_spans()
    ratio = spans["IAM"] / spans["ACC"]
    f["f2_seeds"] = len(spans)
    f["f2_iam_span_lo"], f["f2_iam_span_hi"] = float(spans["IAM"].min()), float(spans["IAM"].max())
    f["f2_ratio_min"] = float(ratio.min())
    f["sweep_identity_gap"] = max(float(np.nanmax(np.abs(il.iam(c, **NAN)
                                                         - (2 * il.cba(c, **NAN) - 1))))
                                  for c, _ in sw.values())
    f["sweep_test_sizes"] = ", ".join(f"{int(c[0].sum()):,}" for c, _ in sw.values())
    return f


# --------------------------------------------------------------------------- tables 16 and 18

MODELS = list(pub.TABLE16.rows)
"""The 18 models in the order of Tables 16 and 18."""

GLASS_LABELS, SAT_LABELS = [1, 2, 3, 5, 6, 7], [1, 2, 3, 4, 5, 7]
"""The classes present in each data set (Glass has no type 4, Satimage no class 6)."""

REPEATS = 5
"""Repetitions of the Glass cross-validation (fold seed and model seed r = 0..4)."""

FOLDS = 5


def eighteen_models(seed: int, light: bool = False) -> dict:
    """Six classifiers, each plain, with random under- and over-sampling, as in Tables 16 and 18.

    ``light=True`` gives the lighter Satimage settings (50 trees; boosting and
    the network stop early on a validation split).
    """
    from imblearn.over_sampling import RandomOverSampler
    from imblearn.pipeline import make_pipeline
    from imblearn.under_sampling import RandomUnderSampler
    from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.neural_network import MLPClassifier
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import SVC

    if light:
        mlp = MLPClassifier((64,), early_stopping=True, max_iter=300, random_state=seed)
    else:
        mlp = MLPClassifier((64,), learning_rate_init=0.01, max_iter=2000, random_state=seed)
    bases = {
        "KNN": (True, KNeighborsClassifier(n_neighbors=5)),
        "LR": (True, LogisticRegression(tol=1e-10, max_iter=10000)),
        "SVM": (True, SVC()),
        "RF": (False, RandomForestClassifier(50 if light else 100, random_state=seed)),
        "ANN": (True, mlp),
        "GBM": (False, HistGradientBoostingClassifier(early_stopping=light,
                                                      random_state=seed)),
    }
    samplers = {"": None, "-RUS": RandomUnderSampler(random_state=seed),
                "-ROS": RandomOverSampler(random_state=seed)}
    models = {}
    for name, (scale, estimator) in bases.items():
        for suffix, sampler in samplers.items():
            steps = [sampler] if sampler else []
            steps += [StandardScaler()] if scale else []
            models[name + suffix] = make_pipeline(*steps, estimator)
    return models


def cross_validation(data, labels, seed: int, light: bool = False,
                     n_jobs: int = 2) -> np.ndarray:
    """Confusion matrices of one stratified 5-fold cross-validation: (18 models, 5 folds, k, k)."""
    from sklearn.model_selection import StratifiedKFold

    from imbalance_lib.book.experiments import evaluate_models

    cv = StratifiedKFold(FOLDS, shuffle=True, random_state=seed)
    return evaluate_models(eighteen_models(seed, light), data.data, data.target,
                           cv=cv, labels=labels, n_jobs=n_jobs)


@cache
def glass_run(repeats: int = REPEATS) -> np.ndarray:
    """Glass, ``repeats`` cross-validations: (models, repetitions, folds, k, k)."""
    from imbalance_lib.book.datasets import load_glass

    glass = load_glass()
    return np.stack([cross_validation(glass, GLASS_LABELS, r) for r in range(repeats)], axis=1)


@cache
def satimage_run() -> np.ndarray:
    """Satimage, one cross-validation (seed 0, lighter settings): (models, 1, folds, k, k)."""
    from imbalance_lib.book.datasets import load_satimage

    return cross_validation(load_satimage(), SAT_LABELS, 0, light=True)[:, None]


def measure_glass_picks(seeds=range(20), n_jobs: int = 1) -> dict:
    """Re-measure :data:`GLASS_PICKS_MEASURED`: one Glass cross-validation per seed.

    For each seed, the model picked by the max-min rule, by CBA and by IAM
    (ties joined by ", "), and the CBA of RF-ROS minus that of RF (4 decimals).
    Takes about ten seconds a seed on one core::

        python -c "from imbalance_lib.book.chapters import iam; print(iam.measure_glass_picks())"
    """
    from imbalance_lib.book.datasets import load_glass

    glass = load_glass()
    out = {}
    for r in seeds:
        cms = cross_validation(glass, GLASS_LABELS, r, n_jobs=n_jobs)[:, None]
        mean = pd.DataFrame({m: v.mean(axis=(1, 2)) for m, v in per_fold(cms).items()}, MODELS)
        picks = _picks(mean)
        lead = mean.loc["RF-ROS", "CBA"] - mean.loc["RF", "CBA"]
        out[r] = (picks["max-min of the five"], picks["CBA"], picks["IAM"],
                  round(float(lead), 4))
    return out


def measure_sat_iam(seeds=(1, 2), n_jobs: int = 1) -> dict:
    """Re-measure :data:`SAT_IAM_MEASURED`: Satimage's IAM per model for other fold seeds.

    For each seed, one cross-validation with the page's lighter settings; per
    model the mean IAM over the folds and two fold standard errors of that
    mean (4 decimals). About a minute a seed on one core.
    """
    from imbalance_lib.book.datasets import load_satimage

    sat = load_satimage()
    out = {}
    for r in seeds:
        per = il.iam(cross_validation(sat, SAT_LABELS, r, light=True, n_jobs=n_jobs), **NAN)
        se2 = 2 * per.std(axis=1, ddof=1) / np.sqrt(per.shape[1])
        out[r] = {m: (round(float(a), 4), round(float(b), 4))
                  for m, a, b in zip(MODELS, per.mean(axis=1), se2)}
    return out


def per_fold(cms) -> dict:
    """The six metrics, and MAP with a never-predicted class counted as 0, per fold."""
    values = {name: f(cms, **NAN) for name, f in SIX.items()}
    values["MAP (0)"] = il.macro_precision(cms, zero_division=0.0)
    return values


def summary(cms) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Means over all folds and repetitions, fold standard deviations, and standard errors.

    The standard error is that of ours minus published: two five-fold means
    with the same fold standard deviation (pooled over repetitions), ours
    averaged over all its repetitions.
    """
    values = per_fold(cms)
    mean = pd.DataFrame({m: v.mean(axis=(1, 2)) for m, v in values.items()}, MODELS)
    sd = pd.DataFrame({m: np.sqrt(v.var(axis=2, ddof=1).mean(axis=1))
                       for m, v in values.items()}, MODELS)
    se = sd * np.sqrt(1 / FOLDS + 1 / (FOLDS * cms.shape[1]))
    return mean, sd, se


GROUPS = {
    "ACC and CBA": [("ACC", "ACC", "ACC"), ("CBA", "CBA", "CBA")],
    "MAP": [("MAP, never-predicted = 0", "MAP (0)", "MAP"),
            ("MAP, never-predicted left out", "MAP", "MAP")],
    "MAR and F": [("MAR", "MAR", "MAR"), ("F", "F-score", "F-score")],
    "IAM": [("IAM", "IAM", "IAM")],
}
"""The metric groups of the gap tables: (label, our column, published column)."""

HIGHLIGHT = "background-color: #fdb863; font-weight: bold"  # colour-blind-safe orange


def gap_frame(table, mean, se) -> pd.DataFrame:
    """Ours minus published for every metric shown, its standard error, and the rule.

    One row per (model, metric label) with ``published``, ``ours``, ``diff``,
    ``se`` and ``beyond`` (|diff| > 2 se): the cells the gap tables highlight.
    """
    published = table.frame()
    parts = []
    for group in GROUPS.values():
        for label, ours, theirs in group:
            parts.append(pd.DataFrame({
                "model": MODELS, "metric": label, "published": published[theirs].to_numpy(),
                "ours": mean[ours].to_numpy(), "se": se[ours].to_numpy()}))
    g = pd.concat(parts, ignore_index=True)
    g["diff"] = g["ours"] - g["published"]
    g["beyond"] = g["diff"].abs() > 2 * g["se"]
    return g


def gap_table(gaps, group: str, name: str, uid: str):
    """One metric group of a gap table: published, ours, difference (SE), highlighted beyond 2 SE.

    ``uid`` becomes the table's HTML id, to which its highlighting CSS is
    keyed: it must be unique on the page.
    """
    labels = [label for label, _, _ in GROUPS[group]]
    cols, css = {}, {}
    for label in labels:
        g = gaps[gaps["metric"] == label].set_index("model").reindex(MODELS)
        cols[label, "published"] = g["published"].map("{:.3f}".format)
        cols[label, "ours"] = g["ours"].map("{:.3f}".format)
        key = (label, "difference (SE)")
        cols[key] = [f"{signed(d, 3)} ({s:.3f})" for d, s in zip(g["diff"], g["se"])]
        css[key] = np.where(g["beyond"], HIGHLIGHT, "")
    frame = pd.DataFrame(cols, index=pd.Index(MODELS, name="model"))
    styles = pd.DataFrame("", index=frame.index, columns=frame.columns)
    for key, values in css.items():
        styles[key] = values
    return (frame.style.set_uuid(uid).apply(lambda _: styles, axis=None)
            .set_caption(f"Mortaz's {name}: {group}, published and ours; highlighted where "
                         "the difference exceeds two standard errors.")
            .set_table_styles([{"selector": "td, th",
                                "props": "padding: 0.1em 0.6em; text-align: right;"}]))


def gap_tables(gaps, name: str, key: str) -> list:
    """The four metric groups of one data set's gap table, ids ``iam-gap-<key>-<group>``."""
    return [gap_table(gaps, group, name, f"iam-gap-{key}-{group.split()[0].lower()}")
            for group in GROUPS]


def gap_findings(key: str, gaps, mean, se, table) -> dict:
    """What the prose says about one data set's gaps (prefix ``key``: glass or sat)."""
    published = table.frame()
    cba_gap = mean["CBA"] - published["CBA"]
    worst = cba_gap.abs().idxmax()
    from scipy.stats import spearmanr

    return {
        f"{key}_cells": len(gaps), f"{key}_beyond": int(gaps["beyond"].sum()),
        f"{key}_beyond_2se": int(round(100 * gaps["beyond"].mean())),
        f"{key}_cba_gap_median": round(float(cba_gap.abs().median()), 3),
        f"{key}_cba_se_median": round(float(se["CBA"].median()), 3),
        f"{key}_cba_rho": round(float(spearmanr(mean["CBA"], published["CBA"]).statistic), 2),
        f"{key}_worst": worst,
        f"{key}_worst_ours": round(float(mean.loc[worst, "CBA"]), 3),
        f"{key}_worst_pub": round(float(published.loc[worst, "CBA"]), 3),
        f"{key}_below": int((cba_gap < 0).sum()), f"{key}_above": int((cba_gap > 0).sum()),
        f"{key}_se_max": round(float(gaps["se"].max()), 3),
        f"{key}_order_same": bool((mean["IAM"].rank() == mean["CBA"].rank()).all()),
    }


RULES = {"max-min of the five": lambda m: select_max_min(m, list(FIVE)),
         "CBA": lambda m: select_best(m, "CBA"),
         "IAM": lambda m: select_best(m, "IAM")}
"""The three selection rules compared on the tables."""


def _picks(mean) -> dict:
    return {rule: ", ".join(pick(mean)) for rule, pick in RULES.items()}


def picks_by_seed(cms, mean) -> pd.DataFrame:
    """The model(s) each rule picks in each repetition, over all, and in Table 16."""
    values = per_fold(cms)
    by_seed = pd.DataFrame({
        f"seed {r}": _picks(pd.DataFrame({m: v[:, r].mean(axis=1) for m, v in values.items()},
                                         MODELS))
        for r in range(cms.shape[1])})
    by_seed["all five"] = _picks(mean)
    by_seed["Table 16"] = _picks(pub.TABLE16.frame())
    return by_seed


def consistency(table) -> pd.DataFrame:
    """Is a published IAM equal to 2 CBA - 1 (within rounding), and possible at all?

    ``impossible``: IAM above 2 min(MAP, MAR, F) - 1, which no confusion
    matrices with the published MAP, MAR and F allow; ``inconsistent``:
    IAM - (2 CBA - 1) beyond the rounding of both (3 half-units of the last decimal).
    """
    f = table.frame()
    delta = f["IAM"] - (2 * f["CBA"] - 1)
    ceiling = 2 * f[["MAP", "MAR", "F-score"]].min(axis=1) - 1
    slack = 3 * ROUNDING
    status = np.where(f["IAM"] > ceiling + slack, "impossible",
                      np.where(delta.abs() > slack, "inconsistent", "consistent"))
    # + 0.0: no "-0.000" where the difference rounds to zero
    return pd.DataFrame({"IAM - (2 CBA - 1)": delta.round(3) + 0.0, "status": status})


def consistency_findings(cons, key: str) -> dict:
    """Counts and ranges of the published IAM - (2 CBA - 1) for one table."""
    s, d = cons["status"], cons["IAM - (2 CBA - 1)"]
    bad = s != "consistent"
    return {f"{key}_bad": int(bad.sum()), f"{key}_impossible": int((s == "impossible").sum()),
            f"{key}_dmin": float(d.min()), f"{key}_dmax": float(d.max()),
            f"{key}_dbad": float(d[bad].abs().min()) if bad.any() else 0.0,
            f"{key}_rows": len(cons)}


def _span(values):
    return f"{signed(np.min(values), 3)} to {signed(np.max(values), 3)}"


def candidate_effects(cms) -> tuple[dict, dict]:
    """Size of IAM - (2 CBA - 1) that each hypothesis would produce on our fold matrices.

    Returns the table column (text) and the numbers behind it.
    """
    k = cms.shape[-1]
    per = il.iam(cms, **NAN)  # (models, repetitions, folds)
    iam = per.mean(axis=(1, 2))
    pooled = il.iam(cms.sum(axis=2), **NAN).mean(axis=1)  # IAM of summed folds
    se = per.std(axis=2, ddof=1).max(axis=1) / np.sqrt(cms.shape[2])
    absent = int((cms.sum(axis=-1) == 0).sum())  # (model, run, fold, class) empty
    text = {
        "empty class in both means, z = 0": f"{1 / (k + 1):+.3f} for every model",
        "IAM over k + 1 classes (z = 0), CBA over k": _span(-iam / (k + 1)),
        "IAM of pooled folds, CBA averaged": _span(pooled - iam),
        "another CV run (2 SE of a difference of two runs)":
            f"up to ±{2 * np.sqrt(2) * se.max():.3f}",
        "a class absent from a test fold": f"{absent} cases (stratified folds)",
    }
    return text, {"pooled": float(np.abs(pooled - iam).max()),
                  "run": float(2 * np.sqrt(2) * se.max()),
                  "absent": absent}


def sat_row_effects(sat, cons, measured=None) -> dict:
    """Row by row on Satimage: can pooling or another run explain a published IAM - (2 CBA - 1)?

    For each row whose published difference is beyond rounding: two standard
    errors of the difference between two runs (sqrt(2) times the fold standard
    error of our IAM) and the shift from pooling the folds, against the
    published difference of that row.
    """
    per = il.iam(sat, **NAN)[:, 0]  # (models, folds)
    se = per.std(axis=1, ddof=1) / np.sqrt(per.shape[1])
    run = 2 * np.sqrt(2) * se
    pooled = np.abs(il.iam(sat.sum(axis=2), **NAN)[:, 0] - per.mean(axis=1))
    bad = (cons["status"] != "consistent").to_numpy()
    gap = cons["IAM - (2 CBA - 1)"].abs().to_numpy()
    noise = np.maximum(run, pooled)
    measured = SAT_IAM_MEASURED if measured is None else measured
    seeds = {0: {m: (round(float(a), 4), round(float(2 * b), 4))
                 for m, a, b in zip(MODELS, per.mean(axis=1), se)}, **measured}
    rows = [m for m, b in zip(MODELS, bad) if b]
    iam_by_seed = np.array([[seeds[r][m][0] for m in rows] for r in seeds])
    se2_by_seed = np.array([[seeds[r][m][1] for m in rows] for r in seeds])
    extra = {"sat_seeds_n": len(seeds),
             "sat_seeds": ", ".join(map(str, seeds)),
             "sat_seed_move_max": round(float(np.ptp(iam_by_seed, axis=0).max()), 3),
             "sat_seed_run_max": round(float(np.sqrt(2) * se2_by_seed.max()), 3)}
    return {**extra, "sat_run_max": round(float(run[bad].max()), 3),
            "sat_pool_max": round(float(pooled[bad].max()), 3),
            "sat_gap_min": round(float(gap[bad].min()), 3),
            "sat_rows_noise_reaches": int((noise[bad] >= gap[bad]).sum()),
            "sat_row_ratio_min": round(float((gap[bad] / noise[bad]).min()), 1)}


def candidate_signs(cons) -> dict:
    """The candidate "IAM over k + 1 classes (z = 0), CBA over k" against the published rows.

    If every row had IAM = 2 CBA - 1 over the present classes, averaging IAM over
    one more class (counting 0) would give IAM - (2 CBA - 1) = -(2 CBA - 1)/(k + 1),
    from the published CBA. Counts the rows beyond rounding whose sign it matches,
    and the consistent rows it would move beyond rounding.
    """
    out = {}
    for key, part, table in (("glass", "Glass (Table 16)", pub.TABLE16),
                             ("sat", "Satimage (Table 18)", pub.TABLE18)):
        c = cons[part]
        pred = -(2 * table.frame()["CBA"] - 1) / (len(GLASS_LABELS) + 1)
        bad = (c["status"] != "consistent").to_numpy()
        same = np.sign(pred.to_numpy()) == np.sign(c["IAM - (2 CBA - 1)"].to_numpy())
        moves = pred.abs().to_numpy() > 3 * ROUNDING
        out.update({f"cand_{key}_match": int((same & bad).sum()),
                    f"cand_{key}_bad": int(bad.sum()),
                    f"cand_{key}_moves": int((moves & ~bad).sum()),
                    f"cand_{key}_ok": int((~bad).sum()),
                    f"cand_{key}_both_signs": bool((pred > 3 * ROUNDING).any()
                                                   and (pred < -3 * ROUNDING).any())})
    return out


def impossible_step(cons) -> dict:
    """Why the impossible Satimage rows stay impossible if the empty class 6 counted 0.

    Counting class 6 as 0 in every metric adds 1/7 to IAM - (2 CBA - 1), so the
    ceiling IAM <= 2 min(MAP, MAR, F) - 1 could fail by up to 1/7; but it also
    caps MAP, MAR and CBA at 6/7. Returns the excess of the impossible rows over
    the ceiling and the smallest larger-of-MAP-and-MAR among them.
    """
    t = pub.TABLE18.frame()
    imp = (cons["status"] == "impossible").to_numpy()
    ceiling = 2 * t[["MAP", "MAR", "F-score"]].min(axis=1) - 1
    excess = (t["IAM"] - ceiling)[imp]
    k = len(SAT_LABELS)
    return {"imp_excess_lo": round(float(excess.min()), 3),
            "imp_excess_hi": round(float(excess.max()), 3),
            "imp_cap": round(k / (k + 1), 3),
            "imp_map_mar_min": round(float(t[["MAP", "MAR"]].max(axis=1)[imp].min()), 3),
            "imp_excess_below_shift": bool(excess.max() < 1 / (k + 1)),
            "imp_all_above_cap": bool((t[["MAP", "MAR"]].max(axis=1)[imp] > k / (k + 1)).all())}


def _seven_class_means(cms, convention) -> dict:
    """The five and IAM of each fold with Glass type 4 inserted as an empty class.

    ``convention``: "nan" (the empty class left out), "zero" (every undefined
    term 0, seven classes) or "minus one" (as "zero", but the empty class counts
    -1 in IAM).
    """
    cm7 = np.insert(np.insert(cms, 3, 0, axis=-1), 3, 0, axis=-2)
    z = {"nan": NAN, "zero": {"zero_division": 0.0}, "minus one": {"zero_division": 0.0}}
    v = {name: f(cm7, **z[convention]) for name, f in FIVE.items()}
    v["IAM"] = il.iam(cm7, **(NAN if convention == "nan" else
                              {"zero_division": -1.0 if convention == "minus one" else 0.0}))
    return v


def empty_class_picks(cms) -> dict:
    """Does the empty-class convention change any pick of the three rules, over all 18 models?

    Picks in every repetition and over all repetitions, under the three
    conventions of :func:`_seven_class_means`.
    """
    picks = {}
    for conv in ("nan", "zero", "minus one"):
        v = _seven_class_means(cms, conv)
        means = [pd.DataFrame({m: x.mean(axis=(1, 2)) for m, x in v.items()}, MODELS)]
        means += [pd.DataFrame({m: x[:, r].mean(axis=1) for m, x in v.items()}, MODELS)
                  for r in range(cms.shape[1])]
        picks[conv] = [_picks(m) for m in means]
    same = all(picks[c] == picks["nan"] for c in picks)
    return {"empty_same_pick": bool(same), "empty_models": len(MODELS),
            "empty_tables": len(picks["nan"])}


def empty_class_table(cms) -> pd.DataFrame:
    """CBA and IAM of the six plain Glass models with type 4 as an empty class, three ways."""
    cm7 = np.insert(np.insert(cms, 3, 0, axis=-1), 3, 0, axis=-2)
    plain = [MODELS.index(m) for m in ("KNN", "LR", "SVM", "RF", "ANN", "GBM")]
    return pd.DataFrame({
        "CBA, 6 classes (nan)": il.cba(cm7, **NAN).mean((1, 2)),
        "CBA, 7 classes (zero_division=0)": il.cba(cm7, zero_division=0.0).mean((1, 2)),
        "IAM, 6 classes (nan)": il.iam(cm7, **NAN).mean((1, 2)),
        "IAM, 7 classes (zero_division=0)": il.iam(cm7, zero_division=0.0).mean((1, 2)),
        "IAM, 7 classes, empty term = -1": il.iam(cm7, zero_division=-1.0).mean((1, 2)),
    }, index=MODELS).iloc[plain]


def satimage_counts() -> pd.DataFrame:
    """Satimage's class counts in Table 17 and in the UCI files, with the difference."""
    from imbalance_lib.book.datasets import load_satimage

    sat = load_satimage()
    uci = np.bincount(sat.target, minlength=8)[1:]
    counts = pd.DataFrame({"Table 17": pub.CLASS_DISTRIBUTIONS["Table 17"], "UCI files": uci},
                          index=pd.Index(range(1, 8), name="class"))
    counts.loc["total"] = counts.sum()
    counts["difference"] = counts["UCI files"] - counts["Table 17"]
    return counts


LBFGS_MEASURED = {  # environment: CBA of ANN, ANN-RUS, ANN-ROS
    "Prescott": [0.5857, 0.5237, 0.5762],
    "Nehalem": [0.5848, 0.5237, 0.5759],
    "Sandybridge": [0.5784, 0.5175, 0.5753],
    "Prescott, eps = 1e-13": [0.5846, 0.5265, 0.5814],
    "Sandybridge, eps = 1e-13": [0.5919, 0.5237, 0.5814],
}
"""CBA of the three network rows (fold seed 0, model seed 0) trained with L-BFGS.

Measured once in separate processes (OpenBLAS's kernel is chosen when the
process starts): ``OPENBLAS_CORETYPE`` as named, numpy's AVX2 and AVX-512
paths off, inputs multiplied by 1 + eps. Re-measured by
``tests/test_iam_ann_stability.py``, which also checks that Adam does not move.
"""


def lbfgs_table() -> tuple[pd.DataFrame, dict]:
    """The measured L-BFGS CBA values, one row per environment, and how far they move."""
    t = pd.DataFrame(LBFGS_MEASURED, index=["ANN", "ANN-RUS", "ANN-ROS"])
    spread = float((t.max(axis=1) - t.min(axis=1)).max())
    return t.T.rename_axis("environment"), {"lbfgs_move": round(spread, 3),
                                            "lbfgs_move_iam": round(2 * spread, 3)}


def pick_findings(by_seed) -> dict:
    """Summarise the picks of each rule in each repetition.

    Parameters
    ----------
    by_seed : DataFrame
        Rules as rows, repetitions as columns, each cell the picked model(s)
        (ties joined by ", ").

    Returns
    -------
    dict with ``pick_reps`` (repetitions), ``pick_unanimous`` (repetitions in which
    the three rules pick the same model), ``pick_stable_rules`` (rules that pick
    one model in every repetition), ``pick_rules`` and ``pick_only_model`` (the
    single model picked everywhere, or "" if there is none).

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"s0": ["A", "A"], "s1": ["A", "B"]}, index=["CBA", "IAM"])
    >>> f = pick_findings(t)
    >>> f["pick_unanimous"], f["pick_stable_rules"], f["pick_only_model"]
    (1, 1, '')
    """
    reps = by_seed.shape[1]
    agree = by_seed.nunique(axis=0) == 1
    unanimous = int(agree.sum())
    stable = int((by_seed.nunique(axis=1) == 1).sum())
    models = set(by_seed.to_numpy().ravel().tolist())
    only = models.pop() if len(models) == 1 else ""
    counts = by_seed.iloc[0][agree].value_counts()  # unanimous picks, by model
    major = counts.index[0] if len(counts) else ""
    others = counts.iloc[1:]
    return {"pick_reps": reps, "pick_unanimous": unanimous, "pick_stable_rules": stable,
            "pick_rules": by_seed.shape[0], "pick_only_model": only,
            "pick_majority_model": major, "pick_majority_n": int(counts.iloc[0]) if major else 0,
            "pick_others": ", ".join(f"{m} in {n}" for m, n in others.items()) or "none",
            "pick_others_models": ", ".join(others.index)}


GLASS_PICKS_MEASURED = {  # seed: picks of the max-min rule, CBA and IAM; CBA of RF-ROS - RF
    0: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0368),
    1: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0323),
    2: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0033),
    3: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0338),
    4: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0476),
    5: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.005),
    6: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0228),
    7: ('RF', 'RF', 'RF', -0.0046),
    8: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0185),
    9: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0603),
    10: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0294),
    11: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0646),
    12: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0068),
    13: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0484),
    14: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0431),
    15: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0211),
    16: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.027),
    17: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0176),
    18: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0058),
    19: ('RF-ROS', 'RF-ROS', 'RF-ROS', 0.0878),
}
"""The Glass picks of twenty cross-validations (fold and model seed r = 0..19), one core.

Measured once with :func:`measure_glass_picks` (about three minutes); the page's
own run (seeds 0..4) must reproduce its first five entries (claim
``glass-pick-measured``), and ``tests/test_iam_picks.py`` re-measures others
(marked slow).
"""


SAT_IAM_MEASURED = {  # fold seed: model -> (mean IAM over folds, two fold standard errors)
    1: {
        'KNN': (0.7428, 0.0235), 'KNN-RUS': (0.6666, 0.0059), 'KNN-ROS': (0.6927, 0.0143),
        'LR': (0.5685, 0.0261), 'LR-RUS': (0.5972, 0.0155), 'LR-ROS': (0.6122, 0.0191),
        'SVM': (0.7101, 0.025), 'SVM-RUS': (0.6705, 0.0119), 'SVM-ROS': (0.6885, 0.02),
        'RF': (0.7373, 0.0211), 'RF-RUS': (0.7126, 0.0123), 'RF-ROS': (0.7648, 0.0184),
        'ANN': (0.6995, 0.0362), 'ANN-RUS': (0.6392, 0.0198), 'ANN-ROS': (0.6991, 0.026),
        'GBM': (0.7508, 0.0253), 'GBM-RUS': (0.7172, 0.0157), 'GBM-ROS': (0.7737, 0.0234),
    },
    2: {
        'KNN': (0.7543, 0.0134), 'KNN-RUS': (0.6813, 0.0104), 'KNN-ROS': (0.6893, 0.0254),
        'LR': (0.5634, 0.032), 'LR-RUS': (0.5932, 0.0118), 'LR-ROS': (0.6049, 0.0133),
        'SVM': (0.7034, 0.0143), 'SVM-RUS': (0.6602, 0.0165), 'SVM-ROS': (0.6828, 0.0165),
        'RF': (0.7491, 0.0166), 'RF-RUS': (0.7069, 0.0185), 'RF-ROS': (0.7695, 0.0205),
        'ANN': (0.5811, 0.0697), 'ANN-RUS': (0.6452, 0.0311), 'ANN-ROS': (0.6932, 0.0224),
        'GBM': (0.7665, 0.0187), 'GBM-RUS': (0.7185, 0.0283), 'GBM-ROS': (0.7846, 0.0204),
    },
}
"""Satimage's IAM for fold seeds 1 and 2 (the page runs seed 0), lighter settings, one core.

Measured once with :func:`measure_sat_iam` (under a minute a seed here);
``tests/test_iam_picks.py`` re-measures seed 1 (marked slow).
"""


def measured_picks() -> pd.DataFrame:
    """:data:`GLASS_PICKS_MEASURED` as a table: rules as rows, repetitions as columns."""
    return pd.DataFrame({f"seed {r}": dict(zip(RULES, v[:3]))
                         for r, v in GLASS_PICKS_MEASURED.items()})


def pick_study_findings(by_seed=None, lead=None) -> dict:
    """The Glass picks over the measured repetitions (prefix ``pick20_``).

    ``by_seed`` and ``lead`` (RF-ROS minus RF per repetition) of the page's own
    run, if given, are compared with the measured repetitions of the same seeds
    (``pick20_matches_page``).
    """
    table = measured_picks()
    f = {f"pick20_{k[len('pick_'):]}": v for k, v in pick_findings(table).items()}
    leads = np.array([v[3] for v in GLASS_PICKS_MEASURED.values()])
    f.update({"pick20_lead_lo": round(float(leads.min()), 3),
              "pick20_lead_hi": round(float(leads.max()), 3),
              "pick20_lead_mean": round(float(leads.mean()), 3),
              "pick20_lead_negative": int((leads < 0).sum()),
              "pick20_seeds": f"{min(GLASS_PICKS_MEASURED)}-{max(GLASS_PICKS_MEASURED)}"})
    if by_seed is not None:
        live = by_seed.iloc[:, :len(lead)]
        f["pick20_matches_page"] = bool(
            table[live.columns].equals(live)
            and np.allclose(np.asarray(lead), leads[:len(lead)], atol=5.1e-5))
    return f


PICK_CLAIMS = [
    Claim("glass-pick-majority", "over the measured repetitions the three rules always agree; "
          "they pick one model, not the document's RF, in most, and RF in the others",
          lambda f: 2 * f["pick20_majority_n"] > f["pick20_reps"]
          and f["pick20_majority_model"] not in ("", "RF")
          and f["pick20_unanimous"] == f["pick20_reps"]
          and f["pick20_others_models"] in ("", "RF")),
    Claim("glass-pick-lead", "that model leads RF in CBA on average, but not in every "
          "repetition", lambda f: f["pick20_lead_mean"] > 0 and f["pick20_lead_negative"] > 0
          and f["pick20_majority_n"] < f["pick20_reps"]),
    Claim("glass-pick-measured", "the measured repetitions reproduce the page's own run",
          lambda f: f["pick20_matches_page"]),
    Claim("glass-pick-page", "in the page's own repetitions all three rules pick one model",
          lambda f: f["pick_unanimous"] == f["pick_reps"] and f["pick_only_model"] != ""),
]
"""Sentences of the IAM chapter about the Glass picks."""


# --------------------------------------------------------------------------- findings


def theory_findings() -> dict:
    """Findings of the notation, theorem, sign and example sections (about a second)."""
    f = {}
    f.update(independent_check()[1])
    f.update(step_counterexamples())
    f.update(balanced_case()[1])
    f.update(table13_case()[1])
    f.update(sign_table()[1])
    f.update(sixclass_exercise()[1])
    ex = example_metrics()
    f.update(rounding_conventions(ex)[1])
    f.update(example_selections(ex)[1])
    f.update(table8_checks()[1])
    f.update(lbfgs_table()[1])
    steps = binary_proof_steps(binary_battery()).iloc[:, 0]
    f["binary_steps_hold"] = bool(all(a == b for a, b in
                                      (s.split(" of ") for s in steps)))
    f["binary_n"] = steps.iloc[0].split(" of ")[1]
    return f


def rerun_findings(glass=None, sat=None) -> dict:
    """Findings of the Glass and Satimage re-run (runs the cross-validations if not given).

    Also returns, under keys that are not glued (non-scalars), the tables the
    page shows: ``glass_gaps``, ``sat_gaps``, ``by_seed``, ``cons`` and ``effects``.
    """
    glass = glass_run() if glass is None else glass
    sat = satimage_run() if sat is None else sat
    f = {}
    means = {}
    for key, cms, table in (("glass", glass, pub.TABLE16), ("sat", sat, pub.TABLE18)):
        mean, _, se = summary(cms)
        gaps = gap_frame(table, mean, se)
        f[f"{key}_gaps"], means[key] = gaps, (mean, se)
        f.update(gap_findings(key, gaps, mean, se, table))
    f["order_same"] = "identical" if f["glass_order_same"] and f["sat_order_same"] else "different"
    glass_mean, _ = means["glass"]
    sat_mean, sat_se = means["sat"]
    # never-predicted classes: (model, repetition, fold, class) cases and the MAP effect
    never = (glass.sum(axis=-2) == 0) & (glass.sum(axis=-1) > 0)
    effect = glass_mean["MAP"] - glass_mean["MAP (0)"]
    f.update({"glass_never": int(never.sum()), "glass_never_model": effect.idxmax(),
              "glass_never_max": round(float(effect.max()), 3),
              "glass_never_models": int((effect > 0).sum())})
    values = {m: v for m, v in per_fold(glass).items()}
    worst = pd.DataFrame({m: values[m].mean(axis=(1, 2)) for m in FIVE}, MODELS)
    f["map_never_smallest"] = bool((worst.idxmin(axis=1) != "MAP").all()
                                   and (glass_mean[list(FIVE)].idxmin(axis=1) != "MAP (0)").all())
    # the picks
    by_seed = picks_by_seed(glass, glass_mean)
    f["by_seed"] = by_seed
    reps = glass.shape[1]
    f.update(pick_findings(by_seed.iloc[:, :reps]))
    counts = by_seed.iloc[:, :reps].apply(lambda row: row.value_counts(), axis=1)
    counts = counts.fillna(0).astype(int)
    top = counts.loc["CBA"].idxmax()
    f.update({"pick_models": ", ".join(counts.columns), "pick_top": top,
              "pick_top_cba": int(counts.loc["CBA", top]),
              "pick_rf_cba": int(counts.loc["CBA"].get("RF", 0)),
              "pick_agree": int((by_seed.iloc[:, :reps].nunique() == 1).sum()),
              "pick_doc": by_seed.loc["CBA", "Table 16"],
              "pick_doc_all": bool((by_seed["Table 16"] == by_seed.loc["CBA",
                                                                         "Table 16"]).all())})
    cba_runs = values["CBA"].mean(axis=2)  # (models, repetitions)
    lead = cba_runs[MODELS.index(top)] - cba_runs[MODELS.index(f["pick_doc"])]
    f["pick_lead_lo"], f["pick_lead_hi"] = round(float(lead.min()), 3), round(float(lead.max()), 3)
    rf_lead = cba_runs[MODELS.index("RF-ROS")] - cba_runs[MODELS.index("RF")]
    f.update(pick_study_findings(by_seed, np.round(rf_lead, 4)))
    sat_picks = _picks(sat_mean)
    sat_doc = _picks(pub.TABLE18.frame())
    f.update({"sat_sel": sat_picks["IAM"], "sat_sel_maxmin": sat_picks["max-min of the five"],
              "sat_sel_cba": sat_picks["CBA"], "sat_doc": sat_doc["CBA"],
              "sat_doc_all": len(set(sat_doc.values())) == 1})
    top2 = sat_mean["CBA"].sort_values(ascending=False).index[:2]
    f["sat_second"] = top2[1]
    f["sat_top_diff"] = round(float(sat_mean.loc[top2[0], "CBA"]
                                    - sat_mean.loc[top2[1], "CBA"]), 3)
    f["sat_top_se"] = round(float(sat_se.loc[top2, "CBA"].min()), 3)
    ann = values["CBA"][[MODELS.index(m) for m in ("ANN", "ANN-RUS", "ANN-ROS")]]
    ann_runs = ann.mean(axis=2)  # (3 network rows, repetitions)
    spread = ann_runs.max(1) - ann_runs.min(1)
    widest = int(spread.argmax())
    f.update({"ann_run_spread": round(float(spread.max()), 3),
              "ann_widest": ("ANN", "ANN-RUS", "ANN-ROS")[widest],
              "ann_widest_lo": round(float(ann_runs[widest].min()), 3),
              "ann_widest_hi": round(float(ann_runs[widest].max()), 3),
              "ann_widest_mean": round(float(ann_runs[widest].mean()), 3),
              "ann_widest_move": round(float(ann_runs[widest].max() - ann_runs[widest].min()), 3)})
    # the published columns
    cons = pd.concat({"Glass (Table 16)": consistency(pub.TABLE16),
                      "Satimage (Table 18)": consistency(pub.TABLE18)}, axis=1)
    f["cons"] = cons
    for key, part in (("glass", "Glass (Table 16)"), ("sat", "Satimage (Table 18)")):
        f.update(consistency_findings(cons[part], key))
    sat_rows = cons["Satimage (Table 18)"]
    zero = sat_rows["status"] == "consistent"
    f["sat_zero_models"] = ", ".join(sorted({m.split("-")[0] for m in sat_rows.index[zero]}))
    f["sat_zero_are_whole_families"] = all(
        (sat_rows.loc[[m for m in MODELS if m.split("-")[0] == fam], "status"]
         == "consistent").all() for fam in f["sat_zero_models"].split(", "))
    from scipy.stats import norm

    f["noise_2se"] = int(round(100 * 2 * norm.sf(2)))  # % of cells beyond 2 SE by noise alone
    f["rounding_slack"] = 3 * ROUNDING
    f["rounding_half"] = ROUNDING
    glass_fx, glass_num = candidate_effects(glass)
    sat_fx, sat_num = candidate_effects(sat)
    effects = pd.DataFrame({"our Glass run": glass_fx, "our Satimage run": sat_fx})
    effects.loc["published IAM - (2 CBA - 1)"] = [
        _span(cons[part, "IAM - (2 CBA - 1)"])
        for part in ("Glass (Table 16)", "Satimage (Table 18)")]
    f["effects"] = effects
    f["absent_cases"] = glass_num["absent"] + sat_num["absent"]
    f["glass_effect_max"] = round(max(glass_num["pooled"], glass_num["run"]), 3)
    f["sat_effect_max"] = round(max(sat_num["pooled"], sat_num["run"]), 3)
    f.update(sat_row_effects(sat, cons["Satimage (Table 18)"]))
    f.update(candidate_signs(cons))
    f.update(impossible_step(cons["Satimage (Table 18)"]))
    f["empty_shift"] = round(1 / (len(GLASS_LABELS) + 1), 3)
    f["pub_picks_same"] = all(
        select_best(t.frame(), "CBA") == select_best(t.frame(), "IAM")
        for t in (pub.TABLE16, pub.TABLE18))
    f.update(empty_class_picks(glass))
    counts = satimage_counts()
    f["sat_pub_n"] = int(counts.loc["total", "Table 17"])
    f["sat_uci_n"] = int(counts.loc["total", "UCI files"])
    f["sat_missing"] = f["sat_uci_n"] - f["sat_pub_n"]
    return f


THEORY_CLAIMS = [
    Claim("lib-agrees", "the library's five metrics of CM1 equal scikit-learn's and pycm's",
          lambda f: f["cm1_gap"] < 1e-12),
    Claim("f-not-hm", "the document's F-score of CM1 is not the harmonic mean of MAP and MAR",
          lambda f: abs(f["cm1_f"] - f["cm1_hm"]) > 1e-3),
    Claim("step-smallest", "the step min(MAP, MAR) <= F first fails at total count 3 "
          "(2 under the nan policy)",
          lambda f: f["step_total_defined"] is not None and f["step_total_nan"] is not None
          and f["step_total_nan"] < f["step_total_defined"]),
    Claim("binary-proof", "each step of the binary proof holds on every binary matrix",
          lambda f: f["binary_steps_hold"]),
    Claim("balanced-bound", "on the balanced matrix the bound (19) lies above ACC while "
          "IAM exceeds ACC", lambda f: f["bal_bound"] > f["bal_acc"] and f["bal_iam"]
          > f["bal_acc"] and f["bal_margins_equal"]),
    Claim("t13-excess", "Table 13's classifier has IAM above its accuracy",
          lambda f: f["t13_iam"] > f["t13_acc"]),
    Claim("sign-c5", "C5 has IAM > 0 with most predictions wrong",
          lambda f: f["sign_c5_iam"] > 0 and 2 * f["sign_c5_wrong"] > f["sign_c5_n"]),
    Claim("sign-neg", "C_- has IAM < 0 with most predictions right",
          lambda f: f["sign_neg_iam"] < 0 and 2 * f["sign_neg_right"] > f["sign_neg_n"]),
    Claim("conv-explained", "every published example number matches under rounding or "
          "truncation", lambda f: f["conv_neither"] == 0),
    Claim("conv-mixed", "the document mixes rounding and truncation",
          lambda f: f["conv_rounding"] > 0 and f["conv_truncation"] > 0),
    Claim("ex1-ml1", "in Example 1 both rules pick ML1",
          lambda f: f["ex1_maxmin"] == "ML1" and f["ex1_iam"] == "ML1"),
    Claim("ex2-disagree", "in Example 2 the rules disagree, CM3 having ACC < CBA",
          lambda f: f["ex2_maxmin"] != f["ex2_iam"] and f["ex2_cm3_acc_below_cba"]
          and f["ex2_tie_holds"]),
    Claim("t8-consistency", "ML5 and ML6 are consistent with IAM = 2 CBA - 1, ML7 is not",
          lambda f: f["t8_consistent"] == "ML5, ML6" and f["t8_inconsistent"] == "ML7"),
    Claim("t8-below", "CBA is below MAP, MAR and F in every row of Table 8",
          lambda f: f["t8_cba_below_all"]),
    Claim("t8-ml7-last", "ML7 ranks last under either printed number", lambda f: f["ml7_last"]),
    Claim("t8-three-decimals", "CBA printed with three decimals would separate ML5 and ML6 "
          "(ML6 above)", lambda f: f["ml5_cba3_hi"] < f["ml6_cba3_lo"]),
]
"""Sentences resting on :func:`theory_findings`."""

SEARCH_CLAIMS = [
    Claim("step-fails", "the proof step of Theorem 3 fails for every k searched",
          lambda f: f["step_fails_every_k"]),
    Claim("only-two", "only two statements are ever violated: the proof step and Theorem 4",
          lambda f: f["violated_claims"] == 2 and f["violated_names"] == "T3 step, T4"),
    Claim("t4-from-five", "Theorem 4 fails for every k from 5 on, and never below",
          lambda f: f["t4_first_k"] == 5 and f["t4_fails_from_first_k"]),
    Claim("t4-grows", "the largest excess of IAM over ACC found grows with k",
          lambda f: f["t4_excess_grows"]),
    Claim("t4-below-sup", "for k >= 5 no excess found reaches the supremum 1 - 4/k",
          lambda f: f["t4_above_sup"] < 0),
    Claim("t4-opt-some", "differential evolution finds violations for some k (those listed), "
          "none below k = 5", lambda f: f["t4_opt_n"] > 0 and f["t4_opt_below_five"] == 0),
    Claim("bound-holds", "the sharp bound IAM - ACC <= (1 - 4/k)(1 - ACC) is never violated",
          lambda f: not f["bound_violated"]),
    Claim("identity-holds", "IAM = 2 CBA - 1 on every matrix with defined terms",
          lambda f: not f["identity_violated"]),
]
"""Sentences resting on :func:`search_findings`."""

SWEEP_CLAIMS = [
    Claim("sweep-identity", "IAM = 2 CBA - 1 in every panel of the sweeps",
          lambda f: f["sweep_identity_gap"] < 1e-12),
    Claim("sweep-f1", "on balanced data IAM never exceeds 2 ACC - 1", lambda f: f["f1_gap"] <= 0),
    Claim("sweep-f2", "with extreme skew IAM spans more than 100 times accuracy's span, "
          "for each data seed measured", lambda f: f["f2_ratio_min"] > 100
          and f["f2_iam_span"] > 100 * f["f2_acc_span"]),
    Claim("sweep-f4", "AUC rises to an inner peak and falls again; over the shallow trees "
          "AUC rises while IAM stays within a tenth of that rise",
          lambda f: f["f4_auc_best"] not in (1, 12) and f["f4_auc_last"] < f["f4_auc_max"]
          and f["f4_flat_auc_hi"] > f["f4_flat_auc_lo"]
          and 10 * f["f4_flat_iam_span"] < f["f4_flat_auc_hi"] - f["f4_flat_auc_lo"]),
]
"""Sentences resting on :func:`sweep_findings`."""

RERUN_CLAIMS = [
    Claim("gaps-not-noise", "under half of the Glass cells and most Satimage cells exceed two "
          "standard errors, each share more than five times the share noise alone gives",
          lambda f: f["glass_beyond_2se"] < 50 < f["sat_beyond_2se"]
          and min(f["glass_beyond_2se"], f["sat_beyond_2se"]) > 5 * f["noise_2se"]),
    Claim("order-same", "IAM ranks the 18 models as CBA does on both data sets",
          lambda f: f["order_same"] == "identical"),
    Claim("map-never-smallest", "MAP is never the smallest of the five on Glass",
          lambda f: f["map_never_smallest"]),
    Claim("sat-pick-not-doc", "on Satimage our pick differs from the document's",
          lambda f: f["sat_sel"] != f["sat_doc"] and f["sat_doc_all"]),
    Claim("sat-identity-broken", "some published Satimage IAM values are impossible",
          lambda f: f["sat_impossible"] > 0 and f["glass_impossible"] == 0),
    Claim("glass-both-signs", "on Glass the published IAM - (2 CBA - 1) has both signs",
          lambda f: f["glass_dmin"] < -f["rounding_slack"] < f["rounding_slack"] < f["glass_dmax"]),
    Claim("sat-nonnegative", "on Satimage it is never negative",
          lambda f: f["sat_dmin"] >= 0),
    Claim("sat-zero-families", "it is zero within rounding for whole model families only",
          lambda f: f["sat_zero_are_whole_families"] and f["sat_zero_models"] != ""),
    Claim("no-absent", "no class is absent from any test fold", lambda f: f["absent_cases"] == 0),
    Claim("sat-effects-small", "in every Satimage row beyond rounding, pooling and another run "
          "(two SE of a difference) move IAM less than the published difference of that row",
          lambda f: f["sat_rows_noise_reaches"] == 0 and f["sat_run_max"] < f["sat_gap_min"]
          and f["sat_pool_max"] < f["sat_gap_min"]),
    Claim("sat-effects-seeds", "over the measured fold seeds, two SE of a difference of runs "
          "and the movement of IAM between seeds stay below the smallest published difference "
          "of those rows", lambda f: f["sat_seeds_n"] >= 3
          and f["sat_seed_run_max"] < f["sat_gap_min"]
          and f["sat_seed_move_max"] < f["sat_gap_min"]),
    Claim("cand-k1-signs", "IAM over k + 1 classes has both signs on Glass, matches the sign "
          "of at most half the Glass rows beyond rounding, would move most consistent Glass "
          "rows and has the wrong sign in every Satimage row beyond rounding",
          lambda f: f["cand_glass_both_signs"] and 2 * f["cand_glass_match"] <= f["cand_glass_bad"]
          and 2 * f["cand_glass_moves"] > f["cand_glass_ok"] and f["cand_sat_match"] == 0
          and f["cand_sat_bad"] > 0),
    Claim("impossible-any-classes", "counting the empty class as 0 could explain the excess "
          "over the ceiling but caps MAP and MAR below what every impossible row prints",
          lambda f: f["imp_excess_below_shift"] and f["imp_all_above_cap"]),
    Claim("pub-picks-same", "the published CBA and IAM columns pick the same model",
          lambda f: f["pub_picks_same"]),
    Claim("empty-same-pick", "the empty-class convention never changes the model any of the "
          "three rules selects among the 18, in any repetition or over all",
          lambda f: f["empty_same_pick"] and f["empty_models"] == 18),
]
"""Sentences resting on :func:`rerun_findings`."""

CLAIMS = THEORY_CLAIMS + SEARCH_CLAIMS + SWEEP_CLAIMS + RERUN_CLAIMS
"""The sentences of the IAM chapter that rest on its findings."""
