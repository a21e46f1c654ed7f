"""``expert-learned`` (experiments/briscola_learned_expert.py): registered with the arena,
Briscola only, and its first moves of a seeded deal as recorded."""

from __future__ import annotations

import pytest

import briscola_learned_expert  # noqa: F401 (registers the players)
from cardavia import evaluation
from cardavia.ai import View
from cardavia.games import new_game
from cardavia.games.base import rng_for


def test_the_arena_knows_the_registered_players():
    assert {"expert-learned", "expert-learned-64"} <= set(evaluation.player_names())
    assert evaluation.make_player("expert-learned-64").samples == 64


def test_the_learned_players_are_briscolas_only():
    state = new_game("scopa", 1)
    with pytest.raises(ValueError):
        evaluation.make_player("expert-learned").choose(View(state, state.current_player()),
                                                        rng_for("t", 1))


def test_a_level_name_cannot_be_taken():
    with pytest.raises(ValueError):
        evaluation.register_player("normal", lambda: None)
