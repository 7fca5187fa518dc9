r"""The designs and the stored studies of the threshold-free chapter.

The coverage study of the AUROC and AP intervals and the logit interval at another
separation take minutes of CPU, so they are stored with the hash of their code
(:func:`imbalance_lib.book.stored.stored_as`, ``chapters/data/stored/ranking_*.json``);
the KEEL re-scoring and the bootstrap coverage live in
:mod:`imbalance_lib.book.ranking_study`, stored the same way. The page runs the
other experiments itself.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from scipy.stats import norm

import imbalance_lib as il
from imbalance_lib.book.published import mcdermott2024
from imbalance_lib.book.ranking_study import bootstrap_coverage, keel_fold_seeds, keel_study
from imbalance_lib.book.stored import stored_as

from .theory import SHIFT, population_ap

__all__ = ["COVERAGE_POSITIVES", "COVERAGE_IRS", "MCDERMOTT", "coverage_study",
           "paired_separation", "logit_separation", "coverage_se",
           "bootstrap_coverage_table", "keel_study", "keel_fold_seeds",
           "coverage_summary", "paired_summary", "bootstrap_summary",
           "bootstrap_coverage"]

COVERAGE_POSITIVES = (5, 10, 20, 50, 200)
COVERAGE_IRS = (1, 10, 100)
MCDERMOTT = mcdermott2024
"""McDermott et al.'s settings and published gains (:mod:`imbalance_lib.book.published`)."""


def _paired_hits(y: np.ndarray, z1: np.ndarray, z2: np.ndarray,
                 shifts: tuple[float, float]) -> int:
    """How many test sets (rows of ``z1``, ``z2``) the paired DeLong interval covers.

    The two scores of a test set are ``z1 + shifts[0] y`` and ``0.6 z1 + 0.8 z2 +
    shifts[1] y`` (unit variance, correlation 0.6); the interval of the difference of
    their AUROCs (DeLong's covariance of all of them from one call) is set against
    the true difference :math:`\\Phi(s_0/\\sqrt 2) - \\Phi(s_1/\\sqrt 2)`.
    """
    k = len(z1)
    a, b = z1 + shifts[0] * y, 0.6 * z1 + 0.8 * z2 + shifts[1] * y
    diff_true = float(norm.cdf(shifts[0] / np.sqrt(2)) - norm.cdf(shifts[1] / np.sqrt(2)))
    z = float(norm.ppf(0.975))
    auc, cov = il.delong_covariance(y, np.r_[a, b])
    i = np.arange(k)
    se = np.sqrt(np.maximum(cov[i, i] + cov[i + k, i + k] - 2 * cov[i, i + k], 0.0))
    d = auc[:k] - auc[k:]
    return int(np.sum((d - z * se <= diff_true) & (diff_true <= d + z * se)))


def _coverage_cell(ir: int, n1: int, n_sets: int, ap_true: float, seed: int) -> dict:
    """Hits (%) of every interval on ``n_sets`` binormal test sets of one cell.

    The test sets are scored in chunks, each chunk one call per method with a
    2-D ``y_score`` (one row per test set): the library's intervals are
    vectorised over models, and here every test set shares the labels ``y``.
    """
    rng = np.random.default_rng([seed, ir, n1])
    auc_true = float(norm.cdf(SHIFT / np.sqrt(2)))
    y = np.r_[np.ones(n1, int), np.zeros(n1 * ir, int)]
    chunk = max(1, min(500, 2_000_000 // len(y)))
    hits = dict.fromkeys(("DeLong", "logit", "Hanley-McNeil", "AP logit", "AP binomial",
                          "paired DeLong", "AUROC = 1", "AP mean", "AP se"), 0.0)
    done = 0
    while done < n_sets:
        k = min(chunk, n_sets - done)
        z1, z2 = rng.normal(size=(2, k, len(y)))
        a = z1 + SHIFT * y
        for name, method in (("DeLong", "delong"), ("logit", "logit"),
                             ("Hanley-McNeil", "hanley-mcneil")):
            iv = il.roc_auc_interval(y, a, method=method)
            hits[name] += np.sum((iv.low <= auc_true) & (auc_true <= iv.high))
        hits["AUROC = 1"] += np.sum(iv.estimate == 1.0)
        for name, method in (("AP logit", "logit"), ("AP binomial", "binomial")):
            iv = il.average_precision_interval(y, a, method=method)
            hits[name] += np.sum((iv.low <= ap_true) & (ap_true <= iv.high))
        hits["AP mean"] += np.sum(iv.estimate)
        hits["AP se"] += np.sum(iv.estimate**2)  # the sum of squares, for now
        hits["paired DeLong"] += _paired_hits(y, z1, z2, (SHIFT, 1.0))
        done += k
    out = {m: 100.0 * float(v) / n_sets for m, v in hits.items()}
    mean, square = out["AP mean"] / 100.0, out["AP se"] / 100.0
    # the standard error of the mean AP estimate over the cell's test sets
    out["AP mean"] = mean
    out["AP se"] = float(np.sqrt(max(square - mean**2, 0.0) * n_sets / (n_sets - 1) / n_sets))
    return {"IR": ir, "positives": n1, "sets": n_sets, **out, "AP true": ap_true}


@stored_as("ranking_coverage")  # chapters/data/stored/ranking_coverage.json
def coverage_study(n_sets: tuple = (20_000, 20_000, 20_000, 8_000, 4_000),
                   seed: int = 0) -> pd.DataFrame:
    """Coverage (%) of the AUROC and AP intervals on binormal scores, and of DeLong's paired test.

    Minority sizes 5, 10, 20, 50, 200 (with ``n_sets`` test sets each, enough for
    a Monte Carlo standard error of about 0.15 to 0.35 points) and imbalance
    ratios 1, 10, 100; the true AUROC is :math:`\\Phi(1.5/\\sqrt 2)`, the true AP of
    each ratio the population's, by quadrature (:func:`.theory.population_ap`). The
    paired rows compare two correlated scores (correlation 0.6, separations 1.5 and
    1.0). ``AP mean`` is the mean AP estimate (``AP se`` its
    standard error), beside ``AP true``. About a minute of CPU; stored with the hash
    of its code.
    """
    rows = []
    for ir in COVERAGE_IRS:
        ap_true = population_ap(SHIFT, ir)
        for n1, n in zip(COVERAGE_POSITIVES, n_sets):
            rows.append(_coverage_cell(ir, n1, n, ap_true, seed))
    return pd.DataFrame(rows).set_index(["IR", "positives"])


@stored_as("ranking_paired_separation")  # chapters/data/stored/ranking_paired_separation.json
def paired_separation(shifts: tuple = (2.5, 2.0), positives: tuple = (20, 50),
                      n_sets: int = 10_000, seed: int = 2) -> pd.DataFrame:
    """Coverage (%) of DeLong's paired interval at another pair of separations.

    The paired design of :func:`coverage_study` (correlation 0.6) with separations
    ``shifts``, imbalance ratios 1, 10 and 100 and ``n_sets`` test sets per cell
    (scored in chunks of 500): whether "from 20 positives the paired test covers at
    least 93 %" depends on how well the two scores separate the classes.
    """
    rows = []
    for ir in COVERAGE_IRS:
        for n1 in positives:
            rng = np.random.default_rng([seed, ir, n1])
            y = np.r_[np.ones(n1, int), np.zeros(n1 * ir, int)]
            hits = 0
            for k in np.diff(np.r_[np.arange(0, n_sets, 500), n_sets]):
                z1, z2 = rng.normal(size=(2, k, len(y)))
                hits += _paired_hits(y, z1, z2, shifts)
            rows.append({"IR": ir, "positives": n1, "sets": n_sets,
                         "paired DeLong": 100.0 * hits / n_sets})
    return pd.DataFrame(rows).set_index(["IR", "positives"])


def coverage_se(table: pd.DataFrame, column: str) -> pd.Series:
    """Monte Carlo standard error (points) of each cell's coverage in ``column``."""
    p = table[column] / 100
    return 100 * np.sqrt(p * (1 - p) / table["sets"])


@stored_as("ranking_logit_separation")  # chapters/data/stored/ranking_logit_separation.json
def logit_separation(shift: float = 2.5, n1: int = 50, n_sets: int = 20_000,
                     seed: int = 1) -> dict[str, Any]:
    """Coverage (%) of the logit AUROC interval at another separation, ``n1`` positives.

    The same binormal design as :func:`coverage_study` with separation ``shift``
    and imbalance ratios 1, 10 and 100, ``n_sets`` test sets per ratio (scored
    in chunks of 500, one call each): whether "the logit interval is enough
    from 50 positives" depends on the AUROC.
    """
    auc_true = float(norm.cdf(shift / np.sqrt(2)))
    cov, se = {}, {}
    for ir in (1, 10, 100):
        rng = np.random.default_rng([seed, ir])
        y = np.r_[np.ones(n1, int), np.zeros(n1 * ir, int)]
        hits = 0
        for k in np.diff(np.r_[np.arange(0, n_sets, 500), n_sets]):
            iv = il.roc_auc_interval(y, rng.normal(size=(k, len(y))) + shift * y,
                                     method="logit")
            hits += int(np.sum((iv.low <= auc_true) & (auc_true <= iv.high)))
        cov[ir] = 100.0 * hits / n_sets
        se[ir] = 100.0 * np.sqrt(hits / n_sets * (1 - hits / n_sets) / n_sets)
    below = [ir for ir in cov if cov[ir] + 2 * se[ir] < 92]
    return {"sep_auc": auc_true, "sep_pos": n1, "sep_logit_min": min(cov.values()),
            "sep_logit_max": max(cov.values()), "sep_irs": len(cov), "sep_sets": n_sets,
            "sep_se_max": max(se.values()),
            "sep_logit_below92": len(below),
            "sep_logit_above92": sum(cov[ir] - 2 * se[ir] > 92 for ir in cov)}


def bootstrap_coverage_table(result: dict[str, Any]) -> pd.DataFrame:
    """Coverage (%) of the stratified bootstrap intervals, per imbalance ratio and positives.

    ``result`` is the stored study :func:`imbalance_lib.book.ranking_study.bootstrap_coverage`
    (too slow for the page: every interval redraws its test set a thousand times).
    """
    n = int(result["sets"])
    index = pd.MultiIndex.from_arrays([result["ir"], result["positives"]],
                                      names=["IR", "positives"])
    return pd.DataFrame({"bootstrap": 100.0 * np.asarray(result["auroc_hits"]) / n,
                         "AP bootstrap": 100.0 * np.asarray(result["ap_hits"]) / n},
                        index=index)


# --------------------------------------------------------------------------- summaries


def _bounds(rate, n):
    """``rate`` (%) minus and plus two Monte Carlo standard errors over ``n`` test sets."""
    se = 100 * np.sqrt(rate / 100 * (1 - rate / 100) / n)
    return rate - 2 * se, rate + 2 * se


def coverage_summary(t: pd.DataFrame, bias_z: pd.Series) -> dict[str, Any]:
    """What the prose says about the coverage study (:func:`coverage_study`), each rate
    against its bound with a margin of two Monte Carlo standard errors; ``bias_z`` is the
    page's distance of the mean AP estimate from the true AP, in standard errors."""
    pos, ir = t.index.get_level_values("positives"), t.index.get_level_values("IR")
    lo = {m: _bounds(t[m], t["sets"])[0] for m in t.columns if m not in
          ("sets", "AP mean", "AP se", "AP true")}
    hi = {m: _bounds(t[m], t["sets"])[1] for m in lo}
    small, large, big = pos <= 20, pos >= 50, pos == 200
    worst = t["DeLong"].idxmin()
    se = {m: coverage_se(t, m).max() for m in lo if m != "AUROC = 1"}
    few100 = (ir == 100) & (pos <= 20)
    from20 = (ir >= 10) & (pos >= 20)
    return {"cov_auc_true": float(norm.cdf(SHIFT / np.sqrt(2))),
            "cov_sets_small": int(t["sets"][small].min()),
            "cov_sets_50": int(t["sets"][pos == 50].min()),
            "cov_sets_200": int(t["sets"][big].min()), "cov_se_max": float(max(se.values())),
            "cov_delong_worst": float(t["DeLong"].min()),
            "cov_delong_worst_ir": int(worst[0]), "cov_delong_worst_pos": int(worst[1]),
            "cov_delong_small_max": float(t["DeLong"][small].max()),
            "cov_delong_small_upper": float(hi["DeLong"][small].max()),
            "cov_delong_200_min": float(t["DeLong"][big].min()),
            "cov_delong_200_max": float(t["DeLong"][big].max()),
            "cov_delong_200_lower": float(lo["DeLong"][big].min()),
            "cov_delong_200_upper": float(hi["DeLong"][big].max()),
            "cov_small_cells": int(small.sum()),
            "cov_logit_beats_small": int((lo["logit"] > hi["DeLong"])[small].sum()),
            "cov_logit_large_min": float(t["logit"][large].min()),
            "cov_logit_large_max": float(t["logit"][large].max()),
            "cov_logit_large_lower": float(lo["logit"][large].min()),
            "cov_logit_large_upper": float(hi["logit"][large].max()),
            "hm_over_from20": int((lo["Hanley-McNeil"] > 97)[from20].sum()),
            "hm_cells_from20": int(from20.sum()),
            "cov_hm_from20_min": float(t["Hanley-McNeil"][from20].min()),
            "cov_ap_logit_ir1_min": float(t["AP logit"][(ir == 1) & (pos >= 10)].min()),
            "cov_ap_logit_ir1_lower": float(lo["AP logit"][(ir == 1) & (pos >= 10)].min()),
            **{f"cov_{k}_{side}": int(v) for k, m in (("ap_logit", "AP logit"),
                                                       ("ap_binomial", "AP binomial"))
               for side, v in (("below", (hi[m] < 93).sum()), ("above", (lo[m] > 97).sum()))},
            "ap_bias_z_min": float(bias_z[few100].min()),
            "ap_mean_100_5": float(t.loc[(100, 5), "AP mean"]),
            "ap_mean_100_20": float(t.loc[(100, 20), "AP mean"]),
            "ap_true_100": float(t.loc[(100, 5), "AP true"]),
            "cov_paired_worst": float(t["paired DeLong"].min()),
            "cov_paired_worst_pos": int(t["paired DeLong"].idxmin()[1]),
            "cov_paired_10_min": float(t["paired DeLong"][pos == 10].min()),
            "cov_paired_10_max": float(t["paired DeLong"][pos == 10].max()),
            "cov_paired_from20_min": float(t["paired DeLong"][pos >= 20].min()),
            "cov_paired_from20_lower": float(lo["paired DeLong"][pos >= 20].min())}


def paired_summary(t: pd.DataFrame, shifts: tuple[float, float] = (2.5, 2.0)) -> dict[str, Any]:
    """What the prose says about DeLong's paired interval at the larger separations ``shifts``
    (:func:`paired_separation`), each rate with its margin of two standard errors."""
    pos = t.index.get_level_values("positives")
    lo, hi = _bounds(t["paired DeLong"], t["sets"])
    p20, p50 = t["paired DeLong"][pos == 20], t["paired DeLong"][pos == 50]
    return {"psep_auc_a": float(norm.cdf(shifts[0] / np.sqrt(2))),
            "psep_auc_b": float(norm.cdf(shifts[1] / np.sqrt(2))),
            "psep_sets": int(t["sets"].min()), "psep_irs": int((pos == 20).sum()),
            "psep_20_min": float(p20.min()), "psep_20_max": float(p20.max()),
            "psep_20_below93": int((hi[pos == 20] < 93).sum()),
            "psep_50_min": float(p50.min()), "psep_50_max": float(p50.max()),
            "psep_50_lower": float(lo[pos == 50].min())}


def bootstrap_summary(table: pd.DataFrame, boot: pd.DataFrame, n: int,
                      resamples: int) -> dict[str, Any]:
    """The stored bootstrap coverage (``n`` test sets per cell), each rate with its margin,
    and the AUROC intervals with 10 positives or fewer beside it."""
    pos = boot.index.get_level_values("positives")
    ir = boot.index.get_level_values("IR")
    few, more = boot[pos <= 10], boot[pos >= 20]
    worst = boot["bootstrap"].idxmin()
    ap_ir1 = boot["AP bootstrap"][(pos <= 10) & (ir == 1)]
    return {"cov_boot_sets": n, "cov_boot_resamples": resamples,
            "cov_boot_mc_se": 100 * float(np.sqrt(0.9 * 0.1 / n)),
            "cov_boot_max_pos": int(pos.max()),
            "cov_boot_worst": float(boot["bootstrap"].min()),
            "cov_boot_worst_ir": int(worst[0]), "cov_boot_worst_pos": int(worst[1]),
            "cov_boot_few_max": float(few["bootstrap"].max()),
            "cov_boot_few_upper": float(_bounds(few["bootstrap"], n)[1].max()),
            "cov_boot_more_min": float(more["bootstrap"].min()),
            "cov_boot_more_max": float(more["bootstrap"].max()),
            # every cell from 20 positives within two standard errors of the band
            "cov_boot_more_in_reach": int(((_bounds(more["bootstrap"], n)[1] >= 93)
                                           & (_bounds(more["bootstrap"], n)[0] <= 97)).sum()),
            "cov_boot_more_cells": len(more),
            "cov_ap_boot_ir1_max": float(ap_ir1.max()),
            "cov_ap_boot_ir1_upper": float(_bounds(ap_ir1, n)[1].max()),
            **_few_positives(table, boot, n)}


def _few_positives(table: pd.DataFrame, boot: pd.DataFrame, n_boot: int) -> dict[str, Any]:
    """The AUROC intervals with 10 positives or fewer: who undercovers, and why at IR 1."""
    few = table[table.index.get_level_values("positives") <= 10]
    fb = boot.loc[few.index, "bootstrap"]
    ir = few.index.get_level_values("IR")
    lo = {m: _bounds(few[m], few["sets"])[0] for m in ("DeLong", "logit", "Hanley-McNeil")}
    hi = {m: _bounds(few[m], few["sets"])[1] for m in ("DeLong", "logit", "Hanley-McNeil")}
    hi["bootstrap"] = _bounds(fb, n_boot)[1]
    imb = ir >= 10
    hm_band = (lo["Hanley-McNeil"] >= 93) & (hi["Hanley-McNeil"] <= 97)
    miss = few["Hanley-McNeil"][imb & ~hm_band]
    corner = table.loc[(1, 5)]
    methods = ["DeLong", "logit", "Hanley-McNeil"]  # measured on the same test sets
    logit_ok = few["logit"][hi["logit"] >= 93]
    return {"few_cells": len(few),
            "few_delong_under": int((hi["DeLong"] < 93).sum()),
            "few_boot_under": int((hi["bootstrap"] < 93).sum()),
            "few_logit_under": int((hi["logit"] < 93).sum()),
            "few_logit_exception": float(logit_ok.max()) if len(logit_ok) else 0.0,
            "few_logit_exception_ir": int(logit_ok.idxmax()[0]) if len(logit_ok) else 0,
            "few_logit_exception_pos": int(logit_ok.idxmax()[1]) if len(logit_ok) else 0,
            "few_logit_over_delong": int((lo["logit"] > hi["DeLong"]).sum()),
            "few_narrow_imb_upper": float(max(hi[m][imb].max() for m in
                                              ("DeLong", "logit", "bootstrap"))),
            "few_hm_cells": int(imb.sum()), "few_hm_band": int(hm_band[imb].sum()),
            # the highest of the cells in the band, and its upper two-SE end
            "few_hm_band_max": float(few["Hanley-McNeil"][imb & hm_band].max()),
            "few_hm_band_max_upper": float(hi["Hanley-McNeil"][imb & hm_band].max()),
            "few_hm_miss": float(miss.max()) if len(miss) else 0.0,
            "few_hm_miss_upper": float(hi["Hanley-McNeil"][imb & ~hm_band].max())
            if len(miss) else 0.0,
            "few_hm_miss_ir": int(miss.idxmax()[0]) if len(miss) else 0,
            "few_hm_miss_pos": int(miss.idxmax()[1]) if len(miss) else 0,
            "few_hm_ir1_upper": float(hi["Hanley-McNeil"][~imb].max()),
            "few_hm_ir1_max": float(few["Hanley-McNeil"][~imb].max()),
            "perfect_share": float(corner["AUROC = 1"]),
            "perfect_ceiling": 100.0 - float(corner["AUROC = 1"]),
            "perfect_best_cover": float(corner[methods].max())}
