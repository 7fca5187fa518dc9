r"""Theory of the AC-score chapter: the statements of its derivations as violations.

Each statement of the chapter's theorems is written as a *violation*, a number that is
positive exactly on a matrix where the statement fails (nan where it does not apply),
so that :func:`imbalance_lib.book.properties.check_claims` can try to break it
(:data:`PROPERTIES`). The module also holds the exact place of the largest gap between
GM and the AC-score along a section (:func:`edge_gap_root`), the three numbers behind
the document's statements (:func:`statement_inputs`) and the balance ``r`` of two rates.
"""

from __future__ import annotations

import numpy as np

import imbalance_lib as il

__all__ = ["PROPERTIES", "N_RANDOM", "ENTRY_MAX", "TOL", "balance", "edge_gap_root",
           "statement_inputs"]

TOL = 1e-12
"""A violation below this is rounding noise (the digits beyond differ between CPUs)."""


def _rates(C):
    P, N = C[..., 1, :].sum(-1), C[..., 0, :].sum(-1)
    ok = (P > 0) & (N > 0)
    return C[..., 1, 1] / P, C[..., 0, 0] / N, P, N, ok


def _applies(v, where):
    return np.where(where, v, np.nan)


def _sign_violation(diff, expected_sign, where):
    """``|diff|`` where the sign should be 0, else ``-diff * sign`` (positive: wrong sign)."""
    v = np.where(expected_sign == 0, np.abs(diff), -diff * expected_sign)
    return _applies(v, where)


def _viol_min(C):
    t, s, _, _, ok = _rates(C)
    return _applies(np.minimum(t, s) - il.ac(C), ok)


def _viol_ac_gm(C):
    return _applies(il.ac(C) - il.g_mean(C), _rates(C)[-1])


def _viol_gm_ba(C):
    return _applies(il.g_mean(C) - il.balanced_accuracy(C), _rates(C)[-1])


def _viol_two_min(C):
    t, s, _, _, ok = _rates(C)
    return _applies(il.ac(C) - 2 * np.minimum(t, s), ok)


def _viol_gm2(C):
    return _applies(il.g_mean(C) ** 2 - il.ac(C), _rates(C)[-1])


def _viol_gm2_ba(C):
    return _applies(np.abs(il.ac(C) * il.balanced_accuracy(C) - il.g_mean(C) ** 2),
                    _rates(C)[-1])


def balance(t, s):
    """The balance ``r = (t - s) / (t + s)`` of two rates (0 where both are 0).

    >>> float(balance(0.9, 0.1))
    0.8
    """
    return np.where(t + s > 0, (t - s) / np.where(t + s > 0, t + s, 1.0), 0.0)


def _viol_shrink_ac(C):
    t, s, _, _, ok = _rates(C)
    r = balance(t, s)
    return _applies(np.abs(il.ac(C) - il.balanced_accuracy(C) * (1 - r**2)), ok)


def _viol_shrink_gm(C):
    t, s, _, _, ok = _rates(C)
    r = balance(t, s)
    return _applies(np.abs(il.g_mean(C) ** 2 - il.balanced_accuracy(C) ** 2 * (1 - r**2)), ok)


def _viol_equal_gm(C):
    t, s, _, _, ok = _rates(C)
    return _applies(-(il.g_mean(C) - il.ac(C)), ok & (t != s) & (t * s > 0))


def _viol_symmetric(C):
    return _applies(np.abs(il.ac(C) - il.ac(C[..., ::-1, ::-1])), _rates(C)[-1])


def _viol_null_biased(C):
    scaled = C * np.array([[3.7], [0.01]])  # negatives x 3.7, positives x 0.01
    return _applies(np.abs(il.ac(C) - il.ac(scaled)), _rates(C)[-1])


def _viol_hmnc(C):
    t, s, P, N, ok = _rates(C)
    pos = ok & (t > 0) & (s > 0)
    inv = N / (P + N) / t + P / (P + N) / s
    return _applies(np.abs(il.hmnc(C) * inv - 1), pos)


def _viol_hmnc_sign(C):
    t, s, P, N, ok = _rates(C)
    return _sign_violation(il.hmnc(C) - il.ac(C), np.sign((N - P) * (t - s)),
                           ok & (t > 0) & (s > 0))


def _viol_f1_sign(C):
    t, s, _, _, ok = _rates(C)
    tp = C[..., 1, 1]
    ppv = tp / np.where(tp > 0, tp + C[..., 0, 1], 1.0)
    return _sign_violation(il.ac(C) - il.f1(C, zero_division=0.0), np.sign(s - ppv),
                           ok & (tp > 0))


PROPERTIES = {
    "min(TPR, TNR) <= AC": _viol_min,
    "AC <= GM": _viol_ac_gm,
    "GM <= BA": _viol_gm_ba,
    "AC <= 2 min(TPR, TNR)": _viol_two_min,
    "GM^2 <= AC": _viol_gm2,
    "AC = GM^2 / BA": _viol_gm2_ba,
    "AC = BA (1 - r^2)": _viol_shrink_ac,
    "GM^2 = BA^2 (1 - r^2)": _viol_shrink_gm,
    "AC = GM only if TPR = TNR or TPR TNR = 0": _viol_equal_gm,
    "symmetric": _viol_symmetric,
    "null-biased (row scaling)": _viol_null_biased,
    "1/HMNC = (N/n)/TPR + (P/n)/TNR (relative)": _viol_hmnc,
    "sign(HMNC - AC) = sign((N - P)(TPR - TNR))": _viol_hmnc_sign,
    "sign(AC - F1) = sign(TNR - precision)": _viol_f1_sign,
}
"""Each statement of the derivations and its violation on a stack of matrices (nan: not applicable)."""

N_RANDOM = 100_000
"""Random real matrices tried per statement, before the optimiser."""

ENTRY_MAX = 12
"""Every integer matrix with entries ``0..ENTRY_MAX`` is tried too."""


def edge_gap_root() -> tuple[float, float]:
    r"""Where GM - AC peaks along a section :math:`TNR = s`: ``(t / s, gap / s)``.

    With :math:`t = s u^2`, :math:`GM - AC = s\,u(1 - u)^2/(1 + u^2)`, maximal at
    the positive root of :math:`u^3 + u^2 + 3u - 1`.

    >>> [round(x, 4) for x in edge_gap_root()]
    [0.0874, 0.1349]
    """
    roots = np.roots([1, 1, 3, -1])
    u = float(roots[(np.abs(roots.imag) < 1e-12) & (roots.real > 0)].real[0])
    return u**2, u * (1 - u) ** 2 / (1 + u**2)


def statement_inputs() -> dict[str, float]:
    """Four numbers behind the document's statements about the metric.

    ``agree_max``: the largest ``|AC - r|`` on the diagonal TPR = TNR = r;
    ``edge_ratio``: AC / GM at TPR = 1e-6, TNR = 0.5 (relative gap at an edge);
    ``edge_gap``: the largest GM - AC on the line TPR = 1e-6 (absolute gap at an edge);
    ``min_gap``: how far ``min(TPR, TNR)`` lies below the AC-score at TPR = 1, TNR = 0.5.

    >>> {k: round(v, 4) for k, v in statement_inputs().items()}
    {'agree_max': 0.0, 'edge_ratio': 0.0028, 'edge_gap': 0.001, 'min_gap': 0.1667}
    """
    r = np.linspace(0, 1, 1001)
    diag = il.binary_matrix(r, 1 - r, 1 - r, r)  # TPR = TNR = r
    edge = il.binary_matrix(1e-6, 1 - 1e-6, 0.5, 0.5)  # TPR = 1e-6, TNR = 0.5
    line = il.binary_matrix(1e-6, 1 - 1e-6, 1 - r, r)  # TPR = 1e-6, every TNR
    point = il.binary_matrix(1.0, 0.0, 0.5, 0.5)  # TPR = 1, TNR = 0.5
    return {"agree_max": float(np.abs(il.ac(diag) - r).max()),
            "edge_ratio": float(il.ac(edge) / il.g_mean(edge)),
            "edge_gap": float(np.max(il.g_mean(line) - il.ac(line))),
            "min_gap": float(il.ac(point) - 0.5)}
