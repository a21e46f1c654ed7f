"""Determinized Monte Carlo (PIMC) on a count budget, shared by the normal and
expert players, the hint and the review: sample the unseen cards, value every
candidate action in each sampled world (the same worlds for every action), and
average. The budget is a number of samples; a wall-clock cap is only a safety
net (``cap_s``), so the same seed gives the same values on any machine."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..games.base import Action, State
from .policies import policy_for
from .policy import Policy
from .solver import Solver, SolverLimit


@dataclass
class SearchResult:
    actions: list[Action]
    totals: list[float]
    samples: int = 0
    solved: int = 0  # worlds valued by the exact solver
    capped: bool = False  # the safety net stopped the search early
    per_sample: list[list[float]] = field(default_factory=list)

    def means(self) -> list[float]:
        n = max(1, self.samples)
        return [t / n for t in self.totals]


def world_value(world: State, action: Action, team: int,
                solver: Solver | None, deep: bool = False,
                policy: Policy | None = None) -> tuple[float, bool]:
    """Value for ``team`` of ``action`` in a sampled world: exact if a solver is
    given and the position is small enough for it, else the policy's play-out
    (its ``expert_playout`` if ``deep``). ``policy``: the game's (looked up if
    not given)."""
    if policy is None:
        policy = policy_for(world)
    if solver is None:
        fast = policy.playout_after(world, action, team, deep)
        if fast is not None:
            return fast, False
    start = world.deal_index()
    w = world.clone()
    w._apply(action)
    if w.deal_index() != start or w.is_terminal():
        return policy.rollout_value(w, team), True
    if solver is not None:
        try:
            return solver.value(w, start), True
        except SolverLimit:
            pass
    return (policy.expert_playout(w, team) if deep else policy.playout(w, team)), False


def pimc(view, actions: list[Action], samples: int, rng: random.Random,
         solve_plies: int = 0, cap_s: float | None = None,
         keep_samples: bool = False, deep: bool = False) -> SearchResult:
    """Mean value per action over ``samples`` sampled worlds. Worlds with at most
    ``solve_plies`` plays left are solved exactly; ``deep`` (the expert) plays
    the others out with the policy's ``expert_playout``. If every card is inferable,
    one world is the truth and one sample suffices."""
    team = view.team
    result = SearchResult(actions, [0.0] * len(actions))
    if view.all_cards_inferable():
        samples = 1
    deadline = None if cap_s is None else time.perf_counter() + cap_s
    # One solver for the whole search: its table is keyed by whole positions, so
    # worlds that repeat (few unseen cards) are solved once.
    policy = view.policy
    shared = Solver(team, policy=policy) if solve_plies else None
    for _ in range(samples):
        world = view.sample(rng, reading=True) if deep else view.sample(rng)
        left = world.plies_left()
        solver = None
        if shared is not None and left is not None and left - 1 <= solve_plies:
            solver = shared
        row = []
        for i, action in enumerate(actions):
            v, exact = world_value(world, action, team, solver, deep, policy)
            result.totals[i] += v
            result.solved += exact and solver is not None
            row.append(v)
        if keep_samples:
            result.per_sample.append(row)
        result.samples += 1
        if deadline is not None and time.perf_counter() > deadline:
            result.capped = result.samples < samples
            break
    return result


def best_index(view, result: SearchResult, bonus: list[float] | None = None) -> int:
    """The best mean (plus ``bonus[i]``, a learned prior's, if given); ties go to
    the greedy preference, so equal values still play sensibly."""
    actions = result.actions
    if bonus is None:
        return max(range(len(actions)),
                   key=lambda i: (result.totals[i], view.greedy_key(actions[i])))
    n = max(1, result.samples)
    return max(range(len(actions)),
               key=lambda i: (result.totals[i] / n + bonus[i], view.greedy_key(actions[i])))
