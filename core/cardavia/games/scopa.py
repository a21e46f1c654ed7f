"""Scopa: two players, a match to 11 over several deals (rules/scopa.md, S1–S12).

One ruleset for the Piacentine and Siciliane decks: the court worth 8 is the
Fante (``J``) in one and the Donna (``Q``) in the other; nothing else changes.
Readings chosen where the rules file resolves an ambiguity are cited by number.

Seats are a parameter (issue 43): every rule is written for ``NUM_SEATS`` players
in two teams (``State.teams``), with piles, scope and prizes per team and the
turn going round the table, so Scopone (games/scopone.py) is this class with four
seats, its own deal and its options, and shares each rule's one copy. With two
seats every step is the one of before, random draws included (tests/test_golden.py).
"""

from __future__ import annotations

import random

from .. import cards
from . import _moments
from .description import PLAYABLE, Description, Figure, Lesson, Shortcut
from .base import Action, State, require, rng_for, sweep_by_sum

CAPTURE_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 8, "N": 9, "K": 10}
PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10,
            "N": 10, "K": 10}
TARGET = 11
SETTEBELLO = "7D"


def value(card: str) -> int:
    return CAPTURE_VALUE[card[:-1]]


def capture_options(card: str, table: list[str]) -> list[list[str]]:
    """Every legal capture for ``card`` (S1–S3): one equal card if any exists
    (the player picks which), otherwise every group of two or more cards whose
    values sum to the card's; an empty list means the card must be placed."""
    v = value(card)
    matches = [[t] for t in table if value(t) == v]
    if matches:
        return matches
    groups: list[list[str]] = []
    vals = [value(t) for t in table]

    def search(i: int, remaining: int, chosen: list[str]) -> None:
        if remaining == 0:
            if len(chosen) >= 2:
                groups.append(list(chosen))
            return
        for j in range(i, len(table)):
            if vals[j] <= remaining:
                chosen.append(table[j])
                search(j + 1, remaining - vals[j], chosen)
                chosen.pop()

    search(0, v, [])
    return groups


def primiera_score(pile: list[str]) -> int | None:
    """Best value per suit summed (S8); None without a card of every suit."""
    best: dict[str, int] = {}
    for c in pile:
        s, p = c[-1], PRIMIERA[c[:-1]]
        if p > best.get(s, 0):
            best[s] = p
    return sum(best.values()) if len(best) == 4 else None


def three_re(table: list[str]) -> bool:
    """S4, SC3: three or four Re on the opening table void the deal."""
    return sum(1 for c in table if c[:-1] == "K") >= 3


def napola_length(pile: list[str]) -> int:
    """SC10: the run of Coins from the Asso held in ``pile`` (Asso, 2, 3 at least,
    counting on through Fante/Donna 8, Cavallo 9, Re 10); 0 without Asso, 2 and 3."""
    ranks = {CAPTURE_VALUE[c[:-1]] for c in pile if c[-1] == "D"}
    n = 0
    while n + 1 in ranks:
        n += 1
    return n if n >= 3 else 0


def _majority(a: int, b: int) -> int | None:
    return None if a == b else (0 if a > b else 1)


class ScopaState(State):
    GAME_ID = "scopa"
    NUM_SEATS = 2
    DECKS = ("piacentine", "siciliane", "napoletane")
    FIELDS = ("match_scores", "dealer", "deal_no", "attempt", "hands", "table", "stock",
              "piles", "scope", "last_capturer", "to_move", "over", "winner_team")
    # The rule options a game takes (Scopone's); Scopa has none: its state is as before.
    OPTIONS: dict = {}
    options: dict = {}
    # ``piles`` and ``scope`` are per team; ``last_capturer`` is a seat (with two
    # seats, team = seat).

    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options) -> "ScopaState":
        s = cls.blank(seed, deck)
        s._set_options(options)
        s.match_scores = [0, 0]
        s.dealer = s.draw_dealer()  # S7, SC2: first dealer random
        s.deal_no = 1
        s.over = False
        s.winner_team = None
        s._start_deal()
        return s

    def _set_options(self, options: dict) -> None:
        """Scopa takes no options (its S-resolutions have no variants here)."""

    @property
    def target(self) -> int:
        return TARGET

    def _layout(self, pack: list[str]) -> tuple[list[list[str]], list[str], list[str]]:
        """S3: three each, one at a time from the non-dealer, then four to the
        table; the rest is the stock. (hands, table, stock)."""
        hands: list[list[str]] = [[], []]
        first = (self.dealer + 1) % 2
        for i in range(6):
            hands[(first + i) % 2].append(pack[i])
        return hands, pack[6:10], pack[10:]

    def _start_deal(self) -> None:
        self.attempt = 0
        while True:
            rng = rng_for(self.GAME_ID, self.seed, self.deal_no, self.attempt)
            pack = list(cards.DECKS[self.deck])
            rng.shuffle(pack)
            hands, table, stock = self._layout(pack)
            if not three_re(table):
                break
            # S4, SC3: three or four Re on the opening table: the same dealer deals again.
            self.emit({"type": "redeal", "reason": "three_re", "table": table})
            self.attempt += 1
        first = (self.dealer + 1) % self.NUM_SEATS
        self.hands = hands
        self.table = table
        self.stock = stock
        self.piles = [[], []]
        self.scope = [0, 0]
        self.last_capturer = None
        self.to_move = first  # S7, SC2: the player after the dealer plays first
        self.emit({"type": "dealt", "deal": self.deal_no, "dealer": self.dealer,
                   "table": list(self.table)})
        for seat in range(self.NUM_SEATS):
            self.emit({"type": "hand", "seat": seat, "cards": list(self.hands[seat])}, only=seat)

    # ----- rules -----------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.over else self.to_move

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        actions: list[Action] = []
        for card in self.hands[self.to_move]:
            options = capture_options(card, self.table)
            if not options:  # S1: a card that can capture must capture
                actions.append({"id": f"play:{card}", "type": "place", "card": card})
            for group in options:
                actions.append({"id": f"play:{card}:{'+'.join(group)}", "type": "capture",
                                "card": card, "captures": group})
        return actions

    def _last_play(self) -> bool:
        """True when the card being played is the deal's very last (S5, SC6)."""
        return not self.stock and not any(self.hands)

    def _last_sweep_counts(self) -> bool:
        """S5, SC6: a sweep with the deal's last card is no scopa (Scopone's
        ``last_play_sweep`` option says otherwise, in its 10-card form)."""
        return False

    def _apply(self, action: Action) -> None:
        seat, card = self.to_move, action["card"]
        n = self.NUM_SEATS
        self.hands[seat].remove(card)
        if action["type"] == "capture":
            team = self.team_of(seat)
            taken = action["captures"]
            for t in taken:
                self.table.remove(t)
            self.piles[team].append(card)
            self.piles[team].extend(taken)
            self.last_capturer = seat
            self.emit({"type": "captured", "seat": seat, "card": card, "cards": list(taken)})
            if not self.table and (not self._last_play() or self._last_sweep_counts()):
                self.scope[team] += 1
                self.emit({"type": "sweep", "seat": seat})
        else:
            self.table.append(card)
            self.emit({"type": "placed", "seat": seat, "card": card})
        self.to_move = (seat + 1) % n
        if any(self.hands):
            return
        if self.stock:  # a new round of three each, no table cards added (Scopa only)
            first = (self.dealer + 1) % n
            for i in range(3 * n):
                self.hands[(first + i) % n].append(self.stock.pop(0))
            self.to_move = first
            for s in range(n):
                self.emit({"type": "hand", "seat": s, "cards": list(self.hands[s])}, only=s)
            return
        self._end_deal()

    def _end_deal(self) -> None:
        if self.table and self.last_capturer is not None:  # S6, SC7: no scopa for these
            team = self.team_of(self.last_capturer)
            self.piles[team].extend(self.table)
            self.emit({"type": "leftovers", "team": team, "cards": list(self.table)})
            self.table = []
        sheet = self.score_deal()
        self.sheets.append(sheet)
        self.emit({"type": "deal_scored", "sheet": sheet})
        for t in (0, 1):
            self.match_scores[t] += sheet["totals"][t]
        a, b = self.match_scores
        # S10, SC9: at least the target and strictly more; tied totals continue.
        if max(a, b) >= self.target and a != b:
            self.over = True
            self.winner_team = 0 if a > b else 1
            self.emit({"type": "match_won", "winner_team": self.winner_team,
                       "scores": list(self.match_scores)})
            return
        self.dealer = (self.dealer + 1) % self.NUM_SEATS  # S7: alternates; SC11: to the right
        self.deal_no += 1
        self._start_deal()

    def score_deal(self) -> dict:
        """The deal's score sheet: scope plus the four prizes (S8, S9, S11; SC8),
        and Scopone's napola and re bello when they are on (SC10)."""
        p0, p1 = self.piles
        lines = [{"key": "scopa", "team": t, "points": self.scope[t],
                  "detail": {"count": self.scope[t]}} for t in (0, 1)]
        cards_n = [len(p0), len(p1)]
        coins = [sum(1 for c in p if c[-1] == "D") for p in (p0, p1)]
        prim = [primiera_score(p0), primiera_score(p1)]
        sette = 0 if SETTEBELLO in p0 else 1 if SETTEBELLO in p1 else None
        if prim[0] is None and prim[1] is None:
            prim_team = None
        elif prim[0] is None or prim[1] is None:
            prim_team = 0 if prim[1] is None else 1
        else:
            prim_team = _majority(prim[0], prim[1])
        for key, team, detail in (
            ("most_cards", _majority(*cards_n), {"counts": cards_n}),
            ("most_coins", _majority(*coins), {"counts": coins}),
            ("settebello", sette, {}),
            ("primiera", prim_team, {"sums": prim}),
        ):
            lines.append({"key": key, "team": team, "points": 0 if team is None else 1,
                          "detail": detail})
        lines.extend(self._house_lines())
        totals = [sum(l["points"] for l in lines if l["team"] == t) for t in (0, 1)]
        return {"deal": self.deal_no, "teams": self.teams, "lines": lines, "totals": totals,
                "winner_team": _majority(*totals)}

    def _house_lines(self) -> list[dict]:
        """SC10's house rules, each a line like a prize when its option is on."""
        lines = []
        if self.options.get("napola"):
            runs = [napola_length(p) for p in self.piles]
            team = 0 if runs[0] else 1 if runs[1] else None
            lines.append({"key": "napola", "team": team,
                          "points": 0 if team is None else runs[team],
                          "detail": {"lengths": runs}})
        if self.options.get("re_bello"):
            team = 0 if "KD" in self.piles[0] else 1 if "KD" in self.piles[1] else None
            lines.append({"key": "re_bello", "team": team, "points": 0 if team is None else 1,
                          "detail": {}})
        return lines

    def tallies(self) -> dict:
        """The sheet as it would stand now: the piles and bonuses are public (captures are
        made face up), so every line is too."""
        sheet = self.score_deal()
        return {"lines": sheet["lines"], "totals": sheet["totals"]}

    def result(self) -> dict | None:
        if not self.over:
            return None
        return {"winner_team": self.winner_team, "scores": list(self.match_scores)}

    # ----- rule facts for the hint and the review --------------------------
    PRIZE_CARD = SETTEBELLO

    def could_sweep(self, table: list[str]) -> bool:
        return sweep_by_sum(table, CAPTURE_VALUE)

    def card_locations(self) -> dict[str, list[str]]:
        if self.over:  # the last deal's cards are all in the piles
            return {"pile0": self.piles[0], "pile1": self.piles[1], "table": self.table}
        places = {f"hand{i}": h for i, h in enumerate(self.hands)}
        places.update({"stock": self.stock, "table": self.table, "pile0": self.piles[0],
                       "pile1": self.piles[1]})
        return places

    def check_invariants(self) -> None:
        super().check_invariants()
        houses = ("napola", "re_bello")
        for sheet in self.sheets:
            prizes = sum(l["points"] for l in sheet["lines"] if l["key"] not in ("scopa",) + houses)
            require(0 <= prizes <= 4, sheet)
            require(sum(sheet["totals"]) == sum(l["points"] for l in sheet["lines"]),
                    "totals = prizes + scope (+ house rules)")
        require(sum(sum(s["totals"][t] for s in self.sheets) for t in (0, 1)) == sum(
            self.match_scores), "match scores = sum of the deals")
        if not self.over:
            sizes = [len(h) for h in self.hands]
            require(max(sizes) - min(sizes) <= 1, "hand sizes differ by at most one")

    # ----- information -----------------------------------------------------
    def observation(self, seat: int) -> dict:
        obs = {
            "game": self.GAME_ID, "deck": self.deck, "seat": seat, "players": self.NUM_SEATS,
            "teams": self.teams,
            "to_move": self.current_player(),
            "phase": "over" if self.over else "play",
            "hand": list(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "table": list(self.table),
            "trick": [], "last_trick": None, "trump": None, "trump_suit": None,
            "stock": len(self.stock),
            "dealer": self.dealer,
            "captured": [len(p) for p in self.piles],
            # Captures are made face up: every player has seen each pile's cards.
            "piles": [list(p) for p in self.piles],
            "tallies": self.tallies(),
            "points": list(self.scope),
            "match_scores": list(self.match_scores), "target": self.target,
            "deal": self.deal_no,
            "sheets": list(self.sheets),
            "result": self.result(),
        }
        if self.OPTIONS:
            obs["options"] = dict(self.options)
        return obs

    def determinize(self, seat: int, rng: random.Random) -> "ScopaState":
        s = self.clone()
        others = [o for o in range(self.NUM_SEATS) if o != seat]
        # canonical: depends on the view only
        unseen = sorted([c for o in others for c in self.hands[o]] + self.stock)
        rng.shuffle(unseen)
        pos = 0
        for o in others:
            k = len(self.hands[o])
            s.hands[o] = unseen[pos:pos + k]
            pos += k
        s.stock = unseen[pos:]
        return s

    # ----- facts a solver needs ------------------------------------------------
    def plies_left(self) -> int | None:
        return sum(len(h) for h in self.hands) + len(self.stock)

    def all_cards_inferable(self, seat: int) -> bool:
        """With the stock empty and at most one other hand holding cards (always so
        with two players), that hand holds exactly the unseen cards."""
        if self.stock:
            return False
        return sum(1 for o, h in enumerate(self.hands) if o != seat and h) <= 1

    def solver_key(self):
        return (*(tuple(sorted(h)) for h in self.hands),
                tuple(sorted(self.table)), self.to_move, self.last_capturer,
                tuple(sorted(self.piles[0])), tuple(sorted(self.piles[1])), tuple(self.scope))


# ----- the game, described once (games/description.py) ------------------------------
def lesson_moments(events: list[dict], snap: dict):
    """The lesson's moments: a sweep, the settebello taken, the primiera won, and a card
    that can take more than one group (the choice)."""
    me = snap["seat"]
    for ev in events:
        if ev["type"] == "sweep":
            yield {"id": "sweep", "seat": ev["seat"],
                   "mine": _moments.team_of(snap, ev["seat"]) == _moments.team_of(snap, me)}
        elif ev["type"] == "captured" and SETTEBELLO in [ev["card"], *ev["cards"]]:
            yield {"id": "settebello", "seat": ev["seat"], "card": SETTEBELLO,
                   "mine": _moments.team_of(snap, ev["seat"]) == _moments.team_of(snap, me)}
    line = _moments.sheet_line(events, "primiera")
    if line:
        yield {"id": "primiera", "team": line["team"], "mine": line["team"] == _moments.team_of(snap, me)}
    if snap.get("your_turn"):
        by_card: dict[str, int] = {}
        for action in snap.get("legal", []):
            if action.get("type") == "capture":
                by_card[action["card"]] = by_card.get(action["card"], 0) + 1
        card = next((c for c, n in by_card.items() if n > 1), None)
        if card:
            yield {"id": "choice", "card": card, "options": by_card[card]}


DESCRIPTION = Description(
    id="scopa", name="Scopa", order=20, seats=2, partnerships=False,
    decks=ScopaState.DECKS, layout="fishing", stock=True, format="match", target=TARGET,
    rules="scopa.md",
    terms=("scopa", "settebello", "primiera"),
    figures=(Figure("sweeps", "avg", "count", "scopa"), Figure("settebello", "rate", "line", "settebello")),
    lesson=Lesson(moments=("choice", "sweep", "settebello", "primiera"),
                  deals={"piacentine": (2, 1), "siciliane": (20, 0)}, detect=lesson_moments,
                  points_at={"sweep": "table", "settebello": "table", "primiera": "scores"}),
    site=PLAYABLE,
    shortcut=Shortcut("siciliane", "Scopa with the Siciliane deck"),
)
