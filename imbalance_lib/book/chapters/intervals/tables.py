"""Display formatting of the intervals chapter's tables (nothing here is read back)."""

from __future__ import annotations

import pandas as pd
from IPython.display import Markdown, display

from imbalance_lib.book.pages import signed
from imbalance_lib.book.tables import markdown


def show(frame):
    """A table as Markdown on the page; index levels joined into one column."""
    frame = frame.copy()
    if frame.index.nlevels > 1:
        frame.index = [", ".join(map(str, i)) for i in frame.index]
    display(Markdown(markdown(frame)))


def _interval(low, high, digits=4) -> str:
    return f"[{signed(low, digits)}, {signed(high, digits)}]"


def coverage_table(coverage):
    """Coverage (%) of the default method, worst case over IR: settings x P."""
    default = coverage[coverage.method == "bayes"]
    table = (default.groupby(["setting", "metric", "P"], sort=False)["coverage"].min()
             .unstack("P").map(lambda v: f"{100 * v:.1f}"))
    table.columns = [f"P = {p}" for p in table.columns]
    return table


def _pct(x) -> str:
    return f"{100 * float(x):.1f}"


def kink_table(kink):
    """The kink study in % (coverages and the shares of misses above and below)."""
    return pd.DataFrame({
        "class sizes": kink["class sizes"],
        "default (%)": kink["default"].map(_pct), "corrected (%)": kink["kink"].map(_pct),
        "width ratio": (kink.kink_width / kink.default_width).map(lambda r: f"{r:.2f}"),
        "truth above (%)": kink["miss_high"].map(_pct),
        "truth below (%)": kink["miss_low"].map(_pct)}, index=kink.index)


def kink_limits_table(limits):
    """The settings beyond the kink study, in %."""
    return pd.DataFrame({
        "nominal (%)": limits["nominal"].map(lambda v: f"{100 * v:.0f}"),
        "default (%)": limits["default"].map(_pct), "corrected (%)": limits["kink"].map(_pct),
        "truth above (%)": limits["miss_high"].map(_pct),
        "truth below (%)": limits["miss_low"].map(_pct)}, index=limits.index)


def picks_table(picks):
    """García's or Mortaz's picks: the interval of the difference as text, verdicts as words."""
    out = picks[["data", "metric", "pick", "runner-up"]].copy()
    out["gap"] = picks["gap"].map(lambda g: signed(g, 3))
    out["95 % interval"] = [_interval(lo, hi) for lo, hi in zip(picks.low, picks.high)]
    out["P(pick better)"] = picks["P(pick better)"].map(lambda p: f"{p:.3f}")
    out["distinguishable"] = (picks.low > 0).map({True: "yes", False: "no"})
    if "low_bonferroni" in picks:
        out["Bonferroni"] = (picks.low_bonferroni > 0).map({True: "yes", False: "no"})
    return out.set_index(["data", "metric"])


def burduk_table(cells):
    """Probability that the first classifier of a pair is better; bold where the interval
    of the difference excludes 0. ``cells``: one row per table, pair and metric."""
    text = [f"**{p:.2f}**" if s else f"{p:.2f}" for p, s in zip(cells.better, cells.sure)]
    return (cells.assign(text=text)
            .pivot_table(index=["table", "pair"], columns="metric", values="text",
                         aggfunc="first", sort=False)
            [list(dict.fromkeys(cells.metric))].rename_axis(columns=None))


def wu_table(wu):
    """The digits comparison per condition, the median probability with two decimals."""
    return wu.assign(**{"median P(NMC better)": wu["median P(NMC better)"].map(
        lambda p: f"{p:.2f}")})

