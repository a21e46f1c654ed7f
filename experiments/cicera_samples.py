"""Cicera's expert at another count of sampled worlds a move (issue 41: 72 -> 48 so that its
three moves between two turns of yours keep the table's pace), in the arena against another
count on the same seat-swapped seeds. A name is ``expert-sN``: the live expert with N worlds.

    PYTHONPATH=core nice -n 19 python3 experiments/cicera_samples.py \\
        --players expert-s48,expert-s72 --deals 300 --jobs 2 --log train-data/cicera-s48-s72.jsonl
"""

from __future__ import annotations

import re
import sys

import arena_cli
from cardavia import evaluation
from cardavia.ai.players import ExpertPlayer

NAME = re.compile(r"^expert-s(\d+)$")


def register(names) -> None:
    for n in names:
        m = NAME.match(n)
        if m:
            evaluation.register_player(n, lambda k=int(m.group(1)): ExpertPlayer(samples=k))


def main(argv=None) -> int:
    return arena_cli.main("cicera", register, __doc__, "expert-s48,expert-s72", argv, deals=300)


if __name__ == "__main__":
    sys.exit(main())
