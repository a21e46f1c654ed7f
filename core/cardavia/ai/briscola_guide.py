"""The self-play network (ai/briscola_net.py, issue 45) inside the Briscola search: at
the root of a move, as the player (the network's card outside the exact endgame) or as
a prior added to the search's mean values (``bonus``: ``weight`` points per unit of
logit; a softmax's log-probabilities differ from the logits by one constant per
position, so this is the PUCT-style log-prior without an exp or a log whose last bit
could differ between CPython and Pyodide).

The exact endgame stays the search's: once every card is inferable (the stock is
empty), and for the expert once each sampled world is solved exactly
(``solve_plies``), the network has no say. The weights are read only when one of
these is first asked (``briscola_net.shared``): a level that does not use the
network never loads them.
"""

from __future__ import annotations

from . import briscola_net as bn


def in_exact_endgame(view, solve_plies: int | None) -> bool:
    """Whether the search is exact here (or nearly: one world of known cards)."""
    if view.all_cards_inferable():
        return True
    left = view.plies_left()
    return solve_plies is not None and left is not None and left - 1 <= solve_plies


def logits(view, actions: list) -> list[float]:
    """The network's logit of each action's card, from the seat's observation."""
    return bn.shared().logits(bn.encode(view.observation()), [a["card"] for a in actions])


def network_choice(view, actions: list, solve_plies: int | None) -> int | None:
    """The index of the network's card (the first among equal logits), or None in
    the exact endgame."""
    if in_exact_endgame(view, solve_plies):
        return None
    z = logits(view, actions)
    best = 0
    for i in range(1, len(z)):
        if z[i] > z[best]:
            best = i
    return best


def bonus(view, actions: list, weight: float, solve_plies: int | None) -> list[float] | None:
    """``weight`` x each action's logit, or None in the exact endgame."""
    if weight == 0.0 or in_exact_endgame(view, solve_plies):
        return None
    return [weight * v for v in logits(view, actions)]
