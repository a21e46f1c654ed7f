#!/usr/bin/env python3
"""Download the pure-Python wheels that run pytest inside Pyodide.

Reads requirements-pyodide.txt (exact pins) and makes sure one wheel per pin
is present in vendor-cache/pyodide-wheels/ (git-ignored), downloading the
missing ones for Python 3.14 / platform "any" with pip. Prints the absolute
paths of the wheels, one per line, in requirements order (pytest's
dependencies need no particular install order; Pyodide only unpacks them).

Run with the project's venv (.venv/bin/python, which has pip); it is called
by scripts/test/pyodide_pytest.mjs, and can also be run by hand.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REQS = ROOT / "requirements-pyodide.txt"
DEST = ROOT / "vendor-cache" / "pyodide-wheels"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!-]+)$")


def pins(path: Path) -> list[tuple[str, str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = PIN.match(line)
        if not m:
            sys.exit(f"{path.name}: expected an exact pin 'name==version', got {line!r}")
        out.append((m.group(1), m.group(2)))
    return out


def norm(name: str) -> str:
    # Wheel file names use the normalised distribution name with "_" separators.
    return re.sub(r"[-_.]+", "_", name).lower()


def find_wheel(dest: Path, name: str, version: str) -> Path | None:
    for whl in sorted(dest.glob("*.whl")):
        parts = whl.name.split("-")
        if len(parts) >= 5 and norm(parts[0]) == norm(name) and parts[1] == version:
            if whl.name.endswith("-none-any.whl"):
                return whl
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dest", type=Path, default=DEST)
    ap.add_argument("--requirements", type=Path, default=REQS)
    ns = ap.parse_args()
    dest = ns.dest.resolve()
    wanted = pins(ns.requirements)
    missing = [p for p in wanted if find_wheel(dest, *p) is None]
    if missing:
        dest.mkdir(parents=True, exist_ok=True)
        cmd = [
            sys.executable, "-m", "pip", "download", "--quiet",
            "--disable-pip-version-check", "--no-deps", "--only-binary=:all:",
            "--python-version", "3.14", "--platform", "any",
            "-d", str(dest), "-r", str(ns.requirements),
        ]
        print("fetching wheels for Pyodide:", ", ".join(f"{n}=={v}" for n, v in missing),
              file=sys.stderr)
        # pip's own chatter goes to stderr so stdout stays a clean list of paths.
        rc = subprocess.run(cmd, stdout=sys.stderr).returncode
        if rc != 0:
            return rc
    paths = []
    for name, version in wanted:
        whl = find_wheel(dest, name, version)
        if whl is None:
            sys.exit(f"no pure-Python wheel for {name}=={version} in {dest}")
        paths.append(whl)
    for whl in paths:
        print(whl)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
