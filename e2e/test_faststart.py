"""Fast start: the engine booted by the home page is the one the table uses, the server
sends precompressed files the browser asked for, and the site still works offline."""

from __future__ import annotations

import brotli
import gzip

import pytest

from conftest import BOOT_TIMEOUT, DIST, Server, close_context
from helpers import snapshot

READY = "window.__cardavia && window.__cardavia.ready === true"
PLAY_BRISCOLA = 'a[href="#/game/briscola?deck=piacentine"]'


def play_first_card(page) -> str:
    page.wait_for_selector(".table-view[data-state=yours]", timeout=BOOT_TIMEOUT)
    button = page.locator(".hand button:not([disabled]):not([aria-disabled])").first
    card = button.get_attribute("data-card")
    button.click()
    page.wait_for_function(f"!window.__cardavia.snapshot.hand.includes('{card}')", timeout=BOOT_TIMEOUT)
    return card


def test_game_opened_from_home_uses_the_engine_the_home_page_booted(page, server):
    page.goto(server.url + "?speed=instant&level=greedy&seed=43#/")  # the table opened from home deals seed 43
    page.wait_for_function("window.__cardavia && window.__cardavia.booted === true", timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.__cardavia.ready") is False  # no table yet: only the engine
    assert page.evaluate("window.__cardavia.workersCreated") == 1
    marks = page.evaluate("window.__cardavia.bootMarks")
    assert marks["workerCreated"] <= marks["runtime"] <= marks["engine"] <= marks["ready"]

    page.locator(PLAY_BRISCOLA).first.click()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    assert snapshot(page)["game"] == "briscola" and snapshot(page)["seed"] == 43
    card = play_first_card(page)
    assert card not in snapshot(page)["hand"]
    # the table used the worker started for the home page: no second boot
    assert page.evaluate("window.__cardavia.workersCreated") == 1
    assert page.evaluate("window.__cardavia.bootMarks.firstDeal") > marks["ready"]


def test_compressed_responses_then_offline(browser, watch):
    """A first visit gets brotli or gzip for the JS and the wasm (with the wasm's own MIME
    type); the service worker keeps what the browser decoded, so the site then boots and
    plays with the server gone."""
    own = Server()
    ctx = browser.new_context()
    watch.attach_context(ctx)
    seen: dict[str, dict] = {}

    def on_response(res):
        name = res.url.split("?")[0].rsplit("/", 1)[-1]
        if name in ("app.js", "engine.js", "pyodide.asm.wasm", "pyodide.asm.mjs") and not res.from_service_worker:
            seen.setdefault(name, res.all_headers())

    ctx.on("response", on_response)
    try:
        page = ctx.new_page()
        watch.attach(page)
        page.goto(own.url + "?speed=instant&level=greedy&seed=42#/game/briscola")
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        # the engine may be ready before the service worker has claimed the page (the boot
        # waits 4 s for it, then plays on; a loaded CI machine took longer): offline play
        # needs the worker, so wait for it as test_site's offline test does
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=BOOT_TIMEOUT)
        for name in ("app.js", "engine.js"):
            assert seen[name]["content-encoding"] in ("br", "gzip"), (name, seen[name])
            assert seen[name]["content-type"] == "text/javascript"
            assert seen[name]["vary"] == "Accept-Encoding"
        # the wasm is fetched by the service worker's precache: ask the server as the browser does
        wasm = page.evaluate("""async () => {
            const r = await fetch("pyodide/pyodide.asm.wasm?direct", {cache: "no-store"});
            return {type: r.headers.get("content-type"), size: (await r.arrayBuffer()).byteLength};
        }""")
        assert wasm["type"] == "application/wasm"
        assert wasm["size"] == (DIST / "pyodide" / "pyodide.asm.wasm").stat().st_size
        if "pyodide.asm.wasm" in seen:  # Playwright reports the service worker's own requests too
            assert seen["pyodide.asm.wasm"]["content-encoding"] in ("br", "gzip")
            assert seen["pyodide.asm.wasm"]["content-type"] == "application/wasm"

        own.stop()
        ctx.set_offline(True)
        page.reload()
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        card = play_first_card(page)
        assert card not in snapshot(page)["hand"]
    finally:
        close_context(ctx)
        own.stop()


def test_server_sends_the_sibling_the_client_accepts(server):
    import urllib.request
    src = (DIST / "pyodide" / "pyodide.asm.wasm").read_bytes()
    for accept, encoding, decode in (("br, gzip", "br", brotli.decompress), ("gzip", "gzip", gzip.decompress),
                                     ("identity", None, lambda b: b)):
        req = urllib.request.Request(server.url + "pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": accept})
        with urllib.request.urlopen(req) as res:
            body = res.read()
            assert res.headers.get("Content-Encoding") == encoding
            assert res.headers["Content-Type"] == "application/wasm"
            assert res.headers["Vary"] == "Accept-Encoding"
            assert int(res.headers["Content-Length"]) == len(body)
        assert decode(body) == src
        if encoding:
            assert len(body) < len(src) / 2


def test_every_precompressed_sibling_in_dist_decompresses_to_its_source():
    siblings = [p for p in DIST.rglob("*") if p.suffix in (".br", ".gz")]
    assert {p.suffix for p in siblings} == {".br", ".gz"}
    assert (DIST / "pyodide" / "pyodide.asm.wasm.br").exists() and (DIST / "index.html.gz").exists()
    for p in siblings:
        source = p.with_suffix("")
        decode = brotli.decompress if p.suffix == ".br" else gzip.decompress
        assert decode(p.read_bytes()) == source.read_bytes(), p


# ------------------------------------------------------------------ the engine's memory snapshot
SNAPSHOT_CACHE = "cardavia:engine-snapshot"  # worker/snapshot.js
BOOT_MODE = "window.__cardavia.timings.boot"


def boot_to_table(page, url: str) -> str:
    """Opens `url`, waits for a playable table; the engine's boot mode ("fresh" or "snapshot")."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    page.wait_for_selector(".table-view[data-state=yours], .table-view[data-state=busy]", timeout=BOOT_TIMEOUT)
    return page.evaluate(BOOT_MODE)


def wait_snapshot_saved(page) -> None:
    page.wait_for_function("window.__cardavia.snapshotSaved !== undefined", timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.__cardavia.snapshotSaved") is True


def test_a_later_visit_restores_the_engine_snapshot_and_deals_as_a_fresh_boot(page, server):
    """The first visit boots Python and stores the heap; the next one restores it (one worker,
    nothing imported again) and is the same engine: the same seed deals the same hands, and a
    module imported only on first use (Minchiate's computer player) still loads from the wheel."""
    seeded = server.url + "?speed=instant&level=greedy&seed=4242#/game/briscola?deck=piacentine"
    assert boot_to_table(page, seeded) == "fresh"
    fresh = snapshot(page)
    wait_snapshot_saved(page)
    stored = page.evaluate(f"""async () => {{
        const hit = await (await caches.open("{SNAPSHOT_CACHE}")).match(new URL("worker/engine-snapshot", location.href).href);
        return hit ? (await hit.arrayBuffer()).byteLength : 0;
    }}""")
    assert stored > 1_000_000  # a whole heap, not a stub

    page.evaluate("localStorage.clear()")  # no autosave: the seed deals again
    assert boot_to_table(page, seeded) == "snapshot"
    assert page.evaluate("window.__cardavia.workersCreated") == 1
    assert page.evaluate("window.__cardavia.snapshotSaved") is None  # a restore stores nothing
    restored = snapshot(page)
    assert (restored["seed"], restored["hand"]) == (fresh["seed"], fresh["hand"])
    assert play_first_card(page) not in snapshot(page)["hand"]

    # cardavia.ai.minchiate_policy is not in the heap (imported on a computer's first Minchiate move)
    page.evaluate("localStorage.clear()")
    assert boot_to_table(page, server.url + "?speed=instant&level=normal&seed=1#/game/minchiate?deck=minchiate") == "snapshot"
    page.evaluate("window.__cardavia.moveTimes = []")
    for _ in range(20):
        if page.evaluate("window.__cardavia.moveTimes.length") >= 3:
            break
        page.wait_for_selector(".table-view[data-state=yours], dialog[open]", timeout=BOOT_TIMEOUT)
        if page.locator("dialog[open]").count():
            break
        if snapshot(page)["phase"] == "declare":
            page.locator(".declare-box .declare-go").click()
        else:
            page.locator(".hand button:not([disabled]):not([aria-disabled])").first.click(position={"x": 8, "y": 14})
        page.wait_for_timeout(100)
    assert page.evaluate("window.__cardavia.moveTimes.length") >= 3
    assert page.evaluate("window.__cardavia.response.ok") is True


@pytest.mark.parametrize("damage", ["bytes", "key"])
def test_a_damaged_or_foreign_snapshot_is_not_restored_and_is_replaced(page, server, damage):
    """Garbage under this build's key fails to restore; a heap under another build's key is
    never tried: either way the engine boots normally, plays, and stores a good heap again."""
    url = server.url + "?speed=instant&level=greedy#/game/briscola?deck=piacentine"
    assert boot_to_table(page, url) == "fresh"
    wait_snapshot_saved(page)
    page.evaluate(f"""async (damage) => {{
        const cache = await caches.open("{SNAPSHOT_CACHE}");
        const entry = new URL("worker/engine-snapshot", location.href).href;
        const hit = await cache.match(entry);
        const key = hit.headers.get("x-cardavia-snapshot-key");
        const bytes = new Uint8Array(await hit.arrayBuffer());
        const headers = {{"x-cardavia-snapshot-key": damage === "key" ? key.split("").reverse().join("") : key}};
        if (damage === "bytes") bytes.fill(7, 0, 4096);  // the header and magic number gone
        await cache.put(entry, new Response(bytes, {{headers}}));
    }}""", damage)
    page.evaluate("localStorage.clear()")
    assert boot_to_table(page, url) == "fresh"
    assert play_first_card(page) not in snapshot(page)["hand"]
    wait_snapshot_saved(page)
    page.evaluate("localStorage.clear()")
    assert boot_to_table(page, url) == "snapshot"
    assert play_first_card(page) not in snapshot(page)["hand"]
