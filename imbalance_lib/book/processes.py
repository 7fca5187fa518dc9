"""Measurements that need a process of their own: another CPU's arithmetic, emulated.

OpenBLAS chooses its kernels when a process starts (``OPENBLAS_CORETYPE``), and numpy
its SIMD paths (``NPY_DISABLE_CPU_FEATURES``), so a learner whose result moves with
the last bits of its arithmetic (an MLP trained with L-BFGS) is measured under
another arithmetic by running it in a new process. :func:`run_in_process` does that
for any function of the book that takes and returns JSON data; the chapters' tables
of such measurements are stored results (:func:`imbalance_lib.book.stored.stored_as`)
whose regeneration calls it once per line.
"""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["NO_AVX", "emulated", "run_in_process"]

NO_AVX = {"NPY_DISABLE_CPU_FEATURES": "X86_V3 X86_V4 AVX512_ICL AVX512_SPR"}
"""numpy without its AVX2 and AVX-512 paths (the Makefile's emulated CPU sets the same)."""

_CHOSEN_AT_START = ("OPENBLAS_CORETYPE", "NPY_DISABLE_CPU_FEATURES")

_CHILD = """\
import importlib, json, sys
module, _, name = sys.argv[1].partition(":")
fn = getattr(importlib.import_module(module), name)
print(json.dumps(fn(*json.loads(sys.argv[2]))))
"""


def emulated(coretype: str) -> dict[str, str]:
    """The environment of an emulated CPU: OpenBLAS's ``coretype`` kernels, no AVX2/AVX-512.

    >>> emulated("Prescott")["OPENBLAS_CORETYPE"], sorted(emulated("Prescott"))
    ('Prescott', ['NPY_DISABLE_CPU_FEATURES', 'OPENBLAS_CORETYPE'])
    """
    if not coretype or not coretype.isalnum():
        raise ValueError(f"an OpenBLAS core type is a name such as 'Prescott', not {coretype!r}")
    return {"OPENBLAS_CORETYPE": coretype, **NO_AVX}


def run_in_process(env: dict[str, str], fn: Callable, *args: Any, timeout: float = 3600) -> Any:
    """``fn(*args)`` in a new Python process whose environment adds ``env``.

    ``fn`` is a module-level function (imported by name in the new process); its
    arguments and its result are JSON data. The new process has one BLAS and OpenMP
    thread, no warnings printed, and no inherited ``OPENBLAS_CORETYPE`` or
    ``NPY_DISABLE_CPU_FEATURES`` unless ``env`` sets them (the native arithmetic
    when ``env`` is empty). A failure in the new process raises ``RuntimeError`` with
    the end of its error output.

    >>> run_in_process({}, json.loads, "[1, 2.5]")
    [1, 2.5]
    """
    module, name = getattr(fn, "__module__", None), getattr(fn, "__qualname__", "")
    if module is None or module == "__main__" or "." in name or "<" in name:
        raise ValueError(f"{fn!r} is not a module-level function another process can import")
    if inspect.unwrap(fn) is not fn or not callable(fn):
        raise ValueError(f"{fn!r}: pass the plain function, not a wrapper")
    base = {k: v for k, v in os.environ.items() if k not in _CHOSEN_AT_START}
    base.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                PYTHONWARNINGS="ignore", **env)
    out = subprocess.run([sys.executable, "-c", _CHILD, f"{module}:{name}", json.dumps(args)],
                         env=base, capture_output=True, text=True, timeout=timeout)
    if out.returncode:
        raise RuntimeError(f"{module}:{name}{args} failed in its process (extra environment "
                           f"{env}):\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])
