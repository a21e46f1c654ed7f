"""Refusals: why a card may not be played, as the engine gives it with the snapshot.

Hand-built positions worked out from the rules (Tarocchi T4/T5, Minchiate M9-M11),
and seeded random deals of every game checking that the refused cards are exactly the
hand's cards that no legal action plays, each with a reason that the rules confirm.
"""

import json
import random
from pathlib import Path

import pytest

from cardavia import cards
from cardavia.games import REGISTRY, new_game
from cardavia.games import minchiate, tarocchi, tressette

P = str.split  # "7D 3C 4S" -> ["7D", "3C", "4S"]: compact hand-built positions


def test_tarocchi_refusals_name_the_duty_and_a_card_that_answers_it():
    # T4: Cups led; the hand holds the 6 of Cups, so trumps and Spades are refused
    blocks = tarocchi.play_blocks(P("T5 6C 5S T0"), [[0, "NC"]])
    assert blocks == {"T5": {"code": "follow", "suit": "C", "card": "6C"},
                      "5S": {"code": "follow", "suit": "C", "card": "6C"}}  # the Matto may go
    # T5: void in Cups, it holds a trump: the Spades card is refused, the trump answers
    assert tarocchi.play_blocks(P("5S T9 KB"), [[0, "NC"]]) == {
        "5S": {"code": "trump", "suit": "C", "card": "T9"},
        "KB": {"code": "trump", "suit": "C", "card": "T9"}}
    # trumps are a suit: a trump lead is followed by a trump
    assert set(tarocchi.play_blocks(P("T2 KC"), [[0, "T10"]])) == {"KC"}
    # neither the suit nor a trump, a leader, or a lone Matto: nothing is refused
    assert tarocchi.play_blocks(P("5S KB"), [[0, "NC"]]) == {}
    assert tarocchi.play_blocks(P("5S T3"), []) == {}
    assert tarocchi.play_blocks(P("5S T0"), [[0, "T0"]]) == {}  # a led Matto leads nothing


def test_minchiate_refusals_put_the_king_rule_first():
    trick = [[1, "5C"], [2, "T7"]]  # Cups led for the first time, and trumped
    blocks = minchiate.play_blocks(P("KC 2C T0"), trick, [])
    assert blocks == {"2C": {"code": "king", "suit": "C", "card": "KC"},
                      "T0": {"code": "king", "suit": "C", "card": "KC"}}  # M10 binds the Matto
    # a later lead of Cups: M9 alone, the Matto free (M11)
    assert minchiate.play_blocks(P("KC 2C T0 T9"), trick, ["C"]) == {
        "T9": {"code": "follow", "suit": "C", "card": "KC"}}
    assert minchiate.play_blocks(P("T5 7D"), [[1, "5C"]], []) == {
        "7D": {"code": "trump", "suit": "C", "card": "T5"}}


def _legal_cards(state) -> set[str]:
    out = set()
    for a in state.legal_actions():
        out.update([a["card"]] if "card" in a else a.get("cards", ()))
    return out


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_refused_cards_are_exactly_the_unplayable_ones_in_random_deals(game):
    rng = random.Random(f"refusals-{game}")
    suit = {"tarocchi": tarocchi.SUIT, "minchiate": minchiate.SUIT, "tressette": tressette.SUIT,
            "tressette4": tressette.SUIT}.get(game, {}).get
    checked = 0
    codes = set()
    for seed in range(40 if game in ("tarocchi", "minchiate") else 10):
        s = new_game(game, seed)
        while not s.is_terminal():
            seat = s.current_player()
            legal = s.legal_actions()
            for other in range(s.NUM_SEATS):
                obs = s.observation(other)
                if other != seat or getattr(s, "phase", "play") != "play":
                    assert not obs.get("play_blocks"), (game, seed, other)
            if getattr(s, "phase", "play") == "play":
                obs = s.observation(seat)
                hand = set(obs["hand"])
                playable = _legal_cards(s)
                blocks = obs.get("play_blocks") or {}
                assert set(blocks) == hand - playable, (game, seed, obs["trick"])
                led = [c for _, c in getattr(s, "trick", ()) if c != cards.MATTO]
                for card, why in blocks.items():
                    checked += 1
                    codes.add(why["code"])
                    assert why["card"] in playable and why["card"] in hand
                    assert why["suit"] == suit(led[0])
                    if why["code"] == "follow":
                        assert suit(why["card"]) == why["suit"]
                    elif why["code"] == "trump":
                        assert suit(why["card"]) == "T"
                        assert not any(suit(c) == why["suit"] for c in hand)
                    else:
                        assert game == "minchiate" and why["code"] == "king"
                        assert playable == {why["card"]} and why["card"] == "K" + why["suit"]
            s.apply(rng.choice(legal)["id"])
    assert codes == set(REGISTRY[game].PLAY_REFUSALS)  # every declared code, and no other
    if REGISTRY[game].PLAY_REFUSALS:
        assert checked > 500  # the duties bind often in these deals
    else:
        assert checked == 0  # every card in hand can always be played: nothing to explain


CATALOGUES = Path(__file__).resolve().parent.parent / "web" / "i18n"


@pytest.mark.parametrize("lang", ["en", "it", "fa", "ar", "vi"])
def test_every_refusal_code_has_a_message_in_every_catalogue(lang):
    messages = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    codes = {c for cls in REGISTRY.values() for c in cls.PLAY_REFUSALS}
    assert codes == {"follow", "trump", "king"}
    for code in codes:
        assert f"table.refuse.{code}" in messages
    # a trump lead is followed with trumps (words of its own), and a fallback
    assert {"table.refuse.follow_trumps", "table.refuse.other", "table.refuse.named"} <= set(messages)
