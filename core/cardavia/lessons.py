"""Guided first deals: for each game a real deal (a seed and the learner's seat) in
which, when the learner plays the coach's suggestions, the game's key moments happen;
and the one place that asks a game's own detector (its DESCRIPTION's lesson, beside its
rules) which of those moments one response (its events and snapshot) shows, so that the
coach's words follow the engine's facts.

The coach suggests the deterministic hint (``advice.hint`` with the bridge's seeded
rng) and the computer seats play at the ``normal`` level, so following the coach
replays the same deal every time; ``lessonwalk.walk`` plays every lesson that way (tests/test_lessons.py)
and checks that each of its moments happens. ``scripts/lessons/find_lessons.py`` searched the
seeds.
"""

from __future__ import annotations

from typing import Any

from .games import DESCRIPTIONS

LEVEL = "normal"

Moment = dict[str, Any]

# game → the moments it teaches (in the order they happen) and, per deck, the deal
# (seed, the learner's seat) in which they do: each game's DESCRIPTION.lesson.
LESSONS: dict[str, dict[str, Any]] = {
    gid: {"moments": d.lesson.moments, "deals": dict(d.lesson.deals)}
    for gid, d in DESCRIPTIONS.items() if d.lesson is not None
}


def deal_for(game: str, deck: str) -> tuple[int, int]:
    """The lesson deal (seed, seat) of ``game`` on ``deck``; GameError if it has none."""
    from .games import GameError
    lesson = LESSONS.get(game)
    if lesson is None or deck not in lesson["deals"]:
        raise GameError(f"there is no lesson for {str(game)[:40]} on {str(deck)[:40]}", "bad_request")
    return lesson["deals"][deck]


def moments(game: str, events: list[dict], snap: dict) -> list[Moment]:
    """The lesson moments of ``game`` that one response (its events, then its
    snapshot) shows, in order; each says what happened with the cards it involves.
    The same moment may come again later: the coach speaks of each once."""
    lesson = DESCRIPTIONS[game].lesson
    wanted = set(lesson.moments)
    return [m for m in lesson.detect(events, snap) if m["id"] in wanted]


def catalogue_entry(game: str) -> dict | None:
    """What the catalogue says of a game's lesson (the page offers "Learn" with it; the
    coach points at ``points_at``'s part of the table for a moment)."""
    lesson = LESSONS.get(game)
    if lesson is None:
        return None
    return {"moments": list(lesson["moments"]), "decks": sorted(lesson["deals"]),
            "points_at": dict(DESCRIPTIONS[game].lesson.points_at)}
