"""Tressette, both forms (rules/tressette.md, TR1…TR18): one test per numbered
resolution with hand-built positions whose answers are worked out from the rules
file, and seeded random play with the invariants of §4."""

from __future__ import annotations

import random

import pytest

from cardavia import cards
from cardavia.games import new_game
from cardavia.games.base import GameError, IllegalAction, rng_for
from cardavia.games.tressette import (NAPOLETANE, STRENGTH, TressetteState, accusi, deal_score, play_blocks,
                                      winning_index)
from cardavia.games.tressette4 import Tressette4State

P = str.split


def position(cls, hands, stock=(), leader=0, dealer=None, **options):
    """A state of ``cls`` with the given hands and stock, ``leader`` to lead the first
    trick of deal 1; every other card already in team 0's pile (thirds counted)."""
    s = cls.new(1, **options)
    n = cls.NUM_SEATS
    s.hands = [P(h) for h in hands]
    s.dealt = [list(h) for h in s.hands]
    s.stock = P(stock) if isinstance(stock, str) else list(stock)
    used = {c for h in s.hands for c in h} | set(s.stock)
    s.piles = [[c for c in NAPOLETANE if c not in used], []]
    from cardavia.games.tressette import thirds
    s.thirds = [sum(thirds(c) for c in s.piles[0]), 0]
    s.first_leader = s.leader = s.to_move = leader
    s.dealer = (leader - 1) % n if dealer is None else dealer
    s.tricks_played = s.tricks_per_deal - max(len(h) for h in s.hands) - len(s.stock) // n
    s.shown = [[] for _ in range(n)]
    s.voids = [[] for _ in range(n)]
    s.holds = [[] for _ in range(n)]
    return s


def play(s, *ids):
    events = []
    for i in ids:
        events += s.apply(i if i.startswith("play:") else f"play:{i}")
    return events


# ----- TR1, TR4: ranks and the winner of a trick -----------------------------------------
def test_TR1_courts_rank_re_cavallo_fante_below_3_2_asso():
    order = P("3C 2C AC KC NC JC 7C 6C 5C 4C")  # highest first
    for i, high in enumerate(order):
        for low in order[i + 1:]:
            assert winning_index([low, high]) == 1 and winning_index([high, low]) == 0


def test_TR4_highest_of_the_led_suit_wins_no_trump_no_duty_to_head():
    assert winning_index(P("4C 3D")) == 0  # an off-suit 3 never wins
    assert winning_index(P("5S AS 3B 4S")) == 1
    # no duty to head the trick: under the led Asso both the 3 and the 4 may go
    s = position(TressetteState, ["AC 5D", "3C 4C"], stock="", leader=0)
    play(s, "AC")
    assert {a["card"] for a in s.legal_actions()} == {"3C", "4C"}


# ----- TR2, TR3, TR15: seats, the deal, the next dealer ---------------------------------
@pytest.mark.parametrize("cls", [TressetteState, Tressette4State])
def test_TR2_first_dealer_random_the_player_after_him_leads(cls):
    dealers = set()
    for seed in range(40):
        s = cls.new(seed)
        dealers.add(s.dealer)
        assert s.first_leader == s.to_move == (s.dealer + 1) % cls.NUM_SEATS
    assert dealers == set(range(cls.NUM_SEATS))
    if cls.NUM_SEATS == 4:  # R and L against P and D: partners opposite
        assert s.teams == [[0, 2], [1, 3]]


@pytest.mark.parametrize("cls", [TressetteState, Tressette4State])
def test_TR3_five_each_from_the_dealers_right_twice(cls):
    s = cls.new(7)
    pack = list(NAPOLETANE)
    rng_for(cls.GAME_ID, 7, 1).shuffle(pack)
    n = cls.NUM_SEATS
    first = (s.dealer + 1) % n
    for i in range(n):
        seat = (first + i) % n
        assert s.hands[seat] == pack[5 * i:5 * i + 5] + pack[5 * (n + i):5 * (n + i) + 5]
    assert s.stock == pack[10 * n:] and len(s.stock) == (20 if n == 2 else 0)


@pytest.mark.parametrize("cls", [TressetteState, Tressette4State])
def test_TR15_the_deal_passes_to_the_next_seat_partners_stay(cls):
    s = cls.new(3)
    first_dealer, first_leader = s.dealer, s.first_leader
    rng = random.Random(3)
    while s.deal_no == 1:
        s.apply(rng.choice(s.legal_actions())["id"])
    # the previous first leader deals (two players: the deal alternates)
    assert s.dealer == first_leader == (first_dealer + 1) % cls.NUM_SEATS
    assert s.first_leader == (s.dealer + 1) % cls.NUM_SEATS
    assert s.teams == ([[0, 2], [1, 3]] if cls.NUM_SEATS == 4 else [[0], [1]])


# ----- TR5: following suit ---------------------------------------------------------------
def test_TR5_follow_suit_is_compulsory_and_a_refused_card_says_why():
    s = position(TressetteState, ["KC 5D", "4C 3D AS"], stock="", leader=0)
    play(s, "KC")
    assert [a["id"] for a in s.legal_actions()] == ["play:4C"]
    assert play_blocks(s.hands[1], s.trick) == {
        "3D": {"code": "follow", "suit": "C", "card": "4C"},
        "AS": {"code": "follow", "suit": "C", "card": "4C"}}
    assert s.observation(1)["play_blocks"] == play_blocks(s.hands[1], s.trick)
    assert s.observation(0)["play_blocks"] is None  # only the mover is told
    with pytest.raises(IllegalAction) as refused:
        s.apply("play:3D")
    assert refused.value.reason == "follow" and refused.value.code == "illegal_action"
    assert s.hands[1] == P("4C 3D AS")  # unchanged
    # void in the led suit: any card
    s = position(TressetteState, ["KC 5D", "3D AS"], stock="", leader=0)
    play(s, "KC")
    assert {a["card"] for a in s.legal_actions()} == {"3D", "AS"}


def test_TR5_follow_suit_binds_while_the_stock_lasts_too():
    s = TressetteState.new(5)
    led = s.hands[s.to_move][0]
    play(s, led)
    follower = s.hands[s.to_move]
    legal = {a["card"] for a in s.legal_actions()}
    same = {c for c in follower if c[-1] == led[-1]}
    assert s.stock and legal == (same or set(follower))


# ----- TR6: thirds, 11 a deal ------------------------------------------------------------
def test_TR6_thirds_floor_per_side_plus_the_last_trick_make_11():
    for a in range(33):
        for last in (0, 1):
            assert sum(deal_score([a, 32 - a], last)) == 11
    assert deal_score([17, 15], 0) == [6, 5]  # 5 2/3 floors to 5 (vipgames' "6" rejected)
    # a whole deal's last trick: team 0 took 13 thirds before it, the Asso's 3 with it
    s = position(TressetteState, ["AC", "4C"], stock="", leader=0)
    s.thirds = [13, 16]
    play(s, "AC", "4C")
    sheet = s.sheets[-1]
    assert sheet["totals"] == [16 // 3 + 1, 16 // 3]  # 5 + 1 last trick, 5
    assert sum(sheet["totals"]) == 11
    assert [l["detail"]["thirds"] for l in sheet["lines"] if l["key"] == "card_points"] == [16, 16]


def test_TR6_four_players_pool_the_partners_thirds_before_flooring():
    # team 0 holds 2 thirds won by seat 0; seat 2 takes 2 more: pooled, 4 thirds are
    # 1 point (floored per player it would be 0 + 0)
    s = position(Tressette4State, ["KC", "4C", "2C", "5C"], leader=1, calls=False, accusi=False)
    s.thirds = [2, 28]
    play(s, "4C", "2C", "5C", "KC")  # seat 1 leads; seat 2's 2 wins
    sheet = s.sheets[-1]
    assert s.sheets and sheet["lines"][0]["detail"]["thirds"] == 4
    assert sheet["totals"] == [1 + 1, 28 // 3]  # pooled 4 thirds = 1, +1 last trick; 9


# ----- TR7, TR8: drawing in two ----------------------------------------------------------
def test_TR7_the_winner_draws_first_then_the_loser():
    s = position(TressetteState, ["3C 5D", "4C 6D"], stock="KS 7B", leader=1)
    play(s, "4C", "3C")  # seat 0 wins with the 3
    assert s.hands[0] == P("5D KS") and s.hands[1] == P("6D 7B")
    assert s.to_move == 0 and s.stock == []


def test_TR7_the_stock_lasts_exactly_ten_tricks():
    s = TressetteState.new(11)
    rng = random.Random(11)
    draws_after = []
    while s.deal_no == 1:
        before = s.tricks_played
        events = s.apply(rng.choice(s.legal_actions())["id"])
        if any(e["type"] == "drew" for e in events):
            draws_after.append(before + 1)
    assert draws_after == list(range(1, 11))


def test_TR8_each_drawn_card_is_shown_to_both():
    s = position(TressetteState, ["3C 5D", "4C 6D"], stock="KS 7B", leader=1)
    play(s, "4C", "3C")
    for viewer in (0, 1):
        drew = [e for e in s.events_for(viewer) if e["type"] == "drew"]
        assert [(e["seat"], e["card"]) for e in drew] == [(0, "KS"), (1, "7B")]
        obs = s.observation(viewer)
        assert obs["drawn"] == [{"seat": 0, "card": "KS"}, {"seat": 1, "card": "7B"}]
        assert obs["shown"] == [["KS"], ["7B"]]
    # a sample of the hidden cards keeps the shown card where everyone saw it go
    for k in range(10):
        assert "7B" in s.determinize(0, random.Random(k)).hands[1]
    assert "7B" not in s.hidden_cards(0)
    play(s, "KS")  # the next lead clears the drawn cards from beside the stock
    assert s.observation(1)["drawn"] == []


# ----- TR9, TR10, TR11: accusi -----------------------------------------------------------
def test_TR9_combinations_and_their_points():
    assert accusi(P("AC 2C 3C 4D 5D 6D 7D JS NS KS")) == [
        {"kind": "napoletana", "suit": "C", "points": 3}]
    assert accusi(P("AC AD AS 4D 5D 6D 7D JS NS KS")) == [
        {"kind": "three", "rank": "A", "suit": "B", "points": 3}]
    assert accusi(P("3C 3D 3S 3B 5D 6D 7D JS NS KS")) == [{"kind": "four", "rank": "3", "points": 4}]
    # the maximum, 19: napoletane of C, S, B, four 3s, three 2s and three Assi missing D
    most = accusi(P("3C 3D 3S 3B 2C 2S 2B AC AS AB"))
    assert sum(d["points"] for d in most) == 19
    assert [d["kind"] for d in most] == ["napoletana"] * 3 + ["three", "three", "four"]
    assert accusi(P("7C 7D 7S 7B 5D 6D 4D JS NS KS")) == []  # three or four 7s count nothing


def test_TR10_declared_at_the_end_of_trick_1_from_the_dealt_cards_in_play_order():
    hands = [None, "AD AS AB 4C 5C 6C 7C JD ND KD", "3D 3S 3B 2C 4S 5S 6S 7S JC NC",
             "2S 2B 2D 4B 5B 6B 7B JB NB KB"]
    used = set(" ".join(hands[1:]).split())
    hands[0] = " ".join(c for c in NAPOLETANE if c not in used)  # AC and 3C: nothing to declare
    s = position(Tressette4State, hands, leader=2, calls=False)
    events = play(s, "4S", "2S")  # seats 2 and 3
    assert not [e for e in events if e["type"] == "accuso"]  # not before the trick ends
    events = play(s, "JS", "AS")  # seat 1 plays one of his three Assi: still declared
    declared = [(e["seat"], e["kind"], e.get("rank"), e.get("suit")) for e in events if e["type"] == "accuso"]
    assert declared == [(2, "three", "3", "C"), (3, "three", "2", "C"), (1, "three", "A", "C")]
    named = {v for e in events if e["type"] == "accuso" for v in e.values() if isinstance(v, str)}
    assert not named & set(NAPOLETANE)  # the suit is named, no card shown
    assert s.sheets == [] and s.observation(0)["accusi"] == s.declared
    # what the declarations say binds the hidden hands a seat imagines: seen from seat
    # 2, seat 1 still holds the Assi di Denari and Bastoni and never the Asso di Coppe
    for k in range(20):
        world = s.determinize(2, random.Random(k))
        assert {"AD", "AB"} <= set(world.hands[1]) and "AC" not in world.hands[1]


def test_TR11_two_players_without_accusi_by_default_and_with_them_on_request():
    hand0, hand1 = "AC 2C 3C 4D 5D 6D 7D JS NS KS", "AD AS 4C 5C 6C 7C JD ND KD 2D"
    assert TressetteState.new(1).options == {"accusi": False, "target": 21}
    s = TressetteState.new(2)
    rng = random.Random(2)
    while s.deal_no == 1:
        assert not [e for e in s.apply(rng.choice(s.legal_actions())["id"]) if e["type"] == "accuso"]
    assert all(l["key"] != "accusi" for l in s.sheets[0]["lines"])
    assert TressetteState.new(1, accusi=True).options["target"] == 31
    assert TressetteState.new(1, accusi=True, target=21).options["target"] == 21
    # on: a three of Assi completed by a draw does not count; the dealt napoletana does
    stock = [c for c in NAPOLETANE if c not in P(hand0) + P(hand1)]
    stock.remove("AB")
    stock.insert(0, "AB")  # seat 1 wins trick 1 and draws the Asso di Bastoni first
    s = position(TressetteState, [hand0, hand1], stock=stock, leader=0, accusi=True)
    events = play(s, "4D", "2D")
    kinds = [e["type"] for e in events]
    assert kinds.index("accuso") < kinds.index("drew")  # before the draw
    assert [(e["seat"], e["kind"]) for e in events if e["type"] == "accuso"] == [(0, "napoletana")]
    assert "AB" in s.hands[1] and all(a in s.hands[1] for a in ("AD", "AS"))  # three Assi, too late


# ----- TR12: calls in four ---------------------------------------------------------------
def test_TR12_a_leader_may_call_busso_and_exactly_one_of_striscio_or_volo():
    hands = ["AC 2C 5D", "4C 6D 7D", "3C 4S 5S", "6C 7C JC"]
    s = position(Tressette4State, hands, leader=0)
    ids = {a["id"] for a in s.legal_actions()}
    assert {"play:AC:busso", "play:AC:striscio", "play:5D:busso", "play:5D:volo"} <= ids
    assert "play:AC:volo" not in ids and "play:5D:striscio" not in ids
    for bad, code in (("play:AC:volo", "false_volo"), ("play:5D:striscio", "false_striscio")):
        with pytest.raises(IllegalAction) as refused:
            s.apply(bad)
        assert refused.value.reason == code
    assert s.observation(0)["call_blocks"]["5D"] == {"striscio": "false_striscio"}
    events = play(s, "AC:busso")
    assert events[0]["call"] == "busso" and s.observation(2)["call"]["call"] == "busso"
    assert not any("call" in a for a in s.legal_actions())  # only the leader calls
    # in the last trick Busso is still allowed; with the last card Volo, not Striscio
    s = position(Tressette4State, ["AC", "4C", "3C", "6C"], leader=0)
    assert {a["id"] for a in s.legal_actions()} == {"play:AC", "play:AC:busso", "play:AC:volo"}


def test_TR12_volo_and_striscio_bind_the_sampled_hands_and_calls_can_be_off():
    hands = ["AC 2C 5D", "4C 6D 7D", "3C KD 5S", "6C 7C JD"]
    s = position(Tressette4State, hands, leader=0)
    play(s, "5D:volo")
    for k in range(20):
        assert not any(c[-1] == "D" for c in s.determinize(1, random.Random(k)).hands[0])
    s = position(Tressette4State, hands, leader=0)
    play(s, "AC:striscio")
    for k in range(20):
        assert any(c[-1] == "C" for c in s.determinize(1, random.Random(k)).hands[0])
    off = position(Tressette4State, hands, leader=0, calls=False)
    assert all("call" not in a for a in off.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        off.apply("play:AC:busso")
    assert refused.value.reason == "no_calls"
    two = position(TressetteState, ["AC 2C", "4C 6D"], stock="", leader=0)
    assert all("call" not in a for a in two.legal_actions())  # no calls in two players


# ----- TR13, TR14: target, end of match, cappotto ----------------------------------------
def test_TR13_targets_and_their_defaults():
    assert TressetteState.new(1).target == 21
    assert Tressette4State.new(1).target == 31
    assert Tressette4State.new(1, accusi=False).target == 31
    for t in (11, 21, 31, 41):
        assert TressetteState.new(1, target=t).target == t
    with pytest.raises(GameError) as bad:
        TressetteState.new(1, target=25)
    assert bad.value.code == "bad_option"


def test_TR13_the_match_is_checked_after_a_whole_deal_equal_totals_deal_again():
    # both at 15 before the last trick of a deal that will end 6-5 … then 21-20: won
    s = position(TressetteState, ["AC", "4C"], stock="", leader=0)
    s.thirds = [13, 16]
    s.match_scores = [15, 15]
    play(s, "AC", "4C")
    assert s.over and s.winner_team == 0 and s.match_scores == [21, 20]
    # equal totals past the target: another deal
    s = position(TressetteState, ["AC", "4C"], stock="", leader=0)
    s.thirds = [13, 16]
    s.match_scores = [20, 21]
    play(s, "AC", "4C")
    assert s.match_scores == [26, 26] and not s.over and s.deal_no == 2
    # the deal lost but the target reached with more points: won
    s = position(TressetteState, ["AC", "4C"], stock="", leader=0)
    s.thirds = [13, 16]
    s.match_scores = [10, 30]
    play(s, "AC", "4C")
    assert s.over and s.winner_team == 1


def test_TR14_cappotto_is_only_a_label():
    s = position(TressetteState, ["AC", "4C"], stock="", leader=0)
    s.thirds = [29, 0]
    s.piles = [s.piles[0], []]
    play(s, "AC", "4C")
    sheet = s.sheets[-1]
    assert sheet["totals"] == [11, 0] and sheet["cappotto"] == 0
    assert not s.over and s.match_scores == [11, 0]  # no bonus, the match goes on


# ----- TR16, TR17, TR18 ------------------------------------------------------------------
def test_TR16_a_weak_hand_is_played_no_redeal():
    from cardavia.games.tressette import thirds
    for seed in range(400):
        s = Tressette4State.new(seed)
        weak = [h for h in s.hands if sum(thirds(c) for c in h) < 3]
        if weak:
            break
    assert weak, "a deal with a hand worth under a point"
    assert s.deal_no == 1 and s.legal_actions()
    assert not any(e["type"] == "redeal" for e in s.events_for(None))


@pytest.mark.parametrize("cls", [TressetteState, Tressette4State])
def test_TR17_a_seat_sees_its_hand_the_public_facts_and_no_running_points(cls):
    s = cls.new(4)
    rng = random.Random(4)
    for _ in range(9):
        s.apply(rng.choice(s.legal_actions())["id"])
    for seat in range(cls.NUM_SEATS):
        obs = s.observation(seat)
        named = {c for h in s.hands for c in h if c not in s.hands[seat]} - \
            {c for h in s.shown for c in h}
        flat = repr(obs)
        assert not any(f"'{c}'" in flat for c in named)
        assert sorted(obs["hand"]) == sorted(s.hands[seat]) and obs["hand_counts"] == [len(h) for h in s.hands]
        # shown as a player holds it: by suit, the strongest first
        key = [(cards.SUITS.index(c[-1]), -STRENGTH[c[:-1]]) for c in obs["hand"]]
        assert key == sorted(key)
        assert obs["points"] is None and obs["played"] is None
        assert obs["stock"] == len(s.stock) and obs["last_trick"] == s.last_trick


def test_TR18_no_other_variant_is_offered():
    for bad in ({"a_perdere": True}, {"coda": True}):
        with pytest.raises(GameError):
            TressetteState.new(1, **bad)
    with pytest.raises(GameError):
        TressetteState.new(1, calls=True)  # no calls in two players (TR12)
    assert (TressetteState.NUM_SEATS, Tressette4State.NUM_SEATS) == (2, 4)


# ----- seeded random play with invariants ------------------------------------------------
@pytest.mark.parametrize("cls,deals", [(TressetteState, 300), (Tressette4State, 300)])
def test_random_play_keeps_every_invariant(cls, deals):
    n = cls.NUM_SEATS
    played_deals = 0
    seed = 0
    while played_deals < deals:
        options = {"accusi": bool(seed % 2)} if n == 2 else {"calls": seed % 3 != 0}
        s = cls.new(seed, **options)
        rng = random.Random(f"tressette-play-{seed}")
        tricks_this_deal = 0
        while not s.is_terminal():
            s.check_invariants()
            deal = s.deal_no
            seat = s.current_player()
            hand = list(s.hands[seat])
            led = s.led_suit()
            action = rng.choice(s.legal_actions())
            if led is not None and any(c[-1] == led for c in hand):
                assert action["card"][-1] == led  # follow suit always
            dealt = [list(h) for h in s.dealt]
            events = s.apply(action["id"])
            tricks_this_deal += sum(1 for e in events if e["type"] == "trick_won")
            for e in events:
                if e["type"] == "accuso":  # only from the dealt hand
                    assert {k: v for k, v in e.items() if k not in ("type", "seat")} in accusi(dealt[e["seat"]])
            if s.deal_no != deal or s.is_terminal():
                sheet = s.sheets[-1]
                assert tricks_this_deal == 40 // n
                assert sum(l["points"] for l in sheet["lines"]
                           if l["key"] in ("card_points", "last_trick")) == 11
                declared = [d for l in sheet["lines"] if l["key"] == "accusi" for d in l["detail"]["declared"]]
                expect = [dict(d, seat=p) for p in range(n) for d in accusi(dealt[p])] if s.options["accusi"] else []
                assert sorted(map(repr, declared)) == sorted(map(repr, expect))
                tricks_this_deal = 0
                played_deals += 1
        s.check_invariants()
        seed += 1


# ----- the computer players' search: one of each set of interchangeable cards ----------------
def test_the_search_plays_out_one_card_of_each_interchangeable_run():
    from cardavia.ai.tressette_policy import TressettePolicy
    # 6C is in a pile: 4C 5C 7C are one run (no card left between them, none worth a third);
    # NC KC another (worth a third each); the AC still out keeps KC and 2C apart; AB alone
    s = position(TressetteState, ["4C 5C 7C NC KC 2C AB", "AC 3C JC 4B 5B 6B 7B"], leader=0)
    assert "6C" in s.piles[0]  # (position puts every card not in a hand in a pile)
    cards = sorted(a["card"] for a in TressettePolicy().candidate_actions(s))
    assert cards == sorted(["4C", "NC", "2C", "AB"]), cards
    # a card on the table is not gone: with 6C led (back in play), 5C and 7C differ again
    s.piles[0].remove("6C")
    s.hands[1].append("6C")
    s.to_move = 1
    play(s, "6C")
    cards = sorted(a["card"] for a in TressettePolicy().candidate_actions(s))
    assert cards == sorted(["4C", "7C", "NC", "2C"]), cards


def test_a_lead_searches_busso_and_the_call_the_key_prefers_of_the_rest():
    from cardavia.ai import View
    from cardavia.ai.search import pimc
    from cardavia.ai.tressette_policy import Tressette4Policy
    hands = ["AC 2C 5D", "4C 6D 7D", "3C KD 5S", "6C 7C JD"]
    s = position(Tressette4State, hands, leader=0)
    ids = sorted(a["id"] for a in Tressette4Policy().candidate_actions(s))
    # a last card of Denari leads with a Volo, the Coppe (more held: Striscio) plain
    assert ids == sorted(["play:AC", "play:AC:busso", "play:2C", "play:2C:busso",
                          "play:5D:volo", "play:5D:busso"]), ids
    # what is left out is worth the same as what stays, in every sampled world (TR12: a
    # Striscio or a Volo changes nothing once the hands are placed)
    legal = s.legal_actions()
    found = pimc(View(s, 0), legal, 12, random.Random(3), keep_samples=True)
    by_id = {a["id"]: i for i, a in enumerate(legal)}
    for row in found.per_sample:
        assert row[by_id["play:AC:striscio"]] == row[by_id["play:AC"]]
        assert row[by_id["play:5D"]] == row[by_id["play:5D:volo"]]
    off = position(Tressette4State, hands, leader=0, calls=False)
    assert sorted(a["id"] for a in Tressette4Policy().candidate_actions(off)) == [
        "play:2C", "play:5D", "play:AC"]


def test_the_keys_card_set_answers_as_the_cards_themselves():
    """``Unseen`` keeps the best card of each suit so the key asks once a ply; it must say
    exactly what a look through the cards says, for any cards and any card asked about."""
    from cardavia.ai.tressette_policy import Unseen, beatable
    order = "4567JNKA23"  # TR1: the strength within a suit
    rng = random.Random(5)
    for _ in range(300):
        cards = rng.sample(NAPOLETANE, rng.randrange(0, 12))
        for card in NAPOLETANE:
            looked = any(c[-1] == card[-1] and order.index(c[:-1]) > order.index(card[:-1]) for c in cards)
            assert beatable(card, Unseen(cards)) == looked, (card, cards)
    assert beatable("2C", Unseen(["3C"])) and not beatable("3C", Unseen(["2C", "AB"]))


def test_a_partners_blunders_in_four_are_the_overtake_and_the_smear():
    """scripts/bench/blunders.py's kinds for Tressette in quattro (ai/partnership.py)."""
    from cardavia.ai.partnership import tressette4_blunders
    # the 3 of Clubs is gone: the partner's 2 of Clubs is sure to hold the trick
    s = position(Tressette4State, ["3C KC 6C", "4C 4B 5B", "2C 6B 7B", "5C 4D 5D"], leader=1)
    play(s, "4C", "2C", "5C")
    legal = [a["card"] for a in s.legal_actions()]
    assert sorted(legal) == ["3C", "6C", "KC"]
    assert tressette4_blunders(s, "3C", legal) == (["overtake"], False)  # the 3 spent, the K would do
    assert tressette4_blunders(s, "KC", legal) == ([], False)  # a load on the partner's sure trick
    # the opponents' 3 of Clubs wins: an Asso thrown on it, with a 6 to play, is a smear
    s = position(Tressette4State, ["AC 6C 4B", "3C 5B 6B", "4C 6D 7D", "5C 4D 5D"], leader=1)
    play(s, "3C", "4C", "5C")
    legal = [a["card"] for a in s.legal_actions()]
    assert tressette4_blunders(s, "AC", legal) == ([], True)
    assert tressette4_blunders(s, "6C", legal) == ([], False)
