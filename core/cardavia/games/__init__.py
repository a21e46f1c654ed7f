"""One module per game, each exposing a ``State`` subclass; registered by id.

The rules of a game are one module here, found by name; a playable game needs more
than that today: its computer player's policy (ai/<game>_policy.py, optional), its
tradition and decks (traditions.py, deckinfo.py), its table and card art in the web
UI (web/js/table/, web/js/cardart/), its texts in all five catalogues (web/i18n/),
its lessons (lessons.py) and its rules file in shared/rules/."""

from __future__ import annotations

import importlib
import pkgutil

from .base import GameError, IllegalAction, State


def _discover() -> dict[str, type[State]]:
    """Every module in this package that defines a ``State`` subclass with a
    ``GAME_ID`` is a game's rules (what else a playable game needs: the module's
    docstring)."""
    found: dict[str, type[State]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name == "base" or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, State) and obj.GAME_ID \
                    and obj.__module__ == module.__name__:
                found[obj.GAME_ID] = obj
    return found


REGISTRY: dict[str, type[State]] = _discover()


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
