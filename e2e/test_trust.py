"""Nothing lost by a stray tap, and sound that waits for the player (issue 25), in real
Chromium on a 390×844 phone: "New match" during a match asks first (Keep playing keeps the
very same deal; confirming deals a new one), and the Sound setting of the Look panel, with
AudioContext instrumented to count how many the page makes: none before a tap, none while
Sound is off, one after a tap when it is on, and the setting survives a reload.
Screenshots of the question and of the Look panel land in test-artifacts/."""

from __future__ import annotations

import json

import pytest

from conftest import BOOT_TIMEOUT, ROOT, shared_page

READY = "window.__cardavia && window.__cardavia.ready === true"
YOURS = ".table-view[data-state=yours]"
ARTIFACTS = ROOT / "test-artifacts"
SEED = 5
SAVE_KEY = "cardavia.save.briscola.piacentine"

# every AudioContext the page makes is counted (the real one is still made and works)
COUNT_AUDIO = """
(() => {
  window.__audioMade = 0;
  const wrap = (Real) => Real && class extends Real { constructor(...a) { super(...a); window.__audioMade++; } };
  if (window.AudioContext) window.AudioContext = wrap(window.AudioContext);
  if (window.webkitAudioContext) window.webkitAudioContext = wrap(window.webkitAudioContext);
})();
"""


@pytest.fixture(scope="module")
def phone(browser):
    with shared_page(browser, {"width": 390, "height": 844}, init_script=COUNT_AUDIO) as page:
        yield page


def open_briscola(page, server, seed=SEED):
    page.goto(server.url + f"?seed={seed}&speed=instant&level=greedy#/game/briscola?deck=piacentine")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(YOURS, timeout=60_000)


def on_site(page, server, script: str) -> None:
    """Runs `script` (storage set-up) on the site's origin, before the table opens."""
    page.goto(server.url)  # a fresh document: the table's URL after it is a full load, not a hash change
    page.evaluate(script)


def saved_seed(page) -> int:
    return json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))["save"]["seed"]


def saved_log(page) -> list:
    return json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))["save"]["log"]


def hand(page) -> list[str]:
    return page.eval_on_selector_all(".hand button[data-card]", "bs => bs.map((b) => b.dataset.card)")


def audio_made(page) -> int:
    return page.evaluate("() => window.__audioMade")


def test_new_match_asks_first_keep_playing_keeps_the_deal(phone, server):
    page = phone
    on_site(page, server, f"() => localStorage.removeItem('{SAVE_KEY}')")
    open_briscola(page, server)
    assert saved_seed(page) == SEED
    dealt_hand, dealt_log = hand(page), saved_log(page)
    page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})  # one move: now there is something to lose
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{SAVE_KEY}')).save.log.length > {len(dealt_log)}", timeout=30_000)
    page.wait_for_selector(YOURS, timeout=30_000)
    before, played = hand(page), saved_log(page)
    assert len(played) > len(dealt_log)

    page.click(".table-view .new-match")
    dialog = page.locator("dialog.sheet[open]")
    dialog.wait_for(timeout=5_000)
    assert dialog.locator("h2").inner_text() == "Start a new match?"
    assert "cannot be resumed" in dialog.inner_text()
    # the safe answer has the focus: Enter or a second stray tap keeps the match
    assert page.evaluate("() => document.activeElement.classList.contains('confirm-no')")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "trust-new-match-confirm-390x844.png"))

    dialog.locator("button.confirm-no").click()
    page.wait_for_selector("dialog.sheet[open]", state="detached", timeout=5_000)
    page.wait_for_selector(YOURS, timeout=10_000)
    assert hand(page) == before and saved_log(page) == played  # the same deal, the move kept

    # Escape is "keep playing" too
    page.click(".table-view .new-match")
    dialog.wait_for(timeout=5_000)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.sheet[open]", state="detached", timeout=5_000)
    assert hand(page) == before and saved_log(page) == played

    # confirmed: a new match is dealt (the page's ?seed deals it again: the first position)
    page.click(".table-view .new-match")
    dialog.wait_for(timeout=5_000)
    dialog.locator("button.confirm-yes").click()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{SAVE_KEY}')).save.log.length < {len(played)}", timeout=30_000)
    page.wait_for_selector(YOURS, timeout=30_000)
    assert page.locator("dialog.sheet[open]").count() == 0
    assert saved_log(page) == dealt_log and hand(page) == dealt_hand


def test_no_audio_context_before_a_tap_and_one_after_when_sound_is_on(phone, server):
    page = phone
    on_site(page, server, f"() => {{ localStorage.removeItem('{SAVE_KEY}'); localStorage.removeItem('cardavia.sound'); }}")
    open_briscola(page, server)
    page.wait_for_timeout(300)
    assert audio_made(page) == 0  # the deal and the computer's moves made no sound
    page.mouse.click(195, 300)  # a tap on the board
    page.wait_for_function("() => window.__audioMade === 1", timeout=5_000)
    page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})  # play: still one context
    page.wait_for_selector(YOURS, timeout=30_000)
    assert audio_made(page) == 1


def test_sound_off_makes_no_audio_context_and_the_setting_survives_a_reload(phone, server):
    page = phone
    on_site(page, server, f"() => {{ localStorage.removeItem('{SAVE_KEY}'); localStorage.setItem('cardavia.sound', 'true'); }}")
    open_briscola(page, server)
    page.click(".look-summary")
    box = page.locator(".look-panel input.look-sound")
    assert box.is_checked()
    box.uncheck()  # a tap: the context it makes was asked for while Sound was still on
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(YOURS, timeout=60_000)
    page.mouse.click(195, 300)
    page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
    page.wait_for_selector(YOURS, timeout=30_000)
    page.click(".look-summary")
    box = page.locator(".look-panel input.look-sound")
    assert not box.is_checked()  # remembered across the reload
    assert audio_made(page) == 0  # taps and plays, Sound off: no AudioContext at all
    page.locator(".look-panel").screenshot(path=str(ARTIFACTS / "trust-look-panel-sound-390x844.png"))
    page.screenshot(path=str(ARTIFACTS / "trust-look-panel-390x844.png"))
    box.check()  # turning it on is itself a tap: the context comes now
    page.wait_for_function("() => window.__audioMade === 1", timeout=5_000)
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.click(".look-summary")
    assert page.locator(".look-panel input.look-sound").is_checked()


def test_an_embed_is_silent_unless_its_host_asks(phone, server):
    page = phone
    on_site(page, server, "() => localStorage.setItem('cardavia.sound', 'true')")
    for query, made in (("", 0), ("&sound=on", 1)):
        page.goto(server.url + f"embed.html?game=briscola&deck=piacentine&seed={SEED}&speed=instant{query}")
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        page.wait_for_selector(YOURS, timeout=60_000)
        page.mouse.click(100, 200)
        page.wait_for_timeout(200)
        assert audio_made(page) == made, query
