"""The chapter's figures, each a matplotlib figure in the book's style.

The data come from the page (the runs, the tails, the sweep); the closed-form
figures (:func:`contours_figure`, :func:`bias_figure`) draw the library's
metrics over grids of hypothetical classifiers.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

import imbalance_lib as il
from imbalance_lib.book.chapters.balanced_accuracy.experiments import (
    INFORMATIVE,
    RATES_Q,
    Sweep,
    TrivialRuns,
)
from imbalance_lib.book.chapters.balanced_accuracy.theory import GM_EXAMPLE
from imbalance_lib.book.figures import COLOURS, LINESTYLES, PALETTE, rate_grid

__all__ = ["paradox_figure", "chance_figure", "contours_figure", "bias_figure",
           "threshold_figure"]


def paradox_figure(runs: TrivialRuns, pi, expected, good) -> Figure:
    """Accuracy (left) and balanced accuracy (right) of trivial classifiers against prevalence.

    ``expected`` holds one row of expected matrices per rate of :data:`RATES_Q`
    over the prevalences ``pi``; ``good`` is the informative classifier's.
    """
    names = {0.0: "all negative ($q=0$)", 0.5: "coin flip, $q=0.5$",
             1.0: "all positive ($q=1$)"}
    wins = np.asarray(il.accuracy(expected))[RATES_Q.index(0.0)] > il.accuracy(good)
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.6), sharey=True)
    for ax, metric, title in [(axes[0], il.accuracy, "accuracy"),
                              (axes[1], il.balanced_accuracy, "balanced accuracy")]:
        exp, real = np.asarray(metric(expected)), np.asarray(metric(runs.matrices))
        for i, q in enumerate(RATES_Q):
            ax.plot(pi, exp[i], color=COLOURS[i], ls=LINESTYLES[i], lw=2,
                    label=names.get(q, f"random, $q={q}$"))
            for fam, marker in [("Glass", "o"), ("Satimage", "s")]:
                sel = (runs.q == q) & (runs.family == fam)
                ax.scatter(runs.prevalence[sel], real[sel], marker=marker, s=28,
                           facecolor=COLOURS[i], edgecolor="k", lw=0.6, zorder=3)
        ax.plot(pi, metric(good), color=PALETTE["black"], lw=1.5,
                label=f"informative: $\\mathrm{{TPR}} = \\mathrm{{TNR}} = {INFORMATIVE}$")
        ax.set_xlabel(r"prevalence $\pi = P/n$")
        ax.set_title(title)
        ax.set_xlim(0, 1)
        ax.set_ylim(-0.02, 1.02)
    axes[0].set_ylabel("value of the metric")
    axes[0].axvspan(0, float(pi[wins].max()), color=PALETTE["yellow"], alpha=0.25, lw=0)
    axes[0].text(0.012, 0.265, "all\nnegative\nwins")
    h, lab = axes[0].get_legend_handles_labels()
    h += [plt.Line2D([], [], marker="o", ls="", mfc="w", mec="k"),
          plt.Line2D([], [], marker="s", ls="", mfc="w", mec="k")]
    lab += ["realised on a Glass problem", "realised on a Satimage problem"]
    fig.legend(h, lab, loc="lower center", ncol=3, frameon=False,
               bbox_to_anchor=(0.5, -0.2))
    fig.tight_layout()
    return fig


def chance_figure(P_values, tail, bounds, M: int) -> Figure:
    """The coin flip's tail probabilities (one row of ``tail`` per bound) against ``P``."""
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for i, b in enumerate(bounds):
        ax.plot(P_values, tail[i], color=COLOURS[i], ls=LINESTYLES[i], marker="os^"[i],
                ms=4, label=f"$\\mathrm{{BA}} \\geq {b}$")
    ax.set_xscale("log")
    ax.set_xlabel(f"number of positives $P$ in a test set of $n = {M}$ samples")
    ax.set_ylabel("probability for a coin flip")
    ax.set_ylim(-0.01, 0.55)
    ax.legend(title="event")
    fig.tight_layout()
    return fig


def contours_figure(n: int = 201) -> Figure:
    """Balanced accuracy and the geometric mean over the (TPR, TNR) plane."""
    T, S = rate_grid(n)
    surface = il.binary_matrix(T, 1 - T, 1 - S, S)  # P = N = 1
    values = {r"balanced accuracy $\mathrm{BA}$": il.balanced_accuracy(surface),
              r"geometric mean $\mathrm{GM}$": il.g_mean(surface)}
    points = [((1, 1), "perfect", (-9, -16), "right"),
              ((0, 0), "always wrong", (9, 8), "left"),
              ((1, 0), "all positive", (-9, 8), "right"),
              ((0, 1), "all negative", (9, -16), "left"),
              ((0.5, 0.5), "coin flip", (-9, -16), "right"),
              (GM_EXAMPLE, f"({GM_EXAMPLE[0]:g}, {GM_EXAMPLE[1]:g})", (-9, 6), "right")]
    levels = np.linspace(0, 1, 11)
    fig, axes = plt.subplots(1, 2, figsize=(10, 5.0), sharey=True)
    for ax, (title, Z) in zip(axes, values.items()):
        cs = ax.contourf(T, S, Z, levels=levels, cmap="viridis")
        lines = ax.contour(T, S, Z, levels=levels[1:-1], colors="k", linewidths=0.6)
        ax.clabel(lines, fmt="%.1f", inline_spacing=2)
        ax.plot([0, 1], [1, 0], color="w", ls="--", lw=2)
        for (x, y), name, off, ha in points:
            ax.plot(x, y, marker="o", ms=8, mfc="w", mec="k", clip_on=False, zorder=4)
            ax.annotate(name, (x, y), xytext=off, textcoords="offset points", ha=ha,
                        bbox=dict(boxstyle="round,pad=0.2", fc="w", ec="none", alpha=0.9),
                        zorder=5)
        ax.set_xlabel(r"true positive rate $\mathrm{TPR}$")
        ax.set_title(title)
        ax.set_aspect("equal")
        ax.set_xticks([0, 0.5, 1], ["0", "0.5", "1"])
        ax.set_yticks([0, 0.5, 1], ["0", "0.5", "1"])
        ax.grid(False)
    axes[0].set_ylabel(r"true negative rate $\mathrm{TNR}$")
    fig.colorbar(cs, ax=axes, shrink=0.85, label="value of the metric")
    return fig


def bias_figure(pi0: float = 0.1, informedness=(0.0, 0.2, 0.25, 0.5, 0.75)) -> Figure:
    """Left: trivial classifiers against their bias q; right: GM at fixed informedness J."""
    q = np.linspace(0, 1, 401)
    E = il.binary_matrix(q * pi0, (1 - q) * pi0, q * (1 - pi0), (1 - q) * (1 - pi0))
    fig, axes = plt.subplots(1, 2, figsize=(10.5, 4.8))
    ax = axes[0]
    for k, (f, label) in enumerate([(il.balanced_accuracy, r"$\mathrm{BA}$"),
                                    (il.g_mean, r"$\mathrm{GM}$"),
                                    (il.ac, r"$\mathrm{HM}$ (AC-score)"),
                                    (il.accuracy, f"$\\mathrm{{ACC}}$ at $\\pi = {pi0}$")]):
        ax.plot(q, f(E), color=COLOURS[k], ls=LINESTYLES[k], lw=2, label=label)
    ax.set_xlabel("rate $q$ of positive predictions (bias)")
    ax.set_ylabel("value on the expected matrix")
    ax.set_title("label-independent classifiers ($J = 0$)")
    ax.legend(loc="upper right")
    ax.set_ylim(-0.02, 1.02)
    ax = axes[1]
    for k, J in enumerate(informedness):
        D = np.linspace(-(1 - J), 1 - J, 401)
        S = il.binary_matrix(*np.maximum(0, [(1 + J + D) / 2, (1 - J - D) / 2,
                                             (1 - J + D) / 2, (1 + J - D) / 2]))
        ax.plot(D, il.g_mean(S), color=COLOURS[k], ls=LINESTYLES[k], lw=2, label=f"$J = {J}$")
        ax.plot([-(1 - J), 1 - J], [np.sqrt(J)] * 2, ls="", marker="o", ms=5,
                color=COLOURS[k], mec="k")
    ax.axhline(0.5, color=PALETTE["grey"], lw=1)
    ax.text(-0.98, 0.52, "coin flip", color=PALETTE["grey"])
    tpr, tnr = GM_EXAMPLE
    k = int(np.argmin(np.abs(np.array(informedness) - (tpr + tnr - 1))))  # its J's curve
    ax.plot(tpr - tnr, float(il.g_mean(il.binary_matrix(tpr, 1 - tpr, 1 - tnr, tnr))),
            marker="*", ms=14, color=COLOURS[k], mec="k", zorder=5)
    ax.set_xlabel(r"dominance $d = \mathrm{TPR} - \mathrm{TNR}$")
    ax.set_ylabel(r"geometric mean $\mathrm{GM}$")
    ax.set_title("fixed informedness $J$, varying bias")
    ax.legend(loc="upper center", ncol=3)
    ax.set_ylim(-0.02, 1.25)
    ax.set_yticks(np.linspace(0, 1, 6))
    fig.tight_layout()
    return fig


def threshold_figure(sweep: Sweep) -> Figure:
    """ACC, BA and GM of the sweep against the threshold, each maximum marked."""
    t, prev = sweep.thresholds, sweep.prevalence
    finite = np.isfinite(t)  # the last cut, t = inf, predicts everything negative
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for k, (name, v) in enumerate(sweep.curves.items()):
        ax.plot(t[finite], v[finite], color=COLOURS[k], ls=LINESTYLES[k], lw=2,
                label=f"$\\mathrm{{{name}}}$")
        i = sweep.best[name]
        ax.plot(t[i], v[i], marker="o", color=COLOURS[k], mec="k", ms=7)
    ax.axhline(1 - prev, color=PALETTE["grey"], lw=1, label=r"$\mathrm{ACC}$ of all negative")
    ax.axvline(prev, color=PALETTE["grey"], lw=1, ls="-.")
    ax.axvline(0.5, color=PALETTE["grey"], lw=1, ls=":")
    ax.text(prev + 0.01, 0.05, "$t = \\pi$")
    ax.text(0.51, 0.05, "$t = 1/2$")
    ax.set_xlabel("decision threshold $t$ on the predicted probability")
    ax.set_ylabel("value of the metric")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(loc="center right")
    fig.tight_layout()
    return fig
