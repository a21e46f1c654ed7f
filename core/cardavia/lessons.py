"""Guided first deals: for each game a real deal (a seed and the learner's seat) in
which, when the learner plays the coach's suggestions, the game's key moments happen;
and the one place that finds those moments in what the table already receives (a
response's events and snapshot), so that the coach's words follow the engine's facts.

The coach suggests the deterministic hint (``advice.hint`` with the bridge's seeded
rng) and the computer seats play at the ``normal`` level, so following the coach
replays the same deal every time; ``lessonwalk.walk`` plays every lesson that way (tests/test_lessons.py)
and checks that each of its moments happens. ``scripts/lessons/find_lessons.py`` searched the
seeds.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

LEVEL = "normal"

# game → the moments it teaches (in the order they happen) and, per deck, the deal
# (seed, the learner's seat) in which they do: found by scripts/lessons/find_lessons.py.
LESSONS: dict[str, dict[str, Any]] = {
    "briscola": {"moments": ("trump", "trump_take", "last_draw"),
                 "deals": {"piacentine": (2, 1)}},
    "scopa": {"moments": ("choice", "sweep", "settebello", "primiera"),
              "deals": {"piacentine": (2, 1), "siciliane": (20, 0)}},
    "cicera": {"moments": ("partner", "picada", "matta"),
               "deals": {"bresciane": (1, 0)}},
    "tarocchi": {"moments": ("discard", "follow", "trump", "matto", "honours"),
                 "deals": {"tarocco-piemontese": (1, 1)}},
    "minchiate": {"moments": ("cut", "steal", "discard", "declare", "kill", "resti"),
                  "deals": {"minchiate": (7, 0)}},
}


def deal_for(game: str, deck: str) -> tuple[int, int]:
    """The lesson deal (seed, seat) of ``game`` on ``deck``; GameError if it has none."""
    from .games import GameError
    lesson = LESSONS.get(game)
    if lesson is None or deck not in lesson["deals"]:
        raise GameError(f"there is no lesson for {str(game)[:40]} on {str(deck)[:40]}", "bad_request")
    return lesson["deals"][deck]


Moment = dict[str, Any]


def _suit(card: str) -> str:
    """A card's suit letter: the last character ("KB" → "B"), "T" for tarot trumps."""
    return "T" if card.startswith("T") and card[1:].isdigit() else card[-1]


def _team_of(snap: dict, seat: int) -> int:
    teams = snap.get("teams") or [[s] for s in range(snap.get("players", 2))]
    return next(i for i, members in enumerate(teams) if seat in members)


def _partner(snap: dict) -> int | None:
    team = (snap.get("teams") or [])[_team_of(snap, snap["seat"])] if snap.get("teams") else []
    return next((s for s in team if s != snap["seat"]), None)


def _sheet_line(events: list[dict], key: str) -> dict | None:
    """The first line ``key`` with points in a deal's score sheet among ``events``."""
    for ev in events:
        if ev.get("type") == "deal_scored":
            for line in ev["sheet"].get("lines", []):
                if line.get("key") == key and line.get("points"):
                    return line
    return None


def _briscola(events: list[dict], snap: dict) -> Iterable[Moment]:
    trump_suit = snap.get("trump_suit")
    for ev in events:
        if ev["type"] == "dealt" and ev.get("trump"):
            yield {"id": "trump", "card": ev["trump"], "suit": _suit(ev["trump"])}
        elif ev["type"] == "trick_won" and ev["points"] > 0 and ev["seat"] == snap["seat"]:
            cards = ev["cards"]
            if _suit(cards[0]) != trump_suit and any(_suit(c) == trump_suit for c in cards):
                card = next(c for c in cards if _suit(c) == trump_suit)
                yield {"id": "trump_take", "card": card, "points": ev["points"]}
    if any(ev["type"] == "drew" for ev in events) and snap.get("stock") == 0:
        yield {"id": "last_draw"}


def _scopa(events: list[dict], snap: dict) -> Iterable[Moment]:
    me = snap["seat"]
    for ev in events:
        if ev["type"] == "sweep":
            yield {"id": "sweep", "seat": ev["seat"], "mine": _team_of(snap, ev["seat"]) == _team_of(snap, me)}
        elif ev["type"] == "captured" and "7D" in [ev["card"], *ev["cards"]]:
            yield {"id": "settebello", "seat": ev["seat"], "card": "7D",
                   "mine": _team_of(snap, ev["seat"]) == _team_of(snap, me)}
    line = _sheet_line(events, "primiera")
    if line:
        yield {"id": "primiera", "team": line["team"], "mine": line["team"] == _team_of(snap, me)}
    if snap.get("your_turn"):
        by_card: dict[str, int] = {}
        for action in snap.get("legal", []):
            if action.get("type") == "capture":
                by_card[action["card"]] = by_card.get(action["card"], 0) + 1
        card = next((c for c, n in by_card.items() if n > 1), None)
        if card:
            yield {"id": "choice", "card": card, "options": by_card[card]}


def _cicera(events: list[dict], snap: dict) -> Iterable[Moment]:
    me, partner = snap["seat"], _partner(snap)
    for ev in events:
        if ev["type"] == "bonus" and ev.get("bonus") == "picada":
            yield {"id": "picada", "seat": ev["seat"], "points": ev.get("points", 1),
                   "mine": _team_of(snap, ev["seat"]) == _team_of(snap, me)}
        elif ev["type"] == "captured" and "2S" in [ev["card"], *ev["cards"]]:
            yield {"id": "matta", "seat": ev["seat"], "card": "2S",
                   "mine": _team_of(snap, ev["seat"]) == _team_of(snap, me)}
        elif ev["type"] == "captured" and ev["seat"] == partner:
            yield {"id": "partner", "seat": partner, "card": ev["card"]}


def _tarocchi(events: list[dict], snap: dict) -> Iterable[Moment]:
    for ev in events:
        if ev["type"] == "played" and ev["card"] == "T0":
            yield {"id": "matto", "seat": ev["seat"], "card": "T0"}
    line = _sheet_line(events, "honours")
    if line:
        yield {"id": "honours", "team": line["team"], "cards": line.get("detail", {}).get("cards", []),
               "mine": line["team"] == _team_of(snap, snap["seat"])}
    yield from _your_duty(snap)


def _your_duty(snap: dict) -> Iterable[Moment]:
    """Snapshot moments of the tarot games: the discard step, a follow or trump duty."""
    if not snap.get("your_turn"):
        return
    if snap.get("phase") == "discard":
        yield {"id": "discard"}
    blocks = snap.get("play_blocks") or {}
    why = next(iter(blocks.values()), None)
    if why and why.get("code") in ("follow", "trump"):
        yield {"id": why["code"], "suit": why.get("suit"), "card": why.get("card")}


def _minchiate(events: list[dict], snap: dict) -> Iterable[Moment]:
    me = snap["seat"]
    for ev in events:
        if ev["type"] == "cut":
            yield {"id": "cut", "seat": ev["seat"], "count": ev.get("stolen", 0)}
        elif ev["type"] == "steal":
            yield {"id": "steal", "seat": ev["seat"], "card": ev["card"], "points": ev.get("value", 0)}
        elif ev["type"] == "scored" and ev.get("kind") == "kill":
            team = 0 if ev["points"][0] else 1
            yield {"id": "kill", "cards": ev.get("cards", []), "points": max(ev["points"]),
                   "mine": team == _team_of(snap, me)}
        elif ev["type"] == "resto" and ev.get("final"):
            yield {"id": "resti", "team": ev["team"], "resti": ev.get("resti", [0, 0]),
                   "mine": ev["team"] == _team_of(snap, me)}
    if snap.get("your_turn") and snap.get("phase") == "declare" \
            and any(a.get("type") == "declare" for a in snap.get("legal", [])):
        yield {"id": "declare"}
    for m in _your_duty(snap):
        if m["id"] == "discard":
            yield m


DETECTORS: dict[str, Callable[[list[dict], dict], Iterable[Moment]]] = {
    "briscola": _briscola, "scopa": _scopa, "cicera": _cicera,
    "tarocchi": _tarocchi, "minchiate": _minchiate,
}


def moments(game: str, events: list[dict], snap: dict) -> list[Moment]:
    """The lesson moments of ``game`` that one response (its events, then its
    snapshot) shows, in order; each says what happened with the cards it involves.
    The same moment may come again later: the coach speaks of each once."""
    wanted = set(LESSONS[game]["moments"])
    return [m for m in DETECTORS[game](events, snap) if m["id"] in wanted]


def catalogue_entry(game: str) -> dict | None:
    """What the catalogue says of a game's lesson (the page offers "Learn" with it)."""
    lesson = LESSONS.get(game)
    return None if lesson is None else {"moments": list(lesson["moments"]), "decks": sorted(lesson["deals"])}

