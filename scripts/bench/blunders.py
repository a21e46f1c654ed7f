"""Perceived blunders of the human's computer partner (issue 27), per 100 deals.

In Briscola a 4, Tressette in quattro, Scopone, Cicera, Tarocchi and Minchiate the human (seat 0) plays with a
computer partner (seat 2). This plays seeded deals with the level under test in seat 2
and ``--others`` (default: the same level) in seats 0, 1 and 3, and counts seat
2's plays that a human partner would see as embarrassing, as defined in
core/cardavia/ai/partnership.py (overtaking a partner's secure trick, a counting
card thrown onto the opponents' trick when a cheaper card would do, a lead into
the partner's void in the suit and in trumps; in Cicera a declined scopa, a prize
card placed, a prize left on the table). A ``smear`` counts when the opponents
do win the trick.

Usage: ``PYTHONPATH=core python3 scripts/bench/blunders.py --game tarocchi --level expert
--others normal --deals 100 --seed 1``; one JSON line per game (``--verbose``:
each blunder on stderr). The searches run without the clock: budgets are counts,
so the same seeds give the same figures on any machine.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from cardavia.ai import View, make_player
from cardavia.ai.partnership import KINDS, judge
from cardavia.games import new_game
from cardavia.games.base import rng_for

PARTNER_SEAT = 2  # the human is seat 0
VERBOSE = False


def _show(kind: str, seed: int, state, play) -> None:
    if VERBOSE:
        print(json.dumps({"kind": kind, "seed": seed, "hand": state.hands[PARTNER_SEAT],
                          "trick": getattr(state, "trick", None),
                          "table": getattr(state, "table", None),
                          "voids": getattr(state, "voids", None), "play": play}),
              file=sys.stderr)


def play(game: str, seed: int, level: str, others: str) -> tuple[dict, int]:
    """One deal: the partner's blunders by kind, and its number of plays."""
    state = new_game(game, seed)
    players = [make_player(level if s == PARTNER_SEAT else others) for s in range(4)]
    for p in players:
        if hasattr(p, "budget_ms"):
            p.budget_ms = float("inf")  # no clock: the same moves on any machine
    counts = dict.fromkeys(KINDS[game], 0)
    judge_play = judge(game)
    plays = move = 0
    smear = False
    while state.deal_index() == 0 and not state.is_terminal():
        seat = state.current_player()
        choice = players[seat].choose(View(state, seat), rng_for("arena", seed, move))
        move += 1
        legal = state.legal_actions()
        action = next(a for a in legal if a["id"] == choice)
        if seat == PARTNER_SEAT and action["type"] in ("play", "place", "capture"):
            plays += 1
            flags, smear = judge_play(state, action, legal)
            for f in flags:
                counts[f] += 1
                _show(f, seed, state, action)
        state.apply(choice)
        if smear and not state.trick:  # the trick is over: an opponent's?
            if state.last_trick["winner"] % 2 != PARTNER_SEAT % 2:
                counts["smear"] += 1
                _show("smear", seed, state, state.last_trick)
            smear = False
    return counts, plays


def run(game: str, level: str, others: str, deals: int, seed: int) -> dict:
    totals = dict.fromkeys(KINDS[game], 0)
    plays = 0
    start = time.perf_counter()
    for s in range(seed, seed + deals):
        counts, n = play(game, s, level, others)
        plays += n
        for k, v in counts.items():
            totals[k] += v
    print(f"blunders {game} {level}: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    per100 = {k: round(100 * v / deals, 1) for k, v in totals.items()}
    return {"game": game, "partner": level, "others": others, "deals": deals,
            "seeds": [seed, seed + deals - 1], "partner_plays": plays, "blunders": totals,
            "per_100_deals": per100, "total_per_100_deals": round(sum(per100.values()), 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default=",".join(KINDS),
                   help="comma-separated (default: every game whose blunders are defined)")
    p.add_argument("--level", default="normal", help="the partner's level")
    p.add_argument("--others", help="the other three seats' level (default: the partner's)")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--verbose", action="store_true", help="each blunder on stderr")
    args = p.parse_args(argv)
    global VERBOSE
    VERBOSE = args.verbose
    for game in args.game.split(","):
        print(json.dumps(run(game, args.level, args.others or args.level, args.deals,
                             args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
