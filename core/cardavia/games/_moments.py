"""Helpers the games' lesson detectors share: they read what the table receives (a
response's events and snapshot), never a state, so that the coach's words follow the
engine's facts (each game's detector is beside its rules, in its DESCRIPTION)."""

from __future__ import annotations

from typing import Iterable

from .description import Moment


def suit(card: str) -> str:
    """A card's suit letter: the last character ("KB" → "B"), "T" for tarot trumps."""
    return "T" if card.startswith("T") and card[1:].isdigit() else card[-1]


def team_of(snap: dict, seat: int) -> int:
    teams = snap.get("teams") or [[s] for s in range(snap.get("players", 2))]
    return next(i for i, members in enumerate(teams) if seat in members)


def partner(snap: dict) -> int | None:
    team = (snap.get("teams") or [])[team_of(snap, snap["seat"])] if snap.get("teams") else []
    return next((s for s in team if s != snap["seat"]), None)


def sheet_line(events: list[dict], key: str) -> dict | None:
    """The first line ``key`` with points in a deal's score sheet among ``events``."""
    for ev in events:
        if ev.get("type") == "deal_scored":
            for line in ev["sheet"].get("lines", []):
                if line.get("key") == key and line.get("points"):
                    return line
    return None


def your_duty(snap: dict) -> Iterable[Moment]:
    """Snapshot moments of the tarot games: the discard step, a follow or trump duty."""
    if not snap.get("your_turn"):
        return
    if snap.get("phase") == "discard":
        yield {"id": "discard"}
    blocks = snap.get("play_blocks") or {}
    why = next(iter(blocks.values()), None)
    if why and why.get("code") in ("follow", "trump"):
        yield {"id": why["code"], "suit": why.get("suit"), "card": why.get("card")}
