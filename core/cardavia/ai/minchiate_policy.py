"""Minchiate knowledge for the generic computer players (``MinchiatePolicy``):
the one-ply keys for discards, declarations and plays, and the search's
play-outs. (Sampling the hidden cards is information, the game's own
``determinize``.)

- ``greedy_key``: discards void the shortest plain suit and keep trumps;
  declarations declare everything (M8's default); plays value the trick's swing
  (its points, plus the kill of the opponents' counting cards, M15) against
  the worth of the card spent. The same ``_play_value`` serves the information
  set (the mover's view: the highest unseen cards an opponent may hold) and the
  sampled worlds of a search (exact hands).
- ``candidate_actions``: the search plays out the greedy key's best five plays or
  discards; declarations are not searched (declare everything).
- The search's play-outs (``playout_value``) play the sampled world to the end
  on the engine's own rules, so the value is exactly the deal's: net resti from
  the team's side, plus the point margin as a tie-break.
"""

from __future__ import annotations

from ..games import minchiate as M
from ..games.base import Action
from .partnership import sensible
from .policy import Policy

SUIT = M.SUIT
STRENGTH = M.STRENGTH
CARD_POINTS = M.CARD_POINTS
MATTO = M.MATTO
_SI = {"T": 0, "C": 1, "D": 2, "S": 3, "B": 4, "M": 5}
SUIT_INDEX = {c: _SI[SUIT[c]] for c in M.PACK}
BY_SUIT = {s: sorted((c for c in M.PACK if SUIT[c] == s), key=STRENGTH.__getitem__,
                     reverse=True) for s in "TCDSB"}
WIN_BONUS = 2.0  # value of winning the deal, in resti
MARGIN_SCALE = 30.0  # points per unit of value (a resto is 60 points)


# ----- one-ply knowledge ---------------------------------------------------
CANDIDATES = 5  # the search plays out at most this many plays or discards


def candidate_actions(state, key=None) -> list[Action]:
    """The greedy key's best few plays or discards (more samples for each beat a
    wide search with few), never a play a partner would call a blunder
    (ai/partnership.py) while another is left; one declaration (declare everything, M8's default).
    ``key``: the greedy key to rank by (a policy's, with its cache)."""
    if key is None:
        def key(a):
            return greedy_key(state, a)
    actions = state.legal_actions()
    if state.phase == "declare":
        return [max(actions, key=key)]
    actions = sensible(state, actions)  # no partner's blunders (ai/partnership.py)
    if len(actions) > CANDIDATES:
        return sorted(actions, key=key, reverse=True)[:CANDIDATES]
    return actions


def greedy_key(state, action: Action, values: dict | None = None) -> tuple:
    """The one-ply key on the mover's information; for a play, ``values`` are the
    position's ``_info_values`` if at hand."""
    kind = action["type"]
    if kind == "declare":
        return (1, action["value"])
    if kind == "pass":
        return (0, 0)
    if kind == "discard":
        return discard_key(state.hands[state.to_move], action["card"])
    if values is None:
        values = _info_values(state)
    return (values.get(action["card"], -99.0), -STRENGTH[action["card"]])


def discard_key(hand: list[str], card: str) -> tuple:
    """Void the shortest plain suit, lowest cards first; keep trumps (they win tricks)."""
    s = SUIT[card]
    if s == "T":
        return (0, 0, -STRENGTH[card])
    length = sum(1 for c in hand if SUIT[c] == s)
    return (1, -length, -STRENGTH[card])


# Per card: (suit index, strength, value, cost of spending it). The cost is the
# card's future worth (trumps win tricks later) plus a hair per strength, so
# that among equal values the lower card goes.
_INFO = {c: (SUIT_INDEX[c], STRENGTH[c], CARD_POINTS[c],
             (0.6 + 0.04 * STRENGTH[c] if SUIT[c] == "T" else 0.03 * STRENGTH[c])
             + 0.0001 * STRENGTH[c]) for c in M.PACK}


def _threat(tops: list[list[int]], li: int) -> tuple[int, int]:
    """The strengths to exceed to stay unbeaten by hands with highest strengths
    ``tops`` on a trick led in suit index ``li`` (follow, else trump: M9): (for a
    card of the led suit, for a trump). 99: any card of the led suit is beaten."""
    thr_led = thr_trump = -1
    for t in tops:
        if t[li] >= 0:
            if t[li] > thr_led:
                thr_led = t[li]
        elif t[0] >= 0:
            if li:
                thr_led = 99
            if t[0] > thr_trump:
                thr_trump = t[0]
    if not li:
        thr_trump = thr_led
    return thr_led, thr_trump


def trick_so_far(trick, team: int) -> tuple:
    """(led suit index, winning seat, its suit index and strength, ``team``'s points,
    the others' points) of a trick in progress, on plain values: M.beats' rule (M14,
    _tricks.beats) in the form the play-outs' hot loop uses (suit index 0 is the
    trumps); proven equal to M.trick_winner by tests/test_tarot_rules_once.py."""
    info = _INFO
    li = win_seat = None
    win_si = win_st = -1
    pts_ours = pts_theirs = 0
    for p, c in trick:
        if c == MATTO:
            continue
        si, st, v, _ = info[c]
        if p % 2 == team:
            pts_ours += v
        else:
            pts_theirs += v
        if li is None:
            li, win_seat, win_si, win_st = si, p, si, st
        elif (si == win_si and st > win_st) or (si == 0 and win_si != 0):
            win_seat, win_si, win_st = p, si, st
    return li, win_seat, win_si, win_st, pts_ours, pts_theirs


def _play_values(state, legal: list[str], tops: dict[int, list[int]],
                 out: dict | None = None) -> str:
    """The best legal card for the mover, by the expected swing of the trick (its
    points, the kill of the opponents' counting cards) less the card's future worth;
    ``out`` gets every card's value. ``tops[p]`` is what the mover assumes seat
    ``p`` (still to play) may hold: exact in a sampled world, a guess otherwise."""
    me = state.to_move
    trick = state.trick
    team = me % 2
    info = _INFO
    li, win_seat, win_si, win_st, pts_ours, pts_theirs = trick_so_far(trick, team)
    n_after = 3 - len(trick)
    opps = []
    partner = []
    for i in range(1, n_after + 1):
        (partner if i == 2 else opps).append(tops[(me + i) % 4])
    best = None
    best_value = -1e9
    if li is not None:
        o_led, o_trump = _threat(opps, li)
        win_safe = win_st > (o_led if win_si == li else o_trump)
        ours = win_seat % 2 == team
        rescue = False
        if partner and not ours:
            p_led, p_trump = _threat(partner, li)
            rescue = not win_st > (p_led if win_si == li else p_trump)
        late = state.tricks_played >= 17
    else:
        threats: dict[int, tuple] = {}
    for card in legal:
        if card == MATTO:
            # A free pass that stays ours: best kept for a trick we would lose.
            if li is None:
                value = -4.0
            elif ours and win_safe:
                value = -3.0
            else:
                value = pts_ours * 2 + pts_theirs - 1.0 - (0 if late else 2.0)
        else:
            si, st, v, cost = info[card]
            if li is None:  # leading
                th = threats.get(si)
                if th is None:
                    th = threats[si] = (_threat(opps, si), _threat(partner, si))
                if st > th[0][0 if si else 1]:
                    value = 1.5 + v - cost
                else:
                    value = -2.0 * v - cost + (0.0 if st > th[1][0 if si else 1] else 0.5)
            elif (si == win_si and st > win_st) or (si == 0 and win_si != 0):
                if st > (o_led if si == li else o_trump):
                    value = pts_theirs * 2 + pts_ours + v + 1.0 - cost
                else:
                    value = -(2 * v + pts_ours) - 0.5 - cost
            elif ours:
                value = ((v + 0.5) if win_safe else -2.0 * v) - cost
            else:
                value = ((0.3 * v) if rescue else -2.0 * v) - cost
        if out is not None:
            out[card] = value
        if value > best_value:
            best, best_value = card, value
    return best


def _tops(hand) -> list[int]:
    top = [-1, -1, -1, -1, -1, -1]
    for c in hand:
        i = SUIT_INDEX[c]
        if STRENGTH[c] > top[i]:
            top[i] = STRENGTH[c]
    return top


def _world_best(state) -> str:
    """The play-out policy's card in a sampled world, reading the sampled hands."""
    me = state.to_move
    hands = state.hands
    legal = M.legal_cards(hands[me], state.trick, state.led_suits)
    if len(legal) == 1:
        return legal[0]
    tops = {}
    for i in range(1, 4 - len(state.trick)):
        p = (me + i) % 4
        tops[p] = _tops(hands[p])
    return _play_values(state, legal, tops)


def _info_values(state) -> dict[str, float]:
    """The greedy player's values on its own information: an opponent may hold the
    highest unseen card of each suit it has not shown void in."""
    me = state.to_move
    seen = set(state.hands[me]) | set(state.discards[me])
    for p in state.played_by:
        seen.update(p)
    if state.fola_revealed or me == state.dealer:
        seen.update(state.fola)
    top_unseen = [-1] * 6
    for s in "TCDSB":
        for c in BY_SUIT[s]:
            if c not in seen:
                top_unseen[_SI[s]] = STRENGTH[c]
                break
    tops = {}
    for i in range(1, 4 - len(state.trick)):
        p = (me + i) % 4
        t = list(top_unseen)
        for s in state.voids[p]:
            t[_SI[s]] = -1
        tops[p] = t
    legal = M.legal_cards(state.hands[me], state.trick, state.led_suits)
    values: dict[str, float] = {}
    _play_values(state, legal, tops, values)
    return values


# ----- play-outs ------------------------------------------------------------
def playout_value(state, team: int) -> float:
    """Play the sampled world to the end of the deal with the greedy policy (on the
    engine's own rules; plays by ``_world_best``, reading the sampled hands) and
    return its value for ``team``."""
    while state.phase != "over":
        if state.phase == "play":
            state._apply_play(_world_best(state))
            continue
        actions = state.legal_actions()
        state._apply(max(actions, key=lambda a: greedy_key(state, a)))
    return final_value(state, team)


def final_value(state, team: int) -> float:
    """A finished deal's value for ``team``: net resti, a bonus for winning, and the
    point margin (in resti) to tell close deals apart."""
    sheet = state.sheets[-1]
    net = sheet["net_resti"] if team == 0 else -sheet["net_resti"]
    pts = sheet["points"]
    margin = pts[team] - pts[1 - team]
    return net + (WIN_BONUS if net > 0 else -WIN_BONUS if net < 0 else 0.0) + \
        margin / MARGIN_SCALE


class MinchiatePolicy(Policy):
    GAME_ID = "minchiate"
    # The normal player's search: at most 5 candidates (CANDIDATES), each played
    # out to the end of the deal in every sample. 20 samples cost 29 ms of CPU
    # per move at the median, 78 ms at p95 (CPython 3.11): the count binds, so
    # play does not depend on the machine. The clock is only a safety net, wide
    # enough for Pyodide (~2.2x slower: ~170 ms at p95) to finish the 20 samples.
    SEARCH_SAMPLES = 20
    SEARCH_MS = 200.0

    def greedy_key(self, state, action: Action) -> tuple:
        if action["type"] != "play":
            return greedy_key(state, action)
        pos = (state.tricks_played, len(state.trick), state.to_move)
        return greedy_key(state, action, self.memo("values", state, pos, _info_values))

    def playout_key(self, state, action: Action) -> tuple:
        if action["type"] != "play":
            return greedy_key(state, action)
        return (1,) if action["card"] == _world_best(state) else (0,)

    def candidate_actions(self, state) -> list[Action]:
        return candidate_actions(state, lambda a: self.greedy_key(state, a))

    def playout(self, state, team: int) -> float:
        return playout_value(state, team)

    def rollout_value(self, state, team: int) -> float:
        return final_value(state, team)
