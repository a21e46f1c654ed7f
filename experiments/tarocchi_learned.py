"""A learned play-out for Tarocchi's expert (issue 27, candidate (a)), an arena
experiment: the play-out's card policy (``tarocchi_policy._policy_card``) written
as a linear scorer over 22 sparse features of (a sampled world, a card), whose
hand-set weights ``W0`` give the shipped policy's choices, refitted by a
conditional logit to the softmax of the expert search's own values (``--temp``
points) and played in the expert's sampled worlds (``fast_playout(pick=...)``).

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
from cardavia.ai.tarocchi_policy import (_MATTO_T, _TUP, TarocchiPolicy, _EARLY, _LATE,
                                         _policy_card, fast_playout)
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


class LearnedPolicy(TarocchiPolicy):
    """The expert's play-outs with the learned card policy (the normal's unchanged)."""

    PICK = None

    def expert_playout(self, state, team):
        return fast_playout(state, team, look=state.phase == "play", pick=self.PICK)

    def playout_after(self, state, action, team, deep):
        if state.phase != "play":
            return None
        return fast_playout(state, team, first=action["card"], look=deep,
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
