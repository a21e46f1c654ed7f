"""The part the partnership trick games' policies share (Briscola a 4, Tressette): their
one-ply key reads the cards that may beat the mover's, and where those can be differs.

In a real position (greedy player, tie-breaks) the mover knows only what it has seen: every
card it has not seen may be anywhere (``hidden_cards``, remembered per position). In a
sampled world (the search's play-outs) that world's hands are its truth: the cards that
can beat the mover are those of the opponents still to play in the trick.
"""

from __future__ import annotations

from typing import ClassVar

from ..games.base import Action
from .policy import Policy


class TrickKeyPolicy(Policy):
    # Tressette's lead reads every other hand, the partner's too (whether a card is
    # sure to hold the trick); Briscola a 4's reads the opponents' alone.
    LEAD_READS_EVERY_HAND: ClassVar[bool] = False

    def trick_key(self, state, action: Action, unseen) -> tuple:
        """The game's one-ply key, larger is better; ``unseen``: the cards that may beat the mover."""
        raise NotImplementedError

    def greedy_key(self, state, action: Action) -> tuple:
        """On the mover's information: the cards it has not seen may be anywhere."""
        seat = state.to_move
        unseen = self.memo("unseen", state, (seat, len(state.trick), state.tricks_played, state.deal_index()),
                           lambda s: self.card_set(s.hidden_cards(seat)))
        return self.trick_key(state, action, unseen)

    def playout_key(self, state, action: Action) -> tuple:
        """In a sampled world: the opponents still to play hold what that world gave them."""
        seat = state.to_move
        # the same for every action of this ply: gathered once (a world is a new object)
        unseen = self.memo("world_unseen", state, (seat, len(state.trick), state.tricks_played, state.deal_index()),
                           lambda s: self._world_unseen(s, seat))
        return self.trick_key(state, action, unseen)

    def _world_unseen(self, state, seat: int) -> frozenset:
        n = state.NUM_SEATS
        if not state.trick and self.LEAD_READS_EVERY_HAND:
            return self.card_set(c for o in range(n) if o != seat for c in state.hands[o])
        later = [(seat + i) % n for i in range(1, n - len(state.trick)) if i % 2]
        return self.card_set(c for o in later for c in state.hands[o])

    def card_set(self, cards) -> frozenset:
        """The ``unseen`` handed to trick_key, gathered once a position: a game may add
        what its key asks of it for every action (Tressette: the best card of each suit)."""
        return frozenset(cards)
