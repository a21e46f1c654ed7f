"""Minchiate in real Chromium: whole deals by clicking, as the cutter and as the dealer,
through the one-card discards (each card that cannot go explained from the engine's
`discard_blocks`), the declaration chooser (every combination listed, ticked, declared
one by one) and 21 tricks, to a score sheet whose every line and total equals the
engine's; the resti meter equals the snapshot's; the setup (cut, steals, shown card,
robbing, pigliati) is shown and logged; a phone in portrait; Persian; axe; and the
browser move time at level normal (printed, never asserted).

One browser context for the module: the engine boots once."""

from __future__ import annotations

import pytest

from conftest import ROOT, shared_page
from helpers import WAITING, open_table, serious_axe_violations, snapshot, open_discard_why, toggle_discard_why, tap_a_refused_card

DESK = (1100, 800)  # the module's page is shared: each table sets its size and language
ARTIFACTS = ROOT / "test-artifacts"
# seeds found with the engine (the first legal discard each time, as the tests click):
SEED_CUTTER = 106   # an AI deals; you cut, steal one card, discard it; trump 29 blocked; one combination
SEED_DEALER = 43    # you deal: four discards, trump 29 blocked, three combinations
SEED_QUIET = 1      # an AI deals; you steal nothing; one combination
WHY_TEXT = {"counting": "Cards that score points are never discarded.", "trump29": "Trump 29 is never discarded."}


@pytest.fixture(scope="module")
def mpage(browser, server):
    # every table opens on its seed's new deal, never on the previous test's autosave
    clear_saves = "try { for (const k of Object.keys(localStorage)) if (k.startsWith('cardavia.save.')) localStorage.removeItem(k); } catch {}"
    with shared_page(browser, {"width": 1100, "height": 800}, clear_saves) as page:
        yield page


def log_lines(page) -> list[str]:
    return page.get_by_role("log").locator("li").all_inner_texts()


def enabled(page) -> set[str]:
    return set(page.locator(".hand button:not([disabled]):not([aria-disabled])").evaluate_all("bs => bs.map(b => b.dataset.card)"))


def check_discard_step(page, snap) -> None:
    """The hand's enabled cards are the legal discards; every other card says why, as the engine does."""
    legal = {a["card"] for a in snap["legal"]}
    blocked = snap["discard_blocks"]
    assert enabled(page) == legal
    assert set(blocked) == set(snap["hand"]) - legal
    why = dict(page.locator(".hand button[data-why]").evaluate_all("bs => bs.map(b => [b.dataset.card, b.dataset.why])"))
    assert why == blocked
    for card, key in blocked.items():
        assert page.locator(f'.hand button[data-card="{card}"]').get_attribute("title") == WHY_TEXT[key]
    box = page.locator(".choices.discard-box")
    due = snap["discard_due"][snap["seat"]]
    assert box.locator(".choice-title").inner_text() == f"Tap {due} more card{'s' if due > 1 else ''} to discard"
    opened = open_discard_why(page)
    items = {li.get_attribute("data-why"): li.inner_text() for li in box.locator(".discard-why li").all()}
    if opened:
        toggle_discard_why(page)
    assert {k: v.endswith(WHY_TEXT[k]) for k, v in items.items()} == {k: True for k in set(blocked.values())}


def check_meter(page, snap) -> None:
    resti = [int(x.split()[0]) for x in page.locator(".mi-resti dd").all_inner_texts()]
    assert resti == snap["meter"]["resti"]
    diff = snap["meter"]["diff"]
    text = page.locator(".mi-diff").inner_text()
    if diff == 0:
        assert text.startswith("No lead")
    else:
        assert text == f"{'You & partner' if diff > 0 else 'Opponents'} lead by {abs(diff)} point{'s' if abs(diff) != 1 else ''}"


def play_deal(page, untick_last: bool = False) -> dict:
    """Clicks through the deal to the sheet; returns what it saw."""
    seen = {"discards": 0, "combos": 0, "declared": [], "kept": [], "plays": 0, "refused": False}
    while True:
        page.wait_for_selector(WAITING, timeout=60_000)
        if page.locator("dialog[open]").count():
            return seen
        snap = snapshot(page)
        assert snap["your_turn"], snap["phase"]
        if snap["phase"] == "discard":
            check_discard_step(page, snap)
            check_meter(page, snap)
            before = len(snap["hand"])
            page.locator(f'.hand button[data-card="{snap["legal"][0]["card"]}"]').click(position={"x": 8, "y": 14})
            page.wait_for_function(f"window.__cardavia.snapshot.hand.length === {before - 1}")
            seen["discards"] += 1
        elif snap["phase"] == "declare":
            combos = [c for c in snap["combinations"] if not c["declared"]]
            box = page.locator(".choices.declare-box")
            boxes = box.locator("input[type=checkbox]")
            assert boxes.count() == len(combos)
            assert all(boxes.nth(i).is_checked() for i in range(len(combos)))
            texts = box.locator(".mi-combos li").all_inner_texts()
            for c, text in zip(combos, texts):
                assert f"— {c['value']} points" in text, text
            if untick_last and len(combos) > 1:
                boxes.nth(len(combos) - 1).uncheck()
                seen["kept"] = [combos[-1]["id"]]
                want = combos[:-1]
            else:
                want = combos
            n = len(want)
            label = "Declare nothing" if n == 0 else f"Declare {n} combination{'s' if n > 1 else ''}"
            box.get_by_role("button", name=label).click()
            page.wait_for_function("window.__cardavia.snapshot.phase !== 'declare' || !window.__cardavia.snapshot.your_turn", timeout=60_000)
            seen["combos"] = len(combos)
            seen["declared"] = [c["id"] for c in want]
        else:
            assert snap["phase"] == "play"
            legal = {a["card"] for a in snap["legal"]}
            assert enabled(page) == legal
            if not seen["refused"]:  # the first refused card: a tap says why
                seen["refused"] = tap_a_refused_card(page, snap, "refusal-minchiate.png")
            page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
            seen["plays"] += 1
            assert seen["plays"] <= 21


def check_sheet(page) -> dict:
    """Every line of the engine's sheet is a row with its amount in its team's column; totals equal."""
    snap = snapshot(page)
    sheet = snap["sheets"][-1]
    dialog = page.locator("dialog[open]")
    rows = dialog.locator("tbody tr[data-line]")
    assert rows.count() == len(sheet["lines"])
    for i, line in enumerate(sheet["lines"]):
        row = dialog.locator(f'tbody tr[data-line="{i}"]')
        assert row.get_attribute("data-key") == line["key"]
        amount = line.get("resti", 0) if line["key"] == "resto" else line["points"]
        cells = [int(x) for x in row.locator("td").all_inner_texts()]
        assert cells == [amount if line["team"] == t else 0 for t in (0, 1)], (i, line)
        detail = row.locator(".detail")
        if line["key"] == "combination":
            assert detail.inner_text().startswith(("Run of trumps", "Tens", "Three Kings", "The four Kings", "Matto", "Trumps 1, 13")), detail.inner_text()
        if line["key"] == "cards_beyond_42":
            assert detail.inner_text() == f"{line['detail']['cards']} cards taken"
        if line["key"] == "resto":
            assert detail.inner_text().startswith(("earned at:", "final rounding"))
        if line["key"] in ("kill", "steal", "shown", "rob"):
            assert ("trick " in detail.inner_text()) == (line["detail"]["phase"] == "play")
    totals = [int(x) for x in dialog.locator("[data-total-team]").all_inner_texts()]
    assert totals == sheet["totals"] == snap["result"]["scores"]
    assert sum(1 for l in sheet["lines"] if l["key"] == "resto" and l["team"] == 0) == totals[0]
    assert sum(1 for l in sheet["lines"] if l["key"] == "resto" and l["team"] == 1) == totals[1]
    points = [int(x) for x in dialog.locator("[data-points-team]").all_inner_texts()]
    assert points == sheet["points"]
    if sheet["matto"]:
        assert dialog.locator(".mi-matto").count() == 1
    assert dialog.get_by_role("button", name="New match").is_visible()
    return snap


def test_a_whole_deal_as_the_cutter(mpage, server):
    page = mpage
    snap = open_table(page, server, "minchiate", SEED_CUTTER, lang="en", size=DESK)
    assert snap["dealer"] != 0 and snap["cutter"] == 0 and snap["phase"] == "discard"
    setup = snap["setup"]
    stolen = setup["stolen"]
    assert len(stolen) == 1
    # the steal is shown in the middle and said in the log, with the meter after it
    assert page.locator(".mi-stolen .card").evaluate_all("cs => cs.map(c => c.dataset.card)") == stolen
    assert page.locator(".mi-shown .card").get_attribute("data-card") == setup["shown"]
    assert page.locator(".mi-pigliati .card").evaluate_all("cs => cs.map(c => c.dataset.card)") == setup["pigliati"]
    log = log_lines(page)
    assert "You cut the deck and stole 1 card." in log, log
    assert any(line.startswith("You stole Trump ") for line in log), log
    assert any(line.startswith("Steal: ") and "resti 0–0" in line for line in log), log
    assert any(" showed the last card dealt: " in line for line in log), log
    assert "trump29" in snap["discard_blocks"].values()
    assert serious_axe_violations(page) == []
    seen = play_deal(page)
    assert seen["discards"] == 1 and seen["combos"] == 1 and seen["plays"] == 21 and seen["refused"]
    snap = check_sheet(page)
    assert [d["combo"] for d in snap["declarations"] if d["seat"] == 0] == seen["declared"]
    log = log_lines(page)
    assert any(line.startswith("The fola is revealed: ") for line in log)
    assert any(line.startswith("You declared ") for line in log)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "minchiate-sheet-1100.png"))


def test_a_whole_deal_as_the_dealer_keeping_one_combination_hidden(mpage, server):
    page = mpage
    snap = open_table(page, server, "minchiate", SEED_DEALER, lang="en", size=DESK)
    assert snap["dealer"] == 0 and snap["phase"] == "discard" and snap["your_turn"]
    assert page.locator(".seat-bottom .dealer-tag").inner_text() == "Dealer"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "minchiate-discard-1100.png"))
    seen = play_deal(page, untick_last=True)
    assert seen["discards"] == 4 and seen["combos"] == 3 and seen["plays"] == 21
    snap = check_sheet(page)
    mine = [d["combo"] for d in snap["declarations"] if d["seat"] == 0]
    assert mine == seen["declared"] and seen["kept"] and seen["kept"][0] not in mine
    declare_lines = [l for l in snap["sheets"][-1]["lines"] if l["key"] == "declare" and l["detail"]["seat"] == 0]
    assert [l["detail"]["combo"] for l in declare_lines] == mine
    # the meter's last scoring event is the end of the deal
    page.locator("dialog[open]").get_by_role("button", name="Close").click()
    check_meter(page, snapshot(page))
    assert page.locator(".mi-last").inner_text().startswith("Last scoring: End of the deal")


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390x844", "360x740"])
def test_phone_portrait_declaration_and_discard_fit(mpage, server, size):
    page = mpage
    open_table(page, server, "minchiate", SEED_DEALER, lang="en", size=size)
    from test_table import FIT_JS
    page.evaluate("window.scrollTo(0, 0)")
    fit = page.evaluate(FIT_JS)
    page.screenshot(path=str(ARTIFACTS / f"minchiate-discard-{size[0]}x{size[1]}.png"))
    assert fit["scrollX"] <= 0 and fit["outside"] == [], fit
    # on to the declarations: the chooser and the hand on screen too
    while snapshot(page)["phase"] == "discard":
        snap = snapshot(page)
        # a crowded hand overlaps: tap the card's visible strip, as a thumb does
        page.locator(f'.hand button[data-card="{snap["legal"][0]["card"]}"]').click(position={"x": 8, "y": 30})
        page.wait_for_selector(WAITING, timeout=60_000)
    page.wait_for_selector(".declare-box")
    page.evaluate("window.scrollTo(0, 0)")
    fit = page.evaluate(FIT_JS)
    page.screenshot(path=str(ARTIFACTS / f"minchiate-declare-{size[0]}x{size[1]}.png"))
    assert fit["scrollX"] <= 0 and fit["outside"] == [], fit


def test_persian_table_and_the_tradition_page(mpage, server):
    page = mpage
    snap = open_table(page, server, "minchiate", SEED_QUIET, lang="fa", size=(390, 844))
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert snap["phase"] in ("declare", "play")
    assert page.locator(".mi-meter h2").inner_text() == "شمارندهٔ رستو (Resti: هر ۶۰ امتیاز پیشتازی یک رستو)"  # Minchiate's term in Persian script
    log = " ".join(log_lines(page))
    assert "دسته را برید" in log
    assert not any(ch.isdigit() and ch.isascii() for ch in page.locator(".mi-meter").inner_text())
    page.screenshot(path=str(ARTIFACTS / "minchiate-fa-390x844.png"))
    assert serious_axe_violations(page) == []
    page.goto(server.url + "?lang=en#/tradition/minchiate")
    page.wait_for_selector(".whole-deck[data-drawn] .deck-card")  # every face drawn (app.js drawDeck)
    assert page.locator(".whole-deck .deck-card").count() == 97
    assert serious_axe_violations(page) == []
