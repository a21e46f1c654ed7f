"""The frozen Scopa player ``expert-v1`` (with ``normal-v1``): the expert and
normal levels of Scopa exactly as they played on 2026-12-06 (commit a9da728),
so that issue 27's work on Scopa is measured against that day
(``arena scopa --players expert,expert-v1``). Arena opponents, not levels of the
site. As in ai/briscola_v1.py, the day's Scopa knowledge (``greedy_key``, which
was also the play-out policy, and ``material``) is copied here and its budgets
are pinned as numbers; the shared machinery (search, solver, play-out,
determinize) is pinned by the moves in tests/test_frozen.py."""

from __future__ import annotations

from ..games.base import Action
from ..games.scopa import SETTEBELLO, value
from .policy import Policy


def material(card: str) -> float:
    """The 2026-12-06 worth of owning ``card`` at the end of the deal, in points."""
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


def greedy_key(state, action: Action) -> tuple:
    """The 2026-12-06 key: material taken (a sweep worth 10 more); placing, the
    risk of leaving a table of 10 or less and the material given away."""
    card = action["card"]
    if action["type"] == "capture":
        taken = action["captures"] + [card]
        gain = sum(material(c) for c in taken)
        if len(action["captures"]) == len(state.table) and not (
                not state.stock and len(state.hands[0]) + len(state.hands[1]) == 1):
            gain += 10
        return (gain, 0)
    total = sum(value(c) for c in state.table) + value(card)
    risk = 3 if total <= 10 else 0
    return (-risk - material(card), -value(card))


class ScopaV1Policy(Policy):
    """Not registered (no ``GAME_ID``): only the frozen players use it. Every
    budget is pinned here, not inherited."""

    SEARCH_SAMPLES = 24
    SEARCH_MS = 80.0
    SAFETY_FACTOR = 10.0
    EXPERT_SAMPLES = 96
    SOLVE_PLIES = 6

    def greedy_key(self, state, action: Action) -> tuple:
        return greedy_key(state, action)

    def playout_key(self, state, action: Action) -> tuple:
        return greedy_key(state, action)

    def expert_playout(self, state, team: int) -> float:
        return self.playout(state, team)
