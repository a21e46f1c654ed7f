"""Cicera: four players in two fixed partnerships, one deal (rules/cicera.md, C1–C15).

A fishing game with the 52 Bresciane cards: 12 cards each and four on the
table, 48 plays. A card takes one table card of its rank, or (numerals only) a
group of two or more numerals adding up to its value; capturing is always
optional. Captures earn bonuses (scopa, picada, simili, quadriglia, stacking);
the deal ends with six prize points (most cards 2, most Swords, the Matta, the
10 of Coins, the Fante of Cups) and the Napola in Swords. Readings chosen where
the rules file resolves an ambiguity are cited by number.
"""

from __future__ import annotations

import random

from .. import cards
from . import _moments
from .description import PLAYABLE, Description, Figure, Lesson, Shortcut
from .base import Action, State, require, rng_for, sweep_by_sum

# Capture values (section 3.1): numerals only; courts (J, N, K) have none.
CAPTURE_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
RANK_OF_VALUE = {v: r for r, v in CAPTURE_VALUE.items()}
MATTA = "2S"
TEN_OF_COINS = "10D"
FANTE_OF_CUPS = "JC"
BONUSES = ("scopa", "picada", "simili", "quadriglia")
NAPOLA_ORDER = ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S")
PRIZE_KEYS = ("most_cards", "most_swords", "matta", "ten_of_coins", "fante_of_cups")
HAND_SIZE = 12
RANK_OF = {c: c[:-1] for c in cards.BRESCIANE}
RANKS = tuple(sorted({c[:-1] for c in cards.BRESCIANE}))  # every rank, in code order
_NO_GROUPS: dict[int, list[list[str]]] = {}


def capture_groups(table: list[str]) -> dict[int, list[list[str]]]:
    """Every group of two or more table numerals by its sum (2…10), in table order (C2)."""
    nums = [(t, CAPTURE_VALUE[t[:-1]]) for t in table if t[:-1] in CAPTURE_VALUE]
    groups: dict[int, list[list[str]]] = {}
    n = len(nums)

    def search(i: int, total: int, chosen: list[str]) -> None:
        for j in range(i, n):
            card, v = nums[j]
            s = total + v
            if s > 10:
                continue
            chosen.append(card)
            if len(chosen) >= 2:
                groups.setdefault(s, []).append(list(chosen))
            search(j + 1, s, chosen)
            chosen.pop()

    search(0, 0, [])
    return groups


_GROUPS: dict[tuple, dict[int, list[list[str]]]] = {}


def _shared_groups(table: list[str]) -> dict[int, list[list[str]]]:
    """``capture_groups`` remembered by table (the play-outs meet the same tables
    again and again); its lists are shared, never to be changed."""
    key = tuple(table)
    groups = _GROUPS.get(key)
    if groups is None:
        if len(_GROUPS) >= 20_000:
            _GROUPS.clear()
        groups = _GROUPS[key] = capture_groups(table)
    return groups


def capture_options(card: str, table: list[str],
                    groups: dict[int, list[list[str]]] | None = None) -> list[list[str]]:
    """Every legal capture for ``card`` (C2): any one table card of the same rank
    (courts included), or, for a numeral, any group of two or more numerals
    whose values add up to its value. No priority between the two."""
    r = card[:-1]
    options = [[t] for t in table if t[:-1] == r]
    v = CAPTURE_VALUE.get(r)
    if v is not None and v >= 2:
        if groups is None:
            groups = capture_groups(table)
        options.extend(groups.get(v, ()))
    return options


def napola_length(pile) -> int:
    """C10: with Swords A, 2 and 3, the length of the unbroken run from the Asso (3…10)."""
    n = 0
    for c in NAPOLA_ORDER:
        if c not in pile:
            break
        n += 1
    return n if n >= 3 else 0


def _majority(a: int, b: int) -> int | None:
    return None if a == b else (0 if a > b else 1)


class CiceraState(State):
    GAME_ID = "cicera"
    NUM_SEATS = 4
    DECKS = ("bresciane",)
    FIELDS = ("dealer", "turn", "to_move", "hands", "table", "piles", "bonuses",
              "last_capturer", "last_placed", "unclaimed", "over", "winner_team", "passed")

    # hands: per seat; piles and bonuses: per team (bonuses[team][key] = count);
    # last_placed: the card put on the table by the immediately preceding turn
    # (None if that turn was a capture, or at the start) — the only card a
    # picada may take (C4); unclaimed: leftovers of a deal without captures (C11);
    # passed: per seat, the ranks it showed it lacks by placing a card where that
    # rank would have taken a picada or a scopa (public: a read, not a rule).

    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options) -> "CiceraState":
        s = cls.blank(seed, deck)
        s.dealer = s.draw_dealer()  # seed: dealer at random
        pack = list(cards.DECKS[s.deck])
        rng_for("cicera", seed, "deal").shuffle(pack)
        first = (s.dealer + 1) % 4  # C1: the dealer's right deals/plays first
        s.hands = [[], [], [], []]
        for i in range(4 * HAND_SIZE):
            s.hands[(first + i) % 4].append(pack[i])
        s.table = pack[4 * HAND_SIZE:]
        s.turn = 0
        s.to_move = first
        s.piles = [[], []]
        s.bonuses = [{k: 0 for k in BONUSES} for _ in range(2)]
        s.last_capturer = None
        s.last_placed = None
        s.unclaimed = []
        s.passed = [[], [], [], []]
        s.over = False
        s.winner_team = None
        s.emit({"type": "dealt", "deal": 1, "dealer": s.dealer, "table": list(s.table)})
        for seat in range(4):
            s.emit({"type": "hand", "seat": seat, "cards": list(s.hands[seat])}, only=seat)
        return s

    # ----- rules -----------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.over else self.to_move

    def is_terminal(self) -> bool:
        return self.over

    def clone(self) -> "CiceraState":
        """State.clone for this state's known shape (lists of cards, a dict of
        counts per team), without the generic deep copy: the search clones a
        world per action."""
        other = object.__new__(CiceraState)
        other.dealer, other.turn, other.to_move = self.dealer, self.turn, self.to_move
        other.hands = [list(h) for h in self.hands]
        other.table = list(self.table)
        other.piles = [list(p) for p in self.piles]
        other.bonuses = [dict(b) for b in self.bonuses]
        other.last_capturer, other.last_placed = self.last_capturer, self.last_placed
        other.unclaimed = list(self.unclaimed)
        other.over, other.winner_team = self.over, self.winner_team
        other.passed = [list(p) for p in self.passed]
        other.deck, other.seed = self.deck, self.seed
        other.sheets = list(self.sheets)  # finished sheets are never mutated
        other.record = False
        other._events = []
        return other

    def legal_actions(self) -> list[Action]:
        actions: list[Action] = []
        for kind, card, taken in self.moves():
            if kind == "place":
                actions.append({"id": "play:" + card, "type": "place", "card": card})
            else:
                actions.append({"id": f"play:{card}:{'+'.join(taken)}", "type": "capture",
                                "card": card, "captures": list(taken)})
        return actions

    def moves(self) -> list[tuple]:
        """The legal moves (C2, C15) as (type, card, captured cards or None): the
        rule's one copy, bare for the search's play-outs, which never name a move
        (``legal_actions`` makes actions of them). Their lists are not to be changed:
        the play-outs' capture groups are shared (``_shared_groups``)."""
        if self.over:
            return []
        table = self.table
        by_rank: dict[str, list[str]] = {}
        for t in table:
            by_rank.setdefault(t[:-1], []).append(t)
        groups = _shared_groups(table) if len(table) >= 2 else _NO_GROUPS
        moves: list[tuple] = []
        for card in self.hands[self.to_move]:
            # C2/C15: placing is always legal, even when captures exist.
            moves.append(("place", card, None))
            r = card[:-1]
            for t in by_rank.get(r, ()):  # C2: one card of the same rank (courts too)
                moves.append(("capture", card, [t]))
            v = CAPTURE_VALUE.get(r)
            if v is not None and v in groups:  # C2: numerals adding up to the value
                for group in groups[v]:
                    moves.append(("capture", card, group))
        return moves

    def capture_bonuses(self, card: str, taken: list[str]) -> list[str]:
        """The bonuses a capture of ``taken`` with ``card`` earns now (C3–C7)."""
        out = []
        if len(taken) == len(self.table):  # C3: the table is cleared, even on the last play
            out.append("scopa")
        x = self.last_placed
        if x is not None and len(taken) == 1 and taken[0] == x and x[:-1] == card[:-1]:
            out.append("picada")  # C4: only the card just placed, by a rank match
        s = card[-1]
        if all(t[-1] == s for t in taken):  # C5 (a rank match never qualifies)
            out.append("simili")
        if len(taken) >= 3:  # C6: at least three table cards
            out.append("quadriglia")
        return out

    def _apply(self, action: Action) -> None:
        seat, card = self.to_move, action["card"]
        team = seat % 2
        self.hands[seat].remove(card)
        passed = self.passed[seat]
        if card[:-1] in passed:  # it held the rank after all: the read was wrong
            passed.remove(card[:-1])
        if action["type"] == "capture":
            taken = action["captures"]
            won = self.capture_bonuses(card, taken)
            for t in taken:
                self.table.remove(t)
            pile = self.piles[team]
            pile.append(card)
            pile.extend(taken)
            self.last_capturer = seat
            self.last_placed = None
            for b in won:  # C7: bonuses of one capture stack
                self.bonuses[team][b] += 1
            if self.record:
                self.emit({"type": "captured", "seat": seat, "card": card, "cards": list(taken)})
                for b in won:
                    if b == "scopa":
                        self.emit({"type": "sweep", "seat": seat})
                    self.emit({"type": "bonus", "seat": seat, "team": team, "bonus": b,
                               "points": 1})
        else:
            self._note_passes(seat)
            self.table.append(card)
            self.last_placed = card
            if self.record:
                self.emit({"type": "placed", "seat": seat, "card": card})
        self.turn += 1
        self.to_move = (seat + 1) % 4  # C1: anticlockwise, seat s+1 is on s's right
        if self.turn >= 4 * HAND_SIZE:
            self._end_deal()

    def _note_passes(self, seat: int) -> None:
        """``seat`` places a card instead of capturing: note the ranks that
        would have taken a picada (the card just placed) or a scopa (the only
        card, or a sum of all the table's numerals), which nobody declines."""
        table = self.table
        ranks = []
        if self.last_placed is not None:
            ranks.append(self.last_placed[:-1])
        if len(table) == 1:
            ranks.append(table[0][:-1])
        elif len(table) >= 2:
            total = 0
            for t in table:
                v = CAPTURE_VALUE.get(t[:-1])
                total = 99 if v is None else total + v
            if total <= 10:
                ranks.append(RANK_OF_VALUE[total])
        passed = self.passed[seat]
        for r in ranks:
            if r not in passed:
                passed.append(r)

    @classmethod
    def from_json(cls, data: dict) -> "CiceraState":
        if "passed" not in data:  # a save from before the reads were kept
            data = dict(data, passed=[[], [], [], []])
        return super().from_json(data)

    def _end_deal(self) -> None:
        if self.table:
            if self.last_capturer is not None:  # C3/C11: no bonus for the leftovers
                team = self.last_capturer % 2
                self.piles[team].extend(self.table)
                self.emit({"type": "leftovers", "team": team, "cards": list(self.table)})
            else:  # C11: nobody captured: the cards stay unclaimed
                self.unclaimed = list(self.table)
                self.emit({"type": "unclaimed", "cards": list(self.table)})
            self.table = []
        self.last_placed = None
        sheet = self.score_deal()
        self.sheets.append(sheet)
        self.over = True
        self.winner_team = sheet["winner_team"]
        self.emit({"type": "deal_scored", "sheet": sheet})
        self.emit({"type": "match_won", "winner_team": self.winner_team,
                   "scores": list(sheet["totals"])})

    def score_deal(self) -> dict:
        """The deal's score sheet: bonuses, the six prize points, the Napola (C8–C13)."""
        p0, p1 = self.piles
        lines = []
        for key in BONUSES:
            for t in (0, 1):
                n = self.bonuses[t][key]
                lines.append({"key": key, "team": t, "points": n, "detail": {"count": n}})
        cards_n = [len(p0), len(p1)]
        swords = [sum(1 for c in p if c[-1] == "S") for p in (p0, p1)]

        def holder(card: str) -> int | None:
            return 0 if card in p0 else 1 if card in p1 else None

        for key, team, points, detail in (
            ("most_cards", _majority(*cards_n), 2, {"counts": cards_n}),  # C8
            ("most_swords", _majority(*swords), 1, {"counts": swords}),  # C9
            ("matta", holder(MATTA), 1, {"card": MATTA}),
            ("ten_of_coins", holder(TEN_OF_COINS), 1, {"card": TEN_OF_COINS}),
            ("fante_of_cups", holder(FANTE_OF_CUPS), 1, {"card": FANTE_OF_CUPS}),
        ):
            lines.append({"key": key, "team": team, "points": 0 if team is None else points,
                          "detail": detail})
        nap = [napola_length(p0), napola_length(p1)]  # C10: at most one team has A-2-3
        nteam = 0 if nap[0] else 1 if nap[1] else None
        length = nap[nteam] if nteam is not None else 0
        lines.append({"key": "napola", "team": nteam, "points": length,
                      "detail": {"length": length}})
        totals = [sum(l["points"] for l in lines if l["team"] == t) for t in (0, 1)]
        return {"deal": 1, "teams": self.teams, "lines": lines, "totals": totals,
                "winner_team": _majority(*totals)}  # C13: equal totals are a draw

    def tallies(self) -> dict:
        """The sheet as it would stand now: the piles and bonuses are public (captures are
        made face up), so every line is too."""
        sheet = self.score_deal()
        # a special card nobody has taken yet is named by its line's key only: its code in
        # the snapshot would look like a hidden card's whereabouts
        lines = [dict(l, detail={}) if l["team"] is None and "card" in l["detail"] else l
                 for l in sheet["lines"]]
        return {"lines": lines, "totals": sheet["totals"]}

    def result(self) -> dict | None:
        if not self.over:
            return None
        return {"winner_team": self.winner_team, "scores": list(self.sheets[-1]["totals"])}

    # ----- rule facts for the hint and the review --------------------------
    def could_sweep(self, table: list[str]) -> bool:
        return sweep_by_sum(table, CAPTURE_VALUE)

    def card_locations(self) -> dict[str, list[str]]:
        places = {f"hand{s}": self.hands[s] for s in range(4)}
        places.update(table=self.table, pile0=self.piles[0], pile1=self.piles[1],
                      unclaimed=self.unclaimed)
        return places

    def check_invariants(self) -> None:
        super().check_invariants()
        first = (self.dealer + 1) % 4
        require(0 <= self.turn <= 4 * HAND_SIZE, self.turn)
        require(sum(len(h) for h in self.hands) == 4 * HAND_SIZE - self.turn,
                "hand sizes match the turn")
        for i in range(4):  # the seats that have played one more card come first
            seat = (first + i) % 4
            require(len(self.hands[seat]) == HAND_SIZE - (self.turn + 3 - i) // 4, (
                seat, self.hands))
        for t in (0, 1):
            require(all(n >= 0 for n in self.bonuses[t].values()), "bonus counts are not negative")
        if self.last_placed is not None:
            require(self.last_placed in self.table, "the last placed card is on the table")
        if self.unclaimed:
            require(self.over and self.last_capturer is None, "no capture: the deal is over")
        if self.last_capturer is None:
            require(not self.piles[0] and not self.piles[1], "no capture: the piles are empty")
        if not self.over:
            require(self.to_move == (first + self.turn) % 4, "the seat to move follows the turn")
            require(not self.sheets and
                    len(self.table) + sum(map(len, self.piles)) == 4 + self.turn,
                    "cards on table and piles match the turn")
            return
        require(self.turn == 4 * HAND_SIZE and not self.table and len(self.sheets) == 1,
                "a finished deal: 48 turns, empty table, one sheet")
        sheet = self.sheets[0]
        by_key = {}
        for line in sheet["lines"]:
            by_key.setdefault(line["key"], []).append(line)
        prizes = sum(l["points"] for k in PRIZE_KEYS for l in by_key[k])
        require(0 <= prizes <= 6, sheet)  # C12
        if sum(map(len, self.piles)) == 52 and by_key["most_cards"][0]["team"] is not None:
            require(prizes == 6, sheet)
        (nap,) = by_key["napola"]
        require(nap["points"] == 0 or 3 <= nap["points"] <= 10, nap)  # C10
        if nap["points"]:
            require({"AS", "2S", "3S"} <= set(self.piles[nap["team"]]), nap)
        else:
            require(not any({"AS", "2S", "3S"} <= set(p) for p in self.piles),
                    "no napola without the three")
        for key in BONUSES:
            for line in by_key[key]:
                require(line["points"] == self.bonuses[line["team"]][key],
                        "bonus lines = bonus counts")
        for t in (0, 1):
            require(sheet["totals"][t] ==
                    sum(l["points"] for l in sheet["lines"] if l["team"] == t),
                    "totals = sum of the lines")
        require(sheet["winner_team"] == _majority(*sheet["totals"]) == self.winner_team,
                "the winner is the majority")

    # ----- information -----------------------------------------------------
    def observation(self, seat: int) -> dict:
        prev = (self.to_move - 1) % 4
        return {
            "game": self.GAME_ID, "deck": self.deck, "seat": seat, "players": 4,
            "teams": self.teams,
            "to_move": self.current_player(),
            "phase": "over" if self.over else "play",
            "hand": list(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "table": list(self.table),
            "trick": [], "last_trick": None, "trump": None, "trump_suit": None,
            "stock": 0,
            "dealer": self.dealer,
            "captured": [len(p) for p in self.piles],
            # Captures are made face up: every player has seen each pile's cards (C14).
            "piles": [list(p) for p in self.piles],
            "tallies": self.tallies(),
            "points": [sum(b.values()) for b in self.bonuses],
            "bonuses": [dict(b) for b in self.bonuses],
            # The card the previous player has just placed: open to a picada (C4).
            "last_placed": None if self.last_placed is None
            else {"seat": prev, "card": self.last_placed},
            "unclaimed": list(self.unclaimed),
            "match_scores": None, "target": None,
            "deal": 1,
            "sheets": list(self.sheets),
            "result": self.result(),
        }

    def determinize(self, seat: int, rng: random.Random) -> "CiceraState":
        """A search world for ``seat``: the other hands re-dealt from the cards it
        has not seen."""
        s = self.clone()
        others = [o for o in range(4) if o != seat]
        unseen = sorted(c for o in others for c in self.hands[o])  # canonical: the view only
        rng.shuffle(unseen)
        i = 0
        for o in others:
            k = len(self.hands[o])
            s.hands[o] = unseen[i:i + k]
            i += k
        return s

    # ----- facts a solver needs ------------------------------------------------
    def plies_left(self) -> int | None:
        return sum(len(h) for h in self.hands)


# ----- the game, described once (games/description.py) ------------------------------
def lesson_moments(events: list[dict], snap: dict):
    """The lesson's moments: the partner's capture, a picada, the Matta taken."""
    me, partner = snap["seat"], _moments.partner(snap)
    for ev in events:
        if ev["type"] == "bonus" and ev.get("bonus") == "picada":
            yield {"id": "picada", "seat": ev["seat"], "points": ev.get("points", 1),
                   "mine": _moments.team_of(snap, ev["seat"]) == _moments.team_of(snap, me)}
        elif ev["type"] == "captured" and MATTA in [ev["card"], *ev["cards"]]:
            yield {"id": "matta", "seat": ev["seat"], "card": MATTA,
                   "mine": _moments.team_of(snap, ev["seat"]) == _moments.team_of(snap, me)}
        elif ev["type"] == "captured" and ev["seat"] == partner:
            yield {"id": "partner", "seat": partner, "card": ev["card"]}


DESCRIPTION = Description(
    id="cicera", name="Cicera", order=50, seats=4, partnerships=True,
    decks=CiceraState.DECKS, layout="fishing", stock=False, format="single_deal",
    rules="cicera.md",
    terms=("scopa", "picada", "simili", "quadriglia", "matta", "napola"),
    figures=(Figure("points", "avg", "total"), Figure("sweeps", "avg", "count", "scopa"),
             Figure("napola", "rate", "scored", "napola")),
    lesson=Lesson(moments=("partner", "picada", "matta"), deals={"bresciane": (1, 0)},
                  detect=lesson_moments,
                  points_at={"partner": "seat", "picada": "table", "matta": "table"}),
    site=PLAYABLE,
    shortcut=Shortcut("bresciane", "Cicera with the Bresciane deck"),
)
