"""Tressette's levels as the experiment sizes them (experiments/tressette_exact.py): its
expert at the shipped exact endgame (12 plays in both forms) is the shipped expert, and
at 8 plays the expert of before, which differs from it somewhere (so the experiment
measured what now ships); ``normal-wN`` searches N worlds."""

from __future__ import annotations

import random

import pytest

from tressette_exact import ExactEndExpert, register
from cardavia import evaluation
from cardavia.ai import View, make_player
from cardavia.games import new_game


def _late(game: str, seed: int, plies: int):
    """Positions of a seeded random deal with at most ``plies`` plays left and a choice
    (two players: once the stock is out), the expert's to choose."""
    state = new_game(game, seed)
    rng = random.Random(seed)
    while state.deal_index() == 0 and not state.is_terminal():
        if not state.stock and state.plies_left() <= plies and len(state.legal_actions()) > 1:
            yield state
        state.apply(rng.choice(state.legal_actions())["id"])


@pytest.mark.parametrize("game, shipped_plies, seeds", [("tressette", 12, (1, 2, 3)),
                                                        ("tressette4", 12, (14, 15))])
def test_the_shipped_expert_is_the_experiments_and_x8_differs_somewhere(game, shipped_plies, seeds):
    shipped = make_player("expert")
    same, x8 = ExactEndExpert(shipped_plies, game), ExactEndExpert(8, game)
    differs = 0
    for seed in seeds:
        for state in _late(game, seed, 20):
            view = View(state, state.current_player())
            want = shipped.choose(view, random.Random(0))
            assert same.choose(view, random.Random(0)) == want
            differs += x8.choose(view, random.Random(0)) != want
    assert differs > 0


def test_normal_wN_searches_N_worlds():
    register("tressette4")(["normal-w8"])
    player = evaluation.make_player("normal-w8")
    state = new_game("tressette4", 4)
    view = View(state, state.current_player())
    assert player.search(view, random.Random(0)).samples == 8
