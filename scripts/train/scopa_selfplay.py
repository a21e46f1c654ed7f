"""Self-play training of a Scopa policy-and-value network (issue 45, its Scopa half).

The game-agnostic PPO loop of selfplay.py over scopa_env.py's batched deals: inputs
as ai/scopa_net.encode (177: hand, table, both piles, scope, stock, hand sizes,
each pile's cards, coins and best primiera card per suit), a card per decision
(its capture by ai/scopa_net.capture_for), 18 decisions a seat per deal. One deal
is played, as the arena measures (the first deal of a match, from 0-0).

Rewards (selfplay.py): each scopa counts at the play that made it (the opponent's
against the learner's play before it), the four prizes at the learner's last play,
every point ``pw / 6`` (6: about the spread of a deal's margin), ``pw`` from 1 down
to 0.25 over 1,000 iterations; and +1 / -1 / 0 for winning / losing / drawing the
deal on points (what the arena counts). The rest of the recipe is Briscola's:
GAE lambda 0.9, clip 0.3, learning rate 3e-3 decaying to 3e-4, 2 epochs, 2,048
deals a batch, a pool of past versions as opponents.

  PYTHONPATH=core nice -n 19 python3 scripts/train/scopa_selfplay.py run \\
      --data train-data/scopa-selfplay [--max-iters N] [--max-hours H]
  ... eval --data DIR --deals 1000    the latest checkpoint against random, greedy
  ... export --data DIR [--keep N] [--out F]   weights as JSON (default DIR/net.json),
                                      read by experiments/scopa_net.py
"""

from __future__ import annotations

import selfplay  # noqa: I001  (first: one thread per process)
from scopa_env import PLIES, ScopaBatch
from cardavia.ai import scopa_net as sn

DEFAULTS = {
    "seed": 1, "games": 2048, "hidden": 128, "epochs": 2, "minibatch": 4096,
    "clip": 0.3, "lam": 0.9, "lr": 3e-3, "lr_final": 3e-4, "lr_decay": 3000,
    "ent": 0.01, "vf": 0.5, "points_weight": 1.0, "points_final": 0.25, "points_decay": 1000,
    "pool_every": 10, "pool_size": 50, "opponents": 4,
    "eval_every": 50, "eval_deals": 500, "ckpt_every": 5, "keep_every": 100,
}

SCOPA = selfplay.Game(
    name="scopa", n_inputs=sn.N_INPUTS, plies=PLIES, decisions=PLIES // 2,
    new_batch=ScopaBatch.shuffled, encode_obs=sn.encode, card_index=sn.index,
    action_for=sn.action_for, deal_totals=lambda state: state.sheets[0]["totals"],
    points_scale=6.0, defaults=DEFAULTS,
    code_files=(selfplay.HERE / "scopa_selfplay.py", selfplay.HERE / "scopa_env.py",
                selfplay.ROOT / "core" / "cardavia" / "ai" / "scopa_net.py"),
)


def train(data, overrides, max_iters=None, max_seconds=None):
    return selfplay.train(SCOPA, data, overrides, max_iters, max_seconds)


if __name__ == "__main__":
    selfplay.main(SCOPA, __doc__)
