"""The embed laid out for its own frame (issue 25): on another site, in a 360×560 and a
320×480 frame, the hand, the cards on the table or in the trick and the labels (seat names,
piles taken, the stock, who led) never overlap, the whole hand and table are inside the
frame with nothing to scroll; an unknown level, speed or lang gets a clear message.

One host page (another origin) and one browser for the module; every deal is seeded."""

from __future__ import annotations

import pytest

from conftest import ROOT, Server, shared_page

ART = ROOT / "test-artifacts"

# the boxes that must not overlap, by group: cards of one hand overlap each other by
# design (a fan), so a hand counts as one box, the union of its cards
BOXES = """() => {
  const r = (e) => { const b = e.getBoundingClientRect(); return {x: b.left, y: b.top, w: b.width, h: b.height}; };
  const seen = (e) => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0
    && getComputedStyle(e).visibility !== 'hidden'; };
  const out = [];
  for (const hand of document.querySelectorAll('.hand')) {
    const cards = [...hand.querySelectorAll('.card-btn')].filter(seen).map(r);
    if (!cards.length) continue;
    const x = Math.min(...cards.map(c => c.x)), y = Math.min(...cards.map(c => c.y));
    const x2 = Math.max(...cards.map(c => c.x + c.w)), y2 = Math.max(...cards.map(c => c.y + c.h));
    out.push({what: 'hand', group: 'hand', x, y, w: x2 - x, h: y2 - y});
  }
  const sel = '.table-cards .card, .trick .card, .stock, .stock-count, .trump-suit, .led-by, '
    + '.seat-info .who, .seat-info .pile, .seat-info .dealer-tag, .seat-info .discard-tag, .hidden-hand';
  for (const e of document.querySelectorAll(sel)) {
    if (!seen(e)) continue;
    const what = e.dataset.card ? 'card ' + e.dataset.card : e.className + ' ' + (e.textContent || '').trim().slice(0, 24);
    out.push({what, group: e.matches('.trick .card') ? 'trick' : 'other', ...r(e)});
  }
  const board = document.querySelector('.board');
  return {boxes: out, board: {...r(board), scrollH: board.scrollHeight, clientH: board.clientHeight},
          doc: {w: document.scrollingElement.scrollWidth, h: document.scrollingElement.scrollHeight,
                iw: innerWidth, ih: innerHeight}};
}"""


def overlaps(boxes: list[dict], slack: float = 1.0) -> list[str]:
    """Pairs of boxes that intersect by more than `slack` px both ways. The four-seat trick's
    cards form a compass whose top and bottom cards reach into its middle row by design."""
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a["group"] == b["group"] == "trick":
                continue
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > slack and dy > slack:
                found.append(f"{a['what']!r} × {b['what']!r} ({dx:.0f}×{dy:.0f} px)")
    return found


def check_layout(frame, where: str) -> None:
    got = frame.evaluate(BOXES)
    doc, board = got["doc"], got["board"]
    assert doc["w"] <= doc["iw"] and doc["h"] <= doc["ih"], f"{where}: the embed scrolls: {doc}"
    assert board["scrollH"] <= board["clientH"] + 1, f"{where}: the board's content is cut: {board}"
    assert any(b["what"] == "hand" for b in got["boxes"]), f"{where}: no hand drawn"
    for b in got["boxes"]:
        inside = (b["x"] >= -1 and b["y"] >= -1 and b["x"] + b["w"] <= doc["iw"] + 1
                  and b["y"] + b["h"] <= board["y"] + board["h"] + 1)
        assert inside, f"{where}: {b['what']!r} is outside the frame's table: {b}, board {board}"
    assert overlaps(got["boxes"]) == [], f"{where}: overlapping boxes"


@pytest.fixture(scope="module")
def host(server, tmp_path_factory):
    """Another origin (another port, no policy of ours) whose page sizes the element."""
    d = tmp_path_factory.mktemp("host")
    (d / "index.html").write_text("<!doctype html><title>host</title>", encoding="utf-8")
    (d / "blog.html").write_text(
        '<!doctype html><html><head><title>A blog</title><link rel="icon" href="data:,">'
        f'<script src="{server.url}embed.js" defer></script>'
        '<style>body{margin:0} cardavia-game{width:var(--w);height:var(--h)}</style></head>'
        '<body><cardavia-game></cardavia-game></body></html>', encoding="utf-8")
    s = Server(directory=d, csp=False)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def host_page(browser):
    with shared_page(browser, {"width": 800, "height": 700}) as page:
        yield page


def embed(page, host, w: int, h: int, **attrs) -> object:
    """The host page with one <cardavia-game> of w×h px; its frame once it has loaded."""
    page.goto(f"http://127.0.0.1:{host.port}/blog.html")
    page.wait_for_function("customElements.get('cardavia-game') !== undefined")
    page.evaluate("""([w, h, attrs]) => {
      const g = document.querySelector('cardavia-game');
      g.style.setProperty('--w', w + 'px'); g.style.setProperty('--h', h + 'px');
      for (const [k, v] of Object.entries(attrs)) g.setAttribute(k, v);
    }""", [w, h, attrs])
    want = [f"{k}={v}" for k, v in attrs.items()]
    for _ in range(200):
        frame = next((f for f in page.frames if "embed.html" in f.url and all(x in f.url for x in want)), None)
        if frame:
            return frame
        page.wait_for_timeout(50)
    raise AssertionError("no embed frame")


YOURS = ".table-view[data-state=yours]"


@pytest.mark.parametrize("game,deck,size", [
    ("scopa", "siciliane", (360, 560)),
    ("briscola", "piacentine", (360, 560)),
    ("scopa", "siciliane", (320, 480)),
    ("briscola", "piacentine", (320, 480)),
    ("cicera", "bresciane", (360, 560)),
    ("tarocchi", "tarocco-piemontese", (360, 560)),
])
def test_embed_fits_its_frame_without_overlap(host_page, host, game, deck, size):
    w, h = size
    host_page.set_viewport_size({"width": max(w + 40, 800), "height": max(h + 40, 700)})
    frame = embed(host_page, host, w, h, game=game, deck=deck, speed="instant", level="random", seed="7")
    frame.wait_for_selector(YOURS, timeout=90_000)
    check_layout(frame, f"{game} {w}×{h} at the first turn")
    if (w, h) == (360, 560):
        ART.mkdir(exist_ok=True)
        host_page.screenshot(path=str(ART / f"embed-{game}-{w}x{h}.png"),
                             clip={"x": 0, "y": 0, "width": w, "height": h})
    # a few plays on: the table fills, the piles grow, labels change
    for turn in range(3):
        button = frame.locator(".hand button:not([disabled]):not([aria-disabled])").first
        card = button.get_attribute("data-card")
        button.click()
        choices = frame.locator(".choices:not([hidden]) button.choice")
        if choices.count():
            choices.first.click()
        frame.wait_for_function(f"!window.__cardavia.snapshot.hand.includes('{card}')")
        frame.wait_for_selector(f"{YOURS}, .table-view[data-state=over]", timeout=30_000)
        host_page.mouse.move(w + 20, h + 20, steps=4)  # off the frame: no card lifted by the hover
        frame.wait_for_function("!document.querySelector('.card-btn:hover')", timeout=5_000)
        # a card drawn slides into the hand: measure once it has arrived
        frame.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')", timeout=10_000)
        check_layout(frame, f"{game} {w}×{h} after {turn + 1} plays")
    # saved after every play: a browser that keeps no storage for a frame on another site
    # (this one) refuses each save, and the embed says nothing of it over the cards
    assert frame.evaluate("(window.__cardavia.flashes || []).filter((f) => f.type === 'notice').map((f) => f.text)") == []


@pytest.mark.parametrize("attr,value,expected", [
    ("level", "hardest", "Unknown level “hardest”. Valid levels: random (Easy), greedy (Medium), normal (Hard), expert (Expert)."),
    ("speed", "warp", "Unknown speed “warp”. Valid speeds: slow (Slow), normal (Normal), fast (Fast), instant (Instant)."),
    ("lang", "klingon", "Unknown language “klingon”. Valid languages: en (English), it (Italiano), fa (فارسی), ar (العربية), vi (Tiếng Việt)."),
])
def test_embed_names_an_unknown_option(host_page, host, attr, value, expected):
    frame = embed(host_page, host, 360, 560, **{"game": "scopa", "deck": "siciliane", "lang": "en", attr: value})
    frame.wait_for_selector(".embed-message", timeout=60_000)
    assert frame.locator(".embed-message").inner_text().strip() == expected
    assert frame.locator(".table-view").count() == 0


def test_embed_message_in_the_pages_language(host_page, host):
    frame = embed(host_page, host, 360, 560, game="scopa", lang="it", level="max")
    frame.wait_for_selector(".embed-message", timeout=60_000)
    assert frame.locator(".embed-message").inner_text().startswith("Livello sconosciuto «max». Livelli validi: random (Facile)")
