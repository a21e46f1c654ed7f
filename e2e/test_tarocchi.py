"""Tarocchi with the Tarocco Piemontese in real Chromium: the whole 78-card deck on the
tradition page with the 16 stripped cards marked; the dealer's discard step (you deal:
the page explains, from the engine's legal discards, why each card cannot go, and
announces the trump count); whole deals by clicking to the score sheet, as the dealer
and not; and the time of one computer move at level normal in the browser."""

from __future__ import annotations

import re

from conftest import ROOT
from helpers import WAITING, open_table, serious_axe_violations, snapshot, open_discard_why, tap_a_refused_card

GAME = "#/game/tarocchi?deck=tarocco-piemontese"
ARTIFACTS = ROOT / "test-artifacts"
# seeds (the engine's dealer and deal come from the seed): seat 0 deals in 34 and 259
SEED_DEALER_HONOURS = 34  # your 17 cards hold the Matto, trump 1, a King and plain trumps
SEED_DEALER_TRUMPS = 259  # your only trumps are 4 and 11: discarding both is legal
SEED_NOT_DEALER = 1
STRIPPED = {"AS", "2S", "3S", "4S", "AB", "2B", "3B", "4B", "7C", "8C", "9C", "10C", "7D", "8D", "9D", "10D"}
TITLES = ["Il Matto", "Il Bagatto", "La Papessa", "L'Imperatrice", "L'Imperatore", "Il Papa", "Gli Amanti",
          "Il Carro", "La Giustizia", "L'Eremita", "La Ruota", "La Forza", "L'Appeso", "La Morte", "La Temperanza",
          "Il Diavolo", "La Torre", "Le Stelle", "La Luna", "Il Sole", "L'Angelo", "Il Mondo"]


def why(page) -> dict[str, str]:
    """The hand's cards that cannot be discarded now → the reason key the page shows."""
    return dict(page.locator(".hand button[data-why]").evaluate_all("bs => bs.map(b => [b.dataset.card, b.dataset.why])"))


def enabled(page) -> set[str]:
    return set(page.locator(".hand button:not([disabled]):not([aria-disabled])").evaluate_all("bs => bs.map(b => b.dataset.card)"))


def play_tricks_to_the_sheet(page, shot: str | None = None) -> int:
    """Click the first playable card at every turn; checks who led and the last trick on the
    way, and at the first turn where the rules refuse a card, that a tap on it says why."""
    plays = 0
    refused = False
    while True:
        page.wait_for_selector(WAITING, timeout=60_000)
        if page.locator("dialog[open]").count():
            return plays
        assert plays < 15, "more than 15 plays"
        snap = snapshot(page)
        assert snap["phase"] == "play"
        trick = page.locator(".trick .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        assert trick == [x["card"] for x in snap["trick"]]
        led = page.locator(".led-by")
        if snap["trick"]:
            leader = snap["trick"][0]["seat"]
            # "Led" in the leader's own seat label, beside the name
            assert led.is_visible() and led.inner_text() == "Led"
            assert page.locator(".trick .card.led").get_attribute("data-card") == snap["trick"][0]["card"]
            assert leader == snap["leader"]
            if leader != snap["seat"]:
                pos = {1: "right", 2: "top", 3: "left"}[(leader - snap["seat"]) % 4]
                assert page.locator(f".seat-{pos} .seat-info .led-by").count() == 1
        else:
            assert led.inner_text() == "To lead"
            assert page.locator(".seat-bottom .seat-info .led-by").count() == 1
        legal = {a["card"] for a in snap["legal"]}
        assert enabled(page) == legal
        if not refused:
            refused = tap_a_refused_card(page, snap, shot)
        if snap["last_trick"]:
            lt = page.locator(".last-trick")
            assert lt.locator(".card").evaluate_all("cs => cs.map(c => c.dataset.card)") == [x["card"] for x in snap["last_trick"]["cards"]]
        page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
        plays += 1
        if plays == 15:
            assert refused, "no turn of the deal had a card to refuse"


def check_sheet(page) -> dict:
    snap = snapshot(page)
    sheet = snap["sheets"][-1]
    dialog = page.locator("dialog[open]")
    totals = [int(x) for x in dialog.locator("[data-total-team]").all_inner_texts()]
    assert totals == sheet["totals"] and sum(totals) == 114
    keys = [dialog.locator("tbody tr[data-key]").nth(i).get_attribute("data-key") for i in range(dialog.locator("tbody tr[data-key]").count())]
    assert keys == ["honours", "courts", "other_cards", "matto", "discard"]
    labels = dialog.locator("tbody tr[data-key] th").evaluate_all("ths => ths.map(th => th.firstChild.textContent)")
    assert labels == ["Honours", "Courts", "Other cards", "The Matto", "The discard"]
    for key in keys:
        want = [sum(l["points"] for l in sheet["lines"] if l["key"] == key and l["team"] == t) for t in (0, 1)]
        assert [int(x) for x in dialog.locator(f'tr[data-key="{key}"] td').all_inner_texts()] == want, key
    courts = dialog.locator('tr[data-key="courts"] .detail').inner_text()
    assert re.fullmatch(r"\d+ Donn[ae], \d+ Caval(lo|li), \d+ Fant[ei] vs \d+ Donn[ae], \d+ Caval(lo|li), \d+ Fant[ei]", courts), courts
    (discard,) = [l for l in sheet["lines"] if l["key"] == "discard" and l["points"]] or [sheet["lines"][4]]
    trumps = discard["detail"]["trumps"]
    assert dialog.locator('tr[data-key="discard"] .detail').inner_text().startswith(
        {0: "no trumps", 1: "1 trump", 2: "2 trumps"}[trumps])
    assert dialog.get_by_role("button", name="New match").is_visible()
    return snap


def test_the_whole_tarocco_piemontese_with_the_stripped_cards_marked(page, server):
    page.goto(server.url + "#/tradition/tarocco-piemontese")
    page.wait_for_selector(".whole-deck[data-drawn] .deck-card")  # every face drawn (app.js drawDeck)
    assert page.locator(".whole-deck h2").inner_text() == "The whole deck: 78 cards"
    cards = page.locator(".whole-deck .deck-card")
    assert cards.count() == 78
    stripped = set(page.locator(".whole-deck .deck-card.stripped").evaluate_all("cs => cs.map(c => c.dataset.card)"))
    assert stripped == STRIPPED
    assert serious_axe_violations(page) == []
    assert "16 cards taken out for Tarocchi, which is played with the other 62" in page.locator(".stripped-note").inner_text()
    assert page.locator('.deck-card[data-card="AS"] [role=img]').get_attribute("aria-label") == "Ace of Swords (not used in Tarocchi)"
    # trumps: the Matto and 1 … 21, each with its Italian title and numeral, double-ended
    trumps = page.locator(".deck-group").first
    assert trumps.locator("h3").inner_text() == "Trumps and the Matto"
    assert trumps.locator(".deck-card").count() == 22
    for n, title in enumerate(TITLES):
        face = trumps.locator(f'.deck-card[data-card="T{n}"] svg')
        texts = face.locator("defs > text").all_text_contents()
        assert title in texts, (n, texts)
        if n:
            assert str(n) in texts  # the index numeral
        assert face.locator('g[transform="rotate(180 30 50)"]').count() >= 1  # the other half
    assert page.locator('.deck-card[data-card="T0"] [role=img]').get_attribute("aria-label") == "The Matto, worth 5 in Tarocchi"
    assert page.locator('.deck-card[data-card="T20"] [role=img]').get_attribute("aria-label") == "Trump 20"
    # the four Italian suits, 14 cards each, Kings to Aces
    for suit in ("Cups", "Coins", "Swords", "Batons"):
        group = page.locator(".deck-group").filter(has=page.locator("h3", has_text=suit))
        assert group.locator(".deck-card").count() == 14
    # Full rules tab
    page.goto(server.url + GAME.replace("?", "?tab=rules&"))
    page.wait_for_selector("#panel-rules:not([hidden]) .rules")
    text = page.locator("#panel-rules").inner_text()
    assert "114" in text and "Kings, trump 1, trump 21 and the Matto can never be discarded" in text


def test_the_discard_step_explains_why_cards_cannot_go(page, server):
    snap = open_table(page, server, "tarocchi", SEED_DEALER_HONOURS)
    assert snap["dealer"] == 0 and snap["phase"] == "discard" and snap["your_turn"]
    assert len(snap["hand"]) == 17
    assert page.locator(".seat-bottom .dealer-tag").inner_text() == "Dealer"
    box = page.locator(".choices.discard-box")
    assert box.locator(".choice-title").inner_text() == "Choose 2 cards to discard"
    pairs = [a["cards"] for a in snap["legal"]]
    in_pairs = {c for p in pairs for c in p}
    never = set(snap["hand"]) - in_pairs
    # every card outside every legal pair is disabled and explained by its kind
    reasons = why(page)
    assert set(reasons) == never
    assert enabled(page) == in_pairs
    for c, r in reasons.items():
        want = "matto" if c == "T0" else "honour" if c in ("T1", "T21") else "king" if c[0] == "K" else "trump"
        assert r == want, (c, r)
    assert {"matto", "honour", "king", "trump"} <= set(reasons.values())
    open_discard_why(page)
    items = {li.get_attribute("data-why"): li.inner_text() for li in box.locator(".discard-why li").all()}
    assert items["matto"] == "The Matto: The Matto is never discarded."
    assert items["honour"] == "Trump 1: Trumps 1 and 21 are never discarded."
    assert items["king"].endswith("Kings are never discarded.")
    assert items["trump"].endswith("A trump may go only when no other card can, or when you discard your last trumps.")
    assert page.locator('.hand button[data-card="T1"]').get_attribute("title") == "Trumps 1 and 21 are never discarded."
    assert serious_axe_violations(page) == []
    # pick one card: the others that cannot join it are disabled; then undo the pick
    first = pairs[0][0]
    page.locator(f'.hand button[data-card="{first}"]').click(position={"x": 8, "y": 14})
    assert page.locator(f'.hand button[data-card="{first}"]').get_attribute("aria-pressed") == "true"
    partners = {c for p in pairs if first in p for c in p} - {first}
    assert enabled(page) == partners | {first}
    assert "Chosen: " in box.inner_text()
    page.locator(f'.hand button[data-card="{first}"]').click(position={"x": 8, "y": 14})
    assert enabled(page) == in_pairs


def test_dealer_discards_two_trumps_then_plays_the_deal_to_the_sheet(page, server):
    snap = open_table(page, server, "tarocchi", SEED_DEALER_TRUMPS)
    assert snap["dealer"] == 0 and snap["phase"] == "discard"
    pairs = [sorted(a["cards"]) for a in snap["legal"]]
    assert ["T11", "T4"] in pairs
    page.locator('.hand button[data-card="T4"]').click(position={"x": 8, "y": 14})
    # with a trump chosen, a plain card would break the trump rule: disabled and explained
    reasons = why(page)
    assert enabled(page) == {"T4", "T11"}
    assert reasons["5S"] == "pair" and reasons["KS"] == "king" and reasons["T0"] == "matto"
    open_discard_why(page)
    pair_item = page.locator('.discard-why li[data-why="pair"]').inner_text()
    assert pair_item.endswith("Not with Trump 4: together they break the trump rule.")
    page.locator('.hand button[data-card="T11"]').click(position={"x": 8, "y": 14})
    page.get_by_role("button", name="Discard Trump 4 + Trump 11").click()
    page.wait_for_function("window.__cardavia.snapshot.phase === 'play'")
    log = page.get_by_role("log").locator("li").all_inner_texts()
    assert "You discarded 2 trumps. (Trump 4 + Trump 11)" in log, log
    flashes = page.evaluate("window.__cardavia.flashes")
    assert any(f["type"] == "discarded" and f["text"] == "2 trumps discarded" and f["pos"] == "bottom" for f in flashes)
    page.wait_for_selector(WAITING, timeout=60_000)
    if not page.locator("dialog[open]").count():
        assert page.locator(".seat-bottom .discard-tag").inner_text() == "2 trumps discarded"
    assert snapshot(page)["discard_trumps"] == 2
    plays = play_tricks_to_the_sheet(page)
    assert plays == 15
    snap = check_sheet(page)
    assert sorted(snap["discard"]) == ["T11", "T4"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tarocchi-sheet-1280.png"))


def test_a_whole_deal_when_an_ai_deals(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    snap = open_table(page, server, "tarocchi", SEED_NOT_DEALER)
    assert snap["dealer"] != 0 and snap["phase"] == "play"
    dealer_pos = {1: "right", 2: "top", 3: "left"}[snap["dealer"]]
    assert page.locator(f".seat-{dealer_pos} .dealer-tag").inner_text() == "Dealer"
    trumps = snap["discard_trumps"]
    tag = {0: "No trumps discarded", 1: "1 trump discarded", 2: "2 trumps discarded"}[trumps]
    assert page.locator(f".seat-{dealer_pos} .discard-tag").inner_text() == tag
    assert snap["discard"] is None  # the discard itself stays hidden
    log = page.get_by_role("log").locator("li").all_inner_texts()
    words = {0: "no trumps", 1: "1 trump", 2: "2 trumps"}[trumps]
    assert any(re.fullmatch(rf"(AI partner|AI East|AI North|AI West) discarded {words}\.", line) for line in log), log
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tarocchi-390x844.png"), full_page=True)
    plays = play_tricks_to_the_sheet(page, shot="refusal-tarocchi-390x844.png")
    assert plays == 15
    check_sheet(page)
