"""``scopa-net`` and ``scopa-xnet`` (experiments/scopa_net.py): registered with the
arena; ``scopa-xnet`` plays the network's move while the stock lasts and the expert's
once it is empty. Weights: one iteration of a tiny seeded self-play run (numpy)."""

from __future__ import annotations

import random
import sys

import pytest

import scopa_net as exp
from cardavia import evaluation
from cardavia.ai import View
from cardavia.ai import scopa_net as sn
from cardavia.ai.players import ExpertPlayer
from cardavia.games import new_game

sys.path.insert(0, str(exp.ROOT / "scripts" / "train"))


@pytest.fixture(scope="module")
def weights(tmp_path_factory):
    pytest.importorskip("numpy")
    import scopa_selfplay as sp
    d = tmp_path_factory.mktemp("run")
    sp.train(d, {"games": 32, "hidden": 16, "eval_every": 0, "ckpt_every": 1}, max_iters=1)
    out = d / "net.json"
    sp.selfplay.export(sp.SCOPA, d, None, out)
    return out


def test_xnet_is_the_network_while_the_stock_lasts_then_the_expert(weights, monkeypatch):
    monkeypatch.setattr(exp, "WEIGHTS", weights)
    monkeypatch.setattr(exp, "_NET", [])
    assert {"scopa-net", "scopa-xnet"} <= set(evaluation.player_names())
    net, xnet = evaluation.make_player("scopa-net"), evaluation.make_player("scopa-xnet")
    xnet.budget_ms = float("inf")
    state = new_game("scopa", 4)
    net_moves = expert_moves = 0
    while state.deal_index() == 0:
        seat = state.current_player()
        view = View(state, seat)
        rng = random.Random(state.plies_left())
        move = xnet.choose(view, random.Random(0))
        if state.stock:
            assert move == net.choose(view, rng)
            net_moves += 1
        else:
            expert = ExpertPlayer(budget_ms=float("inf")).choose(view, random.Random(0))
            assert move == expert
            expert_moves += 1
        state.apply(move)
    assert net_moves == 30 and expert_moves == 6
    assert sn.load(weights).meta["n_inputs"] == sn.N_INPUTS


def test_paired_is_the_mean_per_seed_of_one_logs_net_less_the_others(tmp_path):
    import json

    def log(name, a, b, rows):
        head = {"arena_log": 2, "game": "scopa", "a": a, "b": b, "seed": 1, "deck": None,
                "clock": False, "code": "x"}
        p = tmp_path / name
        p.write_text("\n".join([json.dumps(head)] + [json.dumps({"seed": s, "results": r})
                                                      for s, r in rows.items()]) + "\n")
        return str(p)
    a = log("a.jsonl", "scopa-xnet", "expert-v1",
            {1: [[1, 2], [1, 1]], 2: [[0, -1], [None, 0]], 3: [[1, 3], [0, -1]]})
    b = log("b.jsonl", "scopa-net", "expert-v1",
            {1: [[0, -2], [1, 1]], 2: [[0, -1], [0, -2]], 4: [[1, 1], [1, 1]]})
    out = exp.paired(a, b)  # seeds 1 and 2: (2 - 0) and (-1 - -2)
    assert (out["seeds"], out["net_diff_per_pair"]) == (2, 1.5)
    assert out["ci95"][0] < 1.5 < out["ci95"][1]
    with pytest.raises(ValueError):
        exp.paired(a, log("c.jsonl", "scopa-net", "greedy", {1: [[1, 1], [1, 1]]}))
