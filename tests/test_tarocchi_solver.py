"""Tarocchi's own exact solver (ai/tarocchi_solver.py, reached through the
``exact_value`` hook) against the rules: a hand-worked ending where T3 and T5
hand the Matto and the discard over, and plain minimax over the game's own
rules on seeded three-trick endings."""

from __future__ import annotations

import random

from cardavia.ai.policies import policy_for
from cardavia.ai.solver import INF, Solver
from cardavia.ai.tarocchi_solver import solve
from cardavia.games import new_game

from test_ai import brute_force
from test_tarocchi import build


def test_a_team_without_a_trick_hands_over_its_matto():
    # Two tricks left and team 0 has won none. Whatever seat 0 leads, seat 1
    # follows with T19 or T20 above all of team 0's trumps (T8, T5, T4) and wins
    # both tricks; so team 0 ends with no trick and T5 hands its Matto to team 1
    # (T3: the discard stays with the dealer's team 1). Team 1 scores all 114:
    # team 0's value is the margin -114 less the win bonus of 10.
    s = build({0: "T0 T8", 1: "T20 T19", 2: "T4 T5", 3: "T6 T7"}, dealer=3, leader=0,
              discard="5S 6S", tricks_won=(0, 13))
    assert solve(s, 0, {}, 10_000) == -124 == brute_force(s, 0)
    assert solve(s, 1, {}, 10_000) == brute_force(s, 1)


def test_the_fast_solver_equals_minimax_on_seeded_three_trick_endings():
    rng = random.Random(8)
    for seed in range(5):
        s = new_game("tarocchi", seed)
        while s.plies_left() is None or s.plies_left() > 12 - seed % 3:
            s.apply(rng.choice(s.legal_actions())["id"])
        for team in (0, 1):
            assert solve(s, team, {}, 10**6) == brute_force(s, team), (seed, team)


def test_the_solver_hook_gives_the_generic_solvers_value():
    rng = random.Random(9)
    for seed in range(6):
        s = new_game("tarocchi", 100 + seed)
        while s.plies_left() is None or s.plies_left() > 16:
            s.apply(rng.choice(s.legal_actions())["id"])
        generic = Solver(0, 10**7, policy=policy_for(s))
        assert Solver(0).value(s) == generic._search(s, 0, -INF, INF), seed
