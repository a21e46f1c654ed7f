"""The self-play network's pure-Python side (ai/briscola_net.py, issue 45): it reads
one seat's observation only, its arithmetic gives the recorded numbers (here and
under Pyodide), its player plays legal cards deterministically, the arena knows it,
and shipped weights are the recorded ones. (numpy's side: test_briscola_selfplay.py.)"""

from __future__ import annotations

import hashlib
import random

from cardavia.ai import View, make_player
from cardavia.ai import briscola_net as bn
from cardavia.games import new_game


def _random_net(seed: int, hidden: int = 16) -> bn.Net:
    """Seeded weights from Python's own generator (the same under Pyodide)."""
    rng = random.Random(seed)

    def rows(a, b, scale):
        return [[rng.uniform(-scale, scale) for _ in range(b)] for _ in range(a)]
    return bn.Net({"w1": rows(bn.N_INPUTS, hidden, 0.3), "b1": rows(1, hidden, 0.1)[0],
                   "w2": rows(hidden, hidden, 0.3), "b2": rows(1, hidden, 0.1)[0],
                   "wp": rows(40, hidden, 0.5), "bp": rows(1, 40, 0.1)[0],
                   "wv": rows(1, hidden, 0.5)[0], "bv": 0.05})


def _positions(seeds):
    """(state, mover) after a seeded number of random plays of each seeded deal."""
    for seed in seeds:
        state = new_game("briscola", seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):
            state.apply(rng.choice(state.legal_actions())["id"])
        yield state, state.current_player()


def test_the_inputs_are_the_seats_observation_only():
    """Re-dealing what the seat cannot see (the other hand, the stock) changes
    nothing in its inputs; the inputs say what the observation says."""
    for state, seat in _positions(range(60)):
        x = bn.encode(state.observation(seat))
        for k in range(3):
            world = state.determinize(seat, random.Random(k))
            assert bn.encode(world.observation(seat)) == x
        obs = state.observation(seat)
        assert [bn.CARDS[i] for i in range(40) if x[bn.HAND + i]] == \
            sorted(obs["hand"], key=bn.CARD_INDEX.get)
        assert sum(x[bn.PLAYED:bn.PLAYED + 40]) == len(obs["played"])
        assert x[bn.LEADING] == (0.0 if obs["trick"] else 1.0)
        assert x[bn.MY_POINTS] * 120 == state.points[seat]
        assert sum(x[bn.FACE_UP:bn.FACE_UP + 40]) == (1.0 if state.stock else 0.0)


# Logits of _random_net(3) at the first mover's position of deal 5 after 7 random
# plays, recorded on CPython 3.11; Pyodide must give the same doubles.
RECORDED_CARDS = ["5S", "5C", "KC"]
RECORDED_LOGITS = [-0.25435167858299373, 0.21139447879943696, -0.09344874979883545]


def _recorded_position():
    state = new_game("briscola", 5)
    rng = random.Random(5)
    for _ in range(7):
        state.apply(rng.choice(state.legal_actions())["id"])
    return state.observation(state.current_player())


def test_the_forward_pass_gives_the_recorded_numbers():
    obs = _recorded_position()
    net = _random_net(3)
    assert obs["hand"] == RECORDED_CARDS
    assert net.logits(bn.encode(obs), obs["hand"]) == RECORDED_LOGITS


# seed 1's deal, the seeded net (seat 0) against greedy: every play, as recorded
RECORDED_DEAL_1 = ("AD AB 7S 2C 7D KS 5B 4D JD KC 7C 2B 5D 3B 2D 5C JB 5S 6D 4S KD 4C 6S 6B NS "
                   "AS JC ND NB 6C JS 7B 3S 4B 3D 2S 3C NC AC KB").split()


def test_the_player_plays_legal_cards_and_the_recorded_deal():
    state = new_game("briscola", 1)
    players = [bn.NetPlayer(_random_net(1)), make_player("greedy")]
    moves = []
    while not state.is_terminal():
        seat = state.current_player()
        choice = players[seat].choose(View(state, seat), random.Random(0))
        assert choice in {a["id"] for a in state.legal_actions()}
        moves.append(choice.removeprefix("play:"))
        state.apply(choice)
    assert moves == RECORDED_DEAL_1


def test_the_arena_knows_the_network_player():
    from cardavia.evaluation import player_names
    assert "briscola-net" in player_names()
    assert isinstance(make_player("briscola-net"), bn.NetPlayer)


def test_shipped_weights_are_the_recorded_ones():
    """The shipped weights are the file whose sha256 is pinned, small enough for the
    site, and say which code, seed and iteration of training made them."""
    assert bn.WEIGHTS_SHA256 == "b42f49bd8a5784e0c5ca634a2ca75896fc03308025fb6716f6818aade5b19ae2"
    raw = bn.WEIGHTS_FILE.read_bytes()
    assert hashlib.sha256(raw).hexdigest() == bn.WEIGHTS_SHA256
    assert len(raw) <= 500_000
    meta = bn.shared().meta
    assert meta["format"] == "briscola-net/1" and meta["n_inputs"] == bn.N_INPUTS
    fp = meta["fingerprint"]
    assert len(fp["code_sha256"]) == 64 and fp["seed"] == 1
    assert fp["iteration"] == 5000 and fp["decisions"] == 409_600_000


def test_the_weights_load_only_when_a_player_asks_for_the_network():
    """Making players and playing the levels that do not use the network (every
    game's random and greedy, and any level of another game) reads no weights."""
    saved, bn._SHARED = bn._SHARED, None
    try:
        for game in ("briscola", "scopa"):
            state = new_game(game, 3)
            for level in ("random", "greedy", "normal", "expert", "briscola-net"):
                make_player(level)
            for _ in range(4):
                seat = state.current_player()
                state.apply(make_player("greedy").choose(View(state, seat), random.Random(1)))
        assert bn._SHARED is None
        state = new_game("briscola", 3)
        make_player("briscola-net").choose(View(state, state.current_player()), random.Random(1))
        assert bn._SHARED is not None
    finally:
        bn._SHARED = saved
