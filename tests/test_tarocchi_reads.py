"""The expert's reads in Tarocchi (``reads``, ``determinize_reading``): a player
who gives points to a trick its team has lost shows it held no cheaper card it
could have played; the last player who gives its partner's winning trick a
1-point card shows it held no Jack, Knight or Queen of that suit. The expert's
sampled worlds respect both; a later play that proves a read wrong drops it."""

from __future__ import annotations

import random

from test_tarocchi import build, play_out

from cardavia.games.tarocchi import READ_CATEGORY


def spade_trick():
    # Dealer 2, so seat 3 leads. Seat 3 leads 5S, seat 0 takes it with KS; seat 1,
    # whose partner (3) has played and lost, gives the QS (4 points); seat 2, last,
    # gives its partner's (0) trick only the 6S.
    s = build({0: "KS 5C 6C 5D 6D", 1: "QS 8S 9S 2C 3C", 2: "6S 10S 4C AD 2D",
               3: "5S 7S 5B 6B 7B"}, dealer=2, discard="8B 9B", rest_to=0)
    s.played_by[0] = list(s.piles[0])  # the earlier tricks, seen by everyone
    play_out(s, "5S", "KS", "QS", "6S")
    return s


def test_points_given_to_a_lost_trick_and_a_low_card_kept_off_the_partners():
    s = spade_trick()
    # Seat 1 in fact held 8S and 9S: the read says what a strong player infers,
    # and this hand-built seat 1 played against it.
    assert sorted(s.reads[1]) == ["1S", "JS", "NS"]
    assert sorted(s.reads[2]) == ["JS", "NS", "QS"]
    assert s.reads[0] == [] and s.reads[3] == []  # a lead and a winning card show nothing


def test_following_under_an_opponent_before_the_partner_shows_nothing():
    # Seat 0 gives the QS under seat 3's KS with its partner (2) still to play.
    s = build({0: "QS 8S", 1: "9S 2C", 2: "10S 4C", 3: "KS 5B"}, dealer=2, discard="8B 9B",
              rest_to=0)
    play_out(s, "KS", "QS")
    assert s.reads[0] == []


def test_the_experts_worlds_respect_the_reads_the_plain_worlds_do_not():
    s = spade_trick()
    # Seat 0's view: seat 1's 8S 9S and seat 2's 10S are hidden. Make the reads
    # consistent with a real hand by giving seat 1 no spade numerals, so the read
    # can hold: swap seat 1's 8S 9S with seat 3's 5B 6B.
    s.hands[1] = sorted(c for c in s.hands[1] if c not in ("8S", "9S")) + ["5B", "6B"]
    s.hands[3] = sorted(c for c in s.hands[3] if c not in ("5B", "6B")) + ["8S", "9S"]
    rng = random.Random(3)
    plain = 0
    for _ in range(200):
        if any(READ_CATEGORY[c] == "1S" for c in s.determinize(0, rng).hands[1]):
            plain += 1
        w = s.determinize_reading(0, rng)
        assert not [c for c in w.hands[1] if READ_CATEGORY[c] in s.reads[1]], w.hands[1]
        assert not [c for c in w.hands[2] if READ_CATEGORY[c] in s.reads[2]], w.hands[2]
        assert sorted(w.discard + [c for h in w.hands[1:] for c in h]) == sorted(
            s.discard + [c for h in s.hands[1:] for c in h])  # the same unseen cards
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
    assert plain > 50  # without the read, seat 1 often gets a spade numeral


def test_reads_that_cannot_all_hold_fall_back_to_the_plain_deal():
    s = spade_trick()  # seat 1 still holds 8S 9S: no world fits every read
    s.reads[3] = ["1S", "1B"]  # and seat 3 (5B 6B 7B 7S) cannot take them either
    w = s.determinize_reading(0, random.Random(1))
    assert [len(h) for h in w.hands] == [len(h) for h in s.hands]


def test_a_read_proven_wrong_by_a_later_play_is_dropped():
    s = spade_trick()
    # Seat 0 leads the next trick; seat 1 follows with the 8S it "lacked".
    play_out(s, "5C")
    s.hands[1] = ["8S", "9S", "2C", "3C"]
    play_out(s, "2C", "4C", "5B")  # seat 1 follows clubs; seat 3 is void
    assert "1S" in s.reads[1]
    s.to_move = 0
    play_out(s, "6C", "3C", "AD")
    # Now let seat 1 lead a spade numeral through a hand-set turn.
    s.trick, s.to_move = [], 1
    play_out(s, "8S")
    assert "1S" not in s.reads[1]
