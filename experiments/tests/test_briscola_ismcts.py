"""Briscola's information-set MCTS (experiments/briscola_ismcts.py, issue 27, an arena
experiment): its moves are legal, the same seed gives the same moves, and a move
depends on the searcher's information only (the opponent's hand and the stock's
order never reach it: it gets the View, as every player does)."""

from __future__ import annotations

import inspect
import random

import pytest

import briscola_ismcts as bi
from cardavia.ai import View
from cardavia.ai.players import ExpertPlayer, FrozenExpertPlayer
from cardavia.games import new_game
from cardavia.games.base import rng_for


def _play(seed: int, iterations: int = 24, expand: str = "random") -> list[str]:
    state = new_game("briscola", seed)
    players = [bi.ISMCTSPlayer(iterations, expand=expand) for _ in range(2)]
    moves, move = [], 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = {a["id"] for a in state.legal_actions()}
        choice = players[seat].choose(View(state, seat), rng_for("test", seed, move))
        assert choice in legal
        moves.append(choice)
        state.apply(choice)
        move += 1
    assert len(moves) == 40 and state.result() is not None
    return moves


# Each deal's plays as recorded on 2026-12-07 (seeds 1-3 random expansion, seed 4 greedy):
# a change to the search's sampling or order of play shows here.
RECORDED = {
    (1, "random"): "2C 7S 4D 3B JD AD KC AB KD ND 5D 2B 7D 7C 5B 5C 2D 5S NS KS 3D JB 6S AS 4S "
                   "4C 7B JC 6B 6C 3C NC JS 3S 6D KB 2S 4B AC NB",
    (2, "random"): "6C 4C KD 6S 7D 5C 5D 4D JD KB 2B KC 2D NC NB ND 4S AC 7C JC 2C 7B 4B NS JB "
                   "3D KS 5S 3S AS 3C 3B JS AB 2S 6D 5B 7S AD 6B",
    (3, "random"): "JC 3C KS AD 4B 4C 4D 7D AB 7S 6C 4S 3D 6B AS 5B NS 2C 7C AC 3B 7B JB 5C NC "
                   "KC JS 6S 2S 3S 2B JD 5S NB KB KD 2D ND 5D 6D",
    (4, "greedy"): "KB 4D JS 2B 4S 7B 4B 6B KC JC 5B ND 6S KS NB 5S JB 3C KD 3D JD 5C 6C 2D AS "
                   "3B NS 5D 3S 7D AB 2S 7C 7S 6D AD 2C AC NC 4C",
}


@pytest.mark.parametrize("seed,expand", sorted(RECORDED))
def test_moves_are_legal_and_the_recorded_ones(seed, expand):
    assert [m.removeprefix("play:") for m in _play(seed, expand=expand)] == \
        RECORDED[seed, expand].split()


def _positions(seed: int, plies: int):
    """The positions of a deal played by random cards (seeded), first ``plies``."""
    state = new_game("briscola", seed)
    rng = random.Random(seed)
    for _ in range(plies):
        yield state
        state.apply(rng.choice(state.legal_actions())["id"])


def _hide_otherwise(state, seat: int, rng: random.Random):
    """The same position with the cards ``seat`` cannot see dealt otherwise."""
    other = state.clone()
    opp = 1 - seat
    face_down = other.stock[:-1] if other.stock else []
    unseen = other.hands[opp] + face_down
    rng.shuffle(unseen)
    k = len(other.hands[opp])
    other.hands[opp] = unseen[:k]
    other.stock = unseen[k:] + ([state.stock[-1]] if state.stock else [])
    return other


@pytest.mark.parametrize("expand", ["random", "greedy"])
def test_a_move_depends_on_the_searchers_information_only(expand):
    player = bi.ISMCTSPlayer(40, expand=expand)
    checked = 0
    for seed in (4, 5):
        for state in _positions(seed, 24):
            seat = state.current_player()
            if len(state.legal_actions()) == 1:
                continue
            a = player.choose(View(state, seat), rng_for("test", seed, checked))
            stats_a = _root_stats(player.last_root)
            twin = _hide_otherwise(state, seat, random.Random(checked))
            assert twin.hands[1 - seat] != state.hands[1 - seat] or not state.stock
            b = player.choose(View(twin, seat), rng_for("test", seed, checked))
            assert a == b
            assert _root_stats(player.last_root) == stats_a
            checked += 1
    assert checked >= 30


def _root_stats(root):
    return [(card, n.visits, round(n.total, 9)) for card, n in root.children.items()]


def test_the_player_reads_the_view_only():
    """It is given a View and reaches the state only through it (sample,
    observation, legal actions), never the private ``_state``."""
    source = inspect.getsource(bi)
    assert "_state" not in source
    assert "hands" not in source


def test_the_endgame_is_expert_v1s():
    state = new_game("briscola", 6)
    rng = random.Random(6)
    while state.plies_left() > 8:
        state.apply(rng.choice(state.legal_actions())["id"])
    seat = state.current_player()
    for move in range(3):
        a = bi.ISMCTSPlayer(budget_ms=float("inf")).choose(
            View(state, seat), rng_for("test", 6, move))
        b = FrozenExpertPlayer(budget_ms=float("inf")).choose(
            View(state, seat), rng_for("test", 6, move))
        assert a == b


def _tarocchi_moves(seed: int, plies_left: int = 44) -> list[str]:
    """Tarocchi played by four ISMCTS players until ``plies_left`` plays remain."""
    state = new_game("tarocchi", seed)
    player = bi.ISMCTSPlayer(16, expand="greedy", budget_ms=float("inf"))
    moves, move = [], 0
    while state.plies_left() is None or state.plies_left() > plies_left:
        seat = state.current_player()
        legal = {a["id"] for a in state.legal_actions()}
        choice = player.choose(View(state, seat), rng_for("test", seed, move))
        assert choice in legal
        moves.append(choice)
        state.apply(choice)
        move += 1
    return moves


TAROCCHI_7 = ("discard:QC+QS play:3C play:4C play:JC play:T6 play:T7 play:T2 play:T18 play:T1 "
              "play:T20 play:T21 play:T15 play:T14 play:T12 play:T16 play:T8 play:T5").split()


def test_tarocchi_moves_are_legal_and_the_recorded_ones():
    """Tarocchi has no frozen player: the search runs on its live policy (seed 7's
    discard and first plays as recorded on 2026-12-07)."""
    assert _tarocchi_moves(7) == TAROCCHI_7


def test_tarocchis_discard_and_endgame_are_the_live_experts():
    state = new_game("tarocchi", 8)
    assert state.phase == "discard"
    seat = state.current_player()
    a = bi.ISMCTSPlayer(budget_ms=float("inf")).choose(View(state, seat), rng_for("test", 8, 0))
    b = ExpertPlayer(budget_ms=float("inf")).choose(View(state, seat), rng_for("test", 8, 0))
    assert a == b
    rng = random.Random(8)
    while state.plies_left() is None or state.plies_left() > 10:
        state.apply(rng.choice(state.legal_actions())["id"])
    seat = state.current_player()
    a = bi.ISMCTSPlayer(budget_ms=float("inf")).choose(View(state, seat), rng_for("test", 8, 1))
    b = ExpertPlayer(budget_ms=float("inf")).choose(View(state, seat), rng_for("test", 8, 1))
    assert a == b
