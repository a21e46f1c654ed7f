"""Live play: the host's page reloads on a guest's turn and the table goes on (issue 42).

The host's page restores its autosave speaking for its own seat (``restore`` with ``seat``), so
the guest to move can be handed to a computer until they come back; before, the bridge made the
seat to move the page's own and refused to hand it over, and the table waited forever."""

from __future__ import annotations

import json

from cardavia.bridge import Bridge


def _call(b: Bridge, **request) -> dict:
    return json.loads(b.handle(json.dumps(dict({"id": 1}, **request))))


def _on_guests_turn(seed: int = 4_100_017) -> dict:
    """A host (seat 0) and a guest (seat 1) at Briscola, saved with the guest to move."""
    b = Bridge()
    assert _call(b, op="new_match", game="briscola", seed=seed, humans=[0, 1], level="greedy")["ok"]
    while b.match.to_move != 1:
        legal = _call(b, op="snapshot", seat=0)["snapshot"]["legal"]
        assert _call(b, op="act", seat=0, action=legal[0]["id"])["ok"]
    return _call(b, op="save", seat=0)["save"]


def test_a_reloaded_host_hands_the_guest_to_move_to_the_computer():
    save = _on_guests_turn()
    b = Bridge()
    res = _call(b, op="restore", save=save, seat=0)
    assert res["ok"] and res["snapshot"]["seat"] == 0 and res["snapshot"]["to_move"] == 1
    assert _call(b, op="seat", seat=1, kind="ai")["ok"]  # the guest is away after the reload
    moves = len(b.match.log)
    assert _call(b, op="advance")["ok"] and len(b.match.log) == moves + 1  # the computer played seat 1
    assert b.match.log[-1][0] == 1
    assert _call(b, op="save")["save"]["seats"][1] == {"kind": "human"}  # still the guest's seat
    back = _call(b, op="seat", seat=1, kind="human")  # the guest returns
    assert back["ok"] and back["snapshot"]["seat"] == 1


def test_restore_without_a_seat_still_speaks_for_the_person_to_move():
    save = _on_guests_turn()
    b = Bridge()
    assert _call(b, op="restore", save=save)["snapshot"]["seat"] == 1  # pass-and-play: as before


def test_restore_refuses_a_seat_that_is_not_a_person_of_the_save():
    save = _on_guests_turn()
    for seat in (5, True, "0"):
        b = Bridge()
        res = _call(b, op="restore", save=save, seat=seat)
        assert res["error"]["code"] == "bad_request" and b.match is None
