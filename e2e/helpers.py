"""Helpers shared by the browser tests: the games and decks from the engine's catalogue,
opening a seeded table, playing a deal to its score sheet, axe-core, snapshots.
Each exists here once; a test file imports it rather than copying it."""

from __future__ import annotations

import time
from contextlib import contextmanager

from conftest import BOOT_TIMEOUT, ROOT, close_context, wait_boot

from cardavia.traditions import catalogue

READY = "window.__cardavia && window.__cardavia.ready === true"
# the table waits on the player (their turn, the deal over) or shows a dialog (the sheet)
WAITING = ".table-view[data-state=yours], .table-view[data-state=over], dialog[open]"

# The games a player can open and their decks, in the catalogue's order: from the
# engine's catalogue (core/cardavia/traditions.py, which the build writes into
# data/site.json; its games are the games' own DESCRIPTIONs), so a new game is tested
# without editing a list here or in any test file.
_CATALOGUE = catalogue()
GAMES: tuple[str, ...] = tuple(g for g, entry in _CATALOGUE["games"].items() if entry["playable"])
DECKS: dict[str, tuple[str, ...]] = {g: tuple(_CATALOGUE["games"][g]["decks"]) for g in GAMES}
# every game with every deck it is played with (Scopa twice: Piacentine and Siciliane)
GAME_DECKS: tuple[tuple[str, str], ...] = tuple((g, d) for g in GAMES for d in DECKS[g])
# every game that has a lesson, on the first deck its lesson deals for
LESSONS: tuple[tuple[str, str], ...] = tuple((g, _CATALOGUE["games"][g]["lesson"]["decks"][0])
                                             for g in GAMES if _CATALOGUE["games"][g]["lesson"])
# every tradition (deck) of the catalogue, in its order
TRADITIONS: tuple[str, ...] = tuple(t["id"] for t in _CATALOGUE["traditions"])


def table_deck(game: str) -> str:
    """The one deck a test plays ``game`` on when it tries each game once: the game's last
    deck in the catalogue (Scopa on the Siciliane, whose court names differ from the
    Piacentine's; every other game has one deck)."""
    return DECKS[game][-1]


def table_url(game: str, seed: int, *, deck: str | None = None, level: str = "greedy",
              speed: str = "instant", lang: str | None = None, query: str = "",
              link: bool = False) -> str:
    """The page address (after the site's root) of ``game``'s table dealing ``seed``: by
    ?seed= (the page's first match), or with ``link`` by a deal link (&seed=&mode=play in
    the route), which deals that deal even over a match in progress (after asking)."""
    params = f"?speed={speed}&level={level}" + (f"&lang={lang}" if lang else "") + (f"&{query}" if query else "")
    route = f"#/game/{game}?deck={deck or table_deck(game)}"
    if link:
        return params + route + f"&seed={seed}&mode=play"
    return params + f"&seed={seed}" + route


def open_table(page, server, game: str, seed: int, *, size: tuple[int, int] | None = None,
               fresh: bool = True, **url) -> dict:
    """``game``'s table dealing ``seed`` (table_url's options), the engine ready and the
    table waiting on the player: its snapshot, whose seed is the one asked for. ``fresh``
    leaves the page first, so the table is built anew even on the same route; ``size``
    sets the viewport first."""
    if size:
        page.set_viewport_size({"width": size[0], "height": size[1]})
    if fresh:
        page.goto("about:blank")
    page.goto(server.url + table_url(game, seed, **url))
    if url.get("link"):
        page.wait_for_selector(f"{WAITING}, .abandon-play", timeout=BOOT_TIMEOUT)
        if page.locator(".abandon-play").count():  # a match of this game in progress: left
            page.click(".abandon-play")
    wait_boot(page, READY)
    page.wait_for_function(f"window.__cardavia.snapshot && window.__cardavia.snapshot.seed === {seed}", timeout=60_000)
    page.wait_for_selector(WAITING, timeout=60_000)
    snap = snapshot(page)
    assert snap["game"] == game and snap["seed"] == seed
    return snap


def wait_ready(target) -> None:
    """The engine booted in this page or frame (a BootStall if it never does)."""
    wait_boot(target, READY)


def play_one(target) -> str:
    """Click the first enabled card (and the first capture choice if asked); returns the card."""
    button = target.locator(".hand button:not([disabled]):not([aria-disabled])").first
    card = button.get_attribute("data-card")
    button.click()
    choices = target.locator(".choices:not([hidden]) button.choice")
    if choices.count():
        choices.first.click()
    return card


def play_until_sheet(page, max_moves: int = 60) -> int:
    """Play the first enabled card at each turn until the score sheet opens: the moves made."""
    moves = 0
    while True:
        page.wait_for_selector(WAITING, timeout=30_000)
        if page.locator("dialog[open]").count():
            return moves
        assert moves < max_moves, "deal did not end"
        play_one(page)
        moves += 1

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# browser contexts of two people at one table, each on their own device
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1100, "height": 800}}


def inject_axe(page) -> None:
    """axe-core evaluated through the DevTools protocol: the site's Content Security Policy
    refuses inline scripts, so a <script> tag with axe's text (add_script_tag) would not run."""
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    assert page.evaluate("typeof window.axe") == "object"


def serious_axe_violations(page) -> list[str]:
    """axe-core on the page as it is now: serious or critical violations, as text."""
    inject_axe(page)
    results = page.evaluate("""async () => {
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map(v => ({ id: v.id, impact: v.impact,
        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }));
    }""")
    return [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in results
            if v["impact"] in ("serious", "critical")]


def snapshot(page) -> dict:
    return page.evaluate("window.__cardavia.snapshot")


def open_discard_why(page) -> bool:
    """The discard step's "Cards you cannot discard" folds away below a 1000 px tall window
    (the hand keeps its room): opened as a player does, by its summary. True if it opened
    it (close it again with toggle_discard_why, so the hand is where it was)."""
    more = page.locator(".choices.discard-box details.discard-more")
    if more.get_attribute("open") is None:
        more.locator("summary").click()
        return True
    return False


def toggle_discard_why(page) -> None:
    page.locator(".choices.discard-box details.discard-more summary").click()


SUIT_NAMES = {"C": "Cups", "D": "Coins", "S": "Swords", "B": "Batons"}


def refusal_wording(why: dict, card_name) -> str:
    """The English line a refusal must read, worked out from the engine's reason."""
    held = card_name(why["card"])
    if why["code"] == "follow" and why["suit"] == "T":
        return f"A trump was led: you must play a trump (you hold {held})."
    if why["code"] == "follow":
        return f"You must follow {SUIT_NAMES[why['suit']]}: you hold {held}."
    if why["code"] == "trump":
        return f"You have no {SUIT_NAMES[why['suit']]}, so you must play a trump (you hold {held})."
    assert why["code"] == "king", why
    return (f"The King rule: {SUIT_NAMES[why['suit']]} is led for the first time and the trick "
            f"is trumped, so you must play {held}.")


def tap_a_refused_card(page, snap, shot: str | None = None) -> bool:
    """On the player's turn in play, tap a card the engine refuses (if any): the note above the
    hand (a live region) says why in words, nothing is played, and the card stays in the hand,
    focusable. True if a card was tapped."""
    blocks = snap.get("play_blocks") or {}
    if not blocks:
        return False
    card, why = sorted(blocks.items())[0]
    button = page.locator(f'.hand button[data-card="{card}"]')
    # aria-disabled, not disabled: it keeps the focus and the tap (Playwright counts it as
    # disabled, hence the forced click)
    assert button.get_attribute("aria-disabled") == "true" and button.evaluate("b => !b.disabled")

    def name(c: str) -> str:
        return page.locator(f'.hand button[data-card="{c}"]').get_attribute("aria-label")
    want = refusal_wording(why, name)
    button.click(position={"x": 8, "y": 14}, force=True)
    status = page.locator(".refusal-note")
    status.filter(has_text=want).wait_for(timeout=5_000)
    assert status.get_attribute("aria-live") == "polite"
    assert button.get_attribute("title") == want
    after = page.evaluate("window.__cardavia.snapshot")
    assert after["hand"] == snap["hand"] and after["trick"] == snap["trick"]
    if shot:
        (ROOT / "test-artifacts").mkdir(exist_ok=True)
        page.screenshot(path=str(ROOT / "test-artifacts" / shot))
    return True


def set_lang(page, code: str) -> None:
    """The language picker, then the page re-drawn in it (no reload)."""
    page.select_option("#settings-lang", code)
    page.wait_for_function(f"document.documentElement.lang === '{code}'")
    page.wait_for_timeout(50)


# ---------------------------------------------------------------- nothing wider than the screen (issues 25, 41)
WIDE = """() => { const s = document.scrollingElement;
  const out = [...document.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect();
    return r.width && (r.right > innerWidth + 1 || r.left < -1) && !e.closest('.sr-only, .skip, dialog:not([open])'); })
    .slice(0, 4).map(e => e.tagName.toLowerCase() + '.' + e.className + ' ' + (e.textContent || '').trim().slice(0, 30));
  return {scroll: s.scrollWidth, inner: innerWidth, wide: out}; }"""




def no_sideways_scroll(page, where: str) -> None:
    got = page.evaluate(WIDE)
    assert got["scroll"] <= got["inner"], f"{where}: the page is {got['scroll']} px wide on a {got['inner']} px screen: {got['wide']}"


# The level list's width on the table and the width it takes unconstrained (a hidden copy
# beside it, so the same rules style it): the row must not cut the level's name ("Mediur").
LEVEL_WIDTHS = """() => { const s = document.querySelector('.table-view .controls select.level');
  if (!s || !s.offsetParent) return null;
  const c = s.cloneNode(true); c.removeAttribute('id');
  c.style.cssText = 'position: absolute; visibility: hidden; flex: none; inline-size: auto; max-inline-size: none';
  s.parentElement.appendChild(c); const need = c.getBoundingClientRect().width; c.remove();
  return {need, got: s.getBoundingClientRect().width, shown: s.selectedOptions[0].textContent}; }"""


# The words of the table's buttons that the layout split over two lines ("Hin t").
SPLIT_WORDS = """() => [...document.querySelectorAll('.table-view .controls .buttons .btn')].flatMap((b) => {
  const text = b.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) return [];
  const out = [];
  for (const m of text.data.matchAll(/\\S+/g)) {
    const r = document.createRange(); r.setStart(text, m.index); r.setEnd(text, m.index + m[0].length);
    const tops = new Set([...r.getClientRects()].map((q) => Math.round(q.top)));
    if (tops.size > 1) out.push(m[0]);
  }
  return out; })"""


def controls_read_whole(page, where: str) -> None:
    """The row under the table reads whole: the level's name uncut, no button's word broken over two lines."""
    got = page.evaluate(LEVEL_WIDTHS)
    assert got is not None, f"{where}: no level list on the table"
    assert got["got"] >= got["need"] - 0.5, f"{where}: the level list is {got['got']:.0f} px of the {got['need']:.0f} px that show {got['shown']!r} whole"
    assert page.evaluate(SPLIT_WORDS) == [], f"{where}: words broken inside the table's buttons"


# ---------------------------------------------------------------- live play (issues 28, 42)
# A host and their friends, each in their own browser context, joined by a WebRTC data channel
# set up by hand-carried invitation and reply: opened once here, used by every live test.

SHEET = "dialog.sheet:not(.pass-dialog)[open]"

# An invitation or a reply whose WebRTC candidates are replaced by one, 127.0.0.1:port (a UDP
# relay the test holds, e2e/udp_relay.py), so that every packet between the two goes through it.
VIA_PORT = """async ([code, port]) => {
  const m = await import(new URL("js/live/codec.js", location.href));
  const o = await m.unpack(code);
  const lines = o.sdp.split("\\r\\n").filter((l) => !l.startsWith("a=candidate") && l !== "a=end-of-candidates");
  lines.splice(lines.length - 1, 0, `a=candidate:1 1 udp 2122260223 127.0.0.1 ${port} typ host generation 0`);
  o.sdp = lines.join("\\r\\n");
  return m.pack(o);
}"""


def qr_version(where) -> int:
    """The version of the QR code drawn in `where` (the SVG's side is its modules plus a margin of 2)."""
    side = int(where.locator("svg.qr").first.get_attribute("viewBox").split()[2])
    return (side - 4 - 17) // 4


def friend_row(host, name: str):
    """The host's Friends box row of `name`."""
    return host.locator(".friends-box .friend", has=host.locator(f"h3:text-is('{name}')"))


class LiveTable:
    """A live table: the host's page (`host`) and a browser context per friend (`contexts`), the
    friends' pages once they joined (`guests`, by name)."""

    def __init__(self, browser, server, host_view: dict, guest_view: dict) -> None:
        self.browser, self.server, self.guest_view = browser, server, guest_view
        self.contexts = [browser.new_context(**host_view)]
        self.host = self.contexts[0].new_page()
        self.guests: dict[str, object] = {}
        self.codes: dict[str, tuple[int, int]] = {}  # name -> lengths of the last invitation and reply

    def open(self, game: str, deck: str, friends: dict[int, str], seed: int) -> None:
        """The host seats the friends (their seat: their name) and starts: the table is live."""
        page = self.host
        page.goto(self.server.url + f"?speed=instant&level=greedy&seed={seed}#/game/{game}?deck={deck}&live=1")
        form = page.locator("dialog.pass-dialog[open] form.people-form")
        form.wait_for(timeout=BOOT_TIMEOUT)
        boxes = form.locator(".people-person")
        for seat in range(1, boxes.count()):
            (boxes.nth(seat).check if seat in friends else boxes.nth(seat).uncheck)()
        names = form.locator(".people-name")
        names.nth(0).fill("Ana")
        for seat, name in friends.items():
            names.nth(seat).fill(name)
        form.get_by_role("button", name="Start").click()
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)

    def context(self):
        """A new device for a friend (closed with the table)."""
        ctx = self.browser.new_context(**self.guest_view)
        self.contexts.append(ctx)
        return ctx

    def open_invitation(self, name: str, ctx=None, *, relay=None, shot: str | None = None, pasted=None):
        """The host invites `name` (a new invitation, or the one on screen if the host's row shows
        no invite button); the friend opens its link on `ctx` (a new device if None), or pastes it
        in the join page's field on their page `pasted`, and joins: the friend's page showing
        their reply, and the reply. With `relay` (a UdpRelay) the two are told only the relay's
        address as each other's."""
        host = self.host
        row = friend_row(host, name)
        if not row.locator("input.invite-link").count():
            row.locator("button.invite-open").click()
        link = row.locator("input.invite-link").input_value()
        row.locator("svg.qr").wait_for()
        if shot:
            row.scroll_into_view_if_needed()
            host.screenshot(path=str(ROOT / "test-artifacts" / shot))
        route = link[link.index("#"):]
        if relay is not None:
            code = route[route.index("i=") + 2:]
            route = route[:route.index("i=") + 2] + host.evaluate(VIA_PORT, [code, relay.a_port])
        if pasted is not None:  # the guest's own page, on the join page's field for a new invitation
            page = pasted
            page.locator("input.invite-paste").fill(self.server.url + "?speed=instant" + route)
            page.locator("form.join-paste button[type=submit]").click()
        else:
            page = (ctx or self.context()).new_page()
            page.goto(self.server.url + "?speed=instant" + route)
        page.get_by_role("button", name=f"Join as {name}").click()
        reply = page.locator("textarea.reply-code").input_value()
        self.codes[name] = (len(link[link.index("i=") + 2:]), len(reply))
        if relay is not None:
            reply = host.evaluate(VIA_PORT, [reply, relay.b_port])
        self.qr = (qr_version(row), qr_version(page))
        return page, reply

    def invite(self, name: str, ctx=None, *, relay=None, shot: str | None = None, pasted=None):
        """`name` joins (open_invitation's ways) and their table shows: their page, and the
        seconds from opening the invitation to the host seeing them here."""
        t0 = time.monotonic()
        page, reply = self.open_invitation(name, ctx, relay=relay, shot=shot, pasted=pasted)
        return self.connect(name, page, reply), time.monotonic() - t0

    def connect(self, name: str, page, reply: str):
        """The host enters `name`'s reply and connects; `name`'s table shows on `page`: the page."""
        row = friend_row(self.host, name)
        row.locator("textarea.reply-code").fill(reply)
        row.get_by_role("button", name="Connect").click()
        page.wait_for_selector(".table-view", timeout=30_000)
        page.wait_for_function("window.__cardavia.live && window.__cardavia.live.received.length > 0", timeout=30_000)
        self.host.wait_for_function(f"[...document.querySelectorAll('.friends-box .friend')].some("
                                    f"f => f.querySelector('h3').textContent === {name!r} && f.dataset.status === 'here')")
        self.guests[name] = page
        return page

    def status(self, name: str) -> str:
        """The host's word for `name`: invited, here, reconnecting or away."""
        return friend_row(self.host, name).get_attribute("data-status")

    def close(self) -> None:
        for ctx in self.contexts:
            close_context(ctx)


@contextmanager
def live_table(browser, server, game: str, deck: str, friends: dict[int, str], seed: int, *,
               host_view: dict = DESKTOP, guest_view: dict = PHONE, join: bool = True):
    """A live `game` dealt from `seed`: the host (Ana) seats `friends` and starts, and with
    `join` each friend joins from their own device. Every context is closed at the end."""
    table = LiveTable(browser, server, host_view, guest_view)
    try:
        table.open(game, deck, friends, seed)
        if join:
            for name in friends.values():
                table.invite(name)
        yield table
    finally:
        table.close()


def play_live(pages, plays: int | None = None, timeout: float = 60) -> int:
    """Each page plays its first enabled card whenever it is its turn, until `plays` cards are
    played (or every page shows the score sheet)."""
    done, deadline = 0, time.monotonic() + timeout
    while plays is None or done < plays:
        if all(p.locator(SHEET).count() for p in pages):
            return done
        moved = False
        for p in pages:
            if p.locator(SHEET).count() == 0 and p.locator(".table-view[data-state=yours]").count():
                p.locator(".hand button:not([disabled]):not([aria-disabled])").first.evaluate("b => b.click()")
                choices = p.locator(".choices:not([hidden]) button.choice")
                if choices.count():
                    choices.first.click()
                done += 1
                moved = True
                break
        if not moved:
            assert time.monotonic() < deadline, "nobody's turn came"
            pages[0].wait_for_timeout(50)
    return done


def to_guests_turn(host, guest, seat: int = 1) -> dict:
    """Plays on until it is the guest's (at `seat`) turn after at least two moves: the host's snapshot."""
    for _ in range(12):
        snap = host.evaluate("window.__cardavia.snapshot")
        if snap["to_move"] == seat and snap["moves"] >= 2:
            guest.wait_for_function("window.__cardavia.snapshot && window.__cardavia.snapshot.your_turn === true")
            return snap
        play_live([host, guest], plays=1)
        host.wait_for_timeout(200)
    raise AssertionError("the guest's turn never came")
