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
from .games import DESCRIPTIONS, GameError, State, game_class, new_game
from .games._options import check_options
from .games.base import NotYourTurn, rng_for

SAVE_FORMAT = "cardavia-match"
SAVE_VERSION = 1
# Seeds travel through JavaScript as numbers: keep them exact there (Number.MAX_SAFE_INTEGER).
MAX_SEED = 2**53 - 1
SAVE_KEYS = {"format", "version", "game", "deck", "seed", "seats", "log", "checksum"}
# a match of a variant also keeps its options (only those not at their default: a save of a
# default match is exactly what it was before options travelled)
OPTIONAL_SAVE_KEYS = {"options"}


def _checksum(body: dict) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def check_seed(seed: Any) -> int:
    """A seed is a plain integer 0 … MAX_SEED (not a bool, a float or a string)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise GameError(f"the seed must be an integer from 0 to {MAX_SEED}", "bad_request")
    return seed


def options_for(game: str, given: Any) -> dict:
    """``given`` checked against the game's described options, as the options that differ
    from their defaults (games/_options.py); ``bad_option`` otherwise."""
    described = DESCRIPTIONS.get(game)
    defaults = described.options if described else {}
    choices = described.option_choices if described else {}
    return check_options(game, defaults, given, choices)


def check_seats(seats: Any, num_seats: int) -> list[dict]:
    """Seats as exactly ``{"kind": "human"}`` or ``{"kind": "ai", "level": <level>}``,
    one per seat (copied: nothing else is kept or echoed)."""
    if not isinstance(seats, list) or len(seats) != num_seats:
        raise GameError(f"this game needs a list of {num_seats} seats", "bad_request")
    out = []
    for seat in seats:
        kind = seat.get("kind") if isinstance(seat, dict) else None
        if kind == "human" and len(seat) == 1:
            out.append({"kind": "human"})
        elif kind == "ai" and len(seat) == 2:
            level = seat.get("level")
            if not isinstance(level, str) or level not in LEVELS:
                raise GameError(f"unknown level {str(level)[:40]!r} "
                                f"(levels: {', '.join(LEVELS)})", "bad_request")
            out.append({"kind": "ai", "level": level})
        else:
            raise GameError("a seat is {\"kind\": \"human\"} or {\"kind\": \"ai\", "
                            "\"level\": …}", "bad_request")
    return out


class Match:
    def __init__(self, game: str, seed: int, deck: str | None = None,
                 seats: list[dict] | None = None, options: dict | None = None):
        if not isinstance(game, str):
            raise GameError("the game id must be a string", "bad_request")
        cls = game_class(game)
        self.game = game
        if deck is not None and not isinstance(deck, str):
            raise GameError("the deck id must be a string", "bad_request")
        self.deck = cls.check_deck(deck)
        self.seed = check_seed(seed)
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "ai", "level": "normal"}] * (cls.NUM_SEATS - 1)
        self.seats = check_seats(seats, cls.NUM_SEATS)
        self.home = [dict(seat) for seat in self.seats]  # who the seats belong to (the save keeps these)
        self.players = [make_player(s["level"]) if s["kind"] == "ai" else None
                        for s in self.seats]
        self.options = options_for(game, options)  # the variant: only what differs from the defaults
        self.state: State = new_game(game, self.seed, self.deck, **self.options)
        self.log: list[list[Any]] = []  # [seat, action id] in order
        # a lesson's fixed moves (lessons.script_for): while the log follows them, the
        # computer seats play them instead of searching (a stronger level moves no lesson)
        self.script: list[list[Any]] | None = None

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
        if self.to_move is None:
            raise GameError("the match is over", "match_over")
        if self.to_move != seat:
            raise NotYourTurn("it is not your turn")
        self.state.apply(action_id)
        self.log.append([seat, action_id])

    def set_seat(self, seat: int, kind: dict) -> None:
        """A seat changes hands for a while (live play: a computer plays for a guest who is
        away); the save still gives the seat to its owner."""
        self.seats[seat] = check_seats([kind], 1)[0]
        self.players[seat] = make_player(kind["level"]) if kind["kind"] == "ai" else None

    def computer_choice(self, seat: int, level: str | None = None) -> str:
        """What the computer at ``seat`` (or a player of ``level``) would play now.
        Its randomness comes from the match seed and the move number: reproducible."""
        player = make_player(level) if level else self.players[seat]
        rng = rng_for("ai", self.seed, len(self.log), seat)
        return player.choose(View(self.state, seat), rng)

    def scripted(self) -> str | None:
        """The script's next action (``self.script``) while the log so far is the script's
        beginning and the seat to move is the script's; else None (no script, or the learner
        played another move: from then on the seats' own level plays)."""
        script, n = self.script, len(self.log)
        if not script or n >= len(script) or script[n][0] != self.to_move or script[:n] != self.log:
            return None
        return script[n][1]

    def advance(self) -> bool:
        """Play one computer move; False if a computer is not to move."""
        if not self.computer_to_move():
            return False
        seat = self.to_move
        action_id = self.scripted() or self.computer_choice(seat)
        self.state.apply(action_id)
        self.log.append([seat, action_id])
        return True

    def undo(self) -> None:
        """Take back the last human action and every computer move after it."""
        for i in range(len(self.log) - 1, -1, -1):
            if self.is_human(self.log[i][0]):
                self.rewind(i)
                return
        raise GameError("there is no move of yours to undo", "nothing_to_undo")

    def rewind(self, moves: int) -> None:
        """Back to the position after the first ``moves`` logged actions, rebuilt
        from the seed (also how the bridge undoes a request that failed midway)."""
        self.state = replay(self.game, self.seed, self.deck, self.log[:moves], self.options)
        self.log = self.log[:moves]

    # ----- save / restore ---------------------------------------------------
    def save(self) -> dict:
        body = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game,
                "deck": self.deck, "seed": self.seed, "seats": self.home, "log": self.log}
        if self.options:
            body["options"] = dict(self.options)
        return dict(body, checksum=_checksum(body))

    @classmethod
    def restore(cls, data: Any) -> "Match":
        """A match from a save; anything but an unaltered save of a legal match is
        refused with ``bad_save`` (the log is replayed through the rules)."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise GameError("this is not a Cardavia save", "bad_save")
        version = data.get("version")
        if version != SAVE_VERSION or isinstance(version, bool):
            raise GameError(f"unsupported save version {str(version)[:20]!r}", "bad_save")
        if not SAVE_KEYS <= set(data) <= SAVE_KEYS | OPTIONAL_SAVE_KEYS:
            raise GameError(f"a save has exactly the fields {', '.join(sorted(SAVE_KEYS))} "
                            f"(and options, for a variant)", "bad_save")
        body = {k: v for k, v in data.items() if k != "checksum"}
        try:
            intact = data["checksum"] == _checksum(body)
        except (ValueError, TypeError, RecursionError):  # unserialisable or absurdly nested
            intact = False
        if not intact:
            raise GameError("the save is damaged or was altered (checksum mismatch)", "bad_save")
        log = data["log"]
        if not isinstance(log, list) or not all(
                isinstance(e, list) and len(e) == 2 and isinstance(e[0], int)
                and not isinstance(e[0], bool) and isinstance(e[1], str) for e in log):
            raise GameError("the save's log is not a list of [seat, action id]", "bad_save")
        try:
            match = cls(data["game"], data["seed"], data["deck"], data["seats"],
                        data.get("options"))
            if "options" in data and data["options"] != match.options:  # one form only
                raise GameError("the options are the variant's options that differ from "
                                "their defaults", "bad_save")
            for seat, action_id in log:
                if match.to_move != seat:
                    raise GameError("move out of turn", "bad_save")
                match.state.apply(action_id)
                match.log.append([seat, action_id])
        except GameError as err:
            raise GameError(f"the save cannot be replayed: {err}", "bad_save") from None
        return match


def replay(game: str, seed: int, deck: str | None, log: list,
           options: dict | None = None) -> State:
    """Rebuild a position from its seed, its options and its actions."""
    state = new_game(game, seed, deck, **(options or {}))
    for _seat, action_id in log:
        state.apply(action_id)
    return state
