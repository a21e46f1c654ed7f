"""Learning at the table (issue 26): each game's cheat sheet, opened from the "?" beside
Hint on a 390x844 phone, pictures the engine's order of strength, card points, capture
values and primiera with the game's own cards, and says how a deal is scored in the rules
tab's own words; in English and in Persian (right to left, its own digits).

One page for the module (the engine boots once); every deal is seeded."""

from __future__ import annotations

import pytest

from conftest import ROOT, shared_page
from helpers import serious_axe_violations, set_lang

ART = ROOT / "test-artifacts"
YOURS = ".table-view[data-state=yours]"
GAMES = (("briscola", "piacentine"), ("scopa", "siciliane"), ("cicera", "bresciane"),
         ("tarocchi", "tarocco-piemontese"), ("minchiate", "minchiate"))


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
    info = page.evaluate("() => fetch('data/site.json').then(r => r.json()).then(d => d.cards.games)")[game]
    button = page.get_by_role("button", name="Cheat sheet")
    assert button.inner_text() == "?"
    button.click()
    dialog = page.locator("dialog[open]")
    dialog.wait_for()
    assert dialog.get_by_role("heading", level=2).inner_text().endswith(" at a glance")
    rows = dialog.locator(".cheat-part").first.locator(".cheat-cards")
    if info["ranking"]:
        # the order of strength, row by row, exactly the engine's
        assert dialog.locator("h3").first.inner_text() == "Strongest first"
        shown = [r.evaluate("u => [...u.querySelectorAll('.card')].map(c => c.dataset.card)") for r in rows.all()]
        assert shown == [r["cards"] for r in info["ranking"]]
    else:
        assert "Strongest first" not in dialog.inner_text()
    # every card that scores by itself carries its points
    badges = dict(dialog.locator(".cheat-part").filter(has=page.locator("h3", has_text="Cards that score"))
                  .locator(".cheat-card").evaluate_all("ls => ls.map(l => [l.dataset.card, l.querySelector('.points-badge').textContent])"))
    want = {c: str(p) for c, p in info["points"].items() if c not in info["stripped"][deck]}
    assert badges == want
    if info["primiera"]:
        prim = dialog.locator(".cheat-part").filter(has=page.locator("h3", has_text="Primiera")).locator(".cheat-card")
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
