r"""What a threshold chosen on validation data will cost on new cases: an out-of-bag estimate.

The least expected cost over the cuts of a validation score
(:func:`imbalance_lib.cost_threshold`) is optimistic: the cut was chosen because
it did well on those very cases. :func:`cost_threshold_oob` estimates the cost of
the *procedure* instead, as the R package cutpointr does for a chosen cut-off: on
each bootstrap resample the threshold is chosen on the cases drawn (in the bag)
and costed on the cases not drawn (out of the bag); the estimate is the mean of
these out-of-bag costs.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._typing import ArrayLike, Label, Seed
from .deployment import cost_threshold, expected_cost
from .intervals import _rng

__all__ = ["cost_threshold_oob", "OutOfBagCost"]


class OutOfBagCost(NamedTuple):
    """The out-of-bag estimate of a chosen threshold's cost (see :func:`cost_threshold_oob`)."""

    cost: float
    """Mean out-of-bag expected cost per case of the threshold chosen in the bag."""
    se: float
    """Standard deviation of the out-of-bag costs over the resamples used, divided by
    the square root of their number (the Monte Carlo error of ``cost``)."""
    apparent: float
    """The least expected cost on all the data (``cost_threshold(...).cost``): the
    optimistic, in-sample value."""
    threshold: float
    """The threshold chosen on all the data (``cost_threshold(...).threshold``)."""
    resamples: int
    """Resamples whose out-of-bag cases hold both classes (the others are skipped)."""


def cost_threshold_oob(y_true: ArrayLike, y_score: ArrayLike, costs: ArrayLike, *,
                       prevalence: float | None = None, n_resamples: int = 200,
                       pos_label: Label = 1, random_state: Seed = None) -> OutOfBagCost:
    r"""Out-of-bag estimate of the expected cost of choosing the cheapest threshold.

    Each of ``n_resamples`` stratified bootstrap resamples draws, with
    replacement, as many positives and negatives as the data hold; the threshold
    :func:`imbalance_lib.cost_threshold` chooses on the drawn cases is applied
    to the cases not drawn, whose expected cost per case at ``prevalence``
    (:func:`imbalance_lib.expected_cost`) is recorded. A resample whose
    undrawn cases lack a class (rare unless a class has very few cases) is
    skipped. The estimate is the mean of the recorded costs,

    .. math:: \widehat{\mathrm{EC}}_{\mathrm{oob}} = \frac1B \sum_{b=1}^{B}
              \mathrm{EC}\bigl(\text{out of bag } b;\ t^\ast_b\bigr),

    with :math:`t^\ast_b` the cheapest cut in bag :math:`b`. It estimates the
    cost of the procedure on new cases (the out-of-bag bootstrap of the R
    package cutpointr, Thiele & Hirschfeld 2021); ``apparent``, the least
    cost on the data themselves, is biased low.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two classes; ``pos_label`` is the positive one.
    y_score : array-like of shape (n_samples,)
        Finite scores, higher meaning more positive.
    costs : array-like of shape (2, 2)
        ``costs[i, j]`` (true ``i``, predicted ``j``), non-negative.
    prevalence : float, default=None
        Cost at this positive share (a pure prior shift); ``None``: the data's.
    n_resamples : int, default=200
        Bootstrap resamples (at least 1).
    pos_label : int, bool or str, default=1
    random_state : None, int or numpy Generator, default=None

    Returns
    -------
    OutOfBagCost
        ``(cost, se, apparent, threshold, resamples)``.

    Raises
    ------
    ValueError
        As in :func:`imbalance_lib.cost_threshold`; also for ``n_resamples``
        below 1, or when no resample leaves both classes out of the bag.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = (rng.random(400) < 0.2).astype(int)
    >>> s = rng.normal(y, 1.0)
    >>> oob = cost_threshold_oob(y, s, [[0, 1], [5, 0]], random_state=0)
    >>> bool(oob.cost > oob.apparent), oob.resamples
    (True, 200)
    """
    if isinstance(n_resamples, (bool, np.bool_)) or not isinstance(
            n_resamples, (int, np.integer)) or n_resamples < 1:
        raise ValueError(f"n_resamples must be an integer of at least 1; got {n_resamples!r}")
    rng = _rng(random_state)
    # validates labels, scores, costs and prevalence before any resampling
    chosen = cost_threshold(y_true, y_score, costs, prevalence=prevalence, pos_label=pos_label)
    y = np.asarray(y_true) == pos_label
    s = np.asarray(y_score, dtype=float).ravel()
    share = float(y.mean()) if prevalence is None else float(prevalence)
    pos, neg = np.flatnonzero(y), np.flatnonzero(~y)
    out_costs = []
    for _ in range(int(n_resamples)):
        bag = np.r_[rng.choice(pos, pos.size), rng.choice(neg, neg.size)]
        out = np.ones(y.size, dtype=bool)
        out[bag] = False
        if not (y[out].any() and (~y[out]).any()):
            continue
        t = cost_threshold(y[bag].astype(int), s[bag], costs, prevalence=share).threshold
        flag, truth = s[out] >= t, y[out]
        C = np.array([[(~truth & ~flag).sum(), (~truth & flag).sum()],
                      [(truth & ~flag).sum(), (truth & flag).sum()]], dtype=float)
        out_costs.append(expected_cost(C, costs, prevalence=share))
    if not out_costs:
        raise ValueError("no resample left both classes out of the bag; "
                         "the data hold too few cases of a class")
    values = np.asarray(out_costs, dtype=float)
    se = float(values.std(ddof=1) / np.sqrt(values.size)) if values.size > 1 else float("nan")
    return OutOfBagCost(float(values.mean()), se, chosen.cost, chosen.threshold, values.size)
