"""Briscola's computer-player knowledge, apart from the rules (games/briscola.py):
the greedy player's one-ply key, also the search's play-out policy. The rest of
the expert's edge is generic: more samples and the exact solver once the stock
runs out."""

from __future__ import annotations

from ..games.base import Action
from ..games.briscola import card_points, strength, trick_winner
from .policy import Policy


def greedy_key(state, action: Action) -> tuple:
    """Second to play: the trick's point swing. Leading: nothing is won yet.
    Ties: give away the least (points, then trump, then strength)."""
    card = action["card"]
    gain = 0
    if state.trick:
        lead = state.trick[0][1]
        pts = card_points(lead) + card_points(card)
        gain = pts if trick_winner(lead, card, state.trump_suit) == 1 else -pts
    return (gain, -card_points(card), -(card[-1] == state.trump_suit), -strength(card))


class BriscolaPolicy(Policy):
    GAME_ID = "briscola"
    # Expert: more samples, and each sampled world solved exactly once the stock
    # holds 2 cards (the 17th trick); from an empty stock every card is
    # known (the opponent holds exactly the unseen ones): one exact solve.
    EXPERT_SAMPLES = 128
    SOLVE_PLIES = 7

    def greedy_key(self, state, action: Action) -> tuple:
        return greedy_key(state, action)
