"""RL environment speed against the raw engine: ``python bench/rl.py [--quick] [--game NAME]``.

For each game, uniformly random legal play is timed five ways, each for the same budget of
decisions (chance events are applied but not counted):

- ``engine``: ``legal_actions()`` and ``apply_action`` in a bare loop, chance by
  ``sample_chance`` -- the engine's own speed, as in ``bench/run.py``;
- ``engine + observation()``: the same loop calling ``state.observation(mover)`` once per
  decision -- the least an environment that builds the observation dict would pay (the
  environments here encode straight from the position instead);
- ``AEC env``: ``alea.rl.aec_env``, driven as a learner would: ``last()`` (observation vector
  and mask), a random index among the mask's ones, ``step``; the learner reads the ``int8``
  mask's ones through a boolean view of it, as numpy's ``nonzero`` is several times slower on
  ``int8`` (``docs/rl.md`` quotes the command that measures it);
- ``Gym env``: ``alea.rl.gym_env`` for seat 0 against random bots; every decision counts,
  the learner's (through the env, reading its mask the same way) and the bots' (straight on
  the state);
- ``AEC env, no encoding``: the AEC loop again with every seat's tracker handing out one
  all-zero vector instead of encoding the position: what the environment's bookkeeping (the
  legal indices, the mask, the copies, PettingZoo's turn keeping) and the learner's choice
  cost on top of the engine, the least an AEC step costs however fast the encoding is.

Each figure is the median of ``--runs`` timed runs (min and max shown), after a warm-up run;
the runs of the five loops are interleaved so that other load on the machine hits all alike.
``overhead`` is engine decisions/s over the loop's decisions/s within each round of runs (the
engine's run and the loop's run of the same round, back to back), the median over the rounds
(lower is better); on a shared machine it moves far less than the ratio of two medians.
The table ends with where the time of one AEC step goes (microseconds per call): the
environments ask each seat's tracker for its vector (timed over consecutive positions of
random games, the mover's tracker each decision, as the AEC env asks; the Triumvirate's
patches the vector where the position changed, the others encode afresh), and a fresh
``encode_state`` of sampled positions is timed beside it; the two reference lines are the
dict-based encoding it equals, for comparison.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import alea
from alea import rl
from alea.agents import RandomAgent
from alea.core.agent import Agent
from alea.core.game import Action, Game, State
from alea.rl.codecs import codec_for
from alea.rl.codecs.base import FloatArray, ObservationEncoder, Tracker

Runner = Callable[[int, int], int]
"""``runner(budget, seed) -> decisions``: play random games until ``budget`` decisions."""


def engine_runner(game: Game, observe: bool) -> Runner:
    def run(budget: int, seed: int) -> int:
        rng = random.Random(seed)
        done = 0
        while done < budget:
            state = game.new_initial_state()
            while not state.is_terminal() and done < budget:
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                    continue
                if observe:
                    state.observation(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                done += 1
        return done

    return run


def aec_runner(game: Game) -> Runner:
    env = rl.aec_env(game)

    def run(budget: int, seed: int) -> int:
        rng = random.Random(seed)
        done = 0
        env.reset(seed=seed)
        while done < budget:
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
                continue
            legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
            env.step(int(legal[int(rng.random() * len(legal))]))
            done += 1
        return done

    return run


class Unencoded(Tracker):
    """A tracker that hands out one all-zero vector whatever the position (a timing floor)."""

    def __init__(self, encoder: ObservationEncoder, seat: int) -> None:
        super().__init__(encoder, seat)
        self.zeros = np.zeros(encoder.size, dtype=np.float32)

    def vector(self, state: State) -> FloatArray:
        """The all-zero vector."""
        return self.zeros


def lent_tracker_runner(
    game: Game, tracker: Callable[[ObservationEncoder, int], Tracker]
) -> Runner:
    """The AEC runner with ``tracker(encoder, seat)`` making every seat's tracker.

    The env makes its trackers on its first steps, so the game's encoder lends it ``tracker``
    while the runner runs.
    """
    run = aec_runner(game)
    encoder = type(codec_for(game).observations)
    own = encoder.tracker

    def lent(self: ObservationEncoder, seat: int) -> Tracker:
        return tracker(self, seat)

    def lending(budget: int, seed: int) -> int:
        setattr(encoder, "tracker", lent)  # noqa: B010  # a method
        try:
            return run(budget, seed)
        finally:
            setattr(encoder, "tracker", own)  # noqa: B010

    return lending


class Counting(Agent):
    """A random bot that counts its decisions."""

    name = "random"

    def __init__(self) -> None:
        self.inner = RandomAgent()
        self.decisions = 0

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        self.decisions += 1
        return self.inner.act(state, player, rng)


def gym_runner(game: Game) -> Runner:
    bots = [Counting() for _ in range(game.num_players - 1)]
    env = rl.gym_env(game, seat=0, opponents=list(bots))

    def run(budget: int, seed: int) -> int:
        rng = random.Random(seed)
        for b in bots:
            b.decisions = 0
        steps = 0
        obs, _ = env.reset(seed=seed)
        while steps + sum(b.decisions for b in bots) < budget:
            legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
            obs, _, terminated, truncated, _ = env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
            if terminated or truncated:
                obs, _ = env.reset()
        return steps + sum(b.decisions for b in bots)

    return run


def measure(
    runners: dict[str, Runner], budget: int, runs: int, seed: int
) -> dict[str, list[float]]:
    """Decisions per second of each timed run of each runner.

    One warm-up run each, then the runs are interleaved (every runner once, ``runs`` times), so
    a machine that gets busier or quieter meanwhile shifts every figure alike.
    """
    for run in runners.values():
        run(max(1, budget // 5), seed)
    rates: dict[str, list[float]] = {label: [] for label in runners}
    for _ in range(runs):
        for label, run in runners.items():
            gc.collect()
            t0 = time.perf_counter()
            n = run(budget, seed)
            rates[label].append(n / (time.perf_counter() - t0))
    return rates


def breakdown(game: Game, seed: int, samples: int) -> dict[str, float]:
    """Microseconds per call of each part of an AEC step, on sampled decision states."""
    codec = codec_for(game)
    rng = random.Random(seed)
    states: list[State] = []
    while len(states) < samples:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance(rng))
                continue
            if rng.random() < 0.05:
                states.append(s.clone())
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.random() * len(legal))])
    states = states[:samples]
    observations = [s.observation(s.current_player()) for s in states]

    def per_call(f: Callable[[Any], object], items: list[Any]) -> float:
        t0 = time.perf_counter()
        for _ in range(5):
            for x in items:
                f(x)
        return (time.perf_counter() - t0) / (5 * len(items)) * 1e6

    def apply_one(s: State) -> None:
        s = s.clone()
        legal = s.legal_actions()
        s.apply_action(legal[0])

    def tracked() -> float:
        """Microseconds per ``tracker.vector`` call, the mover's, over consecutive positions."""
        spent = 0.0
        calls = 0
        for _ in range(max(2, samples // 50)):
            trackers = [codec.observations.tracker(p) for p in range(game.num_players)]
            s = game.new_initial_state()
            while not s.is_terminal() and calls < 40 * samples:
                if s.is_chance_node():
                    s.apply_action(s.sample_chance(rng))
                    continue
                tracker = trackers[s.current_player()]
                t0 = time.perf_counter()
                tracker.vector(s)
                spent += time.perf_counter() - t0
                calls += 1
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.random() * len(legal))])
        return spent / max(1, calls) * 1e6

    return {
        "clone + legal_actions + apply_action": per_call(apply_one, states),
        "clone alone": per_call(lambda s: s.clone(), states),
        "tracker.vector(state), consecutive (envs)": tracked(),
        "encode_state(state, seat) (a new game)": per_call(
            lambda s: codec.observations.encode_state(s, s.current_player()), states
        ),
        "reference: state.observation(seat)": per_call(
            lambda s: s.observation(s.current_player()), states
        ),
        "reference: encode(observation)": per_call(codec.observations.encode, observations),
        "action mask": per_call(codec.actions.mask, states),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="RL environment speed against the raw engine")
    ap.add_argument("--game", action="append", help="game to measure (default: all)")
    ap.add_argument("--quick", action="store_true", help="small budget: a smoke test")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--decisions", type=int, default=0, help="decisions per run")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args(argv)
    budget = args.decisions or (2_000 if args.quick else 30_000)
    runs = 2 if args.quick else max(3, args.runs)
    out: dict[str, Any] = {"budget": budget, "runs": runs, "games": {}}
    for name in args.game or list(alea.GAMES):
        game = alea.load(name)
        print(f"\n{name} ({game.num_players} players), {budget:,} decisions a run, {runs} runs")
        runners = {
            "engine": engine_runner(game, observe=False),
            "engine + observation()": engine_runner(game, observe=True),
            "AEC env": aec_runner(game),
            "Gym env (seat 0 vs random)": gym_runner(game),
            "AEC env, no encoding": lent_tracker_runner(game, Unencoded),
        }
        figures = measure(runners, budget, runs, args.seed)
        overhead = {
            label: statistics.median(e / r for e, r in zip(figures["engine"], rates, strict=True))
            for label, rates in figures.items()
        }
        print(f"  {'':30} {'decisions/s':>12} {'min':>9} {'max':>9} {'overhead':>9}")
        for label, rates in figures.items():
            med = statistics.median(rates)
            print(
                f"  {label:30} {med:12,.0f} {min(rates):9,.0f} {max(rates):9,.0f}"
                f" {overhead[label]:8.2f}x"
            )
        floor = statistics.median(
            o / a
            for o, a in zip(figures["engine + observation()"], figures["AEC env"], strict=True)
        )
        print(f"  AEC env over engine + observation(): {floor:.2f}x")
        parts = breakdown(game, args.seed, 40 if args.quick else 200)
        print("  where an AEC step's time goes (µs per call):")
        for label, us in parts.items():
            print(f"    {label:38} {us:8.1f}")
        out["games"][name] = {
            "figures": {k: {"median": statistics.median(v), "runs": v} for k, v in figures.items()},
            "overhead_vs_engine": overhead,
            "aec_over_engine_plus_observation": floor,
            "breakdown_us": parts,
        }
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
