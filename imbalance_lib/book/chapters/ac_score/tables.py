"""Display formatting of the AC-score chapter's tables (nothing here is read back).

Every function takes what the page computed (the checker's table, the sweeps' runs,
an experiment's long table of results) and returns a DataFrame or a Markdown block
for the page.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

import imbalance_lib as il
from imbalance_lib.book.pages import signed
from imbalance_lib.book.tables import markdown

from .experiments import CONDITIONS, DOC_METRICS, MODELS, difference_summary, size_rows

__all__ = ["check_table", "tie_table", "constant_table", "sizes_table", "rank_table",
           "doc_tables", "doc_tables_markdown", "baseline_tables", "baseline_markdown",
           "rates_table"]


def check_table(checks) -> pd.DataFrame:
    """The checker's verdicts for the page: whether each statement holds, and its largest
    violation (violations at the level of rounding, below 1e-12, shown as such, not with
    their digits, which differ between CPUs)."""
    def shown(v):
        if pd.isna(v):
            return "never applied"
        return "below 1e-12" if v < 1e-12 else f"{v:.1e}"

    return pd.DataFrame({"holds": checks["holds"].map({True: "yes", False: "**no**"}),
                         "largest violation": checks["worst"].map(shown)})


def _span(values) -> str:
    return f"{np.min(values):.4f} to {np.max(values):.4f}"


def tie_table(runs, best, n_cuts: int) -> pd.DataFrame:
    """Candidate cuts, reported optimum and achieved AC-score of both sweeps.

    ``runs`` has one row per storage order: reported, applied, cuts tried; ``best`` is
    the :func:`imbalance_lib.optimal_operating_point` of the scores.
    """
    runs = np.asarray(runs)
    return pd.DataFrame(
        {"candidate cuts": [f"{int(runs[0, 2])}", f"{n_cuts}"],
         "best AC reported": [_span(runs[:, 0]), f"{best.score:.4f}"],
         "AC of the returned threshold": [_span(runs[:, 1]), f"{il.ac(best.matrix):.4f}"]},
        index=[f"one sample at a time ({len(runs)} orders)", "il.optimal_operating_point"])


def constant_table(const_runs, ones_runs, ones_stored, const_best, ones_best) -> pd.DataFrame:
    """What the authors' sweep reports for uninformative inputs, and the best real cut."""
    n = len(const_runs)
    return pd.DataFrame(
        {"AC reported": [_span(const_runs), f"{ones_stored:.4f}", _span(ones_runs)],
         "best AC of any threshold": [f"{const_best:.4f}", f"{ones_best:.4f}",
                                      f"{ones_best:.4f}"]},
        index=[f"constant score ({n} orders)", "all-ones predictions (stored order)",
               f"all-ones predictions ({n} orders)"])


def _pair(counts) -> str:
    return "none" if counts is None else f"{counts[0]}, {counts[1]}"


def sizes_table() -> pd.DataFrame:
    """Sizes of Section 3.2, the test counts they imply, the caption's and the code's."""
    rows = [{"N:P": r["ratio"], "train": r["train"], "test": r["test"],
             "N, P (Sec. 3.2)": _pair(r["section"]), "panel": r["panel"],
             "N, P (caption)": _pair(r["caption"]),
             "agrees": "-" if r["caption"] is None
             else ("yes" if tuple(r["caption"]) == tuple(r["section"]) else "**no**"),
             "N, P (code)": _pair(r["code"])} for r in size_rows()]
    return pd.DataFrame(rows).set_index("N:P")


def rank_table(summ) -> pd.DataFrame:
    """Mean NMC - LDA difference and its rank (1 = largest NMC advantage), per condition."""
    tab = summ.pivot(index="metric", columns="condition", values=["mean", "rank"])
    conds = [c for c in CONDITIONS if c in set(summ.condition)]
    out = pd.DataFrame(index=tab.index)
    for cond in conds:
        out[f"{cond} diff"] = tab["mean", cond].map(signed)
        out[f"{cond} rank"] = tab["rank", cond].astype(int)
    return out.sort_values([f"{conds[0]} rank", "metric"])


def doc_tables(results):
    """The document's metrics with its labels: mean value of NMC and LDA; ranked differences."""
    _, summ11 = difference_summary(results, DOC_METRICS)
    m = results[results.metric.isin(list(DOC_METRICS))]
    tab = m.pivot_table(index="metric", columns=["condition", "model"], values="value")
    values = pd.DataFrame(index=list(DOC_METRICS))
    for cond in CONDITIONS:
        for model in ["NMC", "LDA"]:
            values[f"{cond} {model}"] = tab[cond, model].map(lambda v: f"{v:.3f}")
    ranks = rank_table(summ11)
    order = list(ranks.index)
    values = values.loc[order]
    values.index = ranks.index = [DOC_METRICS[k] for k in order]
    values.index.name = ranks.index.name = "metric (document's label)"
    return values, ranks


def doc_tables_markdown(results) -> str:
    """:func:`doc_tables` as one Markdown block with a heading line per table."""
    values, ranks = doc_tables(results)
    return ("Mean value of each classifier\n\n" + markdown(values)
            + "\n\nMean difference NMC - LDA and its rank (1 = largest NMC advantage)\n\n"
            + markdown(ranks))


def baseline_tables(results, metric="AC-score"):
    """Mean (SD) of each model's ``metric``, and how often each baseline is above / below NMC."""
    v = results[results.metric == metric].pivot_table(index=["condition", "rep"],
                                                      columns="model", values="value")
    means, above = pd.DataFrame(index=MODELS), pd.DataFrame(index=MODELS[1:])
    for cond in CONDITIONS:
        x = v.loc[cond]
        means[cond] = [f"{x[m].mean():.3f} ({x[m].std():.3f})" for m in MODELS]
        above[cond] = [f"{int((x[m] > x['NMC']).sum())} / {int((x[m] < x['NMC']).sum())}"
                       for m in MODELS[1:]]
    return means, above


def baseline_markdown(results, name) -> str:
    """:func:`baseline_tables` of the AC-score as one Markdown block, for data set ``name``."""
    means, above = baseline_tables(results)
    return (f"**{name}**, AC-score: mean (SD)\n\n" + markdown(means)
            + f"\n\n**{name}**, repetitions above / below NMC\n\n" + markdown(above))


def rates_table(results) -> pd.DataFrame:
    """Mean sensitivity and specificity of NMC and LDA per condition."""
    r = (results[results.metric.isin(["sensitivity", "specificity"])]
         .pivot_table(index="condition", columns=["model", "metric"], values="value")
         .loc[list(CONDITIONS), ["NMC", "LDA"]])
    r.columns = [f"{m} {k}" for m, k in r.columns]
    return r.map(lambda v: f"{v:.3f}")
