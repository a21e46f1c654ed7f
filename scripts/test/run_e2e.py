"""The browser tests, with one second chance for tests that Chromium stalled.

e2e/conftest.py kills the run's chromium when a test is still running after its stall
limit (a Playwright call that Chromium never answers) and lists in
test-artifacts/e2e-stalls.json the stalled test and the tests of its module that failed
after the kill. When every failure of the run is on that list, those tests run again once,
in a new process and browser, and their second result is the suite's result. A failure that
no stall explains fails the suite at once; a test that stalls twice fails it too.

`--lane NAME --queue DIR` makes this run one of the lanes that share the suite (e2e/lanes.py):
it runs the test modules it claims from DIR, and its stalls file is e2e-stalls-NAME.json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTEST = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]


def run(args: list[str], stalls: Path, env: dict[str, str]) -> int:
    stalls.unlink(missing_ok=True)
    return subprocess.call(PYTEST + args, cwd=ROOT, env=env)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lane", default="", help="this lane's name (with --queue)")
    parser.add_argument("--queue", help="the folder both lanes claim test modules from")
    known, rest = parser.parse_known_args(argv)
    # the file e2e/conftest.py writes for this lane
    stalls_file = ROOT / "test-artifacts" / f"e2e-stalls{'-' + known.lane if known.lane else ''}.json"
    env = dict(os.environ, CARDAVIA_E2E_LANE=known.lane)
    if known.queue:
        env["CARDAVIA_E2E_QUEUE"] = str(Path(known.queue).resolve())
    code = run(rest or ["e2e"], stalls_file, env)
    if code == 0 or not stalls_file.exists():
        return code
    stalls = json.loads(stalls_file.read_text(encoding="utf-8"))
    if not stalls["stalled"] or stalls["failed"]:
        return code
    print(f"\n[e2e] chromium stalled in {', '.join(stalls['stalled'])}; running the "
          f"{len(stalls['rerun'])} tests it took down once more in a new browser:", flush=True)
    for nodeid in stalls["rerun"]:
        print(f"  {nodeid}", flush=True)
    # the tests to run again are named: no queue, this process runs them all
    env.pop("CARDAVIA_E2E_QUEUE", None)
    return run(stalls["rerun"], stalls_file, env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
