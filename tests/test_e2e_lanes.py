"""The two lanes of `make test` share the browser tests by claiming whole modules from one
queue (e2e/lanes.py): every module runs exactly once, whichever lane claims it, longest first."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
import lanes  # noqa: E402
import pytest  # noqa: E402

pytestmark = pytest.mark.repository_check  # tooling: CPython only (tests/conftest.py)


def test_modules_go_longest_first_and_an_unknown_one_counts_as_the_mean():
    seconds = {"e2e/test_a.py": 10.0, "e2e/test_b.py": 90.0, "e2e/test_c.py": 30.0}
    order = lanes.module_order(["e2e/test_a.py", "e2e/test_new.py", "e2e/test_b.py", "e2e/test_c.py"], seconds)
    # the mean of the known ones is 43.3 s: the new module goes after the 90 s one
    assert order == ["e2e/test_b.py", "e2e/test_new.py", "e2e/test_c.py", "e2e/test_a.py"]


def test_two_lanes_claim_every_module_once_between_them(tmp_path):
    modules = [f"e2e/test_{i}.py" for i in range(7)]
    site, engine = lanes.Queue(tmp_path, modules), lanes.Queue(tmp_path, modules)
    got = {"site": [], "engine": []}
    for turn in range(20):  # the lanes take turns, as their tests end
        name, queue = ("site", site) if turn % 3 else ("engine", engine)
        module = queue.claim_next()
        if module:
            got[name].append(module)
    assert sorted(got["site"] + got["engine"]) == sorted(modules)
    assert got["site"] and got["engine"]
    assert site.claim_next() is None and engine.claim_next() is None


def test_a_lane_alone_runs_every_module(tmp_path):
    modules = ["e2e/test_x.py", "e2e/test_y.py"]
    queue = lanes.Queue(tmp_path, modules)
    assert [queue.claim_next(), queue.claim_next(), queue.claim_next()] == modules + [None]
