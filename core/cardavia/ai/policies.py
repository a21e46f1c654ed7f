"""The registry of the games' policies: every ``Policy`` subclass with a
``GAME_ID`` in a module ``ai/<game>_policy.py``, found by name as the games
are (games/__init__.py). A game without one is played by the defaults."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from ..games.base import State
from .policy import Policy


def _discover() -> dict[str, type[Policy]]:
    found: dict[str, type[Policy]] = {}
    package = __name__.rsplit(".", 1)[0]
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]),
                       key=lambda i: i.name):
        if not info.name.endswith("_policy"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, Policy) and obj.GAME_ID \
                    and obj.__module__ == module.__name__:
                found[obj.GAME_ID] = obj
    return found


POLICIES: dict[str, type[Policy]] = _discover()


def policy_for(game: State | str) -> Policy:
    """A new policy object for ``game`` (a state or a game id): each search or
    caller gets its own, so what it caches stays its own."""
    game_id = game if isinstance(game, str) else game.GAME_ID
    return POLICIES.get(game_id, Policy)()
