"""Wilson's score interval for a proportion: ``x`` successes in ``n`` trials.

The closed form behind Newcombe's paired interval (:mod:`imbalance_lib.paired`) and the
intervals of the metric explorer: for TPR, TNR, precision, NPV and accuracy the successes
and trials are cells and sums of the confusion matrix.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._checks import reject_masked
from ._typing import FloatArray
from .paired import _wilson, _z

__all__ = ["wilson_interval"]


def wilson_interval(successes: ArrayLike, trials: ArrayLike,
                    confidence: float = 0.95) -> tuple[FloatArray, FloatArray]:
    r"""Wilson's score interval for a binomial proportion, vectorised.

    .. math:: \frac{x + z^2/2}{n + z^2} \pm
              \frac{z\sqrt{x(n-x)/n + z^2/4}}{n + z^2},

    with :math:`z` the :math:`(1+\text{confidence})/2` quantile of the standard normal
    distribution, clipped to :math:`[0, 1]` (Wilson 1927). Unlike the Wald interval it
    stays inside :math:`[0, 1]` and does not collapse at 0 or ``n`` successes.

    Parameters
    ----------
    successes, trials : array-like, broadcast together
        Counts with ``0 <= successes <= trials`` (fractional counts are accepted, as for
        weighted samples). Where ``trials`` is 0 the proportion is undefined and both
        limits are NaN.
    confidence : float, default=0.95
        In (0, 1).

    Returns
    -------
    (low, high) : tuple of float arrays of the broadcast shape

    Examples
    --------
    >>> low, high = wilson_interval(58, 100)
    >>> print(f"{float(low):.4f} {float(high):.4f}")
    0.4821 0.6720
    """
    for value, name in ((successes, "successes"), (trials, "trials")):
        reject_masked(value, name)
    try:
        x = np.asarray(successes, dtype=float)
        n = np.asarray(trials, dtype=float)
        x, n = np.broadcast_arrays(x, n)
    except (TypeError, ValueError) as err:
        raise ValueError(f"successes and trials must be numbers of the same shape: {err}") from None
    if not (np.isfinite(x).all() and np.isfinite(n).all()):
        raise ValueError("successes and trials must be finite (no NaN or infinity)")
    if (x < 0).any() or (x > n).any():
        raise ValueError("successes must lie between 0 and trials")
    c = float(confidence)
    if not 0 < c < 1:
        raise ValueError(f"confidence must lie in (0, 1), not {confidence!r}")
    with np.errstate(divide="ignore", invalid="ignore"):
        low, high = _wilson(x, n, _z(c))
    undefined = n == 0
    return np.where(undefined, np.nan, low), np.where(undefined, np.nan, high)
