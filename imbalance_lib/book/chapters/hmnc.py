r"""The HMNC chapter: Burduk (2020), recomputed and checked.

Everything the chapter's prose states, as data: the numerical checks of its
theorems (through :func:`imbalance_lib.book.properties.check_claim`), the
recomputed Tables 1-3 with the conventions that explain their differences, the
heat maps, the sensitivity measurements, and a re-run on data that shows what
HMNC does to a choice of operating point. :func:`findings` returns the numbers
and verdicts of the prose; :data:`CLAIMS` are the sentences that rest on them.

Burduk's positive class is the **majority** class (``P = 1000``); wherever his
numbers are reproduced, :func:`burduk_matrix` keeps that convention. His three
tables are not experiments: each assumes the counts ``(TP, TN)`` of four
hypothetical classifiers at ``N = 10``, ``100`` or ``250``.
"""

from __future__ import annotations

import dataclasses
from functools import cache

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.claims import Claim
from imbalance_lib.book.properties import all_matrices, check_claims
from imbalance_lib.book.published.burduk2020 import CLASS_SIZES, TABLES
from imbalance_lib.book.tables import round_half_up

__all__ = [
    "METRICS", "IRS", "P_MAJ", "burduk_matrix", "document_metrics", "minority_f1",
    "symbolic_checks", "diagonal_symbolic", "constant_classifiers", "form_checks",
    "range_checks", "equality_checks", "kappa_margins", "noskill_table", "diagonal_table",
    "coinciding_pairs", "coincide_examples", "recompute", "stacked", "table_counts",
    "comparison_tables", "round2", "difference_conventions", "convention_summary",
    "disagreements", "table_reading", "surfaces", "heatmap_figure", "sensitivity",
    "sensitivity_figure", "SWEEP", "TASKS", "SEEDS", "operating_points", "choice_runs",
    "choice_spread", "findings", "CLAIMS",
]

METRICS = {
    "HMNC": il.hmnc,
    "ACC": il.accuracy,
    "BACC": il.balanced_accuracy,
    "MCC": il.mcc,
    "F1": il.f1,
    "G-mean": il.g_mean,
    "Kappa": il.kappa,
}
"""The seven metrics of Burduk's tables, in his column order."""

IRS = (0.01, 0.1, 0.25)
"""Burduk's imbalance ratios N / P (parameters of the document)."""

P_MAJ = 1000
"""Burduk's positive (majority) class size."""

HALVED = {"MCC": 0.5, "Kappa": 0.5}
"""MCC and kappa mapped from [-1, 1] onto [0, 1] halves their differences."""


def burduk_matrix(tp, tn, p, n) -> np.ndarray:
    """Confusion matrix from Burduk's counts, his positive class (the majority) as positive.

    >>> burduk_matrix(700, 5, 1000, 10).tolist()  # [[TN, FP], [FN, TP]]
    [[5, 5], [300, 700]]
    """
    return il.binary_matrix(tp, np.subtract(p, tp), np.subtract(n, tn), tn)


def document_metrics(C) -> dict:
    """The seven metrics of :data:`METRICS` on ``C`` (nan where undefined)."""
    return {name: f(C, zero_division=np.nan) for name, f in METRICS.items()}


def _table_counts(label: str):
    pub = TABLES[label]["values"]
    tp = np.array([pub.value(r, "TP") for r in pub.rows])
    tn = np.array([pub.value(r, "TN") for r in pub.rows])
    return tp, tn


def minority_f1() -> pd.DataFrame:
    """F1 of Table 1's classifiers with either class positive; HMNC does not change.

    >>> minority_f1()["HMNC (either way)"].round(2).tolist()
    [0.5, 0.5, 0.7, 0.7]
    """
    tp, tn = _table_counts("Table 1")
    C_maj = burduk_matrix(tp, tn, 1000, 10)  # majority positive (Burduk)
    C_min = il.binary_matrix(tn, 10 - tn, 1000 - tp, tp)  # minority positive
    if not np.allclose(il.hmnc(C_maj), il.hmnc(C_min)):
        raise AssertionError("HMNC changed when the classes swapped names")
    return pd.DataFrame(
        {"TP": tp.astype(int), "TN": tn.astype(int),
         "F1, majority positive (document)": il.f1(C_maj),
         "F1, minority positive": il.f1(C_min),
         "HMNC (either way)": il.hmnc(C_maj)},
        index=pd.Index([f"Ψ{r}" for r in TABLES["Table 1"]["values"].rows],
                       name="Table 1"),
    ).round(4)


# --------------------------------------------------------------------------- theorems


@cache
def symbolic_checks() -> pd.DataFrame:
    """``sympy.simplify(left - right)`` for the definition, the four forms and the duality."""
    import sympy as sp

    TP, TN, P, N = sp.symbols("TP TN P N", positive=True)
    t, s = sp.symbols("t s", positive=True)
    M = P + N

    def hm(a, b):
        return 2 * a * b / (a + b)

    closed = TP * TN * M / ((TP + TN) * P * N)
    rates, rho, acc = {TP: t * P, TN: s * N}, P / M, (TP + TN) / M
    checks = {
        "definition (hmnc-eq-def) = closed form (hmnc-eq-closed)":
            hm((TP / P) * P / M, (TN / N) * N / M) / hm(P / M, N / M) - closed,
        "form 1: HM(TP, TN) / HM(P, N)": hm(TP, TN) / hm(P, N) - closed,
        "form 2: TPR TNR / ACC": (t * s / acc - closed).subs(rates),
        "form 3: 1 / ((1 - rho)/TPR + rho/TNR)":
            (1 / ((1 - rho) / t + rho / s) - closed).subs(rates),
        "HMNC ACC = AC BACC": (closed * acc - hm(t, s) * (t + s) / 2).subs(rates),
        "ACC - BACC = (rho - 1/2)(TPR - TNR)":
            (acc - (t + s) / 2).subs(rates) - (rho - sp.Rational(1, 2)) * (t - s),
    }
    return pd.DataFrame({"sympy: simplify(left - right)":
                         [str(sp.simplify(e)) for e in checks.values()]},
                        index=pd.Index(list(checks), name="identity"))


def diagonal_symbolic() -> dict:
    """The document's substitution TN = TP N / P (TPR = TNR = k), done by sympy.

    >>> diagonal_symbolic()
    {'HMNC': k, 'ACC': k, 'BACC': k, 'G-mean': k}
    """
    import sympy as sp

    TP, TN, P, N, k = sp.symbols("TP TN P N k", positive=True)
    sym = {"HMNC": TP * TN * (P + N) / ((TP + TN) * P * N), "ACC": (TP + TN) / (P + N),
           "BACC": (TP / P + TN / N) / 2, "G-mean": sp.sqrt(TP * TN / (P * N))}
    return {name: sp.simplify(e.subs({TP: k * P, TN: k * N})) for name, e in sym.items()}


def constant_classifiers() -> pd.DataFrame:
    """The seven metrics of the two constant classifiers at P = 1000, N = 10."""
    out = pd.DataFrame({"all majority": document_metrics(burduk_matrix(1000, 0, 1000, 10)),
                        "all minority": document_metrics(burduk_matrix(0, 10, 1000, 10))}).T
    out.insert(0, "correct", [1000, 10])
    return out.round(4)


def _counts(C):
    C = np.asarray(C, float)
    tp, fn, fp, tn = C[..., 1, 1], C[..., 1, 0], C[..., 0, 1], C[..., 0, 0]
    return tp, tn, tp + fn, tn + fp


def _form_violation(C):
    """Largest relative deviation of ``il.hmnc`` from the four forms (nan if TP TN = 0)."""
    tp, tn, p, n = _counts(C)
    h = il.hmnc(C)
    t, s, a = tp / p, tn / n, (tp + tn) / (p + n)
    rho, one_minus_rho = p / (p + n), n / (p + n)  # 1 - rho without cancellation
    forms = [tp * tn * (p + n) / ((tp + tn) * p * n),
             (2 * tp * tn / (tp + tn)) / (2 * p * n / (p + n)),
             t * s / a,
             1 / (one_minus_rho / t + rho / s)]
    worst = np.max([np.abs(f - h) / h for f in forms], axis=0)
    return np.where((tp > 0) & (tn > 0), worst, np.nan)


def _zero_violation(C):
    """HMNC where one class is missed entirely (should be exactly 0)."""
    tp, tn, p, n = _counts(C)
    return np.where((p > 0) & (n > 0) & (tp * tn == 0), np.abs(il.hmnc(C)), np.nan)


def _between_violation(C):
    tp, tn, p, n = _counts(C)
    t, s, h = tp / p, tn / n, il.hmnc(C)
    v = np.maximum(np.minimum(t, s) - h, h - np.maximum(t, s))
    return np.where((p > 0) & (n > 0), v, np.nan)


def _kappa_violation(C):
    tp, tn, p, n = _counts(C)
    bound = -2 * p * n / (p**2 + n**2)
    return np.where((p > 0) & (n > 0), bound - il.kappa(C, zero_division=np.nan), np.nan)


def _mcc_violation(C):
    return np.abs(il.mcc(C, zero_division=np.nan)) - 1


def _checked(claims: dict, tol: float = 1e-12) -> pd.DataFrame:
    """:func:`check_claims` on ``claims`` (name -> violation), as the page shows it."""
    frame = check_claims(claims, tol=tol)
    # the largest violation is a float whose last bits move with the CPU:
    # shown only as "below the tolerance" or as its value when it breaks the claim
    worst = [f"below {tol:g}" if ok else f"{w:.3g}"
             for ok, w in zip(frame["holds"], frame["worst"])]
    return pd.DataFrame({"holds": frame["holds"].map({True: "yes", False: "NO"}),
                         "largest violation found": worst}, index=frame.index)


@cache
def form_checks() -> pd.DataFrame:
    """The four forms of HMNC and its zero against ``il.hmnc``, by :func:`check_claims`.

    Each statement is tried on every integer matrix with entries up to 12, on
    100 000 random real matrices (cells from 1e-6 to 1e6, structured extremes)
    and at the worst point differential evolution finds.
    """
    return _checked({"il.hmnc = the four forms (relative deviation)": _form_violation,
                     "HMNC = 0 when TP = 0 or TN = 0": _zero_violation})


@cache
def range_checks() -> pd.DataFrame:
    """The range statements (HMNC between the recalls, |MCC| <= 1, kappa's lower bound)."""
    return _checked({"min(TPR, TNR) <= HMNC <= max(TPR, TNR)": _between_violation,
                     "|MCC| <= 1": _mcc_violation,
                     "kappa >= -2PN / (P² + N²)": _kappa_violation})


def _rates(C):
    """TPR, TNR, GM, ACC, BACC, HMNC, AC and rho of ``C`` (nan where P = 0 or N = 0)."""
    tp, tn, p, n = _counts(C)
    ok = (p > 0) & (n > 0)
    t, s = np.where(ok, tp / p, np.nan), np.where(ok, tn / n, np.nan)
    rho = p / (p + n)
    return (t, s, np.sqrt(t * s), il.accuracy(C), (t + s) / 2,
            il.hmnc(C, zero_division=np.nan), il.ac(C, zero_division=np.nan), rho)


def _duality_violation(C):
    t, s, gm, acc, bacc, h, ac, _ = _rates(C)
    both = t + s > 0
    return np.where(both, np.maximum(np.abs(h * acc - gm**2), np.abs(ac * bacc - gm**2)),
                    np.nan)


def _factorisation_violation(C):
    t, s, gm, acc, bacc, h, _, rho = _rates(C)
    tp, tn, _, _ = _counts(C)
    gaps = [acc - bacc - (rho - 0.5) * (t - s),
            bacc - gm - 0.5 * (np.sqrt(t) - np.sqrt(s)) ** 2,
            acc - gm - (np.sqrt(t) - np.sqrt(s)) * (rho * np.sqrt(t) - (1 - rho) * np.sqrt(s)),
            np.where(tp + tn > 0, h - bacc - (s - t) * (tp - tn) / (2 * (tp + tn)), 0.0),
            np.where(acc > 0, h - acc - (gm - acc) * (gm + acc) / acc, 0.0)]
    return np.max(np.abs(gaps), axis=0)


def _diagonal_violation(C):
    """Every mean of the two recalls at TPR = TNR = t (t the TPR of ``C``, C's margins) is t."""
    tp, _, p, n = _counts(C)
    ok = (p > 0) & (n > 0)
    t = np.where(ok, tp / np.where(ok, p, 1.0), 0.0)
    D = il.binary_matrix(t * p, (1 - t) * p, (1 - t) * n, t * n)
    means = [il.hmnc(D, zero_division=np.nan), il.accuracy(D), il.balanced_accuracy(D),
             il.g_mean(D), il.ac(D, zero_division=np.nan),
             il.weighted_accuracy(D, alpha=0.3)]
    return np.where(ok, np.max(np.abs(np.array(means) - t), axis=0), np.nan)


@cache
def equality_checks() -> pd.DataFrame:
    """The duality, the equality theorem and the five differences of the necessity theorem.

    Each statement goes through :func:`imbalance_lib.book.properties.check_claims`
    (absolute tolerance 1e-12: the metrics lie in [0, 1]).
    """
    return _checked({"HMNC ACC = GM² = AC BACC": _duality_violation,
                     "TPR = TNR = t: HMNC, ACC, BACC, GM, AC, WA are t": _diagonal_violation,
                     "the five differences of the necessity theorem": _factorisation_violation})


@cache
def kappa_margins() -> pd.DataFrame:
    """Every integer matrix with the document's margins: extremes of kappa, MCC and HMNC."""
    rows = {}
    for ir in IRS:
        p, n = P_MAJ, int(round(P_MAJ * ir))
        TPg, TNg = np.meshgrid(np.arange(p + 1), np.arange(n + 1), indexing="ij")
        C = burduk_matrix(TPg, TNg, p, n)
        k, m = il.kappa(C, zero_division=np.nan), il.mcc(C, zero_division=np.nan)
        at = np.unravel_index(np.nanargmin(k), k.shape)
        rows[f"{ir:g}"] = {
            "N": n, "min κ": np.nanmin(k), "−2IR/(1+IR²)": -2 * p * n / (p**2 + n**2),
            "argmin κ": f"({at[0]}, {at[1]})",
            "min MCC": np.nanmin(m), "max κ": np.nanmax(k),
            "min HMNC": il.hmnc(C).min(), "max HMNC": il.hmnc(C).max(),
        }
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("IR")


def noskill_table(decimals: int | None = 4, checks: bool = False) -> pd.DataFrame:
    """The best no-skill classifier at its expected matrix, for each of Burduk's IRs.

    Rounded to ``decimals`` (None: every digit). With ``checks``, two more
    columns: the closed form (1 + IR)/(1 + sqrt IR)^2 and the registry's value
    of the trivial classifier, both of which should equal the HMNC column.

    >>> round(float(noskill_table().loc["0.01", "HMNC"]), 4)
    0.8347
    """
    rows = {}
    for ir, label in zip(IRS, TABLES):
        rho = 1 / (1 + ir)  # the majority share (Burduk's positive class)
        q = np.sqrt(1 - rho) / (np.sqrt(rho) + np.sqrt(1 - rho))
        C = il.binary_matrix(q * 1.0, (1 - q) * 1.0, q * ir, (1 - q) * ir)
        rows[f"{ir:g}"] = {
            "q*": q, "TNR": 1 - q, "HMNC": il.hmnc(C),
            "(1+IR)/(1+√IR)²": (1 + ir) / (1 + np.sqrt(ir)) ** 2,
            "registry": il.METRICS["hmnc"].trivial(rho, q),
            "BACC": il.balanced_accuracy(C), "GM": il.g_mean(C), "MCC": il.mcc(C),
            "best Ψ": TABLES[label]["values"].frame()["HMNC"].max(),
        }
    out = pd.DataFrame(rows).T.rename_axis("IR").astype(float)
    if not checks:
        out = out.drop(columns=["(1+IR)/(1+√IR)²", "registry"])
    # + 0.0 turns a rounded -0.0 (MCC is 0 up to the last bit) into 0.0
    return out if decimals is None else out.round(decimals) + 0.0


def _diagonal_matrices(m_max: int = 60):
    """Every matrix with TPR = TNR and P, N <= ``m_max``: (TP, TN, P, N) as float arrays."""
    rows = [(j * a, j * b, g * a, g * b)
            for g in range(1, m_max + 1)
            for a in range(1, m_max // g + 1)
            for b in range(1, m_max // g + 1)
            for j in range(g + 1)]
    return np.array(rows, dtype=float).T


@cache
def diagonal_table() -> pd.DataFrame:
    """Every metric of the library on all matrices with TPR = TNR = t and P, N <= 60."""
    tp, tn, p, n = _diagonal_matrices()
    C = il.binary_matrix(tp, p - tp, n - tn, tn)
    t = tp / p
    inner = (t > 0) & (t < 1)
    rows = {}
    for name, info in il.METRICS.items():
        if name in ("tpr", "tnr"):  # t by definition
            continue
        v = info.func(C, **info.params, zero_division=np.nan)
        eq = np.isclose(v, t, rtol=0, atol=1e-12)
        rows[name] = {"max |value - t|": float(np.round(np.nanmax(np.abs(v - t)), 10)),
                      "share = t (P ≠ N)": eq[inner & (p != n)].mean(),
                      "= t when P = N": bool(eq[inner & (p == n)].all())}
    out = pd.DataFrame(rows).T
    out["max |value - t|"] = out["max |value - t|"].astype(float)
    return out.sort_values("max |value - t|", kind="stable").round(4)


@cache
def coinciding_pairs(max_m: int = 40) -> pd.DataFrame:
    """Which pairs of HMNC, ACC, BACC and G-mean coincide, on every matrix with M <= max_m.

    Each equality is tested in exact integer form (cross-multiplied) and set
    against the theorem's prediction: TPR = TNR or the pair's extra set.
    """
    C = all_matrices(max_m).astype(np.int64)
    tp, tn, p, n = C[:, 1, 1], C[:, 0, 0], C[:, 1].sum(1), C[:, 0].sum(1)
    keep = (p > 0) & (n > 0)
    tp, tn, p, n = tp[keep], tn[keep], p[keep], n[keep]
    m = p + n
    pairs = {
        "ACC = BACC": ((tp + tn) * 2 * p * n == (tp * n + tn * p) * m, p == n),
        "HMNC = BACC": (2 * tp * tn * m == (tp * n + tn * p) * (tp + tn), tp == tn),
        "HMNC = ACC": (tp * tn * m * m == (tp + tn) ** 2 * p * n, tp * p == tn * n),
        "ACC = G-mean": ((tp + tn) ** 2 * p * n == tp * tn * m * m, tp * p == tn * n),
        "HMNC = G-mean": ((tp * tn * m) ** 2 * p * n == tp * tn * ((tp + tn) * p * n) ** 2,
                          (tp * p == tn * n) | (tp * tn == 0)),
        "BACC = G-mean": ((tp * n + tn * p) ** 2 == 4 * tp * tn * p * n,
                          np.zeros_like(p, bool)),
    }
    diagonal = tp * n == tn * p
    rows = {}
    for name, (holds, extra) in pairs.items():
        if name.startswith("HMNC"):  # HMNC's convention at TP = TN = 0
            holds = np.where(tp + tn == 0, True, holds)
        off = holds & ~diagonal
        i = np.flatnonzero(off)
        first = i[np.argmin(m[i] * 10**6 + tp[i] * 10**3 + tn[i])] if len(i) else None
        rows[name] = {
            "mismatches with the theorem": int(np.sum(holds != (diagonal | extra))),
            "matrices with TPR != TNR": int(off.sum()),
            "of which P != N": int((off & (p != n)).sum()),
            "smallest (P, N, TP, TN)": "none" if first is None
            else f"({p[first]}, {n[first]}, {tp[first]}, {tn[first]})",
        }
    return pd.DataFrame(rows).T


def coincide_examples() -> pd.DataFrame:
    """The smallest matrices on which HMNC = BACC and HMNC = ACC = G-mean with TPR != TNR."""
    ex = {"(P, N, TP, TN) = (1, 2, 1, 1)": il.binary_matrix(1, 0, 1, 1),
          "(P, N, TP, TN) = (4, 2, 1, 2)": il.binary_matrix(1, 3, 0, 2),
          "(P, N, TP, TN) = (1000, 250, 50, 200)": burduk_matrix(50, 200, 1000, 250)}
    return pd.DataFrame({k: {"TPR": il.tpr(C), "TNR": il.tnr(C), "HMNC": il.hmnc(C),
                             "ACC": il.accuracy(C), "BACC": il.balanced_accuracy(C),
                             "G-mean": il.g_mean(C)} for k, C in ex.items()}).T.round(4)


# --------------------------------------------------------------------------- tables


@cache
def recompute(label: str):
    """Metric values and pair differences of one of Burduk's tables, from its counts.

    Returns ``(values, diffs)``: DataFrames indexed by the table's rows ("1"-"4")
    and pairs ("|1-2|", ...), columns the metrics of :data:`METRICS`.
    """
    p, n = CLASS_SIZES[label]
    tp, tn = _table_counts(label)
    values = pd.DataFrame(document_metrics(burduk_matrix(tp, tn, p, n)),
                          index=list(TABLES[label]["values"].rows))
    pairs = [pair.strip("|").split("-") for pair in TABLES[label]["differences"].rows]
    diffs = pd.DataFrame([(values.loc[a] - values.loc[b]).abs() for a, b in pairs],
                         index=list(TABLES[label]["differences"].rows))
    return values, diffs


def _two_decimals(table, part):
    # trailing zeros restored (0.5 -> 0.50): the stricter reading of the printed numbers
    rows = {r: tuple(v if c in ("TP", "TN") else f"{float(v):.2f}"
                     for c, v in zip(table.columns, vals)) for r, vals in table.rows.items()}
    return dataclasses.replace(table, rows=rows, label=f"{table.label} {part}")


def stacked(part: str):
    """The three published tables of ``part`` ("values" or "differences") as one, with ours.

    Rows are "T1 Ψ2" or "T1 |1-2|". Returns ``(published, recomputed)``.
    """
    rows, ours, pub = {}, {}, None
    for label in TABLES:
        pub = _two_decimals(TABLES[label][part], part)
        frame = recompute(label)[0 if part == "values" else 1]
        for r, vals in pub.rows.items():
            key = f"T{label[-1]} " + (f"Ψ{r}" if part == "values" else r)
            rows[key], ours[key] = vals, frame.loc[r]
    return dataclasses.replace(pub, rows=rows, label=f"Tables 1-3 {part}"), pd.DataFrame(ours).T


def table_counts() -> dict:
    """How many published values and differences agree at the printed precision."""
    from imbalance_lib.book.tables import compare

    values = compare(*stacked("values"))
    diffs = compare(*stacked("differences"))
    miss = ~diffs["agrees"]
    return {"n_values": len(values), "n_values_agree": int(values["agrees"].sum()),
            "n_diffs": len(diffs), "n_diff_miss": int(miss.sum()),
            "n_diff_miss_mk": int((miss & diffs["column"].isin(["MCC", "Kappa"])).sum())}


GROUPS = {"HMNC, ACC, BACC, G-mean": ["HMNC", "ACC", "BACC", "G-mean"],
          "MCC, F1, kappa": ["MCC", "F1", "Kappa"]}
"""The two column groups in which the wide comparison tables are shown."""


def comparison_tables() -> list:
    """The published-versus-recomputed tables (four styled tables: values and differences)."""
    from imbalance_lib.book.tables import side_by_side

    small = [{"selector": "", "props": "font-size: 0.8em;"},
             {"selector": "td, th", "props": "padding: 2px 6px;"}]
    out = []
    for part in ["values", "differences"]:
        pub, ours = stacked(part)
        what = "metric values" if part == "values" else "absolute differences"
        for gi, (gname, cols) in enumerate(GROUPS.items()):
            cap = (f"Burduk's Tables 1-3, {what} of {gname}: published, recomputed and their "
                   "difference; highlighted where they disagree at the printed precision")
            styler = side_by_side(pub, ours[cols], show_diff=True, caption=cap,
                                  uuid=f"hmnc-{part}-{gi}")
            styler = styler.relabel_index(["pub.", "ours", "diff"] * len(cols), axis=1,
                                          level=1)
            out.append(styler.set_table_styles(small, overwrite=False))
    return out


def round2(x):
    """Round half up to two decimals (as the document does).

    >>> round2(0.125).item(), round2(0.124).item()
    (0.13, 0.12)
    """
    return round_half_up(x, 2)


HYPOTHESES = ["H0 textbook", "H1 rounded first", "H2 truncated", "H3 rescaled"]
"""The four conventions each printed difference is tested against."""


@cache
def difference_conventions() -> pd.DataFrame:
    """Every printed difference tested against the four conventions: one row per cell."""
    records = []
    for label in TABLES:
        values, _ = recompute(label)
        pub_d = TABLES[label]["differences"]
        for pair in pub_d.rows:
            a, b = pair.strip("|").split("-")
            for name in METRICS:
                x, y = values.loc[a, name], values.loc[b, name]
                printed, exact = pub_d.value(pair, name), abs(x - y)
                records.append({
                    "table": label, "pair": pair, "metric": name, "printed": printed,
                    "exact": exact,
                    "H0 textbook": bool(np.isclose(round2(exact), printed)),
                    "H1 rounded first": bool(np.isclose(abs(round2(x) - round2(y)), printed)),
                    "H2 truncated": bool(np.isclose(np.floor(exact * 100 + 1e-9) / 100,
                                                    printed)),
                    "H3 rescaled": bool(np.isclose(round2(exact / 2), printed)),
                })
    return pd.DataFrame.from_records(records)


def convention_summary() -> pd.DataFrame:
    """Per metric, and over all seven: how many difference cells each convention reproduces."""
    cells = difference_conventions()
    summary = cells.groupby("metric", sort=False)[HYPOTHESES].sum()
    summary.insert(0, "cells", cells.groupby("metric", sort=False).size())
    summary.loc["all seven"] = summary.sum()
    return summary


def disagreements() -> pd.DataFrame:
    """The difference cells the textbook convention misses, each with its explanation."""
    cells = difference_conventions()
    out = cells[~cells["H0 textbook"]].copy()
    out["explanation"] = np.where(out["H3 rescaled"], "H3 (rescaled)", "copied cell")
    out["exact / 2"] = out["exact"] / 2
    out["table"] = out["table"].str.replace("Table ", "")
    return out.set_index(["table", "pair", "metric"])[
        ["printed", "exact", "exact / 2", "explanation"]].round(4)


@cache
def table_reading() -> pd.DataFrame:
    """Is HMNC's difference the smallest (TP changes) or largest (TN changes) of the seven?"""
    rows = []
    for label in TABLES:
        diffs = recompute(label)[1]
        for pair, want in [("|1-2|", "smallest"), ("|3-4|", "smallest"),
                           ("|1-4|", "largest"), ("|2-3|", "largest")]:
            row = {"table": label, "pair": pair, "HMNC should be": want}
            for scale, factor in [("winner, raw MCC and kappa", 1.0),
                                  ("winner, MCC and kappa rescaled", 0.5)]:
                d = diffs.loc[pair].copy()
                d[["MCC", "Kappa"]] *= factor
                row[scale] = d.idxmin() if want == "smallest" else d.idxmax()
            rows.append(row)
    return pd.DataFrame(rows).set_index(["table", "pair"])


def _table_findings() -> dict:
    f = table_counts()
    cells = difference_conventions()
    t1v, t1d = recompute("Table 1")
    t3v, t3d = recompute("Table 3")
    mk = cells[cells["metric"].isin(["MCC", "Kappa"])]
    miss = cells[~cells["H0 textbook"]]
    copied = miss[~miss["H3 rescaled"]]
    reading = table_reading()
    printed_gm = {(label, pair): TABLES[label]["differences"].value(pair, "G-mean")
                  for label in TABLES for pair in ("|1-2|", "|1-3|", "|1-4|")}
    f.update({
        "acc_t1_2": t1v.loc["2", "ACC"], "mcc_t1_3": t1v.loc["3", "MCC"],
        "f1_t1_14": t1d.loc["|1-4|", "F1"], "f1_t3_14": t3d.loc["|1-4|", "F1"],
        "f1_t3_1": t3v.loc["1", "F1"], "f1_t3_4": t3v.loc["4", "F1"],
        "gm_t1_13": t1d.loc["|1-3|", "G-mean"],
        "n_mk": len(mk), "n_mk_h3": int(mk["H3 rescaled"].sum()),
        "n_mk_h0": int(mk["H0 textbook"].sum()),
        "n_f1_h1_miss": int((~cells[cells["metric"] == "F1"]["H1 rounded first"]).sum()),
        "n_h2_miss": int((~cells["H2 truncated"]).sum()), "n_cells": len(cells),
        "n_h2_hit": int(cells["H2 truncated"].sum()),
        "n_f1_h1_hit": int(cells[cells["metric"] == "F1"]["H1 rounded first"].sum()),
        "n_f1": int((cells["metric"] == "F1").sum()),
        "acc_t1_2_trunc": np.floor(t1v.loc["2", "ACC"] * 100) / 100,
        "mcc_t1_3_trunc": np.floor(t1v.loc["3", "MCC"] * 100) / 100,
        "gm_t1_13_half": float(round2(t1d.loc["|1-3|", "G-mean"] / 2)),
        # the printed 0.09 repeats the cells above and below it; Tables 2 and 3 print 0.2
        "gm_t1_13_is_neighbours": bool(
            printed_gm["Table 1", "|1-3|"] == printed_gm["Table 1", "|1-2|"]
            == printed_gm["Table 1", "|1-4|"]),
        "gm_13_other_tables": float(max(abs(printed_gm[t, "|1-3|"] - 0.2)
                                        for t in ("Table 2", "Table 3"))),
        "n_copied": len(copied),
        "copied_cell": " ".join(copied.iloc[0][["table", "pair", "metric"]])
        if len(copied) else "",
        "n_unexplained": int((~miss["H3 rescaled"] & (miss["metric"] != "G-mean")).sum()),
        "claims_n": len(reading),
        "claims_raw": int((reading["winner, raw MCC and kappa"] == "HMNC").sum()),
        "claims_resc": int((reading["winner, MCC and kappa rescaled"] == "HMNC").sum()),
        "t3_14_mcc": t3d.loc["|1-4|", "MCC"], "t3_14_hmnc": t3d.loc["|1-4|", "HMNC"],
    })
    return f


# --------------------------------------------------------------------------- heat maps


@cache
def surfaces(n: int = 201) -> dict:
    """The seven metrics over the (TP/P, TN/N) plane at each IR: ``{ir: {metric: Z}}``.

    The grid is :func:`imbalance_lib.book.figures.rate_grid` (TP/P along x).
    """
    from imbalance_lib.book.figures import rate_grid

    T, S = rate_grid(n)
    return {ir: document_metrics(burduk_matrix(T * P_MAJ, S * P_MAJ * ir, P_MAJ, P_MAJ * ir))
            for ir in IRS}


def heatmap_figure(ir: float):
    """The document's Fig. 1, 2 or 3 redrawn: seven metrics over the plane at one IR."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import plane, rate_grid

    T, S = rate_grid(201)
    square = np.array([[0.5, 0.5], [0.7, 0.5], [0.7, 0.7], [0.5, 0.7], [0.5, 0.5]])
    fig, axes = plt.subplots(2, 4, figsize=(7.2, 4.3), sharex=True, sharey=True,
                             layout="constrained")
    images = {}
    for ax, name in zip(axes.flat, METRICS):
        lo, hi = (-1, 1) if name in HALVED else (0, 1)
        images[lo] = plane(ax, T, S, surfaces()[ir][name], levels=np.linspace(lo, hi, 41),
                           lines=np.round(np.arange(lo + 0.1, hi, 0.1), 2) + 0.0,
                           vmin=lo, vmax=hi)
        ax.plot(square[:, 0], square[:, 1], "-o", color="white", mec="black", mew=0.6,
                ms=3.5, lw=1)
        ax.set_title(name)
        ax.set_xlabel("TP / P" if ax in axes[1] else "")
        ax.set_ylabel("TN / N" if ax in axes[:, 0] else "")
        ax.set_xticks([0, 0.5, 1], ["0", ".5", "1"])
        ax.set_yticks([0, 0.5, 1], ["0", ".5", "1"])
    axes[1, 3].set_axis_off()
    for lo, where in [(0, [0.05, 0.62, 0.9, 0.1]), (-1, [0.05, 0.2, 0.9, 0.1])]:
        cb = fig.colorbar(images[lo], cax=axes[1, 3].inset_axes(where),
                          orientation="horizontal", ticks=np.linspace(lo, 1, 3))
        cb.set_label("MCC, kappa" if lo else "other five")
    plt.close(fig)  # returned for glue, not drawn again at the end of the cell
    return fig


def _heatmap_findings() -> dict:
    surf = surfaces()
    return {
        "kappa_share_001": float(np.mean(np.abs(surf[0.01]["Kappa"]) < 0.1)),
        "ir_free_gap": float(max(np.nanmax(np.abs(surf[ir][m] - surf[0.25][m]))
                                 for ir in IRS for m in ("BACC", "G-mean"))),
    }


# --------------------------------------------------------------------------- sensitivity


def _winners(d, pick):
    """Index of the metric with the smallest (``pick=np.argmin``) or largest derivative."""
    fill = np.inf if pick is np.argmin else -np.inf
    return pick(np.where(np.isnan(d), fill, d), axis=0)


@cache
def sensitivity(n: int = 401) -> dict:
    """Finite-difference derivatives of the seven metrics in TPR and TNR, at each IR.

    Returns a dict with ``table`` (shares of three regions where HMNC is the least
    majority-sensitive, the most minority-sensitive, both, and has the flattest
    isolines; MCC and kappa halved), ``status`` (per IR, a grid coded 0 both,
    1 minority only, 2 majority only, 3 neither), ``grid`` ``(T, S)`` and scalar
    results named as in :func:`findings`.
    """
    from imbalance_lib.book.figures import rate_grid

    T, S = rate_grid(n)
    h = 1.0 / (n - 1)
    interior = (T > 0.01) & (T < 0.99) & (S > 0.01) & (S < 0.99)
    names = np.array(list(METRICS))
    out, rows, status, fd_err = {}, [], {}, []
    for ir in IRS:
        p, q = float(P_MAJ), P_MAJ * ir
        d_tpr, d_tnr = {}, {}
        for name, v in document_metrics(burduk_matrix(T * p, S * q, p, q)).items():
            gs, gt = np.gradient(v, h, h)  # axis 0: TNR, axis 1: TPR
            d_tpr[name], d_tnr[name] = np.abs(gt), np.abs(gs)
        tp, tn = T[interior] * p, S[interior] * q  # analytic partials (hmnc-eq-partials)
        a_tpr = p * (p + q) * tn**2 / (p * q * (tp + tn) ** 2)
        a_tnr = q * (p + q) * tp**2 / (p * q * (tp + tn) ** 2)
        fd_err.append(np.maximum(np.abs(d_tpr["HMNC"][interior] - a_tpr),
                                 np.abs(d_tnr["HMNC"][interior] - a_tnr))
                      / np.maximum(a_tpr, a_tnr))
        raw_maj = np.stack([d_tpr[k] for k in METRICS])
        raw_min = np.stack([d_tnr[k] for k in METRICS])
        half = np.array([HALVED.get(k, 1.0) for k in METRICS])[:, None, None]
        maj, mino = raw_maj * half, raw_min * half
        least, most = _winners(maj, np.argmin) == 0, _winners(mino, np.argmax) == 0
        both = least & most
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = np.where(np.isnan(mino / maj), -np.inf, mino / maj)
        flattest = np.argmax(ratio, axis=0) == 0
        status[ir] = np.where(both, 0, np.where(most, 1, np.where(least, 2, 3)))
        above = interior & (T > ir)
        strip = interior & (T > 0.5)
        tables = strip & (S > 0.5)
        for rname, R in {"TP/P > IR": above, "TP/P > 0.5 (any TN)": strip,
                         "TP/P > 0.5 and TN/N > 0.5 (the tables)": tables}.items():
            rows.append({"IR": ir, "region": rname,
                         "least majority-sensitive": least[R].mean(),
                         "most minority-sensitive": most[R].mean(),
                         "both": both[R].mean(), "flattest isolines": flattest[R].mean()})
        raw_both = (_winners(raw_maj, np.argmin) == 0) & (_winners(raw_min, np.argmax) == 0)
        fail = strip & ~both
        # per sample (d/dTN against d/dTP): HMNC favours the minority where TP > TN
        per_sample = d_tnr["HMNC"] / q > d_tpr["HMNC"] / p
        out.update({
            f"both_{ir:g}": both[above].mean(), f"both_tab_{ir:g}": both[tables].mean(),
            f"both_tab_raw_{ir:g}": raw_both[tables].mean(),
            f"flat_{ir:g}": flattest[above].mean(), f"any_{ir:g}": both[strip].mean(),
            f"fail_{ir:g}": fail[strip].mean(),
            f"fail_small_{ir:g}": (S[fail] < 0.25).mean(),
            f"fail_high_{ir:g}": (fail & (S >= 0.25))[strip].mean(),
            f"per_sample_{ir:g}": per_sample[above].mean(),
            f"beat_maj_{ir:g}": ", ".join(sorted(set(names[_winners(maj, np.argmin)[above]])
                                                 - {"HMNC"})),
            f"beat_min_{ir:g}": ", ".join(sorted(set(names[_winners(mino, np.argmax)[above]])
                                                 - {"HMNC"})),
        })
    out["fail_high_max"] = max(out[f"fail_high_{ir:g}"] for ir in IRS)
    fd_err = np.concatenate(fd_err)
    out["fd_median"], out["fd_q99"] = float(np.median(fd_err)), float(np.quantile(fd_err, 0.99))
    out = {k: float(v) if isinstance(v, (float, np.floating)) else v for k, v in out.items()}
    table = pd.DataFrame(rows).set_index(["IR", "region"])
    return {"table": table, "status": status, "grid": (T, S), **out}


def sensitivity_figure():
    """Where a minority sample moves HMNC more, and where the document's claim holds."""
    import matplotlib.pyplot as plt
    from matplotlib import patheffects
    from matplotlib.colors import BoundaryNorm, ListedColormap

    from imbalance_lib.book.figures import PALETTE

    sens = sensitivity()
    T, S = sens["grid"]
    colours = [PALETTE[c] for c in ("green", "sky", "orange", "grey")]
    halo = [patheffects.withStroke(linewidth=3, foreground="black")]
    fig, axes = plt.subplots(2, 3, figsize=(7.2, 6.0), sharex=True, sharey=True,
                             layout="constrained")
    for j, ir in enumerate(IRS):
        ax = axes[0, j]
        with np.errstate(divide="ignore", invalid="ignore"):
            r = 2 * np.log10(T / (S * ir))  # log10 of the per-sample ratio (TP/TN)^2
        im = ax.pcolormesh(T, S, np.clip(r, -2, 4), cmap="cividis", vmin=-2, vmax=4,
                           shading="auto", rasterized=True)
        ax.plot([0, ir], [0, 1], color="white", lw=1.6, path_effects=halo,
                label="TP = TN (per-sample flip)")
        ax.plot([0, np.sqrt(ir)], [0, 1], color="white", lw=1.4, ls="--", path_effects=halo,
                label=r"TPR = $\sqrt{IR}$ TNR (per-recall flip)")
        ax.axvline(ir, color=PALETTE["vermillion"], lw=1.4, ls=":",
                   label="TP/P = IR (document)")
        ax.set_title(f"IR = {ir:g}")
        axes[1, j].pcolormesh(T, S, sens["status"][ir], cmap=ListedColormap(colours),
                              norm=BoundaryNorm(np.arange(-0.5, 4), 4), shading="auto",
                              rasterized=True)
        axes[1, j].axvline(ir, color="black", lw=1.2, ls=":")
        axes[1, j].set_xlabel("TP / P (majority recall)")
    for ax in axes[:, 0]:
        ax.set_ylabel("TN / N (minority recall)")
    for ax in axes.flat:
        ax.set(aspect="equal", xlim=(0, 1), ylim=(0, 1))
        ax.set_xticks([0, 0.5, 1], ["0", "0.5", "1"])
        ax.set_yticks([0, 0.5, 1], ["0", "0.5", "1"])
    fig.colorbar(im, ax=axes[0, :], shrink=0.9,
                 label=r"$\log_{10}$ of $\partial_{TN} HMNC\, /\, \partial_{TP} HMNC$")
    fig.legend(*axes[0, 0].get_legend_handles_labels(), loc="outside upper center", ncol=2,
               frameon=True, facecolor="#5a5a5a", edgecolor="none",
               labelcolor="white", framealpha=1)
    fig.legend([plt.Rectangle((0, 0), 1, 1, color=c) for c in colours],
               ["both (the document's claim)", "most minority-sensitive only",
                "least majority-sensitive only", "neither"],
               loc="outside lower center", ncol=2, frameon=False)
    plt.close(fig)  # returned for glue, not drawn again at the end of the cell
    return fig


# --------------------------------------------------------------------------- model choice

SWEEP = {"HMNC": il.hmnc, "BACC": il.balanced_accuracy, "G-mean": il.g_mean,
         "AC-score": il.ac, "MCC": il.mcc, "Kappa": il.kappa, "F1": il.f1,
         "ACC": il.accuracy}
"""The metrics whose preferred operating point the re-run compares."""

TASKS = {"Glass 3 vs rest": ("glass", 3), "Satimage 4 vs rest": ("satimage", 4)}
"""The two binary tasks of García et al. (2009) that ship with the book."""


def _task(name: str):
    from imbalance_lib.book.datasets import load_glass, load_satimage

    loader, positive = TASKS[name]
    data = (load_glass if loader == "glass" else load_satimage)(positive=positive)
    return data.data, data.target


@cache
def operating_points(seed: int = 0, folds: int = 5) -> pd.DataFrame:
    """The operating point each metric of :data:`SWEEP` prefers, on both tasks.

    A standardised logistic regression gives out-of-fold probabilities from a
    stratified ``folds``-fold cross-validation shuffled with ``seed``; every
    distinct cut of the pooled scores is one confusion matrix
    (:func:`imbalance_lib.threshold_sweep`), and each metric picks the cut that
    maximises it. The cut is chosen on the scores it is judged on: the table
    shows which operating point a metric prefers, not how that threshold would
    fare on new data.

    Returns
    -------
    DataFrame indexed by (task, chosen by): the threshold, TPR (minority
    recall), TNR (majority recall), precision, HMNC and BACC of the chosen cut.
    """
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    rows = []
    for task in TASKS:
        X, y = _task(task)
        cv = StratifiedKFold(folds, shuffle=True, random_state=seed)
        model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000))
        score = cross_val_predict(model, X, y, cv=cv, method="predict_proba")[:, 1]
        thr, C = il.threshold_sweep(y, score)  # cut "positive if score >= thr"
        for name, f in SWEEP.items():
            i = int(np.nanargmax(f(C, zero_division=np.nan)))
            rows.append({"task": task, "chosen by": name, "threshold": thr[i],
                         "TPR (minority)": il.tpr(C[i]), "TNR (majority)": il.tnr(C[i]),
                         "precision": il.precision(C[i], zero_division=0.0),
                         "HMNC": il.hmnc(C[i]), "BACC": il.balanced_accuracy(C[i])})
    return pd.DataFrame(rows).set_index(["task", "chosen by"])


SEEDS = tuple(range(20))
"""The fold seeds over which the re-run is repeated."""


def choice_runs(seeds=SEEDS) -> pd.DataFrame:
    """:func:`operating_points` for every fold seed, in one long table (column ``seed``)."""
    return pd.concat({seed: operating_points(seed) for seed in seeds},
                     names=["seed"]).reset_index()


def choice_spread(seeds=SEEDS) -> pd.DataFrame:
    """Each metric's operating point over the fold seeds: mean (min-max) of its rates."""
    runs = choice_runs(seeds)
    g = runs.groupby(["task", "chosen by"], sort=False)
    cols = ["TPR (minority)", "TNR (majority)", "precision"]
    mean, lo, hi = g[cols].mean(), g[cols].min(), g[cols].max()
    out = pd.DataFrame(index=mean.index)
    for c in cols:
        out[c] = [f"{m:.2f} ({a:.2f}-{b:.2f})" for m, a, b in zip(mean[c], lo[c], hi[c])]
    return out


def _choice_findings(seeds=SEEDS) -> dict:
    runs = choice_runs(seeds)
    f = {"exp_reps": len(seeds), "exp_tasks": len(TASKS), "exp_folds": 5,
         "exp_seed_last": max(seeds)}
    extreme = pd.Series(True, index=list(seeds))
    unbeaten = pd.Series(True, index=list(seeds))  # no metric strictly more extreme
    ties = set()
    for task in TASKS:
        t = task.split()[0]
        _, y = _task(task)
        r = runs[runs["task"] == task]
        tpr = r.pivot(index="seed", columns="chosen by", values="TPR (minority)")
        tnr = r.pivot(index="seed", columns="chosen by", values="TNR (majority)")
        prec = r.pivot(index="seed", columns="chosen by", values="precision")
        top = tpr["HMNC"] > tpr.drop(columns="HMNC").max(axis=1)  # strictly the highest
        bottom = tnr["HMNC"] <= tnr.drop(columns="HMNC").min(axis=1)
        extreme &= top & bottom
        unbeaten &= ((tpr["HMNC"] >= tpr.max(axis=1)) & (tnr["HMNC"] <= tnr.min(axis=1)))
        for seed in tpr.index[~(top & bottom)]:  # the metrics that pick HMNC's point there
            same = (tpr.loc[seed] == tpr.loc[seed, "HMNC"]) & (
                tnr.loc[seed] == tnr.loc[seed, "HMNC"])
            names = [m for m in SWEEP if same[m] and m != "HMNC"] or ["no other metric"]
            ties.add((t, " and ".join([", ".join(names[:-1]), names[-1]][-len(names):])))
        f.update({
            f"exp_pi_{t}": float(y.mean()), f"exp_w_{t}": 1 - float(y.mean()),
            f"exp_pos_{t}": int(y.sum()), f"exp_n_{t}": int(y.size),
            f"exp_tpr_{t}": tpr["HMNC"].mean(), f"exp_tnr_{t}": tnr["HMNC"].mean(),
            f"exp_tpr_min_{t}": tpr["HMNC"].min(), f"exp_tpr_max_{t}": tpr["HMNC"].max(),
            f"exp_tnr_min_{t}": tnr["HMNC"].min(), f"exp_tnr_max_{t}": tnr["HMNC"].max(),
            f"exp_prec_{t}": prec["HMNC"].mean(),
            f"exp_prec_min_{t}": prec["HMNC"].min(), f"exp_prec_max_{t}": prec["HMNC"].max(),
            f"exp_tnr_ba_{t}": tnr["BACC"].mean(),
            f"exp_tnr_ba_min_{t}": tnr["BACC"].min(), f"exp_tnr_ba_max_{t}": tnr["BACC"].max(),
            f"exp_lower_tnr_than_ba_{t}": int((tnr["HMNC"] < tnr["BACC"]).sum()),
            f"exp_higher_tnr_than_ba_{t}": int((tnr["HMNC"] > tnr["BACC"]).sum()),
            f"exp_acc_tpr_max_{t}": tpr["ACC"].max(),
        })
    f["exp_holds"] = int(extreme.sum())
    f["exp_unbeaten"] = int(unbeaten.sum())
    # the repetitions in which HMNC is not strictly the most extreme: on which task,
    # and which metrics choose the same operating point there
    f["exp_tie_tasks"] = ", ".join(sorted({task for task, _ in ties}))
    f["exp_tie_metrics"] = "; ".join(sorted({same for _, same in ties}))
    return f

# --------------------------------------------------------------------------- findings

MEANS = {"accuracy", "ac", "balanced_accuracy", "g_mean", "hmnc", "macro_recall",
         "weighted_accuracy"}
"""The registry's means of TPR and TNR: the metrics that return t on TPR = TNR = t."""


def _theorem_findings() -> dict:
    forms, ranges = form_checks(), range_checks()
    margins, pairs, diag = kappa_margins(), coinciding_pairs(), diagonal_table()
    noskill = noskill_table(None, checks=True)
    tp, tn = _table_counts("Table 1")
    h_t1 = il.hmnc(burduk_matrix(tp, tn, 1000, 10))
    C_extra = burduk_matrix(50, 200, 1000, 250)
    t = np.array([0.5])
    half = [float(il.macro_precision(burduk_matrix(0.5 * p, 0.5 * n, p, n)))
            for p, n in [(3.0, 1.0), (1000.0, 10.0), (7.0, 250.0)]]
    exact = diag["max |value - t|"] == 0
    others = diag.drop(index=list(MEANS) + ["optimized_precision"])
    f = {
        "symbolic_zero": bool((symbolic_checks().iloc[:, 0] == "0").all()),
        "forms_hold": bool((forms["holds"] == "yes").all()),
        "ranges_hold": bool((ranges["holds"] == "yes").all()),
        "equalities_hold": bool((equality_checks()["holds"] == "yes").all()),
        "kappa_min_at_origin": bool((margins["argmin κ"] == "(0, 0)").all()
                                    and np.allclose(margins["min κ"].astype(float),
                                                    margins["−2IR/(1+IR²)"].astype(float))),
        "mcc_min_margins": float(margins["min MCC"].astype(float).max()),
        "pair_mismatches": int(pairs["mismatches with the theorem"].sum()),
        "pairs_second_curve": int((pairs["of which P != N"] > 0).sum()),
        "acc_bacc_off_p_ne_n": int(pairs.loc["ACC = BACC", "of which P != N"]),
        "bacc_gm_off": int(pairs.loc["BACC = G-mean", "matrices with TPR != TNR"]),
        "means_on_diagonal": ", ".join(sorted(diag.index[exact])),
        "op_on_diagonal": float(diag.loc["optimized_precision", "share = t (P ≠ N)"]),
        "others_on_diagonal_max": float(others["share = t (P ≠ N)"].max()),
        "others_but_map_on_diagonal_max": float(
            others.drop(index="macro_precision")["share = t (P ≠ N)"].max()),
        "all_minority_f1_zero_some_right": bool(
            (lambda r: r["F1"] == 0 and r["correct"] > 0)(
                constant_classifiers().loc["all minority"])),
        "all_majority_hmnc_gm_zero_acc": bool(
            (lambda r: r["HMNC"] == 0 and r["G-mean"] == 0 and r["ACC"] > 0)(
                constant_classifiers().loc["all majority"])),
        "macro_precision_half": bool(np.allclose(half, t)),
        "maxgap_t1": float(np.max(np.abs(h_t1 - tn / 10))),
        "extra_h": float(il.hmnc(C_extra)), "extra_ba": float(il.balanced_accuracy(C_extra)),
        "extra_coincide": bool(np.allclose([il.accuracy(C_extra), il.g_mean(C_extra)],
                                           il.hmnc(C_extra))),
        "noskill_minshare": float(noskill.loc["0.01", "TNR"]),
        "noskill_best_t1": float(noskill.loc["0.01", "best Ψ"]),
        "noskill_formula_gap": float((noskill["HMNC"] - noskill["(1+IR)/(1+√IR)²"]).abs().max()
                                     + (noskill["HMNC"] - noskill["registry"]).abs().max()),
    }
    for ir in IRS:
        f[f"noskill_{ir:g}"] = float(noskill.loc[f"{ir:g}", "HMNC"])
        f[f"kmin_{ir:g}"] = float(margins.loc[f"{ir:g}", "−2IR/(1+IR²)"])
    return f


@cache
def findings() -> dict:
    """Everything the chapter's prose states, computed (each experiment runs once).

    Keys become glue names ``hmnc-<key with - for _>`` (:func:`glue_findings`).
    """
    f = _theorem_findings()
    f.update(_table_findings())
    f.update(_heatmap_findings())
    sens = sensitivity()
    f.update({k: v for k, v in sens.items() if k not in ("table", "status", "grid")})
    f.update(_choice_findings())
    return {k: v.item() if isinstance(v, np.generic) else v for k, v in f.items()}


def _all(f, key, test):
    return all(test(f[f"{key}_{ir:g}"]) for ir in IRS)


def _extremes(f, key, low, high):
    """Is ``<key>_<low>`` the smallest and ``<key>_<high>`` the largest over the three IRs?"""
    values = [f[f"{key}_{ir:g}"] for ir in IRS]
    return f[f"{key}_{low}"] == min(values) and f[f"{key}_{high}"] == max(values)


CLAIMS = [
    # --- derivations
    Claim("symbolic", "sympy reduces the difference of the two sides of the definition, the "
          "four forms and the duality to 0", lambda f: f["symbolic_zero"]),
    Claim("forms", "il.hmnc equals the closed form and forms (1)-(3) on every matrix tried, "
          "and is 0 exactly when a class is missed", lambda f: f["forms_hold"]),
    Claim("ranges", "HMNC lies between the recalls, |MCC| <= 1 and kappa >= -2PN/(P^2 + N^2) "
          "on every matrix tried", lambda f: f["ranges_hold"]),
    Claim("equalities", "the duality, the equality theorem and the five differences of the "
          "necessity theorem hold on every matrix tried", lambda f: f["equalities_hold"]),
    Claim("kappa-min", "with the document's class sizes kappa's minimum is the bound, attained "
          "only at TP = TN = 0, and it is above -1",
          lambda f: f["kappa_min_at_origin"] and _all(f, "kmin", lambda v: -1 < v < 0)),
    Claim("mcc-min", "MCC reaches -1 with the document's class sizes",
          lambda f: f["mcc_min_margins"] == -1),
    Claim("noskill", "a no-skill classifier's best HMNC follows (1 + IR)/(1 + sqrt IR)^2 and "
          "beats every classifier of Table 1 at IR = 0.01",
          lambda f: f["noskill_formula_gap"] < 1e-12
          and f["noskill_0.01"] > f["noskill_best_t1"]),
    Claim("noskill-minority", "the best no-skill classifier predicts the minority class most "
          "of the time", lambda f: f["noskill_minshare"] > 0.5),
    Claim("hmnc-near-minority-recall", "over Table 1, HMNC is within 0.01 of the minority recall",
          lambda f: f["maxgap_t1"] < 0.01),
    Claim("diagonal-means", "on TPR = TNR exactly the means of the two recalls return t",
          lambda f: set(f["means_on_diagonal"].split(", ")) == MEANS),
    Claim("diagonal-op", "optimized precision returns t on the diagonal when 0 < t < 1",
          lambda f: f["op_on_diagonal"] == 1.0),
    Claim("diagonal-others", "the other metrics miss t in almost every case when P != N",
          lambda f: f["others_on_diagonal_max"] < 0.25
          and f["others_but_map_on_diagonal_max"] == 0 and f["macro_precision_half"]),
    Claim("zero-not-all-wrong", "0 does not mean every object is misclassified: the "
          "all-majority classifier gets HMNC = G-mean = 0 with most objects right, and the "
          "all-minority classifier F1 = 0 with some objects right",
          lambda f: f["all_majority_hmnc_gm_zero_acc"]
          and f["all_minority_f1_zero_some_right"]),
    Claim("macro-precision-half", "macro precision equals t at t = 1/2 for every P, N",
          lambda f: f["macro_precision_half"]),
    Claim("pairs", "the equality sets of the six pairs are exactly those of the theorem; four "
          "pairs coincide on a second curve when P != N, ACC = BACC only when P = N and "
          "BACC = G-mean only on the diagonal",
          lambda f: f["pair_mismatches"] == 0 and f["pairs_second_curve"] == 4
          and f["acc_bacc_off_p_ne_n"] == 0 and f["bacc_gm_off"] == 0),
    Claim("extra-curve", "at IR = 0.25, (TP, TN) = (50, 200) gives HMNC = ACC = GM below BACC",
          lambda f: f["extra_coincide"] and f["extra_h"] < f["extra_ba"]),
    # --- tables
    Claim("values-reproduced", "every metric value of Tables 1-3 is reproduced at the printed "
          "precision", lambda f: f["n_values_agree"] == f["n_values"] > 0),
    Claim("diff-misses-explained", "the differences that disagree are the MCC and kappa cells "
          "(halved) and one copied G-mean cell",
          lambda f: f["n_diff_miss"] == f["n_diff_miss_mk"] + f["n_copied"]
          and f["n_copied"] == 1 and f["copied_cell"] == "Table 1 |1-3| G-mean"
          and f["n_unexplained"] == 0),
    Claim("rescaled", "halving reproduces every MCC and kappa difference cell; the textbook "
          "difference only two kappa cells",
          lambda f: f["n_mk_h3"] == f["n_mk"] and f["n_mk_h0"] == 2),
    Claim("rounded-half-up", "values are rounded half up, not truncated; truncation "
          "reproduces only some of the difference cells",
          lambda f: f["acc_t1_2_trunc"] != 0.7 and f["mcc_t1_3_trunc"] != 0.09
          and f["n_h2_miss"] > 0 and f["n_h2_hit"] + f["n_h2_miss"] == f["n_cells"]),
    Claim("unrounded-differences", "differences are taken from unrounded values; the "
          "difference of the rounded values reproduces only some of the F1 cells",
          lambda f: f["n_f1_h1_miss"] > 0 and f["n_f1_h1_hit"] + f["n_f1_h1_miss"] == f["n_f1"]
          and round(f["f1_t1_14"], 2) == 0.0 and round(f["f1_t3_14"], 2) == 0.02),
    Claim("copied-cell", "the G-mean difference |1-3| of Table 1 is 0.2, not the printed 0.09, "
          "and halving does not give 0.09 either; Tables 2 and 3 print 0.2 there, and 0.09 "
          "is the printed entry of the rows |1-2| and |1-4| around it",
          lambda f: abs(f["gm_t1_13"] - 0.2) < 1e-9 and f["gm_t1_13_half"] != 0.09
          and f["gm_t1_13_is_neighbours"] and f["gm_13_other_tables"] < 1e-12),
    Claim("reading-needs-rescaling", "the document's reading of its tables holds in every row "
          "only with MCC and kappa rescaled",
          lambda f: f["claims_resc"] == f["claims_n"] > f["claims_raw"]
          and f["t3_14_mcc"] > f["t3_14_hmnc"]),
    # --- heat maps and sensitivity
    Claim("ir-free", "the BACC and G-mean maps do not depend on IR",
          lambda f: f["ir_free_gap"] < 1e-12),
    Claim("kappa-squeezed", "at IR = 0.01 |kappa| < 0.1 on most of the plane",
          lambda f: f["kappa_share_001"] > 0.5),
    Claim("finite-differences", "finite differences agree with the partial derivatives "
          "(median relative error below 1e-3)",
          lambda f: f["fd_median"] < 1e-3 and f["fd_q99"] < 2e-2),
    Claim("comparative-only-part", "the comparative claim holds on only part of TP/P > IR "
          "(well under three quarters) at every IR",
          lambda f: _all(f, "both", lambda v: 0 < v < 0.75)),
    Claim("comparative-tables", "in the tables' region it holds almost everywhere with MCC and "
          "kappa halved", lambda f: _all(f, "both_tab", lambda v: v >= 0.9)),
    Claim("comparative-raw-scale", "on MCC's and kappa's own scale the tables' share at "
          "IR = 0.25 drops well below, while at IR = 0.01 and 0.1 it stays almost everywhere",
          lambda f: 0.5 < f["both_tab_raw_0.25"] < 0.7
          and f["both_tab_raw_0.25"] < f["both_tab_0.25"]
          and min(f["both_tab_raw_0.01"], f["both_tab_raw_0.1"]) >= 0.9),
    Claim("any-tn-fails-small-tnr", "the extension to any TN fails on a sixth of the strip, "
          "mostly at small TNR, the rest a sliver",
          lambda f: _all(f, "any", lambda v: 0.75 < v < 0.9)
          and _all(f, "fail_small", lambda v: v > 0.75) and f["fail_high_max"] < 0.05),
    Claim("shares-in-order", "the shares the prose gives as a range run from the IR it names "
          "first to the IR it names last",
          lambda f: _extremes(f, "both_tab", "0.25", "0.01") and _extremes(f, "fail", "0.1", "0.01")
          and _extremes(f, "fail_small", "0.25", "0.01")),
    Claim("per-sample-everywhere", "per sample, a minority sample moves HMNC more than a "
          "majority sample everywhere in TP/P > IR", lambda f: _all(f, "per_sample",
                                                                 lambda v: v == 1.0)),
    Claim("who-beats-hmnc", "where HMNC is not the flattest in TPR, kappa (and MCC from "
          "IR = 0.1) is; where it is not the most minority-sensitive, G-mean, BACC or MCC is",
          lambda f: f["beat_maj_0.01"] == "Kappa" and f["beat_maj_0.1"] == "Kappa, MCC"
          and f["beat_maj_0.25"] == "Kappa, MCC" and f["beat_min_0.01"] == "BACC, G-mean"
          and f["beat_min_0.1"] == f["beat_min_0.25"] == "BACC, G-mean, MCC"),
    Claim("isolines", "by the direction of its isolines HMNC is the most minority-leaning "
          "metric on most of TP/P > IR", lambda f: _all(f, "flat", lambda v: v > 0.8)),
    # --- model choice
    Claim("choice-extreme", "over 20 repetitions, on both tasks HMNC's threshold gives the "
          "strictly highest minority recall and the lowest majority recall of the eight "
          "metrics in all but one repetition; in that one, on Glass, its operating point is "
          "also chosen by BACC, G-mean, AC-score and MCC, so no metric is more extreme in any",
          lambda f: f["exp_reps"] == len(SEEDS) == 20
          and f["exp_holds"] == f["exp_reps"] - 1
          and f["exp_unbeaten"] == f["exp_reps"] and f["exp_tie_tasks"] == "Glass"
          and f["exp_tie_metrics"] == "BACC, G-mean, AC-score and MCC"),
    Claim("choice-below-ba", "HMNC's choice keeps on average less of the majority class than "
          "balanced accuracy's, and never more in any repetition",
          lambda f: all(f[f"exp_tnr_{t}"] < f[f"exp_tnr_ba_{t}"]
                        and f[f"exp_higher_tnr_than_ba_{t}"] == 0
                        for t in ("Glass", "Satimage"))),
    Claim("choice-acc-glass", "accuracy's choice on Glass never predicts type 3, in any of "
          "the repetitions", lambda f: f["exp_acc_tpr_max_Glass"] == 0),
]
"""The statements of the chapter's prose, each with the finding that supports it."""
