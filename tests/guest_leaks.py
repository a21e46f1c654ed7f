"""Test helper: what a live guest was sent, checked field by field against what its seat may know.

Three independent checks of one guest-bound message (a relay's ``res``):

- **fields**: every field is one the seat may be sent: the response's ``ok``/``error``/
  ``snapshot``/``events``/``hint``/``advice``, and in the snapshot only the keys of the seat's
  own observation and the table's public facts (never ``seed`` while the match is on);
- **cards**: no card hidden from the seat at that moment is named anywhere (the hidden set
  worked out from the rules, tests/test_information.py; the events of a deal that ended in
  the same message are its own, as there);
- **rebuilds**: no field, read as a seed (every integer, every string of digits), deals the
  match again: ``new_game`` with it gives another seat's hand or the stock as the host's deal.

Used by tests/test_guest_view.py (the bridge) and e2e/test_live.py (two real browsers).
"""

from __future__ import annotations

from typing import Any, Iterator

from cardavia.games import new_game

from test_information import cards_named, hidden_from

RESPONSE_FIELDS = {"id", "ok", "error", "snapshot", "events", "hint", "advice"}
PUBLIC_FIELDS = {"your_turn", "legal", "level", "moves", "humans", "names", "can_undo", "seed"}


def scalars(x: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every scalar anywhere in a JSON value, with its path (dict keys and list indices)."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield from scalars(v, f"{path}.{k}")
    elif isinstance(x, (list, tuple)):
        for i, v in enumerate(x):
            yield from scalars(v, f"{path}[{i}]")
    else:
        yield path, x


class DealPrint:
    """What a seed must reproduce to be the host's: every hand but the guest's, and the stock."""

    def __init__(self, game: str, deck: str, seed: int, seat: int):
        self.game, self.deck, self.seat = game, deck, seat
        self.secret = self._secret(new_game(game, seed, deck))
        self.tried: dict[int, bool] = {}

    def _secret(self, state) -> dict[str, list[str]]:
        places = state.card_locations()
        return {k: sorted(v) for k, v in places.items()
                if k != f"hand{self.seat}" and (k.startswith("hand") or k in ("stock", "fola"))}

    def rebuilds(self, value: int) -> bool:
        if value not in self.tried:
            try:
                again = self._secret(new_game(self.game, value, self.deck))
            except Exception:  # not a seed at all (negative, too large): rebuilds nothing
                again = None
            self.tried[value] = again == self.secret
        return self.tried[value]


def problems(res: dict, state, seat: int, deal: DealPrint) -> list[str]:
    """Everything wrong with one guest-bound response at ``state`` (empty: nothing leaks)."""
    found = [f"field {k!r} is not one a guest is sent" for k in res if k not in RESPONSE_FIELDS]
    snap = res.get("snapshot") or {}
    allowed = set(state.observation(seat)) | PUBLIC_FIELDS
    found += [f"snapshot field {k!r} is not the seat's to know" for k in snap if k not in allowed]
    if snap.get("seed") is not None and not state.is_terminal():
        found.append("the seed while the deal is on")
    if snap and snap.get("seat") != seat:
        found.append(f"a snapshot for seat {snap.get('seat')}")
    # events of an earlier deal (a message that spans a new deal) named that deal's cards
    events = res.get("events") or []
    since = max((i for i, e in enumerate(events) if e.get("type") == "dealt"), default=0)
    leaked = cards_named([{k: v for k, v in res.items() if k != "events"}, events[since:]]) \
        & hidden_from(state, seat)
    if leaked:
        found.append(f"hidden cards {sorted(leaked)}")
    if not state.is_terminal():
        for path, v in scalars(res):
            if isinstance(v, str) and v.isdigit() and len(v) <= 16:
                v = int(v)
            if isinstance(v, int) and not isinstance(v, bool) and deal.rebuilds(v):
                found.append(f"{path} = {v} deals the match again")
    return found


def field_count(res: dict) -> int:
    return sum(1 for _ in scalars(res))
