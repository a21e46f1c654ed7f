"""Challenge a friend (asynchronous duplicate): a finished match as a short list of
choices, and that match rebuilt from the list alone.

A deal is fixed by its game, deck and seed; a match by every action taken in it. Each
action is stored as its index among the legal actions of its moment (``legal_actions()``
has a fixed order), the computers' moves included, so that rebuilding a match for its
replay costs a replay, not a search per computer move. The friend plays the same seed from
the same seat against computers of the same level, which are deterministic: they move as
they did for the challenger wherever the friend plays as the challenger did.
"""

from __future__ import annotations

from typing import Any

from .ai import LEVELS
from .games import GameError
from .match import Match, check_seed

MAX_CHOICES = 2000  # more actions than any match of any game has (a Scopa match to 11: ~200)


def choices_of(match: Match) -> list[int]:
    """Every action of ``match``, in order, as its index among the legal actions of its moment."""
    replayed = Match(match.game, match.seed, match.deck, match.seats, match.options)
    out: list[int] = []
    for _seat, action_id in match.log:
        ids = [a["id"] for a in replayed.state.legal_actions()]
        out.append(ids.index(action_id))
        replayed.state.apply(action_id)
    return out


def rebuild(game: Any, deck: Any, seed: Any, seat: Any, level: Any, choices: Any,
            options: Any = None) -> Match:
    """The finished match a challenge describes: the human at ``seat``, computers of
    ``level`` elsewhere, the variant's ``options``, and the listed actions. Anything that does not fit the deal (an index
    out of range, choices left over or missing) is ``bad_challenge``; nothing is searched."""
    if not isinstance(level, str) or level not in LEVELS:
        raise GameError(f"the level is one of {', '.join(LEVELS)}", "bad_challenge")
    if not isinstance(choices, list) or len(choices) > MAX_CHOICES \
            or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in choices):
        raise GameError("choices is a list of action indices", "bad_challenge")
    check_seed(seed)
    seats_in_game = len(Match(game, seed, deck, options=options).seats)  # game, deck, options checked too
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats_in_game:
        raise GameError("the seat is not one of this game's", "bad_challenge")
    seats = [{"kind": "human"} if s == seat else {"kind": "ai", "level": level}
             for s in range(seats_in_game)]
    match = Match(game, seed, deck, seats, options)
    for index in choices:
        if match.to_move is None:
            raise GameError("the match ended before the challenge's choices did", "bad_challenge")
        legal = match.state.legal_actions()
        if index >= len(legal):
            raise GameError("a choice is not one of the legal actions of its moment", "bad_challenge")
        match.log.append([match.to_move, legal[index]["id"]])
        match.state.apply(legal[index]["id"])
    if match.to_move is not None:
        raise GameError("the challenge's choices stop before its match ends", "bad_challenge")
    return match
