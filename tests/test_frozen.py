"""The frozen Briscola players (ai/briscola_v1.py), ``expert-v1`` and
``normal-v1``, still play the moves they chose when they were frozen. The moves
below were recorded on 2026-12-06 with the live expert and normal of that day
(commit b6accf5, which played them too). If this fails, a change to the shared
machinery (search, solver, play-out, determinize) altered the frozen players:
copy the old behaviour into ai/briscola_v1.py, do not re-record these moves."""

from __future__ import annotations

import pytest

from cardavia.ai import View, make_player
from cardavia.games import new_game
from cardavia.games.base import rng_for

PINNED = {
    # (seed, team 0's player, team 1's player): the cards played, in order
    (1, "expert-v1", "normal-v1"): "2C 7S 7D 3B KS 4D JD AD 5D ND AB 2B 5B KC 7C 5C 2D KD 5S "
                                   "NS JB 6D 3D 6B 4C 4S 7B 6S AS JC NB NC 3C 6C 2S 3S 4B JS KB AC",
    (2, "normal-v1", "expert-v1"): "6C 6S 7D 4C 5D 4D JD KB 5C JB KD 2D NB NC 2B ND 7C NS 4B KC "
                                   "2C JC 7B 3C KS 4S AC 5S JS 3D AB AD 7S AS 6D 3B 6B 2S 3S 5B",
}


def deal_moves(seed: int, levels: tuple[str, str]) -> list[str]:
    state = new_game("briscola", seed)
    players = [make_player(levels[state.team_of(s)]) for s in range(2)]
    for p in players:
        p.budget_ms = float("inf")
    moves = []
    while not state.is_terminal():
        seat = state.current_player()
        choice = players[seat].choose(View(state, seat), rng_for("arena", seed, len(moves)))
        state.apply(choice)
        moves.append(choice.split(":", 1)[1])
    return moves


@pytest.mark.parametrize("key", sorted(PINNED))
def test_the_frozen_players_play_as_when_they_were_frozen(key):
    seed, a, b = key
    assert " ".join(deal_moves(seed, (a, b))) == PINNED[key]


def test_the_frozen_players_are_briscolas_only():
    state = new_game("scopa", 1)
    with pytest.raises(ValueError):
        make_player("expert-v1").choose(View(state, state.current_player()), rng_for("t", 1))


def test_the_arena_offers_the_frozen_players_for_briscola_only(capsys):
    from cardavia.__main__ import main
    assert main(["arena", "scopa", "--players", "expert,expert-v1", "--deals", "1",
                 "--jobs", "1"]) == 2
    assert main(["arena", "briscola", "--players", "normal,normal-v1", "--deals", "1",
                 "--jobs", "1", "--no-clock"]) == 0
    assert '"b": "normal-v1"' in capsys.readouterr().out
