"""``expert-learned`` (issue 27): the expert search with the learned play-out of the
Briscola normal level (ai/briscola_learned.py) in the expert's worlds too, where the
live expert plays them out greedily. An experiment of the arena, not a level: it did
not make the expert stronger (docs/computer-players.md). ``expert-learned-64``: the same
with 64 worlds a move, about the cost of today's expert.

The players are registered with the arena (``evaluation.register_player``) when this
module is imported, so the arena's worker processes know them too; run the CLI through
it, e.g.

  PYTHONPATH=core python3 experiments/briscola_learned_expert.py arena briscola \\
      --players expert-learned,expert --deals 200 --no-clock
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from cardavia import evaluation  # noqa: E402
from cardavia.ai.briscola_learned import learned_playout  # noqa: E402
from cardavia.ai.briscola_policy import BriscolaPolicy  # noqa: E402
from cardavia.ai.players import ExpertPlayer, View  # noqa: E402


class BriscolaLearnedPolicy(BriscolaPolicy):
    """The live Briscola policy with the learned play-out in the expert's worlds too."""

    def expert_playout(self, state, team: int) -> float:
        return learned_playout(state, team)


class LearnedExpertPlayer(ExpertPlayer):
    name = "expert-learned"

    def choose(self, view: View, rng: random.Random) -> str:
        if view.game_id != "briscola":
            raise ValueError(f"no learned player for {view.game_id} (only briscola)")
        return super().choose(view.with_policy(BriscolaLearnedPolicy()), rng)


evaluation.register_player("expert-learned", LearnedExpertPlayer)
evaluation.register_player("expert-learned-64", lambda: LearnedExpertPlayer(samples=64))

if __name__ == "__main__":
    from cardavia.__main__ import main
    sys.exit(main())
