"""Minchiate: tests named after the resolutions M1–M25 of rules/minchiate.md, on
hand-built positions with answers worked out from the rules file, plus seeded
random play over more than a thousand deals."""

from __future__ import annotations

import random

import pytest

from cardavia import cards
from cardavia.ai import View, make_player
from cardavia.games import new_game
from cardavia.games.base import IllegalAction
from cardavia.games.minchiate import (
    COUNTING, MATTO, PACK, RESTO, STEALABLE, CARD_POINTS, MinchiateState, combinations,
    discard_block, legal_cards, legal_discards, matto_payment, resti_after, trick_winner)
from scale import count

P = str.split  # "7D 3C 4S" -> ["7D", "3C", "4S"]: compact hand-built positions


def final_resti(diff: int) -> int:
    """M21 as the rules write it, the tests' oracle: at the end the lead is rounded up to
    whole resti (1-60: 1, 61-120: 2 …). The engine adds the one resto a lead under 60
    left by M20 is worth."""
    return -(-abs(diff) // RESTO)


def dealt(specials_bottom: list[str], filler: int = 20, dealer: int = 0) -> MinchiateState:
    """A deal from a stacked pack: ``filler`` other cards, then ``specials_bottom``
    at the bottom of the lifted packet (its last card is the bottom one), then the rest."""
    others = [c for c in PACK if c not in specials_bottom]
    lifted = others[:filler] + list(specials_bottom)
    pack = lifted + others[filler:]
    s = MinchiateState()
    s.deck, s.seed, s.dealer, s.cutter = "minchiate", 0, dealer, (dealer + 3) % 4
    return s._setup(pack, len(lifted))


def position(hands: dict[int, str], trick: str = "", leader: int = 1, dealer: int = 0,
             led: str = "", phase: str = "play", tricks_played: int = 0) -> MinchiateState:
    """A position built directly: ``hands`` by seat and the ``trick`` so far, led by
    ``leader``; ``led`` lists the suits led in earlier tricks (for M10)."""
    s = new_game("minchiate", 1)
    s.dealer, s.cutter = dealer, (dealer + 3) % 4
    s.phase = phase
    s.hands = [sorted(P(hands.get(p, "")), key=PACK.index) for p in range(4)]
    s.trick = [[(leader + i) % 4, c] for i, c in enumerate(P(trick))]
    s.leader = leader
    s.to_move = (leader + len(s.trick)) % 4
    s.led_suits = list(led)
    s.tricks_played = tricks_played
    s.piles = [[], []]
    s.played_by = [[], [], [], []]
    s.fola_revealed = True
    s.declarations = []
    s.meter, s.ledger, s.diff, s.resti = [], [], 0, [0, 0]
    s.tricks_won, s.last_trick, s.matto_seat = [0, 0], None, None
    s.voids, s.lacks = [[], [], [], []], [[], [], [], []]
    return s


def play(s: MinchiateState, *cs: str) -> None:
    for c in cs:
        s.apply("play:" + c)


def legal(s: MinchiateState) -> list[str]:
    return [a.get("card") for a in s.legal_actions()]


# ----- §4.2: the pack ----------------------------------------------------------
def test_the_pack_has_97_cards_25_counting_worth_142_and_the_stealable_set():
    assert len(PACK) == 97 and len(set(PACK)) == 97
    assert len(COUNTING) == 25 and sum(CARD_POINTS.values()) == 142
    assert CARD_POINTS["T36"] == 10 and CARD_POINTS["T35"] == 5 and CARD_POINTS["T29"] == 0
    assert CARD_POINTS["T28"] == CARD_POINTS["T20"] == CARD_POINTS["T13"] == CARD_POINTS["T10"] == CARD_POINTS["T1"] == 5
    assert CARD_POINTS["T2"] == CARD_POINTS["T5"] == 3 and CARD_POINTS["T0"] == 5 and CARD_POINTS["KB"] == 5
    assert CARD_POINTS["QC"] == CARD_POINTS["T21"] == CARD_POINTS["T6"] == 0
    assert STEALABLE == COUNTING | {f"T{n}" for n in range(21, 41)}
    assert len(STEALABLE) == 25 + 8  # 21-27 and 29: the non-counting sopraventi


# ----- M1, M2: the cut and the cutter's steal ----------------------------------
def test_m1_the_steal_stops_at_the_first_card_that_is_not_stealable():
    s = dealt(["7B", "T36", "T23", "KC"])  # KC is the bottom card of the lifted packet
    assert s.cutter == 3 and s.stolen == ["KC", "T23", "T36"]
    assert {"KC", "T23", "T36"} <= set(s.hands[3])
    assert s.cut["stolen"] == 3 and len(s.hands[3]) == 21 + 3


def test_m1_the_steal_takes_thirteen_cards_at_most_and_29_is_stealable():
    run = [f"T{n}" for n in range(21, 35)]  # 14 stealable cards: T34 … T21 from the bottom
    s = dealt(run)
    assert len(s.stolen) == 13 and s.stolen[0] == "T34" and "T21" not in s.stolen
    assert "T29" in s.stolen


def test_m2_m24a_stolen_counting_cards_score_at_once_for_the_cutters_team():
    s = dealt(["7B", "T36", "T23", "KC"])
    steals = [e for e in s.meter if e["kind"] == "steal"]
    team = s.cutter % 2
    assert sum(e["points"][team] for e in steals) == 5 + 0 + 10
    assert [e["cards"] for e in steals] == [["KC"], ["T36"]]  # T23 scores nothing
    assert s.discard_due[s.cutter] == 3  # k = 3


def test_m2_pigliati_do_not_score_but_robbed_cards_and_the_shown_card_do():
    s = dealt(["7B", "T36", "T23", "KC"])
    # Stacked: the shown card is T10 (5 for the dealer's team), the fola starts with
    # T11 (not stealable: the robbing stops) and holds T13 (taken without scoring).
    assert s.shown == "T10" and s.robbed == [] and s.rob_stop == "T11"
    assert s.pigliati == ["T13"]
    kinds = [(e["kind"], e["points"]) for e in s.meter]
    assert ("shown", [5, 0]) in kinds and not any(k == "pigliati" for k, _ in kinds)
    assert s.discard_due[s.dealer] == 1


def test_m2_the_dealer_robs_stealable_fola_cards_and_scores_them():
    s0 = dealt(["7B", "T36", "T23", "KC"])
    # Rebuild the same pack with the first fola card made a stealable 36-worth card.
    others = [c for c in PACK if c not in ("7B", "T36", "T23", "KC")]
    lifted = others[:20] + ["7B", "T36", "T23", "KC"]
    pack = lifted + others[20:]
    i, j = pack.index("T11"), pack.index("T38")
    pack[i], pack[j] = pack[j], pack[i]
    s = MinchiateState()
    s.deck, s.seed, s.dealer, s.cutter = "minchiate", 0, 0, 3
    s._setup(pack, 24)
    assert s0.rob_stop == "T11" and s.robbed == ["T38"] and s.rob_stop == "T12"
    assert ("rob", [10, 0]) in [(e["kind"], e["points"]) for e in s.meter]
    assert "T38" in s.hands[s.dealer]


# ----- M3, M4: the deal and the fola ----------------------------------------------
def test_m3_ten_then_eleven_from_the_dealers_right_and_only_the_dealers_21st_is_shown():
    s = dealt(["7B"], dealer=2)  # 7B is not stealable: k = 0
    others = [c for c in PACK if c != "7B"]
    pack = others[20:] + others[:20] + ["7B"]  # the completed cut
    assert s.stolen == [] and s.cutter == 1
    right = 3  # the dealer's right plays first
    assert set(s.hands[right]) == set(pack[0:10] + pack[40:51])
    dealer_cards = pack[30:40] + pack[73:84]
    assert s.shown == pack[83]
    assert set(s.hands[2]) >= set(dealer_cards) - set(s.pigliati) | {pack[83]}
    assert len([e for e in s._events if e[0]["type"] == "shown"]) == 1


def test_m4_the_fola_is_13_minus_k_and_empty_when_the_cutter_stole_13():
    s = dealt(["7B", "T36", "T23", "KC"])
    assert len(s.fola) + len(s.robbed) + len(s.pigliati) == 13 - 3
    s13 = dealt([f"T{n}" for n in range(21, 35)])
    assert s13.fola == [] and s13.robbed == [] and s13.pigliati == []
    assert s13.discard_due[s13.dealer] == 0 and s13.discard_due[s13.cutter] == 13
    assert len(s13.hands[s13.cutter]) == 21 + 13
    assert all(len(s13.hands[p]) == 21 for p in range(4) if p != s13.cutter)


# ----- M5, M6: discards ---------------------------------------------------------
def test_m5_only_zero_point_cards_other_than_29_may_be_discarded():
    hand = P("T0 T2 T6 T21 T29 T36 KC QC 5S")
    assert legal_discards(hand) == ["T6", "T21", "QC", "5S"]
    assert discard_block("T29") == "trump29" and discard_block("KC") == "counting"
    assert discard_block("T0") == "counting" and discard_block("T2") == "counting"
    assert discard_block("T27") is None


def test_m5_the_observation_gives_the_reason_each_card_cannot_go():
    s = dealt(["7B", "T36", "T23", "KC"])
    obs = s.observation(s.cutter)
    blocked = obs["discard_blocks"]
    for c in s.hands[s.cutter]:
        assert (c in blocked) == (discard_block(c) is not None)
        if c in blocked:
            assert blocked[c] == discard_block(c)
    with pytest.raises(IllegalAction):
        s.apply("discard:KC")
    assert "discard_blocks" not in s.observation(s.dealer)


def test_m5_edge_case_without_a_discardable_card_29_goes_first_then_the_lowest_value():
    assert legal_discards(P("T29 T2 KC T36")) == ["T29"]
    assert legal_discards(P("T2 T3 KC T36")) == ["T2", "T3"]


def test_m6_discards_and_the_fola_are_out_of_the_deal():
    for seed in range(12):
        s = new_game("minchiate", seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions())["id"])
        out = [c for d in s.discards for c in d] + s.fola
        assert len(out) == 13
        assert not set(out) & (set(s.piles[0]) | set(s.piles[1]))
        assert len(s.piles[0]) + len(s.piles[1]) == 84
        assert s.sheets[0]["discards"][s.cutter] == sorted(s.discards[s.cutter], key=PACK.index)


# ----- M7, M8: declarations and the fola reveal -----------------------------------
def _to_declare(seed: int) -> MinchiateState:
    s = new_game("minchiate", seed)
    while s.phase == "discard":
        s.apply(s.legal_actions()[0]["id"])
    return s


def test_m7_the_fola_is_shown_to_all_after_the_declarations_and_only_the_dealer_saw_it_before():
    s = _to_declare(3)
    other = (s.dealer + 1) % 4
    assert s.observation(other)["fola"] is None
    assert s.observation(s.dealer)["fola"] == s.fola
    while s.phase == "declare":
        s.apply("declare:done")
    assert s.phase == "play" and s.to_move == (s.dealer + 1) % 4
    assert s.observation(other)["fola"] == s.fola
    assert [e for e, _ in s._events if e["type"] == "fola_revealed"][0]["cards"] == s.fola


def test_m8_each_combination_is_optional_and_scores_when_declared():
    s = position({1: "T1 T2 T3 KC KD KS 5B", 2: "T6", 3: "T7", 0: "T8"}, phase="declare")
    s.to_move = s.declarer = 1
    ids = [a["id"] for a in s.legal_actions()]
    assert ids == ["declare:run:1-3", "declare:kings", "declare:done"]
    before = list(s.meter)
    s.apply("declare:kings")
    assert s.meter[len(before)]["points"] == [0, 15] and s.meter[-1]["cards"] == P("KC KD KS")
    assert [a["id"] for a in s.legal_actions()] == ["declare:run:1-3", "declare:done"]
    s.apply("declare:done")  # the run 1-3 is never scored
    assert s.to_move == 2 and sum(e["points"][1] for e in s.meter) == 15
    assert s.declarations[0]["seat"] == 1 and s.declarations[0]["combo"] == "kings"


def test_m8_m16_the_mattos_holder_adds_5_to_each_declared_combination_but_matto_1_40():
    s = position({1: "T0 T1 T13 T28 T40 5B", 2: "T6", 3: "T7", 0: "T8"}, phase="declare")
    s.to_move = 1
    values = {a["combo"]: a["value"] for a in s.legal_actions() if a["type"] == "declare"}
    assert values == {"matto-1-40": 20, "1-13-28": 20}


# ----- M9-M12, M14: tricks --------------------------------------------------------
def test_m9_follow_suit_trumps_are_a_suit_trump_when_void_no_duty_to_overtrump():
    assert legal_cards(P("2C T5 7D"), [[1, "5C"]], []) == ["2C"]
    assert legal_cards(P("T5 T30 7D"), [[1, "5C"], [2, "T20"]], ["C"]) == ["T5", "T30"]
    assert legal_cards(P("7D 8D"), [[1, "5C"]], []) == ["7D", "8D"]
    assert legal_cards(P("T3 5C"), [[1, "T10"]], []) == ["T3"]
    assert legal_cards(P("5C 6C"), [[1, "T10"]], []) == ["5C", "6C"]


def test_m10_the_king_must_be_played_on_a_first_lead_after_someone_trumped():
    trick = [[1, "5C"], [2, "T7"]]
    assert legal_cards(P("KC 2C T0"), trick, []) == ["KC"]  # not the Matto either
    assert legal_cards(P("KC 2C T0"), trick, ["C"]) == ["KC", "2C", "T0"]  # a later lead
    assert legal_cards(P("KC 2C"), [[1, "5C"]], []) == ["KC", "2C"]  # nobody trumped yet
    assert legal_cards(P("2C 3C"), trick, []) == ["2C", "3C"]  # no King held


def test_m10_the_king_dies_at_home_when_the_partner_trumped():
    s = position({0: "5C 6C", 1: "T7 T8", 2: "2C 3C", 3: "KC 4C"}, leader=0)
    play(s, "5C", "T7", "2C")
    assert legal(s) == ["KC"]
    play(s, "KC")
    assert s.meter == []  # no kill: the King died at home, 5C and 2C count nothing
    assert s.tricks_won == [0, 1]


def test_m10_a_seat_that_does_not_play_the_king_is_known_not_to_hold_it():
    s = position({0: "5C 6C", 1: "T7 T8", 2: "2C 3C", 3: "4C 9C"}, leader=0)
    play(s, "5C", "T7", "2C", "4C")
    assert s.lacks[2] == ["KC"] and s.lacks[3] == ["KC"]
    assert s.voids[1] == ["C"]


def test_m11_the_matto_is_always_playable_never_wins_and_stays_with_its_team():
    assert legal_cards(P("2C T0 T9"), [[1, "5C"]], ["C"]) == ["2C", "T0"]
    s = position({0: "T0 T1", 1: "5C 6C", 2: "2C 3C", 3: "KC 4C"}, leader=0, led="C")
    play(s, "T0")
    assert legal(s) == ["5C", "6C"]
    play(s, "5C")
    assert legal(s) == ["2C", "3C"]  # M11: the second card set the suit
    play(s, "2C", "KC")
    assert s.tricks_won == [0, 1]
    assert sorted(s.piles[1]) == sorted(P("5C 2C KC")) and s.piles[0] == ["T0"]
    assert trick_winner([[0, "T0"], [1, "5C"], [2, "2C"], [3, "KC"]]) == 3


def test_m12_a_led_matto_lets_the_second_card_make_the_first_lead():
    trick = [[0, "T0"], [1, "5C"], [2, "T7"]]
    assert legal_cards(P("KC 2C"), trick, []) == ["KC"]


def test_m14_ranks_courts_above_numerals_reversed_numerals_in_coppe_and_denari():
    assert trick_winner([[0, "2C"], [1, "AC"]]) == 1
    assert trick_winner([[0, "10C"], [1, "9C"]]) == 1
    assert trick_winner([[0, "9S"], [1, "10S"], [2, "AS"]]) == 1
    assert trick_winner([[0, "AD"], [1, "JD"]]) == 1
    assert trick_winner([[0, "QB"], [1, "NB"], [2, "KB"], [3, "JB"]]) == 2
    assert trick_winner([[0, "KC"], [1, "T1"], [2, "KD"]]) == 1
    assert trick_winner([[0, "5C"], [1, "KD"]]) == 0
    assert trick_winner([[0, "T39"], [1, "T40"], [2, "T1"]]) == 1


# ----- M13: the Matto settlement -------------------------------------------------------
def test_m13_the_matto_pays_a_zero_point_card_or_itself_when_its_team_took_no_trick():
    assert matto_payment(P("T0 KC T29 5C T21")) == "5C"
    assert matto_payment(P("T0 KC T29 T21")) == "T21"
    assert matto_payment(P("T0 KC T2")) == "T2"  # no 0-point card: the lowest value
    # Last trick, Matto's team (0) took tricks: it pays one 0-point card.
    s = position({0: "T0", 1: "5C", 2: "2C", 3: "KC"}, leader=0, led="C", tricks_played=20)
    s.tricks_won = [3, 17]
    s.piles = [P("QS JS 9S T30"), []]
    s.matto_seat = None
    play(s, "T0", "5C", "2C", "KC")
    assert s.sheets[0]["matto"] == {"from_team": 0, "to_team": 1, "card": "9S",
                                    "reason": "exchange"}
    assert "T0" in s.piles[0] and "9S" in s.piles[1]
    # Team 0 took no trick: the Matto itself goes over.
    s = position({0: "T0", 1: "5C", 2: "2C", 3: "KC"}, leader=0, led="C", tricks_played=20)
    s.tricks_won = [0, 20]
    play(s, "T0", "5C", "2C", "KC")
    assert s.sheets[0]["matto"]["card"] == "T0" and s.sheets[0]["matto"]["reason"] == "no_tricks"
    assert "T0" in s.piles[1] and s.piles[0] == []


# ----- M25: the exchange card when the pile holds no 0-point card --------------------
def _last_trick_paying(pile0: str, pile1: str, diff: int) -> MinchiateState:
    """The last trick: seat 0 plays the Matto, seat 3's King of Coppe wins it for
    team 1 (+10), and team 0 (one trick won) pays from ``pile0``: counting cards only."""
    s = position({0: "T0", 1: "5C", 2: "2C", 3: "KC"}, leader=0, led="C", tricks_played=20)
    s.tricks_won = [1, 19]
    s.piles, s.diff = [P(pile0), P(pile1)], diff
    play(s, "T0", "5C", "2C", "KC")
    return s


def test_M25_no_zero_point_card_pays_the_lowest_value_card_best_for_the_payers_resti():
    assert matto_payment(P("T0 KC T2")) == "T2"  # one card of the lowest value: no choice
    # All six are worth 5; team 0's pile then adds the Matto (5) and team 1 has
    # 5C 2C KC and the last trick: 5 + 10, plus the 5 of the card paid = 20.
    # Paying T28 keeps run 30-32 and tens 10-20-30 (15 + 5 Matto bonus each):
    # 30 + 40 = 70; T10, T20, T31 or T32 breaks one (50); T30 breaks both (30).
    piles = "T10 T20 T28 T30 T31 T32"
    # D = +20 before the end: 70 - 20 + 20 = 70 -> 2 resti; 50 -> 1; 30 -> 1.
    s = _last_trick_paying(piles, "", diff=20)
    assert s.sheets[0]["matto"] == {"from_team": 0, "to_team": 1, "card": "T28",
                                    "reason": "exchange"}
    assert s.result()["net_resti"] == 2 and "T28" in s.piles[1]
    # D = 0: 50, 30 or 10 all round up to 1 resto, so the canonical order decides
    # (trumps 1..40 first): T10, though T28 gives more points.
    s = _last_trick_paying(piles, "", diff=0)
    assert s.sheets[0]["matto"]["card"] == "T10" and s.result()["net_resti"] == 1
    # The card counts in the opponents' pile: with T1 and T13 there, T28 gives them
    # 1-13-28 (15). Team 0: T28 T31 T33 + Matto less the card = 15; team 1: KC T1
    # T13 + card + last trick = 30 (45 with T28). D = 15: paying T31 (or T33) ends
    # 15 + 15 - 30 = 0, a draw; T28 ends -15, a loss: T31, first of the two.
    s = _last_trick_paying("T28 T31 T33", "T1 T13", diff=15)
    assert s.sheets[0]["matto"]["card"] == "T31" and s.result()["net_resti"] == 0


# ----- M15, M24(b): kills ---------------------------------------------------------------
def test_m15_m24b_a_kill_scores_the_opponents_counting_cards_only():
    s = position({1: "T35", 2: "T40", 3: "T6", 0: "KC"}, leader=1)
    play(s, "T35", "T40", "T6", "KC")
    kills = [e for e in s.meter if e["kind"] == "kill"]
    assert [(e["points"], e["cards"]) for e in kills] == [([5, 0], ["T35"])]


# ----- M16, M24(c): combinations --------------------------------------------------------
def _combos(text: str) -> dict[str, int]:
    return {c["id"]: c["value"] for c in combinations(P(text))}


def test_m16_runs_merge_within_1_5_and_28_40_and_never_cross_27():
    assert _combos("T28 T29 T30 T31 T32") == {"run:28-32": 5 + 5 + 5 + 5 + 5}
    assert _combos("T27 T28 T29") == {}
    assert _combos("T1 T2 T3 T4 T5") == {"run:1-5": 5 + 3 * 4}
    assert _combos("T28 T29 T30 T33 T34 T35") == {"run:28-30": 15, "run:33-35": 15}
    assert _combos("T38 T39 T40") == {"run:38-40": 30}


def test_m16_tens_kings_and_the_other_triples():
    assert _combos("T10 T20 T30 T40") == {"tens:10-40": 25}
    assert _combos("T10 T20 T30") == {"tens:10-30": 15}
    assert _combos("T20 T30 T40") == {"tens:20-40": 20}
    assert _combos("T10 T20 T40") == {} and _combos("T10 T30 T40") == {}
    assert _combos("KC KD KS") == {"kings": 15}
    assert _combos("KC KD KS KB") == {"kings": 20}
    assert _combos("T1 T13 T28") == {"1-13-28": 15}
    assert _combos("T0 T1 T40") == {"matto-1-40": 20}


def test_m16_m24c_the_matto_adds_5_and_cards_serve_several_combinations():
    found = _combos("T1 T2 T3 T13 T28 T29 T30 T0")
    assert found == {"run:1-3": 16, "run:28-30": 20, "1-13-28": 20}
    assert sum(found.values()) == 56


# ----- M17-M19: end scoring -----------------------------------------------------------
def test_m17_m18_m19_end_lines_cards_beyond_42_last_trick_and_pile_combinations():
    s = position({})
    s.piles = [P("T1 T2 T3 T0") + [c for c in PACK if c[0] != "T" and c != "KC"][:46], P("KC 5S")]
    s.last_trick = {"cards": [], "winner": 1}
    lines = {(l["key"], l["team"]): l["points"] for l in s.end_points()
             if l["key"] != "combination"}
    assert lines[("cards_beyond_42", 0)] == 50 - 42 and lines[("cards_beyond_42", 1)] == 0
    assert lines[("last_trick", 1)] == 10 and lines[("last_trick", 0)] == 0
    kings = sum(CARD_POINTS[c] for c in s.piles[0] if c[0] == "K")
    assert lines[("card_points", 0)] == 5 + 3 + 3 + 5 + kings
    assert lines[("card_points", 1)] == 5
    combos = [l for l in s.end_points() if l["key"] == "combination"]
    assert {(l["team"], l["detail"]["combo"], l["points"]) for l in combos} >= {
        (0, "run:1-3", 11 + 5)}


# ----- M20, M21: resti --------------------------------------------------------------------
def test_m20_a_lead_of_60_or_more_converts_while_it_lasts():
    resti = [0, 0]
    assert resti_after(59, resti) == (59, []) and resti == [0, 0]
    assert resti_after(125, resti) == (5, [0, 0]) and resti == [2, 0]
    assert resti_after(-60, resti) == (0, [1]) and resti == [2, 1]


def test_m20_path_dependence_both_teams_may_hold_resti():
    s = position({})
    s._score(0, 60, "declare")
    s._score(1, 70, "kill")
    assert s.resti == [1, 1] and s.diff == -10
    assert [(r["team"], r["event"]) for r in s.ledger] == [(0, "declare"), (1, "kill")]


def test_m21_the_final_lead_rounds_up_and_the_worked_examples():
    assert [final_resti(d) for d in (0, 1, 60, 61, 120, 121, -5)] == [0, 1, 1, 2, 2, 3, 1]
    resti = [0, 0]
    d, _ = resti_after(50 + 75, resti)  # example (1)
    assert resti[0] + final_resti(d) == 3
    resti = [1, 0]
    d, _ = resti_after(10 + 55, resti)  # example (2)
    assert resti[0] + final_resti(d) == 3


def test_m21_the_deals_result_is_net_resti_from_the_meter():
    for seed in range(20):
        s = new_game("minchiate", seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions())["id"])
        d, resti = 0, [0, 0]
        for e in s.meter:
            d, _ = resti_after(d + e["points"][0] - e["points"][1], resti)
        if d:
            resti[0 if d > 0 else 1] += final_resti(d)
        sheet = s.sheets[0]
        assert sheet["totals"] == resti and sheet["net_resti"] == resti[0] - resti[1]
        assert s.result()["winner_team"] == (None if resti[0] == resti[1]
                                             else 0 if resti[0] > resti[1] else 1)
        assert sum(1 for l in sheet["lines"] if l["key"] == "resto") == sum(resti)


def test_m22_no_extra_penalty_for_a_team_without_tricks():
    s = position({0: "T0", 1: "5C", 2: "2C", 3: "KC"}, leader=0, led="C", tricks_played=20)
    s.tricks_won = [0, 20]
    s.piles = [[], [c for c in PACK if c not in P("T0 5C 2C KC")][:80]]
    play(s, "T0", "5C", "2C", "KC")
    # Team 1 holds 84 cards: 42 beyond 42, every point; resti only from the points.
    pts = s.sheets[0]["points"]
    beyond = [l for l in s.sheets[0]["lines"] if l["key"] == "cards_beyond_42" and l["team"] == 1]
    assert beyond[0]["points"] == 42
    assert pts[0] == 0 and s.resti == [0, final_resti(pts[1])]


# ----- M23: what the seed does not have ----------------------------------------------------
def test_m23_no_cade_no_revoke_penalty_no_giro_in_seeded_play():
    """M23: not implemented: no "cade" (nobody exposes a hand: every action is a discard,
    a declaration, a pass or a play), no penalty for a revoke (a card that does not follow
    is refused and nothing is scored for it), no 4-deal giro (the match is one deal)."""
    sheet_keys = {"combination", "cards_beyond_42", "shown", "rob", "steal", "card_points",
                  "declare", "last_trick", "resto", "kill"}
    refused = 0
    for seed in range(12):
        s = new_game("minchiate", seed)
        rng = random.Random(f"m23:{seed}")
        deals = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            assert {a["type"] for a in legal} <= {"discard", "declare", "pass", "play"}
            if s.trick and s.phase == "play":
                held = set(s.hands[s.to_move]) - {a["card"] for a in legal if a["type"] == "play"}
                if held:  # a revoke: refused, the state unchanged
                    before = s.to_json()
                    with pytest.raises(IllegalAction):
                        s.apply(f"play:{sorted(held)[0]}")
                    assert s.to_json() == before
                    refused += 1
            for ev in s.apply(legal[rng.randrange(len(legal))]["id"]):
                if ev["type"] == "deal_scored":
                    deals += 1
                    assert {line["key"] for line in ev["sheet"]["lines"]} <= sheet_keys
        assert deals == 1
    assert refused > 0


# ----- information and computer players --------------------------------------------------
def test_observations_show_public_takings_and_hide_the_others_discards():
    s = dealt(["7B", "T36", "T23", "KC"])
    s.apply("discard:" + s.legal_actions()[0]["card"])
    gone = s.discards[s.cutter][0]
    for seat in range(4):
        obs = s.observation(seat)
        assert obs["setup"]["stolen"] == ["KC", "T23", "T36"]
        assert obs["setup"]["stolen_values"] == [5, 0, 10]
        assert obs["setup"]["shown"] == "T10" and obs["setup"]["shown_value"] == 5
        assert obs["discard_counts"][s.cutter] == 1
        assert (gone in obs["discards"]) == (seat == s.cutter)


def test_determinize_keeps_public_takings_voids_and_declared_cards():
    s = dealt(["7B", "T36", "T23", "KC"])
    while s.phase != "play":
        s.apply(max(s.legal_actions(), key=lambda a: a.get("value", 0))["id"])
    rng = random.Random(4)
    while s.tricks_played < 6:
        s.apply(rng.choice(s.legal_actions())["id"])
    viewer = (s.cutter + 1) % 4
    for i in range(20):
        w = s.determinize(viewer, random.Random(i))
        w.check_invariants()
        assert w.hands[viewer] == s.hands[viewer] and w.fola == s.fola
        for c in ("KC", "T36", "T23"):
            if c not in [x for p in s.played_by for x in p]:
                assert c in w.hands[s.cutter] + w.discards[s.cutter]
        for d in s.declarations:
            if d["seat"] != viewer:
                for c in d["cards"]:
                    assert c in w.hands[d["seat"]] or c in s.played_by[d["seat"]]
        for p in range(4):
            assert not any(cards.suit(c) in s.voids[p] for c in w.hands[p] if c != "T0")


def test_computer_players_play_every_phase_legally():
    for level in ("greedy", "normal"):
        s = new_game("minchiate", 7)
        player = make_player(level)
        phases = set()
        move = 0
        while not s.is_terminal():
            phases.add(s.phase)
            choice = player.choose(View(s, s.current_player()), random.Random(move))
            assert choice in [a["id"] for a in s.legal_actions()]
            s.apply(choice)
            move += 1
            if level == "normal" and s.tricks_played >= 2:
                break
        assert {"discard", "declare", "play"} <= phases  # seed 7: both discard


def test_the_greedy_player_declares_everything():
    s = position({1: "T1 T2 T3 KC KD KS 5B", 2: "T6", 3: "T7", 0: "T8"}, phase="declare")
    s.to_move = 1
    player = make_player("greedy")
    while s.to_move == 1:
        s.apply(player.choose(View(s, 1), random.Random(0)))
    assert {d["combo"] for d in s.declarations} == {"run:1-3", "kings"}


# ----- seeded random play ----------------------------------------------------------------------
def test_seeded_random_play_over_1000_deals_keeps_every_invariant():
    for seed in range(count(1000)):  # tests/scale.py
        s = new_game("minchiate", 50_000 + seed)
        rng = random.Random(seed)
        s.check_invariants()
        while not s.is_terminal():
            phase = s.phase
            actions = s.legal_actions()
            action = rng.choice(actions)
            if action["type"] == "discard":
                assert discard_block(action["card"]) is None or not any(
                    discard_block(c) is None for c in s.hands[s.to_move])
            s._apply(action)  # one of the legal actions just listed
            places = s.card_locations()
            every = [c for where in places.values() for c in where]
            assert len(every) == 97 and len(set(every)) == 97
            if s.phase != phase:
                s.check_invariants()
        s.check_invariants()  # the resti replayed from the meter, 84 cards in 21 tricks
        assert sum(len(p) for p in s.played_by) == 84 and s.tricks_played == 21


def test_the_catalogue_offers_minchiate_now_that_its_table_is_ready():
    from cardavia.games import REGISTRY
    from cardavia.traditions import HELD_BACK, catalogue
    assert "minchiate" in REGISTRY and "minchiate" not in HELD_BACK
    assert catalogue()["games"]["minchiate"]["playable"] is True
    assert catalogue(set(REGISTRY))["games"]["tarocchi"]["playable"] is True


def test_m15_m19_every_trick_won_event_carries_its_counting_points_and_kills_follow():
    """M19: a trick's counting cards go to the winner's pile (trick_won's points);
    M15: the opponents' counting cards in it are a kill, scored at once as its own event."""
    s = new_game("minchiate", 3)
    rng = random.Random(3)
    tricks = kills = 0
    while not s.is_terminal():
        seat = s.current_player()
        trick = [(x, c) for x, c in s.trick] if s.phase == "play" else None
        a = rng.choice(s.legal_actions())
        evs = s.apply(a["id"])
        for i, ev in enumerate(evs):
            if ev["type"] == "trick_won":
                tricks += 1
                assert ev["points"] == sum(CARD_POINTS[c] for c in ev["cards"])
                whole = trick + [(seat, a["card"])]
                killed = sum(CARD_POINTS[c] for x, c in whole if x % 2 != ev["seat"] % 2 and c != MATTO)
                kill_evs = [e for e in evs[i + 1:] if e["type"] == "scored" and e["kind"] == "kill"]
                assert (sum(kill_evs[0]["points"]) if kill_evs else 0) == killed
                kills += bool(killed)
    assert tricks == 21 and kills > 0
