"""Each chapter's findings, computed once and stored beside the chapter.

A chapter computes its findings (the numbers, counts and verdicts its sentences
rest on) while it executes, and hands them to :func:`keep`. The record of
those findings lives in ``chapters/data/findings/<name>.json``:

- executing the chapter (``make book``, and nbval's re-execution on the
  emulated CPU in ``make test``) compares the findings with the stored record
  and stops with the list of differences when one has moved, so the record is
  proven to be what the code produces, on the machine that runs it;
- ``make chapter NB=...`` (``BOOK_STORE_FINDINGS=1``) writes the record anew;
- the claims tests read the record with :func:`load` instead of re-running the
  chapter's experiments a second time.

Floats are compared with a relative tolerance of ``1e-7`` (the last bits of a
float move with the CPU's kernels; a stored output never shows more than the
stable digits); integers, booleans and strings must be equal.
"""

from __future__ import annotations

import json
import math
import numbers
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from imbalance_lib.book.findings import Findings

__all__ = ["STORE", "keep", "load", "differences", "encode", "decode"]

STORE = Path(__file__).resolve().parents[2] / "chapters" / "data" / "findings"
REL_TOL = 1e-7
ABS_TOL = 1e-12
WRITE_ENV = "BOOK_STORE_FINDINGS"
# a file of this name in STORE (the student edition's archive) says the records are withheld
WITHHELD = "WITHHELD.md"
FRAME = "__table__"


def encode(value: Any) -> Any:
    """``value`` as plain JSON data: numpy scalars and arrays become Python numbers and lists.

    >>> encode({"a": np.float64(0.5), "b": np.arange(3), "c": (np.bool_(True), "x")})
    {'a': 0.5, 'b': [0, 1, 2], 'c': [True, 'x']}
    """
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, pd.DataFrame):  # a table of the findings, rebuilt by load()
        return {FRAME: {"columns": encode(list(value.columns)),
                        "index": encode(list(value.index)),
                        "names": [encode(list(value.index.names)),
                                  encode(list(value.columns.names))],
                        "dtypes": [str(t) for t in value.dtypes],
                        "data": encode(value.to_numpy(dtype=object))}}
    if isinstance(value, (np.ndarray, list, tuple)):
        return [encode(v) for v in (value.tolist() if isinstance(value, np.ndarray) else value)]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    if isinstance(value, str):
        return str(value)  # numpy's str_ too
    if value is None:
        return value
    raise TypeError(f"a finding of type {type(value).__name__} cannot be stored")


def differences(stored: Any, computed: Any, path: str = "") -> list[str]:
    """Where ``computed`` differs from ``stored`` (both encoded), one line per place.

    >>> differences({"a": 1.0, "b": "x"}, {"a": 1.0 + 1e-12, "b": "y"})
    ["b: stored 'x', computed 'y'"]
    >>> differences({"a": 1}, {"a": True, "c": 2})
    ['a: stored 1, computed True', 'c: not in the stored record']
    """
    if isinstance(stored, dict) and isinstance(computed, dict):
        out = []
        for key in stored.keys() | computed.keys():
            where = f"{path}.{key}" if path else key
            if key not in computed:
                out.append(f"{where}: stored but no longer computed")
            elif key not in stored:
                out.append(f"{where}: not in the stored record")
            else:
                out += differences(stored[key], computed[key], where)
        return sorted(out)
    if isinstance(stored, list) and isinstance(computed, list) and len(stored) == len(computed):
        return [d for i, (s, c) in enumerate(zip(stored, computed))
                for d in differences(s, c, f"{path}[{i}]")]
    if _same(stored, computed):
        return []
    return [f"{path}: stored {stored!r}, computed {computed!r}"]


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(b, float):
        if math.isnan(a) and math.isnan(b):
            return True
        return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)
    return bool(a == b)


def _path(name: str) -> Path:
    if not name.replace("_", "").isalnum():
        raise ValueError(f"a record name is letters, digits and underscores, not {name!r}")
    return STORE / f"{name}.json"


def keep(findings: Mapping | Findings, name: str) -> None:
    """Check ``findings`` against the stored record ``name`` (write it when asked).

    With the environment variable ``BOOK_STORE_FINDINGS=1`` (``make chapter``)
    the record is written; otherwise a record that differs from ``findings``
    raises ``AssertionError`` listing each difference, and a missing record
    raises ``FileNotFoundError`` saying how to make it, unless the records are
    withheld (the student edition: a file :data:`WITHHELD` where they would be).
    """
    if isinstance(findings, Findings):  # typed findings: their fields by name
        findings = findings.record()
    data = encode(findings)
    path = _path(name)
    if os.environ.get(WRITE_ENV) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return
    if not path.exists() and (path.parent / WITHHELD).exists():
        return  # the student edition: no records to compare with
    if not path.exists():
        raise FileNotFoundError(f"no stored findings {path}: re-execute the chapter with "
                                f"make chapter NB=chapters/<chapter>.ipynb")
    diff = differences(json.loads(path.read_text(encoding="utf-8")), data)
    if diff:
        raise AssertionError(f"the findings {name!r} differ from the stored record "
                             f"{path.name} ({len(diff)} places):\n  "
                             + "\n  ".join(diff[:30]))


def decode(value: Any) -> Any:
    """``value`` as :func:`encode` gave it, with its tables rebuilt as DataFrames.

    Column types, index names and a MultiIndex come back as they were; everything else
    as JSON gives it (tuples as lists).

    >>> t = pd.DataFrame({"x": [0.5, 1.0]}, index=pd.Index(["a", "b"], name="k"))
    >>> back = decode(json.loads(json.dumps(encode({"t": t, "n": (1, 2)}))))
    >>> back["t"].equals(t), back["t"].index.name, back["n"]
    (True, 'k', [1, 2])
    """
    if isinstance(value, dict):
        if set(value) == {FRAME}:
            t = value[FRAME]
            frame = pd.DataFrame(t["data"], index=_labels(t["index"]),
                                 columns=_labels(t["columns"]), dtype=object)
            frame = frame.astype(dict(zip(frame.columns, t["dtypes"])))
            frame.index.names, frame.columns.names = t["names"]
            return frame
        return {k: decode(v) for k, v in value.items()}
    return value


def _labels(labels: list) -> Any:
    if labels and all(isinstance(x, list) for x in labels):  # a MultiIndex's tuples
        return pd.MultiIndex.from_tuples([tuple(x) for x in labels])
    return labels


def load(name: str) -> dict:
    """The stored findings record ``name``, as the chapter last proved it.

    Tables come back as DataFrames (column types, index names and a MultiIndex
    as they were); everything else as JSON gives it (tuples as lists).
    """
    return decode(json.loads(_path(name).read_text(encoding="utf-8")))
