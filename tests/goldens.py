"""Golden files: hash chains of seeded games and perft counts, per game.

Regenerate (under CPython, after a deliberate change of the rules or the state
format, and review the diff) with:

    PYTHONPATH=core python3 tests/goldens.py

``tests/test_golden.py`` recomputes both under whatever Python runs it — CPython
and, through ``node scripts/test/pyodide_pytest.mjs``, Pyodide — and compares: the
same seeds must give the same state after every action everywhere.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from cardavia.games import REGISTRY, new_game

GOLDEN = Path(__file__).resolve().parent / "golden"
CHAIN_FILE = GOLDEN / "hash_chains.json"
PERFT_FILE = GOLDEN / "perft.json"
CHAIN_SEEDS = (1, 2, 3)
# (seed, random moves played before counting, depth) per game: leaves stay in the
# tens of thousands so the Pyodide run stays quick.
PERFT_CASES = {
    "briscola": [(1, 0, 8), (2, 30, 6), (3, 34, 6)],
    "briscola4": [(1, 0, 8), (2, 20, 6), (3, 30, 6)],
    "scopa": [(1, 0, 10), (2, 20, 9), (3, 33, 8)],
    "scopone": [(1, 0, 4), (2, 16, 4), (3, 32, 5)],
    "cicera": [(1, 0, 3), (2, 20, 3), (3, 40, 5)],
    "tarocchi": [(1, 0, 3), (2, 15, 4), (3, 50, 8)],
    "minchiate": [(1, 0, 2), (2, 30, 4), (3, 70, 6)],
    "tressette": [(1, 0, 6), (2, 20, 6), (3, 33, 10)],
    "tressette4": [(1, 0, 6), (2, 20, 8), (3, 33, 9)],
}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def hash_chain(game: str, deck: str, seed: int) -> list[str]:
    """Seeded random play of a whole match: after every action, the hash of the
    previous link, the state's ``to_json()`` and the events the action emitted."""
    state = new_game(game, seed, deck)
    rng = random.Random(f"golden:{game}:{deck}:{seed}")
    link = _digest(canonical(state.to_json()))
    chain = [link[:16]]
    while not state.is_terminal():
        legal = state.legal_actions()
        events = state.apply(legal[rng.randrange(len(legal))]["id"])
        link = _digest(link + canonical(state.to_json()) + canonical(events))
        chain.append(link[:16])
    return chain


def all_chains() -> dict[str, list[str]]:
    return {f"{game}/{deck}/{seed}": hash_chain(game, deck, seed)
            for game in sorted(REGISTRY) for deck in REGISTRY[game].DECKS
            for seed in CHAIN_SEEDS}


def perft(state, depth: int) -> int:
    """Leaves of the legal-action tree ``depth`` plies deep (a finished game is a leaf)."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action["id"])
        total += perft(child, depth - 1)
    return total


def perft_start(game: str, seed: int, moves: int):
    """The position after ``moves`` seeded random actions from the deal of ``seed``."""
    state = new_game(game, seed)
    rng = random.Random(f"perft:{game}:{seed}")
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))]["id"])
    return state


def all_perft() -> dict[str, int]:
    return {f"{game}/{seed}/{moves}/{depth}": perft(perft_start(game, seed, moves), depth)
            for game, cases in sorted(PERFT_CASES.items()) for seed, moves, depth in cases}


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    CHAIN_FILE.write_text(json.dumps(all_chains(), indent=0) + "\n", encoding="utf-8")
    PERFT_FILE.write_text(json.dumps(all_perft(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {CHAIN_FILE.name} and {PERFT_FILE.name} under Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
