"""Everything the engine does in the browser, run inside Pyodide by scripts/build/stdlib_subset.mjs.

It imports the engine the way the worker does (the wheel on sys.path), imports every stdlib
module the engine's source names anywhere (STATIC_IMPORTS, found by scripts/build/build_site.py),
then plays through the bridge: every op, every game and deck, every level, one full deal
per game (the first at level normal, the others at greedy), save/restore, undo, hint and
every error path. Afterwards sys.modules holds each stdlib module the site needs; a run
against the reduced stdlib that raises nothing proves the reduced stdlib is enough (the
browser tests then play every level on it).

Globals set by the caller: WHEEL (path of the engine wheel in the Pyodide file system),
STATIC_IMPORTS (list of module names), SEED (int).
"""

import importlib
import json
import random
import sys

sys.path.insert(0, WHEEL)  # noqa: F821 (set by the caller)
for name in STATIC_IMPORTS:  # noqa: F821
    importlib.import_module(name)

from cardavia.bridge import Bridge  # noqa: E402

bridge = Bridge()
rng = random.Random(SEED)  # noqa: F821
calls = 0


def call(**request):
    global calls
    calls += 1
    res = json.loads(bridge.handle(json.dumps(request)))
    assert isinstance(res, dict) and "ok" in res, res
    return res


def play(game, deck, level, max_steps, until_sheet):
    res = call(op="new_match", game=game, deck=deck, level=level, seed=rng.randrange(2**31))
    assert res["ok"], res
    saved = None
    for step in range(max_steps):
        snap = res["snapshot"]
        if snap.get("result") or (until_sheet and snap.get("sheets")):
            return
        if snap["your_turn"]:
            if step % 11 == 3:
                assert call(op="hint")["ok"]
            legal = snap["legal"]
            res = call(op="act", action=rng.choice(legal)["id"])
            assert res["ok"], res
            if step % 13 == 5:
                call(op="undo")  # may have nothing to undo (a computer moved first): both answers are fine
                res = call(op="snapshot")
            if saved is None:
                saved = call(op="save")["save"]
        else:
            res = call(op="advance")
            assert res["ok"], res
    if saved is not None:
        assert call(op="restore", save=saved)["ok"]


catalogue = call(op="catalogue")["catalogue"]
playable = [(gid, g) for gid, g in sorted(catalogue["games"].items()) if g.get("playable")]
for i, (game_id, game) in enumerate(playable):
    decks = game["decks"]
    # one whole deal at normal (the first game), the others at greedy: the hints above run
    # the same search as normal's moves, and normal's deals were two thirds of this run's time
    play(game_id, decks[0], "normal" if i == 0 else "greedy", 400, until_sheet=True)
    for i, deck in enumerate(decks):
        play(game_id, deck, ("random", "greedy")[i % 2], 60, until_sheet=False)

# every error the bridge reports (each one a code path with its own formatting)
for request in ('{"op": ', '[]', '{"op": "nope"}', '{"op": "new_match"}', '{"op": "new_match", "game": "x"}',
                '{"op": "new_match", "game": "scopa", "seed": "a"}', '{"op": "restore", "save": 3}',
                '{"op": "act", "action": "play:XX"}'):
    assert json.loads(bridge.handle(request))["ok"] is False
RESULT = {"calls": calls, "modules": sorted(sys.modules)}
