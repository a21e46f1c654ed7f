"""Each lesson's deal played once per test run as the coach says (cardavia.lessonwalk),
shared by tests/test_lessons.py and tests/test_completeness.py: a walk takes seconds."""

from __future__ import annotations

from functools import lru_cache

from cardavia.lessonwalk import walk


@lru_cache(maxsize=None)
def walked(game: str, deck: str) -> dict:
    """``walk(game, deck=deck)``, computed once; do not change what it returns."""
    return walk(game, deck=deck)
