"""Tarocchi's rules have one copy each; where the search's hot loops keep a
faster form (plain values, a led suit's index instead of the trick), it is
proven equal to the rule here over positions of seeded random deals."""

from __future__ import annotations

import random

from cardavia.ai import tarocchi_policy as tp
from cardavia.games import new_game
from cardavia.games.tarocchi import (
    MATTO, PLAIN, CARD_POINTS, final_totals, legal_cards, legal_plain, pile_points,
    plain_trick_standing, trick_standing)


def positions(seeds, rng):
    """Every position in play along seeded random deals, then the finished deal."""
    for seed in seeds:
        s = new_game("tarocchi", seed)
        while not s.is_terminal():
            if s.phase == "play":
                yield s
            s.apply(rng.choice(s.legal_actions())["id"])
        yield s


def test_the_plain_trick_standing_is_the_rules():
    checked = 0
    for s in positions(range(1, 9), random.Random(1)):
        if s.is_terminal() or not s.trick:
            continue
        led, seat, card, points = trick_standing(s.trick)
        li, win_seat, win_si, win_st, pts = plain_trick_standing(s.trick)
        if card is None:  # the Matto alone
            assert (li, win_seat, pts) == (None, None, 0)
            continue
        assert (win_seat, pts) == (seat, points)
        assert (li, win_si, win_st) == (PLAIN[s.trick[0][1] if s.trick[0][1] != MATTO
                                              else s.trick[1][1]][0],) + PLAIN[card][:2]
        checked += 1
    assert checked > 300


def test_the_fast_legal_cards_are_the_rules():
    checked = 0
    for s in positions(range(10, 18), random.Random(2)):
        if s.is_terminal():
            continue
        hand = s.hands[s.to_move]
        rule = legal_cards(hand, s.trick)
        li = plain_trick_standing(s.trick)[0]
        assert sorted(legal_plain(hand, li)) == sorted(rule)  # the solver's
        tops = [-1] * 6
        for c in hand:
            si, st, _ = PLAIN[c]
            tops[si] = max(tops[si], st)
        plain = tp._legal([tp._TUP[c] for c in hand], tops, li, tp._MATTO_T)
        assert sorted(x[0] for x in plain) == sorted(rule)  # the play-outs'
        checked += 1
    assert checked > 400


def test_the_end_totals_are_the_score_sheets():
    finished = 0
    for s in positions(range(20, 60), random.Random(3)):
        if not s.is_terminal():
            continue
        totals = final_totals(pile_points(s.piles), s.tricks_won, s.matto_seat, s.dealer,
                              sum(CARD_POINTS[c] for c in s.discard))
        assert totals == s.sheets[-1]["totals"]
        finished += 1
    assert finished == 40
