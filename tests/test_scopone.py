"""Scopone rules, one test per resolution of rules/scopone.md (SC1…SC14), with
hand-built positions whose answers are worked out from the rules file, and seeded
random play with the deal's invariants. Seats: in playing order, seat s + 1 on
the right of seat s; teams {0, 2} and {1, 3}."""

import random

import pytest

from cardavia import cards
from cardavia.ai import View, make_player
from cardavia.games import new_game
from cardavia.games.base import GameError, rng_for
from cardavia.games.scopa import napola_length
from cardavia.games.scopone import ScoponeState


def position(hands, table, dealer=3, to_move=0, piles=None, scores=(0, 0),
             deck="piacentine", **options):
    """A hand-built deal position (hands: four strings); unlisted cards go to team
    0's pile unless ``piles`` is given, so the pack stays whole."""
    s = ScoponeState.new(seed=1, deck=deck, **options)
    s.hands = [h.split() for h in hands]
    s.table = table.split()
    s.dealer, s.to_move = dealer, to_move
    s.match_scores = list(scores)
    s.scope = [0, 0]
    s.last_capturer = None
    used = set(sum(s.hands, []) + s.table)
    if piles is None:
        piles = ([c for c in cards.DECKS[deck] if c not in used], [])
    s.piles = [list(piles[0]), list(piles[1])]
    return s


def line(sheet, key):
    return next(l for l in sheet["lines"] if l["key"] == key)


def test_SC1_scientifico_by_default_ten_each_and_classico_nine_and_four():
    s = new_game("scopone", 1)
    assert s.options["classico"] is False
    assert [len(h) for h in s.hands] == [10] * 4 and s.table == [] and s.stock == []
    c = new_game("scopone", 1, classico=True)
    assert [len(h) for h in c.hands] == [9] * 4 and len(c.table) == 4 and c.stock == []


def test_SC2_primo_di_mano_plays_first_and_teams_are_primo_terzo_against_secondo_cartaro():
    dealers = set()
    for seed in range(30):
        s = new_game("scopone", seed)
        dealers.add(s.dealer)
        primo = (s.dealer + 1) % 4
        assert s.to_move == primo
        assert s.team_of(primo) == s.team_of((s.dealer + 3) % 4)   # primo + terzo
        assert s.team_of((s.dealer + 2) % 4) == s.team_of(s.dealer)  # secondo + cartaro
        assert s.team_of(primo) != s.team_of(s.dealer)
    assert dealers == {0, 1, 2, 3}  # the first dealer is random


def test_SC3_deal_in_packets_from_the_dealers_right():
    s = new_game("scopone", 4)
    pack = list(cards.PIACENTINE)
    rng_for("scopone", 4, 1, 0).shuffle(pack)
    first = (s.dealer + 1) % 4
    for k in range(8):  # packets of five, twice round
        assert pack[5 * k:5 * k + 5] == s.hands[(first + k) % 4][5 * (k // 4):5 * (k // 4) + 5]
    c = new_game("scopone", 4, classico=True)
    pack = list(cards.PIACENTINE)
    rng_for("scopone", 4, 1, c.attempt).shuffle(pack)
    first = (c.dealer + 1) % 4
    # 3 each, 2 to the table, 3 each, 2 to the table, 3 each
    assert c.table == pack[12:14] + pack[26:28]
    assert c.hands[first] == pack[0:3] + pack[14:17] + pack[28:31]
    assert c.hands[(first + 3) % 4] == pack[9:12] + pack[23:26] + pack[37:40]


def test_SC3_classico_redeals_on_three_or_four_re_by_the_same_dealer():
    redealt = 0
    for seed in range(5000):  # three Re among four cards: about one deal in 630
        c = new_game("scopone", seed, classico=True)
        assert sum(1 for t in c.table if t[:-1] == "K") < 3
        if c.attempt:
            redealt += 1
            voided = [e for e in c.events_for(0) if e["type"] == "redeal"]
            assert len(voided) == c.attempt
            assert all(sum(1 for t in e["table"] if t[:-1] == "K") >= 3 for e in voided)
            dealt = next(e for e in c.events_for(0) if e["type"] == "dealt")
            assert dealt["dealer"] == c.dealer
            if redealt == 2:
                break
    assert redealt == 2


def test_SC4_a_single_card_match_has_priority_and_a_card_that_can_capture_must():
    s = position(["7D 5B", "AC", "2C", "3C"], "7C 3S 4S 5S")
    ids = sorted(a["id"] for a in s.legal_actions())
    # 7D must take the 7C (not 3S+4S); 5B takes the 5S, the single match
    assert ids == ["play:5B:5S", "play:7D:7C"]


def test_SC5_the_first_player_can_only_place_and_the_next_may_sweep_it():
    s = new_game("scopone", 2)
    assert all(a["type"] == "place" for a in s.legal_actions())
    s = position(["4C 2B", "4S 6C", "", ""], "", to_move=0)
    s.hands[2], s.hands[3] = ["AB", "AS"], ["3B", "5C"]
    s.apply("play:4C")
    events = s.apply("play:4S:4C")
    assert any(e["type"] == "sweep" and e["seat"] == 1 for e in events)
    assert s.scope == [0, 1]
    assert all(a["type"] == "place" for a in s.legal_actions())  # after a scopa: place


def test_SC6_a_sweep_with_the_last_card_is_no_scopa():
    s = position(["", "", "", "3B"], "2C AS", dealer=3, to_move=3)
    events = s.apply("play:3B:2C+AS")
    assert not any(e["type"] == "sweep" for e in events)
    assert line(s.sheets[-1], "scopa")["points"] == 0 and s.sheets[-1]["lines"][1]["points"] == 0


def test_SC6_the_last_play_sweep_flag_counts_it_in_the_ten_card_form_only():
    s = position(["", "", "", "3B"], "2C AS", dealer=3, to_move=3, last_play_sweep=True)
    s.apply("play:3B:2C+AS")
    assert s.sheets[-1]["lines"][1] == {"key": "scopa", "team": 1, "points": 1,
                                        "detail": {"count": 1}}
    c = position(["", "", "", "3B"], "2C AS", dealer=3, to_move=3, last_play_sweep=True,
                 classico=True)
    c.apply("play:3B:2C+AS")
    assert c.sheets[-1]["lines"][1]["points"] == 0


def test_SC7_leftovers_go_to_the_last_capturers_team_without_a_scopa():
    s = position(["", "", "", "4B"], "2C 5S", dealer=3, to_move=3, piles=([], []))
    rest = [c for c in cards.PIACENTINE if c not in ("4B", "2C", "5S")]
    s.piles = [[], rest]
    s.last_capturer = 2  # seat 2, team 0
    s.apply("play:4B")
    sheet = s.sheets[-1]
    assert line(sheet, "most_cards")["detail"]["counts"] == [3, 37]
    assert sheet["lines"][0]["points"] == 0
    left = [e for e in s.events_for(0) if e["type"] == "leftovers"][-1]
    assert left["team"] == 0 and sorted(left["cards"]) == ["2C", "4B", "5S"]


def _score(p0, p1, **options):
    s = position(["", "", "", ""], "", **options)
    s.piles = [p0, p1]
    return s.score_deal()


def test_SC8_prizes_per_team_ties_score_nothing_and_courts_count_ten():
    deck = list(cards.PIACENTINE)
    # 20-20 cards, 5-5 coins: nothing; the settebello; primiera by sums
    p0 = [c for c in deck if c[-1] in "CD"]
    p1 = [c for c in deck if c[-1] in "SB"]
    sheet = _score(p0, p1)
    assert line(sheet, "most_cards")["team"] is None
    assert line(sheet, "most_coins")["team"] == 0  # all ten coins
    assert line(sheet, "settebello")["team"] == 0
    assert line(sheet, "primiera")["team"] is None  # neither pile holds all four suits
    # a pile of courts only in the other suits: courts are 10
    r0 = ["KC", "KD", "KS", "KB"]
    r1 = [c for c in deck if c not in r0]
    s3 = _score(r0, r1)
    assert line(s3, "primiera")["detail"]["sums"] == [40, 84]
    assert line(s3, "primiera")["team"] == 1


def test_SC9_target_11_or_21_and_only_with_strictly_more():
    s = position(["", "", "", "4B"], "", dealer=3, to_move=3, scores=(10, 3))
    s.last_capturer = 0
    s.apply("play:4B")
    totals = s.sheets[-1]["totals"]
    assert s.match_scores == [10 + totals[0], 3 + totals[1]]
    assert s.is_terminal() == (max(s.match_scores) >= 11 and s.match_scores[0] != s.match_scores[1])
    t = position(["", "", "", "4B"], "", dealer=3, to_move=3, scores=(10, 3), target=21)
    t.last_capturer = 0
    t.apply("play:4B")
    assert not t.is_terminal() and t.deal_no == 2
    with pytest.raises(GameError):
        new_game("scopone", 1, target=15)


def test_SC9_both_past_the_target_with_equal_points_play_on():
    s = position(["", "", "", "4B"], "", dealer=3, to_move=3, scores=(9, 9))
    s.last_capturer = 0
    s.piles = [[c for c in cards.PIACENTINE if c[-1] in "CD" and c != "4B"],
               [c for c in cards.PIACENTINE if c[-1] in "SB" and c != "4B"]]
    s.apply("play:4B")
    # team 0: coins, settebello (cards 21-19: team 0 with the leftover 4B) = 3; team 1: 0
    assert s.sheets[-1]["totals"] == [3, 0] and s.is_terminal() and s.winner_team == 0
    e = position(["", "", "", "4B"], "", dealer=3, to_move=3, scores=(10, 11))
    e.last_capturer = 1
    e.piles = [[c for c in cards.PIACENTINE if c[-1] in "SB" and c != "4B"],
               [c for c in cards.PIACENTINE if c[-1] in "CD" and c != "4B"]]
    e.apply("play:4B")  # team 1: 4B, coins, settebello, cards 21: 3 points; 10-14
    assert e.is_terminal() and e.winner_team == 1


@pytest.mark.parametrize("coins, length", [("A 2 3", 3), ("A 2 3 4 5 6", 6), ("A 2 4 5", 0),
                                           ("2 3 4 5", 0), ("A 2 3 4 5 6 7 J N K", 10)])
def test_SC10_napola_scores_the_run_of_coins_from_the_asso(coins, length):
    pile = [r + "D" for r in coins.split()] + ["7C"]
    assert napola_length(pile) == length
    others = [c for c in cards.PIACENTINE if c not in pile]
    sheet = _score(pile, others, napola=True)
    assert line(sheet, "napola") == {"key": "napola", "team": 0 if length else None,
                                     "points": length,
                                     "detail": {"lengths": [length, 0]}}
    assert "napola" not in [l["key"] for l in _score(pile, others)["lines"]]  # off by default


def test_SC10_re_bello_is_one_point_for_the_re_of_coins_and_off_by_default():
    p1 = ["KD", "AC"]
    p0 = [c for c in cards.PIACENTINE if c not in p1]
    on = _score(p0, p1, re_bello=True)
    assert line(on, "re_bello") == {"key": "re_bello", "team": 1, "points": 1, "detail": {}}
    assert on["totals"][1] == 1
    assert "re_bello" not in [l["key"] for l in _score(p0, p1)["lines"]]


def test_SC11_the_deal_passes_to_the_right_the_primo_deals_next():
    s = new_game("scopone", 8)
    first = s.dealer
    rng = random.Random(8)
    while s.deal_no == 1:
        s.apply(rng.choice(s.legal_actions())["id"])
    if not s.is_terminal():
        assert s.dealer == (first + 1) % 4 and s.to_move == (first + 2) % 4


def test_SC12_the_dealer_plays_last_in_every_round_and_makes_the_last_play():
    s = new_game("scopone", 13)
    rng = random.Random(13)
    order = []
    while s.deal_no == 1:
        order.append(s.to_move)
        s.apply(rng.choice(s.legal_actions())["id"])
    dealer = (s.dealer - 1) % 4 if not s.is_terminal() else s.dealer
    assert len(order) == 40 and order[3::4] == [dealer] * 10


def test_SC13_a_seat_sees_only_its_own_hand_partner_included():
    s = new_game("scopone", 5)
    rng = random.Random(5)
    for _ in range(25):
        for seat in range(4):
            obs = s.observation(seat)
            assert obs["hand"] == s.hands[seat]
            text = str(obs)
            for other in range(4):
                if other != seat:
                    for c in s.hands[other]:
                        assert repr(c) not in text, (seat, other, c)
        s.apply(rng.choice(s.legal_actions())["id"])


def test_SC14_no_unlisted_options_or_variants():
    with pytest.raises(GameError):
        new_game("scopone", 1, asso_piglia_tutto=True)
    s = new_game("scopone", 1)
    assert set(s.options) == {"classico", "target", "napola", "re_bello", "last_play_sweep"}


@pytest.mark.parametrize("classico", [False, True])
def test_seeded_random_deals_keep_the_invariants(classico):
    """40 plays a scientifico deal (36 + 4 on the table in classico), prizes per team,
    no card in two places."""
    for seed in range(120):
        s = new_game("scopone", seed, "siciliane" if seed % 2 else "piacentine",
                     classico=classico, napola=seed % 3 == 0, re_bello=seed % 5 == 0)
        rng = random.Random(seed)
        plays = 0
        table_at_deal = len(s.table)
        while s.deal_no == 1 and not s.is_terminal():
            s.apply(rng.choice(s.legal_actions())["id"])
            plays += 1
            every = [c for where in s.card_locations().values() for c in where]
            assert len(every) == 40 and len(set(every)) == 40
            s.check_invariants()
        assert plays == (36 if classico else 40) and table_at_deal == (4 if classico else 0)
        sheet = s.sheets[0]
        assert sheet["teams"] == [[0, 2], [1, 3]]
        prizes = [l for l in sheet["lines"] if l["key"] in
                  ("most_cards", "most_coins", "settebello", "primiera")]
        assert len(prizes) == 4 and all(l["team"] in (0, 1, None) for l in prizes)
        counts = line(sheet, "most_cards")["detail"]["counts"]
        assert sum(counts) == 40


def test_computer_players_finish_a_seeded_deal():
    for level in ("greedy", "normal"):
        s = new_game("scopone", 12)
        player = make_player(level)
        move = 0
        while s.deal_no == 1 and not s.is_terminal():
            seat = s.current_player()
            s.apply(player.choose(View(s, seat), rng_for("t", 12, move)))
            move += 1
        assert move == 40


def test_SC13_piles_face_down_and_only_the_last_play_reviewed():
    s = new_game("scopone", 15)
    rng = random.Random(15)
    for _ in range(12):
        seat = s.to_move
        action = rng.choice(s.legal_actions())
        s.apply(action["id"])
        obs = s.observation((seat + 1) % 4)
        assert obs["piles"] is None and obs["tallies"] is None
        assert obs["captured"] == [len(p) for p in s.piles] and obs["points"] == s.scope
        assert obs["last_play"] == {"seat": seat, "card": action["card"],
                                    "captures": action.get("captures", [])}


def test_a_partners_blunders_are_a_declined_sweep_and_the_settebello_left_or_placed():
    """scripts/bench/blunders.py's kinds for Scopone (ai/partnership.py), hand-built tables."""
    from cardavia.ai.partnership import scopone_blunders
    s = new_game("scopone", 1)
    seat = s.to_move
    def act(card, captures=None):
        return next(a for a in s.legal_actions() if a["card"] == card
                    and (a.get("captures") == captures if captures else a["type"] == "place"))
    s.table, s.hands[seat] = ["3C", "4B"], ["7C", "KS"]  # the 7 sweeps 3 + 4
    assert scopone_blunders(s, act("KS")) == ["declined_scopa"]
    assert scopone_blunders(s, act("7C", ["3C", "4B"])) == []
    s.table, s.hands[seat] = ["7D", "2C"], ["7C", "5S"]  # the 7 must take the settebello
    assert scopone_blunders(s, act("5S")) == ["settebello_left"]
    assert scopone_blunders(s, act("7C", ["7D"])) == []
    s.table, s.hands[seat] = ["KC"], ["7D", "4S"]  # nothing captures: place the 4
    assert scopone_blunders(s, act("7D")) == ["settebello_placed"]
    assert scopone_blunders(s, act("4S")) == []


# ----- the computer players' partnership knowledge (ai/scopone_policy.py, issue 43) -----

def _with_piles_split(hands, table, to_move=0):
    """A position whose unlisted cards lie in the two teams' piles, alternately
    (17 each when 6 cards are out), so every prize is still open."""
    used = set(" ".join(hands).split() + table.split())
    rest = [c for c in cards.PIACENTINE if c not in used]
    return position(hands, table, dealer=3, to_move=to_move, piles=(rest[0::2], rest[1::2]))


def _choices(state, seat, levels=("greedy", "normal", "expert"), seeds=range(3)):
    return {(lvl, k): make_player(lvl).choose(View(state, seat), random.Random(k))
            for lvl in levels for k in seeds}


def test_the_players_leave_no_sweep_open_for_the_next_opponent():
    # Table 4S; the 6, the 2 and the 5 would make 10, 6 and 9, which one card of the
    # next player (an opponent: partners sit opposite) could take whole. The Re (14)
    # and the 7 (11) leave nothing one card can sweep.
    s = _with_piles_split(["KC 5S 6B 2C 7S", "AB 3S NC 6D 2S", "5C JS 3B 4D 6C", "NB JC 4B 2D 7B"], "4S")
    picks = _choices(s, 0)
    assert set(picks.values()) <= {"play:KC", "play:7S"}, picks
    assert picks["greedy", 0] == "play:KC"  # the 7 placed is a seven within reach


def test_the_players_never_place_the_settebello_where_a_seven_takes_it():
    # Nothing in hand can take the Re: one card must be placed, and a 7 of the next
    # player's would take the settebello (a single match comes first, SC4).
    s = _with_piles_split(["7D 4S 2C 6B 5S", "AB 3S NC 6D 2S", "5C JS 3B 4D 6C", "7S JC 4B 2D 7B"], "KC")
    picks = _choices(s, 0)
    assert "play:7D" not in picks.values(), picks


def test_the_last_round_is_played_for_the_leftovers_the_dealer_would_take():
    # SC7, SC12: the last round, the dealer (seat 3) to play last with the one card left
    # unseen, the 4 of Cups. Seat 2 must take 5 with its 5 of Batons: Asso + 4 or 2 + 3.
    # Taking 2 + 3 (with a coin: the one-ply key's choice) leaves Asso + 4 of Swords, and
    # the dealer's 4 takes the 4 (SC4) and so the Asso too (SC7): 20 cards each. Taking
    # Asso + 4 leaves the dealer nothing to take, and the leftovers, three cards, are
    # seat 2's team's: 23 to 17, the point for cards. The search, which sees the one world
    # the cards allow, takes Asso + 4; the greedy player does not.
    s = _with_piles_split(["", "", "5B", "4C"], "AC 4S 2B 3D", to_move=2)
    picks = _choices(s, 2, seeds=range(2))
    assert picks["greedy", 0] == "play:5B:2B+3D"
    assert {picks[lvl, k] for lvl in ("normal", "expert") for k in range(2)} == {"play:5B:AC+4S"}, picks
    after = s.clone()
    after.apply("play:5B:AC+4S")
    after.apply("play:4C")
    assert line(after.sheets[-1], "most_cards")["detail"]["counts"] == [23, 17]
