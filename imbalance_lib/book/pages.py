"""Helpers every chapter page uses: numbers for the prose, one thread per process.

A number glued for the prose is stored in the notebook and compared by nbval
when the chapter is re-executed, possibly on another CPU whose BLAS kernels and
SIMD paths change the last bits of a float. :func:`glue_value` therefore stores
floats rounded to the digits that are stable (four decimals unless said
otherwise), never every digit.
"""

from __future__ import annotations

import numbers

import numpy as np


def stable(value, digits: int = 4):
    """``value`` as a plain Python number or string, floats rounded to ``digits`` decimals.

    >>> stable(np.float64(0.48305595147827024))
    0.4831
    >>> stable(np.int64(7)), stable(True), stable("text")
    (7, True, 'text')
    """
    if isinstance(value, (str, bool, np.bool_)):
        return bool(value) if isinstance(value, np.bool_) else value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        x = round(float(value), digits)
        return 0.0 if x == 0 else x  # no "-0.0" in the prose
    raise TypeError(f"cannot glue a value of type {type(value).__name__}")


def signed(value, digits: int = 4) -> str:
    """``value`` with its sign and ``digits`` decimals; a value that rounds to zero
    shows as zero, without a sign (never "-0.0000").

    >>> signed(0.04401), signed(-1e-17), signed(-0.0125, 3)
    ('+0.0440', '0.0000', '-0.013')
    """
    x = stable(float(value), digits)
    return f"{x:+.{digits}f}" if x != 0 else f"{0:.{digits}f}"


def glue_value(name: str, value, digits: int = 4) -> None:
    """Glue ``value`` for ``{glue:text}`` in the prose, rounded by :func:`stable`."""
    from myst_nb import glue

    glue(name, stable(value, digits), display=False)


def pin_threads() -> None:
    """One BLAS and one OpenMP thread in this process, whatever the number of cores.

    ``make`` sets ``OPENBLAS_NUM_THREADS=1`` for every execution; this does the
    same for a reader who runs a notebook in another environment.
    """
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1)


def glue_findings(findings, prefix: str, digits: int = 4) -> None:
    """Glue every number, string and boolean of ``findings`` as ``<prefix>-<name>``.

    Underscores in a name become hyphens (``glass_picks`` -> ``iam-glass-picks``
    for the prefix ``iam``); values that are not scalars (arrays, tables) are
    skipped.
    """
    for name, value in findings.items():
        if isinstance(value, (str, bool, numbers.Number, np.generic)):
            glue_value(f"{prefix}-{name.replace('_', '-')}", value, digits)
