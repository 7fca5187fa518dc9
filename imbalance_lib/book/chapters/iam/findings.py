"""What the prose of the IAM chapter states, as typed findings, and how each is computed.

Four records, one per part of the chapter, each glued as ``iam-<field>``:
:class:`TheoryFindings` (notation, theorems, examples), :class:`SearchFindings`
(the claim checker's searches), :class:`SweepFindings` (the recreated Figs 1-4)
and :class:`RerunFindings` (Tables 16 and 18 re-run). Each is computed from what the
page computed (the CM1 check, the searches, the sweeps, the fold matrices).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.exact import exact_terms, fraction_text
from imbalance_lib.book.findings import Findings
from imbalance_lib.book.published import mortaz2020 as pub
from imbalance_lib.book.selection import select_best, select_max_min

from . import theory as th


@dataclass(frozen=True)
class TheoryFindings(Findings):
    """Notation, theorems, signs and Examples 1-3."""

    PREFIX: ClassVar[str] = "iam"
    cm1_f: float
    cm1_hm: float
    cm1_gap: float
    step_total_defined: int
    step_total_nan: int
    f_gap: float
    binary_steps_hold: bool
    bal_acc: float
    bal_iam: float
    bal_bound: float
    bal_margins_equal: bool
    t13_acc: float
    t13_iam: float
    t13_cba: float
    c5_n: int
    sign_c5_iam: float
    sign_c5_wrong: int
    sign_c5_n: int
    sign_neg_iam: float
    sign_neg_right: int
    sign_neg_n: int
    ex_six_excess: float
    conv_n: int
    conv_both: int
    conv_rounding: int
    conv_truncation: int
    conv_neither: int
    conv_truncation_cells: str
    conv_rounding_cells: str
    iam_cm3_pub: float
    iam_cm4_pub: float
    ex1_maxmin: str
    ex1_iam: str
    ex2_maxmin: str
    ex2_iam: str
    ex2_tie: float
    ex2_tie_holds: bool
    ex2_cm3_acc_below_cba: bool
    t8_width: float
    t8_cba_below_all: bool
    t8_consistent: list
    t8_inconsistent: list
    ml6_iam: float
    ml6_cba: float
    ml7_iam: float
    ml7_cba_pub: float
    ml7_cba: float
    ml6_lo: float
    ml6_hi: float
    ml6_iam_lo_print: float
    ml6_iam_hi_print: float
    t8_maxmin: str
    t8_cba: str
    t10_iam: str
    ml7_last: bool
    ml5_cba3_lo: float
    ml5_cba3_hi: float
    ml6_cba3_lo: float
    ml6_cba3_hi: float


def _cells(conv, verdict: str) -> str:
    part = conv[conv["agrees under"] == verdict]
    return ", ".join(f"{m} of {r}" for r, m in zip(part["matrix"], part["metric"]))


def theory_findings(check: pd.DataFrame, smallest: dict, binary_holds: dict,
                    conv: pd.DataFrame, sel: pd.DataFrame, checks: pd.DataFrame,
                    six: np.ndarray) -> TheoryFindings:
    """The findings of the notation, theorem, sign and example sections, from the page's
    tables: ``check`` (CM1's five metrics, ``imbalance_lib`` first, the independent
    libraries second), ``smallest`` (the smallest total count breaking the proof step of
    Theorem 3, by convention), ``binary_holds`` (on how many binary matrices each step of
    the binary proof of Theorem 4 holds), ``conv`` (each published example number and the
    conventions it agrees under), ``sel`` (the picks of the max-min rule and of IAM in
    Examples 1 and 2), ``checks`` (Example 3's printed values) and ``six`` (the matrix
    of exercise iam-ex-six, from its solution: instructor-only code).
    """
    cm1 = th.metrics(pub.CONFUSION_MATRICES["CM1"]).iloc[0]
    bal, c5, neg, c13 = th.balanced_case(), th.counterexample_c5(), th.c_minus(), th.table13_case()
    signs = th.right_wrong(np.stack([c5, neg]))
    exm = th.example_metrics()
    counts = conv["agrees under"].value_counts()
    acc3, cba4 = (pub.EXAMPLE_METRICS.value("CM3", "ACC"),
                  pub.EXAMPLE_METRICS.value("CM4", "CBA"))  # the printed minima
    t8, t10 = pub.TABLE8.frame(), pub.TABLE10.frame()
    possible = checks["IAM = 2 CBA - 1 possible"]
    (ml5_lo, ml5_hi), (ml6_lo, ml6_hi) = th.compatible_cba("ML5"), th.compatible_cba("ML6")
    return TheoryFindings(
        cm1_f=float(cm1["F-score"]), cm1_hm=float(2 * cm1["MAP"] * cm1["MAR"]
                                                  / (cm1["MAP"] + cm1["MAR"])),
        cm1_gap=float((check.iloc[:, 0] - check.iloc[:, 1]).abs().max()),
        step_total_defined=smallest["every term defined"],
        step_total_nan=smallest["zero_division=nan"],
        f_gap=float(th.proof_step_gap(np.array([[1, 0], [10, 1]]))),
        binary_steps_hold=all(h == len(th.binary_battery()) for h in binary_holds.values()),
        bal_acc=float(il.accuracy(bal)), bal_iam=float(il.iam(bal)),
        bal_bound=th.case1_bound(bal), bal_margins_equal=bool((bal.sum(0) == bal.sum(1)).all()),
        t13_acc=float(il.accuracy(c13)), t13_iam=float(il.iam(c13)), t13_cba=float(il.cba(c13)),
        c5_n=int(c5.sum()), sign_c5_iam=float(signs["IAM"][0]),
        sign_c5_wrong=int(signs["wrong"][0]), sign_c5_n=int(c5.sum()),
        sign_neg_iam=float(signs["IAM"][1]), sign_neg_right=int(signs["right"][1]),
        sign_neg_n=int(neg.sum()),
        ex_six_excess=float(il.iam(six) - il.accuracy(six)),
        conv_n=len(conv), conv_both=int(counts.get("both", 0)),
        conv_rounding=int(counts.get("rounding only", 0)),
        conv_truncation=int(counts.get("truncation only", 0)),
        conv_neither=int(counts.get("neither", 0)),
        conv_truncation_cells=_cells(conv, "truncation only"),
        conv_rounding_cells=_cells(conv, "rounding only"),
        iam_cm3_pub=float(pub.TABLE9.value("CM3", "IAM")),
        iam_cm4_pub=float(pub.TABLE9.value("CM4", "IAM")),
        ex1_maxmin=", ".join(sel.iloc[0, 0]), ex1_iam=", ".join(sel.iloc[1, 0]),
        ex2_maxmin=", ".join(sel.iloc[0, 1]), ex2_iam=", ".join(sel.iloc[1, 1]),
        ex2_tie=float(acc3), ex2_tie_holds=bool(acc3 == cba4),
        ex2_cm3_acc_below_cba=bool(exm.loc["CM3", "ACC"] < exm.loc["CM3", "CBA"]),
        t8_width=float(4 * th.TABLE8_HALF),  # 2 CBA - 1 from a CBA printed to 0.01
        t8_cba_below_all=bool(checks["CBA <= MAP, MAR, F"].all()),
        t8_consistent=list(checks.index[possible]),
        t8_inconsistent=list(checks.index[~possible]),
        ml6_iam=float(t10.loc["ML6", "IAM"]), ml6_cba=float(t8.loc["ML6", "CBA"]),
        ml7_iam=float(t10.loc["ML7", "IAM"]), ml7_cba_pub=float(t8.loc["ML7", "CBA"]),
        ml7_cba=float(0.5 * (t10.loc["ML7", "IAM"] + 1)),
        ml6_lo=float(ml6_lo), ml6_hi=float(ml6_hi),
        ml6_iam_lo_print=float(np.round(2 * (ml6_lo - 1e-4) - 1, 2)),
        ml6_iam_hi_print=float(np.round(2 * (ml6_lo + 1e-4) - 1, 2)),
        t8_maxmin=", ".join(select_max_min(t8, list(th.FIVE))),
        t8_cba=", ".join(select_best(t8, "CBA")), t10_iam=", ".join(select_best(t10, "IAM")),
        ml7_last=bool(t8["CBA"].idxmin() == "ML7" and t10["IAM"].idxmin() == "ML7"),
        ml5_cba3_lo=th.print3(ml5_lo), ml5_cba3_hi=th.print3(ml5_hi - 1e-7),
        ml6_cba3_lo=th.print3(ml6_lo), ml6_cba3_hi=th.print3(ml6_hi - 1e-7),
    )


@dataclass(frozen=True)
class SearchFindings(Findings):
    """What the claim checker's searches found, statement by statement."""

    PREFIX: ClassVar[str] = "iam"
    battery_n: str
    battery_empty: str
    battery_undefined: str
    violated: list
    step_fails_every_k: bool
    t4_first_k: int
    t4_fails_from_first_k: bool
    t4_excess_grows: bool
    t4_above_sup: float
    t4_opt_ks: str
    t4_opt_n: int
    t4_opt_below_five: int
    step_max: float
    bound_violated: bool
    identity_violated: bool


def search_findings(worst: pd.DataFrame, t4: pd.DataFrame, counts: dict) -> SearchFindings:
    """The searches' findings: ``worst`` (statements x k, the largest violation found),
    ``t4`` (k x {battery, optimiser}, Theorem 4's searches apart) and ``counts``
    (``cases``, ``empty``, ``undefined``: matrices of the batteries)."""
    ks = list(worst.columns)
    bad = {c: [k for k in ks if worst.loc[c, k] > 1e-9] for c in worst.index}
    t4_bad = bad["T4"]
    opt = [k for k in ks if t4.loc[k, "optimiser"] > 1e-9]
    return SearchFindings(
        battery_n=f"{counts['cases']:,}", battery_empty=f"{counts['empty']:,}",
        battery_undefined=f"{counts['undefined']:,}",
        violated=[c for c, v in bad.items() if v],
        step_fails_every_k=bad["T3 step"] == ks,
        t4_first_k=min(t4_bad) if t4_bad else 0,
        t4_fails_from_first_k=bool(t4_bad) and t4_bad == [k for k in ks if k >= min(t4_bad)],
        t4_excess_grows=bool(t4_bad) and bool(np.all(np.diff(worst.loc["T4", t4_bad]) > 0)),
        # the supremum 1 - 4/k is positive for k >= 5; for k <= 4 it is 0 and attained
        t4_above_sup=float(max(worst.loc["T4", k] - (1 - 4 / k) for k in ks if k > 4)),
        t4_opt_ks=", ".join(map(str, opt)) or "none", t4_opt_n=len(opt),
        t4_opt_below_five=sum(k < 5 for k in opt),
        step_max=float(worst.loc["T3 step"].max()),
        bound_violated=bool(bad["bound"]), identity_violated=bool(bad["IAM = 2 CBA - 1"]),
    )


FLAT = 3
"""Fig. 4: the shallow trees (depths 1..FLAT) over which the prose compares IAM and AUC."""

DEPTHS = np.arange(1, 13)
"""Tree depths of the sweeps."""


@dataclass(frozen=True)
class SweepFindings(Findings):
    """The recreated Figs 1-4, panel by panel."""

    PREFIX: ClassVar[str] = "iam"
    f1_gap: float
    f2_acc_span: float
    f2_iam_span: float
    f2_cba_span: float
    f2_seeds: int
    f2_iam_span_lo: float
    f2_iam_span_hi: float
    f2_ratio_min: float
    f3_iam_min: float
    f3_iam_max: float
    f3_acc_span: float
    f4_auc_min: float
    f4_auc_max: float
    f4_auc_best: int
    f4_auc_last: float
    f4_iam_min: float
    f4_iam_max: float
    f4_flat: int
    f4_flat_iam_span: float
    f4_flat_iam: float
    f4_flat_same_matrix: bool
    f4_flat_auc_lo: float
    f4_flat_auc_hi: float
    f4_deep_iam_lo: float
    f4_deep_iam_hi: float
    f4_corr: float
    sweep_identity_gap: float
    sweep_test_sizes: str


def sweep_findings(sweeps: dict, spans: pd.DataFrame) -> SweepFindings:
    """The sweeps' findings: ``sweeps`` maps Tables 11-14 to (matrices, AUCs) over
    :data:`DEPTHS`; ``spans`` has the ACC and IAM spans of the Fig. 2 sweep per data seed."""
    bal = sweeps["Table 11"][0]
    cms12, cms13 = sweeps["Table 12"][0], sweeps["Table 13"][0]
    cms14, auc14 = sweeps["Table 14"]
    iam13, iam14 = np.asarray(il.iam(cms13, **th.NAN)), np.asarray(il.iam(cms14))
    return SweepFindings(
        f1_gap=float(np.max(il.iam(bal, **th.NAN) - (2 * il.accuracy(bal) - 1))),
        f2_acc_span=float(np.ptp(il.accuracy(cms12))),
        f2_iam_span=float(np.ptp(il.iam(cms12, **th.NAN))),
        f2_cba_span=float(np.ptp(il.cba(cms12, **th.NAN))),
        f2_seeds=len(spans), f2_iam_span_lo=float(spans["IAM"].min()),
        f2_iam_span_hi=float(spans["IAM"].max()),
        f2_ratio_min=float((spans["IAM"] / spans["ACC"]).min()),
        f3_iam_min=float(iam13.min()), f3_iam_max=float(iam13.max()),
        f3_acc_span=float(np.ptp(il.accuracy(cms13))),
        f4_auc_min=float(auc14.min()), f4_auc_max=float(auc14.max()),
        f4_auc_best=int(DEPTHS[np.argmax(auc14)]), f4_auc_last=float(auc14[-1]),
        f4_iam_min=float(iam14.min()), f4_iam_max=float(iam14.max()),
        f4_flat=FLAT, f4_flat_iam_span=float(np.ptp(iam14[:FLAT])),
        f4_flat_iam=float(iam14[0]),
        f4_flat_same_matrix=bool((cms14[:FLAT] == cms14[0]).all()),
        f4_flat_auc_lo=float(auc14[0]), f4_flat_auc_hi=float(auc14[FLAT - 1]),
        f4_deep_iam_lo=float(iam14[FLAT:].min()), f4_deep_iam_hi=float(iam14[FLAT:].max()),
        f4_corr=float(np.corrcoef(iam14, auc14)[0, 1]),
        sweep_identity_gap=max(float(np.nanmax(np.abs(il.iam(c, **th.NAN)
                                                      - (2 * il.cba(c, **th.NAN) - 1))))
                               for c, _ in sweeps.values()),
        sweep_test_sizes=", ".join(f"{int(c[0].sum()):,}" for c, _ in sweeps.values()),
    )


@dataclass(frozen=True)
class WorkedFindings(Findings):
    """The prose's hand computations, exact: ``[[1, 0], [1, 1]]``, iam-ex-hand, iam-ex-six."""

    PREFIX: ClassVar[str] = "iam"
    step_prec0: str  # class 1's recall too, by symmetry (the claim checks both)
    step_macro: str
    step_f1: str
    step_lib: list  # il's macro precision, macro recall and macro F1
    ex_hand_iam: str  # of [[5, 1], [2, 2]]
    ex_hand_cba: str
    ex_hand_acc: str
    ex_hand_lib: list  # il's IAM, CBA and accuracy
    ex_six_iam: str  # of the extremal six-class family, 1 - 4/6
    ex_six_iam_lib: float


def exact_total(terms: list[Fraction | None]) -> Fraction:
    """The exact sum of per-class terms, none of them undefined."""
    if any(x is None for x in terms):
        raise ValueError("an undefined per-class term in a worked example")
    return sum((x for x in terms if x is not None), Fraction(0))


def worked_findings(exercises: dict) -> WorkedFindings:
    """The worked numbers, from :func:`~imbalance_lib.book.exact.exact_terms`; ``exercises``
    the numbers of iam-ex-hand and iam-ex-six, from their solutions (instructor-only code)."""
    step = np.array([[1, 0], [1, 1]])
    s, t = exact_terms(step), fraction_text
    return WorkedFindings(
        step_prec0=t(s.precision[0]), step_macro=t(exact_total(s.precision) / 2),
        step_f1=t(s.f1[0]),
        step_lib=[float(m(step)) for m in (il.macro_precision, il.macro_recall, il.macro_f1)]
        + [float(il.tpr(step))],  # class 1 is the positive class: its recall is TPR
        **exercises)
