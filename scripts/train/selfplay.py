"""The game-agnostic self-play loop (issue 45): PPO with illegal cards masked over a
40-card action space, against a pool of the network's own frozen past versions, on
many deals stepped at once; numpy only, one thread, niced. A game brings a
:class:`Game`: its batched environment, its encoder, its reward scale, the engine's
side for evaluation. scopa_selfplay.py is one; briscola_selfplay.py is the first
trainer, kept as it was (its file's hash is in the shipped Briscola weights'
fingerprint, docs/computer-players.md): this module reuses its PPO update and its
schedules by import, and its file layout, so both runs' data dirs read alike.

**Rewards.** An environment's ``step`` returns the points each seat made with that
play (Scopa: a scopa), credited to the learner's latest decision (the play that
allowed an opponent's sweep is the one before it); its ``totals`` at the end give
the deal's points, and what ``step`` did not already give (Scopa: the four prizes)
is credited to the learner's last decision, with +1 / -1 / 0 for winning / losing /
drawing the deal. Points count ``pw / points_scale`` each, ``pw`` decaying from
--points-weight to --points-final over --points-decay iterations.

A data dir holds config.json, ckpt.npz (written whole or not at all, every
--ckpt-every iterations and on SIGTERM/SIGINT), keep/ckpt-NNNNNN.npz (the weights
every --keep-every iterations), train.log (a progress line per iteration with the
decisions per second) and eval.jsonl (against the engine's random and greedy on
seeded seat-swapped deals, Wilson 95 %). Rerunning the same command goes on from
ckpt.npz exactly as if never stopped (tests/test_scopa_selfplay.py).
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # two shared cores: one thread each

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Callable  # noqa: E402

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "core"))
sys.path.insert(0, str(HERE))

import mlp  # noqa: E402
from briscola_selfplay import schedule, update  # noqa: E402  (the shared PPO step)
from cardavia.ai import View, make_player  # noqa: E402
from cardavia.evaluation import wilson  # noqa: E402
from cardavia.games import new_game  # noqa: E402
from cardavia.games.base import rng_for  # noqa: E402

EVAL_SEED = 1_000_000  # evaluation deals: seeds EVAL_SEED ... + deals - 1, every time


@dataclass(frozen=True)
class Game:
    """What the loop needs of a game.

    ``new_batch(n, rng)`` -> an environment with ``to_move`` (n,), ``encode()``
    (n, n_inputs), ``legal()`` (n, 40), ``step(cards)`` -> (n, 2) points made by the
    play, ``totals()`` -> (n, 2) the deal's points once its ``plies`` are played.
    The engine's side: ``encode_obs(obs)``, ``card_index(card)``,
    ``action_for(obs, legal, card)`` (the action id that plays the card) and
    ``deal_totals(state)`` (the first deal's points, once played)."""
    name: str
    n_inputs: int
    plies: int
    decisions: int
    new_batch: Callable
    encode_obs: Callable
    card_index: Callable
    action_for: Callable
    deal_totals: Callable
    points_scale: float
    defaults: dict
    code_files: tuple


def code_fingerprint(game: Game) -> str:
    h = hashlib.sha256()
    for f in (HERE / "selfplay.py", HERE / "mlp.py", HERE / "briscola_selfplay.py") + game.code_files:
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


# ----- playing -------------------------------------------------------------
def rollout(game: Game, params: dict, opponents: list, cfg: dict,
            rng: np.random.Generator, points_weight: float) -> dict:
    """cfg["games"] deals, the learner in a random seat of each against one of
    ``opponents`` (sampling their own policies). The learner's decisions, with
    their rewards (module docstring), advantages (GAE, gamma 1) and returns."""
    n, t_max = cfg["games"], game.decisions
    env = game.new_batch(n, rng)
    rows = np.arange(n)
    learner = rng.integers(0, 2, n)
    which = rng.integers(0, len(opponents), n)
    x_all = np.zeros((n, t_max, game.n_inputs), np.float32)
    masks = np.zeros((n, t_max, 40), bool)
    cards = np.zeros((n, t_max), np.int64)
    logps = np.zeros((n, t_max), np.float32)
    values = np.zeros((n, t_max), np.float32)
    rewards = np.zeros((n, t_max), np.float32)
    count = np.zeros(n, np.int64)
    made_sum = np.zeros((n, 2), np.int64)
    scale = points_weight / game.points_scale
    for _ in range(game.plies):
        x, legal = env.encode(), env.legal()
        play = np.zeros(n, np.int64)
        mine = np.flatnonzero(env.to_move == learner)
        c, lp, v = mlp.sample(params, x[mine], legal[mine], rng)
        play[mine] = c
        k = count[mine]
        x_all[mine, k], masks[mine, k], cards[mine, k] = x[mine], legal[mine], c
        logps[mine, k], values[mine, k] = lp, v
        count[mine] += 1
        for j, opp in enumerate(opponents):
            theirs = np.flatnonzero((env.to_move != learner) & (which == j))
            if len(theirs):
                play[theirs] = mlp.sample(opp, x[theirs], legal[theirs], rng)[0]
        made = env.step(play)
        made_sum += made
        rewards[rows, np.maximum(count - 1, 0)] += scale * (made[rows, learner]
                                                            - made[rows, 1 - learner])
    assert (count == t_max).all(), "every deal gives each seat the same number of plays"
    totals = env.totals()
    rest = totals - made_sum
    final = totals[rows, learner] - totals[rows, 1 - learner]
    outcome = np.sign(final).astype(np.float32)
    rewards[:, -1] += scale * (rest[rows, learner] - rest[rows, 1 - learner]) + outcome
    adv = np.zeros_like(values)
    last = np.zeros(n, np.float32)
    for k in range(t_max - 1, -1, -1):
        nxt = values[:, k + 1] if k < t_max - 1 else 0.0
        last = rewards[:, k] + nxt - values[:, k] + cfg["lam"] * last
        adv[:, k] = last
    return {"x": x_all.reshape(-1, game.n_inputs), "mask": masks.reshape(-1, 40),
            "cards": cards.reshape(-1), "logp": logps.reshape(-1),
            "adv": adv.reshape(-1), "ret": (adv + values).reshape(-1),
            "reward": rewards, "final": final,
            "win": float((outcome > 0).mean()), "draw": float((outcome == 0).mean()),
            "margin": float(final.mean())}


def evaluate(game: Game, params: dict, opponent: str, deals: int, seed: int = EVAL_SEED) -> dict:
    """The network (argmax over legal cards, from the seat's observation) against
    the engine's ``opponent`` in the first deal of seeds seed ... seed + deals - 1,
    each dealt twice with the seats swapped (as the arena plays); all stepped together."""
    games = []
    for i in range(deals):
        for net_seat in (0, 1):
            games.append((new_game(game.name, seed + i), net_seat, seed + i))
    player = make_player(opponent)
    for ply in range(game.plies):
        obs, idx = [], []
        for g, (state, net_seat, s) in enumerate(games):
            seat = state.current_player()
            if seat == net_seat:
                obs.append(state.observation(seat))
                idx.append(g)
            else:
                state.apply(player.choose(View(state, seat), rng_for("selfplay-eval", s, ply)))
        if obs:
            x = np.array([game.encode_obs(o) for o in obs], np.float32)
            mask = np.zeros((len(obs), 40), bool)
            for r, o in enumerate(obs):
                mask[r, [game.card_index(c) for c in o["hand"]]] = True
            for g, c, o in zip(idx, mlp.greedy(params, x, mask), obs):
                state = games[g][0]
                card = next(h for h in o["hand"] if game.card_index(h) == c)
                state.apply(game.action_for(o, state.legal_actions(), card))
    wins = losses = 0
    margin = 0
    for state, net_seat, _ in games:
        totals = game.deal_totals(state)
        d = totals[net_seat] - totals[1 - net_seat]
        wins += d > 0
        losses += d < 0
        margin += d
    decided = wins + losses
    return {"vs": opponent, "deals": len(games), "wins": wins, "losses": losses,
            "draws": len(games) - decided,
            "win_rate_decided": round(wins / decided, 4) if decided else None,
            "ci95": wilson(wins, decided), "mean_margin": round(margin / len(games), 3)}


# ----- the data dir ----------------------------------------------------------
class Run:
    """A training run's state, saved to and resumed from its data dir."""

    def __init__(self, game: Game, data: Path, cfg: dict):
        self.game, self.data, self.cfg = game, data, cfg
        self.rng = np.random.default_rng(cfg["seed"])
        self.params = mlp.init(self.rng, game.n_inputs, cfg["hidden"])
        self.adam = mlp.Adam(self.params)
        self.pool = [{k: v.copy() for k, v in self.params.items()}]
        self.it = 0
        self.decisions = 0
        self.seconds = 0.0
        self.code = code_fingerprint(game)  # the code this process runs, read once

    @classmethod
    def open(cls, game: Game, data: Path, overrides: dict) -> "Run":
        """Resume the run in ``data`` (its saved config wins), or start one."""
        data.mkdir(parents=True, exist_ok=True)
        cfg_file = data / "config.json"
        if cfg_file.exists():
            cfg = json.loads(cfg_file.read_text())
        else:
            cfg = dict(game.defaults, **overrides)
            tmp = cfg_file.with_suffix(".tmp")
            tmp.write_text(json.dumps(cfg, indent=1, sort_keys=True) + "\n")
            os.replace(tmp, cfg_file)
        run = cls(game, data, cfg)
        if (data / "ckpt.npz").exists():
            run.load(data / "ckpt.npz")
        return run

    def save(self) -> None:
        arrays = {f"p_{k}": v for k, v in self.params.items()}
        arrays.update(self.adam.state())
        for i, snap in enumerate(self.pool):
            arrays.update({f"pool{i}_{k}": v for k, v in snap.items()})
        meta = {"game": self.game.name, "it": self.it, "decisions": self.decisions,
                "seconds": self.seconds, "pool": len(self.pool),
                "rng": self.rng.bit_generator.state,
                "code": self.code, "config": self.cfg}
        arrays["meta"] = np.array(json.dumps(meta))
        tmp = self.data / "ckpt.tmp.npz"
        np.savez(tmp, **arrays)
        os.replace(tmp, self.data / "ckpt.npz")
        if self.cfg["keep_every"] and self.it % self.cfg["keep_every"] == 0:
            keep = self.data / "keep"  # the weights alone (for export)
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
        if meta.get("game") != self.game.name:
            raise ValueError(f"{path}: a {meta.get('game')} checkpoint, not {self.game.name}")
        self.it, self.decisions, self.seconds = meta["it"], meta["decisions"], meta["seconds"]
        self.rng.bit_generator.state = meta["rng"]
        now = self.code
        if meta["code"] != now:
            self.log(f"note: resuming with other code than wrote the checkpoint "
                     f"({meta['code'][:12]} -> {now[:12]})")

    def log(self, line: str) -> None:
        print(line, flush=True)
        with open(self.data / "train.log", "a", encoding="utf-8") as f:
            f.write(line + "\n")

    def iteration(self) -> dict:
        cfg = self.cfg
        lr, pw = schedule(cfg, self.it)
        t0 = time.perf_counter()
        picks = self.rng.integers(0, len(self.pool), cfg["opponents"] - 1)
        frozen = {k: v.copy() for k, v in self.params.items()}
        opponents = [frozen] + [self.pool[i] for i in picks]
        data = rollout(self.game, frozen, opponents, cfg, self.rng, pw)
        stats = update(self.params, self.adam, data, cfg, lr, self.rng)
        self.it += 1
        if self.it % cfg["pool_every"] == 0:
            self.pool.append({k: v.copy() for k, v in self.params.items()})
            if len(self.pool) > cfg["pool_size"]:
                self.pool.pop(1)  # keep the first (random) and the newest
        dt = time.perf_counter() - t0
        made = self.game.plies * cfg["games"]
        self.decisions += made
        self.seconds += dt
        stats.update(it=self.it, decisions=self.decisions, rate=made / dt, lr=lr, pw=pw,
                     win=data["win"], draw=data["draw"], margin=data["margin"])
        return stats

    def evaluate(self) -> list[dict]:
        out = []
        for opp in ("random", "greedy"):
            t0 = time.perf_counter()
            r = evaluate(self.game, self.params, opp, self.cfg["eval_deals"])
            r.update(it=self.it, decisions=self.decisions,
                     seconds=round(time.perf_counter() - t0, 1))
            out.append(r)
            with open(self.data / "eval.jsonl", "a", encoding="utf-8") as f:
                f.write(json.dumps(r) + "\n")
            self.log(f"eval it {self.it} vs {opp}: {r['win_rate_decided']} of decided "
                     f"{r['ci95']} ({r['wins']}-{r['losses']}-{r['draws']} of {r['deals']} "
                     f"seat-swapped deals), margin {r['mean_margin']:+}")
        return out


def train(game: Game, data: Path, overrides: dict, max_iters: int | None = None,
          max_seconds: float | None = None) -> Run:
    run = Run.open(game, data, overrides)
    stop = []

    def on_signal(signum, frame):
        stop.append(signum)

    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    run.log(f"start {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} {game.name} "
            f"it {run.it} decisions {run.decisions} pid {os.getpid()} "
            f"code {run.code[:12]} config {json.dumps(run.cfg, sort_keys=True)}")
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
                    f"win {s['win']:.3f} draw {s['draw']:.3f} margin {s['margin']:+.2f} | "
                    f"pol {s['policy_loss']:+.4f} val {s['value_loss']:.4f} "
                    f"ent {s['entropy']:.3f} kl {s['approx_kl']:.4f} clip {s['clip_frac']:.3f} "
                    f"| lr {s['lr']:.5f} pw {s['pw']:.3f} pool {len(run.pool)}")
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


def export(game: Game, data: Path, keep: int | None, out: Path, decimals: int = 4) -> dict:
    """The weights as ai/briscola_net.Net reads them, with the run's fingerprint."""
    path = data / "ckpt.npz" if keep is None else data / "keep" / f"ckpt-{keep:06d}.npz"
    with np.load(path) as z:
        meta = json.loads(str(z["meta"]))
        params = {k: z[f"p_{k}"] for k in mlp.KEYS}
    weights = mlp.export(params, decimals)
    weights.update(format=f"{game.name}-net/1", n_inputs=game.n_inputs,
                   hidden=meta["config"]["hidden"],
                   fingerprint={"code_sha256": meta["code"], "seed": meta["config"]["seed"],
                                "iteration": meta["it"], "decisions": meta["decisions"],
                                "train_seconds": round(meta["seconds"]),
                                "config": meta["config"]})
    raw = (json.dumps(weights, separators=(",", ":"), sort_keys=True) + "\n").encode()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_bytes(raw)
    os.replace(tmp, out)
    return {"out": str(out), "bytes": len(raw), "sha256": hashlib.sha256(raw).hexdigest(),
            "iteration": meta["it"], "decisions": meta["decisions"]}


def main(game: Game, doc: str, argv=None) -> None:
    """The command line of a game's trainer: run, eval, export."""
    if os.nice(0) < 19:
        os.nice(19 - os.nice(0))
    default_data = str(ROOT / "train-data" / f"{game.name}-selfplay")
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="train (or resume) in the data dir")
    r.add_argument("--data", default=default_data)
    r.add_argument("--max-iters", type=int, default=None, help="stop at this iteration")
    r.add_argument("--max-hours", type=float, default=None, help="stop after this long")
    for k, v in game.defaults.items():
        r.add_argument("--" + k.replace("_", "-"), type=type(v), default=None,
                       help=f"(a new run only; default {v})")
    e = sub.add_parser("export", help="write the weights as JSON (briscola_net.Net reads them)")
    e.add_argument("--data", default=default_data)
    e.add_argument("--keep", type=int, default=None, help="a kept checkpoint's iteration")
    e.add_argument("--out", default=None, help="default: DATA/net.json")
    e.add_argument("--decimals", type=int, default=4)
    v = sub.add_parser("eval", help="the latest checkpoint against random and greedy")
    v.add_argument("--data", default=default_data)
    v.add_argument("--deals", type=int, default=1000)
    args = ap.parse_args(argv)
    if args.cmd == "run":
        overrides = {k: getattr(args, k) for k in game.defaults if getattr(args, k) is not None}
        train(game, Path(args.data), overrides, args.max_iters,
              None if args.max_hours is None else args.max_hours * 3600)
    elif args.cmd == "export":
        out = Path(args.out) if args.out else Path(args.data) / "net.json"
        print(json.dumps(export(game, Path(args.data), args.keep, out, args.decimals)))
    else:
        with np.load(Path(args.data) / "ckpt.npz") as z:
            params = {k: z[f"p_{k}"] for k in mlp.KEYS}
            it = json.loads(str(z["meta"]))["it"]
        for opp in ("random", "greedy"):
            print(json.dumps(dict(evaluate(game, params, opp, args.deals), it=it)), flush=True)
