"""Run every benchmark module and print its ratios."""

import importlib
import pkgutil
import sys

import benchmarks
from benchmarks._timing import print_rows


def main(names=None) -> None:
    modules = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_"))
    for name in modules:
        if names and not any(n in name for n in names):
            continue
        module = importlib.import_module(f"benchmarks.{name}")
        print_rows(module.__doc__.strip().splitlines()[0], module.run())


if __name__ == "__main__":
    main(sys.argv[1:])
