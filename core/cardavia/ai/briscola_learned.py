"""A learned Briscola play-out policy (issue 27, candidate (a)): a linear scorer
over hand-crafted features of (the mover's view, a candidate card), trained by
``scripts/train_briscola.py`` to imitate the expert search's choices (a
conditional logit on the search's values), and played greedily (the highest
score, first among equals) in the search's sampled worlds.

Pure Python at play time: the weights are a small JSON file beside this module
(``briscola_learned.json``), read once. Its sha256 is pinned below
(``WEIGHTS_SHA256``, checked by tests/test_learned.py and counted in the arena's
code fingerprint, so a log never outlives new weights). The arithmetic is a fixed
order of IEEE double sums, so a seed gives the same moves on any machine.

The features see only what the mover may know: its hand, the card led, the
trump suit, the stock's size, the points and which cards are no longer unseen
(played, in its hand, or the face-up trump). In a sampled world the play-out
gives each side that view only (never the other hand), as a player would have.

The play-out of the Briscola normal level (``BriscolaPolicy.playout``); the
arena's ``expert-learned`` plays it in the expert's worlds too, an experiment
(experiments/briscola_learned_expert.py, docs/computer-players.md).
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from ..games.briscola import RANK_POINTS, STRENGTH

WEIGHTS_FILE = Path(__file__).with_name("briscola_learned.json")
# sha256 of WEIGHTS_FILE, written by scripts/train_briscola.py when it trains.
WEIGHTS_SHA256 = "7dbea2d59d06ba201ac82eb5b1a4f4fc256e756a06c4c8684af29cdae09f0984"

RANKS = ("2", "4", "5", "6", "7", "J", "N", "K", "3", "A")  # weakest first
SUITS = ("C", "D", "S", "B")
ALL_CARDS = tuple(r + s for s in SUITS for r in RANKS)
STOCK_AT_START = 34  # 40 cards less the 3 + 3 dealt

# Feature layout: a block for leading (trick empty) and one for following.
LEAD, FOLLOW = 0, 31  # 20 one-hot (rank, trump) slots and 11 others; 20 and 13
N_FEATURES = 64
FEATURE_NAMES = (
    [f"lead:{r}{'+' if t else ''}" for t in (0, 1) for r in RANKS]
    + ["lead:late*trump", "lead:late*pts", "lead:beaters", "lead:master*pts",
       "lead:same-suit", "lead:trump*trumps-held", "lead:cheapest", "lead:unseen-trumps*trump",
       "lead:master*nonpts", "lead:hand-strength-rank", "lead:pts*ahead"]
    + [f"follow:{r}{'+' if t else ''}" for t in (0, 1) for r in RANKS]
    + ["follow:wins*lead-pts", "follow:wins*pts", "follow:lose*pts", "follow:ruff",
       "follow:ruff*lead-pts", "follow:ruff*strength", "follow:lose*trump",
       "follow:wins*late", "follow:beaters", "follow:master*pts", "follow:wins-deal",
       "follow:loses-deal", "follow:wins"]
)


def _beaters_table() -> dict:
    """(card, trump suit) -> the cards that beat ``card`` if it is led."""
    table = {}
    for trump in SUITS:
        for c in ALL_CARDS:
            s, k = c[-1], STRENGTH[c[:-1]]
            out = [d for d in ALL_CARDS if d[-1] == s and STRENGTH[d[:-1]] > k]
            if s != trump:
                out += [d for d in ALL_CARDS if d[-1] == trump]
            table[c, trump] = tuple(out)
    return table


BEATERS = _beaters_table()
SUIT_CARDS = {s: tuple(c for c in ALL_CARDS if c[-1] == s) for s in SUITS}
PTS = {c: RANK_POINTS.get(c[:-1], 0) / 11.0 for c in ALL_CARDS}
STR = {c: STRENGTH[c[:-1]] for c in ALL_CARDS}
_ONE_HOT = {(r + s, t): RANKS.index(r) + (10 if s == t else 0)
            for r in RANKS for s in SUITS for t in SUITS}


def features(hand, lead, card, trump, known, stock_left, mine, theirs) -> list:
    """The sparse features [(index, value), ...] of playing ``card`` from
    ``hand`` (the mover's cards, ``card`` among them), ``lead`` being the card
    led (None when leading), ``trump`` the trump suit, ``known`` the cards the
    mover knows are not unseen (played, its own, the face-up trump),
    ``stock_left`` the stock's size, ``mine``/``theirs`` the points taken so far.
    Shared by the trainer and the play-out: the model's one definition."""
    pts = PTS[card]
    suit = card[-1]
    is_trump = suit == trump
    late = 1.0 - stock_left / STOCK_AT_START
    beaters = 0
    for d in BEATERS[card, trump]:
        if d not in known:
            beaters += 1
    master = beaters == 0
    out = [((LEAD if lead is None else FOLLOW) + _ONE_HOT[card, trump], 1.0)]
    if lead is None:
        x = LEAD + 20
        if is_trump:
            out.append((x, late))
            held = 0
            for h in hand:
                if h[-1] == trump:
                    held += 1
            out.append((x + 5, (held - 1) / 2.0))
            unseen_trumps = 0
            for d in SUIT_CARDS[trump]:
                if d not in known:
                    unseen_trumps += 1
            out.append((x + 7, unseen_trumps / 10.0))
        out.append((x + 1, pts * late))
        out.append((x + 2, beaters / 10.0))
        if master:
            out.append((x + 3, pts))
            if pts == 0:
                out.append((x + 8, 1.0))
        same = 0
        cheapest = True
        below = 0
        k = STR[card]
        for h in hand:
            if h != card:
                hs = h[-1]
                if hs == suit:
                    same += 1
                    if STR[h] < k:
                        below += 1
                elif hs != trump and (is_trump or STR[h] < k):
                    below += 1
                if PTS[h] < pts:
                    cheapest = False
        out.append((x + 4, same / 2.0))
        if cheapest:
            out.append((x + 6, 1.0))
        out.append((x + 9, below / 2.0))
        out.append((x + 10, pts * (mine - theirs) / 60.0))
        return out
    x = FOLLOW + 20
    lead_pts = PTS[lead]
    ls = lead[-1]
    if suit == ls:
        wins = STR[card] > STR[lead]
    else:
        wins = is_trump
    if wins:
        out.append((x + 12, 1.0))
        out.append((x, lead_pts))
        out.append((x + 1, pts))
        out.append((x + 7, late))
        if is_trump and ls != trump:
            out.append((x + 3, 1.0))
            out.append((x + 4, lead_pts))
            out.append((x + 5, STR[card] / 9.0))
        if mine + (lead_pts + pts) * 11.0 > 60.5 and mine <= 60:
            out.append((x + 10, 1.0))
    else:
        out.append((x + 2, pts))
        if is_trump:
            out.append((x + 6, 1.0))
        if theirs + (lead_pts + pts) * 11.0 > 60.5 and theirs <= 60:
            out.append((x + 11, 1.0))
    out.append((x + 8, beaters / 10.0))
    if master:
        out.append((x + 9, pts))
    return out


def score(weights, feats) -> float:
    s = 0.0
    for i, v in feats:
        s += weights[i] * v
    return s


_WEIGHTS: list | None = None


def load_weights() -> list:
    """The trained weights (a list of N_FEATURES floats), read once."""
    global _WEIGHTS
    if _WEIGHTS is None:
        # through the package's resources: in the browser the engine is imported
        # straight from its wheel, a zip, where WEIGHTS_FILE is no file to open
        data = json.loads(resources.files(__package__).joinpath(WEIGHTS_FILE.name).read_text(encoding="utf-8"))
        w = [float(v) for v in data["weights"]]
        if len(w) != N_FEATURES:
            raise ValueError(f"{WEIGHTS_FILE.name}: {len(w)} weights, expected {N_FEATURES}")
        _WEIGHTS = w
    return _WEIGHTS


def choose_card(weights, hand, lead, trump, known, stock_left, mine, theirs) -> str:
    """The highest-scoring card of ``hand`` (first among equals)."""
    best, best_s = None, 0.0
    for c in hand:
        s = score(weights, features(hand, lead, c, trump, known, stock_left, mine, theirs))
        if best is None or s > best_s:
            best, best_s = c, s
    return best


def known_cards(state, seat: int) -> set:
    """What ``seat`` knows is not unseen: every played card, its hand, the
    face-up trump (in the stock, or in a hand it was drawn into)."""
    known = set(state.hands[seat])
    for p in state.piles:
        known.update(p)
    for _, c in state.trick:
        known.add(c)
    known.add(state.trump)
    return known


def learned_playout(state, team: int, weights=None) -> float:
    """Play this sampled world to the end with the learned policy, each side
    on its own view; the deal's margin for ``team``."""
    w = load_weights() if weights is None else weights
    trump = state.trump_suit
    played = set()
    for p in state.piles:
        played.update(p)
    for _, c in state.trick:
        played.add(c)
    played.add(state.trump)
    hands = state.hands
    points = state.points
    while state.tricks_played < 20:
        seat = state.to_move
        hand = hands[seat]
        if len(hand) == 1:
            card = hand[0]
        else:
            known = played.union(hand)
            lead = state.trick[0][1] if state.trick else None
            card = choose_card(w, hand, lead, trump, known, len(state.stock),
                               points[seat], points[1 - seat])
        played.add(card)
        state._apply({"card": card})
    return float(points[team] - points[1 - team])
