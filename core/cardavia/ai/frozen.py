"""The frozen players, ``normal-v1`` and ``expert-v1``: a level as it played on a
given day (ai/briscola_v1.py, ai/scopa_v1.py), for the arena to measure later
work against. Tooling, not a level of the site: ai/players.make_player imports
this module only when one of them is asked for, and the site's wheel leaves it
out (scripts/build/wheel_contents.py)."""

from __future__ import annotations

import random

from .briscola_v1 import BriscolaV1Policy
from .players import ExpertPlayer, NormalPlayer, Player, View
from .scopa_v1 import ScopaV1Policy

FROZEN_POLICIES = {"briscola": BriscolaV1Policy, "scopa": ScopaV1Policy}


def frozen_view(view: View) -> View:
    """The same seat's view played by the game's frozen policy."""
    game = view.game_id
    cls = FROZEN_POLICIES.get(game)
    if cls is None:
        raise ValueError(f"no frozen player for {game} (only {', '.join(sorted(FROZEN_POLICIES))})")
    return view.with_policy(cls())


class FrozenNormalPlayer(NormalPlayer):
    """``normal-v1``: the normal search on the frozen policy."""

    name = "normal-v1"

    def choose(self, view: View, rng: random.Random) -> str:
        return super().choose(frozen_view(view), rng)


class FrozenExpertPlayer(ExpertPlayer):
    """``expert-v1``: the expert search on the frozen policy."""

    name = "expert-v1"

    def choose(self, view: View, rng: random.Random) -> str:
        return super().choose(frozen_view(view), rng)


def make_frozen(name: str) -> Player:
    return {"normal-v1": FrozenNormalPlayer, "expert-v1": FrozenExpertPlayer}[name]()
