"""The site in real Chromium: play full deals by clicking, offline, resume, embed, install."""

from __future__ import annotations

import re
import shutil
import tempfile

from conftest import BOOT_TIMEOUT, CHROMIUM_ARGS, DIST, ROOT, Server, chromium_path, close_context
from helpers import play_one, play_until_sheet, snapshot, table_url, wait_ready


def sheet_totals(page) -> list[int]:
    cells = page.locator("dialog[open] [data-total-team]")
    return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


def test_home_lists_traditions_games_and_rules(page, server):
    page.goto(server.url)
    page.wait_for_selector(".tradition")
    names = page.locator(".tradition h2").all_inner_texts()
    assert names == ["Piacentine", "Siciliane", "Bresciane", "Tarocco Piemontese", "Minchiate", "Napoletane"]
    piacentine = page.locator(".tradition").first
    assert "Piacenza · Emilia-Romagna · Italy" in piacentine.inner_text()
    assert "40 cards" in piacentine.inner_text()
    assert piacentine.get_by_role("link", name=re.compile("Wikipedia")).get_attribute("href").startswith("https://en.wikipedia.org/")
    catalogue = page.evaluate("fetch('data/site.json').then(r => r.json())")["catalogue"]
    soon = [g for tr in catalogue["traditions"] for g in tr["games"] if not catalogue["games"][g]["playable"]]
    assert page.locator(".tradition .badge").count() == len(soon)
    assert all(b == "coming soon" for b in page.locator(".tradition .badge").all_inner_texts())
    page.goto(server.url + "#/game/scopa?deck=siciliane&tab=rules")
    page.wait_for_selector("#panel-rules:not([hidden]) .rules")
    rules = page.locator("#panel-rules")
    assert rules.locator(".rules-header").inner_text() == "2 players · You vs AI · Match to 11"
    assert rules.locator("h2").all_inner_texts() == ["Objective", "Setup", "Playing a turn", "Scoring and end"]
    assert "Donna 8" in rules.inner_text()


def test_briscola_full_deal_by_clicking(page, server):
    page.goto(server.url + table_url("briscola", 5, deck="piacentine"))
    wait_ready(page)
    hand = page.get_by_role("region", name="Your hand")
    assert hand.get_by_role("button").count() == 3
    snap = snapshot(page)
    assert snap["game"] == "briscola" and snap["trump"]
    moves = play_until_sheet(page)
    assert moves == 20
    dialog = page.get_by_role("dialog")
    assert dialog.is_visible()
    snap = snapshot(page)
    engine_totals = snap["sheets"][-1]["totals"]
    assert sheet_totals(page) == engine_totals
    assert sum(engine_totals) == 120
    assert dialog.get_by_role("button", name="New match").is_visible()


def test_scopa_full_deal_by_clicking(page, server):
    page.goto(server.url + table_url("scopa", 6, deck="siciliane"))
    wait_ready(page)
    names = page.get_by_role("region", name="Your hand").get_by_role("button").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert len(names) == 3 and all(re.fullmatch(r"(Ace|[2-7]) of (Cups|Coins|Swords|Batons)|(8|9|10) of (Cups|Coins|Swords|Batons) \((Donna|Cavallo|Re)\)", n) for n in names)
    moves = play_until_sheet(page)
    assert moves == 18
    log = page.get_by_role("log").locator("li").all_inner_texts()
    assert any(re.fullmatch(r"(You|AI) captured .+ of \w+( \(\w+\))? with .+ of \w+( \(\w+\))?(\.| — Scopa!)", line) for line in log), log
    assert any(re.fullmatch(r"(You|AI) placed .+ of \w+( \(\w+\))? on the table\.", line) for line in log), log
    snap = snapshot(page)
    sheet = snap["sheets"][-1]
    assert sheet["deal"] == 1
    assert sheet_totals(page) == sheet["totals"]
    rows = page.locator("dialog[open] tbody tr[data-key]")
    assert rows.count() == len({line["key"] for line in sheet["lines"]})
    # every line is shown: the cells of each team add up to the total
    for team, total in enumerate(sheet["totals"]):
        cells = rows.locator(f"td:nth-of-type({team + 1})").all_inner_texts()
        assert sum(int(c) for c in cells) == total
    page.get_by_role("button", name="Next deal").click()
    page.wait_for_function("window.__cardavia.snapshot.deal === 2")
    assert not page.locator("dialog[open]").count()


def test_reload_mid_deal_resumes_same_position(page, server):
    page.goto(server.url + table_url("scopa", 7, deck="piacentine"))
    wait_ready(page)
    for _ in range(2):
        page.wait_for_selector(".table-view[data-state=yours]")
        play_one(page)
    page.wait_for_selector(".table-view[data-state=yours]")
    before = snapshot(page)
    dom_hand = page.locator(".hand button").evaluate_all("bs => bs.map(b => b.dataset.card)")
    dom_table = page.locator(".table-cards .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    page.reload()
    wait_ready(page)
    page.wait_for_selector(".table-view[data-state=yours]")
    after = snapshot(page)
    # the same position (not the seed: the bridge shows a seed only to the page that chose
    # it in this session, and a restored match is not one; it compared None with None before)
    for key in ("hand", "table", "captured", "stock", "deal", "hand_counts"):
        assert after[key] == before[key], key
    assert page.locator(".hand button").evaluate_all("bs => bs.map(b => b.dataset.card)") == dom_hand
    assert page.locator(".table-cards .card").evaluate_all("cs => cs.map(c => c.dataset.card)") == dom_table


def test_offline_after_one_visit(browser, watch):
    own = Server()
    ctx = browser.new_context()
    watch.attach_context(ctx)
    try:
        page = ctx.new_page()
        watch.attach(page)
        page.goto(own.url + table_url("briscola", 9))
        wait_ready(page)
        # the engine may be ready before the service worker has installed and claimed the
        # page (the precache is large): offline play needs the latter, so wait for it
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=BOOT_TIMEOUT)
        own.stop()
        ctx.set_offline(True)
        page.reload()
        wait_ready(page)
        page.wait_for_selector(".table-view[data-state=yours]")
        card = play_one(page)
        # wait for the engine's answer (the old second condition held at once on an empty trick)
        page.wait_for_function(f"!window.__cardavia.snapshot.hand.includes('{card}')")
        assert card not in snapshot(page)["hand"]
    finally:
        close_context(ctx)
        own.stop()


def test_embed_from_another_origin_plays_a_card(page, server, tmp_path):
    (tmp_path / "blog.html").write_text(
        '<!doctype html><html><head><title>A blog</title><link rel="icon" href="data:,">'
        f'<script src="{server.url}embed.js" defer></script></head>'
        '<body><h1>A blog</h1><cardavia-game game="briscola" deck="piacentine" level="greedy" speed="instant" seed="16">'
        '</cardavia-game></body></html>', encoding="utf-8")
    (tmp_path / "index.html").write_text("<!doctype html><title>host</title>", encoding="utf-8")
    host = Server(directory=tmp_path, csp=False)  # another origin (another port), with no policy of ours
    try:
        page.goto(f"http://127.0.0.1:{host.port}/blog.html")
        page.wait_for_selector("cardavia-game iframe", state="attached")
        frame = next(f for f in _wait_frames(page) if "embed.html" in f.url)
        assert frame.url.startswith(server.url + "embed.html?game=briscola&deck=piacentine")
        wait_ready(frame)
        frame.wait_for_selector(".table-view[data-state=yours]")
        card = play_one(frame)
        frame.wait_for_function(f"!window.__cardavia.snapshot.hand.includes('{card}')")
    finally:
        host.stop()


def _wait_frames(page):
    page.wait_for_function("document.querySelector('cardavia-game').shadowRoot.querySelector('iframe').src !== ''")
    for _ in range(100):
        if any("embed.html" in f.url for f in page.frames):
            return page.frames
        page.wait_for_timeout(100)
    return page.frames


def test_embed_rejects_unknown_parameters_as_text(page, server):
    page.goto(server.url + "embed.html?game=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    page.wait_for_selector(".embed-message")
    text = page.locator(".embed-message").inner_text()
    assert "Unknown game “<img src=x onerror=alert(1)>”" in text
    assert page.locator(".embed-message img").count() == 0
    page.goto(server.url + "embed.html?game=briscola&deck=siciliane")
    page.wait_for_function("document.querySelector('.embed-message p') && document.querySelector('.embed-message p').textContent.includes('siciliane')")
    assert "cannot be used for Briscola" in page.locator(".embed-message").inner_text()


def test_pwa_installability(playwright_instance, server):
    with tempfile.TemporaryDirectory() as profile:
        ctx = playwright_instance.chromium.launch_persistent_context(
            profile, executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            errors = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(server.url)
            page.wait_for_function("navigator.serviceWorker.ready.then(() => true)", timeout=BOOT_TIMEOUT)
            manifest = page.evaluate("fetch('manifest.webmanifest').then(r => r.json())")
            assert manifest["display"] == "standalone" and manifest["name"] == "Cardavia"
            cdp = ctx.new_cdp_session(page)
            result = cdp.send("Page.getInstallabilityErrors")
            assert result["installabilityErrors"] == []
            assert errors == []
        finally:
            close_context(ctx)


def test_new_deployment_shows_update_available(browser, watch, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    own = Server(directory=site)
    ctx = browser.new_context()
    watch.attach_context(ctx)
    try:
        page = ctx.new_page()
        watch.attach(page)
        page.goto(own.url + table_url("briscola", 10))
        wait_ready(page)
        first = page.evaluate("caches.keys()")
        assert page.locator("#update").is_hidden()
        # a new deployment: the service worker's content (and cache name) changes
        sw = (site / "sw.js").read_text(encoding="utf-8")
        (site / "sw.js").write_text(re.sub(r'const VERSION = "[^"]+"', 'const VERSION = "next-deploy"', sw), encoding="utf-8")
        page.reload()
        wait_ready(page)
        bar = page.locator("#update")
        bar.wait_for(state="visible", timeout=60_000)
        assert "Update available" in bar.inner_text()
        # Reload hands over to the new worker, then reloads the page: wait for that load,
        # or wait_ready can pass on the old page and the evaluate below meet the navigation
        with page.expect_navigation(timeout=60_000):
            bar.get_by_role("button", name="Reload").click()
        page.wait_for_function("caches.keys().then(k => k.includes('cardavia-next-deploy') && k.length === 1)", timeout=60_000)
        wait_ready(page)
        assert page.evaluate("caches.keys()") != first
    finally:
        close_context(ctx)
        own.stop()


# Scopa on the Piacentine, seed 24 (found with the engine's bridge): you lead, and the first
# card of your hand, the Cavallo of Cups (9), captures either 4 of Batons + 5 of Swords or
# 5 of Swords + 4 of Cups, so the keyboard must also pick a capture from the choices.
KEYBOARD_SEED, KEYBOARD_CARD = 24, "NC"
KEYBOARD_CHOICES = ["play:NC:4B+5S", "play:NC:5S+4C"]


def test_keyboard_play(page, server):
    page.goto(server.url + table_url("scopa", KEYBOARD_SEED, deck="piacentine"))
    wait_ready(page)
    page.wait_for_selector(".table-view[data-state=yours]")
    before = snapshot(page)
    assert before["seed"] == KEYBOARD_SEED and before["hand"][0] == KEYBOARD_CARD
    assert [a["id"] for a in before["legal"] if a["id"].startswith(f"play:{KEYBOARD_CARD}:")] == KEYBOARD_CHOICES
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('.hand') && !document.activeElement.disabled"):
            break
    else:
        raise AssertionError("Tab never reached a playable card")
    assert page.evaluate("document.activeElement.dataset.card") == KEYBOARD_CARD  # the hand's first card
    page.keyboard.press("Enter")
    # the capture has two groups: the choices take the focus, the first one first
    page.locator(".choices:not([hidden]) button.choice").first.wait_for()
    assert page.evaluate("document.activeElement.classList.contains('choice')")
    assert page.evaluate("document.activeElement.dataset.action") == KEYBOARD_CHOICES[0]
    page.keyboard.press("Enter")
    page.wait_for_function(f"!window.__cardavia.snapshot.hand.includes('{KEYBOARD_CARD}')")
    page.wait_for_selector(".table-view[data-state=yours]")
    after = snapshot(page)
    assert after["hand_counts"][0] == before["hand_counts"][0] - 1 and after["deal"] == before["deal"]
    # the chosen capture was made: three cards to your pile, 4B and 5S off the table
    assert after["captured"][0] == before["captured"][0] + 3
    assert not {"4B", "5S"} & set(after["table"])


def test_works_under_a_sub_path(page, tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>other site</title>", encoding="utf-8")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "cardavia").symlink_to(DIST, target_is_directory=True)
    host = Server(directory=tmp_path)
    try:
        page.goto(host.url + "games/cardavia/" + table_url("briscola", 11))
        wait_ready(page)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r && r.scope)")
        assert scope == host.url + "games/cardavia/"
        page.wait_for_selector(".table-view[data-state=yours]")
        card = play_one(page)
        page.wait_for_function(f"!window.__cardavia.snapshot.hand.includes('{card}')")
    finally:
        host.stop()


def test_engine_failure_shows_message_and_retry_recovers(browser, tmp_path):
    """A broken deployment (engine wheel missing): a clear message and Retry; once the file
    is back, Retry boots the engine and the table plays. (Console errors are expected here.)"""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    wheel = next((site / "pyodide").glob("cardavia-*.whl"))
    kept = tmp_path / wheel.name
    wheel.rename(kept)
    own = Server(directory=site)
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(own.url + table_url("scopa", 12, deck="piacentine"))
        alert = page.get_by_role("alert")
        alert.wait_for(timeout=BOOT_TIMEOUT)
        assert "could not start" in alert.inner_text()
        retry = page.get_by_role("button", name="Retry")
        assert retry.is_visible()
        kept.rename(wheel)
        retry.click()
        wait_ready(page)
        page.wait_for_selector(".table-view[data-state=yours]")
        card = play_one(page)
        page.wait_for_function(f"!window.__cardavia.snapshot.hand.includes('{card}')")
    finally:
        close_context(ctx)
        own.stop()


def test_hint_and_undo(page, server):
    page.goto(server.url + table_url("briscola", 13))
    wait_ready(page)
    page.wait_for_selector(".table-view[data-state=yours]")
    page.get_by_role("button", name="Hint").click()
    hinted = page.locator(".hand button.hinted")
    hinted.wait_for()
    # the hint says why, in words, from the expert search's own values
    advice = page.evaluate("window.__cardavia.response.advice")
    assert advice["action"] == page.evaluate("window.__cardavia.response.hint")
    assert hinted.get_attribute("data-card") == advice["action"].split(":")[1]
    note = page.get_by_role("log").locator("li.note").last.inner_text()
    assert re.fullmatch(rf"Hint: play {re.escape(hinted.get_attribute('aria-label'))} — .+\.", note), note
    assert page.locator(".hint-box .hint-main").inner_text() == note
    choices = page.locator(".hint-box .hint-choices li")
    assert choices.count() == len([c for c in advice["choices"] if c["expected"] is not None]) >= 2
    assert choices.first.get_attribute("data-action") == advice["action"]
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})  # the hint as a phone shows it
    page.screenshot(path=str(ROOT / "test-artifacts" / "hint-briscola-390x844.png"))
    page.set_viewport_size({"width": 1100, "height": 800})
    before = snapshot(page)
    card = play_one(page)
    page.wait_for_selector(".table-view[data-state=yours]")
    assert card not in snapshot(page)["hand"]
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function(f"window.__cardavia.snapshot.hand.includes('{card}')")
    page.wait_for_selector(".table-view[data-state=yours]")
    after = snapshot(page)
    assert sorted(after["hand"]) == sorted(before["hand"]) and after["trick"] == before["trick"]
    assert page.locator(f".hand button[data-card='{card}']").count() == 1


def test_scopa_match_to_11_ends_with_the_winner_and_new_match(page, server):
    page.goto(server.url + table_url("scopa", 14, deck="piacentine"))
    wait_ready(page)
    deals = 0
    while True:
        play_until_sheet(page)
        deals += 1
        snap = snapshot(page)
        assert sheet_totals(page) == snap["sheets"][-1]["totals"]
        if snap["result"]:
            break
        assert max(snap["match_scores"]) < 11 or snap["match_scores"][0] == snap["match_scores"][1]
        page.get_by_role("button", name="Next deal").click()
        assert deals < 12
    result = snap["result"]
    assert max(result["scores"]) >= 11 and result["scores"][0] != result["scores"][1]
    match_cells = page.locator("dialog[open] [data-match-team]").all_inner_texts()
    assert [int(c) for c in match_cells] == result["scores"]
    verdict = page.locator("dialog[open] .verdict").inner_text()
    assert verdict == ("You win!" if result["winner_team"] == 0 else "The AI wins.")
    page.get_by_role("dialog").get_by_role("button", name="New match").click()
    page.wait_for_function("window.__cardavia.snapshot.result === null && window.__cardavia.snapshot.deal === 1")
    assert snapshot(page)["match_scores"] == [0, 0]


def test_boot_timeout_shows_message_and_retry(browser, server):
    """The wasm never arrives (e.g. a host serving it wrongly): a clear timeout message and Retry."""
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
        page = ctx.new_page()
        page.goto(server.url + "?boot_timeout=3000&speed=instant&seed=15#/game/briscola")
        alert = page.get_by_role("alert")
        alert.wait_for(timeout=30_000)
        assert alert.inner_text() == "The game engine did not start in time. Check your connection, then retry."
        assert page.get_by_role("button", name="Retry").is_visible()
        assert page.evaluate("window.__cardavia.ready") is False
    finally:
        close_context(ctx)
