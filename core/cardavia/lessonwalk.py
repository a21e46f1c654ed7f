"""A learner who does what the coach says: plays a lesson's deal through the bridge the
browser uses and notes the moments it shows (for tests/test_lessons.py and
scripts/lessons/find_lessons.py)."""

from __future__ import annotations

from . import lessons
from .bridge import Bridge


def walk(game: str, seed: int | None = None, seat: int = 0, deck: str | None = None) -> dict:
    """Plays a lesson's deal as a learner who does what the coach says, through the
    bridge the browser uses: ``{"moments": first occurrence of each, in order,
    "turns": the learner's moves, "won": the learner's side won the deal, "log": every
    seat's actions}``. Minchiate's declarations go as the table sends
    them: every combination offered (all ticked), then done. Without a seed, the
    lesson the bridge deals for ``lesson: true``, its moments as the bridge reports them."""
    bridge = Bridge()
    if seed is None:
        fields = {"op": "new_match", "game": game, "lesson": True}
    else:
        fields = {"op": "new_match", "game": game, "seed": seed, "seat": seat, "level": lessons.LEVEL}
    if deck:
        fields["deck"] = deck
    res = bridge.handle_obj(_json(fields))
    if not res["ok"]:
        raise RuntimeError(res["error"])
    found = (lambda r: r["moments"]) if seed is None else (lambda r: lessons.moments(game, r["events"], r["snapshot"]))
    seen: dict[str, dict] = {}
    turns = 0
    while True:
        for m in found(res):
            seen.setdefault(m["id"], m)
        snap = res["snapshot"]
        if any(ev["type"] == "deal_scored" for ev in res["events"]) or snap["to_move"] is None:
            break
        if not snap["your_turn"]:
            res = bridge.handle_obj(_json({"op": "advance"}))
            continue
        turns += 1
        if snap["phase"] == "declare":
            legal = {a["id"] for a in snap["legal"]}
            ids = [f"declare:{c['id']}" for c in snap.get("combinations", [])
                   if not c.get("declared") and f"declare:{c['id']}" in legal]
            for action in [*ids, "declare:done"]:
                if res["snapshot"]["your_turn"] and any(a["id"] == action for a in res["snapshot"]["legal"]):
                    res = _act(bridge, action, found, seen)
            continue
        hint = bridge.handle_obj(_json({"op": "hint"}))["hint"]
        res = bridge.handle_obj(_json({"op": "act", "action": hint}))
        if not res["ok"]:
            raise RuntimeError(res["error"])
    return {"moments": list(seen.values()), "turns": turns, "won": _won(res["snapshot"]),
            "log": [list(m) for m in bridge.match.log]}


def _won(snap: dict) -> bool:
    """Whether the learner's side won the lesson's deal (a lesson a newcomer loses by
    doing what the coach said teaches the wrong thing)."""
    sheets = snap.get("sheets") or []
    if not sheets:
        return False
    me = snap["seat"]
    teams = snap.get("teams") or [[seat] for seat in range(snap["players"])]
    mine = next(i for i, team in enumerate(teams) if me in team)
    return sheets[-1].get("winner_team") == mine


def _act(bridge, action: str, found, seen: dict) -> dict:
    res = bridge.handle_obj(_json({"op": "act", "action": action}))
    if not res["ok"]:
        raise RuntimeError(res["error"])
    for m in found(res):
        seen.setdefault(m["id"], m)
    return res


def _json(obj: dict) -> str:
    import json
    return json.dumps(obj)
