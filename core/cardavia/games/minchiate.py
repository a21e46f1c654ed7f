"""Minchiate (Germini): four players in two partnerships, one deal of 21 tricks
with the 97-card Minchiate pack, settled in *resti* (rules/minchiate.md, §4.3
and resolutions M1–M25).

Implemented as written: a random dealer; the cutter is the dealer's left
(seat ``dealer - 1``, an opponent). The cut and the cutter's steal are
automatic and maximal (M1): from the bottom of the lifted packet up, up to 13
stealable cards, stopping at the first other card; stolen counting cards score
at once (M2). Deal of 10 then 11 from the dealer's right; the dealer's 21st
card is shown and scores if it counts (M3). The 13 - k leftovers are the fola
(M4): the dealer robs it card by card while the cards are stealable (each
scores), then takes, without scoring, every counting card and trump 29 left in
it (pigliare). The cutter then the dealer discard one card at a time (k, then
robbed + pigliati) under M5; discards are out of the deal (M6). Declarations
in turn from the dealer's right, each combination optional (M8), scored at
once; then the whole fola is shown (M7). 21 tricks (M9–M14), kills (M15), the
Matto settlement (M13), end scoring (M16–M19); resti are converted after every
scoring event (M20) and the remainder rounded up at the end (M21). The result
is net resti; 0 is a draw.

Readings chosen where the rules file is silent:
- The player on the dealer's right leads the first trick (play is
  anticlockwise from the dealer's right, as in the deal and the declarations).
- The card that stops the cutter's steal is not shown (only the stolen cards
  are); the card that stops the dealer's robbing was turned up, so it is
  public, and it goes back into the fola.
- The dealer has looked through the fola (pigliare), so he sees it before the
  reveal; nobody else does.
- Discards stay private to their owner until the end of the deal (M5 lets the
  UI show them after the first trick; the engine shows them on the score
  sheet). Their number is public.
- Each stolen or robbed counting card is its own scoring event; since they all
  go to one team, the resti come out the same as scoring the whole steal at once.
- A declaration that earns the Matto bonus (M16) shows the Matto with it.
- M5's edge case: with no discardable card left and cards still due, the
  lowest-valued cards are discarded: trump 29 first, then the lowest value.
- M13: the 0-point card paid for the Matto is the first by (trump 29 last,
  suit cards before trumps, deck order); with none, M25 decides.
- A trick the Matto was played to has three cards for the winner; the Matto
  goes to its own team's pile (M11), also in the last trick.

Seats are in playing order (anticlockwise): seat ``s + 1`` plays after ``s``.
The computer players' knowledge lives in ``ai/minchiate_policy.py``, which this
module never imports.
"""

from __future__ import annotations

import random

from .. import cards
from ._sampling import assign_slots
from . import _tricks
from ._tricks import follow_duty, refusals
from . import _moments
from .description import PLAYABLE, Description, Figure, Lesson, Shortcut
from .base import Action, GameError, State, rng_for

PACK = cards.MINCHIATE
MATTO = cards.MATTO
ORDER = {c: i for i, c in enumerate(PACK)}
TRICKS = 21
HAND = 21
MAX_STEAL = 13
RESTO = 60
TOTAL_POINTS = 142
KINGS = ("KC", "KD", "KS", "KB")


def _suit(c: str) -> str:
    if c == MATTO:
        return "M"
    return "T" if c[0] == "T" else c[-1]


SUIT = {c: _suit(c) for c in PACK}

# M14: rank within a suit, low to high. Coppe/Denari numerals run 10 (low) … A;
# Spade/Bastoni A (low) … 10; courts above numerals in every suit.
_NUMS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
_COURTS = ("J", "N", "Q", "K")
_LOW_TO_HIGH = {"C": tuple(reversed(_NUMS)) + _COURTS, "D": tuple(reversed(_NUMS)) + _COURTS,
                "S": _NUMS + _COURTS, "B": _NUMS + _COURTS}


def _strength(c: str) -> int:
    s = SUIT[c]
    if s == "M":
        return 0
    if s == "T":
        return int(c[1:])
    return _LOW_TO_HIGH[s].index(c[:-1]) + 1


STRENGTH = {c: _strength(c) for c in PACK}


def _value(c: str) -> int:
    """§4.2: the card's counting value (trump 29 is 0 alone)."""
    if c == MATTO or c in KINGS:
        return 5
    if SUIT[c] != "T":
        return 0
    n = int(c[1:])
    if n >= 36:
        return 10
    if 30 <= n <= 35 or n in (1, 10, 13, 20, 28):
        return 5
    if 2 <= n <= 5:
        return 3
    return 0


CARD_POINTS = {c: _value(c) for c in PACK}
if sum(CARD_POINTS.values()) != TOTAL_POINTS or sum(1 for v in CARD_POINTS.values() if v) != 25:
    raise RuntimeError("Minchiate card values must be 25 counting cards, 142 points (§4.2)")
COUNTING = frozenset(c for c in PACK if CARD_POINTS[c])
# §4.2: stealable = counting cards and trumps 21-40 (so 21-27 and 29 too).
STEALABLE = COUNTING | {f"T{n}" for n in range(21, 41)}


def card_value(card: str) -> int:
    """The one card valuation: the points a card counts (§4.2)."""
    return CARD_POINTS[card]


def combo_value(card: str) -> int:
    """A card's value inside a combination: trump 29 counts 5 there (M16)."""
    return 5 if card == "T29" else CARD_POINTS[card]


def sort_cards(cs) -> list[str]:
    return sorted(cs, key=ORDER.__getitem__)


# ----- discards (M5) ---------------------------------------------------------
def discard_block(card: str) -> str | None:
    """Why ``card`` may not be discarded (M5): "counting", "trump29"; None if it may."""
    if card == "T29":
        return "trump29"
    if CARD_POINTS[card]:
        return "counting"
    return None


def discard_blocks(hand: list[str]) -> dict[str, str]:
    """For the discard step, as Tarocchi's ``discard_blocks``: each card of ``hand``
    that may not go now, with ``discard_block``'s reason ("kept": a card that may
    go in general, kept back in M5's edge case)."""
    can = set(legal_discards(hand))
    return {c: discard_block(c) or "kept" for c in hand if c not in can}


def legal_discards(hand: list[str]) -> list[str]:
    """The cards that may be discarded next from ``hand`` (M5), in deck order. In the
    edge case with none left, the lowest-valued cards: trump 29 first, then by value."""
    ok = [c for c in hand if discard_block(c) is None]
    if ok or not hand:
        return sort_cards(ok)
    if "T29" in hand:
        return ["T29"]
    low = min(CARD_POINTS[c] for c in hand)
    return sort_cards(c for c in hand if CARD_POINTS[c] == low)


# ----- combinations (M16) ----------------------------------------------------
def combinations(held, matto_bonus: bool | None = None) -> list[dict]:
    """Every combination (M16) in the set ``held``: merged runs within 1-5 and 28-40,
    Matto+1+40, 1+13+28, tens (10-20-30, 20-30-40 or all four), three or four
    Kings. Each is ``{"id", "kind", "cards", "value"}``; a card may serve several.
    With the Matto in ``held`` (or ``matto_bonus``), +5 to each one but Matto+1+40."""
    held = set(held)
    bonus = (MATTO in held) if matto_bonus is None else matto_bonus
    found: list[tuple[str, str, list[str]]] = []
    for lo, hi in ((1, 5), (28, 40)):
        n = lo
        while n <= hi:
            if f"T{n}" not in held:
                n += 1
                continue
            m = n
            while m + 1 <= hi and f"T{m + 1}" in held:
                m += 1
            if m - n >= 2:
                found.append((f"run:{n}-{m}", "run", [f"T{i}" for i in range(n, m + 1)]))
            n = m + 1
    if {MATTO, "T1", "T40"} <= held:
        found.append(("matto-1-40", "matto_1_40", [MATTO, "T1", "T40"]))
    if {"T1", "T13", "T28"} <= held:
        found.append(("1-13-28", "1_13_28", ["T1", "T13", "T28"]))
    tens = [n for n in (10, 20, 30, 40) if f"T{n}" in held]
    if len(tens) == 4:
        found.append(("tens:10-40", "tens", ["T10", "T20", "T30", "T40"]))
    elif tens in ([10, 20, 30], [20, 30, 40]):
        found.append((f"tens:{tens[0]}-{tens[-1]}", "tens", [f"T{n}" for n in tens]))
    kings = [k for k in KINGS if k in held]
    if len(kings) >= 3:
        found.append(("kings", "kings", kings))
    out = []
    for cid, kind, cs in found:
        base = sum(combo_value(c) for c in cs)
        extra = 5 if bonus and kind != "matto_1_40" else 0
        out.append({"id": cid, "kind": kind, "cards": cs, "value": base + extra,
                    "matto_bonus": extra})
    return out


# ----- tricks (M9-M14) -------------------------------------------------------
def led_suit(trick: list) -> str | None:
    """The suit to follow: the first card's, or the next one's after a led Matto (M11)."""
    for _, c in trick:
        if c != MATTO:
            return SUIT[c]
    return None


def beats(card: str, best: str) -> bool:
    """M14: a trump beats any suit card; within a suit the higher card wins (the tarot
    games' one rule, _tricks.beats)."""
    return _tricks.beats(card, best, SUIT, STRENGTH)


def trick_winner(trick: list) -> int | None:
    """Who wins ``trick`` (list of [seat, card]) so far: the highest trump, else the
    highest card of the led suit; never the Matto (_tricks.trick_winner)."""
    return _tricks.trick_winner(trick, SUIT, STRENGTH, MATTO)


def king_due(hand, trick: list, led_before) -> str | None:
    """M10: the King of S that must be played now, if (a) S is led for the first
    time in the deal (M12: after a led Matto, the next card leads), (b) someone
    void in S has already trumped this trick, and (c) the hand holds that King."""
    led = led_suit(trick)
    if led is None or led == "T" or led in led_before:
        return None
    king = "K" + led
    if king not in hand:
        return None
    if any(SUIT[c] == "T" for _, c in trick):  # only a void player may trump a suit lead
        return king
    return None


def legal_cards(hand: list[str], trick: list, led_before) -> list[str]:
    """M9-M11: follow the led suit (trumps are a suit), else trump, else anything,
    no duty to overtrump; the Matto always, except when the King rule binds (M10)."""
    king = king_due(hand, trick, led_before)
    if king is not None:
        return [king]
    legal, duty = follow_duty(hand, led_suit(trick), SUIT, MATTO)
    if duty is not None and MATTO in legal:  # Minchiate's action order: a bound Matto last
        legal.remove(MATTO)
        legal.append(MATTO)
    return legal


def play_blocks(hand: list[str], trick: list, led_before) -> dict[str, dict]:
    """Why each card of ``hand`` may not be played to ``trick`` (card → reason), from
    the same tests as ``legal_cards``: "king" (M10 binds: {"card": the King}), else
    "follow" or "trump" (M9)."""
    led = led_suit(trick)
    king = king_due(hand, trick, led_before)
    if king is not None:
        return {c: {"code": "king", "suit": led, "card": king} for c in hand if c != king}
    legal, duty = follow_duty(hand, led, SUIT, MATTO)
    return refusals(hand, legal, duty, led, SUIT)


def matto_payment(pile: list[str], net_after=None) -> str | None:
    """M13: the card the Matto's team pays from its pile (0 points if it has one).
    M25: with no 0-point card, among the cards of the lowest value the one after
    which the Matto's team ends with the best net resti (``net_after(card)``; the
    state passes it), then the first in the canonical (pack) order."""
    options = [c for c in pile if c != MATTO]
    if not options:
        return None
    zero = [c for c in options if not CARD_POINTS[c]]
    if zero:
        return min(zero, key=lambda c: (c == "T29", SUIT[c] == "T", ORDER[c]))
    low = min(CARD_POINTS[c] for c in options)
    ties = sorted((c for c in options if CARD_POINTS[c] == low), key=ORDER.__getitem__)
    if net_after is None or len(ties) == 1:
        return ties[0]
    return max(ties, key=lambda c: (net_after(c), -ORDER[c]))


def resti_after(diff: int, resti: list[int]) -> tuple[int, list[int]]:
    """M20: while a team leads by 60 or more, it gains a resto and D moves 60 toward 0.
    Returns the new D and the teams that gained a resto, in order."""
    gained = []
    while diff >= RESTO or diff <= -RESTO:
        team = 0 if diff > 0 else 1
        resti[team] += 1
        gained.append(team)
        diff += -RESTO if diff > 0 else RESTO
    return diff, gained


_PLAY = {c: {"id": "play:" + c, "type": "play", "card": c} for c in PACK}
_DONE = {"id": "declare:done", "type": "pass"}


class MinchiateState(State):
    GAME_ID = "minchiate"
    NUM_SEATS = 4
    PACK = PACK
    PLAY_REFUSALS = ("king", "follow", "trump")
    DECKS = ("minchiate",)
    FIELDS = ("dealer", "cutter", "phase", "hands", "discards", "discard_due", "fola",
              "cut", "stolen", "shown", "robbed", "rob_stop", "pigliati", "declarations",
              "declarer", "fola_revealed", "trick", "leader", "to_move", "piles",
              "tricks_won", "tricks_played", "last_trick", "played_by", "voids", "lacks",
              "led_suits", "matto_seat", "diff", "resti", "meter", "ledger")

    # ----- the setup (§4.3 steps 1-7) --------------------------------------
    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options) -> "MinchiateState":
        s = cls.blank(seed, deck)
        s.dealer = s.draw_dealer()
        s.cutter = (s.dealer + 3) % 4  # the dealer's left
        pack = list(PACK)
        rng = rng_for("minchiate", seed, "deal")
        rng.shuffle(pack)
        cut = rng.randrange(MAX_STEAL + 1, len(pack) - MAX_STEAL)
        return s._setup(pack, cut)

    def _setup(self, pack: list[str], cut: int) -> "MinchiateState":
        """Cut, steal, deal, show, rob, pigliare: everything before the first choice."""
        s = self
        s.phase = "setup"  # no choice is asked before the discards
        s.hands = [[], [], [], []]
        s.discards = [[], [], [], []]
        s.discard_due = [0, 0, 0, 0]
        s.declarations = []
        s.declarer = None
        s.fola_revealed = False
        s.trick = []
        s.piles = [[], []]
        s.tricks_won = [0, 0]
        s.tricks_played = 0
        s.last_trick = None
        s.played_by = [[], [], [], []]
        s.voids = [[], [], [], []]
        s.lacks = [[], [], [], []]
        s.led_suits = []
        s.matto_seat = None
        s.diff = 0
        s.resti = [0, 0]
        s.meter = []  # every scoring event: the resti meter
        s.ledger = []  # every resto, with the event that earned it
        s.emit({"type": "dealt", "deal": 1, "dealer": s.dealer, "cutter": s.cutter})
        # Step 2 / M1: steal from the bottom of the lifted packet upwards.
        lifted, rest = pack[:cut], pack[cut:]
        stolen = []
        while lifted and len(stolen) < MAX_STEAL and lifted[-1] in STEALABLE:
            stolen.append(lifted.pop())
        s.cut = {"seat": s.cutter, "position": cut, "stolen": len(stolen)}
        s.stolen = list(stolen)
        s.emit({"type": "cut", "seat": s.cutter, "stolen": len(stolen)})
        s.hands[s.cutter].extend(stolen)
        for c in stolen:
            s.emit({"type": "steal", "seat": s.cutter, "card": c, "value": CARD_POINTS[c]})
            if CARD_POINTS[c]:
                s._score(s.cutter % 2, CARD_POINTS[c], "steal", [c])
        pack = rest + lifted  # complete the cut
        # Step 3 / M3: 10 each then 11 each from the dealer's right.
        pos = 0
        for size in (10, 11):
            for i in range(1, 5):
                seat = (s.dealer + i) % 4
                s.hands[seat].extend(pack[pos:pos + size])
                pos += size
        s.shown = pack[pos - 1]
        fola = pack[pos:]  # step 4 / M4: 13 - k cards
        for seat in range(4):
            s.hands[seat] = sort_cards(s.hands[seat])
            s.emit({"type": "hand", "seat": seat, "cards": list(s.hands[seat])}, only=seat)
        s.emit({"type": "shown", "seat": s.dealer, "card": s.shown, "value": CARD_POINTS[s.shown]})
        if CARD_POINTS[s.shown]:
            s._score(s.dealer % 2, CARD_POINTS[s.shown], "shown", [s.shown])
        # Step 5: the dealer robs the fola while its cards are stealable.
        s.robbed = []
        s.rob_stop = None
        while fola and fola[0] in STEALABLE:
            c = fola.pop(0)
            s.robbed.append(c)
            s.hands[s.dealer].append(c)
            s.emit({"type": "rob", "seat": s.dealer, "card": c, "value": CARD_POINTS[c]})
            if CARD_POINTS[c]:
                s._score(s.dealer % 2, CARD_POINTS[c], "rob", [c])
        if fola:
            s.rob_stop = fola[0]
            s.emit({"type": "rob_stop", "seat": s.dealer, "card": s.rob_stop})
        # Step 6: pigliare, every counting card and trump 29 left, without scoring.
        s.pigliati = sort_cards(c for c in fola if c in COUNTING or c == "T29")
        s.fola = sort_cards(c for c in fola if c not in s.pigliati)
        s.hands[s.dealer].extend(s.pigliati)
        if s.pigliati:
            s.emit({"type": "pigliati", "seat": s.dealer, "cards": list(s.pigliati)})
        s.hands[s.dealer] = sort_cards(s.hands[s.dealer])
        # Step 7 / M5: discards back to 21.
        s.discard_due[s.cutter] = len(s.stolen)
        s.discard_due[s.dealer] = len(s.robbed) + len(s.pigliati)
        s.phase = "discard"
        s.leader = (s.dealer + 1) % 4
        s.to_move = None
        s._next_discarder()
        return s

    def _next_discarder(self) -> None:
        for seat in (self.cutter, self.dealer):
            if self.discard_due[seat]:
                self.to_move = seat
                return
        self.phase = "declare"
        self.declarer = (self.dealer + 1) % 4
        self.to_move = self.declarer

    # ----- the resti meter (M20, M21) --------------------------------------
    def _score(self, team: int, points: int, kind: str, cs: list[str] | None = None,
               other: int = 0, **detail) -> None:
        """A scoring event: ``points`` to ``team`` (and ``other`` to the other team),
        then M20's conversion of every whole 60 of lead into a resto."""
        pts = [0, 0]
        pts[team] += points
        pts[1 - team] += other
        self.diff += pts[0] - pts[1]
        self.diff, gained = resti_after(self.diff, self.resti)
        entry = {"seq": len(self.meter), "kind": kind, "points": pts, "phase": self.phase,
                 "trick": self.tricks_played, "diff": self.diff, "resti": list(self.resti)}
        if cs is not None:
            entry["cards"] = list(cs)
        entry.update(detail)
        self.meter.append(entry)
        if self.record:
            self.emit(dict(entry, type="scored"))
        for t in gained:
            self._resto(t, kind, final=False)

    def _resto(self, team: int, kind: str, final: bool) -> None:
        entry = {"team": team, "event": kind, "seq": len(self.meter) - 1,
                 "trick": self.tricks_played, "final": final}
        self.ledger.append(entry)
        if self.record:
            self.emit(dict(entry, type="resto", resti=list(self.resti)))

    # ----- rules -----------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def declarable(self, seat: int) -> list[dict]:
        """The combinations in ``seat``'s hand not yet declared by it (M8, M16)."""
        done = {d["combo"] for d in self.declarations if d["seat"] == seat}
        return [c for c in combinations(self.hands[seat]) if c["id"] not in done]

    def legal_actions(self) -> list[Action]:
        if self.phase == "play":
            legal = legal_cards(self.hands[self.to_move], self.trick, self.led_suits)
            if not self.record:  # a search copy: shared, never mutated action objects
                return [_PLAY[c] for c in legal]
            return [{"id": "play:" + c, "type": "play", "card": c} for c in legal]
        if self.phase == "discard":
            return [{"id": "discard:" + c, "type": "discard", "card": c}
                    for c in legal_discards(self.hands[self.to_move])]
        if self.phase == "declare":
            return [{"id": "declare:" + c["id"], "type": "declare", "combo": c["id"],
                     "kind": c["kind"], "cards": list(c["cards"]), "value": c["value"],
                     "matto_bonus": c["matto_bonus"]}
                    for c in self.declarable(self.to_move)] + [dict(_DONE)]
        return []

    def _apply(self, action: Action) -> None:
        kind = action["type"]
        if kind == "play":
            self._apply_play(action["card"])
        elif kind == "discard":
            self._apply_discard(action["card"])
        elif kind == "declare":
            self._apply_declare(action)
        elif kind == "pass":
            self._end_declaring()
        else:
            raise GameError(f"unknown action type {kind!r}", "illegal_action")

    def _apply_discard(self, card: str) -> None:
        seat = self.to_move
        self.hands[seat].remove(card)
        self.discards[seat].append(card)
        self.discard_due[seat] -= 1
        self.emit({"type": "discarded", "seat": seat, "card": card,
                   "left": self.discard_due[seat]}, only=seat)
        if not self.discard_due[seat]:
            self._next_discarder()

    def _apply_declare(self, action: Action) -> None:
        seat = self.to_move
        team = seat % 2
        decl = {"seat": seat, "team": team, "combo": action["combo"], "kind": action["kind"],
                "cards": list(action["cards"]), "value": action["value"],
                "matto_bonus": action["matto_bonus"]}
        self.declarations.append(decl)
        self.emit(dict(decl, type="declared"))
        self._score(team, action["value"], "declare", action["cards"], combo=action["combo"],
                    seat=seat, matto_bonus=action["matto_bonus"])

    def _end_declaring(self) -> None:
        nxt = (self.to_move + 1) % 4
        if nxt != (self.dealer + 1) % 4:
            self.declarer = self.to_move = nxt
            return
        # Step 9 / M7: the fola is shown to all and stays out of play.
        self.declarer = None
        self.fola_revealed = True
        self.emit({"type": "fola_revealed", "cards": list(self.fola)})
        self.phase = "play"
        self.leader = self.to_move = (self.dealer + 1) % 4

    def _apply_play(self, card: str) -> None:
        seat = self.to_move
        trick = self.trick
        led = led_suit(trick)
        if self.record:
            self._note_inferences(seat, card, led)
        self.hands[seat].remove(card)
        trick.append([seat, card])
        self.played_by[seat].append(card)
        if card == MATTO:
            self.matto_seat = seat
        if self.record:
            self.emit({"type": "played", "seat": seat, "card": card})
        if len(trick) < 4:
            self.to_move = (seat + 1) % 4
            return
        self._finish_trick()

    def _note_inferences(self, seat: int, card: str, led: str | None) -> None:
        """Public facts shown by a play (M9, M10): voids, and a King not held."""
        if led is None or card == MATTO:
            return
        due = king_due(["K" + led] if led != "T" else [], self.trick, self.led_suits)
        if due is not None and card != due and due not in self.lacks[seat]:
            self.lacks[seat].append(due)
        if SUIT[card] != led:
            voids = self.voids[seat]
            if led not in voids:
                voids.append(led)
            if SUIT[card] != "T" and "T" not in voids:
                voids.append("T")

    def _finish_trick(self) -> None:
        trick = self.trick
        winner = trick_winner(trick)
        team = winner % 2
        led = led_suit(trick)
        if led not in self.led_suits:
            self.led_suits.append(led)
        won = [c for _, c in trick if c != MATTO]
        self.piles[team].extend(won)
        matto = len(won) == 3
        if matto:
            self.piles[self.matto_seat % 2].append(MATTO)  # M11: never captured
        self.tricks_won[team] += 1
        self.tricks_played += 1
        self.last_trick = {"cards": [{"seat": s, "card": c} for s, c in trick], "winner": winner}
        self.trick = []
        self.leader = self.to_move = winner
        if self.record:
            # points: the counting cards the trick adds to the winner's pile (M19's end
            # count), as every trick game's trick_won says; a kill follows as "scored"
            event = {"type": "trick_won", "seat": winner, "cards": won,
                     "points": self.trick_points(won), "trick": self.tricks_played}
            if matto:
                event["matto"] = self.matto_seat
            self.emit(event)
        # M15: the kill, the opponents' counting cards in the trick.
        killed = [c for s, c in trick if s % 2 != team and c != MATTO and CARD_POINTS[c]]
        if killed:
            self._score(team, sum(CARD_POINTS[c] for c in killed), "kill", killed, seat=winner)
        if self.tricks_played == TRICKS:
            self._end_deal()

    # ----- the end (M13, M17-M21) -------------------------------------------
    def _settle_matto(self) -> dict | None:
        """M13: the Matto's team pays one 0-point card, or the Matto itself if it won
        no trick. Returns what was paid, or None if the Matto was not played."""
        if self.matto_seat is None:
            return None
        mteam = self.matto_seat % 2
        pile = self.piles[mteam]
        if self.tricks_won[mteam]:
            card = matto_payment(pile, lambda c: self.net_resti_after_paying(mteam, c))
            reason = "exchange"
        else:
            card = MATTO
            reason = "no_tricks"
        if card is None:
            return None
        pile.remove(card)
        self.piles[1 - mteam].append(card)
        return {"from_team": mteam, "to_team": 1 - mteam, "card": card, "reason": reason}

    def end_points(self, piles: list[list[str]] | None = None) -> list[dict]:
        """M17-M19: each team's end lines from its pile (after M13), or from ``piles``."""
        lines = []
        last = self.last_trick["winner"] % 2 if self.last_trick else None
        for t in (0, 1):
            pile = (piles or self.piles)[t]
            counted = sort_cards(c for c in pile if CARD_POINTS[c])
            lines.append({"key": "card_points", "team": t,
                          "points": sum(CARD_POINTS[c] for c in counted),
                          "detail": {"cards": counted}})
            lines.append({"key": "cards_beyond_42", "team": t,
                          "points": max(0, len(pile) - 42), "detail": {"cards": len(pile)}})
            for combo in combinations(pile):
                lines.append({"key": "combination", "team": t, "points": combo["value"],
                              "detail": {"combo": combo["id"], "kind": combo["kind"],
                                         "cards": combo["cards"],
                                         "matto_bonus": combo["matto_bonus"]}})
            lines.append({"key": "last_trick", "team": t, "points": 10 if last == t else 0,
                          "detail": {}})
        return lines

    def net_resti_after_paying(self, mteam: int, card: str) -> int:
        """M25: the Matto's team's net resti at the end (M16-M21) if it pays ``card``
        (counted in the opponents' pile); the state is left as it is."""
        piles = [list(p) for p in self.piles]
        piles[mteam].remove(card)
        piles[1 - mteam].append(card)
        lines = self.end_points(piles)
        pts = [sum(l["points"] for l in lines if l["team"] == t) for t in (0, 1)]
        resti = list(self.resti)
        diff, _ = resti_after(self.diff + pts[0] - pts[1], resti)
        if diff:
            resti[0 if diff > 0 else 1] += 1
        return resti[mteam] - resti[1 - mteam]

    def _end_deal(self) -> None:
        paid = self._settle_matto()
        if paid is not None:
            self.emit(dict(paid, type="matto_settled"))
        lines = self.end_points()
        pts = [sum(l["points"] for l in lines if l["team"] == t) for t in (0, 1)]
        self._score(0, pts[0], "end", other=pts[1])
        if self.diff:  # M21: the rest of the lead rounds up to one more resto
            team = 0 if self.diff > 0 else 1
            self.resti[team] += 1
            self.diff = 0
            self._resto(team, "end", final=True)
        self.phase = "over"
        self.to_move = None
        sheet = self.score_sheet(lines, paid)
        self.sheets.append(sheet)
        self.emit({"type": "deal_scored", "sheet": sheet})
        self.emit({"type": "match_won", "winner_team": sheet["winner_team"],
                   "scores": list(sheet["totals"])})

    def score_sheet(self, end_lines: list[dict], paid: dict | None) -> dict:
        """Every point and every resto and where it came from; totals are resti."""
        lines = []
        for e in self.meter:
            if e["kind"] == "end":
                continue
            for t in (0, 1):
                if e["points"][t]:
                    line = {"key": e["kind"], "team": t, "points": e["points"][t],
                            "detail": {k: v for k, v in e.items()
                                       if k not in ("kind", "points", "diff", "resti")}}
                    lines.append(line)
        lines.extend(end_lines)
        for r in self.ledger:
            lines.append({"key": "resto", "team": r["team"], "points": 0, "resti": 1,
                          "detail": {"event": r["event"], "seq": r["seq"], "trick": r["trick"],
                                     "final": r["final"]}})
        points = [sum(e["points"][t] for e in self.meter) for t in (0, 1)]
        a, b = self.resti
        return {"deal": 1, "teams": self.teams, "lines": lines, "totals": list(self.resti),
                "points": points, "net_resti": a - b,
                "winner_team": None if a == b else (0 if a > b else 1),
                "tricks": list(self.tricks_won), "dealer": self.dealer, "cutter": self.cutter,
                "matto": paid, "discards": [sort_cards(d) for d in self.discards],
                "fola": list(self.fola)}

    def result(self) -> dict | None:
        if self.phase != "over":
            return None
        sheet = self.sheets[-1]
        return {"winner_team": sheet["winner_team"], "scores": list(sheet["totals"]),
                "net_resti": sheet["net_resti"]}

    # ----- rule facts for the hint and the review --------------------------
    def card_points(self, card: str) -> int:
        return CARD_POINTS[card]

    def trick_points(self, cs: list[str]) -> int:
        """The Matto goes back to its own team's pile, not to the winner (M11)."""
        return sum(CARD_POINTS[c] for c in cs if c != MATTO)

    def discard_points(self, cs: list[str]) -> int:
        """M6: discards are out of the deal and score for nobody."""
        return 0

    def is_trump(self, card: str) -> bool:
        return SUIT[card] == "T"

    def wins_trick_with(self, card: str) -> bool:
        trick = [list(t) for t in self.trick] + [[self.to_move, card]]
        return trick_winner(trick) == self.to_move

    # ----- places and invariants -------------------------------------------
    def card_locations(self) -> dict[str, list[str]]:
        places = {f"hand{p}": self.hands[p] for p in range(4)}
        places.update({f"discard{p}": self.discards[p] for p in range(4)})
        places.update(fola=self.fola, trick=[c for _, c in self.trick],
                      pile0=self.piles[0], pile1=self.piles[1])
        return places

    def public_holdings(self) -> list[list[str]]:
        """Per seat, the cards everybody saw it take or show (stolen, the shown card,
        robbed, pigliati, declared) that it has not played yet."""
        held: list[set] = [set(), set(), set(), set()]
        held[self.cutter].update(self.stolen)
        held[self.dealer].add(self.shown)
        held[self.dealer].update(self.robbed)
        held[self.dealer].update(self.pigliati)
        for d in self.declarations:
            held[d["seat"]].update(d["cards"])
            if d["matto_bonus"]:
                held[d["seat"]].add(MATTO)
        return [sort_cards(h - set(self.played_by[p])) for p, h in enumerate(held)]

    def public_cards(self) -> set[str]:
        """Cards whose identity every seat has seen (not always where they are now)."""
        seen = set(self.stolen) | {self.shown} | set(self.robbed) | set(self.pigliati)
        if self.rob_stop:
            seen.add(self.rob_stop)
        for d in self.declarations:
            seen.update(d["cards"])
            if d["matto_bonus"]:
                seen.add(MATTO)
        if self.fola_revealed:
            seen.update(self.fola)
        return seen

    def hidden_cards(self, seat: int) -> set[str]:
        """Other hands, the others' discards until the end, and the fola before it is
        shown (except to the dealer), less the cards everybody has seen."""
        hidden = set()
        for p in range(4):
            if p != seat:
                hidden.update(self.hands[p])
                if self.phase != "over":
                    hidden.update(self.discards[p])
        if not self.fola_revealed and seat != self.dealer:
            hidden.update(self.fola)
        return hidden - self.public_cards()

    def check_invariants(self) -> None:
        super().check_invariants()

        def fail(msg: str) -> None:
            raise AssertionError(msg)

        played = sum(len(p) for p in self.played_by)
        if played != 4 * self.tricks_played + len(self.trick):
            fail(f"{played} cards played in {self.tricks_played} tricks + {len(self.trick)}")
        if sum(self.tricks_won) != self.tricks_played:
            fail("tricks won do not add up")
        k = len(self.stolen)
        if not 0 <= k <= MAX_STEAL or len(self.fola) + len(self.robbed) + len(
                self.pigliati) != 13 - k:
            fail("M4: the fola was not 13 - k cards")
        for p in range(4):
            for c in self.discards[p]:
                if discard_block(c) is not None:
                    fail(f"M5: {c} discarded by seat {p}")
        want = {self.cutter: k, self.dealer: len(self.robbed) + len(self.pigliati)}
        for p in range(4):
            if len(self.discards[p]) + self.discard_due[p] != want.get(p, 0):
                fail(f"seat {p} discarded the wrong number of cards")
            if self.phase != "discard" and len(self.hands[p]) + len(self.played_by[p]) != HAND:
                fail(f"seat {p} does not hold 21 cards")
        if any(c in COUNTING or c == "T29" for c in self.fola):
            fail("a counting card or trump 29 was left in the fola")
        for seat in range(4):  # M9: a void shown in play never held that suit afterwards
            for c in self.hands[seat]:
                if SUIT[c] in self.voids[seat] or c in self.lacks[seat]:
                    fail(f"seat {seat} holds {c} after showing it could not")
        # M20: the meter replays to the same D and resti.
        diff, resti = 0, [0, 0]
        for e in self.meter:
            diff, _ = resti_after(diff + e["points"][0] - e["points"][1], resti)
            if diff != e["diff"] or resti != e["resti"]:
                fail(f"resti meter out of step at event {e['seq']}")
        finals = [r for r in self.ledger if r["final"]]
        if self.phase == "over":
            resti[0 if diff > 0 else 1] += 1 if diff else 0
            if len(finals) != (1 if diff else 0):
                fail("M21: the final rounding is wrong")
            if self.tricks_played != TRICKS or sum(len(p) for p in self.piles) != 84:
                fail("84 cards must be played in 21 tricks")
        if resti != self.resti or len(self.ledger) != sum(resti):
            fail("resti do not match the meter")

    # ----- information -----------------------------------------------------
    def observation(self, seat: int) -> dict:
        over = self.phase == "over"
        see_fola = self.fola_revealed or seat == self.dealer or over
        obs = {
            **self.observation_head(seat),
            "table": [],
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": self.last_trick,
            "trump": None, "trump_suit": None, "stock": 0,
            "dealer": self.dealer, "cutter": self.cutter, "leader": self.leader,
            "captured": [len(p) for p in self.piles],
            "tricks_won": list(self.tricks_won),
            "played": [c for p in self.played_by for c in p],
            "points": [sum(e["points"][t] for e in self.meter) for t in (0, 1)],
            "setup": {"cut": dict(self.cut), "stolen": list(self.stolen),
                      "stolen_values": [CARD_POINTS[c] for c in self.stolen],
                      "shown": self.shown, "shown_value": CARD_POINTS[self.shown],
                      "robbed": list(self.robbed),
                      "robbed_values": [CARD_POINTS[c] for c in self.robbed],
                      "rob_stop": self.rob_stop, "pigliati": list(self.pigliati)},
            "declarations": [dict(d) for d in self.declarations],
            "fola": list(self.fola) if see_fola else None,
            "fola_count": len(self.fola),
            "fola_revealed": self.fola_revealed,
            "discard_due": list(self.discard_due),
            "discard_counts": [len(d) for d in self.discards],
            "discards": list(self.discards[seat]),
            "meter": {"diff": self.diff, "resti": list(self.resti),
                      "events": [dict(e) for e in self.meter], "resti_log": list(self.ledger)},
            "match_scores": None, "target": None, "deal": 1,
            "sheets": list(self.sheets),
            "result": self.result(),
        }
        if self.phase == "discard" and self.to_move == seat:
            obs["discard_blocks"] = discard_blocks(self.hands[seat])
        if self.phase == "play" and self.to_move == seat:  # why a card is refused (M9-M11)
            obs["play_blocks"] = play_blocks(self.hands[seat], self.trick, self.led_suits)
        if self.phase == "declare":
            obs["combinations"] = [dict(c, declared=c["id"] in {
                d["combo"] for d in self.declarations if d["seat"] == seat})
                for c in combinations(self.hands[seat])]
        return obs

    def determinize(self, seat: int, rng: random.Random) -> "MinchiateState":
        """A copy of this state whose cards hidden from ``seat`` are re-dealt at random
        under every public fact: hand, discard and hidden-fola sizes; cards seen taken
        (stolen, shown, robbed, pigliati: in the taker's hand or his discard; declared:
        in his hand); voids shown in play and Kings shown absent (M10); only 0-point
        cards other than 29 in a discard (M5) or in the fola after pigliare. Uses only
        ``seat``'s view: equal views, equal samples."""
        s = self.clone()
        if self.phase == "over":
            return s
        slots = []  # (kind, seat, capacity)
        known = set(self.hands[seat]) | set(self.discards[seat])
        for p in self.played_by:
            known.update(p)
        sees_fola = self.fola_revealed or seat == self.dealer
        if sees_fola:
            known.update(self.fola)
        elif self.rob_stop:
            known.add(self.rob_stop)
        public = self.public_holdings()
        declared = [set(), set(), set(), set()]
        for d in self.declarations:
            declared[d["seat"]].update(d["cards"])
            if d["matto_bonus"]:
                declared[d["seat"]].add(MATTO)
        others = [p for p in range(4) if p != seat]
        for p in others:
            fixed = declared[p] - known
            slots.append(("hand", p, len(self.hands[p]) - len(fixed)))
            known |= fixed  # a declared card not yet played is in the declarer's hand
        for p in others:
            if self.discards[p]:
                slots.append(("discard", p, len(self.discards[p])))
        if not sees_fola:
            slots.append(("fola", None, len(self.fola) - (1 if self.rob_stop else 0)))
        unseen = [c for c in PACK if c not in known]  # canonical order: the view only
        rng.shuffle(unseen)
        n = len(slots)
        holder = {}
        for p in others:
            for c in public[p]:
                holder[c] = p
        masks = []
        for c in unseen:
            free = discard_block(c) is None
            owner = holder.get(c)
            mask = 0
            for i, (kind, p, _) in enumerate(slots):
                if kind == "hand":
                    if owner is not None and owner != p:
                        continue
                    if SUIT[c] in self.voids[p] or c in self.lacks[p]:
                        continue
                    mask |= 1 << i
                elif kind == "discard":
                    if free and (owner is None or owner == p):
                        mask |= 1 << i
                elif free and owner is None:  # the hidden fola
                    mask |= 1 << i
            masks.append(mask)
        caps = [cap for _, _, cap in slots]
        placed = assign_slots(masks, caps, n, rng)
        if placed is None:  # an inconsistent hand-built position: keep it as it is
            return s
        fills: list[list[str]] = [[] for _ in slots]
        for c, i in zip(unseen, placed):
            fills[i].append(c)
        for (kind, p, _), got in zip(slots, fills):
            if kind == "hand":
                s.hands[p] = sort_cards(got + [c for c in self.hands[p] if c in declared[p]])
            elif kind == "discard":
                s.discards[p] = got
            else:
                s.fola = sort_cards(got + ([self.rob_stop] if self.rob_stop else []))
        return s



# ----- the game, described once (games/description.py) ------------------------------
def lesson_moments(events: list[dict], snap: dict):
    """The lesson's moments: the cut, a steal, a kill, the resti, and the steps the
    snapshot shows (the declaration, the discard)."""
    me = snap["seat"]
    for ev in events:
        if ev["type"] == "cut":
            yield {"id": "cut", "seat": ev["seat"], "count": ev.get("stolen", 0)}
        elif ev["type"] == "steal":
            yield {"id": "steal", "seat": ev["seat"], "card": ev["card"], "points": ev.get("value", 0)}
        elif ev["type"] == "scored" and ev.get("kind") == "kill":
            team = 0 if ev["points"][0] else 1
            yield {"id": "kill", "cards": ev.get("cards", []), "points": max(ev["points"]),
                   "mine": team == _moments.team_of(snap, me)}
        elif ev["type"] == "resto" and ev.get("final"):
            yield {"id": "resti", "team": ev["team"], "resti": ev.get("resti", [0, 0]),
                   "mine": ev["team"] == _moments.team_of(snap, me)}
    if snap.get("your_turn") and snap.get("phase") == "declare" \
            and any(a.get("type") == "declare" for a in snap.get("legal", [])):
        yield {"id": "declare"}
    for m in _moments.your_duty(snap):
        if m["id"] == "discard":
            yield m


DESCRIPTION = Description(
    id="minchiate", name="Minchiate", order=70, seats=4, partnerships=True,
    decks=MinchiateState.DECKS, layout="tricks", stock=False, format="single_deal",
    rules="minchiate.md",
    terms=("trump", "rank_order", "card_points", "matto", "versicola", "kill", "fola", "resti"),
    figures=(Figure("resti", "avg", "total"), Figure("points", "avg", "points")),
    lesson=Lesson(moments=("cut", "steal", "discard", "declare", "kill", "resti"),
                  deals={"minchiate": (7, 0)}, detect=lesson_moments,
                  points_at={"cut": "stock", "steal": "stock", "discard": "choices", "declare": "choices",
                             "kill": "scores", "resti": "scores"}),
    site=PLAYABLE, plugin="minchiate",
    shortcut=Shortcut("minchiate", "Minchiate with the Florentine deck"),
)
