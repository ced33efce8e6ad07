"""``alea train GAME``: fit a game's learned value on games of its heuristic bots.

The data are positions of seeded games between the agents given (the heuristic bot by
default), a decision position now and then (``every``), each with the row of numbers each seat
sees (the game's ``features`` search hook) and the game's result. The model (``alea.core.value``:
one hidden layer, the same weights for every seat, a softmax over the seats) is fitted by Adam
on the cross-entropy between its shares and the result, games of a held-out part never seen in
fitting. Its log-loss and how often it names the winner are reported on the held-out games
beside two baselines: the game's hand-set evaluation (the search's ``evaluate`` hook, whose
shares sum to one as the model's do) and an even split among the seats still in.

The result is deterministic for a seed: the games come from ``derive_seed(seed, "game/i")``
and the initial weights from ``seed``.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from alea.agents import parse_spec
from alea.core.game import State
from alea.core.record import play
from alea.core.registry import hook, load
from alea.core.rng import derive_seed
from alea.core.value import FORMAT, ValueModel

Array = Any
"""A numpy array (numpy's own types say little more here)."""


@dataclass
class Positions:
    """Sampled positions: per position, each seat's row, which seats are in, the result.

    Attributes:
        x: rows, shape (positions, seats, inputs); a seat that is out has a row of zeros.
        live: which seats are still in, shape (positions, seats).
        target: each seat's share of the win at the end, shape (positions, seats).
        hand: the hand-set evaluation's shares, shape (positions, seats).
        game: the index of the game each position came from.

    """

    x: Array
    live: Array
    target: Array
    hand: Array
    game: Array

    def part(self, keep: Array) -> Positions:
        """The positions where ``keep`` is true."""
        return Positions(
            self.x[keep], self.live[keep], self.target[keep], self.hand[keep], self.game[keep]
        )

    def __len__(self) -> int:
        return int(self.x.shape[0])


def collect(
    game_name: str,
    games: int,
    seed: int,
    *,
    agents: Sequence[str] = ("heuristic",),
    every: int = 6,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Positions:
    """Play ``games`` seeded games and keep about one decision position in ``every``.

    Each seat's agent is drawn from ``agents`` for each game. Games that end with no winner
    (a round cap) are left out: they say nothing about who is ahead.

    Raises:
        ValueError: the game has no ``features`` hook, or an agent spec is wrong.

    """
    features = hook(game_name, "features")
    evaluate = hook(game_name, "evaluate")
    if features is None:
        raise ValueError(f"{game_name} has no learned value: its search module gives no features")
    game = load(game_name, **(options or {}))
    n = game.num_players
    rows: list[list[list[float]]] = []
    lives: list[list[bool]] = []
    hands: list[list[float]] = []
    owners: list[int] = []
    targets: list[list[float]] = []
    for g in range(games):
        game_seed = derive_seed(seed, f"game/{g}")
        pick = random.Random(derive_seed(game_seed, "agents"))
        seats = [parse_spec(agents[int(pick.random() * len(agents))]) for _ in range(n)]
        start = len(rows)

        def keep(state: State, _action: Any, pick: random.Random = pick) -> None:
            if state.current_player() < 0 or pick.random() * every >= 1:
                return
            feats = features(state)
            width = len(next(r for r in feats if r is not None))
            rows.append([list(r) if r is not None else [0.0] * width for r in feats])
            lives.append([r is not None for r in feats])
            hands.append(list(evaluate(state)) if evaluate is not None else [1.0 / n] * n)

        record = play(game, seats, seed=game_seed, on_step=keep)
        returns = record.result["returns"] if record.result else [0.0] * n
        total = sum(returns)
        if total <= 0:
            del rows[start:], lives[start:], hands[start:]
        else:
            share = [r / total for r in returns]
            targets += [share] * (len(rows) - start)
            owners += [g] * (len(rows) - start)
        if progress is not None:
            progress(g + 1, games)
    if not rows:
        raise ValueError(f"no decided game of {game_name} among {games}: nothing to learn from")
    return Positions(
        np.asarray(rows, dtype=float),
        np.asarray(lives, dtype=bool),
        np.asarray(targets, dtype=float),
        np.asarray(hands, dtype=float),
        np.asarray(owners, dtype=int),
    )


def _softmax(scores: Array, live: Array) -> Array:
    s = np.where(live, scores, -np.inf)
    s = s - s.max(axis=1, keepdims=True)
    e = np.where(live, np.exp(s), 0.0)
    return e / e.sum(axis=1, keepdims=True)


@dataclass
class Fit:
    """How to fit: hidden units (0 for a linear model), Adam's steps, rate and batch, L2 weight.

    A batch of 0 takes every position at each step; otherwise each step takes that many,
    drawn afresh.
    """

    hidden: int = 0
    steps: int = 800
    rate: float = 0.01
    l2: float = 1e-4
    seed: int = 0
    batch: int = 0


def fit(data: Positions, how: Fit, names: Sequence[str]) -> dict[str, Any]:
    """Fit the model's weights to ``data`` by full-batch Adam; the weights file's contents."""
    x = data.x
    d = x.shape[2]
    flat = x[data.live]
    mean = flat.mean(axis=0)
    scale = flat.std(axis=0)
    scale = np.where(scale > 1e-9, scale, 1.0)
    z = (x - mean) / scale
    rng = np.random.default_rng(how.seed)
    h = how.hidden
    params: dict[str, Array] = {}
    if h:
        params["w1"] = rng.normal(0.0, 1.0 / math.sqrt(d), (h, d))
        params["b1"] = np.zeros(h)
        params["w2"] = rng.normal(0.0, 1.0 / math.sqrt(h), h)
    else:
        params["w2"] = np.zeros(d)
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v2 = {k: np.zeros_like(v) for k, v in params.items()}
    b1_, b2_, eps = 0.9, 0.999, 1e-8
    count = data.live.sum()
    all_z, all_live, all_target = z, data.live, data.target
    for step in range(1, how.steps + 1):
        if how.batch:
            pick = rng.integers(0, len(data), how.batch)
            z, live, target = all_z[pick], all_live[pick], all_target[pick]
        else:
            z, live, target = all_z, all_live, all_target
        if h:
            a = np.tanh(z @ params["w1"].T + params["b1"])
            scores = a @ params["w2"]
        else:
            scores = z @ params["w2"]
        p = _softmax(scores, live)
        ds = np.where(live, p - target, 0.0) / len(z)  # d loss / d score
        grads: dict[str, Array] = {}
        flat_ds = ds.reshape(-1)
        if h:
            grads["w2"] = flat_ds @ a.reshape(-1, h)
            da = ds[..., None] * params["w2"] * (1 - a * a)
            grads["w1"] = da.reshape(-1, h).T @ z.reshape(-1, d)
            grads["b1"] = da.sum(axis=(0, 1))
        else:
            grads["w2"] = flat_ds @ z.reshape(-1, d)
        for k in params:
            if k != "b1":
                grads[k] = grads[k] + how.l2 * params[k] * (len(data) / max(count, 1))
            m[k] = b1_ * m[k] + (1 - b1_) * grads[k]
            v2[k] = b2_ * v2[k] + (1 - b2_) * grads[k] ** 2
            mh = m[k] / (1 - b1_**step)
            vh = v2[k] / (1 - b2_**step)
            params[k] = params[k] - how.rate * mh / (np.sqrt(vh) + eps)
    out: dict[str, Any] = {
        "format": FORMAT,
        "names": list(names),
        "hidden": h,
        "mean": mean.tolist(),
        "scale": scale.tolist(),
        "w2": params["w2"].tolist(),
    }
    if h:
        out["w1"] = params["w1"].tolist()
        out["b1"] = params["b1"].tolist()
    return out


def model_shares(model: ValueModel, data: Positions) -> Array:
    """The model's shares for every position of ``data``."""
    n, seats, d = data.x.shape
    scores = model.scores(data.x.reshape(n * seats, d)).reshape(n, seats)
    return _softmax(scores, data.live)


@dataclass
class Score:
    """How well shares foretold the results: mean log-loss and how often the top seat won."""

    log_loss: float
    accuracy: float

    def text(self) -> str:
        """E.g. ``log-loss 0.812, names the winner 61.0%``."""
        return f"log-loss {self.log_loss:.3f}, names the winner {100 * self.accuracy:.1f}%"


def score(shares: Array, data: Positions) -> Score:
    """The log-loss of ``shares`` against the results, and how often their top seat won."""
    p = np.clip(shares, 1e-6, 1.0)
    loss = float(-(data.target * np.log(p)).sum(axis=1).mean())
    top = np.where(data.live, shares, -1.0).argmax(axis=1)
    won = data.target[np.arange(len(data)), top] > 0
    return Score(loss, float(won.mean()))


def even(data: Positions) -> Array:
    """An even split among the seats still in."""
    live = data.live.astype(float)
    return live / live.sum(axis=1, keepdims=True)


@dataclass
class Report:
    """What ``alea train`` did and how well the model does on the held-out games."""

    game: str
    games: int
    train_positions: int
    test_positions: int
    model: Score
    hand: Score
    even: Score
    weights: dict[str, Any] = field(repr=False)

    def lines(self) -> list[str]:
        """The report, a line each."""
        return [
            f"{self.game}: {self.games} games, {self.train_positions} positions to fit, "
            f"{self.test_positions} held out (games never fitted)",
            f"learned value    {self.model.text()}",
            f"hand-set         {self.hand.text()}",
            f"even split       {self.even.text()}",
        ]


def train(
    game_name: str,
    games: int,
    seed: int,
    *,
    agents: Sequence[str] = ("heuristic",),
    how: Fit | None = None,
    held_out: float = 0.2,
    every: int = 6,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Report:
    """Play, fit and score a learned value for ``game_name``; the report holds the weights.

    The last ``held_out`` part of the games is kept out of the fit and scored.

    Raises:
        ValueError: too few games to hold some out, or the game has no features.

    """
    if games < 2:
        raise ValueError("alea train needs at least 2 games: some to fit, some to score")
    if not 0.0 < held_out < 1.0:
        raise ValueError(f"the held-out part must be between 0 and 1, not {held_out}")
    how = how or Fit(seed=seed)
    data = collect(
        game_name, games, seed, agents=agents, every=every, options=options, progress=progress
    )
    names = hook(game_name, "feature_names") or [f"x{i}" for i in range(data.x.shape[2])]
    cut = max(1, min(games - 1, round(games * (1 - held_out))))
    fitted, held = data.part(data.game < cut), data.part(data.game >= cut)
    if not len(fitted) or not len(held):
        raise ValueError(f"{games} games left nothing to fit or nothing to score: play more")
    weights = fit(fitted, how, names)
    weights["trained"] = {
        "games": games,
        "seed": seed,
        "agents": list(agents),
        "every": every,
        "options": options or {},
        "held_out_games": games - cut,
    }
    model = ValueModel(weights)
    report = Report(
        game=game_name,
        games=games,
        train_positions=len(fitted),
        test_positions=len(held),
        model=score(model_shares(model, held), held),
        hand=score(held.hand, held),
        even=score(even(held), held),
        weights=weights,
    )
    weights["held_out"] = {
        "learned": vars(report.model),
        "hand": vars(report.hand),
        "even": vars(report.even),
    }
    return report


def write(weights: dict[str, Any], path: Path) -> None:
    """Write the weights file, rounded to what matters."""

    def rounded(v: Any) -> Any:
        if isinstance(v, float):
            return float(f"{v:.6g}")
        if isinstance(v, list):
            return [rounded(i) for i in v]
        if isinstance(v, dict):
            return {k: rounded(i) for k, i in v.items()}
        return v

    path.write_text(json.dumps(rounded(weights), indent=None) + "\n", encoding="utf-8")
