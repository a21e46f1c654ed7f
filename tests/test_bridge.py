"""The JSON bridge the browser worker calls: every request gets one response,
errors carry codes and change nothing."""

import json

import pytest

from cardavia.bridge import Bridge


def call(bridge, **request):
    request.setdefault("id", 1)
    return json.loads(bridge.handle(json.dumps(request)))


def started(game="scopa", **kw):
    b = Bridge()
    r = call(b, op="new_match", game=game, seed=5, level="greedy", **kw)
    assert r["ok"], r
    return b, r


def play_until_human(b):
    r = call(b, op="snapshot")
    while not r["snapshot"]["your_turn"] and r["snapshot"]["to_move"] is not None:
        r = call(b, op="advance")
    return r


def test_new_match_snapshot_for_the_human_seat():
    b, r = started("briscola")
    snap = r["snapshot"]
    assert snap["game"] == "briscola" and snap["seat"] == 0 and len(snap["hand"]) == 3
    assert snap["hand_counts"] == [3, 3] and snap["stock"] == 34
    assert r["events"][0]["type"] == "dealt"
    hand_events = [e for e in r["events"] if e["type"] == "hand"]
    assert any("cards" in e for e in hand_events if e["seat"] == 0)
    assert all("cards" not in e for e in hand_events if e["seat"] == 1)


def test_act_applies_a_legal_action_and_returns_new_events():
    b, _ = started()
    r = play_until_human(b)
    action = r["snapshot"]["legal"][0]
    r = call(b, op="act", action=action["id"])
    assert r["ok"]
    assert action["card"] not in r["snapshot"]["hand"]
    assert r["events"][0]["type"] in ("captured", "placed")
    assert r["events"][0]["card"] == action["card"]


@pytest.mark.parametrize("text, code", [
    ("{not json", "bad_json"),
    ("[1, 2]", "bad_request"),
    ('{"id": 3, "op": "explode"}', "unknown_op"),
    ('{"id": 3, "op": "act", "action": "play:7D"}', "no_match"),
    ('{"id": 3, "op": "new_match", "game": "poker"}', "unknown_game"),
    ('{"id": 3, "op": "new_match", "game": "briscola", "deck": "siciliane"}', "unknown_deck"),
    ('{"id": 3, "op": "new_match", "game": "briscola", "seed": "x"}', "bad_request"),
])
def test_bad_requests_get_coded_errors(text, code):
    r = json.loads(Bridge().handle(text))
    assert r["ok"] is False and r["error"]["code"] == code and r["error"]["message"]


def test_illegal_and_out_of_turn_actions_change_nothing():
    b, _ = started()
    r = play_until_human(b)
    before = call(b, op="save")["save"]
    bad = call(b, op="act", action="play:ZZ")
    assert bad["error"]["code"] == "illegal_action"
    legal = r["snapshot"]["legal"][0]["id"]
    call(b, op="act", action=legal)
    if not call(b, op="snapshot")["snapshot"]["your_turn"]:
        mid = call(b, op="save")["save"]
        out = call(b, op="act", action=legal)
        assert out["error"]["code"] in ("not_your_turn", "illegal_action")
        assert call(b, op="save")["save"] == mid
    assert before["log"] != call(b, op="save")["save"]["log"]


def test_undo_takes_back_the_humans_last_move():
    b, _ = started()
    r = play_until_human(b)
    hand = r["snapshot"]["hand"]
    table = r["snapshot"]["table"]
    call(b, op="act", action=r["snapshot"]["legal"][0]["id"])
    play_until_human(b)
    r = call(b, op="undo")
    assert r["ok"] and r["snapshot"]["hand"] == hand and r["snapshot"]["table"] == table
    assert r["snapshot"]["your_turn"]
    assert call(b, op="undo")["error"]["code"] == "nothing_to_undo"  # that was the only one


def test_undo_with_no_human_move_is_an_error():
    b, _ = started()
    assert call(b, op="undo")["error"]["code"] == "nothing_to_undo"


def test_save_restore_resumes_exactly_and_tampered_saves_are_refused():
    b, _ = started()
    r = play_until_human(b)
    call(b, op="act", action=r["snapshot"]["legal"][-1]["id"])
    snap = play_until_human(b)["snapshot"]
    save = call(b, op="save")["save"]
    fresh = Bridge()
    r = call(fresh, op="restore", save=json.loads(json.dumps(save)))
    assert r["ok"] and r["snapshot"] == snap
    tampered = dict(save, seed=save["seed"] + 1)
    r = call(fresh, op="restore", save=tampered)
    assert r["error"]["code"] == "bad_save"
    assert call(fresh, op="snapshot")["snapshot"] == snap  # nothing changed
    for junk in (None, 7, {"format": "cardavia-match"}, dict(save, log=[[0, "play:ZZ"]])):
        assert call(fresh, op="restore", save=junk)["error"]["code"] == "bad_save"


def test_hint_is_a_legal_action():
    b, _ = started()
    r = play_until_human(b)
    hint = call(b, op="hint")["hint"]
    assert hint in {a["id"] for a in r["snapshot"]["legal"]}


def test_catalogue_lists_every_tradition():
    r = call(Bridge(), op="catalogue")
    ids = [t["id"] for t in r["catalogue"]["traditions"]]
    assert ids == ["piacentine", "siciliane", "bresciane", "tarocco-piemontese", "minchiate"]
    assert r["catalogue"]["games"]["briscola"]["playable"] is True


def test_a_whole_match_through_the_bridge():
    b, _ = started("scopa")
    r = call(b, op="snapshot")
    steps = 0
    while r["snapshot"]["to_move"] is not None:
        snap = r["snapshot"]
        r = call(b, op="act", action=snap["legal"][0]["id"]) if snap["your_turn"] \
            else call(b, op="advance")
        assert r["ok"]
        steps += 1
    result = r["snapshot"]["result"]
    assert max(result["scores"]) >= 11 and result["winner_team"] in (0, 1)
    sheets = r["snapshot"]["sheets"]
    assert [sum(s["totals"][t] for s in sheets) for t in (0, 1)] == result["scores"]
