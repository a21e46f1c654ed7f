#!/usr/bin/env python3
"""Live play's closing figures (issue 42), each from a run here:

- the leak check: every field of every response a guest is sent, in every game, played with a
  guest seat on a page-chosen seed (tests/test_guest_view.py's game, tests/guest_leaks.py's
  check: allowed fields, no card hidden from the seat, no field that deals the match again);
- the forging run: scripts/bench/live_forge.mjs, a seeded stream of forged guest messages
  through the site's relay into the real bridge, the host's match compared after each.

The times a guest takes to learn the host is gone and a 10 s drop takes to heal come from the
browser tests, which print them:
  python -m pytest e2e/test_live_faults.py -q -s -k "reloads or offline"

Prints one JSON object. Usage: python scripts/bench/live_figures.py [--forged 4000] [--seed 42]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "core"))
sys.path.insert(0, str(ROOT / "tests"))

from cardavia.games import REGISTRY  # noqa: E402
from guest_leaks import DealPrint, problems  # noqa: E402
from test_guest_view import SEED, guest_seat, play_live  # noqa: E402


def leak_check() -> dict:
    """Every game played to its end (or 200 moves) with a guest: responses and fields checked, problems found."""
    out, found = {}, []
    for game in sorted(REGISTRY):
        seat = guest_seat(game)
        deal = DealPrint(game, REGISTRY[game].DECKS[0], SEED, seat)

        def check(res, state):
            found.extend(problems(res, state, seat, deal))

        sent, fields = play_live(game, SEED, 200, check)
        out[game] = {"messages": sent, "fields": fields}
    return {"games": out, "messages": sum(g["messages"] for g in out.values()),
            "fields": sum(g["fields"] for g in out.values()), "problems": len(found)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--forged", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()
    forge = subprocess.run(["node", str(ROOT / "scripts" / "bench" / "live_forge.mjs"), "--n", str(args.forged),
                            "--seed", str(args.seed), "--python", sys.executable],
                           check=True, capture_output=True, text=True, cwd=ROOT)
    print(json.dumps({"leak_check": leak_check(), "forged": json.loads(forge.stdout.strip().splitlines()[-1])}))


if __name__ == "__main__":
    main()
