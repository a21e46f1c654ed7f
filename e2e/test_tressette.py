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


def test_a_call_when_leading_in_four_and_a_false_one_refused_with_its_reason(page, server):
    """TR12: leading, the human chooses the card alone or with Busso, Striscio or Volo (the
    engine's legal plays); the call the engine refuses says why; the call said is heard in
    the log and shown on the led card. Seed 2 deals the human the first lead."""
    snap = open_table(page, server, "tressette4", 2, size=(390, 844), lang="en")
    assert snap["your_turn"] and not snap["trick"]
    card = snap["hand"][0]
    name = page.locator(f'.hand button[data-card="{card}"]').get_attribute("aria-label")
    page.locator(f'.hand button[data-card="{card}"]').evaluate("b => b.click()")
    box = page.locator(".choices:not([hidden])")
    offered = box.locator("button.choice").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert offered == [a["id"] for a in snap["legal"] if a["card"] == card]
    refused = snap["call_blocks"][card]
    (call, reason), = refused.items()  # with each lead exactly one of Striscio and Volo is false
    button = box.locator(f'button.refused-call[data-call="{call}"]')
    assert button.get_attribute("aria-disabled") == "true" and button.get_attribute("data-why") == reason
    button.click(force=True)  # aria-disabled: Playwright counts it as disabled
    suit = {"C": "Cups", "D": "Coins", "S": "Swords", "B": "Batons"}[card[-1]]
    want = (f"Not Volo: you hold another card of {suit}." if call == "volo"
            else f"Not Striscio: {name} is your last card of {suit}.")
    box.locator(".call-why").filter(has_text=want).wait_for(timeout=5_000)
    shot(page, "tressette4-call-390x844-en")
    box.locator('button.choice[data-action$=":busso"]').click()
    page.wait_for_selector(".table-view[data-state=yours], dialog[open]", timeout=30_000)
    log = page.locator(".log").inner_text()
    assert f"You led {name}: “Busso!”" in log
    shot(page, "tressette4-after-call-390x844-en")


def test_four_in_persian_and_english_on_a_desktop(page, server):
    open_table(page, server, "tressette4", 2, size=(1280, 800), lang="en")
    shot(page, "tressette4-1280x800-en")
    set_lang(page, "fa")
    page.wait_for_selector(".table-view[data-state=yours]")
    shot(page, "tressette4-1280x800-fa")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    shot(page, "tressette4-390x844-fa")
