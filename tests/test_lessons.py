"""The guided first deals (cardavia.lessons): every lesson, played as the coach says
through the bridge, shows each of its moments; the moment detector on hand-built
events and snapshots; the bridge's lesson flag; a coach message for every moment in
every catalogue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardavia import lessons, lessonwalk
from cardavia.bridge import Bridge
from lessonwalks import walked

I18N = Path(__file__).resolve().parent.parent / "web" / "i18n"
LESSON_DECKS = [(g, d) for g, lesson in lessons.LESSONS.items() for d in lesson["deals"]]


@pytest.mark.parametrize("game,deck", LESSON_DECKS)
def test_following_the_coach_shows_every_moment_and_wins(game, deck):
    out = walked(game, deck)
    got = [m["id"] for m in out["moments"]]
    assert sorted(got) == sorted(lessons.LESSONS[game]["moments"]), got
    assert out["turns"] >= 10  # a whole deal, not a fragment
    assert out["won"]  # doing what the coach says wins the lesson's deal


def ask(bridge, **fields):
    res = bridge.handle_obj(json.dumps(fields))
    return res


# ------------------------------------------------------------------ the fixed moves
def play_stored(game: str, deck: str) -> tuple[list, set[str], dict]:
    """A lesson through the bridge, the learner playing its own stored moves (no hint asked):
    the match's log, the moments the responses showed, the last response."""
    entry = lessons.stored_moves()[game][deck]
    b = Bridge()
    res = ask(b, op="new_match", game=game, deck=deck, lesson=True)
    seen = {m["id"] for m in res["moments"]}
    # the lesson is its first deal (Scopa's match goes on to another)
    while res["snapshot"]["to_move"] is not None and not any(ev["type"] == "deal_scored" for ev in res["events"]):
        if res["snapshot"]["your_turn"]:
            res = ask(b, op="act", action=entry["moves"][len(b.match.log)][1])
        else:
            res = ask(b, op="advance")
        assert res["ok"], res
        seen |= {m["id"] for m in res["moments"]}
    return b.match.log, seen, res


@pytest.mark.parametrize("game,deck", LESSON_DECKS)
def test_every_lesson_has_fixed_moves_that_show_its_moments(game, deck):
    entry = lessons.stored_moves()[game][deck]
    assert (entry["seed"], entry["seat"]) == lessons.deal_for(game, deck)
    log, seen, res = play_stored(game, deck)
    assert log == entry["moves"]  # every computer move the stored one
    assert seen == set(lessons.LESSONS[game]["moments"])
    assert any(ev["type"] == "deal_scored" for ev in res["events"])
    assert lessonwalk._won(res["snapshot"])  # the learner's side won it


@pytest.mark.parametrize("game,deck", LESSON_DECKS)
def test_the_coach_suggests_the_stored_moves(game, deck):
    assert walked(game, deck)["log"] == lessons.stored_moves()[game][deck]["moves"]


class Blunderer:
    """A computer level that always plays the last legal move: any level but the one the
    moves were stored with."""

    def choose(self, view, rng):
        return view.state.legal_actions()[-1]["id"]


def test_another_computer_level_does_not_move_a_lesson(monkeypatch):
    import cardavia.match
    monkeypatch.setattr(cardavia.match, "make_player", lambda level: Blunderer())
    for game, deck in LESSON_DECKS:
        log, seen, _ = play_stored(game, deck)
        assert log == lessons.stored_moves()[game][deck]["moves"], (game, deck)
        assert seen == set(lessons.LESSONS[game]["moments"]), (game, deck)


def test_another_expert_does_not_move_the_coachs_suggestion(monkeypatch):
    from cardavia.ai import advice
    real = advice.analyse

    def other_expert(*args, **kwargs):  # an expert that prefers its last searched move
        found = real(*args, **kwargs)
        return dict(found, best=len(found["actions"]) - 1)

    monkeypatch.setattr(advice, "analyse", other_expert)
    moves = lessons.stored_moves()["briscola"]["piacentine"]["moves"]
    b = Bridge()
    res = ask(b, op="new_match", game="briscola", lesson=True)
    hinted = 0
    while hinted < 3:
        if not res["snapshot"]["your_turn"]:
            res = ask(b, op="advance")
            continue
        n = len(b.match.log)
        res = ask(b, op="hint")
        assert res["hint"] == moves[n][1] and res["advice"]["action"] == moves[n][1]
        assert res["advice"]["choices"][0]["action"] == moves[n][1]
        hinted += 1
        res = ask(b, op="act", action=res["hint"])


def test_a_learner_who_leaves_the_stored_moves_plays_the_computers_level():
    moves = lessons.stored_moves()["briscola"]["piacentine"]["moves"]
    b = Bridge()
    res = ask(b, op="new_match", game="briscola", lesson=True)
    while not res["snapshot"]["your_turn"]:
        res = ask(b, op="advance")
    other = next(a["id"] for a in res["snapshot"]["legal"] if a["id"] != moves[len(b.match.log)][1])
    res = ask(b, op="act", action=other)
    assert b.match.scripted() is None
    while res["snapshot"]["to_move"] is not None and not res["snapshot"]["your_turn"]:
        seat = b.match.to_move
        expected = b.match.computer_choice(seat)  # the normal level's own move
        res = ask(b, op="advance")
        assert b.match.log[-1] == [seat, expected]
    # undone back onto the stored moves, the computers play them again
    ask(b, op="undo")
    assert b.match.log == moves[:len(b.match.log)]
    assert b.match.scripted() == moves[len(b.match.log)][1]  # the learner's stored move, for the hint
    res = ask(b, op="act", action=moves[len(b.match.log)][1])
    if not res["snapshot"]["your_turn"]:
        n = len(b.match.log)
        ask(b, op="advance")
        assert b.match.log[n] == moves[n]


def test_a_restored_lesson_keeps_its_fixed_moves():
    moves = lessons.stored_moves()["briscola"]["piacentine"]["moves"]
    b = Bridge()
    ask(b, op="new_match", game="briscola", lesson=True)
    save = ask(b, op="save")["save"]
    again = Bridge()
    ask(again, op="restore", save=save, lesson=True)
    assert again.match.script == moves
    plain = Bridge()
    ask(plain, op="restore", save=save)
    assert plain.match.script is None  # not a lesson: no fixed moves


def test_bridge_lesson_deals_its_seed_and_seat_at_normal_level():
    """Off its fixed moves, a lesson's computers play ``normal``."""
    b = Bridge()
    res = ask(b, op="new_match", game="tarocchi", lesson=True, level="expert", seed=5)
    seed, seat = lessons.deal_for("tarocchi", "tarocco-piemontese")
    assert res["ok"] and res["snapshot"]["seat"] == seat and res["snapshot"]["lesson"] is True
    assert res["snapshot"]["level"] == "normal"
    assert b.match.seed == seed
    # the learner (seat 1) deals in this lesson: the first thing asked is the discard
    assert [m["id"] for m in res["moments"]] == ["discard"]


def test_bridge_lesson_errors_and_ordinary_matches_have_no_moments():
    b = Bridge()
    assert ask(b, op="new_match", game="scopa", lesson="yes")["error"]["code"] == "bad_request"
    res = ask(b, op="new_match", game="scopa", seed=3)
    assert "moments" not in res and "lesson" not in res["snapshot"]


def test_restore_keeps_a_lesson_only_when_asked_and_practice_leaves_it():
    b = Bridge()
    ask(b, op="new_match", game="briscola", lesson=True)
    save = ask(b, op="save")["save"]
    again = Bridge()
    assert "moments" not in ask(again, op="restore", save=save)
    res = ask(again, op="restore", save=save, lesson=True)
    assert res["ok"] and res["moments"] == [] and res["snapshot"]["lesson"]
    res = ask(again, op="practice", index=0)
    assert res["ok"] and "moments" not in res


def test_catalogue_offers_a_lesson_for_every_game():
    cat = ask(Bridge(), op="catalogue")["catalogue"]["games"]
    for game, lesson in lessons.LESSONS.items():
        entry = cat[game]["lesson"]
        assert {k: entry[k] for k in ("moments", "decks")} == {"moments": list(lesson["moments"]), "decks": sorted(lesson["deals"])}
        # what the coach points at, for moments of this lesson only
        assert entry["points_at"] and set(entry["points_at"]) <= set(lesson["moments"])
    assert cat["tarocchi"]["lesson"]["points_at"]["trump"] == "table"  # no stock: the duty to trump
    assert cat["briscola"]["lesson"]["points_at"]["trump"] == "stock"  # the turned-up trump


# ------------------------------------------------------------------ the detector, by hand
def snap(**fields):
    base = {"seat": 0, "players": 2, "teams": [[0], [1]], "your_turn": False, "legal": []}
    return dict(base, **fields)


def test_briscola_trump_take_is_the_learners_trick_won_with_a_trump_on_a_plain_lead():
    s = snap(trump_suit="B", stock=10)
    won = {"type": "trick_won", "seat": 0, "cards": ["AD", "2B"], "points": 11}
    assert lessons.moments("briscola", [won], s) == [{"id": "trump_take", "card": "2B", "points": 11}]
    # a trump led, the other seat winning, or no points: not this moment
    assert lessons.moments("briscola", [dict(won, cards=["2B", "AB"])], s) == []
    assert lessons.moments("briscola", [dict(won, seat=1)], s) == []
    assert lessons.moments("briscola", [dict(won, cards=["4D", "2B"], points=0)], s) == []


def test_briscola_last_draw_is_when_drawing_empties_the_stock():
    drew = [{"type": "drew", "seat": 0, "card": "KS"}, {"type": "drew", "seat": 1}]
    assert lessons.moments("briscola", drew, snap(stock=0)) == [{"id": "last_draw"}]
    assert lessons.moments("briscola", drew, snap(stock=2)) == []
    assert lessons.moments("briscola", [], snap(stock=0)) == []


def test_scopa_choice_is_a_card_with_two_captures_on_the_learners_turn():
    legal = [{"id": "play:7C:4B+3S", "type": "capture", "card": "7C", "captures": ["4B", "3S"]},
             {"id": "play:7C:7S", "type": "capture", "card": "7C", "captures": ["7S"]},
             {"id": "play:2D", "type": "place", "card": "2D"}]
    assert lessons.moments("scopa", [], snap(your_turn=True, legal=legal)) == \
        [{"id": "choice", "card": "7C", "options": 2}]
    assert lessons.moments("scopa", [], snap(your_turn=True, legal=legal[1:])) == []


def test_scopa_settebello_and_sweep_say_whose():
    evs = [{"type": "captured", "seat": 1, "card": "7C", "cards": ["7D"]}, {"type": "sweep", "seat": 1}]
    assert lessons.moments("scopa", evs, snap()) == [
        {"id": "settebello", "seat": 1, "card": "7D", "mine": False},
        {"id": "sweep", "seat": 1, "mine": False}]


def test_cicera_partner_picada_and_matta():
    s = snap(players=4, teams=[[0, 2], [1, 3]])
    evs = [{"type": "captured", "seat": 2, "card": "5C", "cards": ["5D"]},
           {"type": "bonus", "seat": 2, "team": 0, "bonus": "picada", "points": 1},
           {"type": "captured", "seat": 3, "card": "2C", "cards": ["2S"]}]
    assert [m["id"] for m in lessons.moments("cicera", evs, s)] == ["partner", "picada", "matta"]
    assert lessons.moments("cicera", evs[2:], s)[0]["mine"] is False


def test_tarocchi_duties_come_from_the_snapshot_refusals():
    s = snap(players=4, teams=[[0, 2], [1, 3]], your_turn=True, phase="play",
             play_blocks={"AC": {"code": "trump", "suit": "D", "card": "T5"}})
    assert lessons.moments("tarocchi", [], s) == [{"id": "trump", "suit": "D", "card": "T5"}]
    assert lessons.moments("tarocchi", [], dict(s, your_turn=False)) == []
    played = [{"type": "played", "seat": 3, "card": "T0"}]
    assert lessons.moments("tarocchi", played, dict(s, play_blocks={})) == [{"id": "matto", "seat": 3, "card": "T0"}]


def test_minchiate_kill_names_the_team_that_scored_it():
    s = snap(players=4, teams=[[0, 2], [1, 3]])
    kill = {"type": "scored", "kind": "kill", "points": [0, 5], "cards": ["T35"], "seat": 1}
    assert lessons.moments("minchiate", [kill], s) == [{"id": "kill", "cards": ["T35"], "points": 5, "mine": False}]


def test_every_moment_has_coach_words_in_every_catalogue():
    for lang in ("en", "it", "fa", "ar", "vi"):
        cat = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
        missing = [f"coach.{g}.{m}" for g, lesson in lessons.LESSONS.items() for m in lesson["moments"]
                   if f"coach.{g}.{m}" not in cat]
        missing += [f"coach.{g}.intro" for g in lessons.LESSONS if f"coach.{g}.intro" not in cat]
        assert not missing, (lang, missing)
