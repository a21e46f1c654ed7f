"""The partner's perceived blunders (ai/partnership.py): each definition on a
hand-built position, the policies keeping them out of the searched actions, and
the checker (scripts/bench/blunders.py) printing its figures."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cardavia.ai.partnership import briscola4_blunders, cicera_blunders, secure, sure_smear, trick_blunders
from cardavia.ai.policies import policy_for

from test_cicera import position as cicera_position
from test_tarocchi import build

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts" / "bench"))


def cards_of(state) -> list[str]:
    return [a["card"] for a in state.legal_actions()]


def searched(state) -> list[str]:
    return [a["card"] for a in policy_for(state).candidate_actions(state)]


def test_an_overtake_of_a_secure_partner_is_a_blunder_and_not_searched():
    # Seat 0 (the partner of seat 2) leads T17, seat 1 plays T2; seat 2 holds T18,
    # which beats it, and T3, which does not; seat 3 is still to play.
    s = build({0: "5C", 1: "T19 T20 T21 4C", 2: "T18 T3 6C", 3: "KC QC 2D"},
              dealer=3, leader=0, trick="T17 T2")
    assert s.to_move == 2
    legal = cards_of(s)
    # T19-T21 are unseen by seat 2: seat 3 may hold one, so T17 is not secure.
    assert not secure(s, 2, "T17")
    assert trick_blunders(s, "T18", legal) == ([], False)
    s.voids[3] = ["T"]  # seat 3 has shown it holds no trump: T17 is secure
    assert secure(s, 2, "T17")
    assert trick_blunders(s, "T18", legal) == (["overtake"], False)
    assert trick_blunders(s, "T3", legal) == ([], False)
    assert searched(s) == ["T3"]


def test_a_counting_card_on_a_sure_lost_trick_is_a_smear():
    # Seat 3 leads the King of Cups, seat 0 and 1 follow low; seat 2 plays last
    # and cannot beat the King: the Queen (4 points) would be thrown away.
    s = build({0: "5D", 1: "6D", 2: "QC 4C 2D", 3: "4D"}, dealer=2, leader=3,
              trick="KC 2C 3C")
    assert s.to_move == 2
    legal = cards_of(s)
    assert trick_blunders(s, "QC", legal) == ([], True)
    assert sure_smear(s, "QC", legal) and not sure_smear(s, "4C", legal)
    assert searched(s) == ["4C"]


def test_a_lead_into_the_partners_void_in_the_suit_and_in_trumps():
    s = build({0: "2D", 1: "3D", 2: "5C 6D", 3: "4D KC"}, dealer=1, leader=2)
    legal = cards_of(s)
    assert trick_blunders(s, "5C", legal) == ([], False)
    s.voids[0] = ["C", "T"]
    assert trick_blunders(s, "5C", legal) == (["lead_void"], False)
    assert searched(s) == ["6D"]


def test_cicera_prize_placed_declined_scopa_and_prize_left():
    s = cicera_position(["4D 5B", "6D 7D", "2S 5C 3D", "8D 9D"], table="3B", to_move=2)
    place = {a["id"]: a for a in s.legal_actions()}
    assert cicera_blunders(s, place["play:2S"]) == ["declined_scopa", "prize_placed"]
    assert cicera_blunders(s, place["play:5C"]) == ["declined_scopa"]
    # Counted only: Cicera's search still weighs a prize placed (it measured weaker
    # without it).
    assert "play:2S" in [a["id"] for a in policy_for(s).candidate_actions(s)]
    s = cicera_position(["4D 5B", "6D 7D", "2S 5C 3D", "8D 9D"], table="3S 4B", to_move=2)
    place = {a["id"]: a for a in s.legal_actions()}
    assert cicera_blunders(s, place["play:5C"]) == ["prize_left"]


def test_the_cheapest_card_of_a_lost_trick_is_never_filtered_out():
    # Both cards would be thrown on the opponents' trick: the Cavallo (3 points)
    # is the cheaper, so only the Queen is a smear.
    s = build({0: "5D", 1: "6D", 2: "QC NC", 3: "4D"}, dealer=2, leader=3, trick="KC 2C 3C")
    assert searched(s) == ["NC"]


def test_the_checker_prints_one_json_line_per_game(capsys):
    import blunders
    assert blunders.main(["--level", "greedy", "--deals", "2"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["game"] for x in lines] == ["briscola4", "tressette4", "scopone", "cicera", "tarocchi", "minchiate"]
    assert all(x["deals"] == 2 and x["partner_plays"] > 0 for x in lines)


def _briscola4_last_to_play(trick_cards: list[str], hand: list[str]):
    """A Briscola a 4 deal (seed 1) with the seat to move playing last to a trick of
    ``trick_cards`` (its right-hand opponent led, its partner second) holding ``hand``;
    the suits are written X, Y (two plain suits) and T (trumps)."""
    from cardavia.cards import SUITS
    from cardavia.games import new_game
    state = new_game("briscola4", 1)
    plain = [s for s in SUITS if s != state.trump_suit]
    name = {"X": plain[0], "Y": plain[1], "T": state.trump_suit}
    card = lambda c: c[:-1] + name[c[-1]]  # noqa: E731
    m = state.to_move
    state.trick = [[(m + 1 + i) % 4, card(c)] for i, c in enumerate(trick_cards)]
    state.hands[m] = [card(c) for c in hand]
    return state, card


def test_briscola4_overtaking_the_partners_sure_trick_is_a_blunder():
    # the partner's Asso wins and nobody is left to play: the 2 of trumps spends a
    # trump for nothing while the Re of another suit, worth more, does not beat it
    state, card = _briscola4_last_to_play(["4X", "AX", "5X"], ["2T", "KY"])
    legal = state.hands[state.to_move]
    assert briscola4_blunders(state, card("2T"), legal) == (["overtake"], False)
    assert briscola4_blunders(state, card("KY"), legal) == ([], False)  # a load on the partner's trick


def test_briscola4_points_thrown_on_the_opponents_trick_are_a_smear():
    state, card = _briscola4_last_to_play(["AX", "4X", "5X"], ["KY", "2Y"])
    legal = state.hands[state.to_move]
    assert briscola4_blunders(state, card("KY"), legal) == ([], True)
    assert briscola4_blunders(state, card("2Y"), legal) == ([], False)
