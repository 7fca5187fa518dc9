"""The HMNC chapter's figures: the document's heat maps redrawn, and the sensitivity maps."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import patheffects
from matplotlib.colors import BoundaryNorm, ListedColormap

from imbalance_lib.book.figures import PALETTE, plane

from .theory import HALVED, IRS, METRICS

__all__ = ["heatmap_figure", "sensitivity_status", "sensitivity_figure"]


def heatmap_figure(surface: dict, T, S):
    """The document's Fig. 1, 2 or 3 redrawn: seven metrics (``surface``) over the plane."""
    square = np.array([[0.5, 0.5], [0.7, 0.5], [0.7, 0.7], [0.5, 0.7], [0.5, 0.5]])
    fig, axes = plt.subplots(2, 4, figsize=(7.2, 4.3), sharex=True, sharey=True,
                             layout="constrained")
    images = {}
    for ax, name in zip(axes.flat, METRICS):
        lo, hi = (-1, 1) if name in HALVED else (0, 1)
        images[lo] = plane(ax, T, S, surface[name], levels=np.linspace(lo, hi, 41),
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


def sensitivity_status(m: dict) -> np.ndarray:
    """Per grid point: 0 both (the claim), 1 most minority-sensitive only, 2 least
    majority-sensitive only, 3 neither."""
    least, most = m["least"] == 0, m["most"] == 0
    return np.where(least & most, 0, np.where(most, 1, np.where(least, 2, 3)))


def sensitivity_figure(maps: dict, T, S):
    """Where a minority sample moves HMNC more, and where the document's claim holds."""
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
        axes[1, j].pcolormesh(T, S, sensitivity_status(maps[ir]), cmap=ListedColormap(colours),
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
