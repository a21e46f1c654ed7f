"""The table as a player feels it: phone fit for every game, focus shown only for the
keyboard, tricks that read at a glance (winner, points, last card, the trump whole),
nothing lost on reload, and live tallies that equal the counts of the captured piles.

One browser context for the module: the service worker and the engine boot once, and
each test moves between games by the address (as a player does)."""

from __future__ import annotations

import pytest

from conftest import BOOT_TIMEOUT, ROOT, shared_page, close_context
from helpers import GAMES, READY, WAITING, open_table

YOURS = ".table-view[data-state=yours]"
PHONE, DESK = (390, 844), (1100, 800)
# Every table is opened by its seed's deal link (helpers.open_table(link=True)): the module's
# page is shared, and a plain ?seed= would restore the previous test's match of that game.
ARTIFACTS = ROOT / "test-artifacts"
TAROCCHI_YOU_DEAL = 259  # a seed where the human deals (the discard step)


@pytest.fixture(scope="module")
def table_page(browser, server):
    with shared_page(browser, {"width": 390, "height": 844}) as page:
        yield page


def play_first(page):
    page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
    choices = page.locator(".choices:not([hidden]) button.choice")
    if choices.count():
        choices.first.click()


FIT_JS = """() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const out = [];
  const check = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) out.push(`${what} ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
  };
  check(document.querySelector('.board'), 'board');
  document.querySelectorAll('.hand .card-btn').forEach((b) => check(b, 'card ' + b.dataset.card));
  document.querySelectorAll('.table-view .controls .btn, .table-view .controls select').forEach((b) => {
    if (!b.getClientRects().length) return; // not shown at this width (the ⚙ under 381 px)
    check(b, 'control ' + b.className);
    const r = b.getBoundingClientRect(), box = b.closest('.controls').getBoundingClientRect();
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) out.push(`control ${b.className} past its panel: ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)}`);
  });
  document.querySelectorAll('.choices:not([hidden]) button').forEach((b) => check(b, 'choice ' + b.textContent));
  return { outside: out, scrollX: document.documentElement.scrollWidth - vw };
}"""


FIT_SIZES = [(360, 740), (390, 844), (1280, 800)]


@pytest.mark.parametrize("game", list(GAMES) + ["tarocchi-discard"])
def test_phone_fit(table_page, server, game):
    """Board, the whole hand and the action buttons on screen, no horizontal scroll: on two
    phones and a desktop window. The table is dealt on the narrowest phone and then shown at
    each size in turn, as a phone turned or a window resized shows it."""
    page = table_page
    gid = "tarocchi" if game == "tarocchi-discard" else game
    seed = TAROCCHI_YOU_DEAL if game == "tarocchi-discard" else 5
    open_table(page, server, gid, seed, size=FIT_SIZES[0], link=True)
    ARTIFACTS.mkdir(exist_ok=True)
    for size in FIT_SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        if game == "tarocchi-discard":
            page.wait_for_selector(".discard-box")
        else:
            page.wait_for_selector(YOURS)
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        page.evaluate("window.scrollTo(0, 0)")
        fit = page.evaluate(FIT_JS)
        page.screenshot(path=str(ARTIFACTS / f"table-{game}-{size[0]}x{size[1]}.png"))
        where = f"{game} at {size[0]}x{size[1]}"
        assert fit["scrollX"] <= 0, f"{where}: horizontal scroll of {fit['scrollX']} px"
        assert fit["outside"] == [], f"{where}: {fit['outside']}"


def test_focus_ring_only_for_keyboard_players(table_page, server):
    page = table_page
    open_table(page, server, "briscola", 3, size=PHONE, link=True)
    page.wait_for_selector(YOURS)
    play_first(page)
    page.wait_for_selector(YOURS)
    ringed = "[...document.querySelectorAll('.hand button')].filter((b) => b.matches(':focus-visible')).length"
    assert page.evaluate(ringed) == 0, "a card shows a focus ring after a mouse play"
    page.keyboard.press("Tab")
    for _ in range(30):
        if page.evaluate("document.activeElement && document.activeElement.matches('.hand button')"):
            break
        page.keyboard.press("Tab")
    assert page.evaluate(ringed) == 1, "Tab shows where the focus is"


def card_points(card: str) -> int:
    return {"A": 11, "3": 10, "K": 4, "N": 3, "J": 2}.get(card[:-1], 0)


def test_trick_shows_winner_points_and_the_whole_trump(table_page, server):
    page = table_page
    open_table(page, server, "briscola", 21, speed="slow", size=DESK, link=True)
    page.wait_for_selector(YOURS)
    # the face-up trump is whole: not covered by the stock and not cut below a readable size
    trump = page.locator(".stock .trump-card")
    box = trump.bounding_box()
    assert box["width"] >= 40 and box["height"] >= 66
    corner = page.evaluate("""() => {
      const r = document.querySelector('.stock .trump-card').getBoundingClientRect();
      const hit = (x, y) => document.elementFromPoint(x, y).closest('.card');
      return [hit(r.left + 10, r.top + 14), hit(r.right - 10, r.bottom - 14)].map((c) => c && c.classList.contains('trump-card'));
    }""")
    assert corner == [True, True], "the trump's indices are covered"
    tricks_before = page.evaluate("(window.__cardavia.tricks || []).length")
    play_first(page)
    page.wait_for_selector(".trick .card.winner", timeout=20_000)
    label = page.locator(".trick .trick-points").inner_text()
    winner = page.locator(".trick .card.winner").get_attribute("data-card")
    page.wait_for_selector(YOURS, timeout=30_000)
    snap = page.evaluate("window.__cardavia.snapshot")
    last = snap["last_trick"]
    points = sum(card_points(x["card"]) for x in last["cards"])
    assert label == f"+{points}"
    assert winner == next(x["card"] for x in last["cards"] if x["seat"] == last["winner"])
    shown = page.evaluate("window.__cardavia.tricks")
    assert len(shown) == tricks_before + 1 and shown[-1]["points"] == points


def test_the_last_card_played_stays_marked(table_page, server):
    page = table_page
    open_table(page, server, "scopa", 8, size=PHONE, link=True)
    page.wait_for_selector(YOURS)
    for _ in range(6):
        events = page.evaluate("window.__cardavia.presented || []")
        placed = [e for e in events if e["type"] == "placed"]
        if placed:
            marked = page.locator(".table-cards .card.last")
            assert marked.count() == 1
            assert marked.get_attribute("data-card") == placed[-1]["card"]
            return
        play_first(page)
        page.wait_for_selector(WAITING)
    pytest.fail("no card was placed on the table in six turns of seed 8")


# The stored autosave of Briscola's table (its seed and how many actions it holds) and every
# autosave key in storage, for the message of a failed reload test.
SAVED_JS = """() => { const raw = localStorage.getItem('cardavia.save.briscola.piacentine');
  const s = raw && JSON.parse(raw).save;
  return [s && s.seed, s && (s.log || []).length, Object.keys(localStorage).filter((k) => k.startsWith('cardavia.save'))]; }"""


NEW_HAND_SHOWN_JS = """() => { const s = window.__cardavia.snapshot;
  if (!s || s === window.__before || s.to_move === undefined) return false;
  const shown = [...document.querySelectorAll('.table-view .hand button[data-card]')].map((e) => e.dataset.card).sort();
  return shown.length > 0 && shown.join() === [...s.hand].sort().join(); }"""


def test_reload_never_changes_the_deal_or_takes_a_move_back(table_page, server):
    page = table_page
    open_table(page, server, "briscola", 51, speed="slow", size=PHONE, link=True)
    page.wait_for_selector(WAITING)  # the page's first match stands still: its snapshot stays put
    page.evaluate("() => { window.__before = window.__cardavia.snapshot; }")
    page.get_by_role("button", name="New match").click()
    page.locator("dialog[open] button.confirm-yes").click()  # a match in progress: asked first
    # the new match's hand on the table, as the player sees it: the engine's answer alone
    # (window.__cardavia.snapshot) comes before the save, the table only after it
    page.wait_for_function(NEW_HAND_SHOWN_JS)
    dealt = page.evaluate("window.__cardavia.snapshot.hand")
    stored = page.evaluate(SAVED_JS)  # what a failure is told: was the new match stored?
    page.reload()  # at once: the new match was saved the moment it was dealt
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(WAITING)
    snap = page.evaluate("window.__cardavia.snapshot")
    # New match deals a random seed; the save holds it, for a failure's replay
    print(f"New match dealt seed {page.evaluate(SAVED_JS)[0]}")
    assert sorted(snap["hand"]) == sorted(dealt), ("a reload dealt another hand", stored, page.evaluate(SAVED_JS),
                                                   page.locator(".table-view .log").text_content()[-300:])
    page.wait_for_selector(YOURS)
    card = page.locator(".hand button:not([disabled]):not([aria-disabled])").first.get_attribute("data-card")
    page.locator(f'.hand button[data-card="{card}"]').click(position={"x": 8, "y": 14})
    # the card's animation onto the trick has begun: the engine answered and, by then, the
    # move must be saved ('busy' alone comes at the tap, before the engine has answered)
    page.wait_for_function(f"() => document.querySelector('.table-view .trick [data-card=\"{card}\"]') !== null")
    page.reload()  # during the animation of the answer
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(WAITING)
    snap = page.evaluate("window.__cardavia.snapshot")
    assert card not in snap["hand"], "the reload took the move back"
    assert card in snap["played"] or any(x["card"] == card for x in snap["trick"])


def primiera(pile):
    values = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12}
    best = {}
    for c in pile:
        best[c[-1]] = max(best.get(c[-1], 0), values.get(c[:-1], 10))
    return sum(best.values()) if len(best) == 4 else None


def chips(page, team):
    return page.evaluate(f"""() => Object.fromEntries([...document.querySelectorAll('.tallies[data-team="{team}"] .tally')]
      .map((li) => [li.dataset.key, li.innerText.trim()]))""")


@pytest.mark.parametrize("game", ["scopa", "cicera"])
def test_tallies_equal_the_captured_piles(table_page, server, game):
    """After each play of a seeded deal, every tally chip says what the piles hold."""
    page = table_page
    open_table(page, server, game, 12, size=DESK, link=True)
    checked = 0
    for _ in range(12):
        page.wait_for_selector(WAITING)
        if page.locator("dialog[open]").count():
            break
        snap = page.evaluate("window.__cardavia.snapshot")
        for team, pile in enumerate(snap["piles"]):
            got = chips(page, team)
            assert got["most_cards"] == f"Cards {len(pile)}"
            if game == "scopa":
                assert got["most_coins"] == f"Coins {sum(1 for c in pile if c.endswith('D'))}"
                p = primiera(pile)
                assert got["primiera"] == ("Primiera –" if p is None else f"Primiera {p}")
                assert ("settebello" in got) == ("7D" in pile)
            else:
                assert got["most_swords"] == f"Swords {sum(1 for c in pile if c.endswith('S'))}"
                assert ("matta" in got) == ("2S" in pile)
        checked += 1
        play_first(page)
    assert checked >= 6


def test_a_corrupt_save_is_set_aside_with_a_message_and_play_goes_on(table_page, server):
    page = table_page
    # on the Piacentine, whose save the test damages (the table's default deck is another)
    open_table(page, server, "briscola", 52, size=PHONE, link=True, query="seed=52", deck="piacentine")
    # the table saved and waits for the player: nothing writes the save again before the reload
    page.wait_for_selector(YOURS)
    page.wait_for_function("localStorage.getItem('cardavia.save.briscola.piacentine') !== null")
    page.evaluate("localStorage.setItem('cardavia.save.briscola.piacentine', '{not json')")
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(YOURS)
    log = page.locator(".table-view .log").inner_text()
    assert "The saved game could not be read" in log
    assert page.evaluate("localStorage.getItem('cardavia.save.briscola.piacentine.unreadable')") == '"{not json"'
    play_first(page)
    page.wait_for_selector(WAITING)
    saved = page.evaluate("JSON.parse(localStorage.getItem('cardavia.save.briscola.piacentine'))")
    assert saved and saved["save"], "the new game is saved again"


def test_a_full_storage_lets_play_go_on_with_a_notice(browser, server):
    ctx = browser.new_context(viewport={"width": 1100, "height": 800})
    # every save of a game is refused, as a full quota does; the settings still store
    ctx.add_init_script("""(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (String(k).startsWith('cardavia.save.')) throw new DOMException('full', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    })()""")
    try:
        page = ctx.new_page()
        open_table(page, server, "scopa", 4, size=PHONE, link=True)
        page.wait_for_selector(YOURS)
        for _ in range(3):
            play_first(page)
            page.wait_for_selector(WAITING)
        log = page.locator(".table-view .log").inner_text()
        assert log.count("this game is not being saved") == 1, "said once, not at every move"
        assert page.locator(".table-view[data-state=yours]").count() == 1
    finally:
        close_context(ctx)


def test_the_review_lists_costly_moves_and_tries_again_from_one(table_page, server):
    """After a deal the sheet's Review asks the engine's search which of your moves cost
    two points or more; "Try again from here" replays the deal from just before that move."""
    page = table_page
    # a Briscola deal played by always leading/answering with the first card: blunders galore
    open_table(page, server, "briscola", 31, size=DESK, link=True)
    for _ in range(25):
        page.wait_for_selector(WAITING)
        if page.locator("dialog[open]").count():
            break
        page.locator(".hand button:not([disabled]):not([aria-disabled])").last.click(position={"x": 8, "y": 14})
    dialog = page.locator("dialog[open]")
    dialog.get_by_role("button", name="Review my moves").click()
    dialog.locator(".review .review-list li, .review .review-none").first.wait_for(timeout=120_000)
    review = page.evaluate("window.__cardavia.response.review")
    items = dialog.locator(".review-list li")
    assert items.count() == len(review["mistakes"]) >= 1, review
    assert [int(x) for x in items.evaluate_all("els => els.map(e => e.dataset.index)")] == [m["index"] for m in review["mistakes"]]
    first = review["mistakes"][0]
    items.first.get_by_role("button", name="Try again from here").click()
    page.wait_for_selector(YOURS)
    snap = page.evaluate("window.__cardavia.snapshot")
    assert snap["practice"] is True
    assert any(a["id"] == first["played"] for a in snap["legal"]), "back at the move that cost points"
    assert "Practice" in page.locator(".table-view .log").inner_text()


def test_a_dead_engine_worker_is_replaced_and_no_move_is_lost(table_page, server):
    """The worker dies without a word (terminated through the test hook); the player's
    next card gets no answer, so after the request timeout the page starts a new worker,
    restores the autosave, plays that card again and the game goes on."""
    page = table_page
    open_table(page, server, "briscola", 17, size=DESK, link=True, query="request_timeout=4000")
    page.wait_for_selector(YOURS)
    workers = page.evaluate("window.__cardavia.workersCreated")
    page.evaluate("window.__cardavia.killWorker()")
    card = page.locator(".hand button:not([disabled]):not([aria-disabled])").first.get_attribute("data-card")
    page.locator(f'.hand button[data-card="{card}"]').click(position={"x": 8, "y": 14})
    page.wait_for_function("(window.__cardavia.workerLosses || 0) >= 1", timeout=30_000)
    page.wait_for_selector(YOURS, timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.__cardavia.workersCreated") == workers + 1
    snap = page.evaluate("window.__cardavia.snapshot")
    assert card not in snap["hand"] and (card in snap["played"] or any(x["card"] == card for x in snap["trick"])), "the move was lost"
    assert "The game engine stopped and was restarted" in page.locator(".table-view .log").inner_text()
    play_first(page)  # and the next play works
    page.wait_for_selector(WAITING)
    assert page.evaluate("window.__cardavia.snapshot")["hand"] != snap["hand"]
