"""Many deals of 2-player Briscola stepped at once in numpy, for self-play training.

The rules are games/briscola.py's (rules/briscola.md B1-B4), written again over
arrays: 3 + 3 dealt alternately from the first leader, the 7th card face up and
drawn last, no duty to follow suit, highest trump else highest of the suit led
wins, winner draws first. Strength and card points come from the engine's own
tables. tests/test_briscola_env.py plays seeded deals here and in the engine side
by side and checks that they agree card for card (hands, trick winners, points,
and the network's inputs against ai/briscola_net.encode of the engine's
observation), so the engine stays the rules' one source of truth.

Every deal has 40 plays, one per ply, so all the deals of a batch are at the same
ply and trick: the stock pointer is one number.
"""

from __future__ import annotations

import numpy as np

from cardavia.ai import briscola_net as bn
from cardavia.games.briscola import RANK_POINTS, STRENGTH

CARD_SUIT = np.array([i // 10 for i in range(40)], dtype=np.int64)
CARD_STRENGTH = np.array([STRENGTH[c[:-1]] for c in bn.CARDS], dtype=np.int64)
CARD_POINTS = np.array([RANK_POINTS.get(c[:-1], 0) for c in bn.CARDS], dtype=np.int64)


class BriscolaBatch:
    """``n`` deals from ``packs`` (n x 40 card indices of bn.CARDS, in the order
    the engine deals its shuffled pack) and ``first_leaders`` (n,)."""

    def __init__(self, packs: np.ndarray, first_leaders: np.ndarray):
        n = packs.shape[0]
        self.n = n
        rows = np.arange(n)
        self.rows = rows
        self.hand = np.zeros((n, 2, 40), dtype=bool)
        for i in range(6):  # B1: three each, alternately from the first leader
            self.hand[rows, (first_leaders + i) % 2, packs[:, i]] = True
        self.trump_card = packs[:, 6].copy()
        self.trump_suit = CARD_SUIT[self.trump_card]
        self.draw = np.concatenate([packs[:, 7:], packs[:, 6:7]], axis=1)  # the trump last
        self.ptr = 0
        self.lead_card = np.full(n, -1, dtype=np.int64)
        self.to_move = first_leaders.astype(np.int64).copy()
        self.points = np.zeros((n, 2), dtype=np.int64)
        self.played = np.zeros((n, 40), dtype=bool)
        self.ply = 0

    @classmethod
    def shuffled(cls, n: int, rng: np.random.Generator) -> "BriscolaBatch":
        packs = np.argsort(rng.random((n, 40)), axis=1)
        return cls(packs, rng.integers(0, 2, size=n))

    def done(self) -> bool:
        return self.ply == 40

    def legal(self) -> np.ndarray:
        """(n, 40) the mover's cards: every card in hand is legal."""
        return self.hand[self.rows, self.to_move]

    def encode(self) -> np.ndarray:
        """(n, N_INPUTS) float32: the mover's view, as bn.encode writes it."""
        n, rows, seat = self.n, self.rows, self.to_move
        x = np.zeros((n, bn.N_INPUTS), dtype=np.float32)
        x[:, bn.HAND:bn.HAND + 40] = self.hand[rows, seat]
        led = self.lead_card >= 0
        x[rows[led], bn.LED + self.lead_card[led]] = 1.0
        x[:, bn.PLAYED:bn.PLAYED + 40] = self.played
        stock = 34 - self.ptr
        if stock:
            x[rows, bn.FACE_UP + self.trump_card] = 1.0
        x[rows, bn.TRUMP_SUIT + self.trump_suit] = 1.0
        x[:, bn.MY_POINTS] = self.points[rows, seat] / 120.0
        x[:, bn.THEIR_POINTS] = self.points[rows, 1 - seat] / 120.0
        x[:, bn.STOCK] = stock / bn.STOCK_AT_START
        x[:, bn.LEADING] = ~led
        return x

    def step(self, cards: np.ndarray) -> np.ndarray | None:
        """Each mover plays ``cards`` (n,). At the end of a trick: (n, 2) the
        points each seat won in it; else None."""
        rows, seat = self.rows, self.to_move
        if not self.hand[rows, seat, cards].all():
            raise ValueError("a card not in the mover's hand")
        self.hand[rows, seat, cards] = False
        self.ply += 1
        if self.ply % 2 == 1:  # a lead
            self.lead_card = cards.astype(np.int64).copy()
            self.to_move = 1 - seat
            return None
        lead, follow = self.lead_card, cards
        ls, fs = CARD_SUIT[lead], CARD_SUIT[follow]
        follow_wins = np.where(fs == ls, CARD_STRENGTH[follow] > CARD_STRENGTH[lead],
                               fs == self.trump_suit)
        winner = np.where(follow_wins, seat, 1 - seat)
        pts = CARD_POINTS[lead] + CARD_POINTS[follow]
        won = np.zeros((self.n, 2), dtype=np.int64)
        won[rows, winner] = pts
        self.points += won
        self.played[rows, lead] = True
        self.played[rows, follow] = True
        if self.ptr < 34:  # the winner draws first, then the loser (the trump last)
            self.hand[rows, winner, self.draw[:, self.ptr]] = True
            self.hand[rows, 1 - winner, self.draw[:, self.ptr + 1]] = True
            self.ptr += 2
        self.lead_card = np.full(self.n, -1, dtype=np.int64)
        self.to_move = winner
        return won
