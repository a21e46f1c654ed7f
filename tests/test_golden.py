"""Same results everywhere, and perft.

The hash chains in tests/golden/ were computed under CPython; this test recomputes
them wherever it runs — CPython, and Pyodide via ``node scripts/test/pyodide_pytest.mjs``
(which fails if this comparison did not run and pass there) — so every seeded
deal, every action's resulting state (``to_json()``) and its events are identical
on both. Perft counts the leaves of the legal-action tree to a fixed depth from
seeded positions: any change in which actions are legal changes a count.
Regenerate both files with ``PYTHONPATH=core python3 tests/goldens.py`` (see there).
"""

import json

import pytest

import goldens
from cardavia.games import REGISTRY, new_game

CHAINS = json.loads(goldens.CHAIN_FILE.read_text(encoding="utf-8"))
PERFT = json.loads(goldens.PERFT_FILE.read_text(encoding="utf-8"))


def test_the_golden_files_cover_every_game_deck_and_seed():
    assert set(CHAINS) == {f"{g}/{d}/{s}" for g in REGISTRY for d in REGISTRY[g].DECKS
                           for s in goldens.CHAIN_SEEDS}
    assert {key.split("/")[0] for key in PERFT} == set(REGISTRY)


@pytest.mark.parametrize("key", sorted(CHAINS))
def test_same_state_after_every_action_as_the_golden_chain(key):
    game, deck, seed = key.split("/")
    chain = goldens.hash_chain(game, deck, int(seed))
    golden = CHAINS[key]
    first = next((i for i, (a, b) in enumerate(zip(chain, golden)) if a != b), None)
    assert first is None, f"{key}: the state first differs after action {first}"
    assert len(chain) == len(golden)


@pytest.mark.parametrize("key", sorted(PERFT))
def test_perft(key):
    game, seed, moves, depth = key.split("/")
    start = goldens.perft_start(game, int(seed), int(moves))
    assert goldens.perft(start, int(depth)) == PERFT[key]


@pytest.mark.parametrize("depth", range(1, 7))
def test_briscola_perft_from_the_deal_is_three_to_the_depth(depth):
    """Worked out from the rules, not from a golden file: any card may be played
    (B6) and both hands are refilled to three after each trick while the stock
    lasts (B1, B2), so every play offers exactly three choices."""
    assert goldens.perft(new_game("briscola", 11), depth) == 3 ** depth


def test_tarocchi_perft_two_is_every_discard_times_fifteen_leads():
    """After any discard the player on the dealer's right leads any of 15 cards
    (T4 constrains only the followers)."""
    s = new_game("tarocchi", 11)
    assert goldens.perft(s, 2) == 15 * goldens.perft(s, 1)
