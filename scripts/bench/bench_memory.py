#!/usr/bin/env python3
"""Memory over a long session: deal after deal of Briscola in one browser page at instant
speed, the player always playing their first card, and after 10/50/100/200 deals (or
--deals), what the engine worker and the page hold:

  wasm_heap_bytes      the worker's WebAssembly memory (Pyodide's whole C heap: it grows,
                       never shrinks, so it is the high-water mark)
  gc_objects           Python objects the garbage collector tracks, in the worker
  worker_js_heap_used  the worker's JavaScript heap after a garbage collection (CDP
                       Runtime.getHeapUsage on the worker's target)
  page_js_heap_used    the page's, the same way
  dom_nodes, listeners the page's DOM nodes and event listeners (CDP Memory.getDOMCounters)

Served from dist/ (`make build` first) by scripts/build/serve.py on a free port, Debian's chromium.
The last line printed is one JSON object. `make bench-memory` runs it.

Usage: python scripts/bench/bench_memory.py [--deals 200] [--level greedy] [--dist dist]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "build"))
from serve import make_server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"]
READY = "() => window.__cardavia && window.__cardavia.ready === true"

# Plays `n` deals in the page: the first enabled card when it is the player's turn, "New
# match" on the score sheet (a Briscola match is one deal). Runs inside the page, so no
# round trip to the test driver slows a move.
PLAY_DEALS = """async (n) => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const state = () => (document.querySelector('.table-view') || {dataset: {}}).dataset.state;
  let done = 0;
  while (done < n) {
    const dialog = document.querySelector('dialog[open]');
    const next = dialog && dialog.querySelector('.sheet-buttons .btn.primary');
    if (next) {
      next.click();
      done += 1;
      for (let i = 0; i < 400 && document.querySelector('dialog[open]'); i++) await sleep(5);
      continue;
    }
    const card = state() === 'yours' && document.querySelector('.hand button:not([disabled])');
    if (card) {
      card.click();
      for (let i = 0; i < 400 && state() === 'yours'; i++) await sleep(2);
    } else {
      await sleep(5);
    }
  }
}"""


class WorkerTarget:
    """The engine worker's DevTools target, reached through the browser's CDP session
    (Playwright gives no session of its own for a dedicated worker)."""

    def __init__(self, browser_cdp) -> None:
        self.cdp = browser_cdp
        self.replies: dict[int, dict] = {}
        self.next_id = 1
        self.cdp.on("Target.receivedMessageFromTarget", self._on_message)
        targets = self.cdp.send("Target.getTargets")["targetInfos"]
        worker = next(t for t in targets if t["type"] == "worker" and "engine-worker.js" in t["url"])
        self.session = self.cdp.send("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False})["sessionId"]

    def _on_message(self, params: dict) -> None:
        if params.get("sessionId") == self.session:
            msg = json.loads(params["message"])
            if "id" in msg:
                self.replies[msg["id"]] = msg

    def send(self, method: str, params: dict | None = None, page=None) -> dict:
        mid = self.next_id
        self.next_id += 1
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": self.session,
                                                     "message": json.dumps({"id": mid, "method": method, "params": params or {}})})
        for _ in range(500):
            if mid in self.replies:
                return self.replies.pop(mid).get("result", {})
            page.wait_for_timeout(10)  # lets Playwright deliver the event
        raise RuntimeError(f"no answer from the worker to {method}")


def measure(page, page_cdp, worker: WorkerTarget | None) -> dict:
    engine = page.evaluate("() => window.__cardavia.memory()")
    page_cdp.send("HeapProfiler.collectGarbage")
    out = {"wasm_heap_bytes": engine["wasm_heap_bytes"], "gc_objects": engine["gc_objects"],
           "match_log": engine["log"]}
    if worker is not None:
        worker.send("HeapProfiler.collectGarbage", page=page)
        out["worker_js_heap_used"] = round(worker.send("Runtime.getHeapUsage", page=page)["usedSize"])
    out["page_js_heap_used"] = round(page_cdp.send("Runtime.getHeapUsage")["usedSize"])
    dom = page_cdp.send("Memory.getDOMCounters")
    out["dom_nodes"], out["listeners"] = dom["nodes"], dom["jsEventListeners"]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--level", default="greedy", choices=["random", "greedy", "normal", "expert"])
    ap.add_argument("--seed", type=int, default=1, help="the first deal's seed (the next ones: the engine's)")
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    args = ap.parse_args()
    if not (Path(args.dist) / "index.html").exists():
        sys.exit(f"{args.dist}/index.html not found: run `make build` first")
    chromium = shutil.which("chromium")
    if not chromium:
        sys.exit("Debian's chromium is not installed: run `make setup-browser`")
    from playwright.sync_api import sync_playwright

    checkpoints = sorted({c for c in (1, 10, 50, 100, 200, args.deals) if c <= args.deals})
    server = make_server(args.dist, 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = (f"http://localhost:{server.server_address[1]}/?speed=instant&level={args.level}&seed={args.seed}"
           "#/game/briscola?deck=piacentine")
    after: dict[str, dict] = {}
    t0 = time.perf_counter()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1100, "height": 800})
            page.goto(url)
            page.wait_for_function(READY, timeout=120_000)
            page.wait_for_selector(".table-view[data-state=yours], .table-view[data-state=busy]", timeout=60_000)
            page_cdp = page.context.new_cdp_session(page)
            try:
                worker = WorkerTarget(browser.new_browser_cdp_session())
            except Exception as err:  # figures without the worker's JS heap rather than none
                print(f"worker target not reached: {err}", file=sys.stderr)
                worker = None
            played = 0
            for c in checkpoints:
                page.evaluate(PLAY_DEALS, c - played)
                played = c
                after[str(c)] = measure(page, page_cdp, worker)
                print(json.dumps({"deals": c, **after[str(c)], "s": round(time.perf_counter() - t0, 1)}), flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    first = after[str(checkpoints[0] if len(checkpoints) == 1 else checkpoints[1])]
    last = after[str(checkpoints[-1])]
    result = {
        "game": "briscola", "level": args.level, "deals": args.deals, "after": after,
        "growth_from_deal_10": {k: last[k] - first[k] for k in last if isinstance(last[k], (int, float))},
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
