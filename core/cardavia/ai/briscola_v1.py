"""Frozen Briscola players, ``expert-v1`` and ``normal-v1``: the expert and normal
levels exactly as they played on 2026-12-06 (commit b6accf5), before issue 27
changed anything, so that later work is measured against that day
(``arena briscola --players expert,expert-v1``). They are arena opponents, not
levels of the site (``players.FROZEN``).

What is frozen, and how:

- the Briscola knowledge of that day is copied here (``greedy_key``: the one-ply
  key, which was also the play-out policy and the search's tie-break) and the
  budgets are pinned as numbers (24 samples for normal; 128 and an exact solve
  from 7 plays left for the expert), so a change to ``briscola_policy.py``,
  live or its budgets, leaves these players as they were;
- the generic machinery they share with the live players (``search.pimc``,
  ``solver.Solver``, ``Policy.playout``, the rules' ``determinize``) is not
  copied: duplicating it would be most of ai/. Instead
  ``tests/test_frozen.py`` pins the moves these players choose on seeded deals;
  a change to that machinery that alters them fails there, and must then copy
  what it changed into this module rather than update the pinned moves.
"""

from __future__ import annotations

from ..games.base import Action
from ..games.briscola import card_points, strength, trick_winner
from .policy import Policy


def greedy_key(state, action: Action) -> tuple:
    """The 2026-12-06 key: second to play, the trick's point swing; leading,
    nothing won yet; ties give away the least (points, trump, strength)."""
    card = action["card"]
    gain = 0
    if state.trick:
        lead = state.trick[0][1]
        pts = card_points(lead) + card_points(card)
        gain = pts if trick_winner(lead, card, state.trump_suit) == 1 else -pts
    return (gain, -card_points(card), -(card[-1] == state.trump_suit), -strength(card))


class BriscolaV1Policy(Policy):
    """Not registered (no ``GAME_ID`` and not in a ``*_policy`` module): only the
    frozen players use it. Every budget is pinned here, not inherited."""

    SEARCH_SAMPLES = 24
    SEARCH_MS = 80.0
    SAFETY_FACTOR = 10.0
    EXPERT_SAMPLES = 128
    SOLVE_PLIES = 7

    def greedy_key(self, state, action: Action) -> tuple:
        return greedy_key(state, action)

    def playout_key(self, state, action: Action) -> tuple:
        return greedy_key(state, action)

    def expert_playout(self, state, team: int) -> float:
        return self.playout(state, team)

