#!/usr/bin/env python3
"""The table's pace in headless Chromium: from a human play to the next "your turn",
at the default animation speed and computer level, per game (two-player games: one
computer move and the trick; four-player games: three computer moves and the trick).

Each game is played by clicking the first playable card (the first capture offered),
with fixed seeds; the time runs in the page from the click to the table's next
data-state="yours". The LAST line printed is one JSON object:
  {"pace": {game (or game@level beside normal): {"turns", "p50_ms", "p90_ms", "p95_ms", "max_ms"}}, "speed", "level"}

Usage: python scripts/bench/bench_pace.py [--turns 24] [--games briscola,scopa,…] (default: every playable game)
                                   [--level normal,expert] [--speed normal]
(`make bench-web` runs it after the boot benchmark.)
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "build"))
sys.path.insert(0, str(ROOT / "core"))
from serve import make_server  # noqa: E402
from cardavia.games import site_games  # noqa: E402
from cardavia.games.description import PLAYABLE  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"]
# a function, not an expression: the site's policy refuses the eval a bare expression needs
READY = "() => window.__cardavia && window.__cardavia.ready === true"
# Every playable game of the site, on its first deck (from the games' descriptions).
DECKS = {d.id: d.decks[0] for d in site_games() if d.site == PLAYABLE}
WAITING = ".table-view[data-state=yours], .table-view[data-state=over], dialog[open]"

# Clicks the first playable card (and the first capture offered) and resolves with the
# ms from the click to the next "yours", or null if the deal ended first.
TURN_JS = """() => new Promise((resolve) => {
  const view = document.querySelector('.table-view');
  const t0 = performance.now();
  let left = false;
  const done = (v) => { obs.disconnect(); clearInterval(poll); resolve(v); };
  const obs = new MutationObserver(() => {
    const s = view.dataset.state;
    if (s !== 'yours') left = true;
    else if (left) done(performance.now() - t0);
    if (s === 'over' || s === 'sheet') done(null);
  });
  obs.observe(view, { attributes: true, attributeFilter: ['data-state'] });
  const poll = setInterval(() => { if (document.querySelector('dialog[open]')) done(null); }, 50);
  view.querySelector('.hand button:not([disabled]):not([aria-disabled])').click();
  const choice = view.querySelector('.choices:not([hidden]) button.choice');
  if (choice) choice.click();
})"""


def pct(values, p):
    s = sorted(values)
    return round(s[min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--turns", type=int, default=24, help="human turns measured per game")
    ap.add_argument("--games", default=",".join(DECKS))
    ap.add_argument("--level", default="normal", help="computer levels, comma-separated (each measured apart)")
    ap.add_argument("--speed", default="normal", help="animation speed (instant: the engine's time alone)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server = make_server(args.dist, port=0, host="127.0.0.1", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://localhost:{server.server_address[1]}/"
    out = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 800})
        # every ?seed= deals its own match (an autosave of the previous one would be restored)
        page.add_init_script("for (const k of Object.keys(localStorage)) if (k.startsWith('cardavia.save.')) localStorage.removeItem(k)")
        for level, game in [(lv, g) for lv in args.level.split(",") for g in args.games.split(",")]:
            times, seed = [], 1
            while len(times) < args.turns and seed < 50:
                page.goto(base + f"?level={level}&speed={args.speed}&seed={seed}#/game/{game}?deck={DECKS[game]}")
                page.wait_for_function(READY, timeout=120_000)
                while len(times) < args.turns:
                    page.wait_for_selector(WAITING, timeout=60_000)
                    if page.locator("dialog[open]").count() or page.locator(".table-view[data-state=over]").count():
                        break
                    if page.locator(".discard-box").count():  # you deal: take the next seed
                        break
                    ms = page.evaluate(TURN_JS)
                    if ms is None:
                        break
                    times.append(ms)
                seed += 1
            key = game if level == "normal" else f"{game}@{level}"
            out[key] = {"turns": len(times), "p50_ms": pct(times, 50), "p90_ms": pct(times, 90),
                        "p95_ms": pct(times, 95), "max_ms": round(max(times))}
            print(key, json.dumps(out[key]), flush=True)
        browser.close()
    server.shutdown()
    print(json.dumps({"pace": out, "speed": args.speed, "level": args.level}))


if __name__ == "__main__":
    main()
