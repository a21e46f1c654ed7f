"""Briscola a 4: four players in two fixed partnerships, one deal of 10 tricks
(rules/briscola-a-4.md, B4-1…B4-10).

Every rule is Briscola's own (games/briscola.py, written for any number of
seats); this class only says what four players change: four seats in two teams
of partners opposite, a dealer whose right-hand player leads, Siciliane as well.

Seats (B4-1): numbered in playing order, anticlockwise, seat ``s + 1`` on the
right of seat ``s``: dealer D, then R = D + 1 (leads), P = D + 2 (the dealer's
partner), L = D + 3. Teams are seats {0, 2} and {1, 3}, so consecutive players
are always opponents.

Readings chosen where the rules file leaves a choice:

- B4-2: the deal is one card at a time from the dealer's right, 3 rounds, and the
  13th card of the shuffled pack is turned: seeded deals replay alike.
- B4-3: draws go round the table from the trick's winner; 27 + 1 cards make 7
  rounds of 4, so the turned trump always goes to the winner's left-hand
  opponent after trick 7; the draw of the trump is a public event.
- B4-5: 60–60 is a draw (no last-trick tie-break).
- B4-6/B4-7: one deal; the first dealer is random from the seed, and a
  "play again" passes the deal to the right: ``new(seed, dealer=next_dealer())``
  where ``next_dealer`` is the last deal's first leader.
- B4-8: no signals and no shown hands: a seat observes only its own hand.
- B4-9: piles face down and no running score during play: the observation gives
  each team's card count, the trick and the last trick, but neither the points
  nor the cards played (``points``, ``played``: None) until the deal is over.
"""

from __future__ import annotations

from .description import ENGINE, Description
from .base import GameError
from .briscola import BriscolaState


class Briscola4State(BriscolaState):
    GAME_ID = "briscola4"
    NUM_SEATS = 4
    DECKS = ("piacentine", "siciliane")
    FIELDS = BriscolaState.FIELDS + ("dealer",)

    def _choose_first_leader(self, rng, options: dict) -> int:
        """B4-1, B4-7: the dealer's right leads; the first dealer is random, from
        its own draw (``draw_dealer``) unless ``dealer`` is given (a deal played again)."""
        dealer = options.get("dealer")
        if dealer is None:
            dealer = self.draw_dealer()
        elif dealer not in range(4):
            raise GameError(f"dealer must be a seat 0-3, not {dealer!r}", "bad_option")
        self.dealer = dealer
        return (dealer + 1) % 4

    def _dealt_event(self) -> dict:
        return dict(super()._dealt_event(), dealer=self.dealer)

    def observation(self, seat: int) -> dict:
        obs = super().observation(seat)
        if not self.is_terminal():  # B4-9: no running score, piles face down
            obs["points"] = None
            obs["played"] = None
        return obs

    def next_dealer(self) -> int:
        """B4-7: the deal passes to the right: this deal's first leader deals next."""
        return self.first_leader


# ----- the game, described once (games/description.py) ------------------------------
# On the engine only for now: its table, lesson, terms and texts come with the site half
# of issue 43. (``dealer`` is the match's, for a deal played again: not a rule option.)
DESCRIPTION = Description(
    id="briscola4", name="Briscola a 4", order=30, seats=4, partnerships=True,
    decks=Briscola4State.DECKS, layout="tricks", stock=True, format="single_deal",
    rules="briscola-a-4.md", site=ENGINE,
)
