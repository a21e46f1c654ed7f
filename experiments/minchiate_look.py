"""Minchiate's expert with Tarocchi's sharper play-out (issue 27, candidate (c)),
an arena experiment: ``expert-look[-N]`` is the expert search (N worlds a move,
the expert's 60 unless given) whose play-outs choose every lead by playing it
through the trick (``minchiate_policy._lead_by_trick``); the normal level and
its play-outs are unchanged.

    PYTHONPATH=core python3 experiments/minchiate_look.py time --seeds 1-2 --players expert,expert-look-30
    PYTHONPATH=core nice -n 19 python3 experiments/minchiate_look.py arena --players expert-look-30,normal \\
        --deals 200 --seed 1 --log train-data/arena-minchiate-look30-normal.jsonl

``arena`` is the CLI's resumable arena (no clock) with the players registered at
runtime; pair its log with the expert's on the same seeds by renaming the
header's player (``compare`` pairs one match-up's logs).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from cardavia import evaluation
from cardavia.ai import View
from cardavia.ai.minchiate_policy import MinchiatePolicy, playout_value
from cardavia.ai.players import ExpertPlayer
from cardavia.games import new_game
from cardavia.games.base import rng_for

PREFIX = "expert-look"


class LookPolicy(MinchiatePolicy):
    """The expert's play-outs lead by looking through the trick."""

    def expert_playout(self, state, team: int) -> float:
        return playout_value(state, team, look=True)


class LookExpert(ExpertPlayer):
    name = PREFIX

    def choose(self, view: View, rng) -> str:
        return super().choose(View(view._state, view.seat, LookPolicy()), rng)


def player_for(name: str):
    if name == PREFIX:
        return LookExpert()
    if name.startswith(PREFIX + "-") and name[len(PREFIX) + 1:].isdigit():
        return LookExpert(samples=int(name[len(PREFIX) + 1:]))
    return None


def register() -> None:
    base = evaluation.make_player

    def make(level: str):
        p = player_for(level)
        return p if p is not None else base(level)

    evaluation.make_player = make


def timing(seeds: list[int], names: list[str]) -> dict:
    """The expert plays the seeds' first deals; at each of its choices every named
    player chooses too, timed one after the other on the same position."""
    register()
    players = {n: evaluation.make_player(n) for n in names}
    for p in players.values():
        p.budget_ms = float("inf")
    driver = evaluation.make_player("expert")
    driver.budget_ms = float("inf")
    times = {n: [] for n in names}
    for seed in seeds:
        state = new_game("minchiate", seed)
        move = 0
        while state.deal_index() == 0 and not state.is_terminal():
            view = View(state, state.current_player())
            if len(view.legal_actions()) > 1:
                for n, p in players.items():
                    t0 = time.perf_counter()
                    p.choose(view, rng_for("arena", seed, move))
                    times[n].append((time.perf_counter() - t0) * 1000)
            state.apply(driver.choose(view, rng_for("arena", seed, move)))
            move += 1
    out = {"seeds": f"{seeds[0]}-{seeds[-1]}", "moves": len(times[names[0]])}
    for n, ts in times.items():
        ts = sorted(ts)
        out[n] = {"mean_ms": round(sum(ts) / len(ts), 1),
                  "p95_ms": round(ts[min(len(ts) - 1, int(0.95 * len(ts)))], 1),
                  "max_ms": round(ts[-1], 1)}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("arena")
    p.add_argument("--players", default=f"{PREFIX},normal")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--progress", type=int, default=10)
    p.add_argument("--log")
    p = sub.add_parser("time")
    p.add_argument("--seeds", default="1-2")
    p.add_argument("--players", default=f"expert,{PREFIX}")
    args = ap.parse_args(argv)
    if args.cmd == "arena":
        register()
        a, b = args.players.split(",")
        out = evaluation.arena("minchiate", a, b, args.deals, args.seed, 1, None,
                               args.progress, False, args.log)
        print(json.dumps(out), flush=True)
    else:
        lo, _, hi = args.seeds.partition("-")
        seeds = list(range(int(lo), int(hi or lo) + 1))
        print(json.dumps(timing(seeds, args.players.split(","))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
