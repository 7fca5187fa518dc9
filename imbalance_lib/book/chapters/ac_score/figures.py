"""Figures of the AC-score chapter: the document's Fig. 1 and the panels of its Fig. 2.

Each function returns a closed matplotlib figure for ``glue``; the surfaces and the
penalty maps evaluate the library's metrics on one grid of matrices, the two panels of
Fig. 2 draw one run of the NMC experiment (:class:`~.experiments.Run`).
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

import imbalance_lib as il
from imbalance_lib.book.figures import PALETTE, use_style

from .experiments import CONDITIONS, OUR_METRICS, difference_summary

__all__ = ["surfaces_figure", "penalty_figure", "ranked_figure", "projections_figure"]


def surfaces_figure():
    """The document's Fig. 1: BA (= one-point AUROC), GM and AC-score over (TPR, TNR), and six sections."""
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
