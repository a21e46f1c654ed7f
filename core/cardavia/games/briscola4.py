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

from . import _moments
from ..cards import PIACENTINE, SUITS
from .description import PLAYABLE, Description, Figure, Lesson, Shortcut
from .base import GameError
from .briscola import BriscolaState, card_points
from .briscola import STRENGTH  # noqa: F401  (Briscola's order of strength: deckinfo reads a game module's)

# The cards the terms picture, from the rules' own points (any deck: the same ranks):
# a carico ("load") is an Asso or a Tre, 11 or 10 points; a liscio is a card worth
# nothing (2, 4, 5, 6, 7), here those of one suit.
CARICHI = tuple(c for c in PIACENTINE if card_points(c) >= 10)
LISCI = tuple(c for c in PIACENTINE if card_points(c) == 0 and c.endswith(SUITS[0]))


class Briscola4State(BriscolaState):
    GAME_ID = "briscola4"
    NUM_SEATS = 4
    DECKS = ("piacentine", "siciliane", "napoletane")
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
def lesson_moments(events: list[dict], snap: dict):
    """The lesson's moments: the turned trump; a trick of points the partner wins; a
    carico (an Asso or a Tre, not a trump) one partner puts on the other's winning trick; the last draw, which gives the
    turned trump to the winner's left-hand opponent (B4-3). A trick's seats are read from
    the snapshot's last trick (its cards came in earlier responses)."""
    me, mate = snap["seat"], _moments.partner(snap)
    last = snap.get("last_trick") or {}
    for ev in events:
        if ev["type"] == "dealt" and ev.get("trump"):
            yield {"id": "trump", "card": ev["trump"], "suit": _moments.suit(ev["trump"])}
        elif ev["type"] == "trick_won" and ev["seat"] in (me, mate):
            plays = last.get("cards") or []
            if ev["seat"] == mate and ev["points"] > 0:
                top = next((p["card"] for p in plays if p["seat"] == mate), None)
                yield {"id": "partner", "seat": mate, "card": top, "points": ev["points"]}
            load = next((p for p in plays if p["seat"] in (me, mate) and p["seat"] != ev["seat"]
                         and p["card"] in CARICHI
                         and _moments.suit(p["card"]) != snap.get("trump_suit")), None)
            if load:
                yield {"id": "carico", "seat": load["seat"], "card": load["card"],
                       "points": card_points(load["card"])}
    drawn = [ev for ev in events if ev["type"] == "drew"]
    if drawn and snap.get("stock") == 0:  # the last card drawn is the turned trump
        ev = drawn[-1]
        yield {"id": "last_draw", "seat": ev["seat"], "card": ev.get("card"),
               "mine": _moments.team_of(snap, ev["seat"]) == _moments.team_of(snap, me)}


# The table is the generic four-seat trick table (Cicera's and Tarocchi's); no plug-in.
# (``dealer`` is the match's, for a deal played again: not a rule option.)
DESCRIPTION = Description(
    id="briscola4", name="Briscola a 4", order=30, seats=4, partnerships=True,
    decks=Briscola4State.DECKS, layout="tricks", stock=True, format="single_deal",
    rules="briscola-a-4.md",
    terms=("trump", "rank_order", "card_points", "carico", "liscio"),
    figures=(Figure("points", "avg", "total"),),
    lesson=Lesson(moments=("trump", "partner", "carico", "last_draw"),
                  deals={"piacentine": (1, 1), "siciliane": (2, 1)}, detect=lesson_moments,
                  points_at={"trump": "stock", "partner": "table", "carico": "table",
                             "last_draw": "stock"}),
    site=PLAYABLE,
    shortcut=Shortcut("piacentine", "Briscola a 4 with the Piacentine deck"),
)
