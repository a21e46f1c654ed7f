"""JSON-in/JSON-out facade called by the browser worker (docs/protocol.md).

Every request gets exactly one response; errors carry a stable code and leave
the match untouched.
"""

from __future__ import annotations

import gc
import json
import random
import re
from typing import Any, Callable

from . import challenge, lessons
from .guestview import guest_response
from .ai import LEVELS, advice
from .games import GameError, REGISTRY, new_game
from .games.base import rng_for
from .match import MAX_SEED, Match, check_seed
from .replay import ReplayCache
from .traditions import catalogue

# Every error code a response may carry (docs/protocol.md).
ERROR_CODES = ("bad_json", "bad_request", "bad_challenge", "unknown_op", "no_match", "unknown_game",
               "unknown_deck", "bad_option", "illegal_action", "not_your_turn", "match_over",
               "nothing_to_undo", "bad_save", "no_finished_deal", "match_not_over",
               "internal")
MAX_REQUEST_CHARS = 1_000_000   # a save of the longest match is a few kB
MAX_ID_CHARS = 200              # request ids and action ids
MAX_MESSAGE_CHARS = 300         # error messages never echo a huge input back
MAX_DEPTH = 32                  # requests nest 5 deep; Pyodide's stack overflows in the
                                # JSON decoder long before Python's recursion limit
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _too_deep(text: str | bytes) -> bool:
    """Whether arrays and objects nest deeper than MAX_DEPTH (strings skipped):
    checked before parsing, since in Pyodide a deep enough nesting kills the worker."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for token in _JSON_TOKEN.finditer(text):
        t = token.group()
        if t in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif t in "]}":
            depth -= 1
    return False


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _valid_id(rid: Any) -> bool:
    """Request ids are echoed back: only values that survive a JSON round trip in
    JavaScript exactly (null, short strings, safe integers, finite numbers)."""
    if rid is None:
        return True
    if isinstance(rid, bool):
        return False
    if isinstance(rid, int):
        return abs(rid) <= MAX_SEED
    if isinstance(rid, float):
        return rid == rid and abs(rid) != float("inf")
    if isinstance(rid, str):
        return len(rid) <= MAX_ID_CHARS and _encodable(rid)
    return False


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")  # lone surrogates cannot cross into JavaScript intact
    except UnicodeEncodeError:
        return False
    return True


class Bridge:
    def __init__(self) -> None:
        self.match: Match | None = None
        self.human = 0  # the seat a request speaks for when it names none
        self.cursors: dict[int, int] = {}  # per human seat: the events already sent to it
        self.away: dict[int, int] = {}  # live play: guests' seats a computer plays meanwhile
        self.seed_from_page = False  # the page chose the seed: showing it tells nothing new
        self.ops: dict[str, Callable[[dict], dict]] = {
            "catalogue": self._catalogue, "new_match": self._new_match, "act": self._act,
            "advance": self._advance, "undo": self._undo, "snapshot": self._snapshot,
            "hint": self._hint, "save": self._save, "restore": self._restore,
            "review": self._review, "practice": self._practice, "replay": self._replay,
            "stats": self._stats, "challenge": self._challenge, "rebuild": self._rebuild,
            "seat": self._seat_kind,
        }
        self.replays = ReplayCache()  # the replay viewer's match, apart from the table's
        self.practice = False  # a match restarted from a logged position
        self.lesson = False  # a guided first deal: responses carry its moments

    def handle(self, text: str) -> str:
        """One request as JSON text → one response as JSON text (always strict JSON:
        nothing escapes, even a response that cannot be serialised)."""
        response = self.handle_obj(text)
        try:
            return json.dumps(response, ensure_ascii=False, separators=(",", ":"),
                              allow_nan=False)
        except (TypeError, ValueError) as err:  # a bug in a response: say so, in JSON
            return json.dumps(_error(None, "internal", f"unserialisable response: {err}"))

    def handle_obj(self, text: str) -> dict:
        if isinstance(text, (str, bytes)) and len(text) > MAX_REQUEST_CHARS:
            return _error(None, "bad_request", f"a request is at most {MAX_REQUEST_CHARS} "
                                               "characters")
        if isinstance(text, (str, bytes)) and _too_deep(text):
            return _error(None, "bad_json", f"the request nests deeper than {MAX_DEPTH}")
        try:
            request = json.loads(text, parse_constant=_reject_constant)
        except (TypeError, ValueError, RecursionError) as err:
            return _error(None, "bad_json", f"the request is not valid JSON: {err}")
        if not isinstance(request, dict):
            return _error(None, "bad_request", "a request must be a JSON object")
        rid = request.get("id")
        if not _valid_id(rid):
            return _error(None, "bad_request", "the id must be null, a string of at most "
                          f"{MAX_ID_CHARS} characters or a safe integer")
        op = request.get("op")
        handler = self.ops.get(op) if isinstance(op, str) else None
        if handler is None:
            shown = repr(op)[:40]
            return _error(rid, "unknown_op", f"unknown operation {shown} "
                                             f"(operations: {', '.join(self.ops)})")
        if not isinstance(request.get("guest", False), bool):
            return _error(rid, "bad_request", "guest is true or false")
        before = (self.match, self.human, dict(self.cursors), dict(self.away), self.seed_from_page,
                  len(self.match.log) if self.match else 0)
        try:
            body = handler(request)
        except GameError as err:
            return _error(rid, err.code, str(err))
        except Exception as err:  # a bug: report it, put everything back, keep the worker alive
            self._roll_back(before)
            return _error(rid, "internal", f"{type(err).__name__}: {err}")
        return dict({"id": rid, "ok": True}, **body)

    def _roll_back(self, before: tuple) -> None:
        """After an unexpected failure: the match, seat and event cursor as they were
        before the request, the position rebuilt from the seed and the log."""
        match, self.human, self.cursors, self.away, self.seed_from_page, moves = before
        self.match = match
        if match is not None:
            match.rewind(moves)

    # ----- operations ---------------------------------------------------------
    def _catalogue(self, request: dict) -> dict:
        return {"catalogue": catalogue(set(REGISTRY))}

    def _new_match(self, request: dict) -> dict:
        game = request.get("game")
        if not isinstance(game, str):
            raise GameError("new_match needs a game id", "bad_request")
        level = request.get("level", "normal")
        if not isinstance(level, str) or level not in LEVELS:
            raise GameError(f"the level is one of {', '.join(LEVELS)}", "bad_request")
        seed = request.get("seed")
        if seed is None:
            # 53 bits: no search of every seed for the one that deals a known hand (live guests)
            seed = random.SystemRandom().randrange(MAX_SEED + 1)
        check_seed(seed)
        seat = request.get("seat", 0)
        cls = REGISTRY.get(game)
        if cls is None:
            raise GameError(f"unknown game {game[:40]!r}", "unknown_game")
        lesson = request.get("lesson", False)
        if not isinstance(lesson, bool):
            raise GameError("lesson is true or false", "bad_request")
        if lesson:  # the lesson's own deal, against the level its moments were found at
            deck = request.get("deck") or cls.DECKS[0]
            seed, seat = lessons.deal_for(game, deck)
            level = lessons.LEVEL
        if not _seat_number(seat, cls.NUM_SEATS):
            raise GameError(f"seat must be 0…{cls.NUM_SEATS - 1}", "bad_request")
        humans = self._humans(request.get("humans"), seat, cls.NUM_SEATS, lesson)
        deck = request.get("deck")
        if deck is not None and (not isinstance(deck, str) or deck not in cls.DECKS):
            raise GameError(f"{game} is played with the deck {' or '.join(cls.DECKS)}",
                            "unknown_deck")
        seats = [{"kind": "human"} if s in humans else {"kind": "ai", "level": level}
                 for s in range(cls.NUM_SEATS)]
        # the variant (games/_options.py): a lesson is the game as its rules file plays it
        options = None if lesson else request.get("options")
        match = Match(game, seed, deck, seats, options)
        if lesson:  # its computers' moves and the coach's are the stored ones (lessons.py)
            match.script = lessons.script_for(game, match.deck, seed)
        self.match, self.human, self.cursors, self.away = match, seat, {s: 0 for s in humans}, {}
        self.seed_from_page = request.get("seed") is not None
        self.practice = False
        self.lesson = lesson
        return self._view()

    def _act(self, request: dict) -> dict:
        match = self._need_match()
        action = request.get("action")
        if not isinstance(action, str) or len(action) > MAX_ID_CHARS:
            raise GameError("act needs an action id (a string from snapshot.legal)",
                            "bad_request")
        seat = self._seat(request)
        match.act(seat, action)
        return self._reply(request, seat, self._view(seat))

    def _advance(self, request: dict) -> dict:
        seat = self._seat(request)
        self._need_match().advance()
        return self._view(seat)

    def _undo(self, request: dict) -> dict:
        match = self._need_match()
        seat = self._seat(request)
        if _last_human_mover(match) not in (None, seat):
            raise GameError("another player has moved since your last move", "nothing_to_undo")
        match.undo()
        self._redraw_all()
        return self._view(seat)

    def _snapshot(self, request: dict) -> dict:
        seat = self._seat(request)
        if request.get("fresh") is True:  # a page that draws the board anew: no event before now
            self.cursors[seat] = self._need_match().state.event_count
        return self._reply(request, seat, self._view(seat))

    def _seat_kind(self, request: dict) -> dict:
        """Live play: a person's seat goes to a computer while its guest is away (``kind``
        "ai") and back when the guest returns ("human", their board drawn anew); the match,
        its log and every other seat are untouched. Only seats of the match's people."""
        match = self._need_match()
        seat, kind = request.get("seat"), request.get("kind")
        people = set(self.cursors) | set(self.away)
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in people \
                or seat == self.human or kind not in ("human", "ai"):
            raise GameError("seat is a guest's seat of this match, kind human or ai", "bad_request")
        if kind == "ai" and seat in self.cursors:
            level = next((s["level"] for s in match.seats if s["kind"] == "ai"), "normal")
            match.set_seat(seat, {"kind": "ai", "level": level})
            self.away[seat] = self.cursors.pop(seat)
        elif kind == "human" and seat in self.away:
            match.set_seat(seat, {"kind": "human"})
            del self.away[seat]
            self.cursors[seat] = match.state.event_count
        return self._view(seat) if kind == "human" else {}

    def _hint(self, request: dict) -> dict:
        """The expert's move (``hint``, an action id) and its analysis (``advice``); in a
        lesson that follows its fixed moves, the stored move (lessons.py)."""
        match = self._need_match()
        if match.to_move is None:
            raise GameError("the match is over", "match_over")
        seat = self._seat(request)
        if match.to_move != seat:
            raise GameError("it is not your turn", "not_your_turn")
        rng = rng_for("ai", match.seed, len(match.log), seat)
        # a lesson on its script: the stored move, its reason from the expert's search at the normal's count
        found = advice.hint(match.state, seat, rng, prefer=match.scripted() if self.lesson else None)
        return self._reply(request, seat, dict(self._view(seat), hint=found["action"], advice=found))

    def _review(self, request: dict) -> dict:
        """The human's costly moves in a finished deal (default: the last one)."""
        match = self._need_match()
        seat = self._seat(request)
        deal = request.get("deal")
        if deal is not None and (not isinstance(deal, int) or isinstance(deal, bool)):
            raise GameError("deal must be an integer (from 1)", "bad_request")
        found = advice.review(lambda _k: new_game(match.game, match.seed, match.deck, **match.options),
                              match.log, seat, match.seed,
                              None if deal is None else deal - 1)
        return dict(self._view(seat), review=found)

    def _practice(self, request: dict) -> dict:
        """"Try again from here": the same match rebuilt from its seed and the
        first ``index`` actions of its log, marked as practice."""
        match = self._need_match()
        index = request.get("index")
        if not isinstance(index, int) or isinstance(index, bool) \
                or not 0 <= index <= len(match.log):
            raise GameError(f"index must be 0…{len(match.log)}", "bad_request")
        again = Match(match.game, match.seed, match.deck, match.seats, match.options)
        for seat, action_id in match.log[:index]:
            again.state.apply(action_id)
            again.log.append([seat, action_id])
        self.match, self.practice, self.lesson = again, True, False
        self._redraw_all()
        return self._view()

    def _replay(self, request: dict) -> dict:
        """The full-information position of a finished match (``save``) after its first
        ``index`` actions; the table's match is left alone."""
        return {"replay": self.replays.position(request.get("save"), request.get("index"))}

    def _challenge(self, request: dict) -> dict:
        """A finished match against the computer as a challenge: what a friend needs to play
        the same deal from the same seat against the same computers, and to replay it."""
        match = self._need_match()
        if match.to_move is not None:
            raise GameError("a match is a challenge once it is over", "match_not_over")
        if len(self.cursors) != 1 or self.practice or self.lesson:
            raise GameError("only a match of one player against the computer is a challenge",
                            "bad_request")
        level = next(s["level"] for s in match.seats if s["kind"] == "ai")
        return {"challenge": {"game": match.game, "deck": match.deck, "seed": match.seed,
                              "seat": self.human, "level": level, "options": match.options,
                              "choices": challenge.choices_of(match),
                              "result": match.state.result()}}

    def _rebuild(self, request: dict) -> dict:
        """A friend's challenge replayed from its choices (the table's match is untouched):
        its save, for the replay viewer, and its result, to set beside one's own."""
        match = challenge.rebuild(*(request.get(k) for k in
                                    ("game", "deck", "seed", "seat", "level", "choices", "options")))
        return {"rebuilt": {"save": match.save(), "result": match.state.result(),
                            "sheets": match.state.sheets}}

    def _stats(self, request: dict) -> dict:
        """Memory figures for the long-session benchmark (scripts/bench/bench_memory.py): the
        objects Python's collector tracks and what the match keeps."""
        match = self.match
        return {"stats": {"gc_objects": len(gc.get_objects()), "log": len(match.log) if match else 0,
                          "events": match.state.event_count if match else 0}}

    def _save(self, request: dict) -> dict:
        return dict(self._view(self._seat(request)), save=self._need_match().save())

    def _restore(self, request: dict) -> dict:
        match = Match.restore(request.get("save"))
        humans = [i for i, s in enumerate(match.seats) if s["kind"] == "human"]
        if not humans:
            raise GameError("a save from the table has a human seat", "bad_save")
        lesson = request.get("lesson") is True  # the page keeps which save is a lesson
        if lesson and len(humans) != 1:
            raise GameError("a lesson's save has exactly one human seat", "bad_save")
        # the page speaks for the seat it names (a live host: its own, whoever is to move), else
        # for the person to move, or for the first person when a computer is
        seat = request.get("seat")
        if seat is not None and (not _seat_number(seat, len(match.seats)) or seat not in humans):
            raise GameError("seat must be a human seat of the save", "bad_request")
        self.human = seat if seat is not None else match.to_move if match.to_move in humans else humans[0]
        self.match, self.cursors, self.away = match, {s: 0 for s in humans}, {}
        self.seed_from_page = False
        self.practice = False
        self.lesson = lesson
        if lesson:
            match.script = lessons.script_for(match.game, match.deck, match.seed)
        self._redraw_all()
        return self._view()

    # ----- helpers --------------------------------------------------------------
    def _need_match(self) -> Match:
        if self.match is None:
            raise GameError("no match has been started", "no_match")
        return self.match

    @staticmethod
    def _humans(given: Any, seat: int, num_seats: int, lesson: bool) -> list[int]:
        """The people at the table (pass-and-play): distinct seats, ``seat`` among them."""
        if given is None:
            return [seat]
        if lesson:
            raise GameError("a lesson has one learner", "bad_request")
        if not isinstance(given, list) or not 1 <= len(given) <= num_seats \
                or not all(_seat_number(s, num_seats) for s in given) \
                or len(set(given)) != len(given) or seat not in given:
            raise GameError(f"humans is a list of distinct seats 0…{num_seats - 1} "
                            "holding seat", "bad_request")
        return sorted(given)

    def _seat(self, request: dict) -> int:
        """The human seat a request speaks for: ``seat`` where given (pass-and-play, or a
        host answering a guest), else the page's seat; never a computer's."""
        if "seat" not in request:
            return self.human
        seat = request["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.cursors:
            raise GameError("seat must be a human seat of this match", "bad_request")
        return seat

    def _reply(self, request: dict, seat: int, body: dict) -> dict:
        """``body`` as it is for the page, or, for a live guest (``"guest": true``, sent by the
        host's relay), rebuilt from what that seat may know (guestview.py)."""
        if request.get("guest") is not True:
            return body
        match = self._need_match()
        return guest_response(body, set(match.state.observation(seat)), match.to_move is None,
                              match.seed)

    def _redraw_all(self) -> None:
        """Every seat's board is redrawn from its next snapshot (undo, practice, restore):
        no event before now is sent again."""
        count = self._need_match().state.event_count
        self.cursors = {s: count for s in self.cursors}

    def _view(self, seat: int | None = None) -> dict:
        """The response for one human seat: its snapshot and the events it has not seen."""
        match = self._need_match()
        seat = self.human if seat is None else seat
        state = match.state
        snap = state.observation(seat)
        your_turn = match.to_move == seat
        snap["your_turn"] = your_turn
        snap["legal"] = state.legal_actions() if your_turn else []
        snap["level"] = next((s["level"] for s in match.seats if s["kind"] == "ai"), None)
        # The seed rebuilds every hidden card: shown once the match is over, or if the
        # page chose it (then it already knows it).
        snap["seed"] = match.seed if match.to_move is None or self.seed_from_page else None
        snap["practice"] = self.practice
        snap["can_undo"] = _last_human_mover(match) == seat
        snap["moves"] = len(match.log)  # the position's place in the match (live play's checks)
        if len(self.cursors) > 1:
            snap["humans"] = sorted(self.cursors)
        events = state.events_for(seat, self.cursors.get(seat, 0))
        self.cursors[seat] = state.event_count
        out = {"snapshot": snap, "events": events}
        if self.lesson:
            snap["lesson"] = True
            out["moments"] = lessons.moments(match.game, events, snap)
        return out


def _seat_number(seat: Any, num_seats: int) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < num_seats


def _last_human_mover(match: Match) -> int | None:
    """The seat of the last person who moved (None before anyone has): only they may undo."""
    return next((s for s, _ in reversed(match.log) if match.is_human(s)), None)


def _error(rid: Any, code: str, message: str) -> dict:
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[:MAX_MESSAGE_CHARS - 1] + "…"
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


_default = Bridge()


def handle(text: str) -> str:
    """Module-level entry point for the worker: one shared bridge."""
    return _default.handle(text)
