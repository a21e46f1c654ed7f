"""The partnership knowledge of the Briscola a 4 and Scopone players (issue 43),
on hand-built positions whose right play follows from the rules: the one-ply key
(the greedy player, the search's play-out and tie-break) plays as a partner."""

import random

from cardavia.ai import View, make_player
from test_briscola4 import position as briscola4_position
from test_scopone import position as scopone_position


def greedy(s):
    return make_player("greedy").choose(View(s, s.current_player()), random.Random(0))


# Briscola a 4: every card not in a hand is in a pile (seen), so the unseen cards
# are exactly the other hands; no trump (Bastoni) is among them.
HANDS = {0: "4S 5S", 1: "6C 7C", 3: "5C 6S 7D"}


def b4(seat2, trick):
    hands = [HANDS[0], HANDS[1], seat2, HANDS[3]]
    return briscola4_position(hands, trump="5B", leader=0, trick=trick)


def test_a_load_goes_on_the_partners_sure_trick():
    """Seat 0 (partner) leads the Asso of Coppe and seat 1 follows low; seat 3 holds
    no trump, so the Asso is sure: the Tre of Spade (10 points) goes on it, not
    the Re (4) nor the trump that would overtake it."""
    s = b4("2B KD 3S", [[0, "AC"], [1, "4C"]])
    assert greedy(s) == "play:3S"


def test_the_partners_sure_trick_is_not_overtaken_with_a_trump():
    s = b4("2B 4D 6S", [[0, "AC"], [1, "4C"]])
    assert greedy(s) != "play:2B"


def test_a_blank_trick_is_not_trumped_but_a_load_is():
    """Seat 0 (an opponent of seat 1) leads: a blank 4 of Coppe is let go, the
    trump kept; the Asso of Coppe (11 points) is trumped."""
    hands = ["6S 7S", "2B 5S 6D", "4D 5D 6C", "7C JS NS"]
    s = briscola4_position(hands, trump="5B", leader=0, trick=[[0, "4C"]])
    assert greedy(s) != "play:2B"
    s = briscola4_position(hands, trump="5B", leader=0, trick=[[0, "AC"]])
    assert greedy(s) == "play:2B"


def test_scopone_takes_the_sweep_when_it_is_there():
    s = scopone_position(["7D KC 6B", "AS 2D", "3D 4D", "5D 6D"], "4C 2S")
    assert greedy(s) == "play:6B:4C+2S"


def test_scopone_leaves_no_sweep_and_keeps_the_settebello_off_the_table():
    """Nothing can be taken (4 + 2 = 6): the Tre would leave 9 on the table, a sweep
    for the next player (an opponent); the settebello would be given away; the Re
    leaves 16, which no card takes whole."""
    s = scopone_position(["3B 7D KC", "AS 2D", "3D 4D", "5D 6D"], "4C 2S")
    assert {a["type"] for a in s.legal_actions()} == {"place"}
    assert greedy(s) == "play:KC"
