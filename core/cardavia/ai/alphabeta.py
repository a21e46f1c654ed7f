"""The bookkeeping both exact solvers share (ai/solver.py, the generic one, and
ai/tarocchi_solver.py): a transposition table of (lower, upper) bounds and the
alpha-beta window's update after each child."""

from __future__ import annotations

INF = float("inf")


def probe(table: dict, key, alpha: float, beta: float) -> tuple:
    """(the stored value if it settles the node, else None; the window narrowed
    by the stored bounds)."""
    hit = table.get(key)
    if hit is None:
        return None, alpha, beta
    lo, hi = hit
    if lo >= beta or lo == hi:
        return lo, alpha, beta
    if hi <= alpha:
        return hi, alpha, beta
    return None, max(alpha, lo), min(beta, hi)


def step(maximise: bool, v: float, best: float, alpha: float, beta: float) -> tuple:
    """(best, alpha, beta) after a child worth ``v``; cut off when alpha >= beta."""
    if maximise:
        if v > best:
            best = v
        if best > alpha:
            alpha = best
    else:
        if v < best:
            best = v
        if best < beta:
            beta = best
    return best, alpha, beta


def store(table: dict, key, best: float, a0: float, b0: float) -> None:
    """Store ``best`` as bounds: a value found outside the window (a0, b0) it was
    searched with is only a bound on the true one."""
    lo, hi = -INF, INF
    if best <= a0:
        hi = best
    elif best >= b0:
        lo = best
    else:
        lo = hi = best
    table[key] = (lo, hi)
