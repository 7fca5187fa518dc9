"""The figures of the IBA chapter (matplotlib; the page folds their code)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

import imbalance_lib as il
from imbalance_lib.book.figures import COLOURS, LINESTYLES, PALETTE, plane, rate_grid
from imbalance_lib.book.published.garcia2009 import TABLE2

from .document import alpha_star, table2_matrices
from .experiments import MODELS
from .theory import ALPHAS, from_rates

_MARKERS = ["o", "s", "^", "D", "v", "P"]
_THETAS = [r"$\theta_1$", r"$\theta_2$", r"$\theta_3$", r"$\theta_4$"]


def bag_figure():
    """The balanced accuracy graph with Table 2's configurations and their IBA rectangles."""
    C2 = table2_matrices()
    d2, g2 = il.dominance(C2), il.g_mean(C2) ** 2
    fig, axes = plt.subplots(2, 1, figsize=(7.5, 10), sharey=True)
    for ax, alpha in zip(axes, [1.0, 0.1]):
        ax.add_patch(plt.Polygon([(-alpha, 0), (0, 1), (alpha, 0)], closed=True,
                                 facecolor="0.88", edgecolor="0.35", lw=1,
                                 label="feasible region"))
        ax.add_patch(plt.Rectangle((-1, 0), 1, 1, fill=False, edgecolor="k", lw=1.2,
                                   hatch="..", label="perfect classifier: area 1"))
        values = il.iba(C2, alpha=alpha)
        for i in range(4):
            x, y = alpha * d2[i], g2[i]
            ax.add_patch(plt.Rectangle((-1, 0), 1 + x, y, fill=False, lw=2,
                                       edgecolor=COLOURS[i], ls=LINESTYLES[i]))
            ax.plot(x, y, marker=_MARKERS[i], color=COLOURS[i], ms=9, ls="none",
                    label=f"{_THETAS[i]}: area = IBA$_{{{alpha:g}}}$ = {values[i]:.3f}")
        ax.plot(0, 1, marker="*", color="k", ms=14, ls="none")
        ax.set_xlim(-1.05, 1.05)
        ax.set_ylim(0, 1.45)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
        ax.set_xlabel("dominance $d = TPR - TNR$" if alpha == 1
                      else r"$\alpha d$, $\alpha = 0.1$")
        ax.set_ylabel(r"$g = GM^2 = TPR \cdot TNR$")
        ax.set_title(f"$\\alpha = {alpha:g}$")
        ax.legend(loc="upper center", ncol=2, frameon=True)
    fig.tight_layout()
    return fig


def surface_figure():
    """IBA_1 over the unit square as a 3D surface (the document's Fig. 2)."""
    T, S = rate_grid(101)
    Z = il.iba(from_rates(T, S, 0.5), alpha=1.0)
    fig = plt.figure(figsize=(7, 6))
    ax = fig.add_subplot(projection="3d")
    ax.plot_surface(T, S, Z, cmap="viridis", rstride=2, cstride=2, linewidth=0,
                    antialiased=True)
    ax.scatter([1], [1], [1], color="k", marker="*", s=120)
    ax.set_xlabel("TPR", labelpad=8)
    ax.set_ylabel("TNR", labelpad=8)
    ax.set_zlabel("IBA$_1$", labelpad=8)
    for axis in (ax.set_xticks, ax.set_yticks, ax.set_zticks):
        axis([0, 0.5, 1])
    ax.set_zlim(0, 1)
    ax.view_init(elev=28, azim=-125)
    fig.tight_layout()
    return fig


def contours_figure():
    """IBA_alpha over the TPR x TNR plane for four weights, with the region where it falls."""
    T, S = rate_grid(101)
    t2 = TABLE2.frame()
    fig, axes = plt.subplots(2, 2, figsize=(7.5, 7.6), sharex=True, sharey=True)
    levels = np.linspace(0, 1, 21)
    for ax, alpha in zip(axes.flat, [0.0, 0.1, 0.5, 1.0]):
        Z = il.iba(from_rates(T, S, 0.5), alpha=alpha)
        cf = plane(ax, T, S, Z, levels=levels, lines=levels[::2])
        falling = np.diff(Z, axis=0) < 0  # IBA decreases when TNR grows by one grid step
        ax.contourf(T[1:], S[1:], falling.astype(float), levels=[0.5, 1.5], colors="none",
                    hatches=["////"])
        ax.contour(T[1:], S[1:], falling.astype(float), levels=[0.5],
                   colors=PALETTE["vermillion"], linewidths=2)
        for i in range(4):
            ax.plot(t2["TPrate"].iloc[i], t2["TNrate"].iloc[i], marker=_MARKERS[i],
                    color="white", mec="k", ms=8, ls="none")
        ax.set_title(f"IBA$_{{{alpha:g}}}$")
        ax.set_xticks([0, 0.5, 1], ["0", "0.5", "1"])
        ax.set_yticks([0, 0.5, 1], ["0", "0.5", "1"])
        ax.label_outer()
    fig.colorbar(cf, ax=axes, shrink=0.8, label="IBA$_\\alpha$", ticks=[0, 0.5, 1])
    return fig


def alpha_figure():
    """IBA_alpha of Table 2's configurations against alpha, the winner shaded."""
    C2 = table2_matrices()
    star = alpha_star()
    a_grid = np.linspace(0, 1, 401)
    curves = il.iba(C2[:, None], alpha=a_grid)  # (4, alphas)
    fig, ax = plt.subplots(figsize=(7.5, 4.6))
    for i in range(4):
        ax.plot(a_grid, curves[i], color=COLOURS[i], ls=LINESTYLES[i], lw=2, label=_THETAS[i])
    winner = curves.argmax(axis=0)
    for i in np.unique(winner):
        span = a_grid[winner == i]
        ax.axvspan(span.min(), span.max(), color=COLOURS[i], alpha=0.12)
    ax.axvline(star, color="0.3", lw=1)
    ax.annotate(f"$\\alpha^* = {star:.3f}$", (star, 0.32), xytext=(star + 0.05, 0.33))
    for a in ALPHAS.values():
        ax.plot([a] * 4, il.iba(C2, alpha=a), "k.", ms=6)
    ax.set_xlabel(r"weight $\alpha$ of the dominance")
    ax.set_ylabel(r"IBA$_\alpha$")
    ax.set_xlim(0, 1)
    ax.legend(loc="lower right", ncol=2)
    fig.tight_layout()
    return fig


def folds_figure(CM: dict, RF: dict, seed: int = 5):
    """The re-run in the balanced accuracy graph: per fold (faint) and rates-first (large).

    ``CM``: data set -> fold matrices (models, folds, 2, 2); ``RF``: data set ->
    rates-first table.
    """
    fig, axes = plt.subplots(2, 1, figsize=(7.5, 10.5), sharex=True)
    rng = np.random.default_rng(seed)
    for ax, (name, cm) in zip(axes, CM.items()):
        ax.add_patch(plt.Polygon([(-1, 0), (0, 1), (1, 0)], closed=True, facecolor="0.92",
                                 edgecolor="0.5", lw=1))
        d, g = np.asarray(il.dominance(cm)), np.asarray(il.g_mean(cm)) ** 2
        for i in range(len(MODELS)):
            jitter = rng.normal(0, 0.006, size=(2, d.shape[1]))
            ax.plot(d[i] + jitter[0], g[i] + jitter[1], marker=_MARKERS[i], color=COLOURS[i],
                    ls="none", ms=4, alpha=0.35)
        rf = RF[name]
        for i, m in enumerate(MODELS):
            big = m == "SVC"  # SVC and RBF both sit at (-1, 0): SVC drawn as a large ring
            ax.plot(rf.at[m, "TPrate"] - rf.at[m, "TNrate"], rf.at[m, "Gmean"] ** 2,
                    marker=_MARKERS[i], color=COLOURS[i], mfc="none" if big else COLOURS[i],
                    mec=COLOURS[i] if big else "k", mew=2.5 if big else 1,
                    ms=20 if big else 10, ls="none", label=m)
        ax.annotate("SVC and RBF:\nTPR = 0 in every fold", (-1, 0), xytext=(-0.95, 0.42),
                    arrowprops={"arrowstyle": "->", "color": "0.3"})
        ax.set_xlim(-1.08, 1.05)
        ax.set_ylim(-0.04, 1.02)
        ax.set_ylabel("$g = GM^2$")
        ax.set_title(name)
        ax.legend(loc="upper right", ncol=2)
    axes[1].set_xlabel("dominance $d = TPR - TNR$")
    fig.tight_layout()
    return fig


