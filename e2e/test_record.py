"""The player's record (#/stats): seeded deals played through the table are counted as the
score sheets said (wins, streak, margins, the game's figures), the record survives export,
reset and import, an old-format record is migrated and a damaged one set aside with a
message while play goes on; screenshots of the page on a phone, a desktop and in Persian.

One browser context for the module (its own localStorage); the suite's server and browser."""

from __future__ import annotations

import json

import pytest

from conftest import BOOT_TIMEOUT, ROOT, shared_page
from helpers import serious_axe_violations

READY = "window.__cardavia && window.__cardavia.ready === true"
WAITING = ".table-view[data-state=yours], .table-view[data-state=over], dialog[open]"
ARTIFACTS = ROOT / "test-artifacts"
KEY = "cardavia.record"


@pytest.fixture(scope="module")
def record_page(browser, server):
    with shared_page(browser, {"width": 390, "height": 844}) as page:
        page.goto(server.url)
        yield page


def play_briscola(page, server, seed: int) -> dict:
    """A whole seeded Briscola deal, the human always playing its first legal card; what
    the score sheet showed (the totals per team) and the engine's final snapshot."""
    page.evaluate("localStorage.removeItem('cardavia.save.briscola.piacentine')")  # deal the seed
    page.goto(server.url + f"?speed=instant&level=random&seed={seed}#/game/briscola?deck=piacentine")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    for _ in range(30):
        page.wait_for_selector(WAITING, timeout=60_000)
        if page.locator("dialog[open]").count():
            break
        page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
    dialog = page.locator("dialog[open]")
    totals = [int(dialog.locator(f"tr.total td[data-total-team='{i}']").inner_text()) for i in (0, 1)]
    snap = page.evaluate("window.__cardavia.snapshot")
    assert snap["result"] is not None and snap["seed"] == seed
    mine = next(i for i, team in enumerate(snap["teams"]) if snap["seat"] in team)
    return {"mine": totals[mine], "theirs": totals[1 - mine], "margin": totals[mine] - totals[1 - mine]}


def number(text: str) -> float:
    return float(text.replace("−", "-").replace("+", "").replace("%", "").strip())


def tile(page, cls: str) -> str:
    return page.locator(f".stats-page .tiles .{cls} .tile-value").inner_text()


def expected(deals: list[dict]) -> dict:
    outcomes = ["won" if d["margin"] > 0 else "drawn" if d["margin"] == 0 else "lost" for d in deals]
    streak = best = 0
    for o in outcomes:
        streak = streak + 1 if o == "won" else 0
        best = max(best, streak)
    return {"matches": len(deals), "won": outcomes.count("won"), "drawn": outcomes.count("drawn"),
            "lost": outcomes.count("lost"), "streak": streak, "best_streak": best,
            "margin": sum(d["margin"] for d in deals) / len(deals), "best": max(d["margin"] for d in deals),
            "points": sum(d["mine"] for d in deals) / len(deals), "outcomes": outcomes}


def check_tiles(page, want: dict) -> None:
    for cls in ("matches", "won", "drawn", "lost", "streak"):
        assert number(tile(page, cls)) == want[cls], cls
    assert f"Best: {want['best_streak']}" in page.locator(".tile.streak .tile-sub").inner_text()
    assert number(tile(page, "margin")) == round(want["margin"], 1)
    assert number(tile(page, "best")) == want["best"]
    assert number(page.locator(".tile.figure[data-figure=points] .tile-value").inner_text()) == round(want["points"], 1)
    assert number(tile(page, "rate")) == round(100 * want["won"] / want["matches"])


def test_played_deals_are_counted_as_the_sheets_said_and_survive_export_reset_import(record_page, server, tmp_path):
    page = record_page
    page.evaluate(f"localStorage.removeItem('{KEY}')")
    deals = [play_briscola(page, server, seed) for seed in (5, 6)]
    want = expected(deals)
    page.goto(server.url + "#/stats/briscola")
    page.wait_for_selector(".stats-page .tiles")
    check_tiles(page, want)
    # the last matches, newest first, each linking to its replay
    items = page.locator(".record-history li.match")
    assert items.count() == 2
    ids = page.evaluate(f"JSON.parse(localStorage.getItem('{KEY}')).history.map(e => e.id)")
    assert [a.get_attribute("href") for a in items.locator("a").all()] == [f"#/replay/{i}" for i in ids]
    newest = deals[-1]
    word = {"won": "Won", "drawn": "Drawn", "lost": "Lost"}[want["outcomes"][-1]]
    assert items.first.locator(".outcome").inner_text() == f"{word} {newest['mine']}–{newest['theirs']}"
    # the charts: one dot per match, one bar per deal
    assert page.locator(".results-chart .dot").count() == 2
    assert page.locator(".margin-chart rect.bar").count() == 2

    with page.expect_download() as dl:
        page.get_by_role("button", name="Export").click()
    exported = tmp_path / "record.json"
    dl.value.save_as(exported)
    assert len(json.loads(exported.read_text())["history"]) == 2

    page.get_by_role("button", name="Reset").click()
    page.locator("dialog.confirm").get_by_role("button", name="Delete my record").click()
    page.wait_for_selector(".stats-page .record-empty")
    assert page.locator(".record-status").inner_text() == "Your record was deleted."
    assert page.evaluate(f"JSON.parse(localStorage.getItem('{KEY}')).history.length") == 0

    broken = tmp_path / "broken.json"
    broken.write_text('{"v": 2, "history": [{"id": "x"}], "totals": {}}')
    page.set_input_files("#record-import-file", str(broken))
    page.wait_for_selector(".record-status.error")
    assert page.locator(".record-status").inner_text() == (
        "This file could not be imported: match 1 in the file is incomplete or damaged. Your record was not changed.")
    assert page.locator(".stats-page .record-empty").count() == 1

    page.set_input_files("#record-import-file", str(exported))
    page.wait_for_selector(".stats-page .tiles")
    assert page.locator(".record-status").inner_text() == "2 matches imported."
    check_tiles(page, want)

    # every game at a glance
    page.get_by_role("link", name="All games").click()
    card = page.locator(".record-overview .game-record[data-game=briscola]")
    assert card.locator(".wdl").inner_text() == f"{want['won']} won · {want['drawn']} drawn · {want['lost']} lost"
    assert page.locator(".record-overview .game-record").count() == 1, "only the games played"
    assert "null" not in page.locator(".stats-page").inner_text()


OLD_V1 = [  # a version 1 record as an older Cardavia wrote it: a flat array, no ids, no modes
    {"game": "briscola", "deck": "piacentine", "level": "normal", "seed": 41, "seat": 0,
     "result": {"winner_team": 0, "scores": [75, 45]}, "finished": "2026-11-20T10:00:00.000Z",
     "sheets": [{"deal": 1, "teams": [[0], [1]], "totals": [75, 45], "winner_team": 0, "lines": []}]},
    {"game": "briscola", "deck": "piacentine", "level": "normal", "seed": 42, "seat": 0,
     "result": {"winner_team": 0, "scores": [90, 30]}, "finished": "2026-11-21T10:00:00.000Z",
     "sheets": [{"deal": 1, "teams": [[0], [1]], "totals": [90, 30], "winner_team": 0, "lines": []}]},
]


def open_stats(page, server, path="#/stats"):
    """The page loaded afresh (a same-address goto would not read the storage again)."""
    page.goto("about:blank")
    page.goto(server.url + "?lang=en" + path)
    page.wait_for_selector(".stats-page")


def test_an_old_record_is_migrated_with_its_matches(record_page, server):
    page = record_page
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(OLD_V1))})")
    open_stats(page, server, "#/stats/briscola")
    assert "brought up to date: 2 matches kept" in page.locator(".record-notice").inner_text()
    assert page.locator(".record-history li.match").count() == 2
    assert page.locator(".record-history li.match .outcome").first.inner_text() == "Won 90–30", "newest first"
    assert number(tile(page, "won")) == 2 and number(tile(page, "streak")) == 2
    assert number(tile(page, "margin")) == 45  # (30 + 60) / 2
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('{KEY}'))")
    assert stored["v"] == 2 and len(stored["history"]) == 2
    page.get_by_role("button", name="Got it").click()
    page.wait_for_function("!document.querySelector('.record-notice')")


def test_a_damaged_record_is_set_aside_with_a_message_the_rest_kept_and_play_goes_on(record_page, server):
    page = record_page
    page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{KEY}')).forEach(k => localStorage.removeItem(k))")
    # one good match and one damaged one: the good one stays, the whole record is kept aside
    good = dict(OLD_V1[0], id="good-1", mode="play", daily=None)
    damaged = {"v": 2, "history": [good, {"id": "bad", "game": "briscola"}], "totals": {}}
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(damaged))})")
    open_stats(page, server, "#/stats/briscola")
    assert "1 damaged match was left out" in page.locator(".record-notice").inner_text()
    assert page.locator(".record-history li.match").count() == 1
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}.unreadable')")) == damaged

    # not JSON at all: kept aside under the next free key, and a new record starts
    page.evaluate(f"localStorage.setItem('{KEY}', '{{not json')")
    open_stats(page, server)
    assert "could not be read" in page.locator(".record-notice").inner_text()
    assert page.evaluate(f"localStorage.getItem('{KEY}.unreadable.2')") == '"{not json"'
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}.unreadable')")) == damaged, "the first one is kept too"

    deal = play_briscola(page, server, 7)  # play goes on, and is recorded
    open_stats(page, server, "#/stats/briscola")
    assert page.locator(".record-history li.match").count() == 1
    assert number(tile(page, "margin")) == deal["margin"]


@pytest.mark.parametrize("lang,size", [("en", (390, 844)), ("en", (1280, 800)), ("fa", (390, 844))],
                         ids=["phone", "desktop", "fa-phone"])
def test_record_page_screenshots_fit_the_screen(record_page, server, lang, size):
    page = record_page
    if not page.evaluate(f"(JSON.parse(localStorage.getItem('{KEY}')) || {{history: []}}).history.length"):
        page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(OLD_V1))})")  # run alone: a record to show
        open_stats(page, server)
        page.get_by_role("button", name="Got it").click()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.url + f"?lang={lang}#/stats/briscola")
    page.wait_for_selector(".stats-page .tiles")
    assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "fa" else "ltr")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"record-{lang}-{size[0]}x{size[1]}.png"), full_page=True)
    assert serious_axe_violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
