"""Briscola: two players, one deal of 20 tricks, 120 card points (rules/briscola.md).

The resolutions B1–B6 of the rules file are implemented as written: 3 + 3 dealt,
the 7th card face up under the 33-card stock and drawn last (by the loser of the
17th trick); a random first leader; no duty to follow suit; highest trump, else
highest of the led suit, wins; 61 or more wins and 60–60 is a draw.

Seats are a parameter (issue 43): every rule below is written for ``NUM_SEATS``
players in two teams (``State.teams``: one-seat teams with two players, partners
opposite with four), so Briscola a 4 (games/briscola4.py) is this class with four
seats and a dealer, and shares each rule's one copy: the deal of three each and
the turned card after them, the trick of one card per seat, the draw from the
winner round the table, team piles and points, the 61 / 60–60 rule. With two
seats every step is the one of before, random draws included (tests/test_golden.py).
"""

from __future__ import annotations

import random

from .. import cards
from . import _moments
from .description import PLAYABLE, Description, Figure, Lesson, Shortcut
from .base import Action, State, require, rng_for
from ._tricks import stock_trick_places

# Rank strength (higher wins) and card points; separate things (B3, seed). The
# Siciliane's Donna (``Q``, Briscola a 4) stands where the Piacentine's Fante does.
STRENGTH = {"2": 0, "4": 1, "5": 2, "6": 3, "7": 4, "J": 5, "Q": 5, "N": 6, "K": 7, "3": 8, "A": 9}
RANK_POINTS = {"A": 11, "3": 10, "K": 4, "N": 3, "J": 2, "Q": 2}
TOTAL_POINTS = 120


def card_points(card: str) -> int:
    return RANK_POINTS.get(card[:-1], 0)


def strength(card: str) -> int:
    return STRENGTH[card[:-1]]


def trick_winner(lead: str, follow: str, trump_suit: str) -> int:
    """0 if the led card wins, 1 if the second card does (B3)."""
    ls, fs = lead[-1], follow[-1]
    if fs == ls:
        return 1 if STRENGTH[follow[:-1]] > STRENGTH[lead[:-1]] else 0
    return 1 if fs == trump_suit else 0


def winning_index(cards_played: list[str], trump_suit: str) -> int:
    """The index of the card that wins a trick of any size (B3, B4-4): each card in
    turn is held against the one winning so far, so the highest trump wins, or
    else the highest card of the led suit; with two cards it is ``trick_winner``."""
    best = 0
    for i in range(1, len(cards_played)):
        if trick_winner(cards_played[best], cards_played[i], trump_suit) == 1:
            best = i
    return best


class BriscolaState(State):
    GAME_ID = "briscola"
    NUM_SEATS = 2
    DECKS = ("piacentine", "napoletane")
    FIELDS = ("hands", "stock", "trump", "trump_suit", "trick", "leader", "to_move",
              "piles", "points", "last_trick", "tricks_played", "first_leader")
    HAND_SIZE = 3
    # ``piles`` and ``points`` are per team (with two seats, team = seat).

    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options) -> "BriscolaState":
        s = cls.blank(seed, deck)
        rng = rng_for(cls.GAME_ID, seed)
        pack = list(cards.DECKS[s.deck])
        rng.shuffle(pack)
        s.first_leader = s._choose_first_leader(rng, options)
        n = cls.NUM_SEATS
        s.hands = [[] for _ in range(n)]
        # B1, B4-2: three each, one at a time from the leader, then the next card turned up.
        dealt = n * cls.HAND_SIZE
        for i in range(dealt):
            s.hands[(s.first_leader + i) % n].append(pack[i])
        s.trump = pack[dealt]
        s.trump_suit = cards.suit(s.trump)
        s.stock = pack[dealt + 1:] + [s.trump]  # drawn from the front; the face-up trump last
        s.trick = []
        s.leader = s.to_move = s.first_leader
        s.piles = [[], []]
        s.points = [0, 0]
        s.last_trick = None
        s.tricks_played = 0
        s.emit(s._dealt_event())
        for seat in range(n):
            s.emit({"type": "hand", "seat": seat, "cards": list(s.hands[seat])}, only=seat)
        return s

    def _choose_first_leader(self, rng, options: dict) -> int:
        """B2: with two players the first leader is random."""
        return rng.randrange(2)

    def _dealt_event(self) -> dict:
        return {"type": "dealt", "deal": 1, "leader": self.first_leader, "trump": self.trump}

    # ----- rules -----------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.to_move

    def is_terminal(self) -> bool:
        return self.tricks_played == 40 // self.NUM_SEATS

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        # Any card in hand is legal: no duty to follow suit or to trump.
        return [{"id": f"play:{c}", "type": "play", "card": c} for c in self.hands[self.to_move]]

    def _apply(self, action: Action) -> None:
        seat, card = self.to_move, action["card"]
        n = self.NUM_SEATS
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        self.emit({"type": "played", "seat": seat, "card": card})
        if len(self.trick) < n:
            self.to_move = (seat + 1) % n
            return
        won = [c for _, c in self.trick]
        winner = self.trick[winning_index(won, self.trump_suit)][0]
        team = self.team_of(winner)
        pts = sum(card_points(c) for c in won)
        self.piles[team].extend(won)
        self.points[team] += pts
        self.last_trick = {"cards": [{"seat": s, "card": c} for s, c in self.trick], "winner": winner}
        self.trick = []
        self.tricks_played += 1
        self.emit({"type": "trick_won", "seat": winner, "cards": won, "points": pts})
        if self.stock:  # B1/B2, B4-3: the winner draws first, then round the table (the trump last)
            for i in range(n):
                drawer = (winner + i) % n
                card = self.stock.pop(0)
                self.hands[drawer].append(card)
                self.emit({"type": "drew", "seat": drawer, "card": card},
                          only=None if card == self.trump else drawer)
        self.leader = self.to_move = winner
        if self.is_terminal():
            self._score()

    def _score(self) -> None:
        sheet = {
            "deal": 1,
            "teams": self.teams,
            "lines": [{"key": "card_points", "team": t, "points": self.points[t],
                       "detail": {"cards": len(self.piles[t])}} for t in (0, 1)],
            "totals": list(self.points),
            "winner_team": self._winner(),
        }
        self.sheets.append(sheet)
        self.emit({"type": "deal_scored", "sheet": sheet})
        self.emit({"type": "match_won", "winner_team": sheet["winner_team"],
                   "scores": list(self.points)})

    def _winner(self) -> int | None:
        # B4, B4-5: 61 or more wins; 60-60 is a draw.
        a, b = self.points
        return None if a == b else (0 if a > b else 1)

    def result(self) -> dict | None:
        if not self.is_terminal():
            return None
        return {"winner_team": self._winner(), "scores": list(self.points)}

    # ----- rule facts for the hint and the review --------------------------
    def card_points(self, card: str) -> int:
        return card_points(card)

    def is_trump(self, card: str) -> bool:
        return card[-1] == self.trump_suit

    def winning_card(self) -> str | None:
        """The card winning the trick so far (None: nothing played)."""
        if not self.trick:
            return None
        return self.trick[winning_index([c for _, c in self.trick], self.trump_suit)][1]

    def wins_trick_with(self, card: str) -> bool:
        return not self.trick or trick_winner(self.winning_card(), card, self.trump_suit) == 1

    def top_trumps(self, hand: list[str]) -> list[str]:
        """B: the trump Ace and Three, the cards worth most (11 and 10)."""
        return [c for c in hand if c[-1] == self.trump_suit and c[:-1] in ("A", "3")]

    def card_locations(self) -> dict[str, list[str]]:
        return stock_trick_places(self.hands, self.stock, self.trick, self.piles)

    def hidden_cards(self, seat: int) -> set[str]:
        return super().hidden_cards(seat) - {self.trump}  # face up until drawn (B1)

    def check_invariants(self) -> None:
        super().check_invariants()
        require(sum(self.points) == sum(card_points(c) for p in self.piles for c in p),
                "points = card points in the piles")
        if self.is_terminal():
            require(sum(self.points) == TOTAL_POINTS, self.points)
        require(self.stock == [] or self.stock[-1] == self.trump, "the face-up trump is drawn last")

    # ----- information -----------------------------------------------------
    def observation(self, seat: int) -> dict:
        trump_in_stock = bool(self.stock)  # the face-up trump is always the stock's last card
        return {
            "game": self.GAME_ID, "deck": self.deck, "seat": seat, "players": self.NUM_SEATS,
            "teams": self.teams,
            "to_move": self.current_player(),
            "phase": "over" if self.is_terminal() else "play",
            "hand": list(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "table": [],
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": self.last_trick,
            "trump": self.trump if trump_in_stock else None,
            "trump_suit": self.trump_suit,
            "stock": len(self.stock),
            "dealer": getattr(self, "dealer", None),
            "leader": self.leader,
            "captured": [len(p) for p in self.piles],
            # B5: captured tricks are face down, but every played card was seen,
            # so the running points are public knowledge.
            "points": list(self.points),
            "played": [c for p in self.piles for c in p],
            "match_scores": None, "target": None, "deal": 1,
            "sheets": list(self.sheets),
            "result": self.result(),
        }

    def trump_holder(self) -> int | None:
        """The seat holding the turned trump once drawn: public, as the draw is (B4-3)."""
        if self.stock:
            return None
        for i, h in enumerate(self.hands):
            if self.trump in h:
                return i
        return None

    def determinize(self, seat: int, rng: random.Random) -> "BriscolaState":
        s = self.clone()
        # The drawn trump stays where everyone saw it go. With two players the
        # opponent then holds every unseen card anyway (and the samples stay as before).
        known = self.trump_holder() if self.NUM_SEATS > 2 else None
        others = [o for o in range(self.NUM_SEATS) if o != seat]
        face_down = self.stock[:-1] if self.stock else []
        unseen = [c for o in others for c in self.hands[o] if not (o == known and c == self.trump)]
        unseen = sorted(unseen + face_down)  # canonical: depends on the view only
        rng.shuffle(unseen)
        pos = 0
        for o in others:
            k = len(self.hands[o])
            if o == known:
                s.hands[o] = unseen[pos:pos + k - 1] + [self.trump]
                pos += k - 1
            else:
                s.hands[o] = unseen[pos:pos + k]
                pos += k
        s.stock = unseen[pos:] + ([self.stock[-1]] if self.stock else [])
        return s

    # ----- facts a solver needs ------------------------------------------------
    def plies_left(self) -> int | None:
        return 40 - self.NUM_SEATS * self.tricks_played - len(self.trick)

    def all_cards_inferable(self, seat: int) -> bool:
        """From an empty stock, with at most one other hand holding cards (always
        so with two players), that hand holds exactly the unseen cards."""
        if self.stock:
            return False
        return sum(1 for o, h in enumerate(self.hands) if o != seat and h) <= 1

    def solver_key(self):
        return (*(tuple(sorted(h)) for h in self.hands), tuple(self.stock),
                tuple(c for _, c in self.trick), self.to_move, self.points[0], self.points[1])


# ----- the game, described once (games/description.py) ------------------------------
def lesson_moments(events: list[dict], snap: dict):
    """The lesson's moments: the turned trump, a trick of points won with a trump, the
    last draw."""
    trump_suit = snap.get("trump_suit")
    for ev in events:
        if ev["type"] == "dealt" and ev.get("trump"):
            yield {"id": "trump", "card": ev["trump"], "suit": _moments.suit(ev["trump"])}
        elif ev["type"] == "trick_won" and ev["points"] > 0 and ev["seat"] == snap["seat"]:
            played = ev["cards"]
            if _moments.suit(played[0]) != trump_suit and any(_moments.suit(c) == trump_suit for c in played):
                card = next(c for c in played if _moments.suit(c) == trump_suit)
                yield {"id": "trump_take", "card": card, "points": ev["points"]}
    if any(ev["type"] == "drew" for ev in events) and snap.get("stock") == 0:
        yield {"id": "last_draw"}


DESCRIPTION = Description(
    id="briscola", name="Briscola", order=10, seats=2, partnerships=False,
    decks=BriscolaState.DECKS, layout="tricks", stock=True, format="single_deal",
    rules="briscola.md",
    terms=("trump", "rank_order", "card_points"),
    figures=(Figure("points", "avg", "total"),),
    lesson=Lesson(moments=("trump", "trump_take", "last_draw"), deals={"piacentine": (2, 1)},
                  detect=lesson_moments,
                  points_at={"trump": "stock", "trump_take": "scores", "last_draw": "stock"}),
    site=PLAYABLE,
    shortcut=Shortcut("piacentine", "Briscola with the Piacentine deck"),
)
