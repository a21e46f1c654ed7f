"""One module per game, each exposing a ``State`` subclass and its ``DESCRIPTION``;
registered by id.

The rules of a game are one module here, found by name, and its description
(games/description.py) at its end says the rest once: seats, decks, format, options,
terms, record figures, lesson, place on the site, web plug-in. Every list of games
derives from ``DESCRIPTIONS``; docs/adding-a-game.md says what else a game brings
(its policy, texts, rules tests) and tests/test_completeness.py checks it."""

from __future__ import annotations

import importlib
import pkgutil

from .base import GameError, IllegalAction, State
from .description import Description


def _discover() -> dict[str, type[State]]:
    """Every module in this package that defines a ``State`` subclass with a
    ``GAME_ID`` is a game's rules (what else a playable game needs: the module's
    docstring)."""
    found: dict[str, type[State]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name in ("base", "description") or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, State) and obj.GAME_ID \
                    and obj.__module__ == module.__name__:
                found[obj.GAME_ID] = obj
    return found


REGISTRY: dict[str, type[State]] = _discover()


def _descriptions() -> dict[str, Description]:
    """Each registered game's ``DESCRIPTION`` (from its rules module), in catalogue order."""
    found = {}
    for gid, cls in REGISTRY.items():
        description = getattr(importlib.import_module(cls.__module__), "DESCRIPTION", None)
        if isinstance(description, Description) and description.id == gid:
            found[gid] = description
    return dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0])))


# Every game that describes itself (tests/test_completeness.py: all registered games do).
DESCRIPTIONS: dict[str, Description] = _descriptions()


def site_games() -> list[Description]:
    """The games the site lists (playable or coming soon), in catalogue order."""
    return [d for d in DESCRIPTIONS.values() if d.listed]


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


__all__ = ["DESCRIPTIONS", "Description", "REGISTRY", "site_games", "GameError", "IllegalAction", "State", "game_class", "new_game",
           "load_state"]
