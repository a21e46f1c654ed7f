"""Scopone's computer-player knowledge, apart from the rules (games/scopone.py):
a one-ply key that plays as a partner, used by the greedy player, as the search's
play-out policy and as its tie-break. The normal and expert levels are the
shared search (ai/search.py) on it; the expert adds more worlds and the exact
solver for the last two rounds.

What a partner knows (issue 43), all in ``partner_key``; the next player is
always an opponent (partners sit opposite), so what a play leaves on the table
is first the next opponent's:

- no sweep left open for the next opponent: a table that one card could take
  whole costs ``SWEEP_RISK`` (a capture that leaves such a table too);
- the settebello and the sevens protected: a seven is not placed where the next
  opponent could take it, and taking one is worth more (``material``);
- a sweep is taken whenever it is there (but the deal's last play is no scopa,
  SC6), and captures are valued by what they bring: cards, Coins, sevens.

The last rounds are the search's, not the key's: the dealer plays last and takes the
leftovers (SC7, SC12), so which capture the hand team makes decides what the dealer's
card finds. In the last round the cards left are known (one world); the expert solves
each world of the last two rounds exactly, the normal plays them out
(tests/test_scopone.py, "the last round").
"""

from __future__ import annotations

import math

from ..games.base import Action, sweep_by_sum
from ..games.scopa import CAPTURE_VALUE, value
from .policy import Policy
from .scopa_policy import material

SWEEP = 10.0  # a scopa is a point, and more: it also takes the table's cards
SWEEP_RISK = 4.0  # a table the next opponent may sweep with one card
SEVEN_RISK = 1.5  # a seven left where a seven of the opponent's could take it


def sweepable(table: list[str]) -> bool:
    """Whether one card could take the whole ``table`` (a lone card, or a sum of at most 10)."""
    return bool(table) and sweep_by_sum(table, CAPTURE_VALUE)


def estimate(state, team: int) -> float:
    """A deal not played out, valued for ``team`` from its public facts: the scope
    made, the settebello taken, and the other prizes as the piles lean so far
    (cards, Coins, sevens for the primiera), each a point at most."""
    me, them = state.piles[team], state.piles[1 - team]
    value = float(state.scope[team] - state.scope[1 - team])
    value += 1.0 if "7D" in me else -1.0 if "7D" in them else 0.0
    value += math.tanh((len(me) - len(them)) / 6.0)
    value += math.tanh((sum(c[-1] == "D" for c in me) - sum(c[-1] == "D" for c in them)) / 2.0)
    value += math.tanh((sum(c[0] == "7" for c in me) - sum(c[0] == "7" for c in them)) / 1.5)
    return value


def partner_key(state, action: Action) -> tuple:
    """The material the mover's team gains now, less what the play leaves the next
    opponent (a sweep, a seven); ties: give away the least."""
    card = action["card"]
    plays_left = sum(len(h) for h in state.hands)
    last = plays_left == 1 and not state.stock
    if action["type"] == "capture":
        taken = action["captures"]
        gain = sum(material(c) for c in taken) + material(card)
        rest = [t for t in state.table if t not in taken]
        if not rest:
            if not last:
                gain += SWEEP
        elif plays_left > 1 and sweepable(rest):
            gain -= SWEEP_RISK
        gain -= sum(SEVEN_RISK for t in rest if t[:-1] == "7") * 0.5
        return (gain, 0.0)
    table = state.table + [card]
    risk = SWEEP_RISK if plays_left > 1 and sweepable(table) else 0.0
    if card[:-1] == "7" and plays_left > 1:
        risk += SEVEN_RISK * (3 if card == "7D" else 1)
    return (-risk - material(card), -value(card))


class ScoponePolicy(Policy):
    GAME_ID = "scopone"
    # Normal: the shared search on 24 worlds a move. Expert: 72 worlds, each solved
    # exactly in the last two rounds (8 plays).
    SEARCH_SAMPLES = 24
    EXPERT_SAMPLES = 72
    SOLVE_PLIES = 8
    # The play-out stops after this many plays (three rounds) and values the deal
    # by ``estimate``: a whole deal of 40 plays a world made a move cost seconds.
    PLAYOUT_PLIES = 12

    def greedy_key(self, state, action: Action) -> tuple:
        return partner_key(state, action)

    def playout(self, state, team: int, key=None) -> float:
        """The greedy play-out for PLAYOUT_PLIES plays, then ``estimate``; to the end
        of the deal (its true margin) when that comes first."""
        key = self.playout_key if key is None else key
        start = state.deal_index()
        for _ in range(self.PLAYOUT_PLIES):
            if state.deal_index() != start or state.is_terminal():
                return self.rollout_value(state, team)
            actions = state.legal_actions()
            best = max(actions, key=lambda a: key(state, a)) if len(actions) > 1 else actions[0]
            state._apply(best)
        if state.deal_index() != start or state.is_terminal():
            return self.rollout_value(state, team)
        return estimate(state, team)
