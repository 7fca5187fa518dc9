"""The page's tables of the registry's facts and of the contested data sets: display only."""

from __future__ import annotations

import pandas as pd

from imbalance_lib.registry import METRICS

from .theory import PROPERTY_SHORT, SHORT_NAME

__all__ = ["MARK", "facts_table", "random_table", "facts_detail_table", "property_table",
           "accba_table"]

MARK = {"yes": "●", "no": "·", "strict": "●", "weak": "◐"}
"""Marks of the property matrix: holds, holds weakly, fails."""

YES = {True: "yes", False: "no"}


def _tex(s: str) -> str:
    return "undefined" if s == "undefined" else f"${s}$"


def _short() -> list[str]:
    return [SHORT_NAME[n] for n in METRICS]


def facts_table(agree: pd.Series) -> pd.DataFrame:
    """Range and the trivial classifiers' values of each metric, with its check."""
    return pd.DataFrame({
        "range": [f"[{METRICS[n].range[0]}, {METRICS[n].range[1]}]" for n in METRICS],
        "all positive": [_tex(METRICS[n].all_positive) for n in METRICS],
        "all negative": [_tex(METRICS[n].all_negative) for n in METRICS],
        "checked (0 < q < 1)": ["✓" if agree[n] else "✗" for n in METRICS],
    }, index=_short())


def random_table() -> pd.DataFrame:
    """The value of the random classifier, as the registry states it."""
    return pd.DataFrame({"random classifier": [_tex(METRICS[n].random) for n in METRICS]},
                        index=_short())


def facts_detail_table(checks: pd.DataFrame) -> pd.DataFrame:
    """Classes, decided symmetry and prevalence-freedom, undefined cases and sources."""
    return pd.DataFrame({
        "classes": [METRICS[n].classes for n in METRICS],
        "symmetric": [YES[bool(checks.loc[n, "symmetric (decided)"])] for n in METRICS],
        "prevalence-free": [YES[bool(checks.loc[n, "prevalence-free (decided)"])]
                            for n in METRICS],
        "undefined when": [METRICS[n].undefined for n in METRICS],
        "source": [METRICS[n].citation for n in METRICS],
    }, index=_short())


def property_table(prop: pd.DataFrame) -> pd.DataFrame:
    """The property matrix with short labels and marks."""
    return prop.rename(columns=PROPERTY_SHORT, index=SHORT_NAME).replace(MARK)


def accba_table(dis: pd.DataFrame, n_repeats: int) -> pd.DataFrame:
    """The data sets where accuracy and BA pick different models, by imbalance ratio,
    with the number of repetitions in which accuracy's pick is that repetition's best."""
    ab = dis[(dis["a"] == "ACC") & (dis["b"] == "BA")].sort_values("IR")
    return pd.DataFrame({
        "data set": ab["data set"], "IR": ab["IR"].round(1),
        "ACC picks": ab["pick a"], f"ACC's pick best in (of {n_repeats})": ab["wins a"],
        "BA picks": ab["pick b"],
        f"reversed (of {n_repeats})": ab["reversed"],
        "P (ACC)": ab["p a"].round(3), "P (BA)": ab["p b"].round(3),
    }).reset_index(drop=True)
