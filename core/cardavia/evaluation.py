"""Simulation, arena and benchmark: the figures behind every claim of
correctness, strength and speed. Each returns a JSON-ready dict."""

from __future__ import annotations

import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Callable, Iterable

from . import arenalog
from .ai import View
from .ai import make_player as make_level
from .ai.players import FROZEN, LEVELS, NETWORK, Player
from .games import REGISTRY, new_game
from .games.base import IllegalAction, rng_for


# ----- the players the arena knows: the levels, the frozen players, and what an
# experiment registers (experiments/: each registers its players by name here)
_REGISTERED: dict[str, Callable[[], Player]] = {}


def register_player(name: str, factory: Callable[[], Player]) -> None:
    """Make ``name`` a player of simulate, arena, carry and bench (an experiment's
    player: experiments/). A level's name cannot be taken."""
    if name in LEVELS + FROZEN + NETWORK:
        raise ValueError(f"{name!r} is a level of the engine")
    _REGISTERED[name] = factory


def player_names() -> tuple[str, ...]:
    return LEVELS + FROZEN + NETWORK + tuple(sorted(_REGISTERED))


def make_player(name: str) -> Player:
    """A new player: a level (ai/players.py), a frozen player, or a registered one."""
    factory = _REGISTERED.get(name)
    return factory() if factory is not None else make_level(name)


class _ListedView(View):
    """A view whose legal actions were listed once already: the soak lists them
    once per step instead of three times (the check, the player, apply)."""

    __slots__ = ("_legal",)

    def __init__(self, state, seat: int, legal: dict):
        super().__init__(state, seat)
        self._legal = legal

    def legal_actions(self) -> list:
        return list(self._legal.values())


def simulate(game: str, games: int, seed: int, players: Iterable[str] = ("random", "random"),
             deck: str | None = None) -> dict:
    """Play seeded games, checking the invariants after every action and that an
    illegal action is refused without changing anything."""
    levels = list(players)
    cls = REGISTRY[game]
    errors: list[str] = []
    actions = deals = 0
    start = time.perf_counter()
    decks = [deck] if deck else list(cls.DECKS)
    for g in range(games):
        gseed = seed + g
        state = new_game(game, gseed, decks[g % len(decks)])
        team_players = [make_player(levels[state.team_of(s) % len(levels)])
                        for s in range(cls.NUM_SEATS)]
        rng = random.Random(gseed)
        try:
            state.check_invariants()
            while not state.is_terminal():
                seat = state.current_player()
                legal = {a["id"]: a for a in state.legal_actions()}
                choice = team_players[seat].choose(_ListedView(state, seat, legal), rng)
                assert choice in legal, f"player chose illegal {choice}"
                if actions % 50 == 0:
                    before = state.to_json()
                    try:
                        state.apply("play:XX")
                        raise AssertionError("an illegal action was accepted")
                    except IllegalAction:
                        pass
                    assert state.to_json() == before, "an illegal action changed the state"
                state._apply(legal[choice])  # what apply() does, without listing again
                actions += 1
                state.check_invariants()
            assert state.result() is not None
        except AssertionError as err:
            errors.append(f"seed {gseed}: {err}")
        deals += len(state.sheets)
    return {"game": game, "games": games, "deals": deals, "actions": actions,
            "errors": len(errors),
            "error_samples": errors[:5], "seconds": round(time.perf_counter() - start, 3)}


def wilson(wins: int, n: int, z: float = 1.959964) -> list[float]:
    """Wilson score interval for a proportion."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [round(centre - half, 4), round(centre + half, 4)]


def play_deal(game: str, seed: int, levels: list[str], deck: str | None = None,
              clock: bool = True) -> dict:
    """One deal with ``levels[team]`` playing every seat of that team; the first
    deal's score sheet. ``clock=False`` removes the searches' wall-clock safety
    net, so a heavily loaded machine plays exactly the moves of an idle one."""
    state = new_game(game, seed, deck)
    players = [make_player(levels[state.team_of(s)]) for s in range(state.NUM_SEATS)]
    if not clock:
        for p in players:
            if hasattr(p, "budget_ms"):
                p.budget_ms = float("inf")
    move = 0
    while state.deal_index() == 0 and not state.is_terminal():
        seat = state.current_player()
        rng = rng_for("arena", seed, move)
        state.apply(players[seat].choose(View(state, seat), rng))
        move += 1
    return state.sheets[0]


def _arena_pair(args: tuple) -> tuple[int, list[tuple[int | None, float]]]:
    """One seed's two deals, the teams swapped: (seed, [(a won?, a's margin)] x 2)."""
    game, a, b, s, deck, clock = args
    out = []
    for swapped in (False, True):
        levels = [b, a] if swapped else [a, b]
        sheet = play_deal(game, s, levels, deck, clock)
        a_team = 1 if swapped else 0
        w = sheet["winner_team"]
        totals = sheet["totals"]
        out.append((None if w is None else int(w == a_team),
                    totals[a_team] - totals[1 - a_team]))
    return s, out


def _arena_summary(game: str, a: str, b: str, results: list) -> dict:
    a_wins = sum(1 for w, _ in results if w == 1)
    b_wins = sum(1 for w, _ in results if w == 0)
    draws = sum(1 for w, _ in results if w is None)
    decided = a_wins + b_wins
    return {"game": game, "a": a, "b": b, "deals": len(results), "a_wins": a_wins,
            "b_wins": b_wins, "draws": draws,
            "a_win_rate_decided": round(a_wins / decided, 4) if decided else None,
            "ci95": wilson(a_wins, decided),
            "a_mean_margin": round(sum(m for _, m in results) / len(results), 3)}


def arena(game: str, a: str, b: str, deals: int, seed: int, jobs: int = 1,
          deck: str | None = None, progress: int = 0, clock: bool = True,
          log: str | None = None) -> dict:
    """Every deal played twice with the teams swapped (same cards): seeds ``seed``
    to ``seed + deals - 1``. ``progress``: print the figures so far to stderr
    every that many seeds. ``clock=False``: no wall-clock safety net (see
    play_deal). ``log``: a resumable log (arenalog.py): the seeds it holds are
    not played again, each new pair is appended as soon as it is played."""
    seeds = [seed + i for i in range(deals)]
    done: dict[int, list] = {}
    if log is not None:
        done = arenalog.load(log, arenalog.settings(game, a, b, seed, deck, clock))
    todo = [(game, a, b, s, deck, clock) for s in seeds if s not in done]
    start = time.perf_counter()
    results = {s: done[s] for s in seeds if s in done}

    def record(pair: tuple) -> None:
        s, out = pair
        results[s] = out
        if log is not None:
            arenalog.append(log, s, out)
        if progress and len(results) % progress == 0:  # a long run's figures so far
            so_far = [r for k in sorted(results) for r in results[k]]
            print("arena so far: " + json.dumps(_arena_summary(game, a, b, so_far)),
                  file=sys.stderr, flush=True)

    if jobs > 1 and len(todo) > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            for pair in pool.imap_unordered(_arena_pair, todo):
                record(pair)
    else:
        for job in todo:
            record(_arena_pair(job))
    # Elapsed time is not a result: on stderr, so equal seeds print equal JSON.
    print(f"arena: {time.perf_counter() - start:.1f} s for {len(todo)} new seeds "
          f"({len(seeds) - len(todo)} from the log)", file=sys.stderr)
    return _arena_summary(game, a, b, [r for s in seeds for r in results[s]])


# ----- logs: carrying one over a change of code, comparing two -------------
def carry(path: str | Path, seeds: int, jobs: int = 1) -> dict:
    """Carry a log over a change of engine code that must not change play (a
    faster play-out giving the same values): replay the log's first ``seeds``
    seeds with the code as it is now, and only if every deal ends exactly as
    logged (winner and margin), give the header the code's fingerprint, noting
    the step in its ``carried`` list. Otherwise raise arenalog.ArenaLogError, the log
    untouched: the change plays otherwise, and the run must start again."""
    p = Path(path)
    header, rows, cut = arenalog.read(p)
    if cut:
        raise arenalog.ArenaLogError(f"{p}: its last line is cut short; resume the run first")
    game = header["game"]
    now = arenalog.code_fingerprint(game)
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
        raise arenalog.ArenaLogError(f"{p}: the code now plays seeds {differ[:10]} otherwise "
                            f"({len(differ)} of {len(replay)}); the log is not carried")
    step = {"from": header["code"], "to": now, "seeds_replayed": len(replay)}
    if header["code"] != now:
        header = dict(header, code=now, carried=header.get("carried", []) + [step])
        arenalog.write_header(p, header)
    return dict(step, log=str(p), seeds_in_log=len(rows))


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
    ha, ra, _ = arenalog.read(path_a)
    hb, rb, _ = arenalog.read(path_b)
    differ = [k for k in ("game", "a", "b", "deck", "clock") if ha.get(k) != hb.get(k)]
    if differ:
        raise arenalog.ArenaLogError(f"{path_a} and {path_b} are not runs of one match-up "
                            f"(they differ in: {', '.join(differ)})")
    seeds = sorted(set(ra) & set(rb))
    if not seeds:
        raise arenalog.ArenaLogError(f"{path_a} and {path_b} share no seed")
    diffs = [_net(ra[s]) - _net(rb[s]) for s in seeds]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)

    def share(rows: dict) -> float | None:
        results = [r for s in seeds for r in rows[s]]
        return _arena_summary(ha["game"], ha["a"], ha["b"], results)["a_win_rate_decided"]

    return {"game": ha["game"], "a": ha["a"], "b": ha["b"], "seeds": n,
            "first_seed": seeds[0], "last_seed": seeds[-1],
            "code": [ha.get("code"), hb.get("code")],
            "share_decided": [share(ra), share(rb)],
            "net_diff_per_pair": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 3) if xs else 0.0


def bench(game: str, seed: int = 1, seconds: float = 3.0, move_deals: int = 6,
          levels: tuple[str, ...] = ("greedy", "normal", "expert")) -> dict:
    """Random-play throughput, and the move times of the computer players (each
    level against greedy opponents)."""
    deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(game, seed + deals)
        rng = random.Random(deals)
        while state.deal_index() == 0 and not state.is_terminal():
            state.apply(rng.choice(state.legal_actions())["id"])
            actions += 1
        deals += 1
    elapsed = time.perf_counter() - start
    move_ms: dict[str, dict] = {}
    for level in levels:
        times: list[float] = []
        cpu: list[float] = []  # process time: what a quiet machine would take
        for d in range(move_deals):
            state = new_game(game, seed + 1000 + d)
            player, other = make_player(level), make_player("greedy")
            move = 0
            while state.deal_index() == 0 and not state.is_terminal():
                seat = state.current_player()
                rng = rng_for("bench", d, move)
                if state.team_of(seat) == 0:
                    t0, c0 = time.perf_counter(), time.process_time()
                    choice = player.choose(View(state, seat), rng)
                    times.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.process_time() - c0) * 1000)
                else:
                    choice = other.choose(View(state, seat), rng)
                state.apply(choice)
                move += 1
        move_ms[level] = {"p50": _percentile(times, 0.5), "p95": _percentile(times, 0.95),
                          "cpu_p50": _percentile(cpu, 0.5), "cpu_p95": _percentile(cpu, 0.95),
                          "moves": len(times)}
    return {"game": game, "deals_per_second": round(deals / elapsed, 1),
            "actions_per_second": round(actions / elapsed, 1), "move_ms": move_ms}
