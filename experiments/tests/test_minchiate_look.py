"""Minchiate's look-ahead lead for the play-outs (experiments/minchiate_look.py,
an experiment of issue 27 in experiments/minchiate_look.py): its leads are legal,
it leaves the world it reads unchanged, and it picks the lead the trick favours."""

from __future__ import annotations

import random

import minchiate_look as look
from cardavia.ai import minchiate_policy as mp
from cardavia.games import minchiate as M
from cardavia.games import new_game


def _leads(seed: int):
    """The lead positions of a deal played by random legal cards (seeded)."""
    state = new_game("minchiate", seed)
    rng = random.Random(seed)
    while state.phase != "over":
        if state.phase == "play" and not state.trick:
            yield state
        state.apply(rng.choice(state.legal_actions())["id"])


def test_the_leads_are_legal_and_the_world_unchanged():
    checked = 0
    for seed in (1, 2, 3):
        for state in _leads(seed):
            before = (repr(state.hands), repr(state.trick), list(state.led_suits))
            card = look._lead_by_trick(state)
            assert card in M.legal_cards(state.hands[state.to_move], state.trick, state.led_suits)
            assert (repr(state.hands), repr(state.trick), list(state.led_suits)) == before
            checked += 1
    assert checked > 40


def test_a_look_ahead_play_out_finishes_the_deal():
    for seed in (4, 5):
        state = new_game("minchiate", seed)
        while state.phase != "play":
            state.apply(state.legal_actions()[0]["id"])
        w = state.clone()
        v = look.look_playout_value(w, 0)
        assert w.phase == "over" and v == mp.final_value(w, 0)


def test_the_lead_is_the_one_the_played_out_trick_favours():
    """Seat 0 may lead the top trump T40 (10 points) or the 2 of coins. On T40 the
    others follow with pointless trumps (M9): the trick is worth T40's own points
    less its worth (T40 costs 2.2: 0.6 + 0.04 x 40). On 2D, seat 1 must follow with
    its only coin, the King (5 points); seat 2, the partner, void in coins, trumps
    with T14 and seat 3 can only follow in coins: the team takes the King, counted
    twice (the opponents' points, as in _play_values), 10 less 2D's hair of worth.
    The one-ply policy, blind to the play of the trick, leads T40; the look-ahead 2D."""
    state = new_game("minchiate", 6)
    while state.phase != "play":
        state.apply(state.legal_actions()[0]["id"])
    state.trick = []
    state.to_move = 0
    state.led_suits = []
    state.hands = [["T40", "2D", "5C"], ["KD", "T12", "6C"], ["T14", "7C", "8C"],
                   ["3D", "4D", "9C"]]
    assert mp._world_best(state) == "T40"
    assert look._lead_by_trick(state) == "2D"
