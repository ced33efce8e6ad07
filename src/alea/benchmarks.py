"""``alea bench``: how fast each game plays, clones and lists its moves.

Figures per registered game, each taken over several runs in one process (pyperf-style): a
warm-up run fixes the workload, every later run repeats exactly that workload, and the table
shows the minimum, median and maximum over the runs. The median is the figure to quote.

- random playout decisions/s: whole games played directly on the engine, uniform choices at
  decision nodes and ``sample_chance`` at chance nodes; every ``apply_action`` counts.
- random playout games/s: the same runs, counted in finished games.
- ``clone()`` µs and ``legal_actions()`` µs: per call, on a fixed sample of mid-game states.
- MCTS iterations/s: one search from a mid-game state, when an ``mcts`` agent is registered.

When OpenSpiel is importable, its C++ backgammon driven from the same Python loop is measured the
same way as a reference line, and ratios against it are printed.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import itertools
import json
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from alea.agents import AGENT_KINDS, make
from alea.core.game import CHANCE, TERMINAL, Game
from alea.core.registry import games, load
from alea.core.rng import derive_seed, sample_weighted

FORMAT: Final = "alea-bench/1"
MIN_RUNS: Final = 5


@dataclass(frozen=True)
class Budget:
    """How much work one run does.

    Attributes:
        playout_actions: the warm-up plays whole games until it has applied this many actions;
            that number of games is then the workload of every run.
        states: mid-game states sampled for the ``clone`` and ``legal_actions`` figures.
        calls_per_state: calls timed on each sampled state in one run.
        mcts_iterations: iterations of the one search timed in each run.

    """

    playout_actions: int
    states: int
    calls_per_state: int
    mcts_iterations: int


FULL: Final = Budget(playout_actions=150_000, states=200, calls_per_state=200, mcts_iterations=400)
QUICK: Final = Budget(playout_actions=2_000, states=40, calls_per_state=50, mcts_iterations=50)


@dataclass(frozen=True)
class Target:
    """A performance goal for one figure: at least (``>=``) or under (``<``) ``value``."""

    op: Literal[">=", "<"]
    value: float

    def met(self, figure: float) -> bool:
        """Whether ``figure`` reaches the goal."""
        return figure >= self.value if self.op == ">=" else figure < self.value

    def text(self) -> str:
        """The goal as printed, e.g. ``>= 70,000``."""
        return f"{self.op} {self.value:,g}"


TARGETS: Final[dict[str, dict[str, Target]]] = {
    "triumvirate": {
        "decisions_per_s": Target(">=", 70_000),
        "clone_us": Target("<", 10.0),
        "mcts_iterations_per_s": Target(">=", 5_000),
    },
    "forum": {
        "decisions_per_s": Target(">=", 70_000),
        "clone_us": Target("<", 20.0),
    },
    "hotre": {
        "decisions_per_s": Target(">=", 70_000),
        "clone_us": Target("<", 20.0),
    },
}
"""Per game, the figures that have a goal (DESIGN.md, Performance)."""

LABELS: Final = {
    "decisions_per_s": "random playout decisions/s",
    "games_per_s": "random playout games/s",
    "clone_us": "clone() µs",
    "legal_actions_us": "legal_actions() µs",
    "mcts_iterations_per_s": "MCTS iterations/s",
}
"""Row label of each figure, unit included."""


@dataclass
class Figure:
    """One measured quantity: the value of each run, and the goal if it has one."""

    key: str
    runs: list[float]
    target: Target | None = None

    @property
    def label(self) -> str:
        """Row label, unit included."""
        return LABELS[self.key]

    @property
    def median(self) -> float:
        """The figure to quote."""
        return statistics.median(self.runs)

    def to_json(self) -> dict[str, Any]:
        """JSON form: label, min, median, max, every run, and the goal with its verdict."""
        return {
            "label": self.label,
            "min": min(self.runs),
            "median": self.median,
            "max": max(self.runs),
            "runs": list(self.runs),
            "target": None
            if self.target is None
            else {
                "op": self.target.op,
                "value": self.target.value,
                "met": self.target.met(self.median),
            },
        }


@dataclass
class Subject:
    """Something to measure: a fresh-state factory and the way its chance nodes are drawn.

    Attributes:
        name: shown in the table, e.g. ``triumvirate``.
        new_state: returns the state a game starts from.
        sampler: given a state, returns a callable that draws its pending chance outcome
            from an rng.
        game: the Alea game, if this is one (the MCTS figure needs it).
        reference: whether this is the outside reference line.

    """

    name: str
    new_state: Callable[[], Any]
    sampler: Callable[[Any], Callable[[random.Random], Any]]
    game: Game | None = None
    reference: bool = False


@dataclass
class Report:
    """The figures of one subject, its workload and any notes."""

    subject: str
    reference: bool
    figures: list[Figure] = field(default_factory=list)
    workload: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def figure(self, key: str) -> Figure | None:
        """The figure ``key``, if measured."""
        return next((f for f in self.figures if f.key == key), None)

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "subject": self.subject,
            "reference": self.reference,
            "workload": self.workload,
            "figures": {f.key: f.to_json() for f in self.figures},
            "notes": list(self.notes),
        }


# -- subjects ---------------------------------------------------------------------------------


def alea_subject(name: str) -> Subject:
    """An Alea game with its default options; chance drawn by its own ``sample_chance``."""
    game = load(name)
    return Subject(
        name=name,
        new_state=game.new_initial_state,
        sampler=lambda state: state.sample_chance,
        game=game,
    )


REFERENCE_GAME: Final = "backgammon"


def openspiel_subject() -> Subject | str:
    """OpenSpiel's C++ backgammon, or a sentence saying why it is unavailable."""
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
    except ImportError:
        return "OpenSpiel (pyspiel) is not installed: no reference line (pip install open_spiel)"
    game = pyspiel.load_game(REFERENCE_GAME)

    def sampler(state: Any) -> Callable[[random.Random], Any]:
        def draw(rng: random.Random) -> Any:
            return sample_weighted(state.chance_outcomes(), rng)

        return draw

    return Subject(
        name=f"OpenSpiel {REFERENCE_GAME} (C++)",
        new_state=game.new_initial_state,
        sampler=sampler,
        reference=True,
    )


# -- measurements -----------------------------------------------------------------------------


def random_playout(subject: Subject, rng: random.Random) -> int:
    """Play one whole game with uniform random decisions; return the actions applied.

    The loop binds the state's methods once, so what it times is the engine, not lookups.
    """
    state = subject.new_state()
    current = state.current_player
    legal = state.legal_actions
    apply = state.apply_action
    draw = subject.sampler(state)
    rand = rng.random
    steps = 0
    while True:
        player = current()
        if player == TERMINAL:
            return steps
        if player == CHANCE:
            action = draw(rng)
        elif player >= 0:
            actions = legal()
            action = actions[int(rand() * len(actions))]
        else:
            raise ValueError(f"{subject.name}: unsupported kind of node {player}")
        apply(action)
        steps += 1


def recorded_playout(subject: Subject, rng: random.Random) -> list[Any]:
    """Play one random game like ``random_playout`` and return its actions."""
    state = subject.new_state()
    draw = subject.sampler(state)
    out: list[Any] = []
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return out
        if player == CHANCE:
            action = draw(rng)
        else:
            actions = state.legal_actions()
            action = actions[int(rng.random() * len(actions))]
        state.apply_action(action)
        out.append(action)


def _seeds(seed: int, subject: Subject, label: str) -> Callable[[int], int]:
    return lambda i: derive_seed(seed, f"{subject.name}/{label}/{i}")


def playout_workload(subject: Subject, budget: Budget, seed: int) -> tuple[list[int], int]:
    """Seeds of as many random games as it takes to reach the action budget, and their actions.

    Playing them is the warm-up; every timed pass then replays the same games.
    """
    seed_of = _seeds(seed, subject, "playout")
    seeds: list[int] = []
    actions = 0
    while actions < budget.playout_actions:
        seeds.append(seed_of(len(seeds)))
        actions += random_playout(subject, random.Random(seeds[-1]))
    return seeds, actions


def playout_pass(subject: Subject, seeds: Sequence[int], actions: int) -> float:
    """Seconds one pass over the workload's games takes (checked to replay the same games)."""
    gc.collect()
    steps = 0
    start = time.perf_counter()
    for s in seeds:
        steps += random_playout(subject, random.Random(s))
    elapsed = time.perf_counter() - start
    if steps != actions:
        raise RuntimeError(f"{subject.name}: the same seeds gave different games")
    return elapsed


def measure_playouts(
    subject: Subject, budget: Budget, runs: int, seed: int
) -> tuple[Figure, Figure, dict[str, Any]]:
    """Decisions/s and games/s of random playouts, and the workload each run repeats."""
    seeds, actions = playout_workload(subject, budget, seed)
    decisions: list[float] = []
    games_per_s: list[float] = []
    for _ in range(runs):
        elapsed = playout_pass(subject, seeds, actions)
        decisions.append(actions / elapsed)
        games_per_s.append(len(seeds) / elapsed)
    workload = {
        "games_per_run": len(seeds),
        "actions_per_run": actions,
        "mean_game_length": actions / len(seeds),
    }
    return Figure("decisions_per_s", decisions), Figure("games_per_s", games_per_s), workload


def side_by_side(
    subjects: Sequence[Subject], reference: Subject, budget: Budget, rounds: int, seed: int
) -> dict[str, list[float]]:
    """Per game, its decisions/s over the reference's, taken pass by pass, interleaved.

    Each round times the reference, then each game followed by the reference again, and
    divides each game's rate by the mean of the reference's rates just before and after it;
    so a change of the machine's load between the games' own runs moves both sides of a ratio
    alike. Returns every round's ratio per game (the median is the figure).
    """
    work = {s.name: playout_workload(s, budget, seed) for s in (*subjects, reference)}

    def rate(subject: Subject) -> float:
        seeds, actions = work[subject.name]
        return actions / playout_pass(subject, seeds, actions)

    out: dict[str, list[float]] = {s.name: [] for s in subjects}
    for _ in range(rounds):
        before = rate(reference)
        for s in subjects:
            mine = rate(s)
            after = rate(reference)
            out[s.name].append(mine / ((before + after) / 2))
            before = after
    return out


def sample_states(subject: Subject, n: int, seed: int, per_game: int = 10) -> list[Any]:
    """``n`` states from the middle half of random games, ``per_game`` from each game."""
    seed_of = _seeds(seed, subject, "sample")
    states: list[Any] = []
    i = 0
    while len(states) < n:
        rng = random.Random(seed_of(i))
        i += 1
        actions = recorded_playout(subject, rng)
        lo, hi = len(actions) // 4, (3 * len(actions)) // 4
        if hi <= lo:
            continue
        picks = set(rng.sample(range(lo, hi), min(per_game, hi - lo, n - len(states))))
        state = subject.new_state()
        for k, action in enumerate(actions[:hi]):
            if k in picks:
                states.append(state.clone())
            state.apply_action(action)
    return states


def time_calls(states: Sequence[Any], method: str, calls: int) -> float:
    """Mean µs per call of ``state.<method>()`` over ``states``, ``calls`` times each."""
    total = 0.0
    perf = time.perf_counter
    for state in states:
        # A game that caches its legal moves per position offers the computation itself.
        fn = getattr(state, f"{method}_uncached", None) or getattr(state, method)
        start = perf()
        for _ in itertools.repeat(None, calls):
            fn()
        total += perf() - start
    return total / (len(states) * calls) * 1e6


def measure_calls(
    key: str, states: Sequence[Any], method: str, budget: Budget, runs: int
) -> Figure:
    """Per-call µs of ``method`` on ``states``, one value per run after a warm-up."""
    time_calls(states, method, max(1, budget.calls_per_state // 10))
    values = []
    for _ in range(runs):
        gc.collect()
        values.append(time_calls(states, method, budget.calls_per_state))
    return Figure(key, values)


def measure_mcts(
    subject: Subject, states: Sequence[Any], budget: Budget, runs: int, seed: int
) -> Figure | str:
    """MCTS iterations/s from one mid-game state, or a sentence saying why it was skipped.

    The agent's ``last_iterations``, where it reports one, is the count; else the budget asked.
    """
    if "mcts" not in AGENT_KINDS:
        return "MCTS skipped: alea.agents has no 'mcts' agent yet"
    n = budget.mcts_iterations
    try:
        agent = make("mcts", iterations=n, plans=0)  # step by step, as the figure always measured
    except ValueError as exc:
        return f"MCTS skipped: {exc}"
    root = next((s for s in states if s.current_player() >= 0 and len(s.legal_actions()) > 1), None)
    if root is None:
        return "MCTS skipped: no sampled state offers a choice"
    player = root.current_player()
    rng_seed = derive_seed(seed, f"{subject.name}/mcts")
    agent.act(root.clone(), player, random.Random(rng_seed))
    values = []
    for _ in range(runs):
        state = root.clone()
        gc.collect()
        start = time.perf_counter()
        agent.act(state, player, random.Random(rng_seed))
        elapsed = time.perf_counter() - start
        done = getattr(agent, "last_iterations", n)
        values.append((done if isinstance(done, int) and done > 0 else n) / elapsed)
    return Figure("mcts_iterations_per_s", values)


def bench_subject(subject: Subject, budget: Budget, runs: int, seed: int) -> Report:
    """Every figure of ``subject``, with its goals attached."""
    report = Report(subject=subject.name, reference=subject.reference)
    decisions, games_per_s, workload = measure_playouts(subject, budget, runs, seed)
    report.figures += [decisions, games_per_s]
    states = sample_states(subject, budget.states, seed)
    deciding = [s for s in states if s.current_player() >= 0]
    report.figures.append(measure_calls("clone_us", states, "clone", budget, runs))
    if deciding:
        report.figures.append(
            measure_calls("legal_actions_us", deciding, "legal_actions", budget, runs)
        )
    report.workload = {
        **workload,
        "states": len(states),
        "decision_states": len(deciding),
        "calls_per_state": budget.calls_per_state,
    }
    if subject.game is not None:
        mcts = measure_mcts(subject, states, budget, runs, seed)
        if isinstance(mcts, Figure):
            report.figures.append(mcts)
            report.workload["mcts_iterations"] = budget.mcts_iterations
        else:
            report.notes.append(mcts)
    for fig in report.figures:
        fig.target = TARGETS.get(subject.name, {}).get(fig.key)
    return report


# -- output -----------------------------------------------------------------------------------


def _number(x: float) -> str:
    if x >= 1000:
        return f"{x:,.0f}"
    if x >= 100:
        return f"{x:.1f}"
    return f"{x:.2f}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


_ROW: Final = "  {:<28} {:>12} {:>12} {:>12}   {}"


def format_report(report: Report) -> list[str]:
    """The lines of one subject's table."""
    w = report.workload
    head = report.subject + ("  [reference]" if report.reference else "")
    lines = [
        head,
        f"  per run: {_count(w['games_per_run'], 'random game')} "
        f"({w['actions_per_run']:,} actions, {w['mean_game_length']:.0f} a game)",
        f"  per call figure: {w['states']} mid-game states ({w['decision_states']} at decision "
        f"nodes), {w['calls_per_state']} calls on each",
        _ROW.format("figure", "min", "median", "max", "target"),
    ]
    for f in report.figures:
        goal = ""
        if f.target is not None:
            verdict = "met" if f.target.met(f.median) else "MISSED"
            goal = f"{f.target.text()}  {verdict}"
        lines.append(
            _ROW.format(
                f.label, _number(min(f.runs)), _number(f.median), _number(max(f.runs)), goal
            ).rstrip()
        )
    lines += [f"  note: {n}" for n in report.notes]
    return lines


RATIO_KEYS: Final = ("decisions_per_s", "games_per_s", "clone_us", "legal_actions_us")


def ratios(report: Report, reference: Report) -> dict[str, float]:
    """Median of each figure of ``report`` divided by the reference's median."""
    out = {}
    for key in RATIO_KEYS:
        mine, theirs = report.figure(key), reference.figure(key)
        if mine is not None and theirs is not None:
            out[key] = mine.median / theirs.median
    return out


def _ratio_line(name: str, ref: str, r: dict[str, float]) -> str:
    parts = [f"{LABELS[k]} ×{v:.2f}" for k, v in r.items()]
    return f"  {name} / {ref}: " + ", ".join(parts)


# -- command line -----------------------------------------------------------------------------


def _runs(text: str) -> int:
    n = int(text)
    if n < MIN_RUNS:
        raise argparse.ArgumentTypeError(f"at least {MIN_RUNS} runs, so the median means something")
    return n


def build_parser() -> argparse.ArgumentParser:
    """The ``alea bench`` argument parser."""
    parser = argparse.ArgumentParser(
        prog="alea bench",
        description="Measure random playouts, clone() and legal_actions() of each game "
        "(min / median / max over repeated runs in this process).",
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=games(),
        help="game to measure (repeat for several; default: every registered game)",
    )
    parser.add_argument("--quick", action="store_true", help="small budget, for a smoke test")
    parser.add_argument(
        "--runs", type=_runs, default=MIN_RUNS, help=f"timed runs per figure (at least {MIN_RUNS})"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of every playout and sample")
    parser.add_argument("--json", metavar="FILE", type=Path, help="also write the figures here")
    parser.add_argument(
        "--no-reference", action="store_true", help="skip the OpenSpiel reference line"
    )
    parser.add_argument(
        "--check", action="store_true", help="exit with status 1 if a figure misses its target"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks, print the table and optionally write JSON; return the exit status."""
    args = build_parser().parse_args(argv)
    budget = QUICK if args.quick else FULL
    names: list[str] = args.game or list(games())
    print(
        f"alea bench: {platform.python_implementation()} {platform.python_version()} "
        f"on {platform.machine() or 'unknown machine'}; "
        f"{'quick' if args.quick else 'full'} budget, {args.runs} timed runs per figure "
        "after a warm-up; the median is the figure"
    )
    reports: list[Report] = []
    for name in names:
        print()
        report = bench_subject(alea_subject(name), budget, args.runs, args.seed)
        reports.append(report)
        print("\n".join(format_report(report)), flush=True)

    reference: Report | None = None
    paired: dict[str, list[float]] = {}
    reference_note = ""
    if args.no_reference:
        reference_note = "reference line skipped (--no-reference)"
    else:
        ref = openspiel_subject()
        if isinstance(ref, str):
            reference_note = ref
        else:
            reference = bench_subject(ref, budget, args.runs, args.seed)
    print()
    if reference is None:
        print(f"reference: {reference_note}")
    else:
        print("\n".join(format_report(reference)))
        print("ratios of medians (above 1: more per second, or more µs per call):")
        for r in reports:
            print(_ratio_line(r.subject, reference.subject, ratios(r, reference)))
        if isinstance(ref, Subject):
            paired = side_by_side(
                [alea_subject(n) for n in names], ref, budget, args.runs, args.seed
            )
            print(
                "random playout decisions/s side by side (each game's pass between two of "
                f"{reference.subject}'s, {args.runs} rounds; min / median / max):"
            )
            for name, values in paired.items():
                lo, mid, hi = min(values), statistics.median(values), max(values)
                print(f"  {name}: ×{lo:.2f} / ×{mid:.2f} / ×{hi:.2f}")

    if args.json is not None:
        data = {
            "format": FORMAT,
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
            "quick": args.quick,
            "runs": args.runs,
            "seed": args.seed,
            "games": [r.to_json() for r in reports],
            "reference": None if reference is None else reference.to_json(),
            "reference_note": reference_note,
            "ratios": {}
            if reference is None
            else {r.subject: ratios(r, reference) for r in reports},
            "side_by_side": paired,
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")

    missed = [
        f"{r.subject} {f.label}"
        for r in reports
        for f in r.figures
        if f.target is not None and not f.target.met(f.median)
    ]
    if missed:
        print("targets missed: " + "; ".join(missed))
    return 1 if args.check and missed else 0
