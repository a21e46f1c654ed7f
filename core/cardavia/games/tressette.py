"""Tressette a due: two players, a 20-card stock whose drawn cards are shown, a match
over deals to 21 (rules/tressette.md, TR1…TR18; Tressette in quattro is
games/tressette4.py, this class with four seats and its calls).

Every rule is written for ``NUM_SEATS`` players in two teams (``State.teams``), as
Briscola's and Scopa's are, so the four-player form only says what changes. The
readings the rules file chooses, by number:

- TR1, TR4: rank 3 > 2 > Asso > Re > Cavallo > Fante > 7 > 6 > 5 > 4; the highest card
  of the led suit wins; no trumps.
- TR2, TR3, TR15: the first dealer is random; packets of five from the player after
  the dealer, twice (two players: 20 cards stay as the stock); the player after the
  dealer leads; the deal passes to the next seat (alternates in two).
- TR5: following suit is compulsory; a refused card says why (``play_blocks``, and
  ``apply`` raises ``Refused`` with the reason ``follow``).
- TR6: card points counted in thirds per team, floored once per team; +1 for the
  last trick: 11 per deal.
- TR7, TR8: after tricks 1-10 the winner draws, then the loser; each drawn card is
  shown to both (public ``drew`` events; ``shown`` keeps which held cards are known).
- TR9, TR10, TR11: accusi from the 10 dealt cards, declared by the engine for every
  player at the end of trick 1 (before the draw), in play order; off by default in
  two players (option ``accusi``), on in four.
- TR13: targets 11, 21, 31, 41; default 21 in two (31 when accusi are on and no
  target is given), 31 in four; checked after a whole deal: at least the target and
  more points wins, equal totals deal again.
- TR14: a side taking all 11 card points is marked ``cappotto`` on the sheet; no bonus.
- TR16, TR18: no weak-hand redeal, no *a perdere*, no napoletana *con la coda*.
- TR17: the calls, the accusi, the drawn cards, the stock count, hand sizes and the
  last trick are public; no running card points during a deal.
"""

from __future__ import annotations

import random

from .. import cards
from . import _moments
from ._sampling import deal_constrained
from ._tricks import refusals, stock_trick_places
from .base import Action, GameError, IllegalAction, State, require, rng_for
from .description import PLAYABLE, Description, Figure, Lesson, Shortcut

NAPOLETANE = cards.NAPOLETANE
# TR1: strength within a suit (higher wins).
STRENGTH = {"4": 0, "5": 1, "6": 2, "7": 3, "J": 4, "N": 5, "K": 6, "A": 7, "2": 8, "3": 9}
# TR6: card value in thirds of a point.
THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "N": 1, "J": 1}
DECK_THIRDS = 32
DEAL_POINTS = 11
SUIT = {c: c[-1] for c in NAPOLETANE}
TARGETS = (11, 21, 31, 41)
# TR9: the ranks that form combinations, and the declaration order within a player (TR10).
HONOURS = ("A", "2", "3")


def thirds(card: str) -> int:
    return THIRDS.get(card[:-1], 0)


def card_points(card: str) -> int:
    """The whole points a card scores by itself (an Asso's 1; the ⅓ cards count only
    three together, TR6): the site's pictures of the card points (deckinfo)."""
    return thirds(card) // 3


def strength(card: str) -> int:
    return STRENGTH[card[:-1]]


def winning_index(played: list[str]) -> int:
    """TR4: the index of the highest card of the led suit."""
    led = played[0][-1]
    best = 0
    for i in range(1, len(played)):
        c = played[i]
        if c[-1] == led and STRENGTH[c[:-1]] > STRENGTH[played[best][:-1]]:
            best = i
    return best


def legal_cards(hand: list[str], led: str | None) -> list[str]:
    """TR5: the cards of the led suit if the hand holds one, else any card."""
    if led is None:
        return list(hand)
    same = [c for c in hand if c[-1] == led]
    return same or list(hand)


def play_blocks(hand: list[str], trick: list) -> dict[str, dict]:
    """Why each card of ``hand`` may not follow ``trick`` (card → reason "follow"),
    from the same test as ``legal_cards``."""
    led = trick[0][1][-1] if trick else None
    legal = legal_cards(hand, led)
    duty = "follow" if led is not None and len(legal) < len(hand) else None
    return refusals(hand, legal, duty, led, SUIT)


def accusi(hand: list[str]) -> list[dict]:
    """TR9/TR10: the declarations a 10-card hand holds, in declaration order: each
    napoletana (Asso, 2, 3 of a suit: 3 points, its suit) by suit, then each
    buongioco by rank: three of Assi, 2 or 3 (3 points, the missing suit) or all four
    (4 points). A card may be in one napoletana and one buongioco."""
    held = set(hand)
    out = []
    for s in cards.SUITS:
        if all(r + s in held for r in HONOURS):
            out.append({"kind": "napoletana", "suit": s, "points": 3})
    for r in HONOURS:
        missing = [s for s in cards.SUITS if r + s not in held]
        if not missing:
            out.append({"kind": "four", "rank": r, "points": 4})
        elif len(missing) == 1:
            out.append({"kind": "three", "rank": r, "suit": missing[0], "points": 3})
    return out


def deal_score(team_thirds: list[int], last_team: int) -> list[int]:
    """TR6: each team's card points: its thirds floored, +1 for the last trick."""
    return [t // 3 + (1 if i == last_team else 0) for i, t in enumerate(team_thirds)]


class Refused(IllegalAction):
    """An illegal play with the rule that refuses it (``reason``: "follow", or a call's
    "false_volo", "false_striscio", "no_calls"); its protocol code stays
    ``illegal_action`` (bridge.ERROR_CODES), as the table reads reasons from the
    snapshot's ``play_blocks`` and ``call_blocks``."""

    def __init__(self, message: str, reason: str):
        super().__init__(message)
        self.reason = reason


class TressetteState(State):
    GAME_ID = "tressette"
    NUM_SEATS = 2
    DECKS = ("napoletane",)
    PACK = NAPOLETANE
    PLAY_REFUSALS = ("follow",)
    OPTIONS = {"accusi": False, "target": 21}
    FIELDS = ("options", "match_scores", "dealer", "deal_no", "first_leader", "hands", "dealt",
              "stock", "trick", "call", "leader", "to_move", "piles", "thirds", "last_trick",
              "tricks_played", "declared", "drawn", "shown", "voids", "holds", "over",
              "winner_team")
    HAND_SIZE = 10
    # the calls of TR12 (four players only)
    CALLS: tuple[str, ...] = ()

    # ----- construction ----------------------------------------------------
    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options) -> "TressetteState":
        s = cls.blank(seed, deck)
        s.options = cls.check_options(options)
        s.match_scores = [0, 0]
        s.dealer = s.draw_dealer()  # TR2: random first dealer
        s.deal_no = 1
        s.over = False
        s.winner_team = None
        s._start_deal()
        return s

    @classmethod
    def check_options(cls, options: dict) -> dict:
        """The options with their defaults; TR11/TR13: with accusi on in two players and
        no target given, the target is 31."""
        unknown = set(options) - set(cls.OPTIONS)
        if unknown:
            raise GameError(f"{cls.GAME_ID} has no option {', '.join(sorted(unknown))} "
                            f"(options: {', '.join(cls.OPTIONS)})", "bad_option")
        chosen = dict(cls.OPTIONS, **options)
        for key in chosen:
            if key != "target":
                chosen[key] = bool(chosen[key])
        if "target" not in options:
            chosen["target"] = cls.default_target(chosen)
        if chosen["target"] not in TARGETS:
            raise GameError(f"target must be 11, 21, 31 or 41, not {chosen['target']!r}",
                            "bad_option")
        return chosen

    @classmethod
    def default_target(cls, chosen: dict) -> int:
        """TR13: 21 in two players, 31 with accusi."""
        return 31 if chosen["accusi"] else 21

    @property
    def target(self) -> int:
        return self.options["target"]

    def _start_deal(self) -> None:
        """TR3: five each from the player after the dealer, twice; the rest is the stock."""
        n = self.NUM_SEATS
        rng = rng_for(self.GAME_ID, self.seed, self.deal_no)
        pack = list(self.pack())
        rng.shuffle(pack)
        first = (self.dealer + 1) % n
        self.hands = [[] for _ in range(n)]
        pos = 0
        for _ in range(2):
            for i in range(n):
                self.hands[(first + i) % n].extend(pack[pos:pos + 5])
                pos += 5
        self.stock = pack[pos:]
        self.dealt = [list(h) for h in self.hands]
        self.first_leader = self.leader = self.to_move = first  # TR2
        self.trick = []
        self.call = None
        self.piles = [[], []]
        self.thirds = [0, 0]
        self.last_trick = None
        self.tricks_played = 0
        self.declared = []
        self.drawn = []
        self.shown = [[] for _ in range(n)]
        self.voids = [[] for _ in range(n)]
        self.holds = [[] for _ in range(n)]
        self.emit({"type": "dealt", "deal": self.deal_no, "dealer": self.dealer,
                   "leader": first})
        for seat in range(n):
            self.emit({"type": "hand", "seat": seat, "cards": list(self.hands[seat])}, only=seat)

    # ----- rules -----------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.over else self.to_move

    def is_terminal(self) -> bool:
        return self.over

    @property
    def phase(self) -> str:
        return "over" if self.over else "play"

    @property
    def tricks_per_deal(self) -> int:
        return 40 // self.NUM_SEATS

    def led_suit(self) -> str | None:
        return self.trick[0][1][-1] if self.trick else None

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        hand = self.hands[self.to_move]
        out = []
        for c in legal_cards(hand, self.led_suit()):
            out.append({"id": f"play:{c}", "type": "play", "card": c})
            if not self.trick:
                for call in self.allowed_calls(hand, c):
                    out.append({"id": f"play:{c}:{call}", "type": "play", "card": c, "call": call})
        return out

    def allowed_calls(self, hand: list[str], card: str) -> list[str]:
        """TR12: the calls a leader may attach to ``card`` (none in two players)."""
        return []

    def call_blocks(self, hand: list[str], card: str) -> dict[str, str]:
        """TR12: the calls refused with ``card`` led, call → reason code."""
        return {}

    def apply(self, action_id: str) -> list:
        """As ``State.apply``, but an illegal play says why (TR5, TR12)."""
        if not self.over and action_id not in {a["id"] for a in self.legal_actions()}:
            parts = action_id.split(":")
            hand = self.hands[self.to_move]
            if len(parts) >= 2 and parts[0] == "play" and parts[1] in hand:
                card = parts[1]
                block = play_blocks(hand, self.trick).get(card)
                if block:
                    raise Refused(f"{cards.card_name(card)} may not be played: follow "
                                  f"{cards.SUIT_NAMES[block['suit']]} "
                                  f"({cards.card_name(block['card'])})", "follow")
                if len(parts) == 3:
                    why = self.call_blocks(hand, card).get(parts[2])
                    if why:
                        raise Refused(f"{parts[2]} is not allowed with {cards.card_name(card)} ({why})",
                                      why)
        return super().apply(action_id)

    def _apply(self, action: Action) -> None:
        seat, card = self.to_move, action["card"]
        n = self.NUM_SEATS
        led = self.led_suit()
        if led is not None and card[-1] != led and led not in self.voids[seat]:
            self.voids[seat].append(led)  # a public fact: no card of the led suit
        self.hands[seat].remove(card)
        if card in self.shown[seat]:
            self.shown[seat].remove(card)
        suit = card[-1]
        if suit in self.holds[seat]:
            self.holds[seat].remove(suit)  # the Striscio's promise is kept
        if not self.trick:
            self.drawn = []  # TR8: the drawn cards lie beside the stock until the next lead
            self.call = None
            call = action.get("call")
            if call:
                self.call = {"seat": seat, "call": call, "suit": suit}
                self._note_call(seat, call, suit)
        self.trick.append([seat, card])
        self.emit({"type": "played", "seat": seat, "card": card,
                   **({"call": action["call"]} if action.get("call") else {})})
        if len(self.trick) < n:
            self.to_move = (seat + 1) % n
            return
        self._finish_trick()

    def _note_call(self, seat: int, call: str, suit: str) -> None:
        """What a call makes public (TR12): nothing in two players."""

    def _finish_trick(self) -> None:
        n = self.NUM_SEATS
        played = [c for _, c in self.trick]
        winner = self.trick[winning_index(played)][0]
        team = self.team_of(winner)
        self.piles[team].extend(played)
        self.thirds[team] += sum(thirds(c) for c in played)
        self.last_trick = {"cards": [{"seat": s, "card": c} for s, c in self.trick],
                           "winner": winner, "call": self.call}
        self.trick = []
        self.tricks_played += 1
        self.emit({"type": "trick_won", "seat": winner, "cards": played})
        if self.tricks_played == 1 and self.options["accusi"]:
            self._declare()
        if self.stock:  # TR7, TR8: the winner draws, then the loser; both cards shown
            for i in range(n):
                drawer = (winner + i) % n
                card = self.stock.pop(0)
                self.hands[drawer].append(card)
                self.shown[drawer].append(card)
                self.drawn.append({"seat": drawer, "card": card})
                self.emit({"type": "drew", "seat": drawer, "card": card})
        self.leader = self.to_move = winner
        if self.tricks_played == self.tricks_per_deal:
            self._end_deal(last_team=team)

    def _declare(self) -> None:
        """TR10: every player in play order from the first trick's leader declares
        what his 10 dealt cards held."""
        for i in range(self.NUM_SEATS):
            seat = (self.first_leader + i) % self.NUM_SEATS
            for d in accusi(self.dealt[seat]):
                d = dict(d, seat=seat)
                self.declared.append(d)
                self.emit(dict(d, type="accuso"))

    def _end_deal(self, last_team: int) -> None:
        card_pts = deal_score(self.thirds, last_team)
        acc = [sum(d["points"] for d in self.declared if self.team_of(d["seat"]) == t)
               for t in (0, 1)]
        lines = [{"key": "card_points", "team": t, "points": self.thirds[t] // 3,
                  "detail": {"thirds": self.thirds[t], "cards": len(self.piles[t])}}
                 for t in (0, 1)]
        lines += [{"key": "last_trick", "team": last_team, "points": 1, "detail": {}}]
        if self.options["accusi"]:
            lines += [{"key": "accusi", "team": t, "points": acc[t],
                       "detail": {"declared": [d for d in self.declared
                                               if self.team_of(d["seat"]) == t]}}
                      for t in (0, 1)]
        totals = [card_pts[t] + acc[t] for t in (0, 1)]
        cappotto = next((t for t in (0, 1) if card_pts[t] == DEAL_POINTS), None)  # TR14
        sheet = {"deal": self.deal_no, "teams": self.teams, "lines": lines, "totals": totals,
                 "cappotto": cappotto,
                 "winner_team": None if totals[0] == totals[1] else int(totals[1] > totals[0])}
        self.sheets.append(sheet)
        self.emit({"type": "deal_scored", "sheet": sheet})
        for t in (0, 1):
            self.match_scores[t] += totals[t]
        a, b = self.match_scores
        if max(a, b) >= self.target and a != b:  # TR13
            self.over = True
            self.winner_team = 0 if a > b else 1
            self.emit({"type": "match_won", "winner_team": self.winner_team,
                       "scores": list(self.match_scores)})
            return
        self.dealer = (self.dealer + 1) % self.NUM_SEATS  # TR15
        self.deal_no += 1
        self._start_deal()

    def result(self) -> dict | None:
        if not self.over:
            return None
        return {"winner_team": self.winner_team, "scores": list(self.match_scores)}

    # ----- rule facts for the hint and the review --------------------------
    def card_points(self, card: str) -> int:
        """The whole points a card is worth by itself: an Asso's 1 (the ⅓ cards count
        only three together, at the deal's end, TR6)."""
        return thirds(card) // 3

    def winning_card(self) -> str | None:
        if not self.trick:
            return None
        return self.trick[winning_index([c for _, c in self.trick])][1]

    def wins_trick_with(self, card: str) -> bool:
        best = self.winning_card()
        return best is None or (card[-1] == best[-1] and STRENGTH[card[:-1]] > STRENGTH[best[:-1]])

    def card_locations(self) -> dict[str, list[str]]:
        return stock_trick_places(self.hands, self.stock, self.trick, self.piles)

    def hidden_cards(self, seat: int) -> set[str]:
        """TR8: a drawn card was shown to both, so its place is known."""
        return super().hidden_cards(seat) - {c for h in self.shown for c in h}

    def check_invariants(self) -> None:
        super().check_invariants()
        require(sum(self.thirds) == sum(thirds(c) for p in self.piles for c in p),
                "thirds = the thirds in the piles")
        for sheet in self.sheets:
            card_pts = sum(l["points"] for l in sheet["lines"] if l["key"] in ("card_points", "last_trick"))
            require(card_pts == DEAL_POINTS, sheet)  # TR6
        require(sum(sum(s["totals"][t] for s in self.sheets) for t in (0, 1))
                == sum(self.match_scores), "match scores = sum of the deals")
        for seat in range(self.NUM_SEATS):
            require(set(self.shown[seat]) <= set(self.hands[seat]), "shown cards are held")
            require(not any(c[-1] in self.voids[seat] for c in self.hands[seat]
                            if c not in self.shown[seat]), "a shown void holds no dealt card")

    # ----- information -----------------------------------------------------
    def observation(self, seat: int) -> dict:
        over = self.over
        to_move = self.current_player()
        hand = self.hands[seat]
        obs = {
            **self.observation_head(seat),
            # the hand as a player holds it: by suit, the strongest first (the state keeps
            # the dealt order, which the goldens and the players' sampling follow)
            "hand": sorted(hand, key=lambda c: (cards.SUITS.index(c[-1]), -STRENGTH[c[:-1]])),
            "table": [],
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "call": self.call,
            "last_trick": self.last_trick,
            "trump": None, "trump_suit": None,
            "stock": len(self.stock),
            "drawn": list(self.drawn),  # TR8
            "shown": [list(h) for h in self.shown],
            "dealer": self.dealer,
            "leader": self.leader,
            "captured": [len(p) for p in self.piles],
            "accusi": list(self.declared),  # TR17: public for the whole deal
            "points": None, "played": None,  # TR17: no running count
            "play_blocks": (play_blocks(hand, self.trick) if not over and seat == to_move else None),
            "match_scores": list(self.match_scores), "target": self.target,
            "deal": self.deal_no,
            "options": dict(self.options),
            "sheets": list(self.sheets),
            "result": self.result(),
        }
        if self.CALLS and not over and seat == to_move and not self.trick:
            obs["call_blocks"] = {c: self.call_blocks(hand, c) for c in hand}
        return obs

    def declared_cards(self, seat: int) -> tuple[set[str], set[str]]:
        """TR10: what ``seat``'s accusi say of his 10 dealt cards: the cards he surely
        held, and those he surely did not (the missing card of a three)."""
        held, not_held = set(), set()
        for d in self.declared:
            if d["seat"] != seat:
                continue
            if d["kind"] == "napoletana":
                held.update(r + d["suit"] for r in HONOURS)
            elif d["kind"] == "four":
                held.update(d["rank"] + s for s in cards.SUITS)
            else:
                held.update(d["rank"] + s for s in cards.SUITS if s != d["suit"])
                not_held.add(d["rank"] + d["suit"])
        return held, not_held

    def determinize(self, seat: int, rng: random.Random) -> "TressetteState":
        """Re-deal what ``seat`` cannot see, keeping every public fact: hand sizes, the
        shown draws still held (TR8), the cards the accusi declared (TR10), the voids
        shown by not following (with every draw shown, a void holds for the rest of the
        deal's unknown cards) and, in four, what a Volo (no more of the suit) or a
        Striscio (at least one more) said. Uses only ``seat``'s view."""
        s = self.clone()
        if self.over:
            return s
        others = [o for o in range(self.NUM_SEATS) if o != seat]
        fixed, banned = {}, {}
        for o in others:
            held, not_held = self.declared_cards(o)
            fixed[o] = sorted(set(self.shown[o]) | (held & set(self.hands[o])))
            banned[o] = not_held
        known = {c for o in others for c in fixed[o]}
        # canonical: the cards unseen by ``seat``, wherever they are
        unseen = sorted([c for o in others for c in self.hands[o] if c not in known] + self.stock)
        rng.shuffle(unseen)
        caps = [len(self.hands[o]) - len(fixed[o]) for o in others] + [len(self.stock)]
        # a card a three said is missing is a category of its own, banned from that hand
        category = dict(SUIT)
        special = sorted({c for o in others for c in banned[o]})
        for c in special:
            category[c] = c
        bans = []
        for o in others:
            ban = set(self.voids[o]) | banned[o]
            ban.update(c for c in special if c[-1] in self.voids[o])
            bans.append(ban)
        bans.append(set())
        needs = [(i, suit) for i, o in enumerate(others) for suit in self.holds[o]]
        dealt = None
        # a Striscio's promise by rejection (the samples stay uniform among those that
        # keep it); after 24 misses the last sample is kept
        for attempt in range(24 if needs else 1):
            if attempt:
                rng.shuffle(unseen)
            got = deal_constrained(unseen, caps, bans, category, cards.SUITS + tuple(special), rng)
            if got is None:
                break
            dealt = got[0]
            if all(any(c[-1] == suit for c in dealt[i]) for i, suit in needs):
                break
        require(dealt is not None, "no deal fits the public facts")
        for i, o in enumerate(others):
            s.hands[o] = dealt[i] + fixed[o]
            # the dealt hand as this world has it, for accusi still to come (TR10)
            s.dealt[o] = ([c for p, c in self.trick if p == o] + s.hands[o]
                          if self.tricks_played == 0 else [])
        s.stock = dealt[-1]
        return s

    # ----- facts a solver needs ------------------------------------------------
    def plies_left(self) -> int | None:
        return 40 - self.NUM_SEATS * self.tricks_played - len(self.trick)

    def all_cards_inferable(self, seat: int) -> bool:
        if self.stock:
            return False
        return sum(1 for o, h in enumerate(self.hands) if o != seat and h) <= 1

    def solver_key(self):
        return (*(tuple(sorted(h)) for h in self.hands), tuple(self.stock),
                tuple(c for _, c in self.trick), self.to_move, self.thirds[0], self.thirds[1])


# ----- the game, described once (games/description.py) ------------------------------
# The cards the definitions of the accusi picture (deckinfo reads TERM_CARDS): a
# napoletana of Coppe, a buongioco of three 3 (the 3 of Bastoni missing), an accuso of both.
TERM_CARDS = {
    "napoletana": (("AC", "2C", "3C"),),
    "buongioco": (("3C", "3D", "3S"),),
    "accuso": (("AC", "2C", "3C"), ("3C", "3D", "3S")),
}


def accuso_cards(d: dict) -> list[str]:
    """The cards an accuso declares (TR9): a napoletana's Asso, 2 and 3; a three's three
    cards (its missing suit left out); all four."""
    if d["kind"] == "napoletana":
        return [r + d["suit"] for r in HONOURS]
    return [d["rank"] + s for s in cards.SUITS if d["kind"] == "four" or s != d["suit"]]


def lesson_moments(events: list[dict], snap: dict):
    """The lesson's moments: the first cards drawn and shown to both (TR8), the duty to
    follow suit the snapshot shows (TR5), the deal's card points in thirds and how they
    round (TR6), an accuso where accusi are on (TR10) and, in four, a call (TR12)."""
    for ev in events:
        if ev["type"] == "drew":
            yield {"id": "drawn", "seat": ev["seat"], "card": ev["card"]}
        elif ev["type"] == "accuso":
            yield {"id": "accuso", "seat": ev["seat"], "points": ev["points"], "cards": accuso_cards(ev)}
        elif ev["type"] == "played" and ev.get("call"):
            # TR12: the word said with a lead (the coach names it by ``options``)
            yield {"id": "call", "seat": ev["seat"], "card": ev["card"], "options": ev["call"]}
    line = next((ln for ev in events if ev["type"] == "deal_scored"
                 for ln in ev["sheet"]["lines"] if ln["key"] == "card_points"
                 and ln["team"] == _moments.team_of(snap, snap["seat"])), None)
    if line:
        yield {"id": "thirds", "count": line["detail"]["thirds"], "points": line["points"]}
    for m in _moments.your_duty(snap):
        if m["id"] == "follow":
            yield m


DESCRIPTION = Description(
    id="tressette", name="Tressette", order=50, seats=2, partnerships=False,
    decks=TressetteState.DECKS, layout="tricks", stock=True, format="match",
    target=TressetteState.OPTIONS["target"], options=TressetteState.OPTIONS,
    rules="tressette.md",
    terms=("rank_order", "card_points", "ultima", "cappotto", "accuso", "napoletana", "buongioco"),
    figures=(Figure("points", "avg", "total"), Figure("last_trick", "rate", "line", "last_trick")),
    lesson=Lesson(moments=("follow", "drawn", "thirds"), deals={"napoletane": (1, 0)},
                  detect=lesson_moments,
                  points_at={"drawn": "stock", "follow": "table", "thirds": "scores"}),
    site=PLAYABLE, plugin="tressette",
    shortcut=Shortcut("napoletane", "Tressette with the Napoletane deck"),
)
