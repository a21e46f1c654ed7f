"""Live play over a link (issue 28): a host and guests in separate browser contexts, joined by a
WebRTC data channel set up by hand-carried invitation and reply (no server). The host's engine is
the only source of truth: every message a guest receives is checked, against the engine's own
replay of the match, to name no card hidden from the guest's seat; a guest's connection is cut
mid-deal and restored with nothing lost; hostile guest messages change nothing at the host."""

from __future__ import annotations

import copy
import json
import random
import sys

from conftest import ROOT
from helpers import PHONE, live_table, play_live, set_lang

sys.path.insert(0, str(ROOT / "core"))
sys.path.insert(0, str(ROOT / "tests"))
from guest_leaks import DealPrint, field_count, problems  # noqa: E402  (the rules' own hidden set, every field)
from cardavia.match import Match  # noqa: E402

ARTIFACTS = ROOT / "test-artifacts"
IT = json.loads((ROOT / "web" / "i18n" / "it.json").read_text(encoding="utf-8"))


def print_codes(table, name: str) -> None:
    """The compact codes (issue 42): Chromium's descriptions made short enough for a QR code a phone reads."""
    invitation, reply = table.codes[name]
    print(f"\nlive codes: invitation {invitation} chars (QR version {table.qr[0]}), "
          f"reply {reply} chars (QR version {table.qr[1]})")
    assert invitation < 400 and reply < 400, (invitation, reply)


def check_guest_messages(host, received: list[str], seat: int) -> tuple[int, int]:
    """Every message the guest received, field by field (tests/guest_leaks.py): only fields the
    seat may be sent, no card hidden from it at that moment of the match (the host's save
    replayed by the engine under CPython), and no field that deals the match again read as a
    seed. Returns (messages, fields) checked."""
    save = host.evaluate("(() => { const k = Object.keys(localStorage).find(k => k.startsWith('cardavia.live.')); "
                         "return JSON.parse(localStorage.getItem(k)).save; })()")
    match = Match.restore(save)
    state = Match(match.game, match.seed, match.deck).state
    states = [copy.deepcopy(state)]
    for _seat, action in match.log:
        state.apply(action)
        states.append(copy.deepcopy(state))
    deal = DealPrint(match.game, match.deck, match.seed, seat)
    checked = fields = 0
    for text in received:
        msg = json.loads(text)
        assert set(msg) == {"id", "res"}, sorted(msg)
        res = msg["res"]
        at = res["snapshot"]["moves"] if res.get("snapshot") else None
        found = problems(res, states[at] if at is not None else states[0], seat, deal) if at is not None \
            else [f"field {k!r}" for k in res if k not in ("ok", "error")]
        assert not found, (at, found)
        checked += 1
        fields += field_count(msg)
    return checked, fields


def test_a_live_briscola_deal_between_two_browsers_with_a_cut_and_a_fuzzing_guest(browser, server):
    ARTIFACTS.mkdir(exist_ok=True)
    with live_table(browser, server, "briscola", "piacentine", {1: "Ben"}, 310_031, join=False) as table:
        host = table.host
        guest_ctx = table.context()
        guest, joined = table.invite("Ben", guest_ctx)
        print_codes(table, "Ben")
        host.screenshot(path=str(ARTIFACTS / "live-host-invite-1100x800.png"))
        # a few turns each, then Ben's connection is cut mid-deal
        for _ in range(10):  # a few turns each, until a card is led and its answer is still to come
            play_live([host, guest], plays=1)
            host.wait_for_timeout(300)
            snap = host.evaluate("window.__cardavia.snapshot")
            if snap["moves"] >= 4 and len(snap["trick"]) == 1:
                break
        assert len(snap["trick"]) == 1
        moves_before = snap["moves"]
        guest.evaluate("window.__cardavia.live.channel.close()")
        host.wait_for_function("document.querySelector('.friends-box .friend').dataset.status === 'away'", timeout=30_000)
        play_live([host], plays=2)  # the computer plays Ben's seat meanwhile
        assert host.evaluate("window.__cardavia.snapshot.moves") > moves_before
        received = guest.evaluate("window.__cardavia.live.received")
        guest.close()
        guest, rejoined = table.invite("Ben", guest_ctx)
        print(f"\nlive: joined in {joined:.2f} s, came back in {rejoined:.2f} s")
        snap = guest.evaluate("window.__cardavia.snapshot")
        assert snap["seat"] == 1 and snap["moves"] >= moves_before  # resumed where the match is, nothing lost
        guest.screenshot(path=str(ARTIFACTS / "live-guest-390x844.png"))
        # hostile messages: out of turn, malformed, illegal, other seats, unknown operations
        rng = random.Random(5)
        before = host.evaluate("window.__cardavia.snapshot.moves")
        hostile = []
        for i in range(300):
            kind = rng.randrange(6)
            hostile.append("{" if kind == 0 else json.dumps(
                [{"id": 1000 + i, "op": "act", "action": rng.choice(["play:7D", "play:", "x" * 300, "play:AC"])},
                 {"id": 1000 + i, "op": "act", "action": "play:" + rng.choice(["1B", "KS", "3C"]), "seat": 0},
                 {"id": 1000 + i, "op": rng.choice(["undo", "new_match", "save", "seat", "restore", "advance"])},
                 {"id": "x", "op": "snapshot"}, [1, 2], {"id": 1000 + i, "op": "act"}][kind - 1]))
        refused_before, handled_before = host.evaluate("[window.__cardavia.relay.refused, window.__cardavia.relay.handled]")
        guest.evaluate("msgs => { for (const m of msgs) window.__cardavia.live.channel.send(m); }", hostile)
        host.wait_for_function(f"window.__cardavia.relay.handled >= {handled_before + len(hostile)}", timeout=60_000)
        refused = host.evaluate("window.__cardavia.relay.refused") - refused_before
        print(f"live: {refused} of {len(hostile)} hostile messages refused")
        assert refused == len(hostile)
        assert host.evaluate("window.__cardavia.snapshot.moves") == before
        # the rest of the deal, each from their own device
        play_live([host, guest])
        totals = host.evaluate("window.__cardavia.snapshot.sheets")[-1]["totals"]
        assert guest.evaluate("window.__cardavia.snapshot.sheets")[-1]["totals"] == totals and sum(totals) == 120
        checked, fields = check_guest_messages(host, received + guest.evaluate("window.__cardavia.live.received"), 1)
        print(f"live: {checked} guest messages ({fields} fields) checked: allowed fields, no hidden card, no seed")
        assert checked > 20


def test_a_live_cicera_deal_with_two_people_and_two_computers(browser, server):
    with live_table(browser, server, "cicera", "bresciane", {2: "Carla"}, 120_012, host_view=PHONE, join=False) as table:
        host = table.host
        guest, reply = table.open_invitation("Carla", shot="live-invite-qr-390x844.png")
        print_codes(table, "Carla")
        # Carla reads Italian and switches while her reply waits for the host: the page keeps her
        # reply and its connection (it was drawn again as a fresh join page, the reply lost)
        set_lang(guest, "it")
        assert guest.locator("textarea.reply-code").input_value() == reply
        assert guest.locator(".join-page > h1").inner_text() == IT["live.join_title"]
        table.connect("Carla", guest, reply)
        assert guest.locator(".table-view .hand").get_attribute("aria-label") == IT["table.your_hand"]  # her table, in Italian
        set_lang(guest, "en")
        played = play_live([host, guest], plays=6, timeout=120)
        guest.screenshot(path=str(ARTIFACTS / "live-cicera-guest-table-390x844.png"))
        played += play_live([host, guest], timeout=120)
        assert played >= 10  # Cicera: ten cards each for the two people
        guest.screenshot(path=str(ARTIFACTS / "live-cicera-guest-390x844.png"))
        host_sheet = host.evaluate("window.__cardavia.snapshot.sheets")[-1]
        assert guest.evaluate("window.__cardavia.snapshot.sheets")[-1]["totals"] == host_sheet["totals"]
        checked, fields = check_guest_messages(host, guest.evaluate("window.__cardavia.live.received"), 2)
        print(f"\nlive cicera: {played} plays by the two people, {checked} guest messages ({fields} fields) checked")
        assert checked > 10
