"""Information hiding, checked against a hidden set the test works out itself.

What a seat may know comes from the rules, not from the game's own
``hidden_cards()`` (a game that forgot a secret would agree with itself): its own
hand, the cards on public places (table, trick, captured piles, unclaimed cards),
Briscola's face-up trump (B1: it lies face up under the stock and is drawn last,
so everyone knows where it went; the same in Briscola a 4, B4-3, B4-9), Tressette's drawn
cards (TR8: each is shown to both) and Tarocchi's discard for the dealer, or for
everyone once the deal is over (T10). Every other card of the pack is hidden.

The check covers every route out of the engine: the observation, the events,
the bridge's snapshot and events, the bridge's save (docs/protocol.md, "Threat
model") and the greedy player's one-ply knowledge (``greedy_key``).
"""

import json
import random
import re

import pytest

from cardavia.ai import View
from cardavia.bridge import Bridge
from cardavia.games import REGISTRY, new_game
from cardavia.match import SAVE_KEYS

GAMES = sorted(REGISTRY)
PUBLIC_PLACES = ("table", "trick", "pile0", "pile1", "unclaimed")


def known_to(state, seat: int) -> set[str]:
    places = state.card_locations()
    known = set(places.get(f"hand{seat}", ()))
    for place in PUBLIC_PLACES:
        known.update(places.get(place, ()))
    if state.GAME_ID in ("briscola", "briscola4"):
        known.add(state.trump)
    if "discard" in places and (seat == getattr(state, "dealer", None) or state.is_terminal()):
        known.update(places["discard"])
    if state.GAME_ID == "minchiate":
        known |= minchiate_known(state, seat, places)
    if state.GAME_ID == "tressette":  # TR8: each card drawn in this deal was shown to both
        events = state.events_for(None)
        start = max(i for i, e in enumerate(events) if e["type"] == "dealt")
        known.update(e["card"] for e in events[start:] if e["type"] == "drew")
    return known


def minchiate_known(state, seat: int, places: dict) -> set[str]:
    """Minchiate (rules §4.3): the cutter's steal, the dealer's shown 21st card, what the
    dealer robs and takes (pigliare) and the declared combinations are shown to all;
    the dealer looks through the fola, which everyone sees once revealed (M7); a seat
    knows its own discards, and everyone's once the deal is over (M6)."""
    known = set(state.stolen) | set(state.robbed) | set(state.pigliati)
    for card in (state.shown, state.rob_stop):  # the 21st card, and the fola card the robbing stopped at
        if card:
            known.add(card)
    for d in state.declarations:  # a combination shown with the Matto's bonus shows the Matto too
        known.update(d["cards"])
        if d.get("matto_bonus"):
            known.add("T0")
    if state.fola_revealed or seat == state.dealer:
        known.update(places["fola"])
    for p in range(4):
        if p == seat or state.is_terminal():
            known.update(places[f"discard{p}"])
    return known


def hidden_from(state, seat: int) -> set[str]:
    return set(state.pack()) - known_to(state, seat)


def cards_named(data) -> set[str]:
    """Every token of every string in a JSON value: action ids like
    ``play:7D:3C+4S`` name three cards."""
    text = json.dumps(data, ensure_ascii=False)
    return {t for s in re.findall(r'"((?:[^"\\]|\\.)*)"', text) for t in re.split(r"[:+ ]", s)}


def random_states(game, count, seed=0):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = new_game(game, rng.randrange(10**6))
        for _ in range(rng.randrange(70)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions())["id"])
        out.append(s)
    return out


def test_the_hidden_set_is_not_empty_and_not_everything():
    """The helper itself: at the start of a deal a seat knows its own hand (and the
    public cards) and nothing of the other hands."""
    for game in GAMES:
        s = new_game(game, 1)
        for seat in range(s.NUM_SEATS):
            hidden = hidden_from(s, seat)
            assert hidden and not hidden & set(s.card_locations()[f"hand{seat}"])
            other = (seat + 1) % s.NUM_SEATS
            hand = set(s.card_locations()[f"hand{other}"])
            if game == "minchiate":  # cards stolen or shown during the cut and deal are public
                hand -= minchiate_known(s, seat, s.card_locations())
            assert hand and hand <= hidden | {getattr(s, "trump", "")}


@pytest.mark.parametrize("game", GAMES)
def test_the_games_own_hidden_cards_match_the_rules(game):
    for s in random_states(game, 40, seed=2):
        for seat in range(s.NUM_SEATS):
            assert s.hidden_cards(seat) == hidden_from(s, seat), (game, seat)


@pytest.mark.parametrize("game", GAMES)
def test_observation_names_no_hidden_card(game):
    for s in random_states(game, 60):
        for seat in range(s.NUM_SEATS):
            assert not cards_named(s.observation(seat)) & hidden_from(s, seat)


@pytest.mark.parametrize("game", GAMES)
def test_events_shown_to_a_seat_name_no_card_hidden_from_it(game):
    for seed in range(15):
        s = new_game(game, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            for seat in range(s.NUM_SEATS):
                events = s.events_for(seat)
                # Cards of earlier deals were seen then re-shuffled: check this deal's.
                last_deal = max(i for i, e in enumerate(events) if e["type"] == "dealt")
                assert not cards_named(events[last_deal:]) & hidden_from(s, seat)
            s.apply(rng.choice(s.legal_actions())["id"])


@pytest.mark.parametrize("game", GAMES)
def test_greedy_key_depends_only_on_what_the_mover_sees(game):
    """The greedy player's knowledge is computed on the true state: it must give
    the same value on a state whose hidden cards were re-dealt."""
    rng = random.Random(4)
    compared = 0
    for s in random_states(game, 40, seed=9):
        if s.is_terminal():
            continue
        seat = s.current_player()
        for _ in range(3):
            twin = s.determinize(seat, rng)
            for action in s.legal_actions():
                assert View(s, seat).greedy_key(action) == View(twin, seat).greedy_key(action)
                compared += 1
    assert compared > 100


def _bridge_match(game, seed, seat):
    b = Bridge()
    r = json.loads(b.handle(json.dumps({"id": 1, "op": "new_match", "game": game, "seed": seed,
                                        "seat": seat, "level": "random"})))
    assert r["ok"], r
    return b, r


@pytest.mark.parametrize("game", GAMES)
def test_bridge_snapshots_and_events_name_no_hidden_card(game):
    cls = REGISTRY[game]
    for seed in range(3):
        for seat in range(cls.NUM_SEATS):
            b, r = _bridge_match(game, seed, seat)
            rng = random.Random(seed)
            while True:
                state = b.match.state
                last_deal = max((i for i, e in enumerate(r["events"]) if e["type"] == "dealt"),
                                default=0)
                leaked = cards_named([r["snapshot"], r["events"][last_deal:]]) \
                    & hidden_from(state, seat)
                assert not leaked, (game, seed, seat, sorted(leaked))
                if state.is_terminal():
                    break
                if r["snapshot"]["your_turn"]:
                    action = rng.choice(r["snapshot"]["legal"])["id"]
                    r = json.loads(b.handle(json.dumps({"id": 2, "op": "act",
                                                        "action": action})))
                else:
                    r = json.loads(b.handle('{"id": 3, "op": "advance"}'))
                assert r["ok"], r


@pytest.mark.parametrize("game", GAMES)
def test_pass_and_play_each_person_is_told_only_their_own_seat(game):
    """Every seat a person (pass-and-play; a host serving guests is the same bridge): each
    response is for the seat a request names, and names no card hidden from that seat,
    though the bridge holds everyone's hands."""
    cls = REGISTRY[game]
    people = list(range(cls.NUM_SEATS))
    for seed in range(2):
        b = Bridge()
        r = json.loads(b.handle(json.dumps({"id": 1, "op": "new_match", "game": game,
                                            "seed": seed, "humans": people})))
        assert r["ok"], r
        rng = random.Random(seed)
        seat, checked = 0, 0
        while True:
            state = b.match.state
            assert r["snapshot"]["seat"] == seat
            last_deal = max((i for i, e in enumerate(r["events"]) if e["type"] == "dealt"),
                            default=0)
            leaked = cards_named([r["snapshot"], r["events"][last_deal:]]) \
                & hidden_from(state, seat)
            assert not leaked, (game, seed, seat, sorted(leaked))
            checked += 1
            if state.is_terminal():
                break
            seat = state.current_player()  # the device passes to the person to move
            r = json.loads(b.handle(json.dumps({"id": 2, "op": "snapshot", "seat": seat})))
            assert r["snapshot"]["your_turn"] and r["snapshot"]["humans"] == people
            action = rng.choice(r["snapshot"]["legal"])["id"]
            r = json.loads(b.handle(json.dumps({"id": 3, "op": "act", "seat": seat,
                                                "action": action})))
            assert r["ok"], r
        assert checked > 20


@pytest.mark.parametrize("game", GAMES)
def test_the_save_is_only_the_replay_record(game):
    """The save (the page's autosave) holds the seed and the log and nothing else,
    and each logged action names only cards the table showed the human when it was
    made, except a computer dealer's discard (hidden at the table, T10). The save is
    the player's own storage and, by design, determines the deal through the seed:
    docs/protocol.md, "Threat model"."""
    cls = REGISTRY[game]
    for seed in range(4):
        seat = seed % cls.NUM_SEATS
        b, _ = _bridge_match(game, seed, seat)
        rng = random.Random(seed)
        while not b.match.state.is_terminal():
            m = b.match
            if m.to_move == seat:
                action = rng.choice(m.state.legal_actions())["id"]
                b.handle(json.dumps({"id": 2, "op": "act", "action": action}))
            else:
                b.handle('{"id": 3, "op": "advance"}')
        r = json.loads(b.handle('{"id": 4, "op": "save"}'))
        save = r["save"]
        assert set(save) == SAVE_KEYS
        replayed = new_game(game, save["seed"], save["deck"])
        pack = set(replayed.pack())
        for who, action in save["log"]:
            start = replayed.event_count
            replayed.apply(action)
            shown = cards_named(replayed.events_for(seat, start))
            unseen = cards_named([action]) & pack - shown
            if unseen:
                assert who != seat and action.startswith("discard:"), (game, seed, action)
        assert replayed.to_json() == b.match.state.to_json()
