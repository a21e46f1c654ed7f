"""Replays, shared deals, duplicate play and the daily deal, in the browser.

The finished matches come from the engine itself under CPython (played through the same
bridge the worker runs), so every expected hand and score is the engine's, worked out
outside the page. The record is seeded in localStorage in the contract's format
(`cardavia.record` = {v: 2, totals: {}, history: [entry]}), as record-a's store reads it
(empty running totals are valid there: no "partly damaged" notice).
One module-wide page shares the engine's boot; a fresh profile is a new browser context.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone

import pytest

from conftest import BOOT_TIMEOUT, ROOT, shared_page, close_context
from helpers import serious_axe_violations

sys.path.insert(0, str(ROOT / "core"))
from cardavia.bridge import Bridge  # noqa: E402

READY = "window.__cardavia && window.__cardavia.ready === true"
ARTIFACTS = ROOT / "test-artifacts"
SAVE_KEY = "cardavia.save.briscola.piacentine"


def call(bridge, **request):
    return json.loads(bridge.handle(json.dumps(dict(request, id=1))))


def finished(game, seed, seat=0, deck=None):
    """A whole match played by the engine (the human plays its first legal action):
    the save, the final snapshot and the bridge that played it."""
    b = Bridge()
    fields = {"deck": deck} if deck else {}
    r = call(b, op="new_match", game=game, seed=seed, seat=seat, level="random", **fields)
    while r["snapshot"]["to_move"] is not None:
        snap = r["snapshot"]
        r = call(b, op="act", action=snap["legal"][0]["id"]) if snap["your_turn"] else call(b, op="advance")
    return call(b, op="save")["save"], r["snapshot"]


def dealt_hand(game, seed, seat, deck=None):
    fields = {"deck": deck} if deck else {}
    return call(Bridge(), op="new_match", game=game, seed=seed, seat=seat, level="random", **fields)["snapshot"]["hand"]


def entry(save, last, seat=0, mode="play", daily=None, id_=None):
    """A history entry in the contract's format."""
    return {"id": id_ or f"t-{save['game']}-{save['seed']}-{seat}", "game": save["game"], "deck": save["deck"],
            "level": "random", "seed": save["seed"], "seat": seat, "save": save, "result": last["result"],
            "finished": datetime(2026, 11, 30, 20, 15, tzinfo=timezone.utc).isoformat(), "mode": mode,
            "daily": daily}


def seed_storage(page, record=None, autosave=None):
    # leave any live table first: its turn loop would otherwise save over the seeded autosave
    page.evaluate("() => { if (location.hash.startsWith('#/game')) location.hash = '#/'; }")
    page.wait_for_function("!document.querySelector('.table-view')")
    page.evaluate("""([record, save, key]) => {
      localStorage.clear();
      if (window.__cardavia) window.__cardavia.snapshot = null;
      if (record) localStorage.setItem('cardavia.record', JSON.stringify(record));
      if (save) localStorage.setItem(key, JSON.stringify(save));
    }""", [record, autosave, SAVE_KEY])


def fnv1a_seed(game, day):
    """The documented daily seed: FNV-1a 32-bit of "<game>:<day>" (UTF-8), mod 2^31."""
    h = 0x811C9DC5
    for byte in f"{game}:{day}".encode():
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    return h % 2**31


@pytest.fixture(scope="module")
def page(browser, server):
    with shared_page(browser, {"width": 390, "height": 844}) as p:
        p.goto(server.url + "#/")
        yield p


def goto(page, server, route, query=""):
    page.goto(server.url + (f"?{query}" if query else "") + route)


def open_route(page, server, route="#/game/briscola?deck=piacentine"):
    """The table at `route` (a deal link, or briscola whose match the test stored), built afresh."""
    goto(page, server, "#/")  # leave any table, so that this one is built afresh
    goto(page, server, route)
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(".table-view[data-state=yours], .table-view[data-state=over], dialog[open]", timeout=60_000)


def replay_at(page, index):
    page.wait_for_selector(f".replay-page[data-index='{index}']", timeout=BOOT_TIMEOUT)


def hands_shown(page):
    return page.evaluate("""() => [...document.querySelectorAll('.rp-seat')].sort((a, b) => a.dataset.seat - b.dataset.seat)
      .map((s) => [...s.querySelectorAll('.rp-hand .card')].map((c) => c.dataset.card))""")


def sheet_totals(page, scope):
    return page.evaluate(f"() => [...document.querySelectorAll('{scope} td[data-total-team]')].map((td) => td.textContent)")


# ---------------------------------------------------------------------------------- replay
def test_replay_steps_through_a_finished_deal_to_the_score_sheets_final_position(page, server):
    save, last = finished("briscola", 8)
    e = entry(save, last)
    seed_storage(page, {"v": 2, "totals": {}, "history": [e]}, {"save": save, "level": "random"})
    # the table restores the finished match and opens its score sheet
    open_route(page, server)
    page.wait_for_selector("dialog[open] td[data-total-team]")
    at_table = sheet_totals(page, "dialog[open]")
    assert at_table == [str(t) for t in last["sheets"][-1]["totals"]]
    page.keyboard.press("Escape")

    goto(page, server, f"#/replay/{e['id']}")
    replay_at(page, 0)
    engine = Bridge()
    expect = lambda i: call(engine, op="replay", save=save, index=i)["replay"]  # noqa: E731
    assert hands_shown(page) == expect(0)["hands"]
    assert hands_shown(page)[0] == dealt_hand("briscola", 8, 0) and hands_shown(page)[1] == dealt_hand("briscola", 8, 1)
    assert page.locator(".rp-prev").is_disabled() and page.locator(".rp-first").is_disabled()
    # one action at a time with the arrow keys, a trick at a time with Shift
    page.locator(".rp-slider").focus()
    page.keyboard.press("ArrowRight")
    replay_at(page, 1)
    first = save["log"][0]
    assert hands_shown(page) == expect(1)["hands"]
    assert first[1].split(":")[1] not in hands_shown(page)[first[0]]
    page.keyboard.press("Shift+ArrowRight")
    replay_at(page, 2)
    page.keyboard.press("Shift+ArrowRight")
    replay_at(page, 4)
    assert hands_shown(page) == expect(4)["hands"]
    page.keyboard.press("ArrowLeft")
    replay_at(page, 3)
    # the slider jumps anywhere
    page.evaluate("() => { const s = document.querySelector('.rp-slider'); s.value = '17'; s.dispatchEvent(new Event('input')); }")
    replay_at(page, 17)
    assert hands_shown(page) == expect(17)["hands"]
    # the end: every hand empty, the deal's score equal to the table's score sheet
    page.keyboard.press("End")
    replay_at(page, len(save["log"]))
    assert hands_shown(page) == [[], []]
    assert sheet_totals(page, ".rp-totals") == at_table
    assert page.locator(".rp-next").is_disabled()
    page.locator(".rp-prevTrick").click()
    replay_at(page, len(save["log"]) - 2)
    page.keyboard.press("Home")
    replay_at(page, 0)


def test_replay_of_a_four_player_match_shows_all_four_hands(page, server):
    save, last = finished("tarocchi", 5)
    e = entry(save, last)
    seed_storage(page, {"v": 2, "totals": {}, "history": [e]})
    goto(page, server, f"#/replay/{e['id']}")
    replay_at(page, 0)
    shown = hands_shown(page)
    assert shown == [dealt_hand("tarocchi", 5, s) for s in range(4)]
    page.keyboard.press("End")
    replay_at(page, len(save["log"]))
    assert sheet_totals(page, ".rp-totals") == [str(t) for t in last["sheets"][-1]["totals"]]


def test_replay_refuses_a_match_still_in_progress(page, server):
    b = Bridge()
    call(b, op="new_match", game="briscola", seed=3, level="random")
    save = call(b, op="save")["save"]
    e = entry(save, {"result": {"winner_team": 0, "scores": [61, 59]}}, id_="in-progress")
    seed_storage(page, {"v": 2, "totals": {}, "history": [e]})
    goto(page, server, "#/replay/in-progress")
    page.wait_for_selector(".replay-page[data-error='match_not_over']", timeout=BOOT_TIMEOUT)
    assert page.locator(".rp-seat").count() == 0  # no hand was drawn


# ---------------------------------------------------------------------------------- shared deals
def test_a_shared_link_deals_the_same_hand_on_a_fresh_profile(page, server, browser):
    save, last = finished("briscola", 8)
    seed_storage(page, None, {"save": save, "level": "random"})
    open_route(page, server)
    page.locator("dialog[open] .share-open").click()
    link = page.locator("dialog[open] .share-link").input_value()
    assert link == server.url + "#/game/briscola?deck=piacentine&seed=8&mode=shared"
    page.locator("dialog[open] .share-copy").click()
    page.wait_for_function("document.querySelector('dialog[open] .share-status').textContent !== ''")
    page.keyboard.press("Escape")

    fresh = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        other = fresh.new_page()
        other.goto(link)
        other.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        other.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.seed === 8", timeout=60_000)
        snap = other.evaluate("window.__cardavia.snapshot")
        assert snap["hand"] == dealt_hand("briscola", 8, 0)
        assert snap["seat"] == 0
        # dealt once: the address is the game's own again, so a reload resumes this match
        assert other.evaluate("location.hash") == "#/game/briscola?deck=piacentine"
        # the other seat's link gives the other hand
        other.goto(server.url + "#/game/scopa?deck=siciliane&seed=77&seat=1&mode=shared")
        other.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.game === 'scopa'", timeout=60_000)
        snap = other.evaluate("window.__cardavia.snapshot")
        assert snap["seat"] == 1 and snap["hand"] == dealt_hand("scopa", 77, 1, "siciliane")
    finally:
        close_context(fresh)


def test_play_again_and_from_the_other_seat_are_one_click_from_the_score_sheet(page, server):
    save, last = finished("briscola", 8)
    seed_storage(page, None, {"save": save, "level": "random"})
    open_route(page, server)
    page.locator("dialog[open] .other-seat").click()
    page.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.seat === 1 && !window.__cardavia.snapshot.result", timeout=60_000)
    snap = page.evaluate("window.__cardavia.snapshot")
    assert snap["hand"] == dealt_hand("briscola", 8, 1)  # the cards the computer had
    assert snap["seed"] == 8

    seed_storage(page, None, {"save": save, "level": "random"})
    open_route(page, server)
    page.locator("dialog[open] .play-again").click()
    page.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.seat === 0 && !window.__cardavia.snapshot.result", timeout=60_000)
    snap = page.evaluate("window.__cardavia.snapshot")
    assert snap["hand"] == dealt_hand("briscola", 8, 0) and snap["seed"] == 8


def test_the_two_results_of_a_duplicate_pair_are_side_by_side(page, server):
    first, first_last = finished("briscola", 8, seat=0)
    second, second_last = finished("briscola", 8, seat=1)
    record = {"v": 2, "totals": {}, "history": [entry(second, second_last, seat=1, mode="duplicate"), entry(first, first_last, seat=0)]}
    # the score sheet of the second match (restored finished) shows the pair
    seed_storage(page, {"v": 2, "totals": {}, "history": record["history"][1:]}, {"save": second, "level": "random"})
    goto(page, server, "#/")
    open_route(page, server)
    pair = page.locator("dialog[open] .duplicate-pair")
    pair.wait_for()
    margins = pair.locator(".pair-half").evaluate_all("(els) => els.map((e) => [Number(e.dataset.seat), Number(e.dataset.margin)])")
    mine0 = first_last["result"]["scores"][0] - first_last["result"]["scores"][1]
    mine1 = second_last["result"]["scores"][1] - second_last["result"]["scores"][0]
    assert margins == [[0, mine0], [1, mine1]]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("dialog[open] .share-open").click()
    page.screenshot(path=str(ARTIFACTS / "sheet-duplicate-phone-en.png"), full_page=True)
    page.keyboard.press("Escape")
    # and the replay of either entry shows it too
    seed_storage(page, record)
    goto(page, server, f"#/replay/{record['history'][0]['id']}")
    replay_at(page, 0)
    assert page.locator(".replay-page .duplicate-pair .pair-half").count() == 2


def test_a_deal_link_asks_before_abandoning_a_match_in_progress(page, server):
    b = Bridge()
    mine = call(b, op="new_match", game="briscola", seed=3, level="random")["snapshot"]["hand"]
    in_progress = call(b, op="save")["save"]
    link = "#/game/briscola?deck=piacentine&seed=8&mode=shared"
    hand = "() => [...document.querySelectorAll('.hand button[data-card]')].map((b) => b.dataset.card)"
    seed_storage(page, None, {"save": in_progress, "level": "random"})
    goto(page, server, "#/")
    goto(page, server, link)
    page.locator("dialog[open] .abandon-keep").click()
    page.wait_for_function(f"({hand})().length === 3", timeout=60_000)
    assert page.evaluate(hand) == mine  # resumed, nothing lost

    goto(page, server, "#/")
    goto(page, server, link)
    page.locator("dialog[open] .abandon-play").click()
    page.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.seed === 8", timeout=60_000)
    assert page.evaluate("window.__cardavia.snapshot.hand") == dealt_hand("briscola", 8, 0)
    aside = page.evaluate(f"JSON.parse(localStorage.getItem('{SAVE_KEY}.abandoned'))")
    # set aside, not lost silently: the resumed match (the computer may have moved since)
    assert aside["save"]["seed"] == 3 and aside["save"]["log"][:len(in_progress["log"])] == in_progress["log"]


def test_a_deal_link_sets_an_unreadable_autosave_aside(page, server):
    seed_storage(page)
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', '{{not json')")
    open_route(page, server, "#/game/briscola?deck=piacentine&seed=8&mode=shared")
    page.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.seed === 8", timeout=60_000)
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}.unreadable')") == '"{not json"'


# ---------------------------------------------------------------------------------- daily deal
def daily_seeds(p, server, day):
    p.goto(server.url + f"#/daily?today={day}")
    p.wait_for_selector(f".daily-page[data-day='{day}'] li.daily-game")
    return p.evaluate("() => Object.fromEntries([...document.querySelectorAll('li.daily-game')].map((li) => [li.dataset.game, Number(li.dataset.seed)]))")


def test_the_daily_deal_is_the_same_on_two_profiles_and_changes_the_next_day(page, server, browser):
    seed_storage(page)
    day, next_day = "2026-12-01", "2026-12-02"
    one = daily_seeds(page, server, day)
    assert one and one == {g: fnv1a_seed(g, day) for g in one}
    fresh = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        other = fresh.new_page()
        assert daily_seeds(other, server, day) == one
        tomorrow = daily_seeds(other, server, next_day)
        assert set(tomorrow) == set(one) and all(tomorrow[g] != one[g] for g in one)
        # following the link deals the same cards on both profiles
        hands = []
        for p in (page, other):
            daily_seeds(p, server, day)
            p.locator("li.daily-game[data-game=briscola] a.daily-play").click()
            p.wait_for_function(READY, timeout=BOOT_TIMEOUT)
            p.wait_for_function(f"window.__cardavia.snapshot && window.__cardavia.snapshot.seed === {one['briscola']}", timeout=60_000)
            hands.append(p.evaluate("window.__cardavia.snapshot.hand"))
        assert hands[0] == hands[1] == dealt_hand("briscola", one["briscola"], 0)
    finally:
        close_context(fresh)


def test_the_daily_deal_is_marked_once_played(page, server):
    day = "2026-12-01"
    save, last = finished("briscola", fnv1a_seed("briscola", day))
    e = entry(save, last, mode="daily", daily=day, id_="daily-briscola")
    seed_storage(page, {"v": 2, "totals": {}, "history": [e]})
    daily_seeds(page, server, day)
    done = page.locator("li.daily-game[data-game=briscola]")
    assert "played" in done.get_attribute("class")
    assert done.locator("a.daily-replay").get_attribute("href") == "#/replay/daily-briscola"
    assert done.locator("a.daily-play").count() == 0
    assert page.locator("li.daily-game.played").count() == 1  # only that game
    daily_seeds(page, server, "2026-12-02")
    assert page.locator("li.daily-game.played").count() == 0  # another day


def test_an_invalid_injected_date_is_ignored(page, server):
    """An impossible ?today= falls back to the real day, in UTC: the page's clock is fixed
    (half an hour before midnight UTC), so the day it shows does not race the test's."""
    page.clock.set_fixed_time(datetime(2026, 3, 14, 23, 30, tzinfo=timezone.utc))
    page.goto(server.url + "#/daily?today=2026-02-30")
    page.wait_for_selector(".daily-page li.daily-game")
    assert page.evaluate("document.querySelector('.daily-page').dataset.day") == "2026-03-14"


def test_the_home_page_links_to_the_daily_deal(page, server):
    page.goto(server.url + "#/")
    page.locator("a.daily-link").click()
    page.wait_for_selector(".daily-page li.daily-game")


# ---------------------------------------------------------------------------------- screenshots
@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_screenshots_of_the_replay_viewer_and_the_daily_page(page, server, lang, size):
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    name = "phone" if size[0] < 600 else "desktop"
    save, last = finished("briscola", 8)
    t_save, t_last = finished("tarocchi", 5)
    daily = entry(*finished("scopa", fnv1a_seed("scopa", "2026-12-01"), deck="piacentine"),
                  mode="daily", daily="2026-12-01", id_="daily-scopa")
    seed_storage(page, {"v": 2, "totals": {}, "history": [entry(save, last), entry(t_save, t_last), daily]})
    page.evaluate(f"localStorage.setItem('cardavia.lang', JSON.stringify('{lang}'))")
    goto(page, server, f"#/replay/{entry(save, last)['id']}")
    page.reload()
    replay_at(page, 0)
    page.evaluate("() => { const s = document.querySelector('.rp-slider'); s.value = '13'; s.dispatchEvent(new Event('input')); }")
    replay_at(page, 13)
    page.screenshot(path=str(ARTIFACTS / f"replay-briscola-{name}-{lang}.png"), full_page=True)
    page.keyboard.press("End")
    replay_at(page, len(save["log"]))
    page.screenshot(path=str(ARTIFACTS / f"replay-briscola-end-{name}-{lang}.png"), full_page=True)
    assert serious_axe_violations(page) == []
    goto(page, server, f"#/replay/{entry(t_save, t_last)['id']}")
    replay_at(page, 0)
    page.evaluate("() => { const s = document.querySelector('.rp-slider'); s.value = '30'; s.dispatchEvent(new Event('input')); }")
    replay_at(page, 30)
    page.screenshot(path=str(ARTIFACTS / f"replay-tarocchi-{name}-{lang}.png"), full_page=True)
    goto(page, server, "#/replay/daily-scopa")
    replay_at(page, 0)
    page.evaluate("() => { const s = document.querySelector('.rp-slider'); s.value = '9'; s.dispatchEvent(new Event('input')); }")
    replay_at(page, 9)
    page.screenshot(path=str(ARTIFACTS / f"replay-scopa-{name}-{lang}.png"), full_page=True)
    goto(page, server, "#/daily?today=2026-12-01")
    page.wait_for_selector(".daily-page li.daily-game.played")
    page.screenshot(path=str(ARTIFACTS / f"daily-{name}-{lang}.png"), full_page=True)
    assert serious_axe_violations(page) == []
    scroll = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert scroll <= 0, "the daily page scrolls sideways"
    page.evaluate("localStorage.removeItem('cardavia.lang')")
