"""Scopa rules, one test per resolution of rules/scopa.md (S1–S12)."""

import pytest

from cardavia import cards
from cardavia.games.scopa import ScopaState, capture_options, primiera_score


def position(hand0, hand1, table, stock=(), deck="piacentine", dealer=1, to_move=0,
             piles=None, scores=(0, 0)):
    """A hand-built deal position; unlisted cards go to seat 0's pile unless
    ``piles`` is given, so the pack stays whole."""
    s = ScopaState.new(seed=1, deck=deck)
    s.hands = [hand0.split(), hand1.split()]
    s.table = table.split()
    s.stock = list(stock)
    s.dealer, s.to_move = dealer, to_move
    s.match_scores = list(scores)
    s.scope = [0, 0]
    s.last_capturer = None
    used = set(s.hands[0] + s.hands[1] + s.table + s.stock)
    if piles is None:
        piles = ([c for c in cards.DECKS[deck] if c not in used], [])
    s.piles = [list(piles[0]), list(piles[1])]
    if scores == (0, 0):
        s.check_invariants()
    return s


def ids(s):
    return sorted(a["id"] for a in s.legal_actions())


def test_S1_a_card_that_can_capture_must_capture_but_any_card_may_be_played():
    s = position("7D 2C", "3B", "7C 5S", stock=["AS"] * 0)
    assert ids(s) == ["play:2C", "play:7D:7C"]  # no plain placing of the 7; the 2 is free


def test_S2_single_card_match_has_priority_and_takes_exactly_one():
    s = position("KS", "3B", "KC 4S 6D")
    assert ids(s) == ["play:KS:KC"]  # not 4 + 6
    s = position("5D", "3B", "5C 5S 2B 3C")
    assert ids(s) == ["play:5D:5C", "play:5D:5S"]  # the player chooses which 5; never both


def test_S3_sum_groups_of_two_or_more_courts_count_in_sums():
    assert capture_options("KC", ["QS", "2C"]) == [["QS", "2C"]]  # Re (10) = Donna (8) + 2
    assert sorted(capture_options("NC", ["5C", "4S", "7D", "2B"])) == [["5C", "4S"], ["7D", "2B"]]
    assert capture_options("9C" if False else "NC", ["AS", "AB"]) == []  # 1 + 1 is not 9
    assert capture_options("3C", ["AS", "2B", "AC"]) == [["AS", "2B"], ["2B", "AC"]]
    s = position("NC", "3B", "5C 4S 7D 2B", deck="piacentine")
    s.apply("play:NC:7D+2B")
    assert s.table == ["5C", "4S"] and s.piles[0][-3:] == ["NC", "7D", "2B"]


def test_S4_three_re_on_the_table_redeal_by_the_same_dealer():
    redealt = 0
    for seed in range(400):
        s = ScopaState.new(seed=seed)
        assert sum(1 for c in s.table if c[0] == "K") < 3
        if s.attempt:
            redealt += 1
            events = [e for e in s.events_for(0) if e["type"] == "redeal"]
            assert len(events) == s.attempt
            assert all(sum(1 for c in e["table"] if c[0] == "K") >= 3 for e in events)
            first = [e for e in s.events_for(0) if e["type"] == "dealt"]
            assert len(first) == 1 and first[0]["dealer"] == s.dealer
    assert redealt > 0


def test_S4_two_re_is_a_valid_deal():
    for seed in range(400):
        s = ScopaState.new(seed=seed)
        if sum(1 for c in s.table if c[0] == "K") == 2:
            assert s.attempt == 0
            return
    pytest.fail("no seed with two Re on the table")


def test_S5_no_scopa_on_the_last_play_of_the_deal():
    s = position("", "3B", "2C AS", stock=[], to_move=1)
    events = s.apply("play:3B:2C+AS")
    assert not any(e["type"] == "sweep" for e in events)
    assert s.sheets[-1]["lines"][1] == {"key": "scopa", "team": 1, "points": 0,
                                        "detail": {"count": 0}}


def test_S5_a_sweep_on_the_last_card_of_an_intermediate_round_counts():
    stock = ["AS", "2S", "3S", "4S", "5S", "6S"]
    s = position("", "3B", "2C AS".replace("AS", "AB"), stock=stock, to_move=1)
    s.apply("play:3B:2C+AB")
    assert s.scope == [0, 1]
    assert any(e["type"] == "sweep" and e["seat"] == 1 for e in s.events_for(0))
    assert [len(h) for h in s.hands] == [3, 3] and s.table == []


def test_S6_leftover_cards_go_to_the_last_capturer_without_a_scopa():
    s = position("", "4B", "2C 5S", stock=[], to_move=1)
    s.last_capturer = 0
    assert len(s.piles[0]) == 37
    s.apply("play:4B")  # nothing to take: placed; the deal ends
    assert _line(s.sheets[-1], "most_cards")["detail"]["counts"] == [40, 0]
    assert s.sheets[-1]["lines"][0]["points"] == 0  # no scopa for the leftovers
    leftovers = [e for e in s.events_for(0) if e["type"] == "leftovers"][-1]
    assert leftovers["team"] == 0 and sorted(leftovers["cards"]) == ["2C", "4B", "5S"]


def test_S7_non_dealer_leads_every_round_and_the_deal_alternates():
    s = ScopaState.new(seed=11)
    first_dealer = s.dealer
    assert s.to_move == 1 - s.dealer and len(s.stock) == 30
    plays = [0, 0]
    while s.deal_index() == 0:
        if len(s.hands[0]) == 3 and len(s.hands[1]) == 3:
            assert s.to_move == 1 - s.dealer  # each round starts with the non-dealer
        plays[s.to_move] += 1
        s.apply(s.legal_actions()[0]["id"])
    assert plays == [18, 18]
    assert s.dealer == 1 - first_dealer and s.to_move == first_dealer


def test_S8_primiera_needs_every_suit():
    assert primiera_score(["7D", "7C", "7S"]) is None  # three sevens, no Batons
    assert primiera_score(["7D", "7C", "7S", "KB"]) == 21 * 3 + 10
    assert primiera_score(["6D", "AD", "5C", "4S", "2B", "3B"]) == 18 + 15 + 14 + 13


def _end_with_piles(p0, p1, deck="piacentine"):
    s = position("", "", "", piles=(p0, p1), deck=deck)
    s._end_deal()
    return s.sheets[-1]


def _line(sheet, key):
    return next(l for l in sheet["lines"] if l["key"] == key)


def test_S8_only_player_with_all_suits_wins_primiera_whatever_the_totals():
    deck = list(cards.PIACENTINE)
    p1 = ["7D", "7C", "7S", "6D", "6C", "6S"]          # high values, no Batons
    p0 = [c for c in deck if c not in p1]
    assert _line(_end_with_piles(p0, p1), "primiera")["team"] == 0


def test_S8_equal_primiera_scores_nobody():
    deck = list(cards.PIACENTINE)
    p0 = [c for c in deck if c[-1] in "DS"]
    p1 = [c for c in deck if c[-1] in "CB"]
    # Swap one card each way so both have all four suits with the same best values.
    p0, p1 = p0 + ["2C", "2B"], [c for c in p1 if c not in ("2C", "2B")]
    p0.remove("2D"), p0.remove("2S")
    p1 += ["2D", "2S"]
    sheet = _end_with_piles(p0, p1)
    prim = _line(sheet, "primiera")
    assert prim["detail"]["sums"][0] == prim["detail"]["sums"][1] == 21 + 21 + 12 + 12
    assert prim["team"] is None and prim["points"] == 0


def test_S9_ties_in_cards_and_coins_score_nothing():
    deck = list(cards.PIACENTINE)
    p0 = [c for c in deck if c[-1] in "DS"]
    p1 = [c for c in deck if c[-1] in "CB"]
    p0.remove("AD"), p0.remove("2D"), p0.remove("3D"), p0.remove("4D"), p0.remove("5D")
    p1 += ["AD", "2D", "3D", "4D", "5D"]
    p1.remove("AC"), p1.remove("2C"), p1.remove("3C"), p1.remove("4C"), p1.remove("5C")
    p0 += ["AC", "2C", "3C", "4C", "5C"]
    sheet = _end_with_piles(p0, p1)
    assert _line(sheet, "most_cards")["detail"]["counts"] == [20, 20]
    assert _line(sheet, "most_cards")["points"] == 0
    assert _line(sheet, "most_coins")["detail"]["counts"] == [5, 5]
    assert _line(sheet, "most_coins")["team"] is None
    assert _line(sheet, "settebello")["team"] == 0


@pytest.mark.parametrize("scores, deal_totals, over, winner", [
    ((10, 9), (1, 0), True, 0),       # 11 - 9
    ((10, 10), (1, 1), False, None),  # 11 - 11 continues
    ((9, 10), (1, 0), False, None),   # 10 - 10: nobody has 11
    ((10, 12), (3, 0), True, 0),      # 13 - 12: the higher of two totals over 11
])
def test_S10_match_ends_only_with_11_and_a_strictly_higher_total(scores, deal_totals, over,
                                                                  winner):
    s = position("", "", "", scores=scores)
    s.score_deal = lambda: {"deal": 1, "teams": [[0], [1]], "lines": [],
                            "totals": list(deal_totals), "winner_team": None}
    s._end_deal()
    assert s.over is over and s.winner_team == winner
    if not over:
        assert s.deal_no == 2 and len(s.hands[0]) == 3  # another deal is dealt


def test_S11_deal_total_is_scope_plus_the_four_prizes():
    s = position("", "3B", "2C AS", stock=[], to_move=1)
    s.scope = [2, 1]
    s.apply("play:3B:2C+AS")
    sheet = s.sheets[-1]
    for t in (0, 1):
        assert sheet["totals"][t] == sum(l["points"] for l in sheet["lines"] if l["team"] == t)
    assert _line(sheet, "scopa")["points"] == 2
    assert s.match_scores == sheet["totals"]


def test_S12_no_variant_scoring():
    s = position("", "3B", "2C AS", stock=[], to_move=1)
    s.apply("play:3B:2C+AS")
    keys = {l["key"] for l in s.sheets[-1]["lines"]}
    assert keys == {"scopa", "most_cards", "most_coins", "settebello", "primiera"}


def test_siciliane_donna_is_worth_eight():
    s = position("QD", "3B", "5C 3S", deck="siciliane")
    assert ids(s) == ["play:QD:5C+3S"]
