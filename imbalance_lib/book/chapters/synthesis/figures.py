"""The page's figures: the identity map, the prevalence curves, the study's heat maps,
the imbalance ratio and the guide's flow chart. Display only."""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from imbalance_lib.book.figures import PALETTE

from .theory import PANEL

__all__ = ["plot_identity_map", "plot_prevalence", "plot_disagreement", "plot_rho",
           "plot_ir", "plot_guide"]



def _box(ax: Axes, x: float, y: float, text: str, colour: str, fontsize: int = 10) -> None:
    ax.text(x, y, text, ha="center", va="center", fontsize=fontsize,
            bbox=dict(boxstyle="round", fc=colour, ec="0.3"))


def plot_identity_map() -> Figure:
    """The map of identities (groups that rank alike, and metrics built from them)."""
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


def plot_prevalence(pis: np.ndarray, bias: dict[str, np.ndarray]) -> Figure:
    """Bias of each metric of :data:`~.theory.PANEL` against the prevalence ``pis``."""
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


def plot_disagreement(differ: pd.DataFrame, differ_sig: pd.DataFrame) -> Figure:
    """Share of data sets where two metrics' picks differ, and where both are significant."""
    keys = list(differ.index)
    fig, axes = plt.subplots(1, 2, figsize=(7.5, 4.3), sharey=True)
    for ax, table, title in ((axes[0], differ, "picks differ"),
                             (axes[1], differ_sig,
                              "each pick significantly better\nunder its own metric")):
        im = ax.imshow(table.to_numpy(), cmap="cividis", vmin=0,
                       vmax=differ.to_numpy().max())
        ax.set_xticks(range(len(keys)), keys, rotation=90, fontsize=9)
        ax.set_yticks(range(len(keys)), keys, fontsize=9)
        ax.set_title(title, fontsize=10)
    cb = fig.colorbar(im, ax=axes, shrink=0.7)
    cb.set_label("share of data sets", fontsize=9)
    return fig


def plot_rho(rho: pd.DataFrame, block_a: Sequence[str], block_b: Sequence[str]) -> Figure:
    """Heat map of the median Spearman correlations, metrics ordered by cluster."""
    order = [*block_a, *block_b]
    rho = rho.loc[order, order]
    fig, ax = plt.subplots(figsize=(6.5, 5.5))
    im = ax.imshow(rho.to_numpy(), cmap="cividis", vmin=-1, vmax=1)
    ax.set_xticks(range(len(order)), order, rotation=90)
    ax.set_yticks(range(len(order)), order)
    for i in range(len(order)):
        for j in range(len(order)):
            v = rho.iloc[i, j]
            ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=7,
                    color="black" if v > 0.3 else "white")
    k = len(block_a) - 0.5
    ax.axhline(k, color="white", lw=1.5)
    ax.axvline(k, color="white", lw=1.5)
    cb = fig.colorbar(im, ax=ax, shrink=0.8)
    cb.set_label("median Spearman correlation")
    return fig


def plot_ir(ir: np.ndarray, pair_share: np.ndarray, bins: Sequence[float],
            by_bin: pd.DataFrame) -> Figure:
    """Share of metric pairs that disagree, per data set, against the imbalance ratio."""
    fig, ax = plt.subplots(figsize=(7, 3.8))
    ax.scatter(ir, pair_share, s=18, color=PALETTE["blue"], alpha=0.7,
               label="one data set")
    mid = [np.sqrt(bins[b] * bins[b + 1]) for b in range(4)]
    ax.plot(mid, by_bin["pairs that differ"], "o-", color=PALETTE["vermillion"], lw=2,
            label="mean in the IR bin")
    ax.set_xscale("log")
    ax.set_xlabel("imbalance ratio IR = N/P (log scale)")
    ax.set_ylabel("share of metric pairs\nthat pick differently")
    ax.legend()
    return fig


def plot_guide() -> Figure:
    """The flow chart of the guide."""
    fig, ax = plt.subplots(figsize=(7, 6.6))
    ax.set_axis_off()
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ys = [0.94, 0.77, 0.60, 0.43, 0.26]
    questions = ["Is the model still a score\n(no threshold chosen)?",
                 "Are the costs of the\ntwo errors known?", "More than two classes?",
                 "Will the prevalence differ\nin deployment?",
                 "Is the minority class\nmore important?"]
    answers = ["AUROC; the precision-recall area\nif positives matter (ranking chapter)",
               "expected cost at the deployment priors\n(any k: a cost matrix); "
               "two classes: WA,\nα = c$_{FN}$π / (c$_{FN}$π + c$_{FP}$(1 − π))",
               "MAR (= BA per class);\nCBA, MCC move with π",
               "BA describes the classifier;\nadd the cost at the new π",
               "TPR at a required TNR;\nF1 / precision if alarms cost"]
    for q, a, y in zip(questions, answers, ys):
        _box(ax, 0.2, y, q, "#cfe2f3")
        _box(ax, 0.77, y, a, "#fde9c9")
        ax.annotate("yes", (0.5, y), (0.4, y), va="center",
                    arrowprops=dict(arrowstyle="->", color="0.3"))
    for y0, y1 in zip(ys, ys[1:]):
        ax.annotate("", (0.2, y1 + 0.06), (0.2, y0 - 0.06),
                    arrowprops=dict(arrowstyle="->", color="0.3"))
        ax.text(0.22, (y0 + y1) / 2, "no", va="center")
    ax.annotate("", (0.2, 0.13), (0.2, 0.20), arrowprops=dict(arrowstyle="->", color="0.3"))
    ax.text(0.22, 0.165, "no", va="center")
    _box(ax, 0.5, 0.07, "both classes equally important: BA with MCC beside it;\n"
         "ACC only on a balanced test set", "#fde9c9")
    return fig
