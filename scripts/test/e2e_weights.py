#!/usr/bin/env python3
"""Folds the seconds each browser-test module took in the last run's lanes
(test-artifacts/e2e-module-seconds-*.json, written by e2e/lanes.py) into
e2e/module-seconds.json, the order in which the lanes claim modules (longest first).

Refresh it when modules are added or the order drifts (a lane that ends long after the
other): run `make test`, then `python scripts/test/e2e_weights.py` and commit the file.
A module the file does not know yet counts as a mean one, so a stale file only costs balance.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "e2e" / "module-seconds.json"


def main() -> int:
    runs = sorted((ROOT / "test-artifacts").glob("e2e-module-seconds-*.json"))
    if not runs:
        print("no test-artifacts/e2e-module-seconds-*.json: run the browser tests first")
        return 1
    seconds: dict[str, float] = {}
    for path in runs:
        seconds.update(json.loads(path.read_text(encoding="utf-8")))
    live = {p.relative_to(ROOT).as_posix() for p in (ROOT / "e2e").glob("test_*.py")}
    ordered = {m: seconds[m] for m in sorted(seconds, key=lambda m: -seconds[m]) if m in live}
    OUT.write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(ordered)} modules, {sum(ordered.values()):.0f} s in all "
          f"(from {', '.join(p.name for p in runs)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
