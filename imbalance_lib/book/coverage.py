"""Coverage of the intervals on simulated test sets with fixed class sizes.

Research code of the intervals chapter (not part of the installed library's API):
each simulated test set draws every true class's row of the confusion matrix from
a multinomial with the class's size and its true rates, so the class sizes stay
fixed, as the default intervals assume. :mod:`imbalance_lib.book.iid_coverage`
lets the class sizes vary (an i.i.d. test set); :mod:`imbalance_lib.book.paired_coverage`
studies the paired comparisons.
"""

from __future__ import annotations

import numpy as np

from imbalance_lib.intervals import (
    _check_positive_int,
    _interval_metric,
    _rng,
    class_balance_interval,
    percentile_interval,
    resample_matrices,
)

__all__ = ["simulate_coverage", "kink_coverage"]


def simulate_coverage(rates, class_sizes, metrics, *, method="bayes", n_sets=1000,
                      n_resamples=1000, confidence=0.95, prior=None, max_undefined=0.5,
                      random_state=None) -> dict:
    r"""Actual coverage of the intervals on simulated test sets with known rates.

    Draws ``n_sets`` test matrices whose row :math:`i` is multinomial with
    :math:`n_i` (``class_sizes[i]``) trials and the true rates ``rates[i]``,
    computes the interval of each metric for all of them in one stacked call,
    and counts how often it contains the true value, the metric of the
    expected matrix ``rates * class_sizes[:, None]``.

    Parameters
    ----------
    rates : array-like of shape (k, k)
        Row-stochastic matrix of true class-conditional rates.
    class_sizes : array-like of shape (k,)
    metrics : dict
        ``{label: metric}`` or ``{label: (metric, params)}``, metric a registry
        name or a function.

    Returns
    -------
    result : dict
        ``{label: {"truth", "coverage", "no_interval", "undefined_share", "width"}}``:
        coverage over the sets that got an interval, the share of sets that got
        none (too many undefined resamples or an undefined estimate is *not*
        a reason: only the resamples count), the mean share of undefined
        resamples and the median width.
    """
    R = np.asarray(rates, dtype=float)
    n = np.asarray(class_sizes, dtype=np.int64)
    if R.ndim != 2 or R.shape[0] != R.shape[1] or n.shape != R.shape[:1]:
        raise ValueError("rates must be (k, k) and class_sizes (k,)")
    if (R < 0).any() or not np.allclose(R.sum(axis=1), 1):
        raise ValueError("each row of rates must be a probability vector")
    n_sets = _check_positive_int(n_sets, "n_sets")
    rng = _rng(random_state)
    k = R.shape[0]
    tests = rng.multinomial(n[None, :], R[None, :, :], size=(n_sets, k)).astype(float)
    stack = resample_matrices(tests, method=method, n_resamples=n_resamples, prior=prior,
                              random_state=rng)
    expected = R * n[:, None].astype(float)
    out = {}
    for label, spec in metrics.items():
        metric, params = spec if isinstance(spec, tuple) else (spec, {})
        f = _interval_metric(metric, params)
        truth = float(f(expected))
        est = f(tests)
        low, high, share = percentile_interval(
            f(stack), confidence, estimate=est, max_undefined=max_undefined)
        has = ~np.isnan(low)
        covered = (low[has] <= truth) & (truth <= high[has])
        out[label] = {
            "truth": truth,
            "coverage": float(covered.mean()) if has.any() else float("nan"),
            "no_interval": float(1 - has.mean()),
            "undefined_share": float(share.mean()),
            "width": float(np.median(high[has] - low[has])) if has.any() else float("nan"),
        }
    return out


def kink_coverage(rates, class_sizes, *, n_sets=2000, n_resamples=1000, confidence=0.95,
                  random_state=None) -> dict:
    """Coverage of CBA's interval by :func:`imbalance_lib.class_balance_interval` and by
    the default method, on the same simulated test sets.

    Returns ``{"truth", "kink", "default", "kink_width", "default_width", "miss_low",
    "miss_high"}``: coverages, mean widths, and the shares of the kink-corrected
    intervals lying above and below the truth.
    """
    R = np.asarray(rates, dtype=float)
    n = np.asarray(class_sizes, dtype=np.int64)
    n_sets = _check_positive_int(n_sets, "n_sets")
    rng = _rng(random_state)
    k = R.shape[0]
    tests = rng.multinomial(n[None, :], R[None, :, :], size=(n_sets, k)).astype(float)
    truth = float(_interval_metric("cba", {})(R * n[:, None]))
    kink = class_balance_interval(tests, confidence=confidence, n_resamples=n_resamples,
                                  random_state=rng)
    f = _interval_metric("cba", {})
    stack = resample_matrices(tests, n_resamples=n_resamples, random_state=rng)
    low, high, _ = percentile_interval(f(stack), confidence, estimate=f(tests))
    return {"truth": truth,
            "kink": float(np.mean((kink.low <= truth) & (truth <= kink.high))),
            "default": float(np.mean((low <= truth) & (truth <= high))),
            "kink_width": float(np.mean(kink.high - kink.low)),
            "default_width": float(np.mean(high - low)),
            "miss_low": float(np.mean(kink.low > truth)),
            "miss_high": float(np.mean(kink.high < truth))}
