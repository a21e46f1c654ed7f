"""Briscola a 4 and Scopone (issue 43) and both forms of Tressette (issue 44) are
engine-only games for now: the engine, the command line and the arena play them, the
site does not list them until their table, lesson, terms and catalogue texts land (traditions.ENGINE_ONLY). One explicit
list, checked here, rather than a weaker check for the site's games."""

import json

from cardavia.bridge import Bridge
from cardavia.games import REGISTRY
from cardavia.traditions import ENGINE_ONLY, GAMES, catalogue


def test_every_registered_game_is_a_site_game_or_named_engine_only():
    assert set(REGISTRY) == set(GAMES) | ENGINE_ONLY
    assert not set(GAMES) & ENGINE_ONLY


def test_the_partnership_forms_are_engine_only_and_absent_from_the_catalogue():
    assert ENGINE_ONLY == {"briscola4", "scopone"}  # both forms of Tressette are on the site (issue 44)
    assert {"briscola4", "scopone"} <= set(REGISTRY)
    listed = catalogue(set(REGISTRY))["games"]
    assert not ENGINE_ONLY & set(listed)
    reply = json.loads(Bridge().handle(json.dumps({"id": 1, "op": "catalogue"})))
    assert not ENGINE_ONLY & set(json.dumps(reply).replace('"', " ").split())
