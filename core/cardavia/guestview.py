"""What a live guest's device may be sent (docs/protocol.md, "Threat model").

A guest's browser is another person's: whatever reaches it, its owner can read. So a guest's
response is built from an allow-list, never by trimming a snapshot made for the host: the
seat's own observation (the rules' information hiding, checked by tests/test_information.py),
a few public facts of the table, its own events and its own hint. The seed, which deals every
hidden card, follows only once the match is over (for the replay); nothing about undo,
practice or lessons, which belong to the host's device, is ever sent.
"""

from __future__ import annotations

# The table's public facts the bridge adds to a seat's observation (bridge._view).
PUBLIC_KEYS = frozenset({"your_turn", "legal", "level", "moves", "humans"})
# The response's own fields a guest may be sent, beside its snapshot.
RESPONSE_KEYS = frozenset({"events", "hint", "advice"})


def guest_snapshot(view: dict, observed: set[str], over: bool, seed: int) -> dict:
    """The guest's snapshot: the fields of ``view`` that the seat's observation holds
    (``observed``, its keys) or that are public, ``can_undo`` false (a shared table's
    undo is the host's), and the seed only once the match is ``over``."""
    out = {k: v for k, v in view.items() if k in observed or k in PUBLIC_KEYS}
    out["can_undo"] = False
    out["seed"] = seed if over else None
    return out


def guest_response(body: dict, observed: set[str], over: bool, seed: int) -> dict:
    """A bridge response body for a guest: its snapshot as above and the allowed fields."""
    out = {k: v for k, v in body.items() if k in RESPONSE_KEYS}
    if "snapshot" in body:
        out["snapshot"] = guest_snapshot(body["snapshot"], observed, over, seed)
    return out
