"""The lesson offered to a newcomer (issue 41): a first visit to a game's table asks, before
any deal, whether to take the guided first deal or just play (the catalogue's "New to
{game}?…"); once answered it is not asked again, and a shared deal (?seed=, a deal link) is
dealt at once. Before, a first visit dealt a match at once (Minchiate's dealer starting on a
26-card discard) and the offer's words were never shown.

One context for the module, opened as a newcomer's browser (lesson_offer=True: the other
tests' contexts have answered the offer for every game, e2e/conftest.py)."""

from __future__ import annotations

import pytest

from conftest import ROOT, close_context
from helpers import READY, serious_axe_violations, set_lang, snapshot, table_url

ART = ROOT / "test-artifacts"
BOOTED = "window.__cardavia && window.__cardavia.booted === true"

# where the offer and its two choices lie, and whether the page scrolls sideways
OFFER_BOX = """() => {
  const o = document.querySelector('.lesson-offer');
  if (!o) return null;
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {text: o.querySelector('.offer-text').textContent, offer: box(o), yes: box(o.querySelector('.offer-yes')),
    no: box(o.querySelector('.offer-no')), vw: innerWidth, vh: innerHeight, wide: document.scrollingElement.scrollWidth};
}"""


@pytest.fixture(scope="module")
def newcomer(browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, lesson_offer=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    close_context(ctx)
    assert errors == []


def offer_on_screen(page, where: str) -> dict:
    got = page.evaluate(OFFER_BOX)
    assert got, f"{where}: no offer"
    for name in ("yes", "no"):
        x0, y0, x1, y1 = got[name]
        assert x0 >= 0 and x1 <= got["vw"] and y0 >= 0 and y1 <= got["vh"], f"{where}: the {name} button at {got[name]}"
    assert got["wide"] <= got["vw"], f"{where}: the page is {got['wide']} px wide"
    return got


def test_a_first_visit_offers_the_lesson_and_just_play_deals(newcomer, server):
    page = newcomer
    page.goto(server.url + "?speed=instant&level=greedy#/game/minchiate?deck=minchiate")
    page.wait_for_selector(".lesson-offer", timeout=90_000)
    got = offer_on_screen(page, "minchiate en 390x844")
    assert got["text"].startswith("New to Minchiate?")
    assert page.locator(".lesson-offer .offer-yes").inner_text() == "Start the lesson"
    assert page.locator(".lesson-offer .offer-no").inner_text() == "Just play"
    # the engine boots behind the offer, and nothing is dealt until the player answers
    page.wait_for_function(BOOTED, timeout=90_000)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__cardavia.snapshot") is None
    assert page.locator(".table-view").get_attribute("data-state") == "offer"
    assert serious_axe_violations(page) == []
    ART.mkdir(exist_ok=True)
    page.screenshot(path=str(ART / "offer-minchiate-en-390x844.png"))
    # in every language, on the narrower phone, the offer and its choices stay whole on screen
    page.set_viewport_size({"width": 360, "height": 740})
    for code in ("it", "fa", "ar", "vi"):
        set_lang(page, code)
        offer_on_screen(page, f"minchiate {code} 360x740")
        if code in ("vi", "ar"):
            page.screenshot(path=str(ART / f"offer-minchiate-{code}-360x740.png"))
    set_lang(page, "en")
    page.set_viewport_size({"width": 390, "height": 844})

    page.click(".lesson-offer .offer-no")
    page.wait_for_function(READY, timeout=90_000)
    assert snapshot(page)["game"] == "minchiate"
    assert page.locator(".lesson-offer").count() == 0
    page.reload()  # answered once: the match in progress is back, and no offer
    page.wait_for_function(READY, timeout=90_000)
    assert page.locator(".lesson-offer").count() == 0
    assert snapshot(page)["game"] == "minchiate"


def test_a_shared_deal_is_dealt_without_the_offer(newcomer, server):
    page = newcomer
    # Briscola was never answered: a ?seed= link deals its deal at once...
    page.goto("about:blank")
    page.goto(server.url + table_url("briscola", 3))
    page.wait_for_function("window.__cardavia && window.__cardavia.snapshot && window.__cardavia.snapshot.seed === 3", timeout=90_000)
    assert page.locator(".lesson-offer").count() == 0
    # ...and so does a deal link (Scopa: &seed=&mode=play in the route)
    page.goto("about:blank")
    page.goto(server.url + table_url("scopa", 4, link=True))
    page.wait_for_function("window.__cardavia && window.__cardavia.snapshot && window.__cardavia.snapshot.seed === 4", timeout=90_000)
    assert page.locator(".lesson-offer").count() == 0


def test_taking_the_offer_starts_the_lesson(newcomer, server):
    page = newcomer
    page.goto("about:blank")
    page.goto(server.url + "?speed=instant#/game/cicera?deck=bresciane")
    page.wait_for_selector(".lesson-offer .offer-yes", timeout=90_000)
    page.click(".lesson-offer .offer-yes")
    page.wait_for_selector(".coach", timeout=90_000)
    assert "learn=1" in page.evaluate("location.hash")
    # answered: the plain table deals at once from now on
    page.goto("about:blank")
    page.goto(server.url + "?speed=instant#/game/cicera?deck=bresciane")
    page.wait_for_function(READY, timeout=90_000)
    assert page.locator(".lesson-offer").count() == 0
