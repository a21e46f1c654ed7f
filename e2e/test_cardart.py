"""The card art in real Chromium: every tradition page draws its whole deck (Minchiate's 97
cards included) with a distinct accessible name per card, one court figure per rank, the
cards each game strips out or scores marked as the engine's data says, la Matta named as
the rules name it; Scopa's table labels its courts 8, 9, 10 while Cicera keeps F, C, R
beside its own 8, 9, 10; faces never mirror right to left. Screenshots of each deck page
(phone 390×844 and desktop) and of a Scopa hand land in test-artifacts/."""

from __future__ import annotations

import json

import pytest

from conftest import BOOT_TIMEOUT, DIST, ROOT
from helpers import TRADITIONS

ARTIFACTS = ROOT / "test-artifacts"
READY = "window.__cardavia && window.__cardavia.ready === true"
WAITING = ".table-view[data-state=yours], .table-view[data-state=over], dialog[open]"
VIEWPORTS = {"phone": (390, 844), "desktop": (1280, 900)}

# The corner index each rendered face shows: its <use data-index> draws a <text> kept in <defs>.
LABELS_JS = """(root) => [...root.querySelectorAll('[data-card]')].map((e) => {
  const use = e.querySelector('use[data-index]');
  const t = use && document.getElementById(use.getAttribute('href').slice(1));
  return [e.dataset.card, t ? t.textContent : null];
})"""
# A court's structure: the figure's class and the tag of every element drawn in it.
COURT_SHAPE_JS = """(e) => { const c = e.querySelector('svg .court');
  return c ? [...c.querySelectorAll('[class^=court-]')].map(x => x.getAttribute('class')).join() + '|' +
    [...c.querySelectorAll('*')].map(x => x.tagName).join() : null; }"""


@pytest.fixture(scope="module")
def site():
    return json.loads((DIST / "data" / "site.json").read_text(encoding="utf-8"))


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def open_tradition(page, server, deck: str, size=(1280, 900), query: str = "") -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.url + query + f"#/tradition/{deck}")
    page.wait_for_selector(".whole-deck[data-drawn] .deck-card")  # every face drawn (app.js drawDeck)


@pytest.mark.parametrize("deck", TRADITIONS)
def test_the_whole_deck_of_each_tradition_with_distinct_names_and_marks(page, server, site, deck):
    open_tradition(page, server, deck)
    cards = page.locator(".whole-deck .deck-card")
    engine_deck = site["cards"]["decks"][deck]["cards"]
    assert cards.evaluate_all("cs => cs.map(c => c.dataset.card)") == engine_deck
    assert cards.count() == next(t["cards"] for t in site["catalogue"]["traditions"] if t["id"] == deck)
    names = cards.evaluate_all("cs => cs.map(c => c.querySelector('[role=img]').getAttribute('aria-label'))")
    assert all(names) and len(set(names)) == len(names), [n for n in names if names.count(n) > 1]
    # every face drawn: an <svg> per card, with its own corner index (the Matto has none)
    labels = dict(page.locator(".whole-deck").evaluate(LABELS_JS))
    assert set(labels) == set(engine_deck)
    assert all(labels[c] for c in engine_deck if c != "T0"), [c for c in engine_deck if not labels[c]]
    # the first game's marks are the engine's: stripped cards crossed, scoring cards badged
    game = site["cards"]["games"][next(t for t in site["catalogue"]["traditions"] if t["id"] == deck)["games"][0]]
    stripped = set(page.locator(".deck-card.stripped").evaluate_all("cs => cs.map(c => c.dataset.card)"))
    assert stripped == set(game["stripped"][deck])
    badges = dict(page.locator(".deck-card.scoring").evaluate_all(
        "cs => cs.map(c => [c.dataset.card, c.querySelector('.points-badge').textContent])"))
    assert badges == {c: str(v) for c, v in game["points"].items() if c not in stripped}
    for name, (w, h) in VIEWPORTS.items():
        page.set_viewport_size({"width": w, "height": h})
        page.locator(".whole-deck").scroll_into_view_if_needed()
        shot(page, f"deck-{deck}-{name}")


@pytest.mark.parametrize("deck", TRADITIONS)
def test_each_court_rank_has_its_own_figure(page, server, site, deck):
    open_tradition(page, server, deck)
    ranks = [r for r in ("J", "Q", "N", "K") if r in site["cards"]["decks"][deck]["labels"]]
    for suit in "CDSB":
        shapes = {r: page.locator(f'.deck-card[data-card="{r}{suit}"]').evaluate(COURT_SHAPE_JS) for r in ranks}
        assert all(shapes.values()), shapes
        assert len(set(shapes.values())) == len(ranks), (deck, suit, shapes.keys())
    # Minchiate: a Fantina in Cups and Coins, a Fante in Swords and Batons
    if deck == "minchiate":
        for suit, figure in (("C", "court-maid"), ("D", "court-maid"), ("S", "court-page"), ("B", "court-page")):
            assert page.locator(f'.deck-card[data-card="J{suit}"] svg .{figure}').count() == 1, suit


def test_minchiate_draws_97_cards_with_titles_and_its_25_counting_cards(page, server, site):
    open_tradition(page, server, "minchiate")
    assert page.locator(".whole-deck .deck-card svg.card-art").count() == 97
    trumps = page.locator(".deck-group").first
    assert trumps.locator(".deck-card").count() == 41
    texts = trumps.locator('.deck-card[data-card="T38"] svg defs > text').all_text_contents()
    assert "Sole" in texts and "38" in texts
    assert "Il Matto" in trumps.locator('.deck-card[data-card="T0"] svg defs > text').all_text_contents()
    for n in range(41):  # a silhouette on every trump
        assert trumps.locator(f'.deck-card[data-card="T{n}"] svg path').count() >= 1, n
    assert page.locator(".deck-card.scoring").count() == 25
    assert "game-icons.net (CC BY 3.0)" in page.locator(".whole-deck .art-credit").inner_text()
    assert page.locator('.deck-card[data-card="T36"] [role=img]').get_attribute("aria-label") == \
        "Trump 36, worth 10 in Minchiate"


def test_the_piacentine_deck_as_briscola_or_scopa_counts_it(page, server):
    open_tradition(page, server, "piacentine")
    deck = page.locator(".whole-deck")
    assert deck.get_attribute("data-game") == "briscola"
    assert deck.locator(".art-credit").count() == 0  # no borrowed pictures in this deck
    labels = dict(deck.evaluate(LABELS_JS))
    assert (labels["JC"], labels["NC"], labels["KC"]) == ("F", "C", "R")
    page.get_by_role("button", name="Scopa").click()
    page.wait_for_selector(".whole-deck[data-game=scopa][data-drawn]")
    deck = page.locator(".whole-deck[data-game=scopa]")
    labels = dict(deck.evaluate(LABELS_JS))
    assert (labels["JC"], labels["NC"], labels["KC"], labels["7D"]) == ("8", "9", "10", "7")
    assert page.locator(".deck-card.scoring").evaluate_all("cs => cs.map(c => c.dataset.card)") == ["7D"]
    assert page.get_by_role("button", name="Scopa").get_attribute("aria-pressed") == "true"


def test_la_matta_reads_as_the_rules_write_it(page, server):
    open_tradition(page, server, "bresciane")
    texts = page.locator('.deck-card[data-card="2S"] svg defs > text').all_text_contents()
    assert "la Matta" in texts and "LA MATA" not in texts


def table_labels(page) -> dict:
    return dict(page.locator(".table-view").evaluate(LABELS_JS))


def play_until(page, seen: dict, want, max_moves: int = 40) -> None:
    """Click the first playable card until `want(seen)` holds, collecting every face's label."""
    for _ in range(max_moves):
        page.wait_for_selector(WAITING, timeout=30_000)
        seen.update(table_labels(page))
        if want(seen) or page.locator("dialog[open]").count():
            return
        page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
        choices = page.locator(".choices:not([hidden]) button.choice")
        if choices.count():
            choices.first.click()


@pytest.mark.parametrize("deck,eight", [("piacentine", "J"), ("siciliane", "Q")])
def test_scopa_table_labels_courts_8_9_10(page, server, deck, eight):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + f"?speed=instant&level=greedy&seed=3#/game/scopa?deck={deck}")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(WAITING, timeout=30_000)
    if deck == "piacentine":
        shot(page, "table-scopa-piacentine-phone")  # the first hand, at phone size
    seen: dict = {}
    courts = lambda s: {c[:-1] for c in s if c[:-1] in (eight, "N", "K")}  # noqa: E731
    play_until(page, seen, lambda s: courts(s) == {eight, "N", "K"})
    assert courts(seen) == {eight, "N", "K"}, seen
    want = {eight: "8", "N": "9", "K": "10", "A": "1", **{str(n): str(n) for n in range(2, 8)}}
    assert seen == {c: want[c[:-1]] for c in seen}


def test_cicera_table_keeps_court_letters_beside_its_own_8_9_10(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "?speed=instant&level=greedy&seed=7#/game/cicera?deck=bresciane")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(WAITING, timeout=30_000)
    shot(page, "table-cicera-bresciane-phone")  # a 12-card hand, at phone size
    seen = table_labels(page)  # 12 cards in hand, and the table
    want = {"J": "F", "N": "C", "K": "R", "A": "1", **{str(n): str(n) for n in range(2, 11)}}
    assert len(seen) >= 12
    assert seen == {c: want[c[:-1]] for c in seen}
    assert {c[:-1] for c in seen} & {"J", "N", "K"}


def test_card_faces_never_mirror_right_to_left(page, server):
    open_tradition(page, server, "piacentine", query="?lang=ar")
    assert page.locator("html").get_attribute("dir") == "rtl"
    transforms = page.locator(".whole-deck .deck-card .card").evaluate_all(
        "cs => cs.map(c => [getComputedStyle(c).transform, getComputedStyle(c.querySelector('svg')).transform])")
    assert {t for pair in transforms for t in pair} == {"none"}
    # the corner index stays in the top-left corner of the face
    box = page.locator('.deck-card[data-card="KC"] svg use[data-index]').first.bounding_box()
    card = page.locator('.deck-card[data-card="KC"] svg').bounding_box()
    assert box["x"] - card["x"] < card["width"] / 3
