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


# ----- Minchiate: the play-outs' trick on plain values is the rule (games/_tricks.py)
def minchiate_tricks(seeds, rng):
    """Every trick in progress along seeded random Minchiate deals, and each legal card
    added to it (what the play-out's values weigh)."""
    from cardavia.games import minchiate as M
    for seed in seeds:
        s = new_game("minchiate", seed)
        while not s.is_terminal():
            if s.phase == "play":
                yield list(s.trick)
                for c in M.legal_cards(s.hands[s.to_move], s.trick, s.led_suits):
                    yield list(s.trick) + [[s.to_move, c]]
            s.apply(rng.choice(s.legal_actions())["id"])


def test_minchiates_plain_trick_is_the_rule():
    from cardavia.ai import minchiate_policy as mp
    from cardavia.games import minchiate as M
    checked = 0
    for trick in minchiate_tricks(range(1, 5), random.Random(2)):
        for team in (0, 1):
            li, seat, _, _, ours, theirs = mp.trick_so_far(trick, team)
            assert seat == M.trick_winner(trick)
            counted = [(p, c) for p, c in trick if c != M.MATTO]
            assert ours == sum(M.CARD_POINTS[c] for p, c in counted if p % 2 == team)
            assert theirs == sum(M.CARD_POINTS[c] for p, c in counted if p % 2 != team)
            assert li == (mp.SUIT_INDEX[counted[0][1]] if counted else None)
        checked += 1
    assert checked > 1000


def test_both_tarot_games_judge_a_trick_by_one_rule():
    from cardavia.games import _tricks
    from cardavia.games import minchiate as M
    from cardavia.games import tarocchi as T
    for game in (M, T):
        rng = random.Random(3)
        pack = [c for c in game.PACK if c != game.MATTO]
        for _ in range(2000):
            a, b = rng.sample(pack, 2)
            assert game.beats(a, b) == _tricks.beats(a, b, game.SUIT, game.STRENGTH)
            if game.SUIT[a] == "T" and game.SUIT[b] != "T":  # a trump beats any suit card
                assert game.beats(a, b) and not game.beats(b, a)
