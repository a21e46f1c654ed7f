"""A Scopa player that learns by playing itself (issue 45, its Scopa half): the
inputs of a policy-and-value network trained by ``scripts/train/scopa_selfplay.py``
and the rule that turns its card into a move. Pure Python (no numpy: it runs in
Pyodide); the forward pass is Briscola's (``briscola_net.Net``: the same MLP
shape, a logit per card of the 40-card order), shared, not copied.

The network sees one seat's ``observation()`` only (every pile is public: captures
are made face up), encoded by :func:`encode` into N_INPUTS numbers:

  0-39     the seat's hand                       (one-hot over briscola_net.CARDS;
  40-79    the table                              a Siciliane Donna ``Q`` sits at
  80-119   the seat's pile                        the Fante's ``J`` index: both
  120-159  the opponent's pile                    are worth 8)
  160-161  the seat's and the opponent's scope / 4
  162      the stock's size / 30
  163-164  the seat's and the opponent's hand size / 3
  165-166  the cards in each pile / 40
  167-168  the coins in each pile / 10
  169-176  the best primiera value held in each suit (the seat's 4, then the
           opponent's) / 21

Not seen: who captured last (the observation does not say) and the match score (the
network plays one deal for its points, as the arena measures: its first deal).

**The move.** The network picks a card (40 masked logits: every card in hand is
legal). Where that card has several legal captures (S1-S3: a single equal card has
priority; the choice among equals, or among the groups summing to it), the capture
is the one of highest greedy key (ai/scopa_policy.greedy_key: material taken, a
sweep first; the first in the engine's order among equals): :func:`capture_for`.
The trainer's batched environment (scripts/train/scopa_env.py) plays the same
rule; tests/test_scopa_env.py checks both against the engine on seeded deals.

Weights are not shipped yet: ``experiments/scopa_net.py`` reads them from the
trainer's data (train-data/) and registers the arena's ``scopa-net``.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..games.base import Action
from ..games.scopa import PRIMIERA, capture_options
from . import briscola_net as bn
from .scopa_policy import material

N_CARDS = 40
HAND, TABLE, MY_PILE, THEIR_PILE = 0, 40, 80, 120
MY_SCOPE, THEIR_SCOPE, STOCK, MY_HAND, THEIR_HAND = 160, 161, 162, 163, 164
MY_CARDS, THEIR_CARDS, MY_COINS, THEIR_COINS = 165, 166, 167, 168
MY_PRIMIERA, THEIR_PRIMIERA = 169, 173
N_INPUTS = 177
STOCK_AT_START = 30
SUITS = bn.SUITS  # C, D (coins), S, B: the deck's order, 10 cards each


def index(card: str) -> int:
    """The card's input index (Q, the Siciliane 8, at J's place)."""
    r = card[:-1]
    return bn.CARD_INDEX[("J" if r == "Q" else r) + card[-1]]


def _pile_summary(x: list, pile: list, cards_at: int, coins_at: int, prim_at: int) -> None:
    x[cards_at] = len(pile) / 40.0
    x[coins_at] = sum(1 for c in pile if c[-1] == "D") / 10.0
    best = [0, 0, 0, 0]
    for c in pile:
        s = SUITS.index(c[-1])
        p = PRIMIERA[c[:-1]]
        if p > best[s]:
            best[s] = p
    for s in range(4):
        x[prim_at + s] = best[s] / 21.0


def encode(obs: dict) -> list:
    """The network's inputs (N_INPUTS floats) from one seat's observation."""
    x = [0.0] * N_INPUTS
    seat = obs["seat"]
    mine, theirs = obs["piles"][seat], obs["piles"][1 - seat]
    for c in obs["hand"]:
        x[HAND + index(c)] = 1.0
    for c in obs["table"]:
        x[TABLE + index(c)] = 1.0
    for c in mine:
        x[MY_PILE + index(c)] = 1.0
    for c in theirs:
        x[THEIR_PILE + index(c)] = 1.0
    x[MY_SCOPE] = obs["points"][seat] / 4.0
    x[THEIR_SCOPE] = obs["points"][1 - seat] / 4.0
    x[STOCK] = obs["stock"] / STOCK_AT_START
    x[MY_HAND] = obs["hand_counts"][seat] / 3.0
    x[THEIR_HAND] = obs["hand_counts"][1 - seat] / 3.0
    _pile_summary(x, mine, MY_CARDS, MY_COINS, MY_PRIMIERA)
    _pile_summary(x, theirs, THEIR_CARDS, THEIR_COINS, THEIR_PRIMIERA)
    return x


def capture_for(card: str, table: list, last_play: bool) -> list | None:
    """The cards ``card`` takes from ``table`` (None: it is placed): among its
    legal captures (games/scopa.capture_options, in the engine's order) the first
    of highest greedy key, as ai/scopa_policy.greedy_key scores a capture."""
    best, best_key = None, None
    for group in capture_options(card, table):
        gain = sum(material(c) for c in group + [card])
        if len(group) == len(table) and not last_play:
            gain += 10
        if best_key is None or gain > best_key:
            best, best_key = group, gain
    return best


def action_for(obs: dict, legal: list[Action], card: str) -> str:
    """The id of the legal action that plays ``card`` by :func:`capture_for`."""
    last_play = obs["stock"] == 0 and sum(obs["hand_counts"]) == 1
    taken = capture_for(card, obs["table"], last_play)
    for a in legal:
        if a["card"] == card and a.get("captures") == taken:
            return a["id"]
    raise AssertionError(f"no legal action plays {card} taking {taken}")


def load(path: str | Path) -> bn.Net:
    """Exported Scopa weights (scopa_selfplay.py export): briscola_net.Net reads them."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if data.get("n_inputs") != N_INPUTS:
        raise ValueError(f"{path}: {data.get('n_inputs')} inputs, not Scopa's {N_INPUTS}")
    return bn.Net(data)


def choose_card(net: bn.Net, obs: dict) -> str:
    """The card in hand with the highest logit (the first in hand among equals)."""
    hand = obs["hand"]
    return hand[net.best(encode(obs), [bn.CARDS[index(c)] for c in hand])]


class NetPlayer:
    """``scopa-net``: the network alone, no search (an arena player)."""

    name = "scopa-net"

    def __init__(self, net: bn.Net):
        self.net = net

    def choose(self, view, rng) -> str:
        obs = view.observation()
        return action_for(obs, view.legal_actions(), choose_card(self.net, obs))
