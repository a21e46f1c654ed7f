"""A game's options (variant, target, house rules) as they travel with a match: checked
against the game's description, and kept in one canonical form, the options that differ
from their defaults (``{}`` for the game as its rules file plays it by default).

The match, its save, the challenge and the replay all keep this form, so a save of a
default match is exactly what it was before options travelled, and two matches of the same
variant always carry equal options (the record's key per variant)."""

from __future__ import annotations

from typing import Any, Mapping

from .base import GameError


def choices_of(default: Any, choices: Mapping[str, tuple] | None, key: str) -> tuple | None:
    """The values an option may take: its listed choices, (False, True) for a switch, or
    None (any value of the default's type, checked by the rules module)."""
    if choices and key in choices:
        return tuple(choices[key])
    if isinstance(default, bool):
        return (False, True)
    return None


def check_options(game: str, defaults: Mapping[str, Any], given: Any,
                  choices: Mapping[str, tuple] | None = None) -> dict:
    """``given`` (a JSON object, or None) as the options that differ from ``defaults``;
    an unknown option, or a value that is not one of its choices, is ``bad_option``."""
    if given is None:
        return {}
    if not isinstance(given, dict):
        raise GameError("options is an object of option: value", "bad_option")
    out = {}
    for key, value in given.items():
        if key not in defaults:
            known = ", ".join(defaults) or "none"
            raise GameError(f"{game} has no option {str(key)[:40]!r} (options: {known})",
                            "bad_option")
        default = defaults[key]
        allowed = choices_of(default, choices, key)
        # a bool is an int in Python: a switch takes only true/false, a number no bool
        same_type = isinstance(value, bool) == isinstance(default, bool) \
            and isinstance(value, type(default))
        if not same_type or (allowed is not None and value not in allowed):
            shown = ", ".join(str(v).lower() if isinstance(v, bool) else str(v)
                              for v in (allowed or ()))
            raise GameError(f"the option {key} of {game} is {shown or type(default).__name__}, "
                            f"not {str(value)[:40]!r}", "bad_option")
        if value != default:
            out[key] = value
    return dict(sorted(out.items()))
