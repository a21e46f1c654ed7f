"""Autosaves from an older version of the site: an unversioned save ({save, level}, as
written before saves carried `v`) is restored at the same position and the table plays on;
one from an unknown version, or whose engine body was altered, is set aside with the
message and a new game is dealt."""

from __future__ import annotations

import json

import pytest

from conftest import BOOT_TIMEOUT, shared_page

READY = "window.__cardavia && window.__cardavia.ready === true"
YOURS = ".table-view[data-state=yours]"
WAITING = ".table-view[data-state=yours], .table-view[data-state=over], dialog[open]"
KEY = "cardavia.save.briscola.piacentine"
UNREADABLE = "The saved game could not be read"


@pytest.fixture(scope="module")
def saves_page(browser):
    with shared_page(browser, {"width": 1100, "height": 800}) as page:
        yield page


def open_briscola(page, server, seed=None):
    page.goto(server.url + "?speed=instant&level=greedy" + (f"&seed={seed}" if seed is not None else "")
              + "#/game/briscola?deck=piacentine")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(YOURS, timeout=60_000)


def position(page) -> dict:
    snap = page.evaluate("window.__cardavia.snapshot")
    return {k: snap[k] for k in ("hand", "played", "trick", "points", "captured", "hand_counts", "trump", "stock", "to_move")}


def play_two(page):
    for _ in range(2):
        page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
        page.wait_for_selector(WAITING)
        page.wait_for_selector(YOURS)


def test_an_unversioned_save_is_restored_at_the_same_position_and_plays_on(saves_page, server):
    page = saves_page
    page.goto(server.url + "#/")
    page.evaluate(f"localStorage.removeItem('{KEY}')")
    open_briscola(page, server, seed=41)
    play_two(page)
    before = position(page)
    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert stored["v"] == 2 and stored["level"] == "greedy"
    # the shape the site wrote before saves were versioned
    old = {"save": stored["save"], "level": "greedy"}
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(old))})")
    open_briscola(page, server)  # no seed: the save decides the deal
    assert position(page) == before
    assert UNREADABLE not in page.locator(".table-view .log").inner_text()
    assert page.evaluate(f"localStorage.getItem('{KEY}.unreadable')") is None
    card = page.locator(".hand button:not([disabled]):not([aria-disabled])").first.get_attribute("data-card")
    page.locator(f'.hand button[data-card="{card}"]').click(position={"x": 8, "y": 14})
    page.wait_for_function(f"!window.__cardavia.snapshot.hand.includes('{card}')")
    page.wait_for_selector(WAITING)
    again = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert again["v"] == 2, "rewritten in the current shape at the next save"
    assert len(again["save"]["log"]) > len(old["save"]["log"])


@pytest.mark.parametrize("case", ["future version", "altered engine body"])
def test_an_unreadable_save_is_set_aside_with_the_message(saves_page, server, case):
    page = saves_page
    page.goto(server.url + "#/")
    page.evaluate(f"localStorage.removeItem('{KEY}'); localStorage.removeItem('{KEY}.unreadable')")
    open_briscola(page, server, seed=42)
    play_two(page)
    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    if case == "future version":
        bad = {**stored, "v": 99}
    else:  # an unversioned save whose log was edited: the engine's checksum refuses it
        save = {**stored["save"], "log": stored["save"]["log"][:-1]}
        bad = {"save": save, "level": "greedy"}
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(bad))})")
    open_briscola(page, server)
    assert UNREADABLE in page.locator(".table-view .log").inner_text()
    kept = json.loads(page.evaluate(f"localStorage.getItem('{KEY}.unreadable')"))
    assert kept["save"] == bad["save"], "set aside, never lost"
    snap = page.evaluate("window.__cardavia.snapshot")
    assert len(snap["hand"]) == 3 and snap["stock"] == 34 and len(snap["played"]) <= 1, "a new game is dealt"
    page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
    page.wait_for_selector(WAITING)
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["v"] == 2
