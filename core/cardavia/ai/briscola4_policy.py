"""Briscola a 4's computer-player knowledge, apart from the rules
(games/briscola4.py): a one-ply key that plays as a partner, used by the greedy
player, as the search's play-out policy and as its tie-break. The normal and
expert levels are the shared search (ai/search.py) on it; the expert adds more
worlds and the exact solver for the last two tricks.

What a partner knows (issue 43), all in ``partner_key``:

- the partner's *sure* trick (no opponent still to play can beat his card) is not
  overtaken needlessly: beating it banks nothing more and spends a high card;
- loads (*carichi*: Asso and Tre, then the courts) go onto the partner's sure
  trick: every point put there is the team's;
- trumps are kept for the opponents' loads: a trick led in a plain suit is
  trumped only when it holds more than ``RUFF_COST`` points, with the cheapest
  trump that wins; the trump Asso and Tre are never thrown away.

``secure`` reads only the mover's information (its hand, the cards seen, and in
the search's play-out the sampled world's hands, which is that world's truth).
"""

from __future__ import annotations

from ..games.base import Action
from ..games.briscola import card_points, strength, trick_winner, winning_index
from .trick_policy import TrickKeyPolicy

RUFF_COST = 5  # what trumping a plain trick costs: only a trick worth more is trumped
OVERTAKE_COST = 3  # beating the partner's sure card spends a card for nothing
LOSE_TRUMP = 3  # a trump thrown on a trick the team does not take
SPEND_TOP_TRUMP = 6  # the trump Asso or Tre played on a trick it need not win


def _beats(card: str, winning: str, trump_suit: str) -> bool:
    return trick_winner(winning, card, trump_suit) == 1


def secure(state, seat: int, winning: str, unseen) -> bool:
    """Whether ``winning`` (the trick's winning card) cannot be beaten by an
    opponent of ``seat`` still to play in this trick, ``unseen`` being the cards
    those opponents might hold."""
    later = [(seat + i) % 4 for i in range(1, 4 - len(state.trick))]
    if not any((o - seat) % 2 for o in later):
        return True
    return not any(_beats(c, winning, state.trump_suit) for c in unseen)


def partner_key(state, action: Action, unseen) -> tuple:
    """The team's expected swing of playing ``action``'s card now (larger is
    better), then tie-breaks giving away the least; ``unseen``: the cards an
    opponent still to play may hold (a set)."""
    card = action["card"]
    seat = state.to_move
    trump_suit = state.trump_suit
    pts = card_points(card)
    trump = card[-1] == trump_suit
    top_trump = trump and card[:-1] in ("A", "3")
    tie = (-pts, -trump, -strength(card))
    if not state.trick:
        # Leading: nothing is won yet; lead low, keep trumps and loads.
        return (-(pts + (LOSE_TRUMP if trump else 0)),) + tie
    played = [c for _, c in state.trick]
    on = sum(card_points(c) for c in played)
    best = winning_index(played, trump_suit)
    win_seat, winning = state.trick[best]
    partner_wins = (win_seat - seat) % 2 == 0
    if _beats(card, winning, trump_suit):
        sure = secure(state, seat, card, unseen)
        gain = (on + pts) * (1.0 if sure else 0.5)
        if trump and played[0][-1] != trump_suit and not partner_wins:
            gain -= RUFF_COST
        if partner_wins and secure(state, seat, winning, unseen):
            gain -= OVERTAKE_COST + (LOSE_TRUMP if trump else 0)
        if top_trump and on < 10:
            gain -= SPEND_TOP_TRUMP
        return (gain,) + tie
    if partner_wins:
        # A load on the partner's trick: all of it the team's if his card is sure.
        sure = secure(state, seat, winning, unseen)
        gain = (on + pts) if sure else (on + pts) * 0.5 - pts * 0.5
        if trump:
            gain -= LOSE_TRUMP + (SPEND_TOP_TRUMP if top_trump else 0)
        return (gain,) + tie
    # The opponents take it (unless the partner, still to play, beats them).
    gain = -(on + pts) - (LOSE_TRUMP if trump else 0) - (SPEND_TOP_TRUMP if top_trump else 0)
    return (gain,) + tie


class Briscola4Policy(TrickKeyPolicy):
    GAME_ID = "briscola4"
    # Normal: the shared search on 24 worlds a move. Expert: 64 worlds, each
    # solved exactly in the last two tricks (8 plays).
    SEARCH_SAMPLES = 24
    EXPERT_SAMPLES = 64
    SOLVE_PLIES = 8

    def trick_key(self, state, action: Action, unseen) -> tuple:
        return partner_key(state, action, unseen)
