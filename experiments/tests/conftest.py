"""The experiments' own tests: not part of `make test` (pytest's testpaths is tests/).
Run them with `PYTHONPATH=core .venv/bin/python -m pytest experiments/tests -q`."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT / "core", ROOT / "experiments"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
