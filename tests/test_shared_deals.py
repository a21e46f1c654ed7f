"""Shared deals: a seed deals the same cards everywhere, and duplicate play (the same
seed with the human in seat 1) gives that seat exactly the hand it had before.

The golden file holds the dealt state of a few seeds per game and deck, computed under
CPython; this test recomputes it under whatever Python runs it (CPython, and Pyodide
through ``node scripts/test/pyodide_pytest.mjs``), so a link shared from one browser deals
the same cards in any other. Regenerate it, after a deliberate change of the deal, with
``PYTHONPATH=core python3 tests/test_shared_deals.py``.
"""

import hashlib
import json
from pathlib import Path

import pytest

from cardavia.bridge import Bridge
from cardavia.games import REGISTRY, new_game

GOLDEN_FILE = Path(__file__).resolve().parent / "golden" / "shared_deals.json"
# small, daily-sized (FNV-1a mod 2^31) and the largest seed a link may carry
SEEDS = (7, 1183029437, 2**31 - 1, 2**53 - 1)


def dealt(game: str, deck: str, seed: int) -> dict:
    """The dealt position of a shared seed: every seat's hand and the hash of the state."""
    state = new_game(game, seed, deck)
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    places = state.card_locations()
    return {"hands": [places[f"hand{s}"] for s in range(state.NUM_SEATS)],
            "state_sha256": hashlib.sha256(text.encode()).hexdigest()}


def all_deals() -> dict:
    return {f"{g}/{d}/{s}": dealt(g, d, s) for g in sorted(REGISTRY)
            for d in REGISTRY[g].DECKS for s in SEEDS}


GOLDEN = json.loads(GOLDEN_FILE.read_text(encoding="utf-8")) if GOLDEN_FILE.exists() else {}


def test_the_golden_file_covers_every_game_deck_and_seed():
    assert set(GOLDEN) == {f"{g}/{d}/{s}" for g in REGISTRY for d in REGISTRY[g].DECKS
                           for s in SEEDS}


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_a_shared_seed_deals_the_golden_cards(key):
    game, deck, seed = key.split("/")
    assert dealt(game, deck, int(seed)) == GOLDEN[key]


def call(bridge, **request):
    return json.loads(bridge.handle(json.dumps(dict(request, id=1))))


@pytest.mark.parametrize("game", sorted(REGISTRY))
@pytest.mark.parametrize("seed", [5, 2**31 - 1])
def test_the_other_seat_gets_the_same_hand_in_a_duplicate_match(game, seed):
    """new_match with seat 1: the human's hand is seat 1's hand of the seat-0 match,
    and the cards the player had in seat 0 now go to the computer in seat 0."""
    first, second = Bridge(), Bridge()
    one = call(first, op="new_match", game=game, seed=seed, level="random")["snapshot"]
    two = call(second, op="new_match", game=game, seed=seed, seat=1, level="random")["snapshot"]
    assert one["seat"] == 0 and two["seat"] == 1
    # the same cards, shown as that seat's table shows them (Tressette's by suit)
    assert two["hand"] and two["hand"] == first.match.state.observation(1)["hand"]
    assert sorted(two["hand"]) == sorted(first.match.state.card_locations()["hand1"])
    assert one["hand"] == second.match.state.observation(0)["hand"]
    assert one["hand"] != two["hand"]


if __name__ == "__main__":
    GOLDEN_FILE.write_text(json.dumps(all_deals(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN_FILE}")
