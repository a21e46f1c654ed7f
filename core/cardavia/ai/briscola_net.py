"""A Briscola player that learned by playing itself (issue 45): a policy-and-value
network trained by ``scripts/train/briscola_selfplay.py`` (PPO against a pool of
its own past versions), played here in pure Python (no numpy: it runs in Pyodide).

The network sees one seat's ``observation()`` only, the same view every player
gets (never a hidden card), encoded by :func:`encode` into N_INPUTS numbers:

  0-39    the seat's hand              (one-hot over CARDS)
  40-79   the card led, if any         (one-hot)
  80-119  the cards already played     (in either pile: public, B5)
  120-159 the face-up trump, while it lies under the stock
  160-163 the trump suit               (one-hot over SUITS)
  164-165 the seat's and the opponent's points / 120
  166     the stock's size / 34
  167     1 when the seat leads (the order of play)

It is an MLP N_INPUTS-128-128 with ReLU, then 40 policy logits (one per card;
the illegal ones masked) and a value. The player plays the argmax over its legal
cards (first in hand order among equals). The trainer's batched environment
(scripts/train/briscola_env.py) encodes the same way; tests/test_briscola_env.py
checks both agree with the engine on seeded games.

The weights are a JSON file beside this module (``briscola_net.json``, iteration
5,000 of the run of docs/computer-players.md); the arena's ``briscola-net`` plays them
alone, Briscola's normal and expert levels until their search is exact
(ai/briscola_guide.py). Arithmetic is a fixed order of IEEE double
sums, so a seed gives the same moves on any machine, CPython or Pyodide.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from ..games.base import Action

WEIGHTS_FILE = Path(__file__).with_name("briscola_net.json")
# sha256 of WEIGHTS_FILE, written by scripts/train/briscola_selfplay.py export (and
# pinned by tests/test_briscola_net.py)
WEIGHTS_SHA256 = "b42f49bd8a5784e0c5ca634a2ca75896fc03308025fb6716f6818aade5b19ae2"

SUITS = ("C", "D", "S", "B")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "N", "K")  # the deck's order within a suit
CARDS = tuple(r + s for s in SUITS for r in RANKS)  # = cards.DECKS["piacentine"]
CARD_INDEX = {c: i for i, c in enumerate(CARDS)}
N_CARDS = 40
HAND, LED, PLAYED, FACE_UP, TRUMP_SUIT = 0, 40, 80, 120, 160
MY_POINTS, THEIR_POINTS, STOCK, LEADING = 164, 165, 166, 167
N_INPUTS = 168
STOCK_AT_START = 34


def encode(obs: dict) -> list:
    """The network's inputs (N_INPUTS floats) from one seat's observation."""
    x = [0.0] * N_INPUTS
    for c in obs["hand"]:
        x[HAND + CARD_INDEX[c]] = 1.0
    if obs["trick"]:
        x[LED + CARD_INDEX[obs["trick"][0]["card"]]] = 1.0
    for c in obs["played"]:
        x[PLAYED + CARD_INDEX[c]] = 1.0
    if obs["trump"] is not None:
        x[FACE_UP + CARD_INDEX[obs["trump"]]] = 1.0
    x[TRUMP_SUIT + SUITS.index(obs["trump_suit"])] = 1.0
    seat = obs["seat"]
    x[MY_POINTS] = obs["points"][seat] / 120.0
    x[THEIR_POINTS] = obs["points"][1 - seat] / 120.0
    x[STOCK] = obs["stock"] / STOCK_AT_START
    x[LEADING] = 0.0 if obs["trick"] else 1.0
    return x


class Net:
    """The weights as lists: ``w1``/``w2`` input-major (row i: what input i adds
    to each unit), ``wp`` one row per card, ``wv`` one weight per unit."""

    __slots__ = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv", "meta")

    def __init__(self, data: dict):
        self.w1, self.b1 = data["w1"], data["b1"]
        self.w2, self.b2 = data["w2"], data["b2"]
        self.wp, self.bp = data["wp"], data["bp"]
        self.wv, self.bv = data["wv"], data["bv"]
        self.meta = {k: v for k, v in data.items() if not k.startswith(("w", "b"))}

    def hidden(self, x: list) -> list:
        """The second hidden layer's activations for inputs ``x``."""
        h = list(self.b1)
        for i, xi in enumerate(x):
            if xi != 0.0:
                h = [a + xi * w for a, w in zip(h, self.w1[i])]
        h2 = list(self.b2)
        for i, a in enumerate(h):
            if a > 0.0:
                h2 = [b + a * w for b, w in zip(h2, self.w2[i])]
        return [b if b > 0.0 else 0.0 for b in h2]

    def logits(self, x: list, cards: list) -> list:
        """The policy logit of each card in ``cards`` (the legal ones)."""
        h = self.hidden(x)
        out = []
        for c in cards:
            i = CARD_INDEX[c]
            s = self.bp[i]
            for a, w in zip(h, self.wp[i]):
                s += a * w
            out.append(s)
        return out

    def best(self, x: list, cards: list) -> int:
        """The index in ``cards`` of the highest logit (the first among equals)."""
        scores = self.logits(x, cards)
        best = 0
        for i in range(1, len(cards)):
            if scores[i] > scores[best]:
                best = i
        return best

    def value(self, x: list) -> float:
        s = self.bv
        for a, w in zip(self.hidden(x), self.wv):
            s += a * w
        return s


def load(path: str | Path | None = None) -> Net:
    p = Path(path) if path is not None else WEIGHTS_FILE
    if not p.exists():
        raise FileNotFoundError(f"{p}: no network weights; train and export them "
                                "(scripts/train/briscola_selfplay.py, docs/computer-players.md)")
    return Net(json.loads(p.read_text(encoding="utf-8")))


_SHARED: Net | None = None


def shared() -> Net:
    """The shipped weights, read once per process and only when a player first
    asks (the levels that use the network: ai/briscola_guide.py). Through the
    package's resources: in the browser the engine is imported from its wheel, a
    zip, where WEIGHTS_FILE is no file to open."""
    global _SHARED
    if _SHARED is None:
        text = resources.files(__package__).joinpath(WEIGHTS_FILE.name).read_text(encoding="utf-8")
        _SHARED = Net(json.loads(text))
    return _SHARED


def choose_card(net: Net, obs: dict) -> str:
    """The legal card with the highest logit (the first in hand among equals)."""
    hand = obs["hand"]
    return hand[net.best(encode(obs), hand)]


class NetPlayer:
    """``briscola-net``: the network alone, no search (an arena player). A player
    as ai/players.Player is one (``choose(view, rng)``), not derived from it:
    players.make_player imports this module, and no two modules import each other."""

    name = "briscola-net"

    def __init__(self, net: Net | None = None):
        self.net = net

    def choose(self, view, rng) -> str:
        if self.net is None:
            self.net = shared()
        card = choose_card(self.net, view.observation())
        legal: list[Action] = view.legal_actions()
        for a in legal:
            if a["card"] == card:
                return a["id"]
        raise AssertionError(f"the network chose {card}, not a legal card")
