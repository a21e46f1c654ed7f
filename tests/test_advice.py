"""Hints and reviews over every registered game: the reason a hint states is
checked against each game's rules, worked out here from the rules modules'
own tables (card points, trick winner, captures), not from the facts advice.py
reads; small sample counts keep the searches fast."""

from __future__ import annotations

import json
import random

import pytest

from cardavia import cards
from cardavia.ai import advice
from cardavia.bridge import Bridge
from cardavia.games import REGISTRY, new_game
from cardavia.games import briscola, cicera, minchiate, scopa, tarocchi, tressette

GAMES = sorted(REGISTRY)
CODES = {"only_move", "sweeps", "takes_settebello", "captures", "leaves_no_sweep",
         "wins_trick", "saves_points", "keeps_trump_ace", "leads_low", "banks_points",
         "best_average", "best_chance"}
FISHING = {"scopa": scopa, "scopone": scopa, "cicera": cicera}

# The rules' card points and trick winner, by game (a trick is [[seat, card], ...]).
POINTS = {"briscola": briscola.card_points, "briscola4": briscola.card_points, "tarocchi": tarocchi.CARD_POINTS.__getitem__,
          "minchiate": minchiate.CARD_POINTS.__getitem__,
          # TR6: an Asso is 3 thirds, a whole point by itself; the others a third or nothing
          "tressette": lambda c: tressette.THIRDS.get(c[:-1], 0) // 3,
          "tressette4": lambda c: tressette.THIRDS.get(c[:-1], 0) // 3}
TRUMP = {"tarocchi": lambda s, c: c[0] == "T" and c != cards.MATTO,
         "minchiate": lambda s, c: c[0] == "T" and c != cards.MATTO,
         "briscola": lambda s, c: c[-1] == s.trump_suit,
         "briscola4": lambda s, c: c[-1] == s.trump_suit,
         "tressette": lambda s, c: False, "tressette4": lambda s, c: False}  # TR4: no trumps


def _winner(game, state, trick) -> int:
    if game == "briscola":
        return trick[briscola.trick_winner(trick[0][1], trick[1][1], state.trump_suit)][0]
    if game == "briscola4":  # winning so far: the players after may still beat it
        return trick[briscola.winning_index([c for _, c in trick], state.trump_suit)][0]
    if game in ("tressette", "tressette4"):  # TR4: winning so far, the highest of the led suit
        return trick[tressette.winning_index([c for _, c in trick])][0]
    return (tarocchi if game == "tarocchi" else minchiate).trick_winner(trick)


def _positions(game, seeds=range(30)):
    """Seeded positions part-way into a deal, with the seat to move."""
    for seed in seeds:
        s = new_game(game, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 60)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions())["id"])
        if not s.is_terminal() and s.current_player() is not None:
            yield seed, s


def check_reason(game: str, s, action: dict, reason: dict) -> None:
    """The stated reason is true by the game's rules in position ``s``."""
    code = reason["code"]
    assert code in CODES
    legal = s.legal_actions()
    if code == "only_move":
        assert len(legal) == 1
        return
    if code in ("sweeps", "takes_settebello", "captures", "leaves_no_sweep"):
        module = FISHING[game]
        deck = s.pack()
        table = list(s.table)
        taken = action.get("captures", [])
        if code == "sweeps":
            assert action["type"] == "capture" and sorted(taken) == sorted(table)
        elif code == "takes_settebello":
            assert game in ("scopa", "scopone") and "7D" in taken + [action["card"]]
        elif code == "captures":
            assert reason["cards"] == len(taken)  # the table's cards, not the card played
        else:
            rest = [t for t in table if t not in taken] if taken else table + [action["card"]]
            assert not any(sorted(o) == sorted(rest) for c in deck
                           for o in module.capture_options(c, rest)), (table, action)
        return
    if code == "banks_points":
        # T: the dealer's discard counts for his team; M6: Minchiate's counts for nobody.
        assert game == "tarocchi", (game, action)
        assert reason["points"] == sum(tarocchi.CARD_POINTS[c] for c in action["cards"]) > 0
        return
    if code in ("wins_trick", "saves_points", "keeps_trump_ace", "leads_low"):
        points = POINTS[game]
        card = action["card"]
        trick = [list(t) for t in s.trick]
        if code == "wins_trick":
            assert trick and _winner(game, s, trick + [[s.to_move, card]]) == s.to_move
            won = [c for _, c in trick] + [card]
            assert reason["points"] == sum(points(c) for c in won if c != cards.MATTO) > 0
        elif code == "saves_points":
            assert trick and _winner(game, s, trick + [[s.to_move, card]]) != s.to_move
            most = max(points(a["card"]) for a in legal)
            assert reason["points"] == most - points(card) > 0
        elif code == "keeps_trump_ace":
            assert game in ("briscola", "briscola4") and not trick
            kept = reason["card"]
            assert kept in s.hands[s.to_move] and kept[-1] == s.trump_suit and kept[:-1] in "A3"
            assert card != kept
        else:
            assert not trick and points(card) == 0 and not TRUMP[game](s, card)
        return
    assert code in ("best_average", "best_chance")


@pytest.mark.parametrize("game", GAMES)
def test_hint_reasons_are_true_by_the_rules_of_every_game(game):
    seen = set()
    for seed, s in _positions(game):
        seat = s.current_player()
        h = advice.hint(s, seat, random.Random(seed), samples=3)
        action = next(a for a in s.legal_actions() if a["id"] == h["action"])
        check_reason(game, s, action, h["reason"])
        assert h["choices"][0]["action"] == h["action"]
        seen.add(h["reason"]["code"])
    # The seeded positions reach the game's own reasons, not only the fallback.
    own = seen - {"best_average", "best_chance", "only_move"}
    assert own, (game, seen)


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_move_is_explained_truly(game):
    """explain() on each legal action (as the best one), not just the hinted one."""
    for seed, s in _positions(game, range(10)):
        legal = s.legal_actions()
        points = [0.0] * len(legal)
        for i, action in enumerate(legal):
            check_reason(game, s, action, advice.explain(s, action, legal, points, i))


def _minchiate_discard_position():
    for seed in range(200):
        s = new_game("minchiate", seed)
        if s.phase == "discard":
            return s
    raise AssertionError("no seeded Minchiate deal starts with a discard")


def test_minchiate_discard_of_the_three_of_coins_banks_nothing():
    # The bug: advice fell back to Briscola's card points, so a Minchiate hint
    # for discarding the 3 of Coins said it "banks 10 points". By §4.2 the card
    # is worth 0, and by M6 a discard scores for nobody.
    s = _minchiate_discard_position()
    legal = s.legal_actions()
    three = {"id": "discard:3C", "type": "discard", "card": "3C"}
    assert minchiate.CARD_POINTS["3C"] == 0 and briscola.card_points("3C") == 10
    reason = advice.explain(s, three, legal + [three], [1.0] * len(legal) + [2.0],
                            len(legal))
    assert reason == {"code": "best_average", "gain": 1.0}
    h = advice.hint(s, s.current_player(), random.Random(1), samples=3)
    assert h["reason"]["code"] != "banks_points"


def test_tarocchi_discard_banks_its_card_points():
    s = new_game("tarocchi", 3)
    assert s.phase == "discard"
    legal = s.legal_actions()
    worth = max(legal, key=lambda a: sum(tarocchi.CARD_POINTS[c] for c in a["cards"]))
    pts = sum(tarocchi.CARD_POINTS[c] for c in worth["cards"])
    reason = advice.explain(s, worth, legal, [0.0] * len(legal), legal.index(worth))
    assert pts > 0 and reason == {"code": "banks_points", "points": pts}


def test_a_trick_with_the_matto_brings_its_winner_no_matto_points():
    # Minchiate M11: the Matto goes back to its own team; the trick's points are
    # the others' only. Seat 1 led the Matto (5), seat 2 the King of Coppe (5);
    # seat 3, void in Coppe, trumps with the 6 (0): the trick brings 5, not 10.
    from test_minchiate import position
    s = position({3: "T6 T7", 0: "3C"}, trick="T0 KC", leader=1)
    legal = s.legal_actions()
    six = next(a for a in legal if a["card"] == "T6")
    reason = advice.explain(s, six, legal, [0.0] * len(legal), legal.index(six))
    assert trick_won_by_mover(s, "T6") and reason == {"code": "wins_trick", "points": 5}


def trick_won_by_mover(s, card) -> bool:
    return minchiate.trick_winner([list(t) for t in s.trick] + [[s.to_move, card]]) == s.to_move


def _greedy_deal(game, seed):
    """A whole deal through the bridge, the human playing its first legal action."""
    b = Bridge()
    r = b.handle_obj(json.dumps({"op": "new_match", "game": game, "seed": seed,
                                 "level": "greedy"}))
    while not r["snapshot"]["sheets"]:
        op = {"op": "act", "action": r["snapshot"]["legal"][0]["id"]} \
            if r["snapshot"]["your_turn"] else {"op": "advance"}
        r = b.handle_obj(json.dumps(op))
        assert r["ok"], r
    return b


@pytest.mark.parametrize("game", GAMES)
def test_review_checks_each_of_the_humans_moves_in_every_game(game):
    b = _greedy_deal(game, 5)
    m = b.match
    moves = [i for i, (seat, _a) in enumerate(m.log) if seat == b.human]
    review = advice.review(lambda _k: new_game(m.game, m.seed, m.deck), m.log, b.human,
                           m.seed, samples=2, threshold=1e9)
    assert review["deal"] == 1 and review["checked"] == len(moves) > 0
    assert review["mistakes"] == []  # no move is 1e9 points worse than the best
