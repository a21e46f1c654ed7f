"""What the site needs to know about each deck and game, taken from the engine.

The table and the tradition pages draw cards but never decide rules, so what
they show of a deck comes from here (written into ``data/site.json`` at build
time): each deck's cards in order and the corner letter of each rank; per game
the cards it strips out, the cards that score by themselves and how much, and
the corner index of each rank where the game counts courts as numbers (Scopa:
Fante or Donna 8, Cavallo 9, Re 10, as modern Italian editions print them).
"""

from __future__ import annotations

import importlib
from collections import Counter

from . import cards
from .traditions import GAMES

# Corner letters the Italian decks print on their courts: Fante (and Fantina),
# Donna (and Regina), Cavallo, Re.
COURT_LETTERS = {"J": "F", "Q": "D", "N": "C", "K": "R"}

# Cards that win a prize point by themselves, by the name the game module gives them
# (Scopa's settebello; Cicera's Matta, 10 of Coins and Fante of Cups).
PRIZE_CARD_NAMES = ("SETTEBELLO", "MATTA", "TEN_OF_COINS", "FANTE_OF_CUPS")

def rank_label(rank: str) -> str:
    """The corner letter or number a deck prints for ``rank`` (the Asso shows 1)."""
    if rank == "A":
        return "1"
    return COURT_LETTERS.get(rank, rank)


def _ranks(deck: tuple[str, ...]) -> list[str]:
    seen: dict[str, None] = {}
    for c in deck:
        if c[0] != "T":
            seen.setdefault(cards.rank(c), None)
    return list(seen)


def _game_module(game_id: str):
    name = f"{__package__}.games.{game_id}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None


def _points(module, pack: list[str]) -> dict[str, int]:
    """Points each card of the pack scores by itself (0 for most): the game module's
    card_points() or card_value(), else 1 for each of its prize cards."""
    points_of = getattr(module, "card_points", None) or getattr(module, "card_value", None)
    if points_of is not None:
        return {c: points_of(c) for c in pack}
    prizes = {getattr(module, n) for n in PRIZE_CARD_NAMES if module is not None and hasattr(module, n)}
    return {c: int(c in prizes) for c in pack}


def _ranking(module, pack: list[str]) -> list[dict]:
    """The trick games' order of strength, strongest first, as rows of cards: the trumps
    (the tarot games' suit "T"), then one row per plain order, named by the suits that
    share it (Briscola: one order for every suit; Tarocchi and Minchiate: Cups and Coins
    count their numerals down, Swords and Batons up). Fishing games have none."""
    strength = getattr(module, "STRENGTH", None)
    if module is None or strength is None:
        return []
    suit_of = getattr(module, "SUIT", None)

    def suit(c: str) -> str:
        return suit_of[c] if suit_of is not None else cards.suit(c)

    def power(c: str) -> int:
        return strength[c] if c in strength else strength[cards.rank(c)]
    rows: list[dict] = []
    for s in ("T", "C", "D", "S", "B"):
        row = sorted((c for c in pack if suit(c) == s), key=power, reverse=True)
        if not row:
            continue
        ranks = [c if s == "T" else cards.rank(c) for c in row]
        same = next((r for r in rows if r["suits"] != ["T"] and r["ranks"] == ranks), None)
        if same:
            same["suits"].append(s)
        else:
            rows.append({"suits": [s], "cards": row, "ranks": ranks})
    return [{"suits": r["suits"], "cards": r["cards"]} for r in rows]


def _capture_values(module) -> dict[str, int]:
    """The fishing games' value of each rank in a capture (Scopa's courts 8, 9, 10)."""
    return dict(getattr(module, "CAPTURE_VALUE", {})) if module is not None else {}


def game_info(game_id: str) -> dict:
    """One game: per deck the stripped cards; the scoring cards and the corner labels."""
    module = _game_module(game_id)
    decks = GAMES[game_id]["decks"]
    pack_of = getattr(module, "PACK", None)
    stripped = {}
    points: dict[str, int] = {}
    for deck in decks:
        whole = cards.DECKS[deck]
        pack = [c for c in whole if pack_of is None or c in pack_of]
        stripped[deck] = [c for c in whole if c not in pack]
        points.update(_points(module, pack))
    base = Counter(points.values()).most_common(1)[0][0] if points else 0
    # Fishing games add cards up: where their capture values cover the courts, the
    # corners show those values instead of the letters.
    value = getattr(module, "CAPTURE_VALUE", {}) if module is not None else {}
    labels = {}
    for deck in decks:
        for r in _ranks(cards.DECKS[deck]):
            labels[r] = str(value[r]) if r in value else rank_label(r)
    first = [c for c in cards.DECKS[decks[0]] if pack_of is None or c in pack_of]
    return {
        "stripped": stripped,
        "points": {c: v for c, v in points.items() if v != base},
        "base_points": base,
        "labels": labels,
        # the cheat sheet's rows (on the game's first deck)
        "ranking": _ranking(module, first),
        "capture_values": _capture_values(module),
        "primiera": dict(getattr(module, "PRIMIERA", {})) if module is not None else {},
    }


def deck_info() -> dict:
    """Every deck (cards in order, corner label per rank) and every game of the catalogue."""
    return {
        "decks": {deck: {"cards": list(whole), "labels": {r: rank_label(r) for r in _ranks(whole)}}
                  for deck, whole in cards.DECKS.items()},
        "games": {gid: game_info(gid) for gid in GAMES},
    }
