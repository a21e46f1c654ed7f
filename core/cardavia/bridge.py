"""JSON-in/JSON-out facade called by the browser worker (docs/protocol.md).

Every request gets exactly one response; errors carry a stable code and leave
the match untouched.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable

from .ai import advice
from .games import GameError, REGISTRY, new_game
from .games.base import rng_for
from .match import Match
from .traditions import catalogue


class Bridge:
    def __init__(self) -> None:
        self.match: Match | None = None
        self.human = 0
        self.cursor = 0  # events already sent
        self.ops: dict[str, Callable[[dict], dict]] = {
            "catalogue": self._catalogue, "new_match": self._new_match, "act": self._act,
            "advance": self._advance, "undo": self._undo, "snapshot": self._snapshot,
            "hint": self._hint, "save": self._save, "restore": self._restore,
            "review": self._review, "practice": self._practice,
        }
        self.practice = False  # a match restarted from a logged position

    def handle(self, text: str) -> str:
        """One request as JSON text → one response as JSON text."""
        return json.dumps(self.handle_obj(text), ensure_ascii=False, separators=(",", ":"))

    def handle_obj(self, text: str) -> dict:
        try:
            request = json.loads(text)
        except (TypeError, ValueError) as err:
            return _error(None, "bad_json", f"the request is not valid JSON: {err}")
        if not isinstance(request, dict):
            return _error(None, "bad_request", "a request must be a JSON object")
        rid = request.get("id")
        op = request.get("op")
        handler = self.ops.get(op) if isinstance(op, str) else None
        if handler is None:
            return _error(rid, "unknown_op", f"unknown operation {op!r} "
                                             f"(operations: {', '.join(self.ops)})")
        try:
            body = handler(request)
        except GameError as err:
            return _error(rid, err.code, str(err))
        except Exception as err:  # a bug: report it, keep the worker alive
            return _error(rid, "internal", f"{type(err).__name__}: {err}")
        return dict({"id": rid, "ok": True}, **body)

    # ----- operations ---------------------------------------------------------
    def _catalogue(self, request: dict) -> dict:
        return {"catalogue": catalogue(set(REGISTRY))}

    def _new_match(self, request: dict) -> dict:
        game = request.get("game")
        if not isinstance(game, str):
            raise GameError("new_match needs a game id", "bad_request")
        level = request.get("level", "normal")
        seed = request.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise GameError("seed must be an integer", "bad_request")
        seat = request.get("seat", 0)
        cls = REGISTRY.get(game)
        if cls is None:
            raise GameError(f"unknown game {game!r}", "unknown_game")
        if not isinstance(seat, int) or not 0 <= seat < cls.NUM_SEATS:
            raise GameError(f"seat must be 0…{cls.NUM_SEATS - 1}", "bad_request")
        seats = [{"kind": "human"} if s == seat else {"kind": "ai", "level": level}
                 for s in range(cls.NUM_SEATS)]
        match = Match(game, seed, request.get("deck"), seats)
        self.match, self.human, self.cursor = match, seat, 0
        self.practice = False
        return self._view()

    def _act(self, request: dict) -> dict:
        match = self._need_match()
        action = request.get("action")
        if not isinstance(action, str):
            raise GameError("act needs an action id", "bad_request")
        match.act(self.human, action)
        return self._view()

    def _advance(self, request: dict) -> dict:
        self._need_match().advance()
        return self._view()

    def _undo(self, request: dict) -> dict:
        match = self._need_match()
        match.undo()
        self.cursor = match.state.event_count  # the board is redrawn from the snapshot
        return self._view()

    def _snapshot(self, request: dict) -> dict:
        return self._view()

    def _hint(self, request: dict) -> dict:
        """The expert's move (``hint``, an action id) and its analysis (``advice``)."""
        match = self._need_match()
        if match.to_move != self.human:
            raise GameError("it is not your turn", "not_your_turn")
        rng = rng_for("ai", match.seed, len(match.log), self.human)
        found = advice.hint(match.state, self.human, rng)
        return dict(self._view(), hint=found["action"], advice=found)

    def _review(self, request: dict) -> dict:
        """The human's costly moves in a finished deal (default: the last one)."""
        match = self._need_match()
        deal = request.get("deal")
        if deal is not None and (not isinstance(deal, int) or isinstance(deal, bool)):
            raise GameError("deal must be an integer (from 1)", "bad_request")
        found = advice.review(lambda _k: new_game(match.game, match.seed, match.deck),
                              match.log, self.human, match.seed,
                              None if deal is None else deal - 1)
        return dict(self._view(), review=found)

    def _practice(self, request: dict) -> dict:
        """"Try again from here": the same match rebuilt from its seed and the
        first ``index`` actions of its log, marked as practice."""
        match = self._need_match()
        index = request.get("index")
        if not isinstance(index, int) or isinstance(index, bool) \
                or not 0 <= index <= len(match.log):
            raise GameError(f"index must be 0…{len(match.log)}", "bad_request")
        again = Match(match.game, match.seed, match.deck, match.seats)
        for seat, action_id in match.log[:index]:
            again.state.apply(action_id)
            again.log.append([seat, action_id])
        self.match, self.practice = again, True
        self.cursor = again.state.event_count
        return self._view()

    def _save(self, request: dict) -> dict:
        return dict(self._view(), save=self._need_match().save())

    def _restore(self, request: dict) -> dict:
        match = Match.restore(request.get("save"))
        seat = next(i for i, s in enumerate(match.seats) if s["kind"] == "human") \
            if any(s["kind"] == "human" for s in match.seats) else 0
        self.match, self.human = match, seat
        self.practice = False
        self.cursor = match.state.event_count
        return self._view()

    # ----- helpers --------------------------------------------------------------
    def _need_match(self) -> Match:
        if self.match is None:
            raise GameError("no match has been started", "no_match")
        return self.match

    def _view(self) -> dict:
        match = self._need_match()
        state = match.state
        snap = state.observation(self.human)
        your_turn = match.to_move == self.human
        snap["your_turn"] = your_turn
        snap["legal"] = state.legal_actions() if your_turn else []
        snap["level"] = next((s["level"] for s in match.seats if s["kind"] == "ai"), None)
        snap["seed"] = match.seed
        snap["practice"] = self.practice
        snap["can_undo"] = any(match.is_human(s) for s, _ in match.log)
        events = state.events_for(self.human, self.cursor)
        self.cursor = state.event_count
        return {"snapshot": snap, "events": events}


def _error(rid: Any, code: str, message: str) -> dict:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


_default = Bridge()


def handle(text: str) -> str:
    """Module-level entry point for the worker: one shared bridge."""
    return _default.handle(text)
