"""Train a small masked policy on Forum against random bots, with numpy alone (REINFORCE).

The learner holds one seat of a two-player Forum game (``alea.rl.gym_env``); the other seat is
the built-in random bot. The policy is a one-hidden-layer network over the observation vector
whose logits are masked with the action mask, so it only ever picks legal actions. It learns
from the final result alone (1 for a win, 0 otherwise) by REINFORCE with a running-mean
baseline and Adam. Before and after training it plays evaluation games against fresh random
bots and reports the win rate with a 95 % Wilson interval; it saves a learning curve.

    python examples/train_masked_policy.py                 # 3 min of training, ~4 min in all
    python examples/train_masked_policy.py --short         # a smoke run for CI: seconds
    python examples/train_masked_policy.py --seconds 600 --out runs/forum

Needs the ``rl`` extra (numpy, gymnasium, pettingzoo, matplotlib).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from alea import rl

Array = npt.NDArray[np.float64]


# -- the policy ---------------------------------------------------------------------------------


@dataclass
class Policy:
    """``logits = W2 tanh(W1 x + b1) + b2``, masked; trained with Adam."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    lr: float = 3e-3
    moments: list[tuple[Array, Array]] = field(default_factory=list)
    t: int = 0

    @classmethod
    def create(cls, n_obs: int, n_act: int, hidden: int, rng: np.random.Generator) -> Policy:
        w1 = rng.normal(0.0, 1.0 / math.sqrt(n_obs), (hidden, n_obs))
        w2 = rng.normal(0.0, 0.01, (n_act, hidden))  # small: the untrained policy is ~uniform
        return cls(w1, np.zeros(hidden), w2, np.zeros(n_act))

    def params(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2]

    def probs(self, x: Array, mask: npt.NDArray[np.int8]) -> tuple[Array, Array]:
        """Action probabilities (0 where masked) and the hidden layer."""
        h = np.tanh(self.w1 @ x + self.b1)
        z = self.w2 @ h + self.b2
        z = np.where(mask > 0, z, -np.inf)
        z -= z.max()
        p = np.exp(z)
        return p / p.sum(), h

    def act(self, obs: dict[str, Any], rng: np.random.Generator, greedy: bool = False) -> int:
        p, _ = self.probs(obs["observation"].astype(np.float64), obs["action_mask"])
        return int(np.argmax(p)) if greedy else int(rng.choice(p.size, p=p))

    def update(self, grads: list[Array]) -> None:
        """One Adam step *up* the gradient (REINFORCE maximises the return)."""
        if not self.moments:
            self.moments = [(np.zeros_like(g), np.zeros_like(g)) for g in grads]
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for param, g, (m, v) in zip(self.params(), grads, self.moments, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            m_hat = m / (1 - b1**self.t)
            v_hat = v / (1 - b2**self.t)
            param += self.lr * m_hat / (np.sqrt(v_hat) + eps)


@dataclass
class Episode:
    xs: list[Array] = field(default_factory=list)
    hs: list[Array] = field(default_factory=list)
    ps: list[Array] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    reward: float = 0.0


def play(env: rl.AleaGymEnv, policy: Policy, seed: int, rng: np.random.Generator) -> Episode:
    """One training game, keeping what REINFORCE needs."""
    ep = Episode()
    obs, _ = env.reset(seed=seed)
    while True:
        x = obs["observation"].astype(np.float64)
        p, h = policy.probs(x, obs["action_mask"])
        a = int(rng.choice(p.size, p=p))
        ep.xs.append(x)
        ep.hs.append(h)
        ep.ps.append(p)
        ep.actions.append(a)
        obs, reward, terminated, truncated, _ = env.step(a)
        if terminated or truncated:
            ep.reward = float(reward)
            return ep


def gradients(policy: Policy, episodes: list[Episode], baseline: float) -> list[Array]:
    """The REINFORCE gradient of the mean return over ``episodes``."""
    g = [np.zeros_like(p) for p in policy.params()]
    steps = 0
    for ep in episodes:
        adv = ep.reward - baseline
        if adv == 0.0:
            continue
        x = np.stack(ep.xs)
        h = np.stack(ep.hs)
        dz = -np.stack(ep.ps)  # d log p(a) / d logits = onehot(a) - p
        dz[np.arange(len(ep.actions)), ep.actions] += 1.0
        dz *= adv
        g[2] += dz.T @ h
        g[3] += dz.sum(axis=0)
        dh = (dz @ policy.w2) * (1.0 - h * h)
        g[0] += dh.T @ x
        g[1] += dh.sum(axis=0)
        steps += len(ep.actions)
    n = max(1, len(episodes))
    return [gi / n for gi in g]


# -- evaluation ---------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (shared wins count as fractions)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(
    env: rl.AleaGymEnv, policy: Policy | None, games: int, seed: int
) -> dict[str, float | int]:
    """Win rate over ``games`` fresh games (``policy=None``: uniform random legal actions)."""
    rng = np.random.default_rng(seed)
    wins = 0.0
    for g in range(games):
        obs, _ = env.reset(seed=seed * 1_000_003 + g)
        while True:
            if policy is None:
                a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            else:
                a = policy.act(obs, rng)
            obs, reward, terminated, truncated, _ = env.step(a)
            if terminated or truncated:
                wins += max(0.0, float(reward))
                break
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": wins / games, "low": low, "high": high}


def _fmt(r: dict[str, float | int]) -> str:
    return f"{r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}] over {r['games']} games"


# -- the run ------------------------------------------------------------------------------------


def plot(path: Path, curve: list[dict[str, float]], evals: list[dict[str, Any]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    if curve:
        ax.plot(
            [c["episode"] for c in curve],
            [c["win_rate"] for c in curve],
            color="#888888",
            lw=1,
            label="training win rate (moving average)",
        )
    xs = [e["episode"] for e in evals]
    ys = [e["rate"] for e in evals]
    err = [[e["rate"] - e["low"] for e in evals], [e["high"] - e["rate"] for e in evals]]
    ax.errorbar(
        xs, ys, yerr=err, fmt="o-", color="#b03020", capsize=3, label="evaluation (95 % CI)"
    )
    ax.set_xlabel("training episodes")
    ax.set_ylabel("win rate against the random bot")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    ax.set_title("Forum, two players: masked REINFORCE policy vs random")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--seconds", type=float, default=180.0, help="training time (evaluations not counted)"
    )
    ap.add_argument("--episodes", type=int, default=0, help="stop after this many (0: no cap)")
    ap.add_argument("--eval-games", type=int, default=300, help="games per evaluation")
    ap.add_argument("--evals", type=int, default=5, help="evaluations during training")
    ap.add_argument("--batch", type=int, default=16, help="episodes per update")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("train_out"))
    ap.add_argument("--short", action="store_true", help="a CI smoke run of a few seconds")
    args = ap.parse_args(argv)
    if args.short:
        args.seconds, args.episodes, args.eval_games, args.evals = 30.0, 48, 24, 2

    env = rl.gym_env("forum", seat=0, opponents="random", players=2)
    n_obs = env.observation_space["observation"].shape[0]
    n_act = int(env.action_space.n)
    rng = np.random.default_rng(args.seed)
    policy = Policy.create(n_obs, n_act, args.hidden, rng)
    policy.lr = args.lr
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"Forum 2p, seat 0 vs random; observation {n_obs}, actions {n_act}")

    start = time.perf_counter()
    random_play = evaluate(env, None, args.eval_games, seed=args.seed + 7)
    before = evaluate(env, policy, args.eval_games, seed=args.seed + 11)
    print(f"uniform random legal play: {_fmt(random_play)}")
    print(f"untrained policy:          {_fmt(before)}")
    evals: list[dict[str, Any]] = [{"episode": 0, **before}]

    curve: list[dict[str, float]] = []
    recent: list[float] = []
    baseline = 0.5
    episode = 0
    train_seconds = 0.0  # training alone: evaluations during training are not counted
    step = args.seconds / max(1, args.evals)
    next_eval = step
    while train_seconds < args.seconds and not (args.episodes and episode >= args.episodes):
        t0 = time.perf_counter()
        batch = [play(env, policy, args.seed * 7919 + episode + i, rng) for i in range(args.batch)]
        episode += len(batch)
        policy.update(gradients(policy, batch, baseline))
        train_seconds += time.perf_counter() - t0
        for ep in batch:
            baseline += 0.02 * (ep.reward - baseline)
            recent.append(ep.reward)
        recent = recent[-200:]
        curve.append({"episode": episode, "win_rate": float(np.mean(recent))})
        finished = train_seconds >= args.seconds or (args.episodes and episode >= args.episodes)
        if not finished and train_seconds >= next_eval:
            next_eval += step
            r = evaluate(env, policy, args.eval_games, seed=args.seed + 13 + episode)
            evals.append({"episode": episode, **r})
            print(f"  episode {episode:5d}: training {curve[-1]['win_rate']:.3f}, eval {_fmt(r)}")

    after = evaluate(env, policy, args.eval_games, seed=args.seed + 17)
    evals.append({"episode": episode, **after})
    print(f"trained policy ({episode} episodes, {train_seconds:.0f} s): {_fmt(after)}")
    improved = after["low"] > before["high"]
    print("improvement: " + ("yes, the intervals do not overlap" if improved else "not shown"))

    png = args.out / "learning_curve.png"
    plot(png, curve, evals)
    summary = {
        "game": "forum",
        "players": 2,
        "opponent": "random",
        "episodes": episode,
        "train_seconds": train_seconds,
        "total_seconds": time.perf_counter() - start,
        "random_play": random_play,
        "before": before,
        "after": after,
        "improved": improved,
        "evaluations": evals,
        "curve": curve,
        "png": str(png),
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2))
    print(f"wrote {png} and {args.out / 'summary.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
