"""Make the site tooling (editions.py) importable by the browser tests."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
