"""Command line: ``python -m cardavia simulate|arena|compare|carry|bench|fuzz|play``.

Each figure-printing command prints one JSON object as its last line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import cards
from .ai import LEVELS, View, make_player
from .ai.players import FROZEN
from .evaluation import arena, bench, player_names, simulate
from .games import REGISTRY, GameError, new_game
from .games.base import rng_for


def _players(text: str) -> list[str]:
    levels = [p.strip() for p in text.split(",")]
    for p in levels:
        if p not in player_names():
            raise argparse.ArgumentTypeError(
                f"unknown player {p!r} (players: {', '.join(player_names())})")
    if len(levels) != 2:
        raise argparse.ArgumentTypeError("give two players, e.g. normal,greedy")
    return levels


def play(game: str, deck: str | None, level: str, seed: int) -> None:
    """A deal in the terminal: you are seat 0, computers take the others."""
    state = new_game(game, seed, deck)
    computer = make_player(level)
    shown = 0
    move = 0
    while not state.is_terminal():
        for event in state.events_for(0, shown):
            print("  ·", _describe(event))
        shown = state.event_count
        seat = state.current_player()
        if seat != 0:
            state.apply(computer.choose(View(state, seat), rng_for("cli", seed, move)))
            move += 1
            continue
        obs = state.observation(0)
        if obs.get("table"):
            print("Table:", " ".join(obs["table"]))
        if obs.get("trick"):
            print("Trick:", " ".join(t["card"] for t in obs["trick"]))
        if obs.get("trump_suit"):
            print("Trump suit:", cards.SUIT_NAMES.get(obs["trump_suit"], obs["trump_suit"]))
        actions = state.legal_actions()
        for i, a in enumerate(actions, 1):
            # A Tarocchi discard or a Minchiate declaration names several cards, a pass none.
            played = a["cards"] if "cards" in a else [a["card"]] if "card" in a else []
            names = " + ".join(f"{c} ({cards.card_name(c)})" for c in played)
            if "value" in a:
                names += f" = {a['value']} points"
            extra = f" taking {' + '.join(a['captures'])}" if a.get("captures") else ""
            print(f"  {i}. {a['type']} {names}{extra}")
        try:
            answer = input("Your choice (number, or q): ").strip()
        except EOFError:
            return
        if answer == "q":
            return
        if not answer.isdigit() or not 1 <= int(answer) <= len(actions):
            print("Please type one of the numbers above.")
            continue
        state.apply(actions[int(answer) - 1]["id"])
        move += 1
    for event in state.events_for(0, shown):
        print("  ·", _describe(event))
    print("Result:", json.dumps(state.result()))


def _describe(event: dict) -> str:
    parts = [f"{k}={v}" for k, v in event.items() if k not in ("type", "sheet")]
    if event["type"] == "deal_scored":
        parts = [f"totals={event['sheet']['totals']}"]
    return f"{event['type']} " + " ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardavia", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    games = sorted(REGISTRY)

    p = sub.add_parser("simulate", help="seeded random games, checking invariants")
    p.add_argument("game", choices=games)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=_players, default=["random", "random"])
    p.add_argument("--deck")

    p = sub.add_parser("arena", help="two players over seat-swapped deals")
    p.add_argument("game", choices=games)
    p.add_argument("--players", type=_players, required=True)
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--deck")
    p.add_argument("--progress", type=int, default=0,
                   help="figures so far on stderr every N seeds")
    p.add_argument("--no-clock", action="store_true",
                   help="no wall-clock safety net: the same moves on a loaded machine")
    p.add_argument("--log", help="resumable JSON-lines log: seeds already in it are not "
                   "played again (a log of other settings or engine code is refused)")

    p = sub.add_parser("compare", help="two arena logs of one match-up, paired by seed")
    p.add_argument("log_a", help="the variant's log")
    p.add_argument("log_b", help="the log it is compared with")

    p = sub.add_parser("carry", help="keep an arena log across a change of code that plays "
                       "the same: replays its first seeds and, if every deal ends as logged, "
                       "stamps the log with the code's fingerprint")
    p.add_argument("log")
    p.add_argument("--seeds", type=int, default=30, help="seeds replayed (the first ones)")
    p.add_argument("--jobs", type=int, default=1)

    p = sub.add_parser("bench", help="throughput and computer move times")
    p.add_argument("game", choices=games)
    p.add_argument("--seed", type=int, default=1)

    p = sub.add_parser("fuzz", help="hostile requests against the bridge, per game")
    p.add_argument("--requests", type=int, default=10000, help="requests per game")
    p.add_argument("--game", choices=games, help="one game (default: every game)")
    p.add_argument("--seed", type=int, default=1)

    p = sub.add_parser("games", help="the game ids, one a line, in catalogue order (for scripts "
                       "and the Makefile: every list of games derives from the descriptions)")
    p.add_argument("--site", action="store_true", help="only the games the site lists")
    p.add_argument("--decks", action="store_true", help="each with its first deck: GAME DECK")

    p = sub.add_parser("play", help="play a deal in the terminal")
    p.add_argument("game", choices=games)
    p.add_argument("--deck")
    p.add_argument("--level", choices=LEVELS, default="normal")
    p.add_argument("--seed", type=int, default=None)

    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            out = simulate(args.game, args.games, args.seed, args.players, args.deck)
        elif args.command == "arena":
            a, b = args.players
            from .ai.frozen import FROZEN_POLICIES, FROZEN_V2_POLICIES
            if args.game not in FROZEN_POLICIES and {a, b} & set(FROZEN):
                raise GameError(f"{', '.join(FROZEN)} play {', '.join(FROZEN_POLICIES)} only")
            if args.game not in FROZEN_V2_POLICIES and "normal-v2" in (a, b):
                raise GameError(f"normal-v2 plays {', '.join(FROZEN_V2_POLICIES)} only")
            out = arena(args.game, a, b, args.deals, args.seed, max(1, args.jobs), args.deck,
                        args.progress, not args.no_clock, args.log)
        elif args.command == "compare":
            from .evaluation import compare
            out = compare(args.log_a, args.log_b)
        elif args.command == "carry":
            from .evaluation import carry
            out = carry(args.log, args.seeds, max(1, args.jobs))
        elif args.command == "bench":
            out = bench(args.game, args.seed)
        elif args.command == "games":
            from .games import DESCRIPTIONS
            for d in DESCRIPTIONS.values():
                if d.listed or not args.site:
                    print(f"{d.id} {d.decks[0]}" if args.decks else d.id)
            return 0
        elif args.command == "fuzz":
            from .fuzz import fuzz
            out = fuzz(args.requests, [args.game] if args.game else None, args.seed)
            print(json.dumps(out))
            return 1 if out["crashes"] or out["state_changes_on_error"] \
                or out["invariant_failures"] else 0
        else:
            seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
            play(args.game, args.deck, args.level, seed)
            return 0
    except GameError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except ValueError as err:  # arenalog.ArenaLogError: a log of another run
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 1 if out.get("errors") else 0


if __name__ == "__main__":
    sys.exit(main())
