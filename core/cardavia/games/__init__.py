"""One module per game, each exposing a ``State`` subclass; registered by id."""

from __future__ import annotations

from .base import GameError, IllegalAction, State
from .briscola import BriscolaState
from .scopa import ScopaState

REGISTRY: dict[str, type[State]] = {
    cls.GAME_ID: cls for cls in (BriscolaState, ScopaState)
}


def game_class(game_id: str) -> type[State]:
    try:
        return REGISTRY[game_id]
    except KeyError:
        raise GameError(f"unknown game {game_id!r} (games: {', '.join(sorted(REGISTRY))})",
                        "unknown_game") from None


def new_game(game_id: str, seed: int, deck: str | None = None, **options) -> State:
    return game_class(game_id).new(seed, deck, **options)


def load_state(data: dict) -> State:
    if not isinstance(data, dict):
        raise GameError("a saved state must be an object", "bad_save")
    return game_class(data.get("game", "")).from_json(data)


__all__ = ["REGISTRY", "GameError", "IllegalAction", "State", "game_class", "new_game",
           "load_state"]
