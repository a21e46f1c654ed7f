"""experiments/tarocchi_learned.py (issue 27, candidate (a) for Tarocchi, an arena
experiment): its linear scorer, at the hand-set weights W0 it is fitted from,
plays the shipped play-out's cards, so that a refit changes the play-out only
where the data move the weights."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from cardavia.ai import tarocchi_policy as tp
from cardavia.games import new_game

_SCRIPT = Path(__file__).resolve().parents[1] / "tarocchi_learned.py"
_spec = importlib.util.spec_from_file_location("tarocchi_learned", _SCRIPT)
tl = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tl)


def test_w0_picks_the_shipped_play_outs_cards():
    out = tl.agree(tl.W0, 300001, 300006)
    assert out["positions"] > 250
    assert out["same"] == out["positions"]


def test_a_play_out_with_w0_values_a_deal_as_the_shipped_one():
    pick = tl.make_pick(tl.W0)
    for seed in (11, 12, 13):
        st = new_game("tarocchi", seed)
        while st.phase != "play":
            st.apply(st.legal_actions()[0]["id"])
        for team in (0, 1):
            assert tl.fast_playout_pick(st, team, look=True, pick=pick) == \
                tp.fast_playout(st, team, look=True)
            # the copy is the shipped play-out: with the shipped policy, the same value
            assert tl.fast_playout_pick(st, team, look=True) == tp.fast_playout(st, team, look=True)


def test_other_weights_pick_other_cards():
    """The scorer reads its weights: leading trumps first changes the plays."""
    w = list(tl.W0)
    w[3] = 50.0
    assert tl.agree(w, 300001, 300006)["same"] < tl.agree(tl.W0, 300001, 300006)["same"]
