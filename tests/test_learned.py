"""Briscola's learned play-out (ai/briscola_learned.py, issue 27): the shipped
weights are the ones recorded, the inference is pure and deterministic, its
choices are legal, and the players built on it play the same moves for the same
seed (here, and under Pyodide: the pinned deal)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from cardavia.ai import View, make_player
from cardavia.ai import briscola_learned as bl
from cardavia.games import new_game
from cardavia.games.base import rng_for


def test_the_shipped_weights_are_the_recorded_ones():
    raw = bl.WEIGHTS_FILE.read_bytes()
    assert hashlib.sha256(raw).hexdigest() == bl.WEIGHTS_SHA256
    assert len(raw) < 500_000
    data = json.loads(raw)
    assert len(data["weights"]) == bl.N_FEATURES == len(bl.FEATURE_NAMES)
    assert data["features"] == bl.FEATURE_NAMES
    fp = data["fingerprint"]
    assert len(fp["code_sha256"]) == 64 and len(fp["data_sha256"]) == 64
    assert {"seeds", "samples", "init_seed"} <= set(fp["spec"])


def test_the_weights_were_made_by_the_code_as_it_is():
    """Their fingerprint names the trainer and the features of this tree: a change
    to either must retrain (``make train``) and commit the new weights."""
    import inspect
    from pathlib import Path
    trainer = Path(__file__).resolve().parents[1] / "scripts" / "train_briscola.py"
    code = hashlib.sha256(trainer.read_bytes())
    for fn in (bl.features, bl._beaters_table):
        code.update(inspect.getsource(fn).encode())
    fp = json.loads(bl.WEIGHTS_FILE.read_text(encoding="utf-8"))["fingerprint"]
    assert fp["code_sha256"] == code.hexdigest()


def test_the_feature_indices_stay_inside_their_blocks():
    rng = random.Random(5)
    for _ in range(300):
        deck = list(bl.ALL_CARDS)
        rng.shuffle(deck)
        hand, lead, trump = deck[:3], rng.choice([None, deck[3]]), rng.choice(bl.SUITS)
        known = set(deck[:rng.randrange(4, 40)]) | set(hand)
        for c in hand:
            feats = bl.features(hand, lead, c, trump, known, rng.randrange(35),
                                rng.randrange(60), rng.randrange(60))
            lo, hi = (bl.LEAD, bl.FOLLOW) if lead is None else (bl.FOLLOW, bl.N_FEATURES)
            assert all(lo <= i < hi for i, _ in feats)
            assert all(isinstance(v, float) for _, v in feats)


def _worlds(n: int):
    out = []
    for seed in range(1, n + 1):
        s = new_game("briscola", seed)
        r = random.Random(seed)
        for _ in range(r.randrange(0, 30)):
            s._apply(r.choice(s.legal_actions()))
        out.append(s)
    return out


def test_the_learned_playout_is_legal_and_deterministic():
    w = bl.load_weights()
    for world in _worlds(25):
        a, b = world.clone(), world.clone()
        va, vb = bl.learned_playout(a, 0, w), bl.learned_playout(b, 1)
        assert a.is_terminal() and va == -vb
        a.check_invariants()
        assert [c for p in a.piles for c in p] == [c for p in b.piles for c in p]
        assert sum(a.points) == 120


def test_the_model_chooses_a_card_of_the_hand():
    w = bl.load_weights()
    for world in _worlds(20):
        if world.is_terminal():
            continue
        seat = world.to_move
        hand = world.hands[seat]
        lead = world.trick[0][1] if world.trick else None
        card = bl.choose_card(w, hand, lead, world.trump_suit, bl.known_cards(world, seat),
                              len(world.stock), world.points[seat], world.points[1 - seat])
        assert card in hand


def deal_moves(seed: int, levels: tuple[str, str], limit: int = 40) -> list[str]:
    state = new_game("briscola", seed)
    players = [make_player(levels[state.team_of(s)]) for s in range(2)]
    for p in players:
        p.budget_ms = float("inf")
    moves = []
    while not state.is_terminal() and len(moves) < limit:
        seat = state.current_player()
        choice = players[seat].choose(View(state, seat), rng_for("arena", seed, len(moves)))
        state.apply(choice)
        moves.append(choice.split(":", 1)[1])
    return moves


# Recorded with the weights of WEIGHTS_SHA256 (CPython); the same under Pyodide.
PINNED_NORMAL_LEARNED_SEED_1 = ("2C AB 7D AD KS 3B 5B 4D 7S 5D 7C 2B NS AS KD JD KC 5C 6D ND "
                                "3D JB 4C 4S 6S 5S 2D 6C 7B 6B NB NC 3C JC 2S 3S 4B JS KB AC")


def test_the_learned_normal_plays_its_pinned_deal():
    """The normal level of issue 27 plays out its worlds with the learned policy: this
    deal was pinned with the arena's ``normal-learned``, which played exactly as that
    ``normal``; since issue 45 the normal plays the self-play network's card until the
    stock is empty, and ``normal-v2`` (ai/briscola_v2.py) is that normal, frozen."""
    assert " ".join(deal_moves(1, ("normal-v2", "normal-v2"))) == PINNED_NORMAL_LEARNED_SEED_1
