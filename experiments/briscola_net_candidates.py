"""``net-N`` (issue 45): the self-play network alone, weights of training iteration N
exported to ``train-data/cand/net-N.json`` (``briscola_selfplay.py export --keep N
--out …``), to pick the weights to ship. An experiment of the arena, not a level.

  PYTHONPATH=core python3 experiments/briscola_net_candidates.py arena briscola \\
      --players net-5000,expert-v1 --deals 200 --no-clock --jobs 1 --log train-data/x.jsonl
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "core"))

from cardavia import evaluation  # noqa: E402
from cardavia.ai import briscola_net as bn  # noqa: E402

CAND = ROOT / "train-data" / "cand"


def candidate(it: int):
    def make():
        return bn.NetPlayer(bn.load(CAND / f"net-{it}.json"))
    return make


for _f in sorted(CAND.glob("net-*.json")):
    evaluation.register_player(_f.stem, candidate(int(_f.stem.split("-")[1])))

if __name__ == "__main__":
    from cardavia.__main__ import main
    sys.exit(main())
