"""Exact solver for the last tricks of a Tarocchi world whose every hand is
placed (a sampled world): alpha-beta with a transposition table on plain
lists, the same rules as the game (``legal_plain`` to follow, T4/T5; ``beats``
on plain values to win a trick; ``final_totals`` for the Matto and the discard
at the end, T3/T5) and the same value as a play-out (``deal_value``). The generic solver (ai/solver.py) clones a state
and keys it by ``repr`` at every node: this one undoes its moves in place,
about 20x faster, which lets the expert solve the last three or four tricks."""

from __future__ import annotations

from ..games.tarocchi import (
    MATTO, PLAIN, CARD_POINTS, TRICKS, final_totals, legal_plain, pile_points,
    plain_trick_add, plain_trick_standing)
from .alphabeta import INF, probe, step, store
from .policy import SolverLimit
from .tarocchi_value import deal_value, win_bonus

_INFO = PLAIN


def solve(state, team: int, table: dict, node_limit: int) -> float:
    """The exact value for ``team`` of ``state`` (phase "play", every hand
    placed) played to the end, as ``deal_value`` counts it. ``table`` is the
    transposition table (shareable across the actions of one world: its keys
    hold the whole position); raises SolverLimit past ``node_limit`` nodes."""
    info = _INFO
    hands = [list(h) for h in state.hands]
    dealer = state.dealer
    discard_pts = sum(CARD_POINTS[c] for c in state.discard)
    # What deal_value adds beyond the margin and the win bonus (the discard
    # prior) is the same at every leaf of this world.
    extra = deal_value(state, team, [0, 0])
    card_pts = pile_points(state.piles)
    li, win_seat, win_si, win_st, points = plain_trick_standing(state.trick)
    tw = list(state.tricks_won)
    nodes = [0]
    disc = tuple(state.discard)

    def leaf(cp0: int, cp1: int, matto_seat) -> float:
        totals = final_totals([cp0, cp1], tw, matto_seat, dealer, discard_pts)
        margin = totals[team] - totals[1 - team]
        # deal_value's margin and win bonus; ``extra`` holds its constant part.
        return margin + win_bonus(margin) + extra

    def search(me, trick_len, li, win_seat, win_si, win_st, points, played,
               cp0, cp1, matto_seat, alpha, beta) -> float:
        if played == TRICKS:
            return leaf(cp0, cp1, matto_seat)
        nodes[0] += 1
        if nodes[0] > node_limit:
            raise SolverLimit(nodes[0])
        key = (tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(hands[3]), me,
               li, win_seat, win_si, win_st, points, cp0, tw[0] > 0, tw[1] > 0, matto_seat, disc)
        hit, alpha, beta = probe(table, key, alpha, beta)
        if hit is not None:
            return hit
        a0, b0 = alpha, beta
        hand = hands[me]
        legal = legal_plain(hand, li)
        # Strong cards first: more cut-offs.
        legal.sort(key=lambda c: -info[c][1])
        maximise = me % 2 == team
        best = -INF if maximise else INF
        for card in legal:
            i = hand.index(card)
            del hand[i]
            si, st, pc = info[card]
            n_li, n_ws, n_wsi, n_wst, n_pts, n_ms = li, win_seat, win_si, win_st, points, matto_seat
            if card == MATTO:
                n_ms = me
            else:
                n_pts += pc
                n_li, n_ws, n_wsi, n_wst = plain_trick_add(n_li, n_ws, n_wsi, n_wst, me, si, st)
            if trick_len < 3:
                v = search((me + 1) % 4, trick_len + 1, n_li, n_ws, n_wsi, n_wst, n_pts,
                           played, cp0, cp1, n_ms, alpha, beta)
            else:
                wt = n_ws % 2
                tw[wt] += 1
                v = search(n_ws, 0, None, None, -1, -1, 0, played + 1,
                           cp0 + (n_pts if wt == 0 else 0), cp1 + (n_pts if wt == 1 else 0),
                           n_ms, alpha, beta)
                tw[wt] -= 1
            hand.insert(i, card)
            best, alpha, beta = step(maximise, v, best, alpha, beta)
            if alpha >= beta:
                break
        store(table, key, best, a0, b0)
        return best

    return search(state.to_move, len(state.trick), li, win_seat, win_si, win_st, points,
                  state.tricks_played, card_pts[0], card_pts[1], state.matto_seat, -INF, INF)
