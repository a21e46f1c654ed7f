"""Tressette a due's longer exact endgame (experiments/tressette_exact.py): its expert at 12
plays is the shipped expert, and at 8 it is the expert of before, which differs from it
somewhere after the stock is out (so the experiment measured what now ships)."""

from __future__ import annotations

import random

from tressette_exact import ExactEndExpert
from cardavia.ai import View, make_player
from cardavia.games import new_game


def _after_the_stock(seed: int):
    """Positions of a seeded random deal once the stock is out, the expert's to choose."""
    state = new_game("tressette", seed)
    rng = random.Random(seed)
    while state.deal_index() == 0 and not state.is_terminal():
        if not state.stock and len(state.legal_actions()) > 1:
            yield state
        state.apply(rng.choice(state.legal_actions())["id"])


def test_the_shipped_expert_is_x12_and_x8_differs_somewhere():
    shipped = make_player("expert")
    x12, x8 = ExactEndExpert(12), ExactEndExpert(8)
    differs = 0
    for seed in (1, 2, 3):
        for state in _after_the_stock(seed):
            view = View(state, state.current_player())
            want = shipped.choose(view, random.Random(0))
            assert x12.choose(view, random.Random(0)) == want
            differs += x8.choose(view, random.Random(0)) != want
    assert differs > 0
