"""The intervals chapter: how sure is a metric, and which of the documents' picks survive?

Every experiment of the chapter, each returning a table or what the prose states
as data, and the list of claims the prose makes (:data:`CLAIMS`). The expensive
experiments (the coverage study, the re-runs on Glass and on the digits) are
cached, so that :func:`findings` reuses what the page has already computed.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd
from scipy import stats

import imbalance_lib as il
from imbalance_lib.book.claims import Claim
from imbalance_lib.book.coverage import kink_coverage, simulate_coverage
from imbalance_lib.book.pages import signed
from imbalance_lib.book.stored import stored_as
from imbalance_lib.intervals import (
    compare,
    compare_predictions,
    confidence_interval,
    joint_counts,
    metric_interval,
    percentile_interval,
    resample_matrices,
)

__all__ = [
    "ba_posterior_exact", "brodersen_table", "brodersen_figure",
    "RATES", "MINORITY", "RATIOS", "coverage_study", "coverage_figure", "coverage_table",
    "percentile_content", "symmetric_three_class", "cba_bias", "split_prior_coverage",
    "SIZES", "WIDTH_METRICS", "width_table", "unpaired",
    "garcia_table", "even_errors", "matching_matrix", "mortaz_table", "glass_pairs",
    "burduk_table", "nested_joint", "burduk_bounds", "wu_table", "oof_spread",
    "wu_overlap", "p_text", "paired_study", "iid_study", "IID_SETS", "show",
    "findings", "CLAIMS",
]


def show(frame):
    """A table as Markdown on the page; index levels joined into one column."""
    from IPython.display import Markdown, display

    from imbalance_lib.book.tables import markdown

    frame = frame.copy()
    if frame.index.nlevels > 1:
        frame.index = [", ".join(map(str, i)) for i in frame.index]
    display(Markdown(markdown(frame)))


# --------------------------------------------------------------------- Brodersen's posterior

BRODERSEN = {"authors' example": il.binary_matrix(tp=90, fn=10, fp=5, tn=95),
             "biased, imbalanced": il.binary_matrix(tp=1, fn=9, fp=2, tn=88)}
"""The matrix of the authors' published code and a biased classifier (10 positives)."""


def ba_posterior_exact(C, grid):
    """Density of BA = (TPR + TNR) / 2 under uniform priors, by numerical convolution.

    Parameters
    ----------
    C : array of shape (2, 2)
        ``[[TN, FP], [FN, TP]]``.
    grid : array
        Values of BA at which to evaluate the density.
    """
    (tn, fp), (fn, tp) = C
    t = np.linspace(0, 1, 4001)
    f_tpr = stats.beta(tp + 1, fn + 1).pdf(t)
    dens = [2 * np.trapezoid(f_tpr * stats.beta(tn + 1, fp + 1).pdf(2 * b - t), t)
            for b in grid]
    return np.array(dens)


@cache
def brodersen_table(n_resamples: int = 20_000):
    """Exact and resampled 95 % limits of BA's posterior for the two matrices of :data:`BRODERSEN`."""
    grid = np.linspace(0.3, 1.0, 701)
    rows = {}
    for name, C in BRODERSEN.items():
        dens = ba_posterior_exact(C, grid)
        cdf = np.cumsum(dens) * (grid[1] - grid[0])
        exact = np.interp([0.025, 0.975], cdf / cdf[-1], grid)
        mc = confidence_interval(C, "balanced_accuracy", prior=1.0, n_resamples=n_resamples,
                                 random_state=0)
        rows[name] = {"accuracy": il.accuracy(C), "BA": il.balanced_accuracy(C),
                      "exact 2.5 %": exact[0], "resampled 2.5 %": mc.low,
                      "exact 97.5 %": exact[1], "resampled 97.5 %": mc.high}
    return pd.DataFrame(rows).T


def brodersen_figure():
    """Posterior densities of accuracy and BA for the biased classifier of :data:`BRODERSEN`."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import PALETTE

    C = BRODERSEN["biased, imbalanced"]
    grid = np.linspace(0.3, 1.0, 701)
    acc_post = stats.beta(C[0, 0] + C[1, 1] + 1, C[0, 1] + C[1, 0] + 1)
    fig, ax = plt.subplots(figsize=(6.5, 3.2), constrained_layout=True)
    ax.plot(grid, acc_post.pdf(grid), color=PALETTE["orange"], ls="--", lw=2,
            label="accuracy (Beta posterior)")
    ax.plot(grid, ba_posterior_exact(C, grid), color=PALETTE["blue"], lw=2,
            label="balanced accuracy, Eq. (convolution)")
    S = resample_matrices(C, prior=1.0, n_resamples=20_000, random_state=1)
    ax.hist(il.balanced_accuracy(S), bins=80, density=True, color=PALETTE["sky"],
            alpha=0.5, label="balanced accuracy, resampled")
    ax.axvline(0.5, color="k", lw=0.8, ls=":")
    ax.set_xlabel("value of the metric")
    ax.set_ylabel("posterior density")
    ax.legend(loc="upper left")
    plt.close(fig)
    return fig


def _brodersen_findings(table) -> dict:
    gap = (table[["exact 2.5 %", "exact 97.5 %"]].to_numpy()
           - table[["resampled 2.5 %", "resampled 97.5 %"]].to_numpy())
    b = table.loc["biased, imbalanced"]
    return {"all_right": round(0.9**5, 2), "bias_acc": round(b["accuracy"], 2),
            "bias_ba": round(b["BA"], 3), "bias_ba_low": round(b["resampled 2.5 %"], 2),
            "bias_ba_high": round(b["resampled 97.5 %"], 2),
            "bias_ba_low_raw": float(b["resampled 2.5 %"]),
            "bias_ba_high_raw": float(b["resampled 97.5 %"]),
            "ba_gap_max": float(np.abs(gap).max()), "ba_resamples": 20_000}


# --------------------------------------------------------------------- coverage

BINARY = {"IBA": "iba", "GM": "g_mean", "MCC": "mcc", "AC": "ac"}
MULTI = {"CBA": "cba", "IAM": "iam"}
RATES = {"TPR 0.7, TNR 0.9": np.array([[0.9, 0.1], [0.3, 0.7]]),
         "TPR 0.9, TNR 0.98": np.array([[0.98, 0.02], [0.1, 0.9]]),
         "three classes": np.array([[0.9, 0.06, 0.04], [0.1, 0.8, 0.1],
                                    [0.15, 0.15, 0.7]])}
"""True class-conditional rates of the coverage study (rows true classes)."""
MINORITY = (5, 10, 20, 50, 200)
"""Minority class sizes P of the coverage study."""
RATIOS = (1, 10, 100)
"""Imbalance ratios of the coverage study; three classes have sizes P IR, P sqrt(IR), P."""


@cache
@stored_as("intervals_coverage")  # chapters/data/stored/intervals_coverage.json
def coverage_study(n_sets: int = 800, n_resamples: int = 400):
    """Coverage of nominal 95 % intervals for every method, setting, P, IR and metric.

    Returns a DataFrame with one row per configuration and metric: ``method``,
    ``setting``, ``P``, ``IR``, ``metric`` and the fields of
    :func:`imbalance_lib.book.coverage.simulate_coverage` (``coverage`` as a share).
    """
    records = []
    for method in ["bayes", "bootstrap"]:
        for setting, R in RATES.items():
            for P in MINORITY:
                for ir in RATIOS:
                    if len(R) == 2:
                        sizes, metrics = [P * ir, P], BINARY
                    else:
                        sizes, metrics = [P * ir, round(P * ir**0.5), P], MULTI
                    result = simulate_coverage(R, sizes, metrics, method=method,
                                               n_sets=n_sets, n_resamples=n_resamples,
                                               random_state=[P, ir, len(records)])
                    for metric, r in result.items():
                        records.append({"method": method, "setting": setting, "P": P,
                                        "IR": ir, "metric": metric, **r})
    return pd.DataFrame(records)


def coverage_figure(coverage):
    """Coverage against P (worst IR), one panel per method and setting."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import COLOURS, LINESTYLES

    fig, axes = plt.subplots(2, 3, figsize=(9, 5.6), sharex=True, sharey=True,
                             constrained_layout=True)
    names = list(BINARY) + list(MULTI)
    for row, method in enumerate(["bayes", "bootstrap"]):
        for col, setting in enumerate(RATES):
            ax = axes[row, col]
            ax.axhspan(0.93, 0.97, color="0.9")
            ax.axhline(0.95, color="k", lw=0.8)
            sub = coverage[(coverage.method == method) & (coverage.setting == setting)]
            for metric, g in sub.groupby("metric", sort=False):
                g = g.groupby("P")["coverage"].min()  # worst imbalance ratio
                i = names.index(metric)
                ax.plot(g.index, g.values, color=COLOURS[i], ls=LINESTYLES[i],
                        marker="osD^vx"[i], ms=4, label=metric)
            ax.set_xscale("log")
            ax.set_xticks(list(MINORITY), [str(p) for p in MINORITY])
            ax.set_ylim(0.35, 1.0)
            ax.set_title(f"{method}: {setting}")
            if row == 1:
                ax.set_xlabel("minority class size P")
            if col == 0:
                ax.set_ylabel("actual coverage")
            if row == 0:
                ax.legend(loc="lower right")
    plt.close(fig)
    return fig


def coverage_table(coverage):
    """Coverage (%) of the default method, worst case over IR: settings x P."""
    default = coverage[coverage.method == "bayes"]
    table = (default.groupby(["setting", "metric", "P"], sort=False)["coverage"].min()
             .unstack("P").map(lambda v: f"{100 * v:.1f}"))
    table.columns = [f"P = {p}" for p in table.columns]
    return table


def percentile_content(n_resamples: int, confidence: float = 0.95) -> float:
    """Expected posterior content of the equal-tailed percentile interval from B draws.

    The quantile at level p interpolates the order statistics at the 0-based
    position (B - 1) p; the j-th smallest of B draws (1-based) has expected
    distribution-function value j / (B + 1), so the expected content is
    ``(B - 1) * confidence / (B + 1)``.

    >>> round(percentile_content(400), 4)  # 399 * 0.95 / 401
    0.9453
    """
    B, lo, hi = n_resamples, (1 - confidence) / 2, (1 + confidence) / 2
    return (((B - 1) * hi + 1) - ((B - 1) * lo + 1)) / (B + 1)


SYMMETRIC = np.array([[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]])
"""Three classes, recall 0.8 each, errors spread evenly."""


@cache
def symmetric_three_class(per_class: int = 20, n_sets: int = 1000, n_resamples: int = 1000):
    """Coverage of CBA's interval, both methods, for three equal classes with symmetric errors."""
    return {method: simulate_coverage(SYMMETRIC, [per_class] * 3, {"CBA": "cba"},
                                      method=method, n_sets=n_sets, n_resamples=n_resamples,
                                      random_state=3)["CBA"]["coverage"]
            for method in ("bayes", "bootstrap")}


def cba_bias(R, sizes, n_sets: int = 20_000, seed: int = 0) -> float:
    """Mean plug-in CBA over simulated test sets minus the CBA of the expected matrix."""
    rng = np.random.default_rng(seed)
    R, n = np.asarray(R, float), np.asarray(sizes)
    C = np.stack([rng.multinomial(n[i], R[i], size=n_sets) for i in range(len(n))], axis=1)
    return float(il.cba(C.astype(float)).mean() - il.cba(n[:, None] * R))


def _even_errors(recall: float, k: int = 3):
    R = np.full((k, k), (1 - recall) / (k - 1))
    np.fill_diagonal(R, recall)
    return R


KINK_SETTINGS = {  # label -> (true rates, class sizes)
    **{f"rates 0.9/0.8/0.7, {p} a class": (RATES["three classes"], [p] * 3)
       for p in (5, 10, 20, 50)},
    **{f"rates 0.9/0.8/0.7, IR {ir}, minority {p}":
       (RATES["three classes"], [p * ir, round(p * np.sqrt(ir)), p])
       for ir in (10, 100) for p in (10, 50)},
    **{f"even errors, recall {r}, {p} a class": (_even_errors(r), [p] * 3)
       for r in (0.8, 0.9) for p in (20, 50)},
}
"""Three-class settings of the kink study: the coverage study's rates, then errors spread
evenly (where each class's row and column sums are equal in expectation)."""
KINK_SETS = 2000
"""Simulated test sets per setting of the kink study (1,000 resamples per interval)."""


@cache
@stored_as("intervals_kink")  # chapters/data/stored/intervals_kink.json
def kink_study():
    """Coverage (%) of CBA's 95 % interval, default against
    :func:`imbalance_lib.class_balance_interval`, on the same test sets."""
    rows = {}
    for i, (label, (R, sizes)) in enumerate(KINK_SETTINGS.items()):
        r = kink_coverage(R, sizes, n_sets=KINK_SETS, n_resamples=1000, random_state=70 + i)
        rows[label] = {"class sizes": "/".join(map(str, sizes)),
                       "default (%)": round(100 * r["default"], 1),
                       "corrected (%)": round(100 * r["kink"], 1),
                       "width ratio": f"{r['kink_width'] / r['default_width']:.2f}",
                       "truth above (%)": round(100 * r["miss_high"], 1),
                       "truth below (%)": round(100 * r["miss_low"], 1)}
    return pd.DataFrame(rows).T.rename_axis("setting")


KINK_LIMITS = {  # label -> (true rates, class sizes, confidence)
    "even errors, recall 0.8, 4 classes of 20": (_even_errors(0.8, 4), [20] * 4, 0.95),
    "even errors, recall 0.8, 5 classes of 20": (_even_errors(0.8, 5), [20] * 5, 0.95),
    "even errors, recall 0.8, 3 a class": (_even_errors(0.8), [3] * 3, 0.95),
    "even errors, recall 0.9, 5 a class": (_even_errors(0.9), [5] * 3, 0.95),
    "even errors, recall 0.8, 20 a class, 80 % level": (_even_errors(0.8), [20] * 3, 0.8),
}
"""Settings beyond the kink study's: more classes, tiny classes, another confidence level."""


@cache
@stored_as("intervals_kink_limits")  # chapters/data/stored/intervals_kink_limits.json
def kink_limits():
    """Coverage (%) of CBA's interval where the correction is not enough."""
    rows = {}
    for i, (label, (R, sizes, level)) in enumerate(KINK_LIMITS.items()):
        r = kink_coverage(R, sizes, n_sets=KINK_SETS, n_resamples=1000, confidence=level,
                          random_state=90 + i)
        rows[label] = {"nominal (%)": f"{100 * level:.0f}",
                       "default (%)": round(100 * r["default"], 1),
                       "corrected (%)": round(100 * r["kink"], 1),
                       "truth above (%)": round(100 * r["miss_high"], 1),
                       "truth below (%)": round(100 * r["miss_low"], 1)}
    return pd.DataFrame(rows).T.rename_axis("setting")


def _kink_limit_findings(lim) -> dict:
    cov = lim["corrected (%)"].astype(float)
    nominal = lim["nominal (%)"].astype(float)
    gap = nominal - cov
    return {"kink_lim_k4": float(cov.iloc[0]), "kink_lim_k5": float(cov.iloc[1]),
            "kink_lim_small_lo": float(cov.iloc[2:4].min()),
            "kink_lim_small_hi": float(cov.iloc[2:4].max()),
            "kink_lim_80": float(cov.iloc[4]),
            "kink_lim_all_short": bool((gap > 2).all()),
            "kink_lim_above_share": round(float(
                (lim["truth above (%)"].astype(float)
                 / (100 - cov)).min()), 2)}


def _kink_findings(kink) -> dict:
    even = kink[kink.index.str.startswith("even")]
    return {"kink_n": len(kink), "kink_sets": KINK_SETS,
            "kink_mc_se": round(100 * np.sqrt(0.95 * 0.05 / KINK_SETS), 1),
            "kink_min": float(kink["corrected (%)"].min()),
            "kink_max": float(kink["corrected (%)"].max()),
            "kink_default_min": float(kink["default (%)"].min()),
            "kink_default_even_max": float(even["default (%)"].max()),
            "kink_default_short": int((kink["default (%)"] < 93).sum()),
            "kink_width_max": float(kink["width ratio"].astype(float).max()),
            "kink_above": round(float(kink["truth above (%)"].astype(float).mean()), 1),
            "kink_below": round(float(kink["truth below (%)"].astype(float).mean()), 1)}


@cache
def split_prior_coverage(n_sets: int = 400):
    """Paired coverage (share) at 20 positives with the prior a/k = 1/4 on each joint cell."""
    from imbalance_lib.book import paired_coverage as pc

    return [pc.joint_coverage(20, N, pc.PAIRS["often disagree"], m, prior=0.25,
                              n_sets=n_sets)
            for N in (20, 200) for m in pc.METRICS]


def _coverage_findings(coverage, symmetric, split) -> dict:
    default = coverage[coverage.method == "bayes"]
    boot = coverage[coverage.method == "bootstrap"]
    inside = default.coverage.between(0.93, 0.97)
    two = default[default.setting != "three classes"]
    three = default[default.setting == "three classes"]
    boot_two = boot[boot.setting != "three classes"]
    b3 = boot[(boot.setting == "three classes") & (boot.P >= 10)]
    by_ir = three.groupby("IR")["coverage"].min()
    # IR 1, P from 5 to 50: does the bootstrap cover more than the default at every size?
    ir1 = {m: c[(c.setting == "three classes") & (c.IR == 1) & (c.P <= 50)
                & (c.metric == "CBA")].set_index("P").coverage for m, c in
           (("bayes", default), ("bootstrap", boot))}
    worst3 = three.loc[three.coverage.idxmin()]
    best5 = two[two.P == 5].loc[two[two.P == 5].coverage.idxmax()]
    distinct = default[default.metric != "IAM"]  # IAM = 2 CBA - 1: the same events
    cba = default[default.metric == "CBA"].set_index(["P", "IR"]).coverage
    iam = default[default.metric == "IAM"].set_index(["P", "IR"]).coverage
    n_sets = 800
    return {
        "absent_share": round(100 * np.exp(-5), 1),
        "cov_sets": n_sets, "cov_mc_se": round(100 * np.sqrt(0.95 * 0.05 / n_sets), 1),
        "cov_n": len(default), "cov_inside": int(inside.sum()),
        "cov_min": round(default.coverage.min(), 3), "cov_max": round(default.coverage.max(), 3),
        "cov_median": round(100 * default.coverage.median(), 1),
        "cov_content": round(100 * percentile_content(400), 1),
        "boot_min": round(boot_two[boot_two.P == 5].coverage.min(), 2),
        "boot_min10": round(boot_two[boot_two.P == 10].coverage.min(), 3),
        "boot_min50": round(boot_two[boot_two.P == 50].coverage.min(), 3),
        "boot_min5": round(boot[boot.P == 5].coverage.min(), 3),
        "no_interval": float(coverage.no_interval.max()),
        "cov_two_min10": round(two[two.P >= 10].coverage.min(), 3),
        "cov_two_max10": round(two[two.P >= 10].coverage.max(), 3),
        "cov_two_min5": round(two[two.P == 5].coverage.min(), 3),
        "cov_two_max5": round(two[two.P == 5].coverage.max(), 3),
        "cov_two_max5_ir": int(best5.IR),
        "cov_min5": round(default[default.P == 5].coverage.min(), 3),
        "cov_three_lo": round(three[three.P.between(10, 50)].coverage.min(), 3),
        "cov_three_5": round(three[three.P == 5].coverage.min(), 3),
        "boot_three_lo": round(b3.coverage.min(), 3),
        "boot_three_5": round(boot[(boot.setting == "three classes") & (boot.P == 5)
                                   & (boot.IR == 1)].coverage.min(), 3),
        "boot_three_hi": round(b3.coverage.max(), 3),
        "boot_ir1_n": len(ir1["bayes"]),
        "boot_ir1_more": int((ir1["bootstrap"] > ir1["bayes"].reindex(ir1["bootstrap"].index))
                             .sum()),
        "cov_three_ir1": round(by_ir.loc[1], 3), "cov_three_ir100": round(by_ir.loc[100], 3),
        "cov_three_worst_ir": int(worst3.IR), "cov_three_worst_p": int(worst3.P),
        "cov_n_distinct": len(distinct),
        "cov_inside_distinct": int(distinct.coverage.between(0.93, 0.97).sum()),
        "iam_cba_differ": int((cba != iam.reindex(cba.index)).sum()),
        "sym_default": round(100 * symmetric["bayes"], 1),
        "sym_boot": round(100 * symmetric["bootstrap"], 1),
        "cba_bias_sym": round(cba_bias(SYMMETRIC, [20, 20, 20]), 3),
        "cba_bias_ir1": round(cba_bias(RATES["three classes"], [5, 5, 5]), 3),
        "cba_bias_ir100": round(cba_bias(RATES["three classes"], [500, 50, 5]), 3),
        "split_max": round(100 * max(split), 1), "split_min": round(100 * min(split), 1),
    }


# --------------------------------------------------------------------- widths

SIZES = {  # (positives, negatives) of the test set
    "Breast": (81, 196), "Glass": (17, 197),  # García et al.'s data sets
    "Laryngeal-2": (53, 639), "Satimage": (626, 5809),
    "Burduk T1": (1000, 10), "Burduk T2": (1000, 100),  # Burduk's Tables 1-3
    "Burduk T3": (1000, 250), "Wu 3:1": (500, 1500), "Wu 1:3": (4500, 1500),
}
"""Class sizes of the documents' test sets."""
WIDTH_METRICS = ["tpr", "tnr", "precision", "f1", "balanced_accuracy", "g_mean", "iba",
                 "optimized_precision", "hmnc", "ac", "accuracy", "mcc", "kappa", "cba", "iam"]
EQUAL_WEIGHT = ["tpr", "balanced_accuracy", "g_mean", "iba", "ac"]
"""Metrics of :data:`WIDTH_METRICS` that weigh the two classes equally (or the positives alone)."""


@cache
def width_table():
    """Width of the 95 % interval of every metric for TPR 0.7, TNR 0.9 at the sizes of :data:`SIZES`."""
    P, N = np.array(list(SIZES.values())).T
    stack = il.binary_matrix(tp=0.7 * P, fn=0.3 * P, fp=0.1 * N, tn=0.9 * N)
    widths = {}
    for name in WIDTH_METRICS:
        low, high = confidence_interval(stack, name, random_state=0)
        widths[name] = high - low
    return pd.DataFrame(widths, index=list(SIZES)).round(3)


def _width_findings(w) -> dict:
    glass = w.loc["Glass"]
    return {"w_glass_iba": round(glass["iba"], 2), "w_glass_gm": round(glass["g_mean"], 2),
            "w_sat_iba": w.loc["Satimage", "iba"], "w_sat_gm": w.loc["Satimage", "g_mean"],
            "w_b1_hmnc": round(w.loc["Burduk T1", "hmnc"], 2),
            "w_b1_mcc": round(w.loc["Burduk T1", "mcc"], 2),
            "w_wu31_ac": round(w.loc["Wu 3:1", "ac"], 2),
            "w_glass_acc": glass["accuracy"], "w_glass_tpr": glass["tpr"],
            "w_glass_equal_min": float(glass[EQUAL_WEIGHT].min())}


# --------------------------------------------------------------------- re-judging


def unpaired(CA, CB, metric, n_resamples=4000, seed=0, confidence=0.95, **params):
    """Interval of ``metric(A) - metric(B)`` with the two matrices resampled independently.

    Returns ``(low, high, prob_better)``, each of the shape of the stacks' leading axes.
    """
    SA = resample_matrices(CA, n_resamples=n_resamples, random_state=seed)
    SB = resample_matrices(CB, n_resamples=n_resamples, random_state=seed + 1)

    def f(S):
        return metric(S, zero_division=np.nan, **params)

    d = f(SA) - f(SB)
    low, high, _ = percentile_interval(d, confidence, estimate=f(CA) - f(CB))
    better = np.nanmean(d > 0, axis=-1)
    return low, high, better


METRICS_T3 = {"Gmean": (il.g_mean, {}), "OP": (il.optimized_precision, {}),
              "IBA_0.1": (il.iba, {"alpha": 0.1}), "IBA_1": (il.iba, {"alpha": 1.0})}


@cache
def garcia_table():
    """Each pick of García et al.'s Table 3 against its runner-up, unpaired.

    The columns ``distinguishable`` and ``Bonferroni`` say whether the 95 %
    interval, and the interval at confidence 1 - 0.05 / 16, exclude 0.
    """
    from imbalance_lib.book.published import garcia2009

    rows = []
    for data in ["Breast", "Glass", "Laryngeal-2", "Satimage"]:
        P_, N_ = SIZES[data]
        t3 = garcia2009.TABLE3[data].frame()
        C3 = il.binary_matrix(tp=t3.TPrate * P_, fn=(1 - t3.TPrate) * P_,
                              fp=(1 - t3.TNrate) * N_, tn=t3.TNrate * N_)
        for col, (f, params) in METRICS_T3.items():
            order = np.argsort(-t3[col].to_numpy(), kind="stable")
            a, b = order[:2]
            low, high, better = unpaired(C3[a], C3[b], f, **params)
            low_b = unpaired(C3[a], C3[b], f, confidence=1 - 0.05 / 16, **params)[0]
            rows.append({"data": data, "metric": col, "pick": t3.index[a],
                         "runner-up": t3.index[b],
                         "gap": t3[col].iloc[a] - t3[col].iloc[b],
                         "95 % interval": f"[{low + 0.0:+.3f}, {high + 0.0:+.3f}]",
                         "P(pick better)": better,
                         "distinguishable": "yes" if low > 0 else "no",
                         "Bonferroni": "yes" if low_b > 0 else "no"})
    return pd.DataFrame(rows)


def _garcia_findings(garcia) -> dict:
    g = garcia.set_index(["data", "metric"])
    yes = garcia.distinguishable == "yes"
    bonf = garcia[garcia["Bonferroni"] == "yes"]
    large = (garcia.metric == "IBA_1") | (garcia.data == "Satimage")
    glass_small = (garcia.data == "Glass") & (garcia.metric != "IBA_1")
    return {"g_n": len(garcia), "g_yes": int(yes.sum()),
            "g_breast_gap": round(g.loc[("Breast", "IBA_0.1"), "gap"], 3),
            "g_breast_p": round(g.loc[("Breast", "IBA_0.1"), "P(pick better)"], 2),
            "g_glass_p": round(g.loc[("Glass", "IBA_0.1"), "P(pick better)"], 2),
            "g_sat_yes": int((g.loc["Satimage"].distinguishable == "yes").sum()),
            "g_sat_which": ", ".join(m for m, d in g.loc["Satimage"].distinguishable.items()
                                     if d == "yes"),
            "g_iba1_yes": int((g.xs("IBA_1", level="metric").distinguishable == "yes").sum()),
            "g_breast_yes": int((g.loc["Breast"].distinguishable == "yes").sum()),
            "g_glass_small_yes": int((yes & glass_small).sum()),
            "g_yes_elsewhere": int((yes & ~large).sum()),
            "g_iba01_yes_not_sat": int((yes & (garcia.metric == "IBA_0.1")
                                        & (garcia.data != "Satimage")).sum()),
            "g_sat_iba01_yes": int(g.loc[("Satimage", "IBA_0.1"), "distinguishable"] == "yes"),
            "g_bonf_yes": len(bonf),
            "g_bonf_which": ", ".join(f"{d} {m}" for d, m in zip(bonf.data, bonf.metric)),
            "g_chance": round(0.05 * len(garcia), 1)}


def even_errors(sizes, r):
    """Expected matrix with recall ``r`` in every class and errors spread evenly."""
    k = len(sizes)
    R = np.full((k, k), (1 - r) / (k - 1))
    np.fill_diagonal(R, r)
    return np.asarray(sizes, float)[:, None] * R


def matching_matrix(sizes, target_cba):
    """The :func:`even_errors` matrix whose CBA is ``target_cba`` (bisection on the recall)."""
    lo, hi = 0.0, 1.0  # CBA of even_errors increases with r
    for _ in range(50):
        mid = (lo + hi) / 2
        if il.cba(even_errors(sizes, mid)) < target_cba:
            lo = mid
        else:
            hi = mid
    return even_errors(sizes, (lo + hi) / 2)


@cache
def mortaz_table():
    """Mortaz's picks (Tables 16 and 18) against their runners-up, on matched matrices.

    Each row's matrices are matched to that row's metric: to the published CBA
    for the CBA row, and to the CBA ``(v + 1) / 2`` of the published IAM ``v``
    for the IAM row (on these matrices IAM = 2 CBA - 1).
    """
    from imbalance_lib.book.published import mortaz2020

    rows = []
    for label, table in [("Glass", mortaz2020.TABLE16), ("Satimage", mortaz2020.TABLE18)]:
        frame = table.frame()
        key = "Table 15" if label == "Glass" else "Table 17"
        sizes = [n for n in mortaz2020.CLASS_DISTRIBUTIONS[key] if n > 0]
        for metric, f in [("IAM", il.iam), ("CBA", il.cba)]:
            order = frame[metric].sort_values(ascending=False, kind="stable").index
            a, b = order[:2]
            if metric == "CBA":
                def target(m):
                    return frame.loc[m, "CBA"]
            else:
                def target(m):
                    return (frame.loc[m, "IAM"] + 1) / 2
            CA, CB = matching_matrix(sizes, target(a)), matching_matrix(sizes, target(b))
            low, high, better = unpaired(CA, CB, f)
            rows.append({"data": label, "metric": metric, "pick": a, "runner-up": b,
                         "gap": frame.loc[a, metric] - frame.loc[b, metric],
                         "95 % interval": f"[{signed(low)}, {signed(high)}]",
                         "P(pick better)": better, "low": float(low), "matched IAM gap":
                         float(il.iam(CA) - il.iam(CB)),
                         "distinguishable": "yes" if low > 0 else "no"})
    return pd.DataFrame(rows)


GLASS_SEEDS = (2020, 1, 2, 3, 4)


@cache
def glass_pairs():
    """RF against RF-ROS on Glass, paired on the pooled out-of-fold predictions of five fold seeds.

    Returns ``(table, rf_pred)``: the paired comparisons by IAM and CBA, and RF's
    out-of-fold predictions per fold seed.
    """
    from imblearn.over_sampling import RandomOverSampler
    from imblearn.pipeline import make_pipeline
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    from imbalance_lib.book.datasets import load_glass

    glass = load_glass()
    rf = RandomForestClassifier(n_estimators=100, random_state=0, n_jobs=2)
    models = {"RF": rf, "RF-ROS": make_pipeline(RandomOverSampler(random_state=0), rf)}
    rows, rf_pred = [], {}
    for seed in GLASS_SEEDS:
        cv = StratifiedKFold(5, shuffle=True, random_state=seed)
        pred = {name: cross_val_predict(m, glass.data, glass.target, cv=cv)
                for name, m in models.items()}
        rf_pred[seed] = pred["RF"]
        for metric in ["iam", "cba"]:
            c = compare_predictions(glass.target, pred["RF"], pred["RF-ROS"], metric,
                                    random_state=seed)
            rows.append({"fold seed": seed, "metric": metric.upper(),
                         "RF - RF-ROS": c.difference, "low": c.low, "high": c.high,
                         "P(RF better)": c.prob_better})
    table = pd.DataFrame(rows).set_index(["metric", "fold seed"]).sort_index()
    return table, rf_pred


def oof_spread(rf_pred):
    """RF's IAM for each fold seed, and the 95 % interval of one run (fold seed 2020)."""
    from imbalance_lib.book.datasets import load_glass

    y = load_glass().target
    values = [float(il.iam(il.confusion_matrix(y, p))) for p in rf_pred.values()]
    iv = metric_interval(y, rf_pred[2020], "iam", random_state=0)
    return values, iv


def _mortaz_findings(mortaz, pairs, rf_pred) -> dict:
    m = mortaz.set_index(["data", "metric"])
    gp = pairs
    iam, cba = gp.loc["IAM"], gp.loc["CBA"]
    same = bool(np.allclose(iam[["RF - RF-ROS", "low", "high"]],
                            2 * cba[["RF - RF-ROS", "low", "high"]], atol=1e-9)
                and np.allclose(iam["P(RF better)"], cba["P(RF better)"], atol=1e-3))
    excl = (iam.low > 0) | (iam.high < 0)  # one comparison per fold seed
    values, iv = oof_spread(rf_pred)
    return {"m_glass_p": round(m.loc[("Glass", "IAM"), "P(pick better)"], 2),
            "m_sat_p": round(m.loc[("Satimage", "IAM"), "P(pick better)"], 2),
            "m_sat_p_cba": round(m.loc[("Satimage", "CBA"), "P(pick better)"], 2),
            "m_sat_low_cba": round(m.loc[("Satimage", "CBA"), "low"], 4),
            "m_sat_gap": round(m.loc[("Satimage", "IAM"), "gap"], 3),
            "m_sat_matched_gap": round(m.loc[("Satimage", "IAM"), "matched IAM gap"], 3),
            "m_yes": int((mortaz.distinguishable == "yes").sum()), "m_n": len(mortaz),
            "m_rf_ahead": int((gp.loc["IAM", "RF - RF-ROS"] > 0).sum()),
            "m_seeds": len(GLASS_SEEDS),
            "m_excl": int(excl.sum()), "m_pairs": len(iam), "m_rows": len(gp),
            "m_iam_cba_same": same,
            "m_pmin": round(gp["P(RF better)"].min(), 2),
            "m_pmax": round(gp["P(RF better)"].max(), 2),
            "oof_spread": round(max(values) - min(values), 3),
            "oof_width": round(iv.high - iv.low, 3)}


BURDUK_METRICS = {"HMNC": il.hmnc, "ACC": il.accuracy, "BACC": il.balanced_accuracy,
                  "MCC": il.mcc, "F1": il.f1, "G-mean": il.g_mean, "Kappa": il.kappa}
PAIRS = [("1", "2"), ("1", "3"), ("1", "4"), ("2", "3"), ("3", "4")]


def _burduk_stacks(label):
    from imbalance_lib.book.published import burduk2020

    P_, N_ = burduk2020.CLASS_SIZES[label]
    v = burduk2020.TABLES[label]["values"].frame()
    C = {i: il.binary_matrix(tp=row.TP, fn=P_ - row.TP, fp=N_ - row.TN, tn=row.TN)
         for i, row in v.iterrows()}
    return np.stack([C[a] for a, _ in PAIRS]), np.stack([C[b] for _, b in PAIRS])


def _sure(low, high):
    return (low > 0) | (high < 0)


@cache
def burduk_table():
    """Probability that the first classifier of each pair is better; bold where the interval excludes 0.

    Returns ``(table, counts)``: the table of Burduk's five pairs by seven metrics
    in each of the three tables (the two matrices resampled independently), and
    per table the number of distinguishable differences, of differences, and of
    distinguishable differences between classifiers with the same TP (the pairs
    that differ in the negatives alone).
    """
    from imbalance_lib.book.published import burduk2020

    rows, counts = [], {}
    for label, (_, N_) in burduk2020.CLASS_SIZES.items():
        CA, CB = _burduk_stacks(label)
        same_tp = CA[:, 1, 1] == CB[:, 1, 1]  # pairs that differ in the negatives alone
        cells, yes, n, tn_only = {}, 0, 0, 0
        for name, f in BURDUK_METRICS.items():
            low, high, better = unpaired(CA, CB, f)
            sure = _sure(low, high)
            cells[name] = [f"**{p:.2f}**" if s else f"{p:.2f}" for p, s in zip(better, sure)]
            yes, n = yes + int(sure.sum()), n + len(sure)
            tn_only += int(sure[same_tp].sum())
        counts[label] = (yes, n, tn_only)
        for i, (a, b) in enumerate(PAIRS):
            rows.append({"table": f"{label} (N = {N_})", "pair": f"{a}-{b}",
                         **{m: cells[m][i] for m in BURDUK_METRICS}})
    return pd.DataFrame(rows).set_index(["table", "pair"]), counts


def nested_joint(CA, CB):
    """Joint counts of the most paired case: on each class the classifier right more often
    is right on every sample the other is right on."""
    J = np.zeros(CA.shape[:-2] + (2, 2, 2))
    for cls in (0, 1):  # class 0: right means predicting 0; class 1: predicting 1
        ra, rb = CA[..., cls, cls], CB[..., cls, cls]
        n = CA[..., cls, :].sum(-1)
        both, a_only = np.minimum(ra, rb), np.maximum(ra - rb, 0)
        b_only, none = np.maximum(rb - ra, 0), n - np.maximum(ra, rb)
        w = 1 - cls  # the wrong prediction on this class
        J[..., cls, cls, cls], J[..., cls, cls, w] = both, a_only
        J[..., cls, w, cls], J[..., cls, w, w] = b_only, none
    return J


@cache
def burduk_bounds(seeds=tuple(range(0, 20, 2))):
    """Distinguishable differences per table: independent (range over resampling seeds) and nested."""
    from imbalance_lib.book.published import burduk2020

    rows = {}
    for label in burduk2020.CLASS_SIZES:
        CA, CB = _burduk_stacks(label)
        J = nested_joint(CA, CB)
        nested = sum(int(_sure(c.low, c.high).sum())
                     for c in (compare(J, f, random_state=0) for f in BURDUK_METRICS.values()))
        counts = [sum(int(_sure(lo, hi).sum()) for lo, hi, _ in
                      (unpaired(CA, CB, f, seed=s) for f in BURDUK_METRICS.values()))
                  for s in seeds]
        rows[label] = {"independent, fewest": min(counts), "independent, most": max(counts),
                       "nested": nested}
    return pd.DataFrame(rows).T


def _range_text(lo: int, hi: int) -> str:
    """``"7 to 8"``, or ``"29"`` when both ends are the same."""
    return str(lo) if lo == hi else f"{lo} to {hi}"


def _burduk_findings(counts, bounds) -> dict:
    f = {}
    for i, label in enumerate(counts, start=1):
        f[f"b_yes_{i}"], f[f"b_all_{i}"], f[f"b_tn_only_{i}"] = counts[label]
        f[f"b_nested_{i}"] = int(bounds.loc[label, "nested"])
        f[f"b_seed_lo_{i}"] = int(bounds.loc[label, "independent, fewest"])
        f[f"b_seed_hi_{i}"] = int(bounds.loc[label, "independent, most"])
        f[f"b_seed_range_{i}"] = _range_text(f[f"b_seed_lo_{i}"], f[f"b_seed_hi_{i}"])
    return f


@cache
def wu_table():
    """NMC against LDA by the AC-score on the same test samples of every digits split.

    Ten splits per condition of :data:`imbalance_lib.book.datasets.DIGITS_CONDITIONS`,
    paired by :func:`imbalance_lib.intervals.compare` in one call per condition.
    """
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.model_selection import RepeatedStratifiedKFold

    from imbalance_lib.book.datasets import DIGITS_CONDITIONS, digits_split

    rows = []
    for cond in DIGITS_CONDITIONS:
        joints = []
        for rep in range(10):
            X_tr, y_tr, X_te, y_te = digits_split(cond, rep)
            cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=10, random_state=rep)
            nmc = il.NearestMeanClassifier(cv=cv).fit(X_tr, y_tr).predict(X_te)
            lda = LinearDiscriminantAnalysis().fit(X_tr, y_tr).predict(X_te)
            joints.append(joint_counts(y_te, nmc, lda, labels=[0, 1]))
        c = compare(np.stack(joints), "ac", random_state=0)  # ten splits, one call
        rows.append({"N:P": cond, "NMC ahead": int((c.difference > 0).sum()),
                     "LDA ahead": int((c.difference < 0).sum()),
                     "LDA shown better": int((c.high < 0).sum()),
                     "NMC shown better": int((c.low > 0).sum()),
                     "median P(NMC better)": f"{np.median(c.prob_better):.2f}"})
    return pd.DataFrame(rows).set_index("N:P")


def p_text(p: float) -> str:
    """A p-value for the prose: three decimals from 0.001 on, else one digit times a power of ten.

    >>> p_text(2 / 2**16), p_text(0.0123), p_text(4.4e-12)
    ('3 × 10⁻⁵', '0.012', '4 × 10⁻¹²')
    """
    if p >= 0.001:
        return f"{p:.3f}"
    mantissa, exponent = f"{p:.0e}".split("e")
    return f"{mantissa} × 10" + str(int(exponent)).translate(str.maketrans("-0123456789",
                                                                          "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))


@cache
def wu_overlap():
    """Test samples over all digits splits, and how many distinct images they are.

    Returns ``(slots, distinct)``: the summed test-set sizes of the ten splits of
    every condition, and the number of distinct images among them (identical
    pixel rows counted once).
    """
    from imbalance_lib.book.datasets import DIGITS_CONDITIONS, digits_split

    tests = [digits_split(cond, rep)[2] for cond in DIGITS_CONDITIONS for rep in range(10)]
    rows = np.vstack(tests)
    return len(rows), len(np.unique(rows, axis=0))


def _wu_findings(wu, overlap=None) -> dict:
    nmc, lda = int(wu["NMC ahead"].sum()), int(wu["LDA ahead"].sum())
    sign_p = stats.binomtest(max(nmc, lda), nmc + lda, 0.5).pvalue  # two-sided sign test
    splits = 10 * len(wu)
    slots, distinct = wu_overlap() if overlap is None else overlap
    return {"wu_splits": splits, "wu_nmc": nmc, "wu_lda": lda,
            "wu_test_slots": slots, "wu_test_images": distinct,
            "wu_test_reuse": round(slots / distinct, 1),
            "wu_lda_sure": int(wu["LDA shown better"].sum()),
            "wu_nmc_sure": int(wu["NMC shown better"].sum()),
            "wu_sure": int(wu["LDA shown better"].sum() + wu["NMC shown better"].sum()),
            "wu_chance": round(0.05 * splits, 1),
            "wu_sign_p": float(sign_p), "wu_sign_p_text": p_text(sign_p)}


# --------------------------------------------------------------------- findings


def findings() -> dict:
    """Everything the chapter's prose states (each experiment runs once per process)."""
    f = {}
    f.update(_brodersen_findings(brodersen_table()))
    f.update(_coverage_findings(coverage_study(), symmetric_three_class(),
                                split_prior_coverage()))
    f.update(_kink_findings(kink_study()))
    f.update(_kink_limit_findings(kink_limits()))
    f.update(_paired_findings(paired_study()))
    f.update(_iid_findings(iid_study()))
    f.update(_width_findings(width_table()))
    f.update(_garcia_findings(garcia_table()))
    f.update(_mortaz_findings(mortaz_table(), *glass_pairs()))
    f.update(_burduk_findings(burduk_table()[1], burduk_bounds()))
    f.update(_wu_findings(wu_table()))
    f.update(_picks_findings(f))
    return f


def _picks_findings(f) -> dict:
    """García's and Mortaz's picks together: how many, and how many are not distinguishable."""
    n = f["g_n"] + f["m_n"]
    return {"picks_n": n, "picks_not": n - f["g_yes"] - f["m_yes"]}


@cache
@stored_as("intervals_paired")  # chapters/data/stored/intervals_paired.json
def paired_study():
    """Coverage (%) of the paired interval: :func:`imbalance_lib.book.paired_coverage.study`."""
    from imbalance_lib.book import paired_coverage

    return paired_coverage.study()


IID_SETS = 3000
"""Simulated i.i.d. test sets per population (Monte Carlo standard error near 95 %: 0.4 points)."""


@cache
@stored_as("intervals_iid")  # chapters/data/stored/intervals_iid.json
def iid_study():
    """Coverage (%) on i.i.d. test sets: :func:`imbalance_lib.book.iid_coverage.study`."""
    from imbalance_lib.book import iid_coverage

    return iid_coverage.study(n_sets=IID_SETS)


def _paired_findings(paired) -> dict:
    from imbalance_lib.book import paired_coverage

    pc = paired_coverage.summary(paired)
    f = {f"pc_{k}": round(pc[k], 1) for k in ("min", "min_from20", "max", "mc_se")}
    f.update({f"pc_{k}": pc[k] for k in ("cells", "below93", "above97")})
    f["pc_sets"] = 400
    return f


def _iid_findings(iid) -> dict:
    prec = iid.xs("precision", level="metric")
    ba = iid.xs("balanced_accuracy", level="metric")
    dep = iid.drop("balanced_accuracy", level="metric")
    return {"iid_sets": IID_SETS, "iid_mc_se": round(100 * np.sqrt(0.95 * 0.05 / IID_SETS), 1),
            "iid_ba_min": round(ba["bayes"].min(), 1), "iid_ba_max": round(ba["bayes"].max(), 1),
            "iid_prec_rows": round(prec["bayes"].min(), 1),
            "iid_prec_whole": round(prec["bayes-whole"].min(), 1),
            "iid_ba_same": "the same" if (ba["bayes"] == ba["bayes-whole"]).all()
            else "not the same",
            "iid_whole_worse": int((dep["bayes-whole"] < dep["bayes"]).sum())}


def _band(x):
    return 0.93 <= x <= 0.97


CLAIMS = [
    # Brodersen's posterior
    Claim("ba-resampled-exact", "the resampled quantiles of BA agree with the exact convolution "
          "to within the Monte Carlo error of 20,000 resamples (below 0.01)",
          lambda f: f["ba_gap_max"] < 0.01),
    Claim("biased-not-shown", "the biased classifier is not shown to be better than chance: "
          "its BA interval contains 0.5",
          lambda f: f["bias_ba_low_raw"] < 0.5 < f["bias_ba_high_raw"]),
    Claim("biased-acc-high", "its accuracy is far above its balanced accuracy",
          lambda f: f["bias_acc"] > f["bias_ba"] + 0.2),
    # coverage of the default method
    Claim("mc-se", "with 800 sets the Monte Carlo standard error near 95 % is under one point",
          lambda f: f["cov_mc_se"] < 1),
    Claim("iam-same-events", "each IAM interval covers exactly when its CBA interval does",
          lambda f: f["iam_cba_differ"] == 0
          and f["cov_n"] - f["cov_n_distinct"] == f["cov_n"] // 10),
    Claim("content-below-95", "with 400 resamples the expected content is below 95 %",
          lambda f: f["cov_content"] < 95),
    Claim("cluster-below-95", "many coverages sit just below 95 %: the median lies between "
          "93 % and 95 %", lambda f: 93 <= f["cov_median"] <= 95),
    Claim("two-from-10", "for two classes from 10 minority samples on every coverage is "
          "within two Monte Carlo standard errors of the band, on both sides",
          lambda f: f["cov_two_min10"] >= 0.93 - 2 * f["cov_mc_se"] / 100
          and f["cov_two_max10"] <= 0.97 + 2 * f["cov_mc_se"] / 100),
    Claim("two-at-5", "at 5 samples the binary coverage falls below the band in one setting "
          "and is on the safe side at IR 100 in another",
          lambda f: f["cov_two_min5"] < 0.93 and f["cov_two_max5"] > 0.95
          and f["cov_two_max5_ir"] == 100),
    Claim("three-worst-balanced", "with three classes the default undercovers most where the "
          "classes are balanced (IR 1, below the band) and holds the band's lower end at IR 100 "
          "at every size",
          lambda f: f["cov_three_worst_ir"] == 1 and f["cov_three_ir1"] < 0.93
          and f["cov_three_ir100"] >= 0.93),
    Claim("three-short-10-50", "from 10 to 50 minority samples the three-class default is "
          "still below the band", lambda f: f["cov_three_lo"] < 0.93),
    Claim("three-boot-better", "for three balanced classes (IR 1) the stratified bootstrap "
          "covers more than the default at every size from 5 to 50 a class, and from 10 "
          "samples on its worst three-class cell is above the default's",
          lambda f: f["boot_ir1_more"] == f["boot_ir1_n"] == 4
          and f["boot_three_lo"] > f["cov_three_lo"]),
    Claim("symmetric-both-short", "with three equal classes of 20 and symmetric errors both "
          "methods fall short of the band, the default far and the bootstrap less far",
          lambda f: f["sym_default"] < f["sym_boot"] < 93 and f["sym_default"] < 85),
    Claim("cba-biased-low", "the plug-in CBA is biased low with balanced classes (the chapter's "
          "rates at IR 1 and the symmetric errors), and hardly at IR 100",
          lambda f: f["cba_bias_sym"] < 0 and f["cba_bias_ir1"] < 0
          and abs(f["cba_bias_ir100"]) < abs(f["cba_bias_ir1"]) / 5),
    Claim("kink-in-band", "the kink-corrected interval covers within 93-97 % in every "
          "three-class setting of the kink study, 5 a class included",
          lambda f: 93 <= f["kink_min"] and f["kink_max"] <= 97 and f["kink_n"] == 12),
    Claim("kink-default-short", "on the same test sets the default falls below 93 % in most "
          "settings, and stays far below with evenly spread errors",
          lambda f: f["kink_default_short"] > f["kink_n"] / 2
          and f["kink_default_even_max"] < 85),
    Claim("kink-cheap", "the corrected intervals are at most 15 % wider than the default's",
          lambda f: f["kink_width_max"] <= 1.15),
    Claim("kink-lopsided", "the corrected interval's misses are lopsided: the truth lies above "
          "it more often than below", lambda f: f["kink_above"] > 2 * f["kink_below"]),
    Claim("kink-limits", "with four or five classes, with 3 or 5 samples a class and at the 80 % "
          "level the corrected interval covers more than two points too little, and nearly all "
          "of its misses lie above it", lambda f: f["kink_lim_all_short"]
          and f["kink_lim_above_share"] >= 0.9),
    Claim("prior-at-5", "at 5 a class and IR 1 the bootstrap, which has no prior, covers "
          "better than the default", lambda f: f["boot_three_5"] > f["cov_three_5"]),
    Claim("boot-binary-fails", "the bootstrap covers less than half at 5 samples for a binary "
          "metrics, fails badly at 10 and is still below the band at 50",
          lambda f: f["boot_min"] < 0.5 and f["boot_min10"] < 0.8 and f["boot_min50"] < 0.93),
    Claim("none-at-5", "at 5 minority samples no method holds the band for every metric",
          lambda f: f["cov_min5"] < 0.93 and f["boot_min5"] < 0.93),
    Claim("no-majority-undefined", "almost no test set is left without an interval",
          lambda f: f["no_interval"] < 0.01),
    # paired coverage
    Claim("paired-covers", "every paired cell covers within one Monte Carlo standard error of 93 % "
          "or more", lambda f: f["pc_min"] >= 93 - f["pc_mc_se"] and f["pc_above97"] > 0),
    Claim("split-prior-under", "with a/k per joint cell the often-disagreeing pair undercovers "
          "at 20 positives for every metric",
          lambda f: f["split_max"] < 93 and f["split_max"] < f["pc_min_from20"]),
    # i.i.d. test sets
    Claim("iid-whole-better", "for the prevalence-dependent metrics the whole-matrix posterior "
          "covers at least as well in every cell, and precision's row-wise one undercovers",
          lambda f: f["iid_whole_worse"] == 0 and f["iid_prec_rows"] < 90
          and f["iid_prec_whole"] >= 93),
    Claim("iid-ba-same", "balanced accuracy gets the same coverage from both",
          lambda f: f["iid_ba_same"] == "the same"),
    Claim("iid-ba-band", "balanced accuracy's coverage is within two Monte Carlo standard "
          "errors of the 93-97 % band in every population",
          lambda f: f["iid_ba_min"] >= 93 - 2 * f["iid_mc_se"]
          and f["iid_ba_max"] <= 97 + 2 * f["iid_mc_se"]),
    # widths
    Claim("acc-narrow", "accuracy's interval is far narrower than TPR's on Glass",
          lambda f: f["w_glass_acc"] < f["w_glass_tpr"] / 2),
    Claim("equal-weight-wide", "every metric that weighs the classes equally is at least twice "
          "as uncertain as accuracy on Glass", lambda f: f["w_glass_equal_min"]
          >= 2 * f["w_glass_acc"]),
    Claim("glass-tens-satimage-few", "at 17 minority samples IBA and GM are uncertain by tens of "
          "points, at 626 by a few",
          lambda f: min(f["w_glass_iba"], f["w_glass_gm"]) >= 0.2
          and max(f["w_sat_iba"], f["w_sat_gm"]) <= 0.1),
    # García
    Claim("garcia-breast-coin", "Breast's IBA_0.1 pick is a coin toss",
          lambda f: 0.4 <= f["g_breast_p"] <= 0.6),
    Claim("garcia-breast-none", "no Breast pick is distinguishable", lambda f: f["g_breast_yes"] == 0),
    Claim("garcia-glass-none", "on Glass no pick by GM, OP or IBA_0.1 is distinguishable",
          lambda f: f["g_glass_small_yes"] == 0 and f["g_glass_p"] < 0.9),
    Claim("garcia-large-gaps", "the picks that survive are IBA_1 picks or Satimage picks",
          lambda f: f["g_yes_elsewhere"] == 0 and f["g_yes"] > 0),
    Claim("garcia-satimage-half", "two of the four Satimage picks survive, not all",
          lambda f: 0 < f["g_sat_yes"] < 4),
    Claim("garcia-small-alpha", "of the four IBA_0.1 picks only Satimage's is distinguishable "
          "from its runner-up",
          lambda f: f["g_iba01_yes_not_sat"] == 0 and f["g_sat_iba01_yes"] == 1),
    Claim("garcia-bonferroni", "after Bonferroni's correction over the 16 picks only Satimage "
          "IBA_1 survives", lambda f: f["g_bonf_yes"] == 1
          and f["g_bonf_which"] == "Satimage IBA_1"),
    Claim("garcia-above-chance", "more picks survive than the chance count at the 5 % level",
          lambda f: f["g_yes"] > f["g_chance"]),
    # Mortaz
    Claim("mortaz-none-shown", "no Mortaz pick is distinguishable from its runner-up",
          lambda f: f["m_yes"] == 0),
    Claim("picks-most-fail", "most of García's and Mortaz's picks are not distinguishable "
          "from their runners-up", lambda f: f["picks_not"] > f["picks_n"] / 2
          and f["picks_n"] == f["g_n"] + f["m_n"]),
    Claim("mortaz-glass-coin", "the Glass pick is a coin toss", lambda f: 0.4 <= f["m_glass_p"] <= 0.6),
    Claim("mortaz-sat-iam-matched", "the Satimage IAM row tests the published IAM gap: the "
          "matched matrices reproduce it", lambda f: abs(f["m_sat_matched_gap"]
                                                         - f["m_sat_gap"]) < 0.0015),
    Claim("mortaz-sat-iam-not-shown", "the Satimage IAM pick is not shown",
          lambda f: f["m_sat_p"] < 0.9),
    Claim("mortaz-sat-cba-edge", "the Satimage CBA interval just reaches 0",
          lambda f: -0.005 < f["m_sat_low_cba"] <= 0 and f["m_sat_p_cba"] > 0.95),
    Claim("glass-iam-cba-one", "on Glass the IAM and CBA rows of a fold seed are one "
          "comparison: IAM's difference and limits are twice CBA's, with the same probability",
          lambda f: f["m_iam_cba_same"] and f["m_rows"] == 2 * f["m_pairs"]
          and f["m_pairs"] == f["m_seeds"]),
    Claim("glass-pairs-straddle", "none of the distinct paired RF vs RF-ROS comparisons on Glass "
          "(one per fold seed) excludes 0", lambda f: f["m_excl"] == 0),
    Claim("glass-rf-rarely-ahead", "RF is ahead of RF-ROS by IAM in a minority of fold seeds",
          lambda f: f["m_rf_ahead"] < f["m_seeds"] / 2),
    Claim("glass-either-way", "the probability that RF is better ranges across one half "
          "over the fold seeds",
          lambda f: f["m_pmin"] < 0.5 < f["m_pmax"]),
    # Burduk
    Claim("burduk-more-negatives", "more differences are distinguishable with more negatives",
          lambda f: f["b_yes_1"] < f["b_yes_2"] <= f["b_yes_3"]),
    Claim("burduk-few-at-10", "with 10 negatives a minority of the differences is distinguishable",
          lambda f: f["b_yes_1"] < f["b_all_1"] / 2),
    Claim("burduk-tn-invisible", "with 10 negatives (independent resampling) some differences are "
          "distinguishable, and none between classifiers with the same TP",
          lambda f: f["b_tn_only_1"] == 0 and f["b_yes_1"] > 0),
    Claim("burduk-same-count", "each of the three tables has the same number of differences "
          "(five pairs by seven metrics)",
          lambda f: f["b_all_1"] == f["b_all_2"] == f["b_all_3"] == 35),
    Claim("burduk-seed-in-range", "the count of the table (seed 0) is one of the ten seeds' "
          "counts, so the independent range (as glued) contains it",
          lambda f: all(f[f"b_seed_lo_{i}"] <= f[f"b_yes_{i}"] <= f[f"b_seed_hi_{i}"]
                        and f[f"b_seed_range_{i}"] == _range_text(f[f"b_seed_lo_{i}"],
                                                                  f[f"b_seed_hi_{i}"])
                        for i in (1, 2, 3))),
    Claim("burduk-bounds", "the nested bound distinguishes at least as many as the independent "
          "one, whatever the seed", lambda f: all(f[f"b_nested_{i}"] >= f[f"b_seed_hi_{i}"]
                                                 for i in (1, 2, 3))),
    # Wu and Cannistraci
    Claim("wu-no-split", "no more splits separate NMC and LDA than chance alone would give",
          lambda f: f["wu_sure"] <= f["wu_chance"]),
    Claim("wu-nmc-never", "no split shows NMC better, and NMC is ahead in none",
          lambda f: f["wu_nmc_sure"] == 0 and f["wu_nmc"] == 0),
    Claim("wu-direction", "the direction favours LDA beyond chance (sign test below 0.01, "
          "treating the splits as independent)",
          lambda f: f["wu_sign_p"] < 0.01 and f["wu_lda"] > f["wu_nmc"]
          and f["wu_sign_p_text"] == p_text(f["wu_sign_p"])),
    Claim("wu-splits-overlap", "the splits' test sets reuse the same images, so the splits are "
          "not independent: on average each image is tested several times",
          lambda f: f["wu_test_images"] < f["wu_test_slots"] / 2
          and f["wu_test_reuse"] >= 2),
    # cross-validation
    Claim("oof-small", "the fold-seed movement of RF's IAM is small next to one run's interval",
          lambda f: f["oof_spread"] < f["oof_width"] / 2),
]
"""The statements of the chapter's prose, each with the finding that supports it."""
