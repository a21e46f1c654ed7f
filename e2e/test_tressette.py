"""Tressette's own screens in real Chromium (the generic tests play its table, lesson,
languages and phones from the catalogue): a card refused for not following suit says so
(TR5); the cards drawn after a trick lie face up beside the stock as the engine lists them
(TR8); the score sheet words every side's thirds and what they round down to (TR6). One
seeded deal, played to its sheet on a phone in English, then the table in Persian on a
desktop. Screenshots in test-artifacts/."""

from __future__ import annotations

import re

from conftest import ROOT
from helpers import WAITING, open_table, set_lang, snapshot, tap_a_refused_card

ARTIFACTS = ROOT / "test-artifacts"
SEED = 3
ISOLATES = re.compile("[\u2066-\u2069]")


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def play_first(page) -> None:
    """Play the first card the engine allows (a click on its button: on a phone ten cards
    overlap, and its uncovered strip is on one side or the other with the language)."""
    page.locator(".hand button:not([disabled]):not([aria-disabled])").first.evaluate("b => b.click()")


def thirds_text(thirds: int) -> str:
    whole, frac = divmod(thirds, 3)
    return f"{whole}{['', '⅓', '⅔'][frac]}" if whole or not frac else ['', '⅓', '⅔'][frac]


def test_refusal_drawn_cards_and_the_thirds_on_the_sheet(page, server):
    snap = open_table(page, server, "tressette", SEED, size=(390, 844), lang="en")
    shot(page, "tressette-390x844-en")
    refused = drawn = False
    while not page.locator("dialog[open]").count():
        page.wait_for_selector(WAITING, timeout=30_000)
        if page.locator("dialog[open]").count():
            break
        snap = snapshot(page)
        if not refused and tap_a_refused_card(page, snap, shot="tressette-refused-390x844-en.png"):
            refused = True
        if not drawn and snap["drawn"]:
            # TR8: both drawn cards face up beside the stock, the engine's, named for screen readers
            shown = page.locator(".stock-area .drawn-cards [data-card]").evaluate_all("es => es.map(e => e.dataset.card)")
            assert shown == [d["card"] for d in snap["drawn"]] and len(shown) == 2
            assert page.locator(".stock-area .drawn").get_attribute("aria-label").startswith("Drawn and shown to both: ")
            shot(page, "tressette-drawn-390x844-en")
            drawn = True
        play_first(page)
        page.wait_for_timeout(30)
    assert refused and drawn
    sheet = page.evaluate("window.__cardavia.snapshot.sheets[0]")
    # TR6: each side's thirds, exact and rounded down, the player's column first
    mine = snapshot(page)["seat"]
    order = [mine, 1 - mine]
    by_team = {line["team"]: line for line in sheet["lines"] if line["key"] == "card_points"}
    want = " vs ".join(f"{by_team[t]['detail']['thirds']} thirds = {thirds_text(by_team[t]['detail']['thirds'])} → {by_team[t]['points']}"
                       for t in order)
    detail = page.locator('dialog[open] tr[data-key="card_points"] .detail').inner_text()
    assert ISOLATES.sub("", detail).startswith(want)
    assert sum(by_team[t]["detail"]["thirds"] for t in order) == 32
    page.locator("dialog[open] .sheet-table").scroll_into_view_if_needed()
    shot(page, "tressette-sheet-390x844-en")


def test_the_table_in_persian_on_a_desktop(page, server):
    open_table(page, server, "tressette", SEED, size=(1280, 800), lang="en")
    shot(page, "tressette-1280x800-en")
    set_lang(page, "fa")
    page.wait_for_selector(".table-view[data-state=yours]")
    assert page.locator("html").get_attribute("dir") == "rtl"
    play_first(page)
    page.wait_for_selector(".table-view[data-state=yours]", timeout=30_000)
    shot(page, "tressette-1280x800-fa")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    shot(page, "tressette-390x844-fa")
