"""The frozen players' policies, per game: a level as it played on a given day
(ai/briscola_v1.py, ai/scopa_v1.py), for the arena to measure later work against
(``normal-v1``, ``expert-v1`` in ai/players.py). Tooling, not a level of the site:
the frozen players import this module only when they play, and the site's wheel
leaves it out (scripts/build/wheel_contents.py)."""

from __future__ import annotations

from .briscola_v1 import BriscolaV1Policy
from .scopa_v1 import ScopaV1Policy

FROZEN_POLICIES = {"briscola": BriscolaV1Policy, "scopa": ScopaV1Policy}


def frozen_view(view):
    """The same seat's view (ai/players.View) played by its game's frozen policy."""
    cls = FROZEN_POLICIES.get(view.game_id)
    if cls is None:
        raise ValueError(f"no frozen player for {view.game_id} "
                         f"(only {', '.join(sorted(FROZEN_POLICIES))})")
    return view.with_policy(cls())
