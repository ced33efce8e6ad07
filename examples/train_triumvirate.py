"""Teach a masked policy to play the Triumvirate as well as the heuristic bot, with numpy alone.

The policy is a two-hidden-layer network over the Triumvirate's observation vector (8,406 values)
whose logits over the 3,661 action indices are masked with the action mask; one network plays
every seat, since observations and action indices are written from the mover's point of view.
It learns in two stages:

1. **Behaviour cloning.** Three heuristic bots play each other; every decision (the mover's
   observation, its legal mask, the index of the heuristic's choice) becomes a training example
   and the network learns to pick the heuristic's index (cross-entropy over the legal indices).
2. **DAgger** (Ross, Gordon & Bagnell, 2011). The network then plays one seat against two
   heuristic bots, seat by seat in turn; the heuristic labels every position the *network* led
   to with what it would have done there, and the network trains on all examples so far. Cloning
   alone only sees positions the heuristic reaches; once the network errs, it drifts into
   positions it never saw, and DAgger's rounds teach it to recover from its own mistakes.

The games DAgger plays double as the learning curve against the heuristic: each round's network
plays them before it trains on them. Between rounds, and at the end, the network also plays
against two random bots. The final figure is a separate evaluation on fresh seeds: the network
greedy (its most likely legal index) in each seat in turn against two heuristic bots, win shares
with Wilson 95 % intervals.

    python examples/train_triumvirate.py                    # the run docs/rl.md reports
    python examples/train_triumvirate.py --short            # a smoke run for CI: seconds
    python examples/train_triumvirate.py --out runs/tri --rounds 12 --final-games 300

Writes ``summary.json``, ``learning_curve.png`` and the network's weights ``policy.npz`` to
``--out``. Needs the ``rl`` extra (numpy, gymnasium, pettingzoo, matplotlib) and nothing else:
numpy's matrix products run on one thread unless ``OPENBLAS_NUM_THREADS`` says otherwise.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads: a shared machine
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import alea
from alea import agents, rl
from alea.core.agent import Agent
from alea.core.game import Action, Game, State
from alea.ladder import wilson

F32 = npt.NDArray[np.float32]
GAME = "triumvirate"
SEATS = 3


# -- examples -----------------------------------------------------------------------------------


@dataclass
class Examples:
    """Decisions kept sparsely: the observation's nonzero entries, the legal indices, the label.

    A Triumvirate observation has about 500 nonzero values of 8,406 and about 40 legal indices of
    3,661, so an example takes some 2 kB instead of 33 kB dense.
    """

    obs_idx: list[npt.NDArray[np.int16]] = field(default_factory=list)
    obs_val: list[npt.NDArray[np.float16]] = field(default_factory=list)
    legal: list[npt.NDArray[np.int16]] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)

    def add(self, x: npt.NDArray[np.float32], mask: npt.NDArray[np.int8], label: int) -> None:
        nz = np.flatnonzero(x)
        self.obs_idx.append(nz.astype(np.int16))
        self.obs_val.append(x[nz].astype(np.float16))
        self.legal.append(np.flatnonzero(mask).astype(np.int16))
        self.labels.append(label)

    def __len__(self) -> int:
        return len(self.labels)

    def batch(self, rows: npt.NDArray[np.int64], n_obs: int, n_act: int) -> tuple[F32, F32, Any]:
        """Dense observations, an additive mask (0 legal, -1e9 not) and the labels of ``rows``."""
        x = np.zeros((rows.size, n_obs), np.float32)
        neg = np.full((rows.size, n_act), -1e9, np.float32)
        for r, i in enumerate(rows):
            x[r, self.obs_idx[i]] = self.obs_val[i]
            neg[r, self.legal[i]] = 0.0
        return x, neg, np.array([self.labels[i] for i in rows])


# -- the policy ---------------------------------------------------------------------------------


@dataclass
class Policy:
    """``logits = W3 relu(W2 relu(W1 x + b1) + b2) + b3``, masked; trained with Adam."""

    params: list[F32]
    lr: float = 1e-3
    moments: list[tuple[F32, F32]] = field(default_factory=list)
    t: int = 0

    @classmethod
    def create(cls, n_obs: int, n_act: int, hidden: int, rng: np.random.Generator) -> Policy:
        def layer(n_in: int, n_out: int, scale: float) -> list[F32]:
            w = rng.normal(0.0, scale / math.sqrt(n_in), (n_in, n_out)).astype(np.float32)
            return [w, np.zeros(n_out, np.float32)]

        return cls(
            layer(n_obs, hidden, math.sqrt(2))
            + layer(hidden, hidden, math.sqrt(2))
            + layer(hidden, n_act, 0.1)
        )

    def forward(self, x: F32) -> tuple[F32, F32, F32]:
        """Both hidden layers and the logits of a batch ``x`` (rows are observations)."""
        w1, b1, w2, b2, w3, b3 = self.params
        h1 = np.maximum(x @ w1 + b1, 0.0)
        h2 = np.maximum(h1 @ w2 + b2, 0.0)
        return h1, h2, h2 @ w3 + b3

    def choose(self, x: F32, mask: npt.NDArray[np.int8]) -> int:
        """The legal index of highest logit. The first layer reads only ``x``'s nonzero entries."""
        w1, b1, w2, b2, w3, b3 = self.params
        nz = np.flatnonzero(x)
        h1 = np.maximum(x[nz] @ w1[nz] + b1, 0.0)
        h2 = np.maximum(h1 @ w2 + b2, 0.0)
        legal = np.flatnonzero(mask)
        return int(legal[np.argmax(h2 @ w3[:, legal] + b3[legal])])

    def train_step(self, x: F32, neg: F32, labels: Any) -> tuple[float, float]:
        """One Adam step on the masked cross-entropy; the batch's loss and accuracy."""
        _, _, w2, _, w3, _ = self.params
        h1, h2, z = self.forward(x)
        z += neg
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        rows = np.arange(labels.size)
        loss = float(-np.log(p[rows, labels] + 1e-12).mean())
        accuracy = float((p.argmax(axis=1) == labels).mean())
        dz = p
        dz[rows, labels] -= 1.0
        dz /= labels.size
        dh2 = (dz @ w3.T) * (h2 > 0)
        dh1 = (dh2 @ w2.T) * (h1 > 0)
        grads = [x.T @ dh1, dh1.sum(0), h1.T @ dh2, dh2.sum(0), h2.T @ dz, dz.sum(0)]
        self._adam(grads)
        return loss, accuracy

    def _adam(self, grads: list[F32]) -> None:
        if not self.moments:
            self.moments = [(np.zeros_like(g), np.zeros_like(g)) for g in grads]
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        step = self.lr * math.sqrt(1 - b2**self.t) / (1 - b1**self.t)
        for param, g, (m, v) in zip(self.params, grads, self.moments, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            param -= step * m / (np.sqrt(v) + eps)

    def save(self, path: Path) -> None:
        w1, b1, w2, b2, w3, b3 = self.params
        np.savez_compressed(path, w1=w1, b1=b1, w2=w2, b2=b2, w3=w3, b3=b3)


class PolicyAgent(Agent):
    """The network as an alea agent: it reads only the mover's observation vector and mask."""

    name = "policy"

    def __init__(self, policy: Policy, codec: rl.GameCodec) -> None:
        self.policy = policy
        self.codec = codec

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        x = self.codec.observations.encode_state(state, player)
        index = self.policy.choose(x, self.codec.actions.mask(state))
        return self.codec.actions.decode(state, index)


# -- games --------------------------------------------------------------------------------------


def play_labelled(
    game: Game,
    codec: rl.GameCodec,
    players: list[Agent],
    seed: int,
    teacher: Agent,
    examples: Examples | None,
) -> list[float]:
    """One game of ``players``; every decision with a choice, labelled with the teacher's action.

    Returns the game's win shares (``state.returns()``). A seat whose player is the teacher
    itself is labelled without asking twice.
    """
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        p = state.current_player()
        if p == alea.CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        player = players[p]
        if examples is None:
            state.apply_action(player.act(state, p, rng))
            continue
        mask = codec.actions.mask(state)
        taught = teacher.act(state, p, rng)
        if mask.sum() > 1:
            x = codec.observations.encode_state(state, p)
            examples.add(x, mask, codec.actions.encode(taught))
        state.apply_action(taught if player is teacher else player.act(state, p, rng))
    return list(state.returns())


def share(wins: float, games: int) -> dict[str, float | int]:
    rate = wins / games
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": rate, "low": low, "high": high}


def against(
    game: Game,
    codec: rl.GameCodec,
    learner: Agent,
    opponent: Agent,
    games_per_seat: int,
    seed: int,
    teacher: Agent | None = None,
    examples: Examples | None = None,
) -> dict[str, Any]:
    """``learner`` in each seat in turn against two ``opponent`` bots: win shares, per seat and all.

    With ``examples``, the ``teacher`` labels every decision of these games (DAgger's data).
    """
    per_seat = []
    total = 0.0
    for seat in range(SEATS):
        wins = 0.0
        for g in range(games_per_seat):
            players = [learner if s == seat else opponent for s in range(SEATS)]
            returns = play_labelled(
                game,
                codec,
                players,
                seed * 1_000_003 + seat * 10_007 + g,
                teacher or opponent,
                examples,
            )
            wins += returns[seat]
        per_seat.append({"seat": game.player_names[seat], **share(wins, games_per_seat)})
        total += wins
    return {**share(total, SEATS * games_per_seat), "seats": per_seat}


def _fmt(r: dict[str, Any]) -> str:
    seats = ", ".join(f"{s['seat']} {s['rate']:.2f}" for s in r.get("seats", []))
    return f"{r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}] over {r['games']} games ({seats})"


# -- training -----------------------------------------------------------------------------------


def train(
    policy: Policy,
    examples: Examples,
    epochs: float,
    batch: int,
    rng: np.random.Generator,
    n_obs: int,
    n_act: int,
) -> dict[str, float]:
    """``epochs`` passes over ``examples`` in shuffled batches; the last pass's loss, accuracy."""
    steps = max(1, round(epochs * len(examples) / batch))
    losses, accuracies = [], []
    order = rng.permutation(len(examples))
    at = 0
    for _ in range(steps):
        if at + batch > order.size:
            order, at = rng.permutation(len(examples)), 0
        rows = order[at : at + batch]
        at += batch
        loss, accuracy = policy.train_step(*examples.batch(rows, n_obs, n_act))
        losses.append(loss)
        accuracies.append(accuracy)
    tail = max(1, min(steps, len(examples) // batch))
    return {"loss": float(np.mean(losses[-tail:])), "accuracy": float(np.mean(accuracies[-tail:]))}


def plot(path: Path, curve: list[dict[str, Any]], final: dict[str, Any]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    xs = [c["examples"] for c in curve]
    for key, colour, label in (
        ("heuristic", "#b03020", "vs two heuristic bots"),
        ("random", "#3060b0", "vs two random bots"),
    ):
        points = [(x, c[key]) for x, c in zip(xs, curve, strict=True) if key in c]
        if not points:
            continue
        px = [x for x, _ in points]
        ys = [r["rate"] for _, r in points]
        err = [
            [max(0.0, r["rate"] - r["low"]) for _, r in points],
            [max(0.0, r["high"] - r["rate"]) for _, r in points],
        ]
        ax.errorbar(px, ys, yerr=err, fmt="o-", color=colour, capsize=3, label=label)
    ax.errorbar(
        [xs[-1]],
        [final["rate"]],
        yerr=[[max(0.0, final["rate"] - final["low"])], [max(0.0, final["high"] - final["rate"])]],
        fmt="D",
        color="#202020",
        capsize=4,
        label=f"final, vs heuristic ({final['games']} games)",
    )
    ax.axhline(1 / 3, color="#888888", lw=1, ls="--", label="fair share, 1/3")
    ax.set_xlabel("training examples (heuristic-labelled decisions)")
    ax.set_ylabel("win share of one seat (each seat in turn)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    ax.set_title("The Triumvirate: behaviour cloning, then DAgger, of the heuristic bot")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--clone-games", type=int, default=300, help="heuristic self-play games")
    ap.add_argument("--clone-epochs", type=float, default=3.0, help="passes before DAgger")
    ap.add_argument("--rounds", type=int, default=6, help="DAgger rounds")
    ap.add_argument("--round-games", type=int, default=20, help="DAgger games per seat per round")
    ap.add_argument("--epochs", type=float, default=1.0, help="passes over all data per round")
    ap.add_argument("--eval-games", type=int, default=10, help="games per seat vs random bots")
    ap.add_argument("--final-games", type=int, default=100, help="final games per seat")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("train_out/triumvirate"))
    ap.add_argument("--short", action="store_true", help="a CI smoke run of a few seconds")
    args = ap.parse_args(argv)
    if args.short:
        args.clone_games, args.rounds, args.round_games = 4, 1, 1
        args.clone_epochs, args.epochs = 1.0, 1.0
        args.eval_games, args.final_games, args.hidden, args.batch = 1, 2, 16, 64

    start_wall, start_cpu = time.perf_counter(), time.process_time()
    game = alea.load(GAME)
    codec = rl.codec_for(game)
    n_obs, n_act = codec.observations.size, codec.actions.size
    heuristic = agents.make("heuristic")
    rand = agents.make("random")
    rng = np.random.default_rng(args.seed)
    policy = Policy.create(n_obs, n_act, args.hidden, rng)
    policy.lr = args.lr
    learner = PolicyAgent(policy, codec)
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"{GAME}, 3 players; observation {n_obs}, actions {n_act}, hidden {args.hidden}")

    examples = Examples()
    clone_seed = args.seed * 7919 + 1
    for g in range(args.clone_games):
        play_labelled(game, codec, [heuristic] * SEATS, clone_seed + g, heuristic, examples)
    print(f"cloning: {len(examples)} examples from {args.clone_games} heuristic games")

    curve: list[dict[str, Any]] = []
    fit = train(policy, examples, args.clone_epochs, args.batch, rng, n_obs, n_act)
    for r in range(args.rounds + 1):
        point: dict[str, Any] = {"round": r, "examples": len(examples), **fit}
        point["random"] = against(game, codec, learner, rand, args.eval_games, 50_000 + r)
        if r < args.rounds:
            # This round's games: an evaluation of the network now, then its next examples.
            point["heuristic"] = against(
                game, codec, learner, heuristic, args.round_games, 10_000 + r, heuristic, examples
            )
        point["cpu_seconds"] = time.process_time() - start_cpu
        curve.append(point)
        vs_h = _fmt(point["heuristic"]) if "heuristic" in point else "-"
        print(
            f"round {r}: {point['examples']} examples, loss {fit['loss']:.3f}, "
            f"accuracy {fit['accuracy']:.3f}; vs heuristic {vs_h}; "
            f"vs random {_fmt(point['random'])}; cpu {point['cpu_seconds']:.0f} s",
            flush=True,
        )
        if r < args.rounds:
            fit = train(policy, examples, args.epochs, args.batch, rng, n_obs, n_act)

    final = against(game, codec, learner, heuristic, args.final_games, 90_000)
    final_random = against(game, codec, learner, rand, args.final_games, 95_000)
    print(f"final vs two heuristic bots: {_fmt(final)}")
    print(f"final vs two random bots:    {_fmt(final_random)}")
    fair = final["rate"] >= 1 / 3
    print("fair share: " + ("reached" if fair else "not reached") + f" ({final['rate']:.3f})")

    png = args.out / "learning_curve.png"
    plot(png, curve, final)
    weights = args.out / "policy.npz"
    policy.save(weights)
    summary = {
        "game": GAME,
        "players": SEATS,
        "hidden": args.hidden,
        "clone_games": args.clone_games,
        "rounds": args.rounds,
        "round_games": args.round_games,
        "examples": len(examples),
        "cpu_seconds": time.process_time() - start_cpu,
        "wall_seconds": time.perf_counter() - start_wall,
        "load_average": list(os.getloadavg()),
        "curve": curve,
        "final_heuristic": final,
        "final_random": final_random,
        "fair_share": fair,
        "png": str(png),
        "weights": str(weights),
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2))
    print(f"wrote {png}, {weights} and {args.out / 'summary.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
