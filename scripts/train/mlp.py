"""The policy-and-value MLP of the self-play trainer in numpy: forward pass, the
PPO loss and its gradient written out by hand (no autograd here), and Adam.

Shapes: inputs (B, n_in) -> ReLU (B, h) -> ReLU (B, h) -> policy logits (B, 40)
and value (B,). ``params`` is a dict of float32 arrays; ``w1`` (n_in, h), ``w2``
(h, h), ``wp`` (h, 40), ``wv`` (h,), biases ``b1``, ``b2``, ``bp``, ``bv`` (()).
ai/briscola_net.py plays the exported weights in pure Python (``export``).
"""

from __future__ import annotations

import numpy as np

NEG = np.float32(-1e9)  # an illegal card's logit
KEYS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")


def init(rng: np.random.Generator, n_in: int, hidden: int, n_out: int = 40) -> dict:
    """He-initialised hidden layers, small output layers (a near-uniform policy)."""
    def he(a, b, scale=1.0):
        return (rng.standard_normal((a, b)) * scale * np.sqrt(2.0 / a)).astype(np.float32)
    return {"w1": he(n_in, hidden), "b1": np.zeros(hidden, np.float32),
            "w2": he(hidden, hidden), "b2": np.zeros(hidden, np.float32),
            "wp": he(hidden, n_out, 0.01), "bp": np.zeros(n_out, np.float32),
            "wv": he(hidden, 1, 0.1)[:, 0].copy(), "bv": np.zeros((), np.float32)}


def forward(p: dict, x: np.ndarray) -> tuple:
    """(logits, value, cache for backward)."""
    z1 = x @ p["w1"] + p["b1"]
    h1 = np.maximum(z1, 0)
    z2 = h1 @ p["w2"] + p["b2"]
    h2 = np.maximum(z2, 0)
    logits = h2 @ p["wp"] + p["bp"]
    value = h2 @ p["wv"] + p["bv"]
    return logits, value, (x, z1, h1, z2, h2)


def log_softmax_masked(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask, logits, NEG)
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def sample(p: dict, x: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> tuple:
    """Cards drawn from the masked policy (Gumbel-max): (cards, log-probs, values)."""
    logits, value, _ = forward(p, x)
    logp = log_softmax_masked(logits, mask)
    g = rng.gumbel(size=logp.shape).astype(np.float32)
    cards = np.argmax(np.where(mask, logp + g, NEG), axis=1)
    return cards, logp[np.arange(len(cards)), cards], value


def greedy(p: dict, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The legal card of highest logit (the first card index among equals)."""
    logits, _, _ = forward(p, x)
    return np.argmax(np.where(mask, logits, NEG), axis=1)


def ppo_grad(p: dict, x, mask, cards, old_logp, adv, returns, clip: float,
             vf_coef: float, ent_coef: float) -> tuple[dict, dict]:
    """Gradient of the PPO loss (clipped surrogate + vf_coef * value MSE / 2 -
    ent_coef * entropy, each a mean over the batch), and its parts."""
    b = len(cards)
    rows = np.arange(b)
    logits, value, (x, z1, h1, z2, h2) = forward(p, x)
    logp = log_softmax_masked(logits, mask)
    prob = np.where(mask, np.exp(logp), 0.0).astype(np.float32)
    logp_a = logp[rows, cards]
    ratio = np.exp(logp_a - old_logp)
    lo, hi = 1.0 - clip, 1.0 + clip
    surr1, surr2 = ratio * adv, np.clip(ratio, lo, hi) * adv
    flows = (surr1 <= surr2) | ((ratio > lo) & (ratio < hi))
    d_logp_a = -(adv * ratio * flows) / b
    d_logits = -prob * d_logp_a[:, None]
    d_logits[rows, cards] += d_logp_a
    safe_logp = np.where(mask, logp, 0.0)
    entropy = -(prob * safe_logp).sum(axis=1)
    d_logits += (ent_coef / b) * prob * (safe_logp + entropy[:, None])
    d_value = vf_coef * (value - returns) / b
    g = {"wp": h2.T @ d_logits, "bp": d_logits.sum(0), "wv": h2.T @ d_value,
         "bv": np.asarray(d_value.sum(), np.float32)}
    d_h2 = d_logits @ p["wp"].T + np.outer(d_value, p["wv"])
    d_z2 = d_h2 * (z2 > 0)
    g["w2"], g["b2"] = h1.T @ d_z2, d_z2.sum(0)
    d_z1 = (d_z2 @ p["w2"].T) * (z1 > 0)
    g["w1"], g["b1"] = x.T @ d_z1, d_z1.sum(0)
    parts = {"policy_loss": float(-np.minimum(surr1, surr2).mean()),
             "value_loss": float(0.5 * ((value - returns) ** 2).mean()),
             "entropy": float(entropy.mean()),
             "approx_kl": float((old_logp - logp_a).mean()),
             "clip_frac": float((np.abs(ratio - 1.0) > clip).mean())}
    return {k: v.astype(np.float32) for k, v in g.items()}, parts


def ppo_loss(p: dict, x, mask, cards, old_logp, adv, returns, clip, vf_coef, ent_coef) -> float:
    """The loss ppo_grad differentiates (for the gradient check)."""
    logits, value, _ = forward(p, x)
    logp = log_softmax_masked(logits, mask)
    prob = np.where(mask, np.exp(logp), 0.0)
    ratio = np.exp(logp[np.arange(len(cards)), cards] - old_logp)
    surr = np.minimum(ratio * adv, np.clip(ratio, 1 - clip, 1 + clip) * adv)
    entropy = -(prob * np.where(mask, logp, 0.0)).sum(axis=1)
    return float(-surr.mean() + vf_coef * 0.5 * ((value - returns) ** 2).mean()
                 - ent_coef * entropy.mean())


class Adam:
    """Adam with global-norm gradient clipping; its state saves as arrays."""

    def __init__(self, params: dict, beta1=0.9, beta2=0.999, eps=1e-8, max_norm=1.0):
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0
        self.beta1, self.beta2, self.eps, self.max_norm = beta1, beta2, eps, max_norm

    def step(self, params: dict, grads: dict, lr: float) -> float:
        norm = float(np.sqrt(sum(float((g.astype(np.float64) ** 2).sum()) for g in grads.values())))
        scale = min(1.0, self.max_norm / (norm + 1e-12))
        self.t += 1
        c1 = 1 - self.beta1 ** self.t
        c2 = 1 - self.beta2 ** self.t
        for k in KEYS:
            g = grads[k] * np.float32(scale)
            self.m[k] = self.beta1 * self.m[k] + (1 - self.beta1) * g
            self.v[k] = self.beta2 * self.v[k] + (1 - self.beta2) * g * g
            step = lr * (self.m[k] / c1) / (np.sqrt(self.v[k] / c2) + self.eps)
            params[k] = (params[k] - step).astype(np.float32)
        return norm

    def state(self) -> dict:
        out = {f"adam_m_{k}": v for k, v in self.m.items()}
        out.update({f"adam_v_{k}": v for k, v in self.v.items()})
        out["adam_t"] = np.array(self.t)
        return out

    def load(self, arrays) -> None:
        self.m = {k: arrays[f"adam_m_{k}"] for k in KEYS}
        self.v = {k: arrays[f"adam_v_{k}"] for k in KEYS}
        self.t = int(arrays["adam_t"])


def export(p: dict, decimals: int = 5) -> dict:
    """The weights as ai/briscola_net.Net reads them (lists, w1/w2 input-major,
    one policy row per card), rounded to ``decimals``."""
    def r(a):
        return np.round(np.asarray(a, dtype=np.float64), decimals).tolist()
    return {"w1": r(p["w1"]), "b1": r(p["b1"]), "w2": r(p["w2"]), "b2": r(p["b2"]),
            "wp": r(p["wp"].T), "bp": r(p["bp"]), "wv": r(p["wv"]), "bv": float(r(p["bv"]))}


def forward64(data: dict, x: np.ndarray) -> tuple:
    """numpy's forward pass (float64) over exported weights: (logits, values)."""
    w1, w2 = np.array(data["w1"]), np.array(data["w2"])
    h1 = np.maximum(x @ w1 + np.array(data["b1"]), 0)
    h2 = np.maximum(h1 @ w2 + np.array(data["b2"]), 0)
    logits = h2 @ np.array(data["wp"]).T + np.array(data["bp"])
    return logits, h2 @ np.array(data["wv"]) + data["bv"]
