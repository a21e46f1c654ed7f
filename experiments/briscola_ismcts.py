"""Information-set MCTS for Briscola, and Scopa too (issue 27, candidate (b)): an
experiment of the arena only (experiments/ismcts_arena.py), not a level of the site.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte
Carlo Tree Search"): one tree for the searcher, whose nodes are its information
sets as the public action history names them (the cards played, in order: the
searcher sees every card played, its own draws aside; in Scopa, each capture
too: a node is an action id). Each iteration

1. samples a world of the hidden cards with the searcher's own view
   (``View.sample``, the very sampler of the PIMC players: the opponent's hand
   and the face-down stock re-dealt from the unseen cards, so no hidden card
   leaks);
2. descends the tree, at each node choosing by UCB1 among the children whose card
   is legal in this world, each such child's *availability* counted (the
   parent's visits are replaced by how often the child could have been chosen);
   the opponent's nodes choose for the opponent (its value is the searcher's
   negated);
3. adds one node: an untried legal card, drawn with the seeded rng
   (``expand="random"``, ``expert-ismcts``) or the one the greedy key of the
   play-out likes best in this world (``expand="greedy"``,
   ``expert-ismcts-greedy``: the first visit of a reply is then the play-out's
   own, not a random card);
4. plays the world out with the greedy key of ``expert-v1`` (ai/frozen.py)
   (``leaf_solve``: or solves it exactly once at most that many plays are left;
   off by default: at 320 iterations it made the moves of tricks 15-16 cost 3 to
   12 times expert-v1's there);
5. backs the margin up, scaled to about [-1, 1] (``SETTINGS``: per game).

The move played is the root's most visited action (ties: the better mean, then
the greedy key). Once the real position has at most expert-v1's ``SOLVE_PLIES``
plays left after the move, the player is ``expert-v1`` itself (its worlds each
solved exactly, or the one exact solve once every card is inferable): in
Briscola the two differ in the first 16 tricks only.

The budget is a count of iterations, never a clock; every random choice comes
from the rng the caller gives, so a seed gives the same moves on any machine.
"""

from __future__ import annotations

import math
import random

from cardavia.ai.frozen import FROZEN_POLICIES, frozen_view
from cardavia.ai.players import ExpertPlayer, FrozenExpertPlayer, Player, View
from cardavia.ai.policy import SolverLimit
from cardavia.ai.solver import Solver

ITERATIONS = 400  # the budget per move: ~1.1x Briscola's expert-v1 mean move time (docs)
LEAF_SOLVE = 0  # tree leaves with at most this many plays left solved exactly (0: none)
# Per game: the margin that maps to 1 (Briscola: all 120 card points; Scopa: a
# deal's margin is rarely past 6) and UCB1's constant on values so scaled.
# Tarocchi: a deal's margin plus its win bonus (tarocchi_value.py) is rarely past 40.
SETTINGS = {"briscola": (120.0, 0.35), "scopa": (6.0, 0.5), "tarocchi": (40.0, 0.5)}


class Node:
    """One information set of the searcher's tree: reached by an action (its id)
    of a seat of team ``team``; its totals are that team's."""

    __slots__ = ("team", "visits", "total", "avail", "children")

    def __init__(self, team: int):
        self.team = team
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[str, Node] = {}


def _ucb_pick(node: Node, actions: list, c: float) -> tuple:
    best, best_u = None, -math.inf
    for a in actions:
        child = node.children[a["id"]]
        child.avail += 1
        u = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if u > best_u:  # first among equals: the hand's order, the same every time
            best, best_u = a, u
    return best, node.children[best["id"]]


class ISMCTSPlayer(Player):
    """``expert-ismcts``: single-observer ISMCTS over the searcher's view."""

    name = "expert-ismcts"

    def __init__(self, iterations: int = ITERATIONS, exploration: float | None = None,
                 solve_plies: int | None = None, leaf_solve: int = LEAF_SOLVE,
                 expand: str = "random", budget_ms: float | None = None):
        """``exploration``: the game's (SETTINGS) unless given; ``solve_plies``:
        expert-v1's SOLVE_PLIES unless given."""
        if expand not in ("random", "greedy"):
            raise ValueError(f"expand: random or greedy, not {expand!r}")
        self.iterations = iterations
        self.expand = expand
        self.exploration = exploration
        self.solve_plies = solve_plies
        self.leaf_solve = leaf_solve
        # Only the endgame's expert-v1 reads it (its safety net); the arena's
        # --no-clock sets it to inf. The tree search itself has no clock.
        self.budget_ms = budget_ms
        self.last_root: Node | None = None  # the last search's tree, for tests

    def choose(self, view: View, rng: random.Random) -> str:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]["id"]
        # The base to search on and to hand the endgame to: the game's frozen
        # expert where it has one (Briscola, Scopa), else its live expert (Tarocchi).
        if view.game_id in FROZEN_POLICIES:
            base, endgame = frozen_view(view), FrozenExpertPlayer
        else:
            base, endgame = view, ExpertPlayer
        solve_plies = base.solve_plies if self.solve_plies is None else self.solve_plies
        left = view.plies_left()  # None outside the play (Tarocchi's discard)
        if left is None or left - 1 <= solve_plies or view.all_cards_inferable():
            return endgame(budget_ms=self.budget_ms).choose(view, rng)
        return self.search(base, actions, rng)

    def search(self, view: View, actions: list, rng: random.Random) -> str:
        policy = view.policy
        team = view.team
        scale, exploration = SETTINGS[view.observation()["game"]]
        self.scale = scale
        self.c = exploration if self.exploration is None else self.exploration
        solver = Solver(team, policy=policy) if self.leaf_solve else None
        root = Node(1 - team)
        for _ in range(self.iterations):
            world = view.sample(rng, reading=True)
            self._iterate(root, world, team, policy, solver, rng)
        self.last_root = root
        key = view.greedy_key
        best = max(actions, key=lambda a: _final_key(root, a, key))
        return best["id"]

    def _iterate(self, root: Node, world, team: int, policy, solver, rng) -> None:
        path = []
        node = root
        start = world.deal_index()
        c = self.c
        while world.deal_index() == start and not world.is_terminal():
            if solver is not None and world.plies_left() <= self.leaf_solve:
                break
            legal = world.legal_actions()
            untried = [a for a in legal if a["id"] not in node.children]
            if untried:
                if len(untried) == 1:
                    a = untried[0]
                elif self.expand == "greedy":  # first among equals: the hand's order
                    a = max(untried, key=lambda x: policy.greedy_key(world, x))
                else:
                    a = untried[rng.randrange(len(untried))]
                child = node.children[a["id"]] = Node(world.team_of(world.current_player()))
                world._apply(a)
                path.append(child)
                break
            a, child = _ucb_pick(node, legal, c)
            world._apply(a)
            path.append(child)
            node = child
        value = _value(world, team, policy, solver, start, self.leaf_solve) / self.scale
        for n in path:
            n.visits += 1
            n.total += value if n.team == team else -value


def _value(world, team: int, policy, solver, start: int, solve_plies: int) -> float:
    """The margin for ``team`` of this world from here: exact near the end (as
    expert-v1 values its worlds), else expert-v1's greedy play-out."""
    if world.deal_index() != start or world.is_terminal():
        return policy.rollout_value(world, team)
    if solver is not None and world.plies_left() <= solve_plies:
        try:
            return solver.value(world, start)
        except SolverLimit:
            pass
    return policy.expert_playout(world, team)


def _final_key(root: Node, action, greedy_key) -> tuple:
    child = root.children.get(action["id"])
    if child is None or not child.visits:
        return (0, -math.inf, greedy_key(action))
    return (child.visits, child.total / child.visits, greedy_key(action))
