"""Properties every game must have, run over every registered game: seeded
random play keeps the invariants, computer inputs come from the seat's view,
save/restore and replay are exact, illegal actions change nothing. (Information
leaks: test_information.py.)"""

import json
import random

import pytest

from cardavia.ai import ExpertPlayer, NormalPlayer, View
from cardavia.evaluation import simulate
from cardavia.games import REGISTRY, load_state, new_game
from cardavia.games.base import IllegalAction
from cardavia.match import Match, replay
from scale import count

GAMES = sorted(REGISTRY)
# The game modules with their own rules tests also run >= 1,000 seeded deals there;
# these generic runs cover the two-player games' quota.
DEALS = {"briscola": count(1000), "scopa": count(1000)}  # tests/scale.py


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


@pytest.mark.parametrize("game", GAMES)
def test_a_computer_player_sees_no_hidden_card_in_its_legal_actions(game):
    """A computer player's only route to hidden cards is View.sample; what View lists
    names only cards of the mover's own hand (leak tests: test_information.py)."""
    for s in random_states(game, 60):
        if s.is_terminal():
            continue
        seat = s.current_player()
        own = set(s.card_locations()[f"hand{seat}"])
        for legal in View(s, seat).legal_actions():
            played = {legal.get("card")} | set(legal.get("cards", ())) - {None}
            assert played <= own, legal
            assert set(legal.get("captures", ())) <= set(s.card_locations().get("table", ()))


@pytest.mark.parametrize("game", GAMES)
def test_determinize_depends_only_on_the_seat_view(game):
    """Two states that differ only in cards hidden from a seat give that seat
    the same observation, the same samples and the same computer choice (the searches,
    the costly part, on every other state: 15 positions a game)."""
    for i, s in enumerate(random_states(game, 30, seed=5)):
        if s.is_terminal():
            continue
        for seat in range(s.NUM_SEATS):
            twin = s.determinize(seat, random.Random(99))  # same view, other hidden cards
            assert twin.observation(seat) == s.observation(seat)
            a = s.determinize(seat, random.Random(7)).to_json()
            b = twin.determinize(seat, random.Random(7)).to_json()
            assert a == b
            twin.check_invariants()
        if i % 2:
            continue
        seat = s.current_player()
        twin = s.determinize(seat, random.Random(3))
        # The same computer choice at both search levels (no clock: deterministic).
        for player in (NormalPlayer(samples=8, budget_ms=float("inf")),
                       ExpertPlayer(samples=4, budget_ms=float("inf"))):
            assert player.choose(View(s, seat), random.Random(1)) == \
                player.choose(View(twin, seat), random.Random(1))


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
