"""Briscola: two players, one deal of 20 tricks, 120 card points (rules/briscola.md).

The resolutions B1–B6 of the rules file are implemented as written: 3 + 3 dealt,
the 7th card face up under the 33-card stock and drawn last (by the loser of the
17th trick); a random first leader; no duty to follow suit; highest trump, else
highest of the led suit, wins; 61 or more wins and 60–60 is a draw.
"""

from __future__ import annotations

import random

from .. import cards
from .base import Action, State, require, rng_for

# Rank strength (higher wins) and card points; separate things (B3, seed).
STRENGTH = {"2": 0, "4": 1, "5": 2, "6": 3, "7": 4, "J": 5, "N": 6, "K": 7, "3": 8, "A": 9}
RANK_POINTS = {"A": 11, "3": 10, "K": 4, "N": 3, "J": 2}
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


class BriscolaState(State):
    GAME_ID = "briscola"
    NUM_SEATS = 2
    DECKS = ("piacentine",)
    FIELDS = ("hands", "stock", "trump", "trump_suit", "trick", "leader", "to_move",
              "piles", "points", "last_trick", "tricks_played", "first_leader")

    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options) -> "BriscolaState":
        s = cls.blank(seed, deck)
        rng = rng_for("briscola", seed)
        pack = list(cards.DECKS[s.deck])
        rng.shuffle(pack)
        s.first_leader = rng.randrange(2)  # B2: the first leader is random
        s.hands = [[], []]
        # B1: three each, alternately from the leader, then the 7th card turned up.
        for i in range(6):
            s.hands[(s.first_leader + i) % 2].append(pack[i])
        s.trump = pack[6]
        s.trump_suit = cards.suit(s.trump)
        s.stock = pack[7:] + [s.trump]  # drawn from the front; the face-up trump last
        s.trick = []
        s.leader = s.to_move = s.first_leader
        s.piles = [[], []]
        s.points = [0, 0]
        s.last_trick = None
        s.tricks_played = 0
        s.emit({"type": "dealt", "deal": 1, "leader": s.first_leader, "trump": s.trump})
        for seat in (0, 1):
            s.emit({"type": "hand", "seat": seat, "cards": list(s.hands[seat])}, only=seat)
        return s

    # ----- rules -----------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.to_move

    def is_terminal(self) -> bool:
        return self.tricks_played == 20

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        # Any card in hand is legal: no duty to follow suit or to trump.
        return [{"id": f"play:{c}", "type": "play", "card": c} for c in self.hands[self.to_move]]

    def _apply(self, action: Action) -> None:
        seat, card = self.to_move, action["card"]
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        self.emit({"type": "played", "seat": seat, "card": card})
        if len(self.trick) == 1:
            self.to_move = 1 - seat
            return
        (lead_seat, lead), (_, follow) = self.trick
        winner = self.trick[trick_winner(lead, follow, self.trump_suit)][0]
        won = [lead, follow]
        pts = card_points(lead) + card_points(follow)
        self.piles[winner].extend(won)
        self.points[winner] += pts
        self.last_trick = {"cards": [{"seat": s, "card": c} for s, c in self.trick], "winner": winner}
        self.trick = []
        self.tricks_played += 1
        self.emit({"type": "trick_won", "seat": winner, "cards": won, "points": pts})
        if self.stock:  # B1/B2: winner draws first, the loser next (the trump comes last)
            for drawer in (winner, 1 - winner):
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
        # B4: 61 or more wins; 60-60 is a draw.
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

    def wins_trick_with(self, card: str) -> bool:
        return not self.trick or trick_winner(self.trick[0][1], card, self.trump_suit) == 1

    def top_trumps(self, hand: list[str]) -> list[str]:
        """B: the trump Ace and Three, the cards worth most (11 and 10)."""
        return [c for c in hand if c[-1] == self.trump_suit and c[:-1] in ("A", "3")]

    def card_locations(self) -> dict[str, list[str]]:
        return {"hand0": self.hands[0], "hand1": self.hands[1], "stock": self.stock,
                "trick": [c for _, c in self.trick], "pile0": self.piles[0],
                "pile1": self.piles[1]}

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
            "game": self.GAME_ID, "deck": self.deck, "seat": seat, "players": 2,
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
            "dealer": None,
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

    def determinize(self, seat: int, rng: random.Random) -> "BriscolaState":
        other = 1 - seat
        s = self.clone()
        face_down = self.stock[:-1] if self.stock else []
        unseen = sorted(self.hands[other] + face_down)  # canonical: depends on the view only
        rng.shuffle(unseen)
        k = len(self.hands[other])
        s.hands[other] = unseen[:k]
        s.stock = unseen[k:] + ([self.stock[-1]] if self.stock else [])
        return s

    # ----- facts a solver needs ------------------------------------------------
    def plies_left(self) -> int | None:
        return 40 - 2 * self.tricks_played - len(self.trick)

    def all_cards_inferable(self, seat: int) -> bool:
        """From an empty stock the opponent holds exactly the unseen cards."""
        return not self.stock

    def solver_key(self):
        return (tuple(sorted(self.hands[0])), tuple(sorted(self.hands[1])), tuple(self.stock),
                tuple(c for _, c in self.trick), self.to_move, self.points[0], self.points[1])
