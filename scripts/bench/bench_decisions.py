#!/usr/bin/env python3
"""How settled a computer player's choices are at its sample budget: along seeded
deals played by the level, every ``--every``-th position with a choice is searched
twice more with two other sampling seeds, and the two choices compared. A high
share of changed choices says the sampling noise still decides moves, and more
samples (or samples spent on the closest choices) would pay.

The LAST line printed is one JSON object:
  {"game", "level", "samples", "positions", "changed", "changed_share", "ci95"}
(``ci95``: Wilson interval of the share).

Usage: PYTHONPATH=core python3 scripts/bench/bench_decisions.py tarocchi
          [--level expert] [--samples N] [--deals 20] [--seed 9000] [--every 4]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "core"))

from cardavia.ai.players import View, make_player  # noqa: E402
from cardavia.evaluation import wilson  # noqa: E402
from cardavia.games import REGISTRY, new_game  # noqa: E402
from cardavia.games.base import rng_for  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(REGISTRY))
    ap.add_argument("--level", choices=("normal", "expert"), default="expert")
    ap.add_argument("--samples", type=int, help="default: the level's own budget")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=9000)
    ap.add_argument("--every", type=int, default=4, help="search every N-th choice")
    args = ap.parse_args()
    player = make_player(args.level)
    player.budget_ms = float("inf")  # counts only: the same figures under any load
    player.samples = args.samples  # None: the level's own budget
    first = View(new_game(args.game, args.seed), 0)
    samples = args.samples or (first.expert_samples if args.level == "expert"
                               else first.search_samples)
    positions = changed = 0
    for d in range(args.deals):
        seed = args.seed + d
        state = new_game(args.game, seed)
        move = seen = 0
        while state.deal_index() == 0 and not state.is_terminal():
            seat = state.current_player()
            view = View(state, seat)
            if len(view.candidate_actions()) > 1:
                if seen % args.every == 0:
                    a = player.choose(view, rng_for("decisions-a", seed, move))
                    b = player.choose(view, rng_for("decisions-b", seed, move))
                    positions += 1
                    changed += a != b
                seen += 1
            state.apply(player.choose(view, rng_for("decisions", seed, move)))
            move += 1
        print(f"deal {d + 1}/{args.deals}: {changed} of {positions} choices changed",
              file=sys.stderr)
    print(json.dumps({"game": args.game, "level": args.level, "samples": samples,
                      "positions": positions, "changed": changed,
                      "changed_share": round(changed / positions, 4) if positions else None,
                      "ci95": wilson(changed, positions)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
