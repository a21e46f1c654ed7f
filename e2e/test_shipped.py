"""Only the product in the product (issue 40): the built site carries what a player runs and
nothing else. The engine wheel holds no module of the command line, the arena, the fuzzer,
the frozen players or an experiment, and each module once (bytecode, no source beside it);
the standard library subset holds no argparse or multiprocessing; the service worker
precaches no test file; the site's JavaScript is minified (its readable source is web/)."""

from __future__ import annotations

import json
import re
import sys
import zipfile

from conftest import DIST, ROOT

sys.path.insert(0, str(ROOT / "scripts" / "build"))
from wheel_contents import TOOLING  # noqa: E402

# named here, not only read from wheel_contents.py: a module struck off that list must fail here
NOT_SHIPPED = {"__main__", "evaluation", "arenalog", "fuzz", "lessonwalk", "ai/frozen",
               "ai/briscola_v1", "ai/briscola_v2", "ai/scopa_v1", "ai/briscola_ismcts"}


def wheel_names() -> list[str]:
    wheel = next((DIST / "pyodide").glob("cardavia-*.whl"))
    return zipfile.ZipFile(wheel).namelist()


def test_the_wheel_holds_no_tooling_frozen_player_or_experiment():
    modules = {re.sub(r"\.pyc?$", "", n[len("cardavia/"):]) for n in wheel_names()
               if n.startswith("cardavia/") and n.endswith((".py", ".pyc"))}
    assert {"bridge", "ai/players", "ai/briscola_learned", "games/briscola"} <= modules
    assert not modules & NOT_SHIPPED
    assert not modules & {t.removesuffix(".py") for t in TOOLING}
    assert not [m for m in modules if "ismcts" in m or "experiment" in m]


def test_the_wheel_ships_each_module_once_as_bytecode():
    names = wheel_names()
    code = [n for n in names if n.endswith((".py", ".pyc"))]
    assert code and all(n.endswith(".pyc") for n in code), [n for n in code if n.endswith(".py")]
    # the learned play-out's weights travel with it (read by the normal level)
    assert "cardavia/ai/briscola_learned.json" in names
    # and the self-play network's (issue 45), read by the levels that use it
    assert "cardavia/ai/briscola_net.json" in names


def test_the_stdlib_subset_holds_no_argparse_or_multiprocessing():
    names = zipfile.ZipFile(DIST / "pyodide" / "python_stdlib.zip").namelist()
    tops = {re.split(r"[/.]", n, 1)[0] for n in names}
    assert "json" in tops and "random" in tops
    assert not tops & {"argparse", "multiprocessing"}


def test_the_service_worker_precaches_no_test_file():
    sw = (DIST / "sw.js").read_text(encoding="utf-8")
    assets = json.loads(re.search(r"const ASSETS = (\[.*?\]);", sw, re.S).group(1))
    assert "./js/app.js" in assets
    tests = [a for a in assets if "js-tests" in a or re.search(r"\.test\.m?js$|/tests?/", a)]
    assert tests == []
    assert not (DIST / "js-tests").exists()


def test_the_sites_javascript_is_minified_and_the_source_stays_readable():
    for source, rel in ((ROOT / "web" / "js" / "app.js", "js/app.js"),
                        (ROOT / "web" / "js" / "table.js", "js/table.js"),
                        (ROOT / "worker" / "engine-worker.js", "worker/engine-worker.js")):
        built = (DIST / rel).read_text(encoding="utf-8")
        text = source.read_text(encoding="utf-8")
        assert "\n// " in text or "\n  // " in text  # the repository keeps its comments
        assert len(built) < 0.8 * len(text), rel
        assert not re.search(r"(?m)^\s*//", built), rel  # no line comment left
