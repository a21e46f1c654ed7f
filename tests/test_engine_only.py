"""A game the engine plays but the site does not list yet is named in one explicit list,
traditions.ENGINE_ONLY (the command line and the arena play it; the site lists it once its
table, lesson, terms and catalogue texts land). Since Briscola a 4 and Scopone (issue 43) and
both forms of Tressette (issue 44) came to the site, the list is empty: every registered game
is the site's. One explicit list, checked here, rather than a weaker check for the site's games."""

import json

from cardavia.bridge import Bridge
from cardavia.games import REGISTRY
from cardavia.traditions import ENGINE_ONLY, GAMES, catalogue


def test_every_registered_game_is_a_site_game_or_named_engine_only():
    assert set(REGISTRY) == set(GAMES) | ENGINE_ONLY
    assert not set(GAMES) & ENGINE_ONLY


def test_every_game_is_on_the_site_and_in_the_bridges_catalogue():
    assert ENGINE_ONLY == set()
    assert {"briscola4", "scopone", "tressette", "tressette4"} <= set(GAMES)
    listed = catalogue(set(REGISTRY))["games"]
    assert set(listed) == set(REGISTRY)
    reply = json.loads(Bridge().handle(json.dumps({"id": 1, "op": "catalogue"})))
    assert set(reply["catalogue"]["games"]) == set(REGISTRY)
