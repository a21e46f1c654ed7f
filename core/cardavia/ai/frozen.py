"""The registry of frozen players' policies, per game: a level as it played on
a given day (ai/briscola_v1.py, ai/scopa_v1.py), for the arena to measure later
work against (``expert-v1``, ``normal-v1``)."""

from __future__ import annotations

from .briscola_v1 import BriscolaV1Policy
from .scopa_v1 import ScopaV1Policy

FROZEN_POLICIES = {"briscola": BriscolaV1Policy, "scopa": ScopaV1Policy}
