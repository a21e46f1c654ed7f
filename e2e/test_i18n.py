"""Languages in real Chromium: the selector, the browser's language, ?lang= (also on
embed.html), persistence; Persian and Arabic right to left with a whole Scopa deal
played by clicking and the score sheet in the locale's digits; the rules of every game
in every language. Screenshots land in test-artifacts/ (git-ignored)."""

from __future__ import annotations

import re

import pytest

from conftest import BOOT_TIMEOUT, ROOT, close_context
from helpers import GAMES, READY, WAITING, play_until_sheet, table_url

FAST = "?speed=instant&level=greedy"
ARTIFACTS = ROOT / "test-artifacts"
DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹", "ar": "٠١٢٣٤٥٦٧٨٩"}
LANGS = ("en", "it", "fa", "ar", "vi")
ISOLATES = "\u2066\u2067\u2068\u2069"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def local_int(text: str, lang: str) -> int:
    """'۱۲' → 12; fails on Latin digits or anything else."""
    text = text.strip().strip(ISOLATES)
    assert text and all(ch in DIGITS[lang] for ch in text), f"{text!r} is not written in {lang} digits"
    return int("".join(str(DIGITS[lang].index(ch)) for ch in text))


def catalogue(page, lang: str) -> dict:
    return page.evaluate(f"fetch('i18n/{lang}.json').then(r => r.json())")


@pytest.mark.parametrize("lang", ["fa", "ar"])
def test_rtl_scopa_deal_with_local_digits_on_the_score_sheet(page, server, lang):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.url + table_url("scopa", 21, deck="siciliane", lang=lang))
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    html = page.locator("html")
    assert html.get_attribute("dir") == "rtl" and html.get_attribute("lang") == lang
    msgs = catalogue(page, lang)
    # the chrome mirrors: the side panel sits left of the board, text starts on the right
    board = page.locator(".board").bounding_box()
    side = page.locator(".side").bounding_box()
    assert side["x"] + side["width"] <= board["x"] + 1
    assert page.locator(".side").evaluate("e => getComputedStyle(e).direction") == "rtl"
    # ...but the board (physical seats) and the card faces never mirror
    assert page.locator(".board").evaluate("e => getComputedStyle(e).direction") == "ltr"
    assert page.locator(".hand .card svg").first.evaluate("e => getComputedStyle(e).transform") == "none"
    hand = page.get_by_role("region", name=msgs["table.your_hand"])
    labels = hand.get_by_role("button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    suits = [msgs[f"suit.{s}"] for s in "CDSB"]
    assert len(labels) == 3 and all(any(s in label for s in suits) for label in labels), labels
    assert not any(re.search(r"[0-9A-Za-z]", label) for label in labels), labels
    shot(page, f"{lang}-scopa-table")

    moves = play_until_sheet(page)
    assert moves == 18
    log = page.get_by_role("log").locator("li").all_inner_texts()
    assert log and not any(re.search(r"[0-9]", line) for line in log), log
    sheet = page.evaluate("window.__cardavia.snapshot")["sheets"][-1]
    dialog = page.locator("dialog[open]")
    title = re.sub(f"[{ISOLATES}]", "", dialog.locator("h2").inner_text())
    assert title == msgs["sheet.title"].replace("{deal}", DIGITS[lang][1])
    totals = dialog.locator("[data-total-team]").all_inner_texts()
    assert [local_int(t, lang) for t in totals] == sheet["totals"]
    rows = dialog.locator("tbody tr[data-key]")
    assert rows.count() == len({line["key"] for line in sheet["lines"]})
    for team, total in enumerate(sheet["totals"]):
        cells = rows.locator(f"td:nth-of-type({team + 1})").all_inner_texts()
        assert sum(local_int(c, lang) for c in cells) == total
    match = dialog.locator("[data-match-team]").all_inner_texts()
    assert [local_int(t, lang) for t in match] == sheet["totals"]
    assert dialog.evaluate("e => getComputedStyle(e).direction") == "rtl"
    shot(page, f"{lang}-scopa-score-sheet")
    dialog.get_by_role("button", name=msgs["sheet.continue"]).click()
    page.wait_for_function("window.__cardavia.snapshot.deal === 2")


def test_browser_language_selector_persistence_and_url_parameter(browser, server, watch):
    ctx = browser.new_context(locale="it-IT", viewport={"width": 1100, "height": 800})
    watch.attach_context(ctx)
    try:
        page = ctx.new_page()
        watch.attach(page)
        page.goto(server.url)
        page.wait_for_selector(".tradition")
        assert page.locator("html").get_attribute("lang") == "it"  # the browser's language
        assert page.locator("h1").inner_text() == "Tradizioni di carte"
        assert "Piacenza · Emilia-Romagna · Italia" in page.locator(".tradition").first.inner_text()
        assert "40 carte" in page.locator(".tradition").first.inner_text()
        # Wikipedia in the reader's language where an article exists, English otherwise
        wiki = page.locator(".tradition a.wiki").first
        assert wiki.get_attribute("href").startswith("https://it.wikipedia.org/") and wiki.get_attribute("hreflang") == "it"
        # the selector is in the top bar on every page, offers the five languages by their own names
        select = page.get_by_role("combobox", name="Lingua")
        options = select.locator("option").all_inner_texts()
        assert options == ["English", "Italiano", "فارسی", "العربية", "Tiếng Việt"]
        select.select_option("vi")  # in place: no navigation
        page.wait_for_function("document.documentElement.lang === 'vi'")
        page.wait_for_selector(".tradition")
        assert page.locator(".tradition a.wiki").first.get_attribute("href").startswith("https://en.wikipedia.org/")
        assert page.locator("h1").inner_text() == "Truyền thống bài"
        page.reload()  # persisted
        page.wait_for_selector(".tradition")
        assert page.locator("html").get_attribute("lang") == "vi"
        # ?lang= wins over the saved choice, and the choice made there keeps the parameter
        page.goto(server.url + "?lang=ar#/tradition/piacentine")
        page.wait_for_selector(".game-card")
        assert page.locator("html").get_attribute("dir") == "rtl"
        assert "٤٠ ورقة" in page.locator(".tradition-head").inner_text()
        page.get_by_role("combobox", name="اللغة").select_option("en")
        page.wait_for_function("document.documentElement.dir === 'ltr'")
        page.wait_for_selector(".game-card")
        assert "lang=en" in page.url and page.locator("html").get_attribute("dir") == "ltr"
        # embed.html takes ?lang= too
        page.goto(server.url + "embed.html?game=scopa&deck=siciliane&speed=instant&seed=23&lang=fa")
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        assert page.locator("html").get_attribute("dir") == "rtl"
        assert page.locator(".open-full").inner_text() == "باز کردن در کارداویا"
        shot(page, "fa-embed")
        page.goto(server.url + "embed.html?game=nope&lang=it")
        page.wait_for_selector(".embed-message")
        assert page.locator(".embed-message").inner_text().startswith("Gioco sconosciuto «nope»")
    finally:
        close_context(ctx)


def test_rules_of_all_five_games_in_every_language(page, server):
    page.goto(server.url)
    page.wait_for_selector(".tradition")
    site = page.evaluate("fetch('data/site.json').then(r => r.json())")["catalogue"]
    expected_en = {
        "briscola": "2 players · You vs AI · Single deal",
        "briscola4": "4 players · You and an AI partner vs two AI opponents · One deal",
        "scopa": "2 players · You vs AI · Match to 11",
        "cicera": "4 players · You and an AI partner vs two AI opponents · One deal",
        "tarocchi": "4 players · You and an AI partner vs two AI opponents · One deal",
        "minchiate": "4 players · You and an AI partner vs two AI opponents · One deal",
        "scopone": "4 players · You and an AI partner vs two AI opponents · Match to 11",
        "tressette": "2 players · You vs AI · Match to 21",
        "tressette4": "4 players · You and an AI partner vs two AI opponents · Match to 31",
    }
    for lang in LANGS:
        page.goto(server.url + f"?lang={lang}#/")
        page.wait_for_selector(".tradition")
        msgs = catalogue(page, lang)
        sections = [msgs[f"rules.{s}"] for s in ("objective", "setup", "turn", "scoring")]
        for game in GAMES:
            deck = site["games"][game]["decks"][0]
            page.evaluate(f"location.hash = '#/game/{game}?deck={deck}&tab=rules'")
            page.wait_for_selector(f"#panel-rules:not([hidden]) .rules >> nth=0")
            page.wait_for_function(f"document.title.includes({msgs[f'game.{game}.name']!r})")
            rules = page.locator("#panel-rules")
            header = rules.locator(".rules-header").inner_text().replace("\u2067", "").replace("\u2068", "").replace("\u2069", "")
            if lang == "en":
                assert header == expected_en[game]
            players = site["games"][game]["players"]
            digit = DIGITS[lang][players] if lang in DIGITS else str(players)
            assert header.startswith(digit) or (lang == "ar" and header.startswith("لاعبان")), header  # Arabic dual
            assert rules.locator("h2").all_inner_texts() == sections
            items = rules.locator("section > ul > li").all_inner_texts()  # not the figures' card slots
            assert len(items) >= 6 and all(len(i) > 10 for i in items), (lang, game)
            # the words, the figures' captions and points included; not the faces' printed indices
            text = rules.evaluate("r => { const c = r.cloneNode(true); c.querySelectorAll('svg').forEach(s => s.remove()); return c.textContent; }")
            assert "{" not in text and "rules." not in text
            if lang in DIGITS:
                assert not re.search(r"[0-9]", text), (lang, game)
            if lang == "fa" and game == "scopa":
                shot(page, "fa-rules-scopa")
            if lang == "ar" and game == "tarocchi":
                shot(page, "ar-rules-tarocchi")


@pytest.mark.parametrize("lang,deck,eight", [("it", "piacentine", "Fante"), ("it", "siciliane", "Donna"),
                                             ("fa", "siciliane", "بی\u200cبی"), ("vi", "piacentine", "Bồi")])
def test_the_court_worth_eight_is_named_after_the_deck(page, server, lang, deck, eight):
    page.goto(server.url + f"?lang={lang}#/game/scopa?deck={deck}&tab=rules")
    page.wait_for_selector("#panel-rules:not([hidden]) .rules")
    setup = page.locator("#panel-rules section").nth(1).inner_text()
    assert eight in setup


@pytest.mark.parametrize("lang", ["fa", "ar"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_rtl_pages_fit_the_screen(browser, server, watch, lang, size):
    """No horizontal scrolling on the home, game and rules pages (screenshots for review)."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    watch.attach_context(ctx)
    try:
        page = ctx.new_page()
        watch.attach(page)
        for name, route in (("home", "#/"), ("tradition", "#/tradition/piacentine"),
                            ("rules", "#/game/cicera?deck=bresciane&tab=rules"),
                            ("table", "#/game/cicera?deck=bresciane")):
            page.goto(server.url + FAST + f"&seed=22&lang={lang}" + route)  # the table's deal: seed 22
            page.wait_for_selector("main .page")
            if name == "table":
                page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 1, f"{name}: {overflow}px of horizontal overflow"
            shot(page, f"{lang}-{name}-{size[0]}x{size[1]}")
    finally:
        close_context(ctx)


LABELS_JS = """() => {
  // by accessible name: the cheat sheet's "?" is named by its aria-label
  const pick = (sel) => [...document.querySelectorAll(sel)].map((e) => (e.getAttribute('aria-label') || e.innerText).trim()).filter(Boolean);
  return {
    tabs: pick('[role=tab]'), status: pick('.turn-status'), buttons: pick('.table-view .controls .btn'),
    level: pick('.table-view .controls option'), seats: pick('.table-view .seat-info .who'),
    log: pick('.table-view .log li'), tallies: pick('.table-view .tally'), nav: pick('.topbar nav a'),
    hand: [...document.querySelectorAll('.hand button')].map((b) => b.getAttribute('aria-label')),
    cards: [...document.querySelectorAll('.hand button')].map((b) => b.dataset.card),
  };
}"""


def test_language_changes_in_place_mid_game(page, server):
    """Choosing another language re-draws the page from the catalogue: no navigation,
    no new engine boot, the same position, and every label of the table in the new words."""
    page.goto(server.url + "?speed=instant&level=greedy&seed=11#/game/scopa?deck=siciliane")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(".table-view[data-state=yours]")
    page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
    choices = page.locator(".choices:not([hidden]) button.choice")
    if choices.count():
        choices.first.click()
    page.wait_for_selector(".table-view[data-state=yours]")
    page.evaluate("window.__sameDocument = true")
    before_snap = page.evaluate("JSON.stringify(window.__cardavia.snapshot)")
    before = page.evaluate(LABELS_JS)
    booted_at = page.evaluate("window.__cardavia.timings && window.__cardavia.timings.total")
    assert before["log"] and before["tallies"] and before["hand"]

    page.locator("#settings-lang").select_option("fa")
    page.wait_for_function("document.documentElement.lang === 'fa'")
    page.wait_for_selector(".table-view[data-state=yours]")
    assert page.evaluate("window.__sameDocument === true"), "the page navigated"
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.evaluate("window.__cardavia.timings && window.__cardavia.timings.total") == booted_at
    assert page.evaluate("JSON.stringify(window.__cardavia.snapshot)") == before_snap
    after = page.evaluate(LABELS_JS)
    assert after["cards"] == before["cards"], "the same hand"
    for key in ("tabs", "status", "buttons", "level", "seats", "log", "tallies", "nav", "hand"):
        assert len(after[key]) == len(before[key]), key
        same = [(a, b) for a, b in zip(before[key], after[key]) if a == b]
        assert same == [], f"{key} kept English: {same}"
    # and the game goes on
    page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
    page.wait_for_selector(WAITING, timeout=30_000)
    assert page.evaluate("JSON.stringify(window.__cardavia.snapshot)") != before_snap
