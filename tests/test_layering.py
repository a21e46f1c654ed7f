"""The engine's layers: the rules (games/) know nothing of the computer players
(ai/), and no modules import each other in a circle, neither the engine's nor the
site's. The first is proven by importing each game in a fresh interpreter, the second
by reading every import statement (Python: module level or inside a function, with
``ast``; JavaScript: static and dynamic ES imports) and finding the strongly connected
components of the graph (tests/importgraph.py), so a cycle of any length is caught;
planted cycles in small fake trees prove the detector finds them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardavia.games import REGISTRY
from importgraph import cycles, js_import_graph, js_imports, python_import_graph

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "core" / "cardavia"
CORE = PACKAGE.parent
WEB_DIRS = ("web", "worker")  # the site's modules, its unit tests and the engine's worker

@pytest.mark.needs_subprocess
@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_game_module_loads_no_computer_player(game):
    code = ("import json, sys\n"
            f"import cardavia.games.{game}\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('cardavia'))))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(CORE)}, check=True)
    loaded = json.loads(out.stdout)
    assert f"cardavia.games.{game}" in loaded
    assert not [m for m in loaded if m.startswith("cardavia.ai")], loaded


def import_graph() -> dict[str, set[str]]:
    return python_import_graph(PACKAGE)


def test_the_import_graph_reads_the_known_imports():
    graph = import_graph()
    assert "cardavia.games.base" in graph["cardavia.games.briscola"]
    assert "cardavia.ai.policy" in graph["cardavia.ai.briscola_policy"]
    assert "cardavia.ai.advice" in graph["cardavia.bridge"]  # from .ai import advice


def test_no_module_under_games_imports_the_computer_players():
    graph = import_graph()
    for name, targets in graph.items():
        if name.startswith("cardavia.games"):
            assert not [t for t in targets if t.startswith("cardavia.ai")], name


def test_no_engine_modules_import_each_other_in_a_circle():
    assert cycles(import_graph()) == []


def test_the_web_import_graph_reads_the_known_imports():
    graph = js_import_graph(ROOT, WEB_DIRS)
    assert "web/js/table/render.js" in graph["web/js/table.js"]
    assert "web/js/dom.js" in graph["web/js/table/render.js"]
    assert "web/js/table/cardface.js" in graph["web/js/table/plugins/minchiate.js"]
    assert len(graph) > 60 and sum(map(len, graph.values())) > 200


PLUGINS = "web/js/table/plugins/"


def test_no_generic_web_module_imports_a_games_plugin():
    """A game's own table pieces (web/js/table/plugins/<name>.js, Minchiate's today) are
    loaded by name from its description (table/plugins.js); no other module imports one,
    so a new game's plug-in touches no generic module."""
    graph = js_import_graph(ROOT, WEB_DIRS)
    assert any(name.startswith(PLUGINS) for name in graph)
    offenders = {name: sorted(t for t in targets if t.startswith(PLUGINS)) for name, targets in graph.items()
                 if not name.startswith(PLUGINS) and not name.startswith("web/js-tests/")}  # a plug-in's own tests may
    assert {name: t for name, t in offenders.items() if t} == {}


def test_the_plugin_check_sees_a_static_import_of_a_plugin(tmp_path):
    (tmp_path / "web" / "js" / "table" / "plugins").mkdir(parents=True)
    (tmp_path / "web" / "js" / "table" / "plugins" / "g.js").write_text("export const x = 1;\n")
    (tmp_path / "web" / "js" / "table" / "render.js").write_text('import { x } from "./plugins/g.js";\n')
    graph = js_import_graph(tmp_path, ("web/js",))
    assert graph["web/js/table/render.js"] == {"web/js/table/plugins/g.js"}


def test_no_web_modules_import_each_other_in_a_circle():
    assert cycles(js_import_graph(ROOT, WEB_DIRS)) == []


def test_the_cycle_finder_finds_cycles_of_any_length_and_only_those():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"f"}, "f": {"c"}}) == [
        ["a", "b"], ["c", "d", "e", "f"]]
    # a diamond and a chain are no cycle
    assert cycles({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set(), "e": {"a"}}) == []
    # a long chain closed at its end: one component of all its nodes
    chain = {f"m{i}": {f"m{i + 1}"} for i in range(2000)}
    chain["m2000"] = {"m0"}
    assert cycles(chain) == [sorted(chain)]


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_planted_three_module_python_cycle_is_caught(tmp_path):
    pkg = tmp_path / "fake"
    write(pkg / "__init__.py", "")
    write(pkg / "a.py", "from .b import thing\n")
    write(pkg / "sub" / "__init__.py", "")
    write(pkg / "b.py", "from .sub import c\n")
    write(pkg / "sub" / "c.py", "def late():\n    from ..a import x  # inside a function\n")
    write(pkg / "d.py", "import fake.a\n")  # imports into the circle, is not in it
    graph = python_import_graph(pkg)
    assert cycles(graph) == [["fake.a", "fake.b", "fake.sub.c"]]
    write(pkg / "sub" / "c.py", "X = 1\n")  # the circle broken
    assert cycles(python_import_graph(pkg)) == []


def test_a_planted_three_module_web_cycle_is_caught(tmp_path):
    write(tmp_path / "web" / "js" / "render.js",
          'import { h } from "./dom.js";\nimport {\n  meter,\n  other\n} from "./game/meter.js";\n')
    write(tmp_path / "web" / "js" / "game" / "meter.js", 'export { row } from "../sheet.js";\n')
    write(tmp_path / "web" / "js" / "sheet.js", 'const m = () => import("./render.js");\n')
    write(tmp_path / "web" / "js" / "dom.js", '// import { x } from "./render.js"; (a comment)\n')
    write(tmp_path / "worker" / "w.js", 'import "../web/js/dom.js";\n')
    graph = js_import_graph(tmp_path, WEB_DIRS)
    assert graph["worker/w.js"] == {"web/js/dom.js"}
    assert cycles(graph) == [["web/js/game/meter.js", "web/js/render.js", "web/js/sheet.js"]]
    write(tmp_path / "web" / "js" / "sheet.js", "export const row = 1;\n")
    assert cycles(js_import_graph(tmp_path, WEB_DIRS)) == []


def test_js_imports_reads_every_form_of_import():
    source = """import a from "./a.js";
import * as b from './b.js';
import {
  c1,
  c2,
} from "./c.js";
import "./d.js";
export { e } from "./e.js";
export * from "./f.js";
const g = await import("./g.js");
/* import { no } from "./no.js"; */
// import { nor } from "./nor.js";
const s = "from here";
"""
    assert sorted(js_imports(source)) == [f"./{x}.js" for x in "abcdefg"]
