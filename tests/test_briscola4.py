"""Briscola a 4 rules, one test per resolution of rules/briscola-a-4.md (B4-1…B4-10),
with hand-built positions whose answers are worked out from the rules file, and
seeded random play with the deal's invariants. Seats: in playing order, seat s + 1
on the right of seat s; teams {0, 2} and {1, 3}."""

import random

import pytest

from cardavia import cards
from cardavia.ai import View, make_player
from cardavia.games import new_game
from cardavia.games.base import GameError, rng_for
from cardavia.games.briscola import card_points
from cardavia.games.briscola4 import Briscola4State
from goldens import perft
from leaks import observation_cards


def position(hands, trump="5B", stock=(), leader=0, trick=(), deck="piacentine"):
    """A hand-built position (hands: four strings); the other cards of the pack go
    to team 0's pile so that the pack stays whole."""
    s = Briscola4State.new(seed=1, deck=deck)
    s.hands = [h.split() for h in hands]
    s.trump, s.trump_suit = trump, cards.suit(trump)
    s.stock = list(stock)
    s.trick = [list(t) for t in trick]
    s.leader = leader
    s.to_move = (leader + len(trick)) % 4
    used = set(sum(s.hands, []) + s.stock + [c for _, c in s.trick])
    rest = [c for c in cards.DECKS[deck] if c not in used]
    s.piles = [rest, []]
    s.points = [sum(card_points(c) for c in rest), 0]
    s.tricks_played = (40 - len(used)) // 4
    return s


def play_trick(s, cards_):
    for c in cards_.split():
        s.apply(f"play:{c}")


def test_B4_1_dealers_right_leads_play_goes_round_and_partners_sit_opposite():
    dealers = set()
    for seed in range(30):
        s = new_game("briscola4", seed)
        dealers.add(s.dealer)
        assert s.first_leader == (s.dealer + 1) % 4 == s.to_move
        assert s.teams == [[0, 2], [1, 3]]
        order = []
        for _ in range(4):
            order.append(s.to_move)
            s.apply(s.legal_actions()[0]["id"])
        # R, P, L, D: consecutive players are opponents
        assert order == [(s.dealer + i) % 4 for i in (1, 2, 3, 4)]
        assert all(s.team_of(a) != s.team_of(b) for a, b in zip(order, order[1:]))
    assert dealers == {0, 1, 2, 3}  # B4-7: the first dealer is random


def test_B4_2_three_each_one_at_a_time_then_the_13th_card_is_turned_under_27():
    s = new_game("briscola4", 5)
    pack = list(cards.PIACENTINE)
    rng_for("briscola4", 5).shuffle(pack)
    first = s.first_leader
    for i in range(12):  # card i of the shuffled pack goes to seat first + i
        assert pack[i] in s.hands[(first + i) % 4]
    assert s.trump == pack[12] and s.trump_suit == pack[12][-1]
    assert len(s.stock) == 28 and s.stock[-1] == s.trump and s.stock[:-1] == pack[13:]
    assert [len(h) for h in s.hands] == [3, 3, 3, 3]


def test_B4_3_winner_draws_first_then_round_the_table_and_the_trump_goes_to_the_left_opponent():
    # Trick 7 (the stock's last four, the trump last): seat 2 wins with the trump Asso.
    s = position(["4C 2S", "5C 2D", "AB 6S", "6C 7D"], trump="3B",
                 stock=["JD", "NC", "7S", "3B"], leader=0)
    s.tricks_played = 6
    play_trick(s, "4C 5C AB 6C")
    assert s.last_trick["winner"] == 2
    # W = 2 draws JD, W's right-hand opponent 3 draws NC, partner 0 draws 7S,
    # W's left-hand opponent 1 draws the face-up trump
    assert "JD" in s.hands[2] and "NC" in s.hands[3] and "7S" in s.hands[0]
    assert "3B" in s.hands[1] and s.stock == []
    assert s.team_of(1) != s.team_of(2)
    assert s.to_move == 2


def test_B4_3_the_trump_always_goes_to_the_seventh_tricks_winners_left_opponent():
    for seed in range(40):
        s = new_game("briscola4", seed)
        rng = random.Random(seed)
        while s.tricks_played < 7:
            s.apply(rng.choice(s.legal_actions())["id"])
        winner = s.last_trick["winner"]
        assert s.stock == [] and s.trump in s.hands[(winner + 3) % 4]
        # tricks 8-10 have no draw: 3, 2, 1 cards left
        for left in (2, 1, 0):
            for _ in range(4):
                s.apply(rng.choice(s.legal_actions())["id"])
            assert all(len(h) == left for h in s.hands)


@pytest.mark.parametrize("trick, trump, winner", [
    ("4C 3C 2C AS", "5B", 1),   # the highest of the led suit (3 > 2, off-suit Asso loses)
    ("4C 3C 2B AS", "5B", 2),   # a lone trump beats the led suit
    ("4C 2B 3B AC", "5B", 2),   # the higher of two trumps
    ("KS AC 3D 2S", "5B", 0),   # no trump, nobody followed higher: the leader
    ("JC NC KC 7C", "7C", 2),   # led in trumps: the highest trump
])
def test_B4_4_highest_trump_else_highest_of_the_led_suit_wins(trick, trump, winner):
    cs = trick.split()
    others = [c for c in cards.PIACENTINE if c not in cs and c != trump]
    s = position([" ".join([cs[i]] + others[3 * i:3 * i + 2]) for i in range(4)],
                 trump=trump, leader=0)
    for c in cs:
        s.apply(f"play:{c}")
    assert s.last_trick["winner"] == winner
    assert s.points[s.team_of(winner)] >= sum(card_points(c) for c in cs)


def test_B4_4_any_card_is_legal_no_duty_to_follow():
    s = position(["4C 2S 3B", "AC KS 7D", "6C 6S 6D", "5C 5S 5D"], trump="JB", leader=0)
    s.apply("play:4C")
    assert {a["card"] for a in s.legal_actions()} == {"AC", "KS", "7D"}


@pytest.mark.parametrize("points, winner", [([61, 59], 0), ([60, 60], None), ([59, 61], 1),
                                            ([120, 0], 0)])
def test_B4_5_61_wins_and_60_60_is_a_draw(points, winner):
    s = position(["AC", "2C", "4C", "5C"], trump="JB", leader=0)
    s.tricks_played = 10
    s.points = list(points)
    assert s.result() == {"winner_team": winner, "scores": points}


def test_B4_5_and_B4_6_one_deal_ends_after_the_tenth_trick_with_one_sheet():
    s = position(["AC", "2C", "4C", "5C"], trump="JB", leader=0)
    s.tricks_played = 9
    s.points = [120 - 11, 0]
    play_trick(s, "AC 2C 4C 5C")
    assert s.is_terminal() and len(s.sheets) == 1
    sheet = s.sheets[0]
    assert sheet["totals"] == [120, 0] and sheet["winner_team"] == 0
    assert sheet["teams"] == [[0, 2], [1, 3]]  # B4-6: cappotto has no extra effect
    assert [l["key"] for l in sheet["lines"]] == ["card_points", "card_points"]


def test_B4_7_playing_again_the_first_leader_deals():
    s = new_game("briscola4", 9)
    again = new_game("briscola4", 10, dealer=s.next_dealer())
    assert again.dealer == s.first_leader and again.first_leader == (s.first_leader + 1) % 4
    with pytest.raises(GameError):
        new_game("briscola4", 10, dealer=4)


def test_B4_8_and_B4_9_a_seat_sees_its_own_hand_only_partner_included():
    s = new_game("briscola4", 3)
    rng = random.Random(3)
    while not s.is_terminal():
        for seat in range(4):
            seen = observation_cards(s, seat)
            for other in range(4):
                hidden = set(s.hands[other]) - {s.trump}
                if other != seat:
                    assert not seen & hidden, (seat, other)
            obs = s.observation(seat)
            # B4-9: the trump suit always, the face-up trump until drawn
            assert obs["trump_suit"] == s.trump_suit
            assert obs["trump"] == (s.trump if s.stock else None)
        s.apply(rng.choice(s.legal_actions())["id"])


def test_B4_3_and_B4_9_the_draw_of_the_face_up_trump_is_public():
    s = new_game("briscola4", 4)
    rng = random.Random(4)
    start = s.event_count
    while s.tricks_played < 7:
        s.apply(rng.choice(s.legal_actions())["id"])
    for seat in range(4):
        draws = [e for e in s.events_for(seat, start) if e["type"] == "drew"]
        assert len(draws) == 28
        assert [e.get("card") for e in draws if e.get("card") == s.trump] == [s.trump]


def test_B4_10_no_trump_swap_no_variants():
    with pytest.raises(GameError):
        new_game("briscola4", 1, deck="bresciane")
    s = new_game("briscola4", 1)
    assert {a["type"] for a in s.legal_actions()} == {"play"}


def test_the_siciliane_deck_plays_with_the_donna_in_the_fantes_place():
    s = new_game("briscola4", 2, deck="siciliane")
    assert "Q" in {c[:-1] for c in s.pack()} and card_points("QC") == 2
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions())["id"])
        s.check_invariants()
    assert sum(s.points) == 120


@pytest.mark.parametrize("depth", range(1, 6))
def test_perft_from_the_deal_is_three_to_the_depth(depth):
    """Any card may be played and every hand is refilled to three while the stock
    lasts (B4-3, B4-4): every play of the first tricks offers exactly three choices."""
    assert perft(new_game("briscola4", 11), depth) == 3 ** depth


@pytest.mark.parametrize("deck", ["piacentine", "siciliane"])
def test_seeded_random_deals_keep_the_invariants(deck):
    """40 cards in one place each, 12 + 1 + 27 at the deal, 28 cards drawn in 7
    rounds of 4, 10 tricks of 4 cards, team totals summing to 120."""
    for seed in range(150):
        s = new_game("briscola4", seed, deck)
        assert len(s.stock) == 28 and sum(len(h) for h in s.hands) == 12
        rng = random.Random(seed)
        drawn = tricks = 0
        while not s.is_terminal():
            events = s.apply(rng.choice(s.legal_actions())["id"])
            drawn += sum(1 for e in events if e["type"] == "drew")
            tricks += sum(1 for e in events if e["type"] == "trick_won")
            places = s.card_locations()
            every = [c for where in places.values() for c in where]
            assert len(every) == 40 and len(set(every)) == 40
        s.check_invariants()
        assert drawn == 28 and tricks == 10 == s.tricks_played
        assert sum(s.points) == 120 and sum(s.sheets[0]["totals"]) == 120
        assert all(len(p) % 4 == 0 for p in s.piles) and sum(len(p) for p in s.piles) == 40


def test_a_computer_seat_searches_worlds_that_keep_what_it_knows():
    """determinize: the seat's own hand, the trick and the drawn trump's holder
    stay; the other hands are re-dealt from the unseen cards only."""
    s = new_game("briscola4", 6)
    rng = random.Random(6)
    while s.tricks_played < 7 or s.trick:
        s.apply(rng.choice(s.legal_actions())["id"])
    s.apply(rng.choice(s.legal_actions())["id"])
    holder = s.trump_holder()
    seat = s.to_move
    for k in range(20):
        w = s.determinize(seat, random.Random(k))
        assert w.hands[seat] == s.hands[seat] and w.trick == s.trick
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
        if holder is not None and holder != seat:
            assert s.trump in w.hands[holder]
        w.check_invariants()


def test_greedy_and_search_players_finish_seeded_deals():
    for level in ("greedy", "normal"):
        s = new_game("briscola4", 12)
        player = make_player(level)
        move = 0
        while not s.is_terminal():
            seat = s.current_player()
            s.apply(player.choose(View(s, seat), rng_for("t", 12, move)))
            move += 1
        assert sum(s.points) == 120


def test_B4_9_no_running_score_and_piles_face_down_until_the_deal_is_over():
    s = new_game("briscola4", 14)
    rng = random.Random(14)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions())["id"])
        obs = s.observation(0)
        if not s.is_terminal():
            assert obs["points"] is None and obs["played"] is None
            assert obs["captured"] == [len(p) for p in s.piles]
            if s.tricks_played:
                assert len(obs["last_trick"]["cards"]) == 4
    assert s.observation(0)["points"] == s.points and sum(s.points) == 120
