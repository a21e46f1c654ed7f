"""Minchiate's expert with Tarocchi's sharper play-out (issue 27, candidate (c)),
an arena experiment: ``expert-look[-N]`` is the expert search (N worlds a move,
the expert's 60 unless given) whose play-outs choose every lead by playing it
through the trick (``_lead_by_trick`` below); the normal level and its play-outs
are unchanged.

    PYTHONPATH=core python3 experiments/minchiate_look.py time --seeds 1-2 --players expert,expert-look-30
    PYTHONPATH=core nice -n 19 python3 experiments/minchiate_look.py arena --players expert-look-30,normal \\
        --deals 200 --seed 1 --log train-data/arena-minchiate-look30-normal.jsonl

``arena`` is the CLI's resumable arena (no clock) with the players registered
(``evaluation.register_player``); pair its log with the expert's on the same seeds by renaming the
header's player (``compare`` pairs one match-up's logs).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from cardavia import evaluation
from cardavia.ai import View
from cardavia.ai.minchiate_policy import (_INFO, CARD_POINTS, MATTO, STRENGTH, SUIT, M,
                                          MinchiatePolicy, _play_values, _tops, _world_best,
                                          final_value, greedy_key)
from cardavia.ai.players import ExpertPlayer
from cardavia.games import new_game
from cardavia.games.base import rng_for

PREFIX = "expert-look"


class _TrickSeen:
    """What ``_play_values`` reads of a position (the mover, the trick, the tricks
    played), for a trick tried out by ``_lead_by_trick`` without copying the world."""

    __slots__ = ("to_move", "trick", "tricks_played")


def _lead_by_trick(state) -> str:
    """A lead chosen by playing each lead worth trying (per suit its highest and
    its lowest card; never the Matto) through the trick, the three others playing ``_world_best``'s
    cards: the best swing of the trick (the opponents' points count twice, as in
    ``_play_values``) less the card's future worth. Tarocchi's expert play-out
    (``tarocchi_policy._lead_by_trick``) does the same."""
    me = state.to_move
    hands = state.hands
    legal = M.legal_cards(hands[me], state.trick, state.led_suits)
    hi: dict = {}
    lo: dict = {}
    for c in legal:
        if c == MATTO:
            continue
        s = SUIT[c]
        if s not in hi or STRENGTH[c] > STRENGTH[hi[s]]:
            hi[s] = c
        if s not in lo or STRENGTH[c] < STRENGTH[lo[s]]:
            lo[s] = c
    cands = list(hi.values()) + [c for s, c in lo.items() if c != hi[s]]
    if len(cands) < 2:
        return _world_best(state)
    tops = [_tops(h) for h in hands]
    seen = _TrickSeen()
    seen.tricks_played = state.tricks_played
    team = me % 2
    best, best_v = None, -1e9
    for x in cands:
        trick = [[me, x]]
        for k in (1, 2, 3):
            p = (me + k) % 4
            legal_p = M.legal_cards(hands[p], trick, state.led_suits)
            if len(legal_p) == 1:
                y = legal_p[0]
            else:
                seen.to_move = p
                seen.trick = trick
                y = _play_values(seen, legal_p, {(p + i) % 4: tops[(p + i) % 4]
                                                 for i in range(1, 4 - k)})
            trick.append([p, y])
        ours = theirs = 0
        for p, c in trick:
            if c != MATTO:
                if p % 2 == team:
                    ours += CARD_POINTS[c]
                else:
                    theirs += CARD_POINTS[c]
        w = M.trick_winner(trick)
        value = (2 * theirs + ours if w % 2 == team else -(2 * ours + theirs)) - _INFO[x][3]
        if value > best_v:
            best, best_v = x, value
    return best


def look_playout_value(state, team: int) -> float:
    """minchiate_policy.playout_value with every lead by ``_lead_by_trick``."""
    while state.phase != "over":
        if state.phase == "play":
            state._apply_play(_lead_by_trick(state) if not state.trick else _world_best(state))
            continue
        actions = state.legal_actions()
        state._apply(max(actions, key=lambda a: greedy_key(state, a)))
    return final_value(state, team)


class LookPolicy(MinchiatePolicy):
    """The expert's play-outs lead by looking through the trick."""

    def expert_playout(self, state, team: int) -> float:
        return look_playout_value(state, team)


class LookExpert(ExpertPlayer):
    name = PREFIX

    def choose(self, view: View, rng) -> str:
        return super().choose(view.with_policy(LookPolicy()), rng)


def player_for(name: str):
    if name == PREFIX:
        return LookExpert()
    if name.startswith(PREFIX + "-") and name[len(PREFIX) + 1:].isdigit():
        return LookExpert(samples=int(name[len(PREFIX) + 1:]))
    return None


def register(names) -> None:
    """Makes each of ``names`` that is this experiment's a player of the arena."""
    for n in names:
        if player_for(n) is not None:
            evaluation.register_player(n, lambda n=n: player_for(n))


def timing(seeds: list[int], names: list[str]) -> dict:
    """The expert plays the seeds' first deals; at each of its choices every named
    player chooses too, timed one after the other on the same position."""
    register(names)
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
        register(args.players.split(","))
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
