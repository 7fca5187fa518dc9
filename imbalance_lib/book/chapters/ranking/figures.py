"""The coverage figure of the threshold-free chapter."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.figure import Figure

from imbalance_lib.book.figures import COLOURS, LINESTYLES

__all__ = ["coverage_figure"]


def coverage_figure(table: pd.DataFrame, boot: pd.DataFrame | None = None) -> Figure:
    """Coverage against the number of positives: one panel per imbalance ratio.

    ``boot`` (:func:`.experiments.bootstrap_coverage_table`) adds the AUROC bootstrap
    where it was measured.
    """
    methods = ["DeLong", "logit", "Hanley-McNeil", "paired DeLong", "AP logit"]
    if boot is not None:
        table = table.join(boot[["bootstrap"]])
        methods.append("bootstrap")
    irs = sorted(set(table.index.get_level_values("IR")))
    fig, axes = plt.subplots(1, len(irs), figsize=(9.5, 3.4), sharey=True,
                             layout="constrained")
    for ax, ir in zip(axes, irs):
        sub = table.xs(ir, level="IR")
        ax.axhspan(93, 97, color="0.9", zorder=0)
        for k, m in enumerate(methods):
            line = sub[m].dropna()
            ax.plot(line.index, line, color=COLOURS[k], ls=LINESTYLES[k], marker="o",
                    ms=3, label=m)
        ax.set_xscale("log")
        ax.set_xticks([5, 10, 20, 50, 200], ["5", "10", "20", "50", "200"])
        ax.set_xlabel("positives in the test set")
        ax.set_title(f"IR = {ir}")
    axes[0].set_ylabel("coverage of a 95 % interval (%)")
    axes[0].set_ylim(75, 100)
    axes[-1].legend(loc="lower right", fontsize=8)
    return fig
