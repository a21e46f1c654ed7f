"""Self-play training of a Briscola policy-and-value network (issue 45).

PPO (clipped surrogate, GAE) with illegal cards masked over a 40-card action
space, against a pool of the network's own frozen past versions, on many deals
stepped at once (briscola_env.py); numpy only, one thread, niced. The recipe
follows the published thesis' figures (docs/computer-players.md): GAE lambda 0.9,
clip 0.3, learning rate 3e-3 decaying, 2 epochs, 2,048 deals a batch; inputs as
ai/briscola_net.encode (the thesis' 162 plus the trump suit, the stock and the
order of play). Reward per trick: the learner's card-point margin of the trick /
120, weighted from --points-weight down to --points-final over --points-decay
iterations, plus +1 / -1 / 0 for winning / losing / drawing the deal.

Everything lives in the data dir (default train-data/briscola-selfplay/):
  config.json       the settings of the run (fixed at its start; a resume reuses them)
  ckpt.npz          the latest checkpoint: weights, Adam, the opponents' pool, the
                    RNG state, counters (written whole or not at all, every
                    --ckpt-every iterations and on SIGTERM/SIGINT)
  keep/ckpt-NNNNNN.npz  the weights every --keep-every iterations (for export)
  train.log         a progress line per iteration (decisions/s), evaluation lines
  eval.jsonl        each evaluation as JSON (against random and greedy: the
                    engine's own players, seat-swapped seeded deals, Wilson 95 %)

Rerunning the same command goes on from ckpt.npz, exactly as if never stopped (the
same seed gives the same weights: tests/test_briscola_selfplay.py).

  PYTHONPATH=core nice -n 19 python3 scripts/train/briscola_selfplay.py run \\
      --data train-data/briscola-selfplay [--max-iters N] [--max-hours H]
  ... export --data DIR [--keep N] [--out F]  writes core/cardavia/ai/briscola_net.json
                                      and pins its sha256 in ai/briscola_net.py
  ... eval --data DIR --deals 1000    the latest checkpoint against random, greedy
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # two shared cores: one thread each

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "core"))
sys.path.insert(0, str(HERE))

import mlp  # noqa: E402
from briscola_env import BriscolaBatch  # noqa: E402
from cardavia.ai import View, make_player  # noqa: E402
from cardavia.ai import briscola_net as bn  # noqa: E402
from cardavia.evaluation import wilson  # noqa: E402
from cardavia.games import new_game  # noqa: E402
from cardavia.games.base import rng_for  # noqa: E402

DEFAULTS = {
    "seed": 1, "games": 2048, "hidden": 128, "epochs": 2, "minibatch": 4096,
    "clip": 0.3, "lam": 0.9, "lr": 3e-3, "lr_final": 3e-4, "lr_decay": 3000,
    "ent": 0.01, "vf": 0.5, "points_weight": 1.0, "points_final": 0.1, "points_decay": 1000,
    "pool_every": 10, "pool_size": 50, "opponents": 4,
    "eval_every": 50, "eval_deals": 500, "ckpt_every": 5, "keep_every": 100,
}
EVAL_SEED = 1_000_000  # evaluation deals: seeds EVAL_SEED ... + deals - 1, every time
CODE_FILES = (HERE / "briscola_selfplay.py", HERE / "briscola_env.py", HERE / "mlp.py",
              ROOT / "core" / "cardavia" / "ai" / "briscola_net.py")


def code_fingerprint() -> str:
    h = hashlib.sha256()
    for f in CODE_FILES:
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def schedule(cfg: dict, it: int) -> tuple[float, float]:
    """(learning rate, card-point reward weight) at iteration ``it``: linear decays."""
    f = min(1.0, it / max(1, cfg["lr_decay"]))
    g = min(1.0, it / max(1, cfg["points_decay"]))
    return (cfg["lr"] + f * (cfg["lr_final"] - cfg["lr"]),
            cfg["points_weight"] + g * (cfg["points_final"] - cfg["points_weight"]))


# ----- playing -------------------------------------------------------------
def rollout(params: dict, opponents: list, cfg: dict, rng: np.random.Generator,
            points_weight: float) -> dict:
    """cfg["games"] deals, the learner in a random seat of each against one of
    ``opponents`` (sampling their own policies). The learner's 20 decisions a
    deal, with their rewards, advantages (GAE, gamma 1) and returns."""
    n = cfg["games"]
    env = BriscolaBatch.shuffled(n, rng)
    rows = np.arange(n)
    learner = rng.integers(0, 2, n)
    which = rng.integers(0, len(opponents), n)
    x_all = np.zeros((n, 20, bn.N_INPUTS), np.float32)
    masks = np.zeros((n, 20, 40), bool)
    cards = np.zeros((n, 20), np.int64)
    logps = np.zeros((n, 20), np.float32)
    values = np.zeros((n, 20), np.float32)
    margins = np.zeros((n, 20), np.float32)
    for ply in range(40):
        k = ply // 2
        x, legal = env.encode(), env.legal()
        play = np.zeros(n, np.int64)
        mine = np.flatnonzero(env.to_move == learner)
        c, lp, v = mlp.sample(params, x[mine], legal[mine], rng)
        play[mine] = c
        x_all[mine, k], masks[mine, k], cards[mine, k] = x[mine], legal[mine], c
        logps[mine, k], values[mine, k] = lp, v
        for j, opp in enumerate(opponents):
            theirs = np.flatnonzero((env.to_move != learner) & (which == j))
            if len(theirs):
                play[theirs] = mlp.sample(opp, x[theirs], legal[theirs], rng)[0]
        won = env.step(play)
        if won is not None:
            margins[:, k] = (won[rows, learner] - won[rows, 1 - learner]) / 120.0
    final = env.points[rows, learner] - env.points[rows, 1 - learner]
    outcome = np.sign(final).astype(np.float32)
    rewards = points_weight * margins
    rewards[:, 19] += outcome
    adv = np.zeros_like(values)
    last = np.zeros(n, np.float32)
    for k in range(19, -1, -1):
        nxt = values[:, k + 1] if k < 19 else 0.0
        last = rewards[:, k] + nxt - values[:, k] + cfg["lam"] * last
        adv[:, k] = last
    return {"x": x_all.reshape(-1, bn.N_INPUTS), "mask": masks.reshape(-1, 40),
            "cards": cards.reshape(-1), "logp": logps.reshape(-1),
            "adv": adv.reshape(-1), "ret": (adv + values).reshape(-1),
            "win": float((outcome > 0).mean()), "draw": float((outcome == 0).mean()),
            "margin": float(final.mean())}


def update(params: dict, adam: mlp.Adam, data: dict, cfg: dict, lr: float,
           rng: np.random.Generator) -> dict:
    """PPO: cfg["epochs"] passes over the batch in shuffled minibatches."""
    size = len(data["cards"])
    parts: list[dict] = []
    for _ in range(cfg["epochs"]):
        order = rng.permutation(size)
        for s in range(0, size, cfg["minibatch"]):
            i = order[s:s + cfg["minibatch"]]
            adv = data["adv"][i]
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            grads, part = mlp.ppo_grad(params, data["x"][i], data["mask"][i], data["cards"][i],
                                       data["logp"][i], adv, data["ret"][i], cfg["clip"],
                                       cfg["vf"], cfg["ent"])
            part["grad_norm"] = adam.step(params, grads, lr)
            parts.append(part)
    return {k: float(np.mean([p[k] for p in parts])) for k in parts[0]}


def evaluate(params: dict, opponent: str, deals: int, seed: int = EVAL_SEED) -> dict:
    """The network (argmax over legal cards, from the seat's observation) against
    the engine's ``opponent`` on seeds seed ... seed + deals - 1, each dealt
    twice with the seats swapped; all deals stepped together."""
    games = []
    for i in range(deals):
        for net_seat in (0, 1):
            games.append((new_game("briscola", seed + i), net_seat, seed + i))
    player = make_player(opponent)
    for ply in range(40):
        obs, idx = [], []
        for g, (state, net_seat, s) in enumerate(games):
            seat = state.current_player()
            if seat == net_seat:
                obs.append(state.observation(seat))
                idx.append(g)
            else:
                state.apply(player.choose(View(state, seat), rng_for("selfplay-eval", s, ply)))
        if obs:
            x = np.array([bn.encode(o) for o in obs], np.float32)
            mask = np.zeros((len(obs), 40), bool)
            for r, o in enumerate(obs):
                mask[r, [bn.CARD_INDEX[c] for c in o["hand"]]] = True
            for g, c in zip(idx, mlp.greedy(params, x, mask)):
                games[g][0].apply("play:" + bn.CARDS[c])
    wins = losses = 0
    margin = 0
    for state, net_seat, _ in games:
        res = state.result()
        w = res["winner_team"]
        wins += w == net_seat
        losses += w == 1 - net_seat
        margin += res["scores"][net_seat] - res["scores"][1 - net_seat]
    decided = wins + losses
    return {"vs": opponent, "deals": len(games), "wins": wins, "losses": losses,
            "draws": len(games) - decided,
            "win_rate_decided": round(wins / decided, 4) if decided else None,
            "ci95": wilson(wins, decided), "mean_margin": round(margin / len(games), 2)}


# ----- the data dir ----------------------------------------------------------
class Run:
    """A training run's state, saved to and resumed from its data dir."""

    def __init__(self, data: Path, cfg: dict):
        self.data, self.cfg = data, cfg
        self.rng = np.random.default_rng(cfg["seed"])
        self.params = mlp.init(self.rng, bn.N_INPUTS, cfg["hidden"])
        self.adam = mlp.Adam(self.params)
        self.pool = [{k: v.copy() for k, v in self.params.items()}]
        self.it = 0
        self.decisions = 0
        self.seconds = 0.0

    @classmethod
    def open(cls, data: Path, overrides: dict) -> "Run":
        """Resume the run in ``data`` (its saved config wins), or start one."""
        data.mkdir(parents=True, exist_ok=True)
        cfg_file = data / "config.json"
        if cfg_file.exists():
            cfg = json.loads(cfg_file.read_text())
        else:
            cfg = dict(DEFAULTS, **overrides)
            tmp = cfg_file.with_suffix(".tmp")
            tmp.write_text(json.dumps(cfg, indent=1, sort_keys=True) + "\n")
            os.replace(tmp, cfg_file)
        run = cls(data, cfg)
        if (data / "ckpt.npz").exists():
            run.load(data / "ckpt.npz")
        return run

    def save(self) -> None:
        arrays = {f"p_{k}": v for k, v in self.params.items()}
        arrays.update(self.adam.state())
        for i, snap in enumerate(self.pool):
            arrays.update({f"pool{i}_{k}": v for k, v in snap.items()})
        meta = {"it": self.it, "decisions": self.decisions, "seconds": self.seconds,
                "pool": len(self.pool), "rng": self.rng.bit_generator.state,
                "code": code_fingerprint(), "config": self.cfg}
        arrays["meta"] = np.array(json.dumps(meta))
        tmp = self.data / "ckpt.tmp.npz"
        np.savez(tmp, **arrays)
        os.replace(tmp, self.data / "ckpt.npz")
        if self.cfg["keep_every"] and self.it % self.cfg["keep_every"] == 0:
            keep = self.data / "keep"  # the weights alone (for export): ~0.2 MB, not ~10
            keep.mkdir(exist_ok=True)
            tmp = keep / "ckpt.tmp.npz"
            np.savez(tmp, meta=arrays["meta"], **{f"p_{k}": v for k, v in self.params.items()})
            os.replace(tmp, keep / f"ckpt-{self.it:06d}.npz")

    def load(self, path: Path) -> None:
        with np.load(path) as z:
            meta = json.loads(str(z["meta"]))
            self.params = {k: z[f"p_{k}"] for k in mlp.KEYS}
            self.adam.load(z)
            self.pool = [{k: z[f"pool{i}_{k}"] for k in mlp.KEYS} for i in range(meta["pool"])]
        self.it, self.decisions, self.seconds = meta["it"], meta["decisions"], meta["seconds"]
        self.rng.bit_generator.state = meta["rng"]
        if meta["code"] != code_fingerprint():
            self.log(f"note: resuming with other code than wrote the checkpoint "
                     f"({meta['code'][:12]} -> {code_fingerprint()[:12]})")

    def log(self, line: str) -> None:
        print(line, flush=True)
        with open(self.data / "train.log", "a", encoding="utf-8") as f:
            f.write(line + "\n")

    # ----- one iteration -----------------------------------------------------
    def iteration(self) -> dict:
        cfg = self.cfg
        lr, pw = schedule(cfg, self.it)
        t0 = time.perf_counter()
        picks = self.rng.integers(0, len(self.pool), cfg["opponents"] - 1)
        opponents = [self.params] + [self.pool[i] for i in picks]
        frozen = {k: v.copy() for k, v in self.params.items()}
        opponents[0] = frozen
        data = rollout(frozen, opponents, cfg, self.rng, pw)
        stats = update(self.params, self.adam, data, cfg, lr, self.rng)
        self.it += 1
        if self.it % cfg["pool_every"] == 0:
            self.pool.append({k: v.copy() for k, v in self.params.items()})
            if len(self.pool) > cfg["pool_size"]:
                self.pool.pop(1)  # keep the first (random) and the newest
        dt = time.perf_counter() - t0
        made = 40 * cfg["games"]
        self.decisions += made
        self.seconds += dt
        stats.update(it=self.it, decisions=self.decisions, rate=made / dt, lr=lr, pw=pw,
                     win=data["win"], draw=data["draw"], margin=data["margin"])
        return stats

    def evaluate(self) -> list[dict]:
        out = []
        for opp in ("random", "greedy"):
            t0 = time.perf_counter()
            r = evaluate(self.params, opp, self.cfg["eval_deals"])
            r.update(it=self.it, decisions=self.decisions,
                     seconds=round(time.perf_counter() - t0, 1))
            out.append(r)
            with open(self.data / "eval.jsonl", "a", encoding="utf-8") as f:
                f.write(json.dumps(r) + "\n")
            self.log(f"eval it {self.it} vs {opp}: {r['win_rate_decided']} of decided "
                     f"{r['ci95']} ({r['wins']}-{r['losses']}-{r['draws']} of {r['deals']} "
                     f"seat-swapped deals), margin {r['mean_margin']:+}")
        return out


def train(data: Path, overrides: dict, max_iters: int | None = None,
          max_seconds: float | None = None) -> Run:
    run = Run.open(data, overrides)
    stop = []

    def on_signal(signum, frame):
        stop.append(signum)

    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    run.log(f"start {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} it {run.it} "
            f"decisions {run.decisions} pid {os.getpid()} "
            f"code {code_fingerprint()[:12]} config {json.dumps(run.cfg, sort_keys=True)}")
    t_start = time.perf_counter()
    done = 0
    try:
        while not stop:
            if max_iters is not None and run.it >= max_iters:
                break
            if max_seconds is not None and time.perf_counter() - t_start >= max_seconds:
                break
            s = run.iteration()
            done += 1
            run.log(f"it {s['it']} decisions {s['decisions']} {s['rate']:.0f} dec/s "
                    f"(run {run.decisions / run.seconds:.0f}) "
                    f"{time.strftime('%H:%M:%SZ', time.gmtime())} | "
                    f"win {s['win']:.3f} margin {s['margin']:+.1f} | pol {s['policy_loss']:+.4f} "
                    f"val {s['value_loss']:.4f} ent {s['entropy']:.3f} kl {s['approx_kl']:.4f} "
                    f"clip {s['clip_frac']:.3f} | lr {s['lr']:.5f} pw {s['pw']:.3f} "
                    f"pool {len(run.pool)}")
            if run.it % run.cfg["ckpt_every"] == 0:
                run.save()
            if run.cfg["eval_every"] and run.it % run.cfg["eval_every"] == 0:
                run.evaluate()
    finally:
        if done:
            run.save()
        for s, h in old.items():
            signal.signal(s, h)
        run.log(f"stop it {run.it} decisions {run.decisions} "
                f"({'signal' if stop else 'limit'}; {done} iterations this time)")
    return run


# ----- weights for the engine ------------------------------------------------
def export(data: Path, keep: int | None, out: Path, module: Path | None,
           decimals: int = 4) -> dict:
    path = data / "ckpt.npz" if keep is None else data / "keep" / f"ckpt-{keep:06d}.npz"
    with np.load(path) as z:
        meta = json.loads(str(z["meta"]))
        params = {k: z[f"p_{k}"] for k in mlp.KEYS}
    weights = mlp.export(params, decimals)
    weights.update(format="briscola-net/1", n_inputs=bn.N_INPUTS, hidden=meta["config"]["hidden"],
                   fingerprint={"code_sha256": meta["code"], "seed": meta["config"]["seed"],
                                "iteration": meta["it"], "decisions": meta["decisions"],
                                "train_seconds": round(meta["seconds"]),
                                "config": meta["config"]})
    raw = (json.dumps(weights, separators=(",", ":"), sort_keys=True) + "\n").encode()
    out.write_bytes(raw)
    sha = hashlib.sha256(raw).hexdigest()
    if module is not None:  # the shipped weights: their hash pinned in the module
        src = module.read_text(encoding="utf-8")
        module.write_text(re.sub(r'^WEIGHTS_SHA256 = .*$', f'WEIGHTS_SHA256 = "{sha}"', src,
                                 count=1, flags=re.M), encoding="utf-8")
    return {"out": str(out), "bytes": len(raw), "sha256": sha, "iteration": meta["it"],
            "decisions": meta["decisions"]}


def main(argv=None) -> None:
    if os.nice(0) < 19:
        os.nice(19 - os.nice(0))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="train (or resume) in the data dir")
    r.add_argument("--data", default=str(ROOT / "train-data" / "briscola-selfplay"))
    r.add_argument("--max-iters", type=int, default=None, help="stop at this iteration")
    r.add_argument("--max-hours", type=float, default=None, help="stop after this long")
    for k, v in DEFAULTS.items():
        r.add_argument("--" + k.replace("_", "-"), type=type(v), default=None,
                       help=f"(a new run only; default {v})")
    e = sub.add_parser("export", help="write the weights the engine reads")
    e.add_argument("--data", default=str(ROOT / "train-data" / "briscola-selfplay"))
    e.add_argument("--keep", type=int, default=None, help="a kept checkpoint's iteration")
    e.add_argument("--out", default=str(bn.WEIGHTS_FILE))
    e.add_argument("--decimals", type=int, default=4,
                   help="rounding of the weights (4: the same moves as 5 on 6,000 seeded "
                        "positions, 12 %% smaller; docs/computer-players.md)")
    v = sub.add_parser("eval", help="the latest checkpoint against random and greedy")
    v.add_argument("--data", default=str(ROOT / "train-data" / "briscola-selfplay"))
    v.add_argument("--deals", type=int, default=1000)
    args = ap.parse_args(argv)
    if args.cmd == "run":
        overrides = {k: getattr(args, k) for k in DEFAULTS if getattr(args, k) is not None}
        train(Path(args.data), overrides, args.max_iters,
              None if args.max_hours is None else args.max_hours * 3600)
    elif args.cmd == "export":
        out = Path(args.out)
        shipped = out.resolve() == bn.WEIGHTS_FILE.resolve()  # only then pin its hash
        print(json.dumps(export(Path(args.data), args.keep, out,
                                Path(bn.__file__) if shipped else None, args.decimals)))
    else:
        with np.load(Path(args.data) / "ckpt.npz") as z:
            params = {k: z[f"p_{k}"] for k in mlp.KEYS}
            it = json.loads(str(z["meta"]))["it"]
        for opp in ("random", "greedy"):
            print(json.dumps(dict(evaluate(params, opp, args.deals), it=it)), flush=True)


if __name__ == "__main__":
    main()
