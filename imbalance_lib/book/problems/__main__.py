"""The lecturer's commands for the problem sets.

    python -m imbalance_lib.book.problems handout WEEK --roster roster.csv --out DIR
        one notebook per student (roster: a CSV with columns student,seed)
    python -m imbalance_lib.book.problems grade SUBMISSIONS_DIR --out grades.csv
        [--roster roster.csv] [--timeout SECONDS]
        run every notebook of the folder, mark it, write grades.csv and grades.md
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from imbalance_lib.book.problems.report import grade_folder, handout, read_roster, write_reports


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m imbalance_lib.book.problems",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    h = sub.add_parser("handout", help="one notebook per student, with their seed")
    h.add_argument("week", type=int)
    h.add_argument("--roster", type=Path, required=True)
    h.add_argument("--out", type=Path, required=True)
    g = sub.add_parser("grade", help="run and mark a folder of submitted notebooks")
    g.add_argument("folder", type=Path)
    g.add_argument("--out", type=Path, default=Path("grades.csv"))
    g.add_argument("--roster", type=Path)
    g.add_argument("--timeout", type=int, default=120, help="seconds per cell")
    args = parser.parse_args(argv)
    try:
        if args.command == "handout":
            paths = handout(args.week, read_roster(args.roster), args.out)
            print(f"{len(paths)} notebooks in {args.out}")
            return 0
        roster = read_roster(args.roster) if args.roster else None
        results = grade_folder(args.folder, roster, timeout=args.timeout)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    md = write_reports(results, args.out)
    for s, marks in results:
        print(f"{s.path.name}: {sum(m.points for m in marks):g} of "
              f"{sum(m.max_points for m in marks):g}")
    print(f"grades in {args.out} and {md}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
