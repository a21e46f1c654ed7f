"""Exact solver for the last tricks of a Tressette world whose every hand is placed (a
sampled world once the stock is out), in both forms: alpha-beta with a transposition
table on hands as bit masks, by the game's own rules (follow suit, TR5; the highest card
of the led suit wins, TR4; thirds pooled per team and floored, +1 for the last trick,
TR6; the accusi already declared, TR10) and the same value as a play-out (the deal's
margin). The generic solver (ai/solver.py) clones a state at every node: this one
changes a few integers, about 30x faster, which lets the four-player expert solve the
last tricks it used to play out.

A card is a bit: suit * 10 + strength (TR1), so a suit is ten adjacent bits ordered by
strength. Two cards of one hand with the same thirds and no card still in play ranked
between them but the hand's own are the same card for the rest of the deal: only the
lowest is searched. Calls change nothing once every hand is placed: they are not searched.
"""

from __future__ import annotations

from .. import cards
from ..games.tressette import NAPOLETANE, STRENGTH, thirds
from .alphabeta import INF, probe, step, store
from .policy import SolverLimit

BIT = {c: cards.SUITS.index(c[-1]) * 10 + STRENGTH[c[:-1]] for c in NAPOLETANE}
THIRDS_OF = [0] * 40
for _c, _b in BIT.items():
    THIRDS_OF[_b] = thirds(_c)
SUIT_MASK = [0x3FF << (10 * s) for s in range(4)]


def _mask(hand) -> int:
    m = 0
    for c in hand:
        m |= 1 << BIT[c]
    return m


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def solve(state, team: int, table: dict, node_limit: int) -> float | None:
    """The exact value for ``team`` (0 or 1) of ``state`` played to the end of the deal:
    the deal's margin, accusi included. None where this solver does not apply (cards
    still in the stock, or the accusi not yet declared); raises SolverLimit past
    ``node_limit`` nodes. ``table`` may be shared by positions of the same world."""
    if state.stock or state.over or (state.tricks_played == 0 and state.options["accusi"]):
        return None
    n = state.NUM_SEATS
    hands = [_mask(h) for h in state.hands]
    acc = [0, 0]
    for d in state.declared:
        acc[state.team_of(d["seat"])] += d["points"]
    acc_diff = acc[team] - acc[1 - team]
    nodes = [0]

    def leaf(t0: int, t1: int, last_team: int) -> int:
        p = [t0 // 3, t1 // 3]
        p[last_team] += 1
        return p[team] - p[1 - team] + acc_diff

    def search(me, k, led, ws, wb, pts, tmask, left, t0, t1, alpha, beta):
        # me: the mover; k: cards in the trick; led: its suit; ws, wb: the seat and bit
        # winning it; pts: its thirds; tmask: its cards; left: tricks not yet complete
        nodes[0] += 1
        if nodes[0] > node_limit:
            raise SolverLimit(nodes[0])
        key = (tuple(hands), me, k, led, ws, wb, pts, t0)
        hit, alpha, beta = probe(table, key, alpha, beta)
        if hit is not None:
            return hit
        a0, b0 = alpha, beta
        hand = hands[me]
        legal = hand & SUIT_MASK[led] if k else 0
        if not legal:
            legal = hand
        others = 0
        for o in range(n):
            if o != me:
                others |= hands[o]
        others |= tmask
        # the lowest of each run of interchangeable cards, strongest runs first
        plays = []
        prev = -1
        for b in _bits(legal):
            if prev >= 0 and b // 10 == prev // 10 and THIRDS_OF[b] == THIRDS_OF[prev] \
                    and not others & (((1 << b) - 1) ^ ((1 << (prev + 1)) - 1)):
                prev = b
                continue
            plays.append(b)
            prev = b
        plays.reverse()
        maximise = me % 2 == team
        best = -INF if maximise else INF
        for b in plays:
            bit = 1 << b
            hands[me] = hand ^ bit
            if k == 0:
                n_led, n_ws, n_wb = b // 10, me, b
            elif b // 10 == led and b > wb:
                n_led, n_ws, n_wb = led, me, b
            else:
                n_led, n_ws, n_wb = led, ws, wb
            n_pts = pts + THIRDS_OF[b]
            if k < n - 1:
                v = search((me + 1) % n, k + 1, n_led, n_ws, n_wb, n_pts, tmask | bit, left,
                           t0, t1, alpha, beta)
            else:
                wt = n_ws % 2
                n0, n1 = (t0 + n_pts, t1) if wt == 0 else (t0, t1 + n_pts)
                if left == 1:
                    v = leaf(n0, n1, wt)
                else:
                    v = search(n_ws, 0, 0, 0, -1, 0, 0, left - 1, n0, n1, alpha, beta)
            hands[me] = hand
            best, alpha, beta = step(maximise, v, best, alpha, beta)
            if alpha >= beta:
                break
        store(table, key, best, a0, b0)
        return best

    trick = state.trick
    led, ws, wb, pts, tmask = 0, 0, -1, 0, 0
    for i, (seat, c) in enumerate(trick):
        b = BIT[c]
        if i == 0:
            led = b // 10
        if i == 0 or (b // 10 == led and b > wb):
            ws, wb = seat, b
        pts += THIRDS_OF[b]
        tmask |= 1 << b
    t = [state.thirds[0], state.thirds[1]]
    left = state.tricks_per_deal - state.tricks_played
    return search(state.to_move, len(trick), led, ws, wb, pts, tmask, left, t[0], t[1], -INF, INF)
