"""A game's options travel with the match (issue 43, item 2), in the browser: Scopone's
Classico and a match to 21 chosen in the Options control deal that variant, the table says
so, a reload resumes it, and the deal's shared link, opened by a friend with nothing saved,
deals the same variant; a link with a value the game does not take is refused with a
message and the match in progress is kept."""

from __future__ import annotations

from conftest import BOOT_TIMEOUT, ROOT

from helpers import READY, WAITING, open_table, snapshot

ARTIFACTS = ROOT / "test-artifacts"
SEED = 5


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def variant_dealt(page) -> dict:
    page.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.options"
                           " && window.__cardavia.snapshot.options.classico === true", timeout=60_000)
    page.wait_for_selector(WAITING, timeout=60_000)
    return snapshot(page)


def test_an_option_chosen_is_saved_reloaded_and_shared_intact(page, server, browser):
    open_table(page, server, "scopone", SEED, deck="piacentine", size=(390, 844))
    assert page.locator(".table-options").is_hidden()  # the game as its rules play it by default
    page.click(".options-btn")
    sheet = page.locator("dialog.options-sheet[open]")
    sheet.locator("input[data-option=classico]").check()
    sheet.locator("select[data-option=target]").select_option("21")
    shot(page, "scopone-options-phone-en")
    sheet.locator(".options-deal").click()
    page.click(".confirm-yes")  # a match was in progress: asked first
    snap = variant_dealt(page)
    assert snap["options"]["target"] == 21
    assert len(snap["hand"]) == 9  # Classico deals 9 each (scientifico 10): the first turn of the new deal
    line = page.locator(".table-options")
    assert line.is_visible() and "Classico" in line.inner_text() and "Match to 21" in line.inner_text()
    # a move, then a reload: the save keeps the variant and its log
    moves = snap["moves"]
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    again = variant_dealt(page)
    assert again["options"]["target"] == 21 and again["moves"] >= moves
    assert "Match to 21" in page.locator(".table-options").inner_text()
    # the deal's shared link (as the score sheet hands it out) carries the options
    url = page.evaluate(
        "Promise.all([import('./js/deals/links.js'), import('./js/table/options.js'), fetch('data/site.json').then(r => r.json())])"
        ".then(([l, o, site]) => l.shareUrl('scopone', 'piacentine', 77, { options: o.canonical(site.catalogue.games.scopone,"
        " window.__cardavia.snapshot.options) }))")
    assert "o.classico=1" in url and "o.target=21" in url and "napola" not in url
    friend = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        fp = friend.new_page()
        fp.goto(url.replace("#/", "?speed=instant&level=greedy#/", 1))
        fp.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        fp.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.seed === 77", timeout=60_000)
        got = variant_dealt(fp)
        assert got["options"]["target"] == 21 and got["options"]["napola"] is False
        assert "Match to 21" in fp.locator(".table-options").inner_text()
        shot(fp, "scopone-options-line-desktop-en")
        # a link asking for a target the game does not take: refused, said, the match kept
        kept = got["hand"]
        fp.goto(server.url + "?speed=instant#/game/scopone?deck=piacentine&seed=78&mode=shared&o.target=15")
        fp.wait_for_selector(".option-bad", timeout=BOOT_TIMEOUT)
        assert "target" in fp.locator(".option-bad").inner_text()
        fp.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        fp.wait_for_selector(WAITING, timeout=60_000)
        assert snapshot(fp)["hand"] == kept
    finally:
        friend.close()
