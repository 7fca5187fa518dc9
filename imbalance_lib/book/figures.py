"""One figure style for the whole book, and the TPR x TNR plane several chapters draw.

Colours are the Okabe-Ito palette (distinguishable with every common form of
colour blindness); sequential maps are ``viridis`` or ``cividis``. Lines that
share a colour family also get distinct line styles, so a figure still reads
in grey print.
"""

from __future__ import annotations

import numpy as np

__all__ = ["PALETTE", "COLOURS", "LINESTYLES", "use_style", "rate_grid", "plane"]

PALETTE = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000",
    "grey": "#999999",
}
"""Okabe and Ito's colours by name."""

COLOURS = [PALETTE[c] for c in ("blue", "orange", "green", "vermillion", "sky", "purple",
                                "black", "grey")]
"""The cycle every axis uses, in this order."""

LINESTYLES = ["-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1, 1, 1)), (0, (1, 1)), "-"]
"""Line styles paired with :data:`COLOURS`, position by position."""

STYLE = {
    "font.size": 11, "axes.titlesize": 11, "axes.labelsize": 11, "xtick.labelsize": 10,
    "ytick.labelsize": 10, "legend.fontsize": 10, "figure.dpi": 100,
    "image.cmap": "viridis", "axes.spines.top": False, "axes.spines.right": False,
}
"""The matplotlib settings of :func:`use_style`."""


def use_style() -> None:
    """Set the book's figure style (font sizes, colour cycle, colour map) in this process."""
    import matplotlib.pyplot as plt
    from cycler import cycler

    plt.rcParams.update(STYLE)  # type: ignore[arg-type]  # matplotlib types its keys as literals
    plt.rcParams["axes.prop_cycle"] = cycler(color=COLOURS)


def rate_grid(n: int = 201):
    """A square grid over (TPR, TNR) in [0, 1]^2.

    Returns ``(T, S)``: ``T`` varies along columns (the x axis, TPR), ``S``
    along rows (the y axis, TNR), as ``np.meshgrid`` gives them.

    >>> T, S = rate_grid(3)
    >>> T[0].tolist(), S[:, 0].tolist()
    ([0.0, 0.5, 1.0], [0.0, 0.5, 1.0])
    """
    g = np.linspace(0.0, 1.0, n)
    return np.meshgrid(g, g)


def plane(ax, T, S, Z, *, levels=11, lines=None, cmap="viridis", label_lines=False,
          line_colour="white", vmin=None, vmax=None):
    """Draw a metric over the TPR x TNR plane: filled contours, contour lines, equal axes.

    Parameters
    ----------
    ax : matplotlib Axes
    T, S : arrays from :func:`rate_grid` (TPR along x, TNR along y)
    Z : values on the grid
    levels : int or sequence, levels of the filled contours
    lines : sequence, default every other filled level
    cmap : colour map
    label_lines : write the level on each contour line
    line_colour : colour of the contour lines
    vmin, vmax : colour limits

    Returns
    -------
    The filled contour set (for a colour bar).
    """
    if np.isscalar(levels):
        lo = np.nanmin(Z) if vmin is None else vmin
        hi = np.nanmax(Z) if vmax is None else vmax
        levels = np.linspace(lo, hi, int(levels))
    levels = np.asarray(levels, float)
    filled = ax.contourf(T, S, Z, levels=levels, cmap=cmap, vmin=vmin, vmax=vmax)
    lines = levels[1:-1][::2] if lines is None else lines
    if len(lines):
        cs = ax.contour(T, S, Z, levels=lines, colors=line_colour, linewidths=0.6)
        if label_lines:
            ax.clabel(cs, fmt="%g", inline_spacing=2)
    ax.set_xlabel("TPR")
    ax.set_ylabel("TNR")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    return filled
