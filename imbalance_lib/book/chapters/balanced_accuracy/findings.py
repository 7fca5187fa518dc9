"""What the chapter's prose states, as one typed record computed from the page's results."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.chapters.balanced_accuracy.experiments import (
    ALPHAS,
    FLAT_TOL,
    RATES_Q,
    FlatTop,
    KeelCheck,
    Sweep,
    TrivialRuns,
    share,
    vergne_cases,
)
from imbalance_lib.book.chapters.balanced_accuracy.theory import (
    GM_EXAMPLE,
    N_RANDOM,
    TIE,
    ba_distribution,
    imbalance_ratio,
)
from imbalance_lib.book.findings import Findings
from imbalance_lib.book.pages import glue_value

__all__ = ["BalancedAccuracyFindings", "findings", "RUNNING"]

RUNNING = {"tp": 6, "fn": 4, "fp": 9, "tn": 81}
"""The running example's counts."""


@dataclass(frozen=True)
class BalancedAccuracyFindings(Findings):
    """The findings of the chapter; each field is glued as ``ba-<field>``."""

    PREFIX = "ba"
    ir_glass: float
    ir_sat: float
    run_tpr: float
    run_acc: float
    run_allneg: float
    par_pimin: float
    par_pimax: float
    par_bamin: float
    par_bamax: float
    par_cross: float
    par_cross_prefix: bool
    par_ba_spread: float
    par_const_ba_gap: float
    chance_10: float
    chance_100: float
    chance_mean_gap: float
    chance_perfect_1_1: float
    chance_rises_small: int
    vergne_rows: int
    vergne_disagree: int
    vergne_disagree_realised: int
    vergne_worst_smaller_class: int
    vergne_acc: float
    gm_ex_ba: float
    gm_ex_gm: float
    exp_m: int
    exp_d: int
    exp_pi: float
    exp_t_acc: float
    exp_t_ba: float
    exp_t_gm: float
    exp_acc_best: float
    exp_acc_allneg: float
    exp_tpr_acc: float
    exp_tpr_ba: float
    exp_ba_best: float
    exp_acc_at_ba: float
    exp_ba_default: float
    exp_ba_weighted: float
    exp_ba_tuned: float
    exp_acc_default: float
    exp_acc_weighted: float
    exp_acc_tuned: float
    exp_flat_tol: float
    exp_flat_lo: float
    exp_flat_hi: float
    exp_t_pi: float
    exp_gap_pi: float
    keel_datasets: int
    keel_ir_min: float
    keel_ir_max: float
    keel_near_n: int
    keel_far_n: int
    keel_near_agree: float
    keel_near_agree_se: float
    keel_far_agree: float
    keel_far_agree_se: float
    keel_lost_near: float
    keel_lost_near_se: float
    keel_lost_far: float
    keel_lost_far_se: float
    keel_alpha_small_agree: float
    keel_alpha_small_se: float
    keel_alpha_large_agree: float
    keel_alpha_large_se: float
    checks_statements: int
    checks_hold: int
    checks_worst: float
    checks_random: int
    ex_screen_tpr: float
    ex_cost_r_ba: float
    ex_pchance: float
    exp_acc_ties: int
    exp_t_acc_hi: float
    exp_tpr_acc_lo: float
    exp_tpr_acc_hi: float
    exp_seeds: int
    exp_gap_pi_lo: float
    exp_gap_pi_hi: float
    exp_lead_tenth_lo: float
    exp_lead_tenth_hi: float
    exp_gap_over_tenth: int
    keel_agree_diff: float
    keel_agree_diff_se: float
    keel_mid_n: int
    keel_lost_mid: float
    keel_lost_mid_se: float

    def glue(self, digits: int = 4) -> None:
        """Glue every field; the tail ``chance_100`` (of order 1e-5) keeps nine decimals."""
        for name, value in self.record().items():
            glue_value(self._glue_name(name), value, 9 if name == "chance_100" else digits)


def _paradox(runs: TrivialRuns, pi, expected, good) -> dict:
    random_runs = (runs.q > 0) & (runs.q < 1)
    ba = np.asarray(il.balanced_accuracy(runs.matrices))
    wins = np.asarray(il.accuracy(expected))[RATES_Q.index(0.0)] > il.accuracy(good)  # all negative
    return {"par_pimin": float(runs.prevalence.min()),
            "par_pimax": float(runs.prevalence.max()),
            "par_bamin": float(ba[random_runs].min()),
            "par_bamax": float(ba[random_runs].max()),
            "par_cross": float(pi[wins].max()),
            "par_cross_prefix": bool(np.all(wins[: int(wins.sum())])),
            "par_ba_spread": float(np.abs(il.balanced_accuracy(expected) - 0.5).max()),
            "par_const_ba_gap": float(np.abs(ba[~random_runs] - 0.5).max())}


def _chance(P_values, tail, mean_gap) -> dict:
    P_values = np.asarray(P_values)
    C11, prob11 = ba_distribution(1, 1, 0.5)
    small = tail[:, P_values <= 10]
    return {"chance_10": float(tail[1, P_values == 10][0]),
            "chance_100": float(tail[1, P_values == 100][0]),
            "chance_mean_gap": float(mean_gap),
            "chance_perfect_1_1": float(prob11[np.asarray(il.balanced_accuracy(C11)) == 1].sum()),
            "chance_rises_small": int((np.diff(small, axis=1) > TIE).sum())}


def _vergne() -> dict:
    cases = vergne_cases()
    dev = np.array([abs(il.balanced_accuracy(C) - v) for *_, C, v in cases])
    off = dev > TIE
    realised = np.array([name == "coin flip, one run" for _, _, name, _, _ in cases])
    smaller = np.array([min(P, N) for P, N, *_ in cases])
    all_positive = [C for P, N, name, C, _ in cases if name == "all positive" and P > N]
    return {"vergne_rows": len(cases), "vergne_disagree": int(off.sum()),
            "vergne_disagree_realised": int((off & realised).sum()),
            "vergne_worst_smaller_class": int(smaller[int(np.argmax(dev))]),
            "vergne_acc": float(il.accuracy(all_positive[0]))}


def _sweep(sweep: Sweep, top: FlatTop, pooled, n_samples: int, n_features: int) -> dict:
    t, m, curves = sweep.thresholds, sweep.matrices, sweep.curves
    ia, ib, ig = sweep.best["ACC"], sweep.best["BA"], sweep.best["GM"]
    ba, acc = np.asarray(il.balanced_accuracy(pooled)), np.asarray(il.accuracy(pooled))
    return {"exp_m": n_samples, "exp_d": n_features, "exp_pi": sweep.prevalence,
            "exp_t_acc": float(t[ia]), "exp_t_ba": float(t[ib]), "exp_t_gm": float(t[ig]),
            "exp_acc_best": float(curves["ACC"][ia]), "exp_acc_allneg": 1 - sweep.prevalence,
            "exp_tpr_acc": float(il.tpr(m[ia])), "exp_tpr_ba": float(il.tpr(m[ib])),
            "exp_ba_best": float(curves["BA"][ib]), "exp_acc_at_ba": float(curves["ACC"][ib]),
            "exp_ba_default": float(ba[0]), "exp_ba_weighted": float(ba[1]),
            "exp_ba_tuned": float(ba[2]), "exp_acc_default": float(acc[0]),
            "exp_acc_weighted": float(acc[1]), "exp_acc_tuned": float(acc[2]),
            "exp_flat_tol": FLAT_TOL, "exp_flat_lo": float(top.lo), "exp_flat_hi": float(top.hi),
            "exp_t_pi": float(top.t_pi), "exp_gap_pi": float(top.gap_pi)}


def _acc_ties(sweep: Sweep) -> dict:
    acc = sweep.curves["ACC"]
    tied = np.flatnonzero(acc >= acc.max() - TIE)
    tpr = np.asarray(il.tpr(sweep.matrices[tied]))
    return {"exp_acc_ties": int(tied.size), "exp_t_acc_hi": float(sweep.thresholds[tied].max()),
            "exp_tpr_acc_lo": float(tpr.min()), "exp_tpr_acc_hi": float(tpr.max())}


def _seed_gaps(gaps) -> dict:
    gaps = np.asarray(gaps, float)  # (seed, 2): BA's gap at the prevalence, BA's lead
    gap, tenth = gaps[:, 0], gaps[:, 1] / 10
    return {"exp_seeds": int(gaps.shape[0]), "exp_gap_pi_lo": float(gap.min()),
            "exp_gap_pi_hi": float(gap.max()), "exp_lead_tenth_lo": float(tenth.min()),
            "exp_lead_tenth_hi": float(tenth.max()),
            "exp_gap_over_tenth": int((gap >= tenth).sum())}


def _keel_more(keel: KeelCheck) -> dict:
    near, far = keel.band == 0, keel.band == keel.band.max()
    mid = ~near & ~far
    near_agree, near_se = share(keel.agree[near])
    far_agree, far_se = share(keel.agree[far])
    lost = keel.lost[mid]
    return {"keel_agree_diff": far_agree - near_agree,
            "keel_agree_diff_se": float(np.hypot(near_se, far_se)),
            "keel_mid_n": int(mid.sum()), "keel_lost_mid": float(lost.mean()),
            "keel_lost_mid_se": float(lost.std(ddof=1) / np.sqrt(lost.size))}


def _keel(keel: KeelCheck) -> dict:
    near, far = keel.band == 0, keel.band == keel.band.max()

    def mean_se(x):
        return float(x.mean()), float(x.std(ddof=1) / np.sqrt(x.size))

    near_agree, near_se = share(keel.agree[near])
    far_agree, far_se = share(keel.agree[far])
    lost_near, lost_near_se = mean_se(keel.lost[near])
    lost_far, lost_far_se = mean_se(keel.lost[far])
    moderate = [share(keel.same_pick[a]) for a in ALPHAS if abs(a - 0.5) < 0.2]
    strong = [share(keel.same_pick[a]) for a in ALPHAS if abs(a - 0.5) >= 0.2]
    small, large = min(moderate), max(strong)
    return {"keel_datasets": int(keel.ir.size), "keel_ir_min": float(keel.ir.min()),
            "keel_ir_max": float(keel.ir.max()), "keel_near_n": int(near.sum()),
            "keel_far_n": int(far.sum()), "keel_near_agree": near_agree,
            "keel_near_agree_se": near_se, "keel_far_agree": far_agree,
            "keel_far_agree_se": far_se, "keel_lost_near": lost_near,
            "keel_lost_near_se": lost_near_se, "keel_lost_far": lost_far,
            "keel_lost_far_se": lost_far_se, "keel_alpha_small_agree": small[0],
            "keel_alpha_small_se": small[1], "keel_alpha_large_agree": large[0],
            "keel_alpha_large_se": large[1]}


def findings(*, problems, runs: TrivialRuns, pi, expected, good, tails, sweep: Sweep,
             flat: FlatTop, pooled, data_shape, checks: pd.DataFrame,
             keel: KeelCheck, seed_gaps, exercises) -> BalancedAccuracyFindings:
    """The findings, from the results the page computed.

    ``tails`` is ``(P_values, tail, mean_gap)`` of the coin flip; ``flat`` the
    band near BA's maximum over the sweep; ``pooled`` the
    pooled matrices of the Satimage models (default, weighted, tuned first);
    ``data_shape`` the shape of Satimage's feature matrix; ``seed_gaps`` one
    row per fold seed of the sweep: BA's shortfall at the prevalence and its lead
    over 1/2 (:func:`gap_at_prevalence`); ``exercises`` the numbers that the exercises'
    solutions compute and their text shows (``ex_screen_tpr``, ``ex_cost_r_ba``,
    ``ex_pchance``).
    """
    target = {(name, c): y for name, c, y in problems}
    run = il.binary_matrix(**RUNNING)
    f: dict[str, Any] = {"ir_glass": imbalance_ratio(target["Glass", 3]),
         "ir_sat": imbalance_ratio(target["Satimage", 4]),
         "run_tpr": float(il.tpr(run)), "run_acc": float(il.accuracy(run)),
         "run_allneg": float(run[0].sum() / run.sum())}  # all negative: ACC = N/n
    f |= _paradox(runs, pi, expected, good) | _chance(*tails) | _vergne()
    ex = il.binary_matrix(GM_EXAMPLE[0], 1 - GM_EXAMPLE[0], 1 - GM_EXAMPLE[1], GM_EXAMPLE[1])
    f |= {"gm_ex_ba": float(il.balanced_accuracy(ex)), "gm_ex_gm": float(il.g_mean(ex))}
    f |= _sweep(sweep, flat, pooled, int(data_shape[0]), int(data_shape[1])) | _keel(keel)
    f |= {"checks_statements": len(checks), "checks_hold": int(checks["holds"].sum()),
          "checks_worst": float(checks["worst"].max()), "checks_random": N_RANDOM}
    f |= {k: float(v) for k, v in exercises.items()}
    f |= _acc_ties(sweep) | _seed_gaps(seed_gaps) | _keel_more(keel)
    return BalancedAccuracyFindings(**f)
