"""The self-play trainer's batched Briscola (scripts/train/briscola_env.py) plays the
engine's rules exactly: 200 seeded deals played with the same seeded random cards
in games/briscola.py and in the batch, compared after every play (the mover, both
hands, the trick winners, the points, the cards played, and the network's inputs
against ai/briscola_net.encode of the engine's own observation for the mover).
numpy is a training-time dependency: not under Pyodide."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="numpy is for training only, not in Pyodide")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts" / "train"))

from cardavia.ai import briscola_net as bn  # noqa: E402
from cardavia.games import new_game  # noqa: E402

DEALS = 200


def _pack_of(state) -> tuple[list[int], int]:
    """The shuffled pack the engine dealt, read back from the dealt state (B1):
    the first leader's cards went 1st, 3rd, 5th; the 7th is the face-up trump."""
    lead = state.first_leader
    first, second = state.hands[lead], state.hands[1 - lead]
    pack = [first[0], second[0], first[1], second[1], first[2], second[2], state.trump]
    pack += state.stock[:-1]
    return [bn.CARD_INDEX[c] for c in pack], lead


def test_the_batch_plays_the_engines_rules_on_seeded_deals():
    np = pytest.importorskip("numpy")
    from briscola_env import BriscolaBatch

    states = [new_game("briscola", seed) for seed in range(DEALS)]
    packs, leaders = zip(*(_pack_of(s) for s in states))
    batch = BriscolaBatch(np.array(packs), np.array(leaders))
    rngs = [random.Random(seed) for seed in range(DEALS)]
    tricks_checked = 0
    while not batch.done():
        x = batch.encode()
        choice = []
        for g, s in enumerate(states):
            seat = s.current_player()
            assert batch.to_move[g] == seat
            for p in (0, 1):
                assert {bn.CARDS[i] for i in np.flatnonzero(batch.hand[g, p])} == set(s.hands[p])
            assert x[g].tolist() == pytest.approx(bn.encode(s.observation(seat)), abs=1e-6)
            assert [bn.CARDS[i] for i in np.flatnonzero(batch.legal()[g])] == \
                sorted((a["card"] for a in s.legal_actions()), key=bn.CARD_INDEX.get)
            card = rngs[g].choice(s.legal_actions())["card"]
            choice.append(bn.CARD_INDEX[card])
            s.apply("play:" + card)
        won = batch.step(np.array(choice))
        if won is not None:
            for g, s in enumerate(states):
                winner = s.last_trick["winner"]
                assert batch.to_move[g] == winner
                pts = sum(s.card_points(c["card"]) for c in s.last_trick["cards"])
                assert won[g].tolist() == ([pts, 0] if winner == 0 else [0, pts])
                assert batch.points[g].tolist() == s.points
                assert {bn.CARDS[i] for i in np.flatnonzero(batch.played[g])} == \
                    {c for p in s.piles for c in p}
                tricks_checked += 1
    assert tricks_checked == DEALS * 20
    for g, s in enumerate(states):
        assert s.is_terminal() and batch.points[g].tolist() == s.result()["scores"]


def test_a_card_not_in_hand_is_refused():
    np = pytest.importorskip("numpy")
    from briscola_env import BriscolaBatch

    batch = BriscolaBatch.shuffled(4, np.random.default_rng(1))
    bad = np.array([int(np.flatnonzero(~batch.legal()[g])[0]) for g in range(4)])
    with pytest.raises(ValueError):
        batch.step(bad)
