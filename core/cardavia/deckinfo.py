"""What the site needs to know about each deck and game, taken from the engine.

The table and the tradition pages draw cards but never decide rules, so what
they show of a deck comes from here (written into ``data/site.json`` at build
time): each deck's cards in order and the corner letter of each rank; per game
the cards it strips out, the cards that score by themselves and how much, and
the corner index of each rank where the game counts courts as numbers (Scopa:
Fante or Donna 8, Cavallo 9, Re 10, as modern Italian editions print them); and,
from each game's description, the terms it uses and its record figures.
"""

from __future__ import annotations

import importlib
from collections import Counter

from . import cards
from .games import DESCRIPTIONS
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


# Example captures the term definitions picture (issue 26): each is checked against the
# game's own capture_options and bonus tests below, so a picture can never show a move the
# engine would refuse. (card played, table cards taken, cards left on the table)
CAPTURE_EXAMPLES = {
    "scopa": ("7S", ["3C", "4B"], []),          # the table cleared: a sweep
    "simili": ("7D", ["3D", "4D"], ["KC"]),      # every card of one suit
    "quadriglia": ("10C", ["2D", "3S", "5B"], ["KC"]),  # three table cards at once
    "picada": ("5C", ["5S"], ["KC"]),            # the card just placed, by rank
}
# A hand holding one of each of Minchiate's combinations (M16), for its versicole.
VERSICOLE_HAND = ("T0", "T1", "T2", "T3", "T40", "T13", "T28", "T10", "T20", "T30", "KC", "KD", "KS")


def _terms(module) -> dict[str, list[dict]]:
    """The cards each of the game's terms concerns, as groups ({"cards"}, plus "play" for
    a capture: the card played takes "cards"): the prize cards by the names the module
    gives them, the loads and lisci (CARICHI, LISCI), the Napola's run, the tarot honours and Matto, Minchiate's combinations
    as its own combinations() finds them, and the example captures the game allows."""
    if module is None:
        return {}
    out: dict[str, list[dict]] = {}
    for name, term in (("SETTEBELLO", "settebello"), ("MATTA", "matta"), ("RE_BELLO", "re_bello")):
        if hasattr(module, name):
            out[term] = [{"cards": [getattr(module, name)]}]
    for name, term in (("CARICHI", "carico"), ("LISCI", "liscio")):  # Briscola a 4's loads and lisci
        if hasattr(module, name):
            out[term] = [{"cards": list(getattr(module, name))}]
    if hasattr(module, "NAPOLA_ORDER"):
        out["napola"] = [{"cards": list(module.NAPOLA_ORDER[:4])}]
    sort = getattr(module, "sort_cards", sorted)
    if hasattr(module, "HONOURS"):
        out["honours"] = [{"cards": sort(module.HONOURS)}]
    if hasattr(module, "MATTO"):
        out["matto"] = [{"cards": [module.MATTO]}]
    if hasattr(module, "combinations"):
        out["versicola"] = [{"cards": c["cards"]} for c in module.combinations(VERSICOLE_HAND, matto_bonus=False)]
    # a game's own terms' cards, declared beside its rules (Tressette's accusi)
    for term, groups in getattr(module, "TERM_CARDS", {}).items():
        out[term] = [{"cards": list(g)} for g in groups]
    if hasattr(module, "capture_options"):
        for term in ("scopa",) + tuple(getattr(module, "BONUSES", ())):
            play, takes, left = CAPTURE_EXAMPLES[term]
            assert takes in module.capture_options(play, takes + left), (term, play, takes)
            out[term] = [{"play": play, "cards": takes}]
    return out


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
        # the cards each term's definition pictures (table, sheet, log, rules)
        "terms": _terms(module),
        # from the game's description: the terms the table marks, the record's figures
        "glossary": list(DESCRIPTIONS[game_id].terms),
        "figures": [f.to_json() for f in DESCRIPTIONS[game_id].figures],
    }


def deck_info() -> dict:
    """Every deck (cards in order, corner label per rank) and every game of the catalogue."""
    return {
        "decks": {deck: {"cards": list(whole), "labels": {r: rank_label(r) for r in _ranks(whole)}}
                  for deck, whole in cards.DECKS.items()},
        "games": {gid: game_info(gid) for gid in GAMES},
    }
