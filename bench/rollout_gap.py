"""What a one-step look-ahead would add to the expert: ``python bench/rollout_gap.py GAME``.

The expert's tuned style (``alea.agents.levels.styled_bot``: what the expert plays, or searches
over where its game's file asks for the search) plays alone against the default bot
(``normal``), as in the ladder's measure. At some of its decisions (those with 2 to
``--max-actions`` legal moves, one in ``--every``), each legal move is valued by ``--playouts``
games played out from it: the style goes on in its seat and the default bot in the others,
and every playout starts from a fresh ``state.determinize(seat, rng)``, so nothing hidden from
the seat is read. The playouts of the moves share their seeds (the same redeal and the same
dice for every move), so the difference between two moves' values is measured pairwise.

The *gap* of a decision is the best move's value minus the value of the move the style chose:
what an exact one-step look-ahead over the style (a rollout policy, in the sense of policy
iteration) could gain there. Printed per kind of decision (the class of the style's move):
decisions probed, the mean gap, the largest, and how many decisions had a move better than the
style's by more than two standard errors of the paired difference. A mean gap near zero says a
search over the style has little to find at those decisions; the game's value is then decided
elsewhere (by the dice, or by decisions outside the probe).

    .venv/bin/python bench/rollout_gap.py triumvirate --seat 2 --games 6 --playouts 300
    .venv/bin/python bench/rollout_gap.py hotre --seat 0 --games 1 --playouts 20 --every 5
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass

import alea
from alea.agents import parse_spec
from alea.agents.levels import styled_bot
from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.rng import derive_seed, make_rng


@dataclass
class Probe:
    """One probed decision: the style's move's value and the best move's, paired."""

    kind: str
    moves: int
    style_value: float
    best_value: float
    best_se: float
    best: str

    @property
    def gap(self) -> float:
        """The best move's value minus the style's."""
        return self.best_value - self.style_value


def playout(state: State, agents: list[Agent], seed: int) -> list[float]:
    """Play ``state`` to its end with ``agents``, chance and agents drawing from ``seed``."""
    rng = make_rng(seed)
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(agents[player].act(state, player, rng))
    return state.returns()


def probe(
    state: State, seat: int, chosen: Action, agents: list[Agent], playouts: int, seed: int
) -> Probe:
    """Value every legal move of ``seat`` at ``state`` by paired playouts."""
    legal = state.legal_actions()
    redeals = [
        state.determinize(seat, make_rng(derive_seed(seed, f"redeal/{j}"))) for j in range(playouts)
    ]
    outcomes: dict[Action, list[float]] = {}
    for action in legal:
        results = []
        for j, redeal in enumerate(redeals):
            s = redeal.clone()
            s.apply_action(action)
            results.append(playout(s, agents, derive_seed(seed, f"playout/{j}"))[seat])
        outcomes[action] = results
    mine = outcomes[chosen]
    best = max(legal, key=lambda a: statistics.fmean(outcomes[a]))
    diffs = [x - y for x, y in zip(outcomes[best], mine, strict=True)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return Probe(
        type(chosen).__name__,
        len(legal),
        statistics.fmean(mine),
        statistics.fmean(outcomes[best]),
        se,
        str(best),
    )


def run(ns: argparse.Namespace) -> list[Probe]:
    """Play the games and probe the expert's decisions."""
    game = alea.load(ns.game)
    seats = [ns.seat] if ns.seat is not None else list(range(game.num_players))
    probes: list[Probe] = []
    for seat in seats:
        agents = [parse_spec("normal") for _ in range(game.num_players)]
        agents[seat] = styled_bot(game.name, seat)
        for g in range(ns.games):
            seed = derive_seed(ns.seed, f"gap/{seat}/{g}")
            rng = make_rng(seed)
            state = game.new_initial_state()
            asked = 0
            while not state.is_terminal():
                player = state.current_player()
                if player < 0:
                    state.apply_action(state.sample_chance(rng))
                    continue
                action = agents[player].act(state, player, rng)
                if player == seat and 2 <= len(state.legal_actions()) <= ns.max_actions:
                    asked += 1
                    if asked % ns.every == 0:
                        probes.append(
                            probe(
                                state,
                                seat,
                                action,
                                agents,
                                ns.playouts,
                                derive_seed(seed, f"probe/{asked}"),
                            )
                        )
                state.apply_action(action)
            print(f"  seat {seat}, game {g + 1}/{ns.games}: {len(probes)} decisions probed")
    return probes


def report(probes: list[Probe]) -> None:
    """Print the gaps per kind of decision, and the largest ones."""
    kinds: dict[str, list[Probe]] = defaultdict(list)
    for p in probes:
        kinds[p.kind].append(p)
    print(f"\n{'decision':<14} {'probed':>7} {'mean gap':>9} {'largest':>8} {'> 2 SE':>7}")
    for kind, ps in sorted(kinds.items()):
        gaps = [p.gap for p in ps]
        sure = sum(1 for p in ps if p.gap > 2 * p.best_se)
        print(f"{kind:<14} {len(ps):>7} {statistics.fmean(gaps):>9.3f} {max(gaps):>8.3f} {sure:>7}")
    gaps = [p.gap for p in probes]
    sure = sum(1 for p in probes if p.gap > 2 * p.best_se)
    print(
        f"{'all':<14} {len(probes):>7} {statistics.fmean(gaps):>9.3f} {max(gaps):>8.3f} {sure:>7}"
    )
    print("\nlargest gaps (the style's value -> the best move's, ± the pair's standard error):")
    for p in sorted(probes, key=lambda p: -p.gap)[:5]:
        print(
            f"  {p.kind:<10} {p.style_value:.3f} -> {p.best_value:.3f} ±{p.best_se:.3f}"
            f" of {p.moves} moves: {p.best}"
        )


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, probe and print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--seat", type=int, default=None, help="the expert's seat (default: each)")
    ap.add_argument("--games", type=int, default=2, help="games per seat")
    ap.add_argument("--playouts", type=int, default=100, help="playouts per legal move")
    ap.add_argument("--max-actions", type=int, default=8, help="most legal moves probed")
    ap.add_argument("--every", type=int, default=1, help="probe one such decision in this many")
    ap.add_argument("--seed", type=int, default=1)
    ns = ap.parse_args(argv)
    if ns.games < 1 or ns.playouts < 2 or ns.every < 1 or ns.max_actions < 2:
        ap.error("--games and --every must be at least 1, --playouts and --max-actions 2")
    start = time.perf_counter()
    probes = run(ns)
    if not probes:
        print("no decision was probed")
        return 1
    report(probes)
    print(f"\n{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
