"""Train Briscola's learned play-out policy (issue 27; core/cardavia/ai/briscola_learned.py).

Two steps, each resumable, each printing its size and the time it took:

  gen    seeded self-play data: deals played by the frozen expert search
         (``expert-v1``'s policy, --samples worlds a move, the exact solve near the
         end); at each choice the mover's view and every card's mean search value
         are written. A chunk of --chunk seeds is one file (train-data/briscola/
         data/seeds-A-B.jsonl), written whole or not at all, so a stopped run goes
         on at the first missing chunk. With probability --explore a move is a
         random card instead of the search's (seeded), so the data also holds the
         odder positions the play-outs meet.
  train  a conditional logit over briscola_learned.features: the probability of a
         card is the softmax of the linear scores of the hand's cards, fitted by
         full-batch Adam (numpy) to the softmax of the search values / --temp
         points, L2 --l2. Seeds that are 0 mod 10 are held out. Checkpointed every
         --every steps to train-data/briscola/ckpt-<fingerprint>.npz (resumed
         if present). Writes core/cardavia/ai/briscola_learned.json (the
         weights rounded to 6 decimals, with the fingerprint of the code, seed and
         data that made them) and records its sha256 in briscola_learned.py.

  all    gen then train.
  net    an arena log's net per seed pair (player a's wins less losses over a seed's
         two deals, -2 ... 2) with its mean and normal 95 % interval, as `compare`
         computes a difference of two logs: against a frozen player the log's own
         net is the paired figure (``--log PATH``).

numpy is a training-time dependency only (requirements-test.txt); the shipped
inference is pure Python.

  PYTHONPATH=core nice -n 19 python3 scripts/train_briscola.py all
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "core"))

from cardavia.ai import briscola_learned as bl  # noqa: E402
from cardavia.ai.briscola_v1 import BriscolaV1Policy  # noqa: E402
from cardavia.ai.players import View  # noqa: E402
from cardavia.ai.search import best_index, pimc  # noqa: E402
from cardavia.games import new_game  # noqa: E402
from cardavia.games.base import rng_for  # noqa: E402

WORK = ROOT / "train-data" / "briscola"
MODULE = ROOT / "core" / "cardavia" / "ai" / "briscola_learned.py"


def seed_range(text: str) -> tuple[int, int]:
    a, _, b = text.partition("-")
    return int(a), int(b or a)


# ----------------------------------------------------------------------------- data
def play_deal(seed: int, samples: int, explore: float) -> list[dict]:
    """One deal of the frozen expert search against itself; a record per choice."""
    state = new_game("briscola", seed)
    out = []
    move = 0
    while not state.is_terminal():
        seat = state.current_player()
        view = View(state, seat, BriscolaV1Policy())
        actions = view.candidate_actions()
        if len(actions) == 1:
            state.apply(actions[0]["id"])
            move += 1
            continue
        result = pimc(view, actions, samples, rng_for("train-briscola", seed, move),
                      solve_plies=view.solve_plies, deep=True)
        means = result.means()
        hand = list(state.hands[seat])
        values = {a["card"]: means[i] for i, a in enumerate(actions)}
        out.append({
            "seed": seed, "move": move, "hand": hand,
            "lead": state.trick[0][1] if state.trick else None,
            "trump": state.trump_suit, "known": sorted(bl.known_cards(state, seat)),
            "stock": len(state.stock), "mine": state.points[seat],
            "theirs": state.points[1 - seat],
            "values": [round(values[c], 4) for c in hand],
        })
        pick = best_index(view, result)
        r = rng_for("train-briscola-explore", seed, move)
        if r.random() < explore:
            pick = r.randrange(len(actions))
        state.apply(actions[pick]["id"])
        move += 1
    return out


def gen(args) -> list[Path]:
    lo, hi = seed_range(args.seeds)
    data = WORK / "data" / f"s{args.samples}-x{args.explore}"
    data.mkdir(parents=True, exist_ok=True)
    paths, new_pos, t0, played = [], 0, time.time(), 0
    for a in range(lo, hi + 1, args.chunk):
        b = min(hi, a + args.chunk - 1)
        path = data / f"seeds-{a:05d}-{b:05d}.jsonl"
        paths.append(path)
        if path.exists():
            continue
        t = time.time()
        rows = [r for s in range(a, b + 1) for r in play_deal(s, args.samples, args.explore)]
        tmp = path.with_suffix(".tmp")
        tmp.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        os.replace(tmp, path)
        new_pos += len(rows)
        played += b - a + 1
        print(f"gen: seeds {a}-{b}: {len(rows)} positions in {time.time() - t:.1f} s",
              flush=True)
    total = sum(sum(1 for _ in p.open(encoding="utf-8")) for p in paths)
    print(f"gen: {played} new deals, {new_pos} new positions in {time.time() - t0:.1f} s; "
          f"data: {len(paths)} chunks, seeds {lo}-{hi}, {total} positions ({data})", flush=True)
    return paths


# ----------------------------------------------------------------------------- training
def fingerprint(args, paths: list[Path]) -> dict:
    code = hashlib.sha256()
    code.update(Path(__file__).read_bytes())
    for fn in (bl.features, bl._beaters_table):
        code.update(inspect.getsource(fn).encode())
    data = hashlib.sha256()
    for p in paths:
        data.update(p.name.encode() + b"\0" + p.read_bytes())
    spec = {"seeds": args.seeds, "samples": args.samples, "explore": args.explore,
            "chunk": args.chunk, "temp": args.temp, "l2": args.l2, "steps": args.steps,
            "lr": args.lr, "init_seed": args.seed}
    return {"code_sha256": code.hexdigest(), "data_sha256": data.hexdigest(), "spec": spec}


def tensors(paths: list[Path], temp: float):
    import numpy as np
    xs, targets, masks, vals, seeds = [], [], [], [], []
    for p in paths:
        for line in p.open(encoding="utf-8"):
            r = json.loads(line)
            known = set(r["known"])
            x = np.zeros((3, bl.N_FEATURES))
            m = np.zeros(3)
            v = np.full(3, -1e9)
            for k, c in enumerate(r["hand"]):
                for i, f in bl.features(r["hand"], r["lead"], c, r["trump"], known, r["stock"],
                                        r["mine"], r["theirs"]):
                    x[k, i] += f
                m[k] = 1.0
                v[k] = r["values"][k]
            if v.max() - v[m > 0].min() < 0.5:
                continue  # every card worth the same: nothing to learn
            e = np.where(m > 0, np.exp((v - v.max()) / temp), 0.0)
            xs.append(x)
            targets.append(e / e.sum())
            masks.append(m)
            vals.append(v)
            seeds.append(r["seed"])
    return (np.array(xs), np.array(targets), np.array(masks), np.array(vals), np.array(seeds))


def train(args, paths: list[Path]) -> None:
    import numpy as np
    t0 = time.time()
    fp = fingerprint(args, paths)
    X, T, M, V, S = tensors(paths, args.temp)
    held = S % 10 == 0
    print(f"train: {len(S)} positions with a choice that matters ({held.sum()} held out), "
          f"{bl.N_FEATURES} features; read in {time.time() - t0:.1f} s", flush=True)
    Xt, Tt, Mt = X[~held], T[~held], M[~held]

    def loss_grad(w, X, T, M):
        z = X @ w
        z = np.where(M > 0, z, -1e9)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z) * M
        p = e / e.sum(axis=1, keepdims=True)
        loss = -(T * np.log(np.maximum(p, 1e-300))).sum(axis=1).mean() + args.l2 * (w @ w)
        g = np.einsum("nk,nkf->f", p - T, X) / len(X) + 2 * args.l2 * w
        return loss, g

    def agree(w, X, M, V):
        z = np.where(M > 0, X @ w, -1e18)
        pick = z.argmax(axis=1)
        best = V.max(axis=1)
        chosen = V[np.arange(len(V)), pick]
        return float((chosen >= best - 1e-9).mean()), float((best - chosen).mean())

    run = hashlib.sha256(json.dumps(fp, sort_keys=True).encode()).hexdigest()[:16]
    ckpt = WORK / f"ckpt-{run}.npz"  # this code, data and spec only
    rng = np.random.default_rng(args.seed)
    w = rng.normal(0, 0.01, bl.N_FEATURES)
    m1 = np.zeros_like(w)
    m2 = np.zeros_like(w)
    step = 0
    if ckpt.exists():
        c = np.load(ckpt)
        w, m1, m2, step = c["w"], c["m1"], c["m2"], int(c["step"])
        print(f"train: resumed {ckpt.name} at step {step}", flush=True)
    t1 = time.time()
    b1, b2 = 0.9, 0.999
    while step < args.steps:
        loss, g = loss_grad(w, Xt, Tt, Mt)
        step += 1
        m1 = b1 * m1 + (1 - b1) * g
        m2 = b2 * m2 + (1 - b2) * g * g
        w = w - args.lr * (m1 / (1 - b1 ** step)) / (np.sqrt(m2 / (1 - b2 ** step)) + 1e-8)
        if step % args.every == 0 or step == args.steps:
            np.savez(ckpt, w=w, m1=m1, m2=m2, step=step)
            vl, _ = loss_grad(w, X[held], T[held], M[held])
            print(f"train: step {step}: loss {loss:.4f}, held-out {vl:.4f}", flush=True)
    print(f"train: {args.steps} steps in {time.time() - t1:.1f} s", flush=True)

    # Baselines on the held-out positions: how often each policy picks a card the
    # search valued best, and the points it gives up against that card.
    w = np.round(w, 6)
    Xh, Mh, Vh = X[held], M[held], V[held]
    a, lost = agree(w, Xh, Mh, Vh)
    print(f"train: held-out agreement with the search's best card: learned {a:.4f} "
          f"(mean loss {lost:.3f} points)", flush=True)
    base = baselines(paths)
    for name, (a, lost) in base.items():
        print(f"train: held-out agreement: {name} {a:.4f} (mean loss {lost:.3f} points)",
              flush=True)

    out = {"model": "briscola-learned-playout", "format": 1,
           "features": bl.FEATURE_NAMES, "weights": [float(v) for v in w],
           "fingerprint": fp,
           "held_out": {"positions": int(held.sum()), "agreement": round(agree(w, Xh, Mh, Vh)[0], 4)}}
    text = json.dumps(out, indent=1) + "\n"
    bl.WEIGHTS_FILE.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()
    src = MODULE.read_text(encoding="utf-8")
    src = re.sub(r'WEIGHTS_SHA256 = "[0-9a-f]{64}"', f'WEIGHTS_SHA256 = "{digest}"', src)
    MODULE.write_text(src, encoding="utf-8")
    print(f"train: wrote {bl.WEIGHTS_FILE.relative_to(ROOT)} ({len(text)} bytes, sha256 "
          f"{digest}) and recorded it in {MODULE.relative_to(ROOT)}; "
          f"{time.time() - t0:.1f} s in all", flush=True)


def baselines(paths: list[Path]) -> dict:
    """The greedy key's and the normal play-out key's agreement on held-out positions."""
    from cardavia.ai.briscola_policy import greedy_key, playout_key

    class Pos:  # what the two keys read of a state
        pass

    res = {"greedy_key": [0, 0.0, 0], "playout_key": [0, 0.0, 0]}
    for p in paths:
        for line in p.open(encoding="utf-8"):
            r = json.loads(line)
            if r["seed"] % 10:
                continue
            v = r["values"]
            if max(v) - min(v) < 0.5:
                continue
            s = Pos()
            s.trick = [[0, r["lead"]]] if r["lead"] else []
            s.trump_suit = r["trump"]
            for name, key in (("greedy_key", greedy_key), ("playout_key", playout_key)):
                keys = [key(s, {"card": c}) for c in r["hand"]]
                k = max(range(len(keys)), key=lambda i: keys[i])  # first among equals
                res[name][0] += v[k] >= max(v) - 1e-9
                res[name][1] += max(v) - v[k]
                res[name][2] += 1
    return {n: (a / max(1, c), lost / max(1, c)) for n, (a, lost, c) in res.items()}


def net(path: str, z: float = 1.959964) -> dict:
    import math
    from cardavia import arenalog
    from cardavia.evaluation import _net
    header, rows, _ = arenalog.read(path)
    seeds = sorted(rows)
    nets = [_net(rows[s]) for s in seeds]
    n = len(nets)
    mean = sum(nets) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in nets) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    return {"a": header["a"], "b": header["b"], "seeds": n, "first_seed": seeds[0],
            "last_seed": seeds[-1], "net_per_pair": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("step", choices=("gen", "train", "all", "net"))
    ap.add_argument("--log", help="net: the arena log")
    ap.add_argument("--seeds", default="10001-10400", help="deal seeds A-B")
    ap.add_argument("--samples", type=int, default=128, help="worlds per searched move")
    ap.add_argument("--explore", type=float, default=0.1)
    ap.add_argument("--chunk", type=int, default=10)
    ap.add_argument("--temp", type=float, default=0.5, help="points: the targets' softmax temperature")
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--lr", type=float, default=0.03)
    ap.add_argument("--every", type=int, default=250, help="checkpoint every N steps")
    ap.add_argument("--seed", type=int, default=1, help="the weights' initial draw")
    args = ap.parse_args(argv)
    if args.step == "net":
        print(json.dumps(net(args.log)))
        return 0
    if args.step in ("gen", "all"):
        paths = gen(args)
    else:
        lo, hi = seed_range(args.seeds)
        data = WORK / "data" / f"s{args.samples}-x{args.explore}"
        paths = [data / f"seeds-{a:05d}-{min(hi, a + args.chunk - 1):05d}.jsonl"
                 for a in range(lo, hi + 1, args.chunk)]
        missing = [p.name for p in paths if not p.exists()]
        if missing:
            sys.exit(f"missing data chunks (run gen): {', '.join(missing[:5])}")
    if args.step in ("train", "all"):
        train(args, paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
