"""Play with friends when things go wrong (issue 42), each fault a seeded scenario in real
Chromium: the pass-and-play privacy screen leaves nothing of the last person's hand in the page;
a challenge link whose claimed result its own moves contradict is refused; a host who reloads on
a guest's turn carries on (the computer plays for the guest) while the guest is told within
seconds that the host is gone; a guest's flood of hint requests does not slow the table; the
guest's join page loads no engine; a guest offline for 10 s (a real cut of the UDP path) keeps the
seat and the deal resumes with nothing lost."""

from __future__ import annotations

import json
import re
import sys
import time

from conftest import BOOT_TIMEOUT, ROOT, close_context
from helpers import PHONE, READY, SHEET, friend_row, live_table, play_live, set_lang, to_guests_turn
from udp_relay import UdpRelay

sys.path.insert(0, str(ROOT / "core"))
from cardavia.bridge import Bridge  # noqa: E402

ARTIFACTS = ROOT / "test-artifacts"
FA = json.loads((ROOT / "web" / "i18n" / "fa.json").read_text(encoding="utf-8"))
PASS = "dialog.pass-dialog.pass[open]"

# Everything the page holds outside the privacy screen: every attribute value and all text.
PAGE_OUTSIDE_SCREEN = """async () => {
  const names = await import(new URL("js/names.js", location.href));
  const dialog = document.querySelector("dialog.pass-dialog");
  const attrs = [], texts = [];
  for (const el of document.querySelectorAll("body *")) {
    if (dialog && dialog.contains(el)) continue;
    for (const a of el.attributes) if (!a.value.startsWith("data:image/")) attrs.push(a.value); // a card back's picture
  }
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!(dialog && dialog.contains(n))) texts.push(n.data);
  const hand = (window.__cardavia.snapshot || {}).hand || [];
  return { attrs, text: texts.join(" "), names: Object.fromEntries(hand.map((c) => [c, names.cardName(c)])) };
}"""


def test_the_privacy_screen_leaves_nothing_of_the_last_hand_in_the_page(browser, server):
    """Behind every privacy screen of a pass-and-play Briscola deal, no card of the hand of the
    person who just played is named in any attribute (the hand's data-sig held it: 30 of this
    deal's 33 screens before issue 42) or any text of the page."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    try:
        page.goto(server.url + "?speed=instant&level=greedy&seed=11#/game/briscola?deck=piacentine&people=1")
        form = page.locator("dialog.pass-dialog[open] form.people-form")
        form.wait_for(timeout=BOOT_TIMEOUT)
        form.locator(".people-name").nth(0).fill("Ana")
        form.locator(".people-name").nth(1).fill("Ben")
        form.get_by_role("button", name="Start").click()
        trump = None  # Briscola's face-up trump is public wherever it goes (drawn last)
        screens = leaky = 0
        while True:
            page.wait_for_selector(f"{PASS}, {SHEET}, .table-view[data-state=yours]", timeout=30_000)
            if page.locator(SHEET).count():
                break
            if page.locator(PASS).count():
                seen = page.evaluate(PAGE_OUTSIDE_SCREEN)
                private = set(seen["names"]) - {trump}
                tokens = {t for a in seen["attrs"] for t in re.split(r"[^A-Za-z0-9]+", a)}
                leaked = (tokens & private) | {c for c in private if seen["names"][c] in seen["text"]}
                screens += 1
                leaky += bool(leaked)
                if leaked and leaky == 1:
                    page.screenshot(path=str(ARTIFACTS / "privacy-leak-390x844.png"))
                name = page.locator(f"{PASS} h2").inner_text().removeprefix("Pass the device to ")
                page.locator(PASS).get_by_role("button", name=f"I'm {name}: show my cards").click()
                continue
            snap = page.evaluate("window.__cardavia.snapshot")
            trump = trump or snap["trump"]
            page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click()
        print(f"\nprivacy screen: {leaky} of {screens} screens left the last hand in the page")
        assert screens > 20 and leaky == 0
    finally:
        close_context(ctx)


def _finished_challenge(seed: int) -> dict:
    """A Briscola match against greedy computers, played by the engine here: its challenge."""
    b = Bridge()
    res = json.loads(b.handle(json.dumps({"id": 1, "op": "new_match", "game": "briscola", "seed": seed,
                                          "level": "greedy"})))
    while b.match.to_move is not None:
        if res["snapshot"]["your_turn"]:
            res = json.loads(b.handle(json.dumps({"id": 2, "op": "act", "action": res["snapshot"]["legal"][-1]["id"]})))
        else:
            res = json.loads(b.handle('{"id": 3, "op": "advance"}'))
    return json.loads(b.handle('{"id": 4, "op": "challenge"}'))["challenge"]


def test_a_challenge_whose_claimed_result_its_moves_contradict_is_refused(browser, server):
    """The forger recomputes the checksum (its recipe is public): only the replay catches it."""
    ch = _finished_challenge(23)
    real = ch["result"]["scores"]
    forged = dict(ch, result={"scores": [120, 0] if real != [120, 0] else [0, 120], "winner_team": 0})
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    try:
        page.goto(server.url + "?speed=instant#/")
        page.wait_for_selector("main", timeout=BOOT_TIMEOUT)
        href = "(ch) => import(new URL('js/deals/challenge.js', location.href)).then((m) => m.challengeHref(ch))"
        forged_route, real_route = page.evaluate(href, forged), page.evaluate(href, ch)
        page.goto(server.url + "?speed=instant" + forged_route)
        alert = page.locator(".challenge-altered")
        alert.wait_for(timeout=BOOT_TIMEOUT)
        assert "altered" in alert.inner_text()
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        assert "Your friend finished" not in page.get_by_role("log").inner_text()
        page.screenshot(path=str(ARTIFACTS / "challenge-altered-390x844.png"))
        # the true claim of the same link is played (in a fresh profile: no match to abandon)
        close_context(ctx)
        ctx = browser.new_context(**PHONE)
        page = ctx.new_page()
        page.goto(server.url + "?speed=instant" + real_route)
        page.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.seed === 23", timeout=BOOT_TIMEOUT)
        page.wait_for_function("document.querySelector('[role=log]').innerText.includes('Your friend finished')",
                               timeout=BOOT_TIMEOUT)
        assert page.locator(".challenge-altered").count() == 0
    finally:
        close_context(ctx)


def test_a_hint_flood_does_not_slow_the_table_and_a_host_who_reloads_on_a_guests_turn_carries_on(browser, server):
    """Two faults at one table (one host boot for both): a guest's 1,000 hint requests, then the
    host's reload on the guest's turn."""
    with live_table(browser, server, "briscola", "piacentine", {1: "Ben"}, 420_017) as table:
        host, guest = table.host, table.guests["Ben"]
        to_guests_turn(host, guest)
        # Ben reads Persian: his table is re-labelled in place (it was drawn again as the join page of
        # an invitation already used, which left him stranded), and stays his
        set_lang(guest, "fa")
        guest.locator(".table-view[data-state=yours]").wait_for(timeout=5_000)
        heading = FA["live.table_title"].format(game=FA["game.briscola.name"], host="Ana")
        bare = re.compile("[\u2066-\u2069]")  # the bidi isolates the catalogue puts around names
        assert bare.sub("", guest.locator(".join-page > h1").inner_text()) == heading
        assert bare.sub("", guest.title()).startswith(heading)
        # a second tap on Hint at once: the host refuses it, and the guest is told why, not met with silence
        guest.locator("button.hint").click()
        guest.locator(".hint-box .hint-main").wait_for()
        guest.locator("button.hint").click()
        guest.locator(".hint-box .hint-refused").wait_for(timeout=5_000)
        assert guest.locator(".hint-box").inner_text() == FA["live.hint_wait"]
        guest.screenshot(path=str(ARTIFACTS / "live-hint-wait-fa-390x844.png"))
        set_lang(guest, "en")
        handled = host.evaluate("window.__cardavia.relay.handled")
        flood = [json.dumps({"id": 50_000 + i, "op": "hint"}) for i in range(1000)]
        t0 = time.monotonic()
        guest.evaluate("msgs => { for (const m of msgs) window.__cardavia.live.channel.send(m); }", flood)
        played = play_live([host, guest], plays=4, timeout=20)
        took = time.monotonic() - t0
        host.wait_for_function(f"window.__cardavia.relay.handled >= {handled + len(flood)}", timeout=20_000)
        answers = [json.loads(t) for t in guest.evaluate("window.__cardavia.live.received")]
        limited = sum(1 for a in answers if a.get("id", 0) >= 50_000 and not a["res"]["ok"]
                      and a["res"]["error"]["code"] == "rate_limited")
        print(f"\nlive: 1000 hint requests, {limited} refused as too many; 4 cards played {took:.2f} s after the flood began")
        assert played == 4 and limited >= 990 and took < 20

        # the host reloads on Ben's turn
        moves = to_guests_turn(host, guest)["moves"]
        t0 = time.monotonic()
        host.reload()
        guest.locator(".host-gone").wait_for(timeout=20_000)
        told = time.monotonic() - t0
        assert "Ana" in guest.locator(".host-gone").inner_text()
        assert guest.evaluate("window.__cardavia.workersCreated") == 0  # the guest ran no engine of its own
        guest.screenshot(path=str(ARTIFACTS / "live-host-gone-390x844.png"))
        # the host's table goes on: Ben is away, the computer plays his card, then it is Ana's turn
        host.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        host.wait_for_function(f"window.__cardavia.snapshot && window.__cardavia.snapshot.moves > {moves}", timeout=30_000)
        host.wait_for_selector(".table-view[data-state=yours]", timeout=30_000)
        assert table.status("Ben") == "away"
        # the way back: one tap to a page that takes the new invitation
        guest.locator(".rejoin").click()
        guest.locator("input.invite-paste").wait_for()
        print(f"live: the guest was told the host is gone {told:.2f} s after the host's reload")
        assert told < 8


def test_the_join_page_loads_no_engine(browser, server):
    """A guest plays on the host's engine: their join page neither boots Pyodide nor precaches
    it (before issue 42 it did both, several megabytes on a phone, for nothing)."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    try:
        page.goto(server.url + "?speed=instant#/join?i=not-an-invitation")
        page.locator(".join-page [role=alert]").wait_for(timeout=BOOT_TIMEOUT)
        page.wait_for_timeout(3000)  # what a page that boots an engine would have begun by now
        engine = [u for u in fetched if re.search(r"pyodide|\.wasm|\.whl|/worker/", u)]
        assert page.evaluate("window.__cardavia.workersCreated") == 0
        assert not engine, engine[:5]
        assert page.evaluate("navigator.serviceWorker.controller") is None
    finally:
        close_context(ctx)


# Pastes reply `a`, then, while that connection is opening, reply `b` of another device.
TWO_REPLIES = """async ([a, b]) => {
  const row = [...document.querySelectorAll(".friends-box .friend")].find((r) => r.querySelector("h3").textContent === "Ben");
  const field = row.querySelector("textarea.reply-code"), go = row.querySelector(".reply-go");
  const err = row.querySelector(".reply-error");
  const until = async (ok) => { for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 5)); };
  field.value = a; go.click();
  await until(() => err.dataset.reason === "live.connecting");
  field.value = b; go.click();
  await until(() => err.dataset.reason && err.dataset.reason !== "live.connecting");
  return { reason: err.dataset.reason || null, text: err.textContent };
}"""


def test_a_second_device_answering_one_invitation_is_refused_with_its_reason(browser, server):
    with live_table(browser, server, "briscola", "piacentine", {1: "Ben"}, 530_011, join=False) as table:
        host, row = table.host, friend_row(table.host, "Ben")
        a_ctx = table.context()
        # Ben opens the invitation on his phone, then on his tablet
        replies = [table.open_invitation("Ben", a_ctx), table.open_invitation("Ben")]
        # a damaged reply, and a reply to another invitation, each say what is wrong
        other = host.evaluate("import(new URL('js/live/codec.js', location.href)).then((m) => m.pack({id: 'another', sdp: 'v=0'}))")
        for code, reason in ((replies[0][1][:-9], "live.reply_damaged"), (other, "live.reply_other")):
            row.locator("textarea.reply-code").fill(code)
            row.get_by_role("button", name="Connect").click()
            host.wait_for_function(f"document.querySelector('.friend .reply-error').dataset.reason === '{reason}'")
        said = host.evaluate(TWO_REPLIES, [replies[0][1], replies[1][1]])
        assert said["reason"] == "live.invite_used", said
        assert "This invitation is used" in said["text"]
        # whichever device the connection reaches, it opens or fails in time, never "Connecting…" for good
        host.wait_for_function("document.querySelector('.friends-box .friend').dataset.status === 'here' || "
                               "['live.connect_failed', 'live.connect_timeout'].includes("
                               "(document.querySelector('.reply-error') || {dataset: {}}).dataset.reason)", timeout=40_000)
        if table.status("Ben") != "here":
            host.screenshot(path=str(ARTIFACTS / "live-connect-failed-1100x800.png"))
            row.locator(".invite-again").click()  # one tap: a new invitation, and Ben joins from one device
            row.locator("input.invite-link").wait_for()
            replies[1][0].close()
            table.invite("Ben", a_ctx)
        host.wait_for_function("document.querySelector('.friends-box .friend').dataset.status === 'here'", timeout=30_000)


def test_a_guest_offline_for_10_s_keeps_the_seat_and_a_lasting_drop_falls_back_to_a_new_invitation(browser, server):
    """A real network drop: host and guest are told only a UDP relay's address as each other's
    (e2e/udp_relay.py), which then drops every packet both ways for 10 s. Chosen over a seam in
    peer.js that fakes the connection's states (it would test the fake) and over Chromium flags
    or CDP's offline mode (neither reaches WebRTC): here ICE's consent checks really fail, the
    connection really goes "disconnected", SCTP really holds and resends what was sent meanwhile,
    and WebRTC recovers by itself. The host shows Ben reconnecting, not away (before the 30 s
    grace, "disconnected" removed him for good), the guest is told the host is not answering, and
    when the link is back the same deal goes on: nobody played Ben's card for him, and his
    request sent during the outage is answered. Then a lasting drop, and the one-tap way back."""
    with UdpRelay() as relay, live_table(browser, server, "briscola", "piacentine", {1: "Ben"}, 640_013,
                                         join=False) as table:
        host = table.host
        guest, _ = table.invite("Ben", relay=relay)
        to_guests_turn(host, guest)
        snap = host.evaluate("window.__cardavia.snapshot")
        relay.cut()
        t0 = time.monotonic()
        guest.locator(".host-gone[data-silent=true]").wait_for(timeout=15_000)
        told = time.monotonic() - t0
        assert "not answering" in guest.locator(".host-gone").inner_text()
        guest.screenshot(path=str(ARTIFACTS / "live-host-silent-390x844.png"))
        # a request sent into the outage: the data channel is reliable, it is answered once the link is back
        guest.evaluate("() => { window.__sent = window.__cardavia.live.engine.request('snapshot'); }")
        host.wait_for_function("document.querySelector('.friends-box .friend').dataset.status === 'reconnecting'",
                               timeout=15_000)
        statuses = set()
        while time.monotonic() - t0 < 10:
            statuses.add(table.status("Ben"))
            host.wait_for_timeout(250)
        relay.mend()
        back = time.monotonic()
        host.wait_for_function("document.querySelector('.friends-box .friend').dataset.status === 'here'", timeout=30_000)
        guest.locator(".host-gone").wait_for(state="detached", timeout=30_000)
        healed = time.monotonic() - back
        answer = guest.evaluate("window.__sent")
        assert answer["ok"] and answer["snapshot"]["moves"] == snap["moves"], answer
        assert "away" not in statuses, statuses  # the seat was Ben's throughout
        after = host.evaluate("window.__cardavia.snapshot")
        assert (after["moves"], after["seed"], after["to_move"]) == (snap["moves"], snap["seed"], 1)  # nobody played for Ben
        played = play_live([host, guest], plays=2, timeout=30)  # and Ben plays on
        print(f"\nlive: a real 10 s drop: the guest was told after {told:.2f} s; healed {healed:.2f} s after the "
              f"link came back ({relay.dropped} packets dropped)")
        assert played == 2 and told < 8 and healed < 15

        # A lasting drop: Chromium's connection goes "failed" about 10 s after "disconnected" and
        # never comes back by itself (no ICE restart can be signalled: the data channel is the only
        # path, and it is down). Ben's seat goes to the computer, and each side is one tap from a
        # new invitation, which resumes the same deal where the host's table is.
        seed = host.evaluate("window.__cardavia.snapshot.seed")
        relay.cut()
        t0 = time.monotonic()
        host.wait_for_function("document.querySelector('.friends-box .friend').dataset.status === 'away'", timeout=60_000)
        guest.locator(".host-gone[data-silent=false]").wait_for(timeout=30_000)
        failed = time.monotonic() - t0
        relay.mend()
        assert "Ana" in guest.locator(".host-gone").inner_text()
        guest.locator(".rejoin").click()  # Ben's tap; Ana's is open_invitation's "Invite Ben"
        guest.locator("input.invite-paste").wait_for()
        _, rejoined = table.invite("Ben", pasted=guest)
        moves = host.evaluate("window.__cardavia.snapshot.moves")
        guest.wait_for_function(f"window.__cardavia.snapshot && window.__cardavia.snapshot.moves === {moves}")
        assert guest.evaluate("window.__cardavia.snapshot.seat") == 1
        assert host.evaluate("window.__cardavia.snapshot.seed") == seed  # the same deal, not a new one
        assert play_live([host, guest], plays=2, timeout=30) == 2
        print(f"live: a lasting drop was final after {failed:.2f} s; Ben was back at the same deal "
              f"{rejoined:.2f} s after the new invitation")
