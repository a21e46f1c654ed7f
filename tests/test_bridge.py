"""The JSON bridge the browser worker calls: every request gets one response,
errors carry codes and change nothing."""

import json

import pytest

from cardavia.bridge import Bridge
from cardavia.fuzz import fuzz_game
from cardavia.games import REGISTRY
from scale import count


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
    assert snap["seed"] == 5  # the page chose it
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
    assert call(b, op="save")["save"] == before
    call(b, op="act", action=legal)
    snap = call(b, op="snapshot")["snapshot"]
    assert snap["to_move"] == 1 and not snap["your_turn"]  # two players take turns
    mid = call(b, op="save")["save"]
    assert mid["log"] == before["log"] + [[0, legal]]
    # A move that is legal for the computer to move, sent by the human: out of turn.
    computers = b.match.state.legal_actions()[0]["id"]
    out = call(b, op="act", action=computers)
    assert out["error"]["code"] == "not_your_turn"
    assert call(b, op="save")["save"] == mid


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
    assert r["ok"] and r["snapshot"] == dict(snap, seed=None)  # seed: see the hiding test
    snap = r["snapshot"]
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
    assert ids == ["piacentine", "siciliane", "bresciane", "tarocco-piemontese", "minchiate", "napoletane"]
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


# ----- validation found by the fuzzer (python -m cardavia fuzz) -----------------------
def _restore_forged(edit):
    """A real save, edited, with its checksum recomputed by the forger."""
    from cardavia.match import _checksum
    b, _ = started()
    save = call(b, op="save")["save"]
    edit(save)
    body = {k: v for k, v in save.items() if k != "checksum"}
    save["checksum"] = _checksum(body)
    before = call(b, op="save")["save"]
    r = call(b, op="restore", save=save)
    assert call(b, op="save")["save"] == before  # refused, nothing changed
    return r


@pytest.mark.parametrize("text, code", [
    ("[" * 100_000 + "]" * 100_000, "bad_json"),           # RecursionError escaped before;
    ('{"id": 1, "op": "snapshot", "x": ' + "[" * 33 + "]" * 33 + "}", "bad_json"),  # Pyodide crashed
    ('{"id": 1, "op": "act", "action": "' + "[{" * 100 + '"}', "no_match"),  # brackets in a string
    ('{"id": NaN, "op": "snapshot"}', "bad_json"),          # echoed back as NaN: not JSON
    ('{"id": 1, "op": "new_match", "game": "scopa", "seed": Infinity}', "bad_json"),
    ('{"id": "\\ud800", "op": "snapshot"}', "bad_request"),  # a lone surrogate is not UTF-8
    ('{"id": {"a": 1}, "op": "snapshot"}', "bad_request"),
    ('{"id": 1, "op": "new_match", "game": "scopa", "seat": true}', "bad_request"),
    ('{"id": 1, "op": "new_match", "game": "scopa", "seed": 9007199254740992}', "bad_request"),
    ('{"id": 1, "op": "new_match", "game": "scopa", "seed": -1}', "bad_request"),
    ('{"id": 1, "op": "new_match", "game": "scopa", "seed": 5.0}', "bad_request"),
    ('{"id": 1, "op": "new_match", "game": "scopa", "level": "expert!"}', "bad_request"),
    ('{"id": 1, "op": "new_match", "game": "scopa", "deck": ["piacentine"]}', "unknown_deck"),
])
def test_hostile_requests_get_the_exact_code(text, code):
    r = json.loads(Bridge().handle(text))
    assert r["ok"] is False and r["error"]["code"] == code


def test_error_messages_never_echo_a_huge_input():
    b, _ = started()
    big = "7D" * 100_000
    for request in ({"op": "act", "action": big}, {"op": big}, {"op": "new_match", "game": big},
                    {"op": "new_match", "game": "scopa", "deck": big}):
        text = b.handle(json.dumps(dict(request, id=1)))
        assert len(text) < 1000 and json.loads(text)["ok"] is False


@pytest.mark.parametrize("edit", [
    lambda s: s["seats"].__setitem__(1, "ai"),                       # not an object: was internal
    lambda s: s["seats"].__setitem__(0, {"kind": "ai", "level": "greedy"}),  # no human
    lambda s: s["seats"].__setitem__(1, {"kind": "ai", "level": "greedy", "x": "\ud800"}),
    lambda s: s.__setitem__("seed", str(s["seed"])),
    lambda s: s.__setitem__("seed", s["seed"] + 0.5),
    lambda s: s.__setitem__("log", [[True, "play:7D"]]),
    lambda s: s.__setitem__("log", "play:7D"),
    lambda s: s.__setitem__("extra", 1),
], ids=["seat-not-object", "no-human", "seat-extra-field", "seed-string",
        "seed-float", "log-bool-seat", "log-string", "extra-field"])
def test_forged_saves_with_a_valid_checksum_are_refused(edit):
    r = _restore_forged(edit)
    assert r["ok"] is False and r["error"]["code"] == "bad_save", r


def test_an_unexpected_failure_mid_request_puts_the_match_back():
    class Failing(Bridge):
        def _act(self, request):
            self.match.act(self.human, request["action"])  # the move is made...
            raise RuntimeError("a bug after the move")      # ...then something breaks

    b = Failing()
    call(b, op="new_match", game="scopa", seed=5, level="greedy")
    r = play_until_human(b)
    before, log = b.match.state.to_json(), list(b.match.log)
    out = call(b, op="act", action=r["snapshot"]["legal"][0]["id"])
    assert out["error"]["code"] == "internal"
    assert b.match.state.to_json() == before and b.match.log == log


def test_the_snapshot_hides_a_seed_the_page_did_not_choose_until_the_match_is_over():
    b = Bridge()
    r = call(b, op="new_match", game="briscola", level="greedy")  # the bridge draws the seed
    assert r["snapshot"]["seed"] is None  # it would rebuild every hidden card
    save = call(b, op="save")["save"]
    while r["snapshot"]["to_move"] is not None:
        assert r["snapshot"]["seed"] is None
        snap = r["snapshot"]
        r = call(b, op="act", action=snap["legal"][0]["id"]) if snap["your_turn"] \
            else call(b, op="advance")
    assert r["snapshot"]["seed"] == save["seed"]
    assert call(b, op="act", action="play:AD")["error"]["code"] == "match_over"
    assert call(b, op="hint")["error"]["code"] == "match_over"
    # A restored match hides it too (the save is storage, not something shown).
    b2, _ = started("briscola")
    assert call(b2, op="snapshot")["snapshot"]["seed"] == 5
    r = call(b2, op="restore", save=call(b2, op="save")["save"])
    assert r["snapshot"]["seed"] is None


# ----- fuzzing -------------------------------------------------------------------------
GAMES = sorted(REGISTRY)


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_requests_get_one_coded_response_each_and_errors_change_nothing(game):
    requests = count(1000)  # a quarter under Pyodide (tests/scale.py)
    run = fuzz_game(game, requests, seed=7)
    assert run["crashes"] == []
    assert run["state_changes_on_error"] == []
    assert run["invariant_failures"] == []
    # The stream really mixed play with every kind of bad request.
    assert run["ok"] > 0.3 * requests
    for code in ("bad_json", "bad_request", "unknown_op", "bad_save", "illegal_action",
                 "not_your_turn", "no_match"):
        assert run["errors_by_code"].get(code, 0) > 0, (code, run["errors_by_code"])


def test_the_fuzzer_catches_a_bridge_that_changes_state_on_error_or_crashes():
    class Forgetful(Bridge):  # an error that leaves a trace in the match
        def _act(self, request):
            if self.match is not None:
                self.match.log.append([0, "x"])
            return super()._act(request)

    class Fragile(Bridge):  # an exception that escapes
        def handle(self, text):
            if isinstance(text, str) and text.startswith("[[["):
                raise RecursionError("too deep")
            return super().handle(text)

    assert fuzz_game("briscola", 300, seed=7, make_bridge=Forgetful)["state_changes_on_error"]
    assert fuzz_game("briscola", 300, seed=7, make_bridge=Fragile)["crashes"]


def test_stats_reports_what_the_match_keeps_and_changes_nothing():
    b, _ = started("briscola")
    r = play_until_human(b)
    r = call(b, op="act", action=r["snapshot"]["legal"][0]["id"])
    before = (b.match.save(), b.match.state.to_json())
    stats = call(b, op="stats")
    assert stats["ok"] and set(stats["stats"]) == {"gc_objects", "log", "events"}
    assert stats["stats"]["log"] == len(b.match.log) >= 1
    assert stats["stats"]["events"] == b.match.state.event_count > 0
    assert stats["stats"]["gc_objects"] > 1000
    assert (b.match.save(), b.match.state.to_json()) == before
    assert call(Bridge(), op="stats")["stats"]["log"] == 0  # no match yet: still an answer


def test_a_long_session_keeps_no_objects_from_finished_matches():
    """Deal after deal in one bridge (as one page does): the objects Python tracks stop
    growing once the first matches have filled what is meant to fill (a leak of even one
    object per deal over 30 deals would show)."""
    import gc

    b = Bridge()

    def deal(seed):
        r = call(b, op="new_match", game="briscola", level="greedy", seed=seed)
        while r["snapshot"]["result"] is None:
            s = r["snapshot"]
            r = call(b, op="act", action=s["legal"][0]["id"]) if s["your_turn"] else call(b, op="advance")
            assert call(b, op="save")["ok"]

    def tracked():
        gc.collect()
        return call(b, op="stats")["stats"]["gc_objects"]

    for seed in range(10):
        deal(seed)
    after_10 = tracked()
    for seed in range(10, 40):
        deal(seed)
    assert tracked() - after_10 < 30


# ----- pass-and-play: several people, one bridge -----------------------------------------
def two_people(game="briscola", humans=(0, 1)):
    b = Bridge()
    r = call(b, op="new_match", game=game, seed=3, level="greedy", humans=list(humans))
    assert r["ok"], r
    return b, r


def test_pass_and_play_each_person_acts_for_their_own_seat_only():
    b, r = two_people()
    assert r["snapshot"]["humans"] == [0, 1] and r["snapshot"]["seat"] == 0
    first = r["snapshot"]["to_move"]
    other = 1 - first
    mine = call(b, op="snapshot", seat=first)
    theirs = call(b, op="snapshot", seat=other)
    assert mine["snapshot"]["your_turn"] and not theirs["snapshot"]["your_turn"]
    assert set(mine["snapshot"]["hand"]).isdisjoint(theirs["snapshot"]["hand"])
    before = b.match.state.to_json()
    card = mine["snapshot"]["legal"][0]["id"]
    # the other person may not play for the seat to move; a seat must be a person's
    assert call(b, op="act", seat=other, action=card)["error"]["code"] == "not_your_turn"
    assert call(b, op="act", seat=2, action=card)["error"]["code"] == "bad_request"
    assert call(b, op="act", seat="0", action=card)["error"]["code"] == "bad_request"
    assert b.match.state.to_json() == before
    done = call(b, op="act", seat=first, action=card)
    assert done["ok"] and done["snapshot"]["seat"] == first and not done["snapshot"]["your_turn"]
    nxt = call(b, op="snapshot", seat=other)
    assert nxt["snapshot"]["your_turn"]
    played = [e for e in nxt["events"] if e["type"] == "played"]
    assert played and played[-1]["seat"] == first  # told what happened since their last look


def test_pass_and_play_a_computer_seat_is_never_spoken_for():
    b, r = two_people("cicera", humans=(0, 2))
    for op in ("snapshot", "hint", "undo", "save"):
        assert call(b, op=op, seat=1)["error"]["code"] == "bad_request"


def test_pass_and_play_undo_belongs_to_the_last_person_who_moved():
    b, r = two_people()
    first = r["snapshot"]["to_move"]
    other = 1 - first
    a = call(b, op="snapshot", seat=first)["snapshot"]["legal"][0]["id"]
    call(b, op="act", seat=first, action=a)
    assert call(b, op="snapshot", seat=first)["snapshot"]["can_undo"]
    c = call(b, op="snapshot", seat=other)["snapshot"]["legal"][0]["id"]
    r = call(b, op="act", seat=other, action=c)
    assert r["snapshot"]["can_undo"]
    assert not call(b, op="snapshot", seat=first)["snapshot"]["can_undo"]
    log = [list(m) for m in b.match.log]
    assert call(b, op="undo", seat=first)["error"]["code"] == "nothing_to_undo"
    assert b.match.log == log
    assert call(b, op="undo", seat=other)["ok"] and b.match.log == log[:-1]


@pytest.mark.parametrize("humans", [[0, 0], [0, 5], "0,1", [True, 1], [1], [], [0, 1, 2]])
def test_pass_and_play_people_are_distinct_seats_holding_the_page_seat(humans):
    b = Bridge()
    r = call(b, op="new_match", game="briscola", seed=3, humans=humans)
    assert r["ok"] is False and r["error"]["code"] == "bad_request" and b.match is None


def test_a_lesson_has_one_learner():
    r = call(Bridge(), op="new_match", game="briscola", lesson=True, humans=[0, 1])
    assert r["ok"] is False and r["error"]["code"] == "bad_request"


def test_a_pass_and_play_save_restores_every_person_and_speaks_for_the_one_to_move():
    b, r = two_people("cicera", humans=(0, 2))
    while b.match.to_move not in (0, 2) or len(b.match.log) < 5:
        seat = b.match.to_move
        if seat in (0, 2):
            action = call(b, op="snapshot", seat=seat)["snapshot"]["legal"][0]["id"]
            assert call(b, op="act", seat=seat, action=action)["ok"]
        else:
            assert call(b, op="advance")["ok"]
    save = call(b, op="save")["save"]
    again = Bridge()
    r = call(again, op="restore", save=save)
    assert r["ok"], r
    assert r["snapshot"]["humans"] == [0, 2] and r["snapshot"]["seat"] == b.match.to_move
    assert r["snapshot"]["your_turn"] and r["events"] == []
    assert call(again, op="restore", save=save, lesson=True)["error"]["code"] == "bad_save"


# ----- challenge a friend: a finished match as choices, rebuilt from them --------------------
def finished(game, seed=4, seat=0):
    b = Bridge()
    r = call(b, op="new_match", game=game, seed=seed, seat=seat, level="greedy")
    while r["snapshot"]["to_move"] is not None:
        snap = r["snapshot"]
        r = call(b, op="act", action=snap["legal"][-1]["id"]) if snap["your_turn"] else call(b, op="advance")
        assert r["ok"], r
    return b, r


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_challenge_rebuilds_the_very_match_it_was_taken_from(game):
    b, r = finished(game, seat=1)
    ch = call(b, op="challenge")["challenge"]
    assert (ch["game"], ch["seed"], ch["seat"], ch["level"]) == (game, 4, 1, "greedy")
    assert len(ch["choices"]) == len(b.match.log) and ch["result"] == r["snapshot"]["result"]
    other = Bridge()  # a friend's page: nothing of the challenger's but the challenge
    rebuilt = call(other, op="rebuild", **{k: ch[k] for k in ("game", "deck", "seed", "seat", "level", "choices")})
    assert rebuilt["ok"], rebuilt
    assert rebuilt["rebuilt"]["save"]["log"] == b.match.log
    assert rebuilt["rebuilt"]["result"] == ch["result"] and other.match is None


def test_an_edited_challenge_is_refused_and_touches_no_match():
    b, _ = finished("briscola")
    ch = call(b, op="challenge")["challenge"]
    fields = {k: ch[k] for k in ("game", "deck", "seed", "seat", "level", "choices")}
    before = b.match.save()
    for edit in ({"choices": ch["choices"][:-1]}, {"choices": ch["choices"] + [0]},
                 {"choices": [99] + ch["choices"][1:]}, {"choices": "0,1"}, {"choices": [-1]},
                 {"level": "grandmaster"}, {"seat": 2}, {"seed": -1}):
        r = call(b, op="rebuild", **dict(fields, **edit))
        assert r["ok"] is False and r["error"]["code"] in ("bad_challenge", "bad_request"), (edit, r)
    assert call(b, op="rebuild", **dict(fields, game="poker"))["error"]["code"] == "unknown_game"
    assert b.match.save() == before


def test_only_a_finished_single_player_match_is_a_challenge():
    b, _ = started("briscola")
    assert call(b, op="challenge")["error"]["code"] == "match_not_over"


# ----- live play: a guest's seat goes to a computer while they are away ---------------------------
def test_a_guest_away_is_played_by_the_computer_and_comes_back_to_a_fresh_board():
    b, r = two_people("cicera", humans=(0, 2))
    log_before = [list(m) for m in b.match.log]
    assert call(b, op="seat", seat=0, kind="ai")["error"]["code"] == "bad_request"  # the host's own seat
    assert call(b, op="seat", seat=1, kind="ai")["error"]["code"] == "bad_request"  # a computer's
    assert call(b, op="seat", seat=2, kind="robot")["error"]["code"] == "bad_request"
    assert call(b, op="seat", seat=2, kind="ai")["ok"]
    assert b.match.seats[2]["kind"] == "ai" and b.match.log == log_before
    assert call(b, op="snapshot", seat=2)["error"]["code"] == "bad_request"  # nobody speaks for it now
    moved = 0
    while b.match.to_move != 0 or moved < 3:  # the computer plays seat 2's turns meanwhile
        if b.match.to_move == 0:
            assert call(b, op="act", action=call(b, op="snapshot")["snapshot"]["legal"][0]["id"])["ok"]
        else:
            assert call(b, op="advance")["ok"]
        moved += 1
    assert any(seat == 2 for seat, _ in b.match.log[len(log_before):])
    assert call(b, op="save")["save"]["seats"][2] == {"kind": "human"}  # the seat is still the guest's
    back = call(b, op="seat", seat=2, kind="human")
    assert back["ok"] and back["snapshot"]["seat"] == 2 and back["events"] == []
    assert back["snapshot"]["moves"] == len(b.match.log) and b.match.seats[2] == {"kind": "human"}
    assert call(b, op="snapshot", seat=2)["ok"]


def test_a_fresh_snapshot_sends_no_old_event():
    b, r = two_people()
    assert call(b, op="snapshot", seat=1, fresh=True)["events"] == []
