"""What a finished Tarocchi deal is worth to the search (the play-outs, the
exact solver and the hint's points all count it so): the margin, a bonus for
winning (the deal is the match) and, for the dealer's team, a prior on the
discard. Apart from tarocchi_policy.py so that the solver and the policy share
it without importing each other."""

from __future__ import annotations

from ..games.tarocchi import _NON_KING_SUITS, CARD_POINTS, SUIT, STRENGTH

DISCARD_PRIOR = 2.0
# The deal is the match: a play-out is worth its margin plus this for a win.
WIN_BONUS = 10


def win_bonus(margin: float) -> float:
    """WIN_BONUS with the margin's sign (0 for a draw)."""
    return WIN_BONUS if margin > 0 else -WIN_BONUS if margin < 0 else 0


def discard_value(hand: list[str], pair) -> float:
    """The dealer's one-ply view of a discard from ``hand``: bank high-point suit
    cards that risk capture, void or shorten suits so as to trump sooner, keep trumps."""
    value = 0.0
    for c in pair:
        s = SUIT[c]
        if s == "T":
            value -= 4 + 0.1 * STRENGTH[c]
            continue
        value += CARD_POINTS[c]
        if "K" + s not in hand and CARD_POINTS[c] > 1:
            value += 1.0  # an unguarded court is likely to fall to the King
    left: dict[str, int] = {}
    for c in hand:
        if c not in pair and SUIT[c] in _NON_KING_SUITS:
            left[SUIT[c]] = left.get(SUIT[c], 0) + 1
    for s in {SUIT[c] for c in pair if SUIT[c] in _NON_KING_SUITS}:
        n = left.get(s, 0)
        value += 3.0 if n == 0 else 0.5 if n == 1 else 0.0
    return value


def deal_value(state, team: int, totals: list) -> float:
    """A finished play-out's value for ``team`` from the final ``totals``: the margin,
    the win bonus, and for the dealer's team a prior on the discard."""
    margin = totals[team] - totals[1 - team]
    value = margin + win_bonus(margin)
    if team == state.dealer % 2 and state.discard:
        # A prior on the discard, the one decision searched with a single sample
        # (136 pairs): it is the same for every action once the discard is made
        # (common samples), so it never changes a choice in the play.
        hand = state.played_by[state.dealer] + state.hands[state.dealer] + state.discard
        value += DISCARD_PRIOR * discard_value(hand, state.discard)
    return value


def rollout_value(state, team: int) -> float:
    """The deal's margin, plus a bonus for winning it (the deal is the match)."""
    return deal_value(state, team, state.sheets[-1]["totals"])
