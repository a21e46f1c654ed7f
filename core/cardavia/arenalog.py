"""The arena's log, storage and fingerprint only: each seat-swapped pair of deals
is appended to a JSON-lines log as soon as it is played, so a run of thousands of
deals can stop (a closed session, a reboot) and go on later where it stopped. The
log's first line holds the run's settings and a fingerprint of the engine code
that plays that game; a log written by other code or settings is refused, never
mixed in, so a resumed run prints exactly what one uninterrupted run would have
printed. Playing, carrying and comparing logs is evaluation.py's (it imports
this module, never the reverse)."""

from __future__ import annotations

import ast
import hashlib
import json
from pathlib import Path

from .games import REGISTRY

PACKAGE = Path(__file__).resolve().parent
FORMAT = 2  # 2: the fingerprint reads the code, not its comments and docstrings


# Modules that take no part in playing a deal (the bridge, hints and reviews,
# replays, the fuzzer, the CLI, deck facts, this log): changing them keeps a log.
NOT_IN_PLAY = frozenset(("__main__.py", "arenalog.py", "bridge.py", "deckinfo.py", "fuzz.py",
                         "match.py", "replay.py", "traditions.py", "ai/advice.py"))


def code_fingerprint(game: str) -> str:
    """sha256 of the engine code that plays a deal of ``game``: every module but
    NOT_IN_PLAY and the other games' own (games/<other>.py, ai/<other>_*.py), except
    those of a game whose rules ``game``'s rules extend.
    A new module counts unless listed there, so a log never outlives a change
    that could alter a deal. Each module counts by its syntax tree without
    docstrings (``_code_only``): a comment or a docstring cannot change a deal,
    so editing one keeps the log."""
    # a game built on another's rules (Briscola a 4 on Briscola's, Scopone on
    # Scopa's) plays that game's modules too: they count for it
    mine = REGISTRY[game]
    others = {o for o in REGISTRY if o != game and not issubclass(mine, REGISTRY[o])}
    h = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        stem = path.stem
        if rel in NOT_IN_PLAY or any(stem == o or stem.startswith(o + "_") for o in others):
            continue
        h.update(rel.encode() + b"\0" + _code_only(path.read_text(encoding="utf-8")) + b"\0")
    return h.hexdigest()[:16]


def _code_only(source: str) -> bytes:
    """The module's syntax tree, without comments (the parser drops them) and
    without docstrings, as bytes."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree).encode()


class ArenaLogError(ValueError):
    pass


def settings(game: str, a: str, b: str, seed: int, deck: str | None, clock: bool) -> dict:
    return {"arena_log": FORMAT, "game": game, "a": a, "b": b, "seed": seed, "deck": deck,
            "clock": clock, "code": code_fingerprint(game)}


def load(path: str | Path, header: dict) -> dict[int, list]:
    """The pairs already played in the log at ``path`` ({seed: [two results]}),
    creating the log with ``header`` if it does not exist. Raises ArenaLogError
    if the log belongs to another run (settings or engine code)."""
    p = Path(path)
    if not p.exists() or p.stat().st_size == 0:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(header) + "\n", encoding="utf-8")
        return {}
    first, done, cut = read(p)
    first = {k: v for k, v in first.items() if k != "carried"}  # its history (``carry``)
    if first != header:
        diff = sorted(k for k in set(first) | set(header) if first.get(k) != header.get(k))
        raise ArenaLogError(
            f"{p} was written by another run (differs in: {', '.join(diff)}); "
            "remove it or choose another --log file")
    if cut:  # the last line, cut short by a stop mid-write: dropped, its seed played again
        lines = p.read_text(encoding="utf-8").splitlines()
        p.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    return done


def append(path: str | Path, seed: int, results: list) -> None:
    with Path(path).open("a", encoding="utf-8") as f:
        f.write(json.dumps({"seed": seed, "results": [list(r) for r in results]}) + "\n")


def read(path: str | Path) -> tuple[dict, dict[int, list], bool]:
    """A log's header, its pairs ({seed: [two results]}) and whether its last line
    was cut short (left out here; ``load`` mends the file). A damaged line
    elsewhere, or a file that is no arena log, raises ArenaLogError."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
        header = json.loads(lines[0])
    except (OSError, ValueError, IndexError):
        raise ArenaLogError(f"{p}: not an arena log") from None
    if not isinstance(header, dict) or "arena_log" not in header:
        raise ArenaLogError(f"{p}: not an arena log")
    rows: dict[int, list] = {}
    for n, line in enumerate(lines[1:], 2):
        try:
            row = json.loads(line)
            rows[int(row["seed"])] = [tuple(r) for r in row["results"]]
        except (ValueError, KeyError, TypeError):
            if n < len(lines):
                raise ArenaLogError(f"{p}:{n}: damaged line") from None
            return header, rows, True
    return header, rows, False


def write_header(path: str | Path, header: dict) -> None:
    """Replace the log's first line (a carried log's new fingerprint), the pairs kept."""
    p = Path(path)
    lines = p.read_text(encoding="utf-8").splitlines()
    lines[0] = json.dumps(header)
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
