r"""Deciding properties of binary metrics by computation, and finding identical rankings.

A binary confusion matrix here is ``[[TN, FP], [FN, TP]]`` (rows true class,
index 1 the positive class). Every decider evaluates a metric of the registry
(:data:`imbalance_lib.registry.METRICS`, or any function of a ``(..., 2, 2)``
array) on

* every matrix with non-negative integer counts and ``1 <= n <= n_max``
  (exhaustive),
* random real-valued matrices spanning six orders of magnitude, and
* a numerical optimiser that maximises the violation (adversarial search),

and reports the property as holding only if no case violates it. Undefined
values (0/0) are skipped: a property is decided on the matrices where the
metric is defined before and after the change.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

__all__ = [
    "ClaimCheck", "claim_battery", "check_claim", "check_claims", "integer_matrices",
    "all_matrices", "evaluate", "INVARIANCES", "invariance", "monotonicity",
    "extreme_values", "constant_baseline", "transpose_symmetry", "property_matrix",
    "same_ranking", "ranking_classes", "concentrated_errors",
]

TOL = 1e-9


def all_matrices(n_max: int, n_min: int = 1) -> np.ndarray:
    """Every 2x2 matrix of non-negative integers with total between ``n_min`` and ``n_max``.

    >>> all_matrices(1).tolist()
    [[[1, 0], [0, 0]], [[0, 1], [0, 0]], [[0, 0], [1, 0]], [[0, 0], [0, 1]]]
    >>> len(all_matrices(10))
    1000
    """
    g = np.arange(n_max + 1)
    a, b, c, d = np.meshgrid(g, g, g, g, indexing="ij")
    cells = np.stack([a, b, c, d], -1).reshape(-1, 4)
    tot = cells.sum(1)
    cells = cells[(tot >= n_min) & (tot <= n_max)]
    return cells[::-1].reshape(-1, 2, 2)


def integer_matrices(k: int, entry_max: int) -> np.ndarray:
    """Every ``k x k`` matrix with integer entries ``0..entry_max`` (all-zero one excluded).

    >>> integer_matrices(2, 1).shape, integer_matrices(3, 1).shape
    ((15, 2, 2), (511, 3, 3))
    """
    g = np.arange(entry_max + 1, dtype=float)
    cells = np.stack(np.meshgrid(*[g] * (k * k), indexing="ij"), -1).reshape(-1, k * k)
    return cells[cells.sum(1) > 0].reshape(-1, k, k)


def claim_battery(k: int, n_random: int = 100_000, seed: int = 0,
                  entry_max: int | None = None) -> np.ndarray:
    """The matrices every claim is tried on before the optimiser: a stack ``(m, k, k)``.

    * every integer matrix with entries up to ``entry_max`` (default 12 for
      ``k = 2``, 2 for ``k = 3``, none above);
    * ``n_random`` random real matrices with entries from 1e-6 to 1e6
      (log-uniform), a twentieth of the cells set to 0;
    * structured extremes: a tiny perfectly classified class beside large
      confused ones, one dominant class, empty rows and columns, every cell
      of one row or column equal.
    """
    rng = np.random.default_rng(seed)
    if entry_max is None:
        entry_max = {2: 12, 3: 2}.get(k, 0)
    parts = [integer_matrices(k, entry_max)] if entry_max > 0 else []
    R = 10.0 ** rng.uniform(-6, 6, size=(n_random, k, k))
    R[rng.random(R.shape) < 0.05] = 0.0
    parts.append(R)
    m = max(n_random // 20, 100)
    tiny = 10.0 ** rng.uniform(2, 6, size=(m, k, k))  # large confused classes ...
    i = rng.integers(0, k, m)
    tiny[np.arange(m), i, :] = 0.0
    tiny[np.arange(m), :, i] = 0.0
    tiny[np.arange(m), i, i] = 10.0 ** rng.uniform(-6, 0, m)  # ... beside a tiny perfect one
    parts.append(tiny)
    dom = 10.0 ** rng.uniform(-3, 1, size=(m, k, k))
    dom[np.arange(m), i, :] *= 1e5  # one dominant class
    parts.append(dom)
    empty = 10.0 ** rng.uniform(-3, 3, size=(m, k, k))
    empty[np.arange(m), i, :] = 0.0  # an empty row (class absent from the labels)
    j = rng.integers(0, k, m)
    empty[np.arange(m // 2), :, j[: m // 2]] = 0.0  # and an empty column (never predicted)
    parts.append(empty)
    return np.concatenate(parts)


@dataclass(frozen=True)
class ClaimCheck:
    """What :func:`check_claim` found for one claim.

    ``worst`` is the largest violation found (nan if the claim never applied);
    the claim holds on every case tried when ``worst <= tol``.
    ``counterexample`` is the matrix of the largest violation when it does not hold.
    """

    claim: str
    holds: bool
    worst: float
    counterexample: np.ndarray | None
    cases: int


def check_claim(violation, *, k: int = 2, claim: str = "", n_random: int = 100_000,
                seed: int = 0, entry_max: int | None = None, optimise: bool = True,
                maxiter: int = 100, tol: float = 1e-9, battery=None) -> ClaimCheck:
    """Try hard to break a claim about ``k x k`` confusion matrices.

    Parameters
    ----------
    violation : callable
        Maps a stack ``(m, k, k)`` of float matrices to ``m`` violations: a
        positive value means the claim fails on that matrix by that much; nan
        or -inf means the claim does not apply there.
    k : number of classes
    claim : a name for the report
    n_random, seed, entry_max : passed to :func:`claim_battery`
    optimise : also maximise the violation with differential evolution over the
        log10 of the ``k * k`` entries in [-6, 6] (vectorised, seeded)
    maxiter : iterations of the optimiser
    tol : violations up to ``tol`` count as floating-point noise
    battery : a stack to use instead of :func:`claim_battery`'s

    Returns
    -------
    ClaimCheck

    Examples
    --------
    >>> import imbalance_lib as il
    >>> check_claim(lambda C: il.g_mean(C) - il.balanced_accuracy(C), n_random=1000,
    ...             maxiter=5).holds
    True
    >>> bad = check_claim(
    ...     lambda C: il.accuracy(C) - il.balanced_accuracy(C, zero_division=np.nan),
    ...     n_random=1000, optimise=False)
    >>> bad.holds, round(bad.worst, 3), bad.counterexample.shape
    (False, 0.5, (2, 2))
    """
    C = claim_battery(k, n_random, seed, entry_max) if battery is None else np.asarray(battery, float)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 0/0 cases are expected here; nan marks them
        v = np.asarray(violation(C), float).reshape(len(C))
    v = np.where(np.isnan(v), -np.inf, v)
    i = int(np.argmax(v))
    worst, where, cases = float(v[i]), C[i], len(C)
    if optimise and not worst > tol:
        from scipy.optimize import differential_evolution

        def loss(x):  # x: (k * k, population)
            M = 10.0 ** x.T.reshape(-1, k, k)
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out = np.asarray(violation(M), float).reshape(len(M))
            return -np.where(np.isfinite(out), out, -1e300)

        # an inapplicable case scores -1e300; scipy's convergence statistics of such a
        # population overflow harmlessly, so their RuntimeWarnings are silenced here
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            res = differential_evolution(loss, [(-6, 6)] * (k * k), seed=seed,
                                         maxiter=maxiter, popsize=8, vectorized=True,
                                         updating="deferred", polish=False, tol=0)
        cases += res.nfev
        if -res.fun > worst:
            worst, where = float(-res.fun), 10.0 ** res.x.reshape(k, k)
    if worst == -np.inf:
        worst = float("nan")
    holds = not worst > tol
    return ClaimCheck(claim, holds, worst, None if holds else where, cases)


def check_claims(claims: dict, **kwargs):
    """:func:`check_claim` for each ``name -> violation``: a DataFrame, one row per claim.

    Columns ``holds``, ``worst``, ``cases`` and ``counterexample`` (a nested list or None).
    """
    import pandas as pd

    rows = {}
    for name, f in claims.items():
        c = check_claim(f, claim=name, **kwargs)
        rows[name] = {"holds": c.holds, "worst": c.worst, "cases": c.cases,
                      "counterexample": None if c.counterexample is None
                      else c.counterexample.tolist()}
    return pd.DataFrame.from_dict(rows, orient="index")


def random_matrices(n: int, seed: int = 0) -> np.ndarray:
    """``n`` random real matrices whose cells span 1e-3 to 1e3 (both classes present)."""
    rng = np.random.default_rng(seed)
    return 10.0 ** rng.uniform(-3, 3, size=(n, 2, 2))


def evaluate(metric, C) -> np.ndarray:
    """Values of ``metric`` (a registry name or a function) on ``C``, nan where undefined."""
    from ..registry import METRICS

    if isinstance(metric, str):
        info = METRICS[metric]
        return np.asarray(info.func(np.asarray(C, float), **info.params, zero_division=np.nan))
    return np.asarray(metric(np.asarray(C, float)), float)


def _scale(C, i, j, k):
    C = np.array(C, float)
    C[..., i, j] *= k
    return C


def _add(C, i, j, t):
    C = np.array(C, float)
    C[..., i, j] += t
    return C


def _rows(C, r, k):
    C = np.array(C, float)
    C[..., r, :] *= k
    return C


def _cols(C, c, k):
    C = np.array(C, float)
    C[..., :, c] *= k
    return C


INVARIANCES = {
    "I1 swap classes": lambda C, k: np.asarray(C, float)[..., ::-1, ::-1],
    "I2 TN changes": lambda C, k: _add(C, 0, 0, k),
    "I3 TP changes": lambda C, k: _add(C, 1, 1, k),
    "I4 uniform scaling": lambda C, k: np.asarray(C, float) * k,
    "I5 positive row scaled": lambda C, k: _rows(C, 1, k),
    "I6 negative row scaled": lambda C, k: _rows(C, 0, k),
    "I7 positive column scaled": lambda C, k: _cols(C, 1, k),
    "I8 negative column scaled": lambda C, k: _cols(C, 0, k),
}
"""Changes of a confusion matrix, in the spirit of Sokolova and Lapalme (2009).

``k`` is the added count (I2, I3) or the factor (I4-I8). I5 and I6 change the
size of one true class with its recall kept: a change of prevalence.
"""


def _violation(metric, transform, C, ks):
    a = evaluate(metric, C)
    worst = 0.0
    for k in ks:
        b = evaluate(metric, transform(C, k))
        ok = np.isfinite(a) & np.isfinite(b)
        if ok.any():
            worst = max(worst, float(np.max(np.abs(a[ok] - b[ok]))))
    return worst


def _adversarial(loss, seed=0, starts=6):
    """Maximise ``loss`` over log-counts with Nelder-Mead from a few random starts."""
    from scipy.optimize import minimize

    rng = np.random.default_rng(seed)
    best = 0.0
    for _ in range(starts):
        x0 = rng.uniform(-2, 2, size=5)
        with np.errstate(all="ignore"):
            res = minimize(lambda x: -loss(x), x0, method="Nelder-Mead",
                           options={"maxiter": 400, "xatol": 1e-8, "fatol": 1e-12})
        v = -res.fun
        if np.isfinite(v):
            best = max(best, float(v))
    return best


def invariance(metric, name: str, n_max: int = 12, seed: int = 0) -> tuple[bool, float]:
    """Is ``metric`` unchanged by the change ``INVARIANCES[name]``?  ``(holds, worst gap)``."""
    T = INVARIANCES[name]
    ks = [1, 2, 7] if name in ("I2 TN changes", "I3 TP changes") else [2, 3, 0.25]
    worst = _violation(metric, T, all_matrices(n_max), ks)
    worst = max(worst, _violation(metric, T, random_matrices(4000, seed), ks + [1e3]))
    if worst <= TOL:

        def loss(x):
            C = np.exp(x[:4]).reshape(2, 2)
            v = _violation(metric, T, C[None], [float(np.exp(x[4]))])
            return v

        worst = max(worst, _adversarial(loss, seed))
    return worst <= TOL, worst


def _corrections(C):
    """For FN -> TP and then FP -> TN: the matrices that have such an error (a mask of
    ``C``) and the same matrices with one of those errors corrected."""
    for (i, j) in ((1, 0), (0, 1)):
        has = C[:, i, j] >= 1
        D = np.array(C[has], float)
        D[:, i, j] -= 1
        D[:, i, i] += 1
        yield has, D


def monotonicity(metric, n_max: int = 12) -> str:
    """Does moving one sample from an error cell to the correct cell of its row raise the metric?

    ``"strict"`` if it always raises it, ``"weak"`` if it never lowers it, else ``"no"``.
    """
    C = all_matrices(n_max)
    a = evaluate(metric, C)
    strict, weak = True, True
    for has, D in _corrections(C):
        b = evaluate(metric, D)
        ok = np.isfinite(a[has]) & np.isfinite(b)
        diff = b[ok] - a[has][ok]
        strict &= bool(np.all(diff > TOL))
        weak &= bool(np.all(diff > -TOL))
    return "strict" if strict else "weak" if weak else "no"


def extreme_values(metric, n_max: int = 12) -> tuple[bool, bool]:
    """``(max only at perfect, min at all wrong)`` over matrices with both classes present.

    The first is true if every perfect classification (FN = FP = 0) reaches the
    largest value and no other matrix does; the second if, for each class size,
    the completely wrong matrix (TP = TN = 0) reaches the smallest value of all
    matrices with those class sizes.
    """
    C = all_matrices(n_max)
    both = (C[:, 1].sum(1) > 0) & (C[:, 0].sum(1) > 0)
    C = C[both]
    v = evaluate(metric, C)
    ok = np.isfinite(v)
    perfect = (C[:, 0, 1] == 0) & (C[:, 1, 0] == 0)
    top = np.nanmax(v)
    max_only = bool(np.all(np.abs(v[perfect] - top) <= TOL)
                    and np.all(v[~perfect & ok] < top - TOL))
    wrong = (C[:, 0, 0] == 0) & (C[:, 1, 1] == 0)
    P, N = C[:, 1].sum(1), C[:, 0].sum(1)
    min_ok = True
    for p, n in set(zip(P[wrong].tolist(), N[wrong].tolist())):
        grp = (P == p) & (N == n)
        w = grp & wrong
        if not np.isfinite(v[w]).all() or np.nanmin(v[grp]) < v[w].min() - TOL:
            min_ok = False
            break
    return max_only, min_ok


def expected_random(pi, q, M=1.0):
    """Expected confusion matrix of a classifier that says "positive" with probability ``q``."""
    pi, q = np.broadcast_arrays(np.asarray(pi, float), np.asarray(q, float))
    C = np.empty(pi.shape + (2, 2))
    C[..., 1, 1] = q * pi * M
    C[..., 1, 0] = (1 - q) * pi * M
    C[..., 0, 1] = q * (1 - pi) * M
    C[..., 0, 0] = (1 - q) * (1 - pi) * M
    return C


def constant_baseline(metric) -> tuple[bool, float]:
    """Is the value of a random classifier (expected matrix) the same for every q, at each prevalence?

    Returns ``(holds, largest spread over q)``; the grid is pi, q in (0, 1).
    """
    pi, q = np.meshgrid(np.linspace(0.02, 0.98, 49), np.linspace(0.02, 0.98, 49), indexing="ij")
    v = evaluate(metric, expected_random(pi, q))
    spread = float(np.nanmax(np.nanmax(v, 1) - np.nanmin(v, 1)))
    return spread <= 1e-9, spread


def transpose_symmetry(metric, n_max: int = 12) -> tuple[bool, float]:
    """Unchanged when truth and prediction swap roles (the matrix is transposed)?"""
    C = all_matrices(n_max)
    a, b = evaluate(metric, C), evaluate(metric, np.swapaxes(C, -1, -2))
    ok = np.isfinite(a) & np.isfinite(b)
    gap = float(np.max(np.abs(a[ok] - b[ok])))
    return gap <= TOL, gap


def property_matrix(metrics, n_max: int = 12):
    """DataFrame metrics x properties, each cell decided by the functions above."""
    import pandas as pd

    rows = {}
    for m in metrics:
        row = {}
        for name in INVARIANCES:
            row[name] = "yes" if invariance(m, name, n_max)[0] else "no"
        mx, mn = extreme_values(m, n_max)
        row["max only at perfect"] = "yes" if mx else "no"
        row["min at all wrong"] = "yes" if mn else "no"
        row["monotone"] = monotonicity(m, n_max)
        row["constant baseline"] = "yes" if constant_baseline(m)[0] else "no"
        row["truth/prediction symmetric"] = "yes" if transpose_symmetry(m, n_max)[0] else "no"
        rows[m if isinstance(m, str) else m.__name__] = row
    return pd.DataFrame(rows).T


def _ranks_equal(a, b, digits=10):
    """Does ``b`` rank the points exactly as ``a`` (ties included)?"""
    a, b = np.round(a, digits), np.round(b, digits)
    order = np.lexsort((b, a))
    a, b = a[order], b[order]
    same_a = a[1:] == a[:-1]
    # b must be constant where a ties, and strictly increase where a increases
    return bool(np.all(b[1:][same_a] == b[:-1][same_a]) and np.all(b[1:][~same_a] > b[:-1][~same_a]))


def same_ranking(f, g, C, groups=None) -> bool:
    """True if ``f`` and ``g`` order every pair of matrices of ``C`` alike (within each group).

    ``groups`` (an integer label per matrix) restricts the comparison to pairs in
    the same group, e.g. matrices with the same class sizes.
    """
    a, b = evaluate(f, C), evaluate(g, C)
    ok = np.isfinite(a) & np.isfinite(b)
    if groups is None:
        return _ranks_equal(a[ok], b[ok])
    groups = np.asarray(groups)[ok]
    a, b = a[ok], b[ok]
    return all(_ranks_equal(a[groups == u], b[groups == u]) for u in np.unique(groups))


def ranking_classes(metrics: dict, C, groups=None) -> list[list[str]]:
    """Partition ``metrics`` (name -> metric) into classes that rank every pair alike."""
    names = list(metrics)
    classes: list[list[str]] = []
    for n in names:
        for cls in classes:
            if same_ranking(metrics[cls[0]], metrics[n], C, groups):
                cls.append(n)
                break
        else:
            classes.append([n])
    return classes


def _both_classes(C) -> np.ndarray:
    """True where a binary matrix has both classes present (P > 0 and N > 0)."""
    C = np.asarray(C, float)
    return (C[..., 1, :].sum(-1) > 0) & (C[..., 0, :].sum(-1) > 0)


def monotonicity_both_classes(metric, n_max: int = 10):
    """:func:`monotonicity` on the matrices with both classes present (P, N > 0) only.

    Returns ``(verdict, counterexample)``: ``"strict"``, ``"weak"`` or ``"no"``,
    and for ``"weak"`` or ``"no"`` the first matrix (as a nested list) on which
    moving one sample from an error cell to the correct cell of its row leaves
    the metric unchanged (``"weak"``) or lowers it (``"no"``); None for ``"strict"``.

    >>> monotonicity_both_classes("accuracy", 6)
    ('strict', None)
    >>> monotonicity_both_classes("g_mean", 4)
    ('weak', [[0, 3], [1, 0]])
    """
    C = all_matrices(n_max)
    C = C[_both_classes(C)]
    a = evaluate(metric, C)
    flat, lower = None, None
    for has, D in _corrections(C):
        b = evaluate(metric, D)
        ok = np.isfinite(a[has]) & np.isfinite(b)
        diff = np.where(ok, b - a[has], np.inf)
        src = C[has]
        if lower is None and np.any(diff < -TOL):
            lower = src[int(np.argmax(diff < -TOL))].tolist()
        if flat is None and np.any(np.abs(diff) <= TOL):
            flat = src[int(np.argmax(np.abs(diff) <= TOL))].tolist()
    if lower is not None:
        return "no", lower
    return ("weak", flat) if flat is not None else ("strict", None)


def monotone_violation(metric):
    """A violation for :func:`check_claim`: how much a correction *lowers* ``metric``.

    On each matrix with both classes present, one unit (or the whole cell when
    it holds less) and half of the cell are moved from FN to TP and from FP to
    TN; the violation is the largest drop of the metric (nan where undefined).
    A positive value disproves weak monotonicity.

    >>> import numpy as np
    >>> v = monotone_violation("accuracy")
    >>> bool(v(np.array([[[3.0, 2.0], [1.0, 4.0]]]))[0] < 0)
    True
    """

    def violation(C):
        C = np.asarray(C, float)
        a = evaluate(metric, C)
        out = np.full(a.shape, -np.inf)
        both = _both_classes(C)
        for i, j in ((1, 0), (0, 1)):
            for t in (np.minimum(C[..., i, j], 1.0), C[..., i, j] / 2):
                D = C.copy()
                D[..., i, j] -= t
                D[..., i, i] += t
                b = evaluate(metric, D)
                ok = both & (t > 0) & np.isfinite(a) & np.isfinite(b)
                out = np.maximum(out, np.where(ok, a - b, -np.inf))
        return np.where(np.isfinite(out), out, np.nan)

    return violation


def minimal_agreement(metric, n_max: int = 10):
    """Gösgens et al.'s minimal agreement on matrices with both classes present.

    The property holds when the smallest value is the same for every pair of
    class sizes and is reached exactly at the completely wrong matrices
    (TP = TN = 0). Returns ``(holds, counterexample)``: the counterexample is a
    matrix with a correct prediction that reaches the smallest value, or a
    completely wrong matrix above it (a nested list), None when it holds.

    >>> minimal_agreement("balanced_accuracy", 6)
    (True, None)
    >>> minimal_agreement("g_mean", 4)
    (False, [[3, 0], [1, 0]])
    """
    C = all_matrices(n_max)
    C = C[_both_classes(C)]
    v = evaluate(metric, C)
    ok = np.isfinite(v)
    C, v = C[ok], v[ok]
    low = v.min()
    wrong = (C[:, 0, 0] == 0) & (C[:, 1, 1] == 0)
    at_min = np.abs(v - low) <= TOL
    bad = (at_min & ~wrong) | (~at_min & wrong)
    if not bad.any():
        return True, None
    return False, C[int(np.argmax(bad))].tolist()


def concentrated_errors(k: int, n: int = 1000, seed: int = 0) -> np.ndarray:
    """Errors concentrated in one large class beside tiny, perfectly classified ones.

    A family :func:`claim_battery` lacks and multi-class claims need (such as
    "IAM <= accuracy", whose supremum of violation is approached here): in each
    matrix a class ``i`` of up to 1e6 samples is partly predicted as a class
    ``j`` (which may also be confused back), and every other class has 1 to 3
    samples, all right; plus the all-right and the all-wrong (cyclic) matrices.
    A stack ``(n + 2, k, k)`` to concatenate with the battery.

    >>> C = concentrated_errors(5, n=10)
    >>> C.shape, bool((np.maximum(C.sum(-1), C.sum(-2)) > 0).all())
    ((12, 5, 5), True)
    """
    rng = np.random.default_rng(seed)
    out = np.zeros((n, k, k))
    for C in out:
        i, j = rng.choice(k, 2, replace=False)
        big, share = 10 ** rng.uniform(0, 6), rng.uniform()
        C[i, i], C[i, j] = share * big, (1 - share) * big
        C[j, i] = rng.uniform() * big * (rng.uniform() < 0.3)
        C[j, j] = rng.integers(0, 3)
        others = [c for c in range(k) if c not in (i, j)]
        C[others, others] = rng.integers(1, 4, len(others))
    all_right, all_wrong = np.eye(k), np.roll(np.eye(k), 1, axis=1)
    return np.concatenate([out, all_right[None], all_wrong[None]])
