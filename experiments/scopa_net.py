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
"""

from __future__ import annotations

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

if __name__ == "__main__":
    from cardavia.__main__ import main
    sys.exit(main())
