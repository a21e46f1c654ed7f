"""The self-play trainer's batched Scopa (scripts/train/scopa_env.py) plays the
engine's rules exactly: 200 seeded deals played with the same seeded random cards
in games/scopa.py and in the batch, compared after every play (the mover, both
hands, the table in the engine's order, the piles, the scope, and the network's
inputs against ai/scopa_net.encode of the engine's own observation for the mover),
then the deal's score sheet line by line. The engine side plays each card's capture
by ai/scopa_net.action_for, checked against the engine's greedy key at each play.
numpy is a training-time dependency: not under Pyodide."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="numpy is for training only, not in Pyodide")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts" / "train"))

from cardavia.ai import View  # noqa: E402
from cardavia.ai import briscola_net as bn  # noqa: E402
from cardavia.ai import scopa_net as sn  # noqa: E402
from cardavia.ai.players import greedy_action  # noqa: E402
from cardavia.games import new_game  # noqa: E402

DEALS = 200


def _pack_of(state) -> tuple[list[int], int]:
    """The shuffled pack the engine dealt, read back from the dealt state (S3):
    the first player's cards went 1st, 3rd, 5th; then four to the table."""
    first = (state.dealer + 1) % 2
    a, b = state.hands[first], state.hands[1 - first]
    pack = [a[0], b[0], a[1], b[1], a[2], b[2], *state.table, *state.stock]
    return [sn.index(c) for c in pack], first


def _names(row) -> set[str]:
    return {bn.CARDS[i] for i in row.nonzero()[0]}


def test_the_batch_plays_the_engines_rules_on_seeded_deals():
    np = pytest.importorskip("numpy")
    from scopa_env import ScopaBatch

    states = [new_game("scopa", seed) for seed in range(DEALS)]
    assert all(s.deal_no == 1 for s in states)
    packs, firsts = zip(*(_pack_of(s) for s in states))
    batch = ScopaBatch(np.array(packs), np.array(firsts))
    rngs = [random.Random(seed) for seed in range(DEALS)]
    captures = choices = sweeps = 0
    while not batch.done():
        x = batch.encode()
        play = []
        for g, s in enumerate(states):
            seat = s.current_player()
            assert batch.to_move[g] == seat
            for p in (0, 1):
                assert _names(batch.hand[g, p]) == set(s.hands[p])
                assert _names(batch.pile[g, p]) == set(s.piles[p])
            assert batch.table[g] == s.table  # the order too: it breaks ties
            assert batch.scope[g].tolist() == s.scope
            obs = s.observation(seat)
            assert x[g].tolist() == pytest.approx(sn.encode(obs), abs=1e-6)
            card = rngs[g].choice(sorted(s.hands[seat]))
            legal = s.legal_actions()
            action = sn.action_for(obs, legal, card)
            mine = [a for a in legal if a["card"] == card]
            assert action == greedy_action(View(s, seat), mine)["id"]  # the engine's key
            captures += mine[0]["type"] == "capture"
            choices += len(mine) > 1
            before = sum(s.scope)
            s.apply(action)
            sweeps += sum(s.scope) > before if s.deal_no == 1 else 0
            play.append(sn.index(card))
        batch.step(np.array(play))
    totals = batch.totals()
    prizes = batch.prizes()
    for g, s in enumerate(states):
        sheet = s.sheets[0]
        assert totals[g].tolist() == sheet["totals"], g
        lines = {ln["key"]: ln["team"] for ln in sheet["lines"] if ln["key"] != "scopa"}
        assert sum(t is not None for t in lines.values()) == prizes[g].sum(), g
        for t in (0, 1):
            won = sum(1 for team in lines.values() if team == t)
            assert prizes[g, t] == won, (g, lines)
    assert captures > 2000 and choices > 100 and sweeps > 20  # the rules were exercised


def test_shuffled_deals_are_seeded_and_never_three_re():
    np = pytest.importorskip("numpy")
    from scopa_env import ScopaBatch
    a = ScopaBatch.shuffled(500, np.random.default_rng(5))
    b = ScopaBatch.shuffled(500, np.random.default_rng(5))
    assert a.table == b.table and np.array_equal(a.hand, b.hand)
    assert max(sum(c[0] == "K" for c in t) for t in a.table) <= 2
    assert (a.hand.sum(axis=2) == 3).all() and (a.stock.shape == (500, 30))
