"""Learning at the table (issue 26): each game's cheat sheet, opened from the "?" beside
Hint on a 390x844 phone, pictures the engine's order of strength, card points, capture
values and primiera with the game's own cards, and says how a deal is scored in the rules
tab's own words; in English and in Persian (right to left, its own digits).

One page for the module (the engine boots once); every deal is seeded."""

from __future__ import annotations

import pytest

from conftest import ROOT, shared_page
from helpers import GAMES as GAME_IDS, serious_axe_violations, set_lang, table_deck

ART = ROOT / "test-artifacts"
YOURS = ".table-view[data-state=yours]"
GAMES = tuple((g, table_deck(g)) for g in GAME_IDS)  # each game once, from the engine's catalogue


@pytest.fixture(scope="module")
def phone(browser, server):
    with shared_page(browser, {"width": 390, "height": 844}) as page:
        page.goto(server.url + "?speed=instant&level=random#/")
        page.wait_for_selector(".traditions .tradition", timeout=90_000)
        yield page



@pytest.mark.parametrize("game,deck", GAMES)
def test_the_cheat_sheet_pictures_the_engines_rules(phone, server, game, deck):
    page = phone
    set_lang(page, "en")
    page.goto(server.url + f"?speed=instant&level=random#/game/{game}?deck={deck}&seed=3&mode=play")
    page.wait_for_selector(f"{YOURS}, .abandon-play", timeout=90_000)
    if page.locator(".abandon-play").count():
        page.click(".abandon-play")
    page.wait_for_selector(YOURS, timeout=90_000)
    data = page.evaluate("() => fetch('data/site.json').then(r => r.json()).then(d => d.cards)")
    info = data["games"][game]
    in_deck = set(data["decks"][deck]["cards"])  # a game of two decks: its points name both decks' courts
    if game == "briscola":
        # the table's "Trumps: …" is a term: the trump suit's order of strength, pictured
        page.locator('.trump-suit button.term[data-term="trump"]').click()
        pop = term_dialog(page, "trump")
        suit = page.evaluate("window.__cardavia.snapshot.trump_suit")
        want = [c[:-1] + suit for c in info["ranking"][0]["cards"]]
        assert pop.locator(".term-card").evaluate_all("ls => ls.map(l => l.dataset.card)") == want
        page.screenshot(path=str(ART / "term-table-briscola-390x844.png"))
        page.keyboard.press("Escape")
        expect_closed(page)
    button = page.get_by_role("button", name="Cheat sheet")
    assert button.inner_text() == "?"
    button.click()
    dialog = page.locator("dialog[open]")
    dialog.wait_for()
    assert dialog.get_by_role("heading", level=2).inner_text().endswith(" at a glance")
    rows = dialog.locator(".cheat-part").first.locator(".term-cards")
    if info["ranking"]:
        # the order of strength, row by row, exactly the engine's
        assert dialog.locator("h3").first.inner_text() == "Strongest first"
        shown = [r.evaluate("u => [...u.querySelectorAll('.term-card')].map(c => c.dataset.card)") for r in rows.all()]
        assert shown == [r["cards"] for r in info["ranking"]]
    else:
        assert "Strongest first" not in dialog.inner_text()
    # every card that scores by itself carries its points
    badges = dict(dialog.locator(".cheat-part").filter(has=page.locator("h3", has_text="Cards that score"))
                  .locator(".term-card").evaluate_all("ls => ls.map(l => [l.dataset.card, l.querySelector('.points-badge').textContent])"))
    want = {c: str(p) for c, p in info["points"].items() if c not in info["stripped"][deck] and c in in_deck}
    assert badges == want
    if info["primiera"]:
        prim = dialog.locator(".cheat-part").filter(has=page.locator("h3", has_text="Primiera")).locator(".term-card")
        values = prim.evaluate_all("ls => ls.map(l => [l.dataset.card, Number(l.querySelector('.points-badge').textContent)])")
        assert values[0] == ["7D", 21] and [v for _, v in values] == sorted((v for _, v in values), reverse=True)
    # how a deal scores: the rules tab's words
    scoring = dialog.locator(".cheat-part").last
    assert scoring.locator("h3").inner_text() == "How a deal is scored"
    text = scoring.locator("p").all_inner_texts()
    assert text and all(len(line) > 20 for line in text)
    assert dialog.evaluate("d => d.scrollTop") == 0  # it opens at its top
    assert serious_axe_violations(page) == []
    assert page.evaluate("document.querySelector('dialog[open]').scrollWidth <= document.querySelector('dialog[open]').clientWidth + 1")
    ART.mkdir(exist_ok=True)
    page.screenshot(path=str(ART / f"cheat-{game}-390x844.png"))
    if game in ("tarocchi", "scopa"):
        dialog.get_by_role("button", name="Close").click()
        set_lang(page, "fa")
        page.get_by_role("button", name="خلاصهٔ قواعد").click()
        dialog.wait_for()
        assert page.evaluate("getComputedStyle(document.querySelector('dialog[open]')).direction") == "rtl"
        assert not any(ch.isdigit() and ch.isascii() for ch in dialog.locator(".points-badge").all_inner_texts().__str__())
        page.screenshot(path=str(ART / f"cheat-{game}-fa-390x844.png"))
        set_lang(page, "en")
    page.keyboard.press("Escape")


NO_SIDEWAYS = "document.documentElement.scrollWidth <= innerWidth"


def term_dialog(page, term: str):
    """The term's definition, open: its title, its words and its pictured cards (faces drawn)."""
    pop = page.locator("dialog.term-pop[open]")
    pop.wait_for()
    assert pop.locator(f'.term-panel[data-term="{term}"]').count() == 1
    assert pop.locator("h2").inner_text() and len(pop.locator(".term-def").inner_text()) > 20
    box = pop.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert page.evaluate(NO_SIDEWAYS)
    return pop


def test_terms_open_their_definition_with_the_cards_on_rules_table_and_sheet(phone, server):
    """Scopa on a phone: in the rules a term (primiera) opens its definition with the
    engine's primiera values pictured on Coins cards, and the rules' figures draw the deck's
    cards once shown; at the table the Primiera tally opens it too; on the score sheet the
    Settebello line opens the 7 of Coins. In English and in Persian; Escape and a tap
    outside close it, the focus back on the term."""
    page = phone
    ART.mkdir(exist_ok=True)
    info = page.evaluate("() => fetch('data/site.json').then(r => r.json()).then(d => d.cards.games.scopa)")
    for lang in ("en", "fa"):
        set_lang(page, lang)
        page.goto(server.url + f"?speed=instant&level=random#/game/scopa?deck=piacentine&tab=rules")
        page.wait_for_selector("#panel-rules .rules-fig")
        # the figures: slots laid out at once, faces drawn once near the screen
        figs = page.locator("#panel-rules .rules-fig")
        assert figs.count() >= 4
        last = figs.last
        last.scroll_into_view_if_needed()
        last.locator(".term-card .card-art").first.wait_for()
        assert last.locator(".term-card .card-art").count() == last.locator(".term-card").count() > 0
        assert page.evaluate(NO_SIDEWAYS)
        page.screenshot(path=str(ART / f"rules-scopa{'-fa' if lang == 'fa' else ''}-390x844.png"))
        term = page.locator('#panel-rules button.term[data-term="primiera"]')
        assert term.count() == 1
        term.click()
        pop = term_dialog(page, "primiera")
        shown = pop.locator(".term-card").evaluate_all("ls => ls.map(l => [l.dataset.card, l.querySelector('svg') !== null])")
        assert [c for c, _ in shown] == sorted((c for c, _ in shown), key=lambda c: -info["primiera"][c[:-1]])
        assert len(shown) == 10 and all(c.endswith("D") and drawn for c, drawn in shown)
        page.screenshot(path=str(ART / f"term-scopa{'-fa' if lang == 'fa' else ''}-390x844.png"))
        if lang == "fa":
            assert pop.evaluate("d => getComputedStyle(d).direction") == "rtl"
        else:
            assert serious_axe_violations(page) == []  # the rules' terms and figures, the dialog
        page.keyboard.press("Escape")
        expect_closed(page)
        assert page.evaluate("document.activeElement.dataset.term") == "primiera"
    set_lang(page, "en")
    # at the table: the Primiera tally is the term; a tap outside closes it
    page.goto(server.url + "?speed=instant&level=random#/game/scopa?deck=piacentine&seed=5&mode=play")
    page.wait_for_selector(f"{YOURS}, .abandon-play", timeout=90_000)
    if page.locator(".abandon-play").count():
        page.click(".abandon-play")
    page.wait_for_selector(YOURS, timeout=90_000)
    tally = page.locator('.tallies button.term[data-term="primiera"]').first
    tally.click()
    term_dialog(page, "primiera")
    page.screenshot(path=str(ART / "term-table-scopa-390x844.png"))
    page.mouse.click(6, 836)  # the backdrop, outside the panel
    expect_closed(page)
    # the score sheet: play the deal out, then the Settebello line
    moves = 0
    while not page.locator("dialog.sheet[open], dialog[open] .sheet-table").count():
        assert moves < 40
        page.wait_for_selector(f"{YOURS}, dialog[open]", timeout=30_000)
        if page.locator("dialog[open]").count():
            break
        page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click()
        choices = page.locator(".choices:not([hidden]) button.choice")
        if choices.count():
            choices.first.click()
        moves += 1
    sheet = page.locator("dialog[open]")
    sheet.locator(".sheet-table").wait_for()
    line = sheet.locator('button.term[data-term="settebello"]')
    line.click()
    pop = term_dialog(page, "settebello")
    assert pop.locator(".term-card").evaluate_all("ls => ls.map(l => l.dataset.card)") == ["7D"]
    page.screenshot(path=str(ART / "term-sheet-scopa-390x844.png"))
    page.keyboard.press("Escape")
    expect_closed(page)
    assert sheet.evaluate("d => d.open")  # Escape closed the definition, not the sheet under it
    page.keyboard.press("Escape")


def expect_closed(page) -> None:
    page.wait_for_function("!document.querySelector('dialog.term-pop[open]')", timeout=5_000)


def test_the_rules_of_minchiate_picture_its_cards_lazily(phone, server):
    """The rules tab of Minchiate (the longest): the figures far below the first screen wait
    with their faces undrawn (no work for first paint) and draw as they are scrolled to:
    its order of strength, its counting cards with their points, its combinations."""
    page = phone
    set_lang(page, "en")
    page.goto(server.url + "?speed=instant&level=random#/game/minchiate?deck=minchiate&tab=rules")
    page.wait_for_selector("#panel-rules .rules-fig")
    page.evaluate("scrollTo(0, 0)")
    waiting = page.locator("#panel-rules .term-cards[data-lazy]").count()
    assert waiting > 0, "every figure was drawn at first paint"
    captions = page.locator("#panel-rules .rules-fig figcaption").all_inner_texts()
    assert captions == ["Strongest first", "Cards that score", "Versicola (combination)"]
    combos = page.locator("#panel-rules .rules-fig").last
    combos.scroll_into_view_if_needed()
    combos.locator("svg").first.wait_for()
    assert combos.locator(".term-cards").count() == 5
    page.screenshot(path=str(ART / "rules-minchiate-390x844.png"))
    assert page.evaluate(NO_SIDEWAYS)
