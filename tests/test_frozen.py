"""The frozen players (ai/frozen.py), ``expert-v1`` and ``normal-v1``, and Briscola's
``normal-v2``, still play the moves they chose when they were frozen. The moves below
were recorded with the live expert and normal of the day they were frozen, which played
them too: Briscola's on 2026-12-06 at commit b6accf5, Scopa's (its first deal) on
2026-12-06 at commit a9da728, Briscola's ``normal-v2`` (the live normal against
``expert-v1``) on 2026-12-07 at commit 94fbe7d. If this fails, a change to the shared machinery
(search, solver, play-out, determinize) altered the frozen players: copy the old
behaviour into ai/briscola_v1.py, ai/briscola_v2.py or ai/scopa_v1.py, do not re-record these moves."""

from __future__ import annotations

import pytest

from cardavia.ai import View, make_player
from cardavia.games import new_game
from cardavia.games.base import rng_for

PINNED = {
    # (game, seed, team 0's player, team 1's player): the first deal's actions, in order
    ("briscola", 1, "expert-v1", "normal-v1"): "2C 7S 7D 3B KS 4D JD AD 5D ND AB 2B 5B KC 7C 5C 2D KD 5S "
                                   "NS JB 6D 3D 6B 4C 4S 7B 6S AS JC NB NC 3C 6C 2S 3S 4B JS KB AC",
    ("briscola", 2, "normal-v1", "expert-v1"): "6C 6S 7D 4C 5D 4D JD KB 5C JB KD 2D NB NC 2B ND 7C NS 4B KC "
                                   "2C JC 7B 3C KS 4S AC 5S JS 3D AB AD 7S AS 6D 3B 6B 2S 3S 5B",
    ("briscola", 3, "normal-v2", "expert-v1"): "JC 3C 7C 4S 4C 4B 7S 3D 7D 4D AD KS 6C 2C NS 5B 5C AC 6B "
                                   "3B NC JB 6S JS 6D KC JD NB 7B AB 2B 2S 5S KB 3S 2D KD AS 5D ND",
    ("briscola", 4, "expert-v1", "normal-v2"): "JS KD KB 6B 4B 4D NB KC 2B JC 4S 7B 3C 5B 6S 5S 3D KS JB "
                                   "JD 6C 5C NS 3S ND 2S NC 3B 2D AD AB 7C 6D 5D 7S 7D AS 2C 4C AC",
    ("scopa", 1, "expert-v1", "normal-v1"):
        "7D:AD+6S 2S:2B NC ND:NC KS 4B 2D 3C:3S NB 4C:4B 5S 7C:2D+5S 6D 6C:6D 6B KC:KS JB 5B "
        "KD 5D:5B 3B JC:JB 4S NS:NB JS JD:JS 3D:3B 5C AC 7B:6B+AC AB AS:AB KB:KD 2C 4D:4S "
        "7S:5C+2C",
    ("scopa", 2, "normal-v1", "expert-v1"):
        "6B:6D NC:JC+AB KB:KD 6S JS AS 7D:6S+AS JD:JS 3C 3B:3C 2B AC NB AD:AC 2D:2B KC 5S "
        "2C 4S 3S 4D:4S JB:5S+3S 5D 5B:5D KS:KC 5C 6C NS:NB 7B:2C+5C 4B 4C:4B 2S ND 3D 7C "
        "7S:7C",
}


def deal_moves(game: str, seed: int, levels: tuple[str, str]) -> list[str]:
    state = new_game(game, seed)
    players = [make_player(levels[state.team_of(s)]) for s in range(2)]
    for p in players:
        p.budget_ms = float("inf")
    moves = []
    while not state.is_terminal() and state.deal_index() == 0:
        seat = state.current_player()
        choice = players[seat].choose(View(state, seat), rng_for("arena", seed, len(moves)))
        state.apply(choice)
        moves.append(choice.split(":", 1)[1])
    return moves


@pytest.mark.parametrize("key", sorted(PINNED))
def test_the_frozen_players_play_as_when_they_were_frozen(key):
    game, seed, a, b = key
    assert " ".join(deal_moves(game, seed, (a, b))) == PINNED[key]


def test_only_briscola_and_scopa_have_frozen_players():
    state = new_game("cicera", 1)
    with pytest.raises(ValueError):
        make_player("expert-v1").choose(View(state, state.current_player()), rng_for("t", 1))


def test_normal_v2_is_briscolas_only():
    state = new_game("scopa", 1)
    with pytest.raises(ValueError):
        make_player("normal-v2").choose(View(state, state.current_player()), rng_for("t", 1))


def test_the_arena_offers_the_frozen_players_for_briscola_and_scopa_only(capsys):
    from cardavia.__main__ import main
    assert main(["arena", "cicera", "--players", "expert,expert-v1", "--deals", "1",
                 "--jobs", "1"]) == 2
    assert main(["arena", "briscola", "--players", "normal,normal-v1", "--deals", "1",
                 "--jobs", "1", "--no-clock"]) == 0
    assert '"b": "normal-v1"' in capsys.readouterr().out
    assert main(["arena", "scopa", "--players", "normal,normal-v2", "--deals", "1",
                 "--jobs", "1"]) == 2
