"""Two lanes share the browser tests: each pytest process claims whole test modules from one
queue, longest first, until none is left.

`make test` has two cores and two lanes: the site lane builds the site and starts on the
browser tests at once; the engine lane runs the engine's suites (about 8 minutes) and then
joins in on the browser tests that are left. A module is claimed by creating its file in the
queue folder (O_EXCL: exactly one lane gets it), so neither lane waits for the other and a
lane that never starts (its engine suites failed) leaves the whole suite to the other.
Modules go longest first (e2e/module-seconds.json, measured; a module it does not know
counts as a mean one), so the last modules claimed are short and the lanes end together.

Whole modules, because a module's tests share its browser and often one deal (module
fixtures): splitting one would set them up twice. Each lane writes the seconds its modules
took to test-artifacts/e2e-module-seconds-<lane>.json; `scripts/test/e2e_weights.py`
folds them into e2e/module-seconds.json when the order needs refreshing.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
WEIGHTS = HERE / "module-seconds.json"
QUEUE_ENV = "CARDAVIA_E2E_QUEUE"
LANE_ENV = "CARDAVIA_E2E_LANE"


def lane_name() -> str:
    return os.environ.get(LANE_ENV, "")


def known_seconds() -> dict[str, float]:
    try:
        return json.loads(WEIGHTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def module_order(modules: list[str], seconds: dict[str, float]) -> list[str]:
    """Longest first; a module with no measured time counts as the mean of the known ones
    (ties keep collection order, so the order is the same in both lanes)."""
    known = [seconds[m] for m in modules if m in seconds]
    mean = sum(known) / len(known) if known else 1.0
    return sorted(modules, key=lambda m: -seconds.get(m, mean))


class Queue:
    """The modules of one run; claiming one is creating its file in the shared folder."""

    def __init__(self, folder: Path, order: list[str]) -> None:
        self.folder = folder
        self.pending = list(order)

    def claim_next(self) -> str | None:
        while self.pending:
            module = self.pending.pop(0)
            try:
                fd = os.open(self.folder / module.replace("/", "__"), os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                continue
            os.write(fd, lane_name().encode())
            os.close(fd)
            return module
        return None


def run_claimed_modules(session: pytest.Session) -> bool | None:
    """pytest_runtestloop for a lane: None (pytest's own loop) when no queue is set."""
    folder = os.environ.get(QUEUE_ENV)
    if not folder or session.config.option.collectonly:
        return None
    if session.testsfailed and not session.config.option.continue_on_collection_errors:
        raise session.Interrupted(f"{session.testsfailed} errors during collection")
    groups: dict[str, list[pytest.Item]] = {}
    for item in session.items:
        groups.setdefault(item.nodeid.split("::")[0], []).append(item)
    queue = Queue(Path(folder), module_order(list(groups), known_seconds()))
    ran: list[str] = []
    took: dict[str, float] = {}
    module = queue.claim_next()
    while module is not None:
        ran.append(module)
        started = time.monotonic()
        items = groups[module]
        following = None
        for i, item in enumerate(items):
            if i + 1 < len(items):
                nextitem = items[i + 1]
            else:
                # claimed before this module's last test runs, so its teardown knows what follows
                following = queue.claim_next()
                nextitem = groups[following][0] if following else None
            item.config.hook.pytest_runtest_protocol(item=item, nextitem=nextitem)
            if session.shouldfail:
                raise session.Failed(session.shouldfail)
            if session.shouldstop:
                raise session.Interrupted(session.shouldstop)
        took[module] = round(time.monotonic() - started, 1)
        module = following
    others = [item for m, items in groups.items() if m not in took for item in items]
    if others:
        session.config.hook.pytest_deselected(items=others)
    out = HERE.parent / "test-artifacts" / f"e2e-module-seconds-{lane_name() or 'lane'}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(took, indent=1) + "\n", encoding="utf-8")
    print(f"\n[e2e lane {lane_name()}] ran {len(ran)} of {len(groups)} modules; "
          f"the other lane ran the rest", flush=True)
    return True
