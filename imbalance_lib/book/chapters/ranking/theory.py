r"""Closed forms and constructions of the threshold-free chapter.

The expected average precision of a random ranking; Davis and Goadrich's dominance
decided on whole curves (segments included) in exact integers; one atomic fix of a
ranking; the two score samplers of the subpopulation experiments (a calibrated model,
McDermott et al.'s sampler).
"""

from __future__ import annotations

import numpy as np
from scipy.integrate import quad
from scipy.stats import norm

import imbalance_lib as il

__all__ = ["TOL", "SHIFT", "population_ap", "expected_random_ap", "dominance",
           "fix", "calibrated_scores", "scores_at_auroc"]

TOL = 1e-12
"""Largest gap a numerical check of an identity may show (a few units in the last place)."""

SHIFT = 1.5
"""Separation of the binormal scores (positives N(SHIFT, 1), negatives N(0, 1))."""


def population_ap(shift: float, ir: float) -> float:
    r"""The average precision of the binormal population, by quadrature.

    Positives score :math:`N(\mathrm{shift}, 1)`, negatives :math:`N(0, 1)`, ``ir``
    negatives per positive. On the population AP is the precision at each positive's
    score averaged over the positives,
    :math:`\int \mathrm{prec}(t)\,\varphi(t - \mathrm{shift})\,dt` with
    :math:`\mathrm{prec}(t) = S_+(t) / (S_+(t) + \mathrm{ir}\,S_-(t))`, the
    :math:`S` the two survival functions.

    >>> round(population_ap(0.0, 1), 6)  # no separation: the prevalence
    0.5
    """
    if ir <= 0:
        raise ValueError(f"the imbalance ratio must be positive, got {ir}")

    def integrand(t: float) -> float:
        odds = np.exp(norm.logsf(t) - norm.logsf(t - shift))  # S-(t) / S+(t)
        return float(norm.pdf(t - shift) / (1.0 + ir * odds))

    return float(quad(integrand, shift - 12.0, shift + 12.0, epsabs=1e-13, limit=200)[0])


def expected_random_ap(n: int, n_pos: int) -> float:
    r"""Expected average precision of a random ranking of ``n`` samples, ``n_pos`` positive.

    .. math:: E[AP] = \frac{H_n}{n} + \frac{P - 1}{n(n - 1)}\,(n - H_n),

    :math:`H_n` the n-th harmonic number (derived in the chapter).

    >>> round(expected_random_ap(2, 1), 6)  # ranks 1 and 2 equally likely: (1 + 1/2) / 2
    0.75
    """
    if not 1 <= n_pos < n:
        raise ValueError(f"need 1 <= n_pos < n, got n={n}, n_pos={n_pos}")
    h = float(np.sum(1.0 / np.arange(1, n + 1)))
    return h / n + (n_pos - 1) / (n * (n - 1)) * (n - h)


# --------------------------------------------------------------------------- dominance


def _points(y, s) -> tuple[np.ndarray, np.ndarray]:
    """The achievable points of a score as integer counts (FP, TP), from FP = 0 upwards."""
    _, C = il.threshold_sweep(y, s)
    return C[::-1, 0, 1].astype(np.int64), C[::-1, 1, 1].astype(np.int64)


def _at(f, t, x) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A piecewise-linear curve through the points ``(f, t)`` (``f`` non-decreasing) at ``x``.

    Returns ``(low, high, den)``: the curve's smallest and largest value at each
    ``x`` as the fractions ``low / den`` and ``high / den`` (integers, ``den > 0``).
    Where the curve has a vertical run at ``x`` the two differ: ``low`` is where it
    arrives from the left, ``high`` where it leaves to the right; between two
    points the value is the straight segment's.
    """
    first = np.searchsorted(f, x, "left")
    last = np.searchsorted(f, x, "right") - 1
    on = first <= last
    i = np.clip(first, 1, len(f) - 1)
    f0, f1, t0, t1 = f[i - 1], f[i], t[i - 1], t[i]
    den = np.where(on, 1, f1 - f0)
    mid = t0 * (f1 - f0) + (t1 - t0) * (x - f0)
    low = np.where(on, t[np.minimum(first, len(f) - 1)], mid)
    high = np.where(on, t[np.maximum(last, 0)], mid)
    return low, high, den


def _roc_above(fa, ta, fb, tb) -> bool:
    """Is A's ROC curve at or above B's at every FP, segments included (exact integers)?

    Both curves are piecewise linear in (FP, TP), so their difference is linear
    between consecutive breakpoints of either: comparing both curves at every
    breakpoint, on arrival and on departure, decides every FP.
    """
    x = np.union1d(fa, fb)
    la, ha, da = _at(fa, ta, x)
    lb, hb, db = _at(fb, tb, x)
    return bool(np.all(la * db >= lb * da) and np.all(ha * db >= hb * da))


def _pr_above(fa, ta, fb, tb, envelope: bool = False) -> bool:
    """Is A's precision at least B's at every recall above 0, in precision-recall space?

    At a recall ``x / P`` each curve's precision is ``x / (x + FP(x))``, with
    ``FP(x)`` from Davis and Goadrich's interpolation (linear in TP between two
    cuts); a run of negatives at one recall spans precisions from its first
    cut (best) to its last (worst), and both ends are compared. Between two
    breakpoints of either curve the comparison cannot change sign, so the
    breakpoints decide; at recall 0 itself precision is undefined, and only its
    limit from above counts (the worst end, where each curve leaves recall 0).
    With ``envelope=True``, A may instead use the best precision of any of its
    cuts at that recall or higher (the interpolated precision of information
    retrieval), a weaker requirement than the theorem's.
    """
    x = np.union1d(ta, tb)  # from TP = 0
    # FP at each TP, from the same points read along the other axis
    la, ha, da = _at(ta, fa, x)  # A's best (la) and worst (ha) FP at TP = x, over da
    lb, hb, db = _at(tb, fb, x)
    # precisions as fractions x d / (x d + FP d), compared by cross-multiplying (x > 0)
    pa, qa, pb, qb = x * da, x * da + la, x * db, x * db + lb
    best = np.where(x > 0, pa * qb >= pb * qa, True)
    # at x = 0 the limit of precision is 1 when the curve leaves recall 0 at FP = 0 and
    # tends to 0 otherwise, as fast as x / FP: the smaller FP has the higher precision
    pa, qa, pb, qb = x * da, x * da + ha, x * db, x * db + hb
    worst = np.where(x > 0, pa * qb >= pb * qa, ha * db <= hb * da)
    ok = best & worst
    if envelope:  # or some cut of A at that recall or higher beats B's best precision there
        ta_, fa_ = ta[None, :], fa[None, :]
        xx, bb, dd = x[:, None], lb[:, None], db[:, None]
        ok |= ((ta_ >= xx) & (ta_ * (xx * dd + bb) >= xx * dd * (ta_ + fa_))).any(axis=1)
    return bool(np.all(ok))


def dominance(y, a, b) -> dict[str, bool]:
    """Does score ``a`` dominate score ``b`` on labels ``y``, in ROC space and in PR space?

    Each verdict is decided from its own curve, as a piecewise-linear function
    (the segments across tied scores included): ROC dominance when ``a``'s ROC
    curve is at or above ``b``'s at every FP; PR dominance when ``a``'s
    precision, Davis and Goadrich's interpolation between its cuts, is at least
    ``b``'s at every recall above 0; ``"pr_envelope"`` relaxes the PR test to the
    best precision of ``a`` at that recall or higher.

    >>> dominance([0, 1, 0, 1], [0.1, 0.9, 0.2, 0.8], [0.3, 0.9, 0.2, 0.1])
    {'roc': True, 'pr': True, 'pr_envelope': True}
    """
    fa, ta = _points(y, a)
    fb, tb = _points(y, b)
    return {"roc": _roc_above(fa, ta, fb, tb), "pr": _pr_above(fa, ta, fb, tb),
            "pr_envelope": _pr_above(fa, ta, fb, tb, envelope=True)}


# --------------------------------------------------------------------------- atomic mistakes


# --------------------------------------------------------------------------- atomic mistakes


def fix(y: np.ndarray, r: int) -> np.ndarray:
    """The labels ``y`` (from the top down) with the atomic mistake at rank ``r`` fixed.

    >>> fix(np.array([1, 0, 1, 0]), 2).tolist()
    [1, 1, 0, 0]
    """
    if not (y[r - 1] == 0 and y[r] == 1):
        raise ValueError(f"no atomic mistake at rank {r}: a negative directly above a positive")
    z = y.copy()
    z[r - 1], z[r] = 1, 0
    return z


def calibrated_scores(y, prevalence, rng):
    """Scores of a calibrated model: the log posterior odds of binormal features.

    A feature ``x ~ N(SHIFT * y, 1)`` has log likelihood ratio
    ``SHIFT * x - SHIFT**2 / 2``; adding the log prior odds of the sample's group
    gives its log posterior odds, the score a calibrated model reports.
    """
    x = rng.normal(SHIFT * y, 1.0)
    return SHIFT * x - SHIFT**2 / 2 + np.log(prevalence / (1 - prevalence))


def scores_at_auroc(n: int, prevalence: float, auroc: float, rng) -> tuple:
    """Scores of one group with an expected AUROC of ``auroc`` (McDermott et al.'s sampler).

    The ``P = round(prevalence * n)`` positives get uniform scores; each negative
    lies above ``k ~ Binomial(P, 1 - auroc)`` of them, uniformly between the
    ``k``-th and the next positive score, so each positive outranks a share
    ``auroc`` of the negatives on average. The scores are then divided by their
    mean and multiplied by the prevalence, which lifts the high-prevalence group.
    Returns ``(score, y)``.
    """
    n_pos = round(prevalence * n)
    pos = np.sort(rng.uniform(0.0, 1.0, n_pos))
    bounds = np.r_[0.0, pos, 1.0]
    k = rng.binomial(n_pos, 1.0 - auroc, n - n_pos)
    neg = rng.uniform(bounds[k], bounds[k + 1])
    score = np.r_[pos, neg]
    y = np.r_[np.ones(n_pos, int), np.zeros(n - n_pos, int)]
    return score / score.mean() * prevalence, y
