"""The guided first deal of every game (issue 26), played on a 390x844 phone by doing
what the coach says: tap what it marks (.coach-pick) until the deal is scored. The
lesson's own seeded deal (core/cardavia/lessons.py) must then have shown every key
moment its catalogue lists, said by the coach; the lesson is marked finished on the game
page and never enters the player's record. Briscola is also left half-way and resumed
(the coach remembers what it said). Each lesson is followed once, the games taking English
and Persian (right to left) in turn in the catalogue's order: every game's coach texts are
checked in all five languages by tests/test_completeness.py, and what a browser adds (the
page turned right to left, Persian words only) is the same for every game.

One page for the module (the engine boots once)."""

from __future__ import annotations

import time

import pytest

from cardavia.lessons import LESSONS as LESSON_SPECS
from conftest import ROOT, shared_page
from helpers import LESSONS, serious_axe_violations, set_lang

ART = ROOT / "test-artifacts"
# every game with a lesson, from the engine's catalogue, in English and Persian in turn
GAMES = tuple((game, deck, ("en", "fa")[i % 2]) for i, (game, deck) in enumerate(LESSONS))
READY = """() => {
  const v = document.querySelector('.table-view');
  if (document.querySelector('dialog.sheet[open]')) return 'sheet';
  if (v && v.dataset.state === 'yours' && document.querySelector('.coach-pick')) return 'pick';
  return false;
}"""


ON_SCREEN = """() => {
  const rs = [...document.querySelectorAll('.coach-pick')].map((e) => e.getBoundingClientRect());
  const words = document.querySelector('.coach-do').getBoundingClientRect();
  return rs.length && rs.every((r) => r.top >= 0 && r.bottom <= innerHeight) && words.top >= 0 && words.bottom <= innerHeight;
}"""


@pytest.fixture(scope="module")
def phone(browser, server):
    with shared_page(browser, {"width": 390, "height": 844}) as page:
        page.goto(server.url + "?speed=instant#/")
        page.wait_for_selector(".traditions .tradition", timeout=90_000)
        yield page


def open_lesson(page, server, game, deck):
    page.goto(server.url + f"?speed=instant#/game/{game}?deck={deck}")
    page.wait_for_selector(".tabs-row .learn-link", timeout=90_000)
    page.click(".tabs-row .learn-link")
    page.wait_for_selector(".coach", timeout=90_000)


def follow_coach(page, shots: str | None = None, stop_after: int | None = None) -> int:
    """Taps what the coach marks until the deal's sheet opens; the number of taps."""
    taps = 0
    while True:
        state = page.wait_for_function(READY, timeout=90_000).json_value()
        if state == "sheet":
            return taps
        if stop_after is not None and taps >= stop_after:
            return taps
        # what to tap is on screen with the coach's words above it, without Playwright's own
        # scrolling (the page scrolls itself: Tarocchi's first discard is below a phone's edge)
        page.wait_for_function(ON_SCREEN, timeout=5_000)
        pick = page.locator(".coach-pick").first
        # the coach says what to do in words as well as with the mark
        assert page.locator(".coach-do").is_visible() and page.locator(".coach-do b, .coach-tap").first.inner_text().strip()
        if shots and taps in (0, 3):
            page.screenshot(path=str(ART / f"{shots}-{taps}.png"))
        handle = pick.element_handle()
        pick.click()
        taps += 1
        # the mark moves on (or the table is busy) before the next look
        page.wait_for_function("(e) => !e.isConnected || !e.classList.contains('coach-pick') || document.querySelector('.table-view').dataset.state !== 'yours'",
                               arg=handle, timeout=30_000)


@pytest.mark.parametrize("game,deck,lang", GAMES)
def test_following_the_coach_shows_every_key_moment(phone, server, game, deck, lang):
    page = phone
    set_lang(page, lang)
    page.evaluate(f"localStorage.removeItem('cardavia.lesson.{game}.{deck}')")  # a lesson finished in the other language
    open_lesson(page, server, game, deck)
    assert page.locator(".coach-line").first.inner_text().strip()  # the game in a few words
    assert not page.locator("#table-level").count() or not page.locator("#table-level").is_visible()
    ART.mkdir(exist_ok=True)
    record = page.evaluate("localStorage.getItem('cardavia.record')")
    if game == "briscola":
        # left half-way (a reload) and resumed: the same deal, what was said still known
        follow_coach(page, stop_after=4)
        said = page.get_attribute(".coach", "data-moments")
        page.reload()
        page.wait_for_selector(".coach", timeout=90_000)
        page.wait_for_function(READY, timeout=90_000)
        assert page.get_attribute(".coach", "data-moments") == said
    start = time.monotonic()
    taps = follow_coach(page, shots=f"lesson-{game}{'' if lang == 'en' else '-' + lang}-390x844")
    if lang == "fa":  # the coach speaks Persian, right to left, in Persian words only
        coach = page.locator(".coach")
        assert page.evaluate("getComputedStyle(document.querySelector('.coach')).direction") == "rtl"
        text = coach.inner_text()
        assert text.strip() and not any("a" <= ch.lower() <= "z" for ch in text), text
    seconds = time.monotonic() - start
    said = page.get_attribute(".coach", "data-moments").split()
    assert set(said) == set(LESSON_SPECS[game]["moments"]), said
    sheet = page.locator("dialog.sheet[open]")
    assert sheet.locator(".coach-finish h3").is_visible()
    # the sheet's columns as in a match: your side first (Tarocchi's lesson put the opponents first)
    first = sheet.locator("thead th[data-team]").first.get_attribute("data-team")
    assert first == str(page.evaluate("(s => s.teams.findIndex(t => t.includes(s.seat)))(window.__cardavia.snapshot)"))
    page.screenshot(path=str(ART / f"lesson-{game}{'' if lang == 'en' else '-' + lang}-done-390x844.png"))
    assert serious_axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    print(f"lesson {game} ({lang}): {taps} taps, {seconds:.1f} s, moments {said}")
    # never in the record; marked finished on the game page
    assert page.evaluate("localStorage.getItem('cardavia.record')") == record
    sheet.locator(".coach-finish a.btn.primary").click()
    page.wait_for_selector(".tabs-row .learn-link.done", timeout=30_000)
    assert page.locator(".coach").count() == 0
