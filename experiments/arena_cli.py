"""The command line of an experiment whose players play one game's arena: the names in
``--players`` are registered by the experiment's ``register`` and played seat-swapped on
seeded deals, with no clock, logged for ``cardavia compare``."""

from __future__ import annotations

import argparse
import json

from cardavia import evaluation


def main(game: str, register, doc: str, players: str, argv=None, deals: int = 300) -> int:
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--players", default=players)
    ap.add_argument("--deals", type=int, default=deals)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--progress", type=int, default=10)
    ap.add_argument("--log")
    args = ap.parse_args(argv)
    register(args.players.split(","))
    a, b = args.players.split(",")
    print(json.dumps(evaluation.arena(game, a, b, args.deals, args.seed, args.jobs, None,
                                      args.progress, False, args.log)), flush=True)
    return 0
