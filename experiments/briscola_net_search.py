"""The self-play network inside the Briscola search (issue 45): the candidates measured
before one became a level, each the live policy (ai/briscola_policy.py) with the
network's hooks (ai/briscola_guide.py) switched on. An experiment of the arena.

  xnet            the expert: the network's card outside the exact endgame (no search
                  there), the 128-world search with the exact solve from 7 plays left
  xprior-K        the expert's search over every card, K points per logit added to the
                  mean margins (a PUCT-style prior), exact endgame unchanged
  nnet            the normal: the network's card until every card is inferable, then
                  the normal's 24-world search
  nprior-K        the normal's 24-world search, K points per logit added

  PYTHONPATH=core python3 experiments/briscola_net_search.py arena briscola \\
      --players xnet,expert-v1 --deals 300 --no-clock --jobs 1 --log train-data/x.jsonl
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from cardavia import evaluation  # noqa: E402
from cardavia.ai.briscola_policy import BriscolaPolicy  # noqa: E402
from cardavia.ai.players import ExpertPlayer, NormalPlayer, View  # noqa: E402


def variant(base: type, **attrs):
    """A player of class ``base`` on the live Briscola policy with ``attrs`` set."""
    policy_cls = type("NetVariantPolicy", (BriscolaPolicy,), dict(attrs))

    class Variant(base):
        def choose(self, view: View, rng: random.Random) -> str:
            if view.game_id != "briscola":
                raise ValueError("Briscola only")
            return super().choose(view.with_policy(policy_cls()), rng)
    return Variant


OFF = dict(NET_PLAYS_NORMAL=False, NET_PLAYS_EXPERT=False, NET_PRIOR_NORMAL=0.0,
           NET_PRIOR_EXPERT=0.0)
evaluation.register_player("xnet", variant(ExpertPlayer, **dict(OFF, NET_PLAYS_EXPERT=True)))
evaluation.register_player("nnet", variant(NormalPlayer, **dict(OFF, NET_PLAYS_NORMAL=True)))
# the network's logits are far apart (often 10-60 between the cards of a hand, against
# 2-10 points between the search's means): K below 1 lets the search still decide
for k in ("0.1", "0.2", "0.5", "1", "2", "5"):
    evaluation.register_player(f"xprior-{k}",
                               variant(ExpertPlayer, **dict(OFF, NET_PRIOR_EXPERT=float(k))))
    evaluation.register_player(f"nprior-{k}",
                               variant(NormalPlayer, **dict(OFF, NET_PRIOR_NORMAL=float(k))))

if __name__ == "__main__":
    from cardavia.__main__ import main
    sys.exit(main())
