"""The Scopa self-play trainer (scripts/train/scopa_selfplay.py over the shared loop
selfplay.py, issue 45): a stopped run resumes exactly as if never stopped, each
deal's rewards add up to its scaled points margin and its result, and the exported
weights play in pure Python (ai/scopa_net.py over briscola_net.Net) as in numpy.
numpy is a training-time dependency: not under Pyodide."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="numpy is for training only, not in Pyodide")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts" / "train"))

TINY = {"games": 48, "hidden": 16, "minibatch": 512, "eval_every": 2, "eval_deals": 3,
        "ckpt_every": 1, "pool_every": 1, "keep_every": 2}


def test_a_stopped_run_resumes_exactly(tmp_path):
    np = pytest.importorskip("numpy")
    import scopa_selfplay as sp
    whole = sp.train(tmp_path / "whole", TINY, max_iters=4)
    sp.train(tmp_path / "cut", TINY, max_iters=2)
    cut = sp.train(tmp_path / "cut", TINY, max_iters=4)  # the same command again goes on
    assert cut.it == whole.it == 4
    for k in whole.params:
        assert np.array_equal(whole.params[k], cut.params[k]), k
    assert len(cut.pool) == len(whole.pool) == 5
    assert cut.rng.bit_generator.state == whole.rng.bit_generator.state
    assert cut.decisions == whole.decisions == 4 * 48 * 36
    evals = [(tmp_path / d / "eval.jsonl").read_text().splitlines() for d in ("whole", "cut")]
    assert len(evals[0]) == 4  # iterations 2 and 4, against random and greedy

    def strip(line):
        return {k: v for k, v in json.loads(line).items() if k != "seconds"}
    assert [strip(x) for x in evals[0]] == [strip(x) for x in evals[1]]
    assert json.loads(evals[0][0])["deals"] == 6  # 3 seeds, the seats swapped
    with np.load(tmp_path / "cut" / "keep" / "ckpt-000004.npz") as kept:
        assert all(np.array_equal(kept[f"p_{k}"], v) for k, v in whole.params.items())
    other = sp.train(tmp_path / "seed2", dict(TINY, seed=2), max_iters=1)
    assert not np.array_equal(other.params["w1"], whole.params["w1"])


def test_each_deals_rewards_are_its_points_margin_and_result():
    """Scope at the play, prizes at the end: the learner's rewards over a deal sum
    to pw / 6 x its points margin, plus +1 / -1 / 0 for the deal's result."""
    np = pytest.importorskip("numpy")
    import mlp
    import scopa_selfplay as sp
    import selfplay
    rng = np.random.default_rng(7)
    params = mlp.init(rng, sp.SCOPA.n_inputs, 16)
    cfg = dict(sp.DEFAULTS, games=300)
    data = selfplay.rollout(sp.SCOPA, params, [params], cfg, rng, 0.5)
    final = data["final"]
    want = 0.5 / 6 * final + np.sign(final)
    assert np.allclose(data["reward"].sum(axis=1), want, atol=1e-5)
    assert (final != 0).mean() > 0.6 and data["reward"].shape == (300, 18)
    # a scopa is credited before the last decision: some deals' rewards come early
    assert (np.abs(data["reward"][:, :-1]) > 0).any(axis=1).mean() > 0.2


def test_the_exported_weights_play_as_numpy_does(tmp_path):
    """Pure-Python inference equals numpy's forward pass on the exported weights, on
    positions of seeded deals, and the engine-side player plays a deal through."""
    np = pytest.importorskip("numpy")
    import mlp
    import scopa_selfplay as sp
    from scopa_env import ScopaBatch
    from cardavia.ai import View
    from cardavia.ai import briscola_net as bn
    from cardavia.ai import scopa_net as sn
    from cardavia.evaluation import make_player
    from cardavia.games import new_game
    sp.train(tmp_path / "run", dict(TINY, hidden=24, eval_every=0), max_iters=1)
    out = sp.selfplay.export(sp.SCOPA, tmp_path / "run", None, tmp_path / "net.json")
    net = sn.load(out["out"])
    data = json.loads((tmp_path / "net.json").read_text())
    assert data["format"] == "scopa-net/1" and data["fingerprint"]["iteration"] == 1
    env = ScopaBatch.shuffled(8, np.random.default_rng(11))
    rng = np.random.default_rng(12)
    checked = 0
    while not env.done():
        x, legal = env.encode(), env.legal()
        logits, values = mlp.forward64(data, x.astype(np.float64))
        for g in range(8):
            cards = [bn.CARDS[i] for i in np.flatnonzero(legal[g])]
            assert net.logits(x[g].tolist(), cards) == pytest.approx(
                [logits[g, bn.CARD_INDEX[c]] for c in cards], rel=1e-9, abs=1e-9)
            assert net.value(x[g].tolist()) == pytest.approx(values[g], rel=1e-9, abs=1e-9)
            checked += 1
        env.step(np.array([rng.choice(np.flatnonzero(m)) for m in legal]))
    assert checked == 8 * 36
    for deck in ("piacentine", "siciliane"):  # the Donna plays at the Fante's index
        state = new_game("scopa", 3, deck)
        players = [sn.NetPlayer(net), make_player("greedy")]
        move = 0
        while state.deal_index() == 0 and not state.is_terminal():
            seat = state.current_player()
            state.apply(players[seat].choose(View(state, seat), random.Random(move)))
            move += 1
        assert move == 36 and len(state.sheets) == 1
    with pytest.raises(ValueError):
        (tmp_path / "bad.json").write_text(json.dumps(dict(data, n_inputs=168)))
        sn.load(tmp_path / "bad.json")
