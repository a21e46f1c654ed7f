"""A match: seats (human or computer), turn driving, undo, save/restore, replay.

The whole match is (game, deck, seed, actions): the deal comes from the seed
and every action, human or computer, is logged, so replaying the log rebuilds
the exact position. Saves are that log plus a checksum; restoring replays it
through the rules, so a tampered save cannot produce an illegal position.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .ai import LEVELS, View, make_player
from .games import GameError, State, game_class, new_game
from .games.base import NotYourTurn, rng_for

SAVE_FORMAT = "cardavia-match"
SAVE_VERSION = 1


def _checksum(body: dict) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Match:
    def __init__(self, game: str, seed: int, deck: str | None = None,
                 seats: list[dict] | None = None):
        cls = game_class(game)
        self.game = game
        self.deck = cls.check_deck(deck)
        self.seed = int(seed)
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "ai", "level": "normal"}] * (cls.NUM_SEATS - 1)
        if len(seats) != cls.NUM_SEATS:
            raise GameError(f"{game} needs {cls.NUM_SEATS} seats", "bad_request")
        for seat in seats:
            if seat.get("kind") == "ai" and seat.get("level") not in LEVELS:
                raise GameError(f"unknown level {seat.get('level')!r}", "bad_request")
            if seat.get("kind") not in ("human", "ai"):
                raise GameError(f"unknown seat kind {seat.get('kind')!r}", "bad_request")
        self.seats = [dict(s) for s in seats]
        self.players = [make_player(s["level"]) if s["kind"] == "ai" else None for s in seats]
        self.state: State = new_game(game, self.seed, self.deck)
        self.log: list[list[Any]] = []  # [seat, action id] in order

    # ----- turns -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.state.current_player()

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat]["kind"] == "human"

    def computer_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and not self.is_human(seat)

    def act(self, seat: int, action_id: str) -> None:
        """A human's action; out-of-turn or illegal actions change nothing."""
        if self.to_move != seat:
            raise NotYourTurn("it is not your turn" if self.to_move is not None
                              else "the match is over")
        self.state.apply(action_id)
        self.log.append([seat, action_id])

    def computer_choice(self, seat: int, level: str | None = None) -> str:
        """What the computer at ``seat`` (or a player of ``level``) would play now.
        Its randomness comes from the match seed and the move number: reproducible."""
        player = make_player(level) if level else self.players[seat]
        rng = rng_for("ai", self.seed, len(self.log), seat)
        return player.choose(View(self.state, seat), rng)

    def advance(self) -> bool:
        """Play one computer move; False if a computer is not to move."""
        if not self.computer_to_move():
            return False
        seat = self.to_move
        action_id = self.computer_choice(seat)
        self.state.apply(action_id)
        self.log.append([seat, action_id])
        return True

    def undo(self) -> None:
        """Take back the last human action and every computer move after it."""
        for i in range(len(self.log) - 1, -1, -1):
            if self.is_human(self.log[i][0]):
                self.state = replay(self.game, self.seed, self.deck, self.log[:i])
                self.log = self.log[:i]
                return
        raise GameError("there is no move of yours to undo", "nothing_to_undo")

    # ----- save / restore ---------------------------------------------------
    def save(self) -> dict:
        body = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game,
                "deck": self.deck, "seed": self.seed, "seats": self.seats, "log": self.log}
        return dict(body, checksum=_checksum(body))

    @classmethod
    def restore(cls, data: Any) -> "Match":
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise GameError("this is not a Cardavia save", "bad_save")
        if data.get("version") != SAVE_VERSION:
            raise GameError(f"unsupported save version {data.get('version')!r}", "bad_save")
        body = {k: v for k, v in data.items() if k != "checksum"}
        if data.get("checksum") != _checksum(body):
            raise GameError("the save is damaged or was altered (checksum mismatch)", "bad_save")
        try:
            match = cls(data["game"], data["seed"], data["deck"], data["seats"])
            for seat, action_id in data["log"]:
                if match.to_move != seat:
                    raise GameError("move out of turn", "bad_save")
                match.state.apply(action_id)
                match.log.append([seat, action_id])
        except GameError as err:
            raise GameError(f"the save cannot be replayed: {err}", "bad_save") from None
        except (KeyError, TypeError, ValueError) as err:
            raise GameError(f"the save is malformed: {err}", "bad_save") from None
        return match


def replay(game: str, seed: int, deck: str | None, log: list) -> State:
    """Rebuild a position from its seed and its actions."""
    state = new_game(game, seed, deck)
    for _seat, action_id in log:
        state.apply(action_id)
    return state
