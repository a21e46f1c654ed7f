"""The web manifest's screenshots (the install dialog's pictures), taken from the built site.

Serves dist/ (run `make build` first; `make screenshots` does both), drives Debian's
chromium with Playwright through real play (seeded deals, the fastest speed), and writes
web/screenshots/<name>.webp: a phone (390x844, form_factor narrow) and a desktop
(1280x800, wide) view of a table and of the player's record. The PNG screenshot is encoded
as WebP by the browser itself (canvas.toDataURL), so no image library is needed. The files
are not precached by the service worker (scripts/build/build_site.py leaves screenshots/ out).
"""

from __future__ import annotations

import base64
import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import BOOT_TIMEOUT, CHROMIUM_ARGS, DIST, Server  # noqa: E402

OUT = ROOT / "web" / "screenshots"
READY = "window.__cardavia && window.__cardavia.ready === true"
WAITING = ".table-view[data-state=yours], .table-view[data-state=over], dialog[open]"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
QUALITY = 0.8


def open_game(page, base: str, game: str, deck: str, seed: int, level: str = "greedy") -> None:
    page.evaluate(f"localStorage.removeItem('cardavia.save.{game}.{deck}')")  # deal the seed, not the autosave
    page.goto(f"{base}?speed=instant&level={level}&seed={seed}#/game/{game}?deck={deck}")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(WAITING, timeout=60_000)


def play(page, moves: int) -> None:
    """The human plays its first legal card `moves` times (or until the sheet opens)."""
    for _ in range(moves):
        page.wait_for_selector(WAITING, timeout=60_000)
        if page.locator("dialog[open]").count() or page.locator(".table-view[data-state=over]").count():
            return
        page.locator(".hand button:not([disabled])").first.click()
        choices = page.locator(".choices:not([hidden]) button.choice")
        if choices.count():
            choices.first.click()
    page.wait_for_selector(WAITING, timeout=60_000)


def webp(page, png: bytes) -> bytes:
    """The PNG as WebP, encoded by chromium on a blank page (no site CSP in the way)."""
    data = page.evaluate("""async ([png, q]) => {
      const img = new Image();
      img.src = 'data:image/png;base64,' + png;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth; c.height = img.naturalHeight;
      c.getContext('2d').drawImage(img, 0, 0);
      return c.toDataURL('image/webp', q).split(',')[1];
    }""", [base64.b64encode(png).decode(), QUALITY])
    return base64.b64decode(data)


def main() -> None:
    if not (DIST / "index.html").exists():
        sys.exit("dist/ is missing: run `make build` (or `make screenshots`)")
    chromium = shutil.which("chromium") or sys.exit("Debian's chromium is missing: `make setup-browser`")
    OUT.mkdir(parents=True, exist_ok=True)
    server = Server()
    base = server.url
    shots: dict[str, bytes] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            ctx = browser.new_context(viewport=PHONE)
            page = ctx.new_page()
            page.goto(base)
            # a few finished Briscola deals against the Easy computer, so the record has
            # something to show (the script plays its first legal card every time)
            for seed in (3, 8, 11, 14, 17, 20):
                open_game(page, base, "briscola", "piacentine", seed, "random")
                play(page, 25)
            page.goto(f"{base}#/stats/briscola")
            page.wait_for_selector(".stats-page .tiles")
            shots["record-narrow"] = page.screenshot()
            page.set_viewport_size(DESKTOP)
            page.goto(f"{base}#/stats/briscola")
            page.wait_for_selector(".stats-page .tiles")
            shots["record-wide"] = page.screenshot()
            page.set_viewport_size(PHONE)
            open_game(page, base, "scopa", "siciliane", 12)
            play(page, 4)
            shots["table-narrow"] = page.screenshot()
            page.set_viewport_size(DESKTOP)
            open_game(page, base, "briscola", "piacentine", 21)
            play(page, 5)
            shots["table-wide"] = page.screenshot()
            blank = ctx.new_page()
            for name, png in shots.items():
                data = webp(blank, png)
                (OUT / f"{name}.webp").write_bytes(data)
                print(f"web/screenshots/{name}.webp: {len(data)} bytes")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
