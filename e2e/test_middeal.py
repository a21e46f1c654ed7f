"""The table mid-deal, in every language, on every phone (issue 41): seeded deals of every
game of the engine's catalogue played by tapping, on a 390x844 and a 360x740 phone; at
every turn of yours, in each of the five languages, nothing scrolls sideways, every label
of the board (seat names, cards taken, Dealer, the discard tag, who led, the hand counts,
the trick's seat marks) lies inside the board and inside its own box, no two labels
overlap, and no badge covers a label or the coach's words; a refused card (at Tarocchi's
and Minchiate's discard step and in play) says why next to the hand, inside the screen,
in a live region.

A few turns per deal at instant speed: the layouts that break are the ones a deal reaches
within its first tricks (a side seat leads, the dealer's tags, a four-seat trick).
One page for the module: the engine boots once; languages change by the picker."""

from __future__ import annotations

import time

import pytest

from cardavia.traditions import catalogue
from conftest import ROOT, shared_page
from helpers import set_lang, snapshot

ART = ROOT / "test-artifacts"
LANGS = ("en", "it", "fa", "ar", "vi")
SIZES = ((390, 844), (360, 740))
# every playable game of the engine's catalogue, with its first deck
GAMES = [(gid, g["decks"][0]) for gid, g in catalogue()["games"].items() if g["playable"]]
# seeds that reach the steps that break: you deal Tarocchi (5: the discard step, then refusals in play) and
# Minchiate (7: the discard step); the others deal a plain hand
SEEDS = {"tarocchi": 5, "minchiate": 7}
TURNS = 5  # turns of yours checked per deal
WAITING = ".table-view[data-state=yours], .table-view[data-state=over], dialog[open]"

# What is wrong with the board as it is on screen now (a list of sentences).
PROBLEMS = """() => {
  const out = [];
  const vw = innerWidth;
  const s = document.scrollingElement;
  if (s.scrollWidth > vw) out.push(`the page is ${s.scrollWidth} px wide on a ${vw} px screen`);
  const board = document.querySelector('.table-view .board');
  if (!board) return ['no board'];
  const b = board.getBoundingClientRect();
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const name = (e) => `${e.className} "${(e.textContent || '').trim().slice(0, 40)}"`;
  const labels = [...board.querySelectorAll('.seat-info > *, .hidden-hand .count, .trick .seat-mark, .trick-points')].filter(shown);
  for (const e of labels) {
    const r = e.getBoundingClientRect();
    if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.left < -0.5 || r.right > vw + 0.5)
      out.push(`${name(e)} at ${Math.round(r.left)}..${Math.round(r.right)} leaves the board ${Math.round(b.left)}..${Math.round(b.right)}`);
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).display !== 'inline')
      out.push(`${name(e)}: its text is ${e.scrollWidth} px in a ${e.clientWidth} px box`);
  }
  const meet = (p, q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1;
  for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) {
    const [p, q] = [labels[i], labels[j]];
    if (p.contains(q) || q.contains(p)) continue;
    if (meet(p.getBoundingClientRect(), q.getBoundingClientRect())) out.push(`${name(p)} overlaps ${name(q)}`);
  }
  const words = [...document.querySelectorAll('.coach-line, .coach-do, .choices .choice-title')].filter(shown).concat(labels);
  for (const f of [...board.querySelectorAll('.flash:not(.gone)')].filter(shown)) {
    for (const w of words) if (meet(f.getBoundingClientRect(), w.getBoundingClientRect())) out.push(`the badge ${name(f)} covers ${name(w)}`);
  }
  return out;
}"""

# The live region that says why the card just tapped was refused, and where it is.
REASON = """(title) => {
  const live = [...document.querySelectorAll('[aria-live], [role=status], [role=alert]')]
    .filter((e) => title && (e.textContent || '').includes(title) && e.getBoundingClientRect().height > 0);
  if (!live.length) return null;
  const e = live[live.length - 1], r = e.getBoundingClientRect();
  return {text: e.textContent.trim(), top: r.top, bottom: r.bottom, left: r.left, right: r.right, vh: innerHeight, vw: innerWidth,
    live: e.getAttribute('aria-live') || e.getAttribute('role')};
}"""


@pytest.fixture(scope="module")
def phone(browser, server):
    # every table opens on its seed's new deal, never on another test's autosave
    clear_saves = "try { for (const k of Object.keys(localStorage)) if (k.startsWith('cardavia.save.')) localStorage.removeItem(k); } catch {}"
    with shared_page(browser, {"width": 390, "height": 844}, clear_saves) as page:
        yield page


def open_deal(page, server, game, deck, seed, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto("about:blank")
    page.goto(server.url + f"?speed=instant&level=random&seed={seed}&lang=en#/game/{game}?deck={deck}")
    page.wait_for_function(f"window.__cardavia && window.__cardavia.snapshot && window.__cardavia.snapshot.seed === {seed}", timeout=90_000)
    page.wait_for_selector(WAITING, timeout=60_000)


def check(page, where: str) -> None:
    problems = page.evaluate(PROBLEMS)
    assert problems == [], f"{where}: {problems}"


def refused_card(snap) -> str | None:
    """A card of the hand the engine refuses now (in play or at the discard step)."""
    if snap["phase"] == "play":
        return sorted((snap.get("play_blocks") or {}))[0] if snap.get("play_blocks") else None
    if snap["phase"] == "discard":
        blocked = snap.get("discard_blocks") or {}
        return sorted(blocked)[0] if blocked else None
    return None


def tap_refused(page, card: str, where: str) -> dict:
    """Taps a refused card as a player does: its reason is said in a live region, whole on the screen."""
    button = page.locator(f'.hand button[data-card="{card}"]')
    assert button.get_attribute("aria-disabled") == "true", where
    title = button.get_attribute("title")
    assert title, f"{where}: the refused card {card} carries no reason"
    before = snapshot(page)
    button.click(position={"x": 8, "y": 14}, force=True)
    page.wait_for_function(REASON, arg=title, timeout=5_000)
    got = page.evaluate(REASON, title)
    assert got["live"] in ("polite", "status", "assertive", "alert"), got
    assert got["top"] >= -0.5 and got["bottom"] <= got["vh"] + 0.5 and got["left"] >= -0.5 and got["right"] <= got["vw"] + 0.5, \
        f"{where}: the reason {got['text']!r} is at {got['top']:.0f}..{got['bottom']:.0f} on a {got['vh']} px tall screen"
    after = snapshot(page)
    assert after["hand"] == before["hand"], "a refused card is never played"
    return got


def play_one(page, snap) -> None:
    """One legal move by tapping, as the coachless player would: the first card the engine allows."""
    page.evaluate("window.__mark = window.__cardavia.snapshot")
    legal = snap["legal"]
    if snap["phase"] == "discard" and legal and legal[0].get("cards"):
        for card in legal[0]["cards"]:
            page.locator(f'.hand button[data-card="{card}"]').click(position={"x": 8, "y": 14})
        page.locator(".choices.discard-box button.choice.primary").click()
    elif snap["phase"] == "declare":
        page.locator(".choices.declare-box button.declare-go").click()
    else:
        page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
        choices = page.locator(".choices:not([hidden]) button.choice")
        if choices.count():
            choices.first.click()
    page.wait_for_function("window.__cardavia.snapshot !== window.__mark", timeout=30_000)
    page.wait_for_selector(WAITING, timeout=60_000)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game,deck", GAMES)
def test_the_table_mid_deal_reads_whole_in_every_language(phone, server, game, deck, size):
    page = phone
    start = time.monotonic()
    seed = SEEDS.get(game, 7)
    open_deal(page, server, game, deck, seed, size)
    refused = set()  # (phase) whose refusal was tapped in every language
    turns = 0
    while turns < TURNS and not page.locator("dialog[open]").count():
        snap = snapshot(page)
        if not snap["your_turn"]:
            break
        card = refused_card(snap)
        tap = card is not None and snap["phase"] not in refused
        for code in LANGS:
            set_lang(page, code)
            where = f"{game} {size[0]}x{size[1]} {code}, turn {turns + 1} ({snap['phase']})"
            check(page, where)
            if tap:
                tap_refused(page, card, where)
                check(page, where + ", a card refused")
        if tap:
            refused.add(snap["phase"])
        set_lang(page, "en")
        play_one(page, snap)
        turns += 1
    assert turns >= 3, f"{game}: only {turns} turns of yours"
    print(f"\n{game} {size}: {turns} turns, refusals tapped in {sorted(refused)}, {time.monotonic() - start:.1f} s")
