"""Live play: what the host's bridge answers a guest (``"guest": true``) is built from what the
guest's seat may know, whatever the host's page knows (issue 42).

The worst case is played: the host's page chose the seed (a shared or daily deal: the host's own
snapshots echo it), and the guest joins, asks snapshots and hints and plays. Every field of
every guest-bound response is checked by tests/guest_leaks.py: allowed fields only, no hidden
card, and no field that deals the match again when read as a seed. The checker itself is shown
to catch a planted leak of the seed."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cardavia import bridge as bridge_module
from cardavia.bridge import Bridge
from cardavia.games import REGISTRY, new_game
from cardavia.guestview import PUBLIC_KEYS

from guest_leaks import DealPrint, field_count, problems

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(REGISTRY)
SEED = 7_310_421  # the host's page chose it; no count or score of any game reaches it


def _call(b: Bridge, **request) -> dict:
    res = json.loads(b.handle(json.dumps(dict({"id": 1}, **request))))
    assert res["ok"], res
    return res


def guest_seat(game: str) -> int:
    return 2 if REGISTRY[game].NUM_SEATS == 4 else 1  # a 4-seat game: the host's partner


def play_live(game: str, seed: int, moves: int | None, check) -> tuple[int, int]:
    """A host (seat 0) and a guest on one bridge, computers elsewhere; ``check(res, state)`` for
    every response the guest is sent. Returns (responses, fields) checked."""
    b = Bridge()
    g = guest_seat(game)
    _call(b, op="new_match", game=game, seed=seed, humans=[0, g], level="random")
    rng = random.Random(seed)
    sent = fields = 0

    def guest(**request):
        nonlocal sent, fields
        res = _call(b, seat=g, guest=True, **request)
        check(res, b.match.state)
        sent += 1
        fields += field_count(res)
        return res

    guest(op="snapshot", fresh=True)  # the guest's "join"
    while b.match.to_move is not None and (moves is None or len(b.match.log) < moves):
        to_move = b.match.to_move
        if to_move == g:
            snap = guest(op="snapshot")["snapshot"]
            if rng.random() < 0.2:
                guest(op="hint")
            guest(op="act", action=rng.choice(snap["legal"])["id"])
        elif to_move == 0:
            snap = _call(b, op="snapshot")["snapshot"]
            _call(b, op="act", action=rng.choice(snap["legal"])["id"])
            guest(op="snapshot")
        else:
            _call(b, op="advance")
            guest(op="snapshot")
    guest(op="snapshot")
    return sent, fields


@pytest.mark.parametrize("game", GAMES)
def test_every_field_a_guest_is_sent_is_its_seats_to_know(game):
    cls = REGISTRY[game]
    g = guest_seat(game)
    deal = DealPrint(game, cls.DECKS[0], SEED, g)

    def check(res, state):
        assert not problems(res, state, g, deal), problems(res, state, g, deal)

    sent, fields = play_live(game, SEED, 60, check)
    print(f"\n{game}: {sent} guest responses, {fields} fields checked")
    assert sent > 20 and fields > 1000


def test_the_seed_follows_once_the_match_is_over():
    g = guest_seat("briscola")
    seen = []
    play_live("briscola", SEED, None, lambda res, state: seen.append((res, state.is_terminal())))
    assert all(res["snapshot"]["seed"] is None for res, over in seen if not over)
    last, over = seen[-1]
    assert over and last["snapshot"]["seed"] == SEED and last["snapshot"]["seat"] == g


def test_the_host_page_still_sees_the_seed_it_chose():
    b = Bridge()
    res = _call(b, op="new_match", game="briscola", seed=SEED, humans=[0, 1])
    assert res["snapshot"]["seed"] == SEED  # the host's own page knows it already
    assert _call(b, op="snapshot", seat=1, guest=True)["snapshot"]["seed"] is None


@pytest.mark.parametrize("plant", ["forwarded", "renamed", "as_text"])
def test_the_checker_catches_a_planted_seed_leak(monkeypatch, plant):
    """The check must fail where the host's snapshot is forwarded (today's leak), or the seed
    hides under another name or as text: otherwise its passing above would prove nothing."""
    real = bridge_module.guest_response

    def leaky(body, observed, over, seed):
        out = real(body, observed, over, seed)
        if plant == "forwarded":
            return body  # the host's own snapshot, seed included
        if plant == "renamed":
            out["snapshot"]["deal_no"] = seed
        else:  # a digit string inside an event
            out["events"] = out.get("events", []) + [{"type": "note", "text": str(seed)}]
        return out

    monkeypatch.setattr(bridge_module, "guest_response", leaky)
    g = guest_seat("briscola")
    deal = DealPrint("briscola", "piacentine", SEED, g)
    found = []
    play_live("briscola", SEED, 6, lambda res, state: found.extend(problems(res, state, g, deal)))
    assert any("deals the match again" in p for p in found), found
    if plant == "forwarded":
        assert "the seed while the deal is on" in found
    if plant == "renamed":
        assert "snapshot field 'deal_no' is not the seat's to know" in found


def test_guest_must_be_a_boolean_and_changes_nothing():
    b = Bridge()
    _call(b, op="new_match", game="briscola", seed=SEED, humans=[0, 1])
    mover = b.match.to_move
    legal = _call(b, op="snapshot", seat=mover)["snapshot"]["legal"]
    res = json.loads(b.handle(json.dumps({"id": 2, "op": "act", "seat": mover,
                                          "action": legal[0]["id"], "guest": 1})))
    assert res["error"]["code"] == "bad_request" and b.match.log == []


def _observation_keys() -> set[str]:
    keys: set[str] = set()
    for game in GAMES:
        cls = REGISTRY[game]
        for deck in cls.DECKS:
            rng = random.Random(3)
            state = new_game(game, 3, deck)
            while True:
                for seat in range(cls.NUM_SEATS):
                    keys |= set(state.observation(seat))
                if state.is_terminal():
                    break
                state.apply(rng.choice(state.legal_actions())["id"])
    return keys


def test_the_relays_allow_list_is_the_engines():
    """The relay's second allow-list (web/js/live/relay.js SNAPSHOT_KEYS) names exactly the keys of
    every game's observations and the bridge's public facts: a game that adds a field to its
    observation adds it here too (else its guests never see it), and nothing else gets through."""
    text = (ROOT / "web" / "js" / "live" / "relay.js").read_text()
    listed = re.search(r"export const SNAPSHOT_KEYS = \[(.*?)\];", text, re.S).group(1)
    js_keys = set(re.findall(r'"([a-z_]+)"', listed))
    assert js_keys == _observation_keys() | PUBLIC_KEYS
