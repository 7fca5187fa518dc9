"""Expensive results stored with the hash of the code and parameters that made them.

A simulation that takes minutes (a coverage study over thousands of test sets,
cross-validations over many fold seeds) should not run on every execution of its
chapter. :func:`stored` runs it once, keeps its result in
``chapters/data/stored/<name>.json`` (the same JSON as the findings records, see
:mod:`imbalance_lib.book.record`) together with

- the function's import path and its parameters, and
- a hash of the source of that function and of every function and constant of
  ``imbalance_lib`` it reaches (the library's metrics and intervals included), and of
  the versions of numpy, scipy, pandas and scikit-learn.

Executing a chapter reads the stored result and stops with ``StaleResult`` when the
hash no longer matches the code (a changed study, metric or interval must be
regenerated, never silently reused); ``make test`` checks every hash
(``tests/test_stored.py``), and ``make test-full`` (or ``BOOK_REGENERATE=1`` while
executing a chapter) runs each study again and compares the result with the stored one.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import inspect
import json
import os
import re
import types
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from imbalance_lib.book.record import decode, differences, encode

__all__ = ["DATA", "StaleResult", "stored", "stored_as", "code_hash", "entries", "regenerate"]

DATA = Path(__file__).resolve().parents[2] / "chapters" / "data" / "stored"
REGENERATE_ENV = "BOOK_REGENERATE"
_LIBRARIES = ("numpy", "scipy", "pandas", "scikit-learn")


class StaleResult(RuntimeError):
    """A stored result whose code or parameters have changed since it was made."""


def _reached(fn: Callable) -> list[str]:
    """The sources of ``fn`` and of what it reaches inside ``imbalance_lib``, sorted."""
    seen: dict[str, str] = {}
    todo: list[Any] = [fn]
    root = inspect.unwrap(fn)
    while todo:
        obj = todo.pop()
        obj = inspect.unwrap(obj) if callable(obj) else obj
        module = getattr(obj, "__module__", "") or ""
        if not module.startswith("imbalance_lib") and obj is not root:
            continue
        key = f"{module}.{getattr(obj, '__qualname__', repr(obj))}"
        if key in seen:
            continue
        try:
            seen[key] = inspect.getsource(obj)
        except (OSError, TypeError):
            continue
        codes = [obj.__code__] if isinstance(obj, types.FunctionType) else [
            m.__code__ for m in vars(obj).values() if isinstance(m, types.FunctionType)]
        names: set[str] = set()
        while codes:
            code = codes.pop()
            names.update(code.co_names)
            codes += [c for c in code.co_consts if isinstance(c, types.CodeType)]
        scope = getattr(obj, "__globals__", None) or vars(importlib.import_module(module))
        # modules it uses: imported at the top (globals) or inside the function
        modules = [v for v in map(scope.get, names) if isinstance(v, types.ModuleType)]
        modules += [importlib.import_module(n) for n in names if n.startswith("imbalance_lib")]
        done: set[str] = set()
        while modules:
            mod = modules.pop()
            if not mod.__name__.startswith("imbalance_lib") or mod.__name__ in done:
                continue
            done.add(mod.__name__)
            for n in names:
                value = getattr(mod, n, None)
                if value is None and hasattr(mod, "__path__"):  # a submodule not yet loaded
                    try:
                        value = importlib.import_module(f"{mod.__name__}.{n}")
                    except ModuleNotFoundError:
                        value = None
                if isinstance(value, types.ModuleType):
                    modules.append(value)
                elif callable(value) and (getattr(value, "__module__", "") or "").startswith(
                        "imbalance_lib"):
                    todo.append(value)  # re-exported ones too (il.roc_auc_interval)
                elif value is not None and not callable(value) and not n.startswith("__"):
                    seen.setdefault(f"{mod.__name__}.{n}", _stable_repr(value, todo))
        for name in names:
            value = scope.get(name)
            if isinstance(value, types.ModuleType):
                continue
            elif callable(value):
                todo.append(value)
            elif value is not None and not name.startswith("__"):
                seen.setdefault(f"{module}.{name}", _stable_repr(value, todo))
    return [f"{k}\n{v}" for k, v in sorted(seen.items())]


def _stable_repr(value: Any, todo: list) -> str:
    """A repr that is the same in every process (no addresses, sets sorted); functions
    inside containers are queued to be followed."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_stable_repr(k, todo)}: {_stable_repr(v, todo)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_stable_repr(v, todo) for v in value) + "]"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(_stable_repr(v, todo) for v in value)) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value).__name__ + _stable_repr(
            {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}, todo)
    if callable(value):
        todo.append(value)
        return f"<{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', '?')}>"
    return re.sub(r" at 0x[0-9a-fA-F]+", "", repr(value))


def code_hash(fn: Callable, params: dict) -> str:
    """A hash of ``fn``'s code (and what it reaches in ``imbalance_lib``), ``params`` and
    the numerical libraries' versions.

    >>> def f(n=3):
    ...     return n
    >>> code_hash(f, {"n": 3}) == code_hash(f, {"n": 3}) != code_hash(f, {"n": 4})
    True
    """
    parts = [inspect.getsource(fn), *_reached(fn),
             json.dumps(encode(params), sort_keys=True),
             *(f"{lib}=={version(lib)}" for lib in _LIBRARIES)]
    return hashlib.sha256("\n\0".join(parts).encode()).hexdigest()[:16]


def _path(name: str) -> Path:
    if not name.replace("_", "").isalnum():
        raise ValueError(f"a stored result's name is letters, digits and underscores, "
                         f"not {name!r}")
    return DATA / f"{name}.json"


def _write(name: str, fn: Callable, params: dict, result: Any) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    entry = {"function": f"{fn.__module__}:{fn.__qualname__}", "params": encode(params),
             "hash": code_hash(fn, params), "result": encode(result)}
    _path(name).write_text(json.dumps(entry, indent=1, ensure_ascii=False) + "\n",
                           encoding="utf-8")


def stored(name: str, fn: Callable, **params: Any) -> Any:
    """``fn(**params)``, read from ``chapters/data/stored/<name>.json``.

    The result comes back as :func:`imbalance_lib.book.record.load` gives a record
    (tables as DataFrames, tuples as lists). Raises :class:`StaleResult` when the code
    or the parameters have changed since the result was stored; with
    ``BOOK_REGENERATE=1`` the function runs and its result is stored anew.
    """
    path = _path(name)
    if os.environ.get(REGENERATE_ENV) == "1" or not path.exists():
        if not path.exists() and os.environ.get(REGENERATE_ENV) != "1":
            raise FileNotFoundError(f"no stored result {path}: execute the chapter once "
                                    f"with BOOK_REGENERATE=1 in the environment")
        _write(name, fn, params, fn(**params))
    entry = json.loads(path.read_text(encoding="utf-8"))
    expected = f"{fn.__module__}:{fn.__qualname__}"
    if entry["function"] != expected or entry["params"] != encode(params):
        raise StaleResult(f"{path.name} was made by {entry['function']}({entry['params']}), "
                          f"not {expected}({encode(params)}): regenerate it")
    if entry["hash"] != code_hash(fn, params):
        raise StaleResult(f"the code behind {path.name} ({expected}) has changed since it was "
                          f"stored: regenerate it with make regenerate (about a few minutes)")
    return decode(entry["result"])


def stored_as(name: str) -> Callable[[Callable], Callable]:
    """Decorate a study so that a call with its default parameters reads the stored result.

    Called with other parameters (a reader trying a variant), the study runs. The
    computation itself stays reachable as ``<function>.measure``.

    >>> @stored_as("demo")
    ... def demo(n=3):
    ...     return n
    >>> demo(n=4), demo.measure()
    (4, 3)
    """
    def decorate(fn: Callable) -> Callable:
        signature = inspect.signature(fn)
        defaults = {k: p.default for k, p in signature.parameters.items()}

        @functools.wraps(fn)
        def study(*args: Any, **kwargs: Any) -> Any:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            if dict(bound.arguments) != defaults:
                return fn(*args, **kwargs)
            return stored(name, fn, **defaults)

        study.measure = fn  # type: ignore[attr-defined]
        return study

    return decorate


def entries() -> dict[str, dict]:
    """Every stored result, by name: its function, parameters and hash (not the result)."""
    return {p.stem: {k: v for k, v in json.loads(p.read_text(encoding="utf-8")).items()
                     if k != "result"} for p in sorted(DATA.glob("*.json"))}


def function(path: str) -> Callable:
    """The function named ``module:qualname``."""
    module, _, qualname = path.partition(":")
    obj: Any = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    obj = inspect.unwrap(obj, stop=lambda f: hasattr(f, "measure"))
    return getattr(obj, "measure", obj)


def regenerate(name: str) -> list[str]:
    """Run the stored result ``name`` again; the differences from what is stored."""
    entry = json.loads(_path(name).read_text(encoding="utf-8"))
    fn = function(entry["function"])
    return differences(entry["result"], encode(fn(**entry["params"])))


def main(argv: list[str] | None = None) -> int:
    """Run the stored studies again and store their results (``make regenerate``).

    ``python -m imbalance_lib.book.stored [name ...]``: every stored result, or the
    ones named; prints each one's time and how many places of it moved.
    """
    import sys
    import time

    names = (sys.argv[1:] if argv is None else argv) or sorted(entries())
    unknown = sorted(set(names) - set(entries()))
    if unknown:
        print(f"no stored result named {', '.join(unknown)}; known: {', '.join(entries())}")
        return 2
    for name in names:
        entry = json.loads(_path(name).read_text(encoding="utf-8"))
        fn = function(entry["function"])
        start = time.perf_counter()
        result = fn(**entry["params"])
        moved = differences(entry["result"], encode(result))
        _write(name, fn, entry["params"], result)
        print(f"{name}: {time.perf_counter() - start:.0f} s, {len(moved)} places moved",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
