"""Many deals of 2-player Scopa stepped at once in numpy, for self-play training.

The rules are games/scopa.py's (rules/scopa.md S1-S9), one deal (the arena plays a
match's first deal): three cards each, one at a time from the non-dealer (``first``),
then four to the table, the rest the stock; a new round of three each from the
stock when both hands are empty, ``first`` again to play; a card that can capture
must (a single equal card before any sum); a sweep is a scopa except with the
deal's last card; the last capturer takes the table's leftovers (no scopa); then
the deal's points: the scope, most cards, most coins, the settebello, the primiera
(a card of every suit needed; a tie or no one: nobody's point).

The action is a card (every card in hand is legal); its capture is chosen by
ai/scopa_net.capture_for (the engine's greedy key among the card's captures),
called here on each deal's table, kept in the engine's order since that order
breaks ties. tests/test_scopa_env.py plays seeded deals here and in the engine
side by side and checks that they agree card for card (hands, table, piles,
scope, the deal's score sheet and the network's inputs against
ai/scopa_net.encode of the engine's observation).

Every deal has 36 plays, alternating seats from ``first``, so all the deals of a
batch are at the same ply: the stock pointer is one number.
"""

from __future__ import annotations

import numpy as np

from cardavia.ai import briscola_net as bn
from cardavia.ai import scopa_net as sn
from cardavia.games.scopa import PRIMIERA

PLIES = 36
CARD_SUIT = np.array([i // 10 for i in range(40)], dtype=np.int64)
CARD_PRIMIERA = np.array([PRIMIERA[c[:-1]] for c in bn.CARDS], dtype=np.int64)
SETTEBELLO = bn.CARD_INDEX["7D"]
COINS = slice(10, 20)  # the D suit


class ScopaBatch:
    """``n`` deals from ``packs`` (n x 40 card indices of bn.CARDS, in the order
    the engine deals its shuffled pack) and ``first`` (n,): the seat after the
    dealer, dealt to first and playing first each round."""

    def __init__(self, packs: np.ndarray, first: np.ndarray):
        n = packs.shape[0]
        self.n = n
        self.rows = rows = np.arange(n)
        self.first = first.astype(np.int64).copy()
        self.hand = np.zeros((n, 2, 40), dtype=bool)
        for i in range(6):
            self.hand[rows, (self.first + i) % 2, packs[:, i]] = True
        self.table = [[bn.CARDS[c] for c in row] for row in packs[:, 6:10].tolist()]
        self.on_table = np.zeros((n, 40), dtype=bool)
        self.on_table[rows[:, None], packs[:, 6:10]] = True
        self.stock = packs[:, 10:].copy()
        self.ptr = 0
        self.pile = np.zeros((n, 2, 40), dtype=bool)
        self.scope = np.zeros((n, 2), dtype=np.int64)
        self.last_capturer = np.full(n, -1, dtype=np.int64)
        self.to_move = self.first.copy()
        self.ply = 0

    @classmethod
    def shuffled(cls, n: int, rng: np.random.Generator) -> "ScopaBatch":
        """Random deals; a table of three or four Re is dealt again (S4)."""
        packs = np.argsort(rng.random((n, 40)), axis=1)
        kings = np.array([bn.CARD_INDEX["K" + s] for s in bn.SUITS])
        while True:
            bad = np.isin(packs[:, 6:10], kings).sum(axis=1) >= 3
            if not bad.any():
                break
            packs[bad] = np.argsort(rng.random((int(bad.sum()), 40)), axis=1)
        return cls(packs, rng.integers(0, 2, size=n))

    def done(self) -> bool:
        return self.ply == PLIES

    def legal(self) -> np.ndarray:
        """(n, 40) the mover's cards: every card in hand may be played."""
        return self.hand[self.rows, self.to_move]

    def encode(self) -> np.ndarray:
        """(n, N_INPUTS) float32: the mover's view, as scopa_net.encode writes it."""
        n, rows, seat = self.n, self.rows, self.to_move
        x = np.zeros((n, sn.N_INPUTS), dtype=np.float32)
        mine, theirs = self.pile[rows, seat], self.pile[rows, 1 - seat]
        x[:, sn.HAND:sn.HAND + 40] = self.hand[rows, seat]
        x[:, sn.TABLE:sn.TABLE + 40] = self.on_table
        x[:, sn.MY_PILE:sn.MY_PILE + 40] = mine
        x[:, sn.THEIR_PILE:sn.THEIR_PILE + 40] = theirs
        x[:, sn.MY_SCOPE] = self.scope[rows, seat] / 4.0
        x[:, sn.THEIR_SCOPE] = self.scope[rows, 1 - seat] / 4.0
        x[:, sn.STOCK] = (30 - self.ptr) / sn.STOCK_AT_START
        x[:, sn.MY_HAND] = self.hand[rows, seat].sum(axis=1) / 3.0
        x[:, sn.THEIR_HAND] = self.hand[rows, 1 - seat].sum(axis=1) / 3.0
        for pile, cards_at, coins_at, prim_at in (
                (mine, sn.MY_CARDS, sn.MY_COINS, sn.MY_PRIMIERA),
                (theirs, sn.THEIR_CARDS, sn.THEIR_COINS, sn.THEIR_PRIMIERA)):
            x[:, cards_at] = pile.sum(axis=1) / 40.0
            x[:, coins_at] = pile[:, COINS].sum(axis=1) / 10.0
            x[:, prim_at:prim_at + 4] = (pile * CARD_PRIMIERA).reshape(n, 4, 10).max(axis=2) / 21.0
        return x

    def step(self, cards: np.ndarray) -> np.ndarray:
        """Each mover plays ``cards`` (n,); the capture by scopa_net.capture_for.
        Returns (n, 2) the scope each seat made with this play (0 or 1)."""
        rows, seat = self.rows, self.to_move
        if not self.hand[rows, seat, cards].all():
            raise ValueError("a card not in the mover's hand")
        self.hand[rows, seat, cards] = False
        last_play = self.ply == PLIES - 1
        made = np.zeros((self.n, 2), dtype=np.int64)
        for g, c in enumerate(cards.tolist()):
            card = bn.CARDS[c]
            table = self.table[g]
            taken = sn.capture_for(card, table, last_play)
            s = int(seat[g])
            if taken is None:
                table.append(card)
                self.on_table[g, c] = True
                continue
            self.pile[g, s, c] = True
            for t in taken:
                table.remove(t)
                i = bn.CARD_INDEX[t]
                self.on_table[g, i] = False
                self.pile[g, s, i] = True
            self.last_capturer[g] = s
            if not table and not last_play:
                made[g, s] = 1
        self.scope += made
        self.ply += 1
        self.to_move = 1 - seat
        if self.ply % 6 == 0 and self.ptr < 30:  # a new round: three each from first
            for i in range(6):
                self.hand[rows, (self.first + i) % 2, self.stock[:, self.ptr + i]] = True
            self.ptr += 6
        if self.ply == PLIES:
            self._leftovers()
        return made

    def _leftovers(self) -> None:
        """S6: the table's last cards to the last capturer (never a scopa)."""
        for g in range(self.n):
            s = int(self.last_capturer[g])
            if s >= 0 and self.table[g]:
                self.pile[g, s] |= self.on_table[g]
                self.on_table[g] = False
                self.table[g] = []

    def prizes(self) -> np.ndarray:
        """(n, 2) the deal's four prizes won by each seat (once the deal is over):
        most cards, most coins, the settebello, the primiera (games/scopa.score_deal)."""
        n = self.n
        out = np.zeros((n, 2), dtype=np.int64)
        for counts in (self.pile.sum(axis=2), self.pile[:, :, COINS].sum(axis=2)):
            out[:, 0] += counts[:, 0] > counts[:, 1]
            out[:, 1] += counts[:, 1] > counts[:, 0]
        out += self.pile[:, :, SETTEBELLO]
        best = (self.pile * CARD_PRIMIERA).reshape(n, 2, 4, 10).max(axis=3)
        full = (best > 0).all(axis=2)
        prim = np.where(full, best.sum(axis=2), -1)  # no primiera: below any sum
        out[:, 0] += prim[:, 0] > prim[:, 1]
        out[:, 1] += prim[:, 1] > prim[:, 0]
        return out

    def totals(self) -> np.ndarray:
        """(n, 2) the deal's points: scope plus prizes."""
        return self.scope + self.prizes()
