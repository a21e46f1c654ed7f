"""Hands that read at a glance and tricks that do not mislead (issue 25, items 1–3).

- On a 390×844 phone every card a player may tap, in all five games (Tarocchi and
  Minchiate at their discard steps, the longest hands), keeps an uncovered 24×24 target
  and its corner index uncovered: what a tap at those points hits is that card's button.
- On a 1280×800 desktop the whole hand is inside the window, unscrolled, in every phase
  of the tarot games (discard, declaration, play).
- In a four-seat trick the "led" label sits in the leader's own seat label, the trick's
  points badge covers no card and no label and sits on the winner's side, and Minchiate's
  kills are shown with the trick that made them (as the engine's meter scored them).

One browser context for the module; every deal is seeded."""

from __future__ import annotations

import pytest

from conftest import ROOT, shared_page
from helpers import GAMES, WAITING, open_table, snapshot

from cardavia.games.minchiate import MATTO, CARD_POINTS

ARTIFACTS = ROOT / "test-artifacts"
# seeds where the human deals, so that the hand is at its longest: Tarocchi's discard
# step holds 17 cards, Minchiate's 22
TAROCCHI_DISCARD = 5
MINCHIATE_DISCARD = 7


@pytest.fixture(scope="module")
def hpage(browser, server):
    with shared_page(browser, {"width": 390, "height": 844}) as page:
        yield page


def open_game(page, server, game, seed, size, speed="instant"):
    """The seeded deal by its deal link (a match of the same game in progress on this shared
    page is left first), scrolled to the top once the hand has been fitted."""
    open_table(page, server, game, seed, size=size, speed=speed, link=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)  # the hand is fitted again on the next frame after the chooser
    return snapshot(page)


def tap_first(page):
    """The first playable card, tapped where a thumb would: its uncovered top-left corner."""
    page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})


# Per card a tap reaches (playable, or refused: a tap on it says why): a 24×24 square at
# its top-left corner (5×5 points) and the centre of its corner index, each hit-tested;
# what a tap there reaches must be this card's button.
TARGETS_JS = """() => {
  const bad = [];
  for (const b of document.querySelectorAll('.hand button.card-btn:not([disabled])')) {
    const r = b.getBoundingClientRect();
    const mine = (x, y) => { const e = document.elementFromPoint(x, y); return !!e && e.closest('button') === b; };
    let hit = 0;
    for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) hit += mine(r.left + 1 + i * 5.5, r.top + 1 + j * 5.5);
    if (hit < 25) bad.push(`${b.dataset.card}: target ${hit}/25`);
    const idx = b.querySelector('use[data-index]'); // the drawn corner index (its <text> sits in <defs>)
    if (idx) {
      const q = idx.getBoundingClientRect();
      if (!mine(q.left + q.width / 2, q.top + q.height / 2)) bad.push(`${b.dataset.card}: index covered`);
    }
  }
  return { bad, enabled: document.querySelectorAll('.hand button.card-btn:not([disabled])').length,
           scrollX: document.documentElement.scrollWidth - document.documentElement.clientWidth };
}"""


@pytest.mark.parametrize("game", GAMES)
def test_every_playable_card_keeps_a_24px_target_and_its_index_on_a_phone(hpage, server, game):
    seed = {"tarocchi": TAROCCHI_DISCARD, "minchiate": MINCHIATE_DISCARD}.get(game, 5)
    snap = open_game(hpage, server, game, seed, (390, 844))
    if game in ("tarocchi", "minchiate"):
        assert snap["phase"] == "discard" and snap["your_turn"], "the seed no longer deals the human the discard"
    got = hpage.evaluate(TARGETS_JS)
    ARTIFACTS.mkdir(exist_ok=True)
    hpage.screenshot(path=str(ARTIFACTS / f"hand-{game}-390x844.png"))
    assert got["enabled"] == len(snap["hand"]) > 0  # on your turn every card takes a tap (refused ones say why)
    assert got["bad"] == [], got["bad"]
    assert got["scrollX"] <= 0


HAND_IN_WINDOW_JS = """() => {
  const vh = window.innerHeight, vw = document.documentElement.clientWidth;
  const out = [...document.querySelectorAll('.hand button.card-btn')].map((b) => [b.dataset.card, b.getBoundingClientRect()])
    .filter(([, r]) => r.top < 0 || r.bottom > vh + 0.5 || r.left < 0 || r.right > vw + 0.5)
    .map(([c, r]) => `${c} ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
  return { out, n: document.querySelectorAll('.hand button.card-btn').length, scrollY: window.scrollY };
}"""


@pytest.mark.parametrize("game,seed,phase", [
    ("tarocchi", TAROCCHI_DISCARD, "discard"), ("tarocchi", 1, "play"),
    ("minchiate", MINCHIATE_DISCARD, "discard"), ("minchiate", 1, "declare"),
])
def test_the_whole_tarot_hand_is_in_a_desktop_window(hpage, server, game, seed, phase):
    snap = open_game(hpage, server, game, seed, (1280, 800))
    assert snap["phase"] == phase and snap["your_turn"]
    got = hpage.evaluate(HAND_IN_WINDOW_JS)
    hpage.screenshot(path=str(ARTIFACTS / f"hand-{game}-{phase}-1280x800.png"))
    assert got["n"] == len(snap["hand"]) and got["scrollY"] == 0
    assert got["out"] == [], got["out"]


# While a trick is shown won: the badge's box against every trick card and every seat
# label (the led tag among them), and where the led tag sits.
TRICK_JS = """() => {
  const badge = document.querySelector('.trick .trick-points');
  if (!badge) return null;
  const b = badge.getBoundingClientRect();
  const meets = (r) => r.left < b.right - 0.5 && b.left < r.right - 0.5 && r.top < b.bottom - 0.5 && b.top < r.bottom - 0.5;
  const covered = [...document.querySelectorAll('.trick .card, .seat-info, .led-by')]
    .filter((e) => meets(e.getBoundingClientRect())).map((e) => e.dataset.card || e.className);
  const winner = document.querySelector('.trick .card.winner');
  return { covered, pos: badge.dataset.pos, winnerPos: winner && winner.dataset.pos, text: badge.innerText };
}"""

LED_JS = """() => {
  const led = document.querySelector('.led-by');
  if (!led || led.hidden) return null;
  const info = led.closest('.seat-info');
  return { text: led.textContent, who: info && info.querySelector('.who').textContent };
}"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_a_four_seat_trick_names_its_leader_at_his_seat_and_its_badge_covers_nothing(hpage, server, size):
    open_game(hpage, server, "tarocchi", 1, size, speed="slow")
    badges = leds = 0
    for _ in range(4):  # four of your plays: every seat leads or follows in them
        hpage.wait_for_selector(".table-view[data-state=yours]", timeout=60_000)
        snap = snapshot(hpage)
        led = hpage.evaluate(LED_JS)
        assert led is not None
        leader = snap["trick"][0]["seat"] if snap["trick"] else snap["leader"]
        # the tag sits in the leader's own label, beside the name (which it does not repeat)
        assert led["text"] == ("Led" if snap["trick"] else "To lead"), led
        assert (leader == snap["seat"]) == (led["who"] == "You")
        leds += 1
        tap_first(hpage)
        hpage.wait_for_selector(".trick .card.winner", timeout=30_000)
        got = hpage.evaluate(TRICK_JS)
        if got:
            badges += 1
            if got["covered"]:
                hpage.screenshot(path=str(ARTIFACTS / f"trick-covered-{size[0]}x{size[1]}.png"))
            assert got["covered"] == [], got
            assert got["pos"] == got["winnerPos"]
            if badges == 1:
                hpage.screenshot(path=str(ARTIFACTS / f"trick-tarocchi-{size[0]}x{size[1]}.png"))
        hpage.wait_for_function("!document.querySelector('.trick .card.winner')", timeout=30_000)
    assert leds == 4 and badges >= 3


def test_minchiate_tricks_show_the_kills_the_meter_scored(hpage, server):
    open_game(hpage, server, "minchiate", 3, (1280, 800))
    for _ in range(60):
        snap = snapshot(hpage)
        if snap["phase"] == "over" or hpage.locator("dialog[open]").count():
            break
        kills = {e["trick"]: sum(e["points"]) for e in snap["meter"]["events"] if e["kind"] == "kill"}
        if len(kills) >= 2:
            break
        if snap["phase"] == "declare":
            hpage.locator(".choices:not([hidden]) button.choice").last.click()
        else:
            tap_first(hpage)
        hpage.wait_for_selector(WAITING, timeout=60_000)
    snap = snapshot(hpage)
    kills = {e["trick"]: sum(e["points"]) for e in snap["meter"]["events"] if e["kind"] == "kill"}
    shown = hpage.evaluate("window.__cardavia.tricks")
    assert kills, "seed 3 made no kill in the tricks played"
    # the n-th trick shown is trick n of the deal; its kill is the meter's kill of trick n
    assert {i + 1: t.get("kill", 0) for i, t in enumerate(shown) if t.get("kill")} == kills
    # the badge's points: the counting cards the last trick added to its winner's pile (M19)
    last = snap["last_trick"]
    assert shown[-1]["seat"] == last["winner"]
    assert shown[-1]["points"] == sum(CARD_POINTS[x["card"]] for x in last["cards"] if x["card"] != MATTO)
