"""E2E fixtures: a freshly built dist/ served by a server the tests start on a free
localhost port, and Debian's chromium driven by Playwright (never `playwright install`)."""

from __future__ import annotations

import collections
import functools
import gc
import json
import os
import re
import signal
import shutil
import socket
import subprocess
import sys
import threading
import time
import traceback
import urllib.request
from pathlib import Path

from contextlib import contextmanager

import greenlet
import pytest
from playwright.sync_api import Browser, Frame, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from lanes import lane_name, run_claimed_modules

ROOT = Path(__file__).resolve().parent.parent
# CARDAVIA_DIST lets two checkouts' worth of work share one tree: each builds and tests its own site
DIST = Path(os.environ["CARDAVIA_DIST"]).resolve() if os.environ.get("CARDAVIA_DIST") else ROOT / "dist"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"]
BOOT_TIMEOUT = 90_000


# The site's Content Security Policy has no 'unsafe-eval': Playwright polls a bare expression
# given to wait_for_function with eval() in the page, which the policy refuses, while a
# function is called through the DevTools protocol. Every expression becomes a function, so
# the tests run under the real policy (no bypass_csp).
FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")


def as_function(expression: str) -> str:
    return expression if FUNCTION.match(expression) else f"() => ({expression})"


def _wait_as_function(method):
    @functools.wraps(method)
    def wait_for_function(self, expression, *args, **kwargs):
        return method(self, as_function(expression), *args, **kwargs)
    return wait_for_function


Page.wait_for_function = _wait_as_function(Page.wait_for_function)
Frame.wait_for_function = _wait_as_function(Frame.wait_for_function)


# A first visit to a game's table offers its lesson before dealing (web/js/table/offer.js).
# Every context the tests open is a player who has answered that offer for every game (so a
# table deals at once, as the tests expect), except one opened with lesson_offer=True (the
# tests of the offer itself). The one place this is done: every context passes through here.
def _answered_offer_script() -> str:
    from cardavia.traditions import catalogue
    games = json.dumps(sorted(catalogue()["games"]))
    return ("try { if (localStorage.getItem('cardavia.lessons.offered') === null)"
            f" localStorage.setItem('cardavia.lessons.offered', JSON.stringify({games})); }} catch (e) {{}}")


def _answering_offer(method):
    @functools.wraps(method)
    def new_context(self, *args, lesson_offer: bool = False, **kwargs):
        ctx = method(self, *args, **kwargs)
        if not lesson_offer:
            ctx.add_init_script(_answered_offer_script())
        return ctx
    return new_context


Browser.new_context = _answering_offer(Browser.new_context)


# A full-page screenshot of a whole deck takes ~2 s on a quiet machine. Twice in CI (stops
# 20 and 22, once on a quiet machine) the same deck's capture hung past 30 s and 120 s
# after "fonts loaded", and it never did in six local runs of its file nor in a whole
# local e2e run: Chromium waiting for a compositor frame that does not come. Screenshots
# are artifacts to look at, so a capture that stalls is retried once after a one-pixel
# resize and back, which makes the page draw a new frame; a second stall fails the test.
SCREENSHOT_TIMEOUT = 45_000


def _patient_screenshot(method):
    @functools.wraps(method)
    def screenshot(self, *args, timeout=SCREENSHOT_TIMEOUT, **kwargs):
        try:
            return method(self, *args, timeout=timeout, **kwargs)
        except PlaywrightTimeoutError:
            size = self.viewport_size
            print(f"screenshot stalled after {timeout} ms at {size}; retrying once", file=sys.stderr)
            if size:
                self.set_viewport_size({"width": size["width"], "height": size["height"] + 1})
                self.set_viewport_size(size)
            return method(self, *args, timeout=timeout, **kwargs)
    return screenshot


Page.screenshot = _patient_screenshot(Page.screenshot)


def chromium_path() -> str:
    path = shutil.which("chromium")
    if not path:
        pytest.exit("Debian's chromium is not installed: run `make setup-browser`", returncode=2)
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """scripts/build/serve.py in a subprocess, so that a test can stop it (offline test)."""

    def __init__(self, directory: Path = DIST, csp: bool = True) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "build" / "serve.py"), "--quiet", "--host", "127.0.0.1",
             "--port", str(self.port), *([] if csp else ["--no-csp"]), str(directory)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 15
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=1).read()
                break
            except OSError:
                if time.time() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise RuntimeError("server did not start")
                time.sleep(0.1)

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}/"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@pytest.fixture(scope="session", autouse=True)
def built_site():
    if not (DIST / "index.html").exists() or not (DIST / "sw.js").exists():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build" / "build_site.py"), "--out", str(DIST)], check=True)
    return DIST


@pytest.fixture(scope="session")
def server():
    s = Server()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright_instance):
    """One browser per test module (a launch takes under a second): a browser the stall
    watchdog had to kill takes down only the rest of its own module."""
    b = playwright_instance.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    yield b
    if b.is_connected():
        b.close()


# Some Playwright calls have no timeout of their own (evaluate, BrowserContext.close), and
# Chromium can stop answering one: a context closed while its service worker starts is a
# known upstream hang (puppeteer#11627), and CI once sat in one test until its 5,400 s ran
# out. The slowest test takes about 21 s on a quiet machine, so a test (setup, call and
# teardown) still running after STALL_LIMIT seconds is stalled: the watchdog prints the
# test's stack, kills this run's chromium (every pending call then fails at once) and
# records the test in test-artifacts/e2e-stalls.json, with the tests of its module that
# failed after the kill because their browser was gone. scripts/test/run_e2e.py runs those
# again once, in a new process and browser; a failure no stall explains is never rerun.
STALL_LIMIT = float(os.environ.get("CARDAVIA_E2E_STALL_LIMIT", "240"))
STALLS = ROOT / "test-artifacts" / f"e2e-stalls{'-' + lane_name() if lane_name() else ''}.json"


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_chromium() -> int:
    """SIGKILL to every chromium process this test run started; how many there were."""
    killed = 0
    for pid in _descendants(os.getpid()):
        try:
            if "chrom" in Path(f"/proc/{pid}/comm").read_text():
                os.kill(pid, signal.SIGKILL)
                killed += 1
        except OSError:
            pass
    return killed


class StallWatch:
    def __init__(self) -> None:
        self.stalled: list[str] = []
        self.rerun: list[str] = []
        self.failed: list[str] = []
        self._killed_modules: set[str] = set()
        self._boot_stalled: set[str] = set()

    def fire(self, nodeid: str) -> None:
        print(f"\n[e2e] {nodeid} still running after {STALL_LIMIT:.0f} s: stacks, then chromium killed",
              file=sys.stderr, flush=True)
        # the test runs in a greenlet that Playwright's sync API suspends while it waits:
        # its stack names the call Chromium did not answer
        for g in gc.get_objects():
            if isinstance(g, greenlet.greenlet) and g.gr_frame is not None:
                print("".join(traceback.format_stack(g.gr_frame)[-6:]), file=sys.stderr, flush=True)
        self.stalled.append(nodeid)
        self._killed_modules.add(nodeid.split("::")[0])
        print(f"[e2e] killed {kill_chromium()} chromium processes", file=sys.stderr, flush=True)

    def boot_stall(self, nodeid: str) -> None:
        """A page that never came up (BootStall): a stall of Chromium's too, in its own
        page alone; the module goes on and this test runs once more in a new browser."""
        print(f"\n[e2e] {nodeid}: a page never came up in {BOOT_TIMEOUT // 1000} s (test-artifacts/failures/)",
              file=sys.stderr, flush=True)
        self.stalled.append(nodeid)
        self._boot_stalled.add(nodeid)

    def failure(self, nodeid: str) -> None:
        killed = nodeid.split("::")[0] in self._killed_modules or nodeid in self._boot_stalled
        target = self.rerun if killed else self.failed
        if nodeid not in target:
            target.append(nodeid)

    def write(self) -> None:
        STALLS.parent.mkdir(exist_ok=True)
        STALLS.write_text(json.dumps({"stall_limit_s": STALL_LIMIT, "stalled": self.stalled,
                                      "rerun": self.rerun, "failed": self.failed}, indent=1) + "\n",
                          encoding="utf-8")


STALL_WATCH = StallWatch()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    timer = threading.Timer(STALL_LIMIT, STALL_WATCH.fire, (item.nodeid,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session):
    """Under `make test` two lanes share the browser tests (e2e/lanes.py)."""
    return run_claimed_modules(session)


def pytest_runtest_logreport(report):
    if report.failed:
        STALL_WATCH.failure(report.nodeid)


# What a page of a failed test showed: a screenshot and its state (address, load state, the
# service worker, the app's hook, its last console lines) in test-artifacts/failures/, so
# that a failure seen once in CI (a page that never drew its table) can be read afterwards.
FAILURES = ROOT / "test-artifacts" / "failures"
PAGE_STATE = """() => ({url: location.href, ready: document.readyState,
  controller: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
  hook: Object.keys(window.__cardavia || {}), pageReady: !!(window.__cardavia && window.__cardavia.pageReady),
  engine: window.__cardavia && window.__cardavia.timings ? window.__cardavia.timings : null,
  text: (document.body ? document.body.innerText : '').slice(0, 600)})"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    pages = [v for v in getattr(item, "funcargs", {}).values() if isinstance(v, Page)]
    for i, page in enumerate(pages):
        name = re.sub(r"[^\w.-]+", "_", item.nodeid)[-150:] + (f"-{i}" if i else "")
        try:
            FAILURES.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(FAILURES / f"{name}.png"), timeout=10_000)
            state = page.evaluate(PAGE_STATE)
        except PlaywrightError as e:  # a page gone or hung: say so, the test's own failure stands
            state = {"unreadable": str(e)[:300]}
        state["console"] = list(getattr(page, "cardavia_console", []))
        (FAILURES / f"{name}.json").write_text(json.dumps(state, indent=1, default=str), encoding="utf-8")
        report.sections.append(("page state", json.dumps(state, default=str)[:2000]))
    if call.excinfo is not None and call.excinfo.errisinstance(BootStall):
        STALL_WATCH.boot_stall(item.nodeid)


class BootStall(AssertionError):
    """A page that did not come up (its top bar, its engine, its table) in BOOT_TIMEOUT,
    where the same steps take seconds. Two CI runs each met one such page, at different
    places of one module, that no local run of the same steps under load reproduced; the
    test runs once more in a new browser (scripts/test/run_e2e.py), and a second stall
    fails it. The page's screenshot and state are kept in test-artifacts/failures/."""


def wait_boot(page: Page, expression: str | None = None, selector: str | None = None,
              timeout: float = BOOT_TIMEOUT) -> None:
    """Waits for a page just opened to come up: ``expression`` true or ``selector`` shown;
    one that does not is a BootStall."""
    try:
        if expression is not None:
            page.wait_for_function(expression, timeout=timeout)
        if selector is not None:
            page.wait_for_selector(selector, timeout=timeout)
    except PlaywrightTimeoutError as e:
        raise BootStall(f"the page did not come up in {timeout / 1000:.0f} s: {e}".splitlines()[0]) from None


def pytest_sessionfinish(session):
    STALL_WATCH.write()


class Watch:
    """Collects console errors, page errors and requests leaving localhost."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.external: list[str] = []

    def attach(self, page) -> None:
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def attach_context(self, context) -> None:
        def on_request(req):
            host = req.url.split("/")[2] if "://" in req.url else ""
            if req.url.startswith(("http://", "https://")) and not host.split(":")[0] in ("localhost", "127.0.0.1"):
                self.external.append(req.url)
        context.on("request", on_request)

    def check(self) -> None:
        assert self.errors == [], "console errors:\n" + "\n".join(self.errors)
        assert self.external == [], f"requests left the site: {self.external}"


@pytest.fixture
def watch():
    w = Watch()
    yield w
    w.check()


@pytest.fixture
def context(browser, watch):
    ctx = browser.new_context(viewport={"width": 1100, "height": 800})
    watch.attach_context(ctx)
    yield ctx
    close_context(ctx)


@pytest.fixture
def page(context, watch):
    p = context.new_page()
    watch.attach(p)
    return p


def close_context(ctx) -> None:
    """Every test closes its contexts here, after their pages have left the site. In local
    runs of test_new_deployment_shows_update_available alone, BrowserContext.close hung
    (the watchdog's stack) right after a new service worker had taken over; with every
    page on about:blank first, no page is a client of the worker when the context goes."""
    for page in ctx.pages:
        try:
            page.goto("about:blank", timeout=10_000)
        except PlaywrightError:
            pass  # a page already gone or crashed: nothing to leave
    ctx.close()


@contextmanager
def shared_page(browser, viewport: dict, init_script: str | None = None):
    """One page for a whole test module, so the service worker and the engine boot once;
    a page error or console error anywhere in the module fails it at the end."""
    ctx = browser.new_context(viewport=viewport)
    if init_script:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    errors: list[str] = []
    page.cardavia_console = collections.deque(maxlen=40)  # the last lines, for a failure's record
    page.on("console", lambda m: page.cardavia_console.append(f"{time.strftime('%H:%M:%S')} {m.type}: {m.text[:300]}"))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        yield page
    finally:
        close_context(ctx)
    assert errors == []
