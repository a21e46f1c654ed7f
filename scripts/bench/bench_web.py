#!/usr/bin/env python3
"""Benchmark the built site in headless Chromium (Debian's chromium, via Playwright).

Measures, on a server started here on a free localhost port (scripts/build/serve.py: it sends the
precompressed siblings the browser accepts, so bytes are bytes on the wire):
  - first visit (fresh browser context) of a game: navigation → playable table, bytes served
    (Content-Length of what was sent: encoded bytes when compressed), and every boot step on
    the page's clock (service worker active, worker created, runtime loaded, engine
    archive fetched, engine imported, first deal answered, table drawn);
  - second visit (service-worker cache), the same figures; the first visit's fresh boot stored
    the engine's memory snapshot (waited for), so this one restores it (`warm_boot`);
  - the bare Pyodide boot in the same run: a page that only creates a module worker and
    awaits loadPyodide (same files, same cache), first visit and from the service worker;
    also loadPyodide's own duration inside the engine worker of each visit;
  - a game opened from the home page: home loaded, 3 s of reading, a tap on "Play Briscola":
    tap → playable table, on a first visit and on a later one;
  - computer move time in the browser (page → worker → Python → page round trip of one
    `advance`), p50/p95, for every game at levels "normal" and "expert" (--move-level;
    --moves-only skips the boot figures).
The LAST line printed is one JSON object with every figure.

Usage: python scripts/bench/bench_web.py [--deals 2] [--dist dist] [--move-level expert] [--moves-only]
                                  [--games tarocchi,minchiate]
(make bench-web builds dist first)
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "build"))
sys.path.insert(0, str(ROOT / "core"))
from serve import Handler, make_server  # noqa: E402
from cardavia.games import site_games  # noqa: E402
from cardavia.games.description import PLAYABLE  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"]
# a function, not an expression: the site's policy refuses the eval a bare expression needs
READY = "() => window.__cardavia && window.__cardavia.ready === true"
READING_MS = 3000
CORNER = {"x": 8, "y": 14}  # a card's top-left corner, uncovered by its neighbour in a fanned hand
# The games whose computer move time is measured, with their decks; the bars (issues 12
# and 27, at every level): p95 <= 300 ms (two players), <= 800 ms (four).
# Every playable game of the site, on its first deck (from the games' descriptions).
MOVE_GAMES = tuple((d.id, d.decks[0]) for d in site_games() if d.site == PLAYABLE)

# The bare boot: a page under the site's root (so the same service worker serves it) whose
# module worker does nothing but loadPyodide. Served by this script, never part of dist/.
BARE_PAGE = b"""<!doctype html><meta charset="utf-8"><title>bare</title><script type="module">
window.__bare = {};
const w = new Worker(new URL("__bench_bare_worker.js", location.href), {type: "module"});
w.onmessage = (e) => { window.__bare = {done: performance.now(), runtime: e.data.runtime}; };
</script>"""
BARE_WORKER = b"""import { loadPyodide } from "./pyodide/pyodide.mjs";
const t0 = performance.now();
await loadPyodide({indexURL: new URL("./pyodide/", import.meta.url).href, messageCallback: () => {}});
postMessage({runtime: performance.now() - t0});
"""
EXTRA = {"/__bench_bare.html": ("text/html", BARE_PAGE),
         "/__bench_bare_worker.js": ("text/javascript", BARE_WORKER)}


class BenchHandler(Handler):
    def send_head(self):
        extra = EXTRA.get(self.path.split("?")[0])
        if extra is None:
            return super().send_head()
        self.encoding, self.has_variants = None, False
        self.csp = False  # the bare page's inline module script: outside the site's policy
        self.send_response(200)
        self.send_header("Content-type", extra[0])
        self.send_header("Content-Length", str(len(extra[1])))
        self.end_headers()
        return io.BytesIO(extra[1])


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return round(s[k], 2)


def r1(x):
    return None if x is None else round(x, 1)


def steps(info: dict) -> dict:
    """The boot steps of one visit, each as ms since navigation, plus durations."""
    m = info["marks"] or {}
    t = info["timings"] or {}
    out = {k: r1(m.get(k)) for k in ("swSettled", "bootFilesCached", "workerCreated", "workerStart", "snapshotFound",
                                      "snapshotRead", "runtime", "archive", "engine", "firstDeal")}
    out["playable"] = r1(info["ready"])
    out["loadPyodide_ms"] = r1(t.get("runtime"))
    out["engine_import_ms"] = r1(t.get("engine"))
    out["first_deal_ms"] = r1(m.get("firstDealMs"))
    out["boot"] = t.get("boot")  # "fresh" (Python started) or "snapshot" (heap restored)
    return out


HOOK_INFO = """() => ({ready: window.__cardavia.readyAt, timings: window.__cardavia.timings,
    marks: window.__cardavia.bootMarks, workers: window.__cardavia.workersCreated,
    controlled: !!navigator.serviceWorker.controller, snapshotSaved: window.__cardavia.snapshotSaved})"""

# A first visit to a game offers its lesson before dealing (web/js/table/offer.js): the
# visits measured here are of a player who answered it ("just play"), so the figures are the
# table's boot, not a person's reading time.
def answered(ctx):
    from cardavia.traditions import catalogue
    games = json.dumps(sorted(catalogue()["games"]))
    ctx.add_init_script(f"try {{ localStorage.setItem('cardavia.lessons.offered', JSON.stringify({games})); }} catch (e) {{}}")
    return ctx


# a fresh boot stores the engine's memory snapshot after "ready": let it land before leaving,
# as a player's next visit would find it (reported, never assumed)
SNAPSHOT_SETTLED = "() => window.__cardavia.timings.boot !== 'fresh' || window.__cardavia.snapshotSaved !== undefined"


def visit(page, url: str, server) -> dict:
    before = server.bytes_sent
    n_before = len(server.requests)
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_selector(".table-view[data-state=yours], .table-view[data-state=busy]")
    info = page.evaluate(HOOK_INFO)
    page.wait_for_timeout(300)  # let late requests (icons, manifest) land before counting
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=60_000)
    info["snapshotSaved"] = page.evaluate("window.__cardavia.snapshotSaved")
    encodings = sorted({e or "identity" for _, _, e in server.requests[n_before:]})
    return {"to_playable_ms": r1(info["ready"]), "steps": steps(info),
            "bytes": server.bytes_sent - before, "requests": len(server.requests) - n_before,
            "encodings": encodings, "workers": info["workers"], "sw_controlled": info["controlled"],
            "snapshot_saved": info["snapshotSaved"]}


def bare_boot(page, base: str) -> dict:
    page.goto(base + "__bench_bare.html")
    page.wait_for_function("() => window.__bare && window.__bare.done > 0", timeout=120_000)
    b = page.evaluate("window.__bare")
    return {"to_ready_ms": r1(b["done"]), "loadPyodide_ms": r1(b["runtime"])}


def tap_after_reading(page, base: str) -> dict:
    """Home page, READING_MS of reading, a tap on Briscola's Play button → playable table."""
    page.goto(base + "?speed=instant#/")
    page.wait_for_function("() => window.__cardavia && window.__cardavia.pageReady === true", timeout=60_000)
    home_at = page.evaluate("performance.now()")
    page.wait_for_timeout(READING_MS)
    engine_ready_before_tap = page.evaluate("window.__cardavia.booted === true")
    page.evaluate("""() => document.addEventListener("click",
        () => { window.__tapAt = performance.now(); }, {capture: true, once: true})""")
    page.locator('a[href="#/game/briscola?deck=piacentine"]').first.click()
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_selector(".table-view[data-state=yours], .table-view[data-state=busy]")
    info = page.evaluate(HOOK_INFO)
    tap = page.evaluate("window.__tapAt")
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=60_000)
    return {"tap_to_playable_ms": r1(info["ready"] - tap), "home_ready_ms": r1(home_at),
            "tap_ms": r1(tap), "engine_ready_before_tap": engine_ready_before_tap,
            "workers": info["workers"], "steps": steps(info)}


def play_deals(page, deals: int, steps_taken: dict | None = None) -> int:
    """Click through `deals` score sheets (first enabled card, first capture choice);
    counts the human seat's plays, discard steps and declarations in ``steps_taken``."""
    steps_taken = {} if steps_taken is None else steps_taken
    seen = 0
    for _ in range(400):
        page.wait_for_selector(".table-view[data-state=yours], .table-view[data-state=over], dialog[open]", timeout=60_000)
        if page.locator("dialog[open]").count():
            seen += 1
            if seen >= deals:
                return seen
            btn = page.locator("dialog[open] .sheet-buttons button").first
            btn.click()
            continue
        if page.locator(".table-view[data-state=over]").count():
            return seen
        snap = page.evaluate("window.__cardavia.snapshot")
        if snap and snap.get("phase") == "discard" and snap.get("your_turn"):
            discard_first(page, snap)
            steps_taken["discard"] = steps_taken.get("discard", 0) + 1
            continue
        if snap and snap.get("phase") == "declare" and snap.get("your_turn"):
            page.locator(".declare-go").click()  # Minchiate: declare what the chooser ticked
            page.wait_for_function("() => window.__cardavia.snapshot.phase !== 'declare' || !window.__cardavia.snapshot.your_turn", timeout=60_000)
            steps_taken["declare"] = steps_taken.get("declare", 0) + 1
            continue
        # an unplayable card is aria-disabled (it keeps the tap, which says why), not disabled;
        # a fanned hand (Minchiate's) covers most of each card: tap its uncovered corner
        page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position=CORNER)
        steps_taken["play"] = steps_taken.get("play", 0) + 1
        choices = page.locator(".choices:not([hidden]) button.choice")
        if choices.count():
            choices.first.click()
    return seen


def discard_first(page, snap: dict) -> None:
    """The dealer's discard step (Tarocchi): tap the cards of the first legal set, then
    the button that discards them."""
    action = next(a for a in snap["legal"] if a["type"] == "discard")
    for card in action.get("cards") or [action["card"]]:
        page.locator(f'.hand button[data-card="{card}"]').click(position=CORNER)
    if action.get("cards"):
        page.locator(".discard-box button.choice").first.click()
    # Tarocchi discards a set at once; Minchiate's dealer one card at a time
    page.wait_for_function("(n) => { const s = window.__cardavia.snapshot; return s.phase !== 'discard' || !s.your_turn"
                           " || s.hand.length !== n; }", arg=len(snap["hand"]), timeout=60_000)


def move_times(page, base: str, level: str, deals: int, games: tuple = MOVE_GAMES) -> dict:
    """Computer move times (ms of each `advance` round trip) per game at ``level``."""
    moves: dict[str, list[float]] = {}
    if not page.url.startswith(base):
        page.goto(base + "?speed=instant#/")  # the site's origin, for its localStorage
    for game, deck in games:
        page.evaluate("localStorage.clear()")
        page.goto(base + f"?speed=instant&level={level}&seed=1#/game/{game}?deck={deck}")
        page.wait_for_function(READY, timeout=120_000)
        page.evaluate("window.__cardavia.moveTimes = []")
        human: dict = {}
        sheets = play_deals(page, deals, human)
        moves[game] = page.evaluate("window.__cardavia.moveTimes")
        print(f"{game} at {level}: {len(moves[game])} computer moves, p50 {pct(moves[game], 50)} ms, "
              f"p95 {pct(moves[game], 95)} ms, max {pct(moves[game], 100)} ms "
              f"({sheets} score sheets; the human seat's steps {human})", flush=True)
    out = {g: {"n": len(v), "p50": pct(v, 50), "p95": pct(v, 95), "max": pct(v, 100),
               "mean": round(statistics.fmean(v), 2) if v else None}
           for g, v in moves.items()}
    all_moves = [m for v in moves.values() for m in v]
    out["all"] = {"n": len(all_moves), "p50": pct(all_moves, 50), "p95": pct(all_moves, 95)}
    out["level"] = level
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--deals", type=int, default=2, help="deals played per game for move times")
    ap.add_argument("--move-level", default="normal,expert",
                    help="the computer players' levels for move times, comma-separated")
    ap.add_argument("--moves-only", action="store_true", help="only the computer move times")
    ap.add_argument("--games", default=",".join(g for g, _ in MOVE_GAMES),
                    help="the games whose move times are measured, comma-separated")
    args = ap.parse_args()
    wanted = args.games.split(",")
    unknown = set(wanted) - {g for g, _ in MOVE_GAMES}
    if unknown:
        sys.exit(f"unknown game(s): {', '.join(sorted(unknown))}")
    games = tuple((g, d) for g, d in MOVE_GAMES if g in wanted)
    if not (Path(args.dist) / "sw.js").exists():
        sys.exit("dist/ is not built: run `make build`")
    chromium = shutil.which("chromium")
    if not chromium:
        sys.exit("Debian's chromium is not installed: run `make setup-browser`")

    from playwright.sync_api import sync_playwright

    server = make_server(args.dist, 0, "127.0.0.1")
    server.RequestHandlerClass = lambda *a, **kw: BenchHandler(*a, directory=str(Path(args.dist).resolve()), **kw)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://localhost:{server.server_address[1]}/"
    result: dict = {"dist_bytes": sum(p.stat().st_size for p in Path(args.dist).rglob("*")
                                      if p.is_file() and p.suffix not in (".br", ".gz"))}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            if args.moves_only:
                ctx = browser.new_context()
                page = ctx.new_page()
                result["move_ms"] = {lv: move_times(page, base, lv, args.deals, games) for lv in args.move_level.split(",")}
                ctx.close()
                browser.close()
                print(json.dumps({"move_ms": result["move_ms"]}, separators=(",", ":")))
                return
            # the bare boot first, each in a fresh context: nothing cached but what it loads
            ctx = answered(browser.new_context())
            page = ctx.new_page()
            result["bare_cold"] = bare_boot(page, base)
            page.goto("about:blank")
            page.goto(base + "?speed=instant#/")  # installs the service worker...
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
            page.goto("about:blank")
            result["bare_sw_cache"] = bare_boot(page, base)  # ...which now serves the bare page too
            print(f"bare Pyodide: first visit {result['bare_cold']}, from SW cache {result['bare_sw_cache']}", flush=True)
            ctx.close()

            ctx = answered(browser.new_context())
            page = ctx.new_page()
            url = base + "?speed=instant#/game/briscola?deck=piacentine"
            result["cold"] = visit(page, url, server)
            print(f"first visit:   {result['cold']}", flush=True)
            page.goto("about:blank")
            result["sw_cache"] = visit(page, url, server)
            print(f"from SW cache: {result['sw_cache']}", flush=True)
            ctx.close()

            ctx = answered(browser.new_context())
            page = ctx.new_page()
            result["tap_cold"] = tap_after_reading(page, base)
            print(f"tap after {READING_MS} ms, first visit: {result['tap_cold']}", flush=True)
            page.goto("about:blank")
            result["tap_sw_cache"] = tap_after_reading(page, base)
            print(f"tap after {READING_MS} ms, from SW cache: {result['tap_sw_cache']}", flush=True)

            result["move_ms"] = {lv: move_times(page, base, lv, args.deals, games) for lv in args.move_level.split(",")}
            ctx.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    cold, warm = result["cold"], result["sw_cache"]
    bare_warm = warm["steps"]["loadPyodide_ms"]
    bare_lp = result["bare_sw_cache"]["loadPyodide_ms"]
    summary = {
        "first_visit_bytes": cold["bytes"],
        "first_visit_encodings": cold["encodings"],
        "cold_to_playable_ms": cold["to_playable_ms"],
        "sw_cache_to_playable_ms": warm["to_playable_ms"],
        "pyodide_boot_cold_ms": cold["steps"]["loadPyodide_ms"],
        "pyodide_boot_sw_cache_ms": bare_warm,
        "bare_page_cold_ms": result["bare_cold"]["to_ready_ms"],
        "bare_page_sw_cache_ms": result["bare_sw_cache"]["to_ready_ms"],
        # warm playable / bare boot of the same run (loadPyodide in the bare page's worker, and that whole
        # page); not our own worker's loadPyodide: on a warm visit that is a snapshot restore
        "warm_ratio_vs_loadPyodide": round(warm["to_playable_ms"] / bare_lp, 2) if bare_lp else None,
        "warm_ratio_vs_bare_page": round(warm["to_playable_ms"] / result["bare_sw_cache"]["to_ready_ms"], 2),
        "warm_boot": warm["steps"]["boot"],  # "snapshot": the warm visit restored the engine's heap
        "bare_loadPyodide_sw_cache_ms": result["bare_sw_cache"]["loadPyodide_ms"],
        "tap_after_3s_to_playable_cold_ms": result["tap_cold"]["tap_to_playable_ms"],
        "tap_after_3s_to_playable_sw_cache_ms": result["tap_sw_cache"]["tap_to_playable_ms"],
        "second_visit_bytes": warm["bytes"],
        # per level and game: the bars (issue 27) are p95 <= 300 ms in the two-player games and
        # <= 800 ms in the four-player ones, at every level
        "move_p95_ms": {lv: {g: m["p95"] for g, m in per.items() if isinstance(m, dict) and g != "all"}
                        for lv, per in result["move_ms"].items()},
        "detail": result,
    }
    print(json.dumps(summary, separators=(",", ":")))


if __name__ == "__main__":
    main()
