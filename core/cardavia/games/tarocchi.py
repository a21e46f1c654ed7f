"""Tarocchi (Piedicavallo): four players in two partnerships, one deal of 15
tricks with the stripped 62-card Tarocco Piemontese, 114 card points
(rules/tarocchi.md, resolutions T1–T10).

Implemented as written: a random dealer (T7) gets 17 cards and the others 15,
dealt anticlockwise from the dealer's right; the dealer discards exactly two
cards under the exact test of T2 and announces how many trumps he discarded;
the player on the dealer's right leads. Follow suit (trumps are a suit), else
trump, else anything; no duty to head the trick (T4). Trump 21 is highest
(T1); Cups and Coins rank their numerals A, 2 … 6 (T8). The Matto is always
playable, never wins, is never captured and stays with its player's team; led,
it lets the second card set the suit (T5). The discard belongs to the dealer's
team, and the Matto to its player's team, unless that team wins no trick (T3,
T5). Card points always total 114; 57–57 is a draw (T6).

Seats are in playing order (anticlockwise): seat ``s + 1`` plays after ``s``.

Computer players: ``determinize`` (here, with the information model) re-deals
only what the seat cannot see, under every public constraint (voids shown in
play, the announced trump count and T2's consequences for the dealer's hand, no
5-point card in the discard, hand sizes), through the shared constrained
sampler (games/_sampling.py). The players' knowledge (one-ply partnership play,
the play-out policy for sampled worlds, the discard valuation, the budgets) is
in ai/tarocchi_policy.py, which this module never imports.
"""

from __future__ import annotations

import random

from .. import cards
from ._sampling import deal_constrained
from . import _tricks
from ._tricks import follow_duty, refusals
from . import _moments
from .description import PLAYABLE, Description, Figure, Lesson, Shortcut
from .base import Action, State, require, rng_for

PACK = cards.TAROCCHI_62
MATTO = cards.MATTO
ORDER = {c: i for i, c in enumerate(PACK)}
TOTAL_POINTS = 114
TRICKS = 15
# T2(a): the cards worth 5 can never be discarded; HONOURS are the 5-point
# cards other than the Matto (one score-sheet line each: honours, matto).
HONOURS = frozenset(("T1", "T21", "KC", "KD", "KS", "KB"))
FIVE = HONOURS | {MATTO}


def _suit(c: str) -> str:
    if c == MATTO:
        return "M"
    return "T" if c[0] == "T" else c[-1]


# Suit of every card: "C" "D" "S" "B", "T" for trumps 1-21, "M" for the Matto.
SUIT = {c: _suit(c) for c in PACK}

# T8: rank within a suit, low to high. Cups and Coins rank their numerals in reverse.
_LOW_TO_HIGH = {
    "S": ("5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"),
    "B": ("5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"),
    "C": ("6", "5", "4", "3", "2", "A", "J", "N", "Q", "K"),
    "D": ("6", "5", "4", "3", "2", "A", "J", "N", "Q", "K"),
}


def _strength(c: str) -> int:
    s = SUIT[c]
    if s == "M":
        return 0
    if s == "T":
        return int(c[1:])  # T1: 21 is highest
    return _LOW_TO_HIGH[s].index(c[:-1]) + 1


STRENGTH = {c: _strength(c) for c in PACK}
_SUIT_I = {"T": 0, "C": 1, "D": 2, "S": 3, "B": 4, "M": 5}
SUIT_INDEX = {c: _SUIT_I[SUIT[c]] for c in PACK}
_COURT_POINTS = {"K": 5, "Q": 4, "N": 3, "J": 2}


def _points(c: str) -> int:
    if c in FIVE:
        return 5
    if c[0] == "T":
        return 1
    return _COURT_POINTS.get(c[:-1], 1)


CARD_POINTS = {c: _points(c) for c in PACK}
require(sum(CARD_POINTS.values()) == TOTAL_POINTS, "card points total 114")
# Cards of each suit from the highest down (for "is anything higher still out?").
BY_SUIT = {s: sorted((c for c in PACK if SUIT[c] == s), key=STRENGTH.__getitem__, reverse=True)
           for s in "TCDSB"}


def _category(c: str) -> str:
    """Classes of cards that the determinizer's constraints tell apart."""
    s = SUIT[c]
    if s == "M":
        return "M"
    if s == "T":
        return "H" if c in HONOURS else "T"
    return "K" + s if c[0] == "K" else s


CATEGORY = {c: _category(c) for c in PACK}
CATEGORIES = ("C", "D", "S", "B", "KC", "KD", "KS", "KB", "T", "H", "M")
_NON_KING_SUITS = frozenset("CDSB")


def card_points(card: str) -> int:
    return CARD_POINTS[card]


def sort_cards(cs) -> list[str]:
    return sorted(cs, key=ORDER.__getitem__)


def led_suit(trick: list) -> str | None:
    """The suit to follow: the first card's, or the second's after a led Matto (T5)."""
    for _, c in trick:
        if c != MATTO:
            return SUIT[c]
    return None


def trick_winner(trick: list) -> int | None:
    """Seat winning ``trick`` (a list of [seat, card]) so far: the highest trump,
    else the highest card of the led suit; the Matto never wins (T1, T5, T8)."""
    return trick_standing(trick)[1]


def beats(card: str, best: str) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far (T1, T4, T8):
    the tarot games' one rule (_tricks.beats); the play-out's fast loop inlines it."""
    return _tricks.beats(card, best, SUIT, STRENGTH)


def trick_standing(trick) -> tuple:
    """(led suit, winning seat, winning card, points on the trick) of a trick in
    progress; the Matto neither sets the suit nor wins nor counts here."""
    led = win_seat = win_card = None
    points = 0
    for seat, c in trick:
        if c == MATTO:
            continue
        points += CARD_POINTS[c]
        if win_card is None:
            led, win_seat, win_card = SUIT[c], seat, c
        elif beats(c, win_card):
            win_seat, win_card = seat, c
    return led, win_seat, win_card, points


# Each card as plain values (suit index, strength, points): the form the search's
# hot loops play on; plain_trick_standing is trick_standing on it.
PLAIN = {c: (SUIT_INDEX[c], STRENGTH[c], CARD_POINTS[c]) for c in PACK}


def plain_trick_standing(trick) -> tuple:
    """``trick_standing`` on plain values: (led suit index, winning seat, its suit
    index, its strength, card points in it); the Matto neither leads nor wins.
    The same rule as ``beats`` (a test compares them over sampled tricks)."""
    li = win_seat = None
    win_si = win_st = -1
    points = 0
    for seat, c in trick:
        if c == MATTO:
            continue
        si, st, pc = PLAIN[c]
        points += pc
        li, win_seat, win_si, win_st = plain_trick_add(li, win_seat, win_si, win_st, seat, si, st)
    return li, win_seat, win_si, win_st, points


def plain_trick_add(li, win_seat, win_si, win_st, seat: int, si: int, st: int) -> tuple:
    """One card (not the Matto) of ``seat`` added to a trick standing on plain values:
    the new (led suit index, winning seat, its suit index, its strength). The one copy
    of the trick rule the play-outs and the solver step by."""
    if li is None:
        return si, seat, si, st
    if (si == win_si and st > win_st) or (si == 0 and win_si != 0):
        return li, seat, si, st
    return li, win_seat, win_si, win_st


def pile_points(piles) -> list[int]:
    """Card points each team has taken in tricks so far (the Matto counts at the end, T3)."""
    return [sum(CARD_POINTS[c] for c in piles[t] if c != MATTO) for t in (0, 1)]


def final_totals(trick_points: list[int], tricks_won: list[int], matto_seat: int | None,
                 dealer: int, discard_points: int) -> list[int]:
    """T3, T5: each team's final card points from those won in tricks: the Matto
    to its player's team and the discard to the dealer's, each handed over to
    the other team if that team won no trick."""
    totals = list(trick_points)
    if matto_seat is not None:
        mt = matto_seat % 2
        totals[mt if tricks_won[mt] else 1 - mt] += CARD_POINTS[MATTO]
    dt = dealer % 2
    totals[dt if tricks_won[dt] else 1 - dt] += discard_points
    return totals


def legal_plain(hand: list[str], li: int | None) -> list[str]:
    """``legal_cards`` by the led suit's index ``li`` (None: leading), for the
    solver's loop, which keeps no trick list: the same cards (a test compares
    them), the Matto last."""
    if li is None:
        return list(hand)
    legal = [c for c in hand if PLAIN[c][0] == li]
    if not legal and li != 0:
        legal = [c for c in hand if PLAIN[c][0] == 0]
    if not legal:
        return list(hand)
    if MATTO in hand:
        legal.append(MATTO)
    return legal


def legal_cards(hand: list[str], trick: list) -> list[str]:
    """T4/T5: follow the led suit (trumps are a suit), else trump, else anything;
    the Matto is always playable. No duty to head the trick."""
    return follow_duty(hand, led_suit(trick), SUIT, MATTO)[0]


def play_blocks(hand: list[str], trick: list) -> dict[str, dict]:
    """Why each card of ``hand`` may not be played to ``trick`` (card → reason), from
    the same test as ``legal_cards``."""
    led = led_suit(trick)
    legal, duty = follow_duty(hand, led, SUIT, MATTO)
    return refusals(hand, legal, duty, led, SUIT)


def _five_point_reason(card: str) -> str | None:
    """T2(a): the reason code of a 5-point card (never discardable), else None."""
    if card == MATTO:
        return "matto"
    if card in ("T1", "T21"):
        return "honour"
    if card in FIVE:
        return "king"
    return None


def discard_fault(hand: list[str], pair) -> str | None:
    """T2, the one copy of the rule, for two cards of the dealer's 17-card ``hand``:
    None if the pair may be discarded, else why not: ``not_two`` (not two distinct
    cards of the hand); ``matto``, ``honour``, ``king`` (a 5-point card, (a));
    ``trump`` (a trump 2-20 while the rest holds both trumps and non-King suit
    cards: only (i) a rest of trumps, Kings and the Matto, or (ii) a rest without
    trumps, allow one, (b))."""
    a, b = pair
    if a == b or a not in hand or b not in hand:
        return "not_two"
    for c in (a, b):
        reason = _five_point_reason(c)
        if reason:
            return reason
    if SUIT[a] != "T" and SUIT[b] != "T":
        return None  # suit cards other than Kings are always discardable
    rest = [c for c in hand if c != a and c != b]
    only_trumps_and_kings = all(c[0] == "T" or c[0] == "K" for c in rest)  # (i)
    no_trumps = not any(SUIT[c] == "T" for c in rest)  # (ii): the Matto is not a trump
    return None if only_trumps_and_kings or no_trumps else "trump"


def legal_discards(hand: list[str]) -> list[tuple[str, str]]:
    """Every legal unordered pair, each in canonical deck order (T2)."""
    cand = sort_cards(c for c in hand if c not in FIVE)
    return [(a, b) for i, a in enumerate(cand) for b in cand[i + 1:]
            if discard_fault(hand, (a, b)) is None]


def discard_blocks(hand: list[str]) -> dict[str, str]:
    """For the dealer's discard step: each card of ``hand`` that belongs to no
    legal pair, with discard_fault's reason code (the UI explains these)."""
    free = {c for pair in legal_discards(hand) for c in pair}
    out = {}
    for c in hand:
        if c in free:
            continue
        reason = _five_point_reason(c)
        if reason is None:
            others = [o for o in hand if o != c]
            reasons = {discard_fault(hand, (c, o)) for o in others} - {None}
            reason = "trump" if "trump" in reasons else sorted(reasons)[0]
        out[c] = reason
    return out


_PLAY = {c: {"id": "play:" + c, "type": "play", "card": c} for c in PACK}


class TarocchiState(State):
    GAME_ID = "tarocchi"
    NUM_SEATS = 4
    PACK = PACK
    PLAY_REFUSALS = ("follow", "trump")
    DECKS = ("tarocco-piemontese",)
    FIELDS = ("dealer", "phase", "hands", "discard", "discard_trumps", "trick", "leader",
              "to_move", "piles", "points", "tricks_won", "tricks_played", "last_trick",
              "played_by", "voids", "matto_seat")

    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options) -> "TarocchiState":
        s = cls.blank(seed, deck)
        s.dealer = s.draw_dealer()  # T7: random dealer
        pack = list(PACK)
        rng_for("tarocchi", seed, "deal").shuffle(pack)
        # T7: anticlockwise from the dealer's right: 15, 15, 15, and 17 to the dealer.
        hands: list[list[str]] = [[], [], [], []]
        for i in range(3):
            hands[(s.dealer + 1 + i) % 4] = sort_cards(pack[15 * i:15 * i + 15])
        hands[s.dealer] = sort_cards(pack[45:])
        s.hands = hands
        s.phase = "discard"
        s.discard = []
        s.discard_trumps = None
        s.trick = []
        s.leader = (s.dealer + 1) % 4
        s.to_move = s.dealer
        s.piles = [[], []]
        s.points = [0, 0]
        s.tricks_won = [0, 0]
        s.tricks_played = 0
        s.last_trick = None
        s.played_by = [[], [], [], []]
        s.voids = [[], [], [], []]
        s.matto_seat = None
        s.emit({"type": "dealt", "deal": 1, "dealer": s.dealer})
        for seat in range(4):
            s.emit({"type": "hand", "seat": seat, "cards": list(s.hands[seat])}, only=seat)
        return s

    # ----- rules -----------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        if self.phase == "play":
            legal = legal_cards(self.hands[self.to_move], self.trick)
            if not self.record:  # a search copy: shared, never mutated action objects
                return [_PLAY[c] for c in legal]
            return [{"id": "play:" + c, "type": "play", "card": c} for c in legal]
        if self.phase == "discard":
            return [{"id": f"discard:{a}+{b}", "type": "discard", "cards": [a, b]}
                    for a, b in legal_discards(self.hands[self.dealer])]
        return []

    def _apply(self, action: Action) -> None:
        if action["type"] == "discard":
            self._apply_discard(action["cards"])
            return
        seat, card = self.to_move, action["card"]
        led = led_suit(self.trick)
        self.hands[seat].remove(card)
        if led is not None and card != MATTO and SUIT[card] != led:
            # Public inference (T4): not following shows a void; not trumping either
            # shows no trumps.
            voids = self.voids[seat]
            if led not in voids:
                voids.append(led)
            if SUIT[card] != "T" and "T" not in voids:
                voids.append("T")
        self.trick.append([seat, card])
        self.played_by[seat].append(card)
        if card == MATTO:
            self.matto_seat = seat
        if self.record:
            self.emit({"type": "played", "seat": seat, "card": card})
        if len(self.trick) < 4:
            self.to_move = (seat + 1) % 4
            return
        winner = trick_winner(self.trick)
        team = winner % 2
        won = [c for _, c in self.trick if c != MATTO]
        pts = sum(CARD_POINTS[c] for c in won)
        self.piles[team].extend(won)
        self.points[team] += pts
        matto = len(won) == 3
        if matto:
            # T5: the Matto is never captured; it joins its player's team's pile.
            mteam = self.matto_seat % 2
            self.piles[mteam].append(MATTO)
            self.points[mteam] += CARD_POINTS[MATTO]
        self.tricks_won[team] += 1
        self.tricks_played += 1
        self.last_trick = {"cards": [{"seat": s, "card": c} for s, c in self.trick],
                           "winner": winner}
        self.trick = []
        self.leader = self.to_move = winner
        if self.record:
            event = {"type": "trick_won", "seat": winner, "cards": won, "points": pts}
            if matto:
                event["matto"] = self.matto_seat
            self.emit(event)
        if self.tricks_played == TRICKS:
            self._score()

    def _apply_discard(self, pair: list[str]) -> None:
        hand = self.hands[self.dealer]
        for c in pair:
            hand.remove(c)
        self.discard = sort_cards(pair)
        self.discard_trumps = sum(1 for c in pair if SUIT[c] == "T")
        # T2(c): the number of trumps is public; the cards only for the dealer (T10).
        self.emit({"type": "discarded", "seat": self.dealer, "trumps": self.discard_trumps,
                   "cards": list(self.discard)}, only=self.dealer)
        self.phase = "play"
        self.leader = self.to_move = (self.dealer + 1) % 4  # T7

    def _score(self) -> None:
        self.phase = "over"
        sheet = self.score_sheet()
        self.sheets.append(sheet)
        for line in sheet["lines"]:
            if line["key"] in ("discard", "matto") and line["points"] and \
                    line["detail"].get("handed_over"):
                self.emit({"type": "leftovers", "team": line["team"], "reason": line["key"],
                           "cards": list(line["detail"]["cards"])})
        self.emit({"type": "deal_scored", "sheet": sheet})
        self.emit({"type": "match_won", "winner_team": sheet["winner_team"],
                   "scores": list(sheet["totals"])})

    def score_sheet(self) -> dict:
        """T3, T5, T6: card points won in tricks by kind, the Matto and the discard;
        a team that won no trick hands over its Matto and (dealer's team) the discard."""
        dealer_team = self.dealer % 2
        matto_team = self.matto_seat % 2 if self.matto_seat is not None else None
        discard_to = dealer_team if self.tricks_won[dealer_team] else 1 - dealer_team
        matto_to = None
        if matto_team is not None:
            matto_to = matto_team if self.tricks_won[matto_team] else 1 - matto_team
        discard_pts = sum(CARD_POINTS[c] for c in self.discard)
        lines = []
        for t in (0, 1):
            won = [c for c in self.piles[t] if c != MATTO]
            honours = sort_cards(c for c in won if c in HONOURS)
            courts = [c for c in won if c[0] in "QNJ" and SUIT[c] != "T"]
            others = [c for c in won if CARD_POINTS[c] == 1]
            lines.append({"key": "honours", "team": t, "points": 5 * len(honours),
                          "detail": {"count": len(honours), "cards": honours}})
            lines.append({"key": "courts", "team": t, "points": sum(CARD_POINTS[c] for c in courts),
                          "detail": {"donne": sum(1 for c in courts if c[0] == "Q"),
                                     "cavalli": sum(1 for c in courts if c[0] == "N"),
                                     "fanti": sum(1 for c in courts if c[0] == "J")}})
            lines.append({"key": "other_cards", "team": t, "points": len(others),
                          "detail": {"count": len(others)}})
            lines.append({"key": "matto", "team": t,
                          "points": CARD_POINTS[MATTO] if matto_to == t else 0,
                          "detail": {"held": matto_to == t,
                                     "handed_over": matto_to == t and matto_team != t,
                                     "cards": [MATTO] if matto_to == t else []}})
            lines.append({"key": "discard", "team": t,
                          "points": discard_pts if discard_to == t else 0,
                          "detail": {"held": discard_to == t,
                                     "handed_over": discard_to == t and dealer_team != t,
                                     "cards": list(self.discard) if discard_to == t else [],
                                     "trumps": self.discard_trumps}})
        totals = [sum(l["points"] for l in lines if l["team"] == t) for t in (0, 1)]
        a, b = totals
        return {"deal": 1, "teams": self.teams, "lines": lines, "totals": totals,
                "winner_team": None if a == b else (0 if a > b else 1),  # T6
                "tricks": list(self.tricks_won), "dealer": self.dealer}

    def result(self) -> dict | None:
        if self.phase != "over":
            return None
        sheet = self.sheets[-1]
        return {"winner_team": sheet["winner_team"], "scores": list(sheet["totals"])}

    # ----- rule facts for the hint and the review --------------------------
    def card_points(self, card: str) -> int:
        return CARD_POINTS[card]

    def trick_points(self, cs: list[str]) -> int:
        """The Matto goes back to its own team's pile, not to the winner (T5)."""
        return sum(CARD_POINTS[c] for c in cs if c != MATTO)

    def is_trump(self, card: str) -> bool:
        return SUIT[card] == "T"

    def wins_trick_with(self, card: str) -> bool:
        trick = [list(t) for t in self.trick] + [[self.to_move, card]]
        return trick_winner(trick) == self.to_move

    def hidden_cards(self, seat: int) -> set[str]:
        """Other seats' hands, and the discard for all but the dealer until the end (T10)."""
        hidden = super().hidden_cards(seat)
        if seat != self.dealer and self.phase != "over":
            hidden.update(self.discard)
        return hidden

    def card_locations(self) -> dict[str, list[str]]:
        return {"hand0": self.hands[0], "hand1": self.hands[1], "hand2": self.hands[2],
                "hand3": self.hands[3], "discard": self.discard,
                "trick": [c for _, c in self.trick], "pile0": self.piles[0],
                "pile1": self.piles[1]}

    def check_invariants(self) -> None:
        super().check_invariants()
        require(self.points == [sum(CARD_POINTS[c] for c in p) for p in self.piles], self.points)
        require(sum(len(p) for p in self.played_by) == 4 * self.tricks_played + len(self.trick),
                "plays match the tricks")
        require(sum(self.tricks_won) == self.tricks_played, "tricks won = tricks played")
        if self.phase == "discard":
            require(not self.discard and len(self.hands[self.dealer]) == 17,
                    "the dealer holds 17 before the discard")
        else:
            require(len(self.discard) == 2, self.discard)
            require(not any(c in FIVE for c in self.discard), "T2(a): a 5-point card discarded")
            require(self.discard_trumps == sum(1 for c in self.discard if SUIT[c] == "T"),
                    "the announced trump count is the discard's")
            for seat in range(4):  # everybody plays one card per trick
                require(len(self.hands[seat]) + len(self.played_by[seat]) == TRICKS,
                        "every hand played or held 15 cards")
        # T4: a seat that showed a void (by not following or not trumping) never
        # held that suit afterwards: a broken obligation would show up here.
        for seat in range(4):
            for c in self.hands[seat]:
                require(SUIT[c] not in self.voids[seat], (
                    f"seat {seat} holds {c} after showing a void in {SUIT[c]}"))
        if self.phase == "over":
            sheet = self.sheets[-1]
            require(sum(sheet["totals"]) == TOTAL_POINTS, sheet["totals"])
            for t in (0, 1):
                require(sheet["totals"][t] == sum(
                    l["points"] for l in sheet["lines"] if l["team"] == t), "totals = sum of the lines")
                if self.tricks_won[t] == TRICKS:
                    require(sheet["totals"][t] == TOTAL_POINTS, "a sweep scores all 114")

    # ----- information -----------------------------------------------------
    def observation(self, seat: int) -> dict:
        over = self.phase == "over"
        show_discard = over or (seat == self.dealer and self.phase != "discard")
        return {
            **self.observation_head(seat),
            "table": [],
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": self.last_trick,
            "trump": None, "trump_suit": None,
            "stock": 0,
            "dealer": self.dealer,
            "leader": self.leader,
            "captured": [len(p) for p in self.piles],
            "tricks_won": list(self.tricks_won),
            # Every played card was seen, so the running points are public (the
            # discard counts only at the end); at the end, the final totals.
            "points": list(self.sheets[-1]["totals"]) if over else list(self.points),
            "played": [c for p in self.played_by for c in p],
            "discard_trumps": self.discard_trumps,  # T2(c), public
            "discard": list(self.discard) if show_discard else None,  # T10
            # The dealer's discard step: why each blocked card cannot go (T2).
            "discard_blocks": (discard_blocks(self.hands[seat])
                               if self.phase == "discard" and seat == self.dealer else None),
            # The play: why each card the seat to move may not play is refused (T4/T5).
            "play_blocks": (play_blocks(self.hands[seat], self.trick)
                            if self.phase == "play" and seat == self.to_move else None),
            "match_scores": None, "target": None, "deal": 1,
            "sheets": list(self.sheets),
            "result": self.result(),
        }

    def determinize(self, seat: int, rng: random.Random) -> "TarocchiState":
        """Re-deal the cards ``seat`` cannot see, consistently with every public fact:
        hand sizes, the voids shown in play, the discard's announced trump count and
        T2 (no 5-point card; trumps only under (i) or (ii), which constrains the
        dealer's hand). Uses only ``seat``'s view, so equal views give equal samples."""
        s = self.clone()
        if self.phase == "over":
            return s
        known = set(self.hands[seat])
        for p in self.played_by:
            known.update(p)
        dealer = self.dealer
        hide_discard = self.phase == "play" and seat != dealer
        if not hide_discard:
            known.update(self.discard)
        unseen = [c for c in PACK if c not in known]  # canonical order: the view only
        rng.shuffle(unseen)
        others = [p for p in range(4) if p != seat]
        caps = [len(self.hands[p]) for p in others]
        allowed = []
        for p in others:
            banned = set()
            for v in self.voids[p]:
                if v == "T":
                    banned.update(("T", "H"))
                else:
                    banned.update((v, "K" + v))
            allowed.append(banned)
        k = self.discard_trumps or 0
        branches: list[str | None] = [None]
        if hide_discard and k:
            # T2(b): trumps were discarded, so after the discard the dealer held
            # (i) no non-King suit card, or (ii) no trump. His plays may rule one out.
            played = self.played_by[dealer]
            opts = []
            if not any(CATEGORY[c] in _NON_KING_SUITS for c in played):
                opts.append("i")
            if not any(SUIT[c] == "T" for c in played):
                opts.append("ii")
            if len(opts) == 2 and rng.random() < 0.5:
                opts.reverse()
            branches = opts or [None]
        reserve = _hidden_discard(2 - k, k) if hide_discard else None
        for branch in branches:
            bans = [set(b) for b in allowed]
            if branch is not None:
                bans[others.index(dealer)].update(
                    _NON_KING_SUITS if branch == "i" else ("T", "H"))
            out = deal_constrained(unseen, caps, bans, CATEGORY, CATEGORIES, rng, reserve)
            if out is not None:
                break
        else:  # an inconsistent hand-built position: ignore the inferences
            out = deal_constrained(unseen, caps, [set() for _ in others], CATEGORY, CATEGORIES,
                                   rng, reserve)
            if out is None:
                return s
        hands, discard = out
        for p, h in zip(others, hands):
            s.hands[p] = sort_cards(h)
        if hide_discard:
            s.discard = sort_cards(discard)
        return s

    # ----- facts a solver needs ------------------------------------------------
    def plies_left(self) -> int | None:
        return sum(len(h) for h in self.hands) if self.phase == "play" else None


def _hidden_discard(n_plain: int, n_trumps: int):
    """For deal_constrained: the candidate hidden discards of ``n_trumps`` trumps
    2-20 and ``n_plain`` non-King suit cards (T2 and the announced count), in the
    (already shuffled) order of the unseen cards."""

    def picks(cards_left: list[str]):
        plain = [c for c in cards_left if CATEGORY[c] in _NON_KING_SUITS]
        trumps = [c for c in cards_left if CATEGORY[c] == "T"]
        if len(plain) < n_plain or len(trumps) < n_trumps:
            return iter(())
        return _discard_picks(plain, trumps, n_plain, n_trumps)

    return picks


def _discard_picks(plain: list[str], trumps: list[str], n_plain: int, n_trumps: int):
    """Candidate hidden discards in the (already shuffled) order of the cards."""
    if n_trumps == 0:
        for i in range(len(plain)):
            for j in range(i + 1, len(plain)):
                yield (plain[i], plain[j])
    elif n_trumps == 1:
        for t in trumps:
            for c in plain:
                yield (t, c)
    else:
        for i in range(len(trumps)):
            for j in range(i + 1, len(trumps)):
                yield (trumps[i], trumps[j])



# ----- the game, described once (games/description.py) ------------------------------
def lesson_moments(events: list[dict], snap: dict):
    """The lesson's moments: the Matto played, the honours scored, and the duties the
    snapshot shows (the discard, following suit, trumping)."""
    for ev in events:
        if ev["type"] == "played" and ev["card"] == MATTO:
            yield {"id": "matto", "seat": ev["seat"], "card": MATTO}
    line = _moments.sheet_line(events, "honours")
    if line:
        yield {"id": "honours", "team": line["team"], "cards": line.get("detail", {}).get("cards", []),
               "mine": line["team"] == _moments.team_of(snap, snap["seat"])}
    yield from _moments.your_duty(snap)


DESCRIPTION = Description(
    id="tarocchi", name="Tarocchi", order=60, seats=4, partnerships=True,
    decks=TarocchiState.DECKS, layout="tricks", stock=False, format="single_deal",
    cards_in_play=62, rules="tarocchi.md",
    terms=("honours", "trump", "rank_order", "card_points", "matto"),
    figures=(Figure("points", "avg", "total"), Figure("honours", "avg", "count", "honours")),
    lesson=Lesson(moments=("discard", "follow", "trump", "matto", "honours"),
                  deals={"tarocco-piemontese": (1, 1)}, detect=lesson_moments,
                  points_at={"discard": "choices", "follow": "table", "trump": "table", "matto": "table",
                             "honours": "scores"}),
    site=PLAYABLE,
    shortcut=Shortcut("tarocco-piemontese", "Tarocchi with the Piedmontese tarot"),
)
