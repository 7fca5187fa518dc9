"""The deployment chapter's coverage findings: every interval the chapter recommends.

Two stored studies: the interval of a metric (precision, F1, MCC) and of the expected
cost at the deployment prevalence (:mod:`imbalance_lib.book.prevalence_coverage`), and
the decision curve's and the cost curve's bands
(:mod:`imbalance_lib.book.decision_coverage`). A coverage set against a bound counts
only with a margin of two Monte Carlo standard errors.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from imbalance_lib.book.claims import mc_above, mc_below, mc_se

__all__ = ["FEW", "coverage_fields"]

FEW = 5
"""The fewest positives from which the chapter recommends the intervals."""


def coverage_fields(coverage: pd.DataFrame, cov_sets: int, decision: pd.DataFrame,
                    dec_sets: int) -> dict[str, Any]:
    """The coverage fields of :class:`~.findings.DeploymentFindings`.

    ``coverage`` is the stored prevalence study (``cov_sets`` test sets per cell) and
    ``decision`` the stored band study (``dec_sets`` per cell).
    """
    out: dict[str, Any] = {"cov_sets": int(cov_sets), "cov_cells": len(coverage),
                           "cov_rates": int(coverage["rates"].nunique())}
    many = coverage[coverage["positives"] >= FEW]
    few = coverage[coverage["positives"] < FEW]
    c = many["coverage"].astype(float)
    i = int(c.to_numpy().argmin())
    out |= {"cov5_cells": len(many), "cov5_min": float(c.min()),
            "cov5_min_se": mc_se(float(c.min()), cov_sets), "cov5_max": float(c.max()),
            "cov5_min_metric": str(many["metric"].iloc[i]).replace("_", " "),
            "cov5_short": int(sum(mc_below(float(v), cov_sets, 0.93) for v in c)),
            "cov5_below95": int(sum(mc_below(float(v), cov_sets, 0.95) for v in c)),
            "cov5_above97": int(sum(mc_above(float(v), cov_sets, 0.97) for v in c))}
    ec = many[many["metric"] == "expected_cost"]["coverage"].astype(float)
    out |= {"ec_min": float(ec.min()), "ec_max": float(ec.max())}
    f = few["coverage"].astype(float)
    j = int(f.to_numpy().argmin())
    out |= {"cov3_positives": int(few["positives"].max()), "cov3_min": float(f.min()),
            "cov3_min_se": mc_se(float(f.min()), cov_sets),
            "cov3_min_metric": str(few["metric"].iloc[j]).replace("_", " "),
            "cov3_min_undefined": float(few["undefined"].iloc[j]),
            # the same cell among the test sets that have an interval at all
            "cov3_min_defined": float(f.min()) / (1 - float(few["undefined"].iloc[j])),
            "cov3_max": float(f.max()),
            "cov3_short": int(sum(mc_below(float(v), cov_sets, 0.93) for v in f))}
    nb = decision[decision["band"] == "net benefit"]
    cc = decision[decision["band"] == "cost curve"]
    v = nb["coverage"].astype(float)
    k = int(v.to_numpy().argmin())
    out |= {"dec_sets": int(dec_sets), "dec_settings": int(decision["cases"].nunique()),
            "dec_pos_min": int(decision["positives"].min()),
            "dec_pos_max": int(decision["positives"].max()),
            "nb_min": float(v.min()), "nb_min_se": mc_se(float(v.min()), dec_sets),
            "nb_min_positives": int(nb["positives"].iloc[k]), "nb_max": float(v.max()),
            "nb_short92": int(sum(mc_below(float(x), dec_sets, 0.92) for x in v)),
            "nb_cells": len(v),
            "nb_below95": int(sum(mc_below(float(x), dec_sets, 0.95) for x in v)),
            "nb_few_cells": int((nb["positives"] == nb["positives"].min()).sum()),
            "nb_few_below95": int(sum(mc_below(float(x), dec_sets, 0.95)
                                      for x in v[nb["positives"] == nb["positives"].min()])),
            "nb_above97": int(sum(mc_above(float(x), dec_sets, 0.97) for x in v))}
    w = cc["coverage"].astype(float)
    e = cc["envelope coverage"].astype(float)
    out |= {"cc_min": float(w.min()), "cc_max": float(w.max()),
            "cc_max_se": mc_se(float(w.max()), dec_sets),
            "cc_env_min": float(e.min()), "cc_env_max": float(e.max())}
    return out
