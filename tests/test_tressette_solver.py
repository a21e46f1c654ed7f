"""Tressette's own exact solver (ai/tressette_solver.py, reached through the ``exact_value``
hook) against the rules: a hand-worked ending where the last trick's point decides the
order of play, and plain minimax over the game's own rules on seeded endings of both forms
(four players with their calls, which the solver does not search)."""

from __future__ import annotations

import random

import pytest

from cardavia.ai.policies import policy_for
from cardavia.ai.solver import INF, Solver
from cardavia.ai.tressette_solver import solve
from cardavia.games import new_game
from cardavia.games.tressette import TressetteState

from test_ai import brute_force
from test_tressette import position


def test_keeping_the_last_trick_is_worth_giving_up_the_asso():
    # Two tricks left, no stock; every other card is in seat 0's pile (27 thirds).
    # Leading 3C first (seat 1 must follow with 2C) takes 2 thirds, then seat 1 takes the
    # 4S with the AS and the last trick: 29 // 3 = 9 against 1 + 1, a margin of 7.
    # Leading 4S first gives the AS (3 thirds) away, but the 3C then wins the 2C and the
    # last trick: 29 // 3 + 1 = 10 against 1, a margin of 9 (TR4, TR5, TR6).
    s = position(TressetteState, ["3C 4S", "2C AS"])
    assert s.thirds == [27, 0]
    assert solve(s, 0, {}, 10_000) == 9 == brute_force(s, 0)
    assert solve(s, 1, {}, 10_000) == -9 == brute_force(s, 1)


def _ending(game: str, seed: int, plies: int):
    rng = random.Random(seed)
    s = new_game(game, seed)
    while s.stock or s.plies_left() > plies:
        s.apply(rng.choice(s.legal_actions())["id"])
    return s


@pytest.mark.parametrize("game", ["tressette", "tressette4"])
def test_the_fast_solver_equals_minimax_on_seeded_endings(game):
    for seed in range(6):
        s = _ending(game, 10 + seed, 6 + seed % 3)  # mid-trick too
        for team in (0, 1):
            assert solve(s, team, {}, 10**6) == brute_force(s, team), (seed, team)


@pytest.mark.parametrize("game", ["tressette", "tressette4"])
def test_the_solver_hook_gives_the_generic_solvers_value_from_twelve_plays(game):
    for seed in range(4):
        s = _ending(game, 100 + seed, 12 - seed % 2)
        generic = Solver(0, 10**7, policy=policy_for(s))
        assert Solver(0, policy=policy_for(s)).value(s) == generic._search(s, 0, -INF, INF), seed


def test_the_solver_declines_a_stock_still_to_draw():
    s = new_game("tressette", 3)
    assert s.stock and solve(s, 0, {}, 10**6) is None
