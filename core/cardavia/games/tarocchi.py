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

Computer players: ``determinize`` re-deals only what the seat cannot see, under
every public constraint (voids shown in play, the announced trump count and T2's
consequences for the dealer's hand, no 5-point card in the discard, hand sizes).
``greedy_key`` is one-ply partnership play on the seat's information; in the
sampled worlds of a search (clones) the play-out policy reads the sampled hands.
``candidate_actions`` keeps the 8 best discards by ``discard_value`` for search.
The search's play-out hook (``playout``) runs ``_fast_playout``: the same plays
and value as the generic loop, about 4x faster.
"""

from __future__ import annotations

import random

from .. import cards
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


POINTS = {c: _points(c) for c in PACK}
require(sum(POINTS.values()) == TOTAL_POINTS, "card points total 114")
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
    return POINTS[card]


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
    best_seat, best = None, None
    for seat, c in trick:
        if c == MATTO:
            continue
        if best is None or (SUIT[c] == SUIT[best] and STRENGTH[c] > STRENGTH[best]) or (
                SUIT[c] == "T" and SUIT[best] != "T"):
            best_seat, best = seat, c
    return best_seat


def _beats(card: str, best: str) -> bool:
    return (SUIT[card] == SUIT[best] and STRENGTH[card] > STRENGTH[best]) or (
        SUIT[card] == "T" and SUIT[best] != "T")


def trick_standing(trick) -> tuple:
    """(led suit, winning seat, winning card, points on the trick) of a trick in
    progress; the Matto neither sets the suit nor wins nor counts here."""
    led = win_seat = win_card = None
    points = 0
    for seat, c in trick:
        if c == MATTO:
            continue
        points += POINTS[c]
        if win_card is None:
            led, win_seat, win_card = SUIT[c], seat, c
        elif _beats(c, win_card):
            win_seat, win_card = seat, c
    return led, win_seat, win_card, points


def legal_cards(hand: list[str], trick: list) -> list[str]:
    """T4/T5: follow the led suit (trumps are a suit), else trump, else anything;
    the Matto is always playable. No duty to head the trick."""
    led = led_suit(trick)
    if led is None:
        return list(hand)
    same = [c for c in hand if SUIT[c] == led]
    if not same and led != "T":
        same = [c for c in hand if SUIT[c] == "T"]
    if not same:
        return list(hand)
    if MATTO in hand:
        return [c for c in hand if c == MATTO or c in same]
    return same


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


def discard_is_legal(hand: list[str], pair) -> bool:
    """T2 (see discard_fault)."""
    return discard_fault(hand, pair) is None


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


DISCARD_PRIOR = 2.0
# The deal is the match: a play-out is worth its margin plus this for a win.
WIN_BONUS = 10
_PLAY = {c: {"id": "play:" + c, "type": "play", "card": c} for c in PACK}


class TarocchiState(State):
    GAME_ID = "tarocchi"
    NUM_SEATS = 4
    DECKS = ("tarocco-piemontese",)
    # The normal player's search: the play-outs run in _fast_playout (about 4x the
    # generic loop), so 64 samples cost what 24 did; the 80 ms budget still bounds
    # a move (Pyodide ~2.2x: well under the browser's 800 ms p95 bar).
    SEARCH_SAMPLES = 64
    SEARCH_MS = 80.0
    FIELDS = ("dealer", "phase", "hands", "discard", "discard_trumps", "trick", "leader",
              "to_move", "piles", "points", "tricks_won", "tricks_played", "last_trick",
              "played_by", "voids", "matto_seat")

    def pack(self) -> tuple[str, ...]:
        return PACK

    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options) -> "TarocchiState":
        s = cls()
        s.deck = cls.check_deck(deck)
        s.seed = seed
        s.dealer = rng_for("tarocchi", seed, "dealer").randrange(4)  # T7: random dealer
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
                self._legal = (self.tricks_played * 8 + len(self.trick), legal)
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
        pts = sum(POINTS[c] for c in won)
        self.piles[team].extend(won)
        self.points[team] += pts
        matto = len(won) == 3
        if matto:
            # T5: the Matto is never captured; it joins its player's team's pile.
            mteam = self.matto_seat % 2
            self.piles[mteam].append(MATTO)
            self.points[mteam] += POINTS[MATTO]
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
        discard_pts = sum(POINTS[c] for c in self.discard)
        lines = []
        for t in (0, 1):
            won = [c for c in self.piles[t] if c != MATTO]
            honours = sort_cards(c for c in won if c in HONOURS)
            courts = [c for c in won if c[0] in "QNJ" and SUIT[c] != "T"]
            others = [c for c in won if POINTS[c] == 1]
            lines.append({"key": "honours", "team": t, "points": 5 * len(honours),
                          "detail": {"count": len(honours), "cards": honours}})
            lines.append({"key": "courts", "team": t, "points": sum(POINTS[c] for c in courts),
                          "detail": {"donne": sum(1 for c in courts if c[0] == "Q"),
                                     "cavalli": sum(1 for c in courts if c[0] == "N"),
                                     "fanti": sum(1 for c in courts if c[0] == "J")}})
            lines.append({"key": "other_cards", "team": t, "points": len(others),
                          "detail": {"count": len(others)}})
            lines.append({"key": "matto", "team": t,
                          "points": POINTS[MATTO] if matto_to == t else 0,
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
        require(self.points == [sum(POINTS[c] for c in p) for p in self.piles], self.points)
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
            "game": self.GAME_ID, "deck": self.deck, "seat": seat, "players": 4,
            "teams": self.teams,
            "to_move": self.current_player(),
            "phase": self.phase,
            "hand": list(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
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
        for branch in branches:
            bans = [set(b) for b in allowed]
            if branch is not None:
                bans[others.index(dealer)].update(
                    _NON_KING_SUITS if branch == "i" else ("T", "H"))
            out = _sample(unseen, others, caps, bans,
                          2 - k if hide_discard else 0, k if hide_discard else 0, rng)
            if out is not None:
                break
        else:  # an inconsistent hand-built position: ignore the inferences
            out = _sample(unseen, others, caps, [set() for _ in others],
                          2 - k if hide_discard else 0, k if hide_discard else 0, rng)
            if out is None:
                return s
        hands, discard = out
        for p, h in zip(others, hands):
            s.hands[p] = sort_cards(h)
        if hide_discard:
            s.discard = sort_cards(discard)
        return s

    # ----- one-ply knowledge for the greedy player ---------------------------
    def _context(self) -> dict:
        """What the mover knows about the current trick, cached per position."""
        key = self.tricks_played * 8 + len(self.trick)
        d = self.__dict__
        if d.get("_ctx_key") == key:
            return d["_ctx"]
        me = self.to_move
        trick = self.trick
        led, win_seat, win_card, points = trick_standing(trick)
        n_after = 3 - len(trick)
        played = 0
        for p in self.played_by:
            played += len(p)
        n_unseen = 62 - len(self.hands[me]) - played - (len(self.discard) if me == self.dealer
                                                         else 0)
        ctx = {
            "seen": None, "n_unseen": max(1, n_unseen), "unseen_count": {}, "top": {},
            "led": led, "winner": win_seat, "win_card": win_card, "trick_points": points,
            "after_opps": ((me + 1) % 4, (me + 3) % 4)[:1 if n_after < 3 else 2]
            if n_after else (),
            "partner_after": n_after >= 2, "pb": {},
        }
        d["_ctx_key"] = key
        d["_ctx"] = ctx
        return ctx

    def _seen(self, ctx: dict) -> set:
        seen = ctx["seen"]
        if seen is None:
            me = self.to_move
            seen = set(self.hands[me])
            for p in self.played_by:
                seen.update(p)
            if me == self.dealer:
                seen.update(self.discard)
            ctx["seen"] = seen
        return seen

    def _scan(self, ctx: dict, s: str) -> None:
        seen = self._seen(ctx)
        n = t = 0
        for c in BY_SUIT[s]:
            if c not in seen:
                n += 1
                if not t:
                    t = STRENGTH[c]
        ctx["unseen_count"][s] = n
        ctx["top"][s] = t

    def _top(self, ctx: dict, s: str) -> int:
        """Strength of the highest card of suit ``s`` the mover has not seen (0: none)."""
        if s not in ctx["top"]:
            self._scan(ctx, s)
        return ctx["top"][s]

    def _unseen(self, ctx: dict, s: str) -> int:
        if s not in ctx["unseen_count"]:
            self._scan(ctx, s)
        return ctx["unseen_count"][s]

    def _p_beaten(self, card: str, led: str, ctx: dict) -> float:
        """Rough chance that an opponent still to play beats ``card`` (now winning)."""
        opps = ctx["after_opps"]
        if not opps:
            return 0.0
        pb_cache = ctx["pb"]
        if card in pb_cache:
            return pb_cache[card]
        s = SUIT[card]
        higher = 0
        if self._top(ctx, s) > STRENGTH[card]:
            seen = self._seen(ctx)
            for c in BY_SUIT[s]:
                if STRENGTH[c] <= STRENGTH[card]:
                    break
                if c not in seen:
                    higher += 1
        n_unseen = ctx["n_unseen"]
        n_led = self._unseen(ctx, led)
        n_trumps = self._unseen(ctx, "T")
        keep = 1.0
        for p in opps:
            share = min(1.0, len(self.hands[p]) / n_unseen)
            voids = self.voids[p]
            if led == "T":
                pb = 0.0 if "T" in voids else 1 - (1 - share) ** higher
            else:
                pvoid = 1.0 if led in voids else (1 - share) ** n_led
                if s == "T":  # already trumped: beaten by a higher trump from a void player
                    pb = 0.0 if "T" in voids else pvoid * (1 - (1 - share) ** higher)
                else:
                    ptrump = 0.0 if "T" in voids else 1 - (1 - share) ** n_trumps
                    phigher = 0.0 if led in voids else 1 - (1 - share) ** higher
                    pb = pvoid * ptrump + (1 - pvoid) * phigher
            keep *= 1 - pb
        pb_cache[card] = 1 - keep
        return 1 - keep

    def greedy_key(self, action: Action) -> tuple:
        """Partnership one-ply play: expected swing of the trick's points (win it
        when it is worth it, smear points on a partner's safe trick, give little to
        the opponents), minus the future worth of the card spent (trumps, high
        cards, the Matto's free pass)."""
        if action["type"] == "discard":
            return self._discard_key(action["cards"])
        card = action["card"]
        ctx = self._context()
        led = ctx["led"]
        pc = POINTS[card]
        s = SUIT[card]
        if s == "T":
            cost = 0.0 if card == "T1" else 0.5 + 0.05 * STRENGTH[card]
        else:
            cost = 0.05 * STRENGTH[card]
        if card == MATTO:
            # It changes nothing in the trick and is always ours: a free pass,
            # best kept for when every other card gives points away.
            cost = 2.5 if self.tricks_played < 12 else 0.5
            w = ctx["winner"]
            if w is None:
                return (-cost, 0)
            if w % 2 == self.to_move % 2:
                sign = 1 - 2 * self._p_beaten(ctx["win_card"], led, ctx)
            else:
                sign = -0.4 if ctx["partner_after"] else -1.0
            return (sign * ctx["trick_points"] - cost, 0)
        if led is None:  # leading
            if STRENGTH[card] > self._top(ctx, s):  # the master card of its suit
                p = self._p_beaten(card, s, ctx) if s != "T" else 0.0
                value = (1 - 2 * p) * pc + (1 - p) * 1.5
            else:
                value = -0.8 * pc
            return (value - cost, -STRENGTH[card])
        w = ctx["winner"]
        win_card = ctx["win_card"]
        total = ctx["trick_points"] + pc
        if _beats(card, win_card):
            p = self._p_beaten(card, led, ctx)
            value = (1 - 2 * p) * total
        elif w % 2 == self.to_move % 2:
            p = self._p_beaten(win_card, led, ctx)
            value = (1 - 2 * p) * total
        else:
            q = 0.3 if ctx["partner_after"] else 0.0
            value = -(1 - 2 * q) * total
        return (value - cost, -STRENGTH[card])

    # In search, the computer players play out sampled worlds. There every hand
    # is a sample, so the play-out policy may read them: exact "can an opponent
    # still beat this card?" is both cheaper and sharper. Real positions use the
    # information-set key above.

    def playout_key(self, action: Action) -> tuple:
        if action["type"] == "discard":
            return self._discard_key(action["cards"])
        return (1,) if action["card"] == self._rollout_best() else (0,)

    def _rollout_best(self) -> str:
        """The play-out policy's card for this position (computed once per position):
        the same valuation as the greedy key, with exact knowledge of the sampled hands."""
        key = self.tricks_played * 8 + len(self.trick)
        d = self.__dict__
        if d.get("_rbest_key") == key:
            return d["_rbest"]
        me = self.to_move
        trick = self.trick
        led, win_seat, win_card, points = trick_standing(trick)
        n_after = 3 - len(trick)
        hands = self.hands
        ours = win_seat is not None and win_seat % 2 == me % 2
        opps = []
        partner = None
        for i in range(1, n_after + 1):
            if i == 2 and (ours or win_card is None):
                continue  # the partner's hand matters only against an opponent's card
            top = [-1, -1, -1, -1, -1, -1]
            for c in hands[(me + i) % 4]:
                j = SUIT_INDEX[c]
                if STRENGTH[c] > top[j]:
                    top[j] = STRENGTH[c]
            if i == 2:
                partner = top
            else:
                opps.append(top)
        if win_card is not None:
            win_safe = not any(_can_beat(t, led, win_card) for t in opps)
            partner_can = partner is not None and _can_beat(partner, led, win_card)
        early = self.tricks_played < 12
        best = None
        best_key = None
        cached = d.get("_legal")
        legal = cached[1] if cached and cached[0] == key else legal_cards(hands[me], trick)
        for card in legal:
            pc = POINTS[card]
            su = SUIT[card]
            st = STRENGTH[card]
            if card == MATTO:
                cost = 2.5 if early else 0.5
                if win_card is None:
                    value = 0.0
                elif ours:
                    value = points if win_safe else -points
                else:
                    value = -points
            else:
                if su == "T":
                    cost = 0.0 if card == "T1" else 0.5 + 0.05 * st
                else:
                    cost = 0.05 * st
                if led is None:
                    si = SUIT_INDEX[card]
                    for t in opps:  # can an opponent beat my lead (follow, else trump)?
                        ts = t[si]
                        if ts > st or (ts < 0 and su != "T" and t[0] >= 0):
                            value = -0.8 * pc
                            break
                    else:
                        value = pc + 1.5
                else:
                    total = points + pc
                    if _beats(card, win_card):
                        safe = not any(_can_beat(t, led, card) for t in opps)
                        value = total if safe else -total
                    elif ours:
                        value = total if win_safe else -total
                    else:
                        value = 0.0 if partner_can else -total
            k = (value - cost, -st)
            if best_key is None or k > best_key:
                best, best_key = card, k
        d["_rbest_key"] = key
        d["_rbest"] = best
        return best

    def rollout_value(self, team: int) -> float:
        """The deal's margin, plus a bonus for winning it (the deal is the match)."""
        return _deal_value(self, team, self.sheets[-1]["totals"])

    # Expert: more samples, and each sampled world solved exactly in the last
    # trick (4 plays).
    EXPERT_SAMPLES = 192
    SOLVE_PLIES = 4

    def plies_left(self) -> int | None:
        return sum(len(h) for h in self.hands) if self.phase == "play" else None

    def playout(self, team: int) -> float:
        """The search's play-out: _fast_playout plays this sampled world to the
        end with the play-out policy above (_rollout_best), on plain lists, and
        returns exactly what the generic loop and rollout_value would: keep the
        two in step (a test compares them)."""
        return _fast_playout(self, team)

    def _discard_key(self, pair: list[str]) -> tuple:
        return (discard_value(self.hands[self.dealer], pair),)

    def candidate_actions(self, limit: int = 8) -> list[Action]:
        """The legal actions worth searching: in the discard phase, the ``limit``
        best pairs by the greedy key (136 pairs are too many to play out)."""
        actions = self.legal_actions()
        if self.phase != "discard" or len(actions) <= limit:
            return actions
        return sorted(actions, key=self.greedy_key, reverse=True)[:limit]


def discard_value(hand: list[str], pair) -> float:
    """The dealer's one-ply view of a discard from ``hand``: bank high-point suit
    cards that risk capture, void or shorten suits so as to trump sooner, keep trumps."""
    value = 0.0
    for c in pair:
        s = SUIT[c]
        if s == "T":
            value -= 4 + 0.1 * STRENGTH[c]
            continue
        value += POINTS[c]
        if "K" + s not in hand and POINTS[c] > 1:
            value += 1.0  # an unguarded court is likely to fall to the King
    left: dict[str, int] = {}
    for c in hand:
        if c not in pair and SUIT[c] in _NON_KING_SUITS:
            left[SUIT[c]] = left.get(SUIT[c], 0) + 1
    for s in {SUIT[c] for c in pair if SUIT[c] in _NON_KING_SUITS}:
        n = left.get(s, 0)
        value += 3.0 if n == 0 else 0.5 if n == 1 else 0.0
    return value


def _can_beat(top: list, led: str, best: str) -> bool:
    """Whether a hand with highest strengths ``top`` (by SUIT_INDEX, -1: none) can
    legally beat ``best`` in a trick led in ``led`` (follow, else trump; T4)."""
    t = top[_SUIT_I[led]]
    if t >= 0:
        return SUIT[best] == led and t > STRENGTH[best]
    t = top[0]
    if t >= 0:
        return SUIT[best] != "T" or t > STRENGTH[best]
    return False


_INFO = {c: (SUIT_INDEX[c], STRENGTH[c], POINTS[c]) for c in PACK}


def _fast_playout(state, team: int) -> float:
    """Play the sampled world ``state`` to the end of the deal with the play-out
    policy of ``_rollout_best`` and return ``rollout_value(team)``: the same plays
    and value, on plain lists (no actions, events or score sheets) and with each
    hand's highest strength per suit kept up to date, about 2.5x faster."""
    info = _INFO
    hands = [list(h) for h in state.hands]
    trick_len = len(state.trick)
    tricks_played = state.tricks_played
    tricks_won = list(state.tricks_won)
    card_pts = [0, 0]
    for t in (0, 1):
        for c in state.piles[t]:
            if c != MATTO:
                card_pts[t] += POINTS[c]
    matto_seat = state.matto_seat
    me = state.to_move
    # The trick so far: led suit index, winning seat and card (suit index, strength).
    li = win_seat = None
    win_si = win_st = -1
    points = 0
    for seat, c in state.trick:
        if c == MATTO:
            continue
        si, st, pc = info[c]
        points += pc
        if li is None:
            li, win_seat, win_si, win_st = si, seat, si, st
        elif (si == win_si and st > win_st) or (si == 0 and win_si != 0):
            win_seat, win_si, win_st = seat, si, st
    tops = []
    for h in hands:
        top = [-1, -1, -1, -1, -1, -1]
        for c in h:
            si, st, _ = info[c]
            if st > top[si]:
                top[si] = st
        tops.append(top)
    while tricks_played < TRICKS:
        hand = hands[me]
        # Legal cards (T4/T5), in hand order.
        if li is None:
            legal = hand
        else:
            legal = [c for c in hand if info[c][0] == li]
            if not legal and li != 0:
                legal = [c for c in hand if info[c][0] == 0]
            if not legal:
                legal = hand
            elif MATTO in hand:
                legal.append(MATTO)  # its place is immaterial: no other key has strength 0
        if len(legal) == 1:
            best = legal[0]
        else:
            n_after = 3 - trick_len
            ours = win_seat is not None and (win_seat - me) % 2 == 0
            opps = [tops[(me + 1) % 4]] if n_after else []
            if n_after == 3:
                opps.append(tops[(me + 3) % 4])
            if li is not None:
                win_safe = True
                for t in opps:
                    v = t[li]
                    if (win_si == li and v > win_st) if v >= 0 else (
                            t[0] >= 0 and (win_si != 0 or t[0] > win_st)):
                        win_safe = False
                        break
                partner_can = False
                if n_after >= 2 and not ours:
                    t = tops[(me + 2) % 4]
                    v = t[li]
                    partner_can = (win_si == li and v > win_st) if v >= 0 else (
                        t[0] >= 0 and (win_si != 0 or t[0] > win_st))
            early = tricks_played < 12
            best = None
            best_key = None
            for card in legal:
                si, st, pc = info[card]
                if card == MATTO:
                    cost = 2.5 if early else 0.5
                    if li is None:
                        value = 0.0
                    elif ours:
                        value = points if win_safe else -points
                    else:
                        value = -points
                else:
                    if si == 0:
                        cost = 0.0 if st == 1 else 0.5 + 0.05 * st
                    else:
                        cost = 0.05 * st
                    if li is None:
                        for t in opps:
                            ts = t[si]
                            if ts > st or (ts < 0 and si != 0 and t[0] >= 0):
                                value = -0.8 * pc
                                break
                        else:
                            value = pc + 1.5
                    else:
                        total = points + pc
                        if (si == win_si and st > win_st) or (si == 0 and win_si != 0):
                            value = total
                            for t in opps:
                                v = t[li]
                                if (si == li and v > st) if v >= 0 else (
                                        t[0] >= 0 and (si != 0 or t[0] > st)):
                                    value = -total
                                    break
                        elif ours:
                            value = total if win_safe else -total
                        else:
                            value = 0.0 if partner_can else -total
                k = (value - cost, -st)
                if best_key is None or k > best_key:
                    best, best_key = card, k
        # Play it.
        hand.remove(best)
        si, st, pc = info[best]
        top = tops[me]
        if top[si] == st:  # its suit's top card left the hand
            v = -1
            for c in hand:
                i = info[c]
                if i[0] == si and i[1] > v:
                    v = i[1]
            top[si] = v
        trick_len += 1
        if best == MATTO:
            matto_seat = me
        else:
            points += pc
            if li is None:
                li, win_seat, win_si, win_st = si, me, si, st
            elif (si == win_si and st > win_st) or (si == 0 and win_si != 0):
                win_seat, win_si, win_st = me, si, st
        if trick_len < 4:
            me = (me + 1) % 4
            continue
        wt = win_seat % 2
        card_pts[wt] += points
        tricks_won[wt] += 1
        tricks_played += 1
        me = win_seat
        trick_len = 0
        li = win_seat = None
        win_si = win_st = -1
        points = 0
    totals = card_pts
    if matto_seat is not None:
        mt = matto_seat % 2
        totals[mt if tricks_won[mt] else 1 - mt] += POINTS[MATTO]
    dt = state.dealer % 2
    totals[dt if tricks_won[dt] else 1 - dt] += sum(POINTS[c] for c in state.discard)
    return _deal_value(state, team, totals)


def _deal_value(state, team: int, totals: list) -> float:
    """A finished play-out's value for ``team`` from the final ``totals``: the margin,
    the win bonus, and for the dealer's team a prior on the discard."""
    margin = totals[team] - totals[1 - team]
    value = margin + (WIN_BONUS if margin > 0 else -WIN_BONUS if margin < 0 else 0)
    if team == state.dealer % 2 and state.discard:
        # A prior on the discard, the one decision searched with a single sample
        # (136 pairs): it is the same for every action once the discard is made
        # (common samples), so it never changes a choice in the play.
        hand = state.played_by[state.dealer] + state.hands[state.dealer] + state.discard
        value += DISCARD_PRIOR * discard_value(hand, state.discard)
    return value


def _sample(unseen: list[str], slots: list[int], caps: list[int], bans: list[set],
            n_plain: int, n_trumps: int, rng: random.Random):
    """Deal the shuffled ``unseen`` cards: first a hidden discard of ``n_trumps``
    trumps 2-20 and ``n_plain`` non-King suit cards (when wanted), then the hands
    of ``slots`` (sizes ``caps``, banned categories ``bans``). None if impossible."""
    m = len(slots)
    masks = {}
    for cat in CATEGORIES:
        mask = 0
        for i in range(m):
            if cat not in bans[i]:
                mask |= 1 << i
        masks[cat] = mask

    def feasible(counts: dict, capacity: list[int]) -> bool:
        # Hall's condition: the cards that fit only in a set of hands fit in them.
        for cat, n in counts.items():
            if n and not masks[cat]:
                return False
        for subset in range(1, 1 << m):
            need = 0
            for cat, n in counts.items():
                if n and masks[cat] | subset == subset:
                    need += n
            room = 0
            for i in range(m):
                if subset >> i & 1:
                    room += capacity[i]
            if need > room:
                return False
        return True

    cards_left = list(unseen)
    discard: list[str] = []
    if n_plain or n_trumps:
        plain = [c for c in cards_left if CATEGORY[c] in _NON_KING_SUITS]
        trumps = [c for c in cards_left if CATEGORY[c] == "T"]
        if len(plain) < n_plain or len(trumps) < n_trumps:
            return None
        found = None
        for pick in _pairs(plain, trumps, n_plain, n_trumps):
            rest = [c for c in cards_left if c not in pick]
            counts: dict[str, int] = {}
            for c in rest:
                counts[CATEGORY[c]] = counts.get(CATEGORY[c], 0) + 1
            if feasible(counts, caps):
                found = pick
                break
        if found is None:
            return None
        discard = list(found)
        cards_left = [c for c in cards_left if c not in found]
    counts = {}
    for c in cards_left:
        counts[CATEGORY[c]] = counts.get(CATEGORY[c], 0) + 1
    if sum(caps) != len(cards_left) or not feasible(counts, caps):
        return None
    full = (1 << m) - 1
    hands: list[list[str]] = [[] for _ in range(m)]
    capacity = list(caps)
    free = []
    # Cards that are banned somewhere go first, one at a time, keeping the rest
    # feasible; then the unrestricted ones fill the remaining room at random.
    for c in cards_left:
        cat = CATEGORY[c]
        if masks[cat] == full:
            free.append(c)
            continue
        options = [i for i in range(m) if masks[cat] >> i & 1 and capacity[i]]
        counts[cat] -= 1
        r = rng.random() * sum(capacity[i] for i in options)
        first = options[-1] if options else None
        for i in options:
            r -= capacity[i]
            if r < 0:
                first = i
                break
        order = ([first] if first is not None else []) + [i for i in options if i != first]
        for i in order:
            capacity[i] -= 1
            if feasible(counts, capacity):
                hands[i].append(c)
                break
            capacity[i] += 1
        else:
            return None
    pos = 0
    for i in range(m):
        hands[i].extend(free[pos:pos + capacity[i]])
        pos += capacity[i]
    return hands, discard


def _pairs(plain: list[str], trumps: list[str], n_plain: int, n_trumps: int):
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
