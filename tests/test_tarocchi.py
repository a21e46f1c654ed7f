"""Tarocchi (Piedicavallo): one test per resolution T1–T10 of rules/tarocchi.md,
on hand-built positions with results worked out from the rules, plus seeded
random play over more than a thousand deals."""

from __future__ import annotations

import itertools
import random

import pytest

from cardavia import cards
from cardavia.ai import NormalPlayer, View, make_player
from cardavia.ai.policies import policy_for
from cardavia.games import new_game
from cardavia.games.base import IllegalAction, State
from cardavia.games.tarocchi import (
    CARD_POINTS, TarocchiState, discard_fault, legal_cards, sort_cards,
    trick_winner)

from leaks import observation_cards
from scale import count

PACK = cards.TAROCCHI_62
TP = policy_for("tarocchi")
P = str.split  # "7D 3C 4S" -> ["7D", "3C", "4S"]: compact hand-built positions


def discard_is_legal(hand: list[str], pair) -> bool:
    """T2: the engine's own test (discard_fault) finds nothing wrong with the pair."""
    return discard_fault(hand, pair) is None


def build(hands: dict[int, str], dealer: int = 3, leader: int | None = None, trick: str = "",
          discard: str = "", pile0: str = "", pile1: str = "", rest_to: int = 1,
          tricks_won=(0, 0), matto_seat: int | None = None,
          phase: str = "play") -> TarocchiState:
    """A position built directly: ``hands`` by seat, the current ``trick`` (cards
    in playing order from ``leader``), the dealer's ``discard``, the teams' piles;
    every card not placed elsewhere goes to team ``rest_to``'s pile."""
    s = object.__new__(TarocchiState)
    State.__init__(s)
    s.seed = 0
    s.dealer = dealer
    s.phase = phase
    s.hands = [sort_cards(P(hands.get(seat, ""))) for seat in range(4)]
    s.discard = P(discard)
    s.discard_trumps = None if phase == "discard" else sum(map(cards.is_trump, s.discard))
    leader = (dealer + 1) % 4 if leader is None else leader
    s.trick = [[(leader + i) % 4, c] for i, c in enumerate(P(trick))]
    s.leader = leader
    s.to_move = dealer if phase == "discard" else (leader + len(s.trick)) % 4
    placed = {c for h in s.hands for c in h} | set(s.discard) | {c for _, c in s.trick}
    piles = [P(pile0), P(pile1)]
    placed |= set(piles[0]) | set(piles[1])
    if phase != "discard":
        piles[rest_to] += [c for c in PACK if c not in placed]
    s.piles = piles
    s.points = [sum(CARD_POINTS[c] for c in p) for p in s.piles]
    s.tricks_won = list(tricks_won)
    s.tricks_played = sum(tricks_won)
    s.last_trick = None
    s.played_by = [[], [], [], []]
    s.voids = [[], [], [], []]
    if matto_seat is None:
        if cards.MATTO in s.piles[0]:
            matto_seat = 0
        elif cards.MATTO in s.piles[1]:
            matto_seat = 1
    s.matto_seat = matto_seat
    return s


def legal_ids(state) -> list[str]:
    return [a["id"] for a in state.legal_actions()]


def legal_set(state) -> set[str]:
    return {a["card"] for a in state.legal_actions()}


def play_out(state, *cards_in_order: str) -> None:
    for c in cards_in_order:
        state.apply("play:" + c)


def line(sheet: dict, key: str, team: int) -> dict:
    return next(l for l in sheet["lines"] if l["key"] == key and l["team"] == team)


# ----- T1 --------------------------------------------------------------------

def test_T1_trump_21_is_highest_and_honours_are_1_21_and_matto():
    # Trump led: 20 (the Angel) loses to 21 (the World) in Piedicavallo.
    assert trick_winner([[0, "T20"], [1, "T21"], [2, "T19"], [3, "T2"]]) == 1
    assert trick_winner([[0, "T21"], [1, "T20"], [2, "T1"], [3, "T2"]]) == 0
    assert trick_winner([[0, "T2"], [1, "T1"], [2, "T3"], [3, "T0"]]) == 2
    # The honours worth 5: trump 1, trump 21, the Matto; the Angel is an ordinary trump.
    assert [CARD_POINTS[c] for c in ("T1", "T21", "T0", "T20", "T2")] == [5, 5, 5, 1, 1]
    # Played out: seat 0 leads T20, seat 1 wins with T21 and takes 1 + 5 + 1 + 5 = 12.
    s = build({0: "T20 5S", 1: "T21 6S", 2: "T19 7S", 3: "T1 8S"}, dealer=3, leader=0)
    before = list(s.points)
    play_out(s, "T20", "T21", "T19", "T1")
    assert s.last_trick["winner"] == 1 and s.to_move == 1 and s.leader == 1
    assert s.points == [before[0], before[1] + 12]


# ----- T2 --------------------------------------------------------------------

def _pairs(state) -> set[frozenset]:
    return {frozenset(a["cards"]) for a in state.legal_actions()}


def _discard_state(hand: str) -> TarocchiState:
    assert len(P(hand)) == 17
    return build({3: hand}, dealer=3, phase="discard")


def test_T2_trump_discard_only_when_no_other_choice():
    # (a) with ten ordinary suit cards: only pairs of them; never a King, trump 1,
    # trump 21 or the Matto; no trump (the rest keeps suit cards and trumps 1 and 21).
    s = _discard_state("T0 T1 T21 KC KD T5 T9 QC 2C 5S 6S 7S 8B 9B 10B JD ND")
    plain = P("QC 2C 5S 6S 7S 8B 9B 10B JD ND")
    assert _pairs(s) == {frozenset(p) for p in itertools.combinations(plain, 2)}
    assert len(s.legal_actions()) == 45
    # Ids are the unordered pair in canonical deck order, type "discard".
    assert "discard:2C+QC" in legal_ids(s) and "discard:QC+2C" not in legal_ids(s)
    assert all(a["type"] == "discard" for a in s.legal_actions())

    # (b)(i) exactly one non-King suit card: it goes with one trump 2-20, and two
    # trumps are not allowed (the Donna would be left while a trump is discarded).
    s = _discard_state("T0 T1 T21 KC KD KS KB T2 T3 T4 T5 T6 T7 T8 T9 T10 QC")
    assert _pairs(s) == {frozenset(("QC", f"T{n}")) for n in range(2, 11)}
    assert "discard:T2+QC" in legal_ids(s)

    # (b)(i) no non-King suit card at all: any two trumps 2-20 (Matto, 1, 21, Kings kept).
    s = _discard_state("T0 T1 T21 KC KD KS KB T2 T3 T4 T5 T6 T7 T8 T9 T10 T11")
    assert _pairs(s) == {frozenset((f"T{a}", f"T{b}"))
                         for a, b in itertools.combinations(range(2, 12), 2)}
    assert len(s.legal_actions()) == 45

    # The pair as a whole: with two ordinary suit cards, Donna + trump would leave
    # the Cavallo behind, so only the two suit cards may go.
    s = _discard_state("T0 T1 T21 KC KD KS KB T2 T3 T4 T5 T6 T7 T8 T9 QC NC")
    assert _pairs(s) == {frozenset(("QC", "NC"))}

    # (b)(ii) the dealer's only trump (the Matto is not a trump) may go with any
    # ordinary suit card, never with a King; pairs of suit cards stay legal.
    hand = "T0 T7 KC QC NC JC AC 2C QD ND JD 5S 6S 7S 8S 9S 10S"
    s = _discard_state(hand)
    plain = [c for c in P(hand) if c not in ("T0", "T7", "KC")]
    expected = {frozenset(p) for p in itertools.combinations(plain, 2)} | {
        frozenset(("T7", c)) for c in plain}
    assert _pairs(s) == expected and len(expected) == 91 + 14
    assert not discard_is_legal(P(hand), ("T7", "KC"))
    assert not discard_is_legal(P(hand), ("T7", "T0"))

    # (b)(ii) two trumps and no honour: both may go together, neither with a suit card.
    hand = "T3 T4 KC QC NC JC AC 2C QD ND JD 5S 6S 7S 8S 9S 10S"
    s = _discard_state(hand)
    plain = [c for c in P(hand) if c[0] != "T" and c != "KC"]
    assert _pairs(s) == {frozenset(p) for p in itertools.combinations(plain, 2)} | {
        frozenset(("T3", "T4"))}

    # (ii) is impossible while holding trump 1 (or 21), which cannot be discarded.
    # Nor (i): 14 ordinary suit cards are left, so only pairs of them may go.
    hand = "T1 T7 KC QC NC JC AC 2C QD ND JD 5S 6S 7S 8S 9S 10S"
    s = _discard_state(hand)
    plain = P("QC NC JC AC 2C QD ND JD 5S 6S 7S 8S 9S 10S")
    assert _pairs(s) == {frozenset(p) for p in itertools.combinations(plain, 2)}
    assert len(s.legal_actions()) == 91

    # Feasibility: the worst hand (all seven never-discardable cards) still has a discard.
    worst = _discard_state("T0 T1 T21 KC KD KS KB T2 T3 T4 T5 T6 T7 T8 T9 T10 T11")
    assert worst.legal_actions()

    # (c) the number of trumps discarded is announced publicly; the cards only to the dealer.
    s = _discard_state("T0 T1 T21 KC KD KS KB T2 T3 T4 T5 T6 T7 T8 T9 T10 QC")
    s._events = []
    events = s.apply("discard:T2+QC")
    assert events == [{"type": "discarded", "seat": 3, "trumps": 1, "cards": ["T2", "QC"]}]
    assert s.events_for(0) == [{"type": "discarded", "seat": 3, "trumps": 1}]
    assert s.observation(0)["discard_trumps"] == 1 and s.observation(0)["discard"] is None
    assert s.observation(3)["discard"] == ["T2", "QC"]
    assert s.phase == "play" and s.to_move == 0 and s.leader == 0
    # An illegal discard is refused and changes nothing.
    s2 = _discard_state("T0 T1 T21 KC KD KS KB T2 T3 T4 T5 T6 T7 T8 T9 T10 QC")
    before = s2.to_json()
    with pytest.raises(IllegalAction):
        s2.apply("discard:T2+T3")
    with pytest.raises(IllegalAction):
        s2.apply("discard:KC+QC")
    assert s2.to_json() == before


# ----- T3 --------------------------------------------------------------------

def test_T3_discard_belongs_to_dealers_team_if_it_won_a_trick():
    # Dealer seat 3 (team 1) discarded QC + NC (4 + 3 = 7). Last trick: team 1 wins it.
    hands = {0: "5S", 1: "KS", 2: "6S", 3: "7S"}
    s = build(hands, dealer=3, leader=0, discard="QC NC", pile0="T0 T1", tricks_won=(14, 0))
    play_out(s, "5S", "KS", "6S", "7S")
    sheet = s.sheets[0]
    assert s.tricks_won == [14, 1]
    assert line(sheet, "discard", 1)["points"] == 7
    assert line(sheet, "discard", 0)["points"] == 0
    assert line(sheet, "discard", 1)["detail"]["handed_over"] is False

    # Same, but team 0 takes the last trick too: the dealer's team won nothing,
    # so the discard goes to team 0.
    hands = {0: "KS", 1: "5S", 2: "6S", 3: "7S"}
    s = build(hands, dealer=3, leader=0, discard="QC NC", rest_to=0, tricks_won=(14, 0))
    play_out(s, "KS", "5S", "6S", "7S")
    sheet = s.sheets[0]
    assert line(sheet, "discard", 0)["points"] == 7
    assert line(sheet, "discard", 0)["detail"] == {"held": True, "handed_over": True,
                                                     "cards": ["QC", "NC"], "trumps": 0}
    assert line(sheet, "discard", 1)["points"] == 0
    assert sheet["totals"] == [114, 0]


# ----- T4 --------------------------------------------------------------------

def test_T4_follow_suit_else_trump_else_anything_no_duty_to_overtake():
    # Cups led by seat 0.
    s = build({1: "KC 6C T5 5S", 2: "T5 T9 5S KB", 3: "5S KB JD"}, dealer=3, leader=0,
              trick="NC")
    assert legal_set(s) == {"KC", "6C"}  # follow; 6C (lowest) is legal too
    assert legal_cards(P("T5 T9 5S KB"), [[0, "NC"]]) == ["T5", "T9"]  # void: must trump
    assert legal_cards(P("5S KB JD"), [[0, "NC"]]) == ["5S", "KB", "JD"]  # neither: anything
    # Trumps are a suit: a trump lead must be followed with a trump, any trump.
    assert legal_cards(P("T2 T20 KC"), [[0, "T10"]]) == ["T2", "T20"]
    assert legal_cards(P("KC 5S"), [[0, "T10"]]) == ["KC", "5S"]
    # Led cards decide: when trumped, later players still follow the led suit.
    assert legal_cards(P("QC T21"), [[0, "NC"], [1, "T3"]]) == ["QC"]
    # Following a void shows it publicly: seat 1 trumps a Cups lead.
    s = build({0: "NC 7S", 1: "T5 5S", 2: "6C 8S", 3: "5C 9S"}, dealer=3, leader=0)
    s.apply("play:NC")
    s.apply("play:T5")
    assert s.voids[1] == ["C"]
    # An illegal card is refused and nothing changes.
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply("play:8S")
    assert s.to_json() == before
    play_out(s, "6C", "5C")
    assert s.last_trick["winner"] == 1
    # Not following and not trumping shows both voids.
    s = build({0: "NC 7S", 1: "5S 9B", 2: "6C 8S", 3: "5C 9S"}, dealer=3, leader=0)
    play_out(s, "NC", "5S")
    assert sorted(s.voids[1]) == ["C", "T"]


# ----- T5 --------------------------------------------------------------------

def test_T5_matto_any_time_never_wins_stays_with_its_team():
    # Playable whatever the duty: seat 1 holds Cups but may play the Matto.
    s = build({0: "NC KS", 1: "KC T0", 2: "6C 8S", 3: "5C 9S"}, dealer=3, leader=0,
              tricks_won=(13, 0), pile0="T21")
    s.apply("play:NC")
    assert legal_set(s) == {"T0", "KC"}
    play_out(s, "T0", "6C", "5C")
    # Seat 0's NC wins; the Matto (seat 1, team 1) is not captured.
    assert s.last_trick["winner"] == 0
    assert "T0" in s.piles[1] and "T0" not in s.piles[0]

    # Led Matto: the second card sets the suit; the second player is free.
    s = build({0: "T0 5S", 1: "KB 5C", 2: "5B QC", 3: "T3 6C"}, dealer=3, leader=0)
    s.apply("play:T0")
    assert legal_set(s) == {"5C", "KB"}  # free: the second card leads in effect
    s.apply("play:5C")
    assert legal_set(s) == {"QC"}  # third must follow Cups
    s.apply("play:QC")
    assert legal_set(s) == {"6C"}  # fourth too (not the trump)
    s.apply("play:6C")
    assert s.last_trick["winner"] == 2  # QC beats 5C and 6C; the Matto never wins
    assert trick_winner([[0, "T0"], [1, "5C"], [2, "QC"], [3, "6C"]]) == 2

    # The team that wins no trick hands over the Matto: seat 1 (team 1) played it
    # earlier, team 0 takes the 15th trick and every trick.
    hands = {0: "KS", 1: "5S", 2: "6S", 3: "7S"}
    s = build(hands, dealer=0, leader=0, discard="QC NC", pile1="T0", rest_to=0,
              tricks_won=(14, 0), matto_seat=1)
    play_out(s, "KS", "5S", "6S", "7S")
    sheet = s.sheets[0]
    assert s.tricks_won == [15, 0]
    assert line(sheet, "matto", 0)["points"] == 5
    assert line(sheet, "matto", 0)["detail"]["handed_over"] is True
    assert line(sheet, "matto", 1)["points"] == 0
    # A sweep scores all 114 (T5/T3): the Matto and everything else.
    assert sheet["totals"] == [114, 0] and sheet["winner_team"] == 0
    assert any(e["type"] == "leftovers" and e["reason"] == "matto" and e["team"] == 0
               for e in s.events_for(0))

    # Kept by its team when the team won a trick: team 1 won one trick, keeps the Matto.
    s = build(hands, dealer=0, leader=0, discard="QC NC", pile0="T1 T21",
              tricks_won=(13, 1), matto_seat=1)
    play_out(s, "KS", "5S", "6S", "7S")
    assert line(s.sheets[0], "matto", 1)["points"] == 5
    assert line(s.sheets[0], "matto", 1)["detail"]["handed_over"] is False


# ----- T6 --------------------------------------------------------------------

def test_T6_more_card_points_wins_57_57_is_a_draw():
    # Team 0 holds every trump (1 and 21: 10, nineteen others: 19) = 29, the Matto 5,
    # KC KD KS 15, 5S 6S 7S 3 = 52, and wins the last trick KB 8B 9B 10B = 5 + 3 = 8:
    # 60. Team 1 keeps the rest, 54, with its dealer's discard QC NC (7).
    trumps = " ".join(f"T{n}" for n in range(0, 22))
    hands = {0: "KB", 1: "8B", 2: "9B", 3: "10B"}
    s = build(hands, dealer=3, leader=0, discard="QC NC",
              pile0=trumps + " KC KD KS 5S 6S 7S", tricks_won=(10, 4))
    play_out(s, "KB", "8B", "9B", "10B")
    sheet = s.sheets[0]
    assert sheet["totals"] == [60, 54] and sheet["winner_team"] == 0
    assert s.result() == {"winner_team": 0, "scores": [60, 54]}
    # 57-57: drop three numerals from team 0's pile (they go to team 1).
    s = build(hands, dealer=3, leader=0, discard="QC NC", pile0=trumps + " KC KD KS",
              tricks_won=(10, 4))
    play_out(s, "KB", "8B", "9B", "10B")
    assert s.sheets[0]["totals"] == [57, 57]
    assert s.sheets[0]["winner_team"] is None and s.result()["winner_team"] is None
    # Where the points come from: honours, courts, other cards, Matto, discard.
    sheet = s.sheets[0]
    assert line(sheet, "honours", 0)["points"] == 30  # T1 T21 KC KD KS KB
    assert line(sheet, "honours", 0)["detail"]["count"] == 6
    assert line(sheet, "other_cards", 0)["points"] == 19 + 3  # trumps 2-20 + 8B 9B 10B
    assert line(sheet, "matto", 0)["points"] == 5
    # Team 1: Donne QD QS QB, Cavalli ND NS NB, the four Fanti (QC NC are the discard).
    assert line(sheet, "courts", 1)["points"] == 3 * 4 + 3 * 3 + 4 * 2
    assert line(sheet, "courts", 1)["detail"] == {"donne": 3, "cavalli": 3, "fanti": 4}
    assert line(sheet, "other_cards", 1)["points"] == 43 - 22
    assert line(sheet, "discard", 1)["points"] == 7
    assert line(sheet, "discard", 1)["detail"]["cards"] == ["QC", "NC"]
    assert sum(l["points"] for l in sheet["lines"]) == 114


# ----- T7 --------------------------------------------------------------------

def test_T7_random_dealer_deals_15_15_15_17_and_right_hand_leads():
    dealers = set()
    for seed in range(40):
        s = new_game("tarocchi", seed)
        assert s.phase == "discard" and s.to_move == s.dealer
        assert [len(h) for h in s.hands] == [17 if p == s.dealer else 15 for p in range(4)]
        dealers.add(s.dealer)
        assert new_game("tarocchi", seed).to_json() == s.to_json()  # from the seed
        s.apply(s.legal_actions()[0]["id"])
        assert s.to_move == s.leader == (s.dealer + 1) % 4  # the dealer's right leads
        assert all(len(h) == 15 for h in s.hands)
        # The trick winner leads the next trick.
        for _ in range(4):
            s.apply(s.legal_actions()[0]["id"])
        assert s.to_move == s.leader == s.last_trick["winner"]
    assert dealers == {0, 1, 2, 3}


# ----- T8 --------------------------------------------------------------------

def test_T8_suit_ranks_cups_and_coins_numerals_reversed():
    # Cups: A highest numeral, 6 lowest; courts above: K > Q > N > J > A > 2 … > 6.
    assert trick_winner([[0, "6C"], [1, "AC"], [2, "2C"], [3, "5C"]]) == 1
    assert trick_winner([[0, "AC"], [1, "JC"], [2, "2C"], [3, "5C"]]) == 1
    assert trick_winner([[0, "2D"], [1, "3D"], [2, "6D"], [3, "4D"]]) == 0
    # Swords and Batons: 10 high, 5 low.
    assert trick_winner([[0, "5S"], [1, "10S"], [2, "9S"], [3, "JS"]]) == 3
    assert trick_winner([[0, "9B"], [1, "10B"], [2, "5B"], [3, "6B"]]) == 1
    assert trick_winner([[0, "QB"], [1, "KB"], [2, "NB"], [3, "JB"]]) == 1
    # Off-suit cards never win; any trump beats the led suit.
    assert trick_winner([[0, "6C"], [1, "KS"], [2, "AD"], [3, "5C"]]) == 3
    assert trick_winner([[0, "KC"], [1, "T1"], [2, "QC"], [3, "AC"]]) == 1
    # Played out: seat 2's AC wins over 2C, 6C; seat 3 discards a King of Swords.
    s = build({0: "2C", 1: "6C", 2: "AC", 3: "KS"}, dealer=3, leader=0, tricks_won=(0, 14))
    play_out(s, "2C", "6C", "AC", "KS")
    assert s.last_trick["winner"] == 2 and s.tricks_won == [1, 14]


# ----- T9 --------------------------------------------------------------------

def test_T9_no_declarations_bonuses_or_group_counting():
    s = new_game("tarocchi", 7)
    rng = random.Random(7)
    types = set()
    while not s.is_terminal():
        acts = s.legal_actions()
        types.update(a["type"] for a in acts)
        s.apply(rng.choice(acts)["id"])
    assert types == {"discard", "play"}
    sheet = s.sheets[0]
    assert {l["key"] for l in sheet["lines"]} == {"honours", "courts", "other_cards", "matto",
                                                  "discard"}
    # Cards count individually: each team's total is the sum of its cards' points.
    for t in (0, 1):
        got = [c for c in s.piles[t]] + (s.discard if line(sheet, "discard", t)["points"] else [])
        if line(sheet, "matto", t)["detail"]["handed_over"]:
            got.append("T0")
        if line(sheet, "matto", 1 - t)["detail"]["handed_over"]:
            got.remove("T0")
        assert sheet["totals"][t] == sum(CARD_POINTS[c] for c in got)


# ----- T10 -------------------------------------------------------------------

def test_T10_discard_hidden_trump_count_public_last_trick_shown():
    s = new_game("tarocchi", 11)
    dealer = s.dealer
    s.apply(s.legal_actions()[0]["id"])
    discard = list(s.discard)
    for seat in range(4):
        obs = s.observation(seat)
        seen = observation_cards(s, seat)
        assert obs["discard_trumps"] == s.discard_trumps
        others = {c for p in range(4) if p != seat for c in s.hands[p]}
        assert not seen & others, "another seat's cards leak"
        if seat == dealer:
            assert obs["discard"] == discard
        else:
            assert obs["discard"] is None and not seen & set(discard)
    rng = random.Random(3)
    for _ in range(4):
        s.apply(rng.choice(s.legal_actions())["id"])
    obs = s.observation((dealer + 2) % 4)
    assert obs["last_trick"]["winner"] == s.leader and len(obs["last_trick"]["cards"]) == 4
    assert obs["trick"] == [] and obs["hand_counts"] == [14, 14, 14, 14]
    assert obs["points"] == s.points and sum(obs["points"]) == sum(
        CARD_POINTS[c] for c in obs["played"])
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions())["id"])
    # The discard is shown at the end.
    assert s.observation((dealer + 1) % 4)["discard"] == discard


# ----- computer players ------------------------------------------------------

def test_determinize_is_consistent_with_public_facts():
    for seed in range(60):
        s = new_game("tarocchi", seed)
        rng = random.Random(seed)
        s.apply(rng.choice(s.legal_actions())["id"])
        steps = rng.randrange(0, 56)
        for _ in range(steps):
            s.apply(rng.choice(s.legal_actions())["id"])
        for seat in range(4):
            d = s.determinize(seat, random.Random(seed * 10 + seat))
            d.check_invariants()
            assert d.hands[seat] == s.hands[seat]
            assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
            assert d.trick == s.trick and d.played_by == s.played_by and d.voids == s.voids
            assert len(d.discard) == 2 and d.discard_trumps == s.discard_trumps
            assert sum(1 for c in d.discard if cards.is_trump(c)) == s.discard_trumps
            if seat == s.dealer:
                assert d.discard == s.discard
            # The same view gives the same sample.
            again = d.determinize(seat, random.Random(seed * 10 + seat))
            assert again.to_json() == s.determinize(seat, random.Random(seed * 10 + seat)).to_json()
            # The sampled discard is one the dealer could have made.
            original = d.hands[d.dealer] + d.played_by[d.dealer] + d.discard
            assert discard_is_legal(original, d.discard)


def test_determinize_respects_trump_discard_inference():
    # The dealer (3) discarded one trump and then played a plain card: by T2 he
    # must have kept no trump at all (ii), so no sample gives him one.
    hand3 = "T7 KC QC NC JC AC 2C QD ND JD 5S 6S 7S 8S 9S 10S 5B"
    s = new_game("tarocchi", 1)
    rest = [c for c in PACK if c not in P(hand3)]
    s.dealer = 3
    s.hands = [sorted(rest[0:15]), sorted(rest[15:30]), sorted(rest[30:45]), P(hand3)]
    s.to_move = 3
    s.apply("discard:T7+QC")
    assert s.discard_trumps == 1
    while not any(c[0] not in "TK" for c in s.played_by[3]):
        s.apply(s.legal_actions()[-1]["id"])
    for i in range(30):
        d = s.determinize(0, random.Random(i))
        assert not any(cards.is_trump(c) for c in d.hands[3])
        assert sum(1 for c in d.discard if cards.is_trump(c)) == 1
        assert not any(CARD_POINTS[c] == 5 for c in d.discard)


def test_greedy_partnership_knowledge():
    # Last to play, partner (seat 1) winning with the top trump: smear the Donna,
    # don't overtrump.
    s = build({3: "QC 5C T20"}, dealer=2, leader=0, trick="6C T21 2C")
    best = max(s.legal_actions(), key=lambda a: TP.greedy_key(s, a))
    assert best["card"] == "QC"
    # Last to play against an opponent's winning King: win cheaply with the lowest trump.
    s = build({3: "T2 T15 QB"}, dealer=2, leader=0, trick="KC 6C 5C")
    assert max(s.legal_actions(), key=lambda a: TP.greedy_key(s, a))["card"] == "T2"
    # Cannot win: give the fewest points.
    s = build({3: "QB 5B NB"}, dealer=2, leader=0, trick="KC 5C T9")
    assert max(s.legal_actions(), key=lambda a: TP.greedy_key(s, a))["card"] == "5B"
    # Discard: bank an unguarded Donna and void a suit rather than discard a trump.
    s = _discard_state("T0 T1 T21 KC KD T5 T9 QB 5B 5S 6S 7S 8S 9S 10S JD ND")
    best = max(s.legal_actions(), key=lambda a: TP.greedy_key(s, a))
    assert set(best["cards"]) == {"QB", "5B"}  # the Donna banked, Batons void


# ----- seeded random play ------------------------------------------------------

def _expected_legal(hand: list[str], trick: list) -> set[str]:
    """T4/T5 restated independently for the random-play check."""
    led = next((cards.suit(c) for _, c in trick if c != cards.MATTO), None)
    if led is None:
        return set(hand)
    same = [c for c in hand if c != cards.MATTO and cards.suit(c) == led]
    if same:
        return set(same) | ({cards.MATTO} & set(hand))
    trumps = [c for c in hand if cards.is_trump(c)]
    if trumps and led != "T":
        return set(trumps) | ({cards.MATTO} & set(hand))
    return set(hand)


def test_random_play_1000_deals_invariants():
    # (Sweeps, which score all 114, never happen in random play: the T5 test builds one.)
    draws = 0
    for seed in range(count(1000)):  # tests/scale.py
        s = new_game("tarocchi", seed)
        rng = random.Random(seed)
        s.check_invariants()
        while not s.is_terminal():
            acts = s.legal_actions()
            if s.phase == "play":
                assert {a["card"] for a in acts} == _expected_legal(s.hands[s.to_move], s.trick)
            else:
                hand = s.hands[s.dealer]
                assert {frozenset(a["cards"]) for a in acts} == {
                    frozenset(p) for p in itertools.combinations(hand, 2)
                    if discard_is_legal(hand, p)}
            s._apply(rng.choice(acts))
            if s.phase != "play" or not s.trick:
                s.check_invariants()
        s.check_invariants()
        sheet = s.sheets[0]
        assert sum(sheet["totals"]) == 114
        draws += sheet["winner_team"] is None
    assert draws < 100


def test_normal_player_plays_a_legal_deal():
    s = new_game("tarocchi", 3)
    # A few samples, no clock: deterministic and quick (also under Pyodide).
    players = [NormalPlayer(samples=4, budget_ms=float("inf")), make_player("greedy")] * 2
    move = 0
    while not s.is_terminal():
        seat = s.current_player()
        choice = players[seat].choose(View(s, seat), random.Random(move))
        s.apply(choice)
        move += 1
    s.check_invariants()
    assert sum(s.sheets[0]["totals"]) == 114


def test_candidate_actions_keep_the_best_discards_for_search():
    s = _discard_state("T0 T1 T21 KC KD T5 T9 QB 5B 5S 6S 7S 8S 9S 10S JD ND")
    cands = TP.candidate_actions(s, 8)
    assert len(cands) == 8 and len(s.legal_actions()) == 45
    assert {frozenset(a["cards"]) for a in cands} <= {frozenset(a["cards"])
                                                     for a in s.legal_actions()}
    assert set(cands[0]["cards"]) == {"QB", "5B"}
    s.apply(cands[0]["id"])
    assert TP.candidate_actions(s) == s.legal_actions()  # in play: every legal card


def test_fast_playout_plays_and_values_exactly_as_the_generic_loop():
    """The search's specialised play-out (fast_playout) must stay in step with
    the generic loop over legal actions, playout_key and rollout_value."""
    import random as _random

    from cardavia.ai import tarocchi_policy
    from cardavia.ai.policy import Policy

    compared = 0
    for seat, world in sampled_worlds(range(100, 104), _random.Random(1)):
        for a in TP.candidate_actions(world)[:3]:
            w = world.clone()
            w._apply(a)
            if w.is_terminal():
                continue
            fast = tarocchi_policy.fast_playout(w.clone(), seat % 2)
            slow = Policy.playout(TP, w, seat % 2)  # the generic loop
            assert fast == pytest.approx(slow, abs=1e-9)
            compared += 1
    assert compared > 100


def sampled_worlds(seeds, rng):
    """Along random deals of ``seeds``, each mover's sampled world (one ``rng``
    for the samples and the random plays)."""
    for seed in seeds:
        st = new_game("tarocchi", seed)
        while not st.is_terminal():
            seat = st.current_player()
            yield seat, st.determinize(seat, rng)
            st.apply(rng.choice(st.legal_actions())["id"])


def test_T2_discard_blocks_give_the_reason_of_each_card_that_cannot_go():
    # (a): the Matto, trumps 1 and 21 and the Kings never go; (b): with suit
    # cards and other trumps left, trumps 5 and 9 cannot go either.
    s = _discard_state("T0 T1 T21 KC KD T5 T9 QC 2C 5S 6S 7S 8B 9B 10B JD ND")
    blocks = s.observation(3)["discard_blocks"]
    assert blocks == {"T0": "matto", "T1": "honour", "T21": "honour", "KC": "king",
                      "KD": "king", "T5": "trump", "T9": "trump"}
    assert all(s.observation(seat)["discard_blocks"] is None for seat in (0, 1, 2))
    # (b)(ii): with a single trump, discarding it leaves no trump: it may go.
    s = _discard_state("T5 KC KD KS KB QC 2C 5S 6S 7S 8B 9B 10B JD ND NC JS")
    assert s.observation(3)["discard_blocks"] == {"KC": "king", "KD": "king", "KS": "king",
                                                   "KB": "king"}
    # Every card not blocked is in some legal pair, every blocked one in none.
    free = {c for a in s.legal_actions() for c in a["cards"]}
    assert free == set(s.hands[3]) - {"KC", "KD", "KS", "KB"}
    s.apply(s.legal_actions()[0]["id"])
    assert s.observation(3)["discard_blocks"] is None  # only in the discard step


def test_playout_after_values_an_action_exactly_as_copy_apply_play_out():
    """The search's fast path (no copy of the world) gives the value the generic
    path gives, for every legal card, the deal's last cards included, and leaves
    the world as it was."""
    from cardavia.ai.search import world_value

    compared = 0
    for seat, world in sampled_worlds(range(300, 303), random.Random(2)):
        before = world.to_json()
        for a in world.legal_actions():
            fast = TP.playout_after(world, a, seat % 2, deep=False)
            if world.phase != "play":
                assert fast is None  # the discard takes the generic path
                continue
            w = world.clone()
            w._apply(a)
            slow = TP.rollout_value(w, seat % 2) if w.is_terminal() else TP.playout(w, seat % 2)
            assert fast == slow
            assert world_value(world, a, seat % 2, None)[0] == slow
            compared += 1
        assert world.to_json() == before
    assert compared > 150


def _plain_lead(state, look: bool) -> str:
    """The play-out's lead in ``state`` (every hand placed): the expert's
    trick look-ahead if ``look``, else the one-ply policy."""
    from cardavia.ai import tarocchi_policy as tp

    hands = [[tp._TUP[c] for c in h] for h in state.hands]
    tops = []
    for h in hands:
        top = [-1] * 6
        for _, si, st, *_ in h:
            top[si] = max(top[si], st)
        tops.append(top)
    me = state.to_move
    legal = tp._legal(hands[me], tops[me], None, tp._MATTO_T)
    if look:
        return tp._lead_by_trick(hands, tops, me, False, legal)[0]
    return tp._policy_card(tops, me, 0, False, None, None, -1, -1, 0, legal)[0]


def test_expert_playout_leads_by_what_the_whole_trick_brings():
    # Two unbeatable Kings: the one-ply lead sees them as equal (5 points,
    # +1.5 for a master) and keeps the first; played through the trick, the
    # King of Batons draws seat 1's Queen (it must follow: 5+4+1+1 = 11) where
    # the King of Swords draws a 5 (5+1+1+1 = 8).
    s = build({0: "KS KB", 1: "5S QB", 2: "7S 7B", 3: "6S 5B"}, dealer=3, leader=0)
    assert _plain_lead(s, look=False) == "KS"
    assert _plain_lead(s, look=True) == "KB"
    # No master: the one-ply lead gives away the cheapest card (5 of Swords,
    # which seat 3's Queen takes: -9); through the trick, the 6 of Batons
    # reaches the partner's King, and seat 3 must follow with its Queen: +11.
    s = build({0: "5S 6B", 1: "NS 5B", 2: "7S KB", 3: "QS QB"}, dealer=3, leader=0)
    assert _plain_lead(s, look=False) == "5S"
    assert _plain_lead(s, look=True) == "6B"


def test_the_policy_maps_a_search_value_back_to_the_final_margin():
    """The hint tells points, the final margin; Tarocchi's search value adds the win
    bonus and the dealer's discard prior: value_to_margin takes them off again."""
    from cardavia.ai.policy import Policy

    checked = 0
    for seat, world in sampled_worlds(range(400, 403), random.Random(4)):
        team = seat % 2
        for a in TP.candidate_actions(world)[:2]:
            w = world.clone()
            w._apply(a)
            value = Policy.playout(TP, w, team)  # the generic loop: w is finished
            totals = w.sheets[-1]["totals"]
            assert TP.value_to_margin(world, a, team, value) == totals[team] - totals[1 - team]
            checked += 1
    assert checked > 100 and not TP.VALUE_IS_MARGIN
