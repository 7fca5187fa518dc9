"""Docstring fragments shared by the metric functions (filled in by :func:`fill`)."""

from __future__ import annotations

_PARTS = {
    "C2": """C : array-like of shape (..., 2, 2)
        Binary confusion matrices ``[[TN, FP], [FN, TP]]`` (positive class at
        index 1); counts may be real-valued. Leading axes are batch axes.""",
    "CK": """C : array-like of shape (..., k, k)
        Confusion matrices, rows true classes and columns predicted classes;
        counts may be real-valued. Leading axes are batch axes.""",
    "zero_division": """zero_division : "warn", float or nan, default="warn"
        Value returned where the metric is undefined (see the policy in
        :mod:`imbalance_lib._checks`); ``"warn"`` returns 0.0 with an
        ``UndefinedMetricWarning``.""",
    "returns": """value : float or ndarray of shape C.shape[:-2]
        One value per matrix; a Python float for a single matrix.""",
}


def fill(func):
    """Replace ``{C2}``, ``{CK}``, ``{zero_division}`` and ``{returns}`` in a docstring."""
    doc = func.__doc__
    for key, text in _PARTS.items():
        doc = doc.replace("{" + key + "}", text)
    func.__doc__ = doc
    return func
