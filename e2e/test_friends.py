"""Play with friends on one device (issue 28, pass-and-play): two people finish a Briscola deal,
and the privacy screen stands between every pair of turns; nobody's cards are on screen
while it is up, and each person acts only from their own seat."""

from __future__ import annotations

from pathlib import Path

from conftest import BOOT_TIMEOUT, ROOT, close_context
from helpers import DESKTOP, PHONE

ARTIFACTS = ROOT / "test-artifacts"
PASS = "dialog.pass-dialog.pass[open]"
SHEET = "dialog.sheet:not(.pass-dialog)[open]"


def test_two_people_finish_a_briscola_deal_with_the_privacy_screen_between_turns(browser, server):
    ARTIFACTS.mkdir(exist_ok=True)
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + "?speed=instant&level=greedy&seed=11#/game/briscola?deck=piacentine&people=1")
        form = page.locator("dialog.pass-dialog[open] form.people-form")
        form.wait_for(timeout=BOOT_TIMEOUT)
        # fewer than two people is refused with a reason, nothing dealt
        form.locator(".people-person").nth(1).uncheck()
        form.get_by_role("button", name="Start").click()
        assert "at least two people" in form.locator(".people-error").inner_text()
        form.locator(".people-person").nth(1).check()
        form.locator(".people-name").nth(0).fill("Ana")
        form.locator(".people-name").nth(1).fill("Ben")
        page.screenshot(path=str(ARTIFACTS / "friends-seats-390x844.png"))
        form.get_by_role("button", name="Start").click()

        names = {"Ana": 0, "Ben": 1}
        screens: list[str] = []  # whom each privacy screen was for
        plays: list[int] = []  # the seat of each card played
        holder = None  # the person who last lifted the screen
        while True:
            page.wait_for_selector(f"{PASS}, {SHEET}, .table-view[data-state=yours]", timeout=30_000)
            if page.locator(SHEET).count():
                break
            if page.locator(PASS).count():
                title = page.locator(f"{PASS} h2").inner_text()
                assert title.startswith("Pass the device to ")
                name = title.removeprefix("Pass the device to ")
                assert page.locator(".hand button").count() == 0, "a hand is on screen behind the privacy screen"
                if not screens:
                    page.screenshot(path=str(ARTIFACTS / "friends-pass-390x844.png"))
                page.keyboard.press("Escape")  # only the button lifts it
                assert page.locator(PASS).count() == 1
                screens.append(name)
                page.locator(PASS).get_by_role("button", name=f"I'm {name}: show my cards").click()
                holder = name
                continue
            snap = page.evaluate("window.__cardavia.snapshot")
            assert snap["your_turn"] and snap["seat"] == names[holder], (snap["seat"], holder)
            assert page.locator(".turn-status").inner_text() == f"{holder}, your turn"
            assert snap["hand"] and all(c in snap["hand"] for c in page.locator(".hand button").evaluate_all(
                "bs => bs.map(b => b.dataset.card)"))
            if len(plays) == 3:
                page.screenshot(path=str(ARTIFACTS / "friends-turn-390x844.png"))
            page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click()
            plays.append(snap["seat"])
            assert len(plays) <= 40, "the deal did not end"

        assert len(plays) == 40 and plays.count(0) == plays.count(1) == 20
        # a screen before the first turn and between every two turns of different people
        changes = 1 + sum(1 for a, b in zip(plays, plays[1:]) if a != b)
        assert len(screens) == changes, (screens, plays)
        assert [names[n] for n in screens][0] == plays[0]
        snap = page.evaluate("window.__cardavia.snapshot")
        assert sum(snap["sheets"][-1]["totals"]) == 120
        # kept apart from the single-player record
        assert page.evaluate("localStorage.getItem('cardavia.record')") is None
        assert not errors, errors
    finally:
        close_context(ctx)


def _play_to_sheet(page, pick: str = "first") -> None:
    while True:
        page.wait_for_selector(f"{SHEET}, .table-view[data-state=yours]", timeout=30_000)
        if page.locator(SHEET).count():
            return
        getattr(page.locator(".hand button:not([disabled]):not([aria-disabled])"), pick).click()


def test_a_challenge_link_deals_the_same_hand_to_a_friend_and_shows_both_results(browser, server):
    ARTIFACTS.mkdir(exist_ok=True)
    me = browser.new_context(**DESKTOP)
    friend = browser.new_context(**PHONE)
    try:
        a = me.new_page()
        a.goto(server.url + "?speed=instant&level=greedy&seed=21#/game/briscola?deck=piacentine")
        a.wait_for_function("window.__cardavia && window.__cardavia.ready === true", timeout=BOOT_TIMEOUT)
        first = a.evaluate("window.__cardavia.snapshot")
        _play_to_sheet(a)
        mine = a.evaluate("window.__cardavia.snapshot")["result"]
        a.locator(SHEET).get_by_role("button", name="Challenge a friend").click()
        link = a.locator(f"{SHEET} .challenge-wrap input.share-link").input_value()
        assert "mode=challenge" in link and "level=greedy" in link and "seed=21" in link
        route = link[link.index("#"):]

        b = friend.new_page()  # a fresh profile: nothing of the challenger's but the link
        b.goto(server.url + "?speed=instant" + route)
        b.wait_for_function("window.__cardavia && window.__cardavia.ready === true", timeout=BOOT_TIMEOUT)
        snap = b.evaluate("window.__cardavia.snapshot")
        assert (snap["seat"], snap["hand"], snap["trump"]) == (first["seat"], first["hand"], first["trump"])
        assert "Your friend finished" in b.get_by_role("log").inner_text()
        _play_to_sheet(b, "last")
        theirs = b.evaluate("window.__cardavia.snapshot")["result"]
        pair = b.locator(f"{SHEET} .challenge-pair")
        halves = pair.locator(".pair-half")
        assert halves.locator("h4").all_inner_texts() == ["You", "Your friend"]
        seat = first["seat"]
        assert halves.nth(0).locator(".pair-score").inner_text() == \
            f"{theirs['scores'][seat % 2]} – {theirs['scores'][1 - seat % 2]}"
        assert halves.nth(1).locator(".pair-score").inner_text() == \
            f"{mine['scores'][seat % 2]} – {mine['scores'][1 - seat % 2]}"
        b.screenshot(path=str(ARTIFACTS / "challenge-both-390x844.png"))
        halves.nth(1).get_by_role("button", name="Watch the deal").click()
        b.wait_for_selector(".replay-page", timeout=30_000)
        assert "#/replay/challenge-" in b.url
        # an edited link deals nothing and says why
        edited = route.replace("seed=21", "seed=22")
        b.goto(server.url + "?speed=instant" + edited)
        alert = b.locator(".challenge-bad")
        alert.wait_for(timeout=BOOT_TIMEOUT)
        assert "damaged or was changed" in alert.inner_text()
    finally:
        for ctx in (me, friend):
            close_context(ctx)
