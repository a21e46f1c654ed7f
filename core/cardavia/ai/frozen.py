"""The frozen players' policies, per game: a level as it played on a given day
(ai/briscola_v1.py, ai/scopa_v1.py; Briscola's normal of 2026-12-07, ai/briscola_v2.py),
for the arena to measure later work against (``normal-v1``, ``expert-v1``, ``normal-v2``
in ai/players.py). Tooling, not a level of the site:
the frozen players import this module only when they play, and the site's wheel
leaves it out (scripts/build/wheel_contents.py)."""

from __future__ import annotations

from .briscola_v1 import BriscolaV1Policy
from .briscola_v2 import BriscolaV2Policy
from .scopa_v1 import ScopaV1Policy

FROZEN_POLICIES = {"briscola": BriscolaV1Policy, "scopa": ScopaV1Policy}
# the second freeze (normal-v2): Briscola only
FROZEN_V2_POLICIES = {"briscola": BriscolaV2Policy}


def frozen_view(view, version: int = 1):
    """The same seat's view (ai/players.View) played by its game's frozen policy
    of that ``version``."""
    table = FROZEN_V2_POLICIES if version == 2 else FROZEN_POLICIES
    cls = table.get(view.game_id)
    if cls is None:
        raise ValueError(f"no frozen v{version} player for {view.game_id} "
                         f"(only {', '.join(sorted(table))})")
    return view.with_policy(cls())
