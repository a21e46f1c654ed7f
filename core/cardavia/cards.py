"""Cards, suits, ranks and the five deck compositions.

A card is a short string code, so that states, actions and events are plain
JSON and a rule test fits on one line: ``"7D"`` is the 7 of Denari (the
settebello), ``"KS"`` the Re of Spade, ``"T21"`` tarot trump 21, ``"T0"`` the Matto.
"""

from __future__ import annotations

SUITS = ("C", "D", "S", "B")
SUIT_NAMES = {"C": "Cups", "D": "Coins", "S": "Swords", "B": "Batons"}

# J = Fante, Q = Donna, N = Cavallo (kNight), K = Re.
RANK_NAMES = {
    "A": "Ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
    "8": "8", "9": "9", "10": "10", "J": "Fante", "Q": "Donna", "N": "Cavallo", "K": "Re",
}
NUMERALS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
MATTO = "T0"


def suit(card: str) -> str:
    """Suit letter of a suit card, ``"T"`` for trumps and the Matto."""
    return "T" if card[0] == "T" else card[-1]


def rank(card: str) -> str:
    """Rank code of a suit card (``"A"``…``"K"``), the number string of a trump."""
    return card[1:] if card[0] == "T" else card[:-1]


def is_trump(card: str) -> bool:
    """True for tarot trumps 1…40 (not the Matto)."""
    return card[0] == "T" and card != MATTO


def card_name(card: str) -> str:
    """English name, for the CLI and error messages (the UI localizes codes itself)."""
    if card == MATTO:
        return "the Matto"
    if card[0] == "T":
        return f"trump {card[1:]}"
    r = rank(card)
    return f"{RANK_NAMES[r]} of {SUIT_NAMES[suit(card)]}"


def _suited(ranks_by_suit: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(r + s for s in SUITS for r in ranks_by_suit[s])


def _all_suits(ranks: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    return {s: ranks for s in SUITS}


# Deck compositions, in a canonical order (also the order used to sort cards).
PIACENTINE = _suited(_all_suits(NUMERALS[:7] + ("J", "N", "K")))
SICILIANE = _suited(_all_suits(NUMERALS[:7] + ("Q", "N", "K")))
BRESCIANE = _suited(_all_suits(NUMERALS + ("J", "N", "K")))
TAROCCO_PIEMONTESE = (MATTO,) + tuple(f"T{n}" for n in range(1, 22)) + _suited(
    _all_suits(NUMERALS + ("J", "N", "Q", "K")))
# Tarocchi (Piedicavallo) strips the lowest four of each suit: A-4 of Swords and
# Batons, 10-7 of Cups and Coins (numerals rank in reverse in the round suits).
_STRIPPED = {r + s for s in "SB" for r in ("A", "2", "3", "4")} | {
    r + s for s in "CD" for r in ("7", "8", "9", "10")}
TAROCCHI_62 = tuple(c for c in TAROCCO_PIEMONTESE if c not in _STRIPPED)
MINCHIATE = (MATTO,) + tuple(f"T{n}" for n in range(1, 41)) + _suited(
    _all_suits(NUMERALS + ("J", "N", "Q", "K")))

# The Napoletane (rules/tressette.md §2): Spanish-type suits, Asso-7, Fante, Cavallo, Re;
# the same forty codes as the Piacentine, drawn in another pattern.
NAPOLETANE = _suited(_all_suits(NUMERALS[:7] + ("J", "N", "K")))

DECKS: dict[str, tuple[str, ...]] = {
    "piacentine": PIACENTINE,
    "siciliane": SICILIANE,
    "bresciane": BRESCIANE,
    "tarocco-piemontese": TAROCCO_PIEMONTESE,
    "minchiate": MINCHIATE,
    "napoletane": NAPOLETANE,
}

# Decks the engine deals that the site has no tradition for yet (no art, no texts, no
# page): a game played with one names its cards as its ``PACK``. A deck moves to
# ``DECKS`` with its tradition (traditions.py) and its art (web/js/cardart.js).
# (The Napoletane moved with issue 44: none is engine-only now.)
ENGINE_DECKS: dict[str, tuple[str, ...]] = {}
