"""The findings of the paired-coverage section: the resampled paired interval against the
score intervals of a rate difference, with many and with few disagreements.

:func:`paired_findings` reads the paired study (coverage in %, one row per pair and test
set, one column per metric) and :func:`few_findings` the few-disagreements study (shares,
one row per metric, layout, cell and method); both return the fields of
:class:`.findings.IntervalsFindings` they fill.
"""

from __future__ import annotations

from imbalance_lib.book.claims import mc_above, mc_below, mc_se

from .experiments import PAIRED_SETS, SCORE_CLOSE_MAX, SCORE_CLOSE_SETS, SCORE_SETS, SPLIT_SETS

SCORE_METHOD_NAMES = {"score": "Tango's score interval", "newcombe": "Newcombe's method 10"}
RATE_NAMES = {"tpr": "TPR", "balanced_accuracy": "BA"}


def _r(x, digits=1) -> float:
    return round(float(x), digits)


def paired_findings(paired, split) -> dict:
    """Coverage (%) of the resampled paired interval for the two pairs of the study."""
    often = paired.xs("often disagree", level="pair").to_numpy(float).ravel()
    one = paired.xs("one-sided", level="pair").to_numpy(float).ravel()
    return dict(
        pc_sets=PAIRED_SETS, pc_mc_se=_r(100 * mc_se(0.95, PAIRED_SETS), 2),
        pc_often=[_r(x, 2) for x in often], pc_one=[_r(x, 2) for x in one],
        pc_often_min=_r(min(_r(x, 2) for x in often)),
        pc_often_max=_r(max(_r(x, 2) for x in often)),
        pc_one_cells=int(one.size), pc_one_min=_r(min(_r(x, 2) for x in one)),
        pc_one_short=sum(mc_below(x / 100, PAIRED_SETS, 0.93) for x in one),
        split_sets=SPLIT_SETS, split_min=_r(100 * min(split)), split_max=_r(100 * max(split)))


def _pcts(frame) -> list:
    return [_r(100 * x, 3) for x in frame["coverage"]]


def _sets(frame) -> list:
    return [int(n) for n in frame["n_sets"]]


def _cell_names(frame) -> list:
    """Each cell as prose: rate, positives, expected disagreements, layout, coverage (%)."""
    return [f"{RATE_NAMES[r.metric]}, {r.P} positives, {r.disagreements} disagreements, "
            f"{r.layout}: {_r(100 * r.coverage)} %" for r in frame.itertuples()]


def _side_of_93(frame) -> tuple:
    """The cells clearly below 93 % and those within two standard errors of it."""
    cells = list(zip(frame.coverage, frame.n_sets))
    below = [mc_below(p, n, 0.93) for p, n in cells]
    return frame[below], frame[[not (b or mc_above(p, n, 0.93)) for b, (p, n) in zip(below, cells)]]


def few_findings(few) -> dict:
    """Coverage (%) of the three paired intervals of TPR and BA with few disagreements."""
    by = {m: few[few.method == m] for m in ("bayes", "score", "newcombe")}
    nested = by["bayes"][by["bayes"].layout == "nested"]
    misses = nested[["miss_low", "miss_high"]].sum()
    twoway = by["bayes"][by["bayes"].layout == "two-way"]
    pcts = {m: _pcts(f) for m, f in by.items()}
    sets = _sets(by["bayes"])  # every method sees the same test sets
    low = {m: _r(min(f.coverage) * 100) for m, f in by.items()}  # as the table shows them
    short = {m: sum(mc_below(p / 100, n, 0.93) for p, n in zip(v, sets)) for m, v in pcts.items()}
    over = {m: sum(mc_above(p / 100, n, 0.97) for p, n in zip(v, sets)) for m, v in pcts.items()}
    high = {m: _r(max(f.coverage) * 100) for m, f in by.items()}
    # the better score interval: fewer cells clearly short, then the higher worst cell
    best = min(("score", "newcombe"), key=lambda m: (short[m], -low[m]))
    worst = nested.loc[nested.coverage.idxmin()]
    worst_se = mc_se(float(worst.coverage), int(worst.n_sets))
    below, unsure = _side_of_93(by["bayes"])
    return dict(
        few_sets=SCORE_SETS, few_mc_se=_r(100 * mc_se(0.95, SCORE_SETS), 2),
        few_close_sets=SCORE_CLOSE_SETS, few_close_max=SCORE_CLOSE_MAX,
        few_close_mc_se=_r(100 * mc_se(0.95, SCORE_CLOSE_SETS), 2),
        few_cells=len(by["bayes"]), few_nested_cells=len(nested), few_n=sets,
        few_bayes_nested=_pcts(nested), few_n_nested=_sets(nested),
        few_bayes_twoway=_pcts(twoway), few_n_twoway=_sets(twoway),
        few_bayes_nested_min=_r(100 * worst.coverage), few_bayes_worst_p=int(worst.P),
        few_bayes_worst_d=int(worst.disagreements), few_bayes_worst_n=int(worst.n_sets),
        few_bayes_worst_se=_r(100 * worst_se, 2),
        few_bayes_worst_lo=_r(100 * (worst.coverage - 2 * worst_se)),
        few_bayes_worst_hi=_r(100 * (worst.coverage + 2 * worst_se)),
        few_bayes_short=short["bayes"], few_bayes_short_cells=_cell_names(below),
        few_bayes_short_text="; ".join(_cell_names(below)),
        few_bayes_unsure=len(unsure), few_bayes_unsure_cells=_cell_names(unsure),
        few_bayes_unsure_text="; ".join(_cell_names(unsure)) or "none",
        few_bayes_side0=_r(100 * misses.miss_low / misses.sum()),
        few_score=pcts["score"], few_newc=pcts["newcombe"],
        few_score_min=low["score"], few_score_max=high["score"],
        few_newc_min=low["newcombe"], few_newc_max=high["newcombe"],
        few_score_short=short["score"], few_newc_short=short["newcombe"],
        few_score_over=over["score"], few_newc_over=over["newcombe"],
        few_best=best, few_best_name=SCORE_METHOD_NAMES[best])
