"""Scopa's computer-player knowledge, apart from the rules (games/scopa.py): the
worth of owning a card (``material``) and the greedy player's one-ply key, also
the search's play-out policy. The expert adds more samples and the exact solver
in the last round."""

from __future__ import annotations

from ..games.base import Action
from ..games.scopa import SETTEBELLO, value
from .policy import Policy


def greedy_key(state, action: Action) -> tuple:
    """Material taken now (a scopa above all, then the settebello, sevens,
    coins and card count); ties: give away the least."""
    card = action["card"]
    if action["type"] == "capture":
        taken = action["captures"] + [card]
        gain = sum(material(c) for c in taken)
        if len(action["captures"]) == len(state.table) and not (
                not state.stock and len(state.hands[0]) + len(state.hands[1]) == 1):
            gain += 10
        return (gain, 0)
    # Placing: the opponent may sweep a table whose values total 10 or less.
    total = sum(value(c) for c in state.table) + value(card)
    risk = 3 if total <= 10 else 0
    return (-risk - material(card), -value(card))


def material(card: str) -> float:
    """Rough worth of owning ``card`` at the end of the deal, in points."""
    r = card[:-1]
    m = 1.0
    if card == SETTEBELLO:
        m += 4
    if r == "7":
        m += 1.5
    elif r == "6":
        m += 0.7
    elif r == "A":
        m += 0.4
    if card[-1] == "D":
        m += 0.6
    return m


class ScopaPolicy(Policy):
    GAME_ID = "scopa"
    # Expert: more samples; each sampled world solved exactly in the deal's last
    # round (6 plays); with the stock empty every card is known (the opponent
    # holds exactly the unseen ones): one exact solve.
    EXPERT_SAMPLES = 96
    SOLVE_PLIES = 6

    def greedy_key(self, state, action: Action) -> tuple:
        return greedy_key(state, action)
