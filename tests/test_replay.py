"""The replay op: a finished match stepped through with every hand face up, a match in
progress refused, and the table's own match never touched."""

import json

import pytest

from cardavia.bridge import Bridge, ERROR_CODES
from cardavia.games import REGISTRY, new_game


def call(bridge, **request):
    request.setdefault("id", 1)
    return json.loads(bridge.handle(json.dumps(request)))


def finished_save(game, seed=11, seat=0, deck=None):
    """A whole match played at the table (the human plays its first legal action)."""
    b = Bridge()
    fields = {"deck": deck} if deck else {}
    r = call(b, op="new_match", game=game, seed=seed, seat=seat, level="random", **fields)
    while r["snapshot"]["to_move"] is not None:
        snap = r["snapshot"]
        r = call(b, op="act", action=snap["legal"][0]["id"]) if snap["your_turn"] \
            else call(b, op="advance")
        assert r["ok"], r
    last = r["snapshot"]
    return call(b, op="save")["save"], last


def replay(b, save, index):
    r = call(b, op="replay", save=save, index=index)
    assert r["ok"], r
    return r["replay"]


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_match_in_progress_is_refused_and_reveals_nothing(game):
    b = Bridge()
    call(b, op="new_match", game=game, seed=3, level="random")
    save = call(b, op="save")["save"]
    r = call(b, op="replay", save=save, index=0)
    assert r["ok"] is False and r["error"]["code"] == "match_not_over"
    assert "match_not_over" in ERROR_CODES
    assert "replay" not in r and "hand" not in json.dumps(r)


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_the_first_position_shows_every_dealt_hand_and_the_last_the_final_sheet(game):
    save, last = finished_save(game)
    b = Bridge()
    first = replay(b, save, 0)
    # every seat's hand as the table dealt it to a human in that seat
    for seat in range(REGISTRY[game].NUM_SEATS):
        table = Bridge()
        dealt = call(table, op="new_match", game=game, seed=save["seed"], seat=seat,
                     level="random")["snapshot"]
        assert first["hands"][seat] == dealt["hand"], seat
    end = replay(b, save, first["total"])
    assert first["total"] == len(save["log"]) and end["index"] == end["total"]
    assert end["view"]["result"] == last["result"]
    assert end["view"]["sheets"] == last["sheets"]
    assert end["view"]["sheets"][-1]["totals"] == last["sheets"][-1]["totals"]


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_step_is_the_logged_action_and_every_card_is_in_one_place(game):
    save, _ = finished_save(game, seed=21)
    b = Bridge()
    pack = sorted(new_game(game, save["seed"], save["deck"]).pack())
    total = len(save["log"])
    for index in range(total + 1):
        pos = replay(b, save, index)
        assert sorted(c for cards in pos["places"].values() for c in cards) == pack
        step = pos["step"]
        if index == 0:
            assert step["action"] is None
            continue
        seat, action = save["log"][index - 1]
        assert (step["seat"], step["action"]) == (seat, action)
        card = action.split(":")[1].split("+")[0] if action.startswith("play:") else None
        if card:  # the card played left the hand of the seat that played it
            before = replay(b, save, index - 1)
            assert card in before["hands"][seat]
            # the deal's last card may come back in the next deal's hand (Scopone deals
            # all 40 cards); only within a deal must it be gone
            if pos["view"].get("deal") == before["view"].get("deal"):
                assert card not in pos["hands"][seat]


def test_briscola_steps_by_trick_every_two_cards():
    """B: 40 cards, two per trick: 20 tricks, each closed after an even action."""
    save, last = finished_save("briscola", seed=8)
    pos = replay(Bridge(), save, 0)
    assert pos["total"] == 40
    assert pos["tricks"] == list(range(2, 41, 2))
    assert pos["deals"] == [40]
    mid = replay(Bridge(), save, 6)
    assert mid["view"]["trick"] == [] and mid["view"]["last_trick"] is not None
    assert sum(mid["view"]["captured"]) == 6


def test_scopa_steps_by_round_of_two_plays_and_marks_each_deal():
    save, last = finished_save("scopa", seed=4)
    pos = replay(Bridge(), save, 0)
    assert len(pos["deals"]) == len(last["sheets"]) >= 1
    assert pos["deals"][-1] == pos["total"] and pos["tricks"][-1] == pos["total"]
    # 36 cards dealt per deal after the 4 on the table: 18 rounds of two plays each
    assert len(pos["tricks"]) == 18 * len(pos["deals"])


def test_replay_leaves_the_table_match_alone():
    save, _ = finished_save("briscola", seed=2)
    b = Bridge()
    before = call(b, op="new_match", game="scopa", seed=9, level="random")["snapshot"]
    replay(b, save, 5)
    after = call(b, op="snapshot")["snapshot"]
    assert after["game"] == "scopa" and after["hand"] == before["hand"]
    assert call(b, op="save")["save"]["seed"] == 9


@pytest.mark.parametrize("index", [-1, 41, "3", True, None, 2.0])
def test_an_index_outside_the_match_is_a_bad_request(index):
    save, _ = finished_save("briscola", seed=2)
    r = call(Bridge(), op="replay", save=save, index=index)
    assert r["ok"] is False and r["error"]["code"] == "bad_request"


def test_an_altered_save_is_refused_even_after_the_genuine_one_was_replayed():
    save, _ = finished_save("briscola", seed=2)
    b = Bridge()
    replay(b, save, 3)
    forged = dict(save, seed=save["seed"] + 1)
    r = call(b, op="replay", save=forged, index=3)
    assert r["ok"] is False and r["error"]["code"] == "bad_save"
    r = call(b, op="replay", save="nonsense", index=0)
    assert r["ok"] is False and r["error"]["code"] == "bad_save"
