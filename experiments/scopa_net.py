"""The Scopa self-play network in the arena (issue 45, its Scopa half): weights
exported by ``scripts/train/scopa_selfplay.py export`` (default
``train-data/scopa-selfplay/net.json``; ``SCOPA_NET=path`` reads others), read by
ai/scopa_net.py. Not shipped: an experiment of the arena, not a level.

  scopa-net    the network alone: its card, the capture by scopa_net.capture_for
  scopa-xnet   the live expert with the network choosing while the stock lasts;
               once it is empty every card is known and the expert solves the last
               round exactly (Scopa's SOLVE_PLIES = 6), as Briscola's ``xnet``

  PYTHONPATH=core python3 scripts/train/scopa_selfplay.py export --data train-data/scopa-selfplay
  PYTHONPATH=core python3 experiments/scopa_net.py arena scopa \\
      --players scopa-net,expert-v1 --deals 300 --no-clock --jobs 1 --log train-data/arena-45/x.jsonl
  # two players' logs against one opponent, paired on the seeds both hold: the mean of
  # (A's wins less losses) less (B's) per seed's pair of deals, and its 95 % interval
  python3 experiments/scopa_net.py paired LOG_A LOG_B
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "core"))

from cardavia import evaluation  # noqa: E402
from cardavia.ai import scopa_net as sn  # noqa: E402
from cardavia.ai.players import ExpertPlayer, View  # noqa: E402

WEIGHTS = Path(os.environ.get("SCOPA_NET", ROOT / "train-data" / "scopa-selfplay" / "net.json"))
_NET = []


def net():
    """The weights, read once per process, when a player first asks."""
    if not _NET:
        _NET.append(sn.load(WEIGHTS))
    return _NET[0]


class NetExpert(ExpertPlayer):
    """``scopa-xnet``: the network's card (and its capture rule) while the stock
    lasts, then the expert's exact solve of the last round."""

    name = "scopa-xnet"

    def choose(self, view: View, rng: random.Random) -> str:
        if view.game_id != "scopa":
            raise ValueError("Scopa only")
        obs = view.observation()
        if obs["stock"] == 0:
            return super().choose(view, rng)
        return sn.action_for(obs, view.legal_actions(), sn.choose_card(net(), obs))


evaluation.register_player("scopa-net", lambda: sn.NetPlayer(net()))
evaluation.register_player("scopa-xnet", NetExpert)

def paired(log_a: str, log_b: str, z: float = 1.959964) -> dict:
    """Per seed, a's net (wins less losses, -2 ... 2) in ``log_a`` less that in
    ``log_b`` (logs of other players against the same opponent; cardavia compare
    pairs logs of one match-up only)."""
    from cardavia import arenalog
    (head_a, rows_a, _), (head_b, rows_b, _) = arenalog.read(log_a), arenalog.read(log_b)
    if (head_a["game"], head_a["b"], head_a["deck"]) != (head_b["game"], head_b["b"], head_b["deck"]):
        raise ValueError("the logs are not of one game, deck and opponent")
    rows = [rows_a, rows_b]
    seeds = sorted(set(rows[0]) & set(rows[1]))
    diffs = [evaluation._net(rows[0][s]) - evaluation._net(rows[1][s]) for s in seeds]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    return {"a": log_a, "b": log_b, "seeds": n, "from": seeds[0], "to": seeds[-1],
            "net_diff_per_pair": round(mean, 4), "ci95": [round(mean - half, 4),
                                                          round(mean + half, 4)]}


if __name__ == "__main__":
    if sys.argv[1:2] == ["paired"]:
        print(json.dumps(paired(*sys.argv[2:4])))
        sys.exit(0)
    from cardavia.__main__ import main
    sys.exit(main())
