"""Test helper for the leak tests: every card named in a seat's observation."""

from __future__ import annotations

from typing import Any


def observation_cards(state, seat: int) -> set[str]:
    """Every string anywhere in ``seat``'s observation (each card among them)."""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            found.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk(state.observation(seat))
    return found
