"""The catalogue of card traditions and their games, as data.

This is the one source of truth for ids, regions, card counts and links; the
site's home and tradition pages are generated from it at build time.
"""

from __future__ import annotations

from . import cards, lessons

TRADITIONS = [
    {
        "id": "piacentine",
        "name": "Piacentine",
        "region": ["Piacenza", "Emilia-Romagna", "Italy"],
        "cards": 40,
        "suits": "spanish",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Italian_playing_cards#Piacentine",
                      "it": "https://it.wikipedia.org/wiki/Carte_piacentine"},
        "games": ["briscola", "scopa"],
    },
    {
        "id": "siciliane",
        "name": "Siciliane",
        "region": ["Sicily", "Italy"],
        "cards": 40,
        "suits": "spanish",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Italian_playing_cards#Siciliane",
                      "it": "https://it.wikipedia.org/wiki/Carte_siciliane"},
        "games": ["scopa"],
    },
    {
        "id": "bresciane",
        "name": "Bresciane",
        "region": ["Brescia", "Lombardy", "Italy"],
        "cards": 52,
        "suits": "italian",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Italian_playing_cards#Bresciane",
                      "it": "https://it.wikipedia.org/wiki/Carte_bresciane"},
        "games": ["cicera"],
    },
    {
        "id": "tarocco-piemontese",
        "name": "Tarocco Piemontese",
        "region": ["Piedmont", "Italy"],
        "cards": 78,
        "suits": "italian",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Tarocco_Piemontese",
                      "it": "https://it.wikipedia.org/wiki/Tarocco_piemontese"},
        "games": ["tarocchi"],
    },
    {
        "id": "minchiate",
        "name": "Minchiate",
        "region": ["Florence", "Tuscany", "Italy"],
        "cards": 97,
        "suits": "italian",
        "wikipedia": {"en": "https://en.wikipedia.org/wiki/Minchiate",
                      "it": "https://it.wikipedia.org/wiki/Minchiate"},
        "games": ["minchiate"],
    },
]

# "layout" tells the table how to lay the middle out: "fishing" (cards captured from the
# table) or "tricks"; "stock" whether cards are drawn from a stock during the deal.
GAMES = {
    "briscola": {"id": "briscola", "name": "Briscola", "players": 2, "partnerships": False,
                 "decks": ["piacentine"], "format": "single_deal", "layout": "tricks", "stock": True},
    "scopa": {"id": "scopa", "name": "Scopa", "players": 2, "partnerships": False,
              "decks": ["piacentine", "siciliane"], "format": "match", "target": 11,
              "layout": "fishing", "stock": True},
    "cicera": {"id": "cicera", "name": "Cicera", "players": 4, "partnerships": True,
               "decks": ["bresciane"], "format": "single_deal", "layout": "fishing", "stock": False},
    "tarocchi": {"id": "tarocchi", "name": "Tarocchi", "players": 4, "partnerships": True,
                 "decks": ["tarocco-piemontese"], "format": "single_deal", "cards_in_play": 62,
                 "layout": "tricks", "stock": False},
    "minchiate": {"id": "minchiate", "name": "Minchiate", "players": 4, "partnerships": True,
                  "decks": ["minchiate"], "format": "single_deal", "layout": "tricks", "stock": False},
}


# Games the engine plays (games/, the command line, the arena) that are not games of
# the site yet: their table, lesson, terms and catalogue texts come later (issue 43's
# site half). The site's catalogue is ``GAMES`` above, which does not list them;
# tests/test_engine_only.py checks that every registered game is either in GAMES or
# here, and that these stay out of the catalogue until their site parts land.
ENGINE_ONLY: frozenset[str] = frozenset({"briscola4", "scopone"})

# Games the engine plays whose table is not ready yet: the site keeps showing them
# as coming soon until the lead removes them from this set.
HELD_BACK: frozenset[str] = frozenset()

# Wikipedia articles by language (English where the reader's language has none): the
# Italian titles are the it.wikipedia articles on each deck; fa, ar and vi have none.

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
