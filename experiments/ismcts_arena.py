"""Information-set MCTS (ai/briscola_ismcts.py) in the project's arena (Briscola's;
Scopa's with ``arena --game scopa``), without touching the CLI: the player is
registered at runtime (the arena's
``make_player`` learns the name ``expert-ismcts[-N][-greedy]``, N iterations a move) and
the arena is ``evaluation.arena`` itself, so the log is the CLI's resumable log
(its header holds the code fingerprint, which counts this player's module).

    PYTHONPATH=core python3 experiments/ismcts_arena.py time --seeds 1-4 [--iterations N]
    PYTHONPATH=core nice -n 19 python3 experiments/ismcts_arena.py arena \\
        --players expert-ismcts,expert-v1 --deals 300 --seed 1 --no-clock \\
        --log train-data/arena-briscola-ismcts-expertv1.jsonl
    PYTHONPATH=core python3 experiments/ismcts_arena.py net --log LOG

``time``: expert-v1 plays deals of the given seeds against itself; at each of
its positions both players choose (no clock), timed one after the other on the
same position. ``arena`` prints the CLI arena's JSON line, then the net per seed
pair with its 95 % interval (against a frozen player the log's own net is the
paired figure). ``moves``: the moves of one deal, to check determinism.
``carry``: the CLI's ``carry`` (a log replayed on its first seeds and stamped
with the code's fingerprint if every deal ends as logged).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from cardavia import arenalog, evaluation
from cardavia.ai import View, make_player
from briscola_ismcts import ITERATIONS, ISMCTSPlayer
from cardavia.games import new_game
from cardavia.games.base import rng_for

PREFIX = "expert-ismcts"


def ismcts_for(name: str) -> ISMCTSPlayer | None:
    """``expert-ismcts[-N][-greedy]``: the module's budget or N iterations a move;
    ``-greedy``: nodes added in the play-out's greedy order, not at random."""
    if name != PREFIX and not name.startswith(PREFIX + "-"):
        return None
    kwargs = {}
    for part in name[len(PREFIX):].split("-")[1:]:
        if part.isdigit():
            kwargs["iterations"] = int(part)
        elif part == "greedy":
            kwargs["expand"] = "greedy"
        else:
            return None
    return ISMCTSPlayer(**kwargs)


def register(names) -> None:
    """Makes each of ``names`` that is this experiment's a player of the arena
    (``evaluation.register_player``)."""
    for n in names:
        if ismcts_for(n) is not None:
            evaluation.register_player(n, lambda n=n: ismcts_for(n))


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def timing(seeds: list[int], names: list[str], game: str = "briscola") -> dict:
    """``game``'s deals played by its frozen expert (the live one where it has none)."""
    from cardavia.ai.frozen import FROZEN_POLICIES
    register(names)
    players = {n: evaluation.make_player(n) for n in names}
    for p in players.values():
        p.budget_ms = float("inf")
    driver = make_player("expert-v1" if game in FROZEN_POLICIES else "expert")
    driver.budget_ms = float("inf")
    times = {n: [] for n in names}
    for seed in seeds:
        state = new_game(game, seed)
        move = 0
        while not state.is_terminal():
            seat = state.current_player()
            for n, p in players.items():
                rng = rng_for("arena", seed, move)
                t0 = time.perf_counter()
                p.choose(View(state, seat), rng)
                times[n].append((time.perf_counter() - t0) * 1000)
            state.apply(driver.choose(View(state, seat), rng_for("arena", seed, move)))
            move += 1
    out = {"seeds": f"{seeds[0]}-{seeds[-1]}", "moves": len(times[names[0]])}
    for n in names:
        ts = times[n]
        out[n] = {"mean_ms": round(sum(ts) / len(ts), 1), "p95_ms": round(_pct(ts, 0.95), 1),
                  "max_ms": round(max(ts), 1)}
    return out


def moves(seed: int, a: str, b: str) -> list[str]:
    register([a, b])
    state = new_game("briscola", seed)
    ps = [evaluation.make_player(a), evaluation.make_player(b)]
    for p in ps:
        p.budget_ms = float("inf")
    out, move = [], 0
    while not state.is_terminal():
        seat = state.current_player()
        choice = ps[state.team_of(seat)].choose(View(state, seat), rng_for("arena", seed, move))
        out.append(choice)
        state.apply(choice)
        move += 1
    return out


def net(path: str) -> dict:
    """The net per seed pair and its 95 % interval (train_briscola.py's arithmetic)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    from train_briscola import net as paired_net
    return paired_net(path)


def seed_range(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("arena")
    p.add_argument("--game", choices=("briscola", "scopa", "tarocchi"), default="briscola")
    p.add_argument("--players", default=f"{PREFIX},expert-v1")
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--progress", type=int, default=0)
    p.add_argument("--no-clock", action="store_true")
    p.add_argument("--log")
    p = sub.add_parser("time")
    p.add_argument("--game", choices=("briscola", "scopa", "tarocchi"), default="briscola")
    p.add_argument("--seeds", default="1-4")
    p.add_argument("--players", default=f"expert-v1,{PREFIX}")
    p = sub.add_parser("moves")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default=f"{PREFIX},expert-v1")
    p = sub.add_parser("net")
    p.add_argument("--log", required=True)
    p = sub.add_parser("carry", help="evaluation.carry with the experiment registered")
    p.add_argument("--log", required=True)
    p.add_argument("--seeds", type=int, default=30)
    args = ap.parse_args(argv)
    if args.cmd == "arena":
        register(args.players.split(","))
        a, b = args.players.split(",")
        out = evaluation.arena(args.game, a, b, args.deals, args.seed, 1, None,
                               args.progress, not args.no_clock, args.log)
        print(json.dumps(out), flush=True)
        if args.log:
            print(json.dumps(net(args.log)))
    elif args.cmd == "time":
        print(json.dumps(timing(seed_range(args.seeds), args.players.split(","), args.game)))
    elif args.cmd == "moves":
        a, b = args.players.split(",")
        print(json.dumps(moves(args.seed, a, b)))
    elif args.cmd == "carry":
        header = arenalog.read(args.log)[0]
        register([header["a"], header["b"]])
        print(json.dumps(evaluation.carry(args.log, args.seeds, 1)))
    else:
        print(json.dumps(net(args.log)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
