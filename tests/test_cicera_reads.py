"""The expert's reads in Cicera (``passed``, ``determinize_reading``): a player who
places a card where one of a rank would have taken a picada or a scopa shows it
lacks that rank, and the expert's sampled worlds never deal it one; the reads
come from public plays only."""

from __future__ import annotations

import random

from cardavia.ai.policies import policy_for

from test_cicera import position


def play(state, *ids):
    for i in ids:
        state.apply(i)
    return state


def declined_round():
    # Seat 0 places AC on the lone 3B (a 3 would have swept it): seat 1 could take AC for a picada (an Asso) or
    # sweep AC + 3B with a 4, and places 6D instead; seat 2 could take 6D (a 6)
    # or sweep 3+1+6 with a 10 and places 9C; seat 3 could take 9C (a 9) and
    # places JC (the numerals add up to 19: no sweep by a sum).
    s = position(["AC 2C 5C", "6D 7D 8D", "AD 4S 9C", "JC NC KC"], table="3B", to_move=0)
    return play(s, "play:AC", "play:6D", "play:9C", "play:JC")


def test_placing_past_a_picada_or_a_scopa_shows_the_missing_ranks():
    s = declined_round()
    assert sorted(s.passed[1]) == ["4", "A"]
    assert sorted(s.passed[2]) == ["10", "6"]
    assert s.passed[3] == ["9"]
    assert s.passed[0] == ["3"]  # a 3 would have swept the lone 3B (no picada: dealt)


def test_the_experts_worlds_never_give_a_player_a_rank_it_showed_it_lacks():
    s = declined_round()
    rng = random.Random(1)
    plain = read = 0
    for _ in range(300):
        if {"AD", "4S"} & set(s.determinize(0, rng).hands[1]):
            plain += 1
        w = policy_for(s).determinize_reading(s, 0, rng)
        assert not {"AD", "4S"} & set(w.hands[1]), w.hands
        assert sorted(c for h in w.hands[1:] for c in h) == sorted(
            c for h in s.hands[1:] for c in h)  # the same unseen cards, the same hand sizes
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
        read += 1
    assert plain > 100  # without the read, seat 1 often gets the Asso or the 4


def test_a_read_proven_wrong_by_a_later_play_is_dropped():
    # Seat 1 holds 5D yet places 7D past the picada on 5C: the read says "no 5"
    # until seat 1 plays the 5D.
    s = position(["5C 6C", "5D 7D", "8C 9C", "JC NC"], table="KB", to_move=0)
    play(s, "play:5C", "play:7D")
    assert s.passed[1] == ["5"]
    play(s, "play:8C", "play:JC", "play:6C", "play:5D")
    assert "5" not in s.passed[1]


def test_the_reads_use_only_the_seats_view():
    a = declined_round()
    b = declined_round()
    # Hidden cards moved between the other seats: the same samples for seat 0.
    b.hands[1], b.hands[3] = ["7D", "KC"], ["NC", "8D"]
    for seed in range(20):
        wa = policy_for(a).determinize_reading(a, 0, random.Random(seed))
        wb = policy_for(b).determinize_reading(b, 0, random.Random(seed))
        assert wa.hands == wb.hands
