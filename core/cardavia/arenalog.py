"""A resumable arena: each seat-swapped pair of deals is appended to a JSON-lines
log as soon as it is played, so a run of thousands of deals can stop (a closed
session, a reboot) and go on later where it stopped. The log's first line holds
the run's settings and a fingerprint of the engine code that plays that game; a
log written by other code or settings is refused, never mixed in, so a resumed
run prints exactly what one uninterrupted run would have printed."""

from __future__ import annotations

import ast
import hashlib
import json
import math
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
    NOT_IN_PLAY and the other games' own (games/<other>.py, ai/<other>_*.py).
    A new module counts unless listed there, so a log never outlives a change
    that could alter a deal. Each module counts by its syntax tree without
    docstrings (``_code_only``): a comment or a docstring cannot change a deal,
    so editing one keeps the log."""
    others = set(REGISTRY) - {game}
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
    first, done, cut = _read(p)
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


def carry(path: str | Path, seeds: int, jobs: int = 1) -> dict:
    """Carry a log over a change of engine code that must not change play (a
    faster play-out giving the same values): replay the log's first ``seeds``
    seeds with the code as it is now, and only if every deal ends exactly as
    logged (winner and margin), give the header the code's fingerprint, noting
    the step in its ``carried`` list. Otherwise raise ArenaLogError, the log
    untouched: the change plays otherwise, and the run must start again."""
    from .evaluation import _arena_pair  # (evaluation imports nothing of this module)
    p = Path(path)
    header, rows, cut = _read(p)
    if cut:
        raise ArenaLogError(f"{p}: its last line is cut short; resume the run first")
    game = header["game"]
    now = code_fingerprint(game)
    replay = sorted(rows)[:seeds]
    jobs_args = [(game, header["a"], header["b"], s, header["deck"], header["clock"])
                 for s in replay]
    if jobs > 1 and len(jobs_args) > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            played = dict(pool.imap_unordered(_arena_pair, jobs_args))
    else:
        played = dict(_arena_pair(a) for a in jobs_args)
    differ = [s for s in replay if [tuple(r) for r in played[s]] != rows[s]]
    if differ:
        raise ArenaLogError(f"{p}: the code now plays seeds {differ[:10]} otherwise "
                            f"({len(differ)} of {len(replay)}); the log is not carried")
    step = {"from": header["code"], "to": now, "seeds_replayed": len(replay)}
    if header["code"] != now:
        header = dict(header, code=now, carried=header.get("carried", []) + [step])
        lines = p.read_text(encoding="utf-8").splitlines()
        lines[0] = json.dumps(header)
        p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dict(step, log=str(p), seeds_in_log=len(rows))


def append(path: str | Path, seed: int, results: list) -> None:
    with Path(path).open("a", encoding="utf-8") as f:
        f.write(json.dumps({"seed": seed, "results": [list(r) for r in results]}) + "\n")


def _read(path: str | Path) -> tuple[dict, dict[int, list], bool]:
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


def _net(results: list) -> int:
    """Wins less losses of player a over one seed's pair of deals (-2 … 2)."""
    return sum(1 if w == 1 else -1 if w == 0 else 0 for w, _ in results)


def compare(path_a: str | Path, path_b: str | Path, z: float = 1.959964) -> dict:
    """Two logs of the same game and players but other engine code (a variant and
    the code it changes), paired on the seeds both hold: a seed deals the same
    cards in both, so most of the luck of the deal cancels. Per seed pair, the
    net (a's wins less losses, -2 … 2) of log A less that of log B, with its mean
    and a normal 95 % interval; and each log's share of decided deals on those
    seeds. A positive difference says A's code plays player a the better."""
    ha, ra, _ = _read(path_a)
    hb, rb, _ = _read(path_b)
    differ = [k for k in ("game", "a", "b", "deck", "clock") if ha.get(k) != hb.get(k)]
    if differ:
        raise ArenaLogError(f"{path_a} and {path_b} are not runs of one match-up "
                            f"(they differ in: {', '.join(differ)})")
    seeds = sorted(set(ra) & set(rb))
    if not seeds:
        raise ArenaLogError(f"{path_a} and {path_b} share no seed")
    diffs = [_net(ra[s]) - _net(rb[s]) for s in seeds]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)

    from .evaluation import _arena_summary  # the arena's own count of a run

    def share(rows: dict) -> float | None:
        results = [r for s in seeds for r in rows[s]]
        return _arena_summary(ha["game"], ha["a"], ha["b"], results)["a_win_rate_decided"]

    return {"game": ha["game"], "a": ha["a"], "b": ha["b"], "seeds": n,
            "first_seed": seeds[0], "last_seed": seeds[-1],
            "code": [ha.get("code"), hb.get("code")],
            "share_decided": [share(ra), share(rb)],
            "net_diff_per_pair": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)]}
