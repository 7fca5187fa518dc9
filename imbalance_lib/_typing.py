"""Type aliases shared by the library's annotations (numpy.typing underneath)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

#: Anything ``np.asarray`` accepts: lists, tuples, arrays, scalars.
ArrayLike: TypeAlias = npt.ArrayLike
#: A float64 array (counts, rates, metric values).
FloatArray: TypeAlias = npt.NDArray[np.float64]
#: Values of one matrix (a numpy scalar) or of a stack (an array), e.g. ``C[..., 1, 1]``.
Floats: TypeAlias = FloatArray | np.float64
#: A boolean mask.
BoolArray: TypeAlias = npt.NDArray[np.bool_]
#: An integer array (indices, integer counts).
IntArray: TypeAlias = npt.NDArray[np.intp]
#: A metric value: a Python float for one matrix, an array of shape ``C.shape[:-2]`` for a stack.
Result: TypeAlias = float | FloatArray
#: A class label (``pos_label``).
Label: TypeAlias = int | bool | str
#: A metric given by its registry name or as a function of a stack of matrices.
Metric: TypeAlias = str | Callable[..., Any]
#: ``random_state``: a seed, a numpy Generator, or None for fresh entropy.
Seed: TypeAlias = int | np.random.Generator | None
#: ``zero_division``: ``"warn"`` or a number in [-1, 1] (nan allowed), checked at run time.
ZeroDivision: TypeAlias = str | float
