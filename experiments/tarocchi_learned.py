"""A learned play-out for Tarocchi's expert (issue 27, candidate (a)), an arena
experiment: the play-out's card policy (``tarocchi_policy._policy_card``) written
as a linear scorer over 22 sparse features of (a sampled world, a card), whose
hand-set weights ``W0`` give the shipped policy's choices, refitted by a
conditional logit to the softmax of the expert search's own values (``--temp``
points) and played in the expert's sampled worlds (``fast_playout_pick``: the shipped
``tarocchi_policy.fast_playout`` with a ``pick`` hook, copied here so that the
product carries no hook for an experiment).

    # the expert plays all four seats of seeds 200001-200200 (not the arena's)
    PYTHONPATH=core python3 experiments/tarocchi_learned.py gen 200001 200100 g-a.jsonl
    PYTHONPATH=core python3 experiments/tarocchi_learned.py gen 200101 200200 g-b.jsonl
    PYTHONPATH=core python3 experiments/tarocchi_learned.py train 2.0 g-a.jsonl g-b.jsonl > w.json
    PYTHONPATH=core python3 experiments/tarocchi_learned.py agree W0|w.json 300001 300020
    PYTHONPATH=core python3 experiments/tarocchi_learned.py arena w.json 1 300 LOG  # against normal

The features read the sampled world as the play-out does (every later hand's
highest card per suit); in the data they are read from the true deal, the
labels (the expert's values) from the mover's view only. Full-batch Adam from
``W0``: the same data give the same weights. ``agree`` counts how often the
weights pick ``_policy_card``'s card in the positions of greedy play-outs.
"""
import json
import sys

from cardavia import evaluation
from cardavia.ai import View
from cardavia.ai.players import ExpertPlayer
from cardavia.ai.search import best_index
from cardavia.ai.tarocchi_policy import (_MATTO_T, _TUP, CARD_POINTS, TRICKS, TarocchiPolicy,
                                         _EARLY, _LATE, _legal, _policy_card, deal_value,
                                         final_totals, pile_points, plain_trick_add)
from cardavia.games import new_game
from cardavia.games.base import rng_for
from cardavia.games.tarocchi import plain_trick_standing

NF = 22
# The shipped policy's key (value - cost, -strength) as weights (the strength's
# weight small enough never to outweigh a value step of 0.05).
W0 = [1.0, 1.5, -0.8, 0.0, 0.0,            # lead: master's points, master, beatable points, trump, Matto
      1.0, -1.0, 1.0, -1.0, 0.0, -1.0,     # follow: total won safe / beatable, partner's safe /
      1.0, -1.0, 0.0, 0.0,                 # unsafe, opponent's with / without the partner; Matto's
      -1.0, -1.0, -2.5, -0.5, 0.0,         # trick ours / not; a safe trump win; a smear. Costs: trump,
      -0.002, 0.0]                         # plain, Matto early / late, the Pagat; strength; last wins


def _beats(t, li, si, st):
    """Whether a hand with highest strengths ``t`` can beat a card (``si``, ``st``)
    winning a trick led in ``li`` (follow above it, else trump it)."""
    v = t[li]
    if v >= 0:
        return si == li and v > st
    return t[0] >= 0 and (si != 0 or t[0] > st)


def features(tops, me, trick_len, early, li, win_seat, win_si, win_st, points, legal):
    """Each legal card's nonzero features, as (index, value) pairs."""
    mt = _MATTO_T
    n_after = 3 - trick_len
    if n_after == 3:
        opps = (tops[(me + 1) % 4], tops[(me + 3) % 4])
    elif n_after:
        opps = (tops[(me + 1) % 4],)
    else:
        opps = ()
    out = []
    if li is not None:
        ours = win_seat is not None and (win_seat - me) % 2 == 0
        win_safe = not any(_beats(t, li, win_si, win_st) for t in opps)
        partner_can = (n_after >= 2 and not ours
                       and _beats(tops[(me + 2) % 4], li, win_si, win_st))
    for x in legal:
        _, si, st, pc, ce, cl = x
        f = []
        if x is mt:
            f.append((17, 1.0) if early else (18, 1.0))
            if li is None:
                f.append((4, 1.0))
            elif ours and win_safe:
                f.append((11, float(points)))
            else:
                f.append((12, float(points)))
            out.append(f)
            continue
        if si == 0:
            if st == 1:
                f.append((19, 1.0))
            else:
                f.append((15, ce if early else cl))
        else:
            f.append((16, ce if early else cl))
        f.append((20, float(st)))
        if li is None:
            for t in opps:
                ts = t[si]
                if ts > st or (ts < 0 and si != 0 and t[0] >= 0):
                    f.append((2, float(pc)))
                    break
            else:
                f.append((0, float(pc)))
                f.append((1, 1.0))
            if si == 0:
                f.append((3, 1.0))
            out.append(f)
            continue
        total = float(points + pc)
        if (si == win_si and st > win_st) or (si == 0 and win_si != 0):
            if any(_beats(t, li, si, st) for t in opps):
                f.append((6, total))
            else:
                f.append((5, total))
                if si == 0 and li != 0:
                    f.append((13, 1.0))
                if not n_after:
                    f.append((21, 1.0))
        elif ours:
            f.append((7, total) if win_safe else (8, total))
            f.append((14, float(pc)))
        else:
            f.append((9, total) if partner_can else (10, total))
        out.append(f)
    return out


def make_pick(w):
    """A ``_policy_card`` with the weights ``w``: the legal card of the highest score
    (the first of equals)."""
    def pick(tops, me, trick_len, early, li, win_seat, win_si, win_st, points, legal):
        best, bs = None, 0.0
        for x, f in zip(legal, features(tops, me, trick_len, early, li, win_seat, win_si,
                                        win_st, points, legal)):
            sc = 0.0
            for i, v in f:
                sc += w[i] * v
            if best is None or sc > bs:
                best, bs = x, sc
        return best
    return pick


def position(state):
    """The play-out's inputs for the mover of a real position (the true deal)."""
    tops = []
    for h in state.hands:
        top = [-1] * 6
        for c in h:
            _, si, st = _TUP[c][:3]
            if st > top[si]:
                top[si] = st
        tops.append(top)
    li, win_seat, win_si, win_st, points = plain_trick_standing(state.trick)
    return (tops, state.to_move, len(state.trick), state.tricks_played < 12, li, win_seat,
            win_si, win_st, points)


def dense(f):
    row = [0.0] * NF
    for i, v in f:
        row[i] = v
    return row


def gen(seed_lo, seed_hi, out):
    """The expert plays all four seats; at each play with a choice, the candidates'
    features and the search's means."""
    with open(out, "a") as fh:
        for seed in range(seed_lo, seed_hi + 1):
            st = new_game("tarocchi", seed)
            p = ExpertPlayer(budget_ms=float("inf"))
            k = 0
            while st.deal_index() == 0 and not st.is_terminal():
                view = View(st, st.current_player())
                rng = rng_for("gen", seed, k)
                acts = view.candidate_actions()
                if (st.phase == "play" and len(acts) > 1 and not view.all_cards_inferable()
                        and view.plies_left() - 1 > view.solve_plies):
                    res = p.search(view, rng)
                    legal = [_TUP[a["card"]] for a in res.actions]
                    fs = features(*position(st), legal)
                    fh.write(json.dumps({"f": [dense(f) for f in fs], "v": res.means(),
                                         "seed": seed}) + "\n")
                    choice = res.actions[best_index(view, res)]["id"]
                else:
                    choice = p.choose(view, rng)
                st.apply(choice)
                k += 1
            fh.flush()


def train(paths, temp=2.0, steps=1500):
    import numpy as np
    rows = [json.loads(line) for p in paths for line in open(p)]
    A = max(len(r["f"]) for r in rows)
    N = len(rows)
    X = np.zeros((N, A, NF))
    M = np.zeros((N, A), bool)
    V = np.full((N, A), -1e9)
    for i, r in enumerate(rows):
        n = len(r["f"])
        X[i, :n] = r["f"]
        M[i, :n] = True
        V[i, :n] = r["v"]
    T = np.where(M, np.exp((V - V.max(1, keepdims=True)) / temp), 0.0)
    T /= T.sum(1, keepdims=True)
    w = np.array(W0)
    m = np.zeros(NF)
    s2 = np.zeros(NF)
    lr = 0.02

    def report(it):
        z = np.where(M, X @ w, -1e30)
        acc = float(np.mean(np.argmax(z, 1) == np.argmax(V, 1)))
        z = z - z.max(1, keepdims=True)
        p = np.where(M, np.exp(z), 0.0)
        p /= p.sum(1, keepdims=True)
        loss = -float(np.sum(T * np.log(p + 1e-12)) / N)
        print(it, "loss", round(loss, 4), "top1", round(acc, 4), file=sys.stderr, flush=True)

    print("positions", N, file=sys.stderr)
    report(0)
    for it in range(1, steps + 1):
        z = np.where(M, X @ w, -1e30)
        z -= z.max(1, keepdims=True)
        p = np.where(M, np.exp(z), 0.0)
        p /= p.sum(1, keepdims=True)
        g = np.einsum("na,naf->f", p - T, X) / N
        m = 0.9 * m + 0.1 * g
        s2 = 0.999 * s2 + 0.001 * g * g
        w -= lr * (m / (1 - 0.9 ** it)) / (np.sqrt(s2 / (1 - 0.999 ** it)) + 1e-8)
        if it % 250 == 0:
            report(it)
    return [round(float(x), 5) for x in w]


def load(path):
    return W0 if path == "W0" else json.load(open(path))


def agree(w, seed_lo, seed_hi):
    """How often ``w`` picks ``_policy_card``'s card, over the positions of
    greedy play-outs (``fast_playout``'s own policy) of the seeds' deals."""
    pick = make_pick(w)
    same = n = 0
    for seed in range(seed_lo, seed_hi + 1):
        st = new_game("tarocchi", seed)
        while st.phase != "play":
            st.apply(st.legal_actions()[0]["id"])
        while not st.is_terminal() and st.deal_index() == 0:
            acts = st.legal_actions()
            if len(acts) > 1:
                legal = [_TUP[a["card"]] for a in acts]
                args = position(st)
                a = _policy_card(*args, legal)
                b = pick(*args, legal)
                same += a is b
                n += 1
                st.apply(next(x["id"] for x in acts if x["card"] == a[0]))
            else:
                st.apply(acts[0]["id"])
    return {"positions": n, "same": same, "share": round(same / max(1, n), 4)}


# ----- the shipped play-out with a hook for the card policy (tarocchi_policy's, copied)
def lead_by_trick_pick(hands: list, tops: list, me: int, early: bool, legal: list,
                   pick=None) -> tuple:
    """The expert's play-out lead: each lead worth trying (per suit the highest and
    the lowest card, the Matto) is played through the trick with the play-out
    policy for the other three; the best (trick swing - cost, -strength) wins.
    In double-dummy deals (the play-out's world), a team leading so against a
    team leading by ``_policy_card`` won 55.8 % of the 1,965 decided deals of
    seeds 1-1,000 (each seed from both sides); also counting the cost of the
    cards the others spend in the trick won nothing more. A follower's legal
    cards depend only on the led suit: they are found once per suit. ``pick``:
    the followers' policy (``_policy_card`` unless given)."""
    mt = _MATTO_T
    if pick is None:
        pick = _policy_card
    lo: dict = {}
    hi: dict = {}
    cands = []
    for x in legal:
        if x is mt:
            cands.append(x)
            continue
        si = x[1]
        if si not in hi or x[2] > hi[si][2]:
            hi[si] = x
        if si not in lo or x[2] < lo[si][2]:
            lo[si] = x
    for si, x in hi.items():
        cands.append(x)
        if lo[si] is not x:
            cands.append(lo[si])
    ci = _EARLY if early else _LATE
    # the k-th follower's seat and his legal cards by led suit index, found once
    followers = [(k, (me + k) % 4, hands[(me + k) % 4], {}) for k in (1, 2, 3)]
    best = None
    best_v = best_s = 0.0
    for x in cands:
        st = x[2]
        if x is mt:
            li, ws, wsi, wst, pts = None, None, -1, -1, 0
        else:
            li, ws, wsi, wst, pts = x[1], me, x[1], st, x[3]
        for k, p, hand, by_led in followers:
            legal_p = by_led.get(li)
            if legal_p is None:
                legal_p = by_led[li] = _legal(hand, tops[p], li, mt)
            y = legal_p[0] if len(legal_p) == 1 else pick(
                tops, p, k, early, li, ws, wsi, wst, pts, legal_p)
            if y is mt:
                continue
            ysi = y[1]
            yst = y[2]
            pts += y[3]
            if li is None:
                li, ws, wsi, wst = ysi, p, ysi, yst
            elif (ysi == wsi and yst > wst) or (ysi == 0 and wsi != 0):
                ws, wsi, wst = p, ysi, yst
        value = (pts if ws is not None and (ws - me) % 2 == 0 else -pts) - x[ci]
        if best is None or value > best_v or (value == best_v and -st > best_s):
            best, best_v, best_s = x, value, -st
    return best


def fast_playout_pick(state, team: int, first: str | None = None, look: bool = False,
                 pick=None) -> float:
    """Play the sampled world ``state`` to the end of the deal with the play-out
    policy of ``rollout_best`` and return ``rollout_value(team)``: the same plays
    and value, on plain lists (no actions, events or score sheets) and with each
    hand's highest strength per suit kept up to date, about 2.5x faster.
    ``first``: the mover's card to play first (the searched action), so that the
    search need not copy the world to play it; ``look`` (the expert): every lead
    is chosen by ``_lead_by_trick``; ``pick``: the policy of every other card
    (``_policy_card``'s signature; it unless given: the learned experiment of
    experiments/tarocchi_learned.py passes its own). ``state`` is never changed."""
    if pick is None:
        pick = _policy_card
    tup = _TUP
    mt = _MATTO_T
    hands = [[tup[c] for c in h] for h in state.hands]
    if first is not None:
        first = tup[first]
    trick_len = len(state.trick)
    tricks_played = state.tricks_played
    tricks_won = list(state.tricks_won)
    card_pts = pile_points(state.piles)
    matto_seat = state.matto_seat
    me = state.to_move
    # The trick so far: led suit index, winning seat and card (suit index, strength).
    li, win_seat, win_si, win_st, points = plain_trick_standing(state.trick)
    tops = []
    for h in hands:
        top = [-1, -1, -1, -1, -1, -1]
        for _, si, st, _, _, _ in h:
            if st > top[si]:
                top[si] = st
        tops.append(top)
    while tricks_played < TRICKS:
        hand = hands[me]
        if first is not None:
            best, first = first, None
        else:
            legal = _legal(hand, tops[me], li, mt)
            if len(legal) == 1:
                best = legal[0]
            elif look and trick_len == 0:
                best = lead_by_trick_pick(hands, tops, me, tricks_played < 12, legal, pick)
            else:
                best = pick(tops, me, trick_len, tricks_played < 12, li, win_seat,
                            win_si, win_st, points, legal)
        # Play it.
        hand.remove(best)
        _, si, st, pc, _, _ = best
        top = tops[me]
        if top[si] == st:  # its suit's top card left the hand
            v = -1
            for x in hand:
                if x[1] == si and x[2] > v:
                    v = x[2]
            top[si] = v
        trick_len += 1
        if best is mt:
            matto_seat = me
        else:
            points += pc
            li, win_seat, win_si, win_st = plain_trick_add(li, win_seat, win_si, win_st, me, si, st)
        if trick_len < 4:
            me = (me + 1) % 4
            continue
        wt = win_seat % 2
        card_pts[wt] += points
        tricks_won[wt] += 1
        tricks_played += 1
        me = win_seat
        trick_len = 0
        li = win_seat = None
        win_si = win_st = -1
        points = 0
    totals = final_totals(card_pts, tricks_won, matto_seat, state.dealer,
                          sum(CARD_POINTS[c] for c in state.discard))
    return deal_value(state, team, totals)


class LearnedPolicy(TarocchiPolicy):
    """The expert's play-outs with the learned card policy (the normal's unchanged)."""

    PICK = None

    def expert_playout(self, state, team):
        return fast_playout_pick(state, team, look=state.phase == "play", pick=self.PICK)

    def playout_after(self, state, action, team, deep):
        if state.phase != "play":
            return None
        return fast_playout_pick(state, team, first=action["card"], look=deep,
                                 pick=self.PICK if deep else None)


NAME = "expert-tlearned"


def register(w):
    LearnedPolicy.PICK = staticmethod(make_pick(w))

    class Learned(ExpertPlayer):
        name = NAME

        def choose(self, view, rng):
            return super().choose(view.with_policy(LearnedPolicy()), rng)

    evaluation.register_player(NAME, Learned)


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "gen":
        gen(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif cmd == "train":
        print(json.dumps(train(sys.argv[3:], float(sys.argv[2]))))
    elif cmd == "agree":
        print(json.dumps(agree(load(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))))
    elif cmd == "arena":
        register(load(sys.argv[2]))
        out = evaluation.arena("tarocchi", NAME, "normal", int(sys.argv[4]), int(sys.argv[3]),
                               1, None, 10, False, sys.argv[5])
        print(json.dumps(out))
