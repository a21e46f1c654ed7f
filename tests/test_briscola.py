"""Briscola rules, one test per resolution of rules/briscola.md (B1–B6)."""

import pytest

from cardavia import cards
from cardavia.games.base import IllegalAction
from cardavia.games.briscola import BriscolaState, card_points, trick_winner
from leaks import observation_cards


def position(hand0, hand1, trump="5B", stock=(), leader=0, trick=(), points=(0, 0),
             tricks_played=0):
    """A hand-built position; the remaining cards go to the piles so that the
    pack stays whole."""
    s = BriscolaState.new(seed=1)
    s.hands = [hand0.split(), hand1.split()]
    s.trump, s.trump_suit = trump, cards.suit(trump)
    s.stock = list(stock)
    s.trick = [list(t) for t in trick]
    s.leader = leader
    s.to_move = (leader + len(trick)) % 2
    used = set(s.hands[0] + s.hands[1] + s.stock + [c for _, c in s.trick])
    rest = [c for c in cards.PIACENTINE if c not in used]
    s.piles = [rest, []]
    s.points = [sum(card_points(c) for c in rest), 0]
    s.tricks_played = tricks_played
    return s


def test_B1_deal_three_each_trump_face_up_under_34_card_stock():
    s = BriscolaState.new(seed=7)
    assert [len(h) for h in s.hands] == [3, 3]
    assert len(s.stock) == 34 and s.stock[-1] == s.trump
    assert s.trump_suit == s.trump[-1]
    # Play it out: the loser of the 17th trick draws the face-up trump, then
    # three tricks are played without drawing: 20 tricks in all.
    trick_no = 0
    while not s.is_terminal():
        before = {seat: list(s.hands[seat]) for seat in (0, 1)}
        leader = s.to_move
        s.apply(s.legal_actions()[0]["id"])
        s.apply(s.legal_actions()[0]["id"])
        trick_no += 1
        if trick_no == 17:
            winner = s.leader
            loser = 1 - winner
            assert s.trump in s.hands[loser] and s.trump not in before[loser]
            assert s.stock == []
        if trick_no > 17:
            assert all(len(s.hands[p]) == 20 - trick_no for p in (0, 1))
        del leader
    assert trick_no == 20 and s.tricks_played == 20


def test_B2_random_first_leader_then_the_winner_leads_and_draws_first():
    leaders = {BriscolaState.new(seed=k).first_leader for k in range(20)}
    assert leaders == {0, 1}
    s = position("AS 2C 4C", "3S 5C 6C", trump="7B", stock=["JD", "NC", "7B"], leader=1)
    s.apply("play:3S")
    s.apply("play:AS")  # seat 0 wins with the Ace of the led suit
    assert s.leader == 0 and s.to_move == 0
    assert "JD" in s.hands[0] and "NC" in s.hands[1]  # winner drew the first card


@pytest.mark.parametrize("lead, follow, trump_suit, second_wins", [
    ("AS", "2B", "B", True),    # any trump beats a non-trump, even an Ace
    ("AS", "KC", "B", False),   # an off-suit non-trump card always loses
    ("KS", "3S", "B", True),    # 3 outranks Re in the same suit
    ("3S", "KS", "B", False),
    ("7B", "JB", "B", True),    # ranks are the same in the trump suit
    ("AB", "3B", "B", False),
    ("2C", "4C", "B", True),
])
def test_B3_trick_resolution(lead, follow, trump_suit, second_wins):
    assert trick_winner(lead, follow, trump_suit) == int(second_wins)


def test_B3_trick_points_go_to_the_winner():
    s = position("AS 2C", "2B 5C", trump="7B", leader=0, tricks_played=18)
    before = list(s.points)
    s.apply("play:AS")
    s.apply("play:2B")
    assert s.points[1] - before[1] == 11 and s.points[0] == before[0]


def _finished(points0):
    s = position("", "", trump="7B", tricks_played=20)
    s.points = [points0, 120 - points0]
    return s


@pytest.mark.parametrize("points0, winner", [(61, 0), (60, None), (59, 1), (120, 0)])
def test_B4_sixty_one_wins_sixty_all_is_a_draw(points0, winner):
    assert _finished(points0).result() == {"winner_team": winner,
                                           "scores": [points0, 120 - points0]}


def test_B4_full_deal_totals_120():
    s = BriscolaState.new(seed=3)
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1]["id"])
    assert sum(s.points) == 120
    sheet = s.sheets[-1]
    assert sheet["totals"] == s.points and len(sheet["lines"]) == 2


def test_B5_trump_shown_until_drawn_and_no_hidden_card_in_observations():
    s = position("AS 2C 4C", "3S 5C 6C", trump="7B", stock=["JD", "7B"], leader=0)
    obs = s.observation(0)
    assert obs["trump"] == "7B" and obs["trump_suit"] == "B" and obs["stock"] == 2
    assert obs["hand"] == s.hands[0]
    assert not observation_cards(s, 0) & set(s.hands[1])  # nowhere in the observation
    assert obs["hand_counts"] == [3, 3]
    assert "JD" not in observation_cards(s, 0)
    s.apply("play:AS")
    s.apply("play:3S")
    obs = s.observation(0)
    assert obs["trump"] is None and obs["trump_suit"] == "B" and obs["stock"] == 0
    assert obs["last_trick"]["winner"] == 0  # B5: the last trick may be reviewed


def test_B6_no_variant_actions_only_plays_from_hand():
    s = position("2B AS 4C", "3S 5C 6C", trump="7B", stock=["JD", "7B"], leader=0)
    actions = s.legal_actions()
    assert [a["id"] for a in actions] == ["play:2B", "play:AS", "play:4C"]
    with pytest.raises(IllegalAction):
        s.apply("exchange:2B")  # no exchanging the 2 of trumps for the face-up card
    assert s.trick == []


def test_any_card_is_legal_no_duty_to_follow():
    s = position("AS 2C 4B", "3S 5C 6C", trump="7B", stock=["JD", "7B"], leader=1)
    s.apply("play:3S")
    assert {a["card"] for a in s.legal_actions()} == {"AS", "2C", "4B"}
