"""A learned Scopa play-out for the expert (issue 27, candidate (a)), an arena
experiment: a linear scorer over 15 features of (the mover's view, an action),
fitted by a conditional logit to the softmax of the expert search's own values
(``--temp`` points), and played greedily in the expert's sampled worlds. Measured
level with ``expert-v1`` (docs/computer-players.md), so nothing ships.

    # the expert plays both seats of seeds 100001-100600 (not the arena's); ~6 min on 2 cores
    PYTHONPATH=core python3 experiments/scopa_learned.py gen 100001 100300 g-a.jsonl
    PYTHONPATH=core python3 experiments/scopa_learned.py gen 100301 100600 g-b.jsonl
    PYTHONPATH=core python3 experiments/scopa_learned.py train 0.5 g-a.jsonl g-b.jsonl > w.json  # 8 s
    PYTHONPATH=core python3 experiments/scopa_learned.py arena w.json 1 300 LOG  # seeds 1-300

The features see only the mover's view: its hand, the table, the piles, and the
unseen cards (the opponent's hand and the stock together) by capture value.
Full-batch Adam from zero weights: the same data give the same weights.
"""
import json
import sys

from cardavia import evaluation
from cardavia.ai import View
from cardavia.ai.players import ExpertPlayer
from cardavia.ai.policy import margin
from cardavia.ai.scopa_policy import ScopaPolicy, material
from cardavia.ai.search import best_index
from cardavia.games import new_game
from cardavia.games.base import rng_for
from cardavia.games.scopa import SETTEBELLO, value

NF = 15  # capture, material taken, sweep, settebello, cards, coins, sevens taken,
# the opponent's chance to sweep after, that times the table's material, the
# table's material, the settebello left, the placed card's material, a table of
# 10 or less after placing, a capture in the last round, a seven placed


def sweepers(table):
    """Capture values whose card would sweep ``table``."""
    if not table:
        return ()
    vals = [value(t) for t in table]
    if len(table) == 1:
        return (vals[0],)
    s = sum(vals)
    if s <= 10 and s not in vals:
        return (s,)
    return ()


def features(state, action, unseen_by_value, n_unseen, opp_cards, last_round):
    card = action["card"]
    f = [0.0] * NF
    if action["type"] == "capture":
        caps = action["captures"]
        rest = [t for t in state.table if t not in caps]
        taken = caps + [card]
        f[0] = 1.0
        f[1] = sum(material(c) for c in taken)
        f[2] = 1.0 if not rest and not (last_round and len(state.hands[0]) + len(state.hands[1]) == 1) else 0.0
        f[3] = 1.0 if SETTEBELLO in taken else 0.0
        f[4] = len(taken)
        f[5] = sum(1 for c in taken if c[-1] == "D")
        f[6] = sum(1 for c in taken if c[:-1] == "7")
        f[13] = 1.0 if last_round else 0.0
    else:
        rest = state.table + [card]
        f[11] = material(card)
        f[12] = 1.0 if sum(value(t) for t in rest) <= 10 else 0.0
        f[14] = 1.0 if card[:-1] == "7" else 0.0
    k = sum(unseen_by_value.get(v, 0) for v in sweepers(rest))
    if k and n_unseen and opp_cards:
        p = 1.0 - (1.0 - k / n_unseen) ** opp_cards
    else:
        p = 0.0
    f[7] = p
    tm = sum(material(t) for t in rest)
    f[8] = p * tm
    f[9] = tm
    f[10] = 1.0 if SETTEBELLO in rest else 0.0
    return f


def view_context(state):
    """From the mover's view: unseen cards by capture value (the opponent's hand
    and the stock), their number, the opponent's hand size, the last round."""
    opp = 1 - state.to_move
    unseen = state.hands[opp] + state.stock
    by = {}
    for c in unseen:
        v = value(c)
        by[v] = by.get(v, 0) + 1
    return by, len(unseen), len(state.hands[opp]), not state.stock


def all_features(state, actions):
    ctx = view_context(state)
    return [features(state, a, *ctx) for a in actions]


def learned_playout(w):
    """The play-out: each mover takes the action the weights ``w`` score highest."""
    def playout(state, team):
        start = state.deal_index()
        while state.deal_index() == start and not state.is_terminal():
            actions = state.legal_actions()
            if len(actions) > 1:
                fs = all_features(state, actions)
                best, bs = actions[0], None
                for a, f in zip(actions, fs):
                    sc = sum(x * y for x, y in zip(w, f))
                    if bs is None or sc > bs:
                        best, bs = a, sc
                state._apply(best)
            else:
                state._apply(actions[0])
        return margin(state, team)
    return playout


def gen(seed_lo, seed_hi, out):
    """Expert plays both seats; at each choice, the features and the search's means."""
    with open(out, "a") as fh:
        for seed in range(seed_lo, seed_hi + 1):
            st = new_game("scopa", seed)
            p = ExpertPlayer(budget_ms=float("inf")); k = 0
            while st.deal_index() == 0 and not st.is_terminal():
                seat = st.current_player()
                view = View(st, seat)
                acts = view.candidate_actions()
                rng = rng_for("gen", seed, k)
                if len(acts) > 1 and not view.all_cards_inferable():
                    res = p.search(view, rng)
                    fs = all_features(st, acts)
                    fh.write(json.dumps({"f": fs, "v": res.means()}) + "\n")
                    choice = res.actions[best_index(view, res)]["id"]
                else:
                    choice = p.choose(view, rng)
                st.apply(choice); k += 1


def train(paths, temp=0.5, steps=2000):
    import numpy as np
    rows = [json.loads(l) for p in paths for l in open(p)]
    A = max(len(r["f"]) for r in rows)
    N = len(rows)
    X = np.zeros((N, A, NF)); M = np.zeros((N, A), bool); V = np.full((N, A), -1e9)
    for i, r in enumerate(rows):
        n = len(r["f"]); X[i, :n] = r["f"]; M[i, :n] = True; V[i, :n] = r["v"]
    Tt = np.where(M, np.exp((V - V.max(1, keepdims=True)) / temp), 0.0)
    Tt /= Tt.sum(1, keepdims=True)
    w = np.zeros(NF); m = np.zeros(NF); s2 = np.zeros(NF); lr = 0.05
    for it in range(1, steps + 1):
        z = X @ w; z = np.where(M, z, -1e30); z -= z.max(1, keepdims=True)
        p = np.where(M, np.exp(z), 0.0); p /= p.sum(1, keepdims=True)
        g = np.einsum("na,naf->f", p - Tt, X) / N
        m = 0.9 * m + 0.1 * g; s2 = 0.999 * s2 + 0.001 * g * g
        w -= lr * (m / (1 - 0.9 ** it)) / (np.sqrt(s2 / (1 - 0.999 ** it)) + 1e-8)
        if it % 250 == 0:
            loss = -float(np.sum(Tt * np.log(p + 1e-12)) / N)
            acc = float(np.mean(np.argmax(np.where(M, X @ w, -1e30), 1) == np.argmax(V, 1)))
            print(it, round(loss, 4), "top1", round(acc, 4), file=sys.stderr, flush=True)
    return [float(x) for x in w]


class LearnedPolicy(ScopaPolicy):
    def expert_playout(self, state, team):
        return _PLAYOUT(state, team)


_PLAYOUT = None


def register(wpath):
    global _PLAYOUT
    _PLAYOUT = learned_playout(json.load(open(wpath)))

    class Pl(ExpertPlayer):
        name = "scopa-learned"

        def choose(self, view, rng):
            return super().choose(view.with_policy(LearnedPolicy()), rng)

    evaluation.register_player("scopa-learned", Pl)


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "gen":
        gen(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif cmd == "train":
        w = train(sys.argv[3:], float(sys.argv[2]))
        print(json.dumps(w))
    elif cmd == "arena":
        register(sys.argv[2])
        out = evaluation.arena("scopa", "scopa-learned", "expert-v1", int(sys.argv[4]), int(sys.argv[3]),
                               1, None, 25, False, sys.argv[5])
        print(json.dumps(out))
