"""The browser tests, with one second chance for tests that Chromium stalled.

e2e/conftest.py kills the run's chromium when a test is still running after its stall
limit (a Playwright call that Chromium never answers) and lists in
test-artifacts/e2e-stalls.json the stalled test and the tests of its module that failed
after the kill. When every failure of the run is on that list, those tests run again once,
in a new process and browser, and their second result is the suite's result. A failure that
no stall explains fails the suite at once; a test that stalls twice fails it too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STALLS = ROOT / "test-artifacts" / "e2e-stalls.json"
PYTEST = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]


def run(args: list[str]) -> int:
    STALLS.unlink(missing_ok=True)
    return subprocess.call(PYTEST + args, cwd=ROOT)


def main(argv: list[str]) -> int:
    code = run(argv or ["e2e"])
    if code == 0 or not STALLS.exists():
        return code
    stalls = json.loads(STALLS.read_text(encoding="utf-8"))
    if not stalls["stalled"] or stalls["failed"]:
        return code
    print(f"\n[e2e] chromium stalled in {', '.join(stalls['stalled'])}; running the "
          f"{len(stalls['rerun'])} tests it took down once more in a new browser:", flush=True)
    for nodeid in stalls["rerun"]:
        print(f"  {nodeid}", flush=True)
    return run(stalls["rerun"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
