"""Tressette a due's expert with a longer exact endgame (issue 44): once the stock is out
every card is known, and the expert solves each position exactly from N plays left
(``expert-xN``; the shipped expert: 8) instead of playing the rest out greedily. Against
the live normal on the seat-swapped seeds of the expert-vs-normal arena, so that the two
logs pair seed by seed (``cardavia compare``).

    PYTHONPATH=core nice -n 19 python3 experiments/tressette_exact.py \\
        --players expert-x12,normal --deals 200 --log train-data/arena-44/t2-x12-n.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
import sys

from cardavia import evaluation
from cardavia.ai.players import ExpertPlayer
from cardavia.ai.tressette_policy import TressettePolicy

NAME = re.compile(r"^expert-x(\d+)$")


class ExactEndExpert(ExpertPlayer):
    """The live expert on a policy whose exact solver starts ``plies`` plays from the end."""

    def __init__(self, plies: int):
        super().__init__()
        self.policy = type(f"TressetteX{plies}", (TressettePolicy,), {"SOLVE_PLIES": plies})()

    def choose(self, view, rng):
        return super().choose(view.with_policy(self.policy), rng)


def register(names) -> None:
    for n in names:
        m = NAME.match(n)
        if m:
            evaluation.register_player(n, lambda k=int(m.group(1)): ExactEndExpert(k))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", default="expert-x12,normal")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--progress", type=int, default=25)
    ap.add_argument("--log")
    args = ap.parse_args(argv)
    register(args.players.split(","))
    a, b = args.players.split(",")
    print(json.dumps(evaluation.arena("tressette", a, b, args.deals, args.seed, args.jobs, None,
                                      args.progress, False, args.log)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
