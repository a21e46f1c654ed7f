"""Searches seeds for each game's guided first deal: the first (seed, seat) whose deal,
played as the coach says (lessons.walk), shows every moment of the lesson.

    .venv/bin/python scripts/find_lessons.py [game ...] [--from N] [--tries K]
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))
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
                if best is None or len(missing) < len(best[2]):
                    best = (seed, seat, missing, got, out["turns"])
                if not missing:
                    break
            if best and not best[2]:
                break
        print(f"{game}: seed {best[0]} seat {best[1]} missing {best[2]} order {best[3]} "
              f"turns {best[4]} ({time.time() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
