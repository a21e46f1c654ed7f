"""Exact solver for a deal whose every card is placed (a sampled world, or a
position where every card is known): alpha-beta over the game's own rules with
a transposition table, the value being the deal's ``rollout_value`` (the game's
policy) for a team.

Teams alternate freely (four-player games are two partnerships), so each node
maximises or minimises according to the mover's team.
"""

from __future__ import annotations

from ..games.base import Action, State
from .alphabeta import INF, probe, step, store
from .policies import policy_for
from .policy import Policy, SolverLimit



class Solver:
    """One solver per search: the table is keyed by the position only, so it is
    shared across the actions searched from the same sampled world."""

    def __init__(self, team: int, node_limit: int = 200_000, policy: Policy | None = None):
        self.team = team
        self.policy = policy  # the game's (ai/policy.py): found on the first value if None
        self.table: dict = {}
        self.nodes = 0
        self.node_limit = node_limit

    def value(self, state: State, start_deal: int | None = None) -> float:
        """The exact value for ``self.team`` of playing on from ``state`` to the
        end of the deal that is current (or of ``start_deal``). The node limit
        counts per call."""
        start = state.deal_index() if start_deal is None else start_deal
        self.nodes = 0
        if self.policy is None:
            self.policy = policy_for(state)
        fast = self.policy.exact_value(state, self.team, self.table, self.node_limit)
        if fast is not None:
            return fast
        return self._search(state, start, -INF, INF)

    def _search(self, state: State, start: int, alpha: float, beta: float) -> float:
        if state.deal_index() != start or state.is_terminal():
            return self.policy.rollout_value(state, self.team)
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SolverLimit(self.nodes)
        key = state.solver_key()
        hit, alpha, beta = probe(self.table, key, alpha, beta)
        if hit is not None:
            return hit
        a0, b0 = alpha, beta
        actions = ordered(state, self.policy)
        maximise = state.team_of(state.current_player()) == self.team
        best = -INF if maximise else INF
        for action in actions:
            child = state.clone()
            child._apply(action)
            best, alpha, beta = step(maximise, self._search(child, start, alpha, beta),
                                     best, alpha, beta)
            if alpha >= beta:
                break
        store(self.table, key, best, a0, b0)
        return best


def ordered(state: State, policy: Policy) -> list[Action]:
    """Legal actions, most promising first (the play-out policy): more cut-offs."""
    actions = state.legal_actions()
    if len(actions) > 1:
        actions = sorted(actions, key=lambda a: policy.playout_key(state, a), reverse=True)
    return actions
