"""The self-play trainer (scripts/train/briscola_selfplay.py, issue 45): its
hand-written PPO gradient is the loss's derivative, a stopped run resumes exactly
as if never stopped, and the exported weights play in pure Python as in numpy. numpy is a
training-time dependency: not under Pyodide."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="numpy is for training only, not in Pyodide")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts" / "train"))

TINY = {"games": 64, "hidden": 16, "minibatch": 512, "eval_every": 2, "eval_deals": 3,
        "ckpt_every": 1, "pool_every": 1, "keep_every": 2}


def _batch(np, rng, b=32, n_in=12):
    x = (rng.random((b, n_in)) < 0.3).astype(np.float64)
    mask = rng.random((b, 40)) < 0.15
    mask[np.arange(b), rng.integers(0, 40, b)] = True
    cards = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    return x, mask, cards


def test_the_ppo_gradient_is_the_losss_derivative():
    np = pytest.importorskip("numpy")
    import mlp
    rng = np.random.default_rng(3)
    p = {k: v.astype(np.float64) for k, v in mlp.init(rng, 12, 8).items()}
    p["wp"] *= 50  # a policy far from uniform: ratios outside the clip range happen
    for k in ("b1", "b2"):  # no unit exactly at ReLU's kink (an all-zero input row)
        p[k] = rng.normal(0, 0.1, p[k].shape)
    x, mask, cards = _batch(np, rng)
    old = mlp.log_softmax_masked(mlp.forward(p, x)[0], mask)[np.arange(32), cards] \
        + rng.normal(0, 0.4, 32)
    adv, ret = rng.normal(size=32), rng.normal(size=32)
    args = (x, mask, cards, old, adv, ret, 0.3, 0.5, 0.01)
    grads, parts = mlp.ppo_grad(p, *args)
    assert 0 < parts["clip_frac"] < 1
    eps = 1e-6
    for k in mlp.KEYS:
        flat = p[k].reshape(-1)
        for i in rng.choice(flat.size, min(flat.size, 6), replace=False):
            keep = flat[i]
            flat[i] = keep + eps
            up = mlp.ppo_loss(p, *args)
            flat[i] = keep - eps
            down = mlp.ppo_loss(p, *args)
            flat[i] = keep
            numeric = (up - down) / (2 * eps)
            assert grads[k].reshape(-1)[i] == pytest.approx(numeric, rel=2e-3, abs=2e-6), (k, i)


def test_a_stopped_run_resumes_exactly(tmp_path):
    np = pytest.importorskip("numpy")
    import briscola_selfplay as sp
    whole = sp.train(tmp_path / "whole", TINY, max_iters=4)
    sp.train(tmp_path / "cut", TINY, max_iters=2)
    cut = sp.train(tmp_path / "cut", TINY, max_iters=4)  # the same command again goes on
    assert cut.it == whole.it == 4
    for k in whole.params:
        assert np.array_equal(whole.params[k], cut.params[k]), k
    assert len(cut.pool) == len(whole.pool) == 5
    assert cut.rng.bit_generator.state == whole.rng.bit_generator.state
    evals = [(tmp_path / d / "eval.jsonl").read_text().splitlines() for d in ("whole", "cut")]
    drop = ("seconds",)
    assert [{k: v for k, v in json.loads(line).items() if k not in drop} for line in evals[0]] == \
        [{k: v for k, v in json.loads(line).items() if k not in drop} for line in evals[1]]
    with np.load(tmp_path / "cut" / "keep" / "ckpt-000004.npz") as kept:  # weights only
        assert sorted(kept.files) == sorted(["meta"] + [f"p_{k}" for k in whole.params])
        assert all(np.array_equal(kept[f"p_{k}"], v) for k, v in whole.params.items())


def test_the_exported_weights_play_as_numpy_does(tmp_path):
    """Pure-Python inference (ai/briscola_net.py) equals numpy's forward pass on
    the exported weights, on positions of seeded deals."""
    np = pytest.importorskip("numpy")
    import briscola_selfplay as sp
    import mlp
    from briscola_env import BriscolaBatch
    from cardavia.ai import briscola_net as bn
    sp.train(tmp_path / "run", dict(TINY, hidden=24, eval_every=0), max_iters=1)
    module = tmp_path / "module.py"
    module.write_text('WEIGHTS_SHA256 = None\n')
    out = sp.export(tmp_path / "run", None, tmp_path / "net.json", module)
    assert f'WEIGHTS_SHA256 = "{out["sha256"]}"' in module.read_text()
    net = bn.load(tmp_path / "net.json")
    data = json.loads((tmp_path / "net.json").read_text())
    env = BriscolaBatch.shuffled(8, np.random.default_rng(11))
    rng = np.random.default_rng(12)
    checked = 0
    while not env.done():
        x, legal = env.encode(), env.legal()
        logits, values = mlp.forward64(data, x.astype(np.float64))
        for g in range(8):
            cards = [bn.CARDS[i] for i in np.flatnonzero(legal[g])]
            py = net.logits(x[g].tolist(), cards)
            assert py == pytest.approx([logits[g, bn.CARD_INDEX[c]] for c in cards],
                                       rel=1e-9, abs=1e-9)
            assert net.value(x[g].tolist()) == pytest.approx(values[g], rel=1e-9, abs=1e-9)
            checked += 1
        env.step(np.array([rng.choice(np.flatnonzero(m)) for m in legal]))
    assert checked == 8 * 40


@pytest.mark.needs_subprocess
def test_a_terminated_run_checkpoints_and_says_so(tmp_path):
    """SIGTERM (a shutdown, a kill by pid) ends the iteration in progress, then
    saves: nothing done is lost, and the next run goes on from there."""
    np = pytest.importorskip("numpy")
    import signal
    import subprocess
    import time
    script = Path(__file__).resolve().parents[1] / "scripts" / "train" / "briscola_selfplay.py"
    cfg = ["--games", "64", "--hidden", "16", "--ckpt-every", "1000", "--eval-every", "0"]
    proc = subprocess.Popen([sys.executable, str(script), "run", "--data", str(tmp_path), *cfg],
                            stdout=subprocess.DEVNULL)
    log = tmp_path / "train.log"
    deadline = time.time() + 120
    while time.time() < deadline and not (log.exists() and "\nit 2 " in log.read_text()):
        time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 0
    last = log.read_text().splitlines()[-1]
    assert last.startswith("stop it ") and "(signal;" in last, last
    stopped_at = int(last.split()[2])
    with np.load(tmp_path / "ckpt.npz") as z:
        assert json.loads(str(z["meta"]))["it"] == stopped_at >= 2
