"""Briscola's computer-player knowledge, apart from the rules (games/briscola.py):
the greedy player's one-ply key (also the expert's play-out policy), the
play-out key A (``playout_key``: keep the Aces and Threes, trump only a trick
worth it; the solver's move order) and the normal player's play-out, the learned
one of ai/briscola_learned.py. Since issue 45 both levels play the self-play
network's card (ai/briscola_net.py, ai/briscola_guide.py) until their search is exact
or nearly: the expert searches from the stock's last two cards (each world solved
exactly), the normal once the stock is empty (every card known)."""

from __future__ import annotations

from ..games.base import Action
from ..games.briscola import card_points, strength, trick_winner
from .briscola_learned import learned_playout
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


# The play-out policy (issue 27): a greedy play-out that wins a blank trick with
# its trump Ace, or loses a trump, values the cards kept all wrong. RUFF_COST:
# what trumping a trick led in another suit costs (so only a trick worth more is
# trumped, with the cheapest trump); LOSE_TRUMP: a trump thrown on a lost trick.
RUFF_COST = 5
LOSE_TRUMP = 3


def playout_key(state, action: Action) -> tuple:
    """The search's play-out policy in a sampled world. Leading: the greedy key
    (the least points, no trump, the lowest card). Second: take with a card of
    the led suit, banking the most points; trump only a trick worth more than
    RUFF_COST, with the cheapest trump; else lose the cheapest card, a trump
    last."""
    card = action["card"]
    if not state.trick:
        return greedy_key(state, action)
    trump_suit = state.trump_suit
    lead = state.trick[0][1]
    pts = card_points(card)
    on = card_points(lead)
    trump = card[-1] == trump_suit
    if trick_winner(lead, card, trump_suit) == 1:
        if trump and lead[-1] != trump_suit:
            return (on - RUFF_COST, -pts, -strength(card))
        return (on + pts, pts, -strength(card))
    return (-on - pts - (LOSE_TRUMP if trump else 0), -pts, -strength(card))


class BriscolaPolicy(Policy):
    GAME_ID = "briscola"
    # Expert: more samples, and each sampled world solved exactly once the stock
    # holds 2 cards (the 17th trick); from an empty stock every card is
    # known (the opponent holds exactly the unseen ones): one exact solve.
    EXPERT_SAMPLES = 128
    SOLVE_PLIES = 7
    # The self-play network at the root (issue 45, ai/briscola_guide.py), outside the
    # exact endgame. NET_PLAYS_*: the network's card is played, no search (both levels
    # since issue 45: docs/computer-players.md); NET_PRIOR_*: points per unit of the
    # network's logit added to the search's mean margins (measured, not adopted).
    NET_PLAYS_NORMAL = True
    NET_PLAYS_EXPERT = True
    NET_PRIOR_NORMAL = 0.0
    NET_PRIOR_EXPERT = 0.0

    def greedy_key(self, state, action: Action) -> tuple:
        return greedy_key(state, action)

    def network_choice(self, view, actions: list[Action], deep: bool) -> int | None:
        if not (self.NET_PLAYS_EXPERT if deep else self.NET_PLAYS_NORMAL):
            return None
        from .briscola_guide import network_choice  # the weights load only now
        return network_choice(view, actions, self.SOLVE_PLIES if deep else None)

    def root_bonus(self, view, actions: list[Action], deep: bool) -> list[float] | None:
        weight = self.NET_PRIOR_EXPERT if deep else self.NET_PRIOR_NORMAL
        if not weight:
            return None
        from .briscola_guide import bonus
        return bonus(view, actions, weight, self.SOLVE_PLIES if deep else None)

    def playout_key(self, state, action: Action) -> tuple:
        return playout_key(state, action)

    def playout(self, state, team: int, key=None) -> float:
        """The normal's play-out: the learned play-out policy (ai/briscola_learned.py),
        which made the normal stronger than play-out A did (0.580 of decided deals
        against normal-v1 over 551 seeds, against A's 0.551 over 300;
        docs/computer-players.md). A given ``key`` (the expert's greedy play-out)
        plays as before."""
        if key is not None:
            return super().playout(state, team, key)
        return learned_playout(state, team)

    def expert_playout(self, state, team: int) -> float:
        """The expert plays its worlds out greedily, as before issue 27: the new
        play-out made the normal player stronger (0.551 of decided deals against
        normal-v1, 300 seeds) but not the expert (docs/computer-players.md)."""
        return self.playout(state, team, key=self.greedy_key)

