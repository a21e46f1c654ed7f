"""Import graphs of the engine (Python) and of the site's ES modules, and the cycles in
them. A cycle of any length is a strongly connected component of the graph (Tarjan's
algorithm), so a circle through three or four modules is found as surely as two modules
importing each other. tests/test_layering.py runs these on the real tree and on small
planted trees, so the detector itself is tested."""

from __future__ import annotations

import ast
import posixpath
import re
from pathlib import Path


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def python_import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of the package at ``package`` and the package modules it imports
    anywhere in its code, module level or inside a function (``from . import x`` counts
    as importing the module ``x``; a package's ``__init__`` is the package's name)."""
    root = package.parent
    modules = {_module_name(p, root): p for p in package.rglob("*.py")}
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


_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_LINE_COMMENT = re.compile(r"^\s*//.*$", re.M)
# import x from "m"; import { a,\n b } from "m"; export { a } from "m"; export * from "m"
_FROM = re.compile(r"\b(?:import|export)\b[^;\"'`]*?\bfrom\s*[\"']([^\"']+)[\"']", re.S)
_BARE = re.compile(r"\bimport\s*[\"']([^\"']+)[\"']")  # import "m";
_DYNAMIC = re.compile(r"\bimport\s*\(\s*[\"']([^\"']+)[\"']\s*\)")  # import("m")


def js_imports(source: str) -> list[str]:
    """The module specifiers a JavaScript module imports or re-exports, static or
    dynamic (a dynamic import with a literal path is an edge too: it loads that module)."""
    code = _LINE_COMMENT.sub("", _BLOCK_COMMENT.sub("", source))
    return [m.group(1) for pattern in (_FROM, _BARE, _DYNAMIC) for m in pattern.finditer(code)]


def js_import_graph(root: Path, dirs: tuple[str, ...] = (".",)) -> dict[str, set[str]]:
    """Each .js/.mjs module in the folders ``dirs`` of ``root`` (by its path relative to
    root) and the modules among them it imports by a relative path."""
    modules = {p.relative_to(root).as_posix(): p
               for d in dirs for p in sorted((root / d).rglob("*"))
               if p.suffix in (".js", ".mjs") and p.is_file()}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = posixpath.dirname(name)
        targets = set()
        for spec in js_imports(path.read_text(encoding="utf-8")):
            if spec.startswith(("./", "../")):
                target = posixpath.normpath(posixpath.join(here, spec))
                if target in modules and target != name:
                    targets.add(target)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm,
    iterative so a deep graph cannot overflow the stack), each sorted, in sorted order:
    every module in one of them reaches itself through the others."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)
