"""The engine's layers: the rules (games/) know nothing of the computer players
(ai/), and no two modules of the package import each other. The first is
proven by importing each game in a fresh interpreter, the second by reading
every import statement (module level or inside a function) with ``ast``."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardavia.games import REGISTRY

PACKAGE = Path(__file__).resolve().parents[1] / "core" / "cardavia"
CORE = PACKAGE.parent

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


def _module_name(path: Path) -> str:
    rel = path.relative_to(CORE).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports anywhere
    in its code (``from . import x`` counts as importing the module ``x``)."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        here = name if is_package else name.rsplit(".", 1)[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")
                    base = base[:len(base) - (node.level - 1)]
                    base_name = ".".join(base + ([node.module] if node.module else []))
                else:
                    base_name = node.module or ""
                if node.module:  # ``from . import x`` imports x, not the package again
                    targets.add(base_name)
                targets.update(f"{base_name}.{a.name}" for a in node.names)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


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


def test_no_two_modules_import_each_other():
    graph = import_graph()
    mutual = {frozenset((a, b)) for a, targets in graph.items() for b in targets
              if a in graph.get(b, ())}
    assert mutual == set()
