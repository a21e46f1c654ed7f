"""The deck data the site draws from (data/site.json "cards", from cardavia.deckinfo):
every deck equals cards.py, and the stripped cards, scoring cards and corner labels of
each game are the ones the rules files give (worked out here by hand, not recomputed)."""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from pathlib import Path

import pytest

from cardavia import cards, deckinfo
from cardavia.traditions import GAMES, TRADITIONS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site_cards() -> dict:
    """The "cards" entry exactly as scripts/build/build_site.py writes it into site.json."""
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build" / "build_site.py")
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    return json.loads(json.dumps(build_site.site_data("cardavia-0-py3-none-any.whl")))["cards"]


def test_every_deck_in_site_json_is_the_engine_deck_in_order(site_cards):
    assert set(site_cards["decks"]) == set(cards.DECKS) == {t["id"] for t in TRADITIONS}
    for deck, whole in cards.DECKS.items():
        assert site_cards["decks"][deck]["cards"] == list(whole)
    assert len(site_cards["decks"]["minchiate"]["cards"]) == 97


def test_every_game_has_an_entry_for_each_of_its_decks(site_cards):
    assert set(site_cards["games"]) == set(GAMES)
    for gid, g in GAMES.items():
        assert set(site_cards["games"][gid]["stripped"]) == set(g["decks"])


def test_tarocchi_strips_the_sixteen_low_cards_of_rule_T1(site_cards):
    stripped = site_cards["games"]["tarocchi"]["stripped"]["tarocco-piemontese"]
    assert sorted(stripped) == sorted(["AS", "2S", "3S", "4S", "AB", "2B", "3B", "4B",
                                       "7C", "8C", "9C", "10C", "7D", "8D", "9D", "10D"])
    assert [c for c in cards.TAROCCO_PIEMONTESE if c not in stripped] == list(cards.TAROCCHI_62)
    for gid in ("briscola", "scopa", "cicera", "minchiate"):
        assert all(s == [] for s in site_cards["games"][gid]["stripped"].values()), gid


def test_scopa_corners_show_the_court_values_8_9_10(site_cards):
    labels = site_cards["games"]["scopa"]["labels"]
    assert (labels["J"], labels["Q"], labels["N"], labels["K"]) == ("8", "8", "9", "10")
    assert [labels[r] for r in ("A", "2", "3", "4", "5", "6", "7")] == ["1", "2", "3", "4", "5", "6", "7"]


def test_cicera_courts_keep_their_letters_beside_the_numerals_8_9_10(site_cards):
    # rules/cicera.md 3.1: courts have no numeric value; the Bresciane have real 8, 9, 10
    labels = site_cards["games"]["cicera"]["labels"]
    assert (labels["J"], labels["N"], labels["K"]) == ("F", "C", "R")
    assert (labels["8"], labels["9"], labels["10"]) == ("8", "9", "10")


def test_letter_games_and_decks_use_the_italian_court_letters(site_cards):
    for gid in ("briscola", "tarocchi", "minchiate"):
        labels = site_cards["games"][gid]["labels"]
        assert {r: labels[r] for r in labels if r in "JQNK"} == {r: l for r, l in
                                                                 {"J": "F", "Q": "D", "N": "C", "K": "R"}.items()
                                                                 if r in labels}, gid
    assert site_cards["decks"]["siciliane"]["labels"]["Q"] == "D"
    assert "Q" not in site_cards["decks"]["piacentine"]["labels"]


def test_briscola_card_points_total_120(site_cards):
    g = site_cards["games"]["briscola"]
    expected = {r + s: p for s in cards.SUITS for r, p in {"A": 11, "3": 10, "K": 4, "N": 3, "J": 2}.items()}
    assert g["points"] == expected and g["base_points"] == 0
    assert sum(g["points"].values()) == 120


def test_tarocchi_honours_and_courts_over_one_point_cards_total_114(site_cards):
    g = site_cards["games"]["tarocchi"]
    assert g["base_points"] == 1
    assert {c for c, v in g["points"].items() if v == 5} == {"T0", "T1", "T21", "KC", "KD", "KS", "KB"}
    assert {c for c, v in g["points"].items() if v == 4} == {"QC", "QD", "QS", "QB"}
    others = len(cards.TAROCCHI_62) - len(g["points"])
    assert sum(g["points"].values()) + others * g["base_points"] == 114


def test_minchiate_has_25_counting_cards_worth_142(site_cards):
    g = site_cards["games"]["minchiate"]
    assert len(g["points"]) == 25 and sum(g["points"].values()) == 142
    assert "T29" not in g["points"]  # 29 counts only inside a versicola
    assert {c for c, v in g["points"].items() if v == 10} == {f"T{n}" for n in range(36, 41)}
    assert {c for c, v in g["points"].items() if v == 3} == {"T2", "T3", "T4", "T5"}


def test_a_game_module_with_card_points_is_the_source_of_its_points(monkeypatch):
    # the game module decides what its cards score (here a stand-in for Minchiate's)
    fake = types.ModuleType("cardavia.games.minchiate")
    fake.card_points = lambda c: 7 if c == "T29" else 0
    monkeypatch.setitem(sys.modules, "cardavia.games.minchiate", fake)
    assert deckinfo.game_info("minchiate")["points"] == {"T29": 7}


def test_fishing_games_mark_their_prize_cards(site_cards):
    assert site_cards["games"]["scopa"]["points"] == {"7D": 1}
    assert site_cards["games"]["cicera"]["points"] == {"2S": 1, "10D": 1, "JC": 1}


def test_the_cheat_sheet_orders_are_the_rules_orders():
    # Briscola (B2): Ace, 3, Re, Cavallo, Fante, 7, 6, 5, 4, 2 in every suit
    (row,) = deckinfo.game_info("briscola")["ranking"]
    assert row["suits"] == ["C", "D", "S", "B"]
    assert [cards.rank(c) for c in row["cards"]] == ["A", "3", "K", "N", "J", "7", "6", "5", "4", "2"]
    # Tarocchi (T5): trumps 21 down to 1 (the Matto never wins); Cups and Coins count
    # their numerals down (Ace high among them), Swords and Batons up
    trumps, round_, long_ = deckinfo.game_info("tarocchi")["ranking"]
    assert trumps == {"suits": ["T"], "cards": [f"T{n}" for n in range(21, 0, -1)]}
    assert round_["suits"] == ["C", "D"] and long_["suits"] == ["S", "B"]
    assert [cards.rank(c) for c in round_["cards"]] == ["K", "Q", "N", "J", "A", "2", "3", "4", "5", "6"]
    assert [cards.rank(c) for c in long_["cards"]] == ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5"]
    # Minchiate (M14): 40 trumps, the Matto apart; 14 cards a suit
    trumps, round_, long_ = deckinfo.game_info("minchiate")["ranking"]
    assert trumps["cards"] == [f"T{n}" for n in range(40, 0, -1)]
    assert len(round_["cards"]) == len(long_["cards"]) == 14
    # the fishing games rank nothing: they add values
    for game in ("scopa", "cicera"):
        assert deckinfo.game_info(game)["ranking"] == []
    scopa = deckinfo.game_info("scopa")
    assert scopa["capture_values"]["K"] == 10 and scopa["capture_values"]["7"] == 7
    assert scopa["primiera"]["7"] == 21 and scopa["primiera"]["6"] == 18 and scopa["primiera"]["A"] == 16
    assert deckinfo.game_info("cicera")["primiera"] == {}


def test_the_cards_each_term_pictures_are_the_rules_cards(site_cards):
    """The term definitions' pictures (issue 26): the prize cards, the Napola's start, the
    honours, the Matto and Minchiate's combinations as the rules give them (worked out by
    hand), and example captures that earn the bonus they illustrate."""
    terms = {g: site_cards["games"][g]["terms"] for g in GAMES}
    assert terms["scopa"]["settebello"] == [{"cards": ["7D"]}]
    assert terms["cicera"]["matta"] == [{"cards": ["2S"]}]
    assert terms["cicera"]["napola"] == [{"cards": ["AS", "2S", "3S", "4S"]}]
    assert sorted(terms["tarocchi"]["honours"][0]["cards"]) == sorted(["T1", "T21", "KC", "KD", "KS", "KB"])
    assert terms["tarocchi"]["matto"] == terms["minchiate"]["matto"] == [{"cards": ["T0"]}]
    combos = [sorted(g["cards"]) for g in terms["minchiate"]["versicola"]]
    assert combos == [sorted(c) for c in (["T1", "T2", "T3"], ["T0", "T1", "T40"], ["T1", "T13", "T28"],
                                           ["T10", "T20", "T30", "T40"], ["KC", "KD", "KS"])]
    values = {"A": 1, "J": 0, "N": 0, "K": 0}

    def value(c: str) -> int:
        return values.get(c[:-1], int(c[:-1]) if c[:-1].isdigit() else 0)
    for game in ("scopa", "cicera"):
        (sweep,) = terms[game]["scopa"]  # a capture of the whole example table, by sum
        assert sum(value(c) for c in sweep["cards"]) == value(sweep["play"])
    (simili,) = terms["cicera"]["simili"]
    assert {c[-1] for c in simili["cards"] + [simili["play"]]} == {"D"}
    (quad,) = terms["cicera"]["quadriglia"]
    assert len(quad["cards"]) >= 3 and sum(value(c) for c in quad["cards"]) == value(quad["play"])
    (picada,) = terms["cicera"]["picada"]
    assert len(picada["cards"]) == 1 and picada["cards"][0][:-1] == picada["play"][:-1]
    assert terms["briscola"] == {}
