"""The frozen Briscola player ``normal-v2``: the normal level exactly as it played on
2026-12-07 (commit 94fbe7d), with the learned play-out of issue 27, before issue 45
put the self-play network into the search; later work on the normal level is measured
against it (``arena briscola --players normal,normal-v2``). An arena opponent, not a
level of the site (``players.FROZEN``).

Frozen as ai/briscola_v1.py is: the Briscola knowledge of that day is pinned here
(the one-ply key, the same as v1's, and the budgets as numbers: 24 worlds); its play-out
is the learned one of ai/briscola_learned.py, whose weights' hash tests/test_learned.py
pins; the generic machinery is not copied, ``tests/test_frozen.py`` pins the moves.
"""

from __future__ import annotations

from ..games.base import Action
from .briscola_learned import learned_playout
from .briscola_v1 import greedy_key
from .policy import Policy


class BriscolaV2Policy(Policy):
    """Not registered (no ``GAME_ID``, not a ``*_policy`` module): only ``normal-v2``
    plays it. Every budget is pinned here, not inherited."""

    SEARCH_SAMPLES = 24
    SEARCH_MS = 80.0
    SAFETY_FACTOR = 10.0

    def greedy_key(self, state, action: Action) -> tuple:
        return greedy_key(state, action)

    def playout_key(self, state, action: Action) -> tuple:
        return greedy_key(state, action)

    def playout(self, state, team: int, key=None) -> float:
        if key is not None:
            return super().playout(state, team, key)
        return learned_playout(state, team)
