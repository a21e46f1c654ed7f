"""Tressette's computer-player knowledge, apart from the rules (games/tressette.py):
a one-ply key in thirds of a point, used by the greedy player, as the search's
play-out policy and as its tie-break; the normal and expert levels are the shared
search (ai/search.py) on it, with count budgets. Both forms share it
(``Tressette4Policy`` is the same knowledge under the four-player id).

What the key knows (a first policy: issue 44 asks more of a later one):

- a trick is taken with the cheapest card that wins it, when it is worth taking or
  the card is sure to hold (no opponent still to play can beat it);
- loads go onto the partner's sure trick (the Asso above all), but not a 3 or a 2,
  which win tricks of their own;
- a card that loses is the cheapest one: scartine first, then courts, keeping the
  Asso, the 2 and the 3;
- leading: the lowest card of the longest suit, or a sure winner (a 3, or a 2 whose 3
  has gone); calls (four players): Busso with a 2 or an Asso whose 3 is out, Volo on a
  last card, otherwise none; a partner answers a Busso with his best card of the suit.

``secure`` reads only the mover's information in a real position (the cards it has
not seen), and the sampled world's hands in a play-out (that world's truth).
"""

from __future__ import annotations

from ..games.base import Action
from ..games.tressette import STRENGTH, thirds, winning_index
from .trick_policy import TrickKeyPolicy

SPEND = {"3": 2.5, "2": 2.0, "A": 1.0}  # thirds a top card is worth kept in hand


def _beats(card: str, best: str) -> bool:
    return card[-1] == best[-1] and STRENGTH[card[:-1]] > STRENGTH[best[:-1]]


def secure(state, seat: int, card: str, unseen) -> bool:
    """Whether ``card``, winning the trick, cannot be beaten by an opponent of ``seat``
    still to play in it; ``unseen``: the cards those opponents may hold."""
    n = state.NUM_SEATS
    later = [(seat + i) % n for i in range(1, n - len(state.trick))]
    if not any((o - seat) % 2 for o in later):
        return True
    return not any(_beats(c, card) for c in unseen)


def _cost(card: str) -> float:
    """What playing ``card`` spends: its value kept in hand."""
    return SPEND.get(card[:-1], 0.0) + thirds(card) * 0.2 + STRENGTH[card[:-1]] * 0.01


def tressette_key(state, action: Action, unseen) -> tuple:
    """The mover's team's expected gain in thirds of playing ``action`` now (larger is
    better), then tie-breaks spending the least."""
    card = action["card"]
    seat = state.to_move
    hand = state.hands[seat]
    call = action.get("call")
    if not state.trick:
        return _lead_key(state, card, call, hand, unseen)
    played = [c for _, c in state.trick]
    on = sum(thirds(c) for c in played)
    win_seat, winning = state.trick[winning_index(played)]
    partner_wins = (win_seat - seat) % 2 == 0
    t = thirds(card)
    call_made = state.call
    if partner_wins and call_made and call_made["call"] == "busso" and call_made["seat"] == win_seat \
            and card[-1] == played[0][-1]:
        # TR12: a Busso asks for the best card of the suit
        return (10.0 + STRENGTH[card[:-1]],)
    if _beats(card, winning) and not (partner_wins and secure(state, seat, winning, unseen)):
        sure = secure(state, seat, card, unseen)
        gain = (on + t) * (1.0 if sure else 0.4) - _cost(card) * (0.3 if sure else 1.0)
        return (gain, -_cost(card))
    if partner_wins and secure(state, seat, winning, unseen):
        waste = SPEND.get(card[:-1], 0.0) if card[:-1] in ("3", "2") else 0.0
        return (on + t - waste, t - _cost(card))
    return (-(on + t) - _cost(card), -_cost(card))


def _lead_key(state, card: str, call, hand, unseen) -> tuple:
    suit = card[-1]
    length = sum(1 for c in hand if c[-1] == suit)
    sure = secure(state, state.to_move, card, unseen) if state.NUM_SEATS == 2 else \
        not any(_beats(c, card) for c in unseen)
    base = (1.0 if sure else 0.0) * (thirds(card) + 1) - _cost(card) * (0.3 if sure else 1.0)
    base += 0.05 * length
    rank = card[:-1]
    want = None
    if length == 1:
        want = "volo"
    elif rank in ("2", "A") and ("3" + suit) in unseen:
        want = "busso"
    bonus = 0.2 if call == want else (-0.2 if call else 0.0)
    return (base + bonus, -_cost(card))


class TressettePolicy(TrickKeyPolicy):
    GAME_ID = "tressette"
    # Normal: the shared search on 24 worlds a move; expert: 64, solved exactly in
    # the last 8 plays (four tricks of two).
    SEARCH_SAMPLES = 24
    EXPERT_SAMPLES = 64
    SOLVE_PLIES = 8
    LEAD_READS_EVERY_HAND = True  # a lead is sure only if no other hand can beat it

    def trick_key(self, state, action: Action, unseen) -> tuple:
        return tressette_key(state, action, unseen)


class Tressette4Policy(TressettePolicy):
    GAME_ID = "tressette4"
    # Four tricks of four are 16 plays: the expert solves the last two tricks.
    SOLVE_PLIES = 8
