"""A game's options travel with its match (issue 43, item 2): the bridge deals the variant
asked for, refuses an option the game does not describe, and the save, restore, practice,
review, challenge and replay all keep it. A save of a default match is as it always was."""

import json

import pytest

from cardavia.bridge import Bridge, ERROR_CODES
from cardavia.games import DESCRIPTIONS
from cardavia.match import Match

CLASSICO = {"classico": True}  # Scopone's 9 + 4 deal: visible in the first snapshot (SC1, SC3)


def call(bridge, **request):
    request.setdefault("id", 1)
    return json.loads(bridge.handle(json.dumps(request)))


def dealt(snap):
    return len(snap["hand"]), len(snap["table"])


def play_out(b, r):
    """The match to its end: the person plays the first legal action."""
    while r["snapshot"]["to_move"] is not None:
        snap = r["snapshot"]
        r = call(b, op="act", action=snap["legal"][0]["id"]) if snap["your_turn"] \
            else call(b, op="advance")
        assert r["ok"], r
    return r


def test_new_match_deals_the_variant_asked_for():
    b = Bridge()
    plain = call(b, op="new_match", game="scopone", seed=7, level="random")["snapshot"]
    assert dealt(plain) == (10, 0) and plain["options"]["classico"] is False
    r = call(b, op="new_match", game="scopone", seed=7, level="random",
             options={"classico": True, "target": 21})
    assert r["ok"], r
    assert dealt(r["snapshot"]) == (9, 4)
    assert r["snapshot"]["options"]["target"] == 21 and r["snapshot"]["options"]["classico"]


@pytest.mark.parametrize("options, says", [
    ({"target": 15}, "11, 21"),            # not one of the target's choices
    ({"napola": 1}, "false, true"),        # a switch takes true or false only
    ({"target": True}, "11, 21"),          # a bool is no number
    ({"tempo": 3}, "no option 'tempo'"),  # not an option of the game
    (["classico"], "object"),              # not an object
])
def test_a_bad_option_is_refused_and_the_match_is_untouched(options, says):
    b = Bridge()
    before = call(b, op="new_match", game="scopone", seed=7, level="random", options=CLASSICO)
    r = call(b, op="new_match", game="scopone", seed=8, options=options)
    assert r["ok"] is False and r["error"]["code"] == "bad_option" and says in r["error"]["message"]
    assert "bad_option" in ERROR_CODES
    assert call(b, op="snapshot")["snapshot"]["hand"] == before["snapshot"]["hand"]


def test_a_game_without_options_takes_none():
    r = call(Bridge(), op="new_match", game="scopa", seed=1, options={"target": 21})
    assert r["error"]["code"] == "bad_option"
    assert call(Bridge(), op="new_match", game="scopa", seed=1, options={})["ok"]


def test_the_save_keeps_only_the_options_off_their_defaults_and_restores_them():
    b = Bridge()
    call(b, op="new_match", game="scopone", seed=7, level="random",
         options={"classico": True, "target": 11, "napola": False})
    call(b, op="advance")  # a move in the log: the restore replays it in the variant
    save = call(b, op="save")["save"]
    assert save["options"] == {"classico": True}
    again = Bridge()
    r = call(again, op="restore", save=save)
    assert r["ok"], r
    assert r["snapshot"]["options"]["classico"] is True
    assert again.match.options == {"classico": True}
    assert again.match.save() == save


def test_a_default_match_saves_exactly_as_before_options_travelled():
    b = Bridge()
    call(b, op="new_match", game="scopone", seed=7, level="random")
    save = call(b, op="save")["save"]
    assert "options" not in save
    assert set(save) == {"format", "version", "game", "deck", "seed", "seats", "log", "checksum"}


def test_a_save_with_options_in_another_form_or_altered_is_refused():
    m = Match("scopone", 7, options={"target": 21})
    save = m.save()
    altered = dict(save, options={"target": 11})  # checksum no longer fits
    assert call(Bridge(), op="restore", save=altered)["error"]["code"] == "bad_save"
    # a default written out is not the save's form (one form: a variant has one save)
    from cardavia.match import _checksum
    body = {k: v for k, v in save.items() if k != "checksum"}
    body["options"] = {"target": 21, "napola": False}
    r = call(Bridge(), op="restore", save=dict(body, checksum=_checksum(body)))
    assert r["error"]["code"] == "bad_save"
    body["options"] = {"target": 15}
    r = call(Bridge(), op="restore", save=dict(body, checksum=_checksum(body)))
    assert r["error"]["code"] == "bad_save" and "11, 21" in r["error"]["message"]


def test_practice_undo_and_review_replay_the_variant():
    b = Bridge()
    r = call(b, op="new_match", game="scopone", seed=7, level="random", options=CLASSICO)
    r = play_out(b, r)
    assert b.match.options == CLASSICO
    review = call(b, op="review", deal=1)
    assert review["ok"], review
    r = call(b, op="practice", index=0)
    assert r["ok"] and b.match.options == CLASSICO and b.practice
    assert dealt(r["snapshot"]) == (9, 4)


def test_a_challenge_carries_its_options_and_rebuilds_with_them():
    b = Bridge()
    play_out(b, call(b, op="new_match", game="scopone", seed=7, level="random", options=CLASSICO))
    ch = call(b, op="challenge")["challenge"]
    assert ch["options"] == CLASSICO
    args = {k: ch[k] for k in ("game", "deck", "seed", "seat", "level", "choices")}
    rebuilt = call(Bridge(), op="rebuild", options=ch["options"], **args)
    assert rebuilt["ok"], rebuilt
    assert rebuilt["rebuilt"]["save"]["options"] == CLASSICO
    assert rebuilt["rebuilt"]["result"] == ch["result"]
    # without its options the choices do not fit the deal (scientifico deals 10 each)
    wrong = call(Bridge(), op="rebuild", **args)
    assert wrong["ok"] is False or wrong["rebuilt"]["result"] != ch["result"]


def test_the_replay_viewer_deals_the_variant():
    b = Bridge()
    play_out(b, call(b, op="new_match", game="scopone", seed=7, level="random", options=CLASSICO))
    save = call(b, op="save")["save"]
    first = call(Bridge(), op="replay", save=save, index=0)["replay"]
    assert [len(h) for h in first["hands"]] == [9, 9, 9, 9]


def test_a_lesson_is_the_default_game():
    b = Bridge()
    r = call(b, op="new_match", game="briscola", lesson=True, options={"anything": 1})
    assert r["ok"] and b.match.options == {}


def test_the_described_options_are_what_the_catalogue_offers():
    for gid, d in DESCRIPTIONS.items():
        entry = d.catalogue_entry()
        assert entry.get("options", {}) == dict(d.options), gid
        for key, values in d.option_choices.items():
            assert d.options[key] in values, (gid, key)
