"""Replays of finished matches: the full-information position after any number of
logged actions, for the replay viewer.

Only a *finished* match is replayed: once it is over nothing is secret any more, so
every hand is shown face up. A save of a match in progress is refused
(``match_not_over``): replaying it would reveal the hidden cards of a game still being
played. The whole timeline is computed in one pass and kept (while the same save is asked for),
so stepping back and forth costs nothing after the first request.
"""

from __future__ import annotations

import copy
from typing import Any

from .games import GameError, new_game
from .match import Match

# Events that close a "trick" for stepping: a trick won, or a deal scored.
_CLOSING = ("trick_won", "deal_scored")
# Events of a card leaving a hand (fishing games have no tricks: a round is one card per seat).
_PLAYS = ("played", "placed", "captured")


class Timeline:
    """Every position of one finished match, from the deal (index 0) to the end."""

    def __init__(self, save: Any):
        match = Match.restore(save)  # checksum, fields and a legal log, or bad_save
        if match.to_move is not None:
            raise GameError("only a finished match can be replayed (this one is still "
                            "in progress: its hidden cards stay hidden)", "match_not_over")
        humans = [i for i, s in enumerate(match.seats) if s["kind"] == "human"]
        self.human = humans[0] if len(humans) == 1 else 0
        self.game, self.deck, self.seed = match.game, match.deck, match.seed
        self.log = [list(entry) for entry in match.log]
        self.save = copy.deepcopy(save)
        state = new_game(match.game, match.seed, match.deck, **match.options)
        fishing = not any(e["type"] == "trick_won" for e in match.state.events_for(None))
        self.positions = [self._position(state)]
        self.steps: list[dict] = [{"index": 0, "seat": None, "action": None,
                                   "events": _full_events(state, 0)}]
        self.tricks: list[int] = []  # indices just after a trick (or a round) ended
        self.deals: list[int] = []   # indices just after a deal was scored
        plays = 0
        for i, (seat, action_id) in enumerate(self.log, start=1):
            start = state.event_count
            state.apply(action_id)
            events = _full_events(state, start)
            types = {e["type"] for e in events}
            plays += sum(e["type"] in _PLAYS for e in events)
            if types & set(_CLOSING) or (fishing and plays >= state.NUM_SEATS):
                self.tricks.append(i)
                plays = 0
            if "deal_scored" in types:
                self.deals.append(i)
                plays = 0
            self.positions.append(self._position(state))
            self.steps.append({"index": i, "seat": seat, "action": action_id, "events": events})
        if not self.tricks or self.tricks[-1] != len(self.log):
            self.tricks.append(len(self.log))

    def _position(self, state) -> dict:
        """The human seat's view plus every hidden place (all hands, stock, discards)."""
        view = state.observation(self.human)
        places = {k: list(v) for k, v in state.card_locations().items()}
        # each hand in the order its seat's table shows it (Tressette's by suit)
        hands = [state.observation(s)["hand"] for s in range(state.NUM_SEATS)]
        return {"view": view, "hands": hands, "places": places}

    def at(self, index: Any) -> dict:
        if not isinstance(index, int) or isinstance(index, bool) \
                or not 0 <= index <= len(self.log):
            raise GameError(f"index must be 0…{len(self.log)}", "bad_request")
        pos = self.positions[index]
        return {"game": self.game, "deck": self.deck, "seed": self.seed, "human": self.human,
                "index": index, "total": len(self.log), "tricks": list(self.tricks),
                "deals": list(self.deals), "step": self.steps[index],
                "view": pos["view"], "hands": pos["hands"], "places": pos["places"]}


def _full_events(state, start: int) -> list[dict]:
    """The events since ``start`` with every private field (the match is over)."""
    return [dict(event) for event, _only in state._events[start:]]


class ReplayCache:
    """The last replayed match, so that stepping through it replays the log once."""

    def __init__(self) -> None:
        self.timeline: Timeline | None = None

    def position(self, save: Any, index: Any) -> dict:
        tl = self.timeline
        if tl is None or save != tl.save:  # the very same save: no need to replay it again
            tl = Timeline(save)
            self.timeline = tl
        return tl.at(index)
