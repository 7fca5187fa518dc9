"""Docstring fragments shared by the metric functions (filled in by :func:`fill`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

_F = TypeVar("_F", bound=Callable[..., Any])

_PARTS = {
    "C2": """C : array-like of shape (..., 2, 2)
        Binary confusion matrices ``[[TN, FP], [FN, TP]]`` (positive class at
        index 1); counts may be real-valued. Leading axes are batch axes.""",
    "CK": """C : array-like of shape (..., k, k)
        Confusion matrices, rows true classes and columns predicted classes;
        counts may be real-valued. Leading axes are batch axes.""",
    "zero_division": """zero_division : "warn", float or nan, default="warn"
        Value returned where the metric is undefined (when that happens:
        ``METRICS[name].undefined``; the policy: :mod:`imbalance_lib`);
        ``"warn"`` returns 0.0 with an ``UndefinedMetricWarning``.""",
    "returns": """value : float or ndarray of shape C.shape[:-2]
        One value per matrix; a Python float for a single matrix.""",
}
# The whole Parameters/Returns block of a metric whose only argument is the matrix.
for _kind in ("C2", "CK"):
    _PARTS[f"{_kind}_only"] = (
        "Parameters\n    ----------\n    " + _PARTS[_kind] + "\n    " + _PARTS["zero_division"]
        + "\n\n    Returns\n    -------\n    " + _PARTS["returns"]
    )


def fill(func: _F) -> _F:
    """Replace ``{C2}``, ``{CK}``, ``{zero_division}``, ``{returns}``, ``{C2_only}`` and
    ``{CK_only}`` in a docstring."""
    doc = cast(str, func.__doc__)  # every function given to fill has a docstring
    for key, text in sorted(_PARTS.items(), key=lambda kv: -len(kv[0])):
        doc = doc.replace("{" + key + "}", text)
    func.__doc__ = doc
    return func
