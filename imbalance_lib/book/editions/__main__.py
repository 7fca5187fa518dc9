"""``python -m imbalance_lib.book.editions <command> ...``: see the package's docstring."""

import sys

from imbalance_lib.book.editions import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
