"""Searches seeds for each game's guided first deal: the first (seed, seat) whose deal,
played as the coach says (lessonwalk.walk), shows every moment of the lesson and is won
by the learner's side (doing what the coach says should not teach a loss).

    .venv/bin/python scripts/lessons/find_lessons.py [game ...] [--from N] [--tries K]
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "core"))
from cardavia import lessons, lessonwalk  # noqa: E402
from cardavia.games import REGISTRY  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("games", nargs="*", default=list(lessons.LESSONS))
    p.add_argument("--from", dest="start", type=int, default=1)
    p.add_argument("--tries", type=int, default=60)
    p.add_argument("--deck", default=None, help="a deck other than the game's first")
    args = p.parse_args()
    for game in args.games:
        wanted = lessons.LESSONS[game]["moments"]
        seats = REGISTRY[game].NUM_SEATS
        best = None
        t0 = time.time()
        for seed in range(args.start, args.start + args.tries):
            for seat in range(seats):
                out = lessonwalk.walk(game, seed, seat, args.deck)
                got = [m["id"] for m in out["moments"]]
                missing = [m for m in wanted if m not in got]
                score = (len(missing), not out["won"])
                if best is None or score < best[5]:
                    best = (seed, seat, missing, got, out["turns"], score)
                if score == (0, False):
                    break
            if best and best[5] == (0, False):
                break
        print(f"{game}: seed {best[0]} seat {best[1]} missing {best[2]} order {best[3]} "
              f"turns {best[4]} {'won' if not best[5][1] else 'LOST'} ({time.time() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
