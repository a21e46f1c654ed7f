"""Tressette's levels sized (issue 44). ``expert-xN``: the expert solving each sampled world
exactly from N plays left (shipped: 12 in both forms; in two players every card is known
once the stock is out) instead of playing the rest out by the key; ``expert-xNb``: the same
with its play-outs on each mover's own information (``greedy_key``, as Briscola's expert
plays out) rather than the world's hands laid open; ``normal-wN``: the normal on N worlds
a move (shipped: 16 in two players, 8 in four). Seat-swapped seeded arenas, against the
live normal or each other, so that logs of one match-up pair seed by seed (``cardavia
compare``).

    PYTHONPATH=core:experiments nice -n 19 python3 experiments/tressette_exact.py \\
        --players expert-x12,normal --deals 200 --log train-data/arena-44/t2-x12-n.jsonl
    PYTHONPATH=core:experiments nice -n 19 python3 experiments/tressette_exact.py \\
        --game tressette4 --players expert-x12,normal-w8 --deals 500 \\
        --log train-data/arena-44/t4-x12-w8-a.jsonl
"""

from __future__ import annotations

import argparse
import re
import sys

import arena_cli
from cardavia import evaluation
from cardavia.ai.players import ExpertPlayer, NormalPlayer
from cardavia.ai.tressette_policy import Tressette4Policy, TressettePolicy

NAME = re.compile(r"^expert-x(\d+)(b?)$")
WORLDS = re.compile(r"^normal-w(\d+)$")
POLICIES = {"tressette": TressettePolicy, "tressette4": Tressette4Policy}


class ExactEndExpert(ExpertPlayer):
    """The live expert on a policy whose exact solver starts ``plies`` plays from the end."""

    def __init__(self, plies: int, game: str = "tressette", blind: bool = False):
        super().__init__()
        base = POLICIES[game]
        extra = {"SOLVE_PLIES": plies}
        if blind:
            extra["expert_playout"] = _blind_playout
        self.policy = type(f"{base.__name__}X{plies}{'B' * blind}", (base,), extra)()

    def choose(self, view, rng):
        return super().choose(view.with_policy(self.policy), rng)


def _blind_playout(self, state, team: int) -> float:
    """The play-out on each mover's own information (``greedy_key``: a card is sure only
    if no card it has not seen beats it, wherever that card lies), as Briscola's expert
    plays out, instead of the world's hands laid open (``expert-xNb``)."""
    return self.playout(state, team, key=self.greedy_key)


def register(game: str):
    def names(players) -> None:
        for n in players:
            m = NAME.match(n)
            if m:
                plies, blind = int(m.group(1)), bool(m.group(2))
                evaluation.register_player(n, lambda k=plies, b=blind: ExactEndExpert(k, game, b))
            m = WORLDS.match(n)
            if m:
                evaluation.register_player(n, lambda k=int(m.group(1)): NormalPlayer(samples=k))
    return names


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("--game", choices=sorted(POLICIES), default="tressette")
    known, rest = ap.parse_known_args(argv)
    return arena_cli.main(known.game, register(known.game), __doc__, "expert-x12,normal", rest,
                          deals=200)


if __name__ == "__main__":
    sys.exit(main())
