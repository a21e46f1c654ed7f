"""Scopa's expert variants of issue 27, measured against the frozen ``expert-v1``
(ai/scopa_v1.py) in the project's arena without touching the CLI: the players
are registered with the arena (``evaluation.register_player``) and
the arena is ``evaluation.arena`` itself, so the log is the CLI's resumable log.

A name is ``scopa-<knowledge>[-sN][-pN]``: the live expert (ExpertPlayer on
ScopaPolicy) with

- ``base``: today's knowledge (the greedy key as play-out);
- ``sharp``: a play-out that never opens a sweep it can see: each side's key is
  what it takes less the best the next player can take back with the cards it
  holds in that sampled world (a sweep 10 points more), candidate (c);
- ``smooth``: a deal's value is its margin plus 0.02 a card and 0.03 a coin of
  the difference, so near-ties lean to the majorities;
- ``reads``: the expert's worlds deal the opponent no card of a rank it showed
  it lacks this round: at one of its plays since the hands were last dealt, a
  card of that rank would have swept the table it faced, or taken the
  settebello, and it did neither (a read, not a rule: the events it sees);
- knowledge joined by ``+`` (``sharp+reads``) is both;
- ``-sN``: N sampled worlds a move (the expert's are 96); ``-pN``: each world
  solved exactly from N plays left (the expert's are 6).

    PYTHONPATH=core nice -n 19 python3 experiments/scopa_variants.py arena \\
        --players scopa-sharp,expert-v1 --deals 300 --log train-data/scopa/sharp.jsonl
    PYTHONPATH=core python3 experiments/scopa_variants.py time --seeds 1-2 \\
        --players expert,scopa-sharp,scopa-base-s192
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from cardavia import evaluation
from cardavia.ai import View, make_player
from cardavia.ai.players import ExpertPlayer
from cardavia.ai.scopa_policy import ScopaPolicy, material
from cardavia.games import new_game
from cardavia.games._sampling import deal_constrained
from cardavia.games.base import rng_for
from cardavia.games.scopa import CAPTURE_VALUE, SETTEBELLO, capture_options, value


def reply_gain(state, table: list[str], seat: int) -> float:
    """The most ``seat`` can take from ``table`` with the cards it holds (a sweep
    10 more, none on the deal's last card)."""
    best = 0.0
    last = not state.stock and len(state.hands[0]) + len(state.hands[1]) == 2
    for c in state.hands[seat]:
        for group in capture_options(c, table):
            v = material(c) + sum(material(x) for x in group)
            if len(group) == len(table) and not last:
                v += 10
            best = max(best, v)
    return best


def sharp_key(state, action) -> tuple:
    """What the mover takes less what the next player can take back."""
    seat, card = state.to_move, action["card"]
    if action["type"] == "capture":
        caps = action["captures"]
        rest = [t for t in state.table if t not in caps]
        gain = material(card) + sum(material(c) for c in caps)
        if not rest and not (not state.stock and len(state.hands[0]) + len(state.hands[1]) == 1):
            gain += 10
        return (gain - reply_gain(state, rest, 1 - seat), 0.0, 0)
    return (-reply_gain(state, state.table + [card], 1 - seat), -material(card), -value(card))


class SharpPolicy(ScopaPolicy):
    def playout_key(self, state, action) -> tuple:
        return sharp_key(state, action)


class SmoothPolicy(ScopaPolicy):
    def rollout_value(self, state, team: int) -> float:
        sheet = state.sheets[-1]
        detail = {line["key"]: line["detail"] for line in sheet["lines"]}
        cards, coins = detail["most_cards"]["counts"], detail["most_coins"]["counts"]
        return (sheet["totals"][team] - sheet["totals"][1 - team]
                + 0.02 * (cards[team] - cards[1 - team])
                + 0.03 * (coins[team] - coins[1 - team]))


def shown_lacking(state, seat: int) -> set[str]:
    """The ranks the opponent of ``seat`` showed it lacks this round (see
    ``reads``), from the events ``seat`` sees."""
    opp, table, banned = 1 - seat, [], set()
    for event in state.events_for(seat):
        kind = event["type"]
        if kind == "dealt":
            table, banned = list(event["table"]), set()
        elif kind == "hand":
            banned = set()
        elif kind in ("placed", "captured"):
            if event["seat"] == opp:
                taken = event.get("cards", [])
                swept = kind == "captured" and len(taken) == len(table)
                for rank in CAPTURE_VALUE:
                    groups = capture_options(rank + "X", table)
                    if not swept and any(len(g) == len(table) for g in groups):
                        banned.add(rank)
                    if SETTEBELLO not in taken and any(SETTEBELLO in g for g in groups):
                        banned.add(rank)
            if kind == "placed":
                table.append(event["card"])
            else:
                table = [t for t in table if t not in event["cards"]]
    return banned


class ReadsPolicy(ScopaPolicy):
    def determinize_reading(self, state, seat: int, rng):
        banned = self.memo("reads", state, state.event_count,
                           lambda s: shown_lacking(s, seat))
        opp = 1 - seat
        if not banned or not state.hands[opp]:
            return state.determinize(seat, rng)
        unseen = sorted(state.hands[opp] + state.stock)
        rng.shuffle(unseen)
        ranks = {c: c[:-1] for c in unseen}
        out = deal_constrained(unseen, [len(state.hands[opp]), len(state.stock)],
                               [banned, set()], ranks, set(ranks.values()), rng)
        if out is None:
            return state.determinize(seat, rng)
        world = state.clone()
        world.hands[opp], world.stock = out[0]
        return world


KNOWLEDGE = {"base": ScopaPolicy, "sharp": SharpPolicy, "smooth": SmoothPolicy,
             "reads": ReadsPolicy}


class VariantPlayer(ExpertPlayer):
    """The expert search on a variant's policy."""

    def __init__(self, name: str, policy: type, samples: int | None):
        super().__init__(samples=samples)
        self.name, self.policy = name, policy

    def choose(self, view: View, rng) -> str:
        return super().choose(view.with_policy(self.policy()), rng)


def variant(name: str) -> VariantPlayer | None:
    parts = name.split("-")
    if len(parts) < 2 or parts[0] != "scopa":
        return None
    kinds = parts[1].split("+")
    if not all(k in KNOWLEDGE for k in kinds):
        return None
    policy = KNOWLEDGE[kinds[0]] if len(kinds) == 1 else type(
        "+".join(kinds), tuple(KNOWLEDGE[k] for k in kinds), {})
    samples = None
    for part in parts[2:]:
        if part[:1] == "s" and part[1:].isdigit():
            samples = int(part[1:])
        elif part[:1] == "p" and part[1:].isdigit():
            policy = type(f"{policy.__name__}P{part[1:]}", (policy,),
                          {"SOLVE_PLIES": int(part[1:])})
        else:
            return None
    return VariantPlayer(name, policy, samples)


def register(names) -> None:
    """Makes each of ``names`` that is this experiment's a player of the arena
    (``evaluation.register_player``)."""
    for n in names:
        if variant(n) is not None:
            evaluation.register_player(n, lambda n=n: variant(n))


def timing(seeds: list[int], names: list[str]) -> dict:
    """Mean ms a move of each player on the positions of the expert's own deals."""
    register(names)
    total, moves = {n: 0.0 for n in names}, 0
    for seed in seeds:
        state = new_game("scopa", seed)
        driver = make_player("expert")
        driver.budget_ms = float("inf")
        while state.deal_index() == 0 and not state.is_terminal():
            seat = state.current_player()
            for n in names:
                p = evaluation.make_player(n)
                p.budget_ms = float("inf")
                t = time.perf_counter()
                p.choose(View(state, seat), rng_for("t", seed, moves))
                total[n] += time.perf_counter() - t
            state.apply(driver.choose(View(state, seat), rng_for("t", seed, moves)))
            moves += 1
    return {"moves": moves, "ms_per_move": {n: round(1000 * v / moves, 1)
                                            for n, v in total.items()}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("arena")
    p.add_argument("--players", required=True)
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--progress", type=int, default=25)
    p.add_argument("--log")
    p = sub.add_parser("time")
    p.add_argument("--seeds", default="1-2")
    p.add_argument("--players", default="expert,scopa-sharp")
    args = ap.parse_args(argv)
    if args.cmd == "arena":
        register(args.players.split(","))
        a, b = args.players.split(",")
        print(json.dumps(evaluation.arena("scopa", a, b, args.deals, args.seed, 1, None,
                                          args.progress, False, args.log)))
    else:
        lo, _, hi = args.seeds.partition("-")
        print(json.dumps(timing(list(range(int(lo), int(hi or lo) + 1)),
                                args.players.split(","))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
