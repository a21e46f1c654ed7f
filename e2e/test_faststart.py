"""Fast start: the engine booted by the home page is the one the table uses, the server
sends precompressed files the browser asked for, and the site still works offline."""

from __future__ import annotations

import brotli
import gzip

from conftest import BOOT_TIMEOUT, DIST, Server
from helpers import snapshot

READY = "window.__cardavia && window.__cardavia.ready === true"
PLAY_BRISCOLA = 'a[href="#/game/briscola?deck=piacentine"]'


def play_first_card(page) -> str:
    page.wait_for_selector(".table-view[data-state=yours]", timeout=BOOT_TIMEOUT)
    button = page.locator(".hand button:not([disabled])").first
    card = button.get_attribute("data-card")
    button.click()
    page.wait_for_function(f"!window.__cardavia.snapshot.hand.includes('{card}')", timeout=BOOT_TIMEOUT)
    return card


def test_game_opened_from_home_uses_the_engine_the_home_page_booted(page, server):
    page.goto(server.url + "?speed=instant&level=greedy#/")
    page.wait_for_function("window.__cardavia && window.__cardavia.booted === true", timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.__cardavia.ready") is False  # no table yet: only the engine
    assert page.evaluate("window.__cardavia.workersCreated") == 1
    marks = page.evaluate("window.__cardavia.bootMarks")
    assert marks["workerCreated"] <= marks["runtime"] <= marks["engine"] <= marks["ready"]

    page.locator(PLAY_BRISCOLA).first.click()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    assert snapshot(page)["game"] == "briscola"
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
        page.goto(own.url + "?speed=instant&level=greedy#/game/briscola")
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        assert page.evaluate("!!navigator.serviceWorker.controller")
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
        ctx.close()
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
