#!/usr/bin/env python3
"""Benchmark the built site in headless Chromium (Debian's chromium, via Playwright).

Measures, on a server started here on a free localhost port:
  - cold visit: navigation → playable table (ms), bytes served by the server;
  - second visit (served from the service-worker cache): navigation → playable table, bytes;
  - bare Pyodide boot (loadPyodide inside the worker) in both visits, and the rest of the boot
    (micropip, engine wheel);
  - computer move time in the browser (page → worker → Python → page round trip of one
    `advance`), p50/p95, for Briscola and Scopa at level "normal".
The LAST line printed is one JSON object with every figure.

Usage: python scripts/bench_web.py [--deals 2]   (make bench-web builds dist first)
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from serve import make_server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"]
READY = "window.__cardavia && window.__cardavia.ready === true"


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return round(s[k], 2)


def visit(page, url: str, server) -> dict:
    before = server.bytes_sent
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_selector(".table-view[data-state=yours], .table-view[data-state=busy]")
    info = page.evaluate("""() => ({ready: window.__cardavia.readyAt, timings: window.__cardavia.timings,
        controlled: !!navigator.serviceWorker.controller})""")
    page.wait_for_timeout(300)  # let late requests (icons, manifest) land before counting
    return {
        "to_playable_ms": round(info["ready"], 1),
        "pyodide_boot_ms": round(info["timings"]["runtime"], 1),
        "micropip_ms": round(info["timings"]["micropip"], 1),
        "engine_install_ms": round(info["timings"]["engine"], 1),
        "bytes": server.bytes_sent - before,
        "sw_controlled": info["controlled"],
    }


def play_deals(page, deals: int) -> int:
    """Click through `deals` score sheets (first enabled card, first capture choice)."""
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
        page.locator(".hand button:not([disabled])").first.click()
        choices = page.locator(".choices:not([hidden]) button.choice")
        if choices.count():
            choices.first.click()
    return seen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--deals", type=int, default=2, help="deals played per game for move times")
    args = ap.parse_args()
    if not (Path(args.dist) / "sw.js").exists():
        sys.exit("dist/ is not built: run `make build`")
    chromium = shutil.which("chromium")
    if not chromium:
        sys.exit("Debian's chromium is not installed: run `make setup-browser`")

    from playwright.sync_api import sync_playwright

    server = make_server(args.dist, 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://localhost:{server.server_address[1]}/"
    result: dict = {"dist_bytes": sum(p.stat().st_size for p in Path(args.dist).rglob("*") if p.is_file())}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            ctx = browser.new_context()
            page = ctx.new_page()
            url = base + "?speed=instant#/game/briscola?deck=piacentine"
            cold = visit(page, url, server)
            print(f"cold visit:   {cold}", flush=True)
            page.goto("about:blank")
            warm = visit(page, url, server)
            print(f"from SW cache: {warm}", flush=True)
            result["cold"] = cold
            result["sw_cache"] = warm

            moves: dict[str, list[float]] = {}
            for game, deck in (("briscola", "piacentine"), ("scopa", "piacentine")):
                page.evaluate("localStorage.clear()")
                page.goto(base + f"?speed=instant&level=normal#/game/{game}?deck={deck}")
                page.wait_for_function(READY, timeout=120_000)
                page.evaluate("window.__cardavia.moveTimes = []")
                play_deals(page, args.deals)
                moves[game] = page.evaluate("window.__cardavia.moveTimes")
                print(f"{game}: {len(moves[game])} computer moves, p50 {pct(moves[game], 50)} ms, "
                      f"p95 {pct(moves[game], 95)} ms", flush=True)
            all_moves = [m for v in moves.values() for m in v]
            result["move_ms"] = {
                g: {"n": len(v), "p50": pct(v, 50), "p95": pct(v, 95),
                    "mean": round(statistics.fmean(v), 2) if v else None}
                for g, v in moves.items()
            }
            result["move_ms"]["all"] = {"n": len(all_moves), "p50": pct(all_moves, 50), "p95": pct(all_moves, 95)}
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    summary = {
        "cold_to_playable_ms": result["cold"]["to_playable_ms"],
        "sw_cache_to_playable_ms": result["sw_cache"]["to_playable_ms"],
        "pyodide_boot_cold_ms": result["cold"]["pyodide_boot_ms"],
        "pyodide_boot_sw_cache_ms": result["sw_cache"]["pyodide_boot_ms"],
        "first_visit_bytes": result["cold"]["bytes"],
        "second_visit_bytes": result["sw_cache"]["bytes"],
        "move_p50_ms": result["move_ms"]["all"]["p50"],
        "move_p95_ms": result["move_ms"]["all"]["p95"],
        "detail": result,
    }
    print(json.dumps(summary, separators=(",", ":")))


if __name__ == "__main__":
    main()
