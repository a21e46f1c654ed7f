"""The catalogue of card traditions and their games, as data.

The traditions (decks: regions, card counts, links) are declared here; the games come
from each game's own DESCRIPTION (games/description.py), and each tradition's list of
games derives from the games' decks. The site's home and tradition pages are generated
from this at build time.
"""

from __future__ import annotations

from . import cards, lessons
from .games import DESCRIPTIONS, site_games
from .games.description import ENGINE, HELD

TRADITIONS = [
    {
        "id": "piacentine",
        "name": "Piacentine",
        "region": ["Piacenza", "Emilia-Romagna", "Italy"],
        "cards": 40,
        "suits": "spanish",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Italian_playing_cards#Piacentine",
                      "it": "https://it.wikipedia.org/wiki/Carte_piacentine"},
    },
    {
        "id": "siciliane",
        "name": "Siciliane",
        "region": ["Sicily", "Italy"],
        "cards": 40,
        "suits": "spanish",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Italian_playing_cards#Siciliane",
                      "it": "https://it.wikipedia.org/wiki/Carte_siciliane"},
    },
    {
        "id": "bresciane",
        "name": "Bresciane",
        "region": ["Brescia", "Lombardy", "Italy"],
        "cards": 52,
        "suits": "italian",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Italian_playing_cards#Bresciane",
                      "it": "https://it.wikipedia.org/wiki/Carte_bresciane"},
    },
    {
        "id": "tarocco-piemontese",
        "name": "Tarocco Piemontese",
        "region": ["Piedmont", "Italy"],
        "cards": 78,
        "suits": "italian",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Tarocco_Piemontese",
                      "it": "https://it.wikipedia.org/wiki/Tarocco_piemontese"},
    },
    {
        "id": "minchiate",
        "name": "Minchiate",
        "region": ["Florence", "Tuscany", "Italy"],
        "cards": 97,
        "suits": "italian",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Minchiate",
                      "it": "https://it.wikipedia.org/wiki/Minchiate"},
    },
    {
        "id": "napoletane",
        "name": "Napoletane",
        "region": ["Naples", "Campania", "Italy"],
        "cards": 40,
        "suits": "spanish",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Italian_playing_cards#Napoletane",
                      "it": "https://it.wikipedia.org/wiki/Carte_napoletane"},
    },
]

# The games of the site's catalogue, from each game's DESCRIPTION (games/description.py),
# in catalogue order: the listed ones (playable, or coming soon). "layout" tells the
# table how to lay the middle out: "fishing" (cards captured from the table) or
# "tricks"; "stock" whether cards are drawn from a stock during the deal.
GAMES = {d.id: d.catalogue_entry() for d in site_games()}

# Each tradition's games: the listed games played with its deck, in catalogue order.
for _t in TRADITIONS:
    _t["games"] = [d.id for d in site_games() if _t["id"] in d.decks]

# Games the engine plays (games/, the command line, the arena) that the site does not
# list yet (their DESCRIPTION's site is ENGINE), and games it lists as coming soon (HELD).
ENGINE_ONLY: frozenset[str] = frozenset(gid for gid, d in DESCRIPTIONS.items() if d.site == ENGINE)
HELD_BACK: frozenset[str] = frozenset(gid for gid, d in DESCRIPTIONS.items() if d.site == HELD)


def tradition(tradition_id: str) -> dict:
    for t in TRADITIONS:
        if t["id"] == tradition_id:
            return t
    raise KeyError(tradition_id)


def catalogue(playable: set[str] | None = None) -> dict:
    """The whole catalogue as JSON-ready data; ``playable`` marks the games the engine implements."""
    if playable is None:
        from .games import REGISTRY
        playable = set(REGISTRY)
    playable = set(playable) - HELD_BACK
    for t in TRADITIONS:
        assert len(cards.DECKS[t["id"]]) == t["cards"], t["id"]
    return {
        "traditions": TRADITIONS,
        "games": {gid: dict(g, playable=gid in playable, lesson=lessons.catalogue_entry(gid))
                  for gid, g in GAMES.items()},
    }
