"""The one small surface every game module exposes.

Modelled on OpenSpiel's game files: a ``State`` with ``current_player()``,
``legal_actions()``, ``apply()``, ``is_terminal()``, a per-seat
``observation()``, exact ``to_json()``/``from_json()`` and ``determinize()``
(OpenSpiel's ``resample_from_infostate``), so that the computer players, the
match driver, the bridge, the simulator and the generic tests are written once
for all games.

Seats are numbered in playing order: in the four-player games, which play
anticlockwise, seat ``s + 1`` sits on the right of seat ``s``. Teams are lists
of seats; a two-player game has two one-seat teams.
"""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

Action = dict[str, Any]  # {"id": str, "type": str, ...JSON description}
Event = dict[str, Any]


class GameError(ValueError):
    """An error with a stable code, reported to the UI as ``{"code", "message"}``."""

    code = "bad_request"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        if code:
            self.code = code


class IllegalAction(GameError):
    code = "illegal_action"


class NotYourTurn(GameError):
    code = "not_your_turn"


class InvariantError(AssertionError):
    """A broken rule-independent or game invariant: a bug, never a player's
    mistake. Raised explicitly, so ``python -O`` does not skip the checks."""


def require(condition: Any, message: Any = "invariant broken") -> None:
    """Raise InvariantError with ``message`` unless ``condition`` holds."""
    if not condition:
        raise InvariantError(message)


def rng_for(*parts: Any) -> random.Random:
    """A generator seeded from a tuple of parts; string seeding (sha512) is stable
    across Python versions, so CPython 3.11 and Pyodide deal the same cards."""
    return random.Random("cardavia:" + ":".join(str(p) for p in parts))


def _copy(x: Any) -> Any:
    """Deep copy of plain JSON-like data, several times faster than ``copy.deepcopy``."""
    if isinstance(x, list):
        return [_copy(v) if isinstance(v, (list, dict)) else v for v in x]
    if isinstance(x, dict):
        return {k: _copy(v) if isinstance(v, (list, dict)) else v for k, v in x.items()}
    return x


def sweep_by_sum(table: list[str], values: dict) -> bool:
    """A sweep test for the fishing games: a lone card, or cards whose capture
    values (by rank, ``values``) are all known and sum to at most 10."""
    if len(table) <= 1:
        return bool(table)
    total = 0
    for t in table:
        v = values.get(t[:-1])
        if v is None:
            return False
        total += v
    return total <= 10


class State:
    """Base class of every game's state. Subclasses fill in the rules."""

    GAME_ID: ClassVar[str] = ""
    NUM_SEATS: ClassVar[int] = 2
    DECKS: ClassVar[tuple[str, ...]] = ()
    # Fields copied by to_json/clone; each subclass lists its own.
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        self.deck = self.DECKS[0] if self.DECKS else ""
        self.seed = 0
        self.sheets: list[dict] = []
        # False in search copies (clone): no events are built, and legal_actions
        # may hand out shared action dicts that nobody changes.
        self.record = True
        self._events: list[tuple[Event, int | None]] = []

    # ----- construction --------------------------------------------------
    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options: Any) -> "State":
        """A fresh game, dealt from ``seed``."""
        raise NotImplementedError

    @classmethod
    def blank(cls, seed: int, deck: str | None) -> "State":
        """The empty state every ``new`` starts from: ``seed`` and the checked ``deck``."""
        s = cls()
        s.deck = cls.check_deck(deck)
        s.seed = seed
        return s

    def draw_dealer(self) -> int:
        """The first dealer, drawn from the seed as every game with a dealer draws it."""
        return rng_for(self.GAME_ID, self.seed, "dealer").randrange(self.NUM_SEATS)

    @classmethod
    def check_deck(cls, deck: str | None) -> str:
        deck = deck or cls.DECKS[0]
        if deck not in cls.DECKS:
            raise GameError(f"{cls.GAME_ID} is not played with the {deck!r} deck "
                            f"(decks: {', '.join(cls.DECKS)})", "unknown_deck")
        return deck

    # ----- teams ---------------------------------------------------------
    @property
    def teams(self) -> list[list[int]]:
        if self.NUM_SEATS == 4:
            return [[0, 2], [1, 3]]
        return [[s] for s in range(self.NUM_SEATS)]

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.NUM_SEATS == 4 else seat

    # ----- the surface each game implements ------------------------------
    def current_player(self) -> int | None:
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out a legal action (already validated)."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def observation(self, seat: int) -> dict:
        """What ``seat`` may know, as JSON: never another seat's hidden cards."""
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A full state whose hidden cards are sampled consistently with what
        ``seat`` knows; its own hand and every public fact are unchanged. The
        facts are those the rules make certain (voids shown by not following,
        hand sizes, a rule's ban on a card); a player's guesses beyond them
        belong to its policy (ai/policy.py ``determinize_reading``)."""
        raise NotImplementedError

    def result(self) -> dict | None:
        """``{"winner_team", "scores"}`` once terminal."""
        raise NotImplementedError

    def card_locations(self) -> dict[str, list[str]]:
        """Every card of the pack in play, by place (hands, stock, table, piles…)."""
        raise NotImplementedError

    def observation_head(self, seat: int) -> dict:
        """The fields every game's snapshot opens with: who and where, and ``seat``'s hand."""
        return {
            "game": self.GAME_ID, "deck": self.deck, "seat": seat, "players": self.NUM_SEATS,
            "teams": self.teams,
            "to_move": self.current_player(),
            "phase": self.phase,
            "hand": list(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
        }

    def hidden_cards(self, seat: int) -> set[str]:
        """Cards ``seat`` must not see: other seats' hands and the face-down stock.
        Games with other secrets (a discard) extend it; the leak tests use it."""
        places = self.card_locations()
        hidden = set(places.get("stock", ()))
        for other in range(self.NUM_SEATS):
            if other != seat:
                hidden.update(places.get(f"hand{other}", ()))
        return hidden

    # a game played with part of its deck (or a deck of its own) names its pack here
    PACK: ClassVar[tuple[str, ...] | None] = None
    # the codes a snapshot's ``play_blocks`` may give (why a card is refused in play);
    # a game whose every card in hand is always playable has none
    PLAY_REFUSALS: ClassVar[tuple[str, ...]] = ()

    def pack(self) -> tuple[str, ...]:
        """The cards this game is played with."""
        from .. import cards
        return self.PACK if self.PACK is not None else cards.DECKS[self.deck]

    def check_invariants(self) -> None:
        """Raise InvariantError if the state breaks a rule-independent invariant:
        every card of the pack in exactly one place. Games add their own checks."""
        places = self.card_locations()
        seen = [c for where in places.values() for c in where]
        if sorted(seen) != sorted(self.pack()):
            dup = sorted({c for c in seen if seen.count(c) > 1})
            missing = sorted(set(self.pack()) - set(seen))
            raise InvariantError(f"cards not conserved: duplicated {dup}, missing {missing}")

    # ----- shared machinery ----------------------------------------------
    def apply(self, action_id: str) -> list[Event]:
        """Apply the legal action with this id; an illegal one raises
        :class:`IllegalAction` and leaves the state unchanged."""
        if self.is_terminal():
            raise IllegalAction("the game is over")
        for action in self.legal_actions():
            if action["id"] == action_id:
                start = len(self._events)
                self._apply(action)
                return [e for e, _ in self._events[start:]]
        raise IllegalAction(f"{action_id!r} is not a legal action now "
                            f"(legal: {', '.join(a['id'] for a in self.legal_actions())})")

    def emit(self, event: Event, only: int | None = None) -> None:
        """Record an event; ``only`` marks it private to one seat (others see it
        without its ``card``/``cards`` fields)."""
        if self.record:
            self._events.append((event, only))

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """Events from index ``start`` as ``seat`` may see them."""
        out = []
        for event, only in self._events[start:]:
            if only is not None and seat != only:
                event = {k: v for k, v in event.items() if k not in ("card", "cards")}
            out.append(event)
        return out

    @property
    def event_count(self) -> int:
        return len(self._events)

    def clone(self) -> "State":
        """A deep copy without the event log, for search."""
        other = object.__new__(type(self))
        for name in self.FIELDS + ("deck", "seed"):
            setattr(other, name, _copy(getattr(self, name)))
        other.sheets = list(self.sheets)  # finished sheets are never mutated
        other.record = False
        other._events = []
        return other

    def to_json(self) -> dict:
        """Exact state as JSON (events are not part of the state)."""
        data = {name: copy.deepcopy(getattr(self, name)) for name in self.FIELDS}
        data.update(game=self.GAME_ID, deck=self.deck, seed=self.seed,
                    sheets=copy.deepcopy(self.sheets))
        return data

    @classmethod
    def from_json(cls, data: dict) -> "State":
        if data.get("game") != cls.GAME_ID:
            raise GameError(f"not a {cls.GAME_ID} state", "bad_save")
        state = object.__new__(cls)
        State.__init__(state)
        try:
            for name in cls.FIELDS + ("deck", "seed", "sheets"):
                setattr(state, name, copy.deepcopy(data[name]))
        except KeyError as missing:
            raise GameError(f"saved state lacks {missing}", "bad_save") from None
        return state

    # ----- facts for search and the table ----------------------------------
    # The rules' side of what a computer player needs; its judgement (budgets,
    # one-ply keys, play-outs, values) is in ai/policy.py, never here.
    def deal_index(self) -> int:
        """How many deals are finished; a play-out stops when it grows."""
        return len(self.sheets)

    # ----- rule facts for the hint and the review (ai/advice.py) -----------
    # Each game states its own; these defaults fit a game without the notion.
    # PRIZE_CARD: a card whose capture scores a point by itself (Scopa's settebello).
    PRIZE_CARD: ClassVar[str | None] = None

    def card_points(self, card: str) -> int:
        """The points ``card`` counts in the game's end count (0: none, or no such count)."""
        return 0

    def trick_points(self, cs: list[str]) -> int:
        """The card points a trick of ``cs`` brings its winner."""
        return sum(self.card_points(c) for c in cs)

    def discard_points(self, cs: list[str]) -> int:
        """The card points a discard of ``cs`` banks for the discarder's team."""
        return sum(self.card_points(c) for c in cs)

    def is_trump(self, card: str) -> bool:
        return False

    def wins_trick_with(self, card: str) -> bool:
        """Whether ``card``, played now by the player to move, would be winning the
        trick (later players in a four-player trick may still beat it)."""
        return False

    def top_trumps(self, hand: list[str]) -> list[str]:
        """The trumps in ``hand`` that the game's rules make worth keeping for the
        last tricks (Briscola: its Ace and Three); none by default."""
        return []

    def could_sweep(self, table: list[str]) -> bool:
        """Whether one card could take every card of ``table`` (a fishing game's sweep)."""
        return False

    def tallies(self) -> dict | None:
        """What the deal would score if it ended now, from public facts only (the live
        tallies at the table): ``{"lines": [...], "totals": [...]}`` in the score
        sheet's terms, or None where only the running ``points`` are public."""
        return None

    def plies_left(self) -> int | None:
        """Plays left in the current deal (None: unknown; then never solved)."""
        return None

    def all_cards_inferable(self, seat: int) -> bool:
        """True when ``seat`` can deduce where every card is (e.g. Briscola once
        the stock is empty): one sample is then the whole truth."""
        return False

    def solver_key(self) -> Any:
        """A hashable summary of everything that decides the rest of the deal
        (the exact solver's transposition table)."""
        return repr([getattr(self, name) for name in self.FIELDS])
