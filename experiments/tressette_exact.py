"""Tressette a due's expert with a longer exact endgame (issue 44): once the stock is out
every card is known, and the expert solves each position exactly from N plays left
(``expert-xN``; the shipped expert: 8) instead of playing the rest out greedily. Against
the live normal on the seat-swapped seeds of the expert-vs-normal arena, so that the two
logs pair seed by seed (``cardavia compare``).

    PYTHONPATH=core nice -n 19 python3 experiments/tressette_exact.py \\
        --players expert-x12,normal --deals 200 --log train-data/arena-44/t2-x12-n.jsonl
"""

from __future__ import annotations

import re
import sys

import arena_cli
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
    return arena_cli.main("tressette", register, __doc__, "expert-x12,normal", argv, deals=200)


if __name__ == "__main__":
    sys.exit(main())
