"""CPU time of the exact solvers on Tressette endings (issue 44), by plays left: Tressette's
own (ai/tressette_solver.py) and, up to ``--generic-max`` plays, the generic one
(ai/solver.py), on the same positions, checking that both give the same value.

The endings: seeded deals played by a mix of the greedy key (70 %) and random cards, to N
plays left (two players: once the stock is out). One JSON line per count of plays.

Usage: ``PYTHONPATH=core python3 scripts/bench/tressette_solver.py --game tressette4
--plies 8,12,16,20 --seeds 30``
"""

from __future__ import annotations

import argparse
import json
import random
import time

from cardavia.ai import tressette_solver
from cardavia.ai.policies import policy_for
from cardavia.ai.solver import INF, Solver
from cardavia.games import new_game


def ending(game: str, seed: int, plies: int, policy):
    s = new_game(game, seed)
    rng = random.Random(seed)
    while not s.is_terminal() and (s.stock or s.plies_left() > plies):
        acts = s.legal_actions()
        s._apply(max(acts, key=lambda a: policy.greedy_key(s, a)) if rng.random() < 0.7 else rng.choice(acts))
    return s if s.plies_left() == plies and not s.stock else None


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 2)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="tressette4", choices=("tressette", "tressette4"))
    ap.add_argument("--plies", default="8,12,16")
    ap.add_argument("--seeds", type=int, default=30)
    ap.add_argument("--generic-max", type=int, default=12)
    args = ap.parse_args(argv)
    policy = policy_for(args.game)
    for plies in map(int, args.plies.split(",")):
        fast, generic, mismatches = [], [], 0
        for seed in range(1, args.seeds + 1):
            s = ending(args.game, seed, plies, policy)
            if s is None:
                continue
            team = s.team_of(s.current_player())
            t = time.process_time()
            v = tressette_solver.solve(s, team, {}, 10**8)
            fast.append((time.process_time() - t) * 1000)
            if plies <= args.generic_max:
                t = time.process_time()
                g = Solver(team, 10**8, policy=policy)._search(s, s.deal_index(), -INF, INF)
                generic.append((time.process_time() - t) * 1000)
                mismatches += g != v
        line = {"game": args.game, "plies": plies, "positions": len(fast),
                "fast_ms": {"p50": pct(fast, .5), "p90": pct(fast, .9), "max": pct(fast, 1)}}
        if generic:
            line["generic_ms"] = {"p50": pct(generic, .5), "p90": pct(generic, .9), "max": pct(generic, 1)}
            line["values_differ"] = mismatches
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
