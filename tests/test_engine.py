"""Properties every game must have, run over every registered game: seeded
random play keeps the invariants, observations and computer inputs never leak
hidden cards, save/restore and replay are exact, illegal actions change nothing."""

import json
import random

import pytest

from cardavia.ai import ExpertPlayer, NormalPlayer, View
from cardavia.evaluation import simulate
from cardavia.games import REGISTRY, load_state, new_game
from cardavia.games.base import IllegalAction
from cardavia.match import Match, replay

GAMES = sorted(REGISTRY)
# The game modules with their own rules tests also run >= 1,000 seeded deals there;
# these generic runs cover the two-player games' quota.
DEALS = {"briscola": 1000, "scopa": 1000}


def random_states(game, count, seed=0):
    """States at random points of seeded random games."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = new_game(game, rng.randrange(10**6))
        stop = rng.randrange(60)
        for _ in range(stop):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions())["id"])
        out.append(s)
    return out


@pytest.mark.parametrize("game", sorted(DEALS))
def test_seeded_random_play_keeps_every_invariant(game):
    deals = 0
    seed = 1000
    while deals < DEALS[game]:
        out = simulate(game, 50, seed)
        assert out["errors"] == 0, out["error_samples"]
        assert out["actions"] > 0
        deals += out["deals"]
        seed += 50


def _cards_in(action):
    return {action.get("card")} | set(action.get("captures", ())) | set(action.get("cards", ()))


@pytest.mark.parametrize("game", GAMES)
def test_observation_holds_no_hidden_card_of_another_seat(game):
    for s in random_states(game, 60):
        for seat in range(s.NUM_SEATS):
            hidden = s.hidden_cards(seat)
            assert not s.observation_cards(seat) & hidden
            # A computer player's only route to hidden cards is View.sample.
            view = View(s, seat)
            if s.current_player() == seat:
                for legal in view.legal_actions():
                    assert not _cards_in(legal) & hidden


@pytest.mark.parametrize("game", GAMES)
def test_determinize_depends_only_on_the_seat_view(game):
    """Two states that differ only in cards hidden from a seat give that seat
    the same observation, the same samples and the same computer choice."""
    for s in random_states(game, 30, seed=5):
        if s.is_terminal():
            continue
        for seat in range(s.NUM_SEATS):
            twin = s.determinize(seat, random.Random(99))  # same view, other hidden cards
            assert twin.observation(seat) == s.observation(seat)
            a = s.determinize(seat, random.Random(7)).to_json()
            b = twin.determinize(seat, random.Random(7)).to_json()
            assert a == b
            twin.check_invariants()
        seat = s.current_player()
        twin = s.determinize(seat, random.Random(3))
        # The same computer choice at both search levels (no clock: deterministic).
        for player in (NormalPlayer(samples=8, budget_ms=float("inf")),
                       ExpertPlayer(samples=4, budget_ms=float("inf"))):
            assert player.choose(View(s, seat), random.Random(1)) == \
                player.choose(View(twin, seat), random.Random(1))


@pytest.mark.parametrize("game", GAMES)
def test_events_shown_to_a_seat_hold_no_card_hidden_from_it(game):
    for seed in range(20):
        s = new_game(game, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            for seat in range(s.NUM_SEATS):
                hidden = s.hidden_cards(seat)
                events = s.events_for(seat)
                # Cards of earlier deals were seen then re-shuffled: check this deal's.
                last_deal = max(i for i, e in enumerate(events) if e["type"] == "dealt")
                text = json.dumps(events[last_deal:])
                assert not any(f'"{c}"' in text for c in hidden)
            s.apply(rng.choice(s.legal_actions())["id"])


@pytest.mark.parametrize("game", GAMES)
def test_save_restore_gives_identical_continuations(game):
    rng = random.Random(42)
    for s in random_states(game, 20, seed=11):
        restored = load_state(json.loads(json.dumps(s.to_json())))
        assert restored.to_json() == s.to_json()
        while not s.is_terminal():
            action = rng.choice(s.legal_actions())["id"]
            assert [a["id"] for a in restored.legal_actions()] == \
                [a["id"] for a in s.legal_actions()]
            s.apply(action)
            restored.apply(action)
        assert restored.to_json() == s.to_json()
        assert restored.result() == s.result()


@pytest.mark.parametrize("game", GAMES)
def test_illegal_actions_raise_and_change_nothing(game):
    for s in random_states(game, 20, seed=3):
        if s.is_terminal():
            continue
        before = s.to_json()
        for bad in ("play:ZZ", "", "discard:AS+AS", "play:" + "T99"):
            with pytest.raises(IllegalAction):
                s.apply(bad)
            assert s.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_replay_from_seed_and_actions_reproduces_the_match(game):
    cls = REGISTRY[game]
    seats = [{"kind": "ai", "level": "greedy"}] * cls.NUM_SEATS
    m = Match(game, seed=123, seats=seats)
    while m.advance():
        pass
    assert m.state.is_terminal()
    again = replay(game, 123, None, m.log)
    assert again.to_json() == m.state.to_json()
    restored = Match.restore(json.loads(json.dumps(m.save())))
    assert restored.state.to_json() == m.state.to_json()
    # The computers are deterministic too: the same seed gives the same match.
    m2 = Match(game, seed=123, seats=seats)
    while m2.advance():
        pass
    assert m2.log == m.log
