"""Guided first deals: for each game a real deal (a seed and the learner's seat) in
which, when the learner plays the coach's suggestions, the game's key moments happen;
and the one place that asks a game's own detector (its DESCRIPTION's lesson, beside its
rules) which of those moments one response (its events and snapshot) shows, so that the
coach's words follow the engine's facts.

A lesson's moves are fixed with its deal: ``lesson_moves.json`` (beside this module,
shipped in the site's wheel) stores, per game and deck, every action of the deal as it
was played when the deal was chosen (the learner doing what the coach said, the computers
at ``normal``), written by ``scripts/lessons/find_lessons.py --write``. While the learner
follows them, the computer seats play the stored actions (``Match.scripted``) and the
coach suggests the stored move (``advice.hint``'s ``prefer``), so a stronger ``normal`` or
a new hint never moves a lesson's moments. Stored moves rather than a frozen level: every
game has them at once, with no frozen copy of each policy to keep, and a replay of stored
actions costs nothing. A learner who plays another move leaves the script: from then on
the computers play at ``normal`` (the deal is then theirs, as any other).
``lessonwalk.walk`` plays every lesson as the coach says (tests/test_lessons.py) and checks
that each of its moments happens.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from .games import DESCRIPTIONS

MOVES_FILE = Path(__file__).with_name("lesson_moves.json")

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


@lru_cache(maxsize=1)
def stored_moves() -> dict:
    """``lesson_moves.json``: game → deck → {"seed", "seat", "moves": [[seat, action id], …]}."""
    if not MOVES_FILE.is_file():
        return {}
    return json.loads(MOVES_FILE.read_text(encoding="utf-8"))


def script_for(game: str, deck: str, seed: int) -> list[list[Any]] | None:
    """The fixed moves of ``game``'s lesson on ``deck`` (every seat's, in order), or None
    if none are stored for that deal (another seed: not the lesson's deal)."""
    entry = stored_moves().get(game, {}).get(deck)
    if not entry or entry.get("seed") != seed:
        return None
    return [list(m) for m in entry["moves"]]


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
