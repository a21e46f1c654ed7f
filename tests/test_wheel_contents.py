"""The site's wheel leaves the tooling out (scripts/build/wheel_contents.py): these checks
need no build. The list names real modules; no shipped module imports a left-out one when
it loads (the frozen players are imported inside make_player, only when asked for); and no
shipped module imports argparse or multiprocessing, so the stdlib subset computed from the
shipped source has neither (e2e/test_shipped.py checks the built site itself)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "core" / "cardavia"
sys.path.insert(0, str(ROOT / "scripts" / "build"))
from wheel_contents import TOOLING, shipped  # noqa: E402
import pytest  # noqa: E402

pytestmark = pytest.mark.repository_check  # tooling: CPython only (tests/conftest.py)


def _module_of(rel: str) -> str:
    return "cardavia." + rel.removesuffix(".py").replace("/", ".").removesuffix(".__init__")


def _imports(path: Path, top_level_only: bool) -> set[str]:
    """The absolute names of the modules ``path`` imports (``from . import x`` counts x)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_of(path.relative_to(PACKAGE).as_posix())
    if path.name != "__init__.py":
        package = package.rsplit(".", 1)[0]
    nodes = ast.walk(tree) if not top_level_only else [
        n for stmt in tree.body for n in ast.walk(stmt)
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def _shipped_files() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if shipped(p.relative_to(PACKAGE).as_posix())]


def test_the_list_names_modules_that_exist():
    assert TOOLING and all((PACKAGE / rel).is_file() for rel in TOOLING)


def test_no_shipped_module_loads_a_tooling_module():
    tooling = {_module_of(rel) for rel in TOOLING}
    bad = {p.relative_to(PACKAGE).as_posix(): sorted(_imports(p, True) & tooling)
           for p in _shipped_files()}
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_checker_sees_a_planted_import(tmp_path):
    planted = PACKAGE / "ai" / "_planted_for_test.py"
    planted.write_text("from .frozen import FROZEN_POLICIES\n", encoding="utf-8")
    try:
        assert "cardavia.ai.frozen" in _imports(planted, True)
    finally:
        planted.unlink()


def test_no_shipped_module_imports_argparse_or_multiprocessing():
    bad = {p.relative_to(PACKAGE).as_posix(): sorted(m for m in _imports(p, False)
                                                     if m.split(".")[0] in ("argparse", "multiprocessing"))
           for p in _shipped_files()}
    assert {k: v for k, v in bad.items() if v} == {}
