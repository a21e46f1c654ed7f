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

from functools import partial

from ..games.base import Action
from ..games.tressette import NAPOLETANE, STRENGTH, thirds, winning_index
from . import tressette_solver
from .trick_policy import TrickKeyPolicy

SPEND = {"3": 2.5, "2": 2.0, "A": 1.0}  # thirds a top card is worth kept in hand


def _beats(card: str, best: str) -> bool:
    return card[-1] == best[-1] and STRENGTH[card[:-1]] > STRENGTH[best[:-1]]


class Unseen(frozenset):
    """Cards that may beat the mover's, with the strongest of each suit among them: the
    key asks whether a card can be beaten for every action of a play-out's every ply."""

    __slots__ = ("top",)

    def __new__(cls, cards):
        self = super().__new__(cls, cards)
        top: dict[str, int] = {}
        for c in self:
            r = STRENGTH[c[:-1]]
            if r > top.get(c[-1], -1):
                top[c[-1]] = r
        self.top = top
        return self


def beatable(card: str, unseen: Unseen) -> bool:
    """Whether a card of ``unseen`` beats ``card``."""
    return unseen.top.get(card[-1], -1) > STRENGTH[card[:-1]]


def secure(state, seat: int, card: str, unseen) -> bool:
    """Whether ``card``, winning the trick, cannot be beaten by an opponent of ``seat``
    still to play in it; ``unseen``: the cards those opponents may hold."""
    n = state.NUM_SEATS
    later = [(seat + i) % n for i in range(1, n - len(state.trick))]
    if not any((o - seat) % 2 for o in later):
        return True
    return not beatable(card, unseen)


def _cost(card: str) -> float:
    """What playing ``card`` spends: its value kept in hand."""
    return SPEND.get(card[:-1], 0.0) + thirds(card) * 0.2 + STRENGTH[card[:-1]] * 0.01


# per card, looked up once: the key is asked for every action of every play-out ply
COST = {c: _cost(c) for c in NAPOLETANE}
THIRDS = {c: thirds(c) for c in NAPOLETANE}
RANKS_UP = tuple(sorted(STRENGTH, key=STRENGTH.get))  # 4 ... Re, Asso, 2, 3


def tressette_key(unseen, state, action: Action) -> tuple:
    """The mover's team's expected gain in thirds of playing ``action`` now (larger is
    better), then tie-breaks spending the least. ``unseen`` comes first so that a
    play-out ply binds it once (``partial``) and the key is called as any other."""
    card = action["card"]
    seat = state.to_move
    hand = state.hands[seat]
    call = action.get("call")
    if not state.trick:
        return _lead_key(state, card, call, hand, unseen)
    played = [c for _, c in state.trick]
    on = sum(THIRDS[c] for c in played)
    win_seat, winning = state.trick[winning_index(played)]
    partner_wins = (win_seat - seat) % 2 == 0
    t = THIRDS[card]
    call_made = state.call
    if partner_wins and call_made and call_made["call"] == "busso" and call_made["seat"] == win_seat \
            and card[-1] == played[0][-1]:
        # TR12: a Busso asks for the best card of the suit
        return (10.0 + STRENGTH[card[:-1]],)
    if _beats(card, winning) and not (partner_wins and secure(state, seat, winning, unseen)):
        sure = secure(state, seat, card, unseen)
        gain = (on + t) * (1.0 if sure else 0.4) - COST[card] * (0.3 if sure else 1.0)
        return (gain, -COST[card])
    if partner_wins and secure(state, seat, winning, unseen):
        waste = SPEND.get(card[:-1], 0.0) if card[:-1] in ("3", "2") else 0.0
        return (on + t - waste, t - COST[card])
    return (-(on + t) - COST[card], -COST[card])


def _lead_key(state, card: str, call, hand, unseen) -> tuple:
    suit = card[-1]
    length = sum(1 for c in hand if c[-1] == suit)
    sure = secure(state, state.to_move, card, unseen) if state.NUM_SEATS == 2 else not beatable(card, unseen)
    base = (1.0 if sure else 0.0) * (THIRDS[card] + 1) - COST[card] * (0.3 if sure else 1.0)
    base += 0.05 * length
    rank = card[:-1]
    want = None
    if length == 1:
        want = "volo"
    elif rank in ("2", "A") and ("3" + suit) in unseen:
        want = "busso"
    bonus = 0.2 if call == want else (-0.2 if call else 0.0)
    return (base + bonus, -COST[card])


def distinct_plays(state) -> list[Action]:
    """The legal plays less the interchangeable ones: two cards of a suit in one hand are
    interchangeable when each card ranked between them is already in a trick pile and they
    are worth the same thirds (4-7; J, N, K, 2, 3 among themselves): whichever is played,
    every later trick goes the same way (TR1, TR6; the accusi were declared from the dealt
    hand, TR10). The lowest of each set is kept; a card in the trick on the table is not
    yet gone, so it keeps the two apart.

    A lead keeps two of its calls (TR12): Busso, which the partner answers in a play-out,
    and one of the others, which change nothing in a world whose hands are placed (a
    Striscio or a Volo tells only what the world already shows), so their values equal
    the plain lead's in every world and the tie goes to the key's choice among them: the
    Volo on a last card of the suit, else no call (``_lead_key``)."""
    legal = state.legal_actions()
    hand = state.hands[state.to_move]
    gone = {c for pile in state.piles for c in pile}
    keep = set()
    for suit in {c[-1] for c in hand}:
        held = sorted((c for c in hand if c[-1] == suit), key=lambda c: STRENGTH[c[:-1]])
        first = prev = held[0]
        keep.add(first)
        for card in held[1:]:
            between = RANKS_UP[STRENGTH[prev[:-1]] + 1:STRENGTH[card[:-1]]]
            if THIRDS[card] != THIRDS[first] or any(r + suit not in gone for r in between):
                first = card
                keep.add(card)
            prev = card
    volo = {a["card"] for a in legal if a.get("call") == "volo"}
    return [a for a in legal if a["card"] in keep
            and (a.get("call") in ("busso", "volo") or "call" not in a and a["card"] not in volo)]


class TressettePolicy(TrickKeyPolicy):
    GAME_ID = "tressette"
    # Two players: the shared search on 16 worlds a move, at both levels; the expert,
    # once the stock is out (every card known: one world), solves the position exactly
    # from 12 plays left (six tricks), where the normal plays it out. That is where it
    # gains: against the normal, 12 plays instead of 8 changed 20 of 117 seed pairs,
    # +0.36 +- 0.19 points a pair (experiments/tressette_exact.py); its solves take
    # about 1,000 nodes, and its move p95 stays the stock's searches. Counts chosen for
    # the browser's move p95 (issue 44: 300 ms in two players): 24 and 64 worlds took 453
    # and 907 ms; with the faster play-out and distinct_plays, 24 and 32 took 388 and 405
    # ms, 16 and 24 270 and 349 ms (make bench-web's move figures, 2-4 deals).
    SEARCH_SAMPLES = 16
    EXPERT_SAMPLES = 16
    SOLVE_PLIES = 12
    LEAD_READS_EVERY_HAND = True  # a lead is sure only if no other hand can beat it

    def trick_key(self, state, action: Action, unseen) -> tuple:
        return tressette_key(unseen, state, action)

    def candidate_actions(self, state) -> list[Action]:
        return distinct_plays(state)

    def card_set(self, cards) -> frozenset:
        return Unseen(cards)

    def ply_key(self, state):
        """The key with the cards that may beat the mover gathered once a ply, not once
        an action: the search's time is almost all in the play-out."""
        if type(self).trick_key is not TressettePolicy.trick_key:
            return super().ply_key(state)  # another key (an experiment's): the shared one
        return partial(tressette_key, self._world_unseen(state, state.to_move))

    def exact_value(self, state, team: int, table: dict, node_limit: int) -> float | None:
        """Tressette's own solver (ai/tressette_solver.py): the generic one's values,
        about 30x faster."""
        return tressette_solver.solve(state, team, table, node_limit)


class Tressette4Policy(TressettePolicy):
    GAME_ID = "tressette4"
    # The levels sized apart (experiments/tressette_exact.py, seat-swapped arenas): at 24
    # worlds a move against the expert's 32, exact from 8 plays, the normal was level
    # with the expert (0.506 of decided deals over 764 deals). The normal now searches 8
    # worlds (still 0.59 against greedy over 1,000 deals, and its move p95 a third of
    # before); the expert 32 (64 took 2,148 ms at p95 in the browser; the bar is 800 ms),
    # each solved exactly from the last three tricks (12 plays; ai/tressette_solver.py
    # takes under a millisecond a world). From 16 plays the solves cost a few ms a world
    # and the browser's expert p95 rose from 659.5 to 730.1 ms, for a gain over 8 plays
    # not shown (+0.30 +- 0.40 points a seed pair over 162 seeds, paired with 8 plays).
    # As shipped the expert takes 0.567 [0.536, 0.598] of the decided deals from the
    # normal (1,000 deals, seeds 1-500, seat-swapped; docs/computer-players.md).
    SEARCH_SAMPLES = 8
    EXPERT_SAMPLES = 32
    SOLVE_PLIES = 12
